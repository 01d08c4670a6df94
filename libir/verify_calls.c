/*
 * verify_calls.c - func.call against its callee, as CallOp's
 * verifySymbolUses does once everything else verified (symbol uses are the
 * module's last check in MLIR): the callee is a func.func of the nearest
 * symbol table above the call, with the call's operand and result types.
 * Messages are mlir-opt-22's.
 *
 * A module verified a top-level op at a time (ir_verify_memo) cannot look
 * at the other functions: there the calls whose table is the module are
 * kept, with the module's functions, and judged at its end
 * (ir_verify_memo_end); one that fails sends the module to the whole
 * verifier, which reports it. A callee with nested references (@a::@b) is
 * not looked up.
 */
#include <stdio.h>
#include <stdlib.h>

#include "irint.h"


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
  uint64_t *key;     /* table << 32 | name, 0 = empty */
  uint32_t *op;
  uint32_t mask;
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
}

static int is_table(const IrModule *m, uint32_t op) {
  return op != IR_NONE && m->ops[op].opc < IR_N_OPS &&
         (ir_op_info(m->ops[op].opc)->traits & IR_TR_SYMBOL_TABLE);
}

/* Call f(m, table, op, ud) for each direct child of a symbol table: the
 * ops of its regions' blocks (not a walk up from every op). */
static void each_symbol_op(const IrModule *m, void (*f)(const IrModule *, uint32_t,
                                                         uint32_t, void *),
                           void *ud) {
  for (uint32_t t = 0; t < m->n_ops; t++) {
    if (!is_table(m, t)) continue;
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
  uint32_t a = ir_op_prop_lit(m, o, "sym_name");
  const IrAttr *at = a ? ir_attr(m->ctx, a) : NULL;
  if (!at || at->kind != IR_A_STRING) return;
  uint64_t k = (uint64_t)(t + 1) << 32 | at->str;
  uint32_t i = slot_of(s, k);
  if (s->key[i]) return;
  s->key[i] = k;
  s->op[i] = o;
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

/* Every func.call of m, or with `df` those whose table is the root
 * (op 0) kept in df, with the root's symbols. */
static int verify_calls(const IrModule *m, IrDiag *d, IrCallDefer *df) {
  uint32_t any = 0;
  for (uint32_t o = 0; o < m->n_ops && !any; o++) any = m->ops[o].opc == IR_OP_CALL;
  if (df && m->n_ops && m->ops[0].n_regions &&   /* the root's symbols */
      m->regions[m->ops[0].regions].n_blocks)
    for (uint32_t b = m->regions[m->ops[0].regions].blocks, o = m->blocks[b].ops;
         o < m->blocks[b].ops + m->blocks[b].n_ops; o++) {
      uint32_t a = ir_op_prop_lit(m, o, "sym_name");
      const IrAttr *at = a ? ir_attr(m->ctx, a) : NULL;
      if (!at || at->kind != IR_A_STRING) continue;
      push(&df->sym, &df->n_sym, &df->cap_sym, at->str);
      push(&df->sym, &df->n_sym, &df->cap_sym, fn_type(m, o));
    }
  if (!any) return 0;
  SymMap s = {NULL, NULL, 0};   /* made at the first call judged here */
  int bad = 0;
  for (uint32_t o = 0; o < m->n_ops && !bad; o++) {
    if (m->ops[o].opc != IR_OP_CALL) continue;
    uint32_t name = callee_of(m, o), table = name ? table_of(m, o) : IR_NONE;
    if (!name || table == IR_NONE) continue;
    if (df && table == 0) {
      const IrOp *op = &m->ops[o];
      push(&df->call, &df->n_call, &df->cap_call, name);
      push(&df->call, &df->n_call, &df->cap_call, op->n_operands);
      push(&df->call, &df->n_call, &df->cap_call, op->n_results);
      for (uint32_t i = 0; i < op->n_operands; i++)
        push(&df->call, &df->n_call, &df->cap_call, ir_vtype(m, ir_operand(m, o, i)));
      for (uint32_t i = 0; i < op->n_results; i++)
        push(&df->call, &df->n_call, &df->cap_call, ir_vtype(m, ir_result(m, o, i)));
      continue;
    }
    if (!s.key) sym_map(m, &s);
    bad = check_call(m, o, name, fn_type(m, sym_find(&s, table, name)), d) < 0;
  }
  free(s.key);
  free(s.op);
  return bad ? -1 : 0;
}

int ir_verify_calls(const IrModule *m, IrDiag *d) { return verify_calls(m, d, NULL); }

int ir_verify_calls_piece(const IrModule *m, IrDiag *d, IrCallDefer **df) {
  if (!*df) *df = ir_xcalloc(1, sizeof **df);
  return verify_calls(m, d, *df);
}

/* Each kept call against the kept symbols (the first of a name). */
int ir_call_defer_end(IrCallDefer *df, const IrCtx *c) {
  if (!df || !df->n_call) return 0;
  SymMap s;
  map_new(&s, df->n_sym / 2);
  for (size_t i = 0; i < df->n_sym; i += 2) {
    uint64_t k = (uint64_t)1 << 32 | df->sym[i];  /* never 0 (empty) */
    uint32_t j = slot_of(&s, k);
    if (!s.key[j]) s.key[j] = k, s.op[j] = df->sym[i + 1];
  }
  int bad = 0;
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
