/*
 * irbint.h - internals of the bytecode layer shared by write.c and read.c:
 * the file's own constants (tags, float kinds: FORMAT.md section 3), the
 * fixed header layout, and the varint encoders. Not used outside format/.
 */
#ifndef IRBINT_H
#define IRBINT_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "irb.h"

/* ---- frame header (FORMAT.md section 1) ---- */
#define IRB_MAX_PAYLOAD ((uint64_t)1 << 30)
#define IRB_ZSTD_WINDOWLOG_MAX 27

#define IRB_FLAG_COMP_MASK 0xfu     /* bits 0-3: compression method */
#define IRB_COMP_NONE 0u
#define IRB_COMP_ZSTD 1u
#define IRB_FLAG_STAGE_MASK 0xf0u   /* bits 4-7: stage bits (7 reserved) */
#define IRB_FLAG_REQUIRED_RESERVED 0xfe80u /* bit 7 and bits 9-15 */

/* ---- entry tags (FORMAT.md 3.1) ---- */
enum {
  IRB_TAG_T_INT = 0x01, IRB_TAG_T_INDEX, IRB_TAG_T_FLOAT, IRB_TAG_T_NONE,
  IRB_TAG_T_MEMREF, IRB_TAG_T_UMEMREF, IRB_TAG_T_TENSOR, IRB_TAG_T_UTENSOR,
  IRB_TAG_T_VECTOR, IRB_TAG_T_FUNC, IRB_TAG_T_TUPLE, IRB_TAG_T_COMPLEX,
  IRB_TAG_T_OPAQUE,
  IRB_TAG_T_SINT,          /* 0x0e: signed integer, width */
  IRB_TAG_T_UINT,          /* 0x0f: unsigned integer, width */
  IRB_TAG_T_MEMREF_PLAIN,  /* 0x10: memref without layout and memory space */

  IRB_TAG_A_UNIT = 0x21, IRB_TAG_A_BOOL, IRB_TAG_A_INT, IRB_TAG_A_FLOAT,
  IRB_TAG_A_STRING, IRB_TAG_A_TYPE, IRB_TAG_A_ARRAY, IRB_TAG_A_DICT,
  IRB_TAG_A_SYMREF, IRB_TAG_A_DENSE_ARRAY, IRB_TAG_A_DENSE,
  IRB_TAG_A_AFFINE_MAP, IRB_TAG_A_AFFINE_SET, IRB_TAG_A_STRIDED,
  IRB_TAG_A_OPAQUE,
  IRB_TAG_A_DENSE_HEX,     /* 0x30 (1.1): dense elements, "0x..." as bytes */

  IRB_TAG_L_FILE = 0x41, IRB_TAG_L_NAME, IRB_TAG_L_CALLSITE, IRB_TAG_L_FUSED,
  IRB_TAG_L_FILE_NEXT,
  /* 0x80..0xff: same file, line delta tag - 0x88 (-8..119), then col. */
  IRB_TAG_L_FILE_SHORT = 0x80,
};
#define IRB_LINE_SHORT_MIN (-8)
#define IRB_LINE_SHORT_MAX 119

/* The static string table (strtab.c; FORMAT.md 3.0). */
extern const char *const irb_static_strs[];
extern const uint32_t irb_n_static_strs;

/* Kind mask bits (FORMAT.md 3.2). */
#define IRB_KIND_PROPS 1u
#define IRB_KIND_ATTRS 2u

#define IRB_MAX_INT_WIDTH 16777215u
#define IRB_MAX_OPNAME 1024u

/* File float kinds, in ir.h's IrFloatKind order today; the tables below are
 * the only place that ties the two together. */
static const uint8_t irb_float_to_file[IR_N_FLOAT_KINDS] = {
  [IR_F16] = 0, [IR_BF16] = 1, [IR_F32] = 2, [IR_F64] = 3, [IR_F80] = 4,
  [IR_F128] = 5, [IR_TF32] = 6, [IR_F8E4M3FN] = 7, [IR_F8E5M2] = 8,
};
static const uint8_t irb_float_from_file[IR_N_FLOAT_KINDS] = {
  IR_F16, IR_BF16, IR_F32, IR_F64, IR_F80, IR_F128, IR_TF32,
  IR_F8E4M3FN, IR_F8E5M2,
};

/* ---- little-endian fixed-width helpers ---- */
static inline void irb_put_le(uint8_t *p, uint64_t v, int n) {
  for (int i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static inline uint64_t irb_get_le(const uint8_t *p, int n) {
  uint64_t v = 0;
  for (int i = 0; i < n; i++) v |= (uint64_t)p[i] << (8 * i);
  return v;
}

/* ---- zigzag and the `dim` encoding ---- */
static inline uint64_t irb_zigzag(int64_t x) {
  return ((uint64_t)x << 1) ^ (uint64_t)(x >> 63);
}
static inline int64_t irb_unzigzag(uint64_t u) {
  return (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
}
/* 0 = IR_DYN; otherwise zigzag + 1 (never overflows: zigzag(x) is
 * 2^64-1 only for x = INT64_MIN, which is IR_DYN). */
static inline uint64_t irb_dim_enc(int64_t x) {
  return x == IR_DYN ? 0 : irb_zigzag(x) + 1;
}
static inline int64_t irb_dim_dec(uint64_t u) {
  return u == 0 ? IR_DYN : irb_unzigzag(u - 1);
}

/* ---- buffers (write.c) ---- */
void irb_buf_reserve(IrbBuf *b, size_t extra);
static inline void irb_buf_byte(IrbBuf *b, uint8_t v) {
  if (b->len == b->cap) irb_buf_reserve(b, 1);
  b->data[b->len++] = v;
}
static inline void irb_buf_bytes(IrbBuf *b, const void *p, size_t n) {
  if (n == 0) return;
  if (b->cap - b->len < n) irb_buf_reserve(b, n);
  memcpy(b->data + b->len, p, n);
  b->len += n;
}
/* Unsigned LEB128 (FORMAT.md section 2) at p, which has room for it (at
 * most 10 bytes); returns the end. */
static inline uint8_t *irb_put_varint(uint8_t *p, uint64_t v) {
  while (v >= 0x80) {
    *p++ = (uint8_t)(v | 0x80);
    v >>= 7;
  }
  *p++ = (uint8_t)v;
  return p;
}
static inline void irb_buf_varint(IrbBuf *b, uint64_t v) {
  if (b->cap - b->len < 10) irb_buf_reserve(b, 10);
  b->len = (size_t)(irb_put_varint(b->data + b->len, v) - b->data);
}
static inline void irb_buf_svarint(IrbBuf *b, int64_t v) {
  irb_buf_varint(b, irb_zigzag(v));
}

/* Append x to a growable list of ids (the reader's and the writer's lists
 * of ops with regions). */
static inline void irb_ids_push(uint32_t **a, uint32_t *n, uint32_t *cap, uint32_t x) {
  if (*n == *cap) {
    uint32_t c = *cap ? 2 * *cap : 64;
    uint32_t *p = realloc(*a, (size_t)c * sizeof *p);
    if (!p) ir_die("out of memory");
    *a = p;
    *cap = c;
  }
  (*a)[(*n)++] = x;
}

#endif
