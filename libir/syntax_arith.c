/*
 * syntax_arith.c - custom assembly of the arith, math and index ops:
 * constants with their result names (`%c0`, `%c42_i32`, `%true`, `%cst`,
 * `%idx5`), binary ops with `overflow<...>`, `exact` and `fastmath<...>`
 * flags (printed only when not the default), comparisons whose predicate is
 * a keyword in the text and an i64 in the properties, select, and casts.
 *
 * The flag properties are kept as MLIR prints them in generic form, e.g.
 * `#arith.fastmath<none>` and `#arith.overflow<nsw, nuw>`: opaque dialect
 * attributes whose spelling is canonical (the parser rebuilds it from the
 * flag bits, the printer decodes it again).
 */
#include <stdio.h>

#include "irint.h"

/* ====================================================================== */
/* Flags: fastmath, overflow, rounding mode, comparison predicates         */
/* ====================================================================== */

typedef struct Flag {
  const char *name;  /* keyword */
  uint32_t bits;     /* its bits */
} Flag;

/* In MLIR's print order: groups (`fast`) before single bits. */
static const Flag fastmath_flags[] = {
    {"fast", 127}, {"reassoc", 1}, {"nnan", 2},      {"ninf", 4},
    {"nsz", 8},    {"arcp", 16},   {"contract", 32}, {"afn", 64},
    {"none", 0},   {NULL, 0}};
static const Flag overflow_flags[] = {
    {"nsw", 1}, {"nuw", 2}, {"none", 0}, {NULL, 0}};

typedef struct FlagKind {
  const char *prefix;      /* `#arith.fastmath<` */
  const char *sep;         /* between flags when printed */
  const Flag *flags;
} FlagKind;

static const FlagKind fastmath = {"#arith.fastmath<", ",", fastmath_flags};
static const FlagKind overflow = {"#arith.overflow<", ", ", overflow_flags};

static const char *const cmpi_preds[] = {
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge", NULL};
static const char *const cmpf_preds[] = {
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true", NULL};
static const char *const rounding_modes[] = {
    "to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away",
    NULL};

static int flag_lookup(const Flag *f, const char *s, size_t n, uint32_t *bits) {
  for (; f->name; f++)
    if (strlen(f->name) == n && !memcmp(f->name, s, n)) {
      *bits |= f->bits;
      return 0;
    }
  return -1;
}

static int word_index(const char *const *words, const char *s, size_t n) {
  for (int i = 0; words[i]; i++)
    if (strlen(words[i]) == n && !memcmp(words[i], s, n)) return i;
  return -1;
}

/* The canonical attribute for a set of flag bits. */
static uint32_t flags_attr(IrCtx *c, const FlagKind *k, uint32_t bits) {
  char buf[128];
  size_t n = (size_t)snprintf(buf, sizeof buf, "%s", k->prefix);
  if (!bits) {
    n += (size_t)snprintf(buf + n, sizeof buf - n, "none");
  } else {
    int first = 1;
    for (const Flag *f = k->flags; f->name; f++) {
      if (!f->bits || (bits & f->bits) != f->bits) continue;
      n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", first ? "" : k->sep,
                            f->name);
      bits &= ~f->bits;
      first = 0;
    }
  }
  snprintf(buf + n, sizeof buf - n, ">");
  return ir_syntax_opaque_attr(c, buf);
}

/* flags_attr through the parser's memo: nearly every arith op of a module
 * asks for `#arith.fastmath<none>` or `#arith.overflow<none>`, and spelling
 * and interning it costs ~1500 instructions. */
static uint32_t flags_attr_memo(IrParser *p, const FlagKind *k, uint32_t bits) {
  uint32_t key[3] = {IRP_MEMO_HOOKS + 0, k == &fastmath, bits};
  uint32_t id = irp_memo_find(p, key, 3);
  if (!id) {
    id = flags_attr(irp_ctx(p), k, bits);
    irp_memo_store(p, key, 3, id);
  }
  return id;
}

/* The bits of a flag attribute, or -1 if it is not one of kind k. */
static int64_t flags_of(const IrCtx *c, const FlagKind *k, uint32_t attr) {
  const IrAttr *a = attr ? ir_attr(c, attr) : NULL;
  const char *s, *e;
  size_t pn = strlen(k->prefix);
  uint32_t bits = 0;
  if (!a || a->kind != IR_A_OPAQUE) return -1;
  s = ir_str_ptr(c, a->str);
  e = s + ir_str_len(c, a->str);
  if ((size_t)(e - s) < pn + 1 || memcmp(s, k->prefix, pn) || e[-1] != '>')
    return -1;
  for (s += pn, e--; s < e;) {
    const char *w;
    while (s < e && (*s == ' ' || *s == ',' || *s == '|')) s++;
    w = s;
    while (s < e && *s != ' ' && *s != ',' && *s != '|') s++;
    if (s > w && flag_lookup(k->flags, w, (size_t)(s - w), &bits) < 0)
      return -1;
  }
  return bits;
}

/* `#arith.fastmath<...>` and `#arith.overflow<...>` written as attributes
 * (the generic form's properties): parsed as MLIR's generated parsers of
 * these bit-enum attributes parse them, keywords or strings separated by
 * commas, and interned in the canonical spelling MLIR prints. The current
 * token is the attribute's name; 0 if it names neither (any other
 * dialect attribute stays an opaque spelling), 1 when parsed, -1 on
 * error. */
int ir_syntax_arith_flags_attr(IrParser *p, uint32_t *out) {
  static const struct {
    const char *name, *cpp, *attr, *cases;
    const FlagKind *kind;
  } kinds[2] = {
      {"arith.fastmath", "FastMathFlags", "Arith_FastMathAttr",
       "none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast", &fastmath},
      {"arith.overflow", "IntegerOverflowFlags", "Arith_IntegerOverflowAttr",
       "none, nsw, nuw", &overflow},
  };
  const IrTok *t = &p->tok;
  int k = 1;
  while (k >= 0 && !(t->len == strlen(kinds[k].name) && !memcmp(t->text, kinds[k].name, t->len)))
    k--;
  if (k < 0) return 0;
  uint32_t bits = 0;
  irp_next(p);
  if (irp_expect(p, IR_TK_LESS, "'<'") < 0) return -1;
  uint32_t first = irp_loc_here(p); /* where an unknown flag is reported */
  do {
    const char *s = t->text;
    size_t n = t->len;
    if (t->kind != IR_TK_BARE_ID && t->kind != IR_TK_STRING) {
      irp_report_at(p, irp_loc_here(p), "expected valid keyword or string");
    } else if (flag_lookup(kinds[k].kind->flags, s, n, &bits) < 0) {
      irp_report_at(p, first, "expected ::mlir::arith::%s to be one of: %s", kinds[k].cpp,
                    kinds[k].cases);
      irp_next(p);
    } else {
      irp_next(p);
      continue;
    }
    return irp_error_at(p, irp_loc_here(p), "failed to parse %s parameter 'value' which "
                        "is to be a `::mlir::arith::%s`", kinds[k].attr, kinds[k].cpp);
  } while (irp_consume(p, IR_TK_COMMA) == 1);
  if (irp_expect(p, IR_TK_GREATER, "'>'") < 0) return -1;
  *out = flags_attr(irp_ctx(p), kinds[k].kind, bits);
  return 1;
}

/* `kw<flag, flag>` after the keyword; sets the property `prop`. */
static int parse_flags(IrParser *p, IrOpState *st, const FlagKind *k,
                       const char *prop) {
  uint32_t bits = 0;
  if (irp_expect(p, IR_TK_LESS, "'<'") < 0) return -1;
  do {
    const char *s;
    uint32_t n;
    uint32_t loc = irp_loc_here(p);
    if (irp_keyword(p, &s, &n) < 0) return -1;
    if (flag_lookup(k->flags, s, n, &bits) < 0)
      return ir_syntax_parse_error(p, st, loc, "invalid %s flag '%.*s'",
                                   k == &fastmath ? "fastmath" : "overflow",
                                   (int)n, s);
  } while (irp_consume(p, IR_TK_COMMA) == 1);
  if (irp_expect(p, IR_TK_GREATER, "'>'") < 0) return -1;
  irp_add_prop(p, st, prop, flags_attr_memo(p, k, bits));
  return 0;
}

/* ` kw<...>` for a flag property: when its bits are not 0, or always when
 * `always` (optional attributes print whenever present). Written from the
 * bits as flags_attr spells them, without interning anything. */
static void print_flags(IrPrinter *w, const IrModule *m, uint32_t op,
                        const FlagKind *k, const char *prop, const char *kw,
                        int always) {
  uint32_t a = irw_prop(w, m, op, prop);
  if (!a) return;
  const IrAttr *at = ir_attr(m->ctx, a);
  if (!always && at->kind == IR_A_OPAQUE) {
    /* the usual `<none>`: no need to decode */
    size_t pn = strlen(k->prefix), n = ir_str_len(m->ctx, at->str);
    const char *s = ir_str_ptr(m->ctx, at->str);
    if (n == pn + 5 && !memcmp(s, k->prefix, pn) && !memcmp(s + pn, "none>", 5))
      return;
  }
  int64_t bits = flags_of(m->ctx, k, a);
  if (bits == 0 && !always) return;
  irw_str(w, " ");
  irw_str(w, kw);
  if (bits < 0) {
    /* Not decodable: print the stored spelling minus the dialect prefix. */
    const char *s = at->kind == IR_A_OPAQUE ? ir_str_ptr(m->ctx, at->str) : "";
    const char *lt = strchr(s, '<');
    irw_str(w, lt ? lt : "<>");
    return;
  }
  uint32_t rest = (uint32_t)bits;
  int first = 1;
  irw_str(w, "<");
  if (!rest) irw_str(w, "none");
  for (const Flag *f = k->flags; f->name; f++) {
    if (!f->bits || (rest & f->bits) != f->bits) continue;
    if (!first) irw_str(w, k->sep);
    irw_str(w, f->name);
    rest &= ~f->bits;
    first = 0;
  }
  irw_str(w, ">");
}

static int has_prop(IrParser *p, const IrOpState *st, const char *name) {
  if (!st->n_props) return 0;
  uint32_t id = irp_cstr(p, name);
  for (uint32_t i = 0; i < st->n_props; i++)
    if (st->props[i].name == id) return 1;
  return 0;
}

/* ====================================================================== */
/* Which syntax an op has                                                  */
/* ====================================================================== */

enum {
  F_NONE,      /* no flag */
  F_OVERFLOW,  /* `overflow<...>`, default none, always stored */
  F_EXACT,     /* `exact` unit property */
  F_FASTMATH,  /* `fastmath<...>`, default none, always stored */
  F_OPT_FASTMATH, /* extf: optional fastmath */
  F_TRUNCF,    /* truncf: optional rounding mode and fastmath */
};

static int flag_kind(uint32_t opc) {
  switch (opc) {
  case IR_OP_ADDI: case IR_OP_SUBI: case IR_OP_MULI: case IR_OP_SHLI:
  case IR_OP_TRUNCI:
    return F_OVERFLOW;
  case IR_OP_DIVSI: case IR_OP_DIVUI: case IR_OP_SHRSI: case IR_OP_SHRUI:
    return F_EXACT;
  case IR_OP_ADDF: case IR_OP_SUBF: case IR_OP_MULF: case IR_OP_DIVF:
  case IR_OP_NEGF: case IR_OP_MINIMUMF: case IR_OP_MAXIMUMF:
  case IR_OP_MATH_EXP: case IR_OP_MATH_CEIL: case IR_OP_CMPF:
    return F_FASTMATH;
  case IR_OP_EXTF:
    return F_OPT_FASTMATH;
  case IR_OP_TRUNCF:
    return F_TRUNCF;
  default:
    return F_NONE;
  }
}

/* Flags between the operands and the attribute dictionary. */
static int parse_op_flags(IrParser *p, IrOpState *st) {
  switch (flag_kind(st->opc)) {
  case F_OVERFLOW:
    if (irp_consume_kw(p, "overflow") == 1 &&
        parse_flags(p, st, &overflow, "overflowFlags") < 0)
      return -1;
    break;
  case F_EXACT:
    if (irp_consume_kw(p, "exact") == 1)
      irp_add_prop(p, st, "isExact", ir_attr_unit(irp_ctx(p)));
    break;
  case F_TRUNCF:
    if (irp_peek(p)->kind == IR_TK_BARE_ID) {
      const IrTok *t = irp_peek(p);
      int k = word_index(rounding_modes, t->text, t->len);
      if (k >= 0) {
        irp_next(p);
        irp_add_prop(p, st, "roundingmode",
                     ir_attr_int(irp_ctx(p), k, ir_type_int(irp_ctx(p), 32)));
      }
    }
    /* fall through */
  case F_FASTMATH:
  case F_OPT_FASTMATH:
    if (irp_consume_kw(p, "fastmath") == 1 &&
        parse_flags(p, st, &fastmath, "fastmath") < 0)
      return -1;
    break;
  }
  return 0;
}

/* The default flag properties MLIR stores when the text leaves them out. */
static void add_default_flags(IrParser *p, IrOpState *st) {
  switch (flag_kind(st->opc)) {
  case F_OVERFLOW:
    if (!has_prop(p, st, "overflowFlags"))
      irp_add_prop(p, st, "overflowFlags", flags_attr_memo(p, &overflow, 0));
    break;
  case F_FASTMATH:
    if (!has_prop(p, st, "fastmath"))
      irp_add_prop(p, st, "fastmath", flags_attr_memo(p, &fastmath, 0));
    break;
  }
}

static const char *const elide_flags[] = {
    "overflowFlags", "isExact", "fastmath", "roundingmode", "predicate", NULL};

static void print_op_flags(IrPrinter *w, const IrModule *m, uint32_t op) {
  switch (flag_kind(ir_op(m, op)->opc)) {
  case F_OVERFLOW:
    print_flags(w, m, op, &overflow, "overflowFlags", "overflow", 0);
    break;
  case F_EXACT:
    if (irw_prop(w, m, op, "isExact")) irw_str(w, " exact");
    break;
  case F_FASTMATH:
    print_flags(w, m, op, &fastmath, "fastmath", "fastmath", 0);
    break;
  case F_TRUNCF: {
    uint32_t rm = irw_prop(w, m, op, "roundingmode");
    const IrAttr *a = rm ? ir_attr(m->ctx, rm) : NULL;
    if (a && a->kind == IR_A_INT && a->ival >= 0 && a->ival < 5) {
      irw_str(w, " ");
      irw_str(w, rounding_modes[a->ival]);
    }
  }
    /* fall through */
  case F_OPT_FASTMATH:
    print_flags(w, m, op, &fastmath, "fastmath", "fastmath", 1);
    break;
  }
}

/* ====================================================================== */
/* Binary and unary ops: `%a, %b flags attr-dict : t`                      */
/* ====================================================================== */

static int parse_elementwise(IrParser *p, IrOpState *st, uint32_t nopd) {
  IrRef r[2];
  uint32_t t;
  for (uint32_t i = 0; i < nopd; i++) {
    if (i && irp_expect(p, IR_TK_COMMA, "','") < 0) return -1;
    if (irp_ref(p, &r[i]) < 0) return -1;
  }
  if (parse_op_flags(p, st) < 0) return -1;
  if (irp_opt_attr_dict_into(p, st) < 0) return -1;
  if (irp_expect(p, IR_TK_COLON, "':'") < 0) return -1;
  if (irp_type(p, &t) < 0) return -1;
  for (uint32_t i = 0; i < nopd; i++)
    if (ir_syntax_operand(p, st, &r[i], t) < 0) return -1;
  irp_add_result_type(st, t);
  add_default_flags(p, st);
  return 0;
}

static int parse_binary(IrParser *p, IrOpState *st) {
  return parse_elementwise(p, st, 2);
}

static int parse_unary(IrParser *p, IrOpState *st) {
  return parse_elementwise(p, st, 1);
}

static void print_elementwise(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = ir_op(m, op);
  if (o->n_results != 1 || !o->n_operands) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, " ");
  irw_operands(w, m, op, 0, o->n_operands);
  /* the rest is a function of (opcode, props, attrs, type): kept (20 MB
   * corpus: ~200 instructions per op, mostly the flags) */
  uint32_t t = ir_vtype(m, o->results);
  if (irw_tail_cached(w, m, op, t)) return;
  print_op_flags(w, m, op);
  irw_op_attr_dict(w, m, op, elide_flags, 0);
  irw_str(w, " : ");
  irw_type(w, t);
  irw_tail_end(w, m, op, t);
}

/* An I32EnumAttr / I64EnumAttr value: a signless integer of that width
 * naming one of the n cases. */
static int enum_ok(const IrCtx *c, uint32_t attr, uint32_t width, int64_t n) {
  const IrAttr *a = ir_attr(c, attr);
  if (a->kind != IR_A_INT || a->ival < 0 || a->ival >= n) return 0;
  if (!a->type) return width == 64; /* type 0: the default, signless i64 */
  return ir_type_is_int(c, a->type, width) && ir_type(c, a->type)->sub == IR_SIGNLESS;
}

/* The flag, predicate and rounding-mode properties as MLIR converts them
 * from the op's property dictionary, which it does while parsing (or
 * reading bytecode) and before any verifier: a value of the wrong kind is
 * "invalid properties ... in property conversion". In the order of the
 * property names, which is the order MLIR converts them in. */
static int props_check(const IrModule *m, uint32_t op, IrDiag *d);

/* props_check once per properties dictionary and opcode of a context: the
 * verdict depends on nothing else, and the check looks up each property by
 * name (every check: ir-asm +2.4% instructions on the 2 MB bench slice). */
static int props_bad(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrOp *o = &m->ops[op];
  if (!o->props) return 0;
  uint64_t key = (uint64_t)o->props << 16 | o->opc;
  uint64_t *slot = ir_ctx_props_slot(m->ctx, o->props, o->opc);
  if (*slot == key) return 0;
  if (props_check(m, op, d)) return -1;
  *slot = key;
  return 0;
}

static int props_check(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  uint32_t opc = m->ops[op].opc, a;
  int k = flag_kind(opc);
  if (k == F_FASTMATH || k == F_OPT_FASTMATH || k == F_TRUNCF) {
    a = ir_op_prop_lit(m, op, "fastmath");
    if (a && flags_of(c, &fastmath, a) < 0) return ir_syntax_prop_error(m, op, d, "fastmath", a);
  }
  if (k == F_EXACT) {
    a = ir_op_prop_lit(m, op, "isExact");
    if (a && ir_attr(c, a)->kind != IR_A_UNIT)
      return ir_syntax_prop_error(m, op, d, "isExact", a);
  }
  if (k == F_OVERFLOW) {
    a = ir_op_prop_lit(m, op, "overflowFlags");
    if (a && flags_of(c, &overflow, a) < 0)
      return ir_syntax_prop_error(m, op, d, "overflowFlags", a);
  }
  if (opc == IR_OP_CMPI || opc == IR_OP_CMPF) {
    a = ir_op_prop_lit(m, op, "predicate");
    if (a && !enum_ok(c, a, 64, opc == IR_OP_CMPI ? 10 : 16))
      return ir_syntax_prop_error(m, op, d, "predicate", a);
  }
  if (k == F_TRUNCF) {
    a = ir_op_prop_lit(m, op, "roundingmode");
    if (a && !enum_ok(c, a, 32, 5)) return ir_syntax_prop_error(m, op, d, "roundingmode", a);
  }
  return 0;
}

static int verify_int_op(const IrModule *m, uint32_t op, IrDiag *d) {
  if (props_bad(m, op, d)) return -1;
  return ir_verify_arith_same(m, op, d, IR_LIKE_INT);
}

static int verify_float_op(const IrModule *m, uint32_t op, IrDiag *d) {
  if (props_bad(m, op, d)) return -1;
  return ir_verify_arith_same(m, op, d, IR_LIKE_FLOAT);
}

static int verify_cast(const IrModule *m, uint32_t op, IrDiag *d) {
  if (props_bad(m, op, d)) return -1;
  return ir_verify_arith_cast(m, op, d);
}

/* ====================================================================== */
/* Comparisons: `pred, %a, %b flags attr-dict : t`                         */
/* ====================================================================== */

/* i1, or a vector / tensor of i1 of the same shape (getI1SameShape). */
static uint32_t i1_like(IrCtx *c, uint32_t t) {
  IrType ty = *ir_type(c, t);
  int64_t dims[IR_MAX_RANK];
  if (ty.kind != IR_T_VECTOR && ty.kind != IR_T_TENSOR &&
      ty.kind != IR_T_UTENSOR)
    return ir_type_int(c, 1);
  if (ty.kind != IR_T_UTENSOR) {
    if (ty.n > IR_MAX_RANK) return ir_type_int(c, 1);
    memcpy(dims, ir_type_dims(c, t), ty.n * sizeof *dims);
  }
  ty.elem = ir_type_int(c, 1);
  return ir_type_intern(c, &ty, dims, NULL);
}

static int parse_cmp(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  const char *const *preds = st->opc == IR_OP_CMPI ? cmpi_preds : cmpf_preds;
  const IrTok *tk = irp_peek(p);
  uint32_t t;
  int k = -1;
  IrRef a, b;
  if (tk->kind == IR_TK_BARE_ID) {
    k = word_index(preds, tk->text, tk->len);
  } else if (tk->kind == IR_TK_STRING) {
    k = word_index(preds, tk->text, tk->len);
  }
  if (k < 0) {
    char list[160] = "";
    size_t n = 0;
    for (int i = 0; preds[i]; i++)
      n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "",
                            preds[i]);
    return ir_syntax_parse_error(p, st, 0,
                                 "expected string or keyword containing one "
                                 "of the following enum values for attribute "
                                 "'predicate' [%s]",
                                 list);
  }
  irp_next(p);
  irp_add_prop(p, st, "predicate", ir_attr_int(c, k, ir_type_int(c, 64)));
  if (irp_expect(p, IR_TK_COMMA, "','") < 0) return -1;
  if (irp_ref(p, &a) < 0) return -1;
  if (irp_expect(p, IR_TK_COMMA, "','") < 0) return -1;
  if (irp_ref(p, &b) < 0) return -1;
  if (parse_op_flags(p, st) < 0) return -1;
  if (irp_opt_attr_dict_into(p, st) < 0) return -1;
  if (irp_expect(p, IR_TK_COLON, "':'") < 0) return -1;
  if (irp_type(p, &t) < 0) return -1;
  /* the result type is inferred from lhs's, so ODS's parser checks its
   * constraint here, before resolving the operands */
  int like = st->opc == IR_OP_CMPI ? IR_LIKE_INT : IR_LIKE_FLOAT;
  if (!ir_type_like(c, t, like)) {
    char ts[512];
    ir_type_str(c, t, ts, sizeof ts);
    return ir_syntax_parse_error(p, st, st->loc, "'lhs' must be %s, but got '%s'",
                                 ir_like_text(like), ts);
  }
  if (ir_syntax_operand(p, st, &a, t) < 0) return -1;
  if (ir_syntax_operand(p, st, &b, t) < 0) return -1;
  irp_add_result_type(st, i1_like(c, t));
  add_default_flags(p, st);
  return 0;
}

static void print_cmp(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = ir_op(m, op);
  const char *const *preds = o->opc == IR_OP_CMPI ? cmpi_preds : cmpf_preds;
  int64_t npred = o->opc == IR_OP_CMPI ? 10 : 16;
  uint32_t pa = irw_prop(w, m, op, "predicate");
  const IrAttr *a = pa ? ir_attr(m->ctx, pa) : NULL;
  if (!a || a->kind != IR_A_INT || a->ival < 0 || a->ival >= npred ||
      o->n_operands != 2 || o->n_results != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, " ");
  irw_str(w, preds[a->ival]);
  irw_str(w, ", ");
  irw_operands(w, m, op, 0, 2);
  uint32_t t = ir_vtype(m, ir_operand(m, op, 0));
  if (irw_tail_cached(w, m, op, t)) return;
  print_op_flags(w, m, op);
  irw_op_attr_dict(w, m, op, elide_flags, 0);
  irw_str(w, " : ");
  irw_type(w, t);
  irw_tail_end(w, m, op, t);
}

static int verify_cmp(const IrModule *m, uint32_t op, IrDiag *d) {
  if (props_bad(m, op, d)) return -1;
  return ir_verify_arith_cmp(m, op, d, m->ops[op].opc == IR_OP_CMPI ? IR_LIKE_INT
                                                                    : IR_LIKE_FLOAT);
}

/* ====================================================================== */
/* arith.select: `%c, %a, %b attr-dict : [cond_type, ] t`                  */
/* ====================================================================== */

static int parse_select(IrParser *p, IrOpState *st) {
  IrRefVec refs = {0};
  uint32_t t, ct, types[3];
  int rc = -1;
  if (ir_syntax_parse_refs(p, &refs) < 0) goto out;
  if (refs.n != 3) {
    ir_syntax_parse_error(p, st, st->loc, "%u operands present, but expected 3",
                          refs.n);
    goto out;
  }
  if (irp_opt_attr_dict_into(p, st) < 0) goto out;
  if (irp_expect(p, IR_TK_COLON, "':'") < 0) goto out;
  if (irp_type(p, &t) < 0) goto out;
  ct = ir_type_int(irp_ctx(p), 1);
  if (irp_consume(p, IR_TK_COMMA) == 1) {
    ct = t;
    if (irp_type(p, &t) < 0) goto out;
  }
  types[0] = ct;
  types[1] = types[2] = t;
  if (ir_syntax_add_operands(p, st, &refs, types, 3, st->loc) < 0) goto out;
  irp_add_result_type(st, t);
  rc = 0;
out:
  ir_syntax_refs_free(&refs);
  return rc;
}

static void print_select(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = ir_op(m, op);
  uint32_t ct;
  int k;
  if (o->n_operands != 3 || o->n_results != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, " ");
  irw_operands(w, m, op, 0, 3);
  irw_op_attr_dict(w, m, op, NULL, 0);
  irw_str(w, " : ");
  ct = ir_vtype(m, ir_operand(m, op, 0));
  k = ir_type(m->ctx, ct)->kind;
  if (k == IR_T_VECTOR || k == IR_T_TENSOR || k == IR_T_UTENSOR ||
      k == IR_T_MEMREF || k == IR_T_UMEMREF) {
    irw_type(w, ct);
    irw_str(w, ", ");
  }
  irw_type(w, ir_vtype(m, o->results));
}

/* ====================================================================== */
/* Casts: `%x flags attr-dict : t1 to t2`                                  */
/* ====================================================================== */

static int parse_cast(IrParser *p, IrOpState *st) {
  IrRef r;
  uint32_t from, to;
  if (irp_ref(p, &r) < 0) return -1;
  if (parse_op_flags(p, st) < 0) return -1;
  if (irp_opt_attr_dict_into(p, st) < 0) return -1;
  if (irp_expect(p, IR_TK_COLON, "':'") < 0) return -1;
  if (irp_type(p, &from) < 0) return -1;
  if (irp_expect_kw(p, "to") < 0) return -1;
  if (irp_type(p, &to) < 0) return -1;
  if (ir_syntax_operand(p, st, &r, from) < 0) return -1;
  irp_add_result_type(st, to);
  add_default_flags(p, st);
  return 0;
}

static void print_cast(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = ir_op(m, op);
  if (o->n_operands != 1 || o->n_results != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, " ");
  irw_operands(w, m, op, 0, 1);
  print_op_flags(w, m, op);
  irw_op_attr_dict(w, m, op, elide_flags, 0);
  irw_str(w, " : ");
  irw_type(w, ir_vtype(m, ir_operand(m, op, 0)));
  irw_str(w, " to ");
  irw_type(w, ir_vtype(m, o->results));
}

/* ====================================================================== */
/* arith.constant: `attr-dict value`                                       */
/* ====================================================================== */

/* The type a typed attribute carries (integer literals default to i64,
 * floats to f64), or 0 if it has none. */
static uint32_t attr_type(IrCtx *c, uint32_t attr) {
  const IrAttr *a = ir_attr(c, attr);
  switch (a->kind) {
  case IR_A_BOOL: return ir_type_int(c, 1);
  case IR_A_INT: return a->type ? a->type : ir_type_int(c, 64);
  case IR_A_FLOAT: return a->type ? a->type : ir_type_float(c, IR_F64);
  default: return a->type;
  }
}

static int parse_constant(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  uint32_t a, t, loc;
  if (irp_opt_attr_dict_into(p, st) < 0) return -1;
  loc = irp_loc_here(p);
  if (irp_attr(p, 0, &a) < 0) return -1;
  if (!(t = attr_type(c, a)))
    return ir_syntax_parse_error(p, st, loc, "expected attribute with a type");
  irp_add_prop(p, st, "value", a);
  irp_add_result_type(st, t);
  return 0;
}

static void print_constant(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"value", NULL};
  uint32_t v = irw_prop(w, m, op, "value");
  if (!v || ir_op(m, op)->n_results != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_op_attr_dict(w, m, op, elide, 0);
  irw_str(w, " ");
  irw_attr(w, v);
}

/* An integer attribute's value as a signed number of its width. */
static int64_t sext(int64_t v, uint32_t width) {
  if (width == 0 || width >= 64) return v;
  uint64_t u = (uint64_t)v & ((UINT64_C(1) << width) - 1);
  uint64_t sign = UINT64_C(1) << (width - 1);
  return (int64_t)((u ^ sign) - sign);
}

/* Decimal v at p; returns the end (names are built without snprintf, which
 * costs more than the rest of naming a value). */
static char *put_i64(char *p, int64_t v) {
  char tmp[24], *q = tmp + sizeof tmp;
  uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  do {
    *--q = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (v < 0) *p++ = '-';
  memcpy(p, q, (size_t)(tmp + sizeof tmp - q));
  return p + (tmp + sizeof tmp - q);
}

static void names_constant(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrCtx *c = m->ctx;
  uint32_t v = irw_prop(w, m, op, "value");
  const IrAttr *a = v ? ir_attr(c, v) : NULL;
  uint32_t res = ir_result(m, op, 0);
  const IrType *t = ir_type(c, ir_vtype(m, res));
  char buf[64];
  if (ir_op(m, op)->n_results != 1) return;
  if (a && (a->kind == IR_A_BOOL ||
            (a->kind == IR_A_INT && t->kind == IR_T_INT && t->width == 1))) {
    if (a->ival) irw_set_name_n(w, res, "true", 4);
    else irw_set_name_n(w, res, "false", 5);
    return;
  }
  if (a && a->kind == IR_A_INT) {
    char *p = buf;
    *p++ = 'c';
    if (t->kind == IR_T_INT) {
      p = put_i64(p, sext(a->ival, t->width));
      *p++ = '_';
      if (t->sub == IR_SIGNED) *p++ = 's';
      else if (t->sub == IR_UNSIGNED) *p++ = 'u';
      *p++ = 'i';
      p = put_i64(p, t->width);
    } else {
      p = put_i64(p, a->ival);
    }
    irw_set_name_n(w, res, buf, (size_t)(p - buf)); /* c[-0-9_siu]* */
    return;
  }
  irw_set_name_n(w, res, "cst", 3);
}

static int verify_constant(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrOp *o = ir_op(m, op);
  uint32_t v = ir_op_prop_lit(m, op, "value"), rt;
  const IrAttr *a;
  if (!v) return ir_syntax_op_error(m, op, d, "requires attribute 'value'");
  if (o->n_results != 1) return 0;
  rt = ir_vtype(m, o->results);
  a = ir_attr(c, v);
  if (ir_type(c, rt)->kind == IR_T_INT && ir_type(c, rt)->sub != IR_SIGNLESS)
    return ir_syntax_op_error(m, op, d, "integer return type must be signless");
  if (a->kind != IR_A_BOOL && a->kind != IR_A_INT && a->kind != IR_A_FLOAT &&
      a->kind != IR_A_DENSE)
    return ir_syntax_op_error(
        m, op, d, "value must be an integer, float, or elements attribute");
  if (a->kind == IR_A_BOOL ? !ir_type_is_int(c, rt, 1)
                           : (a->type && a->type != rt))
    return ir_syntax_op_error(m, op, d,
                              "failed to verify that all of {value, result} "
                              "have same type");
  return 0;
}

/* ====================================================================== */
/* index.constant: `attr-dict value`                                       */
/* ====================================================================== */

static int parse_index_constant(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  int64_t v;
  if (irp_opt_attr_dict_into(p, st) < 0) return -1;
  if (irp_int(p, &v) < 0) return -1;
  irp_add_prop(p, st, "value", ir_attr_int(c, v, ir_type_index(c)));
  irp_add_result_type(st, ir_type_index(c));
  return 0;
}

/* ODS: an IndexAttr value and an index result. */
static int verify_index_constant(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  uint32_t v = ir_op_prop_lit(m, op, "value"), rt = ir_vtype(m, m->ops[op].results);
  if (!v) return ir_syntax_op_error(m, op, d, "requires attribute 'value'");
  const IrAttr *a = ir_attr(c, v);
  if (a->kind != IR_A_INT || ir_type(c, a->type)->kind != IR_T_INDEX)
    return ir_syntax_op_error(m, op, d, "attribute 'value' failed to satisfy "
                              "constraint: index attribute");
  if (ir_type(c, rt)->kind != IR_T_INDEX)
    return ir_syntax_type_error(m, op, d, "result", 0, "index", rt);
  return 0;
}

static void print_index_constant(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"value", NULL};
  uint32_t v = irw_prop(w, m, op, "value");
  if (!v || ir_attr(m->ctx, v)->kind != IR_A_INT) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_op_attr_dict(w, m, op, elide, 0);
  irw_str(w, " ");
  irw_i64(w, ir_attr(m->ctx, v)->ival);
}

static void names_index_constant(IrPrinter *w, const IrModule *m, uint32_t op) {
  uint32_t v = irw_prop(w, m, op, "value");
  char buf[32];
  if (!v || ir_attr(m->ctx, v)->kind != IR_A_INT || ir_op(m, op)->n_results != 1)
    return;
  memcpy(buf, "idx", 3);
  *put_i64(buf + 3, ir_attr(m->ctx, v)->ival) = 0;
  irw_set_name(w, ir_result(m, op, 0), buf);
}

/* ====================================================================== */

#define BIN(name) {name, parse_binary, print_elementwise, NULL, verify_int_op}
#define FBIN(name) {name, parse_binary, print_elementwise, NULL, verify_float_op}
#define UN(name) {name, parse_unary, print_elementwise, NULL, verify_float_op}
#define CAST(name) {name, parse_cast, print_cast, NULL, verify_cast}

const IrOpHooks ir_hooks_arith[] = {
    {"arith.constant", parse_constant, print_constant, names_constant,
     verify_constant},
    BIN("arith.addi"), BIN("arith.subi"), BIN("arith.muli"),
    BIN("arith.divsi"), BIN("arith.divui"), BIN("arith.ceildivsi"),
    BIN("arith.floordivsi"), BIN("arith.remsi"), BIN("arith.remui"),
    BIN("arith.minsi"), BIN("arith.maxsi"), BIN("arith.minui"),
    BIN("arith.maxui"), BIN("arith.andi"), BIN("arith.ori"),
    BIN("arith.xori"), BIN("arith.shli"), BIN("arith.shrsi"),
    BIN("arith.shrui"),
    {"arith.cmpi", parse_cmp, print_cmp, NULL, verify_cmp},
    {"arith.cmpf", parse_cmp, print_cmp, NULL, verify_cmp},
    {"arith.select", parse_select, print_select, NULL, ir_verify_arith_select},
    CAST("arith.index_cast"), CAST("arith.index_castui"), CAST("arith.extui"),
    CAST("arith.extsi"), CAST("arith.trunci"), CAST("arith.sitofp"),
    CAST("arith.uitofp"), CAST("arith.fptosi"), CAST("arith.fptoui"),
    CAST("arith.extf"), CAST("arith.truncf"),
    FBIN("arith.addf"), FBIN("arith.subf"), FBIN("arith.mulf"),
    FBIN("arith.divf"), UN("arith.negf"), FBIN("arith.minimumf"),
    FBIN("arith.maximumf"),
    UN("math.exp"), UN("math.ceil"),
    {"index.constant", parse_index_constant, print_index_constant,
     names_index_constant, verify_index_constant},
    {0},
};
