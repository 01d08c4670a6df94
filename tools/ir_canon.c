/*
 * ir-canon - MLIR's -canonicalize: folds and canonicalization patterns of
 * every registered op, applied greedily until nothing changes, with dead
 * code, unreachable blocks and dead block arguments removed.
 *
 *   ir-canon [FILE|DIR|-]... [-o OUT] [-S] [--top-down=BOOL]
 *            [--region-simplify=disabled|normal|aggressive]
 *            [--max-iterations=N] [--max-num-rewrites=N] [--test-convergence]
 */
#include <string.h>

#include "passes.h"
#include "tool.h"

static DdCanonOpts opts;

static int parse_bool(Tool *t, const char *flag, const char *v) {
  if (!strcmp(v, "true") || !strcmp(v, "1")) return 1;
  if (!strcmp(v, "false") || !strcmp(v, "0")) return 0;
  tool_usage_error(t, "%s expects true or false, not '%s'", flag, v);
}

static int own_flag(Tool *t, int argc, char **argv, int *i) {
  const char *a = argv[*i];
  (void)argc;
  if (!strncmp(a, "--", 2)) a++;
  if (!strcmp(a, "-top-down")) opts.top_down = 1;
  else if (!strncmp(a, "-top-down=", 10)) opts.top_down = parse_bool(t, "--top-down", a + 10);
  else if (!strcmp(a, "-test-convergence")) opts.test_convergence = 1;
  else if (!strncmp(a, "-test-convergence=", 18))
    opts.test_convergence = parse_bool(t, "--test-convergence", a + 18);
  else if (!strncmp(a, "-max-iterations=", 16))
    opts.max_iterations = (int)tool_int_arg(t, "--max-iterations", a + 16, -1, 1000000);
  else if (!strncmp(a, "-max-num-rewrites=", 18))
    opts.max_num_rewrites = tool_int_arg(t, "--max-num-rewrites", a + 18, -1, 2000000000L);
  else if (!strncmp(a, "-region-simplify=", 17)) {
    const char *v = a + 17;
    if (!strcmp(v, "disabled")) opts.region_simplify = 0;
    else if (!strcmp(v, "normal")) opts.region_simplify = 1;
    else if (!strcmp(v, "aggressive")) opts.region_simplify = 2;
    else tool_usage_error(t, "--region-simplify expects disabled, normal or aggressive, not '%s'", v);
  } else
    return 0;
  return 1;
}

static int run(Tool *t, IrModule *m, void *ud) {
  (void)ud;
  IrModule *out = dd_canonicalize_with(m, &opts, &t->diag);
  return tool_emit_result(t, out);
}

int main(int argc, char **argv) {
  Tool t;
  dd_canonicalize_default_opts(&opts);
  tool_init(&t, "ir-canon", TOOL_OUT_BYTECODE,
            "[FILE|DIR|-]... [-o OUT] [-S] [options]\n\n"
            "Canonicalize, as mlir-opt -canonicalize: fold constants and apply\n"
            "every op's canonicalization patterns greedily until nothing\n"
            "changes; erase dead ops, unreachable blocks and dead block\n"
            "arguments.",
            "--top-down=BOOL         seed the worklist in program order (default true)\n"
            "--region-simplify=LEVEL disabled, normal (default) or aggressive\n"
            "--max-iterations=N      rewrite sweeps at most (default 10, -1: no limit)\n"
            "--max-num-rewrites=N    pattern rewrites per sweep at most (default -1)\n"
            "--test-convergence      fail if the rewrites did not converge\n");
  t.parallel = 1;
  tool_args(&t, argc, argv, own_flag);
  return tool_run(&t, run, NULL);
}
