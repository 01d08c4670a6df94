// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// operandSegmentSizes in the attribute dictionary that MLIR drops
// (segments-legacy.mlir): the op then has all segments empty, which its
// operands contradict. Among the properties the same value is an error of
// its own. Messages are mlir-opt-22's (the second RUN line checks).

func.func @i64_dropped(%n: index) -> tensor<?xf32> {
  // expected-error @+1 {{'bufferization.alloc_tensor' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %0 = "bufferization.alloc_tensor"(%n) {operand_segment_sizes = array<i64: 1, 0, 0>} : (index) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @short_dropped(%n: index) -> tensor<?xf32> {
  // expected-error @+1 {{'bufferization.alloc_tensor' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %0 = "bufferization.alloc_tensor"(%n) {operandSegmentSizes = array<i32: 1, 0>} : (index) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @dense_dropped(%n: index) -> tensor<?xf32> {
  // expected-error @+1 {{'bufferization.alloc_tensor' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %0 = "bufferization.alloc_tensor"(%n) {operandSegmentSizes = dense<[1, 0, 0]> : vector<3xi32>} : (index) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @property_i64() -> tensor<*xf32> {
  // expected-error @+1 {{invalid properties {operandSegmentSizes = array<i64: 0, 0, 0>} for op bufferization.alloc_tensor: expected DenseI32ArrayAttr for key `value`}}
  %0 = "bufferization.alloc_tensor"() <{operandSegmentSizes = array<i64: 0, 0, 0>}> : () -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
