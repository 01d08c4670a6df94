/*
 * test_reuse.c - memory that libir hands out again instead of getting it
 * fresh must read as fresh:
 *   - a big array (ir_big_alloc, 2 MB and up) freed and allocated again
 *     (mem.c keeps freed mappings per thread) is all zero, whichever of
 *     its pages were written before, and ir_big_realloc's new tail too;
 *   - pages moved from one big array to another (ir_big_move_pages, what
 *     irb_freeze_final does with the builder's arrays) carry their bytes,
 *     leave zeroes behind, and both arrays still grow, shrink and free;
 *   - a context made after another was freed (ctx.c keeps the first table
 *     pages of a freed context) interns exactly as a context made from
 *     fresh memory: same ids, same entries byte for byte (an entry's unused
 *     fields must be zero, or equal types would not compare equal).
 *
 * Prints one line per failed check and "N passed, M failed" last; exits
 * non-zero if anything failed.
 */
#include "irint.h"
#include "unit.h"

static int all_zero(const unsigned char *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (p[i]) return 0;
  return 1;
}

static void big_arrays(void) {
  size_t n = (size_t)5 << 20;
  unsigned char *a = ir_big_alloc(n);
  CHECK(all_zero(a, n));
  /* dirty some pages, not all: the untouched ones stay kernel zero pages */
  for (size_t off = 0; off < n; off += 3 * 4096) a[off + 17] = 0xab;
  a[n - 1] = 0xcd;
  ir_big_free(a, n);
  /* smaller: a cached mapping cut to size */
  size_t m = (size_t)3 << 20;
  unsigned char *b = ir_big_alloc(m);
  CHECK(all_zero(b, m));
  memset(b, 0x5a, m);
  /* grown past a dirty array: the old part kept, the tail zero */
  b = ir_big_realloc(b, m, n);
  CHECK(b[0] == 0x5a && b[m - 1] == 0x5a);
  CHECK(all_zero(b + m, n - m));
  ir_big_free(b, n);
  /* the same size again, every page dirty before */
  unsigned char *c = ir_big_alloc(n);
  CHECK(all_zero(c, n));
  memset(c, 0xff, n);
  ir_big_free(c, n);
  unsigned char *d = ir_big_alloc(n - 4096);
  CHECK(all_zero(d, n - 4096));
  ir_big_free(d, n - 4096);
}

/* Moved pages: the destination gets the source's bytes page by page, the
 * source reads zero, the rest of both is as it was; then both arrays are
 * regrown (mremap refuses a range of several kernel areas, which a moved
 * range makes: the copy fallback must keep every byte). */
static void moved_pages(void) {
  size_t n = (size_t)6 << 20, pg = 4096;
  unsigned char *src = ir_big_alloc(n), *dst = ir_big_alloc(n);
  for (size_t i = 0; i < n; i++) src[i] = (unsigned char)(i * 7 + i / pg);
  memset(dst, 0x11, pg);                  /* written part of the destination */
  /* from page 1 of src, 3 MB (minus a byte: whole pages only), to dst just
   * past its first byte, i.e. from its second page, up to 4 MB */
  size_t got = ir_big_move_pages((char *)src + pg, ((size_t)3 << 20) - 1,
                                 (char *)dst + 1, (char *)dst + ((size_t)4 << 20));
  if (ir_big_mapped(n)) {
    CHECK_EQ(got, ((size_t)3 << 20) - pg);
  } else {
    CHECK_EQ(got, 0);                     /* sanitizer builds: malloc'ed */
  }
  int bad = 0;
  for (size_t i = 0; i < got; i++) {
    bad += dst[pg + i] != (unsigned char)((pg + i) * 7 + (pg + i) / pg);
    bad += src[pg + i] != 0;
  }
  for (size_t i = 0; i < pg; i++) bad += dst[i] != 0x11;
  for (size_t i = pg + got; i < n; i++) bad += dst[i] != 0;
  for (size_t i = 0; i < n; i++)
    if (i < pg || i >= pg + got) bad += src[i] != (unsigned char)(i * 7 + i / pg);
  CHECK_EQ(bad, 0);
  /* regrow both (several kernel areas each now), then shrink one */
  src = ir_big_realloc(src, n, 2 * n);
  dst = ir_big_realloc(dst, n, 2 * n);
  bad = 0;
  for (size_t i = 0; i < got; i++) {
    bad += dst[pg + i] != (unsigned char)((pg + i) * 7 + (pg + i) / pg);
    bad += src[pg + i] != 0;
  }
  for (size_t i = pg + got; i < n; i++) bad += src[i] != (unsigned char)(i * 7 + i / pg);
  CHECK_EQ(bad, 0);
  CHECK(all_zero(src + n, n) && all_zero(dst + n, n));
  dst = ir_big_realloc(dst, 2 * n, (size_t)5 << 20);
  CHECK(dst[0] == 0x11 && dst[pg] == (got ? (unsigned char)(pg * 7 + 1) : 0));
  ir_big_free(src, 2 * n);
  ir_big_free(dst, (size_t)5 << 20);
  /* the cached mappings come back zeroed */
  unsigned char *again = ir_big_alloc(2 * n);
  CHECK(all_zero(again, 2 * n));
  ir_big_free(again, 2 * n);
}

/* Interns a fixed mix of strings, types, attributes and locations; salt
 * changes the values so that a second fill writes other bytes. */
static void fill(IrCtx *c, int salt, int count) {
  uint32_t file = ir_cstr(c, "reuse.mlir");
  uint32_t f32 = ir_type_float(c, IR_F32);
  for (int i = 0; i < count; i++) {
    char s[32];
    int n = snprintf(s, sizeof s, "s%d_%d", salt, i);
    ir_str(c, s, (size_t)n);
    int64_t dims[3] = {i % 7, salt + i, IR_DYN};
    uint32_t mr = ir_type_memref(c, 1 + (uint32_t)(i % 3), dims, f32, 0, 0);
    uint32_t ins[2] = {mr, ir_type_int(c, 1 + (uint32_t)((i + salt) % 64))};
    ir_type_func(c, 2, ins, (uint32_t)(i % 2), ins);
    ir_attr_int(c, (int64_t)i * 31 + salt, ir_type_index(c));
    int64_t v[2] = {i, salt};
    ir_attr_dense_i64(c, 1 + (uint32_t)(i % 2), v);
    ir_loc_file(c, file, (uint32_t)(i + 1), (uint32_t)(salt + 1));
  }
}

static void same_ctx(const IrCtx *x, const IrCtx *y) {
  CHECK_EQ(ir_n_strs(x), ir_n_strs(y));
  CHECK_EQ(ir_n_types(x), ir_n_types(y));
  CHECK_EQ(ir_n_attrs(x), ir_n_attrs(y));
  CHECK_EQ(ir_n_locs(x), ir_n_locs(y));
  int bad = 0;
  for (uint32_t i = 0; i < ir_n_strs(x) && i < ir_n_strs(y); i++)
    bad += strcmp(ir_str_ptr(x, i), ir_str_ptr(y, i)) != 0;
  for (uint32_t i = 0; i < ir_n_types(x) && i < ir_n_types(y); i++)
    bad += memcmp(ir_type(x, i), ir_type(y, i), sizeof(IrType)) != 0;
  for (uint32_t i = 0; i < ir_n_attrs(x) && i < ir_n_attrs(y); i++)
    bad += memcmp(ir_attr(x, i), ir_attr(y, i), sizeof(IrAttr)) != 0;
  for (uint32_t i = 0; i < ir_n_locs(x) && i < ir_n_locs(y); i++)
    bad += memcmp(ir_loc(x, i), ir_loc(y, i), sizeof(IrLoc)) != 0;
  CHECK_EQ(bad, 0);
}

static void contexts(void) {
  /* a big first context dirties whole pages of every table */
  IrCtx *old = ir_ctx_new();
  fill(old, 1, 3000);
  ir_ctx_free(old);
  IrCtx *reused = ir_ctx_new();     /* gets the old one's pages */
  IrCtx *fresh = ir_ctx_new();      /* nothing left to reuse */
  fill(reused, 2, 1500);
  fill(fresh, 2, 1500);
  same_ctx(reused, fresh);
  ir_ctx_free(reused);
  ir_ctx_free(fresh);
  /* and again, from pages that were reused once already */
  IrCtx *again = ir_ctx_new();
  IrCtx *fresh2 = ir_ctx_new();
  IrCtx *fresh3 = ir_ctx_new();
  fill(again, 3, 200);
  fill(fresh3, 3, 200);
  same_ctx(again, fresh3);
  ir_ctx_free(again);
  ir_ctx_free(fresh2);
  ir_ctx_free(fresh3);
}

int main(void) {
  big_arrays();
  moved_pages();
  contexts();
  printf("%d passed, %d failed\n", n_pass, n_fail);
  return n_fail != 0;
}
