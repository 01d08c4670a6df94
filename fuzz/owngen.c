/*
 * owngen.c - fuzz target: the ownership pass on the structure-aware
 * generator's modules (fuzz/irgen.c: valid bufferized MLIR for every byte
 * string), so mutations reach the pass instead of the parser. The pass
 * either reports an error or returns a module that verifies and prints as
 * text that parses and verifies again, in both ownership modes.
 */
#include <string.h>

#include "fuzz.h"
#include "irgen.h"
#include "passes.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t n;
  char *text = irgen_module(data, size, &n);
  IrCtx *c = ir_ctx_new();
  IrModule *m = fuzz_parse(c, (const uint8_t *)text, n);
  FUZZ_ASSERT(m != NULL);
  for (int k = 0; k < 2; k++) {
    IrDiag d;
    ir_diag_init(&d, NULL);
    DdOwnOpts o = {.private_function_dynamic_ownership = k};
    IrModule *out = dd_ownership(m, &o, &d);
    FUZZ_ASSERT((out == NULL) == (d.n_errors > 0));
    if (out) {
      FUZZ_ASSERT(fuzz_verify(out) == 0);
      size_t pn;
      char *s = fuzz_print(out, 0, 1, &pn);
      IrCtx *c2 = ir_ctx_new();
      IrModule *back = fuzz_parse(c2, (const uint8_t *)s, pn);
      if (!back) fprintf(stderr, "input:\n%s\noutput does not parse:\n%s", text, s);
      FUZZ_ASSERT(back != NULL);
      FUZZ_ASSERT(fuzz_verify(back) == 0);
      ir_module_free(back);
      ir_ctx_free(c2);
      free(s);
    }
    ir_module_free(out);
  }
  ir_module_free(m);
  ir_ctx_free(c);
  free(text);
  return 0;
}
