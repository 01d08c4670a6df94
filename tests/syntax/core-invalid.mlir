// RUN: ir-asm --split-input-file -verify-diagnostics %s
// Parse and verify errors of the builtin, func, arith, cf, scf and
// bufferization hooks, in MLIR's words: `mlir-opt-22 --split-input-file
// -verify-diagnostics` accepts this file as it is.

func.func @yield_count(%c: i1, %i: i32) -> i32 {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 2 operands, but region successor needs 1 inputs}}
  %r = scf.if %c -> (i32) {
    // expected-note @+1 {{region branch point}}
    scf.yield %i, %i : i32, i32
  } else {
    scf.yield %i : i32
  }
  return %r : i32
}

// -----

func.func @return_type(%i: i32) -> i64 {
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('i64') in function @return_type}}
  return %i : i32
}

// -----

func.func @return_count(%i: i32) {
  // expected-error @+1 {{'func.return' op has 1 operands, but enclosing function (@return_count) returns 0}}
  return %i : i32
}

// -----

func.func @dealloc_conditions(%m: memref<2xf32>, %c: i1) {
  // expected-error @+1 {{'bufferization.dealloc' op must have the same number of conditions as memrefs to deallocate}}
  "bufferization.dealloc"(%m, %c, %c) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<2xf32>, i1, i1) -> ()
  return
}

// -----

func.func @addi_types(%a: i32, %b: i64) {
  // expected-error @+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) <{overflowFlags = #arith.overflow<none>}> : (i32, i64) -> i32
  return
}

// -----

func.func @cond_br_i32(%a: i32) {
  // expected-error @+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%a)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

// expected-error @+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'}}
module attributes {foo} {}

// -----

func.func @for_mismatch(%a: index) {
  // expected-error @+1 {{custom op 'scf.for' mismatch in number of loop-carried values and defined values}}
  %r = scf.for %i = %a to %a step %a iter_args(%x = %a) -> (index, index) {
    scf.yield %x : index
  }
  return
}

// -----

func.func @bad_predicate(%a: index) {
  // expected-error @+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %a, %a : index
  return
}

// -----

func.func @yield_in_func(%a: index) {
  // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield
}

// -----

func.func @if_without_else(%c: i1, %a: index) {
  // expected-error @+1 {{'scf.if' op must have an else block if defining values}}
  %r = "scf.if"(%c) ({
    "scf.yield"(%a) : (index) -> ()
  }, {
  }) : (i1) -> index
  return
}

// -----

func.func @while_inputs(%a: index) {
  // expected-error @+1 {{custom op 'scf.while' expected as many input types as operands (expected 1 got 0)}}
  scf.while (%x = %a) : () -> () {
    scf.condition(%x)
  } do {
    scf.yield
  }
  return
}

// -----

func.func @execute_region_args() {
  // expected-error @+1 {{'scf.execute_region' op region cannot have any arguments}}
  "scf.execute_region"() ({
  ^bb0(%x: index):
    "scf.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @condition_parent(%c: i1) {
  // expected-error @+1 {{'scf.condition' op expects parent op 'scf.while'}}
  "scf.condition"(%c) : (i1) -> ()
}

// -----

func.func @constant_signed() {
  // expected-error @+1 {{'arith.constant' op integer return type must be signless}}
  %0 = arith.constant 3 : ui8
  return
}

// -----

// expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @decl_public()

// -----

func.func @if_yield_types(%c: i1, %a: i32) -> i64 {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i32' should match successor input type #0 'i64'}}
  %r = scf.if %c -> i64 {
    // expected-note @+1 {{region branch point}}
    scf.yield %a : i32
  } else {
    scf.yield %a : i32
  }
  return %r : i64
}

// -----

func.func @for_yield_type(%lb: index, %a: i32) {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'i32' != 'f32'}}
  %r = scf.for %i = %lb to %lb step %lb iter_args(%x = %a) -> i32 {
    %f = "test.f"() : () -> f32
    scf.yield %f : f32
  }
  return
}

// -----

func.func @for_yield_count(%lb: index, %a: i32) {
  // expected-error @+1 {{'scf.for' op different number of region iter_args and yielded values: 1 != 2}}
  %r = scf.for %i = %lb to %lb step %lb iter_args(%x = %a) -> i32 {
    scf.yield %x, %x : i32, i32
  }
  return
}

// -----

func.func @for_yield_empty(%lb: index, %a: i32) {
  // expected-error @+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = "scf.for"(%lb, %lb, %lb, %a) ({
  ^bb0(%i: index, %x: i32):
    // expected-note @+1 {{region branch point}}
    "scf.yield"() : () -> ()
  }) : (index, index, index, i32) -> i32
  return
}

// -----

func.func @for_init_type(%lb: index, %a: i32) {
  // expected-error @+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'i32' != 'i64'}}
  %r = "scf.for"(%lb, %lb, %lb, %a) ({
  ^bb0(%i: index, %x: i64):
    "scf.yield"(%x) : (i64) -> ()
  }) : (index, index, index, i32) -> i32
  return
}

// -----

func.func @cast_types(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<?xi32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<?xi32>
  return
}

// -----

// bufferization.alloc_tensor's operands are checked by segment: sizes and
// size_hint are index, copy is a tensor of the result's type (the custom
// form re-parses `copy(%t)` with the result type; found by fuzz-own).
func.func @alloc_tensor_copy_not_tensor(%t: index) {
  // expected-error @+1 {{'bufferization.alloc_tensor' op operand #0 must be tensor of any type values, but got 'index'}}
  %0 = "bufferization.alloc_tensor"(%t) {operandSegmentSizes = array<i32: 0, 1, 0>} : (index) -> tensor<?xf32>
  return
}

// -----

func.func @alloc_tensor_size_not_index(%n: i32) {
  // expected-error @+1 {{'bufferization.alloc_tensor' op operand #0 must be variadic of index, but got 'i32'}}
  %0 = "bufferization.alloc_tensor"(%n) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> tensor<?xf32>
  return
}

// -----

func.func @alloc_tensor_hint_not_index(%n: index, %h: i32) {
  // expected-error @+1 {{'bufferization.alloc_tensor' op operand #1 must be index, but got 'i32'}}
  %0 = "bufferization.alloc_tensor"(%n, %h) {operandSegmentSizes = array<i32: 1, 0, 1>} : (index, i32) -> tensor<?xf32>
  return
}

// -----

func.func @alloc_tensor_copy_type(%t: tensor<4xf32>) {
  // expected-error @+1 {{expected that `copy` and return type match}}
  %0 = "bufferization.alloc_tensor"(%t) {operandSegmentSizes = array<i32: 0, 1, 0>} : (tensor<4xf32>) -> tensor<?xf32>
  return
}
