/*
 * lower_deallocs.c - MLIR's -bufferization-lower-deallocations: every
 * bufferization.dealloc becomes memref.dealloc guarded by scf.if, with the
 * conditions computed in arith (LowerDeallocations.cpp, same ops in the same
 * order, so the output matches mlir-opt's line for line):
 *
 *   no memrefs:               the results are `arith.constant false`;
 *   one memref, no retained:  scf.if %cond { memref.dealloc %m };
 *   one memref, retained r_k: compare base pointers (extract_aligned_pointer
 *                             _as_index, cmpi ne); free when no r_k aliases
 *                             and %cond; result k = (r_k aliases) & %cond;
 *   otherwise:                store the base pointers and conditions into
 *                             fresh memrefs, call the library function
 *                             (lower_helper.c) emitted once per symbol
 *                             table, free each memref by what it returned.
 *
 * The pass is one clone of the module through a hook that rewrites the
 * deallocs; the library function is appended to the end of the body of the
 * nearest symbol table (module) above each general-case dealloc, private,
 * under a name no symbol of that table has yet.
 *
 * With `per_function` the pass behaves as MLIR's func.func-nested
 * variant (`builtin.module(func.func(bufferization-lower-deallocations))`):
 * only the func.func ops directly in the top module are converted, and since
 * no library function can be inserted from a function, the first
 * general-case dealloc of each function is an error (MLIR's two messages).
 */
#include <pthread.h>
#include <stdlib.h>

#include "irint.h"
#include "lower.h"
#include "passes.h"

/* ====================================================================== */
/* Emitting ops                                                           */
/* ====================================================================== */

static uint32_t dict1(IrCtx *c, const char *name, uint32_t value) {
  uint32_t l[2] = {ir_cstr(c, name), value};
  IrAttr a = {.kind = IR_A_DICT, .n = 1};
  return ir_attr_intern(c, &a, l, NULL);
}

/* The names lw_init interns in every module's context, in the order of
 * its list of fields; hashed once per process, so ir_str_static neither
 * hashes nor copies them (mixed bench, dd-lower: 19 ir_cstr calls a
 * module were most of lw_init's 1.19M). */
static const char *const lw_names[] = {
    "memref.alloc", "memref.dealloc", "memref.load", "memref.store",
    "memref.cast", "memref.dim", "memref.extract_aligned_pointer_as_index",
    "arith.constant", "arith.cmpi", "arith.andi", "arith.ori", "arith.xori",
    "scf.if", "scf.for", "scf.yield", "func.call", "func.func",
    "func.return", "value"};
enum { N_LW_NAMES = sizeof lw_names / sizeof *lw_names };
static size_t lw_len[N_LW_NAMES];
static uint64_t lw_hash[N_LW_NAMES];
static pthread_once_t lw_once = PTHREAD_ONCE_INIT;

static void lw_hash_names(void) {
  for (uint32_t i = 0; i < N_LW_NAMES; i++) {
    lw_len[i] = strlen(lw_names[i]);
    lw_hash[i] = ir_str_hash(lw_names[i], lw_len[i]);
  }
}

void lw_init(Lw *w, IrCtx *c, IrBuilder *b) {
  w->c = c;
  w->b = b;
  uint32_t *field[N_LW_NAMES] = {
      &w->alloc, &w->dealloc, &w->load,  &w->store, &w->cast,
      &w->dim,   &w->extract, &w->constant, &w->cmpi, &w->andi,
      &w->ori,   &w->xori,    &w->sif,   &w->sfor,  &w->yield,
      &w->call,  &w->func,    &w->ret,   &w->s_value};
  pthread_once(&lw_once, lw_hash_names);
  for (uint32_t i = 0; i < N_LW_NAMES; i++)
    *field[i] = ir_str_static(c, lw_names[i], lw_len[i], lw_hash[i]);
  w->p_index = NULL;
  w->n_index = 0;
  w->index = ir_type_index(c);
  w->i1 = ir_type_int(c, 1);
  int64_t dyn = IR_DYN;
  w->dyn_index = ir_type_memref(c, 1, &dyn, w->index, 0, 0);
  w->dyn_i1 = ir_type_memref(c, 1, &dyn, w->i1, 0, 0);
  int64_t zero[2] = {0, 0};
  w->p_alloc = dict1(c, "operandSegmentSizes", ir_attr_dense_i32(c, 2, zero));
  /* arith::CmpIPredicate: eq = 0, ne = 1; an i64 attribute (type 0). */
  w->p_eq = dict1(c, "predicate", ir_attr_int(c, 0, 0));
  w->p_ne = dict1(c, "predicate", ir_attr_int(c, 1, 0));
  w->p_true = dict1(c, "value", ir_attr_bool(c, 1));
  w->p_false = dict1(c, "value", ir_attr_bool(c, 0));
}

uint32_t lw_op(Lw *w, uint32_t blk, uint32_t name, uint32_t loc,
               const uint32_t *opd, uint32_t n_opd, uint32_t rtype,
               uint32_t props, uint32_t n_regions) {
  IrOpSpec s = {0};
  s.name = name;
  s.loc = loc;
  s.operands = opd;
  s.n_operands = n_opd;
  s.result_types = &rtype;
  s.n_results = rtype != 0;
  s.n_regions = n_regions;
  s.props = props;
  return irb_op(w->b, blk, &s);
}

uint32_t lw_val(Lw *w, uint32_t blk, uint32_t name, uint32_t loc,
                const uint32_t *opd, uint32_t n_opd, uint32_t rtype,
                uint32_t props) {
  uint32_t op = lw_op(w, blk, name, loc, opd, n_opd, rtype, props, 0);
  return irb_op_result(w->b, op, 0);
}

uint32_t lw_bin(Lw *w, uint32_t blk, uint32_t name, uint32_t loc, uint32_t a,
                uint32_t b) {
  uint32_t opd[2] = {a, b};
  return lw_val(w, blk, name, loc, opd, 2, w->i1, 0);
}

void lw_free(Lw *w) {
  free(w->p_index);
  w->p_index = NULL;
  w->n_index = 0;
}

/* The indices are positions in a dealloc's lists, so the cache is a dense
 * array as long as the longest list (interning the two attributes anew
 * for each index of a long list was a fifth of the pass on the structured
 * bench). */
uint32_t lw_index(Lw *w, uint32_t blk, uint32_t loc, int64_t v) {
  int cached = v >= 0 && v < IR_MAX_COUNT;
  if (cached && (uint64_t)v >= w->n_index) {
    uint32_t old = w->n_index;
    ir_vgrow((void **)&w->p_index, &w->n_index, (uint32_t)v + 1,
             sizeof *w->p_index);
    memset(w->p_index + old, 0, (w->n_index - old) * sizeof *w->p_index);
  }
  uint32_t d = cached ? w->p_index[v] : 0;
  if (!d) {
    uint32_t l[2] = {w->s_value, ir_attr_int(w->c, v, w->index)};
    IrAttr a = {.kind = IR_A_DICT, .n = 1};
    d = ir_attr_intern(w->c, &a, l, NULL);
    if (cached) w->p_index[v] = d;
  }
  return lw_val(w, blk, w->constant, loc, NULL, 0, w->index, d);
}

uint32_t lw_body(Lw *w, uint32_t op, uint32_t k) {
  return irb_block(w->b, irb_op_region(w->b, op, k));
}

/* ====================================================================== */
/* The pass                                                               */
/* ====================================================================== */

typedef struct Lower {
  const IrModule *m;
  IrDiag *d;
  Lw w;
  int per_function;
  uint32_t *helper;     /* per op: the library function's name (string id)
                           for a symbol table op that needs one, else 0 */
  uint32_t failed_fn;   /* per_function: the function already failed */
  uint8_t *busy;        /* per op: it or an op nested in it is a dealloc,
                           may fold or gets the library function */
  uint32_t *tmp;        /* scratch, reused by every dealloc */
  uint32_t cap_tmp;
} Lower;

/* The nearest op above `op` with a symbol table (MLIR's
 * getParentWithTrait<SymbolTable>); op 0, the module, at the latest. */
static uint32_t symbol_table_of(const IrModule *m, uint32_t op) {
  uint32_t p = ir_op_parent(m, op);
  while (p != IR_NONE && p != 0 &&
         !(ir_op_traits(m->ops[p].opc) & IR_TR_SYMBOL_TABLE))
    p = ir_op_parent(m, p);
  return p == IR_NONE ? 0 : p;
}

/* per_function: the func.func directly in the top module that holds `op`,
 * or IR_NONE (the op is not converted). */
static uint32_t anchor_of(const IrModule *m, uint32_t op) {
  uint32_t p = ir_op_parent(m, op);
  while (p != IR_NONE && p != 0 && ir_op_parent(m, p) != 0)
    p = ir_op_parent(m, p);
  if (p == IR_NONE || p == 0 || m->ops[p].opc != IR_OP_FUNC) return IR_NONE;
  return p;
}

/* Sizes of the memref, condition and retained lists (verified module). */
static void segments(const IrModule *m, uint32_t op, uint32_t seg[3]) {
  uint32_t s = ir_op_prop(m, op, "operandSegmentSizes");
  ir_assert(s && ir_attr(m->ctx, s)->n == 3);
  for (int i = 0; i < 3; i++) seg[i] = (uint32_t)ir_attr_i64(m->ctx, s)[i];
}

/* scf.if %cond { memref.dealloc %mr } */
static void guarded_dealloc(Lw *w, uint32_t blk, uint32_t loc, uint32_t cond,
                            uint32_t mr) {
  uint32_t sif = lw_op(w, blk, w->sif, loc, &cond, 1, 0, 0, 2);
  uint32_t then = lw_body(w, sif, 0);
  lw_op(w, then, w->dealloc, loc, &mr, 1, 0, 0, 0);
  lw_op(w, then, w->yield, loc, NULL, 0, 0, 0, 0);
}

/* One memref, retained values: compare base pointers in line. */
static void lower_one(Lower *L, uint32_t blk, IrMap *map, uint32_t op,
                      uint32_t mr, uint32_t cond, uint32_t n_ret,
                      const uint32_t *ret) {
  Lw *w = &L->w;
  IrBuilder *b = w->b;
  uint32_t loc = L->m->ops[op].loc;
  if (n_ret > L->cap_tmp)
    ir_vgrow((void **)&L->tmp, &L->cap_tmp, n_ret, sizeof *L->tmp);
  uint32_t *differ = L->tmp;
  uint32_t base = lw_val(w, blk, w->extract, loc, &mr, 1, w->index, 0);
  for (uint32_t k = 0; k < n_ret; k++) {
    uint32_t r = ir_map_val(b, map, ret[k]);
    uint32_t rb = lw_val(w, blk, w->extract, loc, &r, 1, w->index, 0);
    uint32_t opd[2] = {base, rb};
    differ[k] = lw_val(w, blk, w->cmpi, loc, opd, 2, w->i1, w->p_ne);
  }
  uint32_t all = differ[0];
  for (uint32_t k = 1; k < n_ret; k++)
    all = lw_bin(w, blk, w->andi, loc, all, differ[k]);
  guarded_dealloc(w, blk, loc, lw_bin(w, blk, w->andi, loc, all, cond), mr);
  uint32_t tru = lw_val(w, blk, w->constant, loc, NULL, 0, w->i1, w->p_true);
  for (uint32_t k = 0; k < n_ret; k++) {
    uint32_t alias = lw_bin(w, blk, w->xori, loc, differ[k], tru);
    ir_map_set_val(b, map, L->m->ops[op].results + k,
                   lw_bin(w, blk, w->andi, loc, alias, cond));
  }
}

/* memref<n x elem>, a fresh allocation. */
static uint32_t alloc_list(Lw *w, uint32_t blk, uint32_t loc, uint32_t n,
                           uint32_t elem) {
  int64_t dim = n;
  uint32_t t = ir_type_memref(w->c, 1, &dim, elem, 0, 0);
  return lw_val(w, blk, w->alloc, loc, NULL, 0, t, w->p_alloc);
}

static uint32_t cast_dyn(Lw *w, uint32_t blk, uint32_t loc, uint32_t v,
                         uint32_t t) {
  return lw_val(w, blk, w->cast, loc, &v, 1, t, 0);
}

static void store_at(Lw *w, uint32_t blk, uint32_t loc, uint32_t v,
                     uint32_t mr, uint32_t i) {
  uint32_t opd[3] = {v, mr, lw_index(w, blk, loc, i)};
  lw_op(w, blk, w->store, loc, opd, 3, 0, 0, 0);
}

static uint32_t load_at(Lw *w, uint32_t blk, uint32_t loc, uint32_t mr,
                        uint32_t i) {
  uint32_t opd[2] = {mr, lw_index(w, blk, loc, i)};
  return lw_val(w, blk, w->load, loc, opd, 2, w->i1, 0);
}

/* The general case: the library function decides. */
static void lower_general(Lower *L, uint32_t blk, IrMap *map, uint32_t op,
                          const uint32_t seg[3], uint32_t helper) {
  Lw *w = &L->w;
  IrBuilder *b = w->b;
  const IrModule *m = L->m;
  uint32_t loc = m->ops[op].loc;
  uint32_t n = seg[0], n_ret = seg[2];
  const uint32_t *opd = &m->operands[m->ops[op].operands];
  uint32_t bases = alloc_list(w, blk, loc, n, w->index);
  uint32_t conds = alloc_list(w, blk, loc, seg[1], w->i1);
  uint32_t rets = alloc_list(w, blk, loc, n_ret, w->index);
  for (uint32_t i = 0; i < n; i++) {
    uint32_t v = ir_map_val(b, map, opd[i]);
    store_at(w, blk, loc, lw_val(w, blk, w->extract, loc, &v, 1, w->index, 0),
             bases, i);
  }
  for (uint32_t i = 0; i < seg[1]; i++)
    store_at(w, blk, loc, ir_map_val(b, map, opd[n + i]), conds, i);
  for (uint32_t i = 0; i < n_ret; i++) {
    uint32_t v = ir_map_val(b, map, opd[n + seg[1] + i]);
    store_at(w, blk, loc, lw_val(w, blk, w->extract, loc, &v, 1, w->index, 0),
             rets, i);
  }
  uint32_t args[5];
  args[0] = cast_dyn(w, blk, loc, bases, w->dyn_index);
  args[2] = cast_dyn(w, blk, loc, conds, w->dyn_i1);
  args[1] = cast_dyn(w, blk, loc, rets, w->dyn_index);
  uint32_t dealloc_out = alloc_list(w, blk, loc, n, w->i1);
  uint32_t owner_out = alloc_list(w, blk, loc, n_ret, w->i1);
  args[3] = cast_dyn(w, blk, loc, dealloc_out, w->dyn_i1);
  args[4] = cast_dyn(w, blk, loc, owner_out, w->dyn_i1);
  lw_op(w, blk, w->call, loc, args, 5, 0,
        dict1(w->c, "callee", ir_attr_symref(w->c, helper)), 0);
  for (uint32_t i = 0; i < n; i++)
    guarded_dealloc(w, blk, loc, load_at(w, blk, loc, dealloc_out, i),
                    ir_map_val(b, map, opd[i]));
  for (uint32_t i = 0; i < n_ret; i++)
    ir_map_set_val(b, map, m->ops[op].results + i,
                   load_at(w, blk, loc, owner_out, i));
  uint32_t tmp[5] = {bases, rets, conds, dealloc_out, owner_out};
  for (int i = 0; i < 5; i++)
    lw_op(w, blk, w->dealloc, loc, &tmp[i], 1, 0, 0, 0);
}

/* Replace one dealloc. 1 done, -1 error (per_function). */
static int lower_dealloc(Lower *L, uint32_t blk, IrMap *map, uint32_t op) {
  const IrModule *m = L->m;
  Lw *w = &L->w;
  uint32_t seg[3];
  segments(m, op, seg);
  const uint32_t *opd = &m->operands[m->ops[op].operands];
  uint32_t loc = m->ops[op].loc;
  if (seg[0] == 0) {
    uint32_t f = lw_val(w, blk, w->constant, loc, NULL, 0, w->i1, w->p_false);
    for (uint32_t k = 0; k < seg[2]; k++)
      ir_map_set_val(w->b, map, m->ops[op].results + k, f);
    return 1;
  }
  if (seg[0] == 1) {
    uint32_t mr = ir_map_val(w->b, map, opd[0]);
    uint32_t cond = ir_map_val(w->b, map, opd[1]);
    if (seg[2] == 0)
      guarded_dealloc(w, blk, loc, cond, mr);
    else
      lower_one(L, blk, map, op, mr, cond, seg[2], opd + 2);
    return 1;
  }
  uint32_t helper = L->helper ? L->helper[symbol_table_of(m, op)] : 0;
  if (!helper) {
    ir_diag(L->d, m->ctx, loc, IR_SEV_ERROR,
            "library function required for generic lowering, but cannot be "
            "automatically inserted when operating on functions");
    ir_diag(L->d, m->ctx, loc, IR_SEV_ERROR,
            "failed to legalize operation 'bufferization.dealloc' that was "
            "explicitly marked illegal");
    return -1;
  }
  lower_general(L, blk, map, op, seg, helper);
  return 1;
}

/* Clone symbol table op `op` (regions through the hook) and append the
 * library function to its body. */
static uint32_t clone_with_helper(Lower *L, uint32_t blk, IrMap *map,
                                  uint32_t op) {
  IrBuilder *b = L->w.b;
  const IrOp *o = &L->m->ops[op];
  IrCloneOver over = {0};
  over.skip_regions = 1;
  uint32_t nop = irb_clone_op_with(b, blk, map, op, &over);
  for (uint32_t k = 0; k < o->n_regions; k++)
    if (irb_clone_region(b, irb_op_region(b, nop, k), map, o->regions + k) < 0)
      return IR_NONE;
  uint32_t body = irb_region_block(b, irb_op_region(b, nop, 0), 0);
  lw_build_helper(&L->w, body, L->helper[op], L->m->ops[0].loc);
  return nop;
}

/* Clone op `op` and what it holds with no hook: the hook would return 0
 * for every op of it (not busy). */
static int clone_quiet(IrBuilder *b, uint32_t blk, IrMap *map, uint32_t op) {
  IrCloneHook hook = map->hook;
  map->hook = NULL;
  uint32_t nop = irb_clone_op(b, blk, map, op);
  map->hook = hook;
  return nop == IR_NONE ? -1 : 1;
}

static int hook(void *ud, IrBuilder *b, uint32_t blk, IrMap *map,
                uint32_t op) {
  Lower *L = ud;
  const IrModule *m = L->m;
  if (!L->busy[op])
    return m->ops[op].n_regions ? clone_quiet(b, blk, map, op) : 0;
  if (L->helper && L->helper[op])
    return clone_with_helper(L, blk, map, op) == IR_NONE ? -1 : 1;
  uint32_t fn = L->per_function ? anchor_of(m, op) : 0;
  /* MLIR's func.func-nested variant converts the top functions only, and
   * each up to its first failure. */
  if (fn == IR_NONE || fn == L->failed_fn) return 0;
  if (m->ops[op].opc != IR_OP_BDEALLOC) return lw_fold(m, b, blk, map, op);
  if (lower_dealloc(L, blk, map, op) > 0) return 1;
  /* The pass fails; keep going to report the other functions' errors. */
  L->failed_fn = fn;
  return 0;
}

/* Mark the ops the hook has work in: deallocs, ops lw_fold may fold,
 * symbol tables that get the library function, and every op above one.
 * The hook clones the rest, a function without deallocs say, without
 * being called for each of its ops (mixed bench, dd-lower: the hook ran
 * for 27,258 ops, 1,286 of them deallocs). */
static void plan_busy(Lower *L) {
  const IrModule *m = L->m;
  L->busy = ir_xcalloc(m->n_ops, 1);
  for (uint32_t op = 0; op < m->n_ops; op++) {
    uint32_t opc = m->ops[op].opc;
    if (opc != IR_OP_BDEALLOC && !lw_may_fold(opc) &&
        !(L->helper && L->helper[op]))
      continue;
    for (uint32_t p = op; p != IR_NONE && !L->busy[p]; p = ir_op_parent(m, p))
      L->busy[p] = 1;
  }
}

/* Which symbol tables need the library function, and its name in each. */
static void plan_helpers(Lower *L) {
  const IrModule *m = L->m;
  for (uint32_t op = 0; op < m->n_ops; op++) {
    if (m->ops[op].opc != IR_OP_BDEALLOC) continue;
    uint32_t seg[3];
    segments(m, op, seg);
    if (seg[0] < 2) continue;
    uint32_t t = symbol_table_of(m, op);
    if (!L->helper) L->helper = ir_xcalloc(m->n_ops, sizeof *L->helper);
    if (!L->helper[t]) L->helper[t] = lw_helper_name(m, t);
  }
}

IrModule *dd_lower_deallocs_with(const IrModule *m, const DdLowerOpts *o,
                                 IrDiag *d) {
  Lower L = {0};
  L.m = m;
  L.d = d;
  L.per_function = o && o->per_function;
  L.failed_fn = IR_NONE;
  if (!L.per_function) plan_helpers(&L);
  plan_busy(&L);
  unsigned errors = d->n_errors;

  IrBuilder *b = irb_new(m->ctx);
  /* room for the copy and the lowered deallocs up front (the builder's
   * arrays would otherwise double their way up, a copy each time) */
  irb_reserve(b, m->n_ops + m->n_ops / 2 + 64,
              m->n_values + m->n_values / 2 + 64,
              m->n_operands + m->n_operands / 2 + 64,
              m->n_blocks + m->n_blocks / 2 + 16);
  lw_init(&L.w, m->ctx, b);
  IrMap map;
  ir_map_init(&map, m);
  map.hook = hook;
  map.ud = &L;
  /* The hook is not called for the root: it is cloned here. */
  uint32_t root = L.helper && L.helper[0]
                      ? clone_with_helper(&L, IR_NONE, &map, 0)
                      : irb_clone_op(b, IR_NONE, &map, 0);
  IrModule *out = NULL;
  if (root != IR_NONE && d->n_errors == errors) {
    const char *why = NULL;
    out = irb_freeze(b, root, &why);
    if (!out) ir_die("lower-deallocations built an invalid module: %s", why);
  }
  ir_map_free(&map);
  irb_free(b);
  lw_free(&L.w);
  free(L.helper);
  free(L.busy);
  free(L.tmp);
  return out;
}

IrModule *dd_lower_deallocs(const IrModule *m, IrDiag *d) {
  return dd_lower_deallocs_with(m, NULL, d);
}
