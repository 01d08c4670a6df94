// RUN: ir-asm --allow-unregistered-dialect --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// Ops with MLIR's SingleBlock trait: an empty body block is the op's
// error ("expects a non-empty block"), checked on every region before
// ODS's region constraints and before the block's own check. An op whose
// custom form adds the implicit terminator gets one in an empty block,
// and that terminator's verifier speaks instead.

func.func @for_generic(%lb: index) {
  // expected-error @+1 {{'scf.for' op expects a non-empty block}}
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%i: index):
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @if_generic(%c: i1) {
  // expected-error @+1 {{'scf.if' op expects a non-empty block}}
  "scf.if"(%c) ({
  ^bb0:
  }, {}) : (i1) -> ()
  return
}

// -----

// The empty `after` block is found before the `before` region's missing
// block, which is a region constraint.
func.func @while_first_trait() {
  // expected-error @+1 {{'scf.while' op expects a non-empty block}}
  "scf.while"() ({
  }, {
  ^bb0:
  }) : () -> ()
  return
}

// -----

func.func @while_custom() {
  // expected-error @+1 {{'scf.while' op expects a non-empty block}}
  scf.while : () -> () {
  ^bb0:
  } do {
  ^bb0:
    scf.yield
  }
  return
}

// -----

func.func @region_if_empty(%c: memref<2xf32>) {
  // expected-error @+1 {{'test.region_if' op expects a non-empty block}}
  %r = test.region_if %c : memref<2xf32> -> memref<2xf32> then {
  ^bb0(%x: memref<2xf32>):
    test.region_if_yield %x : memref<2xf32>
  } else {
  ^bb0(%x: memref<2xf32>):
  } join {
  ^bb0(%x: memref<2xf32>):
    test.region_if_yield %x : memref<2xf32>
  }
  return
}

// -----

// test.region_if's regions end with test.region_if_yield (its
// SingleBlockImplicitTerminator); another op there is refused.
func.func @region_if_wrong_end(%c: memref<2xf32>) {
  // expected-error @+2 {{'test.region_if' op expects regions to end with 'test.region_if_yield', found 'test.foo'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'test.region_if_yield'}}
  %r = test.region_if %c : memref<2xf32> -> memref<2xf32> then {
  ^bb0(%x: memref<2xf32>):
    test.region_if_yield %x : memref<2xf32>
  } else {
  ^bb0(%x: memref<2xf32>):
    test.region_if_yield %x : memref<2xf32>
  } join {
  ^bb0(%x: memref<2xf32>):
    "test.foo"() : () -> ()
  }
  return
}

// -----

// tensor.pad's custom form puts a tensor.yield of nothing in an empty
// body, at the pad's location.
func.func @pad_empty(%t: tensor<2xf32>, %i: index) -> tensor<?xf32> {
  // expected-error @+1 {{'tensor.yield' op requires a single operand}}
  %p = tensor.pad %t low[0] high[%i] {
  ^bb0(%x: index):
  } : tensor<2xf32> to tensor<?xf32>
  return %p : tensor<?xf32>
}
