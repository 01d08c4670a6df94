// RUN: ir-asm --allow-unregistered-dialect --split-input-file %s | dd-lower --only | ir-dis | FileCheck %s
// The library function of the general lowering: emitted once per symbol
// table (the module, and each nested module that needs it), at the end of
// its body, private, and named `dealloc_helper` unless that table already
// has a symbol of that name; then the first free `dealloc_helper_N`, as
// mlir-opt-22 names it (its output is the same for every case here).

// The module already has a function of the helper's name: the helper is
// renamed, and the user's function and its callers are left alone.
func.func private @dealloc_helper(%x: i32) -> i32
func.func @user(%m0: memref<4xf32>, %m1: memref<4xf32>, %c0: i1, %c1: i1, %x: i32) -> i32 {
  bufferization.dealloc (%m0, %m1 : memref<4xf32>, memref<4xf32>) if (%c0, %c1)
  %y = func.call @dealloc_helper(%x) : (i32) -> i32
  return %y : i32
}

// CHECK:       module {
// CHECK-NEXT:    func.func private @dealloc_helper(i32) -> i32
// CHECK-LABEL:   func.func @user(
// CHECK:           call @dealloc_helper_0(%cast, %cast_6, %cast_5, %cast_9, %cast_10) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
// CHECK:           %[[Y:.*]] = call @dealloc_helper(%arg4) : (i32) -> i32
// CHECK-NEXT:      return %[[Y]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    func.func private @dealloc_helper_0(%arg0: memref<?xindex>, %arg1: memref<?xindex>, %arg2: memref<?xi1>, %arg3: memref<?xi1>, %arg4: memref<?xi1>) {
// CHECK-NOT:     func.func

// -----

// Both the name and its first variant are taken (by a global and a
// function): the next free variant is used.
memref.global "private" @dealloc_helper : memref<2xf32> = dense<0.0>
func.func @dealloc_helper_0() {
  return
}
func.func @two(%m0: memref<4xf32>, %m1: memref<4xf32>, %c0: i1, %c1: i1) {
  bufferization.dealloc (%m0, %m1 : memref<4xf32>, memref<4xf32>) if (%c0, %c1)
  return
}

// CHECK:       module {
// CHECK-NEXT:    memref.global "private" @dealloc_helper : memref<2xf32> = dense<0.000000e+00>
// CHECK-NEXT:    func.func @dealloc_helper_0() {
// CHECK:         call @dealloc_helper_1(
// CHECK:         func.func private @dealloc_helper_1(%arg0: memref<?xindex>,
// CHECK-NOT:     func.func

// -----

// An unregistered op with a sym_name attribute is a symbol too.
"test.named"() {sym_name = "dealloc_helper"} : () -> ()
func.func @three(%m0: memref<4xf32>, %m1: memref<4xf32>, %c0: i1, %c1: i1) {
  bufferization.dealloc (%m0, %m1 : memref<4xf32>, memref<4xf32>) if (%c0, %c1)
  return
}

// CHECK:       module {
// CHECK-NEXT:    "test.named"() {sym_name = "dealloc_helper"} : () -> ()
// CHECK:         call @dealloc_helper_0(
// CHECK:         func.func private @dealloc_helper_0(

// -----

// One helper per symbol table: the nested module gets its own, and each
// table's names only matter within it.
func.func @outer(%m0: memref<4xf32>, %m1: memref<4xf32>, %c0: i1, %c1: i1) {
  bufferization.dealloc (%m0, %m1 : memref<4xf32>, memref<4xf32>) if (%c0, %c1)
  bufferization.dealloc (%m1, %m0 : memref<4xf32>, memref<4xf32>) if (%c1, %c0)
  return
}
module @inner {
  func.func @dealloc_helper() {
    return
  }
  func.func @in(%m0: memref<4xf32>, %m1: memref<4xf32>, %c0: i1, %c1: i1) {
    bufferization.dealloc (%m0, %m1 : memref<4xf32>, memref<4xf32>) if (%c0, %c1)
    return
  }
}
func.func @after(%m0: memref<4xf32>, %m1: memref<4xf32>, %c0: i1, %c1: i1) {
  bufferization.dealloc (%m0, %m1 : memref<4xf32>, memref<4xf32>) if (%c0, %c1)
  return
}

// CHECK:       module {
// CHECK-NEXT:    func.func @outer(
// CHECK:           call @dealloc_helper(%cast, %cast_6, %cast_5, %cast_9, %cast_10)
// CHECK:           call @dealloc_helper(%cast_22, %cast_24, %cast_23, %cast_27, %cast_28)
// CHECK:         module @inner {
// CHECK-NEXT:      func.func @dealloc_helper() {
// CHECK:           call @dealloc_helper_0(
// CHECK:           func.func private @dealloc_helper_0(%arg0: memref<?xindex>,
// CHECK:         func.func @after(
// CHECK:           call @dealloc_helper(
// CHECK:         func.func private @dealloc_helper(%arg0: memref<?xindex>,
// CHECK-NOT:     func.func

// -----

// Only one-memref deallocs: no helper at all.
func.func private @dealloc_helper()
func.func @simple(%m0: memref<4xf32>, %c0: i1, %r: memref<4xf32>) -> i1 {
  bufferization.dealloc (%m0 : memref<4xf32>) if (%c0)
  %o = bufferization.dealloc (%m0 : memref<4xf32>) if (%c0) retain (%r : memref<4xf32>)
  return %o : i1
}

// CHECK:       module {
// CHECK-NEXT:    func.func private @dealloc_helper()
// CHECK-NEXT:    func.func @simple(
// CHECK-NOT:     call
// CHECK-NOT:     func.func
