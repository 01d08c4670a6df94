/*
 * simplify.c - MLIR's -buffer-deallocation-simplification: four
 * bufferization.dealloc patterns that need to know whether two memrefs
 * are the same allocation (libir's buffer-origin analysis), applied by the
 * greedy driver together with dealloc's canonicalization patterns and
 * every op's folder, bottom-up, as MLIR's pass does:
 *
 *   - a memref to free that is also retained (same allocation, and no
 *     retained value that only may be it) is never freed: drop it, or-ing
 *     its condition into the retained value's result;
 *   - a retained memref that cannot be any memref freed here: its result is
 *     false and it leaves the retained list;
 *   - a memref that can be no other memref of the list is split off into
 *     its own dealloc (the results are or-ed back together);
 *   - a retained memref that is freed under condition true: its result is
 *     true; when that holds for all retained values, those memrefs go.
 *
 * The analysis describes the input; the rewrites only add i1 values and
 * deallocs over the input's memrefs, so its answers stay valid.
 */
#include <pthread.h>
#include <stdlib.h>

#include "canon.h"
#include "canon_dealloc.h"

typedef struct Simp {
  IrOrigin *origin;
  uint32_t n_vals;        /* values of the analysed input */
  uint32_t *stamp;        /* per terminal value: head[] is valid when
                             stamp == clock */
  uint32_t *head;         /* per terminal: first link of the entries whose
                             origin holds it */
  uint32_t *link_entry, *link_next;   /* the links (terminal, entry) */
  uint32_t n_link, cap_link;
  uint32_t clock;
} Simp;

/* A list's origins, indexed so that "may v alias any entry?" looks only
 * at the entries for which the answer of ir_origin_same can be other than
 * "different": those sharing a terminal with v, and those whose origin
 * class does not let disjointness decide (MLIR compares every pair, which
 * is quadratic in the list's length). */
typedef struct ListSum {
  uint32_t *bad;        /* entries of class 0 (unknown / other origin) */
  uint32_t *non_alloc;  /* entries of class 0 or 1 (not all allocations) */
  uint32_t n_bad, n_non_alloc;
  uint32_t *seen;       /* per entry: query stamp */
  uint32_t query;
  uint32_t small_bad[16], small_non_alloc[16], small_seen[16];
} ListSum;

static Simp *simp(Canon *c) { return (Simp *)c->extra_ud; }

/* The simplification's own view base: through every view op. */
static uint32_t view_base(Canon *c, uint32_t v) {
  Rw *rw = c->rw;
  for (uint32_t guard = 0; guard < rw->n_vals; guard++) {
    uint32_t d = rw_def(rw, v);
    if (d == RW_NONE || !(rw_traits(rw, d) & IR_TR_VIEW) || !rw->ops[d].n_opd) break;
    if (rw->ops[d].opc == IR_OP_TEST_FORWARD_BUFFER) break;  /* see origin.c */
    v = rw_operand(rw, d, 0);
  }
  return v;
}

/* x is allocated by its defining op, y is a block argument, and the
 * allocation sits (at any depth) in y's block. */
static int alloc_inside_arg_block(Canon *c, uint32_t x, uint32_t y) {
  Rw *rw = c->rw;
  uint32_t op = rw_def(rw, x);
  if (!canon_allocates(rw, op, x) || !rw_is_arg(rw, y)) return 0;
  uint32_t blk = rw->vals[y].def;
  for (uint32_t o = op; o != RW_NONE; o = rw_parent_op(rw, o))
    if (rw->ops[o].block == blk) return 1;
  return 0;
}

static int distinct_alloc_and_block_arg(Canon *c, uint32_t v1, uint32_t v2) {
  uint32_t b1 = view_base(c, v1), b2 = view_base(c, v2);
  return alloc_inside_arg_block(c, b1, b2) || alloc_inside_arg_block(c, b2, b1);
}

static int same(Canon *c, uint32_t v1, uint32_t v2) {
  if (v1 >= c->rw->n_in_vals || v2 >= c->rw->n_in_vals) return v1 == v2 ? 1 : -1;
  return ir_origin_same(simp(c)->origin, v1, v2);
}

/* Origin class of a value: 0 unknown / other, 1 allocations or function
 * arguments, 2 allocations only. */
static int origin_class(Canon *c, uint32_t v, const uint32_t **t, uint32_t *nt) {
  int a, f;
  if (v >= c->rw->n_in_vals ||
      ir_origin_summary(simp(c)->origin, v, t, nt, &a, &f) < 0 || !*nt)
    return 0;
  return a ? 2 : f ? 1 : 0;
}

static void list_sum(Canon *c, const uint32_t *list, uint32_t n, ListSum *sum) {
  Simp *sp = simp(c);
  sp->clock++;
  sp->n_link = 0;
  sum->bad = canon_buf(sum->small_bad, 16, (size_t)n + 1);
  sum->non_alloc = canon_buf(sum->small_non_alloc, 16, (size_t)n + 1);
  sum->seen = canon_buf(sum->small_seen, 16, (size_t)n + 1);
  memset(sum->seen, 0, ((size_t)n + 1) * sizeof *sum->seen);
  sum->n_bad = sum->n_non_alloc = 0;
  sum->query = 0;
  for (uint32_t i = 0; i < n; i++) {
    const uint32_t *t;
    uint32_t nt;
    int k = origin_class(c, list[i], &t, &nt);
    if (k == 0) sum->bad[sum->n_bad++] = i;
    if (k != 2) sum->non_alloc[sum->n_non_alloc++] = i;
    for (uint32_t j = 0; j < nt && k; j++) {
      uint32_t x = t[j];
      if (sp->stamp[x] != sp->clock) {
        sp->stamp[x] = sp->clock;
        sp->head[x] = RW_NONE;
      }
      if (sp->n_link == sp->cap_link) {
        uint32_t cap = sp->cap_link;
        ir_vgrow((void **)&sp->link_entry, &cap, sp->n_link + 1, sizeof *sp->link_entry);
        ir_vgrow((void **)&sp->link_next, &sp->cap_link, sp->n_link + 1,
                 sizeof *sp->link_next);
      }
      sp->link_entry[sp->n_link] = i;
      sp->link_next[sp->n_link] = sp->head[x];
      sp->head[x] = sp->n_link++;
    }
  }
}

static void list_sum_free(ListSum *sum) {
  canon_buf_free(sum->bad, sum->small_bad);
  canon_buf_free(sum->non_alloc, sum->small_non_alloc);
  canon_buf_free(sum->seen, sum->small_seen);
}

/* Does list[i] (once per query) potentially alias v? */
static int check_entry(Canon *c, ListSum *sum, const uint32_t *list, uint32_t i,
                       uint32_t skip, uint32_t v) {
  if (i == skip || sum->seen[i] == sum->query) return 0;
  sum->seen[i] = sum->query;
  if (distinct_alloc_and_block_arg(c, list[i], v)) return 0;
  return same(c, list[i], v) != 0;
}

/* May v be (an alias of) any of list[0..n) except list[skip]? As MLIR's
 * potentiallyAliasesMemref over every entry, but an entry whose origin is
 * disjoint from v's with classes that make ir_origin_same say "different"
 * is never looked at: only the class-0 entries (class-0 or 1 when v may be
 * a function argument) and the entries sharing a terminal with v. */
static int potentially_aliases(Canon *c, const uint32_t *list, uint32_t n,
                               uint32_t skip, uint32_t v, ListSum *sum) {
  Simp *sp = simp(c);
  const uint32_t *t;
  uint32_t nt;
  int k = origin_class(c, v, &t, &nt);
  if (++sum->query == 0) {   /* wrapped: clear the marks */
    memset(sum->seen, 0, (n + 1) * sizeof *sum->seen);
    sum->query = 1;
  }
  if (!k) {
    for (uint32_t i = 0; i < n; i++)
      if (check_entry(c, sum, list, i, skip, v)) return 1;
    return 0;
  }
  const uint32_t *others = k == 2 ? sum->bad : sum->non_alloc;
  uint32_t n_others = k == 2 ? sum->n_bad : sum->n_non_alloc;
  for (uint32_t j = 0; j < n_others; j++)
    if (check_entry(c, sum, list, others[j], skip, v)) return 1;
  for (uint32_t j = 0; j < nt; j++) {
    uint32_t x = t[j];
    if (sp->stamp[x] != sp->clock) continue;
    for (uint32_t l = sp->head[x]; l != RW_NONE; l = sp->link_next[l])
      if (check_entry(c, sum, list, sp->link_entry[l], skip, v)) return 1;
  }
  return 0;
}

static uint32_t extract_source(Canon *c, uint32_t m) {
  uint32_t d = rw_def(c->rw, m);
  if (d != RW_NONE && c->rw->ops[d].opc == IR_OP_EXTRACT_STRIDED_METADATA)
    return rw_operand(c->rw, d, 0);
  return RW_NONE;
}

/* ====================================================================== */
/* RemoveDeallocMemrefsContainedInRetained                                */
/* ====================================================================== */

/* `memref` is certainly one retained value and certainly not (or maybe
 * not) the others: or `cond` into the results of the retained values it
 * is, right after the dealloc. */
static int handle_one_memref(Canon *c, uint32_t op, const DeallocParts *d,
                             uint32_t memref, uint32_t cond) {
  Rw *rw = c->rw;
  int must = 0;
  for (uint32_t i = 0; i < d->n_ret; i++) {
    int r = same(c, d->ret[i], memref);
    if (r < 0) return 0;
    if (r == 1) must = 1;
  }
  if (!must) return 0;
  /* one insertion point for all: the new ops come in order after op */
  RwIp ip = rw_ip_after(rw, op);
  for (uint32_t i = 0; i < d->n_ret; i++) {
    if (same(c, d->ret[i], memref) != 1) continue;
    uint32_t upd = rw_result(rw, op, i);
    uint32_t v[2] = {upd, cond};
    uint32_t o = rw_create1(rw, ip, c->s_ori, rw->ops[op].loc, v, 2,
                            c->t_i1, 0);
    uint32_t dis = rw_result(rw, o, 0);
    rw_replace_all_uses_except(rw, upd, dis, o);
  }
  return 1;
}

static int p_remove_memrefs_contained_in_retained(Canon *c, uint32_t op) {
  DeallocParts d;
  if (dealloc_parts(c, op, &d) < 0) return 0;
  /* no duplicate retained values (a result would be missed) */
  Simp *sp = simp(c);
  sp->clock++;
  for (uint32_t i = 0; i < d.n_ret; i++) {
    uint32_t v = d.ret[i];
    if (v >= sp->n_vals) continue;   /* new values are not memrefs */
    if (sp->stamp[v] == sp->clock) {
      dealloc_parts_free(&d);
      return 0;
    }
    sp->stamp[v] = sp->clock;
  }
  uint32_t mem_s[16], cond_s[16];
  uint32_t *mem = canon_buf(mem_s, 16, (size_t)d.n_mem + 1);
  uint32_t *cond = canon_buf(cond_s, 16, (size_t)d.n_mem + 1), n = 0;
  for (uint32_t i = 0; i < d.n_mem; i++) {
    if (handle_one_memref(c, op, &d, d.mem[i], d.cond[i])) continue;
    uint32_t src = extract_source(c, d.mem[i]);
    if (src != RW_NONE && handle_one_memref(c, op, &d, src, d.cond[i])) continue;
    mem[n] = d.mem[i];
    cond[n++] = d.cond[i];
  }
  /* every memref kept, in order: the op stays as it is */
  int r = n == d.n_mem ? 0 : dealloc_update(c, op, mem, cond, n);
  dealloc_parts_free(&d);
  canon_buf_free(mem, mem_s);
  canon_buf_free(cond, cond_s);
  return r;
}

/* ====================================================================== */
/* RemoveRetainedMemrefsGuaranteedToNotAlias                              */
/* ====================================================================== */

static int p_remove_retained_not_aliasing(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  DeallocParts d;
  if (dealloc_parts(c, op, &d) < 0) return 0;
  uint32_t nr = d.n_ret;
  if (!nr) {   /* nothing to remove: skip summarising the memrefs */
    dealloc_parts_free(&d);
    return 0;
  }
  uint32_t keep_s[16], repl_s[16];
  uint32_t *keep = canon_buf(keep_s, 16, (size_t)nr + 1), nk = 0;
  uint32_t *repl = canon_buf(repl_s, 16, (size_t)nr + 1);
  ListSum sum;
  list_sum(c, d.mem, d.n_mem, &sum);
  for (uint32_t i = 0; i < nr; i++) {
    if (potentially_aliases(c, d.mem, d.n_mem, RW_NONE, d.ret[i], &sum)) {
      keep[nk++] = d.ret[i];
      repl[i] = RW_NONE;
      continue;
    }
    repl[i] = canon_make_bool(c, rw_ip_before(rw, op), 0, rw->ops[op].loc);
  }
  int changed = nk != nr;
  if (changed) {
    uint32_t nd = dealloc_create(c, op, d.mem, d.cond, d.n_mem, keep, nk);
    for (uint32_t i = 0, j = 0; i < nr; i++)
      if (repl[i] == RW_NONE) repl[i] = rw_result(rw, nd, j++);
    canon_replace(c, op, repl);
  }
  dealloc_parts_free(&d);
  list_sum_free(&sum);
  canon_buf_free(keep, keep_s);
  canon_buf_free(repl, repl_s);
  return changed;
}

/* ====================================================================== */
/* SplitDeallocWhenNotAliasingAnyOther                                    */
/* ====================================================================== */

static int p_split_dealloc(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  DeallocParts d;
  if (dealloc_parts(c, op, &d) < 0) return 0;
  uint32_t nm = d.n_mem, nr = d.n_ret;
  if (nm <= 1) {
    dealloc_parts_free(&d);
    return 0;
  }
  uint32_t rem_s[16], remc_s[16], split_s[16];
  uint32_t *rem = canon_buf(rem_s, 16, (size_t)nm + 1);
  uint32_t *remc = canon_buf(remc_s, 16, (size_t)nm + 1);
  uint32_t *split = canon_buf(split_s, 16, (size_t)nm + 1);
  uint32_t nrem = 0, nsplit = 0;
  ListSum sum;
  list_sum(c, d.mem, nm, &sum);
  for (uint32_t i = 0; i < nm; i++) {
    if (potentially_aliases(c, d.mem, nm, i, d.mem[i], &sum)) {
      rem[nrem] = d.mem[i];
      remc[nrem++] = d.cond[i];
      continue;
    }
    split[nsplit++] = dealloc_create(c, op, &d.mem[i], &d.cond[i], 1, d.ret, nr);
  }
  int changed = nrem != nm;
  if (changed) {
    uint32_t nd = dealloc_create(c, op, rem, remc, nrem, d.ret, nr);
    uint32_t *repl = ir_xmalloc((nr + 1) * sizeof *repl);
    for (uint32_t i = 0; i < nr; i++) repl[i] = rw_result(rw, nd, i);
    for (uint32_t s = 0; s < nsplit; s++)
      for (uint32_t i = 0; i < nr; i++) {
        uint32_t v[2] = {repl[i], rw_result(rw, split[s], i)};
        repl[i] = canon_make_op(c, op, c->s_ori, v, 2, c->t_i1, 0);
      }
    canon_replace(c, op, repl);
    free(repl);
  }
  dealloc_parts_free(&d);
  list_sum_free(&sum);
  canon_buf_free(rem, rem_s);
  canon_buf_free(remc, remc_s);
  canon_buf_free(split, split_s);
  return changed;
}

/* ====================================================================== */
/* RetainedMemrefAliasingAlwaysDeallocatedMemref                          */
/* ====================================================================== */

static int p_retained_aliasing_always_freed(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  DeallocParts d;
  if (dealloc_parts(c, op, &d) < 0) return 0;
  uint32_t nr = d.n_ret;
  uint32_t hit_s[16], mem_s[16], cond_s[16];
  uint32_t *hit = canon_buf(hit_s, 16, (size_t)nr + 1);
  memset(hit, 0, ((size_t)nr + 1) * sizeof *hit);
  uint32_t *mem = canon_buf(mem_s, 16, (size_t)d.n_mem + 1);
  uint32_t *cond = canon_buf(cond_s, 16, (size_t)d.n_mem + 1), n = 0;
  for (uint32_t m = 0; m < d.n_mem; m++) {
    int drop = 0;
    for (uint32_t i = 0; i < nr; i++) {
      if (!canon_is_one(c, d.cond[m])) continue;
      uint32_t res = rw_result(rw, op, i);
      if (same(c, d.ret[i], d.mem[m]) == 1) {
        rw_replace_all_uses(rw, res, d.cond[m]);
        hit[i] = 1;
        drop = 1;
        continue;
      }
      uint32_t src = extract_source(c, d.mem[m]);
      if (src == RW_NONE) continue;
      if (same(c, d.ret[i], src) == 1) {
        rw_replace_all_uses(rw, res, d.cond[m]);
        hit[i] = 1;
        drop = 1;
      }
    }
    if (!drop) {
      mem[n] = d.mem[m];
      cond[n++] = d.cond[m];
    }
  }
  int all = 1;
  for (uint32_t i = 0; i < nr; i++) all &= hit[i];
  /* as in MLIR, uses already replaced stay replaced when not all were;
   * nothing dropped leaves the op as it is */
  int r = all && n != d.n_mem ? dealloc_update(c, op, mem, cond, n) : 0;
  dealloc_parts_free(&d);
  canon_buf_free(hit, hit_s);
  canon_buf_free(mem, mem_s);
  canon_buf_free(cond, cond_s);
  return r;
}

/* ====================================================================== */
/* The pass                                                               */
/* ====================================================================== */

/* The rule tables, built once by whichever thread comes first (-j). */
static CanonRules rules, extra;
static pthread_once_t rules_once = PTHREAD_ONCE_INIT;
static void build_rules(void) {
  /* every op's folder, but of the patterns only dealloc's */
  canon_rules_all(&rules);
  memset(rules.pats, 0, sizeof rules.pats);
  memset(rules.n_pats, 0, sizeof rules.n_pats);
  canon_rules_dealloc(&rules);
  canon_add_pattern(&extra, IR_OP_BDEALLOC, p_remove_memrefs_contained_in_retained);
  canon_add_pattern(&extra, IR_OP_BDEALLOC, p_remove_retained_not_aliasing);
  canon_add_pattern(&extra, IR_OP_BDEALLOC, p_split_dealloc);
  canon_add_pattern(&extra, IR_OP_BDEALLOC, p_retained_aliasing_always_freed);
}

IrModule *dd_simplify(const IrModule *m, IrDiag *d) {
  pthread_once(&rules_once, build_rules);
  Simp s;
  s.origin = ir_origin_new(m);
  s.n_vals = m->n_values;
  s.stamp = ir_xcalloc(m->n_values + 1, sizeof *s.stamp);
  s.head = ir_xcalloc(m->n_values + 1, sizeof *s.head);
  s.link_entry = s.link_next = NULL;
  s.n_link = s.cap_link = 0;
  s.clock = 0;
  Rw *rw = rw_load(m);
  CanonConfig cfg = {0};
  cfg.top_down = 0;
  cfg.region_simplify = 1;
  cfg.max_iterations = 10;
  cfg.max_rewrites = -1;
  cfg.fold = 1;
  Canon c;
  canon_init(&c, rw, &rules, &cfg);
  c.extra = &extra;
  c.extra_ud = &s;
  canon_run(&c);
  canon_fini(&c);
  ir_origin_free(s.origin);
  free(s.stamp);
  free(s.head);
  free(s.link_entry);
  free(s.link_next);
  const char *why = NULL;
  IrModule *out = rw_emit(rw, &why);
  rw_free(rw);
  if (!out)
    ir_diag(d, m->ctx, m->ops[0].loc, IR_SEV_ERROR,
            "buffer-deallocation-simplification: %s", why ? why : "internal error");
  return out;
}
