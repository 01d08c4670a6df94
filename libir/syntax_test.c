/*
 * syntax_test.c - custom assembly of MLIR's test dialect ops that the
 * upstream buffer-deallocation tests write in custom form. The other test
 * ops (read_buffer, memref_user, forward_buffer, make_condition,
 * side_effect_op, one_region_with_recursive_memory_effects, return) only
 * have the generic form in mlir-opt-22, which the parser core handles.
 *
 * test.isolated_one_region_with_recursive_memory_effects is not known to
 * mlir-opt-22; its syntax follows the upstream test that uses it:
 *   %r = test.isolated_one_region_with_recursive_memory_effects %a, %b {
 *   ^bb0(...): ...
 *   } : (t1, t2) -> r
 */
#include "irint.h"

/* ---------------------------------------------------------------------- */
/* Helpers                                                                */
/* ---------------------------------------------------------------------- */

static int colon(IrParser *p) { return irp_expect(p, IR_TK_COLON, "':'"); }

/* Refs `%a, %b` (at least one if `need`), into refs[] (at most max). */
static int refs(IrParser *p, IrRef *r, uint32_t max, uint32_t *n, int need) {
  *n = 0;
  if (irp_peek(p)->kind != IR_TK_PERCENT_ID)
    return need ? irp_error(p, "expected SSA operand") : 0;
  do {
    if (*n >= max) return irp_error(p, "too many operands");
    if (irp_ref(p, &r[(*n)++]) < 0) return -1;
  } while (irp_consume(p, IR_TK_COMMA) == 1);
  return 0;
}

/* Types `t1, t2`, exactly n of them, into t[]. */
static int typed_list(IrParser *p, uint32_t n, uint32_t *t) {
  uint32_t loc = irp_loc_here(p);
  for (uint32_t k = 0; k < n; k++)
    if ((k && irp_expect(p, IR_TK_COMMA, "','") < 0) || irp_type(p, &t[k]) < 0) return -1;
  if (irp_peek(p)->kind == IR_TK_COMMA)
    return irp_error_at(p, loc, "%u operands present, but expected %u", n + 1, n);
  return 0;
}

/* r[k] resolved against t[k], appended as operands. */
static int resolve_all(IrParser *p, IrOpState *st, const IrRef *r, const uint32_t *t,
                       uint32_t n) {
  for (uint32_t k = 0; k < n; k++)
    if (ir_syntax_operand(p, st, &r[k], t[k]) < 0) return -1;
  return 0;
}

static void typed_value(IrPrinter *w, const IrModule *m, uint32_t op,
                        uint32_t k) {
  uint32_t v = ir_operand(m, op, k);
  irw_value(w, v);
  irw_str(w, " : ");
  irw_type(w, ir_vtype(m, v));
}

/* A region `{...}` whose entry block names its own arguments. */
static int region(IrParser *p, IrOpState *st, int isolated) {
  uint32_t r = irb_region(irp_builder(p));
  if (irp_peek(p)->kind != IR_TK_LBRACE) return irp_error(p, "expected '{'");
  if (irp_region(p, r, NULL, 0, isolated) < 0) return -1;
  irp_add_region(st, r);
  return 0;
}

static void print_region(IrPrinter *w, const IrModule *m, uint32_t op,
                         uint32_t k) {
  irw_region(w, m, m->ops[op].regions + k, 1, 1);
}

/* ` -> t` or ` -> (t1, t2)` (MLIR's printArrowTypeList). */
static void arrow_types(IrPrinter *w, const IrModule *m, uint32_t op) {
  irw_str(w, " -> ");
  irw_result_types(w, m, op);
}

/* `-> t` or `-> (t1, ...)` as result types. */
static int parse_arrow_results(IrParser *p, IrOpState *st) {
  uint32_t *ts, n, k;
  if (irp_expect(p, IR_TK_ARROW, "'->'") < 0 ||
      irp_type_list_parens(p, &ts, &n) < 0)
    return -1;
  for (k = 0; k < n; k++) irp_add_result_type(st, ts[k]);
  return 0;
}

/* ---------------------------------------------------------------------- */
/* test.copy: `(` %a `,` %b `)` `:` `(` t `,` t `)` attr-dict             */
/* ---------------------------------------------------------------------- */

/* Its declarative format parses both types as memref types (a type of
 * another kind is an error where it stands) and resolves the operands
 * last. */
static int parse_copy(IrParser *p, IrOpState *st) {
  IrRef r[2];
  uint32_t t[2];
  if (irp_expect(p, IR_TK_LPAREN, "'('") < 0 || irp_ref(p, &r[0]) < 0 ||
      irp_expect(p, IR_TK_COMMA, "','") < 0 || irp_ref(p, &r[1]) < 0 ||
      irp_expect(p, IR_TK_RPAREN, "')'") < 0 || colon(p) < 0 ||
      irp_expect(p, IR_TK_LPAREN, "'('") < 0)
    return -1;
  for (int k = 0; k < 2; k++) {
    if (k && irp_expect(p, IR_TK_COMMA, "','") < 0) return -1;
    uint32_t loc = irp_loc_here(p);
    if (irp_type(p, &t[k]) < 0 ||
        ir_syntax_kind_check(p, st, loc, t[k], IR_KIND_BASE_MEMREF) < 0)
      return -1;
  }
  if (irp_expect(p, IR_TK_RPAREN, "')'") < 0 || irp_opt_attr_dict_into(p, st) < 0)
    return -1;
  return resolve_all(p, st, r, t, 2);
}

static void print_copy(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = &m->ops[op];
  if (o->n_operands != 2) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, "(");
  irw_operands(w, m, op, 0, 2);
  irw_str(w, ") : (");
  irw_value_types(w, m, &m->operands[o->operands], 2);
  irw_str(w, ")");
  irw_op_attr_dict(w, m, op, NULL, 0);
}

/* ---------------------------------------------------------------------- */
/* test.buffer_based / region_buffer_based:                               */
/*   `in(` %a `:` t `)` `out(` %b `:` t `)` region? attr-dict             */
/* ---------------------------------------------------------------------- */

/* The two `%x : t` operands are resolved by the caller, at the end, as
 * the ops' declarative format does (after region_buffer_based's region). */
static int parse_in_out(IrParser *p, IrOpState *st, IrRef r[2], uint32_t t[2]) {
  for (int k = 0; k < 2; k++) {
    if (irp_expect_kw(p, k ? "out" : "in") < 0 || irp_expect(p, IR_TK_LPAREN, "'('") < 0 ||
        irp_ref(p, &r[k]) < 0 || colon(p) < 0)
      return -1;
    uint32_t loc = irp_loc_here(p);
    if (irp_type(p, &t[k]) < 0 ||
        ir_syntax_kind_check(p, st, loc, t[k], IR_KIND_BASE_MEMREF) < 0 ||
        irp_expect(p, IR_TK_RPAREN, "')'") < 0)
      return -1;
  }
  return 0;
}

static int parse_buffer_based(IrParser *p, IrOpState *st) {
  IrRef r[2];
  uint32_t t[2];
  if (parse_in_out(p, st, r, t) < 0 || irp_opt_attr_dict_into(p, st) < 0) return -1;
  return resolve_all(p, st, r, t, 2);
}

static int parse_region_buffer_based(IrParser *p, IrOpState *st) {
  IrRef r[2];
  uint32_t t[2];
  if (parse_in_out(p, st, r, t) < 0 || region(p, st, 0) < 0 ||
      irp_opt_attr_dict_into(p, st) < 0)
    return -1;
  return resolve_all(p, st, r, t, 2);
}

static void print_buffer_based(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = &m->ops[op];
  if (o->n_operands != 2 || o->n_regions > 1) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, " in(");
  typed_value(w, m, op, 0);
  irw_str(w, ") out(");
  typed_value(w, m, op, 1);
  irw_str(w, ")");
  if (o->n_regions) print_region(w, m, op, 0);
  irw_op_attr_dict(w, m, op, NULL, 0);
}

/* ---------------------------------------------------------------------- */
/* test.region_yield / region_if_yield: %a, %b `:` t1, t2 attr-dict        */
/* ---------------------------------------------------------------------- */

/* mlir-opt-22 has region_yield with exactly one operand; newer MLIR (and
 * the upstream tests' expected output) yields several, so any number is
 * accepted, none meaning an empty yield. */
static int parse_yield(IrParser *p, IrOpState *st) {
  IrRef r[64];
  uint32_t n;
  if (refs(p, r, 64, &n, 0) < 0) return -1;
  uint32_t t[64];
  if (n && (colon(p) < 0 || typed_list(p, n, t) < 0)) return -1;
  /* resolved last, as the declarative format does */
  if (irp_opt_attr_dict_into(p, st) < 0) return -1;
  return resolve_all(p, st, r, t, n);
}

static void print_yield(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = &m->ops[op];
  if (!o->n_operands) {
    /* No custom spelling mlir-opt-22 reads back: stay generic. */
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, " ");
  irw_operands(w, m, op, 0, o->n_operands);
  irw_str(w, " : ");
  irw_value_types(w, m, &m->operands[o->operands], o->n_operands);
  irw_op_attr_dict(w, m, op, NULL, 0);
}

/* ---------------------------------------------------------------------- */
/* test.region_if: %a `:` t `->` results `then` r `else` r `join` r        */
/* ---------------------------------------------------------------------- */

/* The operands are resolved after the regions, as RegionIfOp::parse does:
 * a name the regions define (a function's argument, say) is not yet a
 * forward reference while they are parsed. */
static int parse_region_if(IrParser *p, IrOpState *st) {
  IrRef r[64];
  uint32_t n, types[64], nt = 0;
  if (refs(p, r, 64, &n, 0) < 0 || colon(p) < 0) return -1;
  do {
    if (nt == 64) return irp_error(p, "too many operands");
    if (irp_type(p, &types[nt++]) < 0) return -1;
  } while (irp_consume(p, IR_TK_COMMA) == 1);
  if (parse_arrow_results(p, st) < 0 ||
      irp_expect_kw(p, "then") < 0 || region(p, st, 0) < 0 ||
      irp_expect_kw(p, "else") < 0 || region(p, st, 0) < 0 ||
      irp_expect_kw(p, "join") < 0 || region(p, st, 0) < 0)
    return -1;
  if (n != nt)
    return irp_ask_error(p, "number of operands and types do not match: got %u "
                         "operands and %u types", n, nt);
  if (resolve_all(p, st, r, types, n) < 0) return -1;
  return irp_opt_attr_dict_into(p, st) < 0 ? -1 : 0;
}

static void print_region_if(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = &m->ops[op];
  if (o->n_regions != 3) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, " ");
  irw_operands(w, m, op, 0, o->n_operands);
  irw_str(w, ": ");
  irw_value_types(w, m, &m->operands[o->operands], o->n_operands);
  arrow_types(w, m, op);
  irw_str(w, " then");
  print_region(w, m, op, 0);
  irw_str(w, " else");
  print_region(w, m, op, 1);
  irw_str(w, " join");
  print_region(w, m, op, 2);
}

/* ---------------------------------------------------------------------- */
/* test.isolated_one_region_with_recursive_memory_effects                  */
/*   %a, ... region attr-dict `:` functional-type(operands, results)      */
/* ---------------------------------------------------------------------- */

static int parse_isolated(IrParser *p, IrOpState *st) {
  IrRef r[64];
  uint32_t n, ft, loc, k, v;
  const IrType *f;
  const uint32_t *l;
  if (refs(p, r, 64, &n, 0) < 0 || region(p, st, 1) < 0 ||
      irp_opt_attr_dict_into(p, st) < 0 || colon(p) < 0)
    return -1;
  loc = irp_loc_here(p);
  if (irp_function_type(p, &ft) < 0) return -1;
  f = ir_type(irp_ctx(p), ft);
  l = ir_type_list(irp_ctx(p), ft);
  if (f->n != n)
    return irp_error_at(p, loc, "%u operands present, but expected %u", n,
                        f->n);
  for (k = 0; k < n; k++) {
    if (irp_resolve(p, &r[k], l[k], &v) < 0) return -1;
    irp_add_operand(st, v);
  }
  for (k = 0; k < f->nres; k++) irp_add_result_type(st, l[f->n + k]);
  return 0;
}

static void print_isolated(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = &m->ops[op];
  if (o->n_regions != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  if (o->n_operands) {
    irw_str(w, " ");
    irw_operands(w, m, op, 0, o->n_operands);
  }
  print_region(w, m, op, 0);
  irw_op_attr_dict(w, m, op, NULL, 0);
  irw_str(w, " : (");
  irw_value_types(w, m, &m->operands[o->operands], o->n_operands);
  irw_str(w, ")");
  arrow_types(w, m, op);
}

/* ---------------------------------------------------------------------- */
/* Verification                                                           */
/* ---------------------------------------------------------------------- */

/* The buffer ops take two memrefs. */
static int verify_two_memrefs(const IrModule *m, uint32_t op, IrDiag *d) {
  uint32_t k;
  if (m->ops[op].n_operands != 2)
    return ir_syntax_op_error(m, op, d, "requires 2 operands");
  for (k = 0; k < 2; k++)
    if (!ir_type_is_memref(m->ctx, ir_vtype(m, ir_operand(m, op, k))))
      return ir_syntax_type_error(m, op, d, "operand", k, "ranked or unranked memref "
                                  "of any type values", ir_vtype(m, ir_operand(m, op, k)));
  return 0;
}

/* RegionIfOp's edges: its operands enter the then and else regions,
 * whose yields enter the join region, whose yield gives the results. */
static int verify_region_if(const IrModule *m, uint32_t op, IrDiag *d) {
  if (m->ops[op].n_regions != 3) return 0;
  for (int r = 0; r < 2; r++)
    if (ir_check_region_edges(m, op, op, 0, r, 0, 0, d)) return -1;
  return 0;
}

static int verify_region_if_yield(const IrModule *m, uint32_t op, IrDiag *d) {
  uint32_t b = m->ops[op].block;
  if (b == IR_NONE) return 0;
  uint32_t r = m->blocks[b].region, parent = m->regions[r].op;
  const IrOp *po = &m->ops[parent];
  /* no HasParent: mlir-opt-22 takes it as any block's terminator */
  if (po->opc != IR_OP_TEST_REGION_IF || po->n_regions != 3) return 0;
  return r - po->regions < 2 ? ir_check_region_edges(m, parent, op, 0, 2, 0, 0, d)
                             : ir_check_region_edges(m, parent, op, 0, -1, 0, 1, d);
}

const IrOpHooks ir_hooks_test[] = {
    {"test.copy", parse_copy, print_copy, NULL, verify_two_memrefs},
    {"test.buffer_based", parse_buffer_based, print_buffer_based, NULL,
     verify_two_memrefs},
    {"test.region_buffer_based", parse_region_buffer_based,
     print_buffer_based, NULL, verify_two_memrefs},
    {"test.region_yield", parse_yield, print_yield, NULL, NULL},
    {"test.region_if", parse_region_if, print_region_if, NULL, verify_region_if},
    {"test.region_if_yield", parse_yield, print_yield, NULL, verify_region_if_yield},
    {"test.isolated_one_region_with_recursive_memory_effects",
     parse_isolated, print_isolated, NULL, NULL},
    /* generic form only: a memref in, a memref out */
    {"test.forward_buffer", NULL, NULL, NULL, ir_syntax_verify_memref_to_memref},
    {0},
};
