// RUN: ir-asm --split-input-file %s | dd-lower --only --per-function | ir-dis | FileCheck %s
// RUN: ir-asm --split-input-file %s | dd-lower --only --per-function | ir-dis | mlir-opt-22 --split-input-file | FileCheck %s
// REQUIRES: mlir-opt
// --per-function (MLIR's func.func-nested variant) converts the functions
// directly in the top module; the deallocs that need no library function
// lower as in the module pass, and functions of nested modules are left as
// they are. (The CHECK lines are mlir-opt-22's output with
// --pass-pipeline="builtin.module(func.func(bufferization-lower-deallocations))".)

func.func @top(%a: memref<2xf32>, %p: i1, %k: memref<2xf32>) -> i1 {
  bufferization.dealloc (%a : memref<2xf32>) if (%p)
  %o = bufferization.dealloc (%a : memref<2xf32>) if (%p) retain (%k : memref<2xf32>)
  return %o : i1
}
module @inner {
  func.func @kept(%a: memref<2xf32>, %p: i1) {
    bufferization.dealloc (%a : memref<2xf32>) if (%p)
    return
  }
}

// CHECK-LABEL: func.func @top(%arg0: memref<2xf32>, %arg1: i1, %arg2: memref<2xf32>) -> i1 {
// CHECK-NEXT:    scf.if %arg1 {
// CHECK-NEXT:      memref.dealloc %arg0 : memref<2xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %intptr = memref.extract_aligned_pointer_as_index %arg0 : memref<2xf32> -> index
// CHECK-NEXT:    %intptr_0 = memref.extract_aligned_pointer_as_index %arg2 : memref<2xf32> -> index
// CHECK-NEXT:    %0 = arith.cmpi ne, %intptr, %intptr_0 : index
// CHECK-NEXT:    %1 = arith.andi %0, %arg1 : i1
// CHECK-NEXT:    scf.if %1 {
// CHECK-NEXT:      memref.dealloc %arg0 : memref<2xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %2 = arith.xori %0, %true : i1
// CHECK-NEXT:    %3 = arith.andi %2, %arg1 : i1
// CHECK-NEXT:    return %3 : i1
// CHECK-NEXT:  }
// CHECK-NEXT:  module @inner {
// CHECK-NEXT:    func.func @kept(%arg0: memref<2xf32>, %arg1: i1) {
// CHECK-NEXT:      bufferization.dealloc (%arg0 : memref<2xf32>) if (%arg1)
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT: }
