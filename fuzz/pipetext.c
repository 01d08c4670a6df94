/*
 * pipetext.c - fuzz target: the pipeline oracle of fuzz/oracle.c on
 * whatever MLIR text parses and verifies (the text twin of `pipeline`). A
 * pass may reject such input with a diagnostic (unsupported ops, MLIR's
 * own limits); what it accepts must keep the oracle's properties.
 */
#include "oracle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = fuzz_parse(c, data, size);
  if (m && fuzz_verify(m) == 0) fuzz_pipeline_oracle(m, 0, NULL);
  ir_module_free(m);
  ir_ctx_free(c);
  return 0;
}
