/*
 * split.c - --split-input-file: cut text at MLIR's `// -----` markers.
 *
 * MLIR's rule (mlir/lib/Support/ToolUtilities.cpp, splitAndProcessBuffer),
 * reproduced exactly, quirks included: the text is split at every
 * occurrence of `// ---`, anywhere in a line; a piece that then starts with
 * `--`, has more bytes after them, and whose next byte is not '0' ends the
 * previous chunk (the chunk after it starts right after the `-----`).
 * Other pieces (near misses) are glued back to the chunk before them. An
 * empty leading piece is replaced by the next one whole.
 */
#include "irint.h"

const char *ir_split_find_marker(const char *s, const char *e) {
  while (s + 6 <= e) {
    const char *q = memchr(s, '/', (size_t)(e - s));
    if (!q || q + 6 > e) return NULL;
    if (memcmp(q, "// ---", 6) == 0) return q;
    s = q + 1;
  }
  return NULL;
}

/* Newlines in [s, e). Every line of a --split-input-file input is counted
 * here before it is lexed (a chunk's first line number is known before the
 * chunk is handed to a job); a memchr call per line was 3.8M of ir-asm's
 * 259M instructions on the mixed bench corpus (97,556 lines), 16 bytes at
 * a time with SSE2 it is 0.9M: each compare gives a byte of -1 per
 * newline, subtracted into byte counters that are summed (psadbw) before
 * they can wrap. */
#if defined(__SSE2__)
#include <emmintrin.h>

uint32_t ir_count_lines(const char *s, const char *e) {
  const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
  uint64_t n = 0;
  while (e - s >= 64) {
    /* at most 63 rounds of 4 compares: each byte counter stays <= 252 */
    size_t rounds = (size_t)(e - s) / 64;
    if (rounds > 63) rounds = 63;
    __m128i acc = zero;
    for (size_t i = 0; i < rounds; i++, s += 64) {
      __m128i a = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)s), nl);
      __m128i b = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(s + 16)), nl);
      __m128i c = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(s + 32)), nl);
      __m128i d = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(s + 48)), nl);
      acc = _mm_sub_epi8(acc, _mm_add_epi8(_mm_add_epi8(a, b), _mm_add_epi8(c, d)));
    }
    __m128i sum = _mm_sad_epu8(acc, zero);
    n += (uint64_t)_mm_cvtsi128_si32(sum) + (uint64_t)_mm_extract_epi16(sum, 4);
  }
  for (; s < e; s++) n += *s == '\n';
  return (uint32_t)n;
}
#else
uint32_t ir_count_lines(const char *s, const char *e) {
  uint32_t n = 0;
  while (s < e) {
    const char *q = memchr(s, '\n', (size_t)(e - s));
    if (!q) break;
    n++;
    s = q + 1;
  }
  return n;
}
#endif

int ir_split_input(const char *text, size_t len,
                   int (*fn)(void *ud, const char *chunk, size_t n, uint32_t first_line),
                   void *ud) {
  const char *e = text + len;
  const char *prev_s = text, *prev_e = NULL; /* the chunk being grown */
  const char *lines_at = text;                /* newlines counted up to here */
  uint32_t line = 1;
  int count = 0;
  const char *piece = text;
  for (;;) {
    const char *m = ir_split_find_marker(piece, e);
    const char *piece_e = m ? m : e;
    if (!prev_e || prev_e == prev_s) {
      prev_s = piece;
      prev_e = piece_e;
    } else if (piece_e - piece > 2 && piece[0] == '-' && piece[1] == '-' && piece[2] != '0') {
      /* the chunk's own lines are counted before fn sees it: a caller may
       * drop the bytes of a chunk it is done with (tool.c) */
      line += ir_count_lines(lines_at, prev_s);
      uint32_t own = ir_count_lines(prev_s, prev_e);
      int r = fn(ud, prev_s, (size_t)(prev_e - prev_s), line);
      if (r) return r > 0 ? -r : r;
      line += own;
      lines_at = prev_e;
      count++;
      prev_s = piece + 2;
      prev_e = piece_e;
    } else {
      prev_e = piece_e; /* near miss: the marker stays in the chunk */
    }
    if (!m) break;
    piece = m + 6;
  }
  if (prev_e && prev_e != prev_s) {
    line += ir_count_lines(lines_at, prev_s);
    int r = fn(ud, prev_s, (size_t)(prev_e - prev_s), line);
    if (r) return r > 0 ? -r : r;
    count++;
  }
  return count;
}
