// REQUIRES: mlir-opt
// RUN: not ir-run --check %s | FileCheck %s --check-prefix=INPUT
// RUN: mlir-opt --buffer-deallocation-pipeline -mlir-print-debuginfo %s | ir-run --check - | FileCheck %s --check-prefix=OUTPUT
// RUN: mlir-opt --buffer-deallocation-pipeline -mlir-print-debuginfo %s \
// RUN:   | sed 's/memref.dealloc %alloc_0 : memref<4xf32>/memref.dealloc %alloc : memref<4xf32>/' \
// RUN:   | not ir-run --check - | FileCheck %s --check-prefix=BROKEN
// The oracle on MLIR's own pipeline: these bufferized functions leak as
// written; after mlir-opt-22 --buffer-deallocation-pipeline (which lowers
// runtime alias checks to its dealloc helper, a plain function that runs
// too) every run of every function is clean. Freeing the wrong buffer in
// that output is caught.

// INPUT: pipeline.mlir:[[@LINE+7]]:8: error: leak: {{.*}} in @swap_loop(%arg0 = 0, %arg1 = 1) (6 of 16 runs)
// INPUT-NEXT: pipeline.mlir:[[@LINE+5]]:8: error: leak: {{.*}} in @swap_loop(%arg0 = 1, %arg1 = 1) (9 of 16 runs)
// INPUT-NEXT: pipeline.mlir:[[@LINE+9]]:10: error: leak: {{.*}} in @swap_loop(%arg0 = 1, %arg1 = 1) (9 of 16 runs)
// OUTPUT: @swap_loop: clean (16 runs, 4 rejected
// BROKEN: pipeline.mlir:[[@LINE+11]]:3: error: double-free: memref.dealloc frees a buffer that is already freed; buffer allocated at {{.*}}pipeline.mlir:[[@LINE+2]]:8
func.func @swap_loop(%n: index, %step: index) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %r:2 = scf.for %i = %c0 to %n step %step iter_args(%x = %a, %y = %b)
      -> (memref<4xf32>, memref<4xf32>) {
    %t = memref.alloc() : memref<4xf32>
    memref.copy %x, %t : memref<4xf32> to memref<4xf32>
    scf.yield %y, %t : memref<4xf32>, memref<4xf32>
  }
  return %r#0 : memref<4xf32>
}

// INPUT: pipeline.mlir:[[@LINE+4]]:8: error: leak: {{.*}} in @choose(%arg0 = false, %arg1 = buffer, %arg2 = 0) (4 of 8 runs)
// INPUT-NEXT: @choose: 1 error
// OUTPUT: @choose: clean (8 runs)
func.func @choose(%c: i1, %m: memref<4xf32>, %n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  %cast = memref.cast %m : memref<4xf32> to memref<?xf32>
  %s = arith.select %c, %a, %cast : memref<?xf32>
  %r = scf.if %c -> memref<?xf32> {
    scf.yield %s : memref<?xf32>
  } else {
    %b = memref.alloc(%n) : memref<?xf32>
    scf.yield %b : memref<?xf32>
  }
  return %r : memref<?xf32>
}

// INPUT: pipeline.mlir:[[@LINE+6]]:8: error: leak: {{.*}} in @branches(%arg0 = true, %arg1 = buffer, %arg2 = buffer) (2 of 4 runs)
// INPUT-NEXT: @branches: 1 error
// OUTPUT: @branches: clean (4 runs)
func.func @branches(%c: i1, %x: memref<2xf32>, %y: memref<2xf32>) {
  cf.cond_br %c, ^a, ^b(%x : memref<2xf32>)
^a:
  %t = memref.alloc() : memref<2xf32>
  cf.br ^b(%t : memref<2xf32>)
^b(%z: memref<2xf32>):
  memref.copy %z, %y : memref<2xf32> to memref<2xf32>
  return
}

// INPUT: pipeline.mlir:[[@LINE+4]]:8: error: leak: {{.*}} in @callee_and_caller(%arg0 = 0) (4 of 4 runs)
// INPUT-NEXT: @callee_and_caller: 1 error
// OUTPUT: @callee_and_caller: clean (4 runs)
func.func private @make(%n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  return %a : memref<?xf32>
}
func.func @callee_and_caller(%n: index) {
  %m = func.call @make(%n) : (index) -> memref<?xf32>
  return
}

// OUTPUT: ir-run: 4 functions: 4 clean, 0 with errors, 0 skipped;
// BROKEN: ir-run: 4 functions: 3 clean, 1 with errors, 0 skipped;
