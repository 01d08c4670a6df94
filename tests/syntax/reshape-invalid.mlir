// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// memref.expand_shape and collapse_shape: the reassociation, the shapes on
// both sides and the exact result type (an identity source gives no layout;
// a strided one the strides the reshape implies, and collapsing dims that
// are statically not contiguous is refused). We checked little beyond the
// reassociation's form before. Messages are mlir-opt-22's (second RUN).

func.func @group_size(%m: memref<8xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op collapsed dim size (8) must equal reassociation group size (6)}}
  %e = memref.expand_shape %m [[0, 1]] output_shape [2, 3] : memref<8xf32> into memref<2x3xf32>
  return
}

// -----

func.func @output_shape(%m: memref<?xf32>, %d: index) {
  // expected-error @+1 {{'memref.expand_shape' op invalid output shape provided at pos 1}}
  %e = memref.expand_shape %m [[0, 1]] output_shape [%d, 0] : memref<?xf32> into memref<?x4xf32>
  return
}

// -----

// A reshape cannot make a static dim dynamic or the other way round.
func.func @dynamic_group(%m: memref<8xf32>, %d: index) {
  // expected-error @+1 {{'memref.expand_shape' op collapsed dim (0) must be dynamic if and only if reassociation group is dynamic}}
  %e = memref.expand_shape %m [[0, 1]] output_shape [%d, 4] : memref<8xf32> into memref<?x4xf32>
  return
}

// -----

func.func @not_contiguous(%m: memref<8xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op reassociation indices must be contiguous}}
  %e = memref.expand_shape %m [[1, 0]] output_shape [2, 4] : memref<8xf32> into memref<2x4xf32>
  return
}

// -----

func.func @index_out_of_bounds(%m: memref<8xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op reassociation index 1 is out of bounds}}
  %c = memref.collapse_shape %m [[0, 1]] : memref<8xf32> into memref<8xf32>
  return
}

// -----

func.func @rank0_ones(%m: memref<1x2xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op rank 0 memrefs can only be extended/collapsed with/from ones}}
  %c = memref.collapse_shape %m [] : memref<1x2xf32> into memref<f32>
  return
}

// -----

func.func @not_an_expansion(%m: memref<2x4xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op has source rank 2 and result rank 1. This is not an expansion (2 > 1).}}
  %e = "memref.expand_shape"(%m) <{reassociation = [[0, 1]], static_output_shape = array<i64: 8>}> : (memref<2x4xf32>) -> memref<8xf32>
  return
}

// -----

// An identity source expands to an identity result, not to the same
// strides spelled out.
func.func @identity_in_identity_out(%m: memref<8xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op expected expanded type to be 'memref<2x4xf32>' but found 'memref<2x4xf32, strided<[4, 1]>>'}}
  %e = memref.expand_shape %m [[0, 1]] output_shape [2, 4] : memref<8xf32> into memref<2x4xf32, strided<[4, 1]>>
  return
}

// -----

// A strided source: the inner dim keeps the source stride, the outer one
// is that times the inner size.
func.func @strided_expand(%m: memref<8xf32, strided<[2]>>) {
  // expected-error @+1 {{'memref.expand_shape' op expected expanded type to be 'memref<2x4xf32, strided<[8, 2]>>' but found 'memref<2x4xf32>'}}
  %e = memref.expand_shape %m [[0, 1]] output_shape [2, 4] : memref<8xf32, strided<[2]>> into memref<2x4xf32>
  return
}

// -----

func.func @element_type(%m: memref<2x4xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<8xf32>' but found 'memref<8xf64>'}}
  %c = memref.collapse_shape %m [[0, 1]] : memref<2x4xf32> into memref<8xf64>
  return
}

// -----

// Dims 0 and 1 make one dim only if dim 0's stride is dim 1's times its
// size (9 * 3 = 27); it is 24.
func.func @gap_between_rows(%m: memref<2x3x4xf32, strided<[24, 9, 2]>>) {
  // expected-error @+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %c = memref.collapse_shape %m [[0, 1], [2]] : memref<2x3x4xf32, strided<[24, 9, 2]>> into memref<6x4xf32, strided<[9, 2]>>
  return
}

// -----

// A dynamic last dim may be 1 at run time, so the group's stride is unknown.
func.func @dynamic_last_dim(%m: memref<2x?xf32, strided<[8, 2]>>) {
  // expected-error @+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<?xf32, strided<[?]>>' but found 'memref<?xf32, strided<[2]>>'}}
  %c = memref.collapse_shape %m [[0, 1]] : memref<2x?xf32, strided<[8, 2]>> into memref<?xf32, strided<[2]>>
  return
}

// -----

// memref.prefetch's locality is 0 to 3.
func.func @prefetch_locality(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  memref.prefetch %m[%i], read, locality<4>, data : memref<4xf32>
  return
}

// -----

// Valid: contiguous groups with unit dims whose strides mean nothing, a
// dynamic group, an offset carried over, rank 0 both ways, a strided
// expansion with a dynamic size, and affine.for with step 0 (which
// mlir-opt-22's parser takes; only a negative step is refused).
func.func @valid(%a: memref<2x1x4xf32, strided<[8, 99, 2]>>, %b: memref<2x4x?xf32, strided<[8, 2, 1]>>,
                 %c: memref<2x4xf32, strided<[4, 1], offset: 3>>, %d: memref<1x1xf32>,
                 %e: memref<f32>, %f: memref<?xf32, strided<[2]>>, %n: index) {
  %0 = memref.collapse_shape %a [[0, 1, 2]] : memref<2x1x4xf32, strided<[8, 99, 2]>> into memref<8xf32, strided<[2]>>
  %1 = memref.collapse_shape %b [[0, 1, 2]] : memref<2x4x?xf32, strided<[8, 2, 1]>> into memref<?xf32, strided<[?]>>
  %2 = memref.collapse_shape %c [[0, 1]] : memref<2x4xf32, strided<[4, 1], offset: 3>> into memref<8xf32, strided<[1], offset: 3>>
  %3 = memref.collapse_shape %d [] : memref<1x1xf32> into memref<f32>
  %4 = memref.expand_shape %e [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
  %5 = memref.expand_shape %f [[0, 1]] output_shape [4, %n] : memref<?xf32, strided<[2]>> into memref<4x?xf32, strided<[?, 2]>>
  affine.for %i = 0 to 10 step 0 {
  }
  return
}
