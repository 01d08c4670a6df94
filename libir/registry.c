/*
 * registry.c - the op registry: the IrOpInfo table generated from ops.def,
 * with the syntax files' hooks merged in by op name on first use, and a
 * name -> opcode hash table.
 *
 * A hook for a name ops.def does not know, or two hooks for one op, is a
 * bug in libir, so it dies at the first lookup of any program (every unit
 * test catches it).
 */
#include "irint.h"

#include <pthread.h>
#include <stdatomic.h>

static IrOpInfo infos[IR_N_OPS] = {
#define OP(id, name, traits, nopd, nres, nreg, nsucc, inherent) \
  {name, traits, nopd, nres, nreg, nsucc, inherent, 0, 0, 0, 0, 0},
#include "ops.def"
#undef OP
};

const uint32_t ir_op_traits_tab[IR_N_OPS] = {
#define OP(id, name, traits, nopd, nres, nreg, nsucc, inherent) traits,
#include "ops.def"
#undef OP
};

/* Open addressing on name hashes; a slot holds opcode + 1 (0 = empty). */
#define HT_SIZE 1024
_Static_assert(2 * IR_N_OPS <= HT_SIZE, "grow the registry hash table");
static uint16_t ht[HT_SIZE];
static uint8_t name_len[IR_N_OPS];
/* Built on first use, once, whichever thread comes first (-j runs the
 * tools' work in several threads); `ready` is the cheap test on the hot
 * path, pthread_once the guard. */
static pthread_once_t once = PTHREAD_ONCE_INIT;
static atomic_int ready;

static const IrOpHooks *const hook_tables[] = {
    ir_hooks_builtin, ir_hooks_func, ir_hooks_arith, ir_hooks_memref,
    ir_hooks_bufferization, ir_hooks_cf, ir_hooks_scf, ir_hooks_misc,
    ir_hooks_test,
};

static uint32_t find(const char *name, size_t n) {
  uint32_t i = (uint32_t)ir_hash_bytes(name, n, 0x4f50u) & (HT_SIZE - 1);
  for (;;) {
    uint32_t e = ht[i];
    if (!e) return IR_OP_UNKNOWN;
    if (name_len[e - 1] == n && !memcmp(infos[e - 1].name, name, n)) return e - 1;
    i = (i + 1) & (HT_SIZE - 1);
  }
}

static void init(void) {
  for (uint32_t opc = 0; opc < IR_N_OPS; opc++) {
    size_t n = strlen(infos[opc].name);
    if (n > 255) ir_die("op name too long: %s", infos[opc].name);
    if (find(infos[opc].name, n) != IR_OP_UNKNOWN)
      ir_die("op '%s' registered twice in ops.def", infos[opc].name);
    name_len[opc] = (uint8_t)n;
    uint32_t i = (uint32_t)ir_hash_bytes(infos[opc].name, n, 0x4f50u) & (HT_SIZE - 1);
    while (ht[i]) i = (i + 1) & (HT_SIZE - 1);
    ht[i] = (uint16_t)(opc + 1);
  }
  for (size_t t = 0; t < sizeof hook_tables / sizeof *hook_tables; t++) {
    for (const IrOpHooks *h = hook_tables[t]; h->name; h++) {
      uint32_t opc = find(h->name, strlen(h->name));
      if (opc == IR_OP_UNKNOWN)
        ir_die("hooks given for op '%s', which is not in ops.def", h->name);
      IrOpInfo *in = &infos[opc];
      if (in->parse || in->print || in->asm_names || in->verify)
        ir_die("hooks given twice for op '%s'", h->name);
      in->parse = h->parse;
      in->print = h->print;
      in->asm_names = h->asm_names;
      in->verify = h->verify;
    }
  }
  for (const IrRegionHook *h = ir_region_hooks_misc; h->name; h++) {
    uint32_t opc = find(h->name, strlen(h->name));
    IrOpInfo *in = opc == IR_OP_UNKNOWN ? NULL : &infos[opc];
    if (!in || !in->verify || in->verify_regions)
      ir_die("verify_regions for op '%s' without verify, or twice", h->name);
    in->verify_regions = h->verify_regions;
  }
  atomic_store_explicit(&ready, 1, memory_order_release);
}

static inline void ensure_ready(void) {
  if (!atomic_load_explicit(&ready, memory_order_acquire)) pthread_once(&once, init);
}

const IrOpInfo *ir_op_info(uint32_t opc) {
  ensure_ready();
  return opc < IR_N_OPS ? &infos[opc] : NULL;
}

uint32_t ir_op_lookup(const char *name, size_t n) {
  ensure_ready();
  if (n > 255) return IR_OP_UNKNOWN;
  return find(name, n);
}

int ir_op_is_inherent(uint32_t opc, const char *name, size_t n) {
  if (opc >= IR_N_OPS || !n) return 0;
  for (const char *p = infos[opc].inherent; *p;) {
    while (*p == ' ') p++;
    const char *q = p;
    while (*q && *q != ' ') q++;
    if ((size_t)(q - p) == n && !memcmp(p, name, n)) return 1;
    p = q;
  }
  return 0;
}

/* Whether the dialect of `name` (the part before its first '.' or '<') is
 * one mlir-opt-22 registers (its --show-dialects list). Ops of those
 * dialects that our registry lacks are kept as unknown ops, as they may be
 * real; an op, type or attribute of any other dialect needs
 * allow_unregistered, as in mlir-opt. */
static const char *const dialects[] = {
      "acc", "affine", "amdgpu", "amx", "arith", "arm_neon", "arm_sme", "arm_sve",
      "async", "bufferization", "builtin", "cf", "complex", "dlti", "emitc", "func",
      "gpu", "index", "irdl", "linalg", "llvm", "math", "memref", "ml_program", "mpi",
      "nvgpu", "nvvm", "omp", "pdl", "pdl_interp", "ptr", "quant", "rocdl", "scf",
      "shape", "shard", "smt", "sparse_tensor", "spirv", "tensor", "test", "test_dyn",
      "test_irdl_to_cpp", "tosa", "transform", "ub", "vector", "wasmssa", "x86vector",
      "xegpu", "xevm"};

int ir_dialect_known(const char *name, size_t n) {
  size_t dn = 0;
  while (dn < n && name[dn] != '.' && name[dn] != '<') dn++;
  if (dn == n) return 0;
  for (size_t i = 0; i < sizeof dialects / sizeof *dialects; i++)
    if (strlen(dialects[i]) == dn && memcmp(dialects[i], name, dn) == 0) return 1;
  return 0;
}

void ir_dialect_list(char *buf, size_t cap) {
  size_t k = 0;
  buf[0] = 0;
  for (size_t i = 0; i < sizeof dialects / sizeof *dialects && k < cap; i++)
    k += (size_t)snprintf(buf + k, cap - k, "%s%s", i ? ", " : "", dialects[i]);
}
