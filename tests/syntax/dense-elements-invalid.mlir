// RUN: ir-asm --allow-unregistered-dialect --split-input-file -verify-diagnostics %s
// RUN: not ir-asm --allow-unregistered-dialect --split-input-file %s -o %t 2>&1 | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// dense<> lists and splats whose elements do not fit the element type, with
// mlir-opt-22's messages (the third RUN line checks them against it) at its
// columns (the CHECK lines). Like MLIR, the parser checks the elements only
// after the body's syntax, its shape and, for complex types, its count, so
// an element's error comes after those. Most of these were once accepted and
// kept as written: text that mlir-opt-22 refuses.

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:24: error: integer constant out of range for type
// expected-error@+1 {{integer constant out of range for type}}
"test.a"() {v = dense<["a", 1]> : tensor<2xi32>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:24: error: expected floating point literal
// expected-error@+1 {{expected floating point literal}}
"test.a"() {v = dense<["a", 1.0]> : tensor<2xf32>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:24: error: expected floating point literal
// expected-error@+1 {{expected floating point literal}}
"test.a"() {v = dense<[true, 1.0]> : tensor<2xf32>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:23: error: expected floating point literal
// expected-error@+1 {{expected floating point literal}}
"test.a"() {v = dense<true> : tensor<2xf32>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:24: error: expected i1 type for 'true' or 'false' values
// expected-error@+1 {{expected i1 type for 'true' or 'false' values}}
"test.a"() {v = dense<[true, 1]> : tensor<2xi32>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:24: error: expected integer elements, but parsed floating-point
// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"test.a"() {v = dense<[1.5, 1]> : tensor<2xi32>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:25: error: expected unsigned integer elements, but parsed negative value
// expected-error@+1 {{expected unsigned integer elements, but parsed negative value}}
"test.a"() {v = dense<[-1, 1]> : tensor<2xui32>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:24: error: integer constant out of range for type
// expected-error@+1 {{integer constant out of range for type}}
"test.a"() {v = dense<[300]> : tensor<1xi8>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:25: error: integer constant out of range for type
// expected-error@+1 {{integer constant out of range for type}}
"test.a"() {v = dense<[-129]> : tensor<1xi8>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:24: error: integer constant out of range for type
// expected-error@+1 {{integer constant out of range for type}}
"test.a"() {v = dense<-0> : tensor<1xi32>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:24: error: integer constant out of range for type
// expected-error@+1 {{integer constant out of range for type}}
"test.a"() {v = dense<[9223372036854775808]> : tensor<1xindex>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:24: error: integer constant out of range for type
// expected-error@+1 {{integer constant out of range for type}}
"test.a"() {v = dense<[128]> : tensor<1xsi8>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:36: error: expected i1 type for 'true' or 'false' values
// expected-error@+1 {{expected i1 type for 'true' or 'false' values}}
"test.a"() {v = dense<[(1, 2), (3, true)]> : tensor<2xcomplex<i32>>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:25: error: hexadecimal float literal should not have a leading minus
// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"test.a"() {v = dense<[-0x7FC00000, 1.0]> : tensor<2xf32>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:24: error: hexadecimal float constant out of range for type
// expected-error@+1 {{hexadecimal float constant out of range for type}}
"test.a"() {v = dense<[0x17FC00000, 1.0]> : tensor<2xf32>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:24: error: hexadecimal float constant out of range for type
// expected-error@+1 {{hexadecimal float constant out of range for type}}
"test.a"() {v = dense<[0x1FFFF]> : tensor<1xf16>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:17: error: parsed 2 elements, but type ('tensor<2xcomplex<f32>>') expected 4 elements
// expected-error@+1 {{parsed 2 elements, but type ('tensor<2xcomplex<f32>>') expected 4 elements}}
"test.a"() {v = dense<[1.0, 2.0]> : tensor<2xcomplex<f32>>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:17: error: parsed 1 elements, but type ('complex<f32>') expected 2 elements
// expected-error@+1 {{parsed 1 elements, but type ('complex<f32>') expected 2 elements}}
"test.a"() {v = dense<1.0> : tensor<2xcomplex<f32>>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:17: error: parsed 3 elements, but type ('tensor<2xcomplex<f32>>') expected 4 elements
// expected-error@+1 {{parsed 3 elements, but type ('tensor<2xcomplex<f32>>') expected 4 elements}}
"test.a"() {v = dense<[(1.0, 2.0), 3.0]> : tensor<2xcomplex<f32>>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:17: error: parsed 2 elements, but type ('tensor<1x2xcomplex<i32>>') expected 4 elements
// expected-error@+1 {{parsed 2 elements, but type ('tensor<1x2xcomplex<i32>>') expected 4 elements}}
"test.a"() {v = dense<[[1, 2]]> : tensor<1x2xcomplex<i32>>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:17: error: expected string token, got 1
// expected-error@+1 {{expected string token, got 1}}
"test.a"() {v = dense<[1, 2]> : tensor<2x!u.x>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:17: error: expected string token, got 2
// expected-error@+1 {{expected string token, got 2}}
"test.a"() {v = dense<["a", 2]> : tensor<2x!u.x>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:17: error: expected string token, got true
// expected-error@+1 {{expected string token, got true}}
"test.a"() {v = dense<[true, false]> : tensor<2x!u.x>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:17: error: expected string token, got 1
// expected-error@+1 {{expected string token, got 1}}
"test.a"() {v = dense<[-1, "x"]> : tensor<2x!u.x>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:17: error: expected string token, got 1.0
// expected-error@+1 {{expected string token, got 1.0}}
"test.a"() {v = dense<[(1.0, 2.0)]> : tensor<1x!u.x>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:17: error: parsed zero elements, but type ('tensor<2xi32>') expected at least 1
// expected-error@+1 {{parsed zero elements, but type ('tensor<2xi32>') expected at least 1}}
"test.a"() {v = dense<> : tensor<2xi32>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:17: error: inferred shape of elements literal ([1]) does not match type ([2])
// expected-error@+1 {{inferred shape of elements literal ([1]) does not match type ([2])}}
"test.a"() {v = dense<["a"]> : tensor<2xi32>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:17: error: inferred shape of elements literal ([3]) does not match type ([2])
// expected-error@+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
"test.a"() {v = dense<[(1.0, 2.0), 3.0, true]> : tensor<2xcomplex<f32>>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:24: error: expected element literal of primitive type
// expected-error@+1 {{expected element literal of primitive type}}
"test.a"() {v = dense<[foo]> : tensor<1xi32>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:25: error: expected integer or floating point literal
// expected-error@+1 {{expected integer or floating point literal}}
"test.a"() {v = dense<[-foo]> : tensor<1xi32>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:26: error: expected ',' between complex elements
// expected-error@+1 {{expected ',' between complex elements}}
"test.a"() {v = dense<[(1 2)]> : tensor<1xcomplex<i32>>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:25: error: expected ']'
// expected-error@+1 {{expected ']'}}
"test.a"() {v = dense<[1e400]> : tensor<1xf32>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:18: error: integer constant out of range for attribute
// expected-error@+1 {{integer constant out of range for attribute}}
"test.a"() {v = -0 : i32} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:18: error: integer constant out of range for attribute
// expected-error@+1 {{integer constant out of range for attribute}}
"test.a"() {v = -129 : i8} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:18: error: negative integer literal not valid for unsigned integer type
// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
"test.a"() {v = -1 : ui8} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:17: error: hexadecimal float constant out of range for type
// expected-error@+1 {{hexadecimal float constant out of range for type}}
"test.a"() {v = 0x17FC00000 : f32} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:17: error: hexadecimal float constant out of range for type
// expected-error@+1 {{hexadecimal float constant out of range for type}}
"test.a"() {v = 0x1FFFF : bf16} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:17: error: integer constant out of range for attribute
// expected-error@+1 {{integer constant out of range for attribute}}
"test.a"() {v = 9223372036854775808 : index} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:24: error: hexadecimal float constant out of range for type
// expected-error@+1 {{hexadecimal float constant out of range for type}}
"test.a"() {v = dense<[0x1F, 2.0]> : vector<2xf4E2M1FN>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 3]]:24: error: unexpected decimal integer literal for a floating point value
// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"test.a"() {v = dense<[1, 2.0]> : vector<2xf4E2M1FN>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:24: error: expected floating point literal
// expected-error@+1 {{expected floating point literal}}
"test.a"() {v = dense<[true, 2.0]> : vector<2xf4E2M1FN>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:23: error: expected string containing hex digits starting with `0x`
// expected-error@+1 {{expected string containing hex digits starting with `0x`}}
"test.a"() {v = dense<"s"> : vector<3xf4E2M1FN>} : () -> ()

// -----

// CHECK: dense-elements-invalid.mlir:[[# @LINE + 2]]:17: error: elements hex data size is invalid for provided type: 'vector<3xf4E2M1FN>'
// expected-error@+1 {{elements hex data size is invalid for provided type: 'vector<3xf4E2M1FN>'}}
"test.a"() {v = dense<"0x0102"> : vector<3xf4E2M1FN>} : () -> ()
