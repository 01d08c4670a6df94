// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | ir-asm | ir-dis | FileCheck %s
// Custom syntax of the bufferization ops: dealloc (one i1 result per
// retained memref), clone, to_buffer, to_tensor, alloc_tensor.
// (CHECK lines are mlir-opt-22's output for this file.)
func.func @b(%arg0: memref<2xf32>, %c: i1, %i: index, %ten: tensor<2xf32>, %u: memref<*xf32>) {
  %clone = bufferization.clone %arg0 : memref<2xf32> to memref<2xf32>
  %clone2 = bufferization.clone %u {test.c} : memref<*xf32> to memref<*xf32>
  %r:2 = bufferization.dealloc (%arg0, %clone : memref<2xf32>, memref<2xf32>) if (%c, %c) retain (%arg0, %clone : memref<2xf32>, memref<2xf32>)
  bufferization.dealloc (%arg0 : memref<2xf32>) if (%c)
  bufferization.dealloc
  %r1 = bufferization.dealloc retain (%u : memref<*xf32>)
  bufferization.dealloc (%arg0 : memref<2xf32>) if (%c) {test.d}
  %tb = bufferization.to_buffer %ten : tensor<2xf32> to memref<2xf32>
  %tb2 = bufferization.to_buffer %ten read_only : tensor<2xf32> to memref<2xf32>
  %tb3 = bufferization.to_buffer %ten read_only {test.x} : tensor<2xf32> to memref<2xf32, strided<[1], offset: ?>>
  %tt = bufferization.to_tensor %arg0 restrict writable : memref<2xf32> to tensor<2xf32>
  %tt2 = bufferization.to_tensor %arg0 : memref<2xf32> to tensor<2xf32>
  %tt3 = bufferization.to_tensor %arg0 restrict : memref<2xf32> to tensor<2xf32>
  %at = bufferization.alloc_tensor(%i) : tensor<?xf32>
  %at2 = bufferization.alloc_tensor() copy(%ten) : tensor<2xf32>
  %at3 = bufferization.alloc_tensor(%i) size_hint=%i : tensor<?xf32>
  %at4 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<2xf32>
  %at5 = bufferization.alloc_tensor(%i, %i) : tensor<?x3x?xf16>
  return
}

// CHECK: module {
// CHECK-NEXT:   func.func @b(%arg0: memref<2xf32>, %arg1: i1, %arg2: index, %arg3: tensor<2xf32>, %arg4: memref<*xf32>) {
// CHECK-NEXT:     %0 = bufferization.clone %arg0 : memref<2xf32> to memref<2xf32>
// CHECK-NEXT:     %1 = bufferization.clone %arg4 {test.c} : memref<*xf32> to memref<*xf32>
// CHECK-NEXT:     %2:2 = bufferization.dealloc (%arg0, %0 : memref<2xf32>, memref<2xf32>) if (%arg1, %arg1) retain (%arg0, %0 : memref<2xf32>, memref<2xf32>)
// CHECK-NEXT:     bufferization.dealloc (%arg0 : memref<2xf32>) if (%arg1)
// CHECK-NEXT:     bufferization.dealloc
// CHECK-NEXT:     %3 = bufferization.dealloc retain (%arg4 : memref<*xf32>)
// CHECK-NEXT:     bufferization.dealloc (%arg0 : memref<2xf32>) if (%arg1) {test.d}
// CHECK-NEXT:     %4 = bufferization.to_buffer %arg3 : tensor<2xf32> to memref<2xf32>
// CHECK-NEXT:     %5 = bufferization.to_buffer %arg3 read_only : tensor<2xf32> to memref<2xf32>
// CHECK-NEXT:     %6 = bufferization.to_buffer %arg3 read_only {test.x} : tensor<2xf32> to memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT:     %7 = bufferization.to_tensor %arg0 restrict writable : memref<2xf32> to tensor<2xf32>
// CHECK-NEXT:     %8 = bufferization.to_tensor %arg0 : memref<2xf32> to tensor<2xf32>
// CHECK-NEXT:     %9 = bufferization.to_tensor %arg0 restrict : memref<2xf32> to tensor<2xf32>
// CHECK-NEXT:     %10 = bufferization.alloc_tensor(%arg2) : tensor<?xf32>
// CHECK-NEXT:     %11 = bufferization.alloc_tensor() copy(%arg3) : tensor<2xf32>
// CHECK-NEXT:     %12 = bufferization.alloc_tensor(%arg2) size_hint=%arg2 : tensor<?xf32>
// CHECK-NEXT:     %13 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<2xf32>
// CHECK-NEXT:     %14 = bufferization.alloc_tensor(%arg2, %arg2) : tensor<?x3x?xf16>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
