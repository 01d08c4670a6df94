// RUN: ir-asm %s | dd-own | dd-simplify | dd-lower | ir-dis | FileCheck %s
// RUN: ir-asm %s | dd-own | dd-simplify | dd-lower | ir-run --check
// The whole pipeline on a buffer that a conditional branch carries into a
// successor without passing it as an operand: it is freed on the edge that
// leaves it dead (^bb2) but only after its last use on the other (^bb1).
// mlir-opt-22 -buffer-deallocation-pipeline frees it before the branch on
// both edges, and the store in ^bb1 then writes freed memory (ir-run --check
// reports the use after free): MLIR's ownership pass leaves values live
// into a successor out of the branch's retained list.

// CHECK-LABEL: func.func @live_into_successor
//       CHECK:   %[[A:.*]] = scf.if
//       CHECK:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[A]]
//  CHECK-NEXT:   scf.if %arg0 {
//  CHECK-NEXT:     memref.dealloc %[[BASE]]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   %[[NOT:.*]] = arith.xori %arg0, %true
//  CHECK-NEXT:   cf.cond_br %arg0, ^bb2, ^bb1
//  CHECK-NEXT: ^bb1:
//  CHECK-NEXT:   memref.store %{{.*}}, %[[A]]
//  CHECK-NEXT:   scf.if %[[NOT]] {
//  CHECK-NEXT:     memref.dealloc %[[BASE]]
//  CHECK-NEXT:   }
//  CHECK-NEXT:   cf.br ^bb2
//       CHECK: ^bb2:
//  CHECK-NEXT:   return
func.func @live_into_successor(%c: i1, %m: memref<4xf32>) {
  %f = arith.constant 1.0 : f32
  %i = arith.constant 0 : index
  %a = scf.if %c -> (memref<4xf32>) {
    %x = memref.alloc() : memref<4xf32>
    scf.yield %x : memref<4xf32>
  } else {
    %y = memref.alloc() : memref<4xf32>
    scf.yield %y : memref<4xf32>
  }
  cf.cond_br %c, ^b2, ^b1
^b1:
  memref.store %f, %a[%i] : memref<4xf32>
  cf.br ^b2
^b2:
  return
}
