/*
 * tool.c - the I/O conventions shared by every tool (see tool.h): argument
 * parsing of the common flags, one module from its bytes to the tool
 * (parse or decode, verify, callback), writing bytecode or text, the atomic
 * -o, and tool_run. Reading the inputs is tool_input.c's job, -j N
 * tool_jobs.c's.
 */
#define _GNU_SOURCE 1   /* RUSAGE_THREAD */
#include "toolint.h"

#include <errno.h>
#include <fcntl.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* --time: seconds spent per phase (Tool.phase), printed to stderr at the
 * end; with -j N the workers' times are summed. */
#define PH_N 6
static const char *phase_name[PH_N] = {"read", "decode", "verify", "tool",
                                       "free", "flush"};

double tool_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}
#define now tool_now

ToolMark tool_mark(const Tool *t) {
  ToolMark k = {now(), 0};
  struct rusage ru;
  if (t->timing && getrusage(RUSAGE_THREAD, &ru) == 0) k.faults = ru.ru_minflt;
  return k;
}

void tool_phase(Tool *t, int ph, ToolMark since) {
  ToolMark k = tool_mark(t);
  t->phase[ph] += k.s - since.s;
  t->faults[ph] += k.faults - since.faults;
}

static pthread_mutex_t shared_mu = PTHREAD_MUTEX_INITIALIZER;
void tool_lock(void) { pthread_mutex_lock(&shared_mu); }
void tool_unlock(void) { pthread_mutex_unlock(&shared_mu); }

/* ====================================================================== */
/* Command line                                                           */
/* ====================================================================== */

/* A tool is a short-lived process whose phases (parse, verify, write)
 * free big arrays that the next phase allocates again: keep freed memory in
 * the heap, and grow it in big steps, rather than handing pages back to the
 * kernel and faulting fresh zeroed ones in (a page fault costs about as
 * much as parsing 100 bytes). 20 MB bench corpus, ir-asm: 36K -> 29K page
 * faults.
 *
 * With `scons hugepages=1` (IR_HUGEPAGES) the first step of the heap
 * (M_TOP_PAD) is then asked to be backed by transparent huge pages: a
 * stage's working set on a small module is a few MB of fresh heap, 4 KB a
 * fault, and one 2 MB fault replaces 512 small ones (live bench, the 5-tool
 * pipe run back to back: 5,870 -> 3,893 faults, system time 18.5 -> 11.4
 * ms). It is off by default: on a VM with free page reporting (memory that
 * stays free ~2 s goes back to the host) a huge page on reported memory
 * costs far more than the small faults it saves (ir-asm, 20 MB corpus,
 * after 3 idle seconds: 0.28-0.32 s wall, 0.14-0.18 s system with huge
 * pages; 0.20 s, 0.05-0.07 s without). See tests/bench/NOTES.md,
 * Memory. */
#if defined(__SANITIZE_ADDRESS__)
#define TOOL_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define TOOL_ASAN 1
#endif
#endif
static void tune_malloc(void) {
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  mallopt(M_TOP_PAD, 16 << 20);
#if defined(IR_HUGEPAGES) && defined(MADV_HUGEPAGE) && !defined(TOOL_ASAN)
  const uintptr_t huge = (uintptr_t)2 << 20;
  /* makes malloc take a heap step now (a static libc may have taken a
   * small one before main); freed, it stays as the heap's top */
  void *first = malloc(8u << 20);
  uintptr_t end = (uintptr_t)sbrk(0);
  uintptr_t lo = ((uintptr_t)first + huge - 1) & ~(huge - 1);
  uintptr_t hi = end & ~(huge - 1);
  /* only if `first` really is in the brk heap (not an mmap'ed arena) */
  if (first && (uintptr_t)first < end && hi > lo && hi - lo <= (64u << 20))
    madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
  free(first);
#endif
#endif
}

void tool_init(Tool *t, const char *name, ToolOutKind kind,
               const char *synopsis, const char *help) {
  tune_malloc();
  memset(t, 0, sizeof *t);
  t->name = name;
  t->synopsis = synopsis;
  t->help = help;
  t->out_kind = kind;
  t->jobs = 1;
  t->text = kind != TOOL_OUT_BYTECODE;
  t->parse.first_line = 1;
  const char *env = getenv("CONFORMANCE_ALLOW_UNREGISTERED");
  t->parse.allow_unregistered = env && strcmp(env, "1") == 0;
  ir_diag_init(&t->diag, stderr);
}

_Noreturn void tool_usage_error(Tool *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: error: ", t->name);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, " (try %s --help)\n", t->name);
  va_end(ap);
  exit(2);
}

long tool_int_arg(Tool *t, const char *flag, const char *s, long lo, long hi) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (!*s || *end || errno || v < lo || v > hi)
    tool_usage_error(t, "%s expects an integer in %ld..%ld, got '%s'", flag,
                     lo, hi, s);
  return v;
}

static void print_help(const Tool *t) {
  printf("usage: %s %s\n\n", t->name, t->synopsis);
  if (t->help) printf("%s", t->help);
  printf("Input: FILEs, DIRs or - (stdin, the default), each MLIR text or .irb\n"
         "bytecode; a DIR means its *.mlir and *.irb files, recursively, sorted by\n"
         "name (hidden ones skipped). Output: their modules in order.\n"
         "  --split-input-file       each `// -----` chunk of text input is a module\n");
  if (t->parallel)
    printf("  -j N, --jobs=N           N threads work on modules at once (0: one per\n"
           "                           CPU; default 1); output as with -j 1\n");
  printf(
         "  --allow-unregistered-dialect\n"
         "                           accept ops of unknown dialects (also\n"
         "                           CONFORMANCE_ALLOW_UNREGISTERED=1)\n"
         "Output:\n"
         "  -o FILE                  write FILE atomically (nothing on failure)\n");
  if (t->out_kind == TOOL_OUT_BYTECODE)
    printf("  -S                       write MLIR text instead of bytecode\n"
           "  --zstd[=N]               compress frames with zstd level N (1..22, 3)\n"
           "  --strip-locs             drop locations from the bytecode\n");
  if (t->out_kind != TOOL_OUT_REPORT)
    printf("  --generic                print every op in generic form\n"
           "  --debuginfo              print locations (loc(...))\n");
  printf("  --time                   print the time of each phase on stderr\n"
         "  --help, --version\n"
         "Exit status: 0 ok, 1 bad input, 2 bad usage.\n");
}

/* The value of `--flag=V` or `--flag V`; NULL if argv[*i] is not `flag`. */
static const char *flag_value(Tool *t, int argc, char **argv, int *i,
                              const char *flag) {
  size_t n = strlen(flag);
  const char *a = argv[*i];
  if (strncmp(a, flag, n) != 0) return NULL;
  if (a[n] == '=') return a + n + 1;
  if (a[n] != 0) return NULL;
  if (*i + 1 >= argc) tool_usage_error(t, "%s needs an argument", flag);
  return argv[++*i];
}

/* One common flag; 1 if taken. */
static int common_flag(Tool *t, int argc, char **argv, int *i) {
  const char *a = argv[*i];
  const char *v;
  int bc = t->out_kind == TOOL_OUT_BYTECODE;
  int txt = t->out_kind != TOOL_OUT_REPORT;
  if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
    print_help(t);
    exit(0);
  }
  if (!strcmp(a, "--version")) {
    printf("%s (dealloc toolkit) %s\n", t->name, IR_VERSION_STRING);
    exit(0);
  }
  if (!strcmp(a, "--time")) return t->timing = 1;
  if (t->parallel && ((v = flag_value(t, argc, argv, i, "-j")) ||
                      (v = flag_value(t, argc, argv, i, "--jobs")) ||
                      (a[1] == 'j' && a[2] && (v = a + 2)))) {
    long n = tool_int_arg(t, "-j", v, 0, 256);
    if (n == 0) {
      n = sysconf(_SC_NPROCESSORS_ONLN);
      if (n < 1) n = 1;
      if (n > 256) n = 256;
    }
    t->jobs = (int)n;
    return 1;
  }
  if (!strcmp(a, "--split-input-file") || !strcmp(a, "-split-input-file"))
    return t->split = 1;
  if (!strcmp(a, "--allow-unregistered-dialect") ||
      !strcmp(a, "-allow-unregistered-dialect"))
    return t->parse.allow_unregistered = 1;
  if ((v = flag_value(t, argc, argv, i, "-o"))) {
    t->output = v;
    return 1;
  }
  if (bc && !strcmp(a, "-S")) return t->text = 1;
  if (bc && !strcmp(a, "--zstd")) return t->write.zstd_level = 3, 1;
  if (bc && !strncmp(a, "--zstd=", 7)) {
    t->write.zstd_level = (int)tool_int_arg(t, "--zstd", a + 7, 1, 22);
    return 1;
  }
  if (bc && !strcmp(a, "--strip-locs")) return t->write.strip_locs = 1;
  if (txt && !strcmp(a, "--generic")) return t->print.generic = 1;
  if (txt && !strcmp(a, "--debuginfo")) return t->print.debuginfo = 1;
  return 0;
}

void tool_args(Tool *t, int argc, char **argv, ToolFlagFn *own) {
  int only_files = 0, stdin_seen = 0;
  /* the inputs keep their order; argv outlives the run */
  t->inputs = malloc((size_t)argc * sizeof *t->inputs);
  if (!t->inputs) {
    fprintf(stderr, "%s: error: out of memory\n", t->name);
    exit(1);
  }
  for (int i = 1; i < argc; i++) {
    char *a = argv[i];
    if (!only_files && !strcmp(a, "--")) {
      only_files = 1;
      continue;
    }
    if (only_files || a[0] != '-' || !strcmp(a, "-")) {
      if (!strcmp(a, "-") && stdin_seen++)
        tool_usage_error(t, "'-' (stdin) given more than once");
      t->inputs[t->n_inputs++] = a;
      continue;
    }
    if (common_flag(t, argc, argv, &i)) continue;
    if (own && own(t, argc, argv, &i)) continue;
    if (a[1] == 'o' && a[2]) {  /* -oFILE, after the tool's own flags */
      t->output = a + 2;
      continue;
    }
    tool_usage_error(t, "unknown option '%s'", a);
  }
  if (t->output && !*t->output) tool_usage_error(t, "-o needs a file name");
  if (t->text && t->write.zstd_level)
    tool_usage_error(t, "--zstd applies to bytecode output, not -S");
  if (!t->text && !t->output && isatty(STDOUT_FILENO))
    tool_usage_error(t, "refusing to write bytecode to a terminal; "
                        "use -o FILE, a pipe, or -S for text");
  t->in_name = "<stdin>";
  t->parse.filename = t->in_name;
}

/* ====================================================================== */
/* One module: bytes -> verified module -> the tool                       */
/* ====================================================================== */

/* Verify `m` (unless `verified`) and hand it to the tool; frees it and its
 * context. Returns TOOL_STOP_RUN to stop the run (output failure), else 0. */
static int deliver(Tool *t, IrModule *m, int verified) {
  IrCtx *c = m->ctx;
  int r = 0;
  ToolMark t0 = tool_mark(t);
  int bad = !verified && ir_verify(m, &t->diag) != 0;
  tool_phase(t, PH_VERIFY, t0);
  if (bad) {
    t->bad_input = 1;
  } else {
    t->n_in++;
    t0 = tool_mark(t);
    r = t->fn(t, m, t->ud);
    if (r == -1) t->bad_input = 1;
    tool_phase(t, PH_TOOL, t0);
  }
  t0 = tool_mark(t);
  ir_module_free(m);
  ir_ctx_free(c);
  tool_phase(t, PH_FREE, t0);
  return r == -2 ? TOOL_STOP_RUN : 0;
}

static int sink_file(void *ud, const void *p, size_t n);

/* A text module written as it is parsed, a top-level op at a time: the
 * memory of one op is reused for the next, where the whole module's
 * arrays came to ~4 bytes for every byte of text, each page a fault (20
 * MB bench corpus, one module: 15.5K -> 6.5K page faults, peak RSS 80 ->
 * 46 MB, 143 -> 110 ms; mixed corpus, 91 modules of ~44 KB: even). The
 * frame is the one tool_emit would write. 1 when written, 0 when the
 * module is not for this (the caller parses it whole, which reports any
 * error), TOOL_STOP_RUN on a write failure. */
static int stream_job(Tool *t, const ToolJob *j) {
  IrCtx *c = ir_ctx_new();
  IrParseOpts o = t->parse;
  o.filename = j->name;
  o.first_line = j->first_line;
  IrbWriteOpts wo = t->write;
  wo.stages = t->add_stages;
  IrbStream *s = irb_stream_begin(c, ir_parse_module_loc(c, &o), &wo, j->len);
  int r = 0;
  if (s && irb_stream_text(s, j->data, j->len, j->padded, &o)) {
    r = irb_stream_end(s, sink_file, t->out, &t->diag);
    if (r == -2) {
      fprintf(stderr, "%s: error: write error on '%s': %s\n", t->name,
              t->output ? t->output : "<stdout>", strerror(errno));
      t->io_failed = 1;
      r = TOOL_STOP_RUN;
    } else if (r == 0) {
      t->n_in++;
      t->n_out++;
      r = 1;
    } else {
      r = 0;       /* cannot be encoded: the whole module's writer says why */
    }
  } else {
    irb_stream_free(s);
  }
  ir_ctx_free(c);
  return r;
}

/* A bytecode module printed as it is read, a top-level op at a time
 * (irb_read_pieces, ir_print_piece): the memory of one op is reused for
 * the next, where the whole module's arrays took a page fault per 4 KB
 * (20 MB bench corpus, one module: ir-dis 9.8K page faults, peak RSS 43
 * MB). The text is the one tool_emit would write, except that a module
 * found bad after some of its ops were printed leaves them printed (an
 * -o file is then not written at all). */
typedef struct PieceRun {
  Tool *t;
  IrPrintStream *ps;
  IrVerifyMemo *vm;
  uint32_t n_ops_hint;    /* for the printer's caches */
  int bad, io;            /* a piece failed to verify; a write failed */
} PieceRun;

static int print_piece(void *ud, const IrModule *piece, uint32_t i, uint32_t n) {
  (void)n;
  PieceRun *pr = ud;
  Tool *t = pr->t;
  IrDiag quiet;
  ir_diag_init(&quiet, NULL);
  /* times without page faults: a getrusage per piece took longer than
   * what it measured (20 MB bench corpus, 8,954 functions: --time total
   * 0.145 s, 0.08 s without) */
  double t0 = now();
  int ok = ir_verify_memo(piece, &quiet, pr->vm) == 0;
  double t1 = now();
  t->phase[PH_VERIFY] += t1 - t0;
  if (!ok) {
    pr->bad = 1;
    return i == 0 ? IRB_PIECE_DECLINE : -1;
  }
  if (i == 0) {
    pr->ps = ir_print_stream_begin(t->out, piece, &t->print, pr->n_ops_hint);
    if (!pr->ps) return IRB_PIECE_DECLINE;
    if (t->n_out && fputs("// -----\n", t->out) == EOF) return pr->io = 1, -1;
  }
  int r = ir_print_piece(pr->ps, piece);
  t->phase[PH_TOOL] += now() - t1;
  return r ? (pr->io = 1, -1) : 0;
}

/* PRINTED when the module was printed, 0 when it is to be read whole
 * (then with locations if it is bad), else TOOL_STOP_FILE or
 * TOOL_STOP_RUN. */
enum { PRINTED = 2 };
static int print_job(Tool *t, const ToolJob *j, int *with_locs) {
  IrCtx *c = ir_ctx_new();
  PieceRun pr = {t, NULL, ir_verify_memo_new(), (uint32_t)(j->len / 8), 0, 0};
  IrbReader r;
  irb_reader_init(&r, j->data, j->len, j->name);
  r.base = j->base;
  r.skip_locs = t->skip_locs;
  int rr = irb_read_pieces(&r, c, print_piece, &pr, &t->diag);
  int ok = rr == 1 && !pr.bad && !pr.io;
  if (ok && ir_verify_memo_end(pr.vm) != 0) pr.bad = 1, ok = 0; /* a call */
  if (ir_print_stream_end(pr.ps, ok) != 0 || (ok && putc('\n', t->out) == EOF))
    pr.io = 1, ok = 0;
  ir_verify_memo_free(pr.vm);
  ir_ctx_free(c);
  if (pr.io) {
    fprintf(stderr, "%s: error: write error on '%s': %s\n", t->name,
            t->output ? t->output : "<stdout>", strerror(errno));
    t->io_failed = 1;
    return TOOL_STOP_RUN;
  }
  if (ok) {
    t->n_in++;
    t->n_out++;
    t->frame_bytes = r.last_size;
    t->in_stages = r.last_flags & IRB_STAGE_MASK;
    return PRINTED;
  }
  if (rr == -1) {   /* the reader reported why; its stream ends here */
    t->bad_input = 1;
    return TOOL_STOP_FILE;
  }
  *with_locs = pr.bad;
  return 0;
}

int tool_run_job(Tool *t, const ToolJob *j) {
  int with_locs = 0;
  if (!j->is_text && t->stream_print && t->text && t->jobs == 1 &&
      t->fn == tool_emit_fn) {
    ToolMark t0 = tool_mark(t);
    t->in_name = j->name;
    /* decode is what verify and print (timed inside) leave; the page
     * faults of all three count as decode's */
    double inner = t->phase[PH_VERIFY] + t->phase[PH_TOOL];
    int r = print_job(t, j, &with_locs);
    tool_phase(t, PH_DECODE, t0);
    t->phase[PH_DECODE] -= t->phase[PH_VERIFY] + t->phase[PH_TOOL] - inner;
    if (r) return r == PRINTED ? 0 : r;
  }
  if (j->is_text && t->stream_text && !t->text && t->jobs == 1) {
    ToolMark t0 = tool_mark(t);
    t->in_name = j->name;
    t->frame_bytes = 0;
    t->in_stages = 0;
    int r = stream_job(t, j);
    tool_phase(t, PH_DECODE, t0);
    if (r) return r == 1 ? 0 : r;
  }
  IrCtx *c = ir_ctx_new();
  IrModule *m = NULL;
  int verified = 0;
  ToolMark t0 = tool_mark(t);
  t->in_name = j->name;
  if (j->is_text) {
    IrParseOpts o = t->parse;
    o.filename = j->name;
    o.first_line = j->first_line;
    m = j->padded ? ir_parse_padded(c, j->data, j->len, &o, &t->diag)
                  : ir_parse(c, j->data, j->len, &o, &t->diag);
    t->frame_bytes = 0;
    t->in_stages = 0;
  } else {
    IrbReader r;
    irb_reader_init(&r, j->data, j->len, j->name);
    r.base = j->base;
    r.skip_locs = t->skip_locs && !with_locs;
    int rr = irb_read_next(&r, c, &m, &t->diag);
    if (rr > 0 && r.skip_locs) {
      /* read without locations: verify here, silently; a module that
       * fails is read again with them, for the diagnostics (the verify is
       * not decode time) */
      tool_phase(t, PH_DECODE, t0);
      ToolMark t1 = tool_mark(t);
      IrDiag quiet;
      ir_diag_init(&quiet, NULL);
      verified = ir_verify(m, &quiet) == 0;
      tool_phase(t, PH_VERIFY, t1);
      t0 = tool_mark(t);
      if (!verified) {
        ir_module_free(m);
        ir_ctx_free(c);
        c = ir_ctx_new();
        m = NULL;
        irb_reader_init(&r, j->data, j->len, j->name);
        r.base = j->base;
        rr = irb_read_next(&r, c, &m, &t->diag);
      }
    }
    if (rr <= 0) {
      /* the reader reported why; its stream ends here */
      tool_phase(t, PH_DECODE, t0);
      t->bad_input = 1;
      ir_ctx_free(c);
      return TOOL_STOP_FILE;
    }
    t->frame_bytes = r.last_size;
    t->in_stages = r.last_flags & IRB_STAGE_MASK;
  }
  tool_phase(t, PH_DECODE, t0);
  if (!m) {
    t->bad_input = 1;
    ir_ctx_free(c);
    return 0;
  }
  return deliver(t, m, verified);
}

static int run_here(Tool *t, ToolJob *j, void *ud) {
  (void)ud;
  return tool_run_job(t, j);
}

/* ====================================================================== */
/* Output: stdout, or -o through a temporary file                         */
/* ====================================================================== */

/* The temporary file of -o, removed if a signal ends the run. */
static char tmp_path[4096];

static void on_signal(int sig) {
  if (tmp_path[0]) unlink(tmp_path);
  signal(sig, SIG_DFL);
  raise(sig);
}

static int open_output(Tool *t) {
  static char obuf[1 << 16];
  if (!t->output) {
    t->out = stdout;
    setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
    return 0;
  }
  /* Not a regular file (/dev/null, a FIFO, a terminal): write in place;
   * renaming over it would replace the device. */
  struct stat st;
  if (stat(t->output, &st) == 0 && !S_ISREG(st.st_mode)) {
    t->out = fopen(t->output, "wb");
    if (!t->out) {
      fprintf(stderr, "%s: error: cannot open output file '%s': %s\n",
              t->name, t->output, strerror(errno));
      return -1;
    }
    t->direct = 1;
    return 0;
  }
  /* Same directory as the target, so rename() is atomic. */
  const char *slash = strrchr(t->output, '/');
  int dirlen = slash ? (int)(slash - t->output + 1) : 0;
  int n = snprintf(tmp_path, sizeof tmp_path, "%.*s.%s.tmpXXXXXX", dirlen,
                   t->output, t->output + dirlen);
  if (n < 0 || (size_t)n >= sizeof tmp_path) {
    fprintf(stderr, "%s: error: output path too long\n", t->name);
    tmp_path[0] = 0;
    return -1;
  }
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
  for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
    sigaction(sigs[i], &sa, NULL);
  int fd = mkstemp(tmp_path);
  if (fd < 0) {
    fprintf(stderr, "%s: error: cannot create output file '%s': %s\n",
            t->name, t->output, strerror(errno));
    tmp_path[0] = 0;
    return -1;
  }
  /* mkstemp makes 0600; give the file the mode open(2) would have. */
  mode_t um = umask(0);
  umask(um);
  fchmod(fd, 0666 & ~um);
  t->out = fdopen(fd, "wb");
  if (!t->out) {
    close(fd);
    unlink(tmp_path);
    tmp_path[0] = 0;
    return -1;
  }
  setvbuf(t->out, obuf, _IOFBF, sizeof obuf);
  return 0;
}

/* Put the finished temporary file in place of -o's target. rename() over
 * an existing file makes ext4 (auto_da_alloc) start writing the new file
 * out inside the call: ~5 ms of a 20 MB output's 10 ms rename. Swapping
 * the two names (RENAME_EXCHANGE) is as atomic for readers and skips
 * that; the old file, now under the temporary name, is then removed. Only
 * a regular file is swapped (never a directory or a symlink's target);
 * else, or where the file system cannot swap, a plain rename. */
static int replace_output(const char *tmp, const char *target) {
#ifdef RENAME_EXCHANGE
  struct stat st;
  if (lstat(target, &st) == 0 && S_ISREG(st.st_mode) &&
      renameat2(AT_FDCWD, tmp, AT_FDCWD, target, RENAME_EXCHANGE) == 0)
    return unlink(tmp);
#endif
  return rename(tmp, target);
}

/* Flush and, for -o, rename on success or unlink on failure. The rename
 * is what makes -o atomic for a run that fails (DESIGN.md); there is no
 * fsync, as in mlir-opt: durability across a machine crash is the
 * caller's business, and an fsync of a 20 MB output cost ~25 ms, more
 * than decoding it. Returns 0 if the output is complete. */
static int close_output(Tool *t, int ok) {
  int err = 0;
  if (fflush(t->out) != 0 || ferror(t->out)) err = errno ? errno : EIO;
  if (!t->output || t->direct) {
    if (t->direct && fclose(t->out) != 0 && !err) err = errno;
    t->out = NULL;
    if (err && ok)
      fprintf(stderr, "%s: error: write error on '%s': %s\n", t->name,
              t->output ? t->output : "<stdout>", strerror(err));
    return err ? -1 : 0;
  }
  if (fclose(t->out) != 0 && !err) err = errno;
  t->out = NULL;
  if (ok && !err && replace_output(tmp_path, t->output) != 0) err = errno;
  if (!ok || err) {
    unlink(tmp_path);
    if (ok)
      fprintf(stderr, "%s: error: cannot write '%s': %s\n", t->name,
              t->output, strerror(err));
  }
  tmp_path[0] = 0;
  return ok && !err ? 0 : -1;
}

static int sink_file(void *ud, const void *p, size_t n) {
  return fwrite(p, 1, n, (FILE *)ud) != n;
}

int tool_emit(Tool *t, const IrModule *m) {
  if (t->text) {
    /* mlir-opt's layout: each module followed by an empty line, modules
     * of a split input joined by `// -----` lines. */
    if (t->n_out && fputs("// -----\n", t->out) == EOF) goto write_error;
    if (ir_print(t->out, m, &t->print) != 0 || putc('\n', t->out) == EOF)
      goto write_error;
  } else {
    IrbWriteOpts o = t->write;
    o.stages = t->in_stages | t->add_stages;
    int r = irb_write_to(m, &o, sink_file, t->out, &t->diag);
    if (r == -2) goto write_error;
    if (r != 0) {
      t->io_failed = 1;
      return -2;
    }
  }
  t->n_out++;
  return 0;
write_error:
  fprintf(stderr, "%s: error: write error on '%s': %s\n", t->name,
          t->output ? t->output : "<stdout>", strerror(errno));
  t->io_failed = 1;
  return -2;
}

int tool_emit_result(Tool *t, IrModule *out) {
  if (!out) return -1;
  int r = tool_emit(t, out);
  ir_module_free(out);
  return r;
}

int tool_emit_fn(Tool *t, IrModule *m, void *ud) {
  (void)ud;
  return tool_emit(t, m);
}

/* Peak resident set of this program, KB. Linux's getrusage keeps the
 * peak of the process across execve, so a tool started by a big parent
 * (python's subprocess) would report the parent's; /proc's VmHWM is this
 * program's own. */
static long max_rss_kb(void) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  long kb = -1;
  while (f && fgets(line, sizeof line, f))
    if (!strncmp(line, "VmHWM:", 6)) kb = strtol(line + 6, NULL, 10);
  if (f) fclose(f);
  if (kb < 0) {
    struct rusage ru;
    kb = getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : -1;
  }
  return kb;
}

int tool_run(Tool *t, ToolModuleFn *fn, void *ud) {
  t->fn = fn;
  t->ud = ud;
  ToolMark t0 = tool_mark(t);
  if (open_output(t) != 0) {
    free(t->inputs);
    t->inputs = NULL;
    return 1;
  }
  if (t->jobs > 1) {
    ToolPool *p = tool_pool_new(t, t->jobs);
    tool_read_inputs(t, tool_pool_sink, p);
    tool_pool_finish(p);
  } else {
    tool_read_inputs(t, run_here, NULL);
  }
  int ok = !t->bad_input && !t->io_failed;
  ToolMark t1 = tool_mark(t);
  if (close_output(t, ok) != 0) ok = 0;
  tool_phase(t, PH_FLUSH, t1);
  if (t->timing) {
    /* the process's faults: with -j the phases sum the workers' own */
    struct rusage ru;
    long flt = getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_minflt : -1;
    fprintf(stderr, "%s: time:", t->name);
    for (int i = 0; i < PH_N; i++)
      fprintf(stderr, " %s %.3fs", phase_name[i], t->phase[i]);
    fprintf(stderr, ", total %.3fs, %llu bytes in, max rss %ld KB\n",
            now() - t0.s, (unsigned long long)t->in_bytes, max_rss_kb());
    fprintf(stderr, "%s: page faults:", t->name);
    for (int i = 0; i < PH_N; i++)
      fprintf(stderr, " %s %ld", phase_name[i], t->faults[i]);
    fprintf(stderr, ", total %ld\n", flt);
  }
  irb_buf_free(&t->buf);
  free(t->inputs);
  t->inputs = NULL;
  t->n_inputs = 0;
  return ok ? 0 : 1;
}
