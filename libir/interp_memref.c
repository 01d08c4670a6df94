/*
 * interp_memref.c - the memory ops: memref (allocation, views, access,
 * copies, metadata, globals), bufferization.dealloc / clone, linalg.fill
 * and the test dialect's buffer ops.
 *
 * A view is (object, byte shift, offset, sizes, strides) in a frame slot
 * (interpint.h). Creating a view touches no memory; accesses check the
 * object's liveness and that every element lies inside the view and the
 * buffer. Ops that touch a whole view check its two extreme elements (the
 * accessed bytes lie between them) and then copy without further checks.
 */
#include <stdarg.h>
#include <stdlib.h>

#include "interpint.h"

static inline int64_t *res(IrInterp *ip, int64_t *fp, uint32_t op, uint32_t k) {
  return fp + SLOT(ip->vslot[ip->m->ops[op].results + k]);
}

static inline int64_t *opd(IrInterp *ip, int64_t *fp, uint32_t op, uint32_t k) {
  return fp + SLOT(ip->oslot[ip->m->ops[op].operands + k]);
}

static inline uint32_t opd_type(IrInterp *ip, uint32_t op, uint32_t k) {
  return ir_vtype(ip->m, ir_operand(ip->m, op, k));
}

static inline uint32_t res_type(IrInterp *ip, uint32_t op, uint32_t k) {
  return ir_vtype(ip->m, ir_result(ip->m, op, k));
}

static void set_view(int64_t *s, int64_t obj, int64_t shift, int64_t off,
                     uint32_t rank, const int64_t *sizes,
                     const int64_t *strides) {
  s[MR_OBJ] = obj;
  s[MR_SHIFT] = shift;
  s[MR_OFF] = off;
  s[MR_RANK] = rank;
  for (uint32_t d = 0; d < rank; d++) s[MR_SIZES + d] = sizes[d];
  for (uint32_t d = 0; d < rank; d++) s[MR_SIZES + rank + d] = strides[d];
}

static int undefined(IrInterp *ip, uint32_t op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int undefined(IrInterp *ip, uint32_t op, const char *fmt, ...) {
  char buf[200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  return ix_fault(ip, IR_RUN_UNDEFINED, op, 0, "%s", buf);
}

/* Elements of a view (INT64_MAX if it overflows). */
static int64_t n_elems(const int64_t *s) {
  int64_t n = 1;
  for (int64_t d = 0; d < s[MR_RANK]; d++)
    if (__builtin_mul_overflow(n, MR_SIZE(s, d), &n)) return INT64_MAX;
  return n;
}

/* Charge whole-view work to the step budget. */
static int charge(IrInterp *ip, uint32_t op, int64_t n) {
  ip->steps += (uint64_t)n / 16;
  if (ip->steps > ip->o.max_steps)
    return ix_skip(ip, op, "the step bound (%llu) is exceeded",
                   (unsigned long long)ip->o.max_steps);
  return 0;
}

/* Check that every element of view s can be read (written): the buffer is
 * live and the extreme elements are inside it. */
static int view_ok(IrInterp *ip, uint32_t op, const int64_t *s,
                   uint32_t esize, int write, const char *what) {
  if (ix_live(ip, op, s, what)) return IX_FAULT;
  if (!n_elems(s)) return 0;
  int64_t lo = s[MR_OFF], hi = s[MR_OFF], span;
  for (int64_t d = 0; d < s[MR_RANK]; d++) {
    if (__builtin_mul_overflow(MR_SIZE(s, d) - 1, MR_STRIDE(s, d), &span))
      return undefined(ip, op, "%s a view whose extent overflows", what);
    if (span < 0) lo += span;
    else hi += span;
  }
  if (!ix_at(ip, op, s, lo, esize, write, what)) return IX_FAULT;
  if (!ix_at(ip, op, s, hi, esize, write, what)) return IX_FAULT;
  return 0;
}

static inline uint8_t *raw(IrInterp *ip, const int64_t *s, int64_t lin,
                           uint32_t esize) {
  return ip->objs[s[MR_OBJ]].data + s[MR_SHIFT] + lin * (int64_t)esize;
}

/* Copy every element of view a into view b (same sizes), both checked. */
static void copy_elems(IrInterp *ip, const int64_t *a, const int64_t *b,
                       uint32_t esize) {
  int64_t n = n_elems(a), la = a[MR_OFF], lb = b[MR_OFF];
  uint32_t r = (uint32_t)a[MR_RANK];
  int64_t idx[IR_MAX_RANK] = {0};
  for (int64_t i = 0; i < n; i++) {
    memmove(raw(ip, b, lb, esize), raw(ip, a, la, esize), esize);
    for (uint32_t d = r; d-- > 0;) {
      la += MR_STRIDE(a, d);
      lb += MR_STRIDE(b, d);
      if (++idx[d] < MR_SIZE(a, d)) break;
      la -= MR_SIZE(a, d) * MR_STRIDE(a, d);
      lb -= MR_SIZE(b, d) * MR_STRIDE(b, d);
      idx[d] = 0;
    }
  }
}

static int same_shape(const int64_t *a, const int64_t *b) {
  if (a[MR_RANK] != b[MR_RANK]) return 0;
  for (int64_t d = 0; d < a[MR_RANK]; d++)
    if (MR_SIZE(a, d) != MR_SIZE(b, d)) return 0;
  return 1;
}

static void shape_str(const int64_t *s, char *buf, size_t cap) {
  size_t n = (size_t)snprintf(buf, cap, "[");
  for (int64_t d = 0; d < s[MR_RANK] && n < cap; d++)
    n += (size_t)snprintf(buf + n, cap - n, "%s%lld", d ? ", " : "",
                          (long long)MR_SIZE(s, d));
  if (n < cap) snprintf(buf + n, cap - n, "]");
}

static uint32_t elem_bytes(IrInterp *ip, uint32_t type) {
  uint32_t b;
  ix_elem(ip->ctx, ir_type(ip->ctx, type)->elem, &b);
  return b;
}

/* ====================================================================== */
/* Allocation                                                             */
/* ====================================================================== */

int ix_make_buffer(IrInterp *ip, uint32_t op, IrBufKind kind, uint32_t type,
                   const int64_t *dyn, uint32_t n_dyn, int64_t *s) {
  const IrCtx *c = ip->ctx;
  const IrType *t = ir_type(c, type);
  int64_t sizes[IR_MAX_RANK], strides[IR_MAX_RANK], off;
  uint32_t rank = t->kind == IR_T_MEMREF ? t->n : 1, k = 0, esize;
  const int64_t *dims = t->kind == IR_T_MEMREF ? ir_type_dims(c, type) : NULL;
  for (uint32_t d = 0; d < rank; d++) {
    int64_t v = dims ? dims[d] : IR_DYN;
    if (v == IR_DYN) v = k < n_dyn && dyn ? dyn[k] : ip->o.dyn_size, k++;
    if (v < 0)
      return undefined(ip, op, "allocation with negative size %lld", (long long)v);
    sizes[d] = v;
  }
  if (t->kind == IR_T_MEMREF) {
    if (ix_layout(c, type, sizes, strides, &off))
      return ix_skip(ip, op, "buffer layout of %s", "unsupported form");
  } else {
    strides[0] = 1;
    off = 0;
  }
  ix_elem(c, t->elem, &esize);
  /* Elements the buffer spans: the offset, then up to the last one. */
  int64_t span = off, n = 1, x;
  for (uint32_t d = 0; d < rank; d++)
    if (__builtin_mul_overflow(n, sizes[d], &n)) n = INT64_MAX;
  if (n > 0) {
    span += 1;
    for (uint32_t d = 0; d < rank; d++)
      if (__builtin_mul_overflow(sizes[d] - 1, strides[d], &x) ||
          __builtin_add_overflow(span, x, &span))
        return ix_skip(ip, op, "buffer too large");
  }
  uint64_t nbytes;
  if (__builtin_mul_overflow((uint64_t)span, (uint64_t)esize, &nbytes))
    return ix_skip(ip, op, "buffer too large");
  uint32_t id = ix_obj_new(ip, kind, nbytes, op);
  if (!id) return IX_SKIP;
  set_view(s, id, 0, off, rank, sizes, strides);
  return 0;
}

static int alloc_op(IrInterp *ip, int64_t *fp, uint32_t op, IrBufKind kind) {
  const IrOp *o = &ip->m->ops[op];
  int64_t dyn[IR_MAX_RANK];
  for (uint32_t i = 0; i < o->n_operands && i < IR_MAX_RANK; i++)
    dyn[i] = *opd(ip, fp, op, i);
  return ix_make_buffer(ip, op, kind, res_type(ip, op, 0), dyn, o->n_operands,
                        res(ip, fp, op, 0));
}

static int realloc_op(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  int64_t *src = opd(ip, fp, op, 0), *r = res(ip, fp, op, 0);
  const IrOp *o = &ip->m->ops[op];
  if (ix_free_check(ip, op, src, "memref.realloc")) return IX_FAULT;
  int64_t n = o->n_operands > 1 ? *opd(ip, fp, op, 1) : IR_DYN;
  int rc = ix_make_buffer(ip, op, IR_BUF_HEAP, res_type(ip, op, 0), &n,
                          o->n_operands > 1, r);
  if (rc) return rc;
  int64_t keep = MR_SIZE(src, 0) < MR_SIZE(r, 0) ? MR_SIZE(src, 0) : MR_SIZE(r, 0);
  if (keep > 0) {
    int64_t part[MR_WORDS(1)], dst[MR_WORDS(1)]; /* the kept prefixes */
    memcpy(part, src, sizeof part);
    MR_SIZE(part, 0) = keep;
    if (view_ok(ip, op, part, in->w, 0, "memref.realloc reads")) return IX_FAULT;
    memcpy(dst, r, sizeof dst);
    MR_SIZE(dst, 0) = keep;
    copy_elems(ip, part, dst, in->w);
  }
  ix_kill(ip, (uint32_t)src[MR_OBJ], op);
  return 0;
}

/* ====================================================================== */
/* Access                                                                 */
/* ====================================================================== */

/* Linear index (offset included) of element [idx] of view s. */
static int element(IrInterp *ip, uint32_t op, const int64_t *s,
                   const uint32_t *islots, const int64_t *fp, const char *what,
                   int64_t *lin) {
  int64_t l = s[MR_OFF], x;
  for (int64_t d = 0; d < s[MR_RANK]; d++) {
    int64_t i = fp[SLOT(islots[d])];
    if (i < 0 || i >= MR_SIZE(s, d))
      return ix_fault(ip, IR_RUN_OUT_OF_BOUNDS, op, (uint32_t)s[MR_OBJ],
                      "%s index %lld of dimension %lld, whose size is %lld",
                      what, (long long)i, (long long)d,
                      (long long)MR_SIZE(s, d));
    if (__builtin_mul_overflow(i, MR_STRIDE(s, d), &x) ||
        __builtin_add_overflow(l, x, &l))
      return undefined(ip, op, "%s an address that overflows", what);
  }
  *lin = l;
  return 0;
}

/* The address of element [idx] of view s, or NULL when the buffer is not
 * live, an index is outside the view, the element is outside the buffer
 * or a write hits a constant: then the slow path below says which. */
static inline uint8_t *fast_at(IrInterp *ip, const int64_t *s,
                               const uint32_t *islots, const int64_t *fp,
                               uint32_t esize, int write) {
  uint64_t id = (uint64_t)s[MR_OBJ];
  if (id >= ip->n_objs) return NULL;
  const Obj *o = &ip->objs[id];
  int64_t l = s[MR_OFF], r = s[MR_RANK];
  for (int64_t d = 0; d < r; d++) {
    int64_t i = fp[SLOT(islots[d])];
    int64_t x;
    if ((uint64_t)i >= (uint64_t)MR_SIZE(s, d) ||
        __builtin_mul_overflow(i, MR_STRIDE(s, d), &x) ||
        __builtin_add_overflow(l, x, &l))
      return NULL;
  }
  int64_t byte;
  if (__builtin_mul_overflow(l, (int64_t)esize, &byte) ||
      __builtin_add_overflow(byte, s[MR_SHIFT], &byte))
    return NULL;
  if (!o->live || byte < 0 || (uint64_t)byte + esize > o->nbytes ||
      (write && o->constant))
    return NULL;
  return o->data + byte;
}

/* The checks one by one, each reporting its own error. */
static uint8_t *slow_at(IrInterp *ip, uint32_t op, const int64_t *s,
                        const uint32_t *islots, const int64_t *fp,
                        uint32_t esize, int write, const char *name) {
  char what[48];
  int64_t lin = 0;
  snprintf(what, sizeof what, "%s %s", name, write ? "to" : "from");
  if (ix_live(ip, op, s, what)) return NULL;
  snprintf(what, sizeof what, "%s at", name);
  if (element(ip, op, s, islots, fp, what, &lin)) return NULL;
  snprintf(what, sizeof what, "%s %s", name, write ? "to" : "of");
  return ix_at(ip, op, s, lin, esize, write, what);
}

static int load_op(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  const uint32_t *os = ip->oslot + ip->m->ops[op].operands;
  const int64_t *s = fp + SLOT(os[0]);
  uint8_t *p = fast_at(ip, s, os + 1, fp, in->w, 0);
  if (!p && !(p = slow_at(ip, op, s, os + 1, fp, in->w, 0, "memref.load")))
    return IX_FAULT;
  *res(ip, fp, op, 0) = ix_load_elem(p, (ElKind)in->elem, in->w, in->aux);
  return 0;
}

static int store_op(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  const uint32_t *os = ip->oslot + ip->m->ops[op].operands;
  const int64_t *s = fp + SLOT(os[1]);
  uint8_t *p = fast_at(ip, s, os + 2, fp, in->w, 1);
  if (!p && !(p = slow_at(ip, op, s, os + 2, fp, in->w, 1, "memref.store")))
    return IX_FAULT;
  ix_store_elem(p, (ElKind)in->elem, in->w, fp[SLOT(os[0])]);
  return 0;
}

/* memref.copy, test.copy, test.buffer_based: read all of a, write all of b;
 * `strict` (memref.copy) makes a shape mismatch undefined behaviour, the
 * test ops then only touch both. */
static int copy_op(IrInterp *ip, int64_t *fp, uint32_t op, int strict,
                   const char *name) {
  const int64_t *a = opd(ip, fp, op, 0), *b = opd(ip, fp, op, 1);
  uint32_t ea = elem_bytes(ip, opd_type(ip, op, 0));
  uint32_t eb = elem_bytes(ip, opd_type(ip, op, 1));
  char what[64];
  snprintf(what, sizeof what, "%s reads", name);
  if (view_ok(ip, op, a, ea, 0, what)) return IX_FAULT;
  snprintf(what, sizeof what, "%s writes", name);
  if (view_ok(ip, op, b, eb, 1, what)) return IX_FAULT;
  if (!same_shape(a, b) || ea != eb) {
    if (!strict) return 0;
    char x[128], y[128];
    shape_str(a, x, sizeof x);
    shape_str(b, y, sizeof y);
    return undefined(ip, op, "%s of shape %s into shape %s", name, x, y);
  }
  if (charge(ip, op, n_elems(a))) return IX_SKIP;
  copy_elems(ip, a, b, ea);
  return 0;
}

static int fill_op(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  const int64_t *s = opd(ip, fp, op, 1);
  if (view_ok(ip, op, s, in->w, 1, "linalg.fill writes")) return IX_FAULT;
  int64_t n = n_elems(s), lin = s[MR_OFF];
  if (charge(ip, op, n)) return IX_SKIP;
  uint32_t r = (uint32_t)s[MR_RANK];
  int64_t idx[IR_MAX_RANK] = {0}, v = *opd(ip, fp, op, 0);
  for (int64_t i = 0; i < n; i++) {
    ix_store_elem(raw(ip, s, lin, in->w), (ElKind)in->elem, in->w, v);
    for (uint32_t d = r; d-- > 0;) {
      lin += MR_STRIDE(s, d);
      if (++idx[d] < MR_SIZE(s, d)) break;
      lin -= MR_SIZE(s, d) * MR_STRIDE(s, d);
      idx[d] = 0;
    }
  }
  return 0;
}

static int read_all_op(IrInterp *ip, int64_t *fp, uint32_t op) {
  const IrOp *o = &ip->m->ops[op];
  char what[96];
  snprintf(what, sizeof what, "%s reads", ix_op_name(ip, op));
  for (uint32_t k = 0; k < o->n_operands; k++) {
    if (!(ip->oslot[o->operands + k] & SLOT_MEM)) continue;
    const int64_t *s = opd(ip, fp, op, k);
    if (view_ok(ip, op, s, elem_bytes(ip, opd_type(ip, op, k)), 0, what))
      return IX_FAULT;
  }
  return 0;
}

/* ====================================================================== */
/* Views                                                                  */
/* ====================================================================== */

/* Static list entries with IR_DYN taken from operands starting at *next. */
static void resolve(const int64_t *stat, uint32_t n, IrInterp *ip, int64_t *fp,
                    uint32_t op, uint32_t *next, int64_t *out) {
  for (uint32_t i = 0; i < n; i++)
    out[i] = stat[i] == IR_DYN ? *opd(ip, fp, op, (*next)++) : stat[i];
}

static int subview_op(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  const int64_t *s = opd(ip, fp, op, 0);
  uint32_t r = in->w, next = 1, rr = 0;
  int64_t off[IR_MAX_RANK], sz[IR_MAX_RANK], st[IR_MAX_RANK];
  int64_t rsz[IR_MAX_RANK], rst[IR_MAX_RANK], o = s[MR_OFF], x;
  const int64_t *pool = ip->pool + in->aux;
  resolve(pool, r, ip, fp, op, &next, off);
  resolve(pool + r, r, ip, fp, op, &next, sz);
  resolve(pool + 2 * r, r, ip, fp, op, &next, st);
  for (uint32_t d = 0; d < r; d++) {
    if (sz[d] < 0 || st[d] < 0)
      return undefined(ip, op, "memref.subview with negative size or stride "
                       "in dimension %u", d);
    if (sz[d] > 0 && (off[d] < 0 || __builtin_mul_overflow(sz[d] - 1, st[d], &x) ||
                      __builtin_add_overflow(x, off[d], &x) || x >= MR_SIZE(s, d)))
      return undefined(ip, op, "memref.subview of dimension %u (offset %lld, size %lld, "
                      "stride %lld) exceeds its size %lld", d, (long long)off[d],
                      (long long)sz[d], (long long)st[d], (long long)MR_SIZE(s, d));
    if (__builtin_mul_overflow(off[d], MR_STRIDE(s, d), &x) ||
        __builtin_add_overflow(o, x, &o))
      return undefined(ip, op, "memref.subview offset overflows");
    if (!((uint64_t)in->k >> d & 1)) {
      rsz[rr] = sz[d];
      if (__builtin_mul_overflow(MR_STRIDE(s, d), st[d], &rst[rr]))
        return undefined(ip, op, "memref.subview stride overflows");
      rr++;
    }
  }
  set_view(res(ip, fp, op, 0), s[MR_OBJ], s[MR_SHIFT], o, rr, rsz, rst);
  return 0;
}

/* memref.cast's target type as text, for its messages: made only when the
 * cast fails (a cast inside a loop printed its type at every step). */
static const char *cast_type(IrInterp *ip, uint32_t t, char *ts, size_t n) {
  ir_type_str(ip->ctx, t, ts, n);
  return ts;
}

/* memref.cast: the descriptor as it is, checked against the target type. */
static int cast_op(IrInterp *ip, int64_t *fp, uint32_t op) {
  const int64_t *s = opd(ip, fp, op, 0);
  int64_t *r = res(ip, fp, op, 0);
  uint32_t t = res_type(ip, op, 0);
  const IrType *rt = ir_type(ip->ctx, t);
  char ts[128];
  if (rt->kind == IR_T_MEMREF) {
    const int64_t *dims = ir_type_dims(ip->ctx, t);
    const IrAttr *l = rt->layout ? ir_attr(ip->ctx, rt->layout) : NULL;
    int64_t want_st[IR_MAX_RANK], want_off = 0;
    if (s[MR_RANK] != rt->n)
      return undefined(ip, op, "memref.cast of a rank %lld memref to %s",
                       (long long)s[MR_RANK], cast_type(ip, t, ts, sizeof ts));
    for (uint32_t d = 0; d < rt->n; d++)
      if (dims[d] != IR_DYN && dims[d] != MR_SIZE(s, d))
        return undefined(ip, op, "memref.cast to %s, but dimension %u is %lld",
                         cast_type(ip, t, ts, sizeof ts), d, (long long)MR_SIZE(s, d));
    if (!l) { /* identity: contiguous, offset 0 */
      ix_layout(ip->ctx, t, s + MR_SIZES, want_st, &want_off);
      l = NULL;
    }
    const int64_t *lst = l ? ir_attr_i64(ip->ctx, rt->layout) : want_st;
    int64_t loff = l ? l->ival : 0;
    if (loff != IR_DYN && loff != s[MR_OFF])
      return undefined(ip, op, "memref.cast to %s, but the offset is %lld",
                       cast_type(ip, t, ts, sizeof ts), (long long)s[MR_OFF]);
    for (uint32_t d = 0; d < rt->n; d++)
      if (lst[d] != IR_DYN && lst[d] != MR_STRIDE(s, d) && MR_SIZE(s, d) > 1)
        return undefined(ip, op, "memref.cast to %s, but stride %u is %lld",
                         cast_type(ip, t, ts, sizeof ts), d,
                         (long long)MR_STRIDE(s, d));
  }
  memcpy(r, s, MR_WORDS(s[MR_RANK]) * sizeof *r);
  return 0;
}

static int reinterpret_op(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  const int64_t *s = opd(ip, fp, op, 0);
  uint32_t r = in->w, next = 1;
  int64_t off, sz[IR_MAX_RANK], st[IR_MAX_RANK];
  const int64_t *pool = ip->pool + in->aux;
  resolve(pool, 1, ip, fp, op, &next, &off);
  resolve(pool + 1, r, ip, fp, op, &next, sz);
  resolve(pool + 1 + r, r, ip, fp, op, &next, st);
  if (off < 0) return undefined(ip, op, "memref.reinterpret_cast to offset %lld",
                                (long long)off);
  for (uint32_t d = 0; d < r; d++)
    if (sz[d] < 0)
      return undefined(ip, op, "memref.reinterpret_cast with size %lld",
                       (long long)sz[d]);
  set_view(res(ip, fp, op, 0), s[MR_OBJ], s[MR_SHIFT], off, r, sz, st);
  return 0;
}

static int view_op(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  const int64_t *s = opd(ip, fp, op, 0);
  const IrOp *o = &ip->m->ops[op];
  uint32_t t = res_type(ip, op, 0), rank = ir_type(ip->ctx, t)->n, k = 2;
  const int64_t *dims = ir_type_dims(ip->ctx, t);
  int64_t sz[IR_MAX_RANK], st[IR_MAX_RANK], off, shift = *opd(ip, fp, op, 1);
  for (uint32_t d = 0; d < rank; d++) {
    sz[d] = dims[d] == IR_DYN && k < o->n_operands ? *opd(ip, fp, op, k++) : dims[d];
    if (sz[d] < 0) return undefined(ip, op, "memref.view with size %lld", (long long)sz[d]);
  }
  if (shift < 0) return undefined(ip, op, "memref.view at byte shift %lld", (long long)shift);
  ix_layout(ip->ctx, t, sz, st, &off);
  (void)in;
  set_view(res(ip, fp, op, 0), s[MR_OBJ], s[MR_SHIFT] + s[MR_OFF] + shift, 0,
           rank, sz, st);
  return 0;
}

static int expand_op(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  const int64_t *s = opd(ip, fp, op, 0);
  uint32_t rr = in->w, next = 1;
  const int64_t *group = ip->pool + in->aux, *shape = group + rr;
  int64_t sz[IR_MAX_RANK], st[IR_MAX_RANK];
  resolve(shape, rr, ip, fp, op, &next, sz);
  /* Innermost dim of each group takes the source stride. */
  for (uint32_t d = rr; d-- > 0;) {
    int64_t g = group[d];
    if (sz[d] < 0) return undefined(ip, op, "memref.expand_shape to size %lld", (long long)sz[d]);
    if (d + 1 < rr && group[d + 1] == g) {
      if (__builtin_mul_overflow(st[d + 1], sz[d + 1], &st[d]))
        return undefined(ip, op, "memref.expand_shape stride overflows");
    } else {
      st[d] = MR_STRIDE(s, g);
    }
  }
  for (int64_t g = 0; g < s[MR_RANK]; g++) {
    int64_t n = 1;
    for (uint32_t d = 0; d < rr; d++)
      if (group[d] == g && __builtin_mul_overflow(n, sz[d], &n)) n = -1;
    if (n != MR_SIZE(s, g))
      return undefined(ip, op, "memref.expand_shape of dimension %lld (size "
                       "%lld) into sizes whose product is %lld", (long long)g,
                       (long long)MR_SIZE(s, g), (long long)n);
  }
  set_view(res(ip, fp, op, 0), s[MR_OBJ], s[MR_SHIFT], s[MR_OFF], rr, sz, st);
  return 0;
}

static int collapse_op(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  const int64_t *s = opd(ip, fp, op, 0);
  uint32_t rr = in->w;
  const int64_t *group = ip->pool + in->aux;
  int64_t sz[IR_MAX_RANK], st[IR_MAX_RANK];
  for (uint32_t g = 0; g < rr; g++) sz[g] = 1, st[g] = 0;
  int have[IR_MAX_RANK] = {0};
  for (int64_t d = 0; d < s[MR_RANK]; d++) {
    int64_t g = group[d];
    if (__builtin_mul_overflow(sz[g], MR_SIZE(s, d), &sz[g]))
      return undefined(ip, op, "memref.collapse_shape size overflows");
    /* the stride of the innermost dim that is not a unit dim */
    if (MR_SIZE(s, d) != 1 || !have[g]) st[g] = MR_STRIDE(s, d);
    if (MR_SIZE(s, d) != 1) have[g] = 1;
  }
  set_view(res(ip, fp, op, 0), s[MR_OBJ], s[MR_SHIFT], s[MR_OFF], rr, sz, st);
  return 0;
}

static int reshape_op(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  const int64_t *s = opd(ip, fp, op, 0), *sh = opd(ip, fp, op, 1);
  uint32_t t = res_type(ip, op, 0);
  const IrType *rt = ir_type(ip->ctx, t);
  int64_t n = MR_SIZE(sh, 0), sz[IR_MAX_RANK], st[IR_MAX_RANK], prod = 1;
  if (rt->kind == IR_T_MEMREF && n != rt->n)
    return undefined(ip, op, "memref.reshape with a shape of %lld entries to "
                     "rank %u", (long long)n, rt->n);
  if (n < 0 || n > IR_MAX_RANK)
    return undefined(ip, op, "memref.reshape to rank %lld", (long long)n);
  if (view_ok(ip, op, sh, in->w, 0, "memref.reshape reads the shape from"))
    return IX_FAULT;
  for (int64_t d = 0; d < n; d++) {
    sz[d] = ix_sext((uint64_t)ix_load_elem(raw(ip, sh, sh[MR_OFF] + d * MR_STRIDE(sh, 0),
                                               in->w), EL_INT, in->w, in->aux),
                    in->aux);
    if (sz[d] < 0 || __builtin_mul_overflow(prod, sz[d], &prod))
      return undefined(ip, op, "memref.reshape to size %lld", (long long)sz[d]);
  }
  if (prod != n_elems(s))
    return undefined(ip, op, "memref.reshape of %lld elements to %lld",
                     (long long)n_elems(s), (long long)prod);
  int64_t run = 1;
  /* the sizes' product fits (checked above) unless one is 0, and then
   * the strides address nothing: wrap rather than overflow */
  for (int64_t d = n; d-- > 0;)
    st[d] = run, run = (int64_t)((uint64_t)run * (uint64_t)(sz[d] > 1 ? sz[d] : 1));
  set_view(res(ip, fp, op, 0), s[MR_OBJ], s[MR_SHIFT], s[MR_OFF], (uint32_t)n,
           sz, st);
  return 0;
}

static int meta_op(IrInterp *ip, int64_t *fp, uint32_t op) {
  const int64_t *s = opd(ip, fp, op, 0);
  uint32_t r = (uint32_t)s[MR_RANK];
  set_view(res(ip, fp, op, 0), s[MR_OBJ], s[MR_SHIFT], 0, 0, NULL, NULL);
  *res(ip, fp, op, 1) = s[MR_OFF];
  for (uint32_t d = 0; d < r; d++) {
    *res(ip, fp, op, 2 + d) = MR_SIZE(s, d);
    *res(ip, fp, op, 2 + r + d) = MR_STRIDE(s, d);
  }
  return 0;
}

static int get_global_op(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  Global *g = &ip->globals[in->aux];
  int64_t *r = res(ip, fp, op, 0);
  uint32_t id = ip->global_obj[in->aux];
  if (!id) {
    int rc = ix_make_buffer(ip, g->op, IR_BUF_GLOBAL, g->type, NULL, 0, r);
    if (rc) return rc;
    id = (uint32_t)r[MR_OBJ];
    if (g->init) memcpy(ip->objs[id].data, g->init, g->nbytes);
    ip->objs[id].constant = (uint8_t)g->constant;
    ip->global_obj[in->aux] = id;
    return 0;
  }
  int64_t sizes[IR_MAX_RANK], strides[IR_MAX_RANK], off;
  uint32_t rank = ir_type(ip->ctx, g->type)->n;
  memcpy(sizes, ir_type_dims(ip->ctx, g->type), rank * sizeof *sizes);
  ix_layout(ip->ctx, g->type, sizes, strides, &off);
  set_view(r, id, 0, off, rank, sizes, strides);
  return 0;
}

/* ====================================================================== */
/* bufferization                                                          */
/* ====================================================================== */

typedef struct PtrIdx {
  int64_t ptr;
  int64_t i;
} PtrIdx;

static int by_ptr(const void *a, const void *b) {
  const PtrIdx *x = a, *y = b;
  if (x->ptr != y->ptr) return x->ptr < y->ptr ? -1 : 1;
  return x->i < y->i ? -1 : x->i > y->i;
}

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

static int64_t aligned_ptr(IrInterp *ip, const int64_t *s) {
  uint64_t id = (uint64_t)s[MR_OBJ];
  return id < ip->n_objs ? (int64_t)ip->objs[id].addr + s[MR_SHIFT] : 0;
}

/* bufferization.dealloc, as documented: memref i is freed iff its condition
 * holds and no retained memref and no earlier memref has its base pointer;
 * retained j's updated condition ORs the conditions of the memrefs with
 * its base pointer. Sorting keeps it n log n for wide deallocs. */
static int bdealloc_op(IrInterp *ip, int64_t *fp, uint32_t op) {
  const IrOp *o = &ip->m->ops[op];
  uint32_t nr = o->n_results, n = (o->n_operands - nr) / 2;
  /* scratch holds >= 4 words per memref operand: room for these */
  PtrIdx *mp = (PtrIdx *)ip->scratch;           /* n, sorted by pointer */
  int64_t *rp = ip->scratch + 2 * n;             /* nr retained pointers */
  int64_t *group_or = rp + nr;                   /* n: OR of each group */
  for (uint32_t i = 0; i < n; i++) {
    mp[i].ptr = aligned_ptr(ip, opd(ip, fp, op, i));
    mp[i].i = i;
  }
  for (uint32_t j = 0; j < nr; j++) rp[j] = aligned_ptr(ip, opd(ip, fp, op, 2 * n + j));
  qsort(mp, n, sizeof *mp, by_ptr);
  qsort(rp, nr, sizeof *rp, cmp_i64);
  /* OR of conditions per group of equal pointers, at the group's first. */
  for (uint32_t a = 0, b; a < n; a = b) {
    int64_t any = 0;
    for (b = a; b < n && mp[b].ptr == mp[a].ptr; b++)
      any |= *opd(ip, fp, op, n + (uint32_t)mp[b].i) & 1;
    group_or[a] = any;
  }
  for (uint32_t j = 0; j < nr; j++) {
    int64_t ptr = aligned_ptr(ip, opd(ip, fp, op, 2 * n + j));
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
      uint32_t mid = (lo + hi) / 2;
      if (mp[mid].ptr < ptr) lo = mid + 1;
      else hi = mid;
    }
    *res(ip, fp, op, j) = lo < n && mp[lo].ptr == ptr ? group_or[lo] : 0;
  }
  /* Free the first of each group whose condition holds and that is not
   * retained, in operand order (the order the frees happen in). */
  int64_t *todo = group_or; /* reuse: indices to free */
  uint32_t nt = 0;
  for (uint32_t a = 0, b; a < n; a = b) {
    for (b = a; b < n && mp[b].ptr == mp[a].ptr; b++) {}
    uint32_t i = (uint32_t)mp[a].i;
    if (!(*opd(ip, fp, op, n + i) & 1)) continue;
    if (bsearch(&mp[a].ptr, rp, nr, sizeof *rp, cmp_i64)) continue;
    todo[nt++] = i;
  }
  qsort(todo, nt, sizeof *todo, cmp_i64);
  for (uint32_t k = 0; k < nt; k++)
    if (ix_free(ip, op, opd(ip, fp, op, (uint32_t)todo[k]), "bufferization.dealloc"))
      return IX_FAULT;
  return 0;
}

static int clone_op(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  const int64_t *s = opd(ip, fp, op, 0);
  int64_t *r = res(ip, fp, op, 0);
  uint32_t t = res_type(ip, op, 0);
  const int64_t *dims = ir_type_dims(ip->ctx, t);
  int64_t dyn[IR_MAX_RANK];
  uint32_t nd = 0, rank = ir_type(ip->ctx, t)->n;
  if (view_ok(ip, op, s, in->w, 0, "bufferization.clone reads")) return IX_FAULT;
  if ((uint32_t)s[MR_RANK] != rank)
    return undefined(ip, op, "bufferization.clone changes the rank");
  for (uint32_t d = 0; d < rank; d++) {
    if (dims[d] == IR_DYN) dyn[nd++] = MR_SIZE(s, d);
    else if (dims[d] != MR_SIZE(s, d))
      return undefined(ip, op, "bufferization.clone of dimension %u of size "
                       "%lld to size %lld", d, (long long)MR_SIZE(s, d),
                       (long long)dims[d]);
  }
  int rc = ix_make_buffer(ip, op, IR_BUF_HEAP, t, dyn, nd, r);
  if (rc) return rc;
  if (charge(ip, op, n_elems(s))) return IX_SKIP;
  copy_elems(ip, s, r, in->w);
  return 0;
}

/* ====================================================================== */
/* Dispatch, results                                                      */
/* ====================================================================== */

int ix_memref(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  const int64_t *s;
  switch ((IxCode)in->code) {
  case IX_ALLOC: return alloc_op(ip, fp, op, IR_BUF_HEAP);
  case IX_ALLOCA: return alloc_op(ip, fp, op, IR_BUF_ALLOCA);
  case IX_REALLOC: return realloc_op(ip, fp, op, in);
  case IX_DEALLOC: return ix_free(ip, op, opd(ip, fp, op, 0), "memref.dealloc");
  case IX_LOAD: return load_op(ip, fp, op, in);
  case IX_STORE: return store_op(ip, fp, op, in);
  case IX_COPY: return copy_op(ip, fp, op, 1, "memref.copy");
  case IX_TCOPY: return copy_op(ip, fp, op, 0, "test.copy");
  case IX_TBUF: return copy_op(ip, fp, op, 0, "test.buffer_based");
  case IX_FILL: return fill_op(ip, fp, op, in);
  case IX_READ_ALL: return read_all_op(ip, fp, op);
  case IX_SUBVIEW: return subview_op(ip, fp, op, in);
  case IX_CAST: return cast_op(ip, fp, op);
  case IX_SAME:
    s = opd(ip, fp, op, 0);
    memcpy(res(ip, fp, op, 0), s, MR_WORDS(s[MR_RANK]) * sizeof *s);
    return 0;
  case IX_REINTERPRET: return reinterpret_op(ip, fp, op, in);
  case IX_VIEW: return view_op(ip, fp, op, in);
  case IX_EXPAND: return expand_op(ip, fp, op, in);
  case IX_COLLAPSE: return collapse_op(ip, fp, op, in);
  case IX_RESHAPE: return reshape_op(ip, fp, op, in);
  case IX_META: return meta_op(ip, fp, op);
  case IX_APTR:
    *res(ip, fp, op, 0) = aligned_ptr(ip, opd(ip, fp, op, 0));
    return 0;
  case IX_DIM: {
    s = opd(ip, fp, op, 0);
    int64_t k = *opd(ip, fp, op, 1);
    if (k < 0 || k >= s[MR_RANK])
      return undefined(ip, op, "memref.dim of dimension %lld of a rank %lld "
                       "memref", (long long)k, (long long)s[MR_RANK]);
    *res(ip, fp, op, 0) = MR_SIZE(s, k);
    return 0;
  }
  case IX_RANK:
    *res(ip, fp, op, 0) = opd(ip, fp, op, 0)[MR_RANK];
    return 0;
  case IX_GET_GLOBAL: return get_global_op(ip, fp, op, in);
  case IX_BDEALLOC: return bdealloc_op(ip, fp, op);
  case IX_CLONE: return clone_op(ip, fp, op, in);
  default: ir_die("ix_memref: code %u", in->code);
  }
}

int ix_free_results(IrInterp *ip, uint32_t ret_op, int64_t *fp) {
  const IrOp *o = &ip->m->ops[ret_op];
  int rc = 0;
  for (uint32_t k = 0; k < o->n_operands; k++) {
    if (!(ip->oslot[o->operands + k] & SLOT_MEM)) continue;
    const int64_t *s = opd(ip, fp, ret_op, k);
    uint64_t id = (uint64_t)s[MR_OBJ];
    if (!id || id >= ip->n_objs) continue;
    Obj *ob = &ip->objs[id];
    int seen = 0;
    for (uint32_t j = 0; j < k && !seen; j++)
      seen = (ip->oslot[o->operands + j] & SLOT_MEM) &&
             (uint64_t)opd(ip, fp, ret_op, j)[MR_OBJ] == id;
    if (seen) continue;
    switch ((IrBufKind)ob->kind) {
    case IR_BUF_ARGUMENT:
      rc = ix_fault(ip, IR_RUN_FREE_ARGUMENT, ret_op, (uint32_t)id,
                    "result #%u is the buffer of argument #%u: the caller owns "
                    "results (function boundary ABI) and would free its own "
                    "argument", k, ob->arg);
      continue;
    case IR_BUF_ALLOCA:
      rc = ix_fault(ip, IR_RUN_FREE_ALLOCA, ret_op, (uint32_t)id,
                    "result #%u is a stack buffer (memref.alloca): the caller "
                    "owns results and would free it", k);
      continue;
    case IR_BUF_GLOBAL:
      rc = ix_fault(ip, IR_RUN_FREE_GLOBAL, ret_op, (uint32_t)id,
                    "result #%u is a global: the caller owns results and "
                    "would free it", k);
      continue;
    default:
      break;
    }
    if (!ob->live) {
      rc = ix_fault(ip, IR_RUN_USE_AFTER_FREE, ret_op, (uint32_t)id,
                    "result #%u is a freed buffer", k);
      continue;
    }
    ix_kill(ip, (uint32_t)id, ret_op);
  }
  return rc;
}

/* ====================================================================== */
/* Contents                                                               */
/* ====================================================================== */

void ix_print_contents(IrInterp *ip, const int64_t *mr, uint32_t type,
                       FILE *out) {
  const IrCtx *c = ip->ctx;
  uint32_t elem = ir_type(c, type)->elem, esize;
  ElKind k = ix_elem(c, elem, &esize);
  uint32_t w = ix_int_width(c, elem), r = (uint32_t)mr[MR_RANK];
  uint64_t id = (uint64_t)mr[MR_OBJ];
  if (!id || id >= ip->n_objs || !ip->objs[id].live) {
    fputs("<freed>", out);
    return;
  }
  int64_t n = n_elems(mr), lo = mr[MR_OFF], hi = mr[MR_OFF], span;
  for (uint32_t d = 0; d < r; d++) {
    if (__builtin_mul_overflow(MR_SIZE(mr, d) - 1, MR_STRIDE(mr, d), &span)) n = -1;
    else if (span < 0) lo += span;
    else hi += span;
  }
  int64_t nb = (int64_t)ip->objs[id].nbytes, sh = mr[MR_SHIFT];
  if (n < 0 || (n && (sh + lo * (int64_t)esize < 0 ||
                      sh + (hi + 1) * (int64_t)esize > nb))) {
    fputs("<out of bounds>", out);
    return;
  }
  int64_t idx[IR_MAX_RANK] = {0}, lin = mr[MR_OFF];
  for (uint32_t d = 0; d < r; d++) fputc('[', out);
  if (n == 0) {
    for (uint32_t d = 0; d < r; d++) fputc(']', out);
    return;
  }
  for (int64_t i = 0; i < n; i++) {
    if (i == 64) {
      fputs("...", out);
      break;
    }
    int64_t v = ix_load_elem(raw(ip, mr, lin, esize), k, esize, w);
    ix_print_scalar(ip, v, elem, out);
    uint32_t closed = 0;
    for (uint32_t d = r; d-- > 0;) {
      lin += MR_STRIDE(mr, d);
      if (++idx[d] < MR_SIZE(mr, d)) break;
      lin -= MR_SIZE(mr, d) * MR_STRIDE(mr, d);
      idx[d] = 0;
      closed++;
    }
    if (i + 1 < n) {
      for (uint32_t j = 0; j < closed; j++) fputc(']', out);
      fputs(", ", out);
      for (uint32_t j = 0; j < closed; j++) fputc('[', out);
    }
  }
  for (uint32_t d = 0; d < r; d++) fputc(']', out);
}
