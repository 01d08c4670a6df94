/*
 * canon_scf.c - canonicalization of the scf dialect as MLIR 22 has it
 * (SCF.cpp and the generic RegionBranchOpInterface patterns):
 *   scf.if    `if !c` swaps its regions; a constant condition inlines one
 *             region; the condition is known inside the regions; results
 *             whose yields are defined outside become arith.select; results
 *             yielding (true, false) are the condition; an empty else goes;
 *             adjacent ifs on one condition merge; nested ifs become one if
 *             on an `andi`;
 *   scf.for   loops with zero or one iteration vanish or are inlined;
 *   scf.execute_region with one block is inlined;
 *   and for all of them the generic patterns: a result (or loop-carried
 *   value) that can only be one outside value is replaced by it,
 *   duplicates are merged, and unused ones are removed with their operands.
 */
#include <stdlib.h>

#include "canon.h"

#define OPD(op, k) rw_operand(c->rw, (op), (k))

static uint32_t region_k(Canon *c, uint32_t op, uint32_t k) { return rw_region_of(c->rw, op, k); }
static uint32_t first_block(Canon *c, uint32_t r) { return c->rw->regions[r].first; }
static int region_empty(Canon *c, uint32_t r) { return first_block(c, r) == RW_NONE; }
/* The terminator (last op) of the last block of a region. */
static uint32_t region_yield(Canon *c, uint32_t r) {
  uint32_t b = c->rw->regions[r].last;
  return b == RW_NONE ? RW_NONE : c->rw->blocks[b].last;
}

/* A copy of op's operands k0 .. end. */
static uint32_t *operands_from(Canon *c, uint32_t op, uint32_t k0, uint32_t *n) {
  uint32_t total = c->rw->ops[op].n_opd;
  uint32_t m = total > k0 ? total - k0 : 0;
  uint32_t *v = ir_xmalloc((m + 1) * sizeof *v);
  for (uint32_t i = 0; i < m; i++) v[i] = OPD(op, k0 + i);
  *n = m;
  return v;
}

/* Create an op before `at` named like `like` (its props, attrs, loc) with
 * these operands and result types and `n_regions` empty regions. */
static uint32_t create_like(Canon *c, uint32_t at, uint32_t like,
                            const uint32_t *opd, uint32_t n,
                            const uint32_t *types, uint32_t nres,
                            uint32_t n_regions) {
  RwSpec s = {0};
  s.name = c->rw->ops[like].name;
  s.loc = c->rw->ops[like].loc;
  s.operands = opd;
  s.n_operands = n;
  s.types = types;
  s.n_results = nres;
  s.n_regions = n_regions;
  s.props = c->rw->ops[like].props;
  s.attrs = c->rw->ops[like].attrs;
  return rw_create(c->rw, rw_ip_before(c->rw, at), &s);
}

static uint32_t make_yield(Canon *c, RwIp ip, uint32_t loc, const uint32_t *v, uint32_t n) {
  RwSpec s = {0};
  s.name = c->s_yield;
  s.loc = loc;
  s.operands = v;
  s.n_operands = n;
  return rw_create(c->rw, ip, &s);
}

/* MLIR's replaceOpWithRegion: inline the region's single block before op
 * (arguments replaced by args), replace op's results by the terminator's
 * operands, erase the terminator. */
static void replace_op_with_region(Canon *c, uint32_t op, uint32_t r,
                                   const uint32_t *args) {
  Rw *rw = c->rw;
  uint32_t b = first_block(c, r);
  uint32_t term = rw->blocks[b].last;
  rw_inline_block(rw, b, rw_ip_before(rw, op), args);
  uint32_t n;
  uint32_t *res = operands_from(c, term, 0, &n);
  rw_replace_op(rw, op, res);
  rw_erase_op(rw, term);
  free(res);
}

/* ====================================================================== */
/* scf.if                                                                 */
/* ====================================================================== */

/* if (!c) A else B  ->  if c B else A */
static int fold_if(Canon *c, uint32_t op, const uint32_t *cst, CanonFold *r) {
  (void)cst;
  (void)r;
  Rw *rw = c->rw;
  uint32_t thn = region_k(c, op, 0), els = region_k(c, op, 1);
  if (region_empty(c, els)) return CANON_FAIL;
  uint32_t x = rw_def(rw, OPD(op, 0));
  if (x == RW_NONE || rw->ops[x].opc != IR_OP_XORI || !canon_is_one(c, OPD(x, 1)))
    return CANON_FAIL;
  rw_set_operand(rw, op, 0, OPD(x, 0));
  /* swap the block lists of the two regions */
  RwRegion t = rw->regions[thn];
  rw->regions[thn].first = rw->regions[els].first;
  rw->regions[thn].last = rw->regions[els].last;
  rw->regions[els].first = t.first;
  rw->regions[els].last = t.last;
  for (uint32_t b = rw->regions[thn].first; b != RW_NONE; b = rw->blocks[b].next)
    rw->blocks[b].region = thn;
  for (uint32_t b = rw->regions[els].first; b != RW_NONE; b = rw->blocks[b].next)
    rw->blocks[b].region = els;
  return CANON_INPLACE;
}

static int is_xor_not_of(Canon *c, uint32_t v, uint32_t of) {
  uint32_t x = rw_def(c->rw, v);
  return x != RW_NONE && c->rw->ops[x].opc == IR_OP_XORI && OPD(x, 0) == of &&
         canon_is_one(c, OPD(x, 1));
}

/* Is region `anc` r or an ancestor of r? */
static int region_encloses(Canon *c, uint32_t anc, uint32_t r) {
  Rw *rw = c->rw;
  while (r != RW_NONE) {
    if (r == anc) return 1;
    uint32_t p = rw->regions[r].op;
    r = p == RW_NONE ? RW_NONE : rw_op_region(rw, p);
  }
  return 0;
}

/* Two adjacent scf.if on the same (or negated) condition merge into one. */
static int p_combine_ifs(Canon *c, uint32_t next_if) {
  Rw *rw = c->rw;
  uint32_t prev_if = rw->ops[next_if].prev;
  if (prev_if == RW_NONE || rw->ops[prev_if].opc != IR_OP_IF) return 0;
  uint32_t pc = OPD(prev_if, 0), nc = OPD(next_if, 0);
  uint32_t n_then = region_k(c, next_if, 0), n_else = region_k(c, next_if, 1);
  uint32_t next_then = RW_NONE, next_else = RW_NONE;  /* regions */
  if (nc == pc) {
    next_then = n_then;
    if (!region_empty(c, n_else)) next_else = n_else;
  }
  if (is_xor_not_of(c, nc, pc) || is_xor_not_of(c, pc, nc)) {
    next_else = n_then;
    next_then = region_empty(c, n_else) ? RW_NONE : n_else;
  }
  if (next_then == RW_NONE && next_else == RW_NONE) return 0;

  uint32_t p_then = region_k(c, prev_if, 0), p_else = region_k(c, prev_if, 1);
  uint32_t np = rw->ops[prev_if].n_res, nn = rw->ops[next_if].n_res;
  uint32_t pty = region_yield(c, p_then);
  uint32_t pey = region_empty(c, p_else) ? RW_NONE : region_yield(c, p_else);
  /* uses of prev's results inside next's regions take the yielded values */
  for (uint32_t i = 0; i < np && pey != RW_NONE; i++) {
    uint32_t res = rw_result(rw, prev_if, i);
    for (uint32_t u = rw->vals[res].first_use; u != RW_NONE;) {
      uint32_t nu = rw->uses[u].next, user = rw->uses[u].op;
      uint32_t ur = rw_op_region(rw, user);
      uint32_t to = RW_NONE;
      if (next_then != RW_NONE && region_encloses(c, next_then, ur)) to = OPD(pty, i);
      else if (next_else != RW_NONE && region_encloses(c, next_else, ur)) to = OPD(pey, i);
      if (to != RW_NONE) {
        rw_set_operand(rw, user, u - rw->ops[user].opd, to);
        rw_modified(rw, user);
      }
      u = nu;
    }
  }
  uint32_t *tys = ir_xmalloc((np + nn + 1) * sizeof *tys);
  for (uint32_t i = 0; i < np; i++) tys[i] = rw_type(rw, rw_result(rw, prev_if, i));
  for (uint32_t i = 0; i < nn; i++) tys[np + i] = rw_type(rw, rw_result(rw, next_if, i));
  uint32_t cond = pc;
  uint32_t comb = create_like(c, next_if, next_if, &cond, 1, tys, np + nn, 2);
  free(tys);
  uint32_t c_then = region_k(c, comb, 0), c_else = region_k(c, comb, 1);
  rw_inline_region_before(rw, p_then, c_then, RW_NONE);
  if (next_then != RW_NONE) {
    uint32_t ty1 = region_yield(c, c_then);
    uint32_t ty2 = region_yield(c, next_then);
    uint32_t blk = rw->regions[c_then].last;
    rw_inline_block(rw, first_block(c, next_then), rw_ip_end(blk), NULL);
    uint32_t n1, n2;
    uint32_t *a = operands_from(c, ty1, 0, &n1), *b = operands_from(c, ty2, 0, &n2);
    uint32_t *m = ir_xmalloc((n1 + n2 + 1) * sizeof *m);
    memcpy(m, a, n1 * sizeof *m);
    memcpy(m + n1, b, n2 * sizeof *m);
    make_yield(c, rw_ip_end(blk), rw->ops[ty2].loc, m, n1 + n2);
    rw_erase_op(rw, ty1);
    rw_erase_op(rw, ty2);
    free(a);
    free(b);
    free(m);
  }
  rw_inline_region_before(rw, p_else, c_else, RW_NONE);
  if (next_else != RW_NONE) {
    if (region_empty(c, c_else)) {
      rw_inline_region_before(rw, next_else, c_else, RW_NONE);
    } else {
      uint32_t ey1 = region_yield(c, c_else);
      uint32_t ey2 = region_yield(c, next_else);
      uint32_t blk = rw->regions[c_else].last;
      rw_inline_block(rw, first_block(c, next_else), rw_ip_end(blk), NULL);
      uint32_t n1, n2;
      uint32_t *a = operands_from(c, ey1, 0, &n1), *b = operands_from(c, ey2, 0, &n2);
      uint32_t *m = ir_xmalloc((n1 + n2 + 1) * sizeof *m);
      memcpy(m, a, n1 * sizeof *m);
      memcpy(m + n1, b, n2 * sizeof *m);
      make_yield(c, rw_ip_end(blk), rw->ops[ey2].loc, m, n1 + n2);
      rw_erase_op(rw, ey1);
      rw_erase_op(rw, ey2);
      free(a);
      free(b);
      free(m);
    }
  }
  uint32_t *pv = ir_xmalloc((np + nn + 1) * sizeof *pv);
  for (uint32_t i = 0; i < np + nn; i++) pv[i] = rw_result(rw, comb, i);
  rw_replace_op(rw, prev_if, pv);
  rw_replace_op(rw, next_if, pv + np);
  free(pv);
  return 1;
}

/* if a { if b { X } }  ->  if (a & b) { X }  (else branches only yield) */
static int p_combine_nested_ifs(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  uint32_t thn = region_k(c, op, 0), els = region_k(c, op, 1);
  uint32_t tb = rw->regions[thn].last;
  uint32_t nested = rw->blocks[tb].first;
  if (nested == RW_NONE || rw->ops[nested].next != rw->blocks[tb].last ||
      nested == rw->blocks[tb].last)
    return 0;
  uint32_t eb = region_empty(c, els) ? RW_NONE : rw->regions[els].last;
  if (eb != RW_NONE && rw->blocks[eb].first != rw->blocks[eb].last) return 0;
  if (rw->ops[nested].opc != IR_OP_IF) return 0;
  uint32_t n_els = region_k(c, nested, 1);
  uint32_t neb = region_empty(c, n_els) ? RW_NONE : rw->regions[n_els].last;
  if (neb != RW_NONE && rw->blocks[neb].first != rw->blocks[neb].last) return 0;

  uint32_t nt, ne = 0;
  uint32_t *then_y = operands_from(c, region_yield(c, thn), 0, &nt);
  uint32_t *else_y = eb != RW_NONE ? operands_from(c, rw->blocks[eb].last, 0, &ne)
                                   : ir_xmalloc(sizeof *else_y);
  uint8_t *upgrade = ir_xcalloc(nt + 1, 1);
  int ok = 1;
  for (uint32_t i = 0; i < nt && ok; i++) {
    uint32_t v = then_y[i];
    if (rw_def(rw, v) == nested) {
      uint32_t k = rw->vals[v].num;
      uint32_t ney = region_yield(c, n_els);
      if (neb == RW_NONE || i >= ne || OPD(ney, k) != else_y[i]) {
        ok = 0;
        break;
      }
      then_y[i] = OPD(region_yield(c, region_k(c, nested, 0)), k);
      continue;
    }
    uint32_t vb = rw_value_block(rw, v);
    if (vb != RW_NONE && rw->blocks[vb].region == thn) {
      ok = 0;
      break;
    }
    upgrade[i] = 1;
  }
  if (!ok) {
    free(then_y);
    free(else_y);
    free(upgrade);
    return 0;
  }
  uint32_t v2[2] = {OPD(op, 0), OPD(nested, 0)};
  uint32_t cond = canon_make_op(c, op, c->s_andi, v2, 2, c->t_i1, 0);
  uint32_t nres = rw->ops[op].n_res;
  uint32_t *tys = ir_xmalloc((nres + 1) * sizeof *tys);
  for (uint32_t i = 0; i < nres; i++) tys[i] = rw_type(rw, rw_result(rw, op, i));
  uint32_t nif = create_like(c, op, op, &cond, 1, tys, nres, 2);
  free(tys);
  uint32_t nblk = rw_block_new(rw, region_k(c, nif, 0), RW_NONE);
  uint32_t *results = ir_xmalloc((nres + 1) * sizeof *results);
  for (uint32_t i = 0; i < nres; i++) results[i] = rw_result(rw, nif, i);
  for (uint32_t i = 0; i < nt; i++) {
    if (!upgrade[i]) continue;
    uint32_t v3[3] = {OPD(op, 0), then_y[i], else_y[i]};
    results[i] = canon_make_op(c, nif, c->s_select, v3, 3, rw_type(rw, then_y[i]), 0);
  }
  uint32_t inner_then = region_k(c, nested, 0);
  uint32_t old_yield = region_yield(c, inner_then);
  rw_inline_block(rw, first_block(c, inner_then), rw_ip_end(nblk), NULL);
  make_yield(c, rw_ip_before(rw, old_yield), rw->ops[old_yield].loc, then_y, nt);
  rw_erase_op(rw, old_yield);
  if (ne) {
    uint32_t eblk = rw_block_new(rw, region_k(c, nif, 1), RW_NONE);
    make_yield(c, rw_ip_end(eblk), rw->ops[op].loc, else_y, ne);
  }
  rw_replace_op(rw, op, results);
  free(results);
  free(then_y);
  free(else_y);
  free(upgrade);
  return 1;
}

/* Uses of v in region r (at any depth), or -1 when that would take more
 * than *budget steps or nest too deep. */
static long uses_inside(Rw *rw, uint32_t r, uint32_t v, uint32_t *budget, int depth) {
  if (depth > 64) return -1;
  long n = 0;
  for (uint32_t b = rw->regions[r].first; b != RW_NONE; b = rw->blocks[b].next)
    for (uint32_t o = rw->blocks[b].first; o != RW_NONE; o = rw->ops[o].next) {
      const RwOp *p = &rw->ops[o];
      if (*budget < p->n_opd + 1) return -1;
      *budget -= p->n_opd + 1;
      for (uint32_t k = 0; k < p->n_opd; k++) n += rw->uses[p->opd + k].val == v;
      for (uint32_t i = 0; i < p->n_reg; i++) {
        long m = uses_inside(rw, rw->opregs[p->reg + i], v, budget, depth + 1);
        if (m < 0) return -1;
        n += m;
      }
    }
  return n;
}

/* Inside the then (else) region the condition is true (false). */
static int p_condition_propagation(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  uint32_t cond = OPD(op, 0);
  if (rw_const_attr(rw, cond)) return 0;
  uint32_t thn = region_k(c, op, 0), els = region_k(c, op, 1);
  /* MLIR walks every use of the condition; one condition shared by n ifs
   * makes that O(n^2). When the regions are smaller than the use list,
   * look in them first: no use inside, nothing to do. */
  if (rw->vals[cond].n_uses > 16) {
    uint32_t budget = rw->vals[cond].n_uses;
    long a = uses_inside(rw, thn, cond, &budget, 0);
    long b = a == 0 && els != RW_NONE ? uses_inside(rw, els, cond, &budget, 0) : a;
    if (a == 0 && b == 0) return 0;
  }
  uint32_t cb = rw_value_block(rw, cond);
  uint32_t end = cb == RW_NONE ? RW_NONE : rw->blocks[cb].region;
  uint32_t kt = RW_NONE, kf = RW_NONE;
  int changed = 0;
  for (uint32_t u = rw->vals[cond].first_use; u != RW_NONE;) {
    uint32_t nu = rw->uses[u].next, user = rw->uses[u].op;
    int side = -1;
    for (uint32_t r = rw_op_region(rw, user); r != end && r != RW_NONE;) {
      if (r == thn) { side = 1; break; }
      if (r == els) { side = 0; break; }
      uint32_t p = rw->regions[r].op;
      r = p == RW_NONE ? RW_NONE : rw_op_region(rw, p);
    }
    if (side >= 0) {
      uint32_t *k = side ? &kt : &kf;
      if (*k == RW_NONE) *k = canon_make_bool(c, rw_ip_before(rw, op), side, rw->ops[op].loc);
      rw_set_operand(rw, user, u - rw->ops[user].opd, *k);
      rw_modified(rw, user);
      changed = 1;
    }
    u = nu;
  }
  return changed;
}

/* Results whose both yields come from outside become arith.select. */
static int p_convert_trivial_if_to_select(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  uint32_t nres = rw->ops[op].n_res;
  if (!nres) return 0;
  uint32_t thn = region_k(c, op, 0), els = region_k(c, op, 1);
  if (region_empty(c, els)) return 0;
  uint32_t ty = region_yield(c, thn), ey = region_yield(c, els);
  uint32_t cond = OPD(op, 0);
  uint32_t keep_s[16], *keep_ty = canon_buf(keep_s, 16, nres + 1);
  uint32_t nk = 0;
  uint8_t inside_s[64];
  uint8_t *inside = nres + 1 <= sizeof inside_s ? inside_s : ir_xmalloc(nres + 1);
  memset(inside, 0, nres + 1);
  for (uint32_t i = 0; i < nres; i++) {
    uint32_t tv = OPD(ty, i), fv = OPD(ey, i);
    uint32_t tb = rw_value_block(rw, tv), fb = rw_value_block(rw, fv);
    if ((tb != RW_NONE && rw->blocks[tb].region == thn) ||
        (fb != RW_NONE && rw->blocks[fb].region == els)) {
      inside[i] = 1;
      keep_ty[nk++] = rw_type(rw, tv);
    }
  }
  if (nk == nres) {
    canon_buf_free(keep_ty, keep_s);
    if (inside != inside_s) free(inside);
    return 0;
  }
  uint32_t repl = create_like(c, op, op, &cond, 1, keep_ty, nk, 2);
  canon_buf_free(keep_ty, keep_s);
  rw_inline_region_before(rw, thn, region_k(c, repl, 0), RW_NONE);
  rw_inline_region_before(rw, els, region_k(c, repl, 1), RW_NONE);
  uint32_t res_s[16], tv_s[16], fv_s[16];
  uint32_t *results = canon_buf(res_s, 16, nres + 1);
  uint32_t *tv_k = canon_buf(tv_s, 16, nres + 1), *fv_k = canon_buf(fv_s, 16, nres + 1);
  uint32_t j = 0;
  for (uint32_t i = 0; i < nres; i++) {
    uint32_t tv = OPD(ty, i), fv = OPD(ey, i);
    if (inside[i]) {
      results[i] = rw_result(rw, repl, j);
      tv_k[j] = tv;
      fv_k[j++] = fv;
    } else if (tv == fv) {
      results[i] = tv;
    } else {
      uint32_t v3[3] = {cond, tv, fv};
      results[i] = canon_make_op(c, repl, c->s_select, v3, 3, rw_type(rw, tv), 0);
    }
  }
  make_yield(c, rw_ip_before(rw, ty), rw->ops[ty].loc, tv_k, j);
  rw_erase_op(rw, ty);
  make_yield(c, rw_ip_before(rw, ey), rw->ops[ey].loc, fv_k, j);
  rw_erase_op(rw, ey);
  rw_replace_op(rw, op, results);
  canon_buf_free(results, res_s);
  canon_buf_free(tv_k, tv_s);
  canon_buf_free(fv_k, fv_s);
  if (inside != inside_s) free(inside);
  return 1;
}

/* An else region holding only its yield goes (when there are no results). */
static int p_remove_empty_else(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  if (rw->ops[op].n_res) return 0;
  uint32_t els = region_k(c, op, 1);
  uint32_t eb = rw->regions[els].last;
  if (eb == RW_NONE || rw->blocks[eb].first == RW_NONE ||
      rw->blocks[eb].first != rw->blocks[eb].last)
    return 0;
  uint32_t cond = OPD(op, 0);
  uint32_t nif = create_like(c, op, op, &cond, 1, NULL, 0, 2);
  rw_inline_region_before(rw, region_k(c, op, 0), region_k(c, nif, 0), RW_NONE);
  rw_erase_op(rw, op);
  return 1;
}

static int p_remove_static_condition(Canon *c, uint32_t op) {
  int64_t k;
  if (!canon_value_int(c, OPD(op, 0), &k)) return 0;
  uint32_t els = region_k(c, op, 1);
  if (k) replace_op_with_region(c, op, region_k(c, op, 0), NULL);
  else if (!region_empty(c, els)) replace_op_with_region(c, op, els, NULL);
  else rw_erase_op(c->rw, op);
  return 1;
}

/* Results yielding (true, false) are the condition, (false, true) its
 * negation; results yielding one value are that value. */
static int p_replace_if_yield_with_condition(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  uint32_t nres = rw->ops[op].n_res;
  if (!nres) return 0;
  uint32_t els = region_k(c, op, 1);
  if (region_empty(c, els)) return 0;
  uint32_t ty = region_yield(c, region_k(c, op, 0)), ey = region_yield(c, els);
  int changed = 0;
  for (uint32_t i = 0; i < nres; i++) {
    uint32_t tv = OPD(ty, i), fv = OPD(ey, i), res = rw_result(rw, op, i);
    if (tv == fv) {
      if (!rw_unused(rw, res)) {
        rw_replace_all_uses(rw, res, tv);
        changed = 1;
      }
      continue;
    }
    uint32_t ta = rw_const_attr(rw, tv), fa = rw_const_attr(rw, fv);
    const IrAttr *a = ta ? ir_attr(c->ctx, ta) : NULL, *b = fa ? ir_attr(c->ctx, fa) : NULL;
    int ab = a && (a->kind == IR_A_BOOL || (a->kind == IR_A_INT && canon_int_width(c->ctx, a->type) == 1));
    int bb = b && (b->kind == IR_A_BOOL || (b->kind == IR_A_INT && canon_int_width(c->ctx, b->type) == 1));
    if (!ab || !bb) continue;
    int tval = (a->ival & 1) != 0, fval = (b->ival & 1) != 0;
    if (!tval && fval && !rw_unused(rw, res)) {
      uint32_t one = canon_make_bool(c, rw_ip_before(rw, op), 1, rw->ops[op].loc);
      uint32_t v2[2] = {OPD(op, 0), one};
      uint32_t nc = canon_make_op(c, op, c->s_xori, v2, 2, c->t_i1, 0);
      rw_replace_all_uses(rw, res, nc);
      changed = 1;
    }
    if (tval && !fval && !rw_unused(rw, res)) {
      rw_replace_all_uses(rw, res, OPD(op, 0));
      changed = 1;
    }
  }
  return changed;
}

/* ====================================================================== */
/* Generic region-branch patterns (successor inputs)                      */
/* ====================================================================== */

/* The successor inputs of a region-branch op (results, and the region
 * arguments that are not induction variables) and the forwarding edges
 * that feed them: operand `pos` of op `own` (the op itself or a region
 * terminator) is passed to input `in`. Inputs fed by one operand are tied:
 * they can only go together. Supported: scf.if, scf.for, scf.while,
 * scf.execute_region, scf.index_switch. */
typedef struct Edge {
  uint32_t own, pos, in;
} Edge;

/* Three patterns build this at every region-branch op they visit: short
 * lists live in the struct (no malloc), longer ones are malloc'd. */
#define INPUTS_SMALL 24
typedef struct Inputs {
  uint32_t n;            /* number of inputs */
  uint32_t *val;         /* the input values */
  uint32_t cap_val;
  uint32_t *set;         /* tied set (a representative input) */
  Edge *e; uint32_t ne, cap;
  uint32_t small_val[INPUTS_SMALL], small_set[INPUTS_SMALL];
  Edge small_e[INPUTS_SMALL];
} Inputs;

static void inputs_free(Inputs *in) {
  if (in->val != in->small_val) free(in->val);
  if (in->set != in->small_set) free(in->set);
  if (in->e != in->small_e) free(in->e);
}

/* Room for `need` values, keeping the first in->n. */
static void inputs_val_room(Inputs *in, uint32_t need) {
  if (need <= in->cap_val) return;
  uint32_t *v = ir_xmalloc(need * sizeof *v);
  memcpy(v, in->val, in->n * sizeof *v);
  if (in->val != in->small_val) free(in->val);
  in->val = v;
  in->cap_val = need;
}

static void add_edge(Inputs *in, uint32_t own, uint32_t pos, uint32_t input) {
  if (in->ne == in->cap) {
    Edge *e = ir_xmalloc(2 * (size_t)in->cap * sizeof *e);
    memcpy(e, in->e, in->ne * sizeof *e);
    if (in->e != in->small_e) free(in->e);
    in->e = e;
    in->cap *= 2;
  }
  in->e[in->ne].own = own;
  in->e[in->ne].pos = pos;
  in->e[in->ne++].in = input;
}

/* Region terminators that return to the parent (or, for a while's before
 * region, its condition). */
static uint32_t region_exits(Canon *c, uint32_t r, uint32_t opc, uint32_t *out, uint32_t cap) {
  uint32_t n = 0;
  for (uint32_t b = c->rw->regions[r].first; b != RW_NONE; b = c->rw->blocks[b].next) {
    uint32_t t = c->rw->blocks[b].last;
    if (t != RW_NONE && c->rw->ops[t].opc == opc && n < cap) out[n++] = t;
  }
  return n;
}

static uint32_t find_set(uint32_t *set, uint32_t x) {
  while (set[x] != x) x = set[x] = set[set[x]];
  return x;
}

static int inputs_build(Canon *c, uint32_t op, Inputs *in) {
  Rw *rw = c->rw;
  uint32_t opc = rw->ops[op].opc;
  uint32_t nres = rw->ops[op].n_res;
  uint32_t ys[64], ny = 0;
  in->n = in->ne = 0;
  in->val = in->small_val;
  in->cap_val = INPUTS_SMALL;
  in->set = in->small_set;
  in->e = in->small_e;
  in->cap = INPUTS_SMALL;
  inputs_val_room(in, 2 * nres + rw->ops[op].n_opd + 4);
  for (uint32_t i = 0; i < nres; i++) in->val[in->n++] = rw_result(rw, op, i);
  if (opc == IR_OP_IF || opc == IR_OP_EXECUTE_REGION || opc == IR_OP_INDEX_SWITCH) {
    if (opc == IR_OP_IF && nres && region_empty(c, region_k(c, op, 1))) goto bad;
    for (uint32_t k = 0; k < rw->ops[op].n_reg; k++) {
      uint32_t n = region_exits(c, region_k(c, op, k), IR_OP_YIELD, ys + ny, 64 - ny);
      ny += n;
    }
    if (ny >= 64) goto bad;
    for (uint32_t y = 0; y < ny; y++) {
      if (rw->ops[ys[y]].n_opd != nres) goto bad;
      for (uint32_t i = 0; i < nres; i++) add_edge(in, ys[y], i, i);
    }
  } else if (opc == IR_OP_FOR) {
    uint32_t body = first_block(c, region_k(c, op, 0));
    ny = region_exits(c, region_k(c, op, 0), IR_OP_YIELD, ys, 64);
    if (ny != 1 || body == RW_NONE || rw->blocks[body].n_args != nres + 1 ||
        rw->ops[op].n_opd != nres + 3 || rw->ops[ys[0]].n_opd != nres)
      goto bad;
    for (uint32_t i = 0; i < nres; i++) in->val[in->n++] = rw_arg(rw, body, i + 1);
    for (uint32_t i = 0; i < nres; i++) {
      add_edge(in, op, 3 + i, nres + i);   /* init -> iter arg */
      add_edge(in, op, 3 + i, i);          /* init -> result (no trip) */
      add_edge(in, ys[0], i, nres + i);    /* yield -> iter arg */
      add_edge(in, ys[0], i, i);           /* yield -> result */
    }
  } else if (opc == IR_OP_WHILE) {
    uint32_t before = first_block(c, region_k(c, op, 0));
    uint32_t after = first_block(c, region_k(c, op, 1));
    uint32_t conds[2], yields[2];
    if (before == RW_NONE || after == RW_NONE ||
        region_exits(c, region_k(c, op, 0), IR_OP_CONDITION, conds, 2) != 1 ||
        region_exits(c, region_k(c, op, 1), IR_OP_YIELD, yields, 2) != 1)
      goto bad;
    uint32_t nb = rw->blocks[before].n_args, na = rw->blocks[after].n_args;
    if (rw->ops[op].n_opd != nb || rw->ops[yields[0]].n_opd != nb ||
        rw->ops[conds[0]].n_opd != na + 1 || na != nres)
      goto bad;
    inputs_val_room(in, nres + nb + na + 1);
    uint32_t b0 = in->n;
    for (uint32_t i = 0; i < nb; i++) in->val[in->n++] = rw_arg(rw, before, i);
    uint32_t a0 = in->n;
    for (uint32_t j = 0; j < na; j++) in->val[in->n++] = rw_arg(rw, after, j);
    for (uint32_t i = 0; i < nb; i++) {
      add_edge(in, op, i, b0 + i);
      add_edge(in, yields[0], i, b0 + i);
    }
    for (uint32_t j = 0; j < na; j++) {
      add_edge(in, conds[0], 1 + j, a0 + j);
      add_edge(in, conds[0], 1 + j, j);
    }
  } else {
    goto bad;
  }
  /* tied sets: inputs fed by one operand */
  if (in->n + 1 > INPUTS_SMALL) in->set = ir_xmalloc((in->n + 1) * sizeof *in->set);
  for (uint32_t k = 0; k < in->n; k++) in->set[k] = k;
  for (uint32_t i = 0; i < in->ne; i++)
    for (uint32_t j = i + 1; j < in->ne && in->e[j].own == in->e[i].own &&
                             in->e[j].pos == in->e[i].pos; j++) {
      uint32_t a = find_set(in->set, in->e[i].in), b = find_set(in->set, in->e[j].in);
      if (a != b) in->set[b] = a;
    }
  for (uint32_t k = 0; k < in->n; k++) in->set[k] = find_set(in->set, in->set[k]);
  return 0;
bad:
  inputs_free(in);
  in->val = in->set = NULL;
  in->e = NULL;
  in->n = in->ne = 0;
  return -1;
}

static int input_index(const Inputs *in, uint32_t v) {
  for (uint32_t k = 0; k < in->n; k++)
    if (in->val[k] == v) return (int)k;
  return -1;
}

/* MLIR's isDefinedBefore(op, a, b): may `a` stand in for input `b`? */
static int defined_before(Canon *c, uint32_t op, uint32_t a, uint32_t b) {
  Rw *rw = c->rw;
  uint32_t ab = rw_value_block(rw, a);
  uint32_t ar = ab == RW_NONE ? RW_NONE : rw->blocks[ab].region;
  if (ar != RW_NONE && rw->regions[ar].op == op) {
    if (!rw_is_arg(rw, b)) return 0;
    return rw_is_arg(rw, a) && rw->vals[a].def == rw->vals[b].def;
  }
  return 1;
}

/* Every input is a result of the op or an argument of the first block of
 * one of its regions (and more of them: the induction variable): cheap
 * tests on those tell when a pattern has nothing to look at, so the
 * inputs need not be built (the three patterns below run at every
 * region-branch op the driver pops). */
static int any_input_used(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  const RwOp *o = &rw->ops[op];
  for (uint32_t i = 0; i < o->n_res; i++)
    if (!rw_unused(rw, o->res + i)) return 1;
  for (uint32_t k = 0; k < o->n_reg; k++) {
    uint32_t b = first_block(c, region_k(c, op, k));
    if (b == RW_NONE) continue;
    for (uint32_t a = 0; a < rw->blocks[b].n_args; a++)
      if (!rw_unused(rw, rw_arg(rw, b, a))) return 1;
  }
  return 0;
}

/* Two inputs with the same owner (two results, or two arguments of one
 * block) are needed for a duplicate. */
static int may_have_duplicate_inputs(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  if (rw->ops[op].n_res >= 2) return 1;
  for (uint32_t k = 0; k < rw->ops[op].n_reg; k++) {
    uint32_t b = first_block(c, region_k(c, op, k));
    if (b != RW_NONE && rw->blocks[b].n_args >= 2) return 1;
  }
  return 0;
}

/* The yield ending single-block region r with n operands, or RW_NONE. */
static uint32_t sole_yield(Canon *c, uint32_t r, uint32_t n) {
  Rw *rw = c->rw;
  uint32_t b = rw->regions[r].first;
  if (b == RW_NONE || rw->blocks[b].next != RW_NONE) return RW_NONE;
  uint32_t t = rw->blocks[b].last;
  if (t == RW_NONE || rw->ops[t].opc != IR_OP_YIELD || rw->ops[t].n_opd != n)
    return RW_NONE;
  return t;
}

/* The two yields of an scf.if with one block in each region: 0 when op
 * is no such scf.if. */
static int if_yields(Canon *c, uint32_t op, uint32_t *ty, uint32_t *ey) {
  Rw *rw = c->rw;
  if (rw->ops[op].opc != IR_OP_IF || rw->ops[op].n_reg != 2) return 0;
  *ty = sole_yield(c, region_k(c, op, 0), rw->ops[op].n_res);
  *ey = sole_yield(c, region_k(c, op, 1), rw->ops[op].n_res);
  return *ty != RW_NONE && *ey != RW_NONE;
}

/* For an scf.if with one block in each region, the inputs are its
 * results, fed by the two yields (never by an input: a yield cannot use
 * the if's results), so a used result can only hold one value when both
 * yields pass the same one. 0 when no result can; 1 when one may, or the
 * op is no such scf.if (the inputs decide; mixed corpus: dd-own 377.0M
 * -> 375.6M, dd-lower 148.5M -> 148.3M). */
static int if_may_have_single_valued_result(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  uint32_t nres = rw->ops[op].n_res, ty, ey;
  if (!if_yields(c, op, &ty, &ey)) return 1;
  for (uint32_t i = 0; i < nres; i++)
    if (!rw_unused(rw, rw_result(rw, op, i)) && OPD(ty, i) == OPD(ey, i)) return 1;
  return 0;
}

/* The single-block body and yield of an scf.for laid out as inputs_build
 * expects (nres iter args after the induction variable, nres inits after
 * the bounds), or 0. */
static int for_parts(Canon *c, uint32_t op, uint32_t *body, uint32_t *y) {
  Rw *rw = c->rw;
  uint32_t nres = rw->ops[op].n_res;
  if (rw->ops[op].opc != IR_OP_FOR || rw->ops[op].n_reg != 1) return 0;
  *body = first_block(c, region_k(c, op, 0));
  *y = sole_yield(c, region_k(c, op, 0), nres);
  return *body != RW_NONE && *y != RW_NONE && rw->blocks[*body].n_args == nres + 1 &&
         rw->ops[op].n_opd == nres + 3;
}

/* For an scf.for, result i and iter arg i are fed by init i (from
 * outside) and yield operand i: a used one of them can only hold one
 * value when the yield passes init i back or an iter arg (whose own
 * feeds then decide); any other value makes two. 0 when no pair can; 1
 * when one may, or the op is no such loop (the inputs decide; mixed
 * corpus, with the test below: dd-own 366.8M -> 366.5M, dd-lower 146.9M
 * -> 146.6M). */
static int for_may_have_single_valued_input(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  uint32_t body, y;
  if (!for_parts(c, op, &body, &y)) return 1;
  for (uint32_t i = 0; i < rw->ops[op].n_res; i++) {
    if (rw_unused(rw, rw_result(rw, op, i)) && rw_unused(rw, rw_arg(rw, body, i + 1)))
      continue;
    uint32_t yv = OPD(y, i);
    if (yv == OPD(op, 3 + i)) return 1;
    if (rw_is_arg(rw, yv) && rw->vals[yv].def == body && rw->vals[yv].num >= 1) return 1;
  }
  return 0;
}

/* An input that can only hold one value from outside is replaced by it. */
static int p_make_inputs_dead(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  Inputs in;
  if (!any_input_used(c, op)) return 0;
  if (!if_may_have_single_valued_result(c, op)) return 0;
  if (!for_may_have_single_valued_input(c, op)) return 0;
  if (inputs_build(c, op, &in) < 0) return 0;
  int changed = 0;
  uint8_t seen_small[4 * INPUTS_SMALL];
  uint32_t stack_small[INPUTS_SMALL];
  uint8_t *seen = in.n <= sizeof seen_small ? seen_small : ir_xmalloc(in.n + 1);
  uint32_t *stack = canon_buf(stack_small, INPUTS_SMALL, in.n);
  for (uint32_t k = 0; k < in.n; k++) {
    uint32_t v = in.val[k];
    if (rw_unused(rw, v)) continue;
    memset(seen, 0, in.n);
    uint32_t sp = 0, found = RW_NONE;
    int many = 0;
    stack[sp++] = k;
    seen[k] = 1;
    while (sp && !many) {
      uint32_t x = stack[--sp];
      for (uint32_t e = 0; e < in.ne; e++) {
        if (in.e[e].in != x) continue;
        uint32_t src = OPD(in.e[e].own, in.e[e].pos);
        int j = input_index(&in, src);
        if (j >= 0) {
          if (!seen[j]) {
            seen[j] = 1;
            stack[sp++] = (uint32_t)j;
          }
          continue;
        }
        if (found == RW_NONE) found = src;
        else if (found != src) { many = 1; break; }
      }
    }
    if (many || found == RW_NONE) continue;
    if (!defined_before(c, op, found, v)) continue;
    rw_replace_all_uses(rw, v, found);
    changed = 1;
  }
  if (seen != seen_small) free(seen);
  canon_buf_free(stack, stack_small);
  inputs_free(&in);
  return changed;
}

/* The number MLIR sorts inputs by: result or argument number. */
static uint32_t input_number(Canon *c, uint32_t v) { return c->rw->vals[v].num; }

static int same_owner(Canon *c, uint32_t a, uint32_t b) {
  Rw *rw = c->rw;
  return rw->vals[a].kind == rw->vals[b].kind && rw->vals[a].def == rw->vals[b].def;
}

/* Inputs fed the same value by every predecessor: later ones use the
 * first. */
/* For an scf.if with one block in each region, two results are duplicate
 * inputs when both yields pass each of them the same value (and the later
 * one is used). 0 when no pair is; 1 when one may be, or the op is no
 * such scf.if (the inputs decide; mixed corpus: dd-own 375.6M -> 375.1M). */
static int if_may_have_duplicate_results(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  uint32_t nres = rw->ops[op].n_res, ty, ey;
  if (!if_yields(c, op, &ty, &ey)) return 1;
  for (uint32_t j = 1; j < nres; j++) {
    if (rw_unused(rw, rw_result(rw, op, j))) continue;
    for (uint32_t i = 0; i < j; i++)
      if (OPD(ty, i) == OPD(ty, j) && OPD(ey, i) == OPD(ey, j)) return 1;
  }
  return 0;
}

static int p_remove_duplicate_inputs(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  Inputs in;
  if (!may_have_duplicate_inputs(c, op)) return 0;
  if (!if_may_have_duplicate_results(c, op)) return 0;
  if (inputs_build(c, op, &in) < 0) return 0;
  int changed = 0;
  /* stable order by number (MLIR sorts by it; ties keep the input order) */
  uint32_t ord_small[INPUTS_SMALL];
  uint32_t *ord = canon_buf(ord_small, INPUTS_SMALL, in.n);
  for (uint32_t k = 0; k < in.n; k++) ord[k] = k;
  for (uint32_t i = 1; i < in.n; i++)
    for (uint32_t j = i; j > 0 && input_number(c, in.val[ord[j - 1]]) > input_number(c, in.val[ord[j]]); j--) {
      uint32_t t = ord[j];
      ord[j] = ord[j - 1];
      ord[j - 1] = t;
    }
  for (uint32_t i = 0; i < in.n; i++) {
    uint32_t a = ord[i];
    for (uint32_t j = i + 1; j < in.n; j++) {
      uint32_t b = ord[j], vb = in.val[b];
      if (rw_unused(rw, vb) || !same_owner(c, in.val[a], vb)) continue;
      /* compare (predecessor op -> value) maps */
      int same = 1, na = 0, nb = 0;
      for (uint32_t e = 0; e < in.ne && same; e++) {
        if (in.e[e].in == a) {
          na++;
          int found = 0;
          for (uint32_t f = 0; f < in.ne; f++)
            if (in.e[f].in == b && in.e[f].own == in.e[e].own) {
              found = OPD(in.e[f].own, in.e[f].pos) == OPD(in.e[e].own, in.e[e].pos);
              break;
            }
          same = found;
        } else if (in.e[e].in == b) {
          nb++;
        }
      }
      if (!same || na != nb) continue;
      rw_replace_all_uses(rw, vb, in.val[a]);
      changed = 1;
    }
  }
  canon_buf_free(ord, ord_small);
  inputs_free(&in);
  return changed;
}

/* n zeroed bytes: `small` (cap bytes, on the caller's stack) when they
 * fit, else calloc'd; free with zbuf_free(p, small). p_remove_dead_inputs
 * took five to seven mallocs and frees per rewrite (mixed corpus: dd-own
 * 372.0M -> 369.9M). */
static uint8_t *zbuf(uint8_t *small, size_t cap, size_t n) {
  if (n > cap) return ir_xcalloc(n, 1);
  memset(small, 0, n);
  return small;
}
static void zbuf_free(uint8_t *p, const uint8_t *small) {
  if (p != small) free(p);
}

/* Remove positions marked in `drop` (indexed by operand) from op's
 * operands. */
static void drop_operands(Canon *c, uint32_t op, const uint8_t *drop) {
  uint32_t n = c->rw->ops[op].n_opd, w = 0;
  uint32_t small[32];
  uint32_t *v = canon_buf(small, 32, n + 1);
  for (uint32_t i = 0; i < n; i++)
    if (!drop[i]) v[w++] = OPD(op, i);
  rw_set_operands(c->rw, op, v, w);
  canon_buf_free(v, small);
}

/* Could op have an unused input? Every input is a result or an argument
 * of the first block of one of its regions: when all of those are used,
 * no input is dead, and the inputs need not be built (the pattern is
 * tried at every region-branch op the driver visits). */
static int may_have_unused_input(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  const RwOp *o = &rw->ops[op];
  uint32_t body, y;
  if (for_parts(c, op, &body, &y)) {
    /* result i and iter arg i are tied (init i feeds both): dead only
     * together (see for_may_have_single_valued_input for the figures) */
    for (uint32_t i = 0; i < o->n_res; i++)
      if (rw_unused(rw, o->res + i) && rw_unused(rw, rw_arg(rw, body, i + 1))) return 1;
    return 0;
  }
  for (uint32_t i = 0; i < o->n_res; i++)
    if (rw_unused(rw, o->res + i)) return 1;
  for (uint32_t k = 0; k < o->n_reg; k++) {
    uint32_t b = first_block(c, region_k(c, op, k));
    if (b == RW_NONE) continue;
    /* an scf.for's induction variable is no input (often unused) */
    for (uint32_t a = o->opc == IR_OP_FOR; a < rw->blocks[b].n_args; a++)
      if (rw_unused(rw, rw_arg(rw, b, a))) return 1;
  }
  return 0;
}

/* Tied inputs all unused: remove them with the operands feeding them. */
static int p_remove_dead_inputs(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  Inputs in;
  if (!may_have_unused_input(c, op)) return 0;
  if (inputs_build(c, op, &in) < 0) return 0;
  uint8_t dead_s[4 * INPUTS_SMALL];
  uint8_t *dead = in.n + 1 <= sizeof dead_s ? dead_s : ir_xmalloc(in.n + 1);
  memset(dead, 0, in.n + 1);
  int any = 0;
  for (uint32_t k = 0; k < in.n; k++) {
    int all = 1;
    for (uint32_t j = 0; j < in.n && all; j++)
      if (in.set[j] == in.set[k] && !rw_unused(rw, in.val[j])) all = 0;
    dead[k] = (uint8_t)all;
    any |= all;
  }
  if (!any) {
    if (dead != dead_s) free(dead);
    inputs_free(&in);
    return 0;
  }
  /* operands feeding dead inputs: on the terminators, in place */
  uint8_t drop_s[64];
  for (uint32_t e = 0; e < in.ne; e++) {
    uint32_t own = in.e[e].own;
    if (own == op || !dead[in.e[e].in]) continue;
    int done = 0;
    for (uint32_t f = 0; f < e; f++) done |= in.e[f].own == own && own != op && dead[in.e[f].in];
    if (done) continue;
    uint8_t *own_drop = zbuf(drop_s, sizeof drop_s, rw->ops[own].n_opd + 1);
    for (uint32_t f = 0; f < in.ne; f++)
      if (in.e[f].own == own && dead[in.e[f].in]) own_drop[in.e[f].pos] = 1;
    drop_operands(c, own, own_drop);
    zbuf_free(own_drop, drop_s);
    rw_modified(rw, own);
  }
  /* block arguments */
  for (uint32_t k = 0; k < in.n; k++) {
    /* 2: erased with an earlier argument of the same block (its number is
     * stale now) */
    if (dead[k] != 1 || !rw_is_arg(rw, in.val[k])) continue;
    uint32_t blk = rw->vals[in.val[k]].def;
    uint8_t *da = zbuf(drop_s, sizeof drop_s, rw->blocks[blk].n_args + 1);
    for (uint32_t j = k; j < in.n; j++)
      if (dead[j] == 1 && rw_is_arg(rw, in.val[j]) &&
          rw->vals[in.val[j]].def == blk) {
        da[rw->vals[in.val[j]].num] = 1;
        dead[j] = 2;  /* handled */
      }
    rw_erase_args(rw, blk, da);
    zbuf_free(da, drop_s);
  }
  /* the op itself: its own dropped operands and dead results */
  uint32_t nres = rw->ops[op].n_res, nopd = rw->ops[op].n_opd;
  uint8_t *opd_drop = zbuf(drop_s, sizeof drop_s, nopd + 1);
  for (uint32_t e = 0; e < in.ne; e++)
    if (in.e[e].own == op && dead[in.e[e].in]) opd_drop[in.e[e].pos] = 1;
  uint32_t opd_s[32], tys_s[32];
  uint32_t *opd = canon_buf(opd_s, 32, nopd + 1), no = 0;
  for (uint32_t i = 0; i < nopd; i++)
    if (!opd_drop[i]) opd[no++] = OPD(op, i);
  uint32_t *tys = canon_buf(tys_s, 32, nres + 1), nt = 0;
  for (uint32_t i = 0; i < nres; i++)
    if (!dead[i]) tys[nt++] = rw_type(rw, rw_result(rw, op, i));
  uint32_t nop = create_like(c, op, op, opd, no, tys, nt, rw->ops[op].n_reg);
  for (uint32_t k = 0; k < rw->ops[op].n_reg; k++)
    rw_inline_region_before(rw, region_k(c, op, k), region_k(c, nop, k), RW_NONE);
  for (uint32_t i = 0, j = 0; i < nres; i++)
    if (!dead[i]) rw_replace_all_uses(rw, rw_result(rw, op, i), rw_result(rw, nop, j++));
  rw_erase_op(rw, op);
  zbuf_free(opd_drop, drop_s);
  canon_buf_free(opd, opd_s);
  canon_buf_free(tys, tys_s);
  if (dead != dead_s) free(dead);
  inputs_free(&in);
  return 1;
}

/* ====================================================================== */
/* scf.for                                                                */
/* ====================================================================== */

static int p_simplify_trivial_loops(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  uint32_t lb = OPD(op, 0), ub = OPD(op, 1), st = OPD(op, 2);
  uint32_t n;
  if (lb == ub) {
    uint32_t *inits = operands_from(c, op, 3, &n);
    rw_replace_op(rw, op, inits);
    free(inits);
    return 1;
  }
  int64_t l, u, s;
  if (!canon_value_int(c, lb, &l) || !canon_value_int(c, ub, &u)) return 0;
  int uns = rw_prop(rw, op, "unsignedCmp") != 0;
  uint32_t w = canon_int_width(c->ctx, rw_type(rw, lb));
  uint64_t m = w >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1);
  int ge = uns ? ((uint64_t)l & m) >= ((uint64_t)u & m) : l >= u;
  if (ge) {
    uint32_t *inits = operands_from(c, op, 3, &n);
    rw_replace_op(rw, op, inits);
    free(inits);
    return 1;
  }
  if (!canon_value_int(c, st, &s)) return 0;
  /* one iteration when lb + step >= ub (no overflow wrap considered) */
  int one;
  if (uns) {
    uint64_t ls = ((uint64_t)l & m) + ((uint64_t)s & m);
    one = (ls & m) >= ((uint64_t)u & m) || ls > m;
  } else {
    int64_t ls = canon_sext((int64_t)((uint64_t)l + (uint64_t)s), w);
    one = ls >= u || (s > 0 && ls < l);
  }
  uint32_t body = first_block(c, region_k(c, op, 0));
  if (one) {
    uint32_t *inits = operands_from(c, op, 3, &n);
    uint32_t *args = ir_xmalloc((n + 2) * sizeof *args);
    args[0] = lb;
    memcpy(args + 1, inits, n * sizeof *args);
    replace_op_with_region(c, op, region_k(c, op, 0), args);
    free(args);
    free(inits);
    return 1;
  }
  /* an empty loop yielding only outside values: those values */
  if (rw->blocks[body].first != rw->blocks[body].last) return 0;
  uint32_t y = rw->blocks[body].last;
  uint32_t r = region_k(c, op, 0);
  for (uint32_t i = 0; i < rw->ops[y].n_opd; i++)
    if (!rw_defined_outside(rw, OPD(y, i), r)) return 0;
  uint32_t *vals = operands_from(c, y, 0, &n);
  rw_replace_op(rw, op, vals);
  free(vals);
  return 1;
}

/* ====================================================================== */
/* scf.execute_region                                                     */
/* ====================================================================== */

static int p_single_block_execute_inliner(Canon *c, uint32_t op) {
  uint32_t r = region_k(c, op, 0);
  uint32_t b = first_block(c, r);
  if (b == RW_NONE || c->rw->blocks[b].next != RW_NONE) return 0;
  if (rw_prop(c->rw, op, "no_inline")) return 0;
  replace_op_with_region(c, op, r, NULL);
  return 1;
}

/* ====================================================================== */
/* shape.assuming                                                         */
/* ====================================================================== */

/* Unused results go, with their yield operands. */
static int p_assuming_remove_unused_results(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  uint32_t r = region_k(c, op, 0);
  uint32_t y = region_yield(c, r);
  uint32_t nres = rw->ops[op].n_res;
  if (y == RW_NONE || rw->ops[y].n_opd != nres) return 0;
  uint32_t *keep = ir_xmalloc((nres + 1) * sizeof *keep), *tys = ir_xmalloc((nres + 1) * sizeof *tys);
  uint32_t nk = 0;
  for (uint32_t i = 0; i < nres; i++)
    if (!rw_unused(rw, rw_result(rw, op, i))) {
      tys[nk] = rw_type(rw, rw_result(rw, op, i));
      keep[nk++] = OPD(y, i);
    }
  if (nk == nres) {
    free(keep);
    free(tys);
    return 0;
  }
  RwSpec sy = {0};
  sy.name = rw->ops[y].name;
  sy.loc = rw->ops[y].loc;
  sy.operands = keep;
  sy.n_operands = nk;
  rw_create(rw, rw_ip_before(rw, y), &sy);
  rw_erase_op(rw, y);
  uint32_t w = OPD(op, 0);
  uint32_t nop = create_like(c, op, op, &w, 1, tys, nk, 1);
  rw_inline_region_before(rw, r, region_k(c, nop, 0), RW_NONE);
  for (uint32_t i = 0, j = 0; i < nres; i++)
    if (!rw_unused(rw, rw_result(rw, op, i)))
      rw_replace_all_uses(rw, rw_result(rw, op, i), rw_result(rw, nop, j++));
  rw_erase_op(rw, op);
  free(keep);
  free(tys);
  return 1;
}

void canon_rules_scf(CanonRules *r) {
  r->fold[IR_OP_IF] = fold_if;
  canon_add_pattern(r, IR_OP_IF, p_combine_ifs);
  canon_add_pattern(r, IR_OP_IF, p_combine_nested_ifs);
  canon_add_pattern(r, IR_OP_IF, p_condition_propagation);
  canon_add_pattern(r, IR_OP_IF, p_convert_trivial_if_to_select);
  canon_add_pattern(r, IR_OP_IF, p_remove_empty_else);
  canon_add_pattern(r, IR_OP_IF, p_remove_static_condition);
  canon_add_pattern(r, IR_OP_IF, p_replace_if_yield_with_condition);
  canon_add_pattern(r, IR_OP_IF, p_make_inputs_dead);
  canon_add_pattern(r, IR_OP_IF, p_remove_duplicate_inputs);
  canon_add_pattern(r, IR_OP_IF, p_remove_dead_inputs);

  canon_add_pattern(r, IR_OP_FOR, p_simplify_trivial_loops);
  canon_add_pattern(r, IR_OP_FOR, p_make_inputs_dead);
  canon_add_pattern(r, IR_OP_FOR, p_remove_duplicate_inputs);
  canon_add_pattern(r, IR_OP_FOR, p_remove_dead_inputs);

  canon_add_pattern(r, IR_OP_EXECUTE_REGION, p_single_block_execute_inliner);
  canon_add_pattern(r, IR_OP_EXECUTE_REGION, p_make_inputs_dead);
  canon_add_pattern(r, IR_OP_EXECUTE_REGION, p_remove_duplicate_inputs);
  canon_add_pattern(r, IR_OP_EXECUTE_REGION, p_remove_dead_inputs);

  canon_add_pattern(r, IR_OP_WHILE, p_make_inputs_dead);
  canon_add_pattern(r, IR_OP_WHILE, p_remove_duplicate_inputs);
  canon_add_pattern(r, IR_OP_WHILE, p_remove_dead_inputs);

  canon_add_pattern(r, IR_OP_ASSUMING, p_assuming_remove_unused_results);

  canon_add_pattern(r, IR_OP_INDEX_SWITCH, p_make_inputs_dead);
  canon_add_pattern(r, IR_OP_INDEX_SWITCH, p_remove_duplicate_inputs);
  canon_add_pattern(r, IR_OP_INDEX_SWITCH, p_remove_dead_inputs);
}
