/*
 * common.c - the helpers of fuzz.h, linked into every harness.
 */
#include <string.h>

#include "fuzz.h"

IrModule *fuzz_parse(IrCtx *c, const uint8_t *data, size_t size) {
  IrDiag d;
  ir_diag_init(&d, NULL);
  IrParseOpts o = {"fuzz.mlir", 1, 1};
  return ir_parse(c, (const char *)data, size, &o, &d);
}

int fuzz_verify(const IrModule *m) {
  IrDiag d;
  ir_diag_init(&d, NULL);
  return ir_verify(m, &d);
}

void fuzz_encode(const IrModule *m, int zstd_level, IrbBuf *buf) {
  IrDiag d;
  ir_diag_init(&d, stderr);
  IrbWriteOpts o = {zstd_level, 0, 0};
  memset(buf, 0, sizeof *buf);
  /* Encoding a verified module cannot fail but for a compressor error. */
  FUZZ_ASSERT(irb_write(m, &o, buf, &d) == 0);
}

char *fuzz_print(const IrModule *m, int generic, int debuginfo, size_t *len) {
  char *s = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&s, &n);
  FUZZ_ASSERT(f != NULL);
  IrPrintOpts o = {generic, debuginfo};
  FUZZ_ASSERT(ir_print(f, m, &o) == 0);
  FUZZ_ASSERT(fclose(f) == 0);
  if (len) *len = n;
  return s;
}
