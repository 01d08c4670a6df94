/*
 * test_lower.c - unit tests of dd_lower_deallocs (passes/lower_*.c) through
 * its API: the input module is left as it was, the output verifies and holds
 * no bufferization.dealloc; the library function's name skips every taken
 * variant even when thousands are taken; the func.func-nested variant
 * returns NULL with MLIR's two errors per failing function.
 *
 * Prints one line per failed check and "N passed, M failed" last; exits
 * non-zero if anything failed.
 */
#include <stdlib.h>
#include <string.h>

#include "passes.h"
#include "unit.h"

static uint32_t count_ops(const IrModule *m, uint32_t opc) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < m->n_ops; i++) n += m->ops[i].opc == opc;
  return n;
}

/* The op that defines symbol `name`, or IR_NONE. */
static uint32_t find_symbol(const IrModule *m, const char *name) {
  for (uint32_t i = 0; i < m->n_ops; i++) {
    uint32_t a = ir_op_prop(m, i, "sym_name");
    if (a && !strcmp(ir_str_ptr(m->ctx, ir_attr(m->ctx, a)->str), name))
      return i;
  }
  return IR_NONE;
}

static const char *general =
    "func.func @f(%a: memref<2xf32>, %b: memref<2xf32>, %p: i1) -> i1 {\n"
    "  bufferization.dealloc (%a : memref<2xf32>) if (%p)\n"
    "  %r = bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) "
    "if (%p, %p) retain (%b : memref<2xf32>)\n"
    "  return %r : i1\n"
    "}\n";

static void test_input_untouched(void) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = unit_parse(c, general, "lower.mlir", 1);
  if (!m) return;
  char *before = unit_print(m, 0, 1);
  IrDiag d;
  ir_diag_init(&d, stdout);
  IrModule *out = dd_lower_deallocs(m, &d);
  CHECK(out != NULL && d.n_errors == 0);
  char *after = unit_print(m, 0, 1);
  CHECK(!strcmp(before, after));
  if (out) {
    CHECK(ir_verify(out, &d) == 0);
    CHECK(out->ctx == m->ctx);
    CHECK(count_ops(out, IR_OP_BDEALLOC) == 0);
    CHECK(count_ops(out, IR_OP_CALL) == 1);
    uint32_t h = find_symbol(out, "dealloc_helper");
    CHECK(h != IR_NONE);
    if (h != IR_NONE) {
      uint32_t v = ir_op_prop(out, h, "sym_visibility");
      CHECK(v && !strcmp(ir_str_ptr(c, ir_attr(c, v)->str), "private"));
      CHECK(ir_op_parent(out, h) == 0);  /* in the top module */
    }
  }
  free(before);
  free(after);
  ir_module_free(out);
  ir_module_free(m);
  ir_ctx_free(c);
}

/* Thousands of taken names: the first free variant, found in n log n. */
static void test_many_taken_names(void) {
  enum { N = 3000 };
  size_t cap = strlen(general) + N * 64, n = 0;
  char *text = malloc(cap);
  n += snprintf(text + n, cap - n, "func.func private @dealloc_helper()\n");
  /* Declared in a scrambled order, so a lucky scan order cannot help. */
  for (int k = 0; k < N - 1; k++)
    n += snprintf(text + n, cap - n, "func.func private @dealloc_helper_%d()\n",
                  (k * 7919) % (N - 1));
  snprintf(text + n, cap - n, "%s", general);
  IrCtx *c = ir_ctx_new();
  IrModule *m = unit_parse(c, text, "lower.mlir", 1);
  free(text);
  if (!m) return;
  IrDiag d;
  ir_diag_init(&d, stdout);
  IrModule *out = dd_lower_deallocs(m, &d);
  CHECK(out != NULL);
  if (out) {
    char want[64];
    snprintf(want, sizeof want, "dealloc_helper_%d", N - 1);
    uint32_t h = find_symbol(out, want);
    CHECK(h != IR_NONE && out->ops[h].n_regions == 1 &&
          out->regions[out->ops[h].regions].n_blocks == 1);
    CHECK(ir_verify(out, &d) == 0);
  }
  ir_module_free(out);
  ir_module_free(m);
  ir_ctx_free(c);
}

static void test_per_function(void) {
  IrCtx *c = ir_ctx_new();
  char text[2048];
  snprintf(text, sizeof text, "%s%s", general,
           "func.func @g(%a: memref<2xf32>, %p: i1) {\n"
           "  bufferization.dealloc (%a, %a : memref<2xf32>, memref<2xf32>) "
           "if (%p, %p)\n"
           "  bufferization.dealloc (%a, %a : memref<2xf32>, memref<2xf32>) "
           "if (%p, %p)\n"
           "  return\n"
           "}\n");
  IrModule *m = unit_parse(c, text, "lower.mlir", 1);
  if (!m) return;
  IrDiag d;
  ir_diag_init(&d, NULL);  /* count only */
  DdLowerOpts o = {.per_function = 1};
  IrModule *out = dd_lower_deallocs_with(m, &o, &d);
  CHECK(out == NULL);
  CHECK(d.n_errors == 4);  /* two per function, first failure only */
  ir_diag_init(&d, NULL);
  out = dd_lower_deallocs_with(m, NULL, &d);  /* defaults: module pass */
  CHECK(out != NULL && d.n_errors == 0);
  if (out) CHECK(count_ops(out, IR_OP_CALL) == 3);
  ir_module_free(out);
  ir_module_free(m);
  ir_ctx_free(c);
}

int main(void) {
  test_input_untouched();
  test_many_taken_names();
  test_per_function();
  return unit_done();
}
