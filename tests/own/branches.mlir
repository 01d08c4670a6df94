// RUN: dd-own --only -S --split-input-file %s | FileCheck %s
// RUN: dd-own --only -S --split-input-file %s | mlir-opt-22 --split-input-file > /dev/null
// REQUIRES: mlir-opt
// Unstructured control flow: every non-entry block gets an i1 argument per
// memref argument, branches pass the ownership the dealloc before them
// computed, and cf.cond_br deallocates once per successor with conditions
// conjoined with the branch condition (or its negation).

func.func @diamond(%c: i1, %arg: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^left(%a : memref<2xf32>), ^right
^left(%x: memref<2xf32>):
  cf.br ^join(%x : memref<2xf32>)
^right:
  cf.br ^join(%arg : memref<2xf32>)
^join(%j: memref<2xf32>):
  "test.read_buffer"(%j) : (memref<2xf32>) -> ()
  "test.read_buffer"(%a) : (memref<2xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @diamond
//  CHECK-SAME: (%[[C:.*]]: i1, %[[ARG:.*]]: memref<2xf32>)
//  CHECK-NEXT:   %[[T:.*]] = arith.constant true
//  CHECK-NEXT:   %[[F:.*]] = arith.constant false
//  CHECK-NEXT:   %[[A:.*]] = memref.alloc()
//  CHECK-NEXT:   %[[B0:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[ARG]]
//  CHECK-NEXT:   %[[B1:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[A]]
// The then side: conditions and the branch condition.
//  CHECK-NEXT:   %[[C0:.*]] = arith.andi %[[F]], %[[C]] : i1
//  CHECK-NEXT:   %[[C1:.*]] = arith.andi %[[T]], %[[C]] : i1
//  CHECK-NEXT:   %[[D0:.*]]:2 = bufferization.dealloc (%[[B0]], %[[B1]] : memref<f32>, memref<f32>) if (%[[C0]], %[[C1]]) retain (%[[A]], %[[A]] : memref<2xf32>, memref<2xf32>)
// The else side: conditions and the negated branch condition.
//  CHECK-NEXT:   %[[T2:.*]] = arith.constant true
//  CHECK-NEXT:   %[[N0:.*]] = arith.xori %[[T2]], %[[C]] : i1
//  CHECK-NEXT:   %[[E0:.*]] = arith.andi %[[F]], %[[N0]] : i1
//  CHECK-NEXT:   %[[T3:.*]] = arith.constant true
//  CHECK-NEXT:   %[[N1:.*]] = arith.xori %[[T3]], %[[C]] : i1
//  CHECK-NEXT:   %[[E1:.*]] = arith.andi %[[T]], %[[N1]] : i1
//  CHECK-NEXT:   %[[D1:.*]]:2 = bufferization.dealloc (%[[B0]], %[[B1]] : memref<f32>, memref<f32>) if (%[[E0]], %[[E1]]) retain (%[[ARG]], %[[A]] : memref<2xf32>, memref<2xf32>)
// %a stays live on both sides: its ownership depends on the side taken.
//  CHECK-NEXT:   %[[OWN:.*]] = arith.select %[[C]], %[[D0]]#1, %[[D1]]#1 : i1
//  CHECK-NEXT:   cf.cond_br %[[C]], ^bb1(%[[A]], %[[D0]]#1 : memref<2xf32>, i1), ^bb2
//  CHECK-NEXT: ^bb1(%[[X:.*]]: memref<2xf32>, %[[XO:.*]]: i1):
//       CHECK:   %[[D2:.*]]:2 = bufferization.dealloc ({{.*}}) if (%[[OWN]], %[[XO]]) retain (%[[X]], %[[A]] : memref<2xf32>, memref<2xf32>)
//  CHECK-NEXT:   cf.br ^bb3(%[[X]], %[[D2]]#0 : memref<2xf32>, i1)
//  CHECK-NEXT: ^bb2:
//       CHECK:   %[[D3:.*]]:2 = bufferization.dealloc ({{.*}}) if (%[[D1]]#0, %[[OWN]]) retain (%[[ARG]], %[[A]] : memref<2xf32>, memref<2xf32>)
//  CHECK-NEXT:   cf.br ^bb3(%[[ARG]], %[[D3]]#0 : memref<2xf32>, i1)
//  CHECK-NEXT: ^bb3(%[[J:.*]]: memref<2xf32>, %[[JO:.*]]: i1):
//       CHECK:   bufferization.dealloc ({{.*}}) if (%[[OWN]], %[[JO]])
//  CHECK-NEXT:   return

// -----

// A branch with nothing to deallocate or retain still gets its (empty)
// dealloc, as in MLIR; blocks may come in any order as long as dominance
// holds, and the walk follows the control flow, not the text.
func.func @out_of_order() {
  cf.br ^second
^third:
  "test.read_buffer"(%m) : (memref<4xi8>) -> ()
  return
^second:
  %m = memref.alloc() : memref<4xi8>
  cf.br ^third
}
// CHECK-LABEL: func.func @out_of_order
//  CHECK-NEXT:   bufferization.dealloc
//  CHECK-NEXT:   cf.br ^bb2
//  CHECK-NEXT: ^bb1:
//  CHECK-NEXT:   "test.read_buffer"(%[[M:[a-z_0-9]+]])
//  CHECK-NEXT:   %[[B:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[M]]
//  CHECK-NEXT:   bufferization.dealloc (%[[B]] : memref<i8>) if (%{{.*}})
//  CHECK-NEXT:   return
//  CHECK-NEXT: ^bb2:
//  CHECK-NEXT:   %[[T:.*]] = arith.constant true
//  CHECK-NEXT:   %[[M]] = memref.alloc()
//       CHECK:   %[[D:.*]] = bufferization.dealloc ({{.*}}) if (%[[T]]) retain (%[[M]] : memref<4xi8>)
//  CHECK-NEXT:   cf.br ^bb1

// -----

// A block no path reaches is left alone (MLIR does not process it either),
// except that its branch passes `false` for the ownership argument its
// processed successor gained.
func.func @unreached(%m: memref<2xf32>) {
  cf.br ^live(%m : memref<2xf32>)
^dead:
  %a = memref.alloc() : memref<2xf32>
  cf.br ^live(%a : memref<2xf32>)
^live(%x: memref<2xf32>):
  return
}
// CHECK-LABEL: func.func @unreached
//       CHECK:   cf.br ^bb2(%{{.*}}, %{{.*}} : memref<2xf32>, i1)
//  CHECK-NEXT: ^bb1:
//  CHECK-NEXT:   %[[A:.*]] = memref.alloc() : memref<2xf32>
//  CHECK-NEXT:   %[[F:.*]] = arith.constant false
//  CHECK-NEXT:   cf.br ^bb2(%[[A]], %[[F]] : memref<2xf32>, i1)
//  CHECK-NEXT: ^bb2(%{{.*}}: memref<2xf32>, %{{.*}}: i1):

// -----

// cf.switch with only a default destination is a branch with one
// successor: its operand segments grow with the ownership passed.
func.func @switch_default(%i: i32) {
  %a = memref.alloc() : memref<2xf32>
  cf.switch %i : i32, [
    default: ^bb1(%a : memref<2xf32>)
  ]
^bb1(%x: memref<2xf32>):
  return
}
// CHECK-LABEL: func.func @switch_default
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[D:.*]] = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[A]] : memref<2xf32>)
//  CHECK-NEXT:   cf.switch %{{.*}} : i32, [
//  CHECK-NEXT:     default: ^bb1(%[[A]], %[[D]] : memref<2xf32>, i1)
//  CHECK-NEXT: ^bb1(%[[X:.*]]: memref<2xf32>, %[[XO:.*]]: i1):
