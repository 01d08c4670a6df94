/*
 * canon_bufferization.c - canonicalization of the bufferization dialect:
 * the six bufferization.dealloc patterns (MLIR's
 * populateDeallocOpCanonicalizationPatterns, in its order), the clone
 * folder and SimplifyClones, and the to_tensor / to_buffer folds.
 *
 * A dealloc's operands are three segments: memrefs, their conditions, and
 * the retained memrefs (one i1 result each). dealloc_* below read and
 * rewrite them; simplify.c uses the same helpers.
 */
#include <stdlib.h>

#include "canon.h"
#include "canon_dealloc.h"

/* ====================================================================== */
/* Dealloc operand segments                                               */
/* ====================================================================== */

/* Read op's lists into buf (grown to fit): -1 if malformed. */
static int parts_read(Canon *c, uint32_t op, uint32_t **buf, uint32_t *cap,
                      uint32_t *small, uint32_t n_small, uint32_t *nm,
                      uint32_t *nr) {
  uint32_t f[3], n[3];
  if (rw_segments(c->rw, op, 3, f, n) < 0) return -1;
  uint32_t f0 = f[0], n0 = n[0], f1 = f[1], n1 = n[1], f2 = f[2], n2 = n[2];
  if (n0 != n1 || f2 + n2 != c->rw->ops[op].n_opd || n2 != c->rw->ops[op].n_res)
    return -1;
  uint32_t need = 2 * n0 + n2 + 1;
  if (small && need <= n_small) *buf = small;
  else if (need > *cap) {
    free(*buf == small ? NULL : *buf);
    *buf = ir_xmalloc(need * sizeof **buf);
    *cap = need;
  }
  uint32_t *m = *buf;
  for (uint32_t i = 0; i < n0; i++) m[i] = rw_operand(c->rw, op, f0 + i);
  for (uint32_t i = 0; i < n0; i++) m[n0 + i] = rw_operand(c->rw, op, f1 + i);
  for (uint32_t i = 0; i < n2; i++) m[2 * n0 + i] = rw_operand(c->rw, op, f2 + i);
  *nm = n0;
  *nr = n2;
  return 0;
}

/* The six dealloc patterns each read the op the driver popped: the first
 * fills the cache, the others (and dealloc_update) view it. A reader
 * that comes while views are out gets a copy. */
int dealloc_parts(Canon *c, uint32_t op, DeallocParts *d) {
  Rw *rw = c->rw;
  int hit = c->dp_valid && c->dp_op == op && c->dp_epoch == rw->epoch &&
            c->dp_props == rw->ops[op].props;
  if (!hit && c->dp_held) {
    d->view = NULL;
    d->own = NULL;
    uint32_t *buf = NULL, cap = 0;
    if (parts_read(c, op, &buf, &cap, d->small, sizeof d->small / sizeof *d->small,
                   &d->n_mem, &d->n_ret) < 0)
      return -1;
    if (buf != d->small) d->own = buf;
    d->mem = buf;
  } else {
    if (!hit) {
      c->dp_valid = 0;
      if (parts_read(c, op, &c->dp_buf, &c->cap_dp, NULL, 0, &c->dp_nm, &c->dp_nr) < 0)
        return -1;
      c->dp_valid = 1;
      c->dp_op = op;
      c->dp_epoch = rw->epoch;
      c->dp_props = rw->ops[op].props;
    }
    d->view = c;
    c->dp_held++;
    d->own = NULL;
    d->n_mem = c->dp_nm;
    d->n_ret = c->dp_nr;
    d->mem = c->dp_buf;
  }
  d->cond = d->mem + d->n_mem;
  d->ret = d->cond + d->n_mem;
  return 0;
}

void dealloc_parts_free(DeallocParts *d) {
  if (d->view) d->view->dp_held--;
  free(d->own);
  d->view = NULL;
  d->own = NULL;
  d->mem = d->cond = d->ret = NULL;
}

static uint32_t dealloc_props(Canon *c, uint32_t old_props, uint32_t nm, uint32_t nr) {
  uint32_t h = ((old_props * 2654435761u) ^ (nm * 0x9E3779B1u) ^ (nr * 0x85EBCA77u)) >> 26;
  if (c->dprops[h].props && c->dprops[h].old == old_props && c->dprops[h].nm == nm &&
      c->dprops[h].nr == nr)
    return c->dprops[h].props;
  int64_t seg[3] = {nm, nm, nr};
  uint32_t p = ir_dict_set(c->ctx, old_props, c->s_segments, ir_attr_dense_i32(c->ctx, 3, seg));
  c->dprops[h].old = old_props;
  c->dprops[h].nm = nm;
  c->dprops[h].nr = nr;
  c->dprops[h].props = p;
  return p;
}

uint32_t dealloc_create(Canon *c, uint32_t at, const uint32_t *mem,
                        const uint32_t *cond, uint32_t nm, const uint32_t *ret,
                        uint32_t nr) {
  uint32_t n = 2 * nm + nr;
  uint32_t opd_s[32], tys_s[16];
  uint32_t *opd = canon_buf(opd_s, 32, n + 1);
  uint32_t *tys = canon_buf(tys_s, 16, nr + 1);
  memcpy(opd, mem, nm * sizeof *opd);
  memcpy(opd + nm, cond, nm * sizeof *opd);
  memcpy(opd + 2 * nm, ret, nr * sizeof *opd);
  for (uint32_t i = 0; i < nr; i++) tys[i] = c->t_i1;
  RwSpec s = {0};
  s.name = c->s_dealloc;
  s.loc = c->rw->ops[at].loc;
  s.operands = opd;
  s.n_operands = n;
  s.types = tys;
  s.n_results = nr;
  s.props = dealloc_props(c, c->rw->ops[at].props, nm, nr);
  s.attrs = c->rw->ops[at].attrs;
  uint32_t op = rw_create(c->rw, rw_ip_before(c->rw, at), &s);
  canon_buf_free(opd, opd_s);
  canon_buf_free(tys, tys_s);
  return op;
}

int dealloc_update(Canon *c, uint32_t op, const uint32_t *mem,
                   const uint32_t *cond, uint32_t nm) {
  DeallocParts d;
  if (dealloc_parts(c, op, &d) < 0) return 0;
  if (nm == d.n_mem) {
    int same = 1;
    for (uint32_t i = 0; i < nm && same; i++)
      if (d.mem[i] != mem[i] || d.cond[i] != cond[i]) same = 0;
    if (same) {
      dealloc_parts_free(&d);
      return 0;
    }
  }
  uint32_t nr = d.n_ret;
  uint32_t n = 2 * nm + nr;
  uint32_t opd_s[32], *opd = canon_buf(opd_s, 32, n + 1);
  memcpy(opd, mem, nm * sizeof *opd);
  memcpy(opd + nm, cond, nm * sizeof *opd);
  for (uint32_t i = 0; i < nr; i++) opd[2 * nm + i] = d.ret[i];
  /* the same counts in the same form: the props would come out equal
   * (interned), and building them is most of an update's cost */
  int same_segments = 0;
  if (nm == d.n_mem) {
    uint32_t p = c->rw->ops[op].props;
    uint32_t s = p ? ir_dict_get(c->ctx, p, c->s_segments) : 0;
    const IrAttr *a = s ? ir_attr(c->ctx, s) : NULL;
    /* (i32 is interned by then, as the attribute is one) */
    same_segments = a && a->kind == IR_A_DENSE_ARRAY && a->n == 3 &&
                    a->type == ir_type_int(c->ctx, 32);
  }
  dealloc_parts_free(&d);
  rw_set_operands(c->rw, op, opd, n);
  if (!same_segments)
    c->rw->ops[op].props = dealloc_props(c, c->rw->ops[op].props, nm, nr);
  canon_buf_free(opd, opd_s);
  rw_modified(c->rw, op);
  return 1;
}

int canon_allocates(const Rw *rw, uint32_t op, uint32_t v) {
  if (op == RW_NONE || !(rw_traits(rw, op) & IR_TR_ALLOC)) return 0;
  return rw->ops[op].n_res && rw_result(rw, op, 0) == v;
}

/* ====================================================================== */
/* The dealloc patterns                                                   */
/* ====================================================================== */

/* Scratch lists: memrefs, conditions. */
typedef struct Lists {
  uint32_t *mem, *cond;
  uint32_t n;
  uint32_t small_mem[16], small_cond[16];
} Lists;

static void lists_init(Lists *l, uint32_t cap) {
  l->mem = canon_buf(l->small_mem, 16, (size_t)cap + 1);
  l->cond = canon_buf(l->small_cond, 16, (size_t)cap + 1);
  l->n = 0;
}

static void lists_free(Lists *l) {
  canon_buf_free(l->mem, l->small_mem);
  canon_buf_free(l->cond, l->small_cond);
}

/* A memref listed twice: keep the first, or-ing the conditions. */
static int p_remove_duplicate_memrefs(Canon *c, uint32_t op) {
  DeallocParts d;
  if (dealloc_parts(c, op, &d) < 0) return 0;
  uint32_t nm = d.n_mem;
  Lists l;
  lists_init(&l, nm);
  /* quadratic only in the number of distinct memrefs sharing a hash slot:
   * a small open-addressed map value -> index */
  uint32_t cap = 8;
  while (cap < 2 * nm + 2) cap <<= 1;
  uint32_t key_s[32], idx_s[32];
  uint32_t *key = canon_buf(key_s, 32, cap), *idx = canon_buf(idx_s, 32, cap);
  memset(key, 0xff, cap * sizeof *key);
  for (uint32_t i = 0; i < nm; i++) {
    uint32_t m = d.mem[i], cnd = d.cond[i];
    uint32_t h = (m * 2654435761u) & (cap - 1);
    while (key[h] != RW_NONE && key[h] != m) h = (h + 1) & (cap - 1);
    if (key[h] == m) {
      uint32_t *nc = &l.cond[idx[h]];
      if (*nc != cnd) {
        uint32_t v[2] = {*nc, cnd};
        *nc = canon_make_op(c, op, c->s_ori, v, 2, c->t_i1, 0);
      }
      continue;
    }
    key[h] = m;
    idx[h] = l.n;
    l.mem[l.n] = m;
    l.cond[l.n++] = cnd;
  }
  canon_buf_free(key, key_s);
  canon_buf_free(idx, idx_s);
  dealloc_parts_free(&d);
  /* no duplicate: the lists are the op's own, nothing to update */
  int r = l.n != nm && dealloc_update(c, op, l.mem, l.cond, l.n);
  lists_free(&l);
  return r;
}

/* A retained memref listed twice: one result serves both. */
static int p_remove_duplicate_retained(Canon *c, uint32_t op) {
  DeallocParts d;
  if (dealloc_parts(c, op, &d) < 0) return 0;
  uint32_t nr = d.n_ret;
  uint32_t ret_s[16], map_s[16], key_s[32], idx_s[32];
  uint32_t *ret = canon_buf(ret_s, 16, (size_t)nr + 1);
  uint32_t *map = canon_buf(map_s, 16, (size_t)nr + 1);
  uint32_t cap = 8;
  while (cap < 2 * nr + 2) cap <<= 1;
  uint32_t *key = canon_buf(key_s, 32, cap), *idx = canon_buf(idx_s, 32, cap);
  memset(key, 0xff, cap * sizeof *key);
  uint32_t n = 0;
  for (uint32_t i = 0; i < nr; i++) {
    uint32_t v = d.ret[i];
    uint32_t h = (v * 2654435761u) & (cap - 1);
    while (key[h] != RW_NONE && key[h] != v) h = (h + 1) & (cap - 1);
    if (key[h] == v) {
      map[i] = idx[h];
      continue;
    }
    key[h] = v;
    idx[h] = n;
    map[i] = n;
    ret[n++] = v;
  }
  canon_buf_free(key, key_s);
  canon_buf_free(idx, idx_s);
  int changed = n != nr;
  if (changed) {
    uint32_t nm = d.n_mem;
    uint32_t *mem = ir_xmalloc((nm + 1) * sizeof *mem), *cond = ir_xmalloc((nm + 1) * sizeof *cond);
    for (uint32_t i = 0; i < nm; i++) mem[i] = d.mem[i], cond[i] = d.cond[i];
    uint32_t nd = dealloc_create(c, op, mem, cond, nm, ret, n);
    uint32_t *repl = ir_xmalloc((nr + 1) * sizeof *repl);
    for (uint32_t i = 0; i < nr; i++) repl[i] = rw_result(c->rw, nd, map[i]);
    canon_replace(c, op, repl);
    free(repl);
    free(mem);
    free(cond);
  }
  canon_buf_free(ret, ret_s);
  canon_buf_free(map, map_s);
  dealloc_parts_free(&d);
  return changed;
}

/* No memrefs: every result is false. */
static int p_erase_empty(Canon *c, uint32_t op) {
  DeallocParts d;
  if (dealloc_parts(c, op, &d) < 0) return 0;
  uint32_t nr = d.n_ret, nm = d.n_mem;
  dealloc_parts_free(&d);
  if (nm) return 0;
  uint32_t f = canon_make_bool(c, rw_ip_before(c->rw, op), 0, c->rw->ops[op].loc);
  uint32_t *repl = ir_xmalloc((nr + 1) * sizeof *repl);
  for (uint32_t i = 0; i < nr; i++) repl[i] = f;
  canon_replace(c, op, repl);
  free(repl);
  return 1;
}

/* A memref whose condition is constant false is never freed. */
static int p_erase_always_false(Canon *c, uint32_t op) {
  DeallocParts d;
  if (dealloc_parts(c, op, &d) < 0) return 0;
  Lists l;
  lists_init(&l, d.n_mem);
  for (uint32_t i = 0; i < d.n_mem; i++) {
    if (canon_is_const_int(c, d.cond[i], 0)) continue;
    l.mem[l.n] = d.mem[i];
    l.cond[l.n++] = d.cond[i];
  }
  uint32_t nm = d.n_mem;
  dealloc_parts_free(&d);
  /* none dropped: nothing to update (dealloc_update would compare equal) */
  int r = l.n != nm && dealloc_update(c, op, l.mem, l.cond, l.n);
  lists_free(&l);
  return r;
}

/* extract_strided_metadata of an allocation: free the allocation itself. */
static int p_skip_extract_metadata_of_alloc(Canon *c, uint32_t op) {
  DeallocParts d;
  if (dealloc_parts(c, op, &d) < 0) return 0;
  Lists l;
  lists_init(&l, d.n_mem);
  int any = 0;
  for (uint32_t i = 0; i < d.n_mem; i++) {
    uint32_t m = d.mem[i];
    uint32_t x = rw_def(c->rw, m);
    if (x != RW_NONE && c->rw->ops[x].opc == IR_OP_EXTRACT_STRIDED_METADATA) {
      uint32_t src = rw_operand(c->rw, x, 0);
      if (canon_allocates(c->rw, rw_def(c->rw, src), src)) m = src, any = 1;
    }
    l.mem[l.n] = m;
    l.cond[l.n++] = d.cond[i];
  }
  dealloc_parts_free(&d);
  int r = any && dealloc_update(c, op, l.mem, l.cond, l.n);
  lists_free(&l);
  return r;
}

/* An allocation whose only use is this dealloc: drop both. */
static int p_remove_alloc_dealloc_pair(Canon *c, uint32_t op) {
  DeallocParts d;
  if (dealloc_parts(c, op, &d) < 0) return 0;
  Lists l;
  lists_init(&l, d.n_mem);
  uint32_t del_s[16], *del = canon_buf(del_s, 16, (size_t)d.n_mem + 1), nd = 0;
  for (uint32_t i = 0; i < d.n_mem; i++) {
    uint32_t m = d.mem[i];
    uint32_t a = rw_def(c->rw, m);
    /* an Allocate effect on m and no other effect on m (a clone also
     * writes its result; a realloc's free is on its operand) */
    if (canon_allocates(c->rw, a, m) && c->rw->ops[a].opc != IR_OP_CLONE &&
        rw_has_one_use(c->rw, m)) {
      del[nd++] = a;
      continue;
    }
    l.mem[l.n] = m;
    l.cond[l.n++] = d.cond[i];
  }
  dealloc_parts_free(&d);
  int r = nd && dealloc_update(c, op, l.mem, l.cond, l.n);
  if (r)
    for (uint32_t i = 0; i < nd; i++)
      if (rw_alive(c->rw, del[i])) rw_erase_op(c->rw, del[i]);
  canon_buf_free(del, del_s);
  lists_free(&l);
  return r;
}

void canon_rules_dealloc(CanonRules *r) {
  canon_add_pattern(r, IR_OP_BDEALLOC, p_remove_duplicate_memrefs);
  canon_add_pattern(r, IR_OP_BDEALLOC, p_remove_duplicate_retained);
  canon_add_pattern(r, IR_OP_BDEALLOC, p_erase_empty);
  canon_add_pattern(r, IR_OP_BDEALLOC, p_erase_always_false);
  canon_add_pattern(r, IR_OP_BDEALLOC, p_skip_extract_metadata_of_alloc);
  canon_add_pattern(r, IR_OP_BDEALLOC, p_remove_alloc_dealloc_pair);
}

/* ====================================================================== */
/* Clone                                                                  */
/* ====================================================================== */

/* memref::foldMemRefCast: operands defined by a memref.cast of a ranked
 * memref use the cast's source instead. */
int canon_fold_memref_cast(Canon *c, uint32_t op, uint32_t inner) {
  Rw *rw = c->rw;
  int folded = 0;
  for (uint32_t k = 0; k < rw->ops[op].n_opd; k++) {
    uint32_t v = rw_operand(rw, op, k);
    if (v == RW_NONE) continue;
    uint32_t d = rw_def(rw, v);
    if (d == RW_NONE || rw->ops[d].opc != IR_OP_MEMREF_CAST || v == inner) continue;
    uint32_t src = rw_operand(rw, d, 0);
    if (ir_type(c->ctx, rw_type(rw, src))->kind == IR_T_UMEMREF) continue;
    rw_set_operand(rw, op, k, src);
    folded = 1;
  }
  return folded;
}

static int fold_clone(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  (void)cst;
  (void)r;
  return canon_fold_memref_cast(c, op, RW_NONE) ? CANON_INPLACE : CANON_FAIL;
}

/* Does op free value v (a Free effect on it)? */
static int frees_value(const Rw *rw, uint32_t op, uint32_t v) {
  uint32_t opc = rw->ops[op].opc;
  if (opc == IR_OP_DEALLOC || opc == IR_OP_REALLOC || opc == IR_OP_GPU_DEALLOC)
    return rw_operand(rw, op, 0) == v ||
           (opc == IR_OP_GPU_DEALLOC && rw->ops[op].n_opd && rw_operand(rw, op, rw->ops[op].n_opd - 1) == v);
  /* bufferization.dealloc frees, but not through an effect on a value:
   * MLIR's findDealloc does not see it */
  return 0;
}

/* memref::findDealloc: the one user freeing v (RW_NONE if none); -1 if
 * several. */
static int64_t find_dealloc(const Rw *rw, uint32_t v) {
  int64_t found = RW_NONE;
  for (uint32_t u = rw->vals[v].first_use; u != RW_NONE; u = rw->uses[u].next) {
    uint32_t user = rw->uses[u].op;
    if (!frees_value(rw, user, v)) continue;
    if (found != RW_NONE && found != (int64_t)user) return -1;
    found = user;
  }
  return found;
}

/* memref::CastOp::areCastCompatible for two memref types. */
int canon_cast_compatible(IrCtx *c, uint32_t a, uint32_t b) {
  if (a == b) return 1;
  const IrType *ta = ir_type(c, a), *tb = ir_type(c, b);
  if ((ta->kind != IR_T_MEMREF && ta->kind != IR_T_UMEMREF) ||
      (tb->kind != IR_T_MEMREF && tb->kind != IR_T_UMEMREF))
    return 0;
  if (ta->elem != tb->elem || ta->space != tb->space) return 0;
  if (ta->kind == IR_T_UMEMREF && tb->kind == IR_T_UMEMREF) return 0;
  if (ta->kind == IR_T_UMEMREF || tb->kind == IR_T_UMEMREF) return 1;
  if (ta->n != tb->n) return 0;
  const int64_t *da = ir_type_dims(c, a), *db = ir_type_dims(c, b);
  for (uint32_t i = 0; i < ta->n; i++)
    if (da[i] != IR_DYN && db[i] != IR_DYN && da[i] != db[i]) return 0;
  if (ta->layout != tb->layout) {
    int64_t oa, ob;
    int64_t *sa = ir_xmalloc((ta->n + 1) * sizeof *sa), *sb = ir_xmalloc((ta->n + 1) * sizeof *sb);
    int ok = ir_type_strides(c, a, &oa, sa) && ir_type_strides(c, b, &ob, sb);
    if (ok && oa != ob && oa != IR_DYN && ob != IR_DYN) ok = 0;
    for (uint32_t i = 0; ok && i < ta->n; i++)
      if (sa[i] != sb[i] && sa[i] != IR_DYN && sb[i] != IR_DYN) ok = 0;
    free(sa);
    free(sb);
    if (!ok) return 0;
  }
  return 1;
}

static int is_view_like(const Rw *rw, uint32_t op) {
  return op != RW_NONE && (rw_traits(rw, op) & IR_TR_VIEW);
}

static int p_simplify_clones(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  if (rw_op_unused(rw, op)) {
    rw_erase_op(rw, op);
    return 1;
  }
  uint32_t src = rw_operand(rw, op, 0), out = rw_result(rw, op, 0);
  uint32_t st = rw_type(rw, src), ct = rw_type(rw, out);
  if (st != ct && !canon_cast_compatible(c->ctx, st, ct)) return 0;
  uint32_t canonical = src;
  for (uint32_t d = rw_def(rw, canonical); is_view_like(rw, d); d = rw_def(rw, canonical))
    canonical = rw_operand(rw, d, 0);
  int64_t cd = find_dealloc(rw, out);
  if (cd < 0) return 0;
  int64_t sd = find_dealloc(rw, canonical);
  if (sd < 0) return 0;
  uint32_t clone_dealloc = (uint32_t)cd, source_dealloc = (uint32_t)sd;
  if (clone_dealloc != RW_NONE && source_dealloc != RW_NONE &&
      rw->ops[clone_dealloc].block == rw->ops[source_dealloc].block)
    return 0;
  uint32_t blk = rw->ops[op].block, redundant = RW_NONE;
  if (clone_dealloc != RW_NONE && rw->ops[clone_dealloc].block == blk)
    redundant = clone_dealloc;
  else if (source_dealloc != RW_NONE && rw->ops[source_dealloc].block == blk)
    redundant = source_dealloc;
  /* only a memref.dealloc may go (a realloc also frees, but it has a
   * result) */
  if (redundant == RW_NONE || rw->ops[redundant].opc != IR_OP_DEALLOC) return 0;
  for (uint32_t p = rw->ops[op].next; p != redundant; p = rw->ops[p].next) {
    if (p == RW_NONE) return 0;
    uint32_t tr = rw_traits(rw, p);
    if ((tr & (IR_TR_PURE | IR_TR_READ | IR_TR_WRITE | IR_TR_ALLOC | IR_TR_FREE)) &&
        (tr & IR_TR_FREE))
      return 0;
  }
  uint32_t repl = src;
  if (st != ct) repl = canon_make_op(c, op, c->s_memref_cast, &src, 1, ct, 0);
  canon_replace(c, op, &repl);
  rw_erase_op(rw, redundant);
  return 1;
}

/* ====================================================================== */
/* to_tensor / to_buffer                                                  */
/* ====================================================================== */

/* to_buffer(to_tensor(m)) -> m when the types match */
static int fold_to_buffer(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  (void)cst;
  uint32_t in = rw_operand(c->rw, op, 0);
  uint32_t d = rw_def(c->rw, in);
  if (d != RW_NONE && c->rw->ops[d].opc == IR_OP_TO_TENSOR) {
    uint32_t m = rw_operand(c->rw, d, 0);
    if (rw_type(c->rw, m) == rw_type(c->rw, rw_result(c->rw, op, 0))) {
      r[0].val = m;
      r[0].attr = 0;
      return CANON_REPLACE;
    }
  }
  return CANON_FAIL;
}

/* to_tensor(to_buffer(t)) -> t when the to_buffer comes right before */
static int fold_to_tensor(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  (void)cst;
  uint32_t in = rw_operand(c->rw, op, 0);
  uint32_t d = rw_def(c->rw, in);
  if (d != RW_NONE && c->rw->ops[d].opc == IR_OP_TO_BUFFER &&
      c->rw->ops[d].block == c->rw->ops[op].block && c->rw->ops[d].next == op) {
    uint32_t t = rw_operand(c->rw, d, 0);
    if (rw_type(c->rw, t) == rw_type(c->rw, rw_result(c->rw, op, 0))) {
      r[0].val = t;
      r[0].attr = 0;
      return CANON_REPLACE;
    }
  }
  return CANON_FAIL;
}

/* ====================================================================== */
/* Tensors meeting buffers                                                */
/* ====================================================================== */

static uint32_t result0(Canon *c, uint32_t op) { return rw_result(c->rw, op, 0); }

/* tensor.dim(to_tensor(m), i) -> memref.dim(m, i) */
static int p_dim_of_to_tensor(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  uint32_t d = rw_def(rw, rw_operand(rw, op, 0));
  if (d == RW_NONE || rw->ops[d].opc != IR_OP_TO_TENSOR) return 0;
  uint32_t v[2] = {rw_operand(rw, d, 0), rw_operand(rw, op, 1)};
  uint32_t nv = canon_make_op(c, op, ir_cstr(c->ctx, "memref.dim"), v, 2, c->t_index, 0);
  canon_replace(c, op, &nv);
  return 1;
}

/* memref.load(to_buffer(t) read_only)[i] -> tensor.extract t[i] */
static int p_load_of_to_buffer(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  uint32_t d = rw_def(rw, rw_operand(rw, op, 0));
  if (d == RW_NONE || rw->ops[d].opc != IR_OP_TO_BUFFER || !rw_prop(rw, d, "read_only")) return 0;
  uint32_t n = rw->ops[op].n_opd;
  uint32_t *v = ir_xmalloc((n + 1) * sizeof *v);
  v[0] = rw_operand(rw, d, 0);
  for (uint32_t i = 1; i < n; i++) v[i] = rw_operand(rw, op, i);
  uint32_t nv = canon_make_op(c, op, ir_cstr(c->ctx, "tensor.extract"), v, n,
                              rw_type(rw, result0(c, op)), 0);
  free(v);
  canon_replace(c, op, &nv);
  return 1;
}

/* to_buffer(tensor.cast(t)) -> memref.cast(to_buffer(t)): the buffer type
 * takes t's static shape (layout and memory space kept). */
static int p_to_buffer_of_cast(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  IrCtx *x = c->ctx;
  uint32_t d = rw_def(rw, rw_operand(rw, op, 0));
  if (d == RW_NONE || rw->ops[d].opc != IR_OP_TENSOR_CAST) return 0;
  uint32_t src = rw_operand(rw, d, 0);
  uint32_t st = rw_type(rw, src);
  const IrType *tt = ir_type(x, st);
  if (tt->kind != IR_T_TENSOR) return 0;
  uint32_t bt = rw_type(rw, result0(c, op));
  const IrType *b = ir_type(x, bt);
  uint32_t nt;
  const int64_t *dims = ir_type_dims(x, st);
  if (b->kind == IR_T_MEMREF) nt = ir_type_memref(x, tt->n, dims, tt->elem, b->layout, b->space);
  else if (b->kind == IR_T_UMEMREF) nt = ir_type_memref(x, tt->n, dims, tt->elem, 0, b->space);
  else return 0;
  uint32_t nb = canon_make_op(c, op, rw->ops[op].name, &src, 1, nt, rw->ops[op].props);
  uint32_t cast = canon_make_op(c, op, c->s_memref_cast, &nb, 1, bt, 0);
  canon_replace(c, op, &cast);
  return 1;
}

/* castOrReallocMemRefValue's test: no dynamic offset or stride becomes
 * static. */
static int guaranteed_cast_compatible(IrCtx *x, uint32_t a, uint32_t b) {
  uint32_t n = ir_type(x, a)->n;
  int64_t oa, ob;
  int64_t *sa = ir_xmalloc((n + 1) * sizeof *sa), *sb = ir_xmalloc((n + 1) * sizeof *sb);
  int ok = ir_type_strides(x, a, &oa, sa) && ir_type_strides(x, b, &ob, sb);
  if (ok && oa == IR_DYN && ob != IR_DYN) ok = 0;
  for (uint32_t i = 0; ok && i < n; i++)
    if (sa[i] == IR_DYN && sb[i] != IR_DYN) ok = 0;
  free(sa);
  free(sb);
  return ok;
}

/* to_buffer(to_tensor(m)) with different buffer types: a cast when it
 * always holds, else a new allocation and a copy. */
static int p_to_buffer_to_tensor(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  IrCtx *x = c->ctx;
  uint32_t d = rw_def(rw, rw_operand(rw, op, 0));
  if (d == RW_NONE || rw->ops[d].opc != IR_OP_TO_TENSOR) return 0;
  uint32_t m = rw_operand(rw, d, 0);
  uint32_t st = rw_type(rw, m), dt = rw_type(rw, result0(c, op));
  if (st == dt) {
    canon_replace(c, op, &m);
    return 1;
  }
  const IrType *s = ir_type(x, st), *t = ir_type(x, dt);
  if (s->kind == IR_T_MEMREF && t->kind == IR_T_MEMREF) {
    if (s->elem != t->elem || s->n != t->n) return 0;
    uint32_t nv;
    if (canon_cast_compatible(x, st, dt) && guaranteed_cast_compatible(x, st, dt)) {
      nv = canon_make_op(c, op, c->s_memref_cast, &m, 1, dt, 0);
    } else if (ir_type_layout_symbols(x, dt)) {
      /* MLIR allocates the new buffer with no symbol operands, which its
       * own verifier then refuses ('symbol operand count does not equal
       * memref symbol count'): left as it is here */
      return 0;
    } else {
      const int64_t *dims = ir_type_dims(x, dt);
      uint32_t *dyn = ir_xmalloc((t->n + 1) * sizeof *dyn), nd = 0;
      for (uint32_t i = 0; i < t->n; i++) {
        if (dims[i] != IR_DYN) continue;
        uint32_t k = canon_make_constant(c, rw_ip_before(rw, op), ir_attr_int(x, i, c->t_index),
                                         c->t_index, rw->ops[op].loc);
        uint32_t v[2] = {m, k};
        dyn[nd++] = canon_make_op(c, op, ir_cstr(x, "memref.dim"), v, 2, c->t_index, 0);
      }
      int64_t seg[2] = {nd, 0};
      uint32_t props = ir_dict_set(x, 0, c->s_segments, ir_attr_dense_i32(x, 2, seg));
      nv = canon_make_op(c, op, ir_cstr(x, "memref.alloc"), dyn, nd, dt, props);
      uint32_t cv[2] = {m, nv};
      rw_create1(rw, rw_ip_before(rw, op), ir_cstr(x, "memref.copy"), rw->ops[op].loc, cv, 2, 0, 0);
      free(dyn);
    }
    canon_replace(c, op, &nv);
    return 1;
  }
  if (s->kind == IR_T_UMEMREF && t->kind == IR_T_MEMREF) return 0;
  if (!canon_cast_compatible(x, st, dt)) return 0;
  uint32_t nv = canon_make_op(c, op, c->s_memref_cast, &m, 1, dt, 0);
  canon_replace(c, op, &nv);
  return 1;
}

/* alloc_tensor with constant (non-negative) sizes: a more static tensor and
 * a tensor.cast back. */
static int p_alloc_tensor_static_dims(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  IrCtx *x = c->ctx;
  uint32_t ty = rw_type(rw, result0(c, op));
  const IrType *t = ir_type(x, ty);
  uint32_t f0, n0;
  if (t->kind != IR_T_TENSOR || rw_segment(rw, op, 0, &f0, &n0) < 0) return 0;
  const int64_t *dims = ir_type_dims(x, ty);
  int64_t *shape = ir_xmalloc((t->n + 1) * sizeof *shape);
  uint32_t *dyn = ir_xmalloc((n0 + 1) * sizeof *dyn), nd = 0, k = 0;
  for (uint32_t i = 0; i < t->n; i++) {
    shape[i] = dims[i];
    if (dims[i] != IR_DYN) continue;
    if (k >= n0) break;
    uint32_t v = rw_operand(rw, op, f0 + k++);
    int64_t val;
    if (canon_value_int(c, v, &val) && val >= 0) shape[i] = val;
    else dyn[nd++] = v;
  }
  uint32_t nt = ir_type_intern(x, &(IrType){.kind = IR_T_TENSOR, .elem = t->elem, .n = t->n,
                                            .layout = t->layout}, shape, NULL);
  int changed = nt != ty;
  if (changed) {
    int64_t seg[3] = {nd, 0, 0};
    uint32_t props = ir_dict_set(x, 0, c->s_segments, ir_attr_dense_i32(x, 3, seg));
    uint32_t na = canon_make_op(c, op, rw->ops[op].name, dyn, nd, nt, props);
    uint32_t cast = canon_make_op(c, op, ir_cstr(x, "tensor.cast"), &na, 1, ty, 0);
    canon_replace(c, op, &cast);
  }
  free(shape);
  free(dyn);
  return changed;
}

static int fold_tensor_dim(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  int64_t idx;
  uint32_t ty = rw_type(c->rw, rw_operand(c->rw, op, 0));
  const IrType *t = ir_type(c->ctx, ty);
  if (t->kind != IR_T_TENSOR || !canon_attr_int(c->ctx, cst[1], &idx) || idx < 0 ||
      (uint64_t)idx >= t->n)
    return CANON_FAIL;
  int64_t d = ir_type_dims(c->ctx, ty)[idx];
  if (d == IR_DYN) return CANON_FAIL;
  r[0].val = RW_NONE;
  r[0].attr = ir_attr_int(c->ctx, d, c->t_index);
  return CANON_REPLACE;
}

void canon_rules_bufferization(CanonRules *r) {
  canon_rules_dealloc(r);
  r->fold[IR_OP_CLONE] = fold_clone;
  canon_add_pattern(r, IR_OP_CLONE, p_simplify_clones);
  r->fold[IR_OP_TO_BUFFER] = fold_to_buffer;
  r->fold[IR_OP_TO_TENSOR] = fold_to_tensor;
  canon_add_pattern(r, IR_OP_TO_BUFFER, p_to_buffer_of_cast);
  canon_add_pattern(r, IR_OP_TO_BUFFER, p_to_buffer_to_tensor);
  canon_add_pattern(r, IR_OP_ALLOC_TENSOR, p_alloc_tensor_static_dims);
  canon_add_pattern(r, IR_OP_TENSOR_DIM, p_dim_of_to_tensor);
  r->fold[IR_OP_TENSOR_DIM] = fold_tensor_dim;
  canon_add_pattern(r, IR_OP_LOAD, p_load_of_to_buffer);
}
