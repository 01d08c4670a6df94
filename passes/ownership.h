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

static inline void u32_push(U32Vec *l, uint32_t x) {
  IR_VPUSH(l->v, l->n, l->cap, x);
}
static inline void u32_free(U32Vec *l) {
  free(l->v);
  l->v = NULL;
  l->n = l->cap = 0;
}

/* An open-addressing map from a u64 key to a u64 value (ownership_state.c). */
typedef struct U64Map {
  uint64_t *keys;   /* key + 1; 0 = empty slot */
  uint64_t *vals;
  uint32_t n, cap;  /* cap: a power of two */
} U64Map;
uint64_t *u64map_get(const U64Map *h, uint64_t key);  /* NULL if absent */
uint64_t *u64map_put(U64Map *h, uint64_t key);        /* slot, 0 if new */
void u64map_free(U64Map *h);
/* Empty the map, keeping its memory unless it is much bigger than used. */
void u64map_clear(U64Map *h);

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
  U64Map cache;      /* interned props and types the emitters reuse */
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
uint32_t em_index(Em *e, int64_t v);         /* arith.constant : index */
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
uint32_t em_clone(Em *e, uint32_t memref);   /* bufferization.clone */
void em_assert(Em *e, uint32_t cond, const char *msg);  /* cf.assert */
uint32_t em_aligned_ptr(Em *e, uint32_t memref);        /* ...as_index */
void em_yield(Em *e, const uint32_t *vals, uint32_t n); /* scf.yield */
/* scf.if with one result of each type and both regions holding one empty
 * block: returns the op; fill the blocks with irb_region_block(b,
 * irb_op_region(b, op, k), 0). */
uint32_t em_if(Em *e, uint32_t cond, const uint32_t *types, uint32_t n);

/* ====================================================================== */
/* ownership_state.c: the ownership lattice and the per-function state    */
/* ====================================================================== */

/* MLIR's Ownership: uninitialized < unique(indicator) < unknown. */
enum { OWN_UNINIT = 0, OWN_UNIQUE = 1, OWN_UNKNOWN = 2 };
typedef struct Ownership {
  uint32_t state;   /* OWN_* */
  uint32_t ind;     /* OWN_UNIQUE: the i1 builder value */
} Ownership;


/* Output block under construction: MLIR inserts at three kinds of place,
 * and the final order is rebuilt from them:
 *   - "at block begin" sessions (OpBuilder::atBlockBegin): each session
 *     inserts before the ops of every earlier one, so sessions end up in
 *     reverse order, each in creation order;
 *   - before the op being processed (OpBuilder(op)): appended to `body`
 *     just before that op itself. */
typedef struct BlockOut {
  uint32_t blk;       /* input block */
  uint32_t out;       /* builder block */
  U32Vec *head;       /* session ops, sessions concatenated */
  U32Vec *starts;     /* first index in head of each session */
  U32Vec *body;
} BlockOut;

/* The pass, and the state of the function being processed. */
typedef struct Own {
  const IrModule *m;
  IrCtx *c;
  IrBuilder *b;
  IrMap *map;
  IrDiag *d;
  DdOwnOpts opts;
  Em em;
  U64Map funcs;       /* (symbol table op, name string id) -> func.func op */
  uint32_t s_private, s_manual, s_function_type, s_res_attrs;
  /* current function */
  uint32_t func;
  int func_dynamic;   /* private with dynamic ownership: returns carry i1s */
  IrLiveness lv;
  U64Map own;         /* (builder value, input block) -> Ownership */
  U64Map pos;         /* scratch of ownership_edge.c: value -> index */
  /* builder value v -> input value y: v was left out of a cf.cond_br
   * edge as the same memref as y, and is live only on that edge's side
   * (own_edge_same) */
  U64Map same;
  /* input memrefs no longer tracked after the cf.cond_br of their block
   * (ownership_dead.c), and its scratch: a visited set, the uses of the
   * tracked values per liveness bit (CSR, built on demand) */
  U64Map gone, seen;
  U32Vec uses, use_at;
  int uses_built;
  U32Vec *dealloc;    /* per covered input block: memrefs to deallocate */
  uint8_t *reached;   /* per covered input block: visited by the DFS */
  uint8_t *busy;      /* per covered input block: being processed (it
                         holds the op whose regions are being processed) */
  uint32_t cap_blk;   /* entries the three arrays above have room for: they
                         serve function after function (a calloc and a free
                         of each per function cost more than a small
                         function's whole walk) */
  U32Vec **tmp;       /* scratch lists, taken and given back in stack */
  uint32_t n_tmp, n_tmp_used, cap_tmp;  /* order (own_tmp, own_release) */
  BlockOut *cur;      /* block being built */
  uint8_t *memref;    /* per type id: 0 not known yet, 1 no, 2 a memref */
  uint32_t n_memref;
} Own;

/* ir_type_is_memref through the per-type memo: the test is asked ~33K
 * times per run of the mixed bench corpus (liveness asks it of every value
 * of every function), of a few dozen types, and the call into the type
 * table cost ~28 instructions a time. */
int own_type_is_memref_miss(Own *o, uint32_t t);
static inline int own_type_is_memref(Own *o, uint32_t t) {
  if (t < o->n_memref && o->memref[t]) return o->memref[t] - 1;
  return own_type_is_memref_miss(o, t);
}

/* Scratch lists without a malloc per op: own_tmp hands out an empty list
 * that stays valid until own_release(o, mark) with a mark taken before. */
void own_tmp_grow(Own *o);
/* inline: 61K calls on the mixed bench (own_tmp self 1.69M of 54.9M) */
static inline U32Vec *own_tmp(Own *o) {
  if (o->n_tmp_used == o->n_tmp) own_tmp_grow(o);
  U32Vec *l = o->tmp[o->n_tmp_used++];
  l->n = 0;
  return l;
}
static inline uint32_t own_mark(const Own *o) { return o->n_tmp_used; }
static inline void own_release(Own *o, uint32_t mark) { o->n_tmp_used = mark; }
void own_tmp_free(Own *o);

Ownership own_get(Own *o, uint32_t v, uint32_t blk);
/* updateOwnership: join into the current state. */
void own_update(Own *o, uint32_t v, Ownership w, uint32_t blk);
void own_reset(Own *o, uint32_t v, uint32_t blk);
static inline Ownership own_unique(uint32_t ind) {
  Ownership w = {OWN_UNIQUE, ind};
  return w;
}
void own_add_dealloc(Own *o, uint32_t v, uint32_t blk);
/* MLIR's ValueComparator on input values, as a sort. */
void own_sort_values(const IrModule *m, uint32_t *v, uint32_t n);
/* Live-in memrefs of an input block, sorted, as input values. */
void own_live_in(Own *o, uint32_t blk, U32Vec *out);
/* Memrefs to retain when leaving blk for succ (IR_NONE: a region exit):
 * the forwarded builder values, then live-out(blk) & live-in(succ), whose
 * input values go to *live when it is not NULL (live->v[i] is
 * out->v[out->n - live->n + i]). */
void own_retained(Own *o, uint32_t blk, uint32_t succ, const uint32_t *fwd,
                  uint32_t nfwd, U32Vec *out, U32Vec *live);
/* getMemrefsAndConditionsToDeallocate: base buffers (ops emitted at the
 * current place) and their conditions. -1 after an error. */
int own_dealloc_operands(Own *o, uint32_t blk, uint32_t loc, U32Vec *memrefs,
                         U32Vec *conds);
/* A dealloc op (its retained values take its results as ownership). */
uint32_t own_emit_dealloc(Own *o, uint32_t blk, const U32Vec *memrefs,
                          const U32Vec *conds, const U32Vec *retained);
/* The builder value of input value v. */
uint32_t own_val(Own *o, uint32_t v);
int own_is_memref(Own *o, uint32_t builder_value);

/* Placement of new ops in the block being built. */
void own_session(Own *o);     /* a new "at block begin" session */
void own_before(Own *o);      /* before the op being processed */

static inline int own_memref_type(const IrModule *m, uint32_t t) {
  return ir_type_is_memref(m->ctx, t);
}
/* The input block defining input value v, and its location. */
uint32_t own_def_block(const IrModule *m, uint32_t v);
uint32_t own_value_loc(const IrModule *m, uint32_t v);

/* ====================================================================== */
/* ownership_kind.c: what MLIR knows of an op                             */
/* ====================================================================== */

/* IR_TR_*; inline: the plain-op test asks it of every op. */
static inline uint32_t own_traits(const IrModule *m, uint32_t op) {
  return ir_op_traits(m->ops[op].opc);
}
/* Implements MemoryEffectOpInterface (MLIR 22's registrations). */
int own_has_effects(const IrModule *m, uint32_t op);
/* HasRecursiveMemoryEffects. */
int own_recursive(const IrModule *m, uint32_t op);
/* RegionBranchOpInterface, and the operands it forwards to the entry of
 * its first region (*first, *n). */
int own_region_branch(const IrModule *m, uint32_t op, uint32_t *first,
                      uint32_t *n);
/* RegionBranchTerminatorOpInterface, and the operands it forwards to the
 * parent (*first, *n). */
int own_region_terminator(const IrModule *m, uint32_t op, uint32_t *first,
                          uint32_t *n);
/* MLIR's error at op; returns -1. */
int own_error(Own *o, uint32_t op, const char *msg);
/* verifyOperationPreconditions: 0, or -1 after MLIR's error. */
int own_preconditions(Own *o, uint32_t op);

/* ====================================================================== */
/* ownership_form.c: the output op                                        */
/* ====================================================================== */

/* The op as it will be emitted: operands and result types (builder
 * handles / type ids) that handlers may extend, successors with their
 * operand ranges, properties. */
typedef struct Form {
  U32Vec *opd, *res;
  IrBSucc succ[2];
  IrBSucc *succs;
  uint32_t n_succs;
  uint32_t props;
} Form;

/* The input op as it is (operands mapped), lists from own_tmp. */
void own_form_init(Own *o, uint32_t op, Form *f);
void own_form_free(Form *f);
/* &operands[k], NULL while there are none. */
uint32_t *own_form_at(const Form *f, uint32_t k);
/* Create the op (detached) with regions regs and map its results. */
uint32_t own_form_emit(Own *o, uint32_t op, const Form *f,
                       const uint32_t *regs);
/* Appended operands join the last group of operandSegmentSizes. */
void own_grow_last_segment(Own *o, Form *f, uint32_t extra);
/* Append n operands to successor s (segment properties kept in step). */
void own_add_succ_operands(Own *o, uint32_t op, Form *f, uint32_t s,
                           const uint32_t *vals, uint32_t n);
/* populateRemainingOwnerships for the output op nop of op. */
void own_populate(Own *o, uint32_t blk, uint32_t op, uint32_t nop);
/* Put nop in the block being built, after what was inserted before it. */
void own_place(Own *o, uint32_t nop);

/* ====================================================================== */
/* ownership_term.c: terminators                                          */
/* ====================================================================== */

/* insertDeallocOpForReturnLike: 0 nothing to do, 1 done (the ownerships
 * of the memrefs of fwd appended to upd), -1 error. */
int own_return_dealloc(Own *o, uint32_t blk, uint32_t op, const uint32_t *fwd,
                       uint32_t nfwd, U32Vec *upd);
/* ownership_edge.c: on side s of cf.cond_br op in blk, drop from ret
 * (own_retained's list, with its live part) the scf.if results that are
 * there the same memref as a function argument or as another retained
 * value (or as a memref.cast of one). Each drop appends to *drop the triple (builder value, index in
 * the new ret of the value whose updated ownership it takes or IR_NONE:
 * its ownership is false, the input value it is the same memref as). */
void own_edge_drop(Own *o, uint32_t blk, uint32_t op, uint32_t s, U32Vec *ret,
                   const U32Vec *live, U32Vec *drop);
/* May live-in i of blk (live: its sorted live-ins) stay out of blk's
 * dealloc list? Yes when it is the same memref as an earlier live-in with
 * the same ownership (Own.same), whose entry then always frees or keeps
 * the buffer in its place. *built: 0 before the first call per list. */
int own_edge_same(Own *o, uint32_t blk, const U32Vec *live, uint32_t i,
                  int *built);
/* ownership_dead.c: on each side s of cf.cond_br op in blk, drop from
 * ret[s] (nf[s] forwarded values, then live[s] less own_edge_drop's drops
 * drop[s], whose indices are kept up to date) the values defined in blk
 * that the branch condition proves dead on that side and that need no
 * tracking after blk; they become gone (own_gone). */
void own_edge_dead(Own *o, uint32_t blk, uint32_t op, U32Vec *ret[2],
                   const uint32_t nf[2], U32Vec *live[2], U32Vec *drop[2]);
/* Is input memref v left out of every dealloc and retained list of the
 * blocks after its own? */
int own_gone(Own *o, uint32_t v);
/* A return-like terminator, a branch with one successor, a cf.cond_br. */
int own_terminator(Own *o, uint32_t blk, uint32_t op, const uint32_t *regs);
int own_branch(Own *o, uint32_t blk, uint32_t op, const uint32_t *regs);
int own_cond_branch(Own *o, uint32_t blk, uint32_t op);

/* ====================================================================== */
/* ownership_ops.c: the handlers of MLIR's interfaces, per op             */
/* ====================================================================== */

/* Process input op `op` of block `blk` (its regions first), emitting its
 * replacement. 0, or -1 after an error. */
int own_op(Own *o, uint32_t blk, uint32_t op);
/* Copy an op of a block the walk does not reach into builder block `out`
 * (kept consistent with the processed code). 0 or -1. */
int own_unreached_op(Own *o, uint32_t out, uint32_t op, int in_processed);

/* ====================================================================== */
/* ownership.c: the driver                                                */
/* ====================================================================== */

/* Process the regions of op `op` into new detached builder regions
 * (regs[k] for region k). 0 or -1. */
int own_regions(Own *o, uint32_t op, uint32_t *regs);
/* The func.func a call in op `from` names (resolved in the nearest symbol
 * table, as MLIR does), or IR_NONE. */
uint32_t own_lookup_func(Own *o, uint32_t from, uint32_t name);
int own_func_is_private(Own *o, uint32_t func);
int own_func_has_body(Own *o, uint32_t func);

/* ====================================================================== */
/* realloc.c                                                              */
/* ====================================================================== */
/* (dd_expand_realloc is declared in passes.h) */

#endif
