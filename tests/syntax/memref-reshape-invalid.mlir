// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// memref.reshape: memrefs in and out of one element type, identity
// layouts (strided<[1]> at offset 0 is one), and a 1-D shape of integers
// or indices whose static length is the result's rank. It had no verifier
// here. Messages are mlir-opt-22's (the second RUN line checks).

func.func @fine(%m: memref<4xf32, strided<[1]>>, %s: memref<2xindex>, %u: memref<*xf32>, %d: memref<?xi32>) {
  %a = memref.reshape %m(%s) : (memref<4xf32, strided<[1]>>, memref<2xindex>) -> memref<?x?xf32>
  %b = memref.reshape %u(%d) : (memref<*xf32>, memref<?xi32>) -> memref<*xf32>
  return
}

// -----

func.func @to_tensor(%m: memref<?xf32>, %s: memref<?xindex>) {
  // expected-error @+1 {{'memref.reshape' op result #0 must be ranked or unranked memref of any type values, but got 'tensor<*xf32>'}}
  %rs = memref.reshape %m(%s) : (memref<?xf32>, memref<?xindex>) -> tensor<*xf32>
  return
}

// -----

func.func @element(%m: memref<?xf32>, %s: memref<2xindex>) {
  // expected-error @+1 {{'memref.reshape' op element types of source and destination memref types should be the same}}
  %rs = memref.reshape %m(%s) : (memref<?xf32>, memref<2xindex>) -> memref<?xf64>
  return
}

// -----

func.func @length(%m: memref<?xf32>, %s: memref<2xindex>) {
  // expected-error @+1 {{'memref.reshape' op length of shape operand differs from the result's memref rank}}
  %rs = memref.reshape %m(%s) : (memref<?xf32>, memref<2xindex>) -> memref<?xf32>
  return
}

// -----

func.func @dynamic_length(%m: memref<?xf32>, %s: memref<?xindex>) {
  // expected-error @+1 {{'memref.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked memref type}}
  %rs = memref.reshape %m(%s) : (memref<?xf32>, memref<?xindex>) -> memref<?x?xf32>
  return
}

// -----

func.func @float_shape(%m: memref<?xf32>, %s: memref<2xf32>) {
  // expected-error @+1 {{'memref.reshape' op operand #1 must be 1D memref of signless integer or index values, but got 'memref<2xf32>'}}
  %rs = memref.reshape %m(%s) : (memref<?xf32>, memref<2xf32>) -> memref<?x?xf32>
  return
}

// -----

func.func @strided_source(%m: memref<4x4xf32, strided<[4, 1]>>, %s: memref<2xindex>) {
  // expected-error @+1 {{'memref.reshape' op source memref type should have identity affine map}}
  %rs = memref.reshape %m(%s) : (memref<4x4xf32, strided<[4, 1]>>, memref<2xindex>) -> memref<?x?xf32>
  return
}

// -----

func.func @offset_source(%m: memref<4xf32, strided<[1], offset: 2>>, %s: memref<2xindex>) {
  // expected-error @+1 {{'memref.reshape' op source memref type should have identity affine map}}
  %rs = memref.reshape %m(%s) : (memref<4xf32, strided<[1], offset: 2>>, memref<2xindex>) -> memref<?x?xf32>
  return
}

// -----

func.func @strided_result(%m: memref<?xf32>, %s: memref<2xindex>) {
  // expected-error @+1 {{'memref.reshape' op result memref type should have identity affine map}}
  %rs = memref.reshape %m(%s) : (memref<?xf32>, memref<2xindex>) -> memref<?x?xf32, strided<[?, 1]>>
  return
}
