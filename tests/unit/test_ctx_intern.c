/*
 * test_ctx_intern.c - the interning calls a reader makes:
 *   - ir_str_static interns bytes with static storage without copying
 *     them, under the same id as ir_str gives the same bytes (either
 *     first), so ir_str_hash agrees with the table's own hash;
 *   - ir_ctx_reserve is only a hint: a context reserved for many entries,
 *     for more than it can take at once (a file's declared count is
 *     capped), or after entries exist, hands out the same ids as one that
 *     was not, and finds every entry again.
 *
 * Prints one line per failed check and "N passed, M failed" last; exits
 * non-zero if anything failed.
 */
#include "unit.h"

static void statics(void) {
  static const char lit[] = "memref.alloc", other[] = "operandSegmentSizes";
  char copy[sizeof lit];
  memcpy(copy, lit, sizeof lit);
  IrCtx *c = ir_ctx_new();
  uint32_t a = ir_str_static(c, lit, strlen(lit), ir_str_hash(lit, strlen(lit)));
  CHECK(a != 0);
  CHECK(ir_str_ptr(c, a) == lit);                /* not copied */
  CHECK_EQ(ir_str_len(c, a), strlen(lit));
  CHECK_EQ(ir_str(c, copy, strlen(copy)), a);    /* same bytes, same id */
  CHECK_EQ(ir_str_static(c, lit, strlen(lit), ir_str_hash(lit, strlen(lit))), a);
  /* copied first: the static form finds the copy */
  uint32_t b = ir_cstr(c, "operandSegmentSizes");
  CHECK_EQ(ir_str_static(c, other, strlen(other), ir_str_hash(other, strlen(other))), b);
  CHECK(ir_str_ptr(c, b) != other);
  CHECK(strcmp(ir_str_ptr(c, b), other) == 0);
  ir_ctx_free(c);
}

enum { N = 700 };

/* Interns N strings, N types and N attributes into c; their ids in ids. */
static void fill(IrCtx *c, uint32_t *ids) {
  char buf[32];
  for (uint32_t i = 0; i < N; i++) {
    int n = snprintf(buf, sizeof buf, "name%u", i);
    ids[3 * i] = ir_str(c, buf, (size_t)n);
    IrType t = {.kind = IR_T_MEMREF, .elem = ir_type_int(c, 32), .n = 1};
    int64_t dim = (int64_t)i + 1;
    ids[3 * i + 1] = ir_type_intern(c, &t, &dim, NULL);
    ids[3 * i + 2] = ir_attr_int(c, (int64_t)i * 7, ir_type_index(c));
  }
}

static void reserve(void) {
  static uint32_t plain[3 * N], got[3 * N];
  IrCtx *p = ir_ctx_new();
  fill(p, plain);
  /* reserved up front; for "more than the input could hold"; after some
   * entries exist (a second module's tables in the same ctx) */
  uint32_t how[3][3] = {{N, N, N}, {UINT32_MAX, UINT32_MAX, UINT32_MAX}, {5, 0, 3}};
  for (int k = 0; k < 3; k++) {
    IrCtx *c = ir_ctx_new();
    if (k == 2) ir_cstr(c, "name0");
    ir_ctx_reserve(c, how[k][0], how[k][1], how[k][2]);
    fill(c, got);
    int same = 1;
    for (uint32_t i = 0; i < 3 * N; i++) same &= got[i] == plain[i];
    CHECK(same);
    fill(c, got);                        /* every entry found again */
    same = 1;
    for (uint32_t i = 0; i < 3 * N; i++) same &= got[i] == plain[i];
    CHECK(same);
    CHECK_EQ(ir_n_strs(c), ir_n_strs(p));
    CHECK_EQ(ir_n_types(c), ir_n_types(p));
    CHECK_EQ(ir_n_attrs(c), ir_n_attrs(p));
    ir_ctx_free(c);
  }
  ir_ctx_free(p);
}

int main(void) {
  statics();
  reserve();
  return unit_done();
}
