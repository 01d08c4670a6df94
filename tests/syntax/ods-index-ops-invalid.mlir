// RUN: ir-asm --split-input-file --allow-unregistered-dialect -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --allow-unregistered-dialect --verify-diagnostics %s
// REQUIRES: mlir-opt
// ODS's checks of memref.load/store (indices of index type), memref.dim
// and tensor.dim (a source not of rank 0, an index, an index result) and
// tensor.extract/insert (a ranked tensor, indices, element and result
// types, then the indices' count), each in mlir-opt-22's order. We
// accepted most of these.

func.func @f(%m: memref<2xf32>, %f: f32, %i: index) {
  // expected-error @+1 {{'memref.load' op operand #1 must be variadic of index, but got 'f32'}}
  %r = "memref.load"(%m, %f) : (memref<2xf32>, f32) -> f32
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index) {
  // expected-error @+1 {{'memref.store' op operand #2 must be variadic of index, but got 'f32'}}
  "memref.store"(%f, %m, %f) : (f32, memref<2xf32>, f32) -> ()
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index) {
  // expected-error @+1 {{'memref.load' op expected 1 or more operands, but found 0}}
  %r = "memref.load"() : () -> f32
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index) {
  // expected-error @+1 {{'memref.load' op requires one result}}
  "memref.load"(%m, %i) : (memref<2xf32>, index) -> ()
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index) {
  // expected-error @+1 {{'memref.store' op expected 2 or more operands, but found 1}}
  "memref.store"(%f) : (f32) -> ()
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index) {
  // expected-error @+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %r = "memref.load"(%m, %i, %i) : (memref<2xf32>, index, index) -> i32
  return
}

// -----

func.func @f(%m: memref<*xf32>, %f: f32, %i: index) {
  // expected-error @+1 {{'memref.load' op operand #0 must be memref of any type values, but got 'memref<*xf32>'}}
  %r = "memref.load"(%m, %i) : (memref<*xf32>, index) -> f32
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index) {
  // expected-error @+1 {{'memref.store' op store index operand count not equal to memref rank}}
  "memref.store"(%f, %m, %i, %i) : (f32, memref<2xf32>, index, index) -> ()
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %t: tensor<2xf32>, %z: memref<f32>) {
  // expected-error @+1 {{'memref.dim' op operand #1 must be index, but got 'f32'}}
  %r = "memref.dim"(%m, %f) : (memref<2xf32>, f32) -> index
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %t: tensor<2xf32>, %z: memref<f32>) {
  // expected-error @+1 {{'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'memref<f32>'}}
  %r = "memref.dim"(%z, %i) : (memref<f32>, index) -> index
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %t: tensor<2xf32>, %z: memref<f32>) {
  // expected-error @+1 {{'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'tensor<2xf32>'}}
  %r = "memref.dim"(%t, %i) : (tensor<2xf32>, index) -> index
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %t: tensor<2xf32>, %z: memref<f32>) {
  // expected-error @+1 {{'memref.dim' op result #0 must be index, but got 'i32'}}
  %r = "memref.dim"(%m, %i) : (memref<2xf32>, index) -> i32
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %t: tensor<2xf32>, %z: memref<f32>) {
  // expected-error @+1 {{'tensor.dim' op operand #1 must be index, but got 'f32'}}
  %r = "tensor.dim"(%t, %f) : (tensor<2xf32>, f32) -> index
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %t: tensor<2xf32>, %z: memref<f32>) {
  // expected-error @+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'memref<2xf32>'}}
  %r = "tensor.dim"(%m, %i) : (memref<2xf32>, index) -> index
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %t: tensor<f32>, %z: memref<f32>) {
  // expected-error @+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<f32>'}}
  %r = "tensor.dim"(%t, %i) : (tensor<f32>, index) -> f32
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %t: tensor<2xf32>, %u: tensor<*xf32>) {
  // expected-error @+1 {{'tensor.extract' op operand #0 must be ranked tensor of any type values, but got 'f32'}}
  %r = "tensor.extract"(%f) : (f32) -> f32
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %t: tensor<2xf32>, %u: tensor<*xf32>) {
  // expected-error @+1 {{'tensor.extract' op operand #1 must be variadic of index, but got 'f32'}}
  %r = "tensor.extract"(%t, %f) : (tensor<2xf32>, f32) -> f32
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %t: tensor<2xf32>, %u: tensor<*xf32>) {
  // expected-error @+1 {{'tensor.extract' op failed to verify that result type matches element type of tensor}}
  %r = "tensor.extract"(%t, %i) : (tensor<2xf32>, index) -> i32
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %t: tensor<2xf32>, %u: tensor<*xf32>) {
  // expected-error @+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %r = "tensor.extract"(%t, %i, %i) : (tensor<2xf32>, index, index) -> f32
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %t: tensor<2xf32>, %u: tensor<*xf32>) {
  // expected-error @+1 {{'tensor.extract' op operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %r = "tensor.extract"(%u, %i) : (tensor<*xf32>, index) -> f32
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %t: tensor<2xf32>, %u: tensor<*xf32>) {
  // expected-error @+1 {{'tensor.insert' op operand #1 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %r = "tensor.insert"(%f, %u, %i) : (f32, tensor<*xf32>, index) -> tensor<*xf32>
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %t: tensor<2xf32>, %u: tensor<*xf32>) {
  // expected-error @+1 {{'tensor.insert' op operand #2 must be variadic of index, but got 'f32'}}
  %r = "tensor.insert"(%f, %t, %f) : (f32, tensor<2xf32>, f32) -> tensor<2xf32>
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %t: tensor<2xf32>, %u: tensor<*xf32>) {
  // expected-error @+1 {{'tensor.insert' op failed to verify that scalar type matches element type of dest}}
  %r = "tensor.insert"(%i, %t, %i) : (index, tensor<2xf32>, index) -> tensor<2xf32>
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %t: tensor<2xf32>, %u: tensor<*xf32>) {
  // expected-error @+1 {{'tensor.insert' op failed to verify that result type matches type of dest}}
  %r = "tensor.insert"(%f, %t, %i) : (f32, tensor<2xf32>, index) -> tensor<3xf32>
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %t: tensor<2xf32>, %u: tensor<*xf32>) {
  // expected-error @+1 {{'tensor.insert' op incorrect number of indices}}
  %r = "tensor.insert"(%f, %t) : (f32, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %t: tensor<2xf32>, %u: tensor<*xf32>) {
  // expected-error @+1 {{'tensor.extract' op expected 1 or more operands, but found 0}}
  %r = "tensor.extract"() : () -> f32
  return
}

// -----

// The operand named is the first index that is not one, not the group's
// first.
func.func @f(%m: memref<2x2xf32>, %i: index, %n: i32) {
  // expected-error @+1 {{'affine.load' op operand #2 must be variadic of index, but got 'i32'}}
  %r = "affine.load"(%m, %i, %n) <{map = affine_map<(d0, d1) -> (d0, d1)>}> : (memref<2x2xf32>, index, i32) -> f32
  return
}

// -----

func.func @f(%m: memref<2x2xf32>, %i: index, %n: i32, %v: f32) {
  // expected-error @+1 {{'affine.store' op operand #3 must be variadic of index, but got 'i32'}}
  "affine.store"(%v, %m, %i, %n) <{map = affine_map<(d0, d1) -> (d0, d1)>}> : (f32, memref<2x2xf32>, index, i32) -> ()
  return
}
