/*
 * read.c - the .irb reader (FORMAT.md). Validates the frame header, the
 * checksum and the zstd frame before looking at the payload; then decodes
 * the tables, interning each entry into the IrCtx as soon as it is read and
 * checked (entries only refer backwards), and the structure straight into
 * the arrays of one ir_module_alloc_raw'd module (not zeroed: every field is
 * written here), recomputing every id and range the way freeze lays them
 * out. Every count is bounded by the bytes left
 * before anything is allocated for it. ir_module_check asserts the result
 * in sanitizer and fuzz builds (see rd_structure).
 *
 * Errors unwind with longjmp to irb_read_next, which frees what the decoder
 * holds (all of it is reachable from the Dec struct) and prints one line.
 */
#include <inttypes.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>
#define ZSTD_STATIC_LINKING_ONLY /* ZSTD_getFrameHeader, for the window */
#include <zstd.h>

#include "irbint.h"

/* A decoded op kind (FORMAT.md 3.2). An op of the kind starts as a copy
 * of tmpl (name, opcode and the four counts; every other field zero), so
 * the op loop stores only the fields that vary: one 56-byte copy instead
 * of fourteen stores of values loaded from here or spilled. */
typedef struct DKind {
  IrOp tmpl;
  uint32_t mask;                 /* IRB_KIND_PROPS | IRB_KIND_ATTRS */
  uint32_t rare;                 /* has regions or successors */
} DKind;

typedef struct Dec {
  jmp_buf jb;               /* longjmp target of fail() */
  char msg[320];            /* the error reason */
  size_t err_pos;           /* payload offset of the error */
  const uint8_t *base, *p, *end;  /* the uncompressed payload, cursor */
  IrCtx *c;
  int no_locs;              /* flag 8: no location fields */
  int skip_locs;            /* IrbReader.skip_locs: check, do not intern */
  /* File index -> ctx id maps; index 0 is "none" -> 0. When skip_locs,
   * lmap is no_lmap and lmask 0, so every op and argument gets location 0
   * (unknown); else lmask is all ones. */
  uint32_t *smap, *tmap, *amap, *lmap;
  uint32_t lmask;
  uint16_t *sidx;           /* per file string: static index + 1, or 0 */
  uint32_t n_strs;          /* strings in the file (ids 1..n_strs) */
  uint32_t decl_types, decl_attrs, decl_locs;  /* declared entry counts */
  uint32_t n_types, n_attrs, n_locs;           /* entries read so far */
  uint16_t *tdep, *adep, *ldep;   /* nesting depth per file index */
  uint8_t *adict;           /* per attribute file index: a DICT entry */
  int have_file;            /* a file:line:col entry has been read */
  uint32_t last_file, last_line;
  DKind *kinds;
  uint32_t n_kinds;
  uint32_t *u32s;           /* scratch for entry lists */
  int64_t *i64s;
  uint32_t u32_cap, i64_cap;
  /* Ops with regions, in id order, whose regions are still to be read
   * (rd_region reads a region's blocks, then the regions of their ops). */
  uint32_t *nest;
  uint32_t n_nest, cap_nest;
  IrModule *m;              /* the module being filled */
  uint32_t prev_loc;        /* file index of the previous op's location */
  uint32_t next_op, next_value, next_block, next_region, next_operand,
      next_succ;
  /* irb_read_pieces: the callback, and how the read ended (PIECES_*) */
  IrbPieceFn *piece_fn;
  void *piece_ud;
  int piece_end;
  IrOp *tops;               /* the top ops' records while pieces are read */
} Dec;
enum { PIECES_DONE, PIECES_WHOLE, PIECES_STOPPED };

static _Noreturn void fail(Dec *D, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static _Noreturn void fail(Dec *D, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(D->msg, sizeof D->msg, fmt, ap);
  va_end(ap);
  D->err_pos = (size_t)(D->p - D->base);
  longjmp(D->jb, 1);
}

static inline size_t left(const Dec *D) { return (size_t)(D->end - D->p); }

/* {====================================================================== */
/* Varints (FORMAT.md section 2). The cursor only moves on success, so an
 * error points at the start of the bad varint.                            */

static uint64_t rd_u64_slow(Dec *D);

/* Nearly every varint is one or two bytes (table indices of a big module
 * pass 127): those cases inline. A two-byte varint is canonical when its
 * second byte is not 0. */
static inline uint64_t rd_u64(Dec *D) {
  const uint8_t *p = D->p;
  if (p < D->end && *p < 0x80) {
    D->p = p + 1;
    return *p;
  }
  if (D->end - p >= 2 && p[1] < 0x80 && p[1]) {
    D->p = p + 2;
    return (uint64_t)(p[0] & 0x7f) | (uint64_t)p[1] << 7;
  }
  return rd_u64_slow(D);
}

static uint64_t rd_u64_slow(Dec *D) {
  const uint8_t *p = D->p;
  uint64_t v = 0;
  for (int i = 0;; i++) {
    if (p >= D->end) fail(D, "truncated payload");
    uint8_t b = *p++;
    if (i == 9 && b > 1) fail(D, "varint overflow");
    v |= (uint64_t)(b & 0x7f) << (7 * i);
    if (!(b & 0x80)) {
      if (b == 0) fail(D, "non-canonical varint");
      D->p = p;
      return v;
    }
  }
}

static uint32_t rd_u32_slow(Dec *D);

static inline uint32_t rd_u32(Dec *D) {
  const uint8_t *p = D->p;
  if (p < D->end && *p < 0x80) {
    D->p = p + 1;
    return *p;
  }
  if (D->end - p >= 2 && p[1] < 0x80 && p[1]) {
    D->p = p + 2;
    return (uint32_t)(p[0] & 0x7f) | (uint32_t)p[1] << 7;
  }
  return rd_u32_slow(D);
}

static uint32_t rd_u32_slow(Dec *D) {
  const uint8_t *p = D->p;
  uint64_t v = rd_u64(D);
  if (v > UINT32_MAX) {
    D->p = p;
    fail(D, "varint overflow");
  }
  return (uint32_t)v;
}

/* rd_u64 / rd_u32 on a cursor the caller keeps in a local (*pp), with
 * D->p synced only for the slow path. */
static inline uint64_t lv_u64(Dec *D, const uint8_t **pp, const uint8_t *end) {
  const uint8_t *p = *pp;
  if (p < end && *p < 0x80) {
    *pp = p + 1;
    return *p;
  }
  if (end - p >= 2 && p[1] < 0x80 && p[1]) {
    *pp = p + 2;
    return (uint64_t)(p[0] & 0x7f) | (uint64_t)p[1] << 7;
  }
  D->p = p;
  uint64_t v = rd_u64_slow(D);
  *pp = D->p;
  return v;
}

static inline uint32_t lv_u32(Dec *D, const uint8_t **pp, const uint8_t *end) {
  const uint8_t *p = *pp;
  if (p < end && *p < 0x80) {
    *pp = p + 1;
    return *p;
  }
  if (end - p >= 2 && p[1] < 0x80 && p[1]) {
    *pp = p + 2;
    return (uint32_t)(p[0] & 0x7f) | (uint32_t)p[1] << 7;
  }
  D->p = p;
  uint32_t v = rd_u32_slow(D);
  *pp = D->p;
  return v;
}

static int64_t rd_s64(Dec *D) { return irb_unzigzag(rd_u64(D)); }

static uint8_t rd_byte(Dec *D) {
  if (D->p >= D->end) fail(D, "truncated payload");
  return *D->p++;
}

static _Noreturn __attribute__((noinline, cold)) void
rd_count_fail(Dec *D, const uint8_t *at, uint32_t n, const char *what) {
  D->p = at;
  fail(D, "%s count %" PRIu32 " exceeds bytes left (%zu)", what, n, left(D));
}

/* A count of items that each take at least `min` bytes of what is left.
 * Inline, the failure out of line: a call was ~30 instructions of the
 * ~6K counts an ir-dis of the mixed bench reads. */
static inline uint32_t rd_count(Dec *D, unsigned min, const char *what) {
  const uint8_t *at = D->p;
  uint32_t n = rd_u32(D);
  if (n > IR_MAX_COUNT || (uint64_t)n * min > left(D)) rd_count_fail(D, at, n, what);
  return n;
}

/* }====================================================================== */

/* {====================================================================== */
/* Table references: always backwards, so no cycles; each raises *depth.   */

/* An index past its table's entries so far: the report (out of line, so
 * that the readers below inline their fast paths; as calls they were ~30
 * instructions each of ~8K references an ir-dis of the mixed bench
 * reads). */
static _Noreturn __attribute__((noinline, cold)) void
rd_index_fail(Dec *D, const uint8_t *at, const char *what, uint32_t i, uint32_t n) {
  D->p = at;
  fail(D, "%s index %" PRIu32 " out of range (%" PRIu32 " %ss)", what, i, n + 1,
       what);
}

/* The file index of a string reference (rd_str: its ctx id). */
static inline uint32_t rd_str_ix(Dec *D) {
  const uint8_t *at = D->p;
  uint32_t i = rd_u32(D);
  if (i > D->n_strs) rd_index_fail(D, at, "string", i, D->n_strs);
  return i;
}

static inline uint32_t rd_str(Dec *D) { return D->smap[rd_str_ix(D)]; }

static inline uint32_t rd_type(Dec *D, unsigned *depth) {
  const uint8_t *at = D->p;
  uint32_t i = rd_u32(D);
  if (i > D->n_types) rd_index_fail(D, at, "type", i, D->n_types);
  if (D->tdep[i] > *depth) *depth = D->tdep[i];
  return D->tmap[i];
}

static inline uint32_t rd_attr(Dec *D, unsigned *depth) {
  const uint8_t *at = D->p;
  uint32_t i = rd_u32(D);
  if (i > D->n_attrs) rd_index_fail(D, at, "attribute", i, D->n_attrs);
  if (D->adep[i] > *depth) *depth = D->adep[i];
  return D->amap[i];
}

static uint32_t rd_loc_ref(Dec *D, unsigned *depth) {
  const uint8_t *at = D->p;
  uint32_t i = rd_u32(D);
  if (i > D->n_locs) {
    D->p = at;
    fail(D, "location index %" PRIu32 " out of range (%" PRIu32 " locations)",
         i, D->n_locs + 1);
  }
  if (D->ldep[i] > *depth) *depth = D->ldep[i];
  /* skipped locations: 1 stands for every one but none (rd_loc_ref's
   * users only tell none from the rest) */
  return D->skip_locs ? i != 0 : D->lmap[i];
}

/* Non-none variants. */
static uint32_t need(Dec *D, const uint8_t *at, uint32_t id, const char *what) {
  if (id == 0) {
    D->p = at;
    fail(D, "%s must not be none", what);
  }
  return id;
}
#define RD_NEED(D, fn, depth, what) \
  need(D, (D)->p, fn(D, depth), what)

/* }====================================================================== */

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) ir_die("out of memory (%zu bytes)", n);
  return p;
}

static __attribute__((noinline)) void scratch_grow(Dec *D, uint32_t n_u32,
                                                   uint32_t n_i64) {
  if (n_u32 > D->u32_cap) {
    free(D->u32s);
    D->u32_cap = n_u32 > 64 ? n_u32 : 64;
    D->u32s = xmalloc((size_t)D->u32_cap * sizeof *D->u32s);
  }
  if (n_i64 > D->i64_cap) {
    free(D->i64s);
    D->i64_cap = n_i64 > 64 ? n_i64 : 64;
    D->i64s = xmalloc((size_t)D->i64_cap * sizeof *D->i64s);
  }
}

/* Room for the lists of an entry (most fit what the buffers have). */
static inline void scratch(Dec *D, uint32_t n_u32, uint32_t n_i64) {
  if (n_u32 > D->u32_cap || n_i64 > D->i64_cap) scratch_grow(D, n_u32, n_i64);
}

static void check_depth(Dec *D, const uint8_t *at, unsigned depth) {
  if (depth > IR_MAX_DEPTH) {
    D->p = at;
    fail(D, "nesting deeper than %d", IR_MAX_DEPTH);
  }
}

/* {====================================================================== */
/* Entries (FORMAT.md 3.1)                                                  */

static void rd_dims(Dec *D, uint32_t rank, int allow_dyn) {
  scratch(D, 0, rank);
  for (uint32_t i = 0; i < rank; i++) {
    const uint8_t *at = D->p;
    int64_t x = irb_dim_dec(rd_u64(D));
    if (x == IR_DYN && !allow_dyn) {
      D->p = at;
      fail(D, "dynamic dimension in vector");
    }
    if (x == 0 && !allow_dyn) { /* the text refuses it too (VectorType) */
      D->p = at;
      fail(D, "zero dimension in vector");
    }
    if (x < 0 && x != IR_DYN) {
      D->p = at;
      fail(D, "negative dimension %" PRId64, x);
    }
    D->i64s[i] = x;
  }
}

static uint32_t rd_rank(Dec *D) {
  const uint8_t *at = D->p;
  uint32_t r = rd_u32(D);
  if (r > IR_MAX_RANK) {
    D->p = at;
    fail(D, "rank %" PRIu32 " exceeds %d", r, IR_MAX_RANK);
  }
  return r;
}

static void rd_type_entry(Dec *D, uint8_t tag, const uint8_t *at) {
  if (D->n_types == D->decl_types)
    fail(D, "too many type entries (%" PRIu32 " declared)", D->decl_types);
  IrType t = {0};
  unsigned d = 0;
  uint32_t nlist = 0;
  const uint8_t *f = D->p;
  switch (tag) {
  case IRB_TAG_T_INT: case IRB_TAG_T_SINT: case IRB_TAG_T_UINT:
    t.kind = IR_T_INT;
    t.width = rd_u32(D);
    t.sub = tag == IRB_TAG_T_SINT ? IR_SIGNED
            : tag == IRB_TAG_T_UINT ? IR_UNSIGNED : IR_SIGNLESS;
    if (t.width == 0 || t.width > IRB_MAX_INT_WIDTH) {
      D->p = f;
      fail(D, "bad integer width %" PRIu32, t.width);
    }
    break;
  case IRB_TAG_T_INDEX: t.kind = IR_T_INDEX; break;
  case IRB_TAG_T_NONE: t.kind = IR_T_NONE; break;
  case IRB_TAG_T_FLOAT: {
    uint32_t fk = rd_u32(D);
    if (fk >= IR_N_FLOAT_KINDS) {
      D->p = f;
      fail(D, "bad float kind %" PRIu32, fk);
    }
    t.kind = IR_T_FLOAT;
    t.sub = irb_float_from_file[fk];
    break;
  }
  case IRB_TAG_T_MEMREF: case IRB_TAG_T_MEMREF_PLAIN: case IRB_TAG_T_TENSOR:
  case IRB_TAG_T_VECTOR:
    t.kind = tag == IRB_TAG_T_MEMREF || tag == IRB_TAG_T_MEMREF_PLAIN ? IR_T_MEMREF
             : tag == IRB_TAG_T_TENSOR ? IR_T_TENSOR : IR_T_VECTOR;
    t.n = rd_rank(D);
    rd_dims(D, t.n, tag != IRB_TAG_T_VECTOR);
    t.elem = RD_NEED(D, rd_type, &d, "element type");
    if (tag == IRB_TAG_T_VECTOR) {
      const uint8_t *s = D->p;
      t.scalable = rd_u64(D);
      if (t.n < 64 && (t.scalable >> t.n) != 0) {
        D->p = s;
        fail(D, "scalable bits beyond rank");
      }
    } else if (tag != IRB_TAG_T_MEMREF_PLAIN) {
      t.layout = rd_attr(D, &d);
      if (tag == IRB_TAG_T_MEMREF) {
        t.space = rd_attr(D, &d);
        if (!t.layout && !t.space) {
          D->p = at;
          fail(D, "non-canonical memref type (no layout and no memory space)");
        }
      }
    }
    break;
  case IRB_TAG_T_UMEMREF:
    t.kind = IR_T_UMEMREF;
    t.elem = RD_NEED(D, rd_type, &d, "element type");
    t.space = rd_attr(D, &d);
    break;
  case IRB_TAG_T_UTENSOR: case IRB_TAG_T_COMPLEX:
    t.kind = tag == IRB_TAG_T_UTENSOR ? IR_T_UTENSOR : IR_T_COMPLEX;
    t.elem = RD_NEED(D, rd_type, &d, "element type");
    break;
  case IRB_TAG_T_FUNC: case IRB_TAG_T_TUPLE: {
    t.kind = tag == IRB_TAG_T_FUNC ? IR_T_FUNC : IR_T_TUPLE;
    t.n = rd_count(D, 1, "type list");
    if (tag == IRB_TAG_T_FUNC) t.nres = rd_count(D, 1, "result type");
    if ((uint64_t)t.n + t.nres > left(D)) fail(D, "type list exceeds bytes left");
    nlist = t.n + t.nres;
    scratch(D, nlist, 0);
    for (uint32_t i = 0; i < nlist; i++)
      D->u32s[i] = RD_NEED(D, rd_type, &d, "type list member");
    break;
  }
  case IRB_TAG_T_OPAQUE:
    t.kind = IR_T_OPAQUE;
    t.text = rd_str(D);
    if (ir_str_len(D->c, t.text) == 0) {
      D->p = f;
      fail(D, "empty opaque type");
    }
    if (!ir_type_text_sound(D->c, &t)) {
      D->p = f;
      fail(D, "opaque type spelling does not parse back to itself");
    }
    break;
  default:
    D->p = at;
    fail(D, "unknown entry tag 0x%02x", tag);
  }
  if (t.elem) {
    /* what the parser refuses, e.g. tensor<2xnone>, would print as text
     * no parser accepts */
    char buf[96];
    const char *msg = ir_type_elem_error(D->c, (IrTypeKind)t.kind, t.elem);
    if (!msg && (t.kind == IR_T_MEMREF || t.kind == IR_T_UMEMREF))
      msg = ir_memref_error(D->c, t.n, t.layout, t.space, buf, sizeof buf);
    if (msg) {
      D->p = at;
      fail(D, "%s", msg);
    }
  }
  check_depth(D, at, d + 1);
  uint32_t id = ir_type_intern(D->c, &t, D->i64s, D->u32s);
  if (id == 0) {
    D->p = at;
    fail(D, "invalid type");
  }
  uint32_t k = ++D->n_types;
  D->tmap[k] = id;
  D->tdep[k] = (uint16_t)(d + 1);
}

/* memcmp order, then length: the order of dictionary names. */
static int str_cmp(const IrCtx *c, uint32_t a, uint32_t b) {
  size_t la = ir_str_len(c, a), lb = ir_str_len(c, b);
  int r = memcmp(ir_str_ptr(c, a), ir_str_ptr(c, b), la < lb ? la : lb);
  return r ? r : (la > lb) - (la < lb);
}

static void rd_attr_entry(Dec *D, uint8_t tag, const uint8_t *at) {
  if (D->n_attrs == D->decl_attrs)
    fail(D, "too many attribute entries (%" PRIu32 " declared)", D->decl_attrs);
  IrAttr a = {0};
  unsigned d = 0;
  const uint8_t *f = D->p;
  switch (tag) {
  case IRB_TAG_A_UNIT: a.kind = IR_A_UNIT; break;
  case IRB_TAG_A_BOOL: {
    uint32_t v = rd_u32(D);
    if (v > 1) {
      D->p = f;
      fail(D, "bad bool %" PRIu32, v);
    }
    a.kind = IR_A_BOOL;
    a.ival = v;
    break;
  }
  case IRB_TAG_A_INT:
    a.kind = IR_A_INT;
    a.ival = rd_s64(D);
    a.type = rd_type(D, &d);
    break;
  case IRB_TAG_A_FLOAT: {
    if (left(D) < 8) fail(D, "truncated payload");
    uint64_t bits = irb_get_le(D->p, 8);
    D->p += 8;
    a.kind = IR_A_FLOAT;
    memcpy(&a.fval, &bits, 8);
    a.type = rd_type(D, &d);
    break;
  }
  case IRB_TAG_A_STRING: case IRB_TAG_A_DENSE: case IRB_TAG_A_OPAQUE:
    a.kind = tag == IRB_TAG_A_STRING ? IR_A_STRING
             : tag == IRB_TAG_A_DENSE ? IR_A_DENSE : IR_A_OPAQUE;
    a.str = rd_str(D);
    if (tag == IRB_TAG_A_OPAQUE && ir_str_len(D->c, a.str) == 0) {
      D->p = f;
      fail(D, "empty opaque attribute");
    }
    a.type = rd_type(D, &d);
    break;
  case IRB_TAG_A_DENSE_HEX: {
    /* the body "0x..." as its bytes: spelled again here, then checked as
     * any dense text is (below) */
    uint32_t n = rd_count(D, 1, "dense storage");
    if (n == 0) {
      D->p = f;
      fail(D, "empty dense storage");
    }
    char *body = xmalloc(2 * (size_t)n + 4);
    size_t len = ir_dense_hex_text(D->p, n, body);
    D->p += n;
    a.kind = IR_A_DENSE;
    a.str = ir_str(D->c, body, len);
    free(body);
    a.type = rd_type(D, &d);
    break;
  }
  case IRB_TAG_A_TYPE:
    a.kind = IR_A_TYPE;
    a.type = RD_NEED(D, rd_type, &d, "type attribute");
    break;
  case IRB_TAG_A_ARRAY:
    a.kind = IR_A_ARRAY;
    a.n = rd_count(D, 1, "array");
    scratch(D, a.n, 0);
    for (uint32_t i = 0; i < a.n; i++)
      D->u32s[i] = RD_NEED(D, rd_attr, &d, "array element");
    break;
  case IRB_TAG_A_DICT:
    a.kind = IR_A_DICT;
    a.n = rd_count(D, 2, "dictionary");
    scratch(D, 2 * a.n, 0);
    for (uint32_t i = 0; i < a.n; i++) {
      const uint8_t *nm = D->p;
      D->u32s[2 * i] = rd_str(D);
      if (i > 0 && str_cmp(D->c, D->u32s[2 * i - 2], D->u32s[2 * i]) >= 0) {
        D->p = nm;
        fail(D, "dictionary names not strictly sorted");
      }
      D->u32s[2 * i + 1] = RD_NEED(D, rd_attr, &d, "dictionary value");
    }
    break;
  case IRB_TAG_A_SYMREF:
    a.kind = IR_A_SYMREF;
    a.str = rd_str(D);
    a.n = rd_count(D, 1, "nested symbol");
    scratch(D, a.n, 0);
    for (uint32_t i = 0; i < a.n; i++) D->u32s[i] = rd_str(D);
    break;
  case IRB_TAG_A_DENSE_ARRAY:
    a.kind = IR_A_DENSE_ARRAY;
    a.type = RD_NEED(D, rd_type, &d, "dense array element type");
    a.n = rd_count(D, 1, "dense array");
    scratch(D, 0, a.n);
    for (uint32_t i = 0; i < a.n; i++) D->i64s[i] = rd_s64(D);
    break;
  case IRB_TAG_A_AFFINE_MAP: case IRB_TAG_A_AFFINE_SET:
    a.kind = tag == IRB_TAG_A_AFFINE_MAP ? IR_A_AFFINE_MAP : IR_A_AFFINE_SET;
    a.str = rd_str(D);
    break;
  case IRB_TAG_A_STRIDED:
    a.kind = IR_A_STRIDED;
    a.ival = irb_dim_dec(rd_u64(D));
    a.n = rd_count(D, 1, "stride");
    if (a.n > IR_MAX_RANK) {
      D->p = f;
      fail(D, "rank %" PRIu32 " exceeds %d", a.n, IR_MAX_RANK);
    }
    scratch(D, 0, a.n);
    for (uint32_t i = 0; i < a.n; i++) D->i64s[i] = irb_dim_dec(rd_u64(D));
    break;
  default:
    D->p = at;
    fail(D, "unknown entry tag 0x%02x", tag);
  }
  check_depth(D, at, d + 1);
  if (!ir_attr_text_sound(D->c, &a)) {
    static const char *const what[] = {
        [IR_A_DENSE] = "dense elements text", [IR_A_AFFINE_MAP] = "affine map text",
        [IR_A_AFFINE_SET] = "integer set text", [IR_A_OPAQUE] = "opaque attribute spelling"};
    D->p = f;
    fail(D, "%s does not parse back to itself", what[a.kind]);
  }
  /* a DICT's names were checked strictly sorted above */
  uint32_t id = ir_attr_intern_sorted(D->c, &a, D->u32s, D->i64s);
  if (id == 0) {
    D->p = at;
    fail(D, "invalid attribute");
  }
  uint32_t k = ++D->n_attrs;
  D->amap[k] = id;
  D->adep[k] = (uint16_t)(d + 1);
  D->adict[k] = a.kind == IR_A_DICT;
}

static void rd_loc_entry(Dec *D, uint8_t tag, const uint8_t *at) {
  if (D->n_locs == D->decl_locs)
    fail(D, "too many location entries (%" PRIu32 " declared)", D->decl_locs);
  IrLoc l = {0};
  unsigned d = 0;
  switch (tag >= IRB_TAG_L_FILE_SHORT ? IRB_TAG_L_FILE_NEXT : tag) {
  case IRB_TAG_L_FILE:
    l.kind = IR_L_FILE;
    l.file = rd_str(D);
    l.line = rd_u32(D);
    l.col = rd_u32(D);
    break;
  case IRB_TAG_L_FILE_NEXT: {
    if (!D->have_file) {
      D->p = at;
      fail(D, "same-file location without a previous file location");
    }
    const uint8_t *f = D->p;
    int64_t delta;
    if (tag >= IRB_TAG_L_FILE_SHORT) {
      delta = (int64_t)tag - IRB_TAG_L_FILE_SHORT + IRB_LINE_SHORT_MIN;
    } else {
      delta = rd_s64(D);
      if (delta >= IRB_LINE_SHORT_MIN && delta <= IRB_LINE_SHORT_MAX) {
        D->p = at;
        fail(D, "non-canonical location entry (line delta %" PRId64 ")", delta);
      }
    }
    int64_t line = (int64_t)D->last_line + delta;
    if (delta < -(int64_t)UINT32_MAX || delta > (int64_t)UINT32_MAX ||
        line < 0 || line > (int64_t)UINT32_MAX) {
      D->p = f;
      fail(D, "line out of range");
    }
    l.kind = IR_L_FILE;
    l.file = D->last_file;
    l.line = (uint32_t)line;
    l.col = rd_u32(D);
    break;
  }
  case IRB_TAG_L_NAME:
    l.kind = IR_L_NAME;
    l.a = rd_str(D);
    l.b = rd_loc_ref(D, &d);
    break;
  case IRB_TAG_L_CALLSITE:
    l.kind = IR_L_CALLSITE;
    l.a = RD_NEED(D, rd_loc_ref, &d, "callee location");
    l.b = RD_NEED(D, rd_loc_ref, &d, "caller location");
    break;
  case IRB_TAG_L_FUSED:
    l.kind = IR_L_FUSED;
    l.n = rd_count(D, 1, "fused location");
    scratch(D, l.n, 0);
    /* a member may be unknown only as MLIR's fused<md>[unknown] */
    for (uint32_t i = 0; i < l.n; i++)
      D->u32s[i] = rd_loc_ref(D, &d);
    l.b = rd_attr(D, &d);
    for (uint32_t i = 0; i < l.n; i++)
      if (!D->u32s[i] && (l.n != 1 || !l.b)) {
        D->p = at;
        fail(D, "fused location member must not be none");
      }
    break;
  default:
    D->p = at;
    fail(D, "unknown entry tag 0x%02x", tag);
  }
  if (l.kind == IR_L_FILE) {
    D->have_file = 1;
    D->last_file = l.file;
    D->last_line = l.line;
  }
  check_depth(D, at, d + 1);
  /* file locations (one per op) straight to their fast path */
  uint32_t id = D->skip_locs ? 1
                : l.kind == IR_L_FILE ? ir_loc_file(D->c, l.file, l.line, l.col)
                                      : ir_loc_intern(D->c, &l, D->u32s);
  if (id == 0) {
    D->p = at;
    fail(D, "invalid location");
  }
  uint32_t k = ++D->n_locs;
  if (!D->skip_locs) D->lmap[k] = id;
  D->ldep[k] = (uint16_t)(d + 1);
}

/* }====================================================================== */

/* A run of rd_loc_entry's short same-file case (one per op), at most max
 * entries, with the cursor and the line in locals: a line delta in the tag
 * (a u32 line plus -8..119 is checked), then the column. Stops before any
 * other entry, and before a bad one, which the general path then reports.
 * Returns the number read. Made once per value of `skip` (skip_locs), so
 * that neither loop tests it. */
static inline __attribute__((always_inline)) uint32_t loc_run(Dec *D, uint64_t max,
                                                              const int skip) {
  const uint8_t *p = D->p, *const end = D->end;
  uint32_t k = D->n_locs, line = D->last_line;
  const uint32_t file = D->last_file;
  const uint64_t last64 = k + max < D->decl_locs ? k + max : D->decl_locs;
  const uint32_t first = k, last = (uint32_t)last64;
  uint32_t *const lmap = D->lmap;
  uint16_t *const ldep = D->ldep;
  IrCtx *const c = D->c;
  while (k < last && p < end && *p >= IRB_TAG_L_FILE_SHORT) {
    int64_t nl = (int64_t)line + *p - IRB_TAG_L_FILE_SHORT + IRB_LINE_SHORT_MIN;
    if (nl < 0 || nl > (int64_t)UINT32_MAX) break;
    const uint8_t *q = p + 1;
    uint32_t col = lv_u32(D, &q, end);
    uint32_t id = skip ? 1 : ir_loc_file(c, file, (uint32_t)nl, col);
    if (!id) break;
    p = q;
    line = (uint32_t)nl;
    k++;
    if (!skip) lmap[k] = id;
    ldep[k] = 1;
  }
  D->p = p;
  D->n_locs = k;
  D->last_line = line;
  return k - first;
}

/* The location of a run's entry: its line from the tag and the one
 * before, its column; 0 (p unmoved) if the line leaves the u32 range. */
static inline int loc_short(Dec *D, const uint8_t **pp, const uint8_t *end,
                            uint32_t *line, uint32_t *col) {
  const uint8_t *p = *pp;
  int64_t nl = (int64_t)*line + *p - IRB_TAG_L_FILE_SHORT + IRB_LINE_SHORT_MIN;
  if (nl < 0 || nl > (int64_t)UINT32_MAX) return 0;
  p++;
  *col = lv_u32(D, &p, end);
  *pp = p;
  *line = (uint32_t)nl;
  return 1;
}

/* loc_run when the locations are interned: up to LOC_CHUNK entries are
 * read into a list of (line, column) pairs, which ir_loc_file_n interns
 * in one call, ids straight into lmap. (mixed bench: see the figures of
 * ir_loc_file_n.) If it stops early (the ctx is full), the cursor goes
 * back to the entry it refused, for the general path to report. */
#define LOC_CHUNK 256u
static uint32_t loc_run_intern(Dec *D, uint64_t max) {
  const uint8_t *p = D->p, *const end = D->end;
  uint32_t k = D->n_locs, line = D->last_line;
  const uint32_t file = D->last_file;
  const uint64_t last64 = k + max < D->decl_locs ? k + max : D->decl_locs;
  const uint32_t first = k, last = (uint32_t)last64;
  uint32_t *const lc = D->u32s;     /* rd_tables made room for a chunk */
  uint16_t *const ldep = D->ldep;
  for (;;) {
    const uint8_t *const p0 = p;
    const uint32_t line0 = line;
    /* the depths of entries past the ones interned are never read
     * (rd_loc_ref bounds an index by n_locs first) */
    uint32_t n = 0, col, lim = last - k < LOC_CHUNK ? last - k : LOC_CHUNK;
    while (n < lim && p < end && *p >= IRB_TAG_L_FILE_SHORT &&
           loc_short(D, &p, end, &line, &col)) {
      lc[2 * n] = line;
      lc[2 * n + 1] = col;
      ldep[k + ++n] = 1;
    }
    uint32_t got = n ? ir_loc_file_n(D->c, file, n, lc, D->lmap + k + 1) : 0;
    k += got;
    if (got < n) {
      p = p0;
      line = line0;
      for (uint32_t j = 0; j < got; j++) loc_short(D, &p, end, &line, &col);
      break;
    }
    if (n < lim || k == last) break;
  }
  D->p = p;
  D->n_locs = k;
  D->last_line = line;
  return k - first;
}

static uint32_t rd_loc_run(Dec *D, uint64_t max) {
  return D->skip_locs ? loc_run(D, max, 1) : loc_run_intern(D, max);
}

/* What the kind table accepts as an op name (FORMAT.md 3.2). */
static int op_name_ok(const char *s, size_t n) {
  int ok = n > 0 && n <= IRB_MAX_OPNAME;
  for (size_t j = 0; ok && j < n; j++) {
    unsigned char ch = (unsigned char)s[j];
    ok = ch >= 0x20 && ch != 0x7f && ch != '"' && ch != '\\';
  }
  return ok;
}

/* Per static string: 1 + its opcode if it is an acceptable op name, else
 * 0. Most kinds name a static string: this spares them the name check and
 * the registry lookup (built once per process: readers run in threads). */
#define STAT_KIND_MAX 256u
static uint32_t stat_kind[STAT_KIND_MAX];
static uint32_t stat_len[STAT_KIND_MAX];    /* and its length */
static uint64_t stat_hash[STAT_KIND_MAX];   /* and its ir_str_hash */
static pthread_once_t stat_kind_once = PTHREAD_ONCE_INIT;

static void stat_kind_build(void) {
  if (irb_n_static_strs > STAT_KIND_MAX)
    ir_die("static string table larger than %u", STAT_KIND_MAX);
  for (uint32_t i = 0; i < irb_n_static_strs; i++) {
    const char *s = irb_static_strs[i];
    size_t n = strlen(s);
    stat_kind[i] = op_name_ok(s, n) ? 1 + ir_op_lookup(s, n) : 0;
    stat_len[i] = (uint32_t)n;
    stat_hash[i] = ir_str_hash(s, n);
  }
}

static void rd_tables(Dec *D) {
  D->n_strs = rd_count(D, 1, "string");
  D->smap = xmalloc(((size_t)D->n_strs + 1) * sizeof *D->smap);
  D->sidx = xmalloc(((size_t)D->n_strs + 1) * sizeof *D->sidx);
  D->smap[0] = 0;
  D->sidx[0] = 0;
  pthread_once(&stat_kind_once, stat_kind_build);
  ir_ctx_reserve(D->c, D->n_strs, 0, 0);
  for (uint32_t i = 1; i <= D->n_strs; i++) {
    D->sidx[i] = 0;
    const uint8_t *at = D->p;
    uint32_t v = rd_u32(D), n = v >> 1;
    const char *s;
    if (v & 1) {
      if (n >= irb_n_static_strs) {
        D->p = at;
        fail(D, "static string %" PRIu32 " out of range (%" PRIu32 " static strings)",
             n, irb_n_static_strs);
      }
      D->sidx[i] = (uint16_t)(n + 1);
      s = irb_static_strs[n];
      D->smap[i] = ir_str_static(D->c, s, stat_len[n], stat_hash[n]);
      n = stat_len[n];
    } else {
      if (n > left(D)) fail(D, "truncated payload (string of %" PRIu32 " bytes)", n);
      s = (const char *)D->p;
      D->p += n;
      D->smap[i] = ir_str(D->c, s, n);
    }
    if (n && !D->smap[i]) {
      D->p = at;
      fail(D, "string table of the context is full");
    }
  }

  const uint8_t *at = D->p;
  D->decl_types = rd_u32(D);
  D->decl_attrs = rd_u32(D);
  D->decl_locs = rd_u32(D);
  uint64_t total = (uint64_t)D->decl_types + D->decl_attrs + D->decl_locs;
  if (D->decl_types > IR_MAX_COUNT || D->decl_attrs > IR_MAX_COUNT ||
      D->decl_locs > IR_MAX_COUNT || total > left(D)) {
    D->p = at;
    fail(D, "entry counts %" PRIu32 "+%" PRIu32 "+%" PRIu32 " exceed bytes left (%zu)",
         D->decl_types, D->decl_attrs, D->decl_locs, left(D));
  }
  if (D->no_locs && D->decl_locs) {
    D->p = at;
    fail(D, "locations in a frame flagged as stripped");
  }
  ir_ctx_reserve(D->c, 0, D->decl_types, D->decl_attrs);
  D->tmap = xmalloc(((size_t)D->decl_types + 1) * sizeof *D->tmap);
  D->amap = xmalloc(((size_t)D->decl_attrs + 1) * sizeof *D->amap);
  /* Skipped locations need no map: it was 4 bytes a location, written
   * and then cleared (20 MB bench corpus: ir-dis's page faults 11,010 ->
   * 10,601, max RSS 48.3 -> 46.6 MB). */
  static uint32_t no_lmap[1];
  D->lmap = D->skip_locs ? no_lmap : xmalloc(((size_t)D->decl_locs + 1) * sizeof *D->lmap);
  D->lmask = D->skip_locs ? 0 : UINT32_MAX;
  D->tdep = xmalloc(((size_t)D->decl_types + 1) * 2);
  D->adep = xmalloc(((size_t)D->decl_attrs + 1) * 2);
  D->adict = xmalloc((size_t)D->decl_attrs + 1);
  D->ldep = xmalloc(((size_t)D->decl_locs + 1) * 2);
  D->tmap[0] = D->amap[0] = 0;
  if (!D->skip_locs) D->lmap[0] = 0;
  D->tdep[0] = D->adep[0] = D->ldep[0] = 0;
  D->adict[0] = 0;
  scratch(D, 2 * LOC_CHUNK, 0);   /* loc_run_intern's list */
  for (uint64_t i = 0; i < total; i++) {
    if (D->have_file && D->p < D->end && *D->p >= IRB_TAG_L_FILE_SHORT) {
      uint32_t r = rd_loc_run(D, total - i);
      i += r;
      if (r) {
        i--;
        continue;
      }
    }
    const uint8_t *e = D->p;
    uint8_t tag = rd_byte(D);
    if (tag >= 0x41) rd_loc_entry(D, tag, e);
    else if (tag >= 0x21) rd_attr_entry(D, tag, e);
    else rd_type_entry(D, tag, e);
  }
  if (D->n_types != D->decl_types || D->n_attrs != D->decl_attrs) {
    D->p = at;
    fail(D, "declared %" PRIu32 " types and %" PRIu32 " attributes, found %"
         PRIu32 " and %" PRIu32, D->decl_types, D->decl_attrs, D->n_types,
         D->n_attrs);
  }

  D->n_kinds = rd_count(D, 2, "kind");
  D->kinds = xmalloc(((size_t)D->n_kinds + 1) * sizeof *D->kinds);
  for (uint32_t i = 0; i < D->n_kinds; i++) {
    DKind *k = &D->kinds[i];
    memset(k, 0, sizeof *k);
    const uint8_t *f = D->p;
    uint32_t si = rd_str_ix(D);
    k->tmpl.name = D->smap[si];
    uint32_t sk = D->sidx[si] ? stat_kind[D->sidx[si] - 1] : 0;
    if (sk) {
      k->tmpl.opc = (uint16_t)(sk - 1);
    } else {
      const char *s = ir_str_ptr(D->c, k->tmpl.name);
      size_t n = ir_str_len(D->c, k->tmpl.name);
      if (!op_name_ok(s, n)) {
        D->p = f;
        fail(D, "bad op name");
      }
      k->tmpl.opc = (uint16_t)ir_op_lookup(s, n);
    }
    f = D->p;
    uint64_t shape = rd_u64(D);
    if ((shape >> 8) > IR_MAX_COUNT) {
      D->p = f;
      fail(D, "op kind counts out of range");
    }
    k->tmpl.n_operands = (uint32_t)(shape >> 8);
    k->mask = (uint32_t)(shape & 3);
    uint32_t cnt[3];
    for (int j = 0; j < 3; j++) {
      cnt[j] = (uint32_t)(shape >> (2 + 2 * j)) & 3;
      if (cnt[j] == 3) {
        f = D->p;
        cnt[j] = rd_u32(D);
        if (cnt[j] < 3 || cnt[j] > IR_MAX_COUNT) {
          D->p = f;
          fail(D, "op kind count %" PRIu32 " out of range or not canonical", cnt[j]);
        }
      }
    }
    k->tmpl.n_results = cnt[0];
    k->tmpl.n_regions = cnt[1];
    k->tmpl.n_succs = cnt[2];
    k->rare = cnt[1] | cnt[2];
  }
}

/* {====================================================================== */
/* Structure (FORMAT.md 3.3)                                                */


/* The reason lv_dict rejects the props / attrs index at D->p. */
static _Noreturn void rd_dict_fail(Dec *D, const char *what) {
  const uint8_t *at = D->p;
  unsigned d = 0;
  RD_NEED(D, rd_attr, &d, what);
  D->p = at;
  fail(D, "%s must be a dictionary", what);
}

/* A props / attrs dictionary at *pp: an attribute entry rd_attr_entry
 * marked as a DICT in adict (no ctx lookup). */
static inline uint32_t lv_dict(Dec *D, const uint8_t **pp, const uint8_t *end,
                               const char *what) {
  const uint8_t *f = *pp;
  uint32_t ai = lv_u32(D, pp, end);
  if (ai > D->n_attrs || !D->adict[ai]) {
    D->p = f;
    rd_dict_fail(D, what);
  }
  return D->amap[ai];
}

static void rd_succs(Dec *D, const IrOp *o, const IrRegion *reg);

/* An operand at *pp: a value id as a delta back from cur. */
static inline __attribute__((always_inline)) uint32_t
lv_operand(Dec *D, const uint8_t **pp, const uint8_t *end, int64_t cur,
           uint32_t n_values) {
  const uint8_t *f = *pp;
  uint64_t u = lv_u64(D, pp, end);
  int64_t v = u > 0x1ffffffffull ? -1 : cur - 1 - irb_unzigzag(u);
  if (v < 0 || v >= (int64_t)n_values) {
    D->p = f;
    fail(D, "operand value %" PRId64 " out of range (%" PRIu32 " values)", v,
         n_values);
  }
  return (uint32_t)v;
}

/* The type of a result at *pp: a type index, not none. */
static inline __attribute__((always_inline)) uint32_t
lv_result_type(Dec *D, const uint8_t **pp, const uint8_t *end,
               const uint32_t *tmap, uint32_t n_types) {
  const uint8_t *f = *pp;
  uint32_t ti = lv_u32(D, pp, end);
  if (ti > n_types) {
    D->p = f;
    fail(D, "type index %" PRIu32 " out of range (%" PRIu32 " types)", ti,
         n_types + 1);
  }
  uint32_t t = tmap[ti];
  if (!t) {
    D->p = f;
    fail(D, "result type must not be none");
  }
  return t;
}

/* List op (which has regions) for rd_region. */
static void nest_push(Dec *D, uint32_t op) {
  irb_ids_push(&D->nest, &D->n_nest, &D->cap_nest, op);
}

/* Ops id.. id+n-1 of one block (or the top op: bid IR_NONE, reg NULL, n 1;
 * the caller has checked that n ops fit the declared count). The counters
 * and the cursor live in locals for the whole run: written back through D
 * they cost a load and a store each per op, as every store below could
 * alias them. Fail paths set D->p to the offset they report. Made once
 * per value of `no_locs` (rd_ops), so that the loop does not test it
 * twice an op (mixed bench corpus: dd-own 415.1M -> 414.1M, ir-dis
 * 71.1M -> 70.7M). The kind's template, the one-result and <= 2-operand
 * paths and reading the rarely used fields through D took the loop from
 * ~195 to ~160 instructions an op (rd_ops on ir-dis's input m3: 7.73M ->
 * 6.40M; irb_read_next: dd-own 38.4M -> 34.8M, ir-dis 20.05M -> 18.76M). */
static inline __attribute__((always_inline)) void ops_run(Dec *D, uint32_t bid,
                                                          const IrRegion *reg,
                                                          uint32_t n, const int no_locs) {
  IrModule *m = D->m;
  IrOp *const ops = m->ops;
  IrValue *const values = m->values;
  uint32_t *const operands = m->operands;
  const DKind *const kinds = D->kinds;
  const uint32_t n_kinds = D->n_kinds, n_values = m->n_values;
  const uint8_t *p = D->p, *const pend = D->end;
  uint32_t id = D->next_op, next_opd = D->next_operand, next_val = D->next_value;
  uint32_t next_reg = D->next_region, next_succ = D->next_succ;
  uint32_t prev_loc = D->prev_loc;
  /* next_* never pass the declared counts (each below 2^29, so a sum of
   * two does not wrap). Checked as sums against the counts rather than
   * through four "room left" counters: those were four more values for a
   * loop that already spills, each updated on the stack per op. */
  const uint32_t n_operands = m->n_operands;
  /* What only some ops need (types, locations, regions, successors) is
   * read from D and m where it is used: copied to locals it was spilled
   * anyway, ~30 instructions a block in and out of the stack */
  for (const uint32_t last = id + n; id < last; id++) {
    const uint8_t *at = p;
    uint32_t head = lv_u32(D, &p, pend), ki = head;
    /* this op's location index, -1 if out of range; checked after the
     * dictionaries, where the format puts the error */
    int64_t l = 0;
    if (!no_locs) {
      ki = head >> 1;
      l = (int64_t)prev_loc + 1;
      if (head & 1) {
        const uint8_t *f = p;
        uint64_t u = lv_u64(D, &p, pend);
        int64_t loc_delta = irb_unzigzag(u);
        if (loc_delta == 0) {
          D->p = f;
          fail(D, "non-canonical location delta");
        }
        l = u > 0x1ffffffffull ? -1 : l + loc_delta;
      }
    }
    if (ki >= n_kinds) {
      D->p = at;
      fail(D, "kind index %" PRIu32 " out of range (%" PRIu32 " kinds)", ki,
           n_kinds);
    }
    const DKind *K = &kinds[ki];
    const uint32_t nopd = K->tmpl.n_operands, nres = K->tmpl.n_results;
    /* one branch for the two (| rather than ||: no early exits); kinds
     * with regions or successors check theirs with the same message */
    if ((next_opd + nopd > n_operands) | (next_val + nres > n_values) |
        (K->rare && ((next_reg + K->tmpl.n_regions > m->n_regions) |
                     (next_succ + K->tmpl.n_succs > m->n_succs)))) {
      D->p = at;
      fail(D, "op %" PRIu32 " exceeds the declared operands, values, regions or"
           " successors", id);
    }
    if (K->rare && !reg && K->tmpl.n_succs) {
      D->p = at;
      fail(D, "top op has successors");
    }
    IrOp *o = &ops[id];
    *o = K->tmpl;
    o->block = bid;
    o->operands = next_opd;
    o->results = next_val;
    o->regions = next_reg;
    o->succs = next_succ;

    int64_t cur = next_val;
    uint32_t *opd = operands + next_opd;
    next_opd += nopd;
    if (nopd <= 2) {
      if (nopd >= 1) opd[0] = lv_operand(D, &p, pend, cur, n_values);
      if (nopd == 2) opd[1] = lv_operand(D, &p, pend, cur, n_values);
    } else {
      for (uint32_t i = 0; i < nopd; i++)
        opd[i] = lv_operand(D, &p, pend, cur, n_values);
    }
    IrValue *vals = values + next_val;
    next_val += nres;
    /* most ops have one result: without the loop its setup (registers
     * moved out of the way, ~15 instructions) goes too */
    if (nres == 1) {
      vals[0] = (IrValue){.type = lv_result_type(D, &p, pend, D->tmap, D->n_types),
                          .def = id, .num = 0, .kind = IR_VAL_RESULT};
    } else {
      for (uint32_t i = 0; i < nres; i++)
        vals[i] = (IrValue){.type = lv_result_type(D, &p, pend, D->tmap, D->n_types),
                            .def = id, .num = i, .kind = IR_VAL_RESULT};
    }
    if (K->mask & IRB_KIND_PROPS) o->props = lv_dict(D, &p, pend, "properties");
    if (K->mask & IRB_KIND_ATTRS) o->attrs = lv_dict(D, &p, pend, "attributes");
    if (!no_locs) {
      if (l < 0 || l > (int64_t)D->n_locs) {
        D->p = at;
        fail(D, "location index %" PRId64 " out of range (%" PRIu32 " locations)",
             l, D->n_locs + 1);
      }
      prev_loc = (uint32_t)l;
      o->loc = D->lmap[l & D->lmask];
    }
    if (K->rare) {
      const uint32_t nreg = K->tmpl.n_regions, nsucc = K->tmpl.n_succs;
      if (nreg) {
        for (uint32_t i = 0; i < nreg; i++) m->regions[next_reg + i].op = id;
        nest_push(D, id);
      }
      next_reg += nreg;
      next_succ += nsucc;
      if (nsucc) {
        D->p = p;
        rd_succs(D, o, reg);
        p = D->p;
      }
    }
  }
  D->p = p;
  D->next_op = id;
  D->next_operand = next_opd;
  D->next_value = next_val;
  D->next_region = next_reg;
  D->next_succ = next_succ;
  D->prev_loc = prev_loc;
}

static void rd_ops(Dec *D, uint32_t bid, const IrRegion *reg, uint32_t n) {
  if (D->no_locs) ops_run(D, bid, reg, n, 1);
  else ops_run(D, bid, reg, n, 0);
}

/* The successors of o (FORMAT.md 3.3): block, operand start (a delta from
 * the previous successor's end) and count. */
static void rd_succs(Dec *D, const IrOp *o, const IrRegion *reg) {
  IrModule *m = D->m;
  uint64_t end = 0;
  for (uint32_t i = 0; i < o->n_succs; i++) {
    IrSucc *s = &m->succs[o->succs + i];
    const uint8_t *f = D->p;
    uint32_t b = rd_u32(D);
    if (b >= reg->n_blocks) {
      D->p = f;
      fail(D, "successor block %" PRIu32 " out of range (%" PRIu32
           " blocks in region)", b, reg->n_blocks);
    }
    f = D->p;
    uint64_t start = end + rd_u32(D);
    uint32_t n = rd_u32(D);
    if (start + n > o->n_operands) {
      D->p = f;
      fail(D, "successor operands out of range");
    }
    s->block = reg->blocks + b;
    s->operands = o->operands + (uint32_t)start;
    s->n_operands = n;
    end = start + n;
  }
}

static void rd_region(Dec *D, uint32_t r, unsigned depth) {
  IrModule *m = D->m;
  const uint8_t *at = D->p;
  if (depth > IR_MAX_DEPTH) fail(D, "regions nested deeper than %d", IR_MAX_DEPTH);
  uint32_t nb = rd_u32(D);
  if ((uint64_t)D->next_block + nb > m->n_blocks) {
    D->p = at;
    fail(D, "more blocks than declared (%" PRIu32 ")", m->n_blocks);
  }
  IrRegion *R = &m->regions[r];
  R->blocks = D->next_block;
  R->n_blocks = nb;
  D->next_block += nb;
  uint32_t first_nest = D->n_nest;
  for (uint32_t i = 0; i < nb; i++) {
    uint32_t bid = R->blocks + i;
    IrBlock *B = &m->blocks[bid];
    B->region = r;
    at = D->p;
    uint32_t head = rd_u32(D), na = D->no_locs ? head : head >> 1;
    int far = !D->no_locs && (head & 1);
    if ((uint64_t)D->next_value + na > m->n_values) {
      D->p = at;
      fail(D, "more values than declared (%" PRIu32 ")", m->n_values);
    }
    B->args = D->next_value;
    B->n_args = na;
    D->next_value += na;
    unsigned dd = 0;
    for (uint32_t j = 0; j < na; j++) {
      IrValue *v = &m->values[B->args + j];
      v->type = RD_NEED(D, rd_type, &dd, "argument type");
      v->def = bid;
      v->num = j;
      v->kind = IR_VAL_ARG;
      v->loc = 0;
    }
    /* argument locations: deltas like op locations (FORMAT.md 3.3) */
    int64_t any = 0;
    for (uint32_t j = 0; j < na && !D->no_locs; j++) {
      const uint8_t *f = D->p;
      int64_t delta = 0;
      if (far) {
        uint64_t u = rd_u64(D);
        delta = u > 0x1ffffffffull ? INT64_MAX : irb_unzigzag(u);
        any |= delta;
      }
      int64_t l = delta == INT64_MAX ? -1 : (int64_t)D->prev_loc + 1 + delta;
      if (l < 0 || l > (int64_t)D->n_locs) {
        D->p = f;
        fail(D, "location index %" PRId64 " out of range (%" PRIu32 " locations)",
             l, D->n_locs + 1);
      }
      D->prev_loc = (uint32_t)l;
      m->values[B->args + j].loc = D->lmap[l & D->lmask];
    }
    if (far && !any) {
      D->p = at;
      fail(D, "non-canonical location delta");
    }
    at = D->p;
    uint32_t no = rd_u32(D);
    if ((uint64_t)D->next_op + no > m->n_ops) {
      D->p = at;
      fail(D, "more ops than declared (%" PRIu32 ")", m->n_ops);
    }
    B->ops = D->next_op;
    B->n_ops = no;
    rd_ops(D, bid, R, no);
  }
  /* the regions of this region's ops, which rd_ops listed: a walk over
   * those ops only, not all (the nested calls list theirs after these and
   * take them off again). Rescanning every op for its region count was
   * ~10 instructions an op and a second read of the ops array (mixed
   * bench corpus: dd-own 414.1M -> 413.8M, ir-dis 70.7M -> 70.6M). */
  uint32_t last_nest = D->n_nest;
  for (uint32_t i = first_nest; i < last_nest; i++) {
    const IrOp *o = &m->ops[D->nest[i]];
    for (uint32_t k = 0; k < o->n_regions; k++)
      rd_region(D, o->regions + k, depth + 1);
  }
  D->n_nest = first_nest;
}

/* ir_module_check cannot fail on a module rd_structure returns: rd_ops and
 * rd_region give every op, value, block, region, operand and successor the
 * next id of its kind in freeze order (the check's one rule), set every
 * parent link, kind, number and opcode themselves, bound every operand,
 * successor, nesting depth and range as they read it, take types,
 * attributes and locations from the tables only (valid ctx ids; result and
 * argument types never none, props and attrs DICTs), and the final counts
 * must equal the declared ones. Release builds therefore skip the check
 * (7% of ir-dis on the bench corpus); sanitizer and fuzz builds assert it, so
 * the fuzzers keep testing that promise. */
#if defined(__SANITIZE_ADDRESS__) || defined(IR_CHECK_DECODED)
#define IRB_CHECK_DECODED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define IRB_CHECK_DECODED 1
#endif
#endif

/* The six totals of the structure (n_ops, n_operands, n_values,
 * n_blocks, n_regions, n_succs) into n; whether the bytes left can hold
 * that much (FORMAT.md 3.3). */
static int rd_totals(Dec *D, uint32_t n[6]) {
  for (int i = 0; i < 6; i++) n[i] = rd_u32(D);
  uint64_t need = (uint64_t)n[0] + n[1] + n[2] + 2ull * n[3] + n[4] + 3ull * n[5];
  for (int i = 0; i < 6; i++)
    if (n[i] > IR_MAX_COUNT) return 0;
  return need <= left(D);
}

static void rd_structure(Dec *D) {
  const uint8_t *at = D->p;
  uint32_t n[6];
  if (!rd_totals(D, n) || n[0] == 0) {
    D->p = at;
    fail(D, "module of %" PRIu32 " ops, %" PRIu32 " operands, %" PRIu32
         " values, %" PRIu32 " blocks, %" PRIu32 " regions, %" PRIu32
         " successors exceeds payload bytes left (%zu)",
         n[0], n[1], n[2], n[3], n[4], n[5], left(D));
  }
  D->m = ir_module_alloc_raw(D->c, n[0], n[1], n[2], n[3], n[4], n[5]);
  if (!D->m) fail(D, "cannot allocate the module");
  IrModule *m = D->m;
  ir_module_prefault(m);
  rd_ops(D, IR_NONE, NULL, 1);
  D->n_nest = 0;               /* op 0's regions are read here */
  for (uint32_t k = 0; k < m->ops[0].n_regions; k++)
    rd_region(D, m->ops[0].regions + k, 1);
  if (D->p != D->end)
    fail(D, "%zu trailing bytes in payload", left(D));
  if (D->next_op != n[0] || D->next_operand != n[1] || D->next_value != n[2] ||
      D->next_block != n[3] || D->next_region != n[4] || D->next_succ != n[5]) {
    D->p = at;
    fail(D, "declared %" PRIu32 " ops, %" PRIu32 " operands, %" PRIu32
         " values, %" PRIu32 " blocks, %" PRIu32 " regions, %" PRIu32
         " successors; found %" PRIu32 ", %" PRIu32 ", %" PRIu32 ", %" PRIu32
         ", %" PRIu32 ", %" PRIu32, n[0], n[1], n[2], n[3], n[4], n[5],
         D->next_op, D->next_operand, D->next_value, D->next_block,
         D->next_region, D->next_succ);
  }
#ifdef IRB_CHECK_DECODED
  /* A failure here is a decoder bug, not bad input: die, so that the
   * fuzzers report it instead of counting it as a rejected input. */
  char why[256] = "";
  if (ir_module_check(m, why, sizeof why) != 0)
    ir_die("decoded module breaks the layout: %s", why);
#endif
}

/* rd_structure for irb_read_pieces. The module is allocated for the
 * declared totals, as for a whole read, but each top op is decoded into
 * its start, from id 0 again: only the pages of the largest top op are
 * ever touched (20 MB bench corpus, ir-dis: 9.2K page faults for the
 * whole module). While a top op is read the counts of m are those
 * totals, the bounds of ops_run and rd_region; fn sees the op's own. */
static void rd_structure_pieces(Dec *D) {
  const uint8_t *at = D->p;
  uint32_t n[6];
  if (!rd_totals(D, n) || n[0] < 2 || n[3] < 1 || n[4] < 1) {
    /* not for pieces, or bad: the whole read says which */
    D->piece_end = PIECES_WHOLE;
    return;
  }
  /* an op whose verifier reads other top ops (a global's users) cannot
   * be verified in a piece */
  for (uint32_t k = 0; k < D->n_kinds; k++)
    if (ir_op_verify_reads_module(D->kinds[k].tmpl.opc)) {
      D->piece_end = PIECES_WHOLE;
      return;
    }
  D->m = ir_module_alloc_room(D->c, n[0], n[1], n[2], n[3], n[4], n[5]);
  if (!D->m) fail(D, "cannot allocate the module");
  IrModule *m = D->m;
  rd_ops(D, IR_NONE, NULL, 1);
  const IrOp *o0 = &m->ops[0];
  if (o0->opc != IR_OP_MODULE || o0->n_regions != 1 || o0->n_operands ||
      o0->n_results) {
    D->piece_end = PIECES_WHOLE;
    return;
  }
  /* op 0's one region, of one block: its header as rd_region reads it */
  uint32_t nb = rd_u32(D), head = rd_u32(D), no;
  if (nb != 1 || head != 0 || (no = rd_u32(D)) == 0 || no > n[0] - 1) {
    D->piece_end = PIECES_WHOLE;
    return;
  }
  m->regions[0] = (IrRegion){.blocks = 0, .n_blocks = 1, .op = 0};
  m->blocks[0] = (IrBlock){.ops = 1, .n_ops = no, .args = 0, .n_args = 0,
                           .region = 0};
  D->next_block = 1;
  rd_ops(D, 0, &m->regions[0], no);
  /* the top ops' records, before the first piece overwrites them */
  IrOp *tops = D->tops = xmalloc((size_t)(no + 1) * sizeof *tops);
  memcpy(tops, m->ops, (size_t)(no + 1) * sizeof *tops);
  for (uint32_t i = 1; i <= no; i++)
    if (tops[i].n_operands || tops[i].n_results || tops[i].n_succs) {
      D->piece_end = PIECES_WHOLE;
      return;
    }
  /* the totals of the ops inside the top ops, summed over the pieces
   * (rd_ops has checked that the top ops' regions fit the declared
   * count, so regions 1..nreg of each piece are in the allocation) */
  uint64_t t_ops = 0, t_opd = 0, t_val = 0, t_blk = 0, t_reg = 0, t_suc = 0;
  for (uint32_t i = 1; i <= no; i++) {
    uint32_t nreg = tops[i].n_regions;
    m->n_ops = n[0];
    m->n_operands = n[1];
    m->n_values = n[2];
    m->n_blocks = n[3];
    m->n_regions = n[4];
    m->n_succs = n[5];
    m->ops[0] = tops[0];
    m->regions[0] = (IrRegion){.blocks = 0, .n_blocks = 1, .op = 0};
    m->blocks[0] = (IrBlock){.ops = 1, .n_ops = 1, .args = 0, .n_args = 0,
                             .region = 0};
    m->ops[1] = tops[i];
    m->ops[1].block = 0;
    m->ops[1].operands = m->ops[1].results = m->ops[1].succs = 0;
    m->ops[1].regions = 1;
    for (uint32_t k = 0; k < nreg; k++) m->regions[1 + k].op = 1;
    D->next_op = 2;
    D->next_value = D->next_operand = D->next_succ = 0;
    D->next_block = 1;
    D->next_region = 1 + nreg;
    D->n_nest = 0;
    /* the setjmp of decode() is still ours: a bad byte in here fails
     * like any other */
    for (uint32_t k = 0; k < nreg; k++) rd_region(D, 1 + k, 2);
    m->n_ops = D->next_op;
    m->n_operands = D->next_operand;
    m->n_values = D->next_value;
    m->n_blocks = D->next_block;
    m->n_regions = D->next_region;
    m->n_succs = D->next_succ;
    t_ops += m->n_ops - 2;
    t_opd += m->n_operands;
    t_val += m->n_values;
    t_blk += m->n_blocks - 1;
    t_reg += m->n_regions - 1;
    t_suc += m->n_succs;
#ifdef IRB_CHECK_DECODED
    char why[256] = "";
    if (ir_module_check(m, why, sizeof why) != 0)
      ir_die("decoded piece breaks the layout: %s", why);
#endif
    int r = D->piece_fn(D->piece_ud, m, i - 1, no);
    if (r) {
      D->piece_end = r == IRB_PIECE_DECLINE && i == 1 ? PIECES_WHOLE : PIECES_STOPPED;
      return;
    }
  }
  if (D->p != D->end)
    fail(D, "%zu trailing bytes in payload", left(D));
  if (1 + no + t_ops != n[0] || t_opd != n[1] || t_val != n[2] ||
      1 + t_blk != n[3] || 1 + t_reg != n[4] || t_suc != n[5]) {
    D->p = at;
    fail(D, "declared %" PRIu32 " ops, %" PRIu32 " operands, %" PRIu32
         " values, %" PRIu32 " blocks, %" PRIu32 " regions, %" PRIu32
         " successors; found %" PRIu64 ", %" PRIu64 ", %" PRIu64 ", %" PRIu64
         ", %" PRIu64 ", %" PRIu64, n[0], n[1], n[2], n[3], n[4], n[5],
         1 + no + t_ops, t_opd, t_val, 1 + t_blk, 1 + t_reg, t_suc);
  }
  D->piece_end = PIECES_DONE;
}

/* }====================================================================== */

static void dec_free(Dec *D) {
  free(D->smap);
  free(D->sidx);
  free(D->tmap);
  free(D->amap);
  if (!D->skip_locs) free(D->lmap);
  free(D->tdep);
  free(D->adep);
  free(D->ldep);
  free(D->adict);
  free(D->kinds);
  free(D->u32s);
  free(D->i64s);
  free(D->nest);
  free(D->tops);
}

/* Decode one uncompressed payload. On error returns NULL with the reason in
 * D->msg and the payload offset in D->err_pos. With D->piece_fn (set by
 * the caller, the rest of D zero) the module goes to it in pieces, and
 * what is returned on success is only not NULL; D->piece_end says how
 * the read ended. */
static IrModule *decode(Dec *D, IrCtx *c, const uint8_t *p, size_t n, int no_locs,
                        int skip_locs) {
  D->base = D->p = p;
  D->end = p + n;
  D->c = c;
  D->no_locs = no_locs;
  D->skip_locs = skip_locs;
  if (setjmp(D->jb)) {
    if (D->m) ir_module_free(D->m);
    D->m = NULL;
    dec_free(D);
    return NULL;
  }
  rd_tables(D);
  if (D->piece_fn) {
    /* the pieces went to piece_fn: nothing to return but "no error" */
    rd_structure_pieces(D);
    if (D->m) ir_module_free(D->m);
    D->m = NULL;
    dec_free(D);
    return (IrModule *)D;
  }
  rd_structure(D);
  IrModule *m = D->m;
  D->m = NULL;
  dec_free(D);
  return m;
}

/* {====================================================================== */
/* Frames                                                                   */

void irb_reader_init(IrbReader *r, const void *data, size_t len, const char *name) {
  memset(r, 0, sizeof *r);
  r->data = data;
  r->len = len;
  r->name = name ? name : "-";
}

static int frame_error(IrbReader *r, IrDiag *d, size_t off, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int frame_error(IrbReader *r, IrDiag *d, size_t off, const char *fmt, ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  char where[300];
  snprintf(where, sizeof where, "%s:%" PRIu64, r->name, r->base + off);
  ir_diag_at(d, where, 0, 0, IR_SEV_ERROR, "%s", msg);
  return -1;
}

/* A varint of the frame header at h[*pos] (n bytes in all), at most `max`.
 * NULL on success (advancing *pos), else the reason. */
static const char *hdr_varint(const uint8_t *h, size_t n, size_t *pos,
                              uint64_t *v, uint64_t max) {
  uint64_t x = 0;
  for (size_t i = 0;; i++) {
    if (*pos + i >= n) return "truncated frame header";
    uint8_t b = h[*pos + i];
    if (i == 9 && b > 1) return "varint overflow";
    x |= (uint64_t)(b & 0x7f) << (7 * i);
    if (!(b & 0x80)) {
      if (b == 0 && i > 0) return "non-canonical varint";
      if (x > max) return "varint overflow";
      *pos += i + 1;
      *v = x;
      return NULL;
    }
  }
}

int irb_frame_size(const void *p, size_t n, uint64_t *size) {
  const uint8_t *h = p;
  size_t cmp = n < IRB_MAGIC_LEN ? n : IRB_MAGIC_LEN;
  if (memcmp(h, IRB_MAGIC, cmp) != 0) return -1;
  if (n < IRB_MAGIC_LEN + 4) return 0;
  unsigned major = (unsigned)irb_get_le(h + 8, 2), minor = (unsigned)irb_get_le(h + 10, 2);
  if (major != IRB_VERSION_MAJOR || minor > IRB_VERSION_MINOR) return -1;
  size_t pos = IRB_MAGIC_LEN + 4;
  uint64_t flags, stored, raw;
  const char *why;
  static const char trunc[] = "truncated frame header";
  if ((why = hdr_varint(h, n, &pos, &flags, UINT32_MAX)))
    return !strcmp(why, trunc) ? 0 : -1;
  if ((why = hdr_varint(h, n, &pos, &stored, UINT64_MAX)))
    return !strcmp(why, trunc) ? 0 : -1;
  if (stored > IRB_MAX_PAYLOAD) return -1;
  if ((flags & IRB_FLAG_COMP_MASK) != IRB_COMP_NONE &&
      (why = hdr_varint(h, n, &pos, &raw, UINT64_MAX)))
    return !strcmp(why, trunc) ? 0 : -1;
  *size = pos + 8 + stored;
  return 1;
}

static int read_frame(IrbReader *r, IrCtx *c, IrModule **out, IrDiag *d,
                      IrbPieceFn *fn, void *ud);

int irb_read_next(IrbReader *r, IrCtx *c, IrModule **out, IrDiag *d) {
  return read_frame(r, c, out, d, NULL, NULL);
}

int irb_read_pieces(IrbReader *r, IrCtx *c, IrbPieceFn *fn, void *ud, IrDiag *d) {
  IrModule *unused;
  return read_frame(r, c, &unused, d, fn, ud);
}

static int read_frame(IrbReader *r, IrCtx *c, IrModule **out, IrDiag *d,
                      IrbPieceFn *fn, void *ud) {
  *out = NULL;
  if (r->off >= r->len) return 0;
  const uint8_t *h = r->data + r->off;
  size_t off = r->off, rem = r->len - r->off;
  size_t cmp = rem < IRB_MAGIC_LEN ? rem : IRB_MAGIC_LEN;
  if (memcmp(h, IRB_MAGIC, cmp) != 0)
    return frame_error(r, d, off, "bad magic (not an .irb frame)");
  if (rem < IRB_MAGIC_LEN + 4)
    return frame_error(r, d, off, "truncated frame header (%zu bytes)", rem);
  unsigned major = (unsigned)irb_get_le(h + 8, 2), minor = (unsigned)irb_get_le(h + 10, 2);
  if (major != IRB_VERSION_MAJOR || minor > IRB_VERSION_MINOR)
    return frame_error(r, d, off + 8,
                       "unsupported format version %u.%u (this reader reads "
                       "%d.0 to %d.%d)", major, minor, IRB_VERSION_MAJOR,
                       IRB_VERSION_MAJOR, IRB_VERSION_MINOR);
  size_t pos = IRB_MAGIC_LEN + 4;
  uint64_t flags64, stored, raw;
  const char *why;
  if ((why = hdr_varint(h, rem, &pos, &flags64, UINT32_MAX)))
    return frame_error(r, d, off + pos, "%s in frame header", why);
  uint32_t flags = (uint32_t)flags64;
  uint32_t comp = flags & IRB_FLAG_COMP_MASK;
  if (comp > IRB_COMP_ZSTD)
    return frame_error(r, d, off + 12, "unknown compression method %" PRIu32, comp);
  if (flags & IRB_FLAG_REQUIRED_RESERVED)
    return frame_error(r, d, off + 12, "unknown required flags 0x%" PRIx32,
                       flags & IRB_FLAG_REQUIRED_RESERVED);
  size_t at = pos;
  if ((why = hdr_varint(h, rem, &pos, &stored, UINT64_MAX)))
    return frame_error(r, d, off + pos, "%s in frame header", why);
  if (stored > IRB_MAX_PAYLOAD)
    return frame_error(r, d, off + at, "payload too large (%" PRIu64
                       " bytes, limit %" PRIu64 ")", stored, IRB_MAX_PAYLOAD);
  raw = stored;
  if (comp != IRB_COMP_NONE) {
    at = pos;
    if ((why = hdr_varint(h, rem, &pos, &raw, UINT64_MAX)))
      return frame_error(r, d, off + pos, "%s in frame header", why);
    if (raw > IRB_MAX_PAYLOAD)
      return frame_error(r, d, off + at, "payload too large (%" PRIu64
                         " bytes, limit %" PRIu64 ")", raw, IRB_MAX_PAYLOAD);
  }
  if (rem - pos < 8)
    return frame_error(r, d, off, "truncated frame header (%zu bytes)", rem);
  uint64_t hash = irb_get_le(h + pos, 8);
  size_t hash_off = off + pos;
  pos += 8;
  if (stored > rem - pos)
    return frame_error(r, d, off, "truncated frame (payload of %" PRIu64
                       " bytes, %zu left)", stored, rem - pos);
  const uint8_t *sp = h + pos;
  size_t poff = off + pos;
  const uint8_t *payload = sp;
  uint8_t *buf = NULL;
  if (comp != IRB_COMP_NONE) {
    if (stored < 4 || irb_get_le(sp, 4) != ZSTD_MAGICNUMBER)
      return frame_error(r, d, poff, "not a zstd frame");
    unsigned long long cs = ZSTD_getFrameContentSize(sp, stored);
    if (cs == ZSTD_CONTENTSIZE_UNKNOWN)
      return frame_error(r, d, poff, "zstd frame content size unknown");
    if (cs == ZSTD_CONTENTSIZE_ERROR)
      return frame_error(r, d, poff, "not a zstd frame");
    if (cs != raw)
      return frame_error(r, d, poff, "zstd content size %llu differs from raw"
                         " size %" PRIu64, cs, raw);
    ZSTD_frameHeader fh;
    size_t hr = ZSTD_getFrameHeader(&fh, sp, stored);
    if (hr != 0)
      return frame_error(r, d, poff, "zstd: %s", ZSTD_isError(hr)
                         ? ZSTD_getErrorName(hr) : "truncated frame header");
    if (fh.windowSize > (1ull << IRB_ZSTD_WINDOWLOG_MAX))
      return frame_error(r, d, poff, "zstd window of %llu bytes exceeds 2^%d",
                         fh.windowSize, IRB_ZSTD_WINDOWLOG_MAX);
    size_t fcs = ZSTD_findFrameCompressedSize(sp, stored);
    if (ZSTD_isError(fcs))
      return frame_error(r, d, poff, "zstd: %s", ZSTD_getErrorName(fcs));
    if (fcs != stored)
      return frame_error(r, d, poff + fcs, "trailing bytes after zstd frame");
    buf = xmalloc(raw);
    ZSTD_DCtx *dc = ZSTD_createDCtx();
    if (!dc) ir_die("out of memory");
    size_t zr = ZSTD_DCtx_setParameter(dc, ZSTD_d_windowLogMax, IRB_ZSTD_WINDOWLOG_MAX);
    if (!ZSTD_isError(zr)) zr = ZSTD_decompressDCtx(dc, buf, raw, sp, stored);
    ZSTD_freeDCtx(dc);
    if (ZSTD_isError(zr) || zr != raw) {
      free(buf);
      return frame_error(r, d, poff, "zstd: %s", ZSTD_isError(zr)
                         ? ZSTD_getErrorName(zr) : "content size mismatch");
    }
    payload = buf;
  }
  uint64_t got = XXH3_64bits(payload, raw);
  if (got != hash) {
    free(buf);
    return frame_error(r, d, hash_off, "checksum mismatch (stored %016" PRIx64
                       ", computed %016" PRIx64 ")", hash, got);
  }
  Dec *D = calloc(1, sizeof *D);
  if (!D) ir_die("out of memory");
  D->piece_fn = fn;
  D->piece_ud = ud;
  IrModule *m = decode(D, c, payload, raw, (flags & IRB_FLAG_NO_LOCS) != 0,
                       r->skip_locs);
  if (m && fn) {
    int end = D->piece_end;
    free(D);
    free(buf);
    if (end != PIECES_DONE) return end == PIECES_WHOLE ? IRB_READ_WHOLE : -2;
    r->off = off + pos + stored;
    r->last_size = pos + stored;
    r->last_flags = flags;
    return 1;
  }
  int rc = 1;
  if (!m) {
    if (buf)
      rc = frame_error(r, d, poff, "%s (uncompressed payload offset %zu)",
                       D->msg, D->err_pos);
    else
      rc = frame_error(r, d, poff + D->err_pos, "%s", D->msg);
  }
  free(D);
  free(buf);
  if (rc < 0) return rc;
  r->off = off + pos + stored;
  r->last_size = pos + stored;
  r->last_flags = flags;
  *out = m;
  return 1;
}
