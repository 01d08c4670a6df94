/*
 * ctx.c - the interning context: the storage shared by the four interned
 * tables (strings, types, attributes, locations) and the open-addressing
 * hash table they all use. The tables themselves live in ctx_str.c,
 * ctx_type.c, ctx_attr.c and ctx_loc.c.
 *
 * Entries are kept in pages that never move, and variable parts (dims,
 * lists, string bytes) in an arena, so every pointer the accessors return
 * stays valid until ir_ctx_free.
 */
#include <stdlib.h>

#include "ctx.h"

void *ir_pg_grow(IrPages *p, size_t sz, uint32_t i) {
  uint32_t pg = i >> IR_PG_BITS;
  if (pg >= p->n_pages) {
    IR_VPUSH(p->page, p->n_pages, p->cap_pages, NULL);
    p->page[pg] = ir_xcalloc(IR_PG_SIZE, sz);
  }
  return ir_pg_at(p, sz, i);
}

static void pages_free(IrPages *p) {
  for (uint32_t i = 0; i < p->n_pages; i++) free(p->page[i]);
  free(p->page);
}

/* ====================================================================== */
/* Hash table of ids                                                      */
/* ====================================================================== */

/* Keep the load factor under 1/2: probes stay short and a free slot always
 * exists. The slots carry their home position, so no entry is read. */
void ir_ht_grow(IrHtab *h) {
  uint32_t cap = h->cap ? h->cap * 2 : 64;
  if (!cap) ir_die("hash table overflow");
  uint64_t *slot = ir_xcalloc(cap, sizeof *slot);
  for (uint32_t k = 0; k < h->cap; k++) {
    uint64_t s = h->slot[k];
    if (!s) continue;
    uint32_t i = (uint32_t)(s >> 32) & (cap - 1);
    while (slot[i]) i = (i + 1) & (cap - 1);
    slot[i] = s;
  }
  free(h->slot);
  h->slot = slot;
  h->cap = cap;
}

/* ====================================================================== */
/* Context                                                                */
/* ====================================================================== */

IrCtx *ir_ctx_new(void) {
  IrCtx *c = ir_xcalloc(1, sizeof *c);
  /* Id 0 of every table: "", no type, no attribute, unknown location. */
  IrStrEnt *s = ir_pg_slot(&c->strs, sizeof(IrStrEnt), 0);
  s->p = "";
  c->n_strs = 1;
  ir_pg_slot(&c->types, sizeof(IrTypeEnt), 0);
  c->n_types = 1;
  ir_pg_slot(&c->attrs, sizeof(IrAttrEnt), 0);
  c->n_attrs = 1;
  ir_pg_slot(&c->locs, sizeof(IrLocEnt), 0);
  c->n_locs = 1;
  return c;
}

void ir_ctx_free(IrCtx *c) {
  if (!c) return;
  pages_free(&c->strs);
  pages_free(&c->types);
  pages_free(&c->attrs);
  pages_free(&c->locs);
  free(c->str_ht.slot);
  free(c->type_ht.slot);
  free(c->attr_ht.slot);
  free(c->loc_ht.slot);
  free(c->line_head);
  free(c->loc_lists);
  ir_arena_free(&c->arena);
  free(c);
}
