/*
 * interp_report.c - what a run found, as text: locations, values (memrefs
 * with their contents) and error lines in MLIR's diagnostic shape,
 *
 *   FILE:LINE:COL: error: KIND: WHAT[; BUFFER][ in @f(ARGS)][ (N of M runs)]
 *
 * where LOC is the offending op (for a leak, the allocating op) and BUFFER
 * says where the buffer came from and where it was freed.
 */
#include <math.h>
#include <stdlib.h>

#include "interpint.h"

const char *ix_op_name(const IrInterp *ip, uint32_t op) {
  return ir_str_ptr(ip->ctx, ip->m->ops[op].name);
}

const char *ir_interp_loc(const IrInterp *ip, uint32_t op, char *buf,
                          size_t cap) {
  const IrCtx *c = ip->ctx;
  uint32_t loc = op < ip->m->n_ops ? ip->m->ops[op].loc : 0;
  uint32_t fp = loc ? ir_loc_filepos(c, loc) : 0;
  if (fp) {
    const IrLoc *l = ir_loc(c, fp);
    snprintf(buf, cap, "%s:%u:%u", ir_str_ptr(c, l->file), l->line, l->col);
  } else {
    snprintf(buf, cap, "loc(unknown)");
  }
  return buf;
}

/* Shortest text that reads back as the same value of float kind k. */
static void print_float(double v, ElKind k, FILE *out) {
  char buf[40];
  if (isnan(v)) {
    fputs("nan", out);
    return;
  }
  if (isinf(v)) {
    fputs(v < 0 ? "-inf" : "inf", out);
    return;
  }
  for (int p = 1; p <= 17; p++) {
    snprintf(buf, sizeof buf, "%.*g", p, v);
    if (ix_round(strtod(buf, NULL), k) == v) break;
  }
  /* keep it a float literal: 1 -> 1.0 */
  if (!strpbrk(buf, ".eEn")) strcat(buf, ".0");
  fputs(buf, out);
}

void ix_print_scalar(IrInterp *ip, int64_t v, uint32_t type, FILE *out) {
  ElKind k = ix_float_kind(ip->ctx, type);
  uint32_t w = ix_int_width(ip->ctx, type);
  if (k) print_float(ix_f(v), k, out);
  else if (w == 1 && ir_type(ip->ctx, type)->kind == IR_T_INT)
    fputs(v & 1 ? "true" : "false", out);
  else if (w) fprintf(out, "%lld", (long long)ix_sext((uint64_t)v, w));
  else fputs("?", out);
}

static void print_list(const int64_t *v, int64_t n, FILE *out) {
  fputc('[', out);
  for (int64_t i = 0; i < n; i++)
    fprintf(out, "%s%lld", i ? ", " : "", (long long)v[i]);
  fputc(']', out);
}

void ix_print_value(IrInterp *ip, const int64_t *s, uint32_t type, FILE *out) {
  char tb[256], loc[256];
  ir_type_str(ip->ctx, type, tb, sizeof tb);
  if (!ir_type_is_memref(ip->ctx, type)) {
    ix_print_scalar(ip, *s, type, out);
    fprintf(out, " : %s", tb);
    return;
  }
  uint64_t id = (uint64_t)s[MR_OBJ];
  ix_print_contents(ip, s, type, out);
  fprintf(out, " : %s", tb);
  if (!id || id >= ip->n_objs) return;
  const Obj *o = &ip->objs[id];
  fprintf(out, " (buffer #%llu", (unsigned long long)id);
  switch ((IrBufKind)o->kind) {
  case IR_BUF_ARGUMENT: fprintf(out, ", argument #%u", o->arg); break;
  case IR_BUF_GLOBAL: fprintf(out, ", a global"); break;
  default:
    fprintf(out, " from %s at %s", ix_op_name(ip, o->alloc_op),
            ir_interp_loc(ip, o->alloc_op, loc, sizeof loc));
    break;
  }
  fprintf(out, "; offset %lld, sizes ", (long long)s[MR_OFF]);
  print_list(s + MR_SIZES, s[MR_RANK], out);
  fputs(", strides ", out);
  print_list(s + MR_SIZES + s[MR_RANK], s[MR_RANK], out);
  if (s[MR_SHIFT]) fprintf(out, ", byte shift %lld", (long long)s[MR_SHIFT]);
  fputc(')', out);
}

/* Where the buffer of an error came from and how it ended. */
static void describe(const IrInterp *ip, const IrRunError *e, FILE *out) {
  char loc[256];
  const IrModule *m = ip->m;
  switch (e->buf) {
  case IR_BUF_NONE: return;
  case IR_BUF_ARGUMENT:
    fprintf(out, "; the buffer of argument #%u", e->arg);
    break;
  case IR_BUF_GLOBAL: {
    uint32_t n = ir_op_prop(m, e->alloc_op, "sym_name");
    const IrAttr *a = n ? ir_attr(ip->ctx, n) : NULL;
    fprintf(out, "; global @%s declared at %s",
            a && a->kind == IR_A_STRING ? ir_str_ptr(ip->ctx, a->str) : "?",
            ir_interp_loc(ip, e->alloc_op, loc, sizeof loc));
    break;
  }
  default:
    if (e->alloc_op == IR_NONE) return;
    fprintf(out, "; %s allocated at %s by %s",
            e->buf == IR_BUF_ALLOCA ? "stack buffer" : "buffer",
            ir_interp_loc(ip, e->alloc_op, loc, sizeof loc),
            ix_op_name(ip, e->alloc_op));
    break;
  }
  if (e->free_op == IR_NONE) return;
  if (e->buf == IR_BUF_ALLOCA)
    fprintf(out, ", whose scope ended at %s",
            ir_interp_loc(ip, e->free_op, loc, sizeof loc));
  else
    fprintf(out, ", freed at %s by %s",
            ir_interp_loc(ip, e->free_op, loc, sizeof loc),
            ix_op_name(ip, e->free_op));
}

void ir_interp_print_error(const IrInterp *ip, const IrRunError *e,
                           const char *call, uint64_t count, uint64_t runs,
                           FILE *out) {
  char loc[256];
  fprintf(out, "%s: error: %s: ", ir_interp_loc(ip, e->op, loc, sizeof loc),
          ir_run_error_name(e->kind));
  if (e->kind == IR_RUN_LEAK) {
    fprintf(out, "buffer allocated here by %s is never freed",
            e->op < ip->m->n_ops ? ix_op_name(ip, e->op) : "?");
  } else {
    fputs(e->what, out);
    describe(ip, e, out);
  }
  if (call) fprintf(out, " in %s", call);
  if (count) fprintf(out, " (%llu of %llu runs)", (unsigned long long)count,
                     (unsigned long long)runs);
  fputc('\n', out);
}
