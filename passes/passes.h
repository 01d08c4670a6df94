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
/* lower_deallocs.c: -bufferization-lower-deallocations (dd-lower --only)  */
/* ====================================================================== */

typedef struct DdLowerOpts {
  int per_function;   /* MLIR's func.func-nested variant
                         (builtin.module(func.func(bufferization-lower-
                         deallocations))): only the functions of the top
                         module are converted, and a dealloc that needs the
                         library function is an error */
} DdLowerOpts;

/* Lower every bufferization.dealloc to memref.dealloc under scf.if, with
 * the library function (private, named uniquely within its symbol table)
 * where the general case needs it. NULL + diagnostics on error; the output
 * shares m's ctx. */
IrModule *dd_lower_deallocs(const IrModule *m, IrDiag *d);  /* -bufferization-lower-deallocations */
/* The same with options (o may be NULL: the defaults). */
IrModule *dd_lower_deallocs_with(const IrModule *m, const DdLowerOpts *o,
                                 IrDiag *d);

/* ====================================================================== */
/* canonicalize, cse, buffer-deallocation-simplification (canon*.c,       */
/* cse.c, simplify.c)                                                     */
/* ====================================================================== */

/* MLIR's -canonicalize with its default options. */
IrModule *dd_canonicalize(const IrModule *m, IrDiag *d);

/* MLIR's -cse. */
IrModule *dd_cse(const IrModule *m, IrDiag *d);

/* MLIR's -buffer-deallocation-simplification. */
IrModule *dd_simplify(const IrModule *m, IrDiag *d);

/* -canonicalize's options, as mlir-opt names them. */
typedef struct DdCanonOpts {
  int top_down;           /* top-down: seed the worklist in program order (1) */
  int region_simplify;    /* region-simplify: 0 disabled, 1 normal (default),
                             2 aggressive (also merges identical blocks) */
  int max_iterations;     /* max-iterations (10); -1 no limit */
  long max_num_rewrites;  /* max-num-rewrites per iteration; -1 no limit */
  int test_convergence;   /* test-convergence: fail when not converged */
} DdCanonOpts;
void dd_canonicalize_default_opts(DdCanonOpts *o);
IrModule *dd_canonicalize_with(const IrModule *m, const DdCanonOpts *o,
                               IrDiag *d);

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

/* ====================================================================== */
/* The pipeline's stages (pipeline.c)                                     */
/* ====================================================================== */

/* dd-own: expand-realloc (emit-deallocs=false), canonicalize,
 * ownership-based deallocation (options o, may be NULL), canonicalize. */
IrModule *dd_own_stage(const IrModule *m, const DdOwnOpts *o, IrDiag *d);
/* dd-lower: lower-deallocations (options o, may be NULL), cse,
 * canonicalize. */
IrModule *dd_lower_stage(const IrModule *m, const DdLowerOpts *o, IrDiag *d);
/* The whole -buffer-deallocation-pipeline: dd-own, dd-simplify, dd-lower. */
IrModule *dd_pipeline(const IrModule *m, const DdOwnOpts *o, IrDiag *d);

#endif
