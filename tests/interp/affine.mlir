// RUN: ir-run %s --entry affine --arg 1 --arg 8 | FileCheck %s --check-prefix=SMALL
// RUN: ir-run %s --entry affine --arg 12 --arg 0 | FileCheck %s --check-prefix=BIG
// RUN: not ir-run %s --entry affine_oob --arg 4 | FileCheck %s --check-prefix=OOB
// The affine ops run their maps and integer sets: affine.apply,
// affine.load, affine.for (max of the lower bounds, min of the upper ones,
// iter_args), affine.if.

// SMALL: result #0: 4 : index
// SMALL-NEXT: result #1: 5.0 : f32
// SMALL-NEXT: result #2: 0.0 : f32
// SMALL-NEXT: result #3: 5 : index
// SMALL-NEXT: result #4: 1 : index
// SMALL-NEXT: ir-run: @affine: clean
// BIG: result #0: -6 : index
// BIG-NEXT: result #1: 5.0 : f32
// BIG-NEXT: result #2: 5.0 : f32
// BIG-NEXT: result #3: 0 : index
// BIG-NEXT: result #4: -3 : index
func.func @affine(%a: index, %b: index) -> (index, f32, f32, index, index) {
  %c2 = arith.constant 2 : index
  %m = memref.alloc() : memref<16xf32>
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%m : memref<16xf32>)
  %x = affine.apply affine_map<(d0, d1)[s0] -> ((d1 - d0) ceildiv s0)>(%a, %b)[%c2]
  %zero = arith.constant 0.0 : f32
  %sum = affine.for %i = 0 to 10 step 2 iter_args(%s = %zero) -> f32 {
    %t = affine.load %m[%i] : memref<16xf32>
    %n = arith.addf %s, %t : f32
    affine.yield %n : f32
  }
  %q = affine.if affine_set<(d0)[s0] : (d0 - 10 >= 0, s0 == 0)>(%a)[%b] -> f32 {
    affine.yield %sum : f32
  } else {
    affine.yield %zero : f32
  }
  // from max(a, 3) to min(b + 5, 8): a = 1, b = 8: 3..7
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %count = affine.for %j = max affine_map<(d0) -> (d0, 3)>(%a) to min affine_map<(d0) -> (d0 + 5, 8)>(%b)
      iter_args(%k = %c0) -> index {
    %k1 = arith.addi %k, %c1 : index
    affine.yield %k1 : index
  }
  %y = affine.apply affine_map<(d0) -> (d0 mod 4 - d0 floordiv 4)>(%a)
  memref.dealloc %m : memref<16xf32>
  return %x, %sum, %q, %count, %y : index, f32, f32, index, index
}

// OOB: affine.mlir:[[@LINE+3]]:8: error: out-of-bounds: affine.load at index 4 of dimension 0, whose size is 4
func.func @affine_oob(%i: index) -> f32 {
  %m = memref.alloca() : memref<4xf32>
  %v = affine.load %m[%i] : memref<4xf32>
  return %v : f32
}
