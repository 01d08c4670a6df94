/*
 * read.c - fuzz target: the bytecode reader and validator on any bytes.
 * Every frame it accepts is a sound module (ir_module_check ran inside);
 * one that also verifies must print as text that parses back and verifies
 * (custom and generic form), and re-encode to a frame that decodes to the
 * same bytes again (the encoding is deterministic). A second reader
 * with skip_locs (ir-dis without --debuginfo) walks the same frames: it must
 * accept and reject the same ones, and a module it reads must verify and
 * print as the full reading does, without its locations.
 */
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  IrbReader r;
  irb_reader_init(&r, data, size, "fuzz.irb");
  IrbReader rs;
  irb_reader_init(&rs, data, size, "fuzz.irb");
  rs.skip_locs = 1;
  IrDiag d;
  ir_diag_init(&d, NULL);
  for (int frames = 0; frames < 64; frames++) {
    IrCtx *c = ir_ctx_new();
    IrModule *m = NULL;
    int k = irb_read_next(&r, c, &m, &d);
    IrCtx *cs = ir_ctx_new();
    IrModule *ms = NULL;
    int ks = irb_read_next(&rs, cs, &ms, &d);
    FUZZ_ASSERT((k > 0) == (ks > 0));
    if (k <= 0) {
      ir_ctx_free(cs);
      ir_ctx_free(c);
      break;
    }
    int ok = fuzz_verify(m) == 0;
    FUZZ_ASSERT(ok == (fuzz_verify(ms) == 0));
    if (ok) {
      size_t n1, n2;
      char *p1 = fuzz_print(m, 0, 0, &n1), *p2 = fuzz_print(ms, 0, 0, &n2);
      FUZZ_ASSERT(n1 == n2 && !memcmp(p1, p2, n1));
      free(p1);
      free(p2);
    }
    ir_module_free(ms);
    ir_ctx_free(cs);
    if (ok) {
      free(fuzz_print(m, 0, 1, NULL));
      /* what it prints, in either form, parses back and verifies */
      for (int generic = 0; generic < 2; generic++) {
        size_t n;
        char *t = fuzz_print(m, generic, 0, &n);
        IrCtx *c3 = ir_ctx_new();
        IrModule *m3 = fuzz_parse(c3, (const uint8_t *)t, n);
        if (!m3 || fuzz_verify(m3)) fprintf(stderr, "printed text:\n%.*s\n", (int)n, t);
        FUZZ_ASSERT(m3 != NULL && fuzz_verify(m3) == 0);
        ir_module_free(m3);
        ir_ctx_free(c3);
        free(t);
      }
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
