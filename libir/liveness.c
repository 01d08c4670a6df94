/*
 * liveness.c - block liveness over the flat IR, as MLIR's Liveness analysis
 * defines it, for the blocks nested (at any depth) in one op:
 *
 *   def(B)  values defined in B itself: its arguments, its ops' results
 *   use(B)  operands of the ops nested in B (any depth) defined outside B
 *           and outside B's nested regions
 *   out(B)  values of def(B) used in another block of B's region, plus the
 *           live-in values of B's successors
 *   in(B)   use(B) | (out(B) - def(B))
 *
 * so a value captured by a nested region is live in the blocks of that
 * region and, through the op that holds it, a use in the enclosing block.
 *
 * Only the values `keep` selects are tracked; they get dense bit numbers.
 * The least fixpoint of the equations is computed a value at a time: from
 * each block that uses v, walk the predecessors backwards, marking v live
 * out of each and live into each but the defining block (where the walk
 * stops). A block is entered once per value live in it (a per-block stamp
 * says which value marked it last), so the cost is the operands times the
 * nesting depth plus the size of the sets: linear in the function where
 * values are short-lived, not blocks times values as bitsets would be.
 * The sets come out as (block, bit) pairs in bit order; a counting sort by
 * block makes them per-block lists, ascending.
 */
#include <stdlib.h>

#include "irint.h"

/* Block of an op, and the block holding the op that holds a block (or
 * IR_NONE at the top). */
static uint32_t parent_block(const IrModule *m, uint32_t blk) {
  uint32_t op = m->regions[m->blocks[blk].region].op;
  return m->ops[op].block;
}

static uint32_t def_block(const IrModule *m, uint32_t v) {
  const IrValue *x = &m->values[v];
  return x->kind == IR_VAL_ARG ? x->def : m->ops[x->def].block;
}

/* Ranges of blocks, ops and values in the subtree of `root` (freeze order
 * lays a subtree out contiguously, but an op without regions has none). */
static void subtree(IrLiveness *lv, const IrModule *m, uint32_t root,
                    uint32_t *b0, uint32_t *b1, uint32_t *o0, uint32_t *o1,
                    uint32_t *v0, uint32_t *v1) {
  *b0 = *o0 = *v0 = UINT32_MAX;
  *b1 = *o1 = *v1 = 0;
  uint32_t sp = 0;
  IR_VPUSH(lv->stack, sp, lv->stack_cap, root);
  while (sp) {
    const IrOp *op = &m->ops[lv->stack[--sp]];
    for (uint32_t r = op->regions; r < op->regions + op->n_regions; r++) {
      const IrRegion *rg = &m->regions[r];
      for (uint32_t b = rg->blocks; b < rg->blocks + rg->n_blocks; b++) {
        const IrBlock *bk = &m->blocks[b];
        if (b < *b0) *b0 = b;
        if (b + 1 > *b1) *b1 = b + 1;
        if (bk->n_args) {
          if (bk->args < *v0) *v0 = bk->args;
          if (bk->args + bk->n_args > *v1) *v1 = bk->args + bk->n_args;
        }
        for (uint32_t o = bk->ops; o < bk->ops + bk->n_ops; o++) {
          const IrOp *x = &m->ops[o];
          if (o < *o0) *o0 = o;
          if (o + 1 > *o1) *o1 = o + 1;
          if (x->n_results) {
            if (x->results < *v0) *v0 = x->results;
            if (x->results + x->n_results > *v1)
              *v1 = x->results + x->n_results;
          }
          if (x->n_regions) IR_VPUSH(lv->stack, sp, lv->stack_cap, o);
        }
      }
    }
  }
  if (*b0 == UINT32_MAX) *b0 = *b1 = 0;
  if (*o0 == UINT32_MAX) *o0 = *o1 = 0;
  if (*v0 == UINT32_MAX) *v0 = *v1 = 0;
}

/* Carve n bytes (8-aligned) out of the scratch memory. */
static void *carve(uint8_t **p, size_t n) {
  void *r = *p;
  *p += (n + 7) & ~(size_t)7;
  return r;
}

/* Append the pair (a, b) to scratch buffer k holding *n words. */
static void put2(IrLiveness *lv, int k, size_t *n, uint32_t a, uint32_t b) {
  if (*n + 2 > lv->buf_cap[k]) {
    size_t cap = lv->buf_cap[k] ? lv->buf_cap[k] * 2 : 256;
    lv->buf[k] = ir_xrealloc(lv->buf[k], cap * sizeof *lv->buf[k]);
    lv->buf_cap[k] = cap;
  }
  lv->buf[k][(*n)++] = a;
  lv->buf[k][(*n)++] = b;
}

static void reserve(IrLiveness *lv, int k, size_t n) {
  if (n > lv->buf_cap[k]) {
    lv->buf[k] = ir_xrealloc(lv->buf[k], n * sizeof *lv->buf[k]);
    lv->buf_cap[k] = n;
  }
}

#define OUT_FLAG 0x80000000u

void ir_liveness_compute(IrLiveness *lv, const IrModule *m, uint32_t root,
                         int (*keep)(const IrModule *m, uint32_t v, void *ud),
                         void *ud) {
  lv->m = m;
  lv->root = root;
  lv->n_bits = 0;
  uint32_t b1, o0, o1, v1;
  subtree(lv, m, root, &lv->blk0, &b1, &o0, &o1, &lv->val0, &v1);
  lv->n_blk = b1 - lv->blk0;
  lv->n_val = v1 - lv->val0;
  /* Block numbers share a word with OUT_FLAG. */
  ir_assert(lv->n_blk < OUT_FLAG && lv->n_val < OUT_FLAG);

  /* The per-value and per-block arrays come from one block of memory,
   * kept for the next call. */
  uint32_t n_edges = 0;
  for (uint32_t b = lv->blk0; b < b1; b++) {
    const IrBlock *bk = &m->blocks[b];
    if (bk->n_ops) n_edges += m->ops[bk->ops + bk->n_ops - 1].n_succs;
  }
  size_t nv = (size_t)lv->n_val + 1, nb = (size_t)lv->n_blk + 1;
  size_t need = 4 * (nv * 4 + 8) + 7 * (nb * 4 + 8) +
                ((size_t)n_edges + 1) * 4 + 8;
  if (need > lv->mem_cap) {
    free(lv->mem);
    lv->mem = ir_xmalloc(need);
    lv->mem_cap = need;
  }
  uint8_t *cur = lv->mem;

  /* Dense numbering of the tracked values. */
  lv->local = carve(&cur, nv * 4);
  lv->vals = carve(&cur, nv * 4);
  for (uint32_t i = 0; i < lv->n_val; i++) {
    uint32_t v = lv->val0 + i;
    if (keep && !keep(m, v, ud)) {
      lv->local[i] = IR_NONE;
      continue;
    }
    lv->local[i] = lv->n_bits;
    lv->vals[lv->n_bits++] = v;
  }

  /* Seeds, as (bit, block) pairs in buf[0]: v is live into each block on
   * the way from a using block up to the defining one (use(B)), and live
   * out of its defining block when used in another block of its region. */
  size_t n_seed = 0;
  for (uint32_t o = o0; o < o1; o++) {
    const IrOp *op = &m->ops[o];
    for (uint32_t k = 0; k < op->n_operands; k++) {
      uint32_t v = m->operands[op->operands + k];
      if (v < lv->val0 || v >= v1) continue;
      uint32_t bit = lv->local[v - lv->val0];
      if (bit == IR_NONE) continue;
      uint32_t d = def_block(m, v), dreg = m->blocks[d].region;
      uint32_t at = op->block;
      while (at != d && at >= lv->blk0 && at < b1) {
        put2(lv, 0, &n_seed, bit, at - lv->blk0);
        if (m->blocks[at].region == dreg) {
          put2(lv, 0, &n_seed, bit, (d - lv->blk0) | OUT_FLAG);
          break;
        }
        if (m->regions[m->blocks[at].region].op == root) break;
        at = parent_block(m, at);
      }
    }
  }

  /* Group the seeds by value: counting sort into buf[1]. */
  uint32_t *first = carve(&cur, nv * 4);  /* per bit: first seed, then end */
  memset(first, 0, nv * 4);
  for (size_t i = 0; i < n_seed; i += 2) first[lv->buf[0][i] + 1]++;
  for (uint32_t i = 0; i < lv->n_bits; i++) first[i + 1] += first[i];
  reserve(lv, 1, n_seed / 2 + 1);
  uint32_t *pos = carve(&cur, nv * 4);
  memcpy(pos, first, (size_t)lv->n_bits * 4);
  for (size_t i = 0; i < n_seed; i += 2)
    lv->buf[1][pos[lv->buf[0][i]]++] = lv->buf[0][i + 1];

  /* Predecessor lists (CSR) from the terminators' successors. */
  uint32_t *npred = carve(&cur, nb * 4);
  memset(npred, 0, nb * 4);
  for (uint32_t b = 0; b < lv->n_blk; b++) {
    const IrBlock *bk = &m->blocks[lv->blk0 + b];
    if (!bk->n_ops) continue;
    const IrOp *t = &m->ops[bk->ops + bk->n_ops - 1];
    for (uint32_t s = t->succs; s < t->succs + t->n_succs; s++) {
      uint32_t to = m->succs[s].block;
      if (to >= lv->blk0 && to < b1) npred[to - lv->blk0 + 1]++;
    }
  }
  for (uint32_t b = 0; b < lv->n_blk; b++) npred[b + 1] += npred[b];
  uint32_t *pred = carve(&cur, ((size_t)n_edges + 1) * 4);
  uint32_t *fill = carve(&cur, nb * 4);
  memcpy(fill, npred, (size_t)lv->n_blk * sizeof *fill);
  for (uint32_t b = 0; b < lv->n_blk; b++) {
    const IrBlock *bk = &m->blocks[lv->blk0 + b];
    if (!bk->n_ops) continue;
    const IrOp *t = &m->ops[bk->ops + bk->n_ops - 1];
    for (uint32_t s = t->succs; s < t->succs + t->n_succs; s++) {
      uint32_t to = m->succs[s].block;
      if (to >= lv->blk0 && to < b1) pred[fill[to - lv->blk0]++] = b;
    }
  }

  /* The walk, a value at a time; the sets go to buf[2] as (block, bit)
   * pairs, OUT_FLAG on the block of a live-out one. Stamps hold bit + 1. */
  uint32_t *in_stamp = carve(&cur, nb * 4), *out_stamp = carve(&cur, nb * 4);
  uint32_t *work = carve(&cur, nb * 4);
  memset(in_stamp, 0, nb * 4);
  memset(out_stamp, 0, nb * 4);
  size_t n_set = 0;
  uint32_t n_in = 0, n_out = 0;
  for (uint32_t bit = 0; bit < lv->n_bits; bit++) {
    uint32_t stamp = bit + 1, nwork = 0;
    uint32_t d = def_block(m, lv->vals[bit]) - lv->blk0;
    for (uint32_t i = first[bit]; i < first[bit + 1]; i++) {
      uint32_t b = lv->buf[1][i];
      if (b & OUT_FLAG) {
        b &= ~OUT_FLAG;
        if (out_stamp[b] != stamp) {
          out_stamp[b] = stamp;
          put2(lv, 2, &n_set, b | OUT_FLAG, bit);
          n_out++;
        }
      } else if (in_stamp[b] != stamp) {
        in_stamp[b] = stamp;
        put2(lv, 2, &n_set, b, bit);
        n_in++;
        work[nwork++] = b;
      }
    }
    while (nwork) {
      uint32_t b = work[--nwork];
      for (uint32_t p = npred[b]; p < npred[b + 1]; p++) {
        uint32_t q = pred[p];
        if (out_stamp[q] != stamp) {
          out_stamp[q] = stamp;
          put2(lv, 2, &n_set, q | OUT_FLAG, bit);
          n_out++;
        }
        if (q != d && in_stamp[q] != stamp) {
          in_stamp[q] = stamp;
          put2(lv, 2, &n_set, q, bit);
          n_in++;
          work[nwork++] = q;
        }
      }
    }
  }

  /* Per-block lists: a stable counting sort of the pairs by block. */
  lv->in_at = carve(&cur, nb * 4);
  lv->out_at = carve(&cur, nb * 4);
  memset(lv->in_at, 0, nb * 4);
  memset(lv->out_at, 0, nb * 4);
  for (size_t i = 0; i < n_set; i += 2) {
    uint32_t b = lv->buf[2][i];
    if (b & OUT_FLAG)
      lv->out_at[(b & ~OUT_FLAG) + 1]++;
    else
      lv->in_at[b + 1]++;
  }
  for (uint32_t b = 0; b < lv->n_blk; b++) {
    lv->in_at[b + 1] += lv->in_at[b];
    lv->out_at[b + 1] += lv->out_at[b];
  }
  size_t n_sets = (size_t)n_in + n_out + 1;
  if (n_sets > lv->sets_cap) {
    free(lv->sets);
    lv->sets = ir_xmalloc(n_sets * sizeof *lv->sets);
    lv->sets_cap = n_sets;
  }
  lv->in = lv->sets;
  lv->out = lv->sets + n_in;
  uint32_t *in_pos = in_stamp, *out_pos = out_stamp;  /* reused */
  memcpy(in_pos, lv->in_at, (size_t)lv->n_blk * 4);
  memcpy(out_pos, lv->out_at, (size_t)lv->n_blk * 4);
  for (size_t i = 0; i < n_set; i += 2) {
    uint32_t b = lv->buf[2][i], bit = lv->buf[2][i + 1];
    if (b & OUT_FLAG)
      lv->out[out_pos[b & ~OUT_FLAG]++] = bit;
    else
      lv->in[in_pos[b]++] = bit;
  }
  ir_assert(cur <= (uint8_t *)lv->mem + lv->mem_cap);
}

void ir_liveness_free(IrLiveness *lv) {
  free(lv->mem);
  free(lv->stack);
  for (int k = 0; k < 3; k++) free(lv->buf[k]);
  free(lv->sets);
  memset(lv, 0, sizeof *lv);
}

uint32_t ir_liveness_bit(const IrLiveness *lv, uint32_t v) {
  if (v < lv->val0 || v - lv->val0 >= lv->n_val) return IR_NONE;
  return lv->local[v - lv->val0];
}

const uint32_t *ir_live_in_bits(const IrLiveness *lv, uint32_t block,
                                uint32_t *n) {
  ir_assert(block >= lv->blk0 && block - lv->blk0 < lv->n_blk);
  uint32_t b = block - lv->blk0;
  *n = lv->in_at[b + 1] - lv->in_at[b];
  return lv->in + lv->in_at[b];
}

const uint32_t *ir_live_out_bits(const IrLiveness *lv, uint32_t block,
                                 uint32_t *n) {
  ir_assert(block >= lv->blk0 && block - lv->blk0 < lv->n_blk);
  uint32_t b = block - lv->blk0;
  *n = lv->out_at[b + 1] - lv->out_at[b];
  return lv->out + lv->out_at[b];
}

/* Binary search of a sorted list. */
static int has(const uint32_t *l, uint32_t n, uint32_t x) {
  uint32_t lo = 0, hi = n;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (l[mid] < x)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < n && l[lo] == x;
}

int ir_live_in(const IrLiveness *lv, uint32_t block, uint32_t v) {
  uint32_t bit = ir_liveness_bit(lv, v), n;
  if (bit == IR_NONE) return 0;
  const uint32_t *l = ir_live_in_bits(lv, block, &n);
  return has(l, n, bit);
}

int ir_live_out(const IrLiveness *lv, uint32_t block, uint32_t v) {
  uint32_t bit = ir_liveness_bit(lv, v), n;
  if (bit == IR_NONE) return 0;
  const uint32_t *l = ir_live_out_bits(lv, block, &n);
  return has(l, n, bit);
}
