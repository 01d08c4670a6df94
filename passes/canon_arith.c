/*
 * canon_arith.c - folds and canonicalization patterns of the arith
 * dialect, as MLIR 22 has them (ArithOps.cpp, ArithCanonicalization.td):
 * constant folding of integer ops, algebraic identities (x+0, x&0, x^x,
 * select with a constant or equal operands, cmpi of equal operands), and
 * the patterns that turn an i1 select into logic (select c, false, true
 * -> xori c, true), push negations into predicates, and merge chains of
 * constant additions.
 *
 * Integers are at most 64 bits here: values are kept sign-extended from
 * their width in an int64_t; a fold whose operands or result are wider
 * than 64 bits does not happen.
 */
#include "canon.h"

enum { P_EQ, P_NE, P_SLT, P_SLE, P_SGT, P_SGE, P_ULT, P_ULE, P_UGT, P_UGE };

static uint32_t res_type(Canon *c, uint32_t op) {
  return rw_type(c->rw, rw_result(c->rw, op, 0));
}

static uint32_t width_of(Canon *c, uint32_t op) {
  return canon_int_width(c->ctx, res_type(c, op));
}

static int cint(Canon *c, uint32_t attr, int64_t *v) {
  return canon_attr_int_cached(c, attr, v);
}

static int set_val(CanonFold *r, uint32_t v) {
  r[0].val = v;
  r[0].attr = 0;
  return CANON_REPLACE;
}

static int set_int(Canon *c, uint32_t op, CanonFold *r, int64_t v) {
  r[0].val = RW_NONE;
  r[0].attr = canon_int_attr(c, v, res_type(c, op));
  return CANON_REPLACE;
}

static uint64_t mask_of(uint32_t w) {
  return w >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1);
}

static int64_t all_ones(uint32_t w) { return canon_sext(-1, w); }

/* Defining op of v if it has opcode opc, else RW_NONE. */
static uint32_t def_of(Canon *c, uint32_t v, uint32_t opc) {
  uint32_t d = rw_def(c->rw, v);
  return d != RW_NONE && c->rw->ops[d].opc == opc ? d : RW_NONE;
}

#define OPD(op, k) rw_operand(c->rw, (op), (k))

/* Binary integer constant folding. */
typedef int (*BinFn)(int64_t a, int64_t b, uint32_t w, int64_t *out);

static int fold_bin(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r,
                    BinFn fn) {
  int64_t a, b, x;
  uint32_t w = width_of(c, op);
  if (!w || !cint(c, cst[0], &a) || !cint(c, cst[1], &b)) return CANON_FAIL;
  if (!fn(a, b, w, &x)) return CANON_FAIL;
  return set_int(c, op, r, x);
}

static int f_add(int64_t a, int64_t b, uint32_t w, int64_t *o) { (void)w; *o = (int64_t)((uint64_t)a + (uint64_t)b); return 1; }
static int f_sub(int64_t a, int64_t b, uint32_t w, int64_t *o) { (void)w; *o = (int64_t)((uint64_t)a - (uint64_t)b); return 1; }
static int f_mul(int64_t a, int64_t b, uint32_t w, int64_t *o) { (void)w; *o = (int64_t)((uint64_t)a * (uint64_t)b); return 1; }
static int f_and(int64_t a, int64_t b, uint32_t w, int64_t *o) { (void)w; *o = a & b; return 1; }
static int f_or(int64_t a, int64_t b, uint32_t w, int64_t *o) { (void)w; *o = a | b; return 1; }
static int f_xor(int64_t a, int64_t b, uint32_t w, int64_t *o) { (void)w; *o = a ^ b; return 1; }
static int f_smax(int64_t a, int64_t b, uint32_t w, int64_t *o) { (void)w; *o = a > b ? a : b; return 1; }
static int f_smin(int64_t a, int64_t b, uint32_t w, int64_t *o) { (void)w; *o = a < b ? a : b; return 1; }
static int f_umax(int64_t a, int64_t b, uint32_t w, int64_t *o) {
  uint64_t m = mask_of(w);
  *o = ((uint64_t)a & m) > ((uint64_t)b & m) ? a : b;
  return 1;
}
static int f_umin(int64_t a, int64_t b, uint32_t w, int64_t *o) {
  uint64_t m = mask_of(w);
  *o = ((uint64_t)a & m) < ((uint64_t)b & m) ? a : b;
  return 1;
}
static int f_divsi(int64_t a, int64_t b, uint32_t w, int64_t *o) {
  if (b == 0) return 0;
  if (b == -1 && a == canon_sext((int64_t)((uint64_t)1 << (w - 1)), w)) return 0;
  *o = a / b;
  return 1;
}
static int f_divui(int64_t a, int64_t b, uint32_t w, int64_t *o) {
  uint64_t m = mask_of(w);
  if (((uint64_t)b & m) == 0) return 0;
  *o = (int64_t)(((uint64_t)a & m) / ((uint64_t)b & m));
  return 1;
}
static int f_remsi(int64_t a, int64_t b, uint32_t w, int64_t *o) {
  (void)w;
  if (b == 0) return 0;
  *o = b == -1 ? 0 : a % b;
  return 1;
}
static int f_remui(int64_t a, int64_t b, uint32_t w, int64_t *o) {
  uint64_t m = mask_of(w);
  if (((uint64_t)b & m) == 0) return 0;
  *o = (int64_t)(((uint64_t)a & m) % ((uint64_t)b & m));
  return 1;
}
static int f_shl(int64_t a, int64_t b, uint32_t w, int64_t *o) {
  uint64_t s = (uint64_t)b & mask_of(w);
  if (s > w) return 0;
  *o = s >= 64 ? 0 : (int64_t)((uint64_t)a << s);
  return 1;
}
static int f_shrui(int64_t a, int64_t b, uint32_t w, int64_t *o) {
  uint64_t s = (uint64_t)b & mask_of(w);
  if (s > w) return 0;
  *o = s >= 64 ? 0 : (int64_t)(((uint64_t)a & mask_of(w)) >> s);
  return 1;
}
static int f_shrsi(int64_t a, int64_t b, uint32_t w, int64_t *o) {
  uint64_t s = (uint64_t)b & mask_of(w);
  if (s > w) return 0;
  *o = s >= 64 ? (a < 0 ? -1 : 0) : a >> s;
  return 1;
}

/* ====================================================================== */
/* Folds                                                                  */
/* ====================================================================== */

static int fold_addi(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  if (canon_is_const_int(c, OPD(op, 1), 0)) return set_val(r, OPD(op, 0));
  uint32_t sub = def_of(c, OPD(op, 0), IR_OP_SUBI);
  if (sub != RW_NONE && OPD(op, 1) == OPD(sub, 1)) return set_val(r, OPD(sub, 0));
  sub = def_of(c, OPD(op, 1), IR_OP_SUBI);
  if (sub != RW_NONE && OPD(op, 0) == OPD(sub, 1)) return set_val(r, OPD(sub, 0));
  return fold_bin(c, op, cst, r, f_add);
}

static int fold_subi(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  if (OPD(op, 0) == OPD(op, 1) && width_of(c, op)) return set_int(c, op, r, 0);
  if (canon_is_const_int(c, OPD(op, 1), 0)) return set_val(r, OPD(op, 0));
  uint32_t add = def_of(c, OPD(op, 0), IR_OP_ADDI);
  if (add != RW_NONE) {
    if (OPD(op, 1) == OPD(add, 1)) return set_val(r, OPD(add, 0));
    if (OPD(op, 1) == OPD(add, 0)) return set_val(r, OPD(add, 1));
  }
  return fold_bin(c, op, cst, r, f_sub);
}

static int fold_muli(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  if (canon_is_const_int(c, OPD(op, 1), 0)) return set_val(r, OPD(op, 1));
  if (canon_is_one(c, OPD(op, 1))) return set_val(r, OPD(op, 0));
  return fold_bin(c, op, cst, r, f_mul);
}

/* xori(x, all ones) with x == want: the "not" of want. */
static int is_not_of(Canon *c, uint32_t v, uint32_t want) {
  uint32_t x = def_of(c, v, IR_OP_XORI);
  if (x == RW_NONE || OPD(x, 0) != want) return 0;
  int64_t k;
  uint32_t w = canon_int_width(c->ctx, rw_type(c->rw, v));
  return w && canon_value_int(c, OPD(x, 1), &k) && k == all_ones(w);
}

static int fold_andi(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  uint32_t w = width_of(c, op);
  uint32_t lhs = OPD(op, 0), rhs = OPD(op, 1);
  if (canon_is_const_int(c, rhs, 0)) return set_val(r, rhs);
  int64_t k;
  if (w && canon_value_int(c, rhs, &k) && k == all_ones(w)) return set_val(r, lhs);
  if (w && (is_not_of(c, rhs, lhs) || is_not_of(c, lhs, rhs))) return set_int(c, op, r, 0);
  /* and(a, and(a, b)) -> and(a, b) */
  for (int rev = 0; rev < 2; rev++) {
    uint32_t prev = def_of(c, rev ? rhs : lhs, IR_OP_ANDI);
    if (prev == RW_NONE) continue;
    uint32_t other = rev ? lhs : rhs;
    if (other != OPD(prev, 0) && other != OPD(prev, 1)) continue;
    return set_val(r, rw_result(c->rw, prev, 0));
  }
  return fold_bin(c, op, cst, r, f_and);
}

static int fold_ori(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  uint32_t w = width_of(c, op);
  uint32_t lhs = OPD(op, 0), rhs = OPD(op, 1);
  if (canon_is_const_int(c, rhs, 0)) return set_val(r, lhs);
  int64_t k;
  if (w && cint(c, cst[1], &k) && k == all_ones(w)) {
    r[0].val = RW_NONE;
    r[0].attr = canon_int_attr(c, k, res_type(c, op));
    return CANON_REPLACE;
  }
  /* or(x, not x) -> all ones */
  if (w && (is_not_of(c, rhs, lhs) || is_not_of(c, lhs, rhs)))
    return set_int(c, op, r, all_ones(w));
  return fold_bin(c, op, cst, r, f_or);
}

static int fold_xori(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  uint32_t lhs = OPD(op, 0), rhs = OPD(op, 1);
  if (canon_is_const_int(c, rhs, 0)) return set_val(r, lhs);
  if (lhs == rhs && width_of(c, op)) return set_int(c, op, r, 0);
  uint32_t prev = def_of(c, lhs, IR_OP_XORI);
  if (prev != RW_NONE) {
    if (OPD(prev, 1) == rhs) return set_val(r, OPD(prev, 0));
    if (OPD(prev, 0) == rhs) return set_val(r, OPD(prev, 1));
  }
  prev = def_of(c, rhs, IR_OP_XORI);
  if (prev != RW_NONE) {
    if (OPD(prev, 1) == lhs) return set_val(r, OPD(prev, 0));
    if (OPD(prev, 0) == lhs) return set_val(r, OPD(prev, 1));
  }
  return fold_bin(c, op, cst, r, f_xor);
}

#define MINMAX_FOLD(NAME, FN, ABSORB, IDENT)                                    \
  static int NAME(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {   \
    uint32_t w = width_of(c, op);                                               \
    if (OPD(op, 0) == OPD(op, 1)) return set_val(r, OPD(op, 1));                \
    int64_t k;                                                                  \
    if (w && canon_value_int(c, OPD(op, 1), &k)) {                              \
      if (k == (ABSORB)) return set_val(r, OPD(op, 1));                         \
      if (k == (IDENT)) return set_val(r, OPD(op, 0));                          \
    }                                                                           \
    return fold_bin(c, op, cst, r, FN);                                         \
  }
#define SMAX(w) canon_sext((int64_t)(mask_of(w) >> 1), w)
#define SMIN(w) canon_sext((int64_t)((uint64_t)1 << ((w) - 1)), w)
MINMAX_FOLD(fold_maxsi, f_smax, SMAX(w), SMIN(w))
MINMAX_FOLD(fold_minsi, f_smin, SMIN(w), SMAX(w))
MINMAX_FOLD(fold_maxui, f_umax, all_ones(w), 0)
MINMAX_FOLD(fold_minui, f_umin, 0, all_ones(w))

static int fold_divsi(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  if (canon_is_one(c, OPD(op, 1))) return set_val(r, OPD(op, 0));
  return fold_bin(c, op, cst, r, f_divsi);
}

static int fold_divui(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  if (canon_is_one(c, OPD(op, 1))) return set_val(r, OPD(op, 0));
  return fold_bin(c, op, cst, r, f_divui);
}

static int fold_remsi(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  if (canon_is_one(c, OPD(op, 1)) && width_of(c, op)) return set_int(c, op, r, 0);
  return fold_bin(c, op, cst, r, f_remsi);
}

static int fold_remui(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  if (canon_is_one(c, OPD(op, 1)) && width_of(c, op)) return set_int(c, op, r, 0);
  return fold_bin(c, op, cst, r, f_remui);
}

#define SHIFT_FOLD(NAME, FN)                                                    \
  static int NAME(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {   \
    if (canon_is_const_int(c, OPD(op, 1), 0)) return set_val(r, OPD(op, 0));    \
    return fold_bin(c, op, cst, r, FN);                                         \
  }
SHIFT_FOLD(fold_shli, f_shl)
SHIFT_FOLD(fold_shrui, f_shrui)
SHIFT_FOLD(fold_shrsi, f_shrsi)

static int pred_of(Canon *c, uint32_t op) {
  int64_t p;
  uint32_t a = rw_prop(c->rw, op, "predicate");
  const IrAttr *at = a ? ir_attr(c->ctx, a) : NULL;
  if (!at || at->kind != IR_A_INT) return -1;
  p = at->ival;
  return p >= 0 && p <= 9 ? (int)p : -1;
}

static uint32_t pred_attr(Canon *c, int p) {
  return ir_attr_int(c->ctx, p, ir_type_int(c->ctx, 64));
}

static int cmp_apply(int p, int64_t a, int64_t b, uint32_t w) {
  uint64_t m = mask_of(w), ua = (uint64_t)a & m, ub = (uint64_t)b & m;
  switch (p) {
  case P_EQ: return a == b;
  case P_NE: return a != b;
  case P_SLT: return a < b;
  case P_SLE: return a <= b;
  case P_SGT: return a > b;
  case P_SGE: return a >= b;
  case P_ULT: return ua < ub;
  case P_ULE: return ua <= ub;
  case P_UGT: return ua > ub;
  default: return ua >= ub;
  }
}

static int cmp_equal_operands(int p) {
  return p == P_EQ || p == P_SLE || p == P_SGE || p == P_ULE || p == P_UGE;
}

static int fold_cmpi(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  int p = pred_of(c, op);
  uint32_t lhs = OPD(op, 0), rhs = OPD(op, 1);
  uint32_t ot = rw_type(c->rw, lhs);
  uint32_t w = canon_int_width(c->ctx, ot);
  if (p < 0 || !w) return CANON_FAIL;
  if (lhs == rhs) return set_int(c, op, r, cmp_equal_operands(p) ? 1 : 0);
  if (canon_is_const_int(c, rhs, 0)) {
    uint32_t e = def_of(c, lhs, IR_OP_EXTSI);
    if (e == RW_NONE) e = def_of(c, lhs, IR_OP_EXTUI);
    if (e != RW_NONE && p == P_NE &&
        canon_int_width(c->ctx, rw_type(c->rw, OPD(e, 0))) == 1 &&
        ir_type(c->ctx, rw_type(c->rw, OPD(e, 0)))->kind == IR_T_INT)
      return set_val(r, OPD(e, 0));
  }
  /* i1: (x == true) -> x, (x != false) -> x */
  if (w == 1 && ir_type(c->ctx, ot)->kind == IR_T_INT) {
    int64_t k;
    if (canon_value_int(c, rhs, &k)) {
      if ((p == P_EQ && k) || (p == P_NE && !k)) return set_val(r, lhs);
    }
  }
  int64_t a, b;
  int la = cint(c, cst[0], &a), lb = cint(c, cst[1], &b);
  if (cst[0] && !cst[1]) {
    static const int swapped[10] = {P_EQ, P_NE, P_SGT, P_SGE, P_SLT, P_SLE,
                                    P_UGT, P_UGE, P_ULT, P_ULE};
    RwOp *o = rw_op(c->rw, op);
    o->props = ir_dict_set(c->ctx, o->props, c->s_predicate,
                           pred_attr(c, swapped[p]));
    rw_set_operand(c->rw, op, 0, rhs);
    rw_set_operand(c->rw, op, 1, lhs);
    return CANON_INPLACE;
  }
  if (la && lb) return set_int(c, op, r, cmp_apply(p, a, b, w) ? 1 : 0);
  return CANON_FAIL;
}

static int fold_select(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  (void)cst;
  uint32_t cond = OPD(op, 0), t = OPD(op, 1), f = OPD(op, 2);
  if (t == f) return set_val(r, t);
  int64_t k;
  if (canon_value_int(c, cond, &k)) return set_val(r, k ? t : f);
  uint32_t ty = res_type(c, op);
  if (canon_int_width(c->ctx, ty) == 1 && ir_type(c->ctx, ty)->kind == IR_T_INT) {
    int64_t kt, kf;
    if (canon_value_int(c, t, &kt) && kt && canon_value_int(c, f, &kf) && !kf)
      return set_val(r, cond);
  }
  uint32_t cmp = def_of(c, cond, IR_OP_CMPI);
  if (cmp != RW_NONE) {
    int p = pred_of(c, cmp);
    if (p == P_EQ || p == P_NE) {
      uint32_t cl = OPD(cmp, 0), cr = OPD(cmp, 1);
      if ((cl == t && cr == f) || (cr == t && cl == f))
        return set_val(r, p == P_NE ? t : f);
    }
  }
  return CANON_FAIL;
}

/* Casts. */
static int fold_index_cast(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  int64_t v;
  if (cint(c, cst[0], &v) && width_of(c, op)) return set_int(c, op, r, v);
  return CANON_FAIL;
}

static int fold_index_castui(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  int64_t v;
  uint32_t iw = canon_int_width(c->ctx, rw_type(c->rw, OPD(op, 0)));
  if (cint(c, cst[0], &v) && width_of(c, op) && iw) {
    uint64_t z = (uint64_t)v & mask_of(iw);
    return set_int(c, op, r, (int64_t)z);
  }
  return CANON_FAIL;
}

static int fold_ext(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r,
                    int sign) {
  uint32_t in = OPD(op, 0);
  uint32_t prev = def_of(c, in, sign ? IR_OP_EXTSI : IR_OP_EXTUI);
  if (prev != RW_NONE) {
    rw_set_operand(c->rw, op, 0, OPD(prev, 0));
    return CANON_INPLACE;
  }
  int64_t v;
  uint32_t iw = canon_int_width(c->ctx, rw_type(c->rw, in));
  if (cint(c, cst[0], &v) && iw && width_of(c, op) && width_of(c, op) <= 64) {
    int64_t x = sign ? v : (int64_t)((uint64_t)v & mask_of(iw));
    return set_int(c, op, r, x);
  }
  return CANON_FAIL;
}

static int fold_extui(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  return fold_ext(c, op, cst, r, 0);
}

static int fold_extsi(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  return fold_ext(c, op, cst, r, 1);
}

static int fold_trunci(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  uint32_t in = OPD(op, 0);
  uint32_t d = rw_def(c->rw, in);
  if (d != RW_NONE && (c->rw->ops[d].opc == IR_OP_EXTUI || c->rw->ops[d].opc == IR_OP_EXTSI)) {
    uint32_t src = OPD(d, 0);
    uint32_t sw = canon_int_width(c->ctx, rw_type(c->rw, src));
    uint32_t dw = width_of(c, op);
    if (sw > dw) {
      rw_set_operand(c->rw, op, 0, src);
      return CANON_INPLACE;
    }
    if (rw_type(c->rw, src) == res_type(c, op)) return set_val(r, src);
  }
  if (def_of(c, in, IR_OP_TRUNCI) != RW_NONE) {
    rw_set_operand(c->rw, op, 0, OPD(rw_def(c->rw, in), 0));
    return CANON_INPLACE;
  }
  int64_t v;
  if (cint(c, cst[0], &v) && width_of(c, op)) return set_int(c, op, r, v);
  return CANON_FAIL;
}

/* ====================================================================== */
/* Floats (f32 and f64 only: other widths are not folded)                 */
/* ====================================================================== */

#include <math.h>

/* The float kind of a type: IR_F32 / IR_F64, or -1. */
static int fkind(Canon *c, uint32_t type) {
  const IrType *t = ir_type(c->ctx, type);
  if (t->kind != IR_T_FLOAT || (t->sub != IR_F32 && t->sub != IR_F64)) return -1;
  return t->sub;
}

static int cfloat(Canon *c, uint32_t attr, double *v) {
  if (!attr) return 0;
  const IrAttr *a = ir_attr(c->ctx, attr);
  if (a->kind != IR_A_FLOAT) return 0;
  *v = a->fval;
  return 1;
}

static int value_float(Canon *c, uint32_t v, double *out) {
  return cfloat(c, rw_const_attr(c->rw, v), out);
}

static int set_float(Canon *c, uint32_t op, CanonFold *r, double v) {
  uint32_t ty = res_type(c, op);
  if (fkind(c, ty) == IR_F32) v = (double)(float)v;
  IrAttr a = {0};
  a.kind = IR_A_FLOAT;
  a.fval = v;
  a.type = ty;
  r[0].val = RW_NONE;
  r[0].attr = ir_attr_intern(c->ctx, &a, NULL, NULL);
  return CANON_REPLACE;
}

typedef double (*FBin)(double a, double b, int f32);

static double fl_add(double a, double b, int f32) { return f32 ? (double)((float)a + (float)b) : a + b; }
static double fl_sub(double a, double b, int f32) { return f32 ? (double)((float)a - (float)b) : a - b; }
static double fl_mul(double a, double b, int f32) { return f32 ? (double)((float)a * (float)b) : a * b; }
static double fl_div(double a, double b, int f32) { return f32 ? (double)((float)a / (float)b) : a / b; }
/* llvm::maximum / minimum: NaN wins, -0 < +0 */
static double fl_max(double a, double b, int f32) {
  (void)f32;
  if (isnan(a)) return a;
  if (isnan(b)) return b;
  if (a == 0 && b == 0) return signbit(a) ? b : a;
  return a > b ? a : b;
}
static double fl_min(double a, double b, int f32) {
  (void)f32;
  if (isnan(a)) return a;
  if (isnan(b)) return b;
  if (a == 0 && b == 0) return signbit(a) ? a : b;
  return a < b ? a : b;
}

static int fold_fbin(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r, FBin fn) {
  double a, b;
  int k = fkind(c, res_type(c, op));
  if (k < 0 || !cfloat(c, cst[0], &a) || !cfloat(c, cst[1], &b)) return CANON_FAIL;
  return set_float(c, op, r, fn(a, b, k == IR_F32));
}

static int is_fconst(Canon *c, uint32_t v, double want, int neg_zero) {
  double x;
  if (!value_float(c, v, &x)) return 0;
  if (want == 0) return x == 0 && (signbit(x) != 0) == neg_zero;
  return x == want;
}

static int fold_addf(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  if (is_fconst(c, OPD(op, 1), 0, 1)) return set_val(r, OPD(op, 0));
  return fold_fbin(c, op, cst, r, fl_add);
}

static int fold_subf(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  if (is_fconst(c, OPD(op, 1), 0, 0)) return set_val(r, OPD(op, 0));
  return fold_fbin(c, op, cst, r, fl_sub);
}

static int fold_mulf(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  if (is_fconst(c, OPD(op, 1), 1.0, 0)) return set_val(r, OPD(op, 0));
  return fold_fbin(c, op, cst, r, fl_mul);
}

static int fold_divf(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  if (is_fconst(c, OPD(op, 1), 1.0, 0)) return set_val(r, OPD(op, 0));
  return fold_fbin(c, op, cst, r, fl_div);
}

static int fold_maximumf(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  if (OPD(op, 0) == OPD(op, 1)) return set_val(r, OPD(op, 1));
  if (is_fconst(c, OPD(op, 1), -INFINITY, 0)) return set_val(r, OPD(op, 0));
  return fold_fbin(c, op, cst, r, fl_max);
}

static int fold_minimumf(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  if (OPD(op, 0) == OPD(op, 1)) return set_val(r, OPD(op, 1));
  if (is_fconst(c, OPD(op, 1), INFINITY, 0)) return set_val(r, OPD(op, 0));
  return fold_fbin(c, op, cst, r, fl_min);
}

static int fold_negf(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  uint32_t in = def_of(c, OPD(op, 0), IR_OP_NEGF);
  if (in != RW_NONE) return set_val(r, OPD(in, 0));
  double a;
  if (fkind(c, res_type(c, op)) < 0 || !cfloat(c, cst[0], &a)) return CANON_FAIL;
  return set_float(c, op, r, -a);
}

/* ====================================================================== */
/* Patterns                                                               */
/* ====================================================================== */

/* Build an op like `op` (same name and location) before it. */
static uint32_t make_like(Canon *c, uint32_t op, uint32_t name,
                          const uint32_t *opd, uint32_t n, uint32_t type,
                          uint32_t props) {
  return canon_make_op(c, op, name, opd, n, type, props);
}

/* select(p, select(p, a, b), c) -> select(p, a, c) */
static int p_redundant_select_true(Canon *c, uint32_t op) {
  uint32_t in = def_of(c, OPD(op, 1), IR_OP_SELECT);
  if (in == RW_NONE || OPD(in, 0) != OPD(op, 0)) return 0;
  uint32_t v[3] = {OPD(op, 0), OPD(in, 1), OPD(op, 2)};
  uint32_t nv = make_like(c, op, c->s_select, v, 3, res_type(c, op), 0);
  canon_replace(c, op, &nv);
  return 1;
}

/* select(p, a, select(p, b, c)) -> select(p, a, c) */
static int p_redundant_select_false(Canon *c, uint32_t op) {
  uint32_t in = def_of(c, OPD(op, 2), IR_OP_SELECT);
  if (in == RW_NONE || OPD(in, 0) != OPD(op, 0)) return 0;
  uint32_t v[3] = {OPD(op, 0), OPD(op, 1), OPD(in, 2)};
  uint32_t nv = make_like(c, op, c->s_select, v, 3, res_type(c, op), 0);
  canon_replace(c, op, &nv);
  return 1;
}

/* select(not p, a, b) -> select(p, b, a) */
static int p_select_not_cond(Canon *c, uint32_t op) {
  uint32_t x = def_of(c, OPD(op, 0), IR_OP_XORI);
  if (x == RW_NONE) return 0;
  int64_t k;
  if (!canon_value_int(c, OPD(x, 1), &k) || k != -1) return 0;
  uint32_t v[3] = {OPD(x, 0), OPD(op, 2), OPD(op, 1)};
  uint32_t nv = make_like(c, op, c->s_select, v, 3, res_type(c, op), 0);
  canon_replace(c, op, &nv);
  return 1;
}

static int is_i1(Canon *c, uint32_t type) {
  return canon_int_width(c->ctx, type) == 1 && ir_type(c->ctx, type)->kind == IR_T_INT;
}

/* select(p, false, true) -> xori(p, true) */
static int p_select_i1_to_not(Canon *c, uint32_t op) {
  int64_t kt, kf;
  if (!is_i1(c, res_type(c, op))) return 0;
  if (!canon_value_int(c, OPD(op, 1), &kt) || kt) return 0;
  if (!canon_value_int(c, OPD(op, 2), &kf) || !kf) return 0;
  uint32_t one = canon_make_bool(c, rw_ip_before(c->rw, op), 1, c->rw->ops[op].loc);
  uint32_t v[2] = {OPD(op, 0), one};
  uint32_t nv = make_like(c, op, c->s_xori, v, 2, c->t_i1, 0);
  canon_replace(c, op, &nv);
  return 1;
}

/* select(p, 1, 0) -> extui(p); select(p, 0, 1) -> extui(xori(p, 1)) */
static int p_select_to_extui(Canon *c, uint32_t op) {
  uint32_t ty = res_type(c, op);
  if (ir_type(c->ctx, ty)->kind != IR_T_INT || is_i1(c, ty)) return 0;
  if (!is_i1(c, rw_type(c->rw, OPD(op, 0)))) return 0;
  int t1 = canon_is_one(c, OPD(op, 1)), f0 = canon_is_const_int(c, OPD(op, 2), 0);
  int t0 = canon_is_const_int(c, OPD(op, 1), 0), f1 = canon_is_one(c, OPD(op, 2));
  uint32_t cond = OPD(op, 0);
  if (t1 && f0) {
    uint32_t nv = make_like(c, op, c->s_extui, &cond, 1, ty, 0);
    canon_replace(c, op, &nv);
    return 1;
  }
  if (t0 && f1) {
    uint32_t one = canon_make_bool(c, rw_ip_before(c->rw, op), 1, c->rw->ops[op].loc);
    uint32_t v[2] = {cond, one};
    uint32_t x = make_like(c, op, c->s_xori, v, 2, c->t_i1, 0);
    uint32_t nv = make_like(c, op, c->s_extui, &x, 1, ty, 0);
    canon_replace(c, op, &nv);
    return 1;
  }
  return 0;
}

/* xori(cmpi(p, a, b), true) -> cmpi(!p, a, b) */
static int p_xori_not_cmpi(Canon *c, uint32_t op) {
  uint32_t cmp = def_of(c, OPD(op, 0), IR_OP_CMPI);
  if (cmp == RW_NONE) return 0;
  int64_t k;
  if (!canon_value_int(c, OPD(op, 1), &k) || !k || !is_i1(c, res_type(c, op))) return 0;
  int p = pred_of(c, cmp);
  if (p < 0) return 0;
  static const int inv[10] = {P_NE, P_EQ, P_SGE, P_SGT, P_SLE, P_SLT,
                              P_UGE, P_UGT, P_ULE, P_ULT};
  uint32_t props = ir_dict_set(c->ctx, c->rw->ops[cmp].props, c->s_predicate,
                               pred_attr(c, inv[p]));
  uint32_t v[2] = {OPD(cmp, 0), OPD(cmp, 1)};
  uint32_t nv = make_like(c, op, c->s_cmpi, v, 2, c->t_i1, props);
  canon_replace(c, op, &nv);
  return 1;
}

/* cmpi(eq|ne, ext(a), ext(b)) with a, b of one type -> cmpi(eq|ne, a, b) */
static int p_cmpi_ext(Canon *c, uint32_t op, uint32_t ext) {
  int p = pred_of(c, op);
  if (p != P_EQ && p != P_NE) return 0;
  uint32_t a = def_of(c, OPD(op, 0), ext), b = def_of(c, OPD(op, 1), ext);
  if (a == RW_NONE || b == RW_NONE) return 0;
  if (rw_type(c->rw, OPD(a, 0)) != rw_type(c->rw, OPD(b, 0))) return 0;
  uint32_t v[2] = {OPD(a, 0), OPD(b, 0)};
  uint32_t nv = make_like(c, op, c->s_cmpi, v, 2, c->t_i1, c->rw->ops[op].props);
  canon_replace(c, op, &nv);
  return 1;
}

static int p_cmpi_extsi(Canon *c, uint32_t op) { return p_cmpi_ext(c, op, IR_OP_EXTSI); }
static int p_cmpi_extui(Canon *c, uint32_t op) { return p_cmpi_ext(c, op, IR_OP_EXTUI); }

/* The overflow flags two merged additions keep: those both had. */
static uint32_t merge_flags(Canon *c, uint32_t a, uint32_t b) {
  uint32_t fa = rw_prop(c->rw, a, "overflowFlags"), fb = rw_prop(c->rw, b, "overflowFlags");
  if (fa && fa == fb) return ir_dict_set(c->ctx, 0, ir_cstr(c->ctx, "overflowFlags"), fa);
  return 0;
}

/* addi(addi(x, c0), c1) -> addi(x, c0 + c1) */
static int p_addi_add_constant(Canon *c, uint32_t op) {
  int64_t c0, c1;
  uint32_t in = def_of(c, OPD(op, 0), IR_OP_ADDI);
  if (in == RW_NONE || !canon_value_int(c, OPD(op, 1), &c1) ||
      !canon_value_int(c, OPD(in, 1), &c0))
    return 0;
  uint32_t ty = res_type(c, op);
  uint32_t k = canon_make_constant(c, rw_ip_before(c->rw, op),
                                   canon_int_attr(c, (int64_t)((uint64_t)c0 + (uint64_t)c1), ty),
                                   ty, c->rw->ops[op].loc);
  uint32_t v[2] = {OPD(in, 0), k};
  uint32_t nv = make_like(c, op, rw_op(c->rw, op)->name, v, 2, ty, merge_flags(c, op, in));
  canon_replace(c, op, &nv);
  return 1;
}

/* addi(subi(x, c0), c1) -> addi(x, c1 - c0);  addi(subi(c0, x), c1) ->
 * subi(c0 + c1, x) */
static int p_addi_sub_constant(Canon *c, uint32_t op, int rhs_const) {
  int64_t c0, c1;
  uint32_t in = def_of(c, OPD(op, 0), IR_OP_SUBI);
  if (in == RW_NONE || !canon_value_int(c, OPD(op, 1), &c1)) return 0;
  if (!canon_value_int(c, OPD(in, rhs_const ? 1 : 0), &c0)) return 0;
  uint32_t ty = res_type(c, op);
  int64_t k = rhs_const ? (int64_t)((uint64_t)c1 - (uint64_t)c0)
                        : (int64_t)((uint64_t)c0 + (uint64_t)c1);
  uint32_t kv = canon_make_constant(c, rw_ip_before(c->rw, op), canon_int_attr(c, k, ty),
                                    ty, c->rw->ops[op].loc);
  uint32_t nv;
  if (rhs_const) {
    uint32_t v[2] = {OPD(in, 0), kv};
    nv = make_like(c, op, rw_op(c->rw, op)->name, v, 2, ty, merge_flags(c, op, in));
  } else {
    uint32_t v[2] = {kv, OPD(in, 1)};
    nv = make_like(c, op, rw_op(c->rw, in)->name, v, 2, ty, merge_flags(c, op, in));
  }
  canon_replace(c, op, &nv);
  return 1;
}

static int p_addi_sub_constant_rhs(Canon *c, uint32_t op) { return p_addi_sub_constant(c, op, 1); }
static int p_addi_sub_constant_lhs(Canon *c, uint32_t op) { return p_addi_sub_constant(c, op, 0); }

/* index_cast(index_cast(x)) -> x when the types round-trip */
static int p_index_cast_of_index_cast(Canon *c, uint32_t op) {
  uint32_t opc = c->rw->ops[op].opc;
  uint32_t in = def_of(c, OPD(op, 0), opc);
  if (in == RW_NONE || rw_type(c->rw, OPD(in, 0)) != res_type(c, op)) return 0;
  uint32_t v = OPD(in, 0);
  canon_replace(c, op, &v);
  return 1;
}

/* trunci(extui/extsi(x)) with x narrower than the result -> ext(x) */
static int p_trunci_ext(Canon *c, uint32_t op) {
  uint32_t d = rw_def(c->rw, OPD(op, 0));
  if (d == RW_NONE) return 0;
  uint32_t opc = c->rw->ops[d].opc;
  if (opc != IR_OP_EXTUI && opc != IR_OP_EXTSI) return 0;
  uint32_t src = OPD(d, 0);
  if (canon_int_width(c->ctx, rw_type(c->rw, src)) >= width_of(c, op)) return 0;
  uint32_t nv = make_like(c, op, c->rw->ops[d].name, &src, 1, res_type(c, op), 0);
  canon_replace(c, op, &nv);
  return 1;
}

void canon_rules_arith(CanonRules *r) {
  r->fold[IR_OP_ADDI] = fold_addi;
  r->fold[IR_OP_SUBI] = fold_subi;
  r->fold[IR_OP_MULI] = fold_muli;
  r->fold[IR_OP_ANDI] = fold_andi;
  r->fold[IR_OP_ORI] = fold_ori;
  r->fold[IR_OP_XORI] = fold_xori;
  r->fold[IR_OP_MAXSI] = fold_maxsi;
  r->fold[IR_OP_MINSI] = fold_minsi;
  r->fold[IR_OP_MAXUI] = fold_maxui;
  r->fold[IR_OP_MINUI] = fold_minui;
  r->fold[IR_OP_DIVSI] = fold_divsi;
  r->fold[IR_OP_DIVUI] = fold_divui;
  r->fold[IR_OP_REMSI] = fold_remsi;
  r->fold[IR_OP_REMUI] = fold_remui;
  r->fold[IR_OP_SHLI] = fold_shli;
  r->fold[IR_OP_SHRUI] = fold_shrui;
  r->fold[IR_OP_SHRSI] = fold_shrsi;
  r->fold[IR_OP_CMPI] = fold_cmpi;
  r->fold[IR_OP_SELECT] = fold_select;
  r->fold[IR_OP_INDEX_CAST] = fold_index_cast;
  r->fold[IR_OP_INDEX_CASTUI] = fold_index_castui;
  r->fold[IR_OP_EXTUI] = fold_extui;
  r->fold[IR_OP_EXTSI] = fold_extsi;
  r->fold[IR_OP_TRUNCI] = fold_trunci;
  r->fold[IR_OP_ADDF] = fold_addf;
  r->fold[IR_OP_SUBF] = fold_subf;
  r->fold[IR_OP_MULF] = fold_mulf;
  r->fold[IR_OP_DIVF] = fold_divf;
  r->fold[IR_OP_MAXIMUMF] = fold_maximumf;
  r->fold[IR_OP_MINIMUMF] = fold_minimumf;
  r->fold[IR_OP_NEGF] = fold_negf;

  canon_add_pattern(r, IR_OP_ADDI, p_addi_add_constant);
  canon_add_pattern(r, IR_OP_ADDI, p_addi_sub_constant_rhs);
  canon_add_pattern(r, IR_OP_ADDI, p_addi_sub_constant_lhs);
  canon_add_pattern(r, IR_OP_CMPI, p_cmpi_extsi);
  canon_add_pattern(r, IR_OP_CMPI, p_cmpi_extui);
  canon_add_pattern(r, IR_OP_SELECT, p_redundant_select_false);
  canon_add_pattern(r, IR_OP_SELECT, p_redundant_select_true);
  canon_add_pattern(r, IR_OP_SELECT, p_select_not_cond);
  canon_add_pattern(r, IR_OP_SELECT, p_select_i1_to_not);
  canon_add_pattern(r, IR_OP_SELECT, p_select_to_extui);
  canon_add_pattern(r, IR_OP_XORI, p_xori_not_cmpi);
  canon_add_pattern(r, IR_OP_INDEX_CAST, p_index_cast_of_index_cast);
  canon_add_pattern(r, IR_OP_INDEX_CASTUI, p_index_cast_of_index_cast);
  canon_add_pattern(r, IR_OP_TRUNCI, p_trunci_ext);
}
