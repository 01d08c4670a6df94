// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | ir-asm | ir-dis | FileCheck %s
// Less common forms: gpu host_shared and async chains, vector.print
// punctuation, affine.for with several iter_args, min/max bound maps.
func.func @g(%i: index) {
  gpu.wait
  %t = gpu.wait async
  %m, %t2 = gpu.alloc async [%t] host_shared (%i) : memref<?xf32>
  vector.print punctuation <comma>
  vector.print %i : index punctuation <no_punctuation>
  %x:2 = affine.for %j = 0 to 10 iter_args(%s = %i, %s2 = %i) -> (index, index) {
    affine.yield %s, %s2 : index, index
  }
  affine.for %j = -5 to 10 step 1 {
  }
  affine.for %j = max affine_map<(d0) -> (d0, 0)>(%i) to min affine_map<()[s0] -> (s0, 10)>()[%i] {
  }
  return
}

// CHECK: #map = affine_map<(d0) -> (d0, 0)>
// CHECK-NEXT: #map1 = affine_map<()[s0] -> (s0, 10)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @g(%arg0: index) {
// CHECK-NEXT: gpu.wait
// CHECK-NEXT: %0 = gpu.wait async
// CHECK-NEXT: %memref, %asyncToken = gpu.alloc async [%0] host_shared (%arg0) : memref<?xf32>
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: vector.print %arg0 : index punctuation <no_punctuation>
// CHECK-NEXT: %1:2 = affine.for %arg1 = 0 to 10 iter_args(%arg2 = %arg0, %arg3 = %arg0) -> (index, index) {
// CHECK-NEXT: affine.yield %arg2, %arg3 : index, index
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %arg1 = -5 to 10 {
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %arg1 = max #map(%arg0) to min #map1()[%arg0] {
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
