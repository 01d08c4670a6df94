/*
 * verify.c - the verifier: MLIR's structural rules over a frozen module.
 *
 *   1. per op: registered counts (ops.def), terminators last, successors
 *      in the same region with the right argument counts and types;
 *   2. per block: a terminator where MLIR wants one;
 *   3. per use: isolation from above, then SSA dominance (same block: op
 *      order; same region: the region's dominator tree; outer region: the
 *      block of the enclosing op that holds the use);
 *   4. the per-op verify hooks of the registry.
 *
 * Messages are MLIR's words. Every problem is reported, not just the first
 * (MLIR stops at the first), but an op whose counts are wrong does not get
 * its hook run, since hooks may index operands by position.
 *
 * The module must have passed ir_module_check (freeze and the bytecode
 * reader guarantee it); the verifier trusts the layout, not the semantics.
 */
#include <stdlib.h>

#include "irint.h"

typedef struct Verifier {
  const IrModule *m;
  const IrCtx *c;
  IrDiag *d;
  int failed;
  IrDom dom;                /* dominator trees of multi-block regions */
  uint32_t *iso;            /* per region: the region whose parent op is the
                               nearest isolated-from-above op (or top) */
} Verifier;

/* ====================================================================== */
/* Reporting                                                              */
/* ====================================================================== */

static const IrOpInfo *info(const IrModule *m, uint32_t op) {
  return ir_op_info(m->ops[op].opc);
}

static uint32_t op_traits(const IrModule *m, uint32_t op) {
  const IrOpInfo *in = info(m, op);
  return in ? in->traits : 0;
}

/* `'dialect.op' op <msg>` at the op, like Operation::emitOpError. */
static void op_error(Verifier *v, uint32_t op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void op_error(Verifier *v, uint32_t op, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  uint32_t name = v->m->ops[op].name;
  ir_diag(v->d, v->c, v->m->ops[op].loc, IR_SEV_ERROR, "'%.*s' op %s",
          (int)ir_str_len(v->c, name), ir_str_ptr(v->c, name), msg);
  v->failed = 1;
}

/* `<msg>` at a location, like emitError. */
static void loc_error(Verifier *v, uint32_t loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void loc_error(Verifier *v, uint32_t loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  ir_vdiag(v->d, v->c, loc, IR_SEV_ERROR, fmt, ap);
  va_end(ap);
  v->failed = 1;
}

/* ====================================================================== */
/* Dominance (dom.c)                                                      */
/* ====================================================================== */

static int dominates(const Verifier *v, uint32_t a, uint32_t b) {
  return ir_dom_dominates(&v->dom, a, b);
}

/* ====================================================================== */
/* Structure                                                              */
/* ====================================================================== */

static const char *plural(int n) { return n == 1 ? "" : "s"; }

/* Counts in ODS's order (regions, results, successors, operands) and
 * words (OpDefinition.cpp). A negative count n means "at least -1 - n".
 * Returns 0 if all match. */
static int check_counts(Verifier *v, uint32_t op, const IrOpInfo *in) {
  const IrOp *o = &v->m->ops[op];
  int n;
  if ((n = in->n_regions) >= 0 ? o->n_regions != (uint32_t)n
                               : o->n_regions < (uint32_t)(-1 - n)) {
    if (n == 0) op_error(v, op, "requires zero regions");
    else if (n == 1) op_error(v, op, "requires one region");
    else if (n > 0) op_error(v, op, "expected %d regions", n);
    else op_error(v, op, "expected %d or more regions", -1 - n);
    return -1;
  }
  if ((n = in->n_results) >= 0 ? o->n_results != (uint32_t)n
                               : o->n_results < (uint32_t)(-1 - n)) {
    if (n == 0) op_error(v, op, "requires zero results");
    else if (n == 1) op_error(v, op, "requires one result");
    else if (n > 0) op_error(v, op, "expected %d results, but found %u", n, o->n_results);
    else op_error(v, op, "expected %d or more results", -1 - n);
    return -1;
  }
  if ((n = in->n_succs) >= 0 ? o->n_succs != (uint32_t)n
                             : o->n_succs < (uint32_t)(-1 - n)) {
    if (n >= 0)
      op_error(v, op, "requires %d successor%s but found %u", n, plural(n), o->n_succs);
    else
      op_error(v, op, "requires at least %d successors but found %u", -1 - n, o->n_succs);
    return -1;
  }
  if ((n = in->n_operands) >= 0 ? o->n_operands != (uint32_t)n
                                : o->n_operands < (uint32_t)(-1 - n)) {
    if (n == 0) op_error(v, op, "requires zero operands");
    else if (n == 1) op_error(v, op, "requires a single operand");
    else if (n > 0) op_error(v, op, "expected %d operands, but found %u", n, o->n_operands);
    else op_error(v, op, "expected %d or more operands, but found %u", -1 - n, o->n_operands);
    return -1;
  }
  return 0;
}

static int is_last(const IrModule *m, uint32_t op) {
  const IrBlock *b = &m->blocks[m->ops[op].block];
  return op == b->ops + b->n_ops - 1;
}

static void check_succs(Verifier *v, uint32_t op, const IrOpInfo *in) {
  const IrModule *m = v->m;
  const IrOp *o = &m->ops[op];
  uint32_t region = m->blocks[o->block].region;
  for (uint32_t k = 0; k < o->n_succs; k++) {
    const IrSucc *s = &m->succs[o->succs + k];
    if (m->blocks[s->block].region != region) {
      op_error(v, op, "branching to block of a different region");
      continue;
    }
    if (s->block == m->regions[region].blocks)
      loc_error(v, m->ops[m->regions[region].op].loc,
                "entry block of region may not have predecessors");
    if (!in || !(in->traits & IR_TR_BRANCH)) continue;
    const IrBlock *t = &m->blocks[s->block];
    if (s->n_operands != t->n_args) {
      loc_error(v, o->loc,
                "branch has %u operands for successor #%u, but target block has %u",
                s->n_operands, k, t->n_args);
      continue;
    }
    for (uint32_t i = 0; i < t->n_args; i++) {
      if (m->values[m->operands[s->operands + i]].type != m->values[t->args + i].type) {
        loc_error(v, o->loc, "type mismatch for bb argument #%u of successor #%u", i, k);
        break;
      }
    }
  }
}

/* Terminator rules of the blocks of op p's regions (Verifier.cpp's
 * mayBeValidWithoutTerminator and verifyOnExit). */
static void check_regions(Verifier *v, uint32_t p, const IrOpInfo *in) {
  const IrModule *m = v->m;
  const IrOp *o = &m->ops[p];
  for (uint32_t i = 0; i < o->n_regions; i++) {
    const IrRegion *r = &m->regions[o->regions + i];
    if (in && (in->traits & IR_TR_GRAPH_REGION) && r->n_blocks > 1)
      op_error(v, p, "expects graph region #%u to have 0 or 1 blocks", i);
    int may_skip = r->n_blocks == 1 && (!in || (in->traits & IR_TR_NO_TERMINATOR));
    if (may_skip) continue;
    for (uint32_t b = r->blocks; b < r->blocks + r->n_blocks; b++) {
      const IrBlock *blk = &m->blocks[b];
      if (!blk->n_ops) {
        loc_error(v, o->loc, "empty block: expect at least a terminator");
        continue;
      }
      uint32_t last = blk->ops + blk->n_ops - 1;
      const IrOpInfo *li = info(m, last);
      if (li && !(li->traits & IR_TR_TERMINATOR)) {
        uint32_t name = m->ops[last].name;
        loc_error(v, m->ops[last].loc, "block with no terminator, has \"%.*s\"",
                  (int)ir_str_len(v->c, name), ir_str_ptr(v->c, name));
      }
    }
  }
}

/* ====================================================================== */
/* Dominance and isolation                                                */
/* ====================================================================== */

/* Values used in a region whose nearest isolated ancestor op is not an
 * ancestor of the definition break IsolatedFromAbove. Only called when the
 * two iso roots differ, so only on the way to an error or a nested use. */
static int isolation_ok(const Verifier *v, uint32_t use_region, uint32_t def_region) {
  const IrModule *m = v->m;
  uint32_t I = v->iso[use_region];
  uint32_t p = m->regions[I].op;
  if (!(op_traits(m, p) & IR_TR_ISOLATED)) return 1;
  /* is def_region inside I? climb def's iso roots towards the top */
  for (uint32_t r = v->iso[def_region];;) {
    if (r == I) return 1;
    uint32_t po = m->regions[r].op;
    if (m->ops[po].block == IR_NONE) return 0;
    r = v->iso[m->blocks[m->ops[po].block].region];
  }
}

static int is_graph(const IrModule *m, uint32_t region) {
  const IrOpInfo *in = info(m, m->regions[region].op);
  return !in || (in->traits & IR_TR_GRAPH_REGION);
}

/* Does value `val` properly dominate its use by op `o` (MLIR's
 * DominanceInfo::properlyDominates(Value, Operation *))? */
static int value_dominates(const Verifier *v, uint32_t val, uint32_t o) {
  const IrModule *m = v->m;
  const IrValue *vv = &m->values[val];
  uint32_t bd, d = IR_NONE;
  if (vv->kind == IR_VAL_ARG) {
    bd = vv->def;
  } else {
    d = vv->def;
    bd = m->ops[d].block;
    if (d == o) return bd != IR_NONE && is_graph(m, m->blocks[bd].region);
    if (bd == IR_NONE) return 0;  /* result of the root op */
  }
  uint32_t rd = m->blocks[bd].region;
  /* climb from the use to its ancestor in the definition's region */
  uint32_t cur = o, b = m->ops[o].block;
  while (m->blocks[b].region != rd) {
    cur = m->regions[m->blocks[b].region].op;
    b = m->ops[cur].block;
    if (b == IR_NONE) return 0;
  }
  if (b != bd) return dominates(v, bd, b);
  if (d == IR_NONE) return 1;        /* block argument, same block */
  if (d == cur) return 0;            /* the use is inside the definer */
  return d < cur || is_graph(m, rd); /* op ids follow block order */
}

/* Is region `anc` a proper ancestor of region `r`? (error path only) */
static int region_encloses(const IrModule *m, uint32_t anc, uint32_t r) {
  for (;;) {
    uint32_t b = m->ops[m->regions[r].op].block;
    if (b == IR_NONE) return 0;
    r = m->blocks[b].region;
    if (r == anc) return 1;
  }
}

/* Where the definition sits relative to the use, in Verifier.cpp's words. */
static const char *relation(const IrModule *m, uint32_t use_region, uint32_t def_region) {
  if (def_region == use_region) return "the same region";
  if (region_encloses(m, def_region, use_region)) return "a parent region";
  if (region_encloses(m, use_region, def_region)) return "a child region";
  return NULL;
}

static void note_def(Verifier *v, uint32_t o, uint32_t val) {
  const IrModule *m = v->m;
  const IrValue *vv = &m->values[val];
  uint32_t ub = m->ops[o].block, ur = m->blocks[ub].region;
  if (vv->kind == IR_VAL_RESULT) {
    uint32_t db = m->ops[vv->def].block;
    const char *rel = db == IR_NONE ? "a parent region"
                                    : relation(m, ur, m->blocks[db].region);
    if (db == ub)
      ir_diag(v->d, v->c, m->ops[vv->def].loc, IR_SEV_NOTE,
              "operand defined here (op in the same block)");
    else if (rel)
      ir_diag(v->d, v->c, m->ops[vv->def].loc, IR_SEV_NOTE,
              "operand defined here (op in %s)", rel);
    else
      ir_diag(v->d, v->c, m->ops[vv->def].loc, IR_SEV_NOTE,
              "operand defined here (op is neither in a parent nor in a child region)");
  } else {
    uint32_t db = vv->def, dr = m->blocks[db].region;
    const char *rel = relation(m, ur, dr);
    ir_diag(v->d, v->c, m->ops[m->regions[dr].op].loc, IR_SEV_NOTE,
            "operand defined as a block argument (block #%u %s%s)",
            db - m->regions[dr].blocks, rel ? "in " : "",
            rel ? rel : "neither in a parent nor in a child region");
  }
}

static void check_uses(Verifier *v, uint32_t o) {
  const IrModule *m = v->m;
  const IrOp *op = &m->ops[o];
  uint32_t ur = m->blocks[op->block].region;
  int reachable = !v->dom.unreach[op->block];
  for (uint32_t k = 0; k < op->n_operands; k++) {
    uint32_t val = m->operands[op->operands + k];
    const IrValue *vv = &m->values[val];
    /* Most operands are defined earlier in the same block (or are its
     * arguments): same region, so same isolation, and dominating. */
    uint32_t db = vv->kind == IR_VAL_ARG ? vv->def : m->ops[vv->def].block;
    if (db == op->block && (vv->kind == IR_VAL_ARG || vv->def < o)) continue;
    if (db != IR_NONE && v->iso[m->blocks[db].region] != v->iso[ur] &&
        !isolation_ok(v, ur, m->blocks[db].region)) {
      op_error(v, o, "using value defined outside the region");
      ir_diag(v->d, v->c, m->ops[m->regions[v->iso[ur]].op].loc, IR_SEV_NOTE,
              "required by region isolation constraints");
      return; /* MLIR reports the first bad operand of an op only */
    }
    if (reachable && !value_dominates(v, val, o)) {
      loc_error(v, op->loc, "operand #%u does not dominate this use", k);
      note_def(v, o, val);
      return;
    }
  }
}

/* ====================================================================== */
/* Entry point                                                            */
/* ====================================================================== */

/* Segments of one opcode known to verify (ir_verify's cache). */
typedef struct SegOk {
  uint32_t props, n_operands, ok;
} SegOk;

/* Ops whose verify hook reads nothing but the op's own counts, properties,
 * attributes and operand and result types (no other op, no block, region
 * or symbol): the hook's verdict is a function of those, so an op equal in
 * all of them to one whose hook passed passes too, and the hook is not
 * run again. These are the costly hooks of common ops, each of which looks
 * up several properties (3 MB bench slice: memref.alloc's and subview's
 * hooks alone were 5.8M of ir-dis's 129M instructions). A hook that fails
 * is never remembered, so every error is still reported by the hook. */
static const char *const pure_hook_ops[] = {
    "memref.alloc", "memref.alloca", "memref.subview",
    "memref.reinterpret_cast", "arith.constant",
};
#define N_PURE (sizeof pure_hook_ops / sizeof *pure_hook_ops)

/* What such a hook sees of an op; types[] holds the operand types, then
 * the result types. Ops with more than SIG_TYPES of them are not cached. */
#define SIG_TYPES 6
#define SIG_LOG2 8
typedef struct Sig {
  uint32_t opc1;            /* opcode + 1, 0 = empty slot */
  uint32_t props, attrs;
  uint32_t counts;          /* n_operands | n_results << 8 */
  uint32_t shape;           /* n_regions | n_succs << 16 (capped) */
  uint32_t types[SIG_TYPES];
} Sig;

/* Fill *k with op o's signature; 0 if it has too many types to cache. */
static int op_sig(const IrModule *m, uint32_t o, Sig *k) {
  const IrOp *op = &m->ops[o];
  uint32_t n = op->n_operands + op->n_results;
  if (op->n_operands > SIG_TYPES || op->n_results > SIG_TYPES || n > SIG_TYPES)
    return 0;
  memset(k, 0, sizeof *k);
  k->opc1 = (uint32_t)op->opc + 1;
  k->props = op->props;
  k->attrs = op->attrs;
  k->counts = op->n_operands | op->n_results << 8;
  k->shape = (op->n_regions < 0xffff ? op->n_regions : 0xffff) |
             (op->n_succs < 0xffff ? op->n_succs : 0xffff) << 16;
  const uint32_t *opd = m->operands + op->operands;
  for (uint32_t i = 0; i < op->n_operands; i++) k->types[i] = m->values[opd[i]].type;
  for (uint32_t i = 0; i < op->n_results; i++)
    k->types[op->n_operands + i] = m->values[op->results + i].type;
  return 1;
}

static uint32_t sig_slot(const Sig *k) {
  uint64_t h = ((uint64_t)k->opc1 << 32 | k->props) * 0x9E3779B97F4A7C15ull;
  h = (h ^ ((uint64_t)k->attrs << 32 | k->counts)) * 0xff51afd7ed558ccdull;
  uint32_t n = (k->counts & 0xff) + (k->counts >> 8);
  for (uint32_t i = 0; i < n; i++) h = (h ^ k->types[i]) * 0xc4ceb9fe1a85ec53ull;
  return (uint32_t)(h >> (64 - SIG_LOG2));
}

int ir_verify(const IrModule *m, IrDiag *d) {
  Verifier v;
  memset(&v, 0, sizeof v);
  v.m = m;
  v.c = m->ctx;
  v.d = d;
  const IrOpInfo *infos[IR_N_OPS]; /* ir_op_info by opcode, looked up once */
  uint8_t has_segs[IR_N_OPS];      /* the opcode has operandSegmentSizes */
  /* The last (props, operand count) per opcode whose segments verified:
   * ir_verify_segments depends on nothing else, and ops of one kind mostly
   * repeat their properties (3 MB bench slice: 2.3M instructions). */
  SegOk seg_ok[IR_N_OPS];
  for (uint32_t k = 0; k < IR_N_OPS; k++) {
    infos[k] = ir_op_info(k);
    has_segs[k] = ir_segment_count(k) != 0;
    seg_ok[k].ok = 0;
  }
#define INFO(o) (m->ops[o].opc < IR_N_OPS ? infos[m->ops[o].opc] : NULL)
  v.iso = ir_xmalloc((m->n_regions + 1) * sizeof *v.iso);

  /* Regions come after the region holding their op (freeze order), so one
   * forward sweep finds each region's isolation root. */
  for (uint32_t r = 0; r < m->n_regions; r++) {
    uint32_t p = m->regions[r].op;
    if (m->ops[p].block == IR_NONE || (op_traits(m, p) & IR_TR_ISOLATED))
      v.iso[r] = r;
    else
      v.iso[r] = v.iso[m->blocks[m->ops[p].block].region];
  }
  ir_dom_init(&v.dom, m);

  uint8_t *counts_ok = ir_xmalloc(m->n_ops + 1);
  for (uint32_t o = 0; o < m->n_ops; o++) {
    const IrOpInfo *in = INFO(o);
    const IrOp *op = &m->ops[o];
    counts_ok[o] = !in || !check_counts(&v, o, in);
    /* segments and region shapes are what hooks (and passes) index by;
     * the calls are skipped for the many ops that have neither (both
     * checks look at nothing else) */
    if (counts_ok[o] && in && has_segs[op->opc]) {
      SegOk *so = &seg_ok[op->opc];
      if (!so->ok || so->props != op->props || so->n_operands != op->n_operands) {
        if (ir_verify_segments(m, o, d)) {
          counts_ok[o] = 0;
          v.failed = 1;
        } else {
          so->ok = 1;
          so->props = op->props;
          so->n_operands = op->n_operands;
        }
      }
    }
    if (counts_ok[o] && in && op->n_regions && ir_verify_region_shape(m, o, d)) {
      counts_ok[o] = 0;
      v.failed = 1;
    }
    if (op->block != IR_NONE) {
      /* MLIR checks traits in order and stops at the first: a terminator
       * with wrong counts is not also told it is misplaced */
      if (counts_ok[o] && in && (in->traits & IR_TR_TERMINATOR) && !is_last(m, o))
        op_error(&v, o, "must be the last operation in the parent block");
      if (op->n_succs && !is_last(m, o))
        loc_error(&v, op->loc,
                  "operation with block successors must terminate its parent block");
      if (op->n_succs) check_succs(&v, o, in);
      check_uses(&v, o);
    }
    if (op->n_regions) check_regions(&v, o, in);
  }
  uint8_t pure[IR_N_OPS];          /* the opcode is in pure_hook_ops */
  memset(pure, 0, sizeof pure);
  for (uint32_t i = 0; i < N_PURE; i++) {
    uint32_t k = ir_op_lookup(pure_hook_ops[i], strlen(pure_hook_ops[i]));
    if (k < IR_N_OPS) pure[k] = 1;
  }
  Sig *memo = NULL;                /* passed signatures, direct mapped */
  for (uint32_t o = 0; o < m->n_ops; o++) {
    const IrOpInfo *in = INFO(o);
    if (!in || !in->verify || !counts_ok[o]) continue;
    Sig k;
    if (!pure[m->ops[o].opc] || !op_sig(m, o, &k)) {
      if (in->verify(m, o, d)) v.failed = 1;
      continue;
    }
    if (!memo) memo = ir_xcalloc((size_t)1 << SIG_LOG2, sizeof *memo);
    Sig *e = &memo[sig_slot(&k)];
    if (!memcmp(e, &k, sizeof k)) continue;
    if (in->verify(m, o, d)) v.failed = 1;
    else *e = k;
  }

  free(memo);
  free(counts_ok);
  ir_dom_free(&v.dom);
  free(v.iso);
  return v.failed ? -1 : 0;
#undef INFO
}
