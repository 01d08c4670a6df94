// RUN: not ir-run --check %s --allow-unregistered-dialect | FileCheck %s
// RUN: not ir-run --check %s --allow-unregistered-dialect --max-runs 5 | FileCheck %s --check-prefix=FEW
// RUN: ir-run --check %s --allow-unregistered-dialect --function helper -v | FileCheck %s --check-prefix=ONE
// RUN: not ir-run --check %s --allow-unregistered-dialect --function spin --max-steps 1000 | FileCheck %s --check-prefix=STEPS
// RUN: ir-run --check %s --function unknown_op --allow-unregistered-dialect | FileCheck %s --check-prefix=UNKNOWN
// RUN: ir-run --check %s --function unknown_op --allow-unregistered-dialect --unknown-as-use | FileCheck %s --check-prefix=USE
// RUN: not ir-run --check %s --function unknown_op --allow-unregistered-dialect --strict
// The --check enumerator: i1 arguments take 0 and 1, integers and index
// 0..3, memrefs fresh buffers, plus one run per pair of same-type memref
// arguments where the second aliases the first. Each distinct error is
// reported once, with the first combination that showed it.

// CHECK: @clean_one: clean (32 runs)
func.func @clean_one(%c: i1, %n: index, %k: i32, %m: memref<?xf32>) {
  %a = memref.alloc(%n) : memref<?xf32>
  %k1 = arith.index_cast %k : i32 to index
  scf.if %c {
    %c0 = arith.constant 0 : index
    %d = memref.dim %m, %c0 : memref<?xf32>
    %t = memref.alloc(%d) : memref<?xf32>
    memref.copy %m, %t : memref<?xf32> to memref<?xf32>
    memref.dealloc %t : memref<?xf32>
  }
  memref.dealloc %a : memref<?xf32>
  return
}

// Wrong only when the two buffers are one: the aliasing run finds it.
// CHECK: check.mlir:[[@LINE+7]]:8: error: leak: buffer allocated here by memref.alloc is never freed in @aliased(%arg0 = buffer, %arg1 = %arg0, %arg2 = buffer) (1 of 2 runs)
// CHECK-NEXT: @aliased: 1 error (2 runs, 1 failed)
func.func @aliased(%a: memref<2xf32>, %b: memref<2xf32>, %other: memref<3xf32>) {
  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index
  %po = memref.extract_aligned_pointer_as_index %other : memref<3xf32> -> index
  %same = arith.cmpi eq, %pa, %pb : index
  %m = memref.alloc() : memref<2xf32>
  scf.if %same {
  } else {
    memref.dealloc %m : memref<2xf32>
  }
  return
}

// Trip counts 0..3: the leak shows from the second iteration on.
// CHECK: check.mlir:[[@LINE+6]]:10: error: leak: buffer allocated here by memref.alloc is never freed in @some_trips(%arg0 = 2) (2 of 4 runs)
// CHECK-NEXT: @some_trips: 1 error (4 runs, 2 failed)
func.func @some_trips(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %m = memref.alloc() : memref<2xf32>
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
      memref.dealloc %m : memref<2xf32>
    }
  }
  return
}

// A loop step of 0 is undefined behaviour: those runs are rejected (no
// verdict), the others are clean.
// CHECK: @steps: clean (16 runs, 4 rejected: {{.*}}check.mlir:[[@LINE+3]]:3: undefined-behavior: scf.for with step 0 in @steps(%arg0 = 0, %arg1 = 0)
func.func @steps(%n: index, %step: index) {
  %c0 = arith.constant 0 : index
  scf.for %i = %c0 to %n step %step {
    %m = memref.alloca() : memref<2xf32>
  }
  return
}

// A function whose arguments ir-run cannot make is skipped.
// CHECK: @tensor_arg: skipped: argument #0 has type tensor<2xf32>, which ir-run cannot make
func.func @tensor_arg(%t: tensor<2xf32>) {
  return
}

// Private functions are not entry points.
// CHECK-NOT: @helper:
func.func private @helper(%c: i1) -> i1 {
  return %c : i1
}

// The combination space of @many is 2^6 * 4^3 = 4096; at most --max-runs of
// them run, spread over the whole space.
// CHECK: @many: clean (256 of 4096 combinations)
// FEW: @many: clean (5 of 4096 combinations)
func.func @many(%a: i1, %b: i1, %c: i1, %d: i1, %e: i1, %f: i1,
                %x: index, %y: index, %z: index) {
  return
}

// --function also reaches a private function; -v prints every run.
// ONE: run 0: @helper(%arg0 = false): clean, 1 steps
// ONE-NEXT: run 1: @helper(%arg0 = true): clean, 1 steps
// ONE-NEXT: @helper: clean (2 runs)
// ONE-NEXT: ir-run: 1 function: 1 clean, 0 with errors, 0 skipped; 2 runs, 0 failed, 0 skipped, 0 rejected; 2 steps

// A run that hits the step bound has no verdict; the leak of the runs
// that end is still found.
// STEPS: check.mlir:[[@LINE+7]]:8: error: leak: buffer allocated here by memref.alloc is never freed in @spin(%arg0 = false) (1 of 2 runs)
// CHECK: @spin: 1 error (2 runs, 1 failed, 1 skipped: {{.*}}: the step bound (1000000) is exceeded)
// STEPS-NEXT: @spin: 1 error (2 runs, 1 failed, 1 skipped: {{.*}}check.mlir:{{[0-9]+}}:{{[0-9]+}}: the step bound (1000) is exceeded)
func.func @spin(%forever: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %big = arith.constant 1000000 : index
  %m = memref.alloc() : memref<2xf32>
  scf.if %forever {
    scf.for %i = %c0 to %big step %c1 {
    }
    memref.dealloc %m : memref<2xf32>
  }
  return
}

// An op of no registered dialect cannot run, unless --unknown-as-use makes
// it read its memref operands.
// UNKNOWN: @unknown_op: skipped (1 run, 0 clean, 1 skipped: {{.*}}check.mlir:[[@LINE+6]]:3: 'my.use' is not supported by ir-run)
// USE: @unknown_op: clean (1 run)
// CHECK: @unknown_op: skipped
// CHECK-NEXT: ir-run: 8 functions: 3 clean, 3 with errors, 2 skipped; 313 runs, 4 failed, 2 skipped, 4 rejected;
func.func @unknown_op() {
  %m = memref.alloc() : memref<2xf32>
  "my.use"(%m) : (memref<2xf32>) -> ()
  memref.dealloc %m : memref<2xf32>
  return
}
