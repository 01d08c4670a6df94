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
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ctx.h"

/* The first IR_PG_FEW pages are allocated one by one (most contexts stay
 * small); past them, IR_PG_CHUNK pages at a time as one big array (mem.c),
 * so a big table lives in huge pages, and its zeroes come from the kernel
 * rather than from calloc's memset. (3 MB bench slice: with 64 calloc'd
 * pages, their memset was 2.5M instructions of ir-dis's 141M.) */
#define IR_PG_FEW 4
#define IR_PG_CHUNK 64

/* A stream of modules makes and frees a context per module, and calloc
 * zeroed the first page of each of the four tables every time (~200K
 * instructions a context, 3% of dd-own on the mixed bench, in every tool).
 * A freed context's small pages wait here, per thread, for the next
 * context. Not under ASan: it is to see each context's memory come and go.
 *
 * The pages are not zeroed, neither when made nor when stashed: every
 * table writes all the fields of an entry when it hands out its id
 * (ctx_str/type/attr/loc.c; ir_ctx_new writes the four entries 0), and
 * no entry is read before. Under ASan a new page is filled with a
 * pattern, so a field left unwritten reads as garbage in the sanitized
 * tests. (Clearing the used part of each stashed page was, in callgrind,
 * 1.0M instructions of ir-dis on the mixed bench, 4.8M of dd-own, 2.2M
 * of dd-lower, 4.5M of ir-asm, counting memset's rep stosb a byte per
 * instruction; the real cost was a fraction of that.) */
#define STASH_N 16
#ifndef IR_ASAN
static _Thread_local struct Stashed { size_t sz; void *page; } stash[STASH_N];
static _Thread_local uint32_t n_stash;
#endif

/* A page of IR_PG_SIZE entries of sz bytes, not zeroed. */
static void *page_new(size_t sz) {
#ifndef IR_ASAN
  for (uint32_t k = n_stash; k-- > 0;)
    if (stash[k].sz == sz) {
      void *pg = stash[k].page;
      stash[k] = stash[--n_stash];
      return pg;
    }
#endif
  void *pg = ir_xmalloc((size_t)IR_PG_SIZE * sz);
#ifdef IR_ASAN
  memset(pg, 0xa5, (size_t)IR_PG_SIZE * sz);
#endif
  return pg;
}

static void page_free(void *pg, size_t sz) {
#ifndef IR_ASAN
  if (n_stash < STASH_N) {
    stash[n_stash++] = (struct Stashed){sz, pg};
    return;
  }
#endif
  (void)sz;
  free(pg);
}

void *ir_pg_grow(IrPages *p, size_t sz, uint32_t i) {
  uint32_t pg = i >> IR_PG_BITS;
  if (pg >= p->n_pages) {
    if (pg < IR_PG_FEW) {
      IR_VPUSH(p->page, p->n_pages, p->cap_pages, NULL);
      p->page[pg] = page_new(sz);
    } else {
      char *chunk = ir_big_alloc_raw((size_t)IR_PG_CHUNK * IR_PG_SIZE * sz);
      for (uint32_t k = 0; k < IR_PG_CHUNK; k++)
        IR_VPUSH(p->page, p->n_pages, p->cap_pages,
                 (void *)(chunk + (size_t)k * IR_PG_SIZE * sz));
    }
  }
  return ir_pg_at(p, sz, i);
}

static void pages_free(IrPages *p, size_t sz) {
  for (uint32_t i = 0; i < p->n_pages; i++) {
    if (i < IR_PG_FEW)
      page_free(p->page[i], sz);
    else if ((i - IR_PG_FEW) % IR_PG_CHUNK == 0)
      ir_big_free(p->page[i], (size_t)IR_PG_CHUNK * IR_PG_SIZE * sz);
  }
  free(p->page);
}

/* ====================================================================== */
/* Hash table of ids                                                      */
/* ====================================================================== */

/* Keep the load factor under 1/2: probes stay short and a free slot always
 * exists. The slots carry their home position, so no entry is read. */
static void ht_resize(IrHtab *h, uint32_t cap) {
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

void ir_ht_grow(IrHtab *h) {
  uint32_t cap = h->cap ? h->cap * 2 : 64;
  if (!cap) ir_die("hash table overflow");
  ht_resize(h, cap);
}

/* Room for `more` ids beyond those stored, in one step rather than one
 * doubling (and rehash) at a time. At most RESERVE_MAX of them: a count a
 * file declares is checked against its size only, and a bad file must not
 * make its reader ask for 16 bytes a byte up front; past that the table
 * grows as it fills. */
#define RESERVE_MAX (1u << 20)
static void ht_reserve_n(IrHtab *h, uint32_t more) {
  if (more > RESERVE_MAX) more = RESERVE_MAX;
  uint64_t need = ((uint64_t)h->n + more + 1) * 2, cap = h->cap ? h->cap : 64;
  if (need <= h->cap) return;
  while (cap < need) cap *= 2;
  if (cap > (uint64_t)1 << 31) ir_die("hash table overflow");
  ht_resize(h, (uint32_t)cap);
}

/* ====================================================================== */
/* Context                                                                */
/* ====================================================================== */

/* The two caches at the end of IrCtx are most of its 4 KB, and an entry
 * of either is read only when its key `s` matches: a new ctx clears the
 * fields before them and the keys. (A stream makes a ctx per module, and
 * calloc cleared recycled memory: ~5,400 instructions a ctx in callgrind,
 * 0.49M of ir-dis on the mixed bench.) */
_Static_assert(offsetof(IrCtx, lit_cache) + sizeof(((IrCtx *)0)->lit_cache) ==
                   sizeof(IrCtx) &&
               offsetof(IrCtx, name_cache) + sizeof(((IrCtx *)0)->name_cache) <=
                   offsetof(IrCtx, lit_cache),
               "the caches end IrCtx");

IrCtx *ir_ctx_new(void) {
  IrCtx *c = ir_xmalloc(sizeof *c);
  memset(c, 0, offsetof(IrCtx, name_cache));
  for (size_t i = 0; i < sizeof c->name_cache / sizeof c->name_cache[0]; i++)
    c->name_cache[i].s = NULL;
  for (size_t i = 0; i < sizeof c->lit_cache / sizeof c->lit_cache[0]; i++)
    c->lit_cache[i].s = NULL;
  /* Id 0 of every table: "", no type, no attribute, unknown location. */
  IrStrEnt *s = ir_pg_slot(&c->strs, sizeof(IrStrEnt), 0);
  *s = (IrStrEnt){.p = ""};
  c->n_strs = 1;
  memset(ir_pg_slot(&c->types, sizeof(IrTypeEnt), 0), 0, sizeof(IrTypeEnt));
  c->n_types = 1;
  memset(ir_pg_slot(&c->attrs, sizeof(IrAttrEnt), 0), 0, sizeof(IrAttrEnt));
  c->n_attrs = 1;
  memset(ir_pg_slot(&c->locs, sizeof(IrLocEnt), 0), 0, sizeof(IrLocEnt));
  c->n_locs = 1;
  c->fast_file = IR_NONE;
  return c;
}

/* A reader knows how many entries a module declares (counts it has checked
 * against its input's size): the tables are sized for them at once. A
 * stream of modules makes a context per module, so without this every one
 * regrew its tables from 64 slots (mixed bench: ir_ht_grow ~1.2M
 * instructions a stage). Locations are left out: the hot file's live in
 * the line index (ctx_loc.c), not in the hash table, and an index sized by
 * the declared count regrew as often (lines outnumber locations). */
void ir_ctx_reserve(IrCtx *c, uint32_t strs, uint32_t types, uint32_t attrs) {
  if (strs) ht_reserve_n(&c->str_ht, strs);
  if (types) ht_reserve_n(&c->type_ht, types);
  if (attrs) ht_reserve_n(&c->attr_ht, attrs);
}

void ir_ctx_free(IrCtx *c) {
  if (!c) return;
  pages_free(&c->strs, sizeof(IrStrEnt));
  pages_free(&c->types, sizeof(IrTypeEnt));
  pages_free(&c->attrs, sizeof(IrAttrEnt));
  pages_free(&c->locs, sizeof(IrLocEnt));
  free(c->str_ht.slot);
  free(c->type_ht.slot);
  free(c->attr_ht.slot);
  free(c->loc_ht.slot);
  ir_big_free(c->line_head, (size_t)c->n_lines * sizeof *c->line_head);
  free(c->loc_lists);
  ir_arena_free(&c->arena);
  free(c);
}
