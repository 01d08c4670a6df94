/*
 * canon.h - the greedy pattern rewriter shared by ir-canon (canonicalize)
 * and dd-simplify (buffer-deallocation-simplification), and the rule
 * tables the per-dialect files (canon_<dialect>.c) fill in. Internal to
 * passes/.
 *
 * The driver replays MLIR's GreedyPatternRewriteDriver on the working copy
 * (rewrite.h):
 *   - an iteration seeds a LIFO worklist with every op of the module body
 *     (pre-order then reversed for top-down, post-order for bottom-up),
 *     hoisting and uniquing constants on the way (MLIR's OperationFolder:
 *     each constant moves to the front of the entry block of the nearest
 *     isolated-from-above region, equal ones are merged);
 *   - it pops ops: a trivially dead op is erased; otherwise the op's folder
 *     runs (a constant result is materialised right before the op); else
 *     the op's patterns run in MLIR's order, the first that applies wins;
 *   - edits re-queue what they touch (created and modified ops, the
 *     definitions of operands of erased ops), as MLIR's listener does;
 *   - then the region simplifier (unreachable blocks, dead code and dead
 *     block arguments) runs; the next iteration starts if anything changed.
 * Cost: an iteration is linear in the module plus the work of the rewrites
 * it applies (each rewrite is local); iterations are few (each one that
 * changes something must be followed by one that does not, so 2-3 on
 * typical input; max-iterations bounds it, 10 as in MLIR).
 */
#ifndef CANON_H
#define CANON_H

#include <stdlib.h>

#include "passes.h"
#include "rewrite.h"

typedef struct Canon Canon;

/* A fold result per op result: a value to use, or an attribute to
 * materialise as a constant (val = RW_NONE). */
typedef struct CanonFold {
  uint32_t val, attr;
} CanonFold;

enum { CANON_FAIL = 0, CANON_REPLACE = 1, CANON_INPLACE = 2 };

/* A folder: `cst` holds the constant attribute of each operand (0 if not
 * constant). Returns CANON_FAIL, CANON_REPLACE (res[] filled, one per
 * result) or CANON_INPLACE (the op was updated in place). */
typedef int (*CanonFoldFn)(Canon *c, uint32_t op, const uint32_t *cst,
                           CanonFold *res);
/* A pattern: returns 1 if it rewrote the IR (through rw_* edits), 0 if it
 * did not match (and changed nothing). The insertion point for new ops is
 * before `op` unless the pattern says otherwise. */
typedef int (*CanonPatFn)(Canon *c, uint32_t op);

#define CANON_MAX_PATS 12
typedef struct CanonRules {
  CanonFoldFn fold[IR_N_OPS];
  CanonPatFn pats[IR_N_OPS][CANON_MAX_PATS];
  uint8_t n_pats[IR_N_OPS];
} CanonRules;

void canon_add_pattern(CanonRules *r, uint32_t opc, CanonPatFn fn);

/* Registration, one per dialect file. */
void canon_rules_arith(CanonRules *r);
void canon_rules_bufferization(CanonRules *r);
void canon_rules_cf(CanonRules *r);
void canon_rules_memref(CanonRules *r);
void canon_rules_scf(CanonRules *r);
/* All of them: MLIR's -canonicalize set. */
void canon_rules_all(CanonRules *r);
/* Only bufferization.dealloc's canonicalization patterns (MLIR's
 * populateDeallocOpCanonicalizationPatterns). */
void canon_rules_dealloc(CanonRules *r);

/* The driver's configuration (mlir-opt's canonicalize options). */
typedef struct CanonConfig {
  int top_down;           /* seed the worklist top-down (MLIR: canonicalize
                             true, other drivers false) */
  int region_simplify;    /* 0 disabled, 1 normal, 2 aggressive */
  int max_iterations;     /* -1: no limit */
  long max_rewrites;      /* per iteration; -1: no limit */
  int fold;               /* run the folders */
} CanonConfig;

/* An entry of the Canon's integer-constant cache. */
typedef struct CanonIntEnt {
  uint32_t attr, ok;
  int64_t v;
} CanonIntEnt;

struct Canon {
  Rw *rw;
  IrCtx *ctx;
  CanonConfig cfg;
  const CanonRules *rules;
  /* patterns tried before the rules' own (dd-simplify's), per opcode */
  const CanonRules *extra;
  void *extra_ud;
  uint32_t scope;                 /* the region being simplified */
  /* worklist */
  uint32_t *wl; uint32_t n_wl, cap_wl;
  uint32_t *wpos; uint32_t cap_wpos;  /* per op: index + 1 in wl, 0 if absent */
  /* constant folder (reset every iteration) */
  uint32_t iter;
  uint32_t *owned; uint32_t cap_owned;  /* per op: iteration it was owned in */
  struct CanonCst *cst_tab; uint32_t cst_cap, cst_n;
  uint32_t *cst_used; uint32_t n_cst_used, cap_cst_used;  /* claimed slots */
  /* scratch */
  uint32_t *tmp; uint32_t cap_tmp;
  /* canon_attr_ints by attribute id, direct-mapped (ids are interned:
   * an id's value never changes; zeroed, every slot is a valid entry
   * for id 0) */
  CanonIntEnt icache[256];
  /* the region simplifier's lists (canon_region.c, region_dce) */
  uint32_t *dce_wl, *dce_cand, *dce_cand_arg;
  uint32_t cap_dce_wl, cap_dce_cand, cap_dce_cand_arg;
  /* its byte maps (per op, value, block; cleared at each use) and the
   * unreachable-block walk's stack and map (all zero between uses) */
  uint8_t *dce_op, *dce_arg, *dce_opaque, *reach;
  uint32_t cap_dce_op, cap_dce_arg, cap_dce_opaque, cap_reach;
  uint32_t *reach_stk; uint32_t cap_reach_stk;
  /* per opcode: popping such an op can never change anything (see
   * canon_driver.c, set_inert), so seeding leaves it off the worklist */
  uint8_t inert[IR_N_OPS];
  uint8_t never_dead[IR_N_OPS];   /* canon_is_dead is 0 whatever the IR */
  uint8_t dead_if_unused[IR_N_OPS];  /* canon_is_dead is rw_op_unused */
  /* the op's own effects allow it to be dead (wouldOpBeTriviallyDead's
   * test of the op itself; all but test.side_effect_op) */
  uint8_t own_fx_ok[IR_N_OPS];
  /* fx_verdict(rw, op, 0) of an op of this opcode (0 bad, 1 fine, 2 fine
   * if everything nested is), or FX_ASK when the op itself decides
   * (test.side_effect_op's attribute): the dead check's walk of a loop
   * or if body looks each nested op up here (canon_driver.c, is_dead) */
  uint8_t fx_dead[IR_N_OPS];
  /* "users of v other than op?" for values with long use lists
   * (canon_driver.c, other_users): per value, use slots of distinct users
   * found by the last scan, in upool[ufirst[v] .. + ucount[v]) */
  uint32_t *ufirst, *ucount; uint32_t cap_ucache;
  uint32_t *upool; uint32_t n_upool, cap_upool;
  uint32_t *umark; uint32_t cap_umark, userial;   /* per op: scan stamp */
  int changed;                    /* canon_run changed the IR (any edit, even
                                     one that does not count as a change
                                     for the iteration loop) */
  /* Units: the func.func ops directly in the scope region. A function is
   * isolated from above and no rule looks across functions, so one whose
   * last iteration changed nothing would change nothing in the next one
   * either (same state, same worklist, same rules): later iterations,
   * which the whole module needs while some other function still changes,
   * skip its body (seeding and region simplification). The result is
   * that of the full iterations; only the work differs. Per op id:
   * uclean[u] = skipped this iteration, utouch[u] = changed in it. */
  int units;                      /* enabled (see canon_run) */
  uint8_t *uclean, *utouch; uint32_t cap_units;
  uint32_t *ublk; uint32_t cap_ublk;  /* per block: its unit + 1, 0 unknown */
  /* The operand lists of the dealloc last read (canon_dealloc.h): its six
   * patterns (and simplify's four) each read the same op in turn. Valid
   * while dp_op, its props and rw->epoch are unchanged; dp_held views of
   * dp_buf are out, and the buffer is not refilled while any is. */
  uint32_t dp_op, dp_props, dp_nm, dp_nr, dp_held;
  uint64_t dp_epoch;
  int dp_valid;
  uint32_t *dp_buf; uint32_t cap_dp;
  /* props dictionaries made before (interned: the same inputs give the
   * same id, and nothing new would be interned), direct-mapped; props 0
   * marks an empty slot. A dealloc's by (old props, memrefs, retained), a
   * constant's by value attribute. */
  struct { uint32_t old, nm, nr, props; } dprops[64];
  struct { uint32_t attr, props; } cprops[64];
  /* a new subview's props by (old props, operandSegmentSizes, static
   * offsets, sizes, strides), as the dealloc's above (canon_memref.c);
   * on the heap from its first use (in the struct, the memset of every
   * canon_init and canon_fini cost more than it saved) */
  struct CanonSvProps { uint32_t old, seg, off, siz, str, props; } *svprops;
  uint32_t s_static_offsets, s_static_sizes, s_static_strides;
  /* interned names and types */
  uint32_t s_constant, s_value, s_ori, s_andi, s_xori, s_select, s_cmpi,
      s_dealloc, s_predicate, s_segments, s_yield, s_if, s_memref_dealloc,
      s_memref_cast, s_br, s_cond_br, s_extui, s_index_cast;
  uint32_t t_i1, t_index;
};

/* Units (see struct Canon): is op a unit whose body is skipped in this
 * iteration? Record that the unit containing op changed. */
static inline int canon_is_unit(const Canon *c, uint32_t op) {
  return c->rw->ops[op].opc == IR_OP_FUNC && rw_op_region(c->rw, op) == c->scope;
}
static inline int canon_unit_skip(const Canon *c, uint32_t op) {
  return c->units && op < c->cap_units && c->uclean[op] && canon_is_unit(c, op);
}
void canon_unit_touch_slow(Canon *c, uint32_t op);
/* Inline for the common case (every notification asks): the op's block
 * has its unit cached (ublk), and the unit its flags. */
static inline void canon_unit_touch(Canon *c, uint32_t op) {
  if (!c->units || !rw_alive(c->rw, op)) return;
  uint32_t b = c->rw->ops[op].block;
  if (b < c->cap_ublk && c->ublk[b] && c->ublk[b] - 1 < c->cap_units) {
    c->utouch[c->ublk[b] - 1] = 1;
    return;
  }
  canon_unit_touch_slow(c, op);
}

/* Run the greedy driver over the body of the top module. Returns 1 if it
 * converged, 0 if it hit max_iterations still changing. */
int canon_run(Canon *c);
void canon_init(Canon *c, Rw *rw, const CanonRules *rules,
                const CanonConfig *cfg);
void canon_fini(Canon *c);

/* Canonicalize a working copy in place (m: the module it came from, for
 * diagnostics): 1 if it changed, 0 if it did not (not even a constant
 * moved), -1 with a diagnostic on failure. */
int canon_rw(Rw *rw, const IrModule *m, const DdCanonOpts *o, IrDiag *d);
/* Lay a working copy out; NULL with a diagnostic on failure. */
IrModule *canon_emit(Rw *rw, const IrModule *m, IrDiag *d);
/* -cse on a working copy of m, handed back unemitted; *changed tells
 * whether it replaced or erased anything (cse.c). */
Rw *cse_rw(const IrModule *m, int *changed);

/* --- helpers for rules -------------------------------------------------- */

/* Effects, from the registry traits (MLIR's side-effect interfaces). */
int canon_would_be_dead(const Rw *rw, uint32_t op);  /* wouldOpBeTriviallyDead */
int canon_is_dead(const Rw *rw, uint32_t op);        /* isOpTriviallyDead */
int canon_effect_free(const Rw *rw, uint32_t op);    /* isMemoryEffectFree */
int canon_has_effect_iface(const Rw *rw, uint32_t op);
/* The op's memory effects as IR_TR_PURE / READ / WRITE / ALLOC / FREE bits
 * (PURE: an effect interface with no effect), 0 when unknown (no effect
 * interface, or an unregistered op). */
uint32_t canon_op_effects(const Rw *rw, uint32_t op);

/* Integer constants. An attribute that is an integer (or bool) constant:
 * its value sign-extended from the type's width (index: 64). */
int canon_attr_int(IrCtx *c, uint32_t attr, int64_t *v);
/* canon_attr_int through the Canon's cache: constants are read again and
 * again (seeding keys every constant by its value each iteration, the
 * patterns test operands): mixed corpus dd-own 381.7M -> 378.5M,
 * dd-simplify 116.8M -> 116.2M, dd-lower 149.4M -> 148.8M. */
static inline int canon_attr_int_cached(Canon *c, uint32_t attr, int64_t *v) {
  CanonIntEnt *e = &c->icache[attr & 255];
  if (e->attr != attr) {
    e->attr = attr;
    e->ok = (uint32_t)canon_attr_int(c->ctx, attr, &e->v);
  }
  if (e->ok) *v = e->v;
  return (int)e->ok;
}
/* The integer constant a value is, if any. */
int canon_value_int(Canon *c, uint32_t v, int64_t *out);
static inline int canon_is_const_int(Canon *c, uint32_t v, int64_t want) {
  int64_t x;
  return canon_value_int(c, v, &x) && x == want;
}
/* An integer attribute of `type` (bool for i1), value truncated to the
 * width and sign-extended. */
uint32_t canon_int_attr(Canon *c, int64_t v, uint32_t type);
/* Bit width of an integer-like type (iN: N, index: 64), 0 otherwise. */
uint32_t canon_int_width(IrCtx *c, uint32_t type);
int64_t canon_sext(int64_t v, uint32_t width);
/* Is v the constant 1 (MLIR's m_One: for i1 that is `true`)? */
static inline int canon_is_one(Canon *c, uint32_t v) {
  int64_t x;
  if (!canon_value_int(c, v, &x)) return 0;
  return x == 1 || (x == -1 && canon_int_width(c->ctx, rw_type(c->rw, v)) == 1);
}

/* Create an arith.constant of attr (its type) at ip; returns its value. */
uint32_t canon_make_constant(Canon *c, RwIp ip, uint32_t attr, uint32_t type,
                             uint32_t loc);
uint32_t canon_make_bool(Canon *c, RwIp ip, int v, uint32_t loc);
/* Create a single-result op before `at`. */
uint32_t canon_make_op(Canon *c, uint32_t at, uint32_t name,
                       const uint32_t *opd, uint32_t n, uint32_t type,
                       uint32_t props);
/* Scratch array of at least n entries (valid until the next call). */
uint32_t *canon_tmp(Canon *c, uint32_t n);

/* A short-lived list of n entries: `small` (cap entries, on the caller's
 * stack) when it fits, else malloc'd. Rules run at every op they see, and
 * most lists are a few entries long: a malloc + free each was a tenth of
 * dd-simplify. Free with canon_buf_free(p, small). */
static inline uint32_t *canon_buf(uint32_t *small, size_t cap, size_t n) {
  return n <= cap ? small : ir_xmalloc(n * sizeof *small);
}
static inline void canon_buf_free(uint32_t *p, const uint32_t *small) {
  if (p != small) free(p);
}

/* Replace op's results and erase it (rw_replace_op). */
static inline void canon_replace(Canon *c, uint32_t op, const uint32_t *vals) {
  rw_replace_op(c->rw, op, vals);
}

#endif
