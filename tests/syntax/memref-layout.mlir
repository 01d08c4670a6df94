// RUN: ir-asm --allow-unregistered-dialect %s | ir-dis | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect %s | FileCheck %s
// REQUIRES: mlir-opt
// Memory spaces and layouts that pass the checks memref-layout-invalid.mlir
// makes, as they pass in mlir-opt-22 (the second RUN line): integer (bool
// too), string and dictionary spaces and a registered dialect's attribute;
// layouts whose dims or strides match the rank, symbols allowed.

// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK: #map1 = affine_map<(d0, d1) -> (d0)>
// CHECK: "test.a"() : () -> (memref<2xf32, "s">, memref<2xf32, {a = 1 : i64}>, memref<2xf32, true>, memref<2xf32, 1 : i8>)
"test.a"() : () -> (memref<2xf32, "s">, memref<2xf32, {a = 1}>, memref<2xf32, true>, memref<2xf32, 1 : i8>)
// CHECK: "test.b"() : () -> (memref<2xf32, #gpu.address_space<workgroup>>, memref<*xf32, #ptr.generic_space>, memref<*xf32, 3>)
"test.b"() : () -> (memref<2xf32, #gpu.address_space<workgroup>>, memref<*xf32, #ptr.generic_space>, memref<*xf32, 3>)
// CHECK: "test.c"() : () -> (memref<f32, strided<[]>>, memref<f32>, memref<2xf32, #map, 1>, memref<2x3xf32, #map1>)
"test.c"() : () -> (memref<f32, strided<[]>>, memref<f32, affine_map<() -> ()>>, memref<2xf32, affine_map<(d0)[s0] -> (d0 + s0)>, 1>, memref<2x3xf32, affine_map<(d0, d1) -> (d0)>>)
