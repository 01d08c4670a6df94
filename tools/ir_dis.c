/*
 * ir-dis - bytecode (or text) to MLIR text that mlir-opt-22 parses; the
 * modules of a stream are separated by `// -----` lines.
 *
 *   ir-dis [FILE|DIR|-]... [-o OUT] [--generic] [--debuginfo]
 */
#include "tool.h"

int main(int argc, char **argv) {
  Tool t;
  tool_init(&t, "ir-dis", TOOL_OUT_TEXT,
            "[FILE|DIR|-]... [-o OUT] [--generic] [--debuginfo]\n\n"
            "Disassemble .irb bytecode (or MLIR text) into MLIR text; the\n"
            "modules of a stream are separated by `// -----` lines.",
            NULL);
  t.parallel = 1;
  tool_args(&t, argc, argv, NULL);
  /* locations are printed only with --debuginfo; without it, reading them
   * into the context was 4% of the run (3 MB bench slice) */
  t.skip_locs = !t.print.debuginfo;
  t.stream_print = 1;
  return tool_run(&t, tool_emit_fn, NULL);
}
