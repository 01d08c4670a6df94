// RUN: not ir-run --check %s 2>&1 | FileCheck %s
// Why dd-own gives private functions no i1 ownership ARGUMENTS under
// --private-function-dynamic-ownership: this is what that design (in some
// stored upstream test versions: the callee frees an argument under the
// ownership it is handed, the caller keeps freeing what it owns) makes of
// a callee that only reads its argument. The caller hands over ownership
// true and frees the buffer afterwards as well: a double free.

func.func private @reads(%m: memref<2xf32>, %own: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<2xf32>
  %base, %off, %sz, %st = memref.extract_strided_metadata %m : memref<2xf32> -> memref<f32>, index, index, index
  bufferization.dealloc (%base : memref<f32>) if (%own)
  return %v : f32
}
func.func @caller(%x: f32) -> f32 {
  %true = arith.constant true
  %a = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  memref.store %x, %a[%c0] : memref<2xf32>
  %v = call @reads(%a, %true) : (memref<2xf32>, i1) -> f32
  bufferization.dealloc (%a : memref<2xf32>) if (%true)
  return %v : f32
}
// CHECK: private-args-abi.mlir:22:3: error: double-free: bufferization.dealloc frees a buffer that is already freed; buffer allocated at {{.*}}private-args-abi.mlir:18:8 by memref.alloc, freed at {{.*}}private-args-abi.mlir:13:3
// CHECK: @caller: 1 error
