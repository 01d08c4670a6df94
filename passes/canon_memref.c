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

/* memref::CastOp::canFoldIntoConsumerOp: the cast only forgets static
 * information (sizes, offset, strides). */
static int cast_foldable(Canon *c, uint32_t cast) {
  uint32_t st = rw_type(c->rw, OPD(cast, 0)), rt = res_type(c, cast);
  const IrType *a = mtype(c, st), *b = mtype(c, rt);
  if (!a || !b || a->elem != b->elem || a->n != b->n) return 0;
  int64_t oa, ob;
  int64_t *sa = ir_xmalloc((a->n + 1) * sizeof *sa), *sb = ir_xmalloc((a->n + 1) * sizeof *sb);
  int ok = ir_type_strides(c->ctx, st, &oa, sa) && ir_type_strides(c->ctx, rt, &ob, sb);
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
  int64_t strides_s[8];
  int64_t *strides = rank < 8 ? strides_s : ir_xmalloc((rank + 1) * sizeof *strides);
  if (!ir_type_strides(c->ctx, st, &off, strides)) {
    if (strides != strides_s) free(strides);
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
  if (strides != strides_s) free(strides);
  return changed ? CANON_INPLACE : CANON_FAIL;
}

/* ====================================================================== */
/* Patterns                                                               */
/* ====================================================================== */

/* A dynamic size that is a constant the type can take: a non-negative
 * index (MLIR leaves a negative one dynamic: no static shape holds it). */
static int static_size(Canon *c, uint32_t v, int64_t *size) {
  uint32_t a = rw_const_attr(c->rw, v);
  if (!a || ir_attr(c->ctx, a)->kind != IR_A_INT ||
      ir_type(c->ctx, rw_type(c->rw, v))->kind != IR_T_INDEX ||
      ir_attr(c->ctx, a)->ival < 0)
    return 0;
  *size = ir_attr(c->ctx, a)->ival;
  return 1;
}

/* alloc(%c) with constant sizes: a more static alloc and a cast back. */
static int p_simplify_alloc_const(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  uint32_t ty = res_type(c, op);
  const IrType *t = mtype(c, ty);
  uint32_t f0, n0, f1, n1;
  int64_t size;
  if (!t || rw_segment(rw, op, 0, &f0, &n0) < 0 || rw_segment(rw, op, 1, &f1, &n1) < 0)
    return 0;
  int any = 0;
  for (uint32_t i = 0; i < n0; i++)
    if (static_size(c, OPD(op, f0 + i), &size)) any = 1;
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
    if (static_size(c, v, &size)) {
      shape[d] = size;
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

/* ====================================================================== */
/* memref.subview                                                         */
/* ====================================================================== */

/* A subview's offsets, sizes and strides: static values (IR_DYN where
 * dynamic) and the dynamic operands in their places (RW_NONE where
 * static). Index 0..n-1 offsets, n..2n-1 sizes, 2n..3n-1 strides. */
#define SV_SMALL (3 * 8 + 1)  /* room for rank 8 in the struct */
typedef struct Sv {
  uint32_t n;
  int64_t *st;
  uint32_t *dyn;
  /* the lists when they fit (two mallocs and frees per subview read
   * before: the subview patterns read every subview they visit; mixed
   * corpus: dd-own 368.1M -> 366.8M). An Sv is not copied. */
  int64_t st_s[SV_SMALL];
  uint32_t dyn_s[SV_SMALL];
} Sv;

static void sv_free(Sv *v) {
  if (v->st != v->st_s) free(v->st);
  if (v->dyn != v->dyn_s) free(v->dyn);
}

static int sv_read(Canon *c, uint32_t op, Sv *v) {
  Rw *rw = c->rw;
  static const char *const names[3] = {"static_offsets", "static_sizes", "static_strides"};
  uint32_t a[3];
  v->n = 0;
  v->st = NULL;
  v->dyn = NULL;
  for (int k = 0; k < 3; k++) {
    a[k] = rw_prop(rw, op, names[k]);
    const IrAttr *at = a[k] ? ir_attr(c->ctx, a[k]) : NULL;
    if (!at || at->kind != IR_A_DENSE_ARRAY) return -1;
    if (k == 0) v->n = at->n;
    else if (at->n != v->n) return -1;
  }
  uint32_t n = v->n;
  if (3 * n + 1 <= SV_SMALL) {
    v->st = v->st_s;
    v->dyn = v->dyn_s;
  } else {
    v->st = ir_xmalloc((3 * n + 1) * sizeof *v->st);
    v->dyn = ir_xmalloc((3 * n + 1) * sizeof *v->dyn);
  }
  for (int k = 0; k < 3; k++) {
    uint32_t f, cnt;
    if (rw_segment(rw, op, (uint32_t)k + 1, &f, &cnt) < 0) {
      sv_free(v);
      return -1;
    }
    const int64_t *vals = ir_attr_i64(c->ctx, a[k]);
    uint32_t d = 0;
    for (uint32_t i = 0; i < n; i++) {
      v->st[k * n + i] = vals[i];
      v->dyn[k * n + i] = RW_NONE;
      if (vals[i] == IR_DYN) {
        if (d >= cnt) {
          sv_free(v);
          return -1;
        }
        v->dyn[k * n + i] = OPD(op, f + d++);
      }
    }
    if (d != cnt) {
      sv_free(v);
      return -1;
    }
  }
  return 0;
}

/* The value of entry i: static, or a constant operand (-1 = unknown). */
static int sv_const(Canon *c, const Sv *v, uint32_t i, int64_t *out) {
  if (v->st[i] != IR_DYN) {
    *out = v->st[i];
    return 1;
  }
  return canon_value_int(c, v->dyn[i], out);
}

/* computeRankReductionMask: which sizes the result type drops (greedy,
 * by shape); -1 if it cannot be matched. */
static int dropped_dims(Canon *c, uint32_t res_ty, const Sv *v, uint8_t *drop) {
  const IrType *rt = mtype(c, res_ty);
  if (!rt) return -1;
  const int64_t *rd = ir_type_dims(c->ctx, res_ty);
  uint32_t n = v->n, j = 0;
  for (uint32_t i = 0; i < n; i++) {
    int64_t sz = v->st[n + i];
    drop[i] = 0;
    if (j < rt->n && sz == rd[j]) {
      j++;
      continue;
    }
    drop[i] = 1;
    if (sz != 1) return -1;
  }
  return j == rt->n ? 0 : -1;
}

/* SubViewOp::inferResultType with the result's dropped dims removed (the
 * canonical type: an explicit strided layout). 0 if the source has no
 * strided form. */
static uint32_t sv_infer_type(Canon *c, uint32_t src_ty, const Sv *v, const uint8_t *drop) {
  const IrType *t = mtype(c, src_ty);
  if (!t || t->n != v->n) return 0;
  uint32_t n = v->n;
  int64_t off;
  int64_t *sst = ir_xmalloc((n + 1) * sizeof *sst);
  if (!ir_type_strides(c->ctx, src_ty, &off, sst)) {
    free(sst);
    return 0;
  }
  int64_t toff = off;
  for (uint32_t i = 0; i < n; i++) toff = ir_sat_add(toff, ir_sat_mul(v->st[i], sst[i]));
  int64_t *shape = ir_xmalloc((n + 1) * sizeof *shape), *tst = ir_xmalloc((n + 1) * sizeof *tst);
  uint32_t m = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (drop && drop[i]) continue;
    shape[m] = v->st[n + i];
    tst[m++] = ir_sat_mul(sst[i], v->st[2 * n + i]);
  }
  IrAttr la = {0};
  la.kind = IR_A_STRIDED;
  la.ival = toff;
  la.n = m;
  uint32_t layout = ir_attr_intern(c->ctx, &la, NULL, tst);
  uint32_t ty = ir_type_memref(c->ctx, m, shape, t->elem, layout, t->space);
  free(sst);
  free(shape);
  free(tst);
  return ty;
}

/* The props of a subview made from one with props `old`: its segment
 * sizes and static lists set. Attributes and dictionaries are interned,
 * so the same inputs give the same id, and one made before is reused
 * (four ir_dict_set calls interned a dictionary each: mixed corpus
 * dd-own 373.0M -> 372.0M). */
static uint32_t sv_props(Canon *c, uint32_t old, const int64_t seg[4], const Sv *v) {
  IrCtx *x = c->ctx;
  uint32_t n = v->n;
  uint32_t a_seg = ir_attr_dense_i32(x, 4, seg);
  uint32_t a_off = ir_attr_dense_i64(x, n, v->st);
  uint32_t a_siz = ir_attr_dense_i64(x, n, v->st + n);
  uint32_t a_str = ir_attr_dense_i64(x, n, v->st + 2 * n);
  uint32_t h = ((old * 31u + a_seg) * 31u + a_off) * 31u + a_siz;
  h = ((h * 31u + a_str) * 2654435761u) >> 26;
  if (!c->svprops) c->svprops = ir_xcalloc(64, sizeof *c->svprops);
  struct CanonSvProps *e = &c->svprops[h];
  if (e->props && e->old == old && e->seg == a_seg && e->off == a_off &&
      e->siz == a_siz && e->str == a_str)
    return e->props;
  uint32_t p = ir_dict_set(x, old, c->s_segments, a_seg);
  p = ir_dict_set(x, p, c->s_static_offsets, a_off);
  p = ir_dict_set(x, p, c->s_static_sizes, a_siz);
  p = ir_dict_set(x, p, c->s_static_strides, a_str);
  e->old = old;
  e->seg = a_seg;
  e->off = a_off;
  e->siz = a_siz;
  e->str = a_str;
  e->props = p;
  return p;
}

static uint32_t sv_create(Canon *c, uint32_t at, uint32_t src, const Sv *v, uint32_t ty) {
  Rw *rw = c->rw;
  uint32_t n = v->n;
  uint32_t *opd = ir_xmalloc((3 * n + 2) * sizeof *opd), no = 0;
  opd[no++] = src;
  int64_t seg[4] = {1, 0, 0, 0};
  for (int k = 0; k < 3; k++)
    for (uint32_t i = 0; i < n; i++)
      if (v->st[k * n + i] == IR_DYN) {
        opd[no++] = v->dyn[k * n + i];
        seg[k + 1]++;
      }
  uint32_t p = sv_props(c, rw->ops[at].props, seg, v);
  uint32_t o = rw_create1(rw, rw_ip_before(rw, at), rw->ops[at].name, rw->ops[at].loc, opd, no, ty, p);
  free(opd);
  return rw_result(rw, o, 0);
}

/* Replace subview `op` by new value nv, cast back to the old type. */
static void sv_replace_with_cast(Canon *c, uint32_t op, uint32_t nv) {
  uint32_t cast = canon_make_op(c, op, c->s_memref_cast, &nv, 1, res_type(c, op), 0);
  canon_replace(c, op, &cast);
}

/* Does any operand after the source (every dynamic offset, size or
 * stride) hold an integer constant? */
static int any_constant_index_operand(Canon *c, uint32_t op) {
  int64_t k;
  for (uint32_t i = 1; i < c->rw->ops[op].n_opd; i++)
    if (canon_value_int(c, OPD(op, i), &k)) return 1;
  return 0;
}

/* Constant dynamic offsets / sizes / strides become static. Without a
 * constant operand nothing folds, so the properties are not read (4 of 5
 * calls on the mixed corpus: dd-own 390.0M -> 387.8M, dd-lower 151.9M -> 151.3M). */
static int p_subview_constant_args(Canon *c, uint32_t op) {
  Sv v;
  if (!any_constant_index_operand(c, op)) return 0;
  if (sv_read(c, op, &v) < 0) return 0;
  uint32_t n = v.n;
  int folded = 0;
  /* One list per application, as MLIR's folder does: its
   * `failed(fold offsets) && failed(fold sizes) && failed(fold strides)`
   * stops at the first list with a constant to fold (offsets and sizes
   * only non-negative ones). So [%c3] [%c2] [1] of memref<4xf32> gets its
   * offset folded, and the sizes, which would then leave the source,
   * never. */
  for (uint32_t k = 0; k < 3 && !folded; k++)
    for (uint32_t i = k * n; i < (k + 1) * n; i++) {
      int64_t x;
      if (v.st[i] != IR_DYN || !canon_value_int(c, v.dyn[i], &x)) continue;
      if (k < 2 && x < 0) continue;
      v.st[i] = x;
      v.dyn[i] = RW_NONE;
      folded = 1;
    }
  uint32_t src = OPD(op, 0), st = rw_type(c->rw, src);
  const IrType *t = mtype(c, st);
  if (!folded || !t || t->n != n) {
    sv_free(&v);
    return 0;
  }
  /* the slice must stay in bounds, or the new op would not verify */
  if (!ir_slice_in_bounds(ir_type_dims(c->ctx, st), n, v.st, v.st + n, v.st + 2 * n,
                          NULL, 0))
    goto fail;
  uint8_t *drop = ir_xcalloc(n + 1, 1);
  /* dropped dims come from the original sizes and result type */
  Sv orig;
  if (sv_read(c, op, &orig) < 0 || dropped_dims(c, res_type(c, op), &orig, drop) < 0) {
    if (orig.st) sv_free(&orig);
    free(drop);
    goto fail;
  }
  sv_free(&orig);
  uint32_t ty = sv_infer_type(c, st, &v, drop);
  free(drop);
  if (!ty) goto fail;
  sv_replace_with_cast(c, op, sv_create(c, op, src, &v, ty));
  sv_free(&v);
  return 1;
fail:
  sv_free(&v);
  return 0;
}

/* subview(cast(x)) where the cast only forgets static information:
 * subview(x), cast back. */
static int p_subview_of_cast(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  for (uint32_t k = 1; k < rw->ops[op].n_opd; k++) {
    uint32_t a = rw_const_attr(rw, OPD(op, k));
    if (a && ir_attr(c->ctx, a)->kind == IR_A_INT &&
        ir_type(c->ctx, rw_type(rw, OPD(op, k)))->kind == IR_T_INDEX)
      return 0;
  }
  uint32_t cast = rw_def(rw, OPD(op, 0));
  if (cast == RW_NONE || rw->ops[cast].opc != IR_OP_MEMREF_CAST || !cast_foldable(c, cast))
    return 0;
  Sv v;
  if (sv_read(c, op, &v) < 0) return 0;
  uint8_t *drop = ir_xcalloc(v.n + 1, 1);
  uint32_t ty = 0;
  if (dropped_dims(c, res_type(c, op), &v, drop) == 0)
    ty = sv_infer_type(c, rw_type(rw, OPD(cast, 0)), &v, drop);
  free(drop);
  if (!ty) {
    sv_free(&v);
    return 0;
  }
  sv_replace_with_cast(c, op, sv_create(c, op, OPD(cast, 0), &v, ty));
  sv_free(&v);
  return 1;
}

/* A subview of the whole source (offsets 0, strides 1, sizes the static
 * shape): the source (or a cast of it). */
static int p_trivial_subview(Canon *c, uint32_t op) {
  uint32_t src = OPD(op, 0), st = rw_type(c->rw, src), rt = res_type(c, op);
  const IrType *s = mtype(c, st), *r = mtype(c, rt);
  if (!s || !r || s->n != r->n) return 0;
  Sv v;
  if (sv_read(c, op, &v) < 0) return 0;
  const int64_t *dims = ir_type_dims(c->ctx, st);
  int ok = v.n == s->n;
  for (uint32_t i = 0; ok && i < v.n; i++) {
    int64_t o, sz, stv;
    ok = sv_const(c, &v, i, &o) && o == 0 && sv_const(c, &v, 2 * v.n + i, &stv) && stv == 1 &&
         sv_const(c, &v, v.n + i, &sz) && sz == dims[i] && dims[i] != IR_DYN;
  }
  sv_free(&v);
  if (!ok) return 0;
  if (st == rt) {
    canon_replace(c, op, &src);
  } else {
    uint32_t cast = canon_make_op(c, op, c->s_memref_cast, &src, 1, rt, 0);
    canon_replace(c, op, &cast);
  }
  return 1;
}

static int fold_subview(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  (void)cst;
  uint32_t src = OPD(op, 0), st = rw_type(c->rw, src), rt = res_type(c, op);
  const IrType *t = mtype(c, rt);
  if (st == rt && t) {
    const int64_t *dims = ir_type_dims(c->ctx, rt);
    int stat = 1;
    for (uint32_t i = 0; i < t->n; i++) stat &= dims[i] != IR_DYN;
    if (stat && t->layout) {
      const IrAttr *la = ir_attr(c->ctx, t->layout);
      if (la->kind == IR_A_STRIDED) {
        stat &= la->ival != IR_DYN;
        const int64_t *ss = ir_attr_i64(c->ctx, t->layout);
        for (uint32_t i = 0; i < la->n; i++) stat &= ss[i] != IR_DYN;
      }
    }
    if (stat) {
      r[0].val = src;
      r[0].attr = 0;
      return CANON_REPLACE;
    }
  }
  /* subview(subview(x)) with the same sizes, zero offsets, unit strides */
  uint32_t d = rw_def(c->rw, src);
  if (d != RW_NONE && c->rw->ops[d].opc == IR_OP_SUBVIEW && st == rt) {
    Sv a, b;
    if (sv_read(c, op, &a) == 0) {
      if (sv_read(c, d, &b) == 0) {
        int ok = a.n == b.n;
        for (uint32_t i = 0; ok && i < a.n; i++) {
          int64_t o, s;
          ok = sv_const(c, &a, i, &o) && o == 0 && sv_const(c, &a, 2 * a.n + i, &s) && s == 1 &&
               a.st[a.n + i] == b.st[b.n + i] && a.dyn[a.n + i] == b.dyn[b.n + i];
        }
        sv_free(&b);
        sv_free(&a);
        if (ok) {
          r[0].val = src;
          r[0].attr = 0;
          return CANON_REPLACE;
        }
      } else {
        sv_free(&a);
      }
    }
  }
  return CANON_FAIL;
}

/* ====================================================================== */
/* memref.reinterpret_cast                                                */
/* ====================================================================== */

/* One of the op's mixed lists: `prop` holds the static values (IR_DYN where
 * dynamic), operand segment `seg` the dynamic ones. */
typedef struct Mixed {
  uint32_t n;
  int64_t *st;
  uint32_t *dyn;
} Mixed;

static int mixed_read(Canon *c, uint32_t op, const char *prop, uint32_t seg, Mixed *m) {
  uint32_t a = rw_prop(c->rw, op, prop), f, cnt;
  const IrAttr *at = a ? ir_attr(c->ctx, a) : NULL;
  if (!at || at->kind != IR_A_DENSE_ARRAY || rw_segment(c->rw, op, seg, &f, &cnt) < 0) return -1;
  m->n = at->n;
  m->st = ir_xmalloc((m->n + 1) * sizeof *m->st);
  m->dyn = ir_xmalloc((m->n + 1) * sizeof *m->dyn);
  const int64_t *vals = ir_attr_i64(c->ctx, a);
  uint32_t d = 0;
  for (uint32_t i = 0; i < m->n; i++) {
    m->st[i] = vals[i];
    m->dyn[i] = RW_NONE;
    if (vals[i] == IR_DYN) {
      if (d >= cnt) return free(m->st), free(m->dyn), -1;
      m->dyn[i] = OPD(op, f + d++);
    }
  }
  if (d != cnt) return free(m->st), free(m->dyn), -1;
  return 0;
}

static int mixed_fold_constants(Canon *c, Mixed *m, int non_negative) {
  int folded = 0;
  for (uint32_t i = 0; i < m->n; i++) {
    int64_t k;
    if (m->st[i] != IR_DYN || !canon_value_int(c, m->dyn[i], &k)) continue;
    if (non_negative && k < 0) continue;
    m->st[i] = k;
    m->dyn[i] = RW_NONE;
    folded = 1;
  }
  return folded;
}

/* Constant offset / sizes / strides become static: a reinterpret_cast to
 * the canonical type, cast back. */
static int p_reinterpret_constant_args(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  Mixed m[3];
  static const char *const names[3] = {"static_offsets", "static_sizes", "static_strides"};
  int k = 0;
  for (; k < 3; k++)
    if (mixed_read(c, op, names[k], (uint32_t)k + 1, &m[k]) < 0) break;
  int ok = k == 3 && m[0].n == 1 && m[1].n == m[2].n;
  int folded = 0;
  if (ok) {
    folded |= mixed_fold_constants(c, &m[0], 1);
    folded |= mixed_fold_constants(c, &m[1], 1);
    folded |= mixed_fold_constants(c, &m[2], 0);
  }
  const IrType *rt = mtype(c, res_type(c, op));
  if (ok && folded && rt) {
    IrAttr la = {0};
    la.kind = IR_A_STRIDED;
    la.ival = m[0].st[0];
    la.n = m[2].n;
    uint32_t layout = ir_attr_intern(c->ctx, &la, NULL, m[2].st);
    uint32_t ty = ir_type_memref(c->ctx, m[1].n, m[1].st, rt->elem, layout, rt->space);
    uint32_t *opd = ir_xmalloc((2 + 2 * m[1].n) * sizeof *opd), no = 0;
    opd[no++] = OPD(op, 0);
    int64_t seg[4] = {1, 0, 0, 0};
    for (int j = 0; j < 3; j++)
      for (uint32_t i = 0; i < m[j].n; i++)
        if (m[j].st[i] == IR_DYN) {
          opd[no++] = m[j].dyn[i];
          seg[j + 1]++;
        }
    IrCtx *x = c->ctx;
    uint32_t pr = rw->ops[op].props;
    pr = ir_dict_set(x, pr, c->s_segments, ir_attr_dense_i32(x, 4, seg));
    for (int j = 0; j < 3; j++)
      pr = ir_dict_set(x, pr, ir_cstr(x, names[j]), ir_attr_dense_i64(x, m[j].n, m[j].st));
    uint32_t nv = rw_result(rw, rw_create1(rw, rw_ip_before(rw, op), rw->ops[op].name,
                                           rw->ops[op].loc, opd, no, ty, pr), 0);
    free(opd);
    uint32_t cast = canon_make_op(c, op, c->s_memref_cast, &nv, 1, res_type(c, op), 0);
    canon_replace(c, op, &cast);
  } else {
    folded = 0;
  }
  for (int j = 0; j < k; j++) {
    free(m[j].st);
    free(m[j].dyn);
  }
  return folded;
}

static int fold_reinterpret_cast(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  (void)cst;
  Rw *rw = c->rw;
  uint32_t src = OPD(op, 0), d = rw_def(rw, src), prev = RW_NONE;
  if (d != RW_NONE) {
    uint32_t opc = rw->ops[d].opc;
    if (opc == IR_OP_REINTERPRET_CAST || opc == IR_OP_MEMREF_CAST) {
      prev = OPD(d, 0);
    } else if (opc == IR_OP_SUBVIEW) {
      Mixed m;
      if (mixed_read(c, d, "static_offsets", 1, &m) == 0) {
        int zero = 1;
        for (uint32_t i = 0; i < m.n; i++) {
          int64_t k;
          zero &= (m.st[i] != IR_DYN ? m.st[i] == 0 : canon_value_int(c, m.dyn[i], &k) && k == 0);
        }
        free(m.st);
        free(m.dyn);
        if (zero) prev = OPD(d, 0);
      }
    }
  }
  if (prev != RW_NONE) {
    rw_set_operand(rw, op, 0, prev);
    return CANON_INPLACE;
  }
  uint32_t rt = res_type(c, op);
  const IrType *t = mtype(c, rt);
  if (t && rw_type(rw, src) == rt) {
    const int64_t *dims = ir_type_dims(c->ctx, rt);
    int stat = 1;
    for (uint32_t i = 0; i < t->n; i++) stat &= dims[i] != IR_DYN;
    uint32_t so = rw_prop(rw, op, "static_offsets");
    const IrAttr *oa = so ? ir_attr(c->ctx, so) : NULL;
    if (stat && oa && oa->kind == IR_A_DENSE_ARRAY && oa->n >= 1 && ir_attr_i64(c->ctx, so)[0] == 0) {
      r[0].val = src;
      r[0].attr = 0;
      return CANON_REPLACE;
    }
  }
  return CANON_FAIL;
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
  r->fold[IR_OP_SUBVIEW] = fold_subview;
  r->fold[IR_OP_REINTERPRET_CAST] = fold_reinterpret_cast;
  canon_add_pattern(r, IR_OP_REINTERPRET_CAST, p_reinterpret_constant_args);
  canon_add_pattern(r, IR_OP_SUBVIEW, p_subview_constant_args);
  canon_add_pattern(r, IR_OP_SUBVIEW, p_subview_of_cast);
  canon_add_pattern(r, IR_OP_SUBVIEW, p_trivial_subview);
  canon_add_pattern(r, IR_OP_COPY, p_fold_empty_copy);
  canon_add_pattern(r, IR_OP_COPY, p_fold_self_copy);
}
