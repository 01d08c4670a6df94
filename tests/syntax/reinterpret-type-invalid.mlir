// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// memref.reinterpret_cast's result type must say what its lists say:
// every static size, the offset and every stride of the result's layout
// (an identity layout has offset 0 and the canonical strides) equal the
// static_sizes / offsets / strides entry, and where the list has a
// dynamic entry the type must too. Only the sizes count was checked here
// before. Also the lists' lengths, in the interface's words. Messages are
// mlir-opt-22's (the second RUN line checks).

func.func @size(%m: memref<4x4xf32>) {
  // expected-error @+1 {{expected result type with size = 8 instead of 4 in dim = 1}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [2, 8], strides: [8, 1] : memref<4x4xf32> to memref<2x4xf32, strided<[8, 1]>>
  return
}

// -----

func.func @dynamic_size(%m: memref<4x4xf32>, %n: index) {
  // expected-error @+1 {{expected result type with size = dynamic instead of 8 in dim = 1}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [2, %n], strides: [8, 1] : memref<4x4xf32> to memref<2x8xf32, strided<[8, 1]>>
  return
}

// -----

// The identity layout of the result means offset 0.
func.func @offset(%m: memref<4x4xf32>) {
  // expected-error @+1 {{expected result type with offset = 1 instead of 0}}
  %r = memref.reinterpret_cast %m to offset: [1], sizes: [2, 8], strides: [8, 1] : memref<4x4xf32> to memref<2x8xf32, strided<[8, 1]>>
  return
}

// -----

func.func @dynamic_offset(%m: memref<4x4xf32>, %o: index) {
  // expected-error @+1 {{expected result type with offset = dynamic instead of 3}}
  %r = memref.reinterpret_cast %m to offset: [%o], sizes: [2, 8], strides: [8, 1] : memref<4x4xf32> to memref<2x8xf32, strided<[8, 1], offset: 3>>
  return
}

// -----

// ... and the canonical strides, here [8, 1].
func.func @identity_strides(%m: memref<4x4xf32>) {
  // expected-error @+1 {{expected result type with stride = 4 instead of 8 in dim = 0}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [2, 8], strides: [4, 1] : memref<4x4xf32> to memref<2x8xf32>
  return
}

// -----

func.func @element_type(%m: memref<4x4xf32>) {
  // expected-error @+1 {{different element types specified for source type 'memref<4x4xf32>' and result memref type 'memref<2x8xi32, strided<[8, 1]>>'}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [2, 8], strides: [8, 1] : memref<4x4xf32> to memref<2x8xi32, strided<[8, 1]>>
  return
}

// -----

func.func @memory_space(%m: memref<4x4xf32>) {
  // expected-error @+1 {{different memory spaces specified for source type 'memref<4x4xf32>' and result memref type 'memref<2x8xf32, strided<[8, 1]>, 1>'}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [2, 8], strides: [8, 1] : memref<4x4xf32> to memref<2x8xf32, strided<[8, 1]>, 1>
  return
}

// -----

func.func @strides_count(%m: memref<4x4xf32>) {
  // expected-error @+1 {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed.}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [2, 8], strides: [1] : memref<4x4xf32> to memref<2x8xf32>
  return
}

// -----

func.func @offsets_count(%m: memref<4x4xf32>) {
  // expected-error @+1 {{expected 1 offset values, got 2}}
  %r = memref.reinterpret_cast %m to offset: [0, 1], sizes: [2, 8], strides: [8, 1] : memref<4x4xf32> to memref<2x8xf32>
  return
}

// -----

func.func @sizes_count(%m: memref<4x4xf32>) {
  // expected-error @+1 {{expected 2 size values, got 1}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [2], strides: [8] : memref<4x4xf32> to memref<2x8xf32>
  return
}

// -----

// subview's lists have the source's rank.
func.func @subview_offsets_count(%m: memref<4x4xf32>) {
  // expected-error @+1 {{expected 2 offset values, got 1}}
  %s = memref.subview %m[0] [2] [1] : memref<4x4xf32> to memref<2xf32>
  return
}

// -----

// Valid: a dynamic entry in the type takes any value; a dim of 0 makes
// the strides outside it dynamic in the identity layout; an unranked source; a
// layout written as an affine map (not evaluated here).
func.func @valid(%m: memref<4x4xf32>, %u: memref<*xf32>, %i: index) {
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [2, 8], strides: [8, 1] : memref<4x4xf32> to memref<2x8xf32>
  %1 = memref.reinterpret_cast %m to offset: [%i], sizes: [2, 8], strides: [8, 1] : memref<4x4xf32> to memref<2x?xf32, strided<[?, 1], offset: ?>>
  %2 = memref.reinterpret_cast %m to offset: [0], sizes: [2, 0, 8], strides: [5, 8, 1] : memref<4x4xf32> to memref<2x0x8xf32>
  %3 = memref.reinterpret_cast %u to offset: [2], sizes: [2, 8], strides: [8, 1] : memref<*xf32> to memref<2x8xf32, strided<[8, 1], offset: 2>>
  %4 = memref.reinterpret_cast %m to offset: [0], sizes: [2, 8], strides: [8, 1] : memref<4x4xf32> to memref<2x8xf32, affine_map<(d0, d1) -> (d0 * 8 + d1)>>
  return
}
