/*
 * dense.c - the elements of a dense<> attribute as MLIR stores them: raw
 * little-endian bytes, one element after another, which MLIR prints as
 * `"0x..."` when there are more than 100 and they are not all equal.
 *
 * The attribute keeps its body as the text MLIR prints (ir.h, IR_A_DENSE),
 * so the parser goes from a literal list to that hex form and back
 * (parse_attr.c), and whoever reads the values (the interpreter, cf.switch's
 * case values) reads either form through here.
 */
#include <stdio.h>
#include <stdlib.h>

#include "irint.h"

/* MLIR's getDenseElementBitWidth: the bits of a value (tf32: 19; a
 * complex: its part's bits rounded up to whole bytes, twice: complex<i3>
 * takes two bytes, as mlir-opt-22's hex size check says), 0 for types with
 * no such storage. */
static uint32_t bit_width(const IrCtx *c, uint32_t t) {
  const IrType *x = ir_type(c, t);
  switch (x->kind) {
  case IR_T_INDEX: return 64;
  case IR_T_INT: return x->width;
  case IR_T_FLOAT: return ir_type_float_width(c, t);
  case IR_T_COMPLEX: {
    const IrType *e = ir_type(c, x->elem);
    return e->kind == IR_T_COMPLEX ? 0 : 2 * ((bit_width(c, x->elem) + 7) / 8 * 8);
  }
  case IR_T_OPAQUE: return ir_type_opaque_float(c, t); /* f4E2M1FN... */
  default: return 0;
  }
}

uint32_t ir_dense_width(const IrCtx *c, uint32_t t) {
  uint32_t b = bit_width(c, t);
  return b <= 1 ? b : (b + 7) / 8 * 8;   /* i1 packs; the rest whole bytes */
}

/* A scalar type whose values go between storage and text exactly here. */
static int exact_scalar(const IrType *x) {
  if (x->kind == IR_T_INDEX) return 1;
  if (x->kind == IR_T_INT) return x->width <= 64;
  return x->kind == IR_T_FLOAT &&
         (x->sub == IR_F16 || x->sub == IR_BF16 || x->sub == IR_F32 || x->sub == IR_F64);
}

uint32_t ir_dense_scalar(const IrCtx *c, uint32_t t) {
  const IrType *x = ir_type(c, t);
  if (x->kind == IR_T_COMPLEX) {  /* parts of whole bytes: each its own */
    const IrType *e = ir_type(c, x->elem);
    return exact_scalar(e) && bit_width(c, x->elem) % 8 == 0 ? x->elem : 0;
  }
  return exact_scalar(x) ? t : 0;
}

static uint64_t get_le(const uint8_t *p, uint32_t n) {
  uint64_t v = 0;
  for (uint32_t i = 0; i < n; i++) v |= (uint64_t)p[i] << (8 * i);
  return v;
}

void ir_dense_store(const IrCtx *c, uint32_t t, uint8_t *raw, uint64_t i,
                    int64_t iv, double fv) {
  const IrType *x = ir_type(c, t);
  uint32_t bits = ir_dense_width(c, t);
  if (bits == 1) {
    if (iv & 1) raw[i / 8] |= (uint8_t)(1u << (i % 8));
    else raw[i / 8] &= (uint8_t)~(1u << (i % 8));
    return;
  }
  uint64_t u;
  if (x->kind != IR_T_FLOAT) {
    u = (uint64_t)iv;  /* an APInt of the type's width: i3's -2 is 6 */
    if (x->kind == IR_T_INT && x->width < 64) u &= (UINT64_C(1) << x->width) - 1;
  } else {
    u = irw_float_bits(fv, (IrFloatKind)x->sub);
  }
  uint8_t *p = raw + i * (bits / 8);
  for (uint32_t k = 0; k < bits / 8; k++) p[k] = (uint8_t)(u >> (8 * k));
}

void ir_dense_load(const IrCtx *c, uint32_t t, const uint8_t *raw, uint64_t i,
                   int64_t *iv, double *fv) {
  const IrType *x = ir_type(c, t);
  uint32_t bits = ir_dense_width(c, t);
  if (bits == 1) {
    *iv = raw[i / 8] >> (i % 8) & 1;
    return;
  }
  uint64_t u = get_le(raw + i * (bits / 8), bits / 8);
  if (x->kind == IR_T_FLOAT) {
    irp_float_from_bits(c, t, 0, u, fv);
    return;
  }
  uint32_t w = x->kind == IR_T_INDEX ? 64 : x->width;
  if (w < 64) {
    u &= (UINT64_C(1) << w) - 1;
    if (x->sub != IR_UNSIGNED && (u >> (w - 1) & 1)) u |= ~((UINT64_C(1) << w) - 1);
  }
  *iv = (int64_t)u;
}

size_t ir_dense_spell(const IrCtx *c, uint32_t t, const uint8_t *raw, uint64_t i, char *out) {
  const IrType *x = ir_type(c, t);
  int64_t iv = 0;
  double fv = 0;
  ir_dense_load(c, t, raw, i, &iv, &fv);
  if (x->kind == IR_T_FLOAT) return irw_format_float(out, fv, (IrFloatKind)x->sub);
  if (x->kind == IR_T_INT && x->width == 1) return (size_t)sprintf(out, iv ? "true" : "false");
  if (x->kind == IR_T_INT && x->sub == IR_UNSIGNED)
    return (size_t)sprintf(out, "%llu", (unsigned long long)iv);
  return (size_t)sprintf(out, "%lld", (long long)iv);
}

/* 1 + the value of each hex digit; 0 for any other byte. (A table, not
 * range tests: the writer decoding a 1M-element f32 body, 8 MB of hex,
 * took ir-asm 0.174 s with range tests, 0.154 s with a table.) */
static const uint8_t hex_val[256] = {
    ['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6, ['6'] = 7,
    ['7'] = 8, ['8'] = 9, ['9'] = 10, ['A'] = 11, ['B'] = 12, ['C'] = 13,
    ['D'] = 14, ['E'] = 15, ['F'] = 16, ['a'] = 11, ['b'] = 12, ['c'] = 13,
    ['d'] = 14, ['e'] = 15, ['f'] = 16};

int ir_hex_decode(const char *s, size_t n, uint8_t *out) {
  if (n % 2) return -1;
  const unsigned char *u = (const unsigned char *)s;
  unsigned ok = 1;
  for (size_t i = 0; i < n / 2; i++) {
    unsigned hi = hex_val[u[2 * i]], lo = hex_val[u[2 * i + 1]];
    ok &= hi != 0 && lo != 0;
    out[i] = (uint8_t)((hi - 1) << 4 | ((lo - 1) & 15));
  }
  return ok ? 0 : -1;
}

static void hex_encode(const uint8_t *b, size_t n, char *out) {
  static const char hx[] = "0123456789ABCDEF";
  for (size_t i = 0; i < n; i++) {
    out[2 * i] = hx[b[i] >> 4];
    out[2 * i + 1] = hx[b[i] & 15];
  }
}

size_t ir_dense_hex_text(const uint8_t *raw, size_t n, char *out) {
  memcpy(out, "\"0x", 3);
  hex_encode(raw, n, out + 3);
  out[3 + 2 * n] = '"';
  return 2 * n + 4;
}

uint8_t *ir_dense_hex_raw(const IrCtx *c, uint32_t attr, size_t *nbytes) {
  const IrAttr *a = ir_attr(c, attr);
  const char *s = ir_str_ptr(c, a->str);
  size_t n = ir_str_len(c, a->str);
  if (a->kind != IR_A_DENSE || n < 4 || s[0] != '"' || s[1] != '0' || s[2] != 'x' ||
      s[n - 1] != '"')
    return NULL;
  size_t digits = n - 4;
  uint8_t *raw = ir_xmalloc(digits / 2 + 1);
  if (ir_hex_decode(s + 3, digits, raw)) {
    free(raw);
    return NULL;
  }
  *nbytes = digits / 2;
  return raw;
}
