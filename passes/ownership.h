/*
 * ownership.h - internal header of the ownership-based deallocation pass
 * (ownership*.c) and of expand-realloc (realloc.c), which shares its op
 * emitters. Not part of the passes API (passes.h).
 *
 * Cross-file prototypes are grouped by the file that defines them.
 */
#ifndef OWNERSHIP_H
#define OWNERSHIP_H

#include <stdlib.h>

#include "irint.h"
#include "passes.h"

/* A growable list of u32 (op or value handles). */
typedef struct U32Vec {
  uint32_t *v;
  uint32_t n, cap;
} U32Vec;

static inline void u32_push(U32Vec *l, uint32_t x) { IR_VPUSH(l->v, l->n, l->cap, x); }
static inline void u32_free(U32Vec *l) {
  free(l->v);
  l->v = NULL;
  l->n = l->cap = 0;
}

/* ====================================================================== */
/* ownership_emit.c: building the ops the passes insert                   */
/* ====================================================================== */

/* Where new ops go: appended to builder block `block`, or (block ==
 * IR_NONE) created detached and pushed on `sink`, for a caller that
 * orders a block itself (irb_block_append_op). Every new op gets `loc`.
 * The emitter remembers which builder values are `arith.constant` i1
 * (MLIR's ownership join compares constants by value). */
typedef struct Em {
  IrBuilder *b;
  IrCtx *c;
  uint32_t block;
  U32Vec *sink;
  uint32_t loc;
  /* interned once */
  uint32_t t_i1, t_index;
  uint32_t p_true, p_false;          /* props {value = true / false} */
  uint32_t n_constant, n_andi, n_ori, n_xori, n_select, n_cmpi, n_dim,
      n_esm, n_bdealloc, n_clone, n_if, n_yield, n_assert, n_ptr, n_rcast,
      n_alloc, n_subview, n_copy, n_mdealloc;
  uint32_t s_value, s_predicate, s_segments, s_offsets, s_sizes, s_strides,
      s_msg, s_alignment;
  /* per builder value: 0 not a constant, 1 false, 2 true */
  uint8_t *konst;
  uint32_t n_konst;
} Em;

void em_init(Em *e, IrBuilder *b);
void em_free(Em *e);
/* Create an op from a spec at the current place; returns its handle. */
uint32_t em_op(Em *e, const IrOpSpec *s);
/* Place an op created detached by someone else (e.g. a clone) the same
 * way em_op places its own. */
void em_place(Em *e, uint32_t op);
/* 1 / 0 if builder value v is a constant true / false, -1 otherwise. */
int em_const_bool(const Em *e, uint32_t v);

uint32_t em_bool(Em *e, int v);                         /* arith.constant */
uint32_t em_index(Em *e, int64_t v);                    /* arith.constant : index */
uint32_t em_andi(Em *e, uint32_t a, uint32_t b);
uint32_t em_ori(Em *e, uint32_t a, uint32_t b);
uint32_t em_xori(Em *e, uint32_t a, uint32_t b);
uint32_t em_select(Em *e, uint32_t cond, uint32_t a, uint32_t b);
uint32_t em_cmpi(Em *e, int64_t pred, uint32_t a, uint32_t b);
uint32_t em_dim(Em *e, uint32_t memref, uint32_t idx);
/* memref.extract_strided_metadata; returns the base buffer (result 0). */
uint32_t em_base_buffer(Em *e, uint32_t memref);
/* memref.reinterpret_cast of an unranked memref to a rank-0 one (how MLIR
 * gets at the base buffer of memref<*xT>). */
uint32_t em_rank0_cast(Em *e, uint32_t memref);
/* bufferization.dealloc; returns the op (its results: one i1 per retained
 * value, irb_op_result). */
uint32_t em_dealloc(Em *e, const uint32_t *memrefs, const uint32_t *conds,
                    uint32_t n, const uint32_t *retained, uint32_t nr);
uint32_t em_clone(Em *e, uint32_t memref);              /* bufferization.clone */
void em_assert(Em *e, uint32_t cond, const char *msg);  /* cf.assert */
uint32_t em_aligned_ptr(Em *e, uint32_t memref);        /* ...as_index */
void em_yield(Em *e, const uint32_t *vals, uint32_t n); /* scf.yield */
/* scf.if with one result of each type and both regions holding one empty
 * block: returns the op; fill the blocks with irb_region_block(b,
 * irb_op_region(b, op, k), 0). */
uint32_t em_if(Em *e, uint32_t cond, const uint32_t *types, uint32_t n);

/* ====================================================================== */
/* realloc.c                                                              */
/* ====================================================================== */
/* (dd_expand_realloc is declared in passes.h) */

#endif
