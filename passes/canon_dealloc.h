/*
 * canon_dealloc.h - reading and rewriting bufferization.dealloc operand
 * segments, shared by its canonicalization patterns
 * (canon_bufferization.c) and buffer-deallocation-simplification
 * (simplify.c). Internal to passes/.
 */
#ifndef CANON_DEALLOC_H
#define CANON_DEALLOC_H

#include "canon.h"

/* A dealloc's three operand lists as they were when read (a snapshot:
 * later edits of the op do not show; release with dealloc_parts_free).
 * Read-only: usually a view of the Canon's cache of the last dealloc read,
 * else a copy of its own. */
typedef struct DeallocParts {
  const uint32_t *mem, *cond, *ret;
  uint32_t n_mem, n_ret;
  Canon *view;          /* the Canon whose cache this views, or NULL */
  uint32_t *own;        /* the copy's storage when it is not `small` */
  uint32_t small[30];   /* storage for short lists (no malloc) */
} DeallocParts;

/* -1 if the op's segments are malformed (then nothing to free). */
int dealloc_parts(Canon *c, uint32_t op, DeallocParts *d);
void dealloc_parts_free(DeallocParts *d);
/* A new dealloc before `at` (its location and attributes). */
uint32_t dealloc_create(Canon *c, uint32_t at, const uint32_t *mem,
                        const uint32_t *cond, uint32_t nm, const uint32_t *ret,
                        uint32_t nr);
/* MLIR's updateDeallocIfChanged: set memrefs and conditions in place if
 * they differ (returns 1), else 0. */
int dealloc_update(Canon *c, uint32_t op, const uint32_t *mem,
                   const uint32_t *cond, uint32_t nm);
/* Does `op` allocate value v (an Allocate effect on it)? */
int canon_allocates(const Rw *rw, uint32_t op, uint32_t v);
/* memref::foldMemRefCast on op's operands (except `inner`). */
int canon_fold_memref_cast(Canon *c, uint32_t op, uint32_t inner);
/* memref::CastOp::areCastCompatible for two memref types. */
int canon_cast_compatible(IrCtx *c, uint32_t a, uint32_t b);

#endif
