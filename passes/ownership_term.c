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

/* The memrefs an scf.yield of an scf.if region forwards, with their
 * ownerships (upd), for own_cond_branch (Own.ifs). */
static void note_if_yield(Own *o, uint32_t blk, uint32_t op, const Form *f,
                          const U32Vec *upd) {
  const IrModule *m = o->m;
  uint32_t rg = m->blocks[blk].region, parent = m->regions[rg].op;
  uint32_t slot = rg - m->ops[parent].regions, kmem = 0;
  uint32_t entry = m->regions[m->ops[o->func].regions].blocks;
  for (uint32_t k = 0; k < m->ops[op].n_operands && kmem < upd->n; k++) {
    uint32_t y = ir_operand(m, op, k);
    if (!own_memref_type(m, ir_vtype(m, y))) continue;
    const IrValue *yv = &m->values[y];
    uint32_t yb = yv->kind == IR_VAL_ARG && yv->def == entry ? IR_NONE
                                                               : f->opd->v[k];
    *u64map_put(&o->ifs, own_if_key(parent, kmem, slot)) =
        (uint64_t)yb << 32 | upd->v[kmem];
    kmem++;
  }
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
  if (r > 0 && m->ops[parent].opc == IR_OP_IF) note_if_yield(o, blk, op, &f, upd);
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

/* The index of x among the memref results of its op. */
static uint32_t memref_result_index(const IrModule *m, uint32_t x) {
  const IrValue *v = &m->values[x];
  uint32_t n = 0;
  for (uint32_t k = m->ops[v->def].results; k < x; k++)
    n += own_memref_type(m, m->values[k].type);
  return n;
}

static int in_list(const uint32_t *l, uint32_t n, uint32_t x) {
  for (uint32_t i = 0; i < n; i++)
    if (l[i] == x) return 1;
  return 0;
}

/* May the memref v (input value, live into successor s of cf.cond_br op
 * in blk; builder value vb) go unretained on that side, not owned there?
 * MLIR frees such values before the branch (it lost them from its liveness
 * when it replaced their scf.if); we do it only where that is provably
 * safe: v is a result of an scf.if in blk on the same condition, so on
 * side s it is the value region s yielded, that region yielded it without
 * ownership (v's condition in the dealloc is false there), and that value
 * needs no protection from the dealloc: it is retained on that side too
 * (ret, nret), or it is an argument of the function, which no owned buffer
 * aliases (the function boundary ABI never gives up arguments). */
static int unowned_on_side(Own *o, uint32_t blk, uint32_t op, uint32_t s,
                           uint32_t v, uint32_t vb, const uint32_t *ret,
                           uint32_t nret) {
  const IrModule *m = o->m;
  const IrValue *x = &m->values[v];
  if (x->kind != IR_VAL_RESULT) return 0;
  uint32_t ifop = x->def;
  if (m->ops[ifop].opc != IR_OP_IF || m->ops[ifop].block != blk ||
      ir_operand(m, ifop, 0) != ir_operand(m, op, 0))
    return 0;
  uint32_t kmem = memref_result_index(m, v);
  uint64_t *res = u64map_get(&o->ifs, own_if_key(ifop, kmem, 2));
  uint64_t *yl = u64map_get(&o->ifs, own_if_key(ifop, kmem, s));
  Ownership w = own_get(o, vb, blk);
  if (!res || !yl || w.state != OWN_UNIQUE || w.ind != (uint32_t)*res)
    return 0;
  uint32_t yb = (uint32_t)(*yl >> 32), yown = (uint32_t)*yl;
  if (!own_known_false(o, yown)) return 0;
  return yb == IR_NONE || (yb != vb && in_list(ret, nret, yb));
}

/* cf.cond_br: one dealloc per successor, the conditions conjoined with the
 * branch condition or its negation; values retained on both sides get the
 * ownership selected by the branch condition. A value unowned on a side
 * (unowned_on_side) is not retained there and has a false ownership on
 * that side. */
int own_cond_branch(Own *o, uint32_t blk, uint32_t op) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  Form f;
  own_form_init(o, op, &f);
  U32Vec *mem = own_tmp(o), *cond = own_tmp(o), *adapted = own_tmp(o);
  U32Vec *live = own_tmp(o);
  U32Vec *ret[2] = {own_tmp(o), own_tmp(o)};
  U32Vec *map[2] = {own_tmp(o), own_tmp(o)};  /* per side: pairs */
  U32Vec *drop[2] = {own_tmp(o), own_tmp(o)};  /* per side: unowned values */
  own_before(o);
  o->em.loc = x->loc;
  int r = own_dealloc_operands(o, blk, x->loc, mem, cond);
  if (r < 0) goto out;
  uint32_t bcond = f.opd->v[0];
  /* Both retained lists first: unowned_on_side reads the ownerships from
   * before the deallocs. */
  for (uint32_t s = 0; s < 2; s++) {
    const uint32_t *fwd = own_form_at(&f, f.succs[s].first);
    uint32_t nfwd = f.succs[s].count;
    own_retained(o, blk, m->succs[x->succs + s].block, fwd, nfwd, ret[s],
                 live);
    uint32_t nf = ret[s]->n - live->n, n = nf;
    for (uint32_t i = 0; i < live->n; i++) {
      uint32_t vb = ret[s]->v[nf + i];
      if (!in_list(ret[s]->v, nf, vb) &&
          unowned_on_side(o, blk, op, s, live->v[i], vb, ret[s]->v,
                          ret[s]->n)) {
        u32_push(drop[s], vb);
        continue;
      }
      ret[s]->v[n++] = vb;
    }
    ret[s]->n = n;
  }
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
  /* Unowned values: a false ownership on their side. */
  if (drop[0]->n || drop[1]->n) {
    own_before(o);
    uint32_t fv = em_bool(&o->em, 0);
    for (uint32_t s = 0; s < 2; s++)
      for (uint32_t i = 0; i < drop[s]->n; i++) {
        u32_push(map[s], drop[s]->v[i]);
        u32_push(map[s], fv);
        u32_push(ret[s], drop[s]->v[i]);
      }
    /* on one side only: that is its ownership */
    for (uint32_t s = 0; s < 2; s++)
      for (uint32_t i = 0; i < drop[s]->n; i++) {
        uint32_t v = drop[s]->v[i];
        if (in_list(ret[1 - s]->v, ret[1 - s]->n, v)) continue;
        own_reset(o, v, blk);
        own_update(o, v, own_unique(fv), blk);
      }
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
    /* (equal only when unowned on both sides) */
    own_update(o, v, own_unique(wt == wf ? wt : em_select(&o->em, bcond, wt, wf)),
               blk);
  }
  own_place(o, own_form_emit(o, op, &f, NULL));
out:
  own_form_free(&f);
  return r;
}
