// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | FileCheck %s --check-prefix=GENERIC
// RUN: mlir-opt %s | FileCheck %s
// RUN: mlir-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// REQUIRES: mlir-opt
// #arith.fastmath<..> and #arith.overflow<..> are parsed flag by flag
// (keywords or strings, any spacing around the commas) and printed as
// MLIR prints them: its order of the flags, `,` between fastmath flags and
// `, ` between overflow flags, whatever the spelling in the input.

#map = #arith.fastmath<ninf , nnan>
func.func @f(%a: f32, %i: i32) -> f32 {
  // CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<nnan,ninf> : f32
  // GENERIC: "arith.addf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<nnan,ninf>}>
  %0 = "arith.addf"(%a, %a) <{fastmath = #arith.fastmath<ninf,"nnan">}> : (f32, f32) -> f32
  // CHECK: {g = #arith.fastmath<nnan,ninf>, h = #arith.overflow<nsw, nuw>} : f32
  // GENERIC: {g = #arith.fastmath<nnan,ninf>, h = #arith.overflow<nsw, nuw>}
  %1 = arith.addf %a, %0 {g = #map, h = #arith.overflow<nuw,nsw>} : f32
  // CHECK: arith.addi %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
  // GENERIC: <{overflowFlags = #arith.overflow<nsw, nuw>}>
  %2 = "arith.addi"(%i, %i) <{overflowFlags = #arith.overflow<"nuw",none, nsw>}> : (i32, i32) -> i32
  return %1 : f32
}
