/* The trace's recorder for a C file, put before the file's first line of a
   copy the trace builds (`#line 1` after it keeps the file's line numbers);
   the same protocol as sudoku_trace.hpp's, on the fd 1 taken at start-up. */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The step limit and the puzzle come with the run, as the argument
   `--sudoku-trace=MAX:PUZZLE` (81 of '.' and '1'-'9'), so one build serves
   every puzzle and limit. */
static long long sudoku_trace_max_steps = 100000;
static char sudoku_trace_puzzle[82] =
    ".................................................................................";
static int sudoku_trace_fd = 1;
__attribute__((constructor)) static void sudoku_trace_init(int argc, char **argv) {
  sudoku_trace_fd = dup(1);
  static const char flag[] = "--sudoku-trace=";
  for (int i = 1; i < argc && argv; i++) {
    const char *a = argv[i];
    if (!a || strncmp(a, flag, sizeof flag - 1) != 0) continue;
    char *rest = NULL;
    long long max = strtoll(a + sizeof flag - 1, &rest, 10);
    if (max > 0) sudoku_trace_max_steps = max;
    if (rest && *rest == ':' && strlen(rest + 1) == 81) memcpy(sudoku_trace_puzzle, rest + 1, 81);
  }
}

#define SUDOKU_TRACE_FRAMES 4096
#define SUDOKU_TRACE_TEXT 640
#define SUDOKU_TRACE_PARTS 12
/* A local as a frame snapped it: a value's text ('s'), or where its value
   is read again at each write, an array ('a': `n` items of `elem` bytes at
   `at`), a table of booleans ('m': `n` rows of `row` items) or a pointer
   ('p': shown as the array of an outer frame it points at, by name). */
struct sudoku_trace_part {
  const char *name;
  const void *at;
  size_t elem, n, row;
  char form, kind;
  char text[40];
};
struct sudoku_trace_frame {
  const char *name;
  char locals[SUDOKU_TRACE_TEXT], sent[SUDOKU_TRACE_TEXT], ret[48];
  struct sudoku_trace_part parts[SUDOKU_TRACE_PARTS];
  int nparts, live;
};
static struct sudoku_trace_frame sudoku_trace_frames[SUDOKU_TRACE_FRAMES];
static int sudoku_trace_depth, sudoku_trace_shown, sudoku_trace_started;
static char sudoku_trace_encoding = 'l';
static const char *sudoku_trace_rows[9];
static size_t sudoku_trace_elem = 1;
static unsigned char sudoku_trace_shadow[81];
static long long sudoku_trace_writes;

static void sudoku_trace_emit(const char *line) {
  char text[SUDOKU_TRACE_TEXT + 64];
  int n = snprintf(text, sizeof text, "\x1e%s\n", line);
  if (n > (int)sizeof text - 1) { n = (int)sizeof text - 1; text[n - 1] = '\n'; }
  int done = 0;
  while (done < n) {
    ssize_t w = write(sudoku_trace_fd, text + done, (size_t)(n - done));
    if (w <= 0) break;
    done += (int)w;
  }
}

static struct sudoku_trace_frame *sudoku_trace_top(void) {
  return sudoku_trace_depth > 0 && sudoku_trace_depth <= SUDOKU_TRACE_FRAMES ? &sudoku_trace_frames[sudoku_trace_depth - 1] : NULL;
}

static int sudoku_trace_enter(const char *name, int returns_nothing) {
  sudoku_trace_depth++;
  struct sudoku_trace_frame *f = sudoku_trace_top();
  if (f) {
    f->name = name;
    f->locals[0] = f->sent[0] = 0;
    f->nparts = f->live = 0;
    strcpy(f->ret, returns_nothing ? "nothing" : "?");
  }
  return 0;
}

static void sudoku_trace_leave(int *unused) {
  (void)unused;
  struct sudoku_trace_frame *f = sudoku_trace_top();
  if (f && sudoku_trace_shown == sudoku_trace_depth) {
    char line[64];
    snprintf(line, sizeof line, "r %s", f->ret);
    sudoku_trace_emit(line);
    sudoku_trace_shown--;
  }
  sudoku_trace_depth--;
}

static long long sudoku_trace_ret(long long v, char kind) {
  struct sudoku_trace_frame *f = sudoku_trace_top();
  if (f) {
    if (kind == 'b') strcpy(f->ret, v ? "true" : "false");
    else if (kind == 'c' && v >= 32 && v < 127) snprintf(f->ret, sizeof f->ret, "'%c'", (int)v);
    else snprintf(f->ret, sizeof f->ret, "%lld", v);
  }
  return v;
}

static void sudoku_trace_snap_begin(void) {
  struct sudoku_trace_frame *f = sudoku_trace_top();
  if (f) f->nparts = 0;
}
static struct sudoku_trace_part *sudoku_trace_add(const char *name, char form) {
  struct sudoku_trace_frame *f = sudoku_trace_top();
  if (!f || f->nparts >= SUDOKU_TRACE_PARTS) return NULL;
  struct sudoku_trace_part *p = &f->parts[f->nparts++];
  memset(p, 0, sizeof *p);
  p->name = name;
  p->form = form;
  return p;
}
static void sudoku_trace_i(const char *name, long long v) {
  struct sudoku_trace_part *p = sudoku_trace_add(name, 's');
  if (p) snprintf(p->text, sizeof p->text, "%lld", v);
}
static void sudoku_trace_b(const char *name, long long v) {
  struct sudoku_trace_part *p = sudoku_trace_add(name, 's');
  if (p) snprintf(p->text, sizeof p->text, "%s", v ? "true" : "false");
}
static void sudoku_trace_c(const char *name, long long v) {
  struct sudoku_trace_part *p = sudoku_trace_add(name, 's');
  if (!p) return;
  if (v >= 32 && v < 127) snprintf(p->text, sizeof p->text, "'%c'", (int)v);
  else snprintf(p->text, sizeof p->text, "(char)%lld", v);
}
/* Reads without the sanitiser's check: a table reached through a pointer to
   its rows is taken to be square while the board is looked for. */
__attribute__((no_sanitize_address)) static long long sudoku_trace_read(const char *p, size_t elem) {
  if (elem == 1) return (signed char)*p;
  if (elem == 2) return *(const short *)p;
  if (elem == 4) return *(const int *)p;
  return *(const long long *)p;
}
/* An array of the frame's own (`int rows[9]`). */
static void sudoku_trace_ai(const char *name, const void *a, size_t elem, size_t n, char kind) {
  struct sudoku_trace_part *p = sudoku_trace_add(name, 'a');
  if (!p) return;
  p->at = a;
  p->elem = elem;
  p->n = n;
  p->kind = kind;
}
/* A table of booleans of the frame's own (`bool rows[9][10]`). */
static void sudoku_trace_tb(const char *name, const void *a, size_t elem, size_t n, size_t row) {
  struct sudoku_trace_part *p = sudoku_trace_add(name, 'm');
  if (!p) return;
  p->at = a;
  p->elem = elem;
  p->n = n;
  p->row = row;
}
/* A pointer (`int *rows`, `int rows[]` as a parameter). */
static void sudoku_trace_ap(const char *name, const void *a) {
  struct sudoku_trace_part *p = sudoku_trace_add(name, 'p');
  if (p) p->at = a;
}

/* Frame `k`'s locals, its arrays read now: an array or table as its
   values, a pointer as the outer frame's array it points at, by name (left
   out where none holds it: its length is not known). */
static void sudoku_trace_render(int k) {
  struct sudoku_trace_frame *f = &sudoku_trace_frames[k];
  char *t = f->locals;
  size_t len = 0, cap = sizeof f->locals;
  t[0] = 0;
  f->live = 0;
#define SUDOKU_TRACE_PUT(...) \
  do { \
    if (len < cap) len += (size_t)snprintf(t + len, cap - len, __VA_ARGS__); \
  } while (0)
  for (int j = 0; j < f->nparts; j++) {
    struct sudoku_trace_part *p = &f->parts[j];
    const char *holder = NULL, *held = NULL;
    if (p->form == 'p') {
      for (int o = 0; o < k && !holder; o++)
        for (int q = 0; q < sudoku_trace_frames[o].nparts; q++) {
          struct sudoku_trace_part *h = &sudoku_trace_frames[o].parts[q];
          if ((h->form == 'a' || h->form == 'm') && h->at == p->at) {
            holder = sudoku_trace_frames[o].name;
            held = h->name;
            break;
          }
        }
      if (!holder) continue;
    }
    SUDOKU_TRACE_PUT("%s%s = ", len ? ", " : "", p->name);
    if (p->form == 's') {
      SUDOKU_TRACE_PUT("%s", p->text);
    } else if (p->form == 'p') {
      SUDOKU_TRACE_PUT("(%s's %s)", holder, held);
    } else if (p->form == 'a') {
      f->live = 1;
      size_t from = len;
      SUDOKU_TRACE_PUT("[");
      for (size_t i = 0; i < p->n; i++) {
        /* At most 160 characters an array. */
        if (len - from > 150 && i + 1 < p->n) {
          SUDOKU_TRACE_PUT(", ...");
          break;
        }
        long long v = sudoku_trace_read((const char *)p->at + i * p->elem, p->elem);
        if (p->kind == 'b') SUDOKU_TRACE_PUT("%s%s", i ? ", " : "", v ? "true" : "false");
        else SUDOKU_TRACE_PUT("%s%lld", i ? ", " : "", v);
      }
      SUDOKU_TRACE_PUT("]");
    } else {
      f->live = 1;
      SUDOKU_TRACE_PUT("[");
      for (size_t r = 0; r < p->n; r++) {
        SUDOKU_TRACE_PUT("%s{", r ? ", " : "");
        int first = 1;
        for (size_t i = 0; i < p->row; i++) {
          if (!sudoku_trace_read((const char *)p->at + (r * p->row + i) * p->elem, p->elem)) continue;
          SUDOKU_TRACE_PUT("%s%zu", first ? "" : ",", i);
          first = 0;
        }
        SUDOKU_TRACE_PUT("}");
      }
      SUDOKU_TRACE_PUT("]");
    }
  }
#undef SUDOKU_TRACE_PUT
  if (len >= cap) t[cap - 1] = 0;
}
static void sudoku_trace_snap_end(void) {
  if (sudoku_trace_top()) sudoku_trace_render(sudoku_trace_depth - 1);
}

static void sudoku_trace_report(void) {
  char line[SUDOKU_TRACE_TEXT + 32];
  for (; sudoku_trace_shown < sudoku_trace_depth; sudoku_trace_shown++) {
    snprintf(line, sizeof line, "c %s", sudoku_trace_shown < SUDOKU_TRACE_FRAMES ? sudoku_trace_frames[sudoku_trace_shown].name : "?");
    sudoku_trace_emit(line);
  }
  for (int k = 0; k < sudoku_trace_depth && k < SUDOKU_TRACE_FRAMES; k++) {
    struct sudoku_trace_frame *f = &sudoku_trace_frames[k];
    /* Its arrays as they are now. */
    if (f->live) sudoku_trace_render(k);
    if (strcmp(f->locals, f->sent) != 0) {
      snprintf(line, sizeof line, "v %d %s", k, f->locals);
      sudoku_trace_emit(line);
      strcpy(f->sent, f->locals);
    }
  }
}

static int sudoku_trace_decode(long long v, char encoding) {
  if (encoding == 'r') return v >= 0 && v <= 9 ? (int)v : -1;
  if (v == '.' || (encoding == 'c' && v == '0')) return 0;
  return v >= '1' && v <= '9' ? (int)(v - '0') : -1;
}

static void sudoku_trace_at1(const void *at, size_t elem, int line) {
  const char *p = (const char *)at;
  if (!sudoku_trace_started || elem != sudoku_trace_elem) return;
  for (int r = 0; r < 9; r++) {
    if (!sudoku_trace_rows[r] || p < sudoku_trace_rows[r] || p >= sudoku_trace_rows[r] + 9 * elem) continue;
    size_t off = (size_t)(p - sudoku_trace_rows[r]);
    if (off % elem) return;
    int c = (int)(off / elem);
    long long v = sudoku_trace_read(p, elem);
    int d = sudoku_trace_decode(v, sudoku_trace_encoding);
    /* The shadow's bit 16: the program wrote the cell. A digit over itself
       that the program wrote is a rewrite, reported; over a given, not. */
    int had = sudoku_trace_shadow[r * 9 + c];
    if (d == (had & 15) && (d == 0 || !(had & 16))) return;
    sudoku_trace_report();
    char text[96];
    if (d < 0) {
      if (elem == 1 && v >= 32 && v < 127) snprintf(text, sizeof text, "bad %d %d %d char '%c'", r, c, line, (int)v);
      else snprintf(text, sizeof text, "bad %d %d %d %s %lld", r, c, line, elem == 1 ? "char" : "int", v);
      sudoku_trace_emit(text);
      _exit(0);
    }
    sudoku_trace_shadow[r * 9 + c] = (unsigned char)(d | 16);
    if (d) snprintf(text, sizeof text, "w %d %d %d %d", r, c, d, line);
    else snprintf(text, sizeof text, "w %d %d . %d", r, c, line);
    sudoku_trace_emit(text);
    if (++sudoku_trace_writes >= sudoku_trace_max_steps) {
      sudoku_trace_emit("cut");
      _exit(0);
    }
    return;
  }
}

/* A stdin program's board, as sudoku_trace.hpp's detect: `table` is the
   array itself (`int a[9][9]`), `bytes` its size and `row` a row's. */
static void sudoku_trace_detect(const char *table, size_t bytes, size_t row, size_t elem) {
  if (!row || !elem || row % elem) return;
  size_t rows = bytes / row, cols = row / elem;
  /* A pointer to its rows (`int g[9][9]` as a parameter): taken square. */
  if (bytes < row) rows = cols;
  for (size_t off = 0; off < 2; off++) {
    if (rows < 9 + off || rows > 12 || cols < 9 + off || cols > 12) continue;
    const char encodings[2] = {'r', 'c'};
    for (int e = 0; e < 2; e++) {
      int differ = 0, known = 0;
      for (int k = 0; k < 81; k++) {
        long long v = sudoku_trace_read(table + (k / 9 + off) * row + (k % 9 + off) * elem, elem);
        int want = sudoku_trace_puzzle[k] == '.' ? 0 : sudoku_trace_puzzle[k] - '0';
        int d = sudoku_trace_decode(v, encodings[e]);
        if (d != want) differ += (want == 0 && d > 0) ? 1 : 100;
        known += want > 0;
      }
      if (differ > 1 || !known) continue;
      if (sudoku_trace_started && sudoku_trace_rows[0] == table + off * row + off * elem) return;
      sudoku_trace_encoding = encodings[e];
      sudoku_trace_elem = elem;
      for (int r = 0; r < 9; r++) sudoku_trace_rows[r] = table + (r + off) * row + off * elem;
      for (int k = 0; k < 81; k++) sudoku_trace_shadow[k] = (unsigned char)(sudoku_trace_puzzle[k] == '.' ? 0 : sudoku_trace_puzzle[k] - '0');
      if (!sudoku_trace_started) sudoku_trace_emit("start");
      sudoku_trace_started = 1;
      return;
    }
  }
}

static void sudoku_trace_at2(const void *at, size_t elem, const void *table, size_t bytes, size_t row, int line) {
  if (!sudoku_trace_started || sudoku_trace_writes == 0) sudoku_trace_detect((const char *)table, bytes, row, elem);
  sudoku_trace_at1(at, elem, line);
}

static void sudoku_trace_board(char **b) {
  for (int r = 0; r < 9; r++) sudoku_trace_rows[r] = b[r];
  sudoku_trace_elem = 1;
  sudoku_trace_encoding = 'l';
  for (int k = 0; k < 81; k++) {
    int d = sudoku_trace_decode(b[k / 9][k % 9], 'l');
    sudoku_trace_shadow[k] = (unsigned char)(d > 0 ? d : 0);
  }
  sudoku_trace_started = 1;
  sudoku_trace_emit("start");
}
