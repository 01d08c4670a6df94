// RUN: dd-simplify -S --split-input-file %s | FileCheck %s
// RUN: mlir-opt --buffer-deallocation-simplification --split-input-file %s | FileCheck %s
// REQUIRES: mlir-opt
// The second RUN line checks the expectations against MLIR's own pass.

// A fresh allocation cannot be a function argument: the retained argument
// leaves the list and its result is false.
// CHECK-LABEL: func @retained_cannot_alias
//  CHECK-SAME: (%[[C:.*]]: i1, %[[ARG:.*]]: memref<4xf32>)
//  CHECK-NEXT:   %[[F:.*]] = arith.constant false
//  CHECK-NEXT:   %[[A:.*]] = memref.alloc()
//  CHECK-NEXT:   "test.read_buffer"(%[[A]])
//  CHECK-NEXT:   bufferization.dealloc (%[[A]] : memref<4xf32>) if (%[[C]])
//  CHECK-NEXT:   return %[[F]]
func.func @retained_cannot_alias(%c: i1, %arg: memref<4xf32>) -> i1 {
  %a = memref.alloc() : memref<4xf32>
  "test.read_buffer"(%a) : (memref<4xf32>) -> ()
  %r = bufferization.dealloc (%a : memref<4xf32>) if (%c) retain (%arg : memref<4xf32>)
  return %r : i1
}

// -----

// Two allocations are never the same buffer: each gets its own dealloc,
// the results are or-ed. (The retained value comes from a call: it may be
// anything, so it stays.)
// CHECK-LABEL: func @split
//  CHECK-SAME: (%[[C:.*]]: i1, %[[D:.*]]: i1)
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[B:.*]] = memref.alloc()
//       CHECK:   %[[R:.*]] = call @get()
//       CHECK:   %[[X:.*]] = bufferization.dealloc (%[[A]] : memref<4xf32>) if (%[[C]]) retain (%[[R]] : memref<4xf32>)
//  CHECK-NEXT:   %[[Y:.*]] = bufferization.dealloc (%[[B]] : memref<4xf32>) if (%[[D]]) retain (%[[R]] : memref<4xf32>)
//  CHECK-NEXT:   %[[O:.*]] = arith.ori %[[X]], %[[Y]] : i1
//  CHECK-NEXT:   return %[[O]]
func.func private @get() -> memref<4xf32>
func.func @split(%c: i1, %d: i1) -> i1 {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %r = func.call @get() : () -> memref<4xf32>
  "test.read_buffer"(%a) : (memref<4xf32>) -> ()
  "test.read_buffer"(%b) : (memref<4xf32>) -> ()
  %x = bufferization.dealloc (%a, %b : memref<4xf32>, memref<4xf32>) if (%c, %d) retain (%r : memref<4xf32>)
  return %x : i1
}

// -----

// A memref that is certainly retained is not freed; the retained value's
// result becomes its condition (nothing left to free: the dealloc goes).
// CHECK-LABEL: func @freed_is_retained
//  CHECK-SAME: (%[[M:.*]]: memref<8xf32>, %[[C:.*]]: i1)
//  CHECK-NEXT:   return %[[C]]
func.func @freed_is_retained(%m: memref<8xf32>, %c: i1) -> i1 {
  %v = memref.subview %m[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %r = bufferization.dealloc (%m : memref<8xf32>) if (%c) retain (%v : memref<4xf32, strided<[1]>>)
  return %r : i1
}

// -----

// A select of two allocations may be either. The select itself is the
// retained value, so it is not freed (its condition joins the result);
// the allocation it may be stays, retaining the select.
// CHECK-LABEL: func @select_may_alias
//       CHECK:   %[[A:.*]] = memref.alloc()
//       CHECK:   %[[S:.*]] = arith.select
//  CHECK-NEXT:   %[[R:.*]] = bufferization.dealloc (%[[A]] : memref<4xf32>) if (%arg0) retain (%[[S]] : memref<4xf32>)
//  CHECK-NEXT:   %[[O:.*]] = arith.ori %[[R]], %arg1 : i1
//  CHECK-NEXT:   return %[[S]], %[[O]]
func.func @select_may_alias(%c: i1, %d: i1) -> (memref<4xf32>, i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %s = arith.select %c, %a, %b : memref<4xf32>
  %r = bufferization.dealloc (%a, %s : memref<4xf32>, memref<4xf32>) if (%c, %d) retain (%s : memref<4xf32>)
  return %s, %r : memref<4xf32>, i1
}
