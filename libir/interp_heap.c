/*
 * interp_heap.c - the instrumented heap: every buffer is an object with a
 * kind, the op that made it and a base address that is never reused (so a
 * pointer comparison cannot be fooled by a freed address coming back).
 * Frees check the kind, liveness and base; every element access checks
 * liveness and bounds. Errors are recorded with the offending op and the
 * object's history; the first error other than a leak ends the run.
 */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>

#include "interpint.h"

/* Addresses start here and advance by the rounded size plus a gap. */
#define ADDR_BASE UINT64_C(0x10000)
#define ADDR_ALIGN 64

void ix_heap_free_all(IrInterp *ip) {
  for (uint32_t i = 1; i < ip->n_objs; i++) {
    free(ip->objs[i].data);
    ip->objs[i].data = NULL;
  }
  ip->n_objs = 1;
}

void ix_heap_reset(IrInterp *ip) {
  if (!ip->cap_objs) {
    ip->cap_objs = 64;
    ip->objs = ir_xcalloc(ip->cap_objs, sizeof *ip->objs);
  }
  ix_heap_free_all(ip);
  ip->next_addr = ADDR_BASE;
  ip->live_bytes = 0;
  ip->n_allocas = 0;
  memset(ip->global_obj, 0, (ip->n_globals + 1) * sizeof *ip->global_obj);
  ip->n_errs = 0;
  ip->skip_op = IR_NONE;
  ip->skip_why[0] = 0;
  ip->steps = 0;
  ip->depth = 0;
}

uint32_t ix_obj_new(IrInterp *ip, IrBufKind kind, uint64_t nbytes,
                    uint32_t op) {
  if (nbytes > ip->o.max_heap || ip->live_bytes + nbytes > ip->o.max_heap) {
    ix_skip(ip, op, "the heap bound (%llu bytes live) is exceeded by a "
            "buffer of %llu bytes", (unsigned long long)ip->o.max_heap,
            (unsigned long long)nbytes);
    return 0;
  }
  if (ip->n_objs >= IR_MAX_COUNT) {
    ix_skip(ip, op, "too many buffers");
    return 0;
  }
  if (ip->n_objs == ip->cap_objs)
    ir_vgrow((void **)&ip->objs, &ip->cap_objs, ip->n_objs + 1, sizeof *ip->objs);
  uint32_t id = ip->n_objs++;
  Obj *o = &ip->objs[id];
  memset(o, 0, sizeof *o);
  o->data = ir_xcalloc(nbytes ? nbytes : 1, 1);
  o->nbytes = nbytes;
  o->kind = (uint8_t)kind;
  o->live = 1;
  o->alloc_op = op;
  o->free_op = IR_NONE;
  o->arg = IR_NONE;
  o->addr = ip->next_addr;
  ip->next_addr += ((nbytes ? nbytes : 1) + ADDR_ALIGN - 1) / ADDR_ALIGN * ADDR_ALIGN
                   + ADDR_ALIGN;
  ip->live_bytes += nbytes;
  if (kind == IR_BUF_ALLOCA)
    IR_VPUSH(ip->allocas, ip->n_allocas, ip->cap_allocas, id);
  return id;
}

/* Release an object's storage; it stays in the table for its history. */
static void kill(IrInterp *ip, Obj *o, uint32_t op) {
  free(o->data);
  o->data = NULL;
  o->live = 0;
  o->free_op = op;
  ip->live_bytes -= o->nbytes;
}

/* ====================================================================== */
/* Errors                                                                 */
/* ====================================================================== */

static IrRunError *new_error(IrInterp *ip, IrRunErrorKind k, uint32_t op,
                             uint32_t obj) {
  if (ip->n_errs == ip->cap_errs)
    ir_vgrow((void **)&ip->errs, &ip->cap_errs, ip->n_errs + 1, sizeof *ip->errs);
  IrRunError *e = &ip->errs[ip->n_errs++];
  memset(e, 0, sizeof *e);
  e->kind = k;
  e->op = op;
  e->alloc_op = e->free_op = e->arg = IR_NONE;
  if (obj && obj < ip->n_objs) {
    const Obj *o = &ip->objs[obj];
    e->buf = (IrBufKind)o->kind;
    e->alloc_op = o->alloc_op;
    e->free_op = o->free_op;
    e->arg = o->arg;
  }
  return e;
}

int ix_fault(IrInterp *ip, IrRunErrorKind k, uint32_t op, uint32_t obj,
             const char *fmt, ...) {
  IrRunError *e = new_error(ip, k, op, obj);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(e->what, sizeof e->what, fmt, ap);
  va_end(ap);
  return IX_FAULT;
}

int ix_skip(IrInterp *ip, uint32_t op, const char *fmt, ...) {
  if (!ip->skip_why[0]) {
    ip->skip_op = op;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ip->skip_why, sizeof ip->skip_why, fmt, ap);
    va_end(ap);
  }
  return IX_SKIP;
}

void ix_leaks(IrInterp *ip) {
  for (uint32_t i = 1; i < ip->n_objs; i++) {
    const Obj *o = &ip->objs[i];
    if (o->kind == IR_BUF_HEAP && o->live)
      ix_fault(ip, IR_RUN_LEAK, o->alloc_op, i,
               "buffer allocated here is never freed");
  }
}

/* ====================================================================== */
/* Free, liveness, access                                                 */
/* ====================================================================== */

static int bad_memref(IrInterp *ip, uint32_t op, const char *what) {
  return ix_fault(ip, IR_RUN_UNDEFINED, op, 0,
                  "%s a memref that holds no buffer", what);
}

int ix_free_check(IrInterp *ip, uint32_t op, const int64_t *mr,
                  const char *how) {
  uint64_t id = (uint64_t)mr[MR_OBJ];
  if (!id || id >= ip->n_objs) return bad_memref(ip, op, how);
  Obj *o = &ip->objs[id];
  switch ((IrBufKind)o->kind) {
  case IR_BUF_ALLOCA:
    return ix_fault(ip, IR_RUN_FREE_ALLOCA, op, (uint32_t)id,
                    "%s frees a stack buffer (memref.alloca)", how);
  case IR_BUF_GLOBAL:
    return ix_fault(ip, IR_RUN_FREE_GLOBAL, op, (uint32_t)id,
                    "%s frees a global (memref.get_global)", how);
  case IR_BUF_ARGUMENT:
    return ix_fault(ip, IR_RUN_FREE_ARGUMENT, op, (uint32_t)id,
                    "%s frees the buffer of argument #%u, which the caller "
                    "owns", how, o->arg);
  default:
    break;
  }
  if (!o->live)
    return ix_fault(ip, IR_RUN_DOUBLE_FREE, op, (uint32_t)id,
                    "%s frees a buffer that is already freed", how);
  if (mr[MR_SHIFT] || mr[MR_OFF])
    return ix_fault(ip, IR_RUN_FREE_VIEW, op, (uint32_t)id,
                    "%s frees through a view at offset %lld (byte shift %lld), "
                    "not the buffer's base", how, (long long)mr[MR_OFF],
                    (long long)mr[MR_SHIFT]);
  return 0;
}

void ix_kill(IrInterp *ip, uint32_t id, uint32_t op) {
  kill(ip, &ip->objs[id], op);
}

int ix_free(IrInterp *ip, uint32_t op, const int64_t *mr, const char *how) {
  int rc = ix_free_check(ip, op, mr, how);
  if (!rc) kill(ip, &ip->objs[mr[MR_OBJ]], op);
  return rc;
}

void ix_allocas_pop(IrInterp *ip, uint32_t mark, uint32_t op) {
  for (uint32_t i = mark; i < ip->n_allocas; i++) {
    Obj *o = &ip->objs[ip->allocas[i]];
    if (o->live) kill(ip, o, op);
  }
  if (mark < ip->n_allocas) ip->n_allocas = mark;
}

static int dead(IrInterp *ip, uint32_t op, uint32_t id, const char *what) {
  const Obj *o = &ip->objs[id];
  if (o->kind == IR_BUF_ALLOCA)
    return ix_fault(ip, IR_RUN_USE_AFTER_FREE, op, id,
                    "%s a stack buffer after its scope ended", what);
  return ix_fault(ip, IR_RUN_USE_AFTER_FREE, op, id, "%s a freed buffer", what);
}

int ix_live(IrInterp *ip, uint32_t op, const int64_t *mr, const char *what) {
  uint64_t id = (uint64_t)mr[MR_OBJ];
  if (!id || id >= ip->n_objs) return bad_memref(ip, op, what);
  if (!ip->objs[id].live) return dead(ip, op, (uint32_t)id, what);
  return 0;
}

uint8_t *ix_at(IrInterp *ip, uint32_t op, const int64_t *mr, int64_t lin,
               uint32_t esize, int write, const char *what) {
  uint64_t id = (uint64_t)mr[MR_OBJ];
  if (!id || id >= ip->n_objs) {
    bad_memref(ip, op, what);
    return NULL;
  }
  Obj *o = &ip->objs[id];
  if (!o->live) {
    dead(ip, op, (uint32_t)id, what);
    return NULL;
  }
  int64_t byte;
  if (__builtin_mul_overflow(lin, (int64_t)esize, &byte) ||
      __builtin_add_overflow(byte, mr[MR_SHIFT], &byte) || byte < 0 ||
      (uint64_t)byte + esize > o->nbytes) {
    ix_fault(ip, IR_RUN_OUT_OF_BOUNDS, op, (uint32_t)id,
             "%s element %lld of a buffer of %llu bytes (%llu elements)",
             what, (long long)lin, (unsigned long long)o->nbytes,
             (unsigned long long)(o->nbytes / esize));
    return NULL;
  }
  if (write && o->constant) {
    ix_fault(ip, IR_RUN_WRITE_CONSTANT, op, (uint32_t)id,
             "%s a constant global", what);
    return NULL;
  }
  return o->data + byte;
}

/* ====================================================================== */
/* Elements                                                               */
/* ====================================================================== */

/* A double rounded to float without the undefined behaviour of converting
 * an out-of-range value: beyond FLT_MAX by half an ulp or more it is an
 * infinity, as IEEE rounding says. */
static float to_float(double v) {
  if (v > FLT_MAX || v < -FLT_MAX) {
    if (isinf(v) || fabs(v) >= (double)FLT_MAX + ldexp(1.0, 103))
      return v > 0 ? INFINITY : -INFINITY;
    return v > 0 ? FLT_MAX : -FLT_MAX;
  }
  return (float)v;
}

/* IEEE half <-> float, round to nearest even. */
static float half_to_float(uint16_t h) {
  uint32_t s = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 31, f = h & 1023, u;
  if (e == 31) u = s | 0x7f800000u | (f << 13);
  else if (e) u = s | ((e + 112) << 23) | (f << 13);
  else if (!f) u = s;
  else { /* subnormal: normalise */
    e = 113;
    while (!(f & 1024)) f <<= 1, e--;
    u = s | (e << 23) | ((f & 1023) << 13);
  }
  float r;
  memcpy(&r, &u, 4);
  return r;
}

static uint16_t float_to_half(float x) {
  uint32_t u;
  memcpy(&u, &x, 4);
  uint32_t s = (u >> 16) & 0x8000, e = (u >> 23) & 255, f = u & 0x7fffff;
  if (e == 255) return (uint16_t)(s | 0x7c00 | (f ? 0x200 : 0));
  int32_t he = (int32_t)e - 112;
  if (he >= 31) return (uint16_t)(s | 0x7c00);
  if (he <= 0) {
    if (he < -10) return (uint16_t)s;
    f |= 0x800000;
    uint32_t shift = (uint32_t)(14 - he), r = f >> shift;
    uint32_t rem = f & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (r & 1))) r++;
    return (uint16_t)(s | r);
  }
  uint32_t r = ((uint32_t)he << 10) | (f >> 13), rem = f & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (r & 1))) r++;
  return (uint16_t)(s | r);
}

static float bf16_to_float(uint16_t h) {
  uint32_t u = (uint32_t)h << 16;
  float r;
  memcpy(&r, &u, 4);
  return r;
}

static uint16_t float_to_bf16(float x) {
  uint32_t u;
  memcpy(&u, &x, 4);
  if ((u & 0x7fffffff) > 0x7f800000) return (uint16_t)((u >> 16) | 0x40);
  u += 0x7fff + ((u >> 16) & 1);
  return (uint16_t)(u >> 16);
}

double ix_round_slow(double v, ElKind k) {
  switch (k) {
  case EL_F16: return half_to_float(float_to_half(to_float(v)));
  case EL_BF16: return bf16_to_float(float_to_bf16(to_float(v)));
  case EL_F32: return to_float(v);
  default: return v;
  }
}

int64_t ix_load_elem(const uint8_t *p, ElKind k, uint32_t bytes,
                     uint32_t width) {
  uint8_t b8;
  uint16_t b16;
  uint32_t b32;
  uint64_t b64;
  float f;
  double d;
  switch (k) {
  case EL_INT:
    switch (bytes) {
    case 1: memcpy(&b8, p, 1); b64 = b8; break;
    case 2: memcpy(&b16, p, 2); b64 = b16; break;
    case 4: memcpy(&b32, p, 4); b64 = b32; break;
    default: memcpy(&b64, p, 8); break;
    }
    return (int64_t)(b64 & ix_mask(width));
  case EL_F16: memcpy(&b16, p, 2); return ix_bits(half_to_float(b16));
  case EL_BF16: memcpy(&b16, p, 2); return ix_bits(bf16_to_float(b16));
  case EL_F32: memcpy(&f, p, 4); return ix_bits(f);
  case EL_F64: memcpy(&d, p, 8); return ix_bits(d);
  default: return 0;
  }
}

void ix_store_elem(uint8_t *p, ElKind k, uint32_t bytes, int64_t v) {
  uint8_t b8;
  uint16_t b16;
  uint32_t b32;
  float f;
  switch (k) {
  case EL_INT:
    switch (bytes) {
    case 1: b8 = (uint8_t)v; memcpy(p, &b8, 1); break;
    case 2: b16 = (uint16_t)v; memcpy(p, &b16, 2); break;
    case 4: b32 = (uint32_t)v; memcpy(p, &b32, 4); break;
    default: memcpy(p, &v, 8); break;
    }
    break;
  case EL_F16: b16 = float_to_half(to_float(ix_f(v))); memcpy(p, &b16, 2); break;
  case EL_BF16: b16 = float_to_bf16(to_float(ix_f(v))); memcpy(p, &b16, 2); break;
  case EL_F32: f = to_float(ix_f(v)); memcpy(p, &f, 4); break;
  case EL_F64: memcpy(p, &v, 8); break;
  default: break;
  }
}

const char *ir_run_error_name(IrRunErrorKind k) {
  static const char *const names[IR_RUN_N_KINDS] = {
      "leak", "double-free", "free-of-alloca", "free-of-global",
      "free-of-argument", "free-of-view", "use-after-free", "out-of-bounds",
      "write-to-constant", "assert", "undefined-behavior"};
  return (unsigned)k < IR_RUN_N_KINDS ? names[k] : "error";
}
