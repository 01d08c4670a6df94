/*
 * ctx_attr.c - interned attributes. Like types: the IrAttr with unused
 * fields cleared plus its u32 list (ARRAY, DICT, SYMREF) or i64 values
 * (DENSE_ARRAY, STRIDED). Floats compare by bit pattern, so -0.0 and 0.0
 * differ and a NaN equals itself, as in MLIR.
 *
 * Dictionaries are kept sorted by name bytes (memcmp, then shorter first:
 * MLIR's StringRef order), so equal dictionaries are equal ids whatever
 * order they were written in, and lookups are binary searches.
 */
#include <stdlib.h>

#include "ctx.h"

typedef struct AttrKey {
  IrAttr a;                 /* canonical, list zero */
  const uint32_t *u32;
  uint32_t nu;
  const int64_t *i64;
  uint32_t ni;
  uint64_t hash;
} AttrKey;

static int canon(IrCtx *c, const IrAttr *in, AttrKey *k) {
  IrAttr *a = &k->a;
  memset(a, 0, sizeof *a);
  a->kind = in->kind;
  k->nu = k->ni = 0;
  switch (in->kind) {
  case IR_A_UNIT:
    break;
  case IR_A_BOOL:
    a->ival = in->ival != 0;
    break;
  case IR_A_INT:
    /* type 0 means i64: store it so both spellings are one attribute. */
    a->ival = in->ival;
    a->type = in->type ? in->type : ir_type_int(c, 64);
    break;
  case IR_A_FLOAT:
    a->fval = in->fval;
    a->type = in->type ? in->type : ir_type_float(c, IR_F64);
    break;
  case IR_A_STRING: case IR_A_DENSE: case IR_A_OPAQUE:
    a->str = in->str;
    a->type = in->type;
    break;
  case IR_A_TYPE:
    if (!in->type) return 0;
    a->type = in->type;
    break;
  case IR_A_ARRAY:
    a->n = k->nu = in->n;
    break;
  case IR_A_DICT:
    if (in->n > IR_MAX_COUNT / 2) return 0;
    a->n = in->n;
    k->nu = 2 * in->n;
    break;
  case IR_A_SYMREF:
    a->str = in->str;
    a->n = k->nu = in->n;
    break;
  case IR_A_DENSE_ARRAY:
    if (!in->type) return 0;
    a->type = in->type;
    a->n = k->ni = in->n;
    break;
  case IR_A_AFFINE_MAP: case IR_A_AFFINE_SET:
    a->str = in->str;
    break;
  case IR_A_STRIDED:
    a->ival = in->ival;
    a->n = k->ni = in->n;
    break;
  default:
    return 0;
  }
  if (a->n > IR_MAX_COUNT) return 0;
  return a->type < c->n_types && a->str < c->n_strs;
}

static int attr_eq(const IrCtx *c, uint32_t id, const void *key) {
  const AttrKey *k = key;
  const IrAttrEnt *e = ir_attr_ent(c, id);
  if (e->hash != k->hash) return 0;
  IrAttr a = e->a;
  a.list = 0;
  return !memcmp(&a, &k->a, sizeof a) &&
         (!k->nu || !memcmp(e->u32, k->u32, k->nu * sizeof *k->u32)) &&
         (!k->ni || !memcmp(e->i64, k->i64, k->ni * sizeof *k->i64));
}

/* ====================================================================== */
/* Dictionary order                                                       */
/* ====================================================================== */

/* StringRef::compare: bytes first, then the shorter string first. */
static int name_cmp(const char *a, size_t na, const char *b, size_t nb) {
  int r = memcmp(a, b, na < nb ? na : nb);
  if (r) return r;
  return na < nb ? -1 : na > nb;
}

typedef struct Entry {
  const char *p;   /* name bytes */
  size_t n;
  uint32_t name, attr;
} Entry;

static int entry_cmp(const void *x, const void *y) {
  const Entry *a = x, *b = y;
  return name_cmp(a->p, a->n, b->p, b->n);
}

/* Sort a DICT's (name, attr) pairs into `out` (2n); 0 on a duplicate or an
 * invalid id. */
static int dict_sort(const IrCtx *c, const uint32_t *in, uint32_t n, uint32_t *out) {
  Entry buf[32], *e = n <= 32 ? buf : ir_xmalloc(n * sizeof *e);
  int ok = 1;
  for (uint32_t i = 0; i < n && ok; i++) {
    uint32_t name = in[2 * i], attr = in[2 * i + 1];
    if (name >= c->n_strs || !attr || attr >= c->n_attrs) ok = 0;
    else e[i] = (Entry){ir_str_ent(c, name)->p, ir_str_ent(c, name)->len, name, attr};
  }
  if (ok) {
    int sorted = 1;
    for (uint32_t i = 1; i < n && sorted; i++)
      sorted = entry_cmp(&e[i - 1], &e[i]) < 0;
    if (!sorted) qsort(e, n, sizeof *e, entry_cmp);
    for (uint32_t i = 0; i < n; i++) {
      /* equal bytes <=> equal interned id */
      if (i && e[i].name == e[i - 1].name) ok = 0;
      out[2 * i] = e[i].name;
      out[2 * i + 1] = e[i].attr;
    }
  }
  if (e != buf) free(e);
  return ok;
}

/* ====================================================================== */
/* Interning                                                              */
/* ====================================================================== */

/* Returns 0 for an invalid attribute (unknown kind, ids that do not exist in
 * `c`, a null member, a duplicate dictionary name) or when the table is full
 * (IR_MAX_COUNT). */
/* `presorted`: a DICT's names are strictly increasing in dictionary order
 * (ir_attr_intern_sorted), so the list is taken as it is once its ids are
 * checked. */
static inline __attribute__((always_inline)) uint32_t
attr_intern(IrCtx *c, const IrAttr *in, const uint32_t *u32, const int64_t *i64,
            const int presorted) {
  AttrKey k;
  if (!canon(c, in, &k)) return 0;
  if ((k.nu && !u32) || (k.ni && !i64)) return 0;
  uint32_t buf[64], *sorted = NULL;
  if (presorted && in->kind == IR_A_DICT) {
    for (uint32_t i = 0; i < k.nu; i += 2)
      if (u32[i] >= c->n_strs || !u32[i + 1] || u32[i + 1] >= c->n_attrs) return 0;
  } else if (in->kind == IR_A_DICT && k.nu) {
    sorted = k.nu <= 64 ? buf : ir_xmalloc(k.nu * sizeof *sorted);
    if (!dict_sort(c, u32, k.a.n, sorted)) {
      if (sorted != buf) free(sorted);
      return 0;
    }
    u32 = sorted;
  } else if (in->kind == IR_A_ARRAY) {
    for (uint32_t i = 0; i < k.nu; i++)
      if (!u32[i] || u32[i] >= c->n_attrs) return 0;
  } else if (in->kind == IR_A_SYMREF) {
    for (uint32_t i = 0; i < k.nu; i++)
      if (u32[i] >= c->n_strs) return 0;
  }
  k.u32 = u32;
  k.i64 = i64;
  uint64_t h = ir_hash_inline(&k.a, sizeof k.a, 0x4154u);
  if (k.nu) h = ir_hash_bytes(u32, k.nu * sizeof *u32, h);
  if (k.ni) h = ir_hash_bytes(i64, k.ni * sizeof *i64, h);
  k.hash = h;

  uint32_t id = 0;
  ir_ht_reserve(&c->attr_ht);
  uint64_t *slot = ir_ht_find(c, &c->attr_ht, h, attr_eq, &k);
  if (ir_ht_id(slot)) {
    id = ir_ht_id(slot);
  } else if (c->n_attrs < IR_MAX_COUNT) {
    uint32_t off = 0;
    if (k.nu) off = ir_pool_take(&c->pool_u32, k.nu);
    if (k.ni) off = ir_pool_take(&c->pool_i64, k.ni);
    if (off != IR_NONE) {
      id = c->n_attrs++;
      IrAttrEnt *e = ir_pg_slot(&c->attrs, sizeof *e, id);
      e->a = k.a;
      e->a.list = off;
      e->u32 = NULL;                /* the page is not zeroed (ctx.c) */
      e->i64 = NULL;
      if (k.nu) e->u32 = ir_arena_dup(&c->arena, u32, k.nu * sizeof *u32);
      if (k.ni) e->i64 = ir_arena_dup(&c->arena, i64, k.ni * sizeof *i64);
      e->hash = h;
      ir_ht_put(&c->attr_ht, slot, h, id);
    }
  }
  if (sorted && sorted != buf) free(sorted);
  return id;
}

uint32_t ir_attr_intern(IrCtx *c, const IrAttr *in, const uint32_t *u32,
                        const int64_t *i64) {
  return attr_intern(c, in, u32, i64, 0);
}

/* The reader checks a dictionary's order as it reads it (it must report
 * where it breaks), which made dict_sort's check and copy a second pass
 * over the names (callgrind, mixed bench, ir-dis: ~0.5M instructions of
 * irb_read_next's 21.3M). */
uint32_t ir_attr_intern_sorted(IrCtx *c, const IrAttr *in, const uint32_t *u32,
                               const int64_t *i64) {
  return attr_intern(c, in, u32, i64, 1);
}

const IrAttr *ir_attr(const IrCtx *c, uint32_t id) {
  ir_assert(id < c->n_attrs);
  return &ir_attr_ent(c, id)->a;
}

const uint32_t *ir_attr_u32(const IrCtx *c, uint32_t id) {
  ir_assert(id < c->n_attrs);
  const uint32_t *l = ir_attr_ent(c, id)->u32;
  return l ? l : ir_empty_u32;
}

const int64_t *ir_attr_i64(const IrCtx *c, uint32_t id) {
  ir_assert(id < c->n_attrs);
  const int64_t *l = ir_attr_ent(c, id)->i64;
  return l ? l : ir_empty_i64;
}

uint32_t ir_n_attrs(const IrCtx *c) { return c->n_attrs; }

/* ====================================================================== */
/* Constructors                                                           */
/* ====================================================================== */

uint32_t ir_attr_unit(IrCtx *c) {
  IrAttr a = {.kind = IR_A_UNIT};
  return ir_attr_intern(c, &a, NULL, NULL);
}

uint32_t ir_attr_bool(IrCtx *c, int v) {
  IrAttr a = {.kind = IR_A_BOOL, .ival = v != 0};
  return ir_attr_intern(c, &a, NULL, NULL);
}

uint32_t ir_attr_int(IrCtx *c, int64_t v, uint32_t type) {
  IrAttr a = {.kind = IR_A_INT, .ival = v, .type = type};
  return ir_attr_intern(c, &a, NULL, NULL);
}

uint32_t ir_attr_string(IrCtx *c, const char *s, size_t n) {
  IrAttr a = {.kind = IR_A_STRING, .str = ir_str(c, s, n)};
  return ir_attr_intern(c, &a, NULL, NULL);
}

uint32_t ir_attr_type(IrCtx *c, uint32_t type) {
  IrAttr a = {.kind = IR_A_TYPE, .type = type};
  return ir_attr_intern(c, &a, NULL, NULL);
}

uint32_t ir_attr_symref(IrCtx *c, uint32_t name_str) {
  IrAttr a = {.kind = IR_A_SYMREF, .str = name_str};
  return ir_attr_intern(c, &a, NULL, NULL);
}

uint32_t ir_attr_dense_i32(IrCtx *c, uint32_t n, const int64_t *v) {
  IrAttr a = {.kind = IR_A_DENSE_ARRAY, .type = ir_type_int(c, 32), .n = n};
  return ir_attr_intern(c, &a, NULL, v);
}

uint32_t ir_attr_dense_i64(IrCtx *c, uint32_t n, const int64_t *v) {
  IrAttr a = {.kind = IR_A_DENSE_ARRAY, .type = ir_type_int(c, 64), .n = n};
  return ir_attr_intern(c, &a, NULL, v);
}

/* ====================================================================== */
/* Dictionaries                                                           */
/* ====================================================================== */

/* Index of `name` in a dict's sorted pairs, or -(insertion point) - 1. */
static int64_t dict_search(const IrCtx *c, uint32_t dict, const char *p, size_t n) {
  if (!dict || dict >= c->n_attrs) return -1;
  const IrAttrEnt *e = ir_attr_ent(c, dict);
  if (e->a.kind != IR_A_DICT) return -1;
  uint32_t lo = 0, hi = e->a.n;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    const IrStrEnt *nm = ir_str_ent(c, e->u32[2 * mid]);
    int r = name_cmp(nm->p, nm->len, p, n);
    if (!r) return mid;
    if (r < 0) lo = mid + 1;
    else hi = mid;
  }
  return -(int64_t)lo - 1;
}

uint32_t ir_dict_get(const IrCtx *c, uint32_t dict, uint32_t name) {
  if (name >= c->n_strs) return 0;
  /* strings are interned, so a short dict is scanned by id (the passes
   * ask for operandSegmentSizes / value at nearly every op they visit:
   * a binary search comparing bytes cost ~10x more) */
  if (dict && dict < c->n_attrs) {
    const IrAttrEnt *e = ir_attr_ent(c, dict);
    if (e->a.kind != IR_A_DICT) return 0;
    if (e->a.n <= 8) {
      for (uint32_t i = 0; i < e->a.n; i++)
        if (e->u32[2 * i] == name) return e->u32[2 * i + 1];
      return 0;
    }
  }
  int64_t i = dict_search(c, dict, ir_str_ptr(c, name), ir_str_len(c, name));
  return i < 0 ? 0 : ir_attr_ent(c, dict)->u32[2 * i + 1];
}

/* Hooks ask for props by C string at every op they verify or print, and an
 * op's dictionary is short. A small cache, keyed by the C string's address
 * and checked against a copy of its bytes, gives the name's string id (or
 * that the ctx has none, while the string table has not grown), and the
 * scan compares ids. (5 MB bench corpus, 118K calls: ~100 -> ~40
 * instructions a call; strlen + memcmp per entry before.) Names of 24
 * bytes or more are compared by bytes. */
static uint32_t cached_name(const IrCtx *cc, const char *name, int *known) {
  IrCtx *c = (IrCtx *)cc; /* the cache is not part of the ctx's value */
  struct IrNameCache *e = &c->name_cache[((uintptr_t)name >> 2 ^ (uintptr_t)name >> 8) & 63];
  if (e->s == name && !strcmp(e->text, name) &&
      (e->id != IR_NONE || e->n_strs == c->n_strs)) {
    *known = 1;
    return e->id;
  }
  size_t n = strlen(name);
  if (n >= sizeof e->text) {
    *known = 0;
    return IR_NONE;
  }
  e->s = name;
  memcpy(e->text, name, n + 1);
  e->id = ir_str_find(c, name, n);
  e->n_strs = c->n_strs;
  *known = 1;
  return e->id;
}

uint32_t ir_dict_getc(const IrCtx *c, uint32_t dict, const char *name) {
  if (!dict || dict >= c->n_attrs) return 0;
  const IrAttrEnt *e = ir_attr_ent(c, dict);
  if (e->a.kind != IR_A_DICT) return 0;
  int known;
  uint32_t id = cached_name(c, name, &known);
  if (known && id == IR_NONE) return 0;
  if (known && e->a.n <= 8) {
    for (uint32_t i = 0; i < e->a.n; i++)
      if (e->u32[2 * i] == id) return e->u32[2 * i + 1];
    return 0;
  }
  int64_t i = dict_search(c, dict, name, strlen(name));
  return i < 0 ? 0 : e->u32[2 * i + 1];
}

/* ir_dict_getc for a name with static storage: the cache is trusted by
 * address, without comparing bytes (libir's hooks and verifier name their
 * props by literals, at nearly every op). */
uint32_t ir_dict_get_lit(const IrCtx *cc, uint32_t dict, const char *lit) {
  if (!dict || dict >= cc->n_attrs) return 0;
  const IrAttrEnt *e = ir_attr_ent(cc, dict);
  if (e->a.kind != IR_A_DICT) return 0;
  IrCtx *c = (IrCtx *)cc; /* the cache is not part of the ctx's value */
  struct IrLitCache *k = &c->lit_cache[((uintptr_t)lit >> 3 ^ (uintptr_t)lit >> 9) & 63];
  if (k->s != lit || (k->id == IR_NONE && k->n_strs != c->n_strs)) {
    k->s = lit;
    k->id = ir_str_find(c, lit, strlen(lit));
    k->n_strs = c->n_strs;
  }
  uint32_t id = k->id;
  if (id == IR_NONE) return 0;
  if (e->a.n <= 8) {
    for (uint32_t i = 0; i < e->a.n; i++)
      if (e->u32[2 * i] == id) return e->u32[2 * i + 1];
    return 0;
  }
  return ir_dict_get(c, dict, id);
}

uint64_t *ir_ctx_props_slot(const IrCtx *cc, uint32_t props, uint32_t opc) {
  IrCtx *c = (IrCtx *)cc; /* the memo is not part of the ctx's value */
  return &c->props_ok[((props ^ opc << 20) * 0x9E3779B1u) >> 26];
}

uint32_t ir_op_prop_lit(const IrModule *m, uint32_t op, const char *lit) {
  return ir_dict_get_lit(m->ctx, m->ops[op].props, lit);
}

/* `dict` may be 0 (empty). Setting on a non-DICT attribute returns 0. An
 * empty result is still a (zero-entry) DICT attribute, not 0. */
uint32_t ir_dict_set(IrCtx *c, uint32_t dict, uint32_t name, uint32_t value) {
  if (dict >= c->n_attrs || name >= c->n_strs) return 0;
  const IrAttrEnt *e = ir_attr_ent(c, dict);
  if (dict && e->a.kind != IR_A_DICT) return 0;
  uint32_t n = dict ? e->a.n : 0;
  int64_t at = dict_search(c, dict, ir_str_ptr(c, name), ir_str_len(c, name));
  if (!dict) at = -1;
  uint32_t *l = ir_xmalloc(((size_t)n + 1) * 2 * sizeof *l), m = 0;
  uint32_t ins = at >= 0 ? (uint32_t)at : (uint32_t)(-at - 1);
  for (uint32_t i = 0; i <= n; i++) {
    if (i == ins && value) {
      l[2 * m] = name;
      l[2 * m + 1] = value;
      m++;
    }
    if (i == n) break;
    if (at >= 0 && i == (uint32_t)at) continue;  /* replaced or removed */
    l[2 * m] = e->u32[2 * i];
    l[2 * m + 1] = e->u32[2 * i + 1];
    m++;
  }
  IrAttr a = {.kind = IR_A_DICT, .n = m};
  uint32_t id = ir_attr_intern(c, &a, l, NULL);
  free(l);
  return id;
}
