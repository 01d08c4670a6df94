// RUN: ir-asm %s | ir-dis | FileCheck %s
// RUN: ir-asm %s | ir-dis --generic | ir-asm | ir-dis | FileCheck %s
// NO-ROUNDTRIP: mlir-opt-22 crashes on it (GlobalOp::verify takes the
// initial value's type for a tensor type and reads a vector's as one).
// A memref.global whose initial value is a dense vector of the memref's
// element type and shape is accepted: it is an elements attribute, which
// is what GlobalOp::verify asks for. Its custom form, like MLIR's, prints
// the value without its type. The same for a memref-typed one (on which
// mlir-opt-22 crashes too), which we refused as no elements attribute.

// CHECK: memref.global "private" @v : memref<2xf32> = dense<1.000000e+00>{{$}}
"memref.global"() <{sym_name = "v", sym_visibility = "private", type = memref<2xf32>, initial_value = dense<1.0> : vector<2xf32>}> : () -> ()

// CHECK: memref.global "private" @m : memref<2xf32> = dense<2.000000e+00>{{$}}
"memref.global"() <{sym_name = "m", sym_visibility = "private", type = memref<2xf32>, initial_value = dense<2.0> : memref<2xf32>}> : () -> ()
