// RUN: ir-asm %s | ir-dis --debuginfo | FileCheck %s
// RUN: ir-asm %s | ir-dis --debuginfo | ir-asm | ir-dis --debuginfo | FileCheck %s
// Float elements of dense<> bodies are spelled exactly as MLIR prints them
// (shortest round-tripping digits when %.6e does not round-trip, hex for
// NaN and infinities), and fused locations are canonicalised as MLIR's
// FusedLoc::get does (nested fused locations with the same metadata
// flattened, unknown members dropped, duplicates removed, a single member
// unwrapped, nothing left -> unknown).
// (CHECK lines are mlir-opt-22 --mlir-print-debuginfo's output.)
func.func @f() {
  %0 = "test.c"() {a = dense<[0.9072, 1.0, 2.5, 1.0e-10, 3.14159265358979, 0x7FC00000, 0xFF800000, -0.0]> : tensor<8xf32>} : () -> i1 loc(fused["a":1:2, unknown, "a":1:2])
  %1 = "test.c"() {a = dense<[0.9072, 1.0, 0x7E00, 0x7C00, 65504.0, 1.0e-3]> : tensor<6xf16>} : () -> i1 loc(fused[unknown])
  %2 = "test.c"() {a = dense<[0.9072, 1.0, 0x7FF8000000000000, 1.0e300, 0.1]> : tensor<5xf64>} : () -> i1 loc(fused[])
  %3 = "test.c"() {a = dense<[0.9072, 1.0, 0x7FC0, 3.0e38]> : tensor<4xbf16>} : () -> i1 loc(fused<"m">[unknown])
  %4 = "test.c"() {a = dense<0.9072> : tensor<4xf32>} : () -> i1 loc(fused<"m">["x", fused<"m">["y", "x"], fused["z", "w"]])
  %5 = "test.c"() {a = dense<(1.5, 2.0)> : tensor<complex<f32>>} : () -> i1 loc(fused["x", fused["y", "x"], fused<"m">["z"]])
  "test.d"() : () -> () loc(fused<"m">["x"])
  "test.e"() : () -> () loc(fused["x", "y"])
  return loc(fused["y"])
} loc("f")

// CHECK: module {
// CHECK-NEXT:   func.func @f() {
// CHECK-NEXT:     %0 = "test.c"() {a = dense<[0.907199978, 1.000000e+00, 2.500000e+00, 1.000000e-10, 3.14159274, 0x7FC00000, 0xFF800000, -0.000000e+00]> : tensor<8xf32>} : () -> i1 loc(#loc2)
// CHECK-NEXT:     %1 = "test.c"() {a = dense<[9.072260e-01, 1.000000e+00, 0x7E00, 0x7C00, 6.550400e+04, 1.000400e-03]> : tensor<6xf16>} : () -> i1 loc(#loc3)
// CHECK-NEXT:     %2 = "test.c"() {a = dense<[9.072000e-01, 1.000000e+00, 0x7FF8000000000000, 1.000000e+300, 1.000000e-01]> : tensor<5xf64>} : () -> i1 loc(#loc3)
// CHECK-NEXT:     %3 = "test.c"() {a = dense<[9.062500e-01, 1.000000e+00, 0x7FC0, 3.004060e+38]> : tensor<4xbf16>} : () -> i1 loc(#loc8)
// CHECK-NEXT:     %4 = "test.c"() {a = dense<0.907199978> : tensor<4xf32>} : () -> i1 loc(#loc13)
// CHECK-NEXT:     %5 = "test.c"() {a = dense<(1.500000e+00,2.000000e+00)> : tensor<complex<f32>>} : () -> i1 loc(#loc14)
// CHECK-NEXT:     "test.d"() : () -> () loc(#loc11)
// CHECK-NEXT:     "test.e"() : () -> () loc(#loc12)
// CHECK-NEXT:     return loc(#loc5)
// CHECK-NEXT:   } loc(#loc1)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("{{.*}}dense-fused.mlir":0:0)
// CHECK-NEXT: #loc1 = loc("f")
// CHECK-NEXT: #loc2 = loc("a":1:2)
// CHECK-NEXT: #loc3 = loc(unknown)
// CHECK-NEXT: #loc4 = loc("x")
// CHECK-NEXT: #loc5 = loc("y")
// CHECK-NEXT: #loc6 = loc("z")
// CHECK-NEXT: #loc7 = loc("w")
// CHECK-NEXT: #loc8 = loc(fused<"m">[#loc3])
// CHECK-NEXT: #loc9 = loc(fused[#loc6, #loc7])
// CHECK-NEXT: #loc10 = loc(fused<"m">[#loc6])
// CHECK-NEXT: #loc11 = loc(fused<"m">[#loc4])
// CHECK-NEXT: #loc12 = loc(fused[#loc4, #loc5])
// CHECK-NEXT: #loc13 = loc(fused<"m">[#loc4, #loc5, #loc9])
// CHECK-NEXT: #loc14 = loc(fused[#loc4, #loc5, #loc10])
