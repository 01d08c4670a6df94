/*
 * ownership_kind.c - what MLIR knows of an op, as the ownership pass asks
 * it: its memory effects, whether it is a region-branch op or terminator
 * (and which operands it forwards), and the preconditions MLIR checks
 * before it handles an op.
 */
#include "ownership.h"

/* ====================================================================== */
/* What MLIR knows of an op                                               */
/* ====================================================================== */

/* Test ops the newer upstream tests use as plain buffer users or
 * condition sources; mlir-opt-22 does not know their effects, the newer
 * test dialect does (they neither allocate nor free). */
static int known_test_op(const IrModule *m, uint32_t op) {
  const char *n = ir_str_ptr(m->ctx, m->ops[op].name);
  return !strcmp(n, "test.memref_user") || !strcmp(n, "test.make_condition");
}

/* Implements MemoryEffectOpInterface (MLIR 22's registrations). */
int own_has_effects(const IrModule *m, uint32_t op) {
  uint32_t opc = m->ops[op].opc;
  if (opc == IR_OP_UNKNOWN) return known_test_op(m, op);
  if (opc == IR_OP_TEST_SIDE_EFFECT) return 1;
  return (own_traits(m, op) & (IR_TR_PURE | IR_TR_READ | IR_TR_WRITE |
                           IR_TR_ALLOC | IR_TR_FREE)) != 0;
}

/* HasRecursiveMemoryEffects. */
int own_recursive(const IrModule *m, uint32_t op) {
  uint32_t opc = m->ops[op].opc;
  return (own_traits(m, op) & IR_TR_RECURSIVE_EFFECTS) || opc == IR_OP_REDUCE ||
         opc == IR_OP_TEST_REGION_IF;
}

/* RegionBranchOpInterface, and the operands forwarded to the entry of its
 * first successor region (*first, *n). */
int own_region_branch(const IrModule *m, uint32_t op, uint32_t *first,
                      uint32_t *n) {
  const IrOp *x = &m->ops[op];
  *first = 0;
  *n = 0;
  switch (x->opc) {
  case IR_OP_FOR:
    if (x->n_operands >= 3) {
      *first = 3;
      *n = x->n_operands - 3;
    }
    return 1;
  case IR_OP_WHILE:
  case IR_OP_TEST_REGION_IF:
  case IR_OP_TEST_ISOLATED_ONE_REGION_RECURSIVE:
    *n = x->n_operands;
    return 1;
  case IR_OP_AFFINE_FOR: {
    /* lower bound operands, upper bound operands, iter_args */
    uint32_t seg = ir_op_prop(m, op, "operandSegmentSizes");
    const IrAttr *a = seg ? ir_attr(m->ctx, seg) : NULL;
    if (a && a->kind == IR_A_DENSE_ARRAY && a->n == 3) {
      const int64_t *v = ir_attr_i64(m->ctx, seg);
      if (v[0] >= 0 && v[1] >= 0 && v[2] >= 0 &&
          (uint64_t)v[0] + v[1] + v[2] == x->n_operands) {
        *first = (uint32_t)(v[0] + v[1]);
        *n = (uint32_t)v[2];
      }
    }
    return 1;
  }
  case IR_OP_IF:
  case IR_OP_EXECUTE_REGION:
  case IR_OP_INDEX_SWITCH:
  case IR_OP_PARALLEL:
  case IR_OP_FORALL:
  case IR_OP_AFFINE_IF:
  case IR_OP_ASSUMING:
    return 1;
  default:
    return 0;
  }
}

/* RegionBranchTerminatorOpInterface, and its operands forwarded to the
 * parent (*first, *n). */
int own_region_terminator(const IrModule *m, uint32_t op, uint32_t *first,
                          uint32_t *n) {
  const IrOp *x = &m->ops[op];
  *first = 0;
  *n = 0;
  if (x->opc == IR_OP_CONDITION) {
    if (x->n_operands) {
      *first = 1;
      *n = x->n_operands - 1;
    }
    return 1;
  }
  if (x->opc == IR_OP_REDUCE) return 1;  /* forwards nothing to the parent */
  if (own_traits(m, op) & IR_TR_RETURN_LIKE) {
    *n = x->n_operands;
    return 1;
  }
  return 0;
}

/* Memref operands or results, or memref entry block arguments. */
static int buffer_semantics(const IrModule *m, uint32_t op) {
  const IrOp *x = &m->ops[op];
  for (uint32_t k = 0; k < x->n_operands; k++)
    if (own_memref_type(m, ir_vtype(m, ir_operand(m, op, k)))) return 1;
  for (uint32_t k = 0; k < x->n_results; k++)
    if (own_memref_type(m, ir_vtype(m, x->results + k))) return 1;
  for (uint32_t r = x->regions; r < x->regions + x->n_regions; r++) {
    const IrRegion *rg = &m->regions[r];
    if (!rg->n_blocks) continue;
    const IrBlock *bk = &m->blocks[rg->blocks];
    for (uint32_t a = 0; a < bk->n_args; a++)
      if (own_memref_type(m, ir_vtype(m, bk->args + a))) return 1;
  }
  return 0;
}

int own_error(Own *o, uint32_t op, const char *msg) {
  ir_diag(o->d, o->c, o->m->ops[op].loc, IR_SEV_ERROR, "%s", msg);
  return -1;
}

/* verifyOperationPreconditions (MLIR 22, without the rejection of
 * unstructured loops, which this pass supports). */
int own_preconditions(Own *o, uint32_t op) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  uint32_t tr = own_traits(m, op), f, n;
  int eff = own_has_effects(m, op);
  if (x->opc == IR_OP_BDEALLOC)
    return own_error(o, op, "No deallocation operations must be present when "
                        "running this pass!");
  if (!eff && !own_recursive(m, op) && !(tr & IR_TR_CALL))
    return own_error(o, op, "ops with unknown memory side effects are not "
                        "supported");
  /* MLIR's hasNeitherAllocateNorFreeSideEffect, which (despite its name)
   * is true for ops that do allocate or free, and for recursive ops. */
  int neither = eff ? (tr & (IR_TR_ALLOC | IR_TR_FREE)) != 0
                    : own_recursive(m, op);
  if (!buffer_semantics(m, op) && neither) return 0;
  if (((x->n_regions == 1 && x->n_results) || x->n_regions > 1) &&
      !own_region_branch(m, op, &f, &n))
    return own_error(o, op, "All operations with attached regions need to "
                        "implement the RegionBranchOpInterface.");
  if ((tr & IR_TR_NO_TERMINATOR) && !(tr & IR_TR_TERMINATOR))
    return own_error(o, op, "NoTerminator trait is not supported");
  if (tr & IR_TR_TERMINATOR) {
    int br = (tr & IR_TR_BRANCH) != 0;
    int rt = own_region_terminator(m, op, &f, &n);
    if (br == rt)
      return own_error(o, op, "Terminators must implement either "
                          "BranchOpInterface or "
                          "RegionBranchTerminatorOpInterface (but not both)!");
    if (x->n_succs > 1)
      return own_error(o, op, "Terminators with more than one successor are "
                              "not supported!");
  }
  return 0;
}
