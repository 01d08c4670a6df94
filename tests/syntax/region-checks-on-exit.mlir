// RUN: ir-asm --allow-unregistered-dialect --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// What MLIR checks of an op's regions after the ops in them
// (verifyRegionInvariants: the SingleBlockImplicitTerminator trait's
// terminator, an op's verifyRegions) comes after those ops' own errors;
// what it checks in the op's verify comes before them.

// scf.if's regions must end with scf.yield, a region trait: the addi in
// it is reported first.
func.func @if_nested_first(%c: i1) {
  "scf.if"(%c) ({
    // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
    %x = "arith.addi"(%c, %c) : (i1, i1) -> i32
    "test.foo"() : () -> ()
  }, {}) : (i1) -> ()
  return
}

// -----

func.func @if_terminator(%c: i1) {
  // expected-error @+2 {{'scf.if' op expects regions to end with 'scf.yield', found 'test.foo'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
  "scf.if"(%c) ({
    "test.foo"() : () -> ()
  }, {}) : (i1) -> ()
  return
}

// -----

// tensor.pad checks its body's arguments in verifyRegions: the empty
// tensor.yield in it is reported first.
func.func @pad_yield_first(%t: tensor<2xf32>, %i: index) -> tensor<?xf32> {
  %p = tensor.pad %t low[0] high[%i] {
  ^bb0(%x: i32):
    // expected-error @+1 {{'tensor.yield' op requires a single operand}}
    "tensor.yield"() : () -> ()
  } : tensor<2xf32> to tensor<?xf32>
  return %p : tensor<?xf32>
}

// -----

func.func @pad_block_args(%t: tensor<2xf32>, %i: index, %f: f32) -> tensor<?xf32> {
  // expected-error @+1 {{'tensor.pad' op expected block argument 1 to be an index}}
  %p = tensor.pad %t low[0] high[%i] {
  ^bb0(%x: i32):
    tensor.yield %f : f32
  } : tensor<2xf32> to tensor<?xf32>
  return %p : tensor<?xf32>
}

// -----

// scf.forall counts its body's arguments in verify, before the region's
// terminator is looked at.
func.func @forall_args(%n: index) {
  // expected-error @+1 {{'scf.forall' op region expects 1 arguments}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%a: index, %b: index):
    "test.foo"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @forall_arg_type(%n: index) {
  // expected-error @+1 {{'scf.forall' op expects 0-th block argument to be an index}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%a: i32):
    scf.forall.in_parallel {
    }
  }) : (index) -> ()
  return
}

// -----

// scf.reduce's bodies end with scf.reduce.return (its verifyRegions): a
// reduce.return that is not last is the nested op's error first.
func.func @reduce_return_not_last(%n: index, %f: f32) {
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i) = (%c1) to (%n) step (%c1) init (%f) -> f32 {
    scf.reduce(%f : f32) {
    ^bb0(%a: f32, %b: f32):
      // expected-error @+1 {{'scf.reduce.return' op must be the last operation in the parent block}}
      scf.reduce.return %a : f32
      "test.foo"() : () -> ()
    }
  }
  return
}
