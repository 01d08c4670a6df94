// RUN: ir-asm --split-input-file %s | dd-lower --only | ir-dis | FileCheck %s
// MLIR's conversion driver folds the ops outside the dialects its target
// declares legal (memref, arith, scf, func) as it goes, so mlir-opt's
// -bufferization-lower-deallocations output has these folds done; ours too
// (lower_fold.c). CHECK lines: mlir-opt-22's output.

// to_buffer of a to_tensor of the same memref type is that memref (a
// different layout is not folded); the to_tensor stays, dead.
func.func @buffer_of_tensor_of_buffer(%m: memref<4xf32>, %p: i1) -> memref<4xf32> {
  %t = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  %b = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  %s = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32, strided<[1], offset: ?>>
  "test.read_buffer"(%s) : (memref<4xf32, strided<[1], offset: ?>>) -> ()
  bufferization.dealloc (%b : memref<4xf32>) if (%p)
  return %b : memref<4xf32>
}
// CHECK-LABEL: func.func @buffer_of_tensor_of_buffer(%arg0: memref<4xf32>, %arg1: i1) -> memref<4xf32> {
// CHECK-NEXT:   %0 = bufferization.to_tensor %arg0 : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT:   %1 = bufferization.to_buffer %0 : tensor<4xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT:   "test.read_buffer"(%1) : (memref<4xf32, strided<[1], offset: ?>>) -> ()
// CHECK-NEXT:   scf.if %arg1 {
// CHECK-NEXT:     memref.dealloc %arg0 : memref<4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return %arg0 : memref<4xf32>
// CHECK-NEXT: }

// -----

// to_tensor right after the to_buffer of the same tensor type is the tensor;
// with an op in between (which may write the buffer) it is not folded.
func.func @tensor_of_buffer(%t: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %b = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  %t1 = bufferization.to_tensor %b : memref<4xf32> to tensor<4xf32>
  %b2 = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32>
  "test.read_buffer"(%b2) : (memref<4xf32>) -> ()
  %t2 = bufferization.to_tensor %b2 : memref<4xf32> to tensor<4xf32>
  return %t1, %t2 : tensor<4xf32>, tensor<4xf32>
}
// CHECK-LABEL: func.func @tensor_of_buffer(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
// CHECK-NEXT:   %0 = bufferization.to_buffer %arg0 : tensor<4xf32> to memref<4xf32>
// CHECK-NEXT:   %1 = bufferization.to_buffer %arg0 : tensor<4xf32> to memref<4xf32>
// CHECK-NEXT:   "test.read_buffer"(%1) : (memref<4xf32>) -> ()
// CHECK-NEXT:   %2 = bufferization.to_tensor %1 : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT:   return %arg0, %2 : tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT: }

// -----

// A memref.cast of a ranked memref folds into the clone, linalg and affine
// ops that use it, not into memref ops (legal in the conversion, so never
// folded) nor when the cast's source is unranked.
func.func @casts_into_users(%m: memref<4xf32>, %u: memref<*xf32>, %f: f32, %i: index) -> (memref<?xf32>, memref<4xf32>, f32) {
  %c = memref.cast %m : memref<4xf32> to memref<?xf32>
  %cu = memref.cast %u : memref<*xf32> to memref<4xf32>
  %k = bufferization.clone %c : memref<?xf32> to memref<?xf32>
  %ku = bufferization.clone %cu : memref<4xf32> to memref<4xf32>
  linalg.fill ins(%f : f32) outs(%c : memref<?xf32>)
  %l = affine.load %c[%i] : memref<?xf32>
  %v = memref.load %c[%i] : memref<?xf32>
  return %k, %ku, %l : memref<?xf32>, memref<4xf32>, f32
}
// CHECK-LABEL: func.func @casts_into_users(%arg0: memref<4xf32>, %arg1: memref<*xf32>, %arg2: f32, %arg3: index) -> (memref<?xf32>, memref<4xf32>, f32) {
// CHECK-NEXT:   %cast = memref.cast %arg0 : memref<4xf32> to memref<?xf32>
// CHECK-NEXT:   %cast_0 = memref.cast %arg1 : memref<*xf32> to memref<4xf32>
// CHECK-NEXT:   %0 = bufferization.clone %arg0 : memref<4xf32> to memref<?xf32>
// CHECK-NEXT:   %1 = bufferization.clone %cast_0 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:   linalg.fill ins(%arg2 : f32) outs(%arg0 : memref<4xf32>)
// CHECK-NEXT:   %2 = affine.load %arg0[%arg3] : memref<4xf32>
// CHECK-NEXT:   %3 = memref.load %cast[%arg3] : memref<?xf32>
// CHECK-NEXT:   return %0, %1, %2 : memref<?xf32>, memref<4xf32>, f32
// CHECK-NEXT: }

// -----

// unrealized_conversion_cast: an identity cast, and a cast that undoes the
// one before it, fold away.
func.func @unrealized(%a: i32, %b: i64) -> (i32, i64, i32, i64) {
  %same = builtin.unrealized_conversion_cast %a : i32 to i32
  %x:2 = builtin.unrealized_conversion_cast %a, %b : i32, i64 to f32, f64
  %y:2 = builtin.unrealized_conversion_cast %x#0, %x#1 : f32, f64 to i32, i64
  %z = builtin.unrealized_conversion_cast %x#0 : f32 to i32
  return %same, %y#1, %z, %b : i32, i64, i32, i64
}
// CHECK-LABEL: func.func @unrealized(%arg0: i32, %arg1: i64) -> (i32, i64, i32, i64) {
// CHECK-NEXT:   %0:2 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, i64 to f32, f64
// CHECK-NEXT:   %1 = builtin.unrealized_conversion_cast %0#0 : f32 to i32
// CHECK-NEXT:   return %arg0, %arg1, %1, %arg1 : i32, i64, i32, i64
// CHECK-NEXT: }
