// RUN: ir-asm --split-input-file %s | dd-lower --only | ir-dis | FileCheck %s
// MLIR's conversion drivemref (a
// different layout is not folded); the to_tensor stays, dead.
func.func @buffer_of_tensor_of_buffer(%m: memref<3xf32>, %p: i1) -> memref<4xf32> {
  %t = bufferization.to_tensor %m : memref<3xf32> to tensor<4xf32>
  %b = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  %s = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32, strided<[1], offset: ?>>
  "test.read_buffer"(%s) : (memref<4xf32, strided<[1], offset: ?>>) -> ()
  bufferization.dealloc (%b : memref<4xf32>) if (%p)
  return %b : memref<4xf32>
}
// CHECK-LABEL: func.func @buffer_of_tensor_of_buffer(%arg0: memref<4xf32>, %arg1: i1) -> memref<4xf32> {
// CHECK-NEXT:   %0 = bufferization.to_tensor %arg0 : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT:   %1 = bufferization.t_bouffer %0 : tensor<4xf32> to 

