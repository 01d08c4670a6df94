// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: not ir-asm --split-input-file %s -o %t 2>&1 | FileCheck %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// RUN: ir-asm --allow-unregistered-dialect --split-input-file %s | ir-dis | FileCheck %s --check-prefix=ALLOWED
// REQUIRES: mlir-opt
// Types and attributes of a dialect mlir-opt-22 does not register need
// --allow-unregistered-dialect, as ops of one do; MLIR's message names
// them as its opaque forms print (the third RUN line checks the messages
// against mlir-opt-22, the CHECK lines the columns: the rest of a pretty
// spelling, or the sigil of a `<...>` one). Before, they passed without
// the flag (fuzz-parse found `!ensor<?xf32>`). With it, they read (the
// last RUN line).

// CHECK: unregistered-invalid.mlir:[[# @LINE + 3]]:26: error: `!"u"<"x">` type created with unregistered dialect.
// ALLOWED: func.func @pretty(%arg0: !u.x)
// expected-error@+1 {{`!"u"<"x">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
func.func @pretty(%a: !u.x) { return }

// -----

// CHECK: unregistered-invalid.mlir:[[# @LINE + 3]]:35: error: `!"u"<"x<1, "s">">` type created with unregistered dialect.
// ALLOWED: func.func @nested(%arg0: tensor<2x!u.x<1, "s">>)
// expected-error@+1 {{`!"u"<"x<1, "s">">` type created with unregistered dialect.}}
func.func @nested(%a: tensor<2x!u.x<1, "s">>) { return }

// -----

// CHECK: unregistered-invalid.mlir:[[# @LINE + 3]]:21: error: `!"ensor"<"?xf32">` type created with unregistered dialect.
// ALLOWED: func.func @body(%arg0: !ensor<?xf32>)
// expected-error@+1 {{`!"ensor"<"?xf32">` type created with unregistered dialect.}}
func.func @body(%a: !ensor<?xf32>) { return }

// -----

// CHECK: unregistered-invalid.mlir:[[# @LINE + 3]]:38: error: #"u"<"a"> : 'none' attribute created with unregistered dialect.
// ALLOWED: func.func @attr() attributes {a = #u.a}
// expected-error@+1 {{#"u"<"a"> : 'none' attribute created with unregistered dialect.}}
func.func @attr() attributes {a = #u.a} { return }

// -----

// CHECK: unregistered-invalid.mlir:[[# @LINE + 3]]:40: error: #"u"<""q r""> : 'none' attribute created with unregistered dialect.
// ALLOWED: func.func @attr_body() attributes {a = #u<"q r">}
// expected-error@+1 {{#"u"<""q r""> : 'none' attribute created with unregistered dialect.}}
func.func @attr_body() attributes {a = #u<"q r">} { return }

// -----

// Registered dialects' types and attributes need no flag.
// ALLOWED: func.func @registered(%arg0: !llvm.ptr) attributes {a = #gpu.address_space<workgroup>}
func.func @registered(%a: !llvm.ptr) attributes {a = #gpu.address_space<workgroup>} { return }
