// RUN: ir-canon -S %s | FileCheck %s
// RUN: mlir-opt -canonicalize %s | FileCheck %s
// REQUIRES: mlir-opt
// The second RUN line checks the expectations against MLIR's own pass.

// Constants fold; the result is hoisted to the top of the function, and
// the constants that fed it vanish.
// CHECK-LABEL: func @fold_chain
//  CHECK-NEXT:   %[[C:.*]] = arith.constant 21 : i32
//  CHECK-NEXT:   return %[[C]]
func.func @fold_chain() -> i32 {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %0 = arith.addi %c3, %c4 : i32
  %1 = arith.muli %0, %c3 : i32
  return %1 : i32
}

// Identities on integers and booleans.
// CHECK-LABEL: func @identities
//  CHECK-SAME: (%[[X:.*]]: i32, %[[B:.*]]: i1)
//   CHECK-DAG:   %[[T:.*]] = arith.constant true
//   CHECK-DAG:   %[[Z:.*]] = arith.constant 0 : i32
//       CHECK:   return %[[X]], %[[Z]], %[[X]], %[[B]], %[[B]], %[[T]]
func.func @identities(%x: i32, %b: i1) -> (i32, i32, i32, i1, i1, i1) {
  %c0 = arith.constant 0 : i32
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.xori %x, %x : i32
  %2 = arith.ori %x, %x : i32
  %3 = arith.andi %b, %t : i1
  %4 = arith.cmpi eq, %b, %t : i1
  %n = arith.xori %b, %t : i1
  %5 = arith.ori %b, %n : i1
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i1, i1, i1
}

// select: constant condition, equal arms, i1 arms that are the condition
// or its negation, a negated condition swapping the arms.
// CHECK-LABEL: func @selects
//  CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
//       CHECK:   %[[T:.*]] = arith.constant true
//       CHECK:   %[[N:.*]] = arith.xori %[[C]], %[[T]] : i1
//       CHECK:   %[[S:.*]] = arith.select %[[C]], %[[B]], %[[A]] : i32
//       CHECK:   return %[[A]], %[[A]], %[[C]], %[[N]], %[[S]]
func.func @selects(%c: i1, %a: i32, %b: i32) -> (i32, i32, i1, i1, i32) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.select %t, %a, %b : i32
  %1 = arith.select %c, %a, %a : i32
  %2 = arith.select %c, %t, %f : i1
  %3 = arith.select %c, %f, %t : i1
  %nc = arith.xori %c, %t : i1
  %4 = arith.select %nc, %a, %b : i32
  return %0, %1, %2, %3, %4 : i32, i32, i1, i1, i32
}

// cmpi: equal operands fold, a constant moves to the right (the predicate
// mirrored), a negated comparison inverts its predicate.
// CHECK-LABEL: func @compares
//  CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
//   CHECK-DAG:   %[[F:.*]] = arith.constant false
//   CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
//       CHECK:   %[[G:.*]] = arith.cmpi sgt, %[[B]], %[[C0]] : index
//       CHECK:   %[[NE:.*]] = arith.cmpi ne, %[[A]], %[[B]] : index
//       CHECK:   return %[[F]], %[[G]], %[[NE]]
func.func @compares(%a: index, %b: index) -> (i1, i1, i1) {
  %c0 = arith.constant 0 : index
  %t = arith.constant true
  %0 = arith.cmpi ult, %a, %a : index
  %1 = arith.cmpi slt, %c0, %b : index
  %2 = arith.cmpi eq, %a, %b : index
  %3 = arith.xori %2, %t : i1
  return %0, %1, %3 : i1, i1, i1
}

// Two constant additions merge; casts round-trip away.
// CHECK-LABEL: func @merge_and_casts
//  CHECK-NEXT:   %[[C7:.*]] = arith.constant 7 : i32
//  CHECK-NEXT:   %[[S:.*]] = arith.addi %arg0, %[[C7]] : i32
//  CHECK-NEXT:   return %[[S]], %arg0
func.func @merge_and_casts(%x: i32) -> (i32, i32) {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %0 = arith.addi %x, %c3 : i32
  %1 = arith.addi %0, %c4 : i32
  %i = arith.index_cast %x : i32 to index
  %y = arith.index_cast %i : index to i32
  return %1, %y : i32, i32
}

// Dead pure ops vanish, ops with effects stay.
// CHECK-LABEL: func @dead
//  CHECK-NEXT:   memref.store
//  CHECK-NEXT:   return
func.func @dead(%m: memref<i32>, %x: i32) {
  %0 = arith.addi %x, %x : i32
  %1 = memref.load %m[] : memref<i32>
  %2 = memref.alloc() : memref<4xf32>
  memref.store %x, %m[] : memref<i32>
  return
}
