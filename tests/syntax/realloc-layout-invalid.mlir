// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// memref.realloc takes and gives memrefs of the identity layout only
// (ReallocOp::verify, which then compares memory spaces before element
// types). For a 1-D memref, strided<[1]> with offset 0 is the identity.
// We took any layout, and compared element types first.

func.func @result(%m: memref<?xf32>) {
  // expected-error @+1 {{unsupported layout for result memref type 'memref<2xf32, strided<[1], offset: ?>>'}}
  %0 = memref.realloc %m : memref<?xf32> to memref<2xf32, strided<[1], offset: ?>>
  return
}

// -----

func.func @source(%m: memref<?xf32, strided<[2]>>) {
  // expected-error @+1 {{unsupported layout for source memref type 'memref<?xf32, strided<[2]>>'}}
  %0 = memref.realloc %m : memref<?xf32, strided<[2]>> to memref<2xi32, 1>
  return
}

// -----

func.func @map(%m: memref<?xf32, affine_map<(d0) -> (d0 + 1)>>) {
  // expected-error @+1 {{unsupported layout for source memref type 'memref<?xf32, affine_map<(d0) -> (d0 + 1)>>'}}
  %0 = memref.realloc %m : memref<?xf32, affine_map<(d0) -> (d0 + 1)>> to memref<2xf32>
  return
}

// -----

func.func @space_first(%m: memref<?xf32>) {
  // expected-error @+1 {{different memory spaces specified for source memref type 'memref<?xf32>' and result memref type 'memref<2xi32, 1>'}}
  %0 = memref.realloc %m : memref<?xf32> to memref<2xi32, 1>
  return
}

// -----

func.func @identity(%m: memref<?xf32, strided<[1]>>) -> memref<2xf32, strided<[1], offset: 0>> {
  %0 = memref.realloc %m : memref<?xf32, strided<[1]>> to memref<2xf32, strided<[1], offset: 0>>
  return %0 : memref<2xf32, strided<[1], offset: 0>>
}
