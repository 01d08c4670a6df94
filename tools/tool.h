/*
 * tool.h - the I/O conventions every tool shares (DESIGN.md, "Tool
 * conventions"), so that each tool's main is a thin driver:
 *
 *   - input: FILEs, DIRectories and `-` (stdin, the default), in order; a
 *     directory stands for its *.mlir and *.irb files, recursively, in
 *     byte order of their names (hidden names and symbolic links to
 *     directories skipped). Each file is text or bytecode, told apart by
 *     the frame magic. Text is one module, or with --split-input-file one
 *     module per `// -----` chunk (line numbers those of the original
 *     file). Bytecode is a stream: one module per frame. Memory follows the
 *     largest module, not the input: frames and chunks are read and
 *     released one at a time (a text file without --split-input-file is
 *     one module and is read whole).
 *   - -j N (tools that set `parallel`): N worker threads (POSIX threads,
 *     part of the C library) decode, verify, run the tool and encode
 *     modules, at most 4N modules in flight; outputs and diagnostics are
 *     written in input order, byte for byte those of -j 1.
 *   - every module is verified before the tool sees it;
 *   - output: bytecode (tools that transform IR) unless -S asks for text;
 *     bytecode is never written to a terminal; `-o FILE` is written to a
 *     temporary file in the same directory and renamed over FILE only when
 *     the whole run succeeded, so a failed run leaves no partial output;
 *   - diagnostics on stderr as `file:line:col: error: msg`; exit status 0 ok,
 *     1 bad input (or an I/O failure), 2 bad usage; --help, --version.
 *
 * CONFORMANCE_ALLOW_UNREGISTERED=1 in the environment (set by
 * ../shared/mlir-tests/run-conformance for -allow-unregistered-dialect) is the
 * same as --allow-unregistered-dialect.
 */
#ifndef TOOL_H
#define TOOL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ir.h"
#include "irb.h"

/* What a tool writes; it decides which output flags the tool accepts. */
typedef enum {
  TOOL_OUT_BYTECODE, /* modules as bytecode; -S text, --zstd, --strip-locs,
                        --generic, --debuginfo */
  TOOL_OUT_TEXT,     /* modules as MLIR text; --generic, --debuginfo */
  TOOL_OUT_REPORT,   /* a report of the tool's own making (ir-stat) */
} ToolOutKind;

typedef struct Tool Tool;

/* A tool's own flag: returns 1 if it consumed argv[*i] (advancing *i past
 * any separate argument it took), 0 if the flag is not the tool's. */
typedef int ToolFlagFn(Tool *t, int argc, char **argv, int *i);

/* Called with each verified input module, in input order (with -j N, from
 * worker threads, each with its own copy of the Tool). Returns 0, or -1
 * after reporting an input error through t->diag (the run goes on with the
 * next module and exits 1), or -2 for an output failure (the run stops). */
typedef int ToolModuleFn(Tool *t, IrModule *m, void *ud);

struct Tool {
  const char *name;       /* tool name for messages, e.g. "ir-asm" */
  const char *synopsis;   /* arguments and purpose, shown by --help */
  const char *help;       /* the tool's own flags, shown by --help (or NULL) */
  ToolOutKind out_kind;   /* what the tool writes */
  char **inputs;          /* the command line's inputs ("-": stdin) */
  int n_inputs;           /* 0: stdin */
  const char *in_name;    /* the current input's name in diagnostics
                             ("<stdin>" for -) */
  int parallel;           /* the tool accepts -j (its callback keeps no
                             state across modules, or locks it) */
  int jobs;               /* -j: worker threads; 1 runs in the caller */
  const char *output;     /* -o path, NULL for stdout */
  int text;               /* write MLIR text (-S, or a text tool) */
  int split;              /* --split-input-file */
  IrParseOpts parse;      /* text input options */
  IrPrintOpts print;      /* text output options */
  IrbWriteOpts write;     /* bytecode output options */
  int stream_text;        /* text input to bytecode output (ir-asm): parse,
                             verify and encode a module one top-level op at
                             a time where it can (tool.c), not through fn */
  int stream_print;       /* bytecode input to text output (ir-dis): read,
                             verify and print a module one top-level op at
                             a time where it can (tool.c), not through fn */
  int skip_locs;          /* bytecode input: intern no locations (a tool
                             that neither prints nor reports at them) */
  IrDiag diag;            /* stderr; counts the errors */
  FILE *out;              /* the output stream while tool_run runs */
  uint32_t n_in;          /* modules handed to the callback so far */
  uint32_t n_out;         /* modules written by tool_emit so far */
  size_t frame_bytes;     /* bytecode size of the current input module's
                             frame, 0 when the input is text */
  uint32_t in_stages;     /* IRB_STAGE_* bits of the current input frame
                             (0 for text): kept on output */
  uint32_t add_stages;    /* IRB_STAGE_* bits this tool adds (dd-* tools) */
  uint64_t in_bytes;      /* size of the whole input (all files) */
  IrbBuf buf;             /* encode buffer, reused across modules */
  int bad_input;          /* some module was rejected */
  int io_failed;          /* an output write failed: stop */
  int direct;             /* -o names a non-regular file: written in place */
  int timing;             /* --time: report the phases' times on stderr */
  double phase[6];        /* --time: seconds per phase (toolint.h) */
  long faults[6];         /* --time: minor page faults per phase */
  ToolModuleFn *fn;       /* the callback of tool_run */
  void *ud;               /* its user data */
};

/* Set the defaults. `help` lists the tool's own flags, one per line. */
void tool_init(Tool *t, const char *name, ToolOutKind kind,
               const char *synopsis, const char *help);

/* Parse the command line: the common flags, then `own` (may be NULL) for
 * the rest. Prints help / version and exits 0; on bad usage prints
 * `<tool>: error: ...` and exits 2 (also when bytecode would go to a
 * terminal). */
void tool_args(Tool *t, int argc, char **argv, ToolFlagFn *own);

/* Report a usage error and exit 2. */
_Noreturn void tool_usage_error(Tool *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Parse an integer flag value in [lo, hi] or exit 2 naming the flag. */
long tool_int_arg(Tool *t, const char *flag, const char *s, long lo, long hi);

/* Read the input, open the output, hand each verified module to `fn`, then
 * commit the output (rename -o's temp file) if everything succeeded or
 * discard it if not. Returns the exit status: 0, or 1. */
int tool_run(Tool *t, ToolModuleFn *fn, void *ud);

/* Write a module in the tool's output form: bytecode frame, or text (text
 * modules after the first are preceded by a `// -----` line). Returns 0, or
 * -2 after reporting a write / encode failure. */
int tool_emit(Tool *t, const IrModule *m);

/* The end of a pass tool's ToolModuleFn: -1 if the pass failed (out is
 * NULL, its diagnostics reported), else tool_emit's result; frees out. */
int tool_emit_result(Tool *t, IrModule *out);

/* A ToolModuleFn that just writes the module (ir-asm, ir-dis). */
int tool_emit_fn(Tool *t, IrModule *m, void *ud);

/* Around a callback's update of state shared by all modules (a counter
 * summed over the run): with -j N callbacks run in several threads. */
void tool_lock(void);
void tool_unlock(void);

#endif
