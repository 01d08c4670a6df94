/*
 * canon_memref.c - folds and canonicalization of the memref dialect
 * (MemRefOps.cpp): constant sizes of alloc / alloca move into the type (a
 * memref.cast keeps the old type for the users); an allocation only stored
 * into and freed goes with its stores and frees; ops looking through a
 * memref.cast use its source; dim of a static size or of an allocation's
 * size operand folds; extract_strided_metadata's static results become
 * constants; a copy onto itself goes.
 */
#include <stdlib.h>

#include "canon.h"
#include "canon_dealloc.h"

#define OPD(op, k) rw_operand(c->rw, (op), (k))

static uint32_t res_type(Canon *c, uint32_t op) {
  return rw_type(c->rw, rw_result(c->rw, op, 0));
}

static const IrType *mtype(Canon *c, uint32_t type) {
  const IrType *t = ir_type(c->ctx, type);
  return t->kind == IR_T_MEMREF ? t : NULL;
}

/* Strides and offset of a ranked memref type with an identity or strided
 * layout (IR_DYN for `?`); 0 for any other layout. */
static int strides_of(Canon *c, uint32_t type, int64_t *off, int64_t *st) {
  const IrType *t = mtype(c, type);
  if (!t) return 0;
  const int64_t *dims = ir_type_dims(c->ctx, type);
  if (t->layout) {
    const IrAttr *a = ir_attr(c->ctx, t->layout);
    if (a->kind != IR_A_STRIDED || a->n != t->n) return 0;
    *off = a->ival;
    memcpy(st, ir_attr_i64(c->ctx, t->layout), t->n * sizeof *st);
    return 1;
  }
  int64_t s = 1;
  *off = 0;
  for (uint32_t i = t->n; i-- > 0;) {
    st[i] = s;
    if (s == IR_DYN || dims[i] == IR_DYN) s = IR_DYN;
    else s *= dims[i];
  }
  return 1;
}

/* memref::CastOp::canFoldIntoConsumerOp: the cast only forgets static
 * information (sizes, offset, strides). */
static int cast_foldable(Canon *c, uint32_t cast) {
  uint32_t st = rw_type(c->rw, OPD(cast, 0)), rt = res_type(c, cast);
  const IrType *a = mtype(c, st), *b = mtype(c, rt);
  if (!a || !b || a->elem != b->elem || a->n != b->n) return 0;
  int64_t oa, ob;
  int64_t *sa = ir_xmalloc((a->n + 1) * sizeof *sa), *sb = ir_xmalloc((a->n + 1) * sizeof *sb);
  int ok = strides_of(c, st, &oa, sa) && strides_of(c, rt, &ob, sb);
  const int64_t *da = ir_type_dims(c->ctx, st), *db = ir_type_dims(c->ctx, rt);
  for (uint32_t i = 0; ok && i < a->n; i++)
    if (da[i] != db[i] && da[i] == IR_DYN && db[i] != IR_DYN) ok = 0;
  if (ok && oa != ob && oa == IR_DYN && ob != IR_DYN) ok = 0;
  for (uint32_t i = 0; ok && i < a->n; i++)
    if (sa[i] != sb[i] && sa[i] == IR_DYN && sb[i] != IR_DYN) ok = 0;
  free(sa);
  free(sb);
  return ok;
}

/* ====================================================================== */
/* Folds                                                                  */
/* ====================================================================== */

static int fold_cast_operands(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  (void)cst;
  (void)r;
  return canon_fold_memref_cast(c, op, RW_NONE) ? CANON_INPLACE : CANON_FAIL;
}

/* store: the stored value is not looked through */
static int fold_store(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  (void)cst;
  (void)r;
  return canon_fold_memref_cast(c, op, OPD(op, 0)) ? CANON_INPLACE : CANON_FAIL;
}

static int fold_cast(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  (void)cst;
  if (canon_fold_memref_cast(c, op, RW_NONE)) return CANON_INPLACE;
  if (rw_type(c->rw, OPD(op, 0)) == res_type(c, op)) {
    r[0].val = OPD(op, 0);
    r[0].attr = 0;
    return CANON_REPLACE;
  }
  return CANON_FAIL;
}

static int fold_copy(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  (void)cst;
  (void)r;
  int folded = 0;
  for (uint32_t k = 0; k < 2; k++) {
    uint32_t d = rw_def(c->rw, OPD(op, k));
    if (d != RW_NONE && c->rw->ops[d].opc == IR_OP_MEMREF_CAST && cast_foldable(c, d)) {
      rw_set_operand(c->rw, op, k, OPD(d, 0));
      folded = 1;
    }
  }
  return folded ? CANON_INPLACE : CANON_FAIL;
}

/* The n-th dynamic dimension of a shape before dimension `dim`. */
static uint32_t dyn_index(const int64_t *dims, uint32_t dim) {
  uint32_t k = 0;
  for (uint32_t i = 0; i < dim; i++) k += dims[i] == IR_DYN;
  return k;
}

static int fold_dim(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  int64_t idx;
  if (!canon_attr_int(c->ctx, cst[1], &idx)) return CANON_FAIL;
  uint32_t src = OPD(op, 0), st = rw_type(c->rw, src);
  const IrType *t = mtype(c, st);
  if (!t || idx < 0 || (uint64_t)idx >= t->n) return CANON_FAIL;
  const int64_t *dims = ir_type_dims(c->ctx, st);
  if (dims[idx] != IR_DYN) {
    r[0].val = RW_NONE;
    r[0].attr = ir_attr_int(c->ctx, dims[idx], c->t_index);
    return CANON_REPLACE;
  }
  uint32_t d = rw_def(c->rw, src);
  if (d != RW_NONE && (c->rw->ops[d].opc == IR_OP_ALLOC || c->rw->ops[d].opc == IR_OP_ALLOCA)) {
    uint32_t k = dyn_index(dims, (uint32_t)idx);
    if (k < c->rw->ops[d].n_opd) {
      r[0].val = OPD(d, k);
      r[0].attr = 0;
      return CANON_REPLACE;
    }
  }
  return canon_fold_memref_cast(c, op, RW_NONE) ? CANON_INPLACE : CANON_FAIL;
}

/* Results of extract_strided_metadata known from the type become
 * constants (created and substituted without notifying the driver, as
 * MLIR's folder does with its own builder). */
static int fold_extract_strided_metadata(Canon *c, uint32_t op, const uint32_t *cst,
                                         CanonFold *r) {
  (void)cst;
  (void)r;
  Rw *rw = c->rw;
  uint32_t st = rw_type(rw, OPD(op, 0));
  const IrType *t = mtype(c, st);
  if (!t) return CANON_FAIL;
  uint32_t rank = t->n;
  if (rw->ops[op].n_res != 2 + 2 * rank) return CANON_FAIL;
  int64_t off;
  int64_t *strides = ir_xmalloc((rank + 1) * sizeof *strides);
  if (!strides_of(c, st, &off, strides)) {
    free(strides);
    return CANON_FAIL;
  }
  const int64_t *dims = ir_type_dims(c->ctx, st);
  int changed = 0;
  RwListener *saved = rw->listener;
  rw->listener = NULL;
  for (uint32_t k = 1; k < 2 + 2 * rank; k++) {
    int64_t v = k == 1 ? off : k < 2 + rank ? dims[k - 2] : strides[k - 2 - rank];
    uint32_t res = rw_result(rw, op, k);
    if (v == IR_DYN || rw_unused(rw, res)) continue;
    uint32_t kc = canon_make_constant(c, rw_ip_before(rw, op),
                                      ir_attr_int(c->ctx, v, c->t_index), c->t_index,
                                      rw->ops[op].loc);
    rw_replace_all_uses(rw, res, kc);
    changed = 1;
  }
  rw->listener = saved;
  free(strides);
  return changed ? CANON_INPLACE : CANON_FAIL;
}

/* ====================================================================== */
/* Patterns                                                               */
/* ====================================================================== */

/* alloc(%c) with constant sizes: a more static alloc and a cast back. */
static int p_simplify_alloc_const(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  uint32_t ty = res_type(c, op);
  const IrType *t = mtype(c, ty);
  uint32_t f0, n0, f1, n1;
  if (!t || rw_segment(rw, op, 0, &f0, &n0) < 0 || rw_segment(rw, op, 1, &f1, &n1) < 0)
    return 0;
  int any = 0;
  for (uint32_t i = 0; i < n0; i++) {
    uint32_t a = rw_const_attr(rw, OPD(op, f0 + i));
    if (a && ir_attr(c->ctx, a)->kind == IR_A_INT &&
        ir_type(c->ctx, rw_type(rw, OPD(op, f0 + i)))->kind == IR_T_INDEX)
      any = 1;
  }
  if (!any) return 0;
  const int64_t *dims = ir_type_dims(c->ctx, ty);
  int64_t *shape = ir_xmalloc((t->n + 1) * sizeof *shape);
  uint32_t *opd = ir_xmalloc((n0 + n1 + 1) * sizeof *opd), no = 0, k = 0;
  for (uint32_t d = 0; d < t->n; d++) {
    if (dims[d] != IR_DYN) {
      shape[d] = dims[d];
      continue;
    }
    uint32_t v = OPD(op, f0 + k++);
    uint32_t a = rw_const_attr(rw, v);
    if (a && ir_attr(c->ctx, a)->kind == IR_A_INT &&
        ir_type(c->ctx, rw_type(rw, v))->kind == IR_T_INDEX) {
      shape[d] = ir_attr(c->ctx, a)->ival;
    } else {
      shape[d] = IR_DYN;
      opd[no++] = v;
    }
  }
  uint32_t ndyn = no;
  for (uint32_t i = 0; i < n1; i++) opd[no++] = OPD(op, f1 + i);
  uint32_t nty = ir_type_memref(c->ctx, t->n, shape, t->elem, t->layout, t->space);
  int64_t seg[2] = {ndyn, n1};
  uint32_t props = ir_dict_set(c->ctx, rw->ops[op].props, c->s_segments,
                               ir_attr_dense_i32(c->ctx, 2, seg));
  uint32_t na = rw_result(rw, rw_create1(rw, rw_ip_before(rw, op), rw->ops[op].name,
                                         rw->ops[op].loc, opd, no, nty, props), 0);
  uint32_t cast = canon_make_op(c, op, c->s_memref_cast, &na, 1, ty, 0);
  canon_replace(c, op, &cast);
  free(shape);
  free(opd);
  return 1;
}

/* An allocation only stored into and freed: all of it goes. */
static int p_simplify_dead_alloc(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  uint32_t v = rw_result(rw, op, 0);
  for (uint32_t u = rw->vals[v].first_use; u != RW_NONE; u = rw->uses[u].next) {
    uint32_t user = rw->uses[u].op;
    uint32_t opc = rw->ops[user].opc;
    if (opc == IR_OP_STORE) {
      if (OPD(user, 0) == v) return 0;  /* the allocation is the value stored */
      continue;
    }
    if (opc != IR_OP_DEALLOC) return 0;
  }
  while (rw->vals[v].first_use != RW_NONE) rw_erase_op(rw, rw->uses[rw->vals[v].first_use].op);
  rw_erase_op(rw, op);
  return 1;
}

/* copy(x, x) goes. */
static int p_fold_self_copy(Canon *c, uint32_t op) {
  if (OPD(op, 0) != OPD(op, 1)) return 0;
  rw_erase_op(c->rw, op);
  return 1;
}

/* A copy of no elements goes. */
static int p_fold_empty_copy(Canon *c, uint32_t op) {
  for (uint32_t k = 0; k < 2; k++) {
    uint32_t ty = rw_type(c->rw, OPD(op, k));
    const IrType *t = mtype(c, ty);
    if (!t) continue;
    const int64_t *dims = ir_type_dims(c->ctx, ty);
    for (uint32_t i = 0; i < t->n; i++)
      if (dims[i] == 0) {
        rw_erase_op(c->rw, op);
        return 1;
      }
  }
  return 0;
}

void canon_rules_memref(CanonRules *r) {
  r->fold[IR_OP_DEALLOC] = fold_cast_operands;
  r->fold[IR_OP_LOAD] = fold_cast_operands;
  r->fold[IR_OP_STORE] = fold_store;
  r->fold[IR_OP_MEMREF_CAST] = fold_cast;
  r->fold[IR_OP_COPY] = fold_copy;
  r->fold[IR_OP_MEMREF_DIM] = fold_dim;
  r->fold[IR_OP_EXTRACT_STRIDED_METADATA] = fold_extract_strided_metadata;
  canon_add_pattern(r, IR_OP_ALLOC, p_simplify_alloc_const);
  canon_add_pattern(r, IR_OP_ALLOC, p_simplify_dead_alloc);
  canon_add_pattern(r, IR_OP_ALLOCA, p_simplify_alloc_const);
  canon_add_pattern(r, IR_OP_ALLOCA, p_simplify_dead_alloc);
  canon_add_pattern(r, IR_OP_REALLOC, p_simplify_dead_alloc);
  canon_add_pattern(r, IR_OP_COPY, p_fold_empty_copy);
  canon_add_pattern(r, IR_OP_COPY, p_fold_self_copy);
}
