// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// tensor.cast goes between tensors of one element type and compatible
// shapes; it had no verifier here. memref.cast also compares layouts: each
// stride and the offset agree where both are static; a cast to a layout
// with another static stride went through here. Messages are mlir-opt-22's
// (the second RUN line checks).

// The cases that verify.
func.func @fine(%t: tensor<4xf32>, %m: memref<4xf32>, %s: memref<4xf32, strided<[?], offset: ?>>) {
  %a = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %b = tensor.cast %a : tensor<?xf32> to tensor<*xf32>
  %c = tensor.cast %b : tensor<*xf32> to tensor<4xf32>
  %d = memref.cast %m : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
  %e = memref.cast %s : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32, strided<[1], offset: 3>>
  %f = memref.cast %m : memref<4xf32> to memref<4xf32, strided<[1]>>
  return
}

// -----

func.func @tensor_to_memref(%t: tensor<?xf32>) {
  // expected-error @+1 {{custom op 'tensor.cast' invalid kind of type specified}}
  %1 = tensor.cast %t : tensor<?xf32> to memref<?xf32>
  return
}

// -----

func.func @tensor_element(%t: tensor<?xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand type 'tensor<?xf32>' and result type 'tensor<?xf64>' are cast incompatible}}
  %1 = tensor.cast %t : tensor<?xf32> to tensor<?xf64>
  return
}

// -----

func.func @tensor_rank(%t: tensor<?xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand type 'tensor<?xf32>' and result type 'tensor<?x?xf32>' are cast incompatible}}
  %1 = tensor.cast %t : tensor<?xf32> to tensor<?x?xf32>
  return
}

// -----

func.func @tensor_size(%t: tensor<4xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<5xf32>' are cast incompatible}}
  %1 = tensor.cast %t : tensor<4xf32> to tensor<5xf32>
  return
}

// -----

func.func @tensor_of_memref(%m: memref<4xf32>) {
  // expected-error @+1 {{'tensor.cast' op operand #0 must be tensor of any type values, but got 'memref<4xf32>'}}
  %1 = "tensor.cast"(%m) : (memref<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @memref_stride(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xf32, strided<[2]>>' are cast incompatible}}
  %1 = memref.cast %m : memref<4xf32> to memref<4xf32, strided<[2]>>
  return
}

// -----

func.func @memref_of_tensor(%t: tensor<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<4xf32>'}}
  %1 = "memref.cast"(%t) : (tensor<4xf32>) -> memref<4xf32>
  return
}
