/*
 * canon.c - MLIR's -canonicalize over the whole module: every op's folder
 * and canonicalization patterns, applied by the greedy driver
 * (canon_driver.c) until nothing changes.
 */
#include <pthread.h>
#include <stdlib.h>

#include "canon.h"

void canon_rules_all(CanonRules *r) {
  memset(r, 0, sizeof *r);
  canon_rules_arith(r);
  canon_rules_bufferization(r);
  canon_rules_cf(r);
  canon_rules_memref(r);
  canon_rules_scf(r);
}

void dd_canonicalize_default_opts(DdCanonOpts *o) {
  memset(o, 0, sizeof *o);
  o->top_down = 1;
  o->region_simplify = 1;
  o->max_iterations = 10;
  o->max_num_rewrites = -1;
}

/* The rule table, built once by whichever thread comes first (-j). */
static CanonRules rules;
static pthread_once_t rules_once = PTHREAD_ONCE_INIT;
static void build_rules(void) { canon_rules_all(&rules); }

int canon_rw(Rw *rw, const IrModule *m, const DdCanonOpts *o, IrDiag *d) {
  pthread_once(&rules_once, build_rules);
  Canon c;
  CanonConfig cfg = {0};
  cfg.top_down = o->top_down;
  cfg.region_simplify = o->region_simplify;
  cfg.max_iterations = o->max_iterations;
  cfg.max_rewrites = o->max_num_rewrites;
  cfg.fold = 1;
  canon_init(&c, rw, &rules, &cfg);
  int converged = canon_run(&c);
  int changed = c.changed;
  canon_fini(&c);
  if (!converged && o->test_convergence) {
    ir_diag(d, m->ctx, m->ops[0].loc, IR_SEV_ERROR,
            "Canonicalizer failed to converge within %d iterations",
            o->max_iterations);
    return -1;
  }
  return changed;
}

IrModule *canon_emit(Rw *rw, const IrModule *m, IrDiag *d) {
  const char *why = NULL;
  IrModule *out = rw_emit(rw, &why);
  if (!out)
    ir_diag(d, m->ctx, m->ops[0].loc, IR_SEV_ERROR, "canonicalize: %s",
            why ? why : "internal error");
  return out;
}

IrModule *dd_canonicalize_with(const IrModule *m, const DdCanonOpts *o,
                               IrDiag *d) {
  Rw *rw = rw_load(m);
  IrModule *out = canon_rw(rw, m, o, d) < 0 ? NULL : canon_emit(rw, m, d);
  rw_free(rw);
  return out;
}

IrModule *dd_canonicalize(const IrModule *m, IrDiag *d) {
  DdCanonOpts o;
  dd_canonicalize_default_opts(&o);
  return dd_canonicalize_with(m, &o, d);
}
