// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | ir-asm | ir-dis | FileCheck %s
// Less common memref forms: symbols, 0-d memrefs, quoted symbols,
// discardable attributes.
#map = affine_map<(d0)[s0, s1] -> (d0 * s1 + s0)>
module {
  memref.global "nested" @"weird name" : memref<2xf32> = dense<[1.5, -2.0]>
  memref.global "private" constant @splat : memref<2x3xi8> = dense<7>
  func.func @f(%m0: memref<f32>, %m: memref<4x?xf32, strided<[?, 1], offset: ?>>, %i: index, %j: index, %u: memref<*xi8>, %v: f32) {
    %a = memref.alloca()[%i, %j] : memref<4xf32, #map>
    %b = memref.alloc(%i) {alignment = 16 : i64, test.x = "y"} : memref<?x4xf32, 3>
    %l0 = memref.load %m0[] : memref<f32>
    %l1 = memref.load %m[%i, %j] : memref<4x?xf32, strided<[?, 1], offset: ?>>
    memref.store %v, %m0[] {nontemporal = true} : memref<f32>
    %bb, %off = memref.extract_strided_metadata %m0 : memref<f32> -> memref<f32>, index
    %bb1, %off1, %sz1:2, %st1:2 = memref.extract_strided_metadata %m : memref<4x?xf32, strided<[?, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
    %sv = memref.subview %m[0, 0] [1, %i] [1, 1] : memref<4x?xf32, strided<[?, 1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
    %c = memref.cast %u : memref<*xi8> to memref<?xi8>
    %d = memref.dim {test.y} %m, %i : memref<4x?xf32, strided<[?, 1], offset: ?>>
    %g = memref.get_global @"weird name" : memref<2xf32>
    %aa = memref.assume_alignment %m0, 16 : memref<f32>
    memref.prefetch %m0[], write, locality<0>, data : memref<f32>
    memref.copy %m0, %m0 : memref<f32> to memref<f32>
    %r = memref.rank %m : memref<4x?xf32, strided<[?, 1], offset: ?>>
    %p = memref.extract_aligned_pointer_as_index %u : memref<*xi8> -> index
    %cs = memref.collapse_shape %b [[0, 1]] : memref<?x4xf32, 3> into memref<?xf32, 3>
    %es = memref.expand_shape %cs [[0, 1, 2]] output_shape [%i, 2, 2] : memref<?xf32, 3> into memref<?x2x2xf32, 3>
    memref.dealloc %b : memref<?x4xf32, 3>
    return
  }
}

// CHECK: #map = affine_map<(d0)[s0, s1] -> (d0 * s1 + s0)>
// CHECK-NEXT: module {
// CHECK-NEXT: memref.global "nested" @"weird name" : memref<2xf32> = dense<[1.500000e+00, -2.000000e+00]>
// CHECK-NEXT: memref.global "private" constant @splat : memref<2x3xi8> = dense<7>
// CHECK-NEXT: func.func @f(%arg0: memref<f32>, %arg1: memref<4x?xf32, strided<[?, 1], offset: ?>>, %arg2: index, %arg3: index, %arg4: memref<*xi8>, %arg5: f32) {
// CHECK-NEXT: %alloca = memref.alloca()[%arg2, %arg3] : memref<4xf32, #map>
// CHECK-NEXT: %alloc = memref.alloc(%arg2) {alignment = 16 : i64, test.x = "y"} : memref<?x4xf32, 3>
// CHECK-NEXT: %0 = memref.load %arg0[] : memref<f32>
// CHECK-NEXT: %1 = memref.load %arg1[%arg2, %arg3] : memref<4x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: memref.store %arg5, %arg0[] {nontemporal = true} : memref<f32>
// CHECK-NEXT: %base_buffer, %offset = memref.extract_strided_metadata %arg0 : memref<f32> -> memref<f32>, index
// CHECK-NEXT: %base_buffer_0, %offset_1, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg1 : memref<4x?xf32, strided<[?, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %subview = memref.subview %arg1[0, 0] [1, %arg2] [1, 1] : memref<4x?xf32, strided<[?, 1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %cast = memref.cast %arg4 : memref<*xi8> to memref<?xi8>
// CHECK-NEXT: %dim = memref.dim {test.y} %arg1, %arg2 : memref<4x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: %2 = memref.get_global @"weird name" : memref<2xf32>
// CHECK-NEXT: %assume_align = memref.assume_alignment %arg0, 16 : memref<f32>
// CHECK-NEXT: memref.prefetch %arg0[], write, locality<0>, data : memref<f32>
// CHECK-NEXT: memref.copy %arg0, %arg0 : memref<f32> to memref<f32>
// CHECK-NEXT: %3 = memref.rank %arg1 : memref<4x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: %intptr = memref.extract_aligned_pointer_as_index %arg4 : memref<*xi8> -> index
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %alloc {{\[\[}}0, 1]] : memref<?x4xf32, 3> into memref<?xf32, 3>
// CHECK-NEXT: %expand_shape = memref.expand_shape %collapse_shape {{\[\[}}0, 1, 2]] output_shape [%arg2, 2, 2] : memref<?xf32, 3> into memref<?x2x2xf32, 3>
// CHECK-NEXT: memref.dealloc %alloc : memref<?x4xf32, 3>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
