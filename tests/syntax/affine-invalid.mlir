// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// affine.load / affine.store: subscripts that are not affine expressions
// (MLIR's AffineParser), and the checks of AffineLoadOp / AffineStoreOp
// verify. Each message is mlir-opt-22's wording (the second RUN line
// checks that).

func.func @dim_times_dim(%m: memref<100x100xf32>, %i: index) {
  // expected-error @+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
  %a = affine.load %m[%i * %i, %i] : memref<100x100xf32>
  return
}

// -----

func.func @floordiv_by_dim(%m: memref<100x100xf32>, %i: index, %j: index) {
  // expected-error @+1 {{non-affine expression: right operand of floordiv has to be either a constant or symbolic}}
  %a = affine.load %m[%i floordiv %j, %i] : memref<100x100xf32>
  return
}

// -----

func.func @mod_by_dim(%m: memref<100xf32>, %i: index, %j: index, %f: f32) {
  // expected-error @+1 {{non-affine expression: right operand of mod has to be either a constant or symbolic}}
  affine.store %f, %m[%i mod %j] : memref<100xf32>
  return
}

// -----

// A value first used as a dim stays one inside `symbol(...)`.
func.func @dim_then_symbol(%m: memref<100xf32>, %i: index) {
  // expected-error @+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
  %b = affine.load %m[%i * symbol(%i)] : memref<100xf32>
  return
}

// -----

func.func @missing_operand(%m: memref<100x100xf32>, %i: index) {
  // expected-error @+1 {{missing right operand of binary operator}}
  %a = affine.load %m[%i + , %i] : memref<100x100xf32>
  return
}

// -----

func.func @rank(%m: memref<100x100xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op affine map num results must equal memref rank}}
  %a = affine.load %m[%i] : memref<100x100xf32>
  return
}

// -----

func.func @store_rank(%m: memref<100x100xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'affine.store' op affine map num results must equal memref rank}}
  affine.store %f, %m[%i] : memref<100x100xf32>
  return
}

// -----

func.func @inputs(%m: memref<100xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'affine.store' op expects as many subscripts as affine map inputs}}
  "affine.store"(%f, %m, %i) <{map = affine_map<(d0, d1) -> (d0)>}> : (f32, memref<100xf32>, index) -> ()
  return
}

// -----

func.func @result_type(%m: memref<100xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op result type must match element type of memref}}
  %a = "affine.load"(%m, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<100xf32>, index) -> i32
  return
}

// -----

func.func @store_type(%m: memref<100xf32>, %i: index, %v: i32) {
  // expected-error @+1 {{'affine.store' op value to store must have the same type as memref element type}}
  "affine.store"(%v, %m, %i) <{map = affine_map<(d0) -> (d0)>}> : (i32, memref<100xf32>, index) -> ()
  return
}

// -----

func.func @index_type(%m: memref<100xf32>, %i: i32) {
  // expected-error @+1 {{'affine.load' op operand #1 must be variadic of index, but got 'i32'}}
  %a = "affine.load"(%m, %i) <{map = affine_map<(d0) -> (d0)>}> : (memref<100xf32>, i32) -> f32
  return
}

// -----

func.func @no_map(%m: memref<100xf32>, %i: index) {
  // expected-error @+1 {{'affine.load' op requires attribute 'map'}}
  %a = "affine.load"(%m, %i) : (memref<100xf32>, index) -> f32
  return
}
