/*
 * The stage passes of -buffer-deallocation-pipeline, each a chain of the
 * single passes in MLIR's order (BufferizationPipelines.cpp):
 *
 *   dd-own      expand-realloc(emit-deallocs=false), canonicalize,
 *               ownership-based-buffer-deallocation, canonicalize
 *   dd-simplify buffer-deallocation-simplification
 *   dd-lower    bufferization-lower-deallocations, cse, canonicalize (the
 *               last two on one working copy)
 *
 * Every intermediate module is freed as soon as the next one exists; all
 * share the input's ctx.
 */
#include "canon.h"

typedef IrModule *(*Step)(const IrModule *m, const void *opts, IrDiag *d);

/* A step may hand back its input unchanged (no copy made). */
static IrModule *realloc_step(const IrModule *m, const void *o, IrDiag *d) {
  (void)o;
  /* nothing to expand: the pass would only copy the module */
  for (uint32_t i = 0; i < m->n_ops; i++)
    if (m->ops[i].opc == IR_OP_REALLOC) return dd_expand_realloc(m, 0, d);
  return (IrModule *)m;
}
/* Canonicalize the working copy rw of m (whose earlier steps changed it
 * when `changed`) and lay it out; one that changed nothing hands back its
 * input: laying out an unchanged working copy gives the same module. */
static IrModule *canon_finish(Rw *rw, const IrModule *m, int changed,
                              IrDiag *d) {
  DdCanonOpts co;
  dd_canonicalize_default_opts(&co);
  int r = canon_rw(rw, m, &co, d);
  IrModule *out = r < 0                ? NULL
                  : r == 0 && !changed ? (IrModule *)m
                                       : canon_emit(rw, m, d);
  rw_free(rw);
  return out;
}
static IrModule *canon_step(const IrModule *m, const void *o, IrDiag *d) {
  (void)o;
  return canon_finish(rw_load(m), m, 0, d);
}
/* cse then canonicalize on one working copy: MLIR runs the second on
 * the first's in-memory result (use lists in the order cse's
 * replacements left them), which laying the module out and loading it
 * again would reset; and one layout is saved. */
static IrModule *cse_canon_step(const IrModule *m, const void *o, IrDiag *d) {
  (void)o;
  int changed;
  Rw *rw = cse_rw(m, &changed);
  return canon_finish(rw, m, changed, d);
}
static IrModule *own_step(const IrModule *m, const void *o, IrDiag *d) {
  return dd_ownership(m, o, d);
}
static IrModule *lower_step(const IrModule *m, const void *o, IrDiag *d) {
  return dd_lower_deallocs_with(m, o, d);
}

/* Runs steps[0..n) on m; m itself is never freed. */
static IrModule *chain(const IrModule *m, const Step *steps, size_t n,
                       const void *opts, IrDiag *d) {
  const IrModule *cur = m;
  IrModule *owned = NULL;
  for (size_t i = 0; i < n; i++) {
    IrModule *next = steps[i](cur, opts, d);
    if (next == cur) continue;
    if (owned) ir_module_free(owned);
    if (!next) return NULL;
    cur = owned = next;
  }
  if (!owned) {   /* no step changed anything: the caller owns a copy */
    const char *why = NULL;
    owned = ir_clone_module(m, NULL, NULL, &why);
    if (!owned)
      ir_diag(d, m->ctx, m->ops[0].loc, IR_SEV_ERROR, "%s", why ? why : "copy failed");
  }
  return owned;
}

IrModule *dd_own_stage(const IrModule *m, const DdOwnOpts *o, IrDiag *d) {
  static const Step steps[] = {realloc_step, canon_step, own_step,
                               canon_step};
  return chain(m, steps, sizeof steps / sizeof *steps, o, d);
}

IrModule *dd_lower_stage(const IrModule *m, const DdLowerOpts *o,
                         IrDiag *d) {
  static const Step steps[] = {lower_step, cse_canon_step};
  return chain(m, steps, sizeof steps / sizeof *steps, o, d);
}

IrModule *dd_pipeline(const IrModule *m, const DdOwnOpts *o, IrDiag *d) {
  IrModule *own = dd_own_stage(m, o, d);
  if (!own) return NULL;
  IrModule *simple = dd_simplify(own, d);
  ir_module_free(own);
  if (!simple) return NULL;
  IrModule *low = dd_lower_stage(simple, NULL, d);
  ir_module_free(simple);
  return low;
}
