// RUN: dd-own --only -S --split-input-file %s | FileCheck %s
// RUN: dd-own --only -S --split-input-file %s | mlir-opt-22 --split-input-file > /dev/null
// REQUIRES: mlir-opt
// Unstructured control-flow loops (cf.br back edges), which mlir-opt-22
// rejects ("Only structured control-flow loops are supported."): the walk
// visits the loop header before the body, the back edge passes the new
// buffer with its ownership like any branch, and the header deallocates
// the previous buffer on the side that leaves it dead.

func.func @counted(%n: index, %init: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0, %init : index, memref<4xf32>)
^head(%i: index, %buf: memref<4xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %next = memref.alloc() : memref<4xf32>
  memref.copy %buf, %next : memref<4xf32> to memref<4xf32>
  %j = arith.addi %i, %c1 : index
  cf.br ^head(%j, %next : index, memref<4xf32>)
^exit:
  return %buf : memref<4xf32>
}
// CHECK-LABEL: func.func @counted
//  CHECK-SAME: (%{{.*}}: index, %[[INIT:.*]]: memref<4xf32>)
//       CHECK:   %[[D0:.*]] = bufferization.dealloc (%{{.*}} : memref<f32>) if (%{{.*}}) retain (%[[INIT]] : memref<4xf32>)
//  CHECK-NEXT:   cf.br ^bb1(%{{.*}}, %[[INIT]], %[[D0]] : index, memref<4xf32>, i1)
//  CHECK-NEXT: ^bb1(%{{.*}}: index, %[[BUF:.*]]: memref<4xf32>, %[[OWN:.*]]: i1):  // 2 preds: ^bb0, ^bb2
//  CHECK-NEXT:   %[[MORE:.*]] = arith.cmpi slt
//  CHECK-NEXT:   %[[B:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[BUF]]
//  CHECK-NEXT:   %[[TC:.*]] = arith.andi %[[OWN]], %[[MORE]] : i1
//  CHECK-NEXT:   %[[TD:.*]] = bufferization.dealloc (%[[B]] : memref<f32>) if (%[[TC]]) retain (%[[BUF]] : memref<4xf32>)
//  CHECK-NEXT:   %[[T:.*]] = arith.constant true
//  CHECK-NEXT:   %[[NOT:.*]] = arith.xori %[[T]], %[[MORE]] : i1
//  CHECK-NEXT:   %[[EC:.*]] = arith.andi %[[OWN]], %[[NOT]] : i1
//  CHECK-NEXT:   %[[ED:.*]] = bufferization.dealloc (%[[B]] : memref<f32>) if (%[[EC]]) retain (%[[BUF]] : memref<4xf32>)
//  CHECK-NEXT:   %[[BOWN:.*]] = arith.select %[[MORE]], %[[TD]], %[[ED]] : i1
//  CHECK-NEXT:   cf.cond_br %[[MORE]], ^bb2, ^bb3
//  CHECK-NEXT: ^bb2:
//  CHECK-NEXT:   %[[T2:.*]] = arith.constant true
//  CHECK-NEXT:   %[[NEXT:.*]] = memref.alloc()
//  CHECK-NEXT:   memref.copy %[[BUF]], %[[NEXT]]
//  CHECK-NEXT:   arith.addi
//  CHECK-NEXT:   %[[B1:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[BUF]]
//  CHECK-NEXT:   %[[B2:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[NEXT]]
//  CHECK-NEXT:   %[[BD:.*]] = bufferization.dealloc (%[[B1]], %[[B2]] : memref<f32>, memref<f32>) if (%[[BOWN]], %[[T2]]) retain (%[[NEXT]] : memref<4xf32>)
//  CHECK-NEXT:   cf.br ^bb1(%{{.*}}, %[[NEXT]], %[[BD]] : index, memref<4xf32>, i1)
//  CHECK-NEXT: ^bb3:
//  CHECK-NEXT:   %[[RET:.*]] = scf.if %[[BOWN]] -> (memref<4xf32>) {
//       CHECK:   return %[[RET]]

// -----

// A loop whose body is its own header (a self loop) and that never exits.
func.func @spin(%m: memref<2xi8>) {
  cf.br ^loop(%m : memref<2xi8>)
^loop(%cur: memref<2xi8>):
  %new = memref.alloc() : memref<2xi8>
  cf.br ^loop(%new : memref<2xi8>)
}
// CHECK-LABEL: func.func @spin
//       CHECK: ^bb1(%[[CUR:.*]]: memref<2xi8>, %[[OWN:.*]]: i1):  // 2 preds: ^bb0, ^bb1
//  CHECK-NEXT:   %[[T:.*]] = arith.constant true
//  CHECK-NEXT:   %[[NEW:.*]] = memref.alloc()
//  CHECK-NEXT:   %[[B0:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[CUR]]
//  CHECK-NEXT:   %[[B1:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[NEW]]
//  CHECK-NEXT:   %[[D:.*]] = bufferization.dealloc (%[[B0]], %[[B1]] : memref<i8>, memref<i8>) if (%[[OWN]], %[[T]]) retain (%[[NEW]] : memref<2xi8>)
//  CHECK-NEXT:   cf.br ^bb1(%[[NEW]], %[[D]] : memref<2xi8>, i1)
