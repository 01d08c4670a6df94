/*
 * test_format.c - unit tests of the .irb bytecode (format/FORMAT.md):
 * round trips, determinism, compression, streams of frames, versioning, and
 * the reader's behaviour on every truncation and single-byte corruption of a
 * valid frame (with and without a recomputed checksum, so the payload
 * validation is reached too). Prints "N passed, M failed" last.
 *
 *   test_format [--bench [FILE.irb...]]   (--bench: only the size and
 *                                          speed report)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <xxhash.h>

#include "ir.h"
#include "unit.h"
#include "irb.h"

/* {====================================================================== */
/* A module that uses every table kind                                       */

static uint32_t S(IrCtx *c, const char *s) { return ir_cstr(c, s); }

static uint32_t dict1(IrCtx *c, const char *name, uint32_t v) {
  uint32_t kv[2] = {S(c, name), v};
  IrAttr a = {.kind = IR_A_DICT, .n = 1};
  return ir_attr_intern(c, &a, kv, NULL);
}

/* A module with a function of `n_body` arithmetic ops plus a tour of types,
 * attributes and locations, branches with successor operands, and nested
 * regions. */
static IrModule *build_module(IrCtx *c, uint32_t n_body) {
  IrBuilder *b = irb_new(c);
  uint32_t file = S(c, "test.mlir");
  uint32_t i32 = ir_type_int(c, 32), idx = ir_type_index(c);
  uint32_t f32 = ir_type_float(c, IR_F32);
  /* types */
  IrAttr strided = {.kind = IR_A_STRIDED, .ival = IR_DYN, .n = 2};
  int64_t strides[2] = {IR_DYN, 1};
  uint32_t lay = ir_attr_intern(c, &strided, NULL, strides);
  int64_t dims[2] = {4, IR_DYN};
  uint32_t space = ir_attr_int(c, 1, ir_type_int(c, 64));
  uint32_t mr = ir_type_memref(c, 2, dims, f32, lay, space);
  uint32_t mr2 = ir_type_memref(c, 1, dims, i32, 0, 0);
  IrType vt = {.kind = IR_T_VECTOR, .elem = f32, .n = 2, .scalable = 2};
  int64_t vd[2] = {4, 8};
  uint32_t vec = ir_type_intern(c, &vt, vd, NULL);
  IrType cx = {.kind = IR_T_COMPLEX, .elem = f32};
  uint32_t cpx = ir_type_intern(c, &cx, NULL, NULL);
  uint32_t tl[2] = {vec, cpx};
  IrType tu = {.kind = IR_T_TUPLE, .n = 2};
  uint32_t tup = ir_type_intern(c, &tu, NULL, tl);
  IrType op = {.kind = IR_T_OPAQUE, .text = S(c, "!test.opaque<\"x\">")};
  uint32_t opq = ir_type_intern(c, &op, NULL, NULL);
  IrType um = {.kind = IR_T_UMEMREF, .elem = f32, .space = space};
  uint32_t umr = ir_type_intern(c, &um, NULL, NULL);
  IrType ut = {.kind = IR_T_UTENSOR, .elem = ir_type_int(c, 8)};
  uint32_t utn = ir_type_intern(c, &ut, NULL, NULL);
  IrType tt = {.kind = IR_T_TENSOR, .elem = idx, .n = 1};
  uint32_t ten = ir_type_intern(c, &tt, dims, NULL);
  IrType si = {.kind = IR_T_INT, .width = 7, .sub = IR_UNSIGNED};
  uint32_t ui7 = ir_type_intern(c, &si, NULL, NULL);
  IrType nt = {.kind = IR_T_NONE};
  uint32_t none = ir_type_intern(c, &nt, NULL, NULL);
  uint32_t ins[3] = {mr, i32, idx};
  uint32_t fty = ir_type_func(c, 3, ins, 1, &i32);

  /* attributes */
  IrAttr fa = {.kind = IR_A_FLOAT, .fval = -2.5, .type = f32};
  uint32_t fl = ir_attr_intern(c, &fa, NULL, NULL);
  uint32_t arr_el[3] = {ir_attr_unit(c), ir_attr_bool(c, 1), fl};
  IrAttr aa = {.kind = IR_A_ARRAY, .n = 3};
  uint32_t arr = ir_attr_intern(c, &aa, arr_el, NULL);
  uint32_t nested[2] = {S(c, "inner"), S(c, "leaf")};
  IrAttr sr = {.kind = IR_A_SYMREF, .str = S(c, "outer"), .n = 2};
  uint32_t sym = ir_attr_intern(c, &sr, nested, NULL);
  int64_t dv[4] = {1, -2, 300000, INT64_MIN};
  uint32_t dense_arr = ir_attr_dense_i64(c, 4, dv);
  IrAttr de = {.kind = IR_A_DENSE, .str = S(c, "[1, 2, 3, 4]"), .type = ten};
  uint32_t dense = ir_attr_intern(c, &de, NULL, NULL);
  IrAttr am = {.kind = IR_A_AFFINE_MAP, .str = S(c, "(d0) -> (d0 + 1)")};
  uint32_t amap = ir_attr_intern(c, &am, NULL, NULL);
  IrAttr as = {.kind = IR_A_AFFINE_SET, .str = S(c, "(d0) : (d0 >= 0)")};
  uint32_t aset = ir_attr_intern(c, &as, NULL, NULL);
  IrAttr oa = {.kind = IR_A_OPAQUE, .str = S(c, "#test.thing<1>"), .type = none};
  uint32_t opa = ir_attr_intern(c, &oa, NULL, NULL);
  uint32_t big_kv[] = {
      S(c, "arr"), arr, S(c, "dense"), dense, S(c, "map"), amap,
      S(c, "set"), aset, S(c, "opq"), opa, S(c, "sym"), sym,
      S(c, "da"), dense_arr, S(c, "ty"), ir_attr_type(c, tup),
      S(c, "s"), ir_attr_string(c, "a\0b", 3), S(c, "t"), ir_attr_type(c, opq),
      S(c, "u"), ir_attr_type(c, umr), S(c, "v"), ir_attr_type(c, utn),
      S(c, "w"), ir_attr_type(c, ui7), S(c, ""), ir_attr_unit(c)};
  IrAttr bd = {.kind = IR_A_DICT, .n = sizeof big_kv / sizeof big_kv[0] / 2};
  uint32_t big = ir_attr_intern(c, &bd, big_kv, NULL);

  /* locations */
  uint32_t l1 = ir_loc_file(c, file, 1, 1);
  IrLoc nl = {.kind = IR_L_NAME, .a = S(c, "named"), .b = ir_loc_file(c, file, 3, 5)};
  uint32_t lname = ir_loc_intern(c, &nl, NULL);
  IrLoc cs = {.kind = IR_L_CALLSITE, .a = lname, .b = ir_loc_file(c, S(c, "other.mlir"), 9, 2)};
  uint32_t lcall = ir_loc_intern(c, &cs, NULL);
  uint32_t fl_list[2] = {l1, lcall};
  IrLoc fu = {.kind = IR_L_FUSED, .n = 2, .b = ir_attr_string(c, "meta", 4)};
  uint32_t lfused = ir_loc_intern(c, &fu, fl_list);

  /* builtin.module { func.func @f(...) { ... } } */
  IrOpSpec ms = {.name = S(c, "builtin.module"), .loc = l1, .n_regions = 1};
  uint32_t mod = irb_op(b, IR_NONE, &ms);
  uint32_t mb = irb_block(b, irb_op_region(b, mod, 0));
  uint32_t fprops_kv[4] = {S(c, "function_type"), ir_attr_type(c, fty),
                           S(c, "sym_name"), ir_attr_string(c, "f", 1)};
  IrAttr fpd = {.kind = IR_A_DICT, .n = 2};
  IrOpSpec fs = {.name = S(c, "func.func"), .loc = lfused, .n_regions = 1,
                 .props = ir_attr_intern(c, &fpd, fprops_kv, NULL), .attrs = big};
  uint32_t fn = irb_op(b, mb, &fs);
  uint32_t reg = irb_op_region(b, fn, 0);
  uint32_t b0 = irb_block(b, reg), b1 = irb_block(b, reg), b2 = irb_block(b, reg);
  /* argument locations: a new one (delta 0), unknown and a reused one */
  uint32_t a0 = irb_block_arg_loc(b, b0, mr, ir_loc_file(c, file, 1, 14));
  uint32_t a1 = irb_block_arg_loc(b, b0, i32, 0);
  uint32_t a2 = irb_block_arg_loc(b, b0, idx, lcall);
  (void)a0;
  uint32_t acc = a1;
  for (uint32_t i = 0; i < n_body; i++) {
    uint32_t k = ir_attr_int(c, (int64_t)i * 7 - 3, i32);
    IrOpSpec cst = {.name = S(c, "arith.constant"), .loc = ir_loc_file(c, file, 10 + 2 * i, 7),
                    .result_types = &i32, .n_results = 1, .props = dict1(c, "value", k)};
    uint32_t co = irb_op(b, b0, &cst);
    uint32_t ops[2] = {acc, irb_op_result(b, co, 0)};
    IrOpSpec add = {.name = S(c, i % 3 ? "arith.addi" : "arith.muli"),
                    .loc = ir_loc_file(c, file, 11 + 2 * i, 9 + i % 5),
                    .operands = ops, .n_operands = 2, .result_types = &i32, .n_results = 1};
    acc = irb_op_result(b, irb_op(b, b0, &add), 0);
  }
  /* an op with a nested region using outer values, and a forward use */
  uint32_t ph = irb_placeholder(b, i32);
  uint32_t wops[2] = {acc, ph};
  IrOpSpec wr = {.name = S(c, "test.wrap"), .loc = lname, .operands = wops, .n_operands = 2,
                 .n_regions = 2, .result_types = &vec, .n_results = 1, .attrs = dict1(c, "k", fl)};
  uint32_t wop = irb_op(b, b0, &wr);
  uint32_t inner = irb_block(b, irb_op_region(b, wop, 0));
  uint32_t ia = irb_block_arg_loc(b, inner, f32, ir_loc_file(c, file, 4, 8));
  uint32_t yops[3] = {ia, acc, a2};
  IrOpSpec y = {.name = S(c, "test.yield"), .loc = lcall, .operands = yops, .n_operands = 3};
  irb_op(b, inner, &y);
  /* cond_br %acc, ^b1(%acc : i32), ^b2 */
  IrBSucc su[2] = {{b1, 1, 1}, {b2, 2, 0}};
  uint32_t bops[2] = {acc, acc};
  IrOpSpec br = {.name = S(c, "cf.cond_br"), .loc = l1, .operands = bops, .n_operands = 2,
                 .succs = su, .n_succs = 2};
  irb_op(b, b0, &br);
  uint32_t b1a = irb_block_arg(b, b1, i32);
  IrOpSpec r1 = {.name = S(c, "func.return"), .operands = &b1a, .n_operands = 1};
  irb_op(b, b1, &r1);
  IrOpSpec late = {.name = S(c, "test.late"), .result_types = &i32, .n_results = 1};
  uint32_t lo = irb_op(b, b2, &late);
  irb_resolve(b, ph, irb_op_result(b, lo, 0));
  uint32_t lr = irb_op_result(b, lo, 0);
  IrOpSpec r2 = {.name = S(c, "func.return"), .operands = &lr, .n_operands = 1, .loc = l1};
  irb_op(b, b2, &r2);
  (void)mr2;
  const char *why = NULL;
  IrModule *m = irb_freeze(b, mod, &why);
  if (!m) fprintf(stderr, "freeze failed: %s\n", why ? why : "?");
  irb_free(b);
  return m;
}

/* }====================================================================== */

static int same_module(const IrModule *a, const IrModule *b) {
  if (a->n_ops != b->n_ops || a->n_operands != b->n_operands ||
      a->n_values != b->n_values || a->n_blocks != b->n_blocks ||
      a->n_regions != b->n_regions || a->n_succs != b->n_succs)
    return 0;
  return !memcmp(a->ops, b->ops, a->n_ops * sizeof *a->ops) &&
         !memcmp(a->operands, b->operands, a->n_operands * sizeof *a->operands) &&
         !memcmp(a->values, b->values, a->n_values * sizeof *a->values) &&
         !memcmp(a->blocks, b->blocks, a->n_blocks * sizeof *a->blocks) &&
         !memcmp(a->regions, b->regions, a->n_regions * sizeof *a->regions) &&
         !memcmp(a->succs, b->succs, a->n_succs * sizeof *a->succs);
}

static IrbBuf encode(const IrModule *m, int level, int strip) {
  IrbBuf out = {0};
  IrDiag d;
  ir_diag_init(&d, stderr);
  IrbWriteOpts o = {.zstd_level = level, .strip_locs = strip};
  int rc = irb_write(m, &o, &out, &d);
  CHECK(rc == 0);
  return out;
}

/* Read every frame of `p`; returns the number of modules, or -1 on error
 * with the error text in `err` (if given). Modules are freed unless `keep`. */
static int read_all(IrCtx *c, const uint8_t *p, size_t n, char *err, size_t errn,
                    IrModule **keep) {
  char *text = NULL;
  size_t tlen = 0;
  FILE *f = open_memstream(&text, &tlen);
  IrDiag d;
  ir_diag_init(&d, f);
  IrbReader r;
  irb_reader_init(&r, p, n, "t.irb");
  int count = 0, rc;
  IrModule *m;
  while ((rc = irb_read_next(&r, c, &m, &d)) == 1) {
    count++;
    if (keep && !*keep) *keep = m;
    else ir_module_free(m);
  }
  fclose(f);
  if (rc < 0) {
    /* exactly one error line, counted once */
    int lines = 0;
    for (size_t i = 0; i < tlen; i++) lines += text[i] == '\n';
    if (lines != 1 || d.n_errors != 1 || d.n_total != 1) {
      fprintf(stderr, "expected one error line, got %d: %s", lines, text);
      n_fail++;
    }
    if (err) snprintf(err, errn, "%s", text);
    count = -1;
  }
  free(text);
  return count;
}

/* The header fields of a frame (FORMAT.md section 1). */
typedef struct Hdr {
  uint32_t flags;
  uint64_t stored, raw;
  size_t hash_at, payload_at;  /* offsets of the hash and the payload */
} Hdr;

static uint64_t get_varint(const uint8_t *p, size_t n, size_t *pos) {
  uint64_t v = 0;
  for (int i = 0; *pos < n && i < 10; i++) {
    uint8_t b = p[(*pos)++];
    v |= (uint64_t)(b & 0x7f) << (7 * i);
    if (!(b & 0x80)) break;
  }
  return v;
}

static Hdr parse_hdr(const uint8_t *f, size_t n) {
  Hdr h = {0};
  size_t pos = 12;
  h.flags = (uint32_t)get_varint(f, n, &pos);
  h.stored = h.raw = get_varint(f, n, &pos);
  if (h.flags & 0xf) h.raw = get_varint(f, n, &pos);
  h.hash_at = pos;
  h.payload_at = pos + 8;
  return h;
}

static void put_varint(IrbBuf *b, uint64_t v) {
  uint8_t t[10];
  int n = 0;
  do {
    t[n] = (uint8_t)(v & 0x7f);
    v >>= 7;
    if (v) t[n] |= 0x80;
    n++;
  } while (v);
  for (int i = 0; i < n; i++) {
    if (b->len == b->cap) {
      b->cap = b->cap ? 2 * b->cap : 256;
      b->data = realloc(b->data, b->cap);
    }
    b->data[b->len++] = t[i];
  }
}

/* A raw frame with the given header fields around `payload`. */
static IrbBuf make_frame(unsigned major, unsigned minor, uint32_t flags,
                         const uint8_t *payload, size_t n) {
  IrbBuf b = {0};
  for (int i = 0; i < 8; i++) put_varint(&b, 0), b.data[b.len - 1] = (uint8_t)IRB_MAGIC[i];
  uint8_t v[4] = {(uint8_t)major, (uint8_t)(major >> 8), (uint8_t)minor, (uint8_t)(minor >> 8)};
  for (int i = 0; i < 4; i++) put_varint(&b, 0), b.data[b.len - 1] = v[i];
  put_varint(&b, flags);
  put_varint(&b, n);
  uint64_t h = XXH3_64bits(payload, n);
  for (int i = 0; i < 8; i++) put_varint(&b, 0), b.data[b.len - 1] = (uint8_t)(h >> (8 * i));
  for (size_t i = 0; i < n; i++) put_varint(&b, 0), b.data[b.len - 1] = payload[i];
  return b;
}

/* Patch a frame's checksum after its (raw) payload was changed. */
static void fix_hash(uint8_t *f, size_t n) {
  Hdr h = parse_hdr(f, n);
  if (h.payload_at > n) return;
  uint64_t stored = h.stored;
  if (stored > n - h.payload_at) stored = n - h.payload_at;
  uint64_t x = XXH3_64bits(f + h.payload_at, stored);
  for (int i = 0; i < 8; i++) f[h.hash_at + i] = (uint8_t)(x >> (8 * i));
}

static void test_roundtrip(void) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = build_module(c, 5);
  CHECK(m != NULL);
  if (!m) return;
  char why[256];
  CHECK(ir_module_check(m, why, sizeof why) == 0);
  IrbBuf b1 = encode(m, 0, 0);
  CHECK(b1.len > 40 && irb_is_bytecode(b1.data, b1.len));
  /* same ctx: equal arrays */
  IrModule *m2 = NULL;
  CHECK(read_all(c, b1.data, b1.len, NULL, 0, &m2) == 1);
  if (m2) {
    CHECK(same_module(m, m2));
    IrbBuf b2 = encode(m2, 0, 0);
    CHECK(b2.len == b1.len && !memcmp(b1.data, b2.data, b1.len));
    irb_buf_free(&b2);
    ir_module_free(m2);
  }
  /* determinism: encode twice */
  IrbBuf b1b = encode(m, 0, 0);
  CHECK(b1b.len == b1.len && !memcmp(b1.data, b1b.data, b1.len));
  irb_buf_free(&b1b);
  /* a fresh ctx with a different history gives the same bytes */
  IrCtx *c2 = ir_ctx_new();
  ir_cstr(c2, "noise");
  ir_type_int(c2, 13);
  ir_attr_int(c2, 99, 0);
  ir_loc_file(c2, ir_cstr(c2, "zz"), 4, 4);
  IrModule *m3 = NULL;
  CHECK(read_all(c2, b1.data, b1.len, NULL, 0, &m3) == 1);
  if (m3) {
    IrbBuf b3 = encode(m3, 0, 0);
    CHECK(b3.len == b1.len && !memcmp(b1.data, b3.data, b1.len));
    irb_buf_free(&b3);
    /* the ops kept their names, locations and dictionaries */
    CHECK(ir_op_prop(m3, 1, "sym_name") != 0);
    CHECK(ir_loc(c2, m3->ops[1].loc)->kind == IR_L_FUSED);
    /* and the block arguments theirs */
    const IrBlock *e3 = &m3->blocks[m3->regions[m3->ops[1].regions].blocks];
    const IrLoc *al0 = ir_loc(c2, m3->values[e3->args].loc);
    CHECK(al0->kind == IR_L_FILE && al0->line == 1 && al0->col == 14);
    CHECK(m3->values[e3->args + 1].loc == 0);
    CHECK(ir_loc(c2, m3->values[e3->args + 2].loc)->kind == IR_L_CALLSITE);
    ir_module_free(m3);
  }
  /* compressed, and a stream of two frames */
  IrbBuf z = encode(m, 3, 0);
  IrModule *m4 = NULL;
  CHECK(read_all(c2, z.data, z.len, NULL, 0, &m4) == 1);
  if (m4) {
    IrbBuf b4 = encode(m4, 0, 0);
    CHECK(b4.len == b1.len && !memcmp(b1.data, b4.data, b1.len));
    irb_buf_free(&b4);
    ir_module_free(m4);
  }
  IrbBuf zz = encode(m, 3, 0);
  CHECK(zz.len == z.len && !memcmp(z.data, zz.data, z.len));
  irb_buf_free(&zz);
  IrbBuf cat = {0};
  IrDiag d;
  ir_diag_init(&d, stderr);
  CHECK(irb_write(m, NULL, &cat, &d) == 0);
  IrbWriteOpts zo = {.zstd_level = 1, .stages = IRB_STAGE_OWN};
  CHECK(irb_write(m, &zo, &cat, &d) == 0);
  CHECK(irb_write(m, NULL, &cat, &d) == 0);
  CHECK(read_all(c, cat.data, cat.len, NULL, 0, NULL) == 3);
  IrbReader r;
  irb_reader_init(&r, cat.data, cat.len, "cat");
  IrModule *mm;
  CHECK(irb_read_next(&r, c, &mm, &d) == 1 && r.last_flags == 0);
  ir_module_free(mm);
  CHECK(irb_read_next(&r, c, &mm, &d) == 1 && (r.last_flags & IRB_STAGE_MASK) == IRB_STAGE_OWN);
  ir_module_free(mm);
  CHECK(irb_read_next(&r, c, &mm, &d) == 1);
  ir_module_free(mm);
  CHECK(irb_read_next(&r, c, &mm, &d) == 0 && mm == NULL);
  CHECK(read_all(c, cat.data, 0, NULL, 0, NULL) == 0);
  irb_buf_free(&cat);
  /* stripped locations */
  IrbBuf s = encode(m, 0, 1);
  CHECK(s.len < b1.len);
  IrModule *m5 = NULL;
  CHECK(read_all(c, s.data, s.len, NULL, 0, &m5) == 1);
  if (m5) {
    int all0 = 1;
    for (uint32_t i = 0; i < m5->n_ops; i++) all0 &= m5->ops[i].loc == 0;
    for (uint32_t i = 0; i < m5->n_values; i++) all0 &= m5->values[i].loc == 0;
    CHECK(all0);
    ir_module_free(m5);
  }
  irb_buf_free(&s);
  irb_buf_free(&z);
  irb_buf_free(&b1);
  ir_module_free(m);
  ir_ctx_free(c);
  ir_ctx_free(c2);
}

static int contains(const char *hay, const char *needle) {
  return strstr(hay, needle) != NULL;
}

static void test_errors(void) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = build_module(c, 2);
  if (!m) { n_fail++; return; }
  IrbBuf b = encode(m, 0, 0);
  char err[512];
  uint8_t *p = malloc(b.len + 16);
  /* versions */
  memcpy(p, b.data, b.len);
  p[8] = 2;
  CHECK(read_all(c, p, b.len, err, sizeof err, NULL) == -1);
  CHECK(contains(err, "t.irb:8: error: unsupported format version 2.1 (this reader reads 1.0 to 1.1)"));
  p[8] = 1;
  p[10] = 2;
  CHECK(read_all(c, p, b.len, err, sizeof err, NULL) == -1);
  CHECK(contains(err, "version 1.2"));
  /* 1.1 reads 1.0 frames */
  p[10] = 0;
  fix_hash(p, b.len);
  CHECK(read_all(c, p, b.len, err, sizeof err, NULL) == 1);
  p[10] = 1;
  /* trailing garbage after a valid frame */
  memcpy(p + b.len, "garbage", 7);
  CHECK(read_all(c, p, b.len + 7, err, sizeof err, NULL) == -1);
  char want[64];
  snprintf(want, sizeof want, "t.irb:%zu: error: bad magic", b.len);
  CHECK(contains(err, want));
  memcpy(p + b.len, IRB_MAGIC, 8);
  CHECK(read_all(c, p, b.len + 5, err, sizeof err, NULL) == -1);
  CHECK(contains(err, "truncated frame header"));
  memcpy(p + b.len + 8, "\x01\x00\x00\x00", 4);
  CHECK(read_all(c, p, b.len + 12, err, sizeof err, NULL) == -1);
  CHECK(contains(err, "truncated frame header"));
  /* checksum */
  Hdr h = parse_hdr(b.data, b.len);
  CHECK(h.flags == 0 && h.payload_at + h.stored == b.len);
  p[b.len - 1] ^= 1;
  CHECK(read_all(c, p, b.len, err, sizeof err, NULL) == -1);
  snprintf(want, sizeof want, "t.irb:%zu: error: checksum mismatch", h.hash_at);
  CHECK(contains(err, want));
  p[b.len - 1] ^= 1;
  /* flags */
  const uint8_t *pl = b.data + h.payload_at;
  IrbBuf f = make_frame(1, 0, 0x200, pl, h.stored);
  CHECK(read_all(c, f.data, f.len, err, sizeof err, NULL) == -1);
  CHECK(contains(err, "t.irb:12: error: unknown required flags 0x200"));
  irb_buf_free(&f);
  f = make_frame(1, 0, 1u << 20 | IRB_STAGE_LOWER, pl, h.stored);  /* optional bit */
  CHECK(read_all(c, f.data, f.len, err, sizeof err, NULL) == 1);
  irb_buf_free(&f);
  f = make_frame(1, 0, 7, pl, h.stored);
  CHECK(read_all(c, f.data, f.len, err, sizeof err, NULL) == -1);
  CHECK(contains(err, "unknown compression method 7"));
  irb_buf_free(&f);
  f = make_frame(1, 0, IRB_FLAG_NO_LOCS, pl, h.stored);  /* locations but flagged stripped */
  CHECK(read_all(c, f.data, f.len, err, sizeof err, NULL) == -1);
  irb_buf_free(&f);
  f = make_frame(1, 1, 0, pl, h.stored);
  CHECK(f.len == b.len && !memcmp(f.data, b.data, b.len));
  irb_buf_free(&f);
  /* payload-level errors with a valid checksum */
  p[b.len - 1] = 0x80;  /* a varint continued past the end */
  fix_hash(p, b.len);
  CHECK(read_all(c, p, b.len, err, sizeof err, NULL) == -1);
  free(p);
  irb_buf_free(&b);
  ir_module_free(m);
  ir_ctx_free(c);
}

/* Entries that carry text of their own (affine maps and sets, dense
 * bodies, opaque attributes and types) print that text as it is, so the
 * reader takes only text the parser makes: its printed form, parsed
 * alone, gives the entry back. Each module holds one such entry, made
 * here past the parser and written as the writer writes anything. */
typedef struct TextCase {
  int type;             /* an opaque type, not an attribute */
  IrAttrKind kind;
  const char *text;
  int elem;             /* type: 0 none, 1 tensor<4xindex>, 2 `none`,
                           3 tensor<101xi8> */
  const char *want;     /* the error, or NULL: read back */
} TextCase;

/* A module whose one op, test.op, has the attribute {a = attr}. */
static IrModule *attr_module(IrCtx *c, uint32_t attr) {
  IrBuilder *b = irb_new(c);
  IrOpSpec ms = {.name = S(c, "builtin.module"), .n_regions = 1};
  uint32_t mod = irb_op(b, IR_NONE, &ms);
  uint32_t blk = irb_block(b, irb_op_region(b, mod, 0));
  IrOpSpec os = {.name = S(c, "test.op"), .attrs = dict1(c, "a", attr)};
  irb_op(b, blk, &os);
  const char *why = NULL;
  IrModule *m = irb_freeze(b, mod, &why);
  irb_free(b);
  CHECK(m != NULL);
  return m;
}

/* A module holding one op with attribute `attr`, written and read back:
 * the reader must give `want` (or succeed, if NULL). */
static void expect_attr_read(IrCtx *c, uint32_t attr, const char *want, const char *what,
                             int line) {
  IrModule *m = attr_module(c, attr);
  if (!m) return;
  IrbBuf f = encode(m, 0, 0);
  IrCtx *c2 = ir_ctx_new();
  char err[512] = "";
  int rc = read_all(c2, f.data, f.len, err, sizeof err, NULL);
  if (want ? rc == -1 && contains(err, want) : rc == 1) {
    n_pass++;
  } else {
    n_fail++;
    fprintf(stderr, "%s:%d: %s: rc %d, got \"%s\", want \"%s\"\n", __FILE__, line, what, rc,
            err, want ? want : "success");
  }
  ir_ctx_free(c2);
  irb_buf_free(&f);
  ir_module_free(m);
}

static void text_case(const TextCase *k) {
  IrCtx *c = ir_ctx_new();
  uint32_t ty = 0;
  if (k->elem == 1) {
    int64_t four = 4;
    IrType t = {.kind = IR_T_TENSOR, .elem = ir_type_index(c), .n = 1};
    ty = ir_type_intern(c, &t, &four, NULL);
  } else if (k->elem == 2) {
    IrType t = {.kind = IR_T_NONE};
    ty = ir_type_intern(c, &t, NULL, NULL);
  } else if (k->elem == 3) {
    int64_t n = 101;
    IrType t = {.kind = IR_T_TENSOR, .elem = ir_type_int(c, 8), .n = 1};
    ty = ir_type_intern(c, &t, &n, NULL);
  }
  uint32_t attr;
  if (k->type) {
    IrType t = {.kind = IR_T_OPAQUE, .text = S(c, k->text)};
    attr = ir_attr_type(c, ir_type_intern(c, &t, NULL, NULL));
  } else {
    IrAttr a = {.kind = (uint8_t)k->kind, .str = S(c, k->text), .type = ty};
    attr = ir_attr_intern(c, &a, NULL, NULL);
  }
  char what[700];
  snprintf(what, sizeof what, "text entry `%s`", k->text);
  expect_attr_read(c, attr, k->want, what, __LINE__);
  ir_ctx_free(c);
}

static void test_text_entries(void) {
  /* dense bodies: MLIR prints more than 100 elements (not all equal) as
   * the hex of their storage, fewer as a list */
  static char hex4[80], list101[600], hex101[210];
  snprintf(hex4, sizeof hex4, "\"0x%s\"",
           "0100000000000000020000000000000003000000000000000400000000000000");
  size_t a = 0, b = 0;
  list101[a++] = '[';
  b += (size_t)snprintf(hex101, sizeof hex101, "\"0x");
  for (int i = 0; i < 101; i++) {
    a += (size_t)snprintf(list101 + a, sizeof list101 - a, "%s%d", i ? ", " : "", i);
    b += (size_t)snprintf(hex101 + b, sizeof hex101 - b, "%02X", i);
  }
  snprintf(list101 + a, sizeof list101 - a, "]");
  snprintf(hex101 + b, sizeof hex101 - b, "\"");
  static const char *const map = "affine map text does not parse back to itself";
  static const char *const set = "integer set text does not parse back to itself";
  static const char *const dense = "dense elements text does not parse back to itself";
  static const char *const opq = "opaque attribute spelling does not parse back to itself";
  static const char *const opt = "opaque type spelling does not parse back to itself";
  const TextCase cases[] = {
      {0, IR_A_AFFINE_MAP, "(d0, d1)[s0] -> (d0 + s0 * 2, d1 floordiv 4)", 0, NULL},
      {0, IR_A_AFFINE_MAP, "() -> ()", 0, NULL},
      {0, IR_A_AFFINE_MAP, "(d0) -> (d0 * d0)", 0, map},        /* not affine */
      {0, IR_A_AFFINE_MAP, "(d0)->(d0)", 0, map},               /* not as printed */
      {0, IR_A_AFFINE_MAP, "(d0) -> (d0) // x", 0, map},        /* a comment */
      {0, IR_A_AFFINE_MAP, "(d0) -> (d0)> x <(d0) -> (d0)", 0, map},
      {0, IR_A_AFFINE_MAP, "(d0) -> (d1)", 0, map},             /* unbound */
      {0, IR_A_AFFINE_MAP, "", 0, map},
      {0, IR_A_AFFINE_MAP, "(d0) : (d0 >= 0)", 0, map},         /* a set */
      {0, IR_A_AFFINE_SET, "(d0)[s0] : (d0 - s0 >= 0, d0 == 0)", 0, NULL},
      {0, IR_A_AFFINE_SET, "(d0) -> (d0)", 0, set},             /* a map */
      {0, IR_A_DENSE, "[1, 2, 3, 4]", 1, NULL},
      {0, IR_A_DENSE, "7", 1, NULL},
      {0, IR_A_DENSE, "[1, 2]", 1, dense},                      /* shape */
      {0, IR_A_DENSE, "[1,2,3,4]", 1, dense},                   /* not as printed */
      {0, IR_A_DENSE, "7", 0, dense},                           /* no type */
      {0, IR_A_DENSE, "1.5", 1, dense},                         /* float in index */
      {0, IR_A_DENSE, "\"0x0102\"", 1, dense},                    /* hex size */
      {0, IR_A_DENSE, hex4, 1, dense},                          /* 4: a list */
      {0, IR_A_DENSE, list101, 3, dense},                       /* 101: hex */
      {0, IR_A_DENSE, hex101, 3, NULL},
      {0, IR_A_OPAQUE, "#test.thing<1>", 0, NULL},
      {0, IR_A_OPAQUE, "#test.thing<1>", 2, NULL},              /* `none` not shown */
      {0, IR_A_OPAQUE, "opaque<\"x\">", 1, NULL},
      {0, IR_A_OPAQUE, "#test.thing<1", 0, opq},                /* unbalanced */
      {0, IR_A_OPAQUE, "#test.thing<1> junk", 0, opq},
      {0, IR_A_OPAQUE, "#test.thing<1>", 1, opq},               /* type not shown */
      {0, IR_A_OPAQUE, "5", 0, opq},                            /* an integer */
      {0, IR_A_OPAQUE, "#map", 0, opq},                         /* an alias */
      {1, 0, "!test.t<\"x\">", 0, NULL},
      {1, 0, "!u.t<\"x\">", 0, NULL},                        /* unregistered: reads */
      {0, IR_A_OPAQUE, "#u.a<1>", 0, NULL},
      {1, 0, "!test.t<", 0, opt},
      {1, 0, "i32", 0, opt},                                    /* a builtin type */
      {1, 0, "!test.t}", 0, opt},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) text_case(&cases[i]);
}

/* Index of the first occurrence of `needle` in `hay`, or -1. */
static long find_bytes(const uint8_t *hay, size_t n, const uint8_t *needle, size_t k) {
  for (size_t i = 0; i + k <= n; i++)
    if (!memcmp(hay + i, needle, k)) return (long)i;
  return -1;
}

/* Frame f with its 0x30 entry of 101 bytes at pos cut to the first
 * `keep` of them: the reader must refuse it with `want`. */
static void expect_storage(const IrbBuf *f, size_t pos, uint8_t keep, const char *want) {
  uint8_t *g = malloc(f->len);
  memcpy(g, f->data, f->len);
  g[pos + 1] = keep;
  memmove(g + pos + 2 + keep, g + pos + 103, f->len - pos - 103);
  size_t n = f->len - (101 - keep);
  Hdr h = parse_hdr(g, n);
  IrbBuf s = make_frame(1, 1, 0, g + h.payload_at, n - h.payload_at);
  IrCtx *c = ir_ctx_new();
  char err[512] = "";
  CHECK(read_all(c, s.data, s.len, err, sizeof err, NULL) == -1);
  CHECK(contains(err, want));
  ir_ctx_free(c);
  irb_buf_free(&s);
  free(g);
}

/* A dense body "0x..." (MLIR's form beyond 100 elements) is written as the
 * bytes it spells (entry 0x30, FORMAT.md 1.1), reads back as the same
 * text, and is checked as that text: storage that does not fit the type
 * is refused like the text would be. */
static void test_dense_hex(void) {
  char hex[300];
  size_t k = (size_t)snprintf(hex, sizeof hex, "\"0x");
  for (int i = 0; i < 101; i++) k += (size_t)snprintf(hex + k, sizeof hex - k, "%02X", 200 - i);
  snprintf(hex + k, sizeof hex - k, "\"");
  IrCtx *c = ir_ctx_new();
  int64_t n101 = 101;
  IrType t = {.kind = IR_T_TENSOR, .elem = ir_type_int(c, 8), .n = 1};
  IrAttr a = {.kind = IR_A_DENSE, .str = S(c, hex), .type = ir_type_intern(c, &t, &n101, NULL)};
  IrModule *m = attr_module(c, ir_attr_intern(c, &a, NULL, NULL));
  if (!m) {
    ir_ctx_free(c);
    return;
  }
  IrbBuf f = encode(m, 0, 0);
  /* the entry: tag, count, the 101 bytes, then the type (entry 2) */
  uint8_t want[104] = {0x30, 101};
  for (int i = 0; i < 101; i++) want[2 + i] = (uint8_t)(200 - i);
  want[103] = 2;
  long at = find_bytes(f.data, f.len, want, sizeof want);
  CHECK(at > 0);
  CHECK(find_bytes(f.data, f.len, (const uint8_t *)"0x", 2) < 0); /* no text */
  CHECK(f.data[10] == IRB_VERSION_MINOR && IRB_VERSION_MINOR == 1);
  /* read back: the same text; written again: the same bytes */
  IrCtx *c2 = ir_ctx_new();
  IrModule *m2 = NULL;
  CHECK(read_all(c2, f.data, f.len, NULL, 0, &m2) == 1);
  if (m2) {
    const uint32_t *kv = ir_attr_u32(c2, m2->ops[1].attrs);
    const IrAttr *got = ir_attr(c2, kv[1]);
    CHECK(got->kind == IR_A_DENSE && !strcmp(ir_str_ptr(c2, got->str), hex));
    IrbBuf f2 = encode(m2, 0, 0);
    CHECK(f2.len == f.len && !memcmp(f2.data, f.data, f.len));
    irb_buf_free(&f2);
    ir_module_free(m2);
  }
  ir_ctx_free(c2);
  if (at > 0) {
    /* 100 bytes for 101 elements; none at all (the body "0x" is never
     * written as 0x30) */
    expect_storage(&f, (size_t)at, 100, "dense elements text does not parse back to itself");
    expect_storage(&f, (size_t)at, 0, "empty dense storage");
  }
  irb_buf_free(&f);
  ir_module_free(m);
  ir_ctx_free(c);
}

/* A type entry whose element type the parser refuses (tensor<2xnone>...)
 * must not read: it would print as text no parser accepts. `outer` wraps
 * the element `inner` (0 none, 1 index, 2 f32, 3 tensor<2xf32>, 4
 * complex<f32>, 5 !u.x, 6 !llvm.ptr, 7 !ptr.ptr); ranked kinds get dims
 * [2]. */
static void elem_case(IrTypeKind outer, int inner, const char *want, int line) {
  IrCtx *c = ir_ctx_new();
  int64_t two = 2;
  uint32_t f32 = ir_type_float(c, IR_F32), e = 0;
  switch (inner) {
  case 0: { IrType t = {.kind = IR_T_NONE}; e = ir_type_intern(c, &t, NULL, NULL); break; }
  case 1: e = ir_type_index(c); break;
  case 2: e = f32; break;
  case 3: {
    IrType t = {.kind = IR_T_TENSOR, .elem = f32, .n = 1};
    e = ir_type_intern(c, &t, &two, NULL);
    break;
  }
  case 4: { IrType t = {.kind = IR_T_COMPLEX, .elem = f32}; e = ir_type_intern(c, &t, NULL, NULL); break; }
  default: {
    static const char *const dialect_types[] = {"!u.x", "!llvm.ptr", "!ptr.ptr"};
    IrType t = {.kind = IR_T_OPAQUE, .text = S(c, dialect_types[inner - 5])};
    e = ir_type_intern(c, &t, NULL, NULL);
  }
  }
  int ranked = outer == IR_T_TENSOR || outer == IR_T_MEMREF || outer == IR_T_VECTOR;
  IrType t = {.kind = (uint8_t)outer, .elem = e, .n = ranked ? 1 : 0};
  uint32_t ty = ir_type_intern(c, &t, ranked ? &two : NULL, NULL);
  expect_attr_read(c, ir_attr_type(c, ty), want, "element type case", line);
  ir_ctx_free(c);
}

/* A memref type entry whose layout does not fit its rank, or whose memory
 * space MLIR does not support, must not read either (memref<2xf32, L, S>:
 * `strides` strides if nonzero; space 1 #u.sp, 2 #gpu.x, 3 [1], 4 "s"). */
static void memref_case(uint32_t strides, int space, const char *want, int line) {
  IrCtx *c = ir_ctx_new();
  int64_t two = 2, ones[2] = {1, 1};
  uint32_t l = 0, sp = 0;
  if (strides) {
    IrAttr a = {.kind = IR_A_STRIDED, .n = strides};
    l = ir_attr_intern(c, &a, NULL, ones);
  }
  if (space == 1 || space == 2) {
    IrAttr a = {.kind = IR_A_OPAQUE, .str = S(c, space == 1 ? "#u.sp" : "#gpu.x")};
    sp = ir_attr_intern(c, &a, NULL, NULL);
  } else if (space == 3) {
    uint32_t one = ir_attr_int(c, 1, ir_type_int(c, 64));
    IrAttr a = {.kind = IR_A_ARRAY, .n = 1};
    sp = ir_attr_intern(c, &a, &one, NULL);
  } else if (space == 4) {
    IrAttr a = {.kind = IR_A_STRING, .str = S(c, "s")};
    sp = ir_attr_intern(c, &a, NULL, NULL);
  }
  IrType t = {.kind = IR_T_MEMREF, .elem = ir_type_float(c, IR_F32), .n = 1, .layout = l,
              .space = sp};
  uint32_t ty = ir_type_intern(c, &t, &two, NULL);
  expect_attr_read(c, ir_attr_type(c, ty), want, "memref case", line);
  ir_ctx_free(c);
}

/* A vector dim of 0 (scalable or not) is refused as the text refuses it
 * (vector types must have positive constant sizes); 1 and a scalable 1
 * read. */
static void test_vector_dims(void) {
  for (int k = 0; k < 4; k++) {
    IrCtx *c = ir_ctx_new();
    int64_t d = k < 2 ? 0 : 1;
    IrType t = {.kind = IR_T_VECTOR, .elem = ir_type_float(c, IR_F32), .n = 1,
                .scalable = (uint64_t)(k & 1)};
    uint32_t ty = ir_type_intern(c, &t, &d, NULL);
    expect_attr_read(c, ir_attr_type(c, ty), d ? NULL : "zero dimension in vector",
                     "vector dims", __LINE__);
    ir_ctx_free(c);
  }
}

static void test_elem_types(void) {
  static const char *const ten = "invalid tensor element type";
  static const char *const mem = "invalid memref element type";
  static const char *const vec = "failed to verify 'elementType': VectorElementTypeInterface instance";
  static const char *const cpx = "invalid element type for complex";
  elem_case(IR_T_TENSOR, 0, ten, __LINE__);
  elem_case(IR_T_UTENSOR, 0, ten, __LINE__);
  elem_case(IR_T_TENSOR, 3, ten, __LINE__);
  elem_case(IR_T_TENSOR, 4, NULL, __LINE__);
  elem_case(IR_T_TENSOR, 5, NULL, __LINE__);
  elem_case(IR_T_MEMREF, 3, mem, __LINE__);
  elem_case(IR_T_UMEMREF, 0, mem, __LINE__);
  elem_case(IR_T_MEMREF, 5, mem, __LINE__);
  elem_case(IR_T_MEMREF, 7, NULL, __LINE__);
  elem_case(IR_T_MEMREF, 4, NULL, __LINE__);
  elem_case(IR_T_VECTOR, 4, vec, __LINE__);
  elem_case(IR_T_VECTOR, 5, vec, __LINE__);
  elem_case(IR_T_VECTOR, 6, NULL, __LINE__);
  elem_case(IR_T_VECTOR, 1, NULL, __LINE__);
  elem_case(IR_T_COMPLEX, 1, cpx, __LINE__);
  elem_case(IR_T_COMPLEX, 0, cpx, __LINE__);
  elem_case(IR_T_COMPLEX, 2, NULL, __LINE__);
  static const char *const unsup = "unsupported memory space Attribute";
  memref_case(1, 0, NULL, __LINE__);
  memref_case(2, 0, "expected the number of strides to match the rank", __LINE__);
  memref_case(0, 1, unsup, __LINE__);
  memref_case(0, 2, NULL, __LINE__);
  memref_case(0, 3, unsup, __LINE__);
  memref_case(0, 4, NULL, __LINE__);
}

/* Hand-made payloads: each must give exactly the named error. The base is
 * the smallest module, `builtin.module` with one empty block:
 *   strings: 1, static 0 ("builtin.module") | entries: 0 0 0 |
 *   kinds: 1, name 1, shape 1 region | totals: 1 0 0 1 1 0 |
 *   op 0: head kind 0 + loc bit, loc delta -1 (unknown) | region: 1 block,
 *   0 args, 0 ops */
static const uint8_t base_pl[] = {1, 1, 0, 0, 0, 1, 1, 16, 1, 0, 0, 1, 1, 0,
                                  1, 1, 1, 0, 0};

static void expect_frame(uint32_t flags, const uint8_t *pl, size_t n,
                         const char *want, int line) {
  IrCtx *c = ir_ctx_new();
  IrbBuf f = make_frame(1, 0, flags, pl, n);
  char err[512] = "";
  int rc = read_all(c, f.data, f.len, err, sizeof err, NULL);
  if (want ? rc == -1 && contains(err, want) : rc == 1) {
    n_pass++;
  } else {
    n_fail++;
    fprintf(stderr, "%s:%d: payload test: rc %d, got \"%s\", want \"%s\"\n",
            __FILE__, line, rc, err, want ? want : "success");
  }
  irb_buf_free(&f);
  ir_ctx_free(c);
}
#define expect_payload(pl, n, want, line) expect_frame(0, pl, n, want, line)
#define EXPECT(pl, want) expect_payload(pl, sizeof pl, want, __LINE__)

static void test_payloads(void) {
  /* the base payload is exactly what the writer makes of that module */
  IrCtx *c = ir_ctx_new();
  IrModule *m = NULL;
  IrbBuf f = make_frame(IRB_VERSION_MAJOR, IRB_VERSION_MINOR, 0, base_pl, sizeof base_pl);
  CHECK(read_all(c, f.data, f.len, NULL, 0, &m) == 1);
  if (m) {
    IrbBuf b = encode(m, 0, 0);
    CHECK(b.len == f.len && !memcmp(b.data, f.data, f.len));
    irb_buf_free(&b);
    ir_module_free(m);
  }
  irb_buf_free(&f);
  ir_ctx_free(c);
  EXPECT(base_pl, NULL);
  uint8_t p[sizeof base_pl + 8];
#define MUT(i, v) (memcpy(p, base_pl, sizeof base_pl), p[i] = (v))
  MUT(6, 5);
  expect_payload(p, sizeof base_pl, "string index 5 out of range (2 strings)", __LINE__);
  MUT(7, 16 | 12);  /* n_results escaped */
  p[8] = 2;         /* ... as 2: not canonical */
  expect_payload(p, sizeof base_pl, "op kind count 2 out of range or not canonical", __LINE__);
  memcpy(p, base_pl, sizeof base_pl);
  p[sizeof base_pl] = 0;
  expect_payload(p, sizeof base_pl + 1, "1 trailing bytes in payload", __LINE__);
  expect_payload(base_pl, sizeof base_pl - 1, "truncated payload", __LINE__);
  MUT(14, 0);       /* head without loc bit: location 1 of 0 */
  expect_payload(p, sizeof base_pl, "location index 1 out of range (1 locations)", __LINE__);
  MUT(15, 0);       /* loc bit with delta 0 */
  expect_payload(p, sizeof base_pl, "non-canonical location delta", __LINE__);
  MUT(8, 120);      /* 120 ops declared */
  expect_payload(p, sizeof base_pl, "exceeds payload bytes left", __LINE__);
  MUT(5, 100);      /* 100 kinds declared */
  expect_payload(p, sizeof base_pl, "kind count 100 exceeds bytes left", __LINE__);
  MUT(5, 3);        /* 3 kinds: the next ones read garbage */
  expect_payload(p, sizeof base_pl, "bad op name", __LINE__);
  /* a non-canonical varint (0 as 0x80 0x00) and an overflowing one */
  uint8_t nc[] = {1, 1, 0x80, 0, 0, 0, 1, 1, 16, 1, 0, 0, 1, 1, 0, 1, 1, 1, 0, 0};
  expect_payload(nc, sizeof nc, "t.irb:24: error: non-canonical varint", __LINE__);
  uint8_t ov[] = {1, 1, 0xff, 0xff, 0xff, 0xff, 0x7f, 0, 0, 1, 1, 16, 1, 0, 0, 1, 1, 0, 1, 1, 1, 0, 0};
  expect_payload(ov, sizeof ov, "varint overflow", __LINE__);
  /* two-byte varints are decoded inline: one cut after its first byte at
   * the end of the payload is still truncated, and 0x80 0x00 still
   * non-canonical there */
  uint8_t tr[] = {1, 0x80};
  expect_payload(tr, sizeof tr, "truncated payload", __LINE__);
  uint8_t n2[] = {1, 0xa7, 0};
  expect_payload(n2, sizeof n2, "non-canonical varint", __LINE__);
  /* 423 = 0xa7 0x03: static string 211, one past the table */
  uint8_t st[] = {1, 0xa7, 3, 0, 0, 0, 1, 1, 16, 1, 0, 0, 1, 1, 0, 1, 1, 1, 0, 0};
  expect_payload(st, sizeof st, "static string 211 out of range (211 static strings)", __LINE__);
  /* a type entry with an unknown tag, and a same-file loc with no file */
  uint8_t tg[] = {1, 1, 1, 0, 0, 0x11, 1, 1, 16, 1, 0, 0, 1, 1, 0, 1, 1, 1, 0, 0};
  expect_payload(tg, sizeof tg, "unknown entry tag 0x11", __LINE__);
  tg[5] = 0x3f;     /* an attribute tag, but no attribute declared */
  expect_payload(tg, sizeof tg, "too many attribute entries (0 declared)", __LINE__);
  uint8_t sf[] = {1, 1, 0, 0, 1, 0x89, 5, 1, 1, 16, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0};
  expect_payload(sf, sizeof sf, "same-file location without a previous file location", __LINE__);
  /* a non-canonical 0x45 entry: file loc, then 0x45 with delta +1 */
  uint8_t nl[] = {2, 1, 2, 'f', 0, 0, 2, 0x41, 2, 3, 4, 0x45, 2, 5,
                  1, 1, 16, 1, 0, 0, 1, 1, 0, 2, 1, 0, 0};
  expect_payload(nl, sizeof nl, "non-canonical location entry (line delta 1)", __LINE__);
  /* the short form is fine; op 0 at location 2 (delta +1) */
  uint8_t sl[] = {2, 1, 2, 'f', 0, 0, 2, 0x41, 2, 3, 4, 0x89, 5,
                  1, 1, 16, 1, 0, 0, 1, 1, 0, 1, 2, 1, 0, 0};
  expect_payload(sl, sizeof sl, NULL, __LINE__);
  /* the short form's line below 0 (3 - 8), and one location more than
   * declared: the inline short path leaves both to the general one */
  sl[11] = 0x80;
  expect_payload(sl, sizeof sl, "line out of range", __LINE__);
  sl[11] = 0x89;
  sl[4] = 1;        /* 1 type and 1 location declared: 2 locations present */
  sl[6] = 1;
  expect_payload(sl, sizeof sl, "too many location entries (1 declared)", __LINE__);
#undef MUT
}

/* The op decoder's own errors (read.c's rd_ops), each on a hand-made
 * payload built like base_pl, and kinds whose names take the static
 * string table's shortcut to an opcode. */
static void test_op_payloads(void) {
  /* kind 1 of 1 */
  uint8_t ki[] = {1, 1, 0, 0, 0, 1, 1, 16, 1, 0, 0, 1, 1, 0, 3, 1, 1, 0, 0};
  EXPECT(ki, "kind index 1 out of range (1 kinds)");
  /* the top op's region, but no region declared */
  uint8_t rg[] = {1, 1, 0, 0, 0, 1, 1, 16, 1, 0, 0, 1, 0, 0, 1, 1, 1, 0, 0};
  EXPECT(rg, "op 0 exceeds the declared operands, values, regions or successors");
  /* a top op kind with a successor (shape: 1 region, 1 successor; two
   * bytes more for the successor the counts ask room for) */
  uint8_t ts[] = {1, 1, 0, 0, 0, 1, 1, 80, 1, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0,
                  0, 0};
  EXPECT(ts, "top op has successors");
  /* one operand (shape 0x110: 2 varint bytes), value -1 - 0 */
  uint8_t ov[] = {1, 1, 0, 0, 0, 1, 1, 0x90, 2, 1, 1, 0, 1, 1, 0,
                  1, 1, 0, 1, 0, 0};
  EXPECT(ov, "operand value -1 out of range (0 values)");
  /* one result (shape 20) of type none, then of type 1 of 0 */
  uint8_t rt[] = {1, 1, 0, 0, 0, 1, 1, 20, 1, 0, 1, 1, 1, 0, 1, 1, 0, 1, 0, 0};
  EXPECT(rt, "result type must not be none");
  rt[16] = 1;
  EXPECT(rt, "type index 1 out of range (1 types)");
  /* properties (shape 17): none, out of range, a unit attribute */
  uint8_t pr[] = {1, 1, 0, 1, 0, 0x21, 1, 1, 17, 1, 0, 0, 1, 1, 0,
                  1, 1, 0, 1, 0, 0};
  EXPECT(pr, "properties must not be none");
  pr[17] = 2;
  EXPECT(pr, "attribute index 2 out of range (2 attributes)");
  pr[17] = 1;
  EXPECT(pr, "properties must be a dictionary");
  pr[8] = 18;       /* attributes instead of properties */
  EXPECT(pr, "attributes must be a dictionary");
  /* op 1, static "cf.br" (19) with one successor, in the top op's block:
   * block 1 of 1, then block 0 */
  uint8_t sb[] = {2, 1, 39, 0, 0, 0, 2, 1, 16, 2, 64, 2, 0, 0, 1, 1, 1,
                  1, 1, 1, 0, 1, 3, 1, 1, 0, 0};
  EXPECT(sb, "successor block 1 out of range (1 blocks in region)");
  sb[24] = 0;
  EXPECT(sb, NULL);
  sb[26] = 1;       /* 1 operand passed, 0 in the op */
  EXPECT(sb, "successor operands out of range");
  /* a kind named by a static string that is no op ("private", 9) reads
   * like any unregistered op; builtin.module spelled out gets the opcode
   * of its static form */
  uint8_t pv[] = {2, 1, 19, 0, 0, 0, 2, 1, 16, 2, 0, 2, 0, 0, 1, 1, 0,
                  1, 1, 1, 0, 1, 3, 1};
  EXPECT(pv, NULL);
  uint8_t sp[] = {1, 28, 'b', 'u', 'i', 'l', 't', 'i', 'n', '.', 'm', 'o',
                  'd', 'u', 'l', 'e', 0, 0, 0, 1, 1, 16, 1, 0, 0, 1, 1, 0,
                  1, 1, 1, 0, 0};
  EXPECT(sp, NULL);
  IrModule *ms = NULL, *mp = NULL;
  IrCtx *c1 = ir_ctx_new(), *c2 = ir_ctx_new();
  IrbBuf f1 = make_frame(1, 0, 0, base_pl, sizeof base_pl);
  IrbBuf f2 = make_frame(1, 0, 0, sp, sizeof sp);
  CHECK(read_all(c1, f1.data, f1.len, NULL, 0, &ms) == 1);
  CHECK(read_all(c2, f2.data, f2.len, NULL, 0, &mp) == 1);
  CHECK(ms && mp && ms->ops[0].opc == mp->ops[0].opc &&
        ms->ops[0].opc == ir_op_lookup("builtin.module", 14));
  if (ms) ir_module_free(ms);
  if (mp) ir_module_free(mp);
  irb_buf_free(&f1);
  irb_buf_free(&f2);
  ir_ctx_free(c1);
  ir_ctx_free(c2);
}

/* Deep nesting: an array attribute nested 300 times, and 300 nested regions. */
static void test_depth(void) {
  IrbBuf pl = {0};
  put_varint(&pl, 1);
  put_varint(&pl, 1);               /* builtin.module */
  put_varint(&pl, 0);
  put_varint(&pl, 300);             /* 300 attributes */
  put_varint(&pl, 0);
  put_varint(&pl, 0x21);            /* unit */
  for (int i = 1; i < 300; i++) {
    put_varint(&pl, 0x27);          /* [previous] */
    put_varint(&pl, 1);
    put_varint(&pl, (uint64_t)i);
  }
  put_varint(&pl, 1);
  put_varint(&pl, 1);
  put_varint(&pl, 16);
  static const uint8_t tail[] = {1, 0, 0, 1, 1, 0, 1, 1, 1, 0, 0};
  for (size_t i = 0; i < sizeof tail; i++) put_varint(&pl, tail[i]);
  expect_payload(pl.data, pl.len, "nesting deeper than 256", __LINE__);
  irb_buf_free(&pl);
  /* 300 nested test.r ops, each with one region of one block (no
   * locations: flag 8) */
  for (int levels = 255; levels <= 300; levels += 45) {
    IrbBuf q = {0};
    put_varint(&q, 2);
    put_varint(&q, 1);                /* builtin.module */
    put_varint(&q, 2 * 6);
    for (const char *t = "test.r"; *t; t++) put_varint(&q, 0), q.data[q.len - 1] = (uint8_t)*t;
    put_varint(&q, 0), put_varint(&q, 0), put_varint(&q, 0);
    put_varint(&q, 2);                /* kinds: both with one region */
    put_varint(&q, 1), put_varint(&q, 16);
    put_varint(&q, 2), put_varint(&q, 16);
    uint32_t n = (uint32_t)levels + 1;
    put_varint(&q, n), put_varint(&q, 0), put_varint(&q, 0);
    put_varint(&q, n), put_varint(&q, n), put_varint(&q, 0);
    put_varint(&q, 0);                /* op 0 */
    for (int i = 0; i < levels; i++) {
      put_varint(&q, 1), put_varint(&q, 0), put_varint(&q, 1);  /* 1 block, 0 args, 1 op */
      put_varint(&q, 1);              /* test.r */
    }
    put_varint(&q, 1), put_varint(&q, 0), put_varint(&q, 0);
    expect_frame(IRB_FLAG_NO_LOCS, q.data, q.len,
                 levels < 256 ? NULL : "regions nested deeper than 256", __LINE__);
    irb_buf_free(&q);
  }
}

/* A module of three ops under builtin.module: op A at file:1:1, op B at
 * file:2:1 (a FILE entry in the same file: written without a recorded
 * depth) and op C at `cloc`. */
static IrModule *loc_module(IrCtx *c, uint32_t file, uint32_t cloc) {
  IrBuilder *b = irb_new(c);
  IrOpSpec ms = {.name = S(c, "builtin.module"), .n_regions = 1};
  uint32_t mod = irb_op(b, IR_NONE, &ms);
  uint32_t mb = irb_block(b, irb_op_region(b, mod, 0));
  uint32_t locs[3] = {ir_loc_file(c, file, 1, 1), ir_loc_file(c, file, 2, 1), cloc};
  for (int i = 0; i < 3; i++) {
    IrOpSpec os = {.name = S(c, "test.op"), .loc = locs[i]};
    irb_op(b, mb, &os);
  }
  const char *why = NULL;
  IrModule *m = irb_freeze(b, mod, &why);
  irb_free(b);
  return m;
}

/* Location depth as the writer counts it: a FILE location is at depth 1
 * (also one written as a line delta, whose depth the writer does not
 * record), each NAME, CALLSITE or FUSED one more than its deepest child. A
 * NAME chain over file:2:1 reaching depth 256 is written and read back; one
 * more level is refused. A CALLSITE of two written FILE locations is
 * depth 2. */
static void test_loc_depth(void) {
  for (int levels = 255; levels <= 256; levels++) {
    IrCtx *c = ir_ctx_new();
    uint32_t file = S(c, "deep.mlir");
    IrLoc cs = {.kind = IR_L_CALLSITE, .a = ir_loc_file(c, file, 2, 1),
                .b = ir_loc_file(c, file, 1, 1)};
    uint32_t l = ir_loc_intern(c, &cs, NULL);
    IrModule *m0 = loc_module(c, file, l);
    CHECK(m0 != NULL);
    if (m0) {
      IrbBuf e = encode(m0, 0, 0);
      IrModule *back = NULL;
      CHECK(read_all(c, e.data, e.len, NULL, 0, &back) == 1);
      if (back) {
        const IrLoc *lo = ir_loc(c, back->ops[3].loc);
        CHECK(lo->kind == IR_L_CALLSITE && ir_loc(c, lo->a)->line == 2);
        ir_module_free(back);
      }
      irb_buf_free(&e);
      ir_module_free(m0);
    }
    l = ir_loc_file(c, file, 2, 1);
    for (int i = 0; i < levels; i++) {
      IrLoc nl = {.kind = IR_L_NAME, .a = S(c, "n"), .b = l};
      l = ir_loc_intern(c, &nl, NULL);
    }
    IrModule *m = loc_module(c, file, l);
    CHECK(m != NULL);
    if (!m) {
      ir_ctx_free(c);
      continue;
    }
    char *text = NULL;
    size_t tlen = 0;
    FILE *f = open_memstream(&text, &tlen);
    IrDiag d;
    ir_diag_init(&d, f);
    IrbBuf out = {0};
    int rc = irb_write(m, NULL, &out, &d);
    fclose(f);
    if (levels < 256) {
      CHECK(rc == 0 && d.n_errors == 0);
      IrModule *back = NULL;
      CHECK(read_all(c, out.data, out.len, NULL, 0, &back) == 1);
      if (back) {
        CHECK(ir_loc(c, back->ops[3].loc)->kind == IR_L_NAME);
        ir_module_free(back);
      }
    } else {
      CHECK(rc == -1 && d.n_errors == 1 && out.len == 0);
      CHECK(text && strstr(text, "cannot encode: nesting deeper than 256") != NULL);
    }
    free(text);
    irb_buf_free(&out);
    ir_module_free(m);
    ir_ctx_free(c);
  }
}

/* Every truncation and every single-byte change of a frame must give -1 and
 * one error line (or, for the few header bits a reader ignores, a module),
 * never a crash. `ref` is the uncompressed frame of the same module. With
 * `rehash`, the checksum is recomputed so the payload
 * decoder sees the corruption. `stride` > 1 samples offsets. */
static void fuzz_frame(const IrbBuf *b, const IrbBuf *ref, int rehash, size_t stride,
                       const char *what) {
  IrCtx *c = ir_ctx_new();
  int zframe = b->len > 12 && (b->data[12] & 0xf) == 1;
  uint8_t *p = malloc(b->len);
  unsigned bad_trunc = 0, accepted = 0, rejected = 0;
  for (size_t n = 1; n < b->len; n += (stride > 1 && n > 64 ? stride : 1)) {
    memcpy(p, b->data, n);
    if (rehash) fix_hash(p, n);
    if (read_all(c, p, n, NULL, 0, NULL) != -1) bad_trunc++;
  }
  CHECK(bad_trunc == 0);
  for (size_t off = 0; off < b->len; off += (off < 48 ? 1 : stride)) {
    memcpy(p, b->data, b->len);
    for (int v = 0; v < 256; v++) {
      if (v == b->data[off]) continue;
      p[off] = (uint8_t)v;
      if (rehash && off < 32) continue;
      if (rehash) fix_hash(p, b->len);
      IrModule *m = NULL;
      int rc = read_all(c, p, b->len, NULL, 0, &m);
      if (rc == 1) {
        accepted++;
        /* a module the reader accepts is sound: re-encodable */
        char why[256];
        CHECK(ir_module_check(m, why, sizeof why) == 0);
        IrbBuf re = {0};
        IrDiag d;
        ir_diag_init(&d, NULL);
        CHECK(irb_write(m, NULL, &re, &d) == 0);
        irb_buf_free(&re);
        /* Without a fixed checksum only the ignorable flag bits or the
         * minor version (1.1 to 1.0: a 1.1 reader reads both) may change,
         * or bytes of a zstd frame that do not change its content. */
        if (!rehash && off != 12 && off != 10) {
          IrbBuf raw = {0};
          ir_diag_init(&d, NULL);
          CHECK(zframe && irb_write(m, NULL, &raw, &d) == 0 && ref &&
                raw.len == ref->len && !memcmp(raw.data + 40, ref->data + 40, raw.len - 40));
          irb_buf_free(&raw);
        }
        ir_module_free(m);
      } else {
        rejected++;
      }
    }
  }
  CHECK(rejected > 0);
  printf("fuzz %s%s: %u corruptions rejected, %u accepted (valid variants)\n", what,
         rehash ? " (checksum fixed)" : "", rejected, accepted);
  free(p);
  ir_ctx_free(c);
}

static void test_fuzz(void) {
  IrCtx *c = ir_ctx_new();
  IrModule *small = build_module(c, 1);
  IrModule *big = build_module(c, 60);
  if (!small || !big) { n_fail++; return; }
  IrbBuf s = encode(small, 0, 0), sz = encode(small, 3, 0), bg = encode(big, 0, 0);
  fuzz_frame(&s, &s, 0, 1, "small");
  fuzz_frame(&s, &s, 1, 1, "small");
  fuzz_frame(&sz, &s, 0, 1, "small zstd");
  fuzz_frame(&bg, &bg, 1, 7, "large");
  irb_buf_free(&s);
  irb_buf_free(&sz);
  irb_buf_free(&bg);
  ir_module_free(small);
  ir_module_free(big);
  ir_ctx_free(c);
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);  /* CPU time: the build box is shared */
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Size and speed on a large generated module. */
static void test_bench(void) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = build_module(c, 50000);
  if (!m) { n_fail++; return; }
  IrbBuf b = encode(m, 0, 0), s = encode(m, 0, 1), z = encode(m, 3, 0);
  printf("generated module: %u ops: %.2f bytes/op with locations, %.2f stripped,"
         " %.2f zstd-3\n", m->n_ops, (double)b.len / m->n_ops,
         (double)s.len / m->n_ops, (double)z.len / m->n_ops);
  IrCtx *c2 = ir_ctx_new();
  int reps = 20;
  double t0 = now();
  for (int i = 0; i < reps; i++) CHECK(read_all(c2, b.data, b.len, NULL, 0, NULL) == 1);
  double t1 = now();
  for (int i = 0; i < reps; i++) {
    IrbBuf o = encode(m, 0, 0);
    irb_buf_free(&o);
  }
  double t2 = now();
  printf("decode %.0f MB/s (%.1f Mops/s), encode %.0f MB/s\n",
         reps * b.len / (t1 - t0) / 1e6, reps * m->n_ops / (t1 - t0) / 1e6,
         reps * b.len / (t2 - t1) / 1e6);
  irb_buf_free(&b);
  irb_buf_free(&s);
  irb_buf_free(&z);
  ir_module_free(m);
  ir_ctx_free(c);
  ir_ctx_free(c2);
}

/* Decode speed on a given .irb file (e.g. made by ir-asm). */
static void bench_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) { perror(path); n_fail++; return; }
  IrbBuf b = {0};
  uint8_t tmp[65536];
  size_t n;
  while ((n = fread(tmp, 1, sizeof tmp, f)) > 0) {
    b.data = realloc(b.data, b.len + n);
    memcpy(b.data + b.len, tmp, n);
    b.len += n;
  }
  fclose(f);
  IrCtx *c = ir_ctx_new();
  int reps = 20, frames = 0;
  uint64_t ops = 0;
  double t0 = now(), t_first = 0;
  for (int i = 0; i < reps; i++) {
    IrbReader r;
    irb_reader_init(&r, b.data, b.len, path);
    IrDiag d;
    ir_diag_init(&d, stderr);
    IrModule *m;
    while (irb_read_next(&r, c, &m, &d) == 1) {
      if (i == 0) frames++;
      ops += m->n_ops;
      ir_module_free(m);
    }
    if (i == 0) t_first = now() - t0;
  }
  double t = now() - t0;
  printf("%s: %d frames, %zu bytes, %.2f bytes/op: first decode (fresh ctx) %.0f MB/s,"
         " warm ctx %.0f MB/s (%.1f Mops/s)\n", path, frames, b.len,
         (double)b.len * reps / ops, b.len / t_first / 1e6,
         b.len * (reps - 1) / (t - t_first) / 1e6, ops / t / 1e6);
  free(b.data);
  ir_ctx_free(c);
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "--bench")) {
    for (int i = 2; i < argc; i++) bench_file(argv[i]);
    if (argc > 2) {
          return unit_done();
    }
    test_bench();
      return unit_done();
  }
  test_roundtrip();
  test_errors();
  test_payloads();
  test_op_payloads();
  test_depth();
  test_loc_depth();
  test_text_entries();
  test_dense_hex();
  test_elem_types();
  test_vector_dims();
  test_fuzz();
  test_bench();
  return unit_done();
}
