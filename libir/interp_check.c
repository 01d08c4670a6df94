/*
 * interp_check.c - the --check enumerator, the oracle: every public
 * function with a body runs over all combinations of its arguments (i1:
 * 0, 1; integers and index: 0..3, the trip counts of loops; floats: 1.0;
 * memrefs: fresh buffers, plus, for each pair of memref arguments of the
 * same type, the variant where the second aliases the first), at most
 * max_runs of them spread evenly over the space. Each distinct error
 * (kind, offending op, allocating op) is reported once, with the first
 * combination that showed it and in how many runs; then one verdict line
 * per function and a total.
 */
#include <stdlib.h>

#include "interpint.h"

/* One distinct error of a function. */
typedef struct Agg {
  IrRunError e;      /* its first occurrence */
  char *call;        /* the call that showed it first */
  uint64_t count;    /* runs that showed it */
  uint64_t last_run; /* counted once per run */
} Agg;

typedef struct Check {
  IrInterp *ip;
  const IrCheckOpts *o;
  FILE *out;
  IrCheckStats st;
  Agg *aggs; uint32_t n_aggs, cap_aggs;
  uint32_t *hash; uint32_t hcap;  /* open addressing: agg index + 1 */
} Check;

static uint32_t agg_hash(const IrRunError *e) {
  uint64_t h = (uint64_t)e->kind * 0x9E3779B97F4A7C15u;
  h ^= e->op + 0x632BE59BD9B4E019u + (h << 6) + (h >> 2);
  h ^= e->alloc_op + 0x85EBCA77C2B2AE63u + (h << 6) + (h >> 2);
  return (uint32_t)(h ^ (h >> 29));
}

static void agg_reset(Check *k) {
  for (uint32_t i = 0; i < k->n_aggs; i++) free(k->aggs[i].call);
  k->n_aggs = 0;
  if (k->hash) memset(k->hash, 0, k->hcap * sizeof *k->hash);
}

static void agg_rehash(Check *k) {
  uint32_t cap = k->hcap ? k->hcap * 2 : 64;
  free(k->hash);
  k->hash = ir_xcalloc(cap, sizeof *k->hash);
  k->hcap = cap;
  for (uint32_t i = 0; i < k->n_aggs; i++) {
    uint32_t h = agg_hash(&k->aggs[i].e) & (cap - 1);
    while (k->hash[h]) h = (h + 1) & (cap - 1);
    k->hash[h] = i + 1;
  }
}

static void agg_add(Check *k, const IrRunError *e, const char *call,
                    uint64_t run) {
  if (2 * (k->n_aggs + 1) > k->hcap) agg_rehash(k);
  uint32_t h = agg_hash(e) & (k->hcap - 1);
  for (; k->hash[h]; h = (h + 1) & (k->hcap - 1)) {
    Agg *a = &k->aggs[k->hash[h] - 1];
    if (a->e.kind == e->kind && a->e.op == e->op && a->e.alloc_op == e->alloc_op) {
      if (a->last_run != run) a->count++, a->last_run = run;
      return;
    }
  }
  if (k->n_aggs == k->cap_aggs)
    ir_vgrow((void **)&k->aggs, &k->cap_aggs, k->n_aggs + 1, sizeof *k->aggs);
  Agg *a = &k->aggs[k->n_aggs++];
  a->e = *e;
  size_t n = strlen(call);
  a->call = ir_xmalloc(n + 1);
  memcpy(a->call, call, n + 1);
  a->count = 1;
  a->last_run = run;
  k->hash[h] = k->n_aggs;
}

/* ====================================================================== */
/* Combinations                                                           */
/* ====================================================================== */

typedef struct Space {
  uint32_t n;            /* arguments */
  const uint32_t *types;
  uint32_t *radix;       /* values per argument */
  uint32_t (*pairs)[2];  /* memref arguments of equal type */
  uint32_t n_pairs;
  uint64_t total;        /* saturating */
} Space;

static int is_mem(const IrCtx *c, uint32_t t) { return ir_type_is_memref(c, t); }

static void space_init(Space *s, const IrCtx *c, uint32_t n,
                       const uint32_t *types) {
  s->n = n;
  s->types = types;
  s->radix = ir_xmalloc((n + 1) * sizeof *s->radix);
  s->pairs = NULL;
  s->n_pairs = 0;
  uint32_t cap = 0;
  s->total = 1;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t w = ix_int_width(c, types[i]);
    s->radix[i] = is_mem(c, types[i]) || ix_float_kind(c, types[i]) ? 1
                  : w == 1 && ir_type(c, types[i])->kind == IR_T_INT ? 2 : 4;
    if (__builtin_mul_overflow(s->total, s->radix[i], &s->total)) s->total = UINT64_MAX;
    if (!is_mem(c, types[i])) continue;
    for (uint32_t j = 0; j < i; j++)
      if (types[j] == types[i]) {
        uint32_t p[2] = {j, i};
        if (s->n_pairs == cap) ir_vgrow((void **)&s->pairs, &cap, s->n_pairs + 1, sizeof *s->pairs);
        memcpy(s->pairs[s->n_pairs++], p, sizeof p);
      }
  }
  if (__builtin_mul_overflow(s->total, (uint64_t)s->n_pairs + 1, &s->total))
    s->total = UINT64_MAX;
}

static void space_free(Space *s) {
  free(s->radix);
  free(s->pairs);
}

/* Combination number idx as arguments (mixed radix; the alias variant is
 * the most significant digit). */
static void decode(const Space *s, const IrCtx *c, uint64_t idx, IrRunArg *a) {
  for (uint32_t i = 0; i < s->n; i++) {
    memset(&a[i], 0, sizeof a[i]);
    a[i].alias = -1;
    a[i].f = 1.0;
    a[i].i = (int64_t)(idx % s->radix[i]);
    idx /= s->radix[i];
    (void)c;
  }
  if (idx && idx <= s->n_pairs) {
    const uint32_t *p = s->pairs[idx - 1];
    a[p[1]].alias = (int32_t)p[0];
  }
}

/* `@f(%arg0 = true, %arg1 = 2, %arg2 = buffer, %arg3 = %arg2)` */
static void call_text(IrInterp *ip, const char *name, const Space *s,
                      const IrRunArg *a, char *buf, size_t cap) {
  size_t n = (size_t)snprintf(buf, cap, "@%s(", name);
  for (uint32_t i = 0; i < s->n && n < cap; i++) {
    n += (size_t)snprintf(buf + n, cap - n, "%s%%arg%u = ", i ? ", " : "", i);
    if (n >= cap) break;
    uint32_t t = s->types[i];
    if (is_mem(ip->ctx, t)) {
      if (a[i].alias >= 0)
        n += (size_t)snprintf(buf + n, cap - n, "%%arg%d", a[i].alias);
      else
        n += (size_t)snprintf(buf + n, cap - n, "buffer");
    } else if (ix_float_kind(ip->ctx, t)) {
      n += (size_t)snprintf(buf + n, cap - n, "%g", a[i].f);
    } else if (ix_int_width(ip->ctx, t) == 1 && ir_type(ip->ctx, t)->kind == IR_T_INT) {
      n += (size_t)snprintf(buf + n, cap - n, "%s", a[i].i ? "true" : "false");
    } else {
      n += (size_t)snprintf(buf + n, cap - n, "%lld", (long long)a[i].i);
    }
  }
  if (n < cap) snprintf(buf + n, cap - n, ")");
}

/* ====================================================================== */
/* Functions                                                              */
/* ====================================================================== */

static void check_func(Check *k, const Func *f) {
  IrInterp *ip = k->ip;
  const IrCtx *c = ip->ctx;
  FILE *out = k->out;
  const char *name = ir_str_ptr(c, f->name);
  const IrType *ft = ir_type(c, f->type);
  const uint32_t *types = ir_type_list(c, f->type);
  char loc[256];
  k->st.funcs++;
  for (uint32_t i = 0; i < ft->n; i++)
    if (!ir_interp_arg_ok(ip, types[i])) {
      char tb[256];
      ir_type_str(c, types[i], tb, sizeof tb);
      fprintf(out, "@%s: skipped: argument #%u has type %s, which ir-run "
              "cannot make\n", name, i, tb);
      k->st.skipped++;
      return;
    }
  Space s;
  space_init(&s, c, ft->n, types);
  uint64_t max = k->o->max_runs ? k->o->max_runs : 256;
  uint64_t runs = s.total < max ? s.total : max;
  uint64_t q = s.total / runs, rem = s.total % runs;
  uint64_t n_failed = 0, n_skipped = 0, n_clean = 0, n_rejected = 0;
  IrRunArg *args = ir_xcalloc(ft->n + 1, sizeof *args);
  char call[1024], skip_loc[256] = "", skip_why[200] = "";
  char rej_loc[256] = "", rej_why[1400] = "";
  agg_reset(k);
  /* Runs that hit the step bound cost the most and prove nothing: after
   * STEP_GIVE_UP of them the function's other combinations are skipped. */
  enum { STEP_GIVE_UP = 8 };
  uint32_t step_hits = 0;
  for (uint64_t r = 0; r < runs; r++) {
    if (step_hits == STEP_GIVE_UP) {
      n_skipped += runs - r;
      break;
    }
    uint64_t idx = r * q + (rem ? r * rem / runs : 0);
    IrRunResult res;
    decode(&s, c, idx, args);
    call_text(ip, name, &s, args, call, sizeof call);
    ir_interp_run(ip, f->op, args, &res, NULL);
    k->st.steps += res.steps;
    /* Undefined behaviour that is not a memory error (a loop step of 0,
     * a division by zero, a subview out of bounds ...) or a failed
     * cf.assert means these arguments are outside the function's domain:
     * the run proves nothing either way. */
    int rejected = res.status == IR_RUN_FAILED && res.n_errors == 1 &&
                   (res.errors[0].kind == IR_RUN_UNDEFINED ||
                    res.errors[0].kind == IR_RUN_ASSERT);
    if (res.status == IR_RUN_SKIPPED) {
      n_skipped++;
      step_hits += !strncmp(res.skip_why, "the step bound", 14);
      if (!skip_why[0]) {
        snprintf(skip_why, sizeof skip_why, "%s", res.skip_why);
        ir_interp_loc(ip, res.skip_op, skip_loc, sizeof skip_loc);
      }
    } else if (rejected) {
      n_rejected++;
      if (!rej_why[0]) {
        snprintf(rej_why, sizeof rej_why, "%s: %s in %s",
                 ir_run_error_name(res.errors[0].kind), res.errors[0].what, call);
        ir_interp_loc(ip, res.errors[0].op, rej_loc, sizeof rej_loc);
      }
    } else if (res.status == IR_RUN_FAILED) {
      n_failed++;
      for (uint32_t e = 0; e < res.n_errors; e++) agg_add(k, &res.errors[e], call, r);
    } else {
      n_clean++;
    }
    if (k->o->verbose) {
      fprintf(out, "run %llu: %s: ", (unsigned long long)r, call);
      if (res.status == IR_RUN_SKIPPED)
        fprintf(out, "skipped: %s: %s\n", ir_interp_loc(ip, res.skip_op, loc, sizeof loc),
                res.skip_why);
      else if (rejected)
        fprintf(out, "rejected: %s: %s\n",
                ir_interp_loc(ip, res.errors[0].op, loc, sizeof loc), res.errors[0].what);
      else if (res.status == IR_RUN_FAILED)
        fprintf(out, "%u error%s\n", res.n_errors, res.n_errors == 1 ? "" : "s");
      else
        fprintf(out, "clean, %llu steps\n", (unsigned long long)res.steps);
    }
  }
  /* Distinct errors, in the order they were first seen. */
  for (uint32_t i = 0; i < k->n_aggs; i++)
    ir_interp_print_error(ip, &k->aggs[i].e, k->aggs[i].call, k->aggs[i].count,
                          runs, out);
  k->st.runs += runs;
  k->st.failed_runs += n_failed;
  k->st.skipped_runs += n_skipped;
  k->st.rejected_runs += n_rejected;
  k->st.errors += k->n_aggs;
  char runs_txt[96];
  if (runs < s.total)
    snprintf(runs_txt, sizeof runs_txt, "%llu of %llu%s combinations",
             (unsigned long long)runs, (unsigned long long)s.total,
             s.total == UINT64_MAX ? "+" : "");
  else
    snprintf(runs_txt, sizeof runs_txt, "%llu run%s", (unsigned long long)runs,
             runs == 1 ? "" : "s");
  if (k->n_aggs) {
    k->st.failed++;
    fprintf(out, "@%s: %u error%s (%s, %llu failed", name, k->n_aggs,
            k->n_aggs == 1 ? "" : "s", runs_txt, (unsigned long long)n_failed);
  } else if (n_skipped || !n_clean) {
    k->st.skipped++;
    fprintf(out, "@%s: skipped (%s, %llu clean", name, runs_txt,
            (unsigned long long)n_clean);
  } else {
    k->st.clean++;
    fprintf(out, "@%s: clean (%s", name, runs_txt);
  }
  if (n_skipped)
    fprintf(out, ", %llu skipped: %s: %s", (unsigned long long)n_skipped,
            skip_loc, skip_why);
  if (n_rejected)
    fprintf(out, ", %llu rejected: %s: %s",
            (unsigned long long)n_rejected, rej_loc, rej_why);
  fprintf(out, ")\n");
  free(args);
  space_free(&s);
}

int ir_interp_check(const IrModule *m, const IrCheckOpts *o, FILE *out,
                    IrCheckStats *st) {
  Check k;
  memset(&k, 0, sizeof k);
  k.ip = ir_interp_new(m, &o->run);
  k.o = o;
  k.out = out;
  for (uint32_t i = 0; i < k.ip->n_funcs; i++) {
    const Func *f = &k.ip->funcs[i];
    if (f->body == IR_NONE) continue;
    if (o->only ? strcmp(ir_str_ptr(k.ip->ctx, f->name), o->only) != 0
                : !f->is_public)
      continue;
    check_func(&k, f);
  }
  fprintf(out, "ir-run: %u function%s: %u clean, %u with errors, %u skipped; "
          "%llu runs, %llu failed, %llu skipped, %llu rejected; %llu steps\n",
          k.st.funcs, k.st.funcs == 1 ? "" : "s", k.st.clean, k.st.failed,
          k.st.skipped, (unsigned long long)k.st.runs,
          (unsigned long long)k.st.failed_runs,
          (unsigned long long)k.st.skipped_runs,
          (unsigned long long)k.st.rejected_runs, (unsigned long long)k.st.steps);
  if (st) {
    st->funcs += k.st.funcs;
    st->clean += k.st.clean;
    st->failed += k.st.failed;
    st->skipped += k.st.skipped;
    st->runs += k.st.runs;
    st->failed_runs += k.st.failed_runs;
    st->skipped_runs += k.st.skipped_runs;
    st->rejected_runs += k.st.rejected_runs;
    st->errors += k.st.errors;
    st->steps += k.st.steps;
  }
  agg_reset(&k);
  free(k.aggs);
  free(k.hash);
  ir_interp_free(k.ip);
  return k.st.failed ? 1 : 0;
}
