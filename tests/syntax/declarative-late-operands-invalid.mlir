// RUN: ir-asm --split-input-file -verify-diagnostics %s
// RUN: mlir-opt --split-input-file --verify-diagnostics %s
// REQUIRES: mlir-opt
// Ops whose assembly format is declarative (or whose C++ parser keeps its
// operands unresolved until the types are read) report a problem later in
// the op before an operand of the wrong type: each case below uses an f32
// where an index, a token or a memref belongs, and also has a later error,
// which is the one reported. The affine ops check their operand counts
// against the map where their parsers do, at the op's name.

func.func @alloc_sizes_after_type(%f: f32) {
  // expected-error @+1 {{custom op 'memref.alloc' invalid kind of type specified: expected builtin.memref, but found 'f32'}}
  %0 = memref.alloc(%f) : f32
  return
}

// -----

func.func @alloca_symbols_after_type(%f: f32) {
  // expected-error @+1 {{custom op 'memref.alloca' invalid kind of type specified: expected builtin.memref, but found 'i8'}}
  %0 = memref.alloca()[%f] : i8
  return
}

// -----

func.func @subview_offsets_after_type(%m: memref<8xf32>, %f: f32) {
  // expected-error @+1 {{custom op 'memref.subview' invalid kind of type specified: expected builtin.memref, but found 'tensor<8xf32>'}}
  %0 = memref.subview %m[%f] [2] [1] : tensor<8xf32> to memref<2xf32>
  return
}

// -----

func.func @reinterpret_sizes_after_type(%m: memref<8xf32>, %f: f32) {
  // expected-error @+1 {{custom op 'memref.reinterpret_cast' invalid kind of type specified}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [%f], strides: [1] : index to memref<?xf32>
  return
}

// -----

func.func @expand_shape_after_type(%m: memref<?xf32>, %f: f32) {
  // expected-error @+1 {{custom op 'memref.expand_shape' invalid kind of type specified: expected builtin.memref, but found 'f16'}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [%f, 2] : memref<?xf32> into f16
  return
}

// -----

func.func @extract_indices_after_type(%t: tensor<3xf32>, %f: f32) {
  // expected-error @+1 {{custom op 'tensor.extract' invalid kind of type specified: expected builtin.tensor, but found 'memref<3xf32>'}}
  %0 = tensor.extract %t[%f] : memref<3xf32>
  return
}

// -----

// The tensor is resolved before its indices.
// expected-note @+1 {{prior use here}}
func.func @extract_tensor_first(%t: tensor<3xf32>, %f: f32) {
  // expected-error @+1 {{use of value '%f' expects different type than prior uses: 'tensor<3xf32>' vs 'f32'}}
  %0 = tensor.extract %f[%t] : tensor<3xf32>
  return
}

// -----

func.func @insert_indices_after_dict(%t: tensor<3xf32>, %v: f32) {
  // expected-error @+1 {{expected attribute value}}
  %0 = tensor.insert %v into %t[%v] {x = } : tensor<3xf32>
  return
}

// -----

func.func @extract_slice_after_type(%t: tensor<8xf32>, %f: f32) {
  // expected-error @+1 {{custom op 'tensor.extract_slice' invalid kind of type specified: expected builtin.tensor, but found 'i1'}}
  %0 = tensor.extract_slice %t[0] [%f] [1] : i1 to tensor<?xf32>
  return
}

// -----

func.func @insert_slice_after_type(%t: tensor<8xf32>, %f: f32) {
  // expected-error @+1 {{custom op 'tensor.insert_slice' invalid kind of type specified: expected builtin.tensor, but found 'index'}}
  %0 = tensor.insert_slice %t into %t[0] [8] [%f] : index into tensor<8xf32>
  return
}

// -----

func.func @tensor_dim_type_kind(%t: tensor<4xf32>, %f: f32) {
  // expected-error @+1 {{custom op 'tensor.dim' invalid kind of type specified}}
  %0 = tensor.dim %t, %f : memref<4xf32>
  return
}

// -----

func.func @alloc_tensor_type_kind(%i: index) {
  // expected-error @+1 {{custom op 'bufferization.alloc_tensor' invalid kind of type specified}}
  %0 = bufferization.alloc_tensor(%i) : memref<?xf32>
  return
}

// -----

func.func @alloc_tensor_sizes_after_type(%f: f32) {
  // expected-error @+1 {{custom op 'bufferization.alloc_tensor' invalid kind of type specified}}
  %0 = bufferization.alloc_tensor(%f) : vector<4xf32>
  return
}

// -----

func.func @gpu_alloc_tokens_after_type(%f: f32) {
  // expected-error @+1 {{custom op 'gpu.alloc' invalid kind of type specified: expected builtin.memref, but found 'f32'}}
  %0 = gpu.alloc [%f] () : f32
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @gpu_alloc_tokens_first(%f: f32) {
  // expected-error @+1 {{use of value '%f' expects different type than prior uses: '!gpu.async.token' vs 'f32'}}
  %0 = gpu.alloc [%f] (%f) : memref<?xf32>
  return
}

// -----

func.func @gpu_dealloc_type_kind(%f: f32) {
  // expected-error @+1 {{custom op 'gpu.dealloc' invalid kind of type specified: expected builtin.memref, but found 'f32'}}
  gpu.dealloc %f : f32
  return
}

// -----

func.func @gpu_wait_tokens_after_dict(%f: f32) {
  // expected-error @+1 {{expected attribute value}}
  %t = gpu.wait async [%f] {x = }
  return
}

// -----

func.func @gpu_wait_unnamed_async() {
  // expected-error @+1 {{custom op 'gpu.wait' needs to be named when marked 'async'}}
  gpu.wait async
  return
}

// -----

func.func @gpu_tokens_unclosed(%t: !gpu.async.token) {
  // expected-error @+1 {{expected ']' in operand list}}
  %0 = gpu.alloc [%t () : memref<4xf32>
  return
}

// -----

#two = affine_map<(d0)[s0] -> (d0 + s0)>
// expected-note @+1 {{prior use here}}
func.func @apply_dims_before_dict(%f: f32) {
  // expected-error @+1 {{use of value '%f' expects different type than prior uses: 'index' vs 'f32'}}
  %0 = affine.apply #two(%f)[%f] {x = }
  return
}

// -----

#two = affine_map<(d0)[s0] -> (d0 + s0)>
func.func @apply_count_after_dict(%i: index) {
  // expected-error @+1 {{expected attribute value}}
  %0 = affine.apply #two(%i) {x = }
  return
}

// -----

#two = affine_map<(d0)[s0] -> (d0 + s0)>
func.func @apply_count(%i: index) {
  // expected-error @+1 {{custom op 'affine.apply' dimension or symbol index mismatch}}
  %0 = affine.apply #two(%i)
  return
}

// -----

#two = affine_map<(d0)[s0] -> (d0 + s0)>
func.func @apply_symbols_unclosed(%i: index) {
  // expected-error @+1 {{expected ']' in operand list}}
  %0 = affine.apply #two(%i)[%i
  return
}

// -----

#two = affine_map<(d0)[s0] -> (d0 + s0)>
func.func @apply_dims_missing(%i: index) {
  // expected-error @+1 {{expected '(' in operand list}}
  %0 = affine.apply #two %i
  return
}

// -----

#set = affine_set<(d0)[s0] : (d0 - s0 >= 0)>
func.func @if_count(%i: index) {
  // expected-error @+1 {{custom op 'affine.if' symbol operand count and integer set symbol count must match}}
  affine.if #set(%i) {
  }
  return
}

// -----

#set = affine_set<(d0)[s0] : (d0 - s0 >= 0)>
func.func @if_dim_count(%i: index) {
  // expected-error @+1 {{custom op 'affine.if' dim operand count and integer set dim count must match}}
  affine.if #set()[%i] {
  }
  return
}

// -----

#two = affine_map<(d0)[s0] -> (d0 + s0)>
func.func @for_bound_count(%i: index) {
  // expected-error @+1 {{custom op 'affine.for' symbol operand count and affine map symbol count must match}}
  affine.for %x = #two(%i) to 10 {
  }
  return
}

// -----

#pair = affine_map<(d0) -> (d0, d0 + 1)>
func.func @for_lower_needs_max(%i: index) {
  // expected-error @+1 {{custom op 'affine.for' lower loop bound affine map with multiple results requires 'max' prefix}}
  affine.for %x = #pair(%i) to 10 {
  }
  return
}

// -----

#pair = affine_map<(d0) -> (d0, d0 + 1)>
func.func @for_upper_needs_min(%i: index) {
  // expected-error @+1 {{custom op 'affine.for' upper loop bound affine map with multiple results requires 'min' prefix}}
  affine.for %x = 0 to #pair(%i) {
  }
  return
}

// -----

// affine.load resolves the memref, then the subscripts' operands.
// expected-note @+1 {{prior use here}}
func.func @affine_load_memref_first(%t: tensor<4xf32>, %f: f32) {
  // expected-error @+1 {{use of value '%t' expects different type than prior uses: 'memref<4xf32>' vs 'tensor<4xf32>'}}
  %0 = affine.load %t[%f] : memref<4xf32>
  return
}

// -----

// affine.store resolves the stored value first.
// expected-note @+1 {{prior use here}}
func.func @affine_store_value_first(%m: memref<4xf32>, %f: f32) {
  // expected-error @+1 {{use of value '%m' expects different type than prior uses: 'f32' vs 'memref<4xf32>'}}
  affine.store %m, %m[%f] : memref<4xf32>
  return
}

// -----

// An affine.for bound written as an SSA value is read as a list of them.
func.func @for_lower_bound_list(%i: index) {
  // expected-error @+1 {{custom op 'affine.for' expected only one loop bound operand}}
  affine.for %x = %i, %i to 10 {
  }
  return
}

// -----

func.func @for_upper_bound_list(%i: index) {
  // expected-error @+1 {{custom op 'affine.for' expected only one loop bound operand}}
  affine.for %x = 0 to %i, %i {
  }
  return
}
