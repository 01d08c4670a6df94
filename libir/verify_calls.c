/*
 * verify_calls.c - symbol tables, as MLIR's verifySymbolTable checks each
 * one once everything inside it verified (a table's last check in MLIR):
 * no two of its ops define the same symbol name, then its symbol users,
 * here func.call (the callee is a func.func of the table, with the call's
 * operand and result types) and memref.get_global (its verify hook).
 * Messages are mlir-opt-22's.
 *
 * ir_verify_symbols decides silently; ir_verify_symtab reports the first
 * problem of one table in MLIR's order, for the verifier's reporting walk.
 * A module verified a top-level op at a time (ir_verify_memo) cannot look
 * at the other functions: there the calls whose table is the module are
 * kept, with the module's symbols, and judged at its end
 * (ir_verify_memo_end); one that fails sends the module to the whole
 * verifier, which reports it. A callee with nested references (@a::@b) is
 * not looked up.
 */
#include <stdio.h>
#include <stdlib.h>

#include "irint.h"


/* An op's symbol name as Operation::getAttrOfType<StringAttr>("sym_name")
 * finds it (the property, else the discardable attribute); IR_NONE if it
 * has none. */
static uint32_t sym_name_of(const IrModule *m, uint32_t o) {
  const IrCtx *c = m->ctx;
  uint32_t a = ir_op_prop_lit(m, o, "sym_name");
  if (!a) a = ir_dict_get_lit(c, m->ops[o].attrs, "sym_name");
  const IrAttr *at = a ? ir_attr(c, a) : NULL;
  return at && at->kind == IR_A_STRING ? at->str : IR_NONE;
}

/* The callee's name (a flat @sym), 0 if absent or nested. */
static uint32_t callee_of(const IrModule *m, uint32_t op) {
  uint32_t a = ir_op_prop_lit(m, op, "callee");
  const IrAttr *at = a ? ir_attr(m->ctx, a) : NULL;
  return at && at->kind == IR_A_SYMREF && at->n == 0 ? at->str : 0;
}

/* The function type of func.func op f, 0 if f is not one. */
static uint32_t fn_type(const IrModule *m, uint32_t f) {
  if (f == IR_NONE || m->ops[f].opc != IR_OP_FUNC) return 0;
  uint32_t a = ir_op_prop_lit(m, f, "function_type");
  const IrAttr *at = a ? ir_attr(m->ctx, a) : NULL;
  if (!at || at->kind != IR_A_TYPE || ir_type(m->ctx, at->type)->kind != IR_T_FUNC) return 0;
  return at->type;
}

static void types_str(const IrCtx *c, const uint32_t *t, uint32_t n, char *buf, size_t cap) {
  size_t k = 0;
  buf[0] = 0;
  for (uint32_t i = 0; i < n && k + 4 < cap; i++) {
    k += (size_t)snprintf(buf + k, cap - k, "%s'", i ? ", " : "");
    if (k < cap) k += ir_type_str(c, t[i], buf + k, cap - k);
    if (k < cap) k += (size_t)snprintf(buf + k, cap - k, "'");
  }
}

/* The call's types against function type ft (0: no such function). */
static int check_call(const IrModule *m, uint32_t op, uint32_t name, uint32_t ft, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrOp *o = &m->ops[op];
  if (!ft)
    return ir_syntax_op_error(m, op, d, "'%s' does not reference a valid function",
                              ir_str_ptr(c, name));
  const IrType *t = ir_type(c, ft);
  const uint32_t *in = ir_type_list(c, ft), *res = in + t->n;
  char a[512], b[512];
  if (o->n_operands != t->n)
    return ir_syntax_op_error(m, op, d, "incorrect number of operands for callee");
  for (uint32_t i = 0; i < t->n; i++) {
    uint32_t v = ir_vtype(m, ir_operand(m, op, i));
    if (v == in[i]) continue;
    ir_type_str(c, in[i], a, sizeof a);
    ir_type_str(c, v, b, sizeof b);
    return ir_syntax_op_error(m, op, d, "operand type mismatch: expected operand "
                              "type '%s', but provided '%s' for operand number %u",
                              a, b, i);
  }
  if (o->n_results != t->nres)
    return ir_syntax_op_error(m, op, d, "incorrect number of results for callee");
  for (uint32_t i = 0; i < t->nres; i++) {
    if (ir_vtype(m, ir_result(m, op, i)) == res[i]) continue;
    ir_syntax_op_error(m, op, d, "result type mismatch at index %u", i);
    uint32_t rt[64], n = 0;
    for (; n < o->n_results && n < 64; n++) rt[n] = ir_vtype(m, ir_result(m, op, n));
    types_str(c, rt, n, a, sizeof a);
    types_str(c, res, t->nres, b, sizeof b);
    ir_diag(d, c, o->loc, IR_SEV_NOTE, "      op result types: %s", a);
    ir_diag(d, c, o->loc, IR_SEV_NOTE, "function result types: %s", b);
    return -1;
  }
  return 0;
}

/* (table, name) -> symbol op, open addressing over the ops that are
 * direct children of a symbol table and have a sym_name. */
typedef struct {
  uint64_t *key;     /* table + 1 << 32 | name, 0 = empty */
  uint32_t *op;
  uint32_t mask;
  uint32_t dups;     /* names met again in the same table */
} SymMap;

static uint32_t slot_of(const SymMap *s, uint64_t k) {
  uint32_t i = (uint32_t)((k * 0x9E3779B97F4A7C15ull) >> 32) & s->mask;
  while (s->key[i] && s->key[i] != k) i = (i + 1) & s->mask;
  return i;
}

/* An empty map for n keys (at most half full). */
static void map_new(SymMap *s, size_t n) {
  uint32_t cap = 16;
  while (cap < 2 * n + 2) cap *= 2;
  s->mask = cap - 1;
  s->key = ir_xcalloc(cap, sizeof *s->key);
  s->op = ir_xmalloc(cap * sizeof *s->op);
  s->dups = 0;
}

/* Key k for op o, unless the key is there: IR_NONE, or the op that has it. */
static uint32_t sym_put(SymMap *s, uint64_t k, uint32_t o) {
  uint32_t i = slot_of(s, k);
  if (s->key[i]) return s->op[i];
  s->key[i] = k;
  s->op[i] = o;
  return IR_NONE;
}

static int is_table(const IrModule *m, uint32_t op) {
  return op != IR_NONE && (ir_op_traits(m->ops[op].opc) & IR_TR_SYMBOL_TABLE);
}

/* Call f(m, table, op, ud) for each direct child of a symbol table: the
 * ops of its regions' blocks (not a walk up from every op). */
static void each_symbol_op(const IrModule *m, void (*f)(const IrModule *, uint32_t,
                                                         uint32_t, void *),
                           void *ud) {
  for (uint32_t t = 0; t < m->n_ops; t++) {
    if (!m->ops[t].n_regions || !is_table(m, t)) continue;
    const IrOp *op = &m->ops[t];
    for (uint32_t r = op->regions; r < op->regions + op->n_regions; r++) {
      const IrRegion *rg = &m->regions[r];
      for (uint32_t b = rg->blocks; b < rg->blocks + rg->n_blocks; b++)
        for (uint32_t o = m->blocks[b].ops; o < m->blocks[b].ops + m->blocks[b].n_ops; o++)
          f(m, t, o, ud);
    }
  }
}

static void count_one(const IrModule *m, uint32_t t, uint32_t o, void *ud) {
  (void)m, (void)t, (void)o;
  ++*(uint32_t *)ud;
}

/* The first op of a name in a table (a callee that is not a function is
 * found, and then refused as MLIR does). */
static void add_one(const IrModule *m, uint32_t t, uint32_t o, void *ud) {
  SymMap *s = ud;
  uint32_t name = sym_name_of(m, o);
  if (name == IR_NONE) return;
  if (sym_put(s, (uint64_t)(t + 1) << 32 | name, o) != IR_NONE) s->dups++;
}

static void sym_map(const IrModule *m, SymMap *s) {
  uint32_t n = 0;
  each_symbol_op(m, count_one, &n);
  map_new(s, n);
  each_symbol_op(m, add_one, s);
}

/* The nearest symbol table above op (MLIR's lookupNearestSymbolFrom). */
static uint32_t table_of(const IrModule *m, uint32_t op) {
  uint32_t cur = op;
  while ((cur = ir_op_parent(m, cur)) != IR_NONE)
    if (is_table(m, cur)) return cur;
  return IR_NONE;
}

static uint32_t sym_find(const SymMap *s, uint32_t table, uint32_t name) {
  uint64_t k = (uint64_t)(table + 1) << 32 | name;
  uint32_t i = slot_of(s, k);
  return s->key[i] ? s->op[i] : IR_NONE;
}

/* The calls to judge at the module's end, and its functions. */
struct IrCallDefer {
  uint32_t *call;     /* per call: name, n_in, n_res, then the types */
  size_t n_call, cap_call;
  uint32_t *sym;      /* per symbol: name, function type or 0 */
  size_t n_sym, cap_sym;
};

static void push(uint32_t **a, size_t *n, size_t *cap, uint32_t v) {
  if (*n == *cap) {
    *cap = *cap ? 2 * *cap : 256;
    *a = ir_xrealloc(*a, *cap * sizeof **a);
  }
  (*a)[(*n)++] = v;
}

/* Is any symbol defined twice in a table of m, or any func.call of m
 * wrong? Silent. With `df`, the calls whose table is the root (op 0) are
 * kept in df with the root's symbols instead. */
static int symbols_bad(const IrModule *m, IrCallDefer *df) {
  if (df && m->n_ops && m->ops[0].n_regions &&   /* the root's symbols */
      m->regions[m->ops[0].regions].n_blocks)
    for (uint32_t b = m->regions[m->ops[0].regions].blocks, o = m->blocks[b].ops;
         o < m->blocks[b].ops + m->blocks[b].n_ops; o++) {
      uint32_t name = sym_name_of(m, o);
      if (name == IR_NONE) continue;
      push(&df->sym, &df->n_sym, &df->cap_sym, name);
      push(&df->sym, &df->n_sym, &df->cap_sym, fn_type(m, o));
    }
  /* One sweep: the calls (a piece's calls whose table is the root are
   * kept for the end) and whether a table besides the root exists; a
   * piece with neither anything else to check needs no map. */
  int nested = 0, pending = 0;
  const IrOp *ops = m->ops;     /* in locals: the pushes may alias m */
  for (uint32_t o = 1, n = m->n_ops; o < n; o++) {
    const IrOp *op = &ops[o];
    if (op->opc == IR_OP_CALL) {
      uint32_t name = df ? callee_of(m, o) : 0;
      if (name && table_of(m, o) == 0) {
        push(&df->call, &df->n_call, &df->cap_call, name);
        push(&df->call, &df->n_call, &df->cap_call, op->n_operands);
        push(&df->call, &df->n_call, &df->cap_call, op->n_results);
        for (uint32_t i = 0; i < op->n_operands; i++)
          push(&df->call, &df->n_call, &df->cap_call, ir_vtype(m, ir_operand(m, o, i)));
        for (uint32_t i = 0; i < op->n_results; i++)
          push(&df->call, &df->n_call, &df->cap_call, ir_vtype(m, ir_result(m, o, i)));
        continue;
      }
      pending = 1;
    } else if (op->n_regions && is_table(m, o)) {
      nested = 1;
    }
  }
  if (df && !nested && !pending) return 0;
  SymMap s;
  sym_map(m, &s);
  int bad = s.dups != 0;
  IrDiag quiet;
  ir_diag_init(&quiet, NULL);
  for (uint32_t o = 0; o < m->n_ops && !bad; o++) {
    if (m->ops[o].opc != IR_OP_CALL) continue;
    uint32_t name = callee_of(m, o), table = name ? table_of(m, o) : IR_NONE;
    if (!name || table == IR_NONE || (df && table == 0)) continue;
    bad = check_call(m, o, name, fn_type(m, sym_find(&s, table, name)), &quiet) < 0;
  }
  free(s.key);
  free(s.op);
  return bad ? -1 : 0;
}

int ir_verify_symbols(const IrModule *m) { return symbols_bad(m, NULL); }

int ir_verify_symbols_piece(const IrModule *m, IrCallDefer **df) {
  if (!*df) *df = ir_xcalloc(1, sizeof **df);
  return symbols_bad(m, *df);
}

/* Table t as MLIR's verifySymbolTable checks it: the first op of its
 * blocks whose name an earlier op took, then its symbol users, found by
 * walkSymbolTable (a stack of regions, the last pushed first; nested
 * tables check their own), until one fails. Reports into d. */
int ir_verify_symtab(const IrModule *m, uint32_t t, IrDiag *d) {
  const IrCtx *c = m->ctx;
  const IrOp *top = &m->ops[t];
  uint32_t n = 0;
  for (uint32_t r = top->regions; r < top->regions + top->n_regions; r++)
    for (uint32_t b = m->regions[r].blocks; b < m->regions[r].blocks + m->regions[r].n_blocks; b++)
      n += m->blocks[b].n_ops;
  SymMap s;
  map_new(&s, n);
  int bad = 0;
  for (uint32_t r = top->regions; r < top->regions + top->n_regions && !bad; r++)
    for (uint32_t b = m->regions[r].blocks;
         b < m->regions[r].blocks + m->regions[r].n_blocks && !bad; b++)
      for (uint32_t o = m->blocks[b].ops; o < m->blocks[b].ops + m->blocks[b].n_ops; o++) {
        uint32_t name = sym_name_of(m, o), first;
        if (name == IR_NONE ||
            (first = sym_put(&s, (uint64_t)(t + 1) << 32 | name, o)) == IR_NONE)
          continue;
        ir_diag(d, c, m->ops[o].loc, IR_SEV_ERROR, "redefinition of symbol named '%s'",
                ir_str_ptr(c, name));
        ir_diag(d, c, m->ops[first].loc, IR_SEV_NOTE, "see existing symbol definition here");
        bad = 1;
        break;
      }
  uint32_t *stack = NULL;
  size_t sp = 0, cap = 0;
  for (uint32_t r = top->regions; r < top->regions + top->n_regions; r++)
    push(&stack, &sp, &cap, r);
  while (!bad && sp) {
    const IrRegion *rg = &m->regions[stack[--sp]];
    for (uint32_t b = rg->blocks; b < rg->blocks + rg->n_blocks && !bad; b++)
      for (uint32_t o = m->blocks[b].ops; o < m->blocks[b].ops + m->blocks[b].n_ops; o++) {
        uint32_t name = m->ops[o].opc == IR_OP_CALL ? callee_of(m, o) : 0;
        if (name && check_call(m, o, name, fn_type(m, sym_find(&s, t, name)), d) < 0) {
          bad = 1;
          break;
        }
        /* the other symbol user: its hook looks the global up */
        if (m->ops[o].opc == IR_OP_GET_GLOBAL && ir_op_info(IR_OP_GET_GLOBAL)->verify(m, o, d)) {
          bad = 1;
          break;
        }
        if (is_table(m, o)) continue;
        for (uint32_t r = m->ops[o].regions; r < m->ops[o].regions + m->ops[o].n_regions; r++)
          push(&stack, &sp, &cap, r);
      }
  }
  free(stack);
  free(s.key);
  free(s.op);
  return bad ? -1 : 0;
}

/* Each kept call against the kept symbols, which must have distinct
 * names. */
int ir_call_defer_end(IrCallDefer *df, const IrCtx *c) {
  if (!df) return 0;
  if (!df->n_call && df->n_sym < 4) {   /* no call, at most one symbol */
    df->n_sym = 0;
    return 0;
  }
  SymMap s;
  map_new(&s, df->n_sym / 2);
  int bad = 0;
  for (size_t i = 0; i < df->n_sym; i += 2) {
    /* the key is never 0 (empty); a name defined twice is bad */
    if (sym_put(&s, (uint64_t)1 << 32 | df->sym[i], df->sym[i + 1]) != IR_NONE) bad = 1;
  }
  for (size_t i = 0; i < df->n_call && !bad;) {
    uint32_t name = df->call[i], nin = df->call[i + 1], nres = df->call[i + 2];
    const uint32_t *ty = df->call + i + 3;
    uint32_t j = slot_of(&s, (uint64_t)1 << 32 | name), ft = s.key[j] ? s.op[j] : 0;
    if (!ft) {
      bad = 1;
    } else {
      const IrType *t = ir_type(c, ft);
      const uint32_t *want = ir_type_list(c, ft);
      bad = t->n != nin || t->nres != nres;
      for (uint32_t k = 0; !bad && k < nin + nres; k++) bad = ty[k] != want[k];
    }
    i += 3 + (size_t)nin + nres;
  }
  free(s.key);
  free(s.op);
  df->n_call = df->n_sym = 0;
  return bad ? -1 : 0;
}

void ir_call_defer_free(IrCallDefer *df) {
  if (!df) return;
  free(df->call);
  free(df->sym);
  free(df);
}
