// RUN: ir-run %s --entry store_load --arg 2 | FileCheck %s --check-prefix=SL
// RUN: ir-run %s --entry views | FileCheck %s --check-prefix=VIEWS
// RUN: ir-run %s --entry shapes | FileCheck %s --check-prefix=SHAPES
// RUN: ir-run %s --entry metadata --arg 3 | FileCheck %s --check-prefix=META
// RUN: ir-run %s --entry globals | FileCheck %s --check-prefix=GLOBALS
// RUN: ir-run %s --entry grow --arg 5 | FileCheck %s --check-prefix=GROW
// RUN: ir-run %s --entry bytes | FileCheck %s --check-prefix=BYTES
// RUN: ir-run %s --entry args --arg 'memref<?x3xi32>=2' --arg %arg0 | FileCheck %s --check-prefix=ARGS
// Semantics of the memref ops: values, views (offset, sizes, strides),
// metadata, globals, realloc, byte views; results print with contents.

// SL: result #0: {{\[\[}}0, 0, 0], [0, 0, 7]] : memref<2x3xi32> (buffer #1 from memref.alloc at {{.*}}memref.mlir:[[@LINE+8]]:8; offset 0, sizes [2, 3], strides [3, 1])
// SL-NEXT: result #1: 7 : i32
// SL-NEXT: result #2: [1.5, 1.5, 1.5, 1.5] : memref<4xf32>
// SL-NEXT: result #3: [1.5, 1.5, 1.5, 1.5] : memref<4xf32>
// SL-NEXT: ir-run: @store_load: clean
func.func @store_load(%i: index) -> (memref<2x3xi32>, i32, memref<4xf32>, memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %v = arith.constant 7 : i32
  %m = memref.alloc() : memref<2x3xi32>
  memref.store %v, %m[%c1, %i] : memref<2x3xi32>
  %l = memref.load %m[%c1, %i] : memref<2x3xi32>
  %f = arith.constant 1.5 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
  %b = memref.alloc() : memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  return %m, %l, %a, %b : memref<2x3xi32>, i32, memref<4xf32>, memref<4xf32>
}

// A subview shares the buffer; a rank-reducing one drops the unit dim.
// VIEWS: result #0: {{\[\[}}5, 6], [9, 10]] : memref<2x2xi32, strided<[4, 1], offset: 5>> (buffer #1 {{.*}}; offset 5, sizes [2, 2], strides [4, 1])
// VIEWS-NEXT: result #1: [4, 6] : memref<2xi32, strided<[2], offset: 4>> ({{.*}}; offset 4, sizes [2], strides [2])
// VIEWS-NEXT: result #2: [5, 6] : memref<?xi32, strided<[1], offset: ?>> ({{.*}}; offset 5, sizes [2], strides [1])
// VIEWS-NEXT: result #3: {{\[\[}}0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]] : memref<4x4xi32>
func.func @views() -> (memref<2x2xi32, strided<[4, 1], offset: 5>>,
                       memref<2xi32, strided<[2], offset: 4>>,
                       memref<?xi32, strided<[1], offset: ?>>, memref<4x4xi32>) {
  %m = memref.alloc() : memref<4x4xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %k = arith.muli %i, %c4 : index
      %l = arith.addi %k, %j : index
      %v = arith.index_cast %l : index to i32
      memref.store %v, %m[%i, %j] : memref<4x4xi32>
    }
  }
  %s = memref.subview %m[1, 1][2, 2][1, 1] : memref<4x4xi32> to memref<2x2xi32, strided<[4, 1], offset: 5>>
  %r = memref.subview %m[1, 0][1, 2][1, 2] : memref<4x4xi32> to memref<2xi32, strided<[2], offset: 4>>
  %d = memref.subview %s[0, 0][1, 2][1, 1] : memref<2x2xi32, strided<[4, 1], offset: 5>> to memref<2xi32, strided<[1], offset: 5>>
  %c = memref.cast %d : memref<2xi32, strided<[1], offset: 5>> to memref<?xi32, strided<[1], offset: ?>>
  return %s, %r, %c, %m : memref<2x2xi32, strided<[4, 1], offset: 5>>,
    memref<2xi32, strided<[2], offset: 4>>, memref<?xi32, strided<[1], offset: ?>>, memref<4x4xi32>
}

// SHAPES: result #0: {{\[\[}}[0, 1], [2, 3]], {{\[\[}}4, 5], [6, 7]]] : memref<2x2x2xi32> ({{.*}}; offset 0, sizes [2, 2, 2], strides [4, 2, 1])
// SHAPES-NEXT: result #1: [0, 1, 2, 3, 4, 5, 6, 7] : memref<8xi32> ({{.*}}; offset 0, sizes [8], strides [1])
// SHAPES-NEXT: result #2: {{\[\[}}0, 1, 2, 3], [4, 5, 6, 7]] : memref<2x4xi32> ({{.*}}; offset 0, sizes [2, 4], strides [4, 1])
// SHAPES-NEXT: result #3: [1, 3] : memref<2xi32, strided<[2], offset: 1>> ({{.*}}; offset 1, sizes [2], strides [2])
func.func @shapes() -> (memref<2x2x2xi32>, memref<8xi32>, memref<2x4xi32>,
                        memref<2xi32, strided<[2], offset: 1>>) {
  %m = memref.alloc() : memref<2x4xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %flat = memref.collapse_shape %m [[0, 1]] : memref<2x4xi32> into memref<8xi32>
  scf.for %i = %c0 to %c8 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %flat[%i] : memref<8xi32>
  }
  %e = memref.expand_shape %m [[0], [1, 2]] output_shape [2, 2, 2] : memref<2x4xi32> into memref<2x2x2xi32>
  %r = memref.reinterpret_cast %m to offset: [1], sizes: [2], strides: [2] : memref<2x4xi32> to memref<2xi32, strided<[2], offset: 1>>
  return %e, %flat, %m, %r : memref<2x2x2xi32>, memref<8xi32>, memref<2x4xi32>, memref<2xi32, strided<[2], offset: 1>>
}

// The base of extract_strided_metadata and every view of one buffer have
// the same aligned pointer; another buffer has another one.
// META: result #0: 6 : index
// META-NEXT: result #1: 3 : index
// META-NEXT: result #2: 1 : index
// META-NEXT: result #3: true : i1
// META-NEXT: result #4: false : i1
// META-NEXT: result #5: 2 : index
// META-NEXT: result #6: 3 : index
// META-NEXT: result #7: 2 : index
func.func @metadata(%n: index) -> (index, index, index, i1, i1, index, index, index) {
  %m = memref.alloc(%n) : memref<4x?xf32>
  %s = memref.subview %m[2, 0][2, 2][1, 1] : memref<4x?xf32> to memref<2x2xf32, strided<[?, 1], offset: ?>>
  %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %s : memref<2x2xf32, strided<[?, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
  %p0 = memref.extract_aligned_pointer_as_index %m : memref<4x?xf32> -> index
  %p1 = memref.extract_aligned_pointer_as_index %base : memref<f32> -> index
  %same = arith.cmpi eq, %p0, %p1 : index
  %o = memref.alloc() : memref<f32>
  %p2 = memref.extract_aligned_pointer_as_index %o : memref<f32> -> index
  %other = arith.cmpi eq, %p0, %p2 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %m, %c1 : memref<4x?xf32>
  %r = memref.rank %m : memref<4x?xf32>
  memref.dealloc %m : memref<4x?xf32>
  memref.dealloc %o : memref<f32>
  return %off, %strides#0, %strides#1, %same, %other, %sizes#0, %d, %r
    : index, index, index, i1, i1, index, index, index
}

// Each get_global of a global is the same buffer, with its initial value.
// (Results are clones: returning a global breaks the ABI, see errors.mlir.)
// GLOBALS: result #0: [1.0, 2.0, 3.0, 4.0] : memref<4xf32> (buffer #4 from bufferization.clone
// GLOBALS-NEXT: result #1: {{\[\[}}7, 7], [7, 9]] : memref<2x2xi32> (buffer #5 from bufferization.clone
// GLOBALS-NEXT: result #2: [0, 0] : memref<2xi64> (buffer #6 from bufferization.clone
// GLOBALS-NEXT: result #3: true : i1
memref.global "private" constant @c : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
memref.global "private" @s : memref<2x2xi32> = dense<7>
memref.global "private" @u : memref<2xi64> = uninitialized
func.func private @touch() -> memref<2x2xi32> {
  %g = memref.get_global @s : memref<2x2xi32>
  %c1 = arith.constant 1 : index
  %v = arith.constant 9 : i32
  memref.store %v, %g[%c1, %c1] : memref<2x2xi32>
  return %g : memref<2x2xi32>
}
func.func @globals() -> (memref<4xf32>, memref<2x2xi32>, memref<2xi64>, i1) {
  %a = memref.get_global @c : memref<4xf32>
  %t = func.call @touch() : () -> memref<2x2xi32>
  %b = memref.get_global @s : memref<2x2xi32>
  %u = memref.get_global @u : memref<2xi64>
  %pa = memref.extract_aligned_pointer_as_index %t : memref<2x2xi32> -> index
  %pb = memref.extract_aligned_pointer_as_index %b : memref<2x2xi32> -> index
  %same = arith.cmpi eq, %pa, %pb : index
  %ac = bufferization.clone %a : memref<4xf32> to memref<4xf32>
  %bc = bufferization.clone %b : memref<2x2xi32> to memref<2x2xi32>
  %uc = bufferization.clone %u : memref<2xi64> to memref<2xi64>
  return %ac, %bc, %uc, %same : memref<4xf32>, memref<2x2xi32>, memref<2xi64>, i1
}

// realloc keeps the prefix in a new buffer and frees the old one.
// GROW: result #0: [3, 3, 0, 0, 0] : memref<?xi8> (buffer #2 from memref.realloc at {{.*}}memref.mlir:[[@LINE+7]]:8; offset 0, sizes [5], strides [1])
// GROW-NEXT: ir-run: @grow: clean
func.func @grow(%n: index) -> memref<?xi8> {
  %m = memref.alloc() : memref<2xi8>
  %v = arith.constant 3 : i8
  linalg.fill ins(%v : i8) outs(%m : memref<2xi8>)
  %c = memref.cast %m : memref<2xi8> to memref<?xi8>
  %r = memref.realloc %c(%n) : memref<?xi8> to memref<?xi8>
  return %r : memref<?xi8>
}

// memref.view reads the bytes of an i8 buffer as other elements; its
// aligned pointer is the buffer's plus the byte shift.
// BYTES: result #0: [256, 0] : memref<2xi32> (buffer #2 from bufferization.clone {{.*}}; offset 0, sizes [2], strides [1])
// BYTES-NEXT: result #1: 1 : i8
// BYTES-NEXT: result #2: 4 : index
// BYTES-NEXT: ir-run: @bytes: clean
func.func @bytes() -> (memref<2xi32>, i8, index) {
  %b = memref.alloc() : memref<12xi8>
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1 : i8
  memref.store %one, %b[%c5] : memref<12xi8>
  %v = memref.view %b[%c4][] : memref<12xi8> to memref<2xi32>
  %c = bufferization.clone %v : memref<2xi32> to memref<2xi32>
  %l = memref.load %b[%c5] : memref<12xi8>
  %pv = memref.extract_aligned_pointer_as_index %v : memref<2xi32> -> index
  %pb = memref.extract_aligned_pointer_as_index %b : memref<12xi8> -> index
  %shift = arith.subi %pv, %pb : index
  memref.dealloc %b : memref<12xi8>
  return %c, %l, %shift : memref<2xi32>, i8, index
}

// Argument buffers: `?` sizes from --arg, %argK for the same buffer.
// ARGS: @args(%arg0 = buffer, %arg1 = %arg0)
// ARGS-NEXT: result #0: 2 : index
// ARGS-NEXT: result #1: 5 : i32
func.func @args(%a: memref<?x3xi32>, %b: memref<?x3xi32>) -> (index, i32) {
  %c0 = arith.constant 0 : index
  %v = arith.constant 5 : i32
  memref.store %v, %a[%c0, %c0] : memref<?x3xi32>
  %l = memref.load %b[%c0, %c0] : memref<?x3xi32>
  %d = memref.dim %b, %c0 : memref<?x3xi32>
  return %d, %l : index, i32
}
