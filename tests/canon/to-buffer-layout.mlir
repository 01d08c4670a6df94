// RUN: ir-canon -S %s | FileCheck %s
// to_buffer(to_tensor(m)) where a cast cannot do: MLIR allocates a new
// buffer of the to_buffer type and copies. A type whose layout has a `?`
// needs symbol operands an alloc is not given, so mlir-opt-22's canonicalize
// makes an alloc its own verifier refuses ('symbol operand count does not
// equal memref symbol count') and fails; here the pair stays as it is (the
// fuzzer's pipeline oracle found it: tests/fuzz/regress/pipetext/).

// CHECK-LABEL: func @dynamic_layout
//       CHECK:   %[[T:.*]] = bufferization.to_tensor %arg0
//       CHECK:   %[[B:.*]] = bufferization.to_buffer %[[T]] : tensor<4xf32> to memref<4xf32, strided<[?], offset: 2>>
//       CHECK:   return %[[B]]
func.func @dynamic_layout(%m: memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32, strided<[?], offset: 2>> {
  %t = bufferization.to_tensor %m : memref<4xf32, strided<[?], offset: ?>> to tensor<4xf32>
  %s = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32, strided<[?], offset: 2>>
  return %s : memref<4xf32, strided<[?], offset: 2>>
}

// A static layout: allocated and copied, as mlir-opt-22 does.
// CHECK-LABEL: func @static_layout
//       CHECK:   %[[A:.*]] = memref.alloc() : memref<4xf32>
//       CHECK:   memref.copy %arg0, %[[A]]
//       CHECK:   return %[[A]]
func.func @static_layout(%m: memref<4xf32, strided<[1], offset: ?>>) -> memref<4xf32> {
  %t = bufferization.to_tensor %m : memref<4xf32, strided<[1], offset: ?>> to tensor<4xf32>
  %s = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  return %s : memref<4xf32>
}
