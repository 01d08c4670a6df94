/*
 * lower.h - internal to the lowering of bufferization.dealloc
 * (lower_deallocs.c: the pass and its three lowerings; lower_helper.c: the
 * generated library function). Not part of the passes API (passes.h).
 *
 * Lw holds what the lowering emits, interned once per run: op names,
 * types and property dictionaries, so emitting an op is a handful of
 * integer stores into the builder.
 */
#ifndef LOWER_H
#define LOWER_H

#include "ir.h"

typedef struct Lw {
  IrCtx *c;
  IrBuilder *b;
  /* op names (string ids) */
  uint32_t alloc, dealloc, load, store, cast, dim, extract, constant;
  uint32_t cmpi, andi, ori, xori, sif, sfor, yield, call, func, ret;
  uint32_t s_value;               /* "value" */
  /* types */
  uint32_t index, i1;             /* index, i1 */
  uint32_t dyn_index, dyn_i1;     /* memref<?xindex>, memref<?xi1> */
  /* property dictionaries */
  uint32_t p_alloc;               /* operandSegmentSizes = array<i32: 0, 0> */
  uint32_t p_eq, p_ne;            /* predicate = 0 / 1 : i64 (eq / ne) */
  uint32_t p_true, p_false;       /* value = true / false */
  /* value = k : index, per k interned on first use (0: not yet); the
   * general lowering stores into lists as long as the dealloc's */
  uint32_t *p_index, n_index;
} Lw;

/* Intern everything Lw holds. */
void lw_init(Lw *w, IrCtx *c, IrBuilder *b);
void lw_free(Lw *w);

/* Append op `name` to builder block `blk`: operands, at most one result
 * (rtype 0: none), a properties dictionary (or 0), n_regions empty
 * regions. Returns the op handle. */
uint32_t lw_op(Lw *w, uint32_t blk, uint32_t name, uint32_t loc,
               const uint32_t *opd, uint32_t n_opd, uint32_t rtype,
               uint32_t props, uint32_t n_regions);
/* The same, returning the op's result value. */
uint32_t lw_val(Lw *w, uint32_t blk, uint32_t name, uint32_t loc,
                const uint32_t *opd, uint32_t n_opd, uint32_t rtype,
                uint32_t props);
/* Shorthands: a binary op on i1 (andi / ori / xori), arith.constant of an
 * index, the first block of region k of a builder op (created). */
uint32_t lw_bin(Lw *w, uint32_t blk, uint32_t name, uint32_t loc, uint32_t a,
                uint32_t b);
uint32_t lw_index(Lw *w, uint32_t blk, uint32_t loc, int64_t v);
uint32_t lw_body(Lw *w, uint32_t op, uint32_t k);

/* lower_helper.c ------------------------------------------------------- */

/* The name the library function gets in symbol table op `symtab` of `m`:
 * "dealloc_helper", or, when that table already defines a symbol of that
 * name, the first free "dealloc_helper_N" (N = 0, 1, ...), as MLIR's
 * SymbolTable::insert renames. Returns the interned string id. */
uint32_t lw_helper_name(const IrModule *m, uint32_t symtab);

/* Append the library function (private func.func `name`) to builder block
 * `blk`; every op and argument is at `loc`. */
void lw_build_helper(Lw *w, uint32_t blk, uint32_t name, uint32_t loc);

/* lower_fold.c --------------------------------------------------------- */

/* Fold op `op` of `m` into builder block `blk` the way MLIR's conversion
 * driver does on the way (ops outside memref/arith/scf/func): 1 done
 * (replaced or re-emitted, results mapped), 0 no fold applies (clone the op
 * as it is), -1 failed (a hook below failed). */
int lw_fold(const IrModule *m, IrBuilder *b, uint32_t blk, IrMap *map,
            uint32_t op);
/* Ops memref.cast results fold into (memref::foldMemRefCast). */
static inline int lw_casts_fold_into(uint32_t opc) {
  switch (opc) {
  case IR_OP_CLONE:
  case IR_OP_LINALG_FILL:
  case IR_OP_LINALG_CEIL:
  case IR_OP_LINALG_DOT:
  case IR_OP_AFFINE_LOAD:
    return 1;
  default:
    return 0;
  }
}
/* Can lw_fold ever apply to an op of this opcode? (inline: asked of every
 * op of the module) */
static inline int lw_may_fold(uint32_t opc) {
  return opc == IR_OP_TO_BUFFER || opc == IR_OP_TO_TENSOR ||
         opc == IR_OP_UNREALIZED_CAST || lw_casts_fold_into(opc);
}

#endif
