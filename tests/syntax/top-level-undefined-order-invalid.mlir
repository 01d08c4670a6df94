// RUN: ir-asm --split-input-file --allow-unregistered-dialect -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --allow-unregistered-dialect --verify-diagnostics %s
// REQUIRES: mlir-opt
// At the top level, undeclared values are reported first, and undefined
// blocks only when no value is undeclared (MLIR's parser checks the
// values when it finishes, before it leaves the top-level scope).

// expected-error @+1 {{use of undeclared SSA value name}}
%x = "test.a"(%y) : (i32) -> i32
cf.br ^nowhere

// -----

"test.a"() : () -> ()
// expected-error @+1 {{reference to an undefined block}}
cf.br ^nowhere
