// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | ir-asm | ir-dis | FileCheck %s
// Custom syntax of builtin.module and builtin.unrealized_conversion_cast.
// (CHECK lines are mlir-opt-22's output for this file.)
%0 = builtin.unrealized_conversion_cast to i32
%1:2 = builtin.unrealized_conversion_cast %0, %0 : i32, i32 to i64, i8 {test.attr}
module {}
module @m {
}
module @n attributes {test.foo, test.bar = 3 : i32} {
  %2 = unrealized_conversion_cast to index
  %4 = builtin.unrealized_conversion_cast %2 : index to i32
  func.func @f(%a: i32) -> index {
    %3 = builtin.unrealized_conversion_cast %a : i32 to index
    return %3 : index
  }
}

// CHECK: module {
// CHECK-NEXT:   %0 = unrealized_conversion_cast to i32
// CHECK-NEXT:   %1:2 = unrealized_conversion_cast %0, %0 : i32, i32 to i64, i8 {test.attr}
// CHECK-NEXT:   module {
// CHECK-NEXT:   }
// CHECK-NEXT:   module @m {
// CHECK-NEXT:   }
// CHECK-NEXT:   module @n attributes {test.bar = 3 : i32, test.foo} {
// CHECK-NEXT:     %2 = unrealized_conversion_cast to index
// CHECK-NEXT:     %3 = unrealized_conversion_cast %2 : index to i32
// CHECK-NEXT:     func.func @f(%arg0: i32) -> index {
// CHECK-NEXT:       %4 = builtin.unrealized_conversion_cast %arg0 : i32 to index
// CHECK-NEXT:       return %4 : index
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
