/*
 * ir-cse - MLIR's -cse: common subexpression elimination, dominance-aware,
 * across nested regions.
 *
 *   ir-cse [FILE|DIR|-]... [-o OUT] [-S]
 */
#include "passes.h"
#include "tool.h"

static int run(Tool *t, IrModule *m, void *ud) {
  (void)ud;
  IrModule *out = dd_cse(m, &t->diag);
  return tool_emit_result(t, out);
}

int main(int argc, char **argv) {
  Tool t;
  tool_init(&t, "ir-cse", TOOL_OUT_BYTECODE,
            "[FILE|DIR|-]... [-o OUT] [-S]\n\n"
            "Eliminate common subexpressions, as mlir-opt -cse: an op equal to\n"
            "one that dominates it (and has no memory effects, or only reads\n"
            "with no write in between) is replaced by it; dead ops go.",
            NULL);
  t.parallel = 1;
  tool_args(&t, argc, argv, NULL);
  return tool_run(&t, run, NULL);
}
