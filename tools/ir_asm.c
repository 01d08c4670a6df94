/*
 * ir-asm - MLIR text to bytecode (or, with -S, to MLIR text again).
 *
 *   ir-asm [FILE|DIR|-]... [-o OUT] [--split-input-file] [--zstd[=N]] [--strip-locs] [-S]
 *
 * Every convention (input sniffing, verification, atomic -o, exit codes)
 * lives in tool.c; this is only the driver.
 */
#include "tool.h"

int main(int argc, char **argv) {
  Tool t;
  tool_init(&t, "ir-asm", TOOL_OUT_BYTECODE,
            "[FILE|DIR|-]... [-o OUT] [--split-input-file] [--zstd[=N]] "
            "[--strip-locs] [-S]\n\n"
            "Assemble MLIR text into .irb bytecode, one frame per module.",
            NULL);
  t.parallel = 1;
  tool_args(&t, argc, argv, NULL);
  t.stream_text = 1;
  return tool_run(&t, tool_emit_fn, NULL);
}
