/*
 * ownership_term.c - the terminators: the function boundary ABI on
 * returns (owned memrefs only, cloned at run time when not), the dealloc
 * before a return-like terminator, a branch, or a cf.cond_br (one per
 * successor), and the ownerships they pass on.
 */
#include "ownership.h"

/* ====================================================================== */
/* Ownership materialization (function returns)                           */
/* ====================================================================== */

/* getMemrefWithUniqueOwnership: the memref and its indicator, through a
 * clone (owned, deallocated at the block end) when it is not unique. */
static uint32_t own_unique_or_clone(Own *o, uint32_t vin, uint32_t v,
                                    uint32_t blk, uint32_t *ind) {
  Ownership w = own_get(o, v, blk);
  if (w.state == OWN_UNIQUE) {
    *ind = w.ind;
    return v;
  }
  own_before(o);
  o->em.loc = own_value_loc(o->m, vin);
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
static uint32_t own_materialize_unique(Own *o, uint32_t vin, uint32_t v,
                                       uint32_t blk, uint32_t *ind) {
  const IrModule *m = o->m;
  const IrValue *x = &m->values[vin];
  if (own_def_block(m, vin) == blk && x->kind == IR_VAL_RESULT &&
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
  return own_unique_or_clone(o, vin, v, blk, ind);
}

/* materializeMemrefWithGuaranteedOwnership: the function boundary ABI
 * returns only owned memrefs; a memref not owned for sure is cloned when
 * its indicator is false at run time. */
static uint32_t own_materialize_owned(Own *o, uint32_t vin, uint32_t blk) {
  uint32_t ind, v = own_materialize_unique(o, vin, own_val(o, vin), blk, &ind);
  if (em_const_bool(&o->em, ind) == 1) return v;
  own_before(o);
  o->em.loc = own_value_loc(o->m, vin);
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
int own_return_dealloc(Own *o, uint32_t blk, uint32_t op,
                       const uint32_t *fwd, uint32_t nfwd, U32Vec *upd) {
  U32Vec *mem = own_tmp(o), *cond = own_tmp(o), *ret = own_tmp(o);
  own_before(o);
  o->em.loc = o->m->ops[op].loc;
  int r = own_dealloc_operands(o, blk, o->m->ops[op].loc, mem, cond);
  if (r == 0) {
    own_retained(o, blk, IR_NONE, fwd, nfwd, ret, NULL);
    if (mem->n || ret->n) {
      own_before(o);
      uint32_t d = own_emit_dealloc(o, blk, mem, cond, ret);
      uint32_t nm = 0;
      for (uint32_t i = 0; i < nfwd; i++) nm += own_is_memref(o, fwd[i]);
      for (uint32_t i = 0; i < nm; i++)
        u32_push(upd, irb_op_result(o->b, d, i));
      r = 1;
    }
  }
  return r;
}

/* A return-like terminator (func.return, scf.yield, scf.condition, ...). */
int own_terminator(Own *o, uint32_t blk, uint32_t op, const uint32_t *regs) {
  const IrModule *m = o->m;
  uint32_t first, n;
  own_region_terminator(m, op, &first, &n);
  Form f;
  own_form_init(o, op, &f);
  uint32_t parent = m->regions[m->blocks[blk].region].op;
  int to_func = m->ops[parent].opc == IR_OP_FUNC;
  int abi = to_func && !(o->opts.private_function_dynamic_ownership &&
                         own_func_is_private(o, parent));
  if (abi)
    for (uint32_t k = 0; k < m->ops[op].n_operands; k++) {
      uint32_t v = ir_operand(m, op, k);
      if (own_memref_type(m, ir_vtype(m, v)))
        f.opd->v[k] = own_materialize_owned(o, v, blk);
    }
  U32Vec *upd = own_tmp(o);
  int r = own_return_dealloc(o, blk, op, own_form_at(&f, first), n, upd);
  if (r < 0) {
    own_form_free(&f);
    return -1;
  }
  if (!abi && r > 0) {
    /* The ownerships go after the forwarded operands, which end the
     * operand list of every terminator handled here. */
    for (uint32_t i = 0; i < upd->n; i++) u32_push(f.opd, upd->v[i]);
    own_grow_last_segment(o, &f, upd->n);
  }
  uint32_t nop = own_form_emit(o, op, &f, regs);
  own_place(o, nop);
  own_form_free(&f);
  return 0;
}

/* A branch with one successor (cf.br). */
int own_branch(Own *o, uint32_t blk, uint32_t op, const uint32_t *regs) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  if (x->n_succs != 1)
    return own_error(o, op, x->n_succs > 1
                            ? "BranchOpInterface operations with multiple "
                              "successors are not supported yet"
                            : "only BranchOpInterface operations with exactly "
                              "one successor are supported yet");
  Form f;
  own_form_init(o, op, &f);
  U32Vec *mem = own_tmp(o), *cond = own_tmp(o), *ret = own_tmp(o);
  own_before(o);
  o->em.loc = x->loc;
  int r = own_dealloc_operands(o, blk, x->loc, mem, cond);
  if (r == 0) {
    const IrSucc *sc = &m->succs[x->succs];
    const uint32_t *fwd = own_form_at(&f, f.succs[0].first);
    own_retained(o, blk, sc->block, fwd, f.succs[0].count, ret, NULL);
    own_before(o);
    uint32_t d = own_emit_dealloc(o, blk, mem, cond, ret);
    uint32_t nm = 0;
    for (uint32_t i = 0; i < f.succs[0].count; i++)
      nm += own_is_memref(o, fwd[i]);
    U32Vec *add = own_tmp(o);
    for (uint32_t i = 0; i < nm; i++) u32_push(add, irb_op_result(o->b, d, i));
    own_add_succ_operands(o, op, &f, 0, add->v, add->n);
    uint32_t nop = own_form_emit(o, op, &f, regs);
    own_place(o, nop);
  }
  own_form_free(&f);
  return r;
}

/* The last ownership map m pairs with v, or IR_NONE. */
static uint32_t paired(const U32Vec *m, uint32_t v) {
  uint32_t w = IR_NONE;
  for (uint32_t j = 0; j < m->n; j += 2)
    if (m->v[j] == v) w = m->v[j + 1];
  return w;
}

/* Is v among the dropped values of list d (own_edge_drop's triples)? */
static int paired_dropped(const U32Vec *d, uint32_t v) {
  for (uint32_t j = 0; j < d->n; j += 3)
    if (d->v[j] == v) return 1;
  return 0;
}

/* cf.cond_br: one dealloc per successor, the conditions conjoined with the
 * branch condition or its negation; values retained on both sides get the
 * ownership selected by the branch condition. Retained values that are on
 * one side the same memref as something else (own_edge_drop) are left out
 * there and take that something's ownership on that side. */
int own_cond_branch(Own *o, uint32_t blk, uint32_t op) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  Form f;
  own_form_init(o, op, &f);
  U32Vec *mem = own_tmp(o), *cond = own_tmp(o), *adapted = own_tmp(o);
  U32Vec *live[2] = {own_tmp(o), own_tmp(o)};
  U32Vec *ret[2] = {own_tmp(o), own_tmp(o)};
  U32Vec *map[2] = {own_tmp(o), own_tmp(o)};  /* per side: pairs */
  U32Vec *drop[2] = {own_tmp(o), own_tmp(o)};  /* per side: own_edge_drop */
  own_before(o);
  o->em.loc = x->loc;
  int r = own_dealloc_operands(o, blk, x->loc, mem, cond);
  if (r < 0) goto out;
  uint32_t bcond = f.opd->v[0], nf[2];
  for (uint32_t s = 0; s < 2; s++) {
    const uint32_t *fwd = own_form_at(&f, f.succs[s].first);
    uint32_t nfwd = f.succs[s].count;
    own_retained(o, blk, m->succs[x->succs + s].block, fwd, nfwd, ret[s],
                 live[s]);
    nf[s] = ret[s]->n - live[s]->n;
    own_edge_drop(o, blk, op, s, ret[s], live[s], drop[s]);
  }
  own_edge_dead(o, blk, op, ret, nf, live, drop);
  for (uint32_t s = 0; s < 2; s++) {
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
    /* The dropped values' ownerships on this side, after the retained
     * ones (the successor operands below never look them up: a dropped
     * value is not forwarded on its side). */
    for (uint32_t i = 0; i < drop[s]->n; i += 3) {
      uint32_t k = drop[s]->v[i + 1];
      u32_push(map[s], drop[s]->v[i]);
      u32_push(map[s], k == IR_NONE ? em_bool(&o->em, 0)
                                    : irb_op_result(o->b, d, k));
    }
  }
  /* The successor operands: forwarded values, then their ownerships (the
   * last dealloc result of each, as MLIR's map keeps). */
  for (uint32_t s = 0; s < 2; s++) {
    U32Vec *add = own_tmp(o);
    const uint32_t *fwd = own_form_at(&f, f.succs[s].first);
    for (uint32_t i = 0; i < f.succs[s].count; i++) {
      if (!own_is_memref(o, fwd[i])) continue;
      uint32_t w = IR_NONE;
      for (uint32_t j = 0; j < map[s]->n; j += 2)
        if (map[s]->v[j] == fwd[i]) w = map[s]->v[j + 1];
      ir_assert(w != IR_NONE);
      u32_push(add, w);
    }
    own_add_succ_operands(o, op, &f, s, add->v, add->n);
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
  /* Dropped values: the same, but a value dropped on one side and not
   * retained on the other takes its dropped-side ownership (only that
   * side's successor sees it). When that is the ownership of a value
   * retained there, it takes that value's ownership as it now stands (the
   * same on that side) and is noted as its copy (own_edge_same). */
  for (uint32_t s = 0; s < 2; s++)
    for (uint32_t i = 0; i < drop[s]->n; i += 3) {
      uint32_t v = drop[s]->v[i], k = drop[s]->v[i + 1];
      uint32_t wt = paired(map[0], v), wf = paired(map[1], v), w;
      if (s == 0 && wf != IR_NONE && !paired_dropped(drop[1], v))
        continue;  /* retained on side 1: the loop above did it */
      if (s == 1 && wt != IR_NONE && paired_dropped(drop[0], v))
        continue;  /* dropped on both sides: done at s == 0 */
      own_before(o);
      if (wt != IR_NONE && wf != IR_NONE) {
        w = em_select(&o->em, bcond, wt, wf);
      } else {
        w = s == 0 ? wt : wf;
        if (k != IR_NONE) {
          Ownership wy = own_get(o, ret[s]->v[k], blk);
          if (wy.state == OWN_UNIQUE) {
            w = wy.ind;
            *u64map_put(&o->same, v) = drop[s]->v[i + 2];
          }
        }
      }
      own_reset(o, v, blk);
      own_update(o, v, own_unique(w), blk);
    }
  own_place(o, own_form_emit(o, op, &f, NULL));
out:
  own_form_free(&f);
  return r;
}
