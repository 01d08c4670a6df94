/*
 * canon_region.c - the region simplifier the greedy driver runs after each
 * iteration (MLIR's simplifyRegions at the "normal" level): erase blocks
 * no entry reaches, then a liveness-based dead code elimination that also
 * drops dead block arguments (and the branch operands feeding them).
 *
 * Liveness is optimistic (everything dead until proved live), so dead
 * cycles through block arguments go too. It is the least fixed point over
 * the whole module, reached by one walk that seeds it and a worklist that
 * looks at each use once (linear). Dead ops are then erased in MLIR's
 * order: blocks in post order, ops backwards.
 */
#include <stdlib.h>
#include <string.h>

#include "canon.h"

/* ====================================================================== */
/* Unreachable blocks                                                     */
/* ====================================================================== */

/* A byte map of n zero entries, in a buffer the run keeps; `clear`: its
 * last user may have left entries set. */
static uint8_t *kept_map(uint8_t **buf, uint32_t *cap, uint32_t n, int clear) {
  if (n > *cap) {
    /* nothing in it is kept: a fresh zeroed buffer, with room for the
     * ops a run adds (growing by realloc copied it each time) */
    free(*buf);
    *cap = n + n / 4;
    *buf = ir_xcalloc(*cap, 1);
    return *buf;
  }
  if (clear) memset(*buf, 0, n);
  return *buf;
}

/* The stack and the reached-block map live in the Canon across calls (the
 * map is all zero again at the end), like region_dce's maps below. */
static int erase_unreachable(Canon *c) {
  Rw *rw = c->rw;
  int erased = 0;
  uint32_t *stk = c->reach_stk, n = 0, cap = c->cap_reach_stk;
  uint8_t *reach = kept_map(&c->reach, &c->cap_reach, rw->n_blocks + 1, 0);
  IR_VPUSH(stk, n, cap, c->scope);
  while (n) {
    uint32_t r = stk[--n];
    uint32_t first = rw->regions[r].first;
    if (first == RW_NONE) continue;
    if (rw->blocks[first].next == RW_NONE) {
      for (uint32_t o = rw->blocks[first].first; o != RW_NONE; o = rw->ops[o].next)
        if (!canon_unit_skip(c, o))
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
        canon_unit_touch(c, rw->regions[r].op);
        rw_erase_block(rw, b);
        erased = 1;
      } else {
        for (uint32_t o = rw->blocks[b].first; o != RW_NONE; o = rw->ops[o].next)
          if (!canon_unit_skip(c, o))
            for (uint32_t k = 0; k < rw->ops[o].n_reg; k++)
              IR_VPUSH(stk, n, cap, rw_region_of(rw, o, k));
      }
      b = next;
    }
    for (uint32_t i = 0; i < np; i++) reach[po[i]] = 0;
    free(po);
  }
  c->reach_stk = stk, c->cap_reach_stk = cap;
  return erased;
}

/* ====================================================================== */
/* Dead code                                                              */
/* ====================================================================== */

typedef struct Live {
  Rw *rw;
  Canon *c;
  uint8_t *op;       /* per op: proved live */
  uint8_t *arg;      /* per value (block arguments): proved live */
  uint8_t *opaque;   /* per block: has a predecessor we cannot edit */
  uint32_t *wl; uint32_t n_wl, cap_wl;  /* newly live ops, and args | WL_ARG */
  /* what might be dead: ops not live when visited, and the arguments of
   * non-entry blocks (if all end live, there is nothing to delete) */
  uint32_t *cand; uint32_t n_cand, cap_cand;
  uint32_t *cand_arg; uint32_t n_cand_arg, cap_cand_arg;
} Live;

#define WL_ARG 0x80000000u

static int is_terminator(const Rw *rw, uint32_t op) {
  return rw->ops[op].opc != IR_OP_UNKNOWN && (rw_traits(rw, op) & IR_TR_TERMINATOR);
}

static int is_branch(const Rw *rw, uint32_t op) {
  return rw->ops[op].opc != IR_OP_UNKNOWN && (rw_traits(rw, op) & IR_TR_BRANCH);
}

/* Inline, with rw_is_entry (mixed corpus: dd-own 402.7M -> 400.3M,
 * dd-simplify 124.3M -> 123.5M, dd-lower 158.2M -> 157.3M). */
static inline void set_op_live(Live *l, uint32_t op) {
  if (!l->op[op]) {
    l->op[op] = 1;
    IR_VPUSH(l->wl, l->n_wl, l->cap_wl, op);
  }
}

static void set_arg_live(Live *l, uint32_t v) {
  if (!l->arg[v]) {
    l->arg[v] = 1;
    IR_VPUSH(l->wl, l->n_wl, l->cap_wl, v | WL_ARG);
  }
}

/* A value used by a live op (other than as an argument a branch forwards
 * to a successor). Arguments of entry blocks have no forwarding edges and
 * are never erased: they are not tracked. */
static inline void set_value_live(Live *l, uint32_t v) {
  Rw *rw = l->rw;
  if (rw->vals[v].kind == RW_RESULT) set_op_live(l, rw->vals[v].def);
  else if (!rw_is_entry(rw, rw->vals[v].def)) set_arg_live(l, v);
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

static int visit_region(Live *l, uint32_t r);

/* Seeds the liveness of op and everything nested: terminators and ops
 * that would not be trivially dead are live, and so are the arguments of
 * blocks reached from terminators we cannot edit. Returns whether op and
 * what it contains have only the effects wouldOpBeTriviallyDead allows,
 * computed bottom-up (asking canon_would_be_dead at every op would walk
 * each region once per enclosing op). */
static int visit_op(Live *l, uint32_t op) {
  Rw *rw = l->rw;
  int nested_ok = 1;
  if (rw->ops[op].n_reg) {
    if (canon_unit_skip(l->c, op)) nested_ok = 0;  /* a function: kept anyway */
    else
      for (uint32_t k = 0; k < rw->ops[op].n_reg; k++)
        nested_ok &= visit_region(l, rw_region_of(rw, op, k));
  }
  uint32_t opc = rw->ops[op].opc;
  uint32_t tr = rw_traits(rw, op);
  int rec = opc != IR_OP_UNKNOWN && (tr & IR_TR_RECURSIVE_EFFECTS) != 0;
  int own;
  if (opc < IR_N_OPS && opc != IR_OP_TEST_SIDE_EFFECT) {
    /* what the opcode decides, looked up (set_inert): mixed corpus
     * dd-own 405.0M -> 403.3M, dd-simplify 125.3M -> 124.6M, dd-lower
     * 160.9M -> 160.0M */
    own = l->c->own_fx_ok[opc];
  } else {
    uint32_t fx = canon_op_effects(rw, op);
    own = fx ? (fx & IR_TR_PURE) || !(fx & (IR_TR_FREE | IR_TR_WRITE)) : rec;
  }
  int ok = own && (!rec || nested_ok);
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
  } else if (opc == IR_OP_UNKNOWN || (tr & IR_TR_SYMBOL) || !ok) {
    set_op_live(l, op);   /* !canon_would_be_dead */
  } else {
    IR_VPUSH(l->cand, l->n_cand, l->cap_cand, op);
  }
  return ok;
}

/* Every block left is reachable (erase_unreachable ran first). */
static int visit_region(Live *l, uint32_t r) {
  Rw *rw = l->rw;
  int ok = 1;
  for (uint32_t b = rw->regions[r].first; b != RW_NONE; b = rw->blocks[b].next) {
    for (uint32_t o = rw->blocks[b].first; o != RW_NONE; o = rw->ops[o].next)
      ok &= visit_op(l, o);
    if (rw_is_entry(rw, b)) continue;
    for (uint32_t a = 0; a < rw->blocks[b].n_args; a++) {
      uint32_t v = rw_arg(rw, b, a);
      if (l->opaque[b]) set_arg_live(l, v);
      IR_VPUSH(l->cand_arg, l->n_cand_arg, l->cap_cand_arg, v);
    }
  }
  return ok;
}

/* Liveness is the least fixed point of: an op is live if seeded or if a
 * live op uses one of its results; a block argument is live if its block
 * is opaque or a live op uses it; the operand a branch forwards to a live
 * argument is used. MLIR's propagateLiveness reaches it by whole-region
 * sweeps until nothing changes (at least two); a worklist reaches the
 * same (least) fixed point touching each use once. */
static void propagate(Live *l) {
  Rw *rw = l->rw;
  while (l->n_wl) {
    uint32_t x = l->wl[--l->n_wl];
    if (x & WL_ARG) {
      /* the operands forwarded to it by live branches */
      uint32_t v = x & ~WL_ARG, b = rw->vals[v].def, num = rw->vals[v].num;
      for (uint32_t sp = rw->blocks[b].first_pred; sp != RW_NONE; sp = rw->succs[sp].next) {
        const RwSucc *sc = &rw->succs[sp];
        uint32_t t = sc->op;
        if (!l->op[t] || !is_terminator(rw, t) || !is_branch(rw, t) || num >= sc->count)
          continue;
        uint32_t w = rw_operand(rw, t, sc->first + num);
        if (w != RW_NONE && succ_arg_of_operand(rw, t, sc->first + num) == v)
          set_value_live(l, w);
      }
      continue;
    }
    uint32_t op = x;
    int br = is_terminator(rw, op) && is_branch(rw, op);
    for (uint32_t k = 0; k < rw->ops[op].n_opd; k++) {
      uint32_t v = rw_operand(rw, op, k);
      if (v == RW_NONE) continue;
      if (br) {
        uint32_t arg = succ_arg_of_operand(rw, op, k);
        if (arg != RW_NONE) {
          if (l->arg[arg]) set_value_live(l, v);
          continue;
        }
      }
      set_value_live(l, v);
    }
  }
}

/* Can liveness leave anything dead? Not when there is no block argument
 * to track (no forwarded operands, so "live" is only "used by a live op")
 * and every candidate is used and sits in a dominance region: users of a
 * dead op are dead, so a non-empty dead set of used ops would need a
 * cycle of uses, which dominance forbids (every block left is reachable).
 * Graph regions (the module body, unregistered ops) are left to
 * propagate. This is the common case after the first iteration, and it
 * answers without propagating (mixed corpus: propagate was a fifth of the
 * simplifier). */
static int may_be_dead(const Live *l) {
  const Rw *rw = l->rw;
  if (l->n_cand_arg) return 1;
  for (uint32_t i = 0; i < l->n_cand; i++) {
    uint32_t op = l->cand[i];
    if (rw_op_unused(rw, op)) return 1;
    uint32_t p = rw->regions[rw_op_region(rw, op)].op;
    if (rw->ops[p].opc == IR_OP_UNKNOWN || (rw_traits(rw, p) & IR_TR_GRAPH_REGION))
      return 1;
  }
  return 0;
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
    canon_unit_touch(l->c, term);
    l->c->changed = 1;
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
  uint32_t one = first;
  uint32_t *po = &one;
  uint32_t np = single ? 1 : rw_region_postorder(rw, r, &po);
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
        canon_unit_touch(l->c, o);
        rw_erase_op(rw, o);
      } else if (!canon_unit_skip(l->c, o)) {
        for (uint32_t k = 0; k < rw->ops[o].n_reg; k++)
          erased |= delete_dead(l, rw_region_of(rw, o, k));
      }
      o = prev;
    }
  }
  if (!single) free(po);
  for (uint32_t b = rw->blocks[rw->regions[r].first].next; b != RW_NONE; b = rw->blocks[b].next) {
    uint32_t na = rw->blocks[b].n_args;
    if (!na) continue;
    uint8_t *dead = ir_xcalloc(na, 1);
    int any = 0;
    for (uint32_t a = 0; a < na; a++)
      if (!l->arg[rw_arg(rw, b, a)]) dead[a] = 1, any = 1;
    if (any) {
      canon_unit_touch(l->c, rw->regions[r].op);
      l->c->changed = 1;
      rw_erase_args(rw, b, dead);
    }
    free(dead);
  }
  return erased;
}

static int region_dce(Canon *c) {
  Rw *rw = c->rw;
  Live l;
  l.rw = rw;
  l.c = c;
  /* the maps kept by the Canon and cleared here (a calloc and free each
   * per call before) */
  l.op = kept_map(&c->dce_op, &c->cap_dce_op, rw->n_ops + 1, 1);
  l.arg = kept_map(&c->dce_arg, &c->cap_dce_arg, rw->n_vals + 1, 1);
  l.opaque = kept_map(&c->dce_opaque, &c->cap_dce_opaque, rw->n_blocks + 1, 1);
  /* blocks reached from terminators we cannot edit keep their arguments */
  for (uint32_t s = 0; s < rw->n_succs; s++) {
    const RwSucc *sc = &rw->succs[s];
    if (sc->block != RW_NONE && rw_alive(rw, sc->op) && !is_branch(rw, sc->op))
      l.opaque[sc->block] = 1;
  }
  /* the lists' buffers serve every call of the run (grown from nothing
   * at each before: mixed corpus dd-own 403.3M -> 402.7M, dd-simplify
   * 124.6M -> 124.3M, dd-lower 160.0M -> 159.8M) */
  l.wl = c->dce_wl, l.cap_wl = c->cap_dce_wl;
  l.cand = c->dce_cand, l.cap_cand = c->cap_dce_cand;
  l.cand_arg = c->dce_cand_arg, l.cap_cand_arg = c->cap_dce_cand_arg;
  l.n_wl = l.n_cand = l.n_cand_arg = 0;
  /* every op goes on one of the two at most once: sized for all of them
   * up front (grown from 8 by doubling, ~2,200 reallocs a dd-own run) */
  ir_vgrow((void **)&l.wl, &l.cap_wl, rw->n_ops + 1, sizeof *l.wl);
  ir_vgrow((void **)&l.cand, &l.cap_cand, rw->n_ops + 1, sizeof *l.cand);
  visit_region(&l, c->scope);
  int all_live = !may_be_dead(&l);
  if (!all_live) {
    propagate(&l);
    all_live = 1;
    for (uint32_t i = 0; i < l.n_cand && all_live; i++) all_live = l.op[l.cand[i]];
    for (uint32_t i = 0; i < l.n_cand_arg && all_live; i++) all_live = l.arg[l.cand_arg[i]];
  }
  c->dce_wl = l.wl, c->cap_dce_wl = l.cap_wl;
  c->dce_cand = l.cand, c->cap_dce_cand = l.cap_cand;
  c->dce_cand_arg = l.cand_arg, c->cap_dce_cand_arg = l.cap_cand_arg;
  /* nothing dead (the common case after the first iteration): the walk
   * that deletes would find nothing */
  return all_live ? 0 : delete_dead(&l, c->scope);
}

/* ====================================================================== */
/* Aggressive level: identical blocks, redundant arguments                */
/* ====================================================================== */

/* Are ops a and b (in blocks ba and bb) equal up to operands defined
 * outside their blocks? Mismatched outside operands are appended to
 * `mis` as (op index, operand index) pairs. */
typedef struct Pair {
  uint32_t op_index, operand;
} Pair;

/* Order index of value v inside block b (arguments first, then results in
 * op order); precomputed in ord[]. */
static int ops_equivalent(Rw *rw, uint32_t a, uint32_t b, uint32_t ba, uint32_t bb,
                          const uint32_t *ord, uint32_t op_index, Pair **mis,
                          uint32_t *nmis, uint32_t *capmis) {
  const RwOp *x = &rw->ops[a], *y = &rw->ops[b];
  if (x->name != y->name || x->n_reg != y->n_reg || x->n_succ != y->n_succ ||
      x->n_opd != y->n_opd || x->n_res != y->n_res || x->props != y->props ||
      x->attrs != y->attrs)
    return 0;
  for (uint32_t k = 0; k < x->n_res; k++)
    if (rw->vals[x->res + k].type != rw->vals[y->res + k].type) return 0;
  for (uint32_t s = 0; s < x->n_succ; s++) {
    const RwSucc *p = &rw->succs[x->succ + s], *q = &rw->succs[y->succ + s];
    if (p->block != q->block || p->first != q->first || p->count != q->count) return 0;
  }
  for (uint32_t k = 0; k < x->n_opd; k++) {
    uint32_t l = rw_operand(rw, a, k), r = rw_operand(rw, b, k);
    if (l == r) continue;
    if (l == RW_NONE || r == RW_NONE || rw->vals[l].type != rw->vals[r].type) return 0;
    int lin = rw_value_block(rw, l) == ba, rin = rw_value_block(rw, r) == bb;
    if (lin != rin) return 0;
    if (!lin) {
      /* a result of a predecessor's terminator cannot be passed along */
      for (int side = 0; side < 2; side++) {
        uint32_t v = side ? r : l, blk = side ? bb : ba;
        uint32_t d = rw_def(rw, v);
        if (d == RW_NONE) continue;
        uint32_t vb = rw->ops[d].block;
        if (rw->blocks[vb].last != d) continue;
        for (uint32_t sp = rw->blocks[blk].first_pred; sp != RW_NONE; sp = rw->succs[sp].next)
          if (rw->ops[rw->succs[sp].op].block == vb) return 0;
      }
      if (*nmis == *capmis) ir_vgrow((void **)mis, capmis, *nmis + 1, sizeof **mis);
      (*mis)[*nmis].op_index = op_index;
      (*mis)[(*nmis)++].operand = k;
      continue;
    }
    if (ord[l] != ord[r]) return 0;
  }
  if (rw_used_outside_block(rw, a, ba) || rw_used_outside_block(rw, b, bb)) return 0;
  return 1;
}

static void number_block(Rw *rw, uint32_t b, uint32_t *ord) {
  uint32_t k = 0;
  for (uint32_t a = 0; a < rw->blocks[b].n_args; a++) ord[rw_arg(rw, b, a)] = k++;
  for (uint32_t o = rw->blocks[b].first; o != RW_NONE; o = rw->ops[o].next)
    for (uint32_t r = 0; r < rw->ops[o].n_res; r++) ord[rw_result(rw, o, r)] = k++;
}

static int has_region_ops(Rw *rw, uint32_t b) {
  for (uint32_t o = rw->blocks[b].first; o != RW_NONE; o = rw->ops[o].next)
    for (uint32_t k = 0; k < rw->ops[o].n_reg; k++)
      if (rw->regions[rw_region_of(rw, o, k)].first != RW_NONE) return 1;
  return 0;
}

/* The successor list of b's terminator equals that of c's. */
static int same_successors(Rw *rw, uint32_t b, uint32_t c) {
  uint32_t tb = rw->blocks[b].last, tc = rw->blocks[c].last;
  uint32_t nb = tb == RW_NONE ? 0 : rw->ops[tb].n_succ, nc = tc == RW_NONE ? 0 : rw->ops[tc].n_succ;
  if (nb != nc) return 0;
  for (uint32_t s = 0; s < nb; s++)
    if (rw->succs[rw->ops[tb].succ + s].block != rw->succs[rw->ops[tc].succ + s].block) return 0;
  return 1;
}

static int preds_editable(Rw *rw, uint32_t b) {
  for (uint32_t sp = rw->blocks[b].first_pred; sp != RW_NONE; sp = rw->succs[sp].next) {
    uint32_t t = rw->succs[sp].op;
    if (rw->ops[t].opc == IR_OP_UNKNOWN || !(rw_traits(rw, t) & IR_TR_BRANCH)) return 0;
  }
  return 1;
}

/* Append vals to the operands every predecessor edge passes to b. */
static void append_to_preds(Rw *rw, uint32_t b, const uint32_t *vals, uint32_t n) {
  if (!n) return;
  for (uint32_t sp = rw->blocks[b].first_pred; sp != RW_NONE;) {
    uint32_t next = rw->succs[sp].next;
    uint32_t t = rw->succs[sp].op, si = sp - rw->ops[t].succ;
    const RwSucc *sc = &rw->succs[sp];
    uint32_t old = sc->count;
    uint32_t *v = ir_xmalloc((old + n + 1) * sizeof *v);
    for (uint32_t i = 0; i < old; i++) v[i] = rw_operand(rw, t, sc->first + i);
    memcpy(v + old, vals, n * sizeof *v);
    rw_set_succ_operands(rw, t, si, v, old + n);
    free(v);
    sp = next;
  }
}

/* Try to merge block m into leader l (both known equivalent). */
static int merge_cluster(Rw *rw, uint32_t l, const uint32_t *ms, uint32_t nm,
                         const Pair *mis, uint32_t nmis) {
  if (nmis) {
    if (!preds_editable(rw, l)) return 0;
    for (uint32_t i = 0; i < nm; i++)
      if (!preds_editable(rw, ms[i])) return 0;
  }
  /* per member (leader first): the outside values at the mismatched
   * operands */
  uint32_t nb = nm + 1;
  uint32_t *vals = ir_xmalloc((nb * nmis + 1) * sizeof *vals);
  uint32_t *blocks = ir_xmalloc((nb + 1) * sizeof *blocks);
  blocks[0] = l;
  memcpy(blocks + 1, ms, nm * sizeof *blocks);
  for (uint32_t bi = 0; bi < nb; bi++) {
    uint32_t o = rw->blocks[blocks[bi]].first, idx = 0;
    for (uint32_t j = 0; j < nmis; j++) {
      while (idx < mis[j].op_index) {
        o = rw->ops[o].next;
        idx++;
      }
      vals[bi * nmis + j] = rw_operand(rw, o, mis[j].operand);
    }
  }
  /* the leader's operands become new arguments */
  uint32_t n_old = rw->blocks[l].n_args;
  {
    uint32_t o = rw->blocks[l].first, idx = 0;
    for (uint32_t j = 0; j < nmis; j++) {
      while (idx < mis[j].op_index) {
        o = rw->ops[o].next;
        idx++;
      }
      uint32_t v = vals[j];
      uint32_t arg = rw_block_add_arg(rw, l, rw->vals[v].type,
                                      rw->vals[v].kind == RW_ARG ? rw->vals[v].loc : rw->ops[rw->vals[v].def].loc);
      rw_set_operand(rw, o, mis[j].operand, arg);
    }
  }
  /* pruneRedundantArguments: a new argument equal (in every member) to an
   * earlier one is replaced by it */
  uint8_t *gone = ir_xcalloc(nmis + 1, 1);
  for (uint32_t j = 0; j < nmis; j++) {
    uint32_t first = j;
    for (uint32_t k = 0; k < j; k++)
      if (vals[k] == vals[j]) {
        first = k;
        break;
      }
    if (first == j) continue;
    int all = 1;
    for (uint32_t bi = 1; bi < nb && all; bi++) all = vals[bi * nmis + first] == vals[bi * nmis + j];
    if (!all) continue;
    gone[j] = 1;
    rw_replace_all_uses(rw, rw_arg(rw, l, n_old + j), rw_arg(rw, l, n_old + first));
  }
  uint8_t *dead = ir_xcalloc(rw->blocks[l].n_args + 1, 1);
  for (uint32_t j = 0; j < nmis; j++) dead[n_old + j] = gone[j];
  rw_erase_args(rw, l, dead);
  free(dead);
  for (uint32_t bi = 0; bi < nb; bi++) {
    uint32_t *pv = ir_xmalloc((nmis + 1) * sizeof *pv), np = 0;
    for (uint32_t j = 0; j < nmis; j++)
      if (!gone[j]) pv[np++] = vals[bi * nmis + j];
    append_to_preds(rw, blocks[bi], pv, np);
    free(pv);
  }
  /* branches to the members now go to the leader; the members go */
  for (uint32_t i = 0; i < nm; i++) {
    uint32_t m = ms[i];
    while (rw->blocks[m].first_pred != RW_NONE) {
      uint32_t sp = rw->blocks[m].first_pred;
      uint32_t t = rw->succs[sp].op;
      rw_set_succ_block(rw, t, sp - rw->ops[t].succ, l);
    }
    rw_erase_block(rw, m);
  }
  free(gone);
  free(vals);
  free(blocks);
  return 1;
}

static int merge_identical_blocks_in(Canon *c, uint32_t r, uint32_t *ord) {
  Rw *rw = c->rw;
  uint32_t entry = rw->regions[r].first;
  if (entry == RW_NONE || rw->blocks[entry].next == RW_NONE) return 0;
  int merged = 0;
  uint32_t nb = 0;
  for (uint32_t b = rw->blocks[entry].next; b != RW_NONE; b = rw->blocks[b].next) nb++;
  uint32_t *blk = ir_xmalloc((nb + 1) * sizeof *blk), *done = ir_xcalloc(nb + 1, sizeof *done);
  uint32_t k = 0;
  for (uint32_t b = rw->blocks[entry].next; b != RW_NONE; b = rw->blocks[b].next) blk[k++] = b;
  Pair *mis = NULL, *tmis = NULL;
  uint32_t nmis = 0, capmis = 0, ntmis = 0, captmis = 0;
  for (uint32_t i = 0; i < nb; i++) {
    if (done[i] || has_region_ops(rw, blk[i])) continue;
    uint32_t leader = blk[i];
    uint32_t *members = ir_xmalloc((nb + 1) * sizeof *members), nm = 0;
    nmis = 0;
    for (uint32_t j = i + 1; j < nb; j++) {
      uint32_t m = blk[j];
      if (done[j] || !same_successors(rw, leader, m) || has_region_ops(rw, m)) continue;
      if (rw->blocks[leader].n_args != rw->blocks[m].n_args) continue;
      int ok = 1;
      for (uint32_t a = 0; a < rw->blocks[m].n_args && ok; a++)
        ok = rw->vals[rw_arg(rw, leader, a)].type == rw->vals[rw_arg(rw, m, a)].type;
      if (!ok) continue;
      number_block(rw, leader, ord);
      number_block(rw, m, ord);
      ntmis = 0;
      uint32_t x = rw->blocks[leader].first, y = rw->blocks[m].first, idx = 0;
      for (; ok && x != RW_NONE && y != RW_NONE; x = rw->ops[x].next, y = rw->ops[y].next, idx++)
        ok = ops_equivalent(rw, x, y, leader, m, ord, idx, &tmis, &ntmis, &captmis);
      if (!ok || x != RW_NONE || y != RW_NONE) continue;
      /* union of mismatched operand positions, kept sorted and unique */
      for (uint32_t t = 0; t < ntmis; t++) {
        int dup = 0;
        for (uint32_t q = 0; q < nmis && !dup; q++)
          dup = mis[q].op_index == tmis[t].op_index && mis[q].operand == tmis[t].operand;
        if (dup) continue;
        if (nmis == capmis) ir_vgrow((void **)&mis, &capmis, nmis + 1, sizeof *mis);
        uint32_t q = nmis++;
        while (q > 0 && (mis[q - 1].op_index > tmis[t].op_index ||
                         (mis[q - 1].op_index == tmis[t].op_index && mis[q - 1].operand > tmis[t].operand))) {
          mis[q] = mis[q - 1];
          q--;
        }
        mis[q] = tmis[t];
      }
      members[nm++] = m;
      done[j] = 1;
    }
    if (nm && merge_cluster(rw, leader, members, nm, mis, nmis)) merged = 1;
    free(members);
    if (merged) break;  /* the region changed: start over on it */
  }
  free(mis);
  free(tmis);
  free(blk);
  free(done);
  return merged;
}

static int merge_identical_blocks(Canon *c) {
  Rw *rw = c->rw;
  uint32_t *ord = ir_xmalloc((rw->n_vals + 1) * sizeof *ord);
  uint32_t *stk = NULL, n = 0, cap = 0;
  int any = 0;
  IR_VPUSH(stk, n, cap, c->scope);
  while (n) {
    uint32_t r = stk[--n];
    if (merge_identical_blocks_in(c, r, ord)) {
      any = 1;
      IR_VPUSH(stk, n, cap, r);
      ord = ir_xrealloc(ord, (rw->n_vals + 1) * sizeof *ord);
      continue;
    }
    for (uint32_t b = rw->regions[r].first; b != RW_NONE; b = rw->blocks[b].next)
      for (uint32_t o = rw->blocks[b].first; o != RW_NONE; o = rw->ops[o].next)
        for (uint32_t k = 0; k < rw->ops[o].n_reg; k++) IR_VPUSH(stk, n, cap, rw_region_of(rw, o, k));
  }
  free(stk);
  free(ord);
  return any;
}

/* An argument every predecessor passes the same value to is that value. */
static int drop_redundant_args_block(Canon *c, uint32_t b) {
  Rw *rw = c->rw;
  uint32_t na = rw->blocks[b].n_args;
  uint8_t *erase = ir_xcalloc(na + 1, 1);
  int any = 0;
  for (uint32_t a = 0; a < na; a++) {
    uint32_t common = RW_NONE;
    int same = 1;
    for (uint32_t sp = rw->blocks[b].first_pred; sp != RW_NONE; sp = rw->succs[sp].next) {
      uint32_t t = rw->succs[sp].op;
      if (rw->ops[t].opc == IR_OP_UNKNOWN || !(rw_traits(rw, t) & IR_TR_BRANCH)) {
        same = 0;
        break;
      }
      uint32_t v = rw_operand(rw, t, rw->succs[sp].first + a);
      if (common == RW_NONE) {
        common = v;
        continue;
      }
      if (v != common) {
        same = 0;
        break;
      }
    }
    if (common != RW_NONE && same) {
      erase[a] = 1;
      any = 1;
      rw_replace_all_uses(rw, rw_arg(rw, b, a), common);
    }
  }
  if (any) {
    for (uint32_t sp = rw->blocks[b].first_pred; sp != RW_NONE;) {
      uint32_t next = rw->succs[sp].next;
      uint32_t t = rw->succs[sp].op, si = sp - rw->ops[t].succ;
      const RwSucc *sc = &rw->succs[sp];
      uint32_t *v = ir_xmalloc((sc->count + 1) * sizeof *v), w = 0;
      for (uint32_t i = 0; i < sc->count; i++)
        if (!erase[i]) v[w++] = rw_operand(rw, t, sc->first + i);
      rw_set_succ_operands(rw, t, si, v, w);
      free(v);
      sp = next;
    }
    rw_erase_args(rw, b, erase);
  }
  free(erase);
  return any;
}

static int drop_redundant_args(Canon *c) {
  Rw *rw = c->rw;
  uint32_t *stk = NULL, n = 0, cap = 0;
  int any = 0;
  IR_VPUSH(stk, n, cap, c->scope);
  while (n) {
    uint32_t r = stk[--n];
    for (uint32_t b = rw->regions[r].first; b != RW_NONE; b = rw->blocks[b].next) {
      any |= drop_redundant_args_block(c, b);
      for (uint32_t o = rw->blocks[b].first; o != RW_NONE; o = rw->ops[o].next)
        for (uint32_t k = 0; k < rw->ops[o].n_reg; k++) IR_VPUSH(stk, n, cap, rw_region_of(rw, o, k));
    }
  }
  free(stk);
  return any;
}

int canon_simplify_regions(Canon *c) {
  int a = erase_unreachable(c);
  int b = region_dce(c);
  int m = 0, d = 0;
  if (c->cfg.region_simplify >= 2) {
    m = merge_identical_blocks(c);
    d = drop_redundant_args(c);
  }
  return a || b || m || d;
}
