// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | ir-asm | ir-dis | FileCheck %s
// Integer linalg.dot body, affine.if with operands and without else, affine
// maps over symbols, discardable attributes on the misc ops.
#map = affine_map<()[s0] -> (s0 * 2)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
func.func @m(%a: tensor<4xi32>, %b: tensor<4xi32>, %c: tensor<i32>, %i: index, %t: tensor<8x8xf32>, %w: !shape.witness, %mm: memref<4xf32>) -> tensor<i32> {
  %0 = linalg.dot {test.a} ins(%a, %b : tensor<4xi32>, tensor<4xi32>) outs(%c : tensor<i32>) -> tensor<i32>
  %1 = affine.apply #map()[%i]
  %2 = affine.if #set(%i)[%1] -> index {
    affine.yield %i : index
  } else {
    affine.yield %1 : index
  }
  affine.if #set(%i)[%1] {
    "test.foo"() : () -> ()
  }
  %s = tensor.extract_slice %t[%i, 0] [1, 4] [1, 2] : tensor<8x8xf32> to tensor<4xf32>
  %e = tensor.extract %t[%i, %2] {test.b} : tensor<8x8xf32>
  shape.assuming %w {
    "test.foo"() : () -> ()
    shape.assuming_yield
  }
  %g = gpu.alloc (%i) : memref<?xf32>
  affine.for %k = 0 to 4 {
    %x = affine.load %mm[%k] : memref<4xf32>
  } {test.c}
  vector.print %i : index {test.d}
  return %0 : tensor<i32>
}

// CHECK: #map = affine_map<()[s0] -> (s0 * 2)>
// CHECK-NEXT: #set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @m(%arg0: tensor<4xi32>, %arg1: tensor<4xi32>, %arg2: tensor<i32>, %arg3: index, %arg4: tensor<8x8xf32>, %arg5: !shape.witness, %arg6: memref<4xf32>) -> tensor<i32> {
// CHECK-NEXT: %0 = linalg.dot {test.a} ins(%arg0, %arg1 : tensor<4xi32>, tensor<4xi32>) outs(%arg2 : tensor<i32>) -> tensor<i32>
// CHECK-NEXT: %1 = affine.apply #map()[%arg3]
// CHECK-NEXT: %2 = affine.if #set(%arg3)[%1] -> index {
// CHECK-NEXT: affine.yield %arg3 : index
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.yield %1 : index
// CHECK-NEXT: }
// CHECK-NEXT: affine.if #set(%arg3)[%1] {
// CHECK-NEXT: "test.foo"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg4[%arg3, 0] [1, 4] [1, 2] : tensor<8x8xf32> to tensor<4xf32>
// CHECK-NEXT: %extracted = tensor.extract %arg4[%arg3, %2] {test.b} : tensor<8x8xf32>
// CHECK-NEXT: shape.assuming %arg5 {
// CHECK-NEXT: "test.foo"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: %memref = gpu.alloc  (%arg3) : memref<?xf32>
// CHECK-NEXT: affine.for %arg7 = 0 to 4 {
// CHECK-NEXT: %3 = affine.load %arg6[%arg7] : memref<4xf32>
// CHECK-NEXT: } {test.c}
// CHECK-NEXT: vector.print %arg3 : index {test.d}
// CHECK-NEXT: return %0 : tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: }
