/*
 * interp_exec.c - the driver: runs regions block by block over the
 * prepared ops, moves values along branches, loops and calls, and runs
 * one call of an entry function under the harness (argument buffers, the
 * caller's free of memref results, the leak scan).
 *
 * Control flow is C recursion on regions and calls, bounded by
 * opts.max_depth; ops executed are bounded by opts.max_steps. Values move
 * between frame slots; where a move's sources and destinations may be the
 * same slots (block arguments of a loop), it goes through the scratch.
 */
#include <stdlib.h>

#include "interpint.h"

/* ====================================================================== */
/* Frames                                                                 */
/* ====================================================================== */

int64_t *ix_frame_push(IrInterp *ip, uint32_t words) {
  size_t need = words ? words : 1;
  /* Frames start zeroed: a memref slot read before it is written (a
   * result an op failed to define) then holds no buffer and a rank of 0,
   * never a stale word taken for a rank. */
  if (!ip->n_chunks) {
    /* Small first: most runs need a few frames, and zeroing a big chunk
     * per interpreter dominated short checks (the fuzz oracle makes eight
     * interpreters per input); chunks double from here. */
    size_t cap = need > ((size_t)1 << 10) ? need : (size_t)1 << 10;
    Chunk ch = {ir_xcalloc(cap, sizeof(int64_t)), cap, 0};
    uint32_t n_cap = 0;
    IR_VPUSH(ip->chunks, ip->n_chunks, n_cap, ch);
    ip->cur_chunk = 0;
  }
  Chunk *ch = &ip->chunks[ip->cur_chunk];
  if (ch->cap - ch->used < need) {
    size_t cap = ch->cap * 2 > need ? ch->cap * 2 : need;
    ip->cur_chunk++;
    if (ip->cur_chunk == ip->n_chunks) {
      Chunk nc = {ir_xcalloc(cap, sizeof(int64_t)), cap, 0};
      uint32_t c = ip->n_chunks;
      ir_vgrow((void **)&ip->chunks, &c, ip->n_chunks + 1, sizeof *ip->chunks);
      ip->chunks[ip->n_chunks++] = nc;
    } else if (ip->chunks[ip->cur_chunk].cap < need) {
      Chunk *e = &ip->chunks[ip->cur_chunk]; /* empty: may move */
      free(e->mem);
      e->mem = ir_xcalloc(cap, sizeof(int64_t));
      e->cap = cap;
    }
    ch = &ip->chunks[ip->cur_chunk];
  }
  int64_t *f = ch->mem + ch->used;
  ch->used += need;
  memset(f, 0, need * sizeof *f);
  return f;
}

void ix_frame_pop(IrInterp *ip, uint32_t words) {
  Chunk *ch = &ip->chunks[ip->cur_chunk];
  ch->used -= words ? words : 1;
  if (!ch->used && ip->cur_chunk) ip->cur_chunk--;
}

static void frames_reset(IrInterp *ip) {
  for (uint32_t i = 0; i < ip->n_chunks; i++) ip->chunks[i].used = 0;
  ip->cur_chunk = 0;
}

/* ====================================================================== */
/* Moving values                                                          */
/* ====================================================================== */

static inline uint32_t words_of(const int64_t *s, uint32_t slot) {
  return slot & SLOT_MEM ? MR_WORDS(s[MR_RANK]) : 1;
}

/* Values [dval, dval + n) of frame dfp from operands [sopd, sopd + n) of
 * frame sfp; `overlap`: sources may be among the destinations. */
static void move_vals(IrInterp *ip, int64_t *dfp, uint32_t dval,
                      const int64_t *sfp, uint32_t sopd, uint32_t n,
                      int overlap) {
  const uint32_t *vs = ip->vslot + dval, *os = ip->oslot + sopd;
  if (!overlap) {
    for (uint32_t k = 0; k < n; k++) {
      const int64_t *s = sfp + SLOT(os[k]);
      if (os[k] & SLOT_MEM) memcpy(dfp + SLOT(vs[k]), s, MR_WORDS(s[MR_RANK]) * sizeof *s);
      else dfp[vs[k]] = *s;
    }
    return;
  }
  int64_t *sc = ip->scratch;
  size_t at = 0;
  for (uint32_t k = 0; k < n; k++) {
    const int64_t *s = sfp + SLOT(os[k]);
    uint32_t w = words_of(s, os[k]);
    memcpy(sc + at, s, w * sizeof *s);
    at += w;
  }
  at = 0;
  for (uint32_t k = 0; k < n; k++) {
    uint32_t w = words_of(sc + at, vs[k]);
    memcpy(dfp + SLOT(vs[k]), sc + at, w * sizeof *sc);
    at += w;
  }
}

/* The results of op from the operands of terminator `ex`. */
static void results_from(IrInterp *ip, int64_t *fp, uint32_t op, uint32_t ex,
                         uint32_t skip) {
  const IrOp *o = &ip->m->ops[op], *t = &ip->m->ops[ex];
  uint32_t avail = t->n_operands > skip ? t->n_operands - skip : 0;
  uint32_t n = avail < o->n_results ? avail : o->n_results;
  move_vals(ip, fp, o->results, fp, t->operands + skip, n, 0);
}

/* Branch along successor k of op: block arguments from its operands. */
static uint32_t branch(IrInterp *ip, int64_t *fp, uint32_t op, uint32_t k) {
  const IrModule *m = ip->m;
  const IrSucc *s = &m->succs[m->ops[op].succs + k];
  const IrBlock *b = &m->blocks[s->block];
  uint32_t n = s->n_operands < b->n_args ? s->n_operands : b->n_args;
  move_vals(ip, fp, b->args, fp, s->operands, n, 1);
  return s->block;
}

/* ====================================================================== */
/* Regions                                                                */
/* ====================================================================== */

static int run_region(IrInterp *ip, int64_t *fp, uint32_t r, uint32_t *exit);

static int unsupported(IrInterp *ip, uint32_t op, const Ins *in) {
  return ix_skip(ip, op, "'%s' %s", ix_op_name(ip, op),
                 ix_why_text((IxWhy)in->aux));
}

/* The exit of a region must be one of these terminators. */
static inline int exit_is(IrInterp *ip, uint32_t ex, uint32_t opc, uint32_t parent) {
  if (__builtin_expect(ip->m->ops[ex].opc == opc, 1)) return 0;
  return ix_skip(ip, ex, "'%s' ends a region of '%s'", ix_op_name(ip, ex),
                 ix_op_name(ip, parent));
}

static int if_op(IrInterp *ip, int64_t *fp, uint32_t op) {
  const IrOp *o = &ip->m->ops[op];
  uint32_t r = o->regions + ((fp[SLOT(ip->oslot[o->operands])] & 1) ? 0 : 1);
  uint32_t ex;
  if (!ip->m->regions[r].n_blocks) return 0; /* no else */
  int rc = run_region(ip, fp, r, &ex);
  if (rc || (rc = exit_is(ip, ex, IR_OP_YIELD, op))) return rc;
  results_from(ip, fp, op, ex, 0);
  return 0;
}

/* The body of a counted loop (scf.for, affine.for) from lb while below
 * ub (w-bit, signed unless uns); each iteration is an
 * AutomaticAllocationScope. Results are the iter args at the end. */
static int run_loop(IrInterp *ip, int64_t *fp, uint32_t op, uint32_t n_init,
                    uint32_t init_opd, uint64_t lb, uint64_t ub, uint64_t step,
                    int uns, uint32_t w) {
  const IrModule *m = ip->m;
  const IrOp *o = &m->ops[op];
  uint32_t ex;
  const IrBlock *body = &m->blocks[m->regions[o->regions].blocks];
  if (body->n_args != n_init + 1 || o->n_results != n_init)
    return ix_skip(ip, op, "malformed '%s'", ix_op_name(ip, op));
  move_vals(ip, fp, body->args + 1, fp, init_opd, n_init, 0);
  int64_t *ivp = fp + SLOT(ip->vslot[body->args]);
  uint64_t iv = lb;
  for (;;) {
    int more = uns ? iv < ub : ix_sext(iv, w) < ix_sext(ub, w);
    if (!more) break;
    *ivp = (int64_t)iv;
    uint32_t mark = ip->n_allocas;
    int rc = run_region(ip, fp, o->regions, &ex);
    if (!rc && !(ip->ins[ex].code == IX_EXIT &&
                 ip->m->ops[ex].n_operands == n_init))
      rc = ix_skip(ip, ex, "'%s' ends a region of '%s'", ix_op_name(ip, ex),
                   ix_op_name(ip, op));
    if (rc) return rc;
    ix_allocas_pop(ip, mark, ex);
    move_vals(ip, fp, body->args + 1, fp, m->ops[ex].operands, n_init, 1);
    /* next iv; stop where it would leave the type's range */
    uint64_t next = (iv + step) & ix_mask(w);
    if (uns ? next < iv : ix_sext(next, w) < ix_sext(iv, w)) break;
    iv = next;
  }
  for (uint32_t k = 0; k < o->n_results; k++) {
    const int64_t *s = fp + SLOT(ip->vslot[body->args + 1 + k]);
    memcpy(fp + SLOT(ip->vslot[o->results + k]), s,
           words_of(s, ip->vslot[o->results + k]) * sizeof *s);
  }
  return 0;
}

static int for_op(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  const IrOp *o = &ip->m->ops[op];
  const uint32_t *os = ip->oslot + o->operands;
  uint32_t w = in->w;
  uint64_t lb = (uint64_t)fp[SLOT(os[0])], ub = (uint64_t)fp[SLOT(os[1])];
  uint64_t step = (uint64_t)fp[SLOT(os[2])];
  int uns = (int)in->aux;
  if (uns ? step == 0 : ix_sext(step, w) <= 0)
    return ix_fault(ip, IR_RUN_UNDEFINED, op, 0, "scf.for with step %lld",
                    (long long)ix_sext(step, w));
  return run_loop(ip, fp, op, o->n_operands - 3, o->operands + 3, lb, ub, step,
                  uns, w);
}

static int affine_for_op(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  const IrOp *o = &ip->m->ops[op];
  int64_t lb, ub, step;
  if (ix_affine_bounds(ip, fp, op, in, &lb, &ub, &step)) return IX_FAULT;
  uint32_t n_init = o->n_results;
  return run_loop(ip, fp, op, n_init, o->operands + o->n_operands - n_init,
                  (uint64_t)lb, (uint64_t)ub, (uint64_t)step, 0, 64);
}

static int affine_if_op(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  const IrOp *o = &ip->m->ops[op];
  int holds;
  uint32_t ex;
  if (ix_affine_cond(ip, fp, op, in, &holds)) return IX_FAULT;
  uint32_t r = o->regions + (holds ? 0 : 1);
  if (!ip->m->regions[r].n_blocks) return 0;
  int rc = run_region(ip, fp, r, &ex);
  if (rc || (rc = exit_is(ip, ex, IR_OP_AFFINE_YIELD, op))) return rc;
  results_from(ip, fp, op, ex, 0);
  return 0;
}

static int while_op(IrInterp *ip, int64_t *fp, uint32_t op) {
  const IrModule *m = ip->m;
  const IrOp *o = &m->ops[op];
  const IrBlock *before = &m->blocks[m->regions[o->regions].blocks];
  const IrBlock *after = &m->blocks[m->regions[o->regions + 1].blocks];
  uint32_t ex;
  if (before->n_args != o->n_operands) return ix_skip(ip, op, "malformed scf.while");
  move_vals(ip, fp, before->args, fp, o->operands, o->n_operands, 0);
  for (;;) {
    int rc = run_region(ip, fp, o->regions, &ex);
    if (!rc) rc = exit_is(ip, ex, IR_OP_CONDITION, op);
    if (rc) return rc;
    const IrOp *c = &m->ops[ex];
    if (!(fp[SLOT(ip->oslot[c->operands])] & 1)) {
      results_from(ip, fp, op, ex, 1);
      return 0;
    }
    if (after->n_args != c->n_operands - 1) return ix_skip(ip, op, "malformed scf.while");
    move_vals(ip, fp, after->args, fp, c->operands + 1, after->n_args, 1);
    rc = run_region(ip, fp, o->regions + 1, &ex);
    if (!rc) rc = exit_is(ip, ex, IR_OP_YIELD, op);
    if (rc) return rc;
    if (m->ops[ex].n_operands != before->n_args) return ix_skip(ip, op, "malformed scf.while");
    move_vals(ip, fp, before->args, fp, m->ops[ex].operands, before->n_args, 1);
  }
}

static int region_op(IrInterp *ip, int64_t *fp, uint32_t op, uint32_t r) {
  uint32_t ex;
  int rc = run_region(ip, fp, r, &ex);
  if (rc || (rc = exit_is(ip, ex, IR_OP_YIELD, op))) return rc;
  results_from(ip, fp, op, ex, 0);
  return 0;
}

/* An op whose region runs once; results from its terminator when the
 * counts agree, else zero. */
static int once_op(IrInterp *ip, int64_t *fp, uint32_t op) {
  const IrOp *o = &ip->m->ops[op];
  uint32_t ex;
  int rc = run_region(ip, fp, o->regions, &ex);
  if (rc) return rc;
  if (ip->m->ops[ex].n_operands == o->n_results) {
    results_from(ip, fp, op, ex, 0);
  } else {
    for (uint32_t k = 0; k < o->n_results; k++) {
      int64_t *r = fp + SLOT(ip->vslot[o->results + k]);
      if (ip->vslot[o->results + k] & SLOT_MEM) return ix_skip(ip, op, "'%s' has a memref result its region does not yield", ix_op_name(ip, op));
      *r = 0;
    }
  }
  return 0;
}

/* test.region_buffer_based in(a) out(b): for each element, the body gets
 * a[i] and b[i] and yields the new b[i]. */
static int region_buf_op(IrInterp *ip, int64_t *fp, uint32_t op) {
  const IrModule *m = ip->m;
  const IrOp *o = &m->ops[op];
  const int64_t *a = fp + SLOT(ip->oslot[o->operands]);
  const int64_t *b = fp + SLOT(ip->oslot[o->operands + 1]);
  const IrBlock *body = &m->blocks[m->regions[o->regions].blocks];
  uint32_t ta = ir_vtype(m, ir_operand(m, op, 0)), tb = ir_vtype(m, ir_operand(m, op, 1));
  uint32_t ea = ir_type(ip->ctx, ta)->elem, eb = ir_type(ip->ctx, tb)->elem, sa, sb, ex;
  ElKind ka = ix_elem(ip->ctx, ea, &sa), kb = ix_elem(ip->ctx, eb, &sb);
  int64_t *arg_a = fp + SLOT(ip->vslot[body->args]);
  int64_t *arg_b = fp + SLOT(ip->vslot[body->args + 1]);
  if (a[MR_RANK] != b[MR_RANK])
    return ix_fault(ip, IR_RUN_UNDEFINED, op, 0, "test.region_buffer_based of different ranks");
  int64_t n = 1, idx[IR_MAX_RANK] = {0};
  for (int64_t d = 0; d < a[MR_RANK]; d++) {
    if (MR_SIZE(a, d) != MR_SIZE(b, d))
      return ix_fault(ip, IR_RUN_UNDEFINED, op, 0, "test.region_buffer_based of different shapes");
    /* saturating: a view with a 0 size may have others whose product
     * overflows (0 still wins), and the body's steps bound the loop */
    if (__builtin_mul_overflow(n, MR_SIZE(a, d), &n)) n = INT64_MAX;
  }
  int64_t la = a[MR_OFF], lb = b[MR_OFF];
  for (int64_t i = 0; i < n; i++) {
    uint8_t *pa = ix_at(ip, op, a, la, sa, 0, "test.region_buffer_based reads");
    uint8_t *pb = pa ? ix_at(ip, op, b, lb, sb, 1, "test.region_buffer_based writes") : NULL;
    if (!pb) return IX_FAULT;
    *arg_a = ix_load_elem(pa, ka, sa, ix_int_width(ip->ctx, ea));
    *arg_b = ix_load_elem(pb, kb, sb, ix_int_width(ip->ctx, eb));
    int rc = run_region(ip, fp, o->regions, &ex);
    if (rc) return rc;
    const IrOp *y = &m->ops[ex];
    if (y->n_operands != 1 || ir_vtype(m, ir_operand(m, ex, 0)) != eb)
      return ix_skip(ip, ex, "'%s' must yield one element", ix_op_name(ip, ex));
    /* the body may have freed b: check again */
    if (!(pb = ix_at(ip, op, b, lb, sb, 1, "test.region_buffer_based writes")))
      return IX_FAULT;
    ix_store_elem(pb, kb, sb, fp[SLOT(ip->oslot[y->operands])]);
    for (int64_t d = a[MR_RANK]; d-- > 0;) {
      la += MR_STRIDE(a, d);
      lb += MR_STRIDE(b, d);
      if (++idx[d] < MR_SIZE(a, d)) break;
      la -= MR_SIZE(a, d) * MR_STRIDE(a, d);
      lb -= MR_SIZE(b, d) * MR_STRIDE(b, d);
      idx[d] = 0;
    }
  }
  return 0;
}

static int index_switch_op(IrInterp *ip, int64_t *fp, uint32_t op,
                           const Ins *in) {
  const IrOp *o = &ip->m->ops[op];
  int64_t v = fp[SLOT(ip->oslot[o->operands])];
  const int64_t *cases = ip->pool + in->aux;
  uint32_t r = o->regions;
  for (int64_t i = 0; i < in->k; i++)
    if (cases[i] == v) {
      r = o->regions + 1 + (uint32_t)i;
      break;
    }
  return region_op(ip, fp, op, r);
}

static uint32_t switch_target(IrInterp *ip, int64_t *fp, uint32_t op,
                              const Ins *in) {
  int64_t v = fp[SLOT(ip->oslot[ip->m->ops[op].operands])];
  const int64_t *cases = ip->pool + in->aux;
  for (int64_t i = 0; i < in->k; i++)
    if (cases[i] == v) return 1 + (uint32_t)i;
  return 0;
}

/* A call of an external function, as the ABI says it behaves: memref
 * results are fresh heap buffers the caller owns, scalars are 0. */
static int extern_call(IrInterp *ip, int64_t *fp, uint32_t op) {
  const IrOp *o = &ip->m->ops[op];
  for (uint32_t k = 0; k < o->n_results; k++) {
    uint32_t v = o->results + k;
    int64_t *s = fp + SLOT(ip->vslot[v]);
    if (ip->vslot[v] & SLOT_MEM) {
      int rc = ix_make_buffer(ip, op, IR_BUF_HEAP, ip->m->values[v].type,
                              NULL, 0, s);
      if (rc) return rc;
    } else {
      *s = 0;
    }
  }
  return 0;
}

/* Counts, in ip->shared_results, a return whose memref results the
 * deallocation pipeline's function boundary ABI may hand back as copies: a
 * result that shares its buffer with another result or with a memref
 * argument of the call, or that is no heap buffer of its own (a global,
 * an entry argument's buffer). The callee owns none of them, or not all
 * at once, so the pipeline returns a clone there, and a caller that
 * writes through one and reads through the other sees the difference. */
static void note_shared_results(IrInterp *ip, const int64_t *fp, const IrOp *call,
                                const int64_t *callee, const IrOp *ret, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    uint32_t si = ip->oslot[ret->operands + i];
    if (!(si & SLOT_MEM)) continue;
    int64_t obj = callee[SLOT(si)];
    int shared = obj <= 0 || (uint64_t)obj >= ip->n_objs ||
                 ip->objs[obj].kind != IR_BUF_HEAP;
    for (uint32_t j = i + 1; !shared && j < n; j++) {
      uint32_t sj = ip->oslot[ret->operands + j];
      shared = (sj & SLOT_MEM) && callee[SLOT(sj)] == obj;
    }
    for (uint32_t k = 0; !shared && k < call->n_operands; k++) {
      uint32_t sk = ip->oslot[call->operands + k];
      shared = (sk & SLOT_MEM) && fp[SLOT(sk)] == obj;
    }
    if (shared) {
      ip->shared_results++;
      return;
    }
  }
}

static int call_op(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  const IrModule *m = ip->m;
  const Func *f = &ip->funcs[in->aux];
  const IrOp *o = &m->ops[op];
  uint32_t ret;
  if (f->body == IR_NONE) return extern_call(ip, fp, op);
  if (!f->frame) return ix_skip(ip, op, "'%s' %s", ix_op_name(ip, op),
                                ix_why_text(WHY_FRAME));
  const IrBlock *entry = &m->blocks[m->regions[f->body].blocks];
  if (entry->n_args != o->n_operands)
    return ix_skip(ip, op, "'%s' passes %u arguments to a function whose "
                   "entry block has %u", ix_op_name(ip, op), o->n_operands,
                   entry->n_args);
  int64_t *callee = ix_frame_push(ip, f->frame);
  uint32_t mark = ip->n_allocas;
  move_vals(ip, callee, entry->args, fp, o->operands, o->n_operands, 0);
  int rc = ix_call(ip, in->aux, callee, op, &ret);
  if (!rc) {
    const IrOp *r = &m->ops[ret];
    uint32_t n = r->n_operands < o->n_results ? r->n_operands : o->n_results;
    note_shared_results(ip, fp, o, callee, r, n);
    move_vals(ip, fp, o->results, callee, r->operands, n, 0);
    ix_allocas_pop(ip, mark, ret);
  }
  ix_frame_pop(ip, f->frame);
  return rc;
}

int ix_call(IrInterp *ip, uint32_t f, int64_t *frame, uint32_t call_op,
            uint32_t *ret_op) {
  uint32_t ex;
  (void)call_op;
  int rc = run_region(ip, frame, ip->funcs[f].body, &ex);
  /* func.return, or another return-like op (test.return): MLIR's
   * verifier lets a function end in any terminator */
  uint32_t opc = rc ? IR_OP_RETURN : ip->m->ops[ex].opc;
  if (opc != IR_OP_RETURN &&
      (opc == IR_OP_UNKNOWN || !(ir_op_info(opc)->traits & IR_TR_RETURN_LIKE)))
    rc = exit_is(ip, ex, IR_OP_RETURN, ip->funcs[f].op);
  if (!rc) *ret_op = ex;
  return rc;
}

static void trace(IrInterp *ip, uint32_t op) {
  char loc[256];
  fprintf(ip->o.trace, "%*s%s  %s\n", (int)(2 * ip->depth), "",
          ix_op_name(ip, op), ir_interp_loc(ip, op, loc, sizeof loc));
}

/* Run region r from its entry block (arguments already set) until a
 * terminator hands control back to the region's parent; *exit = that
 * terminator. */
static int run_region(IrInterp *ip, int64_t *fp, uint32_t r, uint32_t *exit) {
  const IrModule *m = ip->m;
  const IrRegion *rg = &m->regions[r];
  uint32_t b = rg->blocks;
  FILE *trace_out = ip->o.trace;
  int rc = 0;
  if (!rg->n_blocks)
    return ix_skip(ip, rg->op, "'%s' has an empty region", ix_op_name(ip, rg->op));
  if (++ip->depth > ip->o.max_depth) {
    ip->depth--;
    return ix_skip(ip, rg->op, "the nesting bound (%u regions and calls) is "
                   "exceeded", ip->o.max_depth);
  }
  for (;;) {
    const IrBlock *bk = &m->blocks[b];
    uint32_t op = bk->ops, end = bk->ops + bk->n_ops, next = IR_NONE;
    /* A block's ops are counted when it is entered (a fault may leave
     * some of them unexecuted; the bound stays a bound). */
    ip->steps += bk->n_ops;
    if (ip->steps > ip->o.max_steps) {
      rc = ix_skip(ip, op, "the step bound (%llu) is exceeded",
                   (unsigned long long)ip->o.max_steps);
      goto out;
    }
    for (; op < end && next == IR_NONE; op++) {
      const Ins *in = &ip->ins[op];
      if (trace_out) trace(ip, op);
      if (in->code >= IX_CONST && in->code <= IX_SELECT) {
        rc = ix_arith(ip, fp, op, in);
      } else if (in->code >= IX_ALLOC && in->code <= IX_READ_ALL) {
        rc = ix_memref(ip, fp, op, in);
      } else {
        switch ((IxCode)in->code) {
        case IX_NOP: break;
        case IX_IF: rc = if_op(ip, fp, op); break;
        case IX_FOR: rc = for_op(ip, fp, op, in); break;
        case IX_WHILE: rc = while_op(ip, fp, op); break;
        case IX_EXEC_REGION: rc = region_op(ip, fp, op, m->ops[op].regions); break;
        case IX_INDEX_SWITCH: rc = index_switch_op(ip, fp, op, in); break;
        case IX_BR: next = branch(ip, fp, op, 0); break;
        case IX_COND_BR:
          next = branch(ip, fp, op, (fp[SLOT(ip->oslot[m->ops[op].operands])] & 1) ? 0 : 1);
          break;
        case IX_SWITCH: next = branch(ip, fp, op, switch_target(ip, fp, op, in)); break;
        case IX_ASSERT:
          if (!(fp[SLOT(ip->oslot[m->ops[op].operands])] & 1))
            rc = ix_fault(ip, IR_RUN_ASSERT, op, 0, "cf.assert failed: \"%s\"",
                          in->aux ? ir_str_ptr(ip->ctx, in->aux) : "");
          break;
        case IX_CALL: rc = call_op(ip, fp, op, in); break;
        case IX_REGION_ONCE: rc = once_op(ip, fp, op); break;
        case IX_REGION_BUF: rc = region_buf_op(ip, fp, op); break;
        case IX_AFFINE_APPLY: rc = ix_affine_apply(ip, fp, op, in); break;
        case IX_AFFINE_LOAD: rc = ix_affine_load(ip, fp, op, in); break;
        case IX_AFFINE_FOR: rc = affine_for_op(ip, fp, op, in); break;
        case IX_AFFINE_IF: rc = affine_if_op(ip, fp, op, in); break;
        case IX_EXIT:
          *exit = op;
          goto out;
        default: rc = unsupported(ip, op, in); break;
        }
      }
      if (rc) goto out;
    }
    if (next == IR_NONE) {
      rc = ix_skip(ip, bk->n_ops ? end - 1 : rg->op, "a block of '%s' has no "
                   "terminator", ix_op_name(ip, rg->op));
      goto out;
    }
    b = next;
  }
out:
  ip->depth--;
  return rc;
}

/* ====================================================================== */
/* One run of an entry function                                           */
/* ====================================================================== */

static void fill_result(IrInterp *ip, IrRunResult *r, int rc) {
  r->steps = ip->steps;
  r->shared_results = ip->shared_results;
  r->errors = ip->errs;
  r->n_errors = ip->n_errs;
  r->skip_op = ip->skip_op;
  snprintf(r->skip_why, sizeof r->skip_why, "%s", ip->skip_why);
  r->status = rc == IX_SKIP && !ip->n_errs ? IR_RUN_SKIPPED
              : ip->n_errs ? IR_RUN_FAILED : IR_RUN_CLEAN;
}

/* The entry's arguments into its frame. */
static int set_args(IrInterp *ip, const Func *f, const IrRunArg *args,
                    int64_t *frame) {
  const IrModule *m = ip->m;
  const IrBlock *entry = &m->blocks[m->regions[f->body].blocks];
  for (uint32_t k = 0; k < entry->n_args; k++) {
    uint32_t v = entry->args + k, t = m->values[v].type;
    int64_t *s = frame + SLOT(ip->vslot[v]);
    const IrRunArg *a = args ? &args[k] : NULL;
    if (!ir_interp_arg_ok(ip, t))
      return ix_skip(ip, f->op, "argument #%u has a type ir-run cannot make", k);
    if (ip->vslot[v] & SLOT_MEM) {
      if (a && a->alias >= 0 && (uint32_t)a->alias < k &&
          m->values[entry->args + a->alias].type == t) {
        const int64_t *src = frame + SLOT(ip->vslot[entry->args + a->alias]);
        memcpy(s, src, MR_WORDS(src[MR_RANK]) * sizeof *s);
        continue;
      }
      int rc = ix_make_buffer(ip, f->op, IR_BUF_ARGUMENT, t,
                              a ? a->dims : NULL, a ? a->n_dims : 0, s);
      if (rc) return rc;
      ip->objs[s[MR_OBJ]].arg = k;
      ip->objs[s[MR_OBJ]].alloc_op = IR_NONE;
    } else if (ix_float_kind(ip->ctx, t)) {
      *s = ix_bits(ix_round(a ? a->f : 0, ix_float_kind(ip->ctx, t)));
    } else {
      *s = (int64_t)((uint64_t)(a ? a->i : 0) & ix_mask(ix_int_width(ip->ctx, t)));
    }
  }
  return 0;
}

static void print_results(IrInterp *ip, uint32_t ret, const int64_t *frame,
                          FILE *out) {
  const IrOp *o = &ip->m->ops[ret];
  for (uint32_t k = 0; k < o->n_operands; k++) {
    uint32_t slot = ip->oslot[o->operands + k];
    fprintf(out, "result #%u: ", k);
    ix_print_value(ip, frame + SLOT(slot), ir_vtype(ip->m, ir_operand(ip->m, ret, k)),
                   out);
    fputc('\n', out);
  }
}

void ir_interp_run(IrInterp *ip, uint32_t func, const IrRunArg *args,
                   IrRunResult *r, FILE *out) {
  memset(r, 0, sizeof *r);
  ix_heap_reset(ip);
  frames_reset(ip);
  ip->shared_results = 0;
  uint32_t fi = func < ip->m->n_ops ? ip->func_of_op[func] : IR_NONE;
  if (fi == IR_NONE || ip->funcs[fi].body == IR_NONE) {
    fill_result(ip, r, ix_skip(ip, func, "not a function with a body"));
    return;
  }
  const Func *f = &ip->funcs[fi];
  if (!f->frame) {
    fill_result(ip, r, ix_skip(ip, func, "the function's frame is too large"));
    return;
  }
  ip->entry = fi;
  const IrBlock *entry = &ip->m->blocks[ip->m->regions[f->body].blocks];
  if (entry->n_args != ir_type(ip->ctx, f->type)->n) {
    fill_result(ip, r, ix_skip(ip, func, "the entry block's arguments do not "
                               "match the function type"));
    return;
  }
  int64_t *frame = ix_frame_push(ip, f->frame);
  uint32_t ret = IR_NONE;
  int rc = set_args(ip, f, args, frame);
  if (!rc) rc = ix_call(ip, fi, frame, IR_NONE, &ret);
  if (!rc) {
    if (out) print_results(ip, ret, frame, out);
    ix_free_results(ip, ret, frame);
    ix_allocas_pop(ip, 0, ret);
    ix_leaks(ip);
  }
  ix_frame_pop(ip, f->frame);
  fill_result(ip, r, rc);
}
