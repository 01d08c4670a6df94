// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// The terminators that belong to one op (HasParent in ODS) are rejected
// anywhere else, with mlir-opt-22's wording. Found by the pipetext fuzzer:
// a stray scf.reduce at the module's top level verified, and
// lower-deallocations then appended its helper function after it.

func.func @f() {
  return
}
// expected-error @+1 {{'scf.reduce' op expects parent op 'scf.parallel'}}
scf.reduce

// -----

func.func @g(%x: f32) {
  "test.region"() ({
    // expected-error @+1 {{'scf.reduce' op expects parent op 'scf.parallel'}}
    "scf.reduce"(%x) ({
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }) : (f32) -> ()
  }) : () -> ()
  return
}

// -----

func.func @h(%x: f32) {
  "test.region"() ({
    // expected-error @+1 {{'scf.reduce.return' op expects parent op 'scf.reduce'}}
    "scf.reduce.return"(%x) : (f32) -> ()
  }) : () -> ()
  return
}

// -----

func.func @k() {
  "test.region"() ({
    // expected-error @+1 {{'scf.forall.in_parallel' op expects parent op 'scf.forall'}}
    scf.forall.in_parallel {
    }
  }) : () -> ()
  return
}
