/*
 * test_clone.c - unit tests of clone.c, the copy of a frozen module into a
 * builder that every pass is built on: an identity clone prints exactly as
 * its input (uses before definitions in later blocks and in graph regions,
 * nested regions, successors with operands, block argument locations), and
 * a hook can replace an op (renamed, with other operands) or drop it and map
 * its result onto another value.
 *
 * Prints one line per failed check and "N passed, M failed" last; exits
 * non-zero if anything failed.
 */
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "unit.h"

static void expect(int line, const IrModule *m, const char *want) {
  char *got = unit_print(m, 0, 1);
  if (!strcmp(got, want)) {
    n_pass++;
  } else {
    n_fail++;
    printf("FAIL %s:%d: printed\n%s--- expected\n%s---\n", __FILE__, line,
           got, want);
  }
  free(got);
}

static const char *forward_refs =
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
    "    scf.yield %x : i32\n"
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
  IrModule *m = unit_parse(c, forward_refs, "clone.mlir", 0);
  if (!m) return;
  const char *why = NULL;
  IrModule *k = ir_clone_module(m, NULL, NULL, &why);
  CHECK(k != NULL);
  if (k) {
    char *want = unit_print(m, 0, 1);
    expect(__LINE__, k, want);
    free(want);
    IrDiag d;
    ir_diag_init(&d, stdout);
    CHECK(ir_verify(k, &d) == 0);
  }
  ir_module_free(k);
  ir_module_free(m);
  ir_ctx_free(c);
}

/* addi -> subi with swapped operands; muli dropped, its uses take its
 * first operand. */
static int rewrite(void *ud, IrBuilder *b, uint32_t block, IrMap *map,
                   uint32_t op) {
  (void)ud;
  const IrModule *m = map->m;
  IrCtx *c = m->ctx;
  if (m->ops[op].opc == IR_OP_ADDI) {
    uint32_t opd[2] = {ir_map_val(b, map, ir_operand(m, op, 1)),
                       ir_map_val(b, map, ir_operand(m, op, 0))};
    IrCloneOver ov = {0};
    ov.name = ir_cstr(c, "arith.subi");
    ov.operands = opd;
    ov.n_operands = 2;
    return irb_clone_op_with(b, block, map, op, &ov) == IR_NONE ? -1 : 1;
  }
  if (m->ops[op].opc == IR_OP_MULI) {
    ir_map_set_val(b, map, ir_result(m, op, 0),
                   ir_map_val(b, map, ir_operand(m, op, 0)));
    return 1;
  }
  return 0;
}

static void test_hook(void) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = unit_parse(c,
      "func.func @g(%a: i32, %b: i32) -> i32 {\n"
      "  %p = arith.muli %a, %b : i32\n"
      "  %s = arith.addi %p, %b : i32\n"
      "  return %s : i32\n"
      "}\n", "clone.mlir", 0);
  if (!m) return;
  IrModule *k = ir_clone_module(m, rewrite, NULL, NULL);
  CHECK(k != NULL);
  if (k)
    expect(__LINE__, k,
           "#loc2 = loc(\"clone.mlir\":1:14)\n"
           "#loc3 = loc(\"clone.mlir\":1:23)\n"
           "module {\n"
           "  func.func @g(%arg0: i32 loc(\"clone.mlir\":1:14), "
           "%arg1: i32 loc(\"clone.mlir\":1:23)) -> i32 {\n"
           "    %0 = arith.subi %arg1, %arg0 : i32 loc(#loc4)\n"
           "    return %0 : i32 loc(#loc5)\n"
           "  } loc(#loc1)\n"
           "} loc(#loc)\n"
           "#loc = loc(\"clone.mlir\":0:0)\n"
           "#loc1 = loc(\"clone.mlir\":1:1)\n"
           "#loc4 = loc(\"clone.mlir\":3:8)\n"
           "#loc5 = loc(\"clone.mlir\":4:3)\n");
  ir_module_free(k);
  ir_module_free(m);
  ir_ctx_free(c);
}

int main(void) {
  test_identity();
  test_hook();
  return unit_done();
}
