// RUN: ir-asm %s | ir-dis | FileCheck %s --strict-whitespace
// The regions of the module body's ops (functions, a nested module) are
// numbered just before each is printed (print.c's number_subtree), not in
// a walk over the whole module first: the names must be those of the
// walk. Names taken in the module body (`%c0`, `%cst`) make every
// function's constants conflict; the conflict counter goes on into nested
// regions (`%c0_2`, `%c0_3`) and starts over in each function; the nested
// module's function sees its own module's `%c0_0` too; block argument
// names, numbers and `// pred:` comments of a multi-block function. The
// expected text is mlir-opt-22's.

%top = arith.constant 0 : index
%topf = arith.constant 1.0 : f32
func.func @f(%n: index, %m: memref<?xf32>, %ok: i1) -> index {
  %z = arith.constant 0 : index
  %one = arith.constant 1 : index
  %r = scf.for %i = %z to %n step %one iter_args(%acc = %z) -> (index) {
    %z2 = arith.constant 0 : index
    %s = arith.addi %acc, %i : index
    %v = scf.if %ok -> (index) {
      %z3 = arith.constant 0 : index
      %t = arith.addi %z3, %z2 : index
      scf.yield %t : index
    } else {
      scf.yield %s : index
    }
    scf.yield %v : index
  }
  cf.cond_br %ok, ^bb1(%z : index), ^bb2
^bb1(%a: index):
  %f2 = arith.constant 2.0 : f32
  memref.store %f2, %m[%a] : memref<?xf32>
  cf.br ^bb2
^bb2:
  return %r : index
}
module @inner {
  %z = arith.constant 0 : index
  func.func @g() -> index {
    %z1 = arith.constant 0 : index
    %a = memref.alloc() : memref<4xf32>
    %b = memref.alloc() : memref<4xf32>
    return %z1 : index
  }
}
func.func @h(%x: index) -> index {
  %z = arith.constant 0 : index
  %s = arith.addi %x, %z : index
  return %s : index
}

// CHECK: {{^}}module {{{$}}
// CHECK-NEXT: {{^}}  %c0 = arith.constant 0 : index{{$}}
// CHECK-NEXT: {{^}}  %cst = arith.constant 1.000000e+00 : f32{{$}}
// CHECK-NEXT: {{^}}  func.func @f(%arg0: index, %arg1: memref<?xf32>, %arg2: i1) -> index {{{$}}
// CHECK-NEXT: {{^}}    %c0_0 = arith.constant 0 : index{{$}}
// CHECK-NEXT: {{^}}    %c1 = arith.constant 1 : index{{$}}
// CHECK-NEXT: {{^}}    %0 = scf.for %arg3 = %c0_0 to %arg0 step %c1 iter_args(%arg4 = %c0_0) -> (index) {{{$}}
// CHECK-NEXT: {{^}}      %c0_2 = arith.constant 0 : index{{$}}
// CHECK-NEXT: {{^}}      %2 = arith.addi %arg4, %arg3 : index{{$}}
// CHECK-NEXT: {{^}}      %3 = scf.if %arg2 -> (index) {{{$}}
// CHECK-NEXT: {{^}}        %c0_3 = arith.constant 0 : index{{$}}
// CHECK-NEXT: {{^}}        %4 = arith.addi %c0_3, %c0_2 : index{{$}}
// CHECK-NEXT: {{^}}        scf.yield %4 : index{{$}}
// CHECK-NEXT: {{^}}      } else {{{$}}
// CHECK-NEXT: {{^}}        scf.yield %2 : index{{$}}
// CHECK-NEXT: {{^}}      }{{$}}
// CHECK-NEXT: {{^}}      scf.yield %3 : index{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}    cf.cond_br %arg2, ^bb1(%c0_0 : index), ^bb2{{$}}
// CHECK-NEXT: {{^}}  ^bb1(%1: index):  // pred: ^bb0{{$}}
// CHECK-NEXT: {{^}}    %cst_1 = arith.constant 2.000000e+00 : f32{{$}}
// CHECK-NEXT: {{^}}    memref.store %cst_1, %arg1[%1] : memref<?xf32>{{$}}
// CHECK-NEXT: {{^}}    cf.br ^bb2{{$}}
// CHECK-NEXT: {{^}}  ^bb2:  // 2 preds: ^bb0, ^bb1{{$}}
// CHECK-NEXT: {{^}}    return %0 : index{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  module @inner {{{$}}
// CHECK-NEXT: {{^}}    %c0_0 = arith.constant 0 : index{{$}}
// CHECK-NEXT: {{^}}    func.func @g() -> index {{{$}}
// CHECK-NEXT: {{^}}      %c0_1 = arith.constant 0 : index{{$}}
// CHECK-NEXT: {{^}}      %alloc = memref.alloc() : memref<4xf32>{{$}}
// CHECK-NEXT: {{^}}      %alloc_2 = memref.alloc() : memref<4xf32>{{$}}
// CHECK-NEXT: {{^}}      return %c0_1 : index{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  func.func @h(%arg0: index) -> index {{{$}}
// CHECK-NEXT: {{^}}    %c0_0 = arith.constant 0 : index{{$}}
// CHECK-NEXT: {{^}}    %0 = arith.addi %arg0, %c0_0 : index{{$}}
// CHECK-NEXT: {{^}}    return %0 : index{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}}{{$}}
