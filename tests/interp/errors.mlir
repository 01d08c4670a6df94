// RUN: not ir-run %s --entry leak | FileCheck %s --check-prefix=LEAK
// RUN: not ir-run %s --entry double_free | FileCheck %s --check-prefix=DOUBLE
// RUN: not ir-run %s --entry free_alloca | FileCheck %s --check-prefix=ALLOCA
// RUN: not ir-run %s --entry free_global | FileCheck %s --check-prefix=GLOBAL
// RUN: not ir-run %s --entry free_argument | FileCheck %s --check-prefix=ARG
// RUN: not ir-run %s --entry free_view | FileCheck %s --check-prefix=VIEW
// RUN: not ir-run %s --entry use_after_free | FileCheck %s --check-prefix=UAF
// RUN: not ir-run %s --entry alloca_escapes | FileCheck %s --check-prefix=SCOPE
// RUN: not ir-run %s --entry alloca_per_iteration | FileCheck %s --check-prefix=ITER
// RUN: not ir-run %s --entry store_out_of_bounds --arg 4 | FileCheck %s --check-prefix=OOB
// RUN: not ir-run %s --entry beyond_buffer | FileCheck %s --check-prefix=BEYOND
// RUN: not ir-run %s --entry write_constant | FileCheck %s --check-prefix=CONST
// RUN: not ir-run %s --entry failed_assert --arg false | FileCheck %s --check-prefix=ASSERT
// RUN: not ir-run %s --entry bad_cast | FileCheck %s --check-prefix=CAST
// RUN: not ir-run %s --entry returns_argument | FileCheck %s --check-prefix=RETARG
// RUN: not ir-run %s --entry returns_freed | FileCheck %s --check-prefix=RETFREED
// RUN: not ir-run %s --entry realloc_twice | FileCheck %s --check-prefix=REALLOC
// RUN: ir-run %s --entry returns_twice | FileCheck %s --check-prefix=TWICE
// Every error class, each provoked by one function, with the offending
// op's location and the buffer's history.

// LEAK: errors.mlir:[[@LINE+3]]:8: error: leak: buffer allocated here by memref.alloc is never freed
// LEAK: ir-run: @leak: 1 error
func.func @leak() {
  %0 = memref.alloc() : memref<4xf32>
  return
}

// DOUBLE: errors.mlir:[[@LINE+6]]:3: error: double-free: memref.dealloc frees a buffer that is already freed; buffer allocated at {{.*}}errors.mlir:[[@LINE+3]]:8 by memref.alloc, freed at {{.*}}errors.mlir:[[@LINE+5]]:3 by memref.dealloc
// DOUBLE-NOT: leak
func.func @double_free() {
  %0 = memref.alloc() : memref<4xf32>
  %1 = memref.cast %0 : memref<4xf32> to memref<?xf32>
  memref.dealloc %0 : memref<4xf32>
  memref.dealloc %1 : memref<?xf32>
  return
}

// ALLOCA: errors.mlir:[[@LINE+3]]:3: error: free-of-alloca: memref.dealloc frees a stack buffer (memref.alloca); stack buffer allocated at {{.*}}errors.mlir:[[@LINE+2]]:8 by memref.alloca
func.func @free_alloca() {
  %0 = memref.alloca() : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}

// GLOBAL: errors.mlir:[[@LINE+4]]:3: error: free-of-global: memref.dealloc frees a global (memref.get_global); global @g declared at {{.*}}errors.mlir:[[@LINE+1]]:1
memref.global "private" @g : memref<2xf32> = dense<0.0>
func.func @free_global() {
  %0 = memref.get_global @g : memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  return
}

// ARG: errors.mlir:[[@LINE+3]]:3: error: free-of-argument: bufferization.dealloc frees the buffer of argument #1, which the caller owns; the buffer of argument #1
func.func @free_argument(%c: i1, %m: memref<2xf32>) {
  %true = arith.constant true
  bufferization.dealloc (%m : memref<2xf32>) if (%true)
  return
}

// VIEW: errors.mlir:[[@LINE+4]]:3: error: free-of-view: memref.dealloc frees through a view at offset 2 (byte shift 0), not the buffer's base; buffer allocated at {{.*}}errors.mlir:[[@LINE+2]]:8
func.func @free_view() {
  %0 = memref.alloc() : memref<4xf32>
  %1 = memref.subview %0[2][2][1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
  memref.dealloc %1 : memref<2xf32, strided<[1], offset: 2>>
  return
}

// UAF: errors.mlir:[[@LINE+5]]:8: error: use-after-free: memref.load from a freed buffer; buffer allocated at {{.*}}errors.mlir:[[@LINE+2]]:8 by memref.alloc, freed at {{.*}}errors.mlir:[[@LINE+4]]:3 by memref.dealloc
func.func @use_after_free() -> f32 {
  %0 = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  memref.dealloc %0 : memref<4xf32>
  %1 = memref.load %0[%c0] : memref<4xf32>
  return %1 : f32
}

// An alloca dies when its function returns.
// SCOPE: errors.mlir:[[@LINE+9]]:3: error: use-after-free: memref.store to a stack buffer after its scope ended; stack buffer allocated at {{.*}}errors.mlir:[[@LINE+2]]:8 by memref.alloca, whose scope ended at {{.*}}errors.mlir:[[@LINE+3]]:3
func.func private @make() -> memref<2xf32> {
  %0 = memref.alloca() : memref<2xf32>
  return %0 : memref<2xf32>
}
func.func @alloca_escapes() {
  %m = func.call @make() : () -> memref<2xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %m[%c0] : memref<2xf32>
  return
}

// ... and when the scf.for iteration that made it ends.
// ITER: errors.mlir:[[@LINE+8]]:10: error: use-after-free: memref.load from a stack buffer after its scope ended; stack buffer allocated at {{.*}}errors.mlir:[[@LINE+7]]:10 by memref.alloca, whose scope ended at {{.*}}errors.mlir:[[@LINE+9]]:5
func.func @alloca_per_iteration() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %init = memref.alloca() : memref<1xf32>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%prev = %init) -> memref<1xf32> {
    %a = memref.alloca() : memref<1xf32>
    %v = memref.load %prev[%c0] : memref<1xf32>
    scf.yield %a : memref<1xf32>
  }
  return
}

// OOB: errors.mlir:[[@LINE+4]]:3: error: out-of-bounds: memref.store at index 4 of dimension 0, whose size is 4; buffer allocated at {{.*}}errors.mlir:[[@LINE+2]]:8 by memref.alloc
func.func @store_out_of_bounds(%i: index) {
  %0 = memref.alloc() : memref<4xf32>
  %f = arith.constant 1.0 : f32
  memref.store %f, %0[%i] : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  return
}

// A view may claim more than the buffer holds; the access finds out.
// BEYOND: errors.mlir:[[@LINE+5]]:8: error: out-of-bounds: memref.load of element 5 of a buffer of 16 bytes (4 elements); buffer allocated at {{.*}}errors.mlir:[[@LINE+2]]:8
func.func @beyond_buffer() -> f32 {
  %0 = memref.alloc() : memref<4xf32>
  %1 = memref.reinterpret_cast %0 to offset: [1], sizes: [8], strides: [1] : memref<4xf32> to memref<8xf32, strided<[1], offset: 1>>
  %c4 = arith.constant 4 : index
  %v = memref.load %1[%c4] : memref<8xf32, strided<[1], offset: 1>>
  memref.dealloc %0 : memref<4xf32>
  return %v : f32
}

// CONST: errors.mlir:[[@LINE+6]]:3: error: write-to-constant: memref.store to a constant global; global @k declared at {{.*}}errors.mlir:[[@LINE+1]]:1
memref.global "private" constant @k : memref<2xf32> = dense<[1.0, 2.0]>
func.func @write_constant() {
  %0 = memref.get_global @k : memref<2xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 3.0 : f32
  memref.store %f, %0[%c0] : memref<2xf32>
  return
}

// ASSERT: errors.mlir:[[@LINE+2]]:3: error: assert: cf.assert failed: "the flag must be set"
func.func @failed_assert(%flag: i1) {
  cf.assert %flag, "the flag must be set"
  return
}

// CAST: errors.mlir:[[@LINE+4]]:8: error: undefined-behavior: memref.cast to memref<8xf32>, but dimension 0 is 4
func.func @bad_cast() {
  %0 = memref.alloc() : memref<4xf32>
  %1 = memref.cast %0 : memref<4xf32> to memref<?xf32>
  %2 = memref.cast %1 : memref<?xf32> to memref<8xf32>
  return
}

// The caller frees memref results (function boundary ABI): returning an
// argument's buffer or a freed one is an error at the return.
// RETARG: errors.mlir:[[@LINE+2]]:3: error: free-of-argument: result #0 is the buffer of argument #0: the caller owns results (function boundary ABI) and would free its own argument
func.func @returns_argument(%m: memref<2xf32>) -> memref<2xf32> {
  return %m : memref<2xf32>
}
// RETFREED: errors.mlir:[[@LINE+4]]:3: error: use-after-free: result #0 is a freed buffer; buffer allocated at {{.*}}errors.mlir:[[@LINE+2]]:8 by memref.alloc, freed at {{.*}}errors.mlir:[[@LINE+3]]:3 by memref.dealloc
func.func @returns_freed() -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  memref.dealloc %0 : memref<2xf32>
  return %0 : memref<2xf32>
}

// realloc frees its source: reallocating it again is a double free.
// REALLOC: errors.mlir:[[@LINE+4]]:8: error: double-free: memref.realloc frees a buffer that is already freed; buffer allocated at {{.*}}errors.mlir:[[@LINE+2]]:8 by memref.alloc, freed at {{.*}}errors.mlir:[[@LINE+3]]:8 by memref.realloc
func.func @realloc_twice() -> memref<4xf32> {
  %0 = memref.alloc() : memref<2xf32>
  %1 = memref.realloc %0 : memref<2xf32> to memref<4xf32>
  %2 = memref.realloc %0 : memref<2xf32> to memref<4xf32>
  return %1 : memref<4xf32>
}

// The same buffer returned twice is freed once by the caller.
// TWICE: ir-run: @returns_twice: clean
func.func @returns_twice() -> (memref<2xf32>, memref<2xf32>) {
  %0 = memref.alloc() : memref<2xf32>
  return %0, %0 : memref<2xf32>, memref<2xf32>
}
