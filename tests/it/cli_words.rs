//! Every word on standard error in the UI language (issue 34, items 11
//! and 12): the command line's errors, frame included, in the language
//! of `--lang` (else the environment's), and the file system's refusals
//! as kinds worded by the announcer, never the system's English.

use std::process::{Output, Stdio};

use crate::common::Home;

/// The binary run in a fresh home with `args` and an empty stdin, with
/// `LANG` set to `lang` when given.
fn run(home: &Home, args: &[&str], lang: Option<&str>) -> Output {
    let mut command = home.command(args);
    command.stdin(Stdio::null()).stderr(Stdio::piped());
    if let Some(lang) = lang {
        command.env("LANG", lang);
    }
    command.output().expect("annabella runs")
}

/// Standard error of a run that must be refused with status `code`.
fn refused(args: &[&str], lang: Option<&str>, code: i32) -> String {
    let home = Home::new();
    let dir = home.path().display().to_string();
    let config = format!("{dir}/s.toml");
    let mut all = vec!["--data-dir", &dir, "--config", &config];
    all.extend(args);
    let out = run(&home, &all, lang);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
    err
}

/// The words of clap's own frame and of the system's English, which must
/// not reach a German or Estonian player.
const ENGLISH: [&str; 8] = [
    "error:",
    "invalid value",
    "For more information",
    "Usage:",
    "unexpected argument",
    "os error",
    "No such file",
    "Is a directory",
];

fn no_english(err: &str) {
    for word in ENGLISH {
        assert!(!err.contains(word), "{word:?} in {err}");
    }
}

#[test]
fn flag_errors_are_said_in_the_language_of_lang_frame_included() {
    let cases: [(&[&str], &str); 8] = [
        (
            &["--lang", "de", "--time", "abc"],
            "annabella: --time: Keine Bedenkzeit: abc ist keine Zahl.",
        ),
        (
            &["--lang", "et", "--level", "11"],
            "annabella: --level ei saa olla 11. Vali arv 1 kuni 10.",
        ),
        (
            &["--lang", "de", "--fen", "xx"],
            "annabella: xx ist keine FEN; gib eine an wie rnbqkbnr/",
        ),
        (
            &["--lang", "et", "--chess960", "1000"],
            "annabella: Chess960 algseisud on nummerdatud 0 kuni 959, või juhuslik; 1000 ei ole ükski neist.",
        ),
        (
            &["--lang", "de", "--tim", "5+3"],
            "annabella: Die Option --tim gibt es nicht; meintest du --time?",
        ),
        (
            &["--lang=de", "--resume", "--new"],
            "annabella: --resume und --new gehen nicht zusammen.",
        ),
        (
            &["--lang", "et", "--seed", "x"],
            "annabella: --seed vajab täisarvu, mitte x.",
        ),
        (
            &["--lang", "de", "--engine-option", "Hash"],
            "annabella: --engine-option Hash braucht einen Namen und einen Wert",
        ),
    ];
    for (args, first) in cases {
        let err = refused(args, None, 2);
        assert!(err.starts_with(first), "{args:?}: {err}");
        no_english(&err);
        let help = if args.contains(&"et") {
            "annabella --help loetleb kõik valikud."
        } else {
            "annabella --help nennt alle Optionen."
        };
        assert_eq!(err.lines().last(), Some(help), "{args:?}: {err}");
    }
}

#[test]
fn without_lang_the_environment_names_the_language_of_flag_errors() {
    let err = refused(&["--time", "abc"], Some("de_DE.UTF-8"), 2);
    assert!(
        err.starts_with("annabella: --time: Keine Bedenkzeit"),
        "{err}"
    );
    no_english(&err);
    // --lang wins over the environment, also when another flag is wrong.
    let err = refused(&["--level", "0", "--lang", "et"], Some("de_DE.UTF-8"), 2);
    assert!(
        err.starts_with("annabella: --level ei saa olla 0."),
        "{err}"
    );
}

#[test]
fn a_time_control_that_is_a_word_is_named_whole() {
    let err = refused(&["--lang", "en", "--time", "abc"], None, 2);
    assert!(
        err.starts_with("annabella: --time: Not a time control: abc is not a number."),
        "{err}"
    );
}

#[test]
fn hear_says_why_a_file_cannot_be_read_in_the_ui_language() {
    let home = Home::new();
    let dir = home.path().display().to_string();
    let cases = [
        (
            "de",
            "/nonexistent/annabella.wav",
            "/nonexistent/annabella.wav ist nicht lesbar (es gibt sie nicht); ",
        ),
        ("et", dir.as_str(), "ei saa lugeda (see on kaust); "),
        (
            "en",
            "/nonexistent/annabella.wav",
            "Cannot read /nonexistent/annabella.wav (it does not exist); ",
        ),
    ];
    for (lang, file, words) in cases {
        let out = run(&home, &["hear", file, "--lang", lang], None);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(words), "{lang}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        no_english(&err);
    }
}

#[test]
fn an_unreadable_token_file_is_said_without_the_systems_english() {
    let home = Home::new();
    let dir = home.path().join("c");
    // A folder where the token file should be: it cannot be read.
    std::fs::create_dir_all(dir.join("lichess-token")).expect("folder made");
    let config = dir.join("s.toml").display().to_string();
    let data = home.path().join("d").display().to_string();
    let args = ["--lang", "de", "--data-dir", &data, "--config", &config];
    let out = run(&home, &args, None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Die lichess-Token-Datei war nicht lesbar: das ist ein Ordner."),
        "{text}"
    );
    no_english(&text);
}
