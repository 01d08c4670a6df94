/*
 * parse.c - fuzz target: the MLIR text parser, then the verifier, then the
 * printer. Whatever parses and verifies must print, in custom and generic
 * form, as text that parses and verifies again.
 */
#include <string.h>

#include "fuzz.h"

static void reparse(const char *text, size_t n) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = fuzz_parse(c, (const uint8_t *)text, n);
  if (!m) fprintf(stderr, "printed text does not parse:\n%s", text);
  FUZZ_ASSERT(m != NULL);
  FUZZ_ASSERT(fuzz_verify(m) == 0);
  ir_module_free(m);
  ir_ctx_free(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = fuzz_parse(c, data, size);
  if (m && fuzz_verify(m) == 0) {
    for (int generic = 0; generic < 2; generic++) {
      size_t n;
      char *s = fuzz_print(m, generic, generic, &n);
      reparse(s, n);
      free(s);
    }
  }
  ir_module_free(m);
  ir_ctx_free(c);
  return 0;
}
