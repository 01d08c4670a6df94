// RUN: ir-canon -S --allow-unregistered-dialect %s | FileCheck %s
// RUN: mlir-opt -canonicalize --allow-unregistered-dialect %s | FileCheck %s
// REQUIRES: mlir-opt
// Constant sizes of memref.alloc / alloca move into the type, but only
// sizes a type can hold: a negative constant stays a dynamic operand (it
// used to become a bogus static dim, which looped forever or crashed).

// CHECK-LABEL: func @alloc_sizes
//   CHECK-DAG:   %[[M:.*]] = arith.constant -2 : index
//   CHECK-DAG:   %[[A:.*]] = memref.alloc(%[[M]]) : memref<?xf32>
//   CHECK-DAG:   %[[B:.*]] = memref.alloc(%[[M]]) : memref<?x4xf32>
//   CHECK-DAG:   %[[BC:.*]] = memref.cast %[[B]] : memref<?x4xf32> to memref<?x?xf32>
//   CHECK-DAG:   %[[S:.*]] = memref.alloca(%[[M]]) : memref<?xf32>
//   CHECK-DAG:   %[[P:.*]] = memref.alloc() : memref<3xf32>
//   CHECK-DAG:   %[[PC:.*]] = memref.cast %[[P]] : memref<3xf32> to memref<?xf32>
//       CHECK:   "test.use"(%[[S]])
//       CHECK:   return %[[A]], %[[BC]], %[[PC]]
func.func @alloc_sizes(%n: index) -> (memref<?xf32>, memref<?x?xf32>, memref<?xf32>) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %cm2 = arith.subi %c1, %c3 : index
  %0 = memref.alloc(%cm2) : memref<?xf32>
  %1 = memref.alloc(%cm2, %c4) : memref<?x?xf32>
  %2 = memref.alloca(%cm2) : memref<?xf32>
  %3 = memref.alloc(%c3) : memref<?xf32>
  "test.use"(%2) : (memref<?xf32>) -> ()
  return %0, %1, %3 : memref<?xf32>, memref<?x?xf32>, memref<?xf32>
}

// An allocation of negative size that nothing reads goes, as any other.
// CHECK-LABEL: func @dead_negative
//  CHECK-NEXT:   return
func.func @dead_negative(%cond: i1) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %cm2 = arith.subi %c1, %c3 : index
  %a = memref.alloc(%cm2) : memref<?xf32>
  %r = scf.if %cond -> (memref<?xf32>) {
    scf.yield %a : memref<?xf32>
  } else {
    scf.yield %a : memref<?xf32>
  }
  return
}
