/*
 * dom.c - dominator trees of the regions of a frozen module (ir.h,
 * "Dominance"): the verifier's SSA check and CSE's walk share them.
 *
 * Cooper, Harvey & Kennedy, "A Simple, Fast Dominance Algorithm": iterate
 * idom over reverse postorder until stable; then number the dominator tree
 * depth first so a dominance query is two comparisons. Only regions of two
 * or more blocks need a tree; a single block dominates itself. A user may
 * build every tree (ir_dom_init) or only those it asks about (ir_dom_open,
 * then ir_dom_build per region).
 */
#include <stdlib.h>

#include "irint.h"

/* The successor blocks of block b that lie in its own region (branches
 * elsewhere are the verifier's to report; they are ignored here). */
static uint32_t n_succ_of(const IrModule *m, uint32_t b) {
  const IrBlock *blk = &m->blocks[b];
  return blk->n_ops ? m->ops[blk->ops + blk->n_ops - 1].n_succs : 0;
}

static uint32_t succ_of(const IrModule *m, uint32_t b, uint32_t k) {
  const IrBlock *blk = &m->blocks[b];
  const IrOp *t = &m->ops[blk->ops + blk->n_ops - 1];
  uint32_t s = m->succs[t->succs + k].block;
  return m->blocks[s].region == blk->region ? s : IR_NONE;
}

/* Scratch arrays of dom_region, allocated once for the largest region
 * (a module has many small multi-block regions: allocating per region was
 * most of ir_dom_init). All are indexed by block - first. */
typedef struct DomScratch {
  uint32_t *po;       /* postorder -> block */
  uint32_t *pon;      /* block -> postorder */
  uint32_t *idom, *stk, *it;
  uint32_t *npred;    /* n + 1 entries */
  uint32_t *pred;     /* one per edge: at most the module's successors */
} DomScratch;

/* One region of n blocks starting at block `first`. */
static void dom_region(IrDom *d, const IrModule *m, uint32_t first, uint32_t n,
                       const DomScratch *sc) {
  uint32_t *po = sc->po, *pon = sc->pon, *idom = sc->idom, *stk = sc->stk;
  uint32_t *it = sc->it, *npred = sc->npred, *pred = sc->pred;
  uint32_t npo = 0, sp = 0;
  memset(it, 0, n * sizeof *it);
  memset(d->n_kids + first, 0, n * sizeof *d->n_kids);  /* ir_dom_open */
  memset(npred, 0, (n + 1) * sizeof *npred);

  /* iterative DFS for postorder */
  for (uint32_t i = 0; i < n; i++) pon[i] = IR_NONE, idom[i] = IR_NONE;
  pon[0] = 0;  /* visited mark until its real number is known */
  stk[sp++] = 0;
  while (sp) {
    uint32_t b = stk[sp - 1];
    if (it[b] < n_succ_of(m, first + b)) {
      uint32_t s = succ_of(m, first + b, it[b]++);
      if (s != IR_NONE && pon[s - first] == IR_NONE) {
        pon[s - first] = 0;
        stk[sp++] = s - first;
      }
    } else {
      sp--;
      pon[b] = npo;
      po[npo++] = b;
    }
  }

  /* predecessors (reachable ones only), CSR */
  for (uint32_t b = 0; b < n; b++) {
    if (pon[b] == IR_NONE) continue;
    for (uint32_t k = 0; k < n_succ_of(m, first + b); k++) {
      uint32_t s = succ_of(m, first + b, k);
      if (s != IR_NONE) npred[s - first + 1]++;
    }
  }
  for (uint32_t b = 0; b < n; b++) npred[b + 1] += npred[b];
  memset(it, 0, n * sizeof *it);
  for (uint32_t b = 0; b < n; b++) {
    if (pon[b] == IR_NONE) continue;
    for (uint32_t k = 0; k < n_succ_of(m, first + b); k++) {
      uint32_t s = succ_of(m, first + b, k);
      if (s != IR_NONE) pred[npred[s - first] + it[s - first]++] = b;
    }
  }

  idom[0] = 0;
  for (int changed = 1; changed;) {
    changed = 0;
    for (uint32_t i = npo - 1; i-- > 0;) {  /* reverse postorder, no entry */
      uint32_t b = po[i], nd = IR_NONE;
      for (uint32_t k = npred[b]; k < npred[b + 1]; k++) {
        uint32_t p = pred[k];
        if (idom[p] == IR_NONE) continue;
        if (nd == IR_NONE) {
          nd = p;
          continue;
        }
        uint32_t x = p, y = nd;   /* intersect */
        while (x != y) {
          while (pon[x] < pon[y]) x = idom[x];
          while (pon[y] < pon[x]) y = idom[y];
        }
        nd = x;
      }
      if (nd != IR_NONE && idom[b] != nd) {
        idom[b] = nd;
        changed = 1;
      }
    }
  }

  /* dominator tree children, in block order, and DFS intervals */
  for (uint32_t b = 1; b < n; b++)
    if (idom[b] != IR_NONE) d->n_kids[first + idom[b]]++;
  uint32_t base = d->kid_first[first];
  for (uint32_t b = 0; b < n; b++) {
    d->kid_first[first + b] = base;
    base += d->n_kids[first + b];
    d->n_kids[first + b] = 0;
  }
  for (uint32_t b = 1; b < n; b++)
    if (idom[b] != IR_NONE) {
      uint32_t p = first + idom[b];
      d->kids[d->kid_first[p] + d->n_kids[p]++] = first + b;
    }
  uint32_t clock = 0;
  sp = 0;
  memset(it, 0, n * sizeof *it);
  stk[sp++] = 0;
  d->pre[first] = clock++;
  while (sp) {
    uint32_t b = stk[sp - 1];
    if (it[b] < d->n_kids[first + b]) {
      uint32_t ch = d->kids[d->kid_first[first + b] + it[b]++] - first;
      d->pre[first + ch] = clock++;
      stk[sp++] = ch;
    } else {
      d->post[first + b] = clock++;
      sp--;
    }
  }
  for (uint32_t b = 0; b < n; b++) {
    d->unreach[first + b] = idom[b] == IR_NONE;
    d->idom[first + b] = b && idom[b] != IR_NONE ? first + idom[b] : IR_NONE;
  }
}

/* The arrays, and no tree yet. One allocation for all of them (pre
 * first, so ir_dom_free frees it): a module has one per pass that asks,
 * and seven callocs were most of the cost for modules of single-block
 * regions. Only `built` is cleared: dom_region writes every entry of its
 * region's blocks that a query reads (pre and post of unreachable blocks
 * excepted, which ir_dom_dominates does not read), so the pages of
 * regions whose trees are never built are never touched (c.irb: calloc's
 * clearing of ~1.8 MB was 1.87M instructions of ir-dis's verify). */
void ir_dom_open(IrDom *d, const IrModule *m) {
  size_t nb = (size_t)m->n_blocks + 1, nr = (size_t)m->n_regions + 1;
  uint32_t *w = ir_xmalloc((6 * nb + (nb + 3) / 4 + (nr + 3) / 4) * sizeof *w);
  d->pre = w;
  d->post = w + nb;
  d->idom = w + 2 * nb;
  d->kid_first = w + 3 * nb;
  d->n_kids = w + 4 * nb;
  d->kids = w + 5 * nb;
  d->unreach = (uint8_t *)(w + 6 * nb);
  d->built = d->unreach + 4 * ((nb + 3) / 4);
  memset(d->built, 0, nr);
  d->scratch = NULL;
  d->scratch_most = 0;
}

/* Region r's tree (r has two or more blocks and none yet). The scratch
 * arrays are sized for the largest region built so far (packed, so a
 * small region touches few pages) and grow when a larger one comes. */
void ir_dom_build(IrDom *d, const IrModule *m, uint32_t r) {
  const IrRegion *rg = &m->regions[r];
  size_t most = rg->n_blocks;
  if (most > d->scratch_most) {
    free(d->scratch);
    d->scratch = ir_xmalloc((6 * most + 1 + m->n_succs + 1) * sizeof *d->scratch);
    d->scratch_most = (uint32_t)most;
  }
  most = d->scratch_most;
  DomScratch s;
  s.po = d->scratch;
  s.pon = s.po + most;
  s.idom = s.pon + most;
  s.stk = s.idom + most;
  s.it = s.stk + most;
  s.npred = s.it + most;
  s.pred = s.npred + most + 1;
  /* children of this region's blocks live in kids[blocks ..) */
  d->kid_first[rg->blocks] = rg->blocks;
  dom_region(d, m, rg->blocks, rg->n_blocks, &s);
  d->built[r] = 1;
}

void ir_dom_init(IrDom *d, const IrModule *m) {
  ir_dom_open(d, m);
  /* a single-block region's fields: no tree, 0, idom IR_NONE */
  size_t nb = (size_t)m->n_blocks + 1;
  memset(d->pre, 0, 6 * nb * sizeof *d->pre + nb);
  memset(d->idom, 0xff, nb * sizeof *d->idom);
  for (uint32_t r = 0; r < m->n_regions; r++)
    if (m->regions[r].n_blocks > 1) ir_dom_build(d, m, r);
}

void ir_dom_free(IrDom *d) {
  free(d->pre);  /* all the arrays (ir_dom_open) */
  free(d->scratch);
  memset(d, 0, sizeof *d);
}

int ir_dom_dominates(const IrDom *d, uint32_t a, uint32_t b) {
  if (a == b || d->unreach[b]) return 1;
  if (d->unreach[a]) return 0;
  return d->pre[a] <= d->pre[b] && d->post[b] <= d->post[a];
}
