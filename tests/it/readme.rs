//! The README's command and settings tables against the tables in code:
//! every command and every setting has a row that names all its English
//! words, and every word a row names, in any of its language columns, is
//! a word of that row's command or setting in that language.

use std::collections::HashSet;

use annabella::input::commands::{COMMANDS, Command};
use annabella::input::vocab::fold;
use annabella::settings::{Entry, Key, Lang, TABLE};

const README: &str = include_str!("../../README.md");

/// The rows of the table under the heading `## {section}`, each split
/// into its cells (a `\|` inside a cell is a `|`).
fn table(section: &str) -> Vec<Vec<String>> {
    let heading = format!("\n## {section}\n");
    let start = README.find(&heading).expect("the section") + heading.len();
    let body = &README[start..];
    let body = &body[..body.find("\n## ").unwrap_or(body.len())];
    let rows: Vec<Vec<String>> = body
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        // The header and the line under it.
        .skip(2)
        .map(|line| {
            let line = line.replace("\\|", "\u{0}");
            let inner = line.trim().trim_matches('|');
            inner
                .split('|')
                .map(|cell| cell.trim().replace('\u{0}', "|"))
                .collect()
        })
        .collect();
    assert!(rows.len() > 10, "{section}: only {} rows", rows.len());
    rows
}

/// The first word of every `code` item of a cell (`` `pieces [white]`,
/// `p` `` gives `pieces` and `p`), but for square questions (`e4?`).
fn words(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .filter(|item| !item.ends_with('?'))
        .filter_map(|item| item.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

/// Whether `word` is one of `words`, case and accents aside.
fn among(words: &[&str], word: &str) -> bool {
    words.iter().any(|w| fold(w) == fold(word))
}

#[test]
fn every_command_has_a_row_with_its_english_words_and_every_row_is_right() {
    let mut named: HashSet<String> = HashSet::new();
    let mut covered: HashSet<Command> = HashSet::new();
    for row in table("Commands") {
        assert_eq!(row.len(), 4, "{row:?}");
        let english = words(&row[0]);
        let mut commands = HashSet::new();
        for word in &english {
            let command = Command::from_word(word)
                .unwrap_or_else(|| panic!("{word:?} in {row:?} is no command"));
            assert!(
                among(command.entry().words.en, word),
                "{word:?} is no English word of {command:?}"
            );
            commands.insert(command);
        }
        assert!(!commands.is_empty(), "a row without a command: {row:?}");
        for (lang, cell) in [(Lang::De, &row[1]), (Lang::Et, &row[2])] {
            let mut found = HashSet::new();
            for word in words(cell) {
                let entry = COMMANDS
                    .iter()
                    .find(|e| commands.contains(&e.command) && among(e.words.of(lang), &word))
                    .unwrap_or_else(|| panic!("{word:?} is no {lang:?} word of {row:?}"));
                found.insert(entry.command);
            }
            assert_eq!(found, commands, "{lang:?} words of {row:?}");
        }
        named.extend(english.iter().map(|w| fold(w)));
        covered.extend(commands);
    }
    for entry in &COMMANDS {
        assert!(
            covered.contains(&entry.command),
            "{:?} has no row",
            entry.command
        );
        for word in entry.words.en {
            assert!(
                named.contains(&fold(word)),
                "{word:?} ({:?}) is not in the table",
                entry.command
            );
        }
    }
}

/// The words of a settings row's first cell by language: `` `lang`,
/// `language` / `sprache` / `keel` ``.
fn key_words(cell: &str) -> [Vec<String>; 3] {
    let parts: Vec<&str> = cell.split(" / ").collect();
    let [en, de, et] = parts[..] else {
        panic!("not three languages: {cell:?}");
    };
    [words(en), words(de), words(et)]
}

fn setting_of(word: &str) -> &'static Entry {
    TABLE
        .iter()
        .find(|e| among(e.words.en, word))
        .unwrap_or_else(|| panic!("{word:?} is no setting"))
}

#[test]
fn every_setting_has_a_row_with_its_words_and_every_row_is_right() {
    let mut covered: Vec<Key> = Vec::new();
    for row in table("Settings") {
        assert_eq!(row.len(), 3, "{row:?}");
        let [en, de, et] = key_words(&row[0]);
        let first = en.first().unwrap_or_else(|| panic!("no key in {row:?}"));
        let entry = setting_of(first);
        for word in &en {
            assert_eq!(setting_of(word).key, entry.key, "{word:?} in {row:?}");
        }
        for (lang, listed) in [(Lang::De, de), (Lang::Et, et)] {
            assert!(!listed.is_empty(), "no {lang:?} word in {row:?}");
            for word in listed {
                assert!(
                    among(entry.words.of(lang), &word),
                    "{word:?} is no {lang:?} word of {:?}",
                    entry.key
                );
            }
        }
        for word in entry.words.en {
            assert!(
                en.iter().any(|w| fold(w) == fold(word)),
                "{word:?} missing in {row:?}"
            );
        }
        assert!(!covered.contains(&entry.key), "{:?} twice", entry.key);
        covered.push(entry.key);
    }
    for entry in TABLE {
        assert!(covered.contains(&entry.key), "{:?} has no row", entry.key);
    }
}
