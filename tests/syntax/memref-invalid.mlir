// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// Verifier checks of the memref ops, in MLIR's words.
func.func @b1(%m: memref<?x?xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op incorrect number of indices for load, expected 2 but got 1}}
  %0 = "memref.load"(%m, %i) : (memref<?x?xf32>, index) -> f32
  return
}
// -----
func.func @b2(%m: memref<?x?xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %0 = "memref.load"(%m, %i, %i) : (memref<?x?xf32>, index, index) -> f64
  return
}
// -----
func.func @b3(%m: memref<?x?xf32>, %i: index, %f: f64) {
  // expected-error @+1 {{'memref.store' op failed to verify that type of 'value' matches element type of 'memref'}}
  "memref.store"(%f, %m, %i, %i) : (f64, memref<?x?xf32>, index, index) -> ()
  return
}
// -----
func.func @b4(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'memref.store' op store index operand count not equal to memref rank}}
  "memref.store"(%f, %m, %i) : (f32, memref<?x?xf32>, index) -> ()
  return
}
// -----
func.func @b5(%i: index) {
  // expected-error @+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.alloc() : memref<?xf32>
  return
}
// -----
func.func @b6(%i: index) {
  // expected-error @+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = memref.alloc(%i) : memref<2xf32>
  return
}
// -----
func.func @b7(%i: index) {
  // expected-error @+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 0, got 1}}
  %0 = memref.alloc()[%i] : memref<2xf32>
  return
}
// -----
func.func @b8(%i: index) {
  // expected-error @+1 {{'memref.alloca' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.alloca() : memref<?xf32>
  return
}
// -----
func.func @b9(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<5xf32>
  return
}
// -----
func.func @b10(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xi32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<4xi32>
  return
}
// -----
func.func @b11(%m: memref<4xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<2xf32, strided<[1]>>' or a rank-reduced version. (mismatch of result sizes), but got 'memref<3xf32>'}}
  %0 = memref.subview %m[0][2][1] : memref<4xf32> to memref<3xf32>
  return
}
// -----
func.func @b12(%m: memref<4xf32>) {
  // expected-error @+1 {{expected mixed offsets rank to match mixed sizes rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = memref.subview %m[0, 0][2][1] : memref<4xf32> to memref<2xf32>
  return
}
// -----
func.func @b13(%m: memref<4xf32>) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%m' expects different type than prior uses: 'memref<4xi32>' vs 'memref<4xf32>'}}
  memref.copy %m, %m : memref<4xf32> to memref<4xi32>
  return
}
// -----
func.func @b14(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = memref.alloc() {alignment = 3} : memref<4xf32>
  return
}
// -----
func.func @b15(%m: memref<4xf32>) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%m' expects different type than prior uses: 'index' vs 'memref<4xf32>'}}
  %0 = memref.dim %m, %m : memref<4xf32>
  return
}
// -----
func.func @b16(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %0 = memref.get_global @nope : memref<4xf32>
  return
}
// -----
func.func @b17(%m: memref<4xf32>) {
  // expected-error @+1 {{different element types specified for source memref type 'memref<4xf32>' and result memref type 'memref<4xi32>'}}
  %0 = memref.realloc %m : memref<4xf32> to memref<4xi32>
  return
}
// -----
func.func @b18(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{unnecessary dimension operand for result type 'memref<4xf32>'}}
  %0 = memref.realloc %m(%i) : memref<4xf32> to memref<4xf32>
  return
}
// -----
func.func @b19(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{missing dimension operand for result type}}
  %0 = memref.realloc %m : memref<4xf32> to memref<?xf32>
  return
}
// -----
func.func @b20(%m: memref<4xf32>, %i: index) {
  %0 = memref.alloc() : memref<4xf32, strided<[2]>>
  return
}
// -----
func.func @b17b(%m: memref<?xf32>) {
  // expected-error @+1 {{different memory spaces specified for source memref type 'memref<?xf32>' and result memref type 'memref<4xf32, 1>'}}
  %0 = memref.realloc %m : memref<?xf32> to memref<4xf32, 1>
  return
}
// -----
func.func @b17c(%m: memref<4xf32>) {
  // expected-error @+1 {{missing dimension operand for result type 'memref<?xf32>'}}
  %0 = memref.realloc %m : memref<4xf32> to memref<?xf32>
  return
}
// -----
func.func @b19(%n: index) {
  // expected-error @+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 1, got 0}}
  %0 = memref.alloc(%n) : memref<?xf32, strided<[1], offset: ?>>
  return
}
