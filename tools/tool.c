/*
 * tool.c - the I/O conventions shared by every tool (see tool.h): argument
 * parsing of the common flags, reading the input, telling text from
 * bytecode, verifying modules, writing bytecode or text, and the atomic -o.
 */
#include "tool.h"

#include <errno.h>
#include <fcntl.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* --time: seconds spent per phase, printed to stderr at the end. */
enum { PH_READ, PH_DECODE, PH_VERIFY, PH_TOOL, PH_FREE, PH_FLUSH, PH_N };
static const char *phase_name[PH_N] = {"read", "decode", "verify", "tool",
                                       "free", "flush"};
static double phase_sec[PH_N];

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ====================================================================== */
/* Command line                                                           */
/* ====================================================================== */

/* A tool is a short-lived process whose phases (parse, verify, write)
 * free big arrays that the next phase allocates again: keep freed memory in
 * the heap, and grow it in big steps, rather than handing pages back to the
 * kernel and faulting fresh zeroed ones in (a page fault costs about as
 * much as parsing 100 bytes). 20 MB bench corpus, ir-asm: 36K -> 29K page
 * faults. */
static void tune_malloc(void) {
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  mallopt(M_TOP_PAD, 16 << 20);
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
  t->input = "-";
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
  printf("Input: FILE or - (stdin, the default), MLIR text or .irb bytecode.\n"
         "  --split-input-file       each `// -----` chunk of text input is a module\n"
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
  int have_input = 0, only_files = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!only_files && !strcmp(a, "--")) {
      only_files = 1;
      continue;
    }
    if (only_files || a[0] != '-' || !strcmp(a, "-")) {
      if (have_input) tool_usage_error(t, "more than one input ('%s')", a);
      t->input = a;
      have_input = 1;
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
  t->in_name = strcmp(t->input, "-") ? t->input : "<stdin>";
  t->parse.filename = t->in_name;
}

/* ====================================================================== */
/* Input                                                                  */
/* ====================================================================== */

/* The input is processed module by module in bounded memory where its form
 * allows (DESIGN.md, issue 7): a bytecode stream frame by frame, and a
 * mapped text file split at `// -----` chunk by chunk, with the bytes of
 * modules already handled released; memory then follows the largest
 * module, not the input. A text input without --split-input-file is one
 * module, read whole.
 *
 * A regular file is mapped when the zero fill of its last page provides
 * the parser's padding (IR_PARSE_PAD): no copy, and its pages come from
 * the page cache a few at a time (fault-around) instead of one anonymous
 * page fault per 4 KB. Anything else (a pipe, stdin) is read through a
 * window that grows to the largest frame or to the whole text, always
 * followed by IR_PARSE_PAD NUL bytes. */
typedef struct Input {
  int fd;             /* read mode: the descriptor; -1 when mapped */
  char *data;         /* the mapping, or the window */
  size_t cap;         /* read mode: window bytes (IR_PARSE_PAD more exist) */
  size_t lo, hi;      /* the bytes at hand: data[lo, hi) */
  uint64_t off;       /* input offset of data[lo] */
  size_t map_len;     /* mapped length, 0 in read mode */
  size_t dropped;     /* mapped: pages below this were released */
  int eof;            /* read mode: the end was read */
} Input;

/* The input of the running tool_run (parse_chunk releases through it). */
static Input *cur_in;

static int open_input(Tool *t, Input *in) {
  memset(in, 0, sizeof *in);
  in->fd = strcmp(t->input, "-") ? open(t->input, O_RDONLY) : STDIN_FILENO;
  if (in->fd < 0) {
    fprintf(stderr, "%s: error: cannot open input file '%s': %s\n", t->name,
            t->input, strerror(errno));
    return -1;
  }
  struct stat st;
  long pg = sysconf(_SC_PAGESIZE);
  if (fstat(in->fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
      (uint64_t)st.st_size < SIZE_MAX / 2 && pg > 0) {
    size_t n = (size_t)st.st_size, tail = n % (size_t)pg;
    if (tail && (size_t)pg - tail >= IR_PARSE_PAD) {
      void *p = mmap(NULL, n, PROT_READ, MAP_PRIVATE, in->fd, 0);
      if (p != MAP_FAILED) {
        if (in->fd != STDIN_FILENO) close(in->fd);
        in->fd = -1;
        in->data = p;
        in->map_len = in->hi = n;
        in->eof = 1;
        return 0;
      }
    }
  }
  in->cap = 1 << 16;
  in->data = malloc(in->cap + IR_PARSE_PAD);
  if (!in->data) {
    fprintf(stderr, "%s: error: out of memory reading '%s'\n", t->name, t->in_name);
    return -1;
  }
  memset(in->data, 0, IR_PARSE_PAD);
  return 0;
}

/* Have at least n bytes at hand (fewer at the end of the input): read
 * mode moves the bytes at hand to the window's start and grows it. 0, or
 * -1 after an error line. */
static int in_fill(Tool *t, Input *in, size_t n) {
  if (in->eof || in->hi - in->lo >= n) return 0;
  double t0 = now();
  if (in->lo) {
    memmove(in->data, in->data + in->lo, in->hi - in->lo);
    in->hi -= in->lo;
    in->lo = 0;
  }
  while (in->hi < n && !in->eof) {
    if (in->hi == in->cap) {
      size_t nc = in->cap > SIZE_MAX / 4 ? 0 : in->cap * 2;
      char *nb = nc ? realloc(in->data, nc + IR_PARSE_PAD) : NULL;
      if (!nb) {
        fprintf(stderr, "%s: error: out of memory reading '%s'\n", t->name,
                t->in_name);
        return -1;
      }
      in->data = nb;
      in->cap = nc;
    }
    ssize_t r = read(in->fd, in->data + in->hi, in->cap - in->hi);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      fprintf(stderr, "%s: error: cannot read '%s': %s\n", t->name,
              t->in_name, strerror(errno));
      return -1;
    }
    if (r == 0) in->eof = 1;
    in->hi += (size_t)r;
  }
  memset(in->data + in->hi, 0, IR_PARSE_PAD);
  phase_sec[PH_READ] += now() - t0;
  return 0;
}

/* Drop the bytes before data[to]: a mapping gives their whole pages back. */
static void in_release(Input *in, size_t to) {
  if (to <= in->lo) return;
  in->off += to - in->lo;
  in->lo = to;
  if (!in->map_len) return;
  size_t pg = (size_t)sysconf(_SC_PAGESIZE), upto = to / pg * pg;
  if (upto > in->dropped) {
    madvise(in->data + in->dropped, upto - in->dropped, MADV_DONTNEED);
    in->dropped = upto;
  }
}

static void close_input(Input *in) {
  if (in->map_len) {
    munmap(in->data, in->map_len);
  } else {
    free(in->data);
    if (in->fd > STDIN_FILENO) close(in->fd);
  }
  in->data = NULL;
}

/* Verify `m` and hand it to the tool; frees it and its context. Returns -2
 * to stop the run (output failure), else 0. */
static int deliver(Tool *t, IrModule *m) {
  IrCtx *c = m->ctx;
  int r = 0;
  double t0 = now();
  int bad = ir_verify(m, &t->diag) != 0;
  double t1 = now();
  phase_sec[PH_VERIFY] += t1 - t0;
  if (bad) {
    t->bad_input = 1;
  } else {
    t->n_in++;
    r = t->fn(t, m, t->ud);
    if (r == -1) t->bad_input = 1;
    phase_sec[PH_TOOL] += now() - t1;
  }
  t1 = now();
  ir_module_free(m);
  ir_ctx_free(c);
  phase_sec[PH_FREE] += now() - t1;
  return r == -2 ? -2 : 0;
}

/* Parse one text module starting at `first_line`. */
static int parse_chunk(void *ud, const char *text, size_t n,
                       uint32_t first_line) {
  Tool *t = ud;
  IrParseOpts o = t->parse;
  o.first_line = first_line;

  IrCtx *c = ir_ctx_new();
  double t0 = now();
  /* only the whole input is followed by the padding */
  IrModule *m = text + n == t->in_end ? ir_parse_padded(c, text, n, &o, &t->diag)
                                      : ir_parse(c, text, n, &o, &t->diag);
  phase_sec[PH_DECODE] += now() - t0;
  t->frame_bytes = 0;
  t->in_stages = 0;
  if (!m) {
    t->bad_input = 1;
    ir_ctx_free(c);
    return 0;
  }
  int r = deliver(t, m) == -2 ? 1 : 0;
  /* the chunk is done: give a mapped input's pages back */
  if (cur_in && cur_in->map_len && text >= cur_in->data &&
      text + n <= cur_in->data + cur_in->map_len)
    in_release(cur_in, (size_t)(text + n - cur_in->data));
  return r;
}

/* A bytecode stream, frame by frame: each frame is decoded from the bytes
 * at hand, then dropped. */
static void read_frames(Tool *t, Input *in) {
  for (;;) {
    if (in_fill(t, in, 64) != 0) {
      t->bad_input = 1;
      return;
    }
    size_t av = in->hi - in->lo;
    if (!av) return;
    uint64_t size;
    int k = irb_frame_size(in->data + in->lo, av, &size);
    if (k == 1 && size > av && size < SIZE_MAX) {
      if (in_fill(t, in, (size_t)size) != 0) {
        t->bad_input = 1;
        return;
      }
      av = in->hi - in->lo;
    }
    /* a bad or truncated frame: the reader reports it over what is there */
    size_t take = k == 1 && size <= av ? (size_t)size : av;
    IrbReader r;
    irb_reader_init(&r, in->data + in->lo, take, t->in_name);
    r.base = in->off;
    IrCtx *c = ir_ctx_new();
    IrModule *m = NULL;
    double t0 = now();
    int rr = irb_read_next(&r, c, &m, &t->diag);
    phase_sec[PH_DECODE] += now() - t0;
    if (rr <= 0) {
      if (rr < 0) t->bad_input = 1;
      ir_ctx_free(c);
      return;
    }
    t->frame_bytes = r.last_size;
    t->in_stages = r.last_flags & IRB_STAGE_MASK;
    in_release(in, in->lo + r.last_size);
    if (deliver(t, m) == -2) return;
  }
}

static void read_modules(Tool *t, Input *in) {
  if (in_fill(t, in, IRB_MAGIC_LEN) != 0) {
    t->bad_input = 1;
    return;
  }
  if (irb_is_bytecode(in->data + in->lo, in->hi - in->lo)) {
    read_frames(t, in);
    return;
  }
  if (in_fill(t, in, SIZE_MAX) != 0) {  /* text: all of it */
    t->bad_input = 1;
    return;
  }
  t->in_end = in->data + in->hi;
  const char *data = in->data + in->lo;
  size_t len = in->hi - in->lo;
#ifdef MADV_POPULATE_READ
  /* one text module reads all of a mapped file: map its pages at once
   * rather than at a fault per few pages */
  if (in->map_len && !t->split) madvise(in->data, in->map_len, MADV_POPULATE_READ);
#endif
  if (t->split)
    ir_split_input(data, len, parse_chunk, t);
  else
    parse_chunk(t, data, len, t->parse.first_line);
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
  if (ok && !err && rename(tmp_path, t->output) != 0) err = errno;
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

int tool_run(Tool *t, ToolModuleFn *fn, void *ud) {
  Input in;
  t->fn = fn;
  t->ud = ud;
  double t0 = now();
  if (open_input(t, &in) != 0) return 1;
  phase_sec[PH_READ] = now() - t0;
  if (open_output(t) != 0) {
    close_input(&in);
    return 1;
  }
  cur_in = &in;
  read_modules(t, &in);
  cur_in = NULL;
  t->in_bytes = (size_t)(in.off + (in.hi - in.lo));
  close_input(&in);
  int ok = !t->bad_input && !t->io_failed;
  double t1 = now();
  if (close_output(t, ok) != 0) ok = 0;
  phase_sec[PH_FLUSH] = now() - t1;
  if (t->timing) {
    fprintf(stderr, "%s: time:", t->name);
    for (int i = 0; i < PH_N; i++)
      fprintf(stderr, " %s %.3fs", phase_name[i], phase_sec[i]);
    struct rusage ru;
    long rss = getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : -1;
    fprintf(stderr, ", total %.3fs, %zu bytes in, max rss %ld KB\n", now() - t0,
            t->in_bytes, rss);
  }
  irb_buf_free(&t->buf);
  return ok ? 0 : 1;
}
