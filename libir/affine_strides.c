/*
 * affine_strides.c - MLIR's getStridesAndOffset for a memref layout written
 * as an affine map: the map's one result, as a sum of dimensions times
 * coefficients plus a constant, gives the strides (a dimension's
 * coefficient) and the offset (the constant). A symbol makes what it
 * touches dynamic; 0 times anything is 0, as MLIR's simplification makes
 * it. A map of several results, or a division or modulo of dimensions, is
 * no strided layout for MLIR (or not one decided here): ir_layout_strides
 * then fails and the verifiers leave the layout alone.
 *
 * The text is the map as the parser kept it (names as written, so they
 * are looked up in the map's header).
 */
#include "irint.h"

/* Deepest nesting evaluated (each level holds a few forms on the stack);
 * a deeper map is left undecided. */
#define MAX_NEST 48

/* A linear form of the map's dimensions: k[0..rank) the coefficients,
 * k[rank] the constant; dyn[i]: entry i is symbolic. */
typedef struct Lin {
  int64_t k[IR_MAX_RANK + 1];
  uint8_t dyn[IR_MAX_RANK + 1];
} Lin;

typedef struct Eval {
  const char *s;
  uint32_t rank;                       /* dimensions; entry `rank` is the constant */
  const char *dim[IR_MAX_RANK];        /* their names as written */
  uint32_t dim_n[IR_MAX_RANK];
  const char *sym[IR_MAX_RANK];
  uint32_t sym_n[IR_MAX_RANK], nsym;
  int depth;
  int fail;
} Eval;

static void blanks(Eval *e) {
  while (*e->s == ' ') e->s++;
}

static int punct(Eval *e, char c) {
  blanks(e);
  if (*e->s != c) return 0;
  e->s++;
  return 1;
}

static int is_id(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '$' || c == '.';
}

/* An identifier at e->s: its length (0 if none). */
static uint32_t id_len(const char *s) {
  uint32_t n = 0;
  if (!((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') || s[0] == '_')) return 0;
  while (is_id(s[n])) n++;
  return n;
}

static int word(Eval *e, const char *w, uint32_t n) {
  blanks(e);
  if (id_len(e->s) != n || memcmp(e->s, w, n)) return 0;
  e->s += n;
  return 1;
}

static void zero(Eval *e, Lin *a) {
  for (uint32_t i = 0; i <= e->rank; i++) a->k[i] = 0, a->dyn[i] = 0;
}

static int has_dims(const Eval *e, const Lin *a) {
  for (uint32_t i = 0; i < e->rank; i++)
    if (a->dyn[i] || a->k[i]) return 1;
  return 0;
}

static void add(Eval *e, Lin *a, const Lin *b, int64_t sign) {
  for (uint32_t i = 0; i <= e->rank; i++) {
    a->dyn[i] |= b->dyn[i];
    a->k[i] = a->dyn[i] ? 0 : (int64_t)((uint64_t)a->k[i] + (uint64_t)(sign * b->k[i]));
  }
}

/* a times a form without dimensions, f: by its constant, or symbolically
 * (what was 0 stays 0) */
static void scale(Eval *e, Lin *a, const Lin *f) {
  int sym = f->dyn[e->rank];
  uint64_t c = (uint64_t)f->k[e->rank];
  for (uint32_t i = 0; i <= e->rank; i++) {
    if (sym) a->dyn[i] = a->dyn[i] || a->k[i];
    else if (!c) a->dyn[i] = 0;
    a->k[i] = a->dyn[i] ? 0 : (int64_t)((uint64_t)a->k[i] * c);
  }
}

static int64_t floordiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

static void expr(Eval *e, Lin *out);

static void factor(Eval *e, Lin *out) {
  zero(e, out);
  blanks(e);
  if (e->fail) return;
  if (++e->depth > MAX_NEST) {
    e->fail = 1;
  } else if (punct(e, '-')) {
    Lin m1;
    factor(e, out);
    zero(e, &m1);
    m1.k[e->rank] = -1;
    scale(e, out, &m1);
  } else if (punct(e, '(')) {
    expr(e, out);
    if (!punct(e, ')')) e->fail = 1;
  } else if (*e->s >= '0' && *e->s <= '9') {
    uint64_t v = 0;
    while (*e->s >= '0' && *e->s <= '9') v = v * 10 + (uint64_t)(*e->s++ - '0');
    out->k[e->rank] = (int64_t)v;
  } else {
    uint32_t n = id_len(e->s), i;
    for (i = 0; i < e->rank; i++)
      if (e->dim_n[i] == n && !memcmp(e->dim[i], e->s, n)) break;
    if (i < e->rank) {
      out->k[i] = 1;
    } else {
      for (i = 0; i < e->nsym; i++)
        if (e->sym_n[i] == n && !memcmp(e->sym[i], e->s, n)) break;
      if (!n || i == e->nsym) e->fail = 1;
      out->dyn[e->rank] = 1;
    }
    e->s += n;
  }
  e->depth--;
}

static void term(Eval *e, Lin *out) {
  factor(e, out);
  for (;;) {
    int op = punct(e, '*') ? 1 : word(e, "floordiv", 8) ? 2 : word(e, "ceildiv", 7) ? 3
             : word(e, "mod", 3) ? 4 : 0;
    if (!op || e->fail) return;
    Lin b;
    factor(e, &b);
    if (op == 1) {
      if (!has_dims(e, &b)) scale(e, out, &b);
      else if (!has_dims(e, out)) scale(e, &b, out), *out = b;
      else e->fail = 1;
      continue;
    }
    /* a division or modulo: of constants and symbols only */
    if (has_dims(e, out) || has_dims(e, &b)) {
      e->fail = 1;
      continue;
    }
    uint32_t r = e->rank;
    if (out->dyn[r] || b.dyn[r]) {
      out->dyn[r] = 1;
      out->k[r] = 0;
    } else if (!b.k[r] || (b.k[r] == -1 && out->k[r] == INT64_MIN)) {
      e->fail = 1;
    } else if (op == 2) {
      out->k[r] = floordiv(out->k[r], b.k[r]);
    } else if (op == 3) {
      out->k[r] = -floordiv(-out->k[r], b.k[r]);
    } else {
      int64_t m = out->k[r] % b.k[r];
      out->k[r] = m < 0 ? m + (b.k[r] < 0 ? -b.k[r] : b.k[r]) : m;
    }
  }
}

static void expr(Eval *e, Lin *out) {
  term(e, out);
  for (;;) {
    int sign = punct(e, '+') ? 1 : punct(e, '-') ? -1 : 0;
    if (!sign || e->fail) return;
    Lin b;
    term(e, &b);
    add(e, out, &b, sign);
  }
}

/* `(a, b)` or `[a, b]`: the names, at most IR_MAX_RANK. */
static uint32_t names(Eval *e, char close, const char **p, uint32_t *n) {
  uint32_t k = 0;
  while (!punct(e, close)) {
    if ((k && !punct(e, ',')) || k == IR_MAX_RANK) return e->fail = 1, 0;
    blanks(e);
    n[k] = id_len(e->s);
    if (!n[k]) return e->fail = 1, 0;
    p[k] = e->s;
    e->s += n[k++];
  }
  return k;
}

int ir_affine_map_strides(const IrCtx *c, uint32_t map, uint32_t rank, int64_t *off,
                          int64_t *strides) {
  const IrAttr *a = map ? ir_attr(c, map) : NULL;
  if (!a || a->kind != IR_A_AFFINE_MAP || rank > IR_MAX_RANK) return 0;
  Eval e;
  memset(&e, 0, sizeof e);
  e.s = ir_str_ptr(c, a->str);
  if (!punct(&e, '(') || names(&e, ')', e.dim, e.dim_n) != rank || e.fail) return 0;
  e.rank = rank;
  if (punct(&e, '[')) e.nsym = names(&e, ']', e.sym, e.sym_n);
  if (e.fail || !punct(&e, '-') || !punct(&e, '>') || !punct(&e, '(')) return 0;
  Lin r;
  expr(&e, &r);
  if (e.fail || !punct(&e, ')')) return 0; /* several results, or not strided */
  for (uint32_t i = 0; i < rank; i++) strides[i] = r.dyn[i] ? IR_DYN : r.k[i];
  *off = r.dyn[rank] ? IR_DYN : r.k[rank];
  return 1;
}
