/*
 * write.c - the .irb writer (FORMAT.md). One walk over the module in layout
 * (freeze) order writes the structure and, at the first use of each string,
 * type, attribute, location and op kind, appends its table entry: the dense
 * first-use numbering is then known the moment an index is first needed, and
 * no hash table is ever iterated, so the bytes depend only on the module.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>
#include <zstd.h>

#include "irbint.h"

/* {====================================================================== */
/* Buffers                                                                  */

void irb_buf_reserve(IrbBuf *b, size_t extra) {
  if (b->cap - b->len >= extra) return;
  size_t cap = b->cap ? b->cap : 256;
  while (cap - b->len < extra) {
    if (cap > SIZE_MAX / 2) ir_die("irb buffer too large");
    cap *= 2;
  }
  uint8_t *p = realloc(b->data, cap);
  if (!p) ir_die("out of memory (%zu bytes)", cap);
  b->data = p;
  b->cap = cap;
}

void irb_buf_free(IrbBuf *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}

int irb_is_bytecode(const void *p, size_t n) {
  return n >= IRB_MAGIC_LEN && memcmp(p, IRB_MAGIC, IRB_MAGIC_LEN) == 0;
}

/* }====================================================================== */

/* {====================================================================== */
/* Id maps: ctx id -> file index, open addressing. Key 0 is never stored
 * (ctx id 0 is "none" and always maps to file index 0).                    */

typedef struct IdMap {
  uint32_t *key;   /* ctx ids, 0 = empty slot */
  uint32_t *val;   /* file indices */
  uint32_t cap;    /* power of two, 0 before the first insert */
  uint32_t n;      /* entries stored */
  uint32_t *dense; /* or, when the ctx table is not much bigger than the
                      module: file index by ctx id, 0 = absent */
  uint32_t n_dense; /* ids below it are in `dense`; its room past them is
                       not written yet (map_extend) and reads as absent */
  uint32_t cap_dense; /* ids `dense` has room for: the ctx table's size */
  int grow;         /* dense, and grown for ids past cap_dense (a stream's
                       ctx grows as its text is parsed) */
} IdMap;

/* Use a direct array when the ctx table has at most `limit` entries: no
 * hashing at all, at the price of an array of the ctx table's size. It is
 * cleared only up to the highest id stored (map_extend): the room past it
 * is never touched, so costs no page (a calloc clears it all, as the
 * heap's padded top is not known to be fresh; ir-asm on the 20 MB bench
 * corpus sizes the location map from the text, ~25% above what it uses). */
static void map_init(IdMap *m, uint32_t ctx_n, uint64_t limit) {
  if (ctx_n <= limit) {
    m->dense = malloc((size_t)(ctx_n ? ctx_n : 1) * sizeof *m->dense);
    if (!m->dense) ir_die("out of memory");
    m->cap_dense = ctx_n;
  }
}

static inline uint32_t map_slot(uint32_t k, uint32_t mask) {
  uint32_t h = k * 0x9E3779B1u;
  return (h ^ (h >> 15)) & mask;
}

static uint32_t map_get_hashed(const IdMap *m, uint32_t k) {
  if (m->cap == 0) return 0;
  uint32_t mask = m->cap - 1;
  for (uint32_t i = map_slot(k, mask);; i = (i + 1) & mask) {
    if (m->key[i] == k) return m->val[i];
    if (m->key[i] == 0) return 0;
  }
}

/* File indices are 1-based: 0 is "not written yet". n_dense is 0 unless
 * the map is dense, so a dense lookup tests one bound. (Mixed bench
 * corpus: testing `dense` first was ~2 instructions more per lookup.) */
static inline uint32_t map_get(const IdMap *m, uint32_t k) {
  if (k < m->n_dense) return m->dense[k];
  if (m->dense) return 0;
  return map_get_hashed(m, k);
}

static void map_put_hashed(IdMap *m, uint32_t k, uint32_t v);

static void map_grow(IdMap *m) {
  IdMap old = *m;
  m->cap = old.cap ? old.cap * 2 : 64;
  m->key = calloc(m->cap, sizeof *m->key);
  m->val = malloc(m->cap * sizeof *m->val);
  if (!m->key || !m->val) ir_die("out of memory");
  m->n = 0;
  for (uint32_t i = 0; i < old.cap; i++)
    if (old.key[i]) map_put_hashed(m, old.key[i], old.val[i]);
  free(old.key);
  free(old.val);
}

static void map_put_hashed(IdMap *m, uint32_t k, uint32_t v) {
  if ((m->n + 1) * 2 > m->cap) map_grow(m);
  uint32_t mask = m->cap - 1, i = map_slot(k, mask);
  while (m->key[i]) i = (i + 1) & mask;
  m->key[i] = k;
  m->val[i] = v;
  m->n++;
}

/* Makes ids up to k part of the dense map: the ids between absent. A
 * growing map past its room copies only the ids in use. */
static __attribute__((noinline)) void map_extend(IdMap *m, uint32_t k) {
  if (k >= m->cap_dense) {
    if (!m->grow) ir_die("id %u outside its ctx table", k);
    uint32_t n = m->cap_dense ? m->cap_dense : 256;
    while (n <= k) {
      if (n > UINT32_MAX / 2) ir_die("id %u outside its ctx table", k);
      n *= 2;
    }
    uint32_t *d = malloc((size_t)n * sizeof *d);
    if (!d) ir_die("out of memory");
    memcpy(d, m->dense, (size_t)m->n_dense * sizeof *d);
    free(m->dense);
    m->dense = d;
    m->cap_dense = n;
  }
  memset(m->dense + m->n_dense, 0, (size_t)(k - m->n_dense) * sizeof *m->dense);
  m->n_dense = k + 1;
}

/* Forgets ids from n on (a dense map's; a hashed one keeps them). */
static void map_truncate(IdMap *m, uint32_t n) {
  if (m->dense && m->n_dense > n) m->n_dense = n;
}

static inline void map_put(IdMap *m, uint32_t k, uint32_t v) {
  if (m->dense) {
    if (k >= m->n_dense) map_extend(m, k);
    m->dense[k] = v;
    return;
  }
  map_put_hashed(m, k, v);
}

/* File index of an entry already written (0 for id 0). */
static inline uint32_t look(const IdMap *m, uint32_t k) {
  return k ? map_get(m, k) : 0;
}

static void map_free(IdMap *m) {
  free(m->dense);
  free(m->key);
  free(m->val);
}

/* }====================================================================== */

/* An op kind (FORMAT.md 3.2). */
typedef struct Kind {
  uint32_t name;                 /* ctx string id */
  uint32_t nopd, nres, nreg, nsucc, mask;
} Kind;

/* The writer's state. The part before `m` is kept from module to module
 * (w_take, w_give): its buffers and arrays keep their room, and the kind
 * cache is emptied by a new `gen` instead of being cleared. The rest is
 * zeroed per module. (Mixed bench corpus, 91 modules: a fresh calloc of
 * the 9 KB state, its buffers' first allocations and their frees were
 * ~13K instructions a module.) */
typedef struct W {
  jmp_buf jb;               /* longjmp target of wfail */
  char msg[256];            /* error text */
  IrbBuf strs, ents, kinds, st;  /* the payload's parts, assembled at the end */
  IrbBuf pl;                /* the whole uncompressed payload (zstd only) */
  IrbBuf heads;             /* the varints between the payload's parts */
  IrbBuf z;                 /* its zstd frame */
  IrbBuf argt, argl;        /* a block's argument types and location
                               deltas, before its head is known */
  IrbBuf alt;               /* the other half of the structure (chain_swap) */
  IrbBuf pend_argt, pend_argl;  /* the pending block head's types and the
                               location deltas of its arguments after the
                               first */
  uint16_t *tdep, *adep, *ldep;   /* nesting depth per file index */
  uint32_t tdep_cap, adep_cap, ldep_cap;
  Kind *kv;                 /* kinds by file index */
  uint32_t kv_cap;
  /* Ops with regions whose regions are still to be written (w_region
   * writes a region's blocks, then the regions of their ops). */
  uint32_t *nest;
  uint32_t cap_nest;
  uint32_t *kh;             /* hash of kind -> index + 1, 0 = empty */
  uint32_t kh_cap;
  XXH3_state_t *hs;         /* the payload's hash */
  uint32_t gen;             /* this module's number: kcache entries of
                               other numbers are empty */
  struct KindCache {        /* w_kind's cache: a kind and its index */
    Kind k;
    uint32_t idx, gen;      /* gen != w->gen: empty */
  } kcache[256];
  struct W *next_free;      /* w_pool's list */
  /* ---- per module, zeroed by w_take ---- */
  const IrModule *m;
  const IrCtx *c;
  int strip;                /* no locations */
  IdMap smap, tmap, amap, lmap;  /* ctx id -> file index (1-based) */
  uint32_t n_strs, n_types, n_attrs, n_locs;
  uint32_t n_kinds, n_nest;
  int have_file;            /* a FILE location entry has been written */
  uint32_t last_file, last_line;  /* its file (ctx id) and line */
  uint32_t prev_loc;        /* file index of the previous op's or block
                               argument's location */
  int want;                 /* the chain's first location is still to come:
                               the bodies' chain (chain_swap) */
  /* Layout counters, checked against the module's own ids. */
  uint32_t next_op, next_value, next_block, next_region, next_operand,
      next_succ;
  /* The other chain's cursor, want and counters, swapped with the above
   * (and `st` with `alt`) by chain_swap. */
  uint32_t alt_prev_loc;
  int alt_want;
  uint32_t alt_next[6];
  /* The first location of the bodies (pending): where its bytes go in
   * the bodies' buffer, and what they encode. */
  int pend;                 /* PEND_* */
  size_t pend_off;
  uint32_t pend_ki, pend_loc, pend_nargs;
  int pend_far;             /* an argument after the first has delta != 0 */
  /* The module's counts (the frame's header), of `m` or of a stream. */
  uint32_t cnt[6];
} W;

enum { PEND_NONE, PEND_OP, PEND_BLOCK };

static _Noreturn void wfail(W *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static _Noreturn void wfail(W *w, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(w->msg, sizeof w->msg, fmt, ap);
  va_end(ap);
  longjmp(w->jb, 1);
}

/* Record the depth of a new entry (1-based file index k). */
static void grow_depth(W *w, uint16_t **dep, uint32_t *cap, uint32_t k);
static inline void set_depth(W *w, uint16_t **dep, uint32_t *cap, uint32_t k,
                             unsigned depth) {
  if (depth > IR_MAX_DEPTH)
    wfail(w, "cannot encode: nesting deeper than %d", IR_MAX_DEPTH);
  if (k >= *cap) grow_depth(w, dep, cap, k);
  (*dep)[k] = (uint16_t)depth;
}

static void grow_depth(W *w, uint16_t **dep, uint32_t *cap, uint32_t k) {
  (void)w;
  {
    uint32_t nc = *cap ? *cap * 2 : 256;
    while (nc <= k) nc *= 2;
    uint16_t *p = realloc(*dep, nc * sizeof *p);
    if (!p) ir_die("out of memory");
    *dep = p;
    *cap = nc;
  }
}

/* Each entry kind's writer is an inline lookup of an entry written before
 * (the usual case: a type, attribute or location is met many times) and an
 * out-of-line (noinline) writer of a new one, so that the lookup saves no
 * registers. */
static inline uint32_t w_type(W *w, uint32_t t, unsigned *depth);
static inline uint32_t w_attr(W *w, uint32_t a, unsigned *depth);
static inline uint32_t w_loc(W *w, uint32_t l);
static uint32_t w_loc_child(W *w, uint32_t l, unsigned *depth);
static __attribute__((noinline)) uint32_t w_type_new(W *w, uint32_t t, unsigned *depth);
static __attribute__((noinline)) uint32_t w_attr_new(W *w, uint32_t a, unsigned *depth);
static __attribute__((noinline)) uint32_t w_loc_new(W *w, uint32_t l);
static __attribute__((noinline)) uint32_t w_loc_other(W *w, uint32_t l, const IrLoc *lo);

/* Static strings are looked up by a hash of their bytes in a table of
 * STAT_SLOTS slots (at least twice the entries). A linear scan of the 211
 * entries for every string of a module was 1% of ir-asm (3 MB bench slice:
 * 2,400 strings, mostly symbol names, none static). The table is built once
 * per process (pthread_once: the tools' -j writes from several threads):
 * built per writer it cost ~33K instructions a module, 1.3% of dd-lower on
 * the 91 chunks of the mixed bench corpus. */
#define STAT_SLOTS 512u

static struct StatSlot {
  uint16_t ix;                        /* index + 1, 0 = empty */
  uint16_t len;                       /* its length */
} stat_slot[STAT_SLOTS];
static pthread_once_t stat_once = PTHREAD_ONCE_INIT;

/* The length and four bytes (the last two, the middle, three quarters in)
 * pick the slot: the static strings probe 1.34 slots on average (at most
 * 6), and typical symbol names (foo_12, helper_dealloc_3) meet 0.77
 * occupied slots before an empty one, as with a hash of every byte (FNV:
 * 1.33, 8, 0.83), which was ~4 instructions a byte. (Mixed bench corpus:
 * dd-lower irb_write_to 17.38M -> 17.00M.) */
static uint32_t stat_hash(const char *p, size_t n) {
  if (n < 2) return n ? (uint8_t)p[0] : 0;
  const uint8_t *u = (const uint8_t *)p;
  uint32_t h = (uint32_t)n * 0x9E3779B1u;
  h ^= (u[n - 1] | (uint32_t)u[n - 2] << 8) * 0x85EBCA77u;
  h ^= (u[n / 2] | (uint32_t)u[n * 3 / 4] << 8) * 0xC2B2AE3Du;
  return (h ^ (h >> 15)) & (STAT_SLOTS - 1);
}

static void stat_build(void) {
  _Static_assert(STAT_SLOTS <= 65535, "index + 1 must fit 16 bits");
  if (2 * irb_n_static_strs > STAT_SLOTS) ir_die("static string table too big");
  for (uint32_t i = 0; i < irb_n_static_strs; i++) {
    const char *t = irb_static_strs[i];
    size_t n = strlen(t);
    if (n > UINT16_MAX) ir_die("static string too long");
    uint32_t j = stat_hash(t, n);
    while (stat_slot[j].ix) j = (j + 1) & (STAT_SLOTS - 1);
    stat_slot[j].ix = (uint16_t)(i + 1);
    stat_slot[j].len = (uint16_t)n;
  }
}

/* The index of the static string with bytes p[0, n), or -1. */
static int64_t static_index(const char *p, size_t n) {
  if (pthread_once(&stat_once, stat_build)) ir_die("pthread_once failed");
  for (uint32_t j = stat_hash(p, n); stat_slot[j].ix; j = (j + 1) & (STAT_SLOTS - 1)) {
    const struct StatSlot *e = &stat_slot[j];
    if (e->len == n && !memcmp(irb_static_strs[e->ix - 1], p, n)) return e->ix - 1;
  }
  return -1;
}

static uint32_t w_str(W *w, uint32_t s) {
  if (s == 0) return 0;
  uint32_t k = map_get(&w->smap, s);
  if (k) return k;
  k = ++w->n_strs;
  map_put(&w->smap, s, k);
  size_t n = ir_str_len(w->c, s);
  const char *p = ir_str_ptr(w->c, s);
  /* A static string costs its index (odd), any other its length (even)
   * and its bytes: room for either is reserved once. */
  IrbBuf *b = &w->strs;
  if (b->cap - b->len < n + 10) irb_buf_reserve(b, n + 10);
  uint8_t *q = b->data + b->len;
  int64_t si = static_index(p, n);
  if (si >= 0) {
    q = irb_put_varint(q, 2 * (uint64_t)si + 1);
  } else {
    q = irb_put_varint(q, 2 * (uint64_t)n);
    memcpy(q, p, n);
    q += n;
  }
  b->len = (size_t)(q - b->data);
  return k;
}

/* Ensure a type has its entry; returns its file index and raises *depth to
 * cover it (depth NULL: an op or block argument, whose depth nothing uses;
 * the inline lookups then skip the depth table). */
static inline uint32_t w_type(W *w, uint32_t t, unsigned *depth) {
  if (t == 0) return 0;
  uint32_t k = map_get(&w->tmap, t);
  if (k) {
    if (depth && w->tdep[k] > *depth) *depth = w->tdep[k];
    return k;
  }
  return w_type_new(w, t, depth);
}

static __attribute__((noinline)) uint32_t w_type_new(W *w, uint32_t t, unsigned *depth) {
  uint32_t k;
  const IrType *ty = ir_type(w->c, t);
  unsigned d = 0;
  uint32_t elem = 0, lay = 0, sp = 0, txt = 0;
  const uint32_t *list = NULL;
  uint32_t nlist = 0;
  /* Children first (post-order), so every reference points backwards. */
  switch (ty->kind) {
  case IR_T_MEMREF: case IR_T_TENSOR:
    elem = w_type(w, ty->elem, &d);
    lay = w_attr(w, ty->layout, &d);
    if (ty->kind == IR_T_MEMREF) sp = w_attr(w, ty->space, &d);
    break;
  case IR_T_UMEMREF:
    elem = w_type(w, ty->elem, &d);
    sp = w_attr(w, ty->space, &d);
    break;
  case IR_T_UTENSOR: case IR_T_VECTOR: case IR_T_COMPLEX:
    elem = w_type(w, ty->elem, &d);
    break;
  case IR_T_FUNC: case IR_T_TUPLE:
    list = ir_type_list(w->c, t);
    nlist = ty->kind == IR_T_FUNC ? ty->n + ty->nres : ty->n;
    for (uint32_t i = 0; i < nlist; i++) w_type(w, list[i], &d);
    break;
  case IR_T_OPAQUE:
    txt = w_str(w, ty->text);
    break;
  default:
    break;
  }
  IrbBuf *b = &w->ents;
  const int64_t *dims = NULL;
  switch (ty->kind) {
  case IR_T_INT:
    irb_buf_byte(b, ty->sub == IR_SIGNED     ? IRB_TAG_T_SINT
                    : ty->sub == IR_UNSIGNED ? IRB_TAG_T_UINT
                                             : IRB_TAG_T_INT);
    irb_buf_varint(b, ty->width);
    break;
  case IR_T_INDEX: irb_buf_byte(b, IRB_TAG_T_INDEX); break;
  case IR_T_NONE: irb_buf_byte(b, IRB_TAG_T_NONE); break;
  case IR_T_FLOAT:
    if (ty->sub >= IR_N_FLOAT_KINDS) wfail(w, "cannot encode float kind %u", ty->sub);
    irb_buf_byte(b, IRB_TAG_T_FLOAT);
    irb_buf_varint(b, irb_float_to_file[ty->sub]);
    break;
  case IR_T_MEMREF: case IR_T_TENSOR: case IR_T_VECTOR:
    irb_buf_byte(b, ty->kind == IR_T_MEMREF
                        ? (lay || sp ? IRB_TAG_T_MEMREF : IRB_TAG_T_MEMREF_PLAIN)
                    : ty->kind == IR_T_TENSOR ? IRB_TAG_T_TENSOR
                                              : IRB_TAG_T_VECTOR);
    irb_buf_varint(b, ty->n);
    dims = ir_type_dims(w->c, t);
    for (uint32_t i = 0; i < ty->n; i++) irb_buf_varint(b, irb_dim_enc(dims[i]));
    irb_buf_varint(b, elem);
    if (ty->kind == IR_T_VECTOR) {
      irb_buf_varint(b, ty->scalable);
    } else if (ty->kind == IR_T_TENSOR) {
      irb_buf_varint(b, lay);
    } else if (lay || sp) {
      irb_buf_varint(b, lay);
      irb_buf_varint(b, sp);
    }
    break;
  case IR_T_UMEMREF:
    irb_buf_byte(b, IRB_TAG_T_UMEMREF);
    irb_buf_varint(b, elem);
    irb_buf_varint(b, sp);
    break;
  case IR_T_UTENSOR: case IR_T_COMPLEX:
    irb_buf_byte(b, ty->kind == IR_T_UTENSOR ? IRB_TAG_T_UTENSOR : IRB_TAG_T_COMPLEX);
    irb_buf_varint(b, elem);
    break;
  case IR_T_FUNC: case IR_T_TUPLE:
    irb_buf_byte(b, ty->kind == IR_T_FUNC ? IRB_TAG_T_FUNC : IRB_TAG_T_TUPLE);
    irb_buf_varint(b, ty->n);
    if (ty->kind == IR_T_FUNC) irb_buf_varint(b, ty->nres);
    for (uint32_t i = 0; i < nlist; i++)
      irb_buf_varint(b, look(&w->tmap, list[i]));
    break;
  case IR_T_OPAQUE:
    irb_buf_byte(b, IRB_TAG_T_OPAQUE);
    irb_buf_varint(b, txt);
    break;
  default:
    wfail(w, "cannot encode type kind %u", ty->kind);
  }
  k = ++w->n_types;
  map_put(&w->tmap, t, k);
  set_depth(w, &w->tdep, &w->tdep_cap, k, d + 1);
  if (depth && d + 1 > *depth) *depth = d + 1;
  return k;
}

static inline uint32_t w_attr(W *w, uint32_t a, unsigned *depth) {
  if (a == 0) return 0;
  uint32_t k = map_get(&w->amap, a);
  if (k) {
    if (depth && w->adep[k] > *depth) *depth = w->adep[k];
    return k;
  }
  return w_attr_new(w, a, depth);
}

/* The bytes a dense body `"0x..."` of upper-case hex digit pairs spells
 * (ir_dense_hex_text's form, MLIR's beyond 100 elements), or 0 when the
 * body is not of that form. Such a body is written as those bytes
 * (FORMAT.md, 0x30): half the size of its text. */
static size_t hex_body_bytes(const char *s, size_t len) {
  if (len < 6 || (len & 1) || memcmp(s, "\"0x", 3) || s[len - 1] != '"' ||
      strspn(s + 3, "0123456789ABCDEF") != len - 4)
    return 0;
  /* the reader takes at most IR_MAX_COUNT bytes there: a bigger body stays
   * a string */
  return (len - 4) / 2 <= IR_MAX_COUNT ? (len - 4) / 2 : 0;
}

static __attribute__((noinline)) uint32_t w_attr_new(W *w, uint32_t a, unsigned *depth) {
  uint32_t k;
  const IrAttr *at = ir_attr(w->c, a);
  const uint32_t *u32 = NULL;
  const int64_t *i64 = NULL;
  unsigned d = 0;
  uint32_t ty = 0, str = 0;
  size_t hex = 0; /* a hex dense body's bytes: the body is no string then */
  /* Children first. */
  switch (at->kind) {
  case IR_A_INT: case IR_A_FLOAT: case IR_A_TYPE: case IR_A_DENSE_ARRAY:
    ty = w_type(w, at->type, &d);
    break;
  case IR_A_DENSE:
    hex = hex_body_bytes(ir_str_ptr(w->c, at->str), ir_str_len(w->c, at->str));
    if (!hex) str = w_str(w, at->str);
    ty = w_type(w, at->type, &d);
    break;
  case IR_A_STRING: case IR_A_OPAQUE:
    str = w_str(w, at->str);
    ty = w_type(w, at->type, &d);
    break;
  case IR_A_AFFINE_MAP: case IR_A_AFFINE_SET:
    str = w_str(w, at->str);
    break;
  case IR_A_ARRAY:
    u32 = ir_attr_u32(w->c, a);
    for (uint32_t i = 0; i < at->n; i++) w_attr(w, u32[i], &d);
    break;
  case IR_A_DICT:
    u32 = ir_attr_u32(w->c, a);
    for (uint32_t i = 0; i < at->n; i++) {
      w_str(w, u32[2 * i]);
      w_attr(w, u32[2 * i + 1], &d);
    }
    break;
  case IR_A_SYMREF:
    u32 = ir_attr_u32(w->c, a);
    str = w_str(w, at->str);
    for (uint32_t i = 0; i < at->n; i++) w_str(w, u32[i]);
    break;
  default:
    break;
  }
  /* The entry through a local cursor into room reserved once: a tag, at
   * most three varints and two a list member (a float: 8 bytes). (Mixed
   * bench corpus, ~10.6K new attributes: a bounds check and length store
   * per varint were ~10 instructions an attribute: dd-lower irb_write_to
   * 16.31M -> 16.20M.) */
  IrbBuf *b = &w->ents;
  int listed = at->kind == IR_A_ARRAY || at->kind == IR_A_DICT ||
               at->kind == IR_A_SYMREF || at->kind == IR_A_DENSE_ARRAY ||
               at->kind == IR_A_STRIDED;
  size_t room = 32 + (listed ? 20 * (size_t)at->n : 0) + hex;
  if (b->cap - b->len < room) irb_buf_reserve(b, room);
  uint8_t *q = b->data + b->len;
  switch (at->kind) {
  case IR_A_UNIT: *q++ = IRB_TAG_A_UNIT; break;
  case IR_A_BOOL:
    *q++ = IRB_TAG_A_BOOL;
    q = irb_put_varint(q, at->ival != 0);
    break;
  case IR_A_INT:
    *q++ = IRB_TAG_A_INT;
    q = irb_put_varint(q, irb_zigzag(at->ival));
    q = irb_put_varint(q, ty);
    break;
  case IR_A_FLOAT: {
    uint64_t bits;
    memcpy(&bits, &at->fval, 8);
    *q++ = IRB_TAG_A_FLOAT;
    irb_put_le(q, bits, 8);
    q += 8;
    q = irb_put_varint(q, ty);
    break;
  }
  case IR_A_DENSE:
    if (hex) {
      *q++ = IRB_TAG_A_DENSE_HEX;
      q = irb_put_varint(q, (uint64_t)hex);
      ir_hex_decode(ir_str_ptr(w->c, at->str) + 3, 2 * hex, q);  /* checked */
      q += hex;
      q = irb_put_varint(q, ty);
      break;
    }
    /* fallthrough */
  case IR_A_STRING: case IR_A_OPAQUE:
    *q++ = at->kind == IR_A_STRING  ? IRB_TAG_A_STRING
           : at->kind == IR_A_DENSE ? IRB_TAG_A_DENSE
                                    : IRB_TAG_A_OPAQUE;
    q = irb_put_varint(q, str);
    q = irb_put_varint(q, ty);
    break;
  case IR_A_TYPE:
    *q++ = IRB_TAG_A_TYPE;
    q = irb_put_varint(q, ty);
    break;
  case IR_A_ARRAY:
    *q++ = IRB_TAG_A_ARRAY;
    q = irb_put_varint(q, at->n);
    for (uint32_t i = 0; i < at->n; i++) q = irb_put_varint(q, look(&w->amap, u32[i]));
    break;
  case IR_A_DICT:
    *q++ = IRB_TAG_A_DICT;
    q = irb_put_varint(q, at->n);
    for (uint32_t i = 0; i < at->n; i++) {
      q = irb_put_varint(q, look(&w->smap, u32[2 * i]));
      q = irb_put_varint(q, look(&w->amap, u32[2 * i + 1]));
    }
    break;
  case IR_A_SYMREF:
    *q++ = IRB_TAG_A_SYMREF;
    q = irb_put_varint(q, str);
    q = irb_put_varint(q, at->n);
    for (uint32_t i = 0; i < at->n; i++) q = irb_put_varint(q, look(&w->smap, u32[i]));
    break;
  case IR_A_DENSE_ARRAY:
    i64 = ir_attr_i64(w->c, a);
    *q++ = IRB_TAG_A_DENSE_ARRAY;
    q = irb_put_varint(q, ty);
    q = irb_put_varint(q, at->n);
    for (uint32_t i = 0; i < at->n; i++) q = irb_put_varint(q, irb_zigzag(i64[i]));
    break;
  case IR_A_AFFINE_MAP: case IR_A_AFFINE_SET:
    *q++ = at->kind == IR_A_AFFINE_MAP ? IRB_TAG_A_AFFINE_MAP : IRB_TAG_A_AFFINE_SET;
    q = irb_put_varint(q, str);
    break;
  case IR_A_STRIDED:
    i64 = ir_attr_i64(w->c, a);
    *q++ = IRB_TAG_A_STRIDED;
    q = irb_put_varint(q, irb_dim_enc(at->ival));
    q = irb_put_varint(q, at->n);
    for (uint32_t i = 0; i < at->n; i++) q = irb_put_varint(q, irb_dim_enc(i64[i]));
    break;
  default:
    wfail(w, "cannot encode attribute kind %u", at->kind);
  }
  b->len = (size_t)(q - b->data);
  k = ++w->n_attrs;
  map_put(&w->amap, a, k);
  set_depth(w, &w->adep, &w->adep_cap, k, d + 1);
  if (depth && d + 1 > *depth) *depth = d + 1;
  return k;
}

/* Ensure a location has its entry; returns its file index. Only a
 * location's children have a depth that matters (w_loc_child): a FILE
 * location is always at depth 1, and ldep holds the depth of the others
 * only. (Mixed bench corpus: recording depth 1 for every new FILE entry,
 * about one per op, and passing the depth pointer along were ~16
 * instructions a new location: irb_write_to in ir-asm 32.28M -> 30.69M,
 * dd-lower 16.85M -> 16.31M.) */
static inline uint32_t w_loc(W *w, uint32_t l) {
  if (l == 0) return 0;
  uint32_t k = map_get(&w->lmap, l);
  if (k) return k;
  return w_loc_new(w, l);
}

/* w_loc for a child of a location, raising *depth to cover it. */
static uint32_t w_loc_child(W *w, uint32_t l, unsigned *depth) {
  uint32_t k = w_loc(w, l);
  if (k) {
    unsigned dk = ir_loc(w->c, l)->kind == IR_L_FILE ? 1 : w->ldep[k];
    if (dk > *depth) *depth = dk;
  }
  return k;
}

static __attribute__((noinline)) uint32_t w_loc_new(W *w, uint32_t l) {
  uint32_t k;
  const IrLoc *lo = ir_loc(w->c, l);
  if (lo->kind == IR_L_FILE && w->have_file && w->last_file == lo->file) {
    /* The common case, one per op: the file's string is written already
     * (w_str would only look it up), and the entry is a line delta; its
     * at most 21 bytes go through one reserve. */
    IrbBuf *b = &w->ents;
    if (b->cap - b->len < 21) irb_buf_reserve(b, 21);
    uint8_t *q = b->data + b->len;
    int64_t dl = (int64_t)lo->line - (int64_t)w->last_line;
    if (dl >= IRB_LINE_SHORT_MIN && dl <= IRB_LINE_SHORT_MAX) {
      *q++ = (uint8_t)(IRB_TAG_L_FILE_SHORT - IRB_LINE_SHORT_MIN + dl);
    } else {
      *q++ = IRB_TAG_L_FILE_NEXT;
      q = irb_put_varint(q, irb_zigzag(dl));
    }
    q = irb_put_varint(q, lo->col);
    b->len = (size_t)(q - b->data);
    w->last_line = lo->line;
    k = ++w->n_locs;
    map_put(&w->lmap, l, k);
    return k;
  }
  return w_loc_other(w, l, lo);
}

/* Any other location: children first, then the entry. */
static __attribute__((noinline)) uint32_t w_loc_other(W *w, uint32_t l, const IrLoc *lo) {
  uint32_t k;
  const uint32_t *list = NULL;
  unsigned d = 0;
  uint32_t a = 0, bb = 0;
  switch (lo->kind) {
  case IR_L_FILE: a = w_str(w, lo->file); break;
  case IR_L_NAME:
    a = w_str(w, lo->a);
    bb = w_loc_child(w, lo->b, &d);
    break;
  case IR_L_CALLSITE:
    a = w_loc_child(w, lo->a, &d);
    bb = w_loc_child(w, lo->b, &d);
    break;
  case IR_L_FUSED:
    list = ir_loc_list(w->c, l);
    for (uint32_t i = 0; i < lo->n; i++) w_loc_child(w, list[i], &d);
    bb = w_attr(w, lo->b, &d);
    break;
  default:
    wfail(w, "cannot encode location kind %u", lo->kind);
  }
  IrbBuf *b = &w->ents;
  switch (lo->kind) {
  case IR_L_FILE:
    if (w->have_file && w->last_file == lo->file) {
      int64_t dl = (int64_t)lo->line - (int64_t)w->last_line;
      if (dl >= IRB_LINE_SHORT_MIN && dl <= IRB_LINE_SHORT_MAX) {
        irb_buf_byte(b, (uint8_t)(IRB_TAG_L_FILE_SHORT - IRB_LINE_SHORT_MIN + dl));
      } else {
        irb_buf_byte(b, IRB_TAG_L_FILE_NEXT);
        irb_buf_svarint(b, dl);
      }
    } else {
      irb_buf_byte(b, IRB_TAG_L_FILE);
      irb_buf_varint(b, a);
      irb_buf_varint(b, lo->line);
    }
    irb_buf_varint(b, lo->col);
    w->have_file = 1;
    w->last_file = lo->file;
    w->last_line = lo->line;
    break;
  case IR_L_NAME: case IR_L_CALLSITE:
    irb_buf_byte(b, lo->kind == IR_L_NAME ? IRB_TAG_L_NAME : IRB_TAG_L_CALLSITE);
    irb_buf_varint(b, a);
    irb_buf_varint(b, bb);
    break;
  case IR_L_FUSED:
    irb_buf_byte(b, IRB_TAG_L_FUSED);
    irb_buf_varint(b, lo->n);
    for (uint32_t i = 0; i < lo->n; i++) irb_buf_varint(b, look(&w->lmap, list[i]));
    irb_buf_varint(b, bb);
    break;
  }
  k = ++w->n_locs;
  map_put(&w->lmap, l, k);
  set_depth(w, &w->ldep, &w->ldep_cap, k, d + 1);
  return k;
}

static uint32_t kind_hash(const Kind *k) {
  uint32_t h = k->name * 0x9E3779B1u;
  h = (h ^ k->nopd) * 0x85EBCA77u;
  h = (h ^ k->nres) * 0xC2B2AE3Du;
  h = (h ^ (k->nreg << 8) ^ (k->nsucc << 16) ^ (k->mask << 24)) * 0x27D4EB2Fu;
  return h ^ (h >> 16);
}

static uint32_t w_kind_slow(W *w, const Kind *k);

/* A miss of w_kind's cache: the kind's index, cached in e. Out of line,
 * so the hit path does not build the Kind (it did, in vector registers,
 * ahead of the compare: ~12 instructions an op). */
static __attribute__((noinline)) uint32_t w_kind_miss(W *w, const IrOp *o,
                                                      struct KindCache *e,
                                                      uint32_t mask) {
  Kind k = {o->name, o->n_operands, o->n_results, o->n_regions, o->n_succs, mask};
  e->idx = w_kind_slow(w, &k);
  e->k = k;
  e->gen = w->gen;
  return e->idx;
}

/* The file index of op o's kind. Most ops repeat the kind of an earlier op
 * of the same name: a direct mapped cache by name, compared field by field
 * with the op, spares the hash and probe. (Mixed bench corpus: building a
 * Kind per op and comparing it whole was ~43 instructions an op; packing
 * the shape into a 64-bit key instead cost as much.) */
static inline uint32_t w_kind(W *w, const IrOp *o) {
  struct KindCache *e = &w->kcache[o->name & 255];
  uint32_t mask = (o->props ? IRB_KIND_PROPS : 0) | (o->attrs ? IRB_KIND_ATTRS : 0);
  if (e->gen == w->gen && e->k.name == o->name && e->k.nopd == o->n_operands &&
      e->k.nres == o->n_results && e->k.nreg == o->n_regions &&
      e->k.nsucc == o->n_succs && e->k.mask == mask)
    return e->idx;
  return w_kind_miss(w, o, e, mask);
}

static uint32_t w_kind_slow(W *w, const Kind *k) {
  if ((w->n_kinds + 1) * 2 > w->kh_cap) {
    free(w->kh);
    w->kh_cap = w->kh_cap ? w->kh_cap * 2 : 64;
    w->kh = calloc(w->kh_cap, sizeof *w->kh);
    if (!w->kh) ir_die("out of memory");
    for (uint32_t i = 0; i < w->n_kinds; i++) {
      uint32_t j = kind_hash(&w->kv[i]) & (w->kh_cap - 1);
      while (w->kh[j]) j = (j + 1) & (w->kh_cap - 1);
      w->kh[j] = i + 1;
    }
  }
  uint32_t mask = w->kh_cap - 1, j = kind_hash(k) & mask;
  for (; w->kh[j]; j = (j + 1) & mask)
    if (memcmp(&w->kv[w->kh[j] - 1], k, sizeof *k) == 0) return w->kh[j] - 1;
  if (w->n_kinds == w->kv_cap) {
    w->kv_cap = w->kv_cap ? w->kv_cap * 2 : 32;
    w->kv = realloc(w->kv, w->kv_cap * sizeof *w->kv);
    if (!w->kv) ir_die("out of memory");
  }
  w->kv[w->n_kinds] = *k;
  w->kh[j] = w->n_kinds + 1;
  /* name, then the shape: mask | nres | nreg | nsucc in two bits each (3:
   * the count follows) | nopd << 8, so most kinds cost 2-3 bytes. */
  uint32_t esc[3] = {k->nres, k->nreg, k->nsucc};
  uint64_t shape = k->mask | ((uint64_t)k->nopd << 8);
  for (int i = 0; i < 3; i++)
    shape |= (uint64_t)(esc[i] < 3 ? esc[i] : 3) << (2 + 2 * i);
  irb_buf_varint(&w->kinds, w_str(w, k->name));
  irb_buf_varint(&w->kinds, shape);
  for (int i = 0; i < 3; i++)
    if (esc[i] >= 3) irb_buf_varint(&w->kinds, esc[i]);
  return w->n_kinds++;
}

/* {====================================================================== */
/* The structure, in layout order (FORMAT.md 3.3)                           */


/* List op (which has regions) for w_region. */
static void nest_push(W *w, uint32_t op) {
  irb_ids_push(&w->nest, &w->n_nest, &w->cap_nest, op);
}

/* Layout checks. Every module the writer is given was laid out in freeze
 * order by construction: by irb_freeze, by the reader (which skips the
 * same check in release builds for that reason, read.c) or by the
 * rewriter's layout (passes/rewrite.c). So, like the reader, release
 * builds trust the layout and sanitizer and fuzz builds (ASan) check
 * it op by op, block by block, as this writer always did, so a layout bug
 * still fails loudly in the tests and the fuzzers. (Mixed bench corpus:
 * the per-op checks and counters were ~56 of the writer's ~500
 * instructions per op: irb_write_to in ir-asm 41.1M -> 35.9M, dd-own
 * 20.0M -> 18.1M, dd-simplify 18.9M -> 17.1M, dd-lower 21.8M -> 19.4M.) */
#if defined(__SANITIZE_ADDRESS__)
#define W_CHECK_LAYOUT 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define W_CHECK_LAYOUT 1
#endif
#endif

#ifdef W_CHECK_LAYOUT
static void w_check_op(W *w, uint32_t id, uint32_t parent_block) {
  const IrModule *m = w->m;
  if (id != w->next_op || id >= m->n_ops)
    wfail(w, "module is not in freeze order (op %u where %u expected)", id,
          w->next_op);
  const IrOp *o = &m->ops[id];
  if (o->block != parent_block)
    wfail(w, "op %u: parent block %u, expected %u", id, o->block, parent_block);
  if (o->results != w->next_value || o->operands != w->next_operand ||
      o->regions != w->next_region || o->succs != w->next_succ ||
      (uint64_t)o->results + o->n_results > m->n_values ||
      (uint64_t)o->operands + o->n_operands > m->n_operands ||
      (uint64_t)o->regions + o->n_regions > m->n_regions ||
      (uint64_t)o->succs + o->n_succs > m->n_succs)
    wfail(w, "op %u: ranges are not in freeze order", id);
  w->next_value += o->n_results;
  w->next_operand += o->n_operands;
  w->next_region += o->n_regions;
  w->next_succ += o->n_succs;
}
#endif

/* An op head with a location (FORMAT.md 3.3): kind << 1 | (the location
 * is not the next one), then the delta; the location chain moves on. */
static inline uint8_t *put_head(W *w, uint8_t *q, uint32_t ki, uint32_t l) {
  int64_t delta = (int64_t)l - ((int64_t)w->prev_loc + 1);
  w->prev_loc = l;
  q = irb_put_varint(q, ((uint64_t)ki << 1) | (delta != 0));
  if (delta) q = irb_put_varint(q, irb_zigzag(delta));
  return q;
}

/* Put n bytes at b[off], moving what follows. */
static void buf_insert(IrbBuf *b, size_t off, const void *p, size_t n) {
  irb_buf_reserve(b, n);
  memmove(b->data + off + n, b->data + off, b->len - off);
  memcpy(b->data + off, p, n);
  b->len += n;
}

/* Inlined into w_region, its one caller per op (a call per op was 1.2M of
 * the 3 MB slice's 213M instructions). */
static inline __attribute__((always_inline)) void w_op(W *w, uint32_t id,
                                                       uint32_t parent_block,
                                                       const IrRegion *reg) {
  const IrModule *m = w->m;
#ifdef W_CHECK_LAYOUT
  w_check_op(w, id, parent_block);
  w->next_op++;
#else
  (void)parent_block;
#endif
  const IrOp *o = &m->ops[id];

  uint32_t ki = w_kind(w, o);
  /* The op's bytes go through a local cursor into room reserved once (at
   * most 10 bytes a varint): w_loc, w_type and w_attr append to other
   * buffers, never to st. (A bounds check and length store per varint were
   * a fifth of the writer.) */
  IrbBuf *b = &w->st;
  size_t room = 10 * (4 + (size_t)o->n_operands + o->n_results + 3 * (size_t)o->n_succs);
  if (b->cap - b->len < room) irb_buf_reserve(b, room);
  uint8_t *q = b->data + b->len;
  if (w->strip) {
    q = irb_put_varint(q, ki);
  } else {
    /* head = kind << 1 | (location is not the next one); then the delta */
    uint32_t l = w_loc(w, o->loc);
    if (__builtin_expect(w->want, 0)) {
      /* the bodies' first location: its delta waits for the tops' last */
      w->pend = PEND_OP;
      w->pend_off = (size_t)(q - b->data);
      w->pend_ki = ki;
      w->pend_loc = l;
      w->want = 0;
      w->prev_loc = l;
    } else {
      q = put_head(w, q, ki, l);
    }
  }
  int64_t cur = o->results;
  const uint32_t *opd = m->operands + o->operands;
  for (uint32_t i = 0; i < o->n_operands; i++)
    q = irb_put_varint(q, irb_zigzag(cur - 1 - (int64_t)opd[i]));
  for (uint32_t i = 0; i < o->n_results; i++) {
    const IrValue *v = &m->values[o->results + i];
    if (v->type == 0) wfail(w, "op %u: result %u has no type", id, i);
    q = irb_put_varint(q, w_type(w, v->type, NULL));
  }
  if (o->props) q = irb_put_varint(q, w_attr(w, o->props, NULL));
  if (o->attrs) q = irb_put_varint(q, w_attr(w, o->attrs, NULL));
  if (o->n_regions) nest_push(w, id);
  uint32_t end = 0;
  for (uint32_t i = 0; i < o->n_succs; i++) {
    const IrSucc *s = &m->succs[o->succs + i];
    if (!reg || s->block < reg->blocks || s->block - reg->blocks >= reg->n_blocks)
      wfail(w, "op %u: successor %u is not a block of its region", id, i);
    uint32_t start = s->n_operands ? s->operands - o->operands : end;
    if (s->n_operands &&
        (s->operands < o->operands + end ||
         (uint64_t)s->operands + s->n_operands > (uint64_t)o->operands + o->n_operands))
      wfail(w, "op %u: successor operand ranges out of order", id);
    q = irb_put_varint(q, s->block - reg->blocks);
    q = irb_put_varint(q, start - end);
    q = irb_put_varint(q, s->n_operands);
    end = start + s->n_operands;
  }
  b->len = (size_t)(q - b->data);
}

/* Block bid's head (arguments) and op count, into st. */
static const IrBlock *w_block_head(W *w, uint32_t r, uint32_t bid) {
  const IrModule *m = w->m;
  IrbBuf *b = &w->st;
  const IrBlock *B = &m->blocks[bid];
#ifdef W_CHECK_LAYOUT
  if (B->region != r || B->args != w->next_value || B->ops != w->next_op ||
      (uint64_t)B->args + B->n_args > m->n_values)
    wfail(w, "block %u is not in freeze order", bid);
#else
  (void)r;
#endif
  /* head = n_args << 1 | (some argument location is not the next one);
   * then the types, then (if the bit is set) every location delta */
  int far = 0, pend = !w->strip && B->n_args && w->want;
  w->argt.len = w->argl.len = 0;
  for (uint32_t j = 0; j < B->n_args; j++) {
    const IrValue *v = &m->values[B->args + j];
    if (v->type == 0) wfail(w, "block %u: argument %u has no type", bid, j);
    irb_buf_varint(&w->argt, w_type(w, v->type, NULL));
    if (w->strip) continue;
    uint32_t l = w_loc(w, v->loc);
    int64_t delta = (int64_t)l - ((int64_t)w->prev_loc + 1);
    w->prev_loc = l;
    if (pend && j == 0) {       /* the bodies' first location: waits */
      w->pend_loc = l;
      continue;
    }
    far |= delta != 0;
    irb_buf_svarint(&w->argl, delta);
  }
  if (pend) {
    w->pend = PEND_BLOCK;
    w->pend_off = b->len;
    w->pend_nargs = B->n_args;
    w->pend_far = far;
    w->pend_argt.len = w->pend_argl.len = 0;
    irb_buf_bytes(&w->pend_argt, w->argt.data, w->argt.len);
    if (w->argl.len) irb_buf_bytes(&w->pend_argl, w->argl.data, w->argl.len);
    w->want = 0;
  } else {
    irb_buf_varint(b, w->strip ? B->n_args : ((uint64_t)B->n_args << 1) | far);
    if (w->argt.len) irb_buf_bytes(b, w->argt.data, w->argt.len);
    if (far) irb_buf_bytes(b, w->argl.data, w->argl.len);
  }
#ifdef W_CHECK_LAYOUT
  w->next_value += B->n_args;
#endif
  irb_buf_varint(b, B->n_ops);
  return B;
}

static void w_region(W *w, uint32_t r, uint32_t parent_op, unsigned depth) {
  const IrModule *m = w->m;
  if (depth > IR_MAX_DEPTH)
    wfail(w, "cannot encode: regions nested deeper than %d", IR_MAX_DEPTH);
  const IrRegion *R = &m->regions[r];
#ifdef W_CHECK_LAYOUT
  if (r >= m->n_regions) wfail(w, "region %u out of range", r);
  if (R->op != parent_op || R->blocks != w->next_block ||
      (uint64_t)R->blocks + R->n_blocks > m->n_blocks)
    wfail(w, "region %u is not in freeze order", r);
  w->next_block += R->n_blocks;
#else
  (void)parent_op;
#endif
  irb_buf_varint(&w->st, R->n_blocks);
  uint32_t first_nest = w->n_nest;
  for (uint32_t i = 0; i < R->n_blocks; i++) {
    uint32_t bid = R->blocks + i;
    const IrBlock *B = w_block_head(w, r, bid);
    for (uint32_t j = 0; j < B->n_ops; j++) w_op(w, B->ops + j, bid, R);
  }
  /* the regions of this region's ops, which w_op listed (as the reader
   * does, read.c: rescanning every op was ~12 instructions an op; mixed
   * bench corpus: ir-asm 272.8M -> 272.3M, dd-lower 160.6M -> 160.4M) */
  uint32_t last_nest = w->n_nest;
  for (uint32_t i = first_nest; i < last_nest; i++) {
    uint32_t op = w->nest[i];
    for (uint32_t k = 0; k < m->ops[op].n_regions; k++)
      w_region(w, m->ops[op].regions + k, op, depth + 1);
  }
  w->n_nest = first_nest;
}

/* {====================================================================== */
/* The top level: tops and bodies                                            */

/* In layout order a region of op 0 is its block heads and ops (the tops),
 * then the regions of those ops (their bodies). The first-use walk
 * (FORMAT.md 3) visits each top op's bodies right after the op, before the
 * next top op, so that a module can be written one top op at a time (a
 * stream: irb_stream_*): tops go to one buffer and bodies to another (st
 * and alt, swapped by chain_swap with their location cursors). In layout
 * order the bodies' first location delta is from the tops' last location,
 * known only at the region's end, so the first op head or block head of
 * the bodies that has a location is left out (pending) and put in then. */
static void chain_swap(W *w) {
  IrbBuf t = w->st;
  w->st = w->alt;
  w->alt = t;
  uint32_t p = w->prev_loc;
  w->prev_loc = w->alt_prev_loc;
  w->alt_prev_loc = p;
  int a = w->want;
  w->want = w->alt_want;
  w->alt_want = a;
#ifdef W_CHECK_LAYOUT
  uint32_t *c[6] = {&w->next_op, &w->next_value, &w->next_block,
                    &w->next_region, &w->next_operand, &w->next_succ};
  for (int i = 0; i < 6; i++) {
    uint32_t x = *c[i];
    *c[i] = w->alt_next[i];
    w->alt_next[i] = x;
  }
#endif
}

/* Top op id (of block bid of region R), then its regions into the bodies. */
static void w_top_op(W *w, uint32_t id, uint32_t bid, const IrRegion *R) {
  w_op(w, id, bid, R);
  const IrOp *o = &w->m->ops[id];
  if (!o->n_regions) return;
  w->n_nest--;                  /* w_op listed it; its regions go here */
  chain_swap(w);
  for (uint32_t k = 0; k < o->n_regions; k++) w_region(w, o->regions + k, id, 2);
  chain_swap(w);
}

/* A top region begins: the bodies' buffer is empty, their chain waits for
 * its first location. */
static void bodies_begin(W *w) {
  w->alt.len = 0;
  w->alt_want = !w->strip;
  w->pend = PEND_NONE;
}

/* The tops of a region are written: the pending head gets its bytes (its
 * delta from the tops' last location) and the chain goes on from the
 * bodies' last location. */
static void bodies_end(W *w) {
  if (w->pend != PEND_NONE) {
    IrbBuf *t = &w->argl;     /* scratch */
    t->len = 0;
    int64_t d0 = (int64_t)w->pend_loc - ((int64_t)w->prev_loc + 1);
    if (w->pend == PEND_OP) {
      irb_buf_reserve(t, 20);
      t->len = (size_t)(put_head(w, t->data, w->pend_ki, w->pend_loc) - t->data);
    } else {
      int far = d0 != 0 || w->pend_far;
      irb_buf_varint(t, ((uint64_t)w->pend_nargs << 1) | far);
      irb_buf_bytes(t, w->pend_argt.data, w->pend_argt.len);
      if (far) {
        irb_buf_svarint(t, d0);
        if (w->pend_argl.len) irb_buf_bytes(t, w->pend_argl.data, w->pend_argl.len);
      }
    }
    buf_insert(&w->alt, w->pend_off, t->data, t->len);
    w->prev_loc = w->alt_prev_loc;
    w->pend = PEND_NONE;
  }
#ifdef W_CHECK_LAYOUT
  /* what follows in layout order follows the bodies */
  uint32_t *c[6] = {&w->next_op, &w->next_value, &w->next_block,
                    &w->next_region, &w->next_operand, &w->next_succ};
  for (int i = 0; i < 6; i++) *c[i] = w->alt_next[i];
#endif
}

#ifdef W_CHECK_LAYOUT
/* The counters where the bodies of region R start: past its tops. */
static void bodies_counters(W *w, const IrRegion *R) {
  const IrModule *m = w->m;
  uint32_t n[6] = {w->next_op, w->next_value, w->next_block, w->next_region,
                   w->next_operand, w->next_succ};
  for (uint32_t i = 0; i < R->n_blocks; i++) {
    const IrBlock *B = &m->blocks[R->blocks + i];
    if ((uint64_t)B->ops + B->n_ops > m->n_ops)
      wfail(w, "block %u is not in freeze order", R->blocks + i);
    n[1] += B->n_args;
    for (uint32_t j = 0; j < B->n_ops; j++) {
      const IrOp *o = &m->ops[B->ops + j];
      n[0]++;
      n[1] += o->n_results;
      n[3] += o->n_regions;
      n[4] += o->n_operands;
      n[5] += o->n_succs;
    }
  }
  memcpy(w->alt_next, n, sizeof n);
}
#endif

/* Region r of op 0: its tops, each followed by its bodies. */
static void w_top_region(W *w, uint32_t r) {
  const IrModule *m = w->m;
  const IrRegion *R = &m->regions[r];
#ifdef W_CHECK_LAYOUT
  if (r >= m->n_regions) wfail(w, "region %u out of range", r);
  if (R->op != 0 || R->blocks != w->next_block ||
      (uint64_t)R->blocks + R->n_blocks > m->n_blocks)
    wfail(w, "region %u is not in freeze order", r);
  w->next_block += R->n_blocks;
  bodies_counters(w, R);
#endif
  bodies_begin(w);
  irb_buf_varint(&w->st, R->n_blocks);
  for (uint32_t i = 0; i < R->n_blocks; i++) {
    uint32_t bid = R->blocks + i;
    const IrBlock *B = w_block_head(w, r, bid);
    for (uint32_t j = 0; j < B->n_ops; j++) w_top_op(w, B->ops + j, bid, R);
  }
  bodies_end(w);
}

/* }====================================================================== */

/* The per-module maps (sized from the module's ctx). */
static void w_free_maps(W *w) {
  map_free(&w->smap);
  map_free(&w->tmap);
  map_free(&w->amap);
  map_free(&w->lmap);
}

/* Writers not in use, kept for the next module (of this or another thread:
 * the tools' -j writes from several). Reachable from here until the
 * process ends, like libir's kept mappings (mem.c). */
static W *w_pool;
static pthread_mutex_t w_pool_mu = PTHREAD_MUTEX_INITIALIZER;

/* A writer with empty tables and buffers and its per-module part zeroed. */
static W *w_take(void) {
  if (pthread_mutex_lock(&w_pool_mu)) ir_die("pthread_mutex_lock failed");
  W *w = w_pool;
  if (w) w_pool = w->next_free;
  if (pthread_mutex_unlock(&w_pool_mu)) ir_die("pthread_mutex_unlock failed");
  if (!w) {
    w = calloc(1, sizeof *w);
    if (!w) ir_die("out of memory");
    w->hs = XXH3_createState();
    if (!w->hs) ir_die("out of memory");
  }
  memset(&w->m, 0, sizeof *w - offsetof(W, m));
  w->strs.len = w->ents.len = w->kinds.len = w->st.len = w->alt.len = 0;
  w->pl.len = w->heads.len = w->z.len = 0;
  if (w->kh_cap) memset(w->kh, 0, w->kh_cap * sizeof *w->kh);
  if (++w->gen == 0) {   /* wrapped: every stamp could match again */
    for (int i = 0; i < 256; i++) w->kcache[i].gen = 0;
    w->gen = 1;
  }
  return w;
}

static void w_give(W *w) {
  w_free_maps(w);
  if (pthread_mutex_lock(&w_pool_mu)) ir_die("pthread_mutex_lock failed");
  w->next_free = w_pool;
  w_pool = w;
  if (pthread_mutex_unlock(&w_pool_mu)) ir_die("pthread_mutex_unlock failed");
}

/* The payload as pieces: small varint groups (in `w->heads`) between the
 * tables and the structure. */
enum { N_PARTS = 5, N_PIECES = 2 * N_PARTS };
typedef struct Pieces {
  const uint8_t *p[N_PIECES];
  size_t n[N_PIECES];
  size_t total;
} Pieces;

/* Encode `m`: the tables and the structure into their buffers (the
 * structure ends with `alt`, the last region's bodies). */
static void w_encode(W *w) {
  const IrModule *m = w->m;
  if (m->n_ops == 0) wfail(w, "module has no top op");
  w_op(w, 0, IR_NONE, NULL);
  w->n_nest = 0;               /* op 0's regions are written here */
  const IrOp *top = &m->ops[0];
  for (uint32_t k = 0; k < top->n_regions; k++) {
    if (k) {                   /* the last region's bodies come before */
      irb_buf_bytes(&w->st, w->alt.data, w->alt.len);
      w->alt.len = 0;
    }
    w_top_region(w, top->regions + k);
  }
#ifdef W_CHECK_LAYOUT
  if (w->next_op != m->n_ops || w->next_value != m->n_values ||
      w->next_block != m->n_blocks || w->next_region != m->n_regions ||
      w->next_operand != m->n_operands || w->next_succ != m->n_succs)
    wfail(w, "module has entries outside the tree of op 0");
#endif
  uint32_t cnt[6] = {m->n_ops, m->n_operands, m->n_values, m->n_blocks,
                     m->n_regions, m->n_succs};
  memcpy(w->cnt, cnt, sizeof cnt);
}

/* The payload's pieces: the counts and the parts. */
static void w_payload(W *w, Pieces *pc) {
  IrbBuf *h = &w->heads;
  size_t at[N_PARTS];
  h->len = 0;
  irb_buf_reserve(h, 96);
  at[0] = h->len;
  irb_buf_varint(h, w->n_strs);
  at[1] = h->len;
  irb_buf_varint(h, w->n_types);
  irb_buf_varint(h, w->n_attrs);
  irb_buf_varint(h, w->n_locs);
  at[2] = h->len;
  irb_buf_varint(h, w->n_kinds);
  at[3] = h->len;
  for (int i = 0; i < 6; i++) irb_buf_varint(h, w->cnt[i]);
  at[4] = h->len;
  const IrbBuf *parts[N_PARTS] = {&w->strs, &w->ents, &w->kinds, &w->st, &w->alt};
  pc->total = 0;
  for (int i = 0; i < N_PARTS; i++) {
    size_t e = i < N_PARTS - 1 ? at[i + 1] : h->len;
    pc->p[2 * i] = h->data + at[i];
    pc->n[2 * i] = e - at[i];
    pc->p[2 * i + 1] = parts[i]->data;
    pc->n[2 * i + 1] = parts[i]->len;
    pc->total += pc->n[2 * i] + pc->n[2 * i + 1];
  }
}

/* Everything after setjmp lives in *w or is only read, so longjmp cannot
 * clobber it. The frame goes to `sink` (or, if NULL, is appended to
 * `out`). */
static int write_frame(W *w, const IrbWriteOpts *o, IrbBuf *out, IrbSink *sink,
                       void *ud, IrDiag *d) {
  size_t hdr = out ? out->len : 0;
  if (setjmp(w->jb)) {
    if (out) out->len = hdr;
    ir_diag(d, w->c, 0, IR_SEV_ERROR, "irb: %s", w->msg);
    return -1;
  }
  Pieces pc;
  if (w->m) w_encode(w);      /* a stream's (m NULL) is encoded already */
  w_payload(w, &pc);
  if (pc.total > IRB_MAX_PAYLOAD)
    wfail(w, "payload of %zu bytes exceeds the limit of %llu", pc.total,
          (unsigned long long)IRB_MAX_PAYLOAD);
  uint32_t flags = (o->stages & IRB_STAGE_MASK) | (w->strip ? IRB_FLAG_NO_LOCS : 0);
  /* The hash of the uncompressed payload, piece by piece. */
  XXH3_state_t *hs = w->hs;
  XXH3_64bits_reset(hs);
  for (int i = 0; i < N_PIECES; i++)
    if (pc.n[i]) XXH3_64bits_update(hs, pc.p[i], pc.n[i]);
  uint64_t hash = XXH3_64bits_digest(hs);
  size_t stored = pc.total;
  if (o->zstd_level > 0) {
    /* zstd wants the payload in one piece */
    IrbBuf *pl = &w->pl;
    irb_buf_reserve(pl, pc.total);
    for (int i = 0; i < N_PIECES; i++) irb_buf_bytes(pl, pc.p[i], pc.n[i]);
    flags |= IRB_COMP_ZSTD;
    size_t bound = ZSTD_compressBound(pl->len);
    irb_buf_reserve(&w->z, bound);
    ZSTD_CCtx *cc = ZSTD_createCCtx();
    if (!cc) ir_die("out of memory");
    size_t r = ZSTD_CCtx_setParameter(cc, ZSTD_c_compressionLevel, o->zstd_level);
    if (!ZSTD_isError(r)) r = ZSTD_CCtx_setParameter(cc, ZSTD_c_contentSizeFlag, 1);
    if (!ZSTD_isError(r)) r = ZSTD_CCtx_setParameter(cc, ZSTD_c_checksumFlag, 0);
    if (!ZSTD_isError(r)) r = ZSTD_compress2(cc, w->z.data, bound, pl->data, pl->len);
    ZSTD_freeCCtx(cc);
    if (ZSTD_isError(r)) wfail(w, "zstd: %s", ZSTD_getErrorName(r));
    stored = r;
    pc.p[0] = w->z.data;
    pc.n[0] = r;
    for (int i = 1; i < N_PIECES; i++) pc.n[i] = 0;
  }
  /* The header (FORMAT.md section 1): at most 8 + 4 + 3 * 10 + 8 bytes,
   * assembled on the stack. */
  uint8_t hd[64], *q = hd;
  memcpy(q, IRB_MAGIC, IRB_MAGIC_LEN);
  q += IRB_MAGIC_LEN;
  irb_put_le(q, IRB_VERSION_MAJOR, 2);
  irb_put_le(q + 2, IRB_VERSION_MINOR, 2);
  q += 4;
  q = irb_put_varint(q, flags);
  q = irb_put_varint(q, stored);
  if (flags & IRB_FLAG_COMP_MASK) q = irb_put_varint(q, pc.total);
  irb_put_le(q, hash, 8);
  q += 8;
  if (!sink) {
    irb_buf_bytes(out, hd, (size_t)(q - hd));
    for (int i = 0; i < N_PIECES; i++) irb_buf_bytes(out, pc.p[i], pc.n[i]);
    return 0;
  }
  int rc = sink(ud, hd, (size_t)(q - hd)) ? -2 : 0;
  for (int i = 0; i < N_PIECES && !rc; i++)
    if (pc.n[i] && sink(ud, pc.p[i], pc.n[i])) rc = -2;
  return rc;
}

static int write_any(const IrModule *m, const IrbWriteOpts *o, IrbBuf *out,
                     IrbSink *sink, void *ud, IrDiag *d) {
  IrbWriteOpts def = {0};
  if (!o) o = &def;
  if (o->zstd_level < 0 || o->zstd_level > ZSTD_maxCLevel()) {
    ir_diag(d, m->ctx, 0, IR_SEV_ERROR, "irb: bad zstd level %d (0..%d)",
            o->zstd_level, ZSTD_maxCLevel());
    return -1;
  }
  W *w = w_take();
  w->m = m;
  w->c = m->ctx;
  w->strip = o->strip_locs != 0;
  /* A module of n ops rarely uses more than a few table entries per op; a
   * ctx up to 16 times that (plus slack) is indexed directly. */
  uint64_t limit = 16 * ((uint64_t)m->n_ops + m->n_values) + 4096;
  map_init(&w->smap, ir_n_strs(w->c), limit);
  map_init(&w->tmap, ir_n_types(w->c), limit);
  map_init(&w->amap, ir_n_attrs(w->c), limit);
  map_init(&w->lmap, ir_n_locs(w->c), limit);
  /* Room for the structure and the entries from the module's counts, at
   * about twice what they take (bytes per op on the 20 MB bench corpus:
   * structure 5.6, entries 2.9): grown by doubling, each copy touched
   * fresh pages, and room never written costs no page. The depth arrays
   * are as big as their file indices can get. (20 MB bench corpus: the
   * writer's page faults 1,569 -> 527, max RSS 95 -> 89 MB.) */
  size_t room = 4 * (size_t)m->n_ops + 2 * (size_t)m->n_operands +
                (size_t)m->n_values + 2 * (size_t)m->n_blocks +
                3 * (size_t)m->n_succs + 64;
  irb_buf_reserve(&w->alt, room);      /* the bodies, most of it */
  irb_buf_reserve(&w->st, room / 8);   /* the tops */
  irb_buf_reserve(&w->ents, 6 * (size_t)m->n_ops + 64);
  if (w->lmap.dense && ir_n_locs(w->c) >= w->ldep_cap)
    grow_depth(w, &w->ldep, &w->ldep_cap, ir_n_locs(w->c));
  if (w->tmap.dense && ir_n_types(w->c) >= w->tdep_cap)
    grow_depth(w, &w->tdep, &w->tdep_cap, ir_n_types(w->c));
  if (w->amap.dense && ir_n_attrs(w->c) >= w->adep_cap)
    grow_depth(w, &w->adep, &w->adep_cap, ir_n_attrs(w->c));
  int rc = write_frame(w, o, out, sink, ud, d);
  w_give(w);
  return rc;
}

int irb_write(const IrModule *m, const IrbWriteOpts *o, IrbBuf *out, IrDiag *d) {
  return write_any(m, o, out, NULL, NULL, d);
}

int irb_write_to(const IrModule *m, const IrbWriteOpts *o, IrbSink *sink,
                 void *ud, IrDiag *d) {
  return write_any(m, o, NULL, sink, ud, d);
}

/* {====================================================================== */
/* A frame written one top op at a time                                     */

struct IrbStream {
  W *w;
  IrCtx *c;             /* the parser's (w->c is the writer's view) */
  IrbWriteOpts o;
  IrVerifyMemo *vm;     /* the top ops are verified as they come */
  size_t nops_off;      /* where op 0's block's op count goes in w->st */
  uint32_t n_top;       /* top ops so far */
  int failed;
};

/* Op 0, as w_op writes it: a builtin.module at loc with one region, whose
 * one block has no arguments and an op count known only at the end; 0, or
 * -1. */
static int stream_head(IrbStream *s, uint32_t loc) {
  W *w = s->w;
  IrOp top;       /* set before setjmp: nothing after it changes a local */
  memset(&top, 0, sizeof top);
  top.name = ir_cstr(s->c, "builtin.module");
  top.loc = loc;
  top.n_regions = 1;
  if (setjmp(w->jb)) return -1;
  uint32_t ki = w_kind(w, &top);
  IrbBuf *b = &w->st;
  irb_buf_reserve(b, 24);
  uint8_t *q = b->data + b->len;
  q = w->strip ? irb_put_varint(q, ki) : put_head(w, q, ki, w_loc(w, top.loc));
  q = irb_put_varint(q, 1);        /* its region's blocks */
  q = irb_put_varint(q, 0);        /* the block's head */
  b->len = (size_t)(q - b->data);
  s->nops_off = b->len;
  return 0;
}

IrbStream *irb_stream_begin(IrCtx *c, uint32_t loc, const IrbWriteOpts *o,
                            size_t text_bytes) {
  IrbWriteOpts def = {0};
  if (!o) o = &def;
  if (o->zstd_level < 0 || o->zstd_level > ZSTD_maxCLevel()) return NULL;
  IrbStream *s = calloc(1, sizeof *s);
  if (!s) ir_die("out of memory");
  s->o = *o;
  s->c = c;
  s->vm = ir_verify_memo_new();
  W *w = s->w = w_take();
  w->c = c;
  w->strip = o->strip_locs != 0;
  IdMap *maps[4] = {&w->smap, &w->tmap, &w->amap, &w->lmap};
  uint32_t ns[4] = {ir_n_strs(c), ir_n_types(c), ir_n_attrs(c), ir_n_locs(c)};
  /* Room from the text's size, as write_any's from the module's counts:
   * grown by doubling, each copy went to fresh pages (20 MB bench corpus:
   * 40% of ir-asm's page faults), and room never written costs none. A
   * text spends about 50 bytes per op and location, the structure ~0.15
   * and the entries ~0.05 bytes per byte of text. */
  size_t per_op = text_bytes / 32 + 256;
  if (per_op > IR_MAX_COUNT) per_op = IR_MAX_COUNT;
  ns[3] = ns[3] > per_op ? ns[3] : (uint32_t)per_op;
  ns[2] = ns[2] > per_op / 8 ? ns[2] : (uint32_t)(per_op / 8);
  for (int i = 0; i < 4; i++) {
    map_init(maps[i], ns[i], UINT64_MAX);
    maps[i]->grow = 1;
  }
  irb_buf_reserve(&w->alt, text_bytes / 4 + 256);
  irb_buf_reserve(&w->ents, text_bytes / 8 + 256);
  s->failed = stream_head(s, loc);
  bodies_begin(w);
  uint32_t cnt[6] = {1, 0, 0, 1, 1, 0};
  memcpy(w->cnt, cnt, sizeof cnt);
  return s;
}

/* Op 1 of `piece`, whose op 0 holds it alone, and its regions; 0, or -1
 * (the stream is then dead). */
static int stream_add(IrbStream *s, const IrModule *piece) {
  W *w = s->w;
  const IrModule *m = piece;
  /* op 1 must have no results or successors: nothing outside it can
   * refer into it, nor it outside */
  if (m->n_ops < 2 || m->ops[0].n_regions != 1 || m->n_regions < 1 ||
      m->regions[0].n_blocks != 1 || m->n_blocks < 1 ||
      m->blocks[0].n_ops != 1 || m->blocks[0].n_args != 0 ||
      m->ops[1].n_results || m->ops[1].n_succs)
    return -1;
  if (setjmp(w->jb)) return -1;
  w->m = m;
#ifdef W_CHECK_LAYOUT
  /* the piece's counters: op 0, its region and its block are written */
  w->next_op = 1;
  w->next_value = w->next_operand = w->next_succ = 0;
  w->next_block = w->next_region = 1;
  bodies_counters(w, &m->regions[0]);
#endif
  w->n_nest = 0;
  w_top_op(w, 1, 0, &m->regions[0]);
#ifdef W_CHECK_LAYOUT
  if (w->alt_next[0] != m->n_ops || w->alt_next[1] != m->n_values ||
      w->alt_next[2] != m->n_blocks || w->alt_next[3] != m->n_regions ||
      w->alt_next[4] != m->n_operands || w->alt_next[5] != m->n_succs)
    wfail(w, "module has entries outside the tree of op 0");
#endif
  w->m = NULL;
  uint64_t add[6] = {m->n_ops - 1, m->n_operands, m->n_values, m->n_blocks - 1,
                     m->n_regions - 1, m->n_succs};
  for (int i = 0; i < 6; i++) {
    if (w->cnt[i] + add[i] > IR_MAX_COUNT) return -1;
    w->cnt[i] += (uint32_t)add[i];
  }
  s->n_top++;
  return 0;
}

/* ir_parse_pieces' callback: each top op verified (silently), then added. */
static int stream_piece(void *ud, const IrModule *piece) {
  IrbStream *s = ud;
  IrDiag quiet;
  ir_diag_init(&quiet, NULL);
  if (ir_verify_memo(piece, &quiet, s->vm) != 0 || stream_add(s, piece) != 0)
    return s->failed = -1;
  /* its locations are in the frame now: their ids serve the next op's */
  if (ir_loc_drop(s->c)) map_truncate(&s->w->lmap, ir_n_locs(s->c));
  return 0;
}

int irb_stream_text(IrbStream *s, const char *text, size_t len, int padded,
                    const IrParseOpts *o) {
  if (s->failed) return 0;
  int ok = ir_parse_pieces(s->c, text, len, padded, o, stream_piece, s);
  if (!ok) s->failed = 1;
  return ok;
}

void irb_stream_free(IrbStream *s) {
  if (!s) return;
  w_give(s->w);
  ir_verify_memo_free(s->vm);
  free(s);
}

/* The last pending bytes and op 0's op count; 0, or -1. */
static int stream_close(IrbStream *s) {
  W *w = s->w;
  if (setjmp(w->jb)) return -1;
  bodies_end(w);
  uint8_t n[10];
  buf_insert(&w->st, s->nops_off, n, (size_t)(irb_put_varint(n, s->n_top) - n));
  return 0;
}

int irb_stream_end(IrbStream *s, IrbSink *sink, void *ud, IrDiag *d) {
  int rc = s->failed || ir_verify_memo_end(s->vm) || stream_close(s) ? -1
                                        : write_frame(s->w, &s->o, NULL, sink, ud, d);
  irb_stream_free(s);
  return rc;
}
