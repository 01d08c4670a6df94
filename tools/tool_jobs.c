/*
 * tool_jobs.c - -j N: modules worked on by N threads, written in order.
 *
 * The reading thread (the caller of tool_run) queues each module's bytes,
 * copied, in a ring of 4N slots; workers take them in queue order, each
 * with its own copy of the Tool whose output and diagnostics go to memory
 * (open_memstream); the reading thread writes finished slots at the head of
 * the ring, in input order, while it reads. So memory is bounded by the
 * ring (not the corpus), and stdout and stderr carry, byte for byte, what
 * -j 1 writes. The passes keep no state across modules; the few tables the
 * libraries build on first use are built under pthread_once (registry.c,
 * canon.c, simplify.c), and tests/all runs the -j tests under
 * ThreadSanitizer.
 *
 * What -j 1 does after a bad frame (its file's stream ends) is kept too:
 * the reader cannot tell a frame whose payload is corrupt before a worker
 * decodes it, so the frames of that file queued after it are dropped,
 * unwritten, when it is retired; a frame whose header is already bad
 * (sync) is decoded only after everything before it is written.
 */
#include "toolint.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct ToolPool {
  Tool *t;              /* the run's Tool (written by the reading thread) */
  Tool proto;           /* what each worker copies */
  pthread_mutex_t mu;
  pthread_cond_t wake;  /* workers: a job was queued, or quit */
  pthread_cond_t done;  /* reader: a job finished */
  ToolJob *ring;
  uint32_t cap;
  uint64_t head;        /* oldest job not yet written */
  uint64_t next;        /* next job for a worker */
  uint64_t tail;        /* next free slot */
  int quit;             /* workers: no more jobs will come */
  /* reading thread only */
  int stop;             /* the output failed: drop everything */
  int skip;             /* a frame of file skip_file did not decode */
  uint32_t skip_file;
  int n;
  pthread_t *th;
  double phase[6];      /* the workers' phase times, summed */
  long faults[6];       /* and their page faults */
};

/* Run one job in a worker's Tool `w`, its output and diagnostics kept in
 * the job; the job's input copy is freed at once. */
static void work(Tool *w, ToolJob *j) {
  FILE *err = open_memstream(&j->err, &j->err_len);
  w->out = open_memstream(&j->out, &j->out_len);
  if (!err || !w->out) {
    j->oom = 1;
    j->r = TOOL_STOP_RUN;
  } else {
    ir_diag_init(&w->diag, err);
    w->n_in = j->seq;
    w->n_out = 0;
    w->bad_input = 0;
    w->io_failed = 0;
    j->r = tool_run_job(w, j);
    j->n_in = w->n_in - j->seq;
    j->bad = w->bad_input;
    j->n_out = w->n_out;
    j->n_errors = w->diag.n_errors;
  }
  if (w->out && fclose(w->out) != 0) j->oom = 1, j->r = TOOL_STOP_RUN;
  if (err && fclose(err) != 0) j->oom = 1, j->r = TOOL_STOP_RUN;
  w->out = NULL;
  free(j->buf);
  j->buf = NULL;
}

static void *worker(void *arg) {
  ToolPool *p = arg;
  Tool w = p->proto;
  memset(&w.buf, 0, sizeof w.buf);
  memset(w.phase, 0, sizeof w.phase);
  memset(w.faults, 0, sizeof w.faults);
  pthread_mutex_lock(&p->mu);
  for (;;) {
    while (p->next == p->tail && !p->quit) pthread_cond_wait(&p->wake, &p->mu);
    if (p->next == p->tail) break;
    ToolJob *j = &p->ring[p->next++ % p->cap];
    pthread_mutex_unlock(&p->mu);
    work(&w, j);
    pthread_mutex_lock(&p->mu);
    j->done = 1;
    pthread_cond_signal(&p->done);
  }
  for (int i = 0; i < 6; i++) {
    p->phase[i] += w.phase[i];
    p->faults[i] += w.faults[i];
  }
  pthread_mutex_unlock(&p->mu);
  irb_buf_free(&w.buf);
  return NULL;
}

ToolPool *tool_pool_new(Tool *t, int n) {
  ToolPool *p = calloc(1, sizeof *p);
  if (!p) ir_die("out of memory");
  p->t = t;
  p->proto = *t;
  p->cap = 4 * (uint32_t)n;
  p->ring = calloc(p->cap, sizeof *p->ring);
  p->th = calloc((size_t)n, sizeof *p->th);
  if (!p->ring || !p->th) ir_die("out of memory");
  pthread_mutex_init(&p->mu, NULL);
  pthread_cond_init(&p->wake, NULL);
  pthread_cond_init(&p->done, NULL);
  for (int i = 0; i < n; i++) {
    if (pthread_create(&p->th[i], NULL, worker, p) != 0) break;
    p->n++;
  }
  if (!p->n) ir_die("cannot start a thread");
  return p;
}

/* Write a finished job's diagnostics and output (reading thread, lock not
 * held), unless it comes after a failure that -j 1 would have stopped at. */
static void retire(ToolPool *p, ToolJob *j) {
  Tool *t = p->t;
  if (!p->stop && !(p->skip && j->file == p->skip_file)) {
    if (j->err_len) {
      fwrite(j->err, 1, j->err_len, stderr);
      fflush(stderr);
    }
    t->n_in += j->n_in;
    t->diag.n_errors += j->n_errors;
    if (j->bad) t->bad_input = 1;
    if (j->n_out) {
      int bad = t->text && t->n_out && fputs("// -----\n", t->out) == EOF;
      if (bad || fwrite(j->out, 1, j->out_len, t->out) != j->out_len) {
        fprintf(stderr, "%s: error: write error on '%s': %s\n", t->name,
                t->output ? t->output : "<stdout>", strerror(errno));
        j->r = TOOL_STOP_RUN;
      }
      t->n_out += j->n_out;
    }
    if (j->oom)
      fprintf(stderr, "%s: error: out of memory in '%s'\n", t->name, j->name);
    if (j->r == TOOL_STOP_RUN) {
      t->io_failed = 1;
      p->stop = 1;
    }
    if (j->r == TOOL_STOP_FILE) {
      p->skip = 1;
      p->skip_file = j->file;
    }
  }
  free(j->out);
  free(j->err);
  free(j->buf);
  free(j->name_buf);
  memset(j, 0, sizeof *j);
}

/* Write the finished jobs at the head (lock held). */
static void retire_ready(ToolPool *p) {
  while (p->head < p->tail && p->ring[p->head % p->cap].done) {
    ToolJob *j = &p->ring[p->head % p->cap];
    pthread_mutex_unlock(&p->mu);
    retire(p, j);
    pthread_mutex_lock(&p->mu);
    p->head++;
  }
}

static void drain(ToolPool *p) {
  pthread_mutex_lock(&p->mu);
  for (;;) {
    retire_ready(p);
    if (p->head == p->tail) break;
    pthread_cond_wait(&p->done, &p->mu);
  }
  pthread_mutex_unlock(&p->mu);
}

int tool_pool_sink(Tool *t, ToolJob *src, void *ud) {
  ToolPool *p = ud;
  if (p->stop) return TOOL_STOP_RUN;
  if (p->skip && src->file == p->skip_file) return TOOL_STOP_FILE;
  if (src->sync) {
    drain(p);
    if (p->stop) return TOOL_STOP_RUN;
    if (p->skip && src->file == p->skip_file) return TOOL_STOP_FILE;
    fflush(t->out);
    return tool_run_job(t, src);
  }
  /* a padded copy of the bytes (freed once decoded), and of the name (a
   * file's jobs outlive its reading) */
  size_t nl = strlen(src->name) + 1;
  char *buf = malloc(src->len + IR_PARSE_PAD);
  char *name = malloc(nl);
  if (!buf || !name) {
    free(buf);
    free(name);
    fprintf(stderr, "%s: error: out of memory reading '%s'\n", t->name,
            src->name);
    t->io_failed = 1;
    p->stop = 1;
    return TOOL_STOP_RUN;
  }
  memcpy(buf, src->data, src->len);
  memset(buf + src->len, 0, IR_PARSE_PAD);
  memcpy(name, src->name, nl);

  pthread_mutex_lock(&p->mu);
  for (;;) {
    retire_ready(p);
    if (p->tail - p->head < p->cap) break;
    pthread_cond_wait(&p->done, &p->mu);
  }
  pthread_mutex_unlock(&p->mu);
  /* the slot at tail is no worker's until tail moves past it */
  ToolJob *j = &p->ring[p->tail % p->cap];
  *j = *src;
  j->buf = buf;
  j->data = buf;
  j->padded = 1;
  j->name = j->name_buf = name;
  pthread_mutex_lock(&p->mu);
  p->tail++;
  pthread_cond_signal(&p->wake);
  pthread_mutex_unlock(&p->mu);
  if (p->stop) return TOOL_STOP_RUN;
  return p->skip && src->file == p->skip_file ? TOOL_STOP_FILE : 0;
}

void tool_pool_finish(ToolPool *p) {
  drain(p);
  pthread_mutex_lock(&p->mu);
  p->quit = 1;
  pthread_cond_broadcast(&p->wake);
  pthread_mutex_unlock(&p->mu);
  for (int i = 0; i < p->n; i++) pthread_join(p->th[i], NULL);
  for (int i = 0; i < 6; i++) {
    p->t->phase[i] += p->phase[i];
    p->t->faults[i] += p->faults[i];
  }
  pthread_cond_destroy(&p->wake);
  pthread_cond_destroy(&p->done);
  pthread_mutex_destroy(&p->mu);
  free(p->ring);
  free(p->th);
  free(p);
}
