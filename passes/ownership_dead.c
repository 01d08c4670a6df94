/*
 * ownership_dead.c - memrefs a cf.cond_br edge may stop tracking because
 * the branch condition says they are never read again on that edge.
 *
 * Liveness does not know branch conditions. In
 *
 *   ^b:  %v = scf.if %c { scf.yield %y } else { %a = alloc; scf.yield %a }
 *        cf.cond_br %c, ^t, ^f
 *   ...  (later, after ^t and ^f merge)
 *        scf.if %c { use %v } ...
 *
 * %v is live into ^f, but every read of it after ^b sits in a region that
 * runs only when %c is true, and %c is false on the edge to ^f: there %v
 * is dead and may be freed at the end of ^b. On the edge to ^t %v is %y
 * (own_edge_drop leaves it out there already). Then %v needs no tracking
 * after ^b at all, which is what mlir-opt-22 ends up doing (by losing the
 * replaced scf.if result from its liveness; here it is proven).
 *
 * "Stop tracking" (Own.gone) means: after ^b, %v is in no dealloc list and
 * no retained list. Both matter on the dead side: %v points to freed
 * memory there, and a dangling pointer in a later dealloc can equal a new
 * allocation (malloc reuses addresses) and stop it from being freed. So a
 * value is dropped only when all of this holds (side s is where it dies,
 * t the other one):
 *
 *   - it is defined in ^b, so every block after ^b that sees it is
 *     dominated by ^b (and comes after it in the walk's preorder), and ^b
 *     runs again only by redefining it; %c then keeps its value along
 *     every path from the edge to a read of this %v (a path that reran
 *     %c's definition would pass ^b again);
 *   - the branch does not forward it and no other value dropped on side s
 *     takes its ownership there;
 *   - every use outside ^b is inside the region of an scf.if on %c that
 *     side s never runs, and the regions between that use and ^b's region
 *     have one block each (so no block of a nested region has it live-out
 *     and retains it);
 *   - on side t it is either not live at all, or the same memref as a
 *     function argument (never owned by the function), or the same memref
 *     as a value y retained there that is live wherever it is after ^b
 *     (y in live-in and live-out of every block of the region where it
 *     is): y's entries then keep the buffer alive and free it, and its own
 *     ownership on side t is false (an scf.if yielding a captured y yields
 *     it unowned), so nothing is lost by not listing it.
 */
#include "ownership.h"

/* Uses of the tracked memrefs of the current function (CSR over liveness
 * bits), built on the first query of a function. */
static void build_uses(Own *o) {
  const IrModule *m = o->m;
  const IrLiveness *lv = &o->lv;
  uint32_t nb = lv->n_bits;
  o->use_at.n = 0;
  for (uint32_t i = 0; i <= nb; i++) u32_push(&o->use_at, 0);
  for (int pass = 0; pass < 2; pass++) {
    if (pass) {
      for (uint32_t i = 0; i < nb; i++) o->use_at.v[i + 1] += o->use_at.v[i];
      o->uses.n = 0;
      for (uint32_t i = 0; i < o->use_at.v[nb]; i++) u32_push(&o->uses, 0);
    }
    for (uint32_t b = lv->blk0; b < lv->blk0 + lv->n_blk; b++) {
      const IrBlock *bk = &m->blocks[b];
      for (uint32_t op = bk->ops; op < bk->ops + bk->n_ops; op++)
        for (uint32_t k = 0; k < m->ops[op].n_operands; k++) {
          uint32_t bit = ir_liveness_bit(lv, ir_operand(m, op, k));
          if (bit == IR_NONE) continue;
          if (!pass)
            o->use_at.v[bit + 1]++;
          else
            o->uses.v[o->use_at.v[bit]++] = op;
        }
    }
  }
  /* The second pass advanced each start to the next one's: shift back. */
  for (uint32_t i = nb; i > 0; i--) o->use_at.v[i] = o->use_at.v[i - 1];
  o->use_at.v[0] = 0;
  o->uses_built = 1;
}

/* Is every use of v (defined in blk, region rb) outside blk inside the
 * region that side s of a branch on cond never runs (an scf.if on cond:
 * its else region for s = 0, its then region for s = 1), through
 * single-block regions only? The branch op itself must not use v. */
static int dead_on_side(Own *o, uint32_t blk, uint32_t br, uint32_t cond,
                        uint32_t s, uint32_t v) {
  const IrModule *m = o->m;
  uint32_t bit = ir_liveness_bit(&o->lv, v), rb = m->blocks[blk].region;
  if (bit == IR_NONE) return 0;
  if (!o->uses_built) build_uses(o);
  for (uint32_t u = o->use_at.v[bit]; u < o->use_at.v[bit + 1]; u++) {
    uint32_t op = o->uses.v[u];
    if (op == br) return 0;
    uint32_t at = m->ops[op].block;
    int guarded = 0, single = 1;
    while (m->blocks[at].region != rb) {
      uint32_t rg = m->blocks[at].region, p = m->regions[rg].op;
      if (m->regions[rg].n_blocks != 1) single = 0;
      const IrOp *x = &m->ops[p];
      if (x->opc == IR_OP_IF && x->n_regions == 2 && x->n_operands &&
          ir_operand(m, p, 0) == cond && rg == x->regions + (1 - s))
        guarded = 1;
      at = x->block;
      ir_assert(at != IR_NONE);
    }
    if (at == blk) continue;  /* runs before the branch */
    if (!guarded || !single) return 0;
  }
  return 1;
}

/* Is y live wherever v (defined in blk) is, in the blocks after blk? The
 * walk goes from blk over the successors v is live into; those are all
 * the blocks of the region where v is live but blk. */
static int covers(Own *o, uint32_t blk, uint32_t v, uint32_t y) {
  const IrModule *m = o->m;
  const IrLiveness *lv = &o->lv;
  uint32_t mark = own_mark(o);
  U32Vec *work = own_tmp(o);
  int ok = 1;
  u64map_clear(&o->seen);
  u32_push(work, blk);
  *u64map_put(&o->seen, blk) = 1;
  while (work->n && ok) {
    uint32_t b = work->v[--work->n];
    if (b != blk && (!ir_live_in(lv, b, y) ||
                     (ir_live_out(lv, b, v) && !ir_live_out(lv, b, y)))) {
      ok = 0;
      break;
    }
    const IrBlock *bk = &m->blocks[b];
    if (!bk->n_ops) continue;
    const IrOp *t = &m->ops[bk->ops + bk->n_ops - 1];
    for (uint32_t k = t->succs; k < t->succs + t->n_succs; k++) {
      uint32_t sb = m->succs[k].block;
      if (!ir_live_in(lv, sb, v)) continue;
      uint64_t *p = u64map_put(&o->seen, sb);
      if (*p) continue;
      *p = 1;
      u32_push(work, sb);
    }
  }
  own_release(o, mark);
  return ok;
}

/* Side t's verdict on builder value vb: 1 retained or forwarded there (it
 * must stay tracked), 0 otherwise, with y and ref set when it was dropped
 * there as the same memref as y (ref IR_NONE for a function argument). */
static int kept_on(const U32Vec *ret, const U32Vec *drop, uint32_t vb,
                   uint32_t *y, uint32_t *ref) {
  for (uint32_t i = 0; i < ret->n; i++)
    if (ret->v[i] == vb) return 1;
  *y = IR_NONE;
  for (uint32_t i = 0; i < drop->n; i += 3)
    if (drop->v[i] == vb) {
      *ref = drop->v[i + 1];
      *y = drop->v[i + 2];
    }
  return 0;
}

void own_edge_dead(Own *o, uint32_t blk, uint32_t op, U32Vec *ret[2],
                   const uint32_t nf[2], U32Vec *live[2], U32Vec *drop[2]) {
  const IrModule *m = o->m;
  uint32_t cond = ir_operand(m, op, 0);
  for (uint32_t s = 0; s < 2; s++) {
    uint32_t t = 1 - s, w = nf[s], removed = 0, mark = own_mark(o);
    /* ret[s] past nf[s] is live[s] less what own_edge_drop took out, in
     * order: pair them up while compacting. */
    U32Vec *newpos = own_tmp(o);
    for (uint32_t k = 0; k < ret[s]->n; k++) u32_push(newpos, k);
    for (uint32_t i = 0, k = nf[s]; i < live[s]->n && k < ret[s]->n; i++) {
      uint32_t v = live[s]->v[i], vb = own_val(o, v);
      if (vb != ret[s]->v[k]) continue;  /* dropped by own_edge_drop */
      uint32_t here = k++;
      int drop_it = 0;
      if (own_def_block(m, v) == blk) {
        int pinned = 0;
        for (uint32_t j = 0; j < drop[s]->n; j += 3)
          if (drop[s]->v[j + 1] == here) pinned = 1;
        uint32_t y = IR_NONE, ref = IR_NONE;
        /* dead_on_side first: it fails at the first unguarded use, while
         * kept_on scans the other side's list (a block of many values
         * live across the branch would make that quadratic) */
        if (!pinned && dead_on_side(o, blk, op, cond, s, v) &&
            !kept_on(ret[t], drop[t], vb, &y, &ref))
          drop_it = y == IR_NONE || ref == IR_NONE || covers(o, blk, v, y);
      }
      if (drop_it) {
        *u64map_put(&o->gone, v) = 1;
        newpos->v[here] = IR_NONE;
        removed++;
      }
    }
    if (!removed) {
      own_release(o, mark);
      continue;
    }
    for (uint32_t k = nf[s]; k < ret[s]->n; k++) {
      if (newpos->v[k] == IR_NONE) continue;
      newpos->v[k] = w;
      ret[s]->v[w++] = ret[s]->v[k];
    }
    ret[s]->n = w;
    for (uint32_t j = 1; j < drop[s]->n; j += 3)
      if (drop[s]->v[j] != IR_NONE) drop[s]->v[j] = newpos->v[drop[s]->v[j]];
    own_release(o, mark);
  }
}

int own_gone(Own *o, uint32_t v) { return u64map_get(&o->gone, v) != NULL; }
