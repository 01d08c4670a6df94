/*
 * dd-lower - the last stage of the buffer deallocation pipeline: MLIR's
 * -bufferization-lower-deallocations, then cse and canonicalize.
 *
 *   dd-lower [--only] [--per-function] [FILE|DIR|-]... [-o OUT] [-S]
 *
 * --only runs the lowering alone (mlir-opt -bufferization-lower-deallocations).
 */
#include <string.h>

#include "passes.h"
#include "tool.h"

static int only;
static DdLowerOpts opts;

static int flag(Tool *t, int argc, char **argv, int *i) {
  (void)t;
  (void)argc;
  if (!strcmp(argv[*i], "--only")) return only = 1;
  if (!strcmp(argv[*i], "--per-function")) return opts.per_function = 1;
  return 0;
}

static int lower(Tool *t, IrModule *m, void *ud) {
  (void)ud;
  IrModule *out = only ? dd_lower_deallocs_with(m, &opts, &t->diag)
                       : dd_lower_stage(m, &opts, &t->diag);
  return tool_emit_result(t, out);
}

int main(int argc, char **argv) {
  Tool t;
  tool_init(&t, "dd-lower", TOOL_OUT_BYTECODE,
            "[--only] [--per-function] [FILE|DIR|-]... [-o OUT] [-S]\n\n"
            "The last stage of mlir-opt -buffer-deallocation-pipeline: lower\n"
            "bufferization.dealloc to memref.dealloc guarded by scf.if\n"
            "(-bufferization-lower-deallocations: pointer comparisons for one\n"
            "memref, a call of a generated private library function, once\n"
            "per module, for more), then cse and canonicalize.",
            "  --only                   the lowering alone, without cse and\n"
            "                           canonicalize\n"
            "  --per-function           as MLIR's func.func-nested variant:\n"
            "                           convert the top module's functions\n"
            "                           only; a dealloc that needs the\n"
            "                           library function is an error\n");
  t.parallel = 1;
  tool_args(&t, argc, argv, flag);
  t.add_stages = IRB_STAGE_LOWER;
  return tool_run(&t, lower, NULL);
}
