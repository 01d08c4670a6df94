// RUN: ir-asm %s | ir-dis | FileCheck %s --strict-whitespace
// Ops whose printed text or base name the printer keeps and reuses (the
// lines of alloc/alloca/constant without operands, by opcode, properties,
// attributes and result type; the flags, attr-dict and type after the
// operands of arith's elementwise and cmp ops, by the same key; print.c's
// op_text_memo and irw_tail_cached): neighbours that differ in one part of
// the key only, and the same keys again in later scopes and functions,
// where the names start over. The expected text is mlir-opt-22's.

func.func @f(%a: index, %b: index, %x: i32) -> index {
  %0 = memref.alloc() : memref<8xf32>
  %1 = memref.alloc() {tag} : memref<8xf32>
  %2 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
  %3 = memref.alloca() : memref<8xf32>
  %4 = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %c0i = arith.constant 0 : i32
  %c0t = arith.constant {tag} 0 : index
  %t = arith.constant true
  %f = arith.constant 1 : i1
  %cst = arith.constant 1.5 : f32
  %s1 = arith.addi %a, %b : index
  %s2 = arith.addi %a, %b overflow<nsw> : index
  %s3 = arith.addi %a, %b {tag} : index
  %s4 = arith.addi %x, %c0i : i32
  %s5 = arith.subi %a, %b : index
  %k1 = arith.cmpi slt, %a, %b : index
  %k2 = arith.cmpi eq, %a, %b : index
  %k3 = arith.cmpi slt, %x, %c0i : i32
  %r = scf.if %t -> (index) {
    %5 = memref.alloc() : memref<8xf32>
    %c0n = arith.constant 0 : index
    %s6 = arith.addi %a, %c0n : index
    scf.yield %s6 : index
  } else {
    %6 = memref.alloc() {tag} : memref<8xf32>
    scf.yield %s1 : index
  }
  return %r : index
}
func.func @g() {
  %0 = memref.alloc() : memref<8xf32>
  %1 = memref.alloc() : memref<8xf32>
  %c0 = arith.constant 0 : index
  %c0b = arith.constant 0 : index
  return
}
module {
  func.func @h() {
    %0 = memref.alloc() : memref<8xf32>
    %c0 = arith.constant 0 : index
    return
  }
}

// CHECK: {{^}}module {{{$}}
// CHECK-NEXT: {{^}}  func.func @f(%arg0: index, %arg1: index, %arg2: i32) -> index {{{$}}
// CHECK-NEXT: {{^}}    %alloc = memref.alloc() : memref<8xf32>{{$}}
// CHECK-NEXT: {{^}}    %alloc_0 = memref.alloc() {tag} : memref<8xf32>{{$}}
// CHECK-NEXT: {{^}}    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>{{$}}
// CHECK-NEXT: {{^}}    %alloca = memref.alloca() : memref<8xf32>{{$}}
// CHECK-NEXT: {{^}}    %alloc_2 = memref.alloc() : memref<4xf32>{{$}}
// CHECK-NEXT: {{^}}    %c0 = arith.constant 0 : index{{$}}
// CHECK-NEXT: {{^}}    %c0_i32 = arith.constant 0 : i32{{$}}
// CHECK-NEXT: {{^}}    %c0_3 = arith.constant {tag} 0 : index{{$}}
// CHECK-NEXT: {{^}}    %true = arith.constant true{{$}}
// CHECK-NEXT: {{^}}    %true_4 = arith.constant true{{$}}
// CHECK-NEXT: {{^}}    %cst = arith.constant 1.500000e+00 : f32{{$}}
// CHECK-NEXT: {{^}}    %0 = arith.addi %arg0, %arg1 : index{{$}}
// CHECK-NEXT: {{^}}    %1 = arith.addi %arg0, %arg1 overflow<nsw> : index{{$}}
// CHECK-NEXT: {{^}}    %2 = arith.addi %arg0, %arg1 {tag} : index{{$}}
// CHECK-NEXT: {{^}}    %3 = arith.addi %arg2, %c0_i32 : i32{{$}}
// CHECK-NEXT: {{^}}    %4 = arith.subi %arg0, %arg1 : index{{$}}
// CHECK-NEXT: {{^}}    %5 = arith.cmpi slt, %arg0, %arg1 : index{{$}}
// CHECK-NEXT: {{^}}    %6 = arith.cmpi eq, %arg0, %arg1 : index{{$}}
// CHECK-NEXT: {{^}}    %7 = arith.cmpi slt, %arg2, %c0_i32 : i32{{$}}
// CHECK-NEXT: {{^}}    %8 = scf.if %true -> (index) {{{$}}
// CHECK-NEXT: {{^}}      %alloc_5 = memref.alloc() : memref<8xf32>{{$}}
// CHECK-NEXT: {{^}}      %c0_6 = arith.constant 0 : index{{$}}
// CHECK-NEXT: {{^}}      %9 = arith.addi %arg0, %c0_6 : index{{$}}
// CHECK-NEXT: {{^}}      scf.yield %9 : index{{$}}
// CHECK-NEXT: {{^}}    } else {{{$}}
// CHECK-NEXT: {{^}}      %alloc_5 = memref.alloc() {tag} : memref<8xf32>{{$}}
// CHECK-NEXT: {{^}}      scf.yield %0 : index{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}    return %8 : index{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  func.func @g() {{{$}}
// CHECK-NEXT: {{^}}    %alloc = memref.alloc() : memref<8xf32>{{$}}
// CHECK-NEXT: {{^}}    %alloc_0 = memref.alloc() : memref<8xf32>{{$}}
// CHECK-NEXT: {{^}}    %c0 = arith.constant 0 : index{{$}}
// CHECK-NEXT: {{^}}    %c0_1 = arith.constant 0 : index{{$}}
// CHECK-NEXT: {{^}}    return{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  module {{{$}}
// CHECK-NEXT: {{^}}    func.func @h() {{{$}}
// CHECK-NEXT: {{^}}      %alloc = memref.alloc() : memref<8xf32>{{$}}
// CHECK-NEXT: {{^}}      %c0 = arith.constant 0 : index{{$}}
// CHECK-NEXT: {{^}}      return{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}}{{$}}
