// RUN: ir-asm --allow-unregistered-dialect --split-input-file -verify-diagnostics %s
// RUN: not ir-asm --allow-unregistered-dialect --split-input-file %s -o %t 2>&1 | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// Element types that complex, tensor, memref and vector types may not have,
// with mlir-opt-22's messages (the third RUN line checks them against it) at
// its columns (the CHECK lines): the element's, or for vector the keyword's.
// These were once accepted and printed as text mlir-opt-22 refuses. Dialect
// types of a dialect mlir-opt-22 does not register are opaque to it, and
// opaque types have neither MemRefElementTypeInterface nor
// VectorElementTypeInterface (elem-types.mlir has those that pass).

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:30: error: invalid tensor element type
// expected-error@+1 {{invalid tensor element type}}
"test.a"() : () -> (tensor<2xnone>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:30: error: invalid tensor element type
// expected-error@+1 {{invalid tensor element type}}
"test.a"() : () -> (tensor<*xnone>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:30: error: invalid tensor element type
// expected-error@+1 {{invalid tensor element type}}
"test.a"() : () -> (tensor<2xtensor<2xf32>>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:30: error: invalid tensor element type
// expected-error@+1 {{invalid tensor element type}}
"test.a"() : () -> (tensor<2xmemref<2xf32>>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:30: error: invalid tensor element type
// expected-error@+1 {{invalid tensor element type}}
"test.a"() : () -> (tensor<2x() -> ()>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:30: error: invalid tensor element type
// expected-error@+1 {{invalid tensor element type}}
"test.a"() : () -> (tensor<2xtuple<>>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:30: error: invalid memref element type
// expected-error@+1 {{invalid memref element type}}
"test.a"() : () -> (memref<2xnone>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:30: error: invalid memref element type
// expected-error@+1 {{invalid memref element type}}
"test.a"() : () -> (memref<*xnone>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:30: error: invalid memref element type
// expected-error@+1 {{invalid memref element type}}
"test.a"() : () -> (memref<2xtensor<2xf32>>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:30: error: invalid memref element type
// expected-error@+1 {{invalid memref element type}}
"test.a"() : () -> (memref<2x!u.x>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:30: error: invalid memref element type
// expected-error@+1 {{invalid memref element type}}
"test.a"() : () -> (memref<2x!u<"x">>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:21: error: failed to verify 'elementType': VectorElementTypeInterface instance
// expected-error@+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
"test.a"() : () -> (vector<2xcomplex<f32>>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:21: error: failed to verify 'elementType': VectorElementTypeInterface instance
// expected-error@+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
"test.a"() : () -> (vector<2xnone>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:21: error: failed to verify 'elementType': VectorElementTypeInterface instance
// expected-error@+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
"test.a"() : () -> (vector<[4]xnone>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:21: error: failed to verify 'elementType': VectorElementTypeInterface instance
// expected-error@+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
"test.a"() : () -> (vector<2xvector<2xf32>>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:21: error: failed to verify 'elementType': VectorElementTypeInterface instance
// expected-error@+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
"test.a"() : () -> (vector<2x!u.x>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:29: error: invalid element type for complex
// expected-error@+1 {{invalid element type for complex}}
"test.a"() : () -> (complex<none>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:29: error: invalid element type for complex
// expected-error@+1 {{invalid element type for complex}}
"test.a"() : () -> (complex<index>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:29: error: invalid element type for complex
// expected-error@+1 {{invalid element type for complex}}
"test.a"() : () -> (complex<tensor<2xf32>>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:29: error: invalid element type for complex
// expected-error@+1 {{invalid element type for complex}}
"test.a"() : () -> (complex<!u.x>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:38: error: invalid element type for complex
// expected-error@+1 {{invalid element type for complex}}
"test.a"() : () -> (memref<2xcomplex<index>>)

// -----

// CHECK: elem-types-invalid.mlir:[[# @LINE + 2]]:30: error: failed to verify 'elementType': VectorElementTypeInterface instance
// expected-error@+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
"test.a"() : () -> (tensor<2xvector<2xcomplex<f32>>>)
