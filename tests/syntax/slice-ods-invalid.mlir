// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// What ODS states of the four slice ops (memref.subview, reinterpret_cast,
// tensor.extract_slice, insert_slice), which only their generic form can
// break: the kinds of the source, destination and result, index operands
// for the lists, the static lists present and of i64, insert_slice's result
// type being its destination's; then the interface's count of each list's
// dynamic entries. These went through unchecked before. Messages are
// mlir-opt-22's (the second RUN line checks).

func.func @extract_from_memref(%m: memref<8x16xf32>) {
  // expected-error @+1 {{'tensor.extract_slice' op operand #0 must be ranked tensor of any type values, but got 'memref<8x16xf32>'}}
  %0 = "tensor.extract_slice"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<8x16xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @extract_unranked(%t: tensor<*xf32>) {
  // expected-error @+1 {{'tensor.extract_slice' op operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (tensor<*xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @extract_to_memref(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{'tensor.extract_slice' op result #0 must be ranked tensor of any type values, but got 'memref<4x4xf32>'}}
  %0 = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (tensor<8x16xf32>) -> memref<4x4xf32>
  return
}

// -----

// Operands are numbered across the groups.
func.func @i32_offset(%t: tensor<8x16xf32>, %i: i32) {
  // expected-error @+1 {{'tensor.extract_slice' op operand #1 must be variadic of index, but got 'i32'}}
  %0 = "tensor.extract_slice"(%t, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (tensor<8x16xf32>, i32) -> tensor<4x4xf32>
  return
}

// -----

func.func @insert_memref_source(%t: tensor<8x16xf32>, %s: memref<4x4xf32>) {
  // expected-error @+1 {{'tensor.insert_slice' op operand #0 must be ranked tensor of any type values, but got 'memref<4x4xf32>'}}
  %0 = "tensor.insert_slice"(%s, %t) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<4x4xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return
}

// -----

func.func @insert_unranked_dest(%t: tensor<*xf32>, %s: tensor<4x4xf32>) {
  // expected-error @+1 {{'tensor.insert_slice' op operand #1 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = "tensor.insert_slice"(%s, %t) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (tensor<4x4xf32>, tensor<*xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @insert_i32_stride(%t: tensor<8x16xf32>, %s: tensor<4x4xf32>, %i: i32) {
  // expected-error @+1 {{'tensor.insert_slice' op operand #2 must be variadic of index, but got 'i32'}}
  %0 = "tensor.insert_slice"(%s, %t, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 1>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, -9223372036854775808>}> : (tensor<4x4xf32>, tensor<8x16xf32>, i32) -> tensor<8x16xf32>
  return
}

// -----

func.func @insert_result_not_dest(%t: tensor<8x16xf32>, %s: tensor<4x4xf32>) {
  // expected-error @+1 {{'tensor.insert_slice' op failed to verify that expected result type to match dest type}}
  %0 = "tensor.insert_slice"(%s, %t) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (tensor<4x4xf32>, tensor<8x16xf32>) -> tensor<8x16xf64>
  return
}

// -----

func.func @missing_strides(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{'tensor.extract_slice' op requires attribute 'static_strides'}}
  %0 = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>}> : (tensor<8x16xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @i32_list(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{invalid properties {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i32: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>} for op tensor.extract_slice: Invalid attribute `static_offsets` in property conversion: array<i32: 0, 0>}}
  %0 = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i32: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (tensor<8x16xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @integer_list(%t: tensor<8xf32>) {
  // expected-error @+1 {{Invalid attribute `static_offsets` in property conversion: 0 : i64}}
  %0 = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = 0, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<8xf32>) -> tensor<4xf32>
  return
}

// -----

// Each list's dynamic entries are as many as its operands, checked before
// the lists' ranks.
func.func @dynamic_count(%t: tensor<8x16xf32>, %i: index) {
  // expected-error @+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (1 vs 0)}}
  %0 = "tensor.extract_slice"(%t, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (tensor<8x16xf32>, index) -> tensor<4x4xf32>
  return
}

// -----

func.func @subview_dynamic_sizes(%m: memref<8x16xf32>, %i: index) {
  // expected-error @+1 {{expected the number of 'sizes' to match the number of dynamic entries in 'static_sizes' (1 vs 0)}}
  %0 = "memref.subview"(%m, %i) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<8x16xf32>, index) -> memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @subview_of_tensor(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{'memref.subview' op operand #0 must be memref of any type values, but got 'tensor<8x16xf32>'}}
  %0 = "memref.subview"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (tensor<8x16xf32>) -> memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @subview_of_unranked(%m: memref<*xf32>) {
  // expected-error @+1 {{'memref.subview' op operand #0 must be memref of any type values, but got 'memref<*xf32>'}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<*xf32>) -> memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @subview_to_unranked(%m: memref<8x16xf32>) {
  // expected-error @+1 {{'memref.subview' op result #0 must be memref of any type values, but got 'memref<*xf32>'}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<8x16xf32>) -> memref<*xf32>
  return
}

// -----

func.func @subview_missing_sizes(%m: memref<8x16xf32>) {
  // expected-error @+1 {{'memref.subview' op requires attribute 'static_sizes'}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_strides = array<i64: 1, 1>}> : (memref<8x16xf32>) -> memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @subview_i32_stride(%m: memref<8x16xf32>, %i: i32) {
  // expected-error @+1 {{'memref.subview' op operand #1 must be variadic of index, but got 'i32'}}
  %0 = "memref.subview"(%m, %i) <{operandSegmentSizes = array<i32: 1, 0, 0, 1>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<8x16xf32>, i32) -> memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

// reinterpret_cast takes an unranked source, not a tensor, and gives a
// ranked (strided) memref.
func.func @reinterpret_tensor(%t: tensor<8x16xf32>) {
  // expected-error @+1 {{'memref.reinterpret_cast' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<8x16xf32>'}}
  %0 = "memref.reinterpret_cast"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 16, 1>}> : (tensor<8x16xf32>) -> memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @reinterpret_to_unranked(%m: memref<*xf32>) {
  // expected-error @+1 {{'memref.reinterpret_cast' op result #0 must be strided memref of any type values, but got 'memref<*xf32>'}}
  %0 = "memref.reinterpret_cast"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 16, 1>}> : (memref<*xf32>) -> memref<*xf32>
  return
}

// -----

func.func @reinterpret_missing_offsets(%m: memref<8x16xf32>) {
  // expected-error @+1 {{'memref.reinterpret_cast' op requires attribute 'static_offsets'}}
  %0 = "memref.reinterpret_cast"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 16, 1>}> : (memref<8x16xf32>) -> memref<4x4xf32, strided<[16, 1]>>
  return
}
