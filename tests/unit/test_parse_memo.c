/*
 * test_parse_memo.c - the parser's memo tables (type spellings, op names,
 * property dictionaries, segment sizes, interning keys) live per thread
 * across parses (parse.c, IrpCache), and hold ids of the context that
 * filled them. Each parse must empty what it wrote, so that the next
 * parse, in another context whose ids differ, finds none of them: the
 * same text parsed in two contexts prints the same. Checked both for a
 * parse that writes a few entries and for one that writes more than the
 * dirty list holds (then all tables are cleared).
 *
 * Prints one line per failed check and "N passed, M failed" last; exits
 * non-zero if anything failed.
 */
#include "unit.h"

static const char *small_text =
    "func.func @f(%arg0: index) -> memref<4x?xf32> {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %cst = arith.constant 1.500000e+00 : f32\n"
    "  %0 = memref.alloc(%arg0) : memref<4x?xf32>\n"
    "  %1 = memref.alloca() : memref<8xi64>\n"
    "  memref.store %cst, %0[%c0, %c1] : memref<4x?xf32>\n"
    "  %2 = arith.addi %c0, %c1 : index\n"
    "  %3 = arith.cmpi slt, %2, %arg0 : index\n"
    "  scf.if %3 {\n"
    "    memref.store %cst, %0[%c1, %c0] : memref<4x?xf32>\n"
    "  }\n"
    "  return %0 : memref<4x?xf32>\n"
    "}\n";

/* Types and constants the other context interns first, so that its ids
 * for small_text's spellings differ from a fresh context's. */
static const char *other_text =
    "func.func @g(%a: i1, %b: memref<16xi8>) -> i32 {\n"
    "  %c7 = arith.constant 7 : i32\n"
    "  %c9 = arith.constant 9 : i64\n"
    "  %x = memref.alloc() : memref<2x3xf64>\n"
    "  %y = memref.alloca() : memref<5xindex>\n"
    "  return %c7 : i32\n"
    "}\n";

/* A module with `n` distinct type spellings and constants: more entries
 * written than the parser's dirty list holds. */
static char *many_text(int n) {
  size_t cap = (size_t)n * 160 + 64, len = 0;
  char *s = malloc(cap);
  len += (size_t)snprintf(s + len, cap - len, "func.func @h() {\n");
  for (int i = 1; i <= n; i++)
    len += (size_t)snprintf(s + len, cap - len,
                            "  %%a%d = memref.alloc() : memref<%dxf32>\n"
                            "  %%k%d = arith.constant %d : i32\n",
                            i, i, i, 1000 + i);
  snprintf(s + len, cap - len, "  return\n}\n");
  return s;
}

/* `text` printed after parsing it in a fresh context, and in one that
 * parsed other_text first (its ids differ), right after the first parse
 * filled the memo tables with the fresh context's ids. */
static void same_in_two_contexts(const char *text, const char *file) {
  IrCtx *other = ir_ctx_new();
  IrModule *o = unit_parse(other, other_text, "other.mlir", 1);
  IrCtx *fresh = ir_ctx_new();
  IrModule *a = unit_parse(fresh, text, file, 1);
  IrModule *b = unit_parse(other, text, file, 1);
  if (a && b) {
    char *pa = unit_print(a, 1, 1), *pb = unit_print(b, 1, 1);
    CHECK(pa && pb && strcmp(pa, pb) == 0);
    free(pa);
    free(pb);
  }
  if (a) ir_module_free(a);
  if (b) ir_module_free(b);
  if (o) ir_module_free(o);
  ir_ctx_free(fresh);
  ir_ctx_free(other);
}

int main(void) {
  same_in_two_contexts(small_text, "small.mlir");
  char *many = many_text(700);
  same_in_two_contexts(many, "many.mlir");
  /* and a small parse after the tables were cleared wholesale */
  same_in_two_contexts(small_text, "small.mlir");
  free(many);
  return unit_done();
}
