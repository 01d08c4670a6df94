/*
 * tool_input.c - the inputs of a tool run: the command line's files and
 * directories in order, each read and cut into modules (jobs) in bounded
 * memory: a bytecode stream frame by frame, --split-input-file text chunk
 * by chunk, from a file or a pipe alike, with the bytes of handed-over
 * modules dropped. Memory then follows the largest module, not the input.
 * A text file without --split-input-file is one module, read whole.
 */
#include "toolint.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* ====================================================================== */
/* The list of inputs: directories expanded as they are reached           */
/* ====================================================================== */

/* A directory being walked: its wanted entries, sorted, and the next one.
 * Only the directories on the path to the current file are held, so a
 * corpus of a million files costs one listing per level, not a list of
 * every path. */
typedef struct DirLevel {
  char *path;
  char **names;
  size_t n, i;
} DirLevel;

typedef struct Inputs {
  Tool *t;
  int argi;           /* next command-line input */
  DirLevel *st;       /* the directories being walked, outermost first */
  size_t depth, cap;
} Inputs;

static void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) ir_die("out of memory");
  return q;
}

static char *xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  return memcpy(xrealloc(NULL, n), s, n);
}

/* A directory's files of these kinds are inputs; others (a README, a
 * script) are not. Files named on the command line are read whatever
 * their names. */
static int wanted(const char *name) {
  size_t n = strlen(name);
  return (n > 5 && !strcmp(name + n - 5, ".mlir")) ||
         (n > 4 && !strcmp(name + n - 4, ".irb"));
}

static char *join(const char *dir, const char *name) {
  size_t a = strlen(dir), b = strlen(name);
  int slash = a && dir[a - 1] != '/';
  char *p = xrealloc(NULL, a + slash + b + 1);
  memcpy(p, dir, a);
  if (slash) p[a] = '/';
  memcpy(p + a + slash, name, b + 1);
  return p;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Start walking directory `path` (taken over). Unreadable: an error
 * naming it, and the run goes on. */
static void push_dir(Inputs *it, char *path) {
  DIR *d = opendir(path);
  if (!d) {
    fprintf(stderr, "%s: error: cannot open directory '%s': %s\n",
            it->t->name, path, strerror(errno));
    it->t->bad_input = 1;
    free(path);
    return;
  }
  DirLevel lv = {path, NULL, 0, 0};
  size_t cap = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;  /* ., .., hidden, -o temp files */
    if (lv.n == cap) {
      cap = cap ? cap * 2 : 16;
      lv.names = xrealloc(lv.names, cap * sizeof *lv.names);
    }
    lv.names[lv.n++] = xstrdup(e->d_name);
  }
  closedir(d);
  if (lv.n) qsort(lv.names, lv.n, sizeof *lv.names, by_name);
  if (it->depth == it->cap) {
    it->cap = it->cap ? it->cap * 2 : 8;
    it->st = xrealloc(it->st, it->cap * sizeof *it->st);
  }
  it->st[it->depth++] = lv;
}

/* The next input path (to free), or NULL after the last. */
static char *next_input(Inputs *it) {
  for (;;) {
    if (it->depth) {
      DirLevel *lv = &it->st[it->depth - 1];
      if (lv->i == lv->n) {
        for (size_t k = 0; k < lv->n; k++) free(lv->names[k]);
        free(lv->names);
        free(lv->path);
        it->depth--;
        continue;
      }
      const char *name = lv->names[lv->i++];
      char *p = join(lv->path, name);
      struct stat st;
      /* a link to a directory is not followed (no cycles); a link to a
       * file is read */
      if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
        push_dir(it, p);
        continue;
      }
      if (wanted(name) && stat(p, &st) == 0 && S_ISREG(st.st_mode)) return p;
      free(p);
      continue;
    }
    Tool *t = it->t;
    if (it->argi == (t->n_inputs ? t->n_inputs : 1)) return NULL;
    const char *a = t->n_inputs ? t->inputs[it->argi] : "-";
    it->argi++;
    struct stat st;
    if (strcmp(a, "-") && stat(a, &st) == 0 && S_ISDIR(st.st_mode)) {
      push_dir(it, xstrdup(a));
      continue;
    }
    return xstrdup(a);
  }
}

/* ====================================================================== */
/* One input: a mapping, or a window read from a descriptor                */
/* ====================================================================== */

/* A regular file is mapped when the zero fill of its last page provides
 * the parser's padding (IR_PARSE_PAD): no copy, and its pages come from
 * the page cache a few at a time (fault-around) instead of one anonymous
 * page fault per 4 KB. Anything else (a pipe, stdin) is read through a
 * window that grows to the largest frame or chunk, always followed by
 * IR_PARSE_PAD NUL bytes. */
typedef struct Input {
  Tool *t;
  const char *name;   /* for messages */
  int fd;             /* read mode: the descriptor; -1 when mapped */
  char *data;         /* the mapping, or the window */
  size_t cap;         /* read mode: window bytes (IR_PARSE_PAD more exist) */
  size_t lo, hi;      /* the bytes at hand: data[lo, hi) */
  uint64_t off;       /* input offset of data[lo] */
  size_t map_len;     /* mapped length, 0 in read mode */
  size_t dropped;     /* mapped: pages below this were released */
  int eof;            /* read mode: the end was read */
} Input;

/* Read mode's first window: reads of up to this much at a time. */
#define WINDOW (1u << 20)

static int open_input(Tool *t, Input *in, const char *path) {
  memset(in, 0, sizeof *in);
  in->t = t;
  int is_stdin = !strcmp(path, "-");
  in->name = is_stdin ? "<stdin>" : path;
  in->fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY);
  if (in->fd < 0) {
    fprintf(stderr, "%s: error: cannot open input file '%s': %s\n", t->name,
            path, strerror(errno));
    return -1;
  }
  struct stat st;
  long pg = sysconf(_SC_PAGESIZE);
  if (fstat(in->fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    fprintf(stderr, "%s: error: cannot read '%s': %s\n", t->name, in->name,
            strerror(EISDIR));
    if (!is_stdin) close(in->fd);
    return -1;
  }
  if (fstat(in->fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
      (uint64_t)st.st_size < SIZE_MAX / 2 && pg > 0) {
    size_t n = (size_t)st.st_size, tail = n % (size_t)pg;
    if (tail && (size_t)pg - tail >= IR_PARSE_PAD) {
      void *p = mmap(NULL, n, PROT_READ, MAP_PRIVATE, in->fd, 0);
      if (p != MAP_FAILED) {
        if (!is_stdin) close(in->fd);
        in->fd = -1;
        in->data = p;
        in->map_len = in->hi = n;
        in->eof = 1;
        return 0;
      }
    }
  }
  in->cap = WINDOW;
  in->data = malloc(in->cap + IR_PARSE_PAD);
  if (!in->data) {
    fprintf(stderr, "%s: error: out of memory reading '%s'\n", t->name,
            in->name);
    if (!is_stdin) close(in->fd);
    return -1;
  }
  memset(in->data, 0, IR_PARSE_PAD);
  return 0;
}

/* Have at least n bytes at hand (fewer at the end of the input): read
 * mode moves the bytes at hand to the window's start and grows it. 0, or
 * -1 after an error line. */
static int in_fill(Input *in, size_t n) {
  if (in->eof || in->hi - in->lo >= n) return 0;
  Tool *t = in->t;
  ToolMark t0 = tool_mark(t);
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
                in->name);
        return -1;
      }
      in->data = nb;
      in->cap = nc;
    }
    ssize_t r = read(in->fd, in->data + in->hi, in->cap - in->hi);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      fprintf(stderr, "%s: error: cannot read '%s': %s\n", t->name, in->name,
              strerror(errno));
      return -1;
    }
    if (r == 0) in->eof = 1;
    in->hi += (size_t)r;
  }
  memset(in->data + in->hi, 0, IR_PARSE_PAD);
  tool_phase(t, PH_READ, t0);
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

/* ====================================================================== */
/* Cutting an input into jobs                                             */
/* ====================================================================== */

typedef struct Cut {
  Input *in;
  ToolSink *sink;
  void *ud;
  ToolJob proto;      /* name, file */
  uint32_t *seq;      /* the run's module counter */
  uint32_t line;      /* line number of the current segment's start */
  int r;              /* the sink's last non-zero result */
} Cut;

static int hand_over(Cut *c, ToolJob *j) {
  j->seq = (*c->seq)++;
  int r = c->sink(c->in->t, j, c->ud);
  if (r) c->r = r;
  return r;
}

/* A bytecode stream, frame by frame: each frame is handed over from the
 * bytes at hand, then dropped. */
static void cut_frames(Cut *c) {
  Input *in = c->in;
  for (;;) {
    if (in_fill(in, 64) != 0) {
      in->t->bad_input = 1;
      return;
    }
    size_t av = in->hi - in->lo;
    if (!av) return;
    uint64_t size;
    int k = irb_frame_size(in->data + in->lo, av, &size);
    if (k == 1 && size > av && size < SIZE_MAX) {
      if (in_fill(in, (size_t)size) != 0) {
        in->t->bad_input = 1;
        return;
      }
      av = in->hi - in->lo;
    }
    /* a bad or truncated frame: the reader reports it over what is there */
    int whole = k == 1 && size <= av;
    ToolJob j = c->proto;
    j.data = in->data + in->lo;
    j.len = whole ? (size_t)size : av;
    j.base = in->off;
    j.sync = !whole;
    if (hand_over(c, &j) || !whole) return;
    in_release(in, in->lo + j.len);
  }
}

/* --split-input-file over a stream: ir_split_input's rule applied a
 * segment at a time. A segment ends before a marker that certainly cuts
 * (`// -----` then a byte other than '0' and no marker right after: what
 * ir_split_input tests), unless everything before it in the segment is
 * markers (then the marker does not cut; see split.c). Splitting restarts
 * right after that marker's `// -----` in the state split.c would be in
 * there, so the chunks are exactly those of the whole text; the segment's
 * bytes are dropped before the next is read. */
static int chunk_fn(void *ud, const char *text, size_t n, uint32_t line) {
  Cut *c = ud;
  Input *in = c->in;
  ToolJob j = c->proto;
  j.is_text = 1;
  j.data = text;
  j.len = n;
  j.padded = in->eof && text + n == in->data + in->hi;
  j.first_line = c->line + line - 1;
  return hand_over(c, &j) ? 1 : 0;
}

static int only_markers(const char *s, const char *e) {
  for (; s < e; s += 6)
    if (e - s < 6 || memcmp(s, "// ---", 6)) return 0;
  return 1;
}

static void cut_text_split(Cut *c) {
  Input *in = c->in;
  size_t scan = in->lo;  /* markers before data[scan] are decided */
  for (;;) {
    const char *s = in->data + in->lo, *e = in->data + in->hi;
    const char *q = ir_split_find_marker(in->data + scan, e);
    if (q && (e - q >= 14 || in->eof)) {
      int cuts = e - q > 8 && q[6] == '-' && q[7] == '-' && q[8] != '0' &&
                 !(e - q >= 14 && !memcmp(q + 8, "// ---", 6));
      if (cuts && !only_markers(s, q)) {
        ir_split_input(s, (size_t)(q - s), chunk_fn, c);
        if (c->r) return;
        c->line += ir_count_lines(s, q + 8);
        in_release(in, (size_t)(q + 8 - in->data));
        scan = in->lo;
      } else {
        scan = (size_t)(q + 6 - in->data);
      }
      continue;
    }
    if (in->eof) {
      ir_split_input(s, (size_t)(e - s), chunk_fn, c);
      return;
    }
    /* need more bytes; markers before the last 13 are not there */
    if (!q && e - s > 13) scan = (size_t)(e - 13 - in->data);
    else if (q) scan = (size_t)(q - in->data);
    size_t keep = scan - in->lo;
    if (in_fill(in, in->hi - in->lo + 1) != 0) {
      in->t->bad_input = 1;
      return;
    }
    scan = in->lo + keep;  /* the window may have moved */
  }
}

static void cut_input(Cut *c) {
  Input *in = c->in;
  Tool *t = in->t;
  if (in_fill(in, IRB_MAGIC_LEN) != 0) {
    t->bad_input = 1;
    return;
  }
  if (irb_is_bytecode(in->data + in->lo, in->hi - in->lo)) {
    cut_frames(c);
    return;
  }
  if (t->split) {
    cut_text_split(c);
    return;
  }
  if (in_fill(in, SIZE_MAX) != 0) {  /* one module: all of it */
    t->bad_input = 1;
    return;
  }
#ifdef MADV_POPULATE_READ
  /* one text module reads all of a mapped file: map its pages at once
   * rather than at a fault per few pages */
  if (in->map_len) madvise(in->data, in->map_len, MADV_POPULATE_READ);
#endif
  ToolJob j = c->proto;
  j.is_text = 1;
  j.data = in->data + in->lo;
  j.len = in->hi - in->lo;
  j.padded = 1;
  j.first_line = t->parse.first_line;
  hand_over(c, &j);
}

void tool_read_inputs(Tool *t, ToolSink *sink, void *ud) {
  Inputs it = {.t = t};
  uint32_t seq = 0, file = 0;
  char *path;
  while ((path = next_input(&it))) {
    Input in;
    ToolMark t0 = tool_mark(t);
    if (open_input(t, &in, path) != 0) {
      t->bad_input = 1;
      free(path);
      continue;
    }
    tool_phase(t, PH_READ, t0);
    Cut c = {.in = &in, .sink = sink, .ud = ud, .seq = &seq,
             .line = t->parse.first_line};
    c.proto.name = in.name;
    c.proto.file = file++;
    t->in_name = in.name;
    cut_input(&c);
    t->in_bytes += in.off + (in.hi - in.lo);
    close_input(&in);
    free(path);
    if (c.r == TOOL_STOP_RUN) break;
  }
  /* a stop leaves the walk midway */
  while (it.depth) {
    DirLevel *lv = &it.st[--it.depth];
    for (size_t k = 0; k < lv->n; k++) free(lv->names[k]);
    free(lv->names);
    free(lv->path);
  }
  free(it.st);
}
