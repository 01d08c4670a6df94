/*
 * ownership.c - the driver of MLIR's ownership-based buffer deallocation
 * (-ownership-based-buffer-deallocation): every func.func with a body is
 * rebuilt block by block in MLIR's order (a depth-first walk of each
 * region from its entry block, nested regions before the block that holds
 * them), each block starting from its live-in memrefs and arguments and
 * ending with bufferization.dealloc ops (ownership_ops.c). See
 * ../shared/seeds/000_*.txt for the algorithm.
 *
 * Where mlir-opt-22 fails we do better: unstructured control-flow loops
 * are processed (MLIR 22 rejects them; the depth-first order and the
 * liveness fixpoint need nothing more), and uses of values that MLIR
 * replaced while processing (the results of region-branch ops that gain
 * ownership results) go through the value map, where MLIR reads freed
 * memory. Blocks unreachable from their region's entry are kept as they
 * are (MLIR leaves them alone too), with false ownerships passed to
 * processed successors so the output stays valid.
 */
#include "ownership.h"

int own_type_is_memref_miss(Own *o, uint32_t t) {
  if (t >= o->n_memref) {
    uint32_t n = o->n_memref ? o->n_memref : 256;
    while (n <= t) {
      if (n > UINT32_MAX / 2) ir_die("type id overflow");
      n *= 2;
    }
    o->memref = ir_xrealloc(o->memref, n);
    memset(o->memref + o->n_memref, 0, n - o->n_memref);
    o->n_memref = n;
  }
  int is = ir_type_is_memref(o->c, t);
  o->memref[t] = (uint8_t)(is + 1);
  return is;
}

static int keep_memref(const IrModule *m, uint32_t v, void *ud) {
  return own_type_is_memref(ud, m->values[v].type);
}

/* The nearest op holding `op` that is a symbol table (a module). */
static uint32_t symbol_table_of(const IrModule *m, uint32_t op) {
  for (uint32_t p = ir_op_parent(m, op); p != IR_NONE; p = ir_op_parent(m, p))
    if (ir_op_traits(m->ops[p].opc) & IR_TR_SYMBOL_TABLE)
      return p;
  return IR_NONE;
}

uint32_t own_lookup_func(Own *o, uint32_t from, uint32_t name) {
  uint32_t table = symbol_table_of(o->m, from);
  if (table == IR_NONE) return IR_NONE;
  uint64_t *p = u64map_get(&o->funcs, (uint64_t)table << 32 | name);
  return p ? (uint32_t)*p : IR_NONE;
}

int own_func_is_private(Own *o, uint32_t func) {
  uint32_t vis = ir_op_prop(o->m, func, "sym_visibility");
  return vis && ir_attr(o->c, vis)->kind == IR_A_STRING &&
         ir_attr(o->c, vis)->str == o->s_private;
}

int own_func_has_body(Own *o, uint32_t func) {
  const IrOp *x = &o->m->ops[func];
  return x->n_regions && o->m->regions[x->regions].n_blocks;
}

/* Is region a a proper ancestor of region r? */
static int proper_ancestor(const IrModule *m, uint32_t a, uint32_t r) {
  for (;;) {
    uint32_t blk = m->ops[m->regions[r].op].block;
    if (blk == IR_NONE) return 0;
    r = m->blocks[blk].region;
    if (r == a) return 1;
  }
}

static int reached(Own *o, uint32_t blk) {
  return o->reached[blk - o->lv.blk0];
}

/* Lay out a finished block: the "at block begin" sessions, newest first,
 * then the body. */
static void assemble(Own *o, BlockOut *bo) {
  const U32Vec *h = bo->head, *st = bo->starts, *body = bo->body;
  for (uint32_t s = st->n; s-- > 0;) {
    uint32_t end = s + 1 < st->n ? st->v[s + 1] : h->n;
    if (end > st->v[s])
      irb_block_append_ops(o->b, bo->out, h->v + st->v[s], end - st->v[s]);
  }
  if (body->n) irb_block_append_ops(o->b, bo->out, body->v, body->n);
}

/* MLIR's deallocate(Block *): ownership of the live-in memrefs and of the
 * arguments, then every op. */
static int process_block(Own *o, uint32_t blk, int func_entry) {
  const IrModule *m = o->m;
  const IrBlock *bk = &m->blocks[blk];
  uint32_t mark = own_mark(o);
  BlockOut bo = {0};
  bo.blk = blk;
  bo.out = ir_map_block(o->map, blk);
  bo.head = own_tmp(o);
  bo.starts = own_tmp(o);
  bo.body = own_tmp(o);
  BlockOut *saved = o->cur;
  o->cur = &bo;
  o->busy[blk - o->lv.blk0] = 1;
  own_session(o);

  U32Vec *live = own_tmp(o);
  own_live_in(o, blk, live);
  uint32_t rb = bk->region;
  int built = 0;
  for (uint32_t i = 0; i < live->n; i++) {
    uint32_t li = live->v[i], v = own_val(o, li);
    uint32_t d = own_def_block(m, li), rd = m->blocks[d].region;
    if (rd == rb) {
      /* Ownership moves along with control flow within a region. */
      own_update(o, v, own_get(o, v, d), blk);
      if (!own_gone(o, li) && !own_edge_same(o, blk, live, i, &built))
        own_add_dealloc(o, v, blk);
    } else if (proper_ancestor(m, rd, rb)) {
      /* A nested region never owns what it captures. */
      o->em.loc = own_value_loc(m, li);
      own_update(o, v, own_unique(em_bool(&o->em, 0)), blk);
    }
  }

  for (uint32_t a = 0; a < bk->n_args; a++) {
    uint32_t av = bk->args + a;
    if (!own_type_is_memref(o, m->values[av].type)) continue;
    uint32_t v = own_val(o, av);
    if (func_entry) {
      /* Function boundary ABI: arguments are never owned. */
      o->em.loc = m->values[av].loc;
      own_update(o, v, own_unique(em_bool(&o->em, 0)), blk);
    } else {
      /* The ownership comes along as an extra i1 argument. */
      uint32_t i1 = irb_block_arg_loc(o->b, bo.out, o->em.t_i1,
                                      m->values[av].loc);
      if (o->opts.stats) o->opts.stats->block_args++;
      own_update(o, v, own_unique(i1), blk);
    }
    own_add_dealloc(o, v, blk);
  }

  int r = 0;
  for (uint32_t op = bk->ops; op < bk->ops + bk->n_ops && !r; op++)
    r = own_op(o, blk, op);
  assemble(o, &bo);
  o->busy[blk - o->lv.blk0] = 0;
  o->cur = saved;
  own_release(o, mark);
  return r;
}

/* Depth-first preorder of the region's blocks from its entry, successors
 * in order (llvm::depth_first, MLIR's ForwardDominanceIterator). */
static void dfs(Own *o, uint32_t region, U32Vec *order) {
  const IrModule *m = o->m;
  const IrRegion *rg = &m->regions[region];
  if (!rg->n_blocks) return;
  U32Vec *stk = own_tmp(o), *next = own_tmp(o);  /* block, next succ */
  uint32_t entry = rg->blocks;
  o->reached[entry - o->lv.blk0] = 1;
  u32_push(order, entry);
  u32_push(stk, entry);
  u32_push(next, 0);
  while (stk->n) {
    uint32_t b = stk->v[stk->n - 1];
    const IrBlock *bk = &m->blocks[b];
    const IrOp *t = bk->n_ops ? &m->ops[bk->ops + bk->n_ops - 1] : NULL;
    uint32_t k = next->v[next->n - 1];
    if (!t || k >= t->n_succs) {
      stk->n--;
      next->n--;
      continue;
    }
    next->v[next->n - 1]++;
    uint32_t s = m->succs[t->succs + k].block;
    if (o->reached[s - o->lv.blk0]) continue;
    o->reached[s - o->lv.blk0] = 1;
    u32_push(order, s);
    u32_push(stk, s);
    u32_push(next, 0);
  }
}

/* A block the walk does not reach: copied as it is, but for what keeps
 * it consistent with the processed code (own_unreached_op). */
static int clone_unreached(Own *o, uint32_t blk) {
  const IrModule *m = o->m;
  const IrBlock *bk = &m->blocks[blk];
  uint32_t out = ir_map_block(o->map, blk);
  for (uint32_t op = bk->ops; op < bk->ops + bk->n_ops; op++)
    if (own_unreached_op(o, out, op, 1) < 0) return -1;
  return 0;
}

static int process_region(Own *o, uint32_t region, uint32_t out, int func) {
  const IrModule *m = o->m;
  const IrRegion *rg = &m->regions[region];
  irb_clone_blocks(o->b, out, o->map, region);
  uint32_t mark = own_mark(o);
  U32Vec *order = own_tmp(o);
  dfs(o, region, order);
  int r = 0;
  for (uint32_t i = 0; i < order->n && !r; i++)
    r = process_block(o, order->v[i], func && order->v[i] == rg->blocks);
  for (uint32_t b = rg->blocks; b < rg->blocks + rg->n_blocks && !r; b++)
    if (!reached(o, b)) r = clone_unreached(o, b);
  own_release(o, mark);
  return r;
}

int own_regions(Own *o, uint32_t op, uint32_t *regs) {
  const IrOp *x = &o->m->ops[op];
  for (uint32_t k = 0; k < x->n_regions; k++) {
    regs[k] = irb_region(o->b);
    if (process_region(o, x->regions + k, regs[k], 0) < 0) return -1;
  }
  return 0;
}

/* updateFunctionSignature: the results are the operand types of the
 * function's return-like terminators (which gained i1 operands in a
 * private function with dynamic ownership). Result attributes are padded
 * for the new results (MLIR leaves them short: invalid IR). */
static int signature(Own *o, uint32_t func, uint32_t *props) {
  const IrModule *m = o->m;
  IrCtx *c = o->c;
  const IrRegion *rg = &m->regions[m->ops[func].regions];
  U32Vec tys = {0}, cur = {0};
  int have = 0, r = 0;
  for (uint32_t b = rg->blocks; b < rg->blocks + rg->n_blocks && !r; b++) {
    const IrBlock *bk = &m->blocks[b];
    if (!bk->n_ops) continue;
    uint32_t t = bk->ops + bk->n_ops - 1;
    if (!(ir_op_traits(m->ops[t].opc) & IR_TR_RETURN_LIKE))
      continue;
    cur.n = 0;
    uint32_t nmem = 0;
    for (uint32_t k = 0; k < m->ops[t].n_operands; k++) {
      uint32_t ty = ir_vtype(m, ir_operand(m, t, k));
      u32_push(&cur, ty);
      nmem += own_type_is_memref(o, ty);
    }
    if (o->func_dynamic)
      for (uint32_t k = 0; k < nmem; k++) u32_push(&cur, o->em.t_i1);
    if (!have) {
      for (uint32_t k = 0; k < cur.n; k++) u32_push(&tys, cur.v[k]);
      have = 1;
    } else if (cur.n != tys.n || (cur.n &&
               memcmp(cur.v, tys.v, cur.n * sizeof *cur.v))) {
      ir_diag(o->d, c, m->ops[func].loc, IR_SEV_ERROR,
              "there are multiple return operations with different operand "
              "types");
      r = -1;
    }
  }
  if (!r && have && o->func_dynamic) {
    uint32_t ft = ir_op_prop(m, func, "function_type");
    const IrAttr *fa = ft ? ir_attr(c, ft) : NULL;
    if (fa && fa->kind == IR_A_TYPE) {
      const IrType *t = ir_type(c, fa->type);
      uint32_t nt = ir_type_func(c, t->n, ir_type_list(c, fa->type), tys.n,
                                 tys.v);
      *props = ir_dict_set(c, *props, o->s_function_type, ir_attr_type(c, nt));
      uint32_t ra = ir_dict_get(c, *props, o->s_res_attrs);
      const IrAttr *a = ra ? ir_attr(c, ra) : NULL;
      if (a && a->kind == IR_A_ARRAY && a->n < tys.n) {
        uint32_t *l = ir_xmalloc(tys.n * sizeof *l);
        if (a->n) memcpy(l, ir_attr_u32(c, ra), a->n * sizeof *l);
        IrAttr empty = {.kind = IR_A_DICT};
        for (uint32_t k = a->n; k < tys.n; k++)
          l[k] = ir_attr_intern(c, &empty, NULL, NULL);
        IrAttr arr = {.kind = IR_A_ARRAY, .n = tys.n};
        *props = ir_dict_set(c, *props, o->s_res_attrs,
                             ir_attr_intern(c, &arr, l, NULL));
        free(l);
      }
    }
  }
  u32_free(&tys);
  u32_free(&cur);
  return r;
}

static int process_func(Own *o, uint32_t block, uint32_t func) {
  const IrModule *m = o->m;
  const IrOp *x = &m->ops[func];
  o->func = func;
  if (o->opts.stats) o->opts.stats->functions++;
  o->func_dynamic = o->opts.private_function_dynamic_ownership &&
                    own_func_is_private(o, func);
  ir_liveness_compute(&o->lv, m, func, keep_memref, o);
  size_t nb = (size_t)o->lv.n_blk + 1;
  if (nb > o->cap_blk) {
    o->dealloc = ir_xrealloc(o->dealloc, nb * sizeof *o->dealloc);
    memset(o->dealloc + o->cap_blk, 0, (nb - o->cap_blk) * sizeof *o->dealloc);
    free(o->reached);
    free(o->busy);
    o->reached = ir_xmalloc(nb);
    o->busy = ir_xmalloc(nb);
    o->cap_blk = (uint32_t)nb;
  }
  memset(o->reached, 0, nb);
  memset(o->busy, 0, nb);
  uint32_t region = irb_region(o->b);
  int r = process_region(o, x->regions, region, 1);
  uint32_t props = x->props;
  if (!r) r = signature(o, func, &props);
  if (!r) {
    IrOpSpec s = {0};
    s.name = x->name;
    s.loc = x->loc;
    s.regions = &region;
    s.n_regions = 1;
    s.props = props;
    s.attrs = x->attrs;
    irb_op(o->b, block, &s);
  }
  for (uint32_t i = 0; i < o->lv.n_blk; i++) o->dealloc[i].n = 0;
  u64map_clear(&o->own);
  u64map_clear(&o->same);
  u64map_clear(&o->gone);
  o->uses_built = 0;
  return r;
}

static int hook(void *ud, IrBuilder *b, uint32_t block, IrMap *map,
                uint32_t op) {
  Own *o = ud;
  const IrModule *m = map->m;
  if (m->ops[op].opc != IR_OP_FUNC || !own_func_has_body(o, op)) return 0;
  if (!o->b) {
    o->b = b;
    em_init(&o->em, b);
  }
  o->map = map;
  return process_func(o, block, op) < 0 ? -1 : 1;
}

IrModule *dd_ownership(const IrModule *m, const DdOwnOpts *opts, IrDiag *d) {
  Own o;
  memset(&o, 0, sizeof o);
  o.m = m;
  o.c = m->ctx;
  o.d = d;
  if (opts) o.opts = *opts;
  o.s_private = ir_cstr(o.c, "private");
  o.s_function_type = ir_cstr(o.c, "function_type");
  o.s_res_attrs = ir_cstr(o.c, "res_attrs");
  /* The functions calls may name, per symbol table (MLIR resolves a call
   * in the nearest one). */
  for (uint32_t op = 0; op < m->n_ops; op++) {
    if (m->ops[op].opc != IR_OP_FUNC) continue;
    uint32_t table = symbol_table_of(m, op);
    uint32_t name = ir_op_prop(m, op, "sym_name");
    if (table != IR_NONE && name && ir_attr(o.c, name)->kind == IR_A_STRING)
      *u64map_put(&o.funcs, (uint64_t)table << 32 | ir_attr(o.c, name)->str) =
          op;
  }
  unsigned errs = d->n_errors;
  const char *why = NULL;
  /* The output outgrows ir_clone_module's 1.5x (mixed bench: ops 25,154
   * -> 47,886, values 21,201 -> 60,297, operands 28,455 -> 54,868: the
   * i1 constants and an extract_strided_metadata per dealloc operand):
   * room for 2x, 3x and 2x, so the builder's arrays are not doubled on
   * the way (dd-own --only: bgrow's 204 calls cost 0.86M, and the copies). */
  IrModule *out = ir_clone_module_room(m, hook, &o, &why, 4, 6, 4);
  if (!out && d->n_errors == errs)
    ir_diag(d, o.c, m->ops[0].loc, IR_SEV_ERROR,
            "ownership-based-buffer-deallocation: %s", why ? why : "failed");
  em_free(&o.em);
  u64map_free(&o.funcs);
  u64map_free(&o.own);
  u64map_free(&o.pos);
  u64map_free(&o.same);
  u64map_free(&o.gone);
  u64map_free(&o.seen);
  u32_free(&o.uses);
  u32_free(&o.use_at);
  for (uint32_t i = 0; i < o.cap_blk; i++) u32_free(&o.dealloc[i]);
  free(o.dealloc);
  free(o.reached);
  free(o.busy);
  free(o.memref);
  ir_liveness_free(&o.lv);
  own_tmp_free(&o);
  return out;
}
