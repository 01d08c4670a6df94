// RUN: ir-asm --allow-unregistered-dialect %s -S | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect %s | FileCheck %s
// REQUIRES: mlir-opt
// dense<> bodies are kept as MLIR prints them (the second RUN line checks
// the same lines against mlir-opt-22): more than 100 elements that are not
// all equal as the hex of their storage, fewer as a list, all equal as one
// element, whichever form the text used. Until 2026-11-29 a list stayed a
// list and a hex string stayed as written, unchecked.

// CHECK-LABEL: "test.list"
// CHECK-SAME: a = dense<"0xFDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF"> : tensor<101xi8>
// CHECK-SAME: b = dense<[-3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2]> : tensor<100xi8>
// CHECK-SAME: c = dense<"0x000046C2000042C200003EC200003AC2000036C2000032C200002EC200002AC2000026C2000022C200001EC200001AC2000016C2000012C200000EC200000AC2000006C2000002C20000FCC10000F4C10000ECC10000E4C10000DCC10000D4C10000CCC10000C4C10000BCC10000B4C10000ACC10000A4C100009CC1000094C100008CC1000084C1000078C1000068C1000058C1000048C1000038C1000028C1000018C1000008C10000F0C00000D0C00000B0C0000090C0000060C0000020C00000C0BF000000BF0000003F0000C03F0000204000006040000090400000B0400000D0400000F04000000841000018410000284100003841000048410000584100006841000078410000844100008C410000944100009C410000A4410000AC410000B4410000BC410000C4410000CC410000D4410000DC410000E4410000EC410000F4410000FC41000002420000064200000A4200000E42000012420000164200001A4200001E42000022420000264200002A4200002E42000032420000364200003A4200003E42000042420000464200004A42"> : tensor<101xf32>
// CHECK-SAME: d = dense<"0x49922449922449922449922409"> : tensor<101xi1>
// CHECK-SAME: e = dense<7> : tensor<200xi32>
"test.list"() {
  a = dense<[-3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1]> : tensor<101xi8>,
  b = dense<[-3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2]> : tensor<100xi8>,
  c = dense<[-49.5, -48.5, -47.5, -46.5, -45.5, -44.5, -43.5, -42.5, -41.5, -40.5, -39.5, -38.5, -37.5, -36.5, -35.5, -34.5, -33.5, -32.5, -31.5, -30.5, -29.5, -28.5, -27.5, -26.5, -25.5, -24.5, -23.5, -22.5, -21.5, -20.5, -19.5, -18.5, -17.5, -16.5, -15.5, -14.5, -13.5, -12.5, -11.5, -10.5, -9.5, -8.5, -7.5, -6.5, -5.5, -4.5, -3.5, -2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 11.5, 12.5, 13.5, 14.5, 15.5, 16.5, 17.5, 18.5, 19.5, 20.5, 21.5, 22.5, 23.5, 24.5, 25.5, 26.5, 27.5, 28.5, 29.5, 30.5, 31.5, 32.5, 33.5, 34.5, 35.5, 36.5, 37.5, 38.5, 39.5, 40.5, 41.5, 42.5, 43.5, 44.5, 45.5, 46.5, 47.5, 48.5, 49.5, 50.5]> : tensor<101xf32>,
  d = dense<[true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false]> : tensor<101xi1>,
  e = dense<[7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7]> : tensor<200xi32>
} : () -> ()

// Hex in: a list up to 100 elements, nested by the type's shape; one
// element for a splat (a buffer of one element, all elements equal, or a
// bool byte 0x00 / 0xFF); i1 packs 8 to a byte; an i3 is a byte holding
// its 3 bits; upper-case digits.
// CHECK-LABEL: "test.hex"
// CHECK-SAME: a = dense<[1, 2, -1]> : tensor<3xi8>
// CHECK-SAME: b = dense<{{\[\[}}1, 2], [3, 4{{\]\]}}> : tensor<2x2xi16>
// CHECK-SAME: c = dense<1> : tensor<3xi8>
// CHECK-SAME: d = dense<5> : tensor<3xi8>
// CHECK-SAME: e = dense<[true, false, true, false]> : tensor<4xi1>
// CHECK-SAME: f = dense<true> : tensor<4xi1>
// CHECK-SAME: g = dense<[-2, 3]> : tensor<2xi3>
// CHECK-SAME: h = dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>
// CHECK-SAME: i = dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf16>
// CHECK-SAME: j = dense<[255, 1]> : tensor<2xui8>
// CHECK-SAME: k = dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F6061626364"> : tensor<101xi8>
// CHECK-SAME: l = dense<"0x0102"> : tensor<2xvector<1xi8>>
"test.hex"() {
  a = dense<"0x0102FF"> : tensor<3xi8>,
  b = dense<"0x0100020003000400"> : tensor<2x2xi16>,
  c = dense<"0x010101"> : tensor<3xi8>,
  d = dense<"0x05"> : tensor<3xi8>,
  e = dense<"0x05"> : tensor<4xi1>,
  f = dense<"0xFF"> : tensor<4xi1>,
  g = dense<"0x0603"> : tensor<2xi3>,
  h = dense<"0x0000803F00000040"> : tensor<complex<f32>>,
  i = dense<"0x003E00C0"> : tensor<2xf16>,
  j = dense<"0xFF01"> : tensor<2xui8>,
  k = dense<"0x000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f6061626364"> : tensor<101xi8>,
  l = dense<"0x0102"> : tensor<2xvector<1xi8>>
} : () -> ()

// A memref.global's initial value takes the memref's shape.
// CHECK-LABEL: memref.global "private" constant @g : memref<101xi8> = dense<"0xFDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF00010203FDFEFF">
memref.global "private" constant @g : memref<101xi8> = dense<[-3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1, 0, 1, 2, 3, -3, -2, -1]>
