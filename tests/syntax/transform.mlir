// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | ir-asm | ir-dis | FileCheck %s
// Custom syntax of the transform ops of the Integration tests (CHECK lines
// made from mlir-opt-22's output).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.fill"]} in %arg1 : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %0 vector_sizes [[4]] : !transform.any_op
    transform.structured.vectorize %0 vector_sizes [4, 8] : !transform.any_op
    transform.yield
  }
  transform.named_sequence @other(%arg1: !transform.any_op {transform.consumed}) -> !transform.any_op {
    transform.yield %arg1 : !transform.any_op
  }
}

// CHECK: module attributes {transform.with_named_sequence} {
// CHECK-NEXT: transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
// CHECK-NEXT: %0 = transform.structured.match ops{["linalg.fill"]} in %arg0 : (!transform.any_op) -> !transform.any_op
// CHECK-NEXT: transform.structured.vectorize %0 vector_sizes {{\[\[}}4]] : !transform.any_op
// CHECK-NEXT: transform.structured.vectorize %0 vector_sizes [4, 8] : !transform.any_op
// CHECK-NEXT: transform.yield
// CHECK-NEXT: }
// CHECK-NEXT: transform.named_sequence @other(%arg0: !transform.any_op {transform.consumed}) -> !transform.any_op {
// CHECK-NEXT: transform.yield %arg0 : !transform.any_op
// CHECK-NEXT: }
// CHECK-NEXT: }
