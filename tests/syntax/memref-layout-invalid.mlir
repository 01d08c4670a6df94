// RUN: ir-asm --allow-unregistered-dialect --split-input-file -verify-diagnostics %s
// RUN: not ir-asm --allow-unregistered-dialect --split-input-file %s -o %t 2>&1 | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// Memref layouts that do not fit the rank and memory spaces MLIR does not
// support (MemRefType::verify), with mlir-opt-22's messages (the third RUN
// line) at its column, the keyword's (the CHECK lines). A memory space must
// be an integer, string or dictionary attribute or an attribute of a
// registered dialect; an unregistered dialect's attribute is opaque to
// MLIR, and opaque attributes are builtin. These were once accepted and
// printed as text mlir-opt-22 refuses.

// CHECK: memref-layout-invalid.mlir:[[# @LINE + 2]]:21: error: expected the number of strides to match the rank
// expected-error@+1 {{expected the number of strides to match the rank}}
"test.a"() : () -> (memref<1x1xf16, strided<[1], offset: ?>>)

// -----

// CHECK: memref-layout-invalid.mlir:[[# @LINE + 2]]:21: error: expected the number of strides to match the rank
// expected-error@+1 {{expected the number of strides to match the rank}}
"test.a"() : () -> (memref<2xf32, strided<[1, 2]>, #u.sp>)

// -----

// CHECK: memref-layout-invalid.mlir:[[# @LINE + 2]]:21: error: memref layout mismatch between rank and affine map: 2 != 1
// expected-error@+1 {{memref layout mismatch between rank and affine map: 2 != 1}}
"test.a"() : () -> (memref<1x2xi64, affine_map<(d0) -> (d0)>>)

// -----

// CHECK: memref-layout-invalid.mlir:[[# @LINE + 2]]:21: error: memref layout mismatch between rank and affine map: 0 != 1
// expected-error@+1 {{memref layout mismatch between rank and affine map: 0 != 1}}
"test.a"() : () -> (memref<f32, affine_map<(d0) -> (d0)>>)

// -----

// CHECK: memref-layout-invalid.mlir:[[# @LINE + 2]]:21: error: unsupported memory space Attribute
// expected-error@+1 {{unsupported memory space Attribute}}
"test.a"() : () -> (memref<2xf32, #u.sp>)

// -----

// CHECK: memref-layout-invalid.mlir:[[# @LINE + 2]]:21: error: unsupported memory space Attribute
// expected-error@+1 {{unsupported memory space Attribute}}
"test.a"() : () -> (memref<2xf32, #u<"x">>)

// -----

// CHECK: memref-layout-invalid.mlir:[[# @LINE + 2]]:21: error: unsupported memory space Attribute
// expected-error@+1 {{unsupported memory space Attribute}}
"test.a"() : () -> (memref<*xf32, #u.sp>)

// -----

// CHECK: memref-layout-invalid.mlir:[[# @LINE + 2]]:21: error: unsupported memory space Attribute
// expected-error@+1 {{unsupported memory space Attribute}}
"test.a"() : () -> (memref<2xf32, [1]>)

// -----

// CHECK: memref-layout-invalid.mlir:[[# @LINE + 2]]:21: error: unsupported memory space Attribute
// expected-error@+1 {{unsupported memory space Attribute}}
"test.a"() : () -> (memref<2xf32, 1.0>)

// -----

// CHECK: memref-layout-invalid.mlir:[[# @LINE + 2]]:21: error: unsupported memory space Attribute
// expected-error@+1 {{unsupported memory space Attribute}}
"test.a"() : () -> (memref<2xf32, unit>)

// -----

// CHECK: memref-layout-invalid.mlir:[[# @LINE + 2]]:21: error: unsupported memory space Attribute
// expected-error@+1 {{unsupported memory space Attribute}}
"test.a"() : () -> (memref<2xf32, @s>)

// -----

// CHECK: memref-layout-invalid.mlir:[[# @LINE + 2]]:21: error: unsupported memory space Attribute
// expected-error@+1 {{unsupported memory space Attribute}}
"test.a"() : () -> (memref<2xf32, i32>)

// -----

// CHECK: memref-layout-invalid.mlir:[[# @LINE + 2]]:21: error: unsupported memory space Attribute
// expected-error@+1 {{unsupported memory space Attribute}}
"test.a"() : () -> (memref<2xf32, dense<1> : tensor<1xi32>>)

// -----

// CHECK: memref-layout-invalid.mlir:[[# @LINE + 2]]:21: error: unsupported memory space Attribute
// expected-error@+1 {{unsupported memory space Attribute}}
"test.a"() : () -> (memref<2xf32, affine_set<(d0) : (d0 >= 0)>>)
