// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// tensor.pad: its result type is the source's sizes plus the static pads
// (a dynamic pad or size leaves that size open), and its body takes one
// index per dimension and yields the element type. It had no verifier
// here. Messages are mlir-opt-22's (the second RUN line checks).

func.func @fine(%t: tensor<4x?xf32>, %i: index, %f: f32) {
  %p = tensor.pad %t low[1, 0] high[2, %i] {
  ^bb0(%x: index, %y: index):
    tensor.yield %f : f32
  } : tensor<4x?xf32> to tensor<7x?xf32>
  return
}

// -----

func.func @wrong_size(%t: tensor<4xf32>, %f: f32) {
  // expected-error @+1 {{specified type 'tensor<8xf32>' does not match the inferred type 'tensor<7xf32>'}}
  %p = tensor.pad %t low[1] high[2] {
  ^bb0(%x: index):
    tensor.yield %f : f32
  } : tensor<4xf32> to tensor<8xf32>
  return
}

// -----

func.func @too_many_pads(%t: tensor<4xf32>, %f: f32) {
  // expected-error @+1 {{failed to infer expectedType from sourceType 'tensor<4xf32>', specified resultType is 'tensor<7xf32>'}}
  %p = tensor.pad %t low[1, 2] high[2] {
  ^bb0(%x: index):
    tensor.yield %f : f32
  } : tensor<4xf32> to tensor<7xf32>
  return
}

// -----

func.func @argument_kind(%t: tensor<4xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'tensor.pad' op expected block argument 1 to be an index}}
  %p = tensor.pad %t low[1] high[%i] {
  ^bb0(%x: i32):
    tensor.yield %f : f32
  } : tensor<4xf32> to tensor<?xf32>
  return
}

// -----

func.func @argument_count(%t: tensor<4xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{expected the block to have 1 arguments}}
  %p = tensor.pad %t low[1] high[%i] {
  ^bb0(%x: index, %y: index):
    tensor.yield %f : f32
  } : tensor<4xf32> to tensor<?xf32>
  return
}

// -----

func.func @yield_type(%t: tensor<4xf32>, %i: index, %g: f64) {
  // expected-error @+1 {{'tensor.pad' op expected yield type to match shape element type}}
  %p = tensor.pad %t low[1] high[%i] {
  ^bb0(%x: index):
    tensor.yield %g : f64
  } : tensor<4xf32> to tensor<?xf32>
  return
}
