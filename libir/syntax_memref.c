/*
 * syntax_memref.c - custom assembly of the memref ops: parse hooks that build
 * exactly MLIR 22's generic model (operands, result types, properties such as
 * operandSegmentSizes and static_offsets), print hooks that write what
 * mlir-opt-22 writes after the op name, result names, and the verifier checks
 * that matter (counts, element types, dynamic sizes) in MLIR's words.
 *
 * It also holds the few helpers every syntax file needs (dynamic index
 * lists, affine map arity, op-prefixed verifier errors); irint.h declares
 * them under this file's section.
 */
#include <stdarg.h>
#include <stdio.h>

#include "irint.h"

/* ====================================================================== */
/* Shared helpers                                                         */
/* ====================================================================== */

int ir_syntax_op_error(const IrModule *m, uint32_t op, IrDiag *d,
                       const char *fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  ir_diag(d, m->ctx, m->ops[op].loc, IR_SEV_ERROR, "'%s' op %s",
          ir_str_ptr(m->ctx, m->ops[op].name), buf);
  d->subject = op;
  return -1;
}

int ir_syntax_type_error(const IrModule *m, uint32_t op, IrDiag *d, const char *what,
                         uint32_t k, const char *want, uint32_t t) {
  char s[512];
  ir_type_str(m->ctx, t, s, sizeof s);
  return ir_syntax_op_error(m, op, d, "%s #%u must be %s, but got '%s'", what, k, want, s);
}

int ir_syntax_prop_error(const IrModule *m, uint32_t op, IrDiag *d, const char *name,
                         uint32_t attr) {
  const IrCtx *c = m->ctx;
  const IrOp *o = &m->ops[op];
  char dict[1024], v[512];
  ir_attr_str(c, o->props, dict, sizeof dict);
  ir_attr_str(c, attr, v, sizeof v);
  ir_diag(d, c, o->loc, IR_SEV_ERROR, "invalid properties %s for op %s: Invalid attribute "
          "`%s` in property conversion: %s", dict, ir_str_ptr(c, o->name), name, v);
  return -1;
}

int irp_dyn_index_list(IrParser *p, IrRefVec *refs, int64_t *vals, uint32_t max,
                       uint32_t *n, uint32_t *ndyn) {
  *n = *ndyn = 0;
  if (irp_expect(p, IR_TK_LSQUARE, "'['") < 0) return -1;
  if (irp_consume(p, IR_TK_RSQUARE) == 1) return 0;
  do {
    int64_t v;
    int r;
    if (*n >= max) return irp_error(p, "too many entries in index list");
    if (irp_peek(p)->kind == IR_TK_PERCENT_ID) {
      if (ir_syntax_parse_ref(p, refs) < 0) return -1;
      vals[(*n)++] = IR_DYN;
      ++*ndyn;
      continue;
    }
    r = irp_opt_int(p, &v);
    if (r < 0) return -1;
    if (r == 0) return irp_error(p, "expected SSA value or integer");
    vals[(*n)++] = v;
  } while (irp_consume(p, IR_TK_COMMA) == 1);
  return irp_expect(p, IR_TK_RSQUARE, "']'");
}

void irw_dyn_index_list(IrPrinter *w, const IrModule *m, uint32_t op,
                        uint32_t stat, uint32_t *next) {
  const IrCtx *c = m->ctx;
  const IrAttr *a = stat ? ir_attr(c, stat) : NULL;
  uint32_t n = a && a->kind == IR_A_DENSE_ARRAY ? a->n : 0, i;
  const int64_t *v = n ? ir_attr_i64(c, stat) : NULL;
  irw_str(w, "[");
  for (i = 0; i < n; i++) {
    if (i) irw_str(w, ", ");
    if (v[i] == IR_DYN && *next < m->ops[op].n_operands)
      irw_value(w, ir_operand(m, op, (*next)++));
    else
      irw_i64(w, v[i]);
  }
  irw_str(w, "]");
}

/* Count the comma separated entries of a `(...)` or `[...]` group starting
 * at *s (which points at the opener); advances past the closer. */
static uint32_t count_group(const char **s, char open, char close) {
  const char *q = *s;
  uint32_t n = 0, depth = 0;
  int any = 0;
  while (*q == ' ') q++;
  if (*q != open) return 0;
  for (q++; *q; q++) {
    if (*q == '(' || *q == '[') depth++;
    else if ((*q == ')' || *q == ']') && depth) depth--;
    else if (*q == close && !depth) { q++; break; }
    else if (*q == ',' && !depth) n++;
    else if (*q != ' ') any = 1;
  }
  *s = q;
  return any ? n + 1 : 0;
}

int ir_affine_map_arity(const IrCtx *c, uint32_t map, uint32_t *ndims,
                        uint32_t *nsyms, uint32_t *nres) {
  const IrAttr *a = map ? ir_attr(c, map) : NULL;
  const char *s;
  if (!a || (a->kind != IR_A_AFFINE_MAP && a->kind != IR_A_AFFINE_SET))
    return -1;
  s = ir_str_ptr(c, a->str);
  *ndims = count_group(&s, '(', ')');
  while (*s == ' ') s++;
  *nsyms = *s == '[' ? count_group(&s, '[', ']') : 0;
  while (*s == ' ' || *s == '-' || *s == '>' || *s == ':') s++;
  if (nres) *nres = a->kind == IR_A_AFFINE_MAP ? count_group(&s, '(', ')') : 0;
  return 0;
}

/* ====================================================================== */
/* Local helpers                                                          */
/* ====================================================================== */

/* The ranked or unranked memref type behind id t, NULL otherwise. */
static const IrType *memref_of(const IrCtx *c, uint32_t t) {
  const IrType *ty = t ? ir_type(c, t) : NULL;
  return ty && (ty->kind == IR_T_MEMREF || ty->kind == IR_T_UMEMREF) ? ty : NULL;
}

static const IrType *ranked_of(const IrCtx *c, uint32_t t) {
  const IrType *ty = t ? ir_type(c, t) : NULL;
  return ty && ty->kind == IR_T_MEMREF ? ty : NULL;
}

int ir_syntax_kind_check(IrParser *p, IrOpState *st, uint32_t loc, uint32_t t, int kind) {
  static const char *const name[] = {[IR_KIND_MEMREF] = "memref",
                                     [IR_KIND_TENSOR] = "tensor",
                                     [IR_KIND_INTEGER] = "integer"};
  IrCtx *c = irp_ctx(p);
  IrTypeKind k = ir_type(c, t)->kind;
  int ok = kind == IR_KIND_MEMREF ? k == IR_T_MEMREF
           : kind == IR_KIND_BASE_MEMREF ? k == IR_T_MEMREF || k == IR_T_UMEMREF
           : kind == IR_KIND_ANY_TENSOR ? k == IR_T_TENSOR || k == IR_T_UTENSOR
           : kind == IR_KIND_INTEGER ? k == IR_T_INT
           : k == IR_T_TENSOR;
  if (ok) return 0;
  if (!name[kind]) /* a base class: no name to expect */
    return ir_syntax_parse_error(p, st, loc, "invalid kind of type specified");
  char s[512];
  ir_type_str(c, t, s, sizeof s);
  return ir_syntax_parse_error(p, st, loc, "invalid kind of type specified: expected "
                               "builtin.%s, but found '%s'", name[kind], s);
}

int ir_syntax_kind_type(IrParser *p, IrOpState *st, uint32_t *t, int kind) {
  uint32_t loc = irp_loc_here(p);
  if (irp_type(p, t) < 0) return -1;
  return ir_syntax_kind_check(p, st, loc, *t, kind);
}

/* A ranked memref (MemRefType) or a ranked or unranked one (BaseMemRefType) */
static int memref_type(IrParser *p, IrOpState *st, uint32_t *t) {
  return ir_syntax_kind_type(p, st, t, IR_KIND_MEMREF);
}

static int base_memref_type(IrParser *p, IrOpState *st, uint32_t *t) {
  return ir_syntax_kind_type(p, st, t, IR_KIND_BASE_MEMREF);
}

static int colon(IrParser *p) { return irp_expect(p, IR_TK_COLON, "':'"); }

static void sp_value(IrPrinter *w, const IrModule *m, uint32_t op, uint32_t k) {
  irw_str(w, " ");
  irw_value(w, ir_operand(m, op, k));
}

static void colon_type(IrPrinter *w, uint32_t t) {
  irw_str(w, " : ");
  irw_type(w, t);
}

static uint32_t opd_type(const IrModule *m, uint32_t op, uint32_t k) {
  return ir_vtype(m, ir_operand(m, op, k));
}

static uint32_t res_type(const IrModule *m, uint32_t op, uint32_t k) {
  return ir_vtype(m, ir_result(m, op, k));
}

/* Segment k of operandSegmentSizes (0 if absent or short). */

/* Segments 0..n-1 of operandSegmentSizes (0 past its end), with one
 * lookup. */
static void segments(const IrModule *m, uint32_t op, uint32_t *seg, uint32_t n) {
  uint32_t a = ir_op_prop_lit(m, op, "operandSegmentSizes");
  const IrAttr *at = a ? ir_attr(m->ctx, a) : NULL;
  const int64_t *v = at && at->kind == IR_A_DENSE_ARRAY ? ir_attr_i64(m->ctx, a) : NULL;
  for (uint32_t k = 0; k < n; k++) seg[k] = v && k < at->n ? (uint32_t)v[k] : 0;
}

/* Segments 0..n-1 as segments() reads them, for print hooks (one
 * irw_prop lookup, cached by name); returns their sum. */
static uint32_t psegments(IrPrinter *w, const IrModule *m, uint32_t op,
                          uint32_t *seg, uint32_t n) {
  uint32_t a = irw_prop(w, m, op, "operandSegmentSizes"), sum = 0;
  const IrAttr *at = a ? ir_attr(m->ctx, a) : NULL;
  const int64_t *v = at && at->kind == IR_A_DENSE_ARRAY ? ir_attr_i64(m->ctx, a) : NULL;
  for (uint32_t k = 0; k < n; k++) {
    seg[k] = v && k < at->n ? (uint32_t)v[k] : 0;
    sum += seg[k];
  }
  return sum;
}

/* Boolean property value (absent = false). */
static int prop_true(const IrModule *m, uint32_t op, const char *name) {
  uint32_t a = ir_op_prop_lit(m, op, name);
  const IrAttr *at = a ? ir_attr(m->ctx, a) : NULL;
  return at && ((at->kind == IR_A_BOOL && at->ival) || at->kind == IR_A_UNIT);
}

/* The array attribute of v[0..n), memoized for n <= 3 (subview's static
 * offsets, sizes and strides: interning one was ~340 instructions, three
 * per subview). */
static void set_prop_i64(IrParser *p, IrOpState *st, const char *name,
                         uint32_t n, const int64_t *v) {
  uint32_t key[IRP_MEMO_WORDS], id = 0;
  _Static_assert(IRP_MEMO_WORDS >= 2 + 2 * 3, "memo key too short");
  if (n <= 3) {
    key[0] = IRP_MEMO_HOOKS + 2;
    key[1] = n;
    for (uint32_t i = 0; i < n; i++) {
      key[2 + 2 * i] = (uint32_t)(uint64_t)v[i];
      key[3 + 2 * i] = (uint32_t)((uint64_t)v[i] >> 32);
    }
    id = irp_memo_find(p, key, 2 + 2 * n);
  }
  if (!id) {
    id = ir_attr_dense_i64(irp_ctx(p), n, v);
    if (n <= 3 && id) irp_memo_store(p, key, 2 + 2 * n, id);
  }
  irp_add_prop(p, st, name, id);
}

static int count_dynamic(const IrCtx *c, uint32_t t) {
  const IrType *ty = ranked_of(c, t);
  const int64_t *d;
  int n = 0;
  uint32_t i;
  if (!ty) return 0;
  d = ir_type_dims(c, t);
  for (i = 0; i < ty->n; i++) n += d[i] == IR_DYN;
  return n;
}

/* hint: a literal valid name (its strlen folds away when inlined) */
static inline void name_result(IrPrinter *w, const IrModule *m, uint32_t op,
                               const char *hint) {
  if (m->ops[op].n_results)
    irw_set_name_n(w, ir_result(m, op, 0), hint, strlen(hint));
}

/* Print op in generic form unless `ok`; returns 1 if it did. Custom forms
 * only describe ops of the expected shape (the verifier's business). */
static int generic_unless(IrPrinter *w, const IrModule *m, uint32_t op,
                          int ok) {
  if (ok) return 0;
  irw_generic_op(w, m, op);
  return 1;
}

/* Operand count at least `nopd`, exactly `nres` results, no regions. */
static int shape_is(const IrModule *m, uint32_t op, uint32_t nopd,
                    uint32_t nres) {
  const IrOp *o = &m->ops[op];
  return o->n_operands >= nopd && o->n_results == nres && !o->n_regions &&
         !o->n_succs;
}

static int attr_kind_is(const IrModule *m, uint32_t a, int kind) {
  return a && ir_attr(m->ctx, a)->kind == kind;
}

/* ====================================================================== */
/* alloc / alloca                                                         */
/* ====================================================================== */

static int attr_dict_aligned(IrParser *p, IrOpState *st);

/* `(%d, ...)` `[%s, ...]`? attr-dict `:` memref-type; the sizes and
 * symbols resolved after the type (ODS's format) */
static int parse_alloc(IrParser *p, IrOpState *st) {
  IrRefVec dyn = {0}, sym = {0};
  uint32_t t, index = ir_type_index(irp_ctx(p));
  int64_t seg[2];
  if (irp_expect(p, IR_TK_LPAREN, "'('") < 0 || ir_syntax_parse_refs(p, &dyn) < 0 ||
      irp_expect(p, IR_TK_RPAREN, "')'") < 0)
    return -1;
  if (irp_consume(p, IR_TK_LSQUARE) == 1 &&
      (ir_syntax_parse_refs(p, &sym) < 0 || irp_expect(p, IR_TK_RSQUARE, "']'") < 0))
    return -1;
  if (attr_dict_aligned(p, st) < 0 || colon(p) < 0 || memref_type(p, st, &t) < 0 ||
      ir_syntax_add_operands_of(p, st, &dyn, index) < 0 ||
      ir_syntax_add_operands_of(p, st, &sym, index) < 0)
    return -1;
  irp_add_result_type(st, t);
  seg[0] = dyn.n;
  seg[1] = sym.n;
  irp_set_segments(p, st, 2, seg);
  return 0;
}

static void print_alloc(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"operandSegmentSizes", NULL};
  uint32_t n = m->ops[op].n_operands, seg[2], ndyn, nsym;
  uint32_t total = psegments(w, m, op, seg, 2);
  ndyn = seg[0];
  if (generic_unless(w, m, op, shape_is(m, op, 0, 1) && total == n)) return;
  if (ndyn > n) ndyn = n;
  nsym = n - ndyn;
  irw_str(w, "(");
  irw_operands(w, m, op, 0, ndyn);
  irw_str(w, ")");
  if (nsym) {
    irw_str(w, "[");
    irw_operands(w, m, op, ndyn, nsym);
    irw_str(w, "]");
  }
  irw_op_attr_dict(w, m, op, elide, 0);
  if (m->ops[op].n_results) colon_type(w, res_type(m, op, 0));
}

static void names_alloc(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, "alloc");
}

static void names_alloca(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, "alloca");
}

/* The alignment property of alloc/alloca/realloc/global must be a positive
 * power of two of type i64. */
#define BAD_ALIGNMENT "attribute 'alignment' failed to satisfy constraint: 64-bit " \
  "signless integer attribute whose value is positive and whose value is a " \
  "power of two > 0"

static int alignment_ok(const IrCtx *c, uint32_t a) {
  const IrAttr *at = ir_attr(c, a);
  return at->kind == IR_A_INT && ir_type_is_int(c, at->type, 64) &&
         ir_type(c, at->type)->sub == IR_SIGNLESS && at->ival > 0 &&
         (at->ival & (at->ival - 1)) == 0;
}

static int check_alignment(const IrModule *m, uint32_t op, IrDiag *d) {
  uint32_t a = ir_op_prop_lit(m, op, "alignment");
  if (!a || alignment_ok(m->ctx, a)) return 0;
  return ir_syntax_op_error(m, op, d, BAD_ALIGNMENT);
}

/* The attr-dict of those ops. ODS's generated parsers check the inherent
 * attributes an attr-dict gives where they parse it (verifyInherentAttrs),
 * so a bad alignment there is a parse error at the dictionary, as in
 * mlir-opt-22. */
static int attr_dict_aligned(IrParser *p, IrOpState *st) {
  if (irp_peek(p)->kind != IR_TK_LBRACE) return 0;
  uint32_t loc = irp_loc_here(p), first = st->n_props;
  if (irp_opt_attr_dict_into(p, st) < 0) return -1;
  const IrCtx *c = irp_ctx(p);
  for (uint32_t i = first; i < st->n_props; i++) {
    uint32_t name = st->props[i].name;
    if (ir_str_len(c, name) == 9 && !memcmp(ir_str_ptr(c, name), "alignment", 9) &&
        !alignment_ok(c, st->props[i].attr))
      return ir_syntax_parse_error(p, st, loc, "'%s' op " BAD_ALIGNMENT,
                                   ir_str_ptr(c, st->name));
  }
  return 0;
}

static int verify_alloc(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrOp *o = &m->ops[op];
  uint32_t t, ndyn, nsym, want_sym = 0, nd;
  const IrType *ty;
  if (o->n_results != 1)
    return ir_syntax_op_error(m, op, d, "requires one result");
  t = res_type(m, op, 0);
  ty = ranked_of(c, t);
  if (!ty) return ir_syntax_type_error(m, op, d, "result", 0, "memref of any type values", t);
  uint32_t seg[2];
  segments(m, op, seg, 2);
  ndyn = seg[0];
  nsym = seg[1];
  if (ndyn + nsym != o->n_operands)
    return ir_syntax_op_error(m, op, d, "operand count (%u) does not match "
                              "with the total size (%u) specified in "
                              "attribute 'operandSegmentSizes'",
                              o->n_operands, ndyn + nsym);
  nd = (uint32_t)count_dynamic(c, t);
  if (ndyn != nd)
    return ir_syntax_op_error(m, op, d, "incorrect number of dynamic sizes, "
                              "has %u, expected %u", ndyn, nd);
  want_sym = ir_type_layout_symbols(c, t);
  if (nsym != want_sym)
    return ir_syntax_op_error(m, op, d, "symbol operand count does not equal "
                              "memref symbol count: expected %u, got %u",
                              want_sym, nsym);
  return check_alignment(m, op, d);
}

/* AllocaOp::verify: an ancestor that frees it (AutomaticAllocationScope,
 * which no unregistered op has), then the alloc-like checks. Not a pure
 * hook: the verdict depends on where the op is. */
static int verify_alloca(const IrModule *m, uint32_t op, IrDiag *d) {
  if (ir_op_ancestor(m, op, IR_TR_ALLOCA_SCOPE) == IR_NONE)
    return ir_syntax_op_error(m, op, d, "requires an ancestor op with "
                              "AutomaticAllocationScope trait");
  return verify_alloc(m, op, d);
}

/* ====================================================================== */
/* realloc                                                                */
/* ====================================================================== */

/* %src (`(` %size `)`)? attr-dict `:` type `to` type */
static int parse_realloc(IrParser *p, IrOpState *st) {
  IrRef src, size;
  int has_size = 0;
  uint32_t ts, tr;
  if (irp_ref(p, &src) < 0) return -1;
  if (irp_consume(p, IR_TK_LPAREN) == 1) {
    if (irp_ref(p, &size) < 0 || irp_expect(p, IR_TK_RPAREN, "')'") < 0)
      return -1;
    has_size = 1;
  }
  if (attr_dict_aligned(p, st) < 0 || colon(p) < 0 ||
      memref_type(p, st, &ts) < 0 || irp_expect_kw(p, "to") < 0 ||
      irp_type(p, &tr) < 0)
    return -1;
  if (ir_syntax_operand(p, st, &src, ts) < 0) return -1;
  if (has_size && ir_syntax_operand(p, st, &size, ir_type_index(irp_ctx(p))) < 0)
    return -1;
  irp_add_result_type(st, tr);
  return 0;
}

static void print_realloc(IrPrinter *w, const IrModule *m, uint32_t op) {
  if (generic_unless(w, m, op, shape_is(m, op, 1, 1) && m->ops[op].n_operands <= 2)) return;
  if (!m->ops[op].n_operands) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  if (m->ops[op].n_operands > 1) {
    irw_str(w, "(");
    irw_value(w, ir_operand(m, op, 1));
    irw_str(w, ")");
  }
  irw_op_attr_dict(w, m, op, NULL, 0);
  colon_type(w, opd_type(m, op, 0));
  if (m->ops[op].n_results) {
    irw_str(w, " to ");
    irw_type(w, res_type(m, op, 0));
  }
}

/* Is the layout of a 1-D memref the identity (MLIR's isIdentity)? An
 * identity affine map is dropped when the type is parsed; of strided<>
 * layouts, only offset 0 and stride 1 map d0 to itself. */
static int identity_1d(const IrCtx *c, const IrType *t) {
  if (!t->layout) return 1;
  const IrAttr *a = ir_attr(c, t->layout);
  return a->kind == IR_A_STRIDED && a->n == 1 && a->ival == 0 &&
         ir_attr_i64(c, t->layout)[0] == 1;
}

static int verify_realloc(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrOp *o = &m->ops[op];
  const IrType *ts, *tr;
  int nd;
  /* ODS, group by group (the registry has checked the counts): the
   * source, the optional size, the result */
  ts = ranked_of(c, opd_type(m, op, 0));
  tr = ranked_of(c, res_type(m, op, 0));
  if (!ts || ts->n != 1)
    return ir_syntax_type_error(m, op, d, "operand", 0, "1D memref of any type values",
                                opd_type(m, op, 0));
  if (o->n_operands > 2)
    return ir_syntax_op_error(m, op, d, "operand group starting at #1 requires 0 or 1 "
                              "element, but found %u", o->n_operands - 1);
  if (o->n_operands == 2 && ir_type(c, opd_type(m, op, 1))->kind != IR_T_INDEX)
    return ir_syntax_type_error(m, op, d, "operand", 1, "index", opd_type(m, op, 1));
  if (!tr || tr->n != 1)
    return ir_syntax_type_error(m, op, d, "result", 0, "1D memref of any type values",
                                res_type(m, op, 0));
  /* MLIR's ReallocOp::verify uses emitError: no "'memref.realloc' op" */
  char sa[256], sb[256];
  ir_type_str(c, opd_type(m, op, 0), sa, sizeof sa);
  ir_type_str(c, res_type(m, op, 0), sb, sizeof sb);
  if (!identity_1d(c, ts))
    return ir_diag(d, c, o->loc, IR_SEV_ERROR, "unsupported layout for source "
                   "memref type '%s'", sa), -1;
  if (!identity_1d(c, tr))
    return ir_diag(d, c, o->loc, IR_SEV_ERROR, "unsupported layout for result "
                   "memref type '%s'", sb), -1;
  if (ts->space != tr->space)
    return ir_diag(d, c, o->loc, IR_SEV_ERROR, "different memory spaces "
                   "specified for source memref type '%s' and result memref "
                   "type '%s'", sa, sb), -1;
  if (ts->elem != tr->elem)
    return ir_diag(d, c, o->loc, IR_SEV_ERROR, "different element types "
                   "specified for source memref type '%s' and result memref "
                   "type '%s'", sa, sb), -1;
  nd = count_dynamic(c, res_type(m, op, 0));
  if (nd && o->n_operands == 1)
    return ir_diag(d, c, o->loc, IR_SEV_ERROR, "missing dimension operand "
                   "for result type '%s'", sb), -1;
  if (!nd && o->n_operands == 2)
    return ir_diag(d, c, o->loc, IR_SEV_ERROR, "unnecessary dimension "
                   "operand for result type '%s'", sb), -1;
  return check_alignment(m, op, d);
}

/* ====================================================================== */
/* dealloc, copy, cast, rank, extract_aligned_pointer_as_index            */
/* ====================================================================== */

/* %m attr-dict `:` type */
static int parse_dealloc(IrParser *p, IrOpState *st) {
  IrRef r;
  uint32_t t;
  if (irp_ref(p, &r) < 0 || irp_opt_attr_dict_into(p, st) < 0 ||
      colon(p) < 0 || base_memref_type(p, st, &t) < 0)
    return -1;
  return ir_syntax_operand(p, st, &r, t);
}

static void print_dealloc(IrPrinter *w, const IrModule *m, uint32_t op) {
  if (generic_unless(w, m, op, shape_is(m, op, 1, 0) && m->ops[op].n_operands == 1)) return;
  if (!m->ops[op].n_operands) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  irw_op_attr_dict(w, m, op, NULL, 0);
  colon_type(w, opd_type(m, op, 0));
}

static int verify_dealloc(const IrModule *m, uint32_t op, IrDiag *d) {
  if (m->ops[op].n_operands == 1 && !memref_of(m->ctx, opd_type(m, op, 0)))
    return ir_syntax_type_error(m, op, d, "operand", 0, "ranked or unranked memref "
                                "of any type values", opd_type(m, op, 0));
  return 0;
}

/* %a `,` %b attr-dict `:` type `to` type */
static int parse_copy(IrParser *p, IrOpState *st) {
  IrRef a, b;
  uint32_t ta, tb;
  if (irp_ref(p, &a) < 0 || irp_expect(p, IR_TK_COMMA, "','") < 0 ||
      irp_ref(p, &b) < 0 || irp_opt_attr_dict_into(p, st) < 0 ||
      colon(p) < 0 || base_memref_type(p, st, &ta) < 0 ||
      irp_expect_kw(p, "to") < 0 || base_memref_type(p, st, &tb) < 0)
    return -1;
  if (ir_syntax_operand(p, st, &a, ta) < 0) return -1;
  return ir_syntax_operand(p, st, &b, tb);
}

static void print_copy(IrPrinter *w, const IrModule *m, uint32_t op) {
  if (generic_unless(w, m, op, shape_is(m, op, 2, 0) && m->ops[op].n_operands == 2)) return;
  if (m->ops[op].n_operands != 2) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  irw_str(w, ",");
  sp_value(w, m, op, 1);
  irw_op_attr_dict(w, m, op, NULL, 0);
  colon_type(w, opd_type(m, op, 0));
  irw_str(w, " to ");
  irw_type(w, opd_type(m, op, 1));
}

static int verify_copy(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrType *a, *b;
  if (m->ops[op].n_operands != 2) return 0;
  a = memref_of(c, opd_type(m, op, 0));
  b = memref_of(c, opd_type(m, op, 1));
  if (!a || !b)
    return ir_syntax_op_error(m, op, d, "operands must be memrefs");
  if (a->elem != b->elem)
    return ir_syntax_op_error(m, op, d, "failed to verify that source and "
                              "target have the same element type");
  return 0;
}

/* %src attr-dict `:` type `to` type : one operand, one result. */
static int parse_unary_to(IrParser *p, IrOpState *st) {
  IrRef r;
  uint32_t ts, tr;
  if (irp_ref(p, &r) < 0 || irp_opt_attr_dict_into(p, st) < 0 ||
      colon(p) < 0 || base_memref_type(p, st, &ts) < 0 || irp_expect_kw(p, "to") < 0 ||
      base_memref_type(p, st, &tr) < 0)
    return -1;
  if (ir_syntax_operand(p, st, &r, ts) < 0) return -1;
  irp_add_result_type(st, tr);
  return 0;
}

static void print_unary_to(IrPrinter *w, const IrModule *m, uint32_t op) {
  if (generic_unless(w, m, op, shape_is(m, op, 1, 1) && m->ops[op].n_operands == 1)) return;
  if (m->ops[op].n_operands < 1 || !m->ops[op].n_results) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  irw_op_attr_dict(w, m, op, NULL, 0);
  colon_type(w, opd_type(m, op, 0));
  irw_str(w, " to ");
  irw_type(w, res_type(m, op, 0));
}

static void names_cast(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, "cast");
}

/* memref.cast: same element type and memory space; ranks and static sizes
 * agree where both are known (MLIR's areCastCompatible, minus layouts). */
static int verify_cast(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrType *a, *b;
  if (m->ops[op].n_operands != 1 || m->ops[op].n_results != 1) return 0;
  uint32_t ta_id = opd_type(m, op, 0), tb_id = res_type(m, op, 0);
  a = memref_of(c, ta_id);
  b = memref_of(c, tb_id);
  if (!a || !b)
    return ir_syntax_type_error(m, op, d, a ? "result" : "operand", 0,
                                "ranked or unranked memref of any type values",
                                a ? tb_id : ta_id);
  int bad = (a->kind == IR_T_UMEMREF && b->kind == IR_T_UMEMREF) ||
            a->elem != b->elem || a->space != b->space;
  if (!bad && a->kind == IR_T_MEMREF && b->kind == IR_T_MEMREF) {
    bad = !ir_shapes_compatible(c, ta_id, tb_id);
    /* other layouts: each stride and the offset the same where both are
     * static (a layout that is not strided fits none) */
    int64_t oa, ob, sa[IR_MAX_RANK], sb[IR_MAX_RANK];
    if (!bad && a->layout != b->layout) {
      bad = a->n > IR_MAX_RANK || !ir_layout_strides(c, ta_id, &oa, sa) ||
            !ir_layout_strides(c, tb_id, &ob, sb);
      for (uint32_t i = 0; i <= a->n && !bad; i++) {
        int64_t x = i < a->n ? sa[i] : oa, y = i < a->n ? sb[i] : ob;
        bad = x != IR_DYN && y != IR_DYN && x != y;
      }
    }
  }
  if (!bad) return 0;
  char ta[256], tb[256];
  ir_type_str(c, ta_id, ta, sizeof ta);
  ir_type_str(c, tb_id, tb, sizeof tb);
  return ir_syntax_op_error(m, op, d, "operand type '%s' and result type '%s' "
                            "are cast incompatible", ta, tb);
}

/* %src attr-dict `:` type  (one result of a type implied by the op) */
static int parse_rank(IrParser *p, IrOpState *st) {
  IrRef r;
  uint32_t t;
  if (irp_ref(p, &r) < 0 || irp_opt_attr_dict_into(p, st) < 0 ||
      colon(p) < 0 || base_memref_type(p, st, &t) < 0)
    return -1;
  if (ir_syntax_operand(p, st, &r, t) < 0) return -1;
  irp_add_result_type(st, ir_type_index(irp_ctx(p)));
  return 0;
}

static void print_rank(IrPrinter *w, const IrModule *m, uint32_t op) {
  if (generic_unless(w, m, op, shape_is(m, op, 1, 1) && m->ops[op].n_operands == 1)) return;
  if (m->ops[op].n_operands != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  irw_op_attr_dict(w, m, op, NULL, 0);
  colon_type(w, opd_type(m, op, 0));
}

/* memref.rank and extract_aligned_pointer_as_index: ODS's kinds of the
 * operand and the result */
static int verify_memref_to_index(const IrModule *m, uint32_t op, IrDiag *d) {
  if (m->ops[op].n_operands != 1 || m->ops[op].n_results != 1) return 0;
  uint32_t t = opd_type(m, op, 0), rt = res_type(m, op, 0);
  if (!memref_of(m->ctx, t))
    return ir_syntax_type_error(m, op, d, "operand", 0,
                                "ranked or unranked memref of any type values", t);
  if (ir_type(m->ctx, rt)->kind != IR_T_INDEX)
    return ir_syntax_type_error(m, op, d, "result", 0, "index", rt);
  return 0;
}

/* %src `:` type `->` type attr-dict */
static int parse_aligned_ptr(IrParser *p, IrOpState *st) {
  IrRef r;
  uint32_t ts, tr;
  if (irp_ref(p, &r) < 0 || colon(p) < 0 || base_memref_type(p, st, &ts) < 0 ||
      irp_expect(p, IR_TK_ARROW, "'->'") < 0 || irp_type(p, &tr) < 0 ||
      irp_opt_attr_dict_into(p, st) < 0)
    return -1;
  if (ir_syntax_operand(p, st, &r, ts) < 0) return -1;
  irp_add_result_type(st, tr);
  return 0;
}

static void print_aligned_ptr(IrPrinter *w, const IrModule *m, uint32_t op) {
  if (generic_unless(w, m, op, shape_is(m, op, 1, 1) && m->ops[op].n_operands == 1)) return;
  if (m->ops[op].n_operands != 1 || !m->ops[op].n_results) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  colon_type(w, opd_type(m, op, 0));
  irw_str(w, " -> ");
  irw_type(w, res_type(m, op, 0));
  irw_op_attr_dict(w, m, op, NULL, 0);
}

static void names_aligned_ptr(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, "intptr");
}

/* ====================================================================== */
/* load / store                                                           */
/* ====================================================================== */

/* `[` %a, %b `]`: the references, resolved later (resolve_indices) as
 * MLIR's parsers resolve them: after the op's type. The first four go to
 * small[] (a load or store's indices: no scratch memory per op), more to
 * the parser's scratch memory. */
enum { SMALL_REFS = 4 };
static int bracket_refs(IrParser *p, IrRef *small, IrRef **refs, uint32_t *n) {
  IrRef *a = small;
  uint32_t k = 0, cap = SMALL_REFS;
  if (irp_expect(p, IR_TK_LSQUARE, "'['") < 0) return -1;
  if (irp_peek(p)->kind == IR_TK_PERCENT_ID) {
    do {
      if (k == cap) {
        if (cap >= IR_MAX_COUNT / 2) return irp_error(p, "too many operands");
        IrRef *b = irp_scratch(p, 2 * cap * sizeof *b);
        memcpy(b, a, k * sizeof *b);
        a = b;
        cap *= 2;
      }
      if (irp_ref(p, &a[k]) < 0) return -1;
      k++;
    } while (irp_consume(p, IR_TK_COMMA) == 1);
  }
  *refs = a;
  *n = k;
  return irp_expect(p, IR_TK_RSQUARE, "']'");
}

static int resolve_indices(IrParser *p, IrOpState *st, const IrRef *refs, uint32_t n) {
  uint32_t index = ir_type_index(irp_ctx(p));
  for (uint32_t i = 0; i < n; i++)
    if (ir_syntax_operand(p, st, &refs[i], index) < 0) return -1;
  return 0;
}

/* %m `[` indices `]` attr-dict `:` type; every operand resolved at the
 * end, the memref first (MLIR's declarative format). */
static int parse_load(IrParser *p, IrOpState *st) {
  IrRef r, small[SMALL_REFS], *idx;
  uint32_t n, t, v;
  if (irp_ref(p, &r) < 0 || bracket_refs(p, small, &idx, &n) < 0 ||
      irp_opt_attr_dict_into(p, st) < 0 || colon(p) < 0 ||
      memref_type(p, st, &t) < 0 || irp_resolve(p, &r, t, &v) < 0)
    return -1;
  irp_add_operand(st, v);
  if (resolve_indices(p, st, idx, n) < 0) return -1;
  irp_add_result_type(st, memref_of(irp_ctx(p), t)->elem);
  return 0;
}

/* The properties load/store print in their attr-dict: `nontemporal` only
 * when true (false is its default). */
static const char *const *load_store_elide(IrPrinter *w, const IrModule *m,
                                           uint32_t op) {
  static const char *const none[] = {NULL};
  static const char *const nt[] = {"nontemporal", NULL};
  uint32_t a = irw_prop(w, m, op, "nontemporal");
  const IrAttr *at = a ? ir_attr(m->ctx, a) : NULL;
  int on = at && ((at->kind == IR_A_BOOL && at->ival) || at->kind == IR_A_UNIT);
  return on ? none : nt;
}

/* `] {attrs} : memref-type` after a load's or store's indices: a function
 * of (opcode, properties, attributes, memref type t), so kept (20 MB
 * corpus: 67k loads and stores; ir_print 235.3M -> 232.9M). */
static void load_store_tail(IrPrinter *w, const IrModule *m, uint32_t op,
                            uint32_t t) {
  if (irw_tail_cached(w, m, op, t)) return;
  irw_str(w, "]");
  irw_op_attr_dict(w, m, op, load_store_elide(w, m, op), 0);
  colon_type(w, t);
  irw_tail_end(w, m, op, t);
}

static void print_load(IrPrinter *w, const IrModule *m, uint32_t op) {
  uint32_t n = m->ops[op].n_operands;
  if (generic_unless(w, m, op, shape_is(m, op, 1, 1))) return;
  if (!n) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  irw_str(w, "[");
  irw_operands(w, m, op, 1, n - 1);
  load_store_tail(w, m, op, opd_type(m, op, 0));
}

/* ODS's Variadic<Index>: operands from `first` on are indices. */
int ir_syntax_index_operands(const IrModule *m, uint32_t op, uint32_t first, IrDiag *d) {
  for (uint32_t k = first; k < m->ops[op].n_operands; k++) {
    uint32_t t = opd_type(m, op, k);
    if (ir_type(m->ctx, t)->kind != IR_T_INDEX)
      return ir_syntax_type_error(m, op, d, "operand", k, "variadic of index", t);
  }
  return 0;
}

static int verify_load(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrOp *o = &m->ops[op];
  const IrType *ty;
  if (o->n_operands < 1 || o->n_results != 1)
    return ir_syntax_op_error(m, op, d, "expects a memref and one result");
  ty = ranked_of(c, opd_type(m, op, 0));
  if (!ty)
    return ir_syntax_type_error(m, op, d, "operand", 0, "memref of any type values",
                                opd_type(m, op, 0));
  if (ir_syntax_index_operands(m, op, 1, d)) return -1;
  if (res_type(m, op, 0) != ty->elem)
    return ir_syntax_op_error(m, op, d, "failed to verify that result type "
                              "matches element type of 'memref'");
  if (o->n_operands - 1 != ty->n)
    return ir_syntax_op_error(m, op, d, "incorrect number of indices for "
                              "load, expected %u but got %u", ty->n,
                              o->n_operands - 1);
  return 0;
}

/* %v `,` %m `[` indices `]` attr-dict `:` type */
static int parse_store(IrParser *p, IrOpState *st) {
  IrRef val, mem, small[SMALL_REFS], *idx;
  uint32_t n, t, vv, vm;
  if (irp_ref(p, &val) < 0 || irp_expect(p, IR_TK_COMMA, "','") < 0 ||
      irp_ref(p, &mem) < 0 || bracket_refs(p, small, &idx, &n) < 0 ||
      irp_opt_attr_dict_into(p, st) < 0 || colon(p) < 0 ||
      memref_type(p, st, &t) < 0)
    return -1;
  if (irp_resolve(p, &val, memref_of(irp_ctx(p), t)->elem, &vv) < 0 ||
      irp_resolve(p, &mem, t, &vm) < 0)
    return -1;
  irp_add_operand(st, vv);
  irp_add_operand(st, vm);
  return resolve_indices(p, st, idx, n);
}

static void print_store(IrPrinter *w, const IrModule *m, uint32_t op) {
  uint32_t n = m->ops[op].n_operands;
  if (generic_unless(w, m, op, shape_is(m, op, 2, 0))) return;
  if (n < 2) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  irw_str(w, ",");
  sp_value(w, m, op, 1);
  irw_str(w, "[");
  irw_operands(w, m, op, 2, n - 2);
  load_store_tail(w, m, op, opd_type(m, op, 1));
}

static int verify_store(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrOp *o = &m->ops[op];
  const IrType *ty;
  if (o->n_operands < 2)
    return ir_syntax_op_error(m, op, d, "expects a value and a memref");
  ty = ranked_of(c, opd_type(m, op, 1));
  if (!ty)
    return ir_syntax_type_error(m, op, d, "operand", 1, "memref of any type values",
                                opd_type(m, op, 1));
  if (ir_syntax_index_operands(m, op, 2, d)) return -1;
  if (opd_type(m, op, 0) != ty->elem)
    return ir_syntax_op_error(m, op, d, "failed to verify that type of "
                              "'value' matches element type of 'memref'");
  if (o->n_operands - 2 != ty->n)
    return ir_syntax_op_error(m, op, d, "store index operand count not "
                              "equal to memref rank");
  return 0;
}

/* ====================================================================== */
/* subview / reinterpret_cast / view                                      */
/* ====================================================================== */

/* Parse the offsets/sizes/strides lists of subview-like ops, keeping
 * their dynamic entries in refs and setting the static_* properties;
 * nseg[0..2] receive the dynamic counts. `kw` selects reinterpret_cast's
 * spelling (`offset: [..], sizes: [..], strides: [..]`). */
static int parse_ofs_sizes_strides(IrParser *p, IrOpState *st, int kw, IrRefVec *refs,
                                   uint32_t nseg[3]) {
  static const char *const props[3] = {"static_offsets", "static_sizes",
                                       "static_strides"};
  static const char *const kws[3] = {"offset", "sizes", "strides"};
  int64_t vals[IR_MAX_RANK];
  uint32_t n, k;
  for (k = 0; k < 3; k++) {
    if (kw) {
      if (k && irp_expect(p, IR_TK_COMMA, "','") < 0) return -1;
      if (irp_expect_kw(p, kws[k]) < 0 || colon(p) < 0) return -1;
    }
    if (irp_dyn_index_list(p, refs, vals, IR_MAX_RANK, &n, &nseg[k]) < 0)
      return -1;
    set_prop_i64(p, st, props[k], n, vals);
  }
  return 0;
}

static void print_ofs_sizes_strides(IrPrinter *w, const IrModule *m,
                                    uint32_t op, uint32_t first, int kw) {
  static const char *const props[3] = {"static_offsets", "static_sizes",
                                       "static_strides"};
  static const char *const kws[3] = {"offset: ", "sizes: ", "strides: "};
  uint32_t next = first, k;
  for (k = 0; k < 3; k++) {
    if (kw) {
      irw_str(w, k ? ", " : " ");
      irw_str(w, kws[k]);
    } else if (k) {
      irw_str(w, " ");
    }
    irw_dyn_index_list(w, m, op, irw_prop(w, m, op, props[k]), &next);
  }
}

static const char *const subview_elide[] = {
    "operandSegmentSizes", "static_offsets", "static_sizes", "static_strides",
    NULL};

/* %src `[`offs`]` `[`sizes`]` `[`strides`]` attr-dict `:` type `to` type
 * (reinterpret_cast: %src `to` `offset:` [..] `,` `sizes:` ...). The source
 * is resolved after the types, then the dynamic entries. */
static int parse_subview_like(IrParser *p, IrOpState *st, int kw) {
  IrRef src;
  IrRefVec dyn = {0};
  uint32_t nseg[3], ts, tr;
  int64_t seg[4];
  if (irp_ref(p, &src) < 0) return -1;
  if (kw && irp_expect_kw(p, "to") < 0) return -1;
  if (parse_ofs_sizes_strides(p, st, kw, &dyn, nseg) < 0 ||
      irp_opt_attr_dict_into(p, st) < 0 || colon(p) < 0 ||
      /* reinterpret_cast takes an unranked source */
      ir_syntax_kind_type(p, st, &ts, kw ? IR_KIND_BASE_MEMREF : IR_KIND_MEMREF) < 0 ||
      irp_expect_kw(p, "to") < 0 || memref_type(p, st, &tr) < 0 ||
      ir_syntax_operand(p, st, &src, ts) < 0 ||
      ir_syntax_add_operands_of(p, st, &dyn, ir_type_index(irp_ctx(p))) < 0)
    return -1;
  irp_add_result_type(st, tr);
  seg[0] = 1;
  seg[1] = nseg[0];
  seg[2] = nseg[1];
  seg[3] = nseg[2];
  irp_set_segments(p, st, 4, seg);
  return 0;
}

static int parse_subview(IrParser *p, IrOpState *st) {
  return parse_subview_like(p, st, 0);
}

static int parse_reinterpret(IrParser *p, IrOpState *st) {
  return parse_subview_like(p, st, 1);
}

static void print_subview_like(IrPrinter *w, const IrModule *m, uint32_t op,
                               int kw) {
  uint32_t seg[4], total = psegments(w, m, op, seg, 4);
  if (generic_unless(w, m, op, shape_is(m, op, 1, 1) && seg[0] == 1 && total == m->ops[op].n_operands)) return;
  if (!m->ops[op].n_operands || !m->ops[op].n_results) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  if (kw) irw_str(w, " to");
  print_ofs_sizes_strides(w, m, op, 1, kw);
  irw_op_attr_dict(w, m, op, subview_elide, 0);
  colon_type(w, opd_type(m, op, 0));
  irw_str(w, " to ");
  irw_type(w, res_type(m, op, 0));
}

static void print_subview(IrPrinter *w, const IrModule *m, uint32_t op) {
  print_subview_like(w, m, op, 0);
}

static void print_reinterpret(IrPrinter *w, const IrModule *m, uint32_t op) {
  print_subview_like(w, m, op, 1);
}

static void names_subview(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, "subview");
}

static void names_reinterpret(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, "reinterpret_cast");
}

/* The common rules (verify_slice.c), the result type (verify_subview.c),
 * then the bounds. */
static int verify_subview(const IrModule *m, uint32_t op, IrDiag *d) {
  const int64_t *lists[3];
  if (ir_verify_slice_common(m, op, d, IR_SLICE_SUBVIEW, lists) < 0 ||
      ir_verify_subview_type(m, op, d, lists[0], lists[1], lists[2]) < 0)
    return -1;
  return ir_verify_slice_bounds(m, op, d, 0, lists);
}

/* After the interface's rules, ReinterpretCastOp::verify: memory space
 * and element type as the source's, then each static size, the offset
 * and each stride of the result type as the lists say, where the type
 * has them static (a layout written as an affine map is not evaluated). */
static int verify_reinterpret(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const int64_t *want[3];
  uint32_t loc = m->ops[op].loc;
  if (ir_verify_slice_common(m, op, d, IR_SLICE_REINTERPRET, want) < 0) return -1;
  uint32_t st = opd_type(m, op, 0), rt = res_type(m, op, 0);
  const IrType *ts = ir_type(c, st), *tr = ir_type(c, rt);
  char a[512], b[512];
  if (ts->space != tr->space || ts->elem != tr->elem) {
    ir_type_str(c, st, a, sizeof a);
    ir_type_str(c, rt, b, sizeof b);
    return ir_diag(d, c, loc, IR_SEV_ERROR, "different %s specified for "
                   "source type '%s' and result memref type '%s'",
                   ts->space != tr->space ? "memory spaces" : "element types",
                   a, b), -1;
  }
  const int64_t *dims = ir_type_dims(c, rt);
  int64_t off, strides[IR_MAX_RANK];
  for (uint32_t i = 0; i < tr->n; i++)
    if (dims[i] != IR_DYN && dims[i] != want[1][i]) {
      snprintf(a, sizeof a, "%lld", (long long)want[1][i]);
      return ir_diag(d, c, loc, IR_SEV_ERROR, "expected result type with "
                     "size = %s instead of %lld in dim = %u",
                     want[1][i] == IR_DYN ? "dynamic" : a, (long long)dims[i],
                     i), -1;
    }
  if (tr->n > IR_MAX_RANK || !ir_layout_strides(c, rt, &off, strides)) return 0;
  if (off != IR_DYN && off != want[0][0]) {
    snprintf(a, sizeof a, "%lld", (long long)want[0][0]);
    return ir_diag(d, c, loc, IR_SEV_ERROR, "expected result type with "
                   "offset = %s instead of %lld",
                   want[0][0] == IR_DYN ? "dynamic" : a, (long long)off), -1;
  }
  for (uint32_t i = 0; i < tr->n; i++)
    if (strides[i] != IR_DYN && strides[i] != want[2][i]) {
      snprintf(a, sizeof a, "%lld", (long long)want[2][i]);
      return ir_diag(d, c, loc, IR_SEV_ERROR, "expected result type with "
                     "stride = %s instead of %lld in dim = %u",
                     want[2][i] == IR_DYN ? "dynamic" : a,
                     (long long)strides[i], i), -1;
    }
  return 0;
}

/* %src `[` %shift `]` `[` sizes `]` attr-dict `:` type `to` type */
static int parse_view(IrParser *p, IrOpState *st) {
  IrRef src, shift, small[SMALL_REFS], *sizes;
  uint32_t n, ts, tr, v;
  if (irp_ref(p, &src) < 0 || irp_expect(p, IR_TK_LSQUARE, "'['") < 0 ||
      irp_ref(p, &shift) < 0 || irp_expect(p, IR_TK_RSQUARE, "']'") < 0 ||
      bracket_refs(p, small, &sizes, &n) < 0 || irp_opt_attr_dict_into(p, st) < 0 ||
      colon(p) < 0 || memref_type(p, st, &ts) < 0 || irp_expect_kw(p, "to") < 0 ||
      irp_type(p, &tr) < 0 || irp_resolve(p, &src, ts, &v) < 0)
    return -1;
  irp_add_operand(st, v);
  if (resolve_indices(p, st, &shift, 1) < 0 || resolve_indices(p, st, sizes, n) < 0)
    return -1;
  irp_add_result_type(st, tr);
  return 0;
}

static void print_view(IrPrinter *w, const IrModule *m, uint32_t op) {
  uint32_t n = m->ops[op].n_operands;
  if (generic_unless(w, m, op, shape_is(m, op, 2, 1))) return;
  if (n < 2 || !m->ops[op].n_results) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  irw_str(w, "[");
  irw_value(w, ir_operand(m, op, 1));
  irw_str(w, "][");
  irw_operands(w, m, op, 2, n - 2);
  irw_str(w, "]");
  irw_op_attr_dict(w, m, op, NULL, 0);
  colon_type(w, opd_type(m, op, 0));
  irw_str(w, " to ");
  irw_type(w, res_type(m, op, 0));
}

static void names_view(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, "view");
}

static int verify_view(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrType *tr;
  int nd;
  if (m->ops[op].n_operands < 2 || m->ops[op].n_results != 1)
    return ir_syntax_op_error(m, op, d, "expects a source, a byte shift and "
                              "one result");
  tr = ranked_of(c, res_type(m, op, 0));
  const IrType *ts = ranked_of(c, opd_type(m, op, 0));
  int src_ok = ts && ts->n == 1 && ir_type_is_int(c, ts->elem, 8) &&
               ir_type(c, ts->elem)->sub == IR_SIGNLESS;
  if (!src_ok)
    return ir_syntax_type_error(m, op, d, "operand", 0, "1D memref of 8-bit signless "
                                "integer values", opd_type(m, op, 0));
  if (!tr)
    return ir_syntax_type_error(m, op, d, "result", 0, "memref of any type values",
                                res_type(m, op, 0));
  nd = count_dynamic(c, res_type(m, op, 0));
  if ((uint32_t)nd != m->ops[op].n_operands - 2)
    return ir_syntax_op_error(m, op, d, "incorrect number of size operands "
                              "for type");
  return 0;
}

/* ====================================================================== */
/* expand_shape / collapse_shape / reshape                                */
/* ====================================================================== */

/* The reassociation `[[0, 1], [2]]`, an array of arrays of i64. */
static int parse_reassoc(IrParser *p, IrOpState *st) {
  uint32_t a, loc = irp_loc_here(p);
  const IrAttr *at;
  if (irp_peek(p)->kind != IR_TK_LSQUARE)
    return irp_error(p, "expected '['");
  if (irp_attr(p, 0, &a) < 0) return -1;
  at = ir_attr(irp_ctx(p), a);
  if (at->kind != IR_A_ARRAY)
    return irp_error_at(p, loc, "expected reassociation indices");
  irp_add_prop(p, st, "reassociation", a);
  return 0;
}

/* %src reassoc (`output_shape` [..])? attr-dict `:` type `into` type.
 * `expand` selects expand_shape (with output_shape). Shared with the tensor
 * dialect's collapse_shape through ir_syntax_parse_reshape. */
int ir_syntax_parse_reshape(IrParser *p, IrOpState *st, int expand) {
  IrRef src;
  IrRefVec dyn = {0};
  uint32_t ts, tr, n, ndyn;
  int64_t vals[IR_MAX_RANK];
  if (irp_ref(p, &src) < 0 || parse_reassoc(p, st) < 0) return -1;
  if (expand) {
    if (irp_expect_kw(p, "output_shape") < 0 ||
        irp_dyn_index_list(p, &dyn, vals, IR_MAX_RANK, &n, &ndyn) < 0)
      return -1;
    set_prop_i64(p, st, "static_output_shape", n, vals);
  }
  int kind = st->opc == IR_OP_TENSOR_COLLAPSE_SHAPE ? IR_KIND_ANY_TENSOR : IR_KIND_MEMREF;
  if (irp_opt_attr_dict_into(p, st) < 0 || colon(p) < 0 ||
      ir_syntax_kind_type(p, st, &ts, kind) < 0 || irp_expect_kw(p, "into") < 0 ||
      ir_syntax_kind_type(p, st, &tr, kind) < 0 || ir_syntax_operand(p, st, &src, ts) < 0 ||
      ir_syntax_add_operands_of(p, st, &dyn, ir_type_index(irp_ctx(p))) < 0)
    return -1;
  irp_add_result_type(st, tr);
  return 0;
}

void ir_syntax_print_reshape(IrPrinter *w, const IrModule *m, uint32_t op,
                             int expand) {
  static const char *const elide[] = {"reassociation", "static_output_shape",
                                      NULL};
  uint32_t next = 1;
  if (!m->ops[op].n_operands || m->ops[op].n_results != 1 ||
      !attr_kind_is(m, irw_prop(w, m, op, "reassociation"), IR_A_ARRAY)) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  irw_str(w, " ");
  irw_attr(w, irw_prop(w, m, op, "reassociation"));
  if (expand) {
    irw_str(w, " output_shape ");
    irw_dyn_index_list(w, m, op, irw_prop(w, m, op, "static_output_shape"),
                       &next);
  }
  irw_op_attr_dict(w, m, op, elide, 0);
  colon_type(w, opd_type(m, op, 0));
  irw_str(w, " into ");
  irw_type(w, res_type(m, op, 0));
}

static int parse_expand(IrParser *p, IrOpState *st) {
  return ir_syntax_parse_reshape(p, st, 1);
}

static int parse_collapse(IrParser *p, IrOpState *st) {
  return ir_syntax_parse_reshape(p, st, 0);
}

static void print_expand(IrPrinter *w, const IrModule *m, uint32_t op) {
  ir_syntax_print_reshape(w, m, op, 1);
}

static void print_collapse(IrPrinter *w, const IrModule *m, uint32_t op) {
  ir_syntax_print_reshape(w, m, op, 0);
}

static void names_expand(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, "expand_shape");
}

static void names_collapse(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, "collapse_shape");
}

/* Past the counts and kinds of operands and results, verify_reshape.c. */
static int verify_expand(const IrModule *m, uint32_t op, IrDiag *d) {
  /* ODS's required attributes come first */
  if (!ir_op_prop_lit(m, op, "reassociation"))
    return ir_syntax_op_error(m, op, d, "requires attribute 'reassociation'");
  if (!ir_op_prop_lit(m, op, "static_output_shape"))
    return ir_syntax_op_error(m, op, d, "requires attribute 'static_output_shape'");
  if (!m->ops[op].n_operands || m->ops[op].n_results != 1 ||
      !ranked_of(m->ctx, opd_type(m, op, 0)) || !ranked_of(m->ctx, res_type(m, op, 0)))
    return ir_syntax_op_error(m, op, d, "expects a ranked memref source and "
                              "result");
  return ir_verify_expand_shape(m, op, d);
}

static int verify_collapse(const IrModule *m, uint32_t op, IrDiag *d) {
  if (!ir_op_prop_lit(m, op, "reassociation"))
    return ir_syntax_op_error(m, op, d, "requires attribute 'reassociation'");
  if (m->ops[op].n_operands != 1 || m->ops[op].n_results != 1 ||
      !ranked_of(m->ctx, opd_type(m, op, 0)) || !ranked_of(m->ctx, res_type(m, op, 0)))
    return ir_syntax_op_error(m, op, d, "expects a ranked memref source and "
                              "result");
  return ir_verify_collapse_shape(m, op, d);
}

/* %src `(` %shape `)` attr-dict `:` `(` t, t `)` `->` t */
static int parse_reshape(IrParser *p, IrOpState *st) {
  IrRef src, shape;
  uint32_t ft, loc;
  const IrType *f;
  const uint32_t *l;
  if (irp_ref(p, &src) < 0 || irp_expect(p, IR_TK_LPAREN, "'('") < 0 ||
      irp_ref(p, &shape) < 0 || irp_expect(p, IR_TK_RPAREN, "')'") < 0 ||
      irp_opt_attr_dict_into(p, st) < 0 || colon(p) < 0)
    return -1;
  loc = irp_loc_here(p);
  if (irp_function_type(p, &ft) < 0) return -1;
  f = ir_type(irp_ctx(p), ft);
  if (f->n != 2 || f->nres != 1)
    return irp_error_at(p, loc, "expected 2 operand types and 1 result type");
  l = ir_type_list(irp_ctx(p), ft);
  if (ir_syntax_operand(p, st, &src, l[0]) < 0 || ir_syntax_operand(p, st, &shape, l[1]) < 0)
    return -1;
  irp_add_result_type(st, l[2]);
  return 0;
}

static void print_reshape(IrPrinter *w, const IrModule *m, uint32_t op) {
  if (generic_unless(w, m, op, shape_is(m, op, 2, 1) && m->ops[op].n_operands == 2)) return;
  if (m->ops[op].n_operands != 2 || !m->ops[op].n_results) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  irw_str(w, "(");
  irw_value(w, ir_operand(m, op, 1));
  irw_str(w, ")");
  irw_op_attr_dict(w, m, op, NULL, 0);
  irw_str(w, " : (");
  irw_type(w, opd_type(m, op, 0));
  irw_str(w, ", ");
  irw_type(w, opd_type(m, op, 1));
  irw_str(w, ") -> ");
  irw_type(w, res_type(m, op, 0));
}

static void names_reshape(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, "reshape");
}

/* ====================================================================== */
/* extract_strided_metadata                                               */
/* ====================================================================== */

/* %src `:` type `->` t, t, ... attr-dict */
static int parse_strided_meta(IrParser *p, IrOpState *st) {
  IrRef r;
  uint32_t ts, t;
  if (irp_ref(p, &r) < 0 || colon(p) < 0 || memref_type(p, st, &ts) < 0 ||
      irp_expect(p, IR_TK_ARROW, "'->'") < 0)
    return -1;
  do {
    if (irp_type(p, &t) < 0) return -1;
    irp_add_result_type(st, t);
  } while (irp_consume(p, IR_TK_COMMA) == 1);
  if (irp_opt_attr_dict_into(p, st) < 0) return -1;
  return ir_syntax_operand(p, st, &r, ts);
}

static void print_strided_meta(IrPrinter *w, const IrModule *m, uint32_t op) {
  uint32_t k;
  if (generic_unless(w, m, op, shape_is(m, op, 1, m->ops[op].n_results) && m->ops[op].n_results && m->ops[op].n_operands == 1)) return;
  if (m->ops[op].n_operands != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  colon_type(w, opd_type(m, op, 0));
  irw_str(w, " -> ");
  for (k = 0; k < m->ops[op].n_results; k++) {
    if (k) irw_str(w, ", ");
    irw_type(w, res_type(m, op, k));
  }
  irw_op_attr_dict(w, m, op, NULL, 0);
}

/* base_buffer, offset, sizes (rank of them), strides (rank of them). */
static void names_strided_meta(IrPrinter *w, const IrModule *m, uint32_t op) {
  uint32_t n = m->ops[op].n_results, r;
  if (n < 2) {
    name_result(w, m, op, "base_buffer");
    return;
  }
  r = (n - 2) / 2;
  irw_set_name(w, ir_result(m, op, 0), "base_buffer");
  irw_set_name(w, ir_result(m, op, 1), "offset");
  if (r) {
    irw_set_name(w, ir_result(m, op, 2), "sizes");
    irw_set_name(w, ir_result(m, op, 2 + r), "strides");
  }
}

static int verify_strided_meta(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrType *ts;
  uint32_t idx = ir_type_index((IrCtx *)c), k, n = m->ops[op].n_results;
  if (m->ops[op].n_operands != 1)
    return ir_syntax_op_error(m, op, d, "expects one operand");
  ts = ranked_of(c, opd_type(m, op, 0));
  if (!ts)
    return ir_syntax_type_error(m, op, d, "operand", 0, "strided memref of any type "
                                "values", opd_type(m, op, 0));
  if (n != 2 + 2 * ts->n)
    return ir_syntax_op_error(m, op, d, "requires %u results, but found %u",
                              2 + 2 * ts->n, n);
  {
    const IrType *b = ranked_of(c, res_type(m, op, 0));
    if (!b || b->n != 0 || b->elem != ts->elem)
      return ir_syntax_op_error(m, op, d, "result #0 must be a 0-D memref of "
                                "the source element type");
  }
  for (k = 1; k < n; k++)
    if (res_type(m, op, k) != idx)
      return ir_syntax_type_error(m, op, d, "result", k, "index", res_type(m, op, k));
  return 0;
}

/* ====================================================================== */
/* dim                                                                    */
/* ====================================================================== */

/* attr-dict %src `,` %index `:` type ; shared with tensor.dim. */
int ir_syntax_parse_dim(IrParser *p, IrOpState *st) {
  IrRef src, idx;
  uint32_t t, ci = ir_type_index(irp_ctx(p));
  /* tensor.dim's source is a TensorType in ODS, checked while parsing;
   * memref.dim's is any type there */
  int tensor = st->opc == IR_OP_TENSOR_DIM;
  if (irp_opt_attr_dict_into(p, st) < 0 || irp_ref(p, &src) < 0 ||
      irp_expect(p, IR_TK_COMMA, "','") < 0 || irp_ref(p, &idx) < 0 || colon(p) < 0 ||
      (tensor ? ir_syntax_kind_type(p, st, &t, IR_KIND_ANY_TENSOR) : irp_type(p, &t)) < 0)
    return -1;
  if (ir_syntax_operand(p, st, &src, t) < 0 || ir_syntax_operand(p, st, &idx, ci) < 0)
    return -1;
  irp_add_result_type(st, ci);
  return 0;
}

void ir_syntax_print_dim(IrPrinter *w, const IrModule *m, uint32_t op) {
  if (m->ops[op].n_operands != 2 || m->ops[op].n_results != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_op_attr_dict(w, m, op, NULL, 0);
  sp_value(w, m, op, 0);
  irw_str(w, ",");
  sp_value(w, m, op, 1);
  colon_type(w, opd_type(m, op, 0));
}

/* ODS's constraints of memref.dim and tensor.dim: a source that is not of
 * rank 0, an index, an index result. */
int ir_syntax_verify_dim(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  int mem = m->ops[op].opc == IR_OP_MEMREF_DIM;
  uint32_t st = opd_type(m, op, 0), it = opd_type(m, op, 1), rt = res_type(m, op, 0);
  const IrType *s = ir_type(c, st);
  int ok = mem ? s->kind == IR_T_UMEMREF || (s->kind == IR_T_MEMREF && s->n)
               : s->kind == IR_T_UTENSOR || (s->kind == IR_T_TENSOR && s->n);
  if (!ok)
    return ir_syntax_type_error(m, op, d, "operand", 0, mem
                                ? "unranked.memref of any type values or "
                                  "non-0-ranked.memref of any type values"
                                : "non-0-ranked or unranked tensor", st);
  if (ir_type(c, it)->kind != IR_T_INDEX)
    return ir_syntax_type_error(m, op, d, "operand", 1, "index", it);
  if (ir_type(c, rt)->kind != IR_T_INDEX)
    return ir_syntax_type_error(m, op, d, "result", 0, "index", rt);
  return 0;
}

void ir_syntax_names_dim(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, "dim");
}

/* ====================================================================== */
/* get_global / global                                                    */
/* ====================================================================== */

/* @name `:` type attr-dict */
static int parse_get_global(IrParser *p, IrOpState *st) {
  uint32_t s, t;
  if (irp_symbol(p, &s) < 0 || colon(p) < 0 || memref_type(p, st, &t) < 0 ||
      irp_opt_attr_dict_into(p, st) < 0)
    return -1;
  irp_add_prop(p, st, "name", ir_attr_symref(irp_ctx(p), s));
  irp_add_result_type(st, t);
  return 0;
}

static void print_get_global(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"name", NULL};
  uint32_t a = irw_prop(w, m, op, "name");
  if (generic_unless(w, m, op, shape_is(m, op, 0, 1) && !m->ops[op].n_operands && attr_kind_is(m, a, IR_A_SYMREF))) return;
  irw_str(w, " ");
  irw_attr(w, a);
  if (m->ops[op].n_results) colon_type(w, res_type(m, op, 0));
  irw_op_attr_dict(w, m, op, elide, 0);
}

/* The module-level memref.global named by a symbol ref, or IR_NONE. */
static uint32_t find_global(const IrModule *m, uint32_t op, uint32_t sym) {
  const IrCtx *c = m->ctx;
  const IrAttr *s = sym ? ir_attr(c, sym) : NULL;
  uint32_t blk, i, cur = op;
  if (!s || s->kind != IR_A_SYMREF) return IR_NONE;
  /* Walk up to the nearest symbol table (a module) and scan its block. */
  while ((cur = ir_op_parent(m, cur)) != IR_NONE) {
    const IrOpInfo *info = m->ops[cur].opc < IR_N_OPS
                               ? ir_op_info(m->ops[cur].opc) : NULL;
    if (info && (info->traits & IR_TR_SYMBOL_TABLE)) break;
  }
  if (cur == IR_NONE || !m->ops[cur].n_regions) return IR_NONE;
  blk = m->regions[m->ops[cur].regions].blocks;
  if (!m->regions[m->ops[cur].regions].n_blocks) return IR_NONE;
  for (i = 0; i < m->blocks[blk].n_ops; i++) {
    uint32_t g = m->blocks[blk].ops + i;
    uint32_t nm = ir_op_prop_lit(m, g, "sym_name");
    if (m->ops[g].opc == IR_OP_GLOBAL && nm &&
        ir_attr(c, nm)->kind == IR_A_STRING && ir_attr(c, nm)->str == s->str)
      return g;
  }
  return IR_NONE;
}

/* find_global is the only verifier's look outside the op's own top-level
 * op; irb_read_pieces reads a module holding one whole (ir.h). */
int ir_op_verify_reads_module(uint32_t opc) { return opc == IR_OP_GET_GLOBAL; }

static int verify_get_global(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  uint32_t sym = ir_op_prop_lit(m, op, "name"), g, ta;
  if (!sym || ir_attr(c, sym)->kind != IR_A_SYMREF)
    return ir_syntax_op_error(m, op, d, "requires attribute 'name'");
  g = find_global(m, op, sym);
  if (g == IR_NONE)
    return ir_syntax_op_error(m, op, d, "'%s' does not reference a valid "
                              "global memref",
                              ir_str_ptr(c, ir_attr(c, sym)->str));
  ta = ir_op_prop_lit(m, g, "type");
  if (m->ops[op].n_results != 1 || !ta ||
      ir_attr(c, ta)->kind != IR_A_TYPE ||
      ir_attr(c, ta)->type != res_type(m, op, 0))
    return ir_syntax_op_error(m, op, d, "result type does not match type of "
                              "the global memref");
  return 0;
}

/* The tensor type of a global's initial value: the memref's shape and
 * element type, no layout. */
static uint32_t tensor_like(IrCtx *c, uint32_t memref) {
  const IrType *m = ir_type(c, memref);
  IrType t;
  memset(&t, 0, sizeof t);
  t.kind = IR_T_TENSOR;
  t.elem = m->elem;
  t.n = m->n;
  return ir_type_intern(c, &t, ir_type_dims(c, memref), NULL);
}

/* ("vis")? (`constant`)? @name `:` type (`=` (`uninitialized` | attr))?
 * attr-dict */
static int parse_global(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  uint32_t vis, name, t;
  if (irp_peek(p)->kind == IR_TK_STRING) {
    if (irp_string(p, &vis) < 0) return -1;
    irp_add_prop(p, st, "sym_visibility",
                 ir_attr_string(c, ir_str_ptr(c, vis), ir_str_len(c, vis)));
  }
  if (irp_consume_kw(p, "constant") == 1)
    irp_add_prop(p, st, "constant", ir_attr_unit(c));
  if (irp_symbol(p, &name) < 0 || colon(p) < 0 || irp_type(p, &t) < 0) return -1;
  /* parseGlobalMemrefOpTypeAndInitialValue: a static shaped memref, or an
   * error at the op's name */
  if (!ranked_of(c, t) || count_dynamic(c, t)) {
    char ts[256];
    ir_type_str(c, t, ts, sizeof ts);
    return ir_syntax_parse_error(p, st, st->loc, "type should be static shaped memref, "
                                 "but got '%s'", ts);
  }
  irp_add_prop(p, st, "sym_name",
               ir_attr_string(c, ir_str_ptr(c, name), ir_str_len(c, name)));
  irp_add_prop(p, st, "type", ir_attr_type(c, t));
  if (irp_consume(p, IR_TK_EQUAL) == 1) {
    if (irp_consume_kw(p, "uninitialized") == 1) {
      irp_add_prop(p, st, "initial_value", ir_attr_unit(c));
    } else {
      uint32_t a, tt = tensor_like(c, t);
      const IrAttr *at;
      if (irp_attr(p, tt, &a) < 0) return -1;
      at = ir_attr(c, a);
      if (at->kind != IR_A_DENSE && at->kind != IR_A_OPAQUE)
        return ir_syntax_parse_error(p, st, st->loc, "initial value should be a unit "
                                     "or elements attribute");
      /* `dense<...>` without `: type` takes the memref's tensor type. */
      if (at->kind == IR_A_DENSE && !at->type && tt) {
        IrAttr cp = *at;
        cp.type = tt;
        a = ir_attr_intern(c, &cp, NULL, NULL);
      }
      irp_add_prop(p, st, "initial_value", a);
    }
  }
  return attr_dict_aligned(p, st) < 0 ? -1 : 0;
}

static void print_global(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"sym_name", "sym_visibility",
                                      "constant", "type", "initial_value",
                                      NULL};
  const IrCtx *c = m->ctx;
  uint32_t vis = irw_prop(w, m, op, "sym_visibility");
  uint32_t name = irw_prop(w, m, op, "sym_name");
  uint32_t ty = irw_prop(w, m, op, "type");
  uint32_t init = irw_prop(w, m, op, "initial_value");
  if (generic_unless(w, m, op, shape_is(m, op, 0, 0) && !m->ops[op].n_operands &&
                                   attr_kind_is(m, name, IR_A_STRING) &&
                                   attr_kind_is(m, ty, IR_A_TYPE)))
    return;
  if (vis && ir_attr(c, vis)->kind == IR_A_STRING) {
    irw_str(w, " ");
    irw_string(w, ir_attr(c, vis)->str);
  }
  if (irw_prop(w, m, op, "constant")) irw_str(w, " constant");
  irw_str(w, " ");
  if (name && ir_attr(c, name)->kind == IR_A_STRING)
    irw_symbol(w, ir_attr(c, name)->str);
  irw_str(w, " : ");
  if (ty && ir_attr(c, ty)->kind == IR_A_TYPE) irw_type(w, ir_attr(c, ty)->type);
  if (init) {
    irw_str(w, " = ");
    if (ir_attr(c, init)->kind == IR_A_UNIT)
      irw_str(w, "uninitialized");
    else
      irw_attr_notype(w, init);
  }
  irw_op_attr_dict(w, m, op, elide, 0);
}

/* ODS's required attributes and constraints (the properties' kinds are
 * the parser's: generic_prop_kinds), the symbol's parent, then
 * GlobalOp::verify: a static shape, and an initial value that is unit or
 * elements of the memref's element type and shape. */
static int verify_global(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  uint32_t ty = ir_op_prop_lit(m, op, "type");
  if (!ir_op_prop_lit(m, op, "sym_name"))
    return ir_syntax_op_error(m, op, d, "requires attribute 'sym_name'");
  if (!ty) return ir_syntax_op_error(m, op, d, "requires attribute 'type'");
  if (ir_attr(c, ty)->kind != IR_A_TYPE || !ranked_of(c, ir_attr(c, ty)->type))
    return ir_syntax_op_error(m, op, d, "attribute 'type' failed to satisfy "
                              "constraint: memref type attribute");
  if (check_alignment(m, op, d) || ir_syntax_verify_symbol_parent(m, op, d)) return -1;
  uint32_t t = ir_attr(c, ty)->type;
  const IrType *mt = ranked_of(c, t);
  const int64_t *dims = ir_type_dims(c, t);
  char ts[256], vs[512];
  if (count_dynamic(c, t)) {
    ir_type_str(c, t, ts, sizeof ts);
    return ir_syntax_op_error(m, op, d, "type should be static shaped memref, "
                              "but got '%s'", ts);
  }
  uint32_t init = ir_op_prop_lit(m, op, "initial_value");
  const IrAttr *ia = init ? ir_attr(c, init) : NULL;
  if (!ia || ia->kind == IR_A_UNIT) return 0;
  /* elements: dense<>, or an attribute we keep opaque (dense_resource<>,
   * sparse<>) with a shaped type; an opaque one without a type is not
   * known to be anything else. MLIR casts the type to a tensor type and
   * compares its element type and shape (an unranked one has no dims);
   * it crashes on the other shaped types, which read the same here. */
  const IrType *it = (ia->kind == IR_A_DENSE || ia->kind == IR_A_OPAQUE) && ia->type
                         ? ir_type(c, ia->type) : NULL;
  int shaped = it && (it->kind == IR_T_TENSOR || it->kind == IR_T_UTENSOR ||
                      it->kind == IR_T_VECTOR || it->kind == IR_T_MEMREF ||
                      it->kind == IR_T_UMEMREF);
  if (ia->kind == IR_A_OPAQUE && !shaped) return 0;
  if (!shaped) {
    ir_attr_str(c, init, vs, sizeof vs);
    return ir_syntax_op_error(m, op, d, "initial value should be a unit or elements "
                              "attribute, but got %s", vs);
  }
  if (it->elem != mt->elem) {
    ir_type_str(c, mt->elem, ts, sizeof ts);
    ir_type_str(c, it->elem, vs, sizeof vs);
    return ir_syntax_op_error(m, op, d, "initial value element expected to be of "
                              "type '%s', but was of type '%s'", ts, vs);
  }
  int ranked = it->kind != IR_T_UTENSOR && it->kind != IR_T_UMEMREF;
  const int64_t *idims = ranked ? ir_type_dims(c, ia->type) : NULL;
  uint32_t in = ranked ? it->n : 0;
  int same = in == mt->n;
  for (uint32_t i = 0; same && i < mt->n; i++) same = idims[i] == dims[i];
  if (!same) {
    /* MLIR streams both shapes as ArrayRef<int64_t>: `2, 3` */
    char ws[256], hs[256];
    for (int k = 0; k < 2; k++) {
      char *b = k ? hs : ws;
      const int64_t *dd = k ? idims : dims;
      uint32_t n = k ? in : mt->n;
      size_t o = 0;
      b[0] = 0;
      for (uint32_t i = 0; i < n && o < 230; i++)
        o += (size_t)snprintf(b + o, 256 - o, "%s%lld", i ? ", " : "", (long long)dd[i]);
    }
    return ir_syntax_op_error(m, op, d, "initial value shape expected to be %s but "
                              "was %s", ws, hs);
  }
  return 0;
}

/* ====================================================================== */
/* assume_alignment / prefetch                                            */
/* ====================================================================== */

/* %m `,` N attr-dict `:` type ; the result has the operand's type. */
static int parse_assume(IrParser *p, IrOpState *st) {
  IrRef r;
  int64_t v;
  uint32_t t;
  IrCtx *c = irp_ctx(p);
  if (irp_ref(p, &r) < 0 || irp_expect(p, IR_TK_COMMA, "','") < 0 ||
      irp_int(p, &v) < 0)
    return -1;
  irp_add_prop(p, st, "alignment", ir_attr_int(c, v, ir_type_int(c, 32)));
  if (irp_opt_attr_dict_into(p, st) < 0 || colon(p) < 0 ||
      memref_type(p, st, &t) < 0 || ir_syntax_operand(p, st, &r, t) < 0)
    return -1;
  irp_add_result_type(st, t);
  return 0;
}

static void print_assume(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"alignment", NULL};
  uint32_t a = irw_prop(w, m, op, "alignment");
  if (generic_unless(w, m, op, shape_is(m, op, 1, 1) && m->ops[op].n_operands == 1 && attr_kind_is(m, a, IR_A_INT))) return;
  if (m->ops[op].n_operands != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  irw_str(w, ", ");
  if (a && ir_attr(m->ctx, a)->kind == IR_A_INT) irw_i64(w, ir_attr(m->ctx, a)->ival);
  irw_op_attr_dict(w, m, op, elide, 0);
  colon_type(w, opd_type(m, op, 0));
}

static void names_assume(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, "assume_align");
}

static int verify_assume(const IrModule *m, uint32_t op, IrDiag *d) {
  uint32_t a = ir_op_prop_lit(m, op, "alignment");
  const IrAttr *at = a ? ir_attr(m->ctx, a) : NULL;
  if (!a) return ir_syntax_op_error(m, op, d, "requires attribute 'alignment'");
  if (at->kind != IR_A_INT || at->ival <= 0 ||
      (at->ival & (at->ival - 1)) != 0)
    return ir_syntax_op_error(m, op, d, "alignment must be power of 2");
  if (m->ops[op].n_operands != 1 || m->ops[op].n_results != 1 ||
      opd_type(m, op, 0) != res_type(m, op, 0))
    return ir_syntax_op_error(m, op, d, "failed to verify that all of "
                              "{memref, result} have same type");
  return 0;
}

/* %m `[` indices `]` `,` (read|write) `,` `locality` `<` N `>` `,`
 * (data|instr) attr-dict `:` type */
static int parse_prefetch(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  IrRef r, small[SMALL_REFS], *idx;
  uint32_t n, t, v;
  int64_t hint;
  int wr, dc;
  if (irp_ref(p, &r) < 0 || bracket_refs(p, small, &idx, &n) < 0 ||
      irp_expect(p, IR_TK_COMMA, "','") < 0)
    return -1;
  if (irp_consume_kw(p, "read") == 1) wr = 0;
  else if (irp_consume_kw(p, "write") == 1) wr = 1;
  else return irp_error(p, "rw specifier has to be 'read' or 'write'");
  if (irp_expect(p, IR_TK_COMMA, "','") < 0 ||
      irp_expect_kw(p, "locality") < 0 ||
      irp_expect(p, IR_TK_LESS, "'<'") < 0 || irp_int(p, &hint) < 0 ||
      irp_expect(p, IR_TK_GREATER, "'>'") < 0 ||
      irp_expect(p, IR_TK_COMMA, "','") < 0)
    return -1;
  if (irp_consume_kw(p, "data") == 1) dc = 1;
  else if (irp_consume_kw(p, "instr") == 1) dc = 0;
  else return irp_error(p, "cache type has to be 'data' or 'instr'");
  irp_add_prop(p, st, "isWrite", ir_attr_bool(c, wr));
  irp_add_prop(p, st, "localityHint", ir_attr_int(c, hint, ir_type_int(c, 32)));
  irp_add_prop(p, st, "isDataCache", ir_attr_bool(c, dc));
  /* MLIR's own parser (parseColonType) reports a wrong type at the colon */
  uint32_t loc;
  if (irp_opt_attr_dict_into(p, st) < 0 || (loc = irp_loc_here(p), colon(p) < 0) ||
      irp_type(p, &t) < 0 || ir_syntax_kind_check(p, st, loc, t, IR_KIND_MEMREF) < 0 ||
      irp_resolve(p, &r, t, &v) < 0)
    return -1;
  irp_add_operand(st, v);
  return resolve_indices(p, st, idx, n);
}

static void print_prefetch(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"isWrite", "localityHint",
                                      "isDataCache", NULL};
  uint32_t n = m->ops[op].n_operands, h = irw_prop(w, m, op, "localityHint");
  if (generic_unless(w, m, op, shape_is(m, op, 1, 0))) return;
  if (!n) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  irw_str(w, "[");
  irw_operands(w, m, op, 1, n - 1);
  irw_str(w, "]");
  irw_str(w, prop_true(m, op, "isWrite") ? ", write" : ", read");
  irw_str(w, ", locality<");
  irw_i64(w, h && ir_attr(m->ctx, h)->kind == IR_A_INT ? ir_attr(m->ctx, h)->ival : 0);
  irw_str(w, prop_true(m, op, "isDataCache") ? ">, data" : ">, instr");
  irw_op_attr_dict(w, m, op, elide, 0);
  colon_type(w, opd_type(m, op, 0));
}

static int verify_prefetch(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrType *ty;
  /* ODS: ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<3>]>, checked
   * before the operands */
  static const char *const required[] = {"isDataCache", "isWrite", "localityHint"};
  for (int k = 0; k < 3; k++)
    if (!ir_op_prop_lit(m, op, required[k]))
      return ir_syntax_op_error(m, op, d, "requires attribute '%s'", required[k]);
  uint32_t h = ir_op_prop_lit(m, op, "localityHint");
  const IrAttr *ha = h ? ir_attr(m->ctx, h) : NULL;
  const IrType *ht = ha && ha->kind == IR_A_INT ? ir_type(m->ctx, ha->type) : NULL;
  if (ha && (!ht || ht->kind != IR_T_INT || ht->width != 32 ||
             ht->sub != IR_SIGNLESS || ha->ival < 0 || ha->ival > 3))
    return ir_syntax_op_error(m, op, d, "attribute 'localityHint' failed to "
                              "satisfy constraint: 32-bit signless integer "
                              "attribute whose minimum value is 0 whose "
                              "maximum value is 3");
  if (!m->ops[op].n_operands)
    return ir_syntax_op_error(m, op, d, "expects a memref operand");
  ty = ranked_of(m->ctx, opd_type(m, op, 0));
  if (!ty)
    return ir_syntax_type_error(m, op, d, "operand", 0, "memref of any type values",
                                opd_type(m, op, 0));
  if (ir_syntax_index_operands(m, op, 1, d)) return -1;
  if (m->ops[op].n_operands - 1 != ty->n)
    return ir_syntax_op_error(m, op, d, "too few indices");
  return 0;
}

/* ====================================================================== */
/* The table                                                              */
/* ====================================================================== */

/* A layout MLIR's isIdentity takes: none, or strided<[1]> / strided<[]>
 * at offset 0 (their maps are (d0) -> (d0) and () -> ()). */
static int identity_layout(const IrCtx *c, uint32_t t) {
  const IrType *x = ir_type(c, t);
  if (x->kind != IR_T_MEMREF || !x->layout) return 1;
  const IrAttr *a = ir_attr(c, x->layout);
  if (a->kind != IR_A_STRIDED || x->n > 1) return 0;
  int64_t off, st[1];
  return ir_type_strides(c, t, &off, st) && off == 0 && (!x->n || st[0] == 1);
}

/* ReshapeOp: ODS's kinds (a 1-D shape of integers or indices), then the
 * element types, identity layouts, and the shape's length as the
 * result's rank. */
static int verify_memref_reshape(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrOp *o = &m->ops[op];
  if (o->n_operands != 2 || o->n_results != 1) return 0;
  uint32_t st = opd_type(m, op, 0), sh = opd_type(m, op, 1), rt = res_type(m, op, 0);
  const IrType *tsh = ir_type(c, sh);
  const IrType *e = tsh->kind == IR_T_MEMREF ? ir_type(c, tsh->elem) : NULL;
  int shape_ok = e && tsh->n == 1 &&
                 (e->kind == IR_T_INDEX || (e->kind == IR_T_INT && e->sub == IR_SIGNLESS));
  /* the first of source, shape, result that is not of its kind */
  int bad = !memref_of(c, st) ? 0 : !shape_ok ? 1 : !memref_of(c, rt) ? 2 : -1;
  if (bad >= 0) {
    const uint32_t ts[3] = {st, sh, rt};
    return ir_syntax_type_error(m, op, d, bad == 2 ? "result" : "operand", bad == 1,
                                bad == 1 ? "1D memref of signless integer or index values"
                                         : "ranked or unranked memref of any type values",
                                ts[bad]);
  }
  if (ir_type(c, st)->elem != ir_type(c, rt)->elem)
    return ir_syntax_op_error(m, op, d, "element types of source and destination "
                              "memref types should be the same");
  if (!identity_layout(c, st))
    return ir_syntax_op_error(m, op, d, "source memref type should have identity "
                              "affine map");
  const IrType *tr = ir_type(c, rt);
  if (tr->kind != IR_T_MEMREF) return 0;
  if (!identity_layout(c, rt))
    return ir_syntax_op_error(m, op, d, "result memref type should have identity "
                              "affine map");
  int64_t len = ir_type_dims(c, sh)[0];
  if (len == IR_DYN)
    return ir_syntax_op_error(m, op, d, "cannot use shape operand with dynamic "
                              "length to reshape to statically-ranked memref type");
  if (len != (int64_t)tr->n)
    return ir_syntax_op_error(m, op, d, "length of shape operand differs from the "
                              "result's memref rank");
  return 0;
}

const IrOpHooks ir_hooks_memref[] = {
    {"memref.alloc", parse_alloc, print_alloc, names_alloc, verify_alloc},
    {"memref.alloca", parse_alloc, print_alloc, names_alloca, verify_alloca},
    {"memref.realloc", parse_realloc, print_realloc, NULL, verify_realloc},
    {"memref.dealloc", parse_dealloc, print_dealloc, NULL, verify_dealloc},
    {"memref.load", parse_load, print_load, NULL, verify_load},
    {"memref.store", parse_store, print_store, NULL, verify_store},
    {"memref.copy", parse_copy, print_copy, NULL, verify_copy},
    {"memref.subview", parse_subview, print_subview, names_subview,
     verify_subview},
    {"memref.cast", parse_unary_to, print_unary_to, names_cast, verify_cast},
    {"memref.reinterpret_cast", parse_reinterpret, print_reinterpret,
     names_reinterpret, verify_reinterpret},
    {"memref.view", parse_view, print_view, names_view, verify_view},
    {"memref.expand_shape", parse_expand, print_expand, names_expand,
     verify_expand},
    {"memref.collapse_shape", parse_collapse, print_collapse, names_collapse,
     verify_collapse},
    {"memref.reshape", parse_reshape, print_reshape, names_reshape,
     verify_memref_reshape},
    {"memref.extract_strided_metadata", parse_strided_meta,
     print_strided_meta, names_strided_meta, verify_strided_meta},
    {"memref.extract_aligned_pointer_as_index", parse_aligned_ptr,
     print_aligned_ptr, names_aligned_ptr, verify_memref_to_index},
    {"memref.dim", ir_syntax_parse_dim, ir_syntax_print_dim,
     ir_syntax_names_dim, ir_syntax_verify_dim},
    {"memref.rank", parse_rank, print_rank, NULL, verify_memref_to_index},
    {"memref.get_global", parse_get_global, print_get_global, NULL,
     verify_get_global},
    {"memref.global", parse_global, print_global, NULL, verify_global},
    {"memref.assume_alignment", parse_assume, print_assume, names_assume,
     verify_assume},
    {"memref.prefetch", parse_prefetch, print_prefetch, NULL,
     verify_prefetch},
    {0},
};
