/*
 * syntax_misc.c - custom assembly of the smaller dialects the upstream tests
 * touch: linalg named ops (with MLIR 22's implicit body region), tensor,
 * shape.assuming, gpu alloc/dealloc/wait, affine for/if/load/apply/yield,
 * vector.print/vscale and the transform ops of the Integration tests.
 *
 * Parse hooks build MLIR 22's generic model exactly (what
 * `mlir-opt-22 --mlir-print-op-generic` shows); print hooks write what
 * mlir-opt-22 writes after the op name.
 */
#include <stdio.h>
#include <stdlib.h>

#include "irint.h"

/* ====================================================================== */
/* Helpers                                                                */
/* ====================================================================== */

#define MAXV 256  /* operands of one list in custom syntax */

static int colon(IrParser *p) { return irp_expect(p, IR_TK_COLON, "':'"); }

static uint32_t opd_type(const IrModule *m, uint32_t op, uint32_t k) {
  return ir_vtype(m, ir_operand(m, op, k));
}

static uint32_t res_type(const IrModule *m, uint32_t op, uint32_t k) {
  return ir_vtype(m, ir_result(m, op, k));
}

static void sp_value(IrPrinter *w, const IrModule *m, uint32_t op, uint32_t k) {
  irw_str(w, " ");
  irw_value(w, ir_operand(m, op, k));
}

static void colon_type(IrPrinter *w, uint32_t t) {
  irw_str(w, " : ");
  irw_type(w, t);
}

/* hint: a literal valid name (its strlen folds away when inlined) */
static inline void name_result(IrPrinter *w, const IrModule *m, uint32_t op,
                               uint32_t k, const char *hint) {
  if (k < m->ops[op].n_results)
    irw_set_name_n(w, ir_result(m, op, k), hint, strlen(hint));
}

/* Refs `%a, %b` (0 or more) into r[] (at most MAXV). */
static int refs(IrParser *p, IrRef *r, uint32_t *n) {
  *n = 0;
  if (irp_peek(p)->kind != IR_TK_PERCENT_ID) return 0;
  do {
    if (*n >= MAXV) return irp_error(p, "too many operands");
    if (irp_ref(p, &r[(*n)++]) < 0) return -1;
  } while (irp_consume(p, IR_TK_COMMA) == 1);
  return 0;
}

/* `t1, t2, ...` exactly n types resolving r[] as operands of st. */
static int typed_refs(IrParser *p, IrOpState *st, const IrRef *r, uint32_t n) {
  uint32_t k, t;
  for (k = 0; k < n; k++) {
    if (k && irp_expect(p, IR_TK_COMMA, "','") < 0) return -1;
    if (irp_type(p, &t) < 0 || ir_syntax_operand(p, st, &r[k], t) < 0) return -1;
  }
  return 0;
}

/* An attribute interned from parts. */
static uint32_t opaque_attr(IrCtx *c, const char *spelling) {
  IrAttr a;
  memset(&a, 0, sizeof a);
  a.kind = IR_A_OPAQUE;
  a.str = ir_cstr(c, spelling);
  return ir_attr_intern(c, &a, NULL, NULL);
}

static uint32_t map_attr(IrCtx *c, const char *text) {
  IrAttr a;
  memset(&a, 0, sizeof a);
  a.kind = IR_A_AFFINE_MAP;
  a.str = ir_cstr(c, text);
  return ir_attr_intern(c, &a, NULL, NULL);
}

static uint32_t opaque_type(IrCtx *c, const char *spelling) {
  IrType t;
  memset(&t, 0, sizeof t);
  t.kind = IR_T_OPAQUE;
  t.text = ir_cstr(c, spelling);
  return ir_type_intern(c, &t, NULL, NULL);
}

static int is_opaque_type(const IrCtx *c, uint32_t t, const char *spelling) {
  const IrType *ty = t ? ir_type(c, t) : NULL;
  return ty && ty->kind == IR_T_OPAQUE &&
         strcmp(ir_str_ptr(c, ty->text), spelling) == 0;
}

/* Element type of a shaped type, the type itself otherwise. */
static uint32_t elem_or_self(const IrCtx *c, uint32_t t) {
  const IrType *ty = ir_type(c, t);
  switch (ty->kind) {
  case IR_T_MEMREF: case IR_T_UMEMREF: case IR_T_TENSOR: case IR_T_UTENSOR:
  case IR_T_VECTOR:
    return ty->elem;
  default:
    return t;
  }
}

static uint32_t segment(const IrModule *m, uint32_t op, uint32_t k) {
  uint32_t a = ir_op_prop_lit(m, op, "operandSegmentSizes");
  const IrAttr *at = a ? ir_attr(m->ctx, a) : NULL;
  if (!at || at->kind != IR_A_DENSE_ARRAY || k >= at->n) return 0;
  return (uint32_t)ir_attr_i64(m->ctx, a)[k];
}

/* Whether operandSegmentSizes has n entries summing to the operand count. */
static int segments_ok(const IrModule *m, uint32_t op, uint32_t n) {
  uint32_t a = ir_op_prop_lit(m, op, "operandSegmentSizes"), k, sum = 0;
  const IrAttr *at = a ? ir_attr(m->ctx, a) : NULL;
  if (!at || at->kind != IR_A_DENSE_ARRAY || at->n != n) return 0;
  for (k = 0; k < n; k++) sum += (uint32_t)ir_attr_i64(m->ctx, a)[k];
  return sum == m->ops[op].n_operands;
}

static uint32_t new_region(IrParser *p, IrOpState *st) {
  uint32_t r = irb_region(irp_builder(p));
  irp_add_region(st, r);
  return r;
}

/* `{...}` whose entry block labels its own arguments. */
static int plain_region(IrParser *p, IrOpState *st, int isolated,
                        uint32_t *region) {
  if (irp_peek(p)->kind != IR_TK_LBRACE) return irp_error(p, "expected '{'");
  *region = new_region(p, st);
  return irp_region(p, *region, NULL, 0, isolated);
}

/* `attr-dict ($operands^ `:` type($operands))?` of the yield-like ops. */
static int parse_yield(IrParser *p, IrOpState *st) {
  IrRef r[MAXV];
  uint32_t n;
  if (irp_opt_attr_dict_into(p, st) < 0 || refs(p, r, &n) < 0) return -1;
  if (n && (colon(p) < 0 || typed_refs(p, st, r, n) < 0)) return -1;
  return 0;
}

static void print_yield(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = &m->ops[op];
  irw_op_attr_dict(w, m, op, NULL, 0);
  if (!o->n_operands) return;
  irw_str(w, " ");
  irw_operands(w, m, op, 0, o->n_operands);
  irw_str(w, " : ");
  irw_value_types(w, m, &m->operands[o->operands], o->n_operands);
}

/* ` -> t` or ` -> (t1, t2)` if the op has results. */
static void opt_arrow_results(IrPrinter *w, const IrModule *m, uint32_t op) {
  if (!m->ops[op].n_results) return;
  irw_str(w, " -> ");
  irw_result_types(w, m, op);
}

/* `-> t` or `-> (t1, ...)` if present. */
static int parse_opt_arrow_results(IrParser *p, IrOpState *st) {
  uint32_t *ts, n, k;
  if (irp_consume(p, IR_TK_ARROW) != 1) return 0;
  if (irp_type_list_parens(p, &ts, &n) < 0) return -1;
  for (k = 0; k < n; k++) irp_add_result_type(st, ts[k]);
  return 0;
}

/* ====================================================================== */
/* linalg named ops                                                       */
/* ====================================================================== */

enum { LN_FILL, LN_CEIL, LN_DOT };

/* Append `name`(opds) -> type with `props` to block; returns its result. */
static uint32_t body_op(IrParser *p, uint32_t blk, const char *name,
                        const uint32_t *opds, uint32_t n, uint32_t type,
                        uint32_t props, uint32_t loc) {
  IrBuilder *b = irp_builder(p);
  IrOpSpec s;
  uint32_t op;
  memset(&s, 0, sizeof s);
  s.name = ir_cstr(irp_ctx(p), name);
  /* MLIR builds the body with an ImplicitLocOpBuilder at an unknown
   * location (fillStructuredOpRegion), whatever the op's location */
  (void)loc;
  s.loc = 0;
  s.operands = opds;
  s.n_operands = n;
  s.result_types = type ? &type : NULL;
  s.n_results = type ? 1 : 0;
  s.props = props;
  op = irb_op(b, blk, &s);
  return type ? irb_op_result(b, op, 0) : IR_NONE;
}

/* `{name = value}` */
static uint32_t one_prop(IrParser *p, const char *name, uint32_t value) {
  IrNamedAttr na;
  na.name = ir_cstr(irp_ctx(p), name);
  na.attr = value;
  return irp_dict(p, &na, 1);
}

/* The implicit body MLIR 22 builds for the named op from its operands'
 * element types (what --mlir-print-op-generic shows). */
static int build_linalg_body(IrParser *p, IrOpState *st, int kind,
                             uint32_t loc) {
  IrCtx *c = irp_ctx(p);
  IrBuilder *b = irp_builder(p);
  uint32_t r = new_region(p, st), blk = irb_block(b, r), k, args[3], v;
  uint32_t fm = one_prop(p, "fastmath", opaque_attr(c, "#arith.fastmath<none>"));
  uint32_t want = kind == LN_DOT ? 3 : 2;
  if (st->n_operands != want)
    return irp_error_at(p, loc, "expected %u operands", want);
  for (k = 0; k < st->n_operands; k++)
    args[k] = irb_block_arg(b, blk, elem_or_self(c, irb_value_type(b, st->operands[k])));
  switch (kind) {
  case LN_FILL:
    v = args[0];
    break;
  case LN_CEIL:
    v = body_op(p, blk, "math.ceil", args, 1, irb_value_type(b, args[0]), fm,
                loc);
    break;
  default: {
    uint32_t t = irb_value_type(b, args[2]), mul, add[2];
    const IrType *ty = ir_type(c, t);
    int fl = ty->kind == IR_T_FLOAT;
    uint32_t props = fl ? fm : one_prop(p, "overflowFlags",
                                        opaque_attr(c, "#arith.overflow<none>"));
    if (irb_value_type(b, args[0]) != t || irb_value_type(b, args[1]) != t ||
        (!fl && ty->kind != IR_T_INT))
      return irp_error_at(p, loc, "linalg.dot: only operands of one int or "
                          "float element type are supported");
    mul = body_op(p, blk, fl ? "arith.mulf" : "arith.muli", args, 2, t, props,
                  loc);
    add[0] = args[2];
    add[1] = mul;
    v = body_op(p, blk, fl ? "arith.addf" : "arith.addi", add, 2, t, props,
                loc);
    break;
  }
  }
  body_op(p, blk, "linalg.yield", &v, 1, 0, 0, loc);
  return 0;
}

/* attr-dict (`ins(` %a `:` t `)`)? (`outs(` ... `)`)? attr-dict (`->` ts)? */
static int parse_structured(IrParser *p, IrOpState *st, int kind) {
  IrRef r[MAXV];
  uint32_t n, loc = st->loc;
  int64_t seg[2] = {0, 0};
  if (irp_opt_attr_dict_into(p, st) < 0) return -1;
  if (irp_consume_kw(p, "ins") == 1) {
    if (irp_expect(p, IR_TK_LPAREN, "'('") < 0 || refs(p, r, &n) < 0 ||
        colon(p) < 0 || typed_refs(p, st, r, n) < 0 ||
        irp_expect(p, IR_TK_RPAREN, "')'") < 0)
      return -1;
    seg[0] = n;
  }
  if (irp_consume_kw(p, "outs") == 1) {
    if (irp_expect(p, IR_TK_LPAREN, "'('") < 0 || refs(p, r, &n) < 0 ||
        colon(p) < 0 || typed_refs(p, st, r, n) < 0 ||
        irp_expect(p, IR_TK_RPAREN, "')'") < 0)
      return -1;
    seg[1] = n;
  }
  if (irp_opt_attr_dict_into(p, st) < 0 || parse_opt_arrow_results(p, st) < 0)
    return -1;
  irp_set_segments(p, st, 2, seg);
  if (build_linalg_body(p, st, kind, loc) < 0) return -1;
  if (kind == LN_DOT) {
    IrCtx *c = irp_ctx(p);
    IrAttr a;
    uint32_t maps[3];
    maps[0] = maps[1] = map_attr(c, "(d0) -> (d0)");
    maps[2] = map_attr(c, "(d0) -> ()");
    memset(&a, 0, sizeof a);
    a.kind = IR_A_ARRAY;
    a.n = 3;
    irp_add_attr(p, st, "linalg.memoized_indexing_maps",
                 ir_attr_intern(c, &a, maps, NULL));
  }
  return 0;
}

static int parse_fill(IrParser *p, IrOpState *st) {
  return parse_structured(p, st, LN_FILL);
}

static int parse_ceil(IrParser *p, IrOpState *st) {
  return parse_structured(p, st, LN_CEIL);
}

static int parse_dot(IrParser *p, IrOpState *st) {
  return parse_structured(p, st, LN_DOT);
}

static void print_structured(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"operandSegmentSizes",
                                      "linalg.memoized_indexing_maps", NULL};
  const IrOp *o = &m->ops[op];
  uint32_t nin = segment(m, op, 0), nout = segment(m, op, 1);
  if (!segments_ok(m, op, 2)) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_op_attr_dict(w, m, op, elide, 0);
  if (nin) {
    irw_str(w, " ins(");
    irw_operands(w, m, op, 0, nin);
    irw_str(w, " : ");
    irw_value_types(w, m, &m->operands[o->operands], nin);
    irw_str(w, ")");
  }
  if (nout) {
    irw_str(w, " outs(");
    irw_operands(w, m, op, nin, nout);
    irw_str(w, " : ");
    irw_value_types(w, m, &m->operands[o->operands + nin], nout);
    irw_str(w, ")");
  }
  opt_arrow_results(w, m, op);
}

static int verify_structured(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrOp *o = &m->ops[op];
  uint32_t nout, k;
  if (!segments_ok(m, op, 2))
    return ir_syntax_op_error(m, op, d, "operand count (%u) does not match "
                              "with the total size specified in attribute "
                              "'operandSegmentSizes'", o->n_operands);
  nout = segment(m, op, 1);
  /* Each tensor output has a result of its type. */
  {
    uint32_t ntensor = 0;
    for (k = 0; k < nout; k++) {
      uint32_t t = opd_type(m, op, o->n_operands - nout + k);
      const IrType *ty = ir_type(m->ctx, t);
      if (ty->kind == IR_T_TENSOR || ty->kind == IR_T_UTENSOR) {
        if (ntensor >= o->n_results || res_type(m, op, ntensor) != t)
          return ir_syntax_op_error(m, op, d, "expected type of operand #%u "
                                    "to match type of corresponding result",
                                    o->n_operands - nout + k);
        ntensor++;
      }
    }
    if (ntensor != o->n_results)
      return ir_syntax_op_error(m, op, d, "expected the number of tensor "
                                "results (%u) to be equal to the number of "
                                "output tensors (%u)", o->n_results, ntensor);
  }
  return 0;
}

/* ====================================================================== */
/* tensor                                                                 */
/* ====================================================================== */

/* %src attr-dict `:` t `to` t */
static int parse_tensor_cast(IrParser *p, IrOpState *st) {
  IrRef r;
  uint32_t ts, tr;
  if (irp_ref(p, &r) < 0 || irp_opt_attr_dict_into(p, st) < 0 ||
      colon(p) < 0 || ir_syntax_kind_type(p, st, &ts, IR_KIND_ANY_TENSOR) < 0 || irp_expect_kw(p, "to") < 0 ||
      ir_syntax_kind_type(p, st, &tr, IR_KIND_ANY_TENSOR) < 0 || ir_syntax_operand(p, st, &r, ts) < 0)
    return -1;
  irp_add_result_type(st, tr);
  return 0;
}

/* CastOp: tensors in and out (ODS), then areCastCompatible: one element
 * type, compatible shapes (an unranked side or a `?` fits anything). */
static int verify_tensor_cast(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  if (m->ops[op].n_operands != 1 || m->ops[op].n_results != 1) return 0;
  uint32_t t[2] = {opd_type(m, op, 0), res_type(m, op, 0)};
  const IrType *x[2] = {ir_type(c, t[0]), ir_type(c, t[1])};
  char a[512], b[512];
  for (int k = 0; k < 2; k++)
    if (x[k]->kind != IR_T_TENSOR && x[k]->kind != IR_T_UTENSOR)
      return ir_syntax_type_error(m, op, d, k ? "result" : "operand", 0,
                                  "tensor of any type values", t[k]);
  if (x[0]->elem == x[1]->elem && ir_shapes_compatible(c, t[0], t[1])) return 0;
  ir_type_str(c, t[0], a, sizeof a);
  ir_type_str(c, t[1], b, sizeof b);
  return ir_syntax_op_error(m, op, d, "operand type '%s' and result type '%s' are "
                            "cast incompatible", a, b);
}

static void print_tensor_cast(IrPrinter *w, const IrModule *m, uint32_t op) {
  if (m->ops[op].n_operands != 1 || m->ops[op].n_results != 1) {
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
  name_result(w, m, op, 0, "cast");
}


/* A ranked tensor type of a custom form (RankedTensorType). */
static int tensor_type(IrParser *p, IrOpState *st, uint32_t *t) {
  return ir_syntax_kind_type(p, st, t, IR_KIND_TENSOR);
}

/* %t `[` indices `]` attr-dict `:` type; the tensor resolved first, then
 * the indices (ODS's order) */
static int parse_extract(IrParser *p, IrOpState *st) {
  IrRef r;
  IrRefVec idx = {0};
  uint32_t t;
  if (irp_ref(p, &r) < 0 || irp_expect(p, IR_TK_LSQUARE, "'['") < 0 ||
      ir_syntax_parse_refs(p, &idx) < 0 || irp_expect(p, IR_TK_RSQUARE, "']'") < 0 ||
      irp_opt_attr_dict_into(p, st) < 0 || colon(p) < 0 ||
      tensor_type(p, st, &t) < 0 || ir_syntax_operand(p, st, &r, t) < 0 ||
      ir_syntax_add_operands_of(p, st, &idx, ir_type_index(irp_ctx(p))) < 0)
    return -1;
  irp_add_result_type(st, ir_type(irp_ctx(p), t)->elem);
  return 0;
}

static void print_extract(IrPrinter *w, const IrModule *m, uint32_t op) {
  uint32_t n = m->ops[op].n_operands;
  if (!n) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  irw_str(w, "[");
  irw_operands(w, m, op, 1, n - 1);
  irw_str(w, "]");
  irw_op_attr_dict(w, m, op, NULL, 0);
  colon_type(w, opd_type(m, op, 0));
}

static void names_extract(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, 0, "extracted");
}

/* ODS's constraints and traits, then ExtractOp::verify (the indices'
 * count). */
static int verify_extract(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  uint32_t tt = opd_type(m, op, 0);
  const IrType *t = ir_type(c, tt);
  if (t->kind != IR_T_TENSOR)
    return ir_syntax_type_error(m, op, d, "operand", 0, "ranked tensor of any type values", tt);
  if (ir_syntax_index_operands(m, op, 1, d)) return -1;
  if (res_type(m, op, 0) != t->elem)
    return ir_syntax_op_error(m, op, d, "failed to verify that result type matches "
                              "element type of tensor");
  if (m->ops[op].n_operands - 1 != t->n)
    return ir_syntax_op_error(m, op, d, "incorrect number of indices for extract_element");
  return 0;
}

/* The same for InsertOp. */
static int verify_insert(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  uint32_t tt = opd_type(m, op, 1), rt = res_type(m, op, 0);
  const IrType *t = ir_type(c, tt);
  if (t->kind != IR_T_TENSOR)
    return ir_syntax_type_error(m, op, d, "operand", 1, "ranked tensor of any type values", tt);
  if (ir_syntax_index_operands(m, op, 2, d)) return -1;
  if (ir_type(c, rt)->kind != IR_T_TENSOR)
    return ir_syntax_type_error(m, op, d, "result", 0, "ranked tensor of any type values", rt);
  if (opd_type(m, op, 0) != t->elem)
    return ir_syntax_op_error(m, op, d, "failed to verify that scalar type matches "
                              "element type of dest");
  if (rt != tt)
    return ir_syntax_op_error(m, op, d, "failed to verify that result type matches "
                              "type of dest");
  if (m->ops[op].n_operands - 2 != t->n)
    return ir_syntax_op_error(m, op, d, "incorrect number of indices");
  return 0;
}

/* %v `into` %t `[` indices `]` attr-dict `:` type; resolved in that
 * order */
static int parse_insert(IrParser *p, IrOpState *st) {
  IrRef v, d;
  IrRefVec idx = {0};
  uint32_t t;
  if (irp_ref(p, &v) < 0 || irp_expect_kw(p, "into") < 0 ||
      irp_ref(p, &d) < 0 || irp_expect(p, IR_TK_LSQUARE, "'['") < 0 ||
      ir_syntax_parse_refs(p, &idx) < 0 || irp_expect(p, IR_TK_RSQUARE, "']'") < 0 ||
      irp_opt_attr_dict_into(p, st) < 0 || colon(p) < 0 ||
      tensor_type(p, st, &t) < 0 ||
      ir_syntax_operand(p, st, &v, ir_type(irp_ctx(p), t)->elem) < 0 ||
      ir_syntax_operand(p, st, &d, t) < 0 ||
      ir_syntax_add_operands_of(p, st, &idx, ir_type_index(irp_ctx(p))) < 0)
    return -1;
  irp_add_result_type(st, t);
  return 0;
}

static void print_insert(IrPrinter *w, const IrModule *m, uint32_t op) {
  uint32_t n = m->ops[op].n_operands;
  if (n < 2) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  irw_str(w, " into");
  sp_value(w, m, op, 1);
  irw_str(w, "[");
  irw_operands(w, m, op, 2, n - 2);
  irw_str(w, "]");
  irw_op_attr_dict(w, m, op, NULL, 0);
  colon_type(w, opd_type(m, op, 1));
}

static void names_insert(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, 0, "inserted");
}

static const char *const slice_props[3] = {"static_offsets", "static_sizes",
                                           "static_strides"};
static const char *const slice_elide[] = {
    "operandSegmentSizes", "static_offsets", "static_sizes", "static_strides",
    NULL};

/* `[..] [..] [..]` of the slice ops, static lists into properties, the
 * dynamic entries into refs. */
static int parse_slice_lists(IrParser *p, IrOpState *st, IrRefVec *refs, uint32_t nd[3]) {
  int64_t vals[IR_MAX_RANK];
  uint32_t n, k;
  for (k = 0; k < 3; k++) {
    if (irp_dyn_index_list(p, refs, vals, IR_MAX_RANK, &n, &nd[k]) < 0)
      return -1;
    irp_add_prop(p, st, slice_props[k], ir_attr_dense_i64(irp_ctx(p), n, vals));
  }
  return 0;
}

static void print_slice_lists(IrPrinter *w, const IrModule *m, uint32_t op,
                              uint32_t first) {
  uint32_t next = first, k;
  for (k = 0; k < 3; k++) {
    if (k) irw_str(w, " ");
    irw_dyn_index_list(w, m, op, irw_prop(w, m, op, slice_props[k]), &next);
  }
}

/* %src [..] [..] [..] attr-dict `:` t `to` t; the source resolved after
 * the types, then the dynamic entries */
static int parse_extract_slice(IrParser *p, IrOpState *st) {
  IrRef r;
  IrRefVec dyn = {0};
  uint32_t nd[3], ts, tr;
  int64_t seg[4];
  if (irp_ref(p, &r) < 0 || parse_slice_lists(p, st, &dyn, nd) < 0 ||
      irp_opt_attr_dict_into(p, st) < 0 || colon(p) < 0 ||
      tensor_type(p, st, &ts) < 0 || irp_expect_kw(p, "to") < 0 ||
      tensor_type(p, st, &tr) < 0 || ir_syntax_operand(p, st, &r, ts) < 0 ||
      ir_syntax_add_operands_of(p, st, &dyn, ir_type_index(irp_ctx(p))) < 0)
    return -1;
  irp_add_result_type(st, tr);
  seg[0] = 1;
  seg[1] = nd[0];
  seg[2] = nd[1];
  seg[3] = nd[2];
  irp_set_segments(p, st, 4, seg);
  return 0;
}

static void print_extract_slice(IrPrinter *w, const IrModule *m, uint32_t op) {
  if (!segments_ok(m, op, 4) || !m->ops[op].n_results) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  print_slice_lists(w, m, op, 1);
  irw_op_attr_dict(w, m, op, slice_elide, 0);
  colon_type(w, opd_type(m, op, 0));
  irw_str(w, " to ");
  irw_type(w, res_type(m, op, 0));
}

static void names_extract_slice(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, 0, "extracted_slice");
}

static int verify_extract_slice(const IrModule *m, uint32_t op, IrDiag *d) {
  return ir_verify_tensor_slice(m, op, d, 0);
}

/* %src `into` %dst [..] [..] [..] attr-dict `:` t `into` t; resolved
 * after the types in that order */
static int parse_insert_slice(IrParser *p, IrOpState *st) {
  IrRef s, dd;
  IrRefVec dyn = {0};
  uint32_t nd[3], ts, tr;
  int64_t seg[5];
  if (irp_ref(p, &s) < 0 || irp_expect_kw(p, "into") < 0 ||
      irp_ref(p, &dd) < 0 || parse_slice_lists(p, st, &dyn, nd) < 0 ||
      irp_opt_attr_dict_into(p, st) < 0 || colon(p) < 0 ||
      tensor_type(p, st, &ts) < 0 || irp_expect_kw(p, "into") < 0 ||
      tensor_type(p, st, &tr) < 0 || ir_syntax_operand(p, st, &s, ts) < 0 ||
      ir_syntax_operand(p, st, &dd, tr) < 0 ||
      ir_syntax_add_operands_of(p, st, &dyn, ir_type_index(irp_ctx(p))) < 0)
    return -1;
  irp_add_result_type(st, tr);
  seg[0] = 1;
  seg[1] = 1;
  seg[2] = nd[0];
  seg[3] = nd[1];
  seg[4] = nd[2];
  irp_set_segments(p, st, 5, seg);
  return 0;
}

static void print_insert_slice(IrPrinter *w, const IrModule *m, uint32_t op) {
  if (!segments_ok(m, op, 5) || !m->ops[op].n_results) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  irw_str(w, " into");
  sp_value(w, m, op, 1);
  print_slice_lists(w, m, op, 2);
  irw_op_attr_dict(w, m, op, slice_elide, 0);
  colon_type(w, opd_type(m, op, 0));
  irw_str(w, " into ");
  irw_type(w, opd_type(m, op, 1));
}

static void names_insert_slice(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, 0, "inserted_slice");
}

static int verify_insert_slice(const IrModule *m, uint32_t op, IrDiag *d) {
  return ir_verify_tensor_slice(m, op, d, 1);
}

static int parse_tensor_collapse(IrParser *p, IrOpState *st) {
  return ir_syntax_parse_reshape(p, st, 0);
}

static void print_tensor_collapse(IrPrinter *w, const IrModule *m,
                                  uint32_t op) {
  if (m->ops[op].n_operands != 1 || m->ops[op].n_results != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  ir_syntax_print_reshape(w, m, op, 0);
}

static void names_collapsed(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, 0, "collapsed");
}

static int verify_tensor_collapse(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrType *ts, *tr;
  if (m->ops[op].n_operands != 1 || m->ops[op].n_results != 1) return 0;
  ts = ir_type(m->ctx, opd_type(m, op, 0));
  tr = ir_type(m->ctx, res_type(m, op, 0));
  if (ts->kind != IR_T_TENSOR || tr->kind != IR_T_TENSOR) {
    int src = ts->kind != IR_T_TENSOR;
    return ir_syntax_type_error(m, op, d, src ? "operand" : "result", 0,
                                "ranked tensor of any type values",
                                src ? opd_type(m, op, 0) : res_type(m, op, 0));
  }
  return ir_verify_tensor_collapse(m, op, d);
}

/* %src (`nofold`)? `low` [..] `high` [..] region attr-dict `:` t `to` t
 * Its declarative format resolves every operand at the end, after the
 * region: a name the region defines is not yet a forward reference while
 * the region is parsed. */
static int parse_pad(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  IrRef r;
  IrRefVec low = {0}, high = {0};
  int64_t vals[IR_MAX_RANK], seg[3];
  uint32_t n, nlow, nhigh, ts, tr, reg, idx = ir_type_index(c);
  if (irp_ref(p, &r) < 0) return -1;
  if (irp_consume_kw(p, "nofold") == 1)
    irp_add_prop(p, st, "nofold", ir_attr_unit(c));
  if (irp_expect_kw(p, "low") < 0 ||
      irp_dyn_index_list(p, &low, vals, IR_MAX_RANK, &n, &nlow) < 0)
    return -1;
  irp_add_prop(p, st, "static_low", ir_attr_dense_i64(c, n, vals));
  if (irp_expect_kw(p, "high") < 0 ||
      irp_dyn_index_list(p, &high, vals, IR_MAX_RANK, &n, &nhigh) < 0)
    return -1;
  irp_add_prop(p, st, "static_high", ir_attr_dense_i64(c, n, vals));
  if (plain_region(p, st, 0, &reg) < 0) return -1;
  /* SingleBlockImplicitTerminator: an empty body gets a tensor.yield of
   * nothing, which its verifier then refuses (as in mlir-opt-22) */
  irp_ensure_terminator(p, reg, "tensor.yield", st->loc);
  if (irp_opt_attr_dict_into(p, st) < 0 ||
      colon(p) < 0 || tensor_type(p, st, &ts) < 0 || irp_expect_kw(p, "to") < 0 ||
      tensor_type(p, st, &tr) < 0 || ir_syntax_operand(p, st, &r, ts) < 0 ||
      ir_syntax_add_operands_of(p, st, &low, idx) < 0 ||
      ir_syntax_add_operands_of(p, st, &high, idx) < 0)
    return -1;
  irp_add_result_type(st, tr);
  seg[0] = 1;
  seg[1] = nlow;
  seg[2] = nhigh;
  irp_set_segments(p, st, 3, seg);
  return 0;
}

/* PadOp::verify: the result type against the one inferred from the
 * source and the static pads (a dynamic pad or source size leaves that
 * size to the result). */
static int verify_pad(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrOp *o = &m->ops[op];
  if (!o->n_operands || o->n_results != 1 || o->n_regions != 1) return 0;
  uint32_t st = opd_type(m, op, 0), rt = res_type(m, op, 0);
  const IrType *ts = ir_type(c, st), *tr = ir_type(c, rt);
  char a[512], b[512], e[512];
  if (ts->kind != IR_T_TENSOR || tr->kind != IR_T_TENSOR) {
    int src = ts->kind != IR_T_TENSOR;
    return ir_syntax_type_error(m, op, d, src ? "operand" : "result", 0,
                                "ranked tensor of any type values", src ? st : rt);
  }
  uint32_t lo = ir_op_prop_lit(m, op, "static_low"), hi = ir_op_prop_lit(m, op, "static_high");
  uint32_t n = ts->n;
  ir_type_str(c, st, a, sizeof a);
  ir_type_str(c, rt, b, sizeof b);
  if (!lo || !hi || ir_attr(c, lo)->kind != IR_A_DENSE_ARRAY ||
      ir_attr(c, hi)->kind != IR_A_DENSE_ARRAY || ir_attr(c, lo)->n != n ||
      ir_attr(c, hi)->n != n || n > IR_MAX_RANK)
    return ir_diag(d, c, o->loc, IR_SEV_ERROR, "failed to infer expectedType from "
                   "sourceType '%s', specified resultType is '%s'", a, b), -1;
  const int64_t *sd = ir_type_dims(c, st), *rd = ir_type_dims(c, rt);
  const int64_t *l = ir_attr_i64(c, lo), *h = ir_attr_i64(c, hi);
  int64_t want[IR_MAX_RANK];
  int ok = tr->n == n;
  for (uint32_t i = 0; i < n; i++) {
    want[i] = sd[i] == IR_DYN || l[i] == IR_DYN || h[i] == IR_DYN
                  ? IR_DYN : (int64_t)((uint64_t)sd[i] + (uint64_t)l[i] + (uint64_t)h[i]);
    if (ok && rd[i] != want[i] && want[i] != IR_DYN) ok = 0;
  }
  if (!ok) {
    ir_tensor_parts_str(c, e, sizeof e, n, want, ts->elem, 0);
    return ir_diag(d, c, o->loc, IR_SEV_ERROR, "specified type '%s' does not match "
                   "the inferred type '%s'", b, e), -1;
  }
  return 0;
}

/* PadOp::verifyRegions: the body's arguments, one index per dimension of
 * the result, and the element type it yields. */
static int verify_pad_regions(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrOp *o = &m->ops[op];
  if (!o->n_operands || o->n_results != 1 || o->n_regions != 1) return 0;
  const IrType *tr = ir_type(c, res_type(m, op, 0));
  if (tr->kind != IR_T_TENSOR) return 0;
  const IrRegion *rg = &m->regions[o->regions];
  if (!rg->n_blocks) return 0;
  const IrBlock *blk = &m->blocks[rg->blocks];
  if (blk->n_args != tr->n)
    return ir_diag(d, c, o->loc, IR_SEV_ERROR, "expected the block to have %u "
                   "arguments", tr->n), -1;
  for (uint32_t i = 0; i < blk->n_args; i++)
    if (ir_type(c, ir_vtype(m, blk->args + i))->kind != IR_T_INDEX)
      return ir_syntax_op_error(m, op, d, "expected block argument %u to be an "
                                "index", i + 1);
  if (!blk->n_ops) return 0;
  const IrOp *y = &m->ops[blk->ops + blk->n_ops - 1];
  if (y->opc == IR_OP_TENSOR_YIELD && y->n_operands == 1 &&
      ir_vtype(m, ir_operand(m, blk->ops + blk->n_ops - 1, 0)) != tr->elem)
    return ir_syntax_op_error(m, op, d, "expected yield type to match shape "
                              "element type");
  return 0;
}

static void print_pad(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"nofold", "operandSegmentSizes",
                                      "static_low", "static_high", NULL};
  uint32_t next = 1;
  if (!segments_ok(m, op, 3) || m->ops[op].n_regions != 1 ||
      !m->ops[op].n_results) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  if (irw_prop(w, m, op, "nofold")) irw_str(w, " nofold");
  irw_str(w, " low");
  irw_dyn_index_list(w, m, op, irw_prop(w, m, op, "static_low"), &next);
  irw_str(w, " high");
  irw_dyn_index_list(w, m, op, irw_prop(w, m, op, "static_high"), &next);
  irw_region(w, m, m->ops[op].regions, 1, 1);
  irw_op_attr_dict(w, m, op, elide, 0);
  colon_type(w, opd_type(m, op, 0));
  irw_str(w, " to ");
  irw_type(w, res_type(m, op, 0));
}

static void names_padded(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, 0, "padded");
}

/* %v attr-dict `:` type */
static int parse_tensor_yield(IrParser *p, IrOpState *st) {
  IrRef r;
  uint32_t t;
  if (irp_ref(p, &r) < 0 || irp_opt_attr_dict_into(p, st) < 0 ||
      colon(p) < 0 || irp_type(p, &t) < 0)
    return -1;
  return ir_syntax_operand(p, st, &r, t);
}

static void print_tensor_yield(IrPrinter *w, const IrModule *m, uint32_t op) {
  if (m->ops[op].n_operands != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  irw_op_attr_dict(w, m, op, NULL, 0);
  colon_type(w, opd_type(m, op, 0));
}

/* ====================================================================== */
/* shape.assuming                                                         */
/* ====================================================================== */

/* %w (`->` types)? region attr-dict */
static int parse_assuming(IrParser *p, IrOpState *st) {
  IrRef r;
  uint32_t reg;
  if (irp_ref(p, &r) < 0 ||
      ir_syntax_operand(p, st, &r, opaque_type(irp_ctx(p), "!shape.witness")) < 0 ||
      parse_opt_arrow_results(p, st) < 0 || plain_region(p, st, 0, &reg) < 0)
    return -1;
  irp_ensure_terminator(p, reg, "shape.assuming_yield", st->loc);
  return irp_opt_attr_dict_into(p, st) < 0 ? -1 : 0;
}

static void print_assuming(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = &m->ops[op];
  if (o->n_operands != 1 || o->n_regions != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  if (o->n_results) {
    uint32_t k;
    irw_str(w, " -> (");
    for (k = 0; k < o->n_results; k++) {
      if (k) irw_str(w, ", ");
      irw_type(w, res_type(m, op, k));
    }
    irw_str(w, ")");
  }
  irw_region(w, m, o->regions, 0,
             o->n_results ? IRW_TERM_PRINT : IRW_TERM_DROP);
  irw_op_attr_dict(w, m, op, NULL, 0);
}

/* ====================================================================== */
/* gpu                                                                    */
/* ====================================================================== */

static uint32_t token_type(IrCtx *c) {
  return opaque_type(c, "!gpu.async.token");
}

/* custom<AsyncDependencies>: (`async`)? (`[` %tok, ... `]`)? ; *async says
 * whether the op returns a token, deps gets the tokens, which the op's
 * parser resolves with its other operands once the whole op is read (as
 * ODS's parsers do). */
static int parse_async(IrParser *p, IrOpState *st, int *async, IrRefVec *deps) {
  uint32_t loc = irp_loc_here(p);
  *async = irp_consume_kw(p, "async") == 1;
  if (*async && !st->n_results_expected)
    return ir_syntax_parse_error(p, st, loc, "needs to be named when marked 'async'");
  if (irp_consume(p, IR_TK_LSQUARE) == 1 &&
      (ir_syntax_parse_refs(p, deps) < 0 ||
       irp_expect(p, IR_TK_RSQUARE, "']' in operand list") < 0))
    return -1;
  return 0;
}

static int resolve_deps(IrParser *p, IrOpState *st, const IrRefVec *deps) {
  return ir_syntax_add_operands_of(p, st, deps, token_type(irp_ctx(p)));
}

/* Prints ` async [%a, %b]` the way MLIR does: the directive's leading space
 * is printed even when it prints nothing. */
static void print_async(IrPrinter *w, const IrModule *m, uint32_t op,
                        int async, uint32_t ndeps) {
  irw_str(w, " ");
  if (async) irw_str(w, "async");
  if (!ndeps) return;
  if (async) irw_str(w, " ");
  irw_str(w, "[");
  irw_operands(w, m, op, 0, ndeps);
  irw_str(w, "]");
}

/* async-deps (`host_shared`)? `(` sizes `)` (`[` syms `]`)? attr-dict `:` t */
static int parse_gpu_alloc(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  IrRefVec deps = {0}, dyn = {0}, sym = {0};
  int async;
  uint32_t t;
  int64_t seg[3];
  if (parse_async(p, st, &async, &deps) < 0) return -1;
  if (irp_consume_kw(p, "host_shared") == 1)
    irp_add_prop(p, st, "hostShared", ir_attr_unit(c));
  if (irp_expect(p, IR_TK_LPAREN, "'('") < 0 || ir_syntax_parse_refs(p, &dyn) < 0 ||
      irp_expect(p, IR_TK_RPAREN, "')'") < 0)
    return -1;
  if (irp_consume(p, IR_TK_LSQUARE) == 1 &&
      (ir_syntax_parse_refs(p, &sym) < 0 || irp_expect(p, IR_TK_RSQUARE, "']'") < 0))
    return -1;
  if (irp_opt_attr_dict_into(p, st) < 0 || colon(p) < 0 ||
      ir_syntax_kind_type(p, st, &t, IR_KIND_MEMREF) < 0 || resolve_deps(p, st, &deps) < 0 ||
      ir_syntax_add_operands_of(p, st, &dyn, ir_type_index(c)) < 0 ||
      ir_syntax_add_operands_of(p, st, &sym, ir_type_index(c)) < 0)
    return -1;
  irp_add_result_type(st, t);
  if (async) irp_add_result_type(st, token_type(c));
  seg[0] = deps.n;
  seg[1] = dyn.n;
  seg[2] = sym.n;
  irp_set_segments(p, st, 3, seg);
  return 0;
}

static void print_gpu_alloc(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"hostShared", "operandSegmentSizes",
                                      NULL};
  uint32_t nd = segment(m, op, 0), ndyn = segment(m, op, 1);
  uint32_t nsym = segment(m, op, 2);
  if (!segments_ok(m, op, 3) || !m->ops[op].n_results) {
    irw_generic_op(w, m, op);
    return;
  }
  print_async(w, m, op, m->ops[op].n_results > 1, nd);
  irw_str(w, " ");
  if (irw_prop(w, m, op, "hostShared")) irw_str(w, "host_shared ");
  irw_str(w, "(");
  irw_operands(w, m, op, nd, ndyn);
  irw_str(w, ")");
  if (nsym) {
    irw_str(w, "[");
    irw_operands(w, m, op, nd + ndyn, nsym);
    irw_str(w, "]");
  }
  irw_op_attr_dict(w, m, op, elide, 0);
  colon_type(w, res_type(m, op, 0));
}

static void names_gpu_alloc(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, 0, "memref");
  name_result(w, m, op, 1, "asyncToken");
}

/* async-deps %m attr-dict `:` t */
static int parse_gpu_dealloc(IrParser *p, IrOpState *st) {
  IrRef r;
  IrRefVec deps = {0};
  int async;
  uint32_t t;
  if (parse_async(p, st, &async, &deps) < 0 || irp_ref(p, &r) < 0 ||
      irp_opt_attr_dict_into(p, st) < 0 || colon(p) < 0 ||
      ir_syntax_kind_type(p, st, &t, IR_KIND_MEMREF) < 0 ||
      resolve_deps(p, st, &deps) < 0 || ir_syntax_operand(p, st, &r, t) < 0)
    return -1;
  if (async) irp_add_result_type(st, token_type(irp_ctx(p)));
  return 0;
}

static void print_gpu_dealloc(IrPrinter *w, const IrModule *m, uint32_t op) {
  uint32_t n = m->ops[op].n_operands;
  if (!n) {
    irw_generic_op(w, m, op);
    return;
  }
  print_async(w, m, op, m->ops[op].n_results > 0, n - 1);
  sp_value(w, m, op, n - 1);
  irw_op_attr_dict(w, m, op, NULL, 0);
  colon_type(w, opd_type(m, op, n - 1));
}

/* async-deps attr-dict */
static int parse_gpu_wait(IrParser *p, IrOpState *st) {
  IrRefVec deps = {0};
  int async;
  if (parse_async(p, st, &async, &deps) < 0 || irp_opt_attr_dict_into(p, st) < 0 ||
      resolve_deps(p, st, &deps) < 0)
    return -1;
  if (async) irp_add_result_type(st, token_type(irp_ctx(p)));
  return 0;
}

static void print_gpu_wait(IrPrinter *w, const IrModule *m, uint32_t op) {
  print_async(w, m, op, m->ops[op].n_results > 0, m->ops[op].n_operands);
  irw_op_attr_dict(w, m, op, NULL, 0);
}

static int verify_gpu_tokens(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrOp *o = &m->ops[op];
  uint32_t n = o->n_operands, k;
  if (o->opc == IR_OP_GPU_ALLOC) n = segments_ok(m, op, 3) ? segment(m, op, 0) : 0;
  else if (o->opc == IR_OP_GPU_DEALLOC) n = n ? n - 1 : 0;
  for (k = 0; k < n; k++)
    if (!is_opaque_type(m->ctx, opd_type(m, op, k), "!gpu.async.token"))
      return ir_syntax_type_error(m, op, d, "operand", k, "variadic of async token type",
                                  opd_type(m, op, k));
  if (o->opc == IR_OP_GPU_DEALLOC && o->n_operands &&
      ir_type(m->ctx, opd_type(m, op, n))->kind != IR_T_MEMREF)
    return ir_syntax_type_error(m, op, d, "operand", n, "memref of any type values",
                                opd_type(m, op, n));
  /* the results: gpu.alloc's memref, then an optional async token */
  uint32_t r0 = o->opc == IR_OP_GPU_ALLOC, rt = 0;
  const IrType *t = NULL;
  if (r0 && o->n_results) {
    rt = ir_vtype(m, o->results);
    t = ir_type(m->ctx, rt);
    if (t->kind != IR_T_MEMREF)
      return ir_syntax_type_error(m, op, d, "result", 0, "memref of any type values", rt);
  }
  if (o->n_results > r0 + 1)
    return ir_syntax_op_error(m, op, d, "result group starting at #%u requires 0 or 1 "
                              "element, but found %u", r0, o->n_results - r0);
  if (o->n_results == r0 + 1 &&
      !is_opaque_type(m->ctx, res_type(m, op, r0), "!gpu.async.token"))
    return ir_syntax_type_error(m, op, d, "result", r0, "async token type",
                                res_type(m, op, r0));
  if (o->opc != IR_OP_GPU_ALLOC || !o->n_results || !segments_ok(m, op, 3)) return 0;
  /* AllocOp: one size per `?`, one symbol per layout symbol */
  uint32_t ndyn = 0;
  for (k = 0; k < t->n; k++) ndyn += ir_type_dims(m->ctx, rt)[k] == IR_DYN;
  if (segment(m, op, 1) != ndyn)
    return ir_syntax_op_error(m, op, d, "incorrect number of dynamic sizes, "
                              "has %u, expected %u", segment(m, op, 1), ndyn);
  if (segment(m, op, 2) != ir_type_layout_symbols(m->ctx, rt))
    return ir_syntax_op_error(m, op, d, "symbol operand count does not equal "
                              "memref symbol count");
  return 0;
}

/* ====================================================================== */
/* affine                                                                 */
/* ====================================================================== */

/* `(` dims `)` (`[` syms `]`)? as index operands, resolved once both
 * lists are read (MLIR's parseDimAndSymbolList); the caller checks the
 * counts against its map, each op in its own words. */
static int parse_dims_syms(IrParser *p, IrOpState *st, uint32_t *nd, uint32_t *ns) {
  IrRefVec dims = {0}, syms = {0};
  uint32_t index = ir_type_index(irp_ctx(p));
  if (irp_expect(p, IR_TK_LPAREN, "'(' in operand list") < 0 ||
      ir_syntax_parse_refs(p, &dims) < 0 ||
      irp_expect(p, IR_TK_RPAREN, "')' in operand list") < 0)
    return -1;
  if (irp_consume(p, IR_TK_LSQUARE) == 1 &&
      (ir_syntax_parse_refs(p, &syms) < 0 ||
       irp_expect(p, IR_TK_RSQUARE, "']' in operand list") < 0))
    return -1;
  if (ir_syntax_add_operands_of(p, st, &dims, index) < 0 ||
      ir_syntax_add_operands_of(p, st, &syms, index) < 0)
    return -1;
  *nd = dims.n;
  *ns = syms.n;
  return 0;
}

/* The dim and symbol counts of `map` (an affine map or integer set) against
 * nd and ns operands, reported at the op's name as affine.for's bounds and
 * affine.if report them (`what`: "affine map", "integer set"). */
static int check_dims_syms(IrParser *p, IrOpState *st, uint32_t map, uint32_t nd,
                           uint32_t ns, const char *what) {
  uint32_t md, ms;
  if (ir_affine_map_arity(irp_ctx(p), map, &md, &ms, NULL) < 0)
    return ir_syntax_parse_error(p, st, st->loc, "expected affine map or set");
  if (nd != md)
    return ir_syntax_parse_error(p, st, st->loc, "dim operand count and %s dim count "
                                 "must match", what);
  if (ns != ms)
    return ir_syntax_parse_error(p, st, st->loc, "symbol operand count and %s symbol "
                                 "count must match", what);
  return 0;
}

static void print_dims_syms(IrPrinter *w, const IrModule *m, uint32_t op,
                            uint32_t map, uint32_t first, uint32_t n) {
  uint32_t nd = 0, ns = 0;
  ir_affine_map_arity(m->ctx, map, &nd, &ns, NULL);
  if (nd > n) nd = n;
  irw_str(w, "(");
  irw_operands(w, m, op, first, nd);
  irw_str(w, ")");
  if (n > nd) {
    irw_str(w, "[");
    irw_operands(w, m, op, first + nd, n - nd);
    irw_str(w, "]");
  }
}

static int parse_map(IrParser *p, uint32_t *map, int set) {
  uint32_t loc = irp_loc_here(p);
  const IrAttr *a;
  if (irp_attr(p, 0, map) < 0) return -1;
  a = ir_attr(irp_ctx(p), *map);
  if (a->kind != (set ? IR_A_AFFINE_SET : IR_A_AFFINE_MAP))
    return irp_error_at(p, loc, set ? "expected integer set attribute"
                                    : "expected affine map attribute");
  return 0;
}

/* ODS's attribute and types, then AffineApplyOp::verify. */
static int verify_apply(const IrModule *m, uint32_t op, IrDiag *d) {
  uint32_t map = ir_op_prop_lit(m, op, "map"), nd, ns, nr, rt = res_type(m, op, 0);
  if (!map) return ir_syntax_op_error(m, op, d, "requires attribute 'map'");
  if (ir_syntax_index_operands(m, op, 0, d)) return -1;
  if (ir_type(m->ctx, rt)->kind != IR_T_INDEX)
    return ir_syntax_type_error(m, op, d, "result", 0, "index", rt);
  if (ir_affine_map_arity(m->ctx, map, &nd, &ns, &nr) < 0) return 0;
  if (m->ops[op].n_operands != nd + ns)
    return ir_syntax_op_error(m, op, d, "operand count and affine map dimension "
                              "and symbol count must match");
  if (nr != 1) return ir_syntax_op_error(m, op, d, "mapping must produce one value");
  return 0;
}

/* #map `(` dims `)` `[` syms `]` attr-dict; the counts checked last */
static int parse_apply(IrParser *p, IrOpState *st) {
  uint32_t map, nd, ns, md, ms;
  if (parse_map(p, &map, 0) < 0 || parse_dims_syms(p, st, &nd, &ns) < 0 ||
      irp_opt_attr_dict_into(p, st) < 0)
    return -1;
  if (ir_affine_map_arity(irp_ctx(p), map, &md, &ms, NULL) < 0 || nd != md || ns != ms)
    return ir_syntax_parse_error(p, st, st->loc, "dimension or symbol index mismatch");
  irp_add_prop(p, st, "map", map);
  irp_add_result_type(st, ir_type_index(irp_ctx(p)));
  return 0;
}

static void print_apply(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"map", NULL};
  uint32_t map = irw_prop(w, m, op, "map"), nd, ns;
  if (ir_affine_map_arity(m->ctx, map, &nd, &ns, NULL) < 0 ||
      nd + ns != m->ops[op].n_operands) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, " ");
  irw_attr(w, map);
  print_dims_syms(w, m, op, map, 0, m->ops[op].n_operands);
  irw_op_attr_dict(w, m, op, elide, 0);
}

/* ---------------------------------------------------------------------- */
/* affine.load / affine.store subscripts: MLIR's parseAffineMapOfSSAIds.   */
/*                                                                          */
/*   %m[%i + 1, symbol(%n) * 2 - %j, 3]                                     */
/*                                                                          */
/* Each new SSA id becomes the next dim (or, inside `symbol(...)`, symbol); */
/* a repeated one keeps its first role. The subscripts become the map text  */
/* `(d0, d1)[s0] -> (d0 + 1, s0 * 2 - d1, 3)` with MLIR's spacing (the form */
/* of affine_map attributes), the dims then the symbols its operands. As    */
/* for affine_map attributes, the expressions are kept as written, not      */
/* simplified the way MLIR's AffineExpr constructors do (`%i + 1 + 1`       */
/* prints back as written, where mlir-opt-22 prints `%i + 2`).             */
/* ---------------------------------------------------------------------- */

typedef struct Subs {
  char *t;              /* the result expressions' text */
  uint32_t n, cap;
  IrRef ids[MAXV];      /* dims, then (from MAXV down) symbols */
  uint32_t nd, ns;
  uint32_t nres;        /* subscripts */
} Subs;

static void subs_put(Subs *x, const char *s, size_t n) {
  if (x->n + n + 1 > x->cap) ir_vgrow((void **)&x->t, &x->cap, x->n + (uint32_t)n + 1, 1);
  memcpy(x->t + x->n, s, n);
  x->n += (uint32_t)n;
  x->t[x->n] = 0;
}

static void subs_id(Subs *x, char kind, uint32_t k) {
  char buf[16];
  int n = snprintf(buf, sizeof buf, "%c%u", kind, k);
  subs_put(x, buf, (size_t)n);
}

static int sub_expr(IrParser *p, Subs *x, int *symbolic);

/* An SSA id as a dim (or symbol); *symbolic: it is a symbol. */
static int sub_ssa(IrParser *p, Subs *x, int as_symbol, int *symbolic) {
  IrRef r;
  if (irp_peek(p)->kind != IR_TK_PERCENT_ID)
    return irp_error(p, "expected ssa identifier");
  if (irp_ref(p, &r) < 0) return -1;
  for (uint32_t i = 0; i < x->nd; i++)
    if (x->ids[i].len == r.len && x->ids[i].num == r.num &&
        !memcmp(x->ids[i].name, r.name, r.len)) {
      subs_id(x, 'd', i);
      *symbolic = 0;
      return 0;
    }
  for (uint32_t i = 0; i < x->ns; i++) {
    const IrRef *e = &x->ids[MAXV - 1 - i];
    if (e->len == r.len && e->num == r.num && !memcmp(e->name, r.name, r.len)) {
      subs_id(x, 's', i);
      *symbolic = 1;
      return 0;
    }
  }
  if (x->nd + x->ns >= MAXV) return irp_error(p, "too many operands");
  if (as_symbol) {
    x->ids[MAXV - 1 - x->ns] = r;
    subs_id(x, 's', x->ns++);
  } else {
    x->ids[x->nd] = r;
    subs_id(x, 'd', x->nd++);
  }
  *symbolic = as_symbol;
  return 0;
}

/* An operand: `symbol(%x)`, `%x`, an integer, `( expr )`, `-` operand. */
static int sub_operand(IrParser *p, Subs *x, int have_lhs, int *symbolic) {
  const IrTok *t = irp_peek(p);
  switch (t->kind) {
  case IR_TK_PERCENT_ID:
    return sub_ssa(p, x, 0, symbolic);
  case IR_TK_INT: {
    uint64_t v;
    if (irp_tok_u64(t, &v) || v > (uint64_t)INT64_MAX + 1)
      return irp_error_at(p, irp_loc_here(p), "constant too large for index");
    subs_put(x, t->text, t->len);
    *symbolic = 1;
    irp_next(p);
    return 0;
  }
  /* nesting is bounded (irp_enter), as everywhere in the parser: deep
   * input made this recursion overflow the stack */
  case IR_TK_LPAREN:
    if (irp_enter(p)) return -1;
    irp_next(p);
    if (irp_peek(p)->kind == IR_TK_RPAREN)
      return irp_error_at(p, irp_loc_here(p), "no expression inside parentheses");
    subs_put(x, "(", 1);
    if (sub_expr(p, x, symbolic) < 0 || irp_expect(p, IR_TK_RPAREN, "')'") < 0)
      return -1;
    subs_put(x, ")", 1);
    irp_leave(p);
    return 0;
  case IR_TK_MINUS:
    if (irp_enter(p)) return -1;
    irp_next(p);
    subs_put(x, "-", 1);
    if (sub_operand(p, x, have_lhs, symbolic) < 0)
      return irp_error_at(p, irp_loc_here(p), "missing operand of negation");
    irp_leave(p);
    return 0;
  case IR_TK_BARE_ID:
    if (t->len == 6 && !memcmp(t->text, "symbol", 6)) {
      irp_next(p);
      if (irp_expect(p, IR_TK_LPAREN, "'(' at start of SSA symbol") < 0 ||
          sub_ssa(p, x, 1, symbolic) < 0 ||
          irp_expect(p, IR_TK_RPAREN, "')' at end of SSA symbol") < 0)
        return -1;
      return 0;
    }
    return irp_error(p, "use of undeclared identifier");
  case IR_TK_PLUS:
  case IR_TK_STAR:
    return irp_error_at(p, irp_loc_here(p),
                        have_lhs ? "missing right operand of binary operator"
                                 : "missing left operand of binary operator");
  default:
    return irp_error_at(p, irp_loc_here(p),
                        have_lhs ? "missing right operand of binary operator"
                                 : "expected affine expression");
  }
}

/* Operands joined by high precedence operators (left associative), under
 * the affine-ness rule (irp_affine_rule). */
static int sub_term(IrParser *p, Subs *x, int have_lhs, int *symbolic) {
  int lsym, rsym;
  if (sub_operand(p, x, have_lhs, &lsym) < 0) return -1;
  for (const char *op; (op = irp_affine_high_op(irp_peek(p)));) {
    uint32_t oloc = irp_loc_here(p);
    irp_next(p);
    subs_put(x, " ", 1);
    subs_put(x, op, strlen(op));
    subs_put(x, " ", 1);
    if (sub_operand(p, x, 1, &rsym) < 0 || irp_affine_rule(p, oloc, op, &lsym, rsym) < 0)
      return -1;
  }
  *symbolic = lsym;
  return 0;
}

/* Terms joined by `+` and `-`. */
static int sub_expr(IrParser *p, Subs *x, int *symbolic) {
  int sym;
  if (sub_term(p, x, 0, &sym) < 0) return -1;
  for (;;) {
    IrTokKind k = irp_peek(p)->kind;
    if (k != IR_TK_PLUS && k != IR_TK_MINUS) break;
    irp_next(p);
    subs_put(x, k == IR_TK_PLUS ? " + " : " - ", 3);
    int rsym;
    if (sub_term(p, x, 1, &rsym) < 0) return -1;
    sym = sym && rsym;
  }
  *symbolic = sym;
  return 0;
}

/* `[` subscripts `]`: *map gets the map, *subs the dims and symbols
 * (parser scratch memory), which resolve_subs resolves once the op's type
 * is known, as parseAffineMapOfSSAIds leaves them unresolved. */
static int parse_subscripts(IrParser *p, uint32_t *map, Subs **subs) {
  IrCtx *c = irp_ctx(p);
  Subs *x = irp_scratch(p, sizeof *x);
  *subs = x;
  memset(x, 0, sizeof *x);
  int rc = -1;
  if (irp_expect(p, IR_TK_LSQUARE, "'['") < 0) goto out;
  if (irp_peek(p)->kind != IR_TK_RSQUARE) {
    do {
      int sym;
      if (x->nres) subs_put(x, ", ", 2);
      if (sub_expr(p, x, &sym) < 0) goto out;
      if (++x->nres > IR_MAX_RANK) {
        irp_error(p, "too many subscripts");
        goto out;
      }
    } while (irp_consume(p, IR_TK_COMMA) == 1);
  }
  if (irp_expect(p, IR_TK_RSQUARE, "']'") < 0) goto out;
  /* `(d0, d1)[s0] -> (exprs)` */
  {
    size_t cap = 32 + 16 * ((size_t)x->nd + x->ns) + x->n;
    char *t = irp_scratch(p, cap);
    size_t n = 0;
    t[n++] = '(';
    for (uint32_t i = 0; i < x->nd; i++)
      n += (size_t)snprintf(t + n, cap - n, "%sd%u", i ? ", " : "", i);
    t[n++] = ')';
    if (x->ns) {
      t[n++] = '[';
      for (uint32_t i = 0; i < x->ns; i++)
        n += (size_t)snprintf(t + n, cap - n, "%ss%u", i ? ", " : "", i);
      t[n++] = ']';
    }
    n += (size_t)snprintf(t + n, cap - n, " -> (%s)", x->t ? x->t : "");
    IrAttr a;
    memset(&a, 0, sizeof a);
    a.kind = IR_A_AFFINE_MAP;
    a.str = ir_str(c, t, n);
    *map = ir_attr_intern(c, &a, NULL, NULL);
  }
  rc = 0;
out:
  free(x->t);
  x->t = NULL;
  return rc;
}

/* The dims then the symbols of parse_subscripts, as index operands. */
static int resolve_subs(IrParser *p, IrOpState *st, const Subs *x) {
  uint32_t index = ir_type_index(irp_ctx(p));
  for (uint32_t i = 0; i < x->nd; i++)
    if (ir_syntax_operand(p, st, &x->ids[i], index) < 0) return -1;
  for (uint32_t i = 0; i < x->ns; i++)
    if (ir_syntax_operand(p, st, &x->ids[MAXV - 1 - i], index) < 0) return -1;
  return 0;
}

/* The names of a map's dims and symbols and its result list, from its
 * text `(d0, d1)[s0] -> (r0, r1)`: false if the text has another shape. */
typedef struct MapName {
  const char *p;                 /* bytes in the map's text */
  uint32_t n;                    /* length */
} MapName;

typedef struct MapText {
  MapName ids[IR_MAX_RANK * 2];  /* dims, then symbols */
  uint32_t nd, ns;
  const char *res, *res_end;     /* inside the result parentheses */
  uint32_t nres;
} MapText;

static int split_names(const char **sp, char open, char close, MapName *out,
                       uint32_t max, uint32_t *n) {
  const char *s = *sp;
  *n = 0;
  if (*s != open) return 0;
  s++;
  while (*s == ' ') s++;
  if (*s == close) {
    *sp = s + 1;
    return 1;
  }
  for (;;) {
    const char *b = s;
    while ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
           (*s >= '0' && *s <= '9') || *s == '_' || *s == '$' || *s == '.')
      s++;
    if (s == b || *n >= max) return 0;
    out[*n].p = b;
    out[(*n)++].n = (uint32_t)(s - b);
    if (*s == close) {
      *sp = s + 1;
      return 1;
    }
    if (s[0] != ',' || s[1] != ' ') return 0;
    s += 2;
  }
}

static int map_text(const IrCtx *c, uint32_t map, MapText *mt) {
  const IrAttr *a = map ? ir_attr(c, map) : NULL;
  if (!a || a->kind != IR_A_AFFINE_MAP) return 0;
  const char *s = ir_str_ptr(c, a->str);
  if (!split_names(&s, '(', ')', mt->ids, IR_MAX_RANK, &mt->nd)) return 0;
  mt->ns = 0;
  if (*s == '[' &&
      !split_names(&s, '[', ']', mt->ids + mt->nd, IR_MAX_RANK, &mt->ns))
    return 0;
  if (strncmp(s, " -> (", 5) != 0) return 0;
  s += 5;
  size_t n = strlen(s);
  if (!n || s[n - 1] != ')') return 0;
  mt->res = s;
  mt->res_end = s + n - 1;
  /* results: top-level commas */
  mt->nres = mt->res < mt->res_end;
  int depth = 0;
  for (const char *q = mt->res; q < mt->res_end; q++) {
    if (*q == '(') depth++;
    else if (*q == ')') depth--;
    else if (*q == ',' && !depth) mt->nres++;
  }
  return depth == 0;
}

/* MLIR's printAffineMapOfSSAIds: the results with each dim printed as its
 * operand and each symbol as `symbol(operand)`. */
static void print_subscripts(IrPrinter *w, const IrModule *m, uint32_t op,
                             const MapText *mt, uint32_t first) {
  const char *s = mt->res, *e = mt->res_end;
  while (s < e) {
    const char *b = s;
    if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_') {
      while (s < e && ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
                       (*s >= '0' && *s <= '9') || *s == '_' || *s == '$' || *s == '.'))
        s++;
      uint32_t n = (uint32_t)(s - b), k;
      for (k = 0; k < mt->nd + mt->ns; k++)
        if (mt->ids[k].n == n && !memcmp(mt->ids[k].p, b, n)) break;
      if (k < mt->nd) {
        irw_value(w, ir_operand(m, op, first + k));
      } else if (k < mt->nd + mt->ns) {
        irw_str(w, "symbol(");
        irw_value(w, ir_operand(m, op, first + k));
        irw_str(w, ")");
      } else {
        irw_mem(w, b, n);
      }
      continue;
    }
    while (s < e && !((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
      s++;
    irw_mem(w, b, (size_t)(s - b));
  }
}

/* %m `[` subscripts `]` attr-dict `:` memref-type; the memref resolved
 * first, then the subscripts' operands */
static int parse_affine_load(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  IrRef r;
  Subs *x;
  uint32_t t, loc, map;
  const IrType *ty;
  if (irp_ref(p, &r) < 0 || parse_subscripts(p, &map, &x) < 0 ||
      irp_opt_attr_dict_into(p, st) < 0)
    return -1;
  loc = irp_loc_here(p); /* parseColonType<MemRefType> reports at the colon */
  if (colon(p) < 0 || irp_type(p, &t) < 0) return -1;
  ty = ir_type(c, t);
  if (ir_syntax_kind_check(p, st, loc, t, IR_KIND_MEMREF) < 0) return -1;
  if (ir_syntax_operand(p, st, &r, t) < 0 || resolve_subs(p, st, x) < 0) return -1;
  irp_add_prop(p, st, "map", map);
  irp_add_result_type(st, ty->elem);
  return 0;
}

/* %v `,` %m `[` subscripts `]` attr-dict `:` memref-type; resolved in
 * that order */
static int parse_affine_store(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  IrRef v, r;
  Subs *x;
  uint32_t t, loc, map;
  const IrType *ty;
  if (irp_ref(p, &v) < 0 || irp_expect(p, IR_TK_COMMA, "','") < 0 ||
      irp_ref(p, &r) < 0 || parse_subscripts(p, &map, &x) < 0 ||
      irp_opt_attr_dict_into(p, st) < 0)
    return -1;
  loc = irp_loc_here(p); /* parseColonType<MemRefType> reports at the colon */
  if (colon(p) < 0 || irp_type(p, &t) < 0) return -1;
  ty = ir_type(c, t);
  if (ir_syntax_kind_check(p, st, loc, t, IR_KIND_MEMREF) < 0) return -1;
  if (ir_syntax_operand(p, st, &v, ty->elem) < 0 || ir_syntax_operand(p, st, &r, t) < 0 ||
      resolve_subs(p, st, x) < 0)
    return -1;
  irp_add_prop(p, st, "map", map);
  return 0;
}

/* The map of an affine.load / affine.store whose operands from `first` on
 * are its dims and symbols; false if the custom form cannot show it. */
static int printable_map(IrPrinter *w, const IrModule *m, uint32_t op,
                         uint32_t first, MapText *mt) {
  uint32_t n = m->ops[op].n_operands;
  return n >= first && map_text(irw_ctx(w), irw_prop(w, m, op, "map"), mt) &&
         mt->nd + mt->ns == n - first;
}

static void print_affine_load(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"map", NULL};
  MapText mt;
  if (m->ops[op].n_results != 1 || !printable_map(w, m, op, 1, &mt)) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  irw_str(w, "[");
  print_subscripts(w, m, op, &mt, 1);
  irw_str(w, "]");
  irw_op_attr_dict(w, m, op, elide, 0);
  colon_type(w, opd_type(m, op, 0));
}

static void print_affine_store(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"map", NULL};
  MapText mt;
  if (m->ops[op].n_results || !printable_map(w, m, op, 2, &mt)) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  irw_str(w, ",");
  sp_value(w, m, op, 1);
  irw_str(w, "[");
  print_subscripts(w, m, op, &mt, 2);
  irw_str(w, "]");
  irw_op_attr_dict(w, m, op, elide, 0);
  colon_type(w, opd_type(m, op, 1));
}

/* AffineLoadOp / AffineStoreOp::verify (verifyMemoryOpIndexing), after the
 * ODS operand types. Not checked: that each index is a valid affine dim or
 * symbol (isValidDim / isValidSymbol, which need the affine scopes). */
static int verify_affine_access(const IrModule *m, uint32_t op, IrDiag *d,
                                int store) {
  const IrCtx *c = m->ctx;
  const IrOp *o = &m->ops[op];
  uint32_t mem = store ? 1 : 0, n = o->n_operands;
  char ts[256];
  if (n <= mem)
    return ir_syntax_op_error(m, op, d, "expected %u or more operands, but found %u",
                              mem + 1, n);
  /* ODS: the attribute first, then the operands' types */
  uint32_t map = ir_op_prop_lit(m, op, "map"), nd, ns, nr;
  if (!map) return ir_syntax_op_error(m, op, d, "requires attribute 'map'");
  if (ir_attr(c, map)->kind != IR_A_AFFINE_MAP)
    return ir_syntax_op_error(m, op, d, "attribute 'map' failed to satisfy "
                              "constraint: AffineMap attribute");
  uint32_t mt = opd_type(m, op, mem);
  const IrType *ty = ir_type(c, mt);
  if (ty->kind != IR_T_MEMREF) {
    ir_type_str(c, mt, ts, sizeof ts);
    return ir_syntax_op_error(m, op, d, "operand #%u must be memref of any type "
                              "values, but got '%s'", mem, ts);
  }
  if (ir_syntax_index_operands(m, op, mem + 1, d)) return -1;
  if (store) {
    if (opd_type(m, op, 0) != ty->elem)
      return ir_syntax_op_error(m, op, d, "value to store must have the same type "
                                "as memref element type");
  } else if (res_type(m, op, 0) != ty->elem) {
    return ir_syntax_op_error(m, op, d, "result type must match element type of memref");
  }
  ir_affine_map_arity(c, map, &nd, &ns, &nr);
  if (nr != ty->n)
    return ir_syntax_op_error(m, op, d, "affine map num results must equal memref rank");
  if (nd + ns != n - mem - 1)
    return ir_syntax_op_error(m, op, d, "expects as many subscripts as affine map inputs");
  return 0;
}

static int verify_affine_load(const IrModule *m, uint32_t op, IrDiag *d) {
  return verify_affine_access(m, op, d, 0);
}

static int verify_affine_store(const IrModule *m, uint32_t op, IrDiag *d) {
  return verify_affine_access(m, op, d, 1);
}

/* The single result of a map text `(...)[...] -> (expr)`: writes expr into
 * buf, returns its length, or -1 if the map has another shape. */
static int single_result(const IrCtx *c, uint32_t map, char *buf, size_t cap) {
  const char *s = ir_str_ptr(c, ir_attr(c, map)->str), *a = strstr(s, "-> (");
  size_t n;
  if (!a) return -1;
  a += 4;
  n = strlen(a);
  if (!n || a[n - 1] != ')' || n - 1 >= cap) return -1;
  memcpy(buf, a, n - 1);
  buf[n - 1] = 0;
  return (int)(n - 1);
}

/* An affine.for bound: an integer, `%x`, or (`max`|`min`)? map(dims)[syms].
 * Sets *map and appends the operands; *n gets their count. */
static int parse_bound(IrParser *p, IrOpState *st, const char *kw,
                       uint32_t *map, uint32_t *n) {
  IrCtx *c = irp_ctx(p);
  int64_t v;
  int r;
  if (irp_peek(p)->kind == IR_TK_PERCENT_ID) {
    /* parseBound reads an operand list and wants one */
    IrRefVec refs = {0};
    if (ir_syntax_parse_refs(p, &refs) < 0) return -1;
    if (refs.n > 1)
      return ir_syntax_parse_error(p, st, st->loc, "expected only one loop bound operand");
    if (ir_syntax_operand(p, st, &refs.v[0], ir_type_index(c)) < 0) return -1;
    *map = map_attr(c, "()[s0] -> (s0)");
    *n = 1;
    return 0;
  }
  r = irp_opt_int(p, &v);
  if (r < 0) return -1;
  if (r == 1) {
    char buf[48];
    snprintf(buf, sizeof buf, "() -> (%lld)", (long long)v);
    *map = map_attr(c, buf);
    *n = 0;
    return 0;
  }
  int prefixed = irp_consume_kw(p, kw) == 1;
  uint32_t loc = irp_loc_here(p), nd, ns, nr = 0;
  if (parse_map(p, map, 0) < 0 || parse_dims_syms(p, st, &nd, &ns) < 0 ||
      check_dims_syms(p, st, *map, nd, ns, "affine map") < 0)
    return -1;
  ir_affine_map_arity(c, *map, &nd, &ns, &nr);
  if (nr > 1 && !prefixed)
    return ir_syntax_parse_error(p, st, loc, "%s loop bound affine map with multiple "
                                 "results requires '%s' prefix",
                                 kw[1] == 'a' ? "lower" : "upper", kw);
  *n = nd + ns;
  return 0;
}

/* MLIR's printBound: constants and lone symbols in short form, otherwise
 * (`max`|`min` if several results) #map(dims)[syms]. */
static void print_bound(IrPrinter *w, const IrModule *m, uint32_t op,
                        uint32_t map, uint32_t first, uint32_t n,
                        const char *kw) {
  const IrCtx *c = m->ctx;
  uint32_t nd = 0, ns = 0, nr = 0;
  char buf[64];
  ir_affine_map_arity(c, map, &nd, &ns, &nr);
  if (nr == 1) {
    int len = single_result(c, map, buf, sizeof buf);
    if (nd == 0 && ns == 0 && len > 0) {
      char *end;
      long long v = strtoll(buf, &end, 10);
      if (*end == 0) {
        irw_i64(w, v);
        return;
      }
    }
    if (nd == 0 && ns == 1 && n == 1 && len > 0 && strcmp(buf, "s0") == 0) {
      irw_value(w, ir_operand(m, op, first));
      return;
    }
  } else {
    irw_str(w, kw);
    irw_str(w, " ");
  }
  irw_attr(w, map);
  print_dims_syms(w, m, op, map, first, n);
}

/* %iv `=` lb `to` ub (`step` N)? (`iter_args(` %a `=` %init, ... `)` `->`
 * types)? region attr-dict */
static int parse_affine_for(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  IrArgDef args[MAXV + 1];
  IrRef inits[MAXV];
  uint32_t lb, ub, nlb, nub, ninit = 0, k, reg, idx = ir_type_index(c);
  int64_t step = 1, seg[3];
  memset(args, 0, sizeof args);
  if (irp_ref(p, &args[0].ref) < 0) return -1;
  args[0].type = idx;
  args[0].loc = args[0].ref.loc;
  if (irp_opt_loc(p, &args[0].loc) < 0) return -1;
  if (irp_expect(p, IR_TK_EQUAL, "'='") < 0 ||
      parse_bound(p, st, "max", &lb, &nlb) < 0 || irp_expect_kw(p, "to") < 0 ||
      parse_bound(p, st, "min", &ub, &nub) < 0)
    return -1;
  if (irp_consume_kw(p, "step") == 1) {
    uint32_t loc = irp_loc_here(p);
    if (irp_int(p, &step) < 0) return -1;
    /* MLIR's parser refuses only a negative step: mlir-opt-22 takes
     * `step 0` (and the interpreter declines such a loop) */
    if (step < 0)
      return irp_error_at(p, loc, "expected step to be representable as a "
                          "positive signed integer");
  }
  if (irp_consume_kw(p, "iter_args") == 1) {
    uint32_t *ts, nt;
    if (irp_expect(p, IR_TK_LPAREN, "'('") < 0) return -1;
    do {
      if (ninit >= MAXV) return irp_error(p, "too many iter_args");
      if (irp_ref(p, &args[1 + ninit].ref) < 0 ||
          irp_expect(p, IR_TK_EQUAL, "'='") < 0 ||
          irp_ref(p, &inits[ninit]) < 0)
        return -1;
      args[1 + ninit].loc = args[1 + ninit].ref.loc;
      ninit++;
    } while (irp_consume(p, IR_TK_COMMA) == 1);
    if (irp_expect(p, IR_TK_RPAREN, "')'") < 0 ||
        irp_expect(p, IR_TK_ARROW, "'->'") < 0 ||
        irp_type_list_parens(p, &ts, &nt) < 0)
      return -1;
    if (nt != ninit)
      return irp_error(p, "mismatch between the number of loop-carried "
                       "values and results");
    for (k = 0; k < ninit; k++) {
      args[1 + k].type = ts[k];
      irp_add_result_type(st, ts[k]);
      if (ir_syntax_operand(p, st, &inits[k], ts[k]) < 0) return -1;
    }
  }
  if (irp_peek(p)->kind != IR_TK_LBRACE) return irp_error(p, "expected '{'");
  reg = new_region(p, st);
  if (irp_region(p, reg, args, 1 + ninit, 0) < 0) return -1;
  irp_ensure_terminator(p, reg, "affine.yield", st->loc);
  if (irp_opt_attr_dict_into(p, st) < 0) return -1;
  irp_add_prop(p, st, "lowerBoundMap", lb);
  irp_add_prop(p, st, "upperBoundMap", ub);
  irp_add_prop(p, st, "step", ir_attr_int(c, step, idx));
  seg[0] = nlb;
  seg[1] = nub;
  seg[2] = ninit;
  irp_set_segments(p, st, 3, seg);
  return 0;
}

static void print_affine_for(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"lowerBoundMap", "upperBoundMap",
                                      "step", "operandSegmentSizes", NULL};
  const IrCtx *c = m->ctx;
  const IrOp *o = &m->ops[op];
  uint32_t nlb = segment(m, op, 0), nub = segment(m, op, 1);
  uint32_t ninit = segment(m, op, 2), step = irw_prop(w, m, op, "step");
  uint32_t lb = irw_prop(w, m, op, "lowerBoundMap");
  uint32_t ub = irw_prop(w, m, op, "upperBoundMap"), k, blk, arg;
  const IrRegion *r;
  if (!segments_ok(m, op, 3) || o->n_regions != 1 || !lb || !ub ||
      ir_attr(c, lb)->kind != IR_A_AFFINE_MAP ||
      ir_attr(c, ub)->kind != IR_A_AFFINE_MAP || ninit != o->n_results) {
    irw_generic_op(w, m, op);
    return;
  }
  r = &m->regions[o->regions];
  if (r->n_blocks != 1 || m->blocks[r->blocks].n_args != 1 + ninit) {
    irw_generic_op(w, m, op);
    return;
  }
  blk = r->blocks;
  arg = m->blocks[blk].args;
  irw_str(w, " ");
  irw_value(w, arg);
  irw_arg_loc(w, arg); /* MLIR's printRegionArgument */
  irw_str(w, " = ");
  print_bound(w, m, op, lb, 0, nlb, "max");
  irw_str(w, " to ");
  print_bound(w, m, op, ub, nlb, nub, "min");
  if (step && ir_attr(c, step)->kind == IR_A_INT && ir_attr(c, step)->ival != 1) {
    irw_str(w, " step ");
    irw_i64(w, ir_attr(c, step)->ival);
  }
  if (ninit) {
    irw_str(w, " iter_args(");
    for (k = 0; k < ninit; k++) {
      if (k) irw_str(w, ", ");
      irw_value(w, arg + 1 + k);
      irw_str(w, " = ");
      irw_value(w, ir_operand(m, op, nlb + nub + k));
    }
    irw_str(w, ") -> (");
    for (k = 0; k < ninit; k++) {
      if (k) irw_str(w, ", ");
      irw_type(w, res_type(m, op, k));
    }
    irw_str(w, ")");
  }
  irw_region(w, m, o->regions, 0, ninit ? IRW_TERM_PRINT : IRW_TERM_DROP);
  irw_op_attr_dict(w, m, op, elide, 0);
}

/* #set `(` dims `)` `[` syms `]` (`->` types)? region (`else` region)?
 * attr-dict */
static int parse_affine_if(IrParser *p, IrOpState *st) {
  uint32_t set, nd, ns, reg;
  if (parse_map(p, &set, 1) < 0 || parse_dims_syms(p, st, &nd, &ns) < 0 ||
      check_dims_syms(p, st, set, nd, ns, "integer set") < 0 ||
      parse_opt_arrow_results(p, st) < 0 || plain_region(p, st, 0, &reg) < 0)
    return -1;
  irp_ensure_terminator(p, reg, "affine.yield", st->loc);
  if (irp_consume_kw(p, "else") == 1) {
    if (plain_region(p, st, 0, &reg) < 0) return -1;
    irp_ensure_terminator(p, reg, "affine.yield", st->loc);
  } else {
    new_region(p, st);
  }
  if (irp_opt_attr_dict_into(p, st) < 0) return -1;
  irp_add_prop(p, st, "condition", set);
  return 0;
}

static void print_affine_if(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"condition", NULL};
  const IrOp *o = &m->ops[op];
  uint32_t set = irw_prop(w, m, op, "condition"), nd, ns;
  if (o->n_regions != 2 || ir_affine_map_arity(m->ctx, set, &nd, &ns, NULL) < 0 ||
      nd + ns != o->n_operands) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, " ");
  irw_attr(w, set);
  print_dims_syms(w, m, op, set, 0, o->n_operands);
  opt_arrow_results(w, m, op);
  int term = o->n_results ? IRW_TERM_PRINT : IRW_TERM_DROP;
  irw_region(w, m, o->regions, 0, term);
  if (m->regions[o->regions + 1].n_blocks) {
    irw_str(w, " else");
    irw_region(w, m, o->regions + 1, 0, term);
  }
  irw_op_attr_dict(w, m, op, elide, 0);
}

/* ====================================================================== */
/* vector                                                                 */
/* ====================================================================== */

/* (%v `:` t)? (`str` "..." | `punctuation` <p>)? attr-dict */
/* ODS's Optional<PrintableType> (a constraint with no description, so
 * the message has none either, as mlir-opt-22's). */
static int verify_vprint(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrOp *o = &m->ops[op];
  if (o->n_operands > 1)
    return ir_syntax_op_error(m, op, d, "operand group starting at #0 requires 0 or 1 "
                              "element, but found %u", o->n_operands);
  if (!o->n_operands) return 0;
  uint32_t t = opd_type(m, op, 0);
  IrTypeKind k = ir_type(m->ctx, t)->kind;
  if (k == IR_T_VECTOR || k == IR_T_INT || k == IR_T_INDEX || k == IR_T_FLOAT) return 0;
  return ir_syntax_type_error(m, op, d, "operand", 0, "", t);
}

static int parse_vprint(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  uint32_t punct = 0;
  if (irp_peek(p)->kind == IR_TK_PERCENT_ID) {
    IrRef r;
    uint32_t t;
    if (irp_ref(p, &r) < 0 || colon(p) < 0 || irp_type(p, &t) < 0 ||
        ir_syntax_operand(p, st, &r, t) < 0)
      return -1;
  }
  for (;;) {
    if (irp_consume_kw(p, "str") == 1) {
      uint32_t s;
      if (irp_string(p, &s) < 0) return -1;
      irp_add_prop(p, st, "stringLiteral",
                   ir_attr_string(c, ir_str_ptr(c, s), ir_str_len(c, s)));
    } else if (irp_consume_kw(p, "punctuation") == 1) {
      const char *s;
      uint32_t n;
      char buf[96];
      if (irp_expect(p, IR_TK_LESS, "'<'") < 0 || irp_keyword(p, &s, &n) < 0 ||
          irp_expect(p, IR_TK_GREATER, "'>'") < 0)
        return -1;
      if (n > 64) return irp_error(p, "unknown punctuation");
      snprintf(buf, sizeof buf, "#vector.punctuation<%.*s>", (int)n, s);
      punct = opaque_attr(c, buf);
    } else {
      break;
    }
  }
  if (!punct) punct = opaque_attr(c, "#vector.punctuation<newline>");
  irp_add_prop(p, st, "punctuation", punct);
  return irp_opt_attr_dict_into(p, st) < 0 ? -1 : 0;
}

static void print_vprint(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"punctuation", "stringLiteral", NULL};
  const IrCtx *c = m->ctx;
  uint32_t s = irw_prop(w, m, op, "stringLiteral");
  uint32_t pu = irw_prop(w, m, op, "punctuation");
  if (m->ops[op].n_operands) {
    sp_value(w, m, op, 0);
    colon_type(w, opd_type(m, op, 0));
  }
  if (s && ir_attr(c, s)->kind == IR_A_STRING) {
    irw_str(w, " str ");
    irw_string(w, ir_attr(c, s)->str);
  }
  if (pu && pu != opaque_attr(irw_ctx(w), "#vector.punctuation<newline>")) {
    const char *t = ir_str_ptr(c, ir_attr(c, pu)->str);
    const char *lt = strchr(t, '<');
    irw_str(w, " punctuation ");
    irw_str(w, lt ? lt : t);
  }
  irw_op_attr_dict(w, m, op, elide, 0);
}

static int parse_vscale(IrParser *p, IrOpState *st) {
  if (irp_opt_attr_dict_into(p, st) < 0) return -1;
  irp_add_result_type(st, ir_type_index(irp_ctx(p)));
  return 0;
}

static int verify_vscale(const IrModule *m, uint32_t op, IrDiag *d) {
  uint32_t rt = res_type(m, op, 0);
  if (ir_type(m->ctx, rt)->kind == IR_T_INDEX) return 0;
  return ir_syntax_type_error(m, op, d, "result", 0, "index", rt);
}

static void print_vscale(IrPrinter *w, const IrModule *m, uint32_t op) {
  irw_op_attr_dict(w, m, op, NULL, 0);
}

static void names_vscale(IrPrinter *w, const IrModule *m, uint32_t op) {
  name_result(w, m, op, 0, "vscale");
}

/* ====================================================================== */
/* transform (only what the Integration tests write)                      */
/* ====================================================================== */

/* NamedSequenceOp::verify, after the function interface's checks: the
 * symbol table that holds the sequence carries transform.with_named_sequence
 * (the error is the sequence's, with a note at the table); a body has ops,
 * ends in transform.yield, and yields the function type's results. (Not
 * modelled: that no transform op encloses it, and the warnings about
 * consumed arguments.) */
static int verify_named_sequence(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrOp *o = &m->ops[op];
  if (ir_syntax_verify_function(m, op, d)) return -1;
  uint32_t t = ir_op_ancestor(m, op, IR_TR_SYMBOL_TABLE);
  if (t != IR_NONE && !ir_op_attr(m, t, "transform.with_named_sequence")) {
    ir_diag(d, c, o->loc, IR_SEV_ERROR, "expects the parent symbol table "
            "to have the 'transform.with_named_sequence' attribute");
    ir_diag(d, c, m->ops[t].loc, IR_SEV_NOTE, "symbol table operation");
    return -1;
  }
  if (o->n_regions != 1 || !m->regions[o->regions].n_blocks) return 0;
  const IrBlock *b = &m->blocks[m->regions[o->regions].blocks];
  if (!b->n_ops)
    return ir_diag(d, c, o->loc, IR_SEV_ERROR, "expected a non-empty body block"), -1;
  uint32_t y = b->ops + b->n_ops - 1;
  const IrOp *yo = &m->ops[y];
  if (yo->opc != IR_OP_TRANSFORM_YIELD) {
    ir_diag(d, c, o->loc, IR_SEV_ERROR, "expected 'transform.yield' as terminator");
    ir_diag(d, c, yo->loc, IR_SEV_NOTE, "terminator");
    return -1;
  }
  uint32_t ft = ir_op_prop_lit(m, op, "function_type");
  const IrAttr *fa = ft ? ir_attr(c, ft) : NULL;
  if (!fa || fa->kind != IR_A_TYPE) return 0;
  uint32_t fty = fa->type, nres = ir_type(c, fty)->nres;
  const uint32_t *res = ir_type_list(c, fty) + ir_type(c, fty)->n;
  if (yo->n_operands != nres)
    return ir_diag(d, c, yo->loc, IR_SEV_ERROR, "expected terminator to have as "
                   "many operands as the parent op has results"), -1;
  for (uint32_t i = 0; i < nres; i++) {
    uint32_t vt = ir_vtype(m, ir_operand(m, y, i));
    if (vt == res[i]) continue;
    char have[256], want[256];
    ir_type_str(c, vt, have, sizeof have);
    ir_type_str(c, res[i], want, sizeof want);
    return ir_diag(d, c, yo->loc, IR_SEV_ERROR, "the type of the "
                   "terminator operand #%u must match the type of the "
                   "corresponding parent op result ('%s' vs '%s')", i, have, want), -1;
  }
  return 0;
}

/* transform.named_sequence is printed and parsed by MLIR's function op
 * helpers, exactly as func.func: reuse func.func's hooks. */
static int parse_named_sequence(IrParser *p, IrOpState *st) {
  const IrOpInfo *f = ir_op_info(IR_OP_FUNC);
  if (!f->parse) return irp_error(p, "func.func syntax is not available");
  return f->parse(p, st);
}

static void print_named_sequence(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOpInfo *f = ir_op_info(IR_OP_FUNC);
  if (!f->print) {
    irw_generic_op(w, m, op);
    return;
  }
  f->print(w, m, op);
}

/* (`ops` `{` [..] `}`)? `in` %t attr-dict `:` `(` t `)` `->` t */
static int parse_match(IrParser *p, IrOpState *st) {
  IrRef r;
  uint32_t ft, loc, a;
  const IrType *f;
  if (irp_consume_kw(p, "ops") == 1) {
    if (irp_expect(p, IR_TK_LBRACE, "'{'") < 0 || irp_attr(p, 0, &a) < 0 ||
        irp_expect(p, IR_TK_RBRACE, "'}'") < 0)
      return -1;
    irp_add_prop(p, st, "ops", a);
  }
  if (irp_expect_kw(p, "in") < 0 || irp_ref(p, &r) < 0 ||
      irp_opt_attr_dict_into(p, st) < 0 || colon(p) < 0)
    return -1;
  loc = irp_loc_here(p);
  if (irp_function_type(p, &ft) < 0) return -1;
  f = ir_type(irp_ctx(p), ft);
  if (f->n != 1 || f->nres != 1)
    return irp_error_at(p, loc, "expected one operand type and one result "
                        "type");
  if (ir_syntax_operand(p, st, &r, ir_type_list(irp_ctx(p), ft)[0]) < 0) return -1;
  irp_add_result_type(st, ir_type_list(irp_ctx(p), ft)[1]);
  return 0;
}

static void print_match(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"ops", NULL};
  uint32_t ops = irw_prop(w, m, op, "ops");
  if (m->ops[op].n_operands != 1 || m->ops[op].n_results != 1 ||
      irw_prop(w, m, op, "interface") || irw_prop(w, m, op, "op_attrs") ||
      irw_prop(w, m, op, "filter_result_type") ||
      irw_prop(w, m, op, "filter_operand_types")) {
    irw_generic_op(w, m, op);
    return;
  }
  if (ops) {
    irw_str(w, " ops{");
    irw_attr(w, ops);
    irw_str(w, "}");
  }
  irw_str(w, " in");
  sp_value(w, m, op, 0);
  irw_op_attr_dict(w, m, op, elide, 0);
  irw_str(w, " : (");
  irw_type(w, opd_type(m, op, 0));
  irw_str(w, ") -> ");
  irw_type(w, res_type(m, op, 0));
}

static uint32_t dense_i1(IrCtx *c, uint32_t n, const int64_t *v) {
  IrAttr a;
  memset(&a, 0, sizeof a);
  a.kind = IR_A_DENSE_ARRAY;
  a.type = ir_type_int(c, 1);
  a.n = n;
  return ir_attr_intern(c, &a, NULL, v);
}

/* %t (`vector_sizes` `[` (N | `[`N`]`), ... `]`)? (`vectorize_nd_extract`)?
 * attr-dict `:` type */
/* The spelling of a transform dialect type, or "" (our types keep them
 * opaque). */
static const char *transform_type(const IrCtx *c, uint32_t t) {
  const IrType *ty = ir_type(c, t);
  const char *s = ty->kind == IR_T_OPAQUE ? ir_str_ptr(c, ty->text) : "";
  return strncmp(s, "!transform.", 11) ? "" : s;
}

/* An op handle: TransformHandleTypeInterface. */
static int is_op_handle(const IrCtx *c, uint32_t t) {
  const char *s = transform_type(c, t);
  return !strcmp(s, "!transform.any_op") || !strncmp(s, "!transform.op<", 14);
}

/* The target is an op handle. */
static int verify_vectorize(const IrModule *m, uint32_t op, IrDiag *d) {
  if (!m->ops[op].n_operands || is_op_handle(m->ctx, opd_type(m, op, 0))) return 0;
  return ir_syntax_type_error(m, op, d, "operand", 0,
                              "TransformHandleTypeInterface instance", opd_type(m, op, 0));
}

/* structured.match: an op handle in, an op handle out. */
static int verify_match(const IrModule *m, uint32_t op, IrDiag *d) {
  uint32_t t = opd_type(m, op, 0), r = res_type(m, op, 0);
  if (!is_op_handle(m->ctx, t))
    return ir_syntax_type_error(m, op, d, "operand", 0,
                                "TransformHandleTypeInterface instance", t);
  if (!is_op_handle(m->ctx, r))
    return ir_syntax_type_error(m, op, d, "result", 0,
                                "TransformHandleTypeInterface instance", r);
  return 0;
}

/* transform.yield: handles or parameters of any transform type. */
static int verify_transform_yield(const IrModule *m, uint32_t op, IrDiag *d) {
  for (uint32_t k = 0; k < m->ops[op].n_operands; k++)
    if (!*transform_type(m->ctx, opd_type(m, op, k)))
      return ir_syntax_type_error(m, op, d, "operand", k, "variadic of any transform "
                                  "handle or parameter", opd_type(m, op, k));
  return 0;
}

static int parse_vectorize(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  IrRef r;
  uint32_t t;
  if (irp_ref(p, &r) < 0) return -1;
  for (;;) {
    if (irp_consume_kw(p, "vector_sizes") == 1) {
      int64_t sz[IR_MAX_RANK], sc[IR_MAX_RANK];
      uint32_t n = 0;
      if (irp_expect(p, IR_TK_LSQUARE, "'['") < 0) return -1;
      if (irp_consume(p, IR_TK_RSQUARE) != 1) {
        do {
          int scal = irp_consume(p, IR_TK_LSQUARE) == 1;
          if (n >= IR_MAX_RANK) return irp_error(p, "too many vector sizes");
          if (irp_peek(p)->kind == IR_TK_PERCENT_ID)
            return irp_error(p, "dynamic vector sizes are not supported");
          if (irp_int(p, &sz[n]) < 0) return -1;
          if (scal && irp_expect(p, IR_TK_RSQUARE, "']'") < 0) return -1;
          sc[n++] = scal;
        } while (irp_consume(p, IR_TK_COMMA) == 1);
        if (irp_expect(p, IR_TK_RSQUARE, "']'") < 0) return -1;
      }
      irp_add_prop(p, st, "scalable_sizes", dense_i1(c, n, sc));
      irp_add_prop(p, st, "static_vector_sizes", ir_attr_dense_i64(c, n, sz));
    } else if (irp_consume_kw(p, "vectorize_nd_extract") == 1) {
      irp_add_prop(p, st, "vectorize_nd_extract", ir_attr_unit(c));
    } else {
      break;
    }
  }
  if (irp_opt_attr_dict_into(p, st) < 0 || colon(p) < 0 ||
      irp_type(p, &t) < 0)
    return -1;
  return ir_syntax_operand(p, st, &r, t);
}

static void print_vectorize(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"scalable_sizes", "static_vector_sizes",
                                      "vectorize_nd_extract", NULL};
  const IrCtx *c = m->ctx;
  uint32_t sz = irw_prop(w, m, op, "static_vector_sizes");
  uint32_t sc = irw_prop(w, m, op, "scalable_sizes"), k, n;
  if (m->ops[op].n_operands != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  sp_value(w, m, op, 0);
  if (sz && ir_attr(c, sz)->kind == IR_A_DENSE_ARRAY) {
    const int64_t *v = ir_attr_i64(c, sz);
    const int64_t *s = NULL;
    n = ir_attr(c, sz)->n;
    if (sc && ir_attr(c, sc)->kind == IR_A_DENSE_ARRAY && ir_attr(c, sc)->n == n)
      s = ir_attr_i64(c, sc);
    irw_str(w, " vector_sizes [");
    for (k = 0; k < n; k++) {
      if (k) irw_str(w, ", ");
      if (s && s[k]) irw_str(w, "[");
      irw_i64(w, v[k]);
      if (s && s[k]) irw_str(w, "]");
    }
    irw_str(w, "]");
  }
  if (irw_prop(w, m, op, "vectorize_nd_extract"))
    irw_str(w, " vectorize_nd_extract");
  irw_op_attr_dict(w, m, op, elide, 0);
  colon_type(w, opd_type(m, op, 0));
}

/* transform.yield: ` ` operands (`:` types)? attr-dict; MLIR prints the
 * space even with no operands. */
static int parse_transform_yield(IrParser *p, IrOpState *st) {
  IrRef r[MAXV];
  uint32_t n;
  if (refs(p, r, &n) < 0) return -1;
  if (n && (colon(p) < 0 || typed_refs(p, st, r, n) < 0)) return -1;
  return irp_opt_attr_dict_into(p, st) < 0 ? -1 : 0;
}

static void print_transform_yield(IrPrinter *w, const IrModule *m,
                                  uint32_t op) {
  const IrOp *o = &m->ops[op];
  irw_str(w, " ");
  if (o->n_operands) {
    irw_operands(w, m, op, 0, o->n_operands);
    irw_str(w, " : ");
    irw_value_types(w, m, &m->operands[o->operands], o->n_operands);
  }
  irw_op_attr_dict(w, m, op, NULL, 0);
}

/* ====================================================================== */
/* The table                                                              */
/* ====================================================================== */

/* shape.assuming_yield: HasParent, then the edge to the results. */
static int verify_assuming_yield(const IrModule *m, uint32_t op, IrDiag *d) {
  uint32_t b = m->ops[op].block;
  if (b == IR_NONE) return 0;
  uint32_t parent = m->regions[m->blocks[b].region].op;
  if (m->ops[parent].opc != IR_OP_ASSUMING)
    return ir_syntax_op_error(m, op, d, "expects parent op 'shape.assuming'");
  return ir_check_region_edges(m, parent, op, 0, -1, 0, 1, d);
}

/* AffineYieldOp::verify: its parent and the parent's result types. */
static int verify_affine_yield(const IrModule *m, uint32_t op, IrDiag *d) {
  uint32_t b = m->ops[op].block;
  if (b == IR_NONE) return 0;
  const IrOp *po = ir_op(m, m->regions[m->blocks[b].region].op);
  const IrOp *o = ir_op(m, op);
  if (po->opc != IR_OP_AFFINE_IF && po->opc != IR_OP_AFFINE_FOR)
    return ir_syntax_op_error(m, op, d, "only terminates affine.if/for/parallel regions");
  if (po->n_results != o->n_operands)
    return ir_syntax_op_error(m, op, d, "parent of yield must have same number "
                              "of results as the yield operands");
  for (uint32_t i = 0; i < o->n_operands; i++)
    if (ir_vtype(m, ir_operand(m, op, i)) != m->values[po->results + i].type)
      return ir_syntax_op_error(m, op, d, "types mismatch between yield op and "
                                "its parent");
  return 0;
}

const IrOpHooks ir_hooks_misc[] = {
    {"linalg.fill", parse_fill, print_structured, NULL, verify_structured},
    {"linalg.ceil", parse_ceil, print_structured, NULL, verify_structured},
    {"linalg.dot", parse_dot, print_structured, NULL, verify_structured},
    {"linalg.yield", parse_yield, print_yield, NULL, NULL},
    {"tensor.cast", parse_tensor_cast, print_tensor_cast, names_cast, verify_tensor_cast},
    {"tensor.dim", ir_syntax_parse_dim, ir_syntax_print_dim,
     ir_syntax_names_dim, ir_syntax_verify_dim},
    {"tensor.extract", parse_extract, print_extract, names_extract, verify_extract},
    {"tensor.insert", parse_insert, print_insert, names_insert, verify_insert},
    {"tensor.extract_slice", parse_extract_slice, print_extract_slice,
     names_extract_slice, verify_extract_slice},
    {"tensor.insert_slice", parse_insert_slice, print_insert_slice,
     names_insert_slice, verify_insert_slice},
    {"tensor.collapse_shape", parse_tensor_collapse, print_tensor_collapse,
     names_collapsed, verify_tensor_collapse},
    {"tensor.pad", parse_pad, print_pad, names_padded, verify_pad},
    {"tensor.yield", parse_tensor_yield, print_tensor_yield, NULL, NULL},
    {"shape.assuming", parse_assuming, print_assuming, NULL, NULL},
    {"shape.assuming_yield", parse_yield, print_yield, NULL, verify_assuming_yield},
    {"gpu.alloc", parse_gpu_alloc, print_gpu_alloc, names_gpu_alloc,
     verify_gpu_tokens},
    {"gpu.dealloc", parse_gpu_dealloc, print_gpu_dealloc, NULL,
     verify_gpu_tokens},
    {"gpu.wait", parse_gpu_wait, print_gpu_wait, NULL, verify_gpu_tokens},
    {"affine.apply", parse_apply, print_apply, NULL, verify_apply},
    {"affine.load", parse_affine_load, print_affine_load, NULL, verify_affine_load},
    {"affine.store", parse_affine_store, print_affine_store, NULL, verify_affine_store},
    {"affine.for", parse_affine_for, print_affine_for, NULL, NULL},
    {"affine.if", parse_affine_if, print_affine_if, NULL, NULL},
    {"affine.yield", parse_yield, print_yield, NULL, verify_affine_yield},
    {"vector.print", parse_vprint, print_vprint, NULL, verify_vprint},
    {"vector.vscale", parse_vscale, print_vscale, names_vscale, verify_vscale},
    {"transform.named_sequence", parse_named_sequence, print_named_sequence,
     NULL, verify_named_sequence},
    {"transform.structured.match", parse_match, print_match, NULL, verify_match},
    {"transform.structured.vectorize", parse_vectorize, print_vectorize, NULL,
     verify_vectorize},
    {"transform.yield", parse_transform_yield, print_transform_yield, NULL,
     verify_transform_yield},
    {0},
};

const IrRegionHook ir_region_hooks_misc[] = {
    {"tensor.pad", verify_pad_regions},
    {NULL, NULL},
};
