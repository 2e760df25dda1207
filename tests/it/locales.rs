//! Keeps the locales complete: every message id the code uses exists in
//! every locale, no locale carries ids the code never uses, and every
//! locale file parses without error.
//!
//! Message ids live in `src/announce/`, always as string literals of the
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

/// String literals in the announcer (`src/announce/`) that have the shape
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
    for entry in fs::read_dir(root().join("src/announce")).expect("src/announce/") {
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
