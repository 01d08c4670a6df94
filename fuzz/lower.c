/*
 * lower.c - fuzz target: dd_lower_deallocs (passes/lower_*.c) on whatever
 * MLIR text parses and verifies, as the module pass and as the
 * func.func-nested variant. The pass either reports an error (only the
 * nested variant may) or returns a module that verifies, has no
 * bufferization.dealloc left where it converted, and prints as text that
 * parses and verifies again.
 */
#include <string.h>

#include "fuzz.h"
#include "passes.h"

static void check_output(const IrModule *out, int per_function) {
  FUZZ_ASSERT(fuzz_verify(out) == 0);
  if (!per_function)
    for (uint32_t i = 0; i < out->n_ops; i++)
      FUZZ_ASSERT(out->ops[i].opc != IR_OP_BDEALLOC);
  size_t n;
  char *s = fuzz_print(out, 0, 1, &n);
  IrCtx *c = ir_ctx_new();
  IrModule *m = fuzz_parse(c, (const uint8_t *)s, n);
  if (!m) fprintf(stderr, "lowered text does not parse:\n%s", s);
  FUZZ_ASSERT(m != NULL);
  FUZZ_ASSERT(fuzz_verify(m) == 0);
  ir_module_free(m);
  ir_ctx_free(c);
  free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = fuzz_parse(c, data, size);
  if (m && fuzz_verify(m) == 0) {
    for (int per_function = 0; per_function < 2; per_function++) {
      IrDiag d;
      ir_diag_init(&d, NULL);
      DdLowerOpts o = {.per_function = per_function};
      IrModule *out = dd_lower_deallocs_with(m, &o, &d);
      FUZZ_ASSERT((out == NULL) == (d.n_errors > 0));
      FUZZ_ASSERT(out || per_function);  /* the module pass cannot fail */
      if (out) check_output(out, per_function);
      ir_module_free(out);
    }
  }
  ir_module_free(m);
  ir_ctx_free(c);
  return 0;
}
