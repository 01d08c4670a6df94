/*
 * dd-realloc - MLIR's -expand-realloc alone: every memref.realloc becomes
 * an scf.if that grows the buffer (alloc, copy and, unless
 * --emit-deallocs=false, dealloc of the old one) or reinterpret-casts it.
 *
 *   dd-realloc [FILE|DIR|-]... [-o OUT] [-S] [--emit-deallocs=true|false]
 */
#include <string.h>

#include "passes.h"
#include "tool.h"

static int emit_deallocs = 1;

static int flag(Tool *t, int argc, char **argv, int *i) {
  (void)argc;
  const char *a = argv[*i];
  if (!strncmp(a, "--emit-deallocs", 15) || !strncmp(a, "-emit-deallocs", 14)) {
    const char *v = strchr(a, '=');
    if (!v)
      emit_deallocs = 1;
    else if (!strcmp(v + 1, "true") || !strcmp(v + 1, "1"))
      emit_deallocs = 1;
    else if (!strcmp(v + 1, "false") || !strcmp(v + 1, "0"))
      emit_deallocs = 0;
    else
      tool_usage_error(t, "--emit-deallocs expects true or false, got '%s'",
                       v + 1);
    return 1;
  }
  return 0;
}

static int run(Tool *t, IrModule *m, void *ud) {
  (void)ud;
  IrModule *out = dd_expand_realloc(m, emit_deallocs, &t->diag);
  return tool_emit_result(t, out);
}

int main(int argc, char **argv) {
  Tool t;
  tool_init(&t, "dd-realloc", TOOL_OUT_BYTECODE,
            "[FILE|DIR|-]... [-o OUT] [-S] [--emit-deallocs=true|false]\n\n"
            "MLIR's -expand-realloc: expand every memref.realloc into an\n"
            "scf.if that allocates a bigger buffer and copies (freeing the\n"
            "old one) or reinterpret-casts the old one.",
            "  --emit-deallocs=B        free the old buffer when growing\n"
            "                           (default true; dd-own runs this step\n"
            "                           with false)\n");
  t.parallel = 1;
  tool_args(&t, argc, argv, flag);
  return tool_run(&t, run, NULL);
}
