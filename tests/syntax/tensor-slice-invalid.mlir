// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// tensor.extract_slice's result type is its static sizes over the source's
// element type, or that with some unit dimensions dropped; insert_slice's
// source is checked the same way against its destination. Only the slices'
// bounds were checked here before, so a wrong type went through the
// pipeline and out to mlir-opt, which refused it. Messages are
// mlir-opt-22's (the second RUN line checks); two of them end in a blank,
// which the annotations leave out.

// The cases that verify: full rank, unit dimensions dropped, dynamic sizes,
// an encoding on the source only (encodings are not compared).
func.func @fine(%t: tensor<8x16xf32, "enc">, %d: tensor<8x1x16xf32>, %n: index) {
  %a = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<8x16xf32, "enc"> to tensor<4x4xf32>
  %b = tensor.extract_slice %d[0, 0, 0] [1, 1, 4] [1, 1, 1] : tensor<8x1x16xf32> to tensor<4xf32>
  %c = tensor.extract_slice %d[0, 0, 0] [1, 1, 1] [1, 1, 1] : tensor<8x1x16xf32> to tensor<f32>
  %e = tensor.extract_slice %d[0, 0, 0] [2, 1, %n] [1, 1, 1] : tensor<8x1x16xf32> to tensor<2x?xf32>
  %f = tensor.insert_slice %b into %d[1, 0, 2] [1, 1, 4] [1, 1, 1] : tensor<4xf32> into tensor<8x1x16xf32>
  return
}

// -----

func.func @size(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x5xf32>
  return
}

// -----

// Only unit dimensions may be dropped, and a static size is not `?`.
func.func @drop_non_unit(%t: tensor<8x16xf32>, %n: index) {
  // expected-error @+1 {{expected type to be 'tensor<2x4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<8x16xf32> to tensor<4xf32>
  return
}

// -----

func.func @dynamic_for_static(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x?xf32>
  return
}

// -----

// The expected type keeps the source's encoding.
func.func @encoding_named(%t: tensor<8x16xf32, "enc">) {
  // expected-error @+1 {{expected type to be 'tensor<4x4xf32, "enc">' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<8x16xf32, "enc"> to tensor<4x5xf32>
  return
}

// -----

func.func @rank(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected rank to be smaller or equal to the other rank.}}
  %0 = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4x1xf32>
  return
}

// -----

func.func @element(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected element type to be 'f32'}}
  %0 = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf64>
  return
}

// -----

// The type comes before the bounds.
func.func @type_before_bounds(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected type to be 'tensor<4x40xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0, 0] [4, 40] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @insert_size(%t: tensor<8x16xf32>, %s: tensor<4x4xf32>) {
  // expected-error @+1 {{expected type to be 'tensor<4x5xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.insert_slice %s into %t[0, 0] [4, 5] [1, 1] : tensor<4x4xf32> into tensor<8x16xf32>
  return
}

// -----

func.func @insert_element(%t: tensor<8x16xf32>, %s: tensor<4x4xi32>) {
  // expected-error @+1 {{expected element type to be 'f32'}}
  %0 = tensor.insert_slice %s into %t[0, 0] [4, 4] [1, 1] : tensor<4x4xi32> into tensor<8x16xf32>
  return
}

// -----

// The lists are as long as the source's rank (the destination's for
// insert_slice).
func.func @short_lists(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{expected 2 offset values, got 1}}
  %0 = tensor.extract_slice %t[0] [4] [1] : tensor<8x16xf32> to tensor<4xf32>
  return
}

// -----

func.func @insert_short_lists(%t: tensor<8x16xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{expected 2 offset values, got 1}}
  %0 = tensor.insert_slice %s into %t[0] [4] [1] : tensor<4xf32> into tensor<8x16xf32>
  return
}
