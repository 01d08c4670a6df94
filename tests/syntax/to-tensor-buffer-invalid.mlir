// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// bufferization.to_tensor takes a memref and gives a tensor, to_buffer the
// other way, of the same shape and element type (layout, memory space and
// encoding aside). None of it was checked here before, so the pipeline
// took a to_buffer from tensor<2xf32> to memref<0xf32>. A mismatch gets
// two errors, the reason and the rule, as in mlir-opt-22 (the second RUN
// line checks).

// The cases that verify.
func.func @fine(%m: memref<2xf32, strided<[4], offset: 3>>, %u: memref<*xf32>, %d: memref<?xf32, 1>) {
  %t = bufferization.to_tensor %m : memref<2xf32, strided<[4], offset: 3>> to tensor<2xf32>
  %v = bufferization.to_tensor %u : memref<*xf32> to tensor<*xf32>
  %e = bufferization.to_tensor %d : memref<?xf32, 1> to tensor<?xf32, "enc">
  %b = bufferization.to_buffer %e : tensor<?xf32, "enc"> to memref<?xf32, 3>
  return
}

// -----

func.func @to_tensor_of_memref_type(%m: memref<2xf32>) {
  // expected-error @+1 {{custom op 'bufferization.to_tensor' invalid kind of type specified}}
  %t = bufferization.to_tensor %m : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @to_buffer_of_memref(%m: memref<2xf32>) {
  // expected-error @+1 {{custom op 'bufferization.to_buffer' invalid kind of type specified}}
  %t = bufferization.to_buffer %m : memref<2xf32> to memref<2xf32>
  return
}

// -----

func.func @shapes(%t: tensor<2xf32>) {
  // expected-error @+2 {{shapes do not match}}
  // expected-error @+1 {{'bufferization.to_buffer' op failed to verify that specified tensor and buffer types match}}
  %m = bufferization.to_buffer %t read_only : tensor<2xf32> to memref<0xf32>
  return
}

// -----

// A dynamic size is not a static one.
func.func @dynamic_shape(%t: tensor<?xf32>) {
  // expected-error @+2 {{shapes do not match}}
  // expected-error @+1 {{'bufferization.to_buffer' op failed to verify that specified tensor and buffer types match}}
  %m = bufferization.to_buffer %t : tensor<?xf32> to memref<2xf32>
  return
}

// -----

func.func @unranked_to_ranked(%m: memref<*xf32>) {
  // expected-error @+2 {{shapes do not match}}
  // expected-error @+1 {{'bufferization.to_tensor' op failed to verify that specified tensor and buffer types match}}
  %t = bufferization.to_tensor %m : memref<*xf32> to tensor<2xf32>
  return
}

// -----

func.func @elements(%m: memref<2xf32>) {
  // expected-error @+2 {{element types do not match}}
  // expected-error @+1 {{'bufferization.to_tensor' op failed to verify that specified tensor and buffer types match}}
  %t = bufferization.to_tensor %m : memref<2xf32> to tensor<2xf64>
  return
}

// -----

func.func @generic_operand(%t: tensor<2xf32>) {
  // expected-error @+1 {{'bufferization.to_tensor' op operand #0 must be BufferLikeType instance, but got 'tensor<2xf32>'}}
  %u = "bufferization.to_tensor"(%t) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @generic_result(%t: tensor<2xf32>) {
  // expected-error @+1 {{'bufferization.to_buffer' op result #0 must be BufferLikeType instance, but got 'tensor<2xf32>'}}
  %u = "bufferization.to_buffer"(%t) : (tensor<2xf32>) -> tensor<2xf32>
  return
}
