// RUN: ir-asm --allow-unregistered-dialect --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// A generic op's properties that cannot be converted to their storage
// fail the parse at the op, as MLIR's setPropertiesFromAttr does: the
// rest of the chunk is not read, so the undefined names after each op
// below are not reported. The properties go by name, operandSegmentSizes
// last.

func.func @switch_values(%flag: i32, %a: i32) {
  // expected-error @+1 {{invalid properties {case_operand_segments = array<i32: 0>, case_values = dense<4.000000e+00> : vector<1xf32>, operandSegmentSizes = array<i64: 1, 1, 0>} for op cf.switch: Invalid attribute `case_values` in property conversion: dense<4.000000e+00> : vector<1xf32>}}
  "cf.switch"(%flag, %a) [^bb1, ^bb2] <{case_operand_segments = array<i32: 0>, case_values = dense<4.0> : vector<1xf32>, operandSegmentSizes = array<i64: 1, 1, 0>}> : (i32, i32) -> ()
^bb1(%x: i32):
  "test.use"(%undefined) : (i32) -> ()
  return
^bb2:
  return
}

// -----

func.func @switch_segments_first(%flag: i32, %a: i32) {
  // expected-error @+1 {{for op cf.switch: Invalid attribute `case_operand_segments` in property conversion: array<i64: 0>}}
  "cf.switch"(%flag, %a) [^bb1, ^bb2] <{case_operand_segments = array<i64: 0>, case_values = dense<4.0> : vector<1xf32>, operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> ()
^bb1(%x: i32):
  return
}

// -----

func.func @slice_offsets(%t: tensor<8xf32>) {
  // expected-error @+1 {{invalid properties {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = 0 : i64, static_sizes = array<i64: 4>, static_strides = array<i64: 1>} for op tensor.extract_slice: Invalid attribute `static_offsets` in property conversion: 0 : i64}}
  %0 = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = 0 : i64, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<8xf32>) -> tensor<4xf32>
  "test.use"(%undefined) : (i32) -> ()
}

// -----

// static_offsets is converted before operandSegmentSizes.
func.func @slice_before_segments(%m: memref<8xf32>) {
  // expected-error @+1 {{for op memref.subview: Invalid attribute `static_sizes` in property conversion: 3 : i64}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i64: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = 3, static_strides = array<i64: 1>}> : (memref<8xf32>) -> memref<3xf32, strided<[1]>>
  "test.use"(%undefined) : (i32) -> ()
}

// -----

func.func @segments(%m: memref<8xf32>) {
  // expected-error @+1 {{for op memref.subview: expected DenseI32ArrayAttr for key `value`}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i64: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 3>, static_strides = array<i64: 1>}> : (memref<8xf32>) -> memref<3xf32, strided<[1]>>
  "test.use"(%undefined) : (i32) -> ()
}
