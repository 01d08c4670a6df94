// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: not ir-asm --split-input-file %s -o %t 2>&1 | FileCheck %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// An alignment in the attribute dictionary of the custom form of
// memref.alloc, alloca, realloc and global is checked as the dictionary is
// parsed (ODS's verifyInherentAttrs in the generated parsers): a parse
// error at the dictionary, with the custom op's prefix, as in mlir-opt-22;
// it was reported by the verifier at the op.

func.func @alloc() {
  // CHECK: alignment-parse-invalid.mlir:[[# @LINE + 2]]:23: error: custom op 'memref.alloc' 'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0
  // expected-error @+1 {{custom op 'memref.alloc' 'memref.alloc' op attribute 'alignment' failed to satisfy constraint}}
  %0 = memref.alloc() {alignment = 3} : memref<4xf32>
  return
}

// -----

func.func @alloca() {
  // CHECK: alignment-parse-invalid.mlir:[[# @LINE + 2]]:24: error: custom op 'memref.alloca' 'memref.alloca' op attribute 'alignment'
  // expected-error @+1 {{custom op 'memref.alloca' 'memref.alloca' op attribute 'alignment' failed to satisfy constraint}}
  %0 = memref.alloca() {alignment = 8 : i32} : memref<4xf32>
  return
}

// -----

func.func @realloc(%m: memref<?xf32>, %n: index) {
  // CHECK: alignment-parse-invalid.mlir:[[# @LINE + 2]]:30: error: custom op 'memref.realloc' 'memref.realloc' op attribute 'alignment'
  // expected-error @+1 {{custom op 'memref.realloc' 'memref.realloc' op attribute 'alignment' failed to satisfy constraint}}
  %0 = memref.realloc %m(%n) {alignment = "x"} : memref<?xf32> to memref<?xf32>
  return
}

// -----

// CHECK: alignment-parse-invalid.mlir:[[# @LINE + 2]]:57: error: custom op 'memref.global' 'memref.global' op attribute 'alignment'
// expected-error @+1 {{custom op 'memref.global' 'memref.global' op attribute 'alignment' failed to satisfy constraint}}
memref.global "private" @g : memref<4xf32> = dense<1.0> {alignment = 0}

// -----

// A good alignment passes, and the other attributes are not its business.
func.func @fine() {
  %0 = memref.alloc() {alignment = 16, note = 3} : memref<4xf32>
  // CHECK: alignment-parse-invalid.mlir:[[# @LINE + 2]]:8: error: 'memref.alloc' op incorrect number of dynamic sizes
  // expected-error @+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 0, expected 1}}
  %1 = "memref.alloc"() <{alignment = 16 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<?xf32>
  return
}
