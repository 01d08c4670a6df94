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
 * Only the values `keep` selects are tracked; they get dense bit numbers,
 * and each block holds three bitsets (use, in, out), all in one block of
 * memory that a reused IrLiveness keeps for the next op. The use sets are
 * built in one sweep over the operands, walking from the using block up to
 * the defining one (cost: operands times nesting depth); the fixpoint is a
 * worklist over predecessors, so a block is revisited only when a
 * successor's live-in set grew.
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

static inline void bit_set(uint64_t *s, uint32_t i) {
  s[i >> 6] |= (uint64_t)1 << (i & 63);
}
static inline int bit_get(const uint64_t *s, uint32_t i) {
  return (int)((s[i >> 6] >> (i & 63)) & 1);
}

/* Carve n bytes (8-aligned) out of the scratch memory. */
static void *carve(uint8_t **p, size_t n) {
  void *r = *p;
  *p += (n + 7) & ~(size_t)7;
  return r;
}

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

  /* All arrays come from one block of memory, kept for the next call. The
   * bitset size is only known after numbering, so size it for every value
   * being tracked (an upper bound). */
  uint32_t n_edges = 0;
  for (uint32_t b = lv->blk0; b < b1; b++) {
    const IrBlock *bk = &m->blocks[b];
    if (bk->n_ops) n_edges += m->ops[bk->ops + bk->n_ops - 1].n_succs;
  }
  size_t nv = (size_t)lv->n_val + 1, nb = (size_t)lv->n_blk + 1;
  size_t max_words = (lv->n_val + 63) / 64 + 1;
  size_t set_bytes = (size_t)lv->n_blk * max_words * 8 + 8;
  size_t need = 2 * (nv * 4 + 8) + 3 * (set_bytes + 8) + 3 * (nb * 4 + 8) +
                ((size_t)n_edges + 1) * 4 + 8 + nb + 8 + max_words * 8 + 8;
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
  lv->words = (lv->n_bits + 63) / 64;
  size_t set_words = (size_t)lv->n_blk * lv->words;
  lv->in = carve(&cur, set_words * 8 + 8);
  lv->out = carve(&cur, set_words * 8 + 8);
  uint64_t *use = carve(&cur, set_words * 8 + 8);
  memset(lv->in, 0, set_words * 8);
  memset(lv->out, 0, set_words * 8);
  memset(use, 0, set_words * 8);

  /* use and the initial out sets: walk from each using block up to the
   * block that defines the operand. */
  for (uint32_t o = o0; o < o1; o++) {
    const IrOp *op = &m->ops[o];
    for (uint32_t k = 0; k < op->n_operands; k++) {
      uint32_t v = m->operands[op->operands + k];
      if (v < lv->val0 || v >= v1) continue;
      uint32_t bit = lv->local[v - lv->val0];
      if (bit == IR_NONE) continue;
      uint32_t d = def_block(m, v), dreg = m->blocks[d].region;
      uint32_t cur = op->block;
      while (cur != d && cur >= lv->blk0 && cur < b1) {
        bit_set(use + (size_t)(cur - lv->blk0) * lv->words, bit);
        if (m->blocks[cur].region == dreg) {
          bit_set(lv->out + (size_t)(d - lv->blk0) * lv->words, bit);
          break;
        }
        if (m->regions[m->blocks[cur].region].op == root) break;
        cur = parent_block(m, cur);
      }
    }
  }

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

  /* Fixpoint. The worklist starts with every block, last first, which is
   * close to a post-order for code laid out top-down. */
  uint32_t *work = carve(&cur, nb * 4);
  uint8_t *queued = carve(&cur, nb);
  uint32_t nwork = 0;
  for (uint32_t b = 0; b < lv->n_blk; b++) {
    work[nwork++] = b;
    queued[b] = 1;
  }
  uint64_t *tmp = carve(&cur, ((size_t)lv->words + 1) * 8);
  while (nwork) {
    uint32_t b = work[--nwork];
    queued[b] = 0;
    uint32_t blk = lv->blk0 + b;
    uint64_t *out = lv->out + (size_t)b * lv->words;
    uint64_t *in = lv->in + (size_t)b * lv->words;
    const IrBlock *bk = &m->blocks[blk];
    if (bk->n_ops) {
      const IrOp *t = &m->ops[bk->ops + bk->n_ops - 1];
      for (uint32_t s = t->succs; s < t->succs + t->n_succs; s++) {
        uint32_t to = m->succs[s].block;
        if (to < lv->blk0 || to >= b1) continue;
        const uint64_t *sin = lv->in + (size_t)(to - lv->blk0) * lv->words;
        for (uint32_t w = 0; w < lv->words; w++) out[w] |= sin[w];
      }
    }
    /* in = use | out - def(B): clear the bits of B's own definitions. */
    const uint64_t *u = use + (size_t)b * lv->words;
    for (uint32_t w = 0; w < lv->words; w++) tmp[w] = u[w] | out[w];
    for (uint32_t a = 0; a < bk->n_args; a++) {
      uint32_t v = bk->args + a, bit = lv->local[v - lv->val0];
      if (bit != IR_NONE) tmp[bit >> 6] &= ~((uint64_t)1 << (bit & 63));
    }
    for (uint32_t o = bk->ops; o < bk->ops + bk->n_ops; o++) {
      const IrOp *x = &m->ops[o];
      for (uint32_t r = 0; r < x->n_results; r++) {
        uint32_t bit = lv->local[x->results + r - lv->val0];
        if (bit != IR_NONE) tmp[bit >> 6] &= ~((uint64_t)1 << (bit & 63));
      }
    }
    int changed = 0;
    for (uint32_t w = 0; w < lv->words; w++)
      if (tmp[w] != in[w]) {
        changed = 1;
        in[w] = tmp[w];
      }
    if (!changed) continue;
    for (uint32_t p = npred[b]; p < npred[b + 1]; p++)
      if (!queued[pred[p]]) {
        queued[pred[p]] = 1;
        work[nwork++] = pred[p];
      }
  }
  ir_assert(cur <= (uint8_t *)lv->mem + lv->mem_cap);
}

void ir_liveness_free(IrLiveness *lv) {
  free(lv->mem);
  free(lv->stack);
  memset(lv, 0, sizeof *lv);
}

uint32_t ir_liveness_bit(const IrLiveness *lv, uint32_t v) {
  if (v < lv->val0 || v - lv->val0 >= lv->n_val) return IR_NONE;
  return lv->local[v - lv->val0];
}

const uint64_t *ir_live_in_set(const IrLiveness *lv, uint32_t block) {
  ir_assert(block >= lv->blk0 && block - lv->blk0 < lv->n_blk);
  return lv->in + (size_t)(block - lv->blk0) * lv->words;
}

const uint64_t *ir_live_out_set(const IrLiveness *lv, uint32_t block) {
  ir_assert(block >= lv->blk0 && block - lv->blk0 < lv->n_blk);
  return lv->out + (size_t)(block - lv->blk0) * lv->words;
}

int ir_live_in(const IrLiveness *lv, uint32_t block, uint32_t v) {
  uint32_t bit = ir_liveness_bit(lv, v);
  return bit != IR_NONE && bit_get(ir_live_in_set(lv, block), bit);
}

int ir_live_out(const IrLiveness *lv, uint32_t block, uint32_t v) {
  uint32_t bit = ir_liveness_bit(lv, v);
  return bit != IR_NONE && bit_get(ir_live_out_set(lv, block), bit);
}
