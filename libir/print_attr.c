/*
 * print_attr.c - attributes and locations as MLIR prints them
 * (AsmPrinter::printAttributeImpl, printLocationInternal), strings and
 * symbol names with MLIR's escaping, and the alias pass's visit of
 * attributes. Floats are in print_float.c.
 */
#include "print.h"

/* ====================================================================== */
/* Strings                                                                */
/* ====================================================================== */

/* llvm::printEscapedString between quotes: `\\`, printable ASCII except
 * `"` as is, everything else as `\XX` (upper-case hex). */
void irw_escaped(IrPrinter *w, const char *s, size_t n) {
  static const char hex[] = "0123456789ABCDEF";
  if (w->sink) return;
  irw_putc(w, '"');
  size_t run = 0; /* bytes of s[i-run..i) to copy as they are */
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\') {
      run++;
      continue;
    }
    irw_mem(w, s + i - run, run);
    run = 0;
    char e[3] = {'\\', '\\', 0};
    if (ch == '\\') {
      irw_mem(w, e, 2);
    } else {
      e[1] = hex[ch >> 4];
      e[2] = hex[ch & 15];
      irw_mem(w, e, 3);
    }
  }
  irw_mem(w, s + n - run, run);
  irw_putc(w, '"');
}

static int is_alpha(int ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'); }
static int is_digit(int ch) { return ch >= '0' && ch <= '9'; }

/* MLIR's isBareIdentifier: [a-zA-Z_][a-zA-Z0-9_$.]* */
static int is_bare(const char *s, size_t n) {
  if (!n || !(is_alpha((unsigned char)s[0]) || s[0] == '_')) return 0;
  for (size_t i = 1; i < n; i++) {
    int ch = (unsigned char)s[i];
    if (!is_alpha(ch) && !is_digit(ch) && ch != '_' && ch != '$' && ch != '.')
      return 0;
  }
  return 1;
}

void irw_keyword_or_string(IrPrinter *w, const char *s, size_t n) {
  if (is_bare(s, n)) irw_mem(w, s, n);
  else irw_escaped(w, s, n);
}

/* An empty name prints as `@""`, where mlir-opt-22 prints
 * `@<<INVALID EMPTY SYMBOL>>`, which no parser reads back (fuzz-parse). */
void irw_symbol(IrPrinter *w, uint32_t str) {
  size_t n = ir_str_len(w->c, str);
  irw_putc(w, '@');
  irw_keyword_or_string(w, ir_str_ptr(w->c, str), n);
}

void irw_string(IrPrinter *w, uint32_t str) {
  irw_escaped(w, ir_str_ptr(w->c, str), ir_str_len(w->c, str));
}

/* ====================================================================== */
/* Attributes                                                             */
/* ====================================================================== */

/* An integer of type `type` (0 = i64) as MLIR prints its APInt: unsigned
 * types unsigned, others signed, both within the type's width. */
static void print_int(IrPrinter *w, int64_t v, uint32_t type) {
  const IrType *t = type ? ir_type(w->c, type) : NULL;
  uint32_t width = t && t->kind == IR_T_INT ? t->width : 64;
  int uns = t && t->kind == IR_T_INT && t->sub == IR_UNSIGNED;
  uint64_t u = (uint64_t)v;
  if (width && width < 64) {
    uint64_t mask = ((uint64_t)1 << width) - 1;
    u &= mask;
    if (!uns && (u >> (width - 1) & 1)) u |= ~mask; /* sign-extend */
  }
  if (uns) irw_u64(w, u);
  else irw_i64(w, (int64_t)u);
}

static int is_signless(IrCtx *c, uint32_t type, uint32_t width) {
  const IrType *t = type ? ir_type(c, type) : NULL;
  if (!t) return width == 64; /* 0 = the default i64 */
  return t->kind == IR_T_INT && t->sub == IR_SIGNLESS && t->width == width;
}

static int is_f64(IrCtx *c, uint32_t type) {
  const IrType *t = type ? ir_type(c, type) : NULL;
  return !t || (t->kind == IR_T_FLOAT && t->sub == IR_F64);
}

/* Does MLIR's elideLargeElementsAttrs elide dense attribute a: more
 * elements than w->elide_elements and not a splat? The body is a splat
 * when it is one element: not a list, nor the hex of several. */
static int dense_elided(const IrPrinter *w, const IrAttr *a) {
  const IrType *t = ir_type(w->c, a->type);
  if (t->kind != IR_T_TENSOR && t->kind != IR_T_VECTOR) return 0;
  const int64_t *dims = ir_type_dims(w->c, a->type);
  uint64_t total = 1;
  for (uint32_t i = 0; i < t->n; i++) {
    if (dims[i] < 0) return 0;
    if (__builtin_mul_overflow(total, (uint64_t)dims[i], &total)) total = UINT64_MAX;
  }
  if (total <= w->elide_elements || !a->str) return 0;
  const char *s = ir_str_ptr(w->c, a->str);
  uint32_t n = ir_str_len(w->c, a->str);
  if (n && s[0] == '[') return 1;
  return n > 3 && s[0] == '"' && s[1] == '0' && s[2] == 'x' && ir_dense_width(w->c, t->elem) &&
         (uint64_t)(n - 4) / 2 > ir_dense_width(w->c, t->elem) / 8;
}

/* ` : type` unless elided or none. */
static void print_type_suffix(IrPrinter *w, uint32_t type, int elide) {
  if (elide == IRW_ELIDE_MUST || !type) return;
  if (ir_type(w->c, type)->kind == IR_T_NONE) return;
  irw_mem(w, " : ", 3);
  irw_type(w, type);
}

void irw_named_attr(IrPrinter *w, uint32_t name, uint32_t attr) {
  irw_keyword_or_string(w, ir_str_ptr(w->c, name), ir_str_len(w->c, name));
  if (attr && ir_attr(w->c, attr)->kind == IR_A_UNIT) return;
  irw_mem(w, " = ", 3);
  irw_attr(w, attr);
}

static void print_dyn(IrPrinter *w, int64_t v) {
  if (v == IR_DYN) irw_putc(w, '?');
  else irw_i64(w, v);
}

void irw_attr_body(IrPrinter *w, uint32_t attr, int elide) {
  IrCtx *c = w->c;
  const IrAttr *a = ir_attr(c, attr);
  switch (a->kind) {
  case IR_A_UNIT:
    irw_mem(w, "unit", 4);
    return;
  case IR_A_BOOL:
    irw_str(w, a->ival ? "true" : "false");
    return;
  case IR_A_INT:
    if (a->type && is_signless(c, a->type, 1)) {
      irw_str(w, a->ival & 1 ? "true" : "false");
      return;
    }
    print_int(w, a->ival, a->type);
    if (elide == IRW_ELIDE_MAY && is_signless(c, a->type, 64)) return;
    if (elide != IRW_ELIDE_MUST) {
      irw_mem(w, " : ", 3);
      if (a->type) irw_type(w, a->type);
      else irw_mem(w, "i64", 3);
    }
    return;
  case IR_A_FLOAT:
    irw_float(w, a->fval, a->type);
    if (elide == IRW_ELIDE_MAY && is_f64(c, a->type)) return;
    if (elide != IRW_ELIDE_MUST) {
      irw_mem(w, " : ", 3);
      if (a->type) irw_type(w, a->type);
      else irw_mem(w, "f64", 3);
    }
    return;
  case IR_A_STRING:
    irw_string(w, a->str);
    print_type_suffix(w, a->type, elide);
    return;
  case IR_A_TYPE:
    irw_type(w, a->type);
    return;
  case IR_A_ARRAY: {
    const uint32_t *l = ir_attr_u32(c, attr);
    irw_putc(w, '[');
    for (uint32_t i = 0; i < a->n; i++) {
      if (i) irw_mem(w, ", ", 2);
      irw_attr_ex(w, l[i], IRW_ELIDE_MAY);
    }
    irw_putc(w, ']');
    return;
  }
  case IR_A_DICT: {
    const uint32_t *l = ir_attr_u32(c, attr);
    irw_putc(w, '{');
    for (uint32_t i = 0; i < a->n; i++) {
      if (i) irw_mem(w, ", ", 2);
      irw_named_attr(w, l[2 * i], l[2 * i + 1]);
    }
    irw_putc(w, '}');
    return;
  }
  case IR_A_SYMREF: {
    const uint32_t *l = ir_attr_u32(c, attr);
    irw_symbol(w, a->str);
    for (uint32_t i = 0; i < a->n; i++) {
      irw_mem(w, "::", 2);
      irw_symbol(w, l[i]);
    }
    return;
  }
  case IR_A_DENSE_ARRAY: {
    const int64_t *v = ir_attr_i64(c, attr);
    const IrType *et = a->type ? ir_type(c, a->type) : NULL;
    irw_mem(w, "array<", 6);
    irw_type(w, a->type);
    if (a->n) {
      irw_mem(w, ": ", 2);
      for (uint32_t i = 0; i < a->n; i++) {
        if (i) irw_mem(w, ", ", 2);
        if (et && et->kind == IR_T_FLOAT) {
          double d;
          memcpy(&d, &v[i], sizeof d);
          irw_float(w, d, a->type);
        } else if (et && et->kind == IR_T_INT && et->width == 1) {
          irw_str(w, v[i] & 1 ? "true" : "false");
        } else {
          print_int(w, v[i], a->type);
        }
      }
    }
    irw_putc(w, '>');
    return;
  }
  case IR_A_DENSE:
    if (w->elide_elements && dense_elided(w, a)) {
      irw_str(w, "dense_resource<__elided__>");
      print_type_suffix(w, a->type, elide);
      return;
    }
    irw_mem(w, "dense<", 6);
    irw_mem(w, ir_str_ptr(c, a->str), ir_str_len(c, a->str));
    irw_putc(w, '>');
    print_type_suffix(w, a->type, elide);
    return;
  case IR_A_AFFINE_MAP:
    irw_mem(w, "affine_map<", 11);
    irw_mem(w, ir_str_ptr(c, a->str), ir_str_len(c, a->str));
    irw_putc(w, '>');
    return;
  case IR_A_AFFINE_SET:
    irw_mem(w, "affine_set<", 11);
    irw_mem(w, ir_str_ptr(c, a->str), ir_str_len(c, a->str));
    irw_putc(w, '>');
    return;
  case IR_A_STRIDED: {
    const int64_t *v = ir_attr_i64(c, attr);
    irw_mem(w, "strided<[", 9);
    for (uint32_t i = 0; i < a->n; i++) {
      if (i) irw_mem(w, ", ", 2);
      print_dyn(w, v[i]);
    }
    irw_putc(w, ']');
    if (a->ival) {
      irw_mem(w, ", offset: ", 10);
      print_dyn(w, a->ival);
    }
    irw_putc(w, '>');
    return;
  }
  case IR_A_OPAQUE:
    irw_mem(w, ir_str_ptr(c, a->str), ir_str_len(c, a->str));
    print_type_suffix(w, a->type, elide);
    return;
  default:
    irw_str(w, "<<BAD ATTRIBUTE>>");
    return;
  }
}

/* The alias pass: visit an attribute and what it prints (MLIR's
 * DummyAliasDialectAsmPrinter::printAndVisitNestedAliasesImpl). */
static void visit_attr(IrPrinter *w, uint32_t attr, int elide) {
  int seen;
  uint32_t mark = w->n_kid_stack;
  uint32_t i = irw_visit_attr(w, attr, w->deferrable, &seen);
  if (seen) return;
  IrCtx *c = w->c;
  const IrAttr *a = ir_attr(c, attr);
  const uint32_t *l = ir_attr_u32(c, attr);
  int typed = 0;
  switch (a->kind) {
  case IR_A_ARRAY:
    for (uint32_t k = 0; k < a->n; k++) irw_attr(w, l[k]);
    break;
  case IR_A_DICT:
    for (uint32_t k = 0; k < a->n; k++) irw_attr(w, l[2 * k + 1]);
    break;
  case IR_A_TYPE:
    irw_type(w, a->type);
    break;
  case IR_A_STRING:
  case IR_A_DENSE:
  case IR_A_OPAQUE:
    typed = 1;
    break;
  default:
    break;
  }
  if (typed && elide != IRW_ELIDE_MUST && a->type &&
      ir_type(c, a->type)->kind != IR_T_NONE)
    irw_type(w, a->type);
  irw_visit_done(w, i, mark);
}

void irw_attr_ex(IrPrinter *w, uint32_t attr, int elide) {
  if (!attr || attr >= ir_n_attrs(w->c)) {
    irw_str(w, "<<NULL ATTRIBUTE>>");
    return;
  }
  if (w->sink) {
    if (w->attr_alias) visit_attr(w, attr, elide);
    return;
  }
  /* cached per (attribute, elision): see IrwCache */
  uint32_t key = attr * 3 + (uint32_t)elide;
  IrwKeyText *e = irw_key_slot(&w->attr_text, key);
  if (irw_key_cached(w, e, key)) return;
  IrwMark mk = irw_cache_begin(w);
  if (!irw_print_alias_attr(w, attr)) irw_attr_body(w, attr, elide);
  if (attr < 0x50000000u) irw_key_cache_end(w, e, key, mk);
}

void irw_attr(IrPrinter *w, uint32_t attr) { irw_attr_ex(w, attr, IRW_ELIDE_NEVER); }

void irw_attr_notype(IrPrinter *w, uint32_t attr) {
  irw_attr_ex(w, attr, IRW_ELIDE_MUST);
}

/* ====================================================================== */
/* Locations                                                              */
/* ====================================================================== */

void irw_loc_body(IrPrinter *w, uint32_t loc, int top) {
  if (loc >= ir_n_locs(w->c)) loc = 0; /* unknown */
  if (!top && irw_print_alias_loc(w, loc)) return;
  IrCtx *c = w->c;
  const IrLoc *l = ir_loc(c, loc);
  switch (l->kind) {
  case IR_L_FILE:
    irw_string(w, l->file);
    irw_putc(w, ':');
    irw_u64(w, l->line);
    irw_putc(w, ':');
    irw_u64(w, l->col);
    return;
  case IR_L_NAME:
    irw_string(w, l->a);
    if (l->b && ir_loc(c, l->b)->kind != IR_L_UNKNOWN) {
      irw_putc(w, '(');
      irw_loc_body(w, l->b, 0);
      irw_putc(w, ')');
    }
    return;
  case IR_L_CALLSITE:
    irw_mem(w, "callsite(", 9);
    irw_loc_body(w, l->a, 0);
    irw_mem(w, " at ", 4);
    irw_loc_body(w, l->b, 0);
    irw_putc(w, ')');
    return;
  case IR_L_FUSED: {
    const uint32_t *list = ir_loc_list(c, loc);
    irw_mem(w, "fused", 5);
    if (l->b) {
      irw_putc(w, '<');
      irw_attr(w, l->b);
      irw_putc(w, '>');
    }
    irw_putc(w, '[');
    for (uint32_t i = 0; i < l->n; i++) {
      if (i) irw_mem(w, ", ", 2);
      irw_loc_body(w, list[i], 0);
    }
    irw_putc(w, ']');
    return;
  }
  default:
    irw_mem(w, "unknown", 7);
    return;
  }
}

void irw_loc(IrPrinter *w, uint32_t loc, int allow_alias) {
  if (loc >= ir_n_locs(w->c)) loc = 0;
  irw_mem(w, "loc(", 4);
  if (!allow_alias || !irw_print_alias_loc(w, loc)) irw_loc_body(w, loc, 1);
  irw_putc(w, ')');
}
