/*
 * parse.c - the MLIR text parser core: the irp_* token API for the custom
 * syntax hooks, SSA and block name scopes, ops in generic form, regions and
 * blocks, and the top level (ir_parse).
 *
 * Error policy: the first error is reported and sets p->failed; from then on
 * every irp_* function returns -1 without reporting more, so a hook that
 * propagates -1 unwinds at once. The only exception is the end-of-scope
 * check, which reports every undefined name of the scope, as MLIR does.
 *
 * Names: one chained hash table holds SSA values (keyed by isolated scope,
 * name and result number) and block labels (keyed by region). Definitions
 * are pushed on an undo stack; leaving a region pops its definitions, so
 * lookups stay O(1) and scopes cost nothing to enter.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "irint.h"

/* ====================================================================== */
/* Scratch memory: bump chunks released per op                            */
/* ====================================================================== */

struct IrpChunk {
  IrpChunk *prev;   /* older chunk */
  size_t used, cap; /* bytes of data used / available */
};
#define CHUNK_HDR ((sizeof(IrpChunk) + 15) & ~(size_t)15)
#define CHUNK_SIZE ((size_t)64 << 10)

typedef struct Mark {
  IrpChunk *c;      /* newest chunk at the mark */
  size_t used;      /* its fill at the mark */
} Mark;

static Mark mark(IrParser *p) {
  Mark m = {p->chunks, p->chunks ? p->chunks->used : 0};
  return m;
}

void *irp_scratch(IrParser *p, size_t n) {
  n = (n + 15) & ~(size_t)15;
  IrpChunk *c = p->chunks;
  if (!c || c->cap - c->used < n) {
    if (p->spare && p->spare->cap >= n) {
      c = p->spare;
      p->spare = NULL;
    } else {
      size_t cap = n > CHUNK_SIZE ? n : CHUNK_SIZE;
      c = ir_xmalloc(CHUNK_HDR + cap);
      c->cap = cap;
    }
    c->used = 0;
    c->prev = p->chunks;
    p->chunks = c;
  }
  void *r = (char *)c + CHUNK_HDR + c->used;
  c->used += n;
  return r;
}

static void release(IrParser *p, Mark m) {
  while (p->chunks != m.c) {
    IrpChunk *c = p->chunks;
    p->chunks = c->prev;
    if (!p->spare && c->cap == CHUNK_SIZE) p->spare = c;
    else free(c);
  }
  if (m.c) m.c->used = m.used;
}

/* ====================================================================== */
/* Diagnostics                                                            */
/* ====================================================================== */

/* IrRef.loc and forward-reference locations are "lazy": the source offset
 * with the top bit set, turned into line:col only when an error is reported
 * (interning a location per operand would bloat the ctx). */
#define LAZY_BIT 0x80000000u

/* The first byte of token t (its text skips sigils and quotes). */
static const char *tok_begin(const IrTok *t) {
  switch (t->kind) {
  case IR_TK_PERCENT_ID: case IR_TK_CARET_ID: case IR_TK_HASH_ID:
  case IR_TK_BANG_ID: case IR_TK_STRING:
    return t->text - 1;
  case IR_TK_AT_ID:
    return t->text[-1] == '"' ? t->text - 2 : t->text - 1;
  default:
    return t->text;
  }
}

/* The real location of the current token's first byte: the lexer's line
 * is the token's (see IrTok). */
static uint32_t tok_loc(IrParser *p) {
  return ir_loc_file(p->ctx, p->file, p->line,
                     (uint32_t)(tok_begin(&p->tok) - p->line_start) + 1);
}

static uint32_t lazy_loc(IrParser *p, const char *at) {
  size_t off = (size_t)(at - p->buf);
  if (off < LAZY_BIT) return LAZY_BIT | (uint32_t)off;
  return tok_loc(p);
}

uint32_t irp_lazy_loc(IrParser *p, const char *at) { return lazy_loc(p, at); }

/* line:col of a lazy location, counted from the lexer's position (lazy
 * locations are materialized close to where they were taken). */
static void lazy_pos(IrParser *p, uint32_t lz, uint32_t *line, uint32_t *col) {
  const char *at = p->buf + (lz & ~LAZY_BIT), *ls = p->line_start;
  uint32_t l = p->line;
  /* the lexer's line or the one before it (no newline lies between
   * line_start and the lexer's position) */
  if (at >= ls && at <= p->cur) {
    *line = l;
    *col = (uint32_t)(at - ls) + 1;
    return;
  }
  if (at < ls && p->prev_ls && at >= p->prev_ls) {
    *line = l - 1;
    *col = (uint32_t)(at - p->prev_ls) + 1;
    return;
  }
  if (at >= ls) {
    for (const char *q = ls; q < at;) {
      const char *nl = memchr(q, '\n', (size_t)(at - q));
      if (!nl) break;
      l++;
      q = ls = nl + 1;
    }
  } else {
    const char *s = at;
    while (s > p->buf && s[-1] != '\n') s--;
    for (const char *q = s; q < p->line_start;) {
      const char *nl = memchr(q, '\n', (size_t)(p->line_start - q));
      if (!nl) break;
      l--;
      q = nl + 1;
    }
    ls = s;
  }
  *line = l;
  *col = (uint32_t)(at - ls) + 1;
}

/* The first byte of the current token (its text skips sigils and quotes). */
static const char *tok_start(IrParser *p) {
  const IrTok *t = &p->tok;
  const char *at = t->text;
  if (t->kind >= IR_TK_PERCENT_ID && t->kind <= IR_TK_BANG_ID) at--;
  if (t->kind == IR_TK_STRING || (t->kind == IR_TK_AT_ID && at > p->buf && at[-1] == '"')) at--;
  return at < p->buf ? p->buf : at;
}

/* Where MLIR's emitWrongTokenError reports "expected ..." at the current
 * token: right after the last non-blank byte before it, looking back over
 * blank lines and `//` comments, so the error lands where something is
 * missing rather than on the next line. */
static const char *wrong_token_pos(IrParser *p) {
  const char *orig = tok_start(p);
  if (p->tok.kind == IR_TK_EOF && orig > p->buf) orig--;
  const char *e = orig; /* the text before the position is buf[0, e) */
  for (;;) {
    while (e > p->buf && (e[-1] == ' ' || e[-1] == '\t')) e--;
    if (e == p->buf) return orig;
    if (e[-1] != '\n' && e[-1] != '\r') return e;
    e--;
    const char *ls = e;
    while (ls > p->buf && ls[-1] != '\n' && ls[-1] != '\r') ls--;
    for (const char *q = ls; q + 1 < e; q++)
      if (q[0] == '/' && q[1] == '/') {
        e = q;
        break;
      }
  }
}

static void vreport_sev(IrParser *p, uint32_t loc, int at_tok, IrSeverity sev,
                        const char *fmt, va_list ap) {
  char msg[1024];
  vsnprintf(msg, sizeof msg, fmt, ap);
  if (at_tok) loc = lazy_loc(p, at_tok == 2 ? wrong_token_pos(p) : tok_start(p));
  if (loc & LAZY_BIT) {
    uint32_t line, col;
    lazy_pos(p, loc, &line, &col);
    ir_diag_at(p->diag, p->fname, line, col, sev, "%s", msg);
  } else {
    ir_diag(p->diag, p->ctx, loc, sev, "%s", msg);
  }
}

static void vreport(IrParser *p, uint32_t loc, int at_tok, const char *fmt, va_list ap) {
  vreport_sev(p, loc, at_tok, IR_SEV_ERROR, fmt, ap);
}

/* A note attached to the error just reported (MLIR's attachNote). */
#define note_at irp_note_at
void irp_note_at(IrParser *p, uint32_t loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vreport_sev(p, loc, 0, IR_SEV_NOTE, fmt, ap);
  va_end(ap);
}

/* An error about the current token itself (not a missing one). */
static int err_tok(IrParser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int err_tok(IrParser *p, const char *fmt, ...) {
  if (p->failed) return -1;
  p->failed = 1;
  va_list ap;
  va_start(ap, fmt);
  vreport(p, 0, 1, fmt, ap);
  va_end(ap);
  return -1;
}

int irp_error(IrParser *p, const char *fmt, ...) {
  if (p->failed) return -1;
  p->failed = 1;
  va_list ap;
  va_start(ap, fmt);
  vreport(p, 0, 2, fmt, ap);
  va_end(ap);
  return -1;
}

int irp_error_at(IrParser *p, uint32_t loc, const char *fmt, ...) {
  if (p->failed) return -1;
  p->failed = 1;
  va_list ap;
  va_start(ap, fmt);
  vreport(p, loc, 0, fmt, ap);
  va_end(ap);
  return -1;
}

/* Report without the one-error latch (end-of-scope checks, and the first
 * of two errors MLIR gives for one problem). */
#define report_at irp_report_at
void irp_report_at(IrParser *p, uint32_t loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vreport(p, loc, 0, fmt, ap);
  va_end(ap);
}

int irp_enter(IrParser *p) {
  if (p->failed) return -1;
  if (p->depth >= IR_MAX_DEPTH) return err_tok(p, "nesting too deep");
  p->depth++;
  return 0;
}

/* ====================================================================== */
/* Tokens                                                                 */
/* ====================================================================== */


/* The token after the current one, lexed ahead and the lexer put back
 * where it was (so irp_next lexes it again: peeking is rare). A lexing
 * error in it is reported now; lexed again, it is an ERROR token again. */
const IrTok *irp_peek2(IrParser *p) {
  if (!p->has2 || p->tok2_from != p->cur) {
    if (p->tok.kind == IR_TK_EOF || p->tok.kind == IR_TK_ERROR) {
      p->tok2 = p->tok;
    } else {
      const char *cur = p->cur, *ls = p->line_start, *pls = p->prev_ls;
      uint32_t line = p->line;
      int lf = p->lex_failed;
      ir_lex(p, &p->tok2);
      p->cur = cur;
      p->line_start = ls;
      p->prev_ls = pls;
      p->line = line;
      p->lex_failed = lf;
    }
    p->has2 = 1;
    p->tok2_from = p->cur;
  }
  return &p->tok2;
}

/* irp_next is in lex.c (see there). */

uint32_t irp_loc_here(IrParser *p) { return lazy_loc(p, tok_start(p)); }

uint32_t irp_loc_real(IrParser *p, uint32_t loc) {
  if (!(loc & LAZY_BIT)) return loc;
  uint32_t line, col;
  lazy_pos(p, loc, &line, &col);
  return ir_loc_file(p->ctx, p->file, line, col);
}

int irp_expect_fail(IrParser *p, const char *what) {
  return irp_error(p, "expected %s", what);
}

/* What a parser asked for and did not find: in a custom op's parser,
 * MLIR's OpAsmParser::emitError ("custom op 'name' " at the current
 * token); elsewhere the parser's own error (at the end of the token
 * before when the current one starts a line). */
int irp_ask_error(IrParser *p, const char *fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (p->hook_op)
    return irp_error_at(p, irp_loc_here(p), "custom op '%s' %s",
                        ir_str_ptr(p->ctx, p->hook_op->name), buf);
  return irp_error(p, "%s", buf);
}

int irp_expect_kw(IrParser *p, const char *kw) {
  if (irp_consume_kw(p, kw)) return 0;
  return irp_ask_error(p, "expected '%s'", kw);
}


int irp_opt_keyword(IrParser *p, const char **s, uint32_t *n) {
  if (p->tok.kind != IR_TK_BARE_ID) return 0;
  *s = p->tok.text;
  *n = p->tok.len;
  irp_next(p);
  return 1;
}

int irp_keyword(IrParser *p, const char **s, uint32_t *n) {
  if (irp_opt_keyword(p, s, n) == 1) return 0;
  return irp_ask_error(p, "expected valid keyword");
}

/* Value of an INT token (decimal or 0x hex), into *v as unsigned.
 * 0, or -1 if it does not fit 64 bits. */
int irp_tok_u64(const IrTok *t, uint64_t *v) {
  uint64_t x = 0;
  const char *s = t->text;
  uint32_t n = t->len;
  if (n > 2 && s[0] == '0' && s[1] == 'x') {
    for (uint32_t i = 2; i < n; i++) {
      if (x >> 60) return -1;
      char c = s[i];
      unsigned d = c <= '9' ? (unsigned)(c - '0') : (unsigned)((c | 0x20) - 'a' + 10);
      x = x * 16 + d;
    }
  } else {
    for (uint32_t i = 0; i < n; i++) {
      unsigned d = (unsigned)(s[i] - '0');
      if (x > (UINT64_MAX - d) / 10) return -1;
      x = x * 10 + d;
    }
  }
  *v = x;
  return 0;
}

int irp_opt_int(IrParser *p, int64_t *v) {
  int neg = 0;
  if (p->tok.kind == IR_TK_MINUS) {
    if (irp_peek2(p)->kind != IR_TK_INT) return 0;
    neg = 1;
    irp_next(p);
  } else if (p->tok.kind != IR_TK_INT) {
    return 0;
  }
  uint64_t u;
  if (irp_tok_u64(&p->tok, &u) || u > (uint64_t)INT64_MAX + (uint64_t)neg)
    return err_tok(p, "integer value too large");
  *v = neg ? (int64_t)(0 - u) : (int64_t)u;
  irp_next(p);
  return 1;
}

int irp_int(IrParser *p, int64_t *v) {
  int r = irp_opt_int(p, v);
  if (r == 1) return 0;
  if (r < 0) return -1;
  return irp_ask_error(p, "expected integer value");
}


int irp_string(IrParser *p, uint32_t *str) {
  if (p->tok.kind != IR_TK_STRING) return irp_error(p, "expected string");
  *str = ir_lex_unescape(p->ctx, p->tok.text, p->tok.len);
  irp_next(p);
  return 0;
}

int irp_opt_symbol(IrParser *p, uint32_t *str) {
  if (p->tok.kind != IR_TK_AT_ID) return 0;
  const IrTok *t = &p->tok;
  int quoted = t->text > p->buf && t->text[-1] == '"';
  *str = quoted ? ir_lex_unescape(p->ctx, t->text, t->len) : ir_str(p->ctx, t->text, t->len);
  irp_next(p);
  return 1;
}

int irp_symbol(IrParser *p, uint32_t *str) {
  if (irp_opt_symbol(p, str) == 1) return 0;
  return irp_error(p, "expected valid '@'-identifier for symbol name");
}

/* ====================================================================== */
/* Name tables                                                            */
/* ====================================================================== */

typedef struct Name {
  const char *s;      /* name bytes in the source (no sigil) */
  uint32_t n;         /* their length */
  uint32_t num;       /* result number (values), 0 for blocks */
  uint32_t key;       /* scope id * 2 + (1 for blocks) */
  uint32_t hash;      /* of (key, num, bytes) */
  uint32_t next;      /* bucket chain / free list, IR_NONE ends */
  uint32_t handle;    /* builder value or block (placeholder while fwd) */
  uint32_t type;      /* values: the value's type (0 = not known yet) */
  uint32_t loc;       /* first forward use, or the definition (lazy loc) */
  uint32_t pos;       /* index in the forward list while fwd */
  uint8_t fwd;        /* still a forward reference */
  uint8_t live;       /* in the table */
} Name;

typedef struct Scope {
  uint32_t defs;      /* undo stack height at entry (blocks) */
  uint32_t vdefs;     /* value undo stack height at entry */
  uint32_t vfwd;      /* value forward list height (isolated scopes) */
  uint32_t bfwd;      /* block forward list height */
  uint32_t iscope;    /* isolated scope id outside this scope */
  uint32_t rscope;    /* region scope id outside this scope */
  uint32_t region;    /* builder region outside this scope */
  int isolated;       /* this scope starts an isolated scope */
} Scope;

/* u32 -> u32 open-addressing map (aliases by string id). */
typedef struct Map {
  uint32_t *kv;       /* 2 * cap entries: key + 1 (0 = empty), value */
  uint32_t cap, n;    /* slots (power of 2), used */
} Map;

#define MEMO_WORDS IRP_MEMO_WORDS

/* An SSA value name. Values live in one name space (the parser does not
 * isolate scopes, as MLIR's does not: the verifier reports uses across an
 * isolated op), looked up by open addressing on a hash of the name's
 * bytes and result number. */
typedef struct VName {
  uint64_t w0;        /* the name's first 8 bytes, zero padded */
  const char *s;      /* the name in the source (no %) */
  uint32_t n, num;    /* its length; the result number (#k) */
  uint32_t hash;      /* vhash of the name */
  uint32_t handle;    /* builder value (a placeholder while forward);
                         free entries: the next free one */
  uint32_t type;      /* the value's type, 0 = not known yet */
  uint32_t loc;       /* lazy loc of the definition or first forward use */
  uint32_t fwd;       /* forward: position in the vfwd list + 1; 0 if
                         defined */
  uint32_t pad_;
} VName;

struct IrpNames {
  VName *ve;          uint32_t n_ve, cap_ve;   /* value entries */
  uint32_t ve_free;                            /* free value entry, IR_NONE */
  uint64_t *vslot;    uint32_t vcap, vlive;    /* hash << 32 | entry + 1 */
  int vlifo;          /* since the table was last empty, entries were only
                         added by definitions, never by a forward reference
                         or moved by a rehash (see vremove_last) */
  uint32_t *vdefs;    uint32_t n_vdefs, cap_vdefs; /* value undo stack */
  Name *e;            uint32_t n_e, cap_e;     /* block entries */
  uint32_t free_head;                          /* free entry list */
  uint32_t *bucket;   uint32_t n_bucket;       /* chain heads, power of 2 */
  uint32_t live;                               /* entries in the table */
  uint32_t *defs;     uint32_t n_defs, cap_defs; /* undo stack */
  uint32_t *vfwd;     uint32_t n_vfwd, cap_vfwd; /* open value forward refs */
  uint32_t *bfwd;     uint32_t n_bfwd, cap_bfwd; /* block forward refs */
  Scope *sc;          uint32_t n_sc, cap_sc;     /* scope stack */
  uint32_t next_id;   /* scope id generator */
  uint32_t iscope;    /* current isolated scope id */
  uint32_t rscope;    /* current region scope id */
  uint32_t region;    /* current builder region */
  uint64_t n_values;  /* values created, bounded by IR_MAX_COUNT */
  uint64_t n_ops;     /* ops created */
  Map attr_alias, type_alias, loc_alias;
  /* Location aliases may be used before their definition (mlir-opt prints
   * them after the module): top-level `#name =` lines after the point of
   * the first such use are indexed once, and parsed on demand. */
  int scanned;        /* the index below is built */
  Map ahead;          /* name -> index in `defs_ahead` */
  struct Ahead {
    const char *at;   /* the `#` starting the definition's line */
    uint32_t line;    /* its line number */
    int done;         /* parsed on demand already */
  } *defs_ahead;
  uint32_t n_ahead, cap_ahead;
  /* Caches of pure ctx lookups the parser makes at nearly every op (each
   * costs a hash, a probe and a compare, 200-550 instructions, in the ctx;
   * 5 MB bench corpus: ~50M of 620M instructions before): */
  uint32_t op_name[IR_N_OPS];  /* opcode -> string id of its name, 0 = unknown */
};

/* The memo tables: the caches of pure lookups above and the type memo of
 * parse_type.c, all zero when empty. They live per thread across parses,
 * and each parse empties, at its end, the entries it wrote (a parse
 * writes few: most lookups hit), instead of zeroing all 79 KB at its
 * start. (Mixed bench corpus, 91 chunks: the zeroing was 7.2M of ir-asm's
 * 282M instructions.) A parse that writes more than CACHE_DIRTY entries
 * clears them all. */
struct IrpTables {
  struct OpnameMemo {          /* custom_opc's cache: a spelling of at */
    uint64_t w0, w1;           /* most 16 bytes (zero padded), in the */
    uint32_t len;              /* default dialect `dialect` (0 = empty) */
    const char *dialect;       /* -> opcode and name string id, and the */
    uint32_t opc, name;        /* opcode's registry entry (NULL: none) */
    const IrOpInfo *info;
  } opnames[64];
  struct CstrMemo {            /* C string (by address) -> string id: */
    const char *s;             /* the names hooks pass are literals */
    uint32_t id;               /* (irp_cstr's contract) */
  } cstr[64][2];               /* 2-way: a set's newest first */
  struct OpDictMemo {          /* props lists as given (n <= 4 entries, */
    uint32_t n;                /* 0 = empty) and the DICT each gave, */
    IrNamedAttr e[4];          /* direct mapped by their first and last */
    uint32_t id;               /* entries: a module repeats a few (each */
  } pdict[256];                /* function's constants 0, 1, ...) */
  struct SegMemo {             /* per opcode, its last segment sizes (n */
    uint32_t n;                /* <= 6, 0 = empty) and their attribute */
    int64_t v[6];
    uint32_t id;
  } segs[IR_N_OPS];
  struct Memo {                /* short interning keys -> attribute id: */
    uint32_t n;                /* key words, 0 = empty slot */
    uint32_t key[MEMO_WORDS];  /* what kind of key, then its words */
    uint32_t id;               /* the interned answer */
  } memo[256][2];              /* 2-way: a set's newest key first */
  struct IrpTypeMemo tmemo[IRP_TMEMO_N];
};

enum { CACHE_DIRTY = 512 };
struct IrpCache {
  struct IrpTables t;
  struct { void *at; size_t size; } dirty[CACHE_DIRTY]; /* entries written */
  uint32_t n_dirty;            /* more than CACHE_DIRTY: clear all */
};

static _Thread_local IrpCache tls_cache;

void irp_cache_touch(IrParser *p, void *at, size_t size) {
  IrpCache *c = p->cache;
  if (c->n_dirty < CACHE_DIRTY) {
    c->dirty[c->n_dirty].at = at;
    c->dirty[c->n_dirty].size = size;
  }
  c->n_dirty++;
}

/* Empty the entries this parse wrote. */
static void cache_clean(IrpCache *c) {
  if (c->n_dirty > CACHE_DIRTY) memset(&c->t, 0, sizeof c->t);
  else
    for (uint32_t i = 0; i < c->n_dirty; i++) memset(c->dirty[i].at, 0, c->dirty[i].size);
  c->n_dirty = 0;
}

/* The string id of a C string (op and attribute names the hooks pass as
 * literals). */
static __attribute__((noinline)) uint32_t cstr_miss(IrParser *p, struct CstrMemo *m,
                                                    const char *s) {
  irp_cache_touch(p, m, 2 * sizeof *m);
  m[1] = m[0];
  m[0].s = s;
  m[0].id = ir_cstr(p->ctx, s);
  return m[0].id;
}

/* Two ways, and the set picked by a hash of the whole address: with the
 * set picked by address bits 3..8 alone, the literals of two hot hooks
 * (irp_set_segments', irp_ensure_terminator's) shared a slot in one
 * build and missed every time (mixed bench corpus: 17K misses, 3.2M
 * instructions of ir_cstr). */
static inline uint32_t cstr_id(IrParser *p, const char *s) {
  struct CstrMemo *m =
      p->cache->t.cstr[((uintptr_t)s * 0x9E3779B97F4A7C15ull) >> 58];
  if (m[0].s == s) return m[0].id;
  if (m[1].s == s) return m[1].id;
  return cstr_miss(p, m, s);
}

/* The memo slot for key[0..n) (n <= MEMO_WORDS); *hit tells whether it
 * holds this key's answer. Interning is a pure function of the key within
 * one ctx, so a hit is exact. */
static struct Memo *memo_find(IrParser *p, const uint32_t *key, uint32_t n, int *hit) {
  uint64_t h = n;
  for (uint32_t i = 0; i < n; i++) h = (h ^ key[i]) * 0x9E3779B97F4A7C15ull;
  struct Memo *set = p->cache->t.memo[h >> 56];
  for (int w = 0; w < 2; w++) {
    if (set[w].n != n) continue;
    uint32_t i = 0; /* keys are a few words: no memcmp call */
    while (i < n && set[w].key[i] == key[i]) i++;
    if (i == n) {
      *hit = 1;
      return &set[w];
    }
  }
  *hit = 0;
  return set;
}

/* Store into the set memo_find gave (a miss): the older key is dropped. */
static void memo_store(IrParser *p, struct Memo *set, const uint32_t *key, uint32_t n,
                       uint32_t id) {
  irp_cache_touch(p, set, 2 * sizeof *set);
  set[1] = set[0];
  set[0].n = n;
  memcpy(set[0].key, key, n * sizeof *key);
  set[0].id = id;
}

uint32_t irp_memo_find(IrParser *p, const uint32_t *key, uint32_t n) {
  int hit;
  ir_assert(n && n <= MEMO_WORDS && key[0] >= IRP_MEMO_HOOKS);
  struct Memo *m = memo_find(p, key, n, &hit);
  return hit ? m->id : 0;
}

void irp_memo_store(IrParser *p, const uint32_t *key, uint32_t n, uint32_t id) {
  int hit;
  ir_assert(n && n <= MEMO_WORDS && key[0] >= IRP_MEMO_HOOKS);
  struct Memo *m = memo_find(p, key, n, &hit);
  if (hit) m->id = id;
  else memo_store(p, m, key, n, id);
}

uint32_t irp_cstr(IrParser *p, const char *s) { return cstr_id(p, s); }

/* Names are token texts, so they lie in the lexer's buffer, which is
 * followed by IR_LEX_PAD readable bytes: reading 8 bytes at any byte of a
 * name stays inside it. Hash and compare a word at a time, not a byte. */
static inline uint64_t rd8(const char *s) {
  uint64_t v;
  memcpy(&v, s, 8);
  return v;
}

/* The low n bytes of a word, n <= 8. */
static const uint64_t low_bytes[9] = {
    0, 0xffull, 0xffffull, 0xffffffull, 0xffffffffull, 0xffffffffffull,
    0xffffffffffffull, 0xffffffffffffffull, ~0ull};

/* The bytes of s[0, n) within its first word, n <= 8 (little endian: the
 * low bytes come first). A mask from a table rather than a shift and a
 * test of n >= 8 (ir-asm, 20 MB corpus 1,173.8M -> 1,167.3M, mixed 261.4M
 * -> 260.1M; the same table in parse_type.c's word_at cost 2.5M more). */
static inline uint64_t head8(const char *s, uint32_t n) {
  return rd8(s) & low_bytes[n];
}

static inline uint32_t hname(uint32_t key, uint32_t num, const char *s, uint32_t n) {
  uint64_t h = ((uint64_t)key << 32 | num) * 0x9E3779B97F4A7C15ull ^ n;
  uint32_t i = 0;
  for (; i + 8 < n; i += 8) h = (h ^ rd8(s + i)) * 0xff51afd7ed558ccdull;
  h = (h ^ head8(s + i, n - i)) * 0xc4ceb9fe1a85ec53ull;
  return (uint32_t)(h >> 32) ^ (uint32_t)h;
}

static inline int name_eq(const char *a, const char *b, uint32_t n) {
  if (n <= 8) return head8(a, n) == head8(b, n);
  return memcmp(a, b, n) == 0;
}

static inline uint32_t name_find(IrpNames *t, uint32_t h, uint32_t key, const char *s,
                                 uint32_t n, uint32_t num) {
  for (uint32_t i = t->bucket[h & (t->n_bucket - 1)]; i != IR_NONE; i = t->e[i].next) {
    Name *e = &t->e[i];
    if (e->hash == h && e->key == key && e->num == num && e->n == n && name_eq(e->s, s, n))
      return i;
  }
  return IR_NONE;
}

static void rehash(IrpNames *t, uint32_t nb) {
  free(t->bucket);
  t->bucket = ir_xmalloc(nb * sizeof *t->bucket);
  memset(t->bucket, 0xff, nb * sizeof *t->bucket);
  t->n_bucket = nb;
  for (uint32_t i = 0; i < t->n_e; i++) {
    Name *e = &t->e[i];
    if (!e->live) continue;
    uint32_t b = e->hash & (nb - 1);
    e->next = t->bucket[b];
    t->bucket[b] = i;
  }
}

static uint32_t name_insert(IrpNames *t, uint32_t h, uint32_t key, const char *s,
                            uint32_t n, uint32_t num, uint32_t handle) {
  uint32_t i;
  if (t->free_head != IR_NONE) {
    i = t->free_head;
    t->free_head = t->e[i].next;
  } else {
    if (t->n_e >= t->cap_e) ir_vgrow((void **)&t->e, &t->cap_e, t->n_e + 1, sizeof *t->e);
    i = t->n_e++;
  }
  Name *e = &t->e[i];
  e->s = s;
  e->n = n;
  e->num = num;
  e->key = key;
  e->hash = h;
  e->handle = handle;
  e->type = 0;
  e->loc = 0;
  e->pos = 0;
  e->fwd = 0;
  e->live = 1;
  if (++t->live > t->n_bucket) {
    rehash(t, t->n_bucket * 2); /* links e too */
  } else {
    uint32_t b = h & (t->n_bucket - 1);
    e->next = t->bucket[b];
    t->bucket[b] = i;
  }
  return i;
}

static void name_remove(IrpNames *t, uint32_t i) {
  Name *e = &t->e[i];
  uint32_t *link = &t->bucket[e->hash & (t->n_bucket - 1)];
  while (*link != i) link = &t->e[*link].next;
  *link = e->next;
  e->live = 0;
  e->next = t->free_head;
  t->free_head = i;
  t->live--;
}

/* ---------------------------------------------------------------------- */
/* Values                                                                 */

/* Hash of a value name: its first word, length and result number, then
 * (rarely) the words past the first. */
static inline uint32_t vhash(uint64_t w0, const char *s, uint32_t n, uint32_t num) {
  uint64_t h = (w0 ^ ((uint64_t)num << 32 | n) * 0x9E3779B97F4A7C15ull) *
               0xff51afd7ed558ccdull;
  for (uint32_t i = 8; i < n; i += 8)
    h = (h ^ head8(s + i, n - i < 8 ? n - i : 8)) * 0xc4ceb9fe1a85ec53ull;
  return (uint32_t)(h >> 32);
}

/* a[8, n) == b[8, n), names in the padded source: a word at a time, no
 * memcmp call. */
static inline int same_rest(const char *a, const char *b, uint32_t n) {
  for (uint32_t i = 8; i < n; i += 8)
    if (head8(a + i, n - i < 8 ? n - i : 8) != head8(b + i, n - i < 8 ? n - i : 8)) return 0;
  return 1;
}

/* The slot of the entry for (w0, s, n, num), or of the empty slot where it
 * would go. */
static inline uint64_t *vfind(IrpNames *t, uint32_t h, uint64_t w0, const char *s,
                              uint32_t n, uint32_t num) {
  uint32_t mask = t->vcap - 1;
  for (uint32_t i = h & mask;; i = (i + 1) & mask) {
    uint64_t x = t->vslot[i];
    if (!x) return &t->vslot[i];
    if ((uint32_t)(x >> 32) == h) {
      const VName *e = &t->ve[(uint32_t)x - 1];
      if (e->w0 == w0 && e->n == n && e->num == num && same_rest(e->s, s, n))
        return &t->vslot[i];
    }
  }
}

static void vgrow(IrpNames *t) {
  uint32_t oc = t->vcap, nc = oc ? 2 * oc : 1024;
  uint64_t *o = t->vslot;
  t->vslot = ir_xcalloc(nc, sizeof *t->vslot);
  t->vcap = nc;
  for (uint32_t i = 0; i < oc; i++) {
    if (!o[i]) continue;
    uint32_t j = (uint32_t)(o[i] >> 32) & (nc - 1);
    while (t->vslot[j]) j = (j + 1) & (nc - 1);
    t->vslot[j] = o[i];
  }
  free(o);
  t->vlifo = 0; /* slots no longer in insertion order */
}

/* A new entry for a name whose vfind slot is `slot` (empty). */
static inline __attribute__((always_inline)) uint32_t vinsert(IrpNames *t, uint64_t *slot,
                                                             uint32_t h, uint64_t w0,
                                                             const char *s, uint32_t n,
                                                             uint32_t num) {
  uint32_t i;
  if (t->ve_free != IR_NONE) {
    i = t->ve_free;
    t->ve_free = t->ve[i].handle;
  } else {
    if (t->n_ve >= t->cap_ve) ir_vgrow((void **)&t->ve, &t->cap_ve, t->n_ve + 1, sizeof *t->ve);
    i = t->n_ve++;
  }
  VName *e = &t->ve[i];
  e->w0 = w0;
  e->s = s;
  e->n = n;
  e->num = num;
  e->hash = h;
  e->fwd = 0;
  *slot = (uint64_t)h << 32 | (i + 1);
  if (++t->vlive * 2 > t->vcap) vgrow(t); /* the slot pointer dies here */
  return i;
}

/* Remove entry i: its slot is emptied and the probe run after it shifted
 * back (linear probing's deletion, no tombstones). */
static void vremove(IrpNames *t, uint32_t i) {
  uint32_t mask = t->vcap - 1, k = t->ve[i].hash & mask;
  while ((uint32_t)t->vslot[k] != i + 1) k = (k + 1) & mask;
  for (uint32_t j = k;;) {
    t->vslot[k] = 0;
    for (;;) {
      j = (j + 1) & mask;
      uint64_t x = t->vslot[j];
      if (!x) goto done;
      uint32_t home = (uint32_t)(x >> 32) & mask;
      /* stays if its home lies cyclically in (k, j] */
      if (k <= j ? (k < home && home <= j) : (k < home || home <= j)) continue;
      t->vslot[k] = x;
      k = j;
      break;
    }
  }
done:
  t->ve[i].handle = t->ve_free;
  t->ve_free = i;
  t->vlive--;
}

/* Remove entry i, the last one added, while t->vlifo holds: the table
 * then is exactly what it was before i was added (every entry added later
 * has been removed, and none was moved), so no entry's probe run passes
 * i's slot and emptying it is all vremove's shifting would do. (The
 * values of scf bodies and other nested regions, popped when the region
 * ends: 20 MB corpus, 178,799 removals: pop_scope with vremove 16.0M ->
 * 12.6M.) */
static inline void vremove_last(IrpNames *t, uint32_t i) {
  uint32_t mask = t->vcap - 1, k = t->ve[i].hash & mask;
  while ((uint32_t)t->vslot[k] != i + 1) k = (k + 1) & mask;
  t->vslot[k] = 0;
  t->ve[i].handle = t->ve_free;
  t->ve_free = i;
  t->vlive--;
}

static uint32_t map_get(const Map *m, uint32_t k) {
  if (!m->cap) return IR_NONE;
  for (uint32_t i = (k * 0x9E3779B1u) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
    if (m->kv[2 * i] == 0) return IR_NONE;
    if (m->kv[2 * i] == k + 1) return m->kv[2 * i + 1];
  }
}

static void map_put(Map *m, uint32_t k, uint32_t v) {
  if (2 * (m->n + 1) > m->cap) {
    Map o = *m;
    m->cap = o.cap ? o.cap * 2 : 16;
    m->kv = ir_xcalloc(2 * (size_t)m->cap, sizeof *m->kv);
    m->n = 0;
    for (uint32_t i = 0; i < o.cap; i++)
      if (o.kv[2 * i]) map_put(m, o.kv[2 * i] - 1, o.kv[2 * i + 1]);
    free(o.kv);
  }
  uint32_t i = (k * 0x9E3779B1u) & (m->cap - 1);
  while (m->kv[2 * i] && m->kv[2 * i] != k + 1) i = (i + 1) & (m->cap - 1);
  if (!m->kv[2 * i]) m->n++;
  m->kv[2 * i] = k + 1;
  m->kv[2 * i + 1] = v;
}

uint32_t irp_alias_attr(IrParser *p, uint32_t name) { return map_get(&p->names->attr_alias, name); }
uint32_t irp_alias_type(IrParser *p, uint32_t name) { return map_get(&p->names->type_alias, name); }
uint32_t irp_alias_loc(IrParser *p, uint32_t name) { return map_get(&p->names->loc_alias, name); }

int irp_alias_define(IrParser *p, int kind, uint32_t name, uint32_t id) {
  Map *m = kind == 1 ? &p->names->type_alias : kind == 2 ? &p->names->loc_alias
                     : &p->names->attr_alias;
  if (kind == 1 ? map_get(m, name) != IR_NONE
                : map_get(&p->names->attr_alias, name) != IR_NONE ||
                      map_get(&p->names->loc_alias, name) != IR_NONE)
    return -1;
  map_put(m, name, id);
  return 0;
}

static void names_init(IrpNames *t) {
  memset(t, 0, sizeof *t);
  t->free_head = IR_NONE;
  t->n_bucket = 256;
  t->bucket = ir_xmalloc(t->n_bucket * sizeof *t->bucket);
  memset(t->bucket, 0xff, t->n_bucket * sizeof *t->bucket);
  t->next_id = 1;
  t->region = IR_NONE;
  t->ve_free = IR_NONE;
  vgrow(t);
  t->vlifo = 1;
}

static void names_free(IrpNames *t) {
  free(t->ve);
  free(t->vslot);
  free(t->vdefs);
  free(t->e);
  free(t->bucket);
  free(t->defs);
  free(t->vfwd);
  free(t->bfwd);
  free(t->sc);
  free(t->attr_alias.kv);
  free(t->type_alias.kv);
  free(t->loc_alias.kv);
  free(t->ahead.kv);
  free(t->defs_ahead);
}

static void push_u32(uint32_t **a, uint32_t *n, uint32_t *cap, uint32_t v) {
  IR_VPUSH(*a, *n, *cap, v);
}

/* Enter the scope of a region. */
static void push_scope(IrParser *p, int isolated, uint32_t region) {
  IrpNames *t = p->names;
  Scope s = {t->n_defs, t->n_vdefs, t->n_vfwd, t->n_bfwd, t->iscope, t->rscope, t->region,
             isolated};
  IR_VPUSH(t->sc, t->n_sc, t->cap_sc, s);
  if (isolated) t->iscope = t->next_id++;
  t->rscope = t->next_id++;
  t->region = region;
}

static int cmp_loc(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* Report each open forward reference among the lazy locations locs[0..k)
 * (sorted here), as MLIR does at the end of a scope. */
static int report_locs(IrParser *p, uint32_t *locs, uint32_t k, const char *msg) {
  if (!k) return 0;
  qsort(locs, k, sizeof *locs, cmp_loc);
  if (!p->failed)
    for (uint32_t i = 0; i < k; i++) report_at(p, locs[i], "%s", msg);
  p->failed = 1;
  return -1;
}

/* Open block forward references in list[from..n). */
static int report_open(IrParser *p, uint32_t *list, uint32_t from, uint32_t n,
                       const char *msg) {
  IrpNames *t = p->names;
  uint32_t k = 0;
  uint32_t *locs = irp_scratch(p, (n - from) * sizeof *locs + 1);
  for (uint32_t i = from; i < n; i++)
    if (t->e[list[i]].fwd) locs[k++] = t->e[list[i]].loc;
  return report_locs(p, locs, k, msg);
}

/* Open value forward references in vfwd[from..). */
static int report_open_values(IrParser *p, uint32_t from) {
  IrpNames *t = p->names;
  uint32_t k = 0, n = t->n_vfwd;
  uint32_t *locs = irp_scratch(p, (n - from) * sizeof *locs + 1);
  for (uint32_t i = from; i < n; i++) locs[k++] = t->ve[t->vfwd[i]].loc;
  return report_locs(p, locs, k, "use of undeclared SSA value name");
}

/* Leave the innermost scope: undefined blocks (and values, for an isolated
 * scope) are errors; the scope's names are dropped. */
static int pop_scope(IrParser *p) {
  IrpNames *t = p->names;
  Scope s = t->sc[--t->n_sc];
  int r = 0;
  if (t->n_bfwd > s.bfwd || (s.isolated && t->n_vfwd > s.vfwd)) {
    /* The isolated scope is the top level's, whose undeclared values MLIR
     * reports first (OperationParser::finalize) and its undefined blocks
     * only when there are none (the scope's pop, which finalize precedes). */
    Mark m = mark(p);
    if (s.isolated) r = report_open_values(p, s.vfwd);
    if (!r) r = report_open(p, t->bfwd, s.bfwd, t->n_bfwd, "reference to an undefined block");
    release(p, m);
  }
  if (s.isolated) {
    for (uint32_t i = s.vfwd; i < t->n_vfwd; i++) vremove(t, t->vfwd[i]);
    t->n_vfwd = s.vfwd;
  }
  t->n_bfwd = s.bfwd;
  if (!s.vdefs && !t->n_vfwd) {
    /* Every entry in the table is this scope's (a function body's values,
     * no forward reference open): each slot is emptied where it is, with
     * no probe run shifted back, as no entry stays. */
    uint32_t mask = t->vcap - 1;
    for (uint32_t d = 0; d < t->n_vdefs; d++) {
      uint32_t i = t->vdefs[d], k = t->ve[i].hash & mask;
      while ((uint32_t)t->vslot[k] != i + 1) k = (k + 1) & mask;
      t->vslot[k] = 0;
    }
    t->n_ve = 0;
    t->ve_free = IR_NONE;
    t->vlive = 0;
    t->n_vdefs = 0;
    t->vlifo = 1;
  }
  /* the undo stack pops definitions in the reverse order of their adding */
  if (t->vlifo)
    while (t->n_vdefs > s.vdefs) vremove_last(t, t->vdefs[--t->n_vdefs]);
  while (t->n_vdefs > s.vdefs) vremove(t, t->vdefs[--t->n_vdefs]);
  while (t->n_defs > s.defs) {
    uint32_t i = t->defs[--t->n_defs];
    if (t->e[i].live) name_remove(t, i);
  }
  t->iscope = s.iscope;
  t->rscope = s.rscope;
  t->region = s.region;
  return r;
}

static int count_values(IrParser *p, uint64_t n) {
  p->names->n_values += n;
  if (p->names->n_values > IR_MAX_COUNT) return irp_error(p, "too many values");
  return 0;
}

/* Whether %s (result 0) is defined or used ahead in a visible scope, and
 * where. */
static int name_in_use(IrParser *p, const char *s, uint32_t n, uint32_t *loc) {
  IrpNames *t = p->names;
  uint64_t w0 = head8(s, n < 8 ? n : 8);
  uint64_t *slot = vfind(t, vhash(w0, s, n, 0), w0, s, n, 0);
  if (!*slot) return 0;
  *loc = t->ve[(uint32_t)*slot - 1].loc;
  return 1;
}

/* Bind %name#num to value v, resolving a forward reference. */
static int define_value(IrParser *p, const char *s, uint32_t n, uint32_t num,
                        uint32_t v, uint32_t vtype, uint32_t loc) {
  IrpNames *t = p->names;
  uint64_t w0 = head8(s, n < 8 ? n : 8);
  uint32_t h = vhash(w0, s, n, num);
  uint64_t *slot = vfind(t, h, w0, s, n, num);
  uint32_t i;
  if (*slot) {
    i = (uint32_t)*slot - 1;
    VName *e = &t->ve[i];
    if (!e->fwd) {
      irp_error_at(p, loc, "redefinition of SSA value '%%%.*s'", (int)n, s);
      note_at(p, e->loc, "previously defined here");
      return -1;
    }
    uint32_t want = e->type, have = vtype;
    if (want && want != have) {
      char tw[256], th[256];
      ir_type_str(p->ctx, want, tw, sizeof tw);
      ir_type_str(p->ctx, have, th, sizeof th);
      irp_error_at(p, loc, "definition of SSA value '%%%.*s#%u' has type '%s'",
                   (int)n, s, num, th);
      note_at(p, e->loc, "previously used here with type '%s'", tw);
      return -1;
    }
    irb_resolve(p->b, e->handle, v);
    uint32_t pos = e->fwd - 1, last = t->vfwd[--t->n_vfwd];
    if (last != i) {
      t->vfwd[pos] = last;
      t->ve[last].fwd = pos + 1;
    }
  } else {
    i = vinsert(t, slot, h, w0, s, n, num);
  }
  VName *e = &t->ve[i];
  e->loc = loc;
  e->handle = v;
  e->type = vtype;
  e->fwd = 0;
  IR_VPUSH(t->vdefs, t->n_vdefs, t->cap_vdefs, i);
  return 0;
}

/* ====================================================================== */
/* SSA uses                                                               */
/* ====================================================================== */

/* The result number after `#`, out of line: rare. */
static int ref_number(IrParser *p, IrRef *r) {
  uint64_t k = 0;
  const IrTok *t = &p->tok;
  for (uint32_t i = 0; i < t->len; i++) {
    if (t->text[i] < '0' || t->text[i] > '9' || k > IR_MAX_COUNT)
      return err_tok(p, "invalid SSA value result number");
    k = k * 10 + (uint32_t)(t->text[i] - '0');
  }
  if (k >= IR_MAX_COUNT) return err_tok(p, "invalid SSA value result number");
  r->num = (uint32_t)k;
  irp_next(p);
  return 1;
}

/* irp_opt_ref's body, inlined into irp_ref as well (a hook's usual call:
 * one call per use rather than two). */
static inline __attribute__((always_inline)) int opt_ref(IrParser *p, IrRef *r) {
  if (p->tok.kind != IR_TK_PERCENT_ID) return 0;
  r->name = p->tok.text;
  r->len = p->tok.len;
  r->num = 0;
  r->loc = lazy_loc(p, p->tok.text - 1);
  irp_next(p);
  if (p->tok.kind == IR_TK_HASH_ID) return ref_number(p, r);
  return 1;
}

int irp_opt_ref(IrParser *p, IrRef *r) { return opt_ref(p, r); }

int irp_ref(IrParser *p, IrRef *r) {
  int k = opt_ref(p, r);
  if (k == 1) return 0;
  if (k < 0) return -1;
  return irp_error(p, "expected SSA operand");
}

int irp_ref_list(IrParser *p, IrRef **refs, uint32_t *n) {
  IrRef *a = NULL;
  uint32_t k = 0, cap = 0;
  *refs = NULL;
  *n = 0;
  if (p->tok.kind != IR_TK_PERCENT_ID) return 0;
  do {
    if (k == cap) {
      if (cap >= IR_MAX_COUNT / 2) return irp_error(p, "too many operands");
      uint32_t nc = cap ? cap * 2 : 8;
      IrRef *b = irp_scratch(p, nc * sizeof *b);
      if (k) memcpy(b, a, k * sizeof *b);
      a = b;
      cap = nc;
    }
    if (irp_ref(p, &a[k])) return -1;
    k++;
  } while (irp_consume(p, IR_TK_COMMA));
  *refs = a;
  *n = k;
  return 0;
}

/* irp_resolve in full: any name length, forward references, type
 * clashes. */
static __attribute__((noinline)) int resolve_slow(IrParser *p, const IrRef *r,
                                                  uint32_t type, uint32_t *value) {
  IrpNames *t = p->names;
  uint32_t n = r->len;
  uint64_t w0 = head8(r->name, n < 8 ? n : 8);
  uint32_t h = vhash(w0, r->name, n, r->num);
  uint64_t *slot = vfind(t, h, w0, r->name, n, r->num);
  if (*slot) {
    const VName *e = &t->ve[(uint32_t)*slot - 1];
    uint32_t have = e->type;
    if (type && have && have != type) {
      char tw[256], th[256];
      ir_type_str(p->ctx, type, tw, sizeof tw);
      ir_type_str(p->ctx, have, th, sizeof th);
      irp_error_at(p, r->loc, "use of value '%%%.*s' expects different type than "
                   "prior uses: '%s' vs '%s'", (int)r->len, r->name, tw, th);
      note_at(p, e->loc, "prior use here");
      return -1;
    }
    *value = e->handle;
    return 0;
  }
  if (r->num) {
    uint64_t *s0 = vfind(t, vhash(w0, r->name, n, 0), w0, r->name, n, 0);
    if (*s0 && !t->ve[(uint32_t)*s0 - 1].fwd)
      return irp_error_at(p, r->loc, "reference to invalid result number");
  }
  if (count_values(p, 1)) return -1;
  uint32_t v = irb_placeholder(p->b, type);
  uint32_t i = vinsert(t, slot, h, w0, r->name, n, r->num);
  t->vlifo = 0; /* defined later, so out of the undo stack's order */
  VName *e = &t->ve[i];
  e->handle = v;
  e->type = type;
  e->loc = r->loc;
  push_u32(&t->vfwd, &t->n_vfwd, &t->cap_vfwd, i);
  e->fwd = t->n_vfwd;
  *value = v;
  return 0;
}

/* The common use: a name of at most 8 bytes, defined before, of the
 * expected type. Its probe has no loop over the name's words and makes no
 * call, so it needs few registers; anything else takes resolve_slow. */
int irp_resolve(IrParser *p, const IrRef *r, uint32_t type, uint32_t *value) {
  if (p->failed) return -1;
  uint32_t n = r->len, num = r->num;
  if (n <= 8) {
    const IrpNames *t = p->names;
    uint64_t w0 = head8(r->name, n);
    uint32_t h = vhash(w0, r->name, n, num), mask = t->vcap - 1;
    for (uint32_t i = h & mask;; i = (i + 1) & mask) {
      uint64_t x = t->vslot[i];
      if (!x) break;
      if ((uint32_t)(x >> 32) != h) continue;
      const VName *e = &t->ve[(uint32_t)x - 1];
      if (e->w0 != w0 || e->n != n || e->num != num) continue;
      if (type && e->type && e->type != type) break;
      *value = e->handle;
      return 0;
    }
  }
  return resolve_slow(p, r, type, value);
}

int irp_resolve_list(IrParser *p, const IrRef *refs, uint32_t n,
                     const uint32_t *types, uint32_t ntypes, IrOpState *st) {
  if (n != ntypes) {
    if (n) return irp_error_at(p, refs[0].loc, "%u operands present, but expected %u", n, ntypes);
    return irp_error(p, "%u operands present, but expected %u", n, ntypes);
  }
  for (uint32_t i = 0; i < n; i++) {
    uint32_t v;
    if (irp_resolve(p, &refs[i], types[i], &v)) return -1;
    irp_add_operand(st, v);
  }
  return 0;
}

/* ====================================================================== */
/* Op state                                                               */
/* ====================================================================== */

void irp_add_region(IrOpState *st, uint32_t region) {
  IR_VPUSH(st->regions, st->n_regions, st->cap_regions, region);
}
void irp_add_succ(IrOpState *st, uint32_t block, uint32_t first, uint32_t count) {
  IrBSucc s = {block, first, count};
  IR_VPUSH(st->succs, st->n_succs, st->cap_succs, s);
}

static void add_named(IrNamedAttr **a, uint32_t *n, uint32_t *cap, uint32_t name,
                      uint32_t attr) {
  for (uint32_t i = 0; i < *n; i++)
    if ((*a)[i].name == name) {
      (*a)[i].attr = attr;
      return;
    }
  IrNamedAttr x = {name, attr};
  IR_VPUSH(*a, *n, *cap, x);
}

static int has_named(const IrNamedAttr *a, uint32_t n, uint32_t name) {
  for (uint32_t i = 0; i < n; i++)
    if (a[i].name == name) return 1;
  return 0;
}

void irp_add_prop(IrParser *p, IrOpState *st, const char *name, uint32_t attr) {
  add_named(&st->props, &st->n_props, &st->cap_props, cstr_id(p, name), attr);
}
void irp_add_attr(IrParser *p, IrOpState *st, const char *name, uint32_t attr) {
  add_named(&st->attrs, &st->n_attrs, &st->cap_attrs, cstr_id(p, name), attr);
}
void irp_set_segments(IrParser *p, IrOpState *st, uint32_t n, const int64_t *sizes) {
  struct SegMemo *sm = st->opc < IR_N_OPS && n && n <= 6 ? &p->cache->t.segs[st->opc] : NULL;
  uint32_t same = sm && sm->n == n;
  for (uint32_t i = 0; same && i < n; i++) same = sm->v[i] == sizes[i];
  if (same) {
    irp_add_prop(p, st, "operandSegmentSizes", sm->id);
    return;
  }
  uint32_t key[MEMO_WORDS], id;
  int hit = 0, small = n < MEMO_WORDS;
  struct Memo *mm = NULL;
  for (uint32_t i = 0; i < n && small; i++) {
    small = sizes[i] >= 0 && sizes[i] <= INT32_MAX;
    key[i + 1] = (uint32_t)sizes[i];
  }
  if (small) {
    key[0] = 1; /* segment sizes */
    mm = memo_find(p, key, n + 1, &hit);
  }
  if (hit) {
    id = mm->id;
  } else {
    id = ir_attr_dense_i32(p->ctx, n, sizes);
    if (mm) memo_store(p, mm, key, n + 1, id);
  }
  if (sm && id) {
    irp_cache_touch(p, sm, sizeof *sm);
    sm->n = n;
    memcpy(sm->v, sizes, n * sizeof *sizes);
    sm->id = id;
  }
  irp_add_prop(p, st, "operandSegmentSizes", id);
}

uint32_t irp_dict(IrParser *p, const IrNamedAttr *list, uint32_t n) {
  if (!n) return 0;
  uint32_t key[MEMO_WORDS];
  struct Memo *mm = NULL;
  if (2 * n < MEMO_WORDS) {
    key[0] = 2; /* dictionary entries as given */
    for (uint32_t i = 0; i < n; i++) {
      key[2 * i + 1] = list[i].name;
      key[2 * i + 2] = list[i].attr;
    }
    int hit;
    mm = memo_find(p, key, 2 * n + 1, &hit);
    if (hit) return mm->id;
  }
  Mark m = mark(p);
  uint32_t *u = irp_scratch(p, 2 * (size_t)n * sizeof *u);
  for (uint32_t i = 0; i < n; i++) {
    u[2 * i] = list[i].name;
    u[2 * i + 1] = list[i].attr;
  }
  IrAttr a;
  memset(&a, 0, sizeof a);
  a.kind = IR_A_DICT;
  a.n = n;
  uint32_t id = ir_attr_intern(p->ctx, &a, u, NULL);
  release(p, m);
  if (mm) memo_store(p, mm, key, 2 * n + 1, id);
  return id;
}

/* Route a named attribute of op `st` to props (inherent) or attrs. */
static void route_attr(IrParser *p, IrOpState *st, uint32_t name, uint32_t attr) {
  if (st->opc != IR_OP_UNKNOWN &&
      ir_op_is_inherent(st->opc, ir_str_ptr(p->ctx, name), ir_str_len(p->ctx, name)))
    add_named(&st->props, &st->n_props, &st->cap_props, name, attr);
  else
    add_named(&st->attrs, &st->n_attrs, &st->cap_attrs, name, attr);
}

/* An op's operandSegmentSizes given in its attribute dictionary, under
 * that name or the one MLIR used before LLVM 18 (operand_segment_sizes),
 * takes MLIR's legacy path (setInherentAttr): a dense i32 array of the
 * op's segment count is taken, anything else is dropped without a word
 * (the op then has all segments empty). Of two good ones, the old name's
 * wins: MLIR sets them in name order. 0: not such an entry. */
static int segment_entry(IrParser *p, IrOpState *st, uint32_t name, uint32_t attr,
                         uint32_t *pick, int *pick_old) {
  uint32_t nseg = st->opc < IR_N_OPS ? ir_segment_count(st->opc) : 0;
  if (!nseg) return 0;
  int old = name == cstr_id(p, "operand_segment_sizes");
  if (!old && name != cstr_id(p, "operandSegmentSizes")) return 0;
  const IrAttr *a = ir_attr(p->ctx, attr);
  if (a->kind == IR_A_DENSE_ARRAY && ir_type_is_int(p->ctx, a->type, 32) &&
      a->n == nseg && (old || !*pick_old)) {
    *pick = attr;
    *pick_old = old;
  }
  return 1;
}

int irp_opt_attr_dict_into_slow(IrParser *p, IrOpState *st) {
  IrNamedAttr *l;
  uint32_t n, seg = 0;
  int seg_old = 0;
  int r = irp_opt_attr_dict(p, &l, &n);
  if (r <= 0) return r;
  for (uint32_t i = 0; i < n; i++)
    if (!segment_entry(p, st, l[i].name, l[i].attr, &seg, &seg_old))
      route_attr(p, st, l[i].name, l[i].attr);
  if (seg) irp_add_prop(p, st, "operandSegmentSizes", seg);
  return 1;
}

int irp_opt_attr_dict_with_keyword_into(IrParser *p, IrOpState *st) {
  if (!irp_consume_kw(p, "attributes")) return 0;
  if (p->tok.kind != IR_TK_LBRACE) return irp_error(p, "expected '{' in attribute dictionary");
  return irp_opt_attr_dict_into(p, st) < 0 ? -1 : 1;
}

/* The reusable op state of the current nesting level, emptied. */
static IrOpState *get_state(IrParser *p) {
  uint32_t k = p->op_level++;
  if (k >= p->n_states) {
    uint32_t nn = p->n_states ? p->n_states * 2 : 16;
    p->states = ir_xrealloc(p->states, nn * sizeof *p->states);
    for (uint32_t i = p->n_states; i < nn; i++) p->states[i] = ir_xcalloc(1, sizeof(IrOpState));
    p->n_states = nn;
  }
  IrOpState *st = p->states[k];
  st->n_operands = st->n_types = st->n_regions = st->n_succs = 0;
  st->n_props = st->n_attrs = 0;
  st->name = st->loc = st->n_results_expected = 0;
  st->opc = IR_OP_UNKNOWN;
  return st;
}

static void free_states(IrParser *p) {
  for (uint32_t i = 0; i < p->n_states; i++) {
    IrOpState *st = p->states[i];
    free(st->operands);
    free(st->types);
    free(st->regions);
    free(st->succs);
    free(st->props);
    free(st->attrs);
    free(st);
  }
  free(p->states);
}

/* ====================================================================== */
/* Blocks and regions                                                     */
/* ====================================================================== */

int irp_successor(IrParser *p, uint32_t *block) {
  /* OpAsmParser::parseSuccessor is the parser's own: no custom op prefix */
  if (p->tok.kind != IR_TK_CARET_ID) return irp_error(p, "expected block name");
  IrpNames *t = p->names;
  uint32_t key = t->rscope * 2 + 1;
  uint32_t h = hname(key, 0, p->tok.text, p->tok.len);
  uint32_t i = name_find(t, h, key, p->tok.text, p->tok.len, 0);
  if (i == IR_NONE) {
    i = name_insert(t, h, key, p->tok.text, p->tok.len, 0, irb_block_detached(p->b));
    Name *e = &t->e[i];
    e->fwd = 1;
    e->loc = lazy_loc(p, p->tok.text - 1);
    push_u32(&t->bfwd, &t->n_bfwd, &t->cap_bfwd, i);
    push_u32(&t->defs, &t->n_defs, &t->cap_defs, i);
  }
  *block = t->e[i].handle;
  irp_next(p);
  return 0;
}

int irp_successor_refs(IrParser *p, IrSuccRefs *s) {
  memset(s, 0, sizeof *s);
  if (irp_successor(p, &s->block)) return -1;
  if (irp_consume(p, IR_TK_LPAREN)) {
    s->loc = irp_loc_here(p);
    if (irp_ref_list(p, &s->refs, &s->n) ||
        irp_expect(p, IR_TK_COLON, "':' in operand list") ||
        irp_type_list(p, &s->types, &s->n_types) ||
        irp_expect(p, IR_TK_RPAREN, "')' to end operand list"))
      return -1;
  }
  return 0;
}

int irp_resolve_successor(IrParser *p, IrOpState *st, const IrSuccRefs *s, uint32_t loc) {
  uint32_t first = st->n_operands;
  if (s->n != s->n_types)
    return ir_syntax_parse_error(p, st, loc ? loc : s->loc, "number of operands and types "
                                 "do not match: got %u operands and %u types", s->n,
                                 s->n_types);
  if (irp_resolve_list(p, s->refs, s->n, s->types, s->n_types, st)) return -1;
  irp_add_succ(st, s->block, first, s->n);
  return 0;
}

/* Argument `%x : type loc(...)?` of a block label. */
static int block_arg(IrParser *p, uint32_t blk) {
  IrRef r;
  uint32_t type, loc;
  int has_loc;
  if (irp_ref(p, &r) || irp_expect(p, IR_TK_COLON, "':' and type for SSA operand") ||
      irp_type(p, &type) || (has_loc = irp_opt_loc(p, &loc)) < 0 || count_values(p, 1))
    return -1;
  /* MLIR's default location of an argument: where its name is written */
  if (!has_loc) loc = irp_loc_real(p, r.loc);
  return define_value(p, r.name, r.len, 0, irb_block_arg_loc(p->b, blk, type, loc),
                      type, r.loc);
}

/* `^name(args):` in the current region; *blk receives the block. */
static int block_label(IrParser *p, uint32_t *blk) {
  IrpNames *t = p->names;
  uint32_t key = t->rscope * 2 + 1;
  const IrTok tk = p->tok;
  uint32_t h = hname(key, 0, tk.text, tk.len);
  uint32_t i = name_find(t, h, key, tk.text, tk.len, 0);
  if (i != IR_NONE) {
    Name *e = &t->e[i];
    if (!e->fwd)
      return err_tok(p, "redefinition of block '^%.*s'", (int)tk.len, tk.text);
    irb_region_append_block(p->b, t->region, e->handle);
    e->fwd = 0;
  } else {
    i = name_insert(t, h, key, tk.text, tk.len, 0, irb_block(p->b, t->region));
    push_u32(&t->defs, &t->n_defs, &t->cap_defs, i);
  }
  uint32_t b = t->e[i].handle;
  irp_next(p);
  if (irp_consume(p, IR_TK_LPAREN) && !irp_consume(p, IR_TK_RPAREN)) {
    do {
      if (block_arg(p, b)) return -1;
    } while (irp_consume(p, IR_TK_COMMA));
    if (irp_expect(p, IR_TK_RPAREN, "')' to end argument list")) return -1;
  }
  if (irp_expect(p, IR_TK_COLON, "':' after block name")) return -1;
  *blk = b;
  return 0;
}

static int parse_op(IrParser *p, uint32_t block);

int irp_region(IrParser *p, uint32_t region, const IrArgDef *args,
               uint32_t n_args, int isolated) {
  if (irp_expect(p, IR_TK_LBRACE, "'{' to begin a region") || irp_enter(p)) return -1;
  /* Like MLIR's parser, isolated regions still see outer names (MLIR only
   * isolates scopes that allow name shadowing); the verifier rejects uses
   * of values defined above an isolated op, with MLIR's message. */
  (void)isolated;
  push_scope(p, 0, region);
  uint32_t blk = IR_NONE;
  if (n_args) {
    /* at the label, before the arguments' names are checked (MLIR's
     * parseRegionBody) */
    if (p->tok.kind == IR_TK_CARET_ID)
      return err_tok(p, "invalid block name in region with named arguments");
    if (count_values(p, n_args)) return -1;
    blk = irb_block(p->b, region);
    for (uint32_t i = 0; i < n_args; i++) {
      const char *s = args[i].ref.name;
      uint32_t n = args[i].ref.len, used;
      /* an argument the op's syntax names may shadow nothing, not even a
       * name used ahead of its definition (MLIR's parseRegion) */
      if (name_in_use(p, s, n, &used)) {
        irp_error_at(p, args[i].ref.loc, "region entry argument '%%%.*s' is already in use",
                     (int)n, s);
        note_at(p, used, "previously referenced here");
        return -1;
      }
      uint32_t v = irb_block_arg_loc(p->b, blk, args[i].type,
                                     irp_loc_real(p, args[i].loc));
      if (define_value(p, s, n, 0, v, args[i].type, args[i].ref.loc)) return -1;
    }
  }
  if (p->tok.kind != IR_TK_RBRACE) {
    if (!n_args && p->tok.kind != IR_TK_CARET_ID) blk = irb_block(p->b, region);
    for (;;) {
      if (p->tok.kind == IR_TK_CARET_ID && block_label(p, &blk)) return -1;
      while (p->tok.kind != IR_TK_CARET_ID && p->tok.kind != IR_TK_RBRACE) {
        if (parse_op(p, blk)) return -1;
      }
      if (p->tok.kind == IR_TK_RBRACE) break;
    }
  }
  irp_next(p);
  irp_leave(p);
  return pop_scope(p);
}

int irp_arg_def(IrParser *p, IrArgDef *a, int with_type, int allow_attrs) {
  memset(a, 0, sizeof *a);
  if (irp_ref(p, &a->ref)) return -1;
  a->loc = a->ref.loc;
  if (with_type) {
    if (irp_expect(p, IR_TK_COLON, "':'") || irp_type(p, &a->type)) return -1;
  } else if (irp_consume(p, IR_TK_COLON)) {
    if (irp_type(p, &a->type)) return -1;
  }
  if (allow_attrs) {
    IrNamedAttr *l;
    uint32_t n;
    int r = irp_opt_attr_dict(p, &l, &n);
    if (r < 0) return -1;
    if (r) a->attrs = irp_dict(p, l, n);
    uint32_t loc;
    r = irp_opt_loc(p, &loc);
    if (r < 0) return -1;
    if (r) a->loc = loc;
  }
  return 0;
}

/* Op names the bytecode can carry (FORMAT.md: printable, no quote or
 * backslash, at most 1024 bytes): MLIR would take any string, but no real
 * op has such a name, and one module must mean the same in text and
 * bytecode. */
static int op_name_ok(const char *s, size_t n) {
  if (n > 1024) return 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (ch < 0x20 || ch == 0x7f || ch == '"' || ch == '\\') return 0;
  }
  return 1;
}

/* The op named `term` itself is found by its string id (term is a literal:
 * cstr_id's memo by address), without comparing bytes: a region's last op
 * is nearly always its terminator (mixed bench corpus: 9,041 regions,
 * ir-asm 256.4M -> 255.8M). */
static int is_terminator_op(IrParser *p, uint32_t op, const char *term) {
  uint32_t name = irb_op_name(p->b, op);
  if (name == cstr_id(p, term)) return 1;
  const char *s = ir_str_ptr(p->ctx, name);
  size_t n = ir_str_len(p->ctx, name);
  if (strlen(term) == n && memcmp(s, term, n) == 0) return 1;
  uint32_t opc = ir_op_lookup(s, n);
  return opc != IR_OP_UNKNOWN && (ir_op_info(opc)->traits & IR_TR_TERMINATOR);
}

/* MLIR's ensureTerminator: the region gets a block if it has none, and its
 * last block a `term` op unless it already ends in a terminator. */
void irp_ensure_terminator(IrParser *p, uint32_t region, const char *term, uint32_t loc) {
  if (p->failed) return;
  uint32_t nb = irb_region_n_blocks(p->b, region);
  uint32_t blk = nb ? irb_region_block(p->b, region, nb - 1) : irb_block(p->b, region);
  uint32_t n = irb_block_n_ops(p->b, blk);
  if (n && is_terminator_op(p, irb_block_op(p->b, blk, n - 1), term)) return;
  IrOpSpec s;
  memset(&s, 0, sizeof s);
  s.name = ir_cstr(p->ctx, term);
  s.loc = irp_loc_real(p, loc);
  irb_op(p->b, blk, &s);
  p->names->n_ops++;
}

/* ====================================================================== */
/* Ops                                                                    */
/* ====================================================================== */

/* The default dialect of an op's regions (MLIR's OpAsmOpInterface
 * getDefaultDialect); NULL = inherit. */
static const char *region_dialect(uint32_t opc) {
  switch (opc) {
  case IR_OP_MODULE: return "builtin";
  case IR_OP_FUNC: return "func";
  case IR_OP_TRANSFORM_NAMED_SEQUENCE: return "transform";
  default: return NULL;
  }
}

/* Integer entries of a DENSE_ARRAY prop, or NULL. */
static const int64_t *prop_array(IrParser *p, IrOpState *st, const char *name, uint32_t *n) {
  uint32_t id = cstr_id(p, name);
  for (uint32_t i = 0; i < st->n_props; i++) {
    if (st->props[i].name != id) continue;
    const IrAttr *a = ir_attr(p->ctx, st->props[i].attr);
    if (a->kind != IR_A_DENSE_ARRAY) return NULL;
    *n = a->n;
    return ir_attr_i64(p->ctx, st->props[i].attr);
  }
  return NULL;
}

/* Property `name`, if given, as MLIR converts it to a DenseI32ArrayAttr
 * (of `want` entries unless 0): reports and returns 1 if it cannot. */
static int bad_i32_prop(IrParser *p, IrOpState *st, uint32_t loc, const char *name,
                        uint32_t want) {
  uint32_t id = cstr_id(p, name);
  for (uint32_t i = 0; i < st->n_props; i++) {
    if (st->props[i].name != id) continue;
    const IrAttr *a = ir_attr(p->ctx, st->props[i].attr);
    int kind_ok = a->kind == IR_A_DENSE_ARRAY && ir_type_is_int(p->ctx, a->type, 32);
    if (kind_ok && (!want || a->n == want)) return 0;
    char dict[1024], v[512];
    ir_attr_str(p->ctx, irp_dict(p, st->props, st->n_props), dict, sizeof dict);
    ir_attr_str(p->ctx, st->props[i].attr, v, sizeof v);
    if (!want) /* a list of its own: the generic conversion's words */
      irp_error_at(p, loc, "invalid properties %s for op %s: Invalid attribute `%s` in "
                   "property conversion: %s", dict, ir_str_ptr(p->ctx, st->name), name, v);
    else if (!kind_ok)
      irp_error_at(p, loc, "invalid properties %s for op %s: expected DenseI32ArrayAttr "
                   "for key `value`", dict, ir_str_ptr(p->ctx, st->name));
    else
      irp_error_at(p, loc, "invalid properties %s for op %s: size mismatch in attribute "
                   "conversion: %u vs %u", dict, ir_str_ptr(p->ctx, st->name), a->n, want);
    return 1;
  }
  return 0;
}

/* Property `name`, if given, as MLIR converts it to storage of the kind
 * `ok` accepts: reports MLIR's conversion error and returns 1 if it
 * cannot. */
static int bad_prop(IrParser *p, IrOpState *st, uint32_t loc, const char *name,
                    int (*ok)(IrCtx *, const IrAttr *)) {
  uint32_t id = cstr_id(p, name);
  for (uint32_t i = 0; i < st->n_props; i++) {
    if (st->props[i].name != id || ok(p->ctx, ir_attr(p->ctx, st->props[i].attr))) continue;
    char dict[1024], v[512];
    ir_attr_str(p->ctx, irp_dict(p, st->props, st->n_props), dict, sizeof dict);
    ir_attr_str(p->ctx, st->props[i].attr, v, sizeof v);
    irp_error_at(p, loc, "invalid properties %s for op %s: Invalid attribute `%s` in "
                 "property conversion: %s", dict, ir_str_ptr(p->ctx, st->name), name, v);
    return 1;
  }
  return 0;
}

static int is_i64_array(IrCtx *c, const IrAttr *a) {
  return a->kind == IR_A_DENSE_ARRAY && ir_type_is_int(c, a->type, 64);
}

/* DenseIntElementsAttr: dense<...> of a vector or tensor of integers or
 * indices */
static int is_int_elements(IrCtx *c, const IrAttr *a) {
  if (a->kind != IR_A_DENSE || !a->type) return 0;
  const IrType *t = ir_type(c, a->type);
  if (t->kind != IR_T_VECTOR && t->kind != IR_T_TENSOR) return 0;
  int k = ir_type(c, t->elem)->kind;
  return k == IR_T_INT || k == IR_T_INDEX;
}

static int is_int(IrCtx *c, const IrAttr *a) { (void)c; return a->kind == IR_A_INT; }
static int is_unit(IrCtx *c, const IrAttr *a) { (void)c; return a->kind == IR_A_UNIT; }
static int is_string(IrCtx *c, const IrAttr *a) { (void)c; return a->kind == IR_A_STRING; }
static int is_type(IrCtx *c, const IrAttr *a) { (void)c; return a->kind == IR_A_TYPE; }

/* MLIR's property conversion of a generic op (setPropertiesFromAttr),
 * which fails the parse at the op, so that nothing after it is read:
 * the properties by name (mlir-opt-22 reports case_operand_segments
 * before case_values), operandSegmentSizes last. Only the
 * properties whose kind the parser or the verifier relies on are here;
 * the verifier checks them again for modules read from bytecode. */
static int generic_prop_kinds(IrParser *p, IrOpState *st, uint32_t loc) {
  switch (st->opc) {
  case IR_OP_SWITCH:
    if (bad_i32_prop(p, st, loc, "case_operand_segments", 0) ||
        bad_prop(p, st, loc, "case_values", is_int_elements))
      return -1;
    break;
  case IR_OP_GLOBAL:
    if (bad_prop(p, st, loc, "alignment", is_int) ||
        bad_prop(p, st, loc, "constant", is_unit) ||
        bad_prop(p, st, loc, "sym_name", is_string) ||
        bad_prop(p, st, loc, "sym_visibility", is_string) ||
        bad_prop(p, st, loc, "type", is_type))
      return -1;
    break;
  case IR_OP_FUNC:
    if (bad_prop(p, st, loc, "function_type", is_type) ||
        bad_prop(p, st, loc, "sym_name", is_string) ||
        bad_prop(p, st, loc, "sym_visibility", is_string))
      return -1;
    break;
  case IR_OP_SUBVIEW:
  case IR_OP_REINTERPRET_CAST:
  case IR_OP_TENSOR_EXTRACT_SLICE:
  case IR_OP_TENSOR_INSERT_SLICE:
    if (bad_prop(p, st, loc, "static_offsets", is_i64_array) ||
        bad_prop(p, st, loc, "static_sizes", is_i64_array) ||
        bad_prop(p, st, loc, "static_strides", is_i64_array))
      return -1;
    break;
  default:
    break;
  }
  uint32_t nseg = ir_segment_count(st->opc);
  return nseg && bad_i32_prop(p, st, loc, "operandSegmentSizes", nseg) ? -1 : 0;
}

/* Successor operand ranges of the registered branch ops in generic form,
 * from their segment properties (as their MLIR definitions do). Only the
 * properties' kinds fail the parse (generic_prop_kinds); sizes that do
 * not add up leave the ranges they would give empty, for the verifier to
 * report (ir_verify_segments) in MLIR's order: after the op's result and
 * successor counts, and after any parse error further on. */
static int generic_succ_operands(IrParser *p, IrOpState *st) {
  uint32_t ns, nc = 0;
  const int64_t *seg, *cs = NULL;
  switch (st->opc) {
  case IR_OP_BR:
    if (st->n_succs == 1) st->succs[0].first = 0, st->succs[0].count = st->n_operands;
    return 0;
  case IR_OP_COND_BR:
  case IR_OP_SWITCH:
    seg = prop_array(p, st, "operandSegmentSizes", &ns);
    if (!seg || ns != 3 || seg[0] < 0 || seg[1] < 0 || seg[2] < 0 ||
        (uint64_t)seg[0] + (uint64_t)seg[1] + (uint64_t)seg[2] != st->n_operands)
      return 0;
    if (st->opc == IR_OP_COND_BR) {
      if (st->n_succs != 2) return 0; /* the verifier reports it */
      st->succs[0].first = (uint32_t)seg[0];
      st->succs[0].count = (uint32_t)seg[1];
      st->succs[1].first = (uint32_t)(seg[0] + seg[1]);
      st->succs[1].count = (uint32_t)seg[2];
      return 0;
    }
    if (st->n_succs < 1) return 0;
    st->succs[0].first = (uint32_t)seg[0];
    st->succs[0].count = (uint32_t)seg[1];
    cs = prop_array(p, st, "case_operand_segments", &nc);
    if (!nc) return 0;
    uint64_t sum = 0;
    for (uint32_t i = 0; i < nc; i++) {
      if (cs[i] < 0) return 0;
      sum += (uint64_t)cs[i];
    }
    if (sum != (uint64_t)seg[2]) return 0;
    /* as many cases as have both an entry and a successor (the verifier
     * refuses the difference, after MLIR's own checks: case_entries) */
    if (nc > st->n_succs - 1) nc = st->n_succs - 1;
    uint64_t at = (uint64_t)(seg[0] + seg[1]);
    for (uint32_t i = 0; i < nc; i++) {
      st->succs[i + 1].first = (uint32_t)at;
      st->succs[i + 1].count = (uint32_t)cs[i];
      at += (uint64_t)cs[i];
    }
    return 0;
  default:
    return 0;
  }
}

int irp_generic_op_body(IrParser *p, IrOpState *st) {
  IrRef *refs;
  uint32_t n_refs;
  if (irp_expect(p, IR_TK_LPAREN, "'(' to start operand list") ||
      irp_ref_list(p, &refs, &n_refs) ||
      irp_expect(p, IR_TK_RPAREN, "')' to end operand list"))
    return -1;
  if (irp_consume(p, IR_TK_LSQUARE)) {
    do {
      uint32_t blk;
      if (irp_successor(p, &blk)) return -1;
      irp_add_succ(st, blk, 0, 0);
    } while (irp_consume(p, IR_TK_COMMA));
    if (irp_expect(p, IR_TK_RSQUARE, "']' to end successor list")) return -1;
  }
  if (irp_consume(p, IR_TK_LESS)) {
    uint32_t props;
    if (irp_attr(p, 0, &props)) return -1;
    const IrAttr *a = ir_attr(p->ctx, props);
    if (a->kind != IR_A_DICT) return irp_error(p, "expected a dictionary of properties");
    const uint32_t *u = ir_attr_u32(p->ctx, props);
    uint32_t old = cstr_id(p, "operand_segment_sizes"), cur = cstr_id(p, "operandSegmentSizes");
    int has_cur = 0;
    for (uint32_t i = 0; i < a->n; i++) has_cur |= u[2 * i] == cur;
    for (uint32_t i = 0; i < a->n; i++) {
      uint32_t name = u[2 * i];
      /* MLIR takes the pre-LLVM-18 name of operandSegmentSizes when the
       * dictionary lacks the new one */
      if (name == old && ir_segment_count(st->opc)) {
        if (has_cur) continue;
        name = cur;
      }
      add_named(&st->props, &st->n_props, &st->cap_props, name, u[2 * i + 1]);
    }
    if (irp_expect(p, IR_TK_GREATER, "'>' to close properties")) return -1;
  }
  if (irp_consume(p, IR_TK_LPAREN)) {
    /* MLIR parses generic regions without an isolated name scope (the
     * verifier then rejects uses across an isolated op) */
    do {
      uint32_t r = irb_region(p->b);
      if (irp_region(p, r, NULL, 0, 0)) return -1;
      irp_add_region(st, r);
    } while (irp_consume(p, IR_TK_COMMA));
    if (irp_expect(p, IR_TK_RPAREN, "')' to end region list")) return -1;
  }
  if (irp_opt_attr_dict_into(p, st) < 0) return -1;
  uint32_t nseg = ir_segment_count(st->opc);
  if (nseg && !has_named(st->props, st->n_props, cstr_id(p, "operandSegmentSizes"))) {
    /* MLIR's default property: every segment empty */
    int64_t zero[8] = {0};
    irp_add_prop(p, st, "operandSegmentSizes", ir_attr_dense_i32(p->ctx, nseg, zero));
  }
  if (irp_expect(p, IR_TK_COLON, "':' followed by operation type")) return -1;
  uint32_t ft;
  uint32_t tloc = lazy_loc(p, p->tok.text);
  if (irp_type(p, &ft)) return -1;
  const IrType *t = ir_type(p->ctx, ft);
  if (t->kind != IR_T_FUNC) return irp_error_at(p, tloc, "expected function type");
  const uint32_t *list = ir_type_list(p->ctx, ft);
  if (t->n != n_refs)
    return irp_error_at(p, tloc, "expected %u operand type%s but had %u", n_refs,
                        n_refs == 1 ? "" : "s", t->n);
  uint32_t nin = t->n, nres = t->nres;
  if (irp_resolve_list(p, refs, n_refs, list, nin, st)) return -1;
  list = ir_type_list(p->ctx, ft); /* the ctx may have grown */
  for (uint32_t i = 0; i < nres; i++) irp_add_result_type(st, list[nin + i]);
  if (generic_prop_kinds(p, st, st->loc)) return -1;
  return generic_succ_operands(p, st);
}

/* Result groups `%a, %b:2 =`. */
typedef struct Group {
  const char *s;       /* name (no %) */
  uint32_t n;          /* its length */
  uint32_t count;      /* number of results it binds */
  uint32_t loc;        /* lazy loc of the name */
} Group;

/* Resolve a custom op name (default dialect prefix) to its opcode. */
static uint32_t custom_opc_slow(IrParser *p, const IrTok *t, uint32_t *name);

/* A custom-form op name that is no registered op (full name `name`, as
 * custom_opc made it), in MLIR's words: its dialect unknown (with the
 * list of those there are), or the op unknown in it. */
static int unknown_custom_op(IrParser *p, uint32_t name) {
  const char *nm = ir_str_ptr(p->ctx, name);
  const char *dot = strchr(nm, '.');
  size_t dn = dot ? (size_t)(dot - nm) : strlen(nm);
  int tried = !memchr(p->tok.text, '.', p->tok.len);
  const char *a = tried ? " (tried '" : "", *b = tried ? nm : "", *c = tried ? "' as well)" : "";
  if (ir_dialect_known(nm, ir_str_len(p->ctx, name)))
    return err_tok(p, "custom op '%.*s' is unknown%s%s%s", (int)p->tok.len, p->tok.text, a, b, c);
  uint32_t at = irp_loc_here(p);
  err_tok(p, "Dialect `%.*s' not found for custom op '%.*s' %s%s%s", (int)dn, nm,
          (int)p->tok.len, p->tok.text, a, b, c);
  char list[1024];
  ir_dialect_list(list, sizeof list);
  note_at(p, at, "Available dialects: %s ; for more info on dialect registration see "
          "https://mlir.llvm.org/getting_started/Faq/"
          "#registered-loaded-dependent-whats-up-with-dialects-management", list);
  return -1;
}

/* Op names repeat on most lines: a cache of spellings up to 16 bytes (the
 * key holds all their bytes, so a hit is exact), with the default dialect
 * they were resolved in, spares hashing the name in the registry. A
 * spelling with a dot means the same under every default dialect
 * (any_dialect): regions of scf ops have none, their functions func, and
 * keying those names by dialect too doubled the misses (2 MB bench slice:
 * 5,175 -> 13,590 lookups). */
static const char any_dialect[1];
static uint32_t custom_opc(IrParser *p, const IrTok *t, uint32_t *name,
                           const IrOpInfo **info) {
  if (t->len > 16) {
    uint32_t opc = custom_opc_slow(p, t, name);
    *info = opc != IR_OP_UNKNOWN ? ir_op_info(opc) : NULL;
    return opc;
  }
  uint64_t w0 = head8(t->text, t->len < 8 ? t->len : 8);
  uint64_t w1 = t->len > 8 ? head8(t->text + 8, t->len - 8) : 0;
  uint64_t h = (w0 ^ (w1 * 0x9E3779B97F4A7C15ull) ^ t->len) * 0xff51afd7ed558ccdull;
  struct OpnameMemo *e = &p->cache->t.opnames[h >> 58];
  if (e->len == t->len && e->w0 == w0 && e->w1 == w1 &&
      (e->dialect == p->dialect || e->dialect == any_dialect)) {
    *name = e->name;
    *info = e->info;
    return e->opc;
  }
  uint32_t opc = custom_opc_slow(p, t, name);
  irp_cache_touch(p, e, sizeof *e);
  e->w0 = w0;
  e->w1 = w1;
  e->len = t->len;
  e->dialect = memchr(t->text, '.', t->len) ? any_dialect : p->dialect;
  e->opc = opc;
  e->name = *name;
  e->info = *info = opc != IR_OP_UNKNOWN ? ir_op_info(opc) : NULL;
  return opc;
}

static uint32_t custom_opc_slow(IrParser *p, const IrTok *t, uint32_t *name) {
  uint32_t opc = ir_op_lookup(t->text, t->len);
  if (opc != IR_OP_UNKNOWN) {
    /* a registered op is spelled as its full name: intern it once */
    uint32_t *known = &p->names->op_name[opc];
    if (!*known) *known = ir_str(p->ctx, t->text, t->len);
    *name = *known;
    return opc;
  }
  if (memchr(t->text, '.', t->len)) {
    *name = ir_str(p->ctx, t->text, t->len);
    return opc;
  }
  /* the default dialect's op (MLIR's parser tries nothing else: `module`
   * is builtin.module only where builtin is the default) */
  const char *d = p->dialect ? p->dialect : "builtin";
  size_t dn = strlen(d);
  /* a name too long for the stack buffer gets a heap one */
  char stack[256], *buf = stack;
  if (dn + 1 + t->len > sizeof stack) buf = ir_xmalloc(dn + 1 + t->len);
  memcpy(buf, d, dn);
  buf[dn] = '.';
  memcpy(buf + dn + 1, t->text, t->len);
  opc = ir_op_lookup(buf, dn + 1 + t->len);
  *name = ir_str(p->ctx, buf, dn + 1 + t->len);
  if (buf != stack) free(buf);
  return opc;
}

/* a[0..n) and b[0..n) hold the same entries (n <= 4: a loop, not a
 * memcmp call, at every op). */
static inline int same_named(const IrNamedAttr *a, const IrNamedAttr *b, uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    if (a[i].name != b[i].name || a[i].attr != b[i].attr) return 0;
  return 1;
}

/* Terminators a hook added implicitly (irp_ensure_terminator, scf.forall's
 * in_parallel) carry the op-name location `from`; once a trailing
 * `loc(...)` gives the op its final location, they take it too, so that
 * text printed with --debuginfo (which elides them) parses back to the same
 * module. They are the last op of a block of the op's own regions, and no op
 * written in the text can have the op name's position as its location.
 * (mlir-opt-22 itself leaves them at the op name's position.) */
static void retarget_implicit(IrParser *p, const IrOpState *st, uint32_t from,
                              uint32_t to) {
  for (uint32_t i = 0; i < st->n_regions; i++) {
    uint32_t r = st->regions[i], nb = irb_region_n_blocks(p->b, r);
    for (uint32_t k = 0; k < nb; k++) {
      uint32_t blk = irb_region_block(p->b, r, k), n = irb_block_n_ops(p->b, blk);
      if (!n) continue;
      uint32_t op = irb_block_op(p->b, blk, n - 1);
      if (irb_op_loc(p->b, op) == from) irb_op_set_loc(p->b, op, to);
    }
  }
}

static int parse_op(IrParser *p, uint32_t block) {
  if (irp_enter(p)) return -1;
  Mark m = mark(p);
  uint32_t first_loc = lazy_loc(p, p->tok.kind == IR_TK_PERCENT_ID ? p->tok.text - 1 : p->tok.text);
  Group g0[4], *g = g0;   /* most ops bind one group */
  uint32_t ng = 0, capg = 4;
  uint64_t nexp = 0;
  if (p->tok.kind == IR_TK_PERCENT_ID) {
    for (;;) {
      if (p->tok.kind != IR_TK_PERCENT_ID) return irp_error(p, "expected valid ssa identifier");
      if (ng == capg) {
        uint32_t nc = capg ? capg * 2 : 8;
        Group *ng2 = irp_scratch(p, nc * sizeof *ng2);
        if (ng) memcpy(ng2, g, ng * sizeof *g);
        g = ng2;
        capg = nc;
      }
      Group *x = &g[ng++];
      x->s = p->tok.text;
      x->n = p->tok.len;
      x->count = 1;
      x->loc = lazy_loc(p, p->tok.text - 1);
      irp_next(p);
      if (irp_consume(p, IR_TK_COLON)) {
        uint64_t c;
        if (p->tok.kind != IR_TK_INT || irp_tok_u64(&p->tok, &c))
          return irp_error(p, "expected integer number of results");
        if (c < 1) return irp_error(p, "expected named operation to have at least 1 result");
        if (c > IR_MAX_COUNT) return irp_error(p, "too many results");
        x->count = (uint32_t)c;
        irp_next(p);
      }
      nexp += x->count;
      if (nexp > IR_MAX_COUNT) return irp_error(p, "too many results");
      if (!irp_consume(p, IR_TK_COMMA)) break;
    }
    if (irp_expect(p, IR_TK_EQUAL, "'=' after SSA name")) return -1;
  }

  IrOpState *st = get_state(p);
  st->loc = tok_loc(p);
  st->n_results_expected = (uint32_t)nexp;
  const char *saved = p->dialect;
  const IrOpState *hook = p->hook_op; /* a region's ops are not its op's */
  p->hook_op = NULL;
  int rc;
  if (p->tok.kind == IR_TK_STRING) {
    if (p->tok.len == 0) return irp_error(p, "empty operation name is invalid");
    st->name = ir_lex_unescape(p->ctx, p->tok.text, p->tok.len);
    const char *nm = ir_str_ptr(p->ctx, st->name);
    size_t nml = ir_str_len(p->ctx, st->name);
    if (memchr(nm, 0, nml))
      return irp_error_at(p, st->loc, "null character not allowed in operation name");
    if (!op_name_ok(nm, nml))
      return irp_error_at(p, st->loc,
                          "unsupported operation name: control characters, "
                          "quotes and backslashes are not allowed, nor more "
                          "than 1024 bytes");
    st->opc = ir_op_lookup(ir_str_ptr(p->ctx, st->name), ir_str_len(p->ctx, st->name));
    irp_next(p);
    if (st->opc == IR_OP_UNKNOWN && !p->allow_unregistered &&
        !ir_dialect_known(ir_str_ptr(p->ctx, st->name), ir_str_len(p->ctx, st->name)))
      return irp_error(p, "operation being parsed with an unregistered dialect. If this is "
                          "intended, please use -allow-unregistered-dialect with the MLIR "
                          "tool used");
    rc = irp_generic_op_body(p, st);
  } else if (p->tok.kind == IR_TK_BARE_ID) {
    const IrOpInfo *info;
    st->opc = custom_opc(p, &p->tok, &st->name, &info);
    if (!info || !info->parse) return unknown_custom_op(p, st->name);
    /* the op's regions have its default dialect, none if it has none
     * (OpAsmOpInterface's getDefaultDialect; a generic op pushes none);
     * an op that cannot have regions is left alone (a store per op) */
    if (info->n_regions) {
      const char *d = region_dialect(st->opc);
      p->dialect = d ? d : "";
    }
    irp_next(p);
    p->hook_op = st;
    rc = info->parse(p, st);
    p->hook_op = NULL;
    if (rc && !p->failed) rc = irp_error(p, "failed to parse '%s'", info->name);
  } else {
    return irp_error(p, "expected operation name in quotes");
  }
  p->dialect = saved;
  p->hook_op = hook;
  if (rc) return -1;
  uint32_t loc;
  int r = irp_opt_loc(p, &loc);
  if (r < 0) return -1;
  if (r) {
    retarget_implicit(p, st, irp_loc_real(p, st->loc), loc);
    st->loc = loc;
  }
  if (ng && nexp != st->n_types)
    return irp_error_at(p, first_loc, "operation defines %u results but was provided %u to bind",
                        st->n_types, (uint32_t)nexp);
  if (count_values(p, st->n_types)) return -1;
  if (++p->names->n_ops > IR_MAX_COUNT) return irp_error(p, "too many operations");

  IrOpSpec s;
  memset(&s, 0, sizeof s);
  s.name = st->name;
  s.loc = irp_loc_real(p, st->loc);
  s.operands = st->operands;
  s.n_operands = st->n_operands;
  s.result_types = st->types;
  s.n_results = st->n_types;
  s.regions = st->regions;
  s.n_regions = st->n_regions;
  s.succs = st->succs;
  s.n_succs = st->n_succs;
  struct OpDictMemo *pd = NULL;
  if (st->n_props && st->n_props <= 4) {
    const IrNamedAttr *a = st->props, *z = a + st->n_props - 1;
    uint64_t h = ((uint64_t)a->attr << 32 | a->name) * 0x9E3779B97F4A7C15ull ^
                 ((uint64_t)z->attr << 32 | z->name) ^ st->n_props;
    pd = &p->cache->t.pdict[(h * 0xff51afd7ed558ccdull) >> 56];
  }
  if (!st->n_props) {
    s.props = 0;
  } else if (pd && pd->n == st->n_props && same_named(pd->e, st->props, st->n_props)) {
    s.props = pd->id;
  } else {
    s.props = irp_dict(p, st->props, st->n_props);
    if (pd && s.props) {
      irp_cache_touch(p, pd, sizeof *pd);
      pd->n = st->n_props;
      memcpy(pd->e, st->props, st->n_props * sizeof *st->props);
      pd->id = s.props;
    }
  }
  s.attrs = irp_dict(p, st->attrs, st->n_attrs);
  if ((st->n_props && !s.props) || (st->n_attrs && !s.attrs))
    return irp_error_at(p, st->loc, "duplicate attribute name");
  uint32_t op = irb_op(p->b, block, &s);
  uint32_t k = 0, r0 = ng ? irb_op_result(p->b, op, 0) : 0; /* results are consecutive */
  for (uint32_t i = 0; i < ng; i++)
    for (uint32_t j = 0; j < g[i].count; j++, k++)
      if (define_value(p, g[i].s, g[i].n, j, r0 + k, st->types[k], g[i].loc)) return -1;
  p->op_level--;
  release(p, m);
  irp_leave(p);
  return 0;
}

/* ====================================================================== */
/* Top level                                                              */
/* ====================================================================== */

static int alias_def(IrParser *p);

/* Index `#name =` at line starts from the lexer position to the end. */
static void scan_ahead(IrParser *p) {
  IrpNames *t = p->names;
  const char *q = p->cur, *e = p->end;
  uint32_t line = p->line;
  t->scanned = 1;
  for (;;) {
    const char *nl = memchr(q, '\n', (size_t)(e - q));
    if (!nl) return;
    q = nl + 1;
    line++;
    if (q >= e || *q != '#') continue;
    const char *n = q + 1, *ne = n;
    while (ne < e && (((*ne | 0x20) >= 'a' && (*ne | 0x20) <= 'z') || (*ne >= '0' && *ne <= '9') ||
                      *ne == '_' || *ne == '$' || *ne == '-'))
      ne++;
    const char *x = ne;
    while (x < e && (*x == ' ' || *x == '\t')) x++;
    if (ne == n || x >= e || *x != '=') continue;
    uint32_t name = ir_str(p->ctx, n, (size_t)(ne - n));
    if (map_get(&t->ahead, name) != IR_NONE) continue;
    struct Ahead a = {q, line, 0};
    map_put(&t->ahead, name, t->n_ahead);
    IR_VPUSH(t->defs_ahead, t->n_ahead, t->cap_ahead, a);
  }
}

int irp_loc_alias_ahead(IrParser *p, uint32_t name, uint32_t *loc) {
  IrpNames *t = p->names;
  if (!t->scanned) scan_ahead(p);
  uint32_t k = map_get(&t->ahead, name);
  if (k == IR_NONE || t->defs_ahead[k].done)
    return irp_error(p, "undefined symbol alias id '%s'", ir_str_ptr(p->ctx, name));
  /* parse the definition where it stands, then come back */
  IrTok tok = p->tok, tok2 = p->tok2;
  int has2 = p->has2;
  const char *cur = p->cur, *ls = p->line_start;
  uint32_t line = p->line;
  t->defs_ahead[k].done = 1;
  p->cur = p->line_start = t->defs_ahead[k].at;
  p->prev_ls = NULL;
  p->line = t->defs_ahead[k].line;
  p->has2 = 0;
  ir_lex(p, &p->tok);
  int r = alias_def(p);
  p->tok = tok;
  p->tok2 = tok2;
  p->has2 = has2;
  p->cur = cur;
  p->line_start = ls;
  p->prev_ls = NULL;
  p->line = line;
  if (r) return -1;
  *loc = irp_alias_loc(p, name);
  if (*loc == IR_NONE)
    return irp_error(p, "expected location, but '#%s' is not a location alias",
                     ir_str_ptr(p->ctx, name));
  return 0;
}

/* `#name = attr`, `#name = loc(...)` or `!name = type`. */
static int alias_def(IrParser *p) {
  IrTok t = p->tok;
  uint32_t t_line = p->line, t_col = (uint32_t)(tok_begin(&t) - p->line_start) + 1;
  int is_type = t.kind == IR_TK_BANG_ID;
  if (memchr(t.text, '.', t.len))
    return irp_error(p, "%s names with a '.' are reserved for dialect-defined names",
                     is_type ? "type" : "attribute");
  uint32_t name = ir_str(p->ctx, t.text, t.len);
  /* already parsed on demand (a location alias used before it)? */
  uint32_t k = is_type ? IR_NONE : map_get(&p->names->ahead, name);
  int again = k != IR_NONE && p->names->defs_ahead[k].done &&
              p->names->defs_ahead[k].at == t.text - 1 && irp_alias_loc(p, name) != IR_NONE;
  irp_next(p);
  irp_next(p); /* = */
  uint32_t id;
  int kind = is_type;
  if (is_type) {
    if (irp_type(p, &id)) return -1;
  } else {
    int r = irp_opt_loc(p, &id);
    if (r < 0) return -1;
    if (r) kind = 2;
    else if (irp_attr(p, 0, &id)) return -1;
  }
  if (again) return 0;
  if (irp_alias_define(p, kind, name, id))
    return irp_error_at(p, ir_loc_file(p->ctx, p->file, t_line, t_col),
                        "redefinition of %s alias id '%.*s'", is_type ? "type" : "attribute",
                        (int)t.len, t.text);
  /* the alias outlives the top op being parsed (a definition further on
   * is parsed at its first use): its location, and what came before it,
   * may not be dropped (ir_parse_pieces) */
  if (kind == 2) ir_loc_mark(p->ctx);
  return 0;
}

/* `{-# ... #-}`: file metadata (dialect resources). Skipped: nothing of it
 * is kept, but its tokens must be well formed. */
static int skip_metadata(IrParser *p) {
  irp_next(p);
  while (p->tok.kind != IR_TK_FILE_METADATA_END) {
    if (p->tok.kind == IR_TK_EOF) return irp_error(p, "expected '#-}' to end file metadata");
    if (p->tok.kind == IR_TK_ERROR) return -1;
    irp_next(p);
  }
  irp_next(p);
  return 0;
}

/* text with IR_LEX_PAD NUL bytes after it. Below the size of a mapping
 * of its own it is malloc'ed and only the padding is zeroed: a
 * --split-input-file chunk is copied so, and zeroing all of it first was
 * 4.0M of ir-asm's 276M instructions on the mixed bench corpus (91
 * chunks); a big one stays a big array of its own (ir_big_alloc). */
static char *copy_padded(const char *text, size_t len) {
  size_t n = len + IR_LEX_PAD;
  char *p = ir_big_mapped(n) ? ir_big_alloc(n) : ir_xmalloc(n);
  memcpy(p, text, len);
  memset(p + len, 0, IR_LEX_PAD);
  return p;
}

static void free_padded(char *p, size_t len) {
  if (!p) return;
  size_t n = len + IR_LEX_PAD;
  if (ir_big_mapped(n)) ir_big_free(p, n);
  else free(p);
}

/* MLIR: file:0:0 for a whole file; a --split-input-file chunk gets its
 * start, which is right after a `// -----` marker (column 9 when the
 * marker starts its line, as it nearly always does). */
/* The implicit module's location: file:0:0, or for a chunk of
 * --split-input-file that starts on line N > 1 (its `// -----` line),
 * N:9, just past the separator, which is what mlir-opt prints for it. Its
 * diagnostics still say 0:0 (the module's position in the chunk's own
 * buffer): see ir_loc_chunk_module. */
static uint32_t module_loc(IrCtx *c, uint32_t file, uint32_t line_first) {
  if (line_first <= 1) return ir_loc_file(c, file, 0, 0);
  return ir_loc_chunk_module(c, file, line_first);
}

uint32_t ir_parse_module_loc(IrCtx *c, const IrParseOpts *o) {
  const char *fname = o && o->filename ? o->filename : "-";
  uint32_t first = o && o->first_line ? o->first_line : 1;
  return module_loc(c, ir_cstr(c, fname), first);
}

/* A parser over text of len bytes (padded_in: followed by IR_LEX_PAD NUL
 * bytes, which save the lexer a bounds check per byte; else copied so),
 * at its first token; NULL (nothing set up) if the text is too large. */
/* What every parser has: its ctx, error sink, name tables (set up by the
 * caller), memo tables and the lexer at the first token of text, which
 * is followed by IR_LEX_PAD NUL bytes. */
static void parser_start(IrParser *p, IrpNames *names, IrCtx *c, IrDiag *d,
                         const char *fname, uint32_t first_line,
                         const char *text, size_t len) {
  memset(p, 0, sizeof *p);
  p->ctx = c;
  p->diag = d;
  p->fname = fname;
  p->line_first = first_line;
  p->names = names;
  p->cache = &tls_cache;
  p->tmemo = p->cache->t.tmemo;
  p->dialect = "builtin";
  ir_lex_init(p, text, len, first_line);
  ir_lex(p, &p->tok);
}

static char *parser_open(IrParser *p, IrpNames *names, IrCtx *c,
                         const char *text, size_t len, int padded_in,
                         const IrParseOpts *o, IrDiag *d, int *too_large) {
  const char *fname = o && o->filename ? o->filename : "-";
  *too_large = len >= LAZY_BIT;
  if (*too_large) {
    memset(p, 0, sizeof *p);
    p->fname = fname;
    return NULL;
  }
  char *padded = padded_in ? NULL : copy_padded(text, len);
  names_init(names);
  parser_start(p, names, c, d, fname, o && o->first_line ? o->first_line : 1,
               padded ? padded : text, len);
  p->file = ir_cstr(c, fname);
  p->allow_unregistered = o ? o->allow_unregistered : 0;
  p->b = irb_new(c);
  return padded;
}

static void parser_close(IrParser *p, char *padded, size_t len) {
  irb_free(p->b);
  names_free(p->names);
  cache_clean(p->cache);
  free_states(p);
  release(p, (Mark){NULL, 0});
  free(p->spare);
  free_padded(padded, len);
}

static IrModule *parse(IrCtx *c, const char *text, size_t len, int padded_in,
                       const IrParseOpts *o, IrDiag *d) {
  IrParser p;
  IrpNames names;
  int too_large;
  char *padded = parser_open(&p, &names, c, text, len, padded_in, o, d, &too_large);
  if (too_large) {
    ir_diag_at(d, p.fname, 0, 0, IR_SEV_ERROR, "input too large (%zu bytes)", len);
    return NULL;
  }
  /* Typical MLIR text spends 30-60 bytes per op; reserving for one op per
   * 32 bytes (untouched memory costs nothing) spares copying the builder's
   * arrays as they grow. */
  {
    uint64_t k = len / 32 + 16;
    if (k > IR_MAX_COUNT) k = IR_MAX_COUNT;
    irb_reserve(p.b, (uint32_t)k, (uint32_t)k, (uint32_t)(k + k / 2), (uint32_t)(k / 4));
  }

  uint32_t top = irb_region(p.b);
  uint32_t blk = irb_block(p.b, top);
  push_scope(&p, 1, top);
  while (!p.failed && p.tok.kind != IR_TK_EOF) {
    IrTokKind k = p.tok.kind;
    if ((k == IR_TK_HASH_ID || k == IR_TK_BANG_ID) && irp_peek2(&p)->kind == IR_TK_EQUAL) {
      alias_def(&p);
    } else if (k == IR_TK_FILE_METADATA_BEGIN) {
      skip_metadata(&p);
    } else {
      parse_op(&p, blk);
    }
  }
  if (!p.failed) pop_scope(&p);

  IrModule *m = NULL;
  if (!p.failed) {
    uint32_t root;
    uint32_t nops = irb_block_n_ops(p.b, blk);
    uint32_t first = nops ? irb_block_op(p.b, blk, 0) : IR_NONE;
    if (nops == 1 && ir_op_lookup(ir_str_ptr(c, irb_op_name(p.b, first)),
                                  ir_str_len(c, irb_op_name(p.b, first))) == IR_OP_MODULE) {
      root = first;
    } else {
      IrOpSpec s;
      memset(&s, 0, sizeof s);
      s.name = ir_cstr(c, "builtin.module");
      s.loc = module_loc(c, p.file, p.line_first);
      s.regions = &top;
      s.n_regions = 1;
      root = irb_op(p.b, IR_NONE, &s);
    }
    const char *why = NULL;
    m = irb_freeze_final(p.b, root, &why);
    if (!m)
      ir_diag_at(d, p.fname, 0, 0, IR_SEV_ERROR, "cannot build the module: %s",
                 why ? why : "unknown reason");
  }
  if (p.failed && d && !d->n_errors) /* never fail silently */
    ir_diag_at(d, p.fname, 0, 0, IR_SEV_ERROR, "parse failed");
  parser_close(&p, padded, len);
  return m;
}

IrModule *ir_parse(IrCtx *c, const char *text, size_t len, const IrParseOpts *o,
                   IrDiag *d) {
  return parse(c, text, len, 0, o, d);
}

IrModule *ir_parse_padded(IrCtx *c, const char *text, size_t len,
                          const IrParseOpts *o, IrDiag *d) {
  return parse(c, text, len, 1, o, d);
}

int ir_parse_pieces(IrCtx *c, const char *text, size_t len, int padded_in,
                    const IrParseOpts *o, IrPieceFn *fn, void *ud) {
  IrParser p;
  IrpNames names;
  IrDiag quiet;
  ir_diag_init(&quiet, NULL);
  int too_large;
  char *padded = parser_open(&p, &names, c, text, len, padded_in, o, &quiet, &too_large);
  if (too_large) return 0;

  uint32_t module = ir_cstr(c, "builtin.module");
  uint32_t top = irb_region(p.b);
  uint32_t blk = irb_block(p.b, top);
  push_scope(&p, 1, top);
  int ok = 1;
  while (ok && !p.failed && p.tok.kind != IR_TK_EOF) {
    IrTokKind k = p.tok.kind;
    if ((k == IR_TK_HASH_ID || k == IR_TK_BANG_ID) && irp_peek2(&p)->kind == IR_TK_EQUAL) {
      alias_def(&p);
      continue;
    }
    if (k == IR_TK_FILE_METADATA_BEGIN) {
      skip_metadata(&p);
      continue;
    }
    ir_loc_mark(c);
    parse_op(&p, blk);
    if (p.failed || quiet.n_total) break;
    /* op 0 of the piece holds the op, which must stand alone: a result
     * would be named in the module's scope, where later ops may use it */
    IrOpSpec s;
    memset(&s, 0, sizeof s);
    s.name = module;
    s.regions = &top;
    s.n_regions = 1;
    uint32_t root = irb_op(p.b, IR_NONE, &s);
    const char *why = NULL;
    IrModule *piece = irb_freeze(p.b, root, &why);
    ok = piece && piece->n_ops >= 2 && !piece->ops[1].n_results &&
         !piece->ops[1].n_succs && piece->ops[1].opc != IR_OP_MODULE &&
         fn(ud, piece) == 0;
    ir_module_free(piece);
    irb_reset(p.b);
    top = irb_region(p.b);
    blk = irb_block(p.b, top);
    names.region = top;
  }
  if (ok && !p.failed) pop_scope(&p);
  ok = ok && !p.failed && !quiet.n_total;
  parser_close(&p, padded, len);
  return ok;
}

/* ====================================================================== */
/* Text read from elsewhere                                               */
/* ====================================================================== */

/* The entry that pre + str's text + post parses to, alone and whole: a
 * type (is_type) or an attribute of type hint (0: none); 0 if it does
 * not parse, reporting nothing. A parser of its own, without the parts
 * an attribute or a type never reaches (builder, op states, file name,
 * the tables of SSA names: empty ones find no alias, which is all an
 * attribute or a type asks of them). Most such text is short and takes
 * no allocation (2,000 tiny modules with 5 entries each: ir-dis 8.9 ms
 * unchecked, 12.7 with a full parser set-up per entry). */
static uint32_t reparse(IrCtx *c, const char *pre, uint32_t str,
                        const char *post, int is_type, uint32_t hint) {
  size_t np = strlen(pre), ns = ir_str_len(c, str), nq = strlen(post);
  size_t len = np + ns + nq;
  if (len >= LAZY_BIT) return 0;
  char small[256];
  char *text = len + IR_LEX_PAD <= sizeof small ? small : ir_xmalloc(len + IR_LEX_PAD);
  memcpy(text, pre, np);
  memcpy(text + np, ir_str_ptr(c, str), ns);
  memcpy(text + np + ns, post, nq);
  memset(text + len, 0, IR_LEX_PAD);
  IrParser p;
  IrpNames names;
  IrDiag quiet;
  ir_diag_init(&quiet, NULL);
  memset(&names, 0, sizeof names);
  parser_start(&p, &names, c, &quiet, "-", 1, text, len);
  p.allow_unregistered = 1; /* what is asked is the syntax, of any dialect */
  uint32_t id = 0;
  int r = is_type ? irp_type(&p, &id) : irp_attr(&p, hint, &id);
  if (r || p.failed || quiet.n_total || p.tok.kind != IR_TK_EOF) id = 0;
  parser_close(&p, NULL, 0);
  if (text != small) free(text);
  return id;
}

/* An attribute's type as its printed form shows it: `none` is not shown
 * (`opaque<"x"> : none` prints as `opaque<"x">`). */
static uint32_t shown_type(const IrCtx *c, uint32_t t) {
  return t && ir_type(c, t)->kind == IR_T_NONE ? 0 : t;
}

int ir_type_text_sound(IrCtx *c, const IrType *t) {
  if (t->kind != IR_T_OPAQUE) return 1;
  uint32_t id = reparse(c, "", t->text, "", 1, 0);
  const IrType *r = id ? ir_type(c, id) : NULL;
  return r && r->kind == IR_T_OPAQUE && r->text == t->text;
}

int ir_attr_text_sound(IrCtx *c, const IrAttr *a) {
  const char *pre = "", *post = "";
  switch (a->kind) {
  case IR_A_DENSE: pre = "dense<", post = ">"; break;
  case IR_A_AFFINE_MAP: pre = "affine_map<", post = ">"; break;
  case IR_A_AFFINE_SET: pre = "affine_set<", post = ">"; break;
  case IR_A_OPAQUE: break;
  default: return 1;
  }
  uint32_t id = reparse(c, pre, a->str, post, 0, a->type);
  const IrAttr *r = id ? ir_attr(c, id) : NULL;
  return r && r->kind == a->kind && r->str == a->str &&
         shown_type(c, r->type) == shown_type(c, a->type);
}
