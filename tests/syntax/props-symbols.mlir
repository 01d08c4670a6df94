// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | FileCheck %s --check-prefix=GEN
// Inherent attributes written in a discardable dictionary become properties
// (cf.cond_br's branch_weights, arith.shrsi/shrui's isExact), while
// bufferization.alloc_tensor's size_hint, an operand, stays discardable;
// memref.alloc/alloca take one symbol operand per dynamic offset or stride
// of a strided layout. (CHECK lines are mlir-opt-22's output.)
func.func @f(%c: i1, %a: i32, %t: index, %n: index, %s: index) {
  %0 = "arith.shrsi"(%a, %a) {isExact} : (i32, i32) -> i32
  %1 = "arith.shrui"(%a, %a) {isExact} : (i32, i32) -> i32
  %2 = "bufferization.alloc_tensor"(%t) {operandSegmentSizes = array<i32: 1, 0, 0>, size_hint = 3} : (index) -> tensor<?xf32>
  %3 = memref.alloc(%n)[%s] : memref<?xf32, strided<[1], offset: ?>>
  %4 = memref.alloca(%n)[%s, %s] : memref<?x4xf32, strided<[?, 1], offset: ?>>
  %5 = memref.alloc()[%s] : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  %6 = memref.alloc() : memref<4xf32, strided<[1], offset: 2>>
  "cf.cond_br"(%c)[^bb1, ^bb1] {branch_weights = array<i32: 1, 2>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i1) -> ()
^bb1:
  return
}

// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: i1, %arg1: i32, %arg2: index, %arg3: index, %arg4: index) {
// CHECK-NEXT:     %0 = arith.shrsi %arg1, %arg1 exact : i32
// CHECK-NEXT:     %1 = arith.shrui %arg1, %arg1 exact : i32
// CHECK-NEXT:     %2 = bufferization.alloc_tensor(%arg2) {size_hint = 3 : i64} : tensor<?xf32>
// CHECK-NEXT:     %alloc = memref.alloc(%arg3)[%arg4] : memref<?xf32, strided<[1], offset: ?>>
// CHECK-NEXT:     %alloca = memref.alloca(%arg3)[%arg4, %arg4] : memref<?x4xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT:     %alloc_0 = memref.alloc()[%arg4] : memref<4xf32, #map>
// CHECK-NEXT:     %alloc_1 = memref.alloc() : memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT:     cf.cond_br %arg0 weights([1, 2]), ^bb1, ^bb1
// CHECK-NEXT:   ^bb1:  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GEN: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// GEN-NEXT: "builtin.module"() ({
// GEN-NEXT:   "func.func"() <{function_type = (i1, i32, index, index, index) -> (), sym_name = "f"}> ({
// GEN-NEXT:   ^bb0(%arg0: i1, %arg1: i32, %arg2: index, %arg3: index, %arg4: index):
// GEN-NEXT:     %0 = "arith.shrsi"(%arg1, %arg1) <{isExact}> : (i32, i32) -> i32
// GEN-NEXT:     %1 = "arith.shrui"(%arg1, %arg1) <{isExact}> : (i32, i32) -> i32
// GEN-NEXT:     %2 = "bufferization.alloc_tensor"(%arg2) <{operandSegmentSizes = array<i32: 1, 0, 0>}> {size_hint = 3 : i64} : (index) -> tensor<?xf32>
// GEN-NEXT:     %3 = "memref.alloc"(%arg3, %arg4) <{operandSegmentSizes = array<i32: 1, 1>}> : (index, index) -> memref<?xf32, strided<[1], offset: ?>>
// GEN-NEXT:     %4 = "memref.alloca"(%arg3, %arg4, %arg4) <{operandSegmentSizes = array<i32: 1, 2>}> : (index, index, index) -> memref<?x4xf32, strided<[?, 1], offset: ?>>
// GEN-NEXT:     %5 = "memref.alloc"(%arg4) <{operandSegmentSizes = array<i32: 0, 1>}> : (index) -> memref<4xf32, #map>
// GEN-NEXT:     %6 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32, strided<[1], offset: 2>>
// GEN-NEXT:     "cf.cond_br"(%arg0)[^bb1, ^bb1] <{branch_weights = array<i32: 1, 2>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
// GEN-NEXT:   ^bb1:  // 2 preds: ^bb0, ^bb0
// GEN-NEXT:     "func.return"() : () -> ()
// GEN-NEXT:   }) : () -> ()
// GEN-NEXT: }) : () -> ()
