// RUN: ir-asm --allow-unregistered-dialect --split-input-file -verify-diagnostics %s
// RUN: not ir-asm --allow-unregistered-dialect --split-input-file %s -o %t 2>&1 | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// What an op's custom parser asks for and does not find is reported as
// MLIR's OpAsmParser reports it: "custom op 'name' " and the current
// token's column, for keywords and integers. Successors, types and
// attributes are read by MLIR's own parser even inside a custom op: no
// prefix, and the column after the previous token.

func.func @switch_default(%flag: i32) {
  cf.switch %flag : i32, [
    // CHECK: custom-op-asks-invalid.mlir:[[# @LINE + 2]]:5: error: custom op 'cf.switch' expected 'default'
    // expected-error @+1 {{custom op 'cf.switch' expected 'default'}}
    0: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @switch_case(%flag: i32) {
  cf.switch %flag : i32, [
    default: ^bb1,
    // CHECK: custom-op-asks-invalid.mlir:[[# @LINE + 2]]:5: error: custom op 'cf.switch' expected integer value
    // expected-error @+1 {{custom op 'cf.switch' expected integer value}}
    x: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @for_to(%lb: index) {
  // CHECK: custom-op-asks-invalid.mlir:[[# @LINE + 2]]:20: error: custom op 'scf.for' expected 'to'
  // expected-error @+1 {{custom op 'scf.for' expected 'to'}}
  scf.for %i = %lb too %lb step %lb {
  }
  return
}

// -----

func.func @region_if_else(%c: memref<2xf32>) {
  %r = test.region_if %c : memref<2xf32> -> memref<2xf32> then {
  ^bb0(%x: memref<2xf32>):
    test.region_if_yield %x : memref<2xf32>
  // CHECK: custom-op-asks-invalid.mlir:[[# @LINE + 2]]:5: error: custom op 'test.region_if' expected 'else'
  // expected-error @+1 {{custom op 'test.region_if' expected 'else'}}
  } els {
  ^bb0(%x: memref<2xf32>):
    test.region_if_yield %x : memref<2xf32>
  }
  return
}

// -----

// A nested op's own custom form is asked for by its parser, not by the
// function's.
func.func @nested(%a: i32) {
  // CHECK: custom-op-asks-invalid.mlir:[[# @LINE + 2]]:25: error: custom op 'scf.for' expected 'step'
  // expected-error @+1 {{custom op 'scf.for' expected 'step'}}
  scf.for %i = %a to %a stepp %a : i32 {
  }
  return
}

// -----

func.func @br_name() {
  // CHECK: custom-op-asks-invalid.mlir:[[# @LINE + 2]]:8: error: expected block name
  // expected-error @+1 {{expected block name}}
  cf.br bb1
^bb1:
  return
}

// -----

// CHECK: custom-op-asks-invalid.mlir:[[# @LINE + 2]]:49: error: expected 'offset' after comma
// expected-error @+1 {{expected 'offset' after comma}}
func.func @layout(%m: memref<4xf32, strided<[1], offst: 0>>) {
  return
}
