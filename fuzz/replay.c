/*
 * replay.c - a main for the harnesses without libFuzzer: runs every file
 * named on the command line (folders: every file in them, sorted) through
 * LLVMFuzzerTestOneInput once, printing each name first so a crash names
 * its input. With no arguments it reads one input from stdin, which is
 * what AFL++ needs (afl-fuzz ... -- replay-parse).
 *
 * The test suite replays the seed and regression corpora with it under the
 * sanitized build; a crash or sanitizer report fails the test.
 */
#include <dirent.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int run_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "replay: cannot open '%s'\n", path);
    return 1;
  }
  size_t cap = 1 << 16, n = 0;
  uint8_t *buf = malloc(cap);
  for (;;) {
    if (n == cap) buf = realloc(buf, cap *= 2);
    if (!buf) abort();
    size_t k = fread(buf + n, 1, cap - n, f);
    if (k == 0) break;
    n += k;
  }
  fclose(f);
  fprintf(stderr, "replay: %s\n", path);
  LLVMFuzzerTestOneInput(buf, n);
  free(buf);
  return 0;
}

static int cmp(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_dir(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return run_file(dir);
  char **names = NULL;
  size_t n = 0, cap = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    if (n == cap) names = realloc(names, (cap = cap ? cap * 2 : 64) * sizeof *names);
    if (!names) abort();
    size_t len = strlen(dir) + strlen(e->d_name) + 2;
    names[n] = malloc(len);
    snprintf(names[n++], len, "%s/%s", dir, e->d_name);
  }
  closedir(d);
  if (n > 1) qsort(names, n, sizeof *names, cmp);
  int bad = 0;
  for (size_t i = 0; i < n; i++) {
    struct stat st;
    if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
      bad |= run_file(names[i]);
    free(names[i]);
  }
  free(names);
  return bad;
}

int main(int argc, char **argv) {
  if (argc < 2) return run_file("/dev/stdin");
  int bad = 0;
  for (int i = 1; i < argc; i++) bad |= run_dir(argv[i]);
  return bad;
}
