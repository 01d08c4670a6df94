/*
 * realloc.c - MLIR's -expand-realloc: every memref.realloc becomes
 *
 *   %dim = memref.dim %src, %c0            (or a constant, static size)
 *   %grow = arith.cmpi ult, %dim, %new
 *   %r = scf.if %grow -> (T) {
 *     %a = memref.alloc(%new) {alignment} : T
 *     %sv = memref.subview %a[0] [%dim] [1]
 *     memref.copy %src, %sv
 *     memref.dealloc %src                  (emit_deallocs only)
 *     scf.yield %a
 *   } else {
 *     %c = memref.reinterpret_cast %src to offset: [0], sizes: [%new],
 *                                         strides: [1]
 *     scf.yield %c
 *   }
 *
 * in the op order and forms mlir-opt produces, at any nesting depth. One
 * deliberate difference: a shrink between static sizes is the cast alone,
 * where MLIR emits an out-of-bounds subview in the dead branch.
 */
#include "ownership.h"

typedef struct Realloc {
  Em em;
  int emit_deallocs;
  IrDiag *d;
} Realloc;

/* A rank-1 memref type with identity layout: its size (IR_DYN if `?`). */
static int rank1(const IrCtx *c, uint32_t ty, int64_t *size) {
  const IrType *t = ir_type(c, ty);
  if (t->kind != IR_T_MEMREF || t->n != 1 || t->layout) return -1;
  *size = ir_type_dims(c, ty)[0];
  return 0;
}

/* The offsets/sizes/strides ops (subview, reinterpret_cast): source, an
 * optional dynamic size, offset 0, stride 1. */
static uint32_t one_dim_view(Em *e, uint32_t name, uint32_t src,
                             int64_t size, uint32_t dyn, uint32_t type) {
  IrCtx *c = e->c;
  int64_t seg[4] = {1, 0, size == IR_DYN, 0};
  int64_t zero = 0, one = 1;
  uint32_t p = ir_dict_set(c, 0, e->s_segments, ir_attr_dense_i32(c, 4, seg));
  p = ir_dict_set(c, p, e->s_offsets, ir_attr_dense_i64(c, 1, &zero));
  p = ir_dict_set(c, p, e->s_sizes, ir_attr_dense_i64(c, 1, &size));
  p = ir_dict_set(c, p, e->s_strides, ir_attr_dense_i64(c, 1, &one));
  uint32_t opd[2] = {src, dyn};
  IrOpSpec s = {0};
  s.name = name;
  s.loc = e->loc;
  s.operands = opd;
  s.n_operands = size == IR_DYN ? 2 : 1;
  s.result_types = &type;
  s.n_results = 1;
  s.props = p;
  return irb_op_result(e->b, em_op(e, &s), 0);
}

static int expand(Realloc *r, IrBuilder *b, uint32_t block, IrMap *map,
                  uint32_t op) {
  const IrModule *m = map->m;
  const IrOp *o = &m->ops[op];
  IrCtx *c = m->ctx;
  Em *e = &r->em;
  int64_t in_size, out_size;
  uint32_t src_ty = ir_vtype(m, ir_operand(m, op, 0));
  uint32_t out_ty = ir_vtype(m, ir_result(m, op, 0));
  if (rank1(c, src_ty, &in_size) || rank1(c, out_ty, &out_size)) {
    ir_diag(r->d, c, o->loc, IR_SEV_ERROR,
            "'memref.realloc' op expects rank-1 memrefs with identity layout");
    return -1;
  }
  uint32_t dyn = out_size == IR_DYN && o->n_operands > 1
                     ? ir_map_val(b, map, ir_operand(m, op, 1))
                     : IR_NONE;
  if (out_size == IR_DYN && dyn == IR_NONE) {
    ir_diag(r->d, c, o->loc, IR_SEV_ERROR,
            "'memref.realloc' op missing the dynamic result size");
    return -1;
  }
  e->block = block;
  e->loc = o->loc;
  uint32_t src = ir_map_val(b, map, ir_operand(m, op, 0));

  /* A static shrink never grows, and MLIR's expansion would take a
   * subview bigger than the new buffer in its dead branch (invalid IR,
   * which mlir-opt-22 rejects): emit the cast alone. */
  if (in_size != IR_DYN && out_size != IR_DYN && in_size > out_size) {
    uint32_t cast = one_dim_view(e, e->n_rcast, src, out_size, IR_NONE,
                                 out_ty);
    e->block = IR_NONE;
    ir_map_set_val(b, map, ir_result(m, op, 0), cast);
    return 1;
  }

  /* Current size: memref.dim of a dynamic source, else a constant made
   * where MLIR's getValueOrCreateConstantIndexOp makes it. */
  uint32_t cur = IR_NONE;
  if (in_size == IR_DYN) cur = em_dim(e, src, em_index(e, 0));
  uint32_t lhs = cur != IR_NONE ? cur : em_index(e, in_size);
  uint32_t rhs = dyn != IR_NONE ? dyn : em_index(e, out_size);
  uint32_t cond = em_cmpi(e, 6 /* ult */, lhs, rhs);
  uint32_t ifop = em_if(e, cond, &out_ty, 1);
  uint32_t then_b = irb_region_block(b, irb_op_region(b, ifop, 0), 0);
  uint32_t else_b = irb_region_block(b, irb_op_region(b, ifop, 1), 0);

  e->block = then_b;
  uint32_t align = ir_op_prop(m, op, "alignment");
  int64_t aseg[2] = {dyn != IR_NONE, 0};
  uint32_t p = align ? ir_dict_set(c, 0, e->s_alignment, align) : 0;
  p = ir_dict_set(c, p, e->s_segments, ir_attr_dense_i32(c, 2, aseg));
  IrOpSpec s = {0};
  s.name = e->n_alloc;
  s.loc = e->loc;
  s.operands = &dyn;
  s.n_operands = dyn != IR_NONE;
  s.result_types = &out_ty;
  s.n_results = 1;
  s.props = p;
  uint32_t fresh = irb_op_result(b, em_op(e, &s), 0);
  const IrType *ot = ir_type(c, out_ty);
  int64_t one = 1;
  IrAttr unit_stride = {.kind = IR_A_STRIDED, .n = 1};
  uint32_t sv_ty = ir_type_memref(c, 1, &in_size, ot->elem,
                                  ir_attr_intern(c, &unit_stride, NULL, &one),
                                  ot->space);
  uint32_t sv = one_dim_view(e, e->n_subview, fresh, in_size, cur, sv_ty);
  uint32_t cp[2] = {src, sv};
  s = (IrOpSpec){0};
  s.name = e->n_copy;
  s.loc = e->loc;
  s.operands = cp;
  s.n_operands = 2;
  em_op(e, &s);
  if (r->emit_deallocs) {
    s.name = e->n_mdealloc;
    s.n_operands = 1;
    em_op(e, &s);
  }
  em_yield(e, &fresh, 1);

  e->block = else_b;
  uint32_t cast = one_dim_view(e, e->n_rcast, src, out_size, dyn, out_ty);
  em_yield(e, &cast, 1);
  e->block = IR_NONE;
  ir_map_set_val(b, map, ir_result(m, op, 0), irb_op_result(b, ifop, 0));
  return 1;
}

static int hook(void *ud, IrBuilder *b, uint32_t block, IrMap *map,
                uint32_t op) {
  if (map->m->ops[op].opc != IR_OP_REALLOC) return 0;
  Realloc *r = ud;
  if (!r->em.b) em_init(&r->em, b);
  return expand(r, b, block, map, op);
}

IrModule *dd_expand_realloc(const IrModule *m, int emit_deallocs, IrDiag *d) {
  Realloc r = {0};
  r.emit_deallocs = emit_deallocs;
  r.d = d;
  const char *why = NULL;
  unsigned errs = d->n_errors;
  IrModule *out = ir_clone_module(m, hook, &r, &why);
  em_free(&r.em);
  if (!out && d->n_errors == errs)
    ir_diag(d, m->ctx, m->ops[0].loc, IR_SEV_ERROR, "expand-realloc: %s",
            why ? why : "failed");
  return out;
}
