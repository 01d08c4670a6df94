/*
 * parse_attr.c - MLIR attributes and locations: numbers (typed, range
 * checked, floats rounded to their type), strings, arrays, dictionaries,
 * symbol references, array<>, dense<> (stored as MLIR's canonical body
 * text), affine maps and sets (parse_affine.c: MLIR's grammar, kept as
 * whitespace-canonical text), strided layouts,
 * aliases, and dialect attributes kept as opaque spellings.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "irint.h"

static int tok_eq(const IrTok *t, const char *s) {
  size_t n = strlen(s);
  return t->kind == IR_TK_BARE_ID && t->len == n && memcmp(t->text, s, n) == 0;
}

static uint32_t intern(IrParser *p, IrAttr *a, const uint32_t *u, const int64_t *v) {
  return ir_attr_intern(p->ctx, a, u, v);
}

/* MLIR's ShapedType: ranked or unranked memrefs and tensors, vectors. */
static int is_shaped(const IrCtx *c, uint32_t type) {
  switch (ir_type(c, type)->kind) {
  case IR_T_MEMREF: case IR_T_UMEMREF: case IR_T_TENSOR: case IR_T_UTENSOR:
  case IR_T_VECTOR:
    return 1;
  default:
    return 0;
  }
}

static void clear(IrAttr *a, IrAttrKind k) {
  memset(a, 0, sizeof *a);
  a->kind = (uint8_t)k;
}

/* ====================================================================== */
/* Growable text buffer (malloc; used for canonical spellings)            */
/* ====================================================================== */

typedef struct Buf {
  char *s;           /* bytes, not NUL-terminated */
  size_t n, cap;     /* used / allocated */
} Buf;

static void bput(Buf *b, const char *s, size_t n) {
  if (b->n + n > b->cap) {
    size_t nc = b->cap ? b->cap * 2 : 256;
    while (nc < b->n + n) nc *= 2;
    b->s = ir_xrealloc(b->s, nc);
    b->cap = nc;
  }
  memcpy(b->s + b->n, s, n);
  b->n += n;
}
static void bputs(Buf *b, const char *s) { bput(b, s, strlen(s)); }

/* ====================================================================== */
/* Dialect bodies `<...>`                                                 */
/* ====================================================================== */

static int skip_body(IrParser *p, const char **end) {
  if (p->tok.kind != IR_TK_LESS) return irp_error(p, "expected '<'");
  const char *q = p->tok.text, *e = p->end;
  char stack[IR_MAX_DEPTH];
  uint32_t depth = 0;
  do {
    if (q >= e) return irp_error(p, "unexpected nul or EOF in pretty dialect name");
    char c = *q++;
    switch (c) {
    case '<': case '[': case '(': case '{':
      if (depth >= IR_MAX_DEPTH) return irp_error(p, "nesting too deep");
      stack[depth++] = c;
      break;
    case '-':
      if (q < e && *q == '>') q++;
      break;
    case '>':
    case ']': case ')': case '}': {
      char open = c == '>' ? '<' : c == ']' ? '[' : c == ')' ? '(' : '{';
      if (!depth || stack[--depth] != open)
        return irp_error(p, "unbalanced '%c' character in pretty dialect name", c);
      break;
    }
    case '"':
      while (q < e && *q != '"' && *q != '\n') q += (*q == '\\' && q + 1 < e) ? 2 : 1;
      if (q >= e || *q != '"') return irp_error(p, "expected '\"' in string literal");
      q++;
      break;
    default:
      break;
    }
  } while (depth);
  *end = q;
  ir_lex_seek(p, q);
  return 0;
}

int irp_skip_body(IrParser *p, const char **end) { return skip_body(p, end); }

/* ====================================================================== */
/* Numbers                                                                */
/* ====================================================================== */

/* v rounded to float type t (values of other types stay doubles). */
double irp_round_float(const IrCtx *c, uint32_t t, double v) {
  const IrType *x = ir_type(c, t);
  if (x->kind != IR_T_FLOAT || x->sub >= IR_N_FLOAT_KINDS) return v;
  return irw_round_float(v, (IrFloatKind)x->sub);
}

int irp_float_from_bits(const IrCtx *c, uint32_t t, uint64_t hi, uint64_t lo, double *v) {
  const IrType *x = ir_type(c, t);
  if (x->kind != IR_T_FLOAT || x->sub >= IR_N_FLOAT_KINDS) return -1;
  return irw_float_from_bits((IrFloatKind)x->sub, hi, lo, v);
}

int irp_tok_u128(const IrTok *t, uint64_t *hi, uint64_t *lo) {
  uint64_t h = 0, l = 0;
  for (uint32_t i = 2; i < t->len; i++) {
    if (h >> 60) return -1;
    char ch = t->text[i];
    unsigned d = ch <= '9' ? (unsigned)(ch - '0') : (unsigned)((ch | 0x20) - 'a' + 10);
    h = h << 4 | l >> 60;
    l = l << 4 | d;
  }
  *hi = h;
  *lo = l;
  return 0;
}

/* Whether literal -mag (neg) or mag fits integer or index type x, as
 * MLIR's buildAttributeAPInt decides (index is a signed 64-bit value; -0
 * does not fit: MLIR negates and wants the sign bit set). If it fits, *out
 * is its value normalised: two's complement for signless and signed,
 * zero-extended for unsigned. The caller rejects negative unsigned. */
static int int_fits(const IrType *x, int neg, uint64_t mag, int64_t *out) {
  uint32_t w = x->kind == IR_T_INT ? x->width : 64;
  int sub = x->kind == IR_T_INT ? x->sub : IR_SIGNED;
  int ok;
  if (neg && mag == 0) ok = 0;
  else if (w >= 64) {
    if (neg) ok = mag <= (uint64_t)INT64_MAX + 1;
    else if (sub == IR_SIGNED || w > 64) ok = mag <= (uint64_t)INT64_MAX; /* kept in 64 bits */
    else ok = 1;
  } else if (neg) {
    ok = mag <= ((uint64_t)1 << (w - 1)) || (w == 1 && mag <= 1);
  } else {
    ok = mag <= (sub == IR_SIGNED ? ((uint64_t)1 << (w - 1)) - 1 : ((uint64_t)1 << w) - 1);
  }
  if (!ok) return 0;
  uint64_t u = neg ? 0 - mag : mag;
  if (w < 64) {
    u &= ((uint64_t)1 << w) - 1;
    if (sub != IR_UNSIGNED && w > 0 && (u >> (w - 1) & 1)) u |= ~(((uint64_t)1 << w) - 1);
  }
  *out = (int64_t)u;
  return 1;
}

/* Check an integer literal against type t and normalise it (int_fits). */
static int fit_int(IrParser *p, uint32_t t, int neg, uint64_t mag, int64_t *out,
                   uint32_t loc) {
  const IrType *x = ir_type(p->ctx, t);
  if (neg && x->kind == IR_T_INT && x->sub == IR_UNSIGNED)
    return irp_error_at(p, loc, "negative integer literal not valid for unsigned integer type");
  if (!int_fits(x, neg, mag, out))
    return irp_error_at(p, loc, "integer constant out of range for attribute");
  return 0;
}

static int is_float_type(IrParser *p, uint32_t t) {
  return t && ir_type(p->ctx, t)->kind == IR_T_FLOAT;
}
static int is_int_type(IrParser *p, uint32_t t) {
  IrTypeKind k = t ? ir_type(p->ctx, t)->kind : IR_T_INT;
  return k == IR_T_INT || k == IR_T_INDEX;
}

/* MLIR's parseFloatFromLiteral on token t (after a '-' if neg) of a
 * float format `bits` wide: NULL if t is a float literal or a hex one
 * that fits (its bits in *hi:*lo), else the message (and *note). */
static const char *float_literal_error(const IrTok *t, int neg, unsigned bits, uint64_t *hi,
                                       uint64_t *lo, const char **note) {
  if (t->kind == IR_TK_FLOAT) return NULL;
  if (t->kind != IR_TK_INT) return "expected floating point literal";
  if (t->len < 2 || t->text[1] != 'x') {
    *note = "add a trailing dot to make the literal a float";
    return "unexpected decimal integer literal for a floating point value";
  }
  if (neg) return "hexadecimal float literal should not have a leading minus";
  if (irp_tok_u128(t, hi, lo) || (bits <= 64 ? *hi || (bits < 64 && *lo >> bits)
                                             : bits < 128 && *hi >> (bits - 64)))
    return "hexadecimal float constant out of range for type";
  return NULL;
}

/* The value of literal token t (after a '-' if neg) of float type et, a
 * dense element's or a scalar attribute's: 0, or -1 with *msg (and *note)
 * set. */
static int float_value(IrParser *p, uint32_t et, int neg, const IrTok *t, double *v,
                      const char **msg, const char **note) {
  uint64_t hi = 0, lo = 0;
  /* 128: the format's own width is checked by irp_float_from_bits */
  if ((*msg = float_literal_error(t, neg, 128, &hi, &lo, note))) return -1;
  if (t->kind == IR_TK_FLOAT) {
    char tmp[128];
    size_t n = t->len < sizeof tmp - 1 ? t->len : sizeof tmp - 1;
    memcpy(tmp, t->text, n);
    tmp[n] = 0;
    double d = strtod(tmp, NULL);
    *v = irp_round_float(p->ctx, et, neg ? -d : d);
    return 0;
  }
  if (!irp_float_from_bits(p->ctx, et, hi, lo, v)) return 0;
  *msg = "hexadecimal float constant out of range for type";
  return -1;
}

/* The current INT/FLOAT token (after an optional '-') as a value of type t:
 * *iv for integer types, *fv for float types. A float literal for a type
 * that is no float is reported at `after` when it is not NULL: MLIR's
 * parseFloatAttr reports it at the token after the literal's `: type`. */
static int number_value(IrParser *p, int neg, uint32_t t, int64_t *iv, double *fv,
                        const char *after) {
  const IrTok tk = p->tok;
  /* at the literal, after any '-', as MLIR reports */
  uint32_t loc = irp_lazy_loc(p, tk.text);
  uint32_t floc = after ? irp_lazy_loc(p, after) : loc;
  if (is_float_type(p, t)) {
    const char *msg, *note = NULL;
    if (float_value(p, t, neg, &tk, fv, &msg, &note)) {
      irp_error_at(p, loc, "%s", msg);
      if (note) irp_note_at(p, loc, "%s", note);
      return -1;
    }
  } else if (is_int_type(p, t)) {
    if (tk.kind == IR_TK_FLOAT)
      return irp_error_at(p, floc, "floating point value not valid for specified type");
    uint64_t mag;
    if (irp_tok_u64(&tk, &mag))
      return irp_error_at(p, loc, "integer constant out of range for attribute");
    if (fit_int(p, t ? t : ir_type_int(p->ctx, 64), neg, mag, iv, loc)) return -1;
  } else {
    if (tk.kind == IR_TK_INT)
      return irp_error_at(p, loc, "integer literal not valid for specified type");
    return irp_error_at(p, floc, "floating point value not valid for specified type");
  }
  irp_next(p);
  return 0;
}

/* ====================================================================== */
/* Float spelling (MLIR's printFloatValue), used for dense<> bodies       */
/* ====================================================================== */

/* Write v (already rounded to type t) the way MLIR prints it: the
 * printer's own algorithm (print_float.c), so that dense<> bodies read from
 * text print exactly as MLIR prints them. */
void irp_format_float(const IrCtx *c, uint32_t t, double v, char *out, size_t cap) {
  char buf[128];
  const IrType *x = t ? ir_type(c, t) : NULL;
  IrFloatKind k = x && x->kind == IR_T_FLOAT && x->sub < IR_N_FLOAT_KINDS
                      ? (IrFloatKind)x->sub : IR_F64;
  size_t n = irw_format_float(buf, v, k);
  if (!cap) return;
  if (n >= cap) n = cap - 1;
  memcpy(out, buf, n);
  out[n] = 0;
}

/* ====================================================================== */
/* dense<...>                                                             */
/* ====================================================================== */

typedef struct Dense {
  uint32_t elem;        /* element type */
  Buf text;             /* canonical body, if `spell` */
  int spell;            /* spell every element (else the first alone) */
  uint32_t scalar;      /* if not spelled: the scalar type of raw */
  uint32_t sw;          /* ... its storage bits (ir_dense_width) */
  uint8_t *raw;         /* ... and the elements in MLIR's storage */
  size_t raw_cap;       /* bytes allocated */
  uint64_t n_scalars;   /* scalars stored */
  uint64_t n_parts;     /* scalars parsed (MLIR's storage size) */
  size_t first, first_n; /* the first element's text, for splat detection */
  uint64_t count;       /* elements */
  int all_same;         /* every element equal to the first */
  uint32_t loc;         /* of `dense` */
  /* The first element that does not fit the element type. MLIR checks
   * elements only after the body's syntax, its shape and its count
   * (TensorLiteralParser::getAttr), so the error waits until then. */
  const char *err, *err_note;
  uint32_t err_loc;
  char err_buf[128];
} Dense;

static void elem_error(Dense *d, uint32_t loc, const char *msg, const char *note) {
  if (d->err) return;
  d->err = msg;
  d->err_note = note;
  d->err_loc = loc;
}

/* Store scalar iv / fv as the next one of raw (d->scalar set). */
static void raw_put(Dense *d, IrCtx *c, int64_t iv, double fv) {
  uint64_t i = d->n_scalars++;
  uint32_t w = d->sw;
  size_t need = w == 1 ? (size_t)(i / 8 + 1) : (size_t)((i + 1) * (w / 8));
  if (need > d->raw_cap) {
    size_t nc = d->raw_cap ? d->raw_cap * 2 : 256;
    while (nc < need) nc *= 2;
    d->raw = ir_xrealloc(d->raw, nc);
    memset(d->raw + d->raw_cap, 0, nc - d->raw_cap);
    d->raw_cap = nc;
  }
  ir_dense_store(c, d->scalar, d->raw, i, iv, fv);
}

/* The value of integer element token t (after a '-' if neg) of integer or
 * index type x: 0, or -1 with *msg set (MLIR's getIntAttrElements). */
static int int_elem(const IrType *x, int neg, const IrTok *t, int64_t *v, const char **msg) {
  int is_bool = x->kind == IR_T_INT && x->width == 1;
  if (neg && x->kind == IR_T_INT && x->sub == IR_UNSIGNED)
    *msg = "expected unsigned integer elements, but parsed negative value";
  else if (t->kind == IR_TK_FLOAT)
    *msg = "expected integer elements, but parsed floating-point";
  else if (t->kind == IR_TK_BARE_ID && is_bool)
    return *v = t->text[0] == 't', 0;
  else if (t->kind == IR_TK_BARE_ID)
    *msg = "expected i1 type for 'true' or 'false' values";
  else {
    uint64_t mag;
    *msg = "integer constant out of range for type"; /* a string, too */
    if (t->kind == IR_TK_INT && !irp_tok_u64(t, &mag) && int_fits(x, neg, mag, v)) return 0;
  }
  return -1;
}

/* One scalar of a dense body whose scalars have type et: canonically
 * spelled into b (if not NULL) and stored into d's raw elements (if
 * `store`). Literals of the wrong kind are element errors (elem_error);
 * tokens that are no literal at all are syntax errors, reported now. */
static int scalar(IrParser *p, Dense *d, uint32_t et, Buf *b, int store) {
  char tmp[96];
  const IrType *x = ir_type(p->ctx, et);
  int neg = 0;
  if (p->tok.kind == IR_TK_MINUS) {
    irp_next(p);
    neg = 1;
    if (p->tok.kind != IR_TK_INT && p->tok.kind != IR_TK_FLOAT)
      return irp_error(p, "expected integer or floating point literal");
  }
  const IrTok t = p->tok;
  if (t.kind != IR_TK_INT && t.kind != IR_TK_FLOAT && t.kind != IR_TK_STRING &&
      !tok_eq(&t, "true") && !tok_eq(&t, "false"))
    return irp_error(p, "expected element literal of primitive type");
  uint32_t loc = irp_lazy_loc(p, t.kind == IR_TK_STRING ? t.text - 1 : t.text);
  irp_next(p);
  d->n_parts++;
  const char *msg = NULL, *note = NULL;
  tmp[0] = 0;
  if (x->kind == IR_T_INT || x->kind == IR_T_INDEX) {
    int64_t v;
    if (int_elem(x, neg, &t, &v, &msg)) return elem_error(d, loc, msg, NULL), 0;
    if (store) raw_put(d, p->ctx, v, 0);
    if (!b) return 0; /* unspelled: formatting a million ints cost 22% */
    if (x->kind == IR_T_INT && x->width == 1) snprintf(tmp, sizeof tmp, "%s", v ? "true" : "false");
    else if (x->kind == IR_T_INT && x->sub == IR_UNSIGNED)
      snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)v);
    else snprintf(tmp, sizeof tmp, "%lld", (long long)v);
  } else if (x->kind == IR_T_FLOAT) {
    double v;
    if (float_value(p, et, neg, &t, &v, &msg, &note)) return elem_error(d, loc, msg, note), 0;
    if (store) raw_put(d, p->ctx, 0, v);
    if (b) irp_format_float(p->ctx, et, v, tmp, sizeof tmp);
  } else if (ir_type_opaque_float(p->ctx, et)) {
    /* a float format not converted here (f4E2M1FN, f8E3M4...): the
     * literal is checked as parseFloatFromLiteral checks it and kept as
     * written */
    unsigned bits = ir_type_opaque_float(p->ctx, et);
    uint64_t hi, lo;
    if ((msg = float_literal_error(&t, neg, bits, &hi, &lo, &note)))
      return elem_error(d, loc, msg, note), 0;
    if (b) snprintf(tmp, sizeof tmp, "%s%.*s", neg ? "-" : "", (int)(t.len < 60 ? t.len : 60), t.text);
  } else if (t.kind == IR_TK_STRING) { /* other element types hold strings */
    if (b) {
      bputs(b, "\"");
      bput(b, t.text, t.len);
      bputs(b, "\"");
    }
    return 0;
  } else {
    if (!d->err) {
      snprintf(d->err_buf, sizeof d->err_buf, "expected string token, got %.*s",
               (int)(t.len < 60 ? t.len : 60), t.text);
      elem_error(d, d->loc, d->err_buf, NULL);
    }
    return 0;
  }
  if (b) bputs(b, tmp);
  return 0;
}

/* One element (scalar or complex pair), tracked for splat detection: by
 * its text, or when not spelled by its stored bytes. */
static int dense_elem(IrParser *p, Dense *d) {
  size_t at = d->text.n;
  uint64_t s0 = d->n_scalars;
  const char *start = p->tok.text;
  const IrType *x = ir_type(p->ctx, d->elem);
  Buf *b = d->spell || d->count == 0 ? &d->text : NULL;
  int store = !d->spell;
  if (p->tok.kind == IR_TK_LPAREN) {
    uint32_t sub = x->kind == IR_T_COMPLEX ? x->elem : d->elem;
    irp_next(p);
    if (b) bputs(b, "(");
    if (scalar(p, d, sub, b, store) || irp_expect(p, IR_TK_COMMA, "',' between complex elements"))
      return -1;
    if (b) bputs(b, ",");
    if (scalar(p, d, sub, b, store) || irp_expect(p, IR_TK_RPAREN, "')' after complex elements"))
      return -1;
    if (b) bputs(b, ")");
  } else if (scalar(p, d, d->elem, b, store)) {
    return -1;
  }
  if (d->err) return 0; /* nothing more is checked or kept */
  /* Stored elements must be whole. A scalar for a complex type fails
   * MLIR's count check (dense_attr); a pair for a scalar type MLIR takes
   * as two values, which a long list cannot store (spelled, the text keeps
   * it as written). */
  if (store && d->n_scalars - s0 != (x->kind == IR_T_COMPLEX ? 2u : 1u)) {
    if (x->kind != IR_T_COMPLEX) {
      char ts[64];
      ir_type_str(p->ctx, d->elem, ts, sizeof ts);
      snprintf(d->err_buf, sizeof d->err_buf, "element literal does not fit element type '%s'", ts);
      elem_error(d, irp_lazy_loc(p, start), d->err_buf, NULL);
    }
    return 0;
  }
  if (d->count == 0) {
    d->first = at;
    d->first_n = d->text.n - at;
    d->all_same = 1;
  } else if (d->all_same && d->spell) {
    d->all_same = d->text.n - at == d->first_n &&
                  memcmp(d->text.s + at, d->text.s + d->first, d->first_n) == 0;
  } else if (d->all_same) {
    uint32_t w = d->sw;
    for (uint64_t i = s0; d->all_same && i < d->n_scalars; i++) {
      if (w == 1) d->all_same = (d->raw[i / 8] >> (i % 8) & 1) == (d->raw[0] & 1);
      else d->all_same = !memcmp(d->raw + i * (w / 8), d->raw + (i - s0) * (w / 8), w / 8);
    }
  }
  d->count++;
  return 0;
}

static int syntax_elem(IrParser *p);

/* An element or a nested list; its shape goes to shape[0..*rank). With no
 * Dense (d NULL), the syntax alone (skip_dense_body). */
static int dense_value(IrParser *p, Dense *d, int64_t *shape, uint32_t *rank) {
  if (p->tok.kind != IR_TK_LSQUARE) {
    *rank = 0;
    return d ? dense_elem(p, d) : syntax_elem(p);
  }
  if (irp_enter(p)) return -1;
  irp_next(p);
  int spell = d && d->spell;
  if (spell) bputs(&d->text, "[");
  int64_t n = 0, sub[IR_MAX_RANK];
  uint32_t subrank = 0;
  if (p->tok.kind != IR_TK_RSQUARE) {
    do {
      if (n && spell) bputs(&d->text, ", ");
      int64_t s2[IR_MAX_RANK];
      uint32_t r2;
      if (dense_value(p, d, s2, &r2)) return -1;
      if (n == 0) {
        subrank = r2;
        memcpy(sub, s2, r2 * sizeof *s2);
      } else if (r2 != subrank || memcmp(sub, s2, r2 * sizeof *s2) != 0) {
        return irp_error(p, "tensor literal is invalid; ranks are not consistent between "
                         "elements");
      }
      n++;
    } while (irp_consume(p, IR_TK_COMMA));
  }
  if (irp_expect(p, IR_TK_RSQUARE, "']'")) return -1;
  if (spell) bputs(&d->text, "]");
  if (subrank + 1 > IR_MAX_RANK) return irp_error(p, "nesting too deep");
  shape[0] = n;
  memcpy(shape + 1, sub, subrank * sizeof *sub);
  *rank = subrank + 1;
  irp_leave(p);
  return 0;
}

static void shape_str(char *o, size_t cap, const int64_t *s, uint32_t n) {
  size_t k = (size_t)snprintf(o, cap, "[");
  for (uint32_t i = 0; i < n && k < cap; i++)
    k += (size_t)snprintf(o + k, cap - k, i ? ", %lld" : "%lld", (long long)s[i]);
  if (k < cap) snprintf(o + k, cap - k, "]");
}

/* Saved lexer position (dense<> reads its type before its body). */
typedef struct LexState {
  IrTok tok, tok2;
  int has2;
  const char *cur, *line_start;
  uint32_t line;
} LexState;

static void save(IrParser *p, LexState *s) {
  s->tok = p->tok;
  s->tok2 = p->tok2;
  s->has2 = p->has2;
  s->cur = p->cur;
  s->line_start = p->line_start;
  s->line = p->line;
}
static void restore(IrParser *p, const LexState *s) {
  p->tok = s->tok;
  p->tok2 = s->tok2;
  p->has2 = s->has2;
  p->cur = s->cur;
  p->line_start = s->line_start;
  p->prev_ls = NULL;
  p->line = s->line;
}

/* A dense literal's syntax alone, read the way MLIR's TensorLiteralParser
 * reads it before it has parsed the type after it, so that its errors come
 * before the type's: an element (`true`, `false`, a number, `-` and a
 * number, a string, or `(` element `,` element `)`), or (dense_value
 * without a Dense) a list of elements and lists whose shapes agree. */
static int syntax_elem(IrParser *p) {
  const IrTok *t = &p->tok;
  switch (t->kind) {
  case IR_TK_INT:
  case IR_TK_FLOAT:
  case IR_TK_STRING:
    irp_next(p);
    return 0;
  case IR_TK_BARE_ID:
    if (tok_eq(t, "true") || tok_eq(t, "false")) {
      irp_next(p);
      return 0;
    }
    break;
  case IR_TK_MINUS:
    irp_next(p);
    if (t->kind != IR_TK_INT && t->kind != IR_TK_FLOAT)
      return irp_error_at(p, irp_loc_here(p), "expected integer or floating point literal");
    irp_next(p);
    return 0;
  case IR_TK_LPAREN:
    if (irp_enter(p)) return -1;
    irp_next(p);
    if (syntax_elem(p) || irp_expect(p, IR_TK_COMMA, "',' between complex elements") ||
        syntax_elem(p) || irp_expect(p, IR_TK_RPAREN, "')' after complex elements"))
      return -1;
    irp_leave(p);
    return 0;
  default:
    break;
  }
  return irp_error_at(p, irp_loc_here(p), "expected element literal of primitive type");
}

/* The body of `dense<` up to and including its `>`: a hex string, a
 * literal (dense_value without a Dense) or nothing. */
static int skip_dense_body(IrParser *p) {
  int64_t shape[IR_MAX_RANK];
  uint32_t rank;
  if (p->tok.kind == IR_TK_STRING) irp_next(p);
  else if (p->tok.kind != IR_TK_GREATER && dense_value(p, NULL, shape, &rank)) return -1;
  return irp_expect(p, IR_TK_GREATER, "'>'");
}

/* Element k (scalar type sc, `parts` scalars an element) of raw into b. */
static void spell_elem(IrCtx *c, uint32_t sc, int parts, const uint8_t *raw, uint64_t k,
                       Buf *b) {
  char tmp[96];
  if (parts == 2) bputs(b, "(");
  for (int j = 0; j < parts; j++) {
    if (j) bputs(b, ",");
    bput(b, tmp, ir_dense_spell(c, sc, raw, k * (uint64_t)parts + (uint64_t)j, tmp));
  }
  if (parts == 2) bputs(b, ")");
}

/* The elements from *k on, nested by dims[0..rank), as MLIR lists them. */
static void spell_list(IrCtx *c, uint32_t sc, int parts, const uint8_t *raw,
                       const int64_t *dims, uint32_t rank, uint64_t *k, Buf *b) {
  if (!rank) {
    spell_elem(c, sc, parts, raw, (*k)++, b);
    return;
  }
  bputs(b, "[");
  for (int64_t i = 0; i < dims[0]; i++) {
    if (i) bputs(b, ", ");
    spell_list(c, sc, parts, raw, dims + 1, rank - 1, k, b);
  }
  bputs(b, "]");
}

/* The hex form of raw[0..n) (dense.c) appended to b. */
static void put_hex(Buf *b, const uint8_t *raw, size_t n) {
  if (b->n + 2 * n + 4 > b->cap) {
    b->cap = b->n + 2 * n + 4;
    b->s = ir_xrealloc(b->s, b->cap);
  }
  b->n += ir_dense_hex_text(raw, n, b->s + b->n);
}

/* A hex body (the string token at p) for `total` elements of the type
 * (element et, dims[0..rank), an integer, index, float or complex type:
 * for any other a string is a string element), checked as MLIR checks
 * it, into b in the
 * form MLIR prints it: one element if all are equal, a list up to
 * IR_DENSE_HEX_OVER of them, hex beyond. Element types this cannot spell
 * exactly keep the hex (in upper case). */
static int hex_body(IrParser *p, uint32_t type, uint32_t et, const int64_t *dims,
                    uint32_t rank, uint64_t total, uint32_t loc, Buf *b) {
  IrCtx *c = p->ctx;
  const IrTok *t = &p->tok;
  uint32_t w = ir_dense_width(c, et);
  const IrType *ex = ir_type(c, et);
  size_t n = (t->len - 2) / 2;
  uint8_t *raw = t->len >= 2 ? ir_xmalloc(n + 1) : NULL;
  if (t->len < 2 || t->text[0] != '0' || t->text[1] != 'x' ||
      ir_hex_decode(t->text + 2, t->len - 2, raw)) {
    free(raw);
    return irp_error_at(p, irp_loc_here(p), "expected string containing hex digits starting with `0x`");
  }
  /* DenseElementsAttr::isValidRawBuffer */
  int splat = total == 1;
  uint64_t bits = (uint64_t)n * 8;
  int ok;
  if (w == 1) {
    ok = (n == 1 && (raw[0] == 0 || raw[0] == 0xff)) || bits == (total + 7) / 8 * 8;
    if (n == 1 && (raw[0] == 0 || raw[0] == 0xff)) splat = 1;
  } else {
    ok = bits == w || (total <= UINT64_MAX / w && bits == w * total);
    if (bits == w) splat = 1;
  }
  if (!ok) {
    char ts[256];
    ir_type_str(c, type, ts, sizeof ts);
    free(raw);
    return irp_error_at(p, loc, "elements hex data size is invalid for provided type: '%s'", ts);
  }
  uint32_t sc = ir_dense_scalar(c, et);
  int parts = ex->kind == IR_T_COMPLEX ? 2 : 1;
  if (!sc) {
    put_hex(b, raw, n);
  } else {
    uint64_t have = splat ? 1 : total;  /* elements in raw */
    size_t eb = w == 1 ? 0 : w / 8;
    int same = 1;
    for (uint64_t i = 1; same && i < have; i++)
      same = w == 1 ? (raw[i / 8] >> (i % 8) & 1) == (raw[0] & 1)
                    : !memcmp(raw + i * eb, raw, eb);
    if (w == 1 && splat) raw[0] &= 1;  /* 0xff: every bit set, element 0 true */
    if (same || total == 0) {
      if (total) spell_elem(c, sc, parts, raw, 0, b);
    } else if (total <= IR_DENSE_HEX_OVER) {
      uint64_t k = 0;
      spell_list(c, sc, parts, raw, dims, rank, &k, b);
    } else {
      put_hex(b, raw, n);
    }
  }
  free(raw);
  irp_next(p);
  return 0;
}

/* After `dense`, at '<'. The body is kept as MLIR prints it (see
 * hex_body); a literal list of more than IR_DENSE_HEX_OVER elements goes to
 * hex without spelling each (a million f32 elements: ir-asm 0.37 s, of
 * which 42% was spelling floats, and ir-dis printed 14 MB where MLIR
 * prints 8). */
static int dense_attr(IrParser *p, uint32_t hint, uint32_t loc, uint32_t *out) {
  irp_next(p); /* < */
  LexState body, after;
  memset(&after, 0, sizeof after);
  save(p, &body);
  uint32_t type = hint;
  if (!type) {
    if (skip_dense_body(p)) return -1;
    if (irp_expect(p, IR_TK_COLON, "':'") || irp_type(p, &type)) return -1;
    save(p, &after);
    restore(p, &body);
  }
  /* MLIR's parseElementsLiteralType: any shaped type of static shape, a
   * memref among them (mlir-opt-22 keeps `dense<..> : memref<2xf32>`) */
  const IrType *st = ir_type(p->ctx, type);
  if (st->kind == IR_T_UTENSOR || st->kind == IR_T_UMEMREF)
    return irp_error_at(p, loc, "elements literal type must have static shape");
  if (st->kind != IR_T_TENSOR && st->kind != IR_T_VECTOR && st->kind != IR_T_MEMREF)
    return irp_error_at(p, loc, "elements literal must be a shaped type");
  uint32_t trank = st->n;
  int64_t tdims[IR_MAX_RANK];
  /* A rank-0 type has no dims array (NULL): memcpy must not see it. */
  if (trank) memcpy(tdims, ir_type_dims(p->ctx, type), trank * sizeof *tdims);
  for (uint32_t i = 0; i < trank; i++)
    if (tdims[i] == IR_DYN) return irp_error_at(p, loc, "elements literal type must have static shape");
  uint64_t total = 1;  /* saturates: no list is that long */
  for (uint32_t i = 0; i < trank; i++)
    total = __builtin_mul_overflow(total, (uint64_t)tdims[i], &total) ? UINT64_MAX : total;
  Dense d;
  memset(&d, 0, sizeof d);
  d.loc = loc;
  d.elem = st->elem;
  d.scalar = ir_dense_scalar(p->ctx, d.elem);
  d.sw = d.scalar ? ir_dense_width(p->ctx, d.scalar) : 0;
  d.spell = !d.scalar || total <= IR_DENSE_HEX_OVER;
  int64_t shape[IR_MAX_RANK];
  uint32_t rank = 0;
  int is_list = p->tok.kind == IR_TK_LSQUARE;
  int hex = p->tok.kind == IR_TK_STRING;
  int r = 0;
  if (hex && ir_dense_width(p->ctx, d.elem)) {
    r = hex_body(p, type, d.elem, tdims, trank, total, loc, &d.text);
  } else if (hex) {
    bputs(&d.text, "\"");
    bput(&d.text, p->tok.text, p->tok.len);
    bputs(&d.text, "\"");
    irp_next(p);
  } else if (p->tok.kind != IR_TK_GREATER) {
    r = dense_value(p, &d, shape, &rank);
  }
  if (!r) r = irp_expect(p, IR_TK_GREATER, "'>'");
  if (r) {
    free(d.text.s);
    free(d.raw);
    return -1;
  }
  /* MLIR's order: the shape, an empty body, a complex type's count, then
   * the first element that does not fit */
  char ts[256];
  if (is_list && (rank != trank || memcmp(shape, tdims, rank * sizeof *shape) != 0) &&
      !(total == 0 && d.count == 0)) {
    char a[256], b[256];
    shape_str(a, sizeof a, shape, rank);
    shape_str(b, sizeof b, tdims, trank);
    r = irp_error_at(p, loc, "inferred shape of elements literal (%s) does not match type (%s)",
                     a, b);
  } else if (!hex && d.n_parts == 0 && total != 0) {
    ir_type_str(p->ctx, type, ts, sizeof ts);
    r = irp_error_at(p, loc, "parsed zero elements, but type ('%s') expected at least 1", ts);
  } else if (!hex && ir_type(p->ctx, d.elem)->kind == IR_T_COMPLEX &&
             (is_list ? d.n_parts != total * 2 : total != 0 && d.n_parts != 2)) {
    ir_type_str(p->ctx, is_list ? type : d.elem, ts, sizeof ts);
    r = irp_error_at(p, loc, "parsed %llu elements, but type ('%s') expected %llu elements",
                     (unsigned long long)d.n_parts, ts,
                     (unsigned long long)(is_list ? total * 2 : 2));
  } else if (d.err) {
    r = irp_error_at(p, d.err_loc, "%s", d.err);
    if (d.err_note) irp_note_at(p, d.err_loc, "%s", d.err_note);
  }
  if (r) {
    free(d.text.s);
    free(d.raw);
    return -1;
  }
  IrAttr a;
  clear(&a, IR_A_DENSE);
  a.type = type;
  if (hex) a.str = d.text.n ? ir_str(p->ctx, d.text.s, d.text.n) : 0;
  else if (d.count == 0) a.str = 0; /* dense<> */
  else if (d.all_same) a.str = ir_str(p->ctx, d.text.s + d.first, d.first_n);
  else if (d.spell) a.str = ir_str(p->ctx, d.text.s, d.text.n);
  else {
    Buf h = {0};
    uint32_t w = ir_dense_width(p->ctx, d.elem);
    put_hex(&h, d.raw, w == 1 ? (size_t)((total + 7) / 8) : (size_t)(total * (w / 8)));
    a.str = ir_str(p->ctx, h.s, h.n);
    free(h.s);
  }
  free(d.text.s);
  free(d.raw);
  *out = intern(p, &a, NULL, NULL);
  if (!hint) restore(p, &after);
  return 0;
}

/* ====================================================================== */
/* array<T: ...>, strided<...>, affine_map / affine_set                   */
/* ====================================================================== */

static int dense_array(IrParser *p, uint32_t *out) {
  irp_next(p); /* array */
  uint32_t et, at;
  if (irp_expect(p, IR_TK_LESS, "'<' after 'array'")) return -1;
  at = irp_loc_here(p);
  if (irp_type(p, &et)) return -1;
  int fl = is_float_type(p, et);
  if (!fl && ir_type(p->ctx, et)->kind != IR_T_INT) {
    char ts[256];
    ir_type_str(p->ctx, et, ts, sizeof ts);
    return irp_error_at(p, at, "expected integer or float type, got: '%s'", ts);
  }
  int64_t *v = NULL;
  uint32_t n = 0, cap = 0;
  if (irp_consume(p, IR_TK_COLON)) {
    do {
      if (n == cap) {
        if (cap >= IR_MAX_COUNT / 2) return irp_error(p, "too many elements");
        uint32_t nc = cap ? cap * 2 : 16;
        int64_t *b = irp_scratch(p, nc * sizeof *b);
        if (n) memcpy(b, v, n * sizeof *b);
        v = b;
        cap = nc;
      }
      const IrTok *t = &p->tok;
      if (tok_eq(t, "true") || tok_eq(t, "false")) {
        if (ir_type(p->ctx, et)->width != 1 || fl)
          return irp_error(p, "expected integer elements, but parsed boolean");
        v[n++] = t->text[0] == 't';
        irp_next(p);
        continue;
      }
      int neg = 0;
      if (t->kind == IR_TK_MINUS) {
        irp_next(p);
        neg = 1;
      }
      if (p->tok.kind != IR_TK_INT && p->tok.kind != IR_TK_FLOAT)
        return irp_error(p, "expected integer or float literal");
      if (!fl && ir_type(p->ctx, et)->width == 1) {
        /* an i1 takes no numbers: MLIR says so past the number */
        irp_next(p);
        return irp_error(p, "expected 'true' or 'false' values for i1 type");
      }
      if (fl) {
        double d;
        if (number_value(p, neg, et, NULL, &d, NULL)) return -1;
        memcpy(&v[n++], &d, 8);
      } else if (number_value(p, neg, et, &v[n++], NULL, NULL)) {
        return -1;
      }
    } while (irp_consume(p, IR_TK_COMMA));
  }
  if (irp_expect(p, IR_TK_GREATER, "'>' to close an array attribute")) return -1;
  IrAttr a;
  clear(&a, IR_A_DENSE_ARRAY);
  a.type = et;
  a.n = n;
  *out = intern(p, &a, NULL, v);
  return 0;
}

/* int or `?` (IR_DYN), with optional '-' */
static int int_or_dyn(IrParser *p, int64_t *v) {
  if (irp_consume(p, IR_TK_QUESTION)) {
    *v = IR_DYN;
    return 0;
  }
  int r = irp_opt_int(p, v); /* MLIR's own parser: no custom op prefix */
  return r == 1 ? 0 : r < 0 ? -1 : irp_error(p, "expected integer value");
}

static int strided(IrParser *p, uint32_t *out) {
  irp_next(p); /* strided */
  int64_t *v = NULL, off = 0;
  uint32_t n = 0, cap = 0;
  if (irp_expect(p, IR_TK_LESS, "'<'") || irp_expect(p, IR_TK_LSQUARE, "'['")) return -1;
  if (p->tok.kind != IR_TK_RSQUARE) {
    do {
      if (n == cap) {
        if (cap >= IR_MAX_RANK) return irp_error(p, "too many strides");
        uint32_t nc = cap ? cap * 2 : 8;
        int64_t *b = irp_scratch(p, nc * sizeof *b);
        if (n) memcpy(b, v, n * sizeof *b);
        v = b;
        cap = nc;
      }
      if (int_or_dyn(p, &v[n++])) return -1;
    } while (irp_consume(p, IR_TK_COMMA));
  }
  if (irp_expect(p, IR_TK_RSQUARE, "']'")) return -1;
  if (irp_consume(p, IR_TK_COMMA)) {
    if (!irp_consume_kw(p, "offset")) return irp_error(p, "expected 'offset' after comma");
    if (irp_expect(p, IR_TK_COLON, "':' after 'offset'") ||
        int_or_dyn(p, &off))
      return -1;
  }
  if (irp_expect(p, IR_TK_GREATER, "'>'")) return -1;
  IrAttr a;
  clear(&a, IR_A_STRIDED);
  a.ival = off;
  a.n = n;
  *out = intern(p, &a, NULL, v);
  return 0;
}


/* ====================================================================== */
/* Dictionaries, arrays, symbols, opaque attributes                       */
/* ====================================================================== */

int irp_opt_attr_dict(IrParser *p, IrNamedAttr **list, uint32_t *n) {
  *list = NULL;
  *n = 0;
  if (p->tok.kind != IR_TK_LBRACE) return 0;
  if (irp_enter(p)) return -1;
  irp_next(p);
  IrNamedAttr *a = NULL;
  uint32_t k = 0, cap = 0;
  if (p->tok.kind != IR_TK_RBRACE) {
    do {
      uint32_t name;
      const IrTok *t = &p->tok;
      if (t->kind == IR_TK_BARE_ID) name = ir_str(p->ctx, t->text, t->len);
      else if (t->kind == IR_TK_STRING) name = ir_lex_unescape(p->ctx, t->text, t->len);
      else return irp_error(p, "expected attribute name");
      if (t->kind == IR_TK_STRING && ir_str_len(p->ctx, name) == 0)
        return irp_error(p, "expected valid attribute name");
      uint32_t name_loc = irp_loc_here(p);
      irp_next(p);
      uint32_t val;
      if (irp_consume(p, IR_TK_EQUAL)) {
        if (irp_attr(p, 0, &val)) return -1;
      } else {
        val = ir_attr_unit(p->ctx);
      }
      for (uint32_t i = 0; i < k; i++)
        if (a[i].name == name)
          return irp_error_at(p, name_loc, "duplicate key '%s' in dictionary attribute",
                              ir_str_ptr(p->ctx, name));
      if (k == cap) {
        if (cap >= IR_MAX_COUNT / 2) return irp_error(p, "too many attributes");
        uint32_t nc = cap ? cap * 2 : 8;
        IrNamedAttr *b = irp_scratch(p, nc * sizeof *b);
        if (k) memcpy(b, a, k * sizeof *b);
        a = b;
        cap = nc;
      }
      a[k].name = name;
      a[k].attr = val;
      k++;
    } while (irp_consume(p, IR_TK_COMMA));
  }
  if (irp_expect(p, IR_TK_RBRACE, "'}' in attribute dictionary")) return -1;
  irp_leave(p);
  *list = a;
  *n = k;
  return 1;
}

static int array_attr(IrParser *p, uint32_t *out) {
  irp_next(p); /* [ */
  uint32_t *v = NULL, n = 0, cap = 0;
  if (p->tok.kind != IR_TK_RSQUARE) {
    do {
      if (n == cap) {
        if (cap >= IR_MAX_COUNT / 2) return irp_error(p, "too many elements");
        uint32_t nc = cap ? cap * 2 : 8;
        uint32_t *b = irp_scratch(p, nc * sizeof *b);
        if (n) memcpy(b, v, n * sizeof *b);
        v = b;
        cap = nc;
      }
      if (irp_attr(p, 0, &v[n++])) return -1;
    } while (irp_consume(p, IR_TK_COMMA));
  }
  if (irp_expect(p, IR_TK_RSQUARE, "']' to close an array")) return -1;
  IrAttr a;
  clear(&a, IR_A_ARRAY);
  a.n = n;
  *out = intern(p, &a, v, NULL);
  return 0;
}

static int symref(IrParser *p, uint32_t *out) {
  uint32_t root;
  if (irp_symbol(p, &root)) return -1;
  uint32_t *nest = NULL, n = 0, cap = 0;
  while (p->tok.kind == IR_TK_COLON && irp_peek2(p)->kind == IR_TK_COLON &&
         p->tok2.text == p->tok.text + 1) {
    irp_next(p);
    irp_next(p);
    if (n == cap) {
      if (cap >= IR_MAX_COUNT / 2) return irp_error(p, "too many nested references");
      uint32_t nc = cap ? cap * 2 : 4;
      uint32_t *b = irp_scratch(p, nc * sizeof *b);
      if (n) memcpy(b, nest, n * sizeof *b);
      nest = b;
      cap = nc;
    }
    if (irp_symbol(p, &nest[n++])) return -1;
  }
  IrAttr a;
  clear(&a, IR_A_SYMREF);
  a.str = root;
  a.n = n;
  *out = intern(p, &a, nest, NULL);
  return 0;
}

/* An opaque attribute spelled from `start` to the end of the current
 * token, with an optional `<...>` body right after it. */
static int opaque_attr(IrParser *p, const char *start, uint32_t *out) {
  const char *end = p->tok.text + p->tok.len;
  irp_next(p);
  if (p->tok.kind == IR_TK_LESS && p->tok.text == end && irp_skip_body(p, &end)) return -1;
  if (irp_check_dialect(p, start, (size_t)(end - start))) return -1;
  IrAttr a;
  clear(&a, IR_A_OPAQUE);
  a.str = ir_str(p->ctx, start, (size_t)(end - start));
  *out = intern(p, &a, NULL, NULL);
  return 0;
}

/* `: type` suffix when no type hint applies. */
static int opt_type_suffix(IrParser *p, uint32_t hint, uint32_t *type) {
  *type = hint;
  if (hint || p->tok.kind != IR_TK_COLON) return 0;
  irp_next(p);
  return irp_type(p, type);
}

static int attr_inner(IrParser *p, uint32_t hint, uint32_t *out) {
  const IrTok *t = &p->tok;
  IrAttr a;
  switch (t->kind) {
  case IR_TK_MINUS:
  case IR_TK_INT:
  case IR_TK_FLOAT: {
    int neg = t->kind == IR_TK_MINUS;
    IrTok num = neg ? *irp_peek2(p) : *t;
    if (num.kind != IR_TK_INT && num.kind != IR_TK_FLOAT)
      return irp_error(p, "expected constant integer or floating point value");
    /* the type comes after the literal: read it first */
    LexState lit;
    if (neg) irp_next(p);
    save(p, &lit);
    irp_next(p);
    uint32_t type;
    if (opt_type_suffix(p, hint, &type)) return -1;
    if (!type) type = num.kind == IR_TK_INT ? ir_type_int(p->ctx, 64)
                                            : ir_type_float(p->ctx, IR_F64);
    /* `arith.constant 0 : index` and the like repeat: the attribute is a
     * function of the literal's spelling and the type (the lexer's
     * padding makes the 16-byte read safe) */
    uint32_t key[7];
    int memo = num.len <= 16;
    if (memo) {
      uint64_t w[2] = {0, 0};
      memcpy(w, num.text, 16);
      if (num.len < 16) {
        unsigned char *b = (unsigned char *)w;
        memset(b + num.len, 0, 16 - num.len);
      }
      key[0] = IRP_MEMO_HOOKS + 1;
      key[1] = (uint32_t)neg | (uint32_t)num.kind << 1 | num.len << 8;
      key[2] = (uint32_t)w[0];
      key[3] = (uint32_t)(w[0] >> 32);
      key[4] = (uint32_t)w[1];
      key[5] = (uint32_t)(w[1] >> 32);
      key[6] = type;
      uint32_t id = irp_memo_find(p, key, 7);
      if (id) {
        *out = id;
        return 0;
      }
    }
    LexState after;
    save(p, &after);
    restore(p, &lit);
    if (is_float_type(p, type)) {
      clear(&a, IR_A_FLOAT);
      if (number_value(p, neg, type, NULL, &a.fval, after.tok.text)) return -1;
      a.type = type;
    } else {
      int64_t v;
      if (number_value(p, neg, type, &v, NULL, after.tok.text)) return -1;
      const IrType *x = ir_type(p->ctx, type);
      if (x->kind == IR_T_INT && x->width == 1 && x->sub == IR_SIGNLESS) {
        *out = ir_attr_bool(p->ctx, v != 0);
        restore(p, &after);
        if (memo && *out) irp_memo_store(p, key, 7, *out);
        return 0;
      }
      clear(&a, IR_A_INT);
      a.ival = v;
      /* only signless i64 is the default type (ir_type_is_int takes ui64 and
       * si64 too, which lost their signedness here) */
      a.type = type == ir_type_int(p->ctx, 64) ? 0 : type;
    }
    restore(p, &after);
    *out = intern(p, &a, NULL, NULL);
    if (memo && *out) irp_memo_store(p, key, 7, *out);
    return 0;
  }
  case IR_TK_STRING: {
    clear(&a, IR_A_STRING);
    a.str = ir_lex_unescape(p->ctx, t->text, t->len);
    irp_next(p);
    if (p->tok.kind == IR_TK_COLON && !hint) {
      irp_next(p);
      if (irp_type(p, &a.type)) return -1;
    }
    *out = intern(p, &a, NULL, NULL);
    return 0;
  }
  case IR_TK_LSQUARE: return array_attr(p, out);
  case IR_TK_LBRACE: {
    IrNamedAttr *l;
    uint32_t n;
    if (irp_opt_attr_dict(p, &l, &n) < 0) return -1;
    clear(&a, IR_A_DICT);
    if (!n) {
      *out = intern(p, &a, NULL, NULL);
      return 0;
    }
    *out = irp_dict(p, l, n);
    return 0;
  }
  case IR_TK_AT_ID: return symref(p, out);
  case IR_TK_HASH_ID: {
    const char *start = t->text - 1;
    int dotted = memchr(t->text, '.', t->len) != NULL;
    int body = irp_peek2(p)->kind == IR_TK_LESS && p->tok2.text == t->text + t->len;
    if (dotted) {
      int r = ir_syntax_arith_flags_attr(p, out);
      if (r) return r < 0 ? -1 : 0;
    }
    if (dotted || body) return opaque_attr(p, start, out);
    IrTok name = *t;
    uint32_t id = irp_alias_attr(p, ir_str(p->ctx, t->text, t->len));
    irp_next(p); /* MLIR reports an undefined alias after it */
    if (id == IR_NONE)
      return irp_error(p, "undefined symbol alias id '%.*s'", (int)name.len, name.text);
    *out = id;
    return 0;
  }
  case IR_TK_BANG_ID:
  case IR_TK_LPAREN:
    break; /* a type */
  case IR_TK_BARE_ID:
    if (tok_eq(t, "true") || tok_eq(t, "false")) {
      *out = ir_attr_bool(p->ctx, t->text[0] == 't');
      irp_next(p);
      return 0;
    }
    if (tok_eq(t, "unit")) {
      *out = ir_attr_unit(p->ctx);
      irp_next(p);
      return 0;
    }
    if (tok_eq(t, "dense") && irp_peek2(p)->kind == IR_TK_LESS) {
      uint32_t loc = irp_lazy_loc(p, t->text);
      irp_next(p);
      return dense_attr(p, hint, loc, out);
    }
    if (tok_eq(t, "array") && irp_peek2(p)->kind == IR_TK_LESS) return dense_array(p, out);
    if (tok_eq(t, "strided") && irp_peek2(p)->kind == IR_TK_LESS) return strided(p, out);
    if (tok_eq(t, "affine_map")) return irp_affine(p, IR_A_AFFINE_MAP, out);
    if (tok_eq(t, "affine_set")) return irp_affine(p, IR_A_AFFINE_SET, out);
    if (tok_eq(t, "dense_resource") || tok_eq(t, "sparse") || tok_eq(t, "distinct") ||
        tok_eq(t, "opaque")) {
      /* kept verbatim with their `: type` */
      const char *start = t->text;
      int resource = tok_eq(t, "dense_resource");
      if (tok_eq(t, "distinct")) {
        irp_next(p);
        if (irp_expect(p, IR_TK_LSQUARE, "'['") || p->tok.kind != IR_TK_INT) return irp_error(p, "expected distinct ID");
        irp_next(p);
        if (p->tok.kind != IR_TK_RSQUARE) return irp_error(p, "expected ']'");
      }
      const char *end = p->tok.text + p->tok.len;
      irp_next(p);
      if (p->tok.kind == IR_TK_LESS && irp_skip_body(p, &end)) return -1;
      clear(&a, IR_A_OPAQUE);
      a.str = ir_str(p->ctx, start, (size_t)(end - start));
      if (resource) {
        /* MLIR's parseDenseResourceElementsAttr: a type is required, and
         * must be shaped (reported at the colon, or at the keyword when
         * the type came from the context) */
        uint32_t at = irp_lazy_loc(p, hint ? start : p->tok.text);
        if (!hint && irp_expect(p, IR_TK_COLON, "':'")) return -1;
        a.type = hint;
        if (!hint && irp_type(p, &a.type)) return -1;
        if (!is_shaped(p->ctx, a.type))
          return irp_error_at(p, at, "`dense_resource` expected a shaped type");
      } else if (opt_type_suffix(p, hint, &a.type)) {
        return -1;
      }
      *out = intern(p, &a, NULL, NULL);
      return 0;
    }
    if (irp_at_type(p)) break;
    return irp_error(p, "expected attribute value");
  default:
    return irp_error(p, "expected attribute value");
  }
  clear(&a, IR_A_TYPE);
  if (irp_type(p, &a.type)) return -1;
  *out = intern(p, &a, NULL, NULL);
  return 0;
}

int irp_attr(IrParser *p, uint32_t type_hint, uint32_t *attr) {
  if (irp_enter(p)) return -1;
  int r = attr_inner(p, type_hint, attr);
  irp_leave(p);
  if (!r && !*attr && !p->failed) return irp_error(p, "invalid attribute");
  return r;
}

/* ====================================================================== */
/* Locations                                                              */
/* ====================================================================== */

static int loc_inst(IrParser *p, uint32_t *out);

/* MLIR's FusedLoc::get: members that are fused locations with the same
 * metadata are flattened, unknown members dropped and duplicates removed
 * (first occurrence kept); nothing left is `unknown` (or fused<md>[unknown]
 * to keep the metadata), and a single member without metadata stands for
 * itself. l->n members in v; v is reused. */
static int fused_canonical(IrParser *p, IrLoc *l, uint32_t *v, uint32_t *out) {
  IrCtx *c = p->ctx;
  uint64_t total = 0;
  for (uint32_t i = 0; i < l->n; i++) {
    const IrLoc *x = ir_loc(c, v[i]);
    total += x->kind == IR_L_FUSED && x->b == l->b ? x->n : 1;
  }
  if (total > IR_MAX_COUNT / 2) return irp_error(p, "too many locations");
  /* a set of the members taken so far: open addressing, 2x..4x slots */
  uint32_t cap = 4;
  while (cap < 2 * total) cap *= 2;
  uint32_t *set = irp_scratch(p, cap * sizeof *set);
  uint32_t *w = irp_scratch(p, (total ? total : 1) * sizeof *w), n = 0;
  memset(set, 0, cap * sizeof *set);
  for (uint32_t i = 0; i < l->n; i++) {
    const IrLoc *x = ir_loc(c, v[i]);
    int flat = x->kind == IR_L_FUSED && x->b == l->b;
    const uint32_t *mem = flat ? ir_loc_list(c, v[i]) : &v[i];
    for (uint32_t k = 0, nk = flat ? x->n : 1; k < nk; k++) {
      uint32_t id = mem[k];
      if (!id) continue;  /* unknown */
      uint32_t h = (id * 0x9E3779B1u) & (cap - 1);
      while (set[h] && set[h] != id) h = (h + 1) & (cap - 1);
      if (set[h]) continue;
      set[h] = id;
      w[n++] = id;
    }
  }
  if (!n && !l->b) {
    *out = 0;
    return 0;
  }
  if (n == 1 && !l->b) {
    *out = w[0];
    return 0;
  }
  if (!n) w[n++] = 0;  /* fused<md>[unknown] */
  l->n = n;
  *out = ir_loc_intern(c, l, w);
  return 0;
}

static int loc_inner(IrParser *p, uint32_t *out) {
  const IrTok *t = &p->tok;
  IrLoc l;
  memset(&l, 0, sizeof l);
  if (t->kind == IR_TK_HASH_ID) {
    uint32_t name = ir_str(p->ctx, t->text, t->len);
    uint32_t id = irp_alias_loc(p, name);
    if (id == IR_NONE) {
      if (irp_alias_attr(p, name) != IR_NONE)
        return irp_error(p, "expected location, but '#%.*s' is not a location alias",
                         (int)t->len, t->text);
      if (irp_loc_alias_ahead(p, name, &id)) return -1;
    }
    irp_next(p);
    *out = id;
    return 0;
  }
  if (tok_eq(t, "unknown")) {
    irp_next(p);
    *out = 0;
    return 0;
  }
  if (tok_eq(t, "callsite")) {
    irp_next(p);
    l.kind = IR_L_CALLSITE;
    if (irp_expect(p, IR_TK_LPAREN, "'(' in callsite location") || loc_inst(p, &l.a) ||
        (!irp_consume_kw(p, "at") && irp_error(p, "expected 'at'")) || loc_inst(p, &l.b) ||
        irp_expect(p, IR_TK_RPAREN, "')' in callsite location"))
      return -1;
    *out = ir_loc_intern(p->ctx, &l, NULL);
    return 0;
  }
  if (tok_eq(t, "fused")) {
    irp_next(p);
    l.kind = IR_L_FUSED;
    if (irp_consume(p, IR_TK_LESS)) {
      if (irp_attr(p, 0, &l.b) || irp_expect(p, IR_TK_GREATER, "'>' after fused location metadata"))
        return -1;
    }
    if (irp_expect(p, IR_TK_LSQUARE, "'[' in fused location")) return -1;
    uint32_t *v = NULL, cap = 0;
    if (p->tok.kind != IR_TK_RSQUARE) {
      do {
        if (l.n == cap) {
          if (cap >= IR_MAX_COUNT / 2) return irp_error(p, "too many locations");
          uint32_t nc = cap ? cap * 2 : 4;
          uint32_t *b = irp_scratch(p, nc * sizeof *b);
          if (l.n) memcpy(b, v, l.n * sizeof *b);
          v = b;
          cap = nc;
        }
        if (loc_inst(p, &v[l.n++])) return -1;
      } while (irp_consume(p, IR_TK_COMMA));
    }
    if (irp_expect(p, IR_TK_RSQUARE, "']' in fused location")) return -1;
    return fused_canonical(p, &l, v, out);
  }
  if (t->kind == IR_TK_STRING) {
    uint32_t s = ir_lex_unescape(p->ctx, t->text, t->len);
    irp_next(p);
    if (irp_consume(p, IR_TK_COLON)) {
      int64_t line, col = 0;
      if (p->tok.kind != IR_TK_INT || irp_int(p, &line))
        return irp_error(p, "expected integer line number in FileLineColLoc");
      if (irp_consume(p, IR_TK_COLON)) {
        if (p->tok.kind != IR_TK_INT || irp_int(p, &col))
          return irp_error(p, "expected integer column number in FileLineColLoc");
      }
      if (line > UINT32_MAX || col > UINT32_MAX) return irp_error(p, "location out of range");
      *out = ir_loc_file(p->ctx, s, (uint32_t)line, (uint32_t)col);
      return 0;
    }
    l.kind = IR_L_NAME;
    l.a = s;
    if (irp_consume(p, IR_TK_LPAREN)) {
      if (loc_inst(p, &l.b) || irp_expect(p, IR_TK_RPAREN, "')' after child location of NameLoc"))
        return -1;
    }
    *out = ir_loc_intern(p->ctx, &l, NULL);
    return 0;
  }
  return irp_error(p, "expected location instance");
}

static int loc_inst(IrParser *p, uint32_t *out) {
  if (irp_enter(p)) return -1;
  int r = loc_inner(p, out);
  irp_leave(p);
  return r;
}

int irp_loc_body(IrParser *p, uint32_t *loc) {
  if (loc_inst(p, loc)) return -1;
  return irp_expect(p, IR_TK_RPAREN, "')' in location");
}

int irp_opt_loc_slow(IrParser *p, uint32_t *loc) {
  if (!tok_eq(&p->tok, "loc") || irp_peek2(p)->kind != IR_TK_LPAREN) return 0;
  irp_next(p);
  irp_next(p);
  return irp_loc_body(p, loc) ? -1 : 1;
}
