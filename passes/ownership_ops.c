/*
 * ownership_ops.c - what the ownership pass does at each op: MLIR's
 * precondition checks (ownership_kind.c) and the handlers of the
 * interfaces it relies on, applied in MLIR's order (memory effects, region
 * branch, call, branch, region-branch terminator: ownership_term.c), then
 * the default ownership of results no handler set. The few ops with a
 * BufferDeallocationOpInterface of their own (arith.select, cf.cond_br,
 * scf.forall.in_parallel, scf.reduce.return) bypass the checks and the
 * handlers. Blocks the walk does not reach are copied here too.
 *
 * Each input op becomes one output op, created once its final form is
 * known (ownership_form.c); the ops the handlers insert before it or at
 * the block begin are placed through own_before / own_session.
 */
#include "ownership.h"

/* ====================================================================== */
/* Memory effects                                                         */
/* ====================================================================== */

/* The part of MLIR's MemoryEffectOpInterface handler that runs before the
 * op exists: frees of memref operands. */
static int effects_free(Own *o, uint32_t blk, uint32_t op) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  own_session(o);
  if (!(own_traits(m, op) & IR_TR_FREE)) return 0;
  for (uint32_t k = 0; k < x->n_operands; k++) {
    uint32_t v = ir_operand(m, op, k);
    if (!own_memref_type(m, ir_vtype(m, v))) continue;
    if (!ir_op_attr(m, op, "bufferization.manual_deallocation"))
      return own_error(o, op, "memory free side-effect on MemRef value not "
                          "supported!");
    /* A buffer under manual deallocation may be freed by hand; check at
     * run time that the block does not own it. */
    Ownership w = own_get(o, own_val(o, v), blk);
    if (w.state == OWN_UNIQUE) {
      own_before(o);
      uint32_t t = em_bool(&o->em, 1);
      uint32_t inv = em_xori(&o->em, w.ind, t);
      em_assert(&o->em, inv, "expected that the block does not have ownership");
    }
  }
  return 0;
}

/* An allocation by an op outside the memref and bufferization dialects
 * (gpu.alloc): MLIR 22 owns it and frees it with memref.dealloc; we leave
 * it to its own dialect's deallocation, as MLIR's mixed-allocation mode
 * does. */
static int foreign_alloc(const IrModule *m, uint32_t op) {
  const char *n = ir_str_ptr(m->ctx, m->ops[op].name);
  return strncmp(n, "memref.", 7) && strncmp(n, "bufferization.", 14);
}

/* The rest: allocated memref results. */
static void effects_alloc(Own *o, uint32_t blk, uint32_t op, uint32_t nop) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  if (!(own_traits(m, op) & IR_TR_ALLOC)) return;
  int manual = ir_op_attr(m, op, "bufferization.manual_deallocation") != 0;
  for (uint32_t k = 0; k < x->n_results; k++) {
    if (!own_memref_type(m, ir_vtype(m, x->results + k))) continue;
    uint32_t r = irb_op_result(o->b, nop, k);
    /* The "at block begin" builder of the handler. */
    o->em.block = IR_NONE;
    o->em.sink = o->cur->head;
    if (x->opc == IR_OP_ALLOCA || manual || foreign_alloc(m, op)) {
      /* Automatic allocation scope, manual deallocation, or a buffer of
       * another dialect (a bufferization.dealloc lowers to memref.dealloc,
       * the wrong deallocator for it): not owned. */
      own_reset(o, r, blk);
      own_update(o, r, own_unique(em_bool(&o->em, 0)), blk);
      continue;
    }
    own_update(o, r, own_unique(em_bool(&o->em, 1)), blk);
    own_add_dealloc(o, r, blk);
  }
}

/* ====================================================================== */
/* Ops                                                                    */
/* ====================================================================== */

/* Ops with their own BufferDeallocationOpInterface. */
static int own_interface(Own *o, uint32_t blk, uint32_t op,
                         const uint32_t *regs) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  switch (x->opc) {
  case IR_OP_COND_BR:
    return own_cond_branch(o, blk, op);
  case IR_OP_IN_PARALLEL:
  case IR_OP_REDUCE_RETURN: {
    if (x->opc == IR_OP_IN_PARALLEL) {
      const IrRegion *rg = &m->regions[x->regions];
      if (rg->n_blocks && m->blocks[rg->blocks].n_ops)
        return own_error(o, op, "only supported when nested region is empty");
    } else if (x->n_operands &&
               own_memref_type(m, ir_vtype(m, ir_operand(m, op, 0)))) {
      return own_error(o, op, "only supported when operand is not a MemRef");
    }
    U32Vec *upd = own_tmp(o);
    int r = own_return_dealloc(o, blk, op, NULL, 0, upd);
    if (r < 0) return -1;
    Form f;
    own_form_init(o, op, &f);
    own_place(o, own_form_emit(o, op, &f, regs));
    own_form_free(&f);
    return 0;
  }
  default: {  /* arith.select: nothing to do; default ownership */
    Form f;
    own_form_init(o, op, &f);
    uint32_t nop = own_form_emit(o, op, &f, regs);
    own_populate(o, blk, op, nop);
    own_place(o, nop);
    own_form_free(&f);
    return 0;
  }
  }
}

/* Region-branch op: no ownership of the forwarded memrefs is passed in
 * (false operands), ownership of the memref results comes out as extra
 * i1 results. */
static int region_op(Own *o, uint32_t blk, uint32_t op, const uint32_t *regs) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  uint32_t first, n;
  own_region_branch(m, op, &first, &n);
  Form f;
  own_form_init(o, op, &f);
  own_session(o);
  o->em.loc = x->loc;
  uint32_t fv = em_bool(&o->em, 0);
  uint32_t extra = 0;
  for (uint32_t k = first; k < first + n; k++)
    if (own_memref_type(m, ir_vtype(m, ir_operand(m, op, k)))) extra++;
  for (uint32_t i = 0; i < extra; i++) u32_push(f.opd, fv);
  own_grow_last_segment(o, &f, extra);
  uint32_t nres = x->n_results;
  for (uint32_t k = 0; k < nres; k++)
    if (own_memref_type(m, ir_vtype(m, x->results + k)))
      u32_push(f.res, o->em.t_i1);
  uint32_t nop = own_form_emit(o, op, &f, regs);
  uint32_t counter = nres;
  for (uint32_t k = 0; k < nres; k++) {
    if (!own_memref_type(m, ir_vtype(m, x->results + k))) continue;
    uint32_t r = irb_op_result(o->b, nop, k);
    own_update(o, r, own_unique(irb_op_result(o->b, nop, counter++)), blk);
    own_add_dealloc(o, r, blk);
  }
  if (o->opts.stats) o->opts.stats->results += counter - nres;
  own_populate(o, blk, op, nop);
  own_place(o, nop);
  own_form_free(&f);
  return 0;
}

/* func.call: results are owned by the caller (ABI); a private callee
 * defined here passes ownership dynamically with extra i1 results. */
static int call_op(Own *o, uint32_t blk, uint32_t op, const uint32_t *regs) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  uint32_t callee = IR_NONE;
  uint32_t sym = ir_op_prop(m, op, "callee");
  if (sym && ir_attr(o->c, sym)->kind == IR_A_SYMREF &&
      ir_attr(o->c, sym)->n == 0)
    callee = own_lookup_func(o, op, ir_attr(o->c, sym)->str);
  int priv = callee != IR_NONE && own_func_is_private(o, callee) &&
             own_func_has_body(o, callee);
  Form f;
  own_form_init(o, op, &f);
  uint32_t nres = x->n_results;
  if (o->opts.private_function_dynamic_ownership && priv) {
    for (uint32_t k = 0; k < nres; k++)
      if (own_memref_type(m, ir_vtype(m, x->results + k)))
        u32_push(f.res, o->em.t_i1);
    uint32_t nop = own_form_emit(o, op, &f, regs);
    uint32_t counter = nres;
    for (uint32_t k = 0; k < nres; k++) {
      if (!own_memref_type(m, ir_vtype(m, x->results + k))) continue;
      uint32_t r = irb_op_result(o->b, nop, k);
      own_update(o, r, own_unique(irb_op_result(o->b, nop, counter++)), blk);
      own_add_dealloc(o, r, blk);
    }
    if (o->opts.stats) o->opts.stats->results += counter - nres;
    own_populate(o, blk, op, nop);
    own_place(o, nop);
  } else {
    own_before(o);
    o->em.loc = x->loc;
    uint32_t t = em_bool(&o->em, 1);
    uint32_t nop = own_form_emit(o, op, &f, regs);
    for (uint32_t k = 0; k < nres; k++) {
      if (!own_memref_type(m, ir_vtype(m, x->results + k))) continue;
      uint32_t r = irb_op_result(o->b, nop, k);
      own_update(o, r, own_unique(t), blk);
      own_add_dealloc(o, r, blk);
    }
    own_populate(o, blk, op, nop);
    own_place(o, nop);
  }
  own_form_free(&f);
  return 0;
}

/* Most ops of a function are plain: no regions, successors or memref
 * results, known effects that neither allocate nor free, and none of the
 * interfaces the handlers serve. For those the checks pass and the
 * handlers do nothing (populateRemainingOwnerships looks at memref
 * results only), so the op is copied as it is. (Mixed bench: about half
 * of the pass's instructions went to running all of that per op.) */
static int plain_op(const IrModule *m, uint32_t op) {
  const IrOp *x = &m->ops[op];
  if (x->n_regions || x->n_succs || x->opc == IR_OP_UNKNOWN ||
      x->opc == IR_OP_SELECT || x->opc == IR_OP_BDEALLOC ||
      x->opc == IR_OP_CONDITION || x->opc == IR_OP_REDUCE ||
      x->opc == IR_OP_IN_PARALLEL || x->opc == IR_OP_REDUCE_RETURN)
    return 0;
  uint32_t tr = own_traits(m, op);
  if (tr & (IR_TR_ALLOC | IR_TR_FREE | IR_TR_TERMINATOR | IR_TR_CALL |
            IR_TR_BRANCH | IR_TR_RETURN_LIKE | IR_TR_NO_TERMINATOR))
    return 0;
  if (!own_has_effects(m, op)) return 0;
  for (uint32_t k = 0; k < x->n_results; k++)
    if (own_memref_type(m, ir_vtype(m, x->results + k))) return 0;
  return 1;
}

int own_op(Own *o, uint32_t blk, uint32_t op) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  if (plain_op(m, op)) {
    /* own_place's effect, in place: after what was inserted before it */
    o->em.loc = x->loc;
    o->em.block = IR_NONE;
    o->em.sink = o->cur->body;
    u32_push(o->cur->body, irb_clone_op(o->b, IR_NONE, o->map, op));
    return 0;
  }
  uint32_t mark = own_mark(o);
  uint32_t small[4], *regs = x->n_regions <= 4 ? small
                             : ir_xmalloc(x->n_regions * sizeof *regs);
  int r = 0;
  /* MLIR walks blocks in post order: the nested regions are done before
   * the block holding the op. */
  if (x->n_regions && own_regions(o, op, regs) < 0) {
    r = -1;
    goto out;
  }
  o->em.loc = x->loc;
  uint32_t opc = x->opc, tr = own_traits(m, op), first, n;
  if (opc == IR_OP_SELECT || opc == IR_OP_COND_BR || opc == IR_OP_IN_PARALLEL ||
      opc == IR_OP_REDUCE_RETURN) {
    r = own_interface(o, blk, op, regs);
    goto out;
  }
  if (own_preconditions(o, op) < 0) {
    r = -1;
    goto out;
  }
  int eff = own_has_effects(m, op);
  if (eff && effects_free(o, blk, op) < 0) {
    r = -1;
    goto out;
  }
  if (own_region_branch(m, op, &first, &n)) {
    r = region_op(o, blk, op, regs);
  } else if (tr & IR_TR_CALL) {
    r = call_op(o, blk, op, regs);
  } else if (tr & IR_TR_BRANCH) {
    r = own_branch(o, blk, op, regs);
  } else if (own_region_terminator(m, op, &first, &n)) {
    r = own_terminator(o, blk, op, regs);
  } else {
    Form f;
    own_form_init(o, op, &f);
    uint32_t nop = own_form_emit(o, op, &f, regs);
    if (eff) effects_alloc(o, blk, op, nop);
    own_populate(o, blk, op, nop);
    own_place(o, nop);
    own_form_free(&f);
  }
out:
  if (regs != small) free(regs);
  own_release(o, mark);
  return r;
}

/* An op of a block the walk did not reach (MLIR leaves such blocks
 * alone), copied so that the output still verifies: a branch to a
 * processed block passes `false` for each ownership argument that block
 * gained, a call of a function that now returns ownerships gets those
 * results, a return of such a function returns `false` ownerships, and a
 * terminator of a region the pass processed (in_processed: the block is
 * one of that region's, not of an unreached op's nested region) forwards a
 * `false` ownership after its memref operands, as the parent op now
 * expects one for each (scf.execute_region with a dead block ending in
 * scf.yield; mlir-opt-22 leaves that yield short: invalid IR). */
int own_unreached_op(Own *o, uint32_t out, uint32_t op, int in_processed) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  uint32_t mark = own_mark(o), fv = IR_NONE, first, n;
  Form f;
  own_form_init(o, op, &f);
  U32Vec *vals = own_tmp(o);
  o->em.block = out;
  o->em.loc = x->loc;
  int rewrite = 0;
  for (uint32_t s = 0; s < x->n_succs; s++) {
    uint32_t t = m->succs[x->succs + s].block;
    if (t < o->lv.blk0 || t - o->lv.blk0 >= o->lv.n_blk ||
        !o->reached[t - o->lv.blk0])
      continue;
    const IrBlock *tb = &m->blocks[t];
    vals->n = 0;
    for (uint32_t a = 0; a < tb->n_args; a++) {
      if (!own_memref_type(m, m->values[tb->args + a].type)) continue;
      if (fv == IR_NONE) fv = em_bool(&o->em, 0);
      u32_push(vals, fv);
    }
    own_add_succ_operands(o, op, &f, s, vals->v, vals->n);
    rewrite |= vals->n != 0;
  }
  if (own_traits(m, op) & IR_TR_CALL) {
    uint32_t sym = ir_op_prop(m, op, "callee"), callee = IR_NONE;
    if (sym && ir_attr(o->c, sym)->kind == IR_A_SYMREF &&
        ir_attr(o->c, sym)->n == 0)
      callee = own_lookup_func(o, op, ir_attr(o->c, sym)->str);
    if (o->opts.private_function_dynamic_ownership && callee != IR_NONE &&
        own_func_is_private(o, callee) && own_func_has_body(o, callee))
      for (uint32_t k = 0; k < x->n_results; k++)
        if (own_memref_type(m, ir_vtype(m, x->results + k))) {
          u32_push(f.res, o->em.t_i1);
          rewrite = 1;
        }
  }
  uint32_t parent = m->regions[m->blocks[x->block].region].op;
  if (in_processed && (parent != o->func || o->func_dynamic) &&
      own_region_terminator(m, op, &first, &n)) {
    uint32_t added = 0;
    for (uint32_t k = first; k < first + n; k++)
      if (own_memref_type(m, ir_vtype(m, ir_operand(m, op, k)))) {
        if (fv == IR_NONE) fv = em_bool(&o->em, 0);
        u32_push(f.opd, fv);
        added++;
      }
    if (added) {
      own_grow_last_segment(o, &f, added);
      rewrite = 1;
    }
  }
  int r = 0;
  if (!rewrite && !x->n_regions) {
    if (irb_clone_op(o->b, out, o->map, op) == IR_NONE) r = -1;
  } else {
    /* Regions: their ops get the same treatment. */
    uint32_t small[4], *regs = x->n_regions <= 4 ? small
                               : ir_xmalloc(x->n_regions * sizeof *regs);
    for (uint32_t k = 0; k < x->n_regions && !r; k++) {
      regs[k] = irb_region(o->b);
      const IrRegion *rg = &m->regions[x->regions + k];
      irb_clone_blocks(o->b, regs[k], o->map, x->regions + k);
      for (uint32_t b = rg->blocks; b < rg->blocks + rg->n_blocks && !r; b++) {
        const IrBlock *bk = &m->blocks[b];
        uint32_t ob = ir_map_block(o->map, b);
        for (uint32_t i = bk->ops; i < bk->ops + bk->n_ops && !r; i++)
          r = own_unreached_op(o, ob, i, 0);
      }
    }
    if (!r) irb_block_append_op(o->b, out, own_form_emit(o, op, &f, regs));
    if (regs != small) free(regs);
  }
  o->em.block = IR_NONE;
  own_form_free(&f);
  own_release(o, mark);
  return r;
}
