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
 * Messages are MLIR's words. A first pass only decides, as fast as it can;
 * a module it rejects is walked again in MLIR's order (report), which
 * reports what mlir-opt-22 does: the first problem of each function (each
 * isolated-from-above op). An op whose counts are wrong does not get its
 * hook run, since hooks may index operands by position.
 *
 * The module must have passed ir_module_check (freeze and the bytecode
 * reader guarantee it); the verifier trusts the layout, not the semantics.
 */
#include <pthread.h>
#include <stdlib.h>

#include "irint.h"

/* What the values of block db are to the uses in block ub (def_block_ok):
 * the arguments and ops [.., cur) of db dominate them. ub == IR_NONE:
 * empty slot. */
typedef struct DefHit {
  uint32_t ub, db, cur;
} DefHit;
#define N_DH 16

/* What the verifier asks about an opcode, looked up once per process. */
typedef struct OpcFacts {
  _Alignas(64) const IrOpInfo *in;  /* NULL: unregistered; 64-byte entries
                                       index with a shift */
  int (*verify)(const IrModule *m, uint32_t op, IrDiag *d);
  int (*vregions)(const IrModule *m, uint32_t op, IrDiag *d); /* verify_regions */
  uint32_t traits;
  /* counts in check_counts' order (regions, results, successors,
   * operands): the least, and how many more may come */
  uint32_t lo[4], span[4];
  uint8_t has_segs;         /* operandSegmentSizes */
  uint8_t has_shape;        /* a region rule (ir_verify_region_shape) */
  uint8_t pure;             /* in pure_hook_ops */
} OpcFacts;

typedef struct SegOk SegOk;
typedef struct SigMemo SigMemo;

typedef struct Verifier {
  const IrModule *m;
  const IrCtx *c;
  IrDiag *d;
  int failed;
  IrDom dom;                /* dominator trees of the multi-block regions
                               asked about (dom_of); unopened until then */
  uint32_t *iso;            /* per region: the region whose parent op is the
                               nearest isolated-from-above op (or top) */
  DefHit dh[N_DH];          /* def_block_ok's, direct mapped by db */
  /* The enclosing blocks of block anc_for, up to its isolation root
   * (mark_ancestors): anc_mark[x] == anc_for says block x holds, at op
   * anc_op[x], an ancestor of anc_for's ops. Both by block. */
  uint32_t *anc_mark, *anc_op;
  uint32_t anc_for;
  const OpcFacts *facts;    /* by facts_index (the static opc_facts) */
  /* the block whose ops are being checked */
  uint32_t blk, blk_first, blk_last, blk_region;
  int blk_reach;            /* -1 until blk_reachable asks */
  uint32_t open_ends;       /* blocks that need a terminator and are empty
                               or end in a registered non-terminator: what
                               check_regions reports */
  SegOk *seg_ok;            /* segments known to verify (seg_slot) */
  SigMemo *memo;            /* pure hooks' passed signatures */
  IrDiag *quiet;            /* the hooks' sink in the first walk */
  uint32_t hooks_from;      /* where the second walk starts (IR_NONE) */
  /* The detect-only first pass (ir_verify): iso is filled in as the walk
   * enters each op's regions (IR_NONE until then), and term_free[r] says
   * region r may end a block without a terminator. */
  int fast;
  uint8_t *term_free;
} Verifier;

/* ====================================================================== */
/* Reporting                                                              */
/* ====================================================================== */

/* An opcode's entry in opc_facts: its low byte. A module's opcodes are
 * registered ones or IR_OP_UNKNOWN (ir_module_check), whose low byte is
 * past the registered ones, like every entry that holds the facts of
 * unregistered ops; no clamp per op (3 instructions of ~100 per op). */
#define N_FACTS 256
_Static_assert(IR_N_OPS < N_FACTS && (IR_OP_UNKNOWN & (N_FACTS - 1)) >= IR_N_OPS,
               "opc_facts is indexed by an opcode's low byte");
static uint32_t facts_index(uint32_t opc) { return opc & (N_FACTS - 1); }

static const OpcFacts *facts_of(const Verifier *v, uint32_t op) {
  return &v->facts[facts_index(v->m->ops[op].opc)];
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

/* MLIR's "block with no terminator, has <op>", the op printed as
 * Diagnostic::appendOp prints it: on lines of its own when it has
 * regions. Printed only when the report is. */
static void no_terminator(Verifier *v, uint32_t last) {
  const IrOp *o = &v->m->ops[last];
  char *text = v->d && v->d->out ? ir_print_op_diag(v->m, last) : NULL;
  if (text)
    loc_error(v, o->loc, "block with no terminator, has %s%s",
              strchr(text, '\n') ? "\n" : "", text);
  else
    loc_error(v, o->loc, "block with no terminator, has \"%.*s\"",
              (int)ir_str_len(v->c, o->name), ir_str_ptr(v->c, o->name));
  free(text);
}

/* ====================================================================== */
/* Dominance (dom.c)                                                      */
/* ====================================================================== */

/* The dominator tree of region r (two or more blocks), built when first
 * asked for. Most multi-block regions never are: uses in the defining
 * block and uses of enclosing blocks' values need none (c.irb: building
 * every tree up front was ~13% of the first pass's samples, a cache miss
 * per block for its last op, and ~1.8 MB of arrays cleared). */
static const IrDom *dom_of(Verifier *v, uint32_t r) {
  if (!v->dom.pre) ir_dom_open(&v->dom, v->m);
  if (!v->dom.built[r]) ir_dom_build(&v->dom, v->m, r);
  return &v->dom;
}

/* Does block a dominate block b, both of region r? The entry block
 * dominates every block (the unreachable ones too, LLVM's rule) without a
 * tree: most cross-block uses are of the entry block's values. */
static int dominates(Verifier *v, uint32_t r, uint32_t a, uint32_t b) {
  return a == v->m->regions[r].blocks || ir_dom_dominates(dom_of(v, r), a, b);
}

/* Is the block being checked reachable from its region's entry? Asked
 * only by operands that the same-block and enclosing-block tests leave. */
static int blk_reachable(Verifier *v) {
  if (v->blk_reach < 0) {
    uint32_t r = v->blk_region;
    v->blk_reach = v->m->regions[r].n_blocks < 2 || !dom_of(v, r)->unreach[v->blk];
  }
  return v->blk_reach;
}

/* ====================================================================== */
/* Structure                                                              */
/* ====================================================================== */

static const char *plural(int n) { return n == 1 ? "" : "s"; }

/* Counts in ODS's order (regions, results, successors, operands) and
 * words (OpDefinition.cpp). A negative count n means "at least -1 - n".
 * Returns 0 if all match. */
__attribute__((noinline)) static int check_counts(Verifier *v, uint32_t op, const IrOpInfo *in) {
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

/* Successor k of branch op `op` against its block's arguments
 * (BranchOpInterface's verifier): reports and returns 1 if they differ. */
static int succ_args_bad(Verifier *v, uint32_t op, uint32_t k) {
  const IrModule *m = v->m;
  const IrOp *o = &m->ops[op];
  const IrSucc *s = &m->succs[o->succs + k];
  const IrBlock *t = &m->blocks[s->block];
  if (s->n_operands != t->n_args) {
    loc_error(v, o->loc, "branch has %u operands for successor #%u, but target block has %u",
              s->n_operands, k, t->n_args);
    return 1;
  }
  for (uint32_t i = 0; i < t->n_args; i++)
    if (m->values[m->operands[s->operands + i]].type != m->values[t->args + i].type) {
      loc_error(v, o->loc, "type mismatch for bb argument #%u of successor #%u", i, k);
      return 1;
    }
  return 0;
}

__attribute__((noinline)) static void check_succs(Verifier *v, uint32_t op, const IrOpInfo *in) {
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
    if (in && (in->traits & IR_TR_BRANCH)) succ_args_bad(v, op, k);
  }
}

/* Verifier.cpp's mayBeValidWithoutTerminator: region r of an op (info
 * in, NULL if unregistered) needs no terminator. */
static int may_skip_terminator(const IrOpInfo *in, const IrRegion *r) {
  return r->n_blocks == 1 && (!in || (in->traits & IR_TR_NO_TERMINATOR));
}

/* Does the block lack the terminator its region needs: is it empty, or
 * does it end in a registered op that is not a terminator? */
static inline int lacks_terminator(const Verifier *v, const IrBlock *blk) {
  if (!blk->n_ops) return 1;
  const OpcFacts *F = facts_of(v, blk->ops + blk->n_ops - 1);
  return F->in && !(F->traits & IR_TR_TERMINATOR);
}

/* Terminator rules of the blocks of op p's regions (Verifier.cpp's
 * mayBeValidWithoutTerminator and verifyOnExit). Only called when p has
 * graph regions or some block of the module has no terminator to find
 * (v->open_ends): a valid module skips the walk over its blocks. */
__attribute__((noinline)) static void check_regions(Verifier *v, uint32_t p, const IrOpInfo *in) {
  const IrModule *m = v->m;
  const IrOp *o = &m->ops[p];
  for (uint32_t i = 0; i < o->n_regions; i++) {
    const IrRegion *r = &m->regions[o->regions + i];
    if (in && (in->traits & IR_TR_GRAPH_REGION) && r->n_blocks > 1)
      op_error(v, p, "expects graph region #%u to have 0 or 1 blocks", i);
    if (may_skip_terminator(in, r)) continue;
    for (uint32_t b = r->blocks; b < r->blocks + r->n_blocks; b++) {
      const IrBlock *blk = &m->blocks[b];
      if (!lacks_terminator(v, blk)) continue;
      if (!blk->n_ops) {
        loc_error(v, o->loc, "empty block: expect at least a terminator");
        continue;
      }
      no_terminator(v, blk->ops + blk->n_ops - 1);
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
  if (!(facts_of(v, p)->traits & IR_TR_ISOLATED)) return 1;
  /* is def_region inside I? climb def's iso roots towards the top (a
   * region the first pass has not entered yet has none: report it, and
   * the second pass decides) */
  for (uint32_t r = v->iso[def_region];;) {
    if (r == I) return 1;
    if (r == IR_NONE) return 0;
    uint32_t po = m->regions[r].op;
    if (m->ops[po].block == IR_NONE) return 0;
    r = v->iso[m->blocks[m->ops[po].block].region];
  }
}

static int is_graph(const Verifier *v, uint32_t region) {
  const OpcFacts *F = facts_of(v, v->m->regions[region].op);
  return !F->in || (F->traits & IR_TR_GRAPH_REGION);
}

/* The ancestor of the ops of block `ub` in region rd: the op `*cur` in
 * block `*b` of rd; 0 if rd does not enclose ub. */
static int ancestor_in(const IrModule *m, uint32_t ub, uint32_t rd,
                       uint32_t *cur, uint32_t *b) {
  uint32_t c = IR_NONE, x = ub;
  while (m->blocks[x].region != rd) {
    c = m->regions[m->blocks[x].region].op;
    x = m->ops[c].block;
    if (x == IR_NONE) break;
  }
  *cur = c;
  *b = x;
  return x != IR_NONE;
}

/* Does value `val` properly dominate its use by op `o` (MLIR's
 * DominanceInfo::properlyDominates(Value, Operation *))? */
static int value_dominates(Verifier *v, uint32_t val, uint32_t o) {
  const IrModule *m = v->m;
  const IrValue *vv = &m->values[val];
  uint32_t bd, d = IR_NONE;
  if (vv->kind == IR_VAL_ARG) {
    bd = vv->def;
  } else {
    d = vv->def;
    bd = m->ops[d].block;
    if (d == o) return bd != IR_NONE && is_graph(v, m->blocks[bd].region);
    if (bd == IR_NONE) return 0;  /* result of the root op */
  }
  uint32_t rd = m->blocks[bd].region;
  /* the use's ancestor in the definition's region */
  uint32_t cur = o, b = m->ops[o].block;
  if (m->blocks[b].region != rd && !ancestor_in(m, b, rd, &cur, &b)) return 0;
  if (b != bd) return dominates(v, rd, bd, b);
  if (d == IR_NONE) return 1;        /* block argument, same block */
  if (d == cur) return 0;            /* the use is inside the definer */
  return d < cur || is_graph(v, rd); /* op ids follow block order */
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

/* Remember what the values of block db are to the uses in block ub, after
 * one of them passed check_use there (so db's region is visible from ub):
 * all of them dominate every op of ub when db properly dominates ub's
 * ancestor in db's region (or ub is unreachable, where MLIR checks no
 * dominance); when that ancestor op is in db, db's arguments and its ops
 * before the ancestor do. Anything else is not remembered. */
static void def_block_ok(Verifier *v, uint32_t ub, uint32_t db) {
  const IrModule *m = v->m;
  uint32_t rd = m->blocks[db].region, cur = IR_NONE, b = ub;
  if (blk_reachable(v)) {
    if (m->blocks[ub].region != rd && !ancestor_in(m, ub, rd, &cur, &b)) return;
    if (b != db) {
      if (!dominates(v, rd, db, b)) return;
      cur = IR_NONE;
    }
  }
  DefHit *h = &v->dh[db & (N_DH - 1)];
  h->ub = ub;
  h->db = db;
  h->cur = cur;   /* IR_NONE: every op of db (op ids are below IR_NONE) */
}

/* Operand k of op o (in region ur) is not settled by the caller's
 * same-block test: isolation, then dominance. Returns 0 if it is fine,
 * else reports it (MLIR reports the first bad operand of an op only). */
static int check_use(Verifier *v, uint32_t o, uint32_t ur, int reachable,
                     uint32_t k) {
  const IrModule *m = v->m;
  const IrOp *op = &m->ops[o];
  uint32_t val = m->operands[op->operands + k];
  const IrValue *vv = &m->values[val];
  uint32_t db = vv->kind == IR_VAL_ARG ? vv->def : m->ops[vv->def].block;
  if (db != IR_NONE && v->iso[m->blocks[db].region] != v->iso[ur] &&
      !isolation_ok(v, ur, m->blocks[db].region)) {
    op_error(v, o, "using value defined outside the region");
    ir_diag(v->d, v->c, m->ops[m->regions[v->iso[ur]].op].loc, IR_SEV_NOTE,
            "required by region isolation constraints");
    return -1;
  }
  if (reachable && !value_dominates(v, val, o)) {
    loc_error(v, op->loc, "operand #%u does not dominate this use", k);
    note_def(v, o, val);
    return -1;
  }
  return 0;
}

/* ====================================================================== */
/* Entry point                                                            */
/* ====================================================================== */

/* Segments known to verify (ir_verify's cache): ir_verify_segments
 * depends on the opcode, properties and operand count only. Direct mapped
 * by properties and opcode (seg_slot); opc1 is the opcode + 1, 0 empty. */
#define SEG_LOG2 6
struct SegOk {
  uint32_t opc1, props, n_operands;
};

static SegOk *seg_slot(SegOk *seg_ok, const IrOp *op) {
  uint32_t h = op->props * 0x9E3779B1u ^ op->opc * 0x85EBCA77u;
  return &seg_ok[h >> (32 - SEG_LOG2)];
}

/* Ops whose verify hook reads nothing but the op's own counts, properties,
 * attributes and operand and result types (no other op, no block, region
 * or symbol): the hook's verdict is a function of those, so an op equal in
 * all of them to one whose hook passed passes too, and the hook is not
 * run again. These are the costly hooks of common ops, each of which looks
 * up several properties (3 MB bench slice: memref.alloc's and subview's
 * hooks alone were 5.8M of ir-dis's 129M instructions). A hook that fails
 * is never remembered, so every error is still reported by the hook. */
static const char *const pure_hook_ops[] = {
    "memref.alloc", "memref.subview",
    "memref.reinterpret_cast", "arith.constant",
};
#define N_PURE (sizeof pure_hook_ops / sizeof *pure_hook_ops)

/* What such a hook sees of an op; types[] holds the operand types, then
 * the result types. Ops with more than SIG_TYPES of them are not cached.
 * Region and successor counts are not part of it: the hook only runs on
 * an op whose counts fit, and the ops above have none of either. */
#define SIG_TYPES 6
#define SIG_LOG2 8
typedef struct Sig {
  uint32_t key;             /* sig_key: opcode and counts */
  uint32_t props, attrs;
  uint32_t types[SIG_TYPES];
} Sig;

/* The passed signatures, direct mapped. An empty slot has the key of
 * opcode IR_N_OPS, which no op has. */
struct SigMemo {
  Sig slot[1 << SIG_LOG2];
};

static uint32_t sig_key(uint32_t opc, uint32_t no, uint32_t nr) {
  return opc | (no | nr << 4) << 16;
}

/* The slot for op's signature (NULL if it is too long to cache), picked
 * by its properties, attributes, first operand and first result type:
 * for the ops above, what tells them apart. (Hashing without the operand
 * type missed 2984 times instead of 2400 on m.irb, and a miss runs a hook
 * of 150 to 1600 instructions: 0.8M more in dd-own.) */
static inline Sig *sig_slot(SigMemo *memo, const IrModule *m, const IrOp *op) {
  uint32_t no = op->n_operands, nr = op->n_results;
  if (no + nr > SIG_TYPES || no > SIG_TYPES) return NULL;
  const IrValue *vals = m->values;
  uint32_t t0 = nr ? vals[op->results].type : 0;
  uint32_t t1 = no ? vals[m->operands[op->operands]].type : 0;
  uint32_t h = op->props * 0x9E3779B1u ^ op->attrs * 0x85EBCA77u ^
               t0 * 0xC2B2AE3Du ^ t1 * 0x165667B1u ^
               sig_key(op->opc, no, nr) * 0x27D4EB2Fu;
  return &memo->slot[h >> (32 - SIG_LOG2)];
}

/* Does slot e hold op's signature? */
static inline int sig_equal(const Sig *e, const IrModule *m, const IrOp *op) {
  uint32_t no = op->n_operands, nr = op->n_results;
  if (e->key != sig_key(op->opc, no, nr) || e->props != op->props ||
      e->attrs != op->attrs)
    return 0;
  const IrValue *vals = m->values;
  const uint32_t *opd = m->operands + op->operands;
  for (uint32_t i = 0; i < no; i++)
    if (e->types[i] != vals[opd[i]].type) return 0;
  for (uint32_t i = 0; i < nr; i++)
    if (e->types[no + i] != vals[op->results + i].type) return 0;
  return 1;
}

/* Did op's pure hook pass on an op of the same signature? (compared in
 * place: hashing every type of a signature built in a buffer cost as
 * much as most hooks) */
static inline int pure_hook_passed(SigMemo *memo, const IrModule *m, const IrOp *op) {
  const Sig *e = sig_slot(memo, m, op);
  return e && sig_equal(e, m, op);
}

/* Run op o's pure verify hook and remember its signature if it passes. */
__attribute__((noinline)) static int run_pure_hook_now(SigMemo *memo, const IrModule *m,
                                                       uint32_t o, const OpcFacts *F,
                                                       IrDiag *d) {
  if (F->verify(m, o, d)) return -1;
  const IrOp *op = &m->ops[o];
  Sig *e = sig_slot(memo, m, op);
  if (!e) return 0;
  uint32_t no = op->n_operands, nr = op->n_results;
  e->key = sig_key(op->opc, no, nr);
  e->props = op->props;
  e->attrs = op->attrs;
  for (uint32_t i = 0; i < no; i++) e->types[i] = m->values[m->operands[op->operands + i]].type;
  for (uint32_t i = 0; i < nr; i++) e->types[no + i] = m->values[op->results + i].type;
  return 0;
}

/* Run op o's pure verify hook, unless it already passed on an op of the
 * same signature. */
static int run_pure_hook(SigMemo *memo, const IrModule *m, uint32_t o,
                         const OpcFacts *F, IrDiag *d) {
  if (pure_hook_passed(memo, m, &m->ops[o])) return 0;
  return run_pure_hook_now(memo, m, o, F, d);
}

/* Do op's counts fit its opcode's (check_counts says how they do not)? */
static int counts_fit(const OpcFacts *F, const IrOp *op) {
  return op->n_regions - F->lo[0] <= F->span[0] &&
         op->n_results - F->lo[1] <= F->span[1] &&
         op->n_succs - F->lo[2] <= F->span[2] &&
         op->n_operands - F->lo[3] <= F->span[3];
}

/* Do op o's segments verify (ir_verify_segments, reported)? The caller
 * has looked in v->seg_ok. */
__attribute__((noinline)) static int segments_ok(Verifier *v, uint32_t o) {
  const IrOp *op = &v->m->ops[o];
  SegOk *so = seg_slot(v->seg_ok, op);
  if (ir_verify_segments(v->m, o, v->d)) {
    v->failed = 1;
    return 0;
  }
  so->opc1 = op->opc + 1u;
  so->props = op->props;
  so->n_operands = op->n_operands;
  return 1;
}

/* Do op o's region shapes verify (ir_verify_region_shape, reported)? */
__attribute__((noinline)) static int shape_ok(Verifier *v, uint32_t o) {
  if (!ir_verify_region_shape(v->m, o, v->d)) return 1;
  v->failed = 1;
  return 0;
}

/* Mark the blocks that enclose block b in the same isolation root, with
 * the op of each that holds b: a value of such a block that is a block
 * argument or a result of an earlier op dominates every op of b (MLIR's
 * properlyDominates finds that op as the use's ancestor, whatever the
 * regions' shapes). Climbs once per block that uses an outer value (mixed
 * corpus, m.irb: 14.8K far_operand calls at 113 instructions, most of
 * them for uses in scf bodies of values from above). */
__attribute__((noinline)) static void mark_ancestors(Verifier *v, uint32_t b) {
  const IrModule *m = v->m;
  v->anc_for = b;
  const uint32_t *iso = v->iso;
  for (uint32_t x = b;;) {
    uint32_t r = m->blocks[x].region;
    if (iso[r] == r) return;     /* its op is isolated, or the top op */
    uint32_t p = m->regions[r].op;
    x = m->ops[p].block;
    v->anc_mark[x] = b;
    v->anc_op[x] = p;
  }
}

/* Operand k of op o, defined in block db, is neither defined earlier in
 * o's block nor settled by def_block_ok for it: is it visible and
 * dominating? Returns -1 if it was reported. A legal use of a value of an
 * enclosing block (same isolation root) is settled here with one climb of
 * the region tree; anything else (errors, graph regions) takes
 * check_use's long way. Whether o's block is reachable is not asked here
 * (it needs the region's tree): an unreachable block accepts every use
 * that passes isolation, so what this accepts it would accept too. */
__attribute__((noinline)) static int far_operand(Verifier *v, uint32_t o,
                                                 uint32_t k, uint32_t db) {
  const IrModule *m = v->m;
  uint32_t b = m->ops[o].block;
  if (db != IR_NONE && db != b) {
    const IrValue *vv = &m->values[m->operands[m->ops[o].operands + k]];
    uint32_t rd = m->blocks[db].region, cur, ab;
    if (v->iso[rd] == v->iso[v->blk_region] && ancestor_in(m, b, rd, &cur, &ab)) {
      /* db's values before cur dominate b's ops; all of them when db
       * dominates b's ancestor block in another block of their region */
      int ok = ab == db ? vv->kind == IR_VAL_ARG || vv->def < cur
                        : dominates(v, rd, db, ab);
      if (ab != db) cur = IR_NONE;
      if (ok) {
        DefHit *h = &v->dh[db & (N_DH - 1)];
        h->ub = b;
        h->db = db;
        h->cur = cur;
        return 0;
      }
    }
  }
  if (check_use(v, o, v->blk_region, blk_reachable(v), k)) return -1;
  if (db != IR_NONE && db != b) def_block_ok(v, b, db);
  return 0;
}

/* The structural rules for op o (rules 1 to 3), in the order MLIR reports
 * them; for an op in a block, v->blk describes the block. Returns whether
 * the op's counts, segments and region shapes are sound, which its hook
 * needs. The common case stays in this loop body; the rest is in
 * functions kept out of line, so the loop's values stay in registers. */
static int check_op(Verifier *v, const IrModule *m, const IrOp *op, uint32_t o,
                    const OpcFacts *F) {
  /* unregistered ops have lo 0 and span UINT32_MAX: they always fit */
  int ok = counts_fit(F, op) || !check_counts(v, o, F->in);
  /* segments and region shapes are what hooks (and passes) index by */
  if (ok && F->has_segs) {
    const SegOk *so = seg_slot(v->seg_ok, op);
    /* a branch's segments are checked against its successors' ranges
     * (ir_verify_segments), which the memo's key leaves out */
    if (so->opc1 != op->opc + 1u || so->props != op->props ||
        so->n_operands != op->n_operands || op->n_succs)
      ok = segments_ok(v, o);
  }
  if (ok && F->has_shape && op->n_regions) ok = shape_ok(v, o);
  if (op->block != IR_NONE) {
    /* MLIR checks traits in order and stops at the first: a terminator
     * with wrong counts is not also told it is misplaced */
    if (ok && (F->traits & IR_TR_TERMINATOR) && o != v->blk_last)
      op_error(v, o, "must be the last operation in the parent block");
    if (op->n_succs) {
      if (o != v->blk_last)
        loc_error(v, op->loc,
                  "operation with block successors must terminate its parent block");
      check_succs(v, o, F->in);
    }
    /* Most operands are defined earlier in the same block (ops [first, o))
     * or are its arguments: same region, so same isolation, and dominating.
     * Next come values of the blocks that enclose it (mark_ancestors),
     * then those of blocks that def_block_ok has settled for this block.
     * The rest are far_operand's. */
    const uint32_t *opd = m->operands + op->operands;
    const IrValue *vals = m->values;
    uint32_t b = op->block, first = v->blk_first, before = o - first;
    for (uint32_t k = 0, n = op->n_operands; k < n; k++) {
      const IrValue *vv = &vals[opd[k]];
      int arg = vv->kind == IR_VAL_ARG;
      if (arg ? vv->def == b : vv->def - first < before) continue;
      uint32_t db = arg ? vv->def : m->ops[vv->def].block;
      if (v->anc_for != b) mark_ancestors(v, b);
      if (db != IR_NONE && v->anc_mark[db] == b && (arg || vv->def < v->anc_op[db]))
        continue;
      const DefHit *h = &v->dh[db & (N_DH - 1)];
      if (h->ub == b && h->db == db && (arg || vv->def < h->cur)) continue;
      if (far_operand(v, o, k, db)) break;
    }
  }
  if (op->n_regions && (v->open_ends || (F->traits & IR_TR_GRAPH_REGION)))
    check_regions(v, o, F->in);
  return ok;
}

/* The first pass's share of ir_verify's region sweep, done as the walk
 * reaches op o (in the block v->blk describes, if any), whose regions'
 * ops all come later: their isolation roots and terminator rules. */
static void enter_regions(Verifier *v, const IrOp *op, const OpcFacts *F) {
  const IrRegion *rg = v->m->regions;
  uint32_t root = op->block == IR_NONE ? IR_NONE : v->iso[v->blk_region];
  for (uint32_t r = op->regions, e = r + op->n_regions; r < e; r++) {
    v->iso[r] = root == IR_NONE || (F->traits & IR_TR_ISOLATED) ? r : root;
    v->term_free[r] = (uint8_t)may_skip_terminator(F->in, &rg[r]);
  }
}

/* An op's verify hook, then its verify_regions (in every walk but the
 * reporting one, where the second waits for the op's exit). */
static int op_hooks(const OpcFacts *F, const IrModule *m, uint32_t o, IrDiag *d) {
  if (F->verify(m, o, d)) return -1;
  return F->vregions ? F->vregions(m, o, d) : 0;
}

/* Op o's verify hooks (rule 4), into sink d. */
static int run_hook(Verifier *v, uint32_t o, const OpcFacts *F, IrDiag *d) {
  return F->pure ? run_pure_hook(v->memo, v->m, o, F, d) : op_hooks(F, v->m, o, d);
}

/* (fast) A block lacks the terminator it needs: check_regions, which the
 * second pass runs, reports it. */
static void open_end(Verifier *v) { v->failed = 1; }

/* Rules 1 to 4 for every op, in id order: op 0, then the ops of the
 * blocks in block order, whose ranges follow each other (ir_module_check).
 * The hooks run while nothing has failed, into the silent sink; from the
 * first failure on, structural errors must all come before the hooks'
 * (MLIR's order), so from that op the hooks wait for ir_verify's second
 * walk, which repeats a failed hook aloud. */
static void walk_ops(Verifier *v) {
  const IrModule *m = v->m;
  const IrOp *ops = m->ops;
  const OpcFacts *facts = v->facts;
  const int fast = v->fast;
  int needs_term = 0;              /* (fast) the block needs a terminator */
  v->blk_last = 0;                 /* op 0 is in no block */
  uint32_t nb = 0;
  for (uint32_t o = 0, last = 0;; o++) {
    if (o > last) {                /* the next block with ops starts at o */
      if (o >= m->n_ops) break;
      for (; !m->blocks[nb].n_ops; nb++)
        if (fast && !v->term_free[m->blocks[nb].region]) { open_end(v); return; }
      const IrBlock *blk = &m->blocks[nb];
      v->blk_first = blk->ops;
      v->blk_last = last = blk->ops + blk->n_ops - 1;
      v->blk_region = blk->region;
      v->blk = nb;
      v->blk_reach = -1;
      if (fast) needs_term = !v->term_free[blk->region];
      nb++;
    }
    const IrOp *op = &ops[o];
    const OpcFacts *F = &facts[facts_index(op->opc)];
    if (fast && op->n_regions) enter_regions(v, op, F);
    int ok = check_op(v, m, op, o, F);
    if (fast) {
      if (v->failed) return;
      if (o == last && needs_term && F->in && !(F->traits & IR_TR_TERMINATOR))
        { open_end(v); return; }
    }
    if (!F->verify) continue;
    if (v->failed) {              /* a rule or a hook has failed */
      if (v->hooks_from == IR_NONE) v->hooks_from = o;
      continue;
    }
    /* a pure hook's memo is looked up here, not behind a call (mixed
     * corpus: 26.7K of m.irb's 82K ops, 24K of them hits) */
    if (!ok || (F->pure && pure_hook_passed(v->memo, m, op))) continue;
    if (F->pure ? run_pure_hook_now(v->memo, m, o, F, v->quiet)
                : op_hooks(F, m, o, v->quiet)) {
      v->hooks_from = o;          /* the second walk repeats it aloud */
      v->failed = 1;
      if (fast) return;
    }
  }
  /* the blocks after the last op's are empty */
  for (; fast && nb < m->n_blocks; nb++)
    if (!v->term_free[m->blocks[nb].region]) { open_end(v); return; }
}

/* check_op's verdict again, silently (the second walk's). */
static int op_sound(Verifier *v, uint32_t o, const OpcFacts *F) {
  const IrOp *op = &v->m->ops[o];
  if (!counts_fit(F, op)) return 0;
  if (F->has_segs && ir_verify_segments(v->m, o, v->quiet)) return 0;
  return !(F->has_shape && op->n_regions && ir_verify_region_shape(v->m, o, v->quiet));
}

/* What the loop asks about each opcode, looked up once per process; the
 * entries from IR_N_OPS on stand for every unregistered op. */
static OpcFacts opc_facts[N_FACTS];
static pthread_once_t facts_once = PTHREAD_ONCE_INIT;

static void init_facts(void) {
  for (uint32_t k = 0; k < IR_N_OPS; k++) {
    OpcFacts *F = &opc_facts[k];
    const IrOpInfo *in = F->in = ir_op_info(k);
    F->verify = in->verify;
    F->vregions = in->verify_regions;
    F->traits = in->traits;
    F->has_segs = ir_segment_count(k) != 0;
    F->has_shape = ir_has_region_rule(k);
    int n[4] = {in->n_regions, in->n_results, in->n_succs, in->n_operands};
    for (int i = 0; i < 4; i++) {
      F->lo[i] = n[i] >= 0 ? (uint32_t)n[i] : (uint32_t)(-1 - n[i]);
      F->span[i] = n[i] >= 0 ? 0 : UINT32_MAX - F->lo[i];
    }
  }
  for (uint32_t k = IR_N_OPS; k < N_FACTS; k++) {
    OpcFacts *U = &opc_facts[k];        /* unregistered: any counts */
    memset(U, 0, sizeof *U);
    for (int i = 0; i < 4; i++) U->span[i] = UINT32_MAX;
  }
  for (uint32_t i = 0; i < N_PURE; i++) {
    uint32_t k = ir_op_lookup(pure_hook_ops[i], strlen(pure_hook_ops[i]));
    if (k < IR_N_OPS) opc_facts[k].pure = 1;
  }
}

/* ====================================================================== */
/* Reporting in MLIR's order                                              */
/* ====================================================================== */

/* A module the first pass rejects is walked again the way MLIR's
 * OperationVerifier walks it, and gets the diagnostics mlir-opt-22 gives:
 * the first problem of each isolated-from-above op (a unit) and nothing
 * after it in that unit. A unit's walk enters an op (counts, segments,
 * region shapes, terminator placement, branch operands, the verify hook,
 * entry blocks without predecessors), then each block of
 * its regions (a terminator where one is needed, successors only at the
 * end), the block's ops, the block again (no branch to another region, a
 * terminator last), then leaves the op: every unit nested in its regions
 * is verified there, any failing one failing this unit; then the edges
 * from its regions' terminators, isolation and its symbol table. Only a
 * unit whose walk passed has its dominance checked, in MLIR's order (a
 * stack of ops, the last pushed first). A hook that reports on the op's
 * parent (a terminator's region-edge checks, ir_syntax_op_error's subject)
 * counts at the parent's exit. (MLIR's verifyRegions checks that our
 * hooks of ops with regions make count at the op's entry.) */

static int rep_unit(Verifier *v, uint32_t root);

/* Op x's hook, silently: IR_NONE if it passes, else the op it blamed (x
 * when it did not say). A hook that fails without a word leaves it to
 * another of the parent's (a yield after a wrong yield of an earlier
 * region): the parent's edges are at fault. */
static uint32_t hook_blames(Verifier *v, uint32_t x, const OpcFacts *F) {
  IrDiag q;
  ir_diag_init(&q, NULL);
  if (!F->verify(v->m, x, &q)) return IR_NONE;
  if (!q.n_errors) {
    uint32_t p = ir_op_parent(v->m, x);
    return p == IR_NONE ? x : p;
  }
  return q.subject == IR_NONE ? x : q.subject;
}

/* Does op x's hook refuse its parent or an operand's or result's type? The
 * terminators with a parent rule list it (HasParent, ParentOneOf) before
 * Terminator in ODS, and ODS checks its type constraints before the
 * traits, so those errors come before "must be the last operation": told
 * by their words. */
static int hook_wants_parent(Verifier *v, uint32_t x, const OpcFacts *F) {
  char *text = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&text, &n);
  if (!f) return 0;
  IrDiag q;
  ir_diag_init(&q, f);
  int bad = F->verify(v->m, x, &q) != 0;
  fclose(f);
  int parent = bad && text && (strstr(text, " op expects parent op ") ||
                               strstr(text, " op operand #") || strstr(text, " op result #"));
  free(text);
  return parent;
}

/* Does a block of region rg branch to its entry block? */
static int entry_has_preds(const IrModule *m, const IrRegion *rg) {
  for (uint32_t b = rg->blocks; b < rg->blocks + rg->n_blocks; b++)
    for (uint32_t o = m->blocks[b].ops; o < m->blocks[b].ops + m->blocks[b].n_ops; o++)
      for (uint32_t k = 0; k < m->ops[o].n_succs; k++)
        if (m->succs[m->ops[o].succs + k].block == rg->blocks) return 1;
  return 0;
}

/* A branch's operands against its successors' arguments, up to the
 * first that differ. */
static int rep_branch(Verifier *v, uint32_t x, const IrOpInfo *in) {
  if (!in || !(in->traits & IR_TR_BRANCH)) return 0;
  for (uint32_t k = 0; k < v->m->ops[x].n_succs; k++)
    if (succ_args_bad(v, x, k)) return -1;
  return 0;
}

static int rep_enter_op(Verifier *v, uint32_t x, const OpcFacts *F) {
  const IrModule *m = v->m;
  const IrOp *op = &m->ops[x];
  if (!counts_fit(F, op)) return check_counts(v, x, F->in);
  if (F->has_segs && ir_verify_segments(m, x, v->d)) return -1;
  if (F->has_shape && op->n_regions && ir_verify_region_entry(m, x, v->d)) return -1;
  if (op->block != IR_NONE) {
    const IrBlock *b = &m->blocks[op->block];
    if ((F->traits & IR_TR_TERMINATOR) && x != b->ops + b->n_ops - 1) {
      if (F->verify && hook_wants_parent(v, x, F)) F->verify(m, x, v->d);
      else op_error(v, x, "must be the last operation in the parent block");
      return -1;
    }
    if (rep_branch(v, x, F->in)) return -1;
  }
  /* memref.get_global's lookup is a symbol use, which its table checks
   * (ir_verify_symtab): here only its own attribute */
  if (F->verify && !(op->opc == IR_OP_GET_GLOBAL && ir_op_prop_lit(m, x, "name"))) {
    uint32_t who = hook_blames(v, x, F);
    if (who != IR_NONE && who != ir_op_parent(m, x)) {
      F->verify(m, x, v->d);
      return -1;
    }
  }
  /* (a graph region of two blocks: the one op with graph regions,
   * builtin.module, is SingleBlock, which its region shape checks) */
  for (uint32_t i = 0; i < op->n_regions; i++) {
    const IrRegion *rg = &m->regions[op->regions + i];
    if (rg->n_blocks && entry_has_preds(m, rg)) {
      loc_error(v, op->loc, "entry block of region may not have predecessors");
      return -1;
    }
  }
  return 0;
}

/* Block b of op p (facts PF) on entry. */
static int rep_enter_block(Verifier *v, uint32_t b, uint32_t p, const OpcFacts *PF) {
  const IrModule *m = v->m;
  const IrBlock *blk = &m->blocks[b];
  if (!blk->n_ops) {
    if (may_skip_terminator(PF->in, &m->regions[blk->region])) return 0;
    loc_error(v, m->ops[p].loc, "empty block: expect at least a terminator");
    return -1;
  }
  for (uint32_t o = blk->ops; o + 1 < blk->ops + blk->n_ops; o++)
    if (m->ops[o].n_succs) {
      loc_error(v, m->ops[o].loc,
                "operation with block successors must terminate its parent block");
      return -1;
    }
  return 0;
}

/* Block b of an op with facts PF on exit. */
static int rep_exit_block(Verifier *v, uint32_t b, const OpcFacts *PF) {
  const IrModule *m = v->m;
  const IrBlock *blk = &m->blocks[b];
  if (!blk->n_ops) return 0;
  uint32_t last = blk->ops + blk->n_ops - 1;
  const IrOp *t = &m->ops[last];
  for (uint32_t k = 0; k < t->n_succs; k++)
    if (m->blocks[m->succs[t->succs + k].block].region != blk->region) {
      op_error(v, last, "branching to block of a different region");
      return -1;
    }
  if (may_skip_terminator(PF->in, &m->regions[blk->region]) || !lacks_terminator(v, blk))
    return 0;
  no_terminator(v, last);
  return -1;
}

/* Is region r region anc or inside it? */
static int region_within(const IrModule *m, uint32_t r, uint32_t anc) {
  return r == anc || region_encloses(m, anc, r);
}

static void push_u32(uint32_t **a, uint32_t *n, uint32_t *cap, uint32_t x) {
  IR_VPUSH(*a, *n, *cap, x);
}

/* IsolatedFromAbove's verifier (verifyIsIsolatedFromAbove): the first
 * operand, region by region, each a stack of regions, defined outside. */
static int rep_isolation(Verifier *v, uint32_t x) {
  const IrModule *m = v->m;
  const IrOp *iso = &m->ops[x];
  uint32_t *stack = NULL, sp = 0, cap = 0;
  int bad = 0;
  for (uint32_t ri = iso->regions; ri < iso->regions + iso->n_regions && !bad; ri++) {
    push_u32(&stack, &sp, &cap, ri);
    while (sp && !bad) {
      const IrRegion *rg = &m->regions[stack[--sp]];
      for (uint32_t b = rg->blocks; b < rg->blocks + rg->n_blocks && !bad; b++)
        for (uint32_t o = m->blocks[b].ops; o < m->blocks[b].ops + m->blocks[b].n_ops && !bad; o++) {
          const IrOp *op = &m->ops[o];
          for (uint32_t k = 0; k < op->n_operands; k++) {
            const IrValue *vv = &m->values[m->operands[op->operands + k]];
            uint32_t db = vv->kind == IR_VAL_ARG ? vv->def : m->ops[vv->def].block;
            if (db != IR_NONE && region_within(m, m->blocks[db].region, ri)) continue;
            op_error(v, o, "using value defined outside the region");
            ir_diag(v->d, v->c, iso->loc, IR_SEV_NOTE, "required by region isolation constraints");
            bad = 1;
            break;
          }
          if (bad || !op->n_regions || (facts_of(v, o)->traits & IR_TR_ISOLATED)) continue;
          for (uint32_t r = op->regions; r < op->regions + op->n_regions; r++)
            push_u32(&stack, &sp, &cap, r);
        }
    }
  }
  free(stack);
  return bad ? -1 : 0;
}

static int rep_exit_op(Verifier *v, uint32_t x, const OpcFacts *F) {
  const IrModule *m = v->m;
  const IrOp *op = &m->ops[x];
  int bad = 0;
  for (uint32_t r = op->regions; r < op->regions + op->n_regions; r++)
    for (uint32_t b = m->regions[r].blocks; b < m->regions[r].blocks + m->regions[r].n_blocks; b++)
      for (uint32_t o = m->blocks[b].ops; o < m->blocks[b].ops + m->blocks[b].n_ops; o++)
        if (m->ops[o].n_regions && (facts_of(v, o)->traits & IR_TR_ISOLATED))
          bad |= rep_unit(v, o) != 0;
  if (bad) return -1;
  /* the region edges its terminators' hooks left to it */
  for (uint32_t r = op->regions; r < op->regions + op->n_regions; r++)
    for (uint32_t b = m->regions[r].blocks; b < m->regions[r].blocks + m->regions[r].n_blocks; b++) {
      if (!m->blocks[b].n_ops) continue;
      uint32_t t = m->blocks[b].ops + m->blocks[b].n_ops - 1;
      const OpcFacts *T = facts_of(v, t);
      if (T->verify && hook_blames(v, t, T) == x) {
        T->verify(m, t, v->d);
        return -1;
      }
    }
  if ((F->traits & IR_TR_ISOLATED) && rep_isolation(v, x)) return -1;
  if ((F->traits & IR_TR_SYMBOL_TABLE) && ir_verify_symtab(m, x, v->d)) return -1;
  /* verifyRegionInvariants: the region traits' terminators, then the
   * op's verifyRegions */
  if (F->has_shape && op->n_regions && ir_verify_region_exit(m, x, v->d)) return -1;
  if (F->vregions && F->vregions(m, x, v->d)) return -1;
  return 0;
}

/* Op x and what it holds, up to the first problem (OperationVerifier::
 * verifyOperation; nesting is bounded by IR_MAX_DEPTH). */
static int rep_op(Verifier *v, uint32_t x) {
  const IrModule *m = v->m;
  const IrOp *op = &m->ops[x];
  const OpcFacts *F = facts_of(v, x);
  if (rep_enter_op(v, x, F)) return -1;
  for (uint32_t r = op->regions; r < op->regions + op->n_regions; r++)
    for (uint32_t b = m->regions[r].blocks; b < m->regions[r].blocks + m->regions[r].n_blocks; b++) {
      if (rep_enter_block(v, b, x, F)) return -1;
      for (uint32_t o = m->blocks[b].ops; o < m->blocks[b].ops + m->blocks[b].n_ops; o++)
        if (!(m->ops[o].n_regions && (facts_of(v, o)->traits & IR_TR_ISOLATED)) && rep_op(v, o))
          return -1;
      if (rep_exit_block(v, b, F)) return -1;
    }
  return rep_exit_op(v, x, F);
}

/* Dominance in the unit of `root` (verifyDominanceOfContainedRegions):
 * the first operand, in a reachable block, that does not dominate its
 * use. */
static int rep_dominance(Verifier *v, uint32_t root) {
  const IrModule *m = v->m;
  uint32_t *stack = NULL, sp = 0, cap = 0;
  int bad = 0;
  push_u32(&stack, &sp, &cap, root);
  while (sp && !bad) {
    const IrOp *x = &m->ops[stack[--sp]];
    for (uint32_t r = x->regions; r < x->regions + x->n_regions && !bad; r++) {
      const IrRegion *rg = &m->regions[r];
      for (uint32_t b = rg->blocks; b < rg->blocks + rg->n_blocks && !bad; b++) {
        int reach = rg->n_blocks < 2 || !dom_of(v, r)->unreach[b];
        for (uint32_t o = m->blocks[b].ops; o < m->blocks[b].ops + m->blocks[b].n_ops; o++) {
          const IrOp *op = &m->ops[o];
          for (uint32_t k = 0; reach && k < op->n_operands; k++) {
            uint32_t val = m->operands[op->operands + k];
            if (value_dominates(v, val, o)) continue;
            loc_error(v, op->loc, "operand #%u does not dominate this use", k);
            note_def(v, o, val);
            bad = 1;
            break;
          }
          if (bad) break;
          if (op->n_regions && !(facts_of(v, o)->traits & IR_TR_ISOLATED))
            push_u32(&stack, &sp, &cap, o);
        }
      }
    }
  }
  free(stack);
  return bad ? -1 : 0;
}

/* OperationVerifier::verifyOpAndDominance for the unit of `root`. */
static int rep_unit(Verifier *v, uint32_t root) {
  return rep_op(v, root) ? -1 : rep_dominance(v, root);
}

/* The reporting walk over module m, into d; 0 if it found nothing. */
static int report(const IrModule *m, IrDiag *d) {
  if (!m->n_ops) return 0;
  Verifier v;
  memset(&v, 0, sizeof v);
  v.m = m;
  v.c = m->ctx;
  v.d = d;
  pthread_once(&facts_once, init_facts);
  v.facts = opc_facts;
  int r = rep_unit(&v, 0);
  if (v.dom.pre) ir_dom_free(&v.dom);
  return r;
}

/* One pass of ir_verify. The full one (fast 0) reports into d: a sweep over
 * the regions first (isolation roots, blocks without their terminator),
 * then walk_ops, then the hooks that waited. The first pass (fast 1) only
 * asks whether the module is valid: it skips the sweep (enter_regions and
 * walk_ops do its work as the walk goes, with the ops already loaded),
 * reports nothing and stops at the first failure. */
/* What passed, kept from one module to the next of the same ctx (its ids
 * mean the same there). */
struct IrVerifyMemo {
  const IrCtx *c;           /* the ctx the entries belong to, or NULL */
  SegOk seg_ok[1 << SEG_LOG2];
  SigMemo memo;
  IrCallDefer *calls;       /* the module's calls, judged at its end */
};

static void memo_clear(SegOk *seg_ok, SigMemo *memo) {
  for (uint32_t k = 0; k < 1u << SEG_LOG2; k++) seg_ok[k].opc1 = 0;
  for (uint32_t i = 0; i < 1u << SIG_LOG2; i++) memo->slot[i].key = IR_N_OPS;
}

static int verify_pass(const IrModule *m, IrDiag *d, int fast, IrVerifyMemo *vm) {
  Verifier v;
  memset(&v, 0, sizeof v);
  v.m = m;
  v.c = m->ctx;
  v.fast = fast;
  for (uint32_t i = 0; i < N_DH; i++) v.dh[i].ub = IR_NONE;
  pthread_once(&facts_once, init_facts);
  v.facts = opc_facts;
  /* ops of one kind mostly repeat their properties (3 MB bench slice:
   * 2.3M instructions with one entry per opcode) */
  SegOk local_seg[1 << SEG_LOG2], *seg_ok = local_seg;
  SigMemo local_memo, *memo = &local_memo;
  if (vm) {
    seg_ok = vm->seg_ok;
    memo = &vm->memo;
    if (vm->c != m->ctx) memo_clear(seg_ok, memo);
    vm->c = m->ctx;
  } else {
    memo_clear(seg_ok, memo);
  }
  size_t nr = (size_t)m->n_regions + 1;
  v.iso = ir_xmalloc(nr * (sizeof *v.iso + 1));
  v.term_free = (uint8_t *)(v.iso + nr);
  v.anc_mark = ir_xmalloc(2 * ((size_t)m->n_blocks + 1) * sizeof *v.anc_mark);
  v.anc_op = v.anc_mark + m->n_blocks + 1;
  memset(v.anc_mark, 0xff, (m->n_blocks + 1) * sizeof *v.anc_mark);
  v.anc_for = IR_NONE;

  if (fast) {
    memset(v.iso, 0xff, nr * sizeof *v.iso);
  } else {
    /* Regions come after the region holding their op (freeze order), so
     * one forward sweep finds each region's isolation root. */
    for (uint32_t r = 0; r < m->n_regions; r++) {
      const IrRegion *rg = &m->regions[r];
      const OpcFacts *P = facts_of(&v, rg->op);
      if (m->ops[rg->op].block == IR_NONE || (P->traits & IR_TR_ISOLATED))
        v.iso[r] = r;
      else
        v.iso[r] = v.iso[m->blocks[m->ops[rg->op].block].region];
      /* check_regions' findings, counted */
      if (may_skip_terminator(P->in, rg)) continue;
      for (uint32_t b = rg->blocks; b < rg->blocks + rg->n_blocks; b++)
        v.open_ends += lacks_terminator(&v, &m->blocks[b]);
    }
  }
  IrDiag quiet;
  ir_diag_init(&quiet, NULL);
  v.d = fast ? &quiet : d;
  v.seg_ok = seg_ok;
  v.memo = memo;
  v.quiet = &quiet;
  v.hooks_from = IR_NONE;
  walk_ops(&v);
  for (uint32_t o = fast ? m->n_ops : v.hooks_from; o < m->n_ops; o++) {
    const OpcFacts *F = facts_of(&v, o);
    if (F->verify && op_sound(&v, o, F) && run_hook(&v, o, F, d)) v.failed = 1;
  }

  if (v.dom.pre) ir_dom_free(&v.dom);
  free(v.iso);
  free(v.anc_mark);
  return v.failed ? -1 : 0;
}

/* A valid module passes the first pass; anything else is verified again
 * by the full pass, which reports exactly what it always did. The sweep
 * the first pass saves loaded, per region and per block, an op that the
 * walk loads anyway later (c.irb, 64K regions, 72K blocks: a cache miss
 * each, 3% of ir-dis's sampled time). */
int ir_verify(const IrModule *m, IrDiag *d) {
  if (!verify_pass(m, d, 1, NULL) && !ir_verify_symbols(m)) return 0;
  unsigned before = d->n_errors;
  if (report(m, d) && d->n_errors > before) return -1;
  /* The walk found nothing the first pass found: the two disagree. The
   * checked builds (which the fuzzers run) say so; a release build reports
   * every problem, unordered, with the full pass. */
#ifdef IR_ASAN
  ir_die("verifier: the first pass rejects what the reporting walk accepts");
#endif
  return verify_pass(m, d, 0, NULL) || d->n_errors > before ? -1 : 0;
}

IrVerifyMemo *ir_verify_memo_new(void) {
  IrVerifyMemo *vm = ir_xmalloc(sizeof *vm);
  vm->c = NULL;
  vm->calls = NULL;
  return vm;
}

int ir_verify_memo_end(IrVerifyMemo *vm) {
  return vm && vm->c ? ir_call_defer_end(vm->calls, vm->c) : 0;
}

void ir_verify_memo_free(IrVerifyMemo *vm) {
  if (!vm) return;
  ir_call_defer_free(vm->calls);
  free(vm);
}

/* Only the first pass keeps what passed; a module that fails it (or its
 * symbols) is verified again by ir_verify, which reports. */
int ir_verify_memo(const IrModule *m, IrDiag *d, IrVerifyMemo *vm) {
  if (!verify_pass(m, d, 1, vm) && !ir_verify_symbols_piece(m, &vm->calls)) return 0;
  return ir_verify(m, d);
}
