// RUN: not ir-asm --split-input-file %s -o %t 2>&1 | FileCheck %s
// RUN: not mlir-opt --split-input-file %s -o %t 2>&1 | FileCheck %s
// REQUIRES: mlir-opt
// NO-ROUNDTRIP: the module is invalid on purpose.
// A transform.named_sequence in the implicit module, which lacks the
// transform.with_named_sequence attribute: the note names the module at
// its location, line 0 of the file, which -verify-diagnostics cannot
// expect, hence FileCheck on both tools. In a later chunk the module's
// location is where the chunk starts (just past its separator, as
// --mlir-print-debuginfo shows), but the diagnostic still says 0:0.

// CHECK: named-sequence-implicit-table-invalid.mlir:[[# @LINE + 2]]:1: error: expects the parent symbol table to have the 'transform.with_named_sequence' attribute
// CHECK: named-sequence-implicit-table-invalid.mlir:0:0: note: symbol table operation
transform.named_sequence @implicit(%a: !transform.any_op {transform.readonly}) {
  transform.yield
}

// -----

// NO-ROUNDTRIP
// CHECK: named-sequence-implicit-table-invalid.mlir:[[# @LINE + 2]]:1: error: expects the parent symbol table to have the 'transform.with_named_sequence' attribute
// CHECK: named-sequence-implicit-table-invalid.mlir:0:0: note: symbol table operation
transform.named_sequence @second(%a: !transform.any_op {transform.readonly}) {
  transform.yield
}
