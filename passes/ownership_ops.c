/*
 * ownership_ops.c - what the ownership pass does at each op: MLIR's
 * precondition checks and the handlers of the interfaces it relies on,
 * applied in MLIR's order (memory effects, region branch, call, branch,
 * region-branch terminator), then the default ownership of results not
 * set by any handler. The few ops with a BufferDeallocationOpInterface of
 * their own (arith.select, cf.cond_br, scf.forall.in_parallel,
 * scf.reduce.return) bypass the checks and the handlers.
 *
 * Each input op becomes one output op, created once its final form is
 * known (extra operands, results, successor operands); the ops the
 * handlers insert before it or at the block begin are placed through
 * own_before / own_session.
 */
#include "ownership.h"

/* ====================================================================== */
/* What MLIR knows of an op                                               */
/* ====================================================================== */

static uint32_t traits(const IrModule *m, uint32_t op) {
  uint32_t opc = m->ops[op].opc;
  return opc == IR_OP_UNKNOWN ? 0 : ir_op_info(opc)->traits;
}

/* Test ops the newer upstream tests use as plain buffer users or
 * condition sources; mlir-opt-22 does not know their effects, the newer
 * test dialect does (they neither allocate nor free). */
static int known_test_op(const IrModule *m, uint32_t op) {
  const char *n = ir_str_ptr(m->ctx, m->ops[op].name);
  return !strcmp(n, "test.memref_user") || !strcmp(n, "test.make_condition");
}

/* Implements MemoryEffectOpInterface (MLIR 22's registrations). */
static int has_effects(const IrModule *m, uint32_t op) {
  uint32_t opc = m->ops[op].opc;
  if (opc == IR_OP_UNKNOWN) return known_test_op(m, op);
  if (opc == IR_OP_TEST_SIDE_EFFECT) return 1;
  return (traits(m, op) & (IR_TR_PURE | IR_TR_READ | IR_TR_WRITE |
                           IR_TR_ALLOC | IR_TR_FREE)) != 0;
}

/* HasRecursiveMemoryEffects. */
static int recursive(const IrModule *m, uint32_t op) {
  uint32_t opc = m->ops[op].opc;
  return (traits(m, op) & IR_TR_RECURSIVE_EFFECTS) || opc == IR_OP_REDUCE ||
         opc == IR_OP_TEST_REGION_IF;
}

/* RegionBranchOpInterface, and the operands forwarded to the entry of its
 * first successor region (*first, *n). */
static int region_branch(const IrModule *m, uint32_t op, uint32_t *first,
                         uint32_t *n) {
  const IrOp *x = &m->ops[op];
  *first = 0;
  *n = 0;
  switch (x->opc) {
  case IR_OP_FOR:
    if (x->n_operands >= 3) {
      *first = 3;
      *n = x->n_operands - 3;
    }
    return 1;
  case IR_OP_WHILE:
  case IR_OP_TEST_REGION_IF:
  case IR_OP_TEST_ISOLATED_ONE_REGION_RECURSIVE:
    *n = x->n_operands;
    return 1;
  case IR_OP_AFFINE_FOR: {
    /* lower bound operands, upper bound operands, iter_args */
    uint32_t seg = ir_op_prop(m, op, "operandSegmentSizes");
    const IrAttr *a = seg ? ir_attr(m->ctx, seg) : NULL;
    if (a && a->kind == IR_A_DENSE_ARRAY && a->n == 3) {
      const int64_t *v = ir_attr_i64(m->ctx, seg);
      if (v[0] >= 0 && v[1] >= 0 && v[2] >= 0 &&
          (uint64_t)v[0] + v[1] + v[2] == x->n_operands) {
        *first = (uint32_t)(v[0] + v[1]);
        *n = (uint32_t)v[2];
      }
    }
    return 1;
  }
  case IR_OP_IF:
  case IR_OP_EXECUTE_REGION:
  case IR_OP_INDEX_SWITCH:
  case IR_OP_PARALLEL:
  case IR_OP_FORALL:
  case IR_OP_AFFINE_IF:
  case IR_OP_ASSUMING:
    return 1;
  default:
    return 0;
  }
}

/* RegionBranchTerminatorOpInterface, and its operands forwarded to the
 * parent (*first, *n). */
static int region_terminator(const IrModule *m, uint32_t op, uint32_t *first,
                             uint32_t *n) {
  const IrOp *x = &m->ops[op];
  *first = 0;
  *n = 0;
  if (x->opc == IR_OP_CONDITION) {
    if (x->n_operands) {
      *first = 1;
      *n = x->n_operands - 1;
    }
    return 1;
  }
  if (x->opc == IR_OP_REDUCE) return 1;  /* forwards nothing to the parent */
  if (traits(m, op) & IR_TR_RETURN_LIKE) {
    *n = x->n_operands;
    return 1;
  }
  return 0;
}

static int is_memref_type(const IrModule *m, uint32_t t) {
  return ir_type_is_memref(m->ctx, t);
}

/* Memref operands or results, or memref entry block arguments. */
static int buffer_semantics(const IrModule *m, uint32_t op) {
  const IrOp *x = &m->ops[op];
  for (uint32_t k = 0; k < x->n_operands; k++)
    if (is_memref_type(m, ir_vtype(m, ir_operand(m, op, k)))) return 1;
  for (uint32_t k = 0; k < x->n_results; k++)
    if (is_memref_type(m, ir_vtype(m, x->results + k))) return 1;
  for (uint32_t r = x->regions; r < x->regions + x->n_regions; r++) {
    const IrRegion *rg = &m->regions[r];
    if (!rg->n_blocks) continue;
    const IrBlock *bk = &m->blocks[rg->blocks];
    for (uint32_t a = 0; a < bk->n_args; a++)
      if (is_memref_type(m, ir_vtype(m, bk->args + a))) return 1;
  }
  return 0;
}

static int error(Own *o, uint32_t op, const char *msg) {
  ir_diag(o->d, o->c, o->m->ops[op].loc, IR_SEV_ERROR, "%s", msg);
  return -1;
}

/* verifyOperationPreconditions (MLIR 22, without the rejection of
 * unstructured loops, which this pass supports). */
static int preconditions(Own *o, uint32_t op) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  uint32_t tr = traits(m, op), f, n;
  if (x->opc == IR_OP_BDEALLOC)
    return error(o, op, "No deallocation operations must be present when "
                        "running this pass!");
  if (!has_effects(m, op) && !recursive(m, op) && !(tr & IR_TR_CALL))
    return error(o, op, "ops with unknown memory side effects are not "
                        "supported");
  /* MLIR's hasNeitherAllocateNorFreeSideEffect, which (despite its name)
   * is true for ops that do allocate or free, and for recursive ops. */
  int neither = has_effects(m, op) ? (tr & (IR_TR_ALLOC | IR_TR_FREE)) != 0
                                   : recursive(m, op);
  if (!buffer_semantics(m, op) && neither) return 0;
  if (((x->n_regions == 1 && x->n_results) || x->n_regions > 1) &&
      !region_branch(m, op, &f, &n))
    return error(o, op, "All operations with attached regions need to "
                        "implement the RegionBranchOpInterface.");
  if ((tr & IR_TR_NO_TERMINATOR) && !(tr & IR_TR_TERMINATOR))
    return error(o, op, "NoTerminator trait is not supported");
  if (tr & IR_TR_TERMINATOR) {
    int br = (tr & IR_TR_BRANCH) != 0, rt = region_terminator(m, op, &f, &n);
    if (br == rt)
      return error(o, op, "Terminators must implement either "
                          "BranchOpInterface or "
                          "RegionBranchTerminatorOpInterface (but not both)!");
    if (x->n_succs > 1)
      return error(o, op, "Terminators with more than one successor are not "
                          "supported!");
  }
  return 0;
}

/* ====================================================================== */
/* Building the output op                                                 */
/* ====================================================================== */

/* The op as it will be emitted: operands and result types (builder
 * handles / type ids) that handlers may extend, successors with their
 * operand ranges, properties. */
typedef struct Form {
  U32Vec *opd, *res;
  IrBSucc succ[2];
  IrBSucc *succs;
  uint32_t n_succs;
  uint32_t props;
} Form;

static void form_init(Own *o, uint32_t op, Form *f) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  memset(f, 0, sizeof *f);
  f->opd = own_tmp(o);
  f->res = own_tmp(o);
  for (uint32_t k = 0; k < x->n_operands; k++)
    u32_push(f->opd, own_val(o, ir_operand(m, op, k)));
  for (uint32_t k = 0; k < x->n_results; k++)
    u32_push(f->res, ir_vtype(m, x->results + k));
  f->n_succs = x->n_succs;
  f->succs = x->n_succs <= 2 ? f->succ : ir_xmalloc(x->n_succs * sizeof *f->succs);
  for (uint32_t s = 0; s < x->n_succs; s++) {
    const IrSucc *sc = &m->succs[x->succs + s];
    f->succs[s].block = ir_map_block(o->map, sc->block);
    f->succs[s].first = sc->n_operands ? sc->operands - x->operands : 0;
    f->succs[s].count = sc->n_operands;
  }
  f->props = x->props;
}

/* &operands[k] (NULL while there are none: no arithmetic on NULL). */
static uint32_t *form_at(const Form *f, uint32_t k) {
  return f->opd->v ? f->opd->v + k : NULL;
}

/* The lists come from own_tmp (given back by own_op). */
static void form_free(Form *f) {
  if (f->succs != f->succ) free(f->succs);
}

/* Create the output op for input op `op` (detached; placed later) and map
 * its original results. */
static uint32_t form_emit(Own *o, uint32_t op, const Form *f,
                          const uint32_t *regs) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  IrOpSpec s = {0};
  s.name = x->name;
  s.loc = x->loc;
  s.operands = f->opd->v;
  s.n_operands = f->opd->n;
  s.result_types = f->res->v;
  s.n_results = f->res->n;
  s.regions = x->n_regions ? regs : NULL;
  s.n_regions = x->n_regions;
  s.succs = f->succs;
  s.n_succs = f->n_succs;
  s.props = f->props;
  s.attrs = x->attrs;
  uint32_t nop = irb_op(o->b, IR_NONE, &s);
  for (uint32_t k = 0; k < x->n_results; k++)
    ir_map_set_val(o->b, o->map, x->results + k, irb_op_result(o->b, nop, k));
  return nop;
}

/* Add `extra` to the last entry of the op's operandSegmentSizes, if it
 * has one: appended operands belong to the trailing variadic group. */
static void grow_last_segment(Own *o, Form *f, uint32_t extra) {
  if (!extra || !f->props) return;
  uint32_t seg = ir_dict_get(o->c, f->props, o->em.s_segments);
  if (!seg) return;
  const IrAttr *a = ir_attr(o->c, seg);
  if (a->kind != IR_A_DENSE_ARRAY || !a->n) return;
  int64_t small[8], *v = a->n <= 8 ? small : ir_xmalloc(a->n * sizeof *v);
  memcpy(v, ir_attr_i64(o->c, seg), a->n * sizeof *v);
  v[a->n - 1] += extra;
  f->props = ir_dict_set(o->c, f->props, o->em.s_segments,
                         ir_attr_dense_i32(o->c, a->n, v));
  if (v != small) free(v);
}

/* Append `n` operands to successor s of a branch form, keeping the
 * operand groups in order (successor operand ranges are consecutive) and
 * the segment properties of cf.cond_br / cf.switch in step. */
static void add_succ_operands(Own *o, uint32_t op, Form *f, uint32_t s,
                              const uint32_t *vals, uint32_t n) {
  if (!n) return;
  IrBSucc *sc = &f->succs[s];
  uint32_t at = sc->count ? sc->first + sc->count : IR_NONE;
  if (at == IR_NONE) {
    /* An empty range: insert after the previous successor's operands, or
     * after the non-successor operands. */
    at = (uint32_t)f->opd->n;
    for (uint32_t t = s + 1; t < f->n_succs; t++)
      if (f->succs[t].count) {
        at = f->succs[t].first;
        break;
      }
    sc->first = at;
  }
  for (uint32_t i = 0; i < n; i++) u32_push(f->opd, 0);
  memmove(f->opd->v + at + n, f->opd->v + at,
          (f->opd->n - n - at) * sizeof *f->opd->v);
  memcpy(f->opd->v + at, vals, n * sizeof *vals);
  sc->count += n;
  for (uint32_t t = 0; t < f->n_succs; t++)
    if (t != s && f->succs[t].count && f->succs[t].first >= at)
      f->succs[t].first += n;
  /* Segment properties. */
  IrCtx *c = o->c;
  uint32_t opc = o->m->ops[op].opc;
  if (opc == IR_OP_COND_BR || opc == IR_OP_SWITCH) {
    uint32_t seg = ir_dict_get(c, f->props, o->em.s_segments);
    if (seg && ir_attr(c, seg)->n == 3) {
      int64_t v[3];
      memcpy(v, ir_attr_i64(c, seg), sizeof v);
      v[opc == IR_OP_COND_BR ? 1 + s : (s == 0 ? 1 : 2)] += n;
      f->props = ir_dict_set(c, f->props, o->em.s_segments,
                             ir_attr_dense_i32(c, 3, v));
    }
    if (opc == IR_OP_SWITCH && s > 0) {
      uint32_t name = ir_cstr(c, "case_operand_segments");
      uint32_t cs = ir_dict_get(c, f->props, name);
      const IrAttr *a = cs ? ir_attr(c, cs) : NULL;
      if (a && a->kind == IR_A_DENSE_ARRAY && s - 1 < a->n) {
        int64_t *v = ir_xmalloc((a->n + 1) * sizeof *v);
        memcpy(v, ir_attr_i64(c, cs), a->n * sizeof *v);
        v[s - 1] += n;
        f->props = ir_dict_set(c, f->props, name,
                               ir_attr_dense_i32(c, a->n, v));
        free(v);
      }
    }
  }
}

/* populateRemainingOwnerships: results no handler gave an ownership join
 * the ownerships of the memref operands (seen from their own blocks, as
 * MLIR looks them up), or are not owned. MLIR processes nested regions
 * before the blocks that hold them, so an operand of an enclosing block
 * has no ownership yet there: it counts as uninitialized. */
static void populate(Own *o, uint32_t blk, uint32_t op, uint32_t nop) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  for (uint32_t k = 0; k < x->n_results; k++) {
    if (!is_memref_type(m, ir_vtype(m, x->results + k))) continue;
    uint32_t r = irb_op_result(o->b, nop, k);
    if (own_get(o, r, blk).state != OWN_UNINIT) continue;
    for (uint32_t i = 0; i < x->n_operands; i++) {
      uint32_t v = ir_operand(m, op, i);
      if (!is_memref_type(m, ir_vtype(m, v))) continue;
      const IrValue *iv = &m->values[v];
      uint32_t home = iv->kind == IR_VAL_ARG ? iv->def : m->ops[iv->def].block;
      if (home != blk && o->busy[home - o->lv.blk0]) continue;
      own_update(o, r, own_get(o, own_val(o, v), home), blk);
    }
    if (own_get(o, r, blk).state == OWN_UNINIT) {
      own_before(o);
      own_update(o, r, own_unique(em_bool(&o->em, 0)), blk);
    }
  }
}

static void place(Own *o, uint32_t nop) {
  own_before(o);
  em_place(&o->em, nop);
}

/* ====================================================================== */
/* Memory effects                                                         */
/* ====================================================================== */

/* The part of MLIR's MemoryEffectOpInterface handler that runs before the
 * op exists: frees of memref operands. */
static int effects_free(Own *o, uint32_t blk, uint32_t op) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  own_session(o);
  if (!(traits(m, op) & IR_TR_FREE)) return 0;
  for (uint32_t k = 0; k < x->n_operands; k++) {
    uint32_t v = ir_operand(m, op, k);
    if (!is_memref_type(m, ir_vtype(m, v))) continue;
    if (!ir_op_attr(m, op, "bufferization.manual_deallocation"))
      return error(o, op, "memory free side-effect on MemRef value not "
                          "supported!");
    /* A buffer under manual deallocation may be freed by hand; check at
     * run time that the block does not own it. */
    Ownership w = own_get(o, own_val(o, v), blk);
    if (w.state == OWN_UNIQUE) {
      own_before(o);
      uint32_t t = em_bool(&o->em, 1);
      uint32_t inv = em_xori(&o->em, w.ind, t);
      em_assert(&o->em, inv, "expected that the block does not have ownership");
    }
  }
  return 0;
}

/* An allocation by an op outside the memref and bufferization dialects
 * (gpu.alloc): MLIR 22 owns it and frees it with memref.dealloc; we leave
 * it to its own dialect's deallocation, as MLIR's mixed-allocation mode
 * does. */
static int foreign_alloc(const IrModule *m, uint32_t op) {
  const char *n = ir_str_ptr(m->ctx, m->ops[op].name);
  return strncmp(n, "memref.", 7) && strncmp(n, "bufferization.", 14);
}

/* The rest: allocated memref results. */
static void effects_alloc(Own *o, uint32_t blk, uint32_t op, uint32_t nop) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  if (!(traits(m, op) & IR_TR_ALLOC)) return;
  int manual = ir_op_attr(m, op, "bufferization.manual_deallocation") != 0;
  for (uint32_t k = 0; k < x->n_results; k++) {
    if (!is_memref_type(m, ir_vtype(m, x->results + k))) continue;
    uint32_t r = irb_op_result(o->b, nop, k);
    /* The "at block begin" builder of the handler. */
    o->em.block = IR_NONE;
    o->em.sink = o->cur->head;
    if (x->opc == IR_OP_ALLOCA || manual || foreign_alloc(m, op)) {
      /* Automatic allocation scope, manual deallocation, or a buffer of
       * another dialect (a bufferization.dealloc lowers to memref.dealloc,
       * the wrong deallocator for it): not owned. */
      own_reset(o, r, blk);
      own_update(o, r, own_unique(em_bool(&o->em, 0)), blk);
      continue;
    }
    own_update(o, r, own_unique(em_bool(&o->em, 1)), blk);
    own_add_dealloc(o, r, blk);
  }
}

/* ====================================================================== */
/* Ownership materialization (function returns)                           */
/* ====================================================================== */

static uint32_t def_block(const IrModule *m, uint32_t v) {
  const IrValue *x = &m->values[v];
  return x->kind == IR_VAL_ARG ? x->def : m->ops[x->def].block;
}

static uint32_t value_loc(const IrModule *m, uint32_t v) {
  const IrValue *x = &m->values[v];
  return x->kind == IR_VAL_ARG ? x->loc : m->ops[x->def].loc;
}

/* getMemrefWithUniqueOwnership: the memref and its indicator, through a
 * clone (owned, deallocated at the block end) when it is not unique. */
static uint32_t unique_or_clone(Own *o, uint32_t vin, uint32_t v,
                                uint32_t blk, uint32_t *ind) {
  Ownership w = own_get(o, v, blk);
  if (w.state == OWN_UNIQUE) {
    *ind = w.ind;
    return v;
  }
  own_before(o);
  o->em.loc = value_loc(o->m, vin);
  if (o->opts.stats) o->opts.stats->clones++;
  uint32_t c = em_clone(&o->em, v);
  uint32_t t = em_bool(&o->em, 1);
  own_update(o, c, own_unique(t), blk);
  own_add_dealloc(o, c, blk);
  *ind = t;
  return c;
}

/* materializeUniqueOwnership: arith.select in this block selects between
 * its operands' indicators; anything else takes the generic path. */
static uint32_t materialize_unique(Own *o, uint32_t vin, uint32_t v,
                                   uint32_t blk, uint32_t *ind) {
  const IrModule *m = o->m;
  const IrValue *x = &m->values[vin];
  if (def_block(m, vin) == blk && x->kind == IR_VAL_RESULT &&
      m->ops[x->def].opc == IR_OP_SELECT) {
    uint32_t sel = x->def;
    Ownership wt = own_get(o, own_val(o, ir_operand(m, sel, 1)), blk);
    Ownership wf = own_get(o, own_val(o, ir_operand(m, sel, 2)), blk);
    if (wt.state == OWN_UNIQUE && wf.state == OWN_UNIQUE) {
      own_before(o);
      o->em.loc = m->ops[sel].loc;
      *ind = em_select(&o->em, own_val(o, ir_operand(m, sel, 0)), wt.ind,
                       wf.ind);
      return v;
    }
  }
  return unique_or_clone(o, vin, v, blk, ind);
}

/* materializeMemrefWithGuaranteedOwnership: the function boundary ABI
 * returns only owned memrefs; a memref not owned for sure is cloned when
 * its indicator is false at run time. */
static uint32_t materialize_owned(Own *o, uint32_t vin, uint32_t blk) {
  uint32_t ind, v = materialize_unique(o, vin, own_val(o, vin), blk, &ind);
  if (em_const_bool(&o->em, ind) == 1) return v;
  own_before(o);
  o->em.loc = value_loc(o->m, vin);
  uint32_t ty = irb_value_type(o->b, v);
  uint32_t ifop = em_if(&o->em, ind, &ty, 1);
  U32Vec *sink = o->em.sink;
  o->em.block = irb_region_block(o->b, irb_op_region(o->b, ifop, 0), 0);
  em_yield(&o->em, &v, 1);
  o->em.block = irb_region_block(o->b, irb_op_region(o->b, ifop, 1), 0);
  if (o->opts.stats) o->opts.stats->clones++;
  uint32_t c = em_clone(&o->em, v);
  em_yield(&o->em, &c, 1);
  o->em.block = IR_NONE;
  o->em.sink = sink;
  uint32_t r = irb_op_result(o->b, ifop, 0);
  own_update(o, r, own_unique(em_bool(&o->em, 1)), blk);
  own_add_dealloc(o, r, blk);
  return r;
}

/* ====================================================================== */
/* Terminators                                                            */
/* ====================================================================== */

/* insertDeallocOpForReturnLike: a dealloc of the block's memrefs that
 * keeps the forwarded ones and the live-out ones; their new ownerships
 * go to *upd (one per memref in fwd). 0 if nothing to do, 1, -1. */
static int return_dealloc(Own *o, uint32_t blk, uint32_t op,
                          const uint32_t *fwd, uint32_t nfwd, U32Vec *upd) {
  U32Vec *mem = own_tmp(o), *cond = own_tmp(o), *ret = own_tmp(o);
  own_before(o);
  o->em.loc = o->m->ops[op].loc;
  int r = own_dealloc_operands(o, blk, o->m->ops[op].loc, mem, cond);
  if (r == 0) {
    own_retained(o, blk, IR_NONE, fwd, nfwd, ret);
    if (mem->n || ret->n) {
      own_before(o);
      uint32_t d = own_emit_dealloc(o, blk, mem, cond, ret);
      uint32_t nm = 0;
      for (uint32_t i = 0; i < nfwd; i++) nm += own_is_memref(o, fwd[i]);
      for (uint32_t i = 0; i < nm; i++) u32_push(upd, irb_op_result(o->b, d, i));
      r = 1;
    }
  }
  return r;
}

/* A return-like terminator (func.return, scf.yield, scf.condition, ...). */
static int terminator(Own *o, uint32_t blk, uint32_t op, const uint32_t *regs) {
  const IrModule *m = o->m;
  uint32_t first, n;
  region_terminator(m, op, &first, &n);
  Form f;
  form_init(o, op, &f);
  uint32_t parent = m->regions[m->blocks[blk].region].op;
  int to_func = m->ops[parent].opc == IR_OP_FUNC;
  int abi = to_func && !(o->opts.private_function_dynamic_ownership &&
                         own_func_is_private(o, parent));
  if (abi)
    for (uint32_t k = 0; k < m->ops[op].n_operands; k++) {
      uint32_t v = ir_operand(m, op, k);
      if (is_memref_type(m, ir_vtype(m, v)))
        f.opd->v[k] = materialize_owned(o, v, blk);
    }
  U32Vec *upd = own_tmp(o);
  int r = return_dealloc(o, blk, op, form_at(&f, first), n, upd);
  if (r < 0) {
    form_free(&f);
    return -1;
  }
  if (!abi && r > 0) {
    /* The ownerships go after the forwarded operands, which end the
     * operand list of every terminator handled here. */
    for (uint32_t i = 0; i < upd->n; i++) u32_push(f.opd, upd->v[i]);
    grow_last_segment(o, &f, upd->n);
  }
  uint32_t nop = form_emit(o, op, &f, regs);
  place(o, nop);
  form_free(&f);
  return 0;
}

/* A branch with one successor (cf.br). */
static int branch(Own *o, uint32_t blk, uint32_t op, const uint32_t *regs) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  if (x->n_succs != 1)
    return error(o, op, x->n_succs > 1
                            ? "BranchOpInterface operations with multiple "
                              "successors are not supported yet"
                            : "only BranchOpInterface operations with exactly "
                              "one successor are supported yet");
  Form f;
  form_init(o, op, &f);
  U32Vec *mem = own_tmp(o), *cond = own_tmp(o), *ret = own_tmp(o);
  own_before(o);
  o->em.loc = x->loc;
  int r = own_dealloc_operands(o, blk, x->loc, mem, cond);
  if (r == 0) {
    const IrSucc *sc = &m->succs[x->succs];
    const uint32_t *fwd = form_at(&f, f.succs[0].first);
    own_retained(o, blk, sc->block, fwd, f.succs[0].count, ret);
    own_before(o);
    uint32_t d = own_emit_dealloc(o, blk, mem, cond, ret);
    uint32_t nm = 0;
    for (uint32_t i = 0; i < f.succs[0].count; i++) nm += own_is_memref(o, fwd[i]);
    U32Vec *add = own_tmp(o);
    for (uint32_t i = 0; i < nm; i++) u32_push(add, irb_op_result(o->b, d, i));
    add_succ_operands(o, op, &f, 0, add->v, add->n);
    uint32_t nop = form_emit(o, op, &f, regs);
    place(o, nop);
  }
  form_free(&f);
  return r;
}

/* cf.cond_br: one dealloc per successor, the conditions conjoined with the
 * branch condition or its negation; values retained on both sides get the
 * ownership selected by the branch condition. */
static int cond_branch(Own *o, uint32_t blk, uint32_t op) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  Form f;
  form_init(o, op, &f);
  U32Vec *mem = own_tmp(o), *cond = own_tmp(o), *adapted = own_tmp(o);
  U32Vec *ret[2] = {own_tmp(o), own_tmp(o)};
  U32Vec *map[2] = {own_tmp(o), own_tmp(o)};  /* per side: pairs */
  own_before(o);
  o->em.loc = x->loc;
  int r = own_dealloc_operands(o, blk, x->loc, mem, cond);
  if (r < 0) goto out;
  uint32_t bcond = f.opd->v[0];
  for (uint32_t s = 0; s < 2; s++) {
    const uint32_t *fwd = form_at(&f, f.succs[s].first);
    uint32_t nfwd = f.succs[s].count;
    own_retained(o, blk, m->succs[x->succs + s].block, fwd, nfwd, ret[s]);
    own_before(o);
    adapted->n = 0;
    for (uint32_t i = 0; i < cond->n; i++) {
      if (s == 0) {
        u32_push(adapted, em_andi(&o->em, cond->v[i], bcond));
      } else {
        uint32_t t = em_bool(&o->em, 1);
        uint32_t neg = em_xori(&o->em, t, bcond);
        u32_push(adapted, em_andi(&o->em, cond->v[i], neg));
      }
    }
    uint32_t d = own_emit_dealloc(o, blk, mem, adapted, ret[s]);
    for (uint32_t i = 0; i < ret[s]->n; i++) {
      u32_push(map[s], ret[s]->v[i]);
      u32_push(map[s], irb_op_result(o->b, d, i));
    }
  }
  /* The successor operands: forwarded values, then their ownerships (the
   * last dealloc result of each, as MLIR's map keeps). */
  for (uint32_t s = 0; s < 2; s++) {
    U32Vec *add = own_tmp(o);
    const uint32_t *fwd = form_at(&f, f.succs[s].first);
    for (uint32_t i = 0; i < f.succs[s].count; i++) {
      if (!own_is_memref(o, fwd[i])) continue;
      uint32_t w = IR_NONE;
      for (uint32_t j = 0; j < map[s]->n; j += 2)
        if (map[s]->v[j] == fwd[i]) w = map[s]->v[j + 1];
      ir_assert(w != IR_NONE);
      u32_push(add, w);
    }
    add_succ_operands(o, op, &f, s, add->v, add->n);
  }
  /* Values retained on both sides: select between the two ownerships. */
  for (uint32_t i = 0; i < ret[1]->n; i++) {
    uint32_t v = ret[1]->v[i], j, wt = IR_NONE, wf = IR_NONE;
    for (j = 0; j < i && ret[1]->v[j] != v; j++) {}
    if (j < i) continue;  /* seen already */
    for (j = 0; j < map[0]->n; j += 2)
      if (map[0]->v[j] == v) wt = map[0]->v[j + 1];
    if (wt == IR_NONE) continue;
    for (j = 0; j < map[1]->n; j += 2)
      if (map[1]->v[j] == v) wf = map[1]->v[j + 1];
    own_reset(o, v, blk);
    own_before(o);
    own_update(o, v, own_unique(em_select(&o->em, bcond, wt, wf)), blk);
  }
  place(o, form_emit(o, op, &f, NULL));
out:
  form_free(&f);
  return r;
}

/* ====================================================================== */
/* Ops                                                                    */
/* ====================================================================== */

/* Ops with their own BufferDeallocationOpInterface. */
static int own_interface(Own *o, uint32_t blk, uint32_t op,
                         const uint32_t *regs) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  switch (x->opc) {
  case IR_OP_COND_BR:
    return cond_branch(o, blk, op);
  case IR_OP_IN_PARALLEL:
  case IR_OP_REDUCE_RETURN: {
    if (x->opc == IR_OP_IN_PARALLEL) {
      const IrRegion *rg = &m->regions[x->regions];
      if (rg->n_blocks && m->blocks[rg->blocks].n_ops)
        return error(o, op, "only supported when nested region is empty");
    } else if (x->n_operands &&
               is_memref_type(m, ir_vtype(m, ir_operand(m, op, 0)))) {
      return error(o, op, "only supported when operand is not a MemRef");
    }
    U32Vec *upd = own_tmp(o);
    int r = return_dealloc(o, blk, op, NULL, 0, upd);
    if (r < 0) return -1;
    Form f;
    form_init(o, op, &f);
    place(o, form_emit(o, op, &f, regs));
    form_free(&f);
    return 0;
  }
  default: {  /* arith.select: nothing to do; default ownership */
    Form f;
    form_init(o, op, &f);
    uint32_t nop = form_emit(o, op, &f, regs);
    populate(o, blk, op, nop);
    place(o, nop);
    form_free(&f);
    return 0;
  }
  }
}

/* Region-branch op: no ownership of the forwarded memrefs is passed in
 * (false operands), ownership of the memref results comes out as extra
 * i1 results. */
static int region_op(Own *o, uint32_t blk, uint32_t op, const uint32_t *regs) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  uint32_t first, n;
  region_branch(m, op, &first, &n);
  Form f;
  form_init(o, op, &f);
  own_session(o);
  o->em.loc = x->loc;
  uint32_t fv = em_bool(&o->em, 0);
  uint32_t extra = 0;
  for (uint32_t k = first; k < first + n; k++)
    if (is_memref_type(m, ir_vtype(m, ir_operand(m, op, k)))) extra++;
  for (uint32_t i = 0; i < extra; i++) u32_push(f.opd, fv);
  grow_last_segment(o, &f, extra);
  uint32_t nres = x->n_results;
  for (uint32_t k = 0; k < nres; k++)
    if (is_memref_type(m, ir_vtype(m, x->results + k)))
      u32_push(f.res, o->em.t_i1);
  uint32_t nop = form_emit(o, op, &f, regs);
  uint32_t counter = nres;
  for (uint32_t k = 0; k < nres; k++) {
    if (!is_memref_type(m, ir_vtype(m, x->results + k))) continue;
    uint32_t r = irb_op_result(o->b, nop, k);
    own_update(o, r, own_unique(irb_op_result(o->b, nop, counter++)), blk);
    own_add_dealloc(o, r, blk);
  }
  if (o->opts.stats) o->opts.stats->results += counter - nres;
  populate(o, blk, op, nop);
  place(o, nop);
  form_free(&f);
  return 0;
}

/* func.call: results are owned by the caller (ABI); a private callee
 * defined here passes ownership dynamically with extra i1 results. */
static int call_op(Own *o, uint32_t blk, uint32_t op, const uint32_t *regs) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  uint32_t callee = IR_NONE;
  uint32_t sym = ir_op_prop(m, op, "callee");
  if (sym && ir_attr(o->c, sym)->kind == IR_A_SYMREF &&
      ir_attr(o->c, sym)->n == 0)
    callee = own_lookup_func(o, op, ir_attr(o->c, sym)->str);
  int priv = callee != IR_NONE && own_func_is_private(o, callee) &&
             own_func_has_body(o, callee);
  Form f;
  form_init(o, op, &f);
  uint32_t nres = x->n_results;
  if (o->opts.private_function_dynamic_ownership && priv) {
    for (uint32_t k = 0; k < nres; k++)
      if (is_memref_type(m, ir_vtype(m, x->results + k)))
        u32_push(f.res, o->em.t_i1);
    uint32_t nop = form_emit(o, op, &f, regs);
    uint32_t counter = nres;
    for (uint32_t k = 0; k < nres; k++) {
      if (!is_memref_type(m, ir_vtype(m, x->results + k))) continue;
      uint32_t r = irb_op_result(o->b, nop, k);
      own_update(o, r, own_unique(irb_op_result(o->b, nop, counter++)), blk);
      own_add_dealloc(o, r, blk);
    }
    if (o->opts.stats) o->opts.stats->results += counter - nres;
    populate(o, blk, op, nop);
    place(o, nop);
  } else {
    own_before(o);
    o->em.loc = x->loc;
    uint32_t t = em_bool(&o->em, 1);
    uint32_t nop = form_emit(o, op, &f, regs);
    for (uint32_t k = 0; k < nres; k++) {
      if (!is_memref_type(m, ir_vtype(m, x->results + k))) continue;
      uint32_t r = irb_op_result(o->b, nop, k);
      own_update(o, r, own_unique(t), blk);
      own_add_dealloc(o, r, blk);
    }
    populate(o, blk, op, nop);
    place(o, nop);
  }
  form_free(&f);
  return 0;
}

int own_op(Own *o, uint32_t blk, uint32_t op) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  uint32_t mark = own_mark(o);
  uint32_t small[4], *regs = x->n_regions <= 4 ? small
                             : ir_xmalloc(x->n_regions * sizeof *regs);
  int r = 0;
  /* MLIR walks blocks in post order: the nested regions are done before
   * the block holding the op. */
  if (x->n_regions && own_regions(o, op, regs) < 0) {
    r = -1;
    goto out;
  }
  o->em.loc = x->loc;
  uint32_t opc = x->opc, tr = traits(m, op), first, n;
  if (opc == IR_OP_SELECT || opc == IR_OP_COND_BR || opc == IR_OP_IN_PARALLEL ||
      opc == IR_OP_REDUCE_RETURN) {
    r = own_interface(o, blk, op, regs);
    goto out;
  }
  if (preconditions(o, op) < 0) {
    r = -1;
    goto out;
  }
  if (has_effects(m, op) && effects_free(o, blk, op) < 0) {
    r = -1;
    goto out;
  }
  if (region_branch(m, op, &first, &n)) {
    r = region_op(o, blk, op, regs);
  } else if (tr & IR_TR_CALL) {
    r = call_op(o, blk, op, regs);
  } else if (tr & IR_TR_BRANCH) {
    r = branch(o, blk, op, regs);
  } else if (region_terminator(m, op, &first, &n)) {
    r = terminator(o, blk, op, regs);
  } else {
    Form f;
    form_init(o, op, &f);
    uint32_t nop = form_emit(o, op, &f, regs);
    if (has_effects(m, op)) effects_alloc(o, blk, op, nop);
    populate(o, blk, op, nop);
    place(o, nop);
    form_free(&f);
  }
out:
  if (regs != small) free(regs);
  own_release(o, mark);
  return r;
}

/* An op of a block the walk did not reach (MLIR leaves such blocks
 * alone), copied so that the output still verifies: a branch to a
 * processed block passes `false` for each ownership argument that block
 * gained, a call of a function that now returns ownerships gets those
 * results, a return of such a function returns `false` ownerships. */
int own_unreached_op(Own *o, uint32_t out, uint32_t op) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  uint32_t mark = own_mark(o), fv = IR_NONE, first, n;
  Form f;
  form_init(o, op, &f);
  U32Vec *vals = own_tmp(o);
  o->em.block = out;
  o->em.loc = x->loc;
  int rewrite = 0;
  for (uint32_t s = 0; s < x->n_succs; s++) {
    uint32_t t = m->succs[x->succs + s].block;
    if (t < o->lv.blk0 || t - o->lv.blk0 >= o->lv.n_blk ||
        !o->reached[t - o->lv.blk0])
      continue;
    const IrBlock *tb = &m->blocks[t];
    vals->n = 0;
    for (uint32_t a = 0; a < tb->n_args; a++) {
      if (!is_memref_type(m, m->values[tb->args + a].type)) continue;
      if (fv == IR_NONE) fv = em_bool(&o->em, 0);
      u32_push(vals, fv);
    }
    add_succ_operands(o, op, &f, s, vals->v, vals->n);
    rewrite |= vals->n != 0;
  }
  if (traits(m, op) & IR_TR_CALL) {
    uint32_t sym = ir_op_prop(m, op, "callee"), callee = IR_NONE;
    if (sym && ir_attr(o->c, sym)->kind == IR_A_SYMREF &&
        ir_attr(o->c, sym)->n == 0)
      callee = own_lookup_func(o, op, ir_attr(o->c, sym)->str);
    if (o->opts.private_function_dynamic_ownership && callee != IR_NONE &&
        own_func_is_private(o, callee) && own_func_has_body(o, callee))
      for (uint32_t k = 0; k < x->n_results; k++)
        if (is_memref_type(m, ir_vtype(m, x->results + k))) {
          u32_push(f.res, o->em.t_i1);
          rewrite = 1;
        }
  }
  uint32_t parent = m->regions[m->blocks[x->block].region].op;
  if (o->func_dynamic && parent == o->func &&
      region_terminator(m, op, &first, &n))
    for (uint32_t k = first; k < first + n; k++)
      if (is_memref_type(m, ir_vtype(m, ir_operand(m, op, k)))) {
        if (fv == IR_NONE) fv = em_bool(&o->em, 0);
        u32_push(f.opd, fv);
        rewrite = 1;
      }
  int r = 0;
  if (!rewrite && !x->n_regions) {
    if (irb_clone_op(o->b, out, o->map, op) == IR_NONE) r = -1;
  } else {
    /* Regions: their ops get the same treatment. */
    uint32_t small[4], *regs = x->n_regions <= 4 ? small
                               : ir_xmalloc(x->n_regions * sizeof *regs);
    for (uint32_t k = 0; k < x->n_regions && !r; k++) {
      regs[k] = irb_region(o->b);
      const IrRegion *rg = &m->regions[x->regions + k];
      irb_clone_blocks(o->b, regs[k], o->map, x->regions + k);
      for (uint32_t b = rg->blocks; b < rg->blocks + rg->n_blocks && !r; b++) {
        const IrBlock *bk = &m->blocks[b];
        uint32_t ob = ir_map_block(o->map, b);
        for (uint32_t i = bk->ops; i < bk->ops + bk->n_ops && !r; i++)
          r = own_unreached_op(o, ob, i);
      }
    }
    if (!r) irb_block_append_op(o->b, out, form_emit(o, op, &f, regs));
    if (regs != small) free(regs);
  }
  o->em.block = IR_NONE;
  form_free(&f);
  own_release(o, mark);
  return r;
}
