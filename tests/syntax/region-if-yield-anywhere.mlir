// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: mlir-opt %s | FileCheck %s
// REQUIRES: mlir-opt
// test.region_if_yield has no HasParent trait in MLIR's test dialect: it
// may end any block, a function body among them. Only under
// test.region_if are its operands checked against the region edges.

// CHECK-LABEL: func.func @yields_from_function
// CHECK: %[[A:.*]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: test.region_if_yield %[[A]] : memref<2xf32>
// CHECK-NEXT: }
func.func @yields_from_function(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  test.region_if_yield %a : memref<2xf32>
}
