/*
 * shape.c - arithmetic on memref and tensor shapes that MLIR's verifiers
 * and folders share: a memref type's strides, and whether a slice stays
 * inside its source. Products and sums wrap as MLIR's int64_t arithmetic
 * does in a release build (no undefined behaviour here, and the same
 * numbers as mlir-opt-22 where a shape overflows).
 */
#include <stdio.h>

#include "ctx.h"

static int64_t wrap_mul(int64_t a, int64_t b) {
  return (int64_t)((uint64_t)a * (uint64_t)b);
}

/* makeCanonicalStridedLayoutExpr, which getStridesAndOffset uses for the
 * identity layout: the stride of a dimension is the product of the sizes
 * inside it while they are all positive; past a `?` or a 0 every stride
 * is a symbol, so dynamic (memref<3x0x5xf32>: [?, 5, 1]). mlir-opt-22
 * folds the strides of memref<99999999999x99999999999x99999999999xf32> to
 * [1864711849423024129, 99999999999, 1]. */
int ir_type_strides(const IrCtx *c, uint32_t type, int64_t *off, int64_t *strides) {
  if (!type || type >= c->n_types) return 0;
  const IrType *t = ir_type(c, type);
  if (t->kind != IR_T_MEMREF) return 0;
  const int64_t *dims = ir_type_dims(c, type);
  if (t->layout) {
    const IrAttr *a = ir_attr(c, t->layout);
    if (a->kind != IR_A_STRIDED || a->n != t->n) return 0;
    *off = a->ival;
    if (t->n) memcpy(strides, ir_attr_i64(c, t->layout), t->n * sizeof *strides);
    return 1;
  }
  int64_t s = 1;
  *off = 0;
  for (uint32_t i = t->n; i-- > 0;) {
    strides[i] = s;
    s = s == IR_DYN || dims[i] <= 0 ? IR_DYN : wrap_mul(s, dims[i]); /* IR_DYN < 0 */
  }
  return 1;
}

int ir_layout_strides(const IrCtx *c, uint32_t type, int64_t *off, int64_t *strides) {
  if (ir_type_strides(c, type, off, strides)) return 1;
  const IrType *t = type && type < c->n_types ? ir_type(c, type) : NULL;
  return t && t->kind == IR_T_MEMREF && t->layout &&
         ir_affine_map_strides(c, t->layout, t->n, off, strides);
}

int ir_layout_multi_result(const IrCtx *c, uint32_t type) {
  const IrType *t = type && type < c->n_types ? ir_type(c, type) : NULL;
  uint32_t nd, ns, nr;
  return t && t->kind == IR_T_MEMREF && t->layout &&
         !ir_affine_map_arity(c, t->layout, &nd, &ns, &nr) && nr > 1;
}

/* verifyInBoundsSlice: per dimension whose size and offset are static,
 * the offset is inside it, and (sizes and strides static too) so is the
 * last element, offset + (size - 1) * stride. A size of 0 does not excuse
 * the offset: [4] [0] [1] of memref<4xf32> is out of bounds for MLIR. */
int ir_slice_in_bounds(const int64_t *shape, uint32_t n, const int64_t *offs,
                       const int64_t *sizes, const int64_t *strides, char *msg,
                       size_t cap) {
  for (uint32_t i = 0; i < n; i++) {
    if (shape[i] == IR_DYN || offs[i] == IR_DYN) continue;
    if (offs[i] >= shape[i]) {
      if (msg)
        snprintf(msg, cap, "offset %u is out-of-bounds: %lld >= %lld", i,
                 (long long)offs[i], (long long)shape[i]);
      return 0;
    }
    if (sizes[i] == IR_DYN || strides[i] == IR_DYN) continue;
    int64_t last = (int64_t)((uint64_t)offs[i] + (uint64_t)wrap_mul(sizes[i] - 1, strides[i]));
    if (last >= shape[i]) {
      if (msg)
        snprintf(msg, cap, "slice along dimension %u runs out-of-bounds: "
                 "%lld >= %lld", i, (long long)last, (long long)shape[i]);
      return 0;
    }
  }
  return 1;
}

/* The symbols of a memref type's layout map, as many as an alloc of the
 * type takes in brackets: none for the identity, one per `?` of a
 * strided<> layout (makeStridedLinearLayoutMap), an affine map's own. */
uint32_t ir_type_layout_symbols(const IrCtx *c, uint32_t type) {
  const IrType *t = ir_type(c, type);
  if (t->kind != IR_T_MEMREF || !t->layout) return 0;
  const IrAttr *la = ir_attr(c, t->layout);
  uint32_t n = 0;
  if (la->kind == IR_A_AFFINE_MAP) {
    uint32_t nd, nres;
    ir_affine_map_arity(c, t->layout, &nd, &n, &nres);
  } else if (la->kind == IR_A_STRIDED) {
    const int64_t *st = ir_attr_i64(c, t->layout);
    n = la->ival == IR_DYN;
    for (uint32_t i = 0; i < la->n; i++) n += st[i] == IR_DYN;
  }
  return n;
}
