/*
 * diag.c - diagnostics (bad input) and ir_die (broken invariants).
 *
 * A diagnostic is one line in MLIR's shape: `file:line:col: error: msg`.
 * A location with no file position prints as `loc(unknown)`, or as
 * `loc("name")` for a bare name location, the way mlir-opt prints them.
 */
#include <stdlib.h>

#include "ctx.h"
#include "irint.h"

static const char *const sev_name[] = {"error", "warning", "note", "remark"};

void ir_diag_init(IrDiag *d, FILE *out) {
  d->out = out;
  d->n_errors = 0;
  d->n_total = 0;
  d->subject = IR_NONE;
}

static void count(IrDiag *d, IrSeverity sev) {
  d->n_total++;
  if (sev == IR_SEV_ERROR) d->n_errors++;
}

static const char *sev_str(IrSeverity sev) {
  return (unsigned)sev < 4 ? sev_name[sev] : "error";
}

/* Write `n` bytes of a name, escaping quotes, backslashes and control bytes
 * so one diagnostic stays one line. */
static void put_escaped(FILE *f, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
    else if (ch < 0x20 || ch == 0x7f) fprintf(f, "\\%02X", ch);
    else fputc(ch, f);
  }
}

void ir_vdiag(IrDiag *d, const IrCtx *c, uint32_t loc, IrSeverity sev,
              const char *fmt, va_list ap) {
  count(d, sev);
  if (!d->out) return;
  FILE *f = d->out;
  uint32_t fp = c && loc < ir_n_locs(c) ? ir_loc_filepos(c, loc) : 0;
  if (fp) {
    const IrLoc *l = ir_loc(c, fp);
    fwrite(ir_str_ptr(c, l->file), 1, ir_str_len(c, l->file), f);
    if (loc == c->chunk_module_loc) fputs(":0:0: ", f);
    else fprintf(f, ":%u:%u: ", l->line, l->col);
  } else if (c && loc && loc < ir_n_locs(c) && ir_loc(c, loc)->kind == IR_L_NAME) {
    const IrLoc *l = ir_loc(c, loc);
    fputs("loc(\"", f);
    put_escaped(f, ir_str_ptr(c, l->a), ir_str_len(c, l->a));
    fputs("\"): ", f);
  } else {
    fputs("loc(unknown): ", f);
  }
  fprintf(f, "%s: ", sev_str(sev));
  vfprintf(f, fmt, ap);
  fputc('\n', f);
}

void ir_diag(IrDiag *d, const IrCtx *c, uint32_t loc, IrSeverity sev,
             const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  ir_vdiag(d, c, loc, sev, fmt, ap);
  va_end(ap);
}

void ir_diag_at(IrDiag *d, const char *file, uint32_t line, uint32_t col,
                IrSeverity sev, const char *fmt, ...) {
  count(d, sev);
  if (!d->out) return;
  FILE *f = d->out;
  if (!file) fputs("loc(unknown)", f);
  else fputs(file, f);
  if (line) {
    fprintf(f, ":%u", line);
    if (col) fprintf(f, ":%u", col);
  }
  fprintf(f, ": %s: ", sev_str(sev));
  va_list ap;
  va_start(ap, fmt);
  vfprintf(f, fmt, ap);
  va_end(ap);
  fputc('\n', f);
}

_Noreturn void ir_die_(const char *file, int line, const char *fmt, ...) {
  fflush(stdout);
  fprintf(stderr, "%s:%d: internal error: ", file, line);
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  abort();
}
