// RUN: ir-asm %s | dd-own --only -S | FileCheck %s
// RUN: ir-asm %s | dd-own --only | ir-run --check
// RUN: ir-asm %s | dd-own | ir-run --check
// RUN: ir-asm %s | dd-own | dd-simplify | dd-lower | ir-run --check
// The rule of same-memref-on-edge.mlir through memref.cast: on the edge a
// cf.cond_br's condition selects, an scf.if result on the same condition
// is the memref its region yields; when that is a memref.cast of a value
// retained on the edge (or of a function argument), the result is the
// same pointer as that value, so the edge need not retain it too and the
// later block need not list it. Reduced from tests/bench/gen.py --seed
// 829 (@f2), where this was the extra work over mlir-opt-22 (whose output
// matches ours here).

// False edge: %r is %v = cast %a, and %a is retained there.
// CHECK-LABEL: func.func @cast_of_retained
//       CHECK:   %[[R:.*]]:2 = scf.if %arg0
//       CHECK:   bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%alloc : memref<4xf32>){{$}}
//       CHECK:   %[[O:.*]] = bufferization.dealloc ({{.*}}) if ({{.*}}) retain (%alloc : memref<4xf32>){{$}}
//       CHECK:   cf.cond_br %arg0, ^bb2, ^bb1
//       CHECK: ^bb1:
//       CHECK:   memref.store %{{.*}}, %[[R]]#0
//   CHECK-NOT:   %[[R]]#0
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<f32>) if (%{{.*}}) retain (%alloc : memref<4xf32>){{$}}
//       CHECK:   return
func.func @cast_of_retained(%c: i1, %f: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %v = memref.cast %a : memref<4xf32> to memref<?xf32>
  %r = scf.if %c -> (memref<?xf32>) {
    %b = memref.alloc() : memref<4xf32>
    %w = memref.cast %b : memref<4xf32> to memref<?xf32>
    scf.yield %w : memref<?xf32>
  } else {
    scf.yield %v : memref<?xf32>
  }
  cf.cond_br %c, ^join, ^other
^other:
  memref.store %f, %r[%c0] : memref<?xf32>
  cf.br ^join
^join:
  scf.if %c {
    memref.store %f, %a[%c0] : memref<4xf32>
  }
  return
}

// Kept: the cast's source %a is not live past the branch, so not
// retained; %r must be.
// CHECK-LABEL: func.func @cast_of_dead
//       CHECK:   %[[R:.*]]:2 = scf.if %arg0
//       CHECK:   retain (%[[R]]#0 : memref<?xf32>)
//       CHECK:   cf.cond_br %arg0, ^bb2, ^bb1
func.func @cast_of_dead(%c: i1, %f: f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %v = memref.cast %a : memref<4xf32> to memref<?xf32>
  %r = scf.if %c -> (memref<?xf32>) {
    %b = memref.alloc() : memref<4xf32>
    %w = memref.cast %b : memref<4xf32> to memref<?xf32>
    scf.yield %w : memref<?xf32>
  } else {
    scf.yield %v : memref<?xf32>
  }
  cf.cond_br %c, ^join, ^other
^other:
  memref.store %f, %r[%c0] : memref<?xf32>
  cf.br ^join
^join:
  return
}
