// RUN: ir-asm %s | ir-dis | FileCheck %s
// NO-ROUNDTRIP: the elided terminators' attributes are dropped on purpose,
// as mlir-opt-22 drops them (the text form is lossy here).
// Entry block terminators in custom region printing: a custom printer's
// printRegion(printBlockTerminators=false) (scf.if, scf.for, affine.for,
// affine.if, shape.assuming without results) drops the terminator whatever
// it holds; the ODS rule (scf.index_switch's default region) drops it only
// when it has no operands, results or attributes.
// (CHECK lines are mlir-opt-22's output for this file.)
func.func @f(%c: i1, %n: index, %s: !shape.witness) {
  scf.if %c {
    %x = arith.constant 1 : i32
    scf.yield {foo}
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = arith.constant 2 : i32
    scf.yield {bar}
  }
  affine.for %j = 0 to 10 {
    %x = arith.constant 3 : i32
    affine.yield {baz}
  }
  affine.if affine_set<(d0) : (d0 >= 0)>(%n) {
    %x = arith.constant 4 : i32
    affine.yield {q}
  }
  shape.assuming %s {
    %x = arith.constant 5 : i32
    shape.assuming_yield {r}
  }
  scf.index_switch %n
  case 2 {
    scf.yield
  }
  default {
    scf.yield {d}
  }
  scf.index_switch %n
  case 2 {
    scf.yield
  }
  default {
  }
  return
}

// CHECK: #set = affine_set<(d0) : (d0 >= 0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: i1, %arg1: index, %arg2: !shape.witness) {
// CHECK-NEXT:     scf.if %arg0 {
// CHECK-NEXT:       %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     scf.for %arg3 = %c0 to %arg1 step %c1 {
// CHECK-NEXT:       %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     affine.for %arg3 = 0 to 10 {
// CHECK-NEXT:       %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     affine.if #set(%arg1) {
// CHECK-NEXT:       %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     shape.assuming %arg2 {
// CHECK-NEXT:       %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.index_switch %arg1
// CHECK-NEXT:     case 2 {
// CHECK-NEXT:       scf.yield
// CHECK-NEXT:     }
// CHECK-NEXT:     default {
// CHECK-NEXT:       scf.yield {d}
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.index_switch %arg1
// CHECK-NEXT:     case 2 {
// CHECK-NEXT:       scf.yield
// CHECK-NEXT:     }
// CHECK-NEXT:     default {
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
