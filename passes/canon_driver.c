/*
 * canon_driver.c - the greedy pattern rewrite driver (canon.h): worklist,
 * constant uniquing and hoisting, folding, pattern application, and the
 * effect queries every rule needs.
 */
#include <pthread.h>
#include <stdlib.h>

#include "canon.h"

int canon_simplify_regions(Canon *c);  /* canon_region.c */

/* ====================================================================== */
/* Effects                                                                */
/* ====================================================================== */

#define EFFECT_TRAITS (IR_TR_PURE | IR_TR_READ | IR_TR_WRITE | IR_TR_ALLOC | IR_TR_FREE)

/* test.side_effect_op's effects: its `effects` attribute, an array of
 * {effect = "read" | "write" | "allocate" | "free"}; none without it. */
static uint32_t side_effect_op_fx(const Rw *rw, uint32_t op) {
  IrCtx *c = rw->ctx;
  uint32_t a = rw->ops[op].attrs ? ir_dict_getc(c, rw->ops[op].attrs, "effects") : 0;
  if (!a) return IR_TR_PURE;
  const IrAttr *at = ir_attr(c, a);
  if (at->kind != IR_A_ARRAY) return IR_TR_READ | IR_TR_WRITE;
  uint32_t fx = 0;
  const uint32_t *el = ir_attr_u32(c, a);
  for (uint32_t i = 0; i < at->n; i++) {
    uint32_t e = ir_attr(c, el[i])->kind == IR_A_DICT ? ir_dict_getc(c, el[i], "effect") : 0;
    const IrAttr *ea = e ? ir_attr(c, e) : NULL;
    const char *s = ea && ea->kind == IR_A_STRING ? ir_str_ptr(c, ea->str) : "";
    if (!strcmp(s, "read")) fx |= IR_TR_READ;
    else if (!strcmp(s, "allocate")) fx |= IR_TR_ALLOC;
    else if (!strcmp(s, "free")) fx |= IR_TR_FREE;
    else fx |= IR_TR_WRITE;
  }
  return fx ? fx : IR_TR_PURE;
}

uint32_t canon_op_effects(const Rw *rw, uint32_t op) {
  uint32_t opc = rw->ops[op].opc;
  if (opc == IR_OP_UNKNOWN) return 0;
  /* test.read_buffer reads, yet mlir-opt-22 treats its effects as unknown:
   * never dropped, never merged */
  if (opc == IR_OP_TEST_READ_BUFFER) return 0;
  if (opc == IR_OP_TEST_SIDE_EFFECT) return side_effect_op_fx(rw, op);
  return rw_traits(rw, op) & EFFECT_TRAITS;
}

int canon_has_effect_iface(const Rw *rw, uint32_t op) {
  return canon_op_effects(rw, op) != 0;
}

/* A full stack that started in the caller's `small` array: twice the
 * room, on the heap (the caller frees it unless it is still `small`). */
static uint32_t *stack_grow(uint32_t *st, const uint32_t *small, uint32_t *cap) {
  uint32_t *ns = ir_xmalloc(2 * (size_t)*cap * sizeof *ns);
  memcpy(ns, st, *cap * sizeof *ns);
  if (st != small) free(st);
  *cap *= 2;
  return ns;
}

/* Are an op's own known effects fx (nonzero) allowed? `strict` forbids
 * all but PURE (isMemoryEffectFree); otherwise reads and the allocation
 * (writing) of the op's own results are allowed (wouldOpBeTriviallyDead). */
static inline int fx_allowed(uint32_t fx, int strict) {
  return (fx & IR_TR_PURE) || (!strict && !(fx & (IR_TR_FREE | IR_TR_WRITE)));
}

/* One op's own part of effects_ok: 0 bad, 1 fine, 2 fine if everything
 * nested is (a recursive-effect op). */
static int fx_verdict(const Rw *rw, uint32_t o, int strict) {
  uint32_t fx = canon_op_effects(rw, o);
  int rec = rw->ops[o].opc != IR_OP_UNKNOWN &&
            (rw_traits(rw, o) & IR_TR_RECURSIVE_EFFECTS) != 0;
  if (fx ? !fx_allowed(fx, strict) : !rec) return 0;
  return rec ? 2 : 1;
}

enum { FX_ASK = 3 };  /* Canon.fx_dead: the op's attribute decides */

/* fx_verdict(rw, o, 0) through the Canon's per-opcode table (set_inert):
 * the dead check of a loop or if walks its body at every pop. */
static inline int fx_dead_verdict(const Canon *c, uint32_t o) {
  uint32_t opc = c->rw->ops[o].opc;
  if (opc >= IR_N_OPS) return 0;   /* unregistered: no effects known */
  uint32_t v = c->fx_dead[opc];
  return v == FX_ASK ? fx_verdict(c->rw, o, 0) : (int)v;
}

/* Walk op and (for recursive-effect ops) everything nested; `strict`
 * forbids every effect (isMemoryEffectFree), otherwise reads and the
 * allocation of the op's own results are allowed (wouldOpBeTriviallyDead).
 * With a Canon (c, not strict) each op's verdict is looked up per opcode
 * (fx_dead_verdict). */
static inline int effects_walk(const Rw *rw, const Canon *c, uint32_t root,
                               int strict) {
  /* most ops: no recursive effects, the op's own effects decide */
  if (!(rw_traits(rw, root) & IR_TR_RECURSIVE_EFFECTS)) {
    uint32_t fx = canon_op_effects(rw, root);
    return fx && fx_allowed(fx, strict);
  }
  /* The answer is an AND over the op and everything nested, so each op is
   * judged as the scan meets it and the first bad one ends the scan; only
   * recursive-effect ops wait on the stack for their regions (the whole
   * body went on the stack first before: dead-op checks of loops paid
   * their size at every pop). */
  if ((c ? fx_dead_verdict(c, root) : fx_verdict(rw, root, strict)) == 0) return 0;
  uint32_t cap = 16, n = 0;
  uint32_t small[16];
  uint32_t *st = small;
  int ok = 1;
  st[n++] = root;
  while (n && ok) {
    uint32_t o = st[--n];
    const RwOp *op = &rw->ops[o];
    for (uint32_t k = 0; k < op->n_reg && ok; k++) {
      uint32_t r = rw_region_of(rw, o, k);
      for (uint32_t b = rw->regions[r].first; b != RW_NONE && ok; b = rw->blocks[b].next)
        for (uint32_t x = rw->blocks[b].first; x != RW_NONE; x = rw->ops[x].next) {
          int v = c ? fx_dead_verdict(c, x) : fx_verdict(rw, x, strict);
          if (v == 0) { ok = 0; break; }
          if (v == 1) continue;
          if (n == cap) st = stack_grow(st, small, &cap);
          st[n++] = x;
        }
    }
  }
  if (st != small) free(st);
  return ok;
}

static int effects_ok(const Rw *rw, uint32_t root, int strict) {
  return effects_walk(rw, NULL, root, strict);
}

int canon_would_be_dead(const Rw *rw, uint32_t op) {
  uint32_t tr = rw_traits(rw, op);
  if (rw->ops[op].opc == IR_OP_UNKNOWN) return 0;  /* might be a terminator */

  if (tr & (IR_TR_TERMINATOR | IR_TR_SYMBOL)) return 0;
  return effects_ok(rw, op, 0);
}

int canon_is_dead(const Rw *rw, uint32_t op) {
  return rw_op_unused(rw, op) && canon_would_be_dead(rw, op);
}

int canon_effect_free(const Rw *rw, uint32_t op) {
  if (rw->ops[op].opc == IR_OP_UNKNOWN) return 0;
  return effects_ok(rw, op, 1);
}

/* ====================================================================== */
/* Integer constants                                                      */
/* ====================================================================== */

int64_t canon_sext(int64_t v, uint32_t width) {
  if (width == 0 || width >= 64) return v;
  uint64_t m = (uint64_t)1 << (width - 1);
  uint64_t x = (uint64_t)v & (((uint64_t)1 << width) - 1);
  return (int64_t)((x ^ m) - m);
}

uint32_t canon_int_width(IrCtx *c, uint32_t type) {
  const IrType *t = ir_type(c, type);
  if (t->kind == IR_T_INT) return t->width;
  if (t->kind == IR_T_INDEX) return 64;
  return 0;
}

int canon_attr_int(IrCtx *c, uint32_t attr, int64_t *v) {
  if (!attr) return 0;
  const IrAttr *a = ir_attr(c, attr);
  if (a->kind == IR_A_BOOL) {
    *v = a->ival ? -1 : 0;  /* i1 true is -1 sign-extended */
    return 1;
  }
  if (a->kind == IR_A_INT) {
    uint32_t w = canon_int_width(c, a->type);
    if (!w || w > 64) return 0;
    *v = canon_sext(a->ival, w);
    return 1;
  }
  return 0;
}

int canon_value_int(Canon *c, uint32_t v, int64_t *out) {
  return canon_attr_int_cached(c, rw_const_attr(c->rw, v), out);
}

uint32_t canon_int_attr(Canon *c, int64_t v, uint32_t type) {
  uint32_t w = canon_int_width(c->ctx, type);
  if (w == 1) return ir_attr_bool(c->ctx, v & 1);
  return ir_attr_int(c->ctx, canon_sext(v, w), type);
}

/* ====================================================================== */
/* Building                                                               */
/* ====================================================================== */

uint32_t *canon_tmp(Canon *c, uint32_t n) {
  if (n + 1 > c->cap_tmp) ir_vgrow((void **)&c->tmp, &c->cap_tmp, n + 1, sizeof *c->tmp);
  return c->tmp;
}

uint32_t canon_make_constant(Canon *c, RwIp ip, uint32_t attr, uint32_t type,
                             uint32_t loc) {
  uint32_t h = (attr * 2654435761u) >> 26, props = c->cprops[h].props;
  if (!props || c->cprops[h].attr != attr) {
    props = ir_dict_set(c->ctx, 0, c->s_value, attr);
    c->cprops[h].attr = attr;
    c->cprops[h].props = props;
  }
  uint32_t op = rw_create1(c->rw, ip, c->s_constant, loc, NULL, 0, type, props);
  return rw_result(c->rw, op, 0);
}

uint32_t canon_make_bool(Canon *c, RwIp ip, int v, uint32_t loc) {
  return canon_make_constant(c, ip, ir_attr_bool(c->ctx, v), c->t_i1, loc);
}

uint32_t canon_make_op(Canon *c, uint32_t at, uint32_t name,
                       const uint32_t *opd, uint32_t n, uint32_t type,
                       uint32_t props) {
  uint32_t op = rw_create1(c->rw, rw_ip_before(c->rw, at), name,
                           c->rw->ops[at].loc, opd, n, type, props);
  return rw_result(c->rw, op, 0);
}

void canon_add_pattern(CanonRules *r, uint32_t opc, CanonPatFn fn) {
  ir_assert(opc < IR_N_OPS && r->n_pats[opc] < CANON_MAX_PATS);
  r->pats[opc][r->n_pats[opc]++] = fn;
}

/* ====================================================================== */
/* Worklist (MLIR's Worklist: LIFO with set semantics and removal)        */
/* ====================================================================== */

/* Never on the worklist (set_inert); unregistered ops are not inert. */
static inline int is_inert(const Canon *c, uint32_t op) {
  uint32_t opc = c->rw->ops[op].opc;
  return opc < IR_N_OPS && c->inert[opc];
}

static void wl_need(Canon *c) {
  uint32_t n = c->rw->n_ops + 1;
  if (n > c->cap_wpos) {
    uint32_t old = c->cap_wpos;
    ir_vgrow((void **)&c->wpos, &c->cap_wpos, n, sizeof *c->wpos);
    memset(c->wpos + old, 0, (c->cap_wpos - old) * sizeof *c->wpos);
  }
  if (n > c->cap_owned) {
    uint32_t old = c->cap_owned;
    ir_vgrow((void **)&c->owned, &c->cap_owned, n, sizeof *c->owned);
    memset(c->owned + old, 0, (c->cap_owned - old) * sizeof *c->owned);
  }
}

static void wl_grow(Canon *c) {
  ir_vgrow((void **)&c->wl, &c->cap_wl, c->n_wl + 1, sizeof *c->wl);
}

/* The growth out of line: a push is a few instructions at every op seeded
 * and every notification. */
static inline void wl_push(Canon *c, uint32_t op) {
  if (op >= c->cap_wpos) wl_need(c);
  if (c->wpos[op]) return;
  if (c->n_wl == c->cap_wl) wl_grow(c);
  c->wl[c->n_wl++] = op;
  c->wpos[op] = c->n_wl;
}

static void wl_remove(Canon *c, uint32_t op) {
  if (op >= c->cap_wpos) wl_need(c);
  if (!c->wpos[op]) return;
  c->wl[c->wpos[op] - 1] = RW_NONE;
  c->wpos[op] = 0;
}

/* Removed entries (RW_NONE) are skipped here, once each; they may stay
 * at the end until then, as pushes only need the live entries in order
 * (trimming them before and after every pop cost dd-own 3.8M instructions;
 * now: dd-own 415.6M -> 413.5M, dd-simplify 127.5M -> 126.9M, dd-lower
 * 163.0M -> 162.4M). */
static uint32_t wl_pop(Canon *c) {
  while (c->n_wl) {
    uint32_t op = c->wl[--c->n_wl];
    if (op != RW_NONE) {
      c->wpos[op] = 0;
      return op;
    }
  }
  return RW_NONE;
}

static void wl_clear(Canon *c) {
  for (uint32_t i = 0; i < c->n_wl; i++)
    if (c->wl[i] != RW_NONE) c->wpos[c->wl[i]] = 0;
  c->n_wl = 0;
}

/* Each swapped pair's positions are set as it is swapped (a second pass
 * over the list set them all before: mixed corpus dd-own 364.4M -> 363.7M,
 * dd-lower 146.4M -> 146.2M); the middle entry of an odd list stays where
 * its position says. */
static void wl_reverse(Canon *c) {
  for (uint32_t i = 0, j = c->n_wl; i + 1 < j; i++, j--) {
    uint32_t a = c->wl[i], b = c->wl[j - 1];
    c->wl[i] = b;
    c->wl[j - 1] = a;
    if (b != RW_NONE) c->wpos[b] = i + 1;
    if (a != RW_NONE) c->wpos[a] = j;
  }
}

/* MLIR's addToWorklist: the op and its ancestors up to the scope region,
 * innermost first; nothing if the op is not inside the scope.
 *
 * `seeding`: nothing is popped while seeding and only erased constants
 * (which have no regions) are removed, so an op on the worklist has all its
 * ancestors on it too, and the walk up can stop at the first ancestor
 * already there (bottom-up seeding asked for the whole chain at every op:
 * depth times the module). */
static void push_chain(Canon *c, uint32_t op, int seeding) {
  Rw *rw = c->rw;
  /* Pushed as met (the walk up meets them innermost first); pushes only
   * append, so an op found outside the scope takes back the entries from
   * `start` on (the chain was collected in an array and pushed after:
   * dd-own 408.9M -> 407.5M, dd-simplify 125.9M -> 125.5M). */
  uint32_t start = c->n_wl;
  for (uint32_t o = op; o != RW_NONE;) {
    if (seeding && o < c->cap_wpos && c->wpos[o]) return;
    /* inert ops never go on (set_inert): walk past them */
    if (!is_inert(c, o)) wl_push(c, o);
    uint32_t r = rw_op_region(rw, o);
    if (r == c->scope) return;
    if (r == RW_NONE) break;
    o = rw->regions[r].op;
  }
  while (c->n_wl > start) c->wpos[c->wl[--c->n_wl]] = 0;
}

static void add_to_worklist(Canon *c, uint32_t op) { push_chain(c, op, 0); }

/* ====================================================================== */
/* Units (canon.h)                                                        */
/* ====================================================================== */

static int is_unit(const Canon *c, uint32_t op) {
  return canon_is_unit(c, op);
}

static void unit_mark(Canon *c, uint32_t u) {
  if (u >= c->cap_units) {
    uint32_t old = c->cap_units, cap = old;
    ir_vgrow((void **)&c->uclean, &cap, u + 1, 1);
    ir_vgrow((void **)&c->utouch, &c->cap_units, u + 1, 1);
    memset(c->uclean + old, 0, c->cap_units - old);
    memset(c->utouch + old, 0, c->cap_units - old);
  }
  c->utouch[u] = 1;
}

/* The unit op is in, RW_NONE if none. A block never leaves its function
 * (functions are isolated), so the answer is kept per block (ublk: unit +
 * 1) and most notifications cost no walk up. */
static uint32_t unit_of(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  uint32_t b = rw->ops[op].block;
  if (b == RW_NONE) return RW_NONE;
  if (b < c->cap_ublk && c->ublk[b]) return c->ublk[b] - 1;
  for (uint32_t o = op; o != RW_NONE && rw_alive(rw, o);) {
    uint32_t r = rw_op_region(rw, o);
    if (r == RW_NONE) return RW_NONE;
    if (r == c->scope) {
      if (!is_unit(c, o)) return RW_NONE;
      if (rw->blocks[b].region != c->scope) {
        if (b >= c->cap_ublk) {
          uint32_t old = c->cap_ublk;
          ir_vgrow((void **)&c->ublk, &c->cap_ublk, rw->n_blocks + 1, sizeof *c->ublk);
          memset(c->ublk + old, 0, (c->cap_ublk - old) * sizeof *c->ublk);
        }
        c->ublk[b] = o + 1;
      }
      return o;
    }
    o = rw->regions[r].op;
  }
  return RW_NONE;
}

void canon_unit_touch_slow(Canon *c, uint32_t op) {
  uint32_t u = unit_of(c, op);
  if (u != RW_NONE) unit_mark(c, u);
}

/* Marks each unit clean iff nothing in it was touched since the flags
 * were last reset; `reset` starts the next round of touches.
 * - After an iteration (reset): a unit is skipped in the next one iff
 *   nothing in it changed in this one (a skipped unit cannot have changed).
 * - Before the region simplifier of a later iteration (no reset): a unit
 *   this iteration's worklist left untouched is as the last region
 *   simplification on it left it (a skipped unit, or one whose rewrites
 *   all failed), and that is a fixed point of the simplifier (no block
 *   becomes unreachable by deleting dead ops, and what stays is live), so
 *   the simplifier skips it too; the call after the iteration then decides
 *   as before. */
static void units_update(Canon *c, int reset) {
  Rw *rw = c->rw;
  for (uint32_t b = rw->regions[c->scope].first; b != RW_NONE; b = rw->blocks[b].next)
    for (uint32_t o = rw->blocks[b].first; o != RW_NONE; o = rw->ops[o].next) {
      if (!is_unit(c, o)) continue;
      if (o >= c->cap_units) {
        unit_mark(c, o);  /* grows the arrays */
        c->utouch[o] = 0;
      }
      c->uclean[o] = !c->utouch[o];
      if (reset) c->utouch[o] = 0;
    }
}

/* Listener: what MLIR's GreedyPatternRewriteDriver does on notifications. */
static void on_inserted(void *ud, uint32_t op) {
  Canon *c = ud;
  c->changed = 1;
  canon_unit_touch(c, op);
  add_to_worklist(c, op);
}

static void on_modified(void *ud, uint32_t op) {
  Canon *c = ud;
  c->changed = 1;
  canon_unit_touch(c, op);
  add_to_worklist(c, op);
}

/* Does v have at least two users other than op (MLIR's driver scans the
 * use list for that on every erasure)? A long list is scanned once and its
 * distinct users remembered by one use slot each; later queries count the
 * remembered users whose slot still uses v, and scan again only when
 * fewer than two remain. One erasure among thousands of uses of a `true`
 * by one dealloc then costs O(1), not the length of the list. */
static int other_users_long(Canon *c, uint32_t v, uint32_t op);

/* The short scan inline, the long lists' cache out of line (on_erased
 * kept registers for it at every erasure: mixed corpus dd-own 378.5M ->
 * 377.5M). */
static inline int other_users(Canon *c, uint32_t v, uint32_t op) {
  Rw *rw = c->rw;
  if (rw->vals[v].n_uses > 16) return other_users_long(c, v, op);
  uint32_t other = RW_NONE;
  for (uint32_t u = rw->vals[v].first_use; u != RW_NONE; u = rw->uses[u].next) {
    uint32_t user = rw->uses[u].op;
    if (user == op || user == other) continue;
    if (other != RW_NONE) return 1;
    other = user;
  }
  return 0;
}

static __attribute__((noinline)) int other_users_long(Canon *c, uint32_t v,
                                                   uint32_t op) {
  Rw *rw = c->rw;
  if (rw->n_vals > c->cap_ucache) {
    uint32_t old = c->cap_ucache, cap = old;
    ir_vgrow((void **)&c->ufirst, &cap, rw->n_vals, sizeof *c->ufirst);
    ir_vgrow((void **)&c->ucount, &c->cap_ucache, rw->n_vals, sizeof *c->ucount);
    memset(c->ucount + old, 0, (c->cap_ucache - old) * sizeof *c->ucount);
  }
  /* the remembered users that still are users, the stale ones dropped */
  uint32_t n = c->ucount[v], found = 0;
  /* ufirst[v] means something only while ucount[v] > 0 (and upool may
   * still be NULL before the first scan) */
  uint32_t *p = n ? c->upool + c->ufirst[v] : NULL;
  for (uint32_t i = 0; i < n && found < 2;) {
    if (rw->uses[p[i]].val != v) {
      p[i] = p[--n];   /* stale: each is dropped once */
      continue;
    }
    found += rw->uses[p[i++]].op != op;
  }
  c->ucount[v] = n;
  if (found >= 2) return 1;
  /* scan: every distinct user once (per-op stamps) */
  if (rw->n_ops > c->cap_umark) {
    uint32_t old = c->cap_umark;
    ir_vgrow((void **)&c->umark, &c->cap_umark, rw->n_ops, sizeof *c->umark);
    memset(c->umark + old, 0, (c->cap_umark - old) * sizeof *c->umark);
  }
  if (++c->userial == 0) {
    memset(c->umark, 0, c->cap_umark * sizeof *c->umark);
    c->userial = 1;
  }
  if (c->n_upool > 1u << 26) {   /* stale copies piled up: forget all */
    memset(c->ucount, 0, c->cap_ucache * sizeof *c->ucount);
    c->n_upool = 0;
  }
  uint32_t start = c->n_upool;
  found = 0;
  for (uint32_t u = rw->vals[v].first_use; u != RW_NONE; u = rw->uses[u].next) {
    uint32_t user = rw->uses[u].op;
    if (c->umark[user] == c->userial) continue;
    c->umark[user] = c->userial;
    IR_VPUSH(c->upool, c->n_upool, c->cap_upool, u);
    found += user != op;
  }
  c->ufirst[v] = start;
  c->ucount[v] = c->n_upool - start;
  return found >= 2;
}

static void on_erased(void *ud, uint32_t op) {
  Canon *c = ud;
  Rw *rw = c->rw;
  c->changed = 1;
  canon_unit_touch(c, op);
  /* An operand left with at most one other user: its definition may now
   * be dead or newly simplifiable. */
  const RwOp *o = &rw->ops[op];
  for (uint32_t k = 0; k < o->n_opd; k++) {
    uint32_t v = rw_operand(rw, op, k);
    if (v == RW_NONE) continue;
    uint32_t def = rw_def(rw, v);
    if (def == RW_NONE) continue;
    if (!other_users(c, v, op)) add_to_worklist(c, def);
  }
  wl_remove(c, op);
}

/* ====================================================================== */
/* Constant folder (MLIR's OperationFolder, as the driver uses it)        */
/* ====================================================================== */

/* 24 bytes: a slot is used when op is set (op 0 is the module, never a
 * constant); a `used` field made it 32, and the table is cleared for
 * every run (mixed corpus: dd-own 377.5M -> 377.0M, dd-simplify 116.1M ->
 * 115.9M, dd-lower 148.7M -> 148.5M). */
typedef struct CanonCst {
  uint32_t region, name, type, op;
  uint64_t key;       /* value bits for integers, attr id (tagged) otherwise */
} CanonCst;

static int cst_used(const CanonCst *e) { return e->op != 0; }

static uint64_t cst_key(Canon *c, uint32_t attr) {
  int64_t v;
  if (canon_attr_int_cached(c, attr, &v)) return (uint64_t)v;
  return ((uint64_t)1 << 63) ^ ((uint64_t)attr << 1) ^ 0x5bd1e995u;
}

/* Every field mixed into every bit (splitmix64's finalizer): the same
 * small integers in many regions made long probe runs before (mixed
 * corpus: ~20 probes a lookup). */
static uint32_t cst_hash(const CanonCst *e) {
  uint64_t h = e->key ^ (uint64_t)e->region * 0x9E3779B97F4A7C15ull ^
               (uint64_t)e->name * 0xC2B2AE3D27D4EB4Full ^
               (uint64_t)e->type * 0x165667B19E3779F9ull;
  h ^= h >> 30;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 27;
  h *= 0x94D049BB133111EBull;
  h ^= h >> 31;
  return (uint32_t)h;
}

/* Clears the claimed slots only (the table is sized for the whole
 * module, an iteration may claim few). */
static void cst_reset(Canon *c) {
  for (uint32_t i = 0; i < c->n_cst_used; i++)
    memset(&c->cst_tab[c->cst_used[i]], 0, sizeof *c->cst_tab);
  c->n_cst_used = 0;
  c->cst_n = 0;
}

/* Find or claim the slot for a key; returns the slot. */
static CanonCst *cst_slot(Canon *c, const CanonCst *k) {
  if (2 * (c->cst_n + 1) > c->cst_cap) {
    /* first size from the module (about one op in eight is a
     * constant): growing from 64 was a calloc and a rehash per doubling
     * in every run */
    uint32_t ncap = 64;
    if (c->cst_cap) ncap = 2 * c->cst_cap;
    else while (ncap < c->rw->n_ops / 4 && ncap < 1u << 20) ncap *= 2;
    CanonCst *old = c->cst_tab;
    uint32_t ocap = c->cst_cap;
    c->cst_tab = ir_xcalloc(ncap, sizeof *c->cst_tab);
    c->cst_cap = ncap;
    c->n_cst_used = 0;
    /* the claimed-slot list holds at most the table's half */
    ir_vgrow((void **)&c->cst_used, &c->cap_cst_used, ncap / 2 + 1, sizeof *c->cst_used);
    for (uint32_t i = 0; i < ocap; i++)
      if (cst_used(&old[i])) {
        uint32_t h = cst_hash(&old[i]) & (ncap - 1);
        while (cst_used(&c->cst_tab[h])) h = (h + 1) & (ncap - 1);
        c->cst_tab[h] = old[i];
        IR_VPUSH(c->cst_used, c->n_cst_used, c->cap_cst_used, h);
      }
    free(old);
  }
  uint32_t h = cst_hash(k) & (c->cst_cap - 1);
  for (;;) {
    CanonCst *e = &c->cst_tab[h];
    if (!cst_used(e)) return e;
    if (e->region == k->region && e->name == k->name && e->type == k->type &&
        e->key == k->key)
      return e;
    h = (h + 1) & (c->cst_cap - 1);
  }
}

/* The region constants of block `blk` are hoisted to: the nearest
 * enclosing region whose op is isolated from above (or unregistered, or
 * the top), or the body of an affine loop. */
static uint32_t insertion_region(Canon *c, uint32_t blk) {
  Rw *rw = c->rw;
  for (;;) {
    uint32_t r = rw->blocks[blk].region;
    uint32_t p = rw->regions[r].op;
    uint32_t opc = rw->ops[p].opc;
    if (opc == IR_OP_UNKNOWN || (rw_traits(rw, p) & IR_TR_ISOLATED) ||
        rw->ops[p].block == RW_NONE)
      return r;
    if (opc == IR_OP_AFFINE_FOR) return r;
    blk = rw->ops[p].block;
  }
}

static int is_owned(Canon *c, uint32_t op) {
  return op != RW_NONE && c->owned[op] == c->iter;
}

/* MLIR's OperationFolder::insertKnownConstant. Returns 0 if `op` was
 * replaced by an equal constant already known (and erased). */
static int insert_known_constant(Canon *c, uint32_t op, uint32_t attr) {
  Rw *rw = c->rw;
  if (rw->n_ops + 1 > c->cap_owned || rw->n_ops + 1 > c->cap_wpos) wl_need(c);
  uint32_t blk = rw->ops[op].block;
  if (is_owned(c, op)) {
    if (rw->blocks[blk].first != op && !is_owned(c, rw->ops[op].prev)) {
      RwListener *l = rw->listener;
      rw->listener = NULL;
      rw_move_op(rw, op, rw_ip_start(rw, blk));
      rw->listener = l;
      rw->ops[op].loc = 0;
      c->changed = 1;
    }
    return 1;
  }
  CanonCst k = {0};
  k.region = insertion_region(c, blk);
  k.name = rw->ops[op].name;
  k.type = rw_type(rw, rw_result(rw, op, 0));
  k.key = cst_key(c, attr);
  CanonCst *e = cst_slot(c, &k);
  if (cst_used(e)) {
    uint32_t keep = e->op;
    rw_replace_op(rw, op, &rw->ops[keep].res);
    rw->ops[keep].loc = 0;
    return 0;
  }
  *e = k;
  e->op = op;
  c->cst_n++;
  IR_VPUSH(c->cst_used, c->n_cst_used, c->cap_cst_used, (uint32_t)(e - c->cst_tab));
  uint32_t ib = rw->regions[k.region].first;
  if (blk != ib || (rw->blocks[ib].first != op && !is_owned(c, rw->ops[op].prev))) {
    RwListener *l = rw->listener;
    rw->listener = NULL;
    rw_move_op(rw, op, rw_ip_start(rw, ib));
    rw->listener = l;
    rw->ops[op].loc = 0;
    c->changed = 1;
  }
  c->owned[op] = c->iter;
  return 1;
}

/* ====================================================================== */
/* Seeding                                                                */
/* ====================================================================== */

static int is_idempotent(uint32_t opc) {
  return opc == IR_OP_ANDI || opc == IR_OP_ORI;
}

/* What the opcode alone decides (its traits): the same in every run, so
 * computed once per process; only inertness also asks the run's rules
 * (the loop over every opcode at every canon_run: mixed corpus dd-own
 * 344.0M -> 343.0M, dd-simplify 107.3M -> 106.8M, dd-lower 136.6M ->
 * 136.1M). */
typedef struct OpcFacts {
  uint8_t never_dead[IR_N_OPS], own_fx_ok[IR_N_OPS], fx_dead[IR_N_OPS],
      dead_if_unused[IR_N_OPS];
  uint8_t inert_unless_ruled[IR_N_OPS];  /* inert if no fold or pattern */
} OpcFacts;

static OpcFacts opc_facts;
static pthread_once_t opc_facts_once = PTHREAD_ONCE_INIT;

static void opc_facts_build(void) {
  OpcFacts *f = &opc_facts;
  for (uint32_t opc = 0; opc < IR_N_OPS; opc++) {
    uint32_t tr = ir_op_traits(opc);
    int never_dead;
    if (tr & (IR_TR_TERMINATOR | IR_TR_SYMBOL)) never_dead = 1;
    else if (tr & IR_TR_RECURSIVE_EFFECTS) never_dead = 0;
    else {
      uint32_t fx = tr & EFFECT_TRAITS;
      never_dead = !fx || !fx_allowed(fx, 0);
    }
    f->never_dead[opc] = opc != IR_OP_TEST_SIDE_EFFECT &&
                         opc != IR_OP_TEST_READ_BUFFER && never_dead;
    uint32_t own_fx = opc == IR_OP_UNKNOWN || opc == IR_OP_TEST_READ_BUFFER ? 0 : tr & EFFECT_TRAITS;
    f->own_fx_ok[opc] = own_fx ? fx_allowed(own_fx, 0)
                               : opc != IR_OP_UNKNOWN && (tr & IR_TR_RECURSIVE_EFFECTS) != 0;
    if (opc == IR_OP_TEST_SIDE_EFFECT) {
      f->fx_dead[opc] = FX_ASK;
    } else {   /* fx_verdict(rw, op, 0) of any op of this opcode */
      uint32_t fx = opc == IR_OP_TEST_READ_BUFFER ? 0 : tr & EFFECT_TRAITS;
      int rec = (tr & IR_TR_RECURSIVE_EFFECTS) != 0;
      f->fx_dead[opc] = (uint8_t)((fx ? !fx_allowed(fx, 0) : !rec) ? 0 : rec ? 2 : 1);
    }
    f->dead_if_unused[opc] = opc != IR_OP_UNKNOWN && opc != IR_OP_TEST_SIDE_EFFECT &&
                             opc != IR_OP_TEST_READ_BUFFER && !never_dead &&
                             !(tr & IR_TR_RECURSIVE_EFFECTS);
    f->inert_unless_ruled[opc] =
        opc != IR_OP_UNKNOWN && opc != IR_OP_TEST_SIDE_EFFECT &&
        opc != IR_OP_TEST_READ_BUFFER && never_dead &&
        !(tr & (IR_TR_CONSTANT | IR_TR_COMMUTATIVE)) && !is_idempotent(opc);
  }
}

/* An op is inert when popping it is a no-op whatever the IR around it:
 * never trivially dead (a terminator, a symbol, or an op whose own effects
 * write or free or are unknown), no folder, not commutative or idempotent,
 * no pattern. Its place on the worklist then matters to nobody: seeding
 * and notifications leave it off (yields, returns, conditions,
 * functions, calls: a function was pushed again at every edit inside
 * it). Only the order of the other ops matters, and that is unchanged. */
static void set_inert(Canon *c) {
  pthread_once(&opc_facts_once, opc_facts_build);
  const OpcFacts *f = &opc_facts;
  memcpy(c->never_dead, f->never_dead, sizeof c->never_dead);
  memcpy(c->own_fx_ok, f->own_fx_ok, sizeof c->own_fx_ok);
  memcpy(c->fx_dead, f->fx_dead, sizeof c->fx_dead);
  memcpy(c->dead_if_unused, f->dead_if_unused, sizeof c->dead_if_unused);
  for (uint32_t opc = 0; opc < IR_N_OPS; opc++)
    c->inert[opc] = f->inert_unless_ruled[opc] && !c->rules->fold[opc] &&
                    !c->rules->n_pats[opc] && !(c->extra && c->extra->n_pats[opc]);
}

/* A constant is uniqued and hoisted as seeding meets it; 0 if it was
 * replaced by an equal one (and erased). */
static int seed_constant(Canon *c, uint32_t op) {
  Rw *rw = c->rw;
  if (rw->ops[op].n_res == 1) {
    uint32_t a = rw_const_attr_of(rw, op);
    if (a && !insert_known_constant(c, op, a)) return 0;
  }
  return 1;
}

/* Is op still there after seeding met it? The trait test inline: most
 * ops are no constants, and the call cost each its frame (mixed corpus:
 * dd-own 413.5M -> 408.9M, dd-simplify 126.9M -> 125.9M, dd-lower 162.4M
 * -> 161.0M). */
static inline int seed_kept(Canon *c, uint32_t op) {
  return !(rw_traits(c->rw, op) & IR_TR_CONSTANT) || seed_constant(c, op);
}

/* Seeding's walks: a generic walk's order (the next op and block
 * read before the op is seeded; a unit skipped this iteration is seen but
 * not entered), with the per-op work inline instead of two callbacks
 * (mixed corpus, instructions: dd-own 420.9M -> 415.6M, dd-lower 164.6M
 * -> 163.0M).
 *
 * Top-down (pre-order), an op is met after its ancestors, which are all
 * on the worklist by then unless inert (seeding removes only erased
 * constants, which have no regions), so add_to_worklist's walk up would
 * push nothing more: the op is pushed alone. */
static void seed_top_down(Canon *c, uint32_t r, uint32_t depth) {
  Rw *rw = c->rw;
  ir_assert(depth < 4 * IR_MAX_DEPTH + 64);
  for (uint32_t b = rw->regions[r].first; b != RW_NONE;) {
    uint32_t nextb = rw->blocks[b].next;
    for (uint32_t o = rw->blocks[b].first; o != RW_NONE;) {
      uint32_t next = rw->ops[o].next;
      int enter = rw->ops[o].n_reg && !canon_unit_skip(c, o);
      if (seed_kept(c, o)) {
        if (!is_inert(c, o)) wl_push(c, o);
        if (enter && rw_alive(rw, o))
          for (uint32_t k = 0; k < rw->ops[o].n_reg; k++)
            seed_top_down(c, rw_region_of(rw, o, k), depth + 1);
      }
      o = next;
    }
    b = nextb;
  }
}

/* Bottom-up (post-order), an op's ancestors come after it, and push_chain
 * pushes them first. Once one op of a region has pushed its chain, the
 * ancestors are all listed, and push_chain of a later op there would push
 * it alone (dd-simplify 130.5M -> 127.6M). */
static void seed_bottom_up(Canon *c, uint32_t r, uint32_t depth) {
  Rw *rw = c->rw;
  int listed = r == c->scope;
  ir_assert(depth < 4 * IR_MAX_DEPTH + 64);
  for (uint32_t b = rw->regions[r].first; b != RW_NONE;) {
    uint32_t nextb = rw->blocks[b].next;
    for (uint32_t o = rw->blocks[b].first; o != RW_NONE;) {
      uint32_t next = rw->ops[o].next;
      if (rw->ops[o].n_reg && !canon_unit_skip(c, o))
        for (uint32_t k = 0; k < rw->ops[o].n_reg; k++)
          seed_bottom_up(c, rw_region_of(rw, o, k), depth + 1);
      if (seed_kept(c, o) && !is_inert(c, o)) {
        if (listed) {
          wl_push(c, o);
        } else {
          push_chain(c, o, 1);
          listed = 1;
        }
      }
      o = next;
    }
    b = nextb;
  }
}

/* ====================================================================== */
/* Folding                                                                */
/* ====================================================================== */

/* MLIR's OpTrait::impl::foldCommutative: constants move to the right. */
static int fold_commutative(Canon *c, uint32_t op, const uint32_t *cst) {
  Rw *rw = c->rw;
  uint32_t n = rw->ops[op].n_opd;
  if (n < 2) return 0;
  uint32_t first_c = 0;
  while (first_c < n && !cst[first_c]) first_c++;
  int moved = 0;
  for (uint32_t i = first_c; i < n; i++)
    if (!cst[i]) moved = 1;
  if (!moved) return 0;
  uint32_t *v = canon_tmp(c, n);
  uint32_t w = 0;
  for (uint32_t i = 0; i < n; i++)
    if (!cst[i]) v[w++] = rw_operand(rw, op, i);
  for (uint32_t i = 0; i < n; i++)
    if (cst[i]) v[w++] = rw_operand(rw, op, i);
  for (uint32_t i = 0; i < n; i++) rw_set_operand(rw, op, i, v[i]);
  return 1;
}

/* Op::fold then the trait folds, as MLIR's foldHook does. */
static int fold_op(Canon *c, uint32_t op, CanonFold *res) {
  Rw *rw = c->rw;
  uint32_t opc = rw->ops[op].opc;
  if (opc == IR_OP_UNKNOWN) return CANON_FAIL;
  uint32_t n = rw->ops[op].n_opd;
  uint32_t tr = rw_traits(rw, op);
  /* only a folder and the commutative rule look at constant operands */
  if (opc >= IR_N_OPS || (!c->rules->fold[opc] && !(tr & IR_TR_COMMUTATIVE))) {
    if (is_idempotent(opc) && n == 2 && rw_operand(rw, op, 0) == rw_operand(rw, op, 1)) {
      res[0].val = rw_operand(rw, op, 0);
      res[0].attr = 0;
      return CANON_REPLACE;
    }
    return CANON_FAIL;
  }
  uint32_t small[8];
  uint32_t *cst = n <= 8 ? small : ir_xmalloc(n * sizeof *cst);
  for (uint32_t i = 0; i < n; i++) cst[i] = rw_const_attr(rw, rw_operand(rw, op, i));
  int r = CANON_FAIL;
  if (c->rules->fold[opc]) r = c->rules->fold[opc](c, op, cst, res);
  if (r != CANON_REPLACE) {
    if ((tr & IR_TR_COMMUTATIVE) && fold_commutative(c, op, cst)) {
      r = CANON_INPLACE;
    } else if (is_idempotent(opc) && n == 2 &&
               rw_operand(rw, op, 0) == rw_operand(rw, op, 1)) {
      res[0].val = rw_operand(rw, op, 0);
      res[0].attr = 0;
      r = CANON_REPLACE;
    }
  }
  if (cst != small) free(cst);
  return r;
}

/* Materialise an attribute as the dialect would: an arith.constant when
 * the attribute is a number of the result type. RW_NONE if impossible. */
static uint32_t materialize(Canon *c, uint32_t at, uint32_t attr, uint32_t type) {
  const IrAttr *a = ir_attr(c->ctx, attr);
  uint32_t use = attr;
  if (a->kind == IR_A_BOOL) {
    if (canon_int_width(c->ctx, type) != 1 || ir_type(c->ctx, type)->kind != IR_T_INT)
      return RW_NONE;
  } else if (a->kind == IR_A_INT) {
    if (a->type != type) return RW_NONE;
    if (canon_int_width(c->ctx, type) == 1) use = ir_attr_bool(c->ctx, a->ival & 1);
  } else if (a->kind == IR_A_FLOAT || a->kind == IR_A_DENSE) {
    if (a->type != type) return RW_NONE;
  } else {
    return RW_NONE;
  }
  return canon_make_constant(c, rw_ip_before(c->rw, at), use, type,
                             c->rw->ops[at].loc);
}

/* ====================================================================== */
/* The worklist loop                                                      */
/* ====================================================================== */

static int try_patterns(Canon *c, uint32_t op) {
  uint32_t opc = c->rw->ops[op].opc;
  if (opc == IR_OP_UNKNOWN) return 0;
  if (c->extra)
    for (uint32_t i = 0; i < c->extra->n_pats[opc]; i++)
      if (c->extra->pats[opc][i](c, op)) return 1;
  for (uint32_t i = 0; i < c->rules->n_pats[opc]; i++)
    if (c->rules->pats[opc][i](c, op)) return 1;
  return 0;
}

/* canon_would_be_dead with the nested ops' verdicts looked up per opcode
 * (loops and ifs are the ops it walks: fx_verdict was a call and two
 * trait reads per nested op; mixed corpus: dd-own 375.8M -> 373.7M,
 * dd-simplify 116.0M -> 115.9M, dd-lower 148.2M -> 147.3M). */
static int would_be_dead(const Canon *c, uint32_t op) {
  const Rw *rw = c->rw;
  if (rw->ops[op].opc == IR_OP_UNKNOWN) return 0;  /* might be a terminator */
  if (rw_traits(rw, op) & (IR_TR_TERMINATOR | IR_TR_SYMBOL)) return 0;
  return effects_walk(rw, c, op, 0);
}

/* canon_is_dead with what the opcode decides looked up (set_inert): the
 * unused test inline, the effects walked only for ops whose effects are
 * their regions' (and the test ops) (mixed corpus: dd-own 407.5M ->
 * 405.0M, dd-simplify 125.5M -> 125.3M). */
static inline int is_dead(const Canon *c, uint32_t op) {
  const Rw *rw = c->rw;
  uint32_t opc = rw->ops[op].opc;
  if (opc < IR_N_OPS && c->never_dead[opc]) return 0;
  if (!rw_op_unused(rw, op)) return 0;
  if (opc < IR_N_OPS && c->dead_if_unused[opc]) return 1;
  return would_be_dead(c, op);
}

static int process_worklist(Canon *c) {
  Rw *rw = c->rw;
  int changed = 0;
  long n_rewrites = 0;
  CanonFold small[8];
  while (c->cfg.max_rewrites < 0 || n_rewrites < c->cfg.max_rewrites) {
    uint32_t op = wl_pop(c);
    if (op == RW_NONE) break;
    if (!rw_alive(rw, op)) continue;
    /* The erasure, the in-place update and the replacement below touch
     * the op's unit through the listener (on_erased, on_modified): no
     * touch of their own (mixed corpus: dd-own 373.7M -> 373.0M). */
    if (is_dead(c, op)) {
      rw_erase_op(rw, op);
      changed = 1;
      continue;
    }
    if (c->cfg.fold && !(rw_traits(rw, op) & IR_TR_CONSTANT)) {
      uint32_t nr = rw->ops[op].n_res;
      CanonFold *res = nr <= 8 ? small : ir_xmalloc(nr * sizeof *res);
      int r = fold_op(c, op, res);
      if (r == CANON_INPLACE) {
        rw_modified(rw, op);
        changed = 1;
        if (res != small) free(res);
        continue;
      }
      if (r == CANON_REPLACE) {
        uint32_t vals_s[8];
        uint32_t *vals = canon_buf(vals_s, 8, nr + 1);
        int ok = 1;
        uint32_t made_first = rw->n_ops;
        for (uint32_t k = 0; k < nr && ok; k++) {
          if (res[k].val != RW_NONE) {
            vals[k] = res[k].val;
            continue;
          }
          uint32_t t = rw_type(rw, rw_result(rw, op, k));
          vals[k] = materialize(c, op, res[k].attr, t);
          if (vals[k] == RW_NONE) ok = 0;
        }
        if (ok) {
          rw_replace_op(rw, op, vals);
          changed = 1;
        } else {
          /* undo the constants made for earlier results */
          for (uint32_t o = made_first; o < rw->n_ops; o++)
            if (rw_alive(rw, o)) rw_erase_op(rw, o);
        }
        canon_buf_free(vals, vals_s);
        if (res != small) free(res);
        if (ok) continue;
      } else if (res != small) {
        free(res);
      }
    }
    if (try_patterns(c, op)) {
      changed = 1;
      n_rewrites++;
      if (rw_alive(rw, op)) canon_unit_touch(c, op);
    }
  }
  return changed;
}

/* Frees the arrays a Canon may hold (those KEPT_FIELDS lists). */
static void arrays_free(Canon *c) {
  free(c->wl);
  free(c->wpos);
  free(c->owned);
  free(c->cst_tab);
  free(c->cst_used);
  free(c->tmp);
  free(c->dce_wl);
  free(c->dce_cand);
  free(c->dce_cand_arg);
  free(c->dce_op);
  free(c->dce_arg);
  free(c->dce_opaque);
  free(c->reach);
  free(c->reach_stk);
  free(c->ufirst);
  free(c->ucount);
  free(c->upool);
  free(c->umark);
  free(c->uclean);
  free(c->utouch);
  free(c->ublk);
  free(c->dp_buf);
}

/* ====================================================================== */
/* Buffers kept across runs                                               */
/* ====================================================================== */

/* The Canon's per-op, per-value and per-block arrays outlive a run: the
 * next canon_run of the thread (the next step, the next module of a
 * stream) takes them over instead of allocating and zeroing them again.
 * Each is handed back in the state a fresh one would be in for what reads
 * it: the worklist positions, the reached-block map and the long-use
 * counts all zero, the constant table empty, the unit flags and block
 * units cleared over the part a run can have set; `owned` holds iteration
 * stamps, and the stamps go on counting across runs, so an old stamp never
 * equals a new iteration's. The props caches hold ids of the run's ctx and
 * are not kept. Not under ASan (as ctx.c's page stash), so the sanitizer
 * sees every run's arrays fresh and nothing kept at exit. */
#define KEPT_FIELDS(X)                                                        \
  X(wl) X(cap_wl) X(wpos) X(cap_wpos) X(owned) X(cap_owned) X(iter)           \
  X(cst_tab) X(cst_cap) X(cst_used) X(cap_cst_used) X(tmp) X(cap_tmp)         \
  X(dce_wl) X(dce_cand) X(dce_cand_arg) X(cap_dce_wl) X(cap_dce_cand)         \
  X(cap_dce_cand_arg) X(dce_op) X(dce_arg) X(dce_opaque) X(reach)             \
  X(cap_dce_op) X(cap_dce_arg) X(cap_dce_opaque) X(cap_reach) X(reach_stk)    \
  X(cap_reach_stk) X(ufirst) X(ucount) X(cap_ucache) X(upool) X(cap_upool)    \
  X(umark) X(cap_umark) X(userial) X(uclean) X(utouch) X(cap_units) X(ublk)   \
  X(cap_ublk) X(dp_buf) X(cap_dp)

#ifndef IR_ASAN
static _Thread_local Canon kept;

static void kept_take(Canon *c) {
#define TAKE(f) c->f = kept.f;
  KEPT_FIELDS(TAKE)
#undef TAKE
  memset(&kept, 0, sizeof kept);
  if (c->iter > UINT32_MAX - (1u << 16)) {   /* stamps about to wrap */
    if (c->owned) memset(c->owned, 0, c->cap_owned * sizeof *c->owned);
    c->iter = 0;
  }
}

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* The arrays back to the state kept_take's caller expects (see above);
 * only the parts this run can have written are cleared. */
static void kept_give(Canon *c) {
  Rw *rw = c->rw;
  wl_clear(c);
  cst_reset(c);
  if (c->n_upool) memset(c->ucount, 0, c->cap_ucache * sizeof *c->ucount);
  if (c->uclean) {
    uint32_t n = min_u32(c->cap_units, rw->n_ops + 1);
    memset(c->uclean, 0, n);
    memset(c->utouch, 0, n);
  }
  if (c->ublk) memset(c->ublk, 0, min_u32(c->cap_ublk, rw->n_blocks + 1) * sizeof *c->ublk);
#define GIVE(f) kept.f = c->f;
  KEPT_FIELDS(GIVE)
#undef GIVE
}
#endif

void canon_init(Canon *c, Rw *rw, const CanonRules *rules,
                const CanonConfig *cfg) {
  memset(c, 0, sizeof *c);
#ifndef IR_ASAN
  kept_take(c);
#endif
  c->rw = rw;
  c->ctx = rw->ctx;
  c->rules = rules;
  c->cfg = *cfg;
  IrCtx *x = rw->ctx;
  c->s_constant = ir_cstr(x, "arith.constant");
  c->s_value = ir_cstr(x, "value");
  c->s_ori = ir_cstr(x, "arith.ori");
  c->s_andi = ir_cstr(x, "arith.andi");
  c->s_xori = ir_cstr(x, "arith.xori");
  c->s_select = ir_cstr(x, "arith.select");
  c->s_cmpi = ir_cstr(x, "arith.cmpi");
  c->s_extui = ir_cstr(x, "arith.extui");
  c->s_index_cast = ir_cstr(x, "arith.index_cast");
  c->s_dealloc = ir_cstr(x, "bufferization.dealloc");
  c->s_predicate = ir_cstr(x, "predicate");
  c->s_segments = ir_cstr(x, "operandSegmentSizes");
  c->s_yield = ir_cstr(x, "scf.yield");
  c->s_if = ir_cstr(x, "scf.if");
  c->s_memref_dealloc = ir_cstr(x, "memref.dealloc");
  c->s_memref_cast = ir_cstr(x, "memref.cast");
  c->s_br = ir_cstr(x, "cf.br");
  c->s_cond_br = ir_cstr(x, "cf.cond_br");
  c->s_static_offsets = ir_cstr(x, "static_offsets");
  c->s_static_sizes = ir_cstr(x, "static_sizes");
  c->s_static_strides = ir_cstr(x, "static_strides");
  c->t_i1 = ir_type_int(x, 1);
  c->t_index = ir_type_index(x);
}

void canon_fini(Canon *c) {
#ifndef IR_ASAN
  arrays_free(&kept);   /* a nested run's, if any: the last run's are kept */
  kept_give(c);
#else
  arrays_free(c);
#endif
  free(c->svprops);
  memset(c, 0, sizeof *c);
}

int canon_run(Canon *c) {
  Rw *rw = c->rw;
  RwListener l = {c, on_inserted, on_modified, on_erased};
  RwListener *saved = rw->listener;
  rw->listener = &l;
  if (rw->ops[0].n_reg == 0) {
    rw->listener = saved;
    return 1;
  }
  c->scope = rw_region_of(rw, 0, 0);
  /* units only where the skipped work provably changes nothing: not with
   * a rewrite budget (it is shared by the whole iteration), nor with the
   * aggressive region simplification (its block merging is not taught) */
  c->units = c->cfg.max_rewrites < 0 && c->cfg.region_simplify < 2;
  c->changed = 0;
  set_inert(c);
  /* seeding pushes about every op: the worklist sized for all of them
   * (grown by doubling before, ~1,300 reallocs a dd-own run) */
  ir_vgrow((void **)&c->wl, &c->cap_wl, rw->n_ops + 1, sizeof *c->wl);
  int again = 0;
  int iteration = 0, round = 0;
  do {
    if (c->cfg.max_iterations >= 0 && ++iteration > c->cfg.max_iterations) break;
    wl_clear(c);
    c->iter++;
    cst_reset(c);
    wl_need(c);   /* seed_op reads wpos of ops it did not push */
    if (c->cfg.top_down) seed_top_down(c, c->scope, 0);
    else seed_bottom_up(c, c->scope, 0);
    if (c->cfg.top_down) wl_reverse(c);
    again = process_worklist(c);
    if (c->cfg.region_simplify) {
      if (c->units && round > 0) units_update(c, 0);
      again |= canon_simplify_regions(c);
    }
    round++;
    if (c->units) units_update(c, 1);
    c->changed |= again;
  } while (again);
  rw->listener = saved;
  return !again;
}
