// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: not ir-asm --split-input-file %s -o %t 2>&1 | FileCheck %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// A dense<> literal is read before the type after it: MLIR's
// TensorLiteralParser checks the literal's own syntax (elements, complex
// pairs, brackets, ranks that agree) without the type, so an error there
// is reported even when the type after it is bad too. The CHECK lines hold
// mlir-opt-22's columns. A float literal given an integer type is
// reported where the parser stands after the type (parseFloatAttr's
// emitError), which is the next token, here on the next line.

func.func @trailing_comma() {
  // CHECK: dense-syntax-first-invalid.mlir:[[@LINE+2]]:36: error: expected element literal of primitive type
  // expected-error @+1 {{expected element literal of primitive type}}
  %0 = arith.constant dense<[1, 2, ]> : tensor<2xf32x>
  return
}

// -----

func.func @unclosed_list() {
  // CHECK: dense-syntax-first-invalid.mlir:[[@LINE+2]]:34: error: expected ']'
  // expected-error @+1 {{expected ']'}}
  %0 = arith.constant dense<[1, 2> : tensor<3xi32>
  return
}

// -----

func.func @minus_without_number() {
  // CHECK: dense-syntax-first-invalid.mlir:[[@LINE+2]]:34: error: expected integer or floating point literal
  // expected-error @+1 {{expected integer or floating point literal}}
  %0 = arith.constant dense<[1, -true]> : i32
  return
}

// -----

func.func @complex_without_comma() {
  // CHECK: dense-syntax-first-invalid.mlir:[[@LINE+2]]:32: error: expected ',' between complex elements
  // expected-error @+1 {{expected ',' between complex elements}}
  %0 = arith.constant dense<[(1 2)]> : f32
  return
}

// -----

func.func @complex_unclosed() {
  // CHECK: dense-syntax-first-invalid.mlir:[[@LINE+2]]:35: error: expected ')' after complex elements
  // expected-error @+1 {{expected ')' after complex elements}}
  %0 = arith.constant dense<[(1, 2]> : f32
  return
}

// -----

func.func @ranks_disagree() {
  // CHECK: dense-syntax-first-invalid.mlir:[[@LINE+2]]:36: error: tensor literal is invalid; ranks are not consistent between elements
  // expected-error @+1 {{tensor literal is invalid; ranks are not consistent between elements}}
  %0 = arith.constant dense<[[1], 2]> : tensor<2xf32x>
  return
}

// -----

func.func @junk_before_close() {
  // CHECK: dense-syntax-first-invalid.mlir:[[@LINE+2]]:32: error: expected '>'
  // expected-error @+1 {{expected '>'}}
  %0 = arith.constant dense<[1] x> : tensor<1xi32>
  return
}

// -----

func.func @keyword_element() {
  // CHECK: dense-syntax-first-invalid.mlir:[[@LINE+2]]:29: error: expected element literal of primitive type
  // expected-error @+1 {{expected element literal of primitive type}}
  %0 = arith.constant dense<none> : index
  return
}

// -----

func.func @float_for_integer() {
  // CHECK: dense-syntax-first-invalid.mlir:[[@LINE+3]]:3: error: floating point value not valid for specified type
  %0 = arith.constant 1.5 : i32
  // expected-error @+1 {{floating point value not valid for specified type}}
  return
}

// -----

func.func @negative_float_for_index() {
  // CHECK: dense-syntax-first-invalid.mlir:[[@LINE+2]]:37: error: floating point value not valid for specified type
  // expected-error @+1 {{floating point value not valid for specified type}}
  %0 = arith.constant -2.5 : index  } loc("x")
