// RUN: ir-asm --allow-unregistered-dialect --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// The RegionBranchOpInterface check of the values passed along each edge,
// for shape.assuming (its yield gives the results) and test.region_if (its
// operands enter the then and else regions, whose yields enter the join
// region, whose yield gives the results), and what their yields and
// test.forward_buffer take. None of it was checked here before. Messages
// are mlir-opt-22's (the second RUN line checks).

func.func @assuming_types(%c: memref<2xf32>, %w: !shape.witness) {
  // expected-error @+1 {{'shape.assuming' op along control flow edge from Operation shape.assuming_yield to parent: successor operand type #0 'memref<2xf32>' should match successor input type #0 'vector<2xf32>'}}
  %1 = shape.assuming %w -> vector<2xf32> {
    // expected-note @+1 {{region branch point}}
    shape.assuming_yield %c : memref<2xf32>
  }
  return
}

// -----

func.func @assuming_count(%c: memref<2xf32>, %w: !shape.witness) {
  // expected-error @+1 {{'shape.assuming' op along control flow edge from Operation shape.assuming_yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  %1 = shape.assuming %w -> memref<2xf32> {
    // expected-note @+1 {{region branch point}}
    shape.assuming_yield
  }
  return
}

// -----

func.func @assuming_yield_parent() {
  "test.r"() ({
    // expected-error @+1 {{'shape.assuming_yield' op expects parent op 'shape.assuming'}}
    "shape.assuming_yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @into_then(%c: memref<2xf32>) {
  // expected-error @+2 {{'test.region_if' op along control flow edge from parent to Region #0: successor operand type #0 'memref<2xf32>' should match successor input type #0 'memref<3xf32>'}}
  // expected-note @+1 {{region branch point}}
  %r = test.region_if %c : memref<2xf32> -> memref<2xf32> then {
  ^bb0(%x: memref<3xf32>):
    test.region_if_yield %c : memref<2xf32>
  } else {
  ^bb0(%x: memref<2xf32>):
    test.region_if_yield %c : memref<2xf32>
  } join {
  ^bb0(%x: memref<2xf32>):
    test.region_if_yield %x : memref<2xf32>
  }
  return
}

// -----

func.func @into_join(%c: memref<2xf32>) {
  // expected-error @+1 {{'test.region_if' op along control flow edge from Operation test.region_if_yield to Region #2: region branch point has 2 operands, but region successor needs 1 inputs}}
  %r = test.region_if %c : memref<2xf32> -> memref<2xf32> then {
  ^bb0(%x: memref<2xf32>):
    // expected-note @+1 {{region branch point}}
    test.region_if_yield %c, %c : memref<2xf32>, memref<2xf32>
  } else {
  ^bb0(%x: memref<2xf32>):
    test.region_if_yield %c : memref<2xf32>
  } join {
  ^bb0(%x: memref<2xf32>):
    test.region_if_yield %x : memref<2xf32>
  }
  return
}

// -----

func.func @out_of_join(%c: memref<2xf32>) {
  // expected-error @+1 {{'test.region_if' op along control flow edge from Operation test.region_if_yield to parent: successor operand type #0 'memref<2xf32>' should match successor input type #0 'memref<?xf32>'}}
  %r = test.region_if %c : memref<2xf32> -> memref<?xf32> then {
  ^bb0(%x: memref<2xf32>):
    test.region_if_yield %c : memref<2xf32>
  } else {
  ^bb0(%x: memref<2xf32>):
    test.region_if_yield %c : memref<2xf32>
  } join {
  ^bb0(%x: memref<2xf32>):
    // expected-note @+1 {{region branch point}}
    test.region_if_yield %x : memref<2xf32>
  }
  return
}

// -----

func.func @forward_to_vector(%m: memref<2xf32>) {
  // expected-error @+1 {{'test.forward_buffer' op result #0 must be ranked or unranked memref of any type values, but got 'vector<2xf32>'}}
  %f = "test.forward_buffer"(%m) : (memref<2xf32>) -> vector<2xf32>
  return
}
