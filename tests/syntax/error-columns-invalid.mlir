// RUN: ir-asm --allow-unregistered-dialect --split-input-file -verify-diagnostics %s
// RUN: not ir-asm --allow-unregistered-dialect --split-input-file %s -o %t 2>&1 | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// Parse errors whose column is where mlir-opt-22 puts it. Each parser
// decides between the current token, the token before it (MLIR's
// emitWrongTokenError) and a location it saved earlier; these cases were
// each at another column or without the custom op's prefix.

// scf.while saves its type location before the colon.
func.func @while_types(%a: i32) {
  // CHECK: error-columns-invalid.mlir:[[# @LINE + 2]]:23: error: custom op 'scf.while' expected as many input types as operands (expected 1 got 0)
  // expected-error @+1 {{custom op 'scf.while' expected as many input types as operands (expected 1 got 0)}}
  scf.while (%x = %a) : () -> () {
    scf.condition(%x)
  } do {
    scf.yield
  }
  return
}

// -----

// A label in a body whose arguments the op names: at the label.
func.func @label(%a: i32) {
// CHECK: error-columns-invalid.mlir:[[# @LINE + 2]]:1: error: invalid block name in region with named arguments
// expected-error @+1 {{invalid block name in region with named arguments}}
^bb1(%x: i32):
  return
}

// -----

// The label is looked at before the arguments' names: an argument that
// shadows a value does not hide it.
func.func @label_before_names(%n: index) {
  "test.region"() ({
    func.func @g(%n: index) {
    // CHECK: error-columns-invalid.mlir:[[# @LINE + 2]]:5: error: invalid block name in region with named arguments
    // expected-error @+1 {{invalid block name in region with named arguments}}
    ^bb1:
      return
    }
  }) : () -> ()
  return
}

// -----

// A type after named arguments: at the type, from func.func's parser.
func.func @mixed_named(
  %cond: i1,
  // CHECK: error-columns-invalid.mlir:[[# @LINE + 2]]:3: error: custom op 'func.func' expected SSA identifier
  // expected-error @+1 {{custom op 'func.func' expected SSA identifier}}
  i32) {
  return
}

// -----

// A named argument after types: at its name, once it has parsed.
// CHECK: error-columns-invalid.mlir:[[# @LINE + 2]]:38: error: custom op 'func.func' expected type instead of SSA identifier
// expected-error @+1 {{custom op 'func.func' expected type instead of SSA identifier}}
func.func private @mixed_unnamed(i1, %x: i32)

// -----

// An unknown type alias: at the token after it.
// CHECK: error-columns-invalid.mlir:[[# @LINE + 2]]:26: error: undefined symbol alias id 'nothere'
// expected-error @+1 {{undefined symbol alias id 'nothere'}}
"test.op"() {t = !nothere, u = 1} : () -> ()
