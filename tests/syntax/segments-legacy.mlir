// RUN: ir-asm --split-input-file %s | ir-dis | FileCheck %s
// RUN: mlir-opt --split-input-file %s | FileCheck %s
// REQUIRES: mlir-opt
// operandSegmentSizes as MLIR before LLVM 18 spelled it
// (operand_segment_sizes), in the attribute dictionary where generic
// printers of that time put it, or among the properties: mlir-opt-22 takes
// both, so old IR reads. In the attribute dictionary a value that is not a
// dense i32 array of the op's segment count is dropped (MLIR's
// setInherentAttr), and of two good ones the old name's wins.

// CHECK-LABEL: func.func @old_name
// CHECK: bufferization.alloc_tensor(%arg0) : tensor<?xf32>
func.func @old_name(%n: index) -> tensor<?xf32> {
  %0 = "bufferization.alloc_tensor"(%n) {operand_segment_sizes = array<i32: 1, 0, 0>} : (index) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @old_name_property
// CHECK: bufferization.alloc_tensor(%arg0) : tensor<?xf32>
func.func @old_name_property(%n: index) -> tensor<?xf32> {
  %0 = "bufferization.alloc_tensor"(%n) <{operand_segment_sizes = array<i32: 1, 0, 0>}> : (index) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @old_name_wins
// CHECK: bufferization.alloc_tensor(%arg0) : tensor<?xf32>
func.func @old_name_wins(%n: index) -> tensor<?xf32> {
  %0 = "bufferization.alloc_tensor"(%n) {operandSegmentSizes = array<i32: 0, 0, 0>, operand_segment_sizes = array<i32: 1, 0, 0>} : (index) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// An i64 array is dropped: all segments empty, right for no operands.
// CHECK-LABEL: func.func @dropped
// CHECK: bufferization.alloc_tensor() : tensor<*xf32>
func.func @dropped() -> tensor<*xf32> {
  %0 = "bufferization.alloc_tensor"() {operandSegmentSizes = array<i64: 1, 0, 0>} : () -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// A custom form's dictionary loses it too: the syntax gives the segments.
// CHECK-LABEL: func.func @custom
// CHECK: bufferization.alloc_tensor(%arg0) : tensor<?xf32>
func.func @custom(%n: index) -> tensor<?xf32> {
  %0 = bufferization.alloc_tensor(%n) {operand_segment_sizes = array<i32: 1, 0>} : tensor<?xf32>
  return %0 : tensor<?xf32>
}
