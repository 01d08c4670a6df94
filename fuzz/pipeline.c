/*
 * pipeline.c - fuzz target: the whole -buffer-deallocation-pipeline on the
 * structure-aware generator's modules (fuzz/irgen.c), judged by the
 * interpreter (fuzz/oracle.c): every pass succeeds and verifies, and after
 * each stage every function runs without a memory error where the input
 * ran without one (leaks aside: the input has no deallocations), with the
 * input's results.
 */
#include "irgen.h"
#include "oracle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t n;
  char *text = irgen_module(data, size, &n);
  IrCtx *c = ir_ctx_new();
  IrModule *m = fuzz_parse(c, (const uint8_t *)text, n);
  FUZZ_ASSERT(m != NULL);
  FUZZ_ASSERT(fuzz_verify(m) == 0);
  fuzz_pipeline_oracle(m, 1, text);
  ir_module_free(m);
  ir_ctx_free(c);
  free(text);
  return 0;
}
