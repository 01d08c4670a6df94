/*
 * oracle.c - the pipeline oracle of oracle.h. The passes run one by one as
 * passes/pipeline.c chains them (expand-realloc, canonicalize, ownership,
 * canonicalize | simplify | lower, cse, canonicalize), each output verified
 * before the next pass reads it; three checkpoints (after dd-own, after
 * dd-simplify, after dd-lower) are then run by the interpreter on the
 * arguments the input was run on. The input is bufferized code without
 * deallocations, so it leaks by design; any other error in the input
 * (an alloca used after its scope, a buffer returned from a loop body ...)
 * puts that run outside the pipeline's contract and it is not compared.
 * A module that reads buffer addresses (memref.extract_aligned_pointer_as_
 * index) is not compared either: canonicalization may make two buffers one
 * (a clone of a buffer freed right after becomes the buffer, in mlir-opt-22
 * too), which changes the addresses and nothing else.
 */
#include <string.h>

#include "oracle.h"
#include "passes.h"

OracleStats oracle_stats;

static void dump(const char *what, const IrModule *m, const char *text) {
  if (text) fprintf(stderr, "input:\n%s\n", text);
  if (m) {
    fprintf(stderr, "%s:\n", what);
    IrPrintOpts po = {0, 0};
    ir_print(stderr, m, &po);
  }
}

/* ====================================================================== */
/* The passes, one by one                                                 */
/* ====================================================================== */

enum { P_REALLOC, P_CANON, P_OWN, P_SIMPLIFY, P_LOWER, P_CSE };
static const struct {
  int pass;
  const char *name;
  int checkpoint;  /* the end of a stage: run it */
} steps[] = {
    {P_REALLOC, "expand-realloc", 0}, {P_CANON, "canonicalize", 0},
    {P_OWN, "ownership-based-buffer-deallocation", 0},
    {P_CANON, "canonicalize", 1},     {P_SIMPLIFY, "simplification", 1},
    {P_LOWER, "lower-deallocations", 0}, {P_CSE, "cse", 0},
    {P_CANON, "canonicalize", 1},
};
enum { N_STEPS = sizeof steps / sizeof *steps, N_CHECKPOINTS = 3 };

static IrModule *run_pass(int pass, const IrModule *m, const DdOwnOpts *o,
                          IrDiag *d) {
  switch (pass) {
  case P_REALLOC: return dd_expand_realloc(m, 0, d);
  case P_CANON: return dd_canonicalize(m, d);
  case P_OWN: return dd_ownership(m, o, d);
  case P_SIMPLIFY: return dd_simplify(m, d);
  case P_LOWER: return dd_lower_deallocs(m, d);
  default: return dd_cse(m, d);
  }
}

/* The stage outputs in cps[0..3), or 0 if a pass failed (allowed only
 * without must_succeed). */
static int run_steps(const IrModule *m, const DdOwnOpts *o, int must_succeed,
                     const char *text, IrModule **cps) {
  const IrModule *cur = m;
  IrModule *owned = NULL;
  int n_cp = 0;
  for (size_t i = 0; i < N_STEPS; i++) {
    IrDiag d;
    ir_diag_init(&d, NULL);
    IrModule *next = run_pass(steps[i].pass, cur, o, &d);
    FUZZ_ASSERT((next == NULL) == (d.n_errors > 0));
    if (!next) {
      if (must_succeed) {
        dump("pass input", cur, text);
        fprintf(stderr, "%s (dynamic ownership %d) failed on generated "
                "input:\n", steps[i].name,
                o->private_function_dynamic_ownership);
        ir_diag_init(&d, stderr);
        ir_module_free(run_pass(steps[i].pass, cur, o, &d));
        FUZZ_ASSERT(!"a pass failed on generated input");
      }
      oracle_stats.pass_failures++;
      if (getenv("FUZZ_ORACLE_STATS")) { /* which passes refuse what */
        fprintf(stderr, "oracle: %s refused: ", steps[i].name);
        ir_diag_init(&d, stderr);
        ir_module_free(run_pass(steps[i].pass, cur, o, &d));
      }
      if (owned && !steps[i - 1].checkpoint) ir_module_free(owned);
      for (int k = 0; k < n_cp; k++) ir_module_free(cps[k]);
      return 0;
    }
    ir_diag_init(&d, NULL);
    if (ir_verify(next, &d) != 0) {
      dump("pass input", cur, text);
      dump("output that does not verify", next, NULL);
      fprintf(stderr, "%s (dynamic ownership %d): output does not verify:\n",
              steps[i].name, o->private_function_dynamic_ownership);
      ir_diag_init(&d, stderr);
      ir_verify(next, &d);
      FUZZ_ASSERT(!"pass output does not verify");
    }
    /* Checkpoints stay alive for the interpreter; others are freed once
     * the next pass has read them. */
    if (owned && !(i && steps[i - 1].checkpoint)) ir_module_free(owned);
    owned = next;
    cur = next;
    if (steps[i].checkpoint) cps[n_cp++] = next;
  }
  FUZZ_ASSERT(n_cp == N_CHECKPOINTS);
  return 1;
}

/* dd_pipeline must be the same chain: same text, and the text reparses. */
static void check_whole(const IrModule *m, const DdOwnOpts *o,
                        const IrModule *last, const char *text) {
  IrDiag d;
  ir_diag_init(&d, NULL);
  IrModule *whole = dd_pipeline(m, o, &d);
  FUZZ_ASSERT(whole != NULL && d.n_errors == 0);
  size_t na, nb;
  char *a = fuzz_print(last, 0, 1, &na), *b = fuzz_print(whole, 0, 1, &nb);
  if (na != nb || memcmp(a, b, na) != 0) {
    dump("passes one by one", last, text);
    dump("dd_pipeline", whole, NULL);
    FUZZ_ASSERT(!"dd_pipeline differs from its passes chained");
  }
  IrCtx *c = ir_ctx_new();
  IrModule *back = fuzz_parse(c, (const uint8_t *)a, na);
  if (!back) fprintf(stderr, "pipeline output does not parse:\n%s", a);
  FUZZ_ASSERT(back != NULL);
  FUZZ_ASSERT(fuzz_verify(back) == 0);
  ir_module_free(back);
  ir_ctx_free(c);
  free(a);
  free(b);
  ir_module_free(whole);
}

/* ====================================================================== */
/* The interpreter as the judge                                           */
/* ====================================================================== */

static const char *func_name(const IrModule *m, uint32_t op) {
  uint32_t a = ir_op_prop(m, op, "sym_name");
  return a ? ir_str_ptr(m->ctx, ir_attr(m->ctx, a)->str) : NULL;
}

static uint32_t func_type(const IrModule *m, uint32_t op) {
  uint32_t a = op == IR_NONE ? 0 : ir_op_prop(m, op, "function_type");
  return a ? ir_attr(m->ctx, a)->type : 0;
}

/* Argument combination `idx` of `n` arguments: i1 0/1, integers 0..3 (the
 * loop bounds), memrefs fresh; the digit above them picks a pair of memref
 * arguments of one type to alias. Returns the number of combinations. */
static uint64_t combos(const IrCtx *c, const uint32_t *types, uint32_t n,
                       uint64_t idx, IrRunArg *a) {
  uint64_t total = 1;
  uint32_t pairs[8][2], n_pairs = 0;
  for (uint32_t i = 0; i < n; i++) {
    const IrType *t = ir_type(c, types[i]);
    uint32_t radix = t->kind == IR_T_INT && t->width == 1 ? 2
                     : t->kind == IR_T_INT || t->kind == IR_T_INDEX ? 4 : 1;
    if (a) {
      memset(&a[i], 0, sizeof a[i]);
      a[i].alias = -1;
      a[i].f = 1.0;
      a[i].i = (int64_t)(idx % radix);
      idx /= radix;
    }
    if (total < (1u << 20)) total *= radix;
    if (ir_type_is_memref(c, types[i]))
      for (uint32_t j = 0; j < i && n_pairs < 8; j++)
        if (types[j] == types[i]) {
          pairs[n_pairs][0] = j;
          pairs[n_pairs++][1] = i;
        }
  }
  if (a && idx && idx <= n_pairs) a[pairs[idx - 1][1]].alias = (int32_t)pairs[idx - 1][0];
  return total * (n_pairs + 1);
}

/* Runs f on args; the printed results into *res (caller frees), without
 * what names the buffer (` (buffer #N from OP at LOC; offset ...)`): a
 * stage may return a copy of the input's buffer, the contents must agree. */
static void run(IrInterp *ip, uint32_t f, const IrRunArg *args,
                IrRunResult *r, char **res) {
  size_t n = 0;
  FILE *out = open_memstream(res, &n);
  FUZZ_ASSERT(out != NULL);
  ir_interp_run(ip, f, args, r, out);
  FUZZ_ASSERT(fclose(out) == 0);
  char *w = *res;
  for (const char *p = *res; *p;) {
    const char *cut = strstr(p, " (buffer #"), *nl = strchr(p, '\n');
    if (!nl) nl = p + strlen(p);
    const char *end = cut && cut < nl ? cut : nl;
    memmove(w, p, (size_t)(end - p));
    w += end - p;
    p = nl;
    if (*p) *w++ = *p++;
  }
  *w = 0;
}

/* Whether the input's run is in the pipeline's contract: the input owns
 * nothing (it has no deallocations), so it may leak, and the caller's free
 * of its results (as the function boundary ABI says; the error's op is
 * the entry's func.return) may hit an argument's buffer: the pipeline's
 * output returns an owned copy there. Any other error is the input's
 * own. */
static int in_contract(const IrModule *m, uint32_t f, const IrRunResult *r) {
  if (r->status == IR_RUN_SKIPPED) return 0;
  for (uint32_t i = 0; i < r->n_errors; i++) {
    const IrRunError *e = &r->errors[i];
    if (e->kind == IR_RUN_LEAK) continue;
    int at_return = e->op < m->n_ops && m->ops[e->op].opc == IR_OP_RETURN &&
                    ir_op_parent(m, e->op) == f;
    if (!at_return || e->kind != IR_RUN_FREE_ARGUMENT) return 0;
  }
  return 1;
}

static const char *const stage_name[N_CHECKPOINTS] = {"dd-own", "dd-simplify",
                                                      "dd-lower"};

static void judge(const IrModule *m, IrModule *const *cps, int dyn,
                  const char *text) {
  for (uint32_t op = 0; op < m->n_ops; op++)
    if (m->ops[op].opc == IR_OP_EXTRACT_ALIGNED_POINTER) {
      oracle_stats.address_reads++;  /* see the header */
      return;
    }
  /* The output runs more ops (ownership bookkeeping, the lowered dealloc
   * helper's loops): it gets more steps. */
  IrInterpOpts io = {.max_steps = 200000, .dyn_size = -1};
  IrInterpOpts oo = {.max_steps = 4000000, .dyn_size = -1};
  IrInterp *in = ir_interp_new(m, &io);
  IrInterp *outs[N_CHECKPOINTS];
  for (int k = 0; k < N_CHECKPOINTS; k++) outs[k] = ir_interp_new(cps[k], &oo);
  const IrOp *top = &m->ops[0];
  FUZZ_ASSERT(top->n_regions == 1);
  const IrBlock *b = &m->blocks[m->regions[top->regions].blocks];
  for (uint32_t op = b->ops; op < b->ops + b->n_ops; op++) {
    if (m->ops[op].opc != IR_OP_FUNC || m->ops[op].block != m->regions[top->regions].blocks)
      continue;
    const char *name = func_name(m, op);
    uint32_t ft = func_type(m, op), f_in = name ? ir_interp_find(in, name) : IR_NONE;
    if (!ft || f_in == IR_NONE) continue;
    const IrType *t = ir_type(m->ctx, ft);
    const uint32_t *types = ir_type_list(m->ctx, ft);
    int ok = m->regions[m->ops[op].regions].n_blocks > 0;
    for (uint32_t i = 0; ok && i < t->n; i++) ok = ir_interp_arg_ok(in, types[i]);
    if (!ok) continue;
    /* The stage's function: same name, same signature (a private function
     * under dynamic ownership gains ownership arguments: not callable with
     * the input's arguments). */
    uint32_t f_out[N_CHECKPOINTS];
    for (int k = 0; k < N_CHECKPOINTS; k++) {
      f_out[k] = ir_interp_find(outs[k], name);
      if (f_out[k] != IR_NONE && func_type(cps[k], f_out[k]) != ft) f_out[k] = IR_NONE;
    }
    IrRunArg args[16];
    if (t->n > 16) continue;
    uint64_t total = combos(m->ctx, types, t->n, 0, NULL);
    uint64_t runs = total < ORACLE_MAX_RUNS ? total : ORACLE_MAX_RUNS;
    for (uint64_t r = 0; r < runs; r++) {
      combos(m->ctx, types, t->n, r * total / runs, args);
      IrRunResult ri;
      char *want = NULL;
      oracle_stats.runs++;
      run(in, f_in, args, &ri, &want);
      if (!in_contract(m, f_in, &ri)) {
        if (ri.status == IR_RUN_SKIPPED) oracle_stats.input_skipped++;
        else {
          oracle_stats.input_dirty++;
          for (uint32_t e = 0; e < ri.n_errors; e++)
            if (ri.errors[e].kind != IR_RUN_LEAK) {
              oracle_stats.input_error[ri.errors[e].kind]++;
              break;
            }
        }
        free(want);
        continue;
      }
      if (ri.shared_results) {
        /* a call returned a buffer the function boundary ABI may copy
         * (MLIR's pass does too: tests/own/shared-results.mlir), and the
         * caller may have relied on the aliasing: no verdict */
        oracle_stats.input_shared++;
        free(want);
        continue;
      }
      for (int k = 0; k < N_CHECKPOINTS; k++) {
        if (f_out[k] == IR_NONE) continue;
        IrRunResult ro;
        char *got = NULL;
        run(outs[k], f_out[k], args, &ro, &got);
        if (ro.status == IR_RUN_SKIPPED &&
            !strncmp(ro.skip_why, "the step bound", 14)) {
          oracle_stats.output_skipped++;
          free(got);
          continue;
        }
        oracle_stats.checked++;
        if (ro.status != IR_RUN_CLEAN || strcmp(want, got) != 0) {
          dump(stage_name[k], cps[k], text);
          fprintf(stderr, "@%s, run %llu (dynamic ownership %d), after %s:\n",
                  name, (unsigned long long)r, dyn, stage_name[k]);
          for (uint32_t i = 0; i < t->n; i++)
            fprintf(stderr, "  %%arg%u = %lld%s\n", i, (long long)args[i].i,
                    args[i].alias >= 0 ? " (aliases an earlier argument)" : "");
          if (ro.status == IR_RUN_SKIPPED) {
            char loc[256];
            fprintf(stderr, "skipped at %s: %s\n",
                    ir_interp_loc(outs[k], ro.skip_op, loc, sizeof loc),
                    ro.skip_why);
          }
          for (uint32_t e = 0; e < ro.n_errors; e++)
            ir_interp_print_error(outs[k], &ro.errors[e], name, 0, 0, stderr);
          fprintf(stderr, "input results:\n%s%s results:\n%s", want,
                  stage_name[k], got);
          FUZZ_ASSERT(!"the pipeline changed what the program does");
        }
        free(got);
      }
      free(want);
    }
  }
  for (int k = 0; k < N_CHECKPOINTS; k++) ir_interp_free(outs[k]);
  ir_interp_free(in);
}

static void print_stats(void) {
  const OracleStats *s = &oracle_stats;
  fprintf(stderr, "oracle: %lu modules, %lu allowed pass failures; %lu input "
          "runs: %lu with a non-leak error, %lu skipped, %lu with a call "
          "returning a buffer the pipeline may copy; %lu stage runs "
          "compared, %lu at the step bound; %lu modules not compared (they "
          "read buffer addresses)\n", s->modules, s->pass_failures,
          s->runs, s->input_dirty, s->input_skipped, s->input_shared, s->checked,
          s->output_skipped, s->address_reads);
  for (int k = 0; k < IR_RUN_N_KINDS; k++)
    if (s->input_error[k])
      fprintf(stderr, "oracle: input runs ended by %s: %lu\n",
              ir_run_error_name((IrRunErrorKind)k), s->input_error[k]);
}

void fuzz_pipeline_oracle(const IrModule *m, int must_succeed,
                          const char *text) {
  if (!oracle_stats.modules++ && getenv("FUZZ_ORACLE_STATS"))
    atexit(print_stats);
  for (int dyn = 0; dyn < 2; dyn++) {
    DdOwnOpts o = {.private_function_dynamic_ownership = dyn};
    IrModule *cps[N_CHECKPOINTS];
    if (!run_steps(m, &o, must_succeed, text, cps)) continue;
    check_whole(m, &o, cps[N_CHECKPOINTS - 1], text);
    judge(m, cps, dyn, text);
    for (int k = 0; k < N_CHECKPOINTS; k++) ir_module_free(cps[k]);
  }
}
