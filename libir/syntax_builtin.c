/*
 * syntax_builtin.c - custom assembly of the builtin ops (builtin.module,
 * builtin.unrealized_conversion_cast), and the list helpers the other syntax
 * files share: SSA use lists, type lists, arrow result lists, functional
 * types (irint.h declares them under this file's section).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "irint.h"

/* ====================================================================== */
/* Shared helpers                                                         */
/* ====================================================================== */

/* The lists live in the parser's scratch memory (released when the op
 * being parsed is done): no malloc and free per op. A full list moves to
 * one twice its size, the old copy staying behind until then. */
static void *grow(IrParser *p, void *v, uint32_t n, uint32_t *cap, size_t sz) {
  uint32_t nc = *cap ? 2 * *cap : 8;
  if (nc <= *cap) ir_die("list overflow");
  void *w = irp_scratch(p, (size_t)nc * sz);
  if (n) memcpy(w, v, (size_t)n * sz);
  *cap = nc;
  return w;
}

void ir_syntax_refs_free(IrRefVec *v) {
  v->v = NULL;
  v->n = v->cap = 0;
}

void ir_syntax_types_free(IrTypeVec *v) {
  v->v = NULL;
  v->n = v->cap = 0;
}

void ir_syntax_types_push(IrParser *p, IrTypeVec *v, uint32_t t) {
  if (v->n == v->cap) v->v = grow(p, v->v, v->n, &v->cap, sizeof *v->v);
  v->v[v->n++] = t;
}

int ir_syntax_parse_ref(IrParser *p, IrRefVec *v) {
  if (v->n == v->cap) v->v = grow(p, v->v, v->n, &v->cap, sizeof *v->v);
  if (irp_ref(p, &v->v[v->n]) < 0) return -1;
  v->n++;
  return 0;
}

int ir_syntax_parse_refs(IrParser *p, IrRefVec *v) {
  if (irp_peek(p)->kind != IR_TK_PERCENT_ID) return 0;
  do {
    if (ir_syntax_parse_ref(p, v) < 0) return -1;
  } while (irp_consume(p, IR_TK_COMMA) == 1);
  return 0;
}

int ir_syntax_parse_types(IrParser *p, IrTypeVec *v) {
  do {
    uint32_t t;
    if (irp_type(p, &t) < 0) return -1;
    ir_syntax_types_push(p, v, t);
  } while (irp_consume(p, IR_TK_COMMA) == 1);
  return 0;
}

int ir_syntax_parse_result_types(IrParser *p, IrTypeVec *v) {
  uint32_t t;
  if (irp_consume(p, IR_TK_LPAREN) == 1) {
    if (irp_consume(p, IR_TK_RPAREN) == 1) return 0;
    if (ir_syntax_parse_types(p, v) < 0) return -1;
    return irp_expect(p, IR_TK_RPAREN, "')'");
  }
  if (irp_type(p, &t) < 0) return -1;
  ir_syntax_types_push(p, v, t);
  return 0;
}

int ir_syntax_parse_error(IrParser *p, const IrOpState *st, uint32_t loc,
                          const char *fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (!loc) loc = irp_loc_here(p);
  return irp_error_at(p, loc, "custom op '%s' %s",
                      ir_str_ptr(irp_ctx(p), st->name), buf);
}

int ir_syntax_add_operands(IrParser *p, IrOpState *st, const IrRefVec *r,
                           const uint32_t *types, uint32_t ntypes,
                           uint32_t loc) {
  if (r->n != ntypes)
    return ir_syntax_parse_error(p, st, loc,
                                 "%u operands present, but expected %u", r->n,
                                 ntypes);
  for (uint32_t i = 0; i < r->n; i++) {
    uint32_t v;
    if (irp_resolve(p, &r->v[i], types[i], &v) < 0) return -1;
    irp_add_operand(st, v);
  }
  return 0;
}

void ir_syntax_print_operand_types(IrPrinter *w, const IrModule *m,
                                   uint32_t op, uint32_t first, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    if (i) irw_str(w, ", ");
    irw_type(w, ir_vtype(m, ir_operand(m, op, first + i)));
  }
}

void ir_syntax_print_result_types(IrPrinter *w, const IrModule *m,
                                  uint32_t op) {
  const IrOp *o = ir_op(m, op);
  for (uint32_t i = 0; i < o->n_results; i++) {
    if (i) irw_str(w, ", ");
    irw_type(w, ir_vtype(m, o->results + i));
  }
}

void ir_syntax_print_arrow_results(IrPrinter *w, const IrModule *m,
                                   uint32_t op) {
  const IrOp *o = ir_op(m, op);
  int paren;
  if (!o->n_results) return;
  paren = o->n_results != 1 ||
          ir_type(m->ctx, ir_vtype(m, o->results))->kind == IR_T_FUNC;
  irw_str(w, paren ? " -> (" : " -> ");
  ir_syntax_print_result_types(w, m, op);
  if (paren) irw_str(w, ")");
}

/* MLIR's printFunctionalType of the op's operand and result types: the
 * results are wrapped in parens unless there is one that is not itself a
 * function type. */
void ir_syntax_print_op_functional_type(IrPrinter *w, const IrModule *m,
                                        uint32_t op) {
  const IrOp *o = ir_op(m, op);
  int paren = o->n_results != 1 ||
              ir_type(m->ctx, ir_vtype(m, o->results))->kind == IR_T_FUNC;
  irw_str(w, "(");
  ir_syntax_print_operand_types(w, m, op, 0, o->n_operands);
  irw_str(w, ") -> ");
  if (paren) irw_str(w, "(");
  ir_syntax_print_result_types(w, m, op);
  if (paren) irw_str(w, ")");
}

uint32_t ir_syntax_empty_dict(IrCtx *c) {
  IrAttr a = {0};
  a.kind = IR_A_DICT;
  return ir_attr_intern(c, &a, NULL, NULL);
}

uint32_t ir_syntax_array(IrCtx *c, const uint32_t *attrs, uint32_t n) {
  IrAttr a = {0};
  a.kind = IR_A_ARRAY;
  a.n = n;
  return ir_attr_intern(c, &a, attrs, NULL);
}

uint32_t ir_syntax_opaque_attr(IrCtx *c, const char *spelling) {
  IrAttr a = {0};
  a.kind = IR_A_OPAQUE;
  a.str = ir_cstr(c, spelling);
  return ir_attr_intern(c, &a, NULL, NULL);
}

int ir_syntax_attr_is_str(const IrCtx *c, uint32_t attr, const char *s) {
  const IrAttr *a = attr ? ir_attr(c, attr) : NULL;
  size_t n = strlen(s);
  return a && a->kind == IR_A_STRING && ir_str_len(c, a->str) == n &&
         !memcmp(ir_str_ptr(c, a->str), s, n);
}

/* ====================================================================== */
/* builtin.module                                                         */
/* ====================================================================== */

/* `module @name? attributes {...}? { ... }`: one block, no terminator. */
static int parse_module(IrParser *p, IrOpState *st) {
  IrBuilder *b = irp_builder(p);
  uint32_t name, region;
  int r = irp_opt_symbol(p, &name);
  if (r < 0) return -1;
  if (r) {
    const char *s = ir_str_ptr(irp_ctx(p), name);
    irp_add_prop(p, st, "sym_name",
                 ir_attr_string(irp_ctx(p), s, ir_str_len(irp_ctx(p), name)));
  }
  if (irp_opt_attr_dict_with_keyword_into(p, st) < 0) return -1;
  region = irb_region(b);
  irp_add_region(st, region);
  if (irp_region(p, region, NULL, 0, 1) < 0) return -1;
  if (!irb_region_n_blocks(b, region)) irb_block(b, region);
  return 0;
}

static void print_module(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"sym_name", NULL};
  uint32_t name = irw_prop(w, m, op, "sym_name");
  if (name && ir_attr(m->ctx, name)->kind == IR_A_STRING) {
    irw_str(w, " ");
    irw_symbol(w, ir_attr(m->ctx, name)->str);
  }
  irw_op_attr_dict(w, m, op, elide, 1);
  irw_region(w, m, ir_op(m, op)->regions, 1, 1);
}

static int verify_module(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrOp *o = ir_op(m, op);
  const IrCtx *c = m->ctx;
  if (o->n_regions != 1 || m->regions[o->regions].n_blocks > 1)
    return ir_syntax_op_error(m, op, d,
                              "expects region #0 to have 0 or 1 blocks");
  if (o->attrs) {
    const IrAttr *a = ir_attr(c, o->attrs);
    const uint32_t *kv = ir_attr_u32(c, o->attrs);
    for (uint32_t i = 0; i < a->n; i++) {
      const char *s = ir_str_ptr(c, kv[2 * i]);
      if (!memchr(s, '.', ir_str_len(c, kv[2 * i])))
        return ir_syntax_op_error(
            m, op, d,
            "can only contain attributes with dialect-prefixed names, "
            "found: '%s'",
            s);
    }
  }
  return 0;
}

/* ====================================================================== */
/* builtin.unrealized_conversion_cast                                     */
/* ====================================================================== */

/* `%a, %b : t1, t2 to r1, r2` or `to r`, then attr-dict. */
static int parse_cast(IrParser *p, IrOpState *st) {
  IrRefVec refs = {0};
  IrTypeVec ins = {0}, outs = {0};
  int rc = -1;
  if (ir_syntax_parse_refs(p, &refs) < 0) goto out;
  if (refs.n) {
    if (irp_expect(p, IR_TK_COLON, "':'") < 0) goto out;
    if (ir_syntax_parse_types(p, &ins) < 0) goto out;
  }
  if (irp_expect_kw(p, "to") < 0) goto out;
  if (ir_syntax_parse_types(p, &outs) < 0) goto out;
  if (irp_opt_attr_dict_into(p, st) < 0) goto out;
  if (ir_syntax_add_operands(p, st, &refs, ins.v, ins.n, st->loc) < 0)
    goto out;
  for (uint32_t i = 0; i < outs.n; i++) irp_add_result_type(st, outs.v[i]);
  rc = 0;
out:
  ir_syntax_refs_free(&refs);
  ir_syntax_types_free(&ins);
  ir_syntax_types_free(&outs);
  return rc;
}

static void print_cast(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = ir_op(m, op);
  if (o->n_operands) {
    irw_str(w, " ");
    irw_operands(w, m, op, 0, o->n_operands);
    irw_str(w, " : ");
    ir_syntax_print_operand_types(w, m, op, 0, o->n_operands);
  }
  irw_str(w, " to ");
  ir_syntax_print_result_types(w, m, op);
  irw_op_attr_dict(w, m, op, NULL, 0);
}

/* UnrealizedConversionCastOp::verify. */
static int verify_cast(const IrModule *m, uint32_t op, IrDiag *d) {
  if (m->ops[op].n_results) return 0;
  return ir_syntax_op_error(m, op, d, "expected at least one result for cast operation");
}

const IrOpHooks ir_hooks_builtin[] = {
    {"builtin.module", parse_module, print_module, NULL, verify_module},
    {"builtin.unrealized_conversion_cast", parse_cast, print_cast, NULL, verify_cast},
    {0},
};
