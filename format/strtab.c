/*
 * strtab.c - the static string table of .irb version 1 (FORMAT.md 3.0).
 *
 * PART OF THE FORMAT: a string entry of a payload may name one of these by
 * index instead of spelling it, so op names, property names and common
 * values cost one or two bytes. Entries never change or move; a later minor
 * version may only append (and then writes its own minor number, which
 * older readers reject). The list is frozen here, not generated from
 * ops.def, so editing the op registry never changes the format.
 * Most frequent strings first: indices below 64 encode in one byte.
 */
#include "irbint.h"

const char *const irb_static_strs[] = {
  "builtin.module", "func.func", "func.return", "function_type", "sym_name",
  "operandSegmentSizes", "memref.alloc", "memref.dealloc", "sym_visibility",
  "private", "public", "nested", "arith.constant", "value",
  "bufferization.dealloc", "bufferization.clone", "scf.yield", "scf.for",
  "scf.if", "cf.br", "cf.cond_br", "predicate", "memref.alloca",
  "memref.realloc", "memref.load", "memref.store", "memref.subview",
  "memref.cast", "arith.cmpi", "arith.select", "arith.addi", "overflowFlags",
  "#arith.overflow<none>", "fastmath", "#arith.fastmath<none>", "func.call",
  "callee", "bufferization.to_buffer", "bufferization.to_tensor",
  "memref.copy", "memref.dim", "arith.index_cast", "alignment",
  "static_offsets", "static_sizes", "static_strides",
  "memref.extract_strided_metadata", "scf.while", "scf.condition",
  "test.copy", "test.buffer_based", "test.region_buffer_based",
  "test.region_yield", "test.read_buffer", "test.memref_user", "arg_attrs",
  "res_attrs", "memref.reinterpret_cast", "memref.view",
  "builtin.unrealized_conversion_cast", "arith.subi", "arith.muli",
  "arith.divsi", "arith.divui", "arith.ceildivsi", "arith.floordivsi",
  "arith.remsi", "arith.remui", "arith.minsi", "arith.maxsi", "arith.minui",
  "arith.maxui", "arith.andi", "arith.ori", "arith.xori", "arith.shli",
  "arith.shrsi", "arith.shrui", "arith.cmpf", "arith.index_castui",
  "arith.extui", "arith.extsi", "arith.trunci", "arith.sitofp",
  "arith.uitofp", "arith.fptosi", "arith.fptoui", "arith.extf",
  "arith.truncf", "arith.addf", "arith.subf", "arith.mulf", "arith.divf",
  "arith.negf", "arith.minimumf", "arith.maximumf", "math.exp", "math.ceil",
  "index.constant", "memref.expand_shape", "memref.collapse_shape",
  "memref.reshape", "memref.extract_aligned_pointer_as_index", "memref.rank",
  "memref.get_global", "memref.global", "memref.assume_alignment",
  "memref.prefetch", "bufferization.to_memref", "bufferization.alloc_tensor",
  "cf.switch", "cf.assert", "scf.execute_region", "scf.index_switch",
  "scf.parallel", "scf.forall", "scf.forall.in_parallel", "scf.reduce",
  "scf.reduce.return", "linalg.fill", "linalg.ceil", "linalg.dot",
  "linalg.yield", "tensor.cast", "tensor.dim", "tensor.extract",
  "tensor.insert", "tensor.extract_slice", "tensor.insert_slice",
  "tensor.collapse_shape", "tensor.pad", "tensor.yield", "shape.assuming",
  "shape.assuming_yield", "gpu.alloc", "gpu.dealloc", "gpu.wait",
  "affine.for", "affine.if", "affine.load", "affine.apply", "affine.yield",
  "vector.print", "vector.vscale", "transform.named_sequence",
  "transform.structured.match", "transform.structured.vectorize",
  "transform.yield", "test.region_if", "test.region_if_yield",
  "test.forward_buffer", "test.make_condition", "test.side_effect_op",
  "test.one_region_with_recursive_memory_effects",
  "test.isolated_one_region_with_recursive_memory_effects", "test.return",
  "case_operand_segments", "case_values", "cases", "cast", "condition",
  "constant", "filter_operand_types", "filter_result_type", "hostShared",
  "initial_value", "interface", "isDataCache", "isExact", "isWrite",
  "localityHint", "lowerBoundMap", "map", "mapping", "memory_space", "msg",
  "name", "no_inline", "nofold", "nontemporal", "op_attrs", "ops",
  "punctuation", "read_only", "reassociation", "restrict", "roundingmode",
  "scalable_sizes", "size_hint", "staticLowerBound", "staticStep",
  "staticUpperBound", "static_high", "static_low", "static_output_shape",
  "static_vector_sizes", "step", "stringLiteral", "type", "unsignedCmp",
  "upperBoundMap", "vectorize_nd_extract", "writable",
  "test.unregistered_op_foo", "effects", "effect", "read", "write",
  "free_effect", "#vector.punctuation<newline>", "llvm.emit_c_interface",
};
const uint32_t irb_n_static_strs = sizeof irb_static_strs / sizeof irb_static_strs[0];
