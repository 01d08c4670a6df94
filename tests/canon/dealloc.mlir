// RUN: ir-canon -S %s | FileCheck %s
// RUN: mlir-opt -canonicalize %s | FileCheck %s
// REQUIRES: mlir-opt
// The second RUN line checks the expectations against MLIR's own pass.

// A memref listed twice is freed once, under either condition; a retained
// memref listed twice gets one result.
// CHECK-LABEL: func @duplicates
//  CHECK-SAME: (%[[M:.*]]: memref<4xf32>, %[[N:.*]]: memref<4xf32>, %[[P:.*]]: i1, %[[Q:.*]]: i1)
//  CHECK-NEXT:   %[[OR:.*]] = arith.ori %[[P]], %[[Q]] : i1
//  CHECK-NEXT:   %[[R:.*]] = bufferization.dealloc (%[[M]] : memref<4xf32>) if (%[[OR]]) retain (%[[N]] : memref<4xf32>)
//  CHECK-NEXT:   return %[[R]], %[[R]]
func.func @duplicates(%m: memref<4xf32>, %n: memref<4xf32>, %p: i1, %q: i1) -> (i1, i1) {
  %r:2 = bufferization.dealloc (%m, %m : memref<4xf32>, memref<4xf32>) if (%p, %q) retain (%n, %n : memref<4xf32>, memref<4xf32>)
  return %r#0, %r#1 : i1, i1
}

// A false condition drops its memref; nothing left to free: the dealloc
// goes and its results are false.
// CHECK-LABEL: func @always_false
//  CHECK-NEXT:   %[[F:.*]] = arith.constant false
//  CHECK-NEXT:   return %[[F]]
func.func @always_false(%m: memref<4xf32>, %n: memref<4xf32>) -> i1 {
  %false = arith.constant false
  %r = bufferization.dealloc (%m : memref<4xf32>) if (%false) retain (%n : memref<4xf32>)
  return %r : i1
}

// The base buffer of an allocation is the allocation itself; an
// allocation only the dealloc uses is dropped with its dealloc entry.
// CHECK-LABEL: func @metadata_and_pairs
//  CHECK-SAME: (%[[C:.*]]: i1, %[[X:.*]]: memref<8xi8>)
//  CHECK-NEXT:   %[[A:.*]] = memref.alloc() : memref<2xf32>
//  CHECK-NEXT:   "test.read_buffer"(%[[A]])
//  CHECK-NEXT:   bufferization.dealloc (%[[A]], %[[X]] : memref<2xf32>, memref<8xi8>) if (%[[C]], %[[C]])
//  CHECK-NEXT:   return
func.func @metadata_and_pairs(%c: i1, %x: memref<8xi8>) {
  %a = memref.alloc() : memref<2xf32>
  "test.read_buffer"(%a) : (memref<2xf32>) -> ()
  %base, %off, %size, %stride = memref.extract_strided_metadata %a : memref<2xf32> -> memref<f32>, index, index, index
  %unused = memref.alloc() : memref<3xf32>
  bufferization.dealloc (%base, %unused, %x : memref<f32>, memref<3xf32>, memref<8xi8>) if (%c, %c, %c)
  return
}

// A clone whose source is freed right after in the same block: the clone
// is the source (a cast where the types differ), the free goes.
// CHECK-LABEL: func @clone_then_free
//  CHECK-NEXT:   %[[C:.*]] = memref.cast %arg0 : memref<?xf32> to memref<8xf32>
//  CHECK-NEXT:   return %[[C]]
func.func @clone_then_free(%m: memref<?xf32>) -> memref<8xf32> {
  %0 = bufferization.clone %m : memref<?xf32> to memref<8xf32>
  memref.dealloc %m : memref<?xf32>
  return %0 : memref<8xf32>
}
