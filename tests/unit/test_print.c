/*
 * test_print.c - unit tests of the MLIR text printer (print*.c): modules
 * built with the builder, or parsed from text, are printed and compared with
 * the exact text mlir-opt-22 prints for the same input (the expected strings
 * below were produced by `mlir-opt-22 --allow-unregistered-dialect`, with
 * `--mlir-print-op-generic` / `--mlir-print-debuginfo` where noted).
 *
 * Covers: types of every kind, attributes (integers of every signedness,
 * floats in all three of MLIR's forms, strings with escapes, dictionaries,
 * symbol refs, dense arrays, strided layouts), value numbering across nested
 * regions (custom and generic form), entry block arguments, result groups,
 * name hints with conflict suffixes, block labels with predecessor comments,
 * `#map`/`#set` aliases, `#loc` aliases, `module @name attributes`, and the
 * -1 return on a write error.
 *
 * Prints one line per failed check and "N passed, M failed" last; exits
 * non-zero if anything failed.
 */
#include <stdlib.h>

#include "print.h"
#include "unit.h"

static void expect_text(const char *what, int line, const IrModule *m,
                        int generic, int debuginfo, const char *want) {
  char *got = unit_print(m, generic, debuginfo);
  if (!strcmp(got, want)) {
    n_pass++;
  } else {
    n_fail++;
    printf("FAIL %s:%d: %s printed\n%s--- expected\n%s---\n", __FILE__, line,
           what, got, want);
  }
  free(got);
}
#define EXPECT(what, m, g, d, want) expect_text(what, __LINE__, m, g, d, want)

/* Parse, print in the given form, compare. */
static void roundtrip(const char *file, int line, const char *in, int generic,
                      int debuginfo, const char *want) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = unit_parse(c, in, file, 0);
  if (m) expect_text(file, line, m, generic, debuginfo, want);
  ir_module_free(m);
  ir_ctx_free(c);
}
#define ROUNDTRIP(file, in, g, d, want) roundtrip(file, __LINE__, in, g, d, want)

/* ====================================================================== */
/* Builder helpers                                                        */
/* ====================================================================== */

typedef struct T {
  IrCtx *c;
  IrBuilder *b;
  uint32_t top, body; /* the module op and its block */
} T;

static void t_init(T *t) {
  t->c = ir_ctx_new();
  t->b = irb_new(t->c);
  IrOpSpec s = {0};
  s.name = ir_cstr(t->c, "builtin.module");
  s.n_regions = 1;
  t->top = irb_op(t->b, IR_NONE, &s);
  t->body = irb_block(t->b, irb_op_region(t->b, t->top, 0));
}

static IrModule *t_freeze(T *t) {
  const char *why = NULL;
  IrModule *m = irb_freeze(t->b, t->top, &why);
  if (!m) printf("FAIL freeze: %s\n", why ? why : "?");
  CHECK(m != NULL);
  return m;
}

static void t_free(T *t, IrModule *m) {
  ir_module_free(m);
  irb_free(t->b);
  ir_ctx_free(t->c);
}

/* Append op `name` to `blk`. */
static uint32_t t_op(T *t, uint32_t blk, const char *name, const uint32_t *opd,
                     uint32_t nopd, const uint32_t *res, uint32_t nres,
                     uint32_t nreg, uint32_t props, uint32_t attrs) {
  IrOpSpec s = {0};
  s.name = ir_cstr(t->c, name);
  s.operands = opd;
  s.n_operands = nopd;
  s.result_types = res;
  s.n_results = nres;
  s.n_regions = nreg;
  s.props = props;
  s.attrs = attrs;
  return irb_op(t->b, blk, &s);
}

/* A dictionary from (name, attr) pairs. */
static uint32_t t_dict(T *t, uint32_t n, const char *const *names,
                       const uint32_t *attrs) {
  uint32_t list[64];
  for (uint32_t i = 0; i < n; i++) {
    list[2 * i] = ir_cstr(t->c, names[i]);
    list[2 * i + 1] = attrs[i];
  }
  IrAttr a = {.kind = IR_A_DICT, .n = n};
  return ir_attr_intern(t->c, &a, list, NULL);
}

static uint32_t t_float(T *t, double v, uint32_t type) {
  IrAttr a = {.kind = IR_A_FLOAT, .fval = v, .type = type};
  return ir_attr_intern(t->c, &a, NULL, NULL);
}

static uint32_t t_strided(T *t, int64_t off, uint32_t n, const int64_t *st) {
  IrAttr a = {.kind = IR_A_STRIDED, .ival = off, .n = n};
  return ir_attr_intern(t->c, &a, NULL, st);
}

static uint32_t t_map(T *t, const char *text) {
  IrAttr a = {.kind = IR_A_AFFINE_MAP, .str = ir_cstr(t->c, text)};
  return ir_attr_intern(t->c, &a, NULL, NULL);
}

/* ====================================================================== */
/* Floats                                                                 */
/* ====================================================================== */

static void test_floats(void) {
  static const struct {
    double v;
    IrFloatKind k;
    const char *want;
  } cases[] = {
      {1.0, IR_F64, "1.000000e+00"},
      {1.5, IR_F32, "1.500000e+00"},
      {0.1, IR_F64, "1.000000e-01"},
      {0.0, IR_F32, "0.000000e+00"},
      {-0.0, IR_F64, "-0.000000e+00"},
      {(double)1.23456789f, IR_F32, "1.23456788"},
      {123456789012.0, IR_F64, "0x423CBE991A140000"},
      {-30.90625, IR_F16, "-3.090630e+01"},  /* APFloat truncates first */
      {65504.0, IR_F16, "6.550400e+04"},
      {5.960464477539063e-08, IR_F16, "5.960460e-08"},
      {0.7, IR_F64, "0.69999999999999996"}, /* sic: APFloat */
      {3.14159, IR_F64, "3.141590e+00"},
      {3.141592653589793, IR_F64, "3.1415926535897931"},
      {1e300, IR_F64, "1.000000e+300"},
      {4.9406564584124654e-324, IR_F64, "4.940660e-324"},
      {0.1f, IR_F32, "1.000000e-01"},
      {16777216.0, IR_F32, "0x4B800000"}, /* no `.`: hex */
  };
  char buf[128];
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    irw_format_float(buf, cases[i].v, cases[i].k);
    if (!strcmp(buf, cases[i].want)) {
      n_pass++;
    } else {
      n_fail++;
      printf("FAIL float %.17g: got %s, want %s\n", cases[i].v, buf,
             cases[i].want);
    }
  }
  /* NaN and infinities print their bits; a narrow NaN's payload sits at the
   * top of the double's mantissa */
  uint64_t qnan32 = UINT64_C(0x7ff8000000000000);
  double d;
  memcpy(&d, &qnan32, sizeof d);
  irw_format_float(buf, d, IR_F32);
  CHECK(!strcmp(buf, "0x7FC00000"));
  irw_format_float(buf, d, IR_F64);
  CHECK(!strcmp(buf, "0x7FF8000000000000"));
  irw_format_float(buf, d, IR_F16);
  CHECK(!strcmp(buf, "0x7E00"));
  irw_format_float(buf, d, IR_BF16);
  CHECK(!strcmp(buf, "0x7FC0"));
  irw_format_float(buf, -__builtin_inf(), IR_F32);
  CHECK(!strcmp(buf, "0xFF800000"));
  irw_format_float(buf, __builtin_inf(), IR_F16);
  CHECK(!strcmp(buf, "0x7C00"));
}

/* ====================================================================== */
/* Types and attributes (builder)                                         */
/* ====================================================================== */

static void test_types_attrs(void) {
  T t;
  t_init(&t);
  IrCtx *c = t.c;
  uint32_t i1 = ir_type_int(c, 1), i8 = ir_type_int(c, 8), i32 = ir_type_int(c, 32);
  uint32_t f16 = ir_type_float(c, IR_F16), f32 = ir_type_float(c, IR_F32);
  uint32_t f64 = ir_type_float(c, IR_F64), idx = ir_type_index(c);
  IrType ty = {.kind = IR_T_INT, .sub = IR_UNSIGNED, .width = 8};
  uint32_t ui8 = ir_type_intern(c, &ty, NULL, NULL);
  ty.sub = IR_SIGNED;
  uint32_t si8 = ir_type_intern(c, &ty, NULL, NULL);
  ty = (IrType){.kind = IR_T_INT, .sub = IR_UNSIGNED, .width = 16};
  uint32_t ui16 = ir_type_intern(c, &ty, NULL, NULL);

  /* memref<2x?xf32, strided<[?, 1], offset: ?>, 1> */
  int64_t d2[] = {2, IR_DYN}, st[] = {IR_DYN, 1};
  uint32_t strided = t_strided(&t, IR_DYN, 2, st);
  uint32_t mr = ir_type_memref(c, 2, d2, f32, strided, ir_attr_int(c, 1, 0));
  IrType um = {.kind = IR_T_UMEMREF, .elem = f32, .space = ir_attr_int(c, 2, 0)};
  uint32_t umr = ir_type_intern(c, &um, NULL, NULL);
  int64_t d1[] = {IR_DYN};
  IrType tt = {.kind = IR_T_TENSOR, .elem = f32, .n = 1,
               .layout = ir_attr_int(c, 7, 0)};
  uint32_t ten = ir_type_intern(c, &tt, d1, NULL);
  int64_t dv[] = {4, 8};
  IrType vt = {.kind = IR_T_VECTOR, .elem = f32, .n = 2, .scalable = 2};
  uint32_t vec = ir_type_intern(c, &vt, dv, NULL);
  uint32_t m0 = ir_type_memref(c, 0, NULL, f32, 0, 0);
  uint32_t ins[] = {i1, idx};
  uint32_t fn = ir_type_func(c, 2, ins, 1, &m0);
  uint32_t fn0 = ir_type_func(c, 0, NULL, 0, NULL);
  IrType ct = {.kind = IR_T_COMPLEX, .elem = f32};
  uint32_t cplx = ir_type_intern(c, &ct, NULL, NULL);
  IrType tu = {.kind = IR_T_TUPLE, .n = 0};
  uint32_t tup0 = ir_type_intern(c, &tu, NULL, NULL);
  uint32_t tl[] = {i32, f16};
  tu.n = 2;
  uint32_t tup2 = ir_type_intern(c, &tu, NULL, tl);
  IrType op = {.kind = IR_T_OPAQUE, .text = ir_cstr(c, "!foo.bar<\"x\">")};
  uint32_t opq = ir_type_intern(c, &op, NULL, NULL);
  IrType nt = {.kind = IR_T_NONE};
  uint32_t none = ir_type_intern(c, &nt, NULL, NULL);
  uint32_t bf16 = ir_type_float(c, IR_BF16);
  uint32_t f8 = ir_type_float(c, IR_F8E4M3FN);
  uint32_t fnfn = ir_type_func(c, 0, NULL, 1, &fn0);
  IrType ut = {.kind = IR_T_UTENSOR, .elem = i1};
  uint32_t uten = ir_type_intern(c, &ut, NULL, NULL);
  int64_t d4[] = {4};
  uint32_t mr4 = ir_type_memref(c, 1, d4, f32, 0, ir_attr_int(c, 1, i32));
  IrType v0 = {.kind = IR_T_VECTOR, .elem = f32};
  uint32_t vec0 = ir_type_intern(c, &v0, NULL, NULL);
  uint32_t res[] = {mr, umr, ten, vec, fn, fn0, cplx, tup0, tup2, opq, none,
                    si8, ui16, bf16, f8, fnfn, uten, mr4, vec0};
  t_op(&t, t.body, "test.b", NULL, 0, res, 19, 0, 0, 0);

  /* attributes, given unsorted: the dictionary sorts them */
  uint32_t arr[] = {ir_attr_int(c, 1, 0), ir_attr_int(c, 2, i32), t_float(&t, 1.5, f64),
                    ir_attr_string(c, "s", 1)};
  IrAttr aa = {.kind = IR_A_ARRAY, .n = 4};
  uint32_t array = ir_attr_intern(c, &aa, arr, NULL);
  IrAttr sy = {.kind = IR_A_SYMREF, .str = ir_cstr(c, "a b")};
  uint32_t sym1 = ir_attr_intern(c, &sy, NULL, NULL);
  uint32_t nested = ir_cstr(c, "b");
  IrAttr sy2 = {.kind = IR_A_SYMREF, .str = ir_cstr(c, "a"), .n = 1};
  uint32_t sym2 = ir_attr_intern(c, &sy2, &nested, NULL);
  int64_t ia[] = {1, 0};
  const char *kn[] = {"y", "x"};
  uint32_t kv[] = {ir_attr_int(c, 2, 0), ir_attr_unit(c)};
  int64_t one[] = {1};
  int64_t fa[2];
  double fv[] = {1.5, 2.0};
  memcpy(fa, fv, sizeof fa);
  IrAttr dfa = {.kind = IR_A_DENSE_ARRAY, .type = f32, .n = 2};
  IrAttr dba = {.kind = IR_A_DENSE_ARRAY, .type = i1, .n = 2};
  IrAttr dea = {.kind = IR_A_DENSE_ARRAY, .type = ir_type_int(c, 64), .n = 0};
  int64_t ba[] = {1, 0};
  uint64_t nanbits = UINT64_C(0x7ff8000000000000);
  double nan;
  memcpy(&nan, &nanbits, sizeof nan);
  const char *names[] = {"z", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j",
                         "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u",
                         "v", "w x"};
  uint32_t vals[] = {
      ir_attr_intern(c, &dea, NULL, NULL),
      ir_attr_int(c, 42, i32),
      ir_attr_int(c, 42, 0),
      ir_attr_bool(c, 1),
      t_float(&t, 1.0, f32),
      ir_attr_string(c, "a\"b\n\\", 5),
      array,
      sym1,
      sym2,
      ir_attr_dense_i32(c, 2, ia),
      ir_attr_unit(c),
      t_dict(&t, 2, kn, kv),
      ir_attr_type(c, f32),
      t_strided(&t, 1, 1, one),
      t_strided(&t, 0, 2, st),
      ir_attr_int(c, 255, i8),
      ir_attr_int(c, 255, ui8),
      ir_attr_intern(c, &dfa, NULL, fa),
      ir_attr_intern(c, &dba, NULL, ba),
      t_float(&t, nan, f32),
      t_float(&t, 123456789012.0, f64),
      t_float(&t, 0.1, f64),
      ir_attr_int(c, -7, idx),
      ir_attr_int(c, 1, si8),
  };
  uint32_t dict = t_dict(&t, 24, names, vals);
  t_op(&t, t.body, "test.a", NULL, 0, NULL, 0, 0, 0, dict);
  IrModule *m = t_freeze(&t);
  EXPECT("types and attributes", m, 0, 0,
         "module {\n"
         "  %0:19 = \"test.b\"() : () -> (memref<2x?xf32, strided<[?, 1], offset: ?>, 1>, memref<*xf32, 2>, tensor<?xf32, 7 : i64>, vector<4x[8]xf32>, (i1, index) -> memref<f32>, () -> (), complex<f32>, tuple<>, tuple<i32, f16>, !foo.bar<\"x\">, none, si8, ui16, bf16, f8E4M3FN, () -> (() -> ()), tensor<*xi1>, memref<4xf32, 1 : i32>, vector<f32>)\n"
         "  \"test.a\"() {a = 42 : i32, b = 42 : i64, c = true, d = 1.000000e+00 : f32, e = \"a\\22b\\0A\\\\\", f = [1, 2 : i32, 1.500000e+00, \"s\"], g = @\"a b\", h = @a::@b, i = array<i32: 1, 0>, j, k = {x, y = 2 : i64}, l = f32, m = strided<[1], offset: 1>, n = strided<[?, 1]>, o = -1 : i8, p = 255 : ui8, q = array<f32: 1.500000e+00, 2.000000e+00>, r = array<i1: true, false>, s = 0x7FC00000 : f32, t = 0x423CBE991A140000 : f64, u = 1.000000e-01 : f64, v = -7 : index, \"w x\" = 1 : si8, z = array<i64>} : () -> ()\n"
         "}\n");
  t_free(&t, m);
}

/* ====================================================================== */
/* Value numbering, blocks, predecessors (builder, unregistered ops)      */
/* ====================================================================== */

static void test_numbering(void) {
  T t;
  t_init(&t);
  IrCtx *c = t.c;
  IrBuilder *b = t.b;
  uint32_t i32 = ir_type_int(c, 32), f32 = ir_type_float(c, IR_F32);
  uint32_t two[] = {i32, i32};
  uint32_t a = t_op(&t, t.body, "tst.a", NULL, 0, &i32, 1, 0, 0, 0);
  uint32_t va = irb_op_result(b, a, 0);
  uint32_t r = t_op(&t, t.body, "tst.r", &va, 1, NULL, 0, 3, 0, 0);
  t_op(&t, t.body, "tst.e", NULL, 0, &i32, 1, 0, 0, 0);
  /* region 0: four blocks, branches, a nested region */
  uint32_t r0 = irb_op_region(b, r, 0);
  uint32_t b0 = irb_block(b, r0), b1 = irb_block(b, r0);
  uint32_t b2 = irb_block(b, r0), b3 = irb_block(b, r0);
  uint32_t x = irb_block_arg(b, b0, i32);
  irb_block_arg(b, b0, f32);
  uint32_t tb = t_op(&t, b0, "tst.b", &x, 1, &i32, 1, 0, 0, 0);
  uint32_t vb = irb_op_result(b, tb, 0);
  uint32_t r2 = t_op(&t, b0, "tst.r2", NULL, 0, NULL, 0, 1, 0, 0);
  uint32_t nb = irb_block(b, irb_op_region(b, r2, 0));
  t_op(&t, nb, "tst.c", &vb, 1, &i32, 1, 0, 0, 0);
  t_op(&t, nb, "tst.t", NULL, 0, NULL, 0, 0, 0, 0);
  uint32_t tw = t_op(&t, b0, "tst.two", NULL, 0, two, 2, 0, 0, 0);
  uint32_t v31 = irb_op_result(b, tw, 1);
  IrBSucc s1[] = {{b1, 0, 1}, {b2, 1, 0}};
  IrOpSpec br = {0};
  br.name = ir_cstr(c, "tst.br");
  br.operands = &v31;
  br.n_operands = 1;
  br.succs = s1;
  br.n_succs = 2;
  irb_op(b, b0, &br);
  irb_block_arg(b, b1, i32);
  IrBSucc s2[] = {{b2, 0, 0}, {b2, 0, 0}};
  br.operands = NULL;
  br.n_operands = 0;
  br.succs = s2;
  irb_op(b, b1, &br);
  t_op(&t, b2, "tst.ret", NULL, 0, NULL, 0, 0, 0, 0);
  t_op(&t, b3, "tst.ret", NULL, 0, NULL, 0, 0, 0, 0);
  /* region 1: one op; region 2: no block */
  t_op(&t, irb_block(b, irb_op_region(b, r, 1)), "tst.d", NULL, 0, &i32, 1, 0, 0, 0);
  IrModule *m = t_freeze(&t);
  EXPECT("numbering", m, 0, 0,
         "module {\n"
         "  %0 = \"tst.a\"() : () -> i32\n"
         "  \"tst.r\"(%0) ({\n"
         "  ^bb0(%arg0: i32, %arg1: f32):\n"
         "    %2 = \"tst.b\"(%arg0) : (i32) -> i32\n"
         "    \"tst.r2\"() ({\n"
         "      %5 = \"tst.c\"(%2) : (i32) -> i32\n"
         "      \"tst.t\"() : () -> ()\n"
         "    }) : () -> ()\n"
         "    %3:2 = \"tst.two\"() : () -> (i32, i32)\n"
         "    \"tst.br\"(%3#1)[^bb1, ^bb2] : (i32) -> ()\n"
         "  ^bb1(%4: i32):  // pred: ^bb0\n"
         "    \"tst.br\"()[^bb2, ^bb2] : () -> ()\n"
         "  ^bb2:  // 3 preds: ^bb0, ^bb1, ^bb1\n"
         "    \"tst.ret\"() : () -> ()\n"
         "  ^bb3:  // no predecessors\n"
         "    \"tst.ret\"() : () -> ()\n"
         "  }, {\n"
         "    %2 = \"tst.d\"() : () -> i32\n"
         "  }, {\n"
         "  }) : (i32) -> ()\n"
         "  %1 = \"tst.e\"() : () -> i32\n"
         "}\n");
  /* generic form: unique ids, counting on through the regions, the last
   * region first (MLIR's order) */
  EXPECT("numbering, generic", m, 1, 0,
         "\"builtin.module\"() ({\n"
         "  %0 = \"tst.a\"() : () -> i32\n"
         "  \"tst.r\"(%0) ({\n"
         "  ^bb0(%arg0: i32, %arg1: f32):\n"
         "    %3 = \"tst.b\"(%arg0) : (i32) -> i32\n"
         "    \"tst.r2\"() ({\n"
         "      %6 = \"tst.c\"(%3) : (i32) -> i32\n"
         "      \"tst.t\"() : () -> ()\n"
         "    }) : () -> ()\n"
         "    %4:2 = \"tst.two\"() : () -> (i32, i32)\n"
         "    \"tst.br\"(%4#1)[^bb1, ^bb2] : (i32) -> ()\n"
         "  ^bb1(%5: i32):  // pred: ^bb0\n"
         "    \"tst.br\"()[^bb2, ^bb2] : () -> ()\n"
         "  ^bb2:  // 3 preds: ^bb0, ^bb1, ^bb1\n"
         "    \"tst.ret\"() : () -> ()\n"
         "  ^bb3:  // no predecessors\n"
         "    \"tst.ret\"() : () -> ()\n"
         "  }, {\n"
         "    %2 = \"tst.d\"() : () -> i32\n"
         "  }, {\n"
         "  }) : (i32) -> ()\n"
         "  %1 = \"tst.e\"() : () -> i32\n"
         "}) : () -> ()\n");
  t_free(&t, m);
}

/* ====================================================================== */
/* Names from asm_names hooks, result groups, aliases (builder)           */
/* ====================================================================== */

static void test_names(void) {
  T t;
  t_init(&t);
  IrCtx *c = t.c;
  IrBuilder *b = t.b;
  uint32_t idx = ir_type_index(c), f32 = ir_type_float(c, IR_F32);
  int64_t d4[] = {4}, d23[] = {2, 3};
  uint32_t map1 = t_map(&t, "(d0) -> (d0 + 1)");
  uint32_t map2 = t_map(&t, "(d0) -> (d0 + 2)");
  uint32_t mt = ir_type_memref(c, 1, d4, f32, map1, 0);
  uint32_t mt2 = ir_type_memref(c, 1, d4, f32, map2, 0);
  uint32_t m23 = ir_type_memref(c, 2, d23, f32, 0, 0);
  uint32_t m0 = ir_type_memref(c, 0, NULL, f32, 0, 0);
  uint32_t fty = ir_type_func(c, 1, &mt, 1, &mt);
  const char *fn[] = {"function_type", "sym_name"};
  uint32_t fv[] = {ir_attr_type(c, fty), ir_attr_string(c, "f", 1)};
  uint32_t f = t_op(&t, t.body, "func.func", NULL, 0, NULL, 0, 1, t_dict(&t, 2, fn, fv), 0);
  uint32_t e = irb_block(b, irb_op_region(b, f, 0));
  uint32_t arg = irb_block_arg(b, e, mt);
  const char *vn[] = {"value"};
  uint32_t zero = ir_attr_int(c, 0, idx);
  uint32_t c0 = t_op(&t, e, "arith.constant", NULL, 0, &idx, 1, 0, t_dict(&t, 1, vn, &zero), 0);
  t_op(&t, e, "arith.constant", NULL, 0, &idx, 1, 0, t_dict(&t, 1, vn, &zero), 0);
  uint32_t vc0 = irb_op_result(b, c0, 0);
  const char *sn[] = {"operandSegmentSizes"};
  int64_t seg[] = {0, 0};
  uint32_t segs = ir_attr_dense_i32(c, 2, seg);
  t_op(&t, e, "memref.alloc", NULL, 0, &mt2, 1, 0, t_dict(&t, 1, sn, &segs), 0);
  uint32_t al = t_op(&t, e, "memref.alloc", NULL, 0, &m23, 1, 0, t_dict(&t, 1, sn, &segs), 0);
  uint32_t val = irb_op_result(b, al, 0);
  uint32_t md[] = {m0, idx, idx, idx, idx, idx};
  uint32_t meta = t_op(&t, e, "memref.extract_strided_metadata", &val, 1, md, 6, 0, 0, 0);
  uint32_t sz1 = irb_op_result(b, meta, 3);
  const char *un[] = {"m"};
  uint32_t map3 = t_map(&t, "(d0) -> (d0 + 3)");
  t_op(&t, e, "tst.u", &sz1, 1, NULL, 0, 0, 0, t_dict(&t, 1, un, &map3));
  /* scf.for %arg1 = %c0 to %c0 step %c0 { %c0_2 = ...; %alloc_3 = ... } */
  uint32_t lb[] = {vc0, vc0, vc0};
  uint32_t loop = t_op(&t, e, "scf.for", lb, 3, NULL, 0, 1, 0, 0);
  uint32_t lbody = irb_block(b, irb_op_region(b, loop, 0));
  irb_block_arg(b, lbody, idx);
  t_op(&t, lbody, "arith.constant", NULL, 0, &idx, 1, 0, t_dict(&t, 1, vn, &zero), 0);
  uint32_t m2 = ir_type_memref(c, 1, (int64_t[]){2}, f32, 0, 0);
  t_op(&t, lbody, "memref.alloc", NULL, 0, &m2, 1, 0, t_dict(&t, 1, sn, &segs), 0);
  t_op(&t, lbody, "scf.yield", NULL, 0, NULL, 0, 0, 0, 0);
  t_op(&t, e, "func.return", &arg, 1, NULL, 0, 0, 0, 0);
  IrModule *m = t_freeze(&t);
  EXPECT("names", m, 0, 0,
         "#map = affine_map<(d0) -> (d0 + 1)>\n"
         "#map1 = affine_map<(d0) -> (d0 + 2)>\n"
         "#map2 = affine_map<(d0) -> (d0 + 3)>\n"
         "module {\n"
         "  func.func @f(%arg0: memref<4xf32, #map>) -> memref<4xf32, #map> {\n"
         "    %c0 = arith.constant 0 : index\n"
         "    %c0_0 = arith.constant 0 : index\n"
         "    %alloc = memref.alloc() : memref<4xf32, #map1>\n"
         "    %alloc_1 = memref.alloc() : memref<2x3xf32>\n"
         "    %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %alloc_1 : memref<2x3xf32> -> memref<f32>, index, index, index, index, index\n"
         "    \"tst.u\"(%sizes#1) {m = #map2} : (index) -> ()\n"
         "    scf.for %arg1 = %c0 to %c0 step %c0 {\n"
         "      %c0_2 = arith.constant 0 : index\n"
         "      %alloc_3 = memref.alloc() : memref<2xf32>\n"
         "    }\n"
         "    return %arg0 : memref<4xf32, #map>\n"
         "  }\n"
         "}\n");
  EXPECT("names, generic", m, 1, 0,
         "#map = affine_map<(d0) -> (d0 + 1)>\n"
         "#map1 = affine_map<(d0) -> (d0 + 2)>\n"
         "#map2 = affine_map<(d0) -> (d0 + 3)>\n"
         "\"builtin.module\"() ({\n"
         "  \"func.func\"() <{function_type = (memref<4xf32, #map>) -> memref<4xf32, #map>, sym_name = \"f\"}> ({\n"
         "  ^bb0(%arg0: memref<4xf32, #map>):\n"
         "    %0 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n"
         "    %1 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n"
         "    %2 = \"memref.alloc\"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32, #map1>\n"
         "    %3 = \"memref.alloc\"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2x3xf32>\n"
         "    %4:6 = \"memref.extract_strided_metadata\"(%3) : (memref<2x3xf32>) -> (memref<f32>, index, index, index, index, index)\n"
         "    \"tst.u\"(%4#3) {m = #map2} : (index) -> ()\n"
         "    \"scf.for\"(%0, %0, %0) ({\n"
         "    ^bb0(%arg1: index):\n"
         "      %5 = \"arith.constant\"() <{value = 0 : index}> : () -> index\n"
         "      %6 = \"memref.alloc\"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2xf32>\n"
         "      \"scf.yield\"() : () -> ()\n"
         "    }) : (index, index, index) -> ()\n"
         "    \"func.return\"(%arg0) : (memref<4xf32, #map>) -> ()\n"
         "  }) : () -> ()\n"
         "}) : () -> ()\n");
  t_free(&t, m);
}

/* ====================================================================== */
/* irw_set_name itself: sanitising, conflicts, groups, block arguments    */
/* ====================================================================== */

/* A test asm_names hook: names result 0 after the `nm` attribute, result 2
 * after `nm2`, and the entry argument 0 of region 0 after `arg`. */
static void names_from_attrs(IrPrinter *w, const IrModule *m, uint32_t op) {
  IrCtx *c = m->ctx;
  uint32_t a = ir_op_attr(m, op, "nm"), b = ir_op_attr(m, op, "nm2");
  uint32_t g = ir_op_attr(m, op, "arg");
  if (a) irw_set_name(w, ir_result(m, op, 0), ir_str_ptr(c, ir_attr(c, a)->str));
  if (b) irw_set_name(w, ir_result(m, op, 2), ir_str_ptr(c, ir_attr(c, b)->str));
  if (g && m->ops[op].n_regions) {
    const IrBlock *e = &m->blocks[m->regions[m->ops[op].regions].blocks];
    irw_set_name(w, e->args, ir_str_ptr(c, ir_attr(c, g)->str));
  }
}

/* Borrow a registered op for a test asm_names hook (the registry table is
 * writable; the caller restores *saved). */
static IrOpInfo *borrow_names_hook(IrOpInfo *saved,
                                   void (*names)(IrPrinter *, const IrModule *,
                                                 uint32_t)) {
  IrOpInfo *info = (IrOpInfo *)ir_op_info(ir_op_lookup("test.side_effect_op", 19));
  *saved = *info;
  info->print = NULL;
  info->asm_names = names;
  return info;
}

static void test_set_name(void) {
  IrOpInfo saved, *info = borrow_names_hook(&saved, names_from_attrs);

  T t;
  t_init(&t);
  IrCtx *c = t.c;
  IrBuilder *b = t.b;
  uint32_t i32 = ir_type_int(c, 32);
  uint32_t four[] = {i32, i32, i32, i32};
  const char *n3[] = {"arg", "nm", "nm2"};
  uint32_t v3[] = {ir_attr_string(c, "1blk", 4), ir_attr_string(c, "x", 1),
                   ir_attr_string(c, "y", 1)};
  uint32_t o1 = t_op(&t, t.body, "test.side_effect_op", NULL, 0, four, 4, 1,
                     0, t_dict(&t, 3, n3, v3));
  t_op(&t, t.body, "test.side_effect_op", NULL, 0, four, 4, 0, 0,
       t_dict(&t, 2, n3 + 1, v3 + 1));
  uint32_t e = irb_block(b, irb_op_region(b, o1, 0));
  irb_block_arg(b, e, i32);
  irb_block_arg(b, e, i32);
  uint32_t uses[] = {irb_op_result(b, o1, 1), irb_op_result(b, o1, 2)};
  t_op(&t, e, "tst.in", uses, 2, &i32, 1, 0, 0, 0);
  const char *n1[] = {"nm"};
  uint32_t v1[] = {ir_attr_string(c, "a b/c\xc3", 6)};
  t_op(&t, e, "test.side_effect_op", NULL, 0, &i32, 1, 0, 0, t_dict(&t, 1, n1, v1));
  IrModule *m = t_freeze(&t);
  EXPECT("set_name", m, 0, 0,
         "module {\n"
         "  %x:2, %y:2 = \"test.side_effect_op\"() ({\n"
         "  ^bb0(%_1blk: i32, %arg0: i32):\n"
         "    %0 = \"tst.in\"(%x#1, %y#0) : (i32, i32) -> i32\n"
         "    %a_b2FcC3 = \"test.side_effect_op\"() {nm = \"a b/c\\C3\"} : () -> i32\n"
         "  }) {arg = \"1blk\", nm = \"x\", nm2 = \"y\"} : () -> (i32, i32, i32, i32)\n"
         "  %x_0:2, %y_1:2 = \"test.side_effect_op\"() {nm = \"x\", nm2 = \"y\"} : () -> (i32, i32, i32, i32)\n"
         "}\n");
  t_free(&t, m);
  *info = saved;
}

/* irw_set_name_n: the length given is the name (no strlen), the name is
 * taken as is, conflicts get `_N`, a block argument takes the general
 * path, an empty name numbers the value. */
static void names_n(IrPrinter *w, const IrModule *m, uint32_t op) {
  if (m->ops[op].n_results == 2) {
    irw_set_name_n(w, ir_result(m, op, 0), "allocXYZ", 5);
    irw_set_name_n(w, ir_result(m, op, 1), "c-1_i8", 0);
  }
  if (m->ops[op].n_regions) {
    const IrBlock *e = &m->blocks[m->regions[m->ops[op].regions].blocks];
    irw_set_name_n(w, e->args, "blkq", 3);
  }
  if (m->ops[op].n_results == 1)
    irw_set_name_n(w, ir_result(m, op, 0), "c-1_i8", 6);
}

static void test_set_name_n(void) {
  IrOpInfo saved, *info = borrow_names_hook(&saved, names_n);
  T t;
  t_init(&t);
  uint32_t i32 = ir_type_int(t.c, 32), two[] = {i32, i32};
  uint32_t o1 = t_op(&t, t.body, "test.side_effect_op", NULL, 0, two, 2, 1, 0, 0);
  t_op(&t, t.body, "test.side_effect_op", NULL, 0, two, 2, 0, 0, 0);
  t_op(&t, t.body, "test.side_effect_op", NULL, 0, &i32, 1, 0, 0, 0);
  t_op(&t, t.body, "test.side_effect_op", NULL, 0, &i32, 1, 0, 0, 0);
  uint32_t e = irb_block(t.b, irb_op_region(t.b, o1, 0));
  irb_block_arg(t.b, e, i32);
  t_op(&t, e, "test.side_effect_op", NULL, 0, &i32, 1, 0, 0, 0);
  IrModule *m = t_freeze(&t);
  EXPECT("set_name_n", m, 0, 0,
         "module {\n"
         "  %alloc, %0 = \"test.side_effect_op\"() ({\n"
         "  ^bb0(%blk: i32):\n"
         "    %c-1_i8_2 = \"test.side_effect_op\"() : () -> i32\n"
         "  }) : () -> (i32, i32)\n"
         "  %alloc_0, %1 = \"test.side_effect_op\"() : () -> (i32, i32)\n"
         "  %c-1_i8 = \"test.side_effect_op\"() : () -> i32\n"
         "  %c-1_i8_1 = \"test.side_effect_op\"() : () -> i32\n"
         "}\n");
  t_free(&t, m);
  *info = saved;
}

/* ====================================================================== */
/* Parsed inputs: module name, sets, locations, sanitised names           */
/* ====================================================================== */

static void test_parsed(void) {
  ROUNDTRIP("mod.mlir",
            "module @m attributes {x.y = 1, sym_visibility = \"private\"} {\n"
            "  %0 = \"tst.x\"() {s = affine_set<(d0) : (d0 >= 0)>, "
            "m = affine_map<(d0) -> (d0 + 3)>} : () -> i32\n"
            "}\n",
            0, 0,
            "#map = affine_map<(d0) -> (d0 + 3)>\n"
            "#set = affine_set<(d0) : (d0 >= 0)>\n"
            "module @m attributes {sym_visibility = \"private\", x.y = 1 : i64} {\n"
            "  %0 = \"tst.x\"() {m = #map, s = #set} : () -> i32\n"
            "}\n");
  ROUNDTRIP("loc.mlir",
            "func.func @f(%a: i32) -> i32 {\n"
            "  %0 = \"test.a\"(%a) : (i32) -> i32 loc(fused[\"a.mlir\":1:2, \"b\":3:4])\n"
            "  %1 = \"test.b\"(%0) : (i32) -> i32 loc(\"nm\"(\"q.c\":5:6))\n"
            "  %2 = \"test.c\"(%1) : (i32) -> i32 loc(callsite(\"foo\" at \"bar\":1:1))\n"
            "  %3 = \"test.d\"(%2) : (i32) -> i32 loc(unknown)\n"
            "  %4 = \"test.d\"(%2) : (i32) -> i32 loc(\"nm\")\n"
            "  return %3 : i32\n"
            "}\n",
            0, 1,
            /* the argument's location is printed in full but numbered
             * first and defined before the module, as mlir-opt-22 does */
            "#loc2 = loc(\"loc.mlir\":1:14)\n"
            "module {\n"
            "  func.func @f(%arg0: i32 loc(\"loc.mlir\":1:14)) -> i32 {\n"
            "    %0 = \"test.a\"(%arg0) : (i32) -> i32 loc(#loc11)\n"
            "    %1 = \"test.b\"(%0) : (i32) -> i32 loc(#loc12)\n"
            "    %2 = \"test.c\"(%1) : (i32) -> i32 loc(#loc13)\n"
            "    %3 = \"test.d\"(%2) : (i32) -> i32 loc(#loc8)\n"
            "    %4 = \"test.d\"(%2) : (i32) -> i32 loc(#loc9)\n"
            "    return %3 : i32 loc(#loc10)\n"
            "  } loc(#loc1)\n"
            "} loc(#loc)\n"
            "#loc = loc(\"loc.mlir\":0:0)\n"
            "#loc1 = loc(\"loc.mlir\":1:1)\n"
            "#loc3 = loc(\"a.mlir\":1:2)\n"
            "#loc4 = loc(\"b\":3:4)\n"
            "#loc5 = loc(\"q.c\":5:6)\n"
            "#loc6 = loc(\"foo\")\n"
            "#loc7 = loc(\"bar\":1:1)\n"
            "#loc8 = loc(unknown)\n"
            "#loc9 = loc(\"nm\")\n"
            "#loc10 = loc(\"loc.mlir\":7:3)\n"
            "#loc11 = loc(fused[#loc3, #loc4])\n"
            "#loc12 = loc(\"nm\"(#loc5))\n"
            "#loc13 = loc(callsite(#loc6 at #loc7))\n");
  /* custom terminators elided, `true` and typed constant names, nested
   * conflict counters */
  ROUNDTRIP("names.mlir",
            "func.func @g(%c: i1) {\n"
            "  %t = arith.constant true\n"
            "  %x = arith.constant 3 : i8\n"
            "  %f = arith.constant 2.5 : f32\n"
            "  %g = arith.constant 2.5 : f32\n"
            "  scf.if %c {\n"
            "    %t2 = arith.constant true\n"
            "  }\n"
            "  return\n"
            "}\n",
            0, 0,
            "module {\n"
            "  func.func @g(%arg0: i1) {\n"
            "    %true = arith.constant true\n"
            "    %c3_i8 = arith.constant 3 : i8\n"
            "    %cst = arith.constant 2.500000e+00 : f32\n"
            "    %cst_0 = arith.constant 2.500000e+00 : f32\n"
            "    scf.if %arg0 {\n"
            "      %true_1 = arith.constant true\n"
            "    }\n"
            "    return\n"
            "  }\n"
            "}\n");
}

/* ====================================================================== */
/* Write errors                                                           */
/* ====================================================================== */

static void test_write_error(void) {
  T t;
  t_init(&t);
  uint32_t i32 = ir_type_int(t.c, 32);
  for (int i = 0; i < 5000; i++)
    t_op(&t, t.body, "tst.pad", NULL, 0, &i32, 1, 0, 0, 0);
  IrModule *m = t_freeze(&t);
  FILE *f = fopen("/dev/full", "w");
  if (f) {
    IrPrintOpts o = {0, 0};
    CHECK(ir_print(f, m, &o) == -1);
    fclose(f);
  }
  t_free(&t, m);
}

int main(void) {
  test_floats();
  test_types_attrs();
  test_numbering();
  test_names();
  test_set_name();
  test_set_name_n();
  test_parsed();
  test_write_error();
  return unit_done();
}
