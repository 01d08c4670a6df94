// RUN: not ir-asm --split-input-file --allow-unregistered-dialect %s -o %t 2>&1 | FileCheck %s
// RUN: not mlir-opt --split-input-file --allow-unregistered-dialect %s -o %t 2>&1 | FileCheck %s
// REQUIRES: mlir-opt
// NO-ROUNDTRIP: every case is invalid on purpose.
// A type list in parentheses that does not close says "expected ')'" and
// nothing more, as MLIR's parseTypeListParens does, wherever the list is
// (FileCheck, since -verify-diagnostics matches a prefix).

// CHECK: type-list-paren-invalid.mlir:[[# @LINE + 1]]:24: error: expected ')'{{$}}
"test.a"() : () -> (i32 i32)

// -----

// NO-ROUNDTRIP
// CHECK: type-list-paren-invalid.mlir:[[# @LINE + 1]]:18: error: expected ')'{{$}}
"test.a"() : (i32 i32) -> ()

// -----

// NO-ROUNDTRIP
// CHECK: type-list-paren-invalid.mlir:[[# @LINE + 1]]:21: error: expected ')'{{$}}
"test.a"() {t = (i32 i32) -> ()} : () -> ()

// -----

// NO-ROUNDTRIP
// CHECK: type-list-paren-invalid.mlir:[[# @LINE + 1]]:27: error: expected ')'{{$}}
"test.a"() {t = () -> (i32 i32)} : () -> ()
