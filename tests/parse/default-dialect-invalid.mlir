// RUN: ir-asm --split-input-file --allow-unregistered-dialect -verify-diagnostics %s
// RUN: not ir-asm --split-input-file --allow-unregistered-dialect %s -o %t 2>&1 | FileCheck %s
// RUN: mlir-opt --split-input-file --allow-unregistered-dialect --verify-diagnostics %s
// REQUIRES: mlir-opt
// An op name without a dialect is looked up in the default dialect of the
// op whose region holds it, and nowhere else: func.func's is func,
// builtin.module's builtin, and an op in custom form without one (scf.if)
// has none in its regions; an op in generic form keeps the one around it.
// These were all accepted (the enclosing default dialect was kept, then
// builtin tried), and some printed as text mlir-opt-22 refuses.

func.func @return_in_if(%c: i1) {
  scf.if %c {
    // CHECK: default-dialect-invalid.mlir:[[# @LINE + 4]]:5: error: Dialect `' not found for custom op 'return'  (tried '.return' as well)
    // CHECK-NEXT: default-dialect-invalid.mlir:[[# @LINE + 3]]:5: note: Available dialects: acc, affine, {{.*}}, xevm ; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management
    // expected-error @+2 {{Dialect `' not found for custom op 'return'  (tried '.return' as well)}}
    // expected-note @+1 {{Available dialects: acc, affine, amdgpu}}
    return
  }
  return
}

// -----

// A generic func.func pushes no default dialect: `return` is builtin's.
"func.func"() <{function_type = () -> (), sym_name = "generic"}> ({
  // CHECK: default-dialect-invalid.mlir:[[# @LINE + 2]]:3: error: custom op 'return' is unknown (tried 'builtin.return' as well)
  // expected-error @+1 {{custom op 'return' is unknown (tried 'builtin.return' as well)}}
  return
}) : () -> ()

// -----

// A generic op inside a function keeps func as the default.
func.func @generic_keeps() {
  "test.region"() ({
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    return
  }) : () -> ()
  return
}

// -----

func.func @module_in_func() {
  // CHECK: default-dialect-invalid.mlir:[[# @LINE + 2]]:3: error: custom op 'module' is unknown (tried 'func.module' as well)
  // expected-error @+1 {{custom op 'module' is unknown (tried 'func.module' as well)}}
  module {}
  return
}

// -----

// In a module, builtin is the default.
module {
  module {}
  unrealized_conversion_cast to i32
}

// -----

func.func @unknown_dialect() {
  // CHECK: default-dialect-invalid.mlir:[[# @LINE + 3]]:3: error: Dialect `foo' not found for custom op 'foo.bar'
  // expected-error @+2 {{Dialect `foo' not found for custom op 'foo.bar'}}
  // expected-note @+1 {{Available dialects}}
  foo.bar
  return
}
