/*
 * lower_fold.c - the folds that MLIR's dialect conversion applies on the way
 * while it lowers the deallocs. Its target declares only the memref, arith,
 * scf and func dialects legal, and the driver tries to fold every other op
 * it meets before it looks for a pattern. mlir-opt's
 * -bufferization-lower-deallocations output therefore has these folded, and
 * so has ours, for the folds an input of the deallocation pipeline meets:
 *
 *   bufferization.to_buffer (to_tensor %m)  -> %m  (same memref type)
 *   bufferization.to_tensor (to_buffer %t)  -> %t  (the to_buffer right
 *                                                  before it, same type)
 *   %c = memref.cast %m (ranked), op(%c)    -> op(%m) for clone, linalg
 *                                              named ops, affine.load
 *   builtin.unrealized_conversion_cast      -> its operands (same types),
 *                                              or the operands of the cast
 *                                              it undoes
 *
 * Constant folding (math, affine.apply, tensor ops) is not done here: the
 * canonicalizer that follows in the dd-lower stage does it.
 */
#include <stdlib.h>

#include "irint.h"
#include "lower.h"

/* The op defining value v in the input, or IR_NONE for a block argument. */
static uint32_t def_op(const IrModule *m, uint32_t v) {
  return m->values[v].kind == IR_VAL_RESULT ? m->values[v].def : IR_NONE;
}

/* memref::foldMemRefCast: operands that are memref.cast results of a
 * ranked memref take the cast's source. 1 and the operands in *opd (a
 * buffer of the op's operand count) if any did. */
static int fold_casts(const IrModule *m, IrBuilder *b, IrMap *map,
                      uint32_t op, uint32_t *opd) {
  const IrOp *o = &m->ops[op];
  int any = 0;
  for (uint32_t i = 0; i < o->n_operands; i++) {
    uint32_t v = m->operands[o->operands + i];
    uint32_t d = def_op(m, v);
    uint32_t src = d != IR_NONE ? ir_operand(m, d, 0) : 0;
    if (d != IR_NONE && m->ops[d].opc == IR_OP_MEMREF_CAST &&
        ir_type(m->ctx, ir_vtype(m, src))->kind == IR_T_MEMREF) {
      v = src;
      any = 1;
    }
    opd[i] = ir_map_val(b, map, v);
  }
  return any;
}

/* The unrealized cast fold; 1 if it applies (results mapped). */
static int fold_unrealized(const IrModule *m, IrBuilder *b, IrMap *map,
                           uint32_t op) {
  const IrOp *o = &m->ops[op];
  if (o->n_operands != o->n_results) return 0;
  int same = 1;
  for (uint32_t i = 0; i < o->n_operands && same; i++)
    same = ir_vtype(m, ir_operand(m, op, i)) == ir_vtype(m, o->results + i);
  const uint32_t *src = &m->operands[o->operands];
  if (!same) {
    /* cast(cast(x)) -> x: every result of the inner cast feeds this one,
     * in order, and its operand types are our result types. */
    if (!o->n_operands) return 0;
    uint32_t in = def_op(m, src[0]);
    if (in == IR_NONE || m->ops[in].opc != IR_OP_UNREALIZED_CAST ||
        m->ops[in].n_results != o->n_operands ||
        m->ops[in].n_operands != o->n_results)
      return 0;
    for (uint32_t i = 0; i < o->n_operands; i++)
      if (src[i] != m->ops[in].results + i ||
          ir_vtype(m, ir_operand(m, in, i)) != ir_vtype(m, o->results + i))
        return 0;
    src = &m->operands[m->ops[in].operands];
  }
  for (uint32_t i = 0; i < o->n_results; i++)
    ir_map_set_val(b, map, o->results + i, ir_map_val(b, map, src[i]));
  return 1;
}

int lw_fold(const IrModule *m, IrBuilder *b, uint32_t blk, IrMap *map,
            uint32_t op) {
  const IrOp *o = &m->ops[op];
  uint32_t res = o->n_results ? o->results : IR_NONE;
  switch (o->opc) {
  case IR_OP_TO_BUFFER: {
    uint32_t d = def_op(m, ir_operand(m, op, 0));
    if (d == IR_NONE || m->ops[d].opc != IR_OP_TO_TENSOR) return 0;
    uint32_t mr = ir_operand(m, d, 0);
    if (ir_vtype(m, mr) != ir_vtype(m, res)) return 0;
    ir_map_set_val(b, map, res, ir_map_val(b, map, mr));
    return 1;
  }
  case IR_OP_TO_TENSOR: {
    /* Only right after the to_buffer: nothing in between may have
     * written the buffer. */
    uint32_t d = def_op(m, ir_operand(m, op, 0));
    if (d == IR_NONE || d + 1 != op || m->ops[d].opc != IR_OP_TO_BUFFER ||
        m->ops[d].block != o->block)
      return 0;
    uint32_t t = ir_operand(m, d, 0);
    if (ir_vtype(m, t) != ir_vtype(m, res)) return 0;
    ir_map_set_val(b, map, res, ir_map_val(b, map, t));
    return 1;
  }
  case IR_OP_UNREALIZED_CAST:
    return fold_unrealized(m, b, map, op);
  default:
    break;
  }
  if (!lw_casts_fold_into(o->opc)) return 0;
  uint32_t small[16];
  uint32_t *opd = o->n_operands <= 16 ? small
                                      : ir_xmalloc(o->n_operands * sizeof *opd);
  int r = 0;
  if (fold_casts(m, b, map, op, opd)) {
    IrCloneOver over = {0};
    over.operands = opd;
    over.n_operands = o->n_operands;
    r = irb_clone_op_with(b, blk, map, op, &over) == IR_NONE ? -1 : 1;
  }
  if (opd != small) free(opd);
  return r;
}
