/*
 * irint.h - libir's internal header: memory helpers, and the contract between
 * the text parser / printer cores (parse*.c, print*.c) and the per-dialect
 * custom syntax files (syntax_*.c). Not installed; tools and passes use ir.h.
 *
 * Cross-file prototypes are grouped by the .c file that defines them.
 */
#ifndef IRINT_H
#define IRINT_H

/* IR_ASAN: built with AddressSanitizer (gcc or clang). Memory that libir
 * keeps for reuse is then freed instead, so the sanitizer sees each
 * allocation come and go. */
#ifdef __has_feature
#if __has_feature(address_sanitizer)
#define IR_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(IR_ASAN)
#define IR_ASAN 1
#endif

#include <stdbool.h>
#include <string.h>

#include "ir.h"

/* ====================================================================== */
/* mem.c: checked allocation, growable vectors, arena                     */
/* ====================================================================== */

/* malloc/realloc that die on exhaustion (sizes are bounded by the readers,
 * so running out of memory is not an input error we can report). */
void *ir_xmalloc(size_t n);
void *ir_xcalloc(size_t n, size_t sz);
void *ir_xrealloc(void *p, size_t n);

/* Grow `*p` (elements of `sz` bytes, capacity *cap) to hold `need`. */
void ir_vgrow(void **p, uint32_t *cap, uint32_t need, size_t sz);
#define IR_VPUSH(arr, n, cap, x)                                              \
  do {                                                                       \
    if ((n) >= (cap)) ir_vgrow((void **)&(arr), &(cap), (n) + 1, sizeof *(arr)); \
    (arr)[(n)++] = (x);                                                      \
  } while (0)

/* Big arrays: zeroed; those of 2 MB or more are mapped (zero pages come
 * lazily) and advised to use transparent huge pages where available
 * (mem.c). Pass the size in bytes back to realloc and free. ir_big_vgrow
 * is ir_vgrow for them; ir_big_vgrow_raw leaves the new entries unwritten
 * (for arrays whose entries are written before they are read). */
void *ir_big_alloc(size_t n);
/* ir_big_alloc without the zeroing (under ASan: a pattern), for arrays
 * whose entries are written before they are read. */
void *ir_big_alloc_raw(size_t n);
void *ir_big_realloc(void *p, size_t old, size_t n);
void ir_big_free(void *p, size_t n);
void ir_big_vgrow(void **p, uint32_t *cap, uint32_t need, size_t sz);
void ir_big_vgrow_raw(void **p, uint32_t *cap, uint32_t need, size_t sz);
/* --- page moving (mem6) ---
 * Whether an allocation of n bytes by ir_big_alloc is a mapping of its own
 * (else malloc'ed: small, or a sanitizer build). */
int ir_big_mapped(size_t n);
/* Move the whole pages of [src, src + n) onto the whole pages from dst on,
 * at most up to dst_end, both inside mapped big arrays; the source range
 * reads as zeroes afterwards, the destination holds the old bytes of the
 * source. Returns the bytes moved (whole pages from src, maybe 0). */
size_t ir_big_move_pages(char *src, size_t n, char *dst, char *dst_end);
/* Whether module m is one mapped allocation (module.c), so that pages may
 * be moved into its arrays. */
int ir_module_mapped(const IrModule *m);

/* A bump arena: many small allocations freed at once. */
typedef struct IrArena {
  struct IrArenaChunk *head;
} IrArena;
void *ir_arena_alloc(IrArena *a, size_t n);   /* 16-byte aligned, zeroed */
char *ir_arena_strdup(IrArena *a, const char *s, size_t n);
void ir_arena_free(IrArena *a);
void ir_arena_reset(IrArena *a);   /* free all but the newest chunk, empty */

/* What the ctx's list accessors (ir_type_list, ir_attr_u32 ...) return for
 * an empty list, so callers may offset them (`list + n`) without
 * arithmetic on a null pointer. */
extern const uint32_t ir_empty_u32[1];
extern const int64_t ir_empty_i64[1];

/* 64-bit hash of bytes (XXH3-class quality is not needed here; libir has no
 * dependency on xxHash, only format/ does). */
uint64_t ir_hash_bytes(const void *p, size_t n, uint64_t seed);

/* ir_dict_getc / ir_op_prop for names with static storage (literals):
 * cached by address alone (ctx_attr.c). libir's hooks and verifier use
 * them; code that may pass a reused buffer uses the ir.h forms. */
uint32_t ir_dict_get_lit(const IrCtx *c, uint32_t dict, const char *lit);
uint32_t ir_op_prop_lit(const IrModule *m, uint32_t op, const char *lit);

/* ====================================================================== */
/* The parser contract (parse.c, lex.c, parse_type.c, parse_attr.c)       */
/* ====================================================================== */

typedef enum {
  IR_TK_EOF, IR_TK_ERROR,
  IR_TK_BARE_ID,     /* foo, foo.bar, i32, index, dense, true ... */
  IR_TK_PERCENT_ID,  /* %name, %0 (text excludes the %) */
  IR_TK_CARET_ID,    /* ^bb0 */
  IR_TK_AT_ID,       /* @sym or @"quoted" (text is the unquoted name) */
  IR_TK_HASH_ID,     /* #alias or #dialect.attr (text excludes the #) */
  IR_TK_BANG_ID,     /* !alias or !dialect.type */
  IR_TK_INT,         /* 42, 0x2A (text as written; sign is a separate '-') */
  IR_TK_FLOAT,       /* 1.0, 1.5e-3 */
  IR_TK_STRING,      /* "..." (text is the raw quoted body, escapes kept) */
  IR_TK_ARROW,       /* -> */
  IR_TK_LPAREN, IR_TK_RPAREN, IR_TK_LBRACE, IR_TK_RBRACE,
  IR_TK_LSQUARE, IR_TK_RSQUARE, IR_TK_LESS, IR_TK_GREATER,
  IR_TK_COLON, IR_TK_COMMA, IR_TK_EQUAL, IR_TK_PLUS, IR_TK_MINUS,
  IR_TK_STAR, IR_TK_QUESTION, IR_TK_VBAR, IR_TK_DOT,
  IR_TK_FILE_METADATA_BEGIN, /* {-# */
  IR_TK_FILE_METADATA_END,   /* #-} */
} IrTokKind;

/* A token has no line and column of its own: the lexer stays right after
 * the current token, so IrParser.line and .line_start are its line (a
 * store of both per token was ~2% of ir-asm). */
typedef struct IrTok {
  IrTokKind kind;
  const char *text;  /* points into the source */
  uint32_t len;
} IrTok;

/* A use of an SSA name before its type is known: `%name` or `%name#k`. */
typedef struct IrRef {
  const char *name;  /* points into the source, without the % */
  uint32_t len;
  uint32_t num;      /* the #k suffix, 0 if none */
  uint32_t loc;      /* location of the use, for diagnostics */
} IrRef;

/* A definition of an entry block argument in custom syntax: `%x : type`
 * (type may be filled in later), with optional attributes and location. */
typedef struct IrArgDef {
  IrRef ref;
  uint32_t type;
  uint32_t attrs;    /* DICT attr or 0 (func.func argument attributes) */
  uint32_t loc;
} IrArgDef;

typedef struct IrNamedAttr {
  uint32_t name;     /* string id */
  uint32_t attr;
} IrNamedAttr;

/* What a custom parse hook fills in; the parser core then creates the op.
 * The core has already parsed the result list (`%a, %b:2 =`) and the op
 * name, and set name, opc, loc and n_results_expected. Use the irp_add_*
 * functions; they grow the arrays. */
struct IrOpState {
  uint32_t name, opc, loc;
  uint32_t n_results_expected;  /* from the `%a, %b:2 =` list (0 if none) */
  uint32_t *operands;   uint32_t n_operands, cap_operands;   /* values */
  uint32_t *types;      uint32_t n_types, cap_types;         /* results */
  uint32_t *regions;    uint32_t n_regions, cap_regions;     /* detached */
  IrBSucc *succs;       uint32_t n_succs, cap_succs;
  IrNamedAttr *props;   uint32_t n_props, cap_props;
  IrNamedAttr *attrs;   uint32_t n_attrs, cap_attrs;
};

/* irp_add_operand and irp_add_result_type are inline (a push; the call
 * was most of their cost, once per operand and result). */
static inline void irp_add_operand(IrOpState *st, uint32_t value) {
  IR_VPUSH(st->operands, st->n_operands, st->cap_operands, value);
}
static inline void irp_add_result_type(IrOpState *st, uint32_t type) {
  IR_VPUSH(st->types, st->n_types, st->cap_types, type);
}
void irp_add_region(IrOpState *st, uint32_t region);
/* Successor: `block` with `count` operands starting at operand `first`. */
void irp_add_succ(IrOpState *st, uint32_t block, uint32_t first, uint32_t count);
/* Properties by C-string name (a literal: see irp_cstr). A later add with
 * the same name replaces. */
void irp_add_prop(IrParser *p, IrOpState *st, const char *name, uint32_t attr);
void irp_add_attr(IrParser *p, IrOpState *st, const char *name, uint32_t attr);
/* Set `operandSegmentSizes` to array<i32: sizes...>. */
void irp_set_segments(IrParser *p, IrOpState *st, uint32_t n, const int64_t *sizes);

/* Accessors for hooks. */
/* irp_ctx, irp_builder, irp_peek (the current token), irp_consume and
 * irp_expect are inline functions, defined after struct IrParser below. */
const IrTok *irp_peek2(IrParser *p);           /* the one after it */
void irp_next(IrParser *p);                    /* consume one token */
/* Position of the current token, as a cheap "lazy" location: use it with
 * irp_error_at, IrArgDef.loc, IrOpState.loc, irp_ensure_terminator; store
 * it anywhere else (e.g. an IrOpSpec built by a hook) only through
 * irp_loc_real, which interns it as a real file:line:col location. */
uint32_t irp_loc_here(IrParser *p);
uint32_t irp_loc_real(IrParser *p, uint32_t loc);

/* All irp_* parsing functions return 0 on success and -1 after reporting an
 * error at the offending token ("expected ..." in MLIR's words). The
 * irp_opt_* / irp_consume* forms return 1 if present and consumed, 0 if
 * absent (nothing consumed), -1 on error. */
int irp_error(IrParser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int irp_error_at(IrParser *p, uint32_t loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A note attached to the error just reported (MLIR's attachNote), e.g. at
 * the prior definition of a value. */
void irp_note_at(IrParser *p, uint32_t loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* An error that does not end the parse: the first of two MLIR reports for
 * one problem; the second goes through irp_error*. */
void irp_report_at(IrParser *p, uint32_t loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* irp_consume(p, k): 1 / 0;  irp_expect(p, k, what): 0 / -1 */
/* irp_consume_kw(p, kw): the current token is the bare id kw (inline,
 * below, so a literal's length folds) */
int irp_expect_kw(IrParser *p, const char *kw);
/* irp_expect_kw, irp_keyword and irp_int report a miss in a custom op's
 * parser as MLIR's OpAsmParser does (irp_ask_error: see hook_op);
 * attributes and types, which MLIR's own parser reads, use irp_error. */
int irp_ask_error(IrParser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A bare identifier (keyword) of any spelling; *s and *n point into source. */
int irp_keyword(IrParser *p, const char **s, uint32_t *n);
int irp_opt_keyword(IrParser *p, const char **s, uint32_t *n);

int irp_int(IrParser *p, int64_t *v);             /* optional leading '-' */
int irp_opt_int(IrParser *p, int64_t *v);
int irp_string(IrParser *p, uint32_t *str);       /* "..." -> interned, unescaped */
int irp_symbol(IrParser *p, uint32_t *str);       /* @name -> interned name */
int irp_opt_symbol(IrParser *p, uint32_t *str);

int irp_ref(IrParser *p, IrRef *r);               /* %name[#k] */
int irp_opt_ref(IrParser *p, IrRef *r);
/* Comma separated refs until the next token is not a % id (0 or more). */
int irp_ref_list(IrParser *p, IrRef **refs, uint32_t *n);
/* Resolve a use to a value of the given type: an existing value (type must
 * match, else "use of value '%x' expects different type than prior uses")
 * or a forward-reference placeholder. */
int irp_resolve(IrParser *p, const IrRef *r, uint32_t type, uint32_t *value);
int irp_resolve_list(IrParser *p, const IrRef *refs, uint32_t n,
                     const uint32_t *types, uint32_t ntypes, IrOpState *st);

int irp_type(IrParser *p, uint32_t *type);
int irp_opt_type(IrParser *p, uint32_t *type);   /* 0 if next can't start a type */
/* Comma separated types: `t1, t2` (0 or more are accepted if allow_empty) */
int irp_type_list(IrParser *p, uint32_t **types, uint32_t *n);
/* `(t1, t2)` or a single type `t` (function result style) */
int irp_type_list_parens(IrParser *p, uint32_t **types, uint32_t *n);
/* A function type `(ins) -> outs`. */
int irp_function_type(IrParser *p, uint32_t *type);

/* An attribute; `type_hint` is used for integer/float literals without a
 * `: type` suffix (0 = default: i64 / f64). */
int irp_attr(IrParser *p, uint32_t type_hint, uint32_t *attr);
int irp_opt_attr_dict(IrParser *p, IrNamedAttr **list, uint32_t *n);
/* `{...}` if present, merged into st: inherent names of st->opc go to
 * props, others to attrs. */
/* (inline below: most ops have no `{`) */
static inline int irp_opt_attr_dict_into(IrParser *p, IrOpState *st);
int irp_opt_attr_dict_into_slow(IrParser *p, IrOpState *st);
/* `attributes {...}` if present, merged the same way. */
int irp_opt_attr_dict_with_keyword_into(IrParser *p, IrOpState *st);
/* Build a DICT attr from a list. */
uint32_t irp_dict(IrParser *p, const IrNamedAttr *list, uint32_t n);

/* `%x : type` (type required if with_type) with optional `{attrs}` and
 * `loc(...)` when allow_attrs. */
int irp_arg_def(IrParser *p, IrArgDef *a, int with_type, int allow_attrs);

/* Parse `{ ... }` into `region` (a detached builder region). If entry args
 * are given they become the entry block's arguments (bound in the region's
 * scope); the region may then not start with a block label that has
 * arguments. `isolated`: the region belongs to an isolated op; as in MLIR's
 * parser, outer names stay visible (the verifier reports such uses). An empty `{}`
 * region has no blocks unless entry args are given. */
int irp_region(IrParser *p, uint32_t region, const IrArgDef *args,
               uint32_t n_args, int isolated);
/* `^bb` successor reference (forward references allowed). */
int irp_successor(IrParser *p, uint32_t *block);
/* `^bb(%a, %b : t1, t2)`, a successor with optional operands, read by
 * irp_successor_refs (refs and types live in the op's scratch memory) and
 * appended to st by irp_resolve_successor (operands and a successor
 * entry): MLIR's declarative formats resolve every operand at the end of
 * the op, after anything else in its syntax could fail. */
typedef struct IrSuccRefs {
  uint32_t block;
  IrRef *refs;       uint32_t n;
  uint32_t *types;   uint32_t n_types;
  uint32_t loc;      /* where the operand list starts */
} IrSuccRefs;
int irp_successor_refs(IrParser *p, IrSuccRefs *s);
/* Counts that differ are reported at loc, or at the list if loc is 0. */
int irp_resolve_successor(IrParser *p, IrOpState *st, const IrSuccRefs *s, uint32_t loc);
/* If a block of `region` is empty or does not end in an op named `term`,
 * append `term` with no operands (MLIR's implicit terminators). */
void irp_ensure_terminator(IrParser *p, uint32_t region, const char *term,
                           uint32_t loc);
/* Location of the op being parsed may be overridden by a trailing
 * `loc(...)`; the core handles that after the hook returns. */

/* A small cache of pure interning results (attributes a hook builds from
 * a few numbers, like `#arith.fastmath<none>`): key words -> id, 0 if not
 * cached. key[0] says what the key is: hooks use IRP_MEMO_HOOKS and up.
 * n <= IRP_MEMO_WORDS. A store may evict another key. */
#define IRP_MEMO_WORDS 9
#define IRP_MEMO_HOOKS 16  /* +0: arith flags; +1: number literals; +2: memref i64 arrays */
uint32_t irp_memo_find(IrParser *p, const uint32_t *key, uint32_t n);
void irp_memo_store(IrParser *p, const uint32_t *key, uint32_t n, uint32_t id);
/* The string id of a C string, cached by address: pass only strings that
 * keep their address and bytes while the parser lives (literals, such as
 * the op and attribute names hooks use). irp_add_prop, irp_add_attr take
 * their names the same way. */
uint32_t irp_cstr(IrParser *p, const char *s);

/* The core's generic-form parser, usable by hooks of ops that fall back to it. */
int irp_generic_op_body(IrParser *p, IrOpState *st);

/* Hook tables exported by syntax_*.c: one entry per op they implement,
 * terminated by a NULL name. registry.c merges them into IrOpInfo. */
typedef struct IrOpHooks {
  const char *name;
  int (*parse)(IrParser *p, IrOpState *st);
  void (*print)(IrPrinter *w, const IrModule *m, uint32_t op);
  void (*asm_names)(IrPrinter *w, const IrModule *m, uint32_t op);
  int (*verify)(const IrModule *m, uint32_t op, IrDiag *d);
} IrOpHooks;

/* An op's MLIR verifyRegions, by name (IrOpInfo.verify_regions); the op
 * also has a verify hook. */
typedef struct IrRegionHook {
  const char *name;
  int (*verify_regions)(const IrModule *m, uint32_t op, IrDiag *d);
} IrRegionHook;

/* ---------------------------------------------------------------------- */
/* Parser internals shared by lex.c and parse*.c only (hooks must keep to */
/* the irp_* API above).                                                  */
/* ---------------------------------------------------------------------- */

typedef struct IrpNames IrpNames;     /* SSA / block name tables (parse.c) */
typedef struct IrpChunk IrpChunk;     /* scratch memory chunk (parse.c) */
typedef struct IrpCache IrpCache;     /* the memo tables (parse.c) */

/* Type spellings seen (parse_type.c): a direct-mapped cache from source
 * bytes to type id, so `memref<?xf32>` is parsed once, not at every use;
 * w0, w1: the first 16 bytes, zero padded; s NULL: an empty entry. It is
 * one of the memo tables of IrpCache. */
#define IRP_TMEMO_N 1024
struct IrpTypeMemo {
  const char *s;
  uint32_t n, type;
  uint64_t w0, w1;
};

struct IrParser {
  IrCtx *ctx;                /* interns everything parsed */
  IrBuilder *b;              /* receives ops, blocks, regions, values */
  IrDiag *diag;              /* error sink */
  const char *fname;         /* file name for diagnostics */
  uint32_t file;             /* its string id, for locations */
  int allow_unregistered;    /* IrParseOpts.allow_unregistered */
  /* lexer state (lex.c) */
  const char *buf, *end;     /* the input; not NUL-terminated */
  const char *cur;           /* next byte to lex */
  const char *line_start;    /* first byte of the line holding `cur` */
  const char *prev_ls;       /* first byte of the line before it, or NULL
                                (after a jump) */
  uint32_t line;             /* line number of `cur` (first_line based) */
  uint32_t line_first;       /* line number of the first byte of `buf` */
  IrTok tok;                 /* current token */
  IrTok tok2;                /* lookahead token (irp_peek2): valid when */
  int has2;                  /* has2 and tok2_from is `cur`; the lexer */
  const char *tok2_from;     /* itself stays right after `tok` */
  int lex_failed;            /* the lexer reported an error: it returns
                                ERROR tokens from then on */
  /* parser state (parse.c) */
  int failed;                /* an error was reported: everything unwinds */
  uint32_t depth;            /* nesting of regions, attributes and types */
  const IrOpState *hook_op;  /* the op whose custom parser is
                                running, NULL elsewhere (in the generic
                                form, in a region): what that parser asks
                                for and misses is MLIR's OpAsmParser
                                error, "custom op 'name' " at the token */
  const char *dialect;       /* default dialect of the current region */
  uint32_t dialect_len;      /* its length */
  IrpNames *names;           /* SSA values, blocks, aliases */
  IrpChunk *chunks;          /* scratch chunks, newest first */
  IrpChunk *spare;           /* one released chunk kept for reuse */
  IrOpState **states;        /* one reusable op state per op nesting level */
  uint32_t n_states;         /* allocated entries of `states` */
  uint32_t op_level;         /* current op nesting level */
  IrpCache *cache;           /* this thread's memo tables */
  struct IrpTypeMemo *tmemo; /* their type memo, IRP_TMEMO_N entries */
};
/* Note that memo entry `at` (size bytes) was written: the parse's end
 * empties it again (parse.c). */
void irp_cache_touch(IrParser *p, void *at, size_t size);

/* The token API's hottest entries, inline: a hook calls them for nearly
 * every token, and the call was a good part of their cost. */
static inline IrCtx *irp_ctx(IrParser *p) { return p->ctx; }
static inline IrBuilder *irp_builder(IrParser *p) { return p->b; }
static inline const IrTok *irp_peek(IrParser *p) { return &p->tok; }
static inline int irp_consume(IrParser *p, IrTokKind k) {
  if (p->tok.kind != k) return 0;
  irp_next(p);
  return 1;
}
static inline int irp_tok_is_kw(const IrTok *t, const char *kw) {
  size_t n = strlen(kw);
  return t->kind == IR_TK_BARE_ID && t->len == n && memcmp(t->text, kw, n) == 0;
}
static inline int irp_consume_kw(IrParser *p, const char *kw) {
  if (!irp_tok_is_kw(&p->tok, kw)) return 0;
  irp_next(p);
  return 1;
}
static inline int irp_opt_attr_dict_into(IrParser *p, IrOpState *st) {
  if (p->tok.kind != IR_TK_LBRACE) return 0;
  return irp_opt_attr_dict_into_slow(p, st);
}
int irp_expect_fail(IrParser *p, const char *what);  /* the error of: */
static inline int irp_expect(IrParser *p, IrTokKind k, const char *what) {
  if (p->tok.kind != k) return irp_expect_fail(p, what);
  irp_next(p);
  return 0;
}

/* lex.c */
/* text[len .. len + IR_LEX_PAD) must be NUL bytes: the lexer's loops stop
 * on them instead of testing for the end (ir_parse copies its input so). */
#define IR_LEX_PAD 16
_Static_assert(IR_LEX_PAD <= IR_PARSE_PAD, "IrParseOpts.padded pads too little");
void ir_lex_init(IrParser *p, const char *text, size_t len, uint32_t first_line);
/* Lex the token at p->cur into *t. */
void ir_lex(IrParser *p, IrTok *t);
/* Drop any lookahead and lex p->tok at `at`. */
/* The implicit module's location of a --split-input-file chunk starting
 * on line N > 1: N:9, which diagnostics print as 0:0 (ctx_loc.c). */
uint32_t ir_loc_chunk_module(IrCtx *c, uint32_t file_str, uint32_t line);
void ir_lex_at(IrParser *p, const char *at);
/* Restart lexing at `at`, a byte inside the current token (how MLIR splits
 * `4x8xf32` into dimensions); relexes p->tok. Bare ids and ints only. */
void ir_lex_reset(IrParser *p, const char *at);
/* Restart lexing at `at`, anywhere at or after the current token. */
void ir_lex_seek(IrParser *p, const char *at);
/* Unescape a string token body (MLIR escapes: \" \\ \n \t \XX) into an
 * interned string. */
uint32_t ir_lex_unescape(IrCtx *c, const char *s, uint32_t n);

/* parse.c internals */
void *irp_scratch(IrParser *p, size_t n);          /* freed per op */
int irp_enter(IrParser *p);                        /* depth++ or error */
static inline void irp_leave(IrParser *p) { p->depth--; }
/* `#name` / `!name` alias tables (name = string id without the sigil);
 * IR_NONE if undefined. kind: 0 attribute, 1 type, 2 location. */
uint32_t irp_alias_attr(IrParser *p, uint32_t name);
uint32_t irp_alias_type(IrParser *p, uint32_t name);
uint32_t irp_alias_loc(IrParser *p, uint32_t name);
int irp_alias_define(IrParser *p, int kind, uint32_t name, uint32_t id);
/* A location alias used before its top-level definition: parse that
 * definition now (MLIR prints location aliases after the module). */
int irp_loc_alias_ahead(IrParser *p, uint32_t name, uint32_t *loc);
/* Value of an INT token (decimal or 0x hex); -1 if it exceeds 64 bits. */
int irp_tok_u64(const IrTok *t, uint64_t *v);
/* Lazy location of a source position (see parse.c). */
uint32_t irp_lazy_loc(IrParser *p, const char *at);
/* Skip a balanced `<...>` dialect body starting at the current `<` token:
 * *end receives the byte after the closing `>`; lexing resumes there. */
int irp_skip_body(IrParser *p, const char **end);
/* `affine_map<...>` (k IR_A_AFFINE_MAP) or `affine_set<...>` at the
 * current token, the keyword (parse_affine.c). */
int irp_affine(IrParser *p, IrAttrKind k, uint32_t *out);
/* The affine expression grammar's high precedence operator at t (`*`,
 * floordiv, ceildiv, mod: its spelling), or NULL. */
const char *irp_affine_high_op(const IrTok *t);
/* Its affine-ness rule, op at oloc with operands *lsym and rsym symbolic
 * (holding no dimension): a product needs one side symbolic or constant,
 * a division or modulo its right side. Reports and returns -1 when broken;
 * else 0 and *lsym is the result's. */
int irp_affine_rule(IrParser *p, uint32_t oloc, const char *op, int *lsym, int rsym);
/* Does the current token start a type? */
int irp_at_type(IrParser *p);

/* parse_attr.c internals */
/* `loc(...)` if the current token is `loc` followed by `(`: 1 and *loc set,
 * 0 if absent, -1 on error. */
int irp_opt_loc_slow(IrParser *p, uint32_t *loc);
/* Inline front: after nearly every op, the next token is not `loc`. */
static inline int irp_opt_loc(IrParser *p, uint32_t *loc) {
  if (p->tok.kind != IR_TK_BARE_ID || p->tok.len != 3) return 0;
  return irp_opt_loc_slow(p, loc);
}
/* Location body after `loc(` up to and including `)`. */
int irp_loc_body(IrParser *p, uint32_t *loc);
/* A dialect type or attribute spelled s[0, n) (from its '!' or '#' to the
 * end of its body): an error, as in MLIR, if its dialect is not one
 * mlir-opt-22 registers and unregistered dialects are not allowed. */
int irp_check_dialect(IrParser *p, const char *s, size_t n);
/* v rounded to the precision of float type t (f16, bf16, f32, ...). */
double irp_round_float(const IrCtx *c, uint32_t t, double v);
/* The value of float type t whose bits are hi:lo (irw_float_from_bits);
 * -1 if t is no float type or the bits are wider than it. */
int irp_float_from_bits(const IrCtx *c, uint32_t t, uint64_t hi, uint64_t lo, double *v);
/* A hex integer token `0x...` of up to 128 bits into hi:lo; -1 if wider. */
int irp_tok_u128(const IrTok *t, uint64_t *hi, uint64_t *lo);

/* dense.c: dense<> elements in MLIR's storage, raw little-endian bytes.
 * ir_dense_width: bits MLIR stores an element of type t in (1 for i1,
 * packed 8 to a byte; whole bytes else: a complex's parts each take
 * whole bytes, complex<i3> two);
 * 0 for types it stores no other way than text. ir_dense_scalar: the
 * scalar type (t, or a complex's part) if elements of t go between
 * storage and text exactly here (integers up to 64 bits, index, f16,
 * bf16, f32, f64, complex of those with parts of whole bytes), else 0.
 * store/load/spell: scalar i of scalar type t in raw
 * (a complex's parts are scalars 2i and 2i + 1); spell writes it as MLIR
 * prints it (out: 96 bytes). */
/* MLIR prints the elements as hex beyond this many (its
 * -mlir-print-elementsattrs-with-hex-if-larger, default 100), unless all
 * are equal; the body kept is that text. */
#define IR_DENSE_HEX_OVER 100
uint32_t ir_dense_width(const IrCtx *c, uint32_t t);
uint32_t ir_dense_scalar(const IrCtx *c, uint32_t t);
void ir_dense_store(const IrCtx *c, uint32_t t, uint8_t *raw, uint64_t i,
                    int64_t iv, double fv);
void ir_dense_load(const IrCtx *c, uint32_t t, const uint8_t *raw, uint64_t i,
                   int64_t *iv, double *fv);
size_t ir_dense_spell(const IrCtx *c, uint32_t t, const uint8_t *raw, uint64_t i, char *out);
/* The raw bytes (malloc'ed, *nbytes of them) of dense attribute attr if
 * its body is the hex form (ir_dense_hex_text, ir.h), else NULL. */
uint8_t *ir_dense_hex_raw(const IrCtx *c, uint32_t attr, size_t *nbytes);
/* v (of float type t) spelled the way MLIR prints floats: 1.000000e+00 when
 * that round-trips, else the shortest exact decimal, else hex bits. */
void irp_format_float(const IrCtx *c, uint32_t t, double v, char *out, size_t cap);

/* ====================================================================== */
/* The printer contract (print.c, print_type.c, print_attr.c)             */
/* ====================================================================== */

/* How a custom `print` hook is called (as MLIR's printAssembly): the core
 * has already printed the indentation, the result list (`%a, %b:2 = `) and
 * the op name, with the default dialect dropped as MLIR does (`return` and
 * `call` directly inside func.func, `module` inside a module). The hook
 * prints everything after the name, starting with the space MLIR prints
 * (e.g. ` %0 : memref<2xf32>`), and no trailing newline; the core then adds
 * ` loc(...)` when debuginfo is on. A hook may instead fall back to the
 * generic form by calling irw_generic_op(w, m, op) before printing anything
 * else (the name is emitted lazily, so it is then replaced by the quoted
 * generic name). asm_names hooks run before any printing, once per op
 * (never in generic form), and only call irw_set_name. Hooks must print
 * every value with irw_value* and every type / attribute with irw_type /
 * irw_attr*, because the core runs them once more without output to collect
 * the `#map` aliases in MLIR's order. */

/* Raw output. */
void irw_str(IrPrinter *w, const char *s);
void irw_mem(IrPrinter *w, const char *s, size_t n);
/* The output buffer, the first member of IrPrinter (print.h), so that the
 * hooks' many short literal writes are a few inline instructions. */
typedef struct IrwOut {
  char *buf;            /* output buffer */
  size_t len;           /* bytes pending in buf */
  size_t lim;           /* its size, or 0 to force the slow path */
} IrwOut;
static inline void irw_lit(IrPrinter *w, const char *s, size_t n) {
  IrwOut *o = (IrwOut *)(void *)w;
  if (o->len + n <= o->lim) {
    memcpy(o->buf + o->len, s, n);
    o->len += n;
  } else {
    irw_mem(w, s, n);
  }
}
/* irw_str of a literal: the length is a compile-time constant, and the
 * copy inline. */
#define irw_str(w, s) irw_lit((w), (s), strlen(s))
void irw_fmt(IrPrinter *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void irw_i64(IrPrinter *w, int64_t v);
void irw_newline(IrPrinter *w);          /* newline + current indentation */
IrCtx *irw_ctx(IrPrinter *w);
int irw_generic(IrPrinter *w);           /* printing in generic form? */

/* IR entities. */
void irw_value(IrPrinter *w, uint32_t v);                 /* %name */
void irw_values(IrPrinter *w, const uint32_t *vals, uint32_t n); /* a, b */
/* ` loc(...)` of block argument v when printing debug info (MLIR's
 * printRegionArgument and block headers print it after the type and the
 * argument attributes); nothing otherwise. */
void irw_arg_loc(IrPrinter *w, uint32_t v);
void irw_operands(IrPrinter *w, const IrModule *m, uint32_t op,
                  uint32_t first, uint32_t n);             /* operand list */
void irw_type(IrPrinter *w, uint32_t type);
void irw_types(IrPrinter *w, const uint32_t *types, uint32_t n); /* t1, t2 */
/* Types of values. */
void irw_value_types(IrPrinter *w, const IrModule *m, const uint32_t *vals,
                     uint32_t n);
/* Result types of an op: `t` for one non-function result, `(t1, t2)` else. */
void irw_result_types(IrPrinter *w, const IrModule *m, uint32_t op);
void irw_attr(IrPrinter *w, uint32_t attr);
/* Attribute without its `: type` suffix where MLIR elides it. */
void irw_attr_notype(IrPrinter *w, uint32_t attr);
void irw_symbol(IrPrinter *w, uint32_t str);              /* @name (quoted if needed) */
void irw_string(IrPrinter *w, uint32_t str);              /* "escaped" */
/* ` {a = 1, b}` if `dict` has entries not named in `elide` (NULL ended);
 * nothing otherwise. Leading space included. Elide lists (and their names)
 * must be static: the printer caches them by address. */
void irw_attr_dict(IrPrinter *w, uint32_t dict, const char *const *elide);
/* The op's props and attrs merged into one sorted dictionary (as MLIR's
 * custom printers see them via getAttrs), minus elided names; ` attributes {..}` form when
 * with_keyword. */
void irw_op_attr_dict(IrPrinter *w, const IrModule *m, uint32_t op,
                      const char *const *elide, int with_keyword);
/* The rest of a hook's text when it is a function of the op's opcode,
 * properties and attributes and of `type` alone: irw_tail_cached prints it
 * and returns 1 if an op with that key printed it before; else it returns
 * 0, and the hook prints it and then calls irw_tail_end with the same
 * arguments, which keeps it (print.c). */
int irw_tail_cached(IrPrinter *w, const IrModule *m, uint32_t op,
                    uint32_t type);
void irw_tail_end(IrPrinter *w, const IrModule *m, uint32_t op, uint32_t type);
/* ir_op_prop for print and asm_names hooks: the name's string id is
 * looked up once per printer (name must be a literal or otherwise keep its
 * address), then found in the properties by id. */
uint32_t irw_prop(IrPrinter *w, const IrModule *m, uint32_t op,
                  const char *name);
/* irw_prop of each name of a NULL-ended list (at most 16, no name twice)
 * into out[]. */
void irw_props(IrPrinter *w, const IrModule *m, uint32_t op,
               const char *const *names, uint32_t *out);
/* ` {` ... `}` region. print_entry_args: print the entry block label with
 * its arguments; term: what happens to the entry block's terminator
 * (IRW_TERM_*; a 0/1 truth value means ODS rule / print). */
enum {
  IRW_TERM_ODS = 0,   /* dropped if it has no operands, results or attributes
                         (ODS-generated printers of ops with an implicit
                         terminator) */
  IRW_TERM_PRINT = 1, /* printed (printRegion's default) */
  IRW_TERM_DROP = 2,  /* dropped whatever it holds (a custom printer's
                         printRegion(printBlockTerminators=false)) */
};
void irw_region(IrPrinter *w, const IrModule *m, uint32_t region,
                int print_entry_args, int term);
/* `^bb1` or `^bb1(%a, %b : t1, t2)` for successor k of op. */
void irw_successor(IrPrinter *w, const IrModule *m, uint32_t op, uint32_t k);
/* Print the op in generic form (hooks may fall back to it). */
void irw_generic_op(IrPrinter *w, const IrModule *m, uint32_t op);

/* Naming (called from asm_names hooks): suggest a name for a value, e.g.
 * "alloc", "c0", "true". Conflicts get MLIR's `_N` suffixes. A value named
 * for each result group start: a later result without a name joins the
 * previous group (`%base_buffer, %offset, %sizes:2, %strides:2 = ...`). */
void irw_set_name(IrPrinter *w, uint32_t value, const char *hint);
/* irw_set_name of a result of the op with a name that needs no sanitizing
 * (only [$-.0-9A-Za-z_], not starting with a digit: MLIR keeps it as is),
 * n bytes long: skips the checks and the strlen. */
void irw_set_name_n(IrPrinter *w, uint32_t value, const char *name, size_t n);

/* print_float.c: a float literal exactly as MLIR's printFloatValue writes
 * it for a value of format k (`1.500000e+00`, `0.69999999999999996`,
 * `0x7FC00000`), NUL-terminated into out (>= 64 bytes); returns the length.
 * For the parser's canonical dense<> bodies too. A NaN of a narrower format
 * keeps its payload in the top bits of the double's mantissa. */
size_t irw_format_float(char *out, double v, IrFloatKind k);
/* The bits of v (a value of format k, up to 64 bits wide) in format k. */
uint64_t irw_float_bits(double v, IrFloatKind k);
/* v rounded to format k as MLIR converts it (an overflow of f8E4M3FN, which
 * has no infinity, spells as its NaN); f80 and f128 values are doubles. */
double irw_round_float(double v, IrFloatKind k);
/* The value of format k whose bits are hi:lo (the high 64 bits in hi): the
 * inverse of what irw_format_float spells as hex, a NaN's payload kept in
 * the double's top mantissa bits. -1 if the bits are wider than the
 * format. f80 and f128 values are rounded to doubles. */
int irw_float_from_bits(IrFloatKind k, uint64_t hi, uint64_t lo, double *v);

/* ====================================================================== */
/* syntax_memref.c: helpers shared by the syntax files                    */
/* ====================================================================== */

/* Verifier error at the op's location, prefixed `'name' op ` as MLIR's
 * op->emitOpError does. Returns -1. */
/* What func.func's verifier checks, for every op of the function
 * interface: its attributes, the entry block's arguments against
 * function_type, and that a declaration is not public. */
int ir_syntax_verify_function(const IrModule *m, uint32_t op, IrDiag *d);
/* ODS's I1: a 1-bit signless integer type. */
static inline int ir_syntax_is_i1(const IrCtx *c, uint32_t t) {
  return ir_type_is_int(c, t, 1) && ir_type(c, t)->sub == IR_SIGNLESS;
}
/* One ranked or unranked memref in, one out (bufferization.clone,
 * test.forward_buffer), as ODS words it. */
int ir_syntax_verify_memref_to_memref(const IrModule *m, uint32_t op, IrDiag *d);
/* SymbolOpInterface's check that a symbol's parent, when registered, is a
 * symbol table: "symbol's parent must have the SymbolTable trait". */
int ir_syntax_verify_symbol_parent(const IrModule *m, uint32_t op, IrDiag *d);
int ir_syntax_op_error(const IrModule *m, uint32_t op, IrDiag *d,
                       const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* ODS's type-constraint error: "'name' op <what> #<k> must be <want>, but
 * got '<t>'". Returns -1. */
int ir_syntax_type_error(const IrModule *m, uint32_t op, IrDiag *d, const char *what,
                         uint32_t k, const char *want, uint32_t t);
/* MLIR's property conversion refusing property `name` (value attr):
 * "invalid properties {..} for op N: Invalid attribute `name` in property
 * conversion: <attr>". Returns -1. */
int ir_syntax_prop_error(const IrModule *m, uint32_t op, IrDiag *d, const char *name,
                         uint32_t attr);
/* MLIR's custom<DynamicIndexList>: `[%a, 4, %b]`. The SSA uses are
 * appended to refs, unresolved (ODS's parsers resolve operands once the op
 * is read: ir_syntax_add_operands_of), vals[0..*n) gets the static list
 * with IR_DYN for each of them (*ndyn counts them); at most `max`
 * entries. */
struct IrRefVec; /* syntax_builtin.c's list, below */
int irp_dyn_index_list(IrParser *p, struct IrRefVec *refs, int64_t *vals, uint32_t max,
                       uint32_t *n, uint32_t *ndyn);
/* Print such a list from the static array property `stat`, taking the
 * dynamic entries from the op's operands starting at *next (advanced). */
void irw_dyn_index_list(IrPrinter *w, const IrModule *m, uint32_t op,
                        uint32_t stat, uint32_t *next);
/* Dims, symbols and results (nres may be NULL) of an affine map attribute
 * (or dims and symbols of an affine set); -1 if not one. */
int ir_affine_map_arity(const IrCtx *c, uint32_t map, uint32_t *ndims,
                        uint32_t *nsyms, uint32_t *nres);
/* Symbol tables, once the rest verified (verify_calls.c): names defined
 * once per table, func.call against its callee. ir_verify_symbols: is
 * anything wrong in m (silent, 0 or -1)? ir_verify_symbols_piece: the
 * same, verifying a module a top-level op at a time: the calls whose
 * table is the root are kept in *df (made on first use) with the root's
 * symbols, judged by ir_call_defer_end (0 or -1; it empties df).
 * ir_verify_symtab reports the first problem of table op t, as MLIR's
 * verifySymbolTable does. */
typedef struct IrCallDefer IrCallDefer;
int ir_verify_symbols(const IrModule *m);
int ir_verify_symbols_piece(const IrModule *m, IrCallDefer **df);
int ir_verify_symtab(const IrModule *m, uint32_t t, IrDiag *d);
int ir_call_defer_end(IrCallDefer *df, const IrCtx *c);
void ir_call_defer_free(IrCallDefer *df);
/* memref.expand_shape / collapse_shape past their operand and result
 * kinds (a ranked memref each), as MemRefOps.cpp verifies them
 * (verify_reshape.c). */
int ir_verify_expand_shape(const IrModule *m, uint32_t op, IrDiag *d);
int ir_verify_collapse_shape(const IrModule *m, uint32_t op, IrDiag *d);
/* tensor.collapse_shape past its kinds (ranked tensors). */
int ir_verify_tensor_collapse(const IrModule *m, uint32_t op, IrDiag *d);
/* A memref type from its parts as MLIR prints it, NUL-terminated in buf
 * (print_type.c): for messages naming a type a verifier expected. */
void ir_memref_parts_str(const IrCtx *c, char *buf, size_t cap, uint32_t n,
                         const int64_t *sizes, uint32_t elem, int strided,
                         int64_t off, const int64_t *strides, uint32_t space);
/* The same for a ranked tensor (encoding: 0 for none). */
void ir_tensor_parts_str(const IrCtx *c, char *buf, size_t cap, uint32_t n,
                         const int64_t *sizes, uint32_t elem, uint32_t encoding);
/* computeRankReductionMask(expected, result shapes), exact matching: 0
 * when the result's sizes cannot be had by dropping 1s (verify_subview.c). */
int ir_sizes_reduce(const int64_t *es, uint32_t en, const int64_t *rs, uint32_t rn);
/* The arith ops' type rules (verify_arith.c). IR_LIKE_*: ODS's type
 * constraints, a scalar or a vector or tensor of such elements. */
enum { IR_LIKE_INT, IR_LIKE_FLOAT, IR_LIKE_FIXED_INT, IR_LIKE_BOOL,
       IR_LIKE_INT_OR_MEMREF };
int ir_type_like(const IrCtx *c, uint32_t t, int like);
const char *ir_like_text(int like);
/* binary and unary ops whose operands and result have one type */
int ir_verify_arith_same(const IrModule *m, uint32_t op, IrDiag *d, int like);
int ir_verify_arith_cast(const IrModule *m, uint32_t op, IrDiag *d);
int ir_verify_arith_cmp(const IrModule *m, uint32_t op, IrDiag *d, int like);
int ir_verify_arith_select(const IrModule *m, uint32_t op, IrDiag *d);
/* verifyCompatibleShape(a, b): both shaped or neither; an unranked one fits
 * any; ranks equal and each pair of sizes equal or one dynamic. */
int ir_shapes_compatible(const IrCtx *c, uint32_t a, uint32_t b);
/* RegionBranchOpInterface's type check of the edges from terminator
 * `term` of op `parent` (or from `parent`'s own operands when term ==
 * parent), its operands from `first`: into the entry block of `region`
 * (its arguments from `skip`; region < 0: none) and, if `results`, to the
 * parent's results. In MLIR's words; the error is the parent's, with a
 * note at the branch point (syntax_scf.c). */
int ir_check_region_edges(const IrModule *m, uint32_t parent, uint32_t term,
                          uint32_t first, int region, uint32_t skip, int results,
                          IrDiag *d);
/* The slice ops' shared rules (verify_slice.c): ODS's invariants and the
 * OffsetSizeAndStrideOpInterface's, in mlir-opt-22's order. After them
 * the static lists (lists[0..2]) have the lengths the op wants and the
 * operands and the result are of the kinds it wants. */
enum { IR_SLICE_SUBVIEW, IR_SLICE_REINTERPRET, IR_SLICE_EXTRACT, IR_SLICE_INSERT };
int ir_verify_slice_common(const IrModule *m, uint32_t op, IrDiag *d, int which,
                           const int64_t *lists[3]);
/* verifyInBoundsSlice: the slice inside the shape of operand src. */
int ir_verify_slice_bounds(const IrModule *m, uint32_t op, IrDiag *d,
                           uint32_t src, const int64_t *lists[3]);
/* tensor.extract_slice (insert 0) or insert_slice (1), whole. */
int ir_verify_tensor_slice(const IrModule *m, uint32_t op, IrDiag *d, int insert);
/* memref.subview's result type against the static offsets, sizes and
 * strides (each the source's rank long), as SubViewOp::verify checks it
 * (verify_subview.c). */
int ir_verify_subview_type(const IrModule *m, uint32_t op, IrDiag *d,
                           const int64_t *offs, const int64_t *sizes,
                           const int64_t *steps);
/* A type of a custom form that ODS gives a type class (MemRefType,
 * RankedTensorType) or a base class (BaseMemRefType, TensorType), checked
 * as it is parsed, in MLIR's words (syntax_memref.c). */
enum { IR_KIND_MEMREF, IR_KIND_BASE_MEMREF, IR_KIND_TENSOR, IR_KIND_ANY_TENSOR,
       IR_KIND_INTEGER };
int ir_syntax_kind_type(IrParser *p, IrOpState *st, uint32_t *t, int kind);
/* The same for type t, parsed at loc. */
int ir_syntax_kind_check(IrParser *p, IrOpState *st, uint32_t loc, uint32_t t, int kind);
/* Shared by memref and tensor ops of the same shape. */
int ir_syntax_parse_reshape(IrParser *p, IrOpState *st, int expand);
void ir_syntax_print_reshape(IrPrinter *w, const IrModule *m, uint32_t op,
                             int expand);
int ir_syntax_parse_dim(IrParser *p, IrOpState *st);
void ir_syntax_print_dim(IrPrinter *w, const IrModule *m, uint32_t op);
void ir_syntax_names_dim(IrPrinter *w, const IrModule *m, uint32_t op);
int ir_syntax_verify_dim(const IrModule *m, uint32_t op, IrDiag *d);
/* ODS's Variadic<Index>: the operands from `first` on are indices, or
 * "operand #k must be variadic of index" (returns -1). */
int ir_syntax_index_operands(const IrModule *m, uint32_t op, uint32_t first, IrDiag *d);

/* ====================================================================== */
/* syntax_builtin.c: list helpers shared by the syntax files              */
/* ====================================================================== */

/* Growable lists of SSA uses and of types for hooks that parse lists before
 * they can resolve them; zero-initialise, and call ir_syntax_*_free when
 * done. They live in the parser's scratch memory (irp_scratch): valid
 * until the op being parsed is built. */
typedef struct IrRefVec {
  IrRef *v;          /* the uses */
  uint32_t n, cap;   /* count, capacity */
} IrRefVec;
typedef struct IrTypeVec {
  uint32_t *v;       /* type ids */
  uint32_t n, cap;   /* count, capacity */
} IrTypeVec;
void ir_syntax_refs_free(IrRefVec *v);
void ir_syntax_types_push(IrParser *p, IrTypeVec *v, uint32_t t);
void ir_syntax_types_free(IrTypeVec *v);
/* One `%x` appended to v. */
int ir_syntax_parse_ref(IrParser *p, IrRefVec *v);
/* `%a, %b`: 0 or more (none when the next token is not a % id). */
int ir_syntax_parse_refs(IrParser *p, IrRefVec *v);
/* `t1, t2`: 1 or more. */
int ir_syntax_parse_types(IrParser *p, IrTypeVec *v);
/* What follows `->` (MLIR's parseFunctionResultTypes): `(t1, t2)`, `()`
 * or one type. */
int ir_syntax_parse_result_types(IrParser *p, IrTypeVec *v);
/* ctx_attr.c: the slot of the context's memo for properties dictionary
 * `props` of an op `opc` (holding props << 16 | opc when that pair passed
 * syntax_arith.c's property conversion check; cleared with the ctx). */
uint64_t *ir_ctx_props_slot(const IrCtx *c, uint32_t props, uint32_t opc);
/* syntax_arith.c: `#arith.fastmath<..>` / `#arith.overflow<..>` at the
 * current token (the name after `#`): 0 if it is neither, else 1 with the
 * canonical attribute, or -1 after MLIR's error. */
int ir_syntax_arith_flags_attr(IrParser *p, uint32_t *out);
/* An error a custom parser reports itself (MLIR's OpAsmParser::emitError):
 * `custom op 'name' ` + message, at loc (0: the current token). -1. */
int ir_syntax_parse_error(IrParser *p, const IrOpState *st, uint32_t loc,
                          const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Resolve uses against as many types (else MLIR's "N operands present, but
 * expected M" at loc) and append them to st's operands. */
int ir_syntax_add_operands(IrParser *p, IrOpState *st, const IrRefVec *r,
                           const uint32_t *types, uint32_t ntypes,
                           uint32_t loc);
/* One use resolved against `type` and appended. */
static inline int ir_syntax_operand(IrParser *p, IrOpState *st, const IrRef *r,
                                    uint32_t type) {
  uint32_t v;
  if (irp_resolve(p, r, type, &v) < 0) return -1;
  irp_add_operand(st, v);
  return 0;
}
/* Resolve every use against one type and append them. Inline, like the
 * above: most lists are empty (memref.alloc's sizes and symbols), and a
 * call per list cost ir-asm 0.3% of its instructions. */
static inline int ir_syntax_add_operands_of(IrParser *p, IrOpState *st, const IrRefVec *r,
                                            uint32_t type) {
  for (uint32_t i = 0; i < r->n; i++)
    if (ir_syntax_operand(p, st, &r->v[i], type) < 0) return -1;
  return 0;
}
/* `t1, t2` of operands first..first+n / of the results. */
void ir_syntax_print_operand_types(IrPrinter *w, const IrModule *m,
                                   uint32_t op, uint32_t first, uint32_t n);
void ir_syntax_print_result_types(IrPrinter *w, const IrModule *m,
                                  uint32_t op);
/* MLIR's printOptionalArrowTypeList of the results: nothing, ` -> t` or
 * ` -> (t1, t2)`. */
void ir_syntax_print_arrow_results(IrPrinter *w, const IrModule *m,
                                   uint32_t op);
/* MLIR's printFunctionalType of the op's operand and result types:
 * `(ins) -> out` or `(ins) -> (outs)`. */
void ir_syntax_print_op_functional_type(IrPrinter *w, const IrModule *m,
                                        uint32_t op);
/* Attribute constructors the hooks need: `{}`, `[a, b]`, and an opaque
 * dialect attribute from its full spelling (`#arith.fastmath<none>`). */
uint32_t ir_syntax_empty_dict(IrCtx *c);
uint32_t ir_syntax_array(IrCtx *c, const uint32_t *attrs, uint32_t n);
uint32_t ir_syntax_opaque_attr(IrCtx *c, const char *spelling);
/* Is attr a string attribute equal to s? */
int ir_syntax_attr_is_str(const IrCtx *c, uint32_t attr, const char *s);

/* syntax_func.c: the `attr-dict (%a, %b : t1, t2)?` syntax of func.return,
 * scf.yield and the other yield-like terminators. */
int ir_syntax_parse_yield(IrParser *p, IrOpState *st);
void ir_syntax_print_yield(IrPrinter *w, const IrModule *m, uint32_t op);

/* ====================================================================== */
/* builder.c internals                                                    */
/* ====================================================================== */

/* Reserve room for about this many more ops, values, operands and blocks
 * (and as many regions as blocks), so that a builder filled by a parser
 * does not copy its arrays as they grow. Only a hint: the arrays still grow
 * past it. */
void irb_reserve(IrBuilder *b, uint32_t ops, uint32_t vals, uint32_t operands,
                 uint32_t blocks);

/* ====================================================================== */
/* registry.c                                                             */
/* ====================================================================== */
/* Hook tables defined by the syntax files (NULL-name terminated). */
extern const IrOpHooks ir_hooks_builtin[], ir_hooks_func[], ir_hooks_arith[],
    ir_hooks_memref[], ir_hooks_bufferization[], ir_hooks_cf[], ir_hooks_scf[],
    ir_hooks_misc[], ir_hooks_test[];
extern const IrRegionHook ir_region_hooks_misc[];

/* ====================================================================== */
/* verify_rules.c: ODS-level structure of registered ops                 */
/* ====================================================================== */

/* operandSegmentSizes: 0 if sound (or the op has none), else -1 after one
 * error. Checked before verify hooks run, so hooks and passes may use
 * ir_segment freely on verified modules. */
int ir_verify_segments(const IrModule *m, uint32_t op, IrDiag *d);
/* Region counts of blocks (SingleBlock, SizedRegion<1>) and the
 * terminators they must end with: 0 or -1 after one error. */
int ir_verify_region_shape(const IrModule *m, uint32_t op, IrDiag *d);
/* The same in two parts, for the reporting walk: what MLIR checks on
 * entering the op, and the terminators it checks on leaving it. */
int ir_verify_region_entry(const IrModule *m, uint32_t op, IrDiag *d);
int ir_verify_region_exit(const IrModule *m, uint32_t op, IrDiag *d);
/* Has opcode opc a region rule (else ir_verify_region_shape passes)? */
int ir_has_region_rule(uint32_t opc);

#endif
