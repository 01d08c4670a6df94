// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// cf.switch switches on an integer (ODS AnyInteger, parsed as IntegerType):
// an index or float flag is rejected by the custom parser and by the
// verifier; the case values must have the flag's type, one per case. Each
// message is mlir-opt-22's wording (the second RUN line checks that).

func.func @index_flag(%flag: index, %a: i32) {
  // expected-error @+1 {{custom op 'cf.switch' invalid kind of type specified: expected builtin.integer, but found 'index'}}
  cf.switch %flag : index, [
    default: ^bb1(%a : i32),
    42: ^bb2
  ]
^bb1(%x: i32):
  return
^bb2:
  return
}

// -----

func.func @float_flag(%flag: f32, %a: i32) {
  // expected-error @+1 {{custom op 'cf.switch' invalid kind of type specified: expected builtin.integer, but found 'f32'}}
  cf.switch %flag : f32, [
    default: ^bb1(%a : i32)
  ]
^bb1(%x: i32):
  return
}

// -----

func.func @generic_index_flag(%flag: index, %a: i32) {
  // expected-error @+1 {{'cf.switch' op operand #0 must be integer, but got 'index'}}
  "cf.switch"(%flag, %a) [^bb1, ^bb2] <{case_operand_segments = array<i32: 0>, case_values = dense<42> : vector<1xindex>, operandSegmentSizes = array<i32: 1, 1, 0>}> : (index, i32) -> ()
^bb1(%x: i32):
  return
^bb2:
  return
}

// -----

func.func @case_type(%flag: i32, %a: i32) {
  // expected-error @+1 {{'cf.switch' op 'flag' type ('i32') should match case value type ('i64')}}
  "cf.switch"(%flag, %a) [^bb1, ^bb2] <{case_operand_segments = array<i32: 0>, case_values = dense<42> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> ()
^bb1(%x: i32):
  return
^bb2:
  return
}

// -----

func.func @case_count(%flag: i32, %a: i32) {
  // expected-error @+1 {{'cf.switch' op number of case values (2) should match number of case destinations (1)}}
  "cf.switch"(%flag, %a) [^bb1, ^bb2] <{case_operand_segments = array<i32: 0>, case_values = dense<42> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> ()
^bb1(%x: i32):
  return
^bb2:
  return
}

// -----

// A splat over more elements than an int64_t counts: the count wraps, as
// mlir-opt-22's does (it overflowed a signed multiply here).
func.func @case_count_wraps(%flag: i32) {
  // expected-error @+1 {{'cf.switch' op number of case values (1864711849423024129) should match number of case destinations (0)}}
  "cf.switch"(%flag) [^bb1] <{case_operand_segments = array<i32>, case_values = dense<1> : vector<99999999999x99999999999xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @float_cases(%flag: i32, %a: i32) {
  // expected-error @+1 {{invalid properties {case_operand_segments = array<i32: 0>, case_values = dense<4.000000e+00> : vector<1xf32>, operandSegmentSizes = array<i32: 1, 1, 0>} for op cf.switch: Invalid attribute `case_values` in property conversion: dense<4.000000e+00> : vector<1xf32>}}
  "cf.switch"(%flag, %a) [^bb1, ^bb2] <{case_operand_segments = array<i32: 0>, case_values = dense<4.0> : vector<1xf32>, operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> ()
^bb1(%x: i32):
  return
^bb2:
  return
}

// -----

// No case values and no cases is a valid switch.
func.func @no_cases(%flag: i32, %a: i32) {
  "cf.switch"(%flag, %a) [^bb1] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> ()
^bb1(%x: i32):
  return
}
