/*
 * ctx.h - the inside of IrCtx, shared by ctx.c and ctx_{str,type,attr,loc}.c
 * only. Everything else goes through the accessors of ir.h.
 */
#ifndef CTX_H
#define CTX_H

#include "irint.h"

/* Paged storage: entries never move once created, so pointers handed out by
 * ir_type(), ir_attr(), ir_str_ptr() ... stay valid while the table grows. */
#define IR_PG_BITS 10
#define IR_PG_SIZE (1u << IR_PG_BITS)
typedef struct IrPages {
  void **page;                  /* IR_PG_SIZE entries each */
  uint32_t n_pages, cap_pages;
} IrPages;

static inline void *ir_pg_at(const IrPages *p, size_t sz, uint32_t i) {
  return (char *)p->page[i >> IR_PG_BITS] + (size_t)(i & (IR_PG_SIZE - 1)) * sz;
}
/* Entry i, creating its page (not zeroed: the tables write every field of an
 * entry they hand out, ctx.c) if needed (i is at most one past
 * the end). */
void *ir_pg_grow(IrPages *p, size_t sz, uint32_t i);
static inline void *ir_pg_slot(IrPages *p, size_t sz, uint32_t i) {
  if ((i >> IR_PG_BITS) < p->n_pages) return ir_pg_at(p, sz, i);
  return ir_pg_grow(p, sz, i);
}

/* Open addressing, linear probing. A slot holds an id (low 32 bits, 0 =
 * empty) and the high 32 bits of its hash, which also pick the home slot.
 * A probe compares those bits before calling eq(), so it touches an entry
 * only on a (near certain) match, and growing never reads the entries.
 * (Measured on the 5 MB bench corpus: the old id-only slots called eq() on
 * every occupied slot probed, a cache miss each, and ir_ht_find plus the
 * eq functions were ~6% of ir-asm.) */
typedef struct IrHtab {
  uint64_t *slot;
  uint32_t cap;                 /* power of two (0 before first use) */
  uint32_t n;                   /* ids stored */
} IrHtab;

typedef int (*IrEqFn)(const IrCtx *c, uint32_t id, const void *key);

/* The slot holding an id equal to key, or the empty slot where it goes
 * (store it with ir_ht_put). Inline so that eq() is inlined too. */
static inline uint64_t *ir_ht_find(const IrCtx *c, IrHtab *h, uint64_t hash,
                                   IrEqFn eq, const void *key) {
  uint32_t tag = (uint32_t)(hash >> 32), mask = h->cap - 1, i = tag & mask;
  for (;;) {
    uint64_t s = h->slot[i];
    if (!s || ((uint32_t)(s >> 32) == tag && eq(c, (uint32_t)s, key)))
      return &h->slot[i];
    i = (i + 1) & mask;
  }
}
static inline uint32_t ir_ht_id(const uint64_t *slot) { return (uint32_t)*slot; }
static inline void ir_ht_put(IrHtab *h, uint64_t *slot, uint64_t hash, uint32_t id) {
  *slot = (hash >> 32 << 32) | id;
  h->n++;
}
/* Make room for one more id; call before ir_ht_find. */
void ir_ht_grow(IrHtab *h);
static inline void ir_ht_reserve(IrHtab *h) {
  if ((uint64_t)(h->n + 1) * 2 > h->cap) ir_ht_grow(h);
}

typedef struct IrStrEnt {
  const char *p;                /* bytes, NUL follows (arena) */
  size_t len;
  uint64_t hash;
} IrStrEnt;

typedef struct IrTypeEnt {
  IrType t;                     /* canonical: unused fields zero */
  const int64_t *dims;          /* t.n dims for shaped kinds (arena) */
  const uint32_t *list;         /* FUNC/TUPLE member types (arena) */
  uint64_t hash;
} IrTypeEnt;

typedef struct IrAttrEnt {
  IrAttr a;                     /* canonical: unused fields zero */
  const uint32_t *u32;          /* ARRAY/DICT/SYMREF list (arena) */
  const int64_t *i64;           /* DENSE_ARRAY/STRIDED values (arena) */
  uint64_t hash;
} IrAttrEnt;

/* 16 bytes, the location itself: locations are the biggest table (one per
 * op and block argument). A FUSED location's member list is found through
 * IrCtx.loc_lists, indexed by its l.a; a FILE location in the line index
 * (ctx_loc.c) keeps its link to the previous location of its line in
 * l.link, as the distance between their ids (8 more bytes an entry were
 * 2% of ir-asm's time on the 20 MB bench corpus: page faults). */
typedef struct IrLocEnt {
  IrLoc l;                      /* canonical: unused fields zero */
} IrLocEnt;

struct IrCtx {
  IrPages strs, types, attrs, locs;       /* the entries, id-indexed */
  uint32_t n_strs, n_types, n_attrs, n_locs;
  IrHtab str_ht, type_ht, attr_ht, loc_ht;
  uint32_t pool_i64, pool_u32;  /* elements handed out so far: the values of
                                   IrType.dims / .list, IrAttr.list ... */
  IrArena arena;                /* string bytes and lists */
  /* Ids of the most asked-for types, 0 until first interned: parsers and
   * attribute constructors ask for i1/i32/i64/index at nearly every op,
   * and a lookup costs a canonicalise + hash + probe (~230 instructions). */
  uint32_t int_ty[65];          /* signless iN, N <= 64 */
  uint32_t index_ty;
  uint32_t float_ty[IR_N_FLOAT_KINDS];
  /* File locations of one file (the first one named by a FILE location),
   * the bulk of the location table, are indexed by line instead of hashed
   * (ctx_loc.c): */
  int have_hot;                 /* hot_file is set */
  uint32_t hot_file;            /* its string id */
  uint32_t fast_file;           /* hot_file while the line index alone
                                   holds its locations on the lines from
                                   line_base on, else IR_NONE */
  uint32_t line_base;           /* the line of line_head[0] */
  uint32_t *line_head;          /* per line: its newest location, 0 = none */
  uint32_t n_lines;             /* entries of line_head */
  uint32_t n_file_hashed;       /* hot file's locations in loc_ht */
  uint32_t hashed_lo, hashed_hi; /* and the range of their lines */
  uint32_t loc_mark, loc_mark_ht; /* n_locs and loc_ht.n at ir_loc_mark */
  uint32_t chunk_module_loc;    /* the implicit module's location of a
                                   --split-input-file chunk after the
                                   first (parse.c module_loc), or 0 */
  int rebase;                   /* the index is empty: the next line of the
                                   hot file becomes line_base (ir_loc_drop) */
  const uint32_t **loc_lists;   /* members of FUSED locations (arena),
                                   by their IrLoc.a */
  uint32_t n_loc_lists, cap_loc_lists;
  /* properties dictionaries of arith ops that passed their property
   * conversion check (syntax_arith.c), direct mapped: props id << 16 |
   * opcode, 0 when empty. Attributes never change once interned. */
  uint64_t props_ok[64];
  /* ir_dict_getc's cache of C string -> string id (ctx_attr.c) */
  struct IrNameCache {
    const char *s;              /* the C string's address */
    uint32_t id;                /* its string id, IR_NONE: not interned */
    uint32_t n_strs;            /* table size when IR_NONE was found */
    char text[24];              /* its bytes, NUL-terminated */
  } name_cache[64];
  struct IrLitCache {           /* ir_dict_get_lit's: a literal's address */
    const char *s;              /* -> its string id (IR_NONE: none while */
    uint32_t id, n_strs;        /* the table had n_strs entries) */
  } lit_cache[64];
};

static inline IrStrEnt *ir_str_ent(const IrCtx *c, uint32_t id) {
  return ir_pg_at(&c->strs, sizeof(IrStrEnt), id);
}
static inline IrTypeEnt *ir_type_ent(const IrCtx *c, uint32_t id) {
  return ir_pg_at(&c->types, sizeof(IrTypeEnt), id);
}
static inline IrAttrEnt *ir_attr_ent(const IrCtx *c, uint32_t id) {
  return ir_pg_at(&c->attrs, sizeof(IrAttrEnt), id);
}
static inline IrLocEnt *ir_loc_ent(const IrCtx *c, uint32_t id) {
  return ir_pg_at(&c->locs, sizeof(IrLocEnt), id);
}

/* n bytes of the arena holding a copy of src (mem.c; not ir_arena_alloc,
 * which clears them first). */
void *ir_arena_dup(IrArena *a, const void *src, size_t n);

/* Reserve `n` elements of a virtual pool; IR_NONE if the pool would pass
 * IR_MAX_COUNT. */
static inline uint32_t ir_pool_take(uint32_t *pool, uint64_t n) {
  if (*pool + n > IR_MAX_COUNT) return IR_NONE;
  uint32_t off = *pool;
  *pool += (uint32_t)n;
  return off;
}

/* ir_hash_bytes (mem.c), inline: a key of constant size (the tables'
 * IrType and IrAttr keys) hashes unrolled, without the call and the size
 * tests (callgrind, mixed bench: see the commit). A wyhash-style hash:
 * 64x64->128 multiply-fold over 16-byte stripes. Fast on short keys
 * (names, small structs), well mixed, no dependencies. */
static inline uint64_t ir_hash_rd64(const unsigned char *p) {
  uint64_t v;
  memcpy(&v, p, 8);
  return v;
}

static inline uint64_t ir_hash_rd32(const unsigned char *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return v;
}

static inline uint64_t ir_hash_mix(uint64_t a, uint64_t b) {
  __uint128_t r = (__uint128_t)a * b;
  return (uint64_t)r ^ (uint64_t)(r >> 64);
}

#define IR_HASH_P0 0xa0761d6478bd642full
#define IR_HASH_P1 0xe7037ed1a0b428dbull
#define IR_HASH_P2 0x8ebc6af09c88c6e3ull
#define IR_HASH_P3 0x589965cc75374cc3ull

static inline uint64_t ir_hash_inline(const void *data, size_t n, uint64_t seed) {
  const unsigned char *p = data;
  uint64_t a, b;
  seed ^= ir_hash_mix(seed ^ IR_HASH_P0, IR_HASH_P1);
  if (n <= 16) {
    if (n >= 4) {
      a = (ir_hash_rd32(p) << 32) | ir_hash_rd32(p + ((n >> 3) << 2));
      b = (ir_hash_rd32(p + n - 4) << 32) | ir_hash_rd32(p + n - 4 - ((n >> 3) << 2));
    } else if (n > 0) {
      a = ((uint64_t)p[0] << 16) | ((uint64_t)p[n >> 1] << 8) | p[n - 1];
      b = 0;
    } else {
      a = b = 0;
    }
  } else {
    size_t i = n;
    while (i > 16) {
      seed = ir_hash_mix(ir_hash_rd64(p) ^ IR_HASH_P1, ir_hash_rd64(p + 8) ^ seed);
      p += 16;
      i -= 16;
    }
    a = ir_hash_rd64(p + i - 16);
    b = ir_hash_rd64(p + i - 8);
  }
  a ^= IR_HASH_P1;
  b ^= seed;
  __uint128_t r = (__uint128_t)a * b;
  return ir_hash_mix((uint64_t)r ^ IR_HASH_P0 ^ n, (uint64_t)(r >> 64) ^ IR_HASH_P1);
}

#endif
