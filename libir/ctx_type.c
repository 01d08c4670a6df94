/*
 * ctx_type.c - interned types. A type is its IrType with every field its
 * kind does not use cleared, plus its dims (shaped kinds) or member list
 * (FUNC, TUPLE); two types are equal when those bytes are equal.
 */
#include <stdlib.h>

#include "ctx.h"

typedef struct TypeKey {
  IrType t;                 /* canonical, dims/list zero */
  const int64_t *dims;
  uint32_t nd;
  const uint32_t *list;
  uint32_t nl;
  uint64_t hash;
} TypeKey;

/* Canonicalise `in` into k->t (fields of other kinds cleared) and check the
 * ids it refers to. 0 if invalid. */
static int canon(const IrCtx *c, const IrType *in, TypeKey *k) {
  IrType *t = &k->t;
  memset(t, 0, sizeof *t);
  t->kind = in->kind;
  k->nd = k->nl = 0;
  switch (in->kind) {
  case IR_T_INT:
    if (in->sub > IR_UNSIGNED || in->width > 0xffffff) return 0;
    t->sub = in->sub;
    t->width = in->width;
    break;
  case IR_T_INDEX: case IR_T_NONE:
    break;
  case IR_T_FLOAT:
    if (in->sub >= IR_N_FLOAT_KINDS) return 0;
    t->sub = in->sub;
    break;
  case IR_T_MEMREF: case IR_T_TENSOR: case IR_T_VECTOR:
    if (in->n > IR_MAX_RANK) return 0;
    t->n = k->nd = in->n;
    t->layout = in->kind != IR_T_VECTOR ? in->layout : 0;
    t->space = in->kind == IR_T_MEMREF ? in->space : 0;
    if (in->kind == IR_T_VECTOR) {
      if (in->n < 64 && (in->scalable >> in->n)) return 0;
      t->scalable = in->scalable;
    }
    /* fallthrough */
  case IR_T_UMEMREF: case IR_T_UTENSOR: case IR_T_COMPLEX:
    if (!in->elem || in->elem >= c->n_types) return 0;
    t->elem = in->elem;
    if (in->kind == IR_T_UMEMREF) t->space = in->space;
    break;
  case IR_T_FUNC:
    if ((uint64_t)in->n + in->nres > IR_MAX_COUNT) return 0;
    t->n = in->n;
    t->nres = in->nres;
    k->nl = in->n + in->nres;
    break;
  case IR_T_TUPLE:
    if (in->n > IR_MAX_COUNT) return 0;
    t->n = k->nl = in->n;
    break;
  case IR_T_OPAQUE:
    if (!in->text || in->text >= c->n_strs) return 0;
    t->text = in->text;
    break;
  default:
    return 0;
  }
  if (t->layout >= c->n_attrs || t->space >= c->n_attrs) return 0;
  return 1;
}

static int type_eq(const IrCtx *c, uint32_t id, const void *key) {
  const TypeKey *k = key;
  const IrTypeEnt *e = ir_type_ent(c, id);
  if (e->hash != k->hash) return 0;
  IrType t = e->t;
  t.dims = t.list = 0;
  return !memcmp(&t, &k->t, sizeof t) &&
         (!k->nd || !memcmp(e->dims, k->dims, k->nd * sizeof *k->dims)) &&
         (!k->nl || !memcmp(e->list, k->list, k->nl * sizeof *k->list));
}

/* Returns 0 for an invalid type (unknown kind, rank over IR_MAX_RANK, ids
 * that do not exist in `c`) or when the table is full (IR_MAX_COUNT). */
uint32_t ir_type_intern(IrCtx *c, const IrType *in, const int64_t *dims,
                        const uint32_t *types) {
  TypeKey k;
  if (!canon(c, in, &k)) return 0;
  k.dims = dims;
  k.list = types;
  if ((k.nd && !dims) || (k.nl && !types)) return 0;
  for (uint32_t i = 0; i < k.nd; i++)
    if (dims[i] < 0 && dims[i] != IR_DYN) return 0;
  for (uint32_t i = 0; i < k.nl; i++)
    if (!types[i] || types[i] >= c->n_types) return 0;
  uint64_t h = ir_hash_inline(&k.t, sizeof k.t, 0x5459u);
  if (k.nd) h = ir_hash_bytes(dims, k.nd * sizeof *dims, h);
  if (k.nl) h = ir_hash_bytes(types, k.nl * sizeof *types, h);
  k.hash = h;

  ir_ht_reserve(&c->type_ht);
  uint64_t *slot = ir_ht_find(c, &c->type_ht, h, type_eq, &k);
  if (ir_ht_id(slot)) return ir_ht_id(slot);
  if (c->n_types >= IR_MAX_COUNT) return 0;
  uint32_t off_d = 0, off_l = 0;
  if (k.nd && (off_d = ir_pool_take(&c->pool_i64, k.nd)) == IR_NONE) return 0;
  if (k.nl && (off_l = ir_pool_take(&c->pool_u32, k.nl)) == IR_NONE) return 0;

  uint32_t id = c->n_types++;
  IrTypeEnt *e = ir_pg_slot(&c->types, sizeof *e, id);
  e->t = k.t;
  e->t.dims = off_d;
  e->t.list = off_l;
  e->dims = NULL;                   /* the page is not zeroed (ctx.c) */
  e->list = NULL;
  if (k.nd) {
    e->dims = ir_arena_dup(&c->arena, dims, k.nd * sizeof *dims);
  }
  if (k.nl) {
    e->list = ir_arena_dup(&c->arena, types, k.nl * sizeof *types);
  }
  e->hash = h;
  ir_ht_put(&c->type_ht, slot, h, id);
  return id;
}

const IrType *ir_type(const IrCtx *c, uint32_t id) {
  ir_assert(id < c->n_types);
  return &ir_type_ent(c, id)->t;
}

const int64_t *ir_type_dims(const IrCtx *c, uint32_t id) {
  ir_assert(id < c->n_types);
  const int64_t *d = ir_type_ent(c, id)->dims;
  return d ? d : ir_empty_i64;
}

const uint32_t *ir_type_list(const IrCtx *c, uint32_t id) {
  ir_assert(id < c->n_types);
  const uint32_t *l = ir_type_ent(c, id)->list;
  return l ? l : ir_empty_u32;
}

uint32_t ir_n_types(const IrCtx *c) { return c->n_types; }

/* ---------------------------------------------------------------------- */

uint32_t ir_type_int(IrCtx *c, uint32_t width) {
  if (width <= 64 && c->int_ty[width]) return c->int_ty[width];
  IrType t = {.kind = IR_T_INT, .sub = IR_SIGNLESS, .width = width};
  uint32_t id = ir_type_intern(c, &t, NULL, NULL);
  if (width <= 64) c->int_ty[width] = id;
  return id;
}

uint32_t ir_type_index(IrCtx *c) {
  if (c->index_ty) return c->index_ty;
  IrType t = {.kind = IR_T_INDEX};
  return c->index_ty = ir_type_intern(c, &t, NULL, NULL);
}

uint32_t ir_type_float(IrCtx *c, IrFloatKind k) {
  if ((unsigned)k < IR_N_FLOAT_KINDS && c->float_ty[k]) return c->float_ty[k];
  IrType t = {.kind = IR_T_FLOAT, .sub = (uint8_t)k};
  uint32_t id = ir_type_intern(c, &t, NULL, NULL);
  if ((unsigned)k < IR_N_FLOAT_KINDS) c->float_ty[k] = id;
  return id;
}

uint32_t ir_type_memref(IrCtx *c, uint32_t rank, const int64_t *dims,
                        uint32_t elem, uint32_t layout, uint32_t space) {
  IrType t = {.kind = IR_T_MEMREF, .n = rank, .elem = elem, .layout = layout,
              .space = space};
  return ir_type_intern(c, &t, dims, NULL);
}

uint32_t ir_type_func(IrCtx *c, uint32_t nin, const uint32_t *ins,
                      uint32_t nres, const uint32_t *res) {
  IrType t = {.kind = IR_T_FUNC, .n = nin, .nres = nres};
  if ((uint64_t)nin + nres > IR_MAX_COUNT) return 0;
  uint32_t buf[16], *l = nin + nres <= 16 ? buf : ir_xmalloc((nin + nres) * sizeof *l);
  if (nin) memcpy(l, ins, nin * sizeof *l);
  if (nres) memcpy(l + nin, res, nres * sizeof *l);
  uint32_t id = ir_type_intern(c, &t, NULL, l);
  if (l != buf) free(l);
  return id;
}

int ir_type_is_memref(const IrCtx *c, uint32_t t) {
  if (!t || t >= c->n_types) return 0;
  int k = ir_type_ent(c, t)->t.kind;
  return k == IR_T_MEMREF || k == IR_T_UMEMREF;
}

int ir_type_is_int(const IrCtx *c, uint32_t t, uint32_t width) {
  if (!t || t >= c->n_types) return 0;
  const IrType *ty = &ir_type_ent(c, t)->t;
  return ty->kind == IR_T_INT && (!width || ty->width == width);
}

/* Whether opaque text `!dialect.rest`, `#dialect<...>`... names a dialect
 * mlir-opt-22 registers (else MLIR makes it an OpaqueType/OpaqueAttr). */
static int opaque_dialect_known(const IrCtx *c, uint32_t text) {
  size_t n = ir_str_len(c, text);
  return n > 1 && ir_dialect_known(ir_str_ptr(c, text) + 1, n - 1);
}

uint32_t ir_type_opaque_float(const IrCtx *c, uint32_t t) {
  const IrType *x = ir_type(c, t);
  if (x->kind != IR_T_OPAQUE) return 0;
  const char *s = ir_str_ptr(c, x->text);
  return s[0] == 'f' && s[1] >= '1' && s[1] <= '9' ? (uint32_t)(s[1] - '0') : 0;
}

uint32_t ir_type_float_width(const IrCtx *c, uint32_t t) {
  const IrType *x = ir_type(c, t);
  if (x->kind != IR_T_FLOAT) return ir_type_opaque_float(c, t);
  switch (x->sub) {
  case IR_F16: case IR_BF16: return 16;
  case IR_F32: return 32;
  case IR_F64: return 64;
  case IR_F80: return 80;
  case IR_F128: return 128;
  case IR_TF32: return 19;
  default: return 8; /* the f8 formats */
  }
}

const char *ir_type_elem_error(const IrCtx *c, IrTypeKind container, uint32_t elem) {
  const IrType *e = ir_type(c, elem);
  IrTypeKind k = ir_type_opaque_float(c, elem) ? IR_T_FLOAT : e->kind;
  switch (container) {
  case IR_T_COMPLEX:
    /* ComplexType::verify: FloatType or IntegerType */
    return k == IR_T_INT || k == IR_T_FLOAT ? NULL : "invalid element type for complex";
  case IR_T_TENSOR: case IR_T_UTENSOR:
    /* TensorType::isValidElementType: any non-builtin type, and of the
     * builtin ones complex, float, integer, index, vector and opaque */
    return k == IR_T_NONE || k == IR_T_MEMREF || k == IR_T_UMEMREF || k == IR_T_TENSOR ||
                   k == IR_T_UTENSOR || k == IR_T_FUNC || k == IR_T_TUPLE
               ? "invalid tensor element type" : NULL;
  case IR_T_MEMREF: case IR_T_UMEMREF:
    /* BaseMemRefType::isValidElementType: complex, memref, integer, float,
     * vector, index, or a type with MemRefElementTypeInterface; which
     * dialect types have it is not known here, so those of registered
     * dialects pass (an unregistered one's is an OpaqueType, which has not) */
    if (k == IR_T_OPAQUE)
      return opaque_dialect_known(c, e->text) ? NULL : "invalid memref element type";
    return k == IR_T_INT || k == IR_T_INDEX || k == IR_T_FLOAT || k == IR_T_COMPLEX ||
                   k == IR_T_VECTOR || k == IR_T_MEMREF || k == IR_T_UMEMREF
               ? NULL : "invalid memref element type";
  case IR_T_VECTOR:
    /* VectorElementTypeInterface: integer, index, float; dialect types as
     * for memref */
    if (k == IR_T_OPAQUE && opaque_dialect_known(c, e->text)) return NULL;
    return k == IR_T_INT || k == IR_T_INDEX || k == IR_T_FLOAT
               ? NULL : "failed to verify 'elementType': VectorElementTypeInterface instance";
  default:
    return NULL;
  }
}

/* Dims of affine map text `(d0, d1)[s0] -> (...)`: the names in its first
 * parentheses. */
static uint32_t map_dims(const IrCtx *c, uint32_t text) {
  const char *s = ir_str_ptr(c, text);
  size_t n = ir_str_len(c, text);
  if (n < 2 || s[0] != '(' || s[1] == ')') return 0;
  uint32_t k = 1;
  for (size_t i = 1; i < n && s[i] != ')'; i++) k += s[i] == ',';
  return k;
}

const char *ir_memref_error(const IrCtx *c, uint32_t rank, uint32_t layout, uint32_t space,
                            char *buf, size_t cap) {
  const IrAttr *l = layout ? ir_attr(c, layout) : NULL;
  if (l && l->kind == IR_A_STRIDED && l->n != rank)
    return "expected the number of strides to match the rank";
  if (l && l->kind == IR_A_AFFINE_MAP && map_dims(c, l->str) != rank) {
    snprintf(buf, cap, "memref layout mismatch between rank and affine map: %u != %u", rank,
             map_dims(c, l->str));
    return buf;
  }
  if (!space) return NULL;
  /* isSupportedMemorySpace: integer (and bool), string and dictionary
   * attributes, and those of dialects other than builtin (an unregistered
   * dialect's attribute is a builtin OpaqueAttr) */
  const IrAttr *a = ir_attr(c, space);
  switch (a->kind) {
  case IR_A_INT: case IR_A_BOOL: case IR_A_STRING: case IR_A_DICT:
    return NULL;
  case IR_A_OPAQUE:
    if (ir_str_ptr(c, a->str)[0] == '#' && opaque_dialect_known(c, a->str)) return NULL;
    /* fallthrough */
  default:
    return "unsupported memory space Attribute";
  }
}
