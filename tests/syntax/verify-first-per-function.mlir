// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// A module that fails to verify gets mlir-opt-22's diagnostics: the first
// problem of each function (each isolated-from-above op), in the order of
// MLIR's verifier walk, and nothing after it in that function.

// Two bad ops: the first is reported, in each function.
func.func @two_bad(%x: i32) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%x, %x) : (i32, i32) -> i64
  %1 = "arith.addi"(%x, %x) : (i32, i32) -> i16
  return
}
func.func @two_bad_too(%x: i32) {
  // expected-error @+1 {{'arith.subi' op requires the same type for all operands and results}}
  %0 = "arith.subi"(%x, %x) : (i32, i32) -> i64
  %1 = "arith.subi"(%x, %x) : (i32, i32) -> i16
  return
}

// -----

// Dominance is checked only once the function's ops verify.
func.func @op_before_dominance(%x: i32) {
  %0 = arith.addi %y, %x : i32
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %1 = "arith.addi"(%x, %x) : (i32, i32) -> i64
  %y = arith.constant 1 : i32
  return
}

// -----

// Dominance: the ops of the function's own block come before those of
// nested regions, whatever their order in the text.
func.func @dominance_order(%c: i1, %x: i32) {
  scf.if %c {
    %0 = arith.addi %z, %x : i32
  }
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %1 = arith.addi %y, %x : i32
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %y = arith.constant 1 : i32
  %z = arith.constant 2 : i32
  return
}

// -----

// An op inside a region comes before the edges of the op that holds it.
func.func @nested_before_edges(%c: i1, %m: memref<4xf32>) {
  %r = scf.if %c -> i32 {
    // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'memref<4xf32>'}}
    %1 = "arith.addi"(%m, %m) : (memref<4xf32>, memref<4xf32>) -> i64
    scf.yield %1 : i64
  } else {
    %c1 = arith.constant 1 : i32
    scf.yield %c1 : i32
  }
  return
}

// -----

// The edges of an op are checked after the ops of all its regions.
func.func @edges_after_regions(%c: i1, %a: i32) {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i32' should match successor input type #0 'i64'}}
  %r = scf.if %c -> i64 {
    // expected-note @+1 {{region branch point}}
    scf.yield %a : i32
  } else {
    scf.yield %a : i32
  }
  return
}

// -----

// A block is checked for successors in its middle before its ops are.
func.func @block_before_ops(%x: i32) {
  %0 = "arith.addi"(%x, %x) : (i32, i32) -> i64
  // expected-error @+1 {{operation with block successors must terminate its parent block}}
  "cf.br"()[^bb1] : () -> ()
  return
^bb1:
  return
}

// -----

// A top-level op that is not a function fails the module before its
// functions are verified.
// expected-error @+1 {{'memref.global' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
"memref.global"() <{alignment = 3 : i64, initial_value = dense<1.0> : tensor<4xf32>, sym_name = "g", sym_visibility = "private", type = memref<4xf32>}> : () -> ()
func.func @not_reached(%x: i32) {
  %0 = "arith.addi"(%x, %x) : (i32, i32) -> i64
  return
}

// -----

// A symbol defined twice: the module's symbol table is checked once its
// functions verify, and reports the first redefinition only.
func.func private @f()
// expected-note @+1 {{see existing symbol definition here}}
func.func private @g()
// expected-error @+1 {{redefinition of symbol named 'g'}}
func.func private @g()
func.func private @f()
func.func @calls() {
  call @nowhere() : () -> ()
  return
}

// -----

// A function that fails keeps the module's symbol table unchecked.
func.func private @h()
func.func private @h()
func.func @bad(%x: i32) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%x, %x) : (i32, i32) -> i64
  return
}

// -----

// Two functions of one name and nothing else (ir-asm verifies this
// module a function at a time and judges its names at the end).
// expected-note @+1 {{see existing symbol definition here}}
func.func @twice() {
  return
}
// expected-error @+1 {{redefinition of symbol named 'twice'}}
func.func @twice() {
  return
}

// -----

// A terminator out of place whose parent is wrong too: its parent rule
// comes first (ODS lists HasParent before Terminator).
func.func @stray_yield() {
  // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield
  return
}

// -----

// memref.get_global looks its global up as a symbol use, when the module's
// symbol table is checked: after every function verified.
func.func @uses_missing() {
  %0 = memref.get_global @nope : memref<4xf32>
  return
}
func.func @bad_too(%x: i32) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%x, %x) : (i32, i32) -> i64
  return
}

// -----

func.func @only_missing() {
  // expected-error @+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %0 = memref.get_global @nope : memref<4xf32>
  return
}
