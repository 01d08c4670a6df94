// RUN: ir-asm --split-input-file %s | dd-lower --only | ir-dis | FileCheck %s
// RUN: dd-lower --only -S --split-input-file %s | FileCheck %s
// The lowerings of bufferization.dealloc (dd-lower --only, MLIR's
// -bufferization-lower-deallocations), op for op: the CHECK lines are
// mlir-opt-22's output for each case.

// No memref to free: every ownership result is the constant false.
func.func @nothing_to_free(%keep: memref<4xi8>) -> i1 {
  %own = bufferization.dealloc retain (%keep : memref<4xi8>)
  return %own : i1
}
// CHECK-LABEL: func.func @nothing_to_free(%arg0: memref<4xi8>) -> i1 {
// CHECK-NEXT:   %false = arith.constant false
// CHECK-NEXT:   return %false : i1
// CHECK-NEXT: }

// -----

// An empty dealloc leaves only the (dead) constant, as mlir-opt does.
func.func @empty_dealloc() {
  bufferization.dealloc
  return
}
// CHECK-LABEL: func.func @empty_dealloc() {
// CHECK-NEXT:   %false = arith.constant false
// CHECK-NEXT:   return
// CHECK-NEXT: }

// -----

// One memref, nothing retained: a guarded memref.dealloc.
func.func @one_buffer(%buf: memref<?xf64>, %owned: i1) {
  bufferization.dealloc (%buf : memref<?xf64>) if (%owned)
  return
}
// CHECK-LABEL: func.func @one_buffer(%arg0: memref<?xf64>, %arg1: i1) {
// CHECK-NEXT:   scf.if %arg1 {
// CHECK-NEXT:     memref.dealloc %arg0 : memref<?xf64>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }

// -----

// One memref, three retained (ranked, unranked, strided): base pointers are
// compared in line; a retained value owns the buffer where it aliases it.
func.func @one_buffer_three_kept(%buf: memref<8xi32>, %owned: i1, %a: memref<8xi32>, %b: memref<*xi32>, %c: memref<2x2xi32, strided<[4, 1]>>) -> (i1, i1, i1) {
  %r:3 = bufferization.dealloc (%buf : memref<8xi32>) if (%owned) retain (%a, %b, %c : memref<8xi32>, memref<*xi32>, memref<2x2xi32, strided<[4, 1]>>)
  return %r#0, %r#1, %r#2 : i1, i1, i1
}
// CHECK-LABEL: func.func @one_buffer_three_kept(%arg0: memref<8xi32>, %arg1: i1, %arg2: memref<8xi32>, %arg3: memref<*xi32>, %arg4: memref<2x2xi32, strided<[4, 1]>>) -> (i1, i1, i1) {
// CHECK-NEXT:   %intptr = memref.extract_aligned_pointer_as_index %arg0 : memref<8xi32> -> index
// CHECK-NEXT:   %intptr_0 = memref.extract_aligned_pointer_as_index %arg2 : memref<8xi32> -> index
// CHECK-NEXT:   %0 = arith.cmpi ne, %intptr, %intptr_0 : index
// CHECK-NEXT:   %intptr_1 = memref.extract_aligned_pointer_as_index %arg3 : memref<*xi32> -> index
// CHECK-NEXT:   %1 = arith.cmpi ne, %intptr, %intptr_1 : index
// CHECK-NEXT:   %intptr_2 = memref.extract_aligned_pointer_as_index %arg4 : memref<2x2xi32, strided<[4, 1]>> -> index
// CHECK-NEXT:   %2 = arith.cmpi ne, %intptr, %intptr_2 : index
// CHECK-NEXT:   %3 = arith.andi %0, %1 : i1
// CHECK-NEXT:   %4 = arith.andi %3, %2 : i1
// CHECK-NEXT:   %5 = arith.andi %4, %arg1 : i1
// CHECK-NEXT:   scf.if %5 {
// CHECK-NEXT:     memref.dealloc %arg0 : memref<8xi32>
// CHECK-NEXT:   }
// CHECK-NEXT:   %true = arith.constant true
// CHECK-NEXT:   %6 = arith.xori %0, %true : i1
// CHECK-NEXT:   %7 = arith.andi %6, %arg1 : i1
// CHECK-NEXT:   %8 = arith.xori %1, %true : i1
// CHECK-NEXT:   %9 = arith.andi %8, %arg1 : i1
// CHECK-NEXT:   %10 = arith.xori %2, %true : i1
// CHECK-NEXT:   %11 = arith.andi %10, %arg1 : i1
// CHECK-NEXT:   return %7, %9, %11 : i1, i1, i1
// CHECK-NEXT: }

// -----

// Several memrefs: the generic lowering through the library function,
// which is appended to the module once, private.
func.func @three_buffers_none_kept(%x: memref<3xf32>, %y: memref<3xf32>, %z: memref<1xf16>, %p: i1, %q: i1) {
  %true = arith.constant true
  bufferization.dealloc (%x, %y, %z : memref<3xf32>, memref<3xf32>, memref<1xf16>) if (%p, %q, %true)
  return
}
// CHECK-LABEL: func.func @three_buffers_none_kept(%arg0: memref<3xf32>, %arg1: memref<3xf32>, %arg2: memref<1xf16>, %arg3: i1, %arg4: i1) {
// CHECK-NEXT:   %true = arith.constant true
// CHECK-NEXT:   %alloc = memref.alloc() : memref<3xindex>
// CHECK-NEXT:   %alloc_0 = memref.alloc() : memref<3xi1>
// CHECK-NEXT:   %alloc_1 = memref.alloc() : memref<0xindex>
// CHECK-NEXT:   %intptr = memref.extract_aligned_pointer_as_index %arg0 : memref<3xf32> -> index
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   memref.store %intptr, %alloc[%c0] : memref<3xindex>
// CHECK-NEXT:   %intptr_2 = memref.extract_aligned_pointer_as_index %arg1 : memref<3xf32> -> index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   memref.store %intptr_2, %alloc[%c1] : memref<3xindex>
// CHECK-NEXT:   %intptr_3 = memref.extract_aligned_pointer_as_index %arg2 : memref<1xf16> -> index
// CHECK-NEXT:   %c2 = arith.constant 2 : index
// CHECK-NEXT:   memref.store %intptr_3, %alloc[%c2] : memref<3xindex>
// CHECK-NEXT:   %c0_4 = arith.constant 0 : index
// CHECK-NEXT:   memref.store %arg3, %alloc_0[%c0_4] : memref<3xi1>
// CHECK-NEXT:   %c1_5 = arith.constant 1 : index
// CHECK-NEXT:   memref.store %arg4, %alloc_0[%c1_5] : memref<3xi1>
// CHECK-NEXT:   %c2_6 = arith.constant 2 : index
// CHECK-NEXT:   memref.store %true, %alloc_0[%c2_6] : memref<3xi1>
// CHECK-NEXT:   %cast = memref.cast %alloc : memref<3xindex> to memref<?xindex>
// CHECK-NEXT:   %cast_7 = memref.cast %alloc_0 : memref<3xi1> to memref<?xi1>
// CHECK-NEXT:   %cast_8 = memref.cast %alloc_1 : memref<0xindex> to memref<?xindex>
// CHECK-NEXT:   %alloc_9 = memref.alloc() : memref<3xi1>
// CHECK-NEXT:   %alloc_10 = memref.alloc() : memref<0xi1>
// CHECK-NEXT:   %cast_11 = memref.cast %alloc_9 : memref<3xi1> to memref<?xi1>
// CHECK-NEXT:   %cast_12 = memref.cast %alloc_10 : memref<0xi1> to memref<?xi1>
// CHECK-NEXT:   call @dealloc_helper(%cast, %cast_8, %cast_7, %cast_11, %cast_12) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
// CHECK-NEXT:   %c0_13 = arith.constant 0 : index
// CHECK-NEXT:   %0 = memref.load %alloc_9[%c0_13] : memref<3xi1>
// CHECK-NEXT:   scf.if %0 {
// CHECK-NEXT:     memref.dealloc %arg0 : memref<3xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   %c1_14 = arith.constant 1 : index
// CHECK-NEXT:   %1 = memref.load %alloc_9[%c1_14] : memref<3xi1>
// CHECK-NEXT:   scf.if %1 {
// CHECK-NEXT:     memref.dealloc %arg1 : memref<3xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   %c2_15 = arith.constant 2 : index
// CHECK-NEXT:   %2 = memref.load %alloc_9[%c2_15] : memref<3xi1>
// CHECK-NEXT:   scf.if %2 {
// CHECK-NEXT:     memref.dealloc %arg2 : memref<1xf16>
// CHECK-NEXT:   }
// CHECK-NEXT:   memref.dealloc %alloc : memref<3xindex>
// CHECK-NEXT:   memref.dealloc %alloc_1 : memref<0xindex>
// CHECK-NEXT:   memref.dealloc %alloc_0 : memref<3xi1>
// CHECK-NEXT:   memref.dealloc %alloc_9 : memref<3xi1>
// CHECK-NEXT:   memref.dealloc %alloc_10 : memref<0xi1>
// CHECK-NEXT:   return
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @dealloc_helper(%arg0: memref<?xindex>, %arg1: memref<?xindex>, %arg2: memref<?xi1>, %arg3: memref<?xi1>, %arg4: memref<?xi1>) {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %true = arith.constant true
// CHECK-NEXT:   %false = arith.constant false
// CHECK-NEXT:   %dim = memref.dim %arg0, %c0 : memref<?xindex>
// CHECK-NEXT:   %dim_0 = memref.dim %arg1, %c0 : memref<?xindex>
// CHECK-NEXT:   scf.for %arg5 = %c0 to %dim_0 step %c1 {
// CHECK-NEXT:     memref.store %false, %arg4[%arg5] : memref<?xi1>
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.for %arg5 = %c0 to %dim step %c1 {
// CHECK-NEXT:     %0 = memref.load %arg0[%arg5] : memref<?xindex>
// CHECK-NEXT:     %1 = memref.load %arg2[%arg5] : memref<?xi1>
// CHECK-NEXT:     %2 = scf.for %arg6 = %c0 to %dim_0 step %c1 iter_args(%arg7 = %true) -> (i1) {
// CHECK-NEXT:       %5 = memref.load %arg1[%arg6] : memref<?xindex>
// CHECK-NEXT:       %6 = arith.cmpi eq, %5, %0 : index
// CHECK-NEXT:       scf.if %6 {
// CHECK-NEXT:         %9 = memref.load %arg4[%arg6] : memref<?xi1>
// CHECK-NEXT:         %10 = arith.ori %9, %1 : i1
// CHECK-NEXT:         memref.store %10, %arg4[%arg6] : memref<?xi1>
// CHECK-NEXT:       }
// CHECK-NEXT:       %7 = arith.cmpi ne, %5, %0 : index
// CHECK-NEXT:       %8 = arith.andi %arg7, %7 : i1
// CHECK-NEXT:       scf.yield %8 : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     %3 = scf.for %arg6 = %c0 to %arg5 step %c1 iter_args(%arg7 = %2) -> (i1) {
// CHECK-NEXT:       %5 = memref.load %arg0[%arg6] : memref<?xindex>
// CHECK-NEXT:       %6 = arith.cmpi ne, %5, %0 : index
// CHECK-NEXT:       %7 = arith.andi %arg7, %6 : i1
// CHECK-NEXT:       scf.yield %7 : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     %4 = arith.andi %3, %1 : i1
// CHECK-NEXT:     memref.store %4, %arg3[%arg5] : memref<?xi1>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
