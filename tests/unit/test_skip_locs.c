/*
 * test_skip_locs.c - reading bytecode without its locations
 * (IrbReader.skip_locs, what ir-dis does without --debuginfo):
 *   - every op and block argument gets location 0, the module verifies and
 *     prints exactly as when read with its locations (file, name, callsite
 *     and fused locations in the table);
 *   - the location table is still checked: a frame whose table is cut
 *     short is rejected with the same message either way;
 *   - tool_run_job with Tool.skip_locs: a module that does not verify is
 *     read again with its locations, so its diagnostics name the same
 *     file:line:col as without skip_locs, and the tool is not called; a
 *     module that verifies reaches the tool once, without locations.
 *
 * Prints one line per failed check and "N passed, M failed" last; exits
 * non-zero if anything failed.
 */
#include "irb.h"
#include "tool.h"
#include "toolint.h"
#include "unit.h"

static const char *good =
    "func.func @f(%a: i32 loc(\"arg.mlir\":7:8), %m: memref<4xi32>) -> i32 {\n"
    "  %c = arith.constant 1 : i32 loc(fused[\"x.mlir\":1:2, \"y.mlir\":3:4])\n"
    "  %s = arith.addi %a, %c : i32 loc(\"named\"(\"z.mlir\":5:6))\n"
    "  %i = arith.constant 0 : index loc(callsite(\"p.mlir\":1:1 at \"q.mlir\":2:2))\n"
    "  memref.store %s, %m[%i] : memref<4xi32>\n"
    "  return %s : i32\n"
    "}\n";

/* %s is used before it is defined: a dominance error at line 3. */
static const char *bad =
    "func.func @g(%a: i32) -> i32 {\n"
    "  %c = arith.constant 1 : i32\n"
    "  %t = arith.addi %s, %c : i32\n"
    "  %s = arith.addi %a, %c : i32\n"
    "  return %t : i32\n"
    "}\n";

/* The bytecode of `text` (parsed as t.mlir, not verified). */
static IrbBuf encode(const char *text) {
  IrbBuf b = {0};
  IrCtx *c = ir_ctx_new();
  IrModule *m = unit_parse(c, text, "t.mlir", 0);
  IrDiag d;
  ir_diag_init(&d, stdout);
  IrbWriteOpts o = {0};
  if (m) CHECK(irb_write(m, &o, &b, &d) == 0);
  ir_module_free(m);
  ir_ctx_free(c);
  return b;
}

/* Read frame b, skipping locations or not; *msg gets the diagnostics. */
static IrModule *decode(IrCtx *c, const uint8_t *p, size_t n, int skip,
                        char **msg) {
  size_t len = 0;
  FILE *f = open_memstream(msg, &len);
  IrDiag d;
  ir_diag_init(&d, f);
  IrbReader r;
  irb_reader_init(&r, p, n, "b.irb");
  r.skip_locs = skip;
  IrModule *m = NULL;
  int rc = irb_read_next(&r, c, &m, &d);
  fclose(f);
  CHECK(rc == 1 ? m != NULL : m == NULL);
  return m;
}

static void reader(void) {
  IrbBuf b = encode(good);
  IrCtx *c1 = ir_ctx_new(), *c2 = ir_ctx_new();
  char *e1 = NULL, *e2 = NULL;
  IrModule *with = decode(c1, b.data, b.len, 0, &e1);
  IrModule *without = decode(c2, b.data, b.len, 1, &e2);
  CHECK(with && without);
  CHECK_EQ(strlen(e2), 0);
  if (with && without) {
    uint32_t nonzero = 0;
    for (uint32_t o = 0; o < with->n_ops; o++) nonzero += with->ops[o].loc != 0;
    CHECK(nonzero >= 6);          /* the read with locations has them */
    for (uint32_t o = 0; o < without->n_ops; o++) CHECK_EQ(without->ops[o].loc, 0);
    for (uint32_t v = 0; v < without->n_values; v++)
      CHECK_EQ(without->values[v].loc, 0);
    IrDiag d;
    ir_diag_init(&d, stdout);
    CHECK(ir_verify(without, &d) == 0);
    char *p1 = unit_print(with, 0, 0), *p2 = unit_print(without, 0, 0);
    CHECK(p1 && p2 && !strcmp(p1, p2));
    char *g1 = unit_print(with, 1, 0), *g2 = unit_print(without, 1, 0);
    CHECK(g1 && g2 && !strcmp(g1, g2));
    /* with --debuginfo the locations are there only when read */
    char *d1 = unit_print(with, 0, 1);
    CHECK(d1 && strstr(d1, "callsite(") && strstr(d1, "fused[") &&
          strstr(d1, "arg.mlir"));
    free(p1), free(p2), free(g1), free(g2), free(d1);
  }
  ir_module_free(with);
  ir_module_free(without);
  ir_ctx_free(c1);
  ir_ctx_free(c2);
  free(e1);
  free(e2);

  /* every truncation is rejected alike (the location table included) */
  int same = 1, rejected = 1;
  for (size_t n = 0; n < b.len; n++) {
    IrCtx *a = ir_ctx_new(), *z = ir_ctx_new();
    char *m1 = NULL, *m2 = NULL;
    IrModule *x = decode(a, b.data, n, 0, &m1);
    IrModule *y = decode(z, b.data, n, 1, &m2);
    rejected &= !x && !y;
    same &= m1 && m2 && !strcmp(m1, m2);
    ir_module_free(x);
    ir_module_free(y);
    ir_ctx_free(a);
    ir_ctx_free(z);
    free(m1);
    free(m2);
  }
  CHECK(rejected);
  CHECK(same);
  irb_buf_free(&b);
}

static int calls;
static int count_call(Tool *t, IrModule *m, void *ud) {
  (void)t, (void)ud;
  calls++;
  for (uint32_t o = 0; o < m->n_ops; o++) CHECK_EQ(m->ops[o].loc, 0);
  return 0;
}

/* Run one bytecode frame through tool_run_job; returns its diagnostics. */
static char *run_job(const IrbBuf *b, int skip, int *bad) {
  Tool t;
  tool_init(&t, "test", TOOL_OUT_TEXT, "", NULL);
  char *msg = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&msg, &len);
  ir_diag_init(&t.diag, f);
  t.skip_locs = skip;
  t.fn = skip ? count_call : NULL;
  ToolJob j;
  memset(&j, 0, sizeof j);
  j.data = (const char *)b->data;
  j.len = b->len;
  j.name = "b.irb";
  tool_run_job(&t, &j);
  fclose(f);
  *bad = t.bad_input;
  return msg;
}

static void tool(void) {
  IrbBuf b = encode(bad);
  int bad1, bad2;
  char *m1 = run_job(&b, 0, &bad1);
  calls = 0;
  char *m2 = run_job(&b, 1, &bad2);
  CHECK(bad1 && bad2);
  CHECK_EQ(calls, 0);
  CHECK(m1 && strstr(m1, "t.mlir:3:") && strstr(m1, "does not dominate this use"));
  CHECK(m1 && m2 && !strcmp(m1, m2));
  free(m1);
  free(m2);
  irb_buf_free(&b);

  b = encode(good);
  calls = 0;
  m2 = run_job(&b, 1, &bad2);
  CHECK(!bad2);
  CHECK_EQ(calls, 1);
  CHECK(m2 && !*m2);
  free(m2);
  irb_buf_free(&b);
}

int main(void) {
  reader();
  tool();
  return unit_done();
}
