// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | ir-asm | ir-dis | FileCheck %s
// Custom syntax of the scf ops: implicit terminators added when parsing and
// elided when printing, iter_args, while, execute_region, index_switch,
// parallel / reduce.
// (CHECK lines are mlir-opt-22's output for this file.)
func.func @scf(%c: i1, %lb: index, %ub: index, %st: index, %m: memref<2xf32>, %i: i32) {
  scf.if %c {
    "test.foo"() : () -> ()
  }
  scf.if %c {
    "test.foo"() : () -> ()
  } else {
    "test.bar"() : () -> ()
  } {test.attr}
  %r0 = scf.if %c -> (i32) {
    scf.yield %i : i32
  } else {
    %x = "test.d"() : () -> i32
    scf.yield %x : i32
  }
  %r1:2 = scf.if %c -> (i32, memref<2xf32>) {
    scf.yield %i, %m : i32, memref<2xf32>
  } else {
    scf.yield %i, %m : i32, memref<2xf32>
  }
  %r = scf.for %iv = %lb to %ub step %st iter_args(%acc = %m) -> (memref<2xf32>) {
    scf.yield %acc : memref<2xf32>
  }
  scf.for %iv = %lb to %ub step %st {
    "test.foo"(%iv) : (index) -> ()
  }
  %r2:2 = scf.for %iv = %i to %i step %i iter_args(%a = %i, %b = %m) -> (i32, memref<2xf32>) : i32 {
    scf.yield %a, %b : i32, memref<2xf32>
  }
  scf.for unsigned %iv = %i to %i step %i : i32 {
  }
  scf.for %iv = %lb to %ub step %st {
  } {test.qux}
  %w:2 = scf.while (%x = %i, %y = %m) : (i32, memref<2xf32>) -> (i32, memref<2xf32>) {
    scf.condition(%c) %x, %y : i32, memref<2xf32>
  } do {
  ^bb0(%x2: i32, %y2: memref<2xf32>):
    scf.yield %x2, %y2 : i32, memref<2xf32>
  }
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  } attributes {test.baz}
  %w2 = scf.while (%x = %i) : (i32) -> f32 {
    %f = "test.f"() : () -> f32
    scf.condition(%c) %f : f32
  } do {
  ^bb0(%f2: f32):
    %n = "test.n"(%f2) : (f32) -> i32
    scf.yield %n : i32
  }
  %e = scf.execute_region -> i32 {
    scf.yield %i : i32
  }
  %e2 = scf.execute_region -> i32 no_inline {
    cf.br ^bb1
  ^bb1:
    scf.yield %i : i32
  } {test.e}
  scf.execute_region {
    scf.yield
  }
  %e3:2 = scf.execute_region -> (i32, i32) {
    scf.yield %i, %i : i32, i32
  }
  %sw = scf.index_switch %lb -> i32
  case 2 {
    scf.yield %i : i32
  }
  case -5 {
    %q = "test.q"() : () -> i32
    scf.yield %q : i32
  }
  default {
    scf.yield %i : i32
  }
  scf.index_switch %lb
  case 1 {
    "test.a"() : () -> ()
    scf.yield
  }
  default {
  }
  %sw2:2 = scf.index_switch %lb {test.s} -> i32, f32
  default {
    %f = "test.f"() : () -> f32
    scf.yield %i, %f : i32, f32
  }
  return
}
func.func @par(%lb: index, %ub: index, %st: index, %f: f32, %t: tensor<4xf32>) {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
    "test.foo"(%i, %j) : (index, index) -> ()
  }
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%f) -> f32 {
    scf.reduce(%f : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  %r2:2 = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%f, %f) -> (f32, f32) {
    scf.reduce(%f, %f : f32, f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }, {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %b : f32
    }
  } {test.p}
  return
}

// CHECK: module {
// CHECK-NEXT:   func.func @scf(%arg0: i1, %arg1: index, %arg2: index, %arg3: index, %arg4: memref<2xf32>, %arg5: i32) {
// CHECK-NEXT:     scf.if %arg0 {
// CHECK-NEXT:       "test.foo"() : () -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.if %arg0 {
// CHECK-NEXT:       "test.foo"() : () -> ()
// CHECK-NEXT:     } else {
// CHECK-NEXT:       "test.bar"() : () -> ()
// CHECK-NEXT:     } {test.attr}
// CHECK-NEXT:     %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:       scf.yield %arg5 : i32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %11 = "test.d"() : () -> i32
// CHECK-NEXT:       scf.yield %11 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %1:2 = scf.if %arg0 -> (i32, memref<2xf32>) {
// CHECK-NEXT:       scf.yield %arg5, %arg4 : i32, memref<2xf32>
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %arg5, %arg4 : i32, memref<2xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %2 = scf.for %arg6 = %arg1 to %arg2 step %arg3 iter_args(%arg7 = %arg4) -> (memref<2xf32>) {
// CHECK-NEXT:       scf.yield %arg7 : memref<2xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.for %arg6 = %arg1 to %arg2 step %arg3 {
// CHECK-NEXT:       "test.foo"(%arg6) : (index) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     %3:2 = scf.for %arg6 = %arg5 to %arg5 step %arg5 iter_args(%arg7 = %arg5, %arg8 = %arg4) -> (i32, memref<2xf32>)  : i32 {
// CHECK-NEXT:       scf.yield %arg7, %arg8 : i32, memref<2xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.for unsigned %arg6 = %arg5 to %arg5 step %arg5  : i32 {
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.for %arg6 = %arg1 to %arg2 step %arg3 {
// CHECK-NEXT:     } {test.qux}
// CHECK-NEXT:     %4:2 = scf.while (%arg6 = %arg5, %arg7 = %arg4) : (i32, memref<2xf32>) -> (i32, memref<2xf32>) {
// CHECK-NEXT:       scf.condition(%arg0) %arg6, %arg7 : i32, memref<2xf32>
// CHECK-NEXT:     } do {
// CHECK-NEXT:     ^bb0(%arg6: i32, %arg7: memref<2xf32>):
// CHECK-NEXT:       scf.yield %arg6, %arg7 : i32, memref<2xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.while : () -> () {
// CHECK-NEXT:       scf.condition(%arg0)
// CHECK-NEXT:     } do {
// CHECK-NEXT:       scf.yield
// CHECK-NEXT:     } attributes {test.baz}
// CHECK-NEXT:     %5 = scf.while (%arg6 = %arg5) : (i32) -> f32 {
// CHECK-NEXT:       %11 = "test.f"() : () -> f32
// CHECK-NEXT:       scf.condition(%arg0) %11 : f32
// CHECK-NEXT:     } do {
// CHECK-NEXT:     ^bb0(%arg6: f32):
// CHECK-NEXT:       %11 = "test.n"(%arg6) : (f32) -> i32
// CHECK-NEXT:       scf.yield %11 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %6 = scf.execute_region -> i32 {
// CHECK-NEXT:       scf.yield %arg5 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %7 = scf.execute_region -> i32 no_inline {
// CHECK-NEXT:       cf.br ^bb1
// CHECK-NEXT:     ^bb1:  // pred: ^bb0
// CHECK-NEXT:       scf.yield %arg5 : i32
// CHECK-NEXT:     } {test.e}
// CHECK-NEXT:     scf.execute_region {
// CHECK-NEXT:       scf.yield
// CHECK-NEXT:     }
// CHECK-NEXT:     %8:2 = scf.execute_region -> (i32, i32) {
// CHECK-NEXT:       scf.yield %arg5, %arg5 : i32, i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %9 = scf.index_switch %arg1 -> i32 
// CHECK-NEXT:     case 2 {
// CHECK-NEXT:       scf.yield %arg5 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     case -5 {
// CHECK-NEXT:       %11 = "test.q"() : () -> i32
// CHECK-NEXT:       scf.yield %11 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     default {
// CHECK-NEXT:       scf.yield %arg5 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.index_switch %arg1 
// CHECK-NEXT:     case 1 {
// CHECK-NEXT:       "test.a"() : () -> ()
// CHECK-NEXT:       scf.yield
// CHECK-NEXT:     }
// CHECK-NEXT:     default {
// CHECK-NEXT:     }
// CHECK-NEXT:     %10:2 = scf.index_switch %arg1 {test.s} -> i32, f32 
// CHECK-NEXT:     default {
// CHECK-NEXT:       %11 = "test.f"() : () -> f32
// CHECK-NEXT:       scf.yield %arg5, %11 : i32, f32
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @par(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: tensor<4xf32>) {
// CHECK-NEXT:     scf.parallel (%arg5, %arg6) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) {
// CHECK-NEXT:       "test.foo"(%arg5, %arg6) : (index, index) -> ()
// CHECK-NEXT:       scf.reduce 
// CHECK-NEXT:     }
// CHECK-NEXT:     %0 = scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) init (%arg3) -> f32 {
// CHECK-NEXT:       scf.reduce(%arg3 : f32) {
// CHECK-NEXT:       ^bb0(%arg6: f32, %arg7: f32):
// CHECK-NEXT:         %2 = arith.addf %arg6, %arg7 : f32
// CHECK-NEXT:         scf.reduce.return %2 : f32
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     %1:2 = scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) init (%arg3, %arg3) -> (f32, f32) {
// CHECK-NEXT:       scf.reduce(%arg3, %arg3 : f32, f32) {
// CHECK-NEXT:       ^bb0(%arg6: f32, %arg7: f32):
// CHECK-NEXT:         scf.reduce.return %arg6 : f32
// CHECK-NEXT:       }, {
// CHECK-NEXT:       ^bb0(%arg6: f32, %arg7: f32):
// CHECK-NEXT:         scf.reduce.return %arg7 : f32
// CHECK-NEXT:       }
// CHECK-NEXT:     } {test.p}
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
