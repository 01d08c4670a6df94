/*
 * ownership_form.c - the output op of an input op, built once its final
 * form is known: the operands, results and successor operands handlers
 * extend, and the default ownership of results no handler set.
 */
#include "ownership.h"

/* ====================================================================== */
/* Building the output op                                                 */
/* ====================================================================== */


void own_form_init(Own *o, uint32_t op, Form *f) {
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
  f->succs = x->n_succs <= 2 ? f->succ
                             : ir_xmalloc(x->n_succs * sizeof *f->succs);
  for (uint32_t s = 0; s < x->n_succs; s++) {
    const IrSucc *sc = &m->succs[x->succs + s];
    f->succs[s].block = ir_map_block(o->map, sc->block);
    f->succs[s].first = sc->n_operands ? sc->operands - x->operands : 0;
    f->succs[s].count = sc->n_operands;
  }
  f->props = x->props;
}

/* &operands[k] (NULL while there are none: no arithmetic on NULL). */
uint32_t *own_form_at(const Form *f, uint32_t k) {
  return f->opd->v ? f->opd->v + k : NULL;
}

/* The lists come from own_tmp (given back by own_op). */
void own_form_free(Form *f) {
  if (f->succs != f->succ) free(f->succs);
}

/* Create the output op for input op `op` (detached; placed later) and map
 * its original results. */
uint32_t own_form_emit(Own *o, uint32_t op, const Form *f,
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
void own_grow_last_segment(Own *o, Form *f, uint32_t extra) {
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
void own_add_succ_operands(Own *o, uint32_t op, Form *f, uint32_t s,
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
void own_populate(Own *o, uint32_t blk, uint32_t op, uint32_t nop) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[op];
  for (uint32_t k = 0; k < x->n_results; k++) {
    if (!own_memref_type(m, ir_vtype(m, x->results + k))) continue;
    uint32_t r = irb_op_result(o->b, nop, k);
    if (own_get(o, r, blk).state != OWN_UNINIT) continue;
    for (uint32_t i = 0; i < x->n_operands; i++) {
      uint32_t v = ir_operand(m, op, i);
      if (!own_memref_type(m, ir_vtype(m, v))) continue;
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

void own_place(Own *o, uint32_t nop) {
  own_before(o);
  em_place(&o->em, nop);
}
