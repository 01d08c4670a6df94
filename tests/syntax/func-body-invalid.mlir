// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: not ir-asm --split-input-file %s -o %t 2>&1 | FileCheck %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// `{}` after a function's signature is not a body: mlir-opt-22's function
// parser refuses it at the brace (it was taken for a declaration, which
// the verifier then refused for being public). With arguments, `{}` is an
// entry block that lacks its terminator.

// CHECK: func-body-invalid.mlir:[[# @LINE + 2]]:16: error: custom op 'func.func' expected non-empty function body
// expected-error @+1 {{custom op 'func.func' expected non-empty function body}}
func.func @f() {}

// -----

// CHECK: func-body-invalid.mlir:[[# @LINE + 2]]:1: error: empty block: expect at least a terminator
// expected-error @+1 {{empty block: expect at least a terminator}}
func.func @g(%a: i32) {}

// -----

// CHECK: func-body-invalid.mlir:[[# @LINE + 2]]:24: error: custom op 'func.func' expected non-empty function body
// expected-error @+1 {{custom op 'func.func' expected non-empty function body}}
func.func private @h() {
}

// -----

// Unnamed arguments give the body no entry arguments: the verifier then
// counts them.
// expected-error @+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
func.func @unnamed_args(i32) {
  return
}

// -----

// With unnamed arguments, even `{}` is a body: one empty block, which the
// verifier refuses for its arguments before anything else.
// expected-error @+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
func.func @unnamed_args_empty(i32) {
}

// -----

// expected-error @+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
func.func @labelled_entry(i32) {
^bb0(%x: i64):
  return
}

// -----

// What the syntax gives (visibility, name, type) may not be given again
// in `attributes {..}`: we let the dictionary's replace it, and a unit
// sym_name printed as text that did not parse back (found by fuzz-parse).
// expected-error @+1 {{custom op 'func.func' 'sym_name' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @f(%a: i32) attributes {sym_name} {
  return
}

// -----

// expected-error @+1 {{'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func private @g(%a: i32) attributes {function_type = i32, sym_visibility = 1}

// -----

// expected-error @+1 {{'function_type' is an inferred attribute}}
func.func @h(%a: i32) attributes {function_type = (i32) -> ()} {
  return
}
