// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// test.region_if resolves its operands after its regions (as
// RegionIfOp::parse does), so their count is checked at the end of the op,
// and a name used as an operand is not yet in use while the regions are
// parsed.

func.func @count(%c: memref<2xf32>) {
  %r = test.region_if %c, %c : memref<2xf32> -> memref<2xf32> then {
  ^bb0(%x: memref<2xf32>):
    test.region_if_yield %x : memref<2xf32>
  } else {
  ^bb0(%x: memref<2xf32>):
    test.region_if_yield %x : memref<2xf32>
  } join {
  ^bb0(%x: memref<2xf32>):
    test.region_if_yield %x : memref<2xf32>
  }
  // expected-error @below {{custom op 'test.region_if' number of operands and types do not match: got 2 operands and 1 types}}
  return
}

// -----

// %c is used by the outer region_if and then named by the function inside
// its region: not an error of the argument, since the use is resolved
// later. The first use left undefined at the end is the yield's.
%r = test.region_if %c : memref<2xf32> -> memref<2xf32> then {
  func.func @inner(%c: memref<2xf32>) {
    return
  }
  // expected-error @below {{use of undeclared SSA value name}}
  test.region_if_yield %c : memref<2xf32>
} else {
  test.region_if_yield %c : memref<2xf32>
} join {
  test.region_if_yield %c : memref<2xf32>
}
