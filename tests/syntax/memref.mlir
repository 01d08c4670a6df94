// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | ir-asm | ir-dis | FileCheck %s
// Custom syntax of the memref ops: ir-dis prints what mlir-opt-22 prints
// (CHECK lines made from mlir-opt-22's output), also after a trip through
// the generic form.
memref.global "private" constant @c4 : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
memref.global @g1 : memref<2xi32> = uninitialized
memref.global "private" @g2 : memref<2xi32> = dense<0> {alignment = 64}
memref.global @g3 : memref<2xi32>
memref.global constant @g4 : memref<i32> = dense<1> {alignment = 16 : i64, foo}
func.func @f(%arg0: memref<?xf32>, %d: index, %s: index, %m2: memref<?x?xf32>, %u: memref<*xf32>, %shape: memref<?xindex>, %b: memref<2048xi8>) {
  %0 = memref.alloc(%d)[%s] {alignment = 8} : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  %1 = memref.alloc() : memref<2xf32>
  %2 = memref.alloca(%d, %s) : memref<?x?xf32>
  %3 = memref.alloca() {alignment = 64 : i64} : memref<4xi8>
  %r = memref.realloc %arg0(%d) : memref<?xf32> to memref<?xf32>
  %r2 = memref.realloc %1 {alignment = 8} : memref<2xf32> to memref<4xf32>
  memref.dealloc %r2 : memref<4xf32>
  %l = memref.load %m2[%d, %s] : memref<?x?xf32>
  %l2 = memref.load %m2[%d, %s] {nontemporal = true} : memref<?x?xf32>
  memref.store %l, %m2[%d, %s] : memref<?x?xf32>
  memref.store %l, %m2[%d, %s] {nontemporal = false} : memref<?x?xf32>
  memref.copy %arg0, %r : memref<?xf32> to memref<?xf32>
  %sv = memref.subview %m2[%d, 2][4, %s][1, 1] : memref<?x?xf32> to memref<4x?xf32, strided<[?, 1], offset: ?>>
  %sv2 = memref.subview %1[0][1][1] : memref<2xf32> to memref<f32>
  %c = memref.cast %arg0 : memref<?xf32> to memref<4xf32>
  %c2 = memref.cast %arg0 : memref<?xf32> to memref<*xf32>
  %rc = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%d, 4], strides: [4, 1] : memref<?xf32> to memref<?x4xf32>
  %rc2 = memref.reinterpret_cast %u to offset: [%s], sizes: [10], strides: [1] : memref<*xf32> to memref<10xf32, strided<[1], offset: ?>>
  %v = memref.view %b[%d][%s] : memref<2048xi8> to memref<?x4xf32>
  %e = memref.expand_shape %arg0 [[0, 1]] output_shape [%d, 4] : memref<?xf32> into memref<?x4xf32>
  %e2 = memref.expand_shape %1 [[0, 1]] output_shape [1, 2] : memref<2xf32> into memref<1x2xf32>
  %cs = memref.collapse_shape %m2 [[0, 1]] : memref<?x?xf32> into memref<?xf32>
  %rs = memref.reshape %arg0(%shape) : (memref<?xf32>, memref<?xindex>) -> memref<*xf32>
  %bb, %off, %sz:2, %st:2 = memref.extract_strided_metadata %m2 : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
  %p = memref.extract_aligned_pointer_as_index %arg0 : memref<?xf32> -> index
  %dim = memref.dim %m2, %d : memref<?x?xf32>
  %rank = memref.rank %u : memref<*xf32>
  %gg = memref.get_global @c4 : memref<4xf32>
  %aa = memref.assume_alignment %arg0, 64 : memref<?xf32>
  memref.prefetch %m2[%d, %s], read, locality<1>, data : memref<?x?xf32>
  memref.prefetch %m2[%d, %s], write, locality<3>, instr : memref<?x?xf32>
  return
}

// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: module {
// CHECK-NEXT: memref.global "private" constant @c4 : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]>
// CHECK-NEXT: memref.global @g1 : memref<2xi32> = uninitialized
// CHECK-NEXT: memref.global "private" @g2 : memref<2xi32> = dense<0> {alignment = 64 : i64}
// CHECK-NEXT: memref.global @g3 : memref<2xi32>
// CHECK-NEXT: memref.global constant @g4 : memref<i32> = dense<1> {alignment = 16 : i64, foo}
// CHECK-NEXT: func.func @f(%arg0: memref<?xf32>, %arg1: index, %arg2: index, %arg3: memref<?x?xf32>, %arg4: memref<*xf32>, %arg5: memref<?xindex>, %arg6: memref<2048xi8>) {
// CHECK-NEXT: %alloc = memref.alloc(%arg1)[%arg2] {alignment = 8 : i64} : memref<?xf32, #map>
// CHECK-NEXT: %alloc_0 = memref.alloc() : memref<2xf32>
// CHECK-NEXT: %alloca = memref.alloca(%arg1, %arg2) : memref<?x?xf32>
// CHECK-NEXT: %alloca_1 = memref.alloca() {alignment = 64 : i64} : memref<4xi8>
// CHECK-NEXT: %0 = memref.realloc %arg0(%arg1) : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: %1 = memref.realloc %alloc_0 {alignment = 8 : i64} : memref<2xf32> to memref<4xf32>
// CHECK-NEXT: memref.dealloc %1 : memref<4xf32>
// CHECK-NEXT: %2 = memref.load %arg3[%arg1, %arg2] : memref<?x?xf32>
// CHECK-NEXT: %3 = memref.load %arg3[%arg1, %arg2] {nontemporal = true} : memref<?x?xf32>
// CHECK-NEXT: memref.store %2, %arg3[%arg1, %arg2] : memref<?x?xf32>
// CHECK-NEXT: memref.store %2, %arg3[%arg1, %arg2] : memref<?x?xf32>
// CHECK-NEXT: memref.copy %arg0, %0 : memref<?xf32> to memref<?xf32>
// CHECK-NEXT: %subview = memref.subview %arg3[%arg1, 2] [4, %arg2] [1, 1] : memref<?x?xf32> to memref<4x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: %subview_2 = memref.subview %alloc_0[0] [1] [1] : memref<2xf32> to memref<f32>
// CHECK-NEXT: %cast = memref.cast %arg0 : memref<?xf32> to memref<4xf32>
// CHECK-NEXT: %cast_3 = memref.cast %arg0 : memref<?xf32> to memref<*xf32>
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%arg1, 4], strides: [4, 1] : memref<?xf32> to memref<?x4xf32>
// CHECK-NEXT: %reinterpret_cast_4 = memref.reinterpret_cast %arg4 to offset: [%arg2], sizes: [10], strides: [1] : memref<*xf32> to memref<10xf32, strided<[1], offset: ?>>
// CHECK-NEXT: %view = memref.view %arg6[%arg1][%arg2] : memref<2048xi8> to memref<?x4xf32>
// CHECK-NEXT: %expand_shape = memref.expand_shape %arg0 {{\[\[}}0, 1]] output_shape [%arg1, 4] : memref<?xf32> into memref<?x4xf32>
// CHECK-NEXT: %expand_shape_5 = memref.expand_shape %alloc_0 {{\[\[}}0, 1]] output_shape [1, 2] : memref<2xf32> into memref<1x2xf32>
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %arg3 {{\[\[}}0, 1]] : memref<?x?xf32> into memref<?xf32>
// CHECK-NEXT: %reshape = memref.reshape %arg0(%arg5) : (memref<?xf32>, memref<?xindex>) -> memref<*xf32>
// CHECK-NEXT: %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg3 : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %intptr = memref.extract_aligned_pointer_as_index %arg0 : memref<?xf32> -> index
// CHECK-NEXT: %dim = memref.dim %arg3, %arg1 : memref<?x?xf32>
// CHECK-NEXT: %4 = memref.rank %arg4 : memref<*xf32>
// CHECK-NEXT: %5 = memref.get_global @c4 : memref<4xf32>
// CHECK-NEXT: %assume_align = memref.assume_alignment %arg0, 64 : memref<?xf32>
// CHECK-NEXT: memref.prefetch %arg3[%arg1, %arg2], read, locality<1>, data : memref<?x?xf32>
// CHECK-NEXT: memref.prefetch %arg3[%arg1, %arg2], write, locality<3>, instr : memref<?x?xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
