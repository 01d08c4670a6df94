// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// Layouts written as affine maps are evaluated as MLIR's
// getStridesAndOffset does: the map's one result, linear in the
// dimensions, gives the strides and the offset (a symbol makes them
// dynamic). The views' verifiers used to skip such layouts, so a wrong
// one went through the pipeline to mlir-opt, which refused it. A map of
// several results is not strided. Messages are mlir-opt-22's (the second
// RUN line checks).

// The cases that verify: the same layouts written both ways.
func.func @fine(%m: memref<4x4xf32, affine_map<(i, j)[N] -> (i * N + j)>>, %n: memref<4x4xf32>, %p: memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 4 + d1)>>) {
  %a = memref.subview %m[1, 1] [2, 2] [1, 1] : memref<4x4xf32, affine_map<(i, j)[N] -> (i * N + j)>> to memref<2x2xf32, strided<[?, 1], offset: ?>>
  %b = memref.subview %n[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, affine_map<(d0, d1) -> (d0 * 4 + d1 + 5)>>
  %c = memref.reinterpret_cast %n to offset: [0], sizes: [2, 8], strides: [8, 1] : memref<4x4xf32> to memref<2x8xf32, affine_map<(d0, d1) -> (d0 * 8 + d1)>>
  %d = memref.expand_shape %p [[0, 1], [2]] output_shape [2, 2, 4] : memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 4 + d1)>> into memref<2x2x4xf32, strided<[8, 4, 1]>>
  return
}

// -----

func.func @reinterpret_stride(%m: memref<4x4xf32>) {
  // expected-error @+1 {{expected result type with stride = -1 instead of 1 in dim = 1}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [2, 8], strides: [8, -1] : memref<4x4xf32> to memref<2x8xf32, affine_map<(d0, d1) -> (d0 * 8 + d1)>>
  return
}

// -----

func.func @source_map(%m: memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 4 + d1)>>) {
  // expected-error @+1 {{expected result type to be 'memref<2x2xf32, strided<[4, 1], offset: 5>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<2x2xf32, strided<[4, 1], offset: 6>>'}}
  %s = memref.subview %m[1, 1] [2, 2] [1, 1] : memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 4 + d1)>> to memref<2x2xf32, strided<[4, 1], offset: 6>>
  return
}

// -----

func.func @result_map(%m: memref<4x4xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<2x2xf32, strided<[4, 1], offset: 5>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<2x2xf32, affine_map<(d0, d1) -> (d0 * 4 + d1 + 6)>>'}}
  %s = memref.subview %m[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, affine_map<(d0, d1) -> (d0 * 4 + d1 + 6)>>
  return
}

// -----

// A symbol is a dynamic offset where the static one is known.
func.func @symbol_for_static(%m: memref<4x4xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<2x2xf32, strided<[4, 1], offset: 5>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<2x2xf32, affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>>'}}
  %s = memref.subview %m[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>>
  return
}

// -----

// Products, differences and constants fold: strides 2 and 3, offset -3.
func.func @folded(%m: memref<4x4xf32, affine_map<(d0, d1) -> ((d0 + d1) * 2 - d1 * 2 + 3 * (d1 - 1))>>) {
  // expected-error @+1 {{expected result type to be 'memref<2x2xf32, strided<[2, 3], offset: -3>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<2x2xf32, strided<[2, 3], offset: 3>>'}}
  %s = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<4x4xf32, affine_map<(d0, d1) -> ((d0 + d1) * 2 - d1 * 2 + 3 * (d1 - 1))>> to memref<2x2xf32, strided<[2, 3], offset: 3>>
  return
}

// -----

func.func @base_not_strided(%m: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  // expected-error @+1 {{base type 'memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>' is not strided}}
  %s = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>> to memref<2x2xf32>
  return
}

// -----

func.func @result_not_strided(%m: memref<4x4xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<2x2xf32, strided<[4, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<2x2xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>'}}
  %s = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>
  return
}

// -----

func.func @reinterpret_not_strided(%m: memref<16xf32>) {
  // expected-error @+1 {{'memref.reinterpret_cast' op result #0 must be strided memref of any type values, but got 'memref<2x8xf32, affine_map<(d0, d1) -> (d1, d0)>>'}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [2, 8], strides: [8, 1] : memref<16xf32> to memref<2x8xf32, affine_map<(d0, d1) -> (d1, d0)>>
  return
}

// -----

func.func @expand_map_source(%m: memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 4 + d1)>>) {
  // expected-error @+1 {{'memref.expand_shape' op expected expanded type to be 'memref<2x2x4xf32, strided<[8, 4, 1]>>' but found 'memref<2x2x4xf32, strided<[8, 4, 2]>>'}}
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 2, 4] : memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 4 + d1)>> into memref<2x2x4xf32, strided<[8, 4, 2]>>
  return
}

// -----

func.func @collapse_map_source(%m: memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 8 + d1)>>) {
  // expected-error @+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %e = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 8 + d1)>> into memref<16xf32>
  return
}
