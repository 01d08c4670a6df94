/*
 * ir.h - the public API of libir: the flat IR model, the context that interns
 * strings, types, attributes and locations, the builder, the op registry,
 * diagnostics, the MLIR text parser and printer, and the verifier.
 *
 * The model (see ../shared/DESIGN.md):
 *   - A module is a handful of flat arrays: ops, operands, values, blocks,
 *     regions, successors. Everything refers to everything by 32-bit index.
 *   - A block is a range of consecutive ops; a region a range of consecutive
 *     blocks; an op's operands a range of the operand array; its results a
 *     range of consecutive values; a block's arguments a range of values.
 *   - Op 0 is the top op, always `builtin.module`, with one region of one
 *     block. Its parent block is IR_NONE.
 *   - Layout ("freeze order"): for a region, its blocks get consecutive ids;
 *     then, block by block, each block's arguments and then each of its ops
 *     (with their results) get consecutive ids; then, block by block and op by
 *     op, the regions of those ops are laid out the same way, recursively.
 *     Value ids therefore grow with op ids. Region ids of an op are
 *     allocated when the op is numbered. Operand and successor ranges
 *     follow op ids (op i's start where op i-1's end), and an empty range
 *     starts where the next entity of its kind goes (the running cursor),
 *     so every array is covered exactly once, in order; ir_module_check
 *     requires exactly this layout.
 *   - Strings, types, attributes and locations are interned in an IrCtx that
 *     many modules may share (a pass's input and output share one), so equal
 *     types have equal ids. Id 0 means "none" in each table: the empty string,
 *     no type, no attribute, unknown location.
 *   - An op keeps MLIR's generic model exactly: name, operands, result types,
 *     properties (inherent attributes, MLIR's `<{...}>`), discardable
 *     attributes (`{...}`), regions, successors. Derived properties such as
 *     `operandSegmentSizes` are stored like any other property, so the generic
 *     form prints without knowing the op.
 *
 * Error handling: library functions never exit. Bad input is reported through
 * an IrDiag and signalled by a NULL / negative return. Broken invariants (a
 * bug in this code, not in the input) call ir_die().
 */
#ifndef IR_H
#define IR_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define IR_NONE 0xffffffffu
/* MLIR's ShapedType::kDynamic: a `?` dimension, stride or offset. */
#define IR_DYN INT64_MIN
/* MLIR's SaturatedInteger, in which offsets and strides are composed: a
 * product with a static 0 is 0, else a dynamic operand gives IR_DYN, and
 * static arithmetic wraps (int64_t in MLIR's release build). */
static inline int64_t ir_sat_mul(int64_t a, int64_t b) {
  if (a == 0 || b == 0) return 0;
  if (a == IR_DYN || b == IR_DYN) return IR_DYN;
  return (int64_t)((uint64_t)a * (uint64_t)b);
}
static inline int64_t ir_sat_add(int64_t a, int64_t b) {
  if (a == IR_DYN || b == IR_DYN) return IR_DYN;
  return (int64_t)((uint64_t)a + (uint64_t)b);
}
/* Bounds every reader enforces (text and bytecode) so no input can drive an
 * unbounded allocation or recursion. */
#define IR_MAX_DEPTH 256          /* nesting of regions / attributes / types */
#define IR_MAX_RANK 64            /* dims of a shaped type */
#define IR_MAX_COUNT (1u << 28)   /* any table or array of a module */

typedef struct IrCtx IrCtx;
typedef struct IrBuilder IrBuilder;

/* ====================================================================== */
/* Diagnostics                                                            */
/* ====================================================================== */

typedef enum { IR_SEV_ERROR, IR_SEV_WARNING, IR_SEV_NOTE, IR_SEV_REMARK } IrSeverity;

/* A diagnostic sink. `out` may be NULL (count only, e.g. under a fuzzer).
 * Lines are MLIR's: `file:line:col: error: message`. A location without a
 * file prints as `loc(unknown): error: message`. */
typedef struct IrDiag {
  FILE *out;
  unsigned n_errors;
  unsigned n_total;     /* every diagnostic, notes included */
  uint32_t subject;     /* the op the last op error was about (an op's
                           verify hook may report its parent's), or
                           UINT32_MAX (IR_NONE) when not known */
} IrDiag;

void ir_diag_init(IrDiag *d, FILE *out);
/* Report at an interned location (see ir_loc_*). */
void ir_diag(IrDiag *d, const IrCtx *c, uint32_t loc, IrSeverity sev,
             const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void ir_vdiag(IrDiag *d, const IrCtx *c, uint32_t loc, IrSeverity sev,
              const char *fmt, va_list ap);
/* Report at a raw position (readers use it before locations exist);
 * file may be NULL. line/col 0 omits them. */
void ir_diag_at(IrDiag *d, const char *file, uint32_t line, uint32_t col,
                IrSeverity sev, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* Broken invariant: prints `file:line: internal error: ...` and aborts. */
_Noreturn void ir_die_(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
#define ir_die(...) ir_die_(__FILE__, __LINE__, __VA_ARGS__)
#define ir_assert(c) ((c) ? (void)0 : ir_die("assertion failed: %s", #c))

/* ====================================================================== */
/* Context: interned strings, types, attributes, locations                */
/* ====================================================================== */

IrCtx *ir_ctx_new(void);
void ir_ctx_free(IrCtx *c);
/* Size the tables for that many more strings, types and attributes (a
 * reader's declared counts, checked against its input size); a hint:
 * interning works the same without it. */
void ir_ctx_reserve(IrCtx *c, uint32_t strs, uint32_t types, uint32_t attrs);
/* Every pointer the accessors below return (ir_str_ptr, ir_type,
 * ir_type_dims, ir_attr_u32, ir_loc_list ...) stays valid until
 * ir_ctx_free: entries never move when the tables grow. The list accessors
 * never return NULL, even for an empty list. Interning returns
 * 0 for invalid input (an unknown kind, an id that does not exist in the
 * ctx, a rank over IR_MAX_RANK) and when a table already holds
 * IR_MAX_COUNT entries. */

/* --- strings: bytes, not NUL-terminated in general, but the stored copy
 * is always followed by a NUL so ir_str_ptr can be used as a C string when
 * the string has no embedded NUL. Id 0 is "". */
uint32_t ir_str(IrCtx *c, const char *s, size_t n);
uint32_t ir_cstr(IrCtx *c, const char *s);
/* ir_str for bytes with static storage (NUL after them), with their
 * ir_str_hash computed once: they are not copied. */
uint64_t ir_str_hash(const char *s, size_t n);
uint32_t ir_str_static(IrCtx *c, const char *s, size_t n, uint64_t hash);
const char *ir_str_ptr(const IrCtx *c, uint32_t id);
size_t ir_str_len(const IrCtx *c, uint32_t id);
uint32_t ir_n_strs(const IrCtx *c);
/* Id of an already interned string, or IR_NONE (never inserts). */
uint32_t ir_str_find(const IrCtx *c, const char *s, size_t n);

/* --- types --------------------------------------------------------------*/
typedef enum {
  IR_T_NONE_ID = 0, /* id 0: no type */
  IR_T_INT,         /* iN, siN, uiN: width, sub = signedness */
  IR_T_INDEX,
  IR_T_FLOAT,       /* sub = IrFloatKind */
  IR_T_NONE,        /* the builtin `none` type */
  IR_T_MEMREF,      /* ranked: dims, elem, layout, space */
  IR_T_UMEMREF,     /* memref<*xT, space>: elem, space */
  IR_T_TENSOR,      /* ranked: dims, elem, layout = encoding attr */
  IR_T_UTENSOR,     /* tensor<*xT> */
  IR_T_VECTOR,      /* dims, elem, scalable = bit mask of scalable dims */
  IR_T_FUNC,        /* list = inputs then results; n = #inputs, nres */
  IR_T_TUPLE,       /* list = members, n */
  IR_T_COMPLEX,     /* elem */
  IR_T_OPAQUE,      /* any other type: `text` is its full spelling,
                       e.g. "!gpu.async.token"; printed verbatim */
} IrTypeKind;

typedef enum { IR_SIGNLESS, IR_SIGNED, IR_UNSIGNED } IrSignedness;
typedef enum {
  IR_F16, IR_BF16, IR_F32, IR_F64, IR_F80, IR_F128, IR_TF32,
  IR_F8E4M3FN, IR_F8E5M2, IR_N_FLOAT_KINDS
} IrFloatKind;

typedef struct IrType {
  uint8_t kind;      /* IrTypeKind */
  uint8_t sub;       /* INT: IrSignedness; FLOAT: IrFloatKind */
  uint16_t pad_;     /* zero */
  uint32_t width;    /* INT: bit width */
  uint32_t elem;     /* MEMREF/UMEMREF/TENSOR/UTENSOR/VECTOR/COMPLEX */
  uint32_t n;        /* shaped: rank; FUNC: #inputs; TUPLE: #members */
  uint32_t nres;     /* FUNC: #results */
  uint32_t layout;   /* MEMREF: layout attr, 0 = identity; TENSOR: encoding */
  uint32_t space;    /* MEMREF/UMEMREF: memory space attr, 0 = default */
  uint32_t text;     /* OPAQUE: string id of the whole spelling */
  uint64_t scalable; /* VECTOR: bit i set = dim i is scalable `[N]` */
  uint32_t dims;     /* filled by the ctx: offset of the dims in its i64 pool */
  uint32_t list;     /* filled by the ctx: offset of the types in its u32 pool */
} IrType;

/* Intern a type. `dims` (t->n entries, IR_DYN for `?`) is read for shaped
 * kinds; `types` (FUNC: n + nres, TUPLE: n) for list kinds. t->dims and
 * t->list are ignored on input. Returns the type id (never 0). */
uint32_t ir_type_intern(IrCtx *c, const IrType *t, const int64_t *dims,
                        const uint32_t *types);
const IrType *ir_type(const IrCtx *c, uint32_t id);
const int64_t *ir_type_dims(const IrCtx *c, uint32_t id);
const uint32_t *ir_type_list(const IrCtx *c, uint32_t id);
uint32_t ir_n_types(const IrCtx *c); /* ids are 1 .. n-1 */

/* Convenience constructors. */
uint32_t ir_type_int(IrCtx *c, uint32_t width);  /* signless iN */
uint32_t ir_type_index(IrCtx *c);
uint32_t ir_type_float(IrCtx *c, IrFloatKind k);
uint32_t ir_type_memref(IrCtx *c, uint32_t rank, const int64_t *dims,
                        uint32_t elem, uint32_t layout, uint32_t space);
uint32_t ir_type_func(IrCtx *c, uint32_t nin, const uint32_t *ins,
                      uint32_t nres, const uint32_t *res);
/* A type as MLIR spells it (`memref<?xf32, strided<[1], offset: ?>>`), for
 * diagnostics that quote types: NUL-terminated in buf, truncated to cap - 1
 * bytes. Returns the length of the whole text (print_type.c). */
size_t ir_type_str(const IrCtx *c, uint32_t type, char *buf, size_t cap);
/* The same for an attribute as MLIR prints it (`{a = 1 : i64}`). */
size_t ir_attr_str(const IrCtx *c, uint32_t attr, char *buf, size_t cap);
/* Predicates. */
int ir_type_is_memref(const IrCtx *c, uint32_t t); /* ranked or unranked */
/* Any integer type (signless, signed or unsigned, like MLIR's
 * Type::isInteger(width)) of that width; width 0 = any width. */
int ir_type_is_int(const IrCtx *c, uint32_t t, uint32_t width);

/* Offset and strides of a ranked memref type (t->n strides; IR_DYN for
 * `?`), as MLIR's getStridesAndOffset gives them: an identity layout's
 * canonical strides, a strided<> layout's own. 0 for any other type or
 * layout (an affine map). */
int ir_type_strides(const IrCtx *c, uint32_t type, int64_t *off, int64_t *strides);
/* The same, and for a layout written as an affine map whose one result is
 * linear in the dimensions (affine_strides.c), as getStridesAndOffset
 * evaluates it; the verifiers use it, the rewrites keep to the above. */
int ir_layout_strides(const IrCtx *c, uint32_t type, int64_t *off, int64_t *strides);
int ir_affine_map_strides(const IrCtx *c, uint32_t map, uint32_t rank, int64_t *off,
                          int64_t *strides);
/* Whether a memref's layout is an affine map of several results: one MLIR
 * cannot take as strided (a layout of one result may be undecided here). */
int ir_layout_multi_result(const IrCtx *c, uint32_t type);
/* Does a slice (n static offsets, sizes and strides, IR_DYN for dynamic
 * ones) of a source of that shape stay inside it, as far as the static
 * entries tell (MLIR's verifyInBoundsSlice)? If not, 0, and mlir-opt's
 * message in msg (when not NULL). */
/* How many symbol operands an alloc of memref type `type` takes: the
 * symbols of its layout map (one per `?` of a strided<> layout). */
uint32_t ir_type_layout_symbols(const IrCtx *c, uint32_t type);
int ir_slice_in_bounds(const int64_t *shape, uint32_t n, const int64_t *offs,
                       const int64_t *sizes, const int64_t *strides, char *msg,
                       size_t cap);

/* --- attributes ---------------------------------------------------------*/
typedef enum {
  IR_A_NULL = 0,     /* id 0: absent */
  IR_A_UNIT,         /* `unit`, or a bare name in a dictionary */
  IR_A_BOOL,         /* ival = 0/1 */
  IR_A_INT,          /* ival, type (iN or index; 0 on input = i64, stored
                        as the i64 type id) */
  IR_A_FLOAT,        /* fval, type (0 on input = f64, stored as f64) */
  IR_A_STRING,       /* str, type (0 = none) */
  IR_A_TYPE,         /* type */
  IR_A_ARRAY,        /* list of n attribute ids */
  IR_A_DICT,         /* list of n (name string id, attr id) pairs, sorted by
                        name bytes, names unique */
  IR_A_SYMREF,       /* @str, then n nested names (::@a::@b) in list */
  IR_A_DENSE_ARRAY,  /* array<i32: 1, 2>: type = element type, n values in
                        the i64 pool (floats stored as double bits) */
  IR_A_DENSE,        /* dense<...> : type; str = canonical body text between
                        `dense<` and `>` */
  IR_A_AFFINE_MAP,   /* str = canonical text inside affine_map<...> */
  IR_A_AFFINE_SET,   /* str = canonical text inside affine_set<...> */
  IR_A_STRIDED,      /* strided<[..], offset: o>: ival = offset, n strides in
                        the i64 pool (IR_DYN for `?`) */
  IR_A_OPAQUE,       /* any other attribute: str = full spelling, e.g.
                        "#arith.fastmath<none>"; type optional */
} IrAttrKind;

typedef struct IrAttr {
  uint8_t kind;      /* IrAttrKind */
  uint8_t pad_[3];   /* zero */
  uint32_t type;
  uint32_t str;
  uint32_t n;
  int64_t ival;
  double fval;
  uint32_t list;     /* filled by the ctx: pool offset of the list */
  uint32_t pad2_;    /* zero */
} IrAttr;

/* Intern an attribute. `u32` holds the list for ARRAY (n ids), DICT (2n:
 * name, attr; any order, duplicate names are an error -> returns 0) and
 * SYMREF (n nested names); `i64` the values for DENSE_ARRAY and STRIDED.
 * a->list is ignored on input. */
uint32_t ir_attr_intern(IrCtx *c, const IrAttr *a, const uint32_t *u32,
                        const int64_t *i64);
/* ir_attr_intern for a caller that has checked that a DICT's names are
 * strictly increasing in that order (the bytecode reader): the list is
 * taken as it is, not sorted. */
uint32_t ir_attr_intern_sorted(IrCtx *c, const IrAttr *a, const uint32_t *u32,
                               const int64_t *i64);
const IrAttr *ir_attr(const IrCtx *c, uint32_t id);
const uint32_t *ir_attr_u32(const IrCtx *c, uint32_t id);
const int64_t *ir_attr_i64(const IrCtx *c, uint32_t id);
uint32_t ir_n_attrs(const IrCtx *c);

uint32_t ir_attr_unit(IrCtx *c);
uint32_t ir_attr_bool(IrCtx *c, int v);
uint32_t ir_attr_int(IrCtx *c, int64_t v, uint32_t type);
uint32_t ir_attr_string(IrCtx *c, const char *s, size_t n);
uint32_t ir_attr_type(IrCtx *c, uint32_t type);
uint32_t ir_attr_symref(IrCtx *c, uint32_t name_str);
uint32_t ir_attr_dense_i32(IrCtx *c, uint32_t n, const int64_t *v);
uint32_t ir_attr_dense_i64(IrCtx *c, uint32_t n, const int64_t *v);
/* A dense body's hex form (MLIR's beyond 100 elements, and the bytecode's
 * entry 0x30 spelled out): raw[0..n) into out, 2n + 4 bytes `"0x..."`
 * with upper-case digits; returns that length. */
size_t ir_dense_hex_text(const uint8_t *raw, size_t n, char *out);
/* Hex digits s[0..n) (any case) to n/2 bytes: -1 if n is odd or a digit
 * is not hex. */
int ir_hex_decode(const char *s, size_t n, uint8_t *out);
/* Dictionary lookup by name (string id or C string); 0 if absent. */
uint32_t ir_dict_get(const IrCtx *c, uint32_t dict, uint32_t name);
uint32_t ir_dict_getc(const IrCtx *c, uint32_t dict, const char *name);
/* A copy of `dict` with `name` set to `value` (value 0 removes it). */
uint32_t ir_dict_set(IrCtx *c, uint32_t dict, uint32_t name, uint32_t value);

/* --- locations ----------------------------------------------------------*/
typedef enum {
  IR_L_UNKNOWN = 0,  /* id 0 */
  IR_L_FILE,         /* file (str), line, col */
  IR_L_NAME,         /* "name"(child): a = name str, b = child loc (0 none) */
  IR_L_CALLSITE,     /* callsite(a at b): a = callee loc, b = caller loc */
  IR_L_FUSED,        /* fused<b>[list]: n locs in list, b = metadata attr */
} IrLocKind;

/* No kind uses two fields that share a slot (FILE: file, line, col; NAME
 * and CALLSITE: a, b; FUSED: b, n, and in `a` the ctx's index of its
 * member list, read through ir_loc_list), so they overlap: 16 bytes, not
 * 32. File locations, one per op and block argument, are most of a
 * context's table (20 MB bench corpus: ~490K entries, 16.9 -> 11.3 ->
 * 7.8 MB). */
typedef struct IrLoc {
  uint8_t kind;
  uint8_t link[3];   /* the ctx's (ctx_loc.c); ignored on input */
  union { uint32_t file; uint32_t a; };
  union { uint32_t line; uint32_t b; };
  union { uint32_t col; uint32_t n; };
} IrLoc;

uint32_t ir_loc_intern(IrCtx *c, const IrLoc *l, const uint32_t *list);
uint32_t ir_loc_file(IrCtx *c, uint32_t file_str, uint32_t line, uint32_t col);
/* ir_loc_file for n locations of one file, lc[2i] the line and lc[2i+1]
 * the column of the i-th, its id to ids[i]. Returns how many it interned
 * (fewer than n: ir_loc_file returned 0 for the next one). */
uint32_t ir_loc_file_n(IrCtx *c, uint32_t file_str, uint32_t n, const uint32_t *lc,
                       uint32_t *ids);
const IrLoc *ir_loc(const IrCtx *c, uint32_t id);
const uint32_t *ir_loc_list(const IrCtx *c, uint32_t id);
uint32_t ir_n_locs(const IrCtx *c);
/* For a writer that encodes a module one top op at a time (ir_parse_pieces,
 * irb_stream_*): ir_loc_mark notes the table's size; ir_loc_drop then
 * forgets the locations made since, so that their ids (and the memory of
 * their entries) serve the next op, and returns 1, if every one of them is
 * a file location of the line index (ctx_loc.c); else it changes nothing
 * and returns 0. Nothing may hold a dropped id. */
void ir_loc_mark(IrCtx *c);
int ir_loc_drop(IrCtx *c);
/* The first file:line:col reachable from a location (callsite: the callee
 * side, as MLIR reports), or 0 if none. */
uint32_t ir_loc_filepos(const IrCtx *c, uint32_t loc);

/* ====================================================================== */
/* The op registry                                                        */
/* ====================================================================== */

/* Trait bits. */
enum {
  IR_TR_TERMINATOR   = 1u << 0,
  IR_TR_PURE         = 1u << 1,  /* no memory effects, speculatable */
  IR_TR_ALLOC        = 1u << 2,  /* allocates its (memref) result */
  IR_TR_FREE         = 1u << 3,  /* frees its first operand */
  IR_TR_VIEW         = 1u << 4,  /* result aliases (a view of) operand 0 */
  IR_TR_RETURN_LIKE  = 1u << 5,  /* returns to the parent op */
  IR_TR_BRANCH       = 1u << 6,  /* branches to successors */
  IR_TR_REGION_BRANCH= 1u << 7,  /* control flows through its regions */
  IR_TR_ISOLATED     = 1u << 8,  /* regions are isolated from above */
  IR_TR_SYMBOL       = 1u << 9,  /* defines sym_name */
  IR_TR_NO_TERMINATOR= 1u << 10, /* single-block regions need no terminator */
  IR_TR_RECURSIVE_EFFECTS = 1u << 11, /* effects are those of nested ops */
  IR_TR_READ         = 1u << 12, /* reads memory */
  IR_TR_WRITE        = 1u << 13, /* writes memory */
  IR_TR_CONSTANT     = 1u << 14, /* ConstantLike: folds to its `value` */
  IR_TR_COMMUTATIVE  = 1u << 15,
  IR_TR_SYMBOL_TABLE = 1u << 16, /* its region is a symbol table */
  IR_TR_CALL         = 1u << 17, /* call op: `callee` symbol */
  IR_TR_GRAPH_REGION = 1u << 18, /* regions are graph regions (MLIR's
                                    RegionKind::Graph): no dominance */
  IR_TR_ALLOCA_SCOPE = 1u << 19, /* AutomaticAllocationScope: frees the
                                    memref.alloca of its regions */
};

/* Opcodes: one per registered op, from ops.def. IR_OP_UNKNOWN is any op not
 * in the registry (kept verbatim in generic form, effects unknown). */
typedef enum {
#define OP(id, name, traits, nopd, nres, nreg, nsucc, inherent) IR_OP_##id,
#include "ops.def"
#undef OP
  IR_N_OPS,
  IR_OP_UNKNOWN = 0xffff
} IrOpcode;

typedef struct IrParser IrParser;
typedef struct IrPrinter IrPrinter;
typedef struct IrOpState IrOpState;
typedef struct IrModule IrModule;

typedef struct IrOpInfo {
  const char *name;
  uint32_t traits;
  /* Counts: a fixed count (>= 0), or variadic (< 0) with at least
   * -1 - n: -1 any number, -2 one or more, -3 two or more. */
  int16_t n_operands;
  int16_t n_results;
  int16_t n_regions;
  int16_t n_succs;
  const char *inherent; /* space separated inherent attribute names */
  /* Hooks; any may be NULL. Set from the syntax files' hook tables. */
  int (*parse)(IrParser *p, IrOpState *st);        /* custom form */
  void (*print)(IrPrinter *w, const IrModule *m, uint32_t op);
  void (*asm_names)(IrPrinter *w, const IrModule *m, uint32_t op);
  int (*verify)(const IrModule *m, uint32_t op, IrDiag *d);
  /* MLIR's verifyRegions: what the op checks of its regions, run after
   * the ops in them are verified (the reporting walk's order; the other
   * walks run it with verify) */
  int (*verify_regions)(const IrModule *m, uint32_t op, IrDiag *d);
} IrOpInfo;

/* Lookup; never NULL for a registered opcode. */
const IrOpInfo *ir_op_info(uint32_t opc);
/* Opcode of an op name, IR_OP_UNKNOWN if not registered. */
uint32_t ir_op_lookup(const char *name, size_t n);
/* Whether the dialect of `name` (before its first '.' or '<': an op name,
 * or a dialect type's or attribute's spelling after its sigil) is one
 * mlir-opt-22 registers; others need --allow-unregistered-dialect. */
int ir_dialect_known(const char *name, size_t n);
/* Those dialects' names, comma-separated, in buf (as mlir-opt-22 lists
 * them in "Available dialects"). */
void ir_dialect_list(char *buf, size_t cap);
/* Whether `name` is an inherent attribute of opcode `opc`. */
int ir_op_is_inherent(uint32_t opc, const char *name, size_t n);

/* --- op traits by direct index (pipe3) ---------------------------------- */
/* ir_op_info(opc)->traits without the call (the rewriting passes ask at
 * nearly every op they visit); 0 for IR_OP_UNKNOWN. */
extern const uint32_t ir_op_traits_tab[IR_N_OPS];
static inline uint32_t ir_op_traits(uint32_t opc) {
  return opc < IR_N_OPS ? ir_op_traits_tab[opc] : 0;
}

/* ====================================================================== */
/* Modules                                                                */
/* ====================================================================== */

typedef struct IrOp {
  uint32_t name;       /* string id of the op name, e.g. "memref.alloc" */
  uint16_t opc;        /* IrOpcode */
  uint16_t flags;      /* zero; reserved */
  uint32_t loc;
  uint32_t block;      /* parent block, IR_NONE for op 0 */
  uint32_t operands, n_operands;  /* range in IrModule.operands */
  uint32_t results, n_results;    /* first result value, count */
  uint32_t regions, n_regions;    /* range in IrModule.regions */
  uint32_t succs, n_succs;        /* range in IrModule.succs */
  uint32_t props;      /* DICT attr of properties (inherent), 0 = none */
  uint32_t attrs;      /* DICT attr of discardable attributes, 0 = none */
} IrOp;

/* A successor: the target block and the operands passed to its arguments,
 * a sub-range of the op's operands (absolute index into IrModule.operands).
 * For ops whose successor operands are unknown (unregistered), n_operands
 * is 0 and the operands stay ordinary operands. */
typedef struct IrSucc {
  uint32_t block;
  uint32_t operands, n_operands;
} IrSucc;

typedef struct IrBlock {
  uint32_t ops, n_ops;     /* range in IrModule.ops */
  uint32_t args, n_args;   /* range of values */
  uint32_t region;         /* parent region */
} IrBlock;

typedef struct IrRegion {
  uint32_t blocks, n_blocks;
  uint32_t op;             /* parent op */
} IrRegion;

/* A value: 16 bytes. `num` is below IR_MAX_COUNT, so it shares a word with
 * the one-bit kind, which leaves room for a block argument's location
 * without growing the record. */
enum { IR_VAL_RESULT = 0, IR_VAL_ARG = 1 };
typedef struct IrValue {
  uint32_t type;
  uint32_t def;            /* defining op (RESULT) or block (ARG) */
  uint32_t num : 31;       /* result / argument number */
  uint32_t kind : 1;       /* IR_VAL_RESULT or IR_VAL_ARG */
  uint32_t loc;            /* ARG: its location (MLIR's `%a: T loc(..)`);
                              RESULT: 0 (a result has its op's location) */
} IrValue;

struct IrModule {
  IrCtx *ctx;              /* not owned */
  IrOp *ops;          uint32_t n_ops;
  uint32_t *operands; uint32_t n_operands;
  IrValue *values;    uint32_t n_values;
  IrBlock *blocks;    uint32_t n_blocks;
  IrRegion *regions;  uint32_t n_regions;
  IrSucc *succs;      uint32_t n_succs;
};

/* Allocate a module whose arrays have the given sizes (zeroed). Used by
 * freeze and by the bytecode reader. NULL when a count exceeds
 * IR_MAX_COUNT or memory runs out. */
IrModule *ir_module_alloc(IrCtx *c, uint32_t n_ops, uint32_t n_operands,
                          uint32_t n_values, uint32_t n_blocks,
                          uint32_t n_regions, uint32_t n_succs);
void ir_module_free(IrModule *m);
/* ir_module_alloc without the zeroing, for a caller that writes every field
 * of every array entry (the bytecode reader). */
IrModule *ir_module_alloc_raw(IrCtx *c, uint32_t n_ops, uint32_t n_operands,
                              uint32_t n_values, uint32_t n_blocks,
                              uint32_t n_regions, uint32_t n_succs);
/* ir_module_alloc_raw for a reader that fills the start of the arrays
 * again and again (irb_read_pieces): sanitizer builds do not fill it with
 * garbage either, which would make every page resident at once. */
IrModule *ir_module_alloc_room(IrCtx *c, uint32_t n_ops, uint32_t n_operands,
                               uint32_t n_values, uint32_t n_blocks,
                               uint32_t n_regions, uint32_t n_succs);
/* Make the pages of a mapped module's arrays present at once, for a caller
 * about to write all of them (the bytecode reader). */
void ir_module_prefault(IrModule *m);

/* Check every index and range of a module against the layout rules above
 * (bounds, nesting, freeze order, value definitions consistent, ids valid in
 * the ctx, opc matching the name, regions nested at most IR_MAX_DEPTH deep
 * with op 0's regions at depth 1). Linear time, never reads out of bounds.
 * 0 if sound; otherwise writes a reason to `why` and returns -1.
 * The bytecode reader calls it; nothing else need trust raw arrays. */
int ir_module_check(const IrModule *m, char *why, size_t why_len);

/* Small accessors. */
static inline const IrOp *ir_op(const IrModule *m, uint32_t op) { return &m->ops[op]; }
static inline uint32_t ir_operand(const IrModule *m, uint32_t op, uint32_t k) {
  return m->operands[m->ops[op].operands + k];
}
static inline uint32_t ir_result(const IrModule *m, uint32_t op, uint32_t k) {
  return m->ops[op].results + k;
}
static inline uint32_t ir_vtype(const IrModule *m, uint32_t v) { return m->values[v].type; }
/* Parent op of a block / of an op (IR_NONE for op 0). */
uint32_t ir_block_parent_op(const IrModule *m, uint32_t block);
uint32_t ir_op_parent(const IrModule *m, uint32_t op);
/* The nearest op enclosing op that has one of the IR_TR_* bits `trait`
 * (MLIR's getParentWithTrait: unregistered ops have none), or IR_NONE. */
uint32_t ir_op_ancestor(const IrModule *m, uint32_t op, uint32_t trait);
/* Operand segments of ops with operandSegmentSizes (memref.alloc,
 * bufferization.dealloc, cf.cond_br, scf.forall ...): how many the op
 * has (0 for other ops), and segment k as a range of the op's operand
 * positions. The verifier checks the property (verify_rules.c), so on a
 * verified module ir_segment cannot fail for k < ir_segment_count. */
uint32_t ir_segment_count(uint32_t opc);
int ir_segment(const IrModule *m, uint32_t op, uint32_t k, uint32_t *first,
               uint32_t *n);
/* Property / attribute lookup by C string (0 if absent). */
uint32_t ir_op_prop(const IrModule *m, uint32_t op, const char *name);
uint32_t ir_op_attr(const IrModule *m, uint32_t op, const char *name);

/* ====================================================================== */
/* Builder                                                                */
/* ====================================================================== */

/* The builder holds ops, blocks, regions and values under builder-local
 * handles, with growable per-block op lists. irb_freeze lays the tree rooted
 * at one op out in freeze order and renumbers everything. */

typedef struct IrBSucc {
  uint32_t block;          /* builder block handle */
  uint32_t first, count;   /* range of IrOpSpec.operands passed to it */
} IrBSucc;

typedef struct IrOpSpec {
  uint32_t name;                 /* op name string id */
  uint32_t loc;
  const uint32_t *operands;      /* builder value handles */
  uint32_t n_operands;
  const uint32_t *result_types;
  uint32_t n_results;
  const uint32_t *regions;       /* detached region handles to attach, or
                                    NULL to create n_regions empty ones */
  uint32_t n_regions;
  const IrBSucc *succs;
  uint32_t n_succs;
  uint32_t props, attrs;         /* DICT attr ids or 0 */
} IrOpSpec;

IrBuilder *irb_new(IrCtx *c);
void irb_free(IrBuilder *b);
void irb_reset(IrBuilder *b);   /* empty it, keeping its arrays' room */
IrCtx *irb_ctx(IrBuilder *b);
/* A new detached region (attach it with IrOpSpec.regions). */
uint32_t irb_region(IrBuilder *b);
/* Append a new empty block to a region. */
uint32_t irb_block(IrBuilder *b, uint32_t region);
/* A block in no region yet: the parser creates one for a forward reference
 * `^bb3` and places it with irb_region_append_block when its label is
 * reached, so blocks keep their text order (as MLIR moves them). A detached
 * block may get arguments and ops; freezing a tree that still names one
 * fails. */
uint32_t irb_block_detached(IrBuilder *b);
void irb_region_append_block(IrBuilder *b, uint32_t region, uint32_t block);
uint32_t irb_block_arg(IrBuilder *b, uint32_t block, uint32_t type);
/* A block argument with a location (irb_block_arg: unknown location). */
uint32_t irb_block_arg_loc(IrBuilder *b, uint32_t block, uint32_t type,
                           uint32_t loc);
/* Set the location of block argument `v` (the parser learns it after it
 * created the argument, e.g. from a trailing `loc(...)`). */
void irb_block_arg_set_loc(IrBuilder *b, uint32_t v, uint32_t loc);
/* Append an op to the end of `block` (IR_NONE: a root op in no block). The
 * opcode is looked up from the name. Returns the op handle. */
uint32_t irb_op(IrBuilder *b, uint32_t block, const IrOpSpec *s);
/* Attach an op created with block IR_NONE (and not attached since) to the
 * end of `block` (a pass that orders a block's ops itself). */
void irb_block_append_op(IrBuilder *b, uint32_t block, uint32_t op);
/* irb_block_append_op of ops[0], ..., ops[n - 1], in that order. */
void irb_block_append_ops(IrBuilder *b, uint32_t block, const uint32_t *ops,
                          uint32_t n);
uint32_t irb_op_result(IrBuilder *b, uint32_t op, uint32_t k);
uint32_t irb_op_region(IrBuilder *b, uint32_t op, uint32_t k);
uint32_t irb_region_n_blocks(IrBuilder *b, uint32_t region);
uint32_t irb_region_block(IrBuilder *b, uint32_t region, uint32_t k);
uint32_t irb_block_n_ops(IrBuilder *b, uint32_t block);
uint32_t irb_block_op(IrBuilder *b, uint32_t block, uint32_t k);
uint32_t irb_op_name(IrBuilder *b, uint32_t op);   /* name string id */
uint32_t irb_op_loc(IrBuilder *b, uint32_t op);
void irb_op_set_loc(IrBuilder *b, uint32_t op, uint32_t loc);
uint32_t irb_value_type(IrBuilder *b, uint32_t v);
/* A placeholder value for a forward reference; later irb_resolve binds it
 * to the real value. Freeze fails (returns NULL, reason in *why) if a
 * placeholder that is used was never resolved. */
uint32_t irb_placeholder(IrBuilder *b, uint32_t type);
void irb_resolve(IrBuilder *b, uint32_t placeholder, uint32_t value);
/* Lay out the tree rooted at `root` (normally the builtin.module op). */
IrModule *irb_freeze(IrBuilder *b, uint32_t root, const char **why);
/* irb_freeze for a builder that is only freed afterwards (asm4): freeze may
 * give back the memory of what it has read, so the builder and the module
 * do not both hold the whole tree at the peak. */
IrModule *irb_freeze_final(IrBuilder *b, uint32_t root, const char **why);

/* ====================================================================== */
/* Cloning a frozen module into a builder (clone.c): the skeleton of passes */
/* ====================================================================== */

typedef struct IrMap IrMap;

/* Called for every op that irb_clone_block_ops / irb_clone_region meet (at
 * any depth), with the builder block it goes to. Returns 1 if it emitted
 * the op's replacement itself (and mapped the op's results with
 * ir_map_set_val), 0 to have the op cloned as it is, -1 on error (after
 * reporting it). */
typedef int (*IrCloneHook)(void *ud, IrBuilder *b, uint32_t block, IrMap *map,
                           uint32_t op);

/* Input value / block -> builder handle. */
struct IrMap {
  const IrModule *m;   /* the input */
  uint32_t *val;       /* per input value: handle, IR_NONE, or placeholder */
  uint32_t *blk;       /* per input block: builder block or IR_NONE */
  IrCloneHook hook;    /* may be NULL */
  void *ud;
};

void ir_map_init(IrMap *map, const IrModule *m);
void ir_map_free(IrMap *map);
/* The builder value standing for input value v; a placeholder (resolved by
 * a later ir_map_set_val) if v has not been defined yet. */
uint32_t ir_map_val(IrBuilder *b, IrMap *map, uint32_t v);
/* Record that input value v is now builder value h (resolving a
 * placeholder handed out for v before). */
void ir_map_set_val(IrBuilder *b, IrMap *map, uint32_t v, uint32_t h);
/* The builder block of input block blk (must be cloned already). */
uint32_t ir_map_block(const IrMap *map, uint32_t blk);

/* What irb_clone_op_with changes from the original op. Zero-initialise;
 * each field left zero / NULL keeps the original. */
typedef struct IrCloneOver {
  uint32_t name;                  /* op name string id */
  const uint32_t *operands;       /* builder handles */
  uint32_t n_operands;
  const uint32_t *result_types;   /* the first min(n, original) results are
                                     mapped to the original results */
  uint32_t n_results;
  const IrBSucc *succs;           /* builder blocks, ranges of operands */
  uint32_t n_succs;
  int set_props, set_attrs;       /* replace props / attrs with these */
  uint32_t props, attrs;
  int skip_regions;               /* leave the regions empty: the caller
                                     fills irb_op_region(b, op, k) */
} IrCloneOver;

/* Clone op `op` of map->m (with its regions, recursively, through the
 * hook) to the end of builder block `block`; operands and successors go
 * through the map and the results are mapped. Returns the new op handle,
 * IR_NONE if a hook failed. */
uint32_t irb_clone_op(IrBuilder *b, uint32_t block, IrMap *map, uint32_t op);
uint32_t irb_clone_op_with(IrBuilder *b, uint32_t block, IrMap *map,
                           uint32_t op, const IrCloneOver *over);
/* Create the blocks of input region r (with their arguments, mapped) at
 * the end of builder region dst; then irb_clone_block_ops fills one block.
 * irb_clone_region does both for the whole region. 0 or -1 (hook failed). */
void irb_clone_blocks(IrBuilder *b, uint32_t dst, IrMap *map, uint32_t r);
int irb_clone_block_ops(IrBuilder *b, IrMap *map, uint32_t blk);
int irb_clone_region(IrBuilder *b, uint32_t dst, IrMap *map, uint32_t r);
/* The whole module through the hook, frozen (sharing m's ctx). NULL when
 * the hook failed or freeze did (reason in *why). */
IrModule *ir_clone_module(const IrModule *m, IrCloneHook hook, void *ud,
                          const char **why);
/* The same for a pass whose output outgrows the 1.5x of the input that
 * ir_clone_module makes room for: room for ops_x2 / vals_x2 /
 * operands_x2 halves of the input's ops, values and operands. */
IrModule *ir_clone_module_room(const IrModule *m, IrCloneHook hook, void *ud,
                               const char **why, uint32_t ops_x2,
                               uint32_t vals_x2, uint32_t operands_x2);

/* ====================================================================== */
/* Text: parser, printer                                                  */
/* ====================================================================== */

typedef struct IrParseOpts {
  const char *filename;    /* for locations and diagnostics */
  uint32_t first_line;     /* line number of the first line of `text`
                              (1 normally; >1 for split chunks) */
  int allow_unregistered;  /* accept generic-form ops of dialects mlir-opt
                              does not register (its
                              -allow-unregistered-dialect); custom-form
                              unknown ops are always an error */
} IrParseOpts;

/* Parse one module of MLIR text. On error, reports through `d` (one located
 * error per problem where recovery is sound, at least one) and returns NULL. */
IrModule *ir_parse(IrCtx *c, const char *text, size_t len,
                   const IrParseOpts *o, IrDiag *d);
/* The same for text followed by IR_PARSE_PAD readable NUL bytes
 * (text[len .. len + IR_PARSE_PAD)), which is lexed in place; ir_parse
 * copies its input to pad it. */
#define IR_PARSE_PAD 16
IrModule *ir_parse_padded(IrCtx *c, const char *text, size_t len,
                          const IrParseOpts *o, IrDiag *d);

/* The location MLIR gives the module it wraps around top-level ops:
 * file:0:0 for a whole file, a --split-input-file chunk's start. */
uint32_t ir_parse_module_loc(IrCtx *c, const IrParseOpts *o);

/* Parse text (padded: followed by IR_PARSE_PAD NUL bytes, as for
 * ir_parse_padded; else copied) one top-level op at a time, for
 * a writer that encodes each as it comes (ir-asm) in memory that does not
 * grow with the module: fn gets, for each op in order, a module whose op 0
 * (a builtin.module) holds that op alone, and may keep nothing of it. The
 * locations are marked (ir_loc_mark) before each op, and the parser keeps
 * none made since, so fn may drop them (ir_loc_drop).
 * Only for text that is the body of an implicit module: 1 when every op
 * went to fn; 0, reporting nothing, when the text is not such (a
 * top-level builtin.module, a top-level op with results or successors),
 * has an error or a diagnostic of any kind, or fn returned nonzero; then
 * parse it whole (ir_parse_padded, in a new ctx), which reports. */
typedef int IrPieceFn(void *ud, const IrModule *piece);
int ir_parse_pieces(IrCtx *c, const char *text, size_t len, int padded,
                    const IrParseOpts *o, IrPieceFn *fn, void *ud);

/* Whether an entry that carries text of its own (an opaque type's
 * spelling; a dense, affine or opaque attribute's) is one the parser
 * makes: its printed form, parsed alone and whole, gives it back (kind,
 * text and type). 1 if so, or if the entry carries no such text. For the
 * bytecode reader, whose input could otherwise hold text that prints as
 * something no parser accepts. */
int ir_type_text_sound(IrCtx *c, const IrType *t);

/* The bits of a float format kept as an opaque spelling, as those without
 * an IrFloatKind are (f4E2M1FN: 4, f6E3M2FN: 6, f8E3M4: 8); 0 for any
 * other type. */
uint32_t ir_type_opaque_float(const IrCtx *c, uint32_t t);
/* MLIR's getWidth of a float type (tf32: 19), opaque formats included; 0
 * for any other type. */
uint32_t ir_type_float_width(const IrCtx *c, uint32_t t);
/* NULL if `elem` may be the element type of a `container` type (complex,
 * tensor, memref, vector, ranked or not), else MLIR's message for it.
 * Dialect types pass as memref and vector elements when their dialect is
 * one mlir-opt-22 registers: whether they have the interface MLIR asks
 * for is not known here. */
const char *ir_type_elem_error(const IrCtx *c, IrTypeKind container, uint32_t elem);
/* NULL if a memref of `rank` dims (0 if unranked) may have layout `layout`
 * and memory space `space` (attribute ids, 0 = none), else MLIR's message
 * for it (MemRefType::verify), possibly written into buf. */
const char *ir_memref_error(const IrCtx *c, uint32_t rank, uint32_t layout, uint32_t space,
                            char *buf, size_t cap);
int ir_attr_text_sound(IrCtx *c, const IrAttr *a);

/* Split text at MLIR's `// -----` marker lines. Calls `fn` for each chunk
 * with its text and the line number of its first line. Returns the number
 * of chunks, or the first non-zero value returned by fn, negated. */
int ir_split_input(const char *text, size_t len,
                   int (*fn)(void *ud, const char *chunk, size_t n,
                             uint32_t first_line),
                   void *ud);
/* The first `// ---` in [s, e) (where the split rule looks), or NULL; and
 * the number of newlines in [s, e). For splitting a stream a segment at a
 * time by ir_split_input's rule (tools/tool_input.c). */
const char *ir_split_find_marker(const char *s, const char *e);
uint32_t ir_count_lines(const char *s, const char *e);

typedef struct IrPrintOpts {
  int generic;     /* every op in generic form */
  int debuginfo;   /* print loc(...) after ops */
} IrPrintOpts;

/* Print a module as MLIR text the way mlir-opt does (value names, aliases,
 * indentation). Returns 0, or -1 on a write error. The text is exactly
 * MLIR's printTopLevelOperation: `#map`/`#set` aliases, the module, a
 * newline, then (with debuginfo) the `#loc` aliases. mlir-opt itself adds
 * one more "\n" after each module (and `// -----\n` between split chunks).
 * In generic form value names are plain numbers counted through the whole
 * module, as mlir-opt's --mlir-print-op-generic (unique SSA ids). With
 * debuginfo, block arguments print their location in full, as MLIR does
 * (`%arg0: i32 loc("f":1:14)`), and those locations take the first `#loc`
 * numbers and are defined before the module. */
int ir_print(FILE *out, const IrModule *m, const IrPrintOpts *o);

/* Op `op` of m as MLIR puts an op into an error's text (Diagnostic::
 * appendOp): the generic form, values numbered with unique ids from the
 * op's nearest isolated-from-above ancestor (or itself; MLIR's local
 * scope), dense attributes of more than 16 elements elided. A malloc'd
 * string without the last newline (ops with regions take several lines),
 * or NULL if out of memory. */
char *ir_print_op_diag(const IrModule *m, uint32_t op);

/* Whether the verifier of opcode opc reads ops outside the top-level op
 * that holds it (memref.get_global looks its global up in the module): a
 * module with such an op verifies only whole, not a top op at a time. */
int ir_op_verify_reads_module(uint32_t opc);

/* ir_print of a module given a top op at a time (irb_read_pieces): each
 * piece a module whose op 0 (the same for all) holds one op in its one
 * block. begin takes the first piece (not yet printed) and the whole
 * module's op count (to size the printer), and returns NULL where
 * ir_print of the whole module is needed instead: the generic form,
 * debuginfo, or an affine map or set in the ctx (aliases). Then
 * ir_print_piece for each piece in order, ir_print_stream_end after the
 * last: together the same text as ir_print of the module. Both return
 * 0, or -1 on a write error. end frees the stream; with ok 0 it drops
 * the text not yet written and does not close the module. */
typedef struct IrPrintStream IrPrintStream;
IrPrintStream *ir_print_stream_begin(FILE *out, const IrModule *first,
                                     const IrPrintOpts *o, uint32_t n_ops);
int ir_print_piece(IrPrintStream *s, const IrModule *piece);
int ir_print_stream_end(IrPrintStream *s, int ok);

/* ====================================================================== */
/* Verifier                                                               */
/* ====================================================================== */

/* SSA dominance, operand/result counts and types of registered ops (their
 * verify hooks), terminators, successor arguments. Reports every problem
 * through `d`; returns 0 if valid, -1 otherwise. The module must be sound
 * (frozen, or accepted by ir_module_check). Time: linear, plus the region
 * nesting depth per use of a value from an enclosing region. */
int ir_verify(const IrModule *m, IrDiag *d);
/* ir_verify for the top-level ops of one module in turn, each as a module
 * of its own in one ctx (ir-asm verifies a module a top-level op at a
 * time): `vm` keeps, for the next, which op signatures passed their
 * costlier checks, and the func.calls of the module with its functions:
 * ir_verify_memo_end judges those (0, or -1: verify the whole module,
 * which reports why) and starts the next module. */
typedef struct IrVerifyMemo IrVerifyMemo;
IrVerifyMemo *ir_verify_memo_new(void);
int ir_verify_memo(const IrModule *m, IrDiag *d, IrVerifyMemo *vm);
int ir_verify_memo_end(IrVerifyMemo *vm);
void ir_verify_memo_free(IrVerifyMemo *vm);

/* ====================================================================== */
/* Liveness (liveness.c)                                                  */
/* ====================================================================== */

/* Block liveness of the values of one op's regions (a func.func), exactly
 * as MLIR's Liveness analysis defines it: a value used inside a nested
 * region is live in the blocks of that region and used by the op holding
 * it; a block's live-out set is its values used in other blocks of its
 * region plus its successors' live-in sets; live-in = uses (at any depth)
 * plus live-out, minus the block's own arguments and results. Only the
 * values `keep` selects are tracked (a pass interested in memrefs keeps
 * the sets small); they are numbered densely ("bits") and every covered
 * block holds a sorted list of bits per direction. Time and memory:
 * operands times nesting depth, plus the size of the sets themselves (each
 * value is walked back from its uses over the blocks where it is live), so
 * a long function with short-lived values stays linear. */
typedef struct IrLiveness {
  const IrModule *m;
  uint32_t root;             /* the analysed op */
  uint32_t blk0, n_blk;      /* blocks covered: [blk0, blk0 + n_blk) */
  uint32_t val0, n_val;      /* values covered: [val0, val0 + n_val) */
  uint32_t *local;           /* per covered value: its bit, or IR_NONE */
  uint32_t *vals;            /* per bit: the value */
  uint32_t n_bits;           /* tracked values */
  /* per covered block b: live-in bits in[in_at[b] .. in_at[b + 1]),
   * ascending; the same for out */
  uint32_t *in_at, *in, *out_at, *out;
  void *mem;                 /* the memory of the per-value/block arrays */
  size_t mem_cap;
  uint32_t *stack;           /* scratch of the subtree walk */
  uint32_t stack_cap;
  uint32_t *buf[3];         /* scratch: uses by value, sets by block */
  size_t buf_cap[3];
  uint32_t *sets;            /* the memory of in and out */
  size_t sets_cap;
} IrLiveness;

/* Zero an IrLiveness once; then each compute (of any op) reuses its
 * memory, and ir_liveness_free releases it. keep may be NULL (track every
 * value of the subtree). */
void ir_liveness_compute(IrLiveness *lv, const IrModule *m, uint32_t root,
                         int (*keep)(const IrModule *m, uint32_t v, void *ud),
                         void *ud);
void ir_liveness_free(IrLiveness *lv);
/* Bit of value v, IR_NONE if it is not tracked. */
uint32_t ir_liveness_bit(const IrLiveness *lv, uint32_t v);
/* The sets of a covered block: *n bits, ascending (bit i: the value
 * lv->vals[i]). */
const uint32_t *ir_live_in_bits(const IrLiveness *lv, uint32_t block,
                                uint32_t *n);
const uint32_t *ir_live_out_bits(const IrLiveness *lv, uint32_t block,
                                 uint32_t *n);
int ir_live_in(const IrLiveness *lv, uint32_t block, uint32_t v);
int ir_live_out(const IrLiveness *lv, uint32_t block, uint32_t v);

/* ====================================================================== */
/* Interpreter (interp*.c): ir-run, the oracle of the deallocation passes */
/* ====================================================================== */

/* Executes functions of a verified module on an instrumented heap. Values
 * live in a flat register file indexed by value id (one frame per call);
 * every op has a precomputed dispatch code, so the inner loop never looks
 * at names or attributes. Every buffer (memref.alloc, alloca, realloc,
 * bufferization.clone, memref.get_global, an argument buffer, the result of
 * an external function) is a tracked object with a kind and a base address
 * that is never reused; a memref value is (object, offset, sizes, strides).
 * A run reports, with the offending op and the op that allocated the
 * buffer: leaks (heap buffers still live when the entry function has
 * returned and the caller has freed its memref results, as the function
 * boundary ABI says), double frees, frees of an alloca / global / argument
 * buffer or through a view that is not the base, accesses out of bounds or
 * after free, stores into constant globals, failed cf.assert, and other
 * undefined behaviour (division by zero, a memref.cast that does not hold,
 * ...). The first error other than a leak ends the run (the state after it
 * is undefined); leaks are collected when the entry function returns.
 *
 * bufferization.dealloc follows its documentation exactly: memref i is
 * freed iff its condition holds and its base pointer equals neither a
 * retained memref's nor an earlier memref's; the updated condition of
 * retained memref j is the disjunction of the conditions of the memrefs
 * with the same base pointer. Base pointers are
 * memref.extract_aligned_pointer_as_index's values: the object's address
 * (plus the byte shift of a memref.view), the same for every view.
 * Allocas die when their AutomaticAllocationScope (the function, an
 * scf.for iteration) is left. External functions (declarations) follow the
 * ABI: their memref results are fresh heap buffers, scalars are 0. */

typedef struct IrInterp IrInterp;

typedef struct IrInterpOpts {
  uint64_t max_steps;   /* ops executed per run; 0 = 1,000,000 */
  uint32_t max_depth;   /* nested regions + calls; 0 = 512, at most 4096 */
  uint64_t max_heap;    /* bytes of live buffers; 0 = 256 MiB */
  int64_t dyn_size;     /* each `?` dim of an argument buffer or external
                           result; < 0 = 4 */
  int no_extern;        /* calls to external functions are unsupported
                           instead of following the ABI */
  int unknown_as_use;   /* an op of no registered dialect that has no
                           results, regions or successors reads the whole
                           of its memref operands (the upstream tests'
                           "use"-like ops); otherwise it is unsupported */
  FILE *trace;          /* if set, one line per executed op */
} IrInterpOpts;

typedef enum {
  IR_RUN_LEAK,            /* heap buffer never freed */
  IR_RUN_DOUBLE_FREE,     /* freed twice */
  IR_RUN_FREE_ALLOCA,     /* free of a stack buffer */
  IR_RUN_FREE_GLOBAL,     /* free of a memref.global */
  IR_RUN_FREE_ARGUMENT,   /* free of an entry argument's buffer */
  IR_RUN_FREE_VIEW,       /* free through a view that is not the base */
  IR_RUN_USE_AFTER_FREE,  /* access after free, or after the alloca's
                             scope ended */
  IR_RUN_OUT_OF_BOUNDS,   /* index outside the view or the buffer */
  IR_RUN_WRITE_CONSTANT,  /* store into a constant global */
  IR_RUN_ASSERT,          /* cf.assert failed */
  IR_RUN_UNDEFINED,       /* other undefined behaviour */
  IR_RUN_N_KINDS
} IrRunErrorKind;

/* "leak", "double-free", "free-of-alloca", "free-of-global",
 * "free-of-argument", "free-of-view", "use-after-free", "out-of-bounds",
 * "write-to-constant", "assert", "undefined-behavior". */
const char *ir_run_error_name(IrRunErrorKind k);

/* What a buffer is. */
typedef enum {
  IR_BUF_NONE,      /* no buffer involved */
  IR_BUF_HEAP,      /* memref.alloc, realloc, bufferization.clone, the
                       result of an external function */
  IR_BUF_ALLOCA,
  IR_BUF_GLOBAL,
  IR_BUF_ARGUMENT,  /* made by the harness for an entry argument */
} IrBufKind;

typedef struct IrRunError {
  IrRunErrorKind kind;
  uint32_t op;        /* the offending op; for a leak the allocating op;
                         for the caller's free of a result, the entry's
                         func.return */
  IrBufKind buf;      /* the buffer involved */
  uint32_t alloc_op;  /* the op that made it (IR_NONE: argument buffer) */
  uint32_t free_op;   /* the op that freed it or ended its scope, or
                         IR_NONE */
  uint32_t arg;       /* IR_BUF_ARGUMENT: the argument number */
  char what[200];     /* the rest of the message, e.g. "load at index 4 of
                         dimension 0 of size 4" */
} IrRunError;

typedef enum {
  IR_RUN_CLEAN,       /* ran to the end, no error */
  IR_RUN_FAILED,      /* some error (leak or worse) */
  IR_RUN_SKIPPED,     /* could not run: unsupported op or type, or a
                         bound was hit; no verdict */
} IrRunStatus;

/* One argument of the entry function. */
typedef struct IrRunArg {
  int64_t i;            /* i1 / integer / index: the value */
  double f;             /* float: the value */
  int32_t alias;        /* memref: -1 a fresh buffer, k: the buffer of
                           memref argument k < this one (same type) */
  uint32_t n_dims;      /* memref: entries of dims (0: opts.dyn_size) */
  const int64_t *dims;  /* memref: the sizes of its `?` dims, in order */
} IrRunArg;

typedef struct IrRunResult {
  IrRunStatus status;
  uint64_t steps;           /* ops executed */
  uint32_t shared_results;  /* calls that returned a memref sharing its
                               buffer with another result or a memref
                               argument of the call, or a buffer that is
                               not a heap buffer (a global, an entry
                               argument's): the deallocation pipeline may
                               return a copy there (its function boundary
                               ABI), so aliasing the caller relies on may
                               not survive it */
  const IrRunError *errors; /* valid until the next run */
  uint32_t n_errors;
  uint32_t skip_op;         /* SKIPPED: the op it stopped at, or IR_NONE */
  char skip_why[200];       /* SKIPPED: why */
} IrRunResult;

/* Prepare a verified module for running (dispatch codes, frame layouts,
 * symbol and global tables). Never fails: what cannot run is found when a
 * run reaches it. */
IrInterp *ir_interp_new(const IrModule *m, const IrInterpOpts *o);
void ir_interp_free(IrInterp *ip);
/* The func.func op of the module's top level named `name` (without @), or
 * IR_NONE. */
uint32_t ir_interp_find(const IrInterp *ip, const char *name);
/* Whether ir-run can make arguments of this type (i1, integers up to 64
 * bits, index, f16/bf16/f32/f64, memrefs of those elements with identity or
 * strided layout, unranked memrefs as rank 1). */
int ir_interp_arg_ok(const IrInterp *ip, uint32_t type);
/* Run `func` once on `args` (one per argument; NULL = all zero / fresh).
 * Prints its results to `out` if not NULL (values; memrefs with their
 * contents) before the caller frees them. Fills *r. */
void ir_interp_run(IrInterp *ip, uint32_t func, const IrRunArg *args,
                   IrRunResult *r, FILE *out);
/* `file:line:col` of an op's location (`loc(unknown)` without one) into
 * buf; returns buf. */
const char *ir_interp_loc(const IrInterp *ip, uint32_t op, char *buf,
                          size_t cap);
/* One line per error of the last run, MLIR-style, e.g.
 *   f.mlir:4:8: error: leak: buffer allocated here (memref.alloc) is not
 *   freed[ in @f(%arg0 = true)][ (3 of 8 runs)]
 * `call` (may be NULL) is the `@f(...)` text; `count`/`runs` the suffix
 * (count 0: none). */
void ir_interp_print_error(const IrInterp *ip, const IrRunError *e,
                           const char *call, uint64_t count, uint64_t runs,
                           FILE *out);

/* The --check enumerator: every public function with a body whose
 * arguments ir_interp_arg_ok accepts is run over all combinations of i1
 * arguments {0, 1}, integer and index arguments {0, 1, 2, 3}, float
 * arguments 1.0 and memref arguments as fresh zero-filled buffers (each `?`
 * dim run.dyn_size), plus, for each pair of memref arguments of the same
 * type, the variant where the second aliases the first; at most max_runs
 * combinations, spread evenly over the space. Memref results are freed as
 * the ABI says. A run that ends in undefined behaviour that is not a memory
 * error (IR_RUN_UNDEFINED) or a failed cf.assert is "rejected": its
 * arguments are outside the function's domain and it proves nothing. After
 * 8 runs of a function hit the step bound its other combinations are
 * skipped. Output: one line per distinct error (kind, offending op,
 * allocating op) with the first combination that showed it and in how many
 * runs, as ir_interp_print_error; then per function one of
 *   @f: clean (N runs[, R rejected: LOC: KIND: WHAT in CALL])
 *   @f: E errors (N runs, F failed[, S skipped: LOC: WHY][, R rejected: ...])
 *   @f: skipped (N runs, C clean, S skipped: LOC: WHY[, R rejected: ...])
 *   @f: skipped: argument #K has type T, which ir-run cannot make
 * (N runs reads "N of M combinations" when sampled), and a total line
 *   ir-run: F functions: C clean, E with errors, S skipped; N runs,
 *   F failed, S skipped, R rejected; STEPS steps */
typedef struct IrCheckOpts {
  IrInterpOpts run;
  uint32_t max_runs;    /* per function; 0 = 256 */
  const char *only;     /* check only this function (no @), or NULL */
  int verbose;          /* one line per run */
} IrCheckOpts;

typedef struct IrCheckStats {
  uint32_t funcs;       /* functions listed */
  uint32_t clean, failed, skipped;
  uint64_t runs, failed_runs, skipped_runs;
  uint64_t rejected_runs; /* ended in undefined behaviour that is not a
                             memory error (a loop step of 0, a division by
                             zero): outside the function's domain */
  uint64_t errors;      /* distinct errors reported */
  uint64_t steps;       /* ops executed over all runs */
} IrCheckStats;

/* Returns 1 if some run found an error, else 0 (skipped functions do not
 * count as errors). Stats are added to *st (may be NULL). */
int ir_interp_check(const IrModule *m, const IrCheckOpts *o, FILE *out,
                    IrCheckStats *st);

/* ====================================================================== */
/* Dominance (dom.c)                                                      */
/* ====================================================================== */

/* Dominator trees of every region of two or more blocks (a region's single
 * block trivially dominates itself; its fields stay 0). Arrays are indexed
 * by block. */
typedef struct IrDom {
  uint32_t *pre, *post;      /* DFS interval in the region's dominator tree */
  uint8_t *unreach;          /* 1: not reachable from the region's entry */
  uint32_t *idom;            /* immediate dominator; IR_NONE for an entry
                                block or an unreachable one */
  uint32_t *kid_first, *n_kids, *kids;  /* dominator-tree children of block
                                b: kids[kid_first[b] .. + n_kids[b]), in
                                block order */
  uint8_t *built;            /* by region: 1 once its tree is built */
  uint32_t *scratch;         /* ir_dom_build's work arrays, for regions */
  uint32_t scratch_most;     /* of up to this many blocks */
} IrDom;

/* Linear in blocks and edges (plus the few rounds the iteration needs). */
void ir_dom_init(IrDom *d, const IrModule *m);
/* The same, one region at a time: ir_dom_open allocates (no tree; the
 * fields of a block whose region's tree is not built are undefined, and
 * only regions of two or more blocks have trees) and ir_dom_build
 * builds region r's tree (r has two or more blocks, not built yet). */
void ir_dom_open(IrDom *d, const IrModule *m);
void ir_dom_build(IrDom *d, const IrModule *m, uint32_t r);
void ir_dom_free(IrDom *d);
/* Does block a dominate block b (same region)? LLVM's rule: an unreachable
 * block is dominated by everything and dominates nothing else. */
int ir_dom_dominates(const IrDom *d, uint32_t a, uint32_t b);

/* ====================================================================== */
/* Buffer origin (origin.c)                                               */
/* ====================================================================== */

/* MLIR's BufferOriginAnalysis: do two memref values come from the same
 * allocation? Built once per module (linear); it describes the module it
 * was built on, so ask it about that module's values only. */
typedef struct IrOrigin IrOrigin;
IrOrigin *ir_origin_new(const IrModule *m);
void ir_origin_free(IrOrigin *o);
/* 1: the same allocation; 0: different allocations; -1: unknown. Views
 * (IR_TR_VIEW ops) are looked through first. */
int ir_origin_same(IrOrigin *o, uint32_t v1, uint32_t v2);
/* A memref value with view ops looked through (the source of each view
 * whose result it is). */
uint32_t ir_origin_view_base(const IrModule *m, uint32_t v);
/* The origin of v (its view base's): the terminal values that reach it
 * (sorted ids; valid until the next query) and whether they are all fresh
 * allocations / allocations or function arguments. -1 for a bad value. */
int ir_origin_summary(IrOrigin *o, uint32_t v, const uint32_t **terminals,
                      uint32_t *n, int *all_allocs, int *all_allocs_or_args);

#define IR_VERSION_STRING "0.1.0"

#endif
