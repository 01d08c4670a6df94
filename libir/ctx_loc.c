/*
 * ctx_loc.c - interned locations. Id 0 is `loc(unknown)`; interning an
 * UNKNOWN location returns 0. Children are interned before their parents,
 * so a location only refers to smaller ids.
 */
#include "ctx.h"

typedef struct LocKey {
  IrLoc l;                  /* canonical, list zero */
  const uint32_t *list;
  uint32_t nl;
  uint64_t hash;
} LocKey;

static int canon(const IrCtx *c, const IrLoc *in, LocKey *k) {
  IrLoc *l = &k->l;
  memset(l, 0, sizeof *l);
  l->kind = in->kind;
  k->nl = 0;
  switch (in->kind) {
  case IR_L_FILE:
    if (in->file >= c->n_strs) return 0;
    l->file = in->file;
    l->line = in->line;
    l->col = in->col;
    return 1;
  case IR_L_NAME:
    if (in->a >= c->n_strs || in->b >= c->n_locs) return 0;
    l->a = in->a;
    l->b = in->b;
    return 1;
  case IR_L_CALLSITE:
    if (in->a >= c->n_locs || in->b >= c->n_locs) return 0;
    l->a = in->a;
    l->b = in->b;
    return 1;
  case IR_L_FUSED:
    if (in->b >= c->n_attrs || in->n > IR_MAX_COUNT) return 0;
    l->b = in->b;
    l->n = k->nl = in->n;
    return 1;
  default:
    return 0;
  }
}

static int loc_eq(const IrCtx *c, uint32_t id, const void *key) {
  const LocKey *k = key;
  const IrLocEnt *e = ir_loc_ent(c, id);
  if (e->hash != k->hash) return 0;
  IrLoc l = e->l;
  l.list = 0;
  return !memcmp(&l, &k->l, sizeof l) &&
         (!k->nl || !memcmp(e->list, k->list, k->nl * sizeof *k->list));
}

/* File locations are most of the table (the parser makes one per op), so
 * they get a path of their own: a one-multiply hash of the three fields
 * and a field compare, instead of canonicalising, hashing and comparing a
 * whole IrLoc. (5 MB bench corpus, 101K ops: ir_loc_file 39.5M -> 15.5M
 * instructions, with the tagged hash slots of ctx.h.) */
typedef struct FileKey {
  uint32_t file, line, col;
} FileKey;

static uint64_t file_hash(uint32_t file, uint32_t line, uint32_t col) {
  uint64_t x = ((uint64_t)line << 32 | col) ^ (uint64_t)file * 0x9e3779b97f4a7c15ull;
  __uint128_t r = (__uint128_t)(x ^ 0xa0761d6478bd642full) * 0xe7037ed1a0b428dbull;
  return (uint64_t)r ^ (uint64_t)(r >> 64);
}

static int file_eq(const IrCtx *c, uint32_t id, const void *key) {
  const FileKey *k = key;
  const IrLoc *l = &ir_loc_ent(c, id)->l;
  return l->kind == IR_L_FILE && l->file == k->file && l->line == k->line &&
         l->col == k->col;
}

uint32_t ir_loc_file(IrCtx *c, uint32_t file_str, uint32_t line, uint32_t col) {
  if (file_str >= c->n_strs) return 0;
  FileKey k = {file_str, line, col};
  uint64_t h = file_hash(file_str, line, col);
  ir_ht_reserve(&c->loc_ht);
  uint64_t *slot = ir_ht_find(c, &c->loc_ht, h, file_eq, &k);
  if (ir_ht_id(slot)) return ir_ht_id(slot);
  if (c->n_locs >= IR_MAX_COUNT) return 0;
  uint32_t id = c->n_locs++;
  IrLocEnt *e = ir_pg_slot(&c->locs, sizeof *e, id);
  memset(&e->l, 0, sizeof e->l);
  e->l.kind = IR_L_FILE;
  e->l.file = file_str;
  e->l.line = line;
  e->l.col = col;
  e->list = NULL;
  e->hash = h;
  ir_ht_put(&c->loc_ht, slot, h, id);
  return id;
}

/* Returns 0 (unknown) for an UNKNOWN or invalid location (unknown kind, ids
 * that do not exist in `c`) or when the table is full (IR_MAX_COUNT). */
uint32_t ir_loc_intern(IrCtx *c, const IrLoc *in, const uint32_t *list) {
  LocKey k;
  if (in->kind == IR_L_FILE) return ir_loc_file(c, in->file, in->line, in->col);
  if (!canon(c, in, &k)) return 0;
  if (k.nl && !list) return 0;
  for (uint32_t i = 0; i < k.nl; i++)
    if (list[i] >= c->n_locs) return 0;
  k.list = list;
  uint64_t h = ir_hash_bytes(&k.l, sizeof k.l, 0x4c4fu);
  if (k.nl) h = ir_hash_bytes(list, k.nl * sizeof *list, h);
  k.hash = h;

  ir_ht_reserve(&c->loc_ht);
  uint64_t *slot = ir_ht_find(c, &c->loc_ht, h, loc_eq, &k);
  if (ir_ht_id(slot)) return ir_ht_id(slot);
  if (c->n_locs >= IR_MAX_COUNT) return 0;
  uint32_t off = 0;
  if (k.nl && (off = ir_pool_take(&c->pool_u32, k.nl)) == IR_NONE) return 0;
  uint32_t id = c->n_locs++;
  IrLocEnt *e = ir_pg_slot(&c->locs, sizeof *e, id);
  e->l = k.l;
  e->l.list = off;
  if (k.nl) {
    uint32_t *l = ir_arena_alloc(&c->arena, k.nl * sizeof *l);
    memcpy(l, list, k.nl * sizeof *l);
    e->list = l;
  }
  e->hash = h;
  ir_ht_put(&c->loc_ht, slot, h, id);
  return id;
}

const IrLoc *ir_loc(const IrCtx *c, uint32_t id) {
  ir_assert(id < c->n_locs);
  return &ir_loc_ent(c, id)->l;
}

const uint32_t *ir_loc_list(const IrCtx *c, uint32_t id) {
  ir_assert(id < c->n_locs);
  const uint32_t *l = ir_loc_ent(c, id)->list;
  return l ? l : ir_empty_u32;
}

uint32_t ir_n_locs(const IrCtx *c) { return c->n_locs; }

/* Depth-first over fused members with a fixed stack: a location nested
 * deeper than that in fused locations reports as unknown rather than
 * recursing without bound. Names and callsites are followed in a loop. */
uint32_t ir_loc_filepos(const IrCtx *c, uint32_t loc) {
  enum { STACK = 64 };
  struct { uint32_t loc, next; } st[STACK];
  int sp = 0;
  if (loc >= c->n_locs) return 0;
  for (;;) {
    /* descend from `loc` until a file loc, a dead end or a fused list */
    while (loc) {
      const IrLocEnt *e = ir_loc_ent(c, loc);
      if (e->l.kind == IR_L_FILE) return loc;
      if (e->l.kind == IR_L_NAME) loc = e->l.b;
      else if (e->l.kind == IR_L_CALLSITE) loc = e->l.a;
      else {
        if (sp == STACK) return 0;
        st[sp].loc = loc;
        st[sp].next = 0;
        sp++;
        loc = 0;
      }
    }
    /* take the next member of the innermost unfinished fused list */
    while (sp) {
      const IrLocEnt *e = ir_loc_ent(c, st[sp - 1].loc);
      if (st[sp - 1].next < e->l.n) {
        loc = e->list[st[sp - 1].next++];
        break;
      }
      sp--;
    }
    if (!loc && !sp) return 0;
  }
}
