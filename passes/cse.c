/*
 * cse.c - MLIR's -cse: common subexpression elimination.
 *
 * Ops are visited in dominance order (a block, then its children in the
 * region's dominator tree; nested regions before the op that holds them),
 * with a scoped table of the ops seen on the way down: an op equal to one
 * in scope (same name, operands, attributes and result types) without
 * memory effects is replaced by it; a read-only op likewise if the earlier
 * one is in the same block with no writer in between. Isolated-from-above
 * ops start a fresh table. Ops that are dead when visited go too, and every
 * removal happens at the end, as in MLIR (so an op made dead by the pass
 * itself stays for the canonicalizer).
 *
 * Cost: one walk; each op is hashed once and compared with the ops of
 * equal hash in scope. The dominator trees come from libir (dom.c), built
 * on the input (CSE changes no block).
 */
#include <stdlib.h>

#include "canon.h"

typedef struct Entry {
  uint32_t op;
  uint32_t hash;
  uint32_t next;      /* older entry in the same bucket */
} Entry;

/* A scoped hash table: buckets point at the newest entry; a scope is a
 * mark in the entry stack, popping restores the buckets. */
typedef struct Table {
  uint32_t *bucket; uint32_t mask;
  Entry *e; uint32_t n, cap;
} Table;

typedef struct Cse {
  Rw *rw;
  IrDom dom;
  uint32_t *erase; uint32_t n_erase, cap_erase;
  uint8_t *marked;       /* per op: already in the erase list */
  int changed;           /* an op replaced or erased */
} Cse;

static void table_init(Table *t, uint32_t hint) {
  uint32_t cap = 64;
  while (cap < 2 * hint) cap <<= 1;
  t->bucket = ir_xmalloc(cap * sizeof *t->bucket);
  memset(t->bucket, 0xff, cap * sizeof *t->bucket);
  t->mask = cap - 1;
  t->e = NULL;
  t->n = t->cap = 0;
}

static void table_free(Table *t) {
  free(t->bucket);
  free(t->e);
}

static uint64_t mix(uint64_t h, uint64_t x) {
  h ^= x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h;
}

static uint32_t op_hash(const Rw *rw, uint32_t o) {
  const RwOp *op = &rw->ops[o];
  uint64_t h = mix(op->name, op->props);
  h = mix(h, op->attrs);
  for (uint32_t k = 0; k < op->n_res; k++) h = mix(h, rw->vals[op->res + k].type);
  for (uint32_t k = 0; k < op->n_opd; k++) h = mix(h, rw_operand(rw, o, k));
  return (uint32_t)(h ^ (h >> 32));
}

static int op_equal(const Rw *rw, uint32_t a, uint32_t b) {
  const RwOp *x = &rw->ops[a], *y = &rw->ops[b];
  if (x->name != y->name || x->props != y->props || x->attrs != y->attrs ||
      x->n_res != y->n_res || x->n_opd != y->n_opd || x->n_reg != y->n_reg ||
      x->n_succ != y->n_succ)
    return 0;
  for (uint32_t k = 0; k < x->n_res; k++)
    if (rw->vals[x->res + k].type != rw->vals[y->res + k].type) return 0;
  for (uint32_t k = 0; k < x->n_opd; k++)
    if (rw_operand(rw, a, k) != rw_operand(rw, b, k)) return 0;
  /* ops holding non-empty regions are never considered equal here */
  for (uint32_t k = 0; k < x->n_reg; k++)
    if (rw->regions[rw_region_of(rw, a, k)].first != RW_NONE ||
        rw->regions[rw_region_of(rw, b, k)].first != RW_NONE)
      return 0;
  return 1;
}

static uint32_t table_lookup(const Table *t, const Rw *rw, uint32_t op, uint32_t h) {
  for (uint32_t i = t->bucket[h & t->mask]; i != RW_NONE; i = t->e[i].next)
    if (t->e[i].hash == h && op_equal(rw, t->e[i].op, op)) return t->e[i].op;
  return RW_NONE;
}

/* Double the buckets and rechain every entry, oldest first, so each
 * bucket again lists its entries newest first and popping stays right.
 * Without it a function body (a fresh table of 64 buckets: func.func is
 * isolated from above) of 100k ops had chains of ~1,500 entries. */
static void table_grow(Table *t) {
  uint32_t cap = 2 * (t->mask + 1);
  free(t->bucket);
  t->bucket = ir_xmalloc(cap * sizeof *t->bucket);
  memset(t->bucket, 0xff, cap * sizeof *t->bucket);
  t->mask = cap - 1;
  for (uint32_t i = 0; i < t->n; i++) {
    Entry *e = &t->e[i];
    e->next = t->bucket[e->hash & t->mask];
    t->bucket[e->hash & t->mask] = i;
  }
}

static void table_insert(Table *t, uint32_t op, uint32_t h) {
  if (t->n > t->mask) table_grow(t);
  if (t->n == t->cap) ir_vgrow((void **)&t->e, &t->cap, t->n + 1, sizeof *t->e);
  Entry *e = &t->e[t->n];
  e->op = op;
  e->hash = h;
  e->next = t->bucket[h & t->mask];
  t->bucket[h & t->mask] = t->n++;
}

/* Pop entries back to `mark`. */
static void table_pop(Table *t, uint32_t mark) {
  while (t->n > mark) {
    Entry *e = &t->e[--t->n];
    t->bucket[e->hash & t->mask] = e->next;
  }
}

static void mark_erase(Cse *s, uint32_t op) {
  if (s->marked[op]) return;
  s->marked[op] = 1;
  IR_VPUSH(s->erase, s->n_erase, s->cap_erase, op);
}

/* Memory effects as CSE sees them. */
enum { FX_NONE, FX_READ_ONLY, FX_OTHER, FX_UNKNOWN };

static int effects_of(const Rw *rw, uint32_t op) {
  uint32_t tr = canon_op_effects(rw, op);
  if (!tr) return FX_UNKNOWN;
  if (tr & IR_TR_PURE) return FX_NONE;
  if ((tr & IR_TR_READ) && !(tr & (IR_TR_WRITE | IR_TR_ALLOC | IR_TR_FREE)))
    return FX_READ_ONLY;
  return FX_OTHER;
}

/* Does op write memory (or might it: no effect interface)? */
static int may_write(const Rw *rw, uint32_t op) {
  int fx = effects_of(rw, op);
  if (fx == FX_UNKNOWN) return 1;
  if (rw->ops[op].opc == IR_OP_CLONE) return 1;  /* writes its result */
  return (canon_op_effects(rw, op) & IR_TR_WRITE) != 0;
}

static int writer_between(const Rw *rw, uint32_t from, uint32_t to) {
  for (uint32_t o = rw->ops[from].next; o != RW_NONE && o != to; o = rw->ops[o].next)
    if (may_write(rw, o)) return 1;
  return 0;
}

static void replace_and_delete(Cse *s, Table *t, uint32_t op, uint32_t existing,
                               int ssa) {
  Rw *rw = s->rw;
  const RwOp *o = &rw->ops[op];
  s->changed = 1;
  if (ssa) {
    for (uint32_t k = 0; k < o->n_res; k++)
      rw_replace_all_uses(rw, o->res + k, rw_result(rw, existing, k));
    mark_erase(s, op);
  } else {
    /* a graph region: only uses by ops not yet seen are rewritten */
    for (uint32_t k = 0; k < o->n_res; k++) {
      uint32_t v = o->res + k;
      for (uint32_t u = rw->vals[v].first_use; u != RW_NONE;) {
        uint32_t nu = rw->uses[u].next, user = rw->uses[u].op;
        if (table_lookup(t, rw, user, op_hash(rw, user)) == RW_NONE) {
          rw_set_operand(rw, user, u - rw->ops[user].opd, rw_result(rw, existing, k));
        }
        u = nu;
      }
    }
    if (rw_op_unused(rw, op)) mark_erase(s, op);
  }
  if (rw->ops[existing].loc == 0 && rw->ops[op].loc != 0)
    rw->ops[existing].loc = rw->ops[op].loc;
}

static int is_graph_region(const Rw *rw, uint32_t r) {
  uint32_t p = rw->regions[r].op;
  return (rw_traits(rw, p) & IR_TR_GRAPH_REGION) != 0;
}

/* Returns 1 if op was marked for removal. */
static int simplify_op(Cse *s, Table *t, uint32_t op, int ssa) {
  Rw *rw = s->rw;
  uint32_t tr = rw_traits(rw, op);
  if (rw->ops[op].opc != IR_OP_UNKNOWN && (tr & IR_TR_TERMINATOR)) return 0;
  /* canon_is_dead, its cheap half first inline: most ops are used */
  if (rw_op_unused(rw, op) && canon_would_be_dead(rw, op)) {
    mark_erase(s, op);
    return 1;
  }
  for (uint32_t k = 0; k < rw->ops[op].n_reg; k++) {
    uint32_t r = rw_region_of(rw, op, k);
    uint32_t f = rw->regions[r].first;
    if (f != RW_NONE && rw->blocks[f].next != RW_NONE) return 0;
  }
  /* hashed only once the effects allow a match (writers, frees and
   * allocations are never merged); with the inline unused test above:
   * mixed corpus dd-lower 159.8M -> 158.2M */
  if (!canon_effect_free(rw, op)) {
    if (effects_of(rw, op) != FX_READ_ONLY) return 0;
    uint32_t h = op_hash(rw, op);
    uint32_t ex = table_lookup(t, rw, op, h);
    if (ex != RW_NONE && rw->ops[ex].block == rw->ops[op].block &&
        !writer_between(rw, ex, op)) {
      replace_and_delete(s, t, op, ex, ssa);
      return 1;
    }
    table_insert(t, op, h);
    return 0;
  }
  uint32_t h = op_hash(rw, op);
  uint32_t ex = table_lookup(t, rw, op, h);
  if (ex != RW_NONE) {
    replace_and_delete(s, t, op, ex, ssa);
    return 1;
  }
  table_insert(t, op, h);
  return 0;
}

static void simplify_region(Cse *s, Table *t, uint32_t r);

static void simplify_block(Cse *s, Table *t, uint32_t blk, int ssa) {
  Rw *rw = s->rw;
  for (uint32_t o = rw->blocks[blk].first; o != RW_NONE; o = rw->ops[o].next) {
    if (rw->ops[o].n_reg) {
      uint32_t opc = rw->ops[o].opc;
      if (opc == IR_OP_UNKNOWN || (rw_traits(rw, o) & IR_TR_ISOLATED)) {
        Table nested;
        table_init(&nested, 64);
        for (uint32_t k = 0; k < rw->ops[o].n_reg; k++)
          simplify_region(s, &nested, rw_region_of(rw, o, k));
        table_free(&nested);
      } else {
        for (uint32_t k = 0; k < rw->ops[o].n_reg; k++)
          simplify_region(s, t, rw_region_of(rw, o, k));
      }
    }
    simplify_op(s, t, o, ssa);
  }
}

static void simplify_region(Cse *s, Table *t, uint32_t r) {
  Rw *rw = s->rw;
  uint32_t first = rw->regions[r].first;
  if (first == RW_NONE) return;
  int ssa = !is_graph_region(rw, r);
  if (rw->blocks[first].next == RW_NONE) {
    uint32_t mark = t->n;
    simplify_block(s, t, first, ssa);
    table_pop(t, mark);
    return;
  }
  if (!ssa) return;
  /* depth first over the dominator tree, a scope per node */
  typedef struct Frame { uint32_t blk, kid, mark; } Frame;
  uint32_t cap = 16, sp = 0;
  Frame *st = ir_xmalloc(cap * sizeof *st);
  st[sp].blk = first;
  st[sp].kid = 0;
  st[sp++].mark = t->n;
  simplify_block(s, t, first, ssa);
  while (sp) {
    Frame *f = &st[sp - 1];
    uint32_t b = f->blk;
    if (f->kid < s->dom.n_kids[b]) {
      uint32_t ch = s->dom.kids[s->dom.kid_first[b] + f->kid++];
      if (sp == cap) ir_vgrow((void **)&st, &cap, sp + 1, sizeof *st);
      st[sp].blk = ch;
      st[sp].kid = 0;
      st[sp++].mark = t->n;
      simplify_block(s, t, ch, ssa);
    } else {
      table_pop(t, st[--sp].mark);
    }
  }
  free(st);
}

Rw *cse_rw(const IrModule *m, int *changed) {
  Cse s;
  memset(&s, 0, sizeof s);
  ir_dom_init(&s.dom, m);
  s.rw = rw_load(m);
  s.marked = ir_xcalloc(s.rw->n_ops + 1, 1);
  Table t;
  table_init(&t, m->n_ops);
  if (s.rw->n_ops && s.rw->ops[0].n_reg)
    for (uint32_t k = 0; k < s.rw->ops[0].n_reg; k++)
      simplify_region(&s, &t, rw_region_of(s.rw, 0, k));
  table_free(&t);
  for (uint32_t i = 0; i < s.n_erase; i++)
    if (rw_alive(s.rw, s.erase[i])) rw_erase_op(s.rw, s.erase[i]);
  free(s.erase);
  free(s.marked);
  ir_dom_free(&s.dom);
  *changed = s.changed || s.n_erase;
  return s.rw;
}

IrModule *dd_cse(const IrModule *m, IrDiag *d) {
  int changed;
  Rw *rw = cse_rw(m, &changed);
  const char *why = NULL;
  IrModule *out = rw_emit(rw, &why);
  if (!out)
    ir_diag(d, m->ctx, m->ops[0].loc, IR_SEV_ERROR, "cse: %s", why ? why : "internal error");
  rw_free(rw);
  return out;
}
