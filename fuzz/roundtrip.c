/*
 * roundtrip.c - fuzz target: text -> module -> bytecode -> module ->
 * bytecode gives identical bytes (also through zstd), and printing the
 * decoded module with locations then parsing it again encodes to the same
 * bytes as well: the three representations agree. And text that ir-asm's
 * path a top-level op at a time (irb_stream_*) accepts
 * must parse and verify whole and encode to the same bytes.
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

static int sink(void *ud, const void *p, size_t n) {
  IrbBuf *b = ud;
  if (b->cap - b->len < n) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len < n) cap *= 2;
    b->data = realloc(b->data, cap);
    FUZZ_ASSERT(b->data != NULL);
    b->cap = cap;
  }
  memcpy(b->data + b->len, p, n);
  b->len += n;
  return 0;
}

/* The streamed frame of the text, in *out (len 0 if the path declined). */
static void streamed(const uint8_t *data, size_t size, IrbBuf *out) {
  memset(out, 0, sizeof *out);
  IrCtx *c = ir_ctx_new();
  IrParseOpts o = {"fuzz.mlir", 1, 1};
  IrbStream *s = irb_stream_begin(c, ir_parse_module_loc(c, &o), NULL, size);
  if (irb_stream_text(s, (const char *)data, size, 0, &o)) {
    IrDiag d;
    ir_diag_init(&d, NULL);
    /* -1: refused at the module's end (a call judged against a later
     * function), nothing written; the whole verifier must refuse it too */
    int rc = irb_stream_end(s, sink, out, &d);
    FUZZ_ASSERT(rc == 0 || (rc == -1 && out->len == 0));
  } else {
    irb_stream_free(s);
  }
  ir_ctx_free(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = fuzz_parse(c, data, size);
  IrbBuf piecewise;
  streamed(data, size, &piecewise);
  if (!m || fuzz_verify(m) != 0) {
    FUZZ_ASSERT(piecewise.len == 0);   /* the pieces accept only valid text */
    free(piecewise.data);
    goto done;
  }

  IrbBuf first, again, packed;
  fuzz_encode(m, 0, &first);
  if (piecewise.len) same(&first, &piecewise);
  free(piecewise.data);
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
