/*
 * mem.c - checked allocation, growable vectors, the bump arena and the byte
 * hash every table of libir uses.
 *
 * Allocation failure is not an input error here: every reader bounds what
 * input can make us allocate (IR_MAX_COUNT), so running out of memory means
 * the machine is out of memory and we die loudly rather than limp on.
 */
#define _GNU_SOURCE /* mremap */
#include <stdlib.h>

#include "ctx.h"

#ifdef IR_ASAN
void __asan_poison_memory_region(void const volatile *addr, size_t size);
void __asan_unpoison_memory_region(void const volatile *addr, size_t size);
#define POISON(p, n) __asan_poison_memory_region((p), (n))
#define UNPOISON(p, n) __asan_unpoison_memory_region((p), (n))
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

/* ====================================================================== */
/* Checked malloc                                                         */
/* ====================================================================== */

void *ir_xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) ir_die("out of memory (%zu bytes)", n);
  return p;
}

void *ir_xcalloc(size_t n, size_t sz) {
  void *p = calloc(n ? n : 1, sz ? sz : 1);
  if (!p) ir_die("out of memory (%zu x %zu bytes)", n, sz);
  return p;
}

void *ir_xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) ir_die("out of memory (%zu bytes)", n);
  return q;
}

/* Capacity doubles (at least 8) so a push is amortised O(1). */
void ir_vgrow(void **p, uint32_t *cap, uint32_t need, size_t sz) {
  if (need <= *cap) return;
  uint64_t c = *cap < 8 ? 8 : *cap;
  while (c < need) c *= 2;
  if (c > UINT32_MAX) c = UINT32_MAX;
  if (c < need || c * sz / sz != c) ir_die("vector overflow (%u)", need);
  *p = ir_xrealloc(*p, (size_t)(c * sz));
  *cap = (uint32_t)c;
}

/* ====================================================================== */
/* Big arrays                                                             */
/* ====================================================================== */

/* A module of a 20 MB text holds ~100 MB of arrays (the module, the
 * builder's arrays, the ctx's entries). Touched 4 KB at a time, each page
 * costs a fault (~2.5 us in a VM): a quarter of ir-asm's time. Arrays of at
 * least IR_BIG_MIN bytes are mapped on their own (so their zero pages come
 * lazily); with `scons hugepages=1` (IR_HUGEPAGES) they are advised to
 * use transparent huge pages where the kernel offers them (MADV_HUGEPAGE:
 * 2 MB per fault, and fewer TLB misses; off by default, tools/tool.c says
 * why). The caller passes the size back to
 * realloc and free, which tells the two kinds apart. Under ASan they stay
 * malloc'ed, so the sanitizer sees every access.
 *
 * IR_BIG_MIN is one huge page: a smaller mapping cannot hold one, so it
 * faulted 4 KB at a time, while malloc's memory comes from the tools'
 * heap, whose first 16 MB were in huge pages (tools/tool.c). (Was 256 KB.
 * Live bench, the 5-tool pipe: 3,552 -> 1,218 faults, CPU 29.2 -> 24.3 ms
 * median of 40, though callgrind counts 4-8% more instructions per stage
 * for calloc's zeroing; mixed bench unchanged.) */
#if !defined(IR_ASAN) && defined(__linux__)
#include <sys/mman.h>
#define IR_BIG_MMAP 1
#endif
#define IR_BIG_MIN ((size_t)2 << 20)

/* Memory handed out by the _raw functions is not cleared: its user writes
 * every entry before reading it (the builder's append-only arrays). Under
 * ASan it is filled with a pattern instead, so a read of an unwritten
 * entry gives garbage in the sanitized tests rather than a quiet zero. */
static void *raw_fill(void *p, size_t n) {
#ifdef IR_ASAN
  memset(p, 0xa5, n);
#else
  (void)n;
#endif
  return p;
}

#ifdef IR_BIG_MMAP
static size_t page_round(size_t n) { return (n + 4095) & ~(size_t)4095; }
#endif

/* A huge page can only back a 2 MB aligned 2 MB of the mapping, and mmap
 * aligns to 4 KB: an array of a few MB got no huge page at all, and a big
 * one lost the ends. Arrays of a huge page or more are mapped 2 MB aligned
 * (over-map by 2 MB, unmap the slack at both ends). (20 MB bench corpus:
 * page faults of ir-asm 9,171 -> 7,258, of ir-dis 7,425 -> 4,538; system
 * time about a third less.) */
#ifdef IR_BIG_MMAP
#define IR_HUGE ((size_t)2 << 20)

static void *map_aligned(size_t len) {
  size_t over = len >= IR_HUGE ? len + IR_HUGE : len;
  char *p = mmap(NULL, over, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return NULL;
  if (over == len) return p;
  char *a = (char *)(((uintptr_t)p + IR_HUGE - 1) & ~(uintptr_t)(IR_HUGE - 1));
  if (a > p) munmap(p, (size_t)(a - p));
  size_t tail = (size_t)(p + over - (a + len));
  if (tail) munmap(a + len, tail);
  return a;
}

/* Freed mappings are kept for the next ir_big_alloc instead of being
 * unmapped: a pass frees its working arrays and the next pass (or the next
 * module) allocates the same sizes again, and every page of a fresh mapping
 * costs a fault (a third to a half of a stage's time on a small module is
 * the kernel's: dd-own on the live bench, 1,674 faults for 64 KB of
 * bytecode). A reused mapping must read as zero, so the part handed out is
 * cleared. (Clearing only the pages mincore() calls resident is not safe:
 * a page swapped out reads as not resident and keeps its old bytes.) Per
 * thread, so -j needs no lock; at most CACHE_N mappings and CACHE_MAX
 * bytes wait, the rest is unmapped. */
#define CACHE_N 16
#define CACHE_MAX ((size_t)512 << 20)
typedef struct { char *p; size_t len; } Mapping;
static _Thread_local Mapping cache[CACHE_N];
static _Thread_local size_t cache_n, cache_bytes;

/* The smallest cached mapping of at least len bytes, cut to len, or NULL. */
static void *cache_take(size_t len, int zero) {
  size_t best = CACHE_N;
  for (size_t i = 0; i < cache_n; i++)
    if (cache[i].len >= len && (best == CACHE_N || cache[i].len < cache[best].len))
      best = i;
  if (best == CACHE_N) return NULL;
  Mapping m = cache[best];
  cache[best] = cache[--cache_n];
  cache_bytes -= m.len;
  if (m.len > len) munmap(m.p + len, m.len - len);
  if (zero) memset(m.p, 0, len);
  else raw_fill(m.p, len);
  return m.p;
}

static void cache_put(char *p, size_t len) {
  if (cache_bytes + len > CACHE_MAX) {
    munmap(p, len);
    return;
  }
  if (cache_n == CACHE_N) {     /* make room: drop the smallest */
    size_t small = 0;
    for (size_t i = 1; i < cache_n; i++)
      if (cache[i].len < cache[small].len) small = i;
    if (cache[small].len >= len) {
      munmap(p, len);
      return;
    }
    munmap(cache[small].p, cache[small].len);
    cache_bytes -= cache[small].len;
    cache[small] = cache[--cache_n];
  }
  cache[cache_n++] = (Mapping){p, len};
  cache_bytes += len;
}
#endif

static void *big_alloc(size_t n, int zero) {
#ifdef IR_BIG_MMAP
  if (n >= IR_BIG_MIN) {
    void *c = cache_take(page_round(n), zero);
    if (c) return c;
    void *p = map_aligned(page_round(n));
    if (!p) ir_die("out of memory (%zu bytes)", n);
#if defined(IR_HUGEPAGES) && defined(MADV_HUGEPAGE)
    madvise(p, page_round(n), MADV_HUGEPAGE);
#endif
    return p;
  }
#endif
  return zero ? ir_xcalloc(1, n) : raw_fill(ir_xmalloc(n), n);
}

void ir_big_free(void *p, size_t n) {
  if (!p) return;
#ifdef IR_BIG_MMAP
  if (n >= IR_BIG_MIN) {
    cache_put(p, page_round(n));
    return;
  }
#endif
  (void)n;
  free(p);
}

/* Contents up to min(old, new) are kept; the rest is zero (if zero). */
static void *big_realloc(void *p, size_t old, size_t n, int zero) {
  if (!p) return big_alloc(n, zero);
#ifdef IR_BIG_MMAP
  if (old >= IR_BIG_MIN && n >= IR_BIG_MIN) {
    void *q = mremap(p, page_round(old), page_round(n), MREMAP_MAYMOVE);
    if (q != MAP_FAILED) return q;
    /* a mapping that pages were moved into or out of (ir_big_move_pages)
     * may be several kernel areas, which mremap refuses: copy instead */
  }
  if (old >= IR_BIG_MIN || n >= IR_BIG_MIN) {
    void *q = big_alloc(n, zero);
    memcpy(q, p, old < n ? old : n);
    ir_big_free(p, old);
    return q;
  }
#endif
  void *q = ir_xrealloc(p, n);
  if (n > old) {
    if (zero) memset((char *)q + old, 0, n - old);
    else raw_fill((char *)q + old, n - old);
  }
  return q;
}

int ir_big_mapped(size_t n) {
#ifdef IR_BIG_MMAP
  return n >= IR_BIG_MIN;
#else
  (void)n;
  return 0;
#endif
}

/* A page the process has touched costs a fault when it is first written
 * (and on this VM a host fault too, when the host took the page back):
 * an array read for the last time can give its pages to an array about
 * to be written instead of to the kernel. mremap moves the page table
 * entries, no fault and no clearing; the hole left behind is mapped
 * afresh, so the source array stays one valid range that reads zero. */
size_t ir_big_move_pages(char *src, size_t n, char *dst, char *dst_end) {
#ifdef IR_BIG_MMAP
  char *s = (char *)page_round((uintptr_t)src);
  char *d = (char *)page_round((uintptr_t)dst);
  char *se = (char *)((uintptr_t)(src + n) & ~(uintptr_t)4095);
  char *de = (char *)((uintptr_t)dst_end & ~(uintptr_t)4095);
  if (se <= s || de <= d) return 0;
  size_t len = (size_t)(se - s) < (size_t)(de - d) ? (size_t)(se - s) : (size_t)(de - d);
  if (s != src) return 0;     /* callers pass page-aligned sources */
  void *q = mremap(s, len, len, MREMAP_MAYMOVE | MREMAP_FIXED, d);
  if (q == MAP_FAILED) return 0;
  q = mmap(s, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
  if (q == MAP_FAILED) ir_die("cannot map %zu bytes again", len);
  return len;
#else
  (void)src, (void)n, (void)dst, (void)dst_end;
  return 0;
#endif
}

void *ir_big_alloc(size_t n) { return big_alloc(n, 1); }
void *ir_big_alloc_raw(size_t n) { return big_alloc(n, 0); }
void *ir_big_realloc(void *p, size_t old, size_t n) {
  return big_realloc(p, old, n, 1);
}

static void big_vgrow(void **p, uint32_t *cap, uint32_t need, size_t sz,
                      int zero) {
  if (need <= *cap) return;
  uint64_t c = *cap < 8 ? 8 : *cap;
  while (c < need) c *= 2;
  if (c > UINT32_MAX) c = UINT32_MAX;
  if (c < need || c * sz / sz != c) ir_die("vector overflow (%u)", need);
  *p = big_realloc(*p, (size_t)*cap * sz, (size_t)(c * sz), zero);
  *cap = (uint32_t)c;
}

void ir_big_vgrow(void **p, uint32_t *cap, uint32_t need, size_t sz) {
  big_vgrow(p, cap, need, sz, 1);
}

void ir_big_vgrow_raw(void **p, uint32_t *cap, uint32_t need, size_t sz) {
  big_vgrow(p, cap, need, sz, 0);
}

/* ====================================================================== */
/* Arena                                                                  */
/* ====================================================================== */

/* A chunk of arena memory; allocations are carved from `mem` front to
 * back. Under ASan the unused tail stays poisoned and a 16-byte redzone
 * separates allocations, so overruns of arena objects are caught too. */
struct IrArenaChunk {
  struct IrArenaChunk *next;  /* older chunk */
  size_t used;                /* bytes handed out (including redzones) */
  size_t cap;                 /* bytes in mem */
  _Alignas(16) unsigned char mem[];
};

#define ARENA_CHUNK (64 * 1024 - 64)
#ifdef IR_ASAN
#define REDZONE 16
#else
#define REDZONE 0
#endif

/* Arena memory its caller writes all of at once (a copy): not cleared. */
static inline __attribute__((always_inline)) void *arena_alloc_raw(IrArena *a,
                                                                  size_t n) {
  size_t need = (n + 15) & ~(size_t)15;
  if (need < n) ir_die("arena overflow");
  struct IrArenaChunk *c = a->head;
  if (!c || c->cap - c->used < need + REDZONE) {
    size_t cap = need + REDZONE > ARENA_CHUNK ? need + REDZONE : ARENA_CHUNK;
    c = ir_xmalloc(sizeof *c + cap);
    c->next = a->head;
    c->used = 0;
    c->cap = cap;
    POISON(c->mem, cap);
    a->head = c;
  }
  void *p = c->mem + c->used;
  c->used += need + REDZONE;
  UNPOISON(p, n);
  return p;
}


void *ir_arena_alloc(IrArena *a, size_t n) {
  void *p = arena_alloc_raw(a, n);
  memset(p, 0, n);
  return p;
}

/* ctx.h: the tables' lists and string bytes are copies, which made
 * ir_arena_alloc's clearing a second write of each (callgrind, mixed
 * bench: ~20 instructions an entry with a list). */
void *ir_arena_dup(IrArena *a, const void *src, size_t n) {
  void *p = arena_alloc_raw(a, n);
  if (n) memcpy(p, src, n);
  return p;
}

char *ir_arena_strdup(IrArena *a, const char *s, size_t n) {
  char *p = arena_alloc_raw(a, n + 1);
  if (n) memcpy(p, s, n);
  p[n] = 0;
  return p;
}

/* Everything handed out is given back; the newest chunk is kept. */
void ir_arena_reset(IrArena *a) {
  struct IrArenaChunk *c = a->head;
  if (!c) return;
  struct IrArenaChunk *old = c->next;
  c->next = NULL;
  a->head = old;
  ir_arena_free(a);
  a->head = c;
  c->used = 0;
  POISON(c->mem, c->cap);
}

void ir_arena_free(IrArena *a) {
  struct IrArenaChunk *c = a->head;
  while (c) {
    struct IrArenaChunk *next = c->next;
    UNPOISON(c->mem, c->cap);
    free(c);
    c = next;
  }
  a->head = NULL;
}

/* ====================================================================== */
/* Hash                                                                   */
/* ====================================================================== */

/* The hash itself is ctx.h's ir_hash_inline, so that the tables hash
 * their fixed-size keys with it unrolled. */
uint64_t ir_hash_bytes(const void *data, size_t n, uint64_t seed) {
  return ir_hash_inline(data, n, seed);
}

const uint32_t ir_empty_u32[1];
const int64_t ir_empty_i64[1];
