// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: not ir-asm --split-input-file %s -o %t 2>&1 | FileCheck %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// A transform.named_sequence must sit in a symbol table that carries the
// transform.with_named_sequence attribute (NamedSequenceOp::verify): the
// error is the sequence's, with a note at the table (for the implicit
// module, see named-sequence-implicit-table-invalid.mlir).

// CHECK: named-sequence-table-invalid.mlir:[[# @LINE + 5]]:3: error: expects the parent symbol table
// CHECK-NEXT: named-sequence-table-invalid.mlir:[[# @LINE + 2]]:1: note: symbol table operation
// expected-note @+1 {{symbol table operation}}
module {
  // expected-error @+1 {{expects the parent symbol table to have the 'transform.with_named_sequence' attribute}}
  transform.named_sequence @explicit(%a: !transform.any_op {transform.readonly}) {
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @fine(%a: !transform.any_op {transform.readonly}) {
    transform.yield
  }
}
