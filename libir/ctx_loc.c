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
  const IrLoc *e = &ir_loc_ent(c, id)->l;
  if (e->kind != k->l.kind || e->b != k->l.b || e->n != k->l.n) return 0;
  if (e->kind != IR_L_FUSED) return e->a == k->l.a;
  return !k->nl || !memcmp(c->loc_lists[e->a], k->list, k->nl * sizeof *k->list);
}

/* The line index chains the locations of a line from the newest through
 * IrLoc.link: the distance to the previous one's id (smaller: ids grow),
 * 0 at the chain's end. A location farther than LINK_MAX from the newest
 * of its line goes to the hash table instead. */
#define LINK_MAX ((1u << 24) - 1)

static inline uint32_t link_prev(const IrLocEnt *e, uint32_t id) {
  uint32_t d = e->l.link[0] | (uint32_t)e->l.link[1] << 8 | (uint32_t)e->l.link[2] << 16;
  return d ? id - d : 0;
}

static inline void link_set(IrLocEnt *e, uint32_t id, uint32_t prev) {
  uint32_t d = prev ? id - prev : 0;
  e->l.link[0] = (uint8_t)d;
  e->l.link[1] = (uint8_t)(d >> 8);
  e->l.link[2] = (uint8_t)(d >> 16);
}

/* File locations are most of the table (one per op and block argument),
 * so they get paths of their own.
 *
 * The hot file's locations (the first file a FILE location names: the
 * parsed file, nearly always the only one) are found through a per-line
 * index, line_head[line - line_base] -> newest location of the line
 * (line_base: the first line met, so a chunk deep in a split file does
 * not index the lines before it), chained through IrLoc.link (LINK_MAX
 * below): a parser or reader meets lines in about text order, so
 * the index is walked sequentially, where a hash table costs a cache miss
 * per location once it outgrows the cache. (20 MB bench corpus: ~490K
 * locations.) The index grows to cover a line only while the line is
 * below line_limit(), a number that grows with the table, so no input can
 * make it large; a location of a line it does not cover goes to the hash
 * table, and a lookup that misses the index also asks the hash table
 * while it holds any of the file's locations, so each location lives in
 * exactly one of the two.
 *
 * Any other file's locations are hashed: a one-multiply hash of the three
 * fields and a field compare. */
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

static uint32_t line_limit(const IrCtx *c) {
  return 8 * c->n_locs + (1u << 20);
}

/* Writes every field of a file location's entry (no link): the table's
 * pages are not zeroed (ctx.c). */
static inline void file_ent(IrLocEnt *e, uint32_t file, uint32_t line,
                            uint32_t col) {
  *e = (IrLocEnt){.l = {.kind = IR_L_FILE, .file = file, .line = line, .col = col}};
}

static uint32_t new_file_loc(IrCtx *c, uint32_t file, uint32_t line,
                             uint32_t col) {
  if (c->n_locs >= IR_MAX_COUNT) return 0;
  uint32_t id = c->n_locs++;
  IrLocEnt *e = ir_pg_slot(&c->locs, sizeof *e, id);
  file_ent(e, file, line, col);
  return id;
}

static uint32_t hashed_file_loc(IrCtx *c, uint32_t file, uint32_t line,
                                uint32_t col, int insert) {
  FileKey k = {file, line, col};
  uint64_t h = file_hash(file, line, col);
  if (insert) ir_ht_reserve(&c->loc_ht);
  else if (!c->loc_ht.cap) return 0;
  uint64_t *slot = ir_ht_find(c, &c->loc_ht, h, file_eq, &k);
  if (ir_ht_id(slot) || !insert) return ir_ht_id(slot);
  uint32_t id = new_file_loc(c, file, line, col);
  if (id) {
    ir_ht_put(&c->loc_ht, slot, h, id);
    if (file == c->hot_file) {
      if (!c->n_file_hashed || line < c->hashed_lo) c->hashed_lo = line;
      if (!c->n_file_hashed || line > c->hashed_hi) c->hashed_hi = line;
      c->n_file_hashed++;
      c->fast_file = IR_NONE;
    }
  }
  return id;
}

/* Out of line (noinline), so that the fast path saves no registers. */
static __attribute__((noinline)) uint32_t loc_file_slow(IrCtx *c, uint32_t file_str,
                                                        uint32_t line, uint32_t col);

/* The location N:9 of the implicit module of a --split-input-file chunk
 * starting on line N, remembered so that diagnostics print it as mlir-opt's
 * handler does, at 0:0 (diag.c). */
uint32_t ir_loc_chunk_module(IrCtx *c, uint32_t file_str, uint32_t line) {
  return c->chunk_module_loc = ir_loc_file(c, file_str, line, 9);
}

/* A parser or reader asks for each op's location once, on a line that has
 * none yet (one op per line): that case, in the index, takes no call. */
uint32_t ir_loc_file(IrCtx *c, uint32_t file_str, uint32_t line, uint32_t col) {
  /* fast_file is the hot file while none of its locations is hashed (the
   * index alone then answers), IR_NONE otherwise; a line below line_base
   * wraps past n_lines */
  uint32_t ln = line - c->line_base, id = c->n_locs;
  if (file_str == c->fast_file && ln < c->n_lines && !c->line_head[ln] &&
      id < (c->locs.n_pages << IR_PG_BITS)) {
    file_ent(ir_pg_at(&c->locs, sizeof(IrLocEnt), id), file_str, line, col);
    c->line_head[ln] = id;
    c->n_locs = id + 1;
    return id;
  }
  return loc_file_slow(c, file_str, line, col);
}

static uint32_t loc_file_slow(IrCtx *c, uint32_t file_str, uint32_t line, uint32_t col) {
  if (file_str >= c->n_strs) return 0;
  if (!c->have_hot) {
    c->have_hot = 1;
    c->hot_file = c->fast_file = file_str;
    c->line_base = line;
  }
  if (c->rebase && file_str == c->hot_file) {
    /* every line of the index is free (ir_loc_drop): it starts here */
    c->rebase = 0;
    c->line_base = line;
    if (!c->n_file_hashed || c->hashed_hi < line) c->fast_file = file_str;
  }
  if (file_str != c->hot_file || line < c->line_base)
    return hashed_file_loc(c, file_str, line, col, 1);
  /* a line the index covers (it only grows: ir_loc_file's fast path adds
   * to any line it covers) or may cover goes to the index; the hash table
   * takes lines beyond both */
  uint32_t ln = line - c->line_base;
  if (ln >= c->n_lines && ln >= line_limit(c))
    return hashed_file_loc(c, file_str, line, col, 1);
  if (ln < c->n_lines)
    for (uint32_t id = c->line_head[ln]; id;) {
      const IrLocEnt *e = ir_loc_ent(c, id);
      if (e->l.col == col) return id;
      id = link_prev(e, id);
    }
  if (c->n_file_hashed && line >= c->hashed_lo && line <= c->hashed_hi) {
    uint32_t id = hashed_file_loc(c, file_str, line, col, 0);
    if (id) return id;
  }
  if (ln >= c->n_lines) {
    uint32_t n = c->n_lines ? c->n_lines : 1024;
    while (n <= ln) n *= 2;
    c->line_head = ir_big_realloc(c->line_head, (size_t)c->n_lines * sizeof *c->line_head,
                                  (size_t)n * sizeof *c->line_head); /* zero filled */
    c->n_lines = n;
  }
  uint32_t prev = c->line_head[ln];
  if (prev && c->n_locs - prev > LINK_MAX)
    return hashed_file_loc(c, file_str, line, col, 1);
  uint32_t id = new_file_loc(c, file_str, line, col);
  if (id) {
    link_set(ir_loc_ent(c, id), id, prev);
    c->line_head[ln] = id;
  }
  return id;
}

/* The reader's runs of file locations (one per op): ir_loc_file's fast
 * path over the whole run with the index's fields in locals (a call
 * reloaded them all, as its stores may alias them), which also takes a
 * line that already has locations (a function's line holds its
 * arguments' too: 16.6K of dd-own's 100K on the mixed bench went to
 * loc_file_slow for it) while none of the file's locations is hashed:
 * then the line's chain holds all of them. Anything else (a line the
 * index does not cover, a new page of entries) goes to ir_loc_file.
 * (mixed bench, dd-own: ir_loc_file 6.2M instructions, of them 2.8M in
 * loc_file_slow.) */
uint32_t ir_loc_file_n(IrCtx *c, uint32_t file_str, uint32_t n, const uint32_t *lc,
                       uint32_t *ids) {
  uint32_t i = 0;
  while (i < n) {
    uint32_t id = c->n_locs;
    if (file_str == c->fast_file && id < IR_MAX_COUNT &&
        (id >> IR_PG_BITS) < c->locs.n_pages) {
      /* new entries go one after the other in the page of id: at most
       * `room` of them before the page (or the table) is full */
      IrLocEnt *e = ir_pg_at(&c->locs, sizeof *e, id);
      uint32_t room = IR_PG_SIZE - (id & (IR_PG_SIZE - 1));
      if (room > IR_MAX_COUNT - id) room = IR_MAX_COUNT - id;
      const uint32_t stop = n - i < room ? n : i + room;
      const uint32_t base = c->line_base, n_lines = c->n_lines;
      uint32_t *const head = c->line_head;
      /* every entry is this one with its line, column and link set */
      const IrLocEnt proto = {.l = {.kind = IR_L_FILE, .file = file_str}};
      const uint32_t *q = lc + 2 * i;
      for (; i < stop; i++, q += 2) {
        const uint32_t line = q[0], col = q[1], ln = line - base;
        if (ln >= n_lines) break;
        uint32_t prev = head[ln], hit = prev;
        while (hit) {
          const IrLocEnt *h = ir_loc_ent(c, hit);
          if (h->l.col == col) break;
          hit = link_prev(h, hit);
        }
        if (hit) {
          ids[i] = hit;
          continue;
        }
        if (prev && id - prev > LINK_MAX) break;  /* ir_loc_file hashes it */
        *e = proto;
        e->l.line = line;
        e->l.col = col;
        link_set(e, id, prev);
        e++;
        head[ln] = id;
        ids[i] = id++;
      }
      c->n_locs = id;
      if (i == n) break;
      if (i == stop) continue;      /* the page is full: the next ir_loc_file makes one */
    }
    uint32_t one = ir_loc_file(c, file_str, lc[2 * i], lc[2 * i + 1]);
    if (!one) break;
    ids[i++] = one;
  }
  return i;
}

/* After a drop the index holds few locations or none: those made before
 * the first top op (the module's, at line 0 or the chunk's first line,
 * and any alias). Moved to the hash table, they leave it empty, and the
 * next op's lines index from line_head[0]: the index is as long as the
 * longest op, not the file. (20 MB bench corpus: 2.4 MB of line_head,
 * 470 page faults.) The fast path stays open while every hashed location
 * of the file is on a line below line_base (loc_file_slow). */
static void empty_index(IrCtx *c) {
  uint32_t live = c->n_locs - 1 - c->loc_ht.n;  /* locations in the index */
  if (c->rebase || !c->n_lines || (live && c->n_locs > 64)) return;
  for (uint32_t id = 1; live && id < c->n_locs; id++) {
    IrLocEnt *e = ir_loc_ent(c, id);
    uint32_t ln = e->l.line - c->line_base;
    if (e->l.kind != IR_L_FILE || e->l.file != c->hot_file || ln >= c->n_lines)
      continue;
    uint32_t h = c->line_head[ln];
    while (h && h != id) h = link_prev(ir_loc_ent(c, h), h);
    if (!h) continue;                           /* a hashed one */
    /* the whole line moves: its chain is those of its entries below */
    for (h = c->line_head[ln]; h;) {
      IrLocEnt *x = ir_loc_ent(c, h);
      uint32_t prev = link_prev(x, h);
      link_set(x, h, 0);
      FileKey k = {x->l.file, x->l.line, x->l.col};
      uint64_t hash = file_hash(k.file, k.line, k.col);
      ir_ht_reserve(&c->loc_ht);
      ir_ht_put(&c->loc_ht, ir_ht_find(c, &c->loc_ht, hash, file_eq, &k), hash, h);
      if (!c->n_file_hashed || k.line < c->hashed_lo) c->hashed_lo = k.line;
      if (!c->n_file_hashed || k.line > c->hashed_hi) c->hashed_hi = k.line;
      c->n_file_hashed++;
      live--;
      h = prev;
    }
    c->line_head[ln] = 0;
  }
  if (live) return;
  c->rebase = 1;
  c->fast_file = IR_NONE;       /* the next location goes to loc_file_slow */
}

/* A location not in the line index is in loc_ht (ir_loc_intern,
 * hashed_file_loc), so an unchanged count there means that every location
 * since the mark is in the index, each its line's newest when the newer
 * ones are gone: popped from the newest down, each line's chain is as it
 * was at the mark. (20 MB bench corpus: the table was 9 MB of ir-asm's
 * ~18 MB of fresh pages, 2,200 page faults.) */
void ir_loc_mark(IrCtx *c) {
  c->loc_mark = c->n_locs;
  c->loc_mark_ht = c->loc_ht.n;
}

int ir_loc_drop(IrCtx *c) {
  uint32_t mark = c->loc_mark;
  if (c->loc_ht.n != c->loc_mark_ht || mark > c->n_locs || !mark) return 0;
  for (uint32_t id = c->n_locs; id-- > mark;) {
    const IrLocEnt *e = ir_loc_ent(c, id);
    uint32_t ln = e->l.line - c->line_base;
    ir_assert(e->l.kind == IR_L_FILE && e->l.file == c->hot_file &&
              ln < c->n_lines && c->line_head[ln] == id);
    c->line_head[ln] = link_prev(e, id);
  }
  c->n_locs = mark;
  empty_index(c);
  return 1;
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
  if (c->n_locs >= IR_MAX_COUNT || c->n_loc_lists >= IR_MAX_COUNT) return 0;
  uint32_t id = c->n_locs++;
  IrLocEnt *e = ir_pg_slot(&c->locs, sizeof *e, id); /* not zeroed (ctx.c) */
  e->l = k.l;                   /* link zero */
  if (in->kind == IR_L_FUSED) {
    uint32_t *l = ir_arena_alloc(&c->arena, (k.nl ? k.nl : 1) * sizeof *l);
    if (k.nl) memcpy(l, list, k.nl * sizeof *l);
    e->l.a = c->n_loc_lists;
    IR_VPUSH(c->loc_lists, c->n_loc_lists, c->cap_loc_lists, l);
  }
  ir_ht_put(&c->loc_ht, slot, h, id);
  return id;
}

const IrLoc *ir_loc(const IrCtx *c, uint32_t id) {
  ir_assert(id < c->n_locs);
  return &ir_loc_ent(c, id)->l;
}

const uint32_t *ir_loc_list(const IrCtx *c, uint32_t id) {
  ir_assert(id < c->n_locs);
  const IrLoc *l = &ir_loc_ent(c, id)->l;
  const uint32_t *list = l->kind == IR_L_FUSED ? c->loc_lists[l->a] : NULL;
  return list ? list : ir_empty_u32;
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
        loc = c->loc_lists[e->l.a][st[sp - 1].next++];
        break;
      }
      sp--;
    }
    if (!loc && !sp) return 0;
  }
}
