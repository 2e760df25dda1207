//! Keeps the locales complete: every message id the code uses exists in
//! every locale, no locale carries ids the code never uses, and every
//! locale file parses without error.
//!
//! Message ids live in `crates/annabella-core/src/announce/`, always as string literals of the
//! form `word-word` (at least one hyphen), so they can be read off the
//! source, and in the tables of commands and settings, which the test
//! asks through the library.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use fluent_bundle::FluentResource;
use fluent_syntax::ast::Entry;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn is_id(text: &str) -> bool {
    let mut parts = text.split('-');
    let first_ok = parts
        .next()
        .is_some_and(|p| p.starts_with(|c: char| c.is_ascii_lowercase()));
    first_ok
        && text.contains('-')
        && text.split('-').all(|p| {
            !p.is_empty()
                && p.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        })
}

/// String literals in the announcer (`crates/annabella-core/src/announce/`) that have the shape
/// of a message id.
fn ids_in_code() -> BTreeSet<String> {
    let mut ids = ids_in_announce();
    for command in annabella::input::commands::Command::all() {
        ids.insert(command.entry().help.to_string());
    }
    for key in annabella::settings::Key::all() {
        ids.insert(key.entry().help.to_string());
    }
    ids
}

fn ids_in_announce() -> BTreeSet<String> {
    let mut source = String::new();
    for entry in fs::read_dir(root().join("crates/annabella-core/src/announce"))
        .expect("crates/annabella-core/src/announce/")
    {
        let path = entry.expect("dir entry").path();
        if path.extension().is_some_and(|e| e == "rs") {
            source.push_str(&fs::read_to_string(&path).expect("readable source"));
        }
    }
    let mut ids = BTreeSet::new();
    let mut rest = source.as_str();
    while let Some(start) = rest.find('"') {
        let after = &rest[start + 1..];
        let Some(end) = after.find('"') else { break };
        let literal = &after[..end];
        if is_id(literal) {
            ids.insert(literal.to_string());
        }
        rest = &after[end + 1..];
    }
    ids
}

fn locales() -> Vec<(String, String)> {
    let dir = root().join("locales");
    let mut out = Vec::new();
    for entry in fs::read_dir(&dir).expect("locales/ exists") {
        let path = entry.expect("dir entry").path();
        let file = path.join("annabella.ftl");
        if file.is_file() {
            let lang = path.file_name().unwrap().to_string_lossy().to_string();
            out.push((lang, fs::read_to_string(&file).expect("readable locale")));
        }
    }
    out.sort();
    out
}

fn ids_in_locale(text: &str) -> BTreeSet<String> {
    let resource = match FluentResource::try_new(text.to_string()) {
        Ok(r) => r,
        Err((_, errors)) => panic!("locale does not parse: {errors:?}"),
    };
    resource
        .entries()
        .filter_map(|entry| match entry {
            Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect()
}

#[test]
fn every_locale_has_exactly_the_ids_the_code_uses() {
    let used = ids_in_code();
    assert!(
        used.len() > 100,
        "too few ids found in code: {}",
        used.len()
    );
    let locales = locales();
    let langs: Vec<&str> = locales.iter().map(|(l, _)| l.as_str()).collect();
    assert!(
        langs.contains(&"de") && langs.contains(&"en"),
        "locales: {langs:?}"
    );
    let mut problems = Vec::new();
    for (lang, text) in &locales {
        let have = ids_in_locale(text);
        for missing in used.difference(&have) {
            problems.push(format!("{lang}: missing {missing}"));
        }
        for unused in have.difference(&used) {
            problems.push(format!("{lang}: unused {unused}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_embedded_locales_are_the_files() {
    for (lang, text) in annabella::announce::LOCALES {
        let file = root()
            .join("locales")
            .join(lang.code())
            .join("annabella.ftl");
        assert_eq!(fs::read_to_string(file).unwrap(), text);
    }
}

/// The text of message `id` in a locale file: its first line and the
/// lines that continue it (indented).
fn message_text(locale: &str, id: &str) -> Option<String> {
    let head = format!("{id} = ");
    let mut lines = locale.lines().skip_while(|l| !l.starts_with(&head));
    let first = lines.next()?;
    let mut text = first[head.len()..].to_string();
    for line in lines.take_while(|l| l.starts_with(' ')) {
        text.push(' ');
        text.push_str(line.trim());
    }
    Some(text)
}

#[test]
fn help_in_german_and_estonian_names_no_english_only_command_word() {
    use annabella::input::commands::Command;
    use annabella::settings::Lang;
    // Words that call a command in English and in no other language
    // ("board", "b", "clock"): a German or Estonian help text that
    // names them speaks English to the player.
    let others: BTreeSet<&str> = Command::all()
        .flat_map(|c| {
            let w = &c.entry().words;
            w.of(Lang::De).iter().chain(w.of(Lang::Et)).copied()
        })
        .collect();
    let english: BTreeSet<&str> = Command::all()
        .flat_map(|c| c.entry().words.of(Lang::En).iter().copied())
        .filter(|w| !others.contains(w))
        .collect();
    let mut problems = Vec::new();
    for (lang, text) in locales().iter().filter(|(l, _)| l != "en") {
        for command in Command::all() {
            let id = command.entry().help;
            let help = message_text(text, id).unwrap_or_default();
            // The English words stood in parentheses after the command's
            // own ("laud (board, b)").
            let bracketed = help.split('(').skip(1).filter_map(|s| s.split(')').next());
            // Lichess's scope names ("board:play") are no command words.
            let tokens = bracketed.flat_map(str::split_whitespace);
            let words = tokens.filter(|t| !t.contains(':'));
            for word in words.map(|t| t.trim_matches(|c: char| !c.is_alphanumeric())) {
                // "repeat" or "r": the one letter German help offers too.
                if english.contains(word) && word != "r" {
                    problems.push(format!("{lang} {id}: {word}"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
