// RUN: ir-canon -S %s | FileCheck %s
// RUN: mlir-opt -canonicalize %s | FileCheck %s
// REQUIRES: mlir-opt
// The second RUN line checks the expectations against MLIR's own pass.

// An scf.if on a constant is replaced by the region taken; an empty one
// vanishes.
// CHECK-LABEL: func @static_if
//  CHECK-NEXT:   %[[X:.*]] = arith.addi %arg0, %arg0
//  CHECK-NEXT:   memref.store %[[X]], %arg1[]
//  CHECK-NEXT:   return %[[X]]
func.func @static_if(%a: i32, %m: memref<i32>) -> i32 {
  %t = arith.constant true
  %0 = scf.if %t -> (i32) {
    %x = arith.addi %a, %a : i32
    memref.store %x, %m[] : memref<i32>
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %e = arith.constant false
  scf.if %e {
    memref.store %a, %m[] : memref<i32>
  }
  return %0 : i32
}

// Results: yielded (true, false) is the condition, equal yields are the
// value, yields from outside become a select, unused results go.
// CHECK-LABEL: func @if_results
//  CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32, %[[M:.*]]: memref<i32>)
//       CHECK:   %[[S:.*]] = arith.select %[[C]], %[[A]], %[[B]] : i32
//  CHECK-NEXT:   scf.if %[[C]] {
//  CHECK-NEXT:     memref.store %[[A]], %[[M]][]
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     memref.store %[[B]], %[[M]][]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[C]], %[[A]], %[[S]]
func.func @if_results(%c: i1, %a: i32, %b: i32, %m: memref<i32>) -> (i1, i32, i32) {
  %r:4 = scf.if %c -> (i1, i32, i32, i32) {
    %t = arith.constant true
    memref.store %a, %m[] : memref<i32>
    scf.yield %t, %a, %a, %b : i1, i32, i32, i32
  } else {
    %f = arith.constant false
    memref.store %b, %m[] : memref<i32>
    scf.yield %f, %a, %b, %a : i1, i32, i32, i32
  }
  return %r#0, %r#1, %r#2 : i1, i32, i32
}

// Loops: one iteration is inlined, zero iterations vanish, an iter_arg
// that is always its initial value is that value.
// CHECK-LABEL: func @loops
//  CHECK-NEXT:   memref.store %arg0, %arg1[]
//  CHECK-NEXT:   %[[X:.*]] = arith.addi %arg0, %arg0
//  CHECK-NEXT:   return %[[X]], %arg0
func.func @loops(%a: i32, %m: memref<i32>) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %a) -> (i32) {
    memref.store %x, %m[] : memref<i32>
    %n = arith.addi %x, %x : i32
    scf.yield %n : i32
  }
  %1 = scf.for %i = %c1 to %c0 step %c1 iter_args(%x = %a) -> (i32) {
    memref.store %x, %m[] : memref<i32>
    scf.yield %x : i32
  }
  return %0, %1 : i32, i32
}

// CHECK-LABEL: func @loop_args
//  CHECK-NEXT:   %[[R:.*]] = scf.for %{{.*}} = %arg0 to %arg1 step %arg2 iter_args(%[[Y:.*]] = %arg4) -> (i32) {
//  CHECK-NEXT:     memref.store %arg3, %arg5[]
//  CHECK-NEXT:     %[[N:.*]] = arith.addi %[[Y]], %[[Y]]
//  CHECK-NEXT:     scf.yield %[[N]]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %arg3, %[[R]]
func.func @loop_args(%lb: index, %ub: index, %s: index, %a: i32, %b: i32, %m: memref<i32>) -> (i32, i32) {
  %0:3 = scf.for %i = %lb to %ub step %s iter_args(%x = %a, %y = %b, %z = %a) -> (i32, i32, i32) {
    memref.store %x, %m[] : memref<i32>
    %n = arith.addi %y, %y : i32
    scf.yield %x, %n, %z : i32, i32, i32
  }
  return %0#0, %0#1 : i32, i32
}

// Inside the regions of an scf.if, its condition is a known constant.
// CHECK-LABEL: func @propagate
//   CHECK-DAG:   %[[F:.*]] = arith.constant false
//   CHECK-DAG:   %[[T:.*]] = arith.constant true
//       CHECK:   scf.if %arg0 {
//  CHECK-NEXT:     memref.store %[[T]], %arg1[]
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     memref.store %[[F]], %arg1[]
func.func @propagate(%c: i1, %m: memref<i1>) {
  scf.if %c {
    memref.store %c, %m[] : memref<i1>
  } else {
    memref.store %c, %m[] : memref<i1>
  }
  return
}

// A single-block scf.execute_region is inlined.
// CHECK-LABEL: func @execute
//  CHECK-NEXT:   %[[X:.*]] = arith.addi %arg0, %arg0
//  CHECK-NEXT:   memref.store %[[X]], %arg1[]
//  CHECK-NEXT:   return %[[X]]
func.func @execute(%a: i32, %m: memref<i32>) -> i32 {
  %0 = scf.execute_region -> i32 {
    %x = arith.addi %a, %a : i32
    memref.store %x, %m[] : memref<i32>
    scf.yield %x : i32
  }
  return %0 : i32
}
