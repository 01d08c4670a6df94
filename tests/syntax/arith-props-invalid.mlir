// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: not ir-asm --split-input-file %s -o %t 2>&1 | FileCheck %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// The arith ops' properties in generic form: a comparison predicate is a
// signless integer naming a case (i64), a rounding mode likewise (i32),
// the flags are #arith.fastmath / #arith.overflow attributes and `exact`
// is a unit. MLIR converts them before anything else and refuses a value
// of another kind; it also parses the two flag attributes itself, so a
// flag it does not know is a syntax error, reported at the first flag and
// at the token after the bad one (the CHECK lines: mlir-opt-22's columns).

func.func @cmpi_string_predicate(%a: i32) {
  // expected-error @+1 {{invalid properties {predicate = "eq"} for op arith.cmpi: Invalid attribute `predicate` in property conversion: "eq"}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = "eq"}> : (i32, i32) -> i1
  return
}

// -----

func.func @cmpi_predicate_width(%a: i32) {
  // expected-error @+1 {{Invalid attribute `predicate` in property conversion: 2 : i32}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 2 : i32}> : (i32, i32) -> i1
  return
}

// -----

func.func @cmpi_predicate_range(%a: i32) {
  // expected-error @+1 {{Invalid attribute `predicate` in property conversion: 10 : i64}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 10 : i64}> : (i32, i32) -> i1
  return
}

// -----

// cmpf has sixteen predicates: 15 is `true`.
func.func @cmpf_predicate_range(%a: f32) {
  %0 = "arith.cmpf"(%a, %a) <{predicate = 15 : i64}> : (f32, f32) -> i1
  // expected-error @+1 {{Invalid attribute `predicate` in property conversion: 16 : i64}}
  %1 = "arith.cmpf"(%a, %a) <{predicate = 16 : i64}> : (f32, f32) -> i1
  return
}

// -----

// fastmath is converted before predicate.
func.func @cmpf_fastmath_first(%a: f32) {
  // expected-error @+1 {{invalid properties {fastmath = 1 : i64, predicate = "x"} for op arith.cmpf: Invalid attribute `fastmath` in property conversion: 1 : i64}}
  %0 = "arith.cmpf"(%a, %a) <{predicate = "x", fastmath = 1}> : (f32, f32) -> i1
  return
}

// -----

func.func @addf_overflow_flags(%a: f32) {
  // expected-error @+1 {{Invalid attribute `fastmath` in property conversion: #arith.overflow<nsw>}}
  %0 = "arith.addf"(%a, %a) <{fastmath = #arith.overflow<nsw>}> : (f32, f32) -> f32
  return
}

// -----

func.func @addi_fastmath_flags(%a: i32) {
  // expected-error @+1 {{Invalid attribute `overflowFlags` in property conversion: #arith.fastmath<nnan>}}
  %0 = "arith.addi"(%a, %a) <{overflowFlags = #arith.fastmath<nnan>}> : (i32, i32) -> i32
  return
}

// -----

func.func @trunci_integer_flags(%a: i64) {
  // expected-error @+1 {{Invalid attribute `overflowFlags` in property conversion: 1 : i64}}
  %0 = "arith.trunci"(%a) <{overflowFlags = 1}> : (i64) -> i32
  return
}

// -----

func.func @divsi_exact_not_unit(%a: i32) {
  // expected-error @+1 {{Invalid attribute `isExact` in property conversion: true}}
  %0 = "arith.divsi"(%a, %a) <{isExact = true}> : (i32, i32) -> i32
  return
}

// -----

func.func @truncf_rounding_range(%a: f64) {
  // expected-error @+1 {{Invalid attribute `roundingmode` in property conversion: 5 : i32}}
  %0 = "arith.truncf"(%a) <{roundingmode = 5 : i32}> : (f64) -> f32
  return
}

// -----

func.func @truncf_rounding_width(%a: f64) {
  // expected-error @+1 {{Invalid attribute `roundingmode` in property conversion: 4 : i64}}
  %0 = "arith.truncf"(%a) <{roundingmode = 4 : i64}> : (f64) -> f32
  return
}

// -----

func.func @extf_integer_fastmath(%a: f32) {
  // expected-error @+1 {{Invalid attribute `fastmath` in property conversion: 0 : i64}}
  %0 = "arith.extf"(%a) <{fastmath = 0}> : (f32) -> f64
  return
}

// -----

func.func @math_exp_integer_fastmath(%a: f32) {
  // expected-error @+1 {{Invalid attribute `fastmath` in property conversion: 2 : i64}}
  %0 = "math.exp"(%a) <{fastmath = 2}> : (f32) -> f32
  return
}

// -----

func.func @fastmath_unknown_flag(%a: f32) {
  // CHECK: arith-props-invalid.mlir:[[@LINE+4]]:58: error: expected ::mlir::arith::FastMathFlags
  // CHECK: arith-props-invalid.mlir:[[@LINE+3]]:68: error: failed to parse Arith_FastMathAttr
  // expected-error @+2 {{expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  // expected-error @+1 {{failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`}}
  %0 = "arith.addf"(%a, %a) <{fastmath = #arith.fastmath<nnan,quick>}> : (f32, f32) -> f32
  return
}

// -----

func.func @fastmath_empty(%a: f32) {
  // CHECK: arith-props-invalid.mlir:[[@LINE+4]]:58: error: expected valid keyword or string
  // CHECK: arith-props-invalid.mlir:[[@LINE+3]]:58: error: failed to parse Arith_FastMathAttr
  // expected-error @+2 {{expected valid keyword or string}}
  // expected-error @+1 {{failed to parse Arith_FastMathAttr parameter 'value'}}
  %0 = "arith.addf"(%a, %a) <{fastmath = #arith.fastmath<>}> : (f32, f32) -> f32
  return
}

// -----

func.func @fastmath_bar_separator(%a: f32) {
  // CHECK: arith-props-invalid.mlir:[[@LINE+2]]:62: error: expected '>'
  // expected-error @+1 {{expected '>'}}
  %0 = "arith.addf"(%a, %a) <{fastmath = #arith.fastmath<nnan|ninf>}> : (f32, f32) -> f32
  return
}

// -----

func.func @overflow_unknown_flag(%a: i32) {
  // CHECK: arith-props-invalid.mlir:[[@LINE+4]]:63: error: expected ::mlir::arith::IntegerOverflowFlags
  // CHECK: arith-props-invalid.mlir:[[@LINE+3]]:72: error: failed to parse Arith_IntegerOverflowAttr
  // expected-error @+2 {{expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw}}
  // expected-error @+1 {{failed to parse Arith_IntegerOverflowAttr parameter 'value' which is to be a `::mlir::arith::IntegerOverflowFlags`}}
  %0 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<nuw, wrap>}> : (i32, i32) -> i32
  return
}

// -----

func.func @overflow_no_body(%a: i32) {
  // CHECK: arith-props-invalid.mlir:[[@LINE+2]]:62: error: expected '<'
  // expected-error @+1 {{expected '<'}}
  %0 = "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow}> : (i32, i32) -> i32
  return
}
