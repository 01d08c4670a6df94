// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// The type rules ODS states for arith ops: what kind of element each
// operand and result has (signless integer or index, float, i1), casts
// that change the width the way their name says and keep the shape,
// comparisons giving i1 of their operands' shape, and vectors and tensors
// mapped only together. None of it was checked here before: `arith.addi`
// of floats went through the pipeline and out to mlir-opt, which refused
// it. Messages and their order are mlir-opt-22's (the second RUN line
// checks).

// The cases that verify.
func.func @fine(%i: i32, %n: index, %f: f32, %h: f16, %v: vector<2xi32>,
                %t: tensor<?xf32>, %m: memref<4xi32>, %c: vector<2xi1>) {
  %0 = arith.addi %n, %n : index
  %1 = arith.muli %v, %v : vector<2xi32>
  %2 = arith.addf %t, %t : tensor<?xf32>
  %3 = arith.extf %h : f16 to f32
  %4 = arith.truncf %f : f32 to bf16
  %5 = arith.index_cast %i : i32 to index
  %6 = arith.index_cast %m : memref<4xi32> to memref<4xindex>
  %7 = arith.sitofp %v : vector<2xi32> to vector<2xf32>
  %8 = arith.cmpi slt, %v, %v : vector<2xi32>
  %9 = arith.select %c, %v, %v : vector<2xi1>, vector<2xi32>
  %10 = arith.trunci %i : i32 to i1
  return
}

// -----

func.func @addi_of_floats(%f: f32) {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %f, %f : f32
  return
}

// -----

func.func @addf_of_integers(%i: i32) {
  // expected-error @+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.addf %i, %i : i32
  return
}

// -----

// Signed and unsigned integers are not arith's.
func.func @unsigned(%u: ui32) {
  // expected-error @+1 {{'arith.muli' op operand #0 must be signless-integer-like, but got 'ui32'}}
  %0 = "arith.muli"(%u, %u) : (ui32, ui32) -> ui32
  return
}

// -----

func.func @exp_of_integer(%i: i32) {
  // expected-error @+1 {{'math.exp' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.exp %i : i32
  return
}

// -----

func.func @result_kind(%i: i32) {
  // expected-error @+1 {{'arith.subi' op result #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.subi"(%i, %i) : (i32, i32) -> f32
  return
}

// -----

func.func @mixed_widths(%i: i32) {
  // expected-error @+1 {{'arith.subi' op requires the same type for all operands and results}}
  %0 = "arith.subi"(%i, %i) : (i32, i32) -> i64
  return
}

// -----

// A vector and a tensor of one shape and element are the same type to
// SameOperandsAndResultType, not to Elementwise.
func.func @vector_to_tensor(%v: vector<2xi32>) {
  // expected-error @+1 {{'arith.addi' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.addi"(%v, %v) : (vector<2xi32>, vector<2xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @scalable_and_fixed(%v: vector<2xf32>) {
  // expected-error @+1 {{'arith.negf' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.negf"(%v) : (vector<2xf32>) -> vector<[2]xf32>
  return
}

// -----

func.func @extf_narrows(%f: f32) {
  // expected-error @+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.extf %f : f32 to f16
  return
}

// -----

func.func @extsi_same_width(%i: i32) {
  // expected-error @+1 {{'arith.extsi' op operand type 'i32' and result type 'i32' are cast incompatible}}
  %0 = arith.extsi %i : i32 to i32
  return
}

// -----

func.func @trunci_widens(%i: i32) {
  // expected-error @+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.trunci %i : i32 to i64
  return
}

// -----

// index_cast goes between index and an integer, not between integers.
func.func @index_cast_int_to_int(%i: i32) {
  // expected-error @+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %i : i32 to i64
  return
}

// -----

func.func @index_castui_of_float(%f: f32) {
  // expected-error @+1 {{'arith.index_castui' op operand #0 must be signless-integer-like or memref of signless-integer, but got 'f32'}}
  %0 = arith.index_castui %f : f32 to index
  return
}

// -----

// Casts take no index (index_cast is for that).
func.func @extsi_of_index(%n: index) {
  // expected-error @+1 {{'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.extsi %n : index to i64
  return
}

// -----

func.func @sitofp_to_integer(%i: i32) {
  // expected-error @+1 {{'arith.sitofp' op result #0 must be floating-point-like, but got 'i64'}}
  %0 = arith.sitofp %i : i32 to i64
  return
}

// -----

func.func @fptosi_to_float(%f: f32) {
  // expected-error @+1 {{'arith.fptosi' op result #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = arith.fptosi %f : f32 to f32
  return
}

// -----

func.func @cast_vector_to_scalar(%v: vector<2xf32>) {
  // expected-error @+1 {{'arith.extf' op requires the same shape for all operands and results}}
  %0 = arith.extf %v : vector<2xf32> to f64
  return
}

// -----

// A tensor's dimensions must be the same, not only compatible.
func.func @cast_tensor_dims(%t: tensor<?xf32>) {
  // expected-error @+1 {{'arith.extf' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extf %t : tensor<?xf32> to tensor<2xf64>
  return
}

// -----

// A memref is no vector or tensor to Elementwise.
func.func @index_cast_vector_to_memref(%v: vector<2xi32>) {
  // expected-error @+1 {{'arith.index_cast' op if an operand is non-scalar, then there must be at least one non-scalar result}}
  %0 = "arith.index_cast"(%v) : (vector<2xi32>) -> memref<2xindex>
  return
}

// -----

// The custom form of a comparison checks the operand type as it parses.
func.func @cmpi_of_floats(%f: f32) {
  // expected-error @+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'}}
  %0 = arith.cmpi eq, %f, %f : f32
  return
}

// -----

func.func @cmpf_of_integers(%i: i32) {
  // expected-error @+1 {{custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'i32'}}
  %0 = arith.cmpf oeq, %i, %i : i32
  return
}

// -----

func.func @cmpi_scalar_result(%v: vector<2xi32>) {
  // expected-error @+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%v, %v) <{predicate = 0 : i64}> : (vector<2xi32>, vector<2xi32>) -> i1
  return
}

// -----

func.func @cmpi_result_kind(%i: i32) {
  // expected-error @+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %0 = "arith.cmpi"(%i, %i) <{predicate = 0 : i64}> : (i32, i32) -> i32
  return
}

// -----

func.func @cmpi_operand_types(%i: i32, %n: index) {
  // expected-error @+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %0 = "arith.cmpi"(%i, %n) <{predicate = 0 : i64}> : (i32, index) -> i1
  return
}

// -----

func.func @select_condition_kind(%i: i32, %f: f32) {
  // expected-error @+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %0 = arith.select %i, %f, %f : i32, f32
  return
}

// -----

func.func @select_condition_shape(%c: vector<2xi1>, %v: vector<3xi64>) {
  // expected-error @+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %c, %v, %v : vector<2xi1>, vector<3xi64>
  return
}
