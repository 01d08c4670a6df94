/*
 * print.h - the inside of IrPrinter, shared by print.c (ops, regions, names,
 * aliases), print_type.c and print_attr.c only. Syntax files use the irw_*
 * functions of irint.h.
 */
#ifndef PRINT_H
#define PRINT_H

#include "irint.h"

#define IRW_BUF (1u << 16)      /* output buffer: flushed when full ... */
/* ... or up to this for a big module: ext4 takes a write() of 1 MB in
 * larger page-cache folios than one of 64 KB (writing 20 MB: 5.9 ms of
 * system time -> 4.4 ms, and its later removal 1.0 -> 0.7 ms) */
#define IRW_BUF_MAX (1u << 20)

/* IrPrinter.vid: a value's printed name. Below IRW_NAMED it is the number
 * of `%N`; with IRW_NAMED set, the low bits are the offset of the
 * NUL-terminated name in IrPrinter.pool. */
#define IRW_NAMED 0x80000000u
#define IRW_UNSET 0xffffffffu
/* Set (after numbering) on the results of ops that do not have exactly one
 * result: their names need print.c's slow path (`%0#1`, groups). Value
 * numbers (below IR_MAX_COUNT) and pool offsets stay below it. */
#define IRW_MULTI 0x40000000u

/* One attribute, type or location that was visited by the alias pass, in
 * visit order (MLIR's AliasInitializer). */
enum { IRW_AK_ATTR, IRW_AK_TYPE, IRW_AK_LOC };
typedef struct IrwAlias {
  uint8_t kind;         /* IRW_AK_* */
  uint8_t name;         /* alias name: 0 none, else index in print.c's
                           alias_names ("loc", "map", "set") */
  uint8_t deferrable;   /* may be printed after the module (locations) */
  uint8_t pad_;
  uint32_t id;          /* attr / type / loc id */
  uint32_t depth;       /* 1 + deepest aliased child (MLIR's aliasDepth) */
  uint32_t kids, n_kids;/* children (alias indices) in IrPrinter.kids */
  uint32_t suffix;      /* after numbering: `#map<suffix>` (0 = none) */
} IrwAlias;

/* Default dialects of regions (op names print without their prefix). */
enum { IRW_D_NONE, IRW_D_BUILTIN, IRW_D_FUNC, IRW_N_DIALECTS };

/* How an op prints under a default dialect (print.c's op_form): its
 * custom printer, NULL for the generic form, and its custom-form name. */
typedef void (*IrwHook)(IrPrinter *, const IrModule *, uint32_t);
typedef struct IrwForm {
  IrwHook hook;         /* custom printer, NULL = generic form */
  const char *p;        /* op name (not NUL-terminated where used) */
  uint32_t n;           /* its length */
  uint16_t ready;       /* the entry is filled in */
  uint16_t memo;        /* the opcode is one of print.c's memo_opcode */
  char pad[32];         /* the name again when n <= 32, for a fixed copy */
} IrwForm;

/* A cached C-string name -> string id lookup (print.c's name_id). */
#define IRW_NAME_IDS_LOG2 8
typedef struct IrwNameId {
  const char *s;        /* the name's address (a literal), NULL = empty */
  uint32_t id;          /* its string id, IR_NONE if not interned */
  uint32_t n_strs;      /* ir_n_strs when a miss was recorded */
  uint32_t epoch;       /* IrPrinter.epoch of the printer that filled it */
} IrwNameId;

/* Printed texts of types and attributes, by key (type id; attribute id x
 * 3 + elision). The same few recur on most lines, and their text depends
 * only on the alias table, which is fixed before printing starts. */
typedef struct IrwText {
  uint32_t off;         /* in IrPrinter.tpool */
  uint32_t n;           /* length, 0 = not cached */
} IrwText;
typedef struct IrwCache {
  IrwText *e;           /* by key */
  uint32_t cap;         /* entries of e */
} IrwCache;
/* The attributes' texts are kept in a direct-mapped table instead: their
 * ids run to the hundred thousands, and an array by key grew to 1 MB,
 * zeroed, for the few printed (20 MB corpus: ir_print 232.9M -> 232.0M
 * instructions, ir-dis 10,079 -> 9,881 page faults, 44.4 -> 43.6 MB). */
typedef struct IrwKeyText {
  uint32_t key;
  IrwText text;         /* text.n 0 = empty */
} IrwKeyText;
typedef struct IrwKeyCache {
  IrwKeyText *e;        /* 1 << (64 - shift) slots; NULL = nothing kept */
  uint32_t shift;
} IrwKeyCache;

/* A cached elide list of irw_op_attr_dict as string ids (print.c). */
#define IRW_ELIDES_LOG2 6
#define IRW_ELIDE_MAX 16
typedef struct IrwElide {
  const char *const *list; /* the list's address, NULL = empty */
  uint32_t n_strs;      /* ir_n_strs when computed (new strings may make
                           more of its names known) */
  uint32_t n;           /* ids used */
  uint32_t epoch;       /* IrPrinter.epoch of the printer that filled it */
  uint32_t ids[IRW_ELIDE_MAX]; /* string ids of its interned names */
} IrwElide;

/* Name lists of irw_props as string ids (IrwElide, positional). */
#define IRW_PROP_LISTS_LOG2 4

/* A cached irw_prop lookup (print.c). */
#define IRW_PROPS_LOG2 10
typedef struct IrwPropSlot {
  const char *name;     /* the name's address, NULL = empty */
  uint32_t dict;        /* the properties DICT attribute */
  uint32_t value;       /* the name's value in it, 0 = absent */
} IrwPropSlot;

/* A (props, attrs, elide list) that prints no attribute dictionary
 * (print.c's print_merged_dict). */
#define IRW_DICTS_LOG2 12
typedef struct IrwDictSlot {
  const char *const *elide; /* the elide list's address */
  uint32_t d1, d2;      /* the two dictionaries */
  uint32_t used;        /* the slot holds an entry */
} IrwDictSlot;

/* A text (or, in IrPrinter.op_names, a base name) that is a function of
 * an op's (opcode, default dialect, properties, attributes) and one type
 * alone: the line of an op of print.c's memo_opcode and memo_shape from
 * its name on, or the rest of a hook's text (irw_tail_cached). */
typedef struct IrwOpText {
  uint32_t form;        /* opcode x IRW_N_DIALECTS + dialect, + 1; 0 = empty */
  uint32_t props, attrs, type;
  IrwText text;         /* in IrPrinter.tpool */
} IrwOpText;

/* MLIR numbers regions from a stack (print.c's number_region): a region
 * to number, the counters it starts from and its names scope depth. */
typedef struct IrwNameCtx {
  uint32_t region, next_value, next_arg, next_conflict, scope;
} IrwNameCtx;
typedef struct IrwNameStack {
  IrwNameCtx *e;
  uint32_t n, cap;
} IrwNameStack;

struct IrPrinter {
  /* --- output */
  IrwOut o;             /* first: buf (cap_buf bytes), len, lim (cap_buf,
                           or 0 in the alias pass); see irint.h */
  size_t cap_buf;       /* size of o.buf: IRW_BUF .. IRW_BUF_MAX */
  FILE *out;
  int err;              /* a write failed */
  uint32_t n_flush;     /* flushes so far (a text still in buf is whole
                           if this did not change since it began) */
  int sink;             /* alias pass: print nothing, record visits */
  size_t pend_at, pend_end; /* the custom op name being printed is
                           buf[pend_at, pend_end) (pend_end 0 = none), for
                           a hook falling back to the generic form */
  uint32_t indent;      /* current indentation, in spaces */

  /* --- what is printed */
  const IrModule *m;
  IrCtx *c;
  int generic;          /* IrPrintOpts.generic */
  int debuginfo;        /* IrPrintOpts.debuginfo */
  uint32_t elide_elements; /* print a dense attribute of more elements
                              than this, not a splat, as elided (0: never;
                              MLIR's elideLargeElementsAttrs) */
  IrwForm *forms;       /* per opcode x IRW_D_*, filled when first needed */
  uint8_t cur_dialect;  /* the innermost default dialect (IRW_D_*) */

  IrwNameId *name_ids;  /* 1 << IRW_NAME_IDS_LOG2 slots, see name_id */
  IrwElide *elides;     /* 1 << IRW_ELIDES_LOG2 slots, see elide_ids */
  IrwElide *prop_lists; /* 1 << IRW_PROP_LISTS_LOG2 slots, see irw_props */
  uint32_t epoch;       /* this printer's entries in them */
  IrwPropSlot *props;   /* up to 1 << IRW_PROPS_LOG2 slots, see irw_prop */
  uint32_t props_shift; /* 64 - log2 of its slots */
  IrwDictSlot *empty_dicts; /* up to 1 << IRW_DICTS_LOG2 slots, see
                           print_merged_dict */
  uint32_t dicts_shift; /* 64 - log2 of its slots (sized by the module:
                           zeroing 128 KB for each small module of a stream
                           was a fifth of ir_print on the mixed corpus) */
  IrwHook names[IR_N_OPS]; /* asm_names hook of each opcode (none in the
                           generic form) */
  IrwOpText *op_texts;  /* 1 << (64 - op_texts_shift) slots */
  IrwOpText *op_names;  /* as many: the base name its names hook gives
                           such an op, in text.off (0 = none) */
  IrwOpText *tail_slot; /* a hook's tail being printed (irw_tail_cached) */
  size_t tail_start;    /* where it began in buf */
  uint32_t tail_flushes; /* n_flush then */
  uint32_t last_base;   /* interned name unique_valid was last given */
  uint32_t op_texts_shift;
  IrwCache type_text;   /* texts of types (print_type.c) */
  IrwKeyCache attr_text; /* texts of attributes (print_attr.c) */
  char *tpool;          /* the cached texts */
  uint32_t n_tpool, cap_tpool;

  /* --- SSA names (MLIR's SSANameState) */
  uint32_t *vid;        /* per value: number or IRW_NAMED|name offset */
  uint32_t n_values;    /* m->n_values, one load less per value printed */
  uint32_t *vhint;      /* per value: pending block argument name offset
                           (IRW_UNSET none); NULL until first needed */
  uint32_t *groups;     /* per op: offset in gpool of its result groups
                           (count first), 0 = one group; NULL until used */
  uint32_t *gpool;      /* result group starts, see groups */
  uint32_t n_gpool, cap_gpool;
  uint32_t *cur_groups; /* groups of the op being named */
  uint32_t n_cur_groups, cap_cur_groups;
  uint32_t cur_op;      /* op whose asm_names hook runs, IR_NONE else */
  uint32_t next_value, next_arg, next_conflict; /* MLIR's counters */
  char *pool;           /* names (see pool_add), NUL-terminated; the first
                           entry is "", so no name has offset 0 */
  char *scratch;        /* a name being sanitized */
  uint32_t cap_scratch;
  uint32_t n_pool, cap_pool;
  /* Names are interned in the pool (each distinct name once), so that a
   * name in use is a flag in its pool entry: a linear-probing set of the
   * pool's names, at most half full, and an undo log of the names taken.
   * Names leave in LIFO order when a region scope closes. */
  struct IrwName { uint32_t off, hash; } *itab; /* off 0 = empty */
  uint32_t itab_mask, n_itab; /* slots - 1, names in it */
  uint32_t *used;       /* pool offset of each name taken, oldest first */
  uint32_t n_used, cap_used;
  /* interned `base_N` by (base, N), direct-mapped (see suffixed_name) */
  struct IrwSuffix { uint32_t base, num, off; } *suffixes; /* NULL until
                           the first conflict */
  uint32_t suffixes_shift; /* 64 - log2 of its slots */
  uint32_t *arg_names;  /* interned `argN` by N, 0 = not yet */
  uint32_t cap_arg_names;
  uint32_t *scopes;     /* n_used at each open scope */
  uint32_t n_scopes, cap_scopes;
  IrwNameStack name_st; /* regions left to number */
  uint32_t lazy_region; /* the body whose ops' regions are numbered as
                           each op is printed (number_subtree), IR_NONE */
  IrwNameCtx body_ctx;  /* where those regions start */
  int stream_open;      /* ir_print_piece: op 0's region is left open (its
                           `}` and the line end are the stream's end) */
  uint32_t *preds;      /* per block: predecessor uses, see print.c */
  uint32_t *pred_fill;  /* while numbering: next free entry per block */

  /* --- aliases (MLIR's AliasState) */
  int aliasing;         /* aliases are in use for this module */
  int deferrable;       /* alias pass: visits may be deferred (inside an op
                           location) */
  uint32_t *attr_alias; /* per attr id: alias index + 1, 0 = not visited */
  uint32_t *type_seen;  /* per type id: alias index + 1, 0 = not visited */
  uint32_t *loc_alias;  /* per loc id: alias index + 1, 0 = not visited */
  uint32_t cap_attr_alias, cap_type_seen, cap_loc_alias; /* their sizes
                           (hooks may intern new ids while printing) */
  IrwAlias *al;         /* visited attributes / types / locations */
  uint32_t n_al, cap_al;
  uint32_t *kids;       /* child alias indices of IrwAlias */
  uint32_t n_kids, cap_kids;
  uint32_t *kid_stack;  /* children being collected while visiting */
  uint32_t n_kid_stack, cap_kid_stack;
};

/* print.c */
void irw_flush(IrPrinter *w);
void irw_put_slow(IrPrinter *w, const char *s, size_t n);
/* memcpy for the short pieces the printer writes: two overlapping moves of
 * a fixed size compile to plain loads and stores, where a variable-size
 * memcpy is a libc call costing more than the copy. */
static inline void irw_copy(char *d, const char *s, size_t n) {
  if (n > 16) {
    memcpy(d, s, n);
  } else if (n >= 8) {
    uint64_t a, b;
    memcpy(&a, s, 8);
    memcpy(&b, s + n - 8, 8);
    memcpy(d, &a, 8);
    memcpy(d + n - 8, &b, 8);
  } else if (n >= 4) {
    uint32_t a, b;
    memcpy(&a, s, 4);
    memcpy(&b, s + n - 4, 4);
    memcpy(d, &a, 4);
    memcpy(d + n - 4, &b, 4);
  } else if (n) {
    d[0] = s[0];
    d[n / 2] = s[n / 2];
    d[n - 1] = s[n - 1];
  }
}
/* Output fast paths: a copy into the buffer when it has room and nothing
 * special is going on. */
static inline void irw_put(IrPrinter *w, const char *s, size_t n) {
  if (w->o.len + n <= w->o.lim) {
    irw_copy(w->o.buf + w->o.len, s, n);
    w->o.len += n;
  } else {
    irw_put_slow(w, s, n);
  }
}
static inline void irw_putc(IrPrinter *w, char ch) {
  if (w->o.len < w->o.lim) w->o.buf[w->o.len++] = ch;
  else irw_put_slow(w, &ch, 1);
}
/* Bytes readable past the end of the used part of the name pool and the
 * text cache, so that irw_put_padded may copy a fixed 32 bytes. */
#define IRW_PAD 32
/* irw_put for a source with IRW_PAD readable bytes after s + n: one fixed
 * 32-byte copy (two vector moves) for short strings; the bytes past n are
 * overwritten by what follows (the buffer is flushed with room to spare). */
static inline void irw_put_padded(IrPrinter *w, const char *s, size_t n) {
  if (n <= IRW_PAD && w->o.len + IRW_PAD <= w->o.lim) {
    memcpy(w->o.buf + w->o.len, s, IRW_PAD);
    w->o.len += n;
  } else {
    irw_put(w, s, n);
  }
}
/* Set w->o.lim from the sink state. */
static inline void irw_update_lim(IrPrinter *w) {
  w->o.lim = w->sink ? 0 : w->cap_buf;
}
void irw_u64(IrPrinter *w, uint64_t v);
/* The text cache: irw_cached prints the text of key and returns 1 if it
 * has one; else the caller prints it between irw_cache_begin and
 * irw_cache_end, which keeps a copy (unless a flush took part of it). */
typedef struct IrwMark {
  size_t start;         /* w->o.len when the text began */
  uint32_t n_flush;     /* w->n_flush then */
} IrwMark;
static inline int irw_cached(IrPrinter *w, const IrwCache *c, uint32_t key) {
  if (key >= c->cap || !c->e[key].n) return 0;
  irw_put_padded(w, w->tpool + c->e[key].off, c->e[key].n);
  return 1;
}
IrwMark irw_cache_begin(IrPrinter *w);
void irw_cache_end(IrPrinter *w, IrwCache *c, uint32_t key, IrwMark mk);
/* The same for an IrwKeyCache: irw_key_slot is key's slot (NULL if the
 * cache keeps nothing), passed to the other two. */
static inline IrwKeyText *irw_key_slot(IrwKeyCache *c, uint32_t key) {
  if (!c->e) return NULL;
  return &c->e[((uint64_t)key * 0x9E3779B97F4A7C15ull) >> c->shift];
}
static inline int irw_key_cached(IrPrinter *w, const IrwKeyText *e,
                                 uint32_t key) {
  if (!e || !e->text.n || e->key != key) return 0;
  irw_put_padded(w, w->tpool + e->text.off, e->text.n);
  return 1;
}
void irw_key_cache_end(IrPrinter *w, IrwKeyText *e, uint32_t key, IrwMark mk);
/* Alias bookkeeping for the pass before printing (print.c). Each returns
 * the alias index of the entity and sets *seen if it was visited before;
 * for a new attr / type the caller visits its children, then calls
 * irw_visit_done with the kid_stack mark taken before the visit. */
uint32_t irw_visit_attr(IrPrinter *w, uint32_t attr, int deferrable, int *seen);
uint32_t irw_visit_loc(IrPrinter *w, uint32_t loc, int deferrable, int *seen);
uint32_t irw_visit_type(IrPrinter *w, uint32_t type, int *seen);
void irw_visit_done(IrPrinter *w, uint32_t alias, uint32_t kid_mark);
/* The printed alias of an attr / loc (`#map1`), 1 if printed, 0 if it has
 * none. */
int irw_print_alias_attr(IrPrinter *w, uint32_t attr);
int irw_print_alias_loc(IrPrinter *w, uint32_t loc);

/* print_attr.c */
/* Elision of an attribute's `: type` (MLIR's AttrTypeElision). */
enum { IRW_ELIDE_NEVER, IRW_ELIDE_MAY, IRW_ELIDE_MUST };
void irw_attr_ex(IrPrinter *w, uint32_t attr, int elide);
/* The attribute itself, not its alias (for alias definitions). */
void irw_attr_body(IrPrinter *w, uint32_t attr, int elide);
/* `loc(...)`; alias allowed for op locations. */
void irw_loc(IrPrinter *w, uint32_t loc, int allow_alias);
void irw_loc_body(IrPrinter *w, uint32_t loc, int top);
/* MLIR's printKeywordOrString (bare if possible, else quoted). */
void irw_keyword_or_string(IrPrinter *w, const char *s, size_t n);
void irw_escaped(IrPrinter *w, const char *s, size_t n);  /* with quotes */
/* MLIR's printFloatValue for a value of float type `type` (0 = f64). */
void irw_float(IrPrinter *w, double v, uint32_t type);
/* The named attribute list `{a = 1, b}` body entry. */
void irw_named_attr(IrPrinter *w, uint32_t name, uint32_t attr);

#endif
