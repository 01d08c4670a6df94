// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | ir-asm | ir-dis | FileCheck %s
// Custom syntax of the cf ops: br, cond_br (with weights), switch (MLIR
// prints case values zero-extended), assert.
// (CHECK lines are mlir-opt-22's output for this file.)
func.func @branches(%c: i1, %i: i32, %m: memref<2xf32>) -> i32 {
  cf.br ^bb1(%i : i32)
^bb1(%a: i32):
  cf.cond_br %c, ^bb2, ^bb3(%a, %m : i32, memref<2xf32>)
^bb2:
  cf.cond_br %c, ^bb1(%a : i32), ^bb3(%a, %m : i32, memref<2xf32>) {test.w}
^bb3(%b: i32, %mm: memref<2xf32>):
  cf.switch %b : i32, [
    default: ^bb4(%b : i32),
    42: ^bb5,
    -3: ^bb4(%a : i32)
  ]
^bb4(%z: i32):
  cf.switch %z : i32, [
    default: ^bb5
  ]
^bb5:
  cf.assert %c, "must hold"
  cf.assert %c, "quote \" and newline \n" {test.a}
  cf.cond_br %c weights([3, 5]), ^bb6, ^bb7
^bb6:
  cf.switch %i : i32, [
    default: ^bb7,
    1: ^bb7,
    7: ^bb6
  ] {test.sw}
^bb7:
  cf.br ^bb8 {test.br}
^bb8:
  return %i : i32
}
func.func @switch64(%x: i64) {
  cf.switch %x : i64, [
    default: ^bb1,
    7: ^bb1,
    9: ^bb1
  ]
^bb1:
  return
}
func.func @switch16(%x: i16) {
  cf.switch %x : i16, [
    default: ^bb1,
    -2: ^bb1
  ]
^bb1:
  return
}

// CHECK: module {
// CHECK-NEXT:   func.func @branches(%arg0: i1, %arg1: i32, %arg2: memref<2xf32>) -> i32 {
// CHECK-NEXT:     cf.br ^bb1(%arg1 : i32)
// CHECK-NEXT:   ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:     cf.cond_br %arg0, ^bb2, ^bb3(%0, %arg2 : i32, memref<2xf32>)
// CHECK-NEXT:   ^bb2:  // pred: ^bb1
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1(%0 : i32), ^bb3(%0, %arg2 : i32, memref<2xf32>) {test.w}
// CHECK-NEXT:   ^bb3(%1: i32, %2: memref<2xf32>):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:     cf.switch %1 : i32, [
// CHECK-NEXT:       default: ^bb4(%1 : i32),
// CHECK-NEXT:       42: ^bb5,
// CHECK-NEXT:       4294967293: ^bb4(%0 : i32)
// CHECK-NEXT:     ]
// CHECK-NEXT:   ^bb4(%3: i32):  // 2 preds: ^bb3, ^bb3
// CHECK-NEXT:     cf.switch %3 : i32, [
// CHECK-NEXT:       default: ^bb5]
// CHECK-NEXT:   ^bb5:  // 2 preds: ^bb3, ^bb4
// CHECK-NEXT:     cf.assert %arg0, "must hold"
// CHECK-NEXT:     cf.assert %arg0, "quote \22 and newline \0A" {test.a}
// CHECK-NEXT:     cf.cond_br %arg0 weights([3, 5]), ^bb6, ^bb7
// CHECK-NEXT:   ^bb6:  // 2 preds: ^bb5, ^bb6
// CHECK-NEXT:     cf.switch %arg1 : i32, [
// CHECK-NEXT:       default: ^bb7,
// CHECK-NEXT:       1: ^bb7,
// CHECK-NEXT:       7: ^bb6
// CHECK-NEXT:     ] {test.sw}
// CHECK-NEXT:   ^bb7:  // 3 preds: ^bb5, ^bb6, ^bb6
// CHECK-NEXT:     cf.br ^bb8 {test.br}
// CHECK-NEXT:   ^bb8:  // pred: ^bb7
// CHECK-NEXT:     return %arg1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @switch64(%arg0: i64) {
// CHECK-NEXT:     cf.switch %arg0 : i64, [
// CHECK-NEXT:       default: ^bb1,
// CHECK-NEXT:       7: ^bb1,
// CHECK-NEXT:       9: ^bb1
// CHECK-NEXT:     ]
// CHECK-NEXT:   ^bb1:  // 3 preds: ^bb0, ^bb0, ^bb0
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @switch16(%arg0: i16) {
// CHECK-NEXT:     cf.switch %arg0 : i16, [
// CHECK-NEXT:       default: ^bb1,
// CHECK-NEXT:       65534: ^bb1
// CHECK-NEXT:     ]
// CHECK-NEXT:   ^bb1:  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
