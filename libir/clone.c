/*
 * clone.c - copying ops of a frozen module into a builder: the skeleton of
 * every pass, which reads its (immutable) input and appends its output.
 *
 * An IrMap remembers, for each value and block of the input, its handle in
 * the builder. A use met before its definition (a block that comes later in
 * the region, or a graph region such as the module body) gets a builder
 * placeholder, resolved when the definition is cloned; freeze follows the
 * chain. So any op order the verifier accepts clones as it is.
 */
#include <stdlib.h>

#include "irint.h"

/* Bit set on IrMap.val entries that are placeholders awaiting their
 * definition. Builder handles stay below IR_MAX_COUNT (2^28), so the top bit
 * is free. */
#define PH_BIT 0x80000000u

void ir_map_init(IrMap *map, const IrModule *m) {
  map->m = m;
  map->val = ir_xmalloc(((size_t)m->n_values + 1) * sizeof *map->val);
  map->blk = ir_xmalloc(((size_t)m->n_blocks + 1) * sizeof *map->blk);
  memset(map->val, 0xff, ((size_t)m->n_values + 1) * sizeof *map->val);
  memset(map->blk, 0xff, ((size_t)m->n_blocks + 1) * sizeof *map->blk);
  map->hook = NULL;
  map->ud = NULL;
}

void ir_map_free(IrMap *map) {
  free(map->val);
  free(map->blk);
  map->val = map->blk = NULL;
}

uint32_t ir_map_val(IrBuilder *b, IrMap *map, uint32_t v) {
  ir_assert(v < map->m->n_values);
  uint32_t h = map->val[v];
  if (h == IR_NONE) {
    h = irb_placeholder(b, map->m->values[v].type);
    map->val[v] = h | PH_BIT;
    return h;
  }
  return h & ~PH_BIT;
}

void ir_map_set_val(IrBuilder *b, IrMap *map, uint32_t v, uint32_t h) {
  ir_assert(v < map->m->n_values);
  uint32_t old = map->val[v];
  if (old != IR_NONE && (old & PH_BIT)) irb_resolve(b, old & ~PH_BIT, h);
  map->val[v] = h;
}

uint32_t ir_map_block(const IrMap *map, uint32_t blk) {
  ir_assert(blk < map->m->n_blocks && map->blk[blk] != IR_NONE);
  return map->blk[blk];
}

void irb_clone_blocks(IrBuilder *b, uint32_t dst, IrMap *map, uint32_t r) {
  const IrModule *m = map->m;
  const IrRegion *rg = &m->regions[r];
  for (uint32_t k = 0; k < rg->n_blocks; k++) {
    uint32_t bi = rg->blocks + k;
    const IrBlock *bk = &m->blocks[bi];
    uint32_t nb = irb_block(b, dst);
    map->blk[bi] = nb;
    for (uint32_t a = 0; a < bk->n_args; a++) {
      const IrValue *v = &m->values[bk->args + a];
      ir_map_set_val(b, map, bk->args + a,
                     irb_block_arg_loc(b, nb, v->type, v->loc));
    }
  }
}

int irb_clone_block_ops(IrBuilder *b, IrMap *map, uint32_t blk) {
  const IrBlock *bk = &map->m->blocks[blk];
  uint32_t nb = ir_map_block(map, blk);
  for (uint32_t o = bk->ops; o < bk->ops + bk->n_ops; o++) {
    int r = map->hook ? map->hook(map->ud, b, nb, map, o) : 0;
    if (r < 0) return -1;
    if (r == 0 && irb_clone_op(b, nb, map, o) == IR_NONE) return -1;
  }
  return 0;
}

int irb_clone_region(IrBuilder *b, uint32_t dst, IrMap *map, uint32_t r) {
  const IrRegion *rg = &map->m->regions[r];
  irb_clone_blocks(b, dst, map, r);
  for (uint32_t k = 0; k < rg->n_blocks; k++)
    if (irb_clone_block_ops(b, map, rg->blocks + k) < 0) return -1;
  return 0;
}

uint32_t irb_clone_op_with(IrBuilder *b, uint32_t block, IrMap *map,
                           uint32_t op, const IrCloneOver *over) {
  const IrModule *m = map->m;
  const IrOp *o = &m->ops[op];
  uint32_t n_opd = over && over->operands ? over->n_operands : o->n_operands;
  uint32_t n_res = over && over->result_types ? over->n_results : o->n_results;
  uint32_t small_opd[16], small_res[16], small_tys[16];
  IrBSucc small_succ[4];
  uint32_t *opd = n_opd <= 16 ? small_opd : ir_xmalloc(n_opd * sizeof *opd);
  uint32_t *tys = n_res <= 16 ? small_tys : ir_xmalloc(n_res * sizeof *tys);
  IrBSucc *succ = o->n_succs <= 4 ? small_succ
                                  : ir_xmalloc(o->n_succs * sizeof *succ);
  (void)small_res;
  const IrBSucc *succs = succ;
  uint32_t n_succs = o->n_succs;

  if (over && over->operands)
    memcpy(opd, over->operands, n_opd * sizeof *opd);
  else
    for (uint32_t i = 0; i < n_opd; i++)
      opd[i] = ir_map_val(b, map, m->operands[o->operands + i]);
  if (over && over->result_types)
    memcpy(tys, over->result_types, n_res * sizeof *tys);
  else
    for (uint32_t i = 0; i < n_res; i++)
      tys[i] = m->values[o->results + i].type;
  if (over && over->succs) {
    succs = over->succs;
    n_succs = over->n_succs;
  } else {
    for (uint32_t s = 0; s < o->n_succs; s++) {
      const IrSucc *sc = &m->succs[o->succs + s];
      succ[s].block = ir_map_block(map, sc->block);
      succ[s].first = sc->n_operands ? sc->operands - o->operands : 0;
      succ[s].count = sc->n_operands;
      ir_assert(succ[s].first + succ[s].count <= n_opd);
    }
  }

  IrOpSpec spec = {0};
  spec.name = over && over->name ? over->name : o->name;
  spec.loc = o->loc;
  spec.operands = opd;
  spec.n_operands = n_opd;
  spec.result_types = tys;
  spec.n_results = n_res;
  spec.n_regions = o->n_regions;
  spec.succs = succs;
  spec.n_succs = n_succs;
  spec.props = over && over->set_props ? over->props : o->props;
  spec.attrs = over && over->set_attrs ? over->attrs : o->attrs;
  uint32_t nop = irb_op(b, block, &spec);

  /* Results first, so a graph region inside may refer to them. */
  uint32_t n_map = n_res < o->n_results ? n_res : o->n_results;
  for (uint32_t i = 0; i < n_map; i++)
    ir_map_set_val(b, map, o->results + i, irb_op_result(b, nop, i));
  int bad = 0;
  if (!(over && over->skip_regions))
    for (uint32_t k = 0; k < o->n_regions && !bad; k++)
      bad = irb_clone_region(b, irb_op_region(b, nop, k), map,
                             o->regions + k) < 0;

  if (opd != small_opd) free(opd);
  if (tys != small_tys) free(tys);
  if (succ != small_succ) free(succ);
  return bad ? IR_NONE : nop;
}

/* irb_clone_op_with without overrides: the op as it is, its operands
 * mapped in place. Every pass copies most ops this way, so it skips the
 * override tests and the copies of irb_clone_op_with. */
uint32_t irb_clone_op(IrBuilder *b, uint32_t block, IrMap *map, uint32_t op) {
  const IrModule *m = map->m;
  const IrOp *o = &m->ops[op];
  if (o->n_operands > 16 || o->n_results > 16 || o->n_succs > 4)
    return irb_clone_op_with(b, block, map, op, NULL);
  uint32_t opd[16], tys[16];
  IrBSucc succ[4];
  const uint32_t *src = m->operands + o->operands;
  for (uint32_t i = 0; i < o->n_operands; i++) {
    uint32_t v = src[i], h = map->val[v];
    opd[i] = h == IR_NONE ? ir_map_val(b, map, v) : h & ~PH_BIT;
  }
  const IrValue *res = m->values + o->results;
  for (uint32_t i = 0; i < o->n_results; i++) tys[i] = res[i].type;
  for (uint32_t s = 0; s < o->n_succs; s++) {
    const IrSucc *sc = &m->succs[o->succs + s];
    succ[s].block = ir_map_block(map, sc->block);
    succ[s].first = sc->n_operands ? sc->operands - o->operands : 0;
    succ[s].count = sc->n_operands;
  }
  IrOpSpec spec;
  spec.name = o->name;
  spec.loc = o->loc;
  spec.operands = opd;
  spec.n_operands = o->n_operands;
  spec.result_types = tys;
  spec.n_results = o->n_results;
  spec.regions = NULL;
  spec.n_regions = o->n_regions;
  spec.succs = succ;
  spec.n_succs = o->n_succs;
  spec.props = o->props;
  spec.attrs = o->attrs;
  uint32_t nop = irb_op(b, block, &spec);
  /* an op's results are consecutive handles: one call for the first */
  uint32_t r0 = o->n_results ? irb_op_result(b, nop, 0) : 0;
  for (uint32_t i = 0; i < o->n_results; i++) {
    uint32_t h = r0 + i, old = map->val[o->results + i];
    if (old != IR_NONE && (old & PH_BIT)) irb_resolve(b, old & ~PH_BIT, h);
    map->val[o->results + i] = h;
  }
  for (uint32_t k = 0; k < o->n_regions; k++)
    if (irb_clone_region(b, irb_op_region(b, nop, k), map, o->regions + k) < 0)
      return IR_NONE;
  return nop;
}

IrModule *ir_clone_module_room(const IrModule *m, IrCloneHook hook, void *ud,
                               const char **why, uint32_t ops_x2,
                               uint32_t vals_x2, uint32_t operands_x2) {
  IrBuilder *b = irb_new(m->ctx);
  /* Room for the copy up front rather than growing every builder array by
   * doubling, each step a realloc and a copy (mixed bench, dd-own's
   * ownership pass: 4.4M of 78M instructions went to regrowing). */
  irb_reserve(b, (uint32_t)((uint64_t)m->n_ops * ops_x2 / 2) + 64,
              (uint32_t)((uint64_t)m->n_values * vals_x2 / 2) + 64,
              (uint32_t)((uint64_t)m->n_operands * operands_x2 / 2) + 64,
              m->n_blocks + m->n_blocks / 4 + 16);
  IrMap map;
  ir_map_init(&map, m);
  map.hook = hook;
  map.ud = ud;
  IrModule *out = NULL;
  uint32_t root = irb_clone_op(b, IR_NONE, &map, 0);
  if (root != IR_NONE)
    out = irb_freeze(b, root, why);
  else if (why)
    *why = "a pass failed";
  ir_map_free(&map);
  irb_free(b);
  return out;
}

/* The copy is about the input's size (a pass adds a little). */
IrModule *ir_clone_module(const IrModule *m, IrCloneHook hook, void *ud,
                          const char **why) {
  return ir_clone_module_room(m, hook, ud, why, 3, 3, 3);
}
