// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// A type in a custom form that ODS gives a class is checked as it is
// parsed: a ranked memref or tensor where the op names MemRefType or
// RankedTensorType (the message names what it found), any memref or any
// tensor where it names BaseMemRefType or TensorType (the message names
// nothing). We said "found another type", without the op, and took an
// unranked memref where a ranked one is due. Messages are mlir-opt-22's
// (the second RUN line checks).

func.func @load_tensor(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{custom op 'memref.load' invalid kind of type specified: expected builtin.memref, but found 'tensor<4xf32>'}}
  %0 = memref.load %m[%i] : tensor<4xf32>
  return
}

// -----

func.func @alloc_unranked() {
  // expected-error @+1 {{custom op 'memref.alloc' invalid kind of type specified: expected builtin.memref, but found 'memref<*xf32>'}}
  %0 = memref.alloc() : memref<*xf32>
  return
}

// -----

func.func @subview_unranked(%m: memref<4xf32>) {
  // expected-error @+1 {{custom op 'memref.subview' invalid kind of type specified: expected builtin.memref, but found 'memref<*xf32>'}}
  %0 = memref.subview %m[0] [2] [1] : memref<*xf32> to memref<2xf32>
  return
}

// -----

func.func @dealloc_tensor(%m: memref<4xf32>) {
  // expected-error @+1 {{custom op 'memref.dealloc' invalid kind of type specified}}
  memref.dealloc %m : tensor<4xf32>
  return
}

// -----

func.func @cast_tensor(%m: memref<4xf32>) {
  // expected-error @+1 {{custom op 'memref.cast' invalid kind of type specified}}
  %0 = memref.cast %m : tensor<4xf32> to memref<4xf32>
  return
}

// -----

// reinterpret_cast takes any memref but gives a ranked one.
func.func @reinterpret_to_tensor(%m: memref<4xf32>) {
  // expected-error @+1 {{custom op 'memref.reinterpret_cast' invalid kind of type specified: expected builtin.memref, but found 'tensor<4xf32>'}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [4], strides: [1] : memref<4xf32> to tensor<4xf32>
  return
}

// -----

func.func @expand_unranked(%m: memref<4xf32>) {
  // expected-error @+1 {{custom op 'memref.expand_shape' invalid kind of type specified: expected builtin.memref, but found 'memref<*xf32>'}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [2, 2] : memref<*xf32> into memref<2x2xf32>
  return
}

// -----

// prefetch's own parser reports at the colon.
func.func @prefetch_tensor(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{custom op 'memref.prefetch' invalid kind of type specified: expected builtin.memref, but found 'tensor<4xf32>'}}
  memref.prefetch %m[%i], read, locality<3>, data : tensor<4xf32>
  return
}

// -----

func.func @view_to_tensor(%m: memref<16xi8>, %i: index) {
  // expected-error @+1 {{'memref.view' op result #0 must be memref of any type values, but got 'tensor<4xf32>'}}
  %0 = memref.view %m[%i][] : memref<16xi8> to tensor<4xf32>
  return
}

// -----

func.func @realloc_to_unranked(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.realloc' op result #0 must be 1D memref of any type values, but got 'memref<*xf32>'}}
  %0 = memref.realloc %m : memref<4xf32> to memref<*xf32>
  return
}

// -----

func.func @extract_unranked(%t: tensor<4xf32>, %i: index) {
  // expected-error @+1 {{custom op 'tensor.extract' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = tensor.extract %t[%i] : tensor<*xf32>
  return
}

// -----

func.func @collapse_memref(%t: tensor<2x2xf32>) {
  // expected-error @+1 {{custom op 'tensor.collapse_shape' invalid kind of type specified}}
  %0 = tensor.collapse_shape %t [[0, 1]] : memref<2x2xf32> into tensor<4xf32>
  return
}
