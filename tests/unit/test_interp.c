/*
 * test_interp.c - unit tests of the interpreter's C API (ir.h,
 * "Interpreter") and of its internal helpers (interpint.h): run results
 * and error records, argument aliasing and sizes, the bounds (steps,
 * nesting, heap), the --check enumerator's verdicts and statistics,
 * addresses never reused, frames across chunk boundaries, element
 * encodings and dense initial values, calls whose results the pipeline
 * may copy.
 *
 * Prints one line per failed check and "N passed, M failed" last; exits
 * non-zero if anything failed.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "interpint.h"
#include "unit.h"

/* The line of an op's location. */
static uint32_t line_of(const IrModule *m, uint32_t op) {
  if (op == IR_NONE) return 0;
  uint32_t fp = ir_loc_filepos(m->ctx, m->ops[op].loc);
  return fp ? ir_loc(m->ctx, fp)->line : 0;
}

static const char *errors_text =
    "func.func @f(%a: memref<2xf32>, %b: memref<2xf32>, %c: i1) {\n"   /* 1 */
    "  %m = memref.alloc() : memref<2xf32>\n"                            /* 2 */
    "  %pa = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index\n"
    "  %pb = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index\n"
    "  %same = arith.cmpi eq, %pa, %pb : index\n"                      /* 5 */
    "  scf.if %same {\n"                                                 /* 6 */
    "    memref.dealloc %m : memref<2xf32>\n"                            /* 7 */
    "  }\n"
    "  scf.if %c {\n"
    "    memref.dealloc %m : memref<2xf32>\n"                            /* 10 */
    "  }\n"
    "  return\n"
    "}\n";

static void test_run_errors(void) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = unit_parse(c, errors_text, "unit.mlir", 1);
  if (!m) return;
  IrInterp *ip = ir_interp_new(m, NULL);
  uint32_t f = ir_interp_find(ip, "f");
  CHECK(f != IR_NONE);
  CHECK(ir_interp_find(ip, "g") == IR_NONE);
  IrRunArg args[3];
  memset(args, 0, sizeof args);
  args[0].alias = args[1].alias = args[2].alias = -1;
  IrRunResult r;

  /* distinct buffers, %c false: the alloc leaks */
  ir_interp_run(ip, f, args, &r, NULL);
  CHECK(r.status == IR_RUN_FAILED);
  CHECK(r.n_errors == 1);
  CHECK(r.errors[0].kind == IR_RUN_LEAK);
  CHECK(line_of(m, r.errors[0].op) == 2);
  CHECK(r.errors[0].alloc_op == r.errors[0].op);
  CHECK(r.errors[0].buf == IR_BUF_HEAP);
  CHECK(r.steps > 0);

  /* aliasing arguments and %c: freed twice */
  args[1].alias = 0;
  args[2].i = 1;
  ir_interp_run(ip, f, args, &r, NULL);
  CHECK(r.status == IR_RUN_FAILED);
  CHECK(r.n_errors == 1 && r.errors[0].kind == IR_RUN_DOUBLE_FREE);
  CHECK(line_of(m, r.errors[0].op) == 10);
  CHECK(line_of(m, r.errors[0].free_op) == 7);
  CHECK(line_of(m, r.errors[0].alloc_op) == 2);
  CHECK(!strcmp(ir_run_error_name(r.errors[0].kind), "double-free"));

  /* aliasing, %c false: clean */
  args[2].i = 0;
  ir_interp_run(ip, f, args, &r, NULL);
  CHECK(r.status == IR_RUN_CLEAN && r.n_errors == 0);

  /* the printed line names kind, location, history and the call */
  args[2].i = 1;
  ir_interp_run(ip, f, args, &r, NULL);
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&buf, &len);
  ir_interp_print_error(ip, &r.errors[0], "@f(...)", 2, 8, out);
  fclose(out);
  CHECK(!strcmp(buf, "unit.mlir:10:5: error: double-free: memref.dealloc frees a "
                     "buffer that is already freed; buffer allocated at "
                     "unit.mlir:2:8 by memref.alloc, freed at unit.mlir:7:5 by "
                     "memref.dealloc in @f(...) (2 of 8 runs)\n"));
  free(buf);
  ir_interp_free(ip);
  ir_module_free(m);
  ir_ctx_free(c);
}

static const char *bounds_text =
    "func.func @spin(%n: index) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  scf.for %i = %c0 to %n step %c1 {\n"
    "  }\n"
    "  return\n"
    "}\n"
    "func.func @deep(%n: index) -> index {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %z = arith.cmpi eq, %n, %c0 : index\n"
    "  %r = scf.if %z -> index {\n"
    "    scf.yield %c0 : index\n"
    "  } else {\n"
    "    %m = arith.subi %n, %c1 : index\n"
    "    %s = func.call @deep(%m) : (index) -> index\n"
    "    %t = arith.addi %s, %c1 : index\n"
    "    scf.yield %t : index\n"
    "  }\n"
    "  return %r : index\n"
    "}\n"
    "func.func @deepu(%n: index, %u: memref<*xf32>) -> index {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %z = arith.cmpi eq, %n, %c0 : index\n"
    "  %r = scf.if %z -> index {\n"
    "    %k = memref.rank %u : memref<*xf32>\n"
    "    scf.yield %k : index\n"
    "  } else {\n"
    "    %m = arith.subi %n, %c1 : index\n"
    "    %s = func.call @deepu(%m, %u) : (index, memref<*xf32>) -> index\n"
    "    %t = arith.addi %s, %c1 : index\n"
    "    scf.yield %t : index\n"
    "  }\n"
    "  return %r : index\n"
    "}\n"
    "func.func @big(%n: index) {\n"
    "  %m = memref.alloc(%n) : memref<?xf64>\n"
    "  memref.dealloc %m : memref<?xf64>\n"
    "  return\n"
    "}\n";

static void test_bounds(void) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = unit_parse(c, bounds_text, "unit.mlir", 1);
  if (!m) return;
  IrInterpOpts o;
  memset(&o, 0, sizeof o);
  o.max_steps = 1000;
  o.max_depth = 64;
  o.max_heap = 1 << 20;
  o.dyn_size = -1;
  IrInterp *ip = ir_interp_new(m, &o);
  IrRunArg a;
  memset(&a, 0, sizeof a);
  a.alias = -1;
  IrRunResult r;

  a.i = 10;
  ir_interp_run(ip, ir_interp_find(ip, "spin"), &a, &r, NULL);
  CHECK(r.status == IR_RUN_CLEAN);
  a.i = 100000;
  ir_interp_run(ip, ir_interp_find(ip, "spin"), &a, &r, NULL);
  CHECK(r.status == IR_RUN_SKIPPED && strstr(r.skip_why, "step bound"));
  CHECK(r.steps > 1000 && r.steps < 1010);

  /* two regions per level (the function body, the scf.if) */
  a.i = 20;
  ir_interp_run(ip, ir_interp_find(ip, "deep"), &a, &r, NULL);
  CHECK(r.status == IR_RUN_CLEAN);
  a.i = 40;
  ir_interp_run(ip, ir_interp_find(ip, "deep"), &a, &r, NULL);
  CHECK(r.status == IR_RUN_SKIPPED && strstr(r.skip_why, "nesting bound"));

  a.i = 1000;
  ir_interp_run(ip, ir_interp_find(ip, "big"), &a, &r, NULL);
  CHECK(r.status == IR_RUN_CLEAN);
  a.i = 1 << 20;
  ir_interp_run(ip, ir_interp_find(ip, "big"), &a, &r, NULL);
  CHECK(r.status == IR_RUN_SKIPPED && strstr(r.skip_why, "heap bound"));
  ir_interp_free(ip);

  /* deep recursion with large frames (an unranked memref takes 132
   * words) crosses frame chunks and comes back intact */
  o.max_steps = 10000000;
  o.max_depth = 4000;
  ip = ir_interp_new(m, &o);
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&buf, &len);
  IrRunArg two[2] = {{1500, 0, -1, 0, NULL}, {0, 0, -1, 0, NULL}};
  ir_interp_run(ip, ir_interp_find(ip, "deepu"), two, &r, out);
  fclose(out);
  CHECK(r.status == IR_RUN_CLEAN);
  CHECK(ip->n_chunks > 2);
  CHECK(buf && !strcmp(buf, "result #0: 1501 : index\n"));
  free(buf);
  ir_interp_free(ip);
  ir_module_free(m);
  ir_ctx_free(c);
}

static const char *churn_text =
    "func.func @churn(%n: index) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  scf.for %i = %c0 to %n step %c1 {\n"
    "    %m = memref.alloc() : memref<3xf32>\n"
    "    %s = memref.alloca() : memref<1xf32>\n"
    "    memref.dealloc %m : memref<3xf32>\n"
    "  }\n"
    "  return\n"
    "}\n";

static void test_addresses(void) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = unit_parse(c, churn_text, "unit.mlir", 1);
  if (!m) return;
  IrInterp *ip = ir_interp_new(m, NULL);
  IrRunArg a = {100, 0, -1, 0, NULL};
  IrRunResult r;
  ir_interp_run(ip, ir_interp_find(ip, "churn"), &a, &r, NULL);
  CHECK(r.status == IR_RUN_CLEAN);
  CHECK(ip->n_objs == 201);
  int distinct = 1, dead = 1;
  for (uint32_t i = 2; i < ip->n_objs; i++) {
    distinct &= ip->objs[i].addr > ip->objs[i - 1].addr + ip->objs[i - 1].nbytes;
    dead &= !ip->objs[i].live && !ip->objs[i].data;
  }
  CHECK(distinct);
  CHECK(dead);
  CHECK(ip->live_bytes == 0);
  CHECK(ip->n_allocas == 0);
  ir_interp_free(ip);
  ir_module_free(m);
  ir_ctx_free(c);
}

static const char *check_text =
    "func.func @clean(%c: i1, %n: index) {\n"
    "  %m = memref.alloc(%n) : memref<?xf32>\n"
    "  memref.dealloc %m : memref<?xf32>\n"
    "  return\n"
    "}\n"
    "func.func @leaky(%c: i1) {\n"
    "  %m = memref.alloc() : memref<2xf32>\n"
    "  scf.if %c {\n"
    "    memref.dealloc %m : memref<2xf32>\n"
    "  }\n"
    "  return\n"
    "}\n"
    "func.func private @hidden(%c: i1) {\n"
    "  %m = memref.alloc() : memref<2xf32>\n"
    "  return\n"
    "}\n";

static void test_check(void) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = unit_parse(c, check_text, "unit.mlir", 1);
  if (!m) return;
  IrCheckOpts o;
  memset(&o, 0, sizeof o);
  o.run.dyn_size = -1;
  IrCheckStats st;
  memset(&st, 0, sizeof st);
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&buf, &len);
  CHECK(ir_interp_check(m, &o, out, &st) == 1);
  fclose(out);
  CHECK(st.funcs == 2 && st.clean == 1 && st.failed == 1 && st.skipped == 0);
  CHECK(st.runs == 10 && st.failed_runs == 1 && st.errors == 1);
  CHECK(strstr(buf, "@clean: clean (8 runs)\n") != NULL);
  CHECK(strstr(buf, "unit.mlir:7:8: error: leak: buffer allocated here by "
                    "memref.alloc is never freed in @leaky(%arg0 = false) "
                    "(1 of 2 runs)\n") != NULL);
  CHECK(strstr(buf, "@hidden") == NULL);
  free(buf);

  /* only the private one */
  o.only = "hidden";
  memset(&st, 0, sizeof st);
  out = fopen("/dev/null", "w");
  CHECK(ir_interp_check(m, &o, out, &st) == 1);
  fclose(out);
  CHECK(st.funcs == 1 && st.failed == 1 && st.runs == 2 && st.failed_runs == 2);

  /* --max-runs 1 */
  o.only = "clean";
  o.max_runs = 1;
  memset(&st, 0, sizeof st);
  out = fopen("/dev/null", "w");
  CHECK(ir_interp_check(m, &o, out, &st) == 0);
  fclose(out);
  CHECK(st.runs == 1 && st.clean == 1);
  ir_module_free(m);
  ir_ctx_free(c);
}

static void test_elements(void) {
  /* f16 / bf16 rounding and the bytes they store */
  CHECK(ix_round(0.1, EL_F16) == 0.0999755859375);
  CHECK(ix_round(65520.0, EL_F16) == INFINITY);
  CHECK(ix_round(1e-8, EL_F16) == 0.0);
  CHECK(ix_round(5.9604644775390625e-08, EL_F16) == 5.9604644775390625e-08);
  CHECK(ix_round(1.00390625, EL_BF16) == 1.0);       /* tie to even */
  CHECK(ix_round(1.01171875, EL_BF16) == 1.015625);
  CHECK(ix_round(0.1, EL_F32) == (double)0.1f);
  CHECK(ix_round(1e300, EL_F32) == INFINITY);
  uint8_t b[8];
  ix_store_elem(b, EL_F16, 2, ix_bits(1.5));
  CHECK(b[0] == 0x00 && b[1] == 0x3e);
  CHECK(ix_f(ix_load_elem(b, EL_F16, 2, 0)) == 1.5);
  ix_store_elem(b, EL_BF16, 2, ix_bits(-2.0));
  CHECK(b[0] == 0x00 && b[1] == 0xc0);
  ix_store_elem(b, EL_INT, 1, 0x1ff);
  CHECK(b[0] == 0xff && ix_load_elem(b, EL_INT, 1, 1) == 1);
  CHECK(ix_load_elem(b, EL_INT, 1, 8) == 255);
  CHECK(ix_sext(0xff, 8) == -1 && ix_sext(0x7f, 8) == 127);
  CHECK(ix_mask(64) == ~UINT64_C(0) && ix_mask(1) == 1);
}

static void test_dense(void) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = unit_parse(c,
      "memref.global @a : memref<2x2xi16> = dense<[[1, -2], [3, 4]]>\n"
      "memref.global @b : memref<3xf32> = dense<2.5>\n"
      "memref.global @c : memref<2xi1> = dense<[true, false]>\n", "unit.mlir", 1);
  if (!m) return;
  const IrBlock *blk = &m->blocks[m->regions[m->ops[0].regions].blocks];
  uint8_t out[16];
  uint32_t g = blk->ops;
  uint32_t t = ir_attr(c, ir_op_prop(m, g, "type"))->type;
  CHECK(ix_dense_decode(c, ir_op_prop(m, g, "initial_value"), ir_type(c, t)->elem, 4, out) == 0);
  CHECK(ix_load_elem(out + 2, EL_INT, 2, 16) == 0xfffe);
  CHECK(ix_load_elem(out + 6, EL_INT, 2, 16) == 4);
  CHECK(ix_dense_decode(c, ir_op_prop(m, g, "initial_value"), ir_type(c, t)->elem, 3, out) == -1);
  g++;
  t = ir_attr(c, ir_op_prop(m, g, "type"))->type;
  CHECK(ix_dense_decode(c, ir_op_prop(m, g, "initial_value"), ir_type(c, t)->elem, 3, out) == 0);
  CHECK(ix_f(ix_load_elem(out + 8, EL_F32, 4, 0)) == 2.5);
  g++;
  t = ir_attr(c, ir_op_prop(m, g, "type"))->type;
  CHECK(ix_dense_decode(c, ir_op_prop(m, g, "initial_value"), ir_type(c, t)->elem, 2, out) == 0);
  CHECK(out[0] == 1 && out[1] == 0);
  ir_module_free(m);
  ir_ctx_free(c);
}

static void test_layout(void) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = unit_parse(c,
      "func.func @f(%a: memref<4x?xf32, strided<[?, 2], offset: 3>>, %b: memref<2x3xi8>) {\n"
      "  return\n"
      "}\n", "unit.mlir", 1);
  if (!m) return;
  IrInterp *ip = ir_interp_new(m, NULL);
  const IrBlock *entry = &m->blocks[m->regions[m->ops[1].regions].blocks];
  uint32_t ta = m->values[entry->args].type, tb = m->values[entry->args + 1].type;
  int64_t sizes[2] = {4, 5}, st[2], off;
  CHECK(ix_layout(c, ta, sizes, st, &off) == 0);
  CHECK(st[0] == 10 && st[1] == 2 && off == 3);
  CHECK(ir_interp_arg_ok(ip, ta) && ir_interp_arg_ok(ip, tb));
  CHECK(ix_type_words(c, ta) == 8);
  /* a strided argument buffer spans its offset and strides */
  IrRunResult r;
  IrRunArg args[2] = {{0, 0, -1, 1, (const int64_t[]){5}}, {0, 0, -1, 0, NULL}};
  ir_interp_run(ip, 1, args, &r, NULL);
  CHECK(r.status == IR_RUN_CLEAN);
  CHECK(ip->objs[1].nbytes == 4 * (3 + 1 + 3 * 10 + 4 * 2));
  CHECK(ip->objs[2].nbytes == 6);
  ir_interp_free(ip);
  ir_module_free(m);
  ir_ctx_free(c);
}

/* Calls whose results the pipeline's function boundary ABI may copy:
 * a result shared with another result or with an argument of the call,
 * or a buffer that is not the heap's (IrRunResult.shared_results). */
static const char *shared_text =
    "memref.global \"private\" @g : memref<2xf32> = dense<0.0>\n"
    "func.func @two(%c: i1) -> (memref<2xf32>, memref<2xf32>) {\n"
    "  %a = memref.alloc() : memref<2xf32>\n"
    "  %r = scf.if %c -> memref<2xf32> {\n"
    "    %b = memref.alloc() : memref<2xf32>\n"
    "    scf.yield %b : memref<2xf32>\n"
    "  } else {\n"
    "    scf.yield %a : memref<2xf32>\n"
    "  }\n"
    "  return %a, %r : memref<2xf32>, memref<2xf32>\n"
    "}\n"
    "func.func @same(%m: memref<2xf32>) -> memref<2xf32> {\n"
    "  return %m : memref<2xf32>\n"
    "}\n"
    "func.func @glob() -> memref<2xf32> {\n"
    "  %g = memref.get_global @g : memref<2xf32>\n"
    "  return %g : memref<2xf32>\n"
    "}\n"
    "func.func @calls(%c: i1, %m: memref<2xf32>) {\n"
    "  %x:2 = func.call @two(%c) : (i1) -> (memref<2xf32>, memref<2xf32>)\n"
    "  return\n"
    "}\n"
    "func.func @arg(%m: memref<2xf32>) {\n"
    "  %y = func.call @same(%m) : (memref<2xf32>) -> memref<2xf32>\n"
    "  %z = func.call @glob() : () -> memref<2xf32>\n"
    "  return\n"
    "}\n";

static void test_shared_results(void) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = unit_parse(c, shared_text, "unit.mlir", 1);
  if (!m) return;
  IrInterp *ip = ir_interp_new(m, NULL);
  IrRunArg a[2];
  memset(a, 0, sizeof a);
  a[0].alias = a[1].alias = -1;
  IrRunResult r;
  a[0].i = 1;   /* two fresh buffers: nothing shared */
  ir_interp_run(ip, ir_interp_find(ip, "calls"), a, &r, NULL);
  CHECK(r.shared_results == 0);
  a[0].i = 0;   /* the same buffer twice */
  ir_interp_run(ip, ir_interp_find(ip, "calls"), a, &r, NULL);
  CHECK(r.shared_results == 1);
  /* an argument handed back, then a global: two calls */
  ir_interp_run(ip, ir_interp_find(ip, "arg"), a, &r, NULL);
  CHECK(r.shared_results == 2);
  /* the entry's own results are not a call's: @two run directly */
  ir_interp_run(ip, ir_interp_find(ip, "two"), a, &r, NULL);
  CHECK(r.shared_results == 0);
  ir_interp_free(ip);
  ir_module_free(m);
  ir_ctx_free(c);
}

int main(void) {
  test_run_errors();
  test_bounds();
  test_addresses();
  test_check();
  test_elements();
  test_dense();
  test_layout();
  test_shared_results();
  return unit_done();
}
