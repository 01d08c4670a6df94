// RUN: ir-asm --split-input-file --allow-unregistered-dialect -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --allow-unregistered-dialect --verify-diagnostics %s
// REQUIRES: mlir-opt
// A symbol (func.func, memref.global) whose parent op is registered must
// sit in a symbol table (SymbolOpInterface's verifier); under an
// unregistered op anything goes.

func.func @outer() {
  // expected-error @+1 {{'func.func' op symbol's parent must have the SymbolTable trait}}
  func.func private @inner(%a: i32) -> i1
  return
}

// -----

func.func @outer() {
  // expected-error @+1 {{'memref.global' op symbol's parent must have the SymbolTable trait}}
  memref.global "private" @g : memref<2xf32>
  return
}

// -----

func.func @outer() {
  "test.container"() ({
    func.func private @fine(%a: i32) -> i1
    memref.global "private" @g : memref<2xf32>
  }) : () -> ()
  return
}
