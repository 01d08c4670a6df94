/*
 * print_type.c - types as MLIR prints them (AsmPrinter::printTypeImpl), and
 * their visit by the alias pass (nested affine-map layouts get `#map`).
 */
#include <stdlib.h>

#include "print.h"

static const char *const float_names[IR_N_FLOAT_KINDS] = {
    "f16", "bf16", "f32", "f64", "f80", "f128", "tf32", "f8E4M3FN", "f8E5M2",
};

/* `2x?x` */
static void print_dims(IrPrinter *w, const int64_t *dims, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    if (dims[i] == IR_DYN) irw_putc(w, '?');
    else irw_i64(w, dims[i]);
    irw_putc(w, 'x');
  }
}

/* The alias pass: visit the type and what it prints (MLIR walks a memref's
 * element type, non-identity layout and memory space; other builtin types
 * their immediate sub-elements). */
static void visit_type(IrPrinter *w, uint32_t type) {
  int seen;
  uint32_t mark = w->n_kid_stack;
  uint32_t i = irw_visit_type(w, type, &seen);
  if (seen) return;
  const IrType *t = ir_type(w->c, type);
  switch (t->kind) {
  case IR_T_MEMREF:
  case IR_T_UMEMREF:
  case IR_T_TENSOR:
  case IR_T_UTENSOR:
  case IR_T_VECTOR:
  case IR_T_COMPLEX:
    irw_type(w, t->elem);
    if (t->layout && (t->kind == IR_T_MEMREF || t->kind == IR_T_TENSOR))
      irw_attr_ex(w, t->layout, IRW_ELIDE_MAY);
    if (t->space && (t->kind == IR_T_MEMREF || t->kind == IR_T_UMEMREF))
      irw_attr_ex(w, t->space, IRW_ELIDE_MAY);
    break;
  case IR_T_FUNC:
    irw_types(w, ir_type_list(w->c, type), t->n + t->nres);
    break;
  case IR_T_TUPLE:
    irw_types(w, ir_type_list(w->c, type), t->n);
    break;
  default:
    break;
  }
  irw_visit_done(w, i, mark);
}

static void print_type(IrPrinter *w, uint32_t type);

static __attribute__((noinline)) void type_uncached(IrPrinter *w,
                                                    uint32_t type);

/* Types are printed from a cache of their text (see IrwCache); the rest is
 * out of line, so that this stays a leaf without a stack frame. */
void irw_type(IrPrinter *w, uint32_t type) {
  if (!w->sink && irw_cached(w, &w->type_text, type)) return;
  type_uncached(w, type);
}

static void type_uncached(IrPrinter *w, uint32_t type) {
  if (w->sink) {
    if (!type || type >= ir_n_types(w->c)) return;
    if (w->type_seen) visit_type(w, type);
    return;
  }
  if (!type || type >= ir_n_types(w->c)) {
    irw_str(w, "<<NULL TYPE>>");
    return;
  }
  IrwMark mk = irw_cache_begin(w);
  print_type(w, type);
  irw_cache_end(w, &w->type_text, type, mk);
}

static void print_type(IrPrinter *w, uint32_t type) {
  const IrType *t = ir_type(w->c, type);
  switch (t->kind) {
  case IR_T_INT:
    if (t->sub == IR_SIGNED) irw_putc(w, 's');
    else if (t->sub == IR_UNSIGNED) irw_putc(w, 'u');
    irw_putc(w, 'i');
    irw_u64(w, t->width);
    break;
  case IR_T_INDEX:
    irw_mem(w, "index", 5);
    break;
  case IR_T_FLOAT:
    irw_str(w, t->sub < IR_N_FLOAT_KINDS ? float_names[t->sub] : "<<BAD FLOAT>>");
    break;
  case IR_T_NONE:
    irw_mem(w, "none", 4);
    break;
  case IR_T_MEMREF:
    irw_mem(w, "memref<", 7);
    print_dims(w, ir_type_dims(w->c, type), t->n);
    irw_type(w, t->elem);
    if (t->layout) {
      irw_mem(w, ", ", 2);
      irw_attr_ex(w, t->layout, IRW_ELIDE_MAY);
    }
    if (t->space) {
      irw_mem(w, ", ", 2);
      irw_attr_ex(w, t->space, IRW_ELIDE_MAY);
    }
    irw_putc(w, '>');
    break;
  case IR_T_UMEMREF:
    irw_mem(w, "memref<*x", 9);
    irw_type(w, t->elem);
    if (t->space) {
      irw_mem(w, ", ", 2);
      irw_attr_ex(w, t->space, IRW_ELIDE_MAY);
    }
    irw_putc(w, '>');
    break;
  case IR_T_TENSOR:
    irw_mem(w, "tensor<", 7);
    print_dims(w, ir_type_dims(w->c, type), t->n);
    irw_type(w, t->elem);
    if (t->layout) {
      irw_mem(w, ", ", 2);
      irw_attr(w, t->layout);
    }
    irw_putc(w, '>');
    break;
  case IR_T_UTENSOR:
    irw_mem(w, "tensor<*x", 9);
    irw_type(w, t->elem);
    irw_putc(w, '>');
    break;
  case IR_T_VECTOR: {
    const int64_t *dims = ir_type_dims(w->c, type);
    irw_mem(w, "vector<", 7);
    for (uint32_t i = 0; i < t->n; i++) {
      int sc = i < 64 && (t->scalable >> i & 1);
      if (sc) irw_putc(w, '[');
      irw_i64(w, dims[i]);
      if (sc) irw_putc(w, ']');
      irw_putc(w, 'x');
    }
    irw_type(w, t->elem);
    irw_putc(w, '>');
    break;
  }
  case IR_T_FUNC: {
    const uint32_t *list = ir_type_list(w->c, type);
    irw_putc(w, '(');
    irw_types(w, list, t->n);
    irw_mem(w, ") -> ", 5);
    if (t->nres == 1 && ir_type(w->c, list[t->n])->kind != IR_T_FUNC) {
      irw_type(w, list[t->n]);
    } else {
      irw_putc(w, '(');
      irw_types(w, list + t->n, t->nres);
      irw_putc(w, ')');
    }
    break;
  }
  case IR_T_TUPLE:
    irw_mem(w, "tuple<", 6);
    irw_types(w, ir_type_list(w->c, type), t->n);
    irw_putc(w, '>');
    break;
  case IR_T_COMPLEX:
    irw_mem(w, "complex<", 8);
    irw_type(w, t->elem);
    irw_putc(w, '>');
    break;
  case IR_T_OPAQUE:
    irw_mem(w, ir_str_ptr(w->c, t->text), ir_str_len(w->c, t->text));
    break;
  default:
    irw_str(w, "<<BAD TYPE>>");
    break;
  }
}

/* A type's text for diagnostics (ir.h): the printer above, without
 * aliases, writing into a memory stream. */
/* Print one type or attribute into buf (see ir_type_str). */
static size_t to_str(const IrCtx *c, void (*fn)(IrPrinter *, uint32_t),
                     uint32_t id, char *buf, size_t cap) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f) {
    if (cap) buf[0] = 0;
    return 0;
  }
  IrPrinter w;
  memset(&w, 0, sizeof w);
  w.out = f;
  w.c = (IrCtx *)c;  /* printing a type or attribute interns nothing */
  w.cap_buf = IRW_BUF;
  w.o.buf = ir_xmalloc(w.cap_buf);
  irw_update_lim(&w);
  fn(&w, id);
  irw_flush(&w);
  free(w.o.buf);
  free(w.type_text.e);
  free(w.attr_text.e);
  free(w.tpool);
  fclose(f);
  if (cap) {
    size_t n = len < cap - 1 ? len : cap - 1;
    memcpy(buf, text, n);
    buf[n] = 0;
  }
  free(text);
  return len;
}

size_t ir_type_str(const IrCtx *c, uint32_t type, char *buf, size_t cap) {
  return to_str(c, irw_type, type, buf, cap);
}

size_t ir_attr_str(const IrCtx *c, uint32_t attr, char *buf, size_t cap) {
  return to_str(c, irw_attr, attr, buf, cap);
}

/* Shaped types from their parts, as MLIR prints them, for the verifiers'
 * messages about a type they expected (which they do not intern). PUT
 * appends to buf[0..cap) at *k, keeping the NUL within cap. */
#define PUT(...) (*k += (size_t)snprintf(buf + (*k < cap ? *k : cap), *k < cap ? cap - *k : 0, __VA_ARGS__))

/* `kind<2x?xf32` */
static void shaped_head(const IrCtx *c, char *buf, size_t cap, size_t *k,
                        const char *kind, uint32_t n, const int64_t *sizes,
                        uint32_t elem) {
  PUT("%s<", kind);
  for (uint32_t i = 0; i < n; i++)
    sizes[i] == IR_DYN ? PUT("?x") : PUT("%lldx", (long long)sizes[i]);
  char t[256];
  ir_type_str(c, elem, t, sizeof t);
  PUT("%s", t);
}

/* `, attr` */
static void attr_part(const IrCtx *c, char *buf, size_t cap, size_t *k,
                      uint32_t attr) {
  char t[256];
  ir_attr_str(c, attr, t, sizeof t);
  PUT(", %s", t);
}

void ir_tensor_parts_str(const IrCtx *c, char *buf, size_t cap, uint32_t n,
                         const int64_t *sizes, uint32_t elem, uint32_t encoding) {
  size_t at = 0, *k = &at;
  shaped_head(c, buf, cap, k, "tensor", n, sizes, elem);
  if (encoding) attr_part(c, buf, cap, k, encoding);
  PUT(">");
}

/* memref<2x?xf32, strided<[4, 1], offset: ?>, 1> (no layout unless
 * `strided`) */
void ir_memref_parts_str(const IrCtx *c, char *buf, size_t cap, uint32_t n,
                         const int64_t *sizes, uint32_t elem, int strided,
                         int64_t off, const int64_t *strides, uint32_t space) {
  size_t at = 0, *k = &at;
  shaped_head(c, buf, cap, k, "memref", n, sizes, elem);
  if (strided) {
    PUT(", strided<[");
    for (uint32_t i = 0; i < n; i++) {
      if (i) PUT(", ");
      strides[i] == IR_DYN ? PUT("?") : PUT("%lld", (long long)strides[i]);
    }
    PUT("]");
    if (off) off == IR_DYN ? PUT(", offset: ?") : PUT(", offset: %lld", (long long)off);
    PUT(">");
  }
  if (space) attr_part(c, buf, cap, k, space);
  PUT(">");
}
#undef PUT
