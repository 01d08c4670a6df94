/*
 * origin.c - the buffer-origin analysis (ir.h, "Buffer origin"): are two
 * memref values the same allocation? Yes, no, or unknown; MLIR's
 * BufferOriginAnalysis over its BufferViewFlowAnalysis.
 *
 * Every value flows from some others: a view from its source, a select
 * from both arms, a block argument from what each predecessor passes, a
 * region argument or region-op result from what the region branch hands
 * it, a call result from every call operand. Values that flow from nothing
 * we can see are "terminal": allocations, function arguments, results of
 * ops the analysis does not know. A value's origin is the set of terminal
 * memrefs that reach it. Two values are:
 *   - the same allocation if both origins are the same single terminal;
 *   - different if the origins are disjoint and one side is all fresh
 *     allocations while the other is allocations or function arguments;
 *   - unknown otherwise.
 *
 * The flow graph is built once (linear); a value's origin is found by a
 * walk back through it and remembered, so a query costs the sizes of the
 * two origin sets after the first.
 */
#include <stdlib.h>

#include "irint.h"

struct IrOrigin {
  const IrModule *m;
  /* reverse flow edges, CSR: the sources of value v are
   * src[first[v] .. first[v + 1]) */
  uint32_t *first, *src;
  uint8_t *terminal;      /* per value */
  /* memo per value: terminal origins in pool[mfirst .. + mcount), sorted */
  uint32_t *mfirst, *mcount;
  uint8_t *mflags;        /* 1 computed, 2 all allocs, 4 all allocs or
                             function arguments */
  uint32_t *pool; uint32_t n_pool, cap_pool;
  uint32_t *stamp; uint32_t clock;   /* walk visit marks */
  uint32_t *stack; uint32_t cap_stack;
};

typedef struct Edges {
  uint32_t *from, *to;
  uint32_t n, cap;
} Edges;

static void edge(Edges *e, uint32_t from, uint32_t to) {
  if (e->n == e->cap) {
    uint32_t cap = e->cap;
    ir_vgrow((void **)&e->from, &cap, e->n + 1, sizeof *e->from);
    ir_vgrow((void **)&e->to, &e->cap, e->n + 1, sizeof *e->to);
  }
  e->from[e->n] = from;
  e->to[e->n++] = to;
}

static uint32_t traits_of(const IrModule *m, uint32_t op) {
  uint32_t opc = m->ops[op].opc;
  if (opc == IR_OP_UNKNOWN) return 0;
  uint32_t tr = ir_op_info(opc)->traits;
  /* test.forward_buffer forwards its operand, but mlir-opt-22's op has no
   * view interface: the analysis cannot see through it */
  if (opc == IR_OP_TEST_FORWARD_BUFFER) tr &= ~IR_TR_VIEW;
  return tr;
}

static int is_memref(const IrModule *m, uint32_t v) {
  return ir_type_is_memref(m->ctx, m->values[v].type);
}

static void mark_terminal_results(IrOrigin *o, uint32_t op) {
  const IrModule *m = o->m;
  const IrOp *p = &m->ops[op];
  for (uint32_t k = 0; k < p->n_results; k++)
    if (is_memref(m, p->results + k)) o->terminal[p->results + k] = 1;
  for (uint32_t r = 0; r < p->n_regions; r++) {
    const IrRegion *rg = &m->regions[p->regions + r];
    if (!rg->n_blocks) continue;
    const IrBlock *b = &m->blocks[rg->blocks];
    for (uint32_t a = 0; a < b->n_args; a++)
      if (is_memref(m, b->args + a)) o->terminal[b->args + a] = 1;
  }
}

/* The terminator of the last op of block b, or IR_NONE. */
static uint32_t last_op(const IrModule *m, uint32_t b) {
  const IrBlock *blk = &m->blocks[b];
  return blk->n_ops ? blk->ops + blk->n_ops - 1 : IR_NONE;
}

/* Values an exit terminator of region r passes on, to `dst` values. */
static void region_exits_to(Edges *e, const IrModule *m, uint32_t r,
                            uint32_t skip, const uint32_t *dst, uint32_t n) {
  const IrRegion *rg = &m->regions[r];
  for (uint32_t b = rg->blocks; b < rg->blocks + rg->n_blocks; b++) {
    uint32_t t = last_op(m, b);
    if (t == IR_NONE || !(traits_of(m, t) & IR_TR_TERMINATOR)) continue;
    if (m->ops[t].n_succs) continue;   /* a branch within the region */
    const IrOp *to = &m->ops[t];
    for (uint32_t i = 0; i < n && skip + i < to->n_operands; i++)
      edge(e, m->operands[to->operands + skip + i], dst[i]);
  }
}

static void results_of(const IrModule *m, uint32_t op, uint32_t *out) {
  for (uint32_t k = 0; k < m->ops[op].n_results; k++) out[k] = m->ops[op].results + k;
}

static uint32_t entry_arg(const IrModule *m, uint32_t r, uint32_t k) {
  const IrRegion *rg = &m->regions[r];
  if (!rg->n_blocks || k >= m->blocks[rg->blocks].n_args) return IR_NONE;
  return m->blocks[rg->blocks].args + k;
}

/* Region-branch ops: who hands what to whom. */
static int region_branch_edges(Edges *e, const IrModule *m, uint32_t op) {
  const IrOp *p = &m->ops[op];
  uint32_t nres = p->n_results;
  uint32_t *res = ir_xmalloc((nres + 1) * sizeof *res);
  results_of(m, op, res);
  switch (p->opc) {
  case IR_OP_IF: case IR_OP_EXECUTE_REGION: case IR_OP_INDEX_SWITCH:
  case IR_OP_ASSUMING: case IR_OP_AFFINE_IF:
    for (uint32_t r = 0; r < p->n_regions; r++)
      region_exits_to(e, m, p->regions + r, 0, res, nres);
    break;
  case IR_OP_FOR: case IR_OP_AFFINE_FOR: {
    uint32_t first = 3, n = p->n_operands > 3 ? p->n_operands - 3 : 0;
    if (p->opc == IR_OP_AFFINE_FOR) {
      uint32_t s = ir_op_prop(m, op, "operandSegmentSizes");
      const IrAttr *a = s ? ir_attr(m->ctx, s) : NULL;
      if (!a || a->kind != IR_A_DENSE_ARRAY || a->n != 3) break;
      const int64_t *seg = ir_attr_i64(m->ctx, s);
      first = (uint32_t)(seg[0] + seg[1]);
      n = (uint32_t)seg[2];
    }
    uint32_t body = p->regions;
    for (uint32_t i = 0; i < n && i < nres; i++) {
      uint32_t init = m->operands[p->operands + first + i];
      uint32_t arg = entry_arg(m, body, i + 1);
      if (arg != IR_NONE) edge(e, init, arg);
      edge(e, init, res[i]);
    }
    uint32_t *args = ir_xmalloc((nres + 1) * sizeof *args);
    for (uint32_t i = 0; i < nres; i++) args[i] = entry_arg(m, body, i + 1);
    int ok = 1;
    for (uint32_t i = 0; i < nres; i++) ok &= args[i] != IR_NONE;
    if (ok) region_exits_to(e, m, body, 0, args, nres);
    region_exits_to(e, m, body, 0, res, nres);
    free(args);
    break;
  }
  case IR_OP_WHILE: {
    uint32_t before = p->regions, after = p->regions + 1;
    for (uint32_t i = 0; i < p->n_operands; i++) {
      uint32_t arg = entry_arg(m, before, i);
      if (arg != IR_NONE) edge(e, m->operands[p->operands + i], arg);
    }
    /* scf.condition(%c) args...: to the after region and to the results */
    uint32_t na = m->regions[after].n_blocks ? m->blocks[m->regions[after].blocks].n_args : 0;
    uint32_t *aargs = ir_xmalloc((na + 1) * sizeof *aargs);
    for (uint32_t i = 0; i < na; i++) aargs[i] = entry_arg(m, after, i);
    region_exits_to(e, m, before, 1, aargs, na);
    region_exits_to(e, m, before, 1, res, nres);
    free(aargs);
    uint32_t nb = m->regions[before].n_blocks ? m->blocks[m->regions[before].blocks].n_args : 0;
    uint32_t *bargs = ir_xmalloc((nb + 1) * sizeof *bargs);
    for (uint32_t i = 0; i < nb; i++) bargs[i] = entry_arg(m, before, i);
    region_exits_to(e, m, after, 0, bargs, nb);
    free(bargs);
    break;
  }
  case IR_OP_TEST_ISOLATED_ONE_REGION_RECURSIVE:
    /* the newer test dialect's op is a region branch: operands to the
     * entry arguments, the region's yield to the results */
    for (uint32_t i = 0; i < p->n_operands; i++) {
      uint32_t arg = p->n_regions ? entry_arg(m, p->regions, i) : IR_NONE;
      if (arg != IR_NONE) edge(e, m->operands[p->operands + i], arg);
    }
    if (p->n_regions) region_exits_to(e, m, p->regions, 0, res, nres);
    break;
  case IR_OP_TEST_REGION_IF: {
    /* operands -> then / else arguments; their yields -> join arguments;
     * join's yield -> results */
    if (p->n_regions != 3) break;
    for (uint32_t r = 0; r < 2; r++)
      for (uint32_t i = 0; i < p->n_operands; i++) {
        uint32_t arg = entry_arg(m, p->regions + r, i);
        if (arg != IR_NONE) edge(e, m->operands[p->operands + i], arg);
      }
    uint32_t join = p->regions + 2;
    uint32_t nj = m->regions[join].n_blocks ? m->blocks[m->regions[join].blocks].n_args : 0;
    uint32_t *jargs = ir_xmalloc((nj + 1) * sizeof *jargs);
    for (uint32_t i = 0; i < nj; i++) jargs[i] = entry_arg(m, join, i);
    region_exits_to(e, m, p->regions, 0, jargs, nj);
    region_exits_to(e, m, p->regions + 1, 0, jargs, nj);
    free(jargs);
    region_exits_to(e, m, join, 0, res, nres);
    break;
  }
  default:
    /* other region-branch ops (parallel, forall, test ops): what flows
     * through them is left unknown (their memref results and arguments get
     * no sources and so no origin) */
    break;
  }
  free(res);
  return 0;
}

IrOrigin *ir_origin_new(const IrModule *m) {
  IrOrigin *o = ir_xcalloc(1, sizeof *o);
  o->m = m;
  uint32_t nv = m->n_values + 1;
  o->terminal = ir_xcalloc(nv, 1);
  Edges e = {0};
  for (uint32_t op = 0; op < m->n_ops; op++) {
    const IrOp *p = &m->ops[op];
    uint32_t tr = traits_of(m, op);
    if (p->opc == IR_OP_SELECT) {
      if (p->n_operands == 3 && p->n_results == 1) {
        edge(&e, m->operands[p->operands + 1], p->results);
        edge(&e, m->operands[p->operands + 2], p->results);
      }
      continue;
    }
    if (p->opc == IR_OP_REALLOC) {
      /* may move the buffer: flows from its source, and may be fresh */
      if (p->n_operands && p->n_results) edge(&e, m->operands[p->operands], p->results);
      if (p->n_results) o->terminal[p->results] = 1;
      continue;
    }
    if ((tr & IR_TR_VIEW) && p->n_operands && p->n_results) {
      edge(&e, m->operands[p->operands], p->results);
      continue;
    }
    if (tr & IR_TR_BRANCH) {
      for (uint32_t s = 0; s < p->n_succs; s++) {
        const IrSucc *sc = &m->succs[p->succs + s];
        const IrBlock *b = &m->blocks[sc->block];
        for (uint32_t i = 0; i < sc->n_operands && i < b->n_args; i++)
          edge(&e, m->operands[sc->operands + i], b->args + i);
      }
      continue;
    }
    if ((tr & IR_TR_REGION_BRANCH) || p->opc == IR_OP_TEST_ISOLATED_ONE_REGION_RECURSIVE) {
      region_branch_edges(&e, m, op);
      continue;
    }
    if ((tr & IR_TR_TERMINATOR) && !p->n_results) continue;
    if (tr & IR_TR_CALL) {
      mark_terminal_results(o, op);
      for (uint32_t i = 0; i < p->n_operands; i++)
        for (uint32_t k = 0; k < p->n_results; k++)
          edge(&e, m->operands[p->operands + i], p->results + k);
      continue;
    }
    mark_terminal_results(o, op);
  }
  /* reverse CSR: sources per destination */
  o->first = ir_xcalloc(nv + 1, sizeof *o->first);
  for (uint32_t i = 0; i < e.n; i++) o->first[e.to[i] + 1]++;
  for (uint32_t v = 0; v < nv; v++) o->first[v + 1] += o->first[v];
  o->src = ir_xmalloc((e.n + 1) * sizeof *o->src);
  uint32_t *fill = ir_xcalloc(nv, sizeof *fill);
  for (uint32_t i = 0; i < e.n; i++) {
    uint32_t d = e.to[i];
    o->src[o->first[d] + fill[d]++] = e.from[i];
  }
  free(fill);
  free(e.from);
  free(e.to);
  o->mfirst = ir_xcalloc(nv, sizeof *o->mfirst);
  o->mcount = ir_xcalloc(nv, sizeof *o->mcount);
  o->mflags = ir_xcalloc(nv, 1);
  o->stamp = ir_xcalloc(nv, sizeof *o->stamp);
  return o;
}

void ir_origin_free(IrOrigin *o) {
  if (!o) return;
  free(o->first);
  free(o->src);
  free(o->terminal);
  free(o->mfirst);
  free(o->mcount);
  free(o->mflags);
  free(o->pool);
  free(o->stamp);
  free(o->stack);
  free(o);
}

static int has_alloc_effect(const IrModule *m, uint32_t v) {
  const IrValue *val = &m->values[v];
  if (val->kind != IR_VAL_RESULT) return 0;
  uint32_t op = val->def;
  return (traits_of(m, op) & IR_TR_ALLOC) && m->ops[op].results == v;
}

static int is_function_argument(const IrModule *m, uint32_t v) {
  const IrValue *val = &m->values[v];
  if (val->kind != IR_VAL_ARG) return 0;
  uint32_t b = val->def;
  uint32_t p = ir_block_parent_op(m, b);
  uint32_t opc = m->ops[p].opc;
  if (opc != IR_OP_FUNC && opc != IR_OP_TRANSFORM_NAMED_SEQUENCE) return 0;
  return m->regions[m->ops[p].regions].blocks == b;
}

uint32_t ir_origin_view_base(const IrModule *m, uint32_t v) {
  for (uint32_t guard = 0; guard < m->n_values; guard++) {
    const IrValue *val = &m->values[v];
    if (val->kind != IR_VAL_RESULT) break;
    uint32_t op = val->def;
    if (!(traits_of(m, op) & IR_TR_VIEW) || !m->ops[op].n_operands) break;
    if (m->ops[op].results != v) break;   /* not the view's destination */
    v = m->operands[m->ops[op].operands];
  }
  return v;
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* The terminal origins of v (memoised). */
static void resolve(IrOrigin *o, uint32_t v) {
  if (o->mflags[v] & 1) return;
  const IrModule *m = o->m;
  uint32_t start = o->n_pool, sp = 0;
  int all_alloc = 1, all_alloc_or_arg = 1;
  o->clock++;
  if (!o->clock) {  /* wrapped: clear the marks */
    memset(o->stamp, 0, (m->n_values + 1) * sizeof *o->stamp);
    o->clock = 1;
  }
  if (o->cap_stack < 1) ir_vgrow((void **)&o->stack, &o->cap_stack, 16, sizeof *o->stack);
  o->stack[sp++] = v;
  o->stamp[v] = o->clock;
  while (sp) {
    uint32_t x = o->stack[--sp];
    if (o->terminal[x] && is_memref(m, x)) {
      IR_VPUSH(o->pool, o->n_pool, o->cap_pool, x);
      all_alloc &= has_alloc_effect(m, x);
      all_alloc_or_arg &= has_alloc_effect(m, x) || is_function_argument(m, x);
    }
    for (uint32_t i = o->first[x]; i < o->first[x + 1]; i++) {
      uint32_t s = o->src[i];
      if (o->stamp[s] == o->clock) continue;
      o->stamp[s] = o->clock;
      if (sp == o->cap_stack) ir_vgrow((void **)&o->stack, &o->cap_stack, sp + 1, sizeof *o->stack);
      o->stack[sp++] = s;
    }
  }
  uint32_t n = o->n_pool - start;
  qsort(o->pool + start, n, sizeof *o->pool, cmp_u32);
  o->mfirst[v] = start;
  o->mcount[v] = n;
  o->mflags[v] = (uint8_t)(1 | (all_alloc ? 2 : 0) | (all_alloc_or_arg ? 4 : 0));
}

int ir_origin_same(IrOrigin *o, uint32_t v1, uint32_t v2) {
  const IrModule *m = o->m;
  if (v1 >= m->n_values || v2 >= m->n_values) return -1;
  v1 = ir_origin_view_base(m, v1);
  v2 = ir_origin_view_base(m, v2);
  if (v1 == v2) return 1;
  resolve(o, v1);
  resolve(o, v2);
  uint32_t n1 = o->mcount[v1], n2 = o->mcount[v2];
  /* MLIR asserts non-empty sets; a value no terminal reaches is unknown */
  if (!n1 || !n2) return -1;
  const uint32_t *t1 = o->pool + o->mfirst[v1], *t2 = o->pool + o->mfirst[v2];
  if (n1 == 1 && n2 == 1 && t1[0] == t2[0]) return 1;
  for (uint32_t i = 0, j = 0; i < n1 && j < n2;) {
    if (t1[i] == t2[j]) return -1;   /* overlap: cannot tell */
    if (t1[i] < t2[j]) i++;
    else j++;
  }
  int a1 = (o->mflags[v1] & 2) != 0, f1 = (o->mflags[v1] & 4) != 0;
  int a2 = (o->mflags[v2] & 2) != 0, f2 = (o->mflags[v2] & 4) != 0;
  if ((a1 && (a2 || f2)) || ((a1 || f1) && a2)) return 0;
  return -1;
}

int ir_origin_summary(IrOrigin *o, uint32_t v, const uint32_t **terminals,
                      uint32_t *n, int *all_allocs, int *all_allocs_or_args) {
  const IrModule *m = o->m;
  if (v >= m->n_values) return -1;
  v = ir_origin_view_base(m, v);
  resolve(o, v);
  *terminals = o->pool + o->mfirst[v];
  *n = o->mcount[v];
  *all_allocs = (o->mflags[v] & 2) != 0;
  *all_allocs_or_args = (o->mflags[v] & 4) != 0;
  return 0;
}
