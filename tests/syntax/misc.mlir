// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | ir-asm | ir-dis | FileCheck %s
// Custom syntax of linalg, tensor, shape, gpu, affine and vector ops (CHECK
// lines made from mlir-opt-22's output).
#map0 = affine_map<(d0, d1)[s0] -> ((d1 - d0) ceildiv s0)>
#set = affine_set<() : (0 >= 0)>
func.func @m(%f: f32, %m: memref<5xf32>, %m2: memref<?x?xf32>, %t: tensor<f32>, %a: tensor<2xf32>, %b: tensor<2xf32>, %tv: tensor<?xf32>, %i: index, %w: !shape.witness, %big: tensor<64xf32>, %t4: tensor<2x?x?x?xf32>, %t2: tensor<?x2xf32>) {
  linalg.fill ins(%f : f32) outs(%m : memref<5xf32>)
  %0 = linalg.fill ins(%f : f32) outs(%t : tensor<f32>) -> tensor<f32>
  linalg.ceil ins(%m2 : memref<?x?xf32>) outs(%m2 : memref<?x?xf32>)
  %16 = linalg.dot ins(%a, %b : tensor<2xf32>, tensor<2xf32>) outs(%t : tensor<f32>) -> tensor<f32>
  %c = tensor.cast %tv : tensor<?xf32> to tensor<*xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %tv, %c0 : tensor<?xf32>
  %e = tensor.extract %tv[%i] : tensor<?xf32>
  %ins = tensor.insert %f into %tv[%i] : tensor<?xf32>
  %sl = tensor.extract_slice %big[%i] [2] [1] : tensor<64xf32> to tensor<2xf32>
  %is = tensor.insert_slice %sl into %t2[%i, 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<?x2xf32>
  %cs = tensor.collapse_shape %t4 [[0], [1, 2], [3]]: tensor<2x?x?x?xf32> into tensor<2x?x?xf32>
  %p = tensor.pad %sl low[%c0] high[%c0]  {
  ^bb0(%x: index):
    tensor.yield %f : f32
  } : tensor<2xf32> to tensor<?xf32>
  %p2 = tensor.pad %sl nofold low[1] high[%i]  {
  ^bb0(%x: index):
    tensor.yield %f : f32
  } : tensor<2xf32> to tensor<?xf32>
  %as = shape.assuming %w -> memref<5xf32> {
    shape.assuming_yield %m : memref<5xf32>
  }
  shape.assuming %w {
  }
  %ga = gpu.alloc() : memref<f32>
  %ga2 = gpu.alloc(%i) : memref<?xf32>
  %tok = gpu.wait async
  %ga3, %tk3 = gpu.alloc async [%tok] (%i) : memref<?xf32>
  %ga4 = gpu.alloc host_shared () : memref<f32>
  %tk4 = gpu.dealloc async [%tok, %tk3] %ga3 : memref<?xf32>
  %tk5 = gpu.dealloc async [] %ga : memref<f32>
  gpu.dealloc %ga2 : memref<?xf32>
  gpu.wait [%tok]
  %tk6 = gpu.wait async [%tok, %tk3]
  %1 = affine.apply #map0(%c0, %i)[%i]
  %r = affine.for %j = 0 to 10 step 2 iter_args(%s = %f) -> f32 {
    %x = affine.load %m[%j] : memref<5xf32>
    %y = arith.addf %s, %x : f32
    affine.yield %y : f32
  }
  affine.for %j = max #map0(%c0, %i)[%i] to min #map0(%i, %c0)[%i] step 3 {
    %x = affine.load %m[%j] : memref<5xf32>
  }
  affine.for %j = 0 to %i {
  }
  %af = affine.if #set() -> memref<5xf32> {
    affine.yield %m : memref<5xf32>
  } else {
    affine.yield %m : memref<5xf32>
  }
  affine.if #set() {
  }
  vector.print %f : f32
  vector.print str "hi"
  %vs = vector.vscale
  return
}

// CHECK: #map = affine_map<(d0, d1)[s0] -> ((d1 - d0) ceildiv s0)>
// CHECK-NEXT: #set = affine_set<() : (0 >= 0)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @m(%arg0: f32, %arg1: memref<5xf32>, %arg2: memref<?x?xf32>, %arg3: tensor<f32>, %arg4: tensor<2xf32>, %arg5: tensor<2xf32>, %arg6: tensor<?xf32>, %arg7: index, %arg8: !shape.witness, %arg9: tensor<64xf32>, %arg10: tensor<2x?x?x?xf32>, %arg11: tensor<?x2xf32>) {
// CHECK-NEXT: linalg.fill ins(%arg0 : f32) outs(%arg1 : memref<5xf32>)
// CHECK-NEXT: %0 = linalg.fill ins(%arg0 : f32) outs(%arg3 : tensor<f32>) -> tensor<f32>
// CHECK-NEXT: linalg.ceil ins(%arg2 : memref<?x?xf32>) outs(%arg2 : memref<?x?xf32>)
// CHECK-NEXT: %1 = linalg.dot ins(%arg4, %arg5 : tensor<2xf32>, tensor<2xf32>) outs(%arg3 : tensor<f32>) -> tensor<f32>
// CHECK-NEXT: %cast = tensor.cast %arg6 : tensor<?xf32> to tensor<*xf32>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = tensor.dim %arg6, %c0 : tensor<?xf32>
// CHECK-NEXT: %extracted = tensor.extract %arg6[%arg7] : tensor<?xf32>
// CHECK-NEXT: %inserted = tensor.insert %arg0 into %arg6[%arg7] : tensor<?xf32>
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg9[%arg7] [2] [1] : tensor<64xf32> to tensor<2xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %extracted_slice into %arg11[%arg7, 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<?x2xf32>
// CHECK-NEXT: %collapsed = tensor.collapse_shape %arg10 {{\[\[}}0], [1, 2], [3]] : tensor<2x?x?x?xf32> into tensor<2x?x?xf32>
// CHECK-NEXT: %padded = tensor.pad %extracted_slice low[%c0] high[%c0] {
// CHECK-NEXT: ^bb0(%arg12: index):
// CHECK-NEXT: tensor.yield %arg0 : f32
// CHECK-NEXT: } : tensor<2xf32> to tensor<?xf32>
// CHECK-NEXT: %padded_0 = tensor.pad %extracted_slice nofold low[1] high[%arg7] {
// CHECK-NEXT: ^bb0(%arg12: index):
// CHECK-NEXT: tensor.yield %arg0 : f32
// CHECK-NEXT: } : tensor<2xf32> to tensor<?xf32>
// CHECK-NEXT: %2 = shape.assuming %arg8 -> (memref<5xf32>) {
// CHECK-NEXT: shape.assuming_yield %arg1 : memref<5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: shape.assuming %arg8 {
// CHECK-NEXT: }
// CHECK-NEXT: %memref = gpu.alloc  () : memref<f32>
// CHECK-NEXT: %memref_1 = gpu.alloc  (%arg7) : memref<?xf32>
// CHECK-NEXT: %3 = gpu.wait async
// CHECK-NEXT: %memref_2, %asyncToken = gpu.alloc async [%3] (%arg7) : memref<?xf32>
// CHECK-NEXT: %memref_3 = gpu.alloc  host_shared () : memref<f32>
// CHECK-NEXT: %4 = gpu.dealloc async [%3, %asyncToken] %memref_2 : memref<?xf32>
// CHECK-NEXT: %5 = gpu.dealloc async %memref : memref<f32>
// CHECK-NEXT: gpu.dealloc  %memref_1 : memref<?xf32>
// CHECK-NEXT: gpu.wait [%3]
// CHECK-NEXT: %6 = gpu.wait async [%3, %asyncToken]
// CHECK-NEXT: %7 = affine.apply #map(%c0, %arg7)[%arg7]
// CHECK-NEXT: %8 = affine.for %arg12 = 0 to 10 step 2 iter_args(%arg13 = %arg0) -> (f32) {
// CHECK-NEXT: %10 = affine.load %arg1[%arg12] : memref<5xf32>
// CHECK-NEXT: %11 = arith.addf %arg13, %10 : f32
// CHECK-NEXT: affine.yield %11 : f32
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %arg12 = #map(%c0, %arg7)[%arg7] to #map(%arg7, %c0)[%arg7] step 3 {
// CHECK-NEXT: %10 = affine.load %arg1[%arg12] : memref<5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %arg12 = 0 to %arg7 {
// CHECK-NEXT: }
// CHECK-NEXT: %9 = affine.if #set() -> memref<5xf32> {
// CHECK-NEXT: affine.yield %arg1 : memref<5xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.yield %arg1 : memref<5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: affine.if #set() {
// CHECK-NEXT: }
// CHECK-NEXT: vector.print %arg0 : f32
// CHECK-NEXT: vector.print str "hi"
// CHECK-NEXT: %vscale = vector.vscale
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
