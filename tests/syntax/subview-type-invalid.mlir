// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// memref.subview's result type is the one its source, offsets, sizes and
// strides give (offset = source offset + sum of offset * source stride,
// stride = source stride * step), or that type with unit dimensions
// dropped. Only the sizes of a full-rank result were checked here before,
// so a wrong layout went through the pipeline and out to mlir-opt, which
// refused it. Messages are mlir-opt-22's (the second RUN line checks).

func.func @wrong_offset(%m: memref<3x4xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<3x1xf32, strided<[4, 1], offset: 1>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<3x1xf32, strided<[4, 1], offset: 2>>'}}
  %s = memref.subview %m[0, 1] [3, 1] [1, 1] : memref<3x4xf32> to memref<3x1xf32, strided<[4, 1], offset: 2>>
  return
}

// -----

// An identity layout means offset 0: a slice that starts elsewhere needs
// the strided layout spelled out.
func.func @identity_but_offset(%m: memref<4xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<2xf32, strided<[1], offset: 1>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<2xf32>'}}
  %s = memref.subview %m[1] [2] [1] : memref<4xf32> to memref<2xf32>
  return
}

// -----

// A dynamic stride or offset where the type knows it is a mismatch too.
func.func @dynamic_where_static(%m: memref<4x4xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<2x2xf32, strided<[4, 1], offset: 5>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<2x2xf32, strided<[?, 1], offset: ?>>'}}
  %s = memref.subview %m[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[?, 1], offset: ?>>
  return
}

// -----

func.func @static_where_dynamic(%m: memref<4xf32, strided<[?], offset: ?>>) {
  // expected-error @+1 {{expected result type to be 'memref<2xf32, strided<[?], offset: ?>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<2xf32, strided<[?], offset: 3>>'}}
  %s = memref.subview %m[1] [2] [1] : memref<4xf32, strided<[?], offset: ?>> to memref<2xf32, strided<[?], offset: 3>>
  return
}

// -----

func.func @wrong_size(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[16, 2]>>' or a rank-reduced version. (mismatch of result sizes), but got 'memref<?x4xf32, strided<[16, 2]>>'}}
  %s = memref.subview %m[0, 0] [4, 4] [2, 2] : memref<8x8xf32> to memref<?x4xf32, strided<[16, 2]>>
  return
}

// -----

func.func @rank_too_large(%m: memref<4x4xf32>) {
  // expected-error @+1 {{expected result rank to be smaller or equal to the source rank, but got 'memref<2x2x1xf32>'}}
  %s = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2x1xf32>
  return
}

// -----

func.func @element_type(%m: memref<4x4xf32>) {
  // expected-error @+1 {{expected result element type to be 'f32', but got 'memref<2x2xf64, strided<[4, 1]>>'}}
  %s = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf64, strided<[4, 1]>>
  return
}

// -----

func.func @memory_space(%m: memref<4x4xf32, 1>) {
  // expected-error @+1 {{different memory spaces specified for base memref type 'memref<4x4xf32, 1>' and subview memref type 'memref<2x2xf32, strided<[4, 1]>>'}}
  %s = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<4x4xf32, 1> to memref<2x2xf32, strided<[4, 1]>>
  return
}

// -----

// Of the two unit dims of [1, 1] slice, the result keeps one stride: 4
// or 1 (either is a valid reduction), never 2.
func.func @reduced_stride(%m: memref<4x4xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<1x1xf32, strided<[4, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<1xf32, strided<[2]>>'}}
  %s = memref.subview %m[0, 0] [1, 1] [1, 1] : memref<4x4xf32> to memref<1xf32, strided<[2]>>
  return
}

// -----

func.func @reduced_wrong_stride(%m: memref<4x1x4xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<1x1x4xf32, strided<[4, 4, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<1x4xf32, strided<[16, 1]>>'}}
  %s = memref.subview %m[0, 0, 0] [1, 1, 4] [1, 1, 1] : memref<4x1x4xf32> to memref<1x4xf32, strided<[16, 1]>>
  return
}

// -----

// Valid results: full rank, offsets and steps folded into the layout,
// rank-reduced forms, a dynamic source, offset 0 on a dynamic stride (0
// times ? is 0, so the offset is static), and a layout written as an
// affine map (not evaluated here; mlir-opt-22 accepts this one).
func.func @valid(%m: memref<4x4xf32>, %u: memref<4x1x4xf32>, %d: memref<?x?xf32>,
                 %s: memref<4xf32, strided<[2], offset: 3>>, %z: memref<3x?x5xf32>,
                 %e: memref<8x8xf32>) {
  %0 = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1]>>
  %1 = memref.subview %m[1, 1] [2, 2] [2, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[8, 1], offset: 5>>
  %2 = memref.subview %m[0, 0] [1, 1] [1, 1] : memref<4x4xf32> to memref<f32>
  %3 = memref.subview %m[0, 0] [1, 1] [1, 1] : memref<4x4xf32> to memref<1xf32>
  %4 = memref.subview %m[0, 0] [1, 1] [1, 1] : memref<4x4xf32> to memref<1xf32, strided<[4]>>
  %5 = memref.subview %u[0, 0, 0] [1, 1, 4] [1, 1, 1] : memref<4x1x4xf32> to memref<1x4xf32, strided<[4, 1]>>
  %6 = memref.subview %u[0, 0, 0] [1, 1, 4] [1, 1, 1] : memref<4x1x4xf32> to memref<4xf32>
  %7 = memref.subview %d[1, 1] [2, 2] [1, 1] : memref<?x?xf32> to memref<2x2xf32, strided<[?, 1], offset: ?>>
  %8 = memref.subview %s[1] [2] [1] : memref<4xf32, strided<[2], offset: 3>> to memref<2xf32, strided<[2], offset: 5>>
  %9 = memref.subview %z[0, 0, 0] [2, 1, 5] [1, 1, 1] : memref<3x?x5xf32> to memref<2x1x5xf32, strided<[?, 5, 1]>>
  %10 = memref.subview %e[0, 0] [4, 4] [2, 2] : memref<8x8xf32> to memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 16 + d1 * 2)>>
  return
}
