/*
 * test_print_pieces.c - a module read a top op at a time (irb_read_pieces)
 * and printed piece by piece (ir_print_piece) gives exactly the text of
 * the whole module read and printed (irb_read_next, ir_print); frames
 * that cannot go in pieces are refused before anything is handed out
 * (IRB_READ_WHOLE), and the reader still checks what it reads.
 *
 * Each case is parsed, written as bytecode, and read back both ways.
 * The cases are what the piecewise printer must carry from one top op to
 * the next or set up again: value and argument names, name conflicts
 * whose suffixes must restart in every function, result groups, block
 * labels with predecessor comments, names a hook gives to block
 * arguments, a first op without regions (a declaration), `module @name
 * attributes`, and caches of op and type texts shared between functions.
 *
 * Then ir-dis's use of them (tool_run_job with Tool.stream_print): the
 * text is tool_emit's; a module whose first function does not verify is
 * refused before any text, and one whose later function does not is
 * reported at that function's line (read again with its locations), as
 * the whole reader would; so is a call whose callee, later in the module,
 * has other types.
 */
#include <xxhash.h>

#include "irbint.h"
#include "tool.h"
#include "toolint.h"
#include "unit.h"

typedef struct Run {
  IrPrintStream *ps;
  FILE *f;
  uint32_t n_pieces, n_top;
  int decline_first;      /* decline the first piece */
} Run;

static int on_piece(void *ud, const IrModule *piece, uint32_t i, uint32_t n) {
  Run *r = ud;
  IrDiag quiet;
  ir_diag_init(&quiet, NULL);
  CHECK_EQ(i, r->n_pieces);
  r->n_top = n;
  CHECK(ir_verify(piece, &quiet) == 0);
  if (i == 0) {
    if (r->decline_first) return IRB_PIECE_DECLINE;
    IrPrintOpts o = {0, 0};
    r->ps = ir_print_stream_begin(r->f, piece, &o, 100);
    if (!r->ps) return IRB_PIECE_DECLINE;
  }
  r->n_pieces++;
  return ir_print_piece(r->ps, piece);
}

/* The module's frame (no locations kept: ir-dis reads them so). */
static void frame_of(const char *text, IrbBuf *out) {
  IrCtx *c = ir_ctx_new();
  IrModule *m = unit_parse(c, text, "pieces.mlir", 1);
  IrDiag d;
  ir_diag_init(&d, stdout);
  memset(out, 0, sizeof *out);
  if (m) CHECK(irb_write(m, NULL, out, &d) == 0);
  if (m) ir_module_free(m);
  ir_ctx_free(c);
}

/* The text of the frame read whole. */
static char *print_whole(const IrbBuf *b) {
  IrCtx *c = ir_ctx_new();
  IrDiag d;
  ir_diag_init(&d, stdout);
  IrbReader r;
  irb_reader_init(&r, b->data, b->len, "pieces.irb");
  r.skip_locs = 1;
  IrModule *m = NULL;
  CHECK(irb_read_next(&r, c, &m, &d) == 1);
  char *s = m ? unit_print(m, 0, 0) : strdup("");
  if (m) ir_module_free(m);
  ir_ctx_free(c);
  return s;
}

/* The frame read in pieces: what irb_read_pieces returned, the text in
 * *text (malloc'd), the pieces printed in *n. */
static int print_pieces(const IrbBuf *b, int decline_first, char **text,
                        uint32_t *n) {
  IrCtx *c = ir_ctx_new();
  IrDiag d;
  ir_diag_init(&d, stdout);
  IrbReader r;
  irb_reader_init(&r, b->data, b->len, "pieces.irb");
  r.skip_locs = 1;
  size_t len = 0;
  *text = NULL;
  Run run = {NULL, open_memstream(text, &len), 0, 0, decline_first};
  int rc = irb_read_pieces(&r, c, on_piece, &run, &d);
  CHECK(ir_print_stream_end(run.ps, rc == 1) == 0);
  fclose(run.f);
  if (rc == 1) {
    CHECK_EQ(r.off, b->len);         /* moved past the frame */
    CHECK_EQ(run.n_pieces, run.n_top);
  } else {
    CHECK_EQ(r.off, 0);
  }
  *n = run.n_pieces;
  ir_ctx_free(c);
  return rc;
}

static void same_text(const char *what, int line, const char *text,
                      uint32_t want_pieces) {
  IrbBuf b;
  frame_of(text, &b);
  char *whole = print_whole(&b), *parts;
  uint32_t n;
  int rc = print_pieces(&b, 0, &parts, &n);
  if (rc != 1 || n != want_pieces || strcmp(whole, parts)) {
    n_fail++;
    printf("FAIL %s:%d: %s: read %d, %u pieces (want %u); whole:\n%s--- "
           "pieces:\n%s---\n", __FILE__, line, what, rc, n, want_pieces,
           whole, parts);
  } else {
    n_pass++;
  }
  free(whole);
  free(parts);
  irb_buf_free(&b);
}
#define SAME(what, text, n) same_text(what, __LINE__, text, n)

static void whole_only(const char *what, int line, const char *text,
                       int decline_first) {
  IrbBuf b;
  frame_of(text, &b);
  char *parts;
  uint32_t n;
  int rc = print_pieces(&b, decline_first, &parts, &n);
  if (rc != IRB_READ_WHOLE || n != 0 || parts[0]) {
    n_fail++;
    printf("FAIL %s:%d: %s: read %d, %u pieces printed, text \"%s\"\n",
           __FILE__, line, what, rc, n, parts);
  } else {
    n_pass++;
  }
  free(parts);
  irb_buf_free(&b);
}
#define WHOLE(what, text, decline) whole_only(what, __LINE__, text, decline)

static const char funcs[] =
    "func.func private @decl(memref<4xf32>)\n"
    "func.func @a(%arg0: index, %c: i1) -> memref<4xf32> {\n"
    "  %alloc = memref.alloc() : memref<4xf32>\n"
    "  %alloc_0 = memref.alloc() : memref<4xf32>\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %0 = arith.select %c, %alloc, %alloc_0 : memref<4xf32>\n"
    "  cf.cond_br %c, ^bb1(%0 : memref<4xf32>), ^bb2\n"
    "^bb1(%x: memref<4xf32>):\n"
    "  return %x : memref<4xf32>\n"
    "^bb2:\n"
    "  cf.br ^bb1(%alloc : memref<4xf32>)\n"
    "}\n"
    "func.func @b(%n: index) -> index {\n"
    "  %alloc = memref.alloc() : memref<4xf32>\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {\n"
    "    %alloc_1 = memref.alloc() : memref<4xf32>\n"
    "    %s = arith.addi %acc, %i : index\n"
    "    scf.yield %s : index\n"
    "  }\n"
    "  %base, %off, %sz, %st = memref.extract_strided_metadata %alloc : "
    "memref<4xf32> -> memref<f32>, index, index, index\n"
    "  return %r : index\n"
    "}\n"
    "func.func @c() {\n"
    "  %alloc = memref.alloc() : memref<4xf32>\n"
    "  return\n"
    "}\n";

/* One frame of `text` (parsed as t.mlir, locations kept, not verified)
 * through tool_run_job as ir-dis runs it; *out gets the text, *err the
 * diagnostics, *bad Tool.bad_input. */
static void run_dis(const char *text, char **out, char **err, int *bad) {
  IrbBuf b = {0};
  IrCtx *c = ir_ctx_new();
  IrModule *m = unit_parse(c, text, "t.mlir", 0);
  IrDiag d;
  ir_diag_init(&d, stdout);
  if (m) CHECK(irb_write(m, NULL, &b, &d) == 0);
  ir_module_free(m);
  ir_ctx_free(c);
  Tool t;
  tool_init(&t, "ir-dis", TOOL_OUT_TEXT, "", NULL);
  size_t n1 = 0, n2 = 0;
  *out = *err = NULL;
  t.out = open_memstream(out, &n1);
  FILE *ef = open_memstream(err, &n2);
  ir_diag_init(&t.diag, ef);
  t.skip_locs = 1;
  t.stream_print = 1;
  t.fn = tool_emit_fn;
  ToolJob j;
  memset(&j, 0, sizeof j);
  j.data = (const char *)b.data;
  j.len = b.len;
  j.name = "t.irb";
  tool_run_job(&t, &j);
  fclose(t.out);
  fclose(ef);
  *bad = t.bad_input;
  irb_buf_free(&b);
}

static const char bad_second[] =
    "func.func @a() {\n"
    "  return\n"
    "}\n"
    "func.func @g(%a: i32) -> i32 {\n"
    "  %c = arith.constant 1 : i32\n"
    "  %t = arith.addi %s, %c : i32\n"
    "  %s = arith.addi %a, %c : i32\n"
    "  return %t : i32\n"
    "}\n";

static int count(const char *s, const char *what) {
  int n = 0;
  for (const char *p = s; (p = strstr(p, what)); p++) n++;
  return n;
}

static void tool(void) {
  char *out, *err;
  int bad;
  run_dis(funcs, &out, &err, &bad);
  IrCtx *c = ir_ctx_new();
  IrModule *m = unit_parse(c, funcs, "t.mlir", 1);
  char *want = unit_print(m, 0, 0);
  ir_module_free(m);
  ir_ctx_free(c);
  CHECK(!bad);
  CHECK(!*err);
  CHECK(strlen(out) == strlen(want) + 1 && !strncmp(out, want, strlen(want)) &&
        out[strlen(want)] == '\n');
  free(want);
  free(out);
  free(err);

  /* the bad function second: reported at its line 6, once */
  run_dis(bad_second, &out, &err, &bad);
  CHECK(bad);
  CHECK(strstr(err, "t.mlir:6:") && strstr(err, "does not dominate this use"));
  CHECK_EQ(count(err, "error: "), 1);
  free(out);
  free(err);

  /* a call whose callee comes later with other types: every function
   * verifies alone, the module does not (calls are judged at its end);
   * reported once at the call's line 2, and a good call passes */
  static const char bad_call[] =
      "func.func @f(%x: i64) {\n"
      "  %r = func.call @g(%x) : (i64) -> i1\n"
      "  return\n"
      "}\n"
      "func.func private @g(%a: i32) -> i1\n";
  run_dis(bad_call, &out, &err, &bad);
  CHECK(bad);
  CHECK(strstr(err, "t.mlir:2:8: error: 'func.call' op operand type mismatch: "
                    "expected operand type 'i32', but provided 'i64' for operand "
                    "number 0") != NULL);
  CHECK_EQ(count(err, "error: "), 1);
  free(out);
  free(err);
  run_dis("func.func @f(%x: i32) -> i1 {\n"
          "  %r = func.call @g(%x) : (i32) -> i1\n"
          "  return %r : i1\n"
          "}\n"
          "func.func private @g(%a: i32) -> i1\n", &out, &err, &bad);
  CHECK(!bad);
  CHECK(!*err);
  CHECK(strstr(out, "call @g(%arg0) : (i32) -> i1") != NULL);
  free(out);
  free(err);

  /* the bad function first: nothing printed */
  const char *first = strstr(bad_second, "func.func @g");
  run_dis(first, &out, &err, &bad);
  CHECK(bad);
  CHECK(strstr(err, "t.mlir:3:") != NULL);
  CHECK_EQ(count(err, "error: "), 1);
  CHECK_EQ(strlen(out), 0);
  free(out);
  free(err);
}

int main(void) {
  SAME("functions, declaration first", funcs, 4);
  SAME("one function",
       "func.func @f(%a: f32) -> f32 {\n"
       "  %0 = arith.addf %a, %a : f32\n"
       "  return %0 : f32\n"
       "}\n", 1);
  SAME("named module with attributes",
       "module @m attributes {test.x = 1 : i32} {\n"
       "  func.func @f() { return }\n"
       "  func.func @g() -> i32 {\n"
       "    %c1_i32 = arith.constant 1 : i32\n"
       "    return %c1_i32 : i32\n"
       "  }\n"
       "}\n", 2);
  SAME("declarations only",
       "func.func private @d0()\nfunc.func private @d1(i32) -> i32\n", 2);

  WHOLE("an empty module", "", 0);
  WHOLE("an affine map (aliases)",
        "func.func @f(%m: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>) "
        "{ return }\n", 0);
  WHOLE("the first piece declined", funcs, 1);
  WHOLE("a global's user (verified with the module's globals)",
        "memref.global \"private\" constant @t : memref<2xi32> = dense<[1, 2]>\n"
        "func.func @f() -> memref<2xi32> {\n"
        "  %0 = memref.get_global @t : memref<2xi32>\n"
        "  return %0 : memref<2xi32>\n"
        "}\n", 0);
  WHOLE("a top op with results",
        "%0 = \"test.top\"() : () -> i32\n", 0);

  /* a frame with a byte after its structure, checksum and size made
   * right: every piece goes out, then the reader reports the byte */
  {
    IrbBuf b;
    frame_of(funcs, &b);
    size_t pos = IRB_MAGIC_LEN + 4;
    uint64_t flags = 0, stored = 0;
    for (int k = 0; k < 2; k++) {
      uint64_t v = 0;
      for (int sh = 0;; sh += 7) {
        uint8_t x = b.data[pos++];
        v |= (uint64_t)(x & 0x7f) << sh;
        if (!(x & 0x80)) break;
      }
      if (k == 0) flags = v;
      else stored = v;
    }
    CHECK_EQ(flags & IRB_FLAG_COMP_MASK, IRB_COMP_NONE);
    const uint8_t *payload = b.data + pos + 8;
    CHECK_EQ(pos + 8 + stored, b.len);
    uint8_t *f = malloc(b.len + 16);
    memcpy(f, b.data, IRB_MAGIC_LEN + 4);
    uint8_t *q = irb_put_varint(f + IRB_MAGIC_LEN + 4, flags);
    q = irb_put_varint(q, stored + 1);
    uint8_t *h = q;
    q += 8;
    memcpy(q, payload, stored);
    q[stored] = 0;
    irb_put_le(h, XXH3_64bits(q, stored + 1), 8);
    size_t flen = (size_t)(q + stored + 1 - f);
    IrCtx *c = ir_ctx_new();
    char *text = NULL;
    size_t len = 0;
    char *err = NULL;
    size_t elen = 0;
    FILE *ef = open_memstream(&err, &elen);
    IrDiag d;
    ir_diag_init(&d, ef);
    IrbReader r;
    irb_reader_init(&r, f, flen, "extra.irb");
    r.skip_locs = 1;
    Run run = {NULL, open_memstream(&text, &len), 0, 0, 0};
    int rc = irb_read_pieces(&r, c, on_piece, &run, &d);
    CHECK_EQ(rc, -1);
    CHECK_EQ(run.n_pieces, 4);
    CHECK_EQ(r.off, 0);
    CHECK(ir_print_stream_end(run.ps, 0) == 0);
    fclose(run.f);
    fclose(ef);
    CHECK(strstr(err, "1 trailing bytes in payload") != NULL);
    free(text);
    free(err);
    free(f);
    ir_ctx_free(c);
    irb_buf_free(&b);
  }
  tool();
  return unit_done();
}
