/*
 * verify_reshape.c - memref.expand_shape and memref.collapse_shape, checked
 * as MemRefOps.cpp does:
 *
 *   - the ranks go the right way;
 *   - verifyCollapsedShape: one reassociation group per collapsed dim, the
 *     indices contiguous and in bounds, a collapsed dim dynamic exactly when
 *     its group has a dynamic dim, and else the product of the group; a
 *     rank-0 side only with dims of 1;
 *   - the result type is exactly the one computed from the source: no layout
 *     from an identity source, else the strided layout the reshape gives
 *     (computeExpandedLayoutMap / computeCollapsedLayoutMap, which also
 *     refuses to collapse dims that are statically not contiguous);
 *   - expand_shape: static_output_shape against the result's static dims.
 *
 * Messages are mlir-opt-22's. A source layout written as an affine map is
 * evaluated (ir_layout_strides); one that is not strided is not checked
 * past the shapes.
 */
#include "irint.h"

typedef struct {
  uint32_t n;                        /* groups */
  uint32_t first[IR_MAX_RANK + 1];   /* group g: idx[first[g] .. first[g+1]) */
  int64_t idx[IR_MAX_RANK + 1];
} Groups;

/* The reassociation property: an array of arrays of integers. More
 * indices than IR_MAX_RANK + 1 cannot be valid for any rank, and are
 * reported as out of bounds. */
static int read_groups(const IrModule *m, uint32_t op, IrDiag *d, Groups *g,
                       uint32_t want) {
  const IrCtx *c = m->ctx;
  uint32_t a = ir_op_prop_lit(m, op, "reassociation"), k = 0;
  const IrAttr *at = a ? ir_attr(c, a) : NULL;
  if (!at || at->kind != IR_A_ARRAY)
    return ir_syntax_op_error(m, op, d, "requires attribute 'reassociation'");
  if (at->n > IR_MAX_RANK)
    return ir_syntax_op_error(m, op, d, "invalid number of reassociation groups: found %u, "
                  "expected %u", at->n, want);
  g->n = at->n;
  for (uint32_t i = 0; i < at->n; i++) {
    uint32_t ga = ir_attr_u32(c, a)[i];
    const IrAttr *gt = ir_attr(c, ga);
    if (gt->kind != IR_A_ARRAY)
      return ir_syntax_op_error(m, op, d, "expected reassociation indices");
    g->first[i] = k;
    for (uint32_t j = 0; j < gt->n; j++) {
      const IrAttr *e = ir_attr(c, ir_attr_u32(c, ga)[j]);
      if (e->kind != IR_A_INT)
        return ir_syntax_op_error(m, op, d, "expected reassociation indices");
      if (k > IR_MAX_RANK)
        return ir_syntax_op_error(m, op, d, "reassociation index %lld is out of bounds",
                      (long long)e->ival);
      g->idx[k++] = e->ival;
    }
  }
  g->first[g->n] = k;
  return 0;
}

/* verifyCollapsedShape (allowMultipleDynamicDimsPerGroup). */
static int collapsed_ok(const IrModule *m, uint32_t op, IrDiag *d, const Groups *g,
                        const int64_t *cs, uint32_t cn, const int64_t *es,
                        uint32_t en) {
  if (cn != g->n)
    return ir_syntax_op_error(m, op, d, "invalid number of reassociation groups: found %u, "
                  "expected %u", g->n, cn);
  int64_t next = 0;
  for (uint32_t i = 0; i < g->n; i++) {
    int dyn = 0;
    for (uint32_t k = g->first[i]; k < g->first[i + 1]; k++) {
      int64_t e = g->idx[k];
      if (e != next++)
        return ir_syntax_op_error(m, op, d, "reassociation indices must be contiguous");
      if (e >= (int64_t)en)
        return ir_syntax_op_error(m, op, d, "reassociation index %lld is out of bounds",
                      (long long)e);
      dyn |= es[e] == IR_DYN;
    }
    if ((cs[i] == IR_DYN) != dyn)
      return ir_syntax_op_error(m, op, d, "collapsed dim (%u) must be dynamic if and only "
                    "if reassociation group is dynamic", i);
    if (!dyn) {
      int64_t size = 1;              /* wraps, as MLIR's int64_t */
      for (uint32_t k = g->first[i]; k < g->first[i + 1]; k++)
        size = (int64_t)((uint64_t)size * (uint64_t)es[g->idx[k]]);
      if (size != cs[i])
        return ir_syntax_op_error(m, op, d, "collapsed dim size (%lld) must equal "
                      "reassociation group size (%lld)", (long long)cs[i],
                      (long long)size);
    }
  }
  if (cn == 0) {
    for (uint32_t i = 0; i < en; i++)
      if (es[i] != 1)
        return ir_syntax_op_error(m, op, d, "rank 0 memrefs can only be extended/collapsed "
                      "with/from ones");
  } else if (next != (int64_t)en) {
    return ir_syntax_op_error(m, op, d, "expanded rank (%u) inconsistent with number of "
                  "reassociation indices (%lld)", en, (long long)next);
  }
  return 0;
}

/* The layout's affine map is the identity: no layout, or strided<[1]>. */
static int identity_layout(const IrCtx *c, const IrType *t) {
  if (!t->layout) return 1;
  const IrAttr *a = ir_attr(c, t->layout);
  return a->kind == IR_A_STRIDED && a->n == 1 && a->ival == 0 &&
         ir_attr_i64(c, t->layout)[0] == 1;
}

/* Does result type rt have exactly the strided layout (off, st)? */
static int has_layout(const IrCtx *c, const IrType *rt, int64_t off, const int64_t *st) {
  if (!rt->layout) return 0;
  const IrAttr *a = ir_attr(c, rt->layout);
  if (a->kind != IR_A_STRIDED || a->n != rt->n || a->ival != off) return 0;
  const int64_t *v = ir_attr_i64(c, rt->layout);
  for (uint32_t i = 0; i < rt->n; i++)
    if (v[i] != st[i]) return 0;
  return 1;
}

/* The expected type (the result's shape, the source's element type and
 * memory space, layout `strided` (off, st) or none) against the result. */
static int type_is(const IrModule *m, uint32_t op, IrDiag *d, const char *what,
                   const IrType *ts, uint32_t rt, int strided, int64_t off,
                   const int64_t *st) {
  const IrCtx *c = m->ctx;
  const IrType *tr = ir_type(c, rt);
  if (tr->elem == ts->elem && tr->space == ts->space &&
      (strided ? has_layout(c, tr, off, st) : !tr->layout))
    return 0;
  char e[512], b[512];
  ir_memref_parts_str(c, e, sizeof e, tr->n, ir_type_dims(c, rt), ts->elem,
                      strided, off, st, ts->space);
  ir_type_str(c, rt, b, sizeof b);
  return ir_syntax_op_error(m, op, d, "expected %s type to be '%s' but found '%s'", what, e, b);
}

int ir_verify_expand_shape(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  uint32_t st = ir_vtype(m, ir_operand(m, op, 0)), rt = ir_vtype(m, ir_result(m, op, 0));
  const IrType *ts = ir_type(c, st), *tr = ir_type(c, rt);
  const int64_t *ss = ir_type_dims(c, st), *rs = ir_type_dims(c, rt);
  if (ts->n > tr->n)
    return ir_syntax_op_error(m, op, d, "has source rank %u and result rank %u. This is not "
                  "an expansion (%u > %u).", ts->n, tr->n, ts->n, tr->n);
  Groups g;
  if (read_groups(m, op, d, &g, ts->n) < 0 || collapsed_ok(m, op, d, &g, ss, ts->n, rs, tr->n) < 0)
    return -1;
  if (identity_layout(c, ts)) {
    if (type_is(m, op, d, "expanded", ts, rt, 0, 0, NULL) < 0) return -1;
  } else {
    /* computeExpandedLayoutMap: each source stride is the stride of its
     * group's last dim, and grows by the sizes going outwards */
    int64_t soff, sst[IR_MAX_RANK], rst[IR_MAX_RANK];
    if (ir_layout_strides(c, st, &soff, sst)) {
      for (uint32_t i = g.n; i-- > 0;) {
        int64_t s = sst[i];
        for (uint32_t k = g.first[i + 1]; k-- > g.first[i];) {
          rst[g.idx[k]] = s;
          s = ir_sat_mul(s, rs[g.idx[k]]);
        }
      }
      if (tr->n == 0 || g.n == 0)    /* rank 0: every stride 1 */
        for (uint32_t i = 0; i < tr->n; i++) rst[i] = 1;
      if (type_is(m, op, d, "expanded", ts, rt, 1, soff, rst) < 0) return -1;
    }
  }
  uint32_t a = ir_op_prop_lit(m, op, "static_output_shape");
  const IrAttr *at = a ? ir_attr(c, a) : NULL;
  uint32_t n = at && at->kind == IR_A_DENSE_ARRAY ? at->n : 0, nd = 0;
  const int64_t *os = n ? ir_attr_i64(c, a) : NULL;
  if (n != tr->n)
    return ir_syntax_op_error(m, op, d, "expected number of static shape bounds to be equal "
                  "to the output rank (%u) but found %u inputs instead", tr->n, n);
  for (uint32_t i = 0; i < n; i++) nd += os[i] == IR_DYN;
  if (nd != m->ops[op].n_operands - 1)
    return ir_syntax_op_error(m, op, d, "mismatch in dynamic dims in output_shape and "
                  "static_output_shape: static_output_shape has %u dynamic dims "
                  "while output_shape has %u values", nd, m->ops[op].n_operands - 1);
  for (uint32_t i = 0; i < n; i++)
    if (rs[i] != IR_DYN && rs[i] != os[i])
      return ir_syntax_op_error(m, op, d, "invalid output shape provided at pos %u", i);
  return 0;
}

int ir_verify_collapse_shape(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  uint32_t st = ir_vtype(m, ir_operand(m, op, 0)), rt = ir_vtype(m, ir_result(m, op, 0));
  const IrType *ts = ir_type(c, st), *tr = ir_type(c, rt);
  const int64_t *ss = ir_type_dims(c, st), *rs = ir_type_dims(c, rt);
  if (ts->n < tr->n)
    return ir_syntax_op_error(m, op, d, "has source rank %u and result rank %u. This is not "
                  "a collapse (%u < %u).", ts->n, tr->n, ts->n, tr->n);
  Groups g;
  if (read_groups(m, op, d, &g, tr->n) < 0 || collapsed_ok(m, op, d, &g, rs, tr->n, ss, ts->n) < 0)
    return -1;
  if (identity_layout(c, ts)) return type_is(m, op, d, "collapsed", ts, rt, 0, 0, NULL);
  int64_t soff, sst[IR_MAX_RANK], rst[IR_MAX_RANK];
  if (!ir_layout_strides(c, st, &soff, sst)) return 0;  /* not strided */
  /* computeCollapsedLayoutMap: a group's stride is its last dim's, past
   * trailing dims of size 1 (their strides mean nothing); a dynamic last
   * dim may be 1 at run time, so that stride is dynamic */
  for (uint32_t i = 0; i < g.n; i++) {
    uint32_t lo = g.first[i], hi = g.first[i + 1] - 1;
    while (hi > lo && ss[g.idx[hi]] == 1) hi--;
    rst[i] = ss[g.idx[hi]] != IR_DYN || hi == lo ? sst[g.idx[hi]] : IR_DYN;
  }
  /* each group contiguous as far as static strides tell: going outwards
   * the stride times the size must be the next dim's stride */
  for (uint32_t i = g.n; i-- > 0;) {
    int64_t s = rst[i];
    for (uint32_t k = g.first[i + 1]; k-- > g.first[i] + 1;) {
      int64_t e = g.idx[k];
      s = ir_sat_mul(s, ss[e]);
      if (ss[e - 1] == 1) continue;
      if (s != IR_DYN && sst[e - 1] != IR_DYN && s != sst[e - 1])
        return ir_syntax_op_error(m, op, d, "invalid source layout map or collapsing "
                      "non-contiguous dims");
    }
  }
  return type_is(m, op, d, "collapsed", ts, rt, 1, soff, rst);
}

/* tensor.collapse_shape, as verifyTensorReshapeOp: ranks, one group per
 * collapsed dim, the groups contiguous and covering the expanded dims
 * (isReassociationValid, on maps whose dims are the largest index + 1),
 * the sizes (reshapeLikeShapesAreCompatible), then the inferred type
 * (element type; the encoding aside). */
int ir_verify_tensor_collapse(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  uint32_t st = ir_vtype(m, ir_operand(m, op, 0)), rt = ir_vtype(m, ir_result(m, op, 0));
  const IrType *ts = ir_type(c, st), *tr = ir_type(c, rt);
  const int64_t *es = ir_type_dims(c, st), *cs = ir_type_dims(c, rt);
  uint32_t en = ts->n, cn = tr->n;
  char a[512], b[512];
  ir_type_str(c, st, a, sizeof a);
  ir_type_str(c, rt, b, sizeof b);
  if (en < cn)
    return ir_syntax_op_error(m, op, d, "expected the expanded type, '%s' to have a "
                              "higher (or same) rank than the collapsed type, '%s'.", a, b);
  Groups g;
  if (read_groups(m, op, d, &g, cn) < 0) return -1;
  if (cn != g.n)
    return ir_syntax_op_error(m, op, d, "expected collapsed rank (%u) to equal the "
                              "number of reassociation maps (%u).", cn, g.n);
  int64_t dims = 0;                  /* the maps' dimension count */
  for (uint32_t k = 0; k < g.first[g.n]; k++) {
    if (g.idx[k] < 0 || g.idx[k] > IR_MAX_RANK)
      return ir_syntax_op_error(m, op, d, "reassociation index %lld is out of bounds",
                                (long long)g.idx[k]);
    if (g.idx[k] + 1 > dims) dims = g.idx[k] + 1;
  }
  if (g.n && dims != (int64_t)en)
    return ir_syntax_op_error(m, op, d, "expected reassociation map #0 to have size "
                              "equal to the expanded rank (%u), but it is  %lld.", en,
                              (long long)dims);
  int64_t next = 0;
  for (uint32_t i = 0; i < g.n; i++)
    for (uint32_t k = g.first[i]; k < g.first[i + 1]; k++)
      if (g.idx[k] != next++)
        return ir_syntax_op_error(m, op, d, "expected reassociation map #%u to be "
                                  "valid and contiguous.", i);
  if (g.n && next != dims)
    return ir_syntax_op_error(m, op, d, "expected reassociation map #%u to be valid "
                              "and contiguous.", g.n - 1);
  for (uint32_t i = 0, at = 0; i < g.n; i++) {
    int dyn = 0;
    int64_t size = 1;                /* wraps, as MLIR's int64_t */
    for (uint32_t k = g.first[i]; k < g.first[i + 1]; k++, at++) {
      if (es[at] == IR_DYN) dyn = 1;
      else size = (int64_t)((uint64_t)size * (uint64_t)es[at]);
    }
    if (dyn && cs[i] != IR_DYN)
      return ir_syntax_op_error(m, op, d, "expected dimension %u of collapsed type to "
                                "be dynamic since one or more of the corresponding "
                                "dimensions in the expanded type is dynamic", i);
    if (!dyn && cs[i] != size)
      return ir_syntax_op_error(m, op, d, "expected dimension %u of collapsed type to "
                                "be static value of %lld", i, (long long)size);
  }
  if (ts->elem != tr->elem) {
    char e[512];
    ir_tensor_parts_str(c, e, sizeof e, cn, cs, ts->elem, 0);
    return ir_syntax_op_error(m, op, d, "expected collapsed type to be '%s', but got "
                              "'%s'", e, b);
  }
  return 0;
}
