// RUN: ir-asm --allow-unregistered-dialect --split-input-file -verify-diagnostics %s
// RUN: not ir-asm --allow-unregistered-dialect --split-input-file %s -o %t 2>&1 | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// "block with no terminator, has ..." quotes the last op as mlir-opt-22
// prints an op into an error: generic form, values numbered from the
// enclosing function with unique ids (`%argN` for entry arguments), dense
// attributes of more than 16 elements elided unless they are splats, and
// an op with regions on lines of its own after the message.

func.func @last_muli(%a: i32, %b: i32) {
  %s = arith.addi %a, %b : i32
  // CHECK: no-terminator-op-text.mlir:[[# @LINE + 2]]:8: error: block with no terminator, has %1 = "arith.muli"(%0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32{{$}}
  // expected-error @+1 {{block with no terminator, has %1 = "arith.muli"(%0, %arg0)}}
  %t = arith.muli %s, %a : i32
}

// -----

func.func @elided() {
  // CHECK: error: block with no terminator, has %0 = "arith.constant"() <{value = dense_resource<__elided__> : tensor<17xi32>}> : () -> tensor<17xi32>{{$}}
  // expected-error @+1 {{block with no terminator}}
  %c = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]> : tensor<17xi32>
}

// -----

func.func @splat_kept() {
  %c = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]> : tensor<16xi32>
  // CHECK: error: block with no terminator, has %1 = "arith.constant"() <{value = dense<7> : tensor<100xi32>}> : () -> tensor<100xi32>{{$}}
  // expected-error @+1 {{block with no terminator}}
  %s = arith.constant dense<7> : tensor<100xi32>
}

// -----

func.func @with_region(%n: index, %m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %r = scf.execute_region -> memref<?xf32> {
    %a = memref.alloc(%n) : memref<?xf32>
    scf.yield %a : memref<?xf32>
  }
  // CHECK: no-terminator-op-text.mlir:[[# @LINE + 8]]:11: error: block with no terminator, has {{$}}
  // CHECK-NEXT: {{^}}%2:2 = "scf.execute_region"() ({{{$}}
  // CHECK-NEXT: {{^}}  "cf.br"(%0)[^bb1] : (index) -> (){{$}}
  // CHECK-NEXT: {{^}}^bb1(%3: index):  // pred: ^bb0{{$}}
  // CHECK-NEXT: {{^}}  "scf.yield"(%3, %arg1) : (index, memref<?xf32>) -> (){{$}}
  // CHECK-NEXT: {{^}}}) : () -> (index, memref<?xf32>){{$}}
  // CHECK-NOT: error
  // expected-error @+1 {{block with no terminator, has}}
  %r2:2 = scf.execute_region -> (index, memref<?xf32>) {
    cf.br ^bb1(%c0 : index)
  ^bb1(%i: index):
    scf.yield %i, %m : index, memref<?xf32>
  }
}

// -----

// A value from outside the function has no number in its scope; MLIR
// prints it without a `%`.
%x = "test.val"() : () -> i32
func.func @outer_value() {
  // CHECK: error: block with no terminator, has %0 = "arith.addi"(<<UNKNOWN SSA VALUE>>, <<UNKNOWN SSA VALUE>>) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32{{$}}
  // expected-error @+1 {{block with no terminator}}
  %y = arith.addi %x, %x : i32
}
