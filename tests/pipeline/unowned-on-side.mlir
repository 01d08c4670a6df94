// RUN: ir-asm %s | dd-own -S | FileCheck %s
// RUN: ir-asm %s | dd-own | dd-simplify | dd-lower | ir-run --check
// A buffer that an scf.if picks on condition %c and that stays live into
// the successor a cf.cond_br on the same %c takes: on that edge the scf.if
// took a known region, and where that region yielded the buffer without
// ownership the branch need not retain it nor its successor free it (what
// mlir-opt-22 does, by losing the value from its liveness) - but only when
// the yielded value is safe from the dealloc before the branch: retained
// on that edge itself, or an argument of the function, which no owned
// buffer aliases. Otherwise (@alias_not_live) it stays retained; freeing
// it early, as MLIR does there, frees %a under the store in ^bb1.

// On the false edge %r is %a, retained there: %r is not, and ^bb1 frees
// only %a.
// CHECK-LABEL: func.func @retained_alias
//       CHECK:   %[[R:.*]]:2 = scf.if %arg0
//       CHECK:   } else {
//  CHECK-NEXT:     scf.yield %[[A:.*]], %false
//       CHECK:   bufferization.dealloc (%[[A]], %{{.*}} : memref<4xf32>, memref<f32>) if (%arg0, %{{.*}}){{$}}
//       CHECK:   %[[O:.*]] = bufferization.dealloc (%[[A]], %{{.*}} : memref<4xf32>, memref<f32>) if (%{{.*}}, %{{.*}}) retain (%[[A]] : memref<4xf32>){{$}}
//  CHECK-NEXT:   cf.cond_br %arg0, ^bb2, ^bb1
//  CHECK-NEXT: ^bb1:
//  CHECK-NEXT:   memref.store
//  CHECK-NEXT:   memref.copy %[[A]], %[[R]]#0
//  CHECK-NEXT:   bufferization.dealloc (%[[A]] : memref<4xf32>) if (%[[O]]){{$}}
//  CHECK-NEXT:   cf.br ^bb2
func.func @retained_alias(%c: i1, %f: f32) {
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

// On the true edge %r is the argument %m: nothing retained, nothing freed
// in ^bb1.
// CHECK-LABEL: func.func @argument
//       CHECK:   %[[R:.*]]:2 = scf.if %arg0
//  CHECK-NEXT:     scf.yield %arg2, %false
//       CHECK:   bufferization.dealloc (%[[B:.*]] : memref<f32>) if (%{{.*}}){{$}}
//       CHECK:   bufferization.dealloc (%[[B]] : memref<f32>) if (%{{.*}}){{$}}
//  CHECK-NEXT:   cf.cond_br %arg0, ^bb1, ^bb2
//  CHECK-NEXT: ^bb1:
//  CHECK-NEXT:   memref.store %{{.*}}, %[[R]]#0
//  CHECK-NEXT:   cf.br ^bb2
func.func @argument(%c: i1, %f: f32, %m: memref<4xf32>) {
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
  cf.br ^b2
^b2:
  return
}

// On the false edge %r is %a, which is owned and not live into ^bb1: %r
// keeps %a alive (retained), and ^bb1 frees it.
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
