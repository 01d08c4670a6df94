/*
 * verify_rules.c - structural rules of registered ops that MLIR states in
 * ODS rather than in C++, checked before any verify hook (or pass) indexes
 * an op's operand segments or regions:
 *
 *   - operandSegmentSizes: a dense i32 array of the op's segment count, no
 *     negative entry, summing to the operand count (an absent property is
 *     all zeros, as MLIR's default);
 *   - region shapes: SingleBlock (0 or 1 blocks), SizedRegion<1> (exactly
 *     one), and the terminator each such region must end with.
 *
 * Messages are mlir-opt-22's, found by feeding it each broken form.
 */
#include "irint.h"

static void op_err(const IrModule *m, uint32_t op, IrDiag *d, const char *fmt,
                   ...) __attribute__((format(printf, 4, 5)));
static void op_err(const IrModule *m, uint32_t op, IrDiag *d, const char *fmt,
                   ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  uint32_t name = m->ops[op].name;
  ir_diag(d, m->ctx, m->ops[op].loc, IR_SEV_ERROR, "'%.*s' op %s",
          (int)ir_str_len(m->ctx, name), ir_str_ptr(m->ctx, name), msg);
}

/* ====================================================================== */
/* operandSegmentSizes                                                    */
/* ====================================================================== */

/* Indexed by opcode: a lookup per op, where a table scan per op was ~10%
 * of the verifier. */
static const uint8_t segment_counts[IR_N_OPS] = {
    [IR_OP_ALLOC] = 2,          [IR_OP_ALLOCA] = 2,
    [IR_OP_SUBVIEW] = 4,        [IR_OP_REINTERPRET_CAST] = 4,
    [IR_OP_BDEALLOC] = 3,       [IR_OP_ALLOC_TENSOR] = 3,
    [IR_OP_COND_BR] = 3,        [IR_OP_SWITCH] = 3,
    [IR_OP_PARALLEL] = 4,       [IR_OP_FORALL] = 4,
    [IR_OP_LINALG_FILL] = 2,    [IR_OP_LINALG_CEIL] = 2,
    [IR_OP_LINALG_DOT] = 2,     [IR_OP_TENSOR_EXTRACT_SLICE] = 4,
    [IR_OP_TENSOR_INSERT_SLICE] = 5, [IR_OP_TENSOR_PAD] = 3,
    [IR_OP_GPU_ALLOC] = 3,      [IR_OP_AFFINE_FOR] = 3,
};

/* The segment count of an op with operandSegmentSizes, 0 for others. */
uint32_t ir_segment_count(uint32_t opc) {
  return opc < IR_N_OPS ? segment_counts[opc] : 0;
}

/* cf.cond_br and cf.switch pass the operands of their last two segments
 * (seg, all zero if NULL) to their successors; cf.switch splits the last
 * by case_operand_segments, a property ODS requires and checks after the
 * operand segments. ODS's order: the operand segments, the required
 * property, the type of operand #0 (the condition or flag), the case
 * group's sizes; all before the branch's successor operands. The generic parser lays the successors' ranges out
 * from these properties only when they add up (parse.c), so a problem
 * here is reported in mlir-opt-22's order; ranges that differ from what
 * sound properties give can only come from bytecode, and are refused
 * too, as a printer going by either would print another program. */
static int branch_segments(const IrModule *m, uint32_t op, IrDiag *d,
                           const int64_t *seg) {
  const IrOp *o = &m->ops[op];
  const IrCtx *c = m->ctx;
  uint32_t first = seg ? (uint32_t)seg[0] : 0, n0 = seg ? (uint32_t)seg[1] : 0,
           rest = seg ? (uint32_t)seg[2] : 0;
  const int64_t *cs = NULL;
  if (o->opc == IR_OP_SWITCH) {
    uint32_t ca = ir_op_prop_lit(m, op, "case_operand_segments");
    if (!ca) {
      op_err(m, op, d, "requires attribute 'case_operand_segments'");
      return -1;
    }
    const IrAttr *a = ir_attr(c, ca);
    if (a->kind != IR_A_DENSE_ARRAY || !ir_type_is_int(c, a->type, 32))
      return ir_syntax_prop_error(m, op, d, "case_operand_segments", ca);
    /* the operand groups' types, then the case group's sizes */
    uint32_t ft = m->values[m->operands[o->operands]].type;
    if (ir_type(c, ft)->kind != IR_T_INT)
      return ir_syntax_type_error(m, op, d, "operand", 0, "integer", ft);
    cs = ir_attr_i64(c, ca);
    uint64_t sum = 0;
    for (uint32_t i = 0; i < a->n; i++) {
      if (cs[i] < 0) {
        op_err(m, op, d, "'case_operand_segments' attribute cannot have negative elements");
        return -1;
      }
      sum += (uint64_t)cs[i];
    }
    if (sum != rest) {
      op_err(m, op, d, "caseOperands count (%u) does not match with the total size "
             "(%llu) specified in attribute 'case_operand_segments'", rest,
             (unsigned long long)sum);
      return -1;
    }
    /* one entry per case successor: verify_switch's, after MLIR's checks */
    if (o->n_succs < 1 || a->n != o->n_succs - 1) return 0;
  } else {
    uint32_t ct = m->values[m->operands[o->operands]].type;
    if (!ir_syntax_is_i1(c, ct))
      return ir_syntax_type_error(m, op, d, "operand", 0, "1-bit signless integer", ct);
    if (o->n_succs != 2) return 0; /* the counts' rule reports it */
  }
  first += o->operands;
  for (uint32_t k = 0; k < o->n_succs; k++) {
    const IrSucc *sc = &m->succs[o->succs + k];
    uint32_t n = k == 0 ? n0 : cs ? (uint32_t)cs[k - 1] : rest;
    if (sc->n_operands != n || (n && sc->operands != first)) {
      op_err(m, op, d, "successor #%u's operands are not the ones its operand "
             "segments give it", k);
      return -1;
    }
    first += n;
  }
  return 0;
}

int ir_verify_segments(const IrModule *m, uint32_t op, IrDiag *d) {
  const IrOp *o = &m->ops[op];
  uint32_t want = ir_segment_count(o->opc);
  if (!want) return 0;
  const IrCtx *c = m->ctx;
  uint32_t s = ir_op_prop_lit(m, op, "operandSegmentSizes");
  int64_t sum = 0;
  if (s) {
    const IrAttr *a = ir_attr(c, s);
    char text[256];
    if (a->kind != IR_A_DENSE_ARRAY || !ir_type_is_int(c, a->type, 32) ||
        a->n != want) {
      ir_attr_str(c, o->props, text, sizeof text);
      uint32_t name = o->name;
      if (a->kind != IR_A_DENSE_ARRAY || !ir_type_is_int(c, a->type, 32))
        ir_diag(d, c, o->loc, IR_SEV_ERROR,
                "invalid properties %s for op %.*s: expected "
                "DenseI32ArrayAttr for key `value`",
                text, (int)ir_str_len(c, name), ir_str_ptr(c, name));
      else
        ir_diag(d, c, o->loc, IR_SEV_ERROR,
                "invalid properties %s for op %.*s: size mismatch in "
                "attribute conversion: %u vs %u",
                text, (int)ir_str_len(c, name), ir_str_ptr(c, name), a->n,
                want);
      return -1;
    }
    const int64_t *v = ir_attr_i64(c, s);
    for (uint32_t i = 0; i < a->n; i++) {
      if (v[i] < 0) {
        op_err(m, op, d,
               "'operandSegmentSizes' attribute cannot have negative "
               "elements");
        return -1;
      }
      sum += v[i];
    }
  }
  if (sum != o->n_operands) {
    op_err(m, op, d,
           "operand count (%u) does not match with the total size (%lld) "
           "specified in attribute 'operandSegmentSizes'",
           o->n_operands, (long long)sum);
    return -1;
  }
  if (o->opc == IR_OP_COND_BR || o->opc == IR_OP_SWITCH)
    return branch_segments(m, op, d, s ? ir_attr_i64(c, s) : NULL);
  return 0;
}

int ir_segment(const IrModule *m, uint32_t op, uint32_t k, uint32_t *first,
               uint32_t *n) {
  uint32_t s = ir_op_prop_lit(m, op, "operandSegmentSizes");
  uint32_t want = ir_segment_count(m->ops[op].opc);
  if (k >= want) return -1;
  if (!s) {
    *first = *n = 0;
    return 0;
  }
  const int64_t *v = ir_attr_i64(m->ctx, s);
  uint32_t at = 0;
  for (uint32_t i = 0; i < k; i++) at += (uint32_t)v[i];
  *first = at;
  *n = (uint32_t)v[k];
  return 0;
}

/* ====================================================================== */
/* Region shapes and terminators                                          */
/* ====================================================================== */

enum {
  RS_SINGLE = 1,     /* SingleBlock: every region has 0 or 1 blocks */
  RS_VARIADIC = 2,   /* the last name covers all further regions */
};

/* How a region's terminator is checked and worded. */
enum {
  TM_NONE,           /* no rule here */
  TM_IMPLICIT,       /* SingleBlockImplicitTerminator<term> */
  TM_WHILE,          /* scf.while: before -> scf.condition, after -> yield */
  TM_SWITCH,         /* scf.index_switch */
  TM_PARALLEL,       /* scf.parallel */
  TM_REDUCE,         /* scf.reduce */
};

typedef struct RegionRule {
  uint8_t flags;       /* RS_*; 0: the op has no rule */
  uint8_t tm;          /* TM_* */
  uint16_t term;       /* terminator opcode for TM_IMPLICIT */
  uint32_t sized;      /* bit i: region i (or any region past the names,
                          with RS_VARIADIC) must have exactly one block */
  const char *names;   /* ODS region names, space separated */
} RegionRule;

/* Indexed by opcode (see segment_counts). */
static const RegionRule region_rules[IR_N_OPS] = {
    [IR_OP_IF] = {RS_SINGLE, TM_IMPLICIT, IR_OP_YIELD, 1, "thenRegion elseRegion"},
    [IR_OP_FOR] = {RS_SINGLE, TM_IMPLICIT, IR_OP_YIELD, 1, "region"},
    [IR_OP_WHILE] = {RS_SINGLE, TM_WHILE, 0, 3, "before after"},
    [IR_OP_INDEX_SWITCH] = {RS_VARIADIC, TM_SWITCH, 0, ~0u,
                            "defaultRegion caseRegions"},
    [IR_OP_PARALLEL] = {RS_SINGLE, TM_PARALLEL, 0, 1, "region"},
    [IR_OP_FORALL] = {RS_SINGLE, TM_IMPLICIT, IR_OP_IN_PARALLEL, 1, "region"},
    [IR_OP_IN_PARALLEL] = {RS_SINGLE, TM_NONE, 0, 1, "region"},
    [IR_OP_REDUCE] = {RS_VARIADIC, TM_REDUCE, 0, ~0u, "reductions"},
    [IR_OP_LINALG_FILL] = {RS_SINGLE, TM_IMPLICIT, IR_OP_LINALG_YIELD, 0, "region"},
    [IR_OP_LINALG_CEIL] = {RS_SINGLE, TM_IMPLICIT, IR_OP_LINALG_YIELD, 0, "region"},
    [IR_OP_LINALG_DOT] = {RS_SINGLE, TM_IMPLICIT, IR_OP_LINALG_YIELD, 0, "region"},
    [IR_OP_TENSOR_PAD] = {RS_SINGLE, TM_IMPLICIT, IR_OP_TENSOR_YIELD, 1, "region"},
    [IR_OP_ASSUMING] = {RS_SINGLE, TM_IMPLICIT, IR_OP_ASSUMING_YIELD, 1, "doRegion"},
    [IR_OP_AFFINE_FOR] = {RS_SINGLE, TM_IMPLICIT, IR_OP_AFFINE_YIELD, 1, "region"},
    [IR_OP_AFFINE_IF] = {RS_SINGLE, TM_IMPLICIT, IR_OP_AFFINE_YIELD, 0,
                         "thenRegion elseRegion"},
    [IR_OP_TEST_REGION_BUFFER_BASED] = {RS_SINGLE, TM_IMPLICIT,
                                        IR_OP_TEST_REGION_YIELD, 0, "region"},
    [IR_OP_TEST_REGION_IF] = {RS_SINGLE, TM_IMPLICIT, IR_OP_TEST_REGION_IF_YIELD, 0,
                              "thenRegion elseRegion joinRegion"},
};

/* Copy the i-th space separated name of `names` (the last one for any i
 * past the end) into buf. */
static void region_name(const char *names, uint32_t i, char *buf, size_t cap) {
  const char *s = names, *e;
  for (;;) {
    e = strchr(s, ' ');
    if (!e || !i) break;
    s = e + 1;
    i--;
  }
  size_t n = e ? (size_t)(e - s) : strlen(s);
  if (n >= cap) n = cap - 1;
  memcpy(buf, s, n);
  buf[n] = 0;
}

/* Op names by opcode: a module's opc always matches its name
 * (ir_module_check), and every terminator named here is registered. */
static int is_op(const IrModule *m, uint32_t op, uint32_t opc) {
  return m->ops[op].opc == opc;
}

/* Check that region i's only block ends with the terminator the rule
 * wants. The block is not empty. */
static int check_term(const IrModule *m, uint32_t op, IrDiag *d,
                      const RegionRule *r, uint32_t i, uint32_t last) {
  const IrCtx *c = m->ctx;
  uint32_t ln = m->ops[last].name;  /* printed on the error paths only */
  switch (r->tm) {
  case TM_IMPLICIT:
    if (is_op(m, last, r->term)) return 0;
    op_err(m, op, d, "expects regions to end with '%s', found '%.*s'",
           ir_op_info(r->term)->name, (int)ir_str_len(c, ln), ir_str_ptr(c, ln));
    ir_diag(d, c, m->ops[op].loc, IR_SEV_NOTE,
            "in custom textual format, the absence of terminator implies "
            "'%s'",
            ir_op_info(r->term)->name);
    return -1;
  case TM_WHILE:
    if (i == 0 && !is_op(m, last, IR_OP_CONDITION)) {
      op_err(m, op, d,
             "expects the 'before' region to terminate with 'scf.condition'");
      ir_diag(d, c, m->ops[last].loc, IR_SEV_NOTE, "terminator here");
      return -1;
    }
    if (i == 1 && !is_op(m, last, IR_OP_YIELD)) {
      op_err(m, op, d,
             "expects the 'after' region to terminate with 'scf.yield'");
      ir_diag(d, c, m->ops[last].loc, IR_SEV_NOTE, "terminator here");
      return -1;
    }
    return 0;
  case TM_SWITCH:
    if (is_op(m, last, IR_OP_YIELD)) return 0;
    op_err(m, op, d, "expected region to end with scf.yield, but got %.*s",
           (int)ir_str_len(c, ln), ir_str_ptr(c, ln));
    return -1;
  case TM_PARALLEL:
    if (is_op(m, last, IR_OP_REDUCE)) return 0;
    op_err(m, op, d, "expects body to terminate with 'scf.reduce'");
    ir_diag(d, c, m->ops[last].loc, IR_SEV_NOTE, "terminator here");
    return -1;
  case TM_REDUCE:
    if (is_op(m, last, IR_OP_REDUCE_RETURN)) return 0;
    op_err(m, op, d,
           "reduction bodies must be terminated with an 'scf.reduce.return' "
           "op");
    return -1;
  }
  return 0;
}

int ir_has_region_rule(uint32_t opc) {
  return opc < IR_N_OPS && region_rules[opc].flags;
}

/* Does region i of op o have one block, ending with an op of opcode
 * `term`? */
static int ends_with(const IrModule *m, const IrOp *o, uint32_t i, uint32_t term) {
  const IrRegion *rg = &m->regions[o->regions + i];
  if (rg->n_blocks != 1) return 0;
  const IrBlock *b = &m->blocks[rg->blocks];
  return b->n_ops && m->ops[b->ops + b->n_ops - 1].opc == term;
}

/* The usual shapes, which pass every rule: each region one block ending
 * with the implicit terminator, or scf.while's two regions ending with
 * scf.condition and scf.yield. */
static int usual_shape(const IrModule *m, const IrOp *o, const RegionRule *r) {
  if (r->tm == TM_WHILE)
    return o->n_regions == 2 && ends_with(m, o, 0, IR_OP_CONDITION) &&
           ends_with(m, o, 1, IR_OP_YIELD);
  if (r->tm != TM_IMPLICIT) return 0;
  for (uint32_t i = 0; i < o->n_regions; i++)
    if (!ends_with(m, o, i, r->term)) return 0;
  return 1;
}

/* What check_shape checks: all of it, or what MLIR checks on entering
 * the op (the SingleBlock trait, ODS's region constraints, terminators
 * the op's verify checks) or on leaving it (terminators of the
 * SingleBlockImplicitTerminator trait and of verifyRegions). */
enum { SHAPE_ALL, SHAPE_ENTRY, SHAPE_EXIT };
static int check_shape(const IrModule *m, uint32_t op, IrDiag *d, const RegionRule *r,
                       int when);

/* The usual shapes are told apart first, in a function that needs few
 * registers: the full rule's prologue and epilogue were a third of its
 * 100 instructions a call (mixed corpus, m.irb: 6.9K calls). */
static inline int region_shape(const IrModule *m, uint32_t op, IrDiag *d, int when) {
  const IrOp *o = &m->ops[op];
  if (o->opc >= IR_N_OPS || !region_rules[o->opc].flags) return 0;
  const RegionRule *r = &region_rules[o->opc];
  return usual_shape(m, o, r) ? 0 : check_shape(m, op, d, r, when);
}

int ir_verify_region_shape(const IrModule *m, uint32_t op, IrDiag *d) {
  return region_shape(m, op, d, SHAPE_ALL);
}

int ir_verify_region_entry(const IrModule *m, uint32_t op, IrDiag *d) {
  return region_shape(m, op, d, SHAPE_ENTRY);
}

int ir_verify_region_exit(const IrModule *m, uint32_t op, IrDiag *d) {
  return region_shape(m, op, d, SHAPE_EXIT);
}

__attribute__((noinline)) static int check_shape(const IrModule *m, uint32_t op,
                                                 IrDiag *d, const RegionRule *r,
                                                 int when) {
  const IrOp *o = &m->ops[op];
  int late = r->tm == TM_IMPLICIT || r->tm == TM_REDUCE; /* terms on exit */
  if (when == SHAPE_EXIT) {
    if (!late) return 0;
    for (uint32_t i = 0; i < o->n_regions; i++) {
      const IrRegion *rg = &m->regions[o->regions + i];
      if (rg->n_blocks != 1 || !m->blocks[rg->blocks].n_ops) continue;
      const IrBlock *b = &m->blocks[rg->blocks];
      if (check_term(m, op, d, r, i, b->ops + b->n_ops - 1)) return -1;
    }
    return 0;
  }
  /* MLIR's order: the SingleBlock trait over every region (at most one
   * block, and a terminator's room unless the op has none), then ODS's
   * region constraints, then the terminators */
  if (r->flags & RS_SINGLE) {
    for (uint32_t i = 0; i < o->n_regions; i++) {
      const IrRegion *rg = &m->regions[o->regions + i];
      if (rg->n_blocks > 1) {
        op_err(m, op, d, "expects region #%u to have 0 or 1 blocks", i);
        return -1;
      }
      if (rg->n_blocks == 1 && r->tm != TM_NONE && !m->blocks[rg->blocks].n_ops) {
        op_err(m, op, d, "expects a non-empty block");
        return -1;
      }
    }
  }
  for (uint32_t i = 0; i < o->n_regions; i++) {
    const IrRegion *rg = &m->regions[o->regions + i];
    if (rg->n_blocks == 1 && r->tm == TM_IMPLICIT) {  /* the usual case */
      const IrBlock *b = &m->blocks[rg->blocks];
      if (b->n_ops && is_op(m, b->ops + b->n_ops - 1, r->term)) continue;
    }
    uint32_t bit = i < 32 ? r->sized >> i & 1 : (r->flags & RS_VARIADIC) != 0;
    if (bit && rg->n_blocks != 1) {
      char name[64];
      region_name(r->names, i, name, sizeof name);
      op_err(m, op, d,
             "region #%u ('%s') failed to verify constraint: region with 1 "
             "blocks",
             i, name);
      return -1;
    }
    if (rg->n_blocks != 1 || r->tm == TM_NONE || (when == SHAPE_ENTRY && late)) continue;
    const IrBlock *b = &m->blocks[rg->blocks];
    if (!b->n_ops) continue; /* the generic check reports empty blocks */
    if (check_term(m, op, d, r, i, b->ops + b->n_ops - 1)) return -1;
  }
  return 0;
}
