/*
 * print.c - the MLIR text printer core: buffered output, SSA value and block
 * names (MLIR's SSANameState), attribute / location aliases (MLIR's
 * AliasInitializer), ops in custom or generic form, regions, blocks, and
 * ir_print. Types are in print_type.c, attributes and locations in
 * print_attr.c.
 *
 * The output must read exactly like mlir-opt's, so the rules below follow
 * mlir/lib/IR/AsmPrinter.cpp closely: where MLIR has a quirk (value numbers
 * that continue into nested regions, one name conflict counter per region
 * chain, `// pred:` comments), we have it too.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <unistd.h>

#include "print.h"

/* ====================================================================== */
/* Output                                                                 */
/* ====================================================================== */

/* The buffer goes to the file descriptor itself when `out` has one: fwrite
 * of a buffer as big as stdio's own copied it through stdio's buffer in
 * small pieces (3 MB bench slice: 3.3M instructions of ir-dis's 139M).
 * Whatever the caller wrote to `out` before is flushed first, so the bytes
 * stay in order; memory streams (no descriptor) take fwrite. */
static int write_all(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t k = write(fd, p, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return -1;
    p += k;
    n -= (size_t)k;
  }
  return 0;
}

void irw_flush(IrPrinter *w) {
  if (w->o.len && !w->err) {
    int fd = fileno(w->out);
    if (fd >= 0 ? fflush(w->out) != 0 || write_all(fd, w->o.buf, w->o.len) != 0
                : fwrite(w->o.buf, 1, w->o.len, w->out) != w->o.len)
      w->err = 1;
  }
  w->o.len = 0;
  w->n_flush++;
}

void irw_put_slow(IrPrinter *w, const char *s, size_t n) {
  if (w->sink) return;
  while (n) {
    size_t room = w->cap_buf - w->o.len;
    if (!room) {
      irw_flush(w);
      room = w->cap_buf;
    }
    size_t k = n < room ? n : room;
    memcpy(w->o.buf + w->o.len, s, k);
    w->o.len += k;
    s += k;
    n -= k;
  }
}

void irw_mem(IrPrinter *w, const char *s, size_t n) { irw_put(w, s, n); }

IrwMark irw_cache_begin(IrPrinter *w) {
  /* room for a typical text, so that it is not cut by a flush */
  if (w->cap_buf - w->o.len < 256) irw_flush(w);
  IrwMark mk = {w->o.len, w->n_flush};
  return mk;
}

/* Whether the text printed since mk may be kept (whole and not empty). */
static int keepable(const IrPrinter *w, IrwMark mk) {
  size_t n = w->o.len - mk.start;
  return w->n_flush == mk.n_flush && n && n <= 0xffff;
}

/* Copy the text printed since mk to the text pool. */
static IrwText tpool_keep(IrPrinter *w, IrwMark mk) {
  uint32_t n = (uint32_t)(w->o.len - mk.start);
  ir_vgrow((void **)&w->tpool, &w->cap_tpool, w->n_tpool + n + IRW_PAD, 1);
  memcpy(w->tpool + w->n_tpool, w->o.buf + mk.start, n);
  IrwText t = {w->n_tpool, n};
  w->n_tpool += n;
  return t;
}

void irw_cache_end(IrPrinter *w, IrwCache *c, uint32_t key, IrwMark mk) {
  if (!keepable(w, mk)) return;
  if (key >= c->cap) {
    uint32_t cap = c->cap;
    ir_vgrow((void **)&c->e, &cap, key + 1, sizeof *c->e);
    memset(c->e + c->cap, 0, (cap - c->cap) * sizeof *c->e);
    c->cap = cap;
  }
  c->e[key] = tpool_keep(w, mk);
}

void irw_key_cache_end(IrPrinter *w, IrwKeyText *e, uint32_t key,
                       IrwMark mk) {
  if (!e || !keepable(w, mk)) return;
  e->key = key;
  e->text = tpool_keep(w, mk);
}

void (irw_str)(IrPrinter *w, const char *s) { irw_put(w, s, strlen(s)); }

void irw_fmt(IrPrinter *w, const char *fmt, ...) {
  char tmp[256];
  va_list ap;
  if (w->sink) return;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n < sizeof tmp) {
    irw_mem(w, tmp, (size_t)n);
    return;
  }
  char *big = ir_xmalloc((size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  irw_mem(w, big, (size_t)n);
  free(big);
}

/* "00" "01" ... "99": two digits per division. */
static const char digits2[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* Decimal digits of v (at most 20) ending at `end`; returns the first. */
static inline char *fmt_u64(char *end, uint64_t v) {
  char *p = end;
  while (v >= 100) {
    p -= 2;
    memcpy(p, digits2 + 2 * (v % 100), 2);
    v /= 100;
  }
  if (v >= 10) {
    p -= 2;
    memcpy(p, digits2 + 2 * v, 2);
  } else {
    *--p = (char)('0' + v);
  }
  return p;
}

void irw_u64(IrPrinter *w, uint64_t v) {
  if (v < 10) {
    irw_putc(w, (char)('0' + v));
    return;
  }
  if (v < 100) {
    irw_put(w, digits2 + 2 * v, 2);
    return;
  }
  char tmp[24], *p = fmt_u64(tmp + sizeof tmp, v);
  irw_put(w, p, (size_t)(tmp + sizeof tmp - p));
}

void irw_i64(IrPrinter *w, int64_t v) {
  if (v < 0) {
    irw_putc(w, '-');
    irw_u64(w, (uint64_t)0 - (uint64_t)v);
  } else {
    irw_u64(w, (uint64_t)v);
  }
}

static const char spaces32[33] = "                                ";

static void spaces_slow(IrPrinter *w, uint32_t n) {
  for (; n > 16; n -= 16) irw_put(w, spaces32, 16);
  irw_put(w, spaces32, n);
}

/* The indentation of every line: inline. */
static inline void irw_spaces(IrPrinter *w, uint32_t n) {
  if (n <= 32 && w->o.len + 32 <= w->o.lim) {
    /* a fixed 32-byte copy: the bytes past n are overwritten later */
    memcpy(w->o.buf + w->o.len, spaces32, 32);
    w->o.len += n;
    return;
  }
  spaces_slow(w, n);
}

void irw_newline(IrPrinter *w) {
  irw_putc(w, '\n');
  irw_spaces(w, w->indent);
}

IrCtx *irw_ctx(IrPrinter *w) { return w->c; }
int irw_generic(IrPrinter *w) { return w->generic; }

/* ====================================================================== */
/* SSA names                                                              */
/* ====================================================================== */

/* Pool entries are an in-use flag byte, a 4-byte length, the bytes, a
 * NUL; a name's offset is that of its bytes, so printing it needs no
 * strlen. */
#define POOL_HDR 5
static inline uint32_t pool_add(IrPrinter *w, const char *s, size_t n) {
  if (n >= IRW_MULTI - 16 - w->n_pool) ir_die("printer name pool overflow");
  if (w->n_pool + n + POOL_HDR + 1 + IRW_PAD > w->cap_pool)
    ir_vgrow((void **)&w->pool, &w->cap_pool,
             w->n_pool + (uint32_t)n + POOL_HDR + 1 + IRW_PAD, 1);
  uint32_t off = w->n_pool + POOL_HDR, len = (uint32_t)n;
  w->pool[off - POOL_HDR] = 0;
  memcpy(w->pool + off - 4, &len, 4);
  irw_copy(w->pool + off, s, n);
  w->pool[off + n] = 0;
  w->n_pool += (uint32_t)n + POOL_HDR + 1;
  return off;
}

static inline uint32_t pool_len(const IrPrinter *w, uint32_t off) {
  uint32_t len;
  memcpy(&len, w->pool + off - 4, 4);
  return len;
}

static uint32_t name_hash(const char *s, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ (uint8_t)s[i]) * 16777619u;
  return h;
}

/* Double the interned names' slots. */
static __attribute__((noinline)) void itab_grow(IrPrinter *w) {
  uint32_t ns = 2 * (w->itab_mask + 1);
  struct IrwName *old = w->itab;
  uint32_t old_n = w->itab_mask + 1;
  w->itab = ir_xcalloc(ns, sizeof *w->itab);
  w->itab_mask = ns - 1;
  for (uint32_t k = 0; k < old_n; k++) {
    if (!old[k].off) continue;
    uint32_t i = old[k].hash & w->itab_mask;
    while (w->itab[i].off) i = (i + 1) & w->itab_mask;
    w->itab[i] = old[k];
  }
  free(old);
}

/* The pool offset of name s (length n, name_hash h), entered in the pool
 * if new. s must not be in the pool (which pool_add may move). */
static uint32_t name_intern(IrPrinter *w, const char *s, size_t n,
                            uint32_t h) {
  uint32_t i = h & w->itab_mask;
  for (;; i = (i + 1) & w->itab_mask) {
    const struct IrwName *e = &w->itab[i];
    if (!e->off) break;
    if (e->hash == h && pool_len(w, e->off) == n) {
      const char *t = w->pool + e->off;
      size_t k = 0;
      while (k < n && t[k] == s[k]) k++;
      if (k == n) return e->off;
    }
  }
  uint32_t off = pool_add(w, s, n);
  w->itab[i] = (struct IrwName){off, h};
  if (2 * ++w->n_itab > w->itab_mask + 1) itab_grow(w);
  return off;
}

/* Take interned name off for the current scope; 0 if it is in use. */
static inline int name_take(IrPrinter *w, uint32_t off) {
  if (w->pool[off - POOL_HDR]) return 0;
  w->pool[off - POOL_HDR] = 1;
  IR_VPUSH(w->used, w->n_used, w->cap_used, off);
  return 1;
}

static void scope_push(IrPrinter *w) {
  IR_VPUSH(w->scopes, w->n_scopes, w->cap_scopes, w->n_used);
}

static void scope_pop(IrPrinter *w) {
  uint32_t mark = w->scopes[--w->n_scopes];
  while (w->n_used > mark) w->pool[w->used[--w->n_used] - POOL_HDR] = 0;
}

/* The interned `base_num`. The same few recur in every function (the
 * conflict counter starts again in each), so they are cached by (base,
 * num) in a direct-mapped table instead of being spelled and hashed. */
static uint32_t suffixed_name(IrPrinter *w, uint32_t base, uint32_t num) {
  if (!w->suffixes) {
    /* a slot per 8 ops, 64 to 1024: callgrind counts the zeroing per
     * byte, and a stream of small modules allocates it again for each */
    uint32_t lg = 6;
    while (lg < 10 && (w->m->n_ops >> 3) >> lg) lg++;
    w->suffixes = ir_xcalloc((size_t)1 << lg, sizeof *w->suffixes);
    w->suffixes_shift = 64 - lg;
  }
  uint64_t key = ((uint64_t)base << 32 | num) * 0x9E3779B97F4A7C15ull;
  struct IrwSuffix *e = &w->suffixes[key >> w->suffixes_shift];
  if (e->off && e->base == base && e->num == num) return e->off;
  uint32_t len = pool_len(w, base);
  ir_vgrow((void **)&w->scratch, &w->cap_scratch, len + 26, 1);
  char *buf = w->scratch, num_s[24];
  memcpy(buf, w->pool + base, len);
  buf[len] = '_';
  char *p = fmt_u64(num_s + sizeof num_s, num);
  uint32_t k = (uint32_t)(num_s + sizeof num_s - p);
  memcpy(buf + len + 1, p, k);
  uint32_t off = name_intern(w, buf, len + 1 + k, name_hash(buf, len + 1 + k));
  *e = (struct IrwSuffix){base, num, off};
  return off;
}

/* MLIR's uniqueValueName for interned name `base`: itself, or base_N with
 * N from the conflict counter until unused. Returns the name taken. */
static __attribute__((noinline)) uint32_t unique_conflict(IrPrinter *w,
                                                          uint32_t base) {
  for (;;) {
    uint32_t off = suffixed_name(w, base, w->next_conflict++);
    if (name_take(w, off)) return off;
  }
}

/* Inline: most names are free (20 MB corpus: the call's frame was 18 of
 * its 44 instructions). */
static inline uint32_t unique_interned(IrPrinter *w, uint32_t base) {
  if (name_take(w, base)) return base;
  return unique_conflict(w, base);
}

/* unique_interned of a name t that needs no sanitizing (length len,
 * name_hash h). t must not be in the pool. */
static uint32_t unique_valid(IrPrinter *w, const char *t, uint32_t len,
                             uint32_t h) {
  w->last_base = name_intern(w, t, len, h);
  return unique_interned(w, w->last_base);
}

/* The interned `argN`, cached by N. */
static uint32_t arg_name(IrPrinter *w, uint32_t num) {
  if (num < w->cap_arg_names && w->arg_names[num]) return w->arg_names[num];
  if (num >= w->cap_arg_names) {
    uint32_t cap = w->cap_arg_names;
    ir_vgrow((void **)&w->arg_names, &cap, num + 1, sizeof *w->arg_names);
    memset(w->arg_names + w->cap_arg_names, 0,
           (cap - w->cap_arg_names) * sizeof *w->arg_names);
    w->cap_arg_names = cap;
  }
  char nm[32];
  char *p = fmt_u64(nm + sizeof nm, num);
  p -= 3;
  memcpy(p, "arg", 3);
  uint32_t n = (uint32_t)(nm + sizeof nm - p);
  return w->arg_names[num] = name_intern(w, p, n, name_hash(p, n));
}

/* The bytes MLIR keeps in value names: [$-.0-9A-Za-z_] (ASCII only). */
static const unsigned char name_ok[256] = {
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0,
      1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0,
      0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
      1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1,
      0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
      1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,
};

/* MLIR's sanitizeIdentifier for value names: keep [A-Za-z0-9$._-], a
 * space becomes `_`, other bytes their hex code; a leading digit gets a `_`
 * prefix. Returns s itself when it needs no change (the common case), else
 * the sanitized copy in w->scratch; *len receives the length and *hash its
 * name_hash (computed in the same pass). */
static const char *sanitize(IrPrinter *w, const char *s, size_t n,
                            uint32_t *len, uint32_t *hash) {
  static const char hex[] = "0123456789ABCDEF";
  size_t i = 0;
  uint32_t h = 2166136261u;
  if (!n || !(s[0] >= '0' && s[0] <= '9')) {
    for (; i < n; i++) {
      unsigned char ch = (unsigned char)s[i];
      if (!name_ok[ch]) break;
      h = (h ^ ch) * 16777619u;
    }
    if (i == n) {
      *len = (uint32_t)n;
      *hash = h;
      return s;
    }
  }
  ir_vgrow((void **)&w->scratch, &w->cap_scratch, (uint32_t)(3 * n + 26), 1);
  char *o = w->scratch;
  uint32_t k = 0;
  if (s[0] >= '0' && s[0] <= '9') o[k++] = '_';
  for (i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (ch < 128 && name_ok[ch]) {
      o[k++] = (char)ch;
    } else if (ch == ' ') {
      o[k++] = '_';
    } else {
      /* llvm::utohexstr: no leading zero */
      if (ch >> 4) o[k++] = hex[ch >> 4];
      o[k++] = hex[ch & 15];
    }
  }
  *len = k;
  *hash = name_hash(o, k);
  return o;
}

/* unique_valid of the sanitized s. in_pool: s is in the pool itself (a
 * block argument hint). */
static uint32_t unique_name(IrPrinter *w, const char *s, size_t n, int in_pool) {
  uint32_t len = 0, h;
  const char *t = sanitize(w, s, n, &len, &h);
  if (t == s && in_pool) {
    /* copy it away before pool_add may move the pool */
    ir_vgrow((void **)&w->scratch, &w->cap_scratch, len + 26, 1);
    memcpy(w->scratch, s, len);
    t = w->scratch;
  }
  return unique_valid(w, t, len, h);
}

static void set_value_name(IrPrinter *w, uint32_t v, const char *s, size_t n,
                           int in_pool) {
  if (!n) {
    w->vid[v] = w->next_value++;
    return;
  }
  w->vid[v] = IRW_NAMED | unique_name(w, s, n, in_pool);
}

/* The result value v of the op being named, if it may take a name (else
 * IR_NONE: v is a block argument, or not one of the op's, or named). */
static inline const IrValue *unnamed_result(const IrPrinter *w, uint32_t v) {
  const IrModule *m = w->m;
  if (w->cur_op == IR_NONE || v >= m->n_values) return NULL;
  const IrValue *val = &m->values[v];
  if (val->kind != IR_VAL_RESULT || val->def != w->cur_op ||
      w->vid[v] != IRW_UNSET)
    return NULL;
  return val;
}

/* A named result starts a result group (see irw_set_name). */
static inline void group_start(IrPrinter *w, const IrValue *val) {
  if (val->num)
    IR_VPUSH(w->cur_groups, w->n_cur_groups, w->cap_cur_groups, val->num);
}

/* irw_set_name of hint s, n bytes. */
static void set_name(IrPrinter *w, uint32_t v, const char *s, size_t n) {
  const IrModule *m = w->m;
  uint32_t op = w->cur_op;
  if (op == IR_NONE || v >= m->n_values) return;
  const IrValue *val = &m->values[v];
  if (val->kind == IR_VAL_RESULT) {
    if (unnamed_result(w, v)) {
      set_value_name(w, v, s, n, 0);
      group_start(w, val);
    }
    return;
  }
  /* A block argument of one of the op's regions (MLIR's
   * getAsmBlockArgumentNames): named when its region is numbered. */
  const IrOp *o = &m->ops[op];
  uint32_t r = m->blocks[val->def].region;
  if (r < o->regions || r >= o->regions + o->n_regions || !n) return;
  if (!w->vhint) {
    w->vhint = ir_xmalloc((size_t)m->n_values * sizeof *w->vhint);
    memset(w->vhint, 0xff, (size_t)m->n_values * sizeof *w->vhint);
  }
  w->vhint[v] = pool_add(w, s, n);
}

void irw_set_name(IrPrinter *w, uint32_t v, const char *hint) {
  set_name(w, v, hint, strlen(hint));
}

void irw_set_name_n(IrPrinter *w, uint32_t v, const char *name, size_t n) {
  const IrValue *val = unnamed_result(w, v);
  if (!val || !n) {             /* block arguments, ignored calls */
    set_name(w, v, name, n);
    return;
  }
  w->vid[v] = IRW_NAMED | unique_valid(w, name, (uint32_t)n, name_hash(name, n));
  group_start(w, val);
}

/* Ops whose custom form, from the op name on, and whose names hook's name
 * are functions of (opcode, default dialect, properties, attributes,
 * result type) when they have no operands, regions or successors: their
 * printers read nothing else. Most lines of `%alloc = memref.alloc() :
 * memref<8xf32>` and `%c0 = arith.constant 0 : index` repeat, so their
 * text and base name are kept (20 MB corpus: 61k allocs at ~330
 * instructions of printing and ~220 of naming each, 54k constants at ~170
 * and ~290). */
static inline int memo_opcode(uint32_t opc) {
  return opc == IR_OP_ALLOC || opc == IR_OP_ALLOCA || opc == IR_OP_CONSTANT;
}

static inline int memo_shape(const IrOp *o) {
  return !o->n_operands && !o->n_regions && !o->n_succs && o->n_results == 1;
}

/* Ops whose names hook's base name is a function of (opcode, properties,
 * attributes, result type) whatever their operands: those of memo_opcode
 * and memref.subview, and allocs with dynamic sizes (20 MB corpus: 12k
 * subviews and 9k such allocs at ~230 instructions of naming each;
 * ir_print 239.3M -> 235.3M). Inline: number_op tests it for every op with
 * a names hook (GCC kept it out of line, a call each: 241.2M -> 239.3M). */
static inline int name_memo(const IrOp *o) {
  int opc_ok = memo_opcode(o->opc) || o->opc == IR_OP_SUBVIEW;
  return opc_ok && !o->n_regions && !o->n_succs && o->n_results == 1;
}

static inline IrwOpText *op_text_slot(IrPrinter *w, IrwOpText *tab,
                                      const IrOp *o, uint32_t form,
                                      uint32_t type) {
  uint64_t h = ((uint64_t)form << 48 ^ (uint64_t)o->props << 24 ^
                (uint64_t)o->attrs ^ (uint64_t)type << 36) *
               0x9E3779B97F4A7C15ull;
  return &tab[h >> w->op_texts_shift];
}

/* Whether slot e holds the text of key (form, o's props and attrs, type). */
static inline int op_text_hit(const IrwOpText *e, const IrOp *o, uint32_t form,
                              uint32_t type) {
  return e->form == form && e->props == o->props && e->attrs == o->attrs &&
         e->type == type;
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* Sort a[0..n): insertion for the usual few (libc's qsort cost ~370
 * instructions for the 4 result groups of extract_strided_metadata, a
 * tenth of naming one on the mixed corpus), qsort for long lists. */
static void sort_u32(uint32_t *a, uint32_t n) {
  if (n > 16) {
    qsort(a, n, sizeof *a, cmp_u32);
    return;
  }
  for (uint32_t i = 1; i < n; i++) {
    uint32_t x = a[i], j = i;
    for (; j && a[j - 1] > x; j--) a[j] = a[j - 1];
    a[j] = x;
  }
}

static __attribute__((noinline)) void preds_add(IrPrinter *w, const IrOp *o);

/* The slot of op_names for o (of name_memo) and its key. */
static inline IrwOpText *name_memo_slot(IrPrinter *w, const IrOp *o,
                                        uint32_t *form, uint32_t *type) {
  *type = w->m->values[o->results].type;
  *form = (uint32_t)o->opc * IRW_N_DIALECTS + 1;
  return op_text_slot(w, w->op_names, o, *form, *type);
}

/* Name o's result (o of name_memo) from the base name its names hook
 * gave the last such op with the same key; 0 (nothing done) if none is
 * kept. Inline in number_op, before number_op_slow's call and set-up:
 * most such ops hit (20 MB corpus: ir_print 246.5M -> 243.6M
 * instructions; number_op must then be forced inline: GCC left it out of
 * line, 250.5M). */
static inline int name_memo_hit(IrPrinter *w, const IrOp *o) {
  uint32_t form, type;
  const IrwOpText *e = name_memo_slot(w, o, &form, &type);
  if (!op_text_hit(e, o, form, type)) return 0;
  uint32_t res = o->results;
  if (e->text.off) w->vid[res] = IRW_NAMED | unique_interned(w, e->text.off);
  else if (w->vid[res] == IRW_UNSET) w->vid[res] = w->next_value++;
  return 1;
}

static __attribute__((noinline)) void number_op_slow(IrPrinter *w, uint32_t op,
                                                    IrwHook names);

/* Name the results of op (and record its successors' predecessor uses).
 * Inline: most ops have no names hook and at most one result. */
static inline __attribute__((always_inline)) void number_op(IrPrinter *w,
                                                          uint32_t op) {
  const IrModule *m = w->m;
  const IrOp *o = &m->ops[op];
  if (o->n_succs && w->pred_fill) preds_add(w, o);
  IrwHook names = o->opc < IR_N_OPS ? w->names[o->opc] : NULL;
  if (names || o->n_results > 1) {
    if (names && name_memo(o) && name_memo_hit(w, o)) return;
    number_op_slow(w, op, names);
    return;
  }
  if (o->n_results && w->vid[o->results] == IRW_UNSET)
    w->vid[o->results] = w->next_value++;
}

/* Run the names hook of op (of name_memo), or give its result the
 * base name the hook gave the last such op with the same key. */
static void name_memo_op(IrPrinter *w, const IrOp *o, uint32_t op,
                         IrwHook names) {
  uint32_t res = o->results, form, type;
  IrwOpText *e = name_memo_slot(w, o, &form, &type);
  if (op_text_hit(e, o, form, type)) {
    if (e->text.off) w->vid[res] = IRW_NAMED | unique_interned(w, e->text.off);
    return;
  }
  w->last_base = 0;
  w->cur_op = op;
  names(w, w->m, op);
  w->cur_op = IR_NONE;
  uint32_t id = w->vid[res];
  uint32_t base = id != IRW_UNSET && (id & IRW_NAMED) ? w->last_base : 0;
  *e = (IrwOpText){form, o->props, o->attrs, type, {base, 0}};
}

/* number_op for an op with a names hook (else NULL) or several results. */
static void number_op_slow(IrPrinter *w, uint32_t op, IrwHook names) {
  const IrModule *m = w->m;
  const IrOp *o = &m->ops[op];
  w->n_cur_groups = 0;
  if (names) {
    /* result groups start at 0; the hook adds the starts of the others
     * (only a hook can make more than one); ir_print made room for one */
    w->cur_groups[0] = 0;
    w->n_cur_groups = 1;
    if (name_memo(o)) {
      name_memo_op(w, o, op, names);
    } else {
      w->cur_op = op;
      names(w, m, op);
      w->cur_op = IR_NONE;
    }
  }
  if (!o->n_results) return;
  if (w->vid[o->results] == IRW_UNSET) w->vid[o->results] = w->next_value++;
  if (o->n_results != 1) {
    /* the names are final: mark them for print_value's slow path */
    for (uint32_t v = o->results; v < o->results + o->n_results; v++)
      w->vid[v] |= IRW_MULTI;
  }
  if (w->n_cur_groups > 1) {
    sort_u32(w->cur_groups, w->n_cur_groups);
    if (!w->groups) {
      w->groups = ir_xcalloc(m->n_ops, sizeof *w->groups);
      IR_VPUSH(w->gpool, w->n_gpool, w->cap_gpool, 0); /* offset 0 = none */
    }
    w->groups[op] = w->n_gpool;
    IR_VPUSH(w->gpool, w->n_gpool, w->cap_gpool, w->n_cur_groups);
    for (uint32_t i = 0; i < w->n_cur_groups; i++)
      IR_VPUSH(w->gpool, w->n_gpool, w->cap_gpool, w->cur_groups[i]);
  }
}

/* MLIR numbers regions from a stack: each nested region starts from the
 * counters its parent region had when it was done, in a names scope nested
 * in the parent's. */
typedef IrwNameCtx NameCtx;
typedef IrwNameStack NameStack;

/* Number region r (names scope `depth`), pushing its ops' regions on st as
 * they are met; their counters, those at the end of r, are filled in after
 * r is done. */
static void number_region(IrPrinter *w, uint32_t r, NameStack *st,
                          uint32_t depth) {
  const IrModule *m = w->m;
  const IrRegion *rg = &m->regions[r];
  uint32_t n0 = st->n;
  if (w->vhint) {
    for (uint32_t b = rg->blocks; b < rg->blocks + rg->n_blocks; b++) {
      const IrBlock *bl = &m->blocks[b];
      for (uint32_t v = bl->args; v < bl->args + bl->n_args; v++) {
        if (w->vhint[v] == IRW_UNSET) continue;
        uint32_t off = w->vhint[v];
        set_value_name(w, v, w->pool + off, pool_len(w, off), 1);
      }
    }
  }
  for (uint32_t b = rg->blocks; b < rg->blocks + rg->n_blocks; b++) {
    const IrBlock *bl = &m->blocks[b];
    int entry = b == rg->blocks;
    for (uint32_t v = bl->args; v < bl->args + bl->n_args; v++) {
      if (w->vid[v] != IRW_UNSET) continue;
      if (entry && w->generic) {
        /* no hooks name values in the generic form, and one counter runs
         * through the whole module: its `argN` cannot conflict, and none
         * recurs to be worth interning (20 MB corpus --generic: ir_print
         * 440.5M instructions interned, 418.9M so) */
        char nm[32];
        char *p = fmt_u64(nm + sizeof nm, w->next_arg++);
        p -= 3;
        memcpy(p, "arg", 3);
        w->vid[v] = IRW_NAMED | pool_add(w, p, (size_t)(nm + sizeof nm - p));
      } else if (entry) {
        w->vid[v] = IRW_NAMED | unique_interned(w, arg_name(w, w->next_arg++));
      } else {
        w->vid[v] = w->next_value++;
      }
    }
    /* the bound in a local: the stores to w->vid could alias bl's fields,
     * which were loaded again for every op (20 MB corpus: ir_print
     * 230.1M -> 229.1M) */
    for (uint32_t op = bl->ops, end = bl->ops + bl->n_ops; op < end; op++) {
      number_op(w, op);
      const IrOp *o = &m->ops[op];
      for (uint32_t k = 0; k < o->n_regions; k++) {
        NameCtx d = {o->regions + k, 0, 0, 0, depth};
        IR_VPUSH(st->e, st->n, st->cap, d);
      }
    }
  }
  for (uint32_t i = n0; i < st->n; i++) {
    st->e[i].next_value = w->next_value;
    st->e[i].next_arg = w->next_arg;
    st->e[i].next_conflict = w->next_conflict;
  }
}

/* Number the regions on w->name_st and all regions nested in them. */
static void number_pending(IrPrinter *w) {
  NameStack *st = &w->name_st;
  while (st->n) {
    NameCtx c = st->e[--st->n];
    if (!w->generic) {
      /* MLIR's generic form implies unique SSA ids: the counters then run
       * on through the whole walk (in its last-region-first order). */
      w->next_value = c.next_value;
      w->next_arg = c.next_arg;
      w->next_conflict = c.next_conflict;
    }
    while (w->n_scopes > c.scope) scope_pop(w);
    scope_push(w);
    number_region(w, c.region, st, w->n_scopes);
  }
}

/* Number the regions of op, an op of the module's body, and all regions
 * nested in them, just before op is printed (see number_module). */
static void number_subtree(IrPrinter *w, uint32_t op) {
  const IrOp *o = &w->m->ops[op];
  for (uint32_t k = 0; k < o->n_regions; k++) {
    NameCtx d = w->body_ctx;
    d.region = o->regions + k;
    IR_VPUSH(w->name_st.e, w->name_st.n, w->name_st.cap, d);
  }
  number_pending(w);
}

/* Name every value (MLIR's SSANameState). The regions of the ops of a
 * one-region top op's body (functions) are left to number_subtree, which
 * print_block calls before printing each such op: numbering its subtree
 * then gives the same names (each such region starts from the counters at
 * the end of the body and from the body's names scope, whatever was
 * numbered before), and the printer then reads the op records and values
 * it has just loaded instead of walking the whole module twice. Not in
 * the generic form (one counter runs through the module) nor with the
 * alias pass (which prints before any naming). */
static void number_from(IrPrinter *w, uint32_t root, int lazy);
static void number_module(IrPrinter *w, int lazy) { number_from(w, 0, lazy); }

/* number_module from op `root` (not lazily unless it is op 0). */
static void number_from(IrPrinter *w, uint32_t root, int lazy) {
  const IrModule *m = w->m;
  NameStack *st = &w->name_st;
  w->n_values = m->n_values;
  w->vid = ir_xmalloc((size_t)(m->n_values ? m->n_values : 1) * sizeof *w->vid);
  memset(w->vid, 0xff, (size_t)m->n_values * sizeof *w->vid);
  w->cur_op = IR_NONE;
  pool_add(w, "", 0);
  w->itab = ir_xcalloc(64, sizeof *w->itab);
  w->itab_mask = 63;
  scope_push(w);                          /* the top-level scope: depth 1 */
  if (!m->n_ops) return;
  const IrOp *top = &m->ops[root];
  for (uint32_t k = 0; k < top->n_regions; k++) {
    NameCtx c = {top->regions + k, 0, 0, 0, 1};
    IR_VPUSH(st->e, st->n, st->cap, c);
  }
  number_op(w, root);
  if (!lazy || root || w->generic || top->n_regions != 1) {
    number_pending(w);
    return;
  }
  /* the body alone; its ops' regions, pushed on st, all start from the
   * same counters and scope */
  NameCtx c = st->e[--st->n];
  w->next_value = c.next_value;
  w->next_arg = c.next_arg;
  w->next_conflict = c.next_conflict;
  scope_push(w);
  number_region(w, c.region, st, w->n_scopes);
  /* where every op's regions start (ir_print_piece needs it even when
   * the first op has none) */
  w->body_ctx = st->n ? st->e[0]
                      : (NameCtx){IR_NONE, w->next_value, w->next_arg,
                                  w->next_conflict, w->n_scopes};
  st->n = 0;
  w->lazy_region = c.region;
}

/* Print value v: `%name`, `%N`, or a member of a result group `%N#k`. */
static __attribute__((noinline)) void print_value_slow(IrPrinter *w, uint32_t v,
                                                       int result_no);

/* The common case of a value: a block argument or the only result of its
 * op (the others, and IRW_UNSET, have IRW_MULTI set), whose `%name` or
 * `%N` is written at b, which has VALUE_ROOM bytes; returns its length, 0
 * (nothing written) for any other value or a name over 32 bytes. */
#define VALUE_ROOM 40
static inline size_t value_raw(const IrPrinter *w, char *b, uint32_t id) {
  if (id & IRW_MULTI) return 0;
  b[0] = '%';
  if (id & IRW_NAMED) {
    uint32_t off = id & ~IRW_NAMED, n = pool_len(w, off);
    if (n > 32) return 0;
    memcpy(b + 1, w->pool + off, 32);  /* the pool has IRW_PAD bytes after */
    return n + 1;
  }
  if (id < 10) {
    b[1] = (char)('0' + id);
    return 2;
  }
  if (id < 100) {
    memcpy(b + 1, digits2 + 2 * id, 2);
    return 3;
  }
  /* at most 10 digits before tmp + 16, copied 16 bytes wide */
  char tmp[32], *end = tmp + 16, *p;
  memset(end, 0, 16);
  p = fmt_u64(end, id);
  memcpy(b + 1, p, 16);
  return (size_t)(end - p) + 1;
}

static inline uint32_t value_id(const IrPrinter *w, uint32_t v) {
  return v < w->n_values ? w->vid[v] : IRW_UNSET;
}

static inline void print_value(IrPrinter *w, uint32_t v, int result_no) {
  if (w->o.len + VALUE_ROOM <= w->o.lim) {
    size_t k = value_raw(w, w->o.buf + w->o.len, value_id(w, v));
    if (k) {
      w->o.len += k;
      return;
    }
  }
  print_value_slow(w, v, result_no);
}

static void print_value_slow(IrPrinter *w, uint32_t v, int result_no) {
  const IrModule *m = w->m;
  if (v >= m->n_values) {
    irw_str(w, "<<UNKNOWN SSA VALUE>>");
    return;
  }
  const IrValue *val = &m->values[v];
  uint32_t look = v;
  int64_t no = -1;
  if (val->kind == IR_VAL_RESULT) {
    const IrOp *o = &m->ops[val->def];
    if (o->n_results != 1) {
      uint32_t g = w->groups ? w->groups[val->def] : 0;
      if (!g) {
        no = val->num;
        look = o->results;
      } else {
        const uint32_t *gs = w->gpool + g + 1;
        uint32_t ng = w->gpool[g];
        uint32_t i = 0; /* first group start greater than num */
        while (i < ng && gs[i] <= val->num) i++;
        uint32_t start = gs[i - 1];
        uint32_t size = i == ng ? o->n_results - start : gs[i] - start;
        if (size != 1) no = val->num - start;
        look = o->results + start;
      }
    }
  }
  uint32_t id = w->vid[look];
  if (id == IRW_UNSET) { /* MLIR's printValueID: no `%` */
    irw_str(w, "<<UNKNOWN SSA VALUE>>");
    return;
  }
  id &= ~IRW_MULTI;
  irw_putc(w, '%');
  if (id & IRW_NAMED)
    irw_put(w, w->pool + (id & ~IRW_NAMED), pool_len(w, id & ~IRW_NAMED));
  else
    irw_u64(w, id);
  if (no >= 0 && result_no) {
    irw_putc(w, '#');
    irw_u64(w, (uint64_t)no);
  }
}

void irw_value(IrPrinter *w, uint32_t v) {
  if (!w->sink) print_value(w, v, 1);
}

/* MLIR prints a block argument's location in full (never an alias: "We
 * should allow location aliases on block arguments"), yet its alias pass
 * visits it as not deferrable, so it takes a `#locN` number and its
 * definition goes before the module. */
void irw_arg_loc(IrPrinter *w, uint32_t v) {
  if (!w->debuginfo) return;
  uint32_t loc = w->m->values[v].loc;
  if (w->sink) {
    uint32_t mark = w->n_kid_stack;
    irw_visit_loc(w, loc, 0, NULL);
    w->n_kid_stack = mark;
    return;
  }
  irw_putc(w, ' ');
  irw_loc(w, loc, 0);
}

void irw_values(IrPrinter *w, const uint32_t *vals, uint32_t n) {
  if (w->sink) return;
  for (uint32_t i = 0; i < n; i++) {
    /* `, ` and the value with one room check */
    if (w->o.len + VALUE_ROOM + 2 <= w->o.lim) {
      char *b = w->o.buf + w->o.len;
      memcpy(b, ", ", 2);
      b += i ? 2 : 0;
      size_t k = value_raw(w, b, value_id(w, vals[i]));
      if (k) {
        w->o.len = (size_t)(b + k - w->o.buf);
        continue;
      }
    }
    if (i) irw_put(w, ", ", 2);
    print_value_slow(w, vals[i], 1);
  }
}

void irw_operands(IrPrinter *w, const IrModule *m, uint32_t op, uint32_t first,
                  uint32_t n) {
  irw_values(w, m->operands + m->ops[op].operands + first, n);
}

void irw_value_types(IrPrinter *w, const IrModule *m, const uint32_t *vals,
                     uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    if (i) irw_mem(w, ", ", 2);
    irw_type(w, m->values[vals[i]].type);
  }
}

void irw_types(IrPrinter *w, const uint32_t *types, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    if (i) irw_mem(w, ", ", 2);
    irw_type(w, types[i]);
  }
}

void irw_result_types(IrPrinter *w, const IrModule *m, uint32_t op) {
  const IrOp *o = &m->ops[op];
  int wrap = o->n_results != 1 ||
             ir_type(w->c, m->values[o->results].type)->kind == IR_T_FUNC;
  if (wrap) irw_putc(w, '(');
  for (uint32_t i = 0; i < o->n_results; i++) {
    if (i) irw_mem(w, ", ", 2);
    irw_type(w, m->values[o->results + i].type);
  }
  if (wrap) irw_putc(w, ')');
}

/* ====================================================================== */
/* Blocks: names and predecessors                                         */
/* ====================================================================== */

static void print_block_name(IrPrinter *w, uint32_t b) {
  const IrModule *m = w->m;
  irw_mem(w, "^bb", 3);
  irw_u64(w, b - m->regions[m->blocks[b].region].blocks);
}

/* Predecessor uses of every block, as CSR: w->preds[b]..w->preds[b+1] index
 * w->preds[n_blocks + 1 + i] = the block holding the branching op. One
 * entry per successor use, as MLIR's Block::getPredecessors. The counts
 * come from the successor array; the entries are filled by number_op
 * (preds_add), which visits every op anyway. */
static void preds_begin(IrPrinter *w) {
  const IrModule *m = w->m;
  uint32_t nb = m->n_blocks;
  w->preds = ir_xcalloc((size_t)nb + 1 + m->n_succs, sizeof *w->preds);
  uint32_t *start = w->preds;
  for (uint32_t s = 0; s < m->n_succs; s++)
    if (m->succs[s].block < nb) start[m->succs[s].block + 1]++;
  for (uint32_t b = 0; b < nb; b++) start[b + 1] += start[b];
  w->pred_fill = ir_xmalloc(((size_t)nb + 1) * sizeof *w->pred_fill);
  memcpy(w->pred_fill, start, ((size_t)nb + 1) * sizeof *w->pred_fill);
}

static void preds_add(IrPrinter *w, const IrOp *o) {
  const IrModule *m = w->m;
  uint32_t nb = m->n_blocks, *list = w->preds + nb + 1;
  for (uint32_t s = o->succs; s < o->succs + o->n_succs; s++)
    if (m->succs[s].block < nb) list[w->pred_fill[m->succs[s].block]++] = o->block;
}

static void print_pred_comment(IrPrinter *w, uint32_t b) {
  const IrModule *m = w->m;
  uint32_t nb = m->n_blocks;
  uint32_t lo = w->preds ? w->preds[b] : 0, hi = w->preds ? w->preds[b + 1] : 0;
  const uint32_t *list = w->preds ? w->preds + nb + 1 : NULL;
  if (lo == hi) {
    if (b != m->regions[m->blocks[b].region].blocks)
      irw_str(w, "  // no predecessors");
    return;
  }
  if (hi - lo == 1) {
    irw_str(w, "  // pred: ");
    print_block_name(w, list[lo]);
    return;
  }
  uint32_t n = hi - lo;
  uint32_t *ids = ir_xmalloc(n * sizeof *ids);
  memcpy(ids, list + lo, n * sizeof *ids);
  sort_u32(ids, n);     /* block ids order as their ordering */
  irw_str(w, "  // ");
  irw_u64(w, n);
  irw_str(w, " preds: ");
  for (uint32_t i = 0; i < n; i++) {
    if (i) irw_mem(w, ", ", 2);
    print_block_name(w, ids[i]);
  }
  free(ids);
}

/* ====================================================================== */
/* Ops, regions, blocks                                                   */
/* ====================================================================== */

static void print_op(IrPrinter *w, uint32_t op);
static void visit_generic_op(IrPrinter *w, uint32_t op);

/* The default dialect of an op's regions (OpAsmOpInterface's
 * getDefaultDialect): op names of that dialect print without prefix. */
static const char *const dialect_names[IRW_N_DIALECTS] = {"", "builtin", "func"};

static uint8_t default_dialect(const IrModule *m, uint32_t op) {
  switch (m->ops[op].opc) {
  case IR_OP_MODULE: return IRW_D_BUILTIN;
  case IR_OP_FUNC: return IRW_D_FUNC;
  default: return IRW_D_NONE;
  }
}

static void module_custom_hook(IrPrinter *w, const IrModule *m, uint32_t op);

/* How registered op `opc` prints under default dialect d: its custom
 * printer (none in the generic form; builtin.module has one here when no
 * syntax file gives it), and its custom-form name: the full name, or
 * without `dialect.` when that is the default dialect and the rest has no
 * other dot. */
static __attribute__((noinline)) void form_init(IrPrinter *w, IrwForm *e,
                                               uint32_t opc, uint8_t d) {
  const IrOpInfo *info = ir_op_info(opc);   /* registered: never NULL */
  e->hook = w->generic ? NULL : info->print;
  if (!w->generic && opc == IR_OP_MODULE && !e->hook) e->hook = module_custom_hook;
  const char *name = info->name;
  size_t n = strlen(name);
  const char *dn = dialect_names[d];
  size_t nd = strlen(dn);
  const char *dot = memchr(name, '.', n);
  if (nd && n > nd + 1 && memcmp(name, dn, nd) == 0 && name[nd] == '.' &&
      !memchr(dot + 1, '.', n - (size_t)(dot + 1 - name))) {
    name += nd + 1;
    n -= nd + 1;
  }
  e->p = name;
  e->n = (uint32_t)n;
  if (n <= sizeof e->pad) memcpy(e->pad, name, n);
  e->ready = 1;
  /* print_op tests this flag instead of the opcodes (20 MB corpus: 3.0M
   * instructions less) */
  e->memo = (uint16_t)memo_opcode(opc);
}

/* op_form for the op being printed: one table entry per (opcode, default
 * dialect), so that print_op looks up neither the op info nor the name. */
static const IrwForm generic_form = {NULL, "", 0, 1, 0, {0}};

static inline const IrwForm *op_form(IrPrinter *w, uint32_t opc) {
  if (opc >= IR_N_OPS) return &generic_form;
  IrwForm *e = &w->forms[opc * IRW_N_DIALECTS + w->cur_dialect];
  if (!e->ready) form_init(w, e, opc, w->cur_dialect);
  return e;
}

/* Whether the last op of block b is left out under terminator mode `term`
 * (IRW_TERM_*). MLIR's printRegion(printBlockTerminators=false) drops the
 * entry block's terminator whatever it holds (IRW_TERM_DROP); ODS-generated
 * printers of ops with an implicit terminator ask for that only when the
 * terminator has no operands, results or attributes (IRW_TERM_ODS). */
static int elide_terminator(const IrModule *m, uint32_t b, int term) {
  const IrBlock *bl = &m->blocks[b];
  if (term == IRW_TERM_PRINT || !bl->n_ops) return 0;
  const IrOp *o = &m->ops[bl->ops + bl->n_ops - 1];
  if (o->opc == IR_OP_UNKNOWN) return 0;
  if (!(ir_op_info(o->opc)->traits & IR_TR_TERMINATOR)) return 0;
  if (term == IRW_TERM_DROP) return 1;
  return !o->n_operands && !o->n_results && !o->attrs &&
         (!o->props || !ir_attr(m->ctx, o->props)->n);
}

static void print_block(IrPrinter *w, uint32_t b, int header, int term) {
  const IrModule *m = w->m;
  const IrBlock *bl = &m->blocks[b];
  if (header && !w->sink) {
    irw_spaces(w, w->indent);
    print_block_name(w, b);
    if (bl->n_args) {
      irw_putc(w, '(');
      for (uint32_t v = bl->args; v < bl->args + bl->n_args; v++) {
        if (v != bl->args) irw_mem(w, ", ", 2);
        print_value(w, v, 1);
        irw_mem(w, ": ", 2);
        irw_type(w, m->values[v].type);
        irw_arg_loc(w, v);
      }
      irw_putc(w, ')');
    }
    irw_putc(w, ':');
    print_pred_comment(w, b);
    irw_putc(w, '\n');
  } else if (header) {
    for (uint32_t v = bl->args; v < bl->args + bl->n_args; v++) {
      irw_type(w, m->values[v].type);
      irw_arg_loc(w, v);
    }
  }
  uint32_t n = bl->n_ops - elide_terminator(m, b, term);
  w->indent += 2;
  /* the bound in a local: bl->ops was loaded again after each print_op
   * (20 MB corpus: ir_print 229.1M -> 228.3M) */
  if (bl->region == w->lazy_region) {
    for (uint32_t op = bl->ops, end = bl->ops + n; op < end; op++) {
      number_subtree(w, op);
      print_op(w, op);
    }
  } else {
    for (uint32_t op = bl->ops, end = bl->ops + n; op < end; op++)
      print_op(w, op);
  }
  w->indent -= 2;
}

/* MLIR's printRegion: `{`, the blocks, `}` (no leading space); `term`
 * (IRW_TERM_*) applies to the entry block only, as in MLIR. */
static void print_region(IrPrinter *w, uint32_t r, int entry_args, int term,
                         int empty_block) {
  const IrModule *m = w->m;
  const IrRegion *rg = &m->regions[r];
  if (w->sink && !rg->n_blocks) return;
  uint8_t outer = w->cur_dialect;
  w->cur_dialect = default_dialect(m, rg->op);
  irw_mem(w, "{\n", 2);
  if (rg->n_blocks) {
    const IrBlock *entry = &m->blocks[rg->blocks];
    int header = (empty_block && !entry->n_ops) || (entry_args && entry->n_args);
    if (w->sink) header = entry_args;
    print_block(w, rg->blocks, header, term);
    for (uint32_t b = rg->blocks + 1; b < rg->blocks + rg->n_blocks; b++)
      print_block(w, b, 1, IRW_TERM_PRINT);
  }
  if (w->stream_open && r == w->lazy_region) return;
  irw_spaces(w, w->indent);
  irw_putc(w, '}');
  w->cur_dialect = outer;
}

void irw_region(IrPrinter *w, const IrModule *m, uint32_t region,
                int print_entry_args, int term) {
  (void)m;
  irw_putc(w, ' ');
  print_region(w, region, print_entry_args, term, 0);
}

void irw_successor(IrPrinter *w, const IrModule *m, uint32_t op, uint32_t k) {
  const IrSucc *s = &m->succs[m->ops[op].succs + k];
  if (!w->sink) print_block_name(w, s->block);
  if (!s->n_operands) return;
  irw_putc(w, '(');
  irw_values(w, m->operands + s->operands, s->n_operands);
  irw_mem(w, " : ", 3);
  irw_value_types(w, m, m->operands + s->operands, s->n_operands);
  irw_putc(w, ')');
}

/* The caches of name_id and elide_ids outlive a printer, so that a
 * stream's small modules do not zero their 9 KB each (which was 0.87M of
 * ir_print's 33.4M instructions on the mixed corpus); an entry counts for
 * the printer whose epoch it carries. Thread-local: printers on other
 * threads keep their own. */
static _Thread_local IrwNameId name_ids[1u << IRW_NAME_IDS_LOG2];
static _Thread_local IrwElide elides[1u << IRW_ELIDES_LOG2];
static _Thread_local IrwElide prop_lists[1u << IRW_PROP_LISTS_LOG2];
static _Thread_local uint32_t cache_epoch;

/* Give printer w this thread's caches and a new epoch in them. */
static void caches_attach(IrPrinter *w) {
  if (++cache_epoch == 0) {     /* wrapped: entries of epoch 1.. are stale */
    memset(name_ids, 0, sizeof name_ids);
    memset(elides, 0, sizeof elides);
    memset(prop_lists, 0, sizeof prop_lists);
    cache_epoch = 1;
  }
  w->name_ids = name_ids;
  w->elides = elides;
  w->prop_lists = prop_lists;
  w->epoch = cache_epoch;
}

/* String id of the C string s, IR_NONE if it is not interned, cached by
 * the string's address: hooks and elide lists pass literals, so each name
 * is hashed once per print instead of at every lookup. A miss is re-checked
 * when strings were interned since. */
static uint32_t name_id(IrPrinter *w, const char *s) {
  uint64_t h = (uint64_t)(uintptr_t)s * 0x9E3779B97F4A7C15ull;
  IrwNameId *e = &w->name_ids[h >> (64 - IRW_NAME_IDS_LOG2)];
  int mine = e->s == s && e->epoch == w->epoch;
  if (mine && e->id != IR_NONE) return e->id;
  uint32_t n = ir_n_strs(w->c);
  if (mine && e->n_strs == n) return IR_NONE;
  e->s = s;
  e->epoch = w->epoch;
  e->id = ir_str_find(w->c, s, strlen(s));
  e->n_strs = n;
  return e->id;
}

/* The value of name id `id` in DICT attribute d, 0 if absent. */
static uint32_t dict_find(IrPrinter *w, uint32_t d, uint32_t id) {
  const IrAttr *a = ir_attr(w->c, d);
  if (a->kind != IR_A_DICT) return 0;
  const uint32_t *l = ir_attr_u32(w->c, d);
  for (uint32_t i = 0; i < a->n; i++)
    if (l[2 * i] == id) return l[2 * i + 1];
  return 0;
}

/* Property dictionaries are interned, and most ops of a kind share one
 * (`operandSegmentSizes = [0, 0]`), so lookups are cached by (dict, name
 * address) in a direct-mapped table. */
static __attribute__((noinline)) uint32_t prop_miss(IrPrinter *w,
                                                    IrwPropSlot *e, uint32_t d,
                                                    const char *name);

uint32_t irw_prop(IrPrinter *w, const IrModule *m, uint32_t op,
                  const char *name) {
  uint32_t d = m->ops[op].props;
  if (!d) return 0;
  uint64_t h = ((uint64_t)(uintptr_t)name ^ ((uint64_t)d << 20)) *
               0x9E3779B97F4A7C15ull;
  IrwPropSlot *e = &w->props[h >> w->props_shift];
  if (e->name == name && e->dict == d) return e->value;
  return prop_miss(w, e, d, name);
}

/* irw_prop's lookup of a (dict, name) not in its cache slot `e`. */
static uint32_t prop_miss(IrPrinter *w, IrwPropSlot *e, uint32_t d,
                          const char *name) {
  uint32_t id = name_id(w, name);
  uint32_t v = id == IR_NONE ? 0 : dict_find(w, d, id);
  if (id != IR_NONE) {  /* a miss may be found later (see name_id) */
    e->name = name;
    e->dict = d;
    e->value = v;
  }
  return v;
}

/* The names of a NULL-ended list as string ids, cached by the list's
 * address like name_id in table tab (log2 slots): names never interned
 * are left out, or, when `positional`, kept as IR_NONE. */
static const uint32_t *list_ids(IrPrinter *w, IrwElide *tab, uint32_t log2,
                                const char *const *list, int positional,
                                uint32_t *n) {
  uint64_t h = (uint64_t)(uintptr_t)list * 0x9E3779B97F4A7C15ull;
  IrwElide *e = &tab[h >> (64 - log2)];
  uint32_t n_strs = ir_n_strs(w->c);
  if (e->list != list || e->n_strs != n_strs || e->epoch != w->epoch) {
    e->list = list;
    e->epoch = w->epoch;
    e->n_strs = n_strs;
    e->n = 0;
    for (; *list; list++) {
      uint32_t id = name_id(w, *list);
      if (id == IR_NONE && !positional) continue;
      if (e->n == IRW_ELIDE_MAX)
        ir_die(positional ? "irw_props: too many names"
                          : "print_merged_dict: too many elided names");
      e->ids[e->n++] = id;
    }
  }
  *n = e->n;
  return e->ids;
}

/* The names of a NULL-ended elide list as string ids (names never interned
 * cannot occur and are left out). */
static const uint32_t *elide_ids(IrPrinter *w, const char *const *elide,
                                 uint32_t *n) {
  return list_ids(w, w->elides, IRW_ELIDES_LOG2, elide, 0, n);
}

/* irw_prop of each name of a NULL-ended list (at most IRW_ELIDE_MAX, no
 * name twice) into out, in one pass over op's properties: func.func reads
 * five from a dictionary of its own, which missed irw_prop's cache five
 * times (20 MB corpus: ir_print 243.6M -> 241.2M). */
void irw_props(IrPrinter *w, const IrModule *m, uint32_t op,
               const char *const *names, uint32_t *out) {
  uint32_t n;
  const uint32_t *ids =
      list_ids(w, w->prop_lists, IRW_PROP_LISTS_LOG2, names, 1, &n);
  for (uint32_t k = 0; k < n; k++) out[k] = 0;
  uint32_t d = m->ops[op].props;
  if (!d) return;
  const IrAttr *a = ir_attr(w->c, d);
  if (a->kind != IR_A_DICT) return;
  const uint32_t *l = ir_attr_u32(w->c, d);
  for (uint32_t i = 0, nd = a->n; i < nd; i++) {
    /* names are unique in a dictionary, and in the list: stop at the
     * first match (ir_print 228.3M -> 227.8M) */
    uint32_t k = 0;
    while (k < n && ids[k] != l[2 * i]) k++;
    if (k < n) out[k] = l[2 * i + 1];
  }
}

/* Print ` {a = 1, b}` from two sorted dictionaries merged (either may be 0),
 * minus elided names; ` attributes` before it when with_keyword. */
static void merged_dict_body(IrPrinter *w, uint32_t d1, uint32_t d2,
                             const char *const *elide, int with_keyword,
                             IrwDictSlot *slot);

/* Every op comes here; most have only elided properties and print nothing:
 * that outcome is remembered per (dicts, elide list), and this part
 * inlines into its callers. */
static inline void print_merged_dict(IrPrinter *w, uint32_t d1, uint32_t d2,
                                     const char *const *elide,
                                     int with_keyword) {
  if (!d1 && !d2) return;
  uint64_t h = ((uint64_t)(uintptr_t)elide ^ ((uint64_t)d1 << 24) ^
                ((uint64_t)d2 << 44)) * 0x9E3779B97F4A7C15ull;
  IrwDictSlot *slot = &w->empty_dicts[h >> w->dicts_shift];
  if (!w->sink && slot->elide == elide && slot->d1 == d1 && slot->d2 == d2 &&
      slot->used)
    return;
  merged_dict_body(w, d1, d2, elide, with_keyword, slot);
}

static void merged_dict_body(IrPrinter *w, uint32_t d1, uint32_t d2,
                             const char *const *elide, int with_keyword,
                             IrwDictSlot *slot) {
  size_t len0 = w->o.len;
  uint32_t flushes = w->n_flush;
  IrCtx *c = w->c;
  const uint32_t *l1 = d1 ? ir_attr_u32(c, d1) : NULL;
  const uint32_t *l2 = d2 ? ir_attr_u32(c, d2) : NULL;
  uint32_t n1 = d1 ? ir_attr(c, d1)->n : 0, n2 = d2 ? ir_attr(c, d2)->n : 0;
  uint32_t i = 0, j = 0, printed = 0;
  const uint32_t *el = NULL;
  uint32_t n_el = 0;
  if (elide) el = elide_ids(w, elide, &n_el);
  while (i < n1 || j < n2) {
    uint32_t name, attr;
    int take1;
    if (i == n1) take1 = 0;
    else if (j == n2) take1 = 1;
    else {
      const char *a = ir_str_ptr(c, l1[2 * i]), *b = ir_str_ptr(c, l2[2 * j]);
      size_t na = ir_str_len(c, l1[2 * i]), nb = ir_str_len(c, l2[2 * j]);
      int k = memcmp(a, b, na < nb ? na : nb);
      take1 = k < 0 || (k == 0 && na <= nb);
    }
    if (take1) name = l1[2 * i], attr = l1[2 * i + 1], i++;
    else name = l2[2 * j], attr = l2[2 * j + 1], j++;
    uint32_t k = 0;
    while (k < n_el && el[k] != name) k++;
    if (k < n_el) continue;
    if (w->sink) {
      irw_attr(w, attr);
      continue;
    }
    if (!printed) irw_str(w, with_keyword ? " attributes {" : " {");
    else irw_mem(w, ", ", 2);
    printed++;
    irw_named_attr(w, name, attr);
  }
  if (printed) irw_putc(w, '}');
  if (!w->sink && w->o.len == len0 && w->n_flush == flushes) {
    slot->elide = elide;
    slot->d1 = d1;
    slot->d2 = d2;
    slot->used = 1;
  }
}

void irw_attr_dict(IrPrinter *w, uint32_t dict, const char *const *elide) {
  print_merged_dict(w, dict, 0, elide, 0);
}

void irw_op_attr_dict(IrPrinter *w, const IrModule *m, uint32_t op,
                      const char *const *elide, int with_keyword) {
  print_merged_dict(w, m->ops[op].props, m->ops[op].attrs, elide, with_keyword);
}

/* `"name"(operands)[succs] <{props}> (regions) {attrs} : (ins) -> outs` */
static void print_generic_body(IrPrinter *w, uint32_t op) {
  const IrModule *m = w->m;
  const IrOp *o = &m->ops[op];
  IrCtx *c = w->c;
  if (w->sink) {
    visit_generic_op(w, op);
    return;
  }
  irw_escaped(w, ir_str_ptr(c, o->name), ir_str_len(c, o->name));
  irw_putc(w, '(');
  irw_values(w, m->operands + o->operands, o->n_operands);
  irw_putc(w, ')');
  if (o->n_succs) {
    irw_putc(w, '[');
    for (uint32_t s = 0; s < o->n_succs; s++) {
      if (s) irw_mem(w, ", ", 2);
      print_block_name(w, m->succs[o->succs + s].block);
    }
    irw_putc(w, ']');
  }
  if (o->props && ir_attr(c, o->props)->n) {
    irw_mem(w, " <", 2);
    irw_attr(w, o->props);
    irw_putc(w, '>');
  }
  if (o->n_regions) {
    irw_mem(w, " (", 2);
    for (uint32_t r = 0; r < o->n_regions; r++) {
      if (r) irw_mem(w, ", ", 2);
      print_region(w, o->regions + r, 1, IRW_TERM_PRINT, 1);
    }
    irw_putc(w, ')');
  }
  print_merged_dict(w, o->attrs, 0, NULL, 0);
  irw_mem(w, " : (", 4);
  irw_value_types(w, m, m->operands + o->operands, o->n_operands);
  irw_mem(w, ") -> ", 5);
  irw_result_types(w, m, op);
}

/* The alias pass's view of a generic op (MLIR's DummyAliasOperationPrinter
 * visits regions first, then operand and result types, then attributes). */
static void visit_generic_op(IrPrinter *w, uint32_t op) {
  const IrModule *m = w->m;
  const IrOp *o = &m->ops[op];
  for (uint32_t r = 0; r < o->n_regions; r++)
    print_region(w, o->regions + r, 1, IRW_TERM_PRINT, 0);
  for (uint32_t i = 0; i < o->n_operands; i++)
    irw_type(w, m->values[m->operands[o->operands + i]].type);
  for (uint32_t i = 0; i < o->n_results; i++)
    irw_type(w, m->values[o->results + i].type);
  print_merged_dict(w, o->props, o->attrs, NULL, 0);
}

void irw_generic_op(IrPrinter *w, const IrModule *m, uint32_t op) {
  (void)m;
  /* A hook falling back before printing anything: take back the custom
   * name (nothing was written after it, so it is still in the buffer). */
  if (w->o.len == w->pend_end && w->pend_end) w->o.len = w->pend_at;
  print_generic_body(w, op);
}

/* builtin.module's custom form, used when no syntax file provides one:
 * `module @name attributes {...} {` body `}`. */
static void print_module_custom(IrPrinter *w, uint32_t op) {
  const IrModule *m = w->m;
  static const char *const elide[] = {"sym_name", NULL};
  uint32_t name = ir_op_prop(m, op, "sym_name");
  if (name && ir_attr(w->c, name)->kind == IR_A_STRING) {
    irw_putc(w, ' ');
    irw_symbol(w, ir_attr(w->c, name)->str);
  }
  irw_op_attr_dict(w, m, op, elide, 1);
  if (m->ops[op].n_regions) irw_region(w, m, m->ops[op].regions, 1, 1);
}

static void module_custom_hook(IrPrinter *w, const IrModule *m, uint32_t op) {
  (void)m;
  print_module_custom(w, op);
}

static void print_results(IrPrinter *w, uint32_t op) {
  const IrModule *m = w->m;
  const IrOp *o = &m->ops[op];
  uint32_t g = w->groups ? w->groups[op] : 0;
  if (!g) {
    print_value(w, o->results, 0);
    if (o->n_results > 1) {
      irw_putc(w, ':');
      irw_u64(w, o->n_results);
    }
  } else {
    uint32_t ng = w->gpool[g];
    const uint32_t *gs = w->gpool + g + 1;
    for (uint32_t i = 0; i < ng; i++) {
      uint32_t end = i + 1 < ng ? gs[i + 1] : o->n_results;
      if (i) irw_mem(w, ", ", 2);
      print_value(w, o->results + gs[i], 0);
      if (end - gs[i] > 1) {
        irw_putc(w, ':');
        irw_u64(w, end - gs[i]);
      }
    }
  }
  irw_mem(w, " = ", 3);
}

/* The start of the usual line, `<indent>%name = dialect.op` (or without
 * the result), with one room check for the pieces instead of one each;
 * 0 (nothing printed) when the line is not of that kind or a piece is
 * long. The op name then stands at buf[pend_at, pend_end). */
static inline int line_start(IrPrinter *w, const IrOp *o, const IrwForm *f) {
  size_t len = w->o.len;
  uint32_t ind = w->indent;
  if (len + 128 > w->o.lim || ind > 32 || f->n > sizeof f->pad ||
      o->n_results > 1)
    return 0;
  char *buf = w->o.buf, *b = buf + len;
  memcpy(b, spaces32, 32);
  b += ind;
  if (o->n_results) {
    size_t k = value_raw(w, b, value_id(w, o->results));
    if (!k) return 0;
    memcpy(b + k, " = ", 3);
    b += k + 3;
  }
  w->pend_at = (size_t)(b - buf);
  memcpy(b, f->pad, 32);
  b += f->n;
  w->o.len = w->pend_end = (size_t)(b - buf);
  return 1;
}

/* Keep buf[start, len) as the text of key (form, o, type) in slot e,
 * unless a flush took part of it. */
static void op_text_keep(IrPrinter *w, IrwOpText *e, const IrOp *o,
                         uint32_t form, uint32_t type, size_t start,
                         uint32_t flushes) {
  size_t n = w->o.len - start;
  if (w->n_flush != flushes || n > 0xffff) return;
  ir_vgrow((void **)&w->tpool, &w->cap_tpool,
           w->n_tpool + (uint32_t)n + IRW_PAD, 1);
  memcpy(w->tpool + w->n_tpool, w->o.buf + start, n);
  *e = (IrwOpText){form, o->props, o->attrs, type, {w->n_tpool, (uint32_t)n}};
  w->n_tpool += (uint32_t)n;
}

/* Print op (of memo_opcode and memo_shape) from its name on, which line_start put at
 * buf[pend_at, pend_end), by its hook or from the memo. */
static void print_memo_op(IrPrinter *w, const IrOp *o, uint32_t op,
                          const IrwForm *f) {
  const IrModule *m = w->m;
  uint32_t form = (uint32_t)o->opc * IRW_N_DIALECTS + w->cur_dialect + 1;
  uint32_t type = m->values[o->results].type;
  IrwOpText *e = op_text_slot(w, w->op_texts, o, form, type);
  if (op_text_hit(e, o, form, type)) {
    w->o.len = w->pend_at;
    irw_put_padded(w, w->tpool + e->text.off, e->text.n);
    return;
  }
  size_t start = w->pend_at;
  uint32_t flushes = w->n_flush;
  f->hook(w, m, op);
  op_text_keep(w, e, o, form, type, start, flushes);
}

/* Hooks' tails (irw_tail_cached) share the op text slots, with this bit
 * in the form. */
#define TAIL_FORM 0x80000000u

int irw_tail_cached(IrPrinter *w, const IrModule *m, uint32_t op,
                    uint32_t type) {
  w->tail_slot = NULL;
  if (w->sink) return 0;
  const IrOp *o = &m->ops[op];
  uint32_t form = ((uint32_t)o->opc * IRW_N_DIALECTS + 1) | TAIL_FORM;
  IrwOpText *e = op_text_slot(w, w->op_texts, o, form, type);
  if (op_text_hit(e, o, form, type)) {
    irw_put_padded(w, w->tpool + e->text.off, e->text.n);
    return 1;
  }
  w->tail_slot = e;
  w->tail_start = w->o.len;
  w->tail_flushes = w->n_flush;
  return 0;
}

void irw_tail_end(IrPrinter *w, const IrModule *m, uint32_t op,
                  uint32_t type) {
  if (!w->tail_slot) return;
  const IrOp *o = &m->ops[op];
  uint32_t form = ((uint32_t)o->opc * IRW_N_DIALECTS + 1) | TAIL_FORM;
  op_text_keep(w, w->tail_slot, o, form, type, w->tail_start, w->tail_flushes);
  w->tail_slot = NULL;
}

static void print_op(IrPrinter *w, uint32_t op) {
  const IrModule *m = w->m;
  const IrOp *o = &m->ops[op];
  const IrwForm *f = op_form(w, o->opc);
  if (w->sink) {
    if (w->debuginfo) irw_visit_loc(w, o->loc, 1, NULL);
    if (f->hook) f->hook(w, m, op);
    else visit_generic_op(w, op);
    return;
  }
  if (f->hook && line_start(w, o, f)) {
    if (f->memo && memo_shape(o)) print_memo_op(w, o, op, f);
    else f->hook(w, m, op);
    w->pend_end = 0;
  } else {
    irw_spaces(w, w->indent);
    if (o->n_results) print_results(w, op);
    if (f->hook) {
      if (w->cap_buf - w->o.len < f->n) irw_flush(w);
      w->pend_at = w->o.len;
      irw_put(w, f->p, f->n);
      w->pend_end = w->o.len;
      f->hook(w, m, op);
      w->pend_end = 0;
    } else {
      print_generic_body(w, op);
    }
  }
  if (w->stream_open && op == 0) return;
  if (w->debuginfo) {
    irw_putc(w, ' ');
    irw_loc(w, o->loc, 1);
  }
  irw_putc(w, '\n');
}

/* ====================================================================== */
/* Aliases                                                                */
/* ====================================================================== */

static const char *const alias_names[] = {NULL, "loc", "map", "set"};
enum { AN_NONE, AN_LOC, AN_MAP, AN_SET };

static uint32_t new_alias(IrPrinter *w, int kind, uint32_t id, int name,
                          int deferrable) {
  IrwAlias a = {0};
  a.kind = (uint8_t)kind;
  a.id = id;
  a.name = (uint8_t)name;
  a.deferrable = (uint8_t)(name && deferrable);
  a.depth = name ? 1 : 0;
  IR_VPUSH(w->al, w->n_al, w->cap_al, a);
  return w->n_al - 1;
}

static void mark_nondeferrable(IrPrinter *w, uint32_t i) {
  if (!w->al[i].deferrable) return;
  w->al[i].deferrable = 0;
  for (uint32_t k = 0; k < w->al[i].n_kids; k++)
    mark_nondeferrable(w, w->kids[w->al[i].kids + k]);
}

/* Common entry of the visit functions: the alias index of (kind, id) via
 * `slot`, a new entry if not seen. *seen tells which. The child is recorded
 * in the parent being visited. */
static uint32_t visit_common(IrPrinter *w, uint32_t *slot, int kind,
                             uint32_t id, int name, int deferrable, int *seen) {
  if (*slot) {
    uint32_t i = *slot - 1;
    if (!deferrable) mark_nondeferrable(w, i);
    IR_VPUSH(w->kid_stack, w->n_kid_stack, w->cap_kid_stack, i);
    if (seen) *seen = 1;
    return i;
  }
  uint32_t i = new_alias(w, kind, id, name, deferrable);
  *slot = i + 1;
  if (seen) *seen = 0;
  return i;
}

/* After visiting the children of alias i (pushed on kid_stack since
 * `mark`): record them and the depth, then record i in its parent. */
void irw_visit_done(IrPrinter *w, uint32_t i, uint32_t mark) {
  uint32_t maxd = 0, nk = w->n_kid_stack - mark;
  for (uint32_t k = mark; k < w->n_kid_stack; k++) {
    uint32_t d = w->al[w->kid_stack[k]].depth;
    if (d > maxd) maxd = d;
  }
  if (nk) {
    ir_vgrow((void **)&w->kids, &w->cap_kids, w->n_kids + nk, sizeof *w->kids);
    memcpy(w->kids + w->n_kids, w->kid_stack + mark, nk * sizeof *w->kids);
    w->al[i].kids = w->n_kids;
    w->al[i].n_kids = nk;
    w->n_kids += nk;
  }
  if (maxd) w->al[i].depth = maxd + 1;
  w->n_kid_stack = mark;
  IR_VPUSH(w->kid_stack, w->n_kid_stack, w->cap_kid_stack, i);
}

/* The slot of id in a per-id table of *cap entries, grown (zeroed) to
 * cover ids interned since printing began. */
static uint32_t *id_slot(uint32_t **tab, uint32_t *cap, uint32_t id) {
  if (id >= *cap) {
    uint32_t n = id + 1 + id / 2;
    *tab = ir_xrealloc(*tab, (size_t)n * sizeof **tab);
    memset(*tab + *cap, 0, (size_t)(n - *cap) * sizeof **tab);
    *cap = n;
  }
  return &(*tab)[id];
}

uint32_t irw_visit_attr(IrPrinter *w, uint32_t attr, int deferrable, int *seen) {
  int k = ir_attr(w->c, attr)->kind;
  int name = k == IR_A_AFFINE_MAP ? AN_MAP : k == IR_A_AFFINE_SET ? AN_SET : AN_NONE;
  return visit_common(w, id_slot(&w->attr_alias, &w->cap_attr_alias, attr),
                      IRW_AK_ATTR, attr, name, deferrable, seen);
}

uint32_t irw_visit_loc(IrPrinter *w, uint32_t loc, int deferrable, int *seen) {
  int s;
  if (loc >= ir_n_locs(w->c)) loc = 0;
  uint32_t mark = w->n_kid_stack;
  uint32_t i = visit_common(w, id_slot(&w->loc_alias, &w->cap_loc_alias, loc),
                            IRW_AK_LOC, loc, AN_LOC, deferrable, &s);
  if (seen) *seen = s;
  if (s) return i;
  /* the children of a location (MLIR's DummyAliasDialectAsmPrinter), with
   * the deferrability of their parent */
  int saved = w->deferrable;
  w->deferrable = deferrable;
  const IrLoc *l = ir_loc(w->c, loc);
  switch (l->kind) {
  case IR_L_NAME:
    if (l->b) irw_visit_loc(w, l->b, deferrable, NULL);
    break;
  case IR_L_CALLSITE:
    irw_visit_loc(w, l->a, deferrable, NULL);
    irw_visit_loc(w, l->b, deferrable, NULL);
    break;
  case IR_L_FUSED: {
    const uint32_t *list = ir_loc_list(w->c, loc);
    if (l->b) irw_attr_ex(w, l->b, IRW_ELIDE_NEVER);
    for (uint32_t k = 0; k < l->n; k++)
      irw_visit_loc(w, list[k], deferrable, NULL);
    break;
  }
  default:
    break;
  }
  w->deferrable = saved;
  irw_visit_done(w, i, mark);
  return i;
}

uint32_t irw_visit_type(IrPrinter *w, uint32_t type, int *seen) {
  return visit_common(w, id_slot(&w->type_seen, &w->cap_type_seen, type),
                      IRW_AK_TYPE, type, AN_NONE, w->deferrable, seen);
}

static int alias_less(const IrwAlias *a, const IrwAlias *b) {
  if (a->depth != b->depth) return a->depth < b->depth;
  int ta = a->kind == IRW_AK_TYPE, tb = b->kind == IRW_AK_TYPE;
  if (ta != tb) return ta;
  return strcmp(alias_names[a->name], alias_names[b->name]) < 0;
}

/* Stable order of the named aliases (MLIR's initializeAliases), returned
 * as indices; suffixes are assigned per name. */
static uint32_t *order_aliases(IrPrinter *w, uint32_t *n_out) {
  uint32_t n = 0;
  uint32_t *idx = ir_xmalloc(((size_t)w->n_al + 1) * sizeof *idx);
  for (uint32_t i = 0; i < w->n_al; i++)
    if (w->al[i].name) idx[n++] = i;
  /* merge sort: stable */
  uint32_t *tmp = ir_xmalloc(((size_t)n + 1) * sizeof *tmp);
  for (uint32_t width = 1; width < n; width *= 2) {
    for (uint32_t lo = 0; lo < n; lo += 2 * width) {
      uint32_t mid = lo + width < n ? lo + width : n;
      uint32_t hi = lo + 2 * width < n ? lo + 2 * width : n;
      uint32_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi)
        tmp[k++] = alias_less(&w->al[idx[j]], &w->al[idx[i]]) ? idx[j++] : idx[i++];
      while (i < mid) tmp[k++] = idx[i++];
      while (j < hi) tmp[k++] = idx[j++];
    }
    memcpy(idx, tmp, n * sizeof *idx);
  }
  free(tmp);
  uint32_t count[4] = {0};
  for (uint32_t i = 0; i < n; i++) w->al[idx[i]].suffix = count[w->al[idx[i]].name]++;
  *n_out = n;
  return idx;
}

static void print_alias_name(IrPrinter *w, const IrwAlias *a) {
  irw_putc(w, a->kind == IRW_AK_TYPE ? '!' : '#');
  irw_str(w, alias_names[a->name]);
  if (a->suffix) irw_u64(w, a->suffix);
}

int irw_print_alias_attr(IrPrinter *w, uint32_t attr) {
  if (!w->aliasing || attr >= w->cap_attr_alias || !w->attr_alias[attr]) return 0;
  const IrwAlias *a = &w->al[w->attr_alias[attr] - 1];
  if (!a->name) return 0;
  print_alias_name(w, a);
  return 1;
}

int irw_print_alias_loc(IrPrinter *w, uint32_t loc) {
  if (!w->aliasing || loc >= w->cap_loc_alias || !w->loc_alias[loc]) return 0;
  const IrwAlias *a = &w->al[w->loc_alias[loc] - 1];
  if (!a->name) return 0;
  print_alias_name(w, a);
  return 1;
}

static void print_alias_defs(IrPrinter *w, const uint32_t *idx, uint32_t n,
                             int deferred) {
  for (uint32_t i = 0; i < n; i++) {
    const IrwAlias *a = &w->al[idx[i]];
    if (a->deferrable != deferred) continue;
    print_alias_name(w, a);
    irw_mem(w, " = ", 3);
    if (a->kind == IRW_AK_LOC) {
      irw_mem(w, "loc(", 4);
      irw_loc_body(w, a->id, 1);
      irw_putc(w, ')');
    } else if (a->kind == IRW_AK_ATTR) {
      irw_attr_body(w, a->id, IRW_ELIDE_NEVER);
    } else {
      irw_type(w, a->id);
    }
    irw_putc(w, '\n');
  }
}

/* Whether the alias pass is needed: debug locations, or an affine map or
 * set somewhere in the context. */
static int needs_aliases(IrPrinter *w) {
  if (w->debuginfo) return 1;
  uint32_t n = ir_n_attrs(w->c);
  for (uint32_t a = 1; a < n; a++) {
    int k = ir_attr(w->c, a)->kind;
    if (k == IR_A_AFFINE_MAP || k == IR_A_AFFINE_SET) return 1;
  }
  return 0;
}

/* ====================================================================== */
/* Entry point                                                            */
/* ====================================================================== */

static void printer_free(IrPrinter *w) {
  free(w->o.buf);
  free(w->forms);
  free(w->props);
  free(w->empty_dicts);
  free(w->op_texts);
  free(w->op_names);
  free(w->type_text.e);
  free(w->attr_text.e);
  free(w->tpool);
  free(w->vid);
  free(w->vhint);
  free(w->groups);
  free(w->gpool);
  free(w->cur_groups);
  free(w->pool);
  free(w->scratch);
  free(w->itab);
  free(w->used);
  free(w->suffixes);
  free(w->arg_names);
  free(w->scopes);
  free(w->preds);
  free(w->pred_fill);
  free(w->name_st.e);
  free(w->attr_alias);
  free(w->type_seen);
  free(w->loc_alias);
  free(w->al);
  free(w->kids);
  free(w->kid_stack);
}

/* A printer for m, its buffer and caches sized for n_ops ops (m's, or
 * those of the whole module m is a piece of). */
static void printer_init(IrPrinter *pw, FILE *out, const IrModule *m,
                         const IrPrintOpts *o, uint32_t n_ops) {
  IrPrinter w;
  memset(&w, 0, sizeof w);
  w.out = out;
  w.m = m;
  w.c = m->ctx;
  w.generic = o && o->generic;
  w.debuginfo = o && o->debuginfo;
  caches_attach(&w);
  /* ~55 bytes of text per op */
  w.cap_buf = IRW_BUF;
  while (w.cap_buf < IRW_BUF_MAX && w.cap_buf / 64 < n_ops) w.cap_buf *= 2;
  w.o.buf = ir_xmalloc(w.cap_buf);
  irw_update_lim(&w);
  /* filled when first used: only `ready` needs a value (zeroing all of
   * it for each small module of a stream cost more) */
  w.forms = ir_xmalloc((size_t)IR_N_OPS * IRW_N_DIALECTS * sizeof *w.forms);
  for (uint32_t k = 0; k < IR_N_OPS * IRW_N_DIALECTS; k++) w.forms[k].ready = 0;
  /* a dictionary cache slot per 4 ops, at least 64 */
  uint32_t dl = 6;
  while (dl < IRW_DICTS_LOG2 && (n_ops >> 2) >> dl) dl++;
  w.dicts_shift = 64 - dl;
  /* a property cache slot per 4 ops, 64 to 1024 (always 1024: zeroing
   * its 16 KB for each small module of the mixed corpus was 1.5M of
   * ir_print's 35.0M) */
  uint32_t pl = 6;
  while (pl < IRW_PROPS_LOG2 && (n_ops >> 2) >> pl) pl++;
  w.props_shift = 64 - pl;
  w.props = ir_xcalloc((size_t)1 << pl, sizeof *w.props);
  w.empty_dicts = ir_xcalloc((size_t)1 << dl, sizeof *w.empty_dicts);
  /* op texts: a slot per 16 ops, 64 to 1024 (16 on the mixed corpus lost
   * to collisions: ir_print 35.20M, 64: 34.97M) */
  uint32_t tl = 6;
  while (tl < 10 && (n_ops >> 4) >> tl) tl++;
  w.op_texts_shift = 64 - tl;
  w.op_texts = ir_xcalloc((size_t)1 << tl, sizeof *w.op_texts);
  if (!w.generic)
    w.op_names = ir_xcalloc((size_t)1 << tl, sizeof *w.op_names);
  /* attribute texts: a slot per 16 ops, 64 to 4096 */
  uint32_t al = 6;
  while (al < 12 && (n_ops >> 4) >> al) al++;
  w.attr_text.shift = 64 - al;
  w.attr_text.e = ir_xcalloc((size_t)1 << al, sizeof *w.attr_text.e);
  /* per printer, not per process: a program may change a registry
   * entry's hooks between prints (tests/unit/test_print.c does) */
  for (uint32_t k = 0; k < IR_N_OPS && !w.generic; k++)
    w.names[k] = ir_op_info(k)->asm_names;
  w.cur_dialect = IRW_D_BUILTIN;
  w.lazy_region = IR_NONE;
  ir_vgrow((void **)&w.cur_groups, &w.cap_cur_groups, 1, sizeof *w.cur_groups);
  *pw = w;
}

int ir_print(FILE *out, const IrModule *m, const IrPrintOpts *o) {
  if (!m->n_ops) return 0;
  IrPrinter w;
  printer_init(&w, out, m, o, m->n_ops);
  if (m->n_succs) preds_begin(&w);
  int aliases = needs_aliases(&w);
  number_module(&w, !aliases);

  uint32_t *order = NULL, n_order = 0;
  if (aliases) {
    w.cap_attr_alias = ir_n_attrs(w.c) + 1;
    w.cap_type_seen = ir_n_types(w.c) + 1;
    w.cap_loc_alias = ir_n_locs(w.c) + 1;
    w.attr_alias = ir_xcalloc(w.cap_attr_alias, sizeof *w.attr_alias);
    w.type_seen = ir_xcalloc(w.cap_type_seen, sizeof *w.type_seen);
    w.loc_alias = ir_xcalloc(w.cap_loc_alias, sizeof *w.loc_alias);
    w.sink = 1;
    irw_update_lim(&w);
    print_op(&w, 0);
    w.sink = 0;
    irw_update_lim(&w);
    w.cur_dialect = IRW_D_BUILTIN;
    w.indent = 0;
    order = order_aliases(&w, &n_order);
    w.aliasing = 1;
    print_alias_defs(&w, order, n_order, 0);
  }
  print_op(&w, 0);
  if (w.aliasing) print_alias_defs(&w, order, n_order, 1);
  free(order);
  irw_flush(&w);
  int err = w.err || ferror(out);
  printer_free(&w);
  return err ? -1 : 0;
}

/* ====================================================================== */
/* An op in a diagnostic                                                  */
/* ====================================================================== */

char *ir_print_op_diag(const IrModule *m, uint32_t op) {
  if (op >= m->n_ops) return NULL;
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f) return NULL;
  /* the scope MLIR numbers from: the op itself when it is isolated from
   * above, else its nearest such ancestor, else the outermost op */
  uint32_t root = op;
  while (!(ir_op_traits(m->ops[root].opc) & IR_TR_ISOLATED)) {
    uint32_t b = m->ops[root].block;
    if (b == IR_NONE) break;
    root = m->regions[m->blocks[b].region].op;
  }
  IrPrintOpts o = {1, 0};
  IrPrinter w;
  printer_init(&w, f, m, &o, 64);
  w.elide_elements = 16;
  if (m->n_succs) preds_begin(&w);
  number_from(&w, root, 0);
  print_op(&w, op);
  irw_flush(&w);
  int err = w.err;
  printer_free(&w);
  if (fclose(f) != 0 || err) {
    free(text);
    return NULL;
  }
  if (len && text[len - 1] == '\n') text[len - 1] = 0;
  return text;
}

/* ====================================================================== */
/* A module in pieces                                                     */
/* ====================================================================== */

/* What ir_print prints, from pieces (irb_read_pieces): the text of each
 * top op is what the whole module's printer gives it, since in the lazy
 * numbering (number_module) every top op's regions start from the same
 * counters and scope (body_ctx) and nothing else of the module is read.
 * The first piece prints op 0's header and its op, leaving the body open
 * (stream_open); later ones set up the per-module state (value names,
 * predecessors, result groups) for their own module and print their op
 * as print_block would; the end closes the body. Caches (texts of types,
 * attributes, ops; interned names) are kept across pieces. */
struct IrPrintStream {
  IrPrinter w;
  uint32_t n;           /* pieces printed */
  uint32_t cap_vid;
};

IrPrintStream *ir_print_stream_begin(FILE *out, const IrModule *first,
                                     const IrPrintOpts *o, uint32_t n_ops) {
  IrPrintStream *s = ir_xcalloc(1, sizeof *s);
  printer_init(&s->w, out, first, o, n_ops);
  if (s->w.generic || s->w.debuginfo || needs_aliases(&s->w)) {
    printer_free(&s->w);
    free(s);
    return NULL;
  }
  return s;
}

int ir_print_piece(IrPrintStream *s, const IrModule *piece) {
  IrPrinter *w = &s->w;
  const IrModule *m = piece;
  if (m->n_ops < 2 || m->ops[0].n_regions != 1 ||
      m->regions[m->ops[0].regions].n_blocks != 1 ||
      m->blocks[m->regions[m->ops[0].regions].blocks].n_ops != 1)
    ir_die("ir_print_piece: not a piece");
  w->m = m;
  free(w->preds);
  free(w->pred_fill);
  w->preds = w->pred_fill = NULL;
  if (m->n_succs) preds_begin(w);
  if (s->n++ == 0) {
    number_module(w, 1);
    s->cap_vid = m->n_values ? m->n_values : 1;
    w->stream_open = 1;
    print_op(w, 0);
  } else {
    /* number_module's per-module state, for this module */
    uint32_t nv = m->n_values ? m->n_values : 1;
    if (nv > s->cap_vid) {
      free(w->vid);
      w->vid = ir_xmalloc((size_t)nv * sizeof *w->vid);
      s->cap_vid = nv;
    }
    memset(w->vid, 0xff, (size_t)m->n_values * sizeof *w->vid);
    w->n_values = m->n_values;
    free(w->vhint);
    w->vhint = NULL;
    free(w->groups);
    w->groups = NULL;
    w->n_gpool = 0;
    w->name_st.n = 0;
    w->cur_op = IR_NONE;
    w->lazy_region = m->ops[0].regions;
    uint32_t op = m->blocks[m->regions[w->lazy_region].blocks].ops;
    number_op(w, op);
    w->cur_dialect = default_dialect(m, 0);
    w->indent = 2;
    number_subtree(w, op);
    print_op(w, op);
    w->indent = 0;
  }
  return w->err ? -1 : 0;
}

int ir_print_stream_end(IrPrintStream *s, int ok) {
  if (!s) return 0;
  IrPrinter *w = &s->w;
  if (!ok) w->o.len = 0;
  else if (s->n) irw_mem(w, "}\n", 2);
  irw_flush(w);
  int err = w->err || ferror(w->out);
  printer_free(w);
  free(s);
  return err ? -1 : 0;
}
