/*
 * verify_arith.c - the type rules ODS states for the arith ops (and for
 * math.exp and math.ceil), checked in mlir-opt-22's order:
 *
 *   1. each operand's and the result's type constraint (signless-integer-
 *      like, floating-point-like, ...: a scalar, or a vector or tensor of
 *      such elements);
 *   2. the op's predicates: a cast's tensor dimensions, a comparison's i1
 *      result of its operand's shape, select's matching types and
 *      condition shape;
 *   3. the traits: same type for operands and result (binary and unary
 *      ops), same shape (casts), then whether the cast is one the op
 *      makes (CastOpInterface), same operand types (comparisons), and last
 *      Elementwise (vectors and tensors together, of one shape and kind).
 *
 * The order and messages were found by feeding mlir-opt-22 every pairing
 * of some thirty types for each kind of op. A cast from or to an unranked
 * tensor is judged here as one of unknown dimensions (mlir-opt-22 crashes
 * on it): unranked to unranked passes, unranked against ranked does not.
 */
#include "irint.h"

static const char *const like_text[] = {
    [IR_LIKE_INT] = "signless-integer-like",
    [IR_LIKE_FLOAT] = "floating-point-like",
    [IR_LIKE_FIXED_INT] = "signless-fixed-width-integer-like",
    [IR_LIKE_BOOL] = "bool-like",
    [IR_LIKE_INT_OR_MEMREF] = "signless-integer-like or memref of signless-integer",
};

const char *ir_like_text(int like) { return like_text[like]; }

/* vector, tensor or unranked tensor: MLIR's value-semantics containers,
 * and the types Elementwise maps over */
static int mappable(const IrType *t) {
  return t->kind == IR_T_VECTOR || t->kind == IR_T_TENSOR || t->kind == IR_T_UTENSOR;
}

static int shaped(const IrType *t) {
  return mappable(t) || t->kind == IR_T_MEMREF || t->kind == IR_T_UMEMREF;
}

static int ranked(const IrType *t) {
  return t->kind == IR_T_VECTOR || t->kind == IR_T_TENSOR || t->kind == IR_T_MEMREF;
}

/* getElementTypeOrSelf */
static uint32_t elem_or_self(const IrCtx *c, uint32_t t) {
  const IrType *x = ir_type(c, t);
  return shaped(x) ? x->elem : t;
}

static int is_float(const IrCtx *c, uint32_t t) {
  return ir_type(c, t)->kind == IR_T_FLOAT || ir_type_opaque_float(c, t);
}

static int is_signless(const IrCtx *c, uint32_t t) {
  const IrType *x = ir_type(c, t);
  return x->kind == IR_T_INT && x->sub == IR_SIGNLESS;
}

static uint32_t width(const IrCtx *c, uint32_t t) {
  const IrType *x = ir_type(c, t);
  return x->kind == IR_T_INT ? x->width : ir_type_float_width(c, t);
}

static int elem_ok(const IrCtx *c, uint32_t e, int like) {
  switch (like) {
  case IR_LIKE_FLOAT: return is_float(c, e);
  case IR_LIKE_FIXED_INT: return is_signless(c, e);
  case IR_LIKE_BOOL: return is_signless(c, e) && ir_type(c, e)->width == 1;
  default: return is_signless(c, e) || ir_type(c, e)->kind == IR_T_INDEX;
  }
}

int ir_type_like(const IrCtx *c, uint32_t t, int like) {
  if (!t) return 0;
  const IrType *x = ir_type(c, t);
  if (mappable(x)) return elem_ok(c, x->elem, like);
  if (x->kind == IR_T_MEMREF && like == IR_LIKE_INT_OR_MEMREF)
    return elem_ok(c, x->elem, like);
  return elem_ok(c, t, like);
}

/* Step 1: operands [0, n) of the kinds in `likes` (the last repeats),
 * then the result's. like < 0: any type. */
static int constraints(const IrModule *m, uint32_t op, IrDiag *d,
                       const int *likes, uint32_t nlikes, int res_like) {
  const IrCtx *c = m->ctx;
  const IrOp *o = &m->ops[op];
  for (uint32_t i = 0; i < o->n_operands; i++) {
    int like = likes[i < nlikes ? i : nlikes - 1];
    uint32_t t = ir_vtype(m, ir_operand(m, op, i));
    if (like >= 0 && !ir_type_like(c, t, like))
      return ir_syntax_type_error(m, op, d, "operand", i, like_text[like], t);
  }
  for (uint32_t i = 0; i < o->n_results; i++) {
    uint32_t t = ir_vtype(m, ir_result(m, op, i));
    if (res_like >= 0 && !ir_type_like(c, t, res_like))
      return ir_syntax_type_error(m, op, d, "result", i, like_text[res_like], t);
  }
  return 0;
}

int ir_shapes_compatible(const IrCtx *c, uint32_t a, uint32_t b) {
  const IrType *x = ir_type(c, a), *y = ir_type(c, b);
  if (!shaped(x) || !shaped(y)) return !shaped(x) && !shaped(y);
  if (!ranked(x) || !ranked(y)) return 1;
  if (x->n != y->n) return 0;
  const int64_t *p = ir_type_dims(c, a), *q = ir_type_dims(c, b);
  for (uint32_t i = 0; i < x->n; i++)
    if (p[i] != q[i] && p[i] != IR_DYN && q[i] != IR_DYN) return 0;
  return 1;
}

/* verifyCompatibleShapes(types): as compatible2 over all of them, and
 * scalable vectors only with scalable vectors. */
static int compatible(const IrCtx *c, const uint32_t *ts, uint32_t n) {
  uint32_t nshaped = 0, scal = 0, rank = 0, first = 0;
  for (uint32_t i = 0; i < n; i++) {
    const IrType *x = ir_type(c, ts[i]);
    nshaped += shaped(x) != 0;
    scal += x->kind == IR_T_VECTOR && x->scalable;
  }
  if (!nshaped) return 1;
  if (nshaped != n || (scal && scal != n)) return 0;
  for (uint32_t i = 0; i < n; i++) {
    const IrType *x = ir_type(c, ts[i]);
    if (!ranked(x)) continue;
    if (!first) first = ts[i], rank = x->n;
    if (x->n != rank) return 0;
  }
  if (!first) return 1;
  for (uint32_t k = 0; k < rank; k++) {
    int64_t want = IR_DYN;
    for (uint32_t i = 0; i < n; i++) {
      if (!ranked(ir_type(c, ts[i]))) continue;
      int64_t s = ir_type_dims(c, ts[i])[k];
      if (s == IR_DYN) continue;
      if (want != IR_DYN && s != want) return 0;
      want = s;
    }
  }
  return 1;
}

/* The op's operand and result types, at most 4 (every op here). */
static uint32_t all_types(const IrModule *m, uint32_t op, uint32_t *ts) {
  const IrOp *o = &m->ops[op];
  uint32_t n = 0;
  for (uint32_t i = 0; i < o->n_operands && n < 4; i++)
    ts[n++] = ir_vtype(m, ir_operand(m, op, i));
  for (uint32_t i = 0; i < o->n_results && n < 4; i++)
    ts[n++] = ir_vtype(m, ir_result(m, op, i));
  return n;
}

/* OpTrait::Elementwise */
static int elementwise(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrOp *o = &m->ops[op];
  uint32_t ts[4], maps[4], n = all_types(m, op, ts), nm = 0, nopd = 0, nres = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (!mappable(ir_type(c, ts[i]))) continue;
    maps[nm++] = ts[i];
    if (i < o->n_operands) nopd++;
    else nres++;
  }
  if (!nm) return 0;
  if (nres && !nopd)
    return ir_syntax_op_error(m, op, d, "if a result is non-scalar, then at "
                              "least one operand must be non-scalar");
  if (!nres)
    return ir_syntax_op_error(m, op, d, "if an operand is non-scalar, then "
                              "there must be at least one non-scalar result");
  if (nres != o->n_results)
    return ir_syntax_op_error(m, op, d, "if an operand is non-scalar, then "
                              "all results must be non-scalar");
  for (uint32_t i = 1; i < nm; i++)
    if (ir_type(c, maps[i])->kind != ir_type(c, maps[0])->kind)
      return ir_syntax_op_error(m, op, d, "all non-scalar operands/results "
                                "must have the same shape and base type");
  if (!compatible(c, maps, nm))
    return ir_syntax_op_error(m, op, d, "all non-scalar operands/results must "
                              "have the same shape and base type");
  return 0;
}

static uint32_t encoding(const IrCtx *c, uint32_t t) {
  const IrType *x = ir_type(c, t);
  return x->kind == IR_T_TENSOR ? x->layout : 0;
}

/* OpTrait::SameOperandsAndResultType: one element type, compatible
 * shapes, one tensor encoding. */
static int same_type(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  uint32_t ts[4], n = all_types(m, op, ts), rt = ts[n - 1];
  for (uint32_t i = 0; i < n - 1; i++)
    if (elem_or_self(c, ts[i]) != elem_or_self(c, rt) || !ir_shapes_compatible(c, ts[i], rt))
      return ir_syntax_op_error(m, op, d, "requires the same type for all "
                                "operands and results");
  for (uint32_t i = 0; i < n - 1; i++)
    if (ir_type(c, ts[i])->kind == IR_T_TENSOR && encoding(c, ts[i]) != encoding(c, rt))
      return ir_syntax_op_error(m, op, d, "requires the same encoding for all "
                                "operands and results");
  return 0;
}

int ir_verify_arith_same(const IrModule *m, uint32_t op, IrDiag *d, int like) {
  const IrOp *o = &m->ops[op];
  if (!o->n_results || !o->n_operands) return 0; /* counts: the registry's */
  /* the usual op, one type throughout: it passes every rule if the type
   * is of the right kind (on the bench corpus ~300 instructions less an op) */
  uint32_t t = m->values[o->results].type, i = 0;
  while (i < o->n_operands && ir_vtype(m, ir_operand(m, op, i)) == t) i++;
  if (i == o->n_operands && o->n_results == 1 && ir_type_like(m->ctx, t, like)) return 0;
  int likes[1] = {like};
  if (constraints(m, op, d, likes, 1, like) < 0 || same_type(m, op, d) < 0)
    return -1;
  return elementwise(m, op, d);
}

/* ====================================================================== */
/* Casts                                                                  */
/* ====================================================================== */

typedef struct CastRule {
  uint8_t from, to; /* IR_LIKE_* */
  int8_t widen;     /* +1: the result's elements are wider, -1 narrower,
                       0: any width (int <-> float, index casts) */
} CastRule;

static int cast_rule(uint32_t opc, CastRule *r) {
  switch (opc) {
  case IR_OP_INDEX_CAST: case IR_OP_INDEX_CASTUI:
    *r = (CastRule){IR_LIKE_INT_OR_MEMREF, IR_LIKE_INT_OR_MEMREF, 0}; return 1;
  case IR_OP_EXTUI: case IR_OP_EXTSI:
    *r = (CastRule){IR_LIKE_FIXED_INT, IR_LIKE_FIXED_INT, 1}; return 1;
  case IR_OP_TRUNCI:
    *r = (CastRule){IR_LIKE_FIXED_INT, IR_LIKE_FIXED_INT, -1}; return 1;
  case IR_OP_SITOFP: case IR_OP_UITOFP:
    *r = (CastRule){IR_LIKE_FIXED_INT, IR_LIKE_FLOAT, 0}; return 1;
  case IR_OP_FPTOSI: case IR_OP_FPTOUI:
    *r = (CastRule){IR_LIKE_FLOAT, IR_LIKE_FIXED_INT, 0}; return 1;
  case IR_OP_EXTF:
    *r = (CastRule){IR_LIKE_FLOAT, IR_LIKE_FLOAT, 1}; return 1;
  case IR_OP_TRUNCF:
    *r = (CastRule){IR_LIKE_FLOAT, IR_LIKE_FLOAT, -1}; return 1;
  default: return 0;
  }
}

/* SameInputOutputTensorDims: a tensor's sizes, anything else's none. */
static int same_tensor_dims(const IrCtx *c, uint32_t a, uint32_t b) {
  const IrType *x = ir_type(c, a), *y = ir_type(c, b);
  if (x->kind == IR_T_UTENSOR || y->kind == IR_T_UTENSOR)
    return x->kind == y->kind;
  uint32_t n = x->kind == IR_T_TENSOR ? x->n : 0, k = y->kind == IR_T_TENSOR ? y->n : 0;
  if (n != k) return 0;
  const int64_t *p = n ? ir_type_dims(c, a) : NULL, *q = n ? ir_type_dims(c, b) : NULL;
  for (uint32_t i = 0; i < n; i++)
    if (p[i] != q[i]) return 0;
  return 1;
}

/* areCastCompatible, past the shapes (checked before) */
static int cast_compatible(const IrCtx *c, const CastRule *r, uint32_t from,
                           uint32_t to) {
  uint32_t a = elem_or_self(c, from), b = elem_or_self(c, to);
  if (r->from == IR_LIKE_INT_OR_MEMREF) {
    int ai = ir_type(c, a)->kind == IR_T_INDEX, bi = ir_type(c, b)->kind == IR_T_INDEX;
    return (ai && is_signless(c, b)) || (is_signless(c, a) && bi);
  }
  if (!r->widen) return 1;
  return r->widen > 0 ? width(c, b) > width(c, a) : width(c, b) < width(c, a);
}

int ir_verify_arith_cast(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrOp *o = &m->ops[op];
  CastRule r;
  if (o->n_operands != 1 || o->n_results != 1 || !cast_rule(o->opc, &r)) return 0;
  int likes[1] = {r.from};
  if (constraints(m, op, d, likes, 1, r.to) < 0) return -1;
  uint32_t ts[2] = {ir_vtype(m, ir_operand(m, op, 0)), ir_vtype(m, o->results)};
  if (!same_tensor_dims(c, ts[0], ts[1]))
    return ir_syntax_op_error(m, op, d, "failed to verify that input and "
                              "output have the same tensor dimensions");
  if (!compatible(c, ts, 2))
    return ir_syntax_op_error(m, op, d, "requires the same shape for all "
                              "operands and results");
  if (!cast_compatible(c, &r, ts[0], ts[1])) {
    char a[512], b[512];
    ir_type_str(c, ts[0], a, sizeof a);
    ir_type_str(c, ts[1], b, sizeof b);
    return ir_syntax_op_error(m, op, d, "operand type '%s' and result type "
                              "'%s' are cast incompatible", a, b);
  }
  return elementwise(m, op, d);
}

/* ====================================================================== */
/* Comparisons and select                                                 */
/* ====================================================================== */

/* Whether r is getI1SameShape(t): i1, or t's vector / tensor shape (no
 * encoding) of i1. */
static int i1_same_shape(const IrCtx *c, uint32_t t, uint32_t r) {
  const IrType *x = ir_type(c, t), *y = ir_type(c, r);
  if (!ir_type_is_int(c, elem_or_self(c, r), 1) || !is_signless(c, elem_or_self(c, r)))
    return 0;
  if (!mappable(x)) return !shaped(y);
  if (x->kind != y->kind) return 0;
  if (x->kind == IR_T_UTENSOR) return 1;
  if (x->n != y->n || (x->kind == IR_T_VECTOR && x->scalable != y->scalable) ||
      (x->kind == IR_T_TENSOR && y->layout))
    return 0;
  const int64_t *p = ir_type_dims(c, t), *q = ir_type_dims(c, r);
  for (uint32_t i = 0; i < x->n; i++)
    if (p[i] != q[i]) return 0;
  return 1;
}

int ir_verify_arith_cmp(const IrModule *m, uint32_t op, IrDiag *d, int like) {
  const IrCtx *c = m->ctx;
  const IrOp *o = &m->ops[op];
  if (o->n_operands != 2 || o->n_results != 1) return 0;
  if (!ir_op_prop_lit(m, op, "predicate"))
    return ir_syntax_op_error(m, op, d, "requires attribute 'predicate'");
  uint32_t a = ir_vtype(m, ir_operand(m, op, 0));
  /* the usual comparison: two scalars of one type to i1 */
  if (a == ir_vtype(m, ir_operand(m, op, 1)) && !shaped(ir_type(c, a)) &&
      ir_type_like(c, a, like) && ir_type_is_int(c, ir_vtype(m, o->results), 1) &&
      is_signless(c, ir_vtype(m, o->results)))
    return 0;
  int likes[1] = {like};
  if (constraints(m, op, d, likes, 1, IR_LIKE_BOOL) < 0) return -1;
  if (!i1_same_shape(c, a, ir_vtype(m, o->results)))
    return ir_syntax_op_error(m, op, d, "failed to verify that result type has "
                              "i1 element type and same shape as operands");
  if (a != ir_vtype(m, ir_operand(m, op, 1)))
    return ir_syntax_op_error(m, op, d, "requires all operands to have the "
                              "same type");
  return elementwise(m, op, d);
}

int ir_verify_arith_select(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrOp *o = &m->ops[op];
  if (o->n_operands != 3 || o->n_results != 1) return 0;
  int likes[2] = {IR_LIKE_BOOL, -1};
  if (constraints(m, op, d, likes, 2, -1) < 0) return -1;
  uint32_t t = ir_vtype(m, o->results), ct = ir_vtype(m, ir_operand(m, op, 0));
  if (ir_vtype(m, ir_operand(m, op, 1)) != t || ir_vtype(m, ir_operand(m, op, 2)) != t)
    return ir_syntax_op_error(m, op, d, "failed to verify that all of "
                              "{true_value, false_value, result} have same type");
  /* BooleanConditionOrMatchingShape: i1, or the result's (ranked) shape */
  const IrType *x = ir_type(c, ct), *y = ir_type(c, t);
  int ok = ir_type_is_int(c, ct, 1) && is_signless(c, ct);
  if (!ok && ranked(x) && ranked(y) && x->n == y->n) {
    ok = 1;
    for (uint32_t i = 0; i < x->n; i++)
      ok &= ir_type_dims(c, ct)[i] == ir_type_dims(c, t)[i];
  }
  if (!ok)
    return ir_syntax_op_error(m, op, d, "failed to verify that condition is "
                              "signless i1 or has matching shape");
  return elementwise(m, op, d);
}
