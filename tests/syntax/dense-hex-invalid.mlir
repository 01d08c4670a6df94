// RUN: ir-asm --allow-unregistered-dialect --split-input-file -verify-diagnostics %s
// RUN: not ir-asm --allow-unregistered-dialect --split-input-file %s -o %t 2>&1 | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// Hex dense<> bodies MLIR refuses, with its messages (the third RUN line
// checks them against mlir-opt-22) at its columns (the CHECK lines). They
// used to be kept as written, and printed as text mlir-opt-22 refuses.

// CHECK: dense-hex-invalid.mlir:[[# @LINE + 2]]:17: error: elements hex data size is invalid for provided type: 'tensor<4xi32>'
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<4xi32>'}}
"test.a"() {v = dense<"0x0102"> : tensor<4xi32>} : () -> ()

// -----

// CHECK: dense-hex-invalid.mlir:[[# @LINE + 2]]:17: error: elements hex data size is invalid for provided type: 'tensor<9xi1>'
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<9xi1>'}}
"test.a"() {v = dense<"0x05"> : tensor<9xi1>} : () -> ()

// -----

// CHECK: dense-hex-invalid.mlir:[[# @LINE + 2]]:23: error: expected string containing hex digits starting with `0x`
// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"test.a"() {v = dense<"0x012"> : tensor<3xi4>} : () -> ()

// -----

// CHECK: dense-hex-invalid.mlir:[[# @LINE + 2]]:23: error: expected string containing hex digits starting with `0x`
// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"test.a"() {v = dense<"0xG0"> : tensor<1xi8>} : () -> ()

// -----

// CHECK: dense-hex-invalid.mlir:[[# @LINE + 2]]:23: error: expected string containing hex digits starting with `0x`
// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"test.a"() {v = dense<"1234"> : tensor<2xi8>} : () -> ()

// -----

// A complex element takes its part's storage twice, each part rounded up to
// whole bytes (complex<i3>: two bytes, complex<i1> too, complex<tf32> six);
// rounding only the pair, as once done here, took one, one and five.

// CHECK: dense-hex-invalid.mlir:[[# @LINE + 2]]:17: error: elements hex data size is invalid for provided type: 'tensor<1xcomplex<i3>>'
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<1xcomplex<i3>>'}}
"test.a"() {v = dense<"0x01"> : tensor<1xcomplex<i3>>} : () -> ()

// -----

// CHECK: dense-hex-invalid.mlir:[[# @LINE + 2]]:17: error: elements hex data size is invalid for provided type: 'tensor<3xcomplex<i1>>'
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<3xcomplex<i1>>'}}
"test.a"() {v = dense<"0x010203"> : tensor<3xcomplex<i1>>} : () -> ()

// -----

// CHECK: dense-hex-invalid.mlir:[[# @LINE + 2]]:17: error: elements hex data size is invalid for provided type: 'tensor<1xcomplex<tf32>>'
// expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<1xcomplex<tf32>>'}}
"test.a"() {v = dense<"0x0102030405"> : tensor<1xcomplex<tf32>>} : () -> ()
