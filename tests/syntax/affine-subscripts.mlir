// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | ir-asm | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | FileCheck %s --check-prefix=GEN
// affine.load and affine.store subscripts are affine expressions over SSA
// values (MLIR's parseAffineMapOfSSAIds): each new value is the next dim,
// or inside `symbol(...)` the next symbol; a repeated one keeps its first
// role. The map they make is an inherent `map` property, its operands the
// dims then the symbols; the custom form prints each dim as its value and
// each symbol as `symbol(value)`. The expressions here are in MLIR's
// canonical form (ours are kept as written, not simplified).
// (CHECK and GEN lines are mlir-opt-22's output for this file.)
func.func @subscripts(%m: memref<100x100xf32>, %i: index, %j: index, %s: index,
                      %z: memref<f32>) {
  %a = affine.load %m[%i + 1, %j] : memref<100x100xf32>
  %b = affine.load %m[%i * 2 + %j, symbol(%s)] : memref<100x100xf32>
  %c = affine.load %m[%i + symbol(%s), %i floordiv 2] : memref<100x100xf32>
  %d = affine.load %m[3, -%i] : memref<100x100xf32>
  %e = affine.load %m[%i - 1, (%i + 1) * 2] : memref<100x100xf32>
  %f = affine.load %m[%j, %i] : memref<100x100xf32>
  %g = affine.load %m[%i mod 4, %j ceildiv symbol(%s)] {test.a} : memref<100x100xf32>
  %h = affine.load %z[] : memref<f32>
  affine.store %a, %m[%i + 1, %j] : memref<100x100xf32>
  affine.store %b, %m[%j, symbol(%s) * 3] {test.b} : memref<100x100xf32>
  affine.store %h, %z[] : memref<f32>
  return
}

// CHECK:      func.func @subscripts(%arg0: memref<100x100xf32>, %arg1: index, %arg2: index, %arg3: index, %arg4: memref<f32>) {
// CHECK-NEXT:   %0 = affine.load %arg0[%arg1 + 1, %arg2] : memref<100x100xf32>
// CHECK-NEXT:   %1 = affine.load %arg0[%arg1 * 2 + %arg2, symbol(%arg3)] : memref<100x100xf32>
// CHECK-NEXT:   %2 = affine.load %arg0[%arg1 + symbol(%arg3), %arg1 floordiv 2] : memref<100x100xf32>
// CHECK-NEXT:   %3 = affine.load %arg0[3, -%arg1] : memref<100x100xf32>
// CHECK-NEXT:   %4 = affine.load %arg0[%arg1 - 1, (%arg1 + 1) * 2] : memref<100x100xf32>
// CHECK-NEXT:   %5 = affine.load %arg0[%arg2, %arg1] : memref<100x100xf32>
// CHECK-NEXT:   %6 = affine.load %arg0[%arg1 mod 4, %arg2 ceildiv symbol(%arg3)] {test.a} : memref<100x100xf32>
// CHECK-NEXT:   %7 = affine.load %arg4[] : memref<f32>
// CHECK-NEXT:   affine.store %0, %arg0[%arg1 + 1, %arg2] : memref<100x100xf32>
// CHECK-NEXT:   affine.store %1, %arg0[%arg2, symbol(%arg3) * 3] {test.b} : memref<100x100xf32>
// CHECK-NEXT:   affine.store %7, %arg4[] : memref<f32>
// CHECK-NEXT:   return

// GEN:      #map = affine_map<(d0, d1) -> (d0 + 1, d1)>
// GEN-NEXT: #map1 = affine_map<(d0, d1)[s0] -> (d0 * 2 + d1, s0)>
// GEN-NEXT: #map2 = affine_map<(d0)[s0] -> (d0 + s0, d0 floordiv 2)>
// GEN-NEXT: #map3 = affine_map<(d0) -> (3, -d0)>
// GEN-NEXT: #map4 = affine_map<(d0) -> (d0 - 1, (d0 + 1) * 2)>
// GEN-NEXT: #map5 = affine_map<(d0, d1) -> (d0, d1)>
// GEN-NEXT: #map6 = affine_map<(d0, d1)[s0] -> (d0 mod 4, d1 ceildiv s0)>
// GEN-NEXT: #map7 = affine_map<() -> ()>
// GEN-NEXT: #map8 = affine_map<(d0)[s0] -> (d0, s0 * 3)>
// GEN:      %0 = "affine.load"(%arg0, %arg1, %arg2) <{map = #map}> : (memref<100x100xf32>, index, index) -> f32
// GEN-NEXT: %1 = "affine.load"(%arg0, %arg1, %arg2, %arg3) <{map = #map1}> : (memref<100x100xf32>, index, index, index) -> f32
// GEN-NEXT: %2 = "affine.load"(%arg0, %arg1, %arg3) <{map = #map2}> : (memref<100x100xf32>, index, index) -> f32
// GEN-NEXT: %3 = "affine.load"(%arg0, %arg1) <{map = #map3}> : (memref<100x100xf32>, index) -> f32
// GEN-NEXT: %4 = "affine.load"(%arg0, %arg1) <{map = #map4}> : (memref<100x100xf32>, index) -> f32
// GEN-NEXT: %5 = "affine.load"(%arg0, %arg2, %arg1) <{map = #map5}> : (memref<100x100xf32>, index, index) -> f32
// GEN-NEXT: %6 = "affine.load"(%arg0, %arg1, %arg2, %arg3) <{map = #map6}> {test.a} : (memref<100x100xf32>, index, index, index) -> f32
// GEN-NEXT: %7 = "affine.load"(%arg4) <{map = #map7}> : (memref<f32>) -> f32
// GEN-NEXT: "affine.store"(%0, %arg0, %arg1, %arg2) <{map = #map}> : (f32, memref<100x100xf32>, index, index) -> ()
// GEN-NEXT: "affine.store"(%1, %arg0, %arg2, %arg3) <{map = #map8}> {test.b} : (f32, memref<100x100xf32>, index, index) -> ()
// GEN-NEXT: "affine.store"(%7, %arg4) <{map = #map7}> : (f32, memref<f32>) -> ()
