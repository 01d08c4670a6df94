/*
 * interp_prep.c - the prepared program: the table of top-level functions
 * and globals, a frame slot for every value, and one dispatch code (Ins)
 * per op with everything the op needs at run time already looked up
 * (predicates, callee, static lists in a pool), so that running never
 * searches a dictionary or compares a string. What cannot run gets
 * IX_UNSUPPORTED and the reason; a run that reaches it is skipped.
 */
#include <math.h>
#include <stdlib.h>

#include "interpint.h"

/* ====================================================================== */
/* Types                                                                  */
/* ====================================================================== */

uint32_t ix_int_width(const IrCtx *c, uint32_t type) {
  const IrType *t = ir_type(c, type);
  if (t->kind == IR_T_INDEX) return 64;
  if (t->kind == IR_T_INT && t->width >= 1 && t->width <= 64) return t->width;
  return 0;
}

ElKind ix_float_kind(const IrCtx *c, uint32_t type) {
  const IrType *t = ir_type(c, type);
  if (t->kind != IR_T_FLOAT) return EL_NONE;
  switch (t->sub) {
  case IR_F16: return EL_F16;
  case IR_BF16: return EL_BF16;
  case IR_F32: return EL_F32;
  case IR_F64: return EL_F64;
  default: return EL_NONE;
  }
}

ElKind ix_elem(const IrCtx *c, uint32_t type, uint32_t *bytes) {
  uint32_t w = ix_int_width(c, type);
  ElKind k = ix_float_kind(c, type);
  if (w) {
    *bytes = w <= 8 ? 1 : w <= 16 ? 2 : w <= 32 ? 4 : 8;
    return EL_INT;
  }
  *bytes = k == EL_F16 || k == EL_BF16 ? 2 : k == EL_F32 ? 4 : 8;
  return k;
}

/* A scalar type registers hold. */
static int scalar_ok(const IrCtx *c, uint32_t type) {
  return ix_int_width(c, type) || ix_float_kind(c, type);
}

uint32_t ix_type_words(const IrCtx *c, uint32_t type) {
  const IrType *t = ir_type(c, type);
  if (t->kind == IR_T_MEMREF) return MR_WORDS(t->n);
  if (t->kind == IR_T_UMEMREF) return MR_WORDS(IR_MAX_RANK);
  return 1;
}

static int is_memref(const IrCtx *c, uint32_t type) {
  uint8_t k = ir_type(c, type)->kind;
  return k == IR_T_MEMREF || k == IR_T_UMEMREF;
}

static int is_ranked(const IrCtx *c, uint32_t type) {
  return ir_type(c, type)->kind == IR_T_MEMREF;
}

/* A memref type the heap can hold: supported elements, and a strided (or
 * identity) layout when ranked. */
static int memref_ok(const IrCtx *c, uint32_t type) {
  const IrType *t = ir_type(c, type);
  uint32_t b;
  if (t->kind != IR_T_MEMREF && t->kind != IR_T_UMEMREF) return 0;
  if (ix_elem(c, t->elem, &b) == EL_NONE) return 0;
  return t->kind == IR_T_UMEMREF || !t->layout ||
         ir_attr(c, t->layout)->kind == IR_A_STRIDED;
}

int ix_layout(const IrCtx *c, uint32_t type, const int64_t *sizes,
              int64_t *strides, int64_t *offset) {
  const IrType *t = ir_type(c, type);
  uint32_t r = t->n;
  const IrAttr *l = t->layout ? ir_attr(c, t->layout) : NULL;
  if (l && (l->kind != IR_A_STRIDED || l->n != r)) return -1;
  const int64_t *st = l ? ir_attr_i64(c, t->layout) : NULL;
  /* a `?` stride makes its dim contiguous with the next inner one */
  int64_t run = 1;
  for (uint32_t i = r; i-- > 0;) {
    strides[i] = st && st[i] != IR_DYN ? st[i] : run;
    if (strides[i] < 0) return -1;
    if (__builtin_mul_overflow(strides[i], sizes[i] > 1 ? sizes[i] : 1, &run))
      return -1;
  }
  *offset = l && l->ival != IR_DYN ? l->ival : 0;
  return *offset < 0 ? -1 : 0;
}

int ir_interp_arg_ok(const IrInterp *ip, uint32_t type) {
  const IrCtx *c = ip->ctx;
  if (scalar_ok(c, type)) return 1;
  return memref_ok(c, type);
}

const char *ix_why_text(IxWhy w) {
  switch (w) {
  case WHY_OP: return "is not supported by ir-run";
  case WHY_TYPE: return "has an operand or result type ir-run does not support";
  case WHY_FORM: return "has attributes or operands of a form ir-run does not support";
  case WHY_LAYOUT: return "uses a memref layout that is not strided";
  case WHY_CALLEE: return "calls a function that is not in the module's top level";
  case WHY_EXTERN: return "calls an external function (--no-extern)";
  case WHY_GLOBAL: return "uses a global that is unknown or has an unsupported initial value";
  case WHY_TENSOR: return "has tensor semantics";
  case WHY_FRAME: return "is in a function whose frame is too large";
  }
  return "is not supported by ir-run";
}

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

/* Decode the text of a dense<...> body into n elements of the element type
 * (a splat fills all). Returns 0, or -1 if it is not of a form we read. */
int ix_dense_decode(const IrCtx *c, uint32_t attr, uint32_t elem,
                    uint64_t n, uint8_t *out) {
  const IrAttr *a = ir_attr(c, attr);
  uint32_t bytes;
  ElKind k = ix_elem(c, elem, &bytes);
  if (a->kind != IR_A_DENSE || k == EL_NONE) return -1;
  const char *s = ir_str_ptr(c, a->str);
  uint64_t got = 0;
  if (*s == '"') return -1; /* hex blob */
  while (*s) {
    if (*s == '[' || *s == ']' || *s == ',' || *s == ' ' || *s == '\n') {
      s++;
      continue;
    }
    if (got == n && n) return -1;
    int64_t word;
    char *e;
    if (!strncmp(s, "true", 4)) word = 1, e = (char *)s + 4;
    else if (!strncmp(s, "false", 5)) word = 0, e = (char *)s + 5;
    else if (k == EL_INT) {
      word = (int64_t)strtoull(s, &e, 0);
      if (*s == '-') word = strtoll(s, &e, 0);
      word = (int64_t)((uint64_t)word & ix_mask(ix_int_width(c, elem)));
    } else if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
      uint64_t bits = strtoull(s, &e, 16);
      double d = 0;
      if (k == EL_F64) memcpy(&d, &bits, 8);
      else if (k == EL_F32) { float f; uint32_t b32 = (uint32_t)bits; memcpy(&f, &b32, 4); d = f; }
      else return -1;
      word = ix_bits(d);
    } else {
      word = ix_bits(ix_round(strtod(s, &e), k));
    }
    if (e == s) return -1;
    s = e;
    if (got < n) ix_store_elem(out + got * bytes, k, bytes, word);
    got++;
  }
  if (got == 1)
    for (uint64_t i = 1; i < n; i++) memcpy(out + i * bytes, out, bytes);
  else if (got != n) return -1;
  return 0;
}

/* ====================================================================== */
/* Functions and globals                                                  */
/* ====================================================================== */

static void prep_symbols(IrInterp *ip) {
  const IrModule *m = ip->m;
  IrCtx *c = ip->ctx;
  if (!m->n_ops || !m->ops[0].n_regions) return;
  const IrRegion *r = &m->regions[m->ops[0].regions];
  if (!r->n_blocks) return;
  const IrBlock *b = &m->blocks[r->blocks];
  uint32_t cap_f = 0, cap_g = 0;
  for (uint32_t op = b->ops; op < b->ops + b->n_ops; op++) {
    const IrOp *o = &m->ops[op];
    uint32_t name = ir_op_prop(m, op, "sym_name");
    const IrAttr *na = name ? ir_attr(c, name) : NULL;
    if (!na || na->kind != IR_A_STRING) continue;
    if (o->opc == IR_OP_FUNC) {
      Func f = {0};
      uint32_t ft = ir_op_prop(m, op, "function_type");
      uint32_t vis = ir_op_prop(m, op, "sym_visibility");
      f.op = op;
      f.name = na->str;
      f.type = ft && ir_attr(c, ft)->kind == IR_A_TYPE ? ir_attr(c, ft)->type : 0;
      if (!f.type || ir_type(c, f.type)->kind != IR_T_FUNC) continue;
      f.body = o->n_regions && m->regions[o->regions].n_blocks ? o->regions
                                                                : IR_NONE;
      f.is_public = !vis || (ir_attr(c, vis)->kind == IR_A_STRING &&
                             !strcmp(ir_str_ptr(c, ir_attr(c, vis)->str), "public"));
      ip->func_of_op[op] = ip->n_funcs;
      IR_VPUSH(ip->funcs, ip->n_funcs, cap_f, f);
    } else if (o->opc == IR_OP_GLOBAL) {
      Global g = {0};
      uint32_t ty = ir_op_prop(m, op, "type");
      uint32_t init = ir_op_prop(m, op, "initial_value");
      g.op = op;
      g.name = na->str;
      g.constant = ir_op_prop(m, op, "constant") != 0;
      g.type = ty && ir_attr(c, ty)->kind == IR_A_TYPE ? ir_attr(c, ty)->type : 0;
      if (g.type && ir_type(c, g.type)->kind == IR_T_MEMREF &&
          memref_ok(c, g.type)) {
        const IrType *t = ir_type(c, g.type);
        const int64_t *d = ir_type_dims(c, g.type);
        uint64_t n = 1;
        uint32_t bytes;
        int ok = 1;
        ix_elem(c, t->elem, &bytes);
        for (uint32_t i = 0; i < t->n && ok; i++)
          ok = d[i] >= 0 && !__builtin_mul_overflow(n, (uint64_t)d[i], &n);
        ok = ok && !t->layout && n <= (UINT64_C(1) << 32);
        if (ok) {
          g.nbytes = n * bytes;
          const IrAttr *ia = init ? ir_attr(c, init) : NULL;
          if (ia && ia->kind == IR_A_DENSE) {
            g.init = ir_xcalloc(g.nbytes ? g.nbytes : 1, 1);
            ok = ix_dense_decode(c, init, t->elem, n, g.init) == 0;
          } else {
            ok = !ia || ia->kind == IR_A_UNIT;
          }
        }
        g.ok = ok;
      }
      IR_VPUSH(ip->globals, ip->n_globals, cap_g, g);
    }
  }
}

static uint32_t find_func(const IrInterp *ip, uint32_t sym) {
  const IrAttr *a = sym ? ir_attr(ip->ctx, sym) : NULL;
  if (!a || a->kind != IR_A_SYMREF || a->n) return IR_NONE;
  for (uint32_t i = 0; i < ip->n_funcs; i++)
    if (ip->funcs[i].name == a->str) return i;
  return IR_NONE;
}

static uint32_t find_global(const IrInterp *ip, uint32_t sym) {
  const IrAttr *a = sym ? ir_attr(ip->ctx, sym) : NULL;
  if (!a || a->kind != IR_A_SYMREF || a->n) return IR_NONE;
  for (uint32_t i = 0; i < ip->n_globals; i++)
    if (ip->globals[i].name == a->str) return i;
  return IR_NONE;
}

uint32_t ir_interp_find(const IrInterp *ip, const char *name) {
  uint32_t s = ir_str_find(ip->ctx, name, strlen(name));
  if (s == IR_NONE) return IR_NONE;
  for (uint32_t i = 0; i < ip->n_funcs; i++)
    if (ip->funcs[i].name == s) return ip->funcs[i].op;
  return IR_NONE;
}

/* ====================================================================== */
/* Ops                                                                    */
/* ====================================================================== */

typedef struct Prep {
  IrInterp *ip;
  const IrModule *m;
  const IrCtx *c;
} Prep;

static Ins no(IxWhy why) {
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
    if (is_memref(m->ctx, t) ? !memref_ok(m->ctx, t) : !scalar_ok(m->ctx, t))
      return is_memref(m->ctx, t) && ir_type(m->ctx, t)->layout ? WHY_LAYOUT
                                                                 : WHY_TYPE;
  }
  return (IxWhy)-1;
}

static Ins prep_int(Prep *p, uint32_t op, IxCode k) {
  const IrModule *m = p->m;
  if (m->ops[op].n_operands != 2 || m->ops[op].n_results != 1) return no(WHY_FORM);
  Ins in = code(k);
  in.w = (uint16_t)ix_int_width(p->c, res_t(m, op, 0));
  if (!in.w || opd_t(m, op, 0) != res_t(m, op, 0)) return no(WHY_TYPE);
  in.k = (int64_t)ix_mask(in.w);
  return in;
}

static Ins prep_float(Prep *p, uint32_t op, IxCode k, uint32_t nopd) {
  const IrModule *m = p->m;
  if (m->ops[op].n_operands != nopd || m->ops[op].n_results != 1) return no(WHY_FORM);
  Ins in = code(k);
  in.elem = (uint8_t)ix_float_kind(p->c, res_t(m, op, 0));
  if (!in.elem || opd_t(m, op, 0) != res_t(m, op, 0)) return no(WHY_TYPE);
  return in;
}

static Ins prep_cast(Prep *p, uint32_t op, IxCode k) {
  const IrModule *m = p->m;
  if (m->ops[op].n_operands != 1 || m->ops[op].n_results != 1) return no(WHY_FORM);
  uint32_t src = opd_t(m, op, 0), dst = res_t(m, op, 0);
  Ins in = code(k);
  switch (k) {
  case IX_SEXT: case IX_ZEXT:
    in.w = (uint16_t)ix_int_width(p->c, dst);
    in.aux = ix_int_width(p->c, src);
    if (!in.w || !in.aux) return no(WHY_TYPE);
    in.k = (int64_t)ix_mask(in.w);
    break;
  case IX_SITOFP: case IX_UITOFP:
    in.elem = (uint8_t)ix_float_kind(p->c, dst);
    in.aux = ix_int_width(p->c, src);
    if (!in.elem || !in.aux) return no(WHY_TYPE);
    break;
  case IX_FPTOSI: case IX_FPTOUI:
    in.w = (uint16_t)ix_int_width(p->c, dst);
    if (!in.w || !ix_float_kind(p->c, src)) return no(WHY_TYPE);
    break;
  default: /* FCONV */
    in.elem = (uint8_t)ix_float_kind(p->c, dst);
    if (!in.elem || !ix_float_kind(p->c, src)) return no(WHY_TYPE);
    break;
  }
  return in;
}

static Ins prep_const(Prep *p, uint32_t op) {
  const IrModule *m = p->m;
  if (m->ops[op].n_results != 1) return no(WHY_FORM);
  uint32_t t = res_t(m, op, 0), a = ir_op_prop(m, op, "value");
  const IrAttr *at = a ? ir_attr(p->c, a) : NULL;
  Ins in = code(IX_CONST);
  uint32_t w = ix_int_width(p->c, t);
  ElKind fk = ix_float_kind(p->c, t);
  if (!at) return no(WHY_FORM);
  if (w && (at->kind == IR_A_INT || at->kind == IR_A_BOOL))
    in.k = (int64_t)((uint64_t)at->ival & ix_mask(w));
  else if (fk && at->kind == IR_A_FLOAT)
    in.k = ix_bits(ix_round(at->fval, fk));
  else
    return no(at->kind == IR_A_DENSE ? WHY_TENSOR : WHY_TYPE);
  return in;
}

/* A memref operand / result that is ranked with a strided layout. */
static int ranked_ok(Prep *p, uint32_t t) {
  return is_ranked(p->c, t) && memref_ok(p->c, t);
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
  if ((int)bt >= 0) return no(bt);
  Ins in = {0};
  switch (o->opc) {
  case IR_OP_ALLOC:
  case IR_OP_ALLOCA: {
    if (nr != 1 || !ranked_ok(p, res_t(m, op, 0))) return no(WHY_TYPE);
    uint32_t t = res_t(m, op, 0);
    if (segment(m, op, 0) != n_dyn(c, t) || segment(m, op, 1) != 0 ||
        no_ != n_dyn(c, t))
      return no(WHY_FORM);
    in = code(o->opc == IR_OP_ALLOC ? IX_ALLOC : IX_ALLOCA);
    return in;
  }
  case IR_OP_REALLOC: {
    if (nr != 1 || no_ < 1) return no(WHY_FORM);
    uint32_t s = opd_t(m, op, 0), t = res_t(m, op, 0);
    if (!ranked_ok(p, s) || !ranked_ok(p, t) || ir_type(c, s)->n != 1 ||
        ir_type(c, t)->n != 1 || no_ != 1 + n_dyn(c, t))
      return no(WHY_FORM);
    return mem_elem(p, code(IX_REALLOC), t);
  }
  case IR_OP_DEALLOC:
    if (no_ != 1) return no(WHY_FORM);
    return code(IX_DEALLOC);
  case IR_OP_LOAD: {
    if (no_ < 1 || nr != 1) return no(WHY_FORM);
    uint32_t t = opd_t(m, op, 0);
    if (!ranked_ok(p, t) || ir_type(c, t)->n != no_ - 1) return no(WHY_FORM);
    return mem_elem(p, code(IX_LOAD), t);
  }
  case IR_OP_STORE: {
    if (no_ < 2) return no(WHY_FORM);
    uint32_t t = opd_t(m, op, 1);
    if (!ranked_ok(p, t) || ir_type(c, t)->n != no_ - 2) return no(WHY_FORM);
    return mem_elem(p, code(IX_STORE), t);
  }
  case IR_OP_COPY:
    if (no_ != 2 || ir_type(c, opd_t(m, op, 0))->elem !=
                        ir_type(c, opd_t(m, op, 1))->elem)
      return no(WHY_FORM);
    return mem_elem(p, code(IX_COPY), opd_t(m, op, 0));
  case IR_OP_SUBVIEW: {
    uint32_t s = opd_t(m, op, 0), t = nr == 1 ? res_t(m, op, 0) : 0;
    if (!t || !ranked_ok(p, s) || !ranked_ok(p, t)) return no(WHY_FORM);
    uint32_t r = ir_type(c, s)->n;
    in = code(IX_SUBVIEW);
    if (static_lists(p, op, r, r, &in.aux)) return no(WHY_FORM);
    in.k = dropped_dims(p->ip->pool + in.aux + r, r, ir_type_dims(c, t),
                        ir_type(c, t)->n);
    if (in.k < 0) return no(WHY_FORM);
    in.w = (uint16_t)r;
    return in;
  }
  case IR_OP_MEMREF_CAST:
    if (no_ != 1 || nr != 1) return no(WHY_FORM);
    return code(IX_CAST);
  case IR_OP_ASSUME_ALIGNMENT:
  case IR_OP_TEST_FORWARD_BUFFER:
    if (no_ != 1 || nr != 1 || opd_t(m, op, 0) != res_t(m, op, 0))
      return no(WHY_FORM);
    return code(IX_SAME);
  case IR_OP_REINTERPRET_CAST: {
    uint32_t t = nr == 1 ? res_t(m, op, 0) : 0;
    if (!t || !ranked_ok(p, t)) return no(WHY_FORM);
    uint32_t r = ir_type(c, t)->n;
    in = code(IX_REINTERPRET);
    if (static_lists(p, op, 1, r, &in.aux)) return no(WHY_FORM);
    in.w = (uint16_t)r;
    return in;
  }
  case IR_OP_VIEW: {
    uint32_t t = nr == 1 ? res_t(m, op, 0) : 0;
    if (!t || !ranked_ok(p, t) || ir_type(c, t)->layout || no_ < 2 ||
        no_ != 2 + n_dyn(c, t) || !ranked_ok(p, opd_t(m, op, 0)))
      return no(WHY_FORM);
    return mem_elem(p, code(IX_VIEW), t);
  }
  case IR_OP_EXPAND_SHAPE: {
    uint32_t s = opd_t(m, op, 0), t = nr == 1 ? res_t(m, op, 0) : 0, n;
    if (!t || !ranked_ok(p, s) || !ranked_ok(p, t)) return no(WHY_FORM);
    const int64_t *shape = dense_array(m, op, "static_output_shape", &n);
    uint32_t rr = ir_type(c, t)->n;
    in = code(IX_EXPAND);
    if (!shape || n != rr || no_ != 1 + count_dyn(shape, n) ||
        reassoc(p, op, rr, ir_type(c, s)->n, &in.aux))
      return no(WHY_FORM);
    pool_add(p->ip, shape, n); /* right after the groups */
    in.w = (uint16_t)rr;
    return in;
  }
  case IR_OP_COLLAPSE_SHAPE: {
    uint32_t s = opd_t(m, op, 0), t = nr == 1 ? res_t(m, op, 0) : 0;
    if (!t || no_ != 1 || !ranked_ok(p, s) || !ranked_ok(p, t)) return no(WHY_FORM);
    in = code(IX_COLLAPSE);
    if (reassoc(p, op, ir_type(c, s)->n, ir_type(c, t)->n, &in.aux))
      return no(WHY_FORM);
    in.w = (uint16_t)ir_type(c, t)->n;
    return in;
  }
  case IR_OP_RESHAPE: {
    if (no_ != 2 || nr != 1) return no(WHY_FORM);
    uint32_t sh = opd_t(m, op, 1);
    if (!ranked_ok(p, sh) || ir_type(c, sh)->n != 1 ||
        !ix_int_width(c, ir_type(c, sh)->elem))
      return no(WHY_FORM);
    if (is_ranked(c, res_t(m, op, 0)) &&
        ir_type(c, res_t(m, op, 0))->layout)
      return no(WHY_LAYOUT);
    return mem_elem(p, code(IX_RESHAPE), sh);
  }
  case IR_OP_EXTRACT_STRIDED_METADATA: {
    uint32_t s = no_ == 1 ? opd_t(m, op, 0) : 0;
    if (!s || !is_ranked(c, s) || nr != 2 + 2 * ir_type(c, s)->n)
      return no(WHY_FORM);
    return code(IX_META);
  }
  case IR_OP_EXTRACT_ALIGNED_POINTER:
    if (no_ != 1 || nr != 1) return no(WHY_FORM);
    return code(IX_APTR);
  case IR_OP_MEMREF_DIM:
    if (no_ != 2 || nr != 1) return no(WHY_FORM);
    return code(IX_DIM);
  case IR_OP_MEMREF_RANK:
    if (no_ != 1 || nr != 1) return no(WHY_FORM);
    return code(IX_RANK);
  case IR_OP_GET_GLOBAL: {
    uint32_t g = find_global(p->ip, ir_op_prop(m, op, "name"));
    if (nr != 1 || g == IR_NONE || !p->ip->globals[g].ok ||
        p->ip->globals[g].type != res_t(m, op, 0))
      return no(WHY_GLOBAL);
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
      return no(WHY_FORM);
    for (uint32_t i = 0; i < nr; i++)
      if (ix_int_width(c, res_t(m, op, i)) != 1) return no(WHY_FORM);
    return code(IX_BDEALLOC);
  }
  case IR_OP_CLONE:
    if (no_ != 1 || nr != 1 || !ranked_ok(p, res_t(m, op, 0))) return no(WHY_FORM);
    return mem_elem(p, code(IX_CLONE), res_t(m, op, 0));
  case IR_OP_LINALG_FILL:
    if (no_ != 2 || nr != 0 || segment(m, op, 0) != 1 ||
        !ranked_ok(p, opd_t(m, op, 1)) ||
        ir_type(c, opd_t(m, op, 1))->elem != opd_t(m, op, 0))
      return no(WHY_FORM);
    return mem_elem(p, code(IX_FILL), opd_t(m, op, 1));
  case IR_OP_TEST_COPY:
  case IR_OP_TEST_BUFFER_BASED:
    if (no_ != 2 || !is_memref(c, opd_t(m, op, 0)) ||
        !is_memref(c, opd_t(m, op, 1)))
      return no(WHY_FORM);
    in = code(o->opc == IR_OP_TEST_COPY ? IX_TCOPY : IX_TBUF);
    return in;
  case IR_OP_TEST_READ_BUFFER:
    return code(IX_READ_ALL);
  default:
    return no(WHY_OP);
  }
}

static Ins prep_op(Prep *p, uint32_t op) {
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
      return no(WHY_FORM);
    in = code(IX_CMPI);
    in.w = (uint16_t)ix_int_width(c, opd_t(m, op, 0));
    in.aux = (uint32_t)a->ival;
    return in.w ? in : no(WHY_TYPE);
  }
  case IR_OP_CMPF: {
    uint32_t pr = ir_op_prop(m, op, "predicate");
    const IrAttr *a = pr ? ir_attr(c, pr) : NULL;
    if (o->n_operands != 2 || o->n_results != 1 || !a || a->kind != IR_A_INT ||
        a->ival < 0 || a->ival > 15)
      return no(WHY_FORM);
    in = code(IX_CMPF);
    in.elem = (uint8_t)ix_float_kind(c, opd_t(m, op, 0));
    in.aux = (uint32_t)a->ival;
    return in.elem ? in : no(WHY_TYPE);
  }
  case IR_OP_SELECT: {
    if (o->n_operands != 3 || o->n_results != 1) return no(WHY_FORM);
    uint32_t t = res_t(m, op, 0);
    if (ix_int_width(c, opd_t(m, op, 0)) != 1 ||
        ir_type(c, opd_t(m, op, 0))->kind != IR_T_INT)
      return no(WHY_TYPE);
    if (!scalar_ok(c, t) && !memref_ok(c, t)) return no(WHY_TYPE);
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
    if (o->n_operands != 1 || o->n_regions != 2) return no(WHY_FORM);
    return code(IX_IF);
  case IR_OP_FOR: {
    if (o->n_operands < 3 || o->n_regions != 1 ||
        o->n_results != o->n_operands - 3)
      return no(WHY_FORM);
    in = code(IX_FOR);
    in.w = (uint16_t)ix_int_width(c, opd_t(m, op, 0));
    in.aux = ir_op_prop(m, op, "unsignedCmp") != 0;
    return in.w ? in : no(WHY_TYPE);
  }
  case IR_OP_WHILE:
    if (o->n_regions != 2) return no(WHY_FORM);
    return code(IX_WHILE);
  case IR_OP_EXECUTE_REGION:
    if (o->n_regions != 1) return no(WHY_FORM);
    return code(IX_EXEC_REGION);
  case IR_OP_INDEX_SWITCH: {
    uint32_t n;
    const int64_t *cases = dense_array(m, op, "cases", &n);
    if (!cases || o->n_operands != 1 || o->n_regions != n + 1) return no(WHY_FORM);
    in = code(IX_INDEX_SWITCH);
    in.aux = pool_add(p->ip, cases, n);
    in.k = n;
    return in;
  }
  case IR_OP_BR:
    if (o->n_succs != 1) return no(WHY_FORM);
    return code(IX_BR);
  case IR_OP_COND_BR:
    if (o->n_succs != 2 || o->n_operands < 1) return no(WHY_FORM);
    return code(IX_COND_BR);
  case IR_OP_SWITCH: {
    uint32_t cv = ir_op_prop(m, op, "case_values");
    uint32_t w = o->n_operands ? ix_int_width(c, opd_t(m, op, 0)) : 0;
    uint64_t n = o->n_succs ? o->n_succs - 1 : 0;
    if (!w || !o->n_succs) return no(WHY_FORM);
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
      if (!ok) return no(WHY_FORM);
    }
    return in;
  }
  case IR_OP_ASSERT: {
    uint32_t msg = ir_op_prop(m, op, "msg");
    in = code(IX_ASSERT);
    in.aux = msg && ir_attr(c, msg)->kind == IR_A_STRING ? ir_attr(c, msg)->str : 0;
    return o->n_operands == 1 ? in : no(WHY_FORM);
  }
  case IR_OP_CALL: {
    uint32_t f = find_func(p->ip, ir_op_prop(m, op, "callee"));
    if (f == IR_NONE) return no(WHY_CALLEE);
    const IrType *ft = ir_type(c, p->ip->funcs[f].type);
    if (ft->n != o->n_operands || ft->nres != o->n_results) return no(WHY_FORM);
    const uint32_t *tl = ir_type_list(c, p->ip->funcs[f].type);
    for (uint32_t i = 0; i < o->n_operands; i++)
      if (tl[i] != opd_t(m, op, i)) return no(WHY_FORM);
    for (uint32_t i = 0; i < o->n_results; i++)
      if (tl[ft->n + i] != res_t(m, op, i)) return no(WHY_FORM);
    if (p->ip->funcs[f].body == IR_NONE) {
      if (p->ip->o.no_extern) return no(WHY_EXTERN);
      for (uint32_t i = 0; i < o->n_results; i++) {
        uint32_t t = res_t(m, op, i);
        if (!scalar_ok(c, t) && !(memref_ok(c, t) && is_ranked(c, t)))
          return no(WHY_TYPE);
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
    if (o->n_regions != 1) return no(WHY_FORM);
    return code(IX_REGION_ONCE);
  case IR_OP_TEST_REGION_BUFFER_BASED: {
    /* like linalg.generic: the body runs per element of in and out, which
     * it gets as arguments, and yields the new out element */
    uint32_t ti = o->n_operands == 2 ? opd_t(m, op, 0) : 0;
    uint32_t to = o->n_operands == 2 ? opd_t(m, op, 1) : 0;
    if (!ti || !ranked_ok(p, ti) || !ranked_ok(p, to) || o->n_regions != 1)
      return no(WHY_FORM);
    const IrRegion *rg = &m->regions[o->regions];
    const IrBlock *bk = rg->n_blocks ? &m->blocks[rg->blocks] : NULL;
    if (!bk || bk->n_args != 2 ||
        m->values[bk->args].type != ir_type(c, ti)->elem ||
        m->values[bk->args + 1].type != ir_type(c, to)->elem)
      return no(WHY_FORM);
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
        if (is_memref(c, t) && !memref_ok(c, t)) return no(WHY_TYPE);
      }
      return code(IX_READ_ALL);
    }
    return no(WHY_OP);
  default:
    return prep_memref(p, op);
  }
}

/* ====================================================================== */
/* Frames                                                                 */
/* ====================================================================== */

/* Slots for region r's values, depth first; prepares its ops. */
static void layout_region(Prep *p, uint32_t r, uint64_t *next) {
  IrInterp *ip = p->ip;
  const IrModule *m = p->m;
  const IrRegion *rg = &m->regions[r];
  for (uint32_t b = rg->blocks; b < rg->blocks + rg->n_blocks; b++) {
    const IrBlock *bk = &m->blocks[b];
    for (uint32_t v = bk->args; v < bk->args + bk->n_args; v++) {
      uint32_t t = m->values[v].type;
      ip->vslot[v] = (uint32_t)(*next < SLOT_MEM ? *next : 0) |
                     (is_memref(p->c, t) ? SLOT_MEM : 0);
      *next += ix_type_words(p->c, t);
    }
    for (uint32_t op = bk->ops; op < bk->ops + bk->n_ops; op++) {
      const IrOp *o = &m->ops[op];
      for (uint32_t v = o->results; v < o->results + o->n_results; v++) {
        uint32_t t = m->values[v].type;
        ip->vslot[v] = (uint32_t)(*next < SLOT_MEM ? *next : 0) |
                       (is_memref(p->c, t) ? SLOT_MEM : 0);
        *next += ix_type_words(p->c, t);
      }
      ip->ins[op] = prep_op(p, op);
      uint64_t words = 0;
      for (uint32_t k = 0; k < o->n_operands; k++)
        words += ix_type_words(p->c, opd_t(m, op, k));
      if (words > ip->scratch_words) ip->scratch_words = (size_t)words;
      for (uint32_t k = 0; k < o->n_regions; k++)
        layout_region(p, o->regions + k, next);
    }
  }
}

/* Mark every op of region r unsupported (a frame too large to address). */
static void poison_region(IrInterp *ip, uint32_t r) {
  const IrModule *m = ip->m;
  const IrRegion *rg = &m->regions[r];
  for (uint32_t b = rg->blocks; b < rg->blocks + rg->n_blocks; b++)
    for (uint32_t op = m->blocks[b].ops;
         op < m->blocks[b].ops + m->blocks[b].n_ops; op++) {
      ip->ins[op] = no(WHY_FRAME);
      for (uint32_t k = 0; k < m->ops[op].n_regions; k++)
        poison_region(ip, m->ops[op].regions + k);
    }
}

IrInterp *ir_interp_new(const IrModule *m, const IrInterpOpts *o) {
  IrInterp *ip = ir_xcalloc(1, sizeof *ip);
  ip->m = m;
  ip->ctx = m->ctx;
  if (o) ip->o = *o;
  if (!ip->o.max_steps) ip->o.max_steps = 1000000;
  if (!ip->o.max_depth) ip->o.max_depth = 512;
  /* each level is a few C frames: keep well inside an 8 MiB stack, also
   * under AddressSanitizer */
  if (ip->o.max_depth > IR_INTERP_MAX_DEPTH) ip->o.max_depth = IR_INTERP_MAX_DEPTH;
  if (!ip->o.max_heap) ip->o.max_heap = UINT64_C(256) << 20;
  if (ip->o.dyn_size < 0) ip->o.dyn_size = 4;
  ip->ins = ir_xcalloc(m->n_ops ? m->n_ops : 1, sizeof *ip->ins);
  ip->vslot = ir_xcalloc(m->n_values ? m->n_values : 1, sizeof *ip->vslot);
  ip->oslot = ir_xcalloc(m->n_operands ? m->n_operands : 1, sizeof *ip->oslot);
  ip->func_of_op = ir_xmalloc((m->n_ops ? m->n_ops : 1) * sizeof *ip->func_of_op);
  for (uint32_t i = 0; i < m->n_ops; i++) {
    ip->func_of_op[i] = IR_NONE;
    ip->ins[i] = no(WHY_OP);
  }
  prep_symbols(ip);
  Prep p = {ip, m, m->ctx};
  for (uint32_t f = 0; f < ip->n_funcs; f++) {
    Func *fn = &ip->funcs[f];
    if (fn->body == IR_NONE) continue;
    uint64_t next = 0;
    layout_region(&p, fn->body, &next);
    if (next >= (1u << 30)) {
      poison_region(ip, fn->body);
      fn->frame = 0;
    } else {
      fn->frame = (uint32_t)(next ? next : 1);
    }
  }
  for (uint32_t i = 0; i < m->n_operands; i++)
    ip->oslot[i] = ip->vslot[m->operands[i]];
  ip->scratch = ir_xmalloc((ip->scratch_words + 1) * sizeof *ip->scratch);
  ip->global_obj = ir_xcalloc(ip->n_globals + 1, sizeof *ip->global_obj);
  return ip;
}

void ir_interp_free(IrInterp *ip) {
  if (!ip) return;
  ix_heap_free_all(ip);
  for (uint32_t i = 0; i < ip->n_globals; i++) free(ip->globals[i].init);
  for (uint32_t i = 0; i < ip->n_chunks; i++) free(ip->chunks[i].mem);
  free(ip->chunks);
  free(ip->ins);
  free(ip->vslot);
  free(ip->oslot);
  free(ip->funcs);
  free(ip->func_of_op);
  free(ip->globals);
  free(ip->pool);
  free(ip->scratch);
  free(ip->objs);
  free(ip->allocas);
  free(ip->global_obj);
  free(ip->errs);
  free(ip);
}
