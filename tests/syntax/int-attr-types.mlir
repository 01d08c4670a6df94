// RUN: ir-asm --allow-unregistered-dialect %s | ir-dis | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect %s | FileCheck %s
// REQUIRES: mlir-opt
// Integer attributes keep their type's signedness: only signless i64 is
// the default type an integer attribute may leave out. ui64 and si64 once
// came out as i64 (18446744073709551615 : ui64 as -1 : i64); found by
// fuzz/mlir-diff.

// CHECK: "test.a"() {a = 256 : ui64, b = 256 : si64, c = 256 : ui32, d = 18446744073709551615 : ui64, e = -9223372036854775808 : si64, f = 3 : i64, g = 3 : i64} : () -> ()
"test.a"() {a = 256 : ui64, b = 256 : si64, c = 256 : ui32, d = 18446744073709551615 : ui64, e = -9223372036854775808 : si64, f = 3 : i64, g = 3} : () -> ()
