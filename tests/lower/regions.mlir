// RUN: ir-asm %s | dd-lower --only | ir-dis | FileCheck %s
// RUN: ir-asm %s | dd-lower --only | ir-dis --debuginfo | FileCheck %s --check-prefix=LOC
// Deallocs inside nested regions (scf.for, both branches of scf.if) lower
// in place; results of a dealloc used in a block that comes earlier in the
// text than the dealloc (but is dominated by it) are rewired there. Every
// op of a lowering has the location of its dealloc; the library function
// has the module's. (CHECK lines: mlir-opt-22's output.)

func.func @nested(%n: index, %a: memref<4xf32>, %b: memref<4xf32>, %p: i1) -> i1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%own = %p) -> (i1) {
    %x = memref.alloc() : memref<4xf32>
    %k = scf.if %own -> (i1) {
      %o = bufferization.dealloc (%x : memref<4xf32>) if (%own) retain (%a : memref<4xf32>)
      scf.yield %o : i1
    } else {
      bufferization.dealloc (%x : memref<4xf32>) if (%own)
      scf.yield %own : i1
    }
    scf.yield %k : i1
  }
  return %r : i1
}
func.func @blocks(%a: memref<4xf32>, %b: memref<4xf32>, %p: i1) -> i1 {
  cf.br ^bb2
^bb1(%v: i1):
  %w = arith.xori %v, %o#1 : i1
  return %w : i1
^bb2:
  %o:2 = bufferization.dealloc (%a, %b : memref<4xf32>, memref<4xf32>) if (%p, %p) retain (%a, %b : memref<4xf32>, memref<4xf32>)
  cf.cond_br %p, ^bb1(%o#0 : i1), ^bb1(%p : i1)
}

// CHECK-LABEL: func.func @nested(%arg0: index, %arg1: memref<4xf32>, %arg2: memref<4xf32>, %arg3: i1) -> i1 {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %0 = scf.for %arg4 = %c0 to %arg0 step %c1 iter_args(%arg5 = %arg3) -> (i1) {
// CHECK-NEXT:     %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT:     %1 = scf.if %arg5 -> (i1) {
// CHECK-NEXT:       %intptr = memref.extract_aligned_pointer_as_index %alloc : memref<4xf32> -> index
// CHECK-NEXT:       %intptr_0 = memref.extract_aligned_pointer_as_index %arg1 : memref<4xf32> -> index
// CHECK-NEXT:       %2 = arith.cmpi ne, %intptr, %intptr_0 : index
// CHECK-NEXT:       %3 = arith.andi %2, %arg5 : i1
// CHECK-NEXT:       scf.if %3 {
// CHECK-NEXT:         memref.dealloc %alloc : memref<4xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:       %true = arith.constant true
// CHECK-NEXT:       %4 = arith.xori %2, %true : i1
// CHECK-NEXT:       %5 = arith.andi %4, %arg5 : i1
// CHECK-NEXT:       scf.yield %5 : i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.if %arg5 {
// CHECK-NEXT:         memref.dealloc %alloc : memref<4xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %arg5 : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.yield %1 : i1
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : i1
// CHECK-NEXT: }
// CHECK-LABEL: func.func @blocks(%arg0: memref<4xf32>, %arg1: memref<4xf32>, %arg2: i1) -> i1 {
// CHECK-NEXT:   cf.br ^bb2
// CHECK-NEXT: ^bb1(%0: i1):  // 2 preds: ^bb2, ^bb2
// CHECK-NEXT:   %1 = arith.xori %0, %5 : i1
// CHECK-NEXT:   return %1 : i1
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   %alloc = memref.alloc() : memref<2xindex>
// CHECK-NEXT:   %alloc_0 = memref.alloc() : memref<2xi1>
// CHECK-NEXT:   %alloc_1 = memref.alloc() : memref<2xindex>
// CHECK-NEXT:   %intptr = memref.extract_aligned_pointer_as_index %arg0 : memref<4xf32> -> index
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   memref.store %intptr, %alloc[%c0] : memref<2xindex>
// CHECK-NEXT:   %intptr_2 = memref.extract_aligned_pointer_as_index %arg1 : memref<4xf32> -> index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   memref.store %intptr_2, %alloc[%c1] : memref<2xindex>
// CHECK-NEXT:   %c0_3 = arith.constant 0 : index
// CHECK-NEXT:   memref.store %arg2, %alloc_0[%c0_3] : memref<2xi1>
// CHECK-NEXT:   %c1_4 = arith.constant 1 : index
// CHECK-NEXT:   memref.store %arg2, %alloc_0[%c1_4] : memref<2xi1>
// CHECK-NEXT:   %intptr_5 = memref.extract_aligned_pointer_as_index %arg0 : memref<4xf32> -> index
// CHECK-NEXT:   %c0_6 = arith.constant 0 : index
// CHECK-NEXT:   memref.store %intptr_5, %alloc_1[%c0_6] : memref<2xindex>
// CHECK-NEXT:   %intptr_7 = memref.extract_aligned_pointer_as_index %arg1 : memref<4xf32> -> index
// CHECK-NEXT:   %c1_8 = arith.constant 1 : index
// CHECK-NEXT:   memref.store %intptr_7, %alloc_1[%c1_8] : memref<2xindex>
// CHECK-NEXT:   %cast = memref.cast %alloc : memref<2xindex> to memref<?xindex>
// CHECK-NEXT:   %cast_9 = memref.cast %alloc_0 : memref<2xi1> to memref<?xi1>
// CHECK-NEXT:   %cast_10 = memref.cast %alloc_1 : memref<2xindex> to memref<?xindex>
// CHECK-NEXT:   %alloc_11 = memref.alloc() : memref<2xi1>
// CHECK-NEXT:   %alloc_12 = memref.alloc() : memref<2xi1>
// CHECK-NEXT:   %cast_13 = memref.cast %alloc_11 : memref<2xi1> to memref<?xi1>
// CHECK-NEXT:   %cast_14 = memref.cast %alloc_12 : memref<2xi1> to memref<?xi1>
// CHECK-NEXT:   call @dealloc_helper(%cast, %cast_10, %cast_9, %cast_13, %cast_14) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
// CHECK-NEXT:   %c0_15 = arith.constant 0 : index
// CHECK-NEXT:   %2 = memref.load %alloc_11[%c0_15] : memref<2xi1>
// CHECK-NEXT:   scf.if %2 {
// CHECK-NEXT:     memref.dealloc %arg0 : memref<4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   %c1_16 = arith.constant 1 : index
// CHECK-NEXT:   %3 = memref.load %alloc_11[%c1_16] : memref<2xi1>
// CHECK-NEXT:   scf.if %3 {
// CHECK-NEXT:     memref.dealloc %arg1 : memref<4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   %c0_17 = arith.constant 0 : index
// CHECK-NEXT:   %4 = memref.load %alloc_12[%c0_17] : memref<2xi1>
// CHECK-NEXT:   %c1_18 = arith.constant 1 : index
// CHECK-NEXT:   %5 = memref.load %alloc_12[%c1_18] : memref<2xi1>
// CHECK-NEXT:   memref.dealloc %alloc : memref<2xindex>
// CHECK-NEXT:   memref.dealloc %alloc_1 : memref<2xindex>
// CHECK-NEXT:   memref.dealloc %alloc_0 : memref<2xi1>
// CHECK-NEXT:   memref.dealloc %alloc_11 : memref<2xi1>
// CHECK-NEXT:   memref.dealloc %alloc_12 : memref<2xi1>
// CHECK-NEXT:   cf.cond_br %arg2, ^bb1(%4 : i1), ^bb1(%arg2 : i1)
// CHECK-NEXT: }
// CHECK:       func.func private @dealloc_helper(%arg0: memref<?xindex>, %arg1: memref<?xindex>, %arg2: memref<?xi1>, %arg3: memref<?xi1>, %arg4: memref<?xi1>) {

// LOC: #[[MOD:loc[0-9]*]] = loc("{{.*}}regions.mlir":0:0)
// LOC: %intptr = memref.extract_aligned_pointer_as_index %alloc : memref<4xf32> -> index loc(#[[D1:loc[0-9]+]])
// LOC: memref.dealloc %alloc : memref<4xf32> loc(#[[D1]])
// LOC: %true = arith.constant true loc(#[[D1]])
// LOC: memref.dealloc %alloc : memref<4xf32> loc(#[[D2:loc[0-9]+]])
// LOC: call @dealloc_helper({{.*}}) loc(#[[D3:loc[0-9]+]])
// LOC: func.func private @dealloc_helper(%arg0: memref<?xindex> loc("{{.*}}regions.mlir":0:0),
// LOC: %c0 = arith.constant 0 : index loc(#[[MOD]])
// LOC: return loc(#[[MOD]])
// LOC: } loc(#[[MOD]])
// LOC-DAG: #[[D1]] = loc("{{.*}}regions.mlir":15:12)
// LOC-DAG: #[[D2]] = loc("{{.*}}regions.mlir":18:7)
// LOC-DAG: #[[D3]] = loc("{{.*}}regions.mlir":31:10)
