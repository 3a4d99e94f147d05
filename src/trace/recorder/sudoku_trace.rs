// The trace's recorder for a Rust file, put after the file's last line in a
// copy the trace builds (so every line keeps its number); the same protocol
// as sudoku_trace.hpp's, written to the process's stdout as it was at the
// first write: where the judge's harness has pointed fd 1 at stderr, the fd
// it kept the real stdout in.
#[allow(dead_code, unused_imports, unused_unsafe, clippy::all)]
mod sudoku_trace {
    use std::cell::RefCell;
    use std::fmt::Debug;
    use std::io::Write;

    // The step limit and the puzzle come with the run, as the argument
    // `--sudoku-trace=MAX:PUZZLE` (81 of '.' and '1'-'9'), so one build
    // serves every puzzle and limit.
    thread_local! {
        static OPTIONS: (u64, Vec<u8>) = options();
    }

    fn options() -> (u64, Vec<u8>) {
        let mut max = 100_000;
        let mut puzzle = vec![b'.'; 81];
        for arg in std::env::args_os().skip(1) {
            let arg = arg.to_string_lossy().into_owned();
            let rest = match arg.strip_prefix("--sudoku-trace=") {
                Some(rest) => rest,
                None => continue,
            };
            let (steps, cells) = rest.split_once(':').unwrap_or((rest, ""));
            if let Ok(n) = steps.parse::<u64>() {
                max = n.max(1);
            }
            if cells.len() == 81 {
                puzzle = cells.as_bytes().to_vec();
            }
        }
        (max, puzzle)
    }

    fn max_steps() -> u64 {
        OPTIONS.with(|o| o.0)
    }

    fn puzzle() -> Vec<u8> {
        OPTIONS.with(|o| o.1.clone())
    }

    /// A local as snapped: its name, its value's text (`None`: left out)
    /// and the address of the object it names (a reference's: the object
    /// referred to), by which frames holding one object are told apart.
    struct Part {
        name: &'static str,
        text: Option<String>,
        at: usize,
    }

    struct Frame {
        name: &'static str,
        parts: Vec<Part>,
        sent: String,
        ret: String,
    }

    struct State {
        out: Option<std::fs::File>,
        frames: Vec<Frame>,
        shown: usize,
        started: bool,
        encoding: u8,
        rows: [usize; 9],
        elem: usize,
        read: fn(usize) -> i64,
        shadow: [u8; 81],
        writes: u64,
        /// Each object's holders (frame, part), outermost first (a key is
        /// kept when none is left, so its Vec is reused).
        held: std::collections::HashMap<usize, Vec<(usize, usize)>>,
        /// The objects whose innermost holder or its text changed since
        /// the last report.
        touched: Vec<usize>,
        /// The first frame pushed or snapped since the last report.
        dirty_from: usize,
    }

    fn read_none(_: usize) -> i64 {
        -1000
    }

    thread_local! {
        static STATE: RefCell<State> = RefCell::new(State {
            out: None,
            frames: Vec::new(),
            shown: 0,
            started: false,
            encoding: b'l',
            rows: [0; 9],
            elem: 1,
            read: read_none,
            shadow: [0; 81],
            writes: 0,
            held: std::collections::HashMap::new(),
            touched: Vec::new(),
            dirty_from: 0,
        });
    }

    #[cfg(unix)]
    fn real_stdout() -> std::fs::File {
        use std::os::unix::fs::MetadataExt;
        use std::os::unix::io::FromRawFd;
        let id = |fd: i32| {
            let file = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(fd) });
            file.metadata().ok().map(|m| (m.dev(), m.ino()))
        };
        let err = id(2);
        let fd = if id(1) != err {
            1
        } else {
            (3..16).find(|&fd| id(fd).is_some_and(|m| Some(m) != err && Some(m) != id(0))).unwrap_or(1)
        };
        let file = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(fd) });
        file.try_clone().unwrap_or_else(|_| unsafe { std::fs::File::from_raw_fd(1) })
    }
    #[cfg(not(unix))]
    fn real_stdout() -> std::fs::File {
        panic!("the trace's recorder runs on Unix")
    }

    fn emit(s: &mut State, line: &str) {
        let out = s.out.get_or_insert_with(real_stdout);
        let _ = out.write_all(format!("\x1e{line}\n").as_bytes());
    }

    pub struct Guard;
    impl Drop for Guard {
        fn drop(&mut self) {
            STATE.with(|s| {
                let s = &mut *s.borrow_mut();
                if s.shown == s.frames.len() && s.shown > 0 {
                    let line = format!("r {}", s.frames[s.shown - 1].ret);
                    emit(s, &line);
                    s.shown -= 1;
                }
                unhold(s);
                s.frames.pop();
                s.dirty_from = s.dirty_from.min(s.frames.len());
            })
        }
    }

    pub fn enter(name: &'static str, returns_nothing: bool) -> Guard {
        STATE.with(|s| {
            s.borrow_mut().frames.push(Frame {
                name,
                parts: Vec::new(),
                sent: String::new(),
                ret: if returns_nothing { "nothing" } else { "?" }.into(),
            })
        });
        Guard
    }

    pub fn ret<T: Debug>(v: T) -> T {
        let text = format!("{v:?}");
        STATE.with(|s| {
            if let Some(f) = s.borrow_mut().frames.last_mut() {
                f.ret = text;
            }
        });
        v
    }

    /// A value as the page shows it: its Debug text, or `?` without one.
    pub struct W<'a, T: ?Sized>(pub &'a T);
    pub trait Shown {
        fn shown(&self) -> String;
    }
    impl<T: Debug + ?Sized> Shown for W<'_, T> {
        fn shown(&self) -> String {
            format!("{:?}", self.0)
        }
    }
    pub trait NotShown {
        fn shown(&self) -> String;
    }
    impl<T: ?Sized> NotShown for &W<'_, T> {
        fn shown(&self) -> String {
            "?".into()
        }
    }

    /// Where the object a local names is: a reference's referent, any
    /// other local's own place.
    pub struct P<'a, T: ?Sized>(pub &'a T);
    pub trait Through {
        fn at(&self) -> usize;
    }
    impl<T: ?Sized> Through for P<'_, &T> {
        fn at(&self) -> usize {
            *self.0 as *const T as *const () as usize
        }
    }
    impl<T: ?Sized> Through for P<'_, &mut T> {
        fn at(&self) -> usize {
            &**self.0 as *const T as *const () as usize
        }
    }
    pub trait Own {
        fn at(&self) -> usize;
    }
    impl<T: ?Sized> Own for &P<'_, T> {
        fn at(&self) -> usize {
            self.0 as *const T as *const () as usize
        }
    }

    /// Whether Debug text is a table of 9 or more rows of 9 or more (the
    /// board, a row's marks), which the page leaves out.
    fn is_table(text: &str) -> bool {
        let b = text.as_bytes();
        if b.len() < 2 || b[0] != b'[' || b[1] != b'[' {
            return false;
        }
        let (mut depth, mut rows, mut first) = (0, 0, 1);
        for &c in b {
            match c {
                b'[' | b'(' | b'{' => {
                    depth += 1;
                    if depth == 2 {
                        rows += 1;
                    }
                }
                b']' | b')' | b'}' => depth -= 1,
                b',' if depth == 2 && rows == 1 => first += 1,
                _ => {}
            }
        }
        rows >= 9 && first >= 9
    }

    /// A table's Debug text as its marks, where it holds booleans only:
    /// each row as the indices that hold true, `[{3,5,7}, {}, …]`, cut
    /// after a row past 240 bytes; `None` for any other table.
    fn marks(text: &str) -> Option<String> {
        let inner = text.strip_prefix('[')?.strip_suffix(']')?;
        let mut out = String::from("[");
        for (r, row) in inner.split("], [").enumerate() {
            let row = row.trim_start_matches('[').trim_end_matches(']');
            if r > 0 {
                out.push_str(", ");
            }
            out.push('{');
            let mut first = true;
            for (k, cell) in row.split(", ").enumerate() {
                match cell {
                    "true" => {
                        if !first {
                            out.push(',');
                        }
                        first = false;
                        out.push_str(&k.to_string());
                    }
                    "false" => {}
                    _ => return None,
                }
            }
            out.push('}');
        }
        out.push(']');
        if out.len() > 240 {
            let cut = out[..236].rfind(", ").unwrap_or(236);
            out.truncate(cut);
            out.push_str(", ...]");
        }
        Some(out)
    }

    pub fn snap(parts: &[(&'static str, String, usize)]) {
        let mut kept = Vec::with_capacity(parts.len());
        for &(name, ref value, at) in parts {
            if is_table(value) {
                kept.push(Part {
                    name,
                    text: marks(value),
                    at,
                });
                continue;
            }
            // At most 160 bytes: a list keeps its end (a stack's top),
            // other text its start.
            let mut value = value.clone();
            if value.len() > 160 {
                let mut from = value.len() - 150;
                while !value.is_char_boundary(from) {
                    from += 1;
                }
                match value[from..].find(", ") {
                    Some(k) if value.starts_with('[') => {
                        value = format!("[..., {}", &value[from + k + 2..]);
                    }
                    _ => {
                        let mut cut = 157;
                        while !value.is_char_boundary(cut) {
                            cut -= 1;
                        }
                        value.truncate(cut);
                        value.push_str("...");
                    }
                }
            }
            kept.push(Part {
                name,
                text: Some(value),
                at,
            });
        }
        STATE.with(|s| {
            let s = &mut *s.borrow_mut();
            if s.frames.is_empty() {
                return;
            }
            unhold(s);
            let k = s.frames.len() - 1;
            for (j, p) in kept.iter().enumerate() {
                if p.text.is_some() {
                    s.held.entry(p.at).or_default().push((k, j));
                    s.touched.push(p.at);
                }
            }
            s.frames[k].parts = kept;
            s.dirty_from = s.dirty_from.min(k);
            forget_touched(s);
        });
    }

    /// Many calls between two writes (a search that calls its checks and
    /// writes seldom, or never): past a bound, the objects touched are
    /// forgotten and every frame is built again at the next write instead.
    fn forget_touched(s: &mut State) {
        if s.touched.len() > 4096 {
            s.touched.clear();
            s.dirty_from = 0;
        }
    }

    /// The innermost frame's parts stop holding their objects (it is
    /// snapped again or returns): each is the last holder of its object.
    fn unhold(s: &mut State) {
        let parts = match s.frames.last() {
            Some(f) => &f.parts,
            None => return,
        };
        for p in parts.iter().rev() {
            if p.text.is_some() {
                if let Some(h) = s.held.get_mut(&p.at) {
                    h.pop();
                }
                s.touched.push(p.at);
            }
        }
        forget_touched(s);
    }

    /// Each frame's locals as the page shows them. An object several
    /// frames hold (a `&mut` passed down) is drawn once, by the outermost
    /// frame holding it, with the text of the innermost's last snap (its
    /// value now: a frame snaps after each store and before each call, and
    /// only a frame holding the object can change it); the others name it,
    /// `(solve_sudoku's rows)`. Only the frames that can show something new
    /// are built again: those pushed or snapped since the last report, and
    /// the outermost holders of objects whose innermost holder changed.
    fn frame_text(s: &State, k: usize) -> String {
        let mut text = String::new();
        for p in &s.frames[k].parts {
            let own = match &p.text {
                Some(own) => own,
                None => continue,
            };
            if !text.is_empty() {
                text.push_str(", ");
            }
            text.push_str(p.name);
            text.push_str(" = ");
            match s.held.get(&p.at).map(|h| (h.first(), h.last())) {
                Some((Some(&(of, op)), _)) if of != k => {
                    let owner = &s.frames[of];
                    text.push_str(&format!("({}'s {})", owner.name, owner.parts[op].name));
                }
                Some((_, Some(&(inf, inp)))) => {
                    text.push_str(s.frames[inf].parts[inp].text.as_deref().unwrap_or(""));
                }
                _ => text.push_str(own),
            }
        }
        text
    }

    fn report(s: &mut State) {
        while s.shown < s.frames.len() {
            let line = format!("c {}", s.frames[s.shown].name);
            emit(s, &line);
            s.shown += 1;
        }
        let mut frames: Vec<usize> = s
            .touched
            .iter()
            .filter_map(|at| s.held.get(at)?.first().map(|&(of, _)| of))
            .filter(|&of| of < s.dirty_from)
            .collect();
        s.touched.clear();
        frames.sort_unstable();
        frames.dedup();
        frames.extend(s.dirty_from..s.frames.len());
        s.dirty_from = s.frames.len();
        for k in frames {
            let text = frame_text(s, k);
            if text != s.frames[k].sent {
                let line = format!("v {k} {text}");
                emit(s, &line);
                s.frames[k].sent = text;
            }
        }
    }

    fn decode(v: i64, enc: u8) -> i64 {
        if enc == b'r' {
            return if (0..=9).contains(&v) { v } else { -1 };
        }
        if v == '.' as i64 || (enc == b'c' && v == '0' as i64) {
            return 0;
        }
        if ('1' as i64..='9' as i64).contains(&v) {
            v - '0' as i64
        } else {
            -1
        }
    }

    /// The element types a board is made of.
    pub trait Cell: Copy + 'static {
        fn value(self) -> i64;
    }
    macro_rules! cells {
        ($($t:ty),*) => {$(impl Cell for $t { fn value(self) -> i64 { self as i64 } })*};
    }
    cells!(char, u8, i8, u16, i16, u32, i32, u64, i64, usize, isize);

    fn read_at<T: Cell>(p: usize) -> i64 {
        unsafe { std::ptr::read_volatile(p as *const T) }.value()
    }

    fn store(p: usize, line: u32) {
        STATE.with(|s| {
            let s = &mut *s.borrow_mut();
            if !s.started {
                return;
            }
            for r in 0..9 {
                let base = s.rows[r];
                if base == 0 || p < base || p >= base + 9 * s.elem || (p - base) % s.elem != 0 {
                    continue;
                }
                let c = (p - base) / s.elem;
                let v = (s.read)(p);
                let d = decode(v, s.encoding);
                // The shadow's bit 16: the program wrote the cell. A digit over
                // itself that the program wrote is a rewrite, reported; over
                // a given, not.
                let had = s.shadow[r * 9 + c];
                if d == i64::from(had & 15) && (d == 0 || had & 16 == 0) {
                    return;
                }
                report(s);
                if d < 0 {
                    let (kind, shown) = match char::from_u32(v as u32) {
                        Some(ch) if s.elem == 4 && s.encoding == b'l' => ("char", format!("{ch:?}")),
                        _ => ("int", v.to_string()),
                    };
                    let line = format!("bad {r} {c} {line} {kind} {shown}");
                    emit(s, &line);
                    std::process::exit(0);
                }
                s.shadow[r * 9 + c] = d as u8 | 16;
                let digit = if d == 0 { ".".to_string() } else { d.to_string() };
                let text = format!("w {r} {c} {digit} {line}");
                emit(s, &text);
                s.writes += 1;
                if s.writes >= max_steps() {
                    emit(s, "cut");
                    std::process::exit(0);
                }
                return;
            }
        })
    }

    /// After a store into a subscript: `(&At(&x[i][j])).at(line)`.
    pub struct At<'a, T: ?Sized>(pub &'a T);
    pub trait Stored {
        fn at(&self, line: u32);
    }
    impl<T: Cell> Stored for At<'_, T> {
        fn at(&self, line: u32) {
            store(self.0 as *const T as usize, line)
        }
    }
    pub trait NotStored {
        fn at(&self, line: u32);
    }
    impl<T: ?Sized> NotStored for &At<'_, T> {
        fn at(&self, _: u32) {}
    }

    /// A table a stdin program may keep its board in.
    pub trait Table {
        fn rows(&self) -> usize;
        fn cols(&self, r: usize) -> usize;
        fn cell(&self, r: usize, c: usize) -> i64;
        fn addr(&self, r: usize, c: usize) -> usize;
        fn reader(&self) -> fn(usize) -> i64;
        fn elem(&self) -> usize;
    }
    impl<T: Cell, const N: usize, const M: usize> Table for [[T; N]; M] {
        fn rows(&self) -> usize { M }
        fn cols(&self, _: usize) -> usize { N }
        fn cell(&self, r: usize, c: usize) -> i64 { self[r][c].value() }
        fn addr(&self, r: usize, c: usize) -> usize { &self[r][c] as *const T as usize }
        fn reader(&self) -> fn(usize) -> i64 { read_at::<T> }
        fn elem(&self) -> usize { std::mem::size_of::<T>() }
    }
    impl<T: Cell> Table for Vec<Vec<T>> {
        fn rows(&self) -> usize { self.len() }
        fn cols(&self, r: usize) -> usize { self[r].len() }
        fn cell(&self, r: usize, c: usize) -> i64 { self[r][c].value() }
        fn addr(&self, r: usize, c: usize) -> usize { &self[r][c] as *const T as usize }
        fn reader(&self) -> fn(usize) -> i64 { read_at::<T> }
        fn elem(&self) -> usize { std::mem::size_of::<T>() }
    }
    impl<T: Cell, const N: usize> Table for Vec<[T; N]> {
        fn rows(&self) -> usize { self.len() }
        fn cols(&self, _: usize) -> usize { N }
        fn cell(&self, r: usize, c: usize) -> i64 { self[r][c].value() }
        fn addr(&self, r: usize, c: usize) -> usize { &self[r][c] as *const T as usize }
        fn reader(&self) -> fn(usize) -> i64 { read_at::<T> }
        fn elem(&self) -> usize { std::mem::size_of::<T>() }
    }
    impl<X: Table + ?Sized> Table for &X {
        fn rows(&self) -> usize { (**self).rows() }
        fn cols(&self, r: usize) -> usize { (**self).cols(r) }
        fn cell(&self, r: usize, c: usize) -> i64 { (**self).cell(r, c) }
        fn addr(&self, r: usize, c: usize) -> usize { (**self).addr(r, c) }
        fn reader(&self) -> fn(usize) -> i64 { (**self).reader() }
        fn elem(&self) -> usize { (**self).elem() }
    }
    impl<X: Table + ?Sized> Table for &mut X {
        fn rows(&self) -> usize { (**self).rows() }
        fn cols(&self, r: usize) -> usize { (**self).cols(r) }
        fn cell(&self, r: usize, c: usize) -> i64 { (**self).cell(r, c) }
        fn addr(&self, r: usize, c: usize) -> usize { (**self).addr(r, c) }
        fn reader(&self) -> fn(usize) -> i64 { (**self).reader() }
        fn elem(&self) -> usize { (**self).elem() }
    }

    fn detect(g: &dyn Table) {
        let n = g.rows();
        if !(9..=12).contains(&n) {
            return;
        }
        let puzzle = puzzle();
        for off in 0..2 {
            if n < 9 + off || (0..9 + off).any(|r| !(9 + off..=12).contains(&g.cols(r))) {
                continue;
            }
            for enc in [b'r', b'c'] {
                let (mut differ, mut known) = (0, 0);
                for k in 0..81 {
                    let want = if puzzle[k] == b'.' { 0 } else { (puzzle[k] - b'0') as i64 };
                    let d = decode(g.cell(k / 9 + off, k % 9 + off), enc);
                    if d != want {
                        differ += if want == 0 && d > 0 { 1 } else { 100 };
                    }
                    known += (want > 0) as u32;
                }
                if differ > 1 || known == 0 {
                    continue;
                }
                STATE.with(|s| {
                    let s = &mut *s.borrow_mut();
                    if s.started && s.rows[0] == g.addr(off, off) {
                        return;
                    }
                    s.encoding = enc;
                    s.elem = g.elem();
                    s.read = g.reader();
                    for r in 0..9 {
                        s.rows[r] = g.addr(r + off, off);
                    }
                    for k in 0..81 {
                        s.shadow[k] = if puzzle[k] == b'.' { 0 } else { puzzle[k] - b'0' };
                    }
                    if !s.started {
                        emit(s, "start");
                    }
                    s.started = true;
                });
                return;
            }
        }
    }

    /// Before a store's `At`: `(&G(&x)).seen()`, which finds a stdin
    /// program's board.
    pub struct G<'a, T: ?Sized>(pub &'a T);
    pub trait Seen {
        fn seen(&self);
    }
    impl<T: Table> Seen for G<'_, T> {
        fn seen(&self) {
            if STATE.with(|s| !s.borrow().started || s.borrow().writes == 0) {
                detect(self.0)
            }
        }
    }
    pub trait NotSeen {
        fn seen(&self);
    }
    impl<T: ?Sized> NotSeen for &G<'_, T> {
        fn seen(&self) {}
    }

    pub fn board<T: Cell>(b: &[Vec<T>]) {
        STATE.with(|s| {
            let s = &mut *s.borrow_mut();
            for r in 0..9.min(b.len()) {
                s.rows[r] = b[r].as_ptr() as usize;
            }
            s.elem = std::mem::size_of::<T>();
            s.read = read_at::<T>;
            s.encoding = b'l';
            for k in 0..81 {
                let v = b.get(k / 9).and_then(|row| row.get(k % 9)).map_or(0, |c| c.value());
                s.shadow[k] = decode(v, b'l').max(0) as u8;
            }
            s.started = true;
            emit(s, "start");
        })
    }
}
