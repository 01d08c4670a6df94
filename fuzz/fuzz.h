/*
 * fuzz.h - what every harness shares (zstd's fuzz_helpers.h model): an
 * assertion that stays on in every build, and the small steps the harnesses
 * combine (parse text, encode, decode, print into memory).
 *
 * Each fuzz/<name>.c defines only LLVMFuzzerTestOneInput. Built with
 * `scons fuzz=1` it links libFuzzer (build-fuzz/fuzz/fuzz-<name>); in every
 * build it also links fuzz/replay.c (build/fuzz/replay-<name>, and the same
 * under build-san/ and build-fuzz/), a main that
 * feeds files and folders to the harness, for AFL++ and for the regression
 * corpus the test suite replays.
 *
 * The property every harness checks: no input crashes, hangs, trips a
 * sanitizer or an assertion. An input the library rejects with a diagnostic
 * is fine; a broken invariant (FUZZ_ASSERT, ir_die) is a bug.
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "ir.h"
#include "irb.h"

#define FUZZ_ASSERT(c)                                                     \
  do {                                                                     \
    if (!(c)) {                                                            \
      fprintf(stderr, "%s:%d: fuzz assertion failed: %s\n", __FILE__,      \
              __LINE__, #c);                                               \
      abort();                                                             \
    }                                                                      \
  } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Parse `size` bytes of text as one module of `c` (diagnostics counted, not
 * printed), with unregistered dialects allowed. NULL if rejected. */
IrModule *fuzz_parse(IrCtx *c, const uint8_t *data, size_t size);

/* Verify without printing diagnostics: 0 valid, -1 not. */
int fuzz_verify(const IrModule *m);

/* Encode one frame into a fresh buffer (caller frees buf->data). */
void fuzz_encode(const IrModule *m, int zstd_level, IrbBuf *buf);

/* Print into a malloc'd NUL-terminated string (caller frees). */
char *fuzz_print(const IrModule *m, int generic, int debuginfo, size_t *len);

#endif
