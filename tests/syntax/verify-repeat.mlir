// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// The verifier skips the hooks of memref.alloc/alloca/subview/
// reinterpret_cast and arith.constant for an op that equals, in everything
// such a hook reads
// (opcode, properties, attributes, operand and result types), an op whose
// hook passed earlier. These modules put a passing op before failing ops
// that differ from it in exactly one of those, and repeat failing ops, so a
// verdict carried over wrongly would lose an error. Only the first error
// of a function is reported (as mlir-opt-22 does), so each repeat is in a
// function of its own, in the same module: the verdicts carry over from
// one function to the next.

// Same result type, different properties (alignment).
func.func @props() {
  %0 = "memref.alloc"() <{alignment = 8 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  // expected-error @+1 {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %1 = "memref.alloc"() <{alignment = 3 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  return
}
func.func @props_again() {
  // expected-error @+1 {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %2 = "memref.alloc"() <{alignment = 3 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  %3 = "memref.alloc"() <{alignment = 8 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  return
}

// -----

// Same properties, different result type.
func.func @result_type(%i: index) {
  %0 = "memref.alloc"(%i) {operandSegmentSizes = array<i32: 1, 0>} : (index) -> memref<?xf32>
  // expected-error @+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %1 = "memref.alloc"(%i) {operandSegmentSizes = array<i32: 1, 0>} : (index) -> memref<4xf32>
  return
}
func.func @result_type_again(%i: index) {
  // expected-error @+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %2 = "memref.alloc"(%i) {operandSegmentSizes = array<i32: 1, 0>} : (index) -> memref<4xf32>
  return
}

// -----

// Same everything but the opcode: reinterpret_cast passes with one offset,
// subview does not.
func.func @opcode(%a: memref<8x8xf32>) {
  %0 = "memref.reinterpret_cast"(%a) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 8, 1>} : (memref<8x8xf32>) -> memref<4x4xf32, strided<[8, 1]>>
  // expected-error @+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %1 = "memref.subview"(%a) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 8, 1>} : (memref<8x8xf32>) -> memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

// Same properties and result type, different operand (source) type.
func.func @operand_type(%a: memref<8x8xf32>, %b: memref<8xf32>) {
  %0 = memref.subview %a[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  // expected-error @+1 {{expected 1 offset values, got 2}}
  %1 = "memref.subview"(%b) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>} : (memref<8xf32>) -> memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

// arith.constant: same value attribute, different result type.
func.func @constant() {
  %0 = "arith.constant"() {value = 1 : i32} : () -> i32
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %1 = "arith.constant"() {value = 1 : i32} : () -> i64
  return
}
func.func @constant_again() {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %2 = "arith.constant"() {value = 1 : i32} : () -> i64
  %3 = "arith.constant"() {value = 1 : i32} : () -> i32
  return
}
