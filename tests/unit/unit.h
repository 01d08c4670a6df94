/*
 * unit.h - what every C unit test shares: the pass/fail counters, CHECK and
 * CHECK_EQ (one "FAIL file:line: expr" line per failed check, testing goes
 * on), parsing a module from a string, printing one into a string, and the
 * "N passed, M failed" summary that ends main. Each test is one translation
 * unit, so the counters are file-static.
 */
#ifndef UNIT_H
#define UNIT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

static int n_pass, n_fail;

#define CHECK(c)                                                          \
  do {                                                                    \
    if (c) n_pass++;                                                      \
    else {                                                                \
      n_fail++;                                                           \
      printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c);                 \
    }                                                                     \
  } while (0)

#define CHECK_EQ(a, b)                                                    \
  do {                                                                    \
    uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b);                      \
    if (a_ == b_) n_pass++;                                               \
    else {                                                                \
      n_fail++;                                                           \
      printf("FAIL %s:%d: %s == %s (%llu vs %llu)\n", __FILE__, __LINE__,  \
             #a, #b, (unsigned long long)a_, (unsigned long long)b_);     \
    }                                                                     \
  } while (0)

/* Parse `text` as the file `file` (unregistered generic ops allowed); with
 * `verify`, the module must also verify. Diagnostics go to stdout, next to
 * the FAIL lines. NULL (and a failed check) if it does not parse. */
static inline IrModule *unit_parse(IrCtx *c, const char *text,
                                   const char *file, int verify) {
  IrDiag d;
  ir_diag_init(&d, stdout);
  IrParseOpts o = {file, 1, 1};
  IrModule *m = ir_parse(c, text, strlen(text), &o, &d);
  if (!m) printf("FAIL %s: could not parse\n", file);
  CHECK(m != NULL);
  if (m && verify) CHECK(ir_verify(m, &d) == 0);
  return m;
}

/* m printed into a malloc'd string (the caller frees it). */
static inline char *unit_print(const IrModule *m, int generic, int debuginfo) {
  char *s = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&s, &n);
  IrPrintOpts o = {generic, debuginfo};
  int rc = ir_print(f, m, &o);
  fclose(f);
  CHECK(rc == 0);
  return s;
}

/* The summary line; main returns this (non-zero if any check failed). */
static inline int unit_done(void) {
  printf("%d passed, %d failed\n", n_pass, n_fail);
  return n_fail != 0;
}

#endif
