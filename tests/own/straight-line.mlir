// RUN: dd-own --only -S --split-input-file %s | FileCheck %s
// RUN: dd-own --only -S --split-input-file %s | mlir-opt-22 --split-input-file > /dev/null
// REQUIRES: mlir-opt
// Ownership in straight-line code: heap allocations are owned (deallocated
// before the terminator, through their base buffer), stack buffers and
// globals are not, views take their source's ownership. The constants MLIR
// puts at the block begin come newest first.

memref.global "private" constant @table : memref<3xi32> = dense<[1, 2, 3]>

func.func @owned_and_not(%n: index, %v: f32) {
  %heap = memref.alloc(%n) : memref<?xf32>
  %stack = memref.alloca() : memref<4xf32>
  %g = memref.get_global @table : memref<3xi32>
  %view = memref.subview %heap[0] [2] [1] : memref<?xf32> to memref<2xf32, strided<[1]>>
  %c0 = arith.constant 0 : index
  memref.store %v, %view[%c0] : memref<2xf32, strided<[1]>>
  memref.store %v, %stack[%c0] : memref<4xf32>
  return
}
// CHECK-LABEL: func.func @owned_and_not
//  CHECK-NEXT:   %[[F:.*]] = arith.constant false
//  CHECK-NEXT:   %[[T:.*]] = arith.constant true
//  CHECK-NEXT:   %[[HEAP:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
//  CHECK-NEXT:   memref.alloca() : memref<4xf32>
//  CHECK-NEXT:   arith.constant false
//  CHECK-NEXT:   memref.get_global @table
//  CHECK-NEXT:   memref.subview %[[HEAP]]
//       CHECK:   memref.store
//  CHECK-NEXT:   memref.store
//  CHECK-NEXT:   %[[BASE:[a-z_0-9]+]], {{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[HEAP]] : memref<?xf32> -> memref<f32>, index, index, index
//  CHECK-NEXT:   bufferization.dealloc (%[[BASE]] : memref<f32>) if (%[[T]])
//  CHECK-NEXT:   return

// -----

// Function boundary ABI: arguments are never owned (false), a returned
// allocation goes out as it is, a returned argument is cloned at run time
// (its ownership is false), and the values returned are retained.
func.func @returns(%arg: memref<8xi8>) -> (memref<8xi8>, memref<8xi8>) {
  %a = memref.alloc() : memref<8xi8>
  return %a, %arg : memref<8xi8>, memref<8xi8>
}
// CHECK-LABEL: func.func @returns
//  CHECK-SAME: (%[[ARG:.*]]: memref<8xi8>)
//  CHECK-NEXT:   %[[T:.*]] = arith.constant true
//  CHECK-NEXT:   %[[F:.*]] = arith.constant false
//  CHECK-NEXT:   %[[A:.*]] = memref.alloc() : memref<8xi8>
//  CHECK-NEXT:   %[[COPY:.*]] = scf.if %[[F]] -> (memref<8xi8>) {
//  CHECK-NEXT:     scf.yield %[[ARG]] : memref<8xi8>
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     %[[C:.*]] = bufferization.clone %[[ARG]] : memref<8xi8> to memref<8xi8>
//  CHECK-NEXT:     scf.yield %[[C]] : memref<8xi8>
//  CHECK-NEXT:   }
//  CHECK-NEXT:   %[[T2:.*]] = arith.constant true
//  CHECK-NEXT:   %[[B0:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[ARG]]
//  CHECK-NEXT:   %[[B1:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[A]]
//  CHECK-NEXT:   %[[B2:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[COPY]]
//  CHECK-NEXT:   %{{.*}}:2 = bufferization.dealloc (%[[B0]], %[[B1]], %[[B2]] : memref<i8>, memref<i8>, memref<i8>) if (%[[F]], %[[T]], %[[T2]]) retain (%[[A]], %[[COPY]] : memref<8xi8>, memref<8xi8>)
//  CHECK-NEXT:   return %[[A]], %[[COPY]]

// -----

// arith.select of two memrefs with unique ownerships: returning it selects
// the ownership indicator the same way (no clone when owned).
func.func @select_return(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloca() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  return %s : memref<2xf32>
}
// CHECK-LABEL: func.func @select_return
//  CHECK-SAME: (%[[C:.*]]: i1)
//       CHECK:   %[[S:.*]] = arith.select %[[C]], %{{.*}}, %{{.*}} : memref<2xf32>
//  CHECK-NEXT:   %[[OWN:.*]] = arith.select %[[C]], %{{.*}}, %{{.*}} : i1
//  CHECK-NEXT:   %[[R:.*]] = scf.if %[[OWN]] -> (memref<2xf32>) {
//  CHECK-NEXT:     scf.yield %[[S]]
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     bufferization.clone %[[S]]
//       CHECK:   return %[[R]]

// -----

// A select of a select: the inner one has no unique ownership (owned and
// not owned operands), so the returned value is cloned unconditionally.
func.func @select_unknown(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloca() : memref<2xf32>
  %s = arith.select %c, %a, %b : memref<2xf32>
  %t = arith.select %c, %s, %b : memref<2xf32>
  return %t : memref<2xf32>
}
// CHECK-LABEL: func.func @select_unknown
//       CHECK:   arith.select
//  CHECK-NEXT:   %[[T:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : memref<2xf32>
//  CHECK-NEXT:   %[[C:.*]] = bufferization.clone %[[T]] : memref<2xf32> to memref<2xf32>
//  CHECK-NEXT:   %[[TRUE:.*]] = arith.constant true
//       CHECK:   bufferization.dealloc ({{.*}}) if (%{{.*}}, %[[TRUE]]) retain (%[[C]] : memref<2xf32>)
//  CHECK-NEXT:   return %[[C]]

// -----

// Unranked memrefs are cast to rank 0 to get at their base buffer; an
// existing clone is an owned allocation.
func.func @unranked(%u: memref<*xf32>, %m: memref<4xf32>) {
  %c = bufferization.clone %m : memref<4xf32> to memref<4xf32>
  %cast = memref.cast %c : memref<4xf32> to memref<*xf32>
  cf.br ^bb1(%cast : memref<*xf32>)
^bb1(%x: memref<*xf32>):
  return
}
// CHECK-LABEL: func.func @unranked
//       CHECK:   %[[CL:.*]] = bufferization.clone
//  CHECK-NEXT:   %[[CAST:.*]] = memref.cast %[[CL]]
//  CHECK-NEXT:   %[[R0:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [], strides: [] : memref<*xf32> to memref<f32, strided<[]>>
//  CHECK-NEXT:   memref.extract_strided_metadata %[[R0]] : memref<f32, strided<[]>> -> memref<f32>, index
//       CHECK:   cf.br ^bb1(%[[CAST]], %{{.*}} : memref<*xf32>, i1)
//  CHECK-NEXT: ^bb1(%[[X:.*]]: memref<*xf32>, %[[OWN:.*]]: i1):
//  CHECK-NEXT:   %[[R1:.*]] = memref.reinterpret_cast %[[X]]
//  CHECK-NEXT:   %[[B:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[R1]]
//  CHECK-NEXT:   bufferization.dealloc (%[[B]] : memref<f32>) if (%[[OWN]])

// -----

// A buffer under manual deallocation is not owned; freeing it by hand is
// allowed and checked at run time against the ownership.
func.func @manual(%f: f32) {
  %m = memref.alloc() {bufferization.manual_deallocation} : memref<5xf32>
  memref.dealloc %m {bufferization.manual_deallocation} : memref<5xf32>
  return
}
// CHECK-LABEL: func.func @manual
//  CHECK-NEXT:   %[[F:.*]] = arith.constant false
//  CHECK-NEXT:   %[[M:.*]] = memref.alloc() {bufferization.manual_deallocation}
//  CHECK-NEXT:   %[[T:.*]] = arith.constant true
//  CHECK-NEXT:   %[[X:.*]] = arith.xori %[[F]], %[[T]] : i1
//  CHECK-NEXT:   cf.assert %[[X]], "expected that the block does not have ownership"
//  CHECK-NEXT:   memref.dealloc %[[M]] {bufferization.manual_deallocation}
//  CHECK-NEXT:   return

// -----

// A buffer another dialect allocates (gpu.alloc) is not owned: the
// deallocations this pipeline inserts lower to memref.dealloc, the wrong
// deallocator for it (MLIR 22 owns it and frees it so). Returning it, or a
// select that may be it, copies it into a buffer the caller can free.
func.func @foreign(%c: i1) -> memref<f32> {
  %a = memref.alloc() : memref<f32>
  %g = gpu.alloc() : memref<f32>
  %s = arith.select %c, %a, %g : memref<f32>
  return %s : memref<f32>
}
// CHECK-LABEL: func.func @foreign
//  CHECK-SAME: (%[[C:.*]]: i1)
//  CHECK-NEXT:   %[[F:.*]] = arith.constant false
//  CHECK-NEXT:   %[[T:.*]] = arith.constant true
//  CHECK-NEXT:   memref.alloc()
//  CHECK-NEXT:   gpu.alloc
//  CHECK-NEXT:   arith.select
//  CHECK-NEXT:   %[[OWN:.*]] = arith.select %[[C]], %[[T]], %[[F]] : i1
//  CHECK-NEXT:   %[[R:.*]] = scf.if %[[OWN]]
//       CHECK:   %[[T2:.*]] = arith.constant true
//  CHECK-NEXT:   %[[BA:[a-z_0-9]+]], %{{.*}} = memref.extract_strided_metadata %{{.*}} : memref<f32>
//  CHECK-NEXT:   %[[BR:[a-z_0-9]+]], %{{.*}} = memref.extract_strided_metadata %[[R]] : memref<f32>
//  CHECK-NEXT:   bufferization.dealloc (%[[BA]], %[[BR]] : memref<f32>, memref<f32>) if (%[[T]], %[[T2]]) retain (%[[R]] : memref<f32>)
