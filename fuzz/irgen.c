/*
 * irgen.c - bufferized MLIR from fuzz bytes: every byte string is read as
 * a sequence of choices, and every choice sequence yields a valid module
 * (it parses and verifies), so the passes, not the parser, get exercised.
 * The shapes are those of tests/bench/gen.py: functions that allocate
 * (alloc, alloca, dynamic, realloc, bufferization.clone), select and view
 * buffers (arith.select, memref.cast, memref.subview), branch (scf.if and
 * scf.index_switch with results, a cf diamond with a block argument), loop
 * (scf.for with iter_args, scf.while), access
 * memory (load, store, copy with in-bounds constant indices) and call each
 * other, returning buffers. When the bytes run out every choice is 0,
 * which ends blocks, so generation always terminates; sizes are bounded by
 * IRGEN_MAX_* below.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "irgen.h"

enum { T_INDEX, T_I1, T_F32, T_M4, T_M8, T_DYN, T_VIEW, T_N };
static const char *const type_name[T_N] = {
    "index", "i1", "f32", "memref<4xf32>", "memref<8xf32>", "memref<?xf32>",
    "memref<2xf32, strided<[1], offset: ?>>"};
/* Elements a load or store may index with a constant: dynamic buffers
 * have at least 1 when allocated by the generator (size %c1..%c4). */
static const int type_elems[T_N] = {0, 0, 0, 4, 8, 1, 2};

#define IRGEN_MAX_FUNCS 4
#define IRGEN_MAX_STMTS 48   /* per block */
#define IRGEN_MAX_DEPTH 3    /* nested regions */
#define IRGEN_MAX_VALUES 512
#define IRGEN_MAX_TEXT (1 << 16)

/* `scope`, what a buffer value may be: the AutomaticAllocationScope (the
 * function, an scf.for body; numbered in creation order, so the visible
 * ones nest in increasing order) whose stack buffer it may be, or 0; plus
 * PROV_ARG if it may be a buffer of a function argument. A stack buffer
 * never leaves its scope (scf.yield of the loop, func.return): the input
 * would hold a dangling buffer, which the pipeline then copies or frees.
 * An argument's buffer is returned only by the last function, which no
 * function calls: the function boundary ABI makes the pipeline return a
 * copy, and a caller that writes the argument after the call would see
 * the difference. Either way the interpreter oracle
 * (oracle.c) would blame the pipeline for the input's assumptions. */
enum { PROV_ARG = 1 << 30 };
typedef struct Val {
  char name[24];
  int type;
  int scope;
} Val;

typedef struct Func {
  char name[8];
  int n_args, args[4];
  int n_res, res[2];
} Func;

typedef struct Gen {
  const uint8_t *p;
  size_t n;
  char *out;
  size_t len, cap;
  int indent;
  int counter;
  Val vals[IRGEN_MAX_VALUES];
  int n_vals;
  Func funcs[IRGEN_MAX_FUNCS];
  int n_funcs;
  int scope, n_scopes;  /* the current AutomaticAllocationScope; count */
} Gen;

/* The next choice in [0, k): one byte, 0 once the bytes are used up. */
static int pick(Gen *g, int k) {
  if (k <= 1) return 0;
  if (!g->n) return 0;
  int v = *g->p++ % k;
  g->n--;
  return v;
}

static void emit(Gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(Gen *g, const char *fmt, ...) {
  char line[512];
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  if (k < 0) return;
  if ((size_t)k >= sizeof line) k = sizeof line - 1;
  size_t need = g->len + (size_t)(2 * g->indent + k + 2);
  if (need > g->cap) {
    size_t cap = g->cap ? g->cap * 2 : 4096;
    while (cap < need) cap *= 2;
    char *o = realloc(g->out, cap);
    if (!o) abort();
    g->out = o;
    g->cap = cap;
  }
  for (int i = 0; i < g->indent; i++) {
    g->out[g->len++] = ' ';
    g->out[g->len++] = ' ';
  }
  memcpy(g->out + g->len, line, (size_t)k);
  g->len += (size_t)k;
  g->out[g->len++] = '\n';
  g->out[g->len] = 0;
}

static const char *fresh(Gen *g, int type, const char *hint) {
  static char spare[24];
  char *name = spare;
  if (g->n_vals < IRGEN_MAX_VALUES) {
    g->vals[g->n_vals].type = type;
    g->vals[g->n_vals].scope = 0;
    name = g->vals[g->n_vals++].name;
  }
  snprintf(name, 24, "%%%s%d", hint, g->counter++);
  return name;
}

/* Make a named value visible (dropped when the table is full). */
static void push(Gen *g, const char *name, int type, int scope) {
  if (g->n_vals == IRGEN_MAX_VALUES) return;
  Val *v = &g->vals[g->n_vals++];
  snprintf(v->name, sizeof v->name, "%s", name);
  v->type = type;
  v->scope = scope;
}

/* The scope of a visible value (0 if not found: a constant). */
static int scope_of(const Gen *g, const char *name) {
  for (int i = g->n_vals - 1; i >= 0; i--)
    if (!strcmp(g->vals[i].name, name)) return g->vals[i].scope;
  return 0;
}

/* What a value made of a or b may be. */
static int max2(int a, int b) {
  int sa = a & ~PROV_ARG, sb = b & ~PROV_ARG;
  return (sa > sb ? sa : sb) | ((a | b) & PROV_ARG);
}

/* The last fresh value may be a stack buffer of `scope`. */
static void set_scope(Gen *g, int scope) {
  if (g->n_vals) g->vals[g->n_vals - 1].scope = scope;
}

static int forbids(int forbid, int prov) {
  int fs = forbid & ~PROV_ARG;
  return (fs && (prov & ~PROV_ARG) == fs) || (forbid & prov & PROV_ARG);
}

/* A visible value of the type that is no stack buffer of scope `forbid`
 * (and no argument's buffer if `forbid` has PROV_ARG; 0: any), or NULL.
 * Later values are likelier. */
static const char *any_but(Gen *g, int type, int forbid) {
  int idx[IRGEN_MAX_VALUES], n = 0;
  for (int i = 0; i < g->n_vals; i++)
    if (g->vals[i].type == type && !forbids(forbid, g->vals[i].scope))
      idx[n++] = i;
  if (!n) return NULL;
  int k = pick(g, n + 2);
  return g->vals[idx[k >= n ? n - 1 : n - 1 - k]].name;
}

static const char *any(Gen *g, int type) { return any_but(g, type, 0); }

static int has(const Gen *g, int type) {
  for (int i = 0; i < g->n_vals; i++)
    if (g->vals[i].type == type) return 1;
  return 0;
}

/* A memref type with a visible value (views only if `views`), or -1. */
static int memref_type(Gen *g, int views) {
  int ts[4], n = 0;
  for (int t = T_M4; t <= T_VIEW; t++)
    if ((views || t != T_VIEW) && has(g, t)) ts[n++] = t;
  return n ? ts[pick(g, n)] : -1;
}

/* A buffer: memref.alloca (unless `heap`) or memref.alloc. */
static void alloc_kind(Gen *g, int type, int heap) {
  int stack = pick(g, 5) == 0 && !heap;
  const char *kind = stack ? "memref.alloca" : "memref.alloc";
  if (type == T_DYN) {
    const char *v = fresh(g, T_DYN, "a");
    emit(g, "%s = %s(%%c%d) : memref<?xf32>", v, kind, 1 + pick(g, 4));
  } else {
    const char *v = fresh(g, type, "a");
    emit(g, "%s = %s() : %s", v, kind, type_name[type]);
  }
  if (stack) set_scope(g, g->scope);
}

static void alloc(Gen *g, int type) { alloc_kind(g, type, 0); }

/* A visible value of the type, made when there is none. */
static const char *value_or_alloc(Gen *g, int type) {
  const char *v = any(g, type);
  if (v) return v;
  switch (type) {
  case T_INDEX:
    return "%c1";
  case T_I1:
    v = fresh(g, T_I1, "b");
    emit(g, "%s = arith.cmpi ult, %%c%d, %%c2 : index", v, pick(g, 4));
    return v;
  case T_F32:
    return "%cst";
  case T_VIEW: {
    alloc(g, T_M8);
    const char *m = g->vals[g->n_vals - 1].name;
    int sc = g->vals[g->n_vals - 1].scope;
    v = fresh(g, T_VIEW, "s");
    emit(g, "%s = memref.subview %s[%%c%d] [2] [1] : memref<8xf32> to %s", v, m,
         pick(g, 5), type_name[T_VIEW]);
    set_scope(g, sc);
    return v;
  }
  default:
    alloc(g, type);
    return g->vals[g->n_vals - 1].name;
  }
}

/* A visible value of a memref type that `forbid` (see any_but) allows,
 * or a new heap buffer. */
static const char *value_or_heap(Gen *g, int type, int forbid) {
  const char *v = any_but(g, type, forbid);
  if (v) return v;
  alloc_kind(g, type, 1);
  return g->vals[g->n_vals - 1].name;
}

static void block(Gen *g, int depth, int max);

static void stmt_scf_if(Gen *g, int depth) {
  int t = memref_type(g, 0);
  if (t < 0) t = T_M4;
  const char *c = value_or_alloc(g, T_I1);
  char res[24];
  snprintf(res, sizeof res, "%%r%d", g->counter++);
  emit(g, "%s = scf.if %s -> (%s) {", res, c, type_name[t]);
  int sc = 0;
  for (int arm = 0; arm < 2; arm++) {
    if (arm) emit(g, "} else {");
    int mark = g->n_vals;
    g->indent++;
    block(g, depth + 1, 4);
    const char *y = pick(g, 2) ? NULL : any(g, t);
    if (!y) {
      alloc(g, t);
      y = g->vals[g->n_vals - 1].name;
    }
    sc = max2(sc, scope_of(g, y));
    emit(g, "scf.yield %s : %s", y, type_name[t]);
    g->indent--;
    g->n_vals = mark;
  }
  emit(g, "}");
  push(g, res, t, sc);
}

/* scf.index_switch on an index value, 1 or 2 cases and the default, each
 * yielding a buffer (another region-branch op for the ownership pass). */
static void stmt_index_switch(Gen *g, int depth) {
  int t = memref_type(g, 0);
  if (t < 0) t = T_M4;
  const char *x = value_or_alloc(g, T_INDEX);
  char res[24];
  snprintf(res, sizeof res, "%%x%d", g->counter++);
  emit(g, "%s = scf.index_switch %s -> %s", res, x, type_name[t]);
  int n_cases = 1 + pick(g, 2), sc = 0;
  for (int arm = 0; arm <= n_cases; arm++) {
    if (arm < n_cases)
      emit(g, "case %d {", arm);
    else
      emit(g, "default {");
    int mark = g->n_vals;
    g->indent++;
    block(g, depth + 1, 3);
    const char *y = pick(g, 2) ? NULL : any(g, t);
    if (!y) {
      alloc(g, t);
      y = g->vals[g->n_vals - 1].name;
    }
    sc = max2(sc, scope_of(g, y));
    emit(g, "scf.yield %s : %s", y, type_name[t]);
    g->indent--;
    g->n_vals = mark;
    emit(g, "}");
  }
  push(g, res, t, sc);
}

static void stmt_scf_for(Gen *g, int depth) {
  int t = memref_type(g, 0);
  if (t < 0) t = T_M4;
  const char *init = value_or_alloc(g, t);
  char res[24], iv[24], acc[24];
  snprintf(res, sizeof res, "%%r%d", g->counter++);
  snprintf(iv, sizeof iv, "%%iv%d", g->counter++);
  snprintf(acc, sizeof acc, "%%acc%d", g->counter++);
  emit(g, "%s = scf.for %s = %%c0 to %%c%d step %%c1 iter_args(%s = %s) -> (%s) {",
       res, iv, pick(g, 4), acc, init, type_name[t]);
  int mark = g->n_vals, outer = g->scope, sc = scope_of(g, init);
  g->scope = ++g->n_scopes;  /* the body is an AutomaticAllocationScope */
  g->indent++;
  if (g->n_vals + 2 <= IRGEN_MAX_VALUES) {
    push(g, iv, T_INDEX, 0);
    push(g, acc, t, sc);
  }
  block(g, depth + 1, 5);
  const char *y = value_or_heap(g, t, g->scope);
  sc = max2(sc, scope_of(g, y));
  emit(g, "scf.yield %s : %s", y, type_name[t]);
  g->indent--;
  g->n_vals = mark;
  g->scope = outer;
  emit(g, "}");
  push(g, res, t, sc);
}

static void stmt_scf_while(Gen *g, int depth) {
  int t = memref_type(g, 0);
  if (t < 0) t = T_M4;
  const char *m0 = value_or_alloc(g, t);
  int k = g->counter;
  g->counter += 6;
  emit(g, "%%w%d:2 = scf.while (%%x%d = %%c0, %%y%d = %s) : (index, %s) -> (index, %s) {",
       k, k, k, m0, type_name[t], type_name[t]);
  g->indent++;
  emit(g, "%%b%d = arith.cmpi slt, %%x%d, %%c%d : index", k, k, pick(g, 4));
  emit(g, "scf.condition(%%b%d) %%x%d, %%y%d : index, %s", k, k, k, type_name[t]);
  g->indent--;
  emit(g, "} do {");
  emit(g, "^bb0(%%p%d: index, %%q%d: %s):", k, k, type_name[t]);
  int mark = g->n_vals, sc = scope_of(g, m0);
  char name[24];
  g->indent++;
  snprintf(name, sizeof name, "%%q%d", k);
  push(g, name, t, sc);
  block(g, depth + 1, 4);
  emit(g, "%%n%d = arith.addi %%p%d, %%c1 : index", k, k);
  const char *y = value_or_alloc(g, t);
  sc = max2(sc, scope_of(g, y));
  emit(g, "scf.yield %%n%d, %s : index, %s", k, y, type_name[t]);
  g->indent--;
  g->n_vals = mark;
  emit(g, "}");
  snprintf(name, sizeof name, "%%w%d#1", k);
  push(g, name, t, sc);
}

static void stmt_call(Gen *g) {
  if (!g->n_funcs) return;
  const Func *f = &g->funcs[pick(g, g->n_funcs)];
  char args[256] = "", sig[256] = "";
  for (int i = 0; i < f->n_args; i++) {
    const char *v = value_or_alloc(g, f->args[i]);
    size_t a = strlen(args), s = strlen(sig);
    snprintf(args + a, sizeof args - a, "%s%s", i ? ", " : "", v);
    snprintf(sig + s, sizeof sig - s, "%s%s", i ? ", " : "",
             type_name[f->args[i]]);
  }
  if (!f->n_res) {
    emit(g, "func.call @%s(%s) : (%s) -> ()", f->name, args, sig);
    return;
  }
  int k = g->counter++;
  char res[128] = "";
  for (int i = 0; i < f->n_res; i++) {
    size_t r = strlen(res);
    snprintf(res + r, sizeof res - r, "%s%s", i ? ", " : "",
             type_name[f->res[i]]);
  }
  emit(g, "%%call%d:%d = func.call @%s(%s) : (%s) -> (%s)", k, f->n_res,
       f->name, args, sig, res);
  for (int i = 0; i < f->n_res; i++) {
    char name[24];
    snprintf(name, sizeof name, "%%call%d#%d", k, i);
    push(g, name, f->res[i], 0);  /* functions return no stack buffer */
  }
}

static void stmt(Gen *g, int depth) {
  int c = pick(g, depth < IRGEN_MAX_DEPTH ? 19 : 15);
  switch (c) {
  case 0: case 1:
    alloc(g, T_M4 + pick(g, 3));
    break;
  case 2: {
    const char *a = value_or_alloc(g, T_INDEX), *b = value_or_alloc(g, T_INDEX);
    static const char *const ops[] = {"addi", "muli", "subi", "maxsi", "minui"};
    const char *v = fresh(g, T_INDEX, "i");
    emit(g, "%s = arith.%s %s, %s : index", v, ops[pick(g, 5)], a, b);
    break;
  }
  case 3: {
    const char *a = value_or_alloc(g, T_INDEX), *b = value_or_alloc(g, T_INDEX);
    static const char *const preds[] = {"eq", "ne", "slt", "ule", "sgt"};
    const char *v = fresh(g, T_I1, "b");
    emit(g, "%s = arith.cmpi %s, %s, %s : index", v, preds[pick(g, 5)], a, b);
    break;
  }
  case 4: case 5: { /* load or store, in bounds */
    int t = memref_type(g, 1);
    if (t < 0) break;
    const char *m = any(g, t);
    int k = pick(g, type_elems[t] < 5 ? type_elems[t] : 5);
    if (c == 4) {
      const char *v = fresh(g, T_F32, "f");
      emit(g, "%s = memref.load %s[%%c%d] : %s", v, m, k, type_name[t]);
    } else {
      emit(g, "memref.store %s, %s[%%c%d] : %s", value_or_alloc(g, T_F32), m,
           k, type_name[t]);
    }
    break;
  }
  case 6: { /* a view: subview of an 8-element buffer, or a cast */
    if (pick(g, 2)) {
      const char *m = value_or_alloc(g, T_M8);
      int sc = scope_of(g, m);
      const char *v = fresh(g, T_VIEW, "s");
      emit(g, "%s = memref.subview %s[%%c%d] [2] [1] : memref<8xf32> to %s", v,
           m, pick(g, 5), type_name[T_VIEW]);
      set_scope(g, sc);
    } else {
      int t = T_M4 + pick(g, 2);
      const char *m = value_or_alloc(g, t);
      int sc = scope_of(g, m);
      const char *v = fresh(g, T_DYN, "k");
      emit(g, "%s = memref.cast %s : %s to memref<?xf32>", v, m, type_name[t]);
      set_scope(g, sc);
    }
    break;
  }
  case 7: { /* select of two buffers of one type */
    int t = memref_type(g, 1);
    if (t < 0) break;
    const char *c2 = value_or_alloc(g, T_I1);
    const char *a = any(g, t), *b = any(g, t);
    int sc = max2(scope_of(g, a), scope_of(g, b));
    const char *v = fresh(g, t, "sel");
    emit(g, "%s = arith.select %s, %s, %s : %s", v, c2, a, b, type_name[t]);
    set_scope(g, sc);
    break;
  }
  case 8: {
    int t = T_M4 + pick(g, 2);
    const char *a = value_or_alloc(g, t), *b = value_or_alloc(g, t);
    emit(g, "memref.copy %s, %s : %s to %s", a, b, type_name[t], type_name[t]);
    break;
  }
  case 9:
    stmt_call(g);
    break;
  case 10: {
    const char *a = value_or_alloc(g, T_F32);
    const char *v = fresh(g, T_F32, "f");
    emit(g, "%s = arith.addf %s, %s : f32", v, a, a);
    break;
  }
  case 11: case 12:
    alloc(g, T_DYN);
    break;
  case 13: { /* memref.realloc of a fresh heap buffer (the old value is
               * dead afterwards, so it never becomes visible) */
    int dyn = pick(g, 2);
    char old[24];
    snprintf(old, sizeof old, "%%o%d", g->counter++);
    if (dyn) {
      emit(g, "%s = memref.alloc(%%c%d) : memref<?xf32>", old, 1 + pick(g, 4));
      const char *v = fresh(g, T_DYN, "re");
      emit(g, "%s = memref.realloc %s(%%c%d) : memref<?xf32> to memref<?xf32>",
           v, old, 1 + pick(g, 4));
    } else {
      int t = T_M4 + pick(g, 2);
      emit(g, "%s = memref.alloc() : %s", old, type_name[t]);
      const char *v = fresh(g, T_M4 + T_M8 - t, "re");
      emit(g, "%s = memref.realloc %s : %s to %s", v, old, type_name[t],
           type_name[T_M4 + T_M8 - t]);
    }
    break;
  }
  case 14: { /* bufferization.clone, read at once and never visible:
               * writing the source or the clone after the clone is
               * undefined (the op's documentation; canonicalize may fold
               * the clone into its source) */
    int t = memref_type(g, 0);
    if (t < 0) break;
    const char *m = any(g, t);
    int k = g->counter++;
    emit(g, "%%cl%d = bufferization.clone %s : %s to %s", k, m, type_name[t],
         type_name[t]);
    const char *v = fresh(g, T_F32, "f");
    emit(g, "%s = memref.load %%cl%d[%%c%d] : %s", v, k,
         pick(g, type_elems[t] < 5 ? type_elems[t] : 5), type_name[t]);
    break;
  }
  case 15:
    stmt_scf_if(g, depth);
    break;
  case 16:
    stmt_scf_for(g, depth);
    break;
  case 17:
    stmt_scf_while(g, depth);
    break;
  case 18:
    stmt_index_switch(g, depth);
    break;
  }
}

/* Up to `max` statements; choice 0 of the count ends the block early. */
static void block(Gen *g, int depth, int max) {
  int n = pick(g, max + 1);
  for (int i = 0; i < n && g->len < IRGEN_MAX_TEXT; i++) stmt(g, depth);
}

/* `last`: no function calls this one (calls go to earlier functions), so
 * it may return its arguments' buffers: only a caller could see that the
 * pipeline returns copies. */
static void ret(Gen *g, const Func *f, int last) {
  char vals[256] = "", tys[256] = "";
  for (int i = 0; i < f->n_res; i++) {
    const char *v = value_or_heap(g, f->res[i], g->scope | (last ? 0 : PROV_ARG));
    size_t a = strlen(vals), t = strlen(tys);
    snprintf(vals + a, sizeof vals - a, "%s%s", i ? ", " : "", v);
    snprintf(tys + t, sizeof tys - t, "%s%s", i ? ", " : "",
             type_name[f->res[i]]);
  }
  if (f->n_res)
    emit(g, "return %s : %s", vals, tys);
  else
    emit(g, "return");
}

static void func(Gen *g, int k, int last) {
  Func *f = &g->funcs[k];
  snprintf(f->name, sizeof f->name, "f%d", k);
  f->n_args = 1 + pick(g, 3);
  for (int i = 0; i < f->n_args; i++)
    f->args[i] = i == 0 ? T_I1 : T_M4 + pick(g, 3);
  f->n_res = pick(g, 3);
  for (int i = 0; i < f->n_res; i++) f->res[i] = T_M4 + pick(g, 3);

  char sig[256] = "", res[128] = "";
  for (int i = 0; i < f->n_args; i++) {
    size_t s = strlen(sig);
    snprintf(sig + s, sizeof sig - s, "%s%%arg%d: %s", i ? ", " : "", i,
             type_name[f->args[i]]);
  }
  for (int i = 0; i < f->n_res; i++) {
    size_t r = strlen(res);
    snprintf(res + r, sizeof res - r, "%s%s", i ? ", " : "",
             type_name[f->res[i]]);
  }
  const char *vis = pick(g, 3) == 0 ? "private " : "";
  emit(g, "func.func %s@%s(%s)%s%s%s {", vis, f->name, sig,
       f->n_res ? " -> (" : "", res, f->n_res ? ")" : "");
  g->indent++;
  g->n_vals = 0;
  g->scope = ++g->n_scopes;
  char name[24];
  for (int i = 0; i < f->n_args; i++) {
    snprintf(name, sizeof name, "%%arg%d", i);
    push(g, name, f->args[i], i ? PROV_ARG : 0);
  }
  for (int c = 0; c < 5; c++) {
    emit(g, "%%c%d = arith.constant %d : index", c, c);
    snprintf(name, sizeof name, "%%c%d", c);
    push(g, name, T_INDEX, 0);
  }
  emit(g, "%%cst = arith.constant 1.500000e+00 : f32");
  push(g, "%cst", T_F32, 0);

  block(g, 0, IRGEN_MAX_STMTS / 4);
  if (pick(g, 2)) {
    /* a cf diamond joined by a buffer argument */
    int t = T_M4 + pick(g, 3);
    value_or_alloc(g, t);
    emit(g, "cf.cond_br %%arg0, ^bb1, ^bb2");
    int mark = g->n_vals, sc = 0;
    for (int bb = 1; bb <= 2; bb++) {
      g->indent--;
      emit(g, "^bb%d:", bb);
      g->indent++;
      block(g, 1, 5);
      const char *y = pick(g, 2) ? NULL : any(g, t);
      if (!y) {
        alloc(g, t);
        y = g->vals[g->n_vals - 1].name;
      }
      sc = max2(sc, scope_of(g, y));
      emit(g, "cf.br ^bb3(%s : %s)", y, type_name[t]);
      g->n_vals = mark;
    }
    g->indent--;
    emit(g, "^bb3(%%join: %s):", type_name[t]);
    g->indent++;
    push(g, "%join", t, sc);
    block(g, 1, 5);
  }
  ret(g, f, last);
  g->indent--;
  emit(g, "}");
}

char *irgen_module(const uint8_t *data, size_t size, size_t *len) {
  Gen *g = calloc(1, sizeof *g);
  if (!g) abort();
  g->p = data;
  g->n = size;
  int n = 1 + pick(g, IRGEN_MAX_FUNCS);
  for (int k = 0; k < n; k++) {
    func(g, k, k == n - 1);
    g->n_funcs = k + 1;
  }
  char *out = g->out;
  if (len) *len = g->len;
  free(g);
  return out;
}
