// RUN: ir-asm --allow-unregistered-dialect --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// An array<i1: ...> holds true and false, not numbers; MLIR reports the
// number where it ends. We read 1 and 0 as booleans before.

// expected-error @+1 {{expected 'true' or 'false' values for i1 type}}
"test.a"() {a = array<i1: true, 0>} : () -> ()

// -----

// expected-error @+1 {{expected 'true' or 'false' values for i1 type}}
"test.a"() {a = array<si1: -1>} : () -> ()

// -----

"test.a"() {a = array<i1: true, false>, b = array<i1>} : () -> ()

// -----

// Signed and unsigned i1 print as booleans too, as they parse.
"test.a"() {a = array<si1: true, false>, b = array<ui1: true>} : () -> ()
