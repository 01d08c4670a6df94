/*
 * interp_affine.c - the affine ops (affine.apply, affine.load, affine.for,
 * affine.if): their maps and integer sets are compiled at prepare time
 * from MLIR's canonical text into postfix programs in the pool, and
 * evaluated on the op's operands (dims first, then symbols).
 *
 * A compiled map in the pool: n_dims, n_syms, n_results, then per result
 * its length and its postfix code. A set: n_dims, n_syms, n_constraints,
 * then per constraint 1 for `== 0` (0 for `>= 0`), its length and code.
 * A code word is an opcode in the low 8 bits and an argument above; a
 * constant is the word A_CONST followed by its value.
 */
#include <stdlib.h>

#include "interpint.h"

enum { A_CONST, A_DIM, A_SYM, A_ADD, A_SUB, A_MUL, A_FLOORDIV, A_CEILDIV,
       A_MOD, A_NEG };

#define A_STACK 64 /* deepest expression evaluated */

typedef struct AParse {
  const char *s;    /* the text, NUL-terminated */
  int64_t *code;
  uint32_t n, cap;
  int depth, max_depth;
  int bad;
} AParse;

static void emit(AParse *p, int64_t w) {
  if (p->n == p->cap) ir_vgrow((void **)&p->code, &p->cap, p->n + 1, sizeof *p->code);
  p->code[p->n++] = w;
}

/* Track the evaluation stack depth of the code emitted. */
static void push(AParse *p, int k) {
  p->depth += k;
  if (p->depth > p->max_depth) p->max_depth = p->depth;
}

static void blanks(AParse *p) {
  while (*p->s == ' ') p->s++;
}

static int word(AParse *p, const char *w) {
  size_t n = strlen(w);
  blanks(p);
  if (strncmp(p->s, w, n) || (p->s[n] >= 'a' && p->s[n] <= 'z')) return 0;
  p->s += n;
  return 1;
}

static int punct(AParse *p, char c) {
  blanks(p);
  if (*p->s != c) return 0;
  p->s++;
  return 1;
}

static void expr(AParse *p);

static void factor(AParse *p) {
  blanks(p);
  if (p->bad) return;
  if (punct(p, '-')) {
    factor(p);
    emit(p, A_NEG);
  } else if (punct(p, '(')) {
    expr(p);
    if (!punct(p, ')')) p->bad = 1;
  } else if ((*p->s == 'd' || *p->s == 's') && p->s[1] >= '0' && p->s[1] <= '9') {
    int kind = *p->s == 'd' ? A_DIM : A_SYM;
    char *e;
    long k = strtol(p->s + 1, &e, 10);
    p->s = e;
    emit(p, kind | (int64_t)k << 8);
    push(p, 1);
  } else if (*p->s >= '0' && *p->s <= '9') {
    char *e;
    long long v = strtoll(p->s, &e, 10);
    p->s = e;
    emit(p, A_CONST);
    emit(p, v);
    push(p, 1);
  } else {
    p->bad = 1;
  }
}

static void term(AParse *p) {
  factor(p);
  for (;;) {
    int op = punct(p, '*') ? A_MUL : word(p, "floordiv") ? A_FLOORDIV
             : word(p, "ceildiv") ? A_CEILDIV : word(p, "mod") ? A_MOD : -1;
    if (op < 0 || p->bad) return;
    factor(p);
    emit(p, op);
    push(p, -1);
  }
}

static void expr(AParse *p) {
  term(p);
  for (;;) {
    int op = punct(p, '+') ? A_ADD : punct(p, '-') ? A_SUB : -1;
    if (op < 0 || p->bad) return;
    term(p);
    emit(p, op);
    push(p, -1);
  }
}

/* `(d0, d1)[s0]`: counts of dims and symbols. */
static void header(AParse *p, int64_t *nd, int64_t *ns) {
  *nd = *ns = 0;
  if (!punct(p, '(')) {
    p->bad = 1;
    return;
  }
  while (!punct(p, ')')) {
    if (*p->s == 0 || (*nd && !punct(p, ','))) {
      p->bad = 1;
      return;
    }
    blanks(p);
    while (*p->s && *p->s != ',' && *p->s != ')') p->s++;
    ++*nd;
  }
  if (punct(p, '['))
    while (!punct(p, ']')) {
      if (*p->s == 0 || (*ns && !punct(p, ','))) {
        p->bad = 1;
        return;
      }
      blanks(p);
      while (*p->s && *p->s != ',' && *p->s != ']') p->s++;
      ++*ns;
    }
}

/* One expression, as [length, code...] at the end of `out`. */
static void one(AParse *p, AParse *out) {
  p->n = 0;
  p->depth = 0;
  expr(p);
  emit(out, p->n);
  for (uint32_t i = 0; i < p->n; i++) emit(out, p->code[i]);
}

/* Every dim and symbol a compiled map or set names is within its counts. */
static int refs_ok(const AParse *out, int set, int64_t nd, int64_t ns) {
  const int64_t *c = out->code + 3;
  for (int64_t k = 0; k < out->code[2]; k++) {
    if (set) c++; /* the == / >= flag */
    int64_t len = c[0];
    for (int64_t i = 1; i <= len; i++) {
      int64_t w = c[i], kind = w & 255, arg = w >> 8;
      if (kind == A_CONST) i++;
      else if ((kind == A_DIM && (arg < 0 || arg >= nd)) ||
               (kind == A_SYM && (arg < 0 || arg >= ns)))
        return 0;
    }
    c += 1 + len;
  }
  return 1;
}

uint32_t ix_affine_compile(IrInterp *ip, uint32_t attr, uint32_t *n_results) {
  const IrAttr *a = attr ? ir_attr(ip->ctx, attr) : NULL;
  if (!a || (a->kind != IR_A_AFFINE_MAP && a->kind != IR_A_AFFINE_SET))
    return IR_NONE;
  int set = a->kind == IR_A_AFFINE_SET;
  AParse p = {ir_str_ptr(ip->ctx, a->str), NULL, 0, 0, 0, 0, 0};
  AParse out = {NULL, NULL, 0, 0, 0, 0, 0};
  int64_t nd, ns, count = 0;
  header(&p, &nd, &ns);
  emit(&out, nd);
  emit(&out, ns);
  emit(&out, 0); /* count, patched */
  if (!p.bad && (set ? punct(&p, ':') : (punct(&p, '-') && punct(&p, '>'))) &&
      punct(&p, '(')) {
    if (!punct(&p, ')')) {
      do {
        if (set) {
          uint32_t at = out.n;
          emit(&out, 0);
          one(&p, &out);
          if (punct(&p, '=') && punct(&p, '=')) out.code[at] = 1;
          else if (!(punct(&p, '>') && punct(&p, '='))) p.bad = 1;
          if (!punct(&p, '0')) p.bad = 1;
        } else {
          one(&p, &out);
        }
        count++;
      } while (!p.bad && punct(&p, ','));
      if (!punct(&p, ')')) p.bad = 1;
    }
  } else {
    p.bad = 1;
  }
  uint32_t at = IR_NONE;
  out.code[2] = count;
  if (!p.bad && p.max_depth <= A_STACK && refs_ok(&out, set, nd, ns)) {
    at = ip->n_pool;
    for (uint32_t i = 0; i < out.n; i++)
      IR_VPUSH(ip->pool, ip->n_pool, ip->cap_pool, out.code[i]);
    *n_results = (uint32_t)count;
  }
  free(p.code);
  free(out.code);
  return at;
}

/* ====================================================================== */
/* Evaluation                                                             */
/* ====================================================================== */

static int64_t floordiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

/* Evaluate code[0..len) on dims / syms; 0, or IX_FAULT (division by 0). */
static int eval(IrInterp *ip, uint32_t op, const int64_t *code, int64_t len,
                const int64_t *dims, const int64_t *syms, int64_t *out) {
  int64_t st[A_STACK];
  int sp = 0;
  for (int64_t i = 0; i < len; i++) {
    int64_t w = code[i], k = w >> 8, x, y;
    switch (w & 255) {
    case A_CONST: st[sp++] = code[++i]; continue;
    case A_DIM: st[sp++] = dims[k]; continue;
    case A_SYM: st[sp++] = syms[k]; continue;
    case A_NEG: st[sp - 1] = (int64_t)(0 - (uint64_t)st[sp - 1]); continue;
    default: break;
    }
    y = st[--sp];
    x = st[sp - 1];
    switch (w & 255) {
    case A_ADD: x = (int64_t)((uint64_t)x + (uint64_t)y); break;
    case A_SUB: x = (int64_t)((uint64_t)x - (uint64_t)y); break;
    case A_MUL: x = (int64_t)((uint64_t)x * (uint64_t)y); break;
    default:
      if (y <= 0)
        return ix_fault(ip, IR_RUN_UNDEFINED, op, 0,
                        "affine division by %lld", (long long)y);
      if ((w & 255) == A_FLOORDIV) x = floordiv(x, y);
      else if ((w & 255) == A_CEILDIV) x = -floordiv(-x, y);
      else x = x - floordiv(x, y) * y;
      break;
    }
    st[sp - 1] = x;
  }
  *out = st[0];
  return 0;
}

/* The results of the compiled map at pool[at] on the operand slots os[]
 * (dims then symbols). */
static int eval_map(IrInterp *ip, uint32_t op, uint32_t at, const uint32_t *os,
                    const int64_t *fp, int64_t *res) {
  const int64_t *c = ip->pool + at;
  int64_t nd = c[0], ns = c[1], n = c[2], dims[IR_MAX_RANK], syms[IR_MAX_RANK];
  for (int64_t i = 0; i < nd; i++) dims[i] = fp[SLOT(os[i])];
  for (int64_t i = 0; i < ns; i++) syms[i] = fp[SLOT(os[nd + i])];
  c += 3;
  for (int64_t r = 0; r < n; r++) {
    if (eval(ip, op, c + 1, c[0], dims, syms, &res[r])) return IX_FAULT;
    c += 1 + c[0];
  }
  return 0;
}

/* Operands the map at pool[at] takes. */
static uint32_t map_operands(const IrInterp *ip, uint32_t at) {
  return (uint32_t)(ip->pool[at] + ip->pool[at + 1]);
}

/* ====================================================================== */
/* Prepare                                                                */
/* ====================================================================== */

/* A map that fits: dims and symbols within IR_MAX_RANK, `need` results (0:
 * any number, at least one). */
static uint32_t map_prop(IrInterp *ip, uint32_t op, const char *name,
                         uint32_t need) {
  uint32_t n = 0, at = ix_affine_compile(ip, ir_op_prop(ip->m, op, name), &n);
  if (at == IR_NONE || (need ? n != need : n == 0) ||
      ip->pool[at] > IR_MAX_RANK || ip->pool[at + 1] > IR_MAX_RANK || n > IR_MAX_RANK)
    return IR_NONE;
  return at;
}

Ins ix_affine_prep(IrInterp *ip, uint32_t op) {
  const IrModule *m = ip->m;
  const IrCtx *c = ip->ctx;
  const IrOp *o = &m->ops[op];
  Ins in = {0};
  in.code = IX_UNSUPPORTED;
  in.aux = WHY_FORM;
  switch (o->opc) {
  case IR_OP_AFFINE_APPLY: {
    uint32_t at = map_prop(ip, op, "map", 1);
    if (at == IR_NONE || map_operands(ip, at) != o->n_operands || o->n_results != 1)
      return in;
    in.code = IX_AFFINE_APPLY;
    in.aux = at;
    return in;
  }
  case IR_OP_AFFINE_LOAD: {
    uint32_t t = o->n_operands ? ir_vtype(m, ir_operand(m, op, 0)) : 0;
    const IrType *mt = t ? ir_type(c, t) : NULL;
    uint32_t bytes, at = mt && mt->kind == IR_T_MEMREF
                             ? map_prop(ip, op, "map", mt->n) : IR_NONE;
    if (at == IR_NONE || map_operands(ip, at) + 1 != o->n_operands ||
        o->n_results != 1 || (mt->layout && ir_attr(c, mt->layout)->kind != IR_A_STRIDED))
      return in;
    in.elem = (uint8_t)ix_elem(c, mt->elem, &bytes);
    if (!in.elem) return in;
    in.code = IX_AFFINE_LOAD;
    in.w = (uint16_t)bytes;
    in.k = at;
    in.aux = ix_int_width(c, mt->elem);
    return in;
  }
  case IR_OP_AFFINE_FOR: {
    uint32_t sp = ir_op_prop(m, op, "step");
    const IrAttr *st = sp ? ir_attr(c, sp) : NULL;
    uint32_t lb = map_prop(ip, op, "lowerBoundMap", 0);
    uint32_t ub = map_prop(ip, op, "upperBoundMap", 0);
    uint32_t segn;
    const IrAttr *sg = ir_attr(c, ir_op_prop(m, op, "operandSegmentSizes"));
    const int64_t *seg = sg->kind == IR_A_DENSE_ARRAY ? ir_attr_i64(c, ir_op_prop(m, op, "operandSegmentSizes")) : NULL;
    segn = sg->kind == IR_A_DENSE_ARRAY ? sg->n : 0;
    if (!st || st->kind != IR_A_INT || st->ival <= 0 || lb == IR_NONE || ub == IR_NONE ||
        segn != 3 || !seg || seg[0] != map_operands(ip, lb) ||
        seg[1] != map_operands(ip, ub) || seg[0] + seg[1] + seg[2] != o->n_operands ||
        o->n_results != seg[2] || o->n_regions != 1)
      return in;
    in.code = IX_AFFINE_FOR;
    in.aux = lb;
    in.k = (int64_t)ub | (int64_t)st->ival << 32;
    if (st->ival >= (INT64_C(1) << 31)) in.code = IX_UNSUPPORTED;
    return in;
  }
  case IR_OP_AFFINE_IF: {
    uint32_t n = 0, at = ix_affine_compile(ip, ir_op_prop(m, op, "condition"), &n);
    if (at == IR_NONE || ir_attr(c, ir_op_prop(m, op, "condition"))->kind != IR_A_AFFINE_SET ||
        ip->pool[at] > IR_MAX_RANK || ip->pool[at + 1] > IR_MAX_RANK ||
        map_operands(ip, at) != o->n_operands || o->n_regions != 2)
      return in;
    in.code = IX_AFFINE_IF;
    in.aux = at;
    return in;
  }
  case IR_OP_AFFINE_YIELD:
    in.code = IX_EXIT;
    return in;
  default:
    in.aux = WHY_OP;
    return in;
  }
}

/* ====================================================================== */
/* Run                                                                    */
/* ====================================================================== */

int ix_affine_apply(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  const IrOp *o = &ip->m->ops[op];
  return eval_map(ip, op, in->aux, ip->oslot + o->operands, fp,
                  fp + SLOT(ip->vslot[o->results]));
}

int ix_affine_load(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  const IrOp *o = &ip->m->ops[op];
  const int64_t *s = fp + SLOT(ip->oslot[o->operands]);
  int64_t idx[IR_MAX_RANK], lin = s[MR_OFF], x;
  if (eval_map(ip, op, (uint32_t)in->k, ip->oslot + o->operands + 1, fp, idx))
    return IX_FAULT;
  if (ix_live(ip, op, s, "affine.load from")) return IX_FAULT;
  for (int64_t d = 0; d < s[MR_RANK]; d++) {
    if (idx[d] < 0 || idx[d] >= MR_SIZE(s, d))
      return ix_fault(ip, IR_RUN_OUT_OF_BOUNDS, op, (uint32_t)s[MR_OBJ],
                      "affine.load at index %lld of dimension %lld, whose size "
                      "is %lld", (long long)idx[d], (long long)d,
                      (long long)MR_SIZE(s, d));
    if (__builtin_mul_overflow(idx[d], MR_STRIDE(s, d), &x) ||
        __builtin_add_overflow(lin, x, &lin))
      return ix_fault(ip, IR_RUN_UNDEFINED, op, 0, "affine.load address overflows");
  }
  uint8_t *p = ix_at(ip, op, s, lin, in->w, 0, "affine.load of");
  if (!p) return IX_FAULT;
  *(fp + SLOT(ip->vslot[o->results])) = ix_load_elem(p, (ElKind)in->elem, in->w, in->aux);
  return 0;
}

/* affine.for's bounds: the max of the lower map's results, the min of the
 * upper map's. */
int ix_affine_bounds(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in,
                     int64_t *lb, int64_t *ub, int64_t *step) {
  const IrOp *o = &ip->m->ops[op];
  uint32_t lat = in->aux, uat = (uint32_t)(in->k & 0xffffffff);
  int64_t v[IR_MAX_RANK];
  const uint32_t *os = ip->oslot + o->operands;
  if (eval_map(ip, op, lat, os, fp, v)) return IX_FAULT;
  *lb = v[0];
  for (int64_t i = 1; i < ip->pool[lat + 2]; i++) if (v[i] > *lb) *lb = v[i];
  if (eval_map(ip, op, uat, os + map_operands(ip, lat), fp, v)) return IX_FAULT;
  *ub = v[0];
  for (int64_t i = 1; i < ip->pool[uat + 2]; i++) if (v[i] < *ub) *ub = v[i];
  *step = in->k >> 32;
  return 0;
}

/* 1 if the integer set at pool[aux] holds for the op's operands. */
int ix_affine_cond(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in,
                   int *holds) {
  const IrOp *o = &ip->m->ops[op];
  const int64_t *c = ip->pool + in->aux;
  int64_t nd = c[0], ns = c[1], n = c[2], dims[IR_MAX_RANK], syms[IR_MAX_RANK], v;
  const uint32_t *os = ip->oslot + o->operands;
  for (int64_t i = 0; i < nd; i++) dims[i] = fp[SLOT(os[i])];
  for (int64_t i = 0; i < ns; i++) syms[i] = fp[SLOT(os[nd + i])];
  *holds = 1;
  c += 3;
  for (int64_t k = 0; k < n; k++) {
    int eq = (int)c[0];
    if (eval(ip, op, c + 2, c[1], dims, syms, &v)) return IX_FAULT;
    if (eq ? v != 0 : v < 0) *holds = 0;
    c += 2 + c[1];
  }
  return 0;
}
