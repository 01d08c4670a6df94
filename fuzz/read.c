/*
 * read.c - fuzz target: the bytecode reader and validator on any bytes.
 * Every frame it accepts is a sound module (ir_module_check ran inside);
 * one that also verifies must print as text that parses back and verifies
 * (custom and generic form), and re-encode to a frame that decodes to the
 * same bytes again (the encoding is deterministic). A second reader
 * with skip_locs (ir-dis without --debuginfo) walks the same frames: it must
 * accept and reject the same ones, and a module it reads must verify and
 * print as the full reading does, without its locations. A third reads
 * each frame a top op at a time (irb_read_pieces, ir-dis): it must not
 * accept a frame the others reject; its pieces verify exactly when the
 * whole module does, and then print, piece by piece, the whole module's
 * text.
 */
#include <string.h>

#include "fuzz.h"

typedef struct Pieces {
  IrPrintStream *ps;
  FILE *f;
  int bad;                /* a piece failed to verify */
  IrVerifyMemo *vm;       /* as ir-dis verifies pieces (calls at the end) */
} Pieces;

static int on_piece(void *ud, const IrModule *piece, uint32_t i, uint32_t n) {
  (void)n;
  Pieces *p = ud;
  IrDiag d;
  ir_diag_init(&d, NULL);
  if (ir_verify_memo(piece, &d, p->vm)) {
    p->bad = 1;
    return i == 0 ? IRB_PIECE_DECLINE : -1;
  }
  if (i == 0) {
    IrPrintOpts o = {0, 0};
    p->ps = ir_print_stream_begin(p->f, piece, &o, 64);
    if (!p->ps) return IRB_PIECE_DECLINE;
  }
  return ir_print_piece(p->ps, piece) ? -1 : 0;
}

/* The frame at data[off...] read in pieces: -1 rejected, 0 not read in
 * pieces, 1 read (*bad: a piece did not verify; else *text, *n its text). */
static int read_pieces(const uint8_t *data, size_t size, size_t off, int *bad,
                       char **text, size_t *n) {
  IrbReader r;
  irb_reader_init(&r, data + off, size - off, "fuzz.irb");
  r.skip_locs = 1;
  IrCtx *c = ir_ctx_new();
  IrDiag d;
  ir_diag_init(&d, NULL);
  *text = NULL;
  *n = 0;
  Pieces p = {NULL, open_memstream(text, n), 0, ir_verify_memo_new()};
  int k = irb_read_pieces(&r, c, on_piece, &p, &d);
  if (k == 1 && !p.bad && ir_verify_memo_end(p.vm)) p.bad = 1;
  ir_verify_memo_free(p.vm);
  ir_print_stream_end(p.ps, k == 1 && !p.bad);
  fclose(p.f);
  ir_ctx_free(c);
  *bad = p.bad;
  return k == 1 ? 1 : k == IRB_READ_WHOLE ? 0 : -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  IrbReader r;
  irb_reader_init(&r, data, size, "fuzz.irb");
  IrbReader rs;
  irb_reader_init(&rs, data, size, "fuzz.irb");
  rs.skip_locs = 1;
  IrDiag d;
  ir_diag_init(&d, NULL);
  for (int frames = 0; frames < 64; frames++) {
    size_t off = r.off;
    IrCtx *c = ir_ctx_new();
    IrModule *m = NULL;
    int k = irb_read_next(&r, c, &m, &d);
    IrCtx *cs = ir_ctx_new();
    IrModule *ms = NULL;
    int ks = irb_read_next(&rs, cs, &ms, &d);
    FUZZ_ASSERT((k > 0) == (ks > 0));
    int pbad = 0;
    size_t np;
    char *pt = NULL;
    int kp = off < size ? read_pieces(data, size, off, &pbad, &pt, &np) : -1;
    if (k <= 0) {
      FUZZ_ASSERT(kp != 1);
      free(pt);
      ir_ctx_free(cs);
      ir_ctx_free(c);
      break;
    }
    int ok = fuzz_verify(m) == 0;
    FUZZ_ASSERT(ok == (fuzz_verify(ms) == 0));
    /* a module that verifies reads in pieces too (pieces cannot use each
     * other's values, which only a module that does not verify does) */
    FUZZ_ASSERT(!ok || kp != -1);
    if (kp == 1) FUZZ_ASSERT(ok == !pbad);
    if (pbad) FUZZ_ASSERT(!ok);
    if (ok) {
      size_t n1, n2;
      char *p1 = fuzz_print(m, 0, 0, &n1), *p2 = fuzz_print(ms, 0, 0, &n2);
      FUZZ_ASSERT(n1 == n2 && !memcmp(p1, p2, n1));
      if (kp == 1) FUZZ_ASSERT(np == n2 && !memcmp(pt, p2, n2));
      free(p1);
      free(p2);
    }
    free(pt);
    ir_module_free(ms);
    ir_ctx_free(cs);
    if (ok) {
      free(fuzz_print(m, 0, 1, NULL));
      /* what it prints, in either form, parses back and verifies */
      for (int generic = 0; generic < 2; generic++) {
        size_t n;
        char *t = fuzz_print(m, generic, 0, &n);
        IrCtx *c3 = ir_ctx_new();
        IrModule *m3 = fuzz_parse(c3, (const uint8_t *)t, n);
        if (!m3 || fuzz_verify(m3)) fprintf(stderr, "printed text:\n%.*s\n", (int)n, t);
        FUZZ_ASSERT(m3 != NULL && fuzz_verify(m3) == 0);
        ir_module_free(m3);
        ir_ctx_free(c3);
        free(t);
      }
      IrbBuf a, b;
      fuzz_encode(m, 0, &a);
      IrCtx *c2 = ir_ctx_new();
      IrModule *m2 = NULL;
      IrbReader r2;
      irb_reader_init(&r2, a.data, a.len, "re-encoded");
      FUZZ_ASSERT(irb_read_next(&r2, c2, &m2, &d) == 1);
      fuzz_encode(m2, 0, &b);
      FUZZ_ASSERT(a.len == b.len && !memcmp(a.data, b.data, a.len));
      irb_buf_free(&a);
      irb_buf_free(&b);
      ir_module_free(m2);
      ir_ctx_free(c2);
    }
    ir_module_free(m);
    ir_ctx_free(c);
  }
  return 0;
}
