/*
 * lower_helper.c - the library function that the general lowering of
 * bufferization.dealloc calls (one per symbol table, MLIR's
 * buildDeallocationLibraryFunction), and its name.
 *
 *   func.func private @dealloc_helper(%bases: memref<?xindex>,
 *       %retained: memref<?xindex>, %conds: memref<?xi1>,
 *       %dealloc_out: memref<?xi1>, %ownership_out: memref<?xi1>)
 *
 * For each memref i to deallocate it stores in dealloc_out[i] whether to
 * free it: its condition, and that its base pointer is neither retained nor
 * equal to an earlier memref's (so an allocation is freed once). For each
 * retained r, ownership_out[r] is the OR of the conditions of the memrefs
 * that share its base pointer. Op for op what MLIR emits, so the output is
 * interchangeable with mlir-opt's.
 */
#include <stdio.h>
#include <stdlib.h>

#include "irint.h"
#include "lower.h"

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* The symbol name an op defines in its table: a string `sym_name`,
 * inherent or not (MLIR's SymbolTable looks at the attribute, whatever the
 * op), or 0. */
static uint32_t sym_name_of(const IrModule *m, uint32_t op) {
  uint32_t a = ir_op_prop(m, op, "sym_name");
  if (!a) a = ir_op_attr(m, op, "sym_name");
  const IrAttr *at = a ? ir_attr(m->ctx, a) : NULL;
  return at && at->kind == IR_A_STRING ? at->str : 0;
}

uint32_t lw_helper_name(const IrModule *m, uint32_t symtab) {
  static const char base[] = "dealloc_helper";
  const IrOp *t = ir_op(m, symtab);
  uint32_t *names = NULL, n = 0, cap = 0;
  if (t->n_regions && m->regions[t->regions].n_blocks) {
    const IrBlock *bk = &m->blocks[m->regions[t->regions].blocks];
    for (uint32_t o = bk->ops; o < bk->ops + bk->n_ops; o++) {
      uint32_t s = sym_name_of(m, o);
      if (s) IR_VPUSH(names, n, cap, s);
    }
  }
  if (n) qsort(names, n, sizeof *names, cmp_u32);  /* names is NULL when n is 0 */
  /* A candidate never interned cannot name a symbol. The counter runs up
   * to at most n, so this is n log n in all. */
  char buf[sizeof base + 12];
  snprintf(buf, sizeof buf, "%s", base);
  for (uint32_t k = 0;; k++) {
    size_t len = strlen(buf);
    uint32_t id = ir_str_find(m->ctx, buf, len);
    if (id == IR_NONE || !n ||
        !bsearch(&id, names, n, sizeof *names, cmp_u32)) {
      free(names);
      return ir_str(m->ctx, buf, len);
    }
    snprintf(buf, sizeof buf, "%s_%u", base, k);
  }
}

/* scf.for %iv = lb to ub step 1 [iter_args(%acc = init) -> (i1)]: returns
 * the op; its body block is *body, the iv *iv, the iter arg *acc. */
static uint32_t for_op(Lw *w, uint32_t blk, uint32_t loc, uint32_t lb,
                       uint32_t ub, uint32_t step, uint32_t init,
                       uint32_t *body, uint32_t *iv, uint32_t *acc) {
  uint32_t opd[4] = {lb, ub, step, init};
  int has_acc = init != IR_NONE;
  uint32_t op = lw_op(w, blk, w->sfor, loc, opd, 3 + has_acc,
                      has_acc ? w->i1 : 0, 0, 1);
  *body = irb_block(w->b, irb_op_region(w->b, op, 0));
  *iv = irb_block_arg_loc(w->b, *body, w->index, loc);
  if (has_acc) *acc = irb_block_arg_loc(w->b, *body, w->i1, loc);
  return op;
}

static void store(Lw *w, uint32_t blk, uint32_t loc, uint32_t v, uint32_t mr,
                  uint32_t i) {
  uint32_t opd[3] = {v, mr, i};
  lw_op(w, blk, w->store, loc, opd, 3, 0, 0, 0);
}

static uint32_t load(Lw *w, uint32_t blk, uint32_t loc, uint32_t mr,
                     uint32_t i, uint32_t type) {
  uint32_t opd[2] = {mr, i};
  return lw_val(w, blk, w->load, loc, opd, 2, type, 0);
}

static uint32_t cmp(Lw *w, uint32_t blk, uint32_t loc, uint32_t pred,
                    uint32_t a, uint32_t b) {
  uint32_t opd[2] = {a, b};
  return lw_val(w, blk, w->cmpi, loc, opd, 2, w->i1, pred);
}

static void yield(Lw *w, uint32_t blk, uint32_t loc, uint32_t v) {
  lw_op(w, blk, w->yield, loc, &v, v != IR_NONE, 0, 0, 0);
}

void lw_build_helper(Lw *w, uint32_t blk, uint32_t name, uint32_t loc) {
  IrCtx *c = w->c;
  uint32_t ins[5] = {w->dyn_index, w->dyn_index, w->dyn_i1, w->dyn_i1,
                     w->dyn_i1};
  uint32_t fty = ir_type_func(c, 5, ins, 0, NULL);
  uint32_t props[6] = {
      ir_cstr(c, "function_type"),  ir_attr_type(c, fty),
      ir_cstr(c, "sym_name"),       ir_attr_string(c, ir_str_ptr(c, name),
                                                   ir_str_len(c, name)),
      ir_cstr(c, "sym_visibility"), ir_attr_string(c, "private", 7)};
  IrAttr d = {.kind = IR_A_DICT, .n = 3};
  uint32_t fn = lw_op(w, blk, w->func, loc, NULL, 0, 0,
                      ir_attr_intern(c, &d, props, NULL), 1);
  uint32_t e = irb_block(w->b, irb_op_region(w->b, fn, 0));
  uint32_t arg[5];
  for (int i = 0; i < 5; i++) arg[i] = irb_block_arg_loc(w->b, e, ins[i], loc);
  uint32_t bases = arg[0], retained = arg[1], conds = arg[2];
  uint32_t dealloc_out = arg[3], owner_out = arg[4];

  uint32_t c0 = lw_index(w, e, loc, 0), c1 = lw_index(w, e, loc, 1);
  uint32_t tru = lw_val(w, e, w->constant, loc, NULL, 0, w->i1, w->p_true);
  uint32_t fal = lw_val(w, e, w->constant, loc, NULL, 0, w->i1, w->p_false);
  uint32_t dopd[2] = {bases, c0};
  uint32_t n_dealloc = lw_val(w, e, w->dim, loc, dopd, 2, w->index, 0);
  dopd[0] = retained;
  uint32_t n_retain = lw_val(w, e, w->dim, loc, dopd, 2, w->index, 0);

  /* Every retained value starts out not owned. */
  uint32_t body, i, j, acc, unused;
  for_op(w, e, loc, c0, n_retain, c1, IR_NONE, &body, &i, &unused);
  store(w, body, loc, fal, owner_out, i);
  yield(w, body, loc, IR_NONE);

  uint32_t outer;
  for_op(w, e, loc, c0, n_dealloc, c1, IR_NONE, &outer, &i, &unused);
  uint32_t base = load(w, outer, loc, bases, i, w->index);
  uint32_t cond = load(w, outer, loc, conds, i, w->i1);

  /* Against the retained values: hand over ownership where they alias. */
  uint32_t f1 = for_op(w, outer, loc, c0, n_retain, c1, tru, &body, &j, &acc);
  uint32_t r = load(w, body, loc, retained, j, w->index);
  uint32_t same = cmp(w, body, loc, w->p_eq, r, base);
  uint32_t sif = lw_op(w, body, w->sif, loc, &same, 1, 0, 0, 2);
  uint32_t then = lw_body(w, sif, 0);
  uint32_t owned = load(w, then, loc, owner_out, j, w->i1);
  store(w, then, loc, lw_bin(w, then, w->ori, loc, owned, cond), owner_out, j);
  yield(w, then, loc, IR_NONE);
  uint32_t differ = cmp(w, body, loc, w->p_ne, r, base);
  yield(w, body, loc, lw_bin(w, body, w->andi, loc, acc, differ));

  /* Against the memrefs before this one: free an allocation once. */
  uint32_t f2 = for_op(w, outer, loc, c0, i, c1, irb_op_result(w->b, f1, 0),
                       &body, &j, &acc);
  uint32_t prev = load(w, body, loc, bases, j, w->index);
  differ = cmp(w, body, loc, w->p_ne, prev, base);
  yield(w, body, loc, lw_bin(w, body, w->andi, loc, acc, differ));

  uint32_t should =
      lw_bin(w, outer, w->andi, loc, irb_op_result(w->b, f2, 0), cond);
  store(w, outer, loc, should, dealloc_out, i);
  yield(w, outer, loc, IR_NONE);

  lw_op(w, e, w->ret, loc, NULL, 0, 0, 0, 0);
}
