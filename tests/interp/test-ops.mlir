// RUN: ir-run %s --entry test_ops | FileCheck %s --check-prefix=TEST
// RUN: ir-run %s --entry misc --arg 3 | FileCheck %s --check-prefix=MISC
// RUN: ir-run %s --entry unranked --arg 'memref<*xf32>' | FileCheck %s --check-prefix=UNRANKED
// RUN: not ir-run %s --entry copy_mismatch | FileCheck %s --check-prefix=MISMATCH
// RUN: not ir-run %s --entry read_freed | FileCheck %s --check-prefix=READ
// RUN: ir-run %s --entry empty_views | FileCheck %s --check-prefix=EMPTY
// The test dialect's buffer ops (copy, buffer_based, read_buffer,
// forward_buffer, region_buffer_based, a one-region op) and the remaining
// memref ops (reshape, prefetch, assume_alignment, rank of unranked).

// region_buffer_based runs its body per element: out[i] = in[i] + out[i].
// TEST: result #0: [3.0, 3.0] : memref<2xf32>
// TEST-NEXT: result #1: [2.0, 2.0] : memref<2xf32>
// TEST-NEXT: result #2: 7 : i32
// TEST-NEXT: ir-run: @test_ops: clean
func.func @test_ops() -> (memref<2xf32>, memref<2xf32>, i32) {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<2xf32>)
  linalg.fill ins(%two : f32) outs(%b : memref<2xf32>)
  %f = "test.forward_buffer"(%a) : (memref<2xf32>) -> memref<2xf32>
  test.region_buffer_based in(%f: memref<2xf32>) out(%b: memref<2xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    test.region_yield %s : f32
  }
  %c = memref.alloc() : memref<2xf32>
  test.copy(%b, %c) : (memref<2xf32>, memref<2xf32>)
  "test.read_buffer"(%c) : (memref<2xf32>) -> ()
  test.buffer_based in(%a: memref<2xf32>) out(%a: memref<2xf32>)
  %k = "test.one_region_with_recursive_memory_effects"() ({
    %seven = arith.constant 7 : i32
    "test.return"(%seven) : (i32) -> ()
  }) : () -> i32
  memref.dealloc %a : memref<2xf32>
  %d = bufferization.clone %b : memref<2xf32> to memref<2xf32>
  memref.dealloc %b : memref<2xf32>
  linalg.fill ins(%two : f32) outs(%d : memref<2xf32>)
  return %c, %d, %k : memref<2xf32>, memref<2xf32>, i32
}

// MISC: result #0: {{\[\[}}0, 1, 2], [3, 4, 5]] : memref<2x3xi32>
// MISC-NEXT: result #1: 5 : index
// MISC-NEXT: result #2: 2 : index
func.func @misc(%n: index) -> (memref<2x3xi32>, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = index.constant 6
  %flat = memref.alloc() : memref<6xi32>
  scf.for %i = %c0 to %c6 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %flat[%i] : memref<6xi32>
  }
  %shape = memref.alloc() : memref<2xindex>
  %c2 = arith.constant 2 : index
  memref.store %c2, %shape[%c0] : memref<2xindex>
  %c3 = arith.constant 3 : index
  memref.store %c3, %shape[%c1] : memref<2xindex>
  %r = memref.reshape %flat(%shape) : (memref<6xi32>, memref<2xindex>) -> memref<2x3xi32>
  memref.prefetch %flat[%c0], read, locality<1>, data : memref<6xi32>
  %al = memref.assume_alignment %flat, 16 : memref<6xi32>
  %v5 = memref.load %al[%c0] : memref<6xi32>
  %c = bufferization.clone %r : memref<2x3xi32> to memref<2x3xi32>
  %sum = arith.addi %n, %c2 : index
  %rank = memref.rank %r : memref<2x3xi32>
  memref.dealloc %flat : memref<6xi32>
  memref.dealloc %shape : memref<2xindex>
  return %c, %sum, %rank : memref<2x3xi32>, index, index
}

// An unranked argument is a rank-1 buffer of --dyn-size elements.
// UNRANKED: result #0: 1 : index
// UNRANKED-NEXT: result #1: 4 : index
func.func @unranked(%u: memref<*xf32>) -> (index, index) {
  %r = memref.rank %u : memref<*xf32>
  %m = memref.cast %u : memref<*xf32> to memref<?xf32>
  %c0 = arith.constant 0 : index
  %d = memref.dim %m, %c0 : memref<?xf32>
  return %r, %d : index, index
}

// memref.copy between different shapes is undefined behaviour.
// MISMATCH: test-ops.mlir:[[@LINE+6]]:3: error: undefined-behavior: memref.copy of shape [2] into shape [3]
func.func @copy_mismatch() {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc(%c2) : memref<?xf32>
  %b = memref.alloc(%c3) : memref<?xf32>
  memref.copy %a, %b : memref<?xf32> to memref<?xf32>
  return
}

// READ: test-ops.mlir:[[@LINE+4]]:3: error: use-after-free: test.read_buffer reads a freed buffer
func.func @read_freed() {
  %a = memref.alloc() : memref<2xf32>
  memref.dealloc %a : memref<2xf32>
  "test.read_buffer"(%a) : (memref<2xf32>) -> ()
  return
}

// Views of no elements whose other sizes multiply past 2^63: reshape's
// strides and region_buffer_based's element count used to overflow a
// signed multiply (the sanitized build stopped there).
// EMPTY: ir-run: @empty_views: clean
func.func @empty_views() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %big = arith.constant 1099511627776 : index
  %flat = memref.alloc() : memref<0xi32>
  %shape = memref.alloc() : memref<3xindex>
  memref.store %c0, %shape[%c0] : memref<3xindex>
  memref.store %big, %shape[%c1] : memref<3xindex>
  memref.store %big, %shape[%c2] : memref<3xindex>
  %r = memref.reshape %flat(%shape) : (memref<0xi32>, memref<3xindex>) -> memref<?x?x?xi32>
  %v = memref.reinterpret_cast %flat to offset: [0], sizes: [1099511627776, 1099511627776, 0], strides: [0, 0, 1] : memref<0xi32> to memref<1099511627776x1099511627776x0xi32, strided<[0, 0, 1]>>
  test.region_buffer_based in(%v: memref<1099511627776x1099511627776x0xi32, strided<[0, 0, 1]>>) out(%v: memref<1099511627776x1099511627776x0xi32, strided<[0, 0, 1]>>) {
  ^bb0(%x: i32, %y: i32):
    test.region_yield %x : i32
  }
  memref.dealloc %flat : memref<0xi32>
  memref.dealloc %shape : memref<3xindex>
  return
}
