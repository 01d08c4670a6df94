/*
 * canon_cf.c - canonicalization of the cf dialect (MLIR's
 * ControlFlowOps.cpp): a branch to a block with no other predecessor
 * merges the two blocks; a branch through a block that only branches on
 * is short-cut; cf.cond_br on a constant becomes cf.br, with identical
 * successors it becomes cf.br (arith.select for operands that differ), a
 * cond_br repeating its predecessor's condition is decided, and inside its
 * successors the condition is known (true / false); cf.assert of true
 * goes.
 */
#include <stdlib.h>

#include "canon.h"

static uint32_t op_block(Canon *c, uint32_t op) { return c->rw->ops[op].block; }

static uint32_t succ_block(Canon *c, uint32_t op, uint32_t s) {
  return c->rw->succs[c->rw->ops[op].succ + s].block;
}

/* Copy the operands passed to successor s into a new array. */
static uint32_t *succ_operands(Canon *c, uint32_t op, uint32_t s, uint32_t *n) {
  const RwSucc *sc = &c->rw->succs[c->rw->ops[op].succ + s];
  uint32_t *v = ir_xmalloc((sc->count + 1) * sizeof *v);
  for (uint32_t i = 0; i < sc->count; i++) v[i] = rw_operand(c->rw, op, sc->first + i);
  *n = sc->count;
  return v;
}

/* Block::getSinglePredecessor: the block of the only predecessor edge. */
static uint32_t single_pred(Canon *c, uint32_t blk) {
  const RwBlock *b = &c->rw->blocks[blk];
  if (b->n_preds != 1) return RW_NONE;
  return c->rw->ops[c->rw->succs[b->first_pred].op].block;
}

/* Block::getUniquePredecessor: the block every predecessor edge comes
 * from. */
static uint32_t unique_pred(Canon *c, uint32_t blk) {
  uint32_t found = RW_NONE;
  for (uint32_t s = c->rw->blocks[blk].first_pred; s != RW_NONE; s = c->rw->succs[s].next) {
    uint32_t pb = c->rw->ops[c->rw->succs[s].op].block;
    if (found != RW_NONE && found != pb) return RW_NONE;
    found = pb;
  }
  return found;
}

static uint32_t make_br(Canon *c, uint32_t at, uint32_t dest, const uint32_t *opd,
                        uint32_t n) {
  IrBSucc sc = {dest, 0, n};
  RwSpec s = {0};
  s.name = c->s_br;
  s.loc = c->rw->ops[at].loc;
  s.operands = opd;
  s.n_operands = n;
  s.succs = &sc;
  s.n_succs = 1;
  return rw_create(c->rw, rw_ip_before(c->rw, at), &s);
}

static uint32_t make_cond_br(Canon *c, uint32_t at, uint32_t cond, uint32_t td,
                             const uint32_t *to, uint32_t nt, uint32_t fd,
                             const uint32_t *fo, uint32_t nf) {
  uint32_t n = 1 + nt + nf;
  uint32_t *opd = ir_xmalloc((n + 1) * sizeof *opd);
  opd[0] = cond;
  memcpy(opd + 1, to, nt * sizeof *opd);
  memcpy(opd + 1 + nt, fo, nf * sizeof *opd);
  IrBSucc sc[2] = {{td, 1, nt}, {fd, 1 + nt, nf}};
  int64_t seg[3] = {1, nt, nf};
  RwSpec s = {0};
  s.name = c->s_cond_br;
  s.loc = c->rw->ops[at].loc;
  s.operands = opd;
  s.n_operands = n;
  s.succs = sc;
  s.n_succs = 2;
  s.props = ir_dict_set(c->ctx, 0, c->s_segments, ir_attr_dense_i32(c->ctx, 3, seg));
  uint32_t op = rw_create(c->rw, rw_ip_before(c->rw, at), &s);
  free(opd);
  return op;
}

/* Replace a terminator by a new one (no results to forward). */
static void replace_terminator(Canon *c, uint32_t old) { rw_erase_op(c->rw, old); }

/* MLIR's collapseBranch: if `*dest` holds only a cf.br (not to itself)
 * and its arguments are used only by that branch, skip it. `*ops` (with
 * *n entries, malloc'd) is replaced by the operands the skipped branch
 * passes, arguments of *dest mapped through the old operands. */
/* Could collapse_branch skip block b (the tests that need no operand
 * list)? The patterns ask before they copy their operand lists (a malloc
 * and free each; mixed corpus: dd-own 365.7M -> 364.4M). */
static int collapsible(Canon *c, uint32_t b) {
  Rw *rw = c->rw;
  uint32_t t = rw->blocks[b].first;
  if (t == RW_NONE || rw->ops[t].next != RW_NONE || rw->ops[t].opc != IR_OP_BR) return 0;
  for (uint32_t a = 0; a < rw->blocks[b].n_args; a++) {
    uint32_t v = rw_arg(rw, b, a);
    for (uint32_t u = rw->vals[v].first_use; u != RW_NONE; u = rw->uses[u].next)
      if (rw->uses[u].op != t) return 0;
  }
  return succ_block(c, t, 0) != b;
}

static int collapse_branch(Canon *c, uint32_t *dest, uint32_t **ops, uint32_t *n) {
  Rw *rw = c->rw;
  uint32_t b = *dest;
  if (!collapsible(c, b)) return 0;
  uint32_t t = rw->blocks[b].first;
  uint32_t nd = succ_block(c, t, 0);
  uint32_t nn;
  uint32_t *nv = succ_operands(c, t, 0, &nn);
  for (uint32_t i = 0; i < nn; i++) {
    uint32_t v = nv[i];
    if (rw_is_arg(rw, v) && rw->vals[v].def == b) nv[i] = (*ops)[rw->vals[v].num];
  }
  free(*ops);
  *ops = nv;
  *n = nn;
  *dest = nd;
  return 1;
}

/* ====================================================================== */
/* cf.br                                                                  */
/* ====================================================================== */

static int p_br(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  uint32_t succ = succ_block(c, op, 0), parent = op_block(c, op);
  /* merge a successor with a single predecessor into this block */
  if (succ != parent && rw->blocks[succ].n_preds == 1) {
    uint32_t n;
    uint32_t *args = succ_operands(c, op, 0, &n);
    rw_erase_op(rw, op);
    rw_inline_block(rw, succ, rw_ip_end(parent), args);
    free(args);
    return 1;
  }
  /* br ^bb1; ^bb1: br ^bbN(...)  ->  br ^bbN(...) */
  uint32_t dest = succ, n;
  if (dest == parent || !collapsible(c, dest)) return 0;
  uint32_t *ops = succ_operands(c, op, 0, &n);
  if (dest == parent || !collapse_branch(c, &dest, &ops, &n)) {
    free(ops);
    return 0;
  }
  make_br(c, op, dest, ops, n);
  replace_terminator(c, op);
  free(ops);
  return 1;
}

/* ====================================================================== */
/* cf.cond_br                                                             */
/* ====================================================================== */

static int p_const_cond(Canon *c, uint32_t op) {
  int64_t k;
  if (!canon_value_int(c, rw_operand(c->rw, op, 0), &k)) return 0;
  uint32_t s = k ? 0 : 1, n;
  uint32_t *ops = succ_operands(c, op, s, &n);
  make_br(c, op, succ_block(c, op, s), ops, n);
  replace_terminator(c, op);
  free(ops);
  return 1;
}

static int p_pass_through_cond(Canon *c, uint32_t op) {
  uint32_t td = succ_block(c, op, 0), fd = succ_block(c, op, 1), nt, nf;
  if (!collapsible(c, td) && !collapsible(c, fd)) return 0;
  uint32_t *to = succ_operands(c, op, 0, &nt), *fo = succ_operands(c, op, 1, &nf);
  int a = collapse_branch(c, &td, &to, &nt);
  int b = collapse_branch(c, &fd, &fo, &nf);
  if (a || b) {
    make_cond_br(c, op, rw_operand(c->rw, op, 0), td, to, nt, fd, fo, nf);
    replace_terminator(c, op);
  }
  free(to);
  free(fo);
  return a || b;
}

static int p_identical_successors(Canon *c, uint32_t op) {
  uint32_t td = succ_block(c, op, 0);
  if (td != succ_block(c, op, 1)) return 0;
  uint32_t nt, nf;
  uint32_t *to = succ_operands(c, op, 0, &nt), *fo = succ_operands(c, op, 1, &nf);
  int same = nt == nf;
  for (uint32_t i = 0; same && i < nt; i++) same = to[i] == fo[i];
  int done = 0;
  if (same) {
    make_br(c, op, td, to, nt);
    replace_terminator(c, op);
    done = 1;
  } else if (unique_pred(c, td) == op_block(c, op) && nt == nf) {
    uint32_t cond = rw_operand(c->rw, op, 0);
    for (uint32_t i = 0; i < nt; i++) {
      if (to[i] == fo[i]) continue;
      uint32_t v[3] = {cond, to[i], fo[i]};
      to[i] = canon_make_op(c, op, c->s_select, v, 3, rw_type(c->rw, to[i]), 0);
    }
    make_br(c, op, td, to, nt);
    replace_terminator(c, op);
    done = 1;
  }
  free(to);
  free(fo);
  return done;
}

static int p_same_condition_as_pred(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  uint32_t cur = op_block(c, op);
  uint32_t pred = single_pred(c, cur);
  if (pred == RW_NONE) return 0;
  uint32_t pt = rw_terminator(rw, pred);
  if (pt == RW_NONE || rw->ops[pt].opc != IR_OP_COND_BR ||
      rw_operand(rw, pt, 0) != rw_operand(rw, op, 0))
    return 0;
  uint32_t s = cur == succ_block(c, pt, 0) ? 0 : 1, n;
  uint32_t *ops = succ_operands(c, op, s, &n);
  make_br(c, op, succ_block(c, op, s), ops, n);
  replace_terminator(c, op);
  free(ops);
  return 1;
}

/* Does some op of block b (not nested) use v? -1 when b has more than
 * `budget` operands and ops to look at. */
static int block_uses(const Rw *rw, uint32_t b, uint32_t v, uint32_t budget) {
  for (uint32_t o = rw->blocks[b].first; o != RW_NONE; o = rw->ops[o].next) {
    const RwOp *p = &rw->ops[o];
    if (budget < p->n_opd + 1) return -1;
    budget -= p->n_opd + 1;
    for (uint32_t k = 0; k < p->n_opd; k++)
      if (rw->uses[p->opd + k].val == v) return 1;
  }
  return 0;
}

static int p_truth_propagation(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  uint32_t cond = rw_operand(rw, op, 0);
  int replaced = 0;
  for (int side = 0; side < 2; side++) {
    uint32_t dest = succ_block(c, op, (uint32_t)side);
    if (single_pred(c, dest) == RW_NONE) continue;
    /* MLIR walks every use of the condition; one condition shared by n
     * branches makes that O(n^2). A block smaller than the use list is
     * looked at first: no use there, nothing to do. */
    uint32_t nu = rw->vals[cond].n_uses;
    if (nu > 16 && block_uses(rw, dest, cond, nu) == 0) continue;
    uint32_t k = RW_NONE;
    for (uint32_t u = rw->vals[cond].first_use; u != RW_NONE;) {
      uint32_t next = rw->uses[u].next;
      uint32_t user = rw->uses[u].op;
      if (rw->ops[user].block == dest) {
        replaced = 1;
        if (k == RW_NONE) k = canon_make_bool(c, rw_ip_before(rw, op), side == 0, rw->ops[op].loc);
        rw_set_operand(rw, user, u - rw->ops[user].opd, k);
        rw_modified(rw, user);
      }
      u = next;
    }
  }
  return replaced;
}

/* ====================================================================== */
/* cf.assert                                                              */
/* ====================================================================== */

static int p_assert_true(Canon *c, uint32_t op) {
  if (!canon_is_one(c, rw_operand(c->rw, op, 0))) return 0;
  rw_erase_op(c->rw, op);
  return 1;
}

void canon_rules_cf(CanonRules *r) {
  canon_add_pattern(r, IR_OP_ASSERT, p_assert_true);
  canon_add_pattern(r, IR_OP_BR, p_br);
  canon_add_pattern(r, IR_OP_COND_BR, p_const_cond);
  canon_add_pattern(r, IR_OP_COND_BR, p_pass_through_cond);
  canon_add_pattern(r, IR_OP_COND_BR, p_identical_successors);
  canon_add_pattern(r, IR_OP_COND_BR, p_same_condition_as_pred);
  canon_add_pattern(r, IR_OP_COND_BR, p_truth_propagation);
}
