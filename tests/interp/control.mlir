// RUN: ir-run %s --entry loops --arg 4 | FileCheck %s --check-prefix=LOOPS
// RUN: ir-run %s --entry branches --arg 2 | FileCheck %s --check-prefix=BR2
// RUN: ir-run %s --entry branches --arg 7 | FileCheck %s --check-prefix=BR7
// RUN: ir-run %s --entry regions --arg 1 | FileCheck %s --check-prefix=REG1
// RUN: ir-run %s --entry regions --arg 5 | FileCheck %s --check-prefix=REG5
// RUN: ir-run %s --entry recursion --arg 10 | FileCheck %s --check-prefix=REC
// RUN: ir-run %s --entry external | FileCheck %s --check-prefix=EXT
// RUN: not ir-run %s --entry external --no-extern 2>&1 | FileCheck %s --check-prefix=NOEXT
// RUN: ir-run %s --entry unstructured --arg 3 | FileCheck %s --check-prefix=CFG
// Control flow: scf (if, for, while, execute_region, index_switch), cf
// branches with block arguments, calls (recursive, external).

// Loop-carried values move in parallel: swapping two iter_args swaps them.
// LOOPS: result #0: 6 : index
// LOOPS-NEXT: result #1: 10 : index
// LOOPS-NEXT: result #2: 20 : index
// LOOPS-NEXT: result #3: 5 : index
// LOOPS-NEXT: result #4: 0 : index
// LOOPS-NEXT: result #5: 16 : index
func.func @loops(%n: index) -> (index, index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %c20 = arith.constant 20 : index
  // sum of 0..n-1
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c0) -> index {
    %t = arith.addi %s, %i : index
    scf.yield %t : index
  }
  // an even number of swaps
  %x:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c10, %b = %c20) -> (index, index) {
    scf.yield %b, %a : index, index
  }
  // step 2 from 1: 1, 3 (< 4); zero trips keep the init value
  %y = scf.for %i = %c1 to %n step %c2 iter_args(%s = %c1) -> index {
    %t = arith.addi %s, %i : index
    scf.yield %t : index
  }
  %z = scf.for %i = %n to %c0 step %c1 iter_args(%s = %c0) -> index {
    scf.yield %i : index
  }
  // while: double until >= 10
  %w = scf.while (%v = %c1) : (index) -> index {
    %more = arith.cmpi ult, %v, %c10 : index
    scf.condition(%more) %v : index
  } do {
  ^bb0(%v: index):
    %d = arith.muli %v, %c2 : index
    scf.yield %d : index
  }
  return %sum, %x#0, %x#1, %y, %z, %w : index, index, index, index, index, index
}

// BR2: result #0: 200 : index
// BR7: result #0: 700 : index
func.func @branches(%k: index) -> index {
  %c0 = arith.constant 0 : index
  %c100 = arith.constant 100 : index
  %c200 = arith.constant 200 : index
  %c700 = arith.constant 700 : index
  %small = arith.cmpi ult, %k, %c100 : index
  cf.cond_br %small, ^sw, ^done(%c0 : index)
^sw:
  %f = arith.index_cast %k : index to i32
  cf.switch %f : i32, [
    default: ^done(%c700 : index),
    2: ^done(%c200 : index),
    3: ^done(%c100 : index)
  ]
^done(%r: index):
  return %r : index
}

// REG1: result #0: 11 : index
// REG1-NEXT: result #1: 1 : index
// REG5: result #0: 99 : index
// REG5-NEXT: result #1: 0 : index
func.func @regions(%k: index) -> (index, index) {
  %s = scf.index_switch %k -> index
  case 1 {
    %c = arith.constant 11 : index
    scf.yield %c : index
  }
  case 2 {
    %c = arith.constant 22 : index
    scf.yield %c : index
  }
  default {
    %c = arith.constant 99 : index
    scf.yield %c : index
  }
  %e = scf.execute_region -> index {
    %c1 = arith.constant 1 : index
    %odd = arith.cmpi eq, %k, %c1 : index
    cf.cond_br %odd, ^a, ^b
  ^a:
    scf.yield %c1 : index
  ^b:
    %c0 = arith.constant 0 : index
    scf.yield %c0 : index
  }
  return %s, %e : index, index
}

// Each call has its own frame.
// REC: result #0: 55 : index
func.func private @fib(%n: index) -> index {
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %small = arith.cmpi ult, %n, %c2 : index
  %r = scf.if %small -> index {
    scf.yield %n : index
  } else {
    %a = arith.subi %n, %c1 : index
    %b = arith.subi %n, %c2 : index
    %fa = func.call @fib(%a) : (index) -> index
    %fb = func.call @fib(%b) : (index) -> index
    %s = arith.addi %fa, %fb : index
    scf.yield %s : index
  }
  return %r : index
}
func.func @recursion(%n: index) -> index {
  %r = func.call @fib(%n) : (index) -> index
  return %r : index
}

// An external function follows the ABI: its memref results are new
// buffers the caller owns (here freed), its scalar results 0.
// EXT: result #0: 0 : i32
// EXT-NEXT: ir-run: @external: clean
// NOEXT: control.mlir:[[@LINE+4]]:10: error: 'func.call' calls an external function (--no-extern)
func.func private @produce(memref<2xf32>) -> (memref<?xf32>, i32)
func.func @external() -> i32 {
  %m = memref.alloc() : memref<2xf32>
  %r:2 = func.call @produce(%m) : (memref<2xf32>) -> (memref<?xf32>, i32)
  memref.dealloc %m : memref<2xf32>
  memref.dealloc %r#0 : memref<?xf32>
  return %r#1 : i32
}

// A cf loop: block arguments carry the counter and the sum.
// CFG: result #0: 6 : index
func.func @unstructured(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0, %c0 : index, index)
^head(%i: index, %s: index):
  %more = arith.cmpi ule, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %s2 = arith.addi %s, %i : index
  %i2 = arith.addi %i, %c1 : index
  cf.br ^head(%i2, %s2 : index, index)
^exit:
  return %s : index
}
