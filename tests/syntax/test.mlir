// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | ir-asm | ir-dis | FileCheck %s
// Custom syntax of the test dialect ops (CHECK lines made from mlir-opt-22's
// output).
func.func @t(%cond: i1, %a: memref<2xf32>, %b: memref<2xf32>, %c: memref<?x?xf32>) {
  %1:2 = test.region_if %c : memref<?x?xf32> -> (memref<?x?xf32>, memref<?x?xf32>) then {
  ^bb0(%arg1: memref<?x?xf32>):
    test.region_if_yield %arg1, %arg1 : memref<?x?xf32>, memref<?x?xf32>
  } else {
  ^bb0(%arg1: memref<?x?xf32>):
    test.region_if_yield %arg1, %arg1 : memref<?x?xf32>, memref<?x?xf32>
  } join {
  ^bb0(%arg1: memref<?x?xf32>, %x: memref<?x?xf32>):
    test.region_if_yield %arg1, %arg1 : memref<?x?xf32>, memref<?x?xf32>
  }
  test.region_buffer_based in(%a: memref<2xf32>) out(%b: memref<2xf32>) {
  ^bb0(%x: f32, %y: f32):
    test.region_yield %x : f32
  } {foo = 1}
  test.buffer_based in(%a: memref<2xf32>) out(%b: memref<2xf32>) {foo = 1}
  test.copy(%a, %b) : (memref<2xf32>, memref<2xf32>) {foo}
  %r = test.region_if %c : memref<?x?xf32> -> memref<?x?xf32> then {
  ^bb0(%arg1: memref<?x?xf32>):
    test.region_if_yield %arg1 : memref<?x?xf32>
  } else {
  ^bb0(%arg1: memref<?x?xf32>):
    test.region_if_yield %arg1 : memref<?x?xf32>
  } join {
  ^bb0(%arg1: memref<?x?xf32>):
    test.region_if_yield %arg1 : memref<?x?xf32>
  }
  "test.read_buffer"(%a) : (memref<2xf32>) -> ()
  "test.memref_user"(%a) : (memref<2xf32>) -> ()
  %f = "test.forward_buffer"(%a) : (memref<2xf32>) -> (memref<2xf32>)
  %3 = "test.make_condition"() : () -> i1
  %0 = "test.side_effect_op"() {effects = [{effect="read"}]} : () -> i1
  %5 = "test.one_region_with_recursive_memory_effects"() ({
    "test.return"() : () -> ()
  }) : () -> (i1)
  return
}

// CHECK: module {
// CHECK-NEXT: func.func @t(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>, %arg3: memref<?x?xf32>) {
// CHECK-NEXT: %0:2 = test.region_if %arg3: memref<?x?xf32> -> (memref<?x?xf32>, memref<?x?xf32>) then {
// CHECK-NEXT: ^bb0(%arg4: memref<?x?xf32>):
// CHECK-NEXT: test.region_if_yield %arg4, %arg4 : memref<?x?xf32>, memref<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: ^bb0(%arg4: memref<?x?xf32>):
// CHECK-NEXT: test.region_if_yield %arg4, %arg4 : memref<?x?xf32>, memref<?x?xf32>
// CHECK-NEXT: } join {
// CHECK-NEXT: ^bb0(%arg4: memref<?x?xf32>, %arg5: memref<?x?xf32>):
// CHECK-NEXT: test.region_if_yield %arg4, %arg4 : memref<?x?xf32>, memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: test.region_buffer_based in(%arg1 : memref<2xf32>) out(%arg2 : memref<2xf32>) {
// CHECK-NEXT: ^bb0(%arg4: f32, %arg5: f32):
// CHECK-NEXT: test.region_yield %arg4 : f32
// CHECK-NEXT: } {foo = 1 : i64}
// CHECK-NEXT: test.buffer_based in(%arg1 : memref<2xf32>) out(%arg2 : memref<2xf32>) {foo = 1 : i64}
// CHECK-NEXT: test.copy(%arg1, %arg2) : (memref<2xf32>, memref<2xf32>) {foo}
// CHECK-NEXT: %1 = test.region_if %arg3: memref<?x?xf32> -> memref<?x?xf32> then {
// CHECK-NEXT: ^bb0(%arg4: memref<?x?xf32>):
// CHECK-NEXT: test.region_if_yield %arg4 : memref<?x?xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: ^bb0(%arg4: memref<?x?xf32>):
// CHECK-NEXT: test.region_if_yield %arg4 : memref<?x?xf32>
// CHECK-NEXT: } join {
// CHECK-NEXT: ^bb0(%arg4: memref<?x?xf32>):
// CHECK-NEXT: test.region_if_yield %arg4 : memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: "test.read_buffer"(%arg1) : (memref<2xf32>) -> ()
// CHECK-NEXT: "test.memref_user"(%arg1) : (memref<2xf32>) -> ()
// CHECK-NEXT: %2 = "test.forward_buffer"(%arg1) : (memref<2xf32>) -> memref<2xf32>
// CHECK-NEXT: %3 = "test.make_condition"() : () -> i1
// CHECK-NEXT: %4 = "test.side_effect_op"() {effects = [{effect = "read"}]} : () -> i1
// CHECK-NEXT: %5 = "test.one_region_with_recursive_memory_effects"() ({
// CHECK-NEXT: "test.return"() : () -> ()
// CHECK-NEXT: }) : () -> i1
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
