/*
 * read.c - fuzz target: the bytecode reader and validator on any bytes.
 * Every frame it accepts is a sound module (ir_module_check ran inside);
 * one that also verifies must print, and re-encode to a frame that decodes
 * to the same bytes again (the encoding is deterministic).
 */
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  IrbReader r;
  irb_reader_init(&r, data, size, "fuzz.irb");
  IrDiag d;
  ir_diag_init(&d, NULL);
  for (int frames = 0; frames < 64; frames++) {
    IrCtx *c = ir_ctx_new();
    IrModule *m = NULL;
    int k = irb_read_next(&r, c, &m, &d);
    if (k <= 0) {
      ir_ctx_free(c);
      break;
    }
    if (fuzz_verify(m) == 0) {
      free(fuzz_print(m, 0, 1, NULL));
      IrbBuf a, b;
      fuzz_encode(m, 0, &a);
      IrCtx *c2 = ir_ctx_new();
      IrModule *m2 = NULL;
      IrbReader r2;
      irb_reader_init(&r2, a.data, a.len, "re-encoded");
      FUZZ_ASSERT(irb_read_next(&r2, c2, &m2, &d) == 1);
      fuzz_encode(m2, 0, &b);
      FUZZ_ASSERT(a.len == b.len && !memcmp(a.data, b.data, a.len));
      irb_buf_free(&a);
      irb_buf_free(&b);
      ir_module_free(m2);
      ir_ctx_free(c2);
    }
    ir_module_free(m);
    ir_ctx_free(c);
  }
  return 0;
}
