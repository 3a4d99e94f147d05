// The trace's recorder for a Java file, put after the file's last line in a
// copy the trace builds (a class beside the file's own, so every line keeps
// its number); the same protocol as sudoku_trace.hpp's, written to the
// process's own fd 1 (the judge's harness points System.out elsewhere).
final class SudokuTrace {
  // The step limit and the puzzle come with the run, as the JVM's property
  // `sudoku.trace=MAX:PUZZLE` (81 of '.' and '1'-'9'), so one build serves
  // every puzzle and limit.
  static final long MAX_STEPS = option(0, 100000L);
  static final String PUZZLE = option(1, ".................................................................................");

  @SuppressWarnings("unchecked")
  static <T> T option(int part, T otherwise) {
    String[] parts = System.getProperty("sudoku.trace", "").split(":", 2);
    try {
      if (part == 0) return (T) Long.valueOf(Long.parseLong(parts[0]));
      if (parts.length == 2 && parts[1].length() == 81) return (T) parts[1];
    } catch (RuntimeException e) {
      // Not given: the default.
    }
    return otherwise;
  }
  static final java.io.FileOutputStream OUT = new java.io.FileOutputStream(java.io.FileDescriptor.out);
  static final java.util.ArrayList<String[]> frames = new java.util.ArrayList<>(); // name, sent, ret
  // Each frame's locals as snapped: name, text (null: left out), and the
  // object itself where frames may share it (an array, a collection, an
  // object of the file's own; null for a number, a char, a string).
  static final java.util.ArrayList<Object[]> parts = new java.util.ArrayList<>();
  // Each shared-able object's holders {frame, part}, outermost first; the
  // objects whose innermost holder or its text changed since the last
  // report; the first frame pushed or snapped since then.
  static final java.util.IdentityHashMap<Object, java.util.ArrayList<int[]>> held = new java.util.IdentityHashMap<>();
  static final java.util.ArrayList<Object> touched = new java.util.ArrayList<>();
  static int dirtyFrom;
  static int shown;
  static boolean started;
  static char encoding = 'l';
  static final Object[] rows = new Object[9];
  static int offset;
  static final int[] shadow = new int[81];
  static long writes;

  static void emit(String line) {
    try {
      // A line break inside a value (an object's own toString) would end
      // the line early.
      String one = line.indexOf('\n') < 0 && line.indexOf('\r') < 0 ? line : line.replace("\n", "\\n").replace("\r", "\\r");
      OUT.write(("\u001e" + one + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
    } catch (java.io.IOException e) {
      // Nothing to tell it to.
    }
  }

  static void enter(String name, boolean returnsNothing) {
    frames.add(new String[] {name, "", returnsNothing ? "nothing" : "?"});
    parts.add(new Object[0]);
  }

  static void leave() {
    if (frames.isEmpty()) return;
    if (shown == frames.size()) {
      emit("r " + frames.get(frames.size() - 1)[2]);
      shown--;
    }
    unhold();
    frames.remove(frames.size() - 1);
    parts.remove(parts.size() - 1);
    dirtyFrom = Math.min(dirtyFrom, frames.size());
  }

  // The innermost frame's parts stop holding their objects (it is snapped
  // again or returns): each is the last holder of its object.
  static void unhold() {
    Object[] p = parts.get(parts.size() - 1);
    for (int j = p.length - 3; j >= 0; j -= 3) {
      if (p[j + 1] == null || p[j + 2] == null) continue;
      java.util.ArrayList<int[]> h = held.get(p[j + 2]);
      if (h == null) continue;
      h.remove(h.size() - 1);
      if (h.isEmpty()) held.remove(p[j + 2]);
      touched.add(p[j + 2]);
    }
    forgetTouched();
  }

  // Many calls between two writes (a search that calls its checks and
  // writes seldom, or never): past a bound, the objects touched are
  // forgotten and every frame is built again at the next write instead.
  static void forgetTouched() {
    if (touched.size() > 4096) {
      touched.clear();
      dirtyFrom = 0;
    }
  }

  static void returning(String text) {
    if (!frames.isEmpty()) frames.get(frames.size() - 1)[2] = text;
  }
  static boolean ret(boolean v) { returning(String.valueOf(v)); return v; }
  static int ret(int v) { returning(String.valueOf(v)); return v; }
  static long ret(long v) { returning(String.valueOf(v)); return v; }
  static double ret(double v) { returning(String.valueOf(v)); return v; }
  static char ret(char v) { returning(show(v)); return v; }

  // A table of 9 or more rows of 9 or more is left out (the board): null;
  // but for a table of booleans (a row's marks), shown row by row as the
  // indices that hold true, [{3,5,7}, {}, …].
  static String show(Object v) {
    if (v == null) return "null";
    if (v instanceof Field) return show(((Field) v).read.get());
    if (v instanceof Character) {
      char c = (Character) v;
      return c >= 32 && c < 127 ? "'" + c + "'" : "(char)" + (int) c;
    }
    if (v instanceof Number || v instanceof Boolean) return String.valueOf(v);
    if (v instanceof String) {
      String s = (String) v;
      return quote(s.length() > 80 ? s.substring(0, 80) : s, s.length() > 80 ? "..." : "");
    }
    java.util.List<Object> items = items(v);
    if (items == null) return plain(v);
    if (items.size() >= 9) {
      java.util.List<Object> first = items(items.get(0));
      if (first != null && first.size() >= 9) return items.get(0) instanceof boolean[] ? marks(items) : null;
    }
    StringBuilder b = new StringBuilder("[");
    for (int k = 0; k < items.size(); k++) {
      if (k > 0) b.append(", ");
      if (b.length() > 4000) {
        b.append("...");
        break;
      }
      b.append(show(items.get(k)));
    }
    return b.append(']').toString();
  }

  // A table of booleans, each row as the indices that hold true; past 240
  // characters, cut after a row.
  static String marks(java.util.List<Object> rows) {
    StringBuilder b = new StringBuilder("[");
    for (int r = 0; r < rows.size(); r++) {
      if (r > 0) b.append(", ");
      b.append('{');
      Object row = rows.get(r);
      if (row instanceof boolean[]) {
        boolean[] marks = (boolean[]) row;
        boolean first = true;
        for (int k = 0; k < marks.length; k++) {
          if (!marks[k]) continue;
          if (!first) b.append(',');
          first = false;
          b.append(k);
        }
      }
      b.append('}');
    }
    String s = b.append(']').toString();
    return s.length() > 240 ? s.substring(0, s.lastIndexOf(", ", 236)) + ", ...]" : s;
  }

  // A field of a number, a char or a string (`placed`, `calls`), which
  // every method of its object names: one object for each owner (the
  // instance, or the class of a static field) and name, so that the frames
  // naming it share it as they share an array, and read when snapped.
  static final class Field {
    final java.util.function.Supplier<Object> read;
    Field(java.util.function.Supplier<Object> read) { this.read = read; }
  }
  static final java.util.IdentityHashMap<Object, java.util.HashMap<String, Field>> fields = new java.util.IdentityHashMap<>();
  static Field field(Object owner, String name, java.util.function.Supplier<Object> read) {
    return fields.computeIfAbsent(owner, o -> new java.util.HashMap<>()).computeIfAbsent(name, n -> new Field(read));
  }

  // Text as a Java literal, `more` before its closing quote: a quote, a
  // backslash and a control character escaped (a newline would end the
  // recorder's line).
  static String quote(String s, String more) {
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"': b.append("\\\""); break;
        case '\\': b.append("\\\\"); break;
        case '\n': b.append("\\n"); break;
        case '\t': b.append("\\t"); break;
        case '\r': b.append("\\r"); break;
        default:
          if (c < 32 || c == 127) b.append(String.format("\\u%04x", (int) c));
          else b.append(c);
      }
    }
    return b.append(more).append('"').toString();
  }

  // An object: its toString, or where it has none of its own, its fields
  // (Placement(row=0, col=2, digit=4)).
  static String plain(Object v) {
    Class<?> k = v.getClass();
    String name = k.getName();
    if (name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.") || name.startsWith("sun.")) {
      return "<" + k.getSimpleName() + ">";
    }
    try {
      if (k.getMethod("toString").getDeclaringClass() != Object.class) return String.valueOf(v);
    } catch (NoSuchMethodException e) {
      return "?";
    }
    StringBuilder b = new StringBuilder(k.getSimpleName()).append('(');
    int n = 0;
    for (java.lang.reflect.Field f : k.getDeclaredFields()) {
      if (java.lang.reflect.Modifier.isStatic(f.getModifiers()) || f.isSynthetic()) continue;
      try {
        f.setAccessible(true);
        Object x = f.get(v);
        b.append(n++ > 0 ? ", " : "").append(f.getName()).append('=').append(x != null && x.getClass() == k ? "..." : show(x));
      } catch (ReflectiveOperationException | RuntimeException e) {
        b.append(n++ > 0 ? ", " : "").append(f.getName()).append("=?");
      }
    }
    return b.append(')').toString();
  }

  static java.util.List<Object> items(Object v) {
    if (v == null) return null;
    java.util.ArrayList<Object> out = new java.util.ArrayList<>();
    if (v.getClass().isArray()) {
      int n = java.lang.reflect.Array.getLength(v);
      for (int k = 0; k < n; k++) out.add(java.lang.reflect.Array.get(v, k));
      return out;
    }
    if (v instanceof Iterable) {
      for (Object x : (Iterable<?>) v) out.add(x);
      // A Stack lists bottom first; a Deque used as a stack, top first.
      return out;
    }
    if (v instanceof java.util.Map) {
      out.addAll(((java.util.Map<?, ?>) v).entrySet());
      return out;
    }
    return null;
  }

  static void snap(Object... pairs) {
    if (frames.isEmpty()) return;
    Object[] kept = new Object[pairs.length / 2 * 3];
    for (int k = 0; k + 1 < pairs.length; k += 2) {
      Object v = pairs[k + 1];
      String s = show(v);
      kept[k / 2 * 3] = pairs[k];
      kept[k / 2 * 3 + 1] = s == null ? null : shorten(s);
      boolean value = v == null || v instanceof Number || v instanceof Boolean || v instanceof Character || v instanceof String;
      kept[k / 2 * 3 + 2] = value ? null : v;
    }
    unhold();
    int k = parts.size() - 1;
    parts.set(k, kept);
    for (int j = 0; j + 2 < kept.length; j += 3) {
      if (kept[j + 1] == null || kept[j + 2] == null) continue;
      held.computeIfAbsent(kept[j + 2], x -> new java.util.ArrayList<>()).add(new int[] {k, j});
      touched.add(kept[j + 2]);
    }
    dirtyFrom = Math.min(dirtyFrom, k);
    forgetTouched();
  }

  // At most 160 characters: a list keeps its end (a stack's top), other
  // text its start.
  static String shorten(String s) {
    if (s.length() <= 160 || s.startsWith("[{") && s.length() <= 246) return s;
    if (s.startsWith("[")) {
      int from = s.indexOf(", ", s.length() - 150);
      if (from > 0) return "[..., " + s.substring(from + 2);
    }
    return s.substring(0, 157) + "...";
  }

  // Each frame's locals as the page shows them. An object several frames
  // hold (an array or a list passed down) is drawn once, by the outermost
  // frame holding it, with the text of the innermost's last snap (its value
  // now: a frame snaps after each store and before each call, and only a
  // frame holding the object can change it); the others name it,
  // `(solveSudoku's rows)`. Only the frames that can show something new
  // are built again: those pushed or snapped since the last report, and the
  // outermost holders of objects whose innermost holder changed.
  static String frameText(int k) {
    StringBuilder b = new StringBuilder();
    Object[] p = parts.get(k);
    for (int j = 0; j + 2 < p.length; j += 3) {
      if (p[j + 1] == null) continue;
      if (b.length() > 0) b.append(", ");
      b.append(p[j]).append(" = ");
      java.util.ArrayList<int[]> h = p[j + 2] == null ? null : held.get(p[j + 2]);
      if (h == null) {
        b.append(p[j + 1]);
      } else if (h.get(0)[0] != k) {
        int[] o = h.get(0);
        b.append('(').append(frames.get(o[0])[0]).append("'s ").append(parts.get(o[0])[o[1]]).append(')');
      } else {
        int[] in = h.get(h.size() - 1);
        b.append(parts.get(in[0])[in[1] + 1]);
      }
    }
    return b.toString();
  }

  static void report() {
    for (; shown < frames.size(); shown++) emit("c " + frames.get(shown)[0]);
    java.util.TreeSet<Integer> rebuilt = new java.util.TreeSet<>();
    for (Object o : touched) {
      java.util.ArrayList<int[]> h = held.get(o);
      if (h != null && h.get(0)[0] < dirtyFrom) rebuilt.add(h.get(0)[0]);
    }
    touched.clear();
    for (int k = dirtyFrom; k < frames.size(); k++) rebuilt.add(k);
    dirtyFrom = frames.size();
    for (int k : rebuilt) {
      String text = frameText(k);
      String[] f = frames.get(k);
      if (!text.equals(f[1])) {
        emit("v " + k + " " + text);
        f[1] = text;
      }
    }
  }

  static int decode(long v, char enc) {
    if (enc == 'r') return v >= 0 && v <= 9 ? (int) v : -1;
    if (v == '.' || (enc == 'c' && v == '0')) return 0;
    return v >= '1' && v <= '9' ? (int) (v - '0') : -1;
  }

  static long cell(Object row, int c) {
    if (row instanceof char[]) return ((char[]) row)[c];
    if (row instanceof int[]) return ((int[]) row)[c];
    if (row instanceof byte[]) return ((byte[]) row)[c];
    if (row instanceof long[]) return ((long[]) row)[c];
    if (row instanceof short[]) return ((short[]) row)[c];
    return -1000;
  }

  static int length(Object a) {
    return a != null && a.getClass().isArray() ? java.lang.reflect.Array.getLength(a) : 0;
  }

  static void at1(Object row, int col, int line) {
    if (!started || row == null) return;
    for (int r = 0; r < 9; r++) {
      if (rows[r] != row) continue;
      int c = col - offset;
      if (c < 0 || c >= 9) return;
      long v = cell(row, col);
      int d = decode(v, encoding);
      // The shadow's bit 16: the program wrote the cell. A digit over itself
      // that the program wrote is a rewrite, reported; over a given, not.
      int had = shadow[r * 9 + c];
      if (d == (had & 15) && (d == 0 || (had & 16) == 0)) return;
      report();
      if (d < 0) {
        String kind = row instanceof char[] ? "char" : "int";
        String shown = row instanceof char[] && v >= 32 && v < 127 ? "'" + (char) v + "'" : String.valueOf(v);
        emit("bad " + r + " " + c + " " + line + " " + kind + " " + shown);
        Runtime.getRuntime().halt(0);
      }
      shadow[r * 9 + c] = d | 16;
      emit("w " + r + " " + c + " " + (d == 0 ? "." : String.valueOf(d)) + " " + line);
      if (++writes >= MAX_STEPS) {
        emit("cut");
        Runtime.getRuntime().halt(0);
      }
      return;
    }
  }

  // A stdin program's board, as sudoku_trace.hpp's detect.
  static void detect(Object table) {
    int n = length(table);
    if (n < 9 || n > 12) return;
    for (int off = 0; off < 2; off++) {
      boolean wide = n >= 9 + off;
      for (int r = 0; wide && r < 9 + off; r++) {
        int w = length(java.lang.reflect.Array.get(table, r));
        wide = w >= 9 + off && w <= 12;
      }
      if (!wide) continue;
      for (char enc : new char[] {'r', 'c'}) {
        int differ = 0, known = 0;
        for (int k = 0; k < 81; k++) {
          long v = cell(java.lang.reflect.Array.get(table, k / 9 + off), k % 9 + off);
          int want = PUZZLE.charAt(k) == '.' ? 0 : PUZZLE.charAt(k) - '0';
          int d = decode(v, enc);
          if (d != want) differ += (want == 0 && d > 0) ? 1 : 100;
          if (want > 0) known++;
        }
        if (differ > 1 || known == 0) continue;
        if (started && rows[0] == java.lang.reflect.Array.get(table, off)) return;
        encoding = enc;
        offset = off;
        for (int r = 0; r < 9; r++) rows[r] = java.lang.reflect.Array.get(table, r + off);
        for (int k = 0; k < 81; k++) shadow[k] = PUZZLE.charAt(k) == '.' ? 0 : PUZZLE.charAt(k) - '0';
        if (!started) emit("start");
        started = true;
        return;
      }
    }
  }

  static void at2(Object table, int row, int col, int line) {
    if (!started || writes == 0) detect(table);
    if (row >= 0 && row < length(table)) at1(java.lang.reflect.Array.get(table, row), col, line);
  }

  static void board(char[][] b) {
    for (int r = 0; r < 9; r++) rows[r] = b[r];
    encoding = 'l';
    offset = 0;
    for (int k = 0; k < 81; k++) shadow[k] = Math.max(0, decode(b[k / 9][k % 9], 'l'));
    started = true;
    emit("start");
  }
}
