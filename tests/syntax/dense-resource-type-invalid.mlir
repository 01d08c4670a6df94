// RUN: ir-asm --split-input-file --allow-unregistered-dialect -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --allow-unregistered-dialect --verify-diagnostics %s
// REQUIRES: mlir-opt
// dense_resource<> is kept as written, but its type is required and must
// be shaped (a ranked or unranked tensor or memref, or a vector), as
// mlir-opt-22's parser says where the type begins, or at the keyword when
// the type is the context's. We took any type, or none.

// expected-error @+1 {{`dense_resource` expected a shaped type}}
"test.a"() {v = dense_resource<blob> : i32} : () -> ()

// -----

// expected-error @+1 {{expected ':'}}
"test.a"() {v = dense_resource<blob>} : () -> ()

// -----

// expected-error @+1 {{`dense_resource` expected a shaped type}}
"test.a"() {v = dense_resource<blob> : complex<f32>} : () -> ()

// -----

func.func @constant() {
  // expected-error @+1 {{`dense_resource` expected a shaped type}}
  %0 = arith.constant dense_resource<blob> : i32
  return
}

// -----

// Every shaped type is taken.
"test.a"() {v = dense_resource<blob> : memref<*xf32>, w = dense_resource<blob> : vector<2xf32>, x = dense_resource<blob> : tensor<*xf32>} : () -> ()
// expected-error @+1 {{`dense_resource` expected a shaped type}}
"test.a"() {v = dense_resource<blob> : index} : () -> ()
