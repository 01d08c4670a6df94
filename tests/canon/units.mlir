// RUN: ir-canon -S %s | FileCheck %s
// RUN: mlir-opt -canonicalize %s | FileCheck %s
// RUN: ir-canon --top-down=false -S %s | FileCheck %s
// RUN: ir-canon --max-iterations=1 -S %s | FileCheck %s --check-prefix=ONE
// RUN: mlir-opt -canonicalize=max-iterations=1 %s | FileCheck %s --check-prefix=ONE
// REQUIRES: mlir-opt
// The mlir-opt lines check the expectations against MLIR's own pass.

// Functions converge at different iterations of one module-wide run: the
// driver skips the body of a function whose last iteration changed
// nothing (it would change nothing again), and must still give every
// function the iterations it needs. @late changes in iterations 1 and 2
// (its block ^bb3 gets a single predecessor only when the unreachable
// ^bb2 goes at the end of iteration 1), so its body must not be skipped
// in iteration 2 although @settled (never changes) and @early (changes in
// iteration 1 only) are skipped from then on.

// CHECK-LABEL: func @settled
//  CHECK-NEXT:   memref.store %arg0, %arg1[]
//  CHECK-NEXT:   return
// ONE-LABEL: func @settled
//  ONE-NEXT:   memref.store %arg0, %arg1[]
//  ONE-NEXT:   return
func.func @settled(%a: i32, %m: memref<i32>) {
  memref.store %a, %m[] : memref<i32>
  return
}

// CHECK-LABEL: func @late
//  CHECK-NEXT:   memref.store %arg0, %arg1[]
//  CHECK-NEXT:   return
// With one iteration the merge of ^bb3 is left for a second.
// ONE-LABEL: func @late
//  ONE-NEXT:   cf.br ^bb1
//  ONE-NEXT: ^bb1:
//  ONE-NEXT:   memref.store %arg0, %arg1[]
//  ONE-NEXT:   return
func.func @late(%a: i32, %m: memref<i32>) {
  %true = arith.constant true
  cf.cond_br %true, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  memref.store %a, %m[] : memref<i32>
  cf.br ^bb3
^bb3:
  memref.store %a, %m[] : memref<i32>
  return
}

// CHECK-LABEL: func @early
//  CHECK-NEXT:   memref.store %arg0, %arg1[]
//  CHECK-NEXT:   return
// ONE-LABEL: func @early
//  ONE-NEXT:   memref.store %arg0, %arg1[]
//  ONE-NEXT:   return
func.func @early(%a: i32, %m: memref<i32>) {
  %c0 = arith.constant 0 : i32
  %s = arith.addi %a, %c0 : i32
  memref.store %s, %m[] : memref<i32>
  return
}

// A second module-wide change late in the run: @late2 mirrors @late after
// a settled function, so a skipped function between two changing ones
// does not hide the second.
// CHECK-LABEL: func @late2
//  CHECK-NEXT:   memref.store %arg1, %arg2[]
//  CHECK-NEXT:   return
func.func @late2(%c: i1, %a: i32, %m: memref<i32>) {
  %false = arith.constant false
  cf.cond_br %false, ^bb2, ^bb1
^bb1:
  cf.br ^bb3
^bb2:
  memref.store %a, %m[] : memref<i32>
  cf.br ^bb3
^bb3:
  memref.store %a, %m[] : memref<i32>
  return
}
