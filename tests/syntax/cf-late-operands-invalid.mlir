// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// The custom forms of cf.br, cf.cond_br and cf.switch are declarative in
// MLIR: every operand (the condition or flag, then each successor's) is
// resolved after the rest of the op is read, attribute dictionary
// included, and a successor whose operands and types differ in number is
// reported in the format's words: at its operand list, or for cf.switch
// where its cases begin. We resolved each operand where it was written.

func.func @switch_default(%flag: i1) {
  cf.switch %flag : i32, [
    // expected-error @+1 {{custom op 'cf.switch' expected 'default'}}
    0: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @switch_case(%flag: memref<2xf32>) {
  cf.switch %flag : i32, [
    default: ^bb1,
    // expected-error @+1 {{custom op 'cf.switch' expected integer value}}
    x: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @br_dict(%a: i32) {
  // expected-error @+1 {{expected attribute value}}
  cf.br ^bb1(%a : i64) {x = }
^bb1(%b: i64):
  return
}

// -----

func.func @cond_br_dict(%a: i32) {
  // expected-error @+1 {{expected attribute value}}
  cf.cond_br %a, ^bb1, ^bb1 {x = }
^bb1:
  return
}

// -----

func.func @br_count(%a: i1) {
  // expected-error @+1 {{custom op 'cf.br' number of operands and types do not match: got 2 operands and 1 types}}
  cf.br ^bb1(%a, %a : i1)
^bb1(%b: i1):
  return
}

// -----

func.func @cond_br_count(%a: i1) {
  // expected-error @+1 {{custom op 'cf.cond_br' number of operands and types do not match: got 1 operands and 2 types}}
  cf.cond_br %a, ^bb1(%a : i1), ^bb1(%a : i1, i1)
^bb1(%b: i1):
  return
}

// -----

func.func @switch_count(%a: i32) {
  cf.switch %a : i32, [
    // expected-error @+1 {{custom op 'cf.switch' number of operands and types do not match: got 2 operands and 1 types}}
    default: ^bb1(%a : i32),
    4: ^bb1(%a, %a : i32)
  ]
^bb1(%b: i32):
  return
}

// -----

// Resolved in order: the condition first.
// expected-note @+1 {{prior use here}}
func.func @cond_first(%a: i32) {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'i1' vs 'i32'}}
  cf.cond_br %a, ^bb1(%a : i32), ^bb2(%a : i64)
^bb1(%b: i32):
  return
^bb2(%c: i64):
  return
}
