/*
 * canon_memref.c - folds and canonicalization of the memref dialect
 * (MemRefOps.cpp).
 */
#include "canon.h"
#include "canon_dealloc.h"

static int fold_cast_operands(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  (void)cst;
  (void)r;
  return canon_fold_memref_cast(c, op, RW_NONE) ? CANON_INPLACE : CANON_FAIL;
}

void canon_rules_memref(CanonRules *r) {
  r->fold[IR_OP_DEALLOC] = fold_cast_operands;
}
