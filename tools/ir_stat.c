/*
 * ir-stat - per module: how many ops of each name, values, blocks, regions,
 * successors, and what the module costs in bytecode (bytes per op).
 *
 *   ir-stat [FILE|DIR|-]... [-o OUT] [--split-input-file]
 */
#include <stdlib.h>
#include <string.h>

#include "tool.h"

typedef struct { uint32_t name, count; } NameCount;
static const IrCtx *sort_ctx;

/* Most frequent first, then by name. */
static int by_count(const void *a, const void *b) {
  const NameCount *x = a, *y = b;
  if (x->count != y->count) return x->count < y->count ? 1 : -1;
  return strcmp(ir_str_ptr(sort_ctx, x->name), ir_str_ptr(sort_ctx, y->name));
}

/* Bytes of `m` as one frame written with `o`, or 0 if it cannot be encoded. */
static size_t frame_size(Tool *t, const IrModule *m, const IrbWriteOpts *o) {
  t->buf.len = 0;
  return irb_write(m, o, &t->buf, &t->diag) == 0 ? t->buf.len : 0;
}

static int stat_module(Tool *t, IrModule *m, void *ud) {
  (void)ud;
  uint32_t ns = ir_n_strs(m->ctx), nn = 0;
  uint32_t *count = calloc(ns ? ns : 1, sizeof *count);
  NameCount *rows = malloc((m->n_ops ? m->n_ops : 1) * sizeof *rows);
  if (!count || !rows) ir_die("out of memory");
  for (uint32_t i = 0; i < m->n_ops; i++)
    if (count[m->ops[i].name]++ == 0) rows[nn++].name = m->ops[i].name;
  for (uint32_t i = 0; i < nn; i++) rows[i].count = count[rows[i].name];
  sort_ctx = m->ctx;
  qsort(rows, nn, sizeof *rows, by_count);
  IrbWriteOpts plain = {.zstd_level = 0}, packed = {.zstd_level = 3};
  size_t raw = frame_size(t, m, &plain), zst = frame_size(t, m, &packed);
  double per = m->n_ops ? (double)raw / m->n_ops : 0;
  FILE *f = t->out;
  fprintf(f, "%smodule %u: %u ops, %u values, %u blocks, %u regions, "
          "%u successors, %u operands\n", t->n_in > 1 ? "\n" : "", t->n_in,
          m->n_ops, m->n_values, m->n_blocks, m->n_regions, m->n_succs,
          m->n_operands);
  fprintf(f, "bytecode: %zu bytes (%.2f per op), zstd-3 %zu bytes", raw, per,
          zst);
  if (t->frame_bytes) fprintf(f, ", input frame %zu bytes", t->frame_bytes);
  fprintf(f, "\n");
  for (uint32_t i = 0; i < nn; i++)
    fprintf(f, "%9u  %s\n", rows[i].count, ir_str_ptr(m->ctx, rows[i].name));
  free(count);
  free(rows);
  return ferror(f) ? -2 : 0;
}

int main(int argc, char **argv) {
  Tool t;
  tool_init(&t, "ir-stat", TOOL_OUT_REPORT,
            "[FILE|DIR|-]... [-o OUT] [--split-input-file]\n\n"
            "Per module: op counts by name, values, blocks, regions,\n"
            "successors, and bytecode bytes per op.",
            NULL);
  tool_args(&t, argc, argv, NULL);
  return tool_run(&t, stat_module, NULL);
}
