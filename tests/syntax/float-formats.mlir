// RUN: ir-asm --allow-unregistered-dialect %s | ir-dis | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect %s | FileCheck %s
// REQUIRES: mlir-opt
// Floats of every format the parser converts, as mlir-opt-22 prints them
// (the second RUN line): values that spell as hex (NaNs, infinities, an
// f8E4M3FN overflow, which has no infinity and becomes its NaN, f80 values
// whose shortest form has no '.') read back from that hex. Before, a hex
// literal of f8, tf32, f80 or f128 was refused, so `ir-asm` wrote dense
// bodies its own reader refused ("does not parse back to itself"). NaN
// payloads of the narrow formats are kept.

// CHECK: "test.a"() {a = dense<[0x7F, 9.600000e+01]> : tensor<2xf8E4M3FN>, b = dense<[0.000000e+00, 0x7F]> : tensor<2xf8E4M3FN>} : () -> ()
"test.a"() {a = dense<[65504.0, 100.0]> : tensor<2xf8E4M3FN>, b = dense<[1.0e-45, 1.5e300]> : tensor<2xf8E4M3FN>} : () -> ()

// CHECK: "test.b"() {a = dense<[-0.000000e+00, -0.000000e+00, 0xFF, 4.480000e+02, 4.480000e+02, 1.953130e-03]> : tensor<6xf8E4M3FN>, b = dense<[0x7C, 0xFC, 0x7E, 1.525880e-05, 5.734400e+04, 0x7C]> : tensor<6xf8E5M2>} : () -> ()
"test.b"() {a = dense<[-0.0, 0x80, 0xFF, 0x7E, 464.0, 0x01]> : tensor<6xf8E4M3FN>, b = dense<[0x7C, 0xFC, 0x7E, 0x01, 57344.0, 61440.0]> : tensor<6xf8E5M2>} : () -> ()

// CHECK: "test.c"() {a = dense<[9.999220e+09, 0x7FC00, -1.701410e+38, 9.997550e-02]> : tensor<4xtf32>, b = 0x4019EB79A2A000000000 : f80, c = 0x7FFF8000000000000000 : f80, d = 1.000000e+00 : f128, e = dense<[0x7FFF8000000000000000000000000000, -2.500000e+00]> : tensor<2xf128>} : () -> ()
"test.c"() {a = dense<[1.0e10, 0x7FC00, 0x7F800, 0.1]> : tensor<4xtf32>, b = 0x4019EB79A2A000000000 : f80, c = 0x7FFF8000000000000000 : f80, d = 0x3FFF0000000000000000000000000000 : f128, e = dense<[0x7FFF8000000000000000000000000000, -2.5]> : tensor<2xf128>} : () -> ()

// CHECK: "test.d"() {a = dense<[0.33333333333333331483, 0x4019EB79A2A000000000]> : tensor<2xf80>} : () -> ()
"test.d"() {a = dense<[0.333333333333333333, 123456789.0]> : tensor<2xf80>} : () -> ()

// CHECK: "test.e"() {a = 0xFFFF : bf16, b = 0x7E01 : f16, c = 0x7FC00001 : f32, d = dense<0x7E01> : tensor<2xf16>, e = dense<[0x7E01, 1.000000e+00]> : tensor<2xf16>, f = dense<[0x7F, 0xFF]> : tensor<2xf8E4M3FN>, g = dense<[0x7D, 0x7F]> : tensor<2xf8E5M2>} : () -> ()
"test.e"() {a = 0xFFFF : bf16, b = 0x7E01 : f16, c = 0x7FC00001 : f32, d = dense<0x7E01> : tensor<2xf16>, e = dense<[0x7E01, 1.0]> : tensor<2xf16>, f = dense<[0x7F, 0xFF]> : tensor<2xf8E4M3FN>, g = dense<[0x7D, 0x7F]> : tensor<2xf8E5M2>} : () -> ()
