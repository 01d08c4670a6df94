/*
 * print.h - the inside of IrPrinter, shared by print.c (ops, regions, names,
 * aliases), print_type.c and print_attr.c only. Syntax files use the irw_*
 * functions of irint.h.
 */
#ifndef PRINT_H
#define PRINT_H

#include "irint.h"

#define IRW_BUF (1u << 16)      /* output buffer: flushed when full */

/* IrPrinter.vid: a value's printed name. Below IRW_NAMED it is the number
 * of `%N`; with IRW_NAMED set, the low bits are the offset of the
 * NUL-terminated name in IrPrinter.pool. */
#define IRW_NAMED 0x80000000u
#define IRW_UNSET 0xffffffffu

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

struct IrPrinter {
  /* --- output */
  FILE *out;
  char *buf;            /* IRW_BUF bytes */
  size_t len;           /* bytes pending in buf */
  size_t lim;           /* IRW_BUF, or 0 to force the slow path of
                           irw_put (alias pass, pending op name) */
  int err;              /* a write failed */
  int sink;             /* alias pass: print nothing, record visits */
  const char *pend;     /* op name not yet written (see irint.h) */
  size_t pend_len;      /* its length */
  uint32_t indent;      /* current indentation, in spaces */

  /* --- what is printed */
  const IrModule *m;
  IrCtx *c;
  int generic;          /* IrPrintOpts.generic */
  int debuginfo;        /* IrPrintOpts.debuginfo */
  const char **dialect; /* default dialect stack (op name prefix dropped) */
  uint32_t n_dialect, cap_dialect;

  /* --- SSA names (MLIR's SSANameState) */
  uint32_t *vid;        /* per value: number or IRW_NAMED|name offset */
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
  char *pool;           /* names, NUL-terminated; offset 0 is "" */
  char *scratch;        /* a name being sanitized */
  uint32_t cap_scratch;
  uint32_t n_pool, cap_pool;
  /* used names: chained hash set with an undo log (entries are removed
   * in LIFO order when a region scope closes, so each is then the head of
   * its chain) */
  uint32_t *used_head;  /* bucket -> entry + 1, 0 empty */
  uint32_t used_mask;   /* buckets - 1 */
  struct IrwUsed { uint32_t name, next, hash; } *used;
  uint32_t n_used, cap_used;
  uint32_t *scopes;     /* n_used at each open scope */
  uint32_t n_scopes, cap_scopes;
  uint32_t *preds;      /* per block: predecessor uses, see print.c */

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
/* Output fast paths: a memcpy into the buffer when it has room and
 * nothing special is going on. */
static inline void irw_put(IrPrinter *w, const char *s, size_t n) {
  if (w->len + n <= w->lim) {
    memcpy(w->buf + w->len, s, n);
    w->len += n;
  } else {
    irw_put_slow(w, s, n);
  }
}
static inline void irw_putc(IrPrinter *w, char ch) {
  if (w->len < w->lim) w->buf[w->len++] = ch;
  else irw_put_slow(w, &ch, 1);
}
/* Set w->lim from the sink / pend state. */
static inline void irw_update_lim(IrPrinter *w) {
  w->lim = w->sink || w->pend ? 0 : IRW_BUF;
}
void irw_u64(IrPrinter *w, uint64_t v);
void irw_spaces(IrPrinter *w, uint32_t n);
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
