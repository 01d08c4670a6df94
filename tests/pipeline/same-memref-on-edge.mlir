// RUN: ir-asm %s | dd-own -S | FileCheck %s
// RUN: ir-asm %s | dd-own --only -S | FileCheck %s --check-prefix=ONLY
// RUN: ir-asm %s | dd-own --only | ir-run --check
// RUN: ir-asm %s | dd-own | ir-run --check
// RUN: ir-asm %s | dd-own | dd-simplify | dd-lower | ir-run --check
// A cf.cond_br on the condition of an scf.if in its block: on the edge the
// condition selects, the scf.if result is the memref that region yields.
// When that memref is an argument of the function (never owned here) or
// is retained on the same edge anyway, the edge's dealloc need not retain
// the result too: it takes the argument's false ownership or the retained
// value's updated ownership on that edge. Otherwise it stays retained.
// (mlir-opt-22 retains none of these results: it loses them from its
// liveness when it replaces their scf.if, and frees them early where they
// are still used, as in tests/pipeline/live-into-successor.mlir. Hence
// this file is not in tests/own, whose cases must match mlir-opt-22.)

// On the true edge %r is %m: no retained list there; the result's
// ownership is false on that side.
// CHECK-LABEL: func.func @argument_on_true_edge
//       CHECK:   %[[R:.*]]:2 = scf.if %arg0
//  CHECK-NEXT:     scf.yield %arg2, %false
//       CHECK:   %[[B:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
//  CHECK-NEXT:   %[[C1:.*]] = arith.andi %[[R]]#1, %arg0
//  CHECK-NEXT:   bufferization.dealloc (%[[B]] : memref<f32>) if (%[[C1]]){{$}}
//       CHECK:   %[[O:.*]] = bufferization.dealloc (%[[B]] : memref<f32>) if (%{{.*}}) retain (%[[R]]#0 : memref<4xf32>){{$}}
//  CHECK-NEXT:   %[[S:.*]] = arith.select %arg0, %false, %[[O]]
//  CHECK-NEXT:   cf.cond_br %arg0, ^bb1, ^bb2
//       CHECK: ^bb1:
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[S]])
func.func @argument_on_true_edge(%c: i1, %f: f32, %m: memref<4xf32>) {
  %i = arith.constant 0 : index
  %r = scf.if %c -> (memref<4xf32>) {
    scf.yield %m : memref<4xf32>
  } else {
    %n = memref.alloc() : memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  cf.cond_br %c, ^b1, ^b2
^b1:
  memref.store %f, %r[%i] : memref<4xf32>
  cf.br ^b3
^b2:
  memref.store %f, %r[%i] : memref<4xf32>
  cf.br ^b3
^b3:
  return
}

// On the false edge %r is %a, which ^bb1 uses too: only %a is retained,
// and %r's ownership in ^bb1 is %a's. ^bb1 is entered only by that edge,
// where %r is %a with the same ownership and %a comes first in its
// dealloc: %r needs no entry of its own there.
// CHECK-LABEL: func.func @retained_on_false_edge
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[R:.*]]:2 = scf.if %arg0
//       CHECK:   } else {
//  CHECK-NEXT:     scf.yield %[[A]], %false
//       CHECK:   bufferization.dealloc (%[[A]], %{{.*}} : memref<4xf32>, memref<f32>) if (%arg0, %{{.*}}){{$}}
//       CHECK:   %[[O:.*]] = bufferization.dealloc (%[[A]], %{{.*}} : memref<4xf32>, memref<f32>) if (%{{.*}}, %{{.*}}) retain (%[[A]] : memref<4xf32>){{$}}
//  CHECK-NEXT:   cf.cond_br %arg0, ^bb2, ^bb1
//  CHECK-NEXT: ^bb1:
//  CHECK-NEXT:   memref.store
//  CHECK-NEXT:   memref.copy %[[A]], %[[R]]#0
//  CHECK-NEXT:   bufferization.dealloc (%[[A]] : memref<4xf32>) if (%[[O]]){{$}}
//  CHECK-NEXT:   cf.br ^bb2
func.func @retained_on_false_edge(%c: i1, %f: f32) {
  %i = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.if %c -> (memref<4xf32>) {
    %n = memref.alloc() : memref<4xf32>
    scf.yield %n : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  cf.cond_br %c, ^b2, ^b1
^b1:
  memref.store %f, %a[%i] : memref<4xf32>
  memref.copy %a, %r : memref<4xf32> to memref<4xf32>
  cf.br ^b2
^b2:
  return
}

// %r is the argument on the true edge and %a on the false one: retained
// on neither, its ownership selects false or %a's. (The canonicalizer
// turns such an scf.if into an arith.select: the ownership pass alone.)
// ONLY-LABEL: func.func @both_edges
//       ONLY:   %[[A:.*]] = memref.alloc()
//       ONLY:   %[[R:.*]]:2 = scf.if %arg0
//       ONLY:   %[[T:.*]] = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[A]] : memref<4xf32>){{$}}
//       ONLY:   %[[F:.*]] = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[A]] : memref<4xf32>){{$}}
//  ONLY-NEXT:   arith.select %arg0, %[[T]], %[[F]]
//  ONLY-NEXT:   arith.select %arg0, %false{{.*}}, %[[F]]
//  ONLY-NEXT:   cf.cond_br %arg0, ^bb1, ^bb2
func.func @both_edges(%c: i1, %f: f32, %m: memref<4xf32>) {
  %i = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.if %c -> (memref<4xf32>) {
    memref.store %f, %m[%i] : memref<4xf32>
    scf.yield %m : memref<4xf32>
  } else {
    memref.store %f, %a[%i] : memref<4xf32>
    scf.yield %a : memref<4xf32>
  }
  cf.cond_br %c, ^b1, ^b2
^b1:
  memref.store %f, %r[%i] : memref<4xf32>
  memref.store %f, %a[%i] : memref<4xf32>
  cf.br ^b3
^b2:
  memref.copy %a, %r : memref<4xf32> to memref<4xf32>
  cf.br ^b3
^b3:
  return
}

// Passed to ^bb1 as an operand: its ownership goes to the block argument,
// so it stays retained on that edge.
// CHECK-LABEL: func.func @forwarded
//       CHECK:   %[[R:.*]]:2 = scf.if %arg0
//       CHECK:   %[[O:.*]]:2 = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[R]]#0, %{{.*}} : memref<4xf32>, memref<4xf32>){{$}}
//       CHECK:   cf.cond_br %arg0, ^bb1(%[[R]]#0, %[[O]]#0 : memref<4xf32>, i1), ^bb2
func.func @forwarded(%c: i1, %f: f32) {
  %i = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.if %c -> (memref<4xf32>) {
    scf.yield %a : memref<4xf32>
  } else {
    %n = memref.alloc() : memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  cf.cond_br %c, ^b1(%r : memref<4xf32>), ^b2
^b1(%p: memref<4xf32>):
  memref.store %f, %a[%i] : memref<4xf32>
  memref.store %f, %p[%i] : memref<4xf32>
  memref.store %f, %r[%i] : memref<4xf32>
  cf.br ^b2
^b2:
  return
}

// On the false edge %r is %a, but %a is not live into ^bb1: %r keeps
// the buffer alive (retained) and ^bb1 frees it.
// CHECK-LABEL: func.func @alias_not_live
//       CHECK:   %[[R:.*]]:2 = scf.if %arg0
//       CHECK:   %[[O:.*]] = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[R]]#0 : memref<4xf32>)
//  CHECK-NEXT:   cf.cond_br %arg0, ^bb2, ^bb1
//  CHECK-NEXT: ^bb1:
//  CHECK-NEXT:   memref.store %{{.*}}, %[[R]]#0
//  CHECK-NEXT:   %[[B:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[R]]#0
//  CHECK-NEXT:   bufferization.dealloc (%[[B]] : memref<f32>) if (%[[O]])
func.func @alias_not_live(%c: i1, %f: f32) {
  %i = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.if %c -> (memref<4xf32>) {
    %n = memref.alloc() : memref<4xf32>
    scf.yield %n : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  cf.cond_br %c, ^b2, ^b1
^b1:
  memref.store %f, %r[%i] : memref<4xf32>
  cf.br ^b2
^b2:
  return
}

// The leak a false ownership would cause (tests/own/gen.py seed 92): on
// the true edge %r is %a, which goes to ^bb2 as an operand; a view of %r
// lives on into ^bb2, where a dealloc frees only the first of aliasing
// memrefs. %r takes the block argument's ownership, so whichever comes
// first frees the buffer.
// CHECK-LABEL: func.func @view_of_result
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[R:.*]]:2 = scf.if %arg0
//       CHECK:   %[[V:.*]] = memref.subview %[[R]]#0
//       CHECK:   %[[T:.*]]:2 = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[A]], %[[V]] : memref<4xf32>, memref<2xf32, strided<[1], offset: 1>>){{$}}
//       CHECK:   %[[F:.*]]:2 = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%[[R]]#0, %[[V]] : memref<4xf32>, memref<2xf32, strided<[1], offset: 1>>){{$}}
//  CHECK-NEXT:   arith.select %arg0, %[[T]]#0, %[[F]]#0
//  CHECK-NEXT:   arith.select %arg0, %[[T]]#1, %[[F]]#1
//  CHECK-NEXT:   cf.cond_br %arg0, ^bb2(%[[A]], %[[T]]#0 : memref<4xf32>, i1), ^bb1
func.func @view_of_result(%c: i1, %f: f32) {
  %i = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  %r = scf.if %c -> (memref<4xf32>) {
    scf.yield %a : memref<4xf32>
  } else {
    %n = memref.alloc() : memref<4xf32>
    scf.yield %n : memref<4xf32>
  }
  %v = memref.subview %r[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  cf.cond_br %c, ^b1(%a : memref<4xf32>), ^b2(%r : memref<4xf32>)
^b1(%p: memref<4xf32>):
  cf.br ^b3(%p : memref<4xf32>)
^b2(%q: memref<4xf32>):
  %b = memref.alloc() : memref<4xf32>
  cf.br ^b3(%b : memref<4xf32>)
^b3(%j: memref<4xf32>):
  memref.store %f, %r[%i] : memref<4xf32>
  %x = memref.load %v[%i] : memref<2xf32, strided<[1], offset: 1>>
  memref.store %x, %j[%i] : memref<4xf32>
  return
}

// %a is defined in an earlier block, whose ownership of it ^bb2 reads:
// not the one %r took on the edge, so %r keeps its own entry in ^bb2.
// ONLY-LABEL: func.func @defined_earlier
//       ONLY:   %[[O:.*]] = bufferization.dealloc (%{{.*}}, %{{.*}} : memref<f32>, memref<f32>) if ({{.*}}) retain (%alloc : memref<4xf32>){{$}}
//  ONLY-NEXT:   cf.cond_br %arg0, ^bb3, ^bb2
//  ONLY-NEXT: ^bb2:
//       ONLY:   bufferization.dealloc (%{{.*}}, %{{.*}} : memref<f32>, memref<f32>) if (%[[O]], %{{.*}}){{$}}
//  ONLY-NEXT:   cf.br ^bb3
func.func @defined_earlier(%c: i1, %f: f32) {
  %i = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  cf.br ^b1
^b1:
  %r = scf.if %c -> (memref<4xf32>) {
    %n = memref.alloc() : memref<4xf32>
    scf.yield %n : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  cf.cond_br %c, ^b3, ^b2
^b2:
  memref.store %f, %a[%i] : memref<4xf32>
  memref.copy %a, %r : memref<4xf32> to memref<4xf32>
  cf.br ^b3
^b3:
  return
}
