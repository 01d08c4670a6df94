/*
 * lex.c - the MLIR tokenizer.
 *
 * One pass over the bytes, no allocation. The input must be followed by at
 * least IR_LEX_PAD NUL bytes (ir_parse copies it so), which end every loop
 * without a bounds check. Newlines only occur between tokens (a
 * string may not span lines), so the line count is kept while skipping
 * blanks and comments. Token texts point into the source; prefixes such as
 * `%` are excluded from the text as irint.h documents.
 */
#include <stdlib.h>

#include "irint.h"

/* Character classes, one table lookup per byte. */
enum {
  C_ALPHA = 1,   /* [a-zA-Z] */
  C_DIGIT = 2,   /* [0-9] */
  C_BARE = 4,    /* continues a bare id: [a-zA-Z0-9_$.] */
  C_SUFFIX = 8,  /* continues a suffix id: [a-zA-Z0-9_$.-] */
  C_HEX = 16,    /* [0-9a-fA-F] */
};

/* The class of byte c, as a constant expression, so that the table below
 * is built by the compiler: no first-use initialisation for threads to race
 * on (the tools' -j runs parsers in several threads at once). */
#define IS_LOWER(c) ((c) >= 'a' && (c) <= 'z')
#define IS_UPPER(c) ((c) >= 'A' && (c) <= 'Z')
#define IS_DIG(c) ((c) >= '0' && (c) <= '9')
#define CLS(c)                                                              \
  ((IS_LOWER(c) || IS_UPPER(c) ? C_ALPHA | C_BARE | C_SUFFIX : 0) |         \
   (IS_DIG(c) ? C_DIGIT | C_BARE | C_SUFFIX | C_HEX : 0) |                  \
   (((c) >= 'a' && (c) <= 'f') || ((c) >= 'A' && (c) <= 'F') ? C_HEX : 0) | \
   ((c) == '_' || (c) == '$' || (c) == '.' ? C_BARE | C_SUFFIX : 0) |       \
   ((c) == '-' ? C_SUFFIX : 0))
#define CLS4(c) CLS(c), CLS((c) + 1), CLS((c) + 2), CLS((c) + 3)
#define CLS16(c) CLS4(c), CLS4((c) + 4), CLS4((c) + 8), CLS4((c) + 12)
#define CLS64(c) CLS16(c), CLS16((c) + 16), CLS16((c) + 32), CLS16((c) + 48)
static const unsigned char cls[256] = {CLS64(0), CLS64(64), CLS64(128), CLS64(192)};

void ir_lex_init(IrParser *p, const char *text, size_t len, uint32_t first_line) {
  p->buf = p->cur = p->line_start = text;
  p->prev_ls = NULL;
  p->end = text + len;
  p->line = first_line ? first_line : 1;
  p->has2 = 0;
  p->lex_failed = 0;
}

static void lex_error(IrParser *p, IrTok *t, const char *where, const char *msg) {
  t->kind = IR_TK_ERROR;
  if (!p->failed) {
    p->failed = 1;
    ir_diag_at(p->diag, p->fname, p->line,
               (uint32_t)(where - p->line_start) + 1, IR_SEV_ERROR, "%s", msg);
  }
  /* nothing after an error is looked at: every further token is an
   * ERROR token (the NUL after the input, see lex_token) */
  p->lex_failed = 1;
  p->cur = p->end;
}

/* Skip a run of bytes of class k. The NUL after the input has class 0, so
 * no bounds check is needed. */
static inline const char *skip(const char *q, unsigned k) {
  while (cls[(unsigned char)*q] & k) q++;
  return q;
}

/* A suffix id after a sigil: digits, or [a-zA-Z_$.-][a-zA-Z0-9_$.-]*.
 * Returns the end, or NULL if none follows. */
static inline const char *suffix_id(const char *q) {
  unsigned c = cls[(unsigned char)*q];
  if (c & C_DIGIT) return skip(q, C_DIGIT);
  if (c & C_SUFFIX) return skip(q + 1, C_SUFFIX);
  return NULL;
}

/* String body starting after the opening quote; returns the closing quote
 * or NULL after reporting. A NUL byte inside the input is an ordinary
 * character; only the one at `end` stops the string. */
static const char *string_body(IrParser *p, IrTok *t, const char *q) {
  for (;;) {
    char c = *q;
    if (c == '"') return q;
    if (c == '\n' || c == '\v' || c == '\f' || (c == 0 && q >= p->end)) {
      lex_error(p, t, q, "expected '\"' in string literal");
      return NULL;
    }
    if (c == '\\') {
      unsigned char d = (unsigned char)q[1];
      if (d == '"' || d == '\\' || d == 'n' || d == 't') {
        q += 2;
      } else if ((cls[d] & C_HEX) && (cls[(unsigned char)q[2]] & C_HEX)) {
        q += 3;
      } else {
        lex_error(p, t, q, "unknown escape in string literal");
        return NULL;
      }
      continue;
    }
    q++;
  }
}

/* Eight bytes at q (the NUL padding after the input makes this safe
 * anywhere inside it, see IR_LEX_PAD). */
static inline uint64_t rd8(const char *q) {
  uint64_t v;
  memcpy(&v, q, 8);
  return v;
}

/* Past a run of spaces, eight at a time (indentation). */
static inline const char *skip_spaces(const char *q) {
  for (;;) {
    uint64_t w = rd8(q) ^ 0x2020202020202020ull;
    if (w) return q + (__builtin_ctzll(w) >> 3);
    q += 8;
  }
}

/* Past the line break at q and the next line's indentation, counting
 * the line. */
static inline const char *new_line(IrParser *p, const char *q) {
  q++;
  p->line++;
  p->prev_ls = p->line_start;
  p->line_start = q;
  return skip_spaces(q);
}

/* Blanks other than single spaces: newlines (counted), indentation, tabs,
 * carriage returns and comments. Returns the first byte of the next
 * token. Out of line: most tokens are preceded by nothing or one space. */
static const char *skip_blanks(IrParser *p, const char *q) {
  for (;;) {
    char c = *q;
    if (c == ' ') {
      q = skip_spaces(q);
    } else if (c == '\n') {
      q = new_line(p, q); /* the indentation too, without another round */
    } else if (c == '\t' || c == '\r') {
      q++;
    } else if (c == '/' && q[1] == '/') {
      /* to the line's end; a carriage return ends it too, as in MLIR's
       * lexer (what follows one on the line is lexed): two memchr scans,
       * not a loop over the comment's bytes */
      const char *nl = memchr(q, '\n', (size_t)(p->end - q));
      const char *e = nl ? nl : p->end, *cr = memchr(q, '\r', (size_t)(e - q));
      q = cr ? cr : e;
    } else {
      return q;
    }
  }
}

/* Bytes that may start blanks (space, \n, \t, \r, /). */
static unsigned char blank_start[256] = {[' '] = 1, ['\n'] = 1, ['\t'] = 1,
                                         ['\r'] = 1, ['/'] = 1};

/* The input is followed by NUL bytes (ir_lex_init's contract), so every
 * look-ahead reads at most a few bytes past a byte that is not NUL, and the
 * loops need no `q < end` test. (5 MB bench corpus, ~1M tokens: the lexer
 * went from 95M to 70M instructions; the bounds checks and at() calls were
 * the difference. Then ~45M: single spaces tested inline, other blanks out
 * of line, indentation eight bytes at a time, the EOF/ERROR test of
 * irp_next folded into the NUL case.)
 *
 * lex_common lexes the tokens that need no call: punctuation, ids and
 * numbers, nearly all of them. It returns 1, having stored nothing, for
 * the rest (strings, @ids, the end, errors), which lex_slow takes. With no
 * call on its paths, the token after a single space or nothing (~80% of
 * them) is lexed without saving a register: irp_next was 7 instructions a
 * token of pushes and pops while skip_blanks was called from it. */
__attribute__((always_inline)) static inline int lex_common(IrParser *p, IrTok *t,
                                                            const char *q) {
  unsigned char c = (unsigned char)*q;
  const char *s = q + 1; /* end of the token so far */
  IrTokKind k;
  switch (c) {
  case '(': k = IR_TK_LPAREN; break;
  case ')': k = IR_TK_RPAREN; break;
  case '}': k = IR_TK_RBRACE; break;
  case '[': k = IR_TK_LSQUARE; break;
  case ']': k = IR_TK_RSQUARE; break;
  case '<': k = IR_TK_LESS; break;
  case '>': k = IR_TK_GREATER; break;
  case ':': k = IR_TK_COLON; break;
  case ',': k = IR_TK_COMMA; break;
  case '=': k = IR_TK_EQUAL; break;
  case '+': k = IR_TK_PLUS; break;
  case '*': k = IR_TK_STAR; break;
  case '?': k = IR_TK_QUESTION; break;
  case '|': k = IR_TK_VBAR; break;
  case '.': k = IR_TK_DOT; break;
  case '{':
    k = IR_TK_LBRACE;
    if (s[0] == '-' && s[1] == '#') k = IR_TK_FILE_METADATA_BEGIN, s += 2;
    break;
  case '-':
    k = IR_TK_MINUS;
    if (*s == '>') k = IR_TK_ARROW, s++;
    break;
  case '#':
    if (s[0] == '-' && s[1] == '}') {
      k = IR_TK_FILE_METADATA_END;
      s += 2;
      break;
    }
    /* fallthrough */
  case '%': case '^': case '!': {
    const char *end = suffix_id(s);
    if (!end) return 1;
    t->kind = c == '%' ? IR_TK_PERCENT_ID : c == '^' ? IR_TK_CARET_ID :
              c == '#' ? IR_TK_HASH_ID : IR_TK_BANG_ID;
    t->text = s;
    t->len = (uint32_t)(end - s);
    p->cur = end;
    return 0;
  }
  default:
    if ((cls[c] & C_ALPHA) || c == '_') {
      k = IR_TK_BARE_ID;
      s = skip(s, C_BARE);
    } else if (cls[c] & C_DIGIT) {
      k = IR_TK_INT;
      if (c == '0' && *s == 'x' && (cls[(unsigned char)s[1]] & C_HEX)) {
        s = skip(s + 2, C_HEX);
      } else {
        s = skip(s, C_DIGIT);
        if (*s == '.') {
          k = IR_TK_FLOAT;
          s = skip(s + 1, C_DIGIT);
          if (*s == 'e' || *s == 'E') {
            unsigned char y = (unsigned char)s[1];
            if ((cls[y] & C_DIGIT) ||
                ((y == '-' || y == '+') && (cls[(unsigned char)s[2]] & C_DIGIT)))
              s = skip(s + 2, C_DIGIT);
          }
        }
      }
    } else {
      return 1;
    }
  }
  t->kind = k;
  t->text = q;
  t->len = (uint32_t)(s - q);
  p->cur = s;
  return 0;
}

/* Any token at q, after the blanks before it: what lex_common leaves. */
static __attribute__((noinline)) void lex_slow(IrParser *p, IrTok *t, const char *q) {
  if (blank_start[(unsigned char)*q]) q = skip_blanks(p, q);
  if (!lex_common(p, t, q)) return;
  t->text = q;
  t->len = 0;
  unsigned char c = (unsigned char)*q;
  const char *s = q + 1;
  switch (c) {
  case 0:
    if (q >= p->end) {
      /* sticky: the end, or the error that ended lexing */
      t->kind = p->lex_failed ? IR_TK_ERROR : IR_TK_EOF;
      p->cur = q;
      return;
    }
    lex_error(p, t, q, "unexpected character");
    return;
  case '"': {
    const char *close = string_body(p, t, s);
    if (!close) return;
    t->kind = IR_TK_STRING;
    t->text = s;
    t->len = (uint32_t)(close - s);
    p->cur = close + 1;
    return;
  }
  case '@': {
    t->kind = IR_TK_AT_ID;
    if (*s == '"') {
      t->text = s + 1;
      const char *close = string_body(p, t, s + 1);
      if (!close) return;
      t->len = (uint32_t)(close - (s + 1));
      p->cur = close + 1;
      return;
    }
    if (!(cls[(unsigned char)*s] & C_ALPHA) && *s != '_') {
      lex_error(p, t, q, "@ identifier expected to start with letter or '_'");
      return;
    }
    const char *end = skip(s + 1, C_BARE);
    t->text = s;
    t->len = (uint32_t)(end - s);
    p->cur = end;
    return;
  }
  case '#': case '%': case '^': case '!': /* no id after the sigil */
    lex_error(p, t, q,
              c == '%' ? "invalid SSA name" :
              c == '^' ? "invalid block name" :
              c == '#' ? "invalid attribute name" : "invalid type identifier");
    return;
  default: /* '/' too: comments were blanks */
    lex_error(p, t, q, "unexpected character");
    return;
  }
}

__attribute__((always_inline)) static inline void lex_token(IrParser *p, IrTok *t) {
  const char *q = p->cur;
  if (*q == ' ') q++;
  /* a line break and the next line's indentation, the blanks before
   * about one token in eight, without the call */
  if (*q == '\n') q = new_line(p, q);
  if (blank_start[(unsigned char)*q] || lex_common(p, t, q)) lex_slow(p, t, q);
}

void ir_lex(IrParser *p, IrTok *t) { lex_token(p, t); }

/* ir_lex into p->tok from `at`: the token is known not to alias the
 * parser, so the lexer's stores do not force reloads (a third cheaper). */
void ir_lex_at(IrParser *p, const char *at) {
  p->has2 = 0;
  p->cur = at;
  lex_token(p, &p->tok);
}

/* Here rather than in parse.c so that the lexer is inlined into it: it
 * runs once per token, and the call and its register saves were ~10% of
 * the lexer's instructions. At the end of the input (or after a lexing
 * error) the lexer keeps returning the same EOF (ERROR) token. It lexes
 * even after irp_peek2: that one lexes the token after next and puts the
 * lexer back (peeking is rare; a test of has2 per token was 1.5M of the
 * 3 MB slice's 216M instructions). */
void irp_next(IrParser *p) { lex_token(p, &p->tok); }

void ir_lex_reset(IrParser *p, const char *where) {
  /* `where` lies inside the current token, so on its line, which is the
   * lexer's (see IrTok) */
  p->has2 = 0;
  p->prev_ls = NULL;
  if (where < p->line_start) where = p->line_start;
  ir_lex_at(p, where);
}

static int hexval(unsigned char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return c - 'A' + 10;
}

uint32_t ir_lex_unescape(IrCtx *c, const char *s, uint32_t n) {
  if (!memchr(s, '\\', n)) return ir_str(c, s, n);
  char small[256] = {0};
  char *buf = n <= sizeof small ? small : ir_xmalloc(n);
  uint32_t o = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (s[i] != '\\' || i + 1 >= n) {
      buf[o++] = s[i];
      continue;
    }
    char d = s[++i];
    if (d == 'n') buf[o++] = '\n';
    else if (d == 't') buf[o++] = '\t';
    else if (d == '"' || d == '\\') buf[o++] = d;
    else if (i + 1 < n) {
      buf[o++] = (char)(hexval((unsigned char)d) * 16 + hexval((unsigned char)s[i + 1]));
      i++;
    }
  }
  uint32_t id = ir_str(c, buf, o);
  if (buf != small) free(buf);
  return id;
}

void ir_lex_seek(IrParser *p, const char *where) {
  const char *ls = p->tok.text;
  if (ls > p->end) ls = p->end;
  while (ls > p->buf && ls[-1] != '\n') ls--;
  uint32_t line = p->line; /* the current token's (see IrTok) */
  for (const char *q = p->tok.text; q < where;) {
    const char *nl = memchr(q, '\n', (size_t)(where - q));
    if (!nl) break;
    line++;
    ls = q = nl + 1;
  }
  p->has2 = 0;
  p->line = line;
  p->line_start = ls;
  p->prev_ls = NULL;
  ir_lex_at(p, where);
}
