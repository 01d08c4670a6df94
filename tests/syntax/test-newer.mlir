// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | FileCheck %s --check-prefix=GEN
// Test ops as newer MLIR writes them (mlir-opt-22 does not know these
// forms): the isolated region op of dealloc-isolated-group.mlir and a
// region_yield of several values. Printed back the same way.

func.func @f(%arg0: memref<f64>, %arg1: i1) -> memref<f64> {
  %r = test.isolated_one_region_with_recursive_memory_effects %arg0 {
  ^bb0(%a: memref<f64>):
    test.region_yield %a : memref<f64>
  } : (memref<f64>) -> (memref<f64>)
  %s:2 = test.isolated_one_region_with_recursive_memory_effects %r, %arg1 {
  ^bb0(%a: memref<f64>, %o: i1):
    test.region_yield %a, %o : memref<f64>, i1
  } {foo} : (memref<f64>, i1) -> (memref<f64>, i1)
  return %s#0 : memref<f64>
}

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %0 = test.isolated_one_region_with_recursive_memory_effects %arg0 {
// CHECK-NEXT: ^bb0(%arg2: memref<f64>):
// CHECK-NEXT: test.region_yield %arg2 : memref<f64>
// CHECK-NEXT: } : (memref<f64>) -> memref<f64>
// CHECK-NEXT: %1:2 = test.isolated_one_region_with_recursive_memory_effects %0, %arg1 {
// CHECK-NEXT: ^bb0(%arg2: memref<f64>, %arg3: i1):
// CHECK-NEXT: test.region_yield %arg2, %arg3 : memref<f64>, i1
// CHECK-NEXT: } {foo} : (memref<f64>, i1) -> (memref<f64>, i1)
// CHECK-NEXT: return %1#0 : memref<f64>

// GEN: %0 = "test.isolated_one_region_with_recursive_memory_effects"(%arg0) ({
// GEN-NEXT: ^bb0(%[[A:arg[0-9]+]]: memref<f64>):
// GEN-NEXT: "test.region_yield"(%[[A]]) : (memref<f64>) -> ()
// GEN-NEXT: }) : (memref<f64>) -> memref<f64>
// GEN: %1:2 = "test.isolated_one_region_with_recursive_memory_effects"(%0, %arg1) ({
// GEN-NEXT: ^bb0(%[[B:arg[0-9]+]]: memref<f64>, %[[C:arg[0-9]+]]: i1):
// GEN-NEXT: "test.region_yield"(%[[B]], %[[C]]) : (memref<f64>, i1) -> ()
// GEN-NEXT: }) {foo} : (memref<f64>, i1) -> (memref<f64>, i1)
