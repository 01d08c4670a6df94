/*
 * syntax_cf.c - custom assembly of the cf dialect: cf.br, cf.cond_br (with
 * optional `weights([t, f])`), cf.switch and cf.assert.
 *
 * Successor operands are ordinary operands of the op; each IrSucc names
 * its sub-range, and the ops with several successors keep MLIR's
 * operandSegmentSizes property as well.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "irint.h"

static const char *const elide_cond_br[] = {"operandSegmentSizes",
                                           "branch_weights", NULL};
static const char *const elide_switch[] = {
    "operandSegmentSizes", "case_values", "case_operand_segments", NULL};

/* ====================================================================== */
/* cf.br: `^bb(%a : t) attr-dict`                                          */
/* ====================================================================== */

static int parse_br(IrParser *p, IrOpState *st) {
  IrSuccRefs dest;
  if (irp_successor_refs(p, &dest) < 0) return -1;
  if (irp_opt_attr_dict_into(p, st) < 0) return -1;
  return irp_resolve_successor(p, st, &dest, 0);
}

static void print_br(IrPrinter *w, const IrModule *m, uint32_t op) {
  if (ir_op(m, op)->n_succs != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, " ");
  irw_successor(w, m, op, 0);
  irw_op_attr_dict(w, m, op, NULL, 0);
}

/* ====================================================================== */
/* cf.cond_br: `%c (weights([1, 2]))?, ^t(...), ^f(...) attr-dict`          */
/* ====================================================================== */

/* `[1, 2]` into an array<i32: ...> attribute. */
static int parse_i32_list(IrParser *p, uint32_t *attr) {
  int64_t v[64];
  uint32_t n = 0;
  if (irp_expect(p, IR_TK_LSQUARE, "'['") < 0) return -1;
  if (irp_consume(p, IR_TK_RSQUARE) != 1) {
    do {
      if (n == 64) return irp_error(p, "too many branch weights");
      if (irp_int(p, &v[n]) < 0) return -1;
      if (v[n] < INT32_MIN || v[n] > INT32_MAX)
        return irp_error(p, "integer value too large");
      n++;
    } while (irp_consume(p, IR_TK_COMMA) == 1);
    if (irp_expect(p, IR_TK_RSQUARE, "']'") < 0) return -1;
  }
  *attr = ir_attr_dense_i32(irp_ctx(p), n, v);
  return 0;
}

static int parse_cond_br(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  IrRef cond;
  IrSuccRefs dest[2];
  int64_t seg[3];
  uint32_t v;
  if (irp_ref(p, &cond) < 0) return -1;
  if (irp_consume_kw(p, "weights") == 1) {
    uint32_t w = 0;
    if (irp_expect(p, IR_TK_LPAREN, "'('") < 0) return -1;
    if (parse_i32_list(p, &w) < 0) return -1;
    if (irp_expect(p, IR_TK_RPAREN, "')'") < 0) return -1;
    irp_add_prop(p, st, "branch_weights", w);
  }
  if (irp_expect(p, IR_TK_COMMA, "','") < 0) return -1;
  if (irp_successor_refs(p, &dest[0]) < 0) return -1;
  if (irp_expect(p, IR_TK_COMMA, "','") < 0) return -1;
  if (irp_successor_refs(p, &dest[1]) < 0) return -1;
  seg[0] = 1;
  seg[1] = dest[0].n;
  seg[2] = dest[1].n;
  irp_set_segments(p, st, 3, seg);
  if (irp_opt_attr_dict_into(p, st) < 0) return -1;
  /* the operands last, in order (MLIR's declarative format) */
  if (irp_resolve(p, &cond, ir_type_int(c, 1), &v) < 0) return -1;
  irp_add_operand(st, v);
  return irp_resolve_successor(p, st, &dest[0], 0) < 0 ||
         irp_resolve_successor(p, st, &dest[1], 0) < 0 ? -1 : 0;
}

static void print_cond_br(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = ir_op(m, op);
  uint32_t bw = irw_prop(w, m, op, "branch_weights");
  if (o->n_succs != 2 || o->n_operands < 1) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, " ");
  irw_operands(w, m, op, 0, 1);
  if (bw && ir_attr(m->ctx, bw)->kind == IR_A_DENSE_ARRAY) {
    const int64_t *v = ir_attr_i64(m->ctx, bw);
    irw_str(w, " weights([");
    for (uint32_t i = 0; i < ir_attr(m->ctx, bw)->n; i++) {
      if (i) irw_str(w, ", ");
      irw_i64(w, v[i]);
    }
    irw_str(w, "])");
  }
  irw_str(w, ", ");
  irw_successor(w, m, op, 0);
  irw_str(w, ", ");
  irw_successor(w, m, op, 1);
  irw_op_attr_dict(w, m, op, elide_cond_br, 0);
}

/* ====================================================================== */
/* cf.switch                                                               */
/* ====================================================================== */
/*
 *   cf.switch %flag : i32, [
 *     default: ^bb1(%a : i32),
 *     42: ^bb2,
 *     -3: ^bb3(%b : i32)
 *   ]
 *
 * case_values is a dense<[...]> : vector<Nxi32> attribute of the flag's
 * type; case_operand_segments the operand count of each case.
 */

/* Sign-extend the low `width` bits of v. */
static int64_t sext(uint64_t v, uint32_t width) {
  if (width == 0 || width >= 64) return (int64_t)v;
  uint64_t u = v & ((UINT64_C(1) << width) - 1);
  uint64_t sign = UINT64_C(1) << (width - 1);
  return (int64_t)((u ^ sign) - sign);
}

/* dense<...> : vector<Nxflag> from the case values (a splat when all are
 * equal, as MLIR's DenseElementsAttr stores it). */
static uint32_t case_values_attr(IrCtx *c, uint32_t flag, const int64_t *v,
                                 uint32_t n) {
  IrType vt = {0};
  IrAttr a = {0};
  int64_t dim = n;
  char *body = ir_xmalloc((size_t)n * 24 + 3);
  size_t len = 0;
  uint32_t splat = 1, r;
  for (uint32_t i = 1; i < n; i++) splat &= v[i] == v[0];
  uint32_t w = ir_dense_width(c, flag);
  if (splat) {
    len = (size_t)sprintf(body, "%lld", (long long)v[0]);
  } else if (n > IR_DENSE_HEX_OVER && w >= 8 && w <= 64) {
    /* MLIR prints more than 100 as hex (parse_attr.c's dense_attr) */
    uint8_t *raw = ir_xcalloc(n, w / 8);
    for (uint32_t i = 0; i < n; i++) ir_dense_store(c, flag, raw, i, v[i], 0);
    len = ir_dense_hex_text(raw, (size_t)n * (w / 8), body);
    free(raw);
  } else {
    body[len++] = '[';
    for (uint32_t i = 0; i < n; i++)
      len += (size_t)sprintf(body + len, "%s%lld", i ? ", " : "", (long long)v[i]);
    body[len++] = ']';
  }
  vt.kind = IR_T_VECTOR;
  vt.elem = flag;
  vt.n = 1;
  a.kind = IR_A_DENSE;
  a.type = ir_type_intern(c, &vt, &dim, NULL);
  a.str = ir_str(c, body, len);
  r = ir_attr_intern(c, &a, NULL, NULL);
  free(body);
  return r;
}

/* The case values back from the dense attribute text; count of values
 * read, or -1 if it is not of that form. */
static int64_t case_values(const IrCtx *c, uint32_t attr, int64_t *out,
                           uint32_t max) {
  const IrAttr *a = attr ? ir_attr(c, attr) : NULL;
  const char *s;
  char *e;
  uint32_t n = 0;
  if (!a || a->kind != IR_A_DENSE || !a->type) return -1;
  const IrType *t = ir_type(c, a->type);
  if (t->kind != IR_T_VECTOR || t->n != 1) return -1;
  int64_t count = ir_type_dims(c, a->type)[0];
  if (count < 0 || (uint64_t)count > max) return -1;
  s = ir_str_ptr(c, a->str);
  if (*s == '"') {   /* hex */
    size_t nb;
    uint8_t *raw = ir_dense_hex_raw(c, attr, &nb);
    uint32_t sc = ir_dense_scalar(c, t->elem), w = ir_dense_width(c, t->elem);
    if (!raw || !sc || w < 8 || nb < (size_t)count * (w / 8)) {
      free(raw);
      return -1;
    }
    for (n = 0; n < (uint32_t)count; n++) {
      double fv;
      ir_dense_load(c, sc, raw, n, &out[n], &fv);
    }
    free(raw);
    return count;
  }
  if (*s != '[') {
    long long v = strtoll(s, &e, 0);
    if (e == s) return -1;
    for (n = 0; n < (uint32_t)count; n++) out[n] = v;
    return count;
  }
  for (s++; *s && *s != ']';) {
    while (*s == ' ' || *s == ',') s++;
    if (*s == ']') break;
    long long v = strtoll(s, &e, 0);
    if (e == s || n >= max) return -1;
    out[n++] = v;
    s = e;
  }
  return n == (uint64_t)count ? count : -1;
}

/* A case value: `-`? integer. Unlike MLIR's parseInteger it also takes
 * the 64-bit values above INT64_MAX that MLIR itself prints for negative
 * i64 cases (see print_switch), so our output reads back. */
static int parse_case_value(IrParser *p, uint64_t *v) {
  int neg = irp_consume(p, IR_TK_MINUS) == 1;
  const IrTok *t = irp_peek(p);
  char buf[32], *e;
  if (t->kind != IR_TK_INT) return irp_ask_error(p, "expected integer value");
  if (t->len >= sizeof buf) return irp_error(p, "integer value too large");
  memcpy(buf, t->text, t->len);
  buf[t->len] = 0;
  errno = 0;
  *v = strtoull(buf, &e, 0);
  if (errno || *e) return irp_error(p, "integer value too large");
  if (neg) *v = (uint64_t)0 - *v;
  irp_next(p);
  return 0;
}

static int parse_switch(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  IrRef flag;
  IrSuccRefs def, *dests = NULL;
  uint32_t ft, v, ncases = 0, cap = 0, cap_dests = 0, n_dests = 0;
  int64_t *vals = NULL, *segs = NULL, seg[3] = {1, 0, 0};
  uint32_t cap2 = 0, nsegs = 0;
  int rc = -1;
  if (irp_ref(p, &flag) < 0) return -1;
  if (irp_expect(p, IR_TK_COLON, "':'") < 0) return -1;
  /* the flag is an AnyInteger: MLIR parses its type as IntegerType */
  if (ir_syntax_kind_type(p, st, &ft, IR_KIND_INTEGER) < 0) return -1;
  if (irp_expect(p, IR_TK_COMMA, "','") < 0) return -1;
  if (irp_expect(p, IR_TK_LSQUARE, "'['") < 0) return -1;
  /* custom<SwitchOpCases>: its operand groups are resolved, and their
   * counts reported, where it starts */
  uint32_t cases_at = irp_loc_here(p);
  if (irp_expect_kw(p, "default") < 0) return -1;
  if (irp_expect(p, IR_TK_COLON, "':'") < 0) return -1;
  if (irp_successor_refs(p, &def) < 0) return -1;
  while (irp_consume(p, IR_TK_COMMA) == 1) {
    uint64_t u = 0;
    int64_t cv;
    IrSuccRefs dest;
    if (parse_case_value(p, &u) < 0) goto out;
    cv = sext(u, ir_type(c, ft)->kind == IR_T_INT ? ir_type(c, ft)->width : 64);
    IR_VPUSH(vals, ncases, cap, cv);
    if (irp_expect(p, IR_TK_COLON, "':'") < 0) goto out;
    if (irp_successor_refs(p, &dest) < 0) goto out;
    IR_VPUSH(dests, n_dests, cap_dests, dest);
    IR_VPUSH(segs, nsegs, cap2, (int64_t)dest.n);
    seg[2] += dest.n;
  }
  if (irp_expect(p, IR_TK_RSQUARE, "']'") < 0) goto out;
  if (irp_opt_attr_dict_into(p, st) < 0) goto out;
  if (ncases)
    irp_add_prop(p, st, "case_values", case_values_attr(c, ft, vals, ncases));
  irp_add_prop(p, st, "case_operand_segments", ir_attr_dense_i32(c, nsegs, segs));
  seg[1] = def.n;
  irp_set_segments(p, st, 3, seg);
  /* the operands last, in order (MLIR's declarative format) */
  if (irp_resolve(p, &flag, ft, &v) < 0) goto out;
  irp_add_operand(st, v);
  if (irp_resolve_successor(p, st, &def, cases_at) < 0) goto out;
  for (uint32_t i = 0; i < n_dests; i++)
    if (irp_resolve_successor(p, st, &dests[i], cases_at) < 0) goto out;
  rc = 0;
out:
  free(vals);
  free(segs);
  free(dests);
  return rc;
}

static void print_switch(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = ir_op(m, op);
  uint32_t cv = irw_prop(w, m, op, "case_values");
  uint32_t ft = o->n_operands ? ir_vtype(m, ir_operand(m, op, 0)) : 0;
  int64_t n = 0, *vals = NULL;
  if (!o->n_succs || !o->n_operands) {
    irw_generic_op(w, m, op);
    return;
  }
  if (cv) {
    vals = ir_xmalloc(o->n_succs * sizeof *vals);
    n = case_values(m->ctx, cv, vals, o->n_succs);
  }
  if (n < 0 || (uint64_t)n + 1 != o->n_succs) {
    free(vals);
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, " ");
  irw_operands(w, m, op, 0, 1);
  irw_str(w, " : ");
  irw_type(w, ft);
  irw_str(w, ", [");
  irw_newline(w);
  irw_str(w, "  default: ");
  irw_successor(w, m, op, 0);
  if (cv) {
    const IrType *t = ir_type(m->ctx, ft);
    uint32_t width = t->kind == IR_T_INT ? t->width : 64;
    /* MLIR prints the values zero-extended (APInt::getLimitedValue). */
    uint64_t mask = width >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << width) - 1;
    for (int64_t i = 0; i < n; i++) {
      irw_str(w, ",");
      irw_newline(w);
      irw_fmt(w, "  %llu: ", (unsigned long long)((uint64_t)vals[i] & mask));
      irw_successor(w, m, op, (uint32_t)i + 1);
    }
    irw_newline(w);
  }
  irw_str(w, "]");
  irw_op_attr_dict(w, m, op, elide_switch, 0);
  free(vals);
}

/* One case_operand_segments entry per case successor (ir_verify_segments
 * has checked the property's kind and sum). mlir-opt-22 has no such
 * check: it reads past the list (or ignores its tail), so this comes
 * after all of its own. */
static int case_entries(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrOp *o = ir_op(m, op);
  uint32_t cs = ir_op_prop_lit(m, op, "case_operand_segments");
  uint32_t n = cs ? ir_attr(m->ctx, cs)->n : 0;
  if (n != o->n_succs - 1)
    return ir_syntax_op_error(m, op, d, "has %u case successors but "
                              "case_operand_segments has %u entries",
                              o->n_succs - 1, n);
  return 0;
}

/* SwitchOp::verify: the case values have the flag's type, one per case
 * successor (ODS's checks, the flag's AnyInteger among them, are
 * ir_verify_segments'). */
static int verify_switch(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrOp *o = ir_op(m, op);
  char ts[256], cs[256];
  uint32_t ft = ir_vtype(m, ir_operand(m, op, 0));
  uint32_t cv = ir_op_prop_lit(m, op, "case_values");
  if (!cv) return case_entries(m, op, d);
  const IrAttr *a = ir_attr(c, cv);
  const IrType *vt = a->type ? ir_type(c, a->type) : NULL;
  int ek = vt && (vt->kind == IR_T_VECTOR || vt->kind == IR_T_TENSOR)
               ? ir_type(c, vt->elem)->kind : -1;
  if (a->kind != IR_A_DENSE || (ek != IR_T_INT && ek != IR_T_INDEX)) {
    /* not a DenseIntElementsAttr: MLIR's property conversion rejects it */
    return ir_syntax_prop_error(m, op, d, "case_values", cv);
  }
  if (vt->elem != ft) {
    ir_type_str(c, ft, ts, sizeof ts);
    ir_type_str(c, vt->elem, cs, sizeof cs);
    return ir_syntax_op_error(m, op, d, "'flag' type ('%s') should match case "
                              "value type ('%s')", ts, cs);
  }
  /* getNumElements wraps as MLIR's int64_t does (the message then names
   * the wrapped count, as mlir-opt-22's does) */
  uint64_t un = 1;
  const int64_t *dims = ir_type_dims(c, a->type);
  for (uint32_t i = 0; i < vt->n; i++) un *= (uint64_t)dims[i];
  int64_t n = (int64_t)un;
  if (n != (int64_t)o->n_succs - 1)
    return ir_syntax_op_error(m, op, d, "number of case values (%lld) should "
                              "match number of case destinations (%u)",
                              (long long)n, o->n_succs - 1);
  return case_entries(m, op, d);
}

/* ====================================================================== */
/* cf.assert: `%c, "msg" attr-dict`                                        */
/* ====================================================================== */

static int parse_assert(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  IrRef r;
  uint32_t v, msg;
  if (irp_ref(p, &r) < 0) return -1;
  if (irp_resolve(p, &r, ir_type_int(c, 1), &v) < 0) return -1;
  irp_add_operand(st, v);
  if (irp_expect(p, IR_TK_COMMA, "','") < 0) return -1;
  if (irp_string(p, &msg) < 0) return -1;
  irp_add_prop(p, st, "msg",
               ir_attr_string(c, ir_str_ptr(c, msg), ir_str_len(c, msg)));
  return irp_opt_attr_dict_into(p, st) < 0 ? -1 : 0;
}

static void print_assert(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"msg", NULL};
  uint32_t msg = irw_prop(w, m, op, "msg");
  if (!msg || ir_attr(m->ctx, msg)->kind != IR_A_STRING ||
      ir_op(m, op)->n_operands != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, " ");
  irw_operands(w, m, op, 0, 1);
  irw_str(w, ", ");
  irw_string(w, ir_attr(m->ctx, msg)->str);
  irw_op_attr_dict(w, m, op, elide, 0);
}

static int verify_assert(const IrModule *m, uint32_t op, IrDiag *d) {
  if (!ir_op_prop_lit(m, op, "msg"))
    return ir_syntax_op_error(m, op, d, "requires attribute 'msg'");
  uint32_t t = ir_vtype(m, ir_operand(m, op, 0));
  if (!ir_syntax_is_i1(m->ctx, t))
    return ir_syntax_type_error(m, op, d, "operand", 0, "1-bit signless integer", t);
  return 0;
}

const IrOpHooks ir_hooks_cf[] = {
    {"cf.br", parse_br, print_br, NULL, NULL},
    {"cf.cond_br", parse_cond_br, print_cond_br, NULL, NULL},
    {"cf.switch", parse_switch, print_switch, NULL, verify_switch},
    {"cf.assert", parse_assert, print_assert, NULL, verify_assert},
    {0},
};
