/*
 * syntax_bufferization.c - custom assembly of the bufferization ops:
 * dealloc (one i1 result per retained memref), clone, to_buffer and its
 * old name to_memref, to_tensor (`restrict writable`) and alloc_tensor.
 */
#include "irint.h"

/* ====================================================================== */
/* bufferization.dealloc                                                   */
/* ====================================================================== */
/*
 *   bufferization.dealloc (%a, %b : t1, t2) if (%c, %d) retain (%r : t)
 *
 * Operands: memrefs, conditions (i1), retained; operandSegmentSizes holds
 * the three counts. Results: one i1 per retained memref.
 */

static int parse_dealloc(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  IrRefVec mems = {0}, conds = {0}, kept = {0};
  IrTypeVec mt = {0}, kt = {0};
  int64_t seg[3];
  uint32_t loc;
  int rc = -1;
  loc = irp_loc_here(p);
  if (irp_consume(p, IR_TK_LPAREN) == 1) {
    if (ir_syntax_parse_refs(p, &mems) < 0) goto out;
    if (irp_expect(p, IR_TK_COLON, "':'") < 0) goto out;
    if (ir_syntax_parse_types(p, &mt) < 0) goto out;
    if (irp_expect(p, IR_TK_RPAREN, "')'") < 0) goto out;
    if (irp_expect_kw(p, "if") < 0) goto out;
    if (irp_expect(p, IR_TK_LPAREN, "'('") < 0) goto out;
    if (ir_syntax_parse_refs(p, &conds) < 0) goto out;
    if (irp_expect(p, IR_TK_RPAREN, "')'") < 0) goto out;
  }
  if (irp_consume_kw(p, "retain") == 1) {
    if (irp_expect(p, IR_TK_LPAREN, "'('") < 0) goto out;
    if (ir_syntax_parse_refs(p, &kept) < 0) goto out;
    if (irp_expect(p, IR_TK_COLON, "':'") < 0) goto out;
    if (ir_syntax_parse_types(p, &kt) < 0) goto out;
    if (irp_expect(p, IR_TK_RPAREN, "')'") < 0) goto out;
  }
  if (irp_opt_attr_dict_into(p, st) < 0) goto out;
  if (ir_syntax_add_operands(p, st, &mems, mt.v, mt.n, loc) < 0) goto out;
  if (ir_syntax_add_operands_of(p, st, &conds, ir_type_int(c, 1)) < 0) goto out;
  if (ir_syntax_add_operands(p, st, &kept, kt.v, kt.n, loc) < 0) goto out;
  seg[0] = mems.n;
  seg[1] = conds.n;
  seg[2] = kept.n;
  irp_set_segments(p, st, 3, seg);
  for (uint32_t i = 0; i < kept.n; i++) irp_add_result_type(st, ir_type_int(c, 1));
  rc = 0;
out:
  ir_syntax_refs_free(&mems);
  ir_syntax_refs_free(&conds);
  ir_syntax_refs_free(&kept);
  ir_syntax_types_free(&mt);
  ir_syntax_types_free(&kt);
  return rc;
}

/* The three segment sizes of a dealloc, or -1 if they do not add up. */
static int dealloc_segments(const IrModule *m, uint32_t op, uint32_t seg[3]) {
  uint32_t s = ir_op_prop_lit(m, op, "operandSegmentSizes");
  const IrAttr *a = s ? ir_attr(m->ctx, s) : NULL;
  uint64_t sum = 0;
  if (!a || a->kind != IR_A_DENSE_ARRAY || a->n != 3) return -1;
  for (int i = 0; i < 3; i++) {
    int64_t v = ir_attr_i64(m->ctx, s)[i];
    if (v < 0 || v > (int64_t)IR_MAX_COUNT) return -1;
    seg[i] = (uint32_t)v;
    sum += (uint64_t)v;
  }
  return sum == ir_op(m, op)->n_operands ? 0 : -1;
}

static void print_dealloc(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"operandSegmentSizes", NULL};
  uint32_t seg[3];
  if (dealloc_segments(m, op, seg) < 0) {
    irw_generic_op(w, m, op);
    return;
  }
  if (seg[0] || seg[1]) {
    irw_str(w, " (");
    irw_operands(w, m, op, 0, seg[0]);
    irw_str(w, " : ");
    ir_syntax_print_operand_types(w, m, op, 0, seg[0]);
    irw_str(w, ") if (");
    irw_operands(w, m, op, seg[0], seg[1]);
    irw_str(w, ")");
  }
  if (seg[2]) {
    irw_str(w, " retain (");
    irw_operands(w, m, op, seg[0] + seg[1], seg[2]);
    irw_str(w, " : ");
    ir_syntax_print_operand_types(w, m, op, seg[0] + seg[1], seg[2]);
    irw_str(w, ")");
  }
  irw_op_attr_dict(w, m, op, elide, 0);
}

static int verify_dealloc(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrOp *o = ir_op(m, op);
  uint32_t seg[3];
  if (dealloc_segments(m, op, seg) < 0)
    return ir_syntax_op_error(m, op, d,
                              "operand count (%u) does not match with the "
                              "total size (%u) specified in attribute "
                              "'operandSegmentSizes'",
                              o->n_operands, o->n_operands);
  /* ODS's type constraints first, then DeallocOp::verify's counts */
  const IrCtx *c = m->ctx;
  for (uint32_t i = 0; i < o->n_operands; i++) {
    uint32_t t = ir_vtype(m, ir_operand(m, op, i));
    int cond = i >= seg[0] && i < seg[0] + seg[1];
    if (cond ? !ir_syntax_is_i1(c, t) : !ir_type_is_memref(c, t))
      return ir_syntax_type_error(m, op, d, "operand", i, cond
                                  ? "variadic of 1-bit signless integer"
                                  : "variadic of ranked or unranked memref of any type values", t);
  }
  for (uint32_t i = 0; i < o->n_results; i++)
    if (!ir_syntax_is_i1(c, ir_vtype(m, o->results + i)))
      return ir_syntax_type_error(m, op, d, "result", i, "variadic of 1-bit signless integer",
                                  ir_vtype(m, o->results + i));
  if (seg[0] != seg[1])
    return ir_syntax_op_error(
        m, op, d, "must have the same number of conditions as memrefs to deallocate");
  if (seg[2] != o->n_results)
    return ir_syntax_op_error(m, op, d,
                              "must have the same number of updated conditions "
                              "(results) as retained operands");
  return 0;
}

/* ====================================================================== */
/* clone, to_buffer, to_memref, to_tensor: `%x flags attr-dict : t to r`   */
/* ====================================================================== */

/* The unit keywords each conversion op may carry, in print order. */
static const char *const *unit_flags(uint32_t opc) {
  static const char *const to_buffer[] = {"read_only", NULL};
  static const char *const to_tensor[] = {"restrict", "writable", NULL};
  static const char *const none[] = {NULL};
  switch (opc) {
  case IR_OP_TO_BUFFER: case IR_OP_TO_MEMREF: return to_buffer;
  case IR_OP_TO_TENSOR: return to_tensor;
  default: return none;
  }
}

static int is_tensor(const IrCtx *c, uint32_t t) {
  IrTypeKind k = ir_type(c, t)->kind;
  return k == IR_T_TENSOR || k == IR_T_UTENSOR;
}

/* What a conversion's operand (k = 0) and result (k = 1) must be: a
 * tensor (TensorLikeType) or a memref (BufferLikeType); clone: memrefs
 * (BaseMemRefType) on both sides. 1 if t fits. */
static int convert_kind_ok(const IrCtx *c, uint32_t opc, int k, uint32_t t) {
  if (opc == IR_OP_TO_TENSOR) return k ? is_tensor(c, t) : ir_type_is_memref(c, t);
  if (opc == IR_OP_TO_BUFFER || opc == IR_OP_TO_MEMREF)
    return k ? ir_type_is_memref(c, t) : is_tensor(c, t);
  if (opc == IR_OP_CLONE) return ir_type_is_memref(c, t);
  return 1;
}

/* A type of a conversion's custom form: ODS's parser for an interface
 * type checks its kind at once. */
static int convert_type(IrParser *p, IrOpState *st, int k, uint32_t *t) {
  uint32_t loc = irp_loc_here(p);
  if (irp_type(p, t) < 0) return -1;
  if (!convert_kind_ok(irp_ctx(p), st->opc, k, *t))
    return ir_syntax_parse_error(p, st, loc, "invalid kind of type specified");
  return 0;
}

static int parse_convert(IrParser *p, IrOpState *st) {
  const char *const *flags = unit_flags(st->opc);
  IrRef r;
  uint32_t from, to;
  if (irp_ref(p, &r) < 0) return -1;
  for (const char *const *f = flags; *f; f++)
    if (irp_consume_kw(p, *f) == 1)
      irp_add_prop(p, st, *f, ir_attr_unit(irp_ctx(p)));
  if (irp_opt_attr_dict_into(p, st) < 0) return -1;
  if (irp_expect(p, IR_TK_COLON, "':'") < 0) return -1;
  if (convert_type(p, st, 0, &from) < 0) return -1;
  if (irp_expect_kw(p, "to") < 0) return -1;
  if (convert_type(p, st, 1, &to) < 0) return -1;
  if (ir_syntax_operand(p, st, &r, from) < 0) return -1;
  irp_add_result_type(st, to);
  return 0;
}

static void print_convert(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = ir_op(m, op);
  const char *const *flags = unit_flags(o->opc);
  if (o->n_operands != 1 || o->n_results != 1) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, " ");
  irw_operands(w, m, op, 0, 1);
  for (const char *const *f = flags; *f; f++)
    if (irw_prop(w, m, op, *f)) irw_fmt(w, " %s", *f);
  irw_op_attr_dict(w, m, op, flags, 0);
  irw_str(w, " : ");
  irw_type(w, ir_vtype(m, ir_operand(m, op, 0)));
  irw_str(w, " to ");
  irw_type(w, ir_vtype(m, o->results));
}

int ir_syntax_verify_memref_to_memref(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrOp *o = ir_op(m, op);
  if (o->n_operands != 1 || o->n_results != 1) return 0;
  uint32_t t[2] = {ir_vtype(m, ir_operand(m, op, 0)), ir_vtype(m, o->results)};
  for (int k = 0; k < 2; k++)
    if (!ir_type_is_memref(m->ctx, t[k]))
      return ir_syntax_type_error(m, op, d, k ? "result" : "operand", 0,
                                  "ranked or unranked memref of any type values", t[k]);
  return 0;
}

/* to_tensor and to_buffer: the kinds of the operand and result, then
 * "specified tensor and buffer types match" as the builtin tensor's
 * verifyCompatibleBufferType has it (shape, then element type; layout,
 * memory space and encoding aside), which reports twice. */
static int verify_to(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrOp *o = ir_op(m, op);
  if (o->n_operands != 1 || o->n_results != 1) return 0;
  uint32_t ts[2] = {ir_vtype(m, ir_operand(m, op, 0)), ir_vtype(m, o->results)};
  for (int k = 0; k < 2; k++)
    if (!convert_kind_ok(c, o->opc, k, ts[k]))
      return ir_syntax_type_error(m, op, d, k ? "result" : "operand", 0,
                                  (o->opc == IR_OP_TO_TENSOR) == k
                                      ? "TensorLikeType instance" : "BufferLikeType instance",
                                  ts[k]);
  const IrType *a = ir_type(c, ts[0]), *b = ir_type(c, ts[1]);
  int ra = a->kind == IR_T_TENSOR || a->kind == IR_T_MEMREF,
      rb = b->kind == IR_T_TENSOR || b->kind == IR_T_MEMREF, same = ra == rb;
  if (same && ra) same = a->n == b->n && !memcmp(ir_type_dims(c, ts[0]), ir_type_dims(c, ts[1]),
                                                 a->n * sizeof(int64_t));
  const char *why = !same ? "shapes do not match"
                    : a->elem != b->elem ? "element types do not match" : NULL;
  if (!why) return 0;
  ir_diag(d, c, o->loc, IR_SEV_ERROR, "%s", why);
  return ir_syntax_op_error(m, op, d, "failed to verify that specified tensor "
                            "and buffer types match");
}

/* ====================================================================== */
/* bufferization.alloc_tensor                                              */
/* ====================================================================== */
/*
 *   bufferization.alloc_tensor(%d0, %d1) copy(%t) size_hint=%n attr-dict
 *       : tensor<?x?xf32>
 */

static int parse_alloc_tensor(IrParser *p, IrOpState *st) {
  IrCtx *c = irp_ctx(p);
  IrRefVec dyn = {0};
  IrRef copy, hint;
  int has_copy = 0, has_hint = 0, rc = -1;
  int64_t seg[3];
  uint32_t t;
  if (irp_expect(p, IR_TK_LPAREN, "'('") < 0) goto out;
  if (ir_syntax_parse_refs(p, &dyn) < 0) goto out;
  if (irp_expect(p, IR_TK_RPAREN, "')'") < 0) goto out;
  if (irp_consume_kw(p, "copy") == 1) {
    has_copy = 1;
    if (irp_expect(p, IR_TK_LPAREN, "'('") < 0 || irp_ref(p, &copy) < 0 ||
        irp_expect(p, IR_TK_RPAREN, "')'") < 0)
      goto out;
  }
  if (irp_consume_kw(p, "size_hint") == 1) {
    has_hint = 1;
    if (irp_expect(p, IR_TK_EQUAL, "'='") < 0 || irp_ref(p, &hint) < 0)
      goto out;
  }
  if (irp_opt_attr_dict_into(p, st) < 0) goto out;
  if (irp_expect(p, IR_TK_COLON, "':'") < 0) goto out;
  /* parseCustomTypeWithFallback(TensorType): any tensor, at parse time */
  if (ir_syntax_kind_type(p, st, &t, IR_KIND_ANY_TENSOR) < 0) goto out;
  if (ir_syntax_add_operands_of(p, st, &dyn, ir_type_index(c)) < 0) goto out;
  if (has_copy && ir_syntax_operand(p, st, &copy, t) < 0) goto out;
  if (has_hint && ir_syntax_operand(p, st, &hint, ir_type_index(c)) < 0)
    goto out;
  seg[0] = dyn.n;
  seg[1] = has_copy;
  seg[2] = has_hint;
  irp_set_segments(p, st, 3, seg);
  irp_add_result_type(st, t);
  rc = 0;
out:
  ir_syntax_refs_free(&dyn);
  return rc;
}

static void print_alloc_tensor(IrPrinter *w, const IrModule *m, uint32_t op) {
  static const char *const elide[] = {"operandSegmentSizes", NULL};
  uint32_t s = irw_prop(w, m, op, "operandSegmentSizes");
  const IrAttr *a = s ? ir_attr(m->ctx, s) : NULL;
  const IrOp *o = ir_op(m, op);
  const int64_t *seg;
  if (!a || a->kind != IR_A_DENSE_ARRAY || a->n != 3 || o->n_results != 1 ||
      (seg = ir_attr_i64(m->ctx, s), seg[0] < 0 || seg[1] < 0 || seg[1] > 1 ||
       seg[2] < 0 || seg[2] > 1 ||
       seg[0] + seg[1] + seg[2] != (int64_t)o->n_operands)) {
    irw_generic_op(w, m, op);
    return;
  }
  irw_str(w, "(");
  irw_operands(w, m, op, 0, (uint32_t)seg[0]);
  irw_str(w, ")");
  if (seg[1]) {
    irw_str(w, " copy(");
    irw_operands(w, m, op, (uint32_t)seg[0], 1);
    irw_str(w, ")");
  }
  if (seg[2]) {
    irw_str(w, " size_hint=");
    irw_operands(w, m, op, (uint32_t)(seg[0] + seg[1]), 1);
  }
  irw_op_attr_dict(w, m, op, elide, 0);
  irw_str(w, " : ");
  irw_type(w, ir_vtype(m, o->results));
}

static int verify_alloc_tensor(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrOp *o = ir_op(m, op);
  uint32_t s = ir_op_prop_lit(m, op, "operandSegmentSizes");
  const IrAttr *a = s ? ir_attr(m->ctx, s) : NULL;
  if (o->n_results != 1 || !a || a->kind != IR_A_DENSE_ARRAY || a->n != 3)
    return 0;
  uint32_t t = ir_vtype(m, o->results);
  const IrType *ty = ir_type(m->ctx, t);
  int64_t ndyn = 0;
  if (ty->kind == IR_T_TENSOR)
    for (uint32_t i = 0; i < ty->n; i++) ndyn += ir_type_dims(m->ctx, t)[i] == IR_DYN;
  /* Operand types (ODS: Variadic<Index>, Optional<AnyTensor>,
   * Optional<Index>), checked in operand order as MLIR does; the custom
   * form prints `copy(%t)` and re-parses it with the result's type, so a
   * copy of another type would not survive a round trip. */
  const int64_t *seg = ir_attr_i64(m->ctx, s);
  if (seg[0] < 0 || seg[1] < 0 || seg[2] < 0 ||
      seg[0] + seg[1] + seg[2] != (int64_t)o->n_operands)
    return 0;  /* the segment check reports it */
  for (uint32_t k = 0; k < o->n_operands; k++) {
    uint32_t vt = ir_vtype(m, ir_operand(m, op, k));
    const IrType *vty = ir_type(m->ctx, vt);
    int in_copy = k >= seg[0] && k < seg[0] + seg[1];
    int ok = in_copy ? vty->kind == IR_T_TENSOR || vty->kind == IR_T_UTENSOR
                     : vty->kind == IR_T_INDEX;
    if (ok) continue;
    char ts[256];
    ir_type_str(m->ctx, vt, ts, sizeof ts);
    return ir_syntax_op_error(m, op, d, "operand #%u must be %s, but got '%s'", k,
                              in_copy ? "tensor of any type values"
                              : k < seg[0] ? "variadic of index" : "index",
                              ts);
  }
  /* ODS checks the result after the operands (AnyTensor); the custom
   * form parses only a tensor type back */
  if (ty->kind != IR_T_TENSOR && ty->kind != IR_T_UTENSOR) {
    char ts[256];
    ir_type_str(m->ctx, t, ts, sizeof ts);
    return ir_syntax_op_error(m, op, d, "result #0 must be tensor of any type values, but got '%s'",
                              ts);
  }
  if (seg[1] && ir_vtype(m, ir_operand(m, op, seg[0])) != t) {
    /* emitError, not emitOpError: no `'op' op` prefix */
    ir_diag(d, m->ctx, o->loc, IR_SEV_ERROR,
            "expected that `copy` and return type match");
    return -1;
  }
  if (ir_attr_i64(m->ctx, s)[1] && ir_attr_i64(m->ctx, s)[0])
    return ir_syntax_op_error(m, op, d,
                              "dynamic sizes not needed when copying a tensor");
  if (ty->kind == IR_T_TENSOR && !ir_attr_i64(m->ctx, s)[1] && ir_attr_i64(m->ctx, s)[0] != ndyn)
    return ir_syntax_op_error(m, op, d, "incorrect number of dynamic sizes, has %lld, expected %lld",
                              (long long)ir_attr_i64(m->ctx, s)[0], (long long)ndyn);
  return 0;
}

const IrOpHooks ir_hooks_bufferization[] = {
    {"bufferization.dealloc", parse_dealloc, print_dealloc, NULL,
     verify_dealloc},
    {"bufferization.clone", parse_convert, print_convert, NULL,
     ir_syntax_verify_memref_to_memref},
    {"bufferization.to_buffer", parse_convert, print_convert, NULL, verify_to},
    {"bufferization.to_memref", parse_convert, print_convert, NULL, verify_to},
    {"bufferization.to_tensor", parse_convert, print_convert, NULL, verify_to},
    {"bufferization.alloc_tensor", parse_alloc_tensor, print_alloc_tensor,
     NULL, verify_alloc_tensor},
    {0},
};
