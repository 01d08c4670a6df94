/*
 * verify_subview.c - memref.subview's result type, checked as
 * SubViewOp::verify does: the memory spaces agree, then the type MLIR
 * infers from the source and the static offsets, sizes and strides
 * (inferResultType) must be the result type or a rank-reduced version of
 * it: sizes (computeRankReductionMask, greedy, dropping only 1s), element
 * type, offset, and the strides of the dimensions kept (a dropped
 * dimension is one whose stride the result no longer has:
 * computeMemRefRankReductionMask). Messages are mlir-opt-22's.
 *
 * A layout given as an affine map is evaluated as MLIR does
 * (ir_layout_strides); one that is not strided (several results, a
 * division of dimensions) is not checked.
 */
#include <stdio.h>

#include "irint.h"

int ir_sizes_reduce(const int64_t *es, uint32_t en, const int64_t *rs, uint32_t rn) {
  uint32_t j = 0;
  for (uint32_t i = 0; i < en; i++) {
    if (j < rn && es[i] == rs[j]) {
      j++;
      continue;
    }
    if (es[i] != 1) return 0;
  }
  return j == rn;
}

/* How many of st[0..n) equal x. */
static uint32_t count_of(const int64_t *st, uint32_t n, int64_t x) {
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) k += st[i] == x;
  return k;
}

/* computeMemRefRankReductionMask then haveCompatibleStrides: the dims of
 * static size 1 are the candidates to drop; if there are more of them
 * than the ranks lost, a candidate is dropped only while its stride is
 * more frequent among the expected strides (those not yet accounted for)
 * than among the result's. Then the kept strides must be the result's. */
static int strides_reduce(const int64_t *sizes, const int64_t *es, uint32_t en,
                          const int64_t *rst, uint32_t rn, uint8_t *drop) {
  uint32_t ndrop = 0;
  for (uint32_t i = 0; i < en; i++) ndrop += drop[i] = en != rn && sizes[i] == 1;
  if (en != rn && ndrop + rn != en) {
    /* unaccounted[x] starts as the expected strides' count of x */
    for (uint32_t i = 0; i < en; i++) {
      if (!drop[i]) continue;
      uint32_t un = count_of(es, en, es[i]), cand = count_of(rst, rn, es[i]);
      for (uint32_t k = 0; k < i; k++) un -= drop[k] && es[k] == es[i];
      if (un > cand) continue;       /* dropped: one fewer unaccounted */
      if (un < cand) return 0;
      drop[i] = 0;                   /* its stride is still there */
    }
    ndrop = 0;
    for (uint32_t i = 0; i < en; i++) ndrop += drop[i];
    if (ndrop + rn != en) return 0;
  }
  for (uint32_t i = 0, j = 0; i < en; i++) {
    if (drop[i]) continue;
    if (es[i] != rst[j++]) return 0;
  }
  return 1;
}

int ir_verify_subview_type(const IrModule *m, uint32_t op, IrDiag *d,
                           const int64_t *offs, const int64_t *sizes,
                           const int64_t *steps) {
  const IrCtx *c = m->ctx;
  uint32_t st = ir_vtype(m, ir_operand(m, op, 0)), rt = ir_vtype(m, ir_result(m, op, 0));
  const IrType *ts = ir_type(c, st), *tr = ir_type(c, rt);
  char a[512], b[512], e[512];
  uint32_t loc = m->ops[op].loc;
  if (ts->space != tr->space) {
    ir_type_str(c, st, a, sizeof a);
    ir_type_str(c, rt, b, sizeof b);
    ir_diag(d, c, loc, IR_SEV_ERROR, "different memory spaces specified for "
            "base memref type '%s' and subview memref type '%s'", a, b);
    return -1;
  }
  uint32_t n = ts->n, rn = tr->n;
  int64_t soff, roff;
  /* ranks are at most IR_MAX_RANK (every reader's bound) */
  int64_t sst[IR_MAX_RANK], est[IR_MAX_RANK], rst[IR_MAX_RANK];
  uint8_t drop[IR_MAX_RANK];
  if (n > IR_MAX_RANK || rn > IR_MAX_RANK) return 0;
  if (!ir_layout_strides(c, st, &soff, sst)) {
    if (!ir_layout_multi_result(c, st)) return 0;     /* not decided here */
    ir_type_str(c, st, a, sizeof a);
    ir_diag(d, c, loc, IR_SEV_ERROR, "base type '%s' is not strided", a);
    return -1;
  }
  int64_t eoff = soff;
  for (uint32_t i = 0; i < n; i++) {
    eoff = ir_sat_add(eoff, ir_sat_mul(offs[i], sst[i]));
    est[i] = ir_sat_mul(sst[i], steps[i]);
  }
  /* the checks first; the texts only for a message */
  const char *what = NULL;
  if (rn > n) {
    ir_type_str(c, rt, b, sizeof b);
    ir_diag(d, c, loc, IR_SEV_ERROR, "expected result rank to be smaller or "
            "equal to the source rank, but got '%s'", b);
    return -1;
  }
  if (!ir_sizes_reduce(sizes, n, ir_type_dims(c, rt), rn)) {
    what = "sizes";
  } else if (ts->elem != tr->elem) {
    ir_type_str(c, ts->elem, a, sizeof a);
    ir_type_str(c, rt, b, sizeof b);
    ir_diag(d, c, loc, IR_SEV_ERROR, "expected result element type to be "
            "'%s', but got '%s'", a, b);
    return -1;
  } else if (!ir_layout_strides(c, rt, &roff, rst)) {
    if (!ir_layout_multi_result(c, rt)) return 0;     /* not decided here */
    what = "layout";                                  /* not strided */
  } else if (roff != eoff || !strides_reduce(sizes, est, n, rst, rn, drop)) {
    what = "layout";
  }
  if (!what) return 0;
  ir_memref_parts_str(c, e, sizeof e, n, sizes, ts->elem, 1, eoff, est, ts->space);
  ir_type_str(c, rt, b, sizeof b);
  ir_diag(d, c, loc, IR_SEV_ERROR, "expected result type to be '%s' or a "
          "rank-reduced version. (mismatch of result %s), but got '%s'", e,
          what, b);
  return -1;
}
