// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// memref.global's checks in mlir-opt-22's order: the property kinds where
// the generic form is converted, ODS's required attributes and
// constraints, then GlobalOp::verify (a static shape; an initial value of
// unit or elements of the memref's element type and shape). Also
// func.func's function_type constraint and unrealized_conversion_cast's
// result count.

// expected-error @+1 {{'memref.global' op requires attribute 'sym_name'}}
"memref.global"() <{sym_visibility = "private"}> : () -> ()

// -----

// expected-error @+1 {{'memref.global' op requires attribute 'type'}}
"memref.global"() <{sym_name = "a", sym_visibility = "private"}> : () -> ()

// -----

// expected-error @+1 {{'memref.global' op attribute 'type' failed to satisfy constraint: memref type attribute}}
"memref.global"() <{sym_name = "a", sym_visibility = "private", type = i32}> : () -> ()

// -----

// expected-error @+1 {{'memref.global' op attribute 'type' failed to satisfy constraint: memref type attribute}}
"memref.global"() <{sym_name = "a", sym_visibility = "private", type = memref<*xf32>}> : () -> ()

// -----

// expected-error @+1 {{'memref.global' op type should be static shaped memref, but got 'memref<?xf32>'}}
"memref.global"() <{sym_name = "a", sym_visibility = "private", type = memref<?xf32>}> : () -> ()

// -----

// expected-error @+1 {{invalid properties {sym_name = 3 : i64, sym_visibility = "private", type = memref<2xf32>} for op memref.global: Invalid attribute `sym_name` in property conversion: 3 : i64}}
"memref.global"() <{sym_name = 3, sym_visibility = "private", type = memref<2xf32>}> : () -> ()

// -----

// expected-error @+1 {{invalid properties {alignment = "x", sym_name = "a", sym_visibility = "private", type = memref<2xf32>} for op memref.global: Invalid attribute `alignment` in property conversion: "x"}}
"memref.global"() <{sym_name = "a", sym_visibility = "private", type = memref<2xf32>, alignment = "x"}> : () -> ()

// -----

// expected-error @+1 {{Invalid attribute `constant` in property conversion: 2 : i64}}
"memref.global"() <{sym_name = "a", sym_visibility = 1, type = memref<2xf32>, constant = 2}> : () -> ()

// -----

// expected-error @+1 {{'memref.global' op initial value should be a unit or elements attribute, but got 3 : i32}}
"memref.global"() <{sym_name = "a", sym_visibility = "private", type = memref<2xf32>, initial_value = 3 : i32}> : () -> ()

// -----

// expected-error @+1 {{'memref.global' op initial value element expected to be of type 'f32', but was of type 'i32'}}
"memref.global"() <{sym_name = "a", sym_visibility = "private", type = memref<2xf32>, initial_value = dense<1> : tensor<2xi32>}> : () -> ()

// -----

// expected-error @+1 {{'memref.global' op initial value shape expected to be 2, 2 but was 3}}
"memref.global"() <{sym_name = "a", sym_visibility = "private", type = memref<2x2xf32>, initial_value = dense<1.0> : tensor<3xf32>}> : () -> ()

// -----

// expected-error @+1 {{invalid properties {function_type = 3 : i64, sym_name = "f", sym_visibility = "private"} for op func.func: Invalid attribute `function_type` in property conversion: 3 : i64}}
"func.func"() <{sym_name = "f", function_type = 3, sym_visibility = "private"}> ({}) : () -> ()

// -----

// expected-error @+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() <{sym_name = "f", function_type = i32, sym_visibility = "private"}> ({}) : () -> ()

// -----

func.func @cast(%a: i32) {
  // expected-error @+1 {{'builtin.unrealized_conversion_cast' op expected at least one result for cast operation}}
  "builtin.unrealized_conversion_cast"(%a) : (i32) -> ()
  return
}

// -----

// An opaque elements attribute is an initial value mlir-opt-22 accepts
// (global-vector-init.mlir has a vector one, on which it crashes).
"memref.global"() <{sym_name = "r", sym_visibility = "private", type = memref<2xf32>, initial_value = dense_resource<blob> : tensor<2xf32>}> : () -> ()

// -----

// An unranked elements type has no dims: its shape is printed empty.
// expected-error @+1 {{'memref.global' op initial value shape expected to be 2 but was}}
"memref.global"() <{sym_name = "r", sym_visibility = "private", type = memref<2xf32>, initial_value = dense_resource<blob> : tensor<*xf32>}> : () -> ()

// -----

// expected-error @+1 {{'memref.global' op initial value element expected to be of type 'f32', but was of type 'i32'}}
"memref.global"() <{sym_name = "r", sym_visibility = "private", type = memref<2xf32>, initial_value = dense_resource<blob> : memref<*xi32>}> : () -> ()
