/*
 * test_rewrite.c - unit tests of the rewriting passes' working copy
 * (passes/rewrite.c): rw_emit lays the working copy out straight in freeze
 * order, so loading a module and laying it out again gives the very same
 * arrays (uses before definitions in later blocks and in graph regions,
 * nested regions, successors with operands, block argument locations),
 * and after edits (an op erased with its nested regions, an op created,
 * uses replaced, a block argument added) the module passes
 * ir_module_check, holds only the live ops and prints as expected.
 *
 * Prints one line per failed check and "N passed, M failed" last; exits
 * non-zero if anything failed.
 */
#include <stdlib.h>
#include <string.h>

#include "rewrite.h"
#include "unit.h"

static void expect(int line, const IrModule *m, const char *want) {
  char *got = unit_print(m, 0, 0);
  if (!strcmp(got, want)) {
    n_pass++;
  } else {
    n_fail++;
    printf("FAIL %s:%d: printed\n%s--- expected\n%s---\n", __FILE__, line,
           got, want);
  }
  free(got);
}

static void check_layout(const IrModule *m) {
  char why[256] = "";
  int r = ir_module_check(m, why, sizeof why);
  if (r) printf("layout: %s\n", why);
  CHECK_EQ(r, 0);
}

#define SAME_ARRAY(a, b, n) CHECK((n) == 0 || memcmp((a), (b), (n) * sizeof *(a)) == 0)

static const char *tricky =
    "func.func @f(%a: i32, %b: i32 loc(\"arg\":3:4)) -> i32 {\n"
    "  cf.br ^bb2\n"
    "^bb1:\n"
    "  %s = arith.addi %x, %b : i32\n"
    "  return %s : i32\n"
    "^bb2:\n"
    "  %x = arith.addi %a, %a : i32\n"
    "  %c = arith.cmpi eq, %x, %a : i32\n"
    "  cf.cond_br %c, ^bb1, ^bb3(%x : i32)\n"
    "^bb3(%y: i32):\n"
    "  %r = scf.if %c -> i32 {\n"
    "    scf.yield %y : i32\n"
    "  } else {\n"
    "    %z = scf.if %c -> i32 {\n"
    "      scf.yield %x : i32\n"
    "    } else {\n"
    "      scf.yield %y : i32\n"
    "    }\n"
    "    scf.yield %z : i32\n"
    "  }\n"
    "  return %r : i32\n"
    "}\n"
    "\"test.graph\"() ({\n"
    "  \"test.use\"(%late) : (i32) -> ()\n"
    "  %late = \"test.def\"() : () -> i32\n"
    "  \"test.end\"() : () -> ()\n"
    "}) : () -> ()\n";

static void test_identity(void) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = unit_parse(c, tricky, "rw.mlir", 0);
  if (!m) return;
  Rw *rw = rw_load(m);
  const char *why = NULL;
  IrModule *k = rw_emit(rw, &why);
  CHECK(k != NULL);
  CHECK(why == NULL);
  if (k) {
    check_layout(k);
    CHECK_EQ(k->n_ops, m->n_ops);
    CHECK_EQ(k->n_operands, m->n_operands);
    CHECK_EQ(k->n_values, m->n_values);
    CHECK_EQ(k->n_blocks, m->n_blocks);
    CHECK_EQ(k->n_regions, m->n_regions);
    CHECK_EQ(k->n_succs, m->n_succs);
    if (k->n_ops == m->n_ops) SAME_ARRAY(k->ops, m->ops, m->n_ops);
    if (k->n_operands == m->n_operands) SAME_ARRAY(k->operands, m->operands, m->n_operands);
    if (k->n_values == m->n_values) SAME_ARRAY(k->values, m->values, m->n_values);
    if (k->n_blocks == m->n_blocks) SAME_ARRAY(k->blocks, m->blocks, m->n_blocks);
    if (k->n_regions == m->n_regions) SAME_ARRAY(k->regions, m->regions, m->n_regions);
    /* an empty successor range's start is not kept (rw_load) */
    for (uint32_t i = 0; i < m->n_succs && k->n_succs == m->n_succs; i++) {
      CHECK_EQ(k->succs[i].block, m->succs[i].block);
      CHECK_EQ(k->succs[i].n_operands, m->succs[i].n_operands);
      if (m->succs[i].n_operands) CHECK_EQ(k->succs[i].operands, m->succs[i].operands);
    }
  }
  ir_module_free(k);
  rw_free(rw);
  ir_module_free(m);
  ir_ctx_free(c);
}

static uint32_t find_op(const Rw *rw, uint32_t opc, uint32_t nth) {
  for (uint32_t o = 0; o < rw->n_ops; o++)
    if (rw_alive(rw, o) && rw->ops[o].opc == opc && nth-- == 0) return o;
  return RW_NONE;
}

static void test_edits(void) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = unit_parse(c, tricky, "rw.mlir", 0);
  if (!m) return;
  Rw *rw = rw_load(m);
  /* the outer scf.if goes (its nested if with it): return %y instead */
  uint32_t outer = find_op(rw, IR_OP_IF, 0);
  uint32_t ret = find_op(rw, IR_OP_RETURN, 1);
  CHECK(outer != RW_NONE && ret != RW_NONE);
  if (outer == RW_NONE || ret == RW_NONE) goto done;
  uint32_t y = rw_operand(rw, find_op(rw, IR_OP_YIELD, 0), 0);  /* %y */
  rw_replace_all_uses(rw, rw_result(rw, outer, 0), y);
  rw_erase_op(rw, outer);
  /* a constant before the return, which now returns it */
  uint32_t props = ir_dict_set(c, 0, ir_cstr(c, "value"), ir_attr_int(c, 7, ir_type_int(c, 32)));
  uint32_t k7 = rw_create1(rw, rw_ip_before(rw, ret), ir_cstr(c, "arith.constant"), 0,
                           NULL, 0, ir_type_int(c, 32), props);
  rw_set_operand(rw, ret, 0, rw_result(rw, k7, 0));
  /* ^bb1 gains an argument, which the cond_br passes %x to */
  uint32_t bb1 = rw->blocks[rw->regions[rw_region_of(rw, find_op(rw, IR_OP_FUNC, 0), 0)].first].next;
  uint32_t br = find_op(rw, IR_OP_COND_BR, 0);
  uint32_t x = rw_operand(rw, br, 1 + 0);
  rw_block_add_arg(rw, bb1, ir_type_int(c, 32), 0);
  rw_set_succ_operands(rw, br, 0, &x, 1);
  const char *why = NULL;
  IrModule *k = rw_emit(rw, &why);
  CHECK(k != NULL);
  if (k) {
    check_layout(k);
    CHECK_EQ(k->n_ops, m->n_ops - 6 + 1);  /* two ifs, four yields; a constant */
    expect(__LINE__, k,
           "module {\n"
           "  func.func @f(%arg0: i32, %arg1: i32) -> i32 {\n"
           "    cf.br ^bb2\n"
           "  ^bb1(%0: i32):  // pred: ^bb2\n"
           "    %1 = arith.addi %2, %arg1 : i32\n"
           "    return %1 : i32\n"
           "  ^bb2:  // pred: ^bb0\n"
           "    %2 = arith.addi %arg0, %arg0 : i32\n"
           "    %3 = arith.cmpi eq, %2, %arg0 : i32\n"
           "    cf.cond_br %3, ^bb1(%2 : i32), ^bb3(%2 : i32)\n"
           "  ^bb3(%4: i32):  // pred: ^bb2\n"
           "    %c7_i32 = arith.constant 7 : i32\n"
           "    return %c7_i32 : i32\n"
           "  }\n"
           "  \"test.graph\"() ({\n"
           "    \"test.use\"(%0) : (i32) -> ()\n"
           "    %0 = \"test.def\"() : () -> i32\n"
           "    \"test.end\"() : () -> ()\n"
           "  }) : () -> ()\n"
           "}\n");
  }
  ir_module_free(k);
done:
  rw_free(rw);
  ir_module_free(m);
  ir_ctx_free(c);
}

int main(void) {
  test_identity();
  test_edits();
  printf("%d passed, %d failed\n", n_pass, n_fail);
  return n_fail != 0;
}
