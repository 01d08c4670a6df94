// RUN: dd-realloc -S --split-input-file %s | FileCheck %s
// RUN: dd-realloc -S --split-input-file --emit-deallocs=false %s | FileCheck %s --check-prefix=KEEP
// RUN: dd-realloc -S --split-input-file %s | mlir-opt-22 --split-input-file > /dev/null
// REQUIRES: mlir-opt
// dd-realloc expands memref.realloc the way mlir-opt's -expand-realloc does:
// a size test, then either alloc + copy (+ free of the old buffer) or a
// reinterpret_cast of the old buffer.

// Growing a dynamic buffer to a dynamic size: the old size comes from
// memref.dim, the new one is the realloc operand.
func.func @grow_dynamic(%n: index, %m: index, %v: f32) -> memref<?xi8> {
  %buf = memref.alloc(%n) : memref<?xi8>
  %big = memref.realloc %buf(%m) : memref<?xi8> to memref<?xi8>
  return %big : memref<?xi8>
}
// CHECK-LABEL: func.func @grow_dynamic
//  CHECK-SAME: (%[[N:.*]]: index, %[[M:.*]]: index, %{{.*}}: f32)
//       CHECK: %[[OLD:.*]] = memref.alloc(%[[N]]) : memref<?xi8>
//  CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : index
//  CHECK-NEXT: %[[SIZE:.*]] = memref.dim %[[OLD]], %[[ZERO]] : memref<?xi8>
//  CHECK-NEXT: %[[GROW:.*]] = arith.cmpi ult, %[[SIZE]], %[[M]] : index
//  CHECK-NEXT: %[[RES:.*]] = scf.if %[[GROW]] -> (memref<?xi8>) {
//  CHECK-NEXT:   %[[NEW:.*]] = memref.alloc(%[[M]]) : memref<?xi8>
//  CHECK-NEXT:   %[[VIEW:.*]] = memref.subview %[[NEW]][0] [%[[SIZE]]] [1] : memref<?xi8> to memref<?xi8, strided<[1]>>
//  CHECK-NEXT:   memref.copy %[[OLD]], %[[VIEW]] : memref<?xi8> to memref<?xi8, strided<[1]>>
//  CHECK-NEXT:   memref.dealloc %[[OLD]] : memref<?xi8>
//  CHECK-NEXT:   scf.yield %[[NEW]] : memref<?xi8>
//  CHECK-NEXT: } else {
//  CHECK-NEXT:   %[[CAST:.*]] = memref.reinterpret_cast %[[OLD]] to offset: [0], sizes: [%[[M]]], strides: [1] : memref<?xi8> to memref<?xi8>
//  CHECK-NEXT:   scf.yield %[[CAST]] : memref<?xi8>
//  CHECK-NEXT: }
//  CHECK-NEXT: return %[[RES]] : memref<?xi8>
// KEEP-LABEL: func.func @grow_dynamic
//   KEEP-NOT: memref.dealloc
//       KEEP: return

// -----

// Static sizes on both sides become constants. The alignment is kept on
// the new allocation, the memory space on every type.
func.func @grow_static() -> memref<8xf64, 1> {
  %buf = memref.alloc() : memref<3xf64, 1>
  %big = memref.realloc %buf {alignment = 16} : memref<3xf64, 1> to memref<8xf64, 1>
  return %big : memref<8xf64, 1>
}
// CHECK-LABEL: func.func @grow_static
//       CHECK: %[[OLD:.*]] = memref.alloc() : memref<3xf64, 1>
//  CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
//  CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
//  CHECK-NEXT: %[[GROW:.*]] = arith.cmpi ult, %[[C3]], %[[C8]] : index
//  CHECK-NEXT: scf.if %[[GROW]] -> (memref<8xf64, 1>) {
//  CHECK-NEXT:   %[[NEW:.*]] = memref.alloc() {alignment = 16 : i64} : memref<8xf64, 1>
//  CHECK-NEXT:   memref.subview %[[NEW]][0] [3] [1] : memref<8xf64, 1> to memref<3xf64, strided<[1]>, 1>
//  CHECK-NEXT:   memref.copy
//  CHECK-NEXT:   memref.dealloc %[[OLD]] : memref<3xf64, 1>
//       CHECK: memref.reinterpret_cast %[[OLD]] to offset: [0], sizes: [8], strides: [1] : memref<3xf64, 1> to memref<8xf64, 1>

// -----

// A shrink between static sizes never grows: only the cast is left (MLIR
// would emit a subview of 8 elements of the 3-element buffer in the dead
// branch, which its own verifier rejects).
func.func @shrink_static() -> memref<3xf64> {
  %buf = memref.alloc() : memref<8xf64>
  %small = memref.realloc %buf : memref<8xf64> to memref<3xf64>
  return %small : memref<3xf64>
}
// CHECK-LABEL: func.func @shrink_static
//       CHECK: %[[OLD:.*]] = memref.alloc() : memref<8xf64>
//  CHECK-NEXT: %[[CAST:.*]] = memref.reinterpret_cast %[[OLD]] to offset: [0], sizes: [3], strides: [1] : memref<8xf64> to memref<3xf64>
//  CHECK-NEXT: return %[[CAST]]

// -----

// A realloc nested in a loop body is expanded in place, and its users see
// the scf.if result.
func.func @in_loop(%lb: index, %ub: index, %step: index) -> memref<?xf32> {
  %init = memref.alloc(%lb) : memref<?xf32>
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> memref<?xf32> {
    %next = memref.realloc %acc(%i) : memref<?xf32> to memref<?xf32>
    scf.yield %next : memref<?xf32>
  }
  return %r : memref<?xf32>
}
// CHECK-LABEL: func.func @in_loop
//       CHECK: scf.for %[[I:.*]] = %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (memref<?xf32>) {
//       CHECK:   memref.dim %[[ACC]]
//       CHECK:   %[[IF:.*]] = scf.if
//       CHECK:     memref.alloc(%[[I]])
//       CHECK:   scf.yield %[[IF]] : memref<?xf32>
// KEEP-LABEL: func.func @in_loop
//   KEEP-NOT: memref.dealloc
//       KEEP: return

// -----

// Without a realloc the module comes out unchanged.
func.func @none(%m: memref<4xi32>) -> memref<4xi32> {
  return %m : memref<4xi32>
}
// CHECK-LABEL: func.func @none
//  CHECK-NEXT: return %{{.*}} : memref<4xi32>
