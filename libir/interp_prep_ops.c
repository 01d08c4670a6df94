/*
 * interp_prep_ops.c - one dispatch code (Ins) per op: checks that the op
 * has the operands, types and attributes its semantics need, and looks up
 * everything it needs at run time (predicates, callee, global, static
 * lists, compiled maps) so that running never searches a dictionary. What
 * cannot run gets IX_UNSUPPORTED with the reason.
 */
#include <stdlib.h>

#include "interpint.h"

/* ====================================================================== */
/* Attribute helpers                                                      */
/* ====================================================================== */

static uint32_t pool_add(IrInterp *ip, const int64_t *v, uint32_t n) {
  uint32_t at = ip->n_pool;
  for (uint32_t i = 0; i < n; i++) IR_VPUSH(ip->pool, ip->n_pool, ip->cap_pool, v[i]);
  return at;
}

/* A DENSE_ARRAY property: its values and count, or NULL. */
static const int64_t *dense_array(const IrModule *m, uint32_t op,
                                  const char *name, uint32_t *n) {
  uint32_t a = ir_op_prop(m, op, name);
  const IrAttr *at = a ? ir_attr(m->ctx, a) : NULL;
  static const int64_t none[1];
  if (!at || at->kind != IR_A_DENSE_ARRAY) return NULL;
  *n = at->n;
  const int64_t *v = ir_attr_i64(m->ctx, a);
  return v ? v : none; /* array<i64> has no pool entry */
}

/* operandSegmentSizes entry k, or -1. */
static int64_t segment(const IrModule *m, uint32_t op, uint32_t k) {
  uint32_t n;
  const int64_t *s = dense_array(m, op, "operandSegmentSizes", &n);
  return s && k < n ? s[k] : -1;
}

/* ====================================================================== */
/* Ops                                                                    */
/* ====================================================================== */

typedef struct Prep {
  IrInterp *ip;
  const IrModule *m;
  const IrCtx *c;
} Prep;

Ins ix_no(IxWhy why) {
  Ins in = {0};
  in.code = IX_UNSUPPORTED;
  in.aux = why;
  return in;
}

static Ins code(IxCode k) {
  Ins in = {0};
  in.code = (uint8_t)k;
  return in;
}

static uint32_t opd_t(const IrModule *m, uint32_t op, uint32_t k) {
  return ir_vtype(m, ir_operand(m, op, k));
}

static uint32_t res_t(const IrModule *m, uint32_t op, uint32_t k) {
  return ir_vtype(m, ir_result(m, op, k));
}

/* Any tensor, vector or other non-scalar non-memref value among an op's
 * operands and results. */
static IxWhy bad_types(const IrModule *m, uint32_t op) {
  const IrOp *o = &m->ops[op];
  for (uint32_t i = 0; i < o->n_operands + o->n_results; i++) {
    uint32_t t = i < o->n_operands ? opd_t(m, op, i)
                                   : res_t(m, op, i - o->n_operands);
    uint8_t k = ir_type(m->ctx, t)->kind;
    if (k == IR_T_TENSOR || k == IR_T_UTENSOR) return WHY_TENSOR;
    if (ix_is_memref(m->ctx, t) ? !ix_memref_ok(m->ctx, t) : !ix_scalar_ok(m->ctx, t))
      return ix_is_memref(m->ctx, t) && ir_type(m->ctx, t)->layout ? WHY_LAYOUT
                                                                 : WHY_TYPE;
  }
  return (IxWhy)-1;
}

static Ins prep_int(Prep *p, uint32_t op, IxCode k) {
  const IrModule *m = p->m;
  if (m->ops[op].n_operands != 2 || m->ops[op].n_results != 1) return ix_no(WHY_FORM);
  Ins in = code(k);
  in.w = (uint16_t)ix_int_width(p->c, res_t(m, op, 0));
  if (!in.w || opd_t(m, op, 0) != res_t(m, op, 0)) return ix_no(WHY_TYPE);
  in.k = (int64_t)ix_mask(in.w);
  return in;
}

static Ins prep_float(Prep *p, uint32_t op, IxCode k, uint32_t nopd) {
  const IrModule *m = p->m;
  if (m->ops[op].n_operands != nopd || m->ops[op].n_results != 1) return ix_no(WHY_FORM);
  Ins in = code(k);
  in.elem = (uint8_t)ix_float_kind(p->c, res_t(m, op, 0));
  if (!in.elem || opd_t(m, op, 0) != res_t(m, op, 0)) return ix_no(WHY_TYPE);
  return in;
}

static Ins prep_cast(Prep *p, uint32_t op, IxCode k) {
  const IrModule *m = p->m;
  if (m->ops[op].n_operands != 1 || m->ops[op].n_results != 1) return ix_no(WHY_FORM);
  uint32_t src = opd_t(m, op, 0), dst = res_t(m, op, 0);
  Ins in = code(k);
  switch (k) {
  case IX_SEXT: case IX_ZEXT:
    in.w = (uint16_t)ix_int_width(p->c, dst);
    in.aux = ix_int_width(p->c, src);
    if (!in.w || !in.aux) return ix_no(WHY_TYPE);
    in.k = (int64_t)ix_mask(in.w);
    break;
  case IX_SITOFP: case IX_UITOFP:
    in.elem = (uint8_t)ix_float_kind(p->c, dst);
    in.aux = ix_int_width(p->c, src);
    if (!in.elem || !in.aux) return ix_no(WHY_TYPE);
    break;
  case IX_FPTOSI: case IX_FPTOUI:
    in.w = (uint16_t)ix_int_width(p->c, dst);
    if (!in.w || !ix_float_kind(p->c, src)) return ix_no(WHY_TYPE);
    break;
  default: /* FCONV */
    in.elem = (uint8_t)ix_float_kind(p->c, dst);
    if (!in.elem || !ix_float_kind(p->c, src)) return ix_no(WHY_TYPE);
    break;
  }
  return in;
}

static Ins prep_const(Prep *p, uint32_t op) {
  const IrModule *m = p->m;
  if (m->ops[op].n_results != 1) return ix_no(WHY_FORM);
  uint32_t t = res_t(m, op, 0), a = ir_op_prop(m, op, "value");
  const IrAttr *at = a ? ir_attr(p->c, a) : NULL;
  Ins in = code(IX_CONST);
  uint32_t w = ix_int_width(p->c, t);
  ElKind fk = ix_float_kind(p->c, t);
  if (!at) return ix_no(WHY_FORM);
  if (w && (at->kind == IR_A_INT || at->kind == IR_A_BOOL))
    in.k = (int64_t)((uint64_t)at->ival & ix_mask(w));
  else if (fk && at->kind == IR_A_FLOAT)
    in.k = ix_bits(ix_round(at->fval, fk));
  else
    return ix_no(at->kind == IR_A_DENSE ? WHY_TENSOR : WHY_TYPE);
  return in;
}

/* A memref operand / result that is ranked with a strided layout. */
static int ranked_ok(Prep *p, uint32_t t) {
  return ix_is_ranked(p->c, t) && ix_memref_ok(p->c, t);
}

/* Number of `?` in a type's dims. */
static uint32_t n_dyn(const IrCtx *c, uint32_t t) {
  const IrType *x = ir_type(c, t);
  const int64_t *d = ir_type_dims(c, t);
  uint32_t n = 0;
  for (uint32_t i = 0; i < x->n; i++) n += d[i] == IR_DYN;
  return n;
}

static uint32_t count_dyn(const int64_t *v, uint32_t n) {
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) k += v[i] == IR_DYN;
  return k;
}

/* Elements of the op's memref operand 0 (load/store/...). */
static Ins mem_elem(Prep *p, Ins in, uint32_t t) {
  uint32_t bytes;
  in.elem = (uint8_t)ix_elem(p->c, ir_type(p->c, t)->elem, &bytes);
  in.w = (uint16_t)bytes;
  in.aux = ix_int_width(p->c, ir_type(p->c, t)->elem);
  return in;
}

/* Dropped dims of a rank-reducing subview (MLIR's greedy matching of the
 * static sizes against the result shape); -1 if they do not match. */
static int64_t dropped_dims(const int64_t *sizes, uint32_t r,
                            const int64_t *res, uint32_t rr) {
  uint64_t mask = 0;
  uint32_t j = 0;
  for (uint32_t i = 0; i < r; i++) {
    if (j < rr && sizes[i] != 1 && (res[j] == IR_DYN || sizes[i] == IR_DYN)) {
      j++;
      continue;
    }
    if (j < rr && sizes[i] == res[j]) {
      j++;
      continue;
    }
    if (sizes[i] != 1) return -1;
    mask |= UINT64_C(1) << i;
  }
  return j == rr ? (int64_t)mask : -1;
}

/* subview / reinterpret_cast: [offsets | sizes | strides] into the pool.
 * n_off: entries expected in static_offsets. */
static int static_lists(Prep *p, uint32_t op, uint32_t n_off, uint32_t n,
                        uint32_t *pool_at) {
  const IrModule *m = p->m;
  static const char *const names[3] = {"static_offsets", "static_sizes",
                                        "static_strides"};
  const int64_t *v[3];
  uint32_t len[3], dyn = 0;
  for (int i = 0; i < 3; i++) {
    v[i] = dense_array(m, op, names[i], &len[i]);
    if (!v[i] || len[i] != (i ? n : n_off)) return -1;
    if (segment(m, op, (uint32_t)i + 1) != count_dyn(v[i], len[i])) return -1;
    dyn += count_dyn(v[i], len[i]);
  }
  if (segment(m, op, 0) != 1 || m->ops[op].n_operands != 1 + dyn) return -1;
  *pool_at = p->ip->n_pool;
  for (int i = 0; i < 3; i++) pool_add(p->ip, v[i], len[i]);
  return 0;
}

/* Reassociation [[0, 1], [2]]: for each dim of the larger rank, its group
 * (a dim of the smaller rank), into the pool. */
static int reassoc(Prep *p, uint32_t op, uint32_t big, uint32_t small,
                   uint32_t *pool_at) {
  const IrCtx *c = p->c;
  uint32_t a = ir_op_prop(p->m, op, "reassociation");
  const IrAttr *at = a ? ir_attr(c, a) : NULL;
  if (!at || at->kind != IR_A_ARRAY || at->n != small) return -1;
  int64_t group[IR_MAX_RANK];
  uint32_t next = 0;
  const uint32_t *gs = ir_attr_u32(c, a);
  for (uint32_t g = 0; g < at->n; g++) {
    const IrAttr *ga = ir_attr(c, gs[g]);
    if (ga->kind != IR_A_ARRAY || !ga->n) return -1;
    const uint32_t *ds = ir_attr_u32(c, gs[g]);
    for (uint32_t k = 0; k < ga->n; k++) {
      const IrAttr *d = ir_attr(c, ds[k]);
      if (d->kind != IR_A_INT || d->ival != (int64_t)next || next >= big) return -1;
      group[next++] = g;
    }
  }
  if (next != big) return -1;
  *pool_at = pool_add(p->ip, group, big);
  return 0;
}

static Ins prep_memref(Prep *p, uint32_t op) {
  const IrModule *m = p->m;
  const IrCtx *c = p->c;
  const IrOp *o = &m->ops[op];
  uint32_t no_ = o->n_operands, nr = o->n_results;
  IxWhy bt = bad_types(m, op);
  if ((int)bt >= 0) return ix_no(bt);
  Ins in = {0};
  switch (o->opc) {
  case IR_OP_ALLOC:
  case IR_OP_ALLOCA: {
    if (nr != 1 || !ranked_ok(p, res_t(m, op, 0))) return ix_no(WHY_TYPE);
    uint32_t t = res_t(m, op, 0);
    if (segment(m, op, 0) != n_dyn(c, t) || segment(m, op, 1) != 0 ||
        no_ != n_dyn(c, t))
      return ix_no(WHY_FORM);
    in = code(o->opc == IR_OP_ALLOC ? IX_ALLOC : IX_ALLOCA);
    return in;
  }
  case IR_OP_REALLOC: {
    if (nr != 1 || no_ < 1) return ix_no(WHY_FORM);
    uint32_t s = opd_t(m, op, 0), t = res_t(m, op, 0);
    if (!ranked_ok(p, s) || !ranked_ok(p, t) || ir_type(c, s)->n != 1 ||
        ir_type(c, t)->n != 1 || no_ != 1 + n_dyn(c, t))
      return ix_no(WHY_FORM);
    return mem_elem(p, code(IX_REALLOC), t);
  }
  case IR_OP_DEALLOC:
    if (no_ != 1) return ix_no(WHY_FORM);
    return code(IX_DEALLOC);
  case IR_OP_LOAD: {
    if (no_ < 1 || nr != 1) return ix_no(WHY_FORM);
    uint32_t t = opd_t(m, op, 0);
    if (!ranked_ok(p, t) || ir_type(c, t)->n != no_ - 1) return ix_no(WHY_FORM);
    return mem_elem(p, code(IX_LOAD), t);
  }
  case IR_OP_STORE: {
    if (no_ < 2) return ix_no(WHY_FORM);
    uint32_t t = opd_t(m, op, 1);
    if (!ranked_ok(p, t) || ir_type(c, t)->n != no_ - 2) return ix_no(WHY_FORM);
    return mem_elem(p, code(IX_STORE), t);
  }
  case IR_OP_COPY:
    if (no_ != 2 || ir_type(c, opd_t(m, op, 0))->elem !=
                        ir_type(c, opd_t(m, op, 1))->elem)
      return ix_no(WHY_FORM);
    return mem_elem(p, code(IX_COPY), opd_t(m, op, 0));
  case IR_OP_SUBVIEW: {
    uint32_t s = opd_t(m, op, 0), t = nr == 1 ? res_t(m, op, 0) : 0;
    if (!t || !ranked_ok(p, s) || !ranked_ok(p, t)) return ix_no(WHY_FORM);
    uint32_t r = ir_type(c, s)->n;
    in = code(IX_SUBVIEW);
    if (static_lists(p, op, r, r, &in.aux)) return ix_no(WHY_FORM);
    in.k = dropped_dims(p->ip->pool + in.aux + r, r, ir_type_dims(c, t),
                        ir_type(c, t)->n);
    if (in.k < 0) return ix_no(WHY_FORM);
    in.w = (uint16_t)r;
    return in;
  }
  case IR_OP_MEMREF_CAST:
    if (no_ != 1 || nr != 1) return ix_no(WHY_FORM);
    return code(IX_CAST);
  case IR_OP_ASSUME_ALIGNMENT:
  case IR_OP_TEST_FORWARD_BUFFER:
    if (no_ != 1 || nr != 1 || opd_t(m, op, 0) != res_t(m, op, 0))
      return ix_no(WHY_FORM);
    return code(IX_SAME);
  case IR_OP_REINTERPRET_CAST: {
    uint32_t t = nr == 1 ? res_t(m, op, 0) : 0;
    if (!t || !ranked_ok(p, t)) return ix_no(WHY_FORM);
    uint32_t r = ir_type(c, t)->n;
    in = code(IX_REINTERPRET);
    if (static_lists(p, op, 1, r, &in.aux)) return ix_no(WHY_FORM);
    in.w = (uint16_t)r;
    return in;
  }
  case IR_OP_VIEW: {
    uint32_t t = nr == 1 ? res_t(m, op, 0) : 0;
    if (!t || !ranked_ok(p, t) || ir_type(c, t)->layout || no_ < 2 ||
        no_ != 2 + n_dyn(c, t) || !ranked_ok(p, opd_t(m, op, 0)))
      return ix_no(WHY_FORM);
    return mem_elem(p, code(IX_VIEW), t);
  }
  case IR_OP_EXPAND_SHAPE: {
    uint32_t s = opd_t(m, op, 0), t = nr == 1 ? res_t(m, op, 0) : 0, n;
    if (!t || !ranked_ok(p, s) || !ranked_ok(p, t)) return ix_no(WHY_FORM);
    const int64_t *shape = dense_array(m, op, "static_output_shape", &n);
    uint32_t rr = ir_type(c, t)->n;
    in = code(IX_EXPAND);
    if (!shape || n != rr || no_ != 1 + count_dyn(shape, n) ||
        reassoc(p, op, rr, ir_type(c, s)->n, &in.aux))
      return ix_no(WHY_FORM);
    pool_add(p->ip, shape, n); /* right after the groups */
    in.w = (uint16_t)rr;
    return in;
  }
  case IR_OP_COLLAPSE_SHAPE: {
    uint32_t s = opd_t(m, op, 0), t = nr == 1 ? res_t(m, op, 0) : 0;
    if (!t || no_ != 1 || !ranked_ok(p, s) || !ranked_ok(p, t)) return ix_no(WHY_FORM);
    in = code(IX_COLLAPSE);
    if (reassoc(p, op, ir_type(c, s)->n, ir_type(c, t)->n, &in.aux))
      return ix_no(WHY_FORM);
    in.w = (uint16_t)ir_type(c, t)->n;
    return in;
  }
  case IR_OP_RESHAPE: {
    if (no_ != 2 || nr != 1) return ix_no(WHY_FORM);
    uint32_t sh = opd_t(m, op, 1);
    if (!ranked_ok(p, sh) || ir_type(c, sh)->n != 1 ||
        !ix_int_width(c, ir_type(c, sh)->elem))
      return ix_no(WHY_FORM);
    if (ix_is_ranked(c, res_t(m, op, 0)) &&
        ir_type(c, res_t(m, op, 0))->layout)
      return ix_no(WHY_LAYOUT);
    return mem_elem(p, code(IX_RESHAPE), sh);
  }
  case IR_OP_EXTRACT_STRIDED_METADATA: {
    uint32_t s = no_ == 1 ? opd_t(m, op, 0) : 0;
    if (!s || !ix_is_ranked(c, s) || nr != 2 + 2 * ir_type(c, s)->n)
      return ix_no(WHY_FORM);
    return code(IX_META);
  }
  case IR_OP_EXTRACT_ALIGNED_POINTER:
    if (no_ != 1 || nr != 1) return ix_no(WHY_FORM);
    return code(IX_APTR);
  case IR_OP_MEMREF_DIM:
    if (no_ != 2 || nr != 1) return ix_no(WHY_FORM);
    return code(IX_DIM);
  case IR_OP_MEMREF_RANK:
    if (no_ != 1 || nr != 1) return ix_no(WHY_FORM);
    return code(IX_RANK);
  case IR_OP_GET_GLOBAL: {
    uint32_t g = ix_find_global(p->ip, ir_op_prop(m, op, "name"));
    if (nr != 1 || g == IR_NONE || !p->ip->globals[g].ok ||
        p->ip->globals[g].type != res_t(m, op, 0))
      return ix_no(WHY_GLOBAL);
    in = code(IX_GET_GLOBAL);
    in.aux = g;
    return in;
  }
  case IR_OP_PREFETCH:
    return code(IX_NOP);
  case IR_OP_BDEALLOC: {
    int64_t n = segment(m, op, 0), r = segment(m, op, 2);
    if (n < 0 || r < 0 || segment(m, op, 1) != n || no_ != 2 * n + r ||
        nr != r)
      return ix_no(WHY_FORM);
    for (uint32_t i = 0; i < nr; i++)
      if (ix_int_width(c, res_t(m, op, i)) != 1) return ix_no(WHY_FORM);
    return code(IX_BDEALLOC);
  }
  case IR_OP_CLONE:
    if (no_ != 1 || nr != 1 || !ranked_ok(p, res_t(m, op, 0))) return ix_no(WHY_FORM);
    return mem_elem(p, code(IX_CLONE), res_t(m, op, 0));
  case IR_OP_LINALG_FILL:
    if (no_ != 2 || nr != 0 || segment(m, op, 0) != 1 ||
        !ranked_ok(p, opd_t(m, op, 1)) ||
        ir_type(c, opd_t(m, op, 1))->elem != opd_t(m, op, 0))
      return ix_no(WHY_FORM);
    return mem_elem(p, code(IX_FILL), opd_t(m, op, 1));
  case IR_OP_TEST_COPY:
  case IR_OP_TEST_BUFFER_BASED:
    if (no_ != 2 || !ix_is_memref(c, opd_t(m, op, 0)) ||
        !ix_is_memref(c, opd_t(m, op, 1)))
      return ix_no(WHY_FORM);
    in = code(o->opc == IR_OP_TEST_COPY ? IX_TCOPY : IX_TBUF);
    return in;
  case IR_OP_TEST_READ_BUFFER:
    return code(IX_READ_ALL);
  default:
    return ix_no(WHY_OP);
  }
}

Ins ix_prep_op(IrInterp *ip, uint32_t op) {
  Prep pp = {ip, ip->m, ip->ctx}, *p = &pp;
  const IrModule *m = p->m;
  const IrCtx *c = p->c;
  const IrOp *o = &m->ops[op];
  Ins in = {0};
  switch (o->opc) {
  case IR_OP_CONSTANT:
  case IR_OP_INDEX_CONSTANT: return prep_const(p, op);
  case IR_OP_ADDI: return prep_int(p, op, IX_ADDI);
  case IR_OP_SUBI: return prep_int(p, op, IX_SUBI);
  case IR_OP_MULI: return prep_int(p, op, IX_MULI);
  case IR_OP_DIVSI: return prep_int(p, op, IX_DIVSI);
  case IR_OP_DIVUI: return prep_int(p, op, IX_DIVUI);
  case IR_OP_CEILDIVSI: return prep_int(p, op, IX_CEILDIVSI);
  case IR_OP_FLOORDIVSI: return prep_int(p, op, IX_FLOORDIVSI);
  case IR_OP_REMSI: return prep_int(p, op, IX_REMSI);
  case IR_OP_REMUI: return prep_int(p, op, IX_REMUI);
  case IR_OP_MINSI: return prep_int(p, op, IX_MINSI);
  case IR_OP_MAXSI: return prep_int(p, op, IX_MAXSI);
  case IR_OP_MINUI: return prep_int(p, op, IX_MINUI);
  case IR_OP_MAXUI: return prep_int(p, op, IX_MAXUI);
  case IR_OP_ANDI: return prep_int(p, op, IX_ANDI);
  case IR_OP_ORI: return prep_int(p, op, IX_ORI);
  case IR_OP_XORI: return prep_int(p, op, IX_XORI);
  case IR_OP_SHLI: return prep_int(p, op, IX_SHLI);
  case IR_OP_SHRSI: return prep_int(p, op, IX_SHRSI);
  case IR_OP_SHRUI: return prep_int(p, op, IX_SHRUI);
  case IR_OP_CMPI: {
    uint32_t pr = ir_op_prop(m, op, "predicate");
    const IrAttr *a = pr ? ir_attr(c, pr) : NULL;
    if (o->n_operands != 2 || o->n_results != 1 || !a || a->kind != IR_A_INT ||
        a->ival < 0 || a->ival > 9)
      return ix_no(WHY_FORM);
    in = code(IX_CMPI);
    in.w = (uint16_t)ix_int_width(c, opd_t(m, op, 0));
    in.aux = (uint32_t)a->ival;
    return in.w ? in : ix_no(WHY_TYPE);
  }
  case IR_OP_CMPF: {
    uint32_t pr = ir_op_prop(m, op, "predicate");
    const IrAttr *a = pr ? ir_attr(c, pr) : NULL;
    if (o->n_operands != 2 || o->n_results != 1 || !a || a->kind != IR_A_INT ||
        a->ival < 0 || a->ival > 15)
      return ix_no(WHY_FORM);
    in = code(IX_CMPF);
    in.elem = (uint8_t)ix_float_kind(c, opd_t(m, op, 0));
    in.aux = (uint32_t)a->ival;
    return in.elem ? in : ix_no(WHY_TYPE);
  }
  case IR_OP_SELECT: {
    if (o->n_operands != 3 || o->n_results != 1) return ix_no(WHY_FORM);
    uint32_t t = res_t(m, op, 0);
    if (ix_int_width(c, opd_t(m, op, 0)) != 1 ||
        ir_type(c, opd_t(m, op, 0))->kind != IR_T_INT)
      return ix_no(WHY_TYPE);
    if (!ix_scalar_ok(c, t) && !ix_memref_ok(c, t)) return ix_no(WHY_TYPE);
    return code(IX_SELECT);
  }
  case IR_OP_INDEX_CAST: case IR_OP_EXTSI: return prep_cast(p, op, IX_SEXT);
  case IR_OP_INDEX_CASTUI: case IR_OP_EXTUI: case IR_OP_TRUNCI:
    return prep_cast(p, op, IX_ZEXT);
  case IR_OP_SITOFP: return prep_cast(p, op, IX_SITOFP);
  case IR_OP_UITOFP: return prep_cast(p, op, IX_UITOFP);
  case IR_OP_FPTOSI: return prep_cast(p, op, IX_FPTOSI);
  case IR_OP_FPTOUI: return prep_cast(p, op, IX_FPTOUI);
  case IR_OP_EXTF: case IR_OP_TRUNCF: return prep_cast(p, op, IX_FCONV);
  case IR_OP_ADDF: return prep_float(p, op, IX_ADDF, 2);
  case IR_OP_SUBF: return prep_float(p, op, IX_SUBF, 2);
  case IR_OP_MULF: return prep_float(p, op, IX_MULF, 2);
  case IR_OP_DIVF: return prep_float(p, op, IX_DIVF, 2);
  case IR_OP_MINIMUMF: return prep_float(p, op, IX_MINIMUMF, 2);
  case IR_OP_MAXIMUMF: return prep_float(p, op, IX_MAXIMUMF, 2);
  case IR_OP_NEGF: return prep_float(p, op, IX_NEGF, 1);
  case IR_OP_MATH_EXP: return prep_float(p, op, IX_EXP, 1);
  case IR_OP_MATH_CEIL: return prep_float(p, op, IX_CEIL, 1);

  /* control flow */
  case IR_OP_IF:
    if (o->n_operands != 1 || o->n_regions != 2) return ix_no(WHY_FORM);
    return code(IX_IF);
  case IR_OP_FOR: {
    if (o->n_operands < 3 || o->n_regions != 1 ||
        o->n_results != o->n_operands - 3)
      return ix_no(WHY_FORM);
    in = code(IX_FOR);
    in.w = (uint16_t)ix_int_width(c, opd_t(m, op, 0));
    in.aux = ir_op_prop(m, op, "unsignedCmp") != 0;
    return in.w ? in : ix_no(WHY_TYPE);
  }
  case IR_OP_WHILE:
    if (o->n_regions != 2) return ix_no(WHY_FORM);
    return code(IX_WHILE);
  case IR_OP_EXECUTE_REGION:
    if (o->n_regions != 1) return ix_no(WHY_FORM);
    return code(IX_EXEC_REGION);
  case IR_OP_INDEX_SWITCH: {
    uint32_t n;
    const int64_t *cases = dense_array(m, op, "cases", &n);
    if (!cases || o->n_operands != 1 || o->n_regions != n + 1) return ix_no(WHY_FORM);
    in = code(IX_INDEX_SWITCH);
    in.aux = pool_add(p->ip, cases, n);
    in.k = n;
    return in;
  }
  case IR_OP_BR:
    if (o->n_succs != 1) return ix_no(WHY_FORM);
    return code(IX_BR);
  case IR_OP_COND_BR:
    if (o->n_succs != 2 || o->n_operands < 1) return ix_no(WHY_FORM);
    return code(IX_COND_BR);
  case IR_OP_SWITCH: {
    uint32_t cv = ir_op_prop(m, op, "case_values");
    uint32_t w = o->n_operands ? ix_int_width(c, opd_t(m, op, 0)) : 0;
    uint64_t n = o->n_succs ? o->n_succs - 1 : 0;
    if (!w || !o->n_succs) return ix_no(WHY_FORM);
    in = code(IX_SWITCH);
    in.w = (uint16_t)w;
    in.k = (int64_t)n;
    in.aux = p->ip->n_pool;
    if (n) {
      /* case values decoded as 8-byte integers of the flag's width */
      uint8_t *buf = ir_xcalloc(n, 8);
      uint32_t i64 = ir_type_int(p->ip->ctx, 64);
      const IrAttr *a = cv ? ir_attr(c, cv) : NULL;
      int ok = a && a->kind == IR_A_DENSE &&
               ix_dense_decode(c, cv, i64, n, buf) == 0;
      for (uint64_t i = 0; ok && i < n; i++) {
        int64_t v;
        memcpy(&v, buf + i * 8, 8);
        v = (int64_t)((uint64_t)v & ix_mask(w));
        pool_add(p->ip, &v, 1);
      }
      free(buf);
      if (!ok) return ix_no(WHY_FORM);
    }
    return in;
  }
  case IR_OP_ASSERT: {
    uint32_t msg = ir_op_prop(m, op, "msg");
    in = code(IX_ASSERT);
    in.aux = msg && ir_attr(c, msg)->kind == IR_A_STRING ? ir_attr(c, msg)->str : 0;
    return o->n_operands == 1 ? in : ix_no(WHY_FORM);
  }
  case IR_OP_CALL: {
    uint32_t f = ix_find_func(p->ip, ir_op_prop(m, op, "callee"));
    if (f == IR_NONE) return ix_no(WHY_CALLEE);
    const IrType *ft = ir_type(c, p->ip->funcs[f].type);
    if (ft->n != o->n_operands || ft->nres != o->n_results) return ix_no(WHY_FORM);
    const uint32_t *tl = ir_type_list(c, p->ip->funcs[f].type);
    for (uint32_t i = 0; i < o->n_operands; i++)
      if (tl[i] != opd_t(m, op, i)) return ix_no(WHY_FORM);
    for (uint32_t i = 0; i < o->n_results; i++)
      if (tl[ft->n + i] != res_t(m, op, i)) return ix_no(WHY_FORM);
    if (p->ip->funcs[f].body == IR_NONE) {
      if (p->ip->o.no_extern) return ix_no(WHY_EXTERN);
      for (uint32_t i = 0; i < o->n_results; i++) {
        uint32_t t = res_t(m, op, i);
        if (!ix_scalar_ok(c, t) && !(ix_memref_ok(c, t) && ix_is_ranked(c, t)))
          return ix_no(WHY_TYPE);
      }
    }
    in = code(IX_CALL);
    in.aux = f;
    return in;
  }
  case IR_OP_RETURN:
  case IR_OP_YIELD:
  case IR_OP_CONDITION:
  case IR_OP_TEST_RETURN:
  case IR_OP_TEST_REGION_YIELD:
    return code(IX_EXIT);
  case IR_OP_TEST_ONE_REGION_RECURSIVE:
    /* runs its region once (its results, if any, from the terminator) */
    if (o->n_regions != 1) return ix_no(WHY_FORM);
    return code(IX_REGION_ONCE);
  case IR_OP_TEST_REGION_BUFFER_BASED: {
    /* like linalg.generic: the body runs per element of in and out, which
     * it gets as arguments, and yields the new out element */
    uint32_t ti = o->n_operands == 2 ? opd_t(m, op, 0) : 0;
    uint32_t to = o->n_operands == 2 ? opd_t(m, op, 1) : 0;
    if (!ti || !ranked_ok(p, ti) || !ranked_ok(p, to) || o->n_regions != 1)
      return ix_no(WHY_FORM);
    const IrRegion *rg = &m->regions[o->regions];
    const IrBlock *bk = rg->n_blocks ? &m->blocks[rg->blocks] : NULL;
    if (!bk || bk->n_args != 2 ||
        m->values[bk->args].type != ir_type(c, ti)->elem ||
        m->values[bk->args + 1].type != ir_type(c, to)->elem)
      return ix_no(WHY_FORM);
    return code(IX_REGION_BUF);
  }
  case IR_OP_AFFINE_APPLY:
  case IR_OP_AFFINE_LOAD:
  case IR_OP_AFFINE_FOR:
  case IR_OP_AFFINE_IF:
  case IR_OP_AFFINE_YIELD:
    return ix_affine_prep(p->ip, op);
  case IR_OP_UNKNOWN:
    if (p->ip->o.unknown_as_use && !o->n_results && !o->n_regions &&
        !o->n_succs) {
      for (uint32_t i = 0; i < o->n_operands; i++) {
        uint32_t t = opd_t(m, op, i);
        if (ix_is_memref(c, t) && !ix_memref_ok(c, t)) return ix_no(WHY_TYPE);
      }
      return code(IX_READ_ALL);
    }
    return ix_no(WHY_OP);
  default:
    return prep_memref(p, op);
  }
}
