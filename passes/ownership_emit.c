/*
 * ownership_emit.c - the ops the deallocation passes insert, built exactly
 * as MLIR's builders build them (properties, result types), so the output
 * prints like mlir-opt's.
 */
#include <pthread.h>
#include <stdlib.h>

#include "ownership.h"

/* The dictionary {name = value}, interned as it is: ir_dict_set on the
 * empty dictionary makes the same one through a search, a malloc and a
 * free (mixed bench, dd-own --only: the 948 dealloc property dictionaries
 * not yet cached cost 936K in ir_dict_set). */
static uint32_t dict1(IrCtx *c, uint32_t name, uint32_t value) {
  uint32_t l[2] = {name, value};
  IrAttr a = {.kind = IR_A_DICT, .n = 1};
  return ir_attr_intern(c, &a, l, NULL);
}

/* The names the emitters intern in every module's context, in the order
 * of em_init's list of fields. Their hashes are computed once per process
 * and ir_str_static neither hashes nor copies them (mixed bench, dd-own
 * --only: em_init's 27 ir_cstr calls a module cost 931K of 58.0M). */
static const char *const em_names[] = {
    "value", "predicate", "operandSegmentSizes", "static_offsets",
    "static_sizes", "static_strides", "msg", "alignment", "arith.constant",
    "arith.andi", "arith.ori", "arith.xori", "arith.select", "arith.cmpi",
    "memref.dim", "memref.extract_strided_metadata", "bufferization.dealloc",
    "bufferization.clone", "scf.if", "scf.yield", "cf.assert",
    "memref.extract_aligned_pointer_as_index", "memref.reinterpret_cast",
    "memref.alloc", "memref.subview", "memref.copy", "memref.dealloc"};
enum { N_EM_NAMES = sizeof em_names / sizeof *em_names };
static size_t em_len[N_EM_NAMES];
static uint64_t em_hash[N_EM_NAMES];
static pthread_once_t em_once = PTHREAD_ONCE_INIT;

static void em_hash_names(void) {
  for (uint32_t i = 0; i < N_EM_NAMES; i++) {
    em_len[i] = strlen(em_names[i]);
    em_hash[i] = ir_str_hash(em_names[i], em_len[i]);
  }
}

void em_init(Em *e, IrBuilder *b) {
  memset(e, 0, sizeof *e);
  e->b = b;
  e->c = irb_ctx(b);
  e->block = IR_NONE;
  IrCtx *c = e->c;
  e->t_i1 = ir_type_int(c, 1);
  e->t_index = ir_type_index(c);
  uint32_t *field[N_EM_NAMES] = {
      &e->s_value, &e->s_predicate, &e->s_segments, &e->s_offsets,
      &e->s_sizes, &e->s_strides, &e->s_msg, &e->s_alignment, &e->n_constant,
      &e->n_andi, &e->n_ori, &e->n_xori, &e->n_select, &e->n_cmpi, &e->n_dim,
      &e->n_esm, &e->n_bdealloc, &e->n_clone, &e->n_if, &e->n_yield,
      &e->n_assert, &e->n_ptr, &e->n_rcast, &e->n_alloc, &e->n_subview,
      &e->n_copy, &e->n_mdealloc};
  pthread_once(&em_once, em_hash_names);
  for (uint32_t i = 0; i < N_EM_NAMES; i++)
    *field[i] = ir_str_static(c, em_names[i], em_len[i], em_hash[i]);
  e->p_true = dict1(c, e->s_value, ir_attr_bool(c, 1));
  e->p_false = dict1(c, e->s_value, ir_attr_bool(c, 0));
}

void em_free(Em *e) {
  free(e->konst);
  e->konst = NULL;
  e->n_konst = 0;
  u64map_free(&e->cache);
}

/* Cache keys: a kind in the top bits. */
enum { K_DEALLOC = 1, K_BASE = 2, K_INDEX = 3 };
static uint64_t ckey(uint64_t kind, uint64_t a, uint64_t b) {
  return kind << 60 | (a & 0x3fffffff) << 30 | (b & 0x3fffffff);
}

void em_place(Em *e, uint32_t op) {
  if (e->block != IR_NONE)
    irb_block_append_op(e->b, e->block, op);
  else if (e->sink)
    u32_push(e->sink, op);
}

uint32_t em_op(Em *e, const IrOpSpec *s) {
  uint32_t op = irb_op(e->b, IR_NONE, s);
  em_place(e, op);
  return op;
}

int em_const_bool(const Em *e, uint32_t v) {
  if (v >= e->n_konst || !e->konst[v]) return -1;
  return e->konst[v] - 1;
}

static uint32_t simple(Em *e, uint32_t name, const uint32_t *opd, uint32_t n,
                       uint32_t type, uint32_t props) {
  IrOpSpec s = {0};
  s.name = name;
  s.loc = e->loc;
  s.operands = opd;
  s.n_operands = n;
  s.result_types = &type;
  s.n_results = type ? 1 : 0;
  s.props = props;
  uint32_t op = em_op(e, &s);
  return type ? irb_op_result(e->b, op, 0) : op;
}

uint32_t em_bool(Em *e, int v) {
  uint32_t r = simple(e, e->n_constant, NULL, 0, e->t_i1,
                      v ? e->p_true : e->p_false);
  if (r >= e->n_konst) {
    uint32_t n = e->n_konst ? e->n_konst : 256;
    while (n <= r) n *= 2;
    e->konst = ir_xrealloc(e->konst, n);
    memset(e->konst + e->n_konst, 0, n - e->n_konst);
    e->n_konst = n;
  }
  e->konst[r] = (uint8_t)(v ? 2 : 1);
  return r;
}

uint32_t em_index(Em *e, int64_t v) {
  uint64_t *slot = v >= 0 && v < (1 << 30)
                       ? u64map_put(&e->cache, ckey(K_INDEX, (uint64_t)v, 0))
                       : NULL;
  uint32_t p = slot ? (uint32_t)*slot : 0;
  if (!p) {
    p = dict1(e->c, e->s_value, ir_attr_int(e->c, v, e->t_index));
    if (slot) *slot = p;
  }
  return simple(e, e->n_constant, NULL, 0, e->t_index, p);
}

uint32_t em_andi(Em *e, uint32_t a, uint32_t b) {
  uint32_t o[2] = {a, b};
  return simple(e, e->n_andi, o, 2, e->t_i1, 0);
}

uint32_t em_ori(Em *e, uint32_t a, uint32_t b) {
  uint32_t o[2] = {a, b};
  return simple(e, e->n_ori, o, 2, e->t_i1, 0);
}

uint32_t em_xori(Em *e, uint32_t a, uint32_t b) {
  uint32_t o[2] = {a, b};
  return simple(e, e->n_xori, o, 2, e->t_i1, 0);
}

uint32_t em_select(Em *e, uint32_t cond, uint32_t a, uint32_t b) {
  uint32_t o[3] = {cond, a, b};
  return simple(e, e->n_select, o, 3, irb_value_type(e->b, a), 0);
}

uint32_t em_cmpi(Em *e, int64_t pred, uint32_t a, uint32_t b) {
  uint32_t o[2] = {a, b};
  uint32_t p = dict1(e->c, e->s_predicate,
                     ir_attr_int(e->c, pred, ir_type_int(e->c, 64)));
  return simple(e, e->n_cmpi, o, 2, e->t_i1, p);
}

uint32_t em_dim(Em *e, uint32_t memref, uint32_t idx) {
  uint32_t o[2] = {memref, idx};
  return simple(e, e->n_dim, o, 2, e->t_index, 0);
}

uint32_t em_base_buffer(Em *e, uint32_t memref) {
  IrCtx *c = e->c;
  const IrType *t = ir_type(c, irb_value_type(e->b, memref));
  ir_assert(t->kind == IR_T_MEMREF);
  uint32_t rank = t->n;
  uint32_t nres = 2 + 2 * rank;
  uint32_t small[2 + 2 * 8];
  uint32_t *tys = nres <= 18 ? small : ir_xmalloc(nres * sizeof *tys);
  uint64_t *slot =
      u64map_put(&e->cache, ckey(K_BASE, irb_value_type(e->b, memref), 0));
  if (!*slot) *slot = ir_type_memref(c, 0, NULL, t->elem, 0, t->space);
  tys[0] = (uint32_t)*slot;
  for (uint32_t i = 1; i < nres; i++) tys[i] = e->t_index;
  IrOpSpec s = {0};
  s.name = e->n_esm;
  s.loc = e->loc;
  s.operands = &memref;
  s.n_operands = 1;
  s.result_types = tys;
  s.n_results = nres;
  uint32_t op = em_op(e, &s);
  if (tys != small) free(tys);
  return irb_op_result(e->b, op, 0);
}

/* A strided<[strides], offset: off> layout with n strides. */
static uint32_t strided(IrCtx *c, int64_t off, const int64_t *strides,
                        uint32_t n) {
  IrAttr a = {.kind = IR_A_STRIDED, .ival = off, .n = n};
  return ir_attr_intern(c, &a, NULL, strides);
}

uint32_t em_rank0_cast(Em *e, uint32_t memref) {
  IrCtx *c = e->c;
  const IrType *t = ir_type(c, irb_value_type(e->b, memref));
  ir_assert(t->kind == IR_T_UMEMREF);
  uint32_t ty = ir_type_memref(c, 0, NULL, t->elem, strided(c, 0, NULL, 0),
                               t->space);
  int64_t seg[4] = {1, 0, 0, 0}, zero = 0;
  uint32_t p = ir_dict_set(c, 0, e->s_segments, ir_attr_dense_i32(c, 4, seg));
  p = ir_dict_set(c, p, e->s_offsets, ir_attr_dense_i64(c, 1, &zero));
  p = ir_dict_set(c, p, e->s_sizes, ir_attr_dense_i64(c, 0, NULL));
  p = ir_dict_set(c, p, e->s_strides, ir_attr_dense_i64(c, 0, NULL));
  return simple(e, e->n_rcast, &memref, 1, ty, p);
}

uint32_t em_dealloc(Em *e, const uint32_t *memrefs, const uint32_t *conds,
                    uint32_t n, const uint32_t *retained, uint32_t nr) {
  IrCtx *c = e->c;
  uint32_t tot = 2 * n + nr;
  uint32_t small[48], smallt[16];
  uint32_t *opd = tot <= 48 ? small : ir_xmalloc(tot * sizeof *opd);
  uint32_t *tys = nr <= 16 ? smallt : ir_xmalloc(nr * sizeof *tys);
  if (n) memcpy(opd, memrefs, n * sizeof *opd);
  if (n) memcpy(opd + n, conds, n * sizeof *opd);
  if (nr) memcpy(opd + 2 * n, retained, nr * sizeof *opd);
  for (uint32_t i = 0; i < nr; i++) tys[i] = e->t_i1;
  uint64_t *slot = u64map_put(&e->cache, ckey(K_DEALLOC, n, nr));
  if (!*slot) {
    int64_t seg[3] = {n, n, nr};
    *slot = dict1(c, e->s_segments, ir_attr_dense_i32(c, 3, seg));
  }
  IrOpSpec s = {0};
  s.name = e->n_bdealloc;
  s.loc = e->loc;
  s.operands = opd;
  s.n_operands = tot;
  s.result_types = tys;
  s.n_results = nr;
  s.props = (uint32_t)*slot;
  uint32_t op = em_op(e, &s);
  if (opd != small) free(opd);
  if (tys != smallt) free(tys);
  return op;
}

uint32_t em_clone(Em *e, uint32_t memref) {
  return simple(e, e->n_clone, &memref, 1, irb_value_type(e->b, memref), 0);
}

void em_assert(Em *e, uint32_t cond, const char *msg) {
  uint32_t p = dict1(e->c, e->s_msg, ir_attr_string(e->c, msg, strlen(msg)));
  simple(e, e->n_assert, &cond, 1, 0, p);
}

uint32_t em_aligned_ptr(Em *e, uint32_t memref) {
  return simple(e, e->n_ptr, &memref, 1, e->t_index, 0);
}

void em_yield(Em *e, const uint32_t *vals, uint32_t n) {
  IrOpSpec s = {0};
  s.name = e->n_yield;
  s.loc = e->loc;
  s.operands = vals;
  s.n_operands = n;
  em_op(e, &s);
}

uint32_t em_if(Em *e, uint32_t cond, const uint32_t *types, uint32_t n) {
  IrOpSpec s = {0};
  s.name = e->n_if;
  s.loc = e->loc;
  s.operands = &cond;
  s.n_operands = 1;
  s.result_types = types;
  s.n_results = n;
  s.n_regions = 2;
  uint32_t op = em_op(e, &s);
  irb_block(e->b, irb_op_region(e->b, op, 0));
  irb_block(e->b, irb_op_region(e->b, op, 1));
  return op;
}
