/*
 * test_core.c - unit tests of libir's core: memory, interning, diagnostics,
 * registry, builder + freeze layout, placeholders, ir_module_check on good
 * and corrupted modules, and the verifier's structural errors.
 *
 * Prints one line per failed check and "N passed, M failed" last; exits
 * non-zero if anything failed.
 */
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#include "irint.h"
#include "unit.h"

/* ====================================================================== */
/* mem                                                                    */
/* ====================================================================== */

static void test_mem(void) {
  uint32_t *v = NULL, n = 0, cap = 0;
  for (uint32_t i = 0; i < 1000; i++) IR_VPUSH(v, n, cap, i * 3);
  CHECK_EQ(n, 1000);
  CHECK(cap >= 1000);
  CHECK_EQ(v[999], 2997);
  free(v);

  IrArena a = {0};
  char *p = ir_arena_alloc(&a, 10);
  CHECK(((uintptr_t)p & 15) == 0);
  CHECK(p[0] == 0 && p[9] == 0);
  char *big = ir_arena_alloc(&a, 200000);   /* bigger than a chunk */
  big[199999] = 1;
  char *s = ir_arena_strdup(&a, "hello", 5);
  CHECK(!strcmp(s, "hello"));
  for (int i = 0; i < 10000; i++) ir_arena_alloc(&a, 33);
  ir_arena_free(&a);
  CHECK(a.head == NULL);

  CHECK(ir_hash_bytes("abc", 3, 0) == ir_hash_bytes("abc", 3, 0));
  CHECK(ir_hash_bytes("abc", 3, 0) != ir_hash_bytes("abd", 3, 0));
  CHECK(ir_hash_bytes("abc", 3, 0) != ir_hash_bytes("abc", 3, 1));
  CHECK(ir_hash_bytes("", 0, 0) != ir_hash_bytes("a", 1, 0));
  /* every length through the short and long paths */
  char buf[64] = {0};
  uint64_t prev = 0;
  int distinct = 1;
  for (size_t i = 0; i < sizeof buf; i++) {
    uint64_t h = ir_hash_bytes(buf, i, 7);
    if (h == prev) distinct = 0;
    prev = h;
  }
  CHECK(distinct);
}

/* ====================================================================== */
/* interning                                                              */
/* ====================================================================== */

static void test_strings(void) {
  IrCtx *c = ir_ctx_new();
  CHECK_EQ(ir_str(c, "", 0), 0);
  CHECK_EQ(ir_str_len(c, 0), 0);
  CHECK(!strcmp(ir_str_ptr(c, 0), ""));
  uint32_t a = ir_cstr(c, "memref.alloc");
  uint32_t b = ir_str(c, "memref.alloc!!", 12);
  CHECK(a != 0);
  CHECK_EQ(a, b);
  CHECK_EQ(ir_str_len(c, a), 12);
  const char *p = ir_str_ptr(c, a);
  CHECK(!strcmp(p, "memref.alloc"));
  CHECK_EQ(ir_str(c, "a\0b", 3), ir_str(c, "a\0b", 3));
  CHECK(ir_str(c, "a\0b", 3) != ir_str(c, "a\0c", 3));
  CHECK_EQ(ir_str_find(c, "memref.alloc", 12), a);
  CHECK_EQ(ir_str_find(c, "nope", 4), IR_NONE);
  /* many strings: table growth keeps ids and pointers */
  char name[32];
  uint32_t ids[5000];
  for (int i = 0; i < 5000; i++) {
    snprintf(name, sizeof name, "s%d", i);
    ids[i] = ir_cstr(c, name);
  }
  int ok = 1;
  for (int i = 0; i < 5000; i++) {
    snprintf(name, sizeof name, "s%d", i);
    if (ir_cstr(c, name) != ids[i] || strcmp(ir_str_ptr(c, ids[i]), name)) ok = 0;
  }
  CHECK(ok);
  CHECK(ir_str_ptr(c, a) == p);   /* pointers are stable */
  CHECK_EQ(ir_n_strs(c), 5000 + 4);
  ir_ctx_free(c);
}

static void test_types(void) {
  IrCtx *c = ir_ctx_new();
  uint32_t i32 = ir_type_int(c, 32), i64 = ir_type_int(c, 64);
  CHECK(i32 && i64 && i32 != i64);
  CHECK_EQ(ir_type_int(c, 32), i32);
  CHECK(ir_type_is_int(c, i32, 32));
  CHECK(!ir_type_is_int(c, i32, 64));
  CHECK(ir_type_is_int(c, i32, 0));
  IrType si = {.kind = IR_T_INT, .sub = IR_SIGNED, .width = 32};
  uint32_t si32 = ir_type_intern(c, &si, NULL, NULL);
  CHECK(si32 && si32 != i32);
  /* garbage in unused fields does not make a new type */
  IrType junk = {.kind = IR_T_INDEX, .width = 7, .elem = 99, .text = 3};
  CHECK_EQ(ir_type_intern(c, &junk, NULL, NULL), ir_type_index(c));
  uint32_t f32 = ir_type_float(c, IR_F32);
  int64_t d1[] = {4, IR_DYN}, d2[] = {4, 8};
  uint32_t m1 = ir_type_memref(c, 2, d1, f32, 0, 0);
  uint32_t m2 = ir_type_memref(c, 2, d2, f32, 0, 0);
  CHECK(m1 && m2 && m1 != m2);
  CHECK_EQ(ir_type_memref(c, 2, d1, f32, 0, 0), m1);
  CHECK(ir_type_is_memref(c, m1));
  CHECK(!ir_type_is_memref(c, f32));
  CHECK_EQ(ir_type(c, m1)->n, 2);
  CHECK_EQ(ir_type_dims(c, m1)[1], IR_DYN);
  CHECK_EQ(ir_type(c, m1)->elem, f32);
  uint32_t space = ir_attr_int(c, 1, 0);
  uint32_t m3 = ir_type_memref(c, 2, d1, f32, 0, space);
  CHECK(m3 && m3 != m1);
  IrType um = {.kind = IR_T_UMEMREF, .elem = f32};
  CHECK(ir_type_is_memref(c, ir_type_intern(c, &um, NULL, NULL)));

  uint32_t ins[] = {i32, m1}, outs[] = {f32};
  uint32_t fn = ir_type_func(c, 2, ins, 1, outs);
  CHECK(fn);
  CHECK_EQ(ir_type_func(c, 2, ins, 1, outs), fn);
  CHECK(ir_type_func(c, 1, ins, 2, (uint32_t[]){m1, f32}) != fn);
  CHECK_EQ(ir_type_list(c, fn)[1], m1);
  CHECK_EQ(ir_type_list(c, fn)[2], f32);
  CHECK_EQ(ir_type(c, fn)->nres, 1);
  uint32_t empty_fn = ir_type_func(c, 0, NULL, 0, NULL);
  CHECK(empty_fn && empty_fn != fn);

  /* invalid input gives 0, never a crash */
  IrType bad = {.kind = 200};
  CHECK_EQ(ir_type_intern(c, &bad, NULL, NULL), 0);
  CHECK_EQ(ir_type_memref(c, 1, d1, 12345, 0, 0), 0);   /* no such elem */
  CHECK_EQ(ir_type_memref(c, 1, d1, 0, 0, 0), 0);       /* no elem */
  CHECK_EQ(ir_type_memref(c, IR_MAX_RANK + 1, d1, f32, 0, 0), 0);
  int64_t neg[] = {-3};
  CHECK_EQ(ir_type_memref(c, 1, neg, f32, 0, 0), 0);
  CHECK_EQ(ir_type_func(c, 1, (uint32_t[]){999}, 0, NULL), 0);
  IrType vec = {.kind = IR_T_VECTOR, .n = 1, .elem = f32, .scalable = 2};
  CHECK_EQ(ir_type_intern(c, &vec, (int64_t[]){4}, NULL), 0);  /* bit past rank */
  vec.scalable = 1;
  CHECK(ir_type_intern(c, &vec, (int64_t[]){4}, NULL) != 0);
  ir_ctx_free(c);
}

static void test_attrs(void) {
  IrCtx *c = ir_ctx_new();
  uint32_t i64 = ir_type_int(c, 64), i32 = ir_type_int(c, 32);
  CHECK_EQ(ir_attr_int(c, 5, 0), ir_attr_int(c, 5, i64));
  CHECK(ir_attr_int(c, 5, i32) != ir_attr_int(c, 5, i64));
  CHECK_EQ(ir_attr(c, ir_attr_int(c, 5, 0))->type, i64);
  CHECK_EQ(ir_attr_unit(c), ir_attr_unit(c));
  CHECK(ir_attr_bool(c, 1) != ir_attr_bool(c, 0));
  CHECK_EQ(ir_attr_bool(c, 7), ir_attr_bool(c, 1));
  CHECK_EQ(ir_attr_string(c, "x", 1), ir_attr_string(c, "x", 1));
  CHECK(ir_attr_string(c, "x", 1) != ir_attr_string(c, "y", 1));

  /* floats by bit pattern */
  IrAttr f = {.kind = IR_A_FLOAT, .fval = 0.0};
  uint32_t pz = ir_attr_intern(c, &f, NULL, NULL);
  f.fval = -0.0;
  uint32_t nz = ir_attr_intern(c, &f, NULL, NULL);
  CHECK(pz && nz && pz != nz);
  f.fval = NAN;
  CHECK_EQ(ir_attr_intern(c, &f, NULL, NULL), ir_attr_intern(c, &f, NULL, NULL));

  /* dense arrays compare their values */
  int64_t v1[] = {1, 2, 3}, v2[] = {1, 2, 4};
  uint32_t da = ir_attr_dense_i32(c, 3, v1);
  CHECK_EQ(ir_attr_dense_i32(c, 3, v1), da);
  CHECK(ir_attr_dense_i32(c, 3, v2) != da);
  CHECK(ir_attr_dense_i64(c, 3, v1) != da);
  CHECK(ir_attr_dense_i32(c, 2, v1) != da);
  CHECK_EQ(ir_attr_i64(c, da)[2], 3);
  CHECK_EQ(ir_attr(c, da)->type, i32);

  /* arrays */
  uint32_t el[] = {ir_attr_unit(c), da};
  IrAttr arr = {.kind = IR_A_ARRAY, .n = 2};
  uint32_t ar = ir_attr_intern(c, &arr, el, NULL);
  CHECK(ar);
  CHECK_EQ(ir_attr_intern(c, &arr, el, NULL), ar);
  uint32_t el_rev[] = {da, ir_attr_unit(c)};
  CHECK(ir_attr_intern(c, &arr, el_rev, NULL) != ar);
  uint32_t bad_el[] = {0, da};
  CHECK_EQ(ir_attr_intern(c, &arr, bad_el, NULL), 0);

  /* dictionaries: sorted by bytes, then length; order-insensitive */
  uint32_t nb = ir_cstr(c, "b"), na = ir_cstr(c, "a"), nab = ir_cstr(c, "ab");
  uint32_t nB = ir_cstr(c, "B");
  uint32_t x = ir_attr_int(c, 1, 0), y = ir_attr_int(c, 2, 0);
  uint32_t l1[] = {nb, x, nab, y, na, x, nB, y};
  uint32_t l2[] = {na, x, nB, y, nb, x, nab, y};
  IrAttr dict = {.kind = IR_A_DICT, .n = 4};
  uint32_t d1 = ir_attr_intern(c, &dict, l1, NULL);
  uint32_t d2 = ir_attr_intern(c, &dict, l2, NULL);
  CHECK(d1);
  CHECK_EQ(d1, d2);
  const uint32_t *dl = ir_attr_u32(c, d1);
  CHECK_EQ(dl[0], nB);   /* 'B' < 'a' */
  CHECK_EQ(dl[2], na);
  CHECK_EQ(dl[4], nab);  /* "a" < "ab" < "b" */
  CHECK_EQ(dl[6], nb);
  CHECK_EQ(ir_dict_get(c, d1, nab), y);
  CHECK_EQ(ir_dict_getc(c, d1, "a"), x);
  CHECK_EQ(ir_dict_getc(c, d1, "zz"), 0);
  CHECK_EQ(ir_dict_getc(c, 0, "a"), 0);
  CHECK_EQ(ir_dict_getc(c, x, "a"), 0);   /* not a dict */
  /* duplicate names are rejected */
  uint32_t dup[] = {na, x, nb, y, na, y};
  dict.n = 3;
  CHECK_EQ(ir_attr_intern(c, &dict, dup, NULL), 0);
  /* the empty dictionary is a real attribute */
  dict.n = 0;
  uint32_t de = ir_attr_intern(c, &dict, NULL, NULL);
  CHECK(de);
  /* dict_set: insert, replace, remove */
  uint32_t s1 = ir_dict_set(c, 0, na, x);
  CHECK(s1);
  CHECK_EQ(ir_dict_getc(c, s1, "a"), x);
  uint32_t s2 = ir_dict_set(c, s1, nb, y);
  CHECK_EQ(ir_attr(c, s2)->n, 2);
  uint32_t s3 = ir_dict_set(c, s2, na, y);
  CHECK_EQ(ir_dict_getc(c, s3, "a"), y);
  CHECK_EQ(ir_attr(c, s3)->n, 2);
  uint32_t s4 = ir_dict_set(c, s3, na, 0);
  CHECK_EQ(ir_attr(c, s4)->n, 1);
  CHECK_EQ(ir_dict_getc(c, s4, "b"), y);
  CHECK_EQ(ir_dict_set(c, s4, nb, 0), de);
  uint32_t l3[] = {nB, y, na, x, nab, y, nb, x};
  dict.n = 4;
  uint32_t d3 = ir_attr_intern(c, &dict, l3, NULL);
  uint32_t d4 = ir_dict_set(c, ir_dict_set(c, ir_dict_set(c, ir_dict_set(c, 0, nb, x), nab, y), na, x), nB, y);
  CHECK_EQ(d3, d4);
  CHECK_EQ(d3, d1);
  /* a big dictionary (qsort path) */
  uint32_t *big = malloc(2 * 300 * sizeof *big);
  char nm[16];
  for (int i = 0; i < 300; i++) {
    snprintf(nm, sizeof nm, "k%03d", 299 - i);
    big[2 * i] = ir_cstr(c, nm);
    big[2 * i + 1] = x;
  }
  dict.n = 300;
  uint32_t bd = ir_attr_intern(c, &dict, big, NULL);
  CHECK(bd);
  CHECK_EQ(ir_dict_getc(c, bd, "k123"), x);
  CHECK(!strcmp(ir_str_ptr(c, ir_attr_u32(c, bd)[0]), "k000"));
  free(big);

  /* symrefs, types, unknown kinds */
  uint32_t sym = ir_attr_symref(c, ir_cstr(c, "f"));
  CHECK(sym && sym == ir_attr_symref(c, ir_cstr(c, "f")));
  CHECK(ir_attr_type(c, i32) && ir_attr_type(c, i32) != ir_attr_type(c, i64));
  CHECK_EQ(ir_attr_type(c, 0), 0);
  IrAttr badk = {.kind = 99};
  CHECK_EQ(ir_attr_intern(c, &badk, NULL, NULL), 0);
  IrAttr bads = {.kind = IR_A_STRING, .str = 1u << 27};
  CHECK_EQ(ir_attr_intern(c, &bads, NULL, NULL), 0);
  ir_ctx_free(c);
}

/* A location more than 2^24 - 1 ids after the newest of its line cannot be
 * linked to it (IrLoc.link holds 24 bits): it goes to the hash table, and
 * both the index and the hash table keep answering for that line. */
static void test_loc_far_link(void) {
  IrCtx *c = ir_ctx_new();
  uint32_t file = ir_cstr(c, "t.mlir");
  uint32_t a = ir_loc_file(c, file, 1, 1);
  CHECK(a);
  enum { CHUNK = 1 << 16 };
  uint32_t *lc = malloc(2 * CHUNK * sizeof *lc), *ids = malloc(CHUNK * sizeof *ids);
  CHECK(lc && ids);
  uint32_t line = 2;
  while (ir_n_locs(c) <= a + (1u << 24)) {   /* one location a line */
    for (uint32_t i = 0; i < CHUNK; i++) {
      lc[2 * i] = line + i;
      lc[2 * i + 1] = 1;
    }
    CHECK_EQ(ir_loc_file_n(c, file, CHUNK, lc, ids), CHUNK);
    line += CHUNK;
  }
  CHECK_EQ(ir_loc_file(c, file, line - 1, 1), ids[CHUNK - 1]);
  /* the reader's batch path meets line 1 again */
  uint32_t pair[2] = {1, 3}, b;
  CHECK_EQ(ir_loc_file_n(c, file, 1, pair, &b), 1);
  CHECK(b && b != a);
  CHECK_EQ(ir_loc(c, b)->kind, IR_L_FILE);
  CHECK_EQ(ir_loc(c, b)->line, 1);
  CHECK_EQ(ir_loc(c, b)->col, 3);
  /* and the parser's path */
  uint32_t d = ir_loc_file(c, file, 1, 2);
  CHECK(d && d != a && d != b);
  CHECK_EQ(ir_loc(c, d)->col, 2);
  CHECK_EQ(ir_loc_file(c, file, 1, 1), a);
  CHECK_EQ(ir_loc_file(c, file, 1, 2), d);
  CHECK_EQ(ir_loc_file(c, file, 1, 3), b);
  pair[1] = 1;
  CHECK_EQ(ir_loc_file_n(c, file, 1, pair, &b), 1);
  CHECK_EQ(b, a);
  CHECK_EQ(ir_loc_file(c, file, 2, 1), a + 1);
  free(lc);
  free(ids);
  ir_ctx_free(c);
}

/* ir_loc_drop forgets the locations made since ir_loc_mark when all are
 * in the line index, restoring each line's chain; anything hashed since
 * the mark keeps them all. */
static void test_loc_drop(void) {
  IrCtx *c = ir_ctx_new();
  uint32_t file = ir_cstr(c, "t.mlir");
  uint32_t a = ir_loc_file(c, file, 3, 1);
  ir_loc_mark(c);
  uint32_t n = ir_n_locs(c);
  uint32_t b = ir_loc_file(c, file, 3, 5);        /* same line as a */
  uint32_t d = ir_loc_file(c, file, 4, 1);
  CHECK_EQ(ir_loc_file(c, file, 4, 1), d);
  CHECK_EQ(ir_n_locs(c), n + 2);
  CHECK(b != a && d != b);
  CHECK_EQ(ir_loc_drop(c), 1);
  CHECK_EQ(ir_n_locs(c), n);
  CHECK_EQ(ir_loc_file(c, file, 3, 1), a);        /* a's chain intact */
  CHECK_EQ(ir_n_locs(c), n);
  uint32_t e = ir_loc_file(c, file, 4, 2);        /* ids are reused */
  CHECK_EQ(e, n);
  CHECK_EQ(ir_loc(c, e)->line, 4);
  CHECK_EQ(ir_loc(c, e)->col, 2);
  CHECK_EQ(ir_loc_file(c, file, 3, 5), n + 1);
  CHECK_EQ(ir_loc_file(c, file, 3, 1), a);
  /* top ops one after the other, each dropped: the index restarts at
   * each op's first line, and what lived before the first (a, and e on
   * line 4) is still found, never made twice */
  for (uint32_t k = 0; k < 50; k++) {
    ir_loc_mark(c);
    uint32_t m0 = ir_n_locs(c), first = 100 + 40 * k;
    for (uint32_t l = first; l < first + 30; l++) {
      CHECK_EQ(ir_loc_file(c, file, l, 3), m0 + 2 * (l - first));
      CHECK_EQ(ir_loc_file(c, file, l, 9), m0 + 2 * (l - first) + 1);
    }
    CHECK_EQ(ir_loc_file(c, file, first + 7, 9), m0 + 15);
    CHECK_EQ(ir_loc_file(c, file, 3, 1), a);
    CHECK_EQ(ir_loc_file(c, file, 4, 2), e);
    CHECK_EQ(ir_n_locs(c), m0 + 60);
    CHECK_EQ(ir_loc_drop(c), 1);
    CHECK_EQ(ir_n_locs(c), m0);
  }
  CHECK_EQ(ir_loc_file(c, file, 3, 5), n + 1);
  /* a hashed location since the mark: nothing is dropped */
  ir_loc_mark(c);
  uint32_t m = ir_n_locs(c);
  uint32_t f = ir_loc_file(c, file, 7, 1);
  IrLoc nm = {.kind = IR_L_NAME, .a = ir_cstr(c, "x"), .b = f};
  uint32_t g = ir_loc_intern(c, &nm, NULL);
  CHECK_EQ(ir_loc_drop(c), 0);
  CHECK_EQ(ir_n_locs(c), m + 2);
  CHECK_EQ(ir_loc_file(c, file, 7, 1), f);
  CHECK_EQ(ir_loc_intern(c, &nm, NULL), g);
  /* another file's locations are hashed too */
  ir_loc_mark(c);
  uint32_t h = ir_loc_file(c, ir_cstr(c, "u.mlir"), 1, 1);
  CHECK_EQ(ir_loc_drop(c), 0);
  CHECK_EQ(ir_loc_file(c, ir_cstr(c, "u.mlir"), 1, 1), h);
  ir_ctx_free(c);
}

static void test_locs(void) {
  IrCtx *c = ir_ctx_new();
  uint32_t file = ir_cstr(c, "t.mlir");
  uint32_t l = ir_loc_file(c, file, 3, 7);
  CHECK(l);
  CHECK_EQ(ir_loc_file(c, file, 3, 7), l);
  CHECK(ir_loc_file(c, file, 3, 8) != l);
  IrLoc unk = {.kind = IR_L_UNKNOWN};
  CHECK_EQ(ir_loc_intern(c, &unk, NULL), 0);
  IrLoc nm = {.kind = IR_L_NAME, .a = ir_cstr(c, "x"), .b = l};
  uint32_t n = ir_loc_intern(c, &nm, NULL);
  CHECK(n && n != l);
  CHECK_EQ(ir_loc_filepos(c, n), l);
  IrLoc nm0 = {.kind = IR_L_NAME, .a = ir_cstr(c, "y")};
  uint32_t n0 = ir_loc_intern(c, &nm0, NULL);
  CHECK_EQ(ir_loc_filepos(c, n0), 0);
  uint32_t l2 = ir_loc_file(c, file, 9, 1);
  IrLoc cs = {.kind = IR_L_CALLSITE, .a = l2, .b = l};
  CHECK_EQ(ir_loc_filepos(c, ir_loc_intern(c, &cs, NULL)), l2);
  uint32_t members[] = {n0, 0, n};
  IrLoc fu = {.kind = IR_L_FUSED, .n = 3};
  uint32_t fl = ir_loc_intern(c, &fu, members);
  CHECK(fl);
  CHECK_EQ(ir_loc_intern(c, &fu, members), fl);
  CHECK_EQ(ir_loc_list(c, fl)[2], n);
  CHECK_EQ(ir_loc_filepos(c, fl), l);
  uint32_t members2[] = {fl};
  fu.n = 1;
  CHECK_EQ(ir_loc_filepos(c, ir_loc_intern(c, &fu, members2)), l);
  uint32_t badm[] = {5000};
  CHECK_EQ(ir_loc_intern(c, &fu, badm), 0);
  ir_ctx_free(c);
}

/* ====================================================================== */
/* diagnostics and registry                                               */
/* ====================================================================== */

static char *diag_text(FILE *f) {
  static char buf[8192];
  fflush(f);
  long n = ftell(f);
  rewind(f);
  size_t got = fread(buf, 1, n < (long)sizeof buf - 1 ? (size_t)n : sizeof buf - 1, f);
  buf[got] = 0;
  rewind(f);
  if (ftruncate(fileno(f), 0)) buf[0] = 0;
  return buf;
}

static void test_diag(void) {
  IrCtx *c = ir_ctx_new();
  FILE *f = tmpfile();
  IrDiag d;
  ir_diag_init(&d, f);
  uint32_t l = ir_loc_file(c, ir_cstr(c, "a.mlir"), 4, 2);
  ir_diag(&d, c, l, IR_SEV_ERROR, "bad %d", 1);
  CHECK(!strcmp(diag_text(f), "a.mlir:4:2: error: bad 1\n"));
  ir_diag(&d, c, 0, IR_SEV_WARNING, "w");
  CHECK(!strcmp(diag_text(f), "loc(unknown): warning: w\n"));
  IrLoc nm = {.kind = IR_L_NAME, .a = ir_cstr(c, "n"), .b = l};
  ir_diag(&d, c, ir_loc_intern(c, &nm, NULL), IR_SEV_NOTE, "n");
  CHECK(!strcmp(diag_text(f), "a.mlir:4:2: note: n\n"));
  ir_diag_at(&d, "b.mlir", 1, 0, IR_SEV_REMARK, "r");
  CHECK(!strcmp(diag_text(f), "b.mlir:1: remark: r\n"));
  ir_diag_at(&d, NULL, 0, 0, IR_SEV_ERROR, "e");
  CHECK(!strcmp(diag_text(f), "loc(unknown): error: e\n"));
  CHECK_EQ(d.n_errors, 2);
  CHECK_EQ(d.n_total, 5);
  IrDiag quiet;
  ir_diag_init(&quiet, NULL);
  ir_diag(&quiet, c, l, IR_SEV_ERROR, "x");
  CHECK_EQ(quiet.n_errors, 1);
  fclose(f);
  ir_ctx_free(c);

  CHECK_EQ(ir_op_lookup("memref.alloc", 12), IR_OP_ALLOC);
  CHECK_EQ(ir_op_lookup("cf.br", 5), IR_OP_BR);
  CHECK_EQ(ir_op_lookup("cf.brx", 6), IR_OP_UNKNOWN);
  CHECK_EQ(ir_op_lookup("cf.b", 4), IR_OP_UNKNOWN);
  CHECK_EQ(ir_op_lookup("", 0), IR_OP_UNKNOWN);
  int all = 1;
  for (uint32_t i = 0; i < IR_N_OPS; i++) {
    const IrOpInfo *in = ir_op_info(i);
    if (!in || ir_op_lookup(in->name, strlen(in->name)) != i) all = 0;
  }
  CHECK(all);
  CHECK(ir_op_info(IR_OP_UNKNOWN) == NULL);
  CHECK(ir_op_info(IR_OP_BR)->traits & IR_TR_TERMINATOR);
  CHECK(ir_op_is_inherent(IR_OP_FUNC, "sym_name", 8));
  CHECK(ir_op_is_inherent(IR_OP_FUNC, "function_type", 13));
  CHECK(ir_op_is_inherent(IR_OP_FUNC, "sym_visibility", 14));
  CHECK(!ir_op_is_inherent(IR_OP_FUNC, "sym", 3));
  CHECK(!ir_op_is_inherent(IR_OP_FUNC, "sym_name_", 9));
  CHECK(!ir_op_is_inherent(IR_OP_ADDI, "", 0));
  CHECK(!ir_op_is_inherent(IR_OP_UNKNOWN, "value", 5));
}

/* ====================================================================== */
/* builder + freeze                                                       */
/* ====================================================================== */

static uint32_t mkop(IrBuilder *b, uint32_t blk, const char *name,
                     const uint32_t *opds, uint32_t nopd, const uint32_t *rt,
                     uint32_t nres, uint32_t nreg) {
  IrOpSpec s = {0};
  s.name = ir_cstr(irb_ctx(b), name);
  s.operands = opds;
  s.n_operands = nopd;
  s.result_types = rt;
  s.n_results = nres;
  s.n_regions = nreg;
  return irb_op(b, blk, &s);
}

/* module {                                    op0, region r0, block 0
 *   %a = "t.a"() ({                           op1 -> v0, region r1
 *     ^b1(%x):  "t.d"(%x) ({ %e = "t.e"(%x) }) op3 -> region r3 (blk 3)
 *     ^b2:      "t.g"()                       op4
 *   })
 *   %c = "t.c"(%a) ({ %h = "t.h"() })         op2 -> v1, region r2 (blk 4)
 * }
 * Expected ids: blocks b1=1, b2=2; values x=v2, e=v3, h=v4; ops e=5, h=6. */
static void test_freeze(void) {
  IrCtx *c = ir_ctx_new();
  IrBuilder *b = irb_new(c);
  uint32_t i32 = ir_type_int(c, 32), idx = ir_type_index(c);
  uint32_t mod = mkop(b, IR_NONE, "builtin.module", NULL, 0, NULL, 0, 1);
  uint32_t top = irb_block(b, irb_op_region(b, mod, 0));
  /* build out of order: h's region detached first */
  uint32_t rh = irb_region(b);
  uint32_t bh = irb_block(b, rh);
  mkop(b, bh, "t.h", NULL, 0, &idx, 1, 0);
  uint32_t a = mkop(b, top, "t.a", NULL, 0, &i32, 1, 1);
  IrOpSpec sc = {0};
  sc.name = ir_cstr(c, "t.c");
  uint32_t av = irb_op_result(b, a, 0);
  sc.operands = &av;
  sc.n_operands = 1;
  sc.result_types = &i32;
  sc.n_results = 1;
  sc.regions = &rh;
  sc.n_regions = 1;
  uint32_t cop = irb_op(b, top, &sc);
  uint32_t ra = irb_op_region(b, a, 0);
  uint32_t b1 = irb_block(b, ra), b2 = irb_block(b, ra);
  /* a block argument keeps its location through freeze */
  uint32_t xl = ir_loc_file(c, ir_cstr(c, "f.mlir"), 3, 4);
  uint32_t x = irb_block_arg_loc(b, b1, idx, 0);
  irb_block_arg_set_loc(b, x, xl);
  uint32_t dop = mkop(b, b1, "t.d", &x, 1, NULL, 0, 1);
  uint32_t b3 = irb_block(b, irb_op_region(b, dop, 0));
  mkop(b, b3, "t.e", &x, 1, &i32, 1, 0);
  mkop(b, b2, "t.g", NULL, 0, NULL, 0, 0);
  CHECK_EQ(irb_region_n_blocks(b, ra), 2);
  CHECK_EQ(irb_region_block(b, ra, 1), b2);
  CHECK_EQ(irb_block_n_ops(b, top), 2);
  CHECK_EQ(irb_block_op(b, top, 1), cop);
  CHECK_EQ(irb_op_name(b, cop), ir_cstr(c, "t.c"));
  CHECK_EQ(irb_value_type(b, x), idx);
  CHECK_EQ(irb_op_region(b, cop, 0), rh);

  const char *why = "unset";
  IrModule *m = irb_freeze(b, mod, &why);
  CHECK(m != NULL);
  CHECK(why == NULL);
  if (!m) goto done;
  char buf[256];
  CHECK_EQ(ir_module_check(m, buf, sizeof buf), 0);
  CHECK_EQ(m->n_ops, 7);
  CHECK_EQ(m->n_blocks, 5);
  CHECK_EQ(m->n_regions, 4);
  CHECK_EQ(m->n_values, 5);
  CHECK_EQ(m->n_operands, 3);
  const char *names[] = {"builtin.module", "t.a", "t.c", "t.d", "t.g", "t.e", "t.h"};
  for (uint32_t i = 0; i < 7; i++)
    CHECK(!strcmp(ir_str_ptr(c, m->ops[i].name), names[i]));
  CHECK_EQ(m->ops[0].block, IR_NONE);
  CHECK_EQ(m->ops[0].opc, IR_OP_MODULE);
  CHECK_EQ(m->ops[1].opc, IR_OP_UNKNOWN);
  CHECK_EQ(m->ops[1].regions, 1);
  CHECK_EQ(m->ops[2].regions, 2);
  CHECK_EQ(m->ops[3].regions, 3);
  CHECK_EQ(m->regions[0].blocks, 0);
  CHECK_EQ(m->regions[1].blocks, 1);
  CHECK_EQ(m->regions[1].n_blocks, 2);
  CHECK_EQ(m->regions[3].blocks, 3);   /* t.d's region before t.c's */
  CHECK_EQ(m->regions[2].blocks, 4);
  CHECK_EQ(m->regions[2].op, 2);
  CHECK_EQ(m->blocks[0].ops, 1);
  CHECK_EQ(m->blocks[0].n_ops, 2);
  CHECK_EQ(m->blocks[1].ops, 3);
  CHECK_EQ(m->blocks[1].args, 2);
  CHECK_EQ(m->blocks[2].ops, 4);
  CHECK_EQ(m->blocks[3].ops, 5);
  CHECK_EQ(m->blocks[4].ops, 6);
  CHECK_EQ(m->ops[1].results, 0);
  CHECK_EQ(m->ops[2].results, 1);
  CHECK_EQ(m->ops[5].results, 3);
  CHECK_EQ(m->ops[6].results, 4);
  CHECK_EQ(m->values[2].kind, IR_VAL_ARG);
  CHECK_EQ(m->values[2].def, 1);
  CHECK_EQ(m->values[2].type, idx);
  CHECK_EQ(m->values[2].loc, xl);
  CHECK_EQ(m->values[0].loc, 0);
  CHECK_EQ(sizeof(IrValue), 16);
  m->values[0].loc = xl;   /* a result has no location of its own */
  CHECK_EQ(ir_module_check(m, buf, sizeof buf), -1);
  m->values[0].loc = 0;
  CHECK_EQ(m->values[4].def, 6);
  CHECK_EQ(ir_operand(m, 2, 0), 0);    /* t.c uses %a */
  CHECK_EQ(ir_operand(m, 3, 0), 2);    /* t.d uses %x */
  CHECK_EQ(ir_operand(m, 5, 0), 2);    /* t.e uses %x */
  CHECK_EQ(m->ops[5].operands, 2);
  CHECK_EQ(ir_op_parent(m, 5), 3);
  CHECK_EQ(ir_op_parent(m, 6), 2);
  CHECK_EQ(ir_op_parent(m, 1), 0);
  CHECK_EQ(ir_op_parent(m, 0), IR_NONE);
  CHECK_EQ(ir_block_parent_op(m, 2), 1);
  ir_module_free(m);
done:
  irb_free(b);
  ir_ctx_free(c);
}

/* irb_block_append_ops: detached ops attached in the order given, after
 * the block's ops, into an empty block too; freeze lays them out so. */
static void test_append_ops(void) {
  IrCtx *c = ir_ctx_new();
  IrBuilder *b = irb_new(c);
  uint32_t mod = mkop(b, IR_NONE, "builtin.module", NULL, 0, NULL, 0, 1);
  uint32_t top = irb_block(b, irb_op_region(b, mod, 0));
  uint32_t x = mkop(b, IR_NONE, "t.x", NULL, 0, NULL, 0, 0);
  uint32_t y = mkop(b, IR_NONE, "t.y", NULL, 0, NULL, 0, 0);
  uint32_t z = mkop(b, IR_NONE, "t.z", NULL, 0, NULL, 0, 0);
  uint32_t w = mkop(b, IR_NONE, "t.w", NULL, 0, NULL, 0, 0);
  uint32_t first[2] = {z, x}, then[2] = {w, y};
  irb_block_append_ops(b, top, first, 2);
  irb_block_append_ops(b, top, then, 0);
  irb_block_append_ops(b, top, then, 2);
  CHECK_EQ(irb_block_n_ops(b, top), 4);
  CHECK_EQ(irb_block_op(b, top, 0), z);
  CHECK_EQ(irb_block_op(b, top, 1), x);
  CHECK_EQ(irb_block_op(b, top, 2), w);
  CHECK_EQ(irb_block_op(b, top, 3), y);
  IrModule *m = irb_freeze(b, mod, NULL);
  CHECK(m != NULL);
  if (m) {
    const char *want[4] = {"t.z", "t.x", "t.w", "t.y"};
    CHECK_EQ(m->n_ops, 5);
    for (uint32_t i = 0; i < 4 && i + 1 < m->n_ops; i++)
      CHECK_EQ(m->ops[i + 1].name, ir_cstr(c, want[i]));
    ir_module_free(m);
  }
  irb_free(b);
  ir_ctx_free(c);
}

static void test_placeholders(void) {
  IrCtx *c = ir_ctx_new();
  IrBuilder *b = irb_new(c);
  uint32_t i32 = ir_type_int(c, 32);
  uint32_t mod = mkop(b, IR_NONE, "builtin.module", NULL, 0, NULL, 0, 1);
  uint32_t top = irb_block(b, irb_op_region(b, mod, 0));
  uint32_t p1 = irb_placeholder(b, i32), p2 = irb_placeholder(b, i32);
  uint32_t unused = irb_placeholder(b, i32);
  (void)unused;
  CHECK_EQ(irb_value_type(b, p1), i32);
  uint32_t uses[] = {p1, p2, p1};
  uint32_t u = mkop(b, top, "t.use", uses, 3, NULL, 0, 0);
  uint32_t d = mkop(b, top, "t.def", NULL, 0, &i32, 1, 0);
  (void)u;
  const char *why = NULL;
  IrModule *m = irb_freeze(b, mod, &why);
  CHECK(m == NULL);
  CHECK(why && strstr(why, "unresolved"));
  irb_resolve(b, p1, p2);                    /* a chain: p1 -> p2 -> d */
  m = irb_freeze(b, mod, &why);
  CHECK(m == NULL);
  irb_resolve(b, p2, irb_op_result(b, d, 0));
  m = irb_freeze(b, mod, &why);
  CHECK(m != NULL);
  if (m) {
    CHECK_EQ(ir_module_check(m, NULL, 0), 0);
    CHECK_EQ(ir_operand(m, 1, 0), 0);
    CHECK_EQ(ir_operand(m, 1, 1), 0);
    CHECK_EQ(ir_operand(m, 1, 2), 0);
    CHECK_EQ(m->values[0].def, 2);
    ir_module_free(m);
  }
  /* a use of a value outside the frozen tree */
  uint32_t other = mkop(b, IR_NONE, "t.root", NULL, 0, &i32, 1, 0);
  uint32_t ov = irb_op_result(b, other, 0);
  mkop(b, top, "t.use2", &ov, 1, NULL, 0, 0);
  m = irb_freeze(b, mod, &why);
  CHECK(m == NULL);
  /* freezing another root works */
  m = irb_freeze(b, other, &why);
  CHECK(m != NULL);
  if (m) {
    CHECK_EQ(m->n_ops, 1);
    CHECK_EQ(m->ops[0].block, IR_NONE);
    CHECK_EQ(ir_module_check(m, NULL, 0), 0);
    ir_module_free(m);
  }
  /* detached blocks: a successor to one that was never placed fails */
  uint32_t r = irb_region(b);
  uint32_t e = irb_block(b, r);
  uint32_t later = irb_block_detached(b);
  IrBSucc s = {later, 0, 0};
  IrOpSpec sp = {0};
  sp.name = ir_cstr(c, "t.br");
  sp.succs = &s;
  sp.n_succs = 1;
  irb_op(b, e, &sp);
  uint32_t holder = mkop(b, IR_NONE, "t.holder", NULL, 0, NULL, 0, 0);
  (void)holder;
  IrOpSpec hs = {0};
  hs.name = ir_cstr(c, "t.holder");
  hs.regions = &r;
  hs.n_regions = 1;
  uint32_t h2 = irb_op(b, IR_NONE, &hs);
  m = irb_freeze(b, h2, &why);
  CHECK(m == NULL);
  irb_region_append_block(b, r, later);
  m = irb_freeze(b, h2, &why);
  CHECK(m != NULL);
  if (m) {
    CHECK_EQ(m->succs[0].block, 1);
    CHECK_EQ(ir_module_check(m, NULL, 0), 0);
    ir_module_free(m);
  }
  irb_free(b);
  ir_ctx_free(c);
}

/* ====================================================================== */
/* ir_module_check on corrupted copies                                    */
/* ====================================================================== */

static IrModule *clone(const IrModule *m) {
  IrModule *n = ir_module_alloc(m->ctx, m->n_ops, m->n_operands, m->n_values,
                                m->n_blocks, m->n_regions, m->n_succs);
  memcpy(n->ops, m->ops, m->n_ops * sizeof *m->ops);
  memcpy(n->operands, m->operands, m->n_operands * sizeof *m->operands);
  memcpy(n->values, m->values, m->n_values * sizeof *m->values);
  memcpy(n->blocks, m->blocks, m->n_blocks * sizeof *m->blocks);
  memcpy(n->regions, m->regions, m->n_regions * sizeof *m->regions);
  memcpy(n->succs, m->succs, m->n_succs * sizeof *m->succs);
  return n;
}

/* A module with a branch, so every array is non-empty:
 * module { "t.f"() ({ ^0(%a): "cf.br"(%a)[^1]  ^1(%b): "t.ret"(%b) }) } */
static IrModule *branchy(IrCtx *c) {
  IrBuilder *b = irb_new(c);
  uint32_t i32 = ir_type_int(c, 32);
  uint32_t mod = mkop(b, IR_NONE, "builtin.module", NULL, 0, NULL, 0, 1);
  uint32_t top = irb_block(b, irb_op_region(b, mod, 0));
  uint32_t f = mkop(b, top, "t.f", NULL, 0, NULL, 0, 1);
  uint32_t r = irb_op_region(b, f, 0);
  uint32_t e = irb_block(b, r), x = irb_block(b, r);
  uint32_t a = irb_block_arg(b, e, i32), bb = irb_block_arg(b, x, i32);
  IrBSucc s = {x, 0, 1};
  IrOpSpec sp = {0};
  sp.name = ir_cstr(c, "cf.br");
  sp.operands = &a;
  sp.n_operands = 1;
  sp.succs = &s;
  sp.n_succs = 1;
  irb_op(b, e, &sp);
  mkop(b, x, "t.ret", &bb, 1, NULL, 0, 0);
  IrModule *m = irb_freeze(b, mod, NULL);
  irb_free(b);
  return m;
}

static uint32_t rnd_state = 12345;
static uint32_t rnd(void) {
  rnd_state ^= rnd_state << 13;
  rnd_state ^= rnd_state >> 17;
  rnd_state ^= rnd_state << 5;
  return rnd_state;
}

static void test_check(void) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = branchy(c);
  CHECK(m != NULL);
  if (!m) return;
  char why[200];
  CHECK_EQ(ir_module_check(m, why, sizeof why), 0);
  CHECK_EQ(m->succs[0].operands, m->ops[2].operands);

#define CORRUPT(stmt)                                                    \
  do {                                                                   \
    IrModule *x = clone(m);                                              \
    stmt;                                                                \
    CHECK(ir_module_check(x, why, sizeof why) == -1 && why[0]);           \
    ir_module_free(x);                                                   \
  } while (0)
  CORRUPT(x->ops[0].block = 0);
  CORRUPT(x->ops[2].block = 2);
  CORRUPT(x->ops[1].regions = 7);
  CORRUPT(x->ops[1].n_regions = 2);
  CORRUPT(x->ops[2].operands = 1);
  CORRUPT(x->ops[2].n_operands = 5);
  CORRUPT(x->ops[3].n_operands = 0);
  CORRUPT(x->ops[2].results = 1000);
  CORRUPT(x->ops[2].n_results = 1);
  CORRUPT(x->ops[2].succs = 1);
  CORRUPT(x->ops[2].n_succs = 0);
  CORRUPT(x->ops[2].name = 100000);
  CORRUPT(x->ops[2].name = 0);
  CORRUPT(x->ops[2].opc = IR_OP_UNKNOWN);
  CORRUPT(x->ops[3].opc = IR_OP_BR);
  CORRUPT(x->ops[2].loc = 999);
  CORRUPT(x->ops[2].props = 999);
  CORRUPT(x->ops[2].props = ir_attr_unit(c));
  CORRUPT(x->ops[2].attrs = ir_attr_int(c, 1, 0));
  CORRUPT(x->ops[2].flags = 1);
  CORRUPT(x->operands[0] = 99);
  CORRUPT(x->values[0].type = 0);
  CORRUPT(x->values[0].type = 5000);
  CORRUPT(x->values[0].kind = IR_VAL_RESULT);
  CORRUPT(x->values[1].def = 1);
  CORRUPT(x->values[1].num = 1);
  CORRUPT(x->values[0].loc = 99999);  /* argument location not in the ctx */
  CORRUPT(x->blocks[1].ops = 0xffffffffu);
  CORRUPT(x->blocks[1].n_ops = 0xfffffff0u);
  CORRUPT(x->blocks[1].args = 5);
  CORRUPT(x->blocks[1].n_args = 2);
  CORRUPT(x->blocks[2].region = 0);
  CORRUPT(x->blocks[0].n_ops = 0);
  CORRUPT(x->regions[1].blocks = 2);
  CORRUPT(x->regions[1].n_blocks = 1);
  CORRUPT(x->regions[1].n_blocks = 3);
  CORRUPT(x->regions[0].op = 1);
  CORRUPT(x->succs[0].block = 3);
  CORRUPT(x->succs[0].operands = 1);
  CORRUPT(x->succs[0].n_operands = 2);
  CORRUPT(x->succs[0].operands = 0xffffffffu);
  CORRUPT(x->n_ops = 3);
  CORRUPT(x->n_values = 1);
  CORRUPT(x->n_operands = 1);
  CORRUPT((x->n_blocks = 2, x->n_regions = 1));
  CORRUPT(x->n_succs = 0);
  CORRUPT(x->n_ops = 0);
  CORRUPT(x->n_ops = IR_MAX_COUNT + 1);
  {
    /* swapped ops: every index in range, order wrong */
    IrModule *x = clone(m);
    IrOp t = x->ops[2];
    x->ops[2] = x->ops[3];
    x->ops[3] = t;
    CHECK(ir_module_check(x, why, sizeof why) == -1);
    ir_module_free(x);
  }

  /* random garbage: random fields of random entities set to random (often
   * boundary) values; must never crash (run under sanitize=1). */
  int rejected = 0, rounds = 20000;
  for (int i = 0; i < rounds; i++) {
    IrModule *x = clone(m);
    int nmut = 1 + rnd() % 3;
    for (int k = 0; k < nmut; k++) {
      uint32_t vals[] = {0, 1, 2, 3, 4, 5, IR_NONE, IR_NONE - 1, 0x7fffffffu,
                         IR_MAX_COUNT, rnd()};
      uint32_t val = vals[rnd() % (sizeof vals / sizeof *vals)];
      uint32_t *field;
      switch (rnd() % 6) {
      case 0: field = (uint32_t *)&x->ops[rnd() % x->n_ops] + rnd() % (sizeof(IrOp) / 4); break;
      case 1: field = &x->operands[rnd() % x->n_operands]; break;
      case 2: field = (uint32_t *)&x->values[rnd() % x->n_values] + rnd() % 4; break;
      case 3: field = (uint32_t *)&x->blocks[rnd() % x->n_blocks] + rnd() % 5; break;
      case 4: field = (uint32_t *)&x->regions[rnd() % x->n_regions] + rnd() % 3; break;
      default: field = (uint32_t *)&x->succs[rnd() % x->n_succs] + rnd() % 3; break;
      }
      *field = val;
    }
    if (ir_module_check(x, why, sizeof why)) rejected++;
    else {
      /* accepted mutations must leave a module the verifier can walk */
      IrDiag d;
      ir_diag_init(&d, NULL);
      ir_verify(x, &d);
    }
    ir_module_free(x);
  }
  CHECK(rejected > rounds / 2);
  ir_module_free(m);
  ir_ctx_free(c);
}

/* ====================================================================== */
/* verifier                                                               */
/* ====================================================================== */

typedef struct Fn {
  IrCtx *c;
  IrBuilder *b;
  uint32_t mod, body;     /* module op, func entry block */
  uint32_t region;        /* the func's body region */
  uint32_t i32, line;
  uint32_t arg;           /* %arg0 */
} Fn;

static uint32_t loc(Fn *f) {
  return ir_loc_file(f->c, ir_cstr(f->c, "v.mlir"), ++f->line, 3);
}

/* module { func.func @f(%arg0: i32) { <body> } } */
static void fn_begin(Fn *f) {
  f->c = ir_ctx_new();
  f->b = irb_new(f->c);
  f->line = 0;
  IrCtx *c = f->c;
  f->i32 = ir_type_int(c, 32);
  f->mod = mkop(f->b, IR_NONE, "builtin.module", NULL, 0, NULL, 0, 1);
  uint32_t top = irb_block(f->b, irb_op_region(f->b, f->mod, 0));
  uint32_t ft = ir_type_func(c, 1, &f->i32, 0, NULL);
  uint32_t props = ir_dict_set(c, ir_dict_set(c, 0, ir_cstr(c, "sym_name"),
                                              ir_attr_string(c, "f", 1)),
                               ir_cstr(c, "function_type"), ir_attr_type(c, ft));
  IrOpSpec s = {0};
  s.name = ir_cstr(c, "func.func");
  s.n_regions = 1;
  s.props = props;
  s.loc = loc(f);
  uint32_t fn = irb_op(f->b, top, &s);
  f->region = irb_op_region(f->b, fn, 0);
  f->body = irb_block(f->b, f->region);
  f->arg = irb_block_arg(f->b, f->body, f->i32);
}

static uint32_t fn_arg(Fn *f) { return f->arg; }

static uint32_t op_at(Fn *f, uint32_t blk, const char *name, const uint32_t *opds,
                      uint32_t n, uint32_t nres) {
  IrOpSpec s = {0};
  s.name = ir_cstr(f->c, name);
  s.operands = opds;
  s.n_operands = n;
  /* conditions are i1 so cf.cond_br's own checks are happy */
  uint32_t t = !strcmp(name, "test.cond") ? ir_type_int(f->c, 1) : f->i32;
  uint32_t rt[2] = {t, t};
  s.result_types = rt;
  s.n_results = nres;
  s.loc = loc(f);
  return irb_op(f->b, blk, &s);
}

static uint32_t br_at(Fn *f, uint32_t blk, uint32_t target, const uint32_t *opds,
                      uint32_t n) {
  IrBSucc s = {target, 0, n};
  IrOpSpec sp = {0};
  sp.name = ir_cstr(f->c, "cf.br");
  sp.operands = opds;
  sp.n_operands = n;
  sp.succs = &s;
  sp.n_succs = 1;
  sp.loc = loc(f);
  return irb_op(f->b, blk, &sp);
}

/* Freeze, verify, and return the diagnostics ("" if it verified). */
static const char *fn_end(Fn *f, int *rc) {
  static char out[8192];
  out[0] = 0;
  *rc = 99;
  const char *why = NULL;
  IrModule *m = irb_freeze(f->b, f->mod, &why);
  if (m) {
    CHECK_EQ(ir_module_check(m, NULL, 0), 0);
    FILE *tf = tmpfile();
    IrDiag d;
    ir_diag_init(&d, tf);
    *rc = ir_verify(m, &d);
    snprintf(out, sizeof out, "%s", diag_text(tf));
    fclose(tf);
    ir_module_free(m);
  } else {
    snprintf(out, sizeof out, "freeze failed: %s", why);
  }
  irb_free(f->b);
  ir_ctx_free(f->c);
  return out;
}

#define EXPECT_OK(f)                                                     \
  do {                                                                   \
    int rc_;                                                             \
    const char *o_ = fn_end(&(f), &rc_);                                 \
    CHECK(rc_ == 0 && !o_[0]);                                           \
    if (rc_ || o_[0]) printf("  got: %s\n", o_);                         \
  } while (0)
#define EXPECT_ERR(f, msg)                                               \
  do {                                                                   \
    int rc_;                                                             \
    const char *o_ = fn_end(&(f), &rc_);                                 \
    CHECK(rc_ == -1 && strstr(o_, msg));                                 \
    if (rc_ != -1 || !strstr(o_, msg)) printf("  got: %s\n", o_);        \
  } while (0)

static void test_verify(void) {
  Fn f;
  uint32_t a, x, y;

  /* valid: straight line */
  fn_begin(&f);
  a = fn_arg(&f);
  x = irb_op_result(f.b, op_at(&f, f.body, "arith.addi", (uint32_t[]){a, a}, 2, 1), 0);
  op_at(&f, f.body, "arith.addi", (uint32_t[]){x, a}, 2, 1);
  op_at(&f, f.body, "func.return", NULL, 0, 0);
  EXPECT_OK(f);

  /* use before def in one block */
  fn_begin(&f);
  a = fn_arg(&f);
  uint32_t ph = irb_placeholder(f.b, f.i32);
  op_at(&f, f.body, "arith.addi", (uint32_t[]){ph, a}, 2, 1);
  x = irb_op_result(f.b, op_at(&f, f.body, "arith.addi", (uint32_t[]){a, a}, 2, 1), 0);
  irb_resolve(f.b, ph, x);
  op_at(&f, f.body, "func.return", NULL, 0, 0);
  EXPECT_ERR(f, "v.mlir:2:3: error: operand #0 does not dominate this use\n"
                "v.mlir:3:3: note: operand defined here (op in the same block)");

  /* an op using its own result */
  fn_begin(&f);
  ph = irb_placeholder(f.b, f.i32);
  x = irb_op_result(f.b, op_at(&f, f.body, "arith.addi", (uint32_t[]){fn_arg(&f), ph}, 2, 1), 0);
  irb_resolve(f.b, ph, x);
  op_at(&f, f.body, "func.return", NULL, 0, 0);
  EXPECT_ERR(f, "operand #1 does not dominate this use");

  /* wrong counts */
  fn_begin(&f);
  op_at(&f, f.body, "arith.addi", (uint32_t[]){fn_arg(&f)}, 1, 1);
  op_at(&f, f.body, "func.return", NULL, 0, 0);
  EXPECT_ERR(f, "v.mlir:2:3: error: 'arith.addi' op expected 2 operands, but found 1");
  fn_begin(&f);
  op_at(&f, f.body, "arith.addi", (uint32_t[]){fn_arg(&f), fn_arg(&f)}, 2, 2);
  op_at(&f, f.body, "func.return", NULL, 0, 0);
  EXPECT_ERR(f, "'arith.addi' op requires one result");
  fn_begin(&f);
  op_at(&f, f.body, "memref.dealloc", NULL, 0, 0);
  op_at(&f, f.body, "func.return", NULL, 0, 0);
  EXPECT_ERR(f, "'memref.dealloc' op requires a single operand");
  fn_begin(&f);
  op_at(&f, f.body, "arith.constant", (uint32_t[]){fn_arg(&f)}, 1, 1);
  op_at(&f, f.body, "func.return", NULL, 0, 0);
  EXPECT_ERR(f, "'arith.constant' op requires zero operands");

  /* "N or more" counts */
  fn_begin(&f);
  op_at(&f, f.body, "memref.load", NULL, 0, 1);
  op_at(&f, f.body, "func.return", NULL, 0, 0);
  EXPECT_ERR(f, "'memref.load' op expected 1 or more operands, but found 0");
  fn_begin(&f);
  op_at(&f, f.body, "memref.extract_strided_metadata", (uint32_t[]){fn_arg(&f)}, 1, 1);
  op_at(&f, f.body, "func.return", NULL, 0, 0);
  EXPECT_ERR(f, "'memref.extract_strided_metadata' op expected 2 or more results");
  fn_begin(&f);
  op_at(&f, f.body, "cf.switch", (uint32_t[]){fn_arg(&f)}, 1, 0);
  EXPECT_ERR(f, "'cf.switch' op requires at least 1 successors but found 0");
  fn_begin(&f);
  op_at(&f, f.body, "cf.br", NULL, 0, 0);
  EXPECT_ERR(f, "'cf.br' op requires 1 successor but found 0");
  fn_begin(&f);
  op_at(&f, f.body, "scf.if", (uint32_t[]){fn_arg(&f)}, 1, 0);
  op_at(&f, f.body, "func.return", NULL, 0, 0);
  EXPECT_ERR(f, "'scf.if' op expected 2 regions");

  /* missing terminator; terminator not last */
  fn_begin(&f);
  op_at(&f, f.body, "arith.addi", (uint32_t[]){fn_arg(&f), fn_arg(&f)}, 2, 1);
  EXPECT_ERR(f, "v.mlir:2:3: error: block with no terminator, has %0 = \"arith.addi\"(%arg0, "
                "%arg0) : (i32, i32) -> i32\n");
  fn_begin(&f);
  op_at(&f, f.body, "func.return", NULL, 0, 0);
  op_at(&f, f.body, "arith.addi", (uint32_t[]){fn_arg(&f), fn_arg(&f)}, 2, 1);
  op_at(&f, f.body, "func.return", NULL, 0, 0);
  EXPECT_ERR(f, "v.mlir:2:3: error: 'func.return' op must be the last operation in the parent block");
  /* an unknown op may terminate a block */
  fn_begin(&f);
  op_at(&f, f.body, "test.unknown_terminator", NULL, 0, 0);
  EXPECT_OK(f);
  /* an empty block of a multi-block region */
  fn_begin(&f);
  br_at(&f, f.body, irb_block(f.b, f.region), NULL, 0);
  EXPECT_ERR(f, "v.mlir:1:3: error: empty block: expect at least a terminator");

  /* successor arguments */
  fn_begin(&f);
  a = fn_arg(&f);
  uint32_t b1 = irb_block(f.b, f.region);
  irb_block_arg(f.b, b1, f.i32);
  irb_block_arg(f.b, b1, f.i32);
  br_at(&f, f.body, b1, &a, 1);
  op_at(&f, b1, "func.return", NULL, 0, 0);
  EXPECT_ERR(f, "v.mlir:2:3: error: branch has 1 operands for successor #0, but target block has 2");
  fn_begin(&f);
  a = fn_arg(&f);
  b1 = irb_block(f.b, f.region);
  irb_block_arg(f.b, b1, ir_type_index(f.c));
  br_at(&f, f.body, b1, &a, 1);
  op_at(&f, b1, "func.return", NULL, 0, 0);
  EXPECT_ERR(f, "type mismatch for bb argument #0 of successor #0");
  /* branching to the entry block */
  fn_begin(&f);
  br_at(&f, f.body, f.body, (uint32_t[]){fn_arg(&f)}, 1);
  EXPECT_ERR(f, "entry block of region may not have predecessors");
  /* branch out of the middle of a block */
  fn_begin(&f);
  b1 = irb_block(f.b, f.region);
  br_at(&f, f.body, b1, NULL, 0);
  op_at(&f, f.body, "func.return", NULL, 0, 0);
  op_at(&f, b1, "func.return", NULL, 0, 0);
  EXPECT_ERR(f, "operation with block successors must terminate its parent block");

  /* CFG dominance: diamond; def in one arm, use at the join */
  for (int variant = 0; variant < 3; variant++) {
    fn_begin(&f);
    a = fn_arg(&f);
    uint32_t bt = irb_block(f.b, f.region), bf = irb_block(f.b, f.region);
    uint32_t bj = irb_block(f.b, f.region);
    uint32_t c1 = irb_op_result(f.b, op_at(&f, f.body, "test.cond", NULL, 0, 1), 0);
    if (variant == 2) x = irb_op_result(f.b, op_at(&f, f.body, "arith.addi", (uint32_t[]){a, a}, 2, 1), 0);
    IrBSucc ss[2] = {{bt, 1, 0}, {bf, 1, 0}};
    IrOpSpec sp = {0};
    sp.name = ir_cstr(f.c, "cf.cond_br");
    sp.operands = &c1;
    sp.n_operands = 1;
    sp.succs = ss;
    sp.n_succs = 2;
    sp.loc = loc(&f);
    sp.props = ir_dict_set(f.c, 0, ir_cstr(f.c, "operandSegmentSizes"),
                           ir_attr_dense_i32(f.c, 3, (int64_t[]){1, 0, 0}));
    irb_op(f.b, f.body, &sp);
    if (variant < 2) x = irb_op_result(f.b, op_at(&f, bt, "arith.addi", (uint32_t[]){a, a}, 2, 1), 0);
    br_at(&f, bt, bj, NULL, 0);
    br_at(&f, bf, bj, NULL, 0);
    if (variant == 1) {
      /* the use sits in an op nested in the join block */
      IrOpSpec ns = {0};
      ns.name = ir_cstr(f.c, "test.wrap");
      ns.n_regions = 1;
      uint32_t w = irb_op(f.b, bj, &ns);
      uint32_t wb = irb_block(f.b, irb_op_region(f.b, w, 0));
      op_at(&f, wb, "arith.addi", (uint32_t[]){x, a}, 2, 1);
    } else {
      op_at(&f, bj, "arith.addi", (uint32_t[]){x, a}, 2, 1);
    }
    op_at(&f, bj, "func.return", NULL, 0, 0);
    if (variant == 2) EXPECT_OK(f);
    else if (variant == 0)
      EXPECT_ERR(f, "operand #0 does not dominate this use\n"
                    "v.mlir:4:3: note: operand defined here (op in the same region)");
    else
      EXPECT_ERR(f, "operand #0 does not dominate this use\n"
                    "v.mlir:4:3: note: operand defined here (op in a parent region)");
  }

  /* a loop: the header dominates the body; an unreachable block is not
   * checked */
  fn_begin(&f);
  a = fn_arg(&f);
  uint32_t hd = irb_block(f.b, f.region), bd = irb_block(f.b, f.region);
  uint32_t dead = irb_block(f.b, f.region);
  uint32_t hv = irb_block_arg(f.b, hd, f.i32);
  br_at(&f, f.body, hd, &a, 1);
  x = irb_op_result(f.b, op_at(&f, hd, "arith.addi", (uint32_t[]){hv, a}, 2, 1), 0);
  op_at(&f, hd, "test.maybe_exit", NULL, 0, 0);  /* unknown: no succs known */
  y = irb_op_result(f.b, op_at(&f, bd, "arith.addi", (uint32_t[]){x, hv}, 2, 1), 0);
  br_at(&f, bd, hd, &y, 1);
  ph = irb_placeholder(f.b, f.i32);
  op_at(&f, dead, "arith.addi", (uint32_t[]){ph, ph}, 2, 1);
  irb_resolve(f.b, ph, y);
  op_at(&f, dead, "func.return", NULL, 0, 0);
  EXPECT_OK(f);

  /* using a block argument of a block that does not dominate */
  fn_begin(&f);
  a = fn_arg(&f);
  b1 = irb_block(f.b, f.region);
  uint32_t b2 = irb_block(f.b, f.region);
  uint32_t arg1 = irb_block_arg(f.b, b1, f.i32);
  IrBSucc ss2[2] = {{b1, 1, 1}, {b2, 2, 0}};
  IrOpSpec sp2 = {0};
  sp2.name = ir_cstr(f.c, "cf.cond_br");
  uint32_t c2 = irb_op_result(f.b, op_at(&f, f.body, "test.cond", NULL, 0, 1), 0);
  sp2.operands = (uint32_t[]){c2, a};
  sp2.n_operands = 2;
  sp2.succs = ss2;
  sp2.n_succs = 2;
  sp2.loc = loc(&f);
  sp2.props = ir_dict_set(f.c, 0, ir_cstr(f.c, "operandSegmentSizes"),
                          ir_attr_dense_i32(f.c, 3, (int64_t[]){1, 1, 0}));
  irb_op(f.b, f.body, &sp2);
  op_at(&f, b1, "func.return", NULL, 0, 0);
  op_at(&f, b2, "arith.addi", (uint32_t[]){arg1, a}, 2, 1);
  op_at(&f, b2, "func.return", NULL, 0, 0);
  EXPECT_ERR(f, "operand #0 does not dominate this use\n"
                "v.mlir:1:3: note: operand defined as a block argument (block #1 in the same region)");

  /* isolation: a nested module using the outer func's argument (checked
   * as the walk leaves the module: its ops verified first) */
  fn_begin(&f);
  a = fn_arg(&f);
  {
    IrOpSpec s = {0};
    s.name = ir_cstr(f.c, "builtin.module");
    s.n_regions = 1;
    s.loc = loc(&f);
    uint32_t inner = irb_op(f.b, f.body, &s);
    uint32_t ib = irb_block(f.b, irb_op_region(f.b, inner, 0));
    op_at(&f, ib, "arith.addi", (uint32_t[]){a, a}, 2, 1);
  }
  op_at(&f, f.body, "func.return", NULL, 0, 0);
  EXPECT_ERR(f, "v.mlir:3:3: error: 'arith.addi' op using value defined outside the region\n"
                "v.mlir:2:3: note: required by region isolation constraints");

  /* an unregistered op's region sees outer values (not isolated) and is a
   * graph region: order inside it is free */
  fn_begin(&f);
  a = fn_arg(&f);
  {
    IrOpSpec s = {0};
    s.name = ir_cstr(f.c, "test.graph");
    s.n_regions = 1;
    s.loc = loc(&f);
    uint32_t g = irb_op(f.b, f.body, &s);
    uint32_t gb = irb_block(f.b, irb_op_region(f.b, g, 0));
    ph = irb_placeholder(f.b, f.i32);
    op_at(&f, gb, "arith.addi", (uint32_t[]){ph, a}, 2, 1);
    x = irb_op_result(f.b, op_at(&f, gb, "arith.addi", (uint32_t[]){a, a}, 2, 1), 0);
    irb_resolve(f.b, ph, x);
  }
  op_at(&f, f.body, "func.return", NULL, 0, 0);
  EXPECT_OK(f);

  /* a value defined inside a nested region used after it */
  fn_begin(&f);
  a = fn_arg(&f);
  {
    IrOpSpec s = {0};
    s.name = ir_cstr(f.c, "scf.execute_region");
    s.n_regions = 1;
    s.loc = loc(&f);
    uint32_t er = irb_op(f.b, f.body, &s);
    uint32_t eb = irb_block(f.b, irb_op_region(f.b, er, 0));
    x = irb_op_result(f.b, op_at(&f, eb, "arith.addi", (uint32_t[]){a, a}, 2, 1), 0);
    op_at(&f, eb, "scf.yield", NULL, 0, 0);
  }
  op_at(&f, f.body, "arith.addi", (uint32_t[]){x, a}, 2, 1);
  op_at(&f, f.body, "func.return", NULL, 0, 0);
  EXPECT_ERR(f, "v.mlir:5:3: error: operand #0 does not dominate this use");

  /* an op using the result of an op that encloses it */
  fn_begin(&f);
  a = fn_arg(&f);
  {
    IrOpSpec s = {0};
    s.name = ir_cstr(f.c, "scf.execute_region");
    s.n_regions = 1;
    s.result_types = &f.i32;
    s.n_results = 1;
    s.loc = loc(&f);
    uint32_t er = irb_op(f.b, f.body, &s);
    uint32_t eb = irb_block(f.b, irb_op_region(f.b, er, 0));
    x = irb_op_result(f.b, er, 0);
    op_at(&f, eb, "scf.yield", &x, 1, 0);
  }
  op_at(&f, f.body, "func.return", NULL, 0, 0);
  EXPECT_ERR(f, "operand #0 does not dominate this use");
}

/* A conditional branch whose successors take the operands [first0,
 * +n0) and [first1, +n1) of (cond, a, a), with operand segments `seg`
 * (and, for cf.switch, case_operand_segments `cases`, one entry). */
static void branch_with(Fn *f, const char *name, const int64_t *seg, const int64_t *cases,
                        uint32_t first0, uint32_t n0, uint32_t first1, uint32_t n1) {
  IrCtx *c = f->c;
  uint32_t a = fn_arg(f);
  uint32_t cond = !strcmp(name, "cf.cond_br")
                      ? irb_op_result(f->b, op_at(f, f->body, "test.cond", NULL, 0, 1), 0)
                      : a;
  uint32_t b1 = irb_block(f->b, f->region), b2 = irb_block(f->b, f->region);
  irb_block_arg(f->b, b1, f->i32);
  irb_block_arg(f->b, b2, f->i32);
  uint32_t props = ir_dict_set(c, 0, ir_cstr(c, "operandSegmentSizes"),
                               ir_attr_dense_i32(c, 3, seg));
  if (cases) {
    props = ir_dict_set(c, props, ir_cstr(c, "case_operand_segments"),
                        ir_attr_dense_i32(c, 1, cases));
  }
  IrBSucc sc[2] = {{b1, first0, n0}, {b2, first1, n1}};
  IrOpSpec sp = {0};
  sp.name = ir_cstr(c, name);
  sp.operands = (uint32_t[]){cond, a, a};
  sp.n_operands = 3;
  sp.succs = sc;
  sp.n_succs = 2;
  sp.props = props;
  sp.loc = loc(f);
  irb_op(f->b, f->body, &sp);
  op_at(f, b1, "func.return", NULL, 0, 0);
  op_at(f, b2, "func.return", NULL, 0, 0);
}

/* Successor operand ranges must be the ones the operand segments give:
 * the text's generic form derives them from the properties, but bytecode
 * stores both, and a printer going by either would print another
 * program. */
static void test_branch_ranges(void) {
  Fn f;
  const int64_t seg[3] = {1, 1, 1}, one = 1;
  fn_begin(&f);
  branch_with(&f, "cf.cond_br", seg, NULL, 1, 1, 2, 1);
  EXPECT_OK(f);
  fn_begin(&f);
  branch_with(&f, "cf.cond_br", seg, NULL, 2, 1, 1, 1); /* swapped */
  EXPECT_ERR(f, "v.mlir:3:3: error: 'cf.cond_br' op successor #0's operands are not the "
                "ones its operand segments give it");
  fn_begin(&f);
  branch_with(&f, "cf.switch", seg, &one, 1, 1, 2, 1);
  EXPECT_OK(f);
  fn_begin(&f);
  branch_with(&f, "cf.switch", seg, &one, 1, 1, 1, 1); /* the case takes the default's */
  EXPECT_ERR(f, "v.mlir:2:3: error: 'cf.switch' op successor #1's operands are not the "
                "ones its operand segments give it");
}

/* Rules of the module body: a graph region (any order) of at most one
 * block, needing no terminator; and branches across regions. */
static void test_verify_module(void) {
  Fn f;
  /* use before def directly in the module body is fine */
  fn_begin(&f);
  {
    uint32_t top = irb_region_block(f.b, irb_op_region(f.b, f.mod, 0), 0);
    uint32_t ph = irb_placeholder(f.b, f.i32);
    op_at(&f, top, "test.use", &ph, 1, 0);
    uint32_t d = op_at(&f, top, "test.def", NULL, 0, 1);
    irb_resolve(f.b, ph, irb_op_result(f.b, d, 0));
  }
  op_at(&f, f.body, "func.return", NULL, 0, 0);
  EXPECT_OK(f);
  /* a second block in the module */
  fn_begin(&f);
  op_at(&f, f.body, "func.return", NULL, 0, 0);
  op_at(&f, irb_block(f.b, irb_op_region(f.b, f.mod, 0)), "test.x", NULL, 0, 0);
  EXPECT_ERR(f, "'builtin.module' op expects region #0 to have 0 or 1 blocks");
  /* a branch into another region */
  fn_begin(&f);
  {
    IrOpSpec s = {0};
    s.name = ir_cstr(f.c, "test.holder");
    s.n_regions = 1;
    s.loc = loc(&f);
    uint32_t h = irb_op(f.b, f.body, &s);
    uint32_t hb = irb_block(f.b, irb_op_region(f.b, h, 0));
    uint32_t b1 = irb_block(f.b, f.region);
    br_at(&f, hb, b1, NULL, 0);
    op_at(&f, f.body, "func.return", NULL, 0, 0);
    op_at(&f, b1, "func.return", NULL, 0, 0);
  }
  EXPECT_ERR(f, "v.mlir:3:3: error: 'cf.br' op branching to block of a different region");
}

/* Deep nesting and a long CFG: freeze, check and verify use explicit
 * stacks, so neither may overflow the C stack or go quadratic. */
static void test_depth_limit(void) {
  for (int depth = IR_MAX_DEPTH - 1; depth <= IR_MAX_DEPTH; depth++) {
    IrCtx *c = ir_ctx_new();
    IrBuilder *b = irb_new(c);
    uint32_t mod = mkop(b, IR_NONE, "builtin.module", NULL, 0, NULL, 0, 1);
    uint32_t blk = irb_block(b, irb_op_region(b, mod, 0));
    for (int i = 0; i < depth; i++) {
      uint32_t op = mkop(b, blk, "t.nest", NULL, 0, NULL, 0, 1);
      blk = irb_block(b, irb_op_region(b, op, 0));
    }
    IrModule *m = irb_freeze(b, mod, NULL);
    /* module region = depth 1, so `depth` nested ops reach depth + 1 */
    CHECK_EQ(ir_module_check(m, NULL, 0), depth + 1 <= IR_MAX_DEPTH ? 0 : -1);
    ir_module_free(m);
    irb_free(b);
    ir_ctx_free(c);
  }
}

static void test_big(void) {
  IrCtx *c = ir_ctx_new();
  IrBuilder *b = irb_new(c);
  uint32_t i32 = ir_type_int(c, 32);
  uint32_t mod = mkop(b, IR_NONE, "builtin.module", NULL, 0, NULL, 0, 1);
  uint32_t blk = irb_block(b, irb_op_region(b, mod, 0));
  uint32_t v = irb_op_result(b, mkop(b, blk, "t.def", NULL, 0, &i32, 1, 0), 0);
  enum { DEPTH = 100000 };
  for (int i = 0; i < DEPTH; i++) {
    uint32_t op = mkop(b, blk, "t.nest", NULL, 0, NULL, 0, 1);
    blk = irb_block(b, irb_op_region(b, op, 0));
  }
  mkop(b, blk, "t.use", &v, 1, NULL, 0, 0);
  /* a func with a chain of 20000 blocks, each using the entry's value */
  uint32_t top = irb_region_block(b, irb_op_region(b, mod, 0), 0);
  uint32_t fop = mkop(b, top, "t.func", NULL, 0, NULL, 0, 1);
  uint32_t r = irb_op_region(b, fop, 0);
  uint32_t cur = irb_block(b, r);
  uint32_t x = irb_op_result(b, mkop(b, cur, "t.def", NULL, 0, &i32, 1, 0), 0);
  for (int i = 0; i < 20000; i++) {
    uint32_t next = irb_block(b, r);
    IrBSucc s = {next, 0, 0};
    IrOpSpec sp = {0};
    sp.name = ir_cstr(c, "cf.br");
    sp.succs = &s;
    sp.n_succs = 1;
    irb_op(b, cur, &sp);
    mkop(b, next, "t.use", &x, 1, NULL, 0, 0);
    cur = next;
  }
  mkop(b, cur, "t.end", NULL, 0, NULL, 0, 0);
  IrModule *m = irb_freeze(b, mod, NULL);
  CHECK(m != NULL);
  if (m) {
    CHECK_EQ(m->n_regions, DEPTH + 2);
    char why[128];
    CHECK_EQ(ir_module_check(m, why, sizeof why), -1);   /* too deep */
    CHECK(strstr(why, "nested deeper than"));
    IrDiag d;
    ir_diag_init(&d, stdout);
    CHECK_EQ(ir_verify(m, &d), 0);
    ir_module_free(m);
  }
  irb_free(b);
  ir_ctx_free(c);
}

/* Text-like builder: each "function" is built the way the parser builds
 * it, body first (nested ops before the op that holds their region), so
 * freeze order differs from handle order. */
static IrBuilder *build_funcs(IrCtx *c, uint32_t *root) {
  IrBuilder *b = irb_new(c);
  uint32_t i32 = ir_type_int(c, 32);
  uint32_t top = irb_region(b);
  uint32_t tb = irb_block(b, top);
  for (int f = 0; f < 5000; f++) {
    uint32_t fr = irb_region(b), fb = irb_block(b, fr);
    uint32_t arg = irb_block_arg(b, fb, i32);
    uint32_t v = arg, ph = IR_NONE;
    if (f == 4999) { /* a forward reference, resolved below */
      ph = irb_placeholder(b, i32);
      mkop(b, fb, "t.use", &ph, 1, NULL, 0, 0);
    }
    for (int k = 0; k < 12; k++) {
      v = irb_op_result(b, mkop(b, fb, "t.add", &v, 1, &i32, 1, 0), 0);
      uint32_t nr = irb_region(b), nb = irb_block(b, nr);
      uint32_t w = irb_op_result(b, mkop(b, nb, "t.in", &v, 1, &i32, 1, 0), 0);
      mkop(b, nb, "t.yield", &w, 1, NULL, 0, 0);
      IrOpSpec s = {0};
      s.name = ir_cstr(c, "t.if");
      s.operands = &v;
      s.n_operands = 1;
      s.result_types = &i32;
      s.n_results = 1;
      s.regions = &nr;
      s.n_regions = 1;
      v = irb_op_result(b, irb_op(b, fb, &s), 0);
    }
    if (ph != IR_NONE) irb_resolve(b, ph, v);
    mkop(b, fb, "t.ret", &v, 1, NULL, 0, 0);
    IrOpSpec s = {0};
    s.name = ir_cstr(c, "t.func");
    s.regions = &fr;
    s.n_regions = 1;
    irb_op(b, tb, &s);
  }
  IrOpSpec s = {0};
  s.name = ir_cstr(c, "builtin.module");
  s.regions = &top;
  s.n_regions = 1;
  *root = irb_op(b, IR_NONE, &s);
  return b;
}

/* irb_freeze_final gives back builder memory while it freezes; the module
 * must be the one irb_freeze makes (the builder is big enough, 250K ops
 * and 185K values, for its op and value arrays to be released in steps). */
static void test_freeze_final(void) {
  IrCtx *c = ir_ctx_new();
  uint32_t r1, r2;
  IrBuilder *b1 = build_funcs(c, &r1), *b2 = build_funcs(c, &r2);
  CHECK_EQ(r1, r2);
  IrModule *m1 = irb_freeze(b1, r1, NULL), *m2 = irb_freeze_final(b2, r2, NULL);
  irb_free(b1);
  irb_free(b2);
  CHECK(m1 && m2);
  if (m1 && m2) {
    CHECK(m1->n_ops > 250000);
    CHECK_EQ(m1->n_ops, m2->n_ops);
    CHECK_EQ(m1->n_values, m2->n_values);
    CHECK_EQ(m1->n_operands, m2->n_operands);
    CHECK_EQ(m1->n_blocks, m2->n_blocks);
    CHECK_EQ(m1->n_regions, m2->n_regions);
    CHECK(!memcmp(m1->ops, m2->ops, m1->n_ops * sizeof *m1->ops));
    CHECK(!memcmp(m1->values, m2->values, m1->n_values * sizeof *m1->values));
    CHECK(!memcmp(m1->operands, m2->operands, m1->n_operands * sizeof *m1->operands));
    CHECK(!memcmp(m1->blocks, m2->blocks, m1->n_blocks * sizeof *m1->blocks));
    CHECK(!memcmp(m1->regions, m2->regions, m1->n_regions * sizeof *m1->regions));
    CHECK_EQ(ir_module_check(m2, NULL, 0), 0);
    /* the last function's body: freeze order put it after every func op */
    CHECK_EQ(m2->ops[m2->n_ops - 1].name, ir_cstr(c, "t.yield"));
  }
  ir_module_free(m1);
  ir_module_free(m2);
  ir_ctx_free(c);
}

int main(void) {
  test_mem();
  test_strings();
  test_types();
  test_attrs();
  test_locs();
  test_loc_drop();
  test_loc_far_link();
  test_diag();
  test_freeze();
  test_append_ops();
  test_placeholders();
  test_check();
  test_verify();
  test_branch_ranges();
  test_verify_module();
  test_depth_limit();
  test_big();
  test_freeze_final();
  return unit_done();
}
