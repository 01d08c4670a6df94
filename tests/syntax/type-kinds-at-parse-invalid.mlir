// RUN: ir-asm --split-input-file --allow-unregistered-dialect -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --allow-unregistered-dialect --verify-diagnostics %s
// REQUIRES: mlir-opt
// Custom forms whose parsers ask for a type of one kind report another
// kind where the type stands, before any operand is resolved against it:
// MLIR's parseColonType<MemRefType>, ODS's memref-typed operands, and
// memref.global's own parser (at the op's name).

func.func @affine_load(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{custom op 'affine.load' invalid kind of type specified: expected builtin.memref, but found 'i64'}}
  %a = affine.load %m[%i] : i64
  return
}

// -----

func.func @affine_store(%m: memref<4xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{custom op 'affine.store' invalid kind of type specified: expected builtin.memref, but found 'i1'}}
  affine.store %v, %m[%i] : i1
  return
}

// -----

func.func @test_copy(%c: i1, %m: memref<4xf32>) {
  // expected-error @+1 {{custom op 'test.copy' invalid kind of type specified}}
  test.copy(%c, %m) : (i1, memref<4xf32>)
  return
}

// -----

func.func @buffer_based(%a: i32, %m: memref<2xf32>) {
  // expected-error @+1 {{custom op 'test.buffer_based' invalid kind of type specified}}
  test.buffer_based in(%a: i32) out(%m: memref<2xf32>)
  return
}

// -----

func.func @clone_operand(%a: i32) {
  // expected-error @+1 {{custom op 'bufferization.clone' invalid kind of type specified}}
  %c = bufferization.clone %a : i32 to memref<2xf32>
  return
}

// -----

func.func @clone_result(%m: memref<2xf32>) {
  // expected-error @+1 {{custom op 'bufferization.clone' invalid kind of type specified}}
  %c = bufferization.clone %m : memref<2xf32> to i32
  return
}

// -----

// expected-error @+1 {{custom op 'memref.global' type should be static shaped memref, but got 'i1'}}
memref.global "private" @scalar : i1 = dense<0.0>

// -----

// expected-error @+1 {{custom op 'memref.global' type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global "private" @dynamic : memref<?xf32>

// -----

// expected-error @+1 {{custom op 'memref.global' initial value should be a unit or elements attribute}}
memref.global "private" @string : memref<2xf32> = "x"

// -----

// array<T: ...> wants an integer or float element type, and names the one
// it got at the type.
// expected-error @+1 {{expected integer or float type, got: 'memref<?xf32>'}}
"test.a"() {a = array<memref<?xf32>: 1, 0>} : () -> ()

// -----

// dense<...> takes any shaped type of static shape, a memref among them.
// expected-error @+1 {{elements literal must be a shaped type}}
"test.a"() {v = dense<[1, 2]> : i64} : () -> ()

// -----

// expected-error @+1 {{elements literal type must have static shape}}
"test.a"() {v = dense<[1, 2]> : memref<*xi64>} : () -> ()

// -----

"test.a"() {v = dense<[1.0, 2.0]> : memref<2xf32>} : () -> ()
