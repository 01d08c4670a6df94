/*
 * dd-simplify - MLIR's -buffer-deallocation-simplification: with an
 * analysis of which memrefs are the same allocation, drop retained values
 * and freed memrefs that cannot matter, split deallocs into independent
 * ones, then apply the dealloc canonicalizations and folds.
 *
 *   dd-simplify [FILE|DIR|-]... [-o OUT] [-S]
 */
#include "passes.h"
#include "tool.h"

static int run(Tool *t, IrModule *m, void *ud) {
  (void)ud;
  IrModule *out = dd_simplify(m, &t->diag);
  return tool_emit_result(t, out);
}

int main(int argc, char **argv) {
  Tool t;
  tool_init(&t, "dd-simplify", TOOL_OUT_BYTECODE,
            "[FILE|DIR|-]... [-o OUT] [-S]\n\n"
            "Simplify bufferization.dealloc ops, as mlir-opt\n"
            "-buffer-deallocation-simplification: memrefs that are certainly\n"
            "retained are not freed, retained memrefs that cannot be freed\n"
            "here leave the list, memrefs that alias nothing else get their own\n"
            "dealloc; then dealloc canonicalization and folding.",
            NULL);
  t.add_stages = IRB_STAGE_SIMPLIFY;
  t.parallel = 1;
  tool_args(&t, argc, argv, NULL);
  return tool_run(&t, run, NULL);
}
