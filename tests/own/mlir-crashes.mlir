// RUN: dd-own --only -S --split-input-file %s | FileCheck %s
// RUN: dd-own --only -S --split-input-file %s | mlir-opt-22 --split-input-file > /dev/null
// REQUIRES: mlir-opt
// Inputs on which mlir-opt-22 -ownership-based-buffer-deallocation crashes
// or reads freed memory: a region-branch op with memref results (which
// MLIR rebuilds with ownership results) whose results are used in later
// blocks. MLIR's liveness still names the old results; here they go
// through the value map and the retained lists name the new ones.

func.func @if_then_branch(%c: i1, %d: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %r = scf.if %c -> memref<2xf32> {
    %b = memref.alloc() : memref<2xf32>
    scf.yield %b : memref<2xf32>
  } else {
    scf.yield %a : memref<2xf32>
  }
  cf.cond_br %d, ^bb1, ^bb2
^bb1:
  test.copy(%r, %a) : (memref<2xf32>, memref<2xf32>)
  return %r : memref<2xf32>
^bb2:
  return %a : memref<2xf32>
}
// CHECK-LABEL: func.func @if_then_branch
//       CHECK:   %[[A:.*]] = memref.alloc()
//  CHECK-NEXT:   %[[R:.*]]:2 = scf.if
//       CHECK:   } else {
//       CHECK:   }
//  CHECK-NEXT:   %[[BA:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[A]]
//  CHECK-NEXT:   %[[BR:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[R]]#0
//  CHECK-NEXT:   arith.andi
//  CHECK-NEXT:   %[[RO:.*]] = arith.andi %[[R]]#1, %{{.*}} : i1
//  CHECK-NEXT:   %[[D:.*]]:2 = bufferization.dealloc (%[[BA]], %[[BR]] : memref<f32>, memref<f32>) if (%{{.*}}, %[[RO]]) retain (%[[A]], %[[R]]#0 : memref<2xf32>, memref<2xf32>)
//       CHECK: ^bb1:
//  CHECK-NEXT:   test.copy(%[[R]]#0, %[[A]])
//  CHECK-NEXT:   scf.if %[[D]]#1 -> (memref<2xf32>) {

// -----

func.func @for_then_branches(%n: index, %m: memref<8xi8>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %m) -> memref<8xi8> {
    %x = memref.alloc() : memref<8xi8>
    scf.yield %x : memref<8xi8>
  }
  cf.cond_br %c, ^use, ^done
^use:
  "test.read_buffer"(%r) : (memref<8xi8>) -> ()
  cf.br ^done
^done:
  return
}
// CHECK-LABEL: func.func @for_then_branches
//       CHECK:   %[[R:.*]]:2 = scf.for
//       CHECK:   %[[D:.*]] = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[R]]#0 : memref<8xi8>)
//       CHECK:   bufferization.dealloc ({{.*}}) if ({{.*}}){{$}}
//  CHECK-NEXT:   cf.cond_br
//  CHECK-NEXT: ^bb1:
//  CHECK-NEXT:   "test.read_buffer"(%[[R]]#0)
//  CHECK-NEXT:   %[[B:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[R]]#0
//  CHECK-NEXT:   bufferization.dealloc (%[[B]] : memref<i8>) if (%[[D]])
//  CHECK-NEXT:   cf.br ^bb2
