// RUN: ir-asm --allow-unregistered-dialect --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// affine.yield ends only affine.if and affine.for bodies and passes their
// results' types. It had no verifier here. Messages are mlir-opt-22's (the
// second RUN line checks).

func.func @wrong_type(%m: memref<5xf32>) {
  %r = affine.if affine_set<() : ()>() -> vector<5xf32> {
    // expected-error @+1 {{'affine.yield' op types mismatch between yield op and its parent}}
    affine.yield %m : memref<5xf32>
  } else {
    %v = "test.v"() : () -> vector<5xf32>
    affine.yield %v : vector<5xf32>
  }
  return
}

// -----

func.func @too_few(%m: memref<5xf32>) {
  %r = affine.if affine_set<() : ()>() -> memref<5xf32> {
    // expected-error @+1 {{'affine.yield' op parent of yield must have same number of results as the yield operands}}
    affine.yield
  } else {
    affine.yield %m : memref<5xf32>
  }
  return
}

// -----

func.func @foreign_parent() {
  "test.region"() ({
    // expected-error @+1 {{'affine.yield' op only terminates affine.if/for/parallel regions}}
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @loop_carried(%m: memref<5xf32>) {
  %r = affine.for %i = 0 to 4 iter_args(%a = %m) -> (memref<5xf32>) {
    %f = arith.constant 1.0 : f32
    // expected-error @+1 {{'affine.yield' op types mismatch between yield op and its parent}}
    affine.yield %f : f32
  }
  return
}
