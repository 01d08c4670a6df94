// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | ir-asm | ir-dis | FileCheck %s
// Custom syntax of the func ops: visibility, argument and result attributes,
// declarations, calls.
// (CHECK lines are mlir-opt-22's output for this file.)
func.func @f(%a: i32 {test.x = 1}, %b: index) -> (i32 {test.r}) attributes {test.foo} {
  %0 = func.call @g(%a) : (i32) -> i32
  %1 = call @g(%0) {test.c} : (i32) -> i32
  func.call @none() : () -> ()
  %2:2 = call @two() : () -> (i32, f32)
  func.return %1 : i32
}
func.func private @g(i32) -> i32
func.func private @none()
func.func private @two() -> (i32, f32)
func.func private @decl_attrs(i32 {test.a}, f32) -> (i32 {test.b}, f32)
func.func private @fn_result() -> ((i32) -> i32)
func.func private @one_res_attr() -> (i32 {test.b})
func.func private @empty_res() -> ()
func.func nested @h(%arg0 : i32) -> i32 {
  %0 = call @g(%arg0) : (i32) -> i32
  return %0 : i32
}
func.func public @pub() attributes {no_inline, test.z = "q"} {
  return
}
func.func @multi(%x: memref<2xf32>, %y: tensor<?xf32>) -> (memref<2xf32>, tensor<?xf32>) {
  cf.br ^bb1
^bb1:
  return %x, %y : memref<2xf32>, tensor<?xf32>
}
func.func @"quoted name"() {
  return
}

// CHECK: module {
// CHECK-NEXT:   func.func @f(%arg0: i32 {test.x = 1 : i64}, %arg1: index) -> (i32 {test.r}) attributes {test.foo} {
// CHECK-NEXT:     %0 = call @g(%arg0) : (i32) -> i32
// CHECK-NEXT:     %1 = call @g(%0) {test.c} : (i32) -> i32
// CHECK-NEXT:     call @none() : () -> ()
// CHECK-NEXT:     %2:2 = call @two() : () -> (i32, f32)
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @g(i32) -> i32
// CHECK-NEXT:   func.func private @none()
// CHECK-NEXT:   func.func private @two() -> (i32, f32)
// CHECK-NEXT:   func.func private @decl_attrs(i32 {test.a}, f32) -> (i32 {test.b}, f32)
// CHECK-NEXT:   func.func private @fn_result() -> ((i32) -> i32)
// CHECK-NEXT:   func.func private @one_res_attr() -> (i32 {test.b})
// CHECK-NEXT:   func.func private @empty_res()
// CHECK-NEXT:   func.func nested @h(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = call @g(%arg0) : (i32) -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func public @pub() attributes {no_inline, test.z = "q"} {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @multi(%arg0: memref<2xf32>, %arg1: tensor<?xf32>) -> (memref<2xf32>, tensor<?xf32>) {
// CHECK-NEXT:     cf.br ^bb1
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     return %arg0, %arg1 : memref<2xf32>, tensor<?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @"quoted name"() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
