// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// The slice ops' fixed operands come first in ODS's counts: a subview,
// reinterpret_cast or extract_slice needs at least its source, an
// insert_slice its source and destination, before any operand group is
// looked at.

func.func @subview_none() {
  // expected-error @+1 {{'memref.subview' op expected 1 or more operands, but found 0}}
  %0 = "memref.subview"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : () -> memref<4xf32, strided<[1]>>
  return
}

// -----

func.func @insert_slice_one(%s: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.insert_slice' op expected 2 or more operands, but found 1}}
  %0 = "tensor.insert_slice"(%s) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<4xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @extract_slice_none() {
  // expected-error @+1 {{'tensor.extract_slice' op expected 1 or more operands, but found 0}}
  %0 = "tensor.extract_slice"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : () -> tensor<4xf32>
  return
}

// -----

func.func @reinterpret_cast_none() {
  // expected-error @+1 {{'memref.reinterpret_cast' op expected 1 or more operands, but found 0}}
  %0 = "memref.reinterpret_cast"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : () -> memref<4xf32, strided<[1]>>
  return
}
