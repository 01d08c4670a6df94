// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | FileCheck %s --check-prefix=GENERIC
// bufferization.to_memref, the old name of to_buffer: MLIR 22 no longer has
// it but the upstream tests still use it; same syntax as to_buffer.
func.func @old(%t: tensor<?x?x?xf16>) -> memref<?x?x?xf16> {
  %0 = bufferization.to_memref %t : tensor<?x?x?xf16> to memref<?x?x?xf16>
  %1 = bufferization.to_memref %t read_only : tensor<?x?x?xf16> to memref<?x?x?xf16>
  return %1 : memref<?x?x?xf16>
}

// CHECK: func.func @old(%arg0: tensor<?x?x?xf16>) -> memref<?x?x?xf16> {
// CHECK-NEXT:   %0 = bufferization.to_memref %arg0 : tensor<?x?x?xf16> to memref<?x?x?xf16>
// CHECK-NEXT:   %1 = bufferization.to_memref %arg0 read_only : tensor<?x?x?xf16> to memref<?x?x?xf16>
// CHECK-NEXT:   return %1 : memref<?x?x?xf16>

// GENERIC: %0 = "bufferization.to_memref"(%arg0) : (tensor<?x?x?xf16>) -> memref<?x?x?xf16>
// GENERIC-NEXT: %1 = "bufferization.to_memref"(%arg0) <{read_only}> : (tensor<?x?x?xf16>) -> memref<?x?x?xf16>
