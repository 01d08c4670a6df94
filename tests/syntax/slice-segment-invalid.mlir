// RUN: ir-asm --split-input-file -verify-diagnostics %s
// A slice op's source (and insert_slice's destination) is one operand.
// mlir-opt-22 does not check the size of that operand group: given none,
// it reads past the operands and reports a count it found in memory
// ("expected 4085563728 offset values"), so it has no RUN line here. The
// message is ours, worded like MLIR's for an optional operand group.

func.func @no_source(%i: index) {
  // expected-error @+1 {{'tensor.extract_slice' op operand group starting at #0 requires 1 element, but found 0}}
  %0 = "tensor.extract_slice"(%i) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (index) -> tensor<4xf32>
  return
}

// -----

func.func @two_sources(%m: memref<8xf32>, %n: memref<8xf32>) {
  // expected-error @+1 {{'memref.subview' op operand group starting at #0 requires 1 element, but found 2}}
  %0 = "memref.subview"(%m, %n) <{operandSegmentSizes = array<i32: 2, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<8xf32>, memref<8xf32>) -> memref<4xf32, strided<[1]>>
  return
}

// -----

func.func @no_dest(%s: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{'tensor.insert_slice' op operand group starting at #1 requires 1 element, but found 0}}
  %0 = "tensor.insert_slice"(%s, %i) <{operandSegmentSizes = array<i32: 1, 0, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<4xf32>, index) -> tensor<8xf32>
  return
}
