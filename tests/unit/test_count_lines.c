/*
 * test_count_lines.c - ir_count_lines (split.c) counts the newlines of any
 * range as a byte-by-byte count does: every start alignment and length up
 * to a few of its 64-byte rounds, text with newlines at random places, and
 * ranges of nothing but newlines long enough that its byte counters are
 * summed several times (they must never wrap).
 *
 * Prints one line per failed check and "N passed, M failed" last; exits
 * non-zero if anything failed.
 */
#include "unit.h"

static uint32_t naive(const char *s, const char *e) {
  uint32_t n = 0;
  for (; s < e; s++) n += *s == '\n';
  return n;
}

int main(void) {
  enum { N = 20000 };
  char *buf = malloc(N);
  uint32_t seed = 12345;
  for (int i = 0; i < N; i++) {
    seed = seed * 1103515245u + 12345u;
    /* about one byte in six a newline, the rest text (and a few NULs) */
    uint32_t r = (seed >> 16) % 6;
    buf[i] = r == 0 ? '\n' : r == 1 ? (char)(seed >> 24) : 'a' + (char)(r);
  }
  /* every alignment, lengths around the 16- and 64-byte steps */
  for (int off = 0; off < 16; off++)
    for (int len = 0; len <= 300; len++)
      CHECK_EQ(ir_count_lines(buf + off, buf + off + len),
               naive(buf + off, buf + off + len));
  /* long ranges: several rounds of 63 blocks, and a ragged tail */
  CHECK_EQ(ir_count_lines(buf, buf + N), naive(buf, buf + N));
  CHECK_EQ(ir_count_lines(buf + 3, buf + N - 5), naive(buf + 3, buf + N - 5));
  /* only newlines: each byte counter gets 4 per block (252 per round) */
  memset(buf, '\n', N);
  CHECK_EQ(ir_count_lines(buf, buf + N), N);
  CHECK_EQ(ir_count_lines(buf + 1, buf + N), N - 1);
  CHECK_EQ(ir_count_lines(buf, buf + 64 * 63), 64 * 63);
  CHECK_EQ(ir_count_lines(buf, buf + 64 * 64 + 17), 64 * 64 + 17);
  /* none at all */
  memset(buf, 'x', N);
  CHECK_EQ(ir_count_lines(buf, buf + N), 0);
  free(buf);
  return unit_done();
}
