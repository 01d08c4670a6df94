/*
 * ctx_str.c - interned strings. Id 0 is "". The bytes are copied into the
 * context's arena with a NUL after them.
 */
#include "ctx.h"

typedef struct StrKey {
  const char *s;
  size_t n;
  uint64_t hash;
} StrKey;

static uint64_t str_hash(const char *s, size_t n) {
  return ir_hash_bytes(s, n, 0x5354u);
}

static int str_eq(const IrCtx *c, uint32_t id, const void *key) {
  const StrKey *k = key;
  const IrStrEnt *e = ir_str_ent(c, id);
  return e->hash == k->hash && e->len == k->n && !memcmp(e->p, k->s, k->n);
}

uint32_t ir_str_find(const IrCtx *c, const char *s, size_t n) {
  if (n == 0) return 0;
  if (!c->str_ht.cap) return IR_NONE;
  StrKey k = {s, n, str_hash(s, n)};
  uint32_t id = ir_ht_id(ir_ht_find(c, (IrHtab *)&c->str_ht, k.hash, str_eq, &k));
  return id ? id : IR_NONE;
}

uint64_t ir_str_hash(const char *s, size_t n) { return str_hash(s, n); }

/* s is copied unless it is static (its bytes outlive the ctx and a NUL
 * follows them). Returns 0 ("") when the table is full. */
static uint32_t str_intern(IrCtx *c, const char *s, size_t n, uint64_t hash,
                           int is_static) {
  if (n == 0) return 0;
  ir_ht_reserve(&c->str_ht);
  StrKey k = {s, n, hash};
  uint64_t *slot = ir_ht_find(c, &c->str_ht, k.hash, str_eq, &k);
  if (ir_ht_id(slot)) return ir_ht_id(slot);
  if (c->n_strs >= IR_MAX_COUNT) return 0;
  uint32_t id = c->n_strs++;
  IrStrEnt *e = ir_pg_slot(&c->strs, sizeof *e, id);
  e->p = is_static ? s : ir_arena_strdup(&c->arena, s, n);
  e->len = n;
  e->hash = k.hash;
  ir_ht_put(&c->str_ht, slot, k.hash, id);
  return id;
}

uint32_t ir_str(IrCtx *c, const char *s, size_t n) {
  return n ? str_intern(c, s, n, str_hash(s, n), 0) : 0;
}

/* The reader's static strings (op and attribute names, most of a
 * module's string table): no hash and no copy per module. (mixed bench,
 * dd-simplify: ir_str cost ~270 instructions a call, a third of it the
 * arena copy.) */
uint32_t ir_str_static(IrCtx *c, const char *s, size_t n, uint64_t hash) {
  ir_assert(!s[n]);
  return str_intern(c, s, n, hash, 1);
}

uint32_t ir_cstr(IrCtx *c, const char *s) { return ir_str(c, s, strlen(s)); }

const char *ir_str_ptr(const IrCtx *c, uint32_t id) {
  ir_assert(id < c->n_strs);
  return ir_str_ent(c, id)->p;
}

size_t ir_str_len(const IrCtx *c, uint32_t id) {
  ir_assert(id < c->n_strs);
  return ir_str_ent(c, id)->len;
}

uint32_t ir_n_strs(const IrCtx *c) { return c->n_strs; }
