/*
 * verify_slice.c - what the four slice ops (memref.subview,
 * memref.reinterpret_cast, tensor.extract_slice, tensor.insert_slice)
 * have in common, checked in mlir-opt-22's order:
 *
 *   1. ODS's invariants: the static lists present, each a dense i64 array
 *      (MLIR refuses any other kind when it converts the properties);
 *      the kinds of the operands before the lists, the lists' operands
 *      of type index, the result's kind; insert_slice's result type is
 *      its destination's;
 *   2. OffsetSizeAndStrideOpInterface: each list's dynamic entries as
 *      many as its operands, the lists' ranks agree, each list as long as
 *      the op wants, no negative static offset or size;
 *   3. the op's own verifier: the result type (a tensor slice's here, a
 *      subview's in verify_subview.c, reinterpret_cast's in
 *      syntax_memref.c), then the slice inside its source
 *      (verifyInBoundsSlice).
 *
 * Messages are mlir-opt-22's, found by feeding it each broken form. One is
 * ours: a source or destination segment of other than one operand, which
 * mlir-opt-22 does not check (it reads past the operands).
 */
#include <stdio.h>

#include "irint.h"

static const char *const props[3] = {"static_offsets", "static_sizes",
                                     "static_strides"};

/* The kinds ODS asks of a slice op's operands and result. */
enum { K_MEMREF, K_ANY_MEMREF, K_STRIDED, K_TENSOR };

static const char *const kind_text[] = {
    [K_MEMREF] = "memref of any type values",
    [K_ANY_MEMREF] = "ranked or unranked memref of any type values",
    [K_STRIDED] = "strided memref of any type values",
    [K_TENSOR] = "ranked tensor of any type values",
};

/* A strided memref's layout may also be an affine map that is strided;
 * one of several results is not (one result is taken here undecided). */
static int kind_ok(const IrCtx *c, uint32_t t, int k) {
  const IrType *ty = t ? ir_type(c, t) : NULL;
  if (!ty) return 0;
  switch (k) {
  case K_ANY_MEMREF: return ty->kind == IR_T_MEMREF || ty->kind == IR_T_UMEMREF;
  case K_TENSOR: return ty->kind == IR_T_TENSOR;
  case K_STRIDED: return ty->kind == IR_T_MEMREF && !ir_layout_multi_result(c, t);
  default: return ty->kind == IR_T_MEMREF;
  }
}

typedef struct Shape {
  uint8_t heads;   /* operands (segments) before the lists */
  uint8_t head[2]; /* their kinds */
  uint8_t result;  /* the result's kind */
} Shape;

static const Shape shapes[] = {
    [IR_SLICE_SUBVIEW] = {1, {K_MEMREF, 0}, K_MEMREF},
    [IR_SLICE_REINTERPRET] = {1, {K_ANY_MEMREF, 0}, K_STRIDED},
    [IR_SLICE_EXTRACT] = {1, {K_TENSOR, 0}, K_TENSOR},
    [IR_SLICE_INSERT] = {2, {K_TENSOR, K_TENSOR}, K_TENSOR},
};

/* Step 1. The op has one result (the registry checks counts first) and
 * operandSegmentSizes sums to its operands (ir_verify_segments). */
static int ods(const IrModule *m, uint32_t op, IrDiag *d, const Shape *sh,
               const uint32_t *seg) {
  const IrCtx *c = m->ctx;
  const IrOp *o = &m->ops[op];
  for (int k = 0; k < 3; k++) {
    uint32_t a = ir_op_prop_lit(m, op, props[k]);
    const IrAttr *at = a ? ir_attr(c, a) : NULL;
    if (at && (at->kind != IR_A_DENSE_ARRAY || !ir_type_is_int(c, at->type, 64)))
      return ir_syntax_prop_error(m, op, d, props[k], a);
  }
  for (int k = 0; k < 3; k++)
    if (!ir_op_prop_lit(m, op, props[k]))
      return ir_syntax_op_error(m, op, d, "requires attribute '%s'", props[k]);
  /* ODS checks the operands group by group, numbering them all */
  uint32_t i = 0, g = 0;
  for (; g < sh->heads; g++)
    for (uint32_t e = i + seg[g]; i < e; i++)
      if (!kind_ok(c, ir_vtype(m, ir_operand(m, op, i)), sh->head[g]))
        return ir_syntax_type_error(m, op, d, "operand", i, kind_text[sh->head[g]],
                        ir_vtype(m, ir_operand(m, op, i)));
  for (; i < o->n_operands; i++) {
    uint32_t t = ir_vtype(m, ir_operand(m, op, i));
    if (!t || ir_type(c, t)->kind != IR_T_INDEX)
      return ir_syntax_type_error(m, op, d, "operand", i, "variadic of index", t);
  }
  uint32_t rt = ir_vtype(m, ir_result(m, op, 0));
  if (!kind_ok(c, rt, sh->result))
    return ir_syntax_type_error(m, op, d, "result", 0, kind_text[sh->result], rt);
  for (g = 0, i = 0; g < sh->heads; i += seg[g++])
    if (seg[g] != 1)
      return ir_syntax_op_error(m, op, d, "operand group starting at #%u "
                                "requires 1 element, but found %u", i, seg[g]);
  if (sh == &shapes[IR_SLICE_INSERT] && rt != ir_vtype(m, ir_operand(m, op, 1)))
    return ir_syntax_op_error(m, op, d, "failed to verify that expected result "
                              "type to match dest type");
  return 0;
}

/* Step 2. `want_off` is the offsets list's length (reinterpret_cast: 1),
 * `rank` the others'. */
static int interface(const IrModule *m, uint32_t op, IrDiag *d, const Shape *sh,
                     const uint32_t *seg, uint32_t want_off, uint32_t rank,
                     const int64_t *lists[3]) {
  static const char *const plural[3] = {"offsets", "sizes", "strides"};
  static const char *const one[3] = {"offset", "size", "stride"};
  const IrCtx *c = m->ctx;
  uint32_t loc = m->ops[op].loc, len[3];
  for (int k = 0; k < 3; k++) {
    uint32_t a = ir_op_prop_lit(m, op, props[k]), ndyn = 0;
    len[k] = ir_attr(c, a)->n;
    lists[k] = ir_attr_i64(c, a);
    for (uint32_t i = 0; i < len[k]; i++) ndyn += lists[k][i] == IR_DYN;
    if (ndyn != seg[sh->heads + k])
      return ir_diag(d, c, loc, IR_SEV_ERROR, "expected the number of '%s' to "
                     "match the number of dynamic entries in '%s' (%u vs %u)",
                     plural[k], props[k], seg[sh->heads + k], ndyn), -1;
  }
  if (!(len[0] == 1 && want_off == 1) && len[0] != len[1])
    return ir_diag(d, c, loc, IR_SEV_ERROR, "expected mixed offsets rank to "
                   "match mixed sizes rank (%u vs %u) so the rank of the "
                   "result type is well-formed.", len[0], len[1]), -1;
  if (len[1] != len[2])
    return ir_diag(d, c, loc, IR_SEV_ERROR, "expected mixed sizes rank to "
                   "match mixed strides rank (%u vs %u) so the rank of the "
                   "result type is well-formed.", len[1], len[2]), -1;
  uint32_t want[3] = {want_off, rank, rank};
  for (int k = 0; k < 3; k++)
    if (len[k] != want[k])
      return ir_diag(d, c, loc, IR_SEV_ERROR, "expected %u %s values, got %u",
                     want[k], one[k], len[k]), -1;
  for (int k = 0; k < 2; k++) /* strides may be negative */
    for (uint32_t i = 0; i < len[k]; i++)
      if (lists[k][i] < 0 && lists[k][i] != IR_DYN)
        return ir_diag(d, c, loc, IR_SEV_ERROR, "expected %s to be "
                       "non-negative, but got %lld", plural[k],
                       (long long)lists[k][i]), -1;
  return 0;
}

int ir_verify_slice_common(const IrModule *m, uint32_t op, IrDiag *d, int which,
                           const int64_t *lists[3]) {
  const Shape *sh = &shapes[which];
  uint32_t seg[5], first;
  for (uint32_t k = 0; k < sh->heads + 3u; k++)
    if (ir_segment(m, op, k, &first, &seg[k]) < 0) seg[k] = 0;
  if (ods(m, op, d, sh, seg) < 0) return -1;
  const IrCtx *c = m->ctx;
  /* the lists' lengths: the source's rank, reinterpret_cast's result's,
   * insert_slice's destination's */
  uint32_t of = which == IR_SLICE_REINTERPRET ? ir_vtype(m, ir_result(m, op, 0))
                : ir_vtype(m, ir_operand(m, op, which == IR_SLICE_INSERT));
  uint32_t rank = ir_type(c, of)->n;
  return interface(m, op, d, sh, seg,
                   which == IR_SLICE_REINTERPRET ? 1 : rank, rank, lists);
}

int ir_verify_slice_bounds(const IrModule *m, uint32_t op, IrDiag *d,
                           uint32_t src, const int64_t *lists[3]) {
  const IrCtx *c = m->ctx;
  uint32_t t = ir_vtype(m, ir_operand(m, op, src));
  char msg[160];
  if (!ir_slice_in_bounds(ir_type_dims(c, t), ir_type(c, t)->n, lists[0],
                          lists[1], lists[2], msg, sizeof msg))
    return ir_diag(d, c, m->ops[op].loc, IR_SEV_ERROR, "%s", msg), -1;
  return 0;
}

/* isRankReducedType(expected, candidate) for tensors: the expected type is
 * the static sizes with the element type and encoding of `of` (the
 * encodings are not compared); the candidate's sizes must be the
 * expected ones with some 1s dropped, and its element type the same. */
static int tensor_type(const IrModule *m, uint32_t op, IrDiag *d, uint32_t of,
                       uint32_t cand, const int64_t *sizes) {
  const IrCtx *c = m->ctx;
  const IrType *to = ir_type(c, of), *tc = ir_type(c, cand);
  uint32_t n = to->n, rn = tc->n, loc = m->ops[op].loc;
  if (rn > n)
    return ir_diag(d, c, loc, IR_SEV_ERROR, "expected rank to be smaller or "
                   "equal to the other rank. "), -1;
  if (!ir_sizes_reduce(sizes, n, ir_type_dims(c, cand), rn)) {
    char e[512];
    ir_tensor_parts_str(c, e, sizeof e, n, sizes, to->elem, to->layout);
    return ir_diag(d, c, loc, IR_SEV_ERROR, "expected type to be '%s' or a "
                   "rank-reduced version. (size mismatch) ", e), -1;
  }
  if (to->elem != tc->elem) {
    char e[256];
    ir_type_str(c, to->elem, e, sizeof e);
    return ir_diag(d, c, loc, IR_SEV_ERROR, "expected element type to be '%s'",
                   e), -1;
  }
  return 0;
}

/* ExtractSliceOp::verify and InsertSliceOp::verify after the common
 * rules: insert_slice is the inverse, so its source is checked against
 * the type extracting the slice from the destination would have. */
int ir_verify_tensor_slice(const IrModule *m, uint32_t op, IrDiag *d, int insert) {
  const int64_t *lists[3];
  if (ir_verify_slice_common(m, op, d, insert ? IR_SLICE_INSERT : IR_SLICE_EXTRACT,
                             lists) < 0)
    return -1;
  uint32_t of = ir_vtype(m, ir_operand(m, op, insert)),
           cand = insert ? ir_vtype(m, ir_operand(m, op, 0))
                         : ir_vtype(m, ir_result(m, op, 0));
  if (tensor_type(m, op, d, of, cand, lists[1]) < 0) return -1;
  return ir_verify_slice_bounds(m, op, d, insert, lists);
}
