// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// gpu.alloc gives a ranked memref with one size operand per `?` and one
// symbol operand per symbol of its layout. Only its tokens were checked
// here before. Messages are mlir-opt-22's (the second RUN line checks).

func.func @fine(%i: index) {
  %m = gpu.alloc (%i) [%i] : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  return
}

// -----

func.func @extra_size(%i: index) {
  // expected-error @+1 {{'gpu.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %m = gpu.alloc (%i) : memref<4xf32>
  return
}

// -----

func.func @missing_size() {
  // expected-error @+1 {{'gpu.alloc' op incorrect number of dynamic sizes, has 0, expected 1}}
  %m = gpu.alloc () : memref<?xf32>
  return
}

// -----

func.func @extra_symbol(%i: index) {
  // expected-error @+1 {{'gpu.alloc' op symbol operand count does not equal memref symbol count}}
  %m = gpu.alloc () [%i] : memref<4xf32>
  return
}

// -----

func.func @tensor(%i: index) {
  // expected-error @+1 {{custom op 'gpu.alloc' invalid kind of type specified: expected builtin.memref, but found 'tensor<4xf32>'}}
  %m = gpu.alloc () : tensor<4xf32>
  return
}

// -----

func.func @unranked() {
  // expected-error @+1 {{custom op 'gpu.alloc' invalid kind of type specified: expected builtin.memref, but found 'memref<*xf32>'}}
  %n = gpu.alloc () : memref<*xf32>
  return
}

// -----

func.func @generic_tensor() {
  // expected-error @+1 {{'gpu.alloc' op result #0 must be memref of any type values, but got 'tensor<4xf32>'}}
  %m = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> tensor<4xf32>
  return
}

// -----

func.func @not_a_token(%i: index) {
  // expected-error @+1 {{'gpu.alloc' op operand #0 must be variadic of async token type, but got 'index'}}
  %m = "gpu.alloc"(%i) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> memref<4xf32>
  return
}
