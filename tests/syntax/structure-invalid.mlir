// RUN: ir-asm --split-input-file --allow-unregistered-dialect -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --allow-unregistered-dialect --verify-diagnostics %s
// REQUIRES: mlir-opt
// Structure stated in ODS that passes rely on: operand segments, region
// block counts and the terminators regions must end with. Every error here
// is mlir-opt-22's wording (the second RUN line checks that).

func.func @segments_sum(%m: memref<2xf32>, %c: i1) {
  // expected-error @+1 {{'bufferization.dealloc' op operand count (2) does not match with the total size (6) specified in attribute 'operandSegmentSizes'}}
  "bufferization.dealloc"(%m, %c) <{operandSegmentSizes = array<i32: 1, 5, 0>}> : (memref<2xf32>, i1) -> ()
  return
}

// -----

func.func @segments_negative() {
  // expected-error @+1 {{'memref.alloc' op 'operandSegmentSizes' attribute cannot have negative elements}}
  %0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 1, -1>}> : () -> memref<2xf32>
  return
}

// -----

func.func @segments_absent(%n: index) {
  // expected-error @+1 {{'memref.alloc' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  %0 = "memref.alloc"(%n) : (index) -> memref<?xf32>
  return
}

// -----

func.func @if_two_blocks(%c: i1) {
  // expected-error @+1 {{'scf.if' op expects region #0 to have 0 or 1 blocks}}
  "scf.if"(%c) ({
    cf.br ^bb1
  ^bb1:
    scf.yield
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @if_no_then(%c: i1) {
  // expected-error @+1 {{'scf.if' op region #0 ('thenRegion') failed to verify constraint: region with 1 blocks}}
  "scf.if"(%c) ({
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @for_wrong_terminator(%c: index) {
  // expected-error @+2 {{'scf.for' op expects regions to end with 'scf.yield', found 'test.foo'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
  "scf.for"(%c, %c, %c) ({
  ^bb0(%i: index):
    "test.foo"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @while_before(%c: i1) {
  // expected-error @+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  "scf.while"() ({
    // expected-note @+1 {{terminator here}}
    "test.foo"() : () -> ()
  }, {
    scf.yield
  }) : () -> ()
  return
}

// -----

func.func @while_after(%c: i1) {
  // expected-error @+1 {{'scf.while' op region #1 ('after') failed to verify constraint: region with 1 blocks}}
  "scf.while"() ({
    scf.condition(%c)
  }, {
  }) : () -> ()
  return
}

// -----

func.func @switch_case(%c: index) {
  // expected-error @+1 {{'scf.index_switch' op expected region to end with scf.yield, but got test.foo}}
  "scf.index_switch"(%c) <{cases = array<i64: 1>}> ({
    scf.yield
  }, {
    "test.foo"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @parallel_body(%c: index) {
  // expected-error @+1 {{'scf.parallel' op expects body to terminate with 'scf.reduce'}}
  "scf.parallel"(%c, %c, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    // expected-note @+1 {{terminator here}}
    "test.foo"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @reduce_body(%c: index) {
  %r = "scf.parallel"(%c, %c, %c, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> ({
  ^bb0(%i: index):
    // expected-error @+1 {{'scf.reduce' op reduction bodies must be terminated with an 'scf.reduce.return' op}}
    "scf.reduce"(%c) ({
    ^bb0(%a: index, %b: index):
      "test.foo"() : () -> ()
    }) : (index) -> ()
  }) : (index, index, index, index) -> index
  return
}

// -----

func.func @forall_body() {
  // expected-error @+2 {{'scf.forall' op expects regions to end with 'scf.forall.in_parallel', found 'test.foo'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'scf.forall.in_parallel'}}
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%i: index):
    "test.foo"() : () -> ()
  }) : () -> ()
  return
}

// -----

// An unregistered op may be a terminator where no rule names one.
func.func @execute_region_unknown_end() {
  scf.execute_region {
    "test.foo"() : () -> ()
  }
  return
}
