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

/// `text` as [`code_only`] reads a C-like file, for Rust: `/* */` nests,
/// `r"…"` and `r#"…"#` are raw strings, and `'a` is a lifetime (a
/// character literal is `'x'` or `'\…'`), so no lifetime hides the rest
/// of its line.
pub fn rust_code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let at = |i: usize| chars.get(i).copied();
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    // A literal's inside, from `i` to its closing `close` (kept), escapes read.
    let quoted = |out: &mut String, i: &mut usize, close: char| {
        let mut escaped = false;
        while let Some(n) = at(*i) {
            *i += 1;
            if !escaped && n == close {
                out.push(n);
                return;
            }
            escaped = !escaped && n == '\\';
            out.push(blank(n));
        }
    };
    while let Some(c) = at(i) {
        let next = at(i + 1);
        if c == '/' && next == Some('/') {
            while at(i).is_some_and(|c| c != '\n') {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while let Some(n) = at(i) {
                if n == '/' && at(i + 1) == Some('*') {
                    depth += 1;
                } else if n == '*' && at(i + 1) == Some('/') {
                    depth -= 1;
                } else {
                    out.push(blank(n));
                    i += 1;
                    continue;
                }
                out.push_str("  ");
                i += 2;
                if depth == 0 {
                    break;
                }
            }
        } else if c == 'r'
            && matches!(next, Some('"' | '#'))
            && (!ident(i.checked_sub(1).and_then(at))
                || (at(i - 1) == Some('b') && !ident(i.checked_sub(2).and_then(at))))
        {
            let mut j = i + 1;
            while at(j) == Some('#') {
                j += 1;
            }
            if at(j) != Some('"') {
                out.push(c);
                i += 1;
                continue;
            }
            let hashes = j - i - 1;
            out.extend(&chars[i..=j]);
            i = j + 1;
            while let Some(n) = at(i) {
                if n == '"' && (1..=hashes).all(|h| at(i + h) == Some('#')) {
                    out.extend(&chars[i..=i + hashes]);
                    i += hashes + 1;
                    break;
                }
                out.push(blank(n));
                i += 1;
            }
        } else if c == '"' || (c == '\'' && (next == Some('\\') || at(i + 2) == Some('\''))) {
            out.push(c);
            i += 1;
            quoted(&mut out, &mut i, c);
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
