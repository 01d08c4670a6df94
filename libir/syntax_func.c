/*
 * syntax_func.c - custom assembly of the func dialect: func.func (MLIR's
 * function_interface_impl syntax: visibility, argument and result
 * attributes, declarations without a body, `attributes {...}`),
 * func.return and func.call.
 */
#include <stdlib.h>

#include "irint.h"

/* ====================================================================== */
/* func.func                                                              */
/* ====================================================================== */

/* The signature being parsed: entry block arguments (or bare types in a
 * declaration) and results, each with its attribute dictionary. */
typedef struct Sig {
  IrArgDef *args;       /* arguments; ref.name NULL when unnamed */
  uint32_t n_args, cap_args;
  IrTypeVec res;        /* result types */
  uint32_t *res_attrs;  /* DICT per result, 0 = none */
  uint32_t n_res_attrs, cap_res_attrs;
} Sig;

static void sig_free(Sig *s) {
  free(s->args);
  ir_syntax_types_free(&s->res);
  free(s->res_attrs);
}

/* `(%a: t {attrs}, ...)` or, in a declaration, `(t {attrs}, ...)`. A
 * list that mixes the two is refused as MLIR's parseFunctionArgumentList
 * refuses it: a name after types once the named argument has parsed, at
 * its name; a type after names before it is parsed, at the type. */
static int parse_args(IrParser *p, const IrOpState *st, Sig *s) {
  int named = -1;
  if (irp_expect(p, IR_TK_LPAREN, "'('") < 0) return -1;
  if (irp_consume(p, IR_TK_RPAREN) == 1) return 0;
  do {
    IrArgDef a;
    int is_named = irp_peek(p)->kind == IR_TK_PERCENT_ID;
    memset(&a, 0, sizeof a);
    if (named == 1 && !is_named)
      return ir_syntax_parse_error(p, st, 0, "expected SSA identifier");
    if (is_named) {
      if (irp_arg_def(p, &a, 1, 1) < 0) return -1;
      if (named == 0)
        return ir_syntax_parse_error(p, st, a.ref.loc,
                                     "expected type instead of SSA identifier");
    } else {
      IrNamedAttr *list = NULL;
      uint32_t n = 0;
      a.loc = irp_loc_here(p);
      if (irp_type(p, &a.type) < 0) return -1;
      if (irp_opt_attr_dict(p, &list, &n) < 0) return -1;
      if (n) a.attrs = irp_dict(p, list, n);
      uint32_t loc; /* a declaration has no block: the location is dropped */
      if (irp_opt_loc(p, &loc) < 0) return -1;
    }
    named = is_named;
    IR_VPUSH(s->args, s->n_args, s->cap_args, a);
  } while (irp_consume(p, IR_TK_COMMA) == 1);
  return irp_expect(p, IR_TK_RPAREN, "')'");
}

/* One result: a type and an optional attribute dictionary. */
static int parse_result(IrParser *p, Sig *s) {
  IrNamedAttr *list = NULL;
  uint32_t n = 0, t, d = 0;
  if (irp_type(p, &t) < 0) return -1;
  if (irp_opt_attr_dict(p, &list, &n) < 0) return -1;
  if (n) d = irp_dict(p, list, n);
  ir_syntax_types_push(p, &s->res, t);
  IR_VPUSH(s->res_attrs, s->n_res_attrs, s->cap_res_attrs, d);
  return 0;
}

/* After `->`: `(t {a}, t)`, `()` or a single type without attributes. */
static int parse_results(IrParser *p, Sig *s) {
  if (irp_consume(p, IR_TK_LPAREN) == 1) {
    if (irp_consume(p, IR_TK_RPAREN) == 1) return 0;
    do {
      if (parse_result(p, s) < 0) return -1;
    } while (irp_consume(p, IR_TK_COMMA) == 1);
    return irp_expect(p, IR_TK_RPAREN, "')'");
  }
  uint32_t t;
  if (irp_type(p, &t) < 0) return -1;
  ir_syntax_types_push(p, &s->res, t);
  IR_VPUSH(s->res_attrs, s->n_res_attrs, s->cap_res_attrs, 0u);
  return 0;
}

/* `[{...}, {}]` when any entry has attributes, else 0 (MLIR then leaves
 * arg_attrs / res_attrs out). */
static uint32_t attr_array(IrCtx *c, const uint32_t *dicts, uint32_t n) {
  uint32_t any = 0, *v, r, empty;
  for (uint32_t i = 0; i < n; i++) any |= dicts[i] != 0;
  if (!any) return 0;
  empty = ir_syntax_empty_dict(c);
  v = ir_xmalloc(n * sizeof *v);
  for (uint32_t i = 0; i < n; i++) v[i] = dicts[i] ? dicts[i] : empty;
  r = ir_syntax_array(c, v, n);
  free(v);
  return r;
}

/* `attributes {..}`: the attributes the syntax gives may not be in it
 * (function_interface_impl's parser, which reports them in this order at
 * the keyword); its other inherent ones are properties. */
static int attributes_dict(IrParser *p, IrOpState *st) {
  static const char *const inferred[] = {"sym_visibility", "sym_name", "function_type"};
  IrCtx *c = irp_ctx(p);
  uint32_t at = irp_loc_here(p), n;
  IrNamedAttr *l;
  if (!irp_consume_kw(p, "attributes")) return 0;
  if (irp_peek(p)->kind != IR_TK_LBRACE)
    return irp_error(p, "expected '{' in attribute dictionary");
  if (irp_opt_attr_dict(p, &l, &n) < 0) return -1;
  for (size_t k = 0; k < sizeof inferred / sizeof *inferred; k++) {
    uint32_t name = ir_cstr(c, inferred[k]);
    for (uint32_t i = 0; i < n; i++)
      if (l[i].name == name)
        return ir_syntax_parse_error(p, st, at, "'%s' is an inferred attribute and "
                                     "should not be specified in the explicit "
                                     "attribute dictionary", inferred[k]);
  }
  for (uint32_t i = 0; i < n; i++) {
    const char *s = ir_str_ptr(c, l[i].name);
    size_t len = ir_str_len(c, l[i].name);
    if (ir_op_is_inherent(st->opc, s, len)) irp_add_prop(p, st, s, l[i].attr);
    else irp_add_attr(p, st, s, l[i].attr);
  }
  return 0;
}

static int parse_func(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  IrBuilder *b = irp_builder(p);
  Sig s;
  uint32_t name, region, *ins = NULL, a;
  const char *kw;
  uint32_t kwn;
  int rc = -1;
  memset(&s, 0, sizeof s);
  if (irp_peek(p)->kind == IR_TK_BARE_ID) {
    const IrTok *t = irp_peek(p);
    if ((t->len == 6 && !memcmp(t->text, "public", 6)) ||
        (t->len == 7 && !memcmp(t->text, "private", 7)) ||
        (t->len == 6 && !memcmp(t->text, "nested", 6))) {
      if (irp_keyword(p, &kw, &kwn) < 0) goto out;
      irp_add_prop(p, st, "sym_visibility", ir_attr_string(c, kw, kwn));
    }
  }
  if (irp_symbol(p, &name) < 0) goto out;
  irp_add_prop(p, st, "sym_name",
               ir_attr_string(c, ir_str_ptr(c, name), ir_str_len(c, name)));
  if (parse_args(p, st, &s) < 0) goto out;
  if (irp_consume(p, IR_TK_ARROW) == 1 && parse_results(p, &s) < 0) goto out;
  ins = ir_xmalloc((2 * s.n_args + 1) * sizeof *ins);
  for (uint32_t i = 0; i < s.n_args; i++) {
    ins[i] = s.args[i].type;
    ins[s.n_args + i] = s.args[i].attrs;
  }
  irp_add_prop(p, st, "function_type",
               ir_attr_type(c, ir_type_func(c, s.n_args, ins, s.res.n, s.res.v)));
  if ((a = attr_array(c, ins + s.n_args, s.n_args)))
    irp_add_prop(p, st, "arg_attrs", a);
  if ((a = attr_array(c, s.res_attrs, s.n_res_attrs)))
    irp_add_prop(p, st, "res_attrs", a);
  if (attributes_dict(p, st) < 0) goto out;
  region = irb_region(b);
  irp_add_region(st, region);
  if (irp_peek(p)->kind == IR_TK_LBRACE) {
    /* unnamed arguments give the body no entry arguments (MLIR's
     * parseRegion), which the verifier then refuses */
    int named = s.n_args && s.args[0].ref.name;
    uint32_t at = irp_loc_here(p);
    if (irp_region(p, region, named ? s.args : NULL, named ? s.n_args : 0, 1) < 0) goto out;
    /* `{}` is no body (function_interface_impl's parser), unless the
     * arguments are unnamed: MLIR's parseRegion then parses the braces as
     * a block of its own, empty, which the verifier refuses */
    if (!irb_region_n_blocks(b, region) && s.n_args && !named) irb_block(b, region);
    if (!irb_region_n_blocks(b, region)) {
      ir_syntax_parse_error(p, st, at, "expected non-empty function body");
      goto out;
    }
  }
  rc = 0;
out:
  free(ins);
  sig_free(&s);
  return rc;
}

/* The dictionary at position i of an `[{..}, ..]` array attribute, or 0. */
static uint32_t array_dict(const IrCtx *c, uint32_t arr, uint32_t i) {
  const IrAttr *a = arr ? ir_attr(c, arr) : NULL;
  if (!a || a->kind != IR_A_ARRAY || i >= a->n) return 0;
  return ir_attr_u32(c, arr)[i];
}

static void print_func(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"sym_name", "sym_visibility",
                                      "function_type", "arg_attrs",
                                      "res_attrs", NULL};
  const IrCtx *c = m->ctx;
  const IrOp *o = ir_op(m, op);
  uint32_t p[5]; /* the props named in elide, in its order */
  irw_props(w, m, op, elide, p);
  uint32_t name = p[0], vis = p[1], fta = p[2], argat = p[3], resat = p[4];
  uint32_t ft = fta ? ir_attr(c, fta)->type : 0;
  const IrRegion *body = o->n_regions ? &m->regions[o->regions] : NULL;
  const IrBlock *entry = body && body->n_blocks ? &m->blocks[body->blocks] : NULL;
  const uint32_t *tl;
  uint32_t nin, nres;
  if (!name || ir_attr(c, name)->kind != IR_A_STRING || !ft ||
      ir_type(c, ft)->kind != IR_T_FUNC || o->n_regions != 1 ||
      (entry && entry->n_args != ir_type(c, ft)->n)) {
    irw_generic_op(w, m, op);
    return;
  }
  nin = ir_type(c, ft)->n;
  nres = ir_type(c, ft)->nres;
  tl = ir_type_list(c, ft);
  irw_str(w, " ");
  if (vis && ir_attr(c, vis)->kind == IR_A_STRING) {
    irw_mem(w, ir_str_ptr(c, ir_attr(c, vis)->str),
            ir_str_len(c, ir_attr(c, vis)->str));
    irw_str(w, " ");
  }
  irw_symbol(w, ir_attr(c, name)->str);
  irw_str(w, "(");
  for (uint32_t i = 0; i < nin; i++) {
    if (i) irw_str(w, ", ");
    if (entry) {
      irw_value(w, entry->args + i);
      irw_str(w, ": ");
    }
    irw_type(w, tl[i]);
    irw_attr_dict(w, array_dict(c, argat, i), NULL);
    if (entry) irw_arg_loc(w, entry->args + i);
  }
  irw_str(w, ")");
  if (nres) {
    int paren = nres > 1 || ir_type(c, tl[nin])->kind == IR_T_FUNC;
    uint32_t d0 = array_dict(c, resat, 0);
    if (d0 && ir_attr(c, d0)->n) paren = 1;
    irw_str(w, paren ? " -> (" : " -> ");
    for (uint32_t i = 0; i < nres; i++) {
      if (i) irw_str(w, ", ");
      irw_type(w, tl[nin + i]);
      irw_attr_dict(w, array_dict(c, resat, i), NULL);
    }
    if (paren) irw_str(w, ")");
  }
  /* nothing to print when the properties are the five alone and there are
   * no attributes: a function's dictionary is its own, so the printer's
   * cache of dictionaries that print nothing always missed (20 MB corpus:
   * ~265 instructions a function; ir_print 232.0M -> 230.1M) */
  uint32_t n_known = 0;
  for (uint32_t k = 0; k < 5; k++) n_known += p[k] != 0;
  if (o->attrs || !o->props || ir_attr(c, o->props)->n != n_known)
    irw_op_attr_dict(w, m, op, elide, 1);
  if (entry) irw_region(w, m, o->regions, 0, 1);
}

/* The function type of a func.func op, or 0. */
static uint32_t func_type(const IrModule *m, uint32_t fn) {
  uint32_t a = ir_op_prop_lit(m, fn, "function_type");
  const IrAttr *at = a ? ir_attr(m->ctx, a) : NULL;
  uint32_t t = at && at->kind == IR_A_TYPE ? at->type : 0;
  return t && ir_type(m->ctx, t)->kind == IR_T_FUNC ? t : 0;
}

static const char *func_name(const IrModule *m, uint32_t fn) {
  uint32_t a = ir_op_prop_lit(m, fn, "sym_name");
  return a && ir_attr(m->ctx, a)->kind == IR_A_STRING
             ? ir_str_ptr(m->ctx, ir_attr(m->ctx, a)->str)
             : "";
}

int ir_syntax_verify_function(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrOp *o = ir_op(m, op);
  uint32_t ft = func_type(m, op);
  const IrRegion *body;
  if (!ir_op_prop_lit(m, op, "sym_name"))
    return ir_syntax_op_error(m, op, d, "requires attribute 'sym_name'");
  if (!ft)
    return ir_syntax_op_error(m, op, d, ir_op_prop_lit(m, op, "function_type")
                                            ? "attribute 'function_type' failed to satisfy "
                                              "constraint: type attribute of function type"
                                            : "requires attribute 'function_type'");
  if (o->n_regions != 1) return 0;
  body = &m->regions[o->regions];
  if (body->n_blocks) {
    const IrBlock *e = &m->blocks[body->blocks];
    const IrType *t = ir_type(m->ctx, ft);
    const uint32_t *tl = ir_type_list(m->ctx, ft);
    if (e->n_args != t->n)
      return ir_syntax_op_error(m, op, d,
                                "entry block must have %u arguments to match "
                                "function signature",
                                t->n);
    for (uint32_t i = 0; i < t->n; i++)
      if (ir_vtype(m, e->args + i) != tl[i]) {
        char have[256], want[256];
        ir_type_str(m->ctx, ir_vtype(m, e->args + i), have, sizeof have);
        ir_type_str(m->ctx, tl[i], want, sizeof want);
        return ir_syntax_op_error(
            m, op, d,
            "type of entry block argument #%u('%s') must match the type of the "
            "corresponding argument in function signature('%s')",
            i, have, want);
      }
  } else {
    uint32_t vis = ir_op_prop_lit(m, op, "sym_visibility");
    if (!vis || ir_syntax_attr_is_str(m->ctx, vis, "public"))
      return ir_syntax_op_error(m, op, d,
                                "symbol declaration cannot have public "
                                "visibility");
  }
  return ir_syntax_verify_symbol_parent(m, op, d);
}

int ir_syntax_verify_symbol_parent(const IrModule *m, uint32_t op, IrDiag *d) {
  uint32_t parent = ir_op_parent(m, op);
  if (parent == IR_NONE || m->ops[parent].opc == IR_OP_UNKNOWN ||
      (ir_op_traits(m->ops[parent].opc) & IR_TR_SYMBOL_TABLE))
    return 0;
  return ir_syntax_op_error(m, op, d, "symbol's parent must have the SymbolTable trait");
}

/* ====================================================================== */
/* func.return                                                            */
/* ====================================================================== */

/* `attr-dict (%a, %b : t1, t2)?`: shared with every `yield`-like op. */
int ir_syntax_parse_yield(IrParser *p, IrOpState *st) {
  IrRefVec refs = {0};
  IrTypeVec types = {0};
  int rc = -1;
  if (irp_opt_attr_dict_into(p, st) < 0) goto out;
  if (ir_syntax_parse_refs(p, &refs) < 0) goto out;
  if (refs.n) {
    if (irp_expect(p, IR_TK_COLON, "':'") < 0) goto out;
    if (ir_syntax_parse_types(p, &types) < 0) goto out;
  }
  if (ir_syntax_add_operands(p, st, &refs, types.v, types.n, st->loc) < 0)
    goto out;
  rc = 0;
out:
  ir_syntax_refs_free(&refs);
  ir_syntax_types_free(&types);
  return rc;
}

void ir_syntax_print_yield(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = ir_op(m, op);
  /* the test here spares the call for the usual terminator without
   * properties or attributes (20 MB corpus: 59k; ir_print 227.8M ->
   * 227.2M) */
  if (o->props || o->attrs) irw_op_attr_dict(w, m, op, NULL, 0);
  if (!o->n_operands) return;
  irw_str(w, " ");
  irw_operands(w, m, op, 0, o->n_operands);
  irw_str(w, " : ");
  ir_syntax_print_operand_types(w, m, op, 0, o->n_operands);
}

static int verify_return(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrOp *o = ir_op(m, op);
  uint32_t fn = ir_op_parent(m, op), ft;
  const uint32_t *tl;
  uint32_t nin, nres;
  if (fn == IR_NONE || m->ops[fn].opc != IR_OP_FUNC)
    return ir_syntax_op_error(m, op, d, "expects parent op 'func.func'");
  if (!(ft = func_type(m, fn))) return 0;
  const IrType *fty = ir_type(m->ctx, ft);
  nin = fty->n;
  nres = fty->nres;
  tl = ir_type_list(m->ctx, ft);
  if (o->n_operands != nres)
    return ir_syntax_op_error(
        m, op, d, "has %u operands, but enclosing function (@%s) returns %u",
        o->n_operands, func_name(m, fn), nres);
  for (uint32_t i = 0; i < nres; i++) {
    uint32_t have = ir_vtype(m, ir_operand(m, op, i));
    if (have == tl[nin + i]) continue;
    /* MLIR's ReturnOp::verify uses emitError: no "'func.return' op" */
    char th[256], tw[256];
    ir_type_str(m->ctx, have, th, sizeof th);
    ir_type_str(m->ctx, tl[nin + i], tw, sizeof tw);
    ir_diag(d, m->ctx, o->loc, IR_SEV_ERROR,
            "type of return operand %u ('%s') doesn't match function result "
            "type ('%s') in function @%s", i, th, tw, func_name(m, fn));
    return -1;
  }
  return 0;
}

/* ====================================================================== */
/* func.call                                                              */
/* ====================================================================== */

/* `@callee(%a, %b) attr-dict : (t1, t2) -> r` */
static int parse_call(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  IrRefVec refs = {0};
  uint32_t callee, ft, loc;
  const IrType *t;
  int rc = -1;
  if (irp_symbol(p, &callee) < 0) goto out;
  irp_add_prop(p, st, "callee", ir_attr_symref(c, callee));
  if (irp_expect(p, IR_TK_LPAREN, "'('") < 0) goto out;
  if (ir_syntax_parse_refs(p, &refs) < 0) goto out;
  if (irp_expect(p, IR_TK_RPAREN, "')'") < 0) goto out;
  if (irp_opt_attr_dict_into(p, st) < 0) goto out;
  if (irp_expect(p, IR_TK_COLON, "':'") < 0) goto out;
  loc = irp_loc_here(p);
  if (irp_function_type(p, &ft) < 0) goto out;
  t = ir_type(c, ft);
  if (ir_syntax_add_operands(p, st, &refs, ir_type_list(c, ft), t->n, loc) < 0)
    goto out;
  t = ir_type(c, ft);
  for (uint32_t i = 0; i < t->nres; i++)
    irp_add_result_type(st, ir_type_list(c, ft)[t->n + i]);
  rc = 0;
out:
  ir_syntax_refs_free(&refs);
  return rc;
}

static void print_call(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"callee", NULL};
  const IrOp *o = ir_op(m, op);
  uint32_t callee = irw_prop(w, m, op, "callee");
  if (!callee || ir_attr(m->ctx, callee)->kind != IR_A_SYMREF) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, " ");
  irw_attr(w, callee);
  irw_str(w, "(");
  irw_operands(w, m, op, 0, o->n_operands);
  irw_str(w, ")");
  irw_op_attr_dict(w, m, op, elide, 0);
  irw_str(w, " : ");
  ir_syntax_print_op_functional_type(w, m, op);
}

static int verify_call(const IrModule *m, uint32_t op, IrDiag *d) {
  if (!ir_op_prop_lit(m, op, "callee"))
    return ir_syntax_op_error(m, op, d, "requires attribute 'callee'");
  return 0;
}

const IrOpHooks ir_hooks_func[] = {
    {"func.func", parse_func, print_func, NULL, ir_syntax_verify_function},
    {"func.return", ir_syntax_parse_yield, ir_syntax_print_yield, NULL,
     verify_return},
    {"func.call", parse_call, print_call, NULL, verify_call},
    {0},
};
