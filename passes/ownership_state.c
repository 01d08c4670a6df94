/*
 * ownership_state.c - MLIR's DeallocationState for one function: the
 * ownership of each memref as seen from each block (the lattice
 * uninitialized < unique(indicator) < unknown, joined by updateOwnership),
 * the memrefs each block must deallocate, the liveness-derived live-in and
 * retained lists in MLIR's ValueComparator order, and the operands of the
 * bufferization.dealloc ops.
 */
#include "ownership.h"

/* ====================================================================== */
/* A u64 -> u64 open-addressing map                                       */
/* ====================================================================== */

static uint64_t mix(uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdull;
  k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ull;
  k ^= k >> 33;
  return k;
}

uint64_t *u64map_get(const U64Map *h, uint64_t key) {
  if (!h->cap) return NULL;
  uint32_t mask = h->cap - 1;
  for (uint32_t i = (uint32_t)mix(key) & mask;; i = (i + 1) & mask) {
    if (!h->keys[i]) return NULL;
    if (h->keys[i] == key + 1) return &h->vals[i];
  }
}

static void grow(U64Map *h) {
  uint32_t oc = h->cap, nc = oc ? oc * 2 : 64;
  if (nc < oc) ir_die("ownership map overflow");
  uint64_t *ok = h->keys, *ov = h->vals;
  h->keys = ir_xcalloc(nc, sizeof *h->keys);
  h->vals = ir_xcalloc(nc, sizeof *h->vals);
  h->cap = nc;
  uint32_t mask = nc - 1;
  for (uint32_t j = 0; j < oc; j++) {
    if (!ok[j]) continue;
    uint32_t i = (uint32_t)mix(ok[j] - 1) & mask;
    while (h->keys[i]) i = (i + 1) & mask;
    h->keys[i] = ok[j];
    h->vals[i] = ov[j];
  }
  free(ok);
  free(ov);
}

uint64_t *u64map_put(U64Map *h, uint64_t key) {
  if ((uint64_t)(h->n + 1) * 4 > (uint64_t)h->cap * 3) grow(h);
  uint32_t mask = h->cap - 1;
  uint32_t i = (uint32_t)mix(key) & mask;
  for (;; i = (i + 1) & mask) {
    if (!h->keys[i]) break;
    if (h->keys[i] == key + 1) return &h->vals[i];
  }
  h->keys[i] = key + 1;
  h->vals[i] = 0;
  h->n++;
  return &h->vals[i];
}

void u64map_clear(U64Map *h) {
  if (h->cap > 1024 && h->n < h->cap / 16) {
    u64map_free(h);
    return;
  }
  if (h->cap) memset(h->keys, 0, h->cap * sizeof *h->keys);
  h->n = 0;
}

void u64map_free(U64Map *h) {
  free(h->keys);
  free(h->vals);
  memset(h, 0, sizeof *h);
}

/* ====================================================================== */
/* Scratch lists                                                          */
/* ====================================================================== */

/* The lists come in chunks that double (16, 16, 32, 64, ...: chunk k > 0
 * starts at index 16 << (k - 1)), one calloc each rather than one per
 * list (mixed bench, dd-own --only: 2,732 callocs of a list, 615K of
 * 58.0M, and as many frees). */
enum { TMP_CHUNK0 = 16 };

void own_tmp_grow(Own *o) {
  uint32_t n = o->n_tmp ? o->n_tmp : TMP_CHUNK0;
  U32Vec *chunk = ir_xcalloc(n, sizeof *chunk);
  for (uint32_t i = 0; i < n; i++)
    IR_VPUSH(o->tmp, o->n_tmp, o->cap_tmp, chunk + i);
}

void own_tmp_free(Own *o) {
  for (uint32_t i = 0; i < o->n_tmp; i++) u32_free(o->tmp[i]);
  for (uint32_t i = 0; i < o->n_tmp; i = i ? 2 * i : TMP_CHUNK0)
    free(o->tmp[i]);
  free(o->tmp);
  o->tmp = NULL;
  o->n_tmp = o->n_tmp_used = o->cap_tmp = 0;
}

/* ====================================================================== */
/* Ownership                                                              */
/* ====================================================================== */

static uint64_t key(uint32_t v, uint32_t blk) {
  return (uint64_t)v << 32 | blk;
}

Ownership own_get(Own *o, uint32_t v, uint32_t blk) {
  Ownership w = {OWN_UNINIT, 0};
  uint64_t *p = u64map_get(&o->own, key(v, blk));
  if (p) {
    w.state = (uint32_t)(*p >> 32);
    w.ind = (uint32_t)*p;
  }
  return w;
}

static void put(Own *o, uint32_t v, uint32_t blk, Ownership w) {
  *u64map_put(&o->own, key(v, blk)) = (uint64_t)w.state << 32 | w.ind;
}

/* MLIR's isEqualConstantIntOrValue on two indicators. */
static int same_indicator(Own *o, uint32_t a, uint32_t b) {
  if (a == b) return 1;
  int ca = em_const_bool(&o->em, a), cb = em_const_bool(&o->em, b);
  return ca >= 0 && ca == cb;
}

void own_update(Own *o, uint32_t v, Ownership w, uint32_t blk) {
  /* one probe: a new slot holds 0, which reads as uninitialized, the
   * state of an absent key */
  uint64_t *p = u64map_put(&o->own, key(v, blk));
  Ownership cur = {(uint32_t)(*p >> 32), (uint32_t)*p}, r;
  if (w.state == OWN_UNINIT)
    r = cur;
  else if (cur.state == OWN_UNINIT)
    r = w;
  else if (cur.state != OWN_UNIQUE || w.state != OWN_UNIQUE)
    r = (Ownership){OWN_UNKNOWN, 0};
  else if (same_indicator(o, cur.ind, w.ind))
    r = cur;
  else
    r = (Ownership){OWN_UNKNOWN, 0};
  *p = (uint64_t)r.state << 32 | r.ind;
}

void own_reset(Own *o, uint32_t v, uint32_t blk) {
  put(o, v, blk, (Ownership){OWN_UNINIT, 0});
}

void own_add_dealloc(Own *o, uint32_t v, uint32_t blk) {
  ir_assert(blk >= o->lv.blk0 && blk - o->lv.blk0 < o->lv.n_blk);
  u32_push(&o->dealloc[blk - o->lv.blk0], v);
}

uint32_t own_val(Own *o, uint32_t v) { return ir_map_val(o->b, o->map, v); }

uint32_t own_def_block(const IrModule *m, uint32_t v) {
  const IrValue *x = &m->values[v];
  return x->kind == IR_VAL_ARG ? x->def : m->ops[x->def].block;
}

uint32_t own_value_loc(const IrModule *m, uint32_t v) {
  const IrValue *x = &m->values[v];
  return x->kind == IR_VAL_ARG ? x->loc : m->ops[x->def].loc;
}

int own_is_memref(Own *o, uint32_t bv) {
  return own_type_is_memref(o, irb_value_type(o->b, bv));
}

/* ====================================================================== */
/* MLIR's ValueComparator                                                 */
/* ====================================================================== */

static uint32_t op_region(const IrModule *m, uint32_t op) {
  return m->blocks[m->ops[op].block].region;
}

/* The region holding the op that holds region r, IR_NONE at the top. */
static uint32_t parent_region(const IrModule *m, uint32_t r) {
  uint32_t op = m->regions[r].op;
  uint32_t blk = m->ops[op].block;
  return blk == IR_NONE ? IR_NONE : m->blocks[blk].region;
}

/* Operation::isBeforeInBlock. MLIR asks it of ops in different blocks of
 * one region too, where (without assertions) it compares the ops' order
 * indices, i.e. their positions in their own blocks; ties go by block. */
static int before(const IrModule *m, uint32_t a, uint32_t b) {
  uint32_t ba = m->ops[a].block, bb = m->ops[b].block;
  if (ba == bb) return a < b;
  uint32_t pa = a - m->blocks[ba].ops, pb = b - m->blocks[bb].ops;
  if (pa != pb) return pa < pb;
  return ba < bb;
}

static int value_less(const IrModule *m, uint32_t a, uint32_t b) {
  if (a == b) return 0;
  const IrValue *x = &m->values[a], *y = &m->values[b];
  int xa = x->kind == IR_VAL_ARG, ya = y->kind == IR_VAL_ARG;
  if (xa != ya) return xa;
  uint32_t ra, rb;
  if (xa) {
    if (x->num != y->num) return x->num < y->num;
    ra = m->blocks[x->def].region;
    rb = m->blocks[y->def].region;
    /* Same number in two blocks of one region: MLIR finds them equal. */
    if (ra == rb) return x->def < y->def;
  } else if (x->def == y->def) {
    return x->num < y->num;
  } else {
    ra = op_region(m, x->def);
    rb = op_region(m, y->def);
    if (ra == rb) return before(m, x->def, y->def);
  }
  while (ra != IR_NONE && rb != IR_NONE) {
    uint32_t na = ra - m->ops[m->regions[ra].op].regions;
    uint32_t nb = rb - m->ops[m->regions[rb].op].regions;
    if (na != nb) return na < nb;
    uint32_t pa = parent_region(m, ra), pb = parent_region(m, rb);
    if (pa == pb) {
      uint32_t oa = m->regions[ra].op, ob = m->regions[rb].op;
      if (oa == ob) return a < b;  /* MLIR: equal */
      return before(m, oa, ob);
    }
    ra = pa;
    rb = pb;
  }
  if (rb != IR_NONE) return 1;
  if (ra != IR_NONE) return 0;
  return a < b;
}

/* Merge sort: stable, n log n, and total given value_less's tie breaks. */
void own_sort_values(const IrModule *m, uint32_t *v, uint32_t n) {
  if (n < 2) return;
  if (n <= 8) {
    for (uint32_t i = 1; i < n; i++) {
      uint32_t x = v[i], j = i;
      while (j && value_less(m, x, v[j - 1])) {
        v[j] = v[j - 1];
        j--;
      }
      v[j] = x;
    }
    return;
  }
  uint32_t h = n / 2;
  own_sort_values(m, v, h);
  own_sort_values(m, v + h, n - h);
  uint32_t *t = ir_xmalloc(n * sizeof *t);
  uint32_t i = 0, j = h, k = 0;
  while (i < h && j < n) t[k++] = value_less(m, v[j], v[i]) ? v[j++] : v[i++];
  while (i < h) t[k++] = v[i++];
  while (j < n) t[k++] = v[j++];
  memcpy(v, t, n * sizeof *t);
  free(t);
}

/* ====================================================================== */
/* Live-in and retained lists                                             */
/* ====================================================================== */

void own_live_in(Own *o, uint32_t blk, U32Vec *out) {
  uint32_t n;
  const uint32_t *in = ir_live_in_bits(&o->lv, blk, &n);
  out->n = 0;
  for (uint32_t i = 0; i < n; i++) u32_push(out, o->lv.vals[in[i]]);
  own_sort_values(o->m, out->v, out->n);
}

void own_retained(Own *o, uint32_t blk, uint32_t succ, const uint32_t *fwd,
                  uint32_t nfwd, U32Vec *out, U32Vec *live) {
  out->n = 0;
  for (uint32_t i = 0; i < nfwd; i++)
    if (own_is_memref(o, fwd[i])) u32_push(out, fwd[i]);
  uint32_t first = out->n, nl, ns = 0;
  const uint32_t *l = ir_live_out_bits(&o->lv, blk, &nl), *s = NULL;
  if (succ != IR_NONE) s = ir_live_in_bits(&o->lv, succ, &ns);
  /* live-out(blk), or its intersection with live-in(succ): a merge of
   * two ascending lists */
  for (uint32_t i = 0, j = 0; i < nl; i++) {
    if (s) {
      while (j < ns && s[j] < l[i]) j++;
      if (j == ns) break;
      if (s[j] != l[i]) continue;
    }
    uint32_t v = o->lv.vals[l[i]];
    if (own_gone(o, v) && own_def_block(o->m, v) != blk) continue;
    u32_push(out, v);
  }
  if (out->n > first) own_sort_values(o->m, out->v + first, out->n - first);
  if (live) {
    live->n = 0;
    for (uint32_t i = first; i < out->n; i++) u32_push(live, out->v[i]);
  }
  for (uint32_t i = first; i < out->n; i++) out->v[i] = own_val(o, out->v[i]);
}

/* ====================================================================== */
/* Dealloc operands                                                       */
/* ====================================================================== */

int own_dealloc_operands(Own *o, uint32_t blk, uint32_t loc, U32Vec *memrefs,
                         U32Vec *conds) {
  memrefs->n = conds->n = 0;
  const U32Vec *l = &o->dealloc[blk - o->lv.blk0];
  for (uint32_t i = 0; i < l->n; i++) {
    uint32_t v = l->v[i];
    Ownership w = own_get(o, v, blk);
    if (w.state != OWN_UNIQUE) {
      ir_diag(o->d, o->c, loc, IR_SEV_ERROR,
              "MemRef value does not have valid ownership");
      return -1;
    }
    uint32_t mr = v;
    if (ir_type(o->c, irb_value_type(o->b, v))->kind == IR_T_UMEMREF)
      mr = em_rank0_cast(&o->em, v);
    u32_push(memrefs, em_base_buffer(&o->em, mr));
    u32_push(conds, w.ind);
  }
  return 0;
}

uint32_t own_emit_dealloc(Own *o, uint32_t blk, const U32Vec *memrefs,
                          const U32Vec *conds, const U32Vec *retained) {
  uint32_t op = em_dealloc(&o->em, memrefs->v, conds->v, memrefs->n,
                           retained->v, retained->n);
  if (o->opts.stats) {
    o->opts.stats->deallocs++;
    o->opts.stats->dealloc_memrefs += memrefs->n;
    o->opts.stats->retained += retained->n;
  }
  /* The retained values now have the dealloc's results as ownership. A
   * value retained twice gets two equal results; MLIR joins them into
   * 'unknown' (and fails later), we keep the first. */
  for (uint32_t i = 0; i < retained->n; i++)
    own_reset(o, retained->v[i], blk);
  for (uint32_t i = 0; i < retained->n; i++) {
    uint32_t j = 0;
    while (j < i && retained->v[j] != retained->v[i]) j++;
    if (j < i) continue;
    own_update(o, retained->v[i], own_unique(irb_op_result(o->b, op, i)),
               blk);
  }
  return op;
}

/* ====================================================================== */
/* Placement                                                              */
/* ====================================================================== */

void own_session(Own *o) {
  BlockOut *bo = o->cur;
  u32_push(bo->starts, bo->head->n);
  o->em.block = IR_NONE;
  o->em.sink = bo->head;
}

void own_before(Own *o) {
  o->em.block = IR_NONE;
  o->em.sink = o->cur->body;
}
