// The trace's recorder for a C++ file, put before the file's first line of a
// copy the trace builds (the user's file on disk is never changed; `#line 1`
// after this keeps the file's line numbers). Each write to the board, each
// call of the file's functions and their locals are told to fd 1 as taken at
// start-up (the judge's harness later sends fd 1 to stderr), one line each,
// after the marker byte 0x1e:
//   start | c NAME | r VALUE | v FRAME LOCALS | w ROW COL DIGIT LINE
//   bad ROW COL LINE TYPE VALUE | cut
// The instrumented copy calls: Frame (a guard at each function's entry),
// ret<T>(value) at each return, snap(nv(name, value)...) for the locals in
// scope, board(b) at solveSudoku's entry, at2(g, i, j, line), at1(g, i,
// line) and at_ref(x, line) after each store into a subscript, through a
// pointer or a reference (the snap before it where hits2, hits1 or
// hits_ref says the store is a write to report).
#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <initializer_list>
#include <map>
#include <queue>
#include <set>
#include <stack>
#include <string>
#include <type_traits>
#include <unistd.h>
#include <unordered_map>
#include <utility>
#include <vector>

namespace sudoku_trace {
// The step limit and the puzzle come with the run, as the argument
// `--sudoku-trace=MAX:PUZZLE` (81 of '.' and '1'-'9'), so one build serves
// every puzzle and limit.
static long long MAX_STEPS = 100000;
static char PUZZLE[82] = ".................................................................................";
static const int out_fd = dup(1);
__attribute__((constructor)) static void options(int argc, char** argv) {
  static const char flag[] = "--sudoku-trace=";
  for (int i = 1; i < argc && argv; i++) {
    const char* a = argv[i];
    if (!a || std::strncmp(a, flag, sizeof flag - 1) != 0) continue;
    char* rest = nullptr;
    long long max = std::strtoll(a + sizeof flag - 1, &rest, 10);
    if (max > 0) MAX_STEPS = max;
    if (rest && *rest == ':' && std::strlen(rest + 1) == 81) std::memcpy(PUZZLE, rest + 1, 81);
  }
}

// A frame's part holding an object.
struct Holder {
  size_t frame, part;
};

// A local as snapped: its name, its value's text (empty: left out) and
// the address of the object it names (a reference's: the object referred
// to), by which frames holding one object are told apart. A frame's parts
// are kept from snap to snap, so a text is written into the room it had.
struct Part {
  const char* name;
  std::string text;
  const void* at;
  // The holders of its object (`State::held`'s entry, which stays).
  std::vector<Holder>* holders;
};

// A frame: its first `nparts` parts are its locals now (the others keep
// their room for the next snap).
struct FrameState {
  const char* name;
  std::vector<Part> parts;
  size_t nparts;
  std::string sent, ret;
};

// The frames running, outermost first. A frame that returns keeps its
// slot, and a call made later takes it with the room its texts had.
struct Frames {
  std::vector<FrameState> slots;
  size_t n = 0;
  size_t size() const { return n; }
  bool empty() const { return n == 0; }
  FrameState& back() { return slots[n - 1]; }
  FrameState& operator[](size_t k) { return slots[k]; }
  void push(const char* name, bool returns_nothing) {
    if (n == slots.size()) slots.emplace_back();
    FrameState& f = slots[n++];
    f.name = name;
    f.nparts = 0;
    f.sent.clear();
    f.ret = returns_nothing ? "nothing" : "?";
  }
  void pop() { n--; }
};

struct State {
  Frames frames;
  size_t shown = 0;
  bool started = false;
  // 'l': LeetCode's '.' and '1'-'9'; 'c': '0' or '.' and '1'-'9'; 'r': 0-9.
  char encoding = 'l';
  const char* rows[9] = {};
  size_t elem = 1;
  unsigned char shadow[81] = {};
  long long writes = 0;
  // Each object's holders, outermost first (a key kept when none is left,
  // so its vector is reused); the objects whose innermost holder or its
  // text changed since the last report; the first frame pushed or
  // snapped since then.
  std::unordered_map<const void*, std::vector<Holder> > held;
  std::vector<std::vector<Holder>*> touched;
  size_t dirty_from = 0;
  // A report's scratch: the frames to build again, a frame's text, a line.
  std::vector<size_t> owners;
  std::string text, line;
};

inline State& state() {
  static State s;
  return s;
}

// Writes a whole line: the marker, the line, '\n'.
inline void send(const std::string& text) {
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = write(out_fd, text.data() + done, text.size() - done);
    if (n <= 0) break;
    done += static_cast<size_t>(n);
  }
}

inline void emit(const std::string& line) {
  std::string& text = state().line;
  text.assign(1, '\x1e');
  text += line;
  text += '\n';
  send(text);
}

// Values as the page shows them: 'c' for a char, true/false, [a, b] for a
// container; a table of 9 or more rows of 9 or more is left out (the board),
// but for a table of booleans (a row's marks), shown row by row as the
// indices that hold true, [{3,5,7}, {}, …]; text past 160 characters (a
// table of marks: 240) is cut.
template <class T> void put(std::string& o, const T& v);
template <class A, class B> void put(std::string& o, const std::pair<A, B>& v);
template <class T, class C> void put(std::string& o, const std::stack<T, C>& v);
template <class T, class C> void put(std::string& o, const std::queue<T, C>& v);
inline void put(std::string& o, char v) {
  if (v >= 32 && v < 127) { o += '\''; o += v; o += '\''; }
  else o += "(char)" + std::to_string(static_cast<int>(v));
}
inline void put(std::string& o, bool v) { o += v ? "true" : "false"; }
// Text as a C++ literal: its first 80 characters, a quote, a backslash and
// a control character escaped (a newline would end the recorder's line).
inline void put_chars(std::string& o, const char* p, size_t n) {
  o += '"';
  for (size_t i = 0; i < n; i++) {
    unsigned char c = static_cast<unsigned char>(p[i]);
    switch (c) {
      case '"': o += "\\\""; break;
      case '\\': o += "\\\\"; break;
      case '\n': o += "\\n"; break;
      case '\t': o += "\\t"; break;
      case '\r': o += "\\r"; break;
      default:
        if (c < 32 || c == 127) {
          char b[8];
          std::snprintf(b, sizeof b, "\\x%02x", c);
          o += b;
        } else {
          o += static_cast<char>(c);
        }
    }
  }
  o += '"';
}
inline void put(std::string& o, const std::string& v) { put_chars(o, v.data(), v.size() < 80 ? v.size() : 80); }
inline void put(std::string& o, const char* v) {
  if (!v) { o += "null"; return; }
  put_chars(o, v, strnlen(v, 80));
}

template <class T, class = void> struct is_range : std::false_type {};
template <class T>
struct is_range<T, decltype((void)std::begin(std::declval<const T&>()), (void)std::end(std::declval<const T&>()))>
    : std::true_type {};

template <class T> size_t size_of(const T& v) {
  size_t n = 0;
  for (auto it = std::begin(v); it != std::end(v); ++it) n++;
  return n;
}

template <class T> bool rows_wide(const T& v, std::true_type) {
  for (const auto& row : v) return size_of(row) >= 9;
  return false;
}
template <class T> bool rows_wide(const T&, std::false_type) { return false; }
template <class T> bool is_table(const T& v, std::true_type) {
  // The row type as it is: an array row stays an array (std::decay would make it a pointer).
  typedef typename std::remove_cv<typename std::remove_reference<decltype(*std::begin(v))>::type>::type Row;
  return size_of(v) >= 9 && rows_wide(v, std::integral_constant<bool, is_range<Row>::value>());
}
template <class T> bool is_table(const T&, std::false_type) { return false; }

// Whether T's rows hold booleans (`vector<vector<bool>>`, `bool[9][10]`).
template <class T, class = void> struct bool_rows : std::false_type {};
template <class T>
struct bool_rows<T, typename std::enable_if<std::is_same<
                        typename std::decay<decltype(*std::begin(*std::begin(std::declval<const T&>())))>::type,
                        bool>::value>::type> : std::true_type {};

// A table of marks: each row as the indices that hold true.
template <class T> void put_marks(std::string& o, const T& v, std::true_type) {
  // Built in a buffer of its own: one append to `o`.
  char buf[1024];
  size_t n = 0;
  buf[n++] = '[';
  size_t r = 0;
  for (const auto& row : v) {
    if (n > sizeof buf - 64) break;
    if (r++) { buf[n++] = ','; buf[n++] = ' '; }
    buf[n++] = '{';
    size_t k = 0;
    bool first = true;
    for (auto it = std::begin(row); it != std::end(row) && n < sizeof buf - 16; ++it, ++k) {
      if (!*it) continue;
      if (!first) buf[n++] = ',';
      first = false;
      char digits[24];
      int m = 0;
      for (size_t x = k; m == 0 || x > 0; x /= 10) digits[m++] = static_cast<char>('0' + x % 10);
      while (m > 0) buf[n++] = digits[--m];
    }
    buf[n++] = '}';
  }
  buf[n++] = ']';
  o.append(buf, n);
  if (o.size() > 240) o = o.substr(0, o.rfind(", ", 236)) + ", ...]";
}
template <class T> void put_marks(std::string&, const T&, std::false_type) {}

template <class T> void put_range(std::string& o, const T& v) {
  o += '[';
  size_t k = 0;
  for (const auto& x : v) {
    if (k++) o += ", ";
    if (o.size() > 4000) { o += "..."; break; }
    put(o, x);
  }
  o += ']';
}
inline void put_range(std::string& o, const std::vector<bool>& v) {
  o += '[';
  for (size_t k = 0; k < v.size(); k++) o += k ? (v[k] ? ", true" : ", false") : (v[k] ? "true" : "false");
  o += ']';
}
template <class A, class B> void put(std::string& o, const std::pair<A, B>& v) {
  o += '(';
  put(o, v.first);
  o += ", ";
  put(o, v.second);
  o += ')';
}
template <class T, class C> void put(std::string& o, const std::stack<T, C>& v) {
  struct Inside : std::stack<T, C> {
    static const C& of(const std::stack<T, C>& s) { return s.*&Inside::c; }
  };
  put_range(o, Inside::of(v));
}
template <class T, class C> void put(std::string& o, const std::queue<T, C>& v) {
  struct Inside : std::queue<T, C> {
    static const C& of(const std::queue<T, C>& s) { return s.*&Inside::c; }
  };
  put_range(o, Inside::of(v));
}

// A number as `std::cout << +v` prints it (a float's `%g`), without a stream.
template <class T> void put_number(std::string& o, const T& v, std::false_type) { o += std::to_string(+v); }
// A float or double is exactly a long double, so `%Lg` prints it as `%g` does.
template <class T> void put_number(std::string& o, const T& v, std::true_type) {
  char buf[64];
  int n = std::snprintf(buf, sizeof buf, "%Lg", static_cast<long double>(v));
  if (n > 0) o.append(buf, static_cast<size_t>(n) < sizeof buf ? static_cast<size_t>(n) : sizeof buf - 1);
}
template <class T> void put_any(std::string& o, const T& v, std::true_type, std::false_type) {
  put_number(o, v, std::integral_constant<bool, std::is_floating_point<T>::value>());
}
template <class T> void put_any(std::string& o, const T& v, std::false_type, std::true_type) { put_range(o, v); }
template <class T> void put_any(std::string& o, const T&, std::false_type, std::false_type) { o += '?'; }
template <class T> void put(std::string& o, const T& v) {
  put_any(o, v, std::integral_constant<bool, std::is_arithmetic<T>::value>(),
          std::integral_constant<bool, is_range<T>::value && !std::is_arithmetic<T>::value>());
}

// A local as the copy names it: its name, the object, and how it is shown
// (written into the part's text when snapped).
struct Arg {
  const char* name;
  const void* at;
  void (*show)(std::string&, const void*);
};

template <class T> void show(std::string& o, const void* at) {
  const T& v = *static_cast<const T*>(at);
  if (is_table(v, std::integral_constant<bool, is_range<T>::value && !std::is_same<T, std::string>::value>())) {
    put_marks(o, v, bool_rows<T>());
    return;
  }
  put(o, v);
  // At most 160 characters: a list keeps its end (a stack's top), other
  // text its start.
  if (o.size() > 160) {
    size_t from = o[0] == '[' ? o.find(", ", o.size() - 150) : std::string::npos;
    if (from != std::string::npos) {
      o.replace(0, from + 2, "[..., ");
    } else {
      o.resize(157);
      o += "...";
    }
  }
}

template <class T> Arg nv(const char* name, const T& v) {
  Arg a = {name, static_cast<const void*>(&v), &show<T>};
  return a;
}

// Many calls between two writes (a search that calls its checks and
// writes seldom, or never): past a bound, the objects touched are
// forgotten and every frame is built again at the next write instead.
inline void forget_touched(State& s) {
  if (s.touched.size() > 4096) {
    s.touched.clear();
    s.dirty_from = 0;
  }
}

// The innermost frame's parts stop holding their objects (it is
// re-snapped or returns): each is the last holder of its object.
inline void unhold(State& s) {
  const FrameState& f = s.frames.back();
  for (size_t j = f.nparts; j-- > 0;) {
    const Part& part = f.parts[j];
    if (part.text.empty()) continue;
    if (!part.holders->empty()) part.holders->pop_back();
    s.touched.push_back(part.holders);
  }
  forget_touched(s);
}

// The innermost frame's locals now, each shown into its part's text.
inline void snap_args(const Arg* args, size_t n) {
  State& s = state();
  if (s.frames.empty()) return;
  unhold(s);
  size_t k = s.frames.size() - 1;
  FrameState& f = s.frames.back();
  if (f.parts.size() < n) f.parts.resize(n);
  f.nparts = n;
  for (size_t j = 0; j < n; j++) {
    Part& part = f.parts[j];
    part.name = args[j].name;
    part.text.clear();
    args[j].show(part.text, args[j].at);
    if (part.text.empty()) continue;
    if (part.at != args[j].at || !part.holders) {
      part.at = args[j].at;
      part.holders = &s.held[part.at];
    }
    Holder h = {k, j};
    part.holders->push_back(h);
    s.touched.push_back(part.holders);
  }
  if (k < s.dirty_from) s.dirty_from = k;
  forget_touched(s);
}
template <class... P> void snap(const P&... parts) {
  const Arg args[] = {parts...};
  snap_args(args, sizeof...(P));
}
inline void snap() { snap_args(nullptr, 0); }

struct Frame {
  Frame(const char* name, bool returns_nothing) { state().frames.push(name, returns_nothing); }
  ~Frame() {
    State& s = state();
    if (s.shown == s.frames.size() && s.shown > 0) {
      emit("r " + s.frames.back().ret);
      s.shown--;
    }
    unhold(s);
    s.frames.pop();
    if (s.frames.size() < s.dirty_from) s.dirty_from = s.frames.size();
  }
};

template <class T, class U> T ret(U&& v) {
  T out = static_cast<T>(std::forward<U>(v));
  State& s = state();
  if (!s.frames.empty()) {
    std::string o;
    put(o, out);
    s.frames.back().ret = o;
  }
  return out;
}

// Each frame's locals as the page shows them. An object several frames
// hold (a container passed down by reference) is drawn once, by the
// outermost frame holding it, with the text of the innermost's last snap
// (its value now: a frame snaps after each write and before each call, and
// only a frame holding the object can change it); the others name it,
// `(solveSudoku's rows)`. Only the frames that can show something new are
// built again: those pushed or snapped since the last report, and the
// outermost holders of objects whose innermost holder changed.
inline void frame_text(State& s, size_t k, std::string& text) {
  text.clear();
  const FrameState& f = s.frames[k];
  for (size_t j = 0; j < f.nparts; j++) {
    const Part& part = f.parts[j];
    if (part.text.empty()) continue;
    if (!text.empty()) text += ", ";
    text += part.name;
    text += " = ";
    const std::vector<Holder>& h = *part.holders;
    if (h.empty() || h.front().frame == k) {
      text += h.empty() ? part.text : s.frames[h.back().frame].parts[h.back().part].text;
    } else {
      text += "(";
      text += s.frames[h.front().frame].name;
      text += "'s ";
      text += s.frames[h.front().frame].parts[h.front().part].name;
      text += ")";
    }
  }
}

inline void report_frames() {
  State& s = state();
  for (; s.shown < s.frames.size(); s.shown++) emit(std::string("c ") + s.frames[s.shown].name);
  std::vector<size_t>& owners = s.owners;
  owners.clear();
  for (size_t i = 0; i < s.touched.size(); i++) {
    const std::vector<Holder>& h = *s.touched[i];
    if (!h.empty() && h.front().frame < s.dirty_from) owners.push_back(h.front().frame);
  }
  s.touched.clear();
  std::sort(owners.begin(), owners.end());
  owners.erase(std::unique(owners.begin(), owners.end()), owners.end());
  for (size_t k = s.dirty_from; k < s.frames.size(); k++) owners.push_back(k);
  s.dirty_from = s.frames.size();
  std::string& text = s.text;
  for (size_t i = 0; i < owners.size(); i++) {
    size_t k = owners[i];
    frame_text(s, k, text);
    if (text != s.frames[k].sent) {
      std::string& v = s.line;
      v.assign("\x1e" "v ");
      v += std::to_string(k);
      v += ' ';
      v += text;
      v += '\n';
      send(v);
      s.frames[k].sent = text;
    }
  }
}

inline long long read_cell(const char* p, size_t elem) {
  switch (elem) {
    case 1: return static_cast<signed char>(*p);
    case 2: return *reinterpret_cast<const short*>(p);
    case 4: return *reinterpret_cast<const int*>(p);
    default: return *reinterpret_cast<const long long*>(p);
  }
}

// The digit a cell holds, 0 for empty, -1 for neither.
inline int decode(long long v, char encoding) {
  if (encoding == 'r') return v >= 0 && v <= 9 ? static_cast<int>(v) : -1;
  if (v == '.' || (encoding == 'c' && v == '0')) return 0;
  return v >= '1' && v <= '9' ? static_cast<int>(v - '0') : -1;
}

// Whether a store at `p` is one `store` reports: a cell of the board whose
// digit changed, a rewrite of the program's own digit, or a bad value. The
// copy snaps a frame's locals only then (before `store` reports it): a
// store elsewhere changes nothing a write shows until the next write, which
// snaps, or the next call, which snaps before it.
inline bool hits(const char* p) {
  State& s = state();
  if (!s.started) return false;
  for (int r = 0; r < 9; r++) {
    if (!s.rows[r] || p < s.rows[r] || p >= s.rows[r] + 9 * s.elem) continue;
    size_t off = static_cast<size_t>(p - s.rows[r]);
    if (off % s.elem) return false;
    int c = static_cast<int>(off / s.elem);
    int d = decode(read_cell(p, s.elem), s.encoding);
    int had = s.shadow[r * 9 + c];
    return !(d == (had & 15) && (d == 0 || !(had & 16)));
  }
  return false;
}

inline void store(const char* p, int line) {
  State& s = state();
  if (!s.started) return;
  for (int r = 0; r < 9; r++) {
    if (!s.rows[r] || p < s.rows[r] || p >= s.rows[r] + 9 * s.elem) continue;
    size_t off = static_cast<size_t>(p - s.rows[r]);
    if (off % s.elem) return;
    int c = static_cast<int>(off / s.elem);
    long long v = read_cell(p, s.elem);
    int d = decode(v, s.encoding);
    // The shadow's bit 16: the program wrote the cell. A digit over itself
    // that the program wrote is a rewrite, reported; over a given, not.
    int had = s.shadow[r * 9 + c];
    if (d == (had & 15) && (d == 0 || !(had & 16))) return;
    report_frames();
    if (d < 0) {
      std::string shown = s.elem == 1 && v >= 32 && v < 127 ? std::string("'") + static_cast<char>(v) + "'" : std::to_string(v);
      emit("bad " + std::to_string(r) + " " + std::to_string(c) + " " + std::to_string(line) + " " +
           (s.elem == 1 ? "char" : "int") + " " + shown);
      _exit(0);
    }
    s.shadow[r * 9 + c] = static_cast<unsigned char>(d | 16);
    emit("w " + std::to_string(r) + " " + std::to_string(c) + " " + (d ? std::to_string(d) : std::string(".")) + " " +
         std::to_string(line));
    if (++s.writes >= MAX_STEPS) {
      emit("cut");
      _exit(0);
    }
    return;
  }
}

template <class T> void store_at(const T* p, int line, std::true_type) { store(reinterpret_cast<const char*>(p), line); }
template <class T> void store_at(const T*, int, std::false_type) {}
template <class T> void store_at(const T* p, int line) {
  store_at(p, line, std::integral_constant<bool, std::is_integral<T>::value && !std::is_same<T, bool>::value>());
}
inline void store_at(std::nullptr_t, int) {}

template <class G, class I> auto addr1(G& g, I i, int) -> decltype(&g[i]) { return &g[i]; }
template <class G, class I> std::nullptr_t addr1(G&, I, long) { return nullptr; }
template <class G, class I, class J> auto addr2(G& g, I i, J j, int) -> decltype(&g[i][j]) { return &g[i][j]; }
template <class G, class I, class J> std::nullptr_t addr2(G&, I, J, long) { return nullptr; }

template <class T, size_t N> size_t count(T (&)[N], int) { return N; }
template <class C> auto count(C& c, int) -> decltype((size_t)c.size()) { return c.size(); }
template <class C> size_t count(C&, long) { return 0; }
// A table passed down as a pointer to its rows (`int grid[9][9]` as a
// parameter): as many rows as a row holds, the squares a board is kept in.
template <class T, size_t M> size_t count(T (*&)[M], int) { return M; }

template <class T> void set_elem(const T*) { state().elem = sizeof(T); }
inline void set_elem(std::nullptr_t) {}
// A cell read while looking for the board: a table reached through a
// pointer to its rows is taken to be square, so the read may pass its end
// where it is not; it reads without the sanitiser's check.
template <class T> __attribute__((no_sanitize_address)) long long value_of(const T* p) {
  return static_cast<long long>(*p);
}
inline long long value_of(std::nullptr_t) { return -1000; }
// A cell's address as bytes; none where a cell has no address of its own
// (`vector<vector<bool>>`'s proxies).
template <class T> const char* as_bytes(const T* p) { return reinterpret_cast<const char*>(p); }
inline const char* as_bytes(std::nullptr_t) { return nullptr; }

// A stdin program's board: the first table of 9 or 10 rows of 9 or 10
// whose cells, once this store is made, are the puzzle's (the last given
// read in) or the puzzle's but for this cell (the search's first write).
// Before the first write, a LeetCode solution's copy of its board (an
// int[9][9] it searches on) is followed the same way.
template <class G> void detect(G& g) {
  State& s = state();
  size_t rows = count(g, 0);
  if (rows < 9 || rows > 12) return;
  for (size_t off = 0; off < 2; off++) {
    if (rows < 9 + off) continue;
    bool wide = true;
    for (size_t r = 0; r < 9 + off; r++) wide = wide && count(g[r], 0) >= 9 + off && count(g[r], 0) <= 12;
    if (!wide) continue;
    for (char enc : {'r', 'c'}) {
      int differ = 0, known = 0;
      for (int k = 0; k < 81; k++) {
        long long v = value_of(addr2(g, k / 9 + off, k % 9 + off, 0));
        int want = PUZZLE[k] == '.' ? 0 : PUZZLE[k] - '0';
        int d = decode(v, enc);
        if (d != want) differ += (want == 0 && d > 0) ? 1 : 100;
        known += want > 0;
      }
      if (differ > 1 || known == 0) continue;
      const char* first = as_bytes(addr2(g, off, off, 0));
      if (!first) return;
      if (s.started && first == s.rows[0]) return;
      s.encoding = enc;
      for (int r = 0; r < 9; r++) s.rows[r] = as_bytes(addr2(g, r + off, off, 0));
      set_elem(addr2(g, off, off, 0));
      for (int k = 0; k < 81; k++) s.shadow[k] = static_cast<unsigned char>(PUZZLE[k] == '.' ? 0 : PUZZLE[k] - '0');
      if (!s.started) emit("start");
      s.started = true;
      return;
    }
  }
}

template <class G, class I, class J> void at2(G&& g, I i, J j, int line) {
  if (!state().started || state().writes == 0) detect(g);
  store_at(addr2(g, i, j, 0), line);
}
template <class G, class I> void at1(G&& g, I i, int line) { store_at(addr1(g, i, 0), line); }

template <class T> bool hits_at(const T* p, std::true_type) { return hits(reinterpret_cast<const char*>(p)); }
template <class T> bool hits_at(const T*, std::false_type) { return false; }
template <class T> bool hits_at(const T* p) {
  return hits_at(p, std::integral_constant<bool, std::is_integral<T>::value && !std::is_same<T, bool>::value>());
}
inline bool hits_at(std::nullptr_t) { return false; }
template <class G, class I, class J> bool hits2(G&& g, I i, J j) {
  if (!state().started || state().writes == 0) detect(g);
  return hits_at(addr2(g, i, j, 0));
}
template <class G, class I> bool hits1(G&& g, I i) { return hits_at(addr1(g, i, 0)); }
template <class T> bool hits_ref(T& v) { return hits_at(&v); }
// A store through a reference (`char& cell = board[r][c]; cell = d;`).
template <class T> void at_ref(T& v, int line) { store_at(&v, line); }

template <class B> void board(B& b) {
  State& s = state();
  for (int r = 0; r < 9; r++) s.rows[r] = reinterpret_cast<const char*>(&b[r][0]);
  s.elem = 1;
  s.encoding = 'l';
  for (int k = 0; k < 81; k++) {
    int d = decode(b[k / 9][k % 9], 'l');
    s.shadow[k] = static_cast<unsigned char>(d > 0 ? d : 0);
  }
  s.started = true;
  emit("start");
}
}  // namespace sudoku_trace
