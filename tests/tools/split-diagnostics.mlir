// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: not ir-asm --split-input-file %s -o %t.irb
// RUN: test ! -e %t.irb
// Each chunk is its own module; diagnostics carry the line numbers
// of this file, errors in one chunk do not stop the others, and the module
// is verified (dominance) before it is written.

func.func @ok(%arg0: index) -> index {
  return %arg0 : index
}

// -----

func.func @undeclared() {
  // expected-error@+1 {{use of undeclared SSA value name}}
  %0 = arith.addi %x, %x : index
  return
}

// -----

func.func @ok2() {
  return
}

// -----

func.func @redefined() {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{redefinition of SSA value '%c0'}}
  %c0 = arith.constant 1 : index
  return
}

// -----

func.func @dominance(%arg0: index) {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  %0 = arith.addi %1, %arg0 : index
  %1 = arith.constant 1 : index
  return
}
