// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// func.call must name a func.func of the nearest symbol table with the
// call's operand and result types (CallOp::verifySymbolUses). None of it
// was checked here: a call with the wrong types went through the pipeline
// to mlir-opt, which refused it. ir-asm verifies a module a function at a
// time, so it judges the calls at the module's end (a callee may come
// after its caller). Messages are mlir-opt-22's (the second RUN line).

func.func private @g(%a: i32) -> i1

func.func @result_type(%x: i32) {
  // expected-error @+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note @+2 {{      op result types: 'i32'}}
  // expected-note @+1 {{function result types: 'i1'}}
  %r = func.call @g(%x) : (i32) -> i32
  return
}

// -----

func.func @operand_type(%y: i64) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  %r = func.call @g(%y) : (i64) -> i1
  return
}

func.func private @g(%a: i32) -> i1

// -----

func.func private @g(%a: i32) -> i1

func.func @operand_count(%x: i32) {
  // expected-error @+1 {{'func.call' op incorrect number of operands for callee}}
  %r = func.call @g(%x, %x) : (i32, i32) -> i1
  return
}

// -----

func.func private @g(%a: i32) -> i1

func.func @result_count(%x: i32) {
  // expected-error @+1 {{'func.call' op incorrect number of results for callee}}
  func.call @g(%x) : (i32) -> ()
  return
}

// -----

func.func @undefined(%x: i32) {
  // expected-error @+1 {{'func.call' op 'h' does not reference a valid function}}
  %r = func.call @h(%x) : (i32) -> i1
  return
}

// -----

// A symbol that is not a function is not a callee.
memref.global "private" @m : memref<2xf32> = uninitialized

func.func @not_a_function(%x: i32) {
  // expected-error @+1 {{'func.call' op 'm' does not reference a valid function}}
  %r = func.call @m(%x) : (i32) -> i1
  return
}

// -----

// The nearest symbol table: inside a nested module, @g is the nested one.
func.func private @g(%a: i32) -> i1

module @inner {
  func.func private @g(%a: i64) -> i1
  func.func @nested(%x: i32) {
    // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'i64', but provided 'i32' for operand number 0}}
    %r = func.call @g(%x) : (i32) -> i1
    return
  }
}

// -----

// Valid: a callee defined after its caller, a call in a nested region,
// recursion, and the nested module's own @g.
func.func @caller(%x: i32, %c: i1) -> i1 {
  %r = func.call @later(%x) : (i32) -> i1
  %s = scf.if %c -> (i1) {
    %t = func.call @caller(%x, %r) : (i32, i1) -> i1
    scf.yield %t : i1
  } else {
    scf.yield %r : i1
  }
  return %s : i1
}
func.func private @later(%a: i32) -> i1
module @inner {
  func.func private @g(%a: i64) -> i1
  func.func @nested(%x: i64) -> i1 {
    %r = func.call @g(%x) : (i64) -> i1
    return %r : i1
  }
}
