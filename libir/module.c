/*
 * module.c - module allocation, the layout checker, and small queries.
 *
 * ir_module_check is what makes raw arrays (from the bytecode reader)
 * safe to walk: it replays the freeze order over the arrays themselves, so
 * every range must start exactly where the previous one of its kind ended.
 * That one rule gives "every op, block, region, value, operand and
 * successor is claimed exactly once" for free, and the whole check is one
 * linear sweep that reads nothing before checking its index. It also
 * enforces the readers' nesting bound (IR_MAX_DEPTH regions deep), which
 * keeps the verifier's walks up the region tree short.
 */
#include <stdarg.h>
#include <stdlib.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "irint.h"

#define MOD_HDR 16  /* bytes before the IrModule: its allocation size, and
                       whether module.c malloc'ed it (see module_new) */
/* Below this many bytes ir_module_alloc_raw takes plain malloc: calloc of
 * recycled heap memory is a memset of the whole module, which the reader
 * then overwrites (91 modules of the mixed pipeline corpus: 6.8M
 * instructions of dd-own's 649M). Bigger ones are mapped, and fresh pages
 * are zero for free. */
#define MOD_RAW_MAX ((size_t)128 << 10)

#if defined(__SANITIZE_ADDRESS__)
#define MOD_POISON 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MOD_POISON 1
#endif
#endif

/* One allocation: the header, then each array, each aligned to 8. `raw`:
 * the arrays may hold garbage (the caller writes every field); 2: nor
 * are they cleared or poisoned, so that untouched pages stay so
 * (ir_module_alloc_room). */
static IrModule *module_new(IrCtx *c, uint32_t n_ops, uint32_t n_operands,
                            uint32_t n_values, uint32_t n_blocks,
                            uint32_t n_regions, uint32_t n_succs, int raw) {
  if (n_ops > IR_MAX_COUNT || n_operands > IR_MAX_COUNT ||
      n_values > IR_MAX_COUNT || n_blocks > IR_MAX_COUNT ||
      n_regions > IR_MAX_COUNT || n_succs > IR_MAX_COUNT)
    return NULL;
#define AL(x) (((x) + 7) & ~(size_t)7)
  size_t off_ops = AL(sizeof(IrModule));
  size_t off_opd = off_ops + AL((size_t)n_ops * sizeof(IrOp));
  size_t off_val = off_opd + AL((size_t)n_operands * sizeof(uint32_t));
  size_t off_blk = off_val + AL((size_t)n_values * sizeof(IrValue));
  size_t off_reg = off_blk + AL((size_t)n_blocks * sizeof(IrBlock));
  size_t off_suc = off_reg + AL((size_t)n_regions * sizeof(IrRegion));
  size_t total = off_suc + AL((size_t)n_succs * sizeof(IrSucc));
#undef AL
  /* The allocation's size goes in a header before the module, for
   * ir_big_free; big modules get huge pages (mem.c). */
  uint64_t own = raw == 1 && total + MOD_HDR < MOD_RAW_MAX;
#ifdef MOD_POISON
  /* sanitizer builds fill _raw memory (mem.c); malloc's does not touch */
  if (raw == 2) own = 1;
#endif
  char *p = (char *)(own        ? ir_xmalloc(total + MOD_HDR)
                     : raw == 2 ? ir_big_alloc_raw(total + MOD_HDR)
                                : ir_big_alloc(total + MOD_HDR)) + MOD_HDR;
  memcpy(p - MOD_HDR, &total, sizeof total);
  memcpy(p - MOD_HDR + 8, &own, sizeof own);
  IrModule *m = (IrModule *)p;
#ifdef MOD_POISON
  /* sanitizer builds: garbage that ir_module_check would catch, so a field
   * the reader forgets to write cannot pass as a lucky zero */
  if (raw == 1) memset(p, 0xa5, total);
#endif
  memset(m, 0, sizeof *m);
  m->ctx = c;
  m->ops = (IrOp *)(p + off_ops);
  m->n_ops = n_ops;
  m->operands = (uint32_t *)(p + off_opd);
  m->n_operands = n_operands;
  m->values = (IrValue *)(p + off_val);
  m->n_values = n_values;
  m->blocks = (IrBlock *)(p + off_blk);
  m->n_blocks = n_blocks;
  m->regions = (IrRegion *)(p + off_reg);
  m->n_regions = n_regions;
  m->succs = (IrSucc *)(p + off_suc);
  m->n_succs = n_succs;
  return m;
}

IrModule *ir_module_alloc(IrCtx *c, uint32_t n_ops, uint32_t n_operands,
                          uint32_t n_values, uint32_t n_blocks,
                          uint32_t n_regions, uint32_t n_succs) {
  return module_new(c, n_ops, n_operands, n_values, n_blocks, n_regions,
                    n_succs, 0);
}

IrModule *ir_module_alloc_raw(IrCtx *c, uint32_t n_ops, uint32_t n_operands,
                              uint32_t n_values, uint32_t n_blocks,
                              uint32_t n_regions, uint32_t n_succs) {
  return module_new(c, n_ops, n_operands, n_values, n_blocks, n_regions,
                    n_succs, 1);
}

IrModule *ir_module_alloc_room(IrCtx *c, uint32_t n_ops, uint32_t n_operands,
                               uint32_t n_values, uint32_t n_blocks,
                               uint32_t n_regions, uint32_t n_succs) {
  return module_new(c, n_ops, n_operands, n_values, n_blocks, n_regions,
                    n_succs, 2);
}

/* The reader writes every page of a decoded module's arrays, one after
 * the other: a mapped module (2 MB or more, mem.c) took a fault per 4 KB
 * page as the writes reached it. MADV_POPULATE_WRITE makes those pages in
 * one call, with no trap per page. (20 MB bench corpus, ir-dis, 20 runs
 * alternating with the build without it: system time 0.54 -> 0.39 s and
 * 0.42 -> 0.34 s, wall 2.07 -> 1.95 s and 2.00 -> 1.88 s; the fault count
 * stays, as the kernel counts populated pages as faults.) A module
 * from the cache of freed mappings (mem.c) is already resident. */
void ir_module_prefault(IrModule *m) {
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
  if (!ir_module_mapped(m)) return;
  size_t total;
  memcpy(&total, (const char *)m - MOD_HDR, sizeof total);
  /* the mapping starts at the header, page aligned (mem.c); errors (an
   * older kernel) leave the pages to fault in as before */
  (void)madvise((char *)m - MOD_HDR, total + MOD_HDR, MADV_POPULATE_WRITE);
#else
  (void)m;
#endif
}

int ir_module_mapped(const IrModule *m) {
  size_t total;
  uint64_t own;
  memcpy(&total, (const char *)m - MOD_HDR, sizeof total);
  memcpy(&own, (const char *)m - MOD_HDR + 8, sizeof own);
  return !own && ir_big_mapped(total + MOD_HDR);
}

void ir_module_free(IrModule *m) {
  if (!m) return;
  size_t total;
  uint64_t own;
  memcpy(&total, (char *)m - MOD_HDR, sizeof total);
  memcpy(&own, (char *)m - MOD_HDR + 8, sizeof own);
  if (own) free((char *)m - MOD_HDR);
  else ir_big_free((char *)m - MOD_HDR, total + MOD_HDR);
}

/* ====================================================================== */
/* Layout check                                                           */
/* ====================================================================== */

typedef struct Check {
  const IrModule *m;
  char *why;
  size_t why_len;
  /* cursors: the id the next entity of each kind must have */
  uint64_t op, val, blk, reg, opd, succ;
  /* opcode of an op name id, direct mapped: a module has few op names,
   * and looking one up hashes its bytes (~120 instructions an op) */
  struct { uint32_t name, opc; } opc_cache[64];
  uint32_t n_strs, n_types, n_attrs, n_locs;  /* the ctx's table sizes */
  uint32_t dict_ok[2];      /* the last two ids found to be DICT attrs */
} Check;

/* Is id a DICT attribute? Ops repeat the same few property dictionaries. */
static int is_dict(Check *k, uint32_t id) {
  if (id == k->dict_ok[0] || id == k->dict_ok[1]) return 1;
  if (id >= k->n_attrs || ir_attr(k->m->ctx, id)->kind != IR_A_DICT) return 0;
  k->dict_ok[1] = k->dict_ok[0];
  k->dict_ok[0] = id;
  return 1;
}

static int bad(Check *k, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int bad(Check *k, const char *fmt, ...) {
  if (k->why && k->why_len) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(k->why, k->why_len, fmt, ap);
    va_end(ap);
  }
  return -1;
}

/* Check op `id` (its cursor position was checked by the caller) as a
 * member of block `blk`, and claim its results, regions, operands and
 * successors. */
static int check_op(Check *k, uint32_t id, uint32_t blk) {
  const IrModule *m = k->m;
  const IrCtx *c = m->ctx;
  const IrOp *op = &m->ops[id];
  if (op->block != blk) return bad(k, "op %u: wrong parent block", id);
  if (!op->name || op->name >= k->n_strs)
    return bad(k, "op %u: bad name string %u", id, op->name);
  uint32_t opc, slot = op->name & 63;
  if (k->opc_cache[slot].name == op->name) {
    opc = k->opc_cache[slot].opc;
  } else {
    opc = ir_op_lookup(ir_str_ptr(c, op->name), ir_str_len(c, op->name));
    k->opc_cache[slot].name = op->name;
    k->opc_cache[slot].opc = opc;
  }
  if (op->opc != opc) return bad(k, "op %u: opcode does not match its name", id);
  if (op->flags) return bad(k, "op %u: reserved flags set", id);
  if (op->loc >= k->n_locs) return bad(k, "op %u: bad location %u", id, op->loc);
  if (op->props && !is_dict(k, op->props))
    return bad(k, "op %u: properties are not a dictionary", id);
  if (op->attrs && !is_dict(k, op->attrs))
    return bad(k, "op %u: attributes are not a dictionary", id);

  /* results */
  if (op->results != k->val || k->val + op->n_results > m->n_values)
    return bad(k, "op %u: result range out of order or bounds", id);
  for (uint32_t i = 0; i < op->n_results; i++) {
    const IrValue *v = &m->values[op->results + i];
    if (v->kind != IR_VAL_RESULT || v->def != id || v->num != i)
      return bad(k, "value %u: not result %u of op %u", op->results + i, i, id);
    if (v->loc) return bad(k, "value %u: a result with a location", op->results + i);
    if (!v->type || v->type >= k->n_types)
      return bad(k, "value %u: bad type %u", op->results + i, v->type);
  }
  k->val += op->n_results;

  /* regions: ids allocated now, laid out later */
  if (op->regions != k->reg || k->reg + op->n_regions > m->n_regions)
    return bad(k, "op %u: region range out of order or bounds", id);
  for (uint32_t i = 0; i < op->n_regions; i++)
    if (m->regions[op->regions + i].op != id)
      return bad(k, "region %u: parent is not op %u", op->regions + i, id);
  k->reg += op->n_regions;

  /* operands */
  if (op->operands != k->opd || k->opd + op->n_operands > m->n_operands)
    return bad(k, "op %u: operand range out of order or bounds", id);
  for (uint32_t i = 0; i < op->n_operands; i++)
    if (m->operands[op->operands + i] >= m->n_values)
      return bad(k, "op %u: operand %u out of bounds", id, i);
  k->opd += op->n_operands;

  /* successors */
  if (op->succs != k->succ || k->succ + op->n_succs > m->n_succs)
    return bad(k, "op %u: successor range out of order or bounds", id);
  for (uint32_t i = 0; i < op->n_succs; i++) {
    const IrSucc *s = &m->succs[op->succs + i];
    if (s->block >= m->n_blocks)
      return bad(k, "op %u: successor %u block out of bounds", id, i);
    if (s->operands < op->operands ||
        (uint64_t)s->operands + s->n_operands > (uint64_t)op->operands + op->n_operands)
      return bad(k, "op %u: successor %u operands outside the op's", id, i);
  }
  k->succ += op->n_succs;
  return 0;
}

/* Lay out region `rid` the way freeze would and compare. */
static int check_region(Check *k, uint32_t rid) {
  const IrModule *m = k->m;
  const IrRegion *r = &m->regions[rid];
  if (r->blocks != k->blk || k->blk + r->n_blocks > m->n_blocks)
    return bad(k, "region %u: block range out of order or bounds", rid);
  k->blk += r->n_blocks;
  for (uint32_t b = r->blocks; b < r->blocks + r->n_blocks; b++) {
    const IrBlock *blk = &m->blocks[b];
    if (blk->region != rid) return bad(k, "block %u: parent is not region %u", b, rid);
    if (blk->args != k->val || k->val + blk->n_args > m->n_values)
      return bad(k, "block %u: argument range out of order or bounds", b);
    for (uint32_t i = 0; i < blk->n_args; i++) {
      const IrValue *v = &m->values[blk->args + i];
      if (v->kind != IR_VAL_ARG || v->def != b || v->num != i)
        return bad(k, "value %u: not argument %u of block %u", blk->args + i, i, b);
      if (!v->type || v->type >= k->n_types)
        return bad(k, "value %u: bad type %u", blk->args + i, v->type);
      if (v->loc >= k->n_locs)
        return bad(k, "value %u: bad location %u", blk->args + i, v->loc);
    }
    k->val += blk->n_args;
    if (blk->ops != k->op || k->op + blk->n_ops > m->n_ops)
      return bad(k, "block %u: op range out of order or bounds", b);
    for (uint32_t i = 0; i < blk->n_ops; i++)
      if (check_op(k, (uint32_t)k->op++, b)) return -1;
  }
  return 0;
}

int ir_module_check(const IrModule *m, char *why, size_t why_len) {
  Check k;
  memset(&k, 0, sizeof k);
  k.m = m;
  k.why = why;
  k.why_len = why_len;
  if (why && why_len) why[0] = 0;
  if (!m || !m->ctx) return bad(&k, "no module");
  k.n_strs = ir_n_strs(m->ctx);
  k.n_types = ir_n_types(m->ctx);
  k.n_attrs = ir_n_attrs(m->ctx);
  k.n_locs = ir_n_locs(m->ctx);
  if (m->n_ops > IR_MAX_COUNT || m->n_operands > IR_MAX_COUNT ||
      m->n_values > IR_MAX_COUNT || m->n_blocks > IR_MAX_COUNT ||
      m->n_regions > IR_MAX_COUNT || m->n_succs > IR_MAX_COUNT)
    return bad(&k, "a table exceeds IR_MAX_COUNT");
  if (!m->n_ops) return bad(&k, "no root op");
  if (m->ops[0].block != IR_NONE) return bad(&k, "op 0 has a parent block");
  if (check_op(&k, 0, IR_NONE)) return -1;
  k.op = 1;

  /* Ranges [lo, hi) of region ids still to lay out, innermost on top.
   * Every push covers at least one region, so the stack never holds more
   * than n_regions entries. */
  uint32_t (*stack)[2] = ir_xmalloc(((size_t)m->n_regions + 1) * sizeof *stack);
  uint32_t sp = 0;
  int rc = 0;
  if (k.reg) {
    stack[0][0] = 0;
    stack[0][1] = (uint32_t)k.reg;
    sp = 1;
  }
  while (sp) {
    if (stack[sp - 1][0] == stack[sp - 1][1]) {
      sp--;
      continue;
    }
    uint32_t rid = stack[sp - 1][0]++;
    uint32_t lo = (uint32_t)k.reg;
    /* the stack height is the nesting depth of `rid` (root's regions: 1) */
    if (sp > IR_MAX_DEPTH) {
      rc = bad(&k, "region %u: nested deeper than %d", rid, IR_MAX_DEPTH);
      break;
    }
    if ((rc = check_region(&k, rid))) break;
    if (k.reg > lo) {
      stack[sp][0] = lo;
      stack[sp][1] = (uint32_t)k.reg;
      sp++;
    }
  }
  free(stack);
  if (rc) return -1;
  if (k.op != m->n_ops) return bad(&k, "ops %u.. are not in any block", (uint32_t)k.op);
  if (k.val != m->n_values) return bad(&k, "values %u.. are not defined", (uint32_t)k.val);
  if (k.blk != m->n_blocks) return bad(&k, "blocks %u.. are not in any region", (uint32_t)k.blk);
  if (k.reg != m->n_regions) return bad(&k, "regions %u.. belong to no op", (uint32_t)k.reg);
  if (k.opd != m->n_operands) return bad(&k, "operands %u.. belong to no op", (uint32_t)k.opd);
  if (k.succ != m->n_succs) return bad(&k, "successors %u.. belong to no op", (uint32_t)k.succ);
  return 0;
}

/* ====================================================================== */
/* Queries                                                                */
/* ====================================================================== */

uint32_t ir_block_parent_op(const IrModule *m, uint32_t block) {
  return m->regions[m->blocks[block].region].op;
}

uint32_t ir_op_parent(const IrModule *m, uint32_t op) {
  uint32_t b = m->ops[op].block;
  return b == IR_NONE ? IR_NONE : ir_block_parent_op(m, b);
}

uint32_t ir_op_ancestor(const IrModule *m, uint32_t op, uint32_t trait) {
  uint32_t a = ir_op_parent(m, op);
  while (a != IR_NONE && !(ir_op_traits(m->ops[a].opc) & trait)) a = ir_op_parent(m, a);
  return a;
}

uint32_t ir_op_prop(const IrModule *m, uint32_t op, const char *name) {
  return ir_dict_getc(m->ctx, m->ops[op].props, name);
}

uint32_t ir_op_attr(const IrModule *m, uint32_t op, const char *name) {
  return ir_dict_getc(m->ctx, m->ops[op].attrs, name);
}
