/*
 * passes.h - the public API of the passes layer: MLIR's buffer deallocation
 * pipeline and the cleanups it runs, each a module-to-module function.
 *
 * Every pass reads a frozen, verified module and returns a new module that
 * shares its IrCtx (the input is left untouched; the caller frees both).
 * On input the pass does not support it reports MLIR's diagnostic through
 * `d` (located, same wording as mlir-opt) and returns NULL. Passes never see
 * bytes, only the IR (DESIGN.md). One file per pass; shared analyses live in
 * libir.
 *
 * The stage tools (tools/) chain them as MLIR's -buffer-deallocation-pipeline
 * does:
 *   dd-own      = expand-realloc(emit-deallocs=false), canonicalize,
 *                 ownership-based-buffer-deallocation, canonicalize
 *   dd-simplify = buffer-deallocation-simplification
 *   dd-lower    = bufferization-lower-deallocations, cse, canonicalize
 */
#ifndef PASSES_H
#define PASSES_H

#include "ir.h"

/* ====================================================================== */
/* Ownership-based deallocation and expand-realloc (ownership*.c,        */
/* realloc.c)                                                             */
/* ====================================================================== */

/* MLIR's -ownership-based-buffer-deallocation: a bufferization.dealloc
 * before every block terminator, ownership indicators (i1) passed along
 * branches, region-branch ops and (with private_function_dynamic_ownership)
 * out of private functions; unstructured control-flow loops are supported
 * (MLIR 22 rejects them). */
/* What the pass inserted (added to, when DdOwnOpts.stats is set). */
typedef struct DdOwnStats {
  uint64_t functions;      /* functions processed */
  uint64_t deallocs;       /* bufferization.dealloc ops inserted */
  uint64_t dealloc_memrefs;  /* memref operands of those */
  uint64_t retained;       /* retained operands of those */
  uint64_t clones;         /* clones inserted: the function boundary ABI
                              (under scf.if at run time) or unknown
                              ownership */
  uint64_t block_args;     /* i1 ownership block arguments added */
  uint64_t results;        /* i1 ownership results added to region ops
                              and calls */
} DdOwnStats;

typedef struct DdOwnOpts {
  int private_function_dynamic_ownership;
  DdOwnStats *stats;       /* NULL, or counters to add to */
} DdOwnOpts;
IrModule *dd_ownership(const IrModule *m, const DdOwnOpts *o, IrDiag *d);

/* MLIR's -expand-realloc[=emit-deallocs=...]: every memref.realloc becomes
 * an scf.if that allocates, copies and (emit_deallocs) frees the old
 * buffer when it grows, and reinterpret-casts it otherwise. */
IrModule *dd_expand_realloc(const IrModule *m, int emit_deallocs, IrDiag *d);

#endif
