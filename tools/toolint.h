/*
 * toolint.h - what the three files of the shared tool driver say to each
 * other (not for the tools' mains, which see only tool.h):
 *
 *   tool.c        arguments, output, and tool_run_job: one module from its
 *                 bytes to the tool's callback
 *   tool_input.c  the inputs: files and directories in order, each read a
 *                 window (or a mapping) at a time and cut into jobs
 *   tool_jobs.c   -j N: a pool of worker threads over a bounded ring of
 *                 jobs, retired (written) in input order
 */
#ifndef TOOLINT_H
#define TOOLINT_H

#include "tool.h"

/* --time phases (Tool.phase). */
enum { PH_READ, PH_DECODE, PH_VERIFY, PH_TOOL, PH_FREE, PH_FLUSH };

/* The start of a phase: the clock and, with --time, the calling thread's
 * minor page faults so far (fresh pages cost this VM more than most
 * phases' work: tests/bench/NOTES.md, Memory). tool_phase charges phase ph with
 * what passed since `since`. */
typedef struct ToolMark {
  double s;
  long faults;
} ToolMark;
ToolMark tool_mark(const Tool *t);
void tool_phase(Tool *t, int ph, ToolMark since);

/* One module's bytes: a text chunk or one bytecode frame. While the reader
 * hands it over, `data` points into the reader's window and is valid only
 * during the call; a queued job owns a padded copy in `buf`. */
typedef struct ToolJob {
  int is_text;          /* text chunk (else a bytecode frame) */
  const char *data;     /* the bytes */
  size_t len;
  int padded;           /* data[len, len + IR_PARSE_PAD) are NUL bytes */
  uint32_t first_line;  /* text: line number of its first line */
  uint64_t base;        /* frame: input offset of data[0] */
  const char *name;     /* input name for diagnostics */
  uint32_t file;        /* index of its input file in the run */
  uint32_t seq;         /* index of the module in the run */
  int sync;             /* a bad frame: run it after everything before it
                           is written (its error ends its file) */
  /* -j N: the queued job's state (tool_jobs.c) */
  char *buf;            /* owned copy of data */
  char *name_buf;       /* owned copy of name */
  char *out, *err;      /* the output written, the diagnostics reported */
  size_t out_len, err_len;
  uint32_t n_in;        /* modules handed to the tool (0 or 1) */
  uint32_t n_out;       /* modules written to out */
  unsigned n_errors;
  int r;                /* tool_run_job's result */
  int bad, oom, done;
} ToolJob;

/* tool_run_job's results besides 0: stop reading this file (a frame that
 * does not decode ends its stream, as the reader does), stop the run (an
 * output failure). */
enum { TOOL_STOP_FILE = 1, TOOL_STOP_RUN = -2 };

/* tool.c: decode or parse the job's module, verify it, hand it to t->fn. */
int tool_run_job(Tool *t, const ToolJob *j);
double tool_now(void);

/* tool_input.c: every input in order, cut into jobs handed to `sink`
 * (which returns 0, TOOL_STOP_FILE or TOOL_STOP_RUN). Sets t->bad_input
 * on a read error. */
typedef int ToolSink(Tool *t, ToolJob *j, void *ud);
void tool_read_inputs(Tool *t, ToolSink *sink, void *ud);

/* tool_jobs.c: a pool of n worker threads. */
typedef struct ToolPool ToolPool;
ToolPool *tool_pool_new(Tool *t, int n);
/* A ToolSink that queues the job (waiting while the ring is full and
 * writing finished jobs in order meanwhile). */
int tool_pool_sink(Tool *t, ToolJob *j, void *ud);
/* Write the rest, stop the workers, free the pool. */
void tool_pool_finish(ToolPool *p);

#endif
