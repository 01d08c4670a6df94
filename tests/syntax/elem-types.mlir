// RUN: ir-asm --allow-unregistered-dialect %s | ir-dis | FileCheck %s
// RUN: mlir-opt --allow-unregistered-dialect %s | FileCheck %s
// REQUIRES: mlir-opt
// Element types that pass the checks elem-types-invalid.mlir makes, as
// they pass in mlir-opt-22 (the second RUN line): tensors take any type of a
// dialect; memrefs take memrefs, ranked or not; complex takes any float or
// integer; dialect types of registered dialects pass as memref and vector
// elements (whether they have the interface MLIR asks for is not known to
// the parser, so it lets them through; these two have it).

// CHECK: "test.a"() : () -> (tensor<2x!u.x>, tensor<*x!u<"x">>, tensor<2xvector<2xf32>>, tensor<2xcomplex<i8>>)
"test.a"() : () -> (tensor<2x!u.x>, tensor<*x!u<"x">>, tensor<2xvector<2xf32>>, tensor<2xcomplex<i8>>)
// CHECK: "test.b"() : () -> (memref<2xmemref<*xf32>>, memref<2xmemref<2xf32>>, memref<2xvector<2xindex>>, memref<*xcomplex<f16>>)
"test.b"() : () -> (memref<2xmemref<*xf32>>, memref<2xmemref<2xf32>>, memref<2xvector<2xindex>>, memref<*xcomplex<f16>>)
// CHECK: "test.c"() : () -> (complex<f8E4M3FN>, complex<i1>, complex<ui7>, complex<bf16>, complex<f4E2M1FN>, vector<2xf8E3M4>, memref<2xf6E3M2FN>)
"test.c"() : () -> (complex<f8E4M3FN>, complex<i1>, complex<ui7>, complex<bf16>, complex<f4E2M1FN>, vector<2xf8E3M4>, memref<2xf6E3M2FN>)
// CHECK: "test.d"() : () -> (vector<2x!llvm.ptr>, memref<2x!ptr.ptr<#ptr.generic_space>>, vector<[4]xi1>)
"test.d"() : () -> (vector<2x!llvm.ptr>, memref<2x!ptr.ptr<#ptr.generic_space>>, vector<[4]xi1>)
// CHECK: "test.e"() {v = dense<[true, false]> : tensor<2xi1>, w = dense<(1,-1)> : tensor<1xcomplex<i8>>} : () -> ()
"test.e"() {v = dense<[-1, 0]> : tensor<2xi1>, w = dense<[(1, -1)]> : tensor<1xcomplex<i8>>} : () -> ()
