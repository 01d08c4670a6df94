// RUN: ir-canon --region-simplify=aggressive -S %s | FileCheck %s
// RUN: mlir-opt -canonicalize=region-simplify=aggressive %s | FileCheck %s
// RUN: ir-canon -S %s | FileCheck %s --check-prefix=NORMAL
// REQUIRES: mlir-opt
// The second RUN line checks the expectations against MLIR's own pass.

// Two blocks doing the same thing merge (the values that differ become a
// block argument, then a select once the branch has one successor); the
// default level leaves them.
// CHECK-LABEL: func @identical_blocks
//  CHECK-NEXT:   %[[S:.*]] = arith.select %arg0, %arg1, %arg2 : i32
//  CHECK-NEXT:   memref.store %[[S]], %arg3[]
//  CHECK-NEXT:   return
// NORMAL-LABEL: func @identical_blocks
//       NORMAL:   cf.cond_br %arg0, ^bb1, ^bb2
func.func @identical_blocks(%c: i1, %a: i32, %b: i32, %m: memref<i32>) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.store %a, %m[] : memref<i32>
  return
^bb2:
  memref.store %b, %m[] : memref<i32>
  return
}

// An argument every edge passes the same value to is that value (at any
// level the differing one becomes a select: both edges go to one block).
// CHECK-LABEL: func @same_on_every_edge
//  CHECK-NEXT:   %[[S:.*]] = arith.select %arg0, %arg1, %arg2 : i32
//  CHECK-NEXT:   memref.store %[[S]], %arg3[]
//  CHECK-NEXT:   memref.store %arg1, %arg3[]
func.func @same_on_every_edge(%c: i1, %a: i32, %b: i32, %m: memref<i32>) {
  cf.cond_br %c, ^bb1(%a, %a : i32, i32), ^bb1(%b, %a : i32, i32)
^bb1(%x: i32, %y: i32):
  memref.store %x, %m[] : memref<i32>
  memref.store %y, %m[] : memref<i32>
  return
}

// CHECK-LABEL: func @redundant_argument
//       CHECK: ^bb3(%[[Y:.*]]: i32):
//  CHECK-NEXT:   memref.store %arg1, %arg3[]
//  CHECK-NEXT:   memref.store %[[Y]], %arg3[]
// NORMAL-LABEL: func @redundant_argument
//       NORMAL: ^bb3(%{{.*}}: i32, %{{.*}}: i32):
func.func @redundant_argument(%c: i1, %a: i32, %b: i32, %m: memref<i32>) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.store %a, %m[] : memref<i32>
  memref.store %a, %m[] : memref<i32>
  cf.br ^bb3(%a, %b : i32, i32)
^bb2:
  memref.store %b, %m[] : memref<i32>
  cf.br ^bb3(%a, %a : i32, i32)
^bb3(%x: i32, %y: i32):
  memref.store %x, %m[] : memref<i32>
  memref.store %y, %m[] : memref<i32>
  return
}
