/*
 * ownership_edge.c - retained values a cf.cond_br edge can leave out.
 *
 * An scf.if result v whose scf.if sits in the branch's block and tests the
 * branch's own condition is, on the edge that condition selects (side s:
 * 0 = true = the then region), the very memref region s yields: call it y.
 * Retaining v there costs the lowered dealloc one more alias check, and
 * two cases make it redundant without changing what the dealloc does:
 *
 *   - y is an argument of the function. The function boundary ABI never
 *     gives a function ownership of its arguments, so no memref with a
 *     true condition aliases y: retained or not, v keeps nothing alive and
 *     its updated ownership is false.
 *   - y (its builder value) is retained on the same edge. v and y are one
 *     memref there, so whether a memref aliases "some retained value" is
 *     the same question with or without v, and v's updated ownership is
 *     y's, the same disjunction over the same aliases.
 *
 * y may also be reached through memref.cast ops (y = cast z, z an
 * argument or retained): a cast keeps the pointer, and the dealloc only
 * ever compares pointers, so v is z's memref as much as y's.
 *
 * Either way the dealloc frees the same buffers and v gets the ownership
 * it would have had, so successors see exactly what they saw before. (A
 * rule that only gave v a false ownership because region s yielded it
 * unowned is not enough: a dealloc frees only the first of two aliasing
 * memrefs, so a false v listed before an owned alias in a later block
 * keeps that alias alive forever.) mlir-opt-22 leaves v out of every
 * retained list (it loses the replaced scf.if result from its liveness);
 * these are the cases where that is safe.
 */
#include "ownership.h"

/* On side s of cf.cond_br op in blk, the input value that live memref v
 * is equal to, or IR_NONE. */
static uint32_t copy_on_side(Own *o, uint32_t blk, uint32_t op, uint32_t s,
                             uint32_t v) {
  const IrModule *m = o->m;
  const IrValue *x = &m->values[v];
  if (x->kind != IR_VAL_RESULT) return IR_NONE;
  uint32_t ifop = x->def;
  const IrOp *f = &m->ops[ifop];
  if (f->opc != IR_OP_IF || f->block != blk || f->n_regions != 2 ||
      ir_operand(m, ifop, 0) != ir_operand(m, op, 0))
    return IR_NONE;
  const IrRegion *rg = &m->regions[f->regions + s];
  if (rg->n_blocks != 1) return IR_NONE;
  const IrBlock *bk = &m->blocks[rg->blocks];
  if (!bk->n_ops) return IR_NONE;
  uint32_t term = bk->ops + bk->n_ops - 1, k = v - f->results;
  if (m->ops[term].opc != IR_OP_YIELD || k >= m->ops[term].n_operands)
    return IR_NONE;
  return ir_operand(m, term, k);
}

static int is_function_arg(Own *o, uint32_t v) {
  const IrModule *m = o->m;
  uint32_t entry = m->regions[m->ops[o->func].regions].blocks;
  return m->values[v].kind == IR_VAL_ARG && m->values[v].def == entry;
}

/* Position of builder value b in ret (the first), or IR_NONE. The map is
 * built on first use per call of own_edge_drop. */
static uint32_t position(Own *o, const U32Vec *ret, int *built, uint32_t b) {
  if (!*built) {
    u64map_clear(&o->pos);
    for (uint32_t i = ret->n; i-- > 0;)
      *u64map_put(&o->pos, ret->v[i]) = i;
    *built = 1;
  }
  uint64_t *p = u64map_get(&o->pos, b);
  return p ? (uint32_t)*p : IR_NONE;
}

/* y itself, or the memref a chain of memref.cast ops makes y from (a cast
 * keeps the pointer, so it is the same memref to a dealloc), that is a
 * function argument (*ref = IR_NONE) or retained in ret (*ref its index);
 * IR_NONE when there is none. */
static uint32_t retained_source(Own *o, const U32Vec *ret, int *built,
                                uint32_t y, uint32_t *ref) {
  const IrModule *m = o->m;
  for (;;) {
    *ref = IR_NONE;
    if (is_function_arg(o, y)) return y;
    *ref = position(o, ret, built, own_val(o, y));
    if (*ref != IR_NONE) return y;
    const IrValue *x = &m->values[y];
    if (x->kind != IR_VAL_RESULT || m->ops[x->def].opc != IR_OP_MEMREF_CAST)
      return IR_NONE;
    y = ir_operand(m, x->def, 0);
  }
}

void own_edge_drop(Own *o, uint32_t blk, uint32_t op, uint32_t s, U32Vec *ret,
                   const U32Vec *live, U32Vec *drop) {
  uint32_t nf = ret->n - live->n, n = ret->n;
  U32Vec *flag = NULL;  /* per entry: 0 keep, 1 dropped, 2 pinned */
  int built = 0;
  drop->n = 0;
  for (uint32_t i = 0; i < live->n; i++) {
    uint32_t vb = ret->v[nf + i];
    if (flag && flag->v[nf + i] == 2) continue;
    uint32_t y = copy_on_side(o, blk, op, s, live->v[i]);
    if (y == IR_NONE) continue;
    /* Forwarded on this side: its ownership goes to a block argument. */
    if (position(o, ret, &built, vb) < nf) continue;
    uint32_t ref = IR_NONE;  /* index of the retained y, or none */
    y = retained_source(o, ret, &built, y, &ref);
    if (y == IR_NONE) continue;
    if (ref != IR_NONE) {
      if (ret->v[ref] == vb) continue;
      if (flag && flag->v[ref] == 1) continue;
    }
    if (!flag) {
      flag = own_tmp(o);
      for (uint32_t k = 0; k < n; k++) u32_push(flag, 0);
    }
    flag->v[nf + i] = 1;
    if (ref != IR_NONE) flag->v[ref] = 2;  /* v's ownership will be y's */
    u32_push(drop, vb);
    u32_push(drop, ref);
    u32_push(drop, y);
  }
  if (!flag) return;
  /* Compact; flag->v[k] becomes the new index of a kept entry. */
  uint32_t w = 0;
  for (uint32_t k = 0; k < n; k++) {
    if (flag->v[k] == 1) continue;
    flag->v[k] = w;
    ret->v[w++] = ret->v[k];
  }
  ret->n = w;
  for (uint32_t k = 1; k < drop->n; k += 3)
    if (drop->v[k] != IR_NONE) drop->v[k] = flag->v[drop->v[k]];
}

int own_edge_same(Own *o, uint32_t blk, const U32Vec *live, uint32_t i,
                  int *built) {
  const IrModule *m = o->m;
  uint32_t v = own_val(o, live->v[i]);
  uint64_t *sp = u64map_get(&o->same, v);
  if (!sp) return 0;
  uint32_t y = (uint32_t)*sp;
  if (own_gone(o, y)) return 0;
  if (m->blocks[own_def_block(m, y)].region != m->blocks[blk].region)
    return 0;
  if (!*built) {
    u64map_clear(&o->pos);
    for (uint32_t k = 0; k < live->n; k++)
      *u64map_put(&o->pos, live->v[k]) = k;
    *built = 1;
  }
  uint64_t *p = u64map_get(&o->pos, y);
  if (!p || *p >= i) return 0;
  Ownership wv = own_get(o, v, blk), wy = own_get(o, own_val(o, y), blk);
  return wv.state == OWN_UNIQUE && wy.state == OWN_UNIQUE &&
         wv.ind == wy.ind && em_const_bool(&o->em, wv.ind) < 0;
}
