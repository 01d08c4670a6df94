/*
 * syntax_scf.c - custom assembly of the scf dialect: scf.if, scf.for,
 * scf.while, scf.execute_region, scf.index_switch, scf.parallel,
 * scf.forall (with scf.forall.in_parallel), scf.reduce and the
 * terminators scf.yield, scf.condition and scf.reduce.return.
 *
 * The parse hooks add the implicit terminators MLIR adds (an empty
 * scf.yield, scf.reduce or scf.forall.in_parallel), the print hooks elide
 * them where mlir-opt does, and the verify hooks check that terminators
 * yield what their parent op expects.
 */
#include <stdlib.h>

#include "irint.h"

/* A growable list of entry block argument definitions. */
typedef struct ArgVec {
  IrArgDef *v;
  uint32_t n, cap;
} ArgVec;

static void arg_push(ArgVec *a, const IrRef *r, uint32_t type) {
  IrArgDef d;
  memset(&d, 0, sizeof d);
  d.ref = *r;
  d.type = type;
  d.loc = r->loc;
  IR_VPUSH(a->v, a->n, a->cap, d);
}

/* `(%a = %x, %b = %y)`: region arguments into args, operands into ops. */
static int parse_assignments(IrParser *p, ArgVec *args, IrRefVec *ops) {
  if (irp_expect(p, IR_TK_LPAREN, "'('") < 0) return -1;
  if (irp_consume(p, IR_TK_RPAREN) == 1) return 0;
  do {
    IrRef r;
    if (irp_ref(p, &r) < 0) return -1;
    arg_push(args, &r, 0);
    if (irp_expect(p, IR_TK_EQUAL, "'='") < 0) return -1;
    if (ir_syntax_parse_ref(p, ops) < 0) return -1;
  } while (irp_consume(p, IR_TK_COMMA) == 1);
  return irp_expect(p, IR_TK_RPAREN, "')'");
}

/* ` <prefix>(%a = %x, %b = %y)` from block arguments and operands. */
static void print_assignments(IrPrinter *w, const IrModule *m, uint32_t op,
                              const char *prefix, uint32_t first_arg,
                              uint32_t first_opd, uint32_t n) {
  if (!n) return;
  irw_str(w, prefix);
  irw_str(w, "(");
  for (uint32_t i = 0; i < n; i++) {
    if (i) irw_str(w, ", ");
    irw_value(w, first_arg + i);
    irw_str(w, " = ");
    irw_value(w, ir_operand(m, op, first_opd + i));
  }
  irw_str(w, ")");
}

/* A new detached region, parsed, added to st. */
static int parse_region(IrParser *p, IrOpState *st, const ArgVec *args) {
  uint32_t r = irb_region(irp_builder(p));
  irp_add_region(st, r);
  return irp_region(p, r, args ? args->v : NULL, args ? args->n : 0, 0);
}

/* The entry block of an op's region k, or NULL. */
static const IrBlock *entry_block(const IrModule *m, uint32_t op, uint32_t k) {
  const IrOp *o = ir_op(m, op);
  if (k >= o->n_regions) return NULL;
  const IrRegion *r = &m->regions[o->regions + k];
  return r->n_blocks ? &m->blocks[r->blocks] : NULL;
}

static uint32_t last_region(IrOpState *st) {
  return st->regions[st->n_regions - 1];
}

/* ====================================================================== */
/* scf.if                                                                  */
/* ====================================================================== */

static int parse_if(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  IrTypeVec res = {0};
  IrRef cond;
  int rc = -1;
  if (irp_ref(p, &cond) < 0) goto out;
  if (ir_syntax_operand(p, st, &cond, ir_type_int(c, 1)) < 0) goto out;
  if (irp_consume(p, IR_TK_ARROW) == 1 &&
      ir_syntax_parse_result_types(p, &res) < 0)
    goto out;
  if (parse_region(p, st, NULL) < 0) goto out;
  irp_ensure_terminator(p, last_region(st), "scf.yield", st->loc);
  if (irp_consume_kw(p, "else") == 1) {
    if (parse_region(p, st, NULL) < 0) goto out;
    irp_ensure_terminator(p, last_region(st), "scf.yield", st->loc);
  } else {
    irp_add_region(st, irb_region(irp_builder(p)));
  }
  if (irp_opt_attr_dict_into(p, st) < 0) goto out;
  for (uint32_t i = 0; i < res.n; i++) irp_add_result_type(st, res.v[i]);
  rc = 0;
out:
  ir_syntax_types_free(&res);
  return rc;
}

static void print_if(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = ir_op(m, op);
  int terms = o->n_results ? IRW_TERM_PRINT : IRW_TERM_DROP;
  if (o->n_regions != 2 || o->n_operands != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, " ");
  irw_operands(w, m, op, 0, 1);
  if (o->n_results) {
    irw_str(w, " -> (");
    ir_syntax_print_result_types(w, m, op);
    irw_str(w, ")");
  }
  irw_region(w, m, o->regions, 0, terms);
  if (m->regions[o->regions + 1].n_blocks) {
    irw_str(w, " else");
    irw_region(w, m, o->regions + 1, 0, terms);
  }
  irw_op_attr_dict(w, m, op, NULL, 0);
}

static int verify_if(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrOp *o = ir_op(m, op);
  if (o->n_regions == 2 && o->n_results &&
      !m->regions[o->regions + 1].n_blocks)
    return ir_syntax_op_error(m, op, d,
                              "must have an else block if defining values");
  return 0;
}

/* ====================================================================== */
/* scf.for                                                                 */
/* ====================================================================== */
/*
 *   scf.for unsigned? %iv = %lb to %ub step %s
 *       (iter_args(%a = %init) -> (t))? (: ivtype)? { ... }
 */

static int parse_for(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  ArgVec args = {0};
  IrRefVec bounds = {0}, inits = {0};
  IrTypeVec res = {0};
  IrRef iv;
  uint32_t t;
  int rc = -1;
  if (irp_consume_kw(p, "unsigned") == 1)
    irp_add_prop(p, st, "unsignedCmp", ir_attr_unit(c));
  if (irp_ref(p, &iv) < 0) goto out;
  arg_push(&args, &iv, 0);
  if (irp_expect(p, IR_TK_EQUAL, "'='") < 0) goto out;
  if (ir_syntax_parse_ref(p, &bounds) < 0) goto out;
  if (irp_expect_kw(p, "to") < 0) goto out;
  if (ir_syntax_parse_ref(p, &bounds) < 0) goto out;
  if (irp_expect_kw(p, "step") < 0) goto out;
  if (ir_syntax_parse_ref(p, &bounds) < 0) goto out;
  if (irp_consume_kw(p, "iter_args") == 1) {
    if (parse_assignments(p, &args, &inits) < 0) goto out;
    if (irp_expect(p, IR_TK_ARROW, "'->'") < 0) goto out;
    if (ir_syntax_parse_result_types(p, &res) < 0) goto out;
  }
  if (args.n != res.n + 1) {
    ir_syntax_parse_error(p, st, st->loc,
                          "mismatch in number of loop-carried values and "
                          "defined values");
    goto out;
  }
  t = ir_type_index(c);
  if (irp_consume(p, IR_TK_COLON) == 1 && irp_type(p, &t) < 0) goto out;
  args.v[0].type = t;
  for (uint32_t i = 0; i < res.n; i++) args.v[i + 1].type = res.v[i];
  if (parse_region(p, st, &args) < 0) goto out;
  irp_ensure_terminator(p, last_region(st), "scf.yield", st->loc);
  /* the operands after the body, as ForOp::parse resolves them: a name
   * the body defines is not yet a forward reference while it is parsed */
  if (ir_syntax_add_operands_of(p, st, &bounds, t) < 0) goto out;
  if (ir_syntax_add_operands(p, st, &inits, res.v, res.n, st->loc) < 0)
    goto out;
  if (irp_opt_attr_dict_into(p, st) < 0) goto out;
  for (uint32_t i = 0; i < res.n; i++) irp_add_result_type(st, res.v[i]);
  rc = 0;
out:
  free(args.v);
  ir_syntax_refs_free(&bounds);
  ir_syntax_refs_free(&inits);
  ir_syntax_types_free(&res);
  return rc;
}

static void print_for(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"unsignedCmp", NULL};
  const IrOp *o = ir_op(m, op);
  const IrBlock *e = entry_block(m, op, 0);
  uint32_t ninit = o->n_operands >= 3 ? o->n_operands - 3 : 0, ivt;
  if (o->n_regions != 1 || !e || o->n_operands < 3 || e->n_args != ninit + 1 ||
      o->n_results != ninit) {
    irw_generic_op(w, m, op);
    return;
  }
  if (irw_prop(w, m, op, "unsignedCmp")) irw_str(w, " unsigned");
  irw_str(w, " ");
  irw_value(w, e->args);
  irw_str(w, " = ");
  irw_operands(w, m, op, 0, 1);
  irw_str(w, " to ");
  irw_operands(w, m, op, 1, 1);
  irw_str(w, " step ");
  irw_operands(w, m, op, 2, 1);
  print_assignments(w, m, op, " iter_args", e->args + 1, 3, ninit);
  if (ninit) {
    irw_str(w, " -> (");
    ir_syntax_print_operand_types(w, m, op, 3, ninit);
    irw_str(w, ")");
  }
  ivt = ir_vtype(m, e->args);
  if (ir_type(m->ctx, ivt)->kind != IR_T_INDEX) {
    irw_str(w, "  : ");
    irw_type(w, ivt);
  }
  irw_region(w, m, o->regions, 0, ninit ? IRW_TERM_PRINT : IRW_TERM_DROP);
  irw_op_attr_dict(w, m, op, elide, 0);
}

/* "'a' != 'b'" pieces of the messages below. */
static int type_pair_error(const IrModule *m, uint32_t op, IrDiag *d,
                           const char *what, uint32_t k, uint32_t a, uint32_t b) {
  char ta[256], tb[256];
  ir_type_str(m->ctx, a, ta, sizeof ta);
  ir_type_str(m->ctx, b, tb, sizeof tb);
  return ir_syntax_op_error(m, op, d, "%u-th %s have different type: '%s' != '%s'",
                            k, what, ta, tb);
}

/* MLIR's LoopLikeOpInterface verifier (its messages are better than the
 * region-branch ones, and it runs first): the n inits (operands from
 * `first`), the region iter_args (entry arguments after the induction
 * variable), the values the body's yield passes back, and the results. */
static int loop_like_types(const IrModule *m, uint32_t op, const IrBlock *e,
                           uint32_t first, uint32_t n, IrDiag *d) {
  const IrOp *o = ir_op(m, op);
  const IrBlock *last = &m->blocks[m->regions[o->regions].blocks +
                                   m->regions[o->regions].n_blocks - 1];
  uint32_t y = last->n_ops ? last->ops + last->n_ops - 1 : IR_NONE;
  uint32_t ny = y != IR_NONE && ir_op(m, y)->opc == IR_OP_YIELD ? ir_op(m, y)->n_operands : 0;
  char buf[96];
  if (ny && ny != n) {
    snprintf(buf, sizeof buf, "%u != %u", n, ny);
    return ir_syntax_op_error(m, op, d, "different number of region iter_args "
                              "and yielded values: %s", buf);
  }
  for (uint32_t i = 0; i < n; i++) {
    uint32_t init = ir_vtype(m, ir_operand(m, op, first + i));
    uint32_t arg = ir_vtype(m, e->args + 1 + i);
    if (init != arg) {
      snprintf(buf, sizeof buf, "init and %u-th region iter_arg", i);
      return type_pair_error(m, op, d, buf, i, init, arg);
    }
    if (ny) {
      uint32_t yv = ir_vtype(m, ir_operand(m, y, i));
      if (arg != yv) {
        snprintf(buf, sizeof buf, "region iter_arg and %u-th yielded value", i);
        return type_pair_error(m, op, d, buf, i, arg, yv);
      }
    }
  }
  for (uint32_t i = 0; i < n && i < o->n_results; i++) {
    uint32_t arg = ir_vtype(m, e->args + 1 + i), res = ir_vtype(m, o->results + i);
    if (arg != res) {
      snprintf(buf, sizeof buf, "region iter_arg and %u-th loop result", i);
      return type_pair_error(m, op, d, buf, i, arg, res);
    }
  }
  return 0;
}

static int verify_for(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrOp *o = ir_op(m, op);
  const IrBlock *e = entry_block(m, op, 0);
  uint32_t ninit = o->n_operands >= 3 ? o->n_operands - 3 : 0;
  if (o->n_operands < 3) return 0;
  if (ninit != o->n_results)
    return ir_syntax_op_error(
        m, op, d, "mismatch in number of loop-carried values and defined values");
  if (!e) return 0;
  if (!e->n_args || ir_vtype(m, e->args) != ir_vtype(m, ir_operand(m, op, 0)))
    return ir_syntax_op_error(
        m, op, d, "expected induction variable to be same type as bounds and step");
  if (e->n_args - 1 != o->n_results)
    return ir_syntax_op_error(
        m, op, d, "mismatch in number of basic block args and defined values");
  if (loop_like_types(m, op, e, 3, ninit, d)) return -1;
  for (uint32_t i = 0; i < ninit; i++) {
    uint32_t rt = ir_vtype(m, o->results + i);
    if (ir_vtype(m, ir_operand(m, op, 3 + i)) != rt)
      return ir_syntax_op_error(
          m, op, d, "types mismatch between %uth iter operand and defined value", i);
    if (ir_vtype(m, e->args + 1 + i) != rt)
      return ir_syntax_op_error(
          m, op, d, "types mismatch between %uth iter region arg and defined value",
          i);
  }
  return 0;
}

/* ====================================================================== */
/* scf.while                                                               */
/* ====================================================================== */
/*
 *   scf.while (%a = %x) : (t) -> (r) { before } do { after }
 *       attributes {...}
 */

static int parse_while(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  ArgVec args = {0};
  IrRefVec inits = {0};
  uint32_t ft, loc;
  const IrType *t;
  int rc = -1;
  if (irp_peek(p)->kind == IR_TK_LPAREN &&
      parse_assignments(p, &args, &inits) < 0)
    goto out;
  loc = irp_loc_here(p); /* MLIR's typeLoc: before the colon */
  if (irp_expect(p, IR_TK_COLON, "':'") < 0) goto out;
  if (irp_function_type(p, &ft) < 0) goto out;
  t = ir_type(c, ft);
  if (t->n != inits.n) {
    ir_syntax_parse_error(p, st, loc,
                          "expected as many input types as operands "
                          "(expected %u got %u)",
                          inits.n, t->n);
    goto out;
  }
  if (ir_syntax_add_operands(p, st, &inits, ir_type_list(c, ft), t->n,
                             irp_loc_here(p)) < 0)
    goto out;
  for (uint32_t i = 0; i < args.n; i++) args.v[i].type = ir_type_list(c, ft)[i];
  if (parse_region(p, st, &args) < 0) goto out;
  if (irp_expect_kw(p, "do") < 0) goto out;
  if (parse_region(p, st, NULL) < 0) goto out;
  if (irp_opt_attr_dict_with_keyword_into(p, st) < 0) goto out;
  t = ir_type(c, ft);
  for (uint32_t i = 0; i < t->nres; i++)
    irp_add_result_type(st, ir_type_list(c, ft)[t->n + i]);
  rc = 0;
out:
  free(args.v);
  ir_syntax_refs_free(&inits);
  return rc;
}

static void print_while(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = ir_op(m, op);
  const IrBlock *e = entry_block(m, op, 0);
  if (o->n_regions != 2 || (o->n_operands && (!e || e->n_args != o->n_operands))) {
    irw_generic_op(w, m, op);
    return;
  }
  if (o->n_operands) print_assignments(w, m, op, " ", e->args, 0, o->n_operands);
  irw_str(w, " : ");
  ir_syntax_print_op_functional_type(w, m, op);
  irw_region(w, m, o->regions, 0, 1);
  irw_str(w, " do");
  irw_region(w, m, o->regions + 1, 1, 1);
  irw_op_attr_dict(w, m, op, NULL, 1);
}

/* ====================================================================== */
/* scf.execute_region: `-> (t)? no_inline? { ... } attr-dict`              */
/* ====================================================================== */

static int parse_execute_region(IrParser *p, IrOpState *st) {
  IrTypeVec res = {0};
  int rc = -1;
  if (irp_consume(p, IR_TK_ARROW) == 1 &&
      ir_syntax_parse_result_types(p, &res) < 0)
    goto out;
  if (irp_consume_kw(p, "no_inline") == 1)
    irp_add_prop(p, st, "no_inline", ir_attr_unit(irp_ctx(p)));
  if (parse_region(p, st, NULL) < 0) goto out;
  if (irp_opt_attr_dict_into(p, st) < 0) goto out;
  for (uint32_t i = 0; i < res.n; i++) irp_add_result_type(st, res.v[i]);
  rc = 0;
out:
  ir_syntax_types_free(&res);
  return rc;
}

static void print_execute_region(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"no_inline", NULL};
  const IrOp *o = ir_op(m, op);
  if (o->n_regions != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  ir_syntax_print_arrow_results(w, m, op);
  if (irw_prop(w, m, op, "no_inline")) irw_str(w, " no_inline");
  irw_region(w, m, o->regions, 0, 1);
  irw_op_attr_dict(w, m, op, elide, 0);
}

static int verify_execute_region(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrOp *o = ir_op(m, op);
  if (o->n_regions != 1) return 0;
  if (!m->regions[o->regions].n_blocks)
    return ir_syntax_op_error(m, op, d, "region needs to have at least one block");
  if (m->blocks[m->regions[o->regions].blocks].n_args)
    return ir_syntax_op_error(m, op, d, "region cannot have any arguments");
  return 0;
}

/* ====================================================================== */
/* scf.index_switch                                                        */
/* ====================================================================== */
/*
 *   scf.index_switch %i attr-dict (-> t1, t2)?
 *   case 2 { ... }
 *   default { ... }
 *
 * Regions: the default region first, then one per case.
 */

static int parse_index_switch(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  IrBuilder *b = irp_builder(p);
  IrRef arg;
  IrTypeVec res = {0};
  int64_t *cases = NULL;
  uint32_t *regs = NULL, ncases = 0, cap = 0, ncap = 0, nregs = 0, def;
  int rc = -1;
  if (irp_ref(p, &arg) < 0) goto out;
  if (irp_opt_attr_dict_into(p, st) < 0) goto out;
  if (irp_consume(p, IR_TK_ARROW) == 1 && ir_syntax_parse_types(p, &res) < 0)
    goto out;
  while (irp_consume_kw(p, "case") == 1) {
    int64_t v;
    uint32_t r = irb_region(b);
    if (irp_int(p, &v) < 0) goto out;
    IR_VPUSH(cases, ncases, cap, v);
    IR_VPUSH(regs, nregs, ncap, r);
    if (irp_region(p, r, NULL, 0, 0) < 0) goto out;
  }
  if (irp_expect_kw(p, "default") < 0) goto out;
  def = irb_region(b);
  if (irp_region(p, def, NULL, 0, 0) < 0) goto out;
  irp_ensure_terminator(p, def, "scf.yield", st->loc);
  /* its declarative format resolves the operand last, after the regions */
  if (ir_syntax_operand(p, st, &arg, ir_type_index(c)) < 0) goto out;
  irp_add_region(st, def);
  for (uint32_t i = 0; i < nregs; i++) irp_add_region(st, regs[i]);
  irp_add_prop(p, st, "cases", ir_attr_dense_i64(c, ncases, cases));
  for (uint32_t i = 0; i < res.n; i++) irp_add_result_type(st, res.v[i]);
  rc = 0;
out:
  free(cases);
  free(regs);
  ir_syntax_types_free(&res);
  return rc;
}

static void print_index_switch(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"cases", NULL};
  const IrOp *o = ir_op(m, op);
  uint32_t ca = irw_prop(w, m, op, "cases");
  const IrAttr *a = ca ? ir_attr(m->ctx, ca) : NULL;
  if (!a || a->kind != IR_A_DENSE_ARRAY || o->n_regions != a->n + 1 ||
      o->n_operands != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  const int64_t *cv = ir_attr_i64(m->ctx, ca);
  irw_str(w, " ");
  irw_operands(w, m, op, 0, 1);
  irw_op_attr_dict(w, m, op, elide, 0);
  if (o->n_results) {
    irw_str(w, " -> ");
    ir_syntax_print_result_types(w, m, op);
  }
  irw_str(w, " ");
  for (uint32_t i = 0; i < a->n; i++) {
    irw_newline(w);
    irw_str(w, "case ");
    irw_i64(w, cv[i]);
    irw_region(w, m, o->regions + 1 + i, 0, 1);
  }
  irw_newline(w);
  irw_str(w, "default");
  irw_region(w, m, o->regions, 1, IRW_TERM_ODS);
}

/* ====================================================================== */
/* scf.parallel                                                            */
/* ====================================================================== */
/*
 *   scf.parallel (%i, %j) = (%lb0, %lb1) to (%ub0, %ub1) step (%s0, %s1)
 *       (init (%x) -> t)? { ... }
 */

/* `(%a, %b)` of exactly n uses (n = -1: any number). */
static int parse_paren_refs(IrParser *p, IrOpState *st, IrRefVec *v,
                            int64_t n) {
  uint32_t before = v->n, loc = irp_loc_here(p);
  if (irp_expect(p, IR_TK_LPAREN, "'('") < 0) return -1;
  if (ir_syntax_parse_refs(p, v) < 0) return -1;
  if (irp_expect(p, IR_TK_RPAREN, "')'") < 0) return -1;
  if (n >= 0 && v->n - before != (uint64_t)n)
    return ir_syntax_parse_error(p, st, loc, "expected %lld operands",
                                 (long long)n);
  return 0;
}

static int parse_parallel(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  IrRefVec ivs = {0}, lbs = {0}, ubs = {0}, steps = {0}, inits = {0};
  IrTypeVec res = {0};
  ArgVec args = {0};
  int64_t seg[4];
  int rc = -1;
  if (parse_paren_refs(p, st, &ivs, -1) < 0) goto out;
  if (irp_expect(p, IR_TK_EQUAL, "'='") < 0) goto out;
  if (parse_paren_refs(p, st, &lbs, ivs.n) < 0) goto out;
  if (irp_expect_kw(p, "to") < 0) goto out;
  if (parse_paren_refs(p, st, &ubs, ivs.n) < 0) goto out;
  if (irp_expect_kw(p, "step") < 0) goto out;
  if (parse_paren_refs(p, st, &steps, ivs.n) < 0) goto out;
  if (irp_consume_kw(p, "init") == 1 && parse_paren_refs(p, st, &inits, -1) < 0)
    goto out;
  if (irp_consume(p, IR_TK_ARROW) == 1 &&
      ir_syntax_parse_result_types(p, &res) < 0)
    goto out;
  if (ir_syntax_add_operands_of(p, st, &lbs, ir_type_index(c)) < 0 ||
      ir_syntax_add_operands_of(p, st, &ubs, ir_type_index(c)) < 0 ||
      ir_syntax_add_operands_of(p, st, &steps, ir_type_index(c)) < 0)
    goto out;
  for (uint32_t i = 0; i < ivs.n; i++) arg_push(&args, &ivs.v[i], ir_type_index(c));
  if (parse_region(p, st, &args) < 0) goto out;
  seg[0] = lbs.n;
  seg[1] = ubs.n;
  seg[2] = steps.n;
  seg[3] = inits.n;
  irp_set_segments(p, st, 4, seg);
  if (irp_opt_attr_dict_into(p, st) < 0) goto out;
  if (ir_syntax_add_operands(p, st, &inits, res.v, res.n, st->loc) < 0)
    goto out;
  irp_ensure_terminator(p, last_region(st), "scf.reduce", st->loc);
  for (uint32_t i = 0; i < res.n; i++) irp_add_result_type(st, res.v[i]);
  rc = 0;
out:
  ir_syntax_refs_free(&ivs);
  ir_syntax_refs_free(&lbs);
  ir_syntax_refs_free(&ubs);
  ir_syntax_refs_free(&steps);
  ir_syntax_refs_free(&inits);
  ir_syntax_types_free(&res);
  free(args.v);
  return rc;
}

/* The operandSegmentSizes of an op as n sizes; -1 if absent or not n. */
static int segments(const IrModule *m, uint32_t op, uint32_t n, int64_t *out) {
  uint32_t s = ir_op_prop_lit(m, op, "operandSegmentSizes");
  const IrAttr *a = s ? ir_attr(m->ctx, s) : NULL;
  int64_t sum = 0;
  if (!a || a->kind != IR_A_DENSE_ARRAY || a->n != n) return -1;
  for (uint32_t i = 0; i < n; i++) {
    out[i] = ir_attr_i64(m->ctx, s)[i];
    if (out[i] < 0) return -1;
    sum += out[i];
  }
  return sum == ir_op(m, op)->n_operands ? 0 : -1;
}

static void print_parallel(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"operandSegmentSizes", NULL};
  const IrOp *o = ir_op(m, op);
  const IrBlock *e = entry_block(m, op, 0);
  int64_t seg[4];
  if (segments(m, op, 4, seg) < 0 || !e || seg[0] != seg[1] ||
      seg[0] != seg[2] || e->n_args != seg[0] || o->n_regions != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  uint32_t n = (uint32_t)seg[0];
  irw_str(w, " (");
  for (uint32_t i = 0; i < n; i++) {
    if (i) irw_str(w, ", ");
    irw_value(w, e->args + i);
  }
  irw_str(w, ") = (");
  irw_operands(w, m, op, 0, n);
  irw_str(w, ") to (");
  irw_operands(w, m, op, n, n);
  irw_str(w, ") step (");
  irw_operands(w, m, op, 2 * n, n);
  irw_str(w, ")");
  if (seg[3]) {
    irw_str(w, " init (");
    irw_operands(w, m, op, 3 * n, (uint32_t)seg[3]);
    irw_str(w, ")");
  }
  ir_syntax_print_arrow_results(w, m, op);
  irw_region(w, m, o->regions, 0, 1);
  irw_op_attr_dict(w, m, op, elide, 0);
}

/* ====================================================================== */
/* scf.reduce: `(%a, %b : t1, t2)? {r1}, {r2} attr-dict`                    */
/* ====================================================================== */

static int parse_reduce(IrParser *p, IrOpState *st) {
  IrRefVec refs = {0};
  IrTypeVec types = {0};
  int rc = -1;
  if (irp_consume(p, IR_TK_LPAREN) == 1) {
    if (ir_syntax_parse_refs(p, &refs) < 0) goto out;
    if (irp_expect(p, IR_TK_COLON, "':'") < 0) goto out;
    if (ir_syntax_parse_types(p, &types) < 0) goto out;
    if (irp_expect(p, IR_TK_RPAREN, "')'") < 0) goto out;
  }
  if (irp_peek(p)->kind == IR_TK_LBRACE) {
    do {
      if (parse_region(p, st, NULL) < 0) goto out;
    } while (irp_consume(p, IR_TK_COMMA) == 1);
  }
  if (irp_opt_attr_dict_into(p, st) < 0) goto out;
  if (ir_syntax_add_operands(p, st, &refs, types.v, types.n, st->loc) < 0)
    goto out;
  rc = 0;
out:
  ir_syntax_refs_free(&refs);
  ir_syntax_types_free(&types);
  return rc;
}

static void print_reduce(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = ir_op(m, op);
  if (o->n_operands) {
    irw_str(w, "(");
    irw_operands(w, m, op, 0, o->n_operands);
    irw_str(w, " : ");
    ir_syntax_print_operand_types(w, m, op, 0, o->n_operands);
    irw_str(w, ")");
  }
  if (!o->n_regions) irw_str(w, " ");
  for (uint32_t i = 0; i < o->n_regions; i++) {
    if (i) irw_str(w, ",");
    irw_region(w, m, o->regions + i, 1, 1);
  }
  irw_op_attr_dict(w, m, op, NULL, 0);
}

/* HasParent<...> of the terminators that only one op may hold: anywhere
 * else (the module's top level, another op's region) they would be taken
 * for that op's terminator, and passes that append to the block would
 * leave them in the middle of it. */
static int has_parent(const IrModule *m, uint32_t op, uint32_t opc,
                      const char *name, IrDiag *d) {
  uint32_t parent = ir_op_parent(m, op);
  if (parent != IR_NONE && ir_op(m, parent)->opc == opc) return 0;
  return ir_syntax_op_error(m, op, d, "expects parent op '%s'", name);
}

static int verify_in_parallel(const IrModule *m, uint32_t op, IrDiag *d) {
  return has_parent(m, op, IR_OP_FORALL, "scf.forall", d);
}

static int verify_reduce_return(const IrModule *m, uint32_t op, IrDiag *d) {
  return has_parent(m, op, IR_OP_REDUCE, "scf.reduce", d);
}

/* The integer a constant-like op gives value v, as getConstantIntValue
 * reads it; 0 if v is not such a constant. */
static int const_int(const IrModule *m, uint32_t v, int64_t *out) {
  const IrValue *val = &m->values[v];
  if (val->kind != IR_VAL_RESULT || !(ir_op_traits(m->ops[val->def].opc) & IR_TR_CONSTANT))
    return 0;
  uint32_t a = ir_op_prop_lit(m, val->def, "value");
  if (!a || ir_attr(m->ctx, a)->kind != IR_A_INT) return 0;
  *out = ir_attr(m->ctx, a)->ival;
  return 1;
}

/* ParallelOp::verify, after SingleBlockImplicitTerminator and ODS. */
static int verify_parallel(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrOp *o = ir_op(m, op);
  int64_t seg[4], k;
  if (segments(m, op, 4, seg) < 0) return 0; /* ODS's to report */
  if (!seg[2])
    return ir_syntax_op_error(m, op, d, "needs at least one tuple element for "
                              "lowerBound, upperBound and step");
  for (int64_t i = 0; i < seg[2]; i++)
    if (const_int(m, ir_operand(m, op, (uint32_t)(seg[0] + seg[1] + i)), &k) && k <= 0)
      return ir_syntax_op_error(m, op, d, "constant step operand must be positive");
  const IrBlock *e = entry_block(m, op, 0);
  if (!e) return 0;
  if (e->n_args != seg[2])
    return ir_syntax_op_error(m, op, d, "expects the same number of induction "
                              "variables: %u as bound and step values: %u",
                              e->n_args, (uint32_t)seg[2]);
  for (uint32_t i = 0; i < e->n_args; i++)
    if (ir_type(c, ir_vtype(m, e->args + i))->kind != IR_T_INDEX)
      return ir_syntax_op_error(m, op, d, "expects arguments for the induction "
                                "variable to be of index type");
  uint32_t red = e->n_ops ? e->ops + e->n_ops - 1 : IR_NONE;
  if (red == IR_NONE || m->ops[red].opc != IR_OP_REDUCE) {
    ir_syntax_op_error(m, op, d, "expects body to terminate with 'scf.reduce'");
    if (red != IR_NONE) ir_diag(d, c, m->ops[red].loc, IR_SEV_NOTE, "terminator here");
    return -1;
  }
  const IrOp *r = ir_op(m, red);
  if (o->n_results != r->n_regions)
    return ir_syntax_op_error(m, op, d, "expects number of results: %u to be the "
                              "same as number of reductions: %u",
                              o->n_results, r->n_regions);
  if (o->n_results != seg[3])
    return ir_syntax_op_error(m, op, d, "expects number of results: %u to be the "
                              "same as number of initial values: %u",
                              o->n_results, (uint32_t)seg[3]);
  if (r->n_operands != seg[3]) return 0; /* scf.reduce's verifier reports it */
  for (uint32_t i = 0; i < r->n_regions; i++) {
    uint32_t rt = ir_vtype(m, ir_result(m, op, i)), vt = ir_vtype(m, ir_operand(m, red, i));
    if (rt == vt) continue;
    char a[256], b[256];
    ir_type_str(c, vt, a, sizeof a);
    ir_type_str(c, rt, b, sizeof b);
    return ir_syntax_op_error(m, red, d, "expects type of %u-th reduction operand: "
                              "'%s' to be the same as the %u-th result type: '%s'",
                              i, a, i, b);
  }
  return 0;
}

static int verify_reduce(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrOp *o = ir_op(m, op);
  if (has_parent(m, op, IR_OP_PARALLEL, "scf.parallel", d)) return -1;
  if (o->n_operands != o->n_regions)
    return ir_syntax_op_error(m, op, d,
                              "expects number of reduction regions (%u) to "
                              "match number of operands (%u)",
                              o->n_regions, o->n_operands);
  for (uint32_t i = 0; i < o->n_regions; i++) {
    const IrBlock *e = entry_block(m, op, i);
    uint32_t t = ir_vtype(m, ir_operand(m, op, i));
    if (!e || e->n_args != 2 || ir_vtype(m, e->args) != t ||
        ir_vtype(m, e->args + 1) != t)
      return ir_syntax_op_error(m, op, d,
                                "expected two block arguments with type of "
                                "the corresponding operand in reduction "
                                "region #%u",
                                i);
  }
  return 0;
}

/* scf.reduce.return: `%x attr-dict : t` */
static int parse_reduce_return(IrParser *p, IrOpState *st) {
  IrRef r;
  uint32_t t;
  if (irp_ref(p, &r) < 0) return -1;
  if (irp_opt_attr_dict_into(p, st) < 0) return -1;
  if (irp_expect(p, IR_TK_COLON, "':'") < 0) return -1;
  if (irp_type(p, &t) < 0) return -1;
  return ir_syntax_operand(p, st, &r, t);
}

static void print_reduce_return(IrPrinter *w, const IrModule *m, uint32_t op) {
  if (ir_op(m, op)->n_operands != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, " ");
  irw_operands(w, m, op, 0, 1);
  irw_op_attr_dict(w, m, op, NULL, 0);
  irw_str(w, " : ");
  ir_syntax_print_operand_types(w, m, op, 0, 1);
}

/* ====================================================================== */
/* scf.forall                                                              */
/* ====================================================================== */
/*
 *   scf.forall (%i, %j) in (4, %n) shared_outs(%o = %t) -> (t) { ... }
 *   scf.forall (%i) = (0) to (%n) step (2) { ... }
 *
 * Static bounds live in staticLowerBound / staticUpperBound / staticStep
 * (IR_DYN for a dynamic one, taken from the operands in order).
 */

/* `(4, %n)`: static values into vals (IR_DYN for uses, appended to v). */
static int parse_mixed_list(IrParser *p, IrRefVec *v, int64_t **vals,
                            uint32_t *n) {
  uint32_t cap = 0;
  *n = 0;
  if (irp_expect(p, IR_TK_LPAREN, "'('") < 0) return -1;
  if (irp_consume(p, IR_TK_RPAREN) == 1) return 0;
  do {
    int64_t x = IR_DYN;
    if (irp_peek(p)->kind == IR_TK_PERCENT_ID) {
      if (ir_syntax_parse_ref(p, v) < 0) return -1;
    } else if (irp_int(p, &x) < 0) {
      return -1;
    }
    IR_VPUSH(*vals, *n, cap, x);
  } while (irp_consume(p, IR_TK_COMMA) == 1);
  return irp_expect(p, IR_TK_RPAREN, "')'");
}

/* The last op of a builder region's only block is named `name`? */
static int ends_with(IrBuilder *b, uint32_t region, const char *name) {
  uint32_t blk, n;
  if (!irb_region_n_blocks(b, region)) return 0;
  blk = irb_region_block(b, region, 0);
  n = irb_block_n_ops(b, blk);
  if (!n) return 0;
  uint32_t s = irb_op_name(b, irb_block_op(b, blk, n - 1));
  IrCtx *c = irb_ctx(b);
  return ir_str_len(c, s) == strlen(name) && !memcmp(ir_str_ptr(c, s), name, strlen(name));
}

/* scf.forall's implicit terminator: an scf.forall.in_parallel whose region
 * holds one empty block. */
static void ensure_in_parallel(IrParser *p, uint32_t region, uint32_t loc) {
  IrBuilder *b = irp_builder(p);
  IrOpSpec s;
  uint32_t r, blk;
  if (ends_with(b, region, "scf.forall.in_parallel")) return;
  blk = irb_region_n_blocks(b, region) ? irb_region_block(b, region, 0)
                                       : irb_block(b, region);
  r = irb_region(b);
  irb_block(b, r);
  memset(&s, 0, sizeof s);
  s.name = ir_cstr(irp_ctx(p), "scf.forall.in_parallel");
  s.loc = irp_loc_real(p, loc);
  s.regions = &r;
  s.n_regions = 1;
  irb_op(b, blk, &s);
}

/* ForallOp::verify, its first checks: a result per output, then the
 * body's arguments: an index per loop (the rank is the number of lower
 * bounds), then one per output, of the output's type. */
static int verify_forall(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrOp *o = &m->ops[op];
  uint32_t first, nout;
  uint32_t lb = ir_op_prop_lit(m, op, "staticLowerBound");
  if (o->n_regions != 1 || ir_segment(m, op, 3, &first, &nout) || !lb ||
      ir_attr(c, lb)->kind != IR_A_DENSE_ARRAY)
    return 0;
  uint32_t rank = ir_attr(c, lb)->n;
  if (o->n_results != nout)
    return ir_syntax_op_error(m, op, d, "produces %u results, but has only %u outputs",
                              o->n_results, nout);
  const IrRegion *rg = &m->regions[o->regions];
  if (rg->n_blocks != 1) return 0;
  const IrBlock *b = &m->blocks[rg->blocks];
  if ((uint64_t)b->n_args != (uint64_t)rank + nout)
    return ir_syntax_op_error(m, op, d, "region expects %u arguments", rank);
  for (uint32_t i = 0; i < rank; i++)
    if (ir_type(c, ir_vtype(m, b->args + i))->kind != IR_T_INDEX)
      return ir_syntax_op_error(m, op, d, "expects %u-th block argument to be an index", i);
  for (uint32_t i = 0; i < nout; i++)
    if (ir_vtype(m, b->args + rank + i) != ir_vtype(m, ir_operand(m, op, first + i)))
      return ir_syntax_op_error(m, op, d, "type mismatch between %u-th output and "
                                "corresponding block argument", i);
  return 0;
}

static int parse_forall(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  uint32_t idx = ir_type_index(c);
  IrRefVec ivs = {0}, lbs = {0}, ubs = {0}, steps = {0}, outs = {0};
  IrTypeVec res = {0};
  ArgVec args = {0}, outargs = {0};
  int64_t *slb = NULL, *sub = NULL, *sst = NULL, seg[4];
  uint32_t nlb = 0, nub = 0, nst = 0, loc;
  int rc = -1;
  if (parse_paren_refs(p, st, &ivs, -1) < 0) goto out;
  if (irp_consume_kw(p, "in") == 1) {
    if (parse_mixed_list(p, &ubs, &sub, &nub) < 0) goto out;
    nlb = nst = ivs.n;
    slb = ir_xcalloc(nlb + 1, sizeof *slb);
    sst = ir_xcalloc(nst + 1, sizeof *sst);
    for (uint32_t i = 0; i < nst; i++) sst[i] = 1;
  } else {
    if (irp_expect(p, IR_TK_EQUAL, "'='") < 0) goto out;
    if (parse_mixed_list(p, &lbs, &slb, &nlb) < 0) goto out;
    if (irp_expect_kw(p, "to") < 0) goto out;
    if (parse_mixed_list(p, &ubs, &sub, &nub) < 0) goto out;
    if (irp_expect_kw(p, "step") < 0) goto out;
    if (parse_mixed_list(p, &steps, &sst, &nst) < 0) goto out;
  }
  if (ir_syntax_add_operands_of(p, st, &lbs, idx) < 0 ||
      ir_syntax_add_operands_of(p, st, &ubs, idx) < 0 ||
      ir_syntax_add_operands_of(p, st, &steps, idx) < 0)
    goto out;
  loc = irp_loc_here(p);
  if (irp_consume_kw(p, "shared_outs") == 1) {
    if (parse_assignments(p, &outargs, &outs) < 0) goto out;
    if (irp_expect(p, IR_TK_ARROW, "'->'") < 0) goto out;
    if (ir_syntax_parse_result_types(p, &res) < 0) goto out;
    if (ir_syntax_add_operands(p, st, &outs, res.v, res.n, loc) < 0) goto out;
  }
  for (uint32_t i = 0; i < ivs.n; i++) arg_push(&args, &ivs.v[i], idx);
  for (uint32_t i = 0; i < outargs.n; i++)
    arg_push(&args, &outargs.v[i].ref, res.v[i]);
  if (parse_region(p, st, &args) < 0) goto out;
  ensure_in_parallel(p, last_region(st), st->loc);
  if (irp_opt_attr_dict_into(p, st) < 0) goto out;
  irp_add_prop(p, st, "staticLowerBound", ir_attr_dense_i64(c, nlb, slb));
  irp_add_prop(p, st, "staticUpperBound", ir_attr_dense_i64(c, nub, sub));
  irp_add_prop(p, st, "staticStep", ir_attr_dense_i64(c, nst, sst));
  seg[0] = lbs.n;
  seg[1] = ubs.n;
  seg[2] = steps.n;
  seg[3] = outs.n;
  irp_set_segments(p, st, 4, seg);
  for (uint32_t i = 0; i < res.n; i++) irp_add_result_type(st, res.v[i]);
  rc = 0;
out:
  ir_syntax_refs_free(&ivs);
  ir_syntax_refs_free(&lbs);
  ir_syntax_refs_free(&ubs);
  ir_syntax_refs_free(&steps);
  ir_syntax_refs_free(&outs);
  ir_syntax_types_free(&res);
  free(args.v);
  free(outargs.v);
  free(slb);
  free(sub);
  free(sst);
  return rc;
}

/* `(4, %n)` from a static array and the operands from *next on. */
static void print_mixed_list(IrPrinter *w, const IrModule *m, uint32_t op,
                             uint32_t stat, uint32_t *next) {
  const IrAttr *a = ir_attr(m->ctx, stat);
  const int64_t *v = ir_attr_i64(m->ctx, stat);
  irw_str(w, "(");
  for (uint32_t i = 0; i < a->n; i++) {
    if (i) irw_str(w, ", ");
    if (v[i] == IR_DYN) irw_value(w, ir_operand(m, op, (*next)++));
    else irw_i64(w, v[i]);
  }
  irw_str(w, ")");
}

static void print_forall(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"operandSegmentSizes", "staticLowerBound",
                                      "staticUpperBound", "staticStep", NULL};
  const IrCtx *c = m->ctx;
  const IrOp *o = ir_op(m, op);
  const IrBlock *e = entry_block(m, op, 0);
  uint32_t sa[3], next = 0, rank, normalized = 1;
  int64_t seg[4];
  const char *names[3] = {"staticLowerBound", "staticUpperBound", "staticStep"};
  int ok = segments(m, op, 4, seg) == 0 && e && o->n_regions == 1;
  for (int i = 0; ok && i < 3; i++) {
    sa[i] = irw_prop(w, m, op, names[i]);
    ok = sa[i] && ir_attr(c, sa[i])->kind == IR_A_DENSE_ARRAY;
    if (ok) {
      int64_t ndyn = 0;
      for (uint32_t k = 0; k < ir_attr(c, sa[i])->n; k++)
        ndyn += ir_attr_i64(c, sa[i])[k] == IR_DYN;
      ok = ndyn == seg[i];
    }
  }
  if (ok) {
    rank = ir_attr(c, sa[0])->n;
    ok = ir_attr(c, sa[1])->n == rank && ir_attr(c, sa[2])->n == rank &&
         e->n_args == rank + seg[3] && o->n_results == seg[3];
  }
  if (!ok) {
    irw_generic_op(w, m, op);
    return;
  }
  for (uint32_t i = 0; i < rank; i++)
    normalized &= ir_attr_i64(c, sa[0])[i] == 0 && ir_attr_i64(c, sa[2])[i] == 1;
  irw_str(w, " (");
  for (uint32_t i = 0; i < rank; i++) {
    if (i) irw_str(w, ", ");
    irw_value(w, e->args + i);
  }
  if (normalized) {
    irw_str(w, ") in ");
    next = (uint32_t)seg[0];
    print_mixed_list(w, m, op, sa[1], &next);
  } else {
    irw_str(w, ") = ");
    print_mixed_list(w, m, op, sa[0], &next);
    irw_str(w, " to ");
    print_mixed_list(w, m, op, sa[1], &next);
    irw_str(w, " step ");
    print_mixed_list(w, m, op, sa[2], &next);
  }
  next = (uint32_t)(seg[0] + seg[1] + seg[2]);
  print_assignments(w, m, op, " shared_outs", e->args + rank, next,
                    (uint32_t)seg[3]);
  if (seg[3]) {
    irw_str(w, " -> (");
    ir_syntax_print_result_types(w, m, op);
    irw_str(w, ")");
  }
  irw_region(w, m, o->regions, 0,
             o->n_results ? IRW_TERM_PRINT : IRW_TERM_DROP);
  irw_op_attr_dict(w, m, op, elide, 0);
}

/* scf.forall.in_parallel: `{ ... } attr-dict`, the region never empty. */
static int parse_in_parallel(IrParser *p, IrOpState *st) {
  IrBuilder *b = irp_builder(p);
  if (parse_region(p, st, NULL) < 0) return -1;
  if (!irb_region_n_blocks(b, last_region(st))) irb_block(b, last_region(st));
  return irp_opt_attr_dict_into(p, st) < 0 ? -1 : 0;
}

static void print_in_parallel(IrPrinter *w, const IrModule *m, uint32_t op) {
  if (ir_op(m, op)->n_regions != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_region(w, m, ir_op(m, op)->regions, 0, IRW_TERM_DROP);
  irw_op_attr_dict(w, m, op, NULL, 0);
}

/* ====================================================================== */
/* scf.condition, scf.yield                                                */
/* ====================================================================== */

/* scf.condition: `(%c) attr-dict (%a, %b : t1, t2)?` */
static int parse_condition(IrParser *p, IrOpState *st) {
  IrRef cond;
  if (irp_expect(p, IR_TK_LPAREN, "'('") < 0) return -1;
  if (irp_ref(p, &cond) < 0) return -1;
  if (irp_expect(p, IR_TK_RPAREN, "')'") < 0) return -1;
  if (ir_syntax_operand(p, st, &cond, ir_type_int(irp_ctx(p), 1)) < 0)
    return -1;
  return ir_syntax_parse_yield(p, st);
}

static void print_condition(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = ir_op(m, op);
  if (!o->n_operands) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, "(");
  irw_operands(w, m, op, 0, 1);
  irw_str(w, ")");
  irw_op_attr_dict(w, m, op, NULL, 0);
  if (o->n_operands > 1) {
    irw_str(w, " ");
    irw_operands(w, m, op, 1, o->n_operands - 1);
    irw_str(w, " : ");
    ir_syntax_print_operand_types(w, m, op, 1, o->n_operands - 1);
  }
}

/* Compare what terminator `term` passes (its operands from `first`) with
 * the n types `want` of a successor, in the words of MLIR's
 * RegionBranchOpInterface verifier; `to` names the successor ("parent",
 * "Region #0"). The error is the parent op's, with a note at the
 * terminator. */
/* `to` names the successor: "Region #<region>", or "parent" when
 * region < 0 (spelled only on the error path). */
static int check_edge(const IrModule *m, uint32_t parent, uint32_t term,
                      uint32_t first, int region, const uint32_t *want,
                      uint32_t n, IrDiag *d) {
  const IrOp *t = ir_op(m, term);
  uint32_t have = t->n_operands - first;
  if (have == n) {
    uint32_t i = 0;
    while (i < n && ir_vtype(m, ir_operand(m, term, first + i)) == want[i]) i++;
    if (i == n) return 0;
  }
  /* term == parent: the edge from the parent's operands into a region */
  char from[300], to[32];
  if (term == parent) snprintf(from, sizeof from, "parent");
  else snprintf(from, sizeof from, "Operation %s", ir_str_ptr(m->ctx, t->name));
  if (region >= 0) snprintf(to, sizeof to, "Region #%d", region);
  else snprintf(to, sizeof to, "parent");
  int bad = 0;
  if (have != n) {
    bad = ir_syntax_op_error(m, parent, d,
                             "along control flow edge from %s to %s: "
                             "region branch point has %u operands, but region "
                             "successor needs %u inputs",
                             from, to, have, n);
  } else {
    for (uint32_t i = 0; i < n && !bad; i++) {
      uint32_t got = ir_vtype(m, ir_operand(m, term, first + i));
      if (got == want[i]) continue;
      char tg[256], tw[256];
      ir_type_str(m->ctx, got, tg, sizeof tg);
      ir_type_str(m->ctx, want[i], tw, sizeof tw);
      bad = ir_syntax_op_error(m, parent, d,
                               "along control flow edge from %s to "
                               "%s: successor operand type #%u '%s' should "
                               "match successor input type #%u '%s'",
                               from, to, i, tg, i, tw);
    }
  }
  if (bad) ir_diag(d, m->ctx, t->loc, IR_SEV_NOTE, "region branch point");
  return bad;
}

/* Whether terminator t passes (its operands from `first`) exactly the
 * types of the n values from `vals`: check_edge's verdict when it is 0. */
static int passes_values(const IrModule *m, uint32_t t, uint32_t first,
                         uint32_t vals, uint32_t n) {
  const IrOp *to = ir_op(m, t);
  if (to->n_operands - first != n) return 0;
  const uint32_t *opd = m->operands + to->operands + first;
  for (uint32_t i = 0; i < n; i++)
    if (m->values[opd[i]].type != m->values[vals + i].type) return 0;
  return 1;
}

/* Check a terminator (or the parent itself: its operands from `first`)
 * against the arguments of an entry block (from `skip`) and, if
 * `results`, against the parent's results. */
int ir_check_region_edges(const IrModule *m, uint32_t parent, uint32_t term,
                       uint32_t first, int region, uint32_t skip, int results,
                       IrDiag *d) {
  const IrOp *po = ir_op(m, parent);
  const IrBlock *e = region >= 0 ? entry_block(m, parent, (uint32_t)region) : NULL;
  uint32_t na = e && e->n_args > skip ? e->n_args - skip : 0;
  /* The usual case, every edge exact, without building want[] (a third of
   * the verifier's hook time on the bench corpus went to scf.yield) */
  if ((region < 0 || passes_values(m, term, first, e ? e->args + skip : 0, na)) &&
      (!results || passes_values(m, term, first, po->results, po->n_results)))
    return 0;
  uint32_t cap = na > po->n_results ? na : po->n_results;
  uint32_t small[8] = {0};
  uint32_t *want = cap < 8 ? small : ir_xmalloc((cap + 1) * sizeof *want);
  int rc = 0;
  if (region >= 0) {
    for (uint32_t i = 0; i < na; i++) want[i] = ir_vtype(m, e->args + skip + i);
    rc = check_edge(m, parent, term, first, region, want, na, d);
  }
  if (!rc && results) {
    for (uint32_t i = 0; i < po->n_results; i++)
      want[i] = ir_vtype(m, po->results + i);
    rc = check_edge(m, parent, term, first, -1, want, po->n_results, d);
  }
  if (want != small) free(want);
  return rc;
}

static int verify_yield(const IrModule *m, uint32_t op, IrDiag *d) {
  uint32_t b = m->ops[op].block;
  if (b == IR_NONE) return 0;
  uint32_t r = m->blocks[b].region, parent = m->regions[r].op;
  const IrOp *po = ir_op(m, parent);
  uint32_t region = r - po->regions;
  switch (po->opc) {
  case IR_OP_IF: case IR_OP_EXECUTE_REGION: case IR_OP_INDEX_SWITCH:
    /* The usual yield passes the parent's result types: done, without
     * check_edges or the earlier regions' yields (a bad one has failed
     * by itself). Mixed corpus, m.irb: 10K yields at 163 instructions,
     * 6.4K of them here. */
    if (passes_values(m, op, 0, po->results, po->n_results)) return 0;
    /* MLIR verifies the parent's edges once and stops at the first bad
     * one: a yield of an earlier region that is wrong already reported */
    for (uint32_t r = po->regions; r < po->regions + region; r++) {
      const IrRegion *rg = &m->regions[r];
      for (uint32_t b = rg->blocks; b < rg->blocks + rg->n_blocks; b++) {
        const IrBlock *bl = &m->blocks[b];
        if (!bl->n_ops) continue;
        uint32_t t = bl->ops + bl->n_ops - 1;
        if (ir_op(m, t)->opc == IR_OP_YIELD &&
            !passes_values(m, t, 0, po->results, po->n_results))
          return -1;
      }
    }
    return ir_check_region_edges(m, parent, op, 0, -1, 0, 1, d);
  case IR_OP_FOR:
    /* scf.for's verifier (loop_like_types) checks what a yield with
     * operands passes; an empty one meets the region-branch check */
    if (ir_op(m, op)->n_operands) return 0;
    return ir_check_region_edges(m, parent, op, 0, 0, 1, 1, d);
  case IR_OP_WHILE:
    /* The after region branches back to the before region. */
    return region == 1 ? ir_check_region_edges(m, parent, op, 0, 0, 0, 0, d) : 0;
  default:
    return ir_syntax_op_error(m, op, d,
                              "expects parent op to be one of 'scf.execute_region, "
                              "scf.for, scf.if, scf.index_switch, scf.while'");
  }
}

static int verify_condition(const IrModule *m, uint32_t op, IrDiag *d) {
  uint32_t parent = ir_op_parent(m, op);
  if (parent == IR_NONE || ir_op(m, parent)->opc != IR_OP_WHILE)
    return ir_syntax_op_error(m, op, d, "expects parent op 'scf.while'");
  if (!ir_op(m, op)->n_operands ||
      !ir_type_is_int(m->ctx, ir_vtype(m, ir_operand(m, op, 0)), 1))
    return ir_syntax_op_error(m, op, d,
                              "operand #0 must be 1-bit signless integer");
  return ir_check_region_edges(m, parent, op, 1, 1, 0, 1, d);
}

const IrOpHooks ir_hooks_scf[] = {
    {"scf.if", parse_if, print_if, NULL, verify_if},
    {"scf.for", parse_for, print_for, NULL, verify_for},
    {"scf.while", parse_while, print_while, NULL, NULL},
    {"scf.execute_region", parse_execute_region, print_execute_region, NULL,
     verify_execute_region},
    {"scf.index_switch", parse_index_switch, print_index_switch, NULL, NULL},
    {"scf.parallel", parse_parallel, print_parallel, NULL, verify_parallel},
    {"scf.forall", parse_forall, print_forall, NULL, verify_forall},
    {"scf.forall.in_parallel", parse_in_parallel, print_in_parallel, NULL,
     verify_in_parallel},
    {"scf.reduce", parse_reduce, print_reduce, NULL, verify_reduce},
    {"scf.reduce.return", parse_reduce_return, print_reduce_return, NULL,
     verify_reduce_return},
    {"scf.condition", parse_condition, print_condition, NULL, verify_condition},
    {"scf.yield", ir_syntax_parse_yield, ir_syntax_print_yield, NULL,
     verify_yield},
    {0},
};
