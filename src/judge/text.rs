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
