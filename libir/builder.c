/*
 * builder.c - IrBuilder: ops, blocks, regions and values under builder-local
 * handles, with growable per-block op lists, and irb_freeze which lays a
 * tree out flat in freeze order (see ir.h).
 *
 * Freeze is two linear sweeps with an explicit stack, so nesting depth
 * costs heap, not C stack:
 *   1. number: walk the tree in freeze order, giving every op, value, block
 *      and region its final id and writing its IrOp / IrValue / IrBlock /
 *      IrRegion record (operand and successor slots are reserved);
 *   2. link: once every value and block has its id, fill the operands
 *      (following placeholder chains) and the successors.
 */
#include <stddef.h>
#include <stdlib.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "irint.h"

enum { BV_RESULT = IR_VAL_RESULT, BV_ARG = IR_VAL_ARG, BV_PLACEHOLDER };

/* Laid out as IrOp, field for field (checked below), so freeze copies the
 * record whole and then sets the fields that differ: flags, block and the
 * four ranges. (dd-own --only on the mixed bench corpus: irb_freeze 7.49M
 * -> 6.60M for 47,886 ops; field by field, each load was repeated after
 * the stores before it, which may alias it as far as the compiler knows.) */
typedef struct BOp {
  uint32_t name;
  uint16_t opc;
  uint16_t in_block;              /* attached to a block (IrOp.flags) */
  uint32_t loc;
  uint32_t next;                  /* the next op of its block, IR_NONE
                                     (IrOp.block) */
  uint32_t operands, n_operands;  /* range of IrBuilder.operands */
  uint32_t results, n_results;    /* first result value, count */
  uint32_t regions, n_regions;    /* range of IrBuilder.opregs */
  uint32_t succs, n_succs;        /* range of IrBuilder.succs */
  uint32_t props, attrs;          /* DICT attrs or 0 */
} BOp;
#define SAME_FIELD(f, g) \
  _Static_assert(offsetof(BOp, f) == offsetof(IrOp, g), "BOp mirrors IrOp")
SAME_FIELD(name, name);
SAME_FIELD(opc, opc);
SAME_FIELD(loc, loc);
SAME_FIELD(n_operands, n_operands);
SAME_FIELD(n_results, n_results);
SAME_FIELD(n_regions, n_regions);
SAME_FIELD(n_succs, n_succs);
SAME_FIELD(props, props);
SAME_FIELD(attrs, attrs);
_Static_assert(sizeof(BOp) == sizeof(IrOp), "BOp mirrors IrOp");
#undef SAME_FIELD

/* 12 bytes: what defines a value and its number are known from where
 * freeze meets it (the op's results, the block's arguments), so they are
 * not stored. */
typedef struct BVal {
  uint32_t type;
  uint32_t kind;                  /* BV_* */
  uint32_t fwd;                   /* PLACEHOLDER: resolved value or IR_NONE;
                                     ARG: its location */
} BVal;

/* A block's ops are a list linked through BOp.next (ops are only ever
 * appended), not an array: no per-block array to grow and copy, and no
 * old copies left in the arena. (20 MB bench corpus: ~4 MB less; 3 MB
 * slice: list_push was 4M of 220M instructions.) */
typedef struct BBlock {
  uint32_t region;                /* parent region, IR_NONE while detached */
  uint32_t first, last, n_ops;    /* op list (IR_NONE when empty) */
  uint32_t *args, n_args, cap_args; /* argument value handles */
} BBlock;

typedef struct BRegion {
  uint32_t op;                    /* parent op, IR_NONE while detached */
  uint32_t *blocks, n_blocks, cap_blocks;
} BRegion;

struct IrBuilder {
  IrCtx *ctx;
  IrArena lists;    /* per-block op/arg and per-region block lists */
  struct { uint32_t name, opc; } opc_cache[64]; /* op name id -> opcode,
                                   direct mapped (name 0 never cached) */
  BOp *ops;         uint32_t n_ops, cap_ops;
  BVal *vals;       uint32_t n_vals, cap_vals;
  BBlock *blocks;   uint32_t n_blocks, cap_blocks;
  BRegion *regions; uint32_t n_regions, cap_regions;
  uint32_t *operands; uint32_t n_operands, cap_operands; /* value handles */
  uint32_t *opregs; uint32_t n_opregs, cap_opregs;       /* region handles */
  IrBSucc *succs;   uint32_t n_succs, cap_succs;
  int release;      /* freeze may release what it has read (irb_freeze_final) */
};

IrBuilder *irb_new(IrCtx *c) {
  IrBuilder *b = ir_xcalloc(1, sizeof *b);
  b->ctx = c;
  return b;
}

void irb_free(IrBuilder *b) {
  if (!b) return;
  ir_arena_free(&b->lists);
  ir_big_free(b->ops, (size_t)b->cap_ops * sizeof *b->ops);
  ir_big_free(b->vals, (size_t)b->cap_vals * sizeof *b->vals);
  ir_big_free(b->blocks, (size_t)b->cap_blocks * sizeof *b->blocks);
  ir_big_free(b->regions, (size_t)b->cap_regions * sizeof *b->regions);
  ir_big_free(b->operands, (size_t)b->cap_operands * sizeof *b->operands);
  ir_big_free(b->opregs, (size_t)b->cap_opregs * sizeof *b->opregs);
  ir_big_free(b->succs, (size_t)b->cap_succs * sizeof *b->succs);
  free(b);
}

/* Empty, keeping the arrays' room (a parser building one top-level op
 * at a time reuses one builder). */
void irb_reset(IrBuilder *b) {
  ir_arena_reset(&b->lists);
  b->n_ops = b->n_vals = b->n_blocks = b->n_regions = 0;
  b->n_operands = b->n_opregs = b->n_succs = 0;
  b->release = 0;
}

IrCtx *irb_ctx(IrBuilder *b) { return b->ctx; }

/* Capacity for `more` entries past n, within IR_MAX_COUNT. */
static void reserve(void **a, uint32_t n, uint32_t *cap, uint32_t more, size_t sz) {
  uint64_t want = (uint64_t)n + more;
  ir_big_vgrow_raw(a, cap, want < IR_MAX_COUNT ? (uint32_t)want : IR_MAX_COUNT, sz);
}

void irb_reserve(IrBuilder *b, uint32_t ops, uint32_t vals, uint32_t operands,
                 uint32_t blocks) {
  reserve((void **)&b->ops, b->n_ops, &b->cap_ops, ops, sizeof *b->ops);
  reserve((void **)&b->vals, b->n_vals, &b->cap_vals, vals, sizeof *b->vals);
  reserve((void **)&b->operands, b->n_operands, &b->cap_operands, operands,
          sizeof *b->operands);
  reserve((void **)&b->blocks, b->n_blocks, &b->cap_blocks, blocks, sizeof *b->blocks);
  reserve((void **)&b->regions, b->n_regions, &b->cap_regions, blocks,
          sizeof *b->regions);
  reserve((void **)&b->opregs, b->n_opregs, &b->cap_opregs, blocks, sizeof *b->opregs);
}

/* Append to a small list of a block or region. The lists live in the
 * builder's arena and a full one is copied to one twice its size, leaving
 * the old copy behind (at most as many bytes as the live lists, freed with
 * the builder): a bump allocation instead of a malloc, realloc and free per
 * block. (5 MB bench corpus: realloc + free of these lists were ~20M of
 * 654M instructions.) */
static void list_push(IrBuilder *b, uint32_t **a, uint32_t *n, uint32_t *cap,
                      uint32_t v) {
  if (*n == *cap) {
    uint32_t nc = *cap ? *cap * 2 : 4;
    if (nc < *cap) ir_die("builder list overflow");
    uint32_t *na = ir_arena_alloc(&b->lists, (size_t)nc * sizeof *na);
    if (*n) memcpy(na, *a, (size_t)*n * sizeof *na);
    *a = na;
    *cap = nc;
  }
  (*a)[(*n)++] = v;
}

/* ir_op_lookup of an op name id, through a small cache: a module uses few
 * op names, and looking one up hashes and compares its bytes. */
static uint32_t opc_of(IrBuilder *b, uint32_t name) {
  uint32_t k = name & 63;
  if (name && b->opc_cache[k].name == name) return b->opc_cache[k].opc;
  uint32_t opc = ir_op_lookup(ir_str_ptr(b->ctx, name), ir_str_len(b->ctx, name));
  b->opc_cache[k].name = name;
  b->opc_cache[k].opc = opc;
  return opc;
}

/* IR_VPUSH for the builder's arrays, which are big arrays (mem.c). They
 * are append-only and every entry is written when it is appended, so they
 * grow without being cleared (ir_big_vgrow_raw). */
#define BPUSH(arr, n, cap, x)                                                  \
  do {                                                                       \
    if ((n) >= (cap)) bgrow((void **)&(arr), &(cap), (uint64_t)(n) + 1, sizeof *(arr)); \
    (arr)[(n)++] = (x);                                                      \
  } while (0)

/* Grow a builder array to hold `need` entries. The first growth goes
 * straight to BMIN entries: doubling from 8 copied each array five times
 * more per builder, and passes make one or two builders per module (91
 * chunks of the mixed bench corpus: 2% of dd-lower). BMIN entries of the
 * biggest record are 12 KB, allocated raw (no clearing). */
enum { BMIN = 256 };
static __attribute__((noinline)) void bgrow(void **arr, uint32_t *cap, uint64_t need,
                                             size_t sz) {
  if (need < BMIN) need = BMIN;
  /* need < 2^31, so doubling leaves every capacity under IR_NONE - 1 and
   * a handle below it is valid: irb_op needs no overflow test of its own
   * (freeze refuses a tree past IR_MAX_COUNT = 2^28 anyway) */
  if (need > IR_NONE / 2) ir_die("builder handle overflow");
  ir_big_vgrow_raw(arr, cap, (uint32_t)need, sz);
}

/* Handles are u32 and IR_NONE is reserved. A tree with more than
 * IR_MAX_COUNT of anything is refused by irb_freeze ("module too large"),
 * an input error; only running out of handles altogether is a bug. */
static uint32_t next_handle(uint32_t n) {
  if (n >= IR_NONE - 1) ir_die("builder handle overflow");
  return n;
}

uint32_t irb_region(IrBuilder *b) {
  uint32_t r = next_handle(b->n_regions);
  BRegion reg = {IR_NONE, NULL, 0, 0};
  BPUSH(b->regions, b->n_regions, b->cap_regions, reg);
  return r;
}

uint32_t irb_block(IrBuilder *b, uint32_t region) {
  ir_assert(region < b->n_regions);
  uint32_t h = next_handle(b->n_blocks);
  BBlock blk = {region, IR_NONE, IR_NONE, 0, NULL, 0, 0};
  BPUSH(b->blocks, b->n_blocks, b->cap_blocks, blk);
  BRegion *r = &b->regions[region];
  list_push(b, &r->blocks, &r->n_blocks, &r->cap_blocks, h);
  return h;
}

uint32_t irb_block_detached(IrBuilder *b) {
  uint32_t h = next_handle(b->n_blocks);
  BBlock blk = {IR_NONE, IR_NONE, IR_NONE, 0, NULL, 0, 0};
  BPUSH(b->blocks, b->n_blocks, b->cap_blocks, blk);
  return h;
}

void irb_region_append_block(IrBuilder *b, uint32_t region, uint32_t block) {
  ir_assert(region < b->n_regions && block < b->n_blocks);
  ir_assert(b->blocks[block].region == IR_NONE);
  b->blocks[block].region = region;
  BRegion *r = &b->regions[region];
  list_push(b, &r->blocks, &r->n_blocks, &r->cap_blocks, block);
}

static uint32_t new_value(IrBuilder *b, uint32_t type, uint32_t kind) {
  uint32_t v = next_handle(b->n_vals);
  BVal val = {type, kind, IR_NONE};
  BPUSH(b->vals, b->n_vals, b->cap_vals, val);
  return v;
}

uint32_t irb_block_arg_loc(IrBuilder *b, uint32_t block, uint32_t type,
                           uint32_t loc) {
  ir_assert(block < b->n_blocks);
  BBlock *blk = &b->blocks[block];
  uint32_t v = new_value(b, type, BV_ARG);
  b->vals[v].fwd = loc;
  list_push(b, &blk->args, &blk->n_args, &blk->cap_args, v);
  return v;
}

uint32_t irb_block_arg(IrBuilder *b, uint32_t block, uint32_t type) {
  return irb_block_arg_loc(b, block, type, 0);
}

void irb_block_arg_set_loc(IrBuilder *b, uint32_t v, uint32_t loc) {
  ir_assert(v < b->n_vals && b->vals[v].kind == BV_ARG);
  b->vals[v].fwd = loc;
}

/* Room for `more` entries past n in a big array (one test per op and
 * array, then plain stores). */
#define BRESERVE(arr, n, cap, more)                                           \
  do {                                                                       \
    if ((uint64_t)(n) + (more) > (cap))                                      \
      bgrow((void **)&(arr), &(cap), (uint64_t)(n) + (more), sizeof *(arr)); \
  } while (0)

/* Append op h (in no block yet) to the end of `block`. */
static void link_op(IrBuilder *b, uint32_t block, uint32_t h) {
  BBlock *blk = &b->blocks[block];
  if (blk->n_ops == UINT32_MAX) ir_die("builder list overflow");
  if (blk->n_ops) b->ops[blk->last].next = h;
  else blk->first = h;
  blk->last = h;
  blk->n_ops++;
  b->ops[h].in_block = 1;
}

uint32_t irb_op(IrBuilder *b, uint32_t block, const IrOpSpec *s) {
  ir_assert(block == IR_NONE || block < b->n_blocks);
  uint32_t h = b->n_ops; /* under IR_NONE - 1: see bgrow */
  BRESERVE(b->ops, b->n_ops, b->cap_ops, 1);
  BOp *op = &b->ops[h];
  op->name = s->name;
  op->opc = (uint16_t)opc_of(b, s->name);
  op->loc = s->loc;
  op->in_block = 0;
  op->next = IR_NONE;
  op->props = s->props;
  op->attrs = s->attrs;

  uint32_t n = s->n_operands;
  op->operands = b->n_operands;
  op->n_operands = n;
  if (n) {
    BRESERVE(b->operands, b->n_operands, b->cap_operands, n);
    uint32_t *d = b->operands + b->n_operands, nv = b->n_vals;
    for (uint32_t i = 0; i < n; i++) {
      ir_assert(s->operands[i] < nv);
      d[i] = s->operands[i];
    }
    b->n_operands += n;
  }

  n = s->n_results;
  op->results = b->n_vals;
  op->n_results = n;
  if (n) {
    BRESERVE(b->vals, b->n_vals, b->cap_vals, n);
    BVal *v = b->vals + b->n_vals;
    for (uint32_t i = 0; i < n; i++) {
      v[i].type = s->result_types[i];
      v[i].kind = BV_RESULT;
      v[i].fwd = IR_NONE;
    }
    b->n_vals += n;
  }

  n = s->n_regions;
  op->regions = b->n_opregs;
  op->n_regions = n;
  if (n) {
    BRESERVE(b->opregs, b->n_opregs, b->cap_opregs, n);
    for (uint32_t i = 0; i < n; i++) {
      /* irb_region may move b->regions (not b->opregs) */
      uint32_t r = s->regions ? s->regions[i] : irb_region(b);
      ir_assert(r < b->n_regions && b->regions[r].op == IR_NONE);
      b->regions[r].op = h;
      b->opregs[b->n_opregs++] = r;
    }
  }

  n = s->n_succs;
  op->succs = b->n_succs;
  op->n_succs = n;
  if (n) {
    BRESERVE(b->succs, b->n_succs, b->cap_succs, n);
    for (uint32_t i = 0; i < n; i++) {
      IrBSucc sc = s->succs[i];
      ir_assert(sc.block < b->n_blocks);
      ir_assert((uint64_t)sc.first + sc.count <= s->n_operands);
      b->succs[b->n_succs++] = sc;
    }
  }

  b->n_ops = h + 1;
  if (block != IR_NONE) link_op(b, block, h);
  return h;
}

/* Attach op `op`, created with block IR_NONE (a root op in no block), to
 * the end of `block`. A pass that must order a block's ops differently
 * from their creation order (MLIR's insertion points) creates them
 * detached and attaches them once the order is known. */
void irb_block_append_op(IrBuilder *b, uint32_t block, uint32_t op) {
  ir_assert(block < b->n_blocks && op < b->n_ops);
  ir_assert(!b->ops[op].in_block);
  link_op(b, block, op);
}

/* A finished block's ops in one call: the list is linked with the block's
 * record read and written once. (dd-own --only on the mixed bench corpus:
 * ownership attaches 33K ops when it assembles its blocks; one call per op
 * cost 1.45M instructions.) */
void irb_block_append_ops(IrBuilder *b, uint32_t block, const uint32_t *ops,
                          uint32_t n) {
  ir_assert(block < b->n_blocks);
  if (!n) return;
  BBlock *blk = &b->blocks[block];
  if (n > UINT32_MAX - blk->n_ops) ir_die("builder list overflow");
  uint32_t last = blk->last, nops = b->n_ops;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t h = ops[i];
    ir_assert(h < nops && !b->ops[h].in_block);
    b->ops[h].in_block = 1;
    if (blk->n_ops + i) b->ops[last].next = h;
    else blk->first = h;
    last = h;
  }
  blk->last = last;
  blk->n_ops += n;
}

/* ---------------------------------------------------------------------- */
/* Accessors                                                              */

uint32_t irb_op_result(IrBuilder *b, uint32_t op, uint32_t k) {
  ir_assert(op < b->n_ops && k < b->ops[op].n_results);
  return b->ops[op].results + k;
}

uint32_t irb_op_region(IrBuilder *b, uint32_t op, uint32_t k) {
  ir_assert(op < b->n_ops && k < b->ops[op].n_regions);
  return b->opregs[b->ops[op].regions + k];
}

uint32_t irb_region_n_blocks(IrBuilder *b, uint32_t region) {
  ir_assert(region < b->n_regions);
  return b->regions[region].n_blocks;
}

uint32_t irb_region_block(IrBuilder *b, uint32_t region, uint32_t k) {
  ir_assert(region < b->n_regions && k < b->regions[region].n_blocks);
  return b->regions[region].blocks[k];
}

uint32_t irb_block_n_ops(IrBuilder *b, uint32_t block) {
  ir_assert(block < b->n_blocks);
  return b->blocks[block].n_ops;
}

/* The first and the last op take no walk (the parser asks for those);
 * any other walks the list. */
uint32_t irb_block_op(IrBuilder *b, uint32_t block, uint32_t k) {
  ir_assert(block < b->n_blocks && k < b->blocks[block].n_ops);
  const BBlock *blk = &b->blocks[block];
  if (k == blk->n_ops - 1) return blk->last;
  uint32_t h = blk->first;
  while (k--) h = b->ops[h].next;
  return h;
}

uint32_t irb_op_name(IrBuilder *b, uint32_t op) {
  ir_assert(op < b->n_ops);
  return b->ops[op].name;
}

uint32_t irb_op_loc(IrBuilder *b, uint32_t op) {
  ir_assert(op < b->n_ops);
  return b->ops[op].loc;
}

void irb_op_set_loc(IrBuilder *b, uint32_t op, uint32_t loc) {
  ir_assert(op < b->n_ops);
  b->ops[op].loc = loc;
}

uint32_t irb_value_type(IrBuilder *b, uint32_t v) {
  ir_assert(v < b->n_vals);
  return b->vals[v].type;
}

/* ---------------------------------------------------------------------- */
/* Placeholders                                                           */

uint32_t irb_placeholder(IrBuilder *b, uint32_t type) {
  return new_value(b, type, BV_PLACEHOLDER);
}

void irb_resolve(IrBuilder *b, uint32_t ph, uint32_t value) {
  ir_assert(ph < b->n_vals && value < b->n_vals && ph != value);
  ir_assert(b->vals[ph].kind == BV_PLACEHOLDER);
  b->vals[ph].fwd = value;
}

/* The value a handle stands for after following placeholder chains (with
 * path compression), or IR_NONE if the chain ends in an unresolved
 * placeholder or loops. */
static uint32_t final_value(IrBuilder *b, uint32_t v) {
  uint32_t x = v, steps = 0;
  while (b->vals[x].kind == BV_PLACEHOLDER) {
    x = b->vals[x].fwd;
    if (x == IR_NONE || ++steps > b->n_vals) return IR_NONE;
  }
  while (b->vals[v].kind == BV_PLACEHOLDER) {
    uint32_t next = b->vals[v].fwd;
    b->vals[v].fwd = x;
    v = next;
  }
  return x;
}

/* ====================================================================== */
/* Freeze                                                                 */
/* ====================================================================== */

/* Freeze writes the module's arrays directly: it allocates them with the
 * builder's counts (upper bounds of the tree's) and numbers into them, then
 * sets the real counts. One sweep in freeze order numbers each op, its
 * results and its regions' blocks, and fills its operands and successors
 * on the spot when their values and blocks are numbered already (nearly
 * always: a value is defined before its uses in freeze order, except for
 * uses in earlier blocks of a CFG and in unverified input); the others
 * are noted and filled at the end. (5 MB bench corpus: the separate
 * linking sweep over the builder's ops was 40% of freeze.) */
typedef struct Fix {
  uint32_t at;        /* module operand index, or successor index */
  uint32_t handle;    /* builder value (or block) it needs */
} Fix;

typedef struct Out {
  IrModule *m;
  uint32_t n_ops, n_vals, n_blocks, n_regs;
  uint64_t n_operands, n_succs;
  uint32_t *new_op, *new_val, *new_blk;  /* handle -> new id (IR_NONE) */
  Fix *fix_opd, *fix_succ;    /* operands / successors filled at the end */
  uint32_t n_fix_opd, cap_fix_opd, n_fix_succ, cap_fix_succ;
  const char *why;            /* the first problem found */
} Out;

/* Number op `h` into new block `blk`: its id, results, region ids,
 * operands and successors. A new region's `blocks` holds its builder
 * handle until it is laid out. */
static inline __attribute__((always_inline)) int number_op(IrBuilder *b, Out *o,
                                                           uint32_t h, uint32_t blk) {
  const BOp *bo = &b->ops[h];
  if (o->new_op[h] != IR_NONE) {
    o->why = "an op is nested inside itself";
    return -1;
  }
  uint32_t id = o->n_ops++;
  o->new_op[h] = id;
  IrModule *m = o->m;
  IrOp *op = &m->ops[id];
  uint32_t first_opd = (uint32_t)o->n_operands;
  memcpy(op, bo, sizeof *op);   /* name, opc, loc, counts, props, attrs */
  op->flags = 0;
  op->block = blk;
  op->operands = first_opd;
  op->results = o->n_vals;
  op->regions = o->n_regs;
  op->succs = (uint32_t)o->n_succs;

  /* Each array is indexed only when the op has entries in it: an empty
   * one may be NULL, and NULL + 0 is undefined (clang's UBSan says so). */
  IrValue *v = bo->n_results ? &m->values[o->n_vals] : NULL;
  uint32_t *nv = bo->n_results ? &o->new_val[bo->results] : NULL;
  const BVal *bv = bo->n_results ? &b->vals[bo->results] : NULL;
  for (uint32_t k = 0; k < bo->n_results; k++) {
    nv[k] = o->n_vals + k;
    v[k].type = bv[k].type;
    v[k].def = id;
    v[k].num = k;
    v[k].kind = IR_VAL_RESULT;
    v[k].loc = 0;
  }
  o->n_vals += bo->n_results;

  IrRegion *reg = bo->n_regions ? &m->regions[o->n_regs] : NULL;
  for (uint32_t k = 0; k < bo->n_regions; k++) {
    uint32_t r = b->opregs[bo->regions + k];
    reg[k].blocks = r;
    reg[k].n_blocks = b->regions[r].n_blocks;
    reg[k].op = id;
  }
  o->n_regs += bo->n_regions;

  /* operands: through placeholder chains to the value */
  uint32_t *opd = bo->n_operands ? &m->operands[first_opd] : NULL;
  const uint32_t *src = bo->n_operands ? &b->operands[bo->operands] : NULL;
  for (uint32_t k = 0; k < bo->n_operands; k++) {
    uint32_t x = src[k], n = o->new_val[x];
    if (n == IR_NONE) {
      if (b->vals[x].kind == BV_PLACEHOLDER) {
        x = final_value(b, x);
        if (x == IR_NONE) {
          o->why = "use of an unresolved forward reference";
          return -1;
        }
        n = o->new_val[x];
      }
      if (n == IR_NONE) {
        Fix f = {first_opd + k, x};
        IR_VPUSH(o->fix_opd, o->n_fix_opd, o->cap_fix_opd, f);
        n = 0;
      }
    }
    opd[k] = n;
  }
  o->n_operands += bo->n_operands;

  IrSucc *sc = bo->n_succs ? &m->succs[o->n_succs] : NULL;
  const IrBSucc *bs = bo->n_succs ? &b->succs[bo->succs] : NULL;
  for (uint32_t k = 0; k < bo->n_succs; k++) {
    uint32_t nb = o->new_blk[bs[k].block];
    if (nb == IR_NONE) {
      Fix f = {(uint32_t)o->n_succs + k, bs[k].block};
      IR_VPUSH(o->fix_succ, o->n_fix_succ, o->cap_fix_succ, f);
      nb = 0;
    }
    sc[k].block = nb;
    sc[k].operands = first_opd + bs[k].first;
    sc[k].n_operands = bs[k].count;
  }
  o->n_succs += bo->n_succs;
  return 0;
}

/* Lay out new region `rid`: its blocks, then their args and ops. */
static int layout_region(IrBuilder *b, Out *o, uint32_t rid) {
  IrModule *m = o->m;
  const BRegion *br = &b->regions[m->regions[rid].blocks];
  uint32_t first = o->n_blocks;
  m->regions[rid].blocks = first;
  for (uint32_t i = 0; i < br->n_blocks; i++) {
    o->new_blk[br->blocks[i]] = first + i;
    m->blocks[first + i].region = rid;
  }
  o->n_blocks += br->n_blocks;
  for (uint32_t i = 0; i < br->n_blocks; i++) {
    const BBlock *bb = &b->blocks[br->blocks[i]];
    IrBlock *blk = &m->blocks[first + i];
    uint32_t id = first + i;
    blk->args = o->n_vals;
    blk->n_args = bb->n_args;
    IrValue *v = &m->values[o->n_vals];
    for (uint32_t k = 0; k < bb->n_args; k++) {
      const BVal *bv = &b->vals[bb->args[k]];
      o->new_val[bb->args[k]] = o->n_vals + k;
      v[k].type = bv->type;
      v[k].def = id;
      v[k].num = k;
      v[k].kind = IR_VAL_ARG;
      v[k].loc = bv->fwd;
    }
    o->n_vals += bb->n_args;
    blk->ops = o->n_ops;
    blk->n_ops = bb->n_ops;
    for (uint32_t k = 0, h = bb->first; k < bb->n_ops; k++, h = b->ops[h].next) {
      int r = number_op(b, o, h, id);
      if (r) return r;
    }
  }
  return 0;
}

static uint32_t *none_map(uint32_t n) {
  uint32_t *m = ir_xmalloc((size_t)(n ? n : 1) * sizeof *m);
  memset(m, 0xff, (size_t)n * sizeof *m);
  return m;
}

/* irb_freeze_final gives back the pages of the builder's arrays that
 * freeze has read for the last time. Freeze meets ops about in handle
 * order (a function's body right after its func op), so what it is done
 * with is, at any time, nearly all of the arrays below a watermark: the
 * ops below the first op not numbered yet, their operands, and the values
 * below the first value not numbered yet (a placeholder is never
 * numbered, so the values' mark stops at the first one). The released
 * part grows as the module's arrays fill, and the kernel hands the freed
 * pages to the module: the tree is not held twice at the peak. (20 MB
 * bench corpus: max RSS 125 -> 109 MB with the ops alone.)
 *
 * Only whole pages inside an array are released, in steps of at least
 * 2 MB (a huge page), so it is safe however the array was allocated. A
 * released page reads as zeroes; the one read below a mark is final_value
 * checking that a chain's end is not a placeholder, and a zero kind is
 * BV_RESULT, which is what a numbered value is as well. */
typedef struct Release {
  uint32_t op, val, blk;        /* the marks: first op / value not numbered,
                                   first block not laid out */
  uint32_t at;                  /* ops numbered when the marks were moved */
  int move;                     /* the module is mapped: pages may move */
  size_t done[4];               /* bytes given back of ops, operands, values,
                                   blocks */
  char *given[4];               /* end of the pages moved into the module's
                                   ops, operands, values, blocks */
} Release;

/* Give back the whole pages of arr below `dead` bytes not given yet: into
 * the module's array [lo, hi) where it has not been written yet (from lo
 * on, past the pages moved before), else to the kernel. The module's
 * arrays are as big as the builder's and filled at about the same pace,
 * so nearly every page read for the last time becomes a page written
 * next, without a fault. (20 MB bench corpus: freeze took 8,954 page
 * faults, now 3,415; ir-asm 26,064 -> 20,525.) Pages are moved in steps
 * of MOVE_STEP, which the module's filling soon catches up with (2 MB:
 * 20,525 faults, 256 KB: 19,276, 64 KB: 19,123; 3 MB slice: 3,612 ->
 * 3,193), and given to the kernel in steps of a huge page. The block
 * records go the same way (18,221 -> 17,925). */
static void release_below(void *arr, size_t dead, size_t *done, int move,
                          char *lo, char *hi, char **given) {
#ifdef __linux__
  enum { STEP = 2 << 20, MOVE_STEP = 256 << 10 };
  uintptr_t base = (uintptr_t)arr;
  uintptr_t from = (base + *done + 4095) & ~(uintptr_t)4095;
  uintptr_t to = (base + dead) & ~(uintptr_t)4095;
  if (to <= from || to - from < (move ? MOVE_STEP : STEP)) return;
  size_t moved = 0;
  if (move) {
    if (*given > lo) lo = *given;
    moved = ir_big_move_pages((char *)from, to - from, lo, hi);
    if (moved) *given = (char *)(((uintptr_t)lo + 4095) & ~(uintptr_t)4095) + moved;
  }
  if (from + moved < to)
    madvise((void *)(from + moved), to - from - moved, MADV_DONTNEED);
  *done = to - base;
#else
  (void)arr; (void)dead; (void)done; (void)move; (void)lo; (void)hi; (void)given;
#endif
}

static __attribute__((noinline)) void release_read(IrBuilder *b, const Out *o,
                                                  Release *rl) {
  IrModule *m = o->m;
  while (rl->op < b->n_ops && o->new_op[rl->op] != IR_NONE) rl->op++;
  while (rl->val < b->n_vals && o->new_val[rl->val] != IR_NONE) rl->val++;
  release_below(b->ops, (size_t)rl->op * sizeof *b->ops, &rl->done[0], rl->move,
                (char *)(m->ops + o->n_ops), (char *)(m->ops + b->n_ops), &rl->given[0]);
  uint32_t opd = rl->op < b->n_ops ? b->ops[rl->op].operands : b->n_operands;
  release_below(b->operands, (size_t)opd * sizeof *b->operands, &rl->done[1], rl->move,
                (char *)(m->operands + o->n_operands),
                (char *)(m->operands + b->n_operands), &rl->given[1]);
  release_below(b->vals, (size_t)rl->val * sizeof *b->vals, &rl->done[2], rl->move,
                (char *)(m->values + o->n_vals), (char *)(m->values + b->n_vals),
                &rl->given[2]);
  /* a block's record is read when its region is laid out (its ops and
   * arguments live elsewhere) */
  while (rl->blk < b->n_blocks && o->new_blk[rl->blk] != IR_NONE) rl->blk++;
  release_below(b->blocks, (size_t)rl->blk * sizeof *b->blocks, &rl->done[3], rl->move,
                (char *)(m->blocks + o->n_blocks), (char *)(m->blocks + b->n_blocks),
                &rl->given[3]);
}

IrModule *irb_freeze(IrBuilder *b, uint32_t root, const char **why) {
  const char *dummy;
  if (!why) why = &dummy;
  *why = NULL;
  ir_assert(root < b->n_ops);
  Out o = {0};
  /* The tree has at most the builder's counts; the module's arrays are
   * sized so, and their counts set to the real ones at the end. Raw (not
   * zeroed): the sweep writes every field of every entry below the final
   * counts (number_op, layout_region, the fix-ups), and nothing reads past
   * them. (Zeroing a module of recycled heap was 2.7% of dd-lower on the
   * mixed bench corpus: two freezes per chunk.) */
  o.m = ir_module_alloc_raw(b->ctx, b->n_ops, b->n_operands, b->n_vals,
                            b->n_blocks, b->n_regions, b->n_succs);
  if (!o.m) {
    *why = "module too large";
    return NULL;
  }
  IrModule *m = o.m;
  o.new_op = none_map(b->n_ops);
  o.new_val = none_map(b->n_vals);
  o.new_blk = none_map(b->n_blocks);

  /* The stack holds ranges [lo, hi) of new region ids still to lay out;
   * laying out a region pushes the range of its ops' regions, so regions
   * come out depth first, op by op, as freeze order wants. */
  uint32_t (*stack)[2] = NULL, sp = 0, cap = 0;
  Release rl = {0};
  rl.move = b->release && ir_module_mapped(m);
  int r = number_op(b, &o, root, IR_NONE);
  if (!r) {
    uint32_t range[2] = {0, o.n_regs};
    ir_vgrow((void **)&stack, &cap, 1, sizeof *stack);
    memcpy(stack[sp++], range, sizeof range);
  }
  while (!r && sp) {
    if (stack[sp - 1][0] == stack[sp - 1][1]) {
      sp--;
      continue;
    }
    uint32_t rid = stack[sp - 1][0]++;
    uint32_t lo = o.n_regs;
    r = layout_region(b, &o, rid);
    /* every 4096 ops (not every region: most are a few ops) */
    if (!r && b->release && o.n_ops - rl.at >= 4096) {
      rl.at = o.n_ops;
      release_read(b, &o, &rl);
    }
    if (!r && o.n_regs > lo) {
      if (sp >= cap) ir_vgrow((void **)&stack, &cap, sp + 1, sizeof *stack);
      stack[sp][0] = lo;
      stack[sp][1] = o.n_regs;
      sp++;
    }
  }
  free(stack);
  /* what the sweep could not fill: values defined later in freeze order,
   * blocks of regions laid out later (or never: an error) */
  for (uint32_t i = 0; !r && i < o.n_fix_opd; i++) {
    uint32_t n = o.new_val[o.fix_opd[i].handle];
    if (n == IR_NONE) {
      o.why = "operand defined outside the frozen tree";
      r = -1;
    }
    m->operands[o.fix_opd[i].at] = n;
  }
  for (uint32_t i = 0; !r && i < o.n_fix_succ; i++) {
    uint32_t n = o.new_blk[o.fix_succ[i].handle];
    if (n == IR_NONE) {
      o.why = "successor block outside the frozen tree";
      r = -1;
    }
    m->succs[o.fix_succ[i].at].block = n;
  }
  if (r) {
    *why = o.why;
    ir_module_free(m);
    m = NULL;
  } else {
    m->n_ops = o.n_ops;
    m->n_values = o.n_vals;
    m->n_blocks = o.n_blocks;
    m->n_regions = o.n_regs;
    m->n_operands = (uint32_t)o.n_operands;
    m->n_succs = (uint32_t)o.n_succs;
  }
  free(o.new_op);
  free(o.new_val);
  free(o.new_blk);
  free(o.fix_opd);
  free(o.fix_succ);
  return m;
}

IrModule *irb_freeze_final(IrBuilder *b, uint32_t root, const char **why) {
  b->release = 1;
  return irb_freeze(b, root, why);
}
