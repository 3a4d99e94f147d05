//! Text helpers below every other part of the judge: reading a C-like
//! source's code apart from its comments and literals, and escaping what a
//! program or a file name prints before a terminal shows it.

/// `text` with the comments (`//`, `/* */`) and the insides of string and
/// character literals of a C-like language blanked, lines kept: what a
/// program does, not what its comments say (`// gets the index` reads
/// nothing).
pub fn code_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                out.push(' ');
                while let Some(&n) = chars.peek() {
                    if n == '\n' {
                        break;
                    }
                    out.push(' ');
                    chars.next();
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                out.push_str("  ");
                let mut last = ' ';
                for n in chars.by_ref() {
                    out.push(blank(n));
                    if last == '*' && n == '/' {
                        break;
                    }
                    last = n;
                }
            }
            '"' | '\'' => {
                out.push(c);
                let mut escaped = false;
                for n in chars.by_ref() {
                    if !escaped && (n == c || n == '\n') {
                        out.push(n);
                        break;
                    }
                    escaped = !escaped && n == '\\';
                    out.push(blank(n));
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// `text` as [`code_only`] reads a C-like file, for Rust (see
/// `rust_blanked`): comments and the insides of literals blanked.
pub fn rust_code_only(text: &str) -> String {
    rust_blanked(text, false)
}

/// `text` with only its Rust line comments blanked (see `rust_blanked`):
/// strings and block comments stay, for a reader that would rather read
/// too much than too little.
pub fn rust_without_line_comments(text: &str) -> String {
    rust_blanked(text, true)
}

/// `text` read as Rust's lexer reads it, lines kept: `/* */` nests, a `//`
/// inside a string (`"http://…"`), a raw string (`r#"…"#`, `br"…"`), a
/// character literal or a block comment ends nothing, and `'a` is a
/// lifetime (a character literal is `'x'` or `'\…'`), so no lifetime
/// hides the rest of its line. Line comments are blanked; block comments
/// and the insides of string and character literals too, unless
/// `keep_literals`.
fn rust_blanked(text: &str, keep_literals: bool) -> String {
    let chars: Vec<char> = text.chars().collect();
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut out = String::with_capacity(text.len());
    // Puts `chars[from..to]` (clamped): its first `open` and last `close`
    // as they are, what lies between blanked unless `keep_literals`; returns
    // where it stopped.
    let put = |out: &mut String, from: usize, to: usize, open: usize, close: usize| {
        let to = to.min(chars.len());
        let inner = (from + open).min(to);
        let outer = to.saturating_sub(close).max(inner);
        out.extend(&chars[from..inner]);
        out.extend(
            chars[inner..outer]
                .iter()
                .map(|&c| if keep_literals { c } else { blank(c) }),
        );
        out.extend(&chars[outer..to]);
        to
    };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let (mut end, mut depth) = (i + 2, 1);
            while end < chars.len() && depth > 0 {
                match (chars[end], chars.get(end + 1)) {
                    ('/', Some('*')) => (depth, end) = (depth + 1, end + 2),
                    ('*', Some('/')) => (depth, end) = (depth - 1, end + 2),
                    _ => end += 1,
                }
            }
            i = put(&mut out, i, end, 0, 0);
        } else if c == '"' {
            let mut end = i + 1;
            while end < chars.len() && chars[end] != '"' {
                end += if chars[end] == '\\' { 2 } else { 1 };
            }
            i = put(&mut out, i, end + 1, 1, 1);
        } else if c == '\'' {
            // `'x'` and `'\…'` are characters; `'a` alone is a lifetime.
            let end = match (next, chars.get(i + 2)) {
                (Some('\\'), _) => (i + 3..chars.len())
                    .find(|&e| chars[e] == '\'')
                    .unwrap_or(chars.len()),
                (Some(_), Some('\'')) => i + 2,
                _ => i,
            };
            i = if end == i {
                out.push(c);
                i + 1
            } else {
                put(&mut out, i, end + 1, 1, 1)
            };
        } else if ident(c) {
            let mut end = i;
            while end < chars.len() && ident(chars[end]) {
                end += 1;
            }
            let word: String = chars[i..end].iter().collect();
            let hashes = chars[end..].iter().take_while(|&&h| h == '#').count();
            if matches!(word.as_str(), "r" | "br" | "cr") && chars.get(end + hashes) == Some(&'"') {
                // A raw string: no escapes, ends at `"` and as many `#`.
                let close: Vec<char> = std::iter::once('"')
                    .chain(std::iter::repeat_n('#', hashes))
                    .collect();
                let body = end + hashes + 1;
                let stop = (body..chars.len())
                    .find(|&e| chars[e..].starts_with(&close))
                    .map_or(chars.len(), |e| e + close.len());
                i = put(&mut out, i, stop, body - i, close.len());
            } else {
                out.extend(&chars[i..end]);
                i = end;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// `text` with Python's comments (`#` to the end of the line) and the
/// insides of its strings (`'…'`, `"…"`, `'''…'''`, `"""…"""`) blanked, lines kept.
pub fn python_code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let at = |i: usize| chars.get(i).copied();
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while let Some(c) = at(i) {
        match c {
            '#' => {
                while at(i).is_some_and(|c| c != '\n') {
                    out.push(' ');
                    i += 1;
                }
            }
            '\'' | '"' => {
                let triple = at(i + 1) == Some(c) && at(i + 2) == Some(c);
                let width = if triple { 3 } else { 1 };
                out.extend(std::iter::repeat_n(c, width));
                i += width;
                let mut escaped = false;
                while let Some(n) = at(i) {
                    let closes = !escaped
                        && n == c
                        && (!triple || (at(i + 1) == Some(c) && at(i + 2) == Some(c)));
                    if closes || (!triple && n == '\n') {
                        let end = if closes { width } else { 1 };
                        out.extend(std::iter::repeat_n(n, end));
                        i += end;
                        break;
                    }
                    escaped = !escaped && n == '\\';
                    out.push(blank(n));
                    i += 1;
                }
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// Does `text` hold `word` as a whole word (not inside a longer name)?
pub fn has_word(text: &str, word: &str) -> bool {
    let is_name = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(is_name) && !after.is_some_and(is_name)
    })
}

/// `line` with its control characters (but tabs) escaped, and the
/// characters a terminal draws as nothing or uses to reorder the line
/// (bidi controls, line and paragraph separators, zero-width ones), so a
/// program's output, or a file's name, cannot move the cursor, recolour
/// the terminal or show a line other than the one it holds.
pub fn printable(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        if c.is_control() && c != '\t' || unseen(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// A format or separator character a terminal does not draw as itself:
/// the bidi marks, embeddings, overrides and isolates (U+061C, U+200E-F,
/// U+202A-E, U+2066-9), the line and paragraph separators (U+2028-9), and
/// the zero-width ones (U+200B-D, U+2060-4, U+FEFF).
pub fn unseen(c: char) -> bool {
    matches!(
        c,
        '\u{061C}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{FEFF}'
    )
}

/// `text` with each line's control characters escaped, its line breaks kept.
pub fn printable_lines(text: &str) -> String {
    text.lines().map(printable).collect::<Vec<_>>().join("\n")
}
