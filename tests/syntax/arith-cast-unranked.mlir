// RUN: ir-asm --split-input-file -verify-diagnostics %s
// An arith cast of an unranked tensor: mlir-opt-22 crashes checking its
// dimensions (SameInputOutputTensorDims asks an unranked tensor for its
// shape), so this file has no mlir-opt RUN line. Here unranked to unranked
// passes, as the rule means, and unranked against ranked does not, since
// the dimensions cannot be shown to be the same.

func.func @fine(%t: tensor<*xi32>, %f: tensor<*xf32>) {
  %0 = arith.index_cast %t : tensor<*xi32> to tensor<*xindex>
  %1 = arith.extf %f : tensor<*xf32> to tensor<*xf64>
  return
}

// -----

func.func @unranked_to_ranked(%t: tensor<*xf32>) {
  // expected-error @+1 {{'arith.extf' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extf %t : tensor<*xf32> to tensor<2xf64>
  return
}

// -----

func.func @ranked_to_unranked(%t: tensor<2xi32>) {
  // expected-error @+1 {{'arith.sitofp' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.sitofp %t : tensor<2xi32> to tensor<*xf32>
  return
}
