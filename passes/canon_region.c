/*
 * canon_region.c - the region simplifier the greedy driver runs after each
 * iteration (MLIR's simplifyRegions at the "normal" level): erase blocks
 * no entry reaches, then a liveness-based dead code elimination that also
 * drops dead block arguments (and the branch operands feeding them).
 *
 * Liveness is optimistic (everything dead until proved live), so dead
 * cycles through block arguments go too. It is a fixed point over the
 * whole module; each round is linear, and rounds are few because blocks
 * are visited in post order and ops backwards (uses before definitions).
 */
#include <stdlib.h>

#include "canon.h"

/* ====================================================================== */
/* Unreachable blocks                                                     */
/* ====================================================================== */

static int erase_unreachable(Canon *c) {
  Rw *rw = c->rw;
  int erased = 0;
  uint32_t *stk = NULL, n = 0, cap = 0;
  uint8_t *reach = ir_xcalloc(rw->n_blocks + 1, 1);
  IR_VPUSH(stk, n, cap, c->scope);
  while (n) {
    uint32_t r = stk[--n];
    uint32_t first = rw->regions[r].first;
    if (first == RW_NONE) continue;
    if (rw->blocks[first].next == RW_NONE) {
      for (uint32_t o = rw->blocks[first].first; o != RW_NONE; o = rw->ops[o].next)
        for (uint32_t k = 0; k < rw->ops[o].n_reg; k++)
          IR_VPUSH(stk, n, cap, rw_region_of(rw, o, k));
      continue;
    }
    uint32_t *po = NULL;
    uint32_t np = rw_region_postorder(rw, r, &po);
    for (uint32_t i = 0; i < np; i++) reach[po[i]] = 1;
    for (uint32_t b = first; b != RW_NONE;) {
      uint32_t next = rw->blocks[b].next;
      if (!reach[b]) {
        rw_erase_block(rw, b);
        erased = 1;
      } else {
        for (uint32_t o = rw->blocks[b].first; o != RW_NONE; o = rw->ops[o].next)
          for (uint32_t k = 0; k < rw->ops[o].n_reg; k++)
            IR_VPUSH(stk, n, cap, rw_region_of(rw, o, k));
      }
      b = next;
    }
    for (uint32_t i = 0; i < np; i++) reach[po[i]] = 0;
    free(po);
  }
  free(stk);
  free(reach);
  return erased;
}

/* ====================================================================== */
/* Dead code                                                              */
/* ====================================================================== */

typedef struct Live {
  Rw *rw;
  uint8_t *op;       /* per op: proved live */
  uint8_t *arg;      /* per value (block arguments): proved live */
  uint8_t *opaque;   /* per block: has a predecessor we cannot edit */
  int changed;
} Live;

static int is_terminator(const Rw *rw, uint32_t op) {
  return rw->ops[op].opc != IR_OP_UNKNOWN && (rw_traits(rw, op) & IR_TR_TERMINATOR);
}

static int is_branch(const Rw *rw, uint32_t op) {
  return rw->ops[op].opc != IR_OP_UNKNOWN && (rw_traits(rw, op) & IR_TR_BRANCH);
}

static void set_op_live(Live *l, uint32_t op) {
  if (!l->op[op]) {
    l->op[op] = 1;
    l->changed = 1;
  }
}

static void set_arg_live(Live *l, uint32_t v) {
  if (!l->arg[v]) {
    l->arg[v] = 1;
    l->changed = 1;
  }
}

/* The block argument operand k of a branch op feeds, or RW_NONE. */
static uint32_t succ_arg_of_operand(const Rw *rw, uint32_t op, uint32_t k) {
  const RwOp *o = &rw->ops[op];
  for (uint32_t s = 0; s < o->n_succ; s++) {
    const RwSucc *sc = &rw->succs[o->succ + s];
    if (k >= sc->first && k < sc->first + sc->count && sc->block != RW_NONE)
      return rw_arg(rw, sc->block, k - sc->first);
  }
  return RW_NONE;
}

static void process_value(Live *l, uint32_t v) {
  Rw *rw = l->rw;
  for (uint32_t u = rw->vals[v].first_use; u != RW_NONE; u = rw->uses[u].next) {
    uint32_t user = rw->uses[u].op;
    if (is_terminator(rw, user) && is_branch(rw, user)) {
      uint32_t arg = succ_arg_of_operand(rw, user, u - rw->ops[user].opd);
      if (arg != RW_NONE) {
        if (!l->arg[arg]) continue;  /* feeds a dead argument */
        if (l->op[user]) goto live;
        continue;
      }
    }
    if (l->op[user]) goto live;
  }
  return;
live:
  if (rw->vals[v].kind == RW_RESULT) set_op_live(l, rw->vals[v].def);
  else set_arg_live(l, v);
}

static void propagate_region(Live *l, uint32_t r);

static void propagate_op(Live *l, uint32_t op) {
  Rw *rw = l->rw;
  for (uint32_t k = 0; k < rw->ops[op].n_reg; k++)
    propagate_region(l, rw_region_of(rw, op, k));
  if (is_terminator(rw, op)) {
    set_op_live(l, op);
    if (!is_branch(rw, op)) {
      const RwOp *o = &rw->ops[op];
      for (uint32_t s = 0; s < o->n_succ; s++) {
        uint32_t b = rw->succs[o->succ + s].block;
        if (b == RW_NONE) continue;
        for (uint32_t a = 0; a < rw->blocks[b].n_args; a++) set_arg_live(l, rw_arg(rw, b, a));
      }
    }
    return;
  }
  if (l->op[op]) return;
  if (!canon_would_be_dead(rw, op)) {
    set_op_live(l, op);
    return;
  }
  for (uint32_t k = 0; k < rw->ops[op].n_res; k++) process_value(l, rw_result(rw, op, k));
}

static void propagate_region(Live *l, uint32_t r) {
  Rw *rw = l->rw;
  if (rw->regions[r].first == RW_NONE) return;
  uint32_t *po = NULL;
  uint32_t np = rw_region_postorder(rw, r, &po);
  for (uint32_t i = 0; i < np; i++) {
    uint32_t b = po[i];
    for (uint32_t o = rw->blocks[b].last; o != RW_NONE; o = rw->ops[o].prev)
      propagate_op(l, o);
    if (rw_is_entry(rw, b)) continue;
    for (uint32_t a = 0; a < rw->blocks[b].n_args; a++) {
      uint32_t v = rw_arg(rw, b, a);
      if (l->opaque[b]) set_arg_live(l, v);
      else if (!l->arg[v]) process_value(l, v);
    }
  }
  free(po);
}

static void erase_succ_operands(Live *l, uint32_t term) {
  Rw *rw = l->rw;
  if (!is_branch(rw, term)) return;
  for (uint32_t s = rw->ops[term].n_succ; s-- > 0;) {
    const RwSucc *sc = &rw->succs[rw->ops[term].succ + s];
    uint32_t b = sc->block;
    if (b == RW_NONE) continue;
    int any = 0;
    for (uint32_t a = 0; a < sc->count; a++)
      if (!l->arg[rw_arg(rw, b, a)]) any = 1;
    if (!any) continue;
    uint32_t *keep = ir_xmalloc((sc->count + 1) * sizeof *keep);
    uint32_t w = 0;
    for (uint32_t a = 0; a < sc->count; a++)
      if (l->arg[rw_arg(rw, b, a)]) keep[w++] = rw_operand(rw, term, sc->first + a);
    /* a direct edit, no notification (MLIR mutates the operand range) */
    RwListener *saved = rw->listener;
    rw->listener = NULL;
    rw_set_succ_operands(rw, term, s, keep, w);
    rw->listener = saved;
    free(keep);
  }
}

static int delete_dead(Live *l, uint32_t r) {
  Rw *rw = l->rw;
  int erased = 0;
  uint32_t first = rw->regions[r].first;
  if (first == RW_NONE) return 0;
  int single = rw->blocks[first].next == RW_NONE;
  uint32_t *po = NULL;
  uint32_t np = rw_region_postorder(rw, r, &po);
  for (uint32_t i = 0; i < np; i++) {
    uint32_t b = po[i];
    if (!single) {
      uint32_t t = rw->blocks[b].last;
      if (t != RW_NONE) erase_succ_operands(l, t);
    }
    for (uint32_t o = rw->blocks[b].last; o != RW_NONE;) {
      uint32_t prev = rw->ops[o].prev;
      if (!l->op[o]) {
        erased = 1;
        rw_erase_op(rw, o);
      } else {
        for (uint32_t k = 0; k < rw->ops[o].n_reg; k++)
          erased |= delete_dead(l, rw_region_of(rw, o, k));
      }
      o = prev;
    }
  }
  free(po);
  for (uint32_t b = rw->blocks[rw->regions[r].first].next; b != RW_NONE; b = rw->blocks[b].next) {
    uint32_t na = rw->blocks[b].n_args;
    if (!na) continue;
    uint8_t *dead = ir_xcalloc(na, 1);
    int any = 0;
    for (uint32_t a = 0; a < na; a++)
      if (!l->arg[rw_arg(rw, b, a)]) dead[a] = 1, any = 1;
    if (any) rw_erase_args(rw, b, dead);
    free(dead);
  }
  return erased;
}

static int region_dce(Canon *c) {
  Rw *rw = c->rw;
  Live l;
  l.rw = rw;
  l.op = ir_xcalloc(rw->n_ops + 1, 1);
  l.arg = ir_xcalloc(rw->n_vals + 1, 1);
  l.opaque = ir_xcalloc(rw->n_blocks + 1, 1);
  /* blocks reached from terminators we cannot edit keep their arguments */
  for (uint32_t s = 0; s < rw->n_succs; s++) {
    const RwSucc *sc = &rw->succs[s];
    if (sc->block != RW_NONE && rw_alive(rw, sc->op) && !is_branch(rw, sc->op))
      l.opaque[sc->block] = 1;
  }
  do {
    l.changed = 0;
    propagate_region(&l, c->scope);
  } while (l.changed);
  int erased = delete_dead(&l, c->scope);
  free(l.op);
  free(l.arg);
  free(l.opaque);
  return erased;
}

int canon_simplify_regions(Canon *c) {
  int a = erase_unreachable(c);
  int b = region_dce(c);
  return a || b;
}
