func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32 loc(#fwd)
  %1 = arith.muli %0, %a : i32 loc("piece-locs.mlir":30:5)
  return %1 : i32 loc(#back)
}
#back = loc("piece-locs.mlir":2:3)
func.func @g(%a: i32) -> i32 {
  %0 = arith.subi %a, %a : i32 loc(#fwd)
  %1 = arith.muli %0, %a : i32 loc("piece-locs.mlir":30:5)
  %2 = arith.addi %1, %a : i32 loc(#back)
  return %2 : i32 loc("piece-locs.mlir":2:3)
}
func.func @h() {
  return loc(#fwd)
}
#fwd = loc("piece-locs.mlir":1:1)

// RUN: cd %S && ir-asm piece-locs.mlir | ir-dis --debuginfo | FileCheck %s
// RUN: cd %S && ir-asm piece-locs.mlir | ir-dis --debuginfo | ir-asm | ir-dis --debuginfo | FileCheck %s
// ir-asm writes a text one top-level op at a time and then drops the
// op's locations, so that their ids serve the next op (ir_loc_drop); what
// must survive does: a location alias parsed ahead at its first use
// (#fwd, #back), and the locations of this file (run from its directory,
// the explicit ones name the parsed file) met again in later ops. The
// CHECK lines are mlir-opt-22 --mlir-print-debuginfo's output.
// CHECK: #loc2 = loc("piece-locs.mlir":1:14)
// CHECK-NEXT: #loc6 = loc("piece-locs.mlir":7:14)
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: i32 loc("piece-locs.mlir":1:14)) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32 loc(#loc1)
// CHECK-NEXT:     %1 = arith.muli %0, %arg0 : i32 loc(#loc3)
// CHECK-NEXT:     return %1 : i32 loc(#loc4)
// CHECK-NEXT:   } loc(#loc1)
// CHECK-NEXT:   func.func @g(%arg0: i32 loc("piece-locs.mlir":7:14)) -> i32 {
// CHECK-NEXT:     %0 = arith.subi %arg0, %arg0 : i32 loc(#loc1)
// CHECK-NEXT:     %1 = arith.muli %0, %arg0 : i32 loc(#loc3)
// CHECK-NEXT:     %2 = arith.addi %1, %arg0 : i32 loc(#loc4)
// CHECK-NEXT:     return %2 : i32 loc(#loc4)
// CHECK-NEXT:   } loc(#loc5)
// CHECK-NEXT:   func.func @h() {
// CHECK-NEXT:     return loc(#loc1)
// CHECK-NEXT:   } loc(#loc7)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("piece-locs.mlir":0:0)
// CHECK-NEXT: #loc1 = loc("piece-locs.mlir":1:1)
// CHECK-NEXT: #loc3 = loc("piece-locs.mlir":30:5)
// CHECK-NEXT: #loc4 = loc("piece-locs.mlir":2:3)
// CHECK-NEXT: #loc5 = loc("piece-locs.mlir":7:1)
// CHECK-NEXT: #loc7 = loc("piece-locs.mlir":13:1)
