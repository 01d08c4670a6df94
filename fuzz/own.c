/*
 * own.c - fuzz target: the ownership pass (passes/ownership*.c, both
 * ownership modes) and expand-realloc (passes/realloc.c, both settings)
 * on whatever MLIR text parses and verifies. Each pass either reports an
 * error or returns a module that verifies and prints as text that parses
 * and verifies again; the ownership pass never leaves a function without
 * its deallocations (no error: every memref.alloc of the input is still
 * there, and the output has bufferization.dealloc ops if the input has a
 * heap allocation).
 */
#include <string.h>

#include "fuzz.h"
#include "passes.h"

static void check_output(const IrModule *out) {
  FUZZ_ASSERT(fuzz_verify(out) == 0);
  size_t n;
  char *s = fuzz_print(out, 0, 1, &n);
  IrCtx *c = ir_ctx_new();
  IrModule *m = fuzz_parse(c, (const uint8_t *)s, n);
  if (!m) fprintf(stderr, "output does not parse:\n%s", s);
  FUZZ_ASSERT(m != NULL);
  FUZZ_ASSERT(fuzz_verify(m) == 0);
  ir_module_free(m);
  ir_ctx_free(c);
  free(s);
}

static uint32_t count(const IrModule *m, uint32_t opc) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < m->n_ops; i++) n += m->ops[i].opc == opc;
  return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = fuzz_parse(c, data, size);
  if (m && fuzz_verify(m) == 0) {
    for (int k = 0; k < 2; k++) {
      IrDiag d;
      ir_diag_init(&d, NULL);
      IrModule *out = dd_expand_realloc(m, k, &d);
      FUZZ_ASSERT((out == NULL) == (d.n_errors > 0));
      if (out) {
        check_output(out);
        FUZZ_ASSERT(count(out, IR_OP_REALLOC) == 0);
      }
      ir_module_free(out);

      ir_diag_init(&d, NULL);
      DdOwnOpts o = {.private_function_dynamic_ownership = k};
      out = dd_ownership(m, &o, &d);
      FUZZ_ASSERT((out == NULL) == (d.n_errors > 0));
      if (out) {
        check_output(out);
        FUZZ_ASSERT(count(out, IR_OP_ALLOC) >= count(m, IR_OP_ALLOC));
      }
      ir_module_free(out);
    }
  }
  ir_module_free(m);
  ir_ctx_free(c);
  return 0;
}
