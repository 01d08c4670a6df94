// RUN: ir-asm --allow-unregistered-dialect %s | ir-dis | FileCheck %s
// RUN: ir-asm --allow-unregistered-dialect %s | ir-dis | mlir-opt --allow-unregistered-dialect | FileCheck %s --check-prefix=MLIR
// REQUIRES: mlir-opt
// Float formats the parser does not convert (f4E2M1FN, f6E3M2FN,
// f8E8M0FNU...): dense literals are checked as mlir-opt-22 checks them
// (dense-elements-invalid.mlir) and kept as written, which mlir-opt-22
// reads as the same values (the MLIR lines: what it prints for our text,
// as it prints for this input). Hex bodies are checked for their size and
// kept. mlir-opt-22 would print lists with its own spelling.

// CHECK: "test.a"() {a = dense<[0xF, -2.0]> : vector<2xf4E2M1FN>, b = dense<(1.0,0x3)> : tensor<1xcomplex<f6E3M2FN>>, c = dense<[0xFF, 1.5e+00]> : tensor<2xf8E8M0FNU>} : () -> ()
// MLIR: "test.a"() {a = dense<[-6.000000e+00, -2.000000e+00]> : vector<2xf4E2M1FN>, b = dense<(1.000000e+00,1.875000e-01)> : tensor<1xcomplex<f6E3M2FN>>, c = dense<[0xFF, 2.000000e+00]> : tensor<2xf8E8M0FNU>} : () -> ()
"test.a"() {a = dense<[0xF, -2.0]> : vector<2xf4E2M1FN>, b = dense<[(1.0, 0x3)]> : tensor<1xcomplex<f6E3M2FN>>, c = dense<[0xFF, 1.5e+00]> : tensor<2xf8E8M0FNU>} : () -> ()

// CHECK: "test.b"() {a = dense<"0x010203"> : vector<3xf4E2M1FN>, b = dense<"0x0102"> : tensor<2xcomplex<f4E2M1FN>>} : () -> ()
// MLIR: "test.b"() {a = dense<[5.000000e-01, 1.000000e+00, 1.500000e+00]> : vector<3xf4E2M1FN>, b = dense<(5.000000e-01,1.000000e+00)> : tensor<2xcomplex<f4E2M1FN>>} : () -> ()
"test.b"() {a = dense<"0x010203"> : vector<3xf4E2M1FN>, b = dense<"0x0102"> : tensor<2xcomplex<f4E2M1FN>>} : () -> ()

// Complex types with parts of less than a byte: two bytes an element.
// CHECK: "test.c"() {a = dense<"0x0102"> : tensor<1xcomplex<i3>>, b = dense<"0x01020304"> : tensor<2xcomplex<i3>>, c = dense<"0x010203040506"> : tensor<1xcomplex<tf32>>} : () -> ()
// MLIR: "test.c"() {a = dense<(1,2)> : tensor<1xcomplex<i3>>, b = dense<[(1,2), (3,-4)]> : tensor<2xcomplex<i3>>, c = dense<(5.537630e+19,-5.015630e+00)> : tensor<1xcomplex<tf32>>} : () -> ()
"test.c"() {a = dense<"0x0102"> : tensor<1xcomplex<i3>>, b = dense<"0x01020304"> : tensor<2xcomplex<i3>>, c = dense<"0x010203040506"> : tensor<1xcomplex<tf32>>} : () -> ()
