// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// A region argument that an op's syntax names (a loop's induction
// variable, a while's before-arguments) may not reuse a name defined
// outside, or used ahead, as MLIR's parseRegion says; we said
// "redefinition of SSA value", or took the use ahead for the argument.

func.func @forall_shadows(%n: index) {
  // expected-note @+1 {{previously referenced here}}
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{region entry argument '%c0' is already in use}}
  scf.forall (%c0) in (%n) {
  }
  return
}

// -----

func.func @for_shadows(%n: index) {
  // expected-note @+1 {{previously referenced here}}
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{region entry argument '%c0' is already in use}}
  scf.for %c0 = %c0 to %n step %n {
  }
  return
}

// -----

func.func @while_shadows(%n: index) {
  // expected-note @+1 {{previously referenced here}}
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{region entry argument '%c0' is already in use}}
  %r = scf.while (%c0 = %n) : (index) -> index {
    %t = arith.constant true
    scf.condition(%t) %c0 : index
  } do {
  ^bb0(%x: index):
    scf.yield %x : index
  }
  return
}

// -----

// The bound uses the name ahead of the argument that would define it.
func.func @forall_own_bound(%n: index) {
  // expected-error @+2 {{region entry argument '%i' is already in use}}
  // expected-note @+1 {{previously referenced here}}
  scf.forall (%i) in (%i) {
  }
  return
}
