/*
 * ir-run - execute IR on an instrumented heap (libir/interp*.c): one call
 * with --entry, or the oracle with --check.
 *
 *   ir-run [FILE|DIR|-]... --entry @f [--arg [TYPE=]VALUE ...]
 *   ir-run [FILE|DIR|-]... --check [--max-runs N] [--function @f] [-v]
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

#define MAX_ARGS 256

typedef struct Opts {
  int check;
  const char *entry;       /* without @ */
  const char *only;        /* --function, without @ */
  const char *args[MAX_ARGS];
  int n_args;
  IrCheckOpts co;
  int strict;
  int found;               /* some module had errors (exit 1) */
} Opts;

static Opts opts;

static const char *strip_at(const char *s) { return s[0] == '@' ? s + 1 : s; }

static const char *val(Tool *t, int argc, char **argv, int *i, const char *f) {
  size_t n = strlen(f);
  if (strncmp(argv[*i], f, n)) return NULL;
  if (argv[*i][n] == '=') return argv[*i] + n + 1;
  if (argv[*i][n]) return NULL;
  if (*i + 1 >= argc) tool_usage_error(t, "%s needs an argument", f);
  return argv[++*i];
}

static long num(Tool *t, const char *f, const char *v, long lo, long hi) {
  return tool_int_arg(t, f, v, lo, hi);
}

static int own_flag(Tool *t, int argc, char **argv, int *i) {
  const char *a = argv[*i], *v;
  IrInterpOpts *r = &opts.co.run;
  if (!strcmp(a, "--check")) return opts.check = 1;
  if (!strcmp(a, "--strict")) return opts.strict = 1;
  if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) return opts.co.verbose = 1;
  if (!strcmp(a, "--no-extern")) return r->no_extern = 1;
  if (!strcmp(a, "--unknown-as-use")) return r->unknown_as_use = 1;
  if (!strcmp(a, "--trace")) {
    r->trace = stderr;
    return 1;
  }
  if ((v = val(t, argc, argv, i, "--entry"))) {
    opts.entry = strip_at(v);
    return 1;
  }
  if ((v = val(t, argc, argv, i, "--function"))) {
    opts.only = strip_at(v);
    return 1;
  }
  if ((v = val(t, argc, argv, i, "--arg"))) {
    if (opts.n_args == MAX_ARGS) tool_usage_error(t, "too many --arg");
    opts.args[opts.n_args++] = v;
    return 1;
  }
  if ((v = val(t, argc, argv, i, "--max-runs"))) {
    opts.co.max_runs = (uint32_t)num(t, "--max-runs", v, 1, 1L << 30);
    return 1;
  }
  if ((v = val(t, argc, argv, i, "--max-steps"))) {
    r->max_steps = (uint64_t)num(t, "--max-steps", v, 1, 1L << 62);
    return 1;
  }
  if ((v = val(t, argc, argv, i, "--max-depth"))) {
    r->max_depth = (uint32_t)num(t, "--max-depth", v, 1, 4096);
    return 1;
  }
  if ((v = val(t, argc, argv, i, "--max-heap-mb"))) {
    r->max_heap = (uint64_t)num(t, "--max-heap-mb", v, 1, 1L << 20) << 20;
    return 1;
  }
  if ((v = val(t, argc, argv, i, "--dyn-size"))) {
    r->dyn_size = num(t, "--dyn-size", v, 0, 1L << 30);
    return 1;
  }
  return 0;
}

/* Type text without blanks, for comparing --arg's TYPE with the
 * argument's. */
static void squeeze(const char *s, size_t n, char *out, size_t cap) {
  size_t k = 0;
  for (size_t i = 0; i < n && k + 1 < cap; i++)
    if (s[i] != ' ') out[k++] = s[i];
  out[k] = 0;
}

/* One --arg for argument k of type `type`; 0, or -1 after an error. */
static int parse_arg(Tool *t, const IrCtx *c, uint32_t k, const uint32_t *types,
                     const char *spec, IrRunArg *a, int64_t *dims) {
  uint32_t type = types[k];
  char want[512], got[512], tb[512];
  const char *eq = strchr(spec, '='), *value = spec;
  int mem = ir_type_is_memref(c, type);
  ir_type_str(c, type, tb, sizeof tb);
  squeeze(tb, strlen(tb), want, sizeof want);
  if (eq || !strncmp(spec, "memref", 6)) {
    size_t n = eq ? (size_t)(eq - spec) : strlen(spec);
    squeeze(spec, n, got, sizeof got);
    if (strcmp(got, want)) {
      fprintf(stderr, "%s: error: --arg '%s': argument #%u has type %s\n",
              t->name, spec, k, tb);
      return -1;
    }
    value = eq ? eq + 1 : "";
  }
  a->alias = -1;
  char *end = NULL;
  errno = 0;
  if (mem) {
    if (!*value || !strcmp(value, "buffer")) return 0;
    if (value[0] == '%' && !strncmp(value, "%arg", 4)) {
      long j = strtol(value + 4, &end, 10);
      /* the same buffer as an earlier memref argument of this type */
      if (*end || j < 0 || (uint32_t)j >= k || types[j] != type) goto bad;
      a->alias = (int32_t)j;
      return 0;
    }
    const char *p = value;
    while (*p) {
      if (a->n_dims == IR_MAX_RANK) goto bad;
      long long d = strtoll(p, &end, 10);
      if (end == p || d < 0) goto bad;
      dims[a->n_dims++] = d;
      p = end;
      if (*p == 'x') p++;
      else if (*p) goto bad;
    }
    a->dims = dims;
    return 0;
  }
  const IrType *ty = ir_type(c, type);
  if (ty->kind == IR_T_FLOAT) {
    a->f = strtod(value, &end);
  } else if (ty->kind == IR_T_INT && ty->width == 1 &&
             (!strcmp(value, "true") || !strcmp(value, "false"))) {
    a->i = value[0] == 't';
    return 0;
  } else {
    a->i = strtoll(value, &end, 0);
  }
  if (end == value || *end || errno) goto bad;
  return 0;
bad:
  fprintf(stderr, "%s: error: --arg '%s': not a value of %s\n", t->name, spec, tb);
  return -1;
}

static void call_text(const IrCtx *c, const char *name, uint32_t n,
                      const uint32_t *types, const IrRunArg *a, FILE *out) {
  fprintf(out, "@%s(", name);
  for (uint32_t i = 0; i < n; i++) {
    fprintf(out, "%s%%arg%u = ", i ? ", " : "", i);
    const IrType *ty = ir_type(c, types[i]);
    if (ir_type_is_memref(c, types[i])) {
      if (a[i].alias >= 0) fprintf(out, "%%arg%d", a[i].alias);
      else fputs("buffer", out);
    } else if (ty->kind == IR_T_FLOAT) {
      fprintf(out, "%g", a[i].f);
    } else if (ty->kind == IR_T_INT && ty->width == 1) {
      fputs(a[i].i ? "true" : "false", out);
    } else {
      fprintf(out, "%lld", (long long)a[i].i);
    }
  }
  fputs(")\n", out);
}

static int run_entry(Tool *t, IrModule *m) {
  IrInterp *ip = ir_interp_new(m, &opts.co.run);
  uint32_t f = ir_interp_find(ip, opts.entry);
  const IrCtx *c = m->ctx;
  if (f == IR_NONE) {
    fprintf(stderr, "%s: error: no function @%s in %s\n", t->name, opts.entry,
            t->in_name);
    ir_interp_free(ip);
    return -1;
  }
  uint32_t ft = ir_attr(c, ir_op_prop(m, f, "function_type"))->type;
  uint32_t n = ir_type(c, ft)->n;
  const uint32_t *types = ir_type_list(c, ft);
  if ((uint32_t)opts.n_args > n) {
    fprintf(stderr, "%s: error: %d --arg for @%s, which takes %u arguments\n",
            t->name, opts.n_args, opts.entry, n);
    ir_interp_free(ip);
    return -1;
  }
  IrRunArg *args = calloc(n + 1, sizeof *args);
  int64_t (*dims)[IR_MAX_RANK] = calloc(n + 1, sizeof *dims);
  if (!args || !dims) ir_die("out of memory");
  int rc = 0;
  for (uint32_t k = 0; k < n && !rc; k++) {
    args[k].alias = -1;
    if (k < (uint32_t)opts.n_args)
      rc = parse_arg(t, c, k, types, opts.args[k], &args[k], dims[k]);
  }
  if (!rc) {
    IrRunResult r;
    FILE *out = t->out;
    call_text(c, opts.entry, n, types, args, out);
    ir_interp_run(ip, f, args, &r, out);
    for (uint32_t e = 0; e < r.n_errors; e++)
      ir_interp_print_error(ip, &r.errors[e], NULL, 0, 0, out);
    char loc[256];
    if (r.status == IR_RUN_SKIPPED) {
      ir_diag(&t->diag, c, r.skip_op < m->n_ops ? m->ops[r.skip_op].loc : 0,
              IR_SEV_ERROR, "%s", r.skip_why);
      fprintf(out, "ir-run: @%s: skipped: %s: %s; %llu steps\n", opts.entry,
              ir_interp_loc(ip, r.skip_op, loc, sizeof loc), r.skip_why,
              (unsigned long long)r.steps);
      opts.found = 1;
    } else if (r.n_errors) {
      fprintf(out, "ir-run: @%s: %u error%s; %llu steps\n", opts.entry,
              r.n_errors, r.n_errors == 1 ? "" : "s",
              (unsigned long long)r.steps);
      opts.found = 1;
    } else {
      fprintf(out, "ir-run: @%s: clean; %llu steps\n", opts.entry,
              (unsigned long long)r.steps);
    }
  }
  free(args);
  free(dims);
  ir_interp_free(ip);
  return rc;
}

static int run_module(Tool *t, IrModule *m, void *ud) {
  (void)ud;
  if (t->n_in > 1 && fputs("// -----\n", t->out) == EOF) return -2;
  if (opts.entry) {
    int rc = run_entry(t, m);
    return ferror(t->out) ? -2 : rc;
  }
  IrCheckStats st;
  memset(&st, 0, sizeof st);
  opts.co.only = opts.only;
  if (ir_interp_check(m, &opts.co, t->out, &st)) opts.found = 1;
  if (opts.strict && st.skipped) opts.found = 1;
  return ferror(t->out) ? -2 : 0;
}

int main(int argc, char **argv) {
  Tool t;
  opts.co.run.dyn_size = -1;
  tool_init(&t, "ir-run", TOOL_OUT_REPORT,
            "[FILE|DIR|-]... (--check | --entry @F [--arg [TYPE=]VALUE ...]) [flags]\n\n"
            "Execute IR on an instrumented heap that reports leaks, double frees,\n"
            "frees of stack, global and argument buffers or through views,\n"
            "accesses out of bounds or after free, failed asserts and undefined\n"
            "behaviour, each with the offending and the allocating op.\n"
            "Exit status: 0 clean, 1 errors found (or bad input), 2 bad usage.",
            "  --check                  run every public function over argument\n"
            "                           combinations: i1 {0,1}, integers and index\n"
            "                           {0..3}, fresh buffers and aliasing pairs\n"
            "  --function @F            --check only @F (also a private one)\n"
            "  --entry @F               run @F once with the --arg values\n"
            "  --arg [TYPE=]VALUE       the next argument of --entry: true, 3, 1.5;\n"
            "                           memrefs: buffer (fresh), %argK (the same\n"
            "                           buffer as argument K), 3x5 (sizes of ?)\n"
            "  --max-runs N             --check: combinations per function (256)\n"
            "  --max-steps N            ops executed per run (1000000)\n"
            "  --max-depth N            nested regions and calls (512, at most 4096)\n"
            "  --max-heap-mb N          MiB of live buffers per run (256)\n"
            "  --dyn-size N             size of each ? dim of argument buffers (4)\n"
            "  --no-extern              calls of external functions are unsupported\n"
            "                           (default: memref results are fresh buffers)\n"
            "  --unknown-as-use         an unregistered op without results, regions\n"
            "                           or successors reads its memref operands\n"
            "  --strict                 --check: exit 1 also if a function is skipped\n"
            "  --trace                  print every executed op on stderr\n"
            "  -v, --verbose            --check: one line per run\n");
  tool_args(&t, argc, argv, own_flag);
  if (opts.check == !!opts.entry)
    tool_usage_error(&t, "give exactly one of --check and --entry");
  if (opts.n_args && !opts.entry) tool_usage_error(&t, "--arg needs --entry");
  int rc = tool_run(&t, run_module, NULL);
  return rc ? rc : opts.found;
}
