/*
 * interpint.h - the interpreter's internal header (interp*.c): the
 * prepared program, the register file layout, the heap of tracked objects
 * and the run state. The public API is in ir.h ("Interpreter").
 *
 * Files, one job each:
 *   interp_prep.c    the prepared program: type helpers, function and
 *                    global tables, frame slots
 *   interp_prep_ops.c  one dispatch code per op (Ins)
 *   interp_heap.c    objects: allocation, free, liveness and bounds
 *                    checks, element access, error records
 *   interp_arith.c   arith / math / index ops on registers
 *   interp_memref.c  memref, bufferization, linalg.fill and test ops
 *   interp_affine.c  affine maps and sets, compiled; the affine ops
 *   interp_exec.c    the driver: regions, blocks, branches, scf, calls
 *   interp_report.c  values, errors and locations as text
 *   interp_check.c   the --check enumerator
 *
 * Registers. A function's frame is an array of int64 words; each value of
 * the function has a fixed slot. A scalar takes one word (integers
 * zero-extended from their width, floats as the bits of a double). A memref
 * takes 4 + 2 * R words, R its rank (IR_MAX_RANK for unranked):
 *   [0] object id, [1] byte shift of the aligned pointer from the object's
 *   base (memref.view), [2] offset in elements, [3] rank, then rank sizes
 *   and rank strides (packed after the sizes, so a copy moves 4 + 2 * rank
 *   words whatever the slot's capacity).
 */
#ifndef INTERPINT_H
#define INTERPINT_H

#include "irint.h"

/* The largest nesting of regions and calls a run may reach (opts.max_depth
 * is clamped to it): the driver recurses in C. */
#define IR_INTERP_MAX_DEPTH 4096

/* Memref slot fields. */
enum { MR_OBJ, MR_SHIFT, MR_OFF, MR_RANK, MR_SIZES };
#define MR_SIZE(s, d) ((s)[MR_SIZES + (d)])
#define MR_STRIDE(s, d) ((s)[MR_SIZES + (s)[MR_RANK] + (d)])
#define MR_WORDS(rank) (4u + 2u * (uint32_t)(rank))

/* A value's slot with bit 31 set when it is a memref (copied by its runtime
 * rank) and clear for a one-word scalar. */
#define SLOT_MEM 0x80000000u
#define SLOT(x) ((x) & ~SLOT_MEM)

/* Run status of the exec functions: 0 ok, or one of these. */
enum { IX_FAULT = 1, IX_SKIP = 2 };

/* ====================================================================== */
/* Dispatch codes                                                         */
/* ====================================================================== */

#define IX_CODES(X)                                                         \
  X(UNSUPPORTED) X(NOP) X(CONST)                                            \
  /* integer arith: w = bit width */                                        \
  X(ADDI) X(SUBI) X(MULI) X(DIVSI) X(DIVUI) X(CEILDIVSI) X(FLOORDIVSI)      \
  X(REMSI) X(REMUI) X(MINSI) X(MAXSI) X(MINUI) X(MAXUI) X(ANDI) X(ORI)      \
  X(XORI) X(SHLI) X(SHRSI) X(SHRUI) X(CMPI)                                 \
  /* casts: w = result width, aux = operand width / float kind */           \
  X(SEXT) X(ZEXT) X(SITOFP) X(UITOFP) X(FPTOSI) X(FPTOUI) X(FCONV)          \
  /* float arith: elem = float kind */                                      \
  X(ADDF) X(SUBF) X(MULF) X(DIVF) X(NEGF) X(MINIMUMF) X(MAXIMUMF) X(CMPF)   \
  X(EXP) X(CEIL)                                                            \
  X(SELECT)                                                                 \
  /* memref */                                                              \
  X(ALLOC) X(ALLOCA) X(REALLOC) X(DEALLOC) X(LOAD) X(STORE) X(COPY)         \
  X(SUBVIEW) X(CAST) X(SAME) X(REINTERPRET) X(VIEW) X(EXPAND) X(COLLAPSE)   \
  X(RESHAPE) X(META) X(APTR) X(DIM) X(RANK) X(GET_GLOBAL) X(BDEALLOC)       \
  X(CLONE) X(FILL) X(TCOPY) X(TBUF) X(READ_ALL)                             \
  /* control */                                                             \
  X(IF) X(FOR) X(WHILE) X(EXEC_REGION) X(INDEX_SWITCH) X(BR) X(COND_BR)     \
  X(SWITCH) X(ASSERT) X(CALL) X(EXIT) X(REGION_ONCE) X(REGION_BUF)      \
  /* affine: aux / k = compiled maps in the pool */                         \
  X(AFFINE_APPLY) X(AFFINE_LOAD) X(AFFINE_FOR) X(AFFINE_IF)

typedef enum {
#define IX_ENUM(n) IX_##n,
  IX_CODES(IX_ENUM)
#undef IX_ENUM
  IX_N_CODES
} IxCode;

/* Element storage kinds (bytes in the buffer). */
typedef enum { EL_NONE, EL_INT, EL_F16, EL_BF16, EL_F32, EL_F64 } ElKind;

/* Why an op cannot run (UNSUPPORTED ops' aux). */
typedef enum {
  WHY_OP,          /* the op is not supported */
  WHY_TYPE,        /* an operand or result type is not supported */
  WHY_FORM,        /* an attribute or operand list of unexpected shape */
  WHY_LAYOUT,      /* a memref layout that is not strided */
  WHY_CALLEE,      /* call of a function not in the module's top level */
  WHY_EXTERN,      /* call of an external function (--no-extern) */
  WHY_GLOBAL,      /* unknown global or unsupported initial value */
  WHY_TENSOR,      /* tensor semantics */
  WHY_FRAME,       /* the function's frame is too large */
} IxWhy;

/* The prepared form of one op. */
typedef struct Ins {
  uint8_t code;    /* IxCode */
  uint8_t elem;    /* ElKind of a memory op's element / a float op's kind */
  uint16_t w;      /* integer bit width; element bytes for memory ops */
  uint32_t aux;    /* predicate, callee, global, pool offset, IxWhy ... */
  int64_t k;       /* constant bits, subview's dropped-dims mask ... */
} Ins;

/* A top-level func.func. */
typedef struct Func {
  uint32_t op;       /* the func.func op */
  uint32_t name;     /* sym_name string id */
  uint32_t body;     /* its region, IR_NONE for a declaration */
  uint32_t type;     /* function type */
  uint32_t frame;    /* words of its frame */
  int is_public;
} Func;

/* A memref.global. */
typedef struct Global {
  uint32_t op;
  uint32_t name;     /* sym_name string id */
  uint32_t type;     /* its memref type */
  int constant;
  int ok;            /* the initial value could be decoded */
  uint8_t *init;     /* nbytes of initial contents (NULL: zeros) */
  uint64_t nbytes;
} Global;

/* A tracked buffer. Object ids are never reused within a run, and neither
 * are addresses. */
typedef struct Obj {
  uint64_t addr;     /* base address (memref.extract_aligned_pointer) */
  uint64_t nbytes;
  uint8_t *data;     /* NULL once freed */
  uint8_t kind;      /* IrBufKind */
  uint8_t live;      /* 0 once freed / out of scope */
  uint8_t constant;  /* a constant global */
  uint8_t pad_;
  uint32_t alloc_op; /* IR_NONE for argument buffers */
  uint32_t free_op;  /* the op that freed it / ended its scope */
  uint32_t arg;      /* argument number (IR_BUF_ARGUMENT) */
} Obj;

/* Frames: a stack of chunks that never move, so pointers into a caller's
 * frame stay valid while callees push theirs. */
typedef struct Chunk {
  int64_t *mem;
  size_t cap, used;
} Chunk;

struct IrInterp {
  const IrModule *m;
  IrCtx *ctx;
  IrInterpOpts o;
  Ins *ins;                 /* per op */
  uint32_t *vslot;          /* per value: slot | SLOT_MEM */
  uint32_t *oslot;          /* per operand: its value's vslot */
  Func *funcs; uint32_t n_funcs;
  uint32_t *func_of_op;     /* per op: func index of a func.func, else
                               IR_NONE */
  Global *globals; uint32_t n_globals;
  int64_t *pool; uint32_t n_pool, cap_pool; /* case values ... */
  size_t scratch_words;     /* largest parallel copy */

  /* --- the current run ------------------------------------------------ */
  Obj *objs; uint32_t n_objs, cap_objs;     /* objs[0] unused (null) */
  uint64_t next_addr;
  uint64_t live_bytes;
  uint32_t *allocas; uint32_t n_allocas, cap_allocas; /* live, in order */
  uint32_t *global_obj;     /* per global: object id or 0 */
  uint64_t steps;
  uint32_t shared_results;  /* see IrRunResult */
  uint32_t depth;
  Chunk *chunks; uint32_t n_chunks, cur_chunk;
  int64_t *scratch;
  IrRunError *errs; uint32_t n_errs, cap_errs;
  uint32_t skip_op;
  char skip_why[200];
  uint32_t entry;           /* the entry's func index */
};

/* ====================================================================== */
/* interp_prep.c                                                          */
/* ====================================================================== */

/* Words a value of this type takes in a frame. */
uint32_t ix_type_words(const IrCtx *c, uint32_t type);
/* Storage of a memref element type: kind and bytes (0: unsupported). */
ElKind ix_elem(const IrCtx *c, uint32_t type, uint32_t *bytes);
/* Bit width of an integer or index type, 0 if not one (or wider than 64). */
uint32_t ix_int_width(const IrCtx *c, uint32_t type);
/* Float kind of a float type (ElKind F16..F64), EL_NONE if not one. */
ElKind ix_float_kind(const IrCtx *c, uint32_t type);
const char *ix_why_text(IxWhy w);
/* Strides and offset of ranked memref `type` for the given sizes: the
 * layout's static values, contiguous row-major ones for `?` strides and
 * offset 0 for a `?` offset. -1 for a layout that is not strided (or
 * negative / overflowing). */
int ix_layout(const IrCtx *c, uint32_t type, const int64_t *sizes,
              int64_t *strides, int64_t *offset);
/* Type predicates: a scalar registers hold; any memref; a ranked one; a
 * memref the heap can hold (supported elements, strided or identity layout
 * when ranked). */
int ix_scalar_ok(const IrCtx *c, uint32_t type);
int ix_is_memref(const IrCtx *c, uint32_t type);
int ix_is_ranked(const IrCtx *c, uint32_t type);
int ix_memref_ok(const IrCtx *c, uint32_t type);
/* The func / global index a symbol reference names, IR_NONE if none. */
uint32_t ix_find_func(const IrInterp *ip, uint32_t sym);
uint32_t ix_find_global(const IrInterp *ip, uint32_t sym);
/* Decode a dense<...> attribute into n elements of type elem at out (a
 * splat fills them all); -1 if it is not a form ir-run reads. */
int ix_dense_decode(const IrCtx *c, uint32_t attr, uint32_t elem,
                    uint64_t n, uint8_t *out);

/* ====================================================================== */
/* interp_prep_ops.c                                                      */
/* ====================================================================== */

/* The prepared form of op `op` (its frame slots must be laid out). */
Ins ix_prep_op(IrInterp *ip, uint32_t op);
/* An unsupported op's Ins. */
Ins ix_no(IxWhy why);

/* ====================================================================== */
/* interp_heap.c                                                          */
/* ====================================================================== */

/* Reset the heap for a new run. */
void ix_heap_reset(IrInterp *ip);
void ix_heap_free_all(IrInterp *ip);
/* A new live object of nbytes (zeroed); 0 after ix_skip if the heap bound
 * is hit. */
uint32_t ix_obj_new(IrInterp *ip, IrBufKind kind, uint64_t nbytes,
                    uint32_t op);
/* Free object `obj` through memref value `mr` at op (memref.dealloc,
 * realloc, bufferization.dealloc, the caller's free of a result): checks
 * kind, liveness and base. 0 or IX_FAULT. */
int ix_free(IrInterp *ip, uint32_t op, const int64_t *mr, const char *how);
/* ix_free's checks alone (memref.realloc checks before it copies). */
int ix_free_check(IrInterp *ip, uint32_t op, const int64_t *mr,
                  const char *how);
/* Mark object id freed by op (after ix_free_check). */
void ix_kill(IrInterp *ip, uint32_t id, uint32_t op);
/* End the scope of the allocas made since mark (their scope op is op). */
void ix_allocas_pop(IrInterp *ip, uint32_t mark, uint32_t op);
/* Check that a memref value's object is live; 0 or IX_FAULT. */
int ix_live(IrInterp *ip, uint32_t op, const int64_t *mr, const char *what);
/* Byte address in the object of element `lin` (offset included) of size
 * esize, checked against the object; NULL after reporting a fault. */
uint8_t *ix_at(IrInterp *ip, uint32_t op, const int64_t *mr, int64_t lin,
               uint32_t esize, int write, const char *what);
/* Record an error / a skip; return IX_FAULT / IX_SKIP. */
int ix_fault(IrInterp *ip, IrRunErrorKind k, uint32_t op, uint32_t obj,
             const char *fmt, ...) __attribute__((format(printf, 5, 6)));
int ix_skip(IrInterp *ip, uint32_t op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Leak records for every live heap object. */
void ix_leaks(IrInterp *ip);
/* Element value <-> register word. */
int64_t ix_load_elem(const uint8_t *p, ElKind k, uint32_t bytes,
                     uint32_t width);
void ix_store_elem(uint8_t *p, ElKind k, uint32_t bytes, int64_t v);

/* ====================================================================== */
/* interp_arith.c                                                         */
/* ====================================================================== */

/* Execute a scalar op (CONST .. SELECT); 0 or IX_FAULT. */
int ix_arith(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in);
/* Round a double to a float kind (f16, bf16, f32: the nearest value of
 * that type, as a double). */
double ix_round_slow(double v, ElKind k);
static inline double ix_round(double v, ElKind k) {
  if (k == EL_F64) return v;
  if (k == EL_F32 && v >= -3.4028234663852886e38 && v <= 3.4028234663852886e38)
    return (float)v; /* in range: no undefined conversion */
  return ix_round_slow(v, k);
}
static inline uint64_t ix_mask(uint32_t w) {
  return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
}
static inline int64_t ix_sext(uint64_t v, uint32_t w) {
  if (w >= 64 || w == 0) return (int64_t)v;
  uint64_t sign = UINT64_C(1) << (w - 1);
  v &= ix_mask(w);
  return (int64_t)((v ^ sign) - sign);
}
static inline double ix_f(int64_t bits) {
  double d;
  memcpy(&d, &bits, sizeof d);
  return d;
}
static inline int64_t ix_bits(double d) {
  int64_t b;
  memcpy(&b, &d, sizeof b);
  return b;
}

/* ====================================================================== */
/* interp_memref.c                                                        */
/* ====================================================================== */

/* Execute a memory op (ALLOC .. READ_ALL); 0, IX_FAULT or IX_SKIP. */
int ix_memref(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in);
/* A fresh buffer for a memref of `type` with the given `?` sizes (NULL:
 * all dyn), written to slot s; alloc_op is the op that allocates. 0 or
 * IX_SKIP / IX_FAULT. */
int ix_make_buffer(IrInterp *ip, uint32_t op, IrBufKind kind, uint32_t type,
                   const int64_t *dyn, uint32_t n_dyn, int64_t *s);
/* Free what the caller of the entry owns: every distinct live object among
 * the memref results (at the entry's return op). */
int ix_free_results(IrInterp *ip, uint32_t ret_op, int64_t *fp);
/* Print a memref's contents ([1, 2], nested by rank) to out. */
void ix_print_contents(IrInterp *ip, const int64_t *mr, uint32_t type,
                       FILE *out);

/* ====================================================================== */
/* interp_affine.c                                                        */
/* ====================================================================== */

/* Compile an affine map / integer set attribute into the pool; its pool
 * offset (IR_NONE if its text is not read) and its result count. */
uint32_t ix_affine_compile(IrInterp *ip, uint32_t attr, uint32_t *n_results);
/* The Ins of an affine op. */
Ins ix_affine_prep(IrInterp *ip, uint32_t op);
int ix_affine_apply(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in);
int ix_affine_load(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in);
int ix_affine_bounds(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in,
                     int64_t *lb, int64_t *ub, int64_t *step);
int ix_affine_cond(IrInterp *ip, int64_t *fp, uint32_t op, const Ins *in,
                   int *holds);

/* ====================================================================== */
/* interp_exec.c                                                          */
/* ====================================================================== */

/* Call function f with argument words already in a new frame. */
int ix_call(IrInterp *ip, uint32_t f, int64_t *frame, uint32_t call_op,
            uint32_t *ret_op);
int64_t *ix_frame_push(IrInterp *ip, uint32_t words);
void ix_frame_pop(IrInterp *ip, uint32_t words);

/* ====================================================================== */
/* interp_report.c                                                        */
/* ====================================================================== */

/* Print one value of `type` from slot s ("true", "3", "1.5", memrefs as
 * their contents and descriptor). */
void ix_print_value(IrInterp *ip, const int64_t *s, uint32_t type, FILE *out);
/* A scalar register word of `type` ("true", "-3", "1.5"). */
void ix_print_scalar(IrInterp *ip, int64_t v, uint32_t type, FILE *out);
/* An op's name ("memref.alloc"). */
const char *ix_op_name(const IrInterp *ip, uint32_t op);

#endif
