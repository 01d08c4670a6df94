/*
 * interp_arith.c - arith, math and index ops on registers. Integers are
 * kept zero-extended from their width and wrap; signed ops sign-extend on
 * the fly. Division by zero and signed division overflow are undefined
 * behaviour in MLIR and are reported; results MLIR calls poison (shifts by
 * the width or more, float to int conversions out of range) are 0.
 * Floats are doubles rounded to their type after every op.
 */
#include <math.h>

#include "interpint.h"

static int div_zero(IrInterp *ip, uint32_t op) {
  return ix_fault(ip, IR_RUN_UNDEFINED, op, 0, "division by zero");
}

static int div_overflow(IrInterp *ip, uint32_t op) {
  return ix_fault(ip, IR_RUN_UNDEFINED, op, 0, "signed division overflows");
}

static int cmpi(uint32_t pred, uint64_t a, uint64_t b, uint32_t w) {
  int64_t sa = ix_sext(a, w), sb = ix_sext(b, w);
  switch (pred) {
  case 0: return a == b;
  case 1: return a != b;
  case 2: return sa < sb;
  case 3: return sa <= sb;
  case 4: return sa > sb;
  case 5: return sa >= sb;
  case 6: return a < b;
  case 7: return a <= b;
  case 8: return a > b;
  default: return a >= b;
  }
}

static int cmpf(uint32_t pred, double a, double b) {
  int uno = isnan(a) || isnan(b);
  switch (pred) {
  case 0: return 0;
  case 1: return !uno && a == b;
  case 2: return !uno && a > b;
  case 3: return !uno && a >= b;
  case 4: return !uno && a < b;
  case 5: return !uno && a <= b;
  case 6: return !uno && a != b;
  case 7: return !uno;
  case 8: return uno || a == b;
  case 9: return uno || a > b;
  case 10: return uno || a >= b;
  case 11: return uno || a < b;
  case 12: return uno || a <= b;
  case 13: return uno || a != b;
  case 14: return uno;
  default: return 1;
  }
}

/* IEEE minimum / maximum: NaN if either is, -0 below +0. */
static double fminimum(double a, double b) {
  if (isnan(a) || isnan(b)) return NAN;
  if (a == b) return signbit(a) ? a : b;
  return a < b ? a : b;
}

static double fmaximum(double a, double b) {
  if (isnan(a) || isnan(b)) return NAN;
  if (a == b) return signbit(a) ? b : a;
  return a > b ? a : b;
}

/* Float to a w-bit integer, 0 (poison) when out of range. */
static uint64_t fp_to_int(double d, uint32_t w, int is_signed) {
  if (isnan(d)) return 0;
  d = trunc(d);
  if (is_signed) {
    double lo = -ldexp(1.0, (int)w - 1), hi = ldexp(1.0, (int)w - 1);
    if (d < lo || d >= hi) return 0;
    return (uint64_t)(int64_t)d & ix_mask(w);
  }
  if (d < 0 || d >= ldexp(1.0, (int)w)) return 0;
  return (uint64_t)d;
}

int ix_arith(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in) {
  const IrOp *o = &ip->m->ops[op];
  const uint32_t *os = ip->oslot + o->operands;
  uint32_t rs = ip->vslot[o->results];
  int64_t *r = fp + SLOT(rs);
  uint32_t w = in->w;
  uint64_t m = (uint64_t)in->k, a, b = 0; /* k: the result's mask */
  int64_t sa, sb;
  double x, y = 0;
  if (in->code == IX_CONST) {
    *r = in->k;
    return 0;
  }
  if (in->code == IX_SELECT) {
    const int64_t *s = fp + SLOT(os[(fp[SLOT(os[0])] & 1) ? 1 : 2]);
    if (rs & SLOT_MEM) memcpy(r, s, MR_WORDS(s[MR_RANK]) * sizeof *r);
    else *r = *s;
    return 0;
  }
  a = (uint64_t)fp[SLOT(os[0])];
  x = ix_f((int64_t)a);
  if (o->n_operands > 1) {
    b = (uint64_t)fp[SLOT(os[1])];
    y = ix_f((int64_t)b);
  }
  switch ((IxCode)in->code) {
  case IX_ADDI: *r = (int64_t)((a + b) & m); break;
  case IX_SUBI: *r = (int64_t)((a - b) & m); break;
  case IX_MULI: *r = (int64_t)((a * b) & m); break;
  case IX_DIVSI: case IX_CEILDIVSI: case IX_FLOORDIVSI: {
    sa = ix_sext(a, w);
    sb = ix_sext(b, w);
    if (!sb) return div_zero(ip, op);
    if (sb == -1 && sa == ix_sext(UINT64_C(1) << (w - 1), w))
      return div_overflow(ip, op);
    int64_t q = sa / sb, rem = sa % sb;
    if (rem && in->code == IX_CEILDIVSI && ((sa < 0) == (sb < 0))) q++;
    if (rem && in->code == IX_FLOORDIVSI && ((sa < 0) != (sb < 0))) q--;
    *r = (int64_t)((uint64_t)q & m);
    break;
  }
  case IX_DIVUI:
    if (!b) return div_zero(ip, op);
    *r = (int64_t)(a / b);
    break;
  case IX_REMSI:
    sa = ix_sext(a, w);
    sb = ix_sext(b, w);
    if (!sb) return div_zero(ip, op);
    *r = sb == -1 ? 0 : (int64_t)((uint64_t)(sa % sb) & m);
    break;
  case IX_REMUI:
    if (!b) return div_zero(ip, op);
    *r = (int64_t)(a % b);
    break;
  case IX_MINSI: *r = (int64_t)(ix_sext(a, w) < ix_sext(b, w) ? a : b); break;
  case IX_MAXSI: *r = (int64_t)(ix_sext(a, w) > ix_sext(b, w) ? a : b); break;
  case IX_MINUI: *r = (int64_t)(a < b ? a : b); break;
  case IX_MAXUI: *r = (int64_t)(a > b ? a : b); break;
  case IX_ANDI: *r = (int64_t)(a & b); break;
  case IX_ORI: *r = (int64_t)(a | b); break;
  case IX_XORI: *r = (int64_t)(a ^ b); break;
  case IX_SHLI: *r = b >= w ? 0 : (int64_t)((a << b) & m); break;
  case IX_SHRUI: *r = b >= w ? 0 : (int64_t)(a >> b); break;
  case IX_SHRSI:
    if (b >= w) {
      *r = 0;
    } else {
      sa = ix_sext(a, w);
      *r = (int64_t)((uint64_t)(sa < 0 ? ~(~sa >> b) : sa >> b) & m);
    }
    break;
  case IX_CMPI: *r = cmpi(in->aux, a, b, w); break;
  case IX_SEXT: *r = (int64_t)((uint64_t)ix_sext(a, in->aux) & m); break;
  case IX_ZEXT: *r = (int64_t)(a & ix_mask(in->aux) & m); break;
  case IX_SITOFP:
    *r = ix_bits(ix_round((double)ix_sext(a, in->aux), (ElKind)in->elem));
    break;
  case IX_UITOFP:
    *r = ix_bits(ix_round((double)(a & ix_mask(in->aux)), (ElKind)in->elem));
    break;
  case IX_FPTOSI: *r = (int64_t)fp_to_int(x, w, 1); break;
  case IX_FPTOUI: *r = (int64_t)fp_to_int(x, w, 0); break;
  case IX_FCONV: *r = ix_bits(ix_round(x, (ElKind)in->elem)); break;
  case IX_ADDF: *r = ix_bits(ix_round(x + y, (ElKind)in->elem)); break;
  case IX_SUBF: *r = ix_bits(ix_round(x - y, (ElKind)in->elem)); break;
  case IX_MULF: *r = ix_bits(ix_round(x * y, (ElKind)in->elem)); break;
  case IX_DIVF: *r = ix_bits(ix_round(x / y, (ElKind)in->elem)); break;
  case IX_NEGF: *r = ix_bits(-x); break;
  case IX_MINIMUMF: *r = ix_bits(fminimum(x, y)); break;
  case IX_MAXIMUMF: *r = ix_bits(fmaximum(x, y)); break;
  case IX_EXP: *r = ix_bits(ix_round(exp(x), (ElKind)in->elem)); break;
  case IX_CEIL: *r = ix_bits(ceil(x)); break;
  case IX_CMPF: *r = cmpf(in->aux, x, y); break;
  default: ir_die("ix_arith: code %u", in->code);
  }
  return 0;
}
