// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// tensor.collapse_shape as verifyTensorReshapeOp has it: one contiguous
// group per collapsed dimension, each collapsed size the product of its
// group (dynamic if any of the group is), the source's element type. Only
// the groups' form was checked here before. Messages are
// mlir-opt-22's (the second RUN line checks).

// The cases that verify; a group list may be empty for a rank-0 result.
func.func @fine(%t: tensor<2x?x3xf32>, %u: tensor<1x1xf32>, %v: tensor<2x1xf32>) {
  %a = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x?x3xf32> into tensor<?x3xf32>
  %b = tensor.collapse_shape %u [] : tensor<1x1xf32> into tensor<f32>
  %c = tensor.collapse_shape %u [[0, 1]] : tensor<1x1xf32> into tensor<1xf32, "e">
  %d = tensor.collapse_shape %v [] : tensor<2x1xf32> into tensor<f32>
  return
}

// -----

func.func @static_for_dynamic(%t: tensor<2x?xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<2x?xf32> into tensor<8xf32>
  return
}

// -----

func.func @wrong_size(%t: tensor<2x4xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 8}}
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<2x4xf32> into tensor<9xf32>
  return
}

// -----

func.func @dynamic_for_static(%t: tensor<2x4xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 8}}
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<2x4xf32> into tensor<?xf32>
  return
}

// -----

func.func @group_count(%t: tensor<2x4xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected collapsed rank (1) to equal the number of reassociation maps (2).}}
  %c = tensor.collapse_shape %t [[0], [1]] : tensor<2x4xf32> into tensor<8xf32>
  return
}

// -----

func.func @element(%t: tensor<2x4xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected collapsed type to be 'tensor<8xf32>', but got 'tensor<8xf64>'}}
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<2x4xf32> into tensor<8xf64>
  return
}

// -----

func.func @not_contiguous(%t: tensor<2x4x3xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected reassociation map #0 to be valid and contiguous.}}
  %c = tensor.collapse_shape %t [[0, 2], [1]] : tensor<2x4x3xf32> into tensor<6x4xf32>
  return
}

// -----

func.func @short_groups(%t: tensor<2x4x3xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected reassociation map #0 to have size equal to the expanded rank (3), but it is  2.}}
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<2x4x3xf32> into tensor<8xf32>
  return
}

// -----

func.func @higher_rank(%t: tensor<8xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected the expanded type, 'tensor<8xf32>' to have a higher (or same) rank than the collapsed type, 'tensor<2x4xf32>'.}}
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<8xf32> into tensor<2x4xf32>
  return
}
