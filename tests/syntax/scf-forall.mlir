// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | ir-asm | ir-dis | FileCheck %s
// scf.forall without results: the implicit scf.forall.in_parallel (which
// has a region) is added when parsing and elided when printing, as MLIR's
// printRegion(printBlockTerminators=false) elides any entry block
// terminator. (The forms with shared_outs need tensor.parallel_insert_slice,
// which is not in the registry.)
// (CHECK lines are mlir-opt-22's output for this file.)
func.func @forall(%lb: index, %ub: index, %st: index) {
  scf.forall (%i, %j) in (4, %ub) {
    "test.foo"(%i, %j) : (index, index) -> ()
  }
  scf.forall (%i) = (0) to (%ub) step (2) {
    "test.foo"(%i) : (index) -> ()
  } {mapping = [#gpu.thread<x>]}
  scf.forall (%i, %j) = (%lb, 1) to (8, %ub) step (%st, 3) {
    "test.foo"(%i, %j) : (index, index) -> ()
  }
  return
}

// CHECK: module {
// CHECK-NEXT:   func.func @forall(%arg0: index, %arg1: index, %arg2: index) {
// CHECK-NEXT:     scf.forall (%arg3, %arg4) in (4, %arg1) {
// CHECK-NEXT:       "test.foo"(%arg3, %arg4) : (index, index) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.forall (%arg3) = (0) to (%arg1) step (2) {
// CHECK-NEXT:       "test.foo"(%arg3) : (index) -> ()
// CHECK-NEXT:     } {mapping = [#gpu.thread<x>]}
// CHECK-NEXT:     scf.forall (%arg3, %arg4) = (%arg0, 1) to (8, %arg1) step (%arg2, 3) {
// CHECK-NEXT:       "test.foo"(%arg3, %arg4) : (index, index) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
