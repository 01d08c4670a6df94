// RUN: ir-run %s --entry updated --arg true --arg false | FileCheck %s --check-prefix=UPD
// RUN: not ir-run %s --check --function conditions | FileCheck %s --check-prefix=COND
// RUN: not ir-run %s --entry earlier_alias | FileCheck %s --check-prefix=EARLIER
// RUN: ir-run %s --entry wide --arg true --arg false --arg true | FileCheck %s --check-prefix=WIDE
// RUN: ir-run %s --entry clone | FileCheck %s --check-prefix=CLONE
// RUN: not ir-run %s --entry clone_leaks | FileCheck %s --check-prefix=CLONELEAK
// bufferization.dealloc as its documentation says: memref i is freed iff
// its condition holds and neither a retained memref nor an earlier memref
// has its base pointer; the updated condition of a retained memref is the
// OR of the conditions of the memrefs with its base pointer.

// Retained memrefs are not freed; their updated conditions report the
// ownership that came with their buffer (false when no memref is theirs).
// UPD: result #0: true : i1
// UPD-NEXT: result #1: false : i1
// UPD-NEXT: result #2: false : i1
// UPD-NEXT: result #3: [0.0, 0.0]
// UPD-NEXT: ir-run: @updated: clean
func.func @updated(%c0: i1, %c1: i1) -> (i1, i1, i1, memref<2xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<2xf32>
  %o = memref.alloc() : memref<2xf32>
  %v = memref.subview %a[1][2][1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %r:3 = bufferization.dealloc (%a, %b : memref<4xf32>, memref<2xf32>) if (%c0, %c1)
      retain (%v, %b, %o : memref<2xf32, strided<[1], offset: 1>>, memref<2xf32>, memref<2xf32>)
  %true = arith.constant true
  bufferization.dealloc (%a, %b : memref<4xf32>, memref<2xf32>) if (%true, %true)
  return %r#0, %r#1, %r#2, %o : i1, i1, i1, memref<2xf32>
}

// A memref is freed only when its condition holds: the other runs leak.
// COND: bufferization.mlir:[[@LINE+4]]:8: error: leak: buffer allocated here by memref.alloc is never freed in @conditions(%arg0 = false, %arg1 = false) (2 of 4 runs)
// COND: bufferization.mlir:[[@LINE+4]]:8: error: leak: buffer allocated here by memref.alloc is never freed in @conditions(%arg0 = false, %arg1 = false) (2 of 4 runs)
// COND: @conditions: 2 errors (4 runs, 3 failed)
func.func @conditions(%c0: i1, %c1: i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%c0, %c1)
  return
}

// The documented rule, literally: a memref whose base pointer an earlier
// memref of the list has is never freed, whatever that one's condition.
// EARLIER: bufferization.mlir:[[@LINE+4]]:8: error: leak: buffer allocated here by memref.alloc is never freed
func.func @earlier_alias() {
  %false = arith.constant false
  %true = arith.constant true
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[2][2][1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  %base, %off, %size, %stride = memref.extract_strided_metadata %v : memref<2xf32, strided<[1], offset: 2>> -> memref<f32>, index, index, index
  bufferization.dealloc (%a, %base : memref<4xf32>, memref<f32>) if (%false, %true)
  return
}

// Many memrefs, repeated buffers, several retained (the sorted path).
// WIDE: result #0: true : i1
// WIDE-NEXT: result #1: true : i1
// WIDE-NEXT: result #2: false : i1
// WIDE-NEXT: result #3: true : i1
// WIDE-NEXT: ir-run: @wide: clean
func.func @wide(%c0: i1, %c1: i1, %c2: i1) -> (i1, i1, i1, i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %c = memref.alloc() : memref<2xf32>
  %d = memref.alloc() : memref<2xf32>
  %e = memref.alloc() : memref<2xf32>
  %true = arith.constant true
  %false = arith.constant false
  // a: c0; b: c1 | c2 (listed twice); c: false; d, e: true
  %r:4 = bufferization.dealloc (%e, %b, %a, %c, %b, %d
      : memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>)
      if (%true, %c1, %c0, %false, %c2, %true)
      retain (%a, %b, %c, %d : memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>)
  bufferization.dealloc (%a, %b, %c, %d : memref<2xf32>, memref<2xf32>, memref<2xf32>, memref<2xf32>)
      if (%true, %true, %true, %true)
  return %r#0, %r#1, %r#2, %r#3 : i1, i1, i1, i1
}

// A clone is a new heap buffer with the contents of the original.
// CLONE: result #0: [2.5, 2.5, 2.5] : memref<?xf32> (buffer #2 from bufferization.clone
// CLONE-NEXT: result #1: false : i1
// CLONE-NEXT: ir-run: @clone: clean
func.func @clone() -> (memref<?xf32>, i1) {
  %c3 = arith.constant 3 : index
  %f = arith.constant 2.5 : f32
  %a = memref.alloc(%c3) : memref<?xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<?xf32>)
  %c = bufferization.clone %a : memref<?xf32> to memref<?xf32>
  %pa = memref.extract_aligned_pointer_as_index %a : memref<?xf32> -> index
  %pc = memref.extract_aligned_pointer_as_index %c : memref<?xf32> -> index
  %same = arith.cmpi eq, %pa, %pc : index
  memref.dealloc %a : memref<?xf32>
  return %c, %same : memref<?xf32>, i1
}

// CLONELEAK: bufferization.mlir:[[@LINE+2]]:8: error: leak: buffer allocated here by bufferization.clone is never freed
func.func @clone_leaks(%m: memref<2xf32>) {
  %c = bufferization.clone %m : memref<2xf32> to memref<2xf32>
  return
}
