// RUN: ir-asm %s | ir-dis --debuginfo | FileCheck %s
// RUN: ir-asm %s | ir-dis --debuginfo | ir-asm | ir-dis --debuginfo | FileCheck %s
// RUN: ir-asm %s | ir-dis --debuginfo --generic | FileCheck %s --check-prefix=GEN
// Block argument locations (MLIR's `%a: i32 loc(...)`): by default where the
// argument is written; printed in full, never as an alias, yet numbered
// first among the `#loc` aliases, which are then defined before the module.
// (CHECK lines are mlir-opt-22 --mlir-print-debuginfo's output for this file.)
func.func private @decl(i32, i64 loc("dropped"))
func.func @f(%a: i32, %b: i64 loc("x.c":1:2)) -> i32 {
  cf.br ^bb1(%a, %a : i32, i32)
^bb1(%c: i32 loc(unknown), %e: i32):
  %0 = "test.op"(%c) ({
  ^bb0(%q: f32 loc("n"("y.c":7:8))):
    "test.yield"() : () -> ()
  }) : (i32) -> i32
  affine.for %i loc("iv") = 0 to 4 {
  }
  %w = scf.while (%x = %e) : (i32) -> i32 {
    %t = "test.cond"() : () -> i1
    scf.condition(%t) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return %0 : i32
}

// CHECK: #loc3 = loc("{{.*}}arg-locs.mlir":9:14)
// CHECK-NEXT: #loc4 = loc("x.c":1:2)
// CHECK-NEXT: #loc6 = loc(unknown)
// CHECK-NEXT: #loc7 = loc("{{.*}}arg-locs.mlir":11:28)
// CHECK-NEXT: #loc9 = loc("y.c":7:8)
// CHECK-NEXT: #loc12 = loc("iv")
// CHECK-NEXT: #loc16 = loc("{{.*}}arg-locs.mlir":22:8)
// CHECK-NEXT: #loc19 = loc("n"(#loc9))
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func private @decl(i32, i64) loc(#loc1)
// CHECK-NEXT:   func.func @f(%arg0: i32 loc("{{.*}}arg-locs.mlir":9:14), %arg1: i64 loc("x.c":1:2)) -> i32 {
// CHECK-NEXT:     cf.br ^bb1(%arg0, %arg0 : i32, i32) loc(#loc5)
// CHECK-NEXT:   ^bb1(%0: i32 loc(unknown), %1: i32 loc("{{.*}}arg-locs.mlir":11:28)):  // pred: ^bb0
// CHECK-NEXT:     %2 = "test.op"(%0) ({
// CHECK-NEXT:     ^bb0(%arg2: f32 loc("n"(#loc9))):
// CHECK-NEXT:       "test.yield"() : () -> () loc(#loc10)
// CHECK-NEXT:     }) : (i32) -> i32 loc(#loc8)
// CHECK-NEXT:     affine.for %arg2 loc("iv") = 0 to 4 {
// CHECK-NEXT:     } loc(#loc11)
// CHECK-NEXT:     %3 = scf.while (%arg2 = %1) : (i32) -> i32 {
// CHECK-NEXT:       %4 = "test.cond"() : () -> i1 loc(#loc14)
// CHECK-NEXT:       scf.condition(%4) %arg2 : i32 loc(#loc15)
// CHECK-NEXT:     } do {
// CHECK-NEXT:     ^bb0(%arg2: i32 loc("{{.*}}arg-locs.mlir":22:8)):
// CHECK-NEXT:       scf.yield %arg2 : i32 loc(#loc17)
// CHECK-NEXT:     } loc(#loc13)
// CHECK-NEXT:     return %2 : i32 loc(#loc18)
// CHECK-NEXT:   } loc(#loc2)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("{{.*}}arg-locs.mlir":0:0)
// CHECK-NEXT: #loc1 = loc("{{.*}}arg-locs.mlir":8:1)
// CHECK-NEXT: #loc2 = loc("{{.*}}arg-locs.mlir":9:1)
// CHECK-NEXT: #loc5 = loc("{{.*}}arg-locs.mlir":10:3)
// CHECK-NEXT: #loc8 = loc("{{.*}}arg-locs.mlir":12:8)
// CHECK-NEXT: #loc10 = loc("{{.*}}arg-locs.mlir":14:5)
// CHECK-NEXT: #loc11 = loc("{{.*}}arg-locs.mlir":16:3)
// CHECK-NEXT: #loc13 = loc("{{.*}}arg-locs.mlir":18:8)
// CHECK-NEXT: #loc14 = loc("{{.*}}arg-locs.mlir":19:10)
// CHECK-NEXT: #loc15 = loc("{{.*}}arg-locs.mlir":20:5)
// CHECK-NEXT: #loc17 = loc("{{.*}}arg-locs.mlir":23:5)
// CHECK-NEXT: #loc18 = loc("{{.*}}arg-locs.mlir":25:3)

// GEN: #loc3 = loc("{{.*}}arg-locs.mlir":9:14)
// GEN-NEXT: #loc4 = loc("x.c":1:2)
// GEN-NEXT: #loc6 = loc(unknown)
// GEN-NEXT: #loc7 = loc("{{.*}}arg-locs.mlir":11:28)
// GEN-NEXT: #loc9 = loc("y.c":7:8)
// GEN-NEXT: #loc12 = loc("iv")
// GEN-NEXT: #loc14 = loc("{{.*}}arg-locs.mlir":18:19)
// GEN-NEXT: #loc17 = loc("{{.*}}arg-locs.mlir":22:8)
// GEN-NEXT: #map = affine_map<() -> (0)>
// GEN-NEXT: #map1 = affine_map<() -> (4)>
// GEN-NEXT: #loc20 = loc("n"(#loc9))
// GEN-NEXT: "builtin.module"() ({
// GEN-NEXT:   "func.func"() <{function_type = (i32, i64) -> (), sym_name = "decl", sym_visibility = "private"}> ({
// GEN-NEXT:   }) : () -> () loc(#loc1)
// GEN-NEXT:   "func.func"() <{function_type = (i32, i64) -> i32, sym_name = "f"}> ({
// GEN-NEXT:   ^bb0(%arg0: i32 loc("{{.*}}arg-locs.mlir":9:14), %arg1: i64 loc("x.c":1:2)):
// GEN-NEXT:     "cf.br"(%arg0, %arg0)[^bb1] : (i32, i32) -> () loc(#loc5)
// GEN-NEXT:   ^bb1(%0: i32 loc(unknown), %1: i32 loc("{{.*}}arg-locs.mlir":11:28)):  // pred: ^bb0
// GEN-NEXT:     %2 = "test.op"(%0) ({
// GEN-NEXT:     ^bb0(%arg5: f32 loc("n"(#loc9))):
// GEN-NEXT:       "test.yield"() : () -> () loc(#loc10)
// GEN-NEXT:     }) : (i32) -> i32 loc(#loc8)
// GEN-NEXT:     "affine.for"() <{lowerBoundMap = #map, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = #map1}> ({
// GEN-NEXT:     ^bb0(%arg4: index loc("iv")):
// GEN-NEXT:       "affine.yield"() : () -> () loc(#loc11)
// GEN-NEXT:     }) : () -> () loc(#loc11)
// GEN-NEXT:     %3 = "scf.while"(%1) ({
// GEN-NEXT:     ^bb0(%arg3: i32 loc("{{.*}}arg-locs.mlir":18:19)):
// GEN-NEXT:       %4 = "test.cond"() : () -> i1 loc(#loc15)
// GEN-NEXT:       "scf.condition"(%4, %arg3) : (i1, i32) -> () loc(#loc16)
// GEN-NEXT:     }, {
// GEN-NEXT:     ^bb0(%arg2: i32 loc("{{.*}}arg-locs.mlir":22:8)):
// GEN-NEXT:       "scf.yield"(%arg2) : (i32) -> () loc(#loc18)
// GEN-NEXT:     }) : (i32) -> i32 loc(#loc13)
// GEN-NEXT:     "func.return"(%2) : (i32) -> () loc(#loc19)
// GEN-NEXT:   }) : () -> () loc(#loc2)
// GEN-NEXT: }) : () -> () loc(#loc)
// GEN-NEXT: #loc = loc("{{.*}}arg-locs.mlir":0:0)
// GEN-NEXT: #loc1 = loc("{{.*}}arg-locs.mlir":8:1)
// GEN-NEXT: #loc2 = loc("{{.*}}arg-locs.mlir":9:1)
// GEN-NEXT: #loc5 = loc("{{.*}}arg-locs.mlir":10:3)
// GEN-NEXT: #loc8 = loc("{{.*}}arg-locs.mlir":12:8)
// GEN-NEXT: #loc10 = loc("{{.*}}arg-locs.mlir":14:5)
// GEN-NEXT: #loc11 = loc("{{.*}}arg-locs.mlir":16:3)
// GEN-NEXT: #loc13 = loc("{{.*}}arg-locs.mlir":18:8)
// GEN-NEXT: #loc15 = loc("{{.*}}arg-locs.mlir":19:10)
// GEN-NEXT: #loc16 = loc("{{.*}}arg-locs.mlir":20:5)
// GEN-NEXT: #loc18 = loc("{{.*}}arg-locs.mlir":23:5)
// GEN-NEXT: #loc19 = loc("{{.*}}arg-locs.mlir":25:3)
