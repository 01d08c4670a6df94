/*
 * generate.c - fuzz target: the structure-aware generator itself. Every
 * byte string must give a module that parses and verifies, and round-trips
 * through the bytecode byte for byte; the pass harnesses rely on it.
 */
#include <string.h>

#include "fuzz.h"
#include "irgen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t n;
  char *text = irgen_module(data, size, &n);
  IrCtx *c = ir_ctx_new();
  IrDiag d;
  ir_diag_init(&d, stderr);
  IrParseOpts o = {"generated.mlir", 1, 0};
  IrModule *m = ir_parse(c, text, n, &o, &d);
  if (!m || ir_verify(m, &d) != 0) fprintf(stderr, "generated:\n%s", text);
  FUZZ_ASSERT(m != NULL);
  FUZZ_ASSERT(fuzz_verify(m) == 0);
  IrbBuf a;
  fuzz_encode(m, 0, &a);
  irb_buf_free(&a);
  ir_module_free(m);
  ir_ctx_free(c);
  free(text);
  return 0;
}
