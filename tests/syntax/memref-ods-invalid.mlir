// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// Kinds ODS gives memref ops' operands, results and attributes that were
// not checked here before: memref.rank and
// extract_aligned_pointer_as_index take a memref and give an index; an
// alignment is an i64. Messages are mlir-opt-22's (the second RUN line
// checks).

func.func @rank_of_tensor(%t: tensor<4xf32>) {
  // expected-error @+1 {{'memref.rank' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<4xf32>'}}
  %0 = "memref.rank"(%t) : (tensor<4xf32>) -> index
  return
}

// -----

func.func @rank_as_i64(%m: memref<*xf32>) {
  // expected-error @+1 {{'memref.rank' op result #0 must be index, but got 'i64'}}
  %0 = "memref.rank"(%m) : (memref<*xf32>) -> i64
  return
}

// -----

func.func @pointer_as_f16(%m: memref<?xf32>) {
  // expected-error @+1 {{'memref.extract_aligned_pointer_as_index' op result #0 must be index, but got 'f16'}}
  %p = memref.extract_aligned_pointer_as_index %m : memref<?xf32> -> f16
  return
}

// -----

func.func @pointer_of_tensor(%t: tensor<4xf32>) {
  // expected-error @+1 {{'memref.extract_aligned_pointer_as_index' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<4xf32>'}}
  %0 = "memref.extract_aligned_pointer_as_index"(%t) : (tensor<4xf32>) -> index
  return
}

// -----

func.func @alignment_i32() {
  // expected-error @+1 {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = "memref.alloc"() <{alignment = 16 : i32, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  return
}
