// RUN: ir-asm --allow-unregistered-dialect --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// bufferization.alloc_tensor's result must be a tensor (ODS AnyTensor,
// checked after the operands); its verifier once skipped every check when
// it was not, and the custom form then printed text that does not parse
// (found by fuzz-parse: a result of type !ensor<?xf32>). Messages are
// mlir-opt-22's (the second RUN line).

func.func @memref_result() {
  // expected-error @+1 {{'bufferization.alloc_tensor' op result #0 must be tensor of any type values, but got 'memref<2xf32>'}}
  %0 = "bufferization.alloc_tensor"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> memref<2xf32>
  return
}

// -----

func.func @dialect_result(%n: index) {
  // expected-error @+1 {{'bufferization.alloc_tensor' op result #0 must be tensor of any type values, but got '!u.t<?xf32>'}}
  %0 = "bufferization.alloc_tensor"(%n) {operandSegmentSizes = array<i32: 1, 0, 0>} : (index) -> !u.t<?xf32>
  return
}

// -----

func.func @operands_first(%n: i32) {
  // expected-error @+1 {{'bufferization.alloc_tensor' op operand #0 must be variadic of index, but got 'i32'}}
  %0 = "bufferization.alloc_tensor"(%n) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> i64
  return
}

// -----

func.func @dynamic_sizes() {
  // expected-error @+1 {{'bufferization.alloc_tensor' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = bufferization.alloc_tensor() : tensor<?xf32>
  return
}

// -----

func.func @unranked() -> tensor<*xf32> {
  %0 = "bufferization.alloc_tensor"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
