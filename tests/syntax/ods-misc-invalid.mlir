// RUN: ir-asm --split-input-file --allow-unregistered-dialect -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --allow-unregistered-dialect --verify-diagnostics %s
// REQUIRES: mlir-opt
// More of ODS's checks in mlir-opt-22's order (required attributes, then
// operand and result types, then the op's own verifier), found by a probe
// of every registered op in generic form: gpu.dealloc/wait/alloc tokens,
// affine.apply, vector.print, vector.vscale, transform ops, index.constant,
// memref.prefetch/assume_alignment/expand_shape/collapse_shape/realloc,
// bufferization.dealloc and cf.assert. We accepted many of these.

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %n: i32) {
  // expected-error @+1 {{'gpu.dealloc' op operand #0 must be memref of any type values, but got 'f32'}}
  "gpu.dealloc"(%f) : (f32) -> ()
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %n: i32) {
  // expected-error @+1 {{'gpu.wait' op result group starting at #0 requires 0 or 1 element, but found 2}}
  %r:2 = "gpu.wait"() : () -> (i32, i64)
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %n: i32) {
  // expected-error @+1 {{'affine.apply' op requires attribute 'map'}}
  %r = "affine.apply"(%n) : (i32) -> (i32)
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %n: i32, %t: tensor<2xf32>) {
  // expected-error @+1 {{'vector.print' op operand #0 must be , but got 'tensor<2xf32>'}}
  "vector.print"(%t) : (tensor<2xf32>) -> ()
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %n: i32) {
  // expected-error @+1 {{'vector.print' op operand group starting at #0 requires 0 or 1 element, but found 2}}
  "vector.print"(%f, %i) : (f32, index) -> ()
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %n: i32) {
  // expected-error @+1 {{'transform.structured.vectorize' op operand #0 must be TransformHandleTypeInterface instance, but got 'f32'}}
  "transform.structured.vectorize"(%f) : (f32) -> ()
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %n: i32) {
  // expected-error @+1 {{'affine.apply' op result #0 must be index, but got 'i32'}}
  %r = "affine.apply"(%i) <{map = affine_map<(d0) -> (d0)>}> : (index) -> (i32)
  return
}

// -----

func.func @f(%m: memref<2xf32>, %f: f32, %i: index, %n: i32) {
  // expected-error @+1 {{'affine.apply' op operand #0 must be variadic of index, but got 'i32'}}
  %r = "affine.apply"(%n) <{map = affine_map<(d0) -> (d0)>}> : (i32) -> (index)
  return
}

// -----

func.func @f(%i: index) {
  // expected-error @+1 {{'affine.apply' op operand count and affine map dimension and symbol count must match}}
  %r = "affine.apply"(%i, %i) <{map = affine_map<(d0) -> (d0)>}> : (index, index) -> (index)
  return
}

// -----

func.func @f(%i: index) {
  // expected-error @+1 {{'affine.apply' op mapping must produce one value}}
  %r = "affine.apply"(%i) <{map = affine_map<(d0) -> (d0, d0)>}> : (index) -> (index)
  return
}

// -----

func.func @f(%i: index) {
  %r = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%i]
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index) {
  // expected-error @+1 {{'gpu.alloc' op result #1 must be async token type, but got 'memref<?xf32>'}}
  %r, %t = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> (memref<2xf32>, memref<?xf32>)
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index) {
  // expected-error @+1 {{'gpu.alloc' op result group starting at #1 requires 0 or 1 element, but found 2}}
  %r, %t, %u = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> (memref<2xf32>, !gpu.async.token, !gpu.async.token)
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index) {
  // expected-error @+1 {{'gpu.dealloc' op result #0 must be async token type, but got 'i32'}}
  %t = "gpu.dealloc"(%m) : (memref<2xf32>) -> (i32)
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index) {
  %t = gpu.wait async
  %u = gpu.dealloc async [%t] %m : memref<2xf32>
  // expected-error @+1 {{operation defines 2 results but was provided 1 to bind}}
  %r = gpu.alloc async [%u] () : memref<2xf32>
  gpu.wait [%u]
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index, %b: i1) {
  // expected-error @+1 {{'affine.load' op requires attribute 'map'}}
  %r = "affine.load"(%m, %i) : (memref<2xf32>, index) -> f32
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index, %b: i1) {
  // expected-error @+1 {{'affine.store' op requires attribute 'map'}}
  "affine.store"(%i, %m, %i) : (index, memref<2xf32>, index) -> ()
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index, %b: i1) {
  // expected-error @+1 {{'memref.assume_alignment' op requires attribute 'alignment'}}
  %r = "memref.assume_alignment"(%m) : (memref<2xf32>) -> memref<2xf32>
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index, %b: i1) {
  // expected-error @+1 {{'memref.expand_shape' op requires attribute 'reassociation'}}
  %r = "memref.expand_shape"(%m) <{static_output_shape = array<i64: 2, 1>}> : (memref<2xf32>) -> memref<2x1xf32>
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index, %b: i1) {
  // expected-error @+1 {{'memref.prefetch' op requires attribute 'isDataCache'}}
  "memref.prefetch"(%m, %i) <{isWrite = true, localityHint = 1 : i32}> : (memref<2xf32>, index) -> ()
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index, %b: i1) {
  // expected-error @+1 {{'cf.assert' op requires attribute 'msg'}}
  "cf.assert"(%b) : (i1) -> ()
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index, %b: i1) {
  // expected-error @+1 {{'index.constant' op requires attribute 'value'}}
  %r = "index.constant"() : () -> index
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index, %b: i1) {
  // expected-error @+1 {{'vector.vscale' op result #0 must be index, but got 'i32'}}
  %r = "vector.vscale"() : () -> i32
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index, %b: i1) {
  // expected-error @+1 {{'memref.collapse_shape' op requires attribute 'reassociation'}}
  %r = "memref.collapse_shape"(%m) : (memref<2xf32>) -> memref<2xf32>
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index, %b: i1) {
  %r = "memref.alloc"() : () -> memref<2xf32>
  // expected-error @+1 {{'memref.realloc' op operand #1 must be index, but got 'memref<2xf32>'}}
  %r2 = "memref.realloc"(%r, %m) : (memref<2xf32>, memref<2xf32>) -> memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index, %b: i1) {
  // expected-error @+1 {{'memref.realloc' op operand group starting at #1 requires 0 or 1 element, but found 2}}
  %r2 = "memref.realloc"(%m, %i, %i) : (memref<2xf32>, index, index) -> memref<?xf32>
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'index.constant' op attribute 'value' failed to satisfy constraint: index attribute}}
  %r = "index.constant"() <{value = 3 : i32}> : () -> index
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{'index.constant' op result #0 must be index, but got 'i32'}}
  %r = "index.constant"() <{value = 3 : index}> : () -> i32
  return
}

// -----

func.func @f(%b: i1, %m: memref<2xf32>) {
  // expected-error @+1 {{'transform.yield' op operand #0 must be variadic of any transform handle or parameter, but got 'i1'}}
  "transform.yield"(%b) : (i1) -> ()
  return
}

// -----

func.func @f(%b: i1, %m: memref<2xf32>) {
  // expected-error @+1 {{'transform.structured.match' op operand #0 must be TransformHandleTypeInterface instance, but got 'i1'}}
  %r = "transform.structured.match"(%b) : (i1) -> !transform.any_op
  return
}

// -----

func.func @f(%b: i1, %m: memref<2xf32>) {
  // expected-error @+1 {{'transform.structured.match' op requires a single operand}}
  %r = "transform.structured.match"() : () -> !transform.any_op
  return
}

// -----

func.func @f(%b: !transform.any_op, %m: memref<2xf32>) {
  // expected-error @+1 {{'transform.structured.match' op result #0 must be TransformHandleTypeInterface instance, but got 'i1'}}
  %r = "transform.structured.match"(%b) : (!transform.any_op) -> i1
  return
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @s(%a: !transform.any_op {transform.readonly}) -> !transform.any_op {
    %0 = transform.structured.match ops{["linalg.fill"]} in %a : (!transform.any_op) -> !transform.op<"linalg.fill">
    transform.yield %a : !transform.any_op
  }
}

// -----

func.func @f(%m: memref<2xf32>, %b: i1, %i: index) {
  // expected-error @+1 {{'bufferization.dealloc' op operand #0 must be variadic of ranked or unranked memref of any type values, but got 'index'}}
  "bufferization.dealloc"(%i, %b) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (index, i1) -> ()
  return
}

// -----

func.func @f(%m: memref<2xf32>, %b: i1, %i: index) {
  // expected-error @+1 {{'bufferization.dealloc' op operand #1 must be variadic of 1-bit signless integer, but got 'index'}}
  "bufferization.dealloc"(%m, %i) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2xf32>, index) -> ()
  return
}

// -----

func.func @f(%m: memref<2xf32>, %b: i1, %i: index) {
  // expected-error @+1 {{'bufferization.dealloc' op operand #2 must be variadic of ranked or unranked memref of any type values, but got 'index'}}
  %r = "bufferization.dealloc"(%m, %b, %i) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (memref<2xf32>, i1, index) -> i1
  return
}

// -----

func.func @f(%m: memref<2xf32>, %b: i1, %i: index) {
  // expected-error @+1 {{'bufferization.dealloc' op result #0 must be variadic of 1-bit signless integer, but got 'index'}}
  %r = "bufferization.dealloc"(%m, %b, %m) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (memref<2xf32>, i1, memref<2xf32>) -> index
  return
}

// -----

func.func @f(%m: memref<2xf32>, %b: i1, %i: index) {
  // expected-error @+1 {{'bufferization.dealloc' op result #0 must be variadic of 1-bit signless integer, but got 'index'}}
  %r = "bufferization.dealloc"(%m, %b) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<2xf32>, i1) -> index
  return
}

// -----

func.func @f(%m: memref<2xf32>, %b: i1, %i: index) {
  // expected-error @+1 {{'bufferization.dealloc' op must have the same number of conditions as memrefs to deallocate}}
  "bufferization.dealloc"(%m, %b, %b) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<2xf32>, i1, i1) -> ()
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index) {
  // expected-error @+1 {{'memref.expand_shape' op requires attribute 'reassociation'}}
  %r = "memref.expand_shape"(%i) : (index) -> memref<2x1xf32>
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index) {
  // expected-error @+1 {{'memref.expand_shape' op requires attribute 'static_output_shape'}}
  %r = "memref.expand_shape"(%m) <{reassociation = [[0, 1]]}> : (memref<2xf32>) -> memref<2x1xf32>
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index) {
  // expected-error @+1 {{'memref.collapse_shape' op requires attribute 'reassociation'}}
  %r = "memref.collapse_shape"(%i) : (index) -> memref<2xf32>
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'memref.realloc' op expected 1 or more operands, but found 0}}
  %r = "memref.realloc"() : () -> memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'memref.realloc' op operand #0 must be 1D memref of any type values, but got 'f32'}}
  %r = "memref.realloc"(%f, %i, %i) : (f32, index, index) -> memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'memref.realloc' op operand #1 must be index, but got 'f32'}}
  %r = "memref.realloc"(%m, %f) : (memref<2xf32>, f32) -> memref<4xf32>
  return
}

// -----

func.func @f(%m: memref<2xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'memref.realloc' op result #0 must be 1D memref of any type values, but got 'f32'}}
  %r = "memref.realloc"(%m) : (memref<2xf32>) -> f32
  return
}

// -----

func.func @f(%i: index) {
  // expected-error @+1 {{'cf.assert' op operand #0 must be 1-bit signless integer, but got 'index'}}
  "cf.assert"(%i) <{msg = "x"}> : (index) -> ()
  return
}

// -----

func.func @f(%m: memref<2xf32>) {
  // expected-error @+1 {{'memref.extract_strided_metadata' op result #1 must be index, but got 'tensor<2xf32>'}}
  %b, %o, %s, %t = "memref.extract_strided_metadata"(%m) : (memref<2xf32>) -> (memref<f32>, tensor<2xf32>, index, index)
  return
}
