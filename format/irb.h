/*
 * irb.h - the public API of the bytecode layer (.irb). The format itself is
 * specified in FORMAT.md; this header is how tools use it.
 *
 * A stream is a sequence of frames, one module per frame; `cat a.irb b.irb`
 * is a valid stream. Readers validate every count, index and range before
 * they return a module (ir_module_check), so nothing downstream can be
 * driven out of bounds by input bytes. Errors are one line naming the byte
 * offset: `<name>:<offset>: error: truncated frame (...)`.
 */
#ifndef IRB_H
#define IRB_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ir.h"

/* The 8 magic bytes every frame starts with. */
#define IRB_MAGIC "\x89IRB\r\n\x1a\n"
#define IRB_MAGIC_LEN 8
/* The format version this code writes and the newest it reads (FORMAT.md:
 * a reader accepts the same major with minor <= its own). */
#define IRB_VERSION_MAJOR 1
#define IRB_VERSION_MINOR 1

/* Stage bits of a frame's flags: which pipeline stages have run. */
#define IRB_STAGE_OWN      (1u << 4)   /* dd-own */
#define IRB_STAGE_SIMPLIFY (1u << 5)   /* dd-simplify */
#define IRB_STAGE_LOWER    (1u << 6)   /* dd-lower */
#define IRB_STAGE_MASK     (IRB_STAGE_OWN | IRB_STAGE_SIMPLIFY | IRB_STAGE_LOWER)
/* Flag bit: the frame has no locations. */
#define IRB_FLAG_NO_LOCS   (1u << 8)

typedef struct IrbWriteOpts {
  int zstd_level;   /* 0: uncompressed payload; 1..22: one zstd frame */
  int strip_locs;   /* drop locations (all become unknown) */
  uint32_t stages;  /* IRB_STAGE_* bits to record in the frame (others are
                       ignored) */
} IrbWriteOpts;

/* A growable output buffer. */
typedef struct IrbBuf {
  uint8_t *data;
  size_t len, cap;
} IrbBuf;
void irb_buf_free(IrbBuf *b);

/* Append one frame encoding `m` to `out`. Deterministic: the same module
 * always gives the same bytes. Returns 0, or -1 (with a message in `d`) if
 * the module cannot be encoded (e.g. compression failure). */
int irb_write(const IrModule *m, const IrbWriteOpts *o, IrbBuf *out, IrDiag *d);

/* The same frame, handed to `sink` in pieces (header first) instead of
 * being assembled in a buffer: an uncompressed frame is hashed and sent
 * part by part, sparing two copies of the payload. sink returns 0, or
 * nonzero to stop. Returns 0, -1 (encoding error, reported in `d`) or -2
 * (sink error, not reported). */
typedef int IrbSink(void *ud, const void *p, size_t n);
int irb_write_to(const IrModule *m, const IrbWriteOpts *o, IrbSink *sink,
                 void *ud, IrDiag *d);

/* One frame written a top op at a time (ir-asm: a module's text is
 * parsed, verified and encoded op by op, in memory that does not grow
 * with the module): the bytes irb_write gives for the module whose op 0
 * is a builtin.module at location `loc` holding, in one block without
 * arguments, the text's top-level ops. irb_stream_text parses the text
 * into the stream (ir_parse_pieces, whose arguments it takes, in the
 * stream's ctx `c`), verifying each top-level op: 1 when all of it went
 * in; 0 when the text must be parsed whole instead, which reports its
 * errors (the stream is then dead). irb_stream_end sends the frame to
 * sink and frees the stream, returning as irb_write_to; irb_stream_free
 * drops it. begin returns NULL for a bad zstd level; text_bytes is a
 * hint, for room. */
typedef struct IrbStream IrbStream;
IrbStream *irb_stream_begin(IrCtx *c, uint32_t loc, const IrbWriteOpts *o,
                            size_t text_bytes);
int irb_stream_text(IrbStream *s, const char *text, size_t len, int padded,
                    const IrParseOpts *o);
int irb_stream_end(IrbStream *s, IrbSink *sink, void *ud, IrDiag *d);
void irb_stream_free(IrbStream *s);

/* Whether `p` (n bytes) starts with the frame magic. */
int irb_is_bytecode(const void *p, size_t n);

/* A reader over a byte range (e.g. a whole file read into memory). */
typedef struct IrbReader {
  const uint8_t *data;
  size_t len;
  size_t off;          /* offset of the next frame */
  const char *name;    /* input name for diagnostics ("-" for stdin) */
  size_t last_size;    /* bytes of the last frame read */
  uint32_t last_flags; /* flags of the last frame read (IRB_STAGE_*,
                          IRB_FLAG_NO_LOCS; compression in bits 0-3) */
  uint64_t base;       /* input offset of data[0], added to the offsets
                          of messages (0 unless the caller reads the input
                          a window at a time) */
  int skip_locs;       /* check the location table but intern none of it:
                          every op and argument gets location 0 (unknown).
                          For readers that neither print locations nor
                          report at them (ir-dis without --debuginfo reads
                          a module again with them if it fails to verify) */
} IrbReader;

/* The size of the frame starting at p (header and payload), from its
 * first n bytes: 1 with *size set; 0 if n bytes do not tell yet; -1 if
 * they do not start a frame header this reader accepts (irb_read_next
 * over them reports why). Lets a caller read a stream frame by frame. */
int irb_frame_size(const void *p, size_t n, uint64_t *size);

void irb_reader_init(IrbReader *r, const void *data, size_t len, const char *name);
/* Decode the next frame into a module of `c`.
 * Returns 1 and sets *out on success, 0 at the end of the input, -1 after
 * reporting one error line through `d` (the reader stops there). */
int irb_read_next(IrbReader *r, IrCtx *c, IrModule **out, IrDiag *d);

/* The next frame, decoded a top op at a time (ir-dis: a module is read,
 * verified and printed function by function, in memory that does not
 * grow with the module): fn gets, in order, for each op of op 0's body
 * (index i of n), a module whose op 0 is the frame's op 0 (kind,
 * properties, attributes, location) holding that op alone, with all it
 * contains; the module and its arrays are reused for the next op, so fn
 * keeps nothing of it. Only for a frame whose op 0 is a builtin.module
 * with one block, without arguments, of at least one op, none with
 * operands, results or successors (so no op uses a value of another),
 * nor one whose verifier looks at other top ops (ir_op_verify_reads_module).
 * Returns what irb_read_next does (1: every op went to fn, and the
 * reader moved past the frame), or IRB_READ_WHOLE when the frame is not
 * such or fn declined its first op (returning IRB_PIECE_DECLINE) before
 * anything was done with it: then read the frame with irb_read_next,
 * into a new ctx (c holds its tables). When fn returns another nonzero
 * value the read stops: -2, nothing reported, the reader not moved. A
 * frame found bad after some of its ops went to fn is reported as by
 * irb_read_next (-1). */
enum { IRB_READ_WHOLE = 2, IRB_PIECE_DECLINE = 1 };
typedef int IrbPieceFn(void *ud, const IrModule *piece, uint32_t i, uint32_t n);
int irb_read_pieces(IrbReader *r, IrCtx *c, IrbPieceFn *fn, void *ud, IrDiag *d);


#endif
