//! Keeps the code in rooms of a readable size and in its layers.
//!
//! Sizes: no file of `src/` or of a crate's `src/` outside the engine
//! (`src/engine/`, `crates/annabella-engine/`) over 600 lines before its
//! unit tests, and no function outside the search
//! (`crates/annabella-engine/src/search.rs`) over 80 lines, counted from
//! its `fn` line to its closing brace as rustfmt lays it out.
//!
//! Layers: what Cargo cannot say. That the core names nothing of the
//! edge, and the rules and the engine nothing of the core, the crate
//! graph keeps (`tests/it/crates.rs` holds the core's dependencies);
//! inside the core, its crate doc (`crates/annabella-core/src/lib.rs`,
//! "The rooms and what each may touch") has a table with a row for
//! every top-level module (a crate re-exported as one, `pub use
//! annabella_rules as rules;`, too) and a column "may use". Every `crate::<module>` path in a module's files
//! (and `super::` that climbs to the crate root, and `$crate::` in
//! macros) must be allowed there; the table itself must have no cycle;
//! and a module whose row knows nothing of "reading the time", and the
//! rules crate, must not read a clock (`Instant::now`, `SystemTime::now`, `Utc::now`,
//! `Local::now`, `.elapsed()`).
//!
//! Test code (`#[cfg(test)]` items, and files of modules declared under
//! `#[cfg(test)]`) counts for imports like any other code: a test that
//! needs a higher room is a back-arrow too, unless the table allows it
//! with "(in tests)". It does not count for clock reads: an `Instant`
//! can only be had from the clock, so tests read it once and move time
//! on by adding durations. Comments, doc comments (and their examples,
//! which are compiled outside the crate) and strings are not code.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const MAX_FILE_LINES: usize = 600;
const MAX_FN_LINES: usize = 80;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("readable directory") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The lines before the file's `#[cfg(test)]` module.
fn code_lines(text: &str) -> Vec<&str> {
    text.lines()
        .take_while(|l| l.trim() != "#[cfg(test)]")
        .collect()
}

/// Whether a line opens a function, and its indentation.
fn fn_start(line: &str) -> Option<usize> {
    let trimmed = line.trim_start();
    let indent = line.len() - trimmed.len();
    // Any visibility (`pub`, `pub(crate)`, `pub(in crate::session)`).
    let mut rest = match trimmed.strip_prefix("pub(") {
        Some(inner) => inner.split_once(") ").map_or(trimmed, |(_, rest)| rest),
        None => trimmed.strip_prefix("pub ").unwrap_or(trimmed),
    };
    for prefix in ["const ", "unsafe "] {
        rest = rest.strip_prefix(prefix).unwrap_or(rest);
    }
    (rest.starts_with("fn ") && !trimmed.ends_with(';')).then_some(indent)
}

/// Every function longer than the limit: (name line, length).
fn long_functions(lines: &[&str]) -> Vec<(usize, usize)> {
    let mut long = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(indent) = fn_start(line) else {
            continue;
        };
        // A declaration over several lines (in an `extern` block) has
        // no body: its signature ends with `;` before any `{`.
        let declared = lines[i..]
            .iter()
            .map(|l| l.trim_end())
            .find(|l| l.ends_with('{') || l.ends_with(';'))
            .is_some_and(|l| l.ends_with(';'));
        if declared {
            continue;
        }
        let close = format!("{}}}", " ".repeat(indent));
        let end = lines[i..]
            .iter()
            .position(|l| *l == close)
            .map_or(lines.len(), |p| i + p);
        let length = end - i + 1;
        if length > MAX_FN_LINES {
            long.push((i + 1, length));
        }
    }
    long
}

#[test]
fn files_and_functions_stay_small() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    for krate in fs::read_dir(root.join("crates")).expect("crates/") {
        rust_files(&krate.expect("a crate").path().join("src"), &mut files);
    }
    assert!(files.len() > 100, "only {} files found", files.len());
    let mut problems = Vec::new();
    for path in files {
        let shown = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        let text = fs::read_to_string(&path).expect("readable source");
        let lines = code_lines(&text);
        let engine =
            shown.starts_with("src/engine/") || shown.starts_with("crates/annabella-engine/");
        if !engine && lines.len() > MAX_FILE_LINES {
            problems.push(format!(
                "{shown}: {} lines before its tests (at most {MAX_FILE_LINES})",
                lines.len()
            ));
        }
        if shown == "crates/annabella-engine/src/search.rs" {
            continue;
        }
        for (line, length) in long_functions(&lines) {
            problems.push(format!(
                "{shown}:{line}: a function of {length} lines (at most {MAX_FN_LINES})"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_function_is_found_whatever_its_visibility() {
    for line in [
        "fn f() {",
        "    pub fn f() {",
        "    pub(crate) fn f() {",
        "    pub(in crate::session) fn f() {",
        "pub(super) const fn f() {",
    ] {
        assert!(fn_start(line).is_some(), "{line}");
    }
    assert!(fn_start("    fn f();").is_none());
}

#[test]
fn the_counter_sees_a_long_function() {
    let mut text = String::from("fn long() {\n");
    text.push_str(&"    step();\n".repeat(MAX_FN_LINES));
    text.push_str("}\nfn short() {\n}\n");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(long_functions(&lines), [(1, MAX_FN_LINES + 2)]);
}

/// Clock reads the layer check lets through, by file and the words of
/// the read. Each must still be there: an entry that matches nothing
/// fails, so that it goes with the read.
const CLOCK_EXCEPTIONS: &[(&str, &str)] = &[];

/// A piece of Rust source as the layer check reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    /// An identifier, keyword or number.
    Word(String),
    /// `::`.
    PathSep,
    /// Any other punctuation character.
    Punct(char),
}

/// A piece with the line it stands on.
#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    line: usize,
}

/// The code of `text` as tokens: comments, doc comments, string, byte
/// string and character literals are left out, lifetimes read as words.
fn tokens(text: &str) -> Vec<Token> {
    let c: Vec<char> = text.chars().collect();
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && at(i + 1) == '*' {
            i = skip_block_comment(&c, i, &mut line);
        } else if ch == '"' {
            i = skip_string(&c, i + 1, 0, &mut line);
        } else if ch == '\'' {
            i = skip_char_or_lifetime(&c, i);
        } else if ch.is_alphanumeric() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            let word: String = c[start..i].iter().collect();
            match (word.as_str(), at(i)) {
                ("b" | "c", '"') => i = skip_string(&c, i + 1, 0, &mut line),
                ("b", '\'') => i = skip_char_or_lifetime(&c, i),
                ("r" | "br" | "cr", '"' | '#') if raw_string_at(&c, i) => {
                    let hashes = c[i..].iter().take_while(|&&h| h == '#').count();
                    i = skip_string(&c, i + hashes + 1, hashes, &mut line);
                }
                // A raw identifier (`r#type`): the word after the `#`.
                ("r", '#') => i += 1,
                _ => out.push(Token {
                    tok: Tok::Word(word),
                    line,
                }),
            }
        } else if ch == ':' && at(i + 1) == ':' {
            out.push(Token {
                tok: Tok::PathSep,
                line,
            });
            i += 2;
        } else {
            out.push(Token {
                tok: Tok::Punct(ch),
                line,
            });
            i += 1;
        }
    }
    out
}

/// Whether a raw string's `#`s and quote start at `i`.
fn raw_string_at(c: &[char], i: usize) -> bool {
    let hashes = c[i..].iter().take_while(|&&h| h == '#').count();
    c.get(i + hashes) == Some(&'"')
}

/// The index after a block comment (nested ones included) that opens
/// at `i`.
fn skip_block_comment(c: &[char], mut i: usize, line: &mut usize) -> usize {
    let mut depth = 0;
    while i < c.len() {
        if c[i] == '/' && c.get(i + 1) == Some(&'*') {
            depth += 1;
            i += 2;
        } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            *line += usize::from(c[i] == '\n');
            i += 1;
        }
    }
    i
}

/// The index after a string whose text starts at `i` and that ends with
/// a quote and `hashes` `#`s (0: an ordinary string, with escapes).
fn skip_string(c: &[char], mut i: usize, hashes: usize, line: &mut usize) -> usize {
    while i < c.len() {
        match c[i] {
            '\\' if hashes == 0 => {
                *line += usize::from(c.get(i + 1) == Some(&'\n'));
                i += 2;
            }
            '"' if c[i + 1..]
                .iter()
                .take(hashes)
                .filter(|&&h| h == '#')
                .count()
                == hashes =>
            {
                return i + 1 + hashes;
            }
            ch => {
                *line += usize::from(ch == '\n');
                i += 1;
            }
        }
    }
    i
}

/// The index after a character literal at `i` (`'a'`, `'\n'`,
/// `'\u{e4}'`), or after the quote of a lifetime (`'a`), whose name is
/// then read as a word.
fn skip_char_or_lifetime(c: &[char], i: usize) -> usize {
    if c.get(i + 1) == Some(&'\\') {
        let close = c[i + 3..].iter().position(|&q| q == '\'');
        close.map_or(c.len(), |p| i + 3 + p + 1)
    } else if c.get(i + 2) == Some(&'\'') {
        i + 3
    } else {
        i + 1
    }
}

/// The module path of a file of `src/` (`rules/clock/mod.rs`: `rules`,
/// `clock`); `None` for the binary's `main.rs`.
fn module_path(relative: &Path) -> Option<Vec<String>> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let file = parts.pop()?;
    match file.as_str() {
        "main.rs" if parts.is_empty() => return None,
        "lib.rs" if parts.is_empty() => {}
        "mod.rs" => {}
        _ => parts.push(file.strip_suffix(".rs")?.to_string()),
    }
    Some(parts)
}

/// A module named or a clock read, where it stands.
#[derive(Clone, Debug)]
struct Seen {
    /// The top-level module, or the words of the read.
    what: String,
    /// Its line.
    line: usize,
    /// Whether it is test code.
    in_test: bool,
}

/// What one file's code says about the layers.
#[derive(Debug, Default)]
struct FileFacts {
    /// Top-level modules named.
    uses: Vec<Seen>,
    /// Clock reads.
    clock_reads: Vec<Seen>,
    /// Modules declared here under `#[cfg(test)]` as files of their own,
    /// by module path.
    test_modules: Vec<Vec<String>>,
}

/// An open bracket while a file is read.
struct Open {
    /// `(`, `[` or `{`.
    bracket: char,
    /// The inline module it opens (`mod tests {`).
    module: Option<String>,
}

/// The word at token `i`, if it is one.
fn word_at(toks: &[Token], i: usize) -> Option<&str> {
    match toks.get(i).map(|t| &t.tok) {
        Some(Tok::Word(w)) => Some(w),
        _ => None,
    }
}

/// Whether token `i` is `tok`.
fn tok_is(toks: &[Token], i: usize, tok: &Tok) -> bool {
    toks.get(i).map(|t| &t.tok) == Some(tok)
}

/// Reads one file whose module path is `path`: every path that reaches
/// a top-level module, every clock read, and the test modules declared.
fn file_facts(toks: &[Token], path: &[String], whole_file_test: bool) -> FileFacts {
    let mut facts = FileFacts::default();
    let mut open: Vec<Open> = Vec::new();
    // The bracket depths at which `#[cfg(test)]` items began.
    let mut test_items: Vec<usize> = Vec::new();
    let module = |open: &[Open]| -> Vec<String> {
        let inline = open.iter().filter_map(|o| o.module.clone());
        path.iter().cloned().chain(inline).collect()
    };
    for (i, token) in toks.iter().enumerate() {
        let seen = |what: String| Seen {
            what,
            line: token.line,
            in_test: whole_file_test || !test_items.is_empty(),
        };
        match &token.tok {
            Tok::Punct('#') if cfg_test_at(toks, i + 1) => {
                test_items.push(open.len());
                if let Some(name) = module_declared(toks, i + 7) {
                    let mut declared = module(&open);
                    declared.push(name.to_string());
                    facts.test_modules.push(declared);
                }
            }
            Tok::Punct(b @ ('(' | '[' | '{')) => {
                let opens_module = *b == '{' && i >= 2 && word_at(toks, i - 2) == Some("mod");
                open.push(Open {
                    bracket: *b,
                    module: word_at(toks, i - 1)
                        .filter(|_| opens_module)
                        .map(str::to_string),
                });
            }
            Tok::Punct(')' | ']' | '}') => {
                let closed = open.pop().map(|o| o.bracket);
                // A test item ends with the braces of its body.
                if closed == Some('{') && test_items.last() == Some(&open.len()) {
                    test_items.pop();
                }
            }
            Tok::Punct(';') if test_items.last() == Some(&open.len()) => {
                test_items.pop();
            }
            Tok::Word(w) if tok_is(toks, i + 1, &Tok::PathSep) => {
                if let Some(read) = clock_read(w, word_at(toks, i + 2)) {
                    facts.clock_reads.push(seen(read));
                }
                // Only a path's first word can be `crate` or climb.
                if !(i > 0 && tok_is(toks, i - 1, &Tok::PathSep)) {
                    let used = root_paths(toks, i, &module(&open));
                    facts.uses.extend(used.into_iter().map(seen));
                }
            }
            Tok::Punct('.')
                if word_at(toks, i + 1) == Some("elapsed")
                    && tok_is(toks, i + 2, &Tok::Punct('('))
                    && tok_is(toks, i + 3, &Tok::Punct(')')) =>
            {
                facts.clock_reads.push(seen(".elapsed()".to_string()));
            }
            _ => {}
        }
    }
    facts
}

/// The name of the module declared as a file of its own (`mod name;`,
/// `pub(crate) mod name;`) by the item at token `i`, if it is one.
fn module_declared(toks: &[Token], mut i: usize) -> Option<&str> {
    if word_at(toks, i) == Some("pub") {
        i += 1;
        if tok_is(toks, i, &Tok::Punct('(')) {
            let close = toks[i..].iter().position(|t| t.tok == Tok::Punct(')'))?;
            i += close + 1;
        }
    }
    let declared = word_at(toks, i) == Some("mod") && tok_is(toks, i + 2, &Tok::Punct(';'));
    declared.then(|| word_at(toks, i + 1)).flatten()
}

/// Whether `#` at `i - 1` opens `#[cfg(test)]` (tokens `[`, `cfg`, `(`,
/// `test`, `)`, `]` from `i`).
fn cfg_test_at(toks: &[Token], i: usize) -> bool {
    let want = [
        Tok::Punct('['),
        Tok::Word("cfg".into()),
        Tok::Punct('('),
        Tok::Word("test".into()),
        Tok::Punct(')'),
        Tok::Punct(']'),
    ];
    toks.len() >= i + want.len() && toks[i..i + want.len()].iter().map(|t| &t.tok).eq(&want)
}

/// The clock read that `first::second` is, if it is one.
fn clock_read(first: &str, second: Option<&str>) -> Option<String> {
    let clocks = ["Instant", "SystemTime", "Utc", "Local"];
    (clocks.contains(&first) && second == Some("now")).then(|| format!("{first}::now"))
}

/// The top-level modules a path starting at token `i` names (several
/// for `crate::{a, b}`), when it starts with `crate`, `$crate` or enough
/// `super`s to climb from `module` to the crate root.
fn root_paths(toks: &[Token], i: usize, module: &[String]) -> Vec<String> {
    let word = |i: usize| word_at(toks, i);
    let mut next = i;
    match word(i) {
        Some("crate") => next += 2,
        Some("super") => {
            let mut depth = module.len();
            while word(next) == Some("super") && tok_is(toks, next + 1, &Tok::PathSep) {
                if depth == 0 {
                    return Vec::new();
                }
                depth -= 1;
                next += 2;
            }
            if depth > 0 {
                return Vec::new();
            }
        }
        _ => return Vec::new(),
    }
    match toks.get(next).map(|t| &t.tok) {
        Some(Tok::Word(w)) => vec![w.clone()],
        Some(Tok::Punct('{')) => group_heads(toks, next),
        _ => Vec::new(),
    }
}

/// The first word of every item of the `{…}` group that opens at `i`.
fn group_heads(toks: &[Token], i: usize) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0;
    for j in i..toks.len() {
        match &toks[j].tok {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            Tok::Word(w) if depth == 1 => {
                let after_opening = matches!(toks[j - 1].tok, Tok::Punct('{' | ','));
                if after_opening && w != "self" {
                    heads.push(w.clone());
                }
            }
            _ => {}
        }
    }
    heads
}

/// A row of the crate doc's table of rooms.
#[derive(Debug)]
struct Room {
    /// The modules it may use, each with whether only its tests may.
    may_use: BTreeMap<String, bool>,
    /// Whether it knows nothing of reading the time.
    clockless: bool,
}

/// The words between backticks in `text`.
fn ticked(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// The table of rooms in the crate doc, by module: the table whose
/// header has a column "may use".
fn rooms_of(lib: &str) -> BTreeMap<String, Room> {
    let rows: Vec<Vec<&str>> = lib
        .lines()
        .skip_while(|l| !(l.starts_with("//! |") && l.contains("| may use |")))
        .map_while(|l| l.strip_prefix("//! |"))
        .map(|l| {
            l.trim_end()
                .trim_end_matches('|')
                .split('|')
                .map(str::trim)
                .collect()
        })
        .collect();
    let header = rows.first().expect("the crate doc has a table of rooms");
    let column = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("the table of rooms has no column {name:?}"))
    };
    let (may_use, knows_nothing) = (column("may use"), column("knows nothing of"));
    let mut rooms = BTreeMap::new();
    for row in rows.iter().skip(1).filter(|r| !r[0].starts_with("---")) {
        let name = ticked(row[0])
            .first()
            .expect("a module in backticks")
            .to_string();
        let allowed = row[may_use]
            .split(',')
            .filter_map(|part| {
                Some((
                    ticked(part).first()?.to_string(),
                    part.contains("(in tests)"),
                ))
            })
            .collect();
        let room = Room {
            may_use: allowed,
            clockless: row[knows_nothing].contains("reading the time"),
        };
        assert!(
            rooms.insert(name.clone(), room).is_none(),
            "{name} has two rows"
        );
    }
    rooms
}

/// A cycle in the arrows of the table, as the modules on it.
fn cycle(rooms: &BTreeMap<String, Room>) -> Option<Vec<String>> {
    fn visit(
        at: &str,
        rooms: &BTreeMap<String, Room>,
        trail: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = trail.iter().position(|m| m == at) {
            let mut found = trail[start..].to_vec();
            found.push(at.to_string());
            return Some(found);
        }
        if done.contains(at) {
            return None;
        }
        trail.push(at.to_string());
        for next in rooms.get(at).into_iter().flat_map(|r| r.may_use.keys()) {
            if let Some(found) = visit(next, rooms, trail, done) {
                return Some(found);
            }
        }
        trail.pop();
        done.insert(at.to_string());
        None
    }
    let mut done = BTreeSet::new();
    rooms
        .keys()
        .find_map(|m| visit(m, rooms, &mut Vec::new(), &mut done))
}

/// The top-level modules `lib.rs` declares: `mod name;`, and a crate
/// re-exported as one (`pub use annabella_rules as rules;`).
fn declared_modules(lib: &str) -> BTreeSet<String> {
    let toks = tokens(lib);
    toks.windows(3)
        .filter_map(|w| match (&w[0].tok, &w[1].tok, &w[2].tok) {
            (Tok::Word(m), Tok::Word(name), Tok::Punct(';')) if m == "mod" || m == "as" => {
                Some(name.clone())
            }
            _ => None,
        })
        .collect()
}

/// Every file of `src/` under `root` with its path shown from `root`,
/// its module path and its tokens.
fn source_files(root: &Path) -> Vec<(String, Vec<String>, Vec<Token>)> {
    let src = root.join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    files
        .into_iter()
        .filter_map(|path| {
            let module = module_path(path.strip_prefix(&src).ok()?)?;
            let text = fs::read_to_string(&path).expect("readable source");
            let shown = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .display()
                .to_string();
            Some((shown, module, tokens(&text)))
        })
        .collect()
}

/// What is wrong with the table of rooms itself: rows and modules that
/// do not match, names no row has, a cycle.
fn table_problems(rooms: &BTreeMap<String, Room>, declared: &BTreeSet<String>) -> Vec<String> {
    let mut problems = Vec::new();
    let in_table: BTreeSet<String> = rooms.keys().cloned().collect();
    for missing in declared.difference(&in_table) {
        problems.push(format!("module {missing} has no row in the table of rooms"));
    }
    for extra in in_table.difference(declared) {
        problems.push(format!(
            "the table of rooms has {extra}, which lib.rs does not declare"
        ));
    }
    for (name, room) in rooms {
        for used in room.may_use.keys().filter(|u| !rooms.contains_key(*u)) {
            problems.push(format!("{name} may use {used}, which has no row"));
        }
    }
    if let Some(cycle) = cycle(rooms) {
        problems.push(format!(
            "the table of rooms has a cycle: {}",
            cycle.join(" → ")
        ));
    }
    problems
        .into_iter()
        .map(|p| format!("src/lib.rs: {p}"))
        .collect()
}

/// Everything wrong with the layers of the crate at `root`.
fn layer_problems(root: &Path) -> Vec<String> {
    let lib = fs::read_to_string(root.join("src/lib.rs")).expect("readable lib.rs");
    let rooms = rooms_of(&lib);
    let declared = declared_modules(&lib);
    let mut problems = table_problems(&rooms, &declared);
    let files = source_files(root);
    let test_modules: Vec<Vec<String>> = files
        .iter()
        .flat_map(|(_, module, toks)| file_facts(toks, module, false).test_modules)
        .collect();
    let mut exceptions_used = BTreeSet::new();
    for (shown, module, toks) in &files {
        let Some((top, room)) = module.first().and_then(|top| Some((top, rooms.get(top)?))) else {
            continue;
        };
        let whole_file_test = test_modules.iter().any(|t| module.starts_with(t));
        let found = file_facts(toks, module, whole_file_test);
        for Seen {
            what: used,
            line,
            in_test,
        } in &found.uses
        {
            if used == top || !declared.contains(used) {
                continue;
            }
            let why = match room.may_use.get(used) {
                Some(&tests_only) if !tests_only || *in_test => continue,
                Some(_) => "it only in its tests".to_string(),
                None if room.may_use.is_empty() => "nothing".to_string(),
                None => format!("only {}", may_use_text(room)),
            };
            problems.push(format!(
                "{shown}:{line}: {top} uses {used}; the table of rooms lets it use {why}"
            ));
        }
        let clock_reads = found
            .clock_reads
            .iter()
            .filter(|r| room.clockless && !r.in_test);
        for Seen {
            what: read, line, ..
        } in clock_reads
        {
            match CLOCK_EXCEPTIONS.iter().position(|&(f, r)| f == shown && r == read) {
                Some(n) => {
                    exceptions_used.insert(n);
                }
                None => problems.push(format!(
                    "{shown}:{line}: {read} reads the clock in {top}, which knows nothing of reading the time"
                )),
            }
        }
    }
    for (n, (file, read)) in CLOCK_EXCEPTIONS.iter().enumerate() {
        if !exceptions_used.contains(&n) {
            problems.push(format!(
                "{file}: no {read} there any more; remove it from CLOCK_EXCEPTIONS"
            ));
        }
    }
    problems
}

/// What a room may use, for a message.
fn may_use_text(room: &Room) -> String {
    let names: Vec<String> = room
        .may_use
        .iter()
        .map(|(m, tests)| {
            if *tests {
                format!("{m} (in tests)")
            } else {
                m.clone()
            }
        })
        .collect();
    names.join(", ")
}

/// Clock reads outside tests in the files of the crate at `root`.
fn clock_reads_in(root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    for (shown, module, toks) in source_files(root) {
        for read in file_facts(&toks, &module, false).clock_reads {
            if !read.in_test {
                problems.push(format!(
                    "{shown}:{}: {} reads the clock",
                    read.line, read.what
                ));
            }
        }
    }
    problems
}

#[test]
fn modules_use_only_what_the_table_of_rooms_allows() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let mut problems = layer_problems(&crates.join("annabella-core"));
    problems.extend(clock_reads_in(&crates.join("annabella-rules")));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_clock_read_in_the_rules_is_found() {
    let dir = tempfile::tempdir().expect("temp dir");
    fs::create_dir(dir.path().join("src")).expect("src/");
    let code = "fn f() -> bool { std::time::Instant::now().elapsed().is_zero() }\n\
                #[cfg(test)]\nmod tests { fn t() { let _ = Instant::now(); } }\n";
    fs::write(dir.path().join("src/lib.rs"), code).expect("lib.rs");
    let found = clock_reads_in(dir.path());
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        found[0].starts_with("src/lib.rs:1: Instant::now"),
        "{found:?}"
    );
}

#[test]
fn the_reader_sees_paths_and_skips_comments_strings_and_tests() {
    let text = r##"
        //! crate::session in a doc comment
        use crate::rules::Game;
        use crate::{view, input::Words};
        /* crate::app /* nested */ crate::io */
        const S: &str = "crate::net \" crate::store";
        const R: &str = r#"crate::store "# ;
        fn f<'a>(c: char) -> bool { c == '"' || c == '\'' }
        fn g() { let _ = super::dual::X; let _ = Instant::now(); }
        #[cfg(test)]
        mod tests {
            use super::super::event::Event;
            use crate::settings::Lang;
            fn t() { let _ = std::time::SystemTime::now(); }
        }
        #[cfg(test)]
        pub(crate) mod more;
        #[cfg(test)]
        const N: [u8; 2] = [0; 2];
        fn h() { crate::training::go(); let _ = start.elapsed(); }
        macro_rules! m { () => { $crate::engine::go() }; }
    "##;
    let facts = file_facts(&tokens(text), &["rules".to_string()], false);
    fn listed(seen: &[Seen]) -> Vec<(&str, bool)> {
        seen.iter().map(|s| (s.what.as_str(), s.in_test)).collect()
    }
    assert_eq!(
        listed(&facts.uses),
        [
            ("rules", false),
            ("view", false),
            ("input", false),
            ("dual", false),
            ("event", true),
            ("settings", true),
            ("training", false),
            ("engine", false),
        ]
    );
    assert_eq!(
        listed(&facts.clock_reads),
        [
            ("Instant::now", false),
            ("SystemTime::now", true),
            (".elapsed()", false)
        ]
    );
    assert_eq!(
        facts.test_modules,
        [vec!["rules".to_string(), "more".to_string()]]
    );
}

#[test]
fn the_table_check_finds_a_cycle() {
    let lib = "//! | module | may use | owns | knows nothing of |\n\
               //! |---|---|---|---|\n\
               //! | [`a`] | `b` | x | reading the time |\n\
               //! | [`b`] | `c`, `d` (in tests) | x | I/O |\n\
               //! | [`c`] | `a` | x | I/O |\n\
               //! | [`d`] | — | x | I/O |\n";
    let rooms = rooms_of(lib);
    assert!(rooms["a"].clockless && !rooms["b"].clockless);
    assert_eq!(rooms["b"].may_use.get("d"), Some(&true));
    assert!(rooms["d"].may_use.is_empty());
    let found = cycle(&rooms).expect("a cycle");
    assert_eq!(found, ["a", "b", "c", "a"]);
}
