/*
 * test_liveness.c - unit tests of liveness.c against MLIR's definition:
 * live-in / live-out across a diamond, a loop (the fixpoint) and a value
 * captured by a nested region (live in the region's blocks, used by the
 * op that holds it), and the `keep` filter.
 *
 * Prints one line per failed check and "N passed, M failed" last; exits
 * non-zero if anything failed.
 */
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "unit.h"

/* The k-th op named `name` in the module (freeze order). */
static uint32_t nth_op(const IrModule *m, const char *name, int k) {
  for (uint32_t op = 0; op < m->n_ops; op++)
    if (!strcmp(ir_str_ptr(m->ctx, m->ops[op].name), name) && k-- == 0)
      return op;
  return IR_NONE;
}

/* The k-th block of the region of op `op` (k-th region too). */
static uint32_t block_of(const IrModule *m, uint32_t op, uint32_t region,
                         uint32_t k) {
  return m->regions[m->ops[op].regions + region].blocks + k;
}

static int keep_memref(const IrModule *m, uint32_t v, void *ud) {
  (void)ud;
  return ir_type_is_memref(m->ctx, m->values[v].type);
}

static void test_diamond_and_loop(void) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = unit_parse(c,
      "func.func @f(%c: i1, %n: index) {\n"
      "  %a = memref.alloc() : memref<2xf32>\n"           /* bb0 */
      "  %b = memref.alloc() : memref<2xf32>\n"
      "  cf.cond_br %c, ^bb1, ^bb2(%b : memref<2xf32>)\n"
      "^bb1:\n"
      "  \"test.read_buffer\"(%a) : (memref<2xf32>) -> ()\n"
      "  cf.br ^bb3(%a : memref<2xf32>)\n"
      "^bb2(%x: memref<2xf32>):\n"
      "  cf.br ^bb3(%x : memref<2xf32>)\n"
      "^bb3(%y: memref<2xf32>):\n"                        /* loop head */
      "  \"test.read_buffer\"(%b) : (memref<2xf32>) -> ()\n"
      "  cf.cond_br %c, ^bb3(%y : memref<2xf32>), ^bb4\n"
      "^bb4:\n"
      "  \"test.read_buffer\"(%y) : (memref<2xf32>) -> ()\n"
      "  return\n"
      "}\n", "liveness.mlir", 0);
  if (!m) return;
  uint32_t f = nth_op(m, "func.func", 0);
  IrLiveness lv = {0};
  ir_liveness_compute(&lv, m, f, NULL, NULL);
  uint32_t a = ir_result(m, nth_op(m, "memref.alloc", 0), 0);
  uint32_t b = ir_result(m, nth_op(m, "memref.alloc", 1), 0);
  uint32_t bb[5];
  for (int i = 0; i < 5; i++) bb[i] = block_of(m, f, 0, (uint32_t)i);
  uint32_t y = m->blocks[bb[3]].args;
  uint32_t cond = m->blocks[bb[0]].args;
  /* %a: defined in bb0, used in bb1 only. */
  CHECK(ir_live_out(&lv, bb[0], a));
  CHECK(ir_live_in(&lv, bb[1], a));
  CHECK(!ir_live_in(&lv, bb[2], a));
  CHECK(!ir_live_out(&lv, bb[1], a));  /* passed as an operand, not live */
  CHECK(!ir_live_in(&lv, bb[3], a));
  /* %b: used in the loop head, so live through both arms and the loop. */
  CHECK(ir_live_in(&lv, bb[1], b) && ir_live_in(&lv, bb[2], b));
  CHECK(ir_live_in(&lv, bb[3], b) && ir_live_out(&lv, bb[3], b));
  CHECK(!ir_live_in(&lv, bb[4], b));
  CHECK(!ir_live_in(&lv, bb[0], b));   /* defined there */
  /* %y: the loop head's argument, live out of it (used in bb4). */
  CHECK(ir_live_out(&lv, bb[3], y) && ir_live_in(&lv, bb[4], y));
  CHECK(!ir_live_in(&lv, bb[3], y));
  /* The condition: used by bb3's terminator, so live into the loop. */
  CHECK(ir_live_in(&lv, bb[3], cond) && ir_live_in(&lv, bb[1], cond));
  CHECK(lv.n_bits == lv.n_val);
  ir_liveness_free(&lv);

  /* Only memrefs tracked: the i1 is not, the sets agree on the rest. */
  ir_liveness_compute(&lv, m, f, keep_memref, NULL);
  CHECK(ir_liveness_bit(&lv, cond) == IR_NONE);
  CHECK(!ir_live_in(&lv, bb[3], cond));
  CHECK(ir_live_in(&lv, bb[3], b) && ir_live_out(&lv, bb[3], y));
  CHECK(lv.n_bits == 4);  /* %a %b %x %y and nothing else */
  ir_liveness_free(&lv);
  ir_module_free(m);
  ir_ctx_free(c);
}

static void test_nested(void) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = unit_parse(c,
      "func.func @g(%c: i1) {\n"
      "  %a = memref.alloc() : memref<2xf32>\n"
      "  %b = memref.alloc() : memref<2xf32>\n"
      "  cf.br ^bb1\n"
      "^bb1:\n"
      "  scf.if %c {\n"
      "    \"test.read_buffer\"(%a) : (memref<2xf32>) -> ()\n"
      "    %t = memref.alloc() : memref<2xf32>\n"
      "    \"test.read_buffer\"(%t) : (memref<2xf32>) -> ()\n"
      "  }\n"
      "  return\n"
      "}\n", "liveness.mlir", 0);
  if (!m) return;
  uint32_t f = nth_op(m, "func.func", 0);
  IrLiveness lv = {0};
  ir_liveness_compute(&lv, m, f, keep_memref, NULL);
  uint32_t a = ir_result(m, nth_op(m, "memref.alloc", 0), 0);
  uint32_t b = ir_result(m, nth_op(m, "memref.alloc", 1), 0);
  uint32_t t = ir_result(m, nth_op(m, "memref.alloc", 2), 0);
  uint32_t bb0 = block_of(m, f, 0, 0), bb1 = block_of(m, f, 0, 1);
  uint32_t then = block_of(m, nth_op(m, "scf.if", 0), 0, 0);
  /* The capture counts as a use in bb1 and is live in the nested block. */
  CHECK(ir_live_out(&lv, bb0, a) && ir_live_in(&lv, bb1, a));
  CHECK(ir_live_in(&lv, then, a));
  CHECK(!ir_live_out(&lv, then, a));
  /* %b is used nowhere: never live. %t is local to the nested block. */
  CHECK(!ir_live_out(&lv, bb0, b) && !ir_live_in(&lv, bb1, b));
  CHECK(!ir_live_in(&lv, then, t) && !ir_live_in(&lv, bb1, t));
  ir_liveness_free(&lv);
  ir_module_free(m);
  ir_ctx_free(c);
}

int main(void) {
  test_diamond_and_loop();
  test_nested();
  return unit_done();
}
