/*
 * parse_affine.c - `affine_map<...>` and `affine_set<...>` attributes: the
 * grammar of MLIR's AffineParser, token by token, with its diagnostics.
 *
 *   map  := dims syms? `->` `(` (expr (`,` expr)*)? `)`
 *   set  := dims syms? `:` `(` (cstr (`,` cstr)*)? `)`
 *   dims := `(` (id (`,` id)*)? `)`        syms := `[` (id (`,` id)*)? `]`
 *   cstr := expr (`>=` | `<=` | `==`) expr
 *   expr := term ((`+` | `-`) term)*
 *   term := operand ((`*` | `floordiv` | `ceildiv` | `mod`) operand)*
 *   operand := id | integer | `(` expr `)` | `-` operand
 *
 * A product needs one side without dimensions (constant or symbolic), a
 * division or modulo its right side. MLIR decides that on the simplified
 * expression, this on the written one, so `(d0 - d0) * d1`, which MLIR
 * folds to 0, is refused here. The attribute keeps the text as written
 * (comments dropped, MLIR's spacing), not simplified: `2 * 3` stays, where
 * mlir-opt-22 prints 6. Every text kept this way parses again, here and in
 * mlir-opt-22. (Until 2026-11-29 the body was kept as raw bytes with only
 * its identifiers checked, so junk and comments inside printed as text
 * that did not parse: fuzz-pipetext found it.)
 */
#include <stdlib.h>

#include "irint.h"

/* A bound identifier: its spelling (in the text, so the pointers order
 * the ids as written) and whether the symbol list binds it. */
typedef struct AffId {
  const char *s;
  uint32_t n;
  int sym;
} AffId;

typedef struct Aff {
  IrParser *p;
  char *t;              /* the text kept, not NUL-terminated */
  uint32_t n, cap;
  AffId *ids;           /* dims then symbols; sorted by spelling (bind) */
  uint32_t n_ids, cap_ids;
} Aff;

/* n > 0 bytes more of the text (ir_vgrow stops past 4 GB). */
static void put(Aff *a, const char *s, size_t n) {
  ir_vgrow((void **)&a->t, &a->cap, a->n + (uint32_t)n, 1);
  memcpy(a->t + a->n, s, n);
  a->n += (uint32_t)n;
}

static void puts_(Aff *a, const char *s) { put(a, s, strlen(s)); }

/* By spelling only. */
static int spelling_cmp(const void *x, const void *y) {
  const AffId *a = x, *b = y;
  if (a->n != b->n) return a->n < b->n ? -1 : 1;
  return memcmp(a->s, b->s, a->n);
}

/* By spelling, then by place in the text. */
static int id_cmp(const void *x, const void *y) {
  const AffId *a = x, *b = y;
  int c = spelling_cmp(a, b);
  if (c) return c;
  return a->s < b->s ? -1 : a->s > b->s;
}

/* An error at the current token (MLIR's emitError; irp_error reports
 * where a missing token would go). */
static int at_tok(IrParser *p, const char *msg) {
  return irp_error_at(p, irp_loc_here(p), "%s", msg);
}

/* Sorts the ids and reports the first one (in text order) that repeats
 * an earlier one, as MLIR's list parsing does when it meets it. n log n
 * on any input. 0, or -1 after the report. */
static int bind(Aff *a) {
  if (a->n_ids > 1) qsort(a->ids, a->n_ids, sizeof *a->ids, id_cmp);
  const AffId *dup = NULL;
  for (uint32_t i = 1; i < a->n_ids; i++) {
    const AffId *y = &a->ids[i];
    if (!spelling_cmp(&a->ids[i - 1], y) && (!dup || y->s < dup->s)) dup = y;
  }
  if (!dup) return 0;
  return irp_error_at(a->p, irp_lazy_loc(a->p, dup->s), "redefinition of identifier '%.*s'",
                      (int)dup->n, dup->s);
}

/* `(` ids `)` or `[` ids `]`, where `what` names the list in errors. On an
 * error, a repeated id written before it is reported instead (bind). */
static int id_list(Aff *a, IrTokKind open, IrTokKind close, const char *what) {
  IrParser *p = a->p;
  const IrTok *t = irp_peek(p);
  char o = open == IR_TK_LPAREN ? '(' : '[', c = close == IR_TK_RPAREN ? ')' : ']';
  if (t->kind != open) return irp_error(p, "expected '%c' in %s", o, what);
  put(a, &o, 1);
  irp_next(p);
  if (t->kind != close) {
    for (;;) {
      if (t->kind != IR_TK_BARE_ID) {
        if (bind(a)) return -1;
        return irp_error(p, "expected bare identifier");
      }
      if (a->n_ids == a->cap_ids) {
        if (a->cap_ids >= IR_MAX_COUNT / 2) return irp_error(p, "too many identifiers");
        a->cap_ids = a->cap_ids ? 2 * a->cap_ids : 8;
        a->ids = ir_xrealloc(a->ids, a->cap_ids * sizeof *a->ids);
      }
      a->ids[a->n_ids++] = (AffId){t->text, t->len, open == IR_TK_LSQUARE};
      put(a, t->text, t->len);
      irp_next(p);
      if (t->kind != IR_TK_COMMA) break;
      puts_(a, ", ");
      irp_next(p);
    }
  }
  if (t->kind != close) {
    if (bind(a)) return -1;
    return irp_error(p, "expected '%c' in %s", c, what);
  }
  put(a, &c, 1);
  irp_next(p);
  return 0;
}

static int expr(Aff *a, int *symbolic);

/* An operand; *symbolic: it holds no dimension. have_lhs: a binary
 * operator precedes it (MLIR words the error by that). */
static int operand(Aff *a, int have_lhs, int *symbolic) {
  IrParser *p = a->p;
  const IrTok *t = irp_peek(p);
  switch (t->kind) {
  case IR_TK_INT: {
    uint64_t v;
    if (irp_tok_u64(t, &v) || v > (uint64_t)INT64_MAX)
      return at_tok(p, "constant too large for index");
    put(a, t->text, t->len);
    *symbolic = 1;
    irp_next(p);
    return 0;
  }
  case IR_TK_LPAREN: {
    if (irp_enter(p)) return -1;
    irp_next(p);
    if (t->kind == IR_TK_RPAREN) return at_tok(p, "no expression inside parentheses");
    put(a, "(", 1);
    if (expr(a, symbolic)) return -1;
    if (t->kind != IR_TK_RPAREN) return irp_error(p, "expected ')'");
    put(a, ")", 1);
    irp_next(p);
    irp_leave(p);
    return 0;
  }
  case IR_TK_MINUS: {
    if (irp_enter(p)) return -1;
    put(a, "-", 1);
    irp_next(p);
    if (operand(a, have_lhs, symbolic)) return -1;
    irp_leave(p);
    return 0;
  }
  case IR_TK_PERCENT_ID:
    return irp_error(p, "unexpected ssa identifier");
  case IR_TK_BARE_ID: {
    if (t->len == 6 && !memcmp(t->text, "symbol", 6)) {
      /* `symbol(%x)`: SSA operands belong to the affine ops' syntax */
      irp_next(p);
      if (t->kind != IR_TK_LPAREN) return irp_error(p, "expected '(' at start of SSA symbol");
      irp_next(p);
      return irp_error(p, "unexpected ssa identifier");
    }
    /* bind() sorted the ids and refused repeats; no list to search when
     * nothing is bound (bsearch's base must not be NULL) */
    AffId key = {t->text, t->len, 0};
    const AffId *hit =
        a->n_ids ? bsearch(&key, a->ids, a->n_ids, sizeof *a->ids, spelling_cmp) : NULL;
    if (!hit) return irp_error(p, "use of undeclared identifier");
    *symbolic = hit->sym;
    put(a, t->text, t->len);
    irp_next(p);
    return 0;
  }
  case IR_TK_PLUS:
  case IR_TK_STAR:
    return at_tok(p, have_lhs ? "missing right operand of binary operator"
                              : "missing left operand of binary operator");
  default:
    return at_tok(p, have_lhs ? "missing right operand of binary operator"
                              : "expected affine expression");
  }
}

const char *irp_affine_high_op(const IrTok *t) {
  if (t->kind == IR_TK_STAR) return "*";
  if (t->kind != IR_TK_BARE_ID) return NULL;
  if (t->len == 8 && !memcmp(t->text, "floordiv", 8)) return "floordiv";
  if (t->len == 7 && !memcmp(t->text, "ceildiv", 7)) return "ceildiv";
  if (t->len == 3 && !memcmp(t->text, "mod", 3)) return "mod";
  return NULL;
}

int irp_affine_rule(IrParser *p, uint32_t oloc, const char *op, int *lsym, int rsym) {
  if (op[0] == '*' ? !*lsym && !rsym : !rsym) {
    if (op[0] == '*')
      return irp_error_at(p, oloc, "non-affine expression: at least one of the multiply "
                                   "operands has to be either a constant or symbolic");
    return irp_error_at(p, oloc, "non-affine expression: right operand of %s has to be "
                                 "either a constant or symbolic", op);
  }
  *lsym = *lsym && rsym;
  return 0;
}

static int term(Aff *a, int have_lhs, int *symbolic) {
  IrParser *p = a->p;
  int lsym, rsym;
  if (operand(a, have_lhs, &lsym)) return -1;
  for (const char *op; (op = irp_affine_high_op(irp_peek(p)));) {
    uint32_t oloc = irp_loc_here(p);
    irp_next(p);
    put(a, " ", 1);
    puts_(a, op);
    put(a, " ", 1);
    if (operand(a, 1, &rsym) || irp_affine_rule(p, oloc, op, &lsym, rsym)) return -1;
  }
  *symbolic = lsym;
  return 0;
}

static int expr(Aff *a, int *symbolic) {
  IrParser *p = a->p;
  int sym, rsym;
  if (term(a, 0, &sym)) return -1;
  for (IrTokKind k; (k = irp_peek(p)->kind) == IR_TK_PLUS || k == IR_TK_MINUS;) {
    irp_next(p);
    puts_(a, k == IR_TK_PLUS ? " + " : " - ");
    if (term(a, 1, &rsym)) return -1;
    sym = sym && rsym;
  }
  *symbolic = sym;
  return 0;
}

/* `expr >= expr`, `<=` or `==`: MLIR's tokens are two, `>` or `<` or `=`
 * and then `=`. */
static int constraint(Aff *a) {
  IrParser *p = a->p;
  const IrTok *t = irp_peek(p);
  int sym;
  if (expr(a, &sym)) return -1;
  const char *rel = t->kind == IR_TK_GREATER ? " >= " : t->kind == IR_TK_LESS ? " <= "
                    : t->kind == IR_TK_EQUAL ? " == " : NULL;
  if (rel) {
    irp_next(p);
    if (t->kind == IR_TK_EQUAL) {
      irp_next(p);
      puts_(a, rel);
      return expr(a, &sym);
    }
  }
  return at_tok(p, "expected '== affine-expr' or '>= affine-expr' at end of affine constraint");
}

/* `(` elements `)` of the map's results or the set's constraints. */
static int elements(Aff *a, int set) {
  IrParser *p = a->p;
  const IrTok *t = irp_peek(p);
  const char *what = set ? "integer set constraint list" : "affine map range";
  if (t->kind != IR_TK_LPAREN) return irp_error(p, "expected '(' in %s", what);
  put(a, "(", 1);
  irp_next(p);
  if (t->kind != IR_TK_RPAREN) {
    for (;;) {
      int sym;
      if (set ? constraint(a) : expr(a, &sym)) return -1;
      if (t->kind != IR_TK_COMMA) break;
      puts_(a, ", ");
      irp_next(p);
    }
  }
  if (t->kind != IR_TK_RPAREN) return irp_error(p, "expected ')' in %s", what);
  put(a, ")", 1);
  irp_next(p);
  return 0;
}

static int body(Aff *a, IrAttrKind k) {
  IrParser *p = a->p;
  const IrTok *t = irp_peek(p);
  uint32_t start = irp_loc_here(p);
  if (id_list(a, IR_TK_LPAREN, IR_TK_RPAREN, "dimensional identifier list")) return -1;
  if (t->kind == IR_TK_LSQUARE && id_list(a, IR_TK_LSQUARE, IR_TK_RSQUARE, "symbol list"))
    return -1;
  if (bind(a)) return -1;
  int set;
  if (t->kind == IR_TK_ARROW) {
    set = 0;
    puts_(a, " -> ");
  } else if (t->kind == IR_TK_COLON) {
    set = 1;
    puts_(a, " : ");
  } else {
    return irp_error(p, "expected '->' or ':'");
  }
  irp_next(p);
  if (elements(a, set)) return -1;
  if (set != (k == IR_A_AFFINE_SET))
    return irp_error_at(p, start, set ? "expected AffineMap, but got IntegerSet"
                                      : "expected IntegerSet, but got AffineMap");
  return 0;
}

int irp_affine(IrParser *p, IrAttrKind k, uint32_t *out) {
  const char *what = k == IR_A_AFFINE_SET ? "integer set" : "affine map";
  irp_next(p); /* affine_map / affine_set */
  if (p->tok.kind != IR_TK_LESS) return irp_error(p, "expected '<' in %s", what);
  irp_next(p);
  Aff a = {.p = p};
  int r = body(&a, k);
  if (!r && p->tok.kind != IR_TK_GREATER) r = irp_error(p, "expected '>' in %s", what);
  if (!r) {
    irp_next(p);
    IrAttr at;
    memset(&at, 0, sizeof at);
    at.kind = (uint8_t)k;
    at.str = ir_str(p->ctx, a.t ? a.t : "", a.n);
    *out = ir_attr_intern(p->ctx, &at, NULL, NULL);
  }
  free(a.t);
  free(a.ids);
  return r ? -1 : 0;
}
