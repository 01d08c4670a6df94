/*
 * dd-own - the front half of MLIR's -buffer-deallocation-pipeline:
 * expand-realloc (emit-deallocs=false), canonicalize, ownership-based
 * buffer deallocation, canonicalize. --only runs the ownership pass alone
 * (MLIR's -ownership-based-buffer-deallocation).
 *
 *   dd-own [FILE|DIR|-]... [-o OUT] [-S] [--only]
 *          [--private-function-dynamic-ownership] [--stats]
 */
#include <string.h>

#include "passes.h"
#include "tool.h"

static int only, stats;
static DdOwnOpts opts;
static DdOwnStats counts;

static int flag(Tool *t, int argc, char **argv, int *i) {
  (void)argc;
  const char *a = argv[*i];
  if (!strcmp(a, "--only") || !strcmp(a, "-only")) {
    only = 1;
    return 1;
  }
  if (!strcmp(a, "--stats")) {
    stats = 1;
    opts.stats = &counts;
    return 1;
  }
  const char *p = "private-function-dynamic-ownership";
  size_t n = strlen(p);
  const char *b = a[0] != '-' ? NULL : a[1] == '-' ? a + 2 : a + 1;
  if (b && !strncmp(b, p, n) && (b[n] == 0 || b[n] == '=')) {
    const char *v = b[n] == '=' ? b + n + 1 : "true";
    if (!strcmp(v, "true") || !strcmp(v, "1"))
      opts.private_function_dynamic_ownership = 1;
    else if (!strcmp(v, "false") || !strcmp(v, "0"))
      opts.private_function_dynamic_ownership = 0;
    else
      tool_usage_error(t, "--%s expects true or false, got '%s'", p, v);
    return 1;
  }
  return 0;
}

static void add(uint64_t *sum, uint64_t v) { *sum += v; }

static int run(Tool *t, IrModule *m, void *ud) {
  (void)ud;
  /* with -j N modules run in several threads: count each module apart,
   * then add to the run's counts */
  DdOwnOpts o = opts;
  DdOwnStats s = {0};
  if (stats) o.stats = &s;
  IrModule *out = only ? dd_ownership(m, &o, &t->diag)
                       : dd_own_stage(m, &o, &t->diag);
  if (stats) {
    tool_lock();
    add(&counts.functions, s.functions);
    add(&counts.deallocs, s.deallocs);
    add(&counts.dealloc_memrefs, s.dealloc_memrefs);
    add(&counts.retained, s.retained);
    add(&counts.clones, s.clones);
    add(&counts.block_args, s.block_args);
    add(&counts.results, s.results);
    tool_unlock();
  }
  return tool_emit_result(t, out);
}

int main(int argc, char **argv) {
  Tool t;
  tool_init(&t, "dd-own", TOOL_OUT_BYTECODE,
            "[FILE|DIR|-]... [-o OUT] [-S] [--only] "
            "[--private-function-dynamic-ownership]\n\n"
            "The front half of mlir-opt -buffer-deallocation-pipeline:\n"
            "expand-realloc (emit-deallocs=false), canonicalize,\n"
            "ownership-based buffer deallocation, canonicalize. The ownership\n"
            "pass (MLIR's -ownership-based-buffer-deallocation) puts a\n"
            "bufferization.dealloc before every block terminator and passes\n"
            "ownership indicators along branches and region-branch ops.\n"
            "Unstructured control-flow loops are supported.",
            "  --only                   the ownership pass alone\n"
            "  --stats                  what the pass inserted, on stderr\n"
            "  --private-function-dynamic-ownership[=B]\n"
            "                           private functions defined in the\n"
            "                           module return ownership indicators\n"
            "                           (extra i1 results) instead of owned\n"
            "                           memrefs\n");
  t.add_stages = IRB_STAGE_OWN;
  t.parallel = 1;
  tool_args(&t, argc, argv, flag);
  int r = tool_run(&t, run, NULL);
  if (stats)
    fprintf(stderr,
            "dd-own: %llu functions: %llu deallocs (%llu memrefs, %llu "
            "retained), %llu clones, %llu ownership arguments, %llu "
            "ownership results\n",
            (unsigned long long)counts.functions,
            (unsigned long long)counts.deallocs,
            (unsigned long long)counts.dealloc_memrefs,
            (unsigned long long)counts.retained,
            (unsigned long long)counts.clones,
            (unsigned long long)counts.block_args,
            (unsigned long long)counts.results);
  return r;
}
