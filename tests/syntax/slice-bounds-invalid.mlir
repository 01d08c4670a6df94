// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// The slicing ops (memref.subview and reinterpret_cast, tensor.extract_slice
// and insert_slice) take no negative static offset or size, and a slice
// must stay inside its source where the offsets, sizes and strides say so
// statically. Both used to be accepted here; the messages are mlir-opt-22's
// (the second RUN line checks them), which has no op name in front.

func.func @offset_past_end(%m: memref<3x4xf32>) {
  // expected-error @+1 {{offset 1 is out-of-bounds: 5 >= 4}}
  %s = memref.subview %m[0, 5] [3, 1] [1, 1] : memref<3x4xf32> to memref<3x1xf32, strided<[4, 1], offset: 5>>
  return
}

// -----

// An empty slice still needs its offset inside the dimension.
func.func @empty_at_end(%m: memref<3x4xf32>) {
  // expected-error @+1 {{offset 1 is out-of-bounds: 4 >= 4}}
  %s = memref.subview %m[0, 4] [3, 0] [1, 1] : memref<3x4xf32> to memref<3x0xf32, strided<[4, 1], offset: 4>>
  return
}

// -----

// The last element picked is offset + (size - 1) * stride.
func.func @stride_runs_out(%m: memref<3x4xf32>) {
  // expected-error @+1 {{slice along dimension 1 runs out-of-bounds: 4 >= 4}}
  %s = memref.subview %m[0, 1] [3, 2] [1, 3] : memref<3x4xf32> to memref<3x2xf32, strided<[4, 3], offset: 1>>
  return
}

// -----

func.func @rows_run_out(%m: memref<3x4xf32>) {
  // expected-error @+1 {{slice along dimension 0 runs out-of-bounds: 3 >= 3}}
  %s = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<3x4xf32> to memref<4x4xf32, strided<[4, 1]>>
  return
}

// -----

// In bounds: a stride that stops at the edge, an empty slice before the
// end, a zero stride, a negative stride walking back from the offset, and
// dynamic entries, which nothing is known about.
func.func @inside(%m: memref<3x4xf32>, %d: memref<?x4xf32>, %i: index) {
  %a = memref.subview %m[0, 1] [3, 2] [1, 2] : memref<3x4xf32> to memref<3x2xf32, strided<[4, 2], offset: 1>>
  %b = memref.subview %m[0, 3] [3, 0] [1, 1] : memref<3x4xf32> to memref<3x0xf32, strided<[4, 1], offset: 3>>
  %c = memref.subview %m[0, 0] [3, 5] [1, 0] : memref<3x4xf32> to memref<3x5xf32, strided<[4, 0]>>
  %e = memref.subview %m[2, 0] [2, 4] [-1, 1] : memref<3x4xf32> to memref<2x4xf32, strided<[-4, 1], offset: 8>>
  %f = memref.subview %m[%i, 0] [7, 4] [1, 1] : memref<3x4xf32> to memref<7x4xf32, strided<[4, 1], offset: ?>>
  %g = memref.subview %d[9, 0] [2, 4] [1, 1] : memref<?x4xf32> to memref<2x4xf32, strided<[4, 1], offset: 36>>
  return
}

// -----

func.func @negative_offset(%m: memref<3x4xf32>) {
  // expected-error @+1 {{expected offsets to be non-negative, but got -1}}
  %s = memref.subview %m[-1, 0] [1, 4] [1, 1] : memref<3x4xf32> to memref<1x4xf32, strided<[4, 1], offset: -4>>
  return
}

// -----

func.func @negative_size(%m: memref<3x4xf32>) {
  // expected-error @+1 {{expected sizes to be non-negative, but got -4}}
  %s = memref.subview %m[0, 0] [1, -4] [1, 1] : memref<3x4xf32> to memref<1x?xf32, strided<[4, 1]>>
  return
}

// -----

// reinterpret_cast has no bounds to check, but its offset is not negative.
func.func @reinterpret_negative(%m: memref<3x4xf32>) {
  // expected-error @+1 {{expected offsets to be non-negative, but got -1}}
  %r = memref.reinterpret_cast %m to offset: [-1], sizes: [1, 4], strides: [4, 1] : memref<3x4xf32> to memref<1x4xf32, strided<[4, 1], offset: -1>>
  return
}

// -----

func.func @reinterpret_anywhere(%m: memref<3x4xf32>) {
  %r = memref.reinterpret_cast %m to offset: [100], sizes: [9, 9], strides: [9, 1] : memref<3x4xf32> to memref<9x9xf32, strided<[9, 1], offset: 100>>
  return
}

// -----

func.func @extract_past_end(%t: tensor<4xf32>) {
  // expected-error @+1 {{slice along dimension 0 runs out-of-bounds: 4 >= 4}}
  %a = tensor.extract_slice %t[3] [2] [1] : tensor<4xf32> to tensor<2xf32>
  return
}

// -----

// insert_slice is checked against its destination.
func.func @insert_past_end(%t: tensor<4xf32>, %s: tensor<2xf32>) {
  // expected-error @+1 {{slice along dimension 0 runs out-of-bounds: 4 >= 4}}
  %a = tensor.insert_slice %s into %t[3] [2] [1] : tensor<2xf32> into tensor<4xf32>
  return
}

// -----

func.func @extract_negative(%t: tensor<4xf32>) {
  // expected-error @+1 {{expected offsets to be non-negative, but got -3}}
  %a = tensor.extract_slice %t[-3] [2] [1] : tensor<4xf32> to tensor<2xf32>
  return
}
