// RUN: dd-own --only -S --split-input-file %s | dd-simplify -S | FileCheck %s
// The test dialect's isolated region op is a region branch: its operand
// reaches the region argument and the region's yield reaches the result.
// The simplification must see through it: the result can only be the
// buffer passed in, so a second, unrelated allocation gets a dealloc of
// its own, while the passed-in buffer and the result stay in one dealloc
// (they may be the same buffer).

func.func @through_isolated(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  %r = test.isolated_one_region_with_recursive_memory_effects %a {
  ^bb0(%x: memref<?xf32>):
    test.region_yield %x : memref<?xf32>
  } : (memref<?xf32>) -> memref<?xf32>
  memref.copy %r, %b : memref<?xf32> to memref<?xf32>
  return
}
// CHECK-LABEL: func.func @through_isolated
//       CHECK:   %[[F:.*]] = arith.constant false
//       CHECK:   %[[T:.*]] = arith.constant true
//       CHECK:   %[[A:.*]] = memref.alloc(
//  CHECK-NEXT:   %[[B:.*]] = memref.alloc(
//  CHECK-NEXT:   %[[R:.*]]:2 = test.isolated_one_region_with_recursive_memory_effects %[[A]], %[[F]] {
//  CHECK-NEXT:   ^bb0(%[[X:.*]]: memref<?xf32>, %[[XO:.*]]: i1):
//  CHECK-NEXT:     test.region_yield %[[X]], %[[XO]] : memref<?xf32>, i1
//  CHECK-NEXT:   } : (memref<?xf32>, i1) -> (memref<?xf32>, i1)
//  CHECK-NEXT:   memref.copy %[[R]]#0, %[[B]]
//  CHECK-NEXT:   %[[RB:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[R]]#0
//  CHECK-NEXT:   bufferization.dealloc (%[[B]] : memref<?xf32>) if (%[[T]]){{$}}
//  CHECK-NEXT:   bufferization.dealloc (%[[A]], %[[RB]] : memref<?xf32>, memref<f32>) if (%[[T]], %[[R]]#1){{$}}
//  CHECK-NEXT:   return

// -----

// What flows out of the region is what the region yields: here a buffer
// the region allocates itself, which is neither outer allocation, so all
// three deallocs are split apart.
func.func @isolated_fresh(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  %r = test.isolated_one_region_with_recursive_memory_effects %a {
  ^bb0(%x: memref<?xf32>):
    %c0 = arith.constant 0 : index
    %d = memref.dim %x, %c0 : memref<?xf32>
    %y = memref.alloc(%d) : memref<?xf32>
    test.region_yield %y : memref<?xf32>
  } : (memref<?xf32>) -> memref<?xf32>
  memref.copy %r, %b : memref<?xf32> to memref<?xf32>
  return
}
// CHECK-LABEL: func.func @isolated_fresh
//       CHECK:   %[[T:.*]] = arith.constant true
//       CHECK:   %[[A:.*]] = memref.alloc(
//  CHECK-NEXT:   %[[B:.*]] = memref.alloc(
//  CHECK-NEXT:   %[[R:.*]]:2 = test.isolated_one_region_with_recursive_memory_effects %[[A]]
//       CHECK:     %[[Y:.*]] = memref.alloc(
//       CHECK:     test.region_yield %[[Y]], %[[T2:.*]] : memref<?xf32>, i1
//       CHECK:   memref.copy %[[R]]#0, %[[B]]
//  CHECK-NEXT:   %[[RB:[a-z_0-9]+]], {{.*}} = memref.extract_strided_metadata %[[R]]#0
//  CHECK-NEXT:   bufferization.dealloc (%[[A]] : memref<?xf32>) if (%[[T]]){{$}}
//  CHECK-NEXT:   bufferization.dealloc (%[[B]] : memref<?xf32>) if (%[[T]]){{$}}
//  CHECK-NEXT:   bufferization.dealloc (%[[RB]] : memref<f32>) if (%[[R]]#1){{$}}
//  CHECK-NEXT:   return
