// RUN: ir-asm --split-input-file --allow-unregistered-dialect -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --allow-unregistered-dialect --verify-diagnostics %s
// REQUIRES: mlir-opt
// Every vector size is positive, a scalable one too (vector<[0]xi1> was
// taken here), and mlir-opt-22 reports it at the `vector` keyword with all
// the sizes (the second RUN line checks).

// expected-error @+1 {{vector types must have positive constant sizes but got 0}}
"t.x"() : () -> (vector<[0]xi1>)

// -----

// expected-error @+1 {{vector types must have positive constant sizes but got 4, 0}}
"t.x"() : () -> (vector<[4]x0xi1>)

// -----

func.func @f(%a: vector<[4]x2xi1>, %b: vector<1xf32>) {
  return
}
