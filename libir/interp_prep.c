/*
 * interp_prep.c - the prepared program: type helpers, the table of
 * top-level functions and globals (with decoded initial values), and a
 * frame slot for every value; the per-op dispatch codes are made by
 * interp_prep_ops.c. What cannot run gets IX_UNSUPPORTED and the reason; a
 * run that reaches it is skipped.
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
int ix_scalar_ok(const IrCtx *c, uint32_t type) {
  return ix_int_width(c, type) || ix_float_kind(c, type);
}

uint32_t ix_type_words(const IrCtx *c, uint32_t type) {
  const IrType *t = ir_type(c, type);
  if (t->kind == IR_T_MEMREF) return MR_WORDS(t->n);
  if (t->kind == IR_T_UMEMREF) return MR_WORDS(IR_MAX_RANK);
  return 1;
}

int ix_is_memref(const IrCtx *c, uint32_t type) {
  uint8_t k = ir_type(c, type)->kind;
  return k == IR_T_MEMREF || k == IR_T_UMEMREF;
}

int ix_is_ranked(const IrCtx *c, uint32_t type) {
  return ir_type(c, type)->kind == IR_T_MEMREF;
}

/* A memref type the heap can hold: supported elements, and a strided (or
 * identity) layout when ranked. */
int ix_memref_ok(const IrCtx *c, uint32_t type) {
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
  if (ix_scalar_ok(c, type)) return 1;
  return ix_memref_ok(c, type);
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
/* Dense initial values                                                   */
/* ====================================================================== */

/* The hex form of a dense body (more than 100 elements, not all equal):
 * its own elements, as element kind k of `bytes` bytes. */
static int hex_decode(const IrCtx *c, uint32_t attr, uint32_t elem, ElKind k, uint32_t bytes,
                      uint64_t n, uint8_t *out) {
  const IrAttr *a = ir_attr(c, attr);
  const IrType *t = a->type ? ir_type(c, a->type) : NULL;
  uint64_t total = 1;
  if (!t || (t->kind != IR_T_TENSOR && t->kind != IR_T_VECTOR)) return -1;
  for (uint32_t i = 0; i < t->n; i++) total *= (uint64_t)ir_type_dims(c, a->type)[i];
  uint32_t sc = ir_dense_scalar(c, t->elem), w = ir_dense_width(c, t->elem);
  if (!sc || sc != t->elem || total != n) return -1;  /* no complex here */
  size_t nb;
  uint8_t *raw = ir_dense_hex_raw(c, attr, &nb);
  if (!raw || (w == 1 ? nb * 8 < n : nb < n * (w / 8))) {
    free(raw);
    return -1;
  }
  int fl = ir_type(c, sc)->kind == IR_T_FLOAT;
  for (uint64_t i = 0; i < n; i++) {
    int64_t iv = 0;
    double fv = 0;
    ir_dense_load(c, sc, raw, i, &iv, &fv);
    int64_t word;
    if (k == EL_INT) word = (int64_t)((uint64_t)(fl ? (int64_t)fv : iv) & ix_mask(ix_int_width(c, elem)));
    else word = ix_bits(ix_round(fl ? fv : (double)iv, k));
    ix_store_elem(out + i * bytes, k, bytes, word);
  }
  free(raw);
  return 0;
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
  if (*s == '"') return hex_decode(c, attr, elem, k, bytes, n, out);
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
          ix_memref_ok(c, g.type)) {
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

uint32_t ix_find_func(const IrInterp *ip, uint32_t sym) {
  const IrAttr *a = sym ? ir_attr(ip->ctx, sym) : NULL;
  if (!a || a->kind != IR_A_SYMREF || a->n) return IR_NONE;
  for (uint32_t i = 0; i < ip->n_funcs; i++)
    if (ip->funcs[i].name == a->str) return i;
  return IR_NONE;
}

uint32_t ix_find_global(const IrInterp *ip, uint32_t sym) {
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
/* Frames                                                                 */
/* ====================================================================== */

/* Slots for region r's values, depth first; prepares its ops. */
static void layout_region(IrInterp *ip, uint32_t r, uint64_t *next) {
  const IrModule *m = ip->m;
  const IrRegion *rg = &m->regions[r];
  for (uint32_t b = rg->blocks; b < rg->blocks + rg->n_blocks; b++) {
    const IrBlock *bk = &m->blocks[b];
    for (uint32_t v = bk->args; v < bk->args + bk->n_args; v++) {
      uint32_t t = m->values[v].type;
      ip->vslot[v] = (uint32_t)(*next < SLOT_MEM ? *next : 0) |
                     (ix_is_memref(ip->ctx, t) ? SLOT_MEM : 0);
      *next += ix_type_words(ip->ctx, t);
    }
    for (uint32_t op = bk->ops; op < bk->ops + bk->n_ops; op++) {
      const IrOp *o = &m->ops[op];
      for (uint32_t v = o->results; v < o->results + o->n_results; v++) {
        uint32_t t = m->values[v].type;
        ip->vslot[v] = (uint32_t)(*next < SLOT_MEM ? *next : 0) |
                       (ix_is_memref(ip->ctx, t) ? SLOT_MEM : 0);
        *next += ix_type_words(ip->ctx, t);
      }
      ip->ins[op] = ix_prep_op(ip, op);
      uint64_t words = 0;
      for (uint32_t k = 0; k < o->n_operands; k++)
        words += ix_type_words(ip->ctx, ir_vtype(m, ir_operand(m, op, k)));
      if (words > ip->scratch_words) ip->scratch_words = (size_t)words;
      for (uint32_t k = 0; k < o->n_regions; k++)
        layout_region(ip, o->regions + k, next);
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
      ip->ins[op] = ix_no(WHY_FRAME);
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
  /* The pool is never NULL: an op with no entries (a switch without
   * cases) still points at ip->pool + aux. */
  ip->cap_pool = 16;
  ip->pool = ir_xmalloc(ip->cap_pool * sizeof *ip->pool);
  for (uint32_t i = 0; i < m->n_ops; i++) {
    ip->func_of_op[i] = IR_NONE;
    ip->ins[i] = ix_no(WHY_OP);
  }
  prep_symbols(ip);
  for (uint32_t f = 0; f < ip->n_funcs; f++) {
    Func *fn = &ip->funcs[f];
    if (fn->body == IR_NONE) continue;
    uint64_t next = 0;
    layout_region(ip, fn->body, &next);
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
