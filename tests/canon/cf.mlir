// RUN: ir-canon -S %s | FileCheck %s
// RUN: mlir-opt -canonicalize %s | FileCheck %s
// REQUIRES: mlir-opt
// The second RUN line checks the expectations against MLIR's own pass.

// A chain of blocks with single predecessors collapses into one block;
// block arguments become the values passed.
// CHECK-LABEL: func @merge_chain
//  CHECK-NEXT:   %[[S:.*]] = arith.addi %arg0, %arg0
//  CHECK-NEXT:   return %[[S]]
func.func @merge_chain(%a: i32) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %s = arith.addi %x, %x : i32
  cf.br ^bb2(%s : i32)
^bb2(%y: i32):
  return %y : i32
}

// A constant condition picks its successor; the other block is unreachable
// and goes.
// CHECK-LABEL: func @const_cond
//  CHECK-NEXT:   memref.store %arg1, %arg0[]
//  CHECK-NEXT:   return
func.func @const_cond(%m: memref<i32>, %a: i32, %b: i32) {
  %t = arith.constant true
  cf.cond_br %t, ^bb1, ^bb2
^bb1:
  memref.store %a, %m[] : memref<i32>
  return
^bb2:
  memref.store %b, %m[] : memref<i32>
  return
}

// Both edges to one block: the operands that differ become arith.select.
// CHECK-LABEL: func @same_successor
//  CHECK-NEXT:   %[[S:.*]] = arith.select %arg0, %arg1, %arg2 : i32
//  CHECK-NEXT:   memref.store %[[S]], %arg3[]
//  CHECK-NEXT:   return
func.func @same_successor(%c: i1, %a: i32, %b: i32, %m: memref<i32>) {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  memref.store %x, %m[] : memref<i32>
  return
}

// Inside a successor reached only through the true (false) edge the
// condition is known; branches through empty blocks are short-cut.
// CHECK-LABEL: func @truth
//   CHECK-DAG:   %[[F:.*]] = arith.constant false
//   CHECK-DAG:   %[[T:.*]] = arith.constant true
//       CHECK:   cf.cond_br %arg0, ^bb1, ^bb2
//       CHECK: ^bb1:
//  CHECK-NEXT:   memref.store %[[T]], %arg1[]
//  CHECK-NEXT:   return
//       CHECK: ^bb2:
//  CHECK-NEXT:   memref.store %[[F]], %arg1[]
//  CHECK-NEXT:   return
func.func @truth(%c: i1, %m: memref<i1>) {
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  memref.store %c, %m[] : memref<i1>
  return
^bb3:
  cf.br ^bb2
^bb2:
  memref.store %c, %m[] : memref<i1>
  return
}

// A block argument nothing uses is dropped with its incoming operands.
// CHECK-LABEL: func @dead_arg
//       CHECK:   cf.cond_br %arg0, ^bb1, ^bb2
//       CHECK: ^bb1:
//  CHECK-NEXT:   memref.store %arg1, %arg3[]
//  CHECK-NEXT:   cf.br ^bb2
//       CHECK: ^bb2:
//  CHECK-NEXT:   return
func.func @dead_arg(%c: i1, %a: i32, %b: i32, %m: memref<i32>) {
  cf.cond_br %c, ^bb1, ^bb2(%a : i32)
^bb1:
  memref.store %a, %m[] : memref<i32>
  cf.br ^bb2(%b : i32)
^bb2(%unused: i32):
  return
}

// cf.assert of true goes.
// CHECK-LABEL: func @assert_true
//  CHECK-NEXT:   return
func.func @assert_true() {
  %t = arith.constant true
  cf.assert %t, "never fires"
  return
}
