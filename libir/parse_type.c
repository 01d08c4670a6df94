/*
 * parse_type.c - MLIR types: integers, index, floats, none, memref, tensor,
 * vector, complex, tuple, function types, `!alias` and dialect types (kept
 * as opaque spellings).
 */
#include <stdlib.h>

#include "irint.h"

/* Float type names; the f8 variants without an IrFloatKind become opaque
 * types spelled as written (printed back verbatim). */
static const struct { const char *name; int kind; } floats[] = {
    {"f16", IR_F16},   {"bf16", IR_BF16}, {"f32", IR_F32},   {"f64", IR_F64},
    {"f80", IR_F80},   {"f128", IR_F128}, {"tf32", IR_TF32},
    {"f8E4M3FN", IR_F8E4M3FN}, {"f8E5M2", IR_F8E5M2},
    {"f8E5M2FNUZ", -1}, {"f8E4M3FNUZ", -1}, {"f8E4M3B11FNUZ", -1}, {"f8E4M3", -1},
    {"f8E3M4", -1}, {"f8E8M0FNU", -1}, {"f4E2M1FN", -1}, {"f6E2M3FN", -1},
    {"f6E3M2FN", -1},
};

static int tok_eq(const IrTok *t, const char *s) {
  size_t n = strlen(s);
  return t->len == n && memcmp(t->text, s, n) == 0;
}

/* Width of `iN`/`siN`/`uiN` spellings, 0 if not one. */
static uint32_t int_width(const IrTok *t, int *sign) {
  const char *s = t->text;
  uint32_t n = t->len, i;
  if (n >= 2 && s[0] == 'i') i = 1, *sign = IR_SIGNLESS;
  else if (n >= 3 && s[0] == 's' && s[1] == 'i') i = 2, *sign = IR_SIGNED;
  else if (n >= 3 && s[0] == 'u' && s[1] == 'i') i = 2, *sign = IR_UNSIGNED;
  else return 0;
  if (s[i] == '0' && n > i + 1) return 0;
  uint64_t w = 0;
  for (; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return 0;
    w = w * 10 + (uint64_t)(s[i] - '0');
    if (w > 0xffffffffu) return 0xffffffffu;
  }
  return (uint32_t)w;
}

int irp_at_type(IrParser *p) {
  const IrTok *t = &p->tok;
  if (t->kind == IR_TK_BANG_ID || t->kind == IR_TK_LPAREN) return 1;
  if (t->kind != IR_TK_BARE_ID) return 0;
  switch (t->text[0]) { /* quick reject of ordinary keywords */
  case 'i': case 's': case 'u': case 'f': case 'b': case 't': case 'n':
  case 'm': case 'v': case 'c':
    break;
  default:
    return 0;
  }
  int sign;
  if (int_width(t, &sign)) return 1;
  static const char *const kw[] = {"index", "none", "memref", "tensor", "vector",
                                   "complex", "tuple"};
  for (size_t i = 0; i < sizeof kw / sizeof *kw; i++)
    if (tok_eq(t, kw[i])) return 1;
  for (size_t i = 0; i < sizeof floats / sizeof *floats; i++)
    if (tok_eq(t, floats[i].name)) return 1;
  return 0;
}

static uint32_t simple(IrParser *p, IrTypeKind k) {
  IrType t;
  memset(&t, 0, sizeof t);
  t.kind = (uint8_t)k;
  return ir_type_intern(p->ctx, &t, NULL, NULL);
}

static uint32_t opaque(IrParser *p, const char *s, size_t n) {
  IrType t;
  memset(&t, 0, sizeof t);
  t.kind = IR_T_OPAQUE;
  t.text = ir_str(p->ctx, s, n);
  return ir_type_intern(p->ctx, &t, NULL, NULL);
}

/* ---------------------------------------------------------------------- */
/* Dimension lists: `4x?x[8]x` (MLIR lexes `4x8xf32` as 4, x8xf32 and     */
/* splits the bare id after its `x`)                                      */
/* ---------------------------------------------------------------------- */

static int expect_x(IrParser *p) {
  const IrTok *t = &p->tok;
  if (t->kind != IR_TK_BARE_ID || t->text[0] != 'x')
    return irp_error(p, "expected 'x' in dimension list");
  if (t->len == 1) irp_next(p);
  else ir_lex_reset(p, t->text + 1);
  return 0;
}

/* One integer dimension; handles `0xf32` (lexed as a hex integer). */
static int dim_int(IrParser *p, int64_t *v) {
  const IrTok *t = &p->tok;
  if (t->len > 1 && t->text[1] == 'x') { /* 0x... : the 0, then relex x... */
    *v = 0;
    ir_lex_reset(p, t->text + 1);
    return 0;
  }
  uint64_t u;
  if (irp_tok_u64(t, &u) || u > (uint64_t)INT64_MAX) return irp_error(p, "invalid dimension");
  *v = (int64_t)u;
  irp_next(p);
  return 0;
}

/* Dims up to the element type. */
static int dims(IrParser *p, int dynamic, int scalable_ok, int64_t *out, uint32_t *n,
                uint64_t *scalable) {
  *n = 0;
  *scalable = 0;
  for (;;) {
    const IrTok *t = &p->tok;
    int64_t v;
    if (t->kind == IR_TK_INT) {
      if (dim_int(p, &v)) return -1;
    } else if (t->kind == IR_TK_QUESTION) {
      if (!dynamic) return irp_error(p, "expected static shape");
      v = IR_DYN;
      irp_next(p);
    } else if (t->kind == IR_TK_LSQUARE && scalable_ok) {
      irp_next(p);
      if (p->tok.kind != IR_TK_INT) return irp_error(p, "expected integer value");
      if (dim_int(p, &v) || irp_expect(p, IR_TK_RSQUARE, "']'")) return -1;
      if (*n < 64) *scalable |= (uint64_t)1 << *n;
    } else {
      return 0;
    }
    if (*n >= IR_MAX_RANK) return irp_error(p, "too many dimensions");
    out[(*n)++] = v;
    if (expect_x(p)) return -1;
  }
}

/* ---------------------------------------------------------------------- */
/* Shaped types                                                           */
/* ---------------------------------------------------------------------- */

static int is_layout(IrParser *p, uint32_t a) {
  IrAttrKind k = ir_attr(p->ctx, a)->kind;
  return k == IR_A_AFFINE_MAP || k == IR_A_STRIDED;
}

/* `(d0, d1) -> (d0, d1)` with `rank` dims: the identity layout MLIR drops. */
static int identity_map(IrParser *p, uint32_t a, uint32_t rank) {
  const IrAttr *x = ir_attr(p->ctx, a);
  if (x->kind != IR_A_AFFINE_MAP) return 0;
  char buf[64 * 8 + 32], *o = buf;
  for (int side = 0; side < 2; side++) {
    *o++ = '(';
    for (uint32_t i = 0; i < rank; i++) o += sprintf(o, i ? ", d%u" : "d%u", i);
    *o++ = ')';
    if (!side) o += sprintf(o, " -> ");
  }
  return (size_t)(o - buf) == ir_str_len(p->ctx, x->str) &&
         memcmp(buf, ir_str_ptr(p->ctx, x->str), (size_t)(o - buf)) == 0;
}

/* Where the current token starts: a sigil's id token starts after it. */
static const char *tok_start(const IrParser *p) {
  IrTokKind k = p->tok.kind;
  return k == IR_TK_BANG_ID || k == IR_TK_HASH_ID || k == IR_TK_PERCENT_ID ||
                 k == IR_TK_CARET_ID || k == IR_TK_STRING
             ? p->tok.text - 1 : p->tok.text;
}

/* The element type of a `kind` type, checked as MLIR's type verifiers do;
 * an error at `at` (the element, or for vector the keyword). */
static int elem_type(IrParser *p, IrTypeKind kind, const char *at, uint32_t *elem) {
  const char *here = tok_start(p);
  if (irp_type(p, elem)) return -1;
  const char *msg = ir_type_elem_error(p->ctx, kind, *elem);
  if (msg) return irp_error_at(p, irp_lazy_loc(p, kind == IR_T_VECTOR ? at : here), "%s", msg);
  return 0;
}

static int shaped(IrParser *p, IrTypeKind kind, uint32_t *out) {
  const char *kw = p->tok.text;
  uint32_t kw_loc = irp_loc_here(p); /* lazy: costs nothing until used */
  irp_next(p); /* the keyword */
  if (irp_expect(p, IR_TK_LESS, kind == IR_T_MEMREF ? "'<' in memref type" :
                 kind == IR_T_TENSOR ? "'<' in tensor type" : "'<' in vector type"))
    return -1;
  IrType t;
  memset(&t, 0, sizeof t);
  int64_t d[IR_MAX_RANK];
  uint32_t n = 0;
  int unranked = 0;
  if (kind != IR_T_VECTOR && p->tok.kind == IR_TK_STAR) {
    irp_next(p);
    if (expect_x(p)) return -1;
    unranked = 1;
  } else if (dims(p, kind != IR_T_VECTOR, kind == IR_T_VECTOR, d, &n, &t.scalable)) {
    return -1;
  }
  /* VectorType::verify, at the keyword: every size positive, scalable or
   * not, and the message lists them all */
  for (uint32_t i = 0; kind == IR_T_VECTOR && i < n; i++)
    if (d[i] <= 0) {
      char got[IR_MAX_RANK * 22];
      size_t k = 0;
      for (uint32_t j = 0; j < n; j++)
        k += (size_t)snprintf(got + k, sizeof got - k, "%s%lld", j ? ", " : "",
                              (long long)d[j]);
      return irp_error_at(p, kw_loc, "vector types must have positive constant "
                          "sizes but got %s", got);
    }
  if (elem_type(p, kind, kw, &t.elem)) return -1;
  if (kind == IR_T_MEMREF) {
    while (irp_consume(p, IR_TK_COMMA)) {
      uint32_t a;
      if (irp_attr(p, 0, &a)) return -1;
      if (is_layout(p, a)) {
        if (unranked) return irp_error(p, "cannot have affine map for unranked memref type");
        if (t.space) return irp_error(p, "expected memory space to be last in memref type");
        t.layout = a;
      } else {
        if (t.space) return irp_error(p, "multiple memory spaces specified in memref type");
        t.space = a;
      }
    }
    char buf[96];
    const char *msg = ir_memref_error(p->ctx, n, t.layout, t.space, buf, sizeof buf);
    if (msg) return irp_error_at(p, irp_lazy_loc(p, kw), "%s", msg);
    const IrAttr *s = t.space ? ir_attr(p->ctx, t.space) : NULL;
    if (s && s->kind == IR_A_INT && s->ival == 0) t.space = 0; /* default space */
    if (t.layout && identity_map(p, t.layout, n)) t.layout = 0;
  } else if (kind == IR_T_TENSOR && !unranked && irp_consume(p, IR_TK_COMMA)) {
    if (irp_attr(p, 0, &t.layout)) return -1;
  }
  if (irp_expect(p, IR_TK_GREATER, kind == IR_T_MEMREF ? "',' or '>' in memref type" :
                 kind == IR_T_TENSOR ? "'>' in tensor type" : "'>' in vector type"))
    return -1;
  t.kind = (uint8_t)(unranked ? (kind == IR_T_MEMREF ? IR_T_UMEMREF : IR_T_UTENSOR) : kind);
  t.n = n;
  *out = ir_type_intern(p->ctx, &t, d, NULL);
  return 0;
}

/* ---------------------------------------------------------------------- */
/* Lists and function types                                               */
/* ---------------------------------------------------------------------- */

/* Comma separated types up to `close` (not consumed); empty allowed. */
static int list_until(IrParser *p, IrTokKind close, uint32_t **types, uint32_t *n) {
  uint32_t *a = NULL, k = 0, cap = 0;
  if (p->tok.kind != close) {
    do {
      if (k == cap) {
        if (cap >= IR_MAX_COUNT / 2) return irp_error(p, "too many types");
        uint32_t nc = cap ? cap * 2 : 8;
        uint32_t *b = irp_scratch(p, nc * sizeof *b);
        if (k) memcpy(b, a, k * sizeof *b);
        a = b;
        cap = nc;
      }
      if (irp_type(p, &a[k])) return -1;
      k++;
    } while (irp_consume(p, IR_TK_COMMA));
  }
  *types = a;
  *n = k;
  return 0;
}

int irp_type_list(IrParser *p, uint32_t **types, uint32_t *n) {
  *types = NULL;
  *n = 0;
  if (!irp_at_type(p)) return 0;
  uint32_t *a = NULL, k = 0, cap = 0;
  do {
    if (k == cap) {
      if (cap >= IR_MAX_COUNT / 2) return irp_error(p, "too many types");
      uint32_t nc = cap ? cap * 2 : 8;
      uint32_t *b = irp_scratch(p, nc * sizeof *b);
      if (k) memcpy(b, a, k * sizeof *b);
      a = b;
      cap = nc;
    }
    if (irp_type(p, &a[k])) return -1;
    k++;
  } while (irp_consume(p, IR_TK_COMMA));
  *types = a;
  *n = k;
  return 0;
}

int irp_type_list_parens(IrParser *p, uint32_t **types, uint32_t *n) {
  if (irp_consume(p, IR_TK_LPAREN)) {
    if (list_until(p, IR_TK_RPAREN, types, n)) return -1;
    return irp_expect(p, IR_TK_RPAREN, "')'");
  }
  uint32_t *a = irp_scratch(p, sizeof *a);
  if (irp_type(p, a)) return -1;
  *types = a;
  *n = 1;
  return 0;
}

/* After the inputs `( ... )` of a function type: `-> results`. */
static int function_rest(IrParser *p, uint32_t *ins, uint32_t nin, uint32_t *out) {
  if (irp_expect(p, IR_TK_ARROW, "'->' in function type")) return -1;
  uint32_t *res, nres;
  if (p->tok.kind == IR_TK_LPAREN) {
    irp_next(p);
    if (list_until(p, IR_TK_RPAREN, &res, &nres) ||
        irp_expect(p, IR_TK_RPAREN, "')'"))
      return -1;
  } else {
    res = irp_scratch(p, sizeof *res);
    nres = 1;
    if (p->tok.kind == IR_TK_LPAREN || irp_type(p, res)) return -1;
  }
  *out = ir_type_func(p->ctx, nin, ins, nres, res);
  return 0;
}

int irp_function_type(IrParser *p, uint32_t *type) {
  if (p->tok.kind != IR_TK_LPAREN) return irp_error(p, "expected function type");
  uint32_t t;
  if (irp_type(p, &t)) return -1;
  if (ir_type(p->ctx, t)->kind != IR_T_FUNC) return irp_error(p, "expected function type");
  *type = t;
  return 0;
}

/* `!alias`, `!dialect.type`, `!dialect.type<body>`, `!dialect<body>`. */
int irp_check_dialect(IrParser *p, const char *s, size_t n) {
  if (p->allow_unregistered) return 0;
  if (ir_dialect_known(s + 1, n - 1)) return 0;
  size_t k = 1;
  while (k < n && s[k] != '.' && s[k] != '<') k++;
  /* MLIR names it as an OpaqueType/OpaqueAttr would print: the dialect,
   * then the rest of a pretty spelling or the body of a `<...>` one; it
   * points at the former's rest, at the latter's sigil */
  const char *data = s + n, *at = s;
  size_t dn = 0;
  if (k < n && s[k] == '.') data = at = s + k + 1, dn = n - k - 1;
  else if (k + 1 < n && s[k] == '<') data = s + k + 1, dn = n - k - 2;
  return irp_error_at(p, irp_lazy_loc(p, at),
                      "%s%c\"%.*s\"<\"%.*s\">%s %s created with unregistered dialect. If this is "
                      "intended, please call allowUnregisteredDialects() on the MLIRContext, "
                      "or use -allow-unregistered-dialect with the MLIR opt tool used",
                      s[0] == '!' ? "`" : "", s[0], (int)(k - 1), s + 1, (int)dn, data,
                      s[0] == '!' ? "`" : " : 'none'", s[0] == '!' ? "type" : "attribute");
}

static int bang_type(IrParser *p, uint32_t *out) {
  const IrTok t = p->tok;
  const char *start = t.text - 1;
  int dotted = memchr(t.text, '.', t.len) != NULL;
  irp_next(p);
  if (p->tok.kind == IR_TK_LESS && p->tok.text == t.text + t.len) {
    const char *end;
    if (irp_skip_body(p, &end) || irp_check_dialect(p, start, (size_t)(end - start))) return -1;
    *out = opaque(p, start, (size_t)(end - start));
    return 0;
  }
  if (dotted) {
    if (irp_check_dialect(p, start, t.len + 1)) return -1;
    *out = opaque(p, start, t.len + 1);
    return 0;
  }
  uint32_t id = irp_alias_type(p, ir_str(p->ctx, t.text, t.len));
  if (id == IR_NONE)
    /* MLIR's emitWrongTokenError: at the token after the alias */
    return irp_error(p, "undefined symbol alias id '%.*s'", (int)t.len, t.text);
  *out = id;
  return 0;
}

static int type_inner(IrParser *p, uint32_t *out) {
  const IrTok *t = &p->tok;
  if (t->kind == IR_TK_LPAREN) {
    irp_next(p);
    uint32_t *ins, nin;
    if (list_until(p, IR_TK_RPAREN, &ins, &nin) ||
        irp_expect(p, IR_TK_RPAREN, "')'"))
      return -1;
    return function_rest(p, ins, nin, out);
  }
  if (t->kind == IR_TK_BANG_ID) return bang_type(p, out);
  if (t->kind != IR_TK_BARE_ID) return irp_error(p, "expected non-function type");
  int sign;
  uint32_t w = int_width(t, &sign);
  if (w) {
    if (w > 16777215u) return irp_error(p, "integer bitwidth is limited to 16777215 bits");
    IrType x;
    memset(&x, 0, sizeof x);
    x.kind = IR_T_INT;
    x.sub = (uint8_t)sign;
    x.width = w;
    /* ir_type_int caches the common signless widths */
    *out = sign == IR_SIGNLESS ? ir_type_int(p->ctx, w) : ir_type_intern(p->ctx, &x, NULL, NULL);
    irp_next(p);
    return 0;
  }
  for (size_t i = 0; i < sizeof floats / sizeof *floats; i++) {
    if (!tok_eq(t, floats[i].name)) continue;
    *out = floats[i].kind >= 0 ? ir_type_float(p->ctx, (IrFloatKind)floats[i].kind)
                               : opaque(p, t->text, t->len);
    irp_next(p);
    return 0;
  }
  if (tok_eq(t, "index")) {
    *out = ir_type_index(p->ctx);
    irp_next(p);
    return 0;
  }
  if (tok_eq(t, "none")) {
    *out = simple(p, IR_T_NONE);
    irp_next(p);
    return 0;
  }
  if (tok_eq(t, "memref")) return shaped(p, IR_T_MEMREF, out);
  if (tok_eq(t, "tensor")) return shaped(p, IR_T_TENSOR, out);
  if (tok_eq(t, "vector")) return shaped(p, IR_T_VECTOR, out);
  if (tok_eq(t, "complex")) {
    irp_next(p);
    IrType x;
    memset(&x, 0, sizeof x);
    x.kind = IR_T_COMPLEX;
    if (irp_expect(p, IR_TK_LESS, "'<' in complex type") ||
        elem_type(p, IR_T_COMPLEX, NULL, &x.elem) ||
        irp_expect(p, IR_TK_GREATER, "'>' in complex type"))
      return -1;
    *out = ir_type_intern(p->ctx, &x, NULL, NULL);
    return 0;
  }
  if (tok_eq(t, "tuple")) {
    irp_next(p);
    uint32_t *mem, n;
    if (irp_expect(p, IR_TK_LESS, "'<' in tuple type") ||
        list_until(p, IR_TK_GREATER, &mem, &n) ||
        irp_expect(p, IR_TK_GREATER, "'>' in tuple type"))
      return -1;
    IrType x;
    memset(&x, 0, sizeof x);
    x.kind = IR_T_TUPLE;
    x.n = n;
    *out = ir_type_intern(p->ctx, &x, NULL, mem);
    return 0;
  }
  return irp_error(p, "expected non-function type");
}

/* Extent of a builtin type spelling starting at the current bare id: the
 * id, or through the `>` matching a `<` right after it, on one line.
 * NULL if there is no such extent (then the type is parsed normally). */
static const char *type_extent(IrParser *p) {
  /* bytes that end the scan or change the depth; NUL is one too, so the
   * padding after the input (IR_LEX_PAD) stops the loop */
  static const unsigned char stop[256] = {[0] = 1, ['\n'] = 1, ['"'] = 1, ['/'] = 1,
                                          ['<'] = 1, ['>'] = 1};
  const IrTok *t = &p->tok;
  const char *q = t->text + t->len;
  if (*q != '<') return q;
  int depth = 0;
  for (;; q++) {
    while (!stop[(unsigned char)*q]) q++;
    char c = *q;
    if (c == '<') depth++;
    else if (c == '>') {
      if (q[-1] != '-' && --depth == 0) return q + 1;
    } else {
      return NULL;  /* newline, string, comment or the end */
    }
  }
}

/* The source is NUL padded (IR_LEX_PAD), so a spelling's first 16 bytes
 * read as two words (zero past its end) without a bounds check. */
static inline uint64_t word_at(const char *s, size_t n) {
  uint64_t v;
  memcpy(&v, s, 8);
  return n >= 8 ? v : v & ((1ull << (8 * n)) - 1);
}

static inline uint32_t memo_slot(uint64_t w0, uint64_t w1, size_t n) {
  uint64_t h = (w0 ^ (w1 * 0x9E3779B97F4A7C15ull) ^ n) * 0xff51afd7ed558ccdull;
  return (uint32_t)(h >> 54) &
         (IRP_TMEMO_N - 1);
}

/* a[16, n) == b[16, n) for two spellings in the padded source, a word at
 * a time (no memcmp call in irp_type's fast path). */
static inline int same_tail(const char *a, const char *b, size_t n) {
  for (size_t i = 16; i < n; i += 8)
    if (word_at(a + i, n - i) != word_at(b + i, n - i)) return 0;
  return 1;
}

/* A spelling not in the memo (m: its slot, or NULL when it has no
 * extent): parsed, and remembered. Out of line (noinline), so that the
 * memo's hits save no registers. */
static __attribute__((noinline)) int type_slow(IrParser *p, uint32_t *type,
                                               struct IrpTypeMemo *m, const char *end,
                                               uint64_t w0, uint64_t w1) {
  const char *start = p->tok.text;
  if (irp_enter(p)) return -1;
  int r = type_inner(p, type);
  if (!r && m && p->tok.text >= end) {
    /* only spellings that ended where their extent said */
    const char *q = end;
    while (q < p->tok.text && (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\n')) q++;
    if (q == p->tok.text || p->tok.kind == IR_TK_EOF) {
      irp_cache_touch(p, m, sizeof *m);
      m->s = start;
      m->n = (uint32_t)(end - start);
      m->type = *type;
      m->w0 = w0;
      m->w1 = w1;
    }
  }
  irp_leave(p);
  return r;
}

/* The bytes of w up to and including its first '>', all of w if it has
 * none (the lowest byte flagged by the zero-byte test is exact). */
static inline uint64_t through_gt(uint64_t w) {
  uint64_t x = w ^ 0x3e3e3e3e3e3e3e3eull;
  uint64_t z = (x - 0x0101010101010101ull) & ~x & 0x8080808080808080ull;
  unsigned b = z ? (unsigned)__builtin_ctzll(z) : 63; /* bit 7 of that byte */
  return b == 63 ? w : w & ((2ull << b) - 1);
}

/* The memo slot of a spelling starting at the current bare id of at most
 * 8 bytes, found before its extent is known: from the id and, when a `<`
 * follows it, the next 8 bytes through the first `>` (`<4xf32>`), which
 * are part of the spelling whatever follows it. */
static inline uint32_t memo_slot_early(const IrTok *t) {
  uint64_t id = word_at(t->text, t->len);
  const char *q = t->text + t->len;
  return memo_slot(id, *q == '<' ? through_gt(word_at(q, 8)) : 0, t->len);
}

/* Memo entry m, a spelling that parsed to its type ending exactly at its
 * end, is the text at the current bare id: the same bytes, and the text's
 * extent (type_extent) is as long: longer than the id (then both have the
 * `<` after it, and the text's `>` matching it is the entry's last byte),
 * or the id alone with no `<` after it. */
static inline int memo_is_here(const struct IrpTypeMemo *m, const IrTok *t) {
  uint32_t n = m->n;
  const char *s = t->text;
  if (n < t->len || (n == t->len && s[n] == '<')) return 0;
  /* an entry's bytes hold no NUL, so past the first word that matches,
   * the text has not ended and the padding covers the next read */
  return m->w0 == word_at(s, n) && m->w1 == (n > 8 ? word_at(s + 8, n - 8) : 0) &&
         (n <= 16 || same_tail(m->s, s, n));
}

int irp_type(IrParser *p, uint32_t *type) {
  if (p->failed) return -1;
  const IrTok *t = &p->tok;
  const char *start = t->text, *end = NULL;
  struct IrpTypeMemo *m = NULL;
  uint64_t w0 = 0, w1 = 0;
  if (t->kind == IR_TK_BARE_ID && p->depth < IR_MAX_DEPTH) {
    /* Ids of at most 8 bytes (memref, index, f32, ...) probe the memo
     * before scanning for the spelling's extent, which a hit then skips.
     * (Mixed bench corpus, 93,757 hits: ir-asm 259.9M -> 259.1M.) */
    if (t->len <= 8) {
      m = &p->tmemo[memo_slot_early(t)];
      if (memo_is_here(m, t)) {
        /* seen before: skip the spelling (it is on the current line); no
         * nesting happens, so no irp_enter */
        *type = m->type;
        ir_lex_at(p, start + m->n);
        return 0;
      }
    }
    end = type_extent(p);
    if (!end) {
      m = NULL;
    } else {
      size_t n = (size_t)(end - start);
      w0 = word_at(start, n);
      w1 = n > 8 ? word_at(start + 8, n - 8) : 0;
      if (t->len > 8) {
        m = &p->tmemo[memo_slot(w0, w1, n)];
        if (m->s && m->n == n && m->w0 == w0 && m->w1 == w1 &&
            (n <= 16 || same_tail(m->s, start, n))) {
          *type = m->type;
          ir_lex_at(p, end);
          return 0;
        }
      }
    }
  }
  return type_slow(p, type, m, end, w0, w1);
}

int irp_opt_type(IrParser *p, uint32_t *type) {
  if (!irp_at_type(p)) return 0;
  return irp_type(p, type) ? -1 : 1;
}
