//! A copy of a C, C++, Java or Rust file that tells the trace what it does:
//! each store into a subscript (`board[i][j] = c`, `row[j] = c`) is followed
//! by a call that checks whether it wrote the board and, if so, reports the
//! write with its line; each function reports its call, its locals (at its
//! entry, at each store, and before each statement that calls one of the
//! file's functions) and what it returns. The recorder that receives these
//! calls is in `recorder/`, one per language.
//!
//! The file is parsed with tree-sitter's grammar for its language. Text is
//! only inserted, never moved or removed, and never a line break, so every
//! line keeps its number: the C and C++ recorder goes before the file with
//! `#line 1` after it, the Java and Rust recorder after its last line.
//!
//! What is not seen: a store with a call or an increment in its subscript
//! (evaluated again, it could differ), a store in a `for` header or a
//! comma expression, writes through `memcpy`, `fill` or an iterator. The
//! trace compares the board the program returns with its recorded writes
//! and says when they differ.

use tree_sitter::{Node, Parser};

/// A language this module instruments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// C (tree-sitter-c).
    C,
    /// C++ (tree-sitter-cpp).
    Cpp,
    /// Java (tree-sitter-java).
    Java,
    /// Rust (tree-sitter-rust).
    Rust,
}

impl Lang {
    /// The language of the judge's language named `name`, if instrumented.
    pub fn of(name: &str) -> Option<Lang> {
        match name {
            "C" => Some(Lang::C),
            "C++" => Some(Lang::Cpp),
            "Java" => Some(Lang::Java),
            "Rust" => Some(Lang::Rust),
            _ => None,
        }
    }
}

/// What the copy is made for.
#[derive(Clone, Debug)]
pub struct Options<'a> {
    /// The file's language.
    pub lang: Lang,
    /// The file's name, for C and C++'s `#line`.
    pub file_name: &'a str,
    /// Report each frame's locals (off: a fallback for a file whose locals
    /// cannot all be read where they are snapped).
    pub locals: bool,
    /// LeetCode's `solveSudoku` is called with its board (else `main`
    /// reads stdin, and a function of that name is the program's own).
    pub leetcode: bool,
}

const CPP_RECORDER: &str = include_str!("recorder/sudoku_trace.hpp");
const C_RECORDER: &str = include_str!("recorder/sudoku_trace.h");
const JAVA_RECORDER: &str = include_str!("recorder/SudokuTrace.java");
const RUST_RECORDER: &str = include_str!("recorder/sudoku_trace.rs");

/// A variable in scope at a point.
#[derive(Clone, Debug)]
struct Var {
    name: String,
    /// Its declared type's text ("" where none is written).
    ty: String,
    /// `[N]` after the name (C's arrays).
    dims: usize,
    /// A pointer (`*p`) or a parameter array, which C cannot measure.
    pointer: bool,
    /// A parameter.
    param: bool,
    /// A C++ reference (`char& cell = board[r][c]`): a store to it may be
    /// a store into the board.
    reference: bool,
    /// A Java field of a number, a char or a string, and its owner (`this`,
    /// or `Solution.class` for a static one): snapped as the recorder's one
    /// object for that field, so that the frames naming it share it.
    field: Option<String>,
}

impl Var {
    /// A variable of `ty` (as written, or "") named `name`: no array, no
    /// pointer, no parameter.
    fn named(name: impl Into<String>, ty: &str) -> Var {
        Var {
            name: name.into(),
            ty: ty.into(),
            dims: 0,
            pointer: false,
            param: false,
            reference: false,
            field: None,
        }
    }
}

/// One piece of inserted text. At one offset, closings come first (the
/// innermost first), then openings (the outermost first); `sub` orders the
/// pieces of one span.
#[derive(Debug)]
struct Insert {
    at: usize,
    closing: bool,
    start: usize,
    end: usize,
    sub: u8,
    text: String,
}

struct Kinds {
    function: &'static [&'static str],
    nested: &'static [&'static str],
    block: &'static str,
    statement: &'static [&'static str],
    declaration: &'static str,
    subscript: &'static str,
    call: &'static str,
    returns: &'static str,
}

fn kinds(lang: Lang) -> Kinds {
    match lang {
        Lang::C | Lang::Cpp => Kinds {
            function: &["function_definition"],
            nested: &["lambda_expression", "function_definition"],
            block: "compound_statement",
            statement: &[
                "expression_statement",
                "return_statement",
                "if_statement",
                "while_statement",
                "for_statement",
                "for_range_loop",
                "do_statement",
                "switch_statement",
                "declaration",
            ],
            declaration: "declaration",
            subscript: "subscript_expression",
            call: "call_expression",
            returns: "return_statement",
        },
        Lang::Java => Kinds {
            function: &["method_declaration"],
            nested: &[
                "lambda_expression",
                "method_declaration",
                "class_body",
                "constructor_declaration",
            ],
            block: "block",
            statement: &[
                "expression_statement",
                "return_statement",
                "if_statement",
                "while_statement",
                "for_statement",
                "enhanced_for_statement",
                "do_statement",
                "switch_expression",
                "local_variable_declaration",
            ],
            declaration: "local_variable_declaration",
            subscript: "array_access",
            call: "method_invocation",
            returns: "return_statement",
        },
        Lang::Rust => Kinds {
            function: &["function_item"],
            nested: &["closure_expression", "function_item"],
            block: "block",
            statement: &["expression_statement", "let_declaration"],
            declaration: "let_declaration",
            subscript: "index_expression",
            call: "call_expression",
            returns: "return_expression",
        },
    }
}

/// The instrumented copy of `text`, or why it cannot be parsed.
pub fn instrument(text: &str, o: &Options) -> Result<String, String> {
    let mut parser = Parser::new();
    let language: tree_sitter::Language = match o.lang {
        Lang::C => tree_sitter_c::LANGUAGE.into(),
        Lang::Cpp => tree_sitter_cpp::LANGUAGE.into(),
        Lang::Java => tree_sitter_java::LANGUAGE.into(),
        Lang::Rust => tree_sitter_rust::LANGUAGE.into(),
    };
    parser
        .set_language(&language)
        .map_err(|e| format!("the grammar cannot be loaded: {e}"))?;
    let tree = parser
        .parse(text, None)
        .ok_or("the parser gave up on the file")?;
    // The walk below recurses once a level: a bound on the depth is a bound
    // on its stack, whatever the file holds.
    if let Some((depth, line)) = deeper_than(&tree, MAX_DEPTH) {
        return Err(format!(
            "nested more than {MAX_DEPTH} levels deep (line {line} is at depth {depth}): the trace reads files nested up to {MAX_DEPTH} levels"
        ));
    }
    let mut w = Walker {
        src: text,
        o,
        k: kinds(o.lang),
        inserts: Vec::new(),
        names: Vec::new(),
        snapped: Vec::new(),
    };
    let root = tree.root_node();
    let mut functions = Vec::new();
    collect(root, w.k.function, &mut functions);
    // A C++ lambda is a function of its own where it is bound to a name
    // (`function<bool(int)> dfs = [&](int k) {…}`, a search that calls
    // itself through the name) or where it stores into a subscript.
    if o.lang == Lang::Cpp {
        let mut lambdas = Vec::new();
        collect(root, &["lambda_expression"], &mut lambdas);
        functions.extend(
            lambdas
                .into_iter()
                .filter(|l| w.lambda_name(*l).is_some() || w.stores_in(*l)),
        );
    }
    w.names = functions
        .iter()
        .filter_map(|f| w.function_name(*f))
        .collect();
    for f in functions {
        w.function(f);
    }
    Ok(w.finish())
}

/// Whether `text` assigns `name`: `name =` (not `==`), `name +=`,
/// `++name`, `name++`, or `&name` handed to a reader (`scanf`).
fn assigned_in(text: &str, name: &str) -> bool {
    let b = text.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    text.match_indices(name).any(|(at, _)| {
        let end = at + name.len();
        if (at > 0 && word(b[at - 1])) || b.get(end).is_some_and(|&c| word(c)) {
            return false;
        }
        let before = text[..at].trim_end();
        let after = text[end..].trim_start();
        before.ends_with("++")
            || before.ends_with("--")
            || (before.ends_with('&') && !before.ends_with("&&"))
            || after.starts_with("++")
            || after.starts_with("--")
            || (after.starts_with('=') && !after.starts_with("=="))
            || ["+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=", "<<=", ">>="]
                .iter()
                .any(|op| after.starts_with(op))
    })
}

/// Java's types of a value (a field of one is shared by name, not by
/// identity).
const JAVA_VALUES: [&str; 14] = [
    "boolean",
    "byte",
    "short",
    "int",
    "long",
    "char",
    "float",
    "double",
    "String",
    "Integer",
    "Long",
    "Boolean",
    "Character",
    "Double",
];

/// The deepest syntax tree the copy is made of: a solution nests a few
/// dozen levels; a file past this is refused rather than walked.
const MAX_DEPTH: usize = 1000;

/// The first node deeper than `max` levels, with its depth and 1-based
/// line, found without recursion.
fn deeper_than(tree: &tree_sitter::Tree, max: usize) -> Option<(usize, usize)> {
    let mut cursor = tree.walk();
    let mut depth = 0;
    loop {
        if depth > max {
            return Some((depth, cursor.node().start_position().row + 1));
        }
        if cursor.goto_first_child() {
            depth += 1;
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return None;
            }
            depth -= 1;
        }
    }
}

fn collect<'t>(node: Node<'t>, kinds: &[&str], out: &mut Vec<Node<'t>>) {
    if kinds.contains(&node.kind()) {
        out.push(node);
    }
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        collect(child, kinds, out);
    }
}

/// The named children of `node`.
fn named<'t>(node: Node<'t>) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor).collect()
}

/// The first descendant (or `node`) of one of `kinds`, depth first.
fn first_of<'t>(node: Node<'t>, kinds: &[&str]) -> Option<Node<'t>> {
    if kinds.contains(&node.kind()) {
        return Some(node);
    }
    named(node).into_iter().find_map(|c| first_of(c, kinds))
}

struct Walker<'a> {
    src: &'a str,
    o: &'a Options<'a>,
    k: Kinds,
    inserts: Vec<Insert>,
    /// The file's functions: a statement calling one snaps its locals first.
    names: Vec<String>,
    /// Statements already given a snap.
    snapped: Vec<usize>,
}

impl<'a> Walker<'a> {
    fn text(&self, n: Node) -> &'a str {
        &self.src[n.byte_range()]
    }

    fn open(&mut self, n: Node, sub: u8, text: String) {
        self.inserts.push(Insert {
            at: n.start_byte(),
            closing: false,
            start: n.start_byte(),
            end: n.end_byte(),
            sub,
            text,
        });
    }

    fn close(&mut self, n: Node, sub: u8, text: String) {
        self.inserts.push(Insert {
            at: n.end_byte(),
            closing: true,
            start: n.start_byte(),
            end: n.end_byte(),
            sub,
            text,
        });
    }

    fn function_name(&self, f: Node) -> Option<String> {
        if f.kind() == "lambda_expression" {
            return Some(self.lambda_name(f).unwrap_or_else(|| "lambda".into()));
        }
        let name = match self.o.lang {
            Lang::C | Lang::Cpp => {
                let decl = f.child_by_field_name("declarator")?;
                let fd = first_of(decl, &["function_declarator"])?;
                let inner = fd.child_by_field_name("declarator")?;
                let text = self.text(inner);
                text.rsplit("::").next().unwrap_or(text).trim().to_string()
            }
            _ => self.text(f.child_by_field_name("name")?).to_string(),
        };
        Some(name)
    }

    /// The name a C++ lambda is bound to: the variable it initializes or
    /// is assigned to.
    fn lambda_name(&self, f: Node) -> Option<String> {
        let parent = f.parent()?;
        let name = match parent.kind() {
            "init_declarator" => parent.child_by_field_name("declarator")?,
            "assignment_expression" => parent.child_by_field_name("left")?,
            _ => return None,
        };
        let text = self.text(name).trim_start_matches(['&', '*', ' ']);
        (!text.is_empty() && text.chars().all(|c| c.is_alphanumeric() || c == '_'))
            .then(|| text.to_string())
    }

    /// Whether `f`'s own statements store into a subscript.
    fn stores_in(&self, f: Node) -> bool {
        let Some(body) = f.child_by_field_name("body") else {
            return false;
        };
        let mut nodes = Vec::new();
        self.own_nodes(body, &mut nodes);
        nodes.iter().any(|n| {
            n.kind() == "assignment_expression"
                && n.child_by_field_name("left")
                    .is_some_and(|l| l.kind() == self.k.subscript)
        })
    }

    /// A C++ lambda's return type, where it is written: after `->`, or in
    /// the `function<R(…)>` it initializes.
    fn lambda_return_type(&self, f: Node) -> Option<String> {
        if let Some(t) = f
            .child_by_field_name("declarator")
            .and_then(|d| first_of(d, &["trailing_return_type"]))
        {
            return Some(
                self.text(t)
                    .trim()
                    .trim_start_matches("->")
                    .trim()
                    .to_string(),
            );
        }
        let parent = f.parent().filter(|p| p.kind() == "init_declarator")?;
        let decl = parent.parent()?;
        let ty = self.text(decl.child_by_field_name("type")?);
        let inner = ty
            .trim()
            .trim_start_matches("std::")
            .strip_prefix("function<")?;
        Some(inner.split('(').next()?.trim().to_string())
    }

    /// The variables of the enclosing function a C++ lambda captures, as
    /// they are in scope where the lambda is made: every one for a default
    /// capture (`[&]`, `[=]`), else those it names.
    fn captured(&self, lambda: Node) -> Vec<Var> {
        let Some(spec) = lambda.child_by_field_name("captures") else {
            return Vec::new();
        };
        let parts = named(spec);
        let default = parts.iter().any(|p| p.kind() == "lambda_default_capture");
        let names: Vec<&str> = parts
            .iter()
            .filter(|p| p.kind() == "identifier")
            .map(|p| self.text(*p))
            .collect();
        if !default && names.is_empty() {
            return Vec::new();
        }
        let mut outer = lambda.parent();
        while let Some(o) = outer {
            if self.k.nested.contains(&o.kind()) {
                break;
            }
            outer = o.parent();
        }
        let Some(outer) = outer else {
            return Vec::new();
        };
        let Some((statement, _)) = self.statement_of(lambda, outer) else {
            return Vec::new();
        };
        let params = self.frame_params(outer);
        let mut vars = self.in_scope(statement, outer, &params);
        vars.retain(|v| default || names.contains(&v.name.as_str()));
        for v in &mut vars {
            v.param = false;
        }
        vars
    }

    /// A function's parameters; a C++ lambda's with what it captures
    /// first, a method's (C++, Java) with its class's fields first.
    fn frame_params(&self, f: Node) -> Vec<Var> {
        let mut vars = if f.kind() == "lambda_expression" {
            self.captured(f)
        } else {
            self.fields(f)
        };
        let own = self.params(f);
        vars.retain(|v| own.iter().all(|p| p.name != v.name));
        vars.extend(own);
        vars
    }

    /// The fields of the class a C++ or Java method is written in (a C++
    /// method defined in its class's body), which the method names as it
    /// names its locals: a `static` method's, the static ones only.
    fn fields(&self, f: Node) -> Vec<Var> {
        let (list, field) = match self.o.lang {
            Lang::Cpp => ("field_declaration_list", "field_declaration"),
            Lang::Java => ("class_body", "field_declaration"),
            _ => return Vec::new(),
        };
        let Some(body) = f.parent().filter(|p| p.kind() == list) else {
            return Vec::new();
        };
        let is_static = |n: Node| {
            named(n).into_iter().any(|c| {
                matches!(c.kind(), "storage_class_specifier" | "modifiers")
                    && self.text(c).split_whitespace().any(|w| w == "static")
            })
        };
        let only_static = is_static(f);
        let class = body
            .parent()
            .and_then(|c| c.child_by_field_name("name"))
            .map_or("Object", |n| self.text(n));
        let mut out = Vec::new();
        for d in named(body) {
            if d.kind() != field || (only_static && !is_static(d)) {
                continue;
            }
            let ty = d.child_by_field_name("type").map_or("", |t| self.text(t));
            if ty.contains("function<") {
                continue;
            }
            let mut cursor = d.walk();
            let decls: Vec<Node> = d
                .children_by_field_name("declarator", &mut cursor)
                .collect();
            for x in decls {
                let var = match self.o.lang {
                    Lang::Java => x.child_by_field_name("name").map(|n| Var {
                        field: JAVA_VALUES.contains(&ty.trim()).then(|| {
                            if is_static(d) {
                                format!("{class}.class")
                            } else {
                                "this".to_string()
                            }
                        }),
                        ..Var::named(self.text(n), ty)
                    }),
                    // A method's declaration (`bool ok(int r);`) is no field.
                    _ if first_of(x, &["function_declarator"]).is_some() => None,
                    _ => self.declarator(x, ty),
                };
                out.extend(var);
            }
        }
        out.retain(|v| !self.is_board_type(&v.ty));
        out
    }

    /// The return type's kind: `Some(None)` returns nothing, `Some(Some(t))`
    /// a primitive `t` whose value is shown, `None` anything else.
    fn returns(&self, f: Node) -> Option<Option<String>> {
        let ty = match self.o.lang {
            Lang::Rust => match f.child_by_field_name("return_type") {
                None => return Some(None),
                Some(t) => self.text(t).trim().to_string(),
            },
            Lang::Cpp if f.kind() == "lambda_expression" => self.lambda_return_type(f)?,
            Lang::C | Lang::Cpp => {
                let decl = f.child_by_field_name("declarator")?;
                if decl.kind() != "function_declarator" {
                    return None; // a pointer or a reference
                }
                self.text(f.child_by_field_name("type")?).trim().to_string()
            }
            Lang::Java => self.text(f.child_by_field_name("type")?).trim().to_string(),
        };
        let plain = |t: &str| match self.o.lang {
            Lang::Rust => [
                "bool", "char", "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32",
                "u64", "u128", "usize",
            ]
            .contains(&t),
            Lang::Java => ["boolean", "int", "long", "double", "char"].contains(&t),
            _ => {
                t.split_whitespace().all(|w| {
                    [
                        "bool", "_Bool", "int", "char", "long", "short", "unsigned", "signed",
                        "size_t", "int64_t", "int32_t", "static", "inline", "const",
                    ]
                    .contains(&w)
                }) && !t.is_empty()
            }
        };
        if ty == "void" || ty == "()" {
            Some(None)
        } else if plain(&ty) {
            Some(Some(ty))
        } else {
            None
        }
    }

    fn function(&mut self, f: Node) {
        let Some(body) = f.child_by_field_name("body") else {
            return;
        };
        let Some(name) = self.function_name(f) else {
            return;
        };
        if self.o.lang == Lang::Java && self.text(body).trim() == "{}" && name.is_empty() {
            return;
        }
        let returns = self.returns(f);
        let nothing = matches!(returns, Some(None));
        let params = self.frame_params(f);
        let lc = self.o.leetcode && (name == "solveSudoku" || name == "solve_sudoku");
        // LeetCode's board: the method's own first parameter.
        let board = self
            .params(f)
            .first()
            .map(|p| p.name.clone())
            .filter(|_| lc);
        // The body's first statement comes after the guard, the board's
        // registration and the parameters' snap.
        let after_brace = body.start_byte() + 1;
        let mut head = match self.o.lang {
            Lang::Cpp => format!("sudoku_trace::Frame sudoku_trace_f({name:?}, {nothing}); "),
            Lang::C => format!(
                "__attribute__((cleanup(sudoku_trace_leave))) int sudoku_trace_f = sudoku_trace_enter({name:?}, {}); ",
                i32::from(nothing)
            ),
            Lang::Java => format!("SudokuTrace.enter({name:?}, {nothing}); try {{ "),
            Lang::Rust => format!(
                "let _sudoku_trace_f = crate::sudoku_trace::enter({name:?}, {nothing}); "
            ),
        };
        if let Some(b) = &board {
            head += &match self.o.lang {
                Lang::Cpp => format!("sudoku_trace::board({b}); "),
                Lang::C => format!("sudoku_trace_board({b}); "),
                Lang::Java => format!("SudokuTrace.board({b}); "),
                Lang::Rust => format!("crate::sudoku_trace::board(&{b}[..]); "),
            };
        }
        head += &self.snap(&params);
        self.inserts.push(Insert {
            at: after_brace,
            closing: false,
            start: body.start_byte(),
            end: body.end_byte(),
            sub: 0,
            text: head,
        });
        if self.o.lang == Lang::Java {
            self.inserts.push(Insert {
                at: body.end_byte() - 1,
                closing: true,
                start: body.start_byte(),
                end: body.end_byte(),
                sub: 0,
                text: " } finally { SudokuTrace.leave(); } ".into(),
            });
        }
        let mut nodes = Vec::new();
        self.own_nodes(body, &mut nodes);
        if let Some(Some(ty)) = &returns {
            for &n in &nodes {
                if n.kind() == self.k.returns {
                    if let Some(e) = named(n).into_iter().next() {
                        self.wrap_return(e, ty);
                    }
                }
            }
            if self.o.lang == Lang::Rust {
                if let Some(tail) = tail_expression(body) {
                    if tail.kind() != "return_expression" {
                        self.wrap_return(tail, ty);
                    }
                }
            }
        }
        for &n in &nodes {
            if n.kind() == "assignment_expression" || n.kind() == "compound_assignment_expr" {
                self.store(n, f, &params);
            }
        }
        for &n in &nodes {
            if n.kind() == self.k.call && self.calls_own(n) {
                self.snap_before(n, f, &params);
            }
        }
    }

    /// The nodes of `n` that belong to its function (not to a lambda or a
    /// nested function).
    fn own_nodes<'t>(&self, n: Node<'t>, out: &mut Vec<Node<'t>>) {
        for c in named(n) {
            if self.k.nested.contains(&c.kind()) {
                continue;
            }
            out.push(c);
            self.own_nodes(c, out);
        }
    }

    fn wrap_return(&mut self, e: Node, ty: &str) {
        let (open, close) = match self.o.lang {
            Lang::Cpp => (format!("sudoku_trace::ret<{ty}>("), ")".to_string()),
            Lang::C => {
                let kind = if ty.contains("bool") || ty.contains("_Bool") {
                    'b'
                } else if ty.contains("char") {
                    'c'
                } else {
                    'i'
                };
                (
                    format!("({ty})sudoku_trace_ret((long long)("),
                    format!("), '{kind}')"),
                )
            }
            Lang::Java => ("SudokuTrace.ret(".into(), ")".into()),
            Lang::Rust => ("crate::sudoku_trace::ret(".into(), ")".into()),
        };
        self.open(e, 2, open);
        self.close(e, 0, close);
    }

    fn calls_own(&self, call: Node) -> bool {
        let name = match self.o.lang {
            Lang::Java => call.child_by_field_name("name"),
            _ => call.child_by_field_name("function").map(|f| {
                f.child_by_field_name("field")
                    .or_else(|| f.child_by_field_name("name"))
                    .unwrap_or(f)
            }),
        };
        name.is_some_and(|n| {
            let t = self.text(n);
            let t = t.rsplit("::").next().unwrap_or(t);
            self.names.iter().any(|m| m == t)
        })
    }

    /// The statement `n` is in, within its function, and whether its parent
    /// is a block (else it is a branch or a loop's body, to be wrapped).
    fn statement_of<'t>(&self, n: Node<'t>, f: Node<'t>) -> Option<(Node<'t>, bool)> {
        let mut cur = n;
        loop {
            let parent = cur.parent()?;
            if cur.id() == f.id() || self.k.nested.contains(&parent.kind()) && parent.id() != f.id()
            {
                return None;
            }
            let in_block = parent.kind() == self.k.block;
            if self.o.lang == Lang::Rust {
                if in_block {
                    return Some((cur, true));
                }
            } else if self.k.statement.contains(&cur.kind()) {
                return Some((cur, in_block));
            }
            if parent.id() == f.id() {
                return None;
            }
            cur = parent;
        }
    }

    fn snap_before(&mut self, call: Node, f: Node, params: &[Var]) {
        let Some((s, in_block)) = self.statement_of(call, f) else {
            return;
        };
        if self.snapped.contains(&s.id()) {
            return;
        }
        if !in_block && s.kind() == self.k.declaration {
            return;
        }
        self.snapped.push(s.id());
        let vars = self.in_scope(s, f, params);
        let snap = self.snap(&vars);
        if snap.is_empty() {
            return;
        }
        if in_block {
            self.open(s, 1, snap);
        } else {
            self.open(s, 0, format!("{{ {snap}"));
            self.close(s, 1, " }".into());
        }
    }

    /// A store into a subscript, through a pointer (`*p = d`; Rust's
    /// `*cell = d` through a `&mut`), or (C++) to a reference in scope
    /// (`char& cell = board[r][c]; … cell = d;`): any of them may be a store
    /// into the board. Followed by a snap of the locals and the recorder's
    /// check of the address.
    fn store(&mut self, a: Node, f: Node, params: &[Var]) {
        let Some(left) = a.child_by_field_name("left") else {
            return;
        };
        if has_effects(left) {
            return;
        }
        let parent = a.parent().map(|p| p.kind()).unwrap_or("");
        // What is wrapped: the statement, or (Rust) a block's tail.
        let target = match (self.o.lang, parent) {
            (_, "expression_statement") => a.parent().expect("has a parent"),
            (Lang::Rust, "block") => a,
            _ => return,
        };
        let line = a.start_position().row + 1;
        let vars = self.in_scope(target, f, params);
        let deref = match (self.o.lang, left.kind()) {
            (Lang::C | Lang::Cpp, "pointer_expression")
                if left
                    .child_by_field_name("operator")
                    .is_some_and(|o| self.text(o) == "*") =>
            {
                left.child_by_field_name("argument")
            }
            (Lang::Rust, "unary_expression") if self.text(left).starts_with('*') => {
                named(left).into_iter().next()
            }
            _ => None,
        };
        let call = if let Some(p) = deref.map(|p| self.text(p)) {
            match self.o.lang {
                Lang::Cpp => format!("sudoku_trace::at_ref(*({p}), {line});"),
                Lang::C => format!(
                    "sudoku_trace_at1((const void *)({p}), sizeof(*({p})), {line});"
                ),
                Lang::Rust => format!(
                    "{{ use crate::sudoku_trace::{{Stored as _, NotStored as _}}; (&crate::sudoku_trace::At(&*{p})).at({line}); }}"
                ),
                Lang::Java => return,
            }
        } else if left.kind() == "identifier" {
            let name = self.text(left);
            if self.o.lang != Lang::Cpp || !vars.iter().any(|v| v.name == name && v.reference) {
                return;
            }
            format!("sudoku_trace::at_ref({name}, {line});")
        } else if left.kind() == self.k.subscript {
            let Some(call) = self.subscript_store(left, line) else {
                return;
            };
            call
        } else {
            return;
        };
        let mut snap = self.snap(&vars);
        // C++: the locals snapped only where the store is a write the
        // recorder reports (`hits`), the check's own arguments again.
        if self.o.lang == Lang::Cpp && !snap.is_empty() {
            let guard = call
                .replacen("sudoku_trace::at2(", "sudoku_trace::hits2(", 1)
                .replacen("sudoku_trace::at1(", "sudoku_trace::hits1(", 1)
                .replacen("sudoku_trace::at_ref(", "sudoku_trace::hits_ref(", 1);
            let guard = guard
                .rsplit_once(", ")
                .map(|(args, _line)| format!("{args})"))
                .unwrap_or(guard);
            snap = format!("if ({guard}) {{ {snap}}} ");
        }
        let semicolon = if self.o.lang == Lang::Rust && target.id() == a.id() {
            ";"
        } else {
            ""
        };
        self.open(target, 0, "{ ".into());
        self.close(target, 0, format!("{semicolon} {snap}{call} }}"));
    }

    /// The recorder's check after a store into the subscript `left`.
    fn subscript_store(&self, left: Node, line: usize) -> Option<String> {
        let (outer, i) = self.subscript(left)?;
        let two = if outer.kind() == self.k.subscript {
            self.subscript(outer)
        } else {
            None
        };
        Some(match (self.o.lang, two) {
            (Lang::Cpp, Some((g, r))) => format!(
                "sudoku_trace::at2({}, {}, {}, {line});",
                self.text(g),
                self.text(r),
                self.text(i)
            ),
            (Lang::Cpp, None) => format!(
                "sudoku_trace::at1({}, {}, {line});",
                self.text(outer),
                self.text(i)
            ),
            (Lang::C, Some((g, r))) => {
                let (g, r, i) = (self.text(g), self.text(r), self.text(i));
                format!(
                    "sudoku_trace_at2((const void *)&(({g})[{r}][{i}]), sizeof(({g})[{r}][{i}]), (const void *)({g}), sizeof({g}), sizeof(({g})[0]), {line});"
                )
            }
            (Lang::C, None) => {
                let (g, i) = (self.text(outer), self.text(i));
                format!(
                    "sudoku_trace_at1((const void *)&(({g})[{i}]), sizeof(({g})[{i}]), {line});"
                )
            }
            (Lang::Java, Some((g, r))) => format!(
                "SudokuTrace.at2({}, {}, {}, {line});",
                self.text(g),
                self.text(r),
                self.text(i)
            ),
            (Lang::Java, None) => format!(
                "SudokuTrace.at1({}, {}, {line});",
                self.text(outer),
                self.text(i)
            ),
            (Lang::Rust, two) => {
                let seen = two
                    .map(|(g, _)| format!("(&crate::sudoku_trace::G(&{})).seen(); ", self.text(g)))
                    .unwrap_or_default();
                format!(
                    "{{ use crate::sudoku_trace::{{Seen as _, NotSeen as _, Stored as _, NotStored as _}}; {seen}(&crate::sudoku_trace::At(&{})).at({line}); }}",
                    self.text(left)
                )
            }
        })
    }

    /// A subscript's array and index.
    fn subscript<'t>(&self, s: Node<'t>) -> Option<(Node<'t>, Node<'t>)> {
        let parts = named(s);
        let array = s
            .child_by_field_name("argument")
            .or_else(|| s.child_by_field_name("array"))
            .or_else(|| parts.first().copied())?;
        let index = s
            .child_by_field_name("index")
            .or_else(|| s.child_by_field_name("indices"))
            .or_else(|| parts.get(1).copied())?;
        let index = if index.kind() == "subscript_argument_list" {
            let inner = named(index);
            if inner.len() != 1 {
                return None;
            }
            inner[0]
        } else {
            index
        };
        Some((array, index))
    }

    fn params(&self, f: Node) -> Vec<Var> {
        let mut out = Vec::new();
        let list = match self.o.lang {
            Lang::C | Lang::Cpp => f
                .child_by_field_name("declarator")
                .and_then(|d| first_of(d, &["function_declarator", "abstract_function_declarator"]))
                .and_then(|d| d.child_by_field_name("parameters")),
            _ => f.child_by_field_name("parameters"),
        };
        for p in list.map(named).unwrap_or_default() {
            match (self.o.lang, p.kind()) {
                (Lang::C | Lang::Cpp, "parameter_declaration") => {
                    if let Some(d) = p.child_by_field_name("declarator") {
                        let ty = p.child_by_field_name("type").map_or("", |t| self.text(t));
                        if let Some(mut v) = self.declarator(d, ty) {
                            v.param = true;
                            v.pointer |= v.dims > 0;
                            out.push(v);
                        }
                    }
                }
                (Lang::Java, "formal_parameter") => {
                    if let Some(n) = p.child_by_field_name("name") {
                        let ty = p.child_by_field_name("type").map_or("", |t| self.text(t));
                        out.push(Var {
                            param: true,
                            ..Var::named(self.text(n), ty)
                        });
                    }
                }
                (Lang::Rust, "parameter") => {
                    let ty = p.child_by_field_name("type").map_or("", |t| self.text(t));
                    if let Some(pat) = p.child_by_field_name("pattern") {
                        for n in self.pattern_names(pat) {
                            out.push(Var {
                                param: true,
                                ..Var::named(n, ty)
                            });
                        }
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// A C or C++ declarator's variable.
    fn declarator(&self, d: Node, ty: &str) -> Option<Var> {
        let mut cur = d;
        let (mut dims, mut pointer, mut reference) = (0, false, false);
        loop {
            match cur.kind() {
                "identifier" | "field_identifier" => {
                    return Some(Var {
                        name: self.text(cur).into(),
                        ty: ty.into(),
                        dims,
                        pointer,
                        param: false,
                        reference,
                        field: None,
                    })
                }
                "init_declarator" | "reference_declarator" | "parenthesized_declarator" => {
                    reference |= cur.kind() == "reference_declarator";
                    cur = cur
                        .child_by_field_name("declarator")
                        .or_else(|| named(cur).into_iter().next())?;
                }
                "array_declarator" => {
                    dims += 1;
                    cur = cur.child_by_field_name("declarator")?;
                }
                "pointer_declarator" => {
                    pointer = true;
                    cur = cur.child_by_field_name("declarator")?;
                }
                _ => return None,
            }
        }
    }

    fn pattern_names(&self, pat: Node) -> Vec<String> {
        let mut out = Vec::new();
        let mut stack = vec![pat];
        while let Some(n) = stack.pop() {
            match n.kind() {
                "identifier" => {
                    let parent = n.parent().map(|p| p.kind()).unwrap_or("");
                    if !matches!(parent, "scoped_identifier" | "tuple_struct_pattern")
                        || n.prev_sibling().is_some()
                    {
                        out.push(self.text(n).to_string());
                    }
                }
                "self" | "scoped_identifier" | "field_identifier" => {}
                _ => {
                    let mut kids = named(n);
                    kids.reverse();
                    stack.extend(kids);
                }
            }
        }
        out.retain(|n| n != "_" && n != "self");
        out
    }

    /// The variables a declaration brings in.
    fn declared(&self, d: Node) -> Vec<Var> {
        match self.o.lang {
            Lang::C | Lang::Cpp => {
                let ty = d.child_by_field_name("type").map_or("", |t| self.text(t));
                // A function held in a variable (a lambda, a
                // `std::function`) is left out, as functions are.
                if ty.contains("function<") {
                    return Vec::new();
                }
                let mut cursor = d.walk();
                let decls: Vec<Node> = d
                    .children_by_field_name("declarator", &mut cursor)
                    .collect();
                decls
                    .into_iter()
                    .filter(|x| {
                        x.child_by_field_name("value")
                            .is_none_or(|v| v.kind() != "lambda_expression")
                    })
                    .filter_map(|x| self.declarator(x, ty))
                    .collect()
            }
            Lang::Java => {
                let ty = d.child_by_field_name("type").map_or("", |t| self.text(t));
                let mut cursor = d.walk();
                let decls: Vec<Node> = d
                    .children_by_field_name("declarator", &mut cursor)
                    .collect();
                decls
                    .into_iter()
                    // Java reads only what is surely assigned.
                    .filter(|x| x.child_by_field_name("value").is_some())
                    .filter_map(|x| x.child_by_field_name("name"))
                    .map(|n| Var::named(self.text(n), ty))
                    .collect()
            }
            Lang::Rust => {
                if d.child_by_field_name("value").is_none() {
                    return Vec::new();
                }
                let ty = d.child_by_field_name("type").map_or("", |t| self.text(t));
                d.child_by_field_name("pattern")
                    .map(|p| self.pattern_names(p))
                    .unwrap_or_default()
                    .into_iter()
                    .map(|name| Var::named(name, ty))
                    .collect()
            }
        }
    }

    /// The names a C or C++ declaration gives no value (`int i, j;`, not
    /// `int k = 0;`, nor an array, which C zeroes where it is static and
    /// the program fills).
    fn declared_unset(&self, d: Node) -> Vec<String> {
        let mut cursor = d.walk();
        let decls: Vec<Node> = d
            .children_by_field_name("declarator", &mut cursor)
            .collect();
        decls
            .into_iter()
            .filter(|x| matches!(x.kind(), "identifier" | "pointer_declarator"))
            .filter_map(|x| self.declarator(x, ""))
            .map(|v| v.name)
            .collect()
    }

    /// The variables in scope at statement `s` of function `f`: its
    /// parameters, the declarations before `s` in each enclosing block and
    /// the variables of each enclosing loop.
    fn in_scope(&self, s: Node, f: Node, params: &[Var]) -> Vec<Var> {
        let mut layers: Vec<Vec<Var>> = Vec::new();
        let mut cur = s;
        while let Some(parent) = cur.parent() {
            if parent.id() == f.id() {
                break;
            }
            let mut layer = Vec::new();
            if parent.kind() == self.k.block {
                for c in named(parent) {
                    if c.start_byte() >= cur.start_byte() {
                        break;
                    }
                    if c.kind() == self.k.declaration {
                        let mut vars = self.declared(c);
                        // C and C++: a variable declared without a value
                        // (`int i, j;`) holds none until it is assigned;
                        // shown only past an assignment to it.
                        if matches!(self.o.lang, Lang::C | Lang::Cpp) {
                            let unset = self.declared_unset(c);
                            let between = &self.src[c.end_byte()..s.start_byte().max(c.end_byte())];
                            vars.retain(|v| {
                                !unset.contains(&v.name) || assigned_in(between, &v.name)
                            });
                        }
                        layer.extend(vars);
                    }
                }
            }
            match parent.kind() {
                "for_statement" => {
                    for field in ["initializer", "init"] {
                        let mut cursor = parent.walk();
                        let inits: Vec<Node> =
                            parent.children_by_field_name(field, &mut cursor).collect();
                        for init in inits {
                            if init.kind() == self.k.declaration && init.id() != cur.id() {
                                layer.extend(self.declared(init));
                            }
                        }
                    }
                }
                "for_range_loop" => {
                    if let Some(d) = parent.child_by_field_name("declarator") {
                        let ty = parent
                            .child_by_field_name("type")
                            .map_or("", |t| self.text(t));
                        layer.extend(self.declarator(d, ty));
                    }
                }
                "enhanced_for_statement" => {
                    if let Some(n) = parent.child_by_field_name("name") {
                        let ty = parent
                            .child_by_field_name("type")
                            .map_or("", |t| self.text(t));
                        layer.push(Var::named(self.text(n), ty));
                    }
                }
                "for_expression" => {
                    if let Some(p) = parent.child_by_field_name("pattern") {
                        if parent
                            .child_by_field_name("body")
                            .is_some_and(|b| b.id() == cur.id())
                        {
                            for name in self.pattern_names(p) {
                                layer.push(Var::named(name, ""));
                            }
                        }
                    }
                }
                _ => {}
            }
            layers.push(layer);
            cur = parent;
        }
        let mut vars: Vec<Var> = params.to_vec();
        for layer in layers.into_iter().rev() {
            vars.extend(layer);
        }
        // The innermost of two of one name is the one seen.
        let mut out: Vec<Var> = Vec::new();
        for v in vars {
            out.retain(|w| w.name != v.name);
            out.push(v);
        }
        out.retain(|v| !self.is_board_type(&v.ty));
        out
    }

    /// A type that is surely a board (left out of the locals): a table of
    /// chars or bytes. Another table (a 3×3 of masks, `Vec<Vec<u32>>`) is
    /// shown, unless the recorder finds it 9 rows of 9 or more when it is
    /// snapped (a table of booleans even so: the recorder shows its marks).
    fn is_board_type(&self, ty: &str) -> bool {
        let t: String = ty.chars().filter(|c| !c.is_whitespace()).collect();
        t.contains("char[][]")
            || t.contains("byte[][]")
            || t.contains("vector<vector<char>")
            || t.contains("vector<vector<unsignedchar>")
            || t.contains("Vec<Vec<char>>")
            || t.contains("Vec<Vec<u8>>")
    }

    /// The statement that snaps `vars` into the current frame's locals.
    fn snap(&self, vars: &[Var]) -> String {
        if !self.o.locals {
            return String::new();
        }
        match self.o.lang {
            Lang::Cpp => {
                let parts: Vec<String> = vars
                    .iter()
                    .map(|v| format!("sudoku_trace::nv({:?}, {})", v.name, v.name))
                    .collect();
                format!("sudoku_trace::snap({}); ", parts.join(", "))
            }
            Lang::Java => {
                let parts: Vec<String> = vars
                    .iter()
                    .map(|v| match &v.field {
                        Some(owner) => format!(
                            "{:?}, SudokuTrace.field({owner}, {:?}, () -> {})",
                            v.name, v.name, v.name
                        ),
                        None => format!("{:?}, {}", v.name, v.name),
                    })
                    .collect();
                format!("SudokuTrace.snap({}); ", parts.join(", "))
            }
            Lang::Rust => {
                let parts: Vec<String> = vars
                    .iter()
                    .map(|v| {
                        format!(
                            "({:?}, (&crate::sudoku_trace::W(&{})).shown(), (&crate::sudoku_trace::P(&{})).at())",
                            v.name, v.name, v.name
                        )
                    })
                    .collect();
                format!(
                    "{{ use crate::sudoku_trace::{{Shown as _, NotShown as _, Through as _, Own as _}}; crate::sudoku_trace::snap(&[{}]); }} ",
                    parts.join(", ")
                )
            }
            Lang::C => {
                let mut out = String::from("sudoku_trace_snap_begin(); ");
                for v in vars {
                    let words: Vec<&str> = v.ty.split_whitespace().collect();
                    let has = |w: &str| words.contains(&w);
                    let kind = if has("bool") || has("_Bool") {
                        'b'
                    } else if has("char") && !has("unsigned") && !has("signed") {
                        'c'
                    } else if words.iter().all(|w| {
                        [
                            "int", "long", "short", "unsigned", "signed", "size_t", "char",
                            "const", "static", "register", "int64_t", "int32_t", "uint64_t",
                            "uint32_t",
                        ]
                        .contains(w)
                    }) && !words.is_empty()
                    {
                        'i'
                    } else {
                        continue;
                    };
                    let n = &v.name;
                    match (v.pointer, v.dims) {
                        (false, 0) => {
                            let f = match kind {
                                'b' => "sudoku_trace_b",
                                'c' => "sudoku_trace_c",
                                _ => "sudoku_trace_i",
                            };
                            out += &format!("{f}({n:?}, (long long)({n})); ");
                        }
                        (false, 1) if kind != 'c' => {
                            out += &format!(
                                "sudoku_trace_ai({n:?}, (const void *)({n}), sizeof(({n})[0]), sizeof({n}) / sizeof(({n})[0]), '{kind}'); "
                            );
                        }
                        (false, 2) if kind == 'b' => {
                            out += &format!(
                                "sudoku_trace_tb({n:?}, (const void *)({n}), sizeof(({n})[0][0]), sizeof({n}) / sizeof(({n})[0]), sizeof(({n})[0]) / sizeof(({n})[0][0])); "
                            );
                        }
                        // A pointer, or an array parameter: shown as the
                        // outer frame's array it points at.
                        (true, _) if kind != 'c' => {
                            out += &format!("sudoku_trace_ap({n:?}, (const void *)({n})); ");
                        }
                        _ => {}
                    }
                }
                out + "sudoku_trace_snap_end(); "
            }
        }
    }

    fn finish(mut self) -> String {
        self.inserts.sort_by(|a, b| {
            a.at.cmp(&b.at)
                .then(b.closing.cmp(&a.closing))
                .then_with(|| {
                    if a.closing {
                        b.start.cmp(&a.start).then(a.sub.cmp(&b.sub))
                    } else {
                        b.end.cmp(&a.end).then(a.sub.cmp(&b.sub))
                    }
                })
        });
        let recorder = match self.o.lang {
            Lang::C => C_RECORDER,
            Lang::Cpp => CPP_RECORDER,
            Lang::Java => JAVA_RECORDER,
            Lang::Rust => RUST_RECORDER,
        };
        let mut out = String::with_capacity(self.src.len() * 2 + recorder.len());
        if matches!(self.o.lang, Lang::C | Lang::Cpp) {
            out += recorder;
            out += &format!(
                "#line 1 {}\n",
                crate::judge::language::c_string_literal(self.o.file_name)
            );
        }
        let mut last = 0;
        for ins in &self.inserts {
            out += &self.src[last..ins.at];
            out += &ins.text;
            last = ins.at;
        }
        out += &self.src[last..];
        if matches!(self.o.lang, Lang::Java | Lang::Rust) {
            if !out.ends_with('\n') {
                out.push('\n');
            }
            out += recorder;
        }
        out
    }
}

/// A Rust block's tail expression: its last named child, not a statement.
fn tail_expression(block: Node) -> Option<Node> {
    let last = named(block).into_iter().last()?;
    let is_statement = matches!(
        last.kind(),
        "expression_statement" | "let_declaration" | "line_comment" | "block_comment"
    ) || last.kind().ends_with("_item");
    (!is_statement).then_some(last)
}

/// Whether evaluating `n` again could do something or give another value.
fn has_effects(n: Node) -> bool {
    matches!(
        n.kind(),
        "call_expression"
            | "method_invocation"
            | "update_expression"
            | "assignment_expression"
            | "compound_assignment_expr"
            | "macro_invocation"
            | "object_creation_expression"
    ) || named(n).into_iter().any(has_effects)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The judge's list of the languages traced through a copy is this
    /// module's: each names a recorder.
    #[test]
    fn every_language_the_judge_counts_as_traced_has_a_recorder() {
        for name in crate::judge::language::COPY_TRACED {
            assert!(Lang::of(name).is_some(), "{name}");
        }
        assert!(Lang::of("Python 3").is_none() && Lang::of("JavaScript").is_none());
    }

    #[test]
    fn the_line_directive_names_any_file_as_c_reads_it() {
        let o = Options {
            lang: Lang::C,
            file_name: "a\u{200B}\"b\\?\n.c",
            locals: true,
            leetcode: true,
        };
        let copy = instrument("int main(void) { return 0; }\n", &o).unwrap();
        let line = copy.lines().find(|l| l.starts_with("#line 1 ")).unwrap();
        assert_eq!(line, r#"#line 1 "a\342\200\213\"b\\\?\012.c""#);
    }

    fn lines(text: &str, lang: Lang) -> (String, String) {
        let o = Options {
            lang,
            file_name: "x",
            locals: true,
            leetcode: true,
        };
        (text.to_string(), instrument(text, &o).unwrap())
    }

    /// A C variable declared without a value is snapped only past an
    /// assignment to it: `i`, never assigned, never; `j` once the loop's
    /// header has set it.
    #[test]
    fn a_variable_without_a_value_is_shown_once_assigned() {
        let text = "int g[9][9];\nint dfs(int k) {\n    int i, j;\n    g[0][0] = k;\n    for (j = 0; j < 9; j++) {\n        g[0][j] = k;\n    }\n    return 0;\n}\n";
        let (_, copy) = lines(text, Lang::C);
        // The file's lines follow the recorder, after `#line 1`.
        let own: Vec<&str> = copy
            .lines()
            .skip_while(|l| !l.starts_with("#line 1 "))
            .skip(1)
            .collect();
        let line = |n: usize| own[n - 1].to_string();
        assert!(
            !line(4).contains("\"i\"") && !line(4).contains("\"j\""),
            "{}",
            line(4)
        );
        assert!(
            line(6).contains("sudoku_trace_i(\"j\"") && !line(6).contains("\"i\""),
            "{}",
            line(6)
        );
        assert!(
            assigned_in("scanf(\"%d\", &x);", "x") && !assigned_in("if (x == 1 && y) z = x;", "x")
        );
    }

    #[test]
    fn a_file_nested_past_the_bound_is_refused_without_a_deep_walk() {
        let deep = format!(
            "int main() {{ int x = {}1{}; }}\n",
            "(".repeat(200_000),
            ")".repeat(200_000)
        );
        for lang in [Lang::C, Lang::Cpp] {
            let o = Options {
                lang,
                file_name: "x",
                locals: true,
                leetcode: true,
            };
            let why = instrument(&deep, &o).unwrap_err();
            assert!(
                why.starts_with("nested more than 1000 levels deep (line 1 is at depth 1001)"),
                "{why}"
            );
        }
        let (_, fine) = lines(
            &format!(
                "int main() {{ int x = {}1{}; }}\n",
                "(".repeat(200),
                ")".repeat(200)
            ),
            Lang::C,
        );
        assert!(fine.contains("int main()"));
    }

    #[test]
    fn every_line_keeps_its_number() {
        let text = "class Solution {\n    public void solveSudoku(char[][] board) {\n        int r = 0;\n        if (go(board, r)) board[r][0] = '1';\n    }\n    boolean go(char[][] b, int r) {\n        b[r][1] = '2';\n        return true;\n    }\n}\n";
        let (before, after) = lines(text, Lang::Java);
        assert_eq!(
            before.lines().count(),
            after.lines().count() - JAVA_RECORDER.lines().count()
        );
        for (a, b) in before.lines().zip(after.lines()) {
            // The line's words, in order, with the copy's text between them.
            let mut rest = b;
            for piece in a
                .split(|c: char| !c.is_alphanumeric())
                .filter(|p| !p.is_empty())
            {
                let at = rest
                    .find(piece)
                    .unwrap_or_else(|| panic!("{piece} not on {b}"));
                rest = &rest[at + piece.len()..];
            }
        }
        assert!(
            after.contains("SudokuTrace.at2(board, r, 0, 4);"),
            "{after}"
        );
        assert!(after.contains("SudokuTrace.at2(b, r, 1, 7);"), "{after}");
        assert!(after.contains("return SudokuTrace.ret(true);"), "{after}");
        assert!(
            after.contains("SudokuTrace.snap(\"r\", r); if (go"),
            "{after}"
        );
    }

    #[test]
    fn a_store_with_a_call_in_its_subscript_is_left_alone() {
        let (_, after) = lines(
            "void f(char b[9][9], int i) { b[next(i)][0] = '1'; b[i][0] = '2'; }\nint next(int i) { return i + 1; }\n",
            Lang::C,
        );
        assert_eq!(after.matches("sudoku_trace_at2(").count(), 2, "{after}");
        assert!(!after.contains("next(i)][0]), "), "{after}");
    }

    #[test]
    fn rust_tail_and_returns_are_wrapped() {
        let (_, after) = lines(
            "impl Solution {\n    fn dfs(b: &mut Vec<Vec<char>>, k: usize) -> bool {\n        if k == 81 { return true; }\n        b[k / 9][k % 9] = '5';\n        Self::dfs(b, k + 1)\n    }\n}\n",
            Lang::Rust,
        );
        assert!(
            after.contains("return crate::sudoku_trace::ret(true)"),
            "{after}"
        );
        assert!(
            after.contains("crate::sudoku_trace::ret(Self::dfs(b, k + 1))"),
            "{after}"
        );
        assert!(
            after.contains("(&crate::sudoku_trace::At(&b[k / 9][k % 9])).at(4)"),
            "{after}"
        );
    }
}
