/*
 * print_float.c - floating point literals exactly as MLIR prints them
 * (AsmPrinter's printFloatValue over llvm::APFloat::toString):
 *
 *   1. the value with 6 significant digits in exponent form, `1.500000e+00`,
 *      if that string parses back to the same value in the value's type;
 *   2. else APFloat's default form (enough digits to round-trip, plain
 *      notation up to 3 padding zeros, `1.23456788`), if it has a `.`;
 *   3. else, and for NaN and infinities, the bits in hex (`0x7FC00000`).
 *
 * APFloat's digit generation has its own quirks (it truncates the exact
 * decimal expansion before rounding half up, and pads the exponent form to
 * 7 digits), so it is reproduced here over a small bignum rather than
 * approximated with printf.
 *
 * Values live in a double (IrAttr.fval). A NaN of a narrower type keeps its
 * payload in the top bits of the double's mantissa, i.e. the narrow
 * mantissa shifted left by (52 - its mantissa bits), built bit by bit, not
 * through an FPU conversion (which would quiet a signaling NaN).
 */
#include <math.h>
#include <stdlib.h>

#include "print.h"

/* ====================================================================== */
/* Float formats                                                          */
/* ====================================================================== */

typedef struct FloatSem {
  uint8_t prec;     /* significand bits, integer bit included */
  uint8_t ebits;    /* exponent field bits */
  uint8_t total;    /* storage bits */
  uint8_t fn;       /* 1: no infinities, NaN is all ones (f8E4M3FN) */
  int bias;
} FloatSem;

static const FloatSem sems[IR_N_FLOAT_KINDS] = {
    [IR_F16] = {11, 5, 16, 0, 15},
    [IR_BF16] = {8, 8, 16, 0, 127},
    [IR_F32] = {24, 8, 32, 0, 127},
    [IR_F64] = {53, 11, 64, 0, 1023},
    [IR_F80] = {64, 15, 80, 0, 16383},
    [IR_F128] = {113, 15, 128, 0, 16383},
    [IR_TF32] = {11, 8, 19, 0, 127},
    [IR_F8E4M3FN] = {4, 4, 8, 1, 7},
    [IR_F8E5M2] = {3, 5, 8, 0, 15},
};

/* ====================================================================== */
/* A small unsigned bignum (enough for 2^1100 and 5^1100 * 2^64)          */
/* ====================================================================== */

#define BIG_LIMBS 144
typedef struct Big {
  uint32_t d[BIG_LIMBS]; /* little-endian limbs */
  uint32_t n;            /* limbs in use; d[n-1] != 0 unless n == 0 */
} Big;

static void big_set(Big *b, uint64_t v) {
  b->n = 0;
  while (v) {
    b->d[b->n++] = (uint32_t)v;
    v >>= 32;
  }
}

static void big_mul(Big *b, uint32_t m) {
  uint64_t carry = 0;
  for (uint32_t i = 0; i < b->n; i++) {
    uint64_t x = (uint64_t)b->d[i] * m + carry;
    b->d[i] = (uint32_t)x;
    carry = x >> 32;
  }
  if (carry && b->n < BIG_LIMBS) b->d[b->n++] = (uint32_t)carry;
}

static uint32_t big_div(Big *b, uint32_t d) {
  uint64_t rem = 0;
  for (uint32_t i = b->n; i-- > 0;) {
    uint64_t x = rem << 32 | b->d[i];
    b->d[i] = (uint32_t)(x / d);
    rem = x % d;
  }
  while (b->n && !b->d[b->n - 1]) b->n--;
  return (uint32_t)rem;
}

static void big_shl(Big *b, uint32_t k) {
  uint32_t words = k / 32, bits = k % 32;
  if (!b->n) return;
  if (b->n + words + 1 > BIG_LIMBS) ir_die("float literal out of range");
  b->d[b->n + words] = 0;
  for (uint32_t i = b->n; i-- > 0;) {
    uint64_t x = (uint64_t)b->d[i] << bits;
    b->d[i + words + 1] |= (uint32_t)(x >> 32);
    b->d[i + words] = (uint32_t)x;
  }
  for (uint32_t i = 0; i < words; i++) b->d[i] = 0;
  b->n += words + 1;
  while (b->n && !b->d[b->n - 1]) b->n--;
}

static uint32_t big_bits(const Big *b) {
  if (!b->n) return 0;
  uint32_t top = b->d[b->n - 1], k = 0;
  while (top) {
    k++;
    top >>= 1;
  }
  return (b->n - 1) * 32 + k;
}

/* ====================================================================== */
/* APFloat::toString                                                      */
/* ====================================================================== */

/* Round the digit buffer (least significant first) to `prec` digits,
 * half up, dropping trailing zeros (APFloat's AdjustToPrecision). */
static void adjust_digits(char *buf, uint32_t *n, int *exp, uint32_t prec) {
  uint32_t N = *n;
  if (N <= prec) return;
  uint32_t first = N - prec;
  if (buf[first - 1] < '5') {
    while (first < N && buf[first] == '0') first++;
  } else {
    uint32_t i;
    for (i = first; i != N; i++) {
      if (buf[i] == '9') {
        first++;
      } else {
        buf[i]++;
        break;
      }
    }
    if (first == N) {
      *exp += (int)first;
      buf[0] = '1';
      *n = 1;
      return;
    }
  }
  *exp += (int)first;
  memmove(buf, buf + first, N - first);
  *n = N - first;
}

/* Format neg * m * 2^e (m > 0) like APFloat's toStringImpl. */
static size_t to_string(char *out, int neg, uint64_t m, int e, uint32_t prec,
                        uint32_t max_pad, int trunc_zero) {
  Big sig;
  char digits[1200];
  uint32_t nd = 0;
  size_t k = 0;
  if (neg) out[k++] = '-';
  while (!(m & 1)) {
    m >>= 1;
    e++;
  }
  big_set(&sig, m);
  int exp = e;
  if (exp > 0) {
    big_shl(&sig, (uint32_t)exp);
    exp = 0;
  } else if (exp < 0) {
    uint32_t t = (uint32_t)-exp;
    while (t >= 13) {
      big_mul(&sig, 1220703125u); /* 5^13 */
      t -= 13;
    }
    uint32_t p = 1;
    while (t--) p *= 5;
    big_mul(&sig, p);
  }
  /* AdjustToPrecision on the integer: drop digits far below precision */
  uint32_t bits = big_bits(&sig);
  uint32_t need = (prec * 196 + 58) / 59;
  if (bits > need) {
    uint32_t tens = (bits - need) * 59 / 196;
    exp += (int)tens;
    while (tens >= 9) {
      big_div(&sig, 1000000000u);
      tens -= 9;
    }
    uint32_t p = 1;
    while (tens--) p *= 10;
    if (p > 1) big_div(&sig, p);
  }
  int trail = 1;
  while (sig.n && nd < sizeof digits) {
    uint32_t d = big_div(&sig, 10);
    if (trail && !d) {
      exp++;
    } else {
      digits[nd++] = (char)('0' + d);
      trail = 0;
    }
  }
  adjust_digits(digits, &nd, &exp, prec);

  int sci;
  if (!max_pad) {
    sci = 1;
  } else if (exp >= 0) {
    sci = (uint32_t)exp > max_pad || nd + (uint32_t)exp > prec;
  } else {
    int msd = exp + (int)(nd - 1);
    sci = msd >= 0 ? 0 : (uint32_t)-msd > max_pad;
  }
  if (sci) {
    exp += (int)(nd - 1);
    out[k++] = digits[nd - 1];
    out[k++] = '.';
    if (nd == 1 && trunc_zero) out[k++] = '0';
    else
      for (uint32_t i = 1; i != nd; i++) out[k++] = digits[nd - 1 - i];
    if (!trunc_zero && prec > nd - 1)
      for (uint32_t i = 0; i < prec - nd + 1; i++) out[k++] = '0';
    out[k++] = trunc_zero ? 'E' : 'e';
    out[k++] = exp >= 0 ? '+' : '-';
    if (exp < 0) exp = -exp;
    char eb[8];
    int ne = 0;
    do {
      eb[ne++] = (char)('0' + exp % 10);
      exp /= 10;
    } while (exp);
    if (!trunc_zero && ne < 2) eb[ne++] = '0';
    while (ne) out[k++] = eb[--ne];
    return k;
  }
  if (exp >= 0) {
    for (uint32_t i = 0; i != nd; i++) out[k++] = digits[nd - 1 - i];
    for (int i = 0; i != exp; i++) out[k++] = '0';
    return k;
  }
  int whole = exp + (int)nd;
  uint32_t i = 0;
  if (whole > 0) {
    for (; i != (uint32_t)whole; i++) out[k++] = digits[nd - 1 - i];
    out[k++] = '.';
  } else {
    out[k++] = '0';
    out[k++] = '.';
    for (int z = 0; z < -whole; z++) out[k++] = '0';
  }
  for (; i != nd; i++) out[k++] = digits[nd - 1 - i];
  return k;
}

/* APFloat's zero: `0.000000e+00` (precision 6, no padding) or `0.0E+0`
 * (default form). */
static size_t zero_string(char *out, int neg, uint32_t prec, uint32_t max_pad,
                          int trunc_zero) {
  size_t k = 0;
  if (neg) out[k++] = '-';
  if (max_pad) {
    out[k++] = '0';
    return k;
  }
  if (trunc_zero) {
    memcpy(out + k, "0.0E+0", 6);
    return k + 6;
  }
  memcpy(out + k, "0.0", 3);
  k += 3;
  for (uint32_t i = 1; i < prec; i++) out[k++] = '0';
  memcpy(out + k, "e+00", 4);
  return k + 4;
}

/* ====================================================================== */
/* Parsing back and bits                                                  */
/* ====================================================================== */

/* Round a double to the nearest value of format s (ties to even). */
static double round_to(double d, const FloatSem *s) {
  if (d == 0 || isinf(d) || isnan(d)) return d;
  int minexp = 1 - s->bias, maxexp = s->bias;
  if (s->fn) maxexp = s->bias + 1;
  int e = ilogb(d);
  int q = (e < minexp ? minexp : e) - (s->prec - 1);
  double r = ldexp(nearbyint(ldexp(d, -q)), q);
  double maxv = ldexp(2.0 - ldexp(1.0, 1 - s->prec), maxexp);
  if (s->fn) maxv = ldexp(1.75, maxexp); /* 448 for f8E4M3FN */
  if (fabs(r) > maxv) return r < 0 ? -INFINITY : INFINITY;
  return r;
}

static uint64_t dbits(double d) {
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  return u;
}

/* Whether `str` parses back to exactly v in format k. */
static int round_trips(const char *str, double v, IrFloatKind k) {
  switch (k) {
  case IR_F64:
    return dbits(strtod(str, NULL)) == dbits(v);
  case IR_F32: {
    float f = strtof(str, NULL), g = (float)v;
    return memcmp(&f, &g, sizeof f) == 0;
  }
  case IR_F80:
  case IR_F128: { /* f128 approximated by long double */
    long double x = strtold(str, NULL);
    return x == (long double)v && !signbit(x) == !signbit(v);
  }
  default:
    return dbits(round_to(strtod(str, NULL), &sems[k])) == dbits(v);
  }
}

/* The bits of v in format k: the low 64 in *lo, the rest in *hi. */
static void float_bits(double v, IrFloatKind k, uint64_t *hi_out, uint64_t *lo_out) {
  const FloatSem *s = &sems[k];
  uint64_t u = dbits(v), hi = 0, lo = 0;
  uint64_t neg = u >> 63, frac52 = u & ((UINT64_C(1) << 52) - 1);
  if (k == IR_F64) {
    lo = u;
  } else if (k == IR_F80 || k == IR_F128) {
    uint64_t expf, f52; /* exponent field, top 52 fraction bits */
    if (isnan(v) || isinf(v)) {
      expf = 0x7fff;
      f52 = frac52;
    } else if (v == 0) {
      expf = 0;
      f52 = 0;
    } else {
      int e = ilogb(v);
      expf = (uint64_t)(e + s->bias);
      f52 = (uint64_t)ldexp(ldexp(fabs(v), -e) - 1.0, 52);
    }
    if (k == IR_F80) { /* sign, exp(15), explicit integer bit, frac(63) */
      hi = neg << 15 | expf;
      lo = (expf ? UINT64_C(1) << 63 : 0) | f52 << 11;
    } else { /* sign, exp(15), frac(112) */
      hi = neg << 63 | expf << 48 | f52 >> 4;
      lo = f52 << 60;
    }
  } else {
    int fb = s->prec - 1; /* fraction bits, < 52 */
    uint64_t emax = (UINT64_C(1) << s->ebits) - 1, expf, mant;
    if (isnan(v) || (isinf(v) && s->fn)) {
      expf = emax;
      mant = frac52 >> (52 - fb);
      if (!mant) mant = UINT64_C(1) << (fb - 1);
      if (s->fn) mant = (UINT64_C(1) << fb) - 1;
    } else if (isinf(v)) {
      expf = emax;
      mant = 0;
    } else if (v == 0) {
      expf = 0;
      mant = 0;
    } else {
      int e = ilogb(v), minexp = 1 - s->bias;
      if (e < minexp) { /* subnormal in format k */
        expf = 0;
        mant = (uint64_t)llround(ldexp(fabs(v), fb - minexp));
      } else {
        expf = (uint64_t)(e + s->bias);
        mant = (uint64_t)ldexp(ldexp(fabs(v), -e) - 1.0, fb);
      }
    }
    lo = neg << (s->total - 1) | expf << fb | mant;
  }
  *hi_out = hi;
  *lo_out = lo;
}

uint64_t irw_float_bits(double v, IrFloatKind k) {
  uint64_t hi, lo;
  float_bits(v, k, &hi, &lo);
  return lo;
}

double irw_round_float(double v, IrFloatKind k) {
  if (k == IR_F32) return (double)(float)v;
  if (k >= IR_N_FLOAT_KINDS || k == IR_F64 || k == IR_F80 || k == IR_F128) return v;
  return round_to(v, &sems[k]);
}

/* The double whose sign and mantissa's top bits are those of a NaN of
 * format k with fraction `frac` (fb bits): float_bits gives them back. */
static double nan_with(int neg, uint64_t frac, int fb) {
  uint64_t u = (uint64_t)neg << 63 | UINT64_C(0x7ff) << 52 | frac << (52 - fb);
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}

int irw_float_from_bits(IrFloatKind k, uint64_t hi, uint64_t lo, double *v) {
  if (k >= IR_N_FLOAT_KINDS) return -1;
  const FloatSem *s = &sems[k];
  /* no more bits than the format has (APInt::getActiveBits) */
  if (s->total <= 64 ? hi || (s->total < 64 && lo >> s->total)
                     : s->total < 128 && hi >> (s->total - 64))
    return -1;
  if (k == IR_F64) {
    memcpy(v, &lo, sizeof *v);
    return 0;
  }
  if (k == IR_F32) {
    uint32_t b = (uint32_t)lo;
    float f;
    memcpy(&f, &b, sizeof f);
    *v = f;
    return 0;
  }
  int neg;
  double r;
  if (k == IR_F80 || k == IR_F128) {
    /* f80: sign, exp(15), explicit integer bit, frac(63); f128: sign,
     * exp(15), frac(112). The top 52 fraction bits are what float_bits
     * writes, so they are what a NaN keeps. */
    uint64_t expf = k == IR_F80 ? hi & 0x7fff : hi >> 48 & 0x7fff;
    neg = (int)(k == IR_F80 ? hi >> 15 & 1 : hi >> 63);
    uint64_t fhi = k == IR_F80 ? lo << 1 >> 12 : (hi & ((UINT64_C(1) << 48) - 1)) << 4 | lo >> 60;
    int nan = expf == 0x7fff &&
              (k == IR_F80 ? (lo << 1) != 0 : (hi & ((UINT64_C(1) << 48) - 1)) || lo);
    if (nan) {
      *v = nan_with(neg, fhi ? fhi : UINT64_C(1) << 51, 52);
      return 0;
    }
    if (expf == 0x7fff) {
      r = INFINITY;
    } else if (k == IR_F80) {
      r = ldexp((double)lo, (int)(expf ? expf : 1) - s->bias - 63);
    } else {
      double f = ldexp((double)(hi & ((UINT64_C(1) << 48) - 1)), -48) + ldexp((double)lo, -112);
      r = expf ? ldexp(1.0 + f, (int)expf - s->bias) : ldexp(f, 1 - s->bias);
    }
  } else {
    int fb = s->prec - 1;
    uint64_t emax = (UINT64_C(1) << s->ebits) - 1, fmask = (UINT64_C(1) << fb) - 1;
    uint64_t expf = lo >> fb & emax, mant = lo & fmask;
    neg = (int)(lo >> (s->total - 1) & 1);
    if (s->fn ? expf == emax && mant == fmask : expf == emax) {
      if (s->fn || mant) {
        *v = nan_with(neg, mant, fb);
        return 0;
      }
      r = INFINITY;
    } else if (expf == 0) {
      r = ldexp((double)mant, 1 - s->bias - fb);
    } else {
      r = ldexp((double)(mant | (UINT64_C(1) << fb)), (int)expf - s->bias - fb);
    }
  }
  *v = neg ? -r : r;
  return 0;
}

/* Hex of the bits (`0x` + upper-case digits, no leading zeros) of v in
 * format k, as APInt::toString(16, formatAsCLiteral). */
static size_t hex_bits(char *out, double v, IrFloatKind k) {
  uint64_t hi, lo;
  float_bits(v, k, &hi, &lo);
  static const char hx[] = "0123456789ABCDEF";
  char tmp[40];
  int n = 0;
  while (lo || hi) {
    tmp[n++] = hx[lo & 15];
    lo = (lo >> 4) | (hi << 60);
    hi >>= 4;
  }
  if (!n) tmp[n++] = '0';
  size_t o = 0;
  out[o++] = '0';
  out[o++] = 'x';
  while (n) out[o++] = tmp[--n];
  return o;
}

size_t irw_format_float(char *out, double v, IrFloatKind k) {
  if (k >= IR_N_FLOAT_KINDS) k = IR_F64;
  if (!isnan(v) && !isinf(v)) {
    int neg = signbit(v) != 0;
    uint64_t u = dbits(v);
    uint64_t frac = u & ((UINT64_C(1) << 52) - 1);
    int be = (int)(u >> 52 & 0x7ff);
    uint64_t m = be ? frac | (UINT64_C(1) << 52) : frac;
    int e = (be ? be : 1) - 1075;
    size_t n;
    if (!m) n = zero_string(out, neg, 6, 0, 0);
    else n = to_string(out, neg, m, e, 6, 0, 0);
    out[n] = 0;
    if (round_trips(out, v, k)) return n;
    uint32_t prec = 2 + sems[k].prec * 59u / 196u;
    if (!m) n = zero_string(out, neg, prec, 3, 1);
    else n = to_string(out, neg, m, e, prec, 3, 1);
    out[n] = 0;
    if (memchr(out, '.', n)) return n;
  }
  size_t n = hex_bits(out, v, k);
  out[n] = 0;
  return n;
}

void irw_float(IrPrinter *w, double v, uint32_t type) {
  IrFloatKind k = IR_F64;
  if (type) {
    const IrType *t = ir_type(w->c, type);
    if (t->kind == IR_T_FLOAT && t->sub < IR_N_FLOAT_KINDS) k = (IrFloatKind)t->sub;
  }
  if (w->sink) return;
  char buf[128];
  irw_mem(w, buf, irw_format_float(buf, v, k));
}
