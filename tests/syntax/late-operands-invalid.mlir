// RUN: ir-asm --split-input-file --allow-unregistered-dialect -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --allow-unregistered-dialect --verify-diagnostics %s
// REQUIRES: mlir-opt
// Ops whose parsers resolve their operands late, as MLIR's do: scf.for
// (ForOp::parse) after its body, and the declarative formats (tensor.pad,
// scf.index_switch, test.region_buffer_based, test.region_yield) at the
// end. While a region is parsed, an operand's name is not yet in use, so a
// region argument may take it; a value the region defines is gone when
// the operand is resolved, so the operand is undeclared.

// expected-note @+1 {{previously referenced here}}
func.func @for_iter_arg(%lb: index, %ub: index) {
  %m = memref.alloc() : memref<5xf32>
  %c1 = arith.constant 1 : index
  // %c is the lower bound and then an iter_arg: no clash; %ub is the
  // function's, so it is in use.
  // expected-error @+1 {{region entry argument '%ub' is already in use}}
  %a, %b = scf.for %iv = %c to %ub step %c1 iter_args(%c = %m, %ub = %m)
      -> (memref<5xf32>, memref<5xf32>) {
    scf.yield %c, %c : memref<5xf32>, memref<5xf32>
  }
  return
}

// -----

func.func @for_bound_inside(%lb: index) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{use of undeclared SSA value name}}
  scf.for %iv = %lb to %n step %c1 {
    %n = arith.constant 4 : index
  }
  return
}

// -----

func.func @pad_low_is_arg(%t: tensor<2xf32>, %f: f32) {
  // expected-error @+1 {{use of undeclared SSA value name}}
  %p = tensor.pad %t low[%i] high[0] {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } : tensor<2xf32> to tensor<?xf32>
  return
}

// -----

func.func @switch_on_inner() {
  // expected-error @+1 {{use of undeclared SSA value name}}
  scf.index_switch %x
  case 1 {
    %x = arith.constant 1 : index
    scf.yield
  }
  default {
    scf.yield
  }
  return
}

// -----

func.func @buffer_based_inner(%m: memref<2xf32>) {
  // expected-error @+1 {{use of undeclared SSA value name}}
  test.region_buffer_based in(%m: memref<2xf32>) out(%o: memref<2xf32>) {
  ^bb0(%a: f32, %b: f32):
    %o = memref.alloc() : memref<2xf32>
    test.region_yield %a : f32
  }
  return
}

// -----

// test.region_yield's declarative format resolves its operand after the
// attribute dictionary: a broken dictionary is reported, not the type
// clash.
func.func @yield_after_attrs(%a: memref<2xf32>) {
  test.region_buffer_based in(%a: memref<2xf32>) out(%a: memref<2xf32>) {
  ^bb0(%x: f32, %y: f32):
    // expected-error @+1 {{expected attribute value}}
    test.region_yield %x : i32 {foo = }
  }
  return
}

// -----

// memref.load, memref.store, memref.view and memref.prefetch resolve their
// operands after the op's types (the memref first, then the indices):
// a misspelt keyword or a wrong type kind is reported before an index of
// the wrong type.
func.func @view_to(%m: memref<8xi8>) {
  // expected-error @+1 {{custom op 'memref.view' expected 'to'}}
  %0 = memref.view %m[%m][] : memref<8xi8> memref<2xf32>
  return
}

// -----

func.func @view_result_type(%m: memref<8xi8>, %i: index) {
  // expected-error @+1 {{expected non-function type}}
  %0 = memref.view %m[%i][%m] : memref<8xi8> to
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @store_value_first(%m: memref<8xi8>, %i: index) {
  // expected-error @+1 {{use of value '%i' expects different type than prior uses: 'i8' vs 'index'}}
  memref.store %i, %m[%m] : memref<8xi8>
  return
}

// -----

func.func @prefetch_type(%m: memref<8xi8>) {
  // expected-error @+1 {{custom op 'memref.prefetch' invalid kind of type specified: expected builtin.memref, but found 'tensor<8xi8>'}}
  memref.prefetch %m[%m], read, locality<3>, data : tensor<8xi8>
  return
}

// -----

func.func @load_type(%m: memref<8xi8>) {
  // expected-error @+1 {{custom op 'memref.load' invalid kind of type specified}}
  %0 = memref.load %m[%m] : tensor<8xi8>
  return
}
