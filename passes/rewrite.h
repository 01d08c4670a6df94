/*
 * rewrite.h - a mutable working copy of a module for the rewriting passes
 * (canonicalize, cse, buffer-deallocation-simplification). Internal to the
 * passes layer; nothing outside passes/ includes it.
 *
 * Why a working copy: MLIR's greedy rewriter edits the IR in place, and the
 * exact output of -canonicalize (which op survives, where a folded constant
 * lands, the order in which dead ops vanish) follows from that edit order.
 * To give the same output we replay the same edits, so the pass loads the
 * frozen input (left untouched) into this structure, rewrites it, and lays
 * the result out through the builder (rw_emit): input immutable, builder
 * out, as DESIGN.md asks.
 *
 * Everything is still 32-bit indices into growable arrays (no per-op
 * malloc):
 *   - ops live in doubly linked lists per block; an erased op keeps its slot
 *     with RW_ERASED set;
 *   - every operand is a use slot linked into its value's use list, newest
 *     use first (MLIR's order, which decides the order users are revisited);
 *   - every successor is a slot linked into its block's predecessor list;
 *   - an op's operands, successors and regions are ranges; growing an
 *     operand list moves it to the end of the slot array (the old slots are
 *     dead), so an edit costs O(new size).
 * Ids of the input's ops, values, blocks and regions are kept (value v of
 * the input is value v here), so analyses of the input (buffer origin) can
 * be asked about values of the working copy.
 *
 * Every edit goes through rw_* functions, which tell the listener (the
 * greedy driver) what changed, as MLIR's RewriterBase tells its listener.
 */
#ifndef REWRITE_H
#define REWRITE_H

#include "irint.h"

#define RW_NONE IR_NONE

enum { RW_ERASED = 1u << 0 };

typedef struct RwOp {
  uint32_t name;             /* op name string id */
  uint16_t opc;              /* IrOpcode */
  uint16_t flags;            /* RW_ERASED */
  uint32_t loc;
  uint32_t block;            /* parent block; RW_NONE when detached */
  uint32_t prev, next;       /* siblings in the block */
  uint32_t opd, n_opd;       /* operand use slots: range in Rw.uses */
  uint32_t res, n_res;       /* results: consecutive values */
  uint32_t reg, n_reg;       /* regions: range in Rw.opregs */
  uint32_t succ, n_succ;     /* successors: range in Rw.succs */
  uint32_t props, attrs;     /* DICT attrs or 0 */
} RwOp;

typedef struct RwUse {
  uint32_t val;              /* the value used (RW_NONE: dropped) */
  uint32_t op;               /* the user */
  uint32_t prev, next;       /* in the value's use list */
} RwUse;

enum { RW_RESULT = 0, RW_ARG = 1 };
typedef struct RwVal {
  uint32_t type;
  uint32_t def;              /* defining op (RESULT) or owning block (ARG) */
  uint32_t num : 31;         /* result / argument number */
  uint32_t kind : 1;
  uint32_t loc;              /* ARG: its location */
  uint32_t first_use;        /* RW_NONE if unused */
  uint32_t n_uses;
} RwVal;

typedef struct RwSucc {
  uint32_t block;            /* target block */
  uint32_t op;               /* the branch op */
  uint32_t first, count;     /* its operands: op operand positions */
  uint32_t prev, next;       /* in the target block's predecessor list */
} RwSucc;

typedef struct RwBlock {
  uint32_t region;           /* RW_NONE when detached / erased */
  uint32_t prev, next;       /* siblings in the region */
  uint32_t first, last;      /* op list */
  uint32_t args, n_args;     /* range in Rw.args */
  uint32_t first_pred;       /* successor slots targeting this block */
  uint32_t n_preds;
} RwBlock;

typedef struct RwRegion {
  uint32_t op;               /* parent op */
  uint32_t first, last;      /* block list */
} RwRegion;

/* What the greedy driver wants to hear (MLIR's RewriterBase::Listener). */
typedef struct RwListener {
  void *ud;
  void (*inserted)(void *ud, uint32_t op);   /* created or moved */
  void (*modified)(void *ud, uint32_t op);   /* operands / attrs changed */
  void (*erased)(void *ud, uint32_t op);     /* about to go; operands intact */
} RwListener;

typedef struct Rw {
  IrCtx *ctx;
  RwOp *ops;        uint32_t n_ops, cap_ops;
  RwUse *uses;      uint32_t n_uses, cap_uses;
  RwVal *vals;      uint32_t n_vals, cap_vals;
  RwBlock *blocks;  uint32_t n_blocks, cap_blocks;
  RwRegion *regions; uint32_t n_regions, cap_regions;
  uint32_t *opregs; uint32_t n_opregs, cap_opregs;
  RwSucc *succs;    uint32_t n_succs, cap_succs;
  uint32_t *args;   uint32_t n_args, cap_args;
  uint32_t n_in_vals;        /* values 0 .. n_in_vals-1 are the input's */
  RwListener *listener;      /* may be NULL */
  uint32_t *scratch; uint32_t cap_scratch;  /* for callers' short lists */
  uint32_t s_segments, s_value;  /* interned "operandSegmentSizes", "value" */
  /* operandSegmentSizes by props dictionary (interned, so the answer is a
   * function of the id): the dealloc rules ask at every look at a dealloc */
  struct RwSegCache { uint32_t props, n; const int64_t *v; } seg_cache[64];
  /* the `value` of a constant's props dictionary, by props id (interned,
   * so a function of the id): folders and seeding ask at every constant */
  struct RwValCache { uint32_t props, attr; } val_cache[256];
  /* bumped by every operand edit (each goes through one use slot's link
   * or unlink): what was read from an op's operands stays true while the
   * epoch and the op's props do */
  uint64_t epoch;
} Rw;

/* An insertion point: before `before` in `block` (RW_NONE: at the end). */
typedef struct RwIp {
  uint32_t block, before;
} RwIp;

/* A new op. Regions are created empty (n_regions of them). */
typedef struct RwSpec {
  uint32_t name, loc;
  const uint32_t *operands;  uint32_t n_operands;
  const uint32_t *types;     uint32_t n_results;
  uint32_t n_regions;
  const IrBSucc *succs;      uint32_t n_succs;  /* block ids, operand ranges */
  uint32_t props, attrs;
} RwSpec;

/* --- load / emit -------------------------------------------------------- */
Rw *rw_load(const IrModule *m);
void rw_free(Rw *rw);
/* Lay the working copy out as a frozen module sharing the ctx. NULL (with
 * a reason in *why) if freeze fails. */
IrModule *rw_emit(Rw *rw, const char **why);

/* --- queries ------------------------------------------------------------ */
static inline RwOp *rw_op(Rw *rw, uint32_t op) { return &rw->ops[op]; }
static inline uint32_t rw_operand(const Rw *rw, uint32_t op, uint32_t k) {
  return rw->uses[rw->ops[op].opd + k].val;
}
static inline uint32_t rw_result(const Rw *rw, uint32_t op, uint32_t k) {
  return rw->ops[op].res + k;
}
static inline uint32_t rw_type(const Rw *rw, uint32_t v) { return rw->vals[v].type; }
static inline int rw_is_arg(const Rw *rw, uint32_t v) { return rw->vals[v].kind == RW_ARG; }
static inline int rw_alive(const Rw *rw, uint32_t op) {
  return !(rw->ops[op].flags & RW_ERASED);
}
static inline uint32_t rw_region_of(const Rw *rw, uint32_t op, uint32_t k) {
  return rw->opregs[rw->ops[op].reg + k];
}
static inline uint32_t rw_arg(const Rw *rw, uint32_t blk, uint32_t k) {
  return rw->args[rw->blocks[blk].args + k];
}
static inline const IrOpInfo *rw_info(const Rw *rw, uint32_t op) {
  uint32_t opc = rw->ops[op].opc;
  return opc == IR_OP_UNKNOWN ? NULL : ir_op_info(opc);
}
static inline uint32_t rw_traits(const Rw *rw, uint32_t op) {
  return ir_op_traits(rw->ops[op].opc);
}
/* Defining op of a value (RW_NONE for a block argument). */
static inline uint32_t rw_def(const Rw *rw, uint32_t v) {
  return rw->vals[v].kind == RW_RESULT ? rw->vals[v].def : RW_NONE;
}
/* Block a value is defined in. */
uint32_t rw_value_block(const Rw *rw, uint32_t v);
uint32_t rw_block_parent_op(const Rw *rw, uint32_t blk);
uint32_t rw_parent_op(const Rw *rw, uint32_t op);        /* RW_NONE at top */
static inline uint32_t rw_op_region(const Rw *rw, uint32_t op) {  /* parent region */
  uint32_t b = rw->ops[op].block;
  return b == RW_NONE ? RW_NONE : rw->blocks[b].region;
}
/* Is `anc` an ancestor of (or equal to) `op`? */
int rw_is_ancestor(const Rw *rw, uint32_t anc, uint32_t op);
/* Is block `blk` the first block of its region? (Inline: liveness asks
 * at every block argument a live op uses.) */
static inline int rw_is_entry(const Rw *rw, uint32_t blk) {
  uint32_t r = rw->blocks[blk].region;
  return r != RW_NONE && rw->regions[r].first == blk;
}
/* The terminator of a block (its last op if it has the trait), or RW_NONE. */
uint32_t rw_terminator(const Rw *rw, uint32_t blk);
/* Number of blocks in a region. */
uint32_t rw_region_n_blocks(const Rw *rw, uint32_t r);
/* Does op `a` come before op `b` in the same block? Linear in the distance. */
int rw_before_in_block(const Rw *rw, uint32_t a, uint32_t b);
/* The constant attribute a value is defined by (op with the CONSTANT
 * trait: its `value` property), or 0. Inline up to the dictionary look-up:
 * folders ask it of every operand, and most are no constants. */
uint32_t rw_const_attr_of(const Rw *rw, uint32_t op);
static inline uint32_t rw_const_attr(const Rw *rw, uint32_t v) {
  if (v == RW_NONE || rw->vals[v].kind != RW_RESULT) return 0;
  uint32_t op = rw->vals[v].def;
  if (!(rw_traits(rw, op) & IR_TR_CONSTANT)) return 0;
  return rw_const_attr_of(rw, op);
}
/* A property of an op (0 if absent). */
uint32_t rw_prop(const Rw *rw, uint32_t op, const char *name);
/* Operand segment k of an op with operandSegmentSizes: first operand
 * position and count. -1 if the op has no such property. */
int rw_segment(const Rw *rw, uint32_t op, uint32_t k, uint32_t *first,
               uint32_t *count);
/* The first n segments at once (one attribute lookup): first[i], count[i].
 * -1 if the op has fewer. */
int rw_segments(const Rw *rw, uint32_t op, uint32_t n, uint32_t *first,
                uint32_t *count);
/* Does value v have exactly one use / no use? */
static inline int rw_has_one_use(const Rw *rw, uint32_t v) { return rw->vals[v].n_uses == 1; }
static inline int rw_unused(const Rw *rw, uint32_t v) { return rw->vals[v].n_uses == 0; }
static inline int rw_op_unused(const Rw *rw, uint32_t op) {
  const RwOp *o = &rw->ops[op];
  for (uint32_t k = 0; k < o->n_res; k++)
    if (rw->vals[o->res + k].n_uses) return 0;
  return 1;
}
/* Is any result of `op` used outside block `blk`? */
int rw_used_outside_block(const Rw *rw, uint32_t op, uint32_t blk);
/* Does value v dominate... (only the simple facts passes need): is value v
 * defined outside region r (in a region enclosing it)? */
int rw_defined_outside(const Rw *rw, uint32_t v, uint32_t r);

/* --- creating ----------------------------------------------------------- */
uint32_t rw_create(Rw *rw, RwIp ip, const RwSpec *s);
/* Common shapes. */
uint32_t rw_create1(Rw *rw, RwIp ip, uint32_t name, uint32_t loc,
                    const uint32_t *operands, uint32_t n, uint32_t type,
                    uint32_t props);
static inline RwIp rw_ip_before(const Rw *rw, uint32_t op) {
  RwIp ip = {rw->ops[op].block, op};
  return ip;
}
static inline RwIp rw_ip_after(const Rw *rw, uint32_t op) {
  RwIp ip = {rw->ops[op].block, rw->ops[op].next};
  return ip;
}
static inline RwIp rw_ip_end(uint32_t blk) { RwIp ip = {blk, RW_NONE}; return ip; }
RwIp rw_ip_start(const Rw *rw, uint32_t blk);
/* A new block appended to region r (before block `before`, or at the end
 * with RW_NONE). */
uint32_t rw_block_new(Rw *rw, uint32_t r, uint32_t before);
uint32_t rw_block_add_arg(Rw *rw, uint32_t blk, uint32_t type, uint32_t loc);

/* --- editing (listener notified) ---------------------------------------- */
/* Set operand k of op (no notification: wrap edits in rw_modified). */
void rw_set_operand(Rw *rw, uint32_t op, uint32_t k, uint32_t v);
/* Replace the whole operand list of an op without successors. */
void rw_set_operands(Rw *rw, uint32_t op, const uint32_t *v, uint32_t n);
/* Replace successor s's operands (other operands keep their places;
 * operandSegmentSizes of cf.cond_br / cf.switch follows). */
void rw_set_succ_operands(Rw *rw, uint32_t op, uint32_t s, const uint32_t *v,
                          uint32_t n);
void rw_set_succ_block(Rw *rw, uint32_t op, uint32_t s, uint32_t blk);
static inline void rw_modified(Rw *rw, uint32_t op) {
  if (rw->listener && rw->listener->modified)
    rw->listener->modified(rw->listener->ud, op);
}
/* Every use of `from` now uses `to`; each user is notified as modified (in
 * use-list order, like MLIR's RewriterBase::replaceAllUsesWith). */
void rw_replace_all_uses(Rw *rw, uint32_t from, uint32_t to);
/* Replace uses of `from` except those by op `except`. */
void rw_replace_all_uses_except(Rw *rw, uint32_t from, uint32_t to,
                                uint32_t except);
/* Replace the results of op with vals, then erase it. */
void rw_replace_op(Rw *rw, uint32_t op, const uint32_t *vals);
/* Erase op and everything nested in it (nested first, post order, as
 * MLIR's RewriterBase::eraseOp), notifying the listener per op. */
void rw_erase_op(Rw *rw, uint32_t op);
/* Move op before ip (notified as inserted). */
void rw_move_op(Rw *rw, uint32_t op, RwIp ip);
/* Erase a block with its ops (its values must be unused or used only
 * inside it). Unlinks it from its region. */
void rw_erase_block(Rw *rw, uint32_t blk);
/* Move all ops of src to the end of dst (before dst_before if not RW_NONE),
 * replacing src's arguments by `argv`; src is erased. MLIR's
 * RewriterBase::mergeBlocks / inlineBlockBefore. */
void rw_inline_block(Rw *rw, uint32_t src, RwIp ip, const uint32_t *argv);
/* Move every block of region `src` into region `dst` before block
 * `before` (RW_NONE: at the end). */
void rw_inline_region_before(Rw *rw, uint32_t src, uint32_t dst,
                             uint32_t before);
/* Erase block arguments whose `dead` flag (indexed by argument number) is
 * set; their uses must be gone. */
void rw_erase_args(Rw *rw, uint32_t blk, const uint8_t *dead);
/* Change an op's properties (notified as modified). */
void rw_set_props(Rw *rw, uint32_t op, uint32_t props);

/* --- walking ------------------------------------------------------------ */
/* Ops nested in region r, pre- or post-order (an op before / after its
 * regions), calling fn(ud, op). Safe against fn moving or erasing the op
 * it is given (the next one is read first) but not others. When fn
 * returns 1 in pre-order, the op's regions are skipped. */
void rw_walk_region(Rw *rw, uint32_t r, int post,
                    int (*fn)(void *ud, uint32_t op), void *ud);

/* Blocks of region r reachable from its entry, in post order (successors
 * before predecessors; LLVM's po_iterator). *out is malloc'd. */
uint32_t rw_region_postorder(Rw *rw, uint32_t r, uint32_t **out);

#endif
