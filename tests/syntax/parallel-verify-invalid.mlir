// RUN: ir-asm --split-input-file --allow-unregistered-dialect -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --allow-unregistered-dialect --verify-diagnostics %s
// REQUIRES: mlir-opt
// ParallelOp::verify: bounds, induction variables, the scf.reduce
// terminator and the results it reduces to. It runs before the ops in the
// body are verified.

func.func @iv_type(%n: index) {
  // expected-error @+1 {{'scf.parallel' op expects arguments for the induction variable to be of index type}}
  "scf.parallel"(%n, %n, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
    ^bb0(%i0: f32):
      scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @iv_count(%n: index) {
  // expected-error @+1 {{'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1}}
  "scf.parallel"(%n, %n, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
    ^bb0(%i0: index, %i1: index):
      scf.reduce
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @no_bounds() {
  // expected-error @+1 {{'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step}}
  scf.parallel () = () to () step () {
  }
  return
}

// -----

func.func @zero_step(%a: index, %b: index) {
  %one = arith.constant 1 : index
  %zero = arith.constant 0 : index
  // expected-error @+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i, %j) = (%a, %a) to (%b, %b) step (%one, %zero) {
  }
  return
}

// -----

func.func @result_without_reduction(%a: index) {
  %init = arith.constant 0.0 : f32
  // expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%init) -> f32 {
    scf.reduce
  }
  return
}

// -----

func.func @reduction_type(%a: index) {
  %init = arith.constant 0.0 : f32
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%init) -> f32 {
    %one = arith.constant 1 : i32
    // expected-error @+1 {{'scf.reduce' op expects type of 0-th reduction operand: 'i32' to be the same as the 0-th result type: 'f32'}}
    scf.reduce(%one : i32) {
    ^bb0(%x: i32, %y: i32):
      scf.reduce.return %x : i32
    }
  }
  return
}

// -----

func.func @other_terminator(%n: index) {
  // expected-error @+1 {{'scf.parallel' op expects body to terminate with 'scf.reduce'}}
  "scf.parallel"(%n, %n, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
    ^bb0(%i0: index):
      // expected-note @+1 {{terminator here}}
      "test.end"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

// The parallel op's own check comes before the reduce op's in its body.
func.func @before_body(%c: index) {
  // expected-error @+1 {{'scf.parallel' op expects the same number of induction variables: 0 as bound and step values: 1}}
  %r = "scf.parallel"(%c, %c, %c, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> ({
    "scf.reduce"(%c) ({
    ^bb0(%a: index, %b: index):
      "test.foo"() : () -> ()
    }) : (index) -> ()
  }) : (index, index, index, index) -> index
  return
}
