// RUN: ir-cse -S %s | FileCheck %s
// RUN: mlir-opt -cse %s | FileCheck %s
// REQUIRES: mlir-opt
// The second RUN line checks the expectations against MLIR's own -cse.

// Two equal pure ops: the second goes, its uses take the first.
// CHECK-LABEL: func @pure_duplicates
//  CHECK-NEXT:   %[[A:.*]] = arith.addi %arg0, %arg1 : index
//  CHECK-NEXT:   %[[C:.*]] = arith.cmpi ult, %[[A]], %arg1 : index
//  CHECK-NEXT:   return %[[A]], %[[A]], %[[C]], %[[C]]
func.func @pure_duplicates(%a: index, %b: index) -> (index, index, i1, i1) {
  %0 = arith.addi %a, %b : index
  %1 = arith.addi %a, %b : index
  %2 = arith.cmpi ult, %0, %b : index
  %3 = arith.cmpi ult, %1, %b : index
  return %0, %1, %2, %3 : index, index, i1, i1
}

// Different attributes (the predicate) or operand order are different ops.
// CHECK-LABEL: func @not_equal
//  CHECK-NEXT:   arith.cmpi ult, %arg0, %arg1
//  CHECK-NEXT:   arith.cmpi ule, %arg0, %arg1
//  CHECK-NEXT:   arith.subi %arg0, %arg1
//  CHECK-NEXT:   arith.subi %arg1, %arg0
func.func @not_equal(%a: index, %b: index) -> (i1, i1, index, index) {
  %0 = arith.cmpi ult, %a, %b : index
  %1 = arith.cmpi ule, %a, %b : index
  %2 = arith.subi %a, %b : index
  %3 = arith.subi %b, %a : index
  return %0, %1, %2, %3 : i1, i1, index, index
}

// An op in a nested region is replaced by an equal op that dominates it;
// ops in sibling regions stay.
// CHECK-LABEL: func @nested
//  CHECK-NEXT:   %[[X:.*]] = arith.muli %arg0, %arg0
//  CHECK-NEXT:   scf.if %arg1 -> (index)
//  CHECK-NEXT:     %[[Y:.*]] = arith.addi %[[X]], %arg0
//  CHECK-NEXT:     scf.yield %[[Y]]
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     %[[Z:.*]] = arith.addi %[[X]], %arg0
//  CHECK-NEXT:     scf.yield %[[Z]]
func.func @nested(%a: index, %c: i1) -> index {
  %x = arith.muli %a, %a : index
  %r = scf.if %c -> index {
    %x2 = arith.muli %a, %a : index
    %y = arith.addi %x2, %a : index
    scf.yield %y : index
  } else {
    %z = arith.addi %x, %a : index
    scf.yield %z : index
  }
  return %r : index
}

// Across blocks: only a dominating block's ops are available.
// CHECK-LABEL: func @blocks
//  CHECK-NEXT:   %[[E:.*]] = arith.subi %arg0, %arg0
//       CHECK: ^bb1:
//  CHECK-NEXT:   cf.br ^bb3(%[[E:.*]] : index)
//       CHECK: ^bb2:
//  CHECK-NEXT:   %[[F:.*]] = arith.addi %arg0, %arg0
//  CHECK-NEXT:   cf.br ^bb3(%[[F]] : index)
func.func @blocks(%a: index, %c: i1) -> index {
  %e = arith.subi %a, %a : index
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %e2 = arith.subi %a, %a : index
  cf.br ^bb3(%e2 : index)
^bb2:
  %f = arith.addi %a, %a : index
  cf.br ^bb3(%f : index)
^bb3(%r: index):
  %f2 = arith.addi %a, %a : index
  %s = arith.addi %r, %f2 : index
  %t = arith.addi %s, %e : index
  return %t : index
}

// Loads merge unless a write may come between them; dead ops go.
// CHECK-LABEL: func @loads
//  CHECK-NEXT:   %[[L:.*]] = memref.load %arg0[%arg1]
//  CHECK-NEXT:   memref.store %[[L]], %arg0[%arg1]
//  CHECK-NEXT:   %[[M:.*]] = memref.load %arg0[%arg1]
//  CHECK-NEXT:   return %[[L]], %[[L]], %[[M]]
func.func @loads(%m: memref<4xf32>, %i: index) -> (f32, f32, f32) {
  %0 = memref.load %m[%i] : memref<4xf32>
  %1 = memref.load %m[%i] : memref<4xf32>
  %dead = arith.addi %i, %i : index
  memref.store %0, %m[%i] : memref<4xf32>
  %2 = memref.load %m[%i] : memref<4xf32>
  return %0, %1, %2 : f32, f32, f32
}

// Functions are isolated from above: each has its own table.
// CHECK-LABEL: func @isolated
//  CHECK-NEXT:   arith.constant 7 : index
// CHECK-LABEL: func @isolated2
//  CHECK-NEXT:   arith.constant 7 : index
func.func @isolated() -> index {
  %c = arith.constant 7 : index
  return %c : index
}
func.func @isolated2() -> index {
  %c = arith.constant 7 : index
  return %c : index
}
