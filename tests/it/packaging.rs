//! What a package carries besides the binary (issue 37): the man page,
//! made from the same commands and tables as `--help`, `help` and the
//! README, names every flag, command and setting in every language; the
//! completions offer the fixed values of the flags; `--version` names
//! the build; the changelog has this version; the desktop entry is one.

use std::collections::BTreeSet;
use std::process::{Command, Stdio};

use annabella::announce::Announcer;
use annabella::app::{cli, generate};
use annabella::input::commands::COMMANDS;
use annabella::settings::{Key, Lang};
use clap_complete::Shell;

use crate::common::Home;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The page's text with roff's escapes of a dash and of fonts taken
/// out, so that flags and words can be looked for as they are typed.
fn page(lang: Lang) -> String {
    generate::man(lang, &Announcer::new())
        .replace("\\-", "-")
        .replace("\\fB", "")
        .replace("\\fI", "")
        .replace("\\fR", "")
}

/// Every long flag of `command`, with its dashes.
fn flags(command: &clap::Command) -> Vec<String> {
    command
        .get_arguments()
        .filter_map(|arg| arg.get_long())
        .map(|long| format!("--{long}"))
        .collect()
}

#[test]
fn the_man_page_names_every_flag_command_and_setting_in_every_language() {
    let announcer = Announcer::new();
    for lang in Lang::ALL {
        let page = page(lang);
        let mut wanted = flags(&cli::command(lang, &announcer));
        wanted.extend(flags(&cli::hear_command(lang, &announcer)));
        assert!(wanted.len() > 50, "{lang:?}: only {} flags", wanted.len());
        for entry in &COMMANDS {
            for l in Lang::ALL {
                wanted.extend(entry.words.of(l).iter().map(|w| w.to_string()));
            }
            wanted.push(announcer.message(lang, entry.help, &[]));
        }
        for key in Key::all() {
            wanted.push(format!("--{}", key.word(Lang::En)));
            for l in Lang::ALL {
                wanted.extend(key.entry().words.of(l).iter().map(|w| w.to_string()));
            }
        }
        let missing: BTreeSet<&String> = wanted
            .iter()
            .filter(|word| !page.contains(word.as_str()))
            .collect();
        assert!(missing.is_empty(), "{lang:?} page misses {missing:?}");
        for word in ["annabella uci", "annabella hear", "annabella generate man"] {
            assert!(page.contains(word), "{lang:?}: no {word}");
        }
    }
}

#[test]
fn the_man_page_is_in_the_language_asked_with_no_message_left_unsaid() {
    let announcer = Announcer::new();
    for (lang, headings) in [
        (
            Lang::En,
            ["NAME", "SYNOPSIS", "OPTIONS", "COMMANDS", "SETTINGS"],
        ),
        (
            Lang::De,
            [
                "BEZEICHNUNG",
                "ÜBERSICHT",
                "OPTIONEN",
                "BEFEHLE",
                "EINSTELLUNGEN",
            ],
        ),
        (Lang::Et, ["NIMI", "SÜNOPSIS", "VÕTMED", "KÄSUD", "SEADED"]),
    ] {
        let page = page(lang);
        for heading in headings {
            assert!(
                page.lines().any(|l| l == format!(".SH {heading}")),
                "{lang:?}: no heading {heading}"
            );
        }
        let title = page.lines().find(|l| l.starts_with(".TH ")).expect(".TH");
        assert!(title.starts_with(".TH ANNABELLA 1 "), "{title}");
        // A message id where its words should be means a missing message.
        let ids = [
            "opt-",
            "man-",
            "hear-",
            "generate-",
            "cli-",
            "uci-",
            "setting-",
            "help-",
        ];
        for line in page.lines() {
            for id in ids {
                assert!(!line.contains(id), "{lang:?}: {id} in {line:?}");
            }
            assert!(
                !line.contains('\u{2068}'),
                "{lang:?}: isolation mark in {line:?}"
            );
        }
        // --help is in the language too: the help of --fen.
        let help = cli::command(lang, &announcer)
            .render_long_help()
            .to_string();
        let fen = announcer.message(lang, "opt-fen", &[]);
        assert!(help.contains(&fen), "{lang:?}: --help lacks {fen:?}");
    }
    assert_ne!(page(Lang::De), page(Lang::En));
}

#[test]
fn man_renders_the_page_without_a_warning() {
    let home = Home::new();
    let file = home.path().join("annabella.1");
    std::fs::write(&file, generate::man(Lang::De, &Announcer::new())).expect("written");
    let out = Command::new("man")
        .args(["--warnings", "-l"])
        .arg(&file)
        .env("LC_ALL", "C.UTF-8")
        .env("MANWIDTH", "80")
        .stdin(Stdio::null())
        .output()
        .expect("man (man-db, installed by scripts/setup) runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let warnings = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{warnings}");
    assert!(warnings.trim().is_empty(), "man warns: {warnings}");
    assert!(text.contains("BEISPIELE"), "{text}");
    assert!(text.contains("Springer Felix drei"), "{text}");
}

#[test]
fn the_completions_offer_the_fixed_values_of_the_flags_in_every_shell() {
    let announcer = Announcer::new();
    for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
        let script = generate::completions(shell, Lang::En, &announcer);
        for word in [
            "--style",
            "--engine-option",
            "--listen-from",
            "hear",
            "uci",
            "generate",
        ] {
            // fish names a long flag without its dashes: `-l style`.
            let word = match shell {
                Shell::Fish => word.trim_start_matches('-'),
                _ => word,
            };
            assert!(script.contains(word), "{shell}: no {word}");
        }
        let values = |flag: &str| -> String {
            match shell {
                // `--style)` … `COMPREPLY=($(compgen -W "fide local nato san" …`
                Shell::Bash => {
                    let at = script.find(&format!("{flag})")).expect(flag);
                    script[at..].lines().nth(1).unwrap_or("").to_string()
                }
                // `'--style=[…]:VALUE:(fide local nato san)'`
                Shell::Zsh => script
                    .lines()
                    .find(|l| l.contains(&format!("'{flag}=[")))
                    .unwrap_or("")
                    .to_string(),
                // `complete -c annabella -l style -d '…' -r -f -a "fide\t''…"`
                _ => script
                    .lines()
                    .find(|l| l.contains(&format!(" -l {} ", &flag[2..])))
                    .unwrap_or("")
                    .to_string(),
            }
        };
        for (flag, wanted) in [
            ("--style", &["fide", "local", "nato", "san"][..]),
            ("--lang", &["de", "en", "et"][..]),
            ("--speech", &["on", "off", "screenreader", "auto"][..]),
        ] {
            let line = values(flag);
            for value in wanted {
                assert!(
                    line.split(|c: char| !c.is_alphanumeric())
                        .any(|w| w == *value),
                    "{shell} {flag}: no {value} in {line:?}"
                );
            }
        }
    }
}

#[test]
fn bash_completes_annabella_with_the_generated_script() {
    let home = Home::new();
    let file = home.path().join("annabella.bash");
    let script = generate::completions(Shell::Bash, Lang::En, &Announcer::new());
    std::fs::write(&file, script).expect("written");
    // What bash offers after `annabella --style `.
    let probe = format!(
        "source {}; COMP_WORDS=(annabella --style ''); COMP_CWORD=2; \
         COMP_LINE='annabella --style '; COMP_POINT=${{#COMP_LINE}}; \
         complete -p annabella; _annabella annabella '' --style; echo \"${{COMPREPLY[*]}}\"",
        file.display()
    );
    let out = Command::new("bash")
        .args(["--norc", "-c", &probe])
        .output()
        .expect("bash runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("-F _annabella annabella"), "{text}");
    assert!(text.contains("fide local nato san"), "{text}");
}

#[test]
fn generate_refuses_what_it_cannot_make_in_the_ui_language() {
    let home = Home::new();
    for (args, lang, wanted) in [
        (
            &["generate", "completions", "tcsh"][..],
            "de_DE.UTF-8",
            "tcsh",
        ),
        (
            &["generate", "man", "--lang", "fr"][..],
            "et_EE.UTF-8",
            "fr",
        ),
    ] {
        let out = home
            .command(args)
            .env("LANG", lang)
            .stdin(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .expect("annabella runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(wanted), "{args:?}: {err}");
        let said = if lang.starts_with("de") {
            "nimmt"
        } else {
            "võtab"
        };
        assert!(err.contains(said), "{args:?}: not in {lang}: {err}");
    }
    let out = home
        .command(&["generate", "man", "--lang", "de"])
        .stdin(Stdio::null())
        .output()
        .expect("annabella runs");
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains(".SH BEZEICHNUNG"));
}

#[test]
fn a_page_that_cannot_be_written_is_said_in_the_ui_language() {
    let home = Home::new();
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let out = home
        .command(&["generate", "man"])
        .env("LANG", "de_DE.UTF-8")
        .stdin(Stdio::null())
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .expect("annabella runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(
        err.trim(),
        "annabella: die Ausgabe kann nicht geschrieben werden: der Datenträger ist voll."
    );
}

/// Runs git in the repository, if it is a git checkout of its own.
fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(ROOT)
        .args(args)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

#[test]
fn the_version_names_the_package_and_for_a_build_from_git_its_commit() {
    let home = Home::new();
    let out = home
        .command(&["--version"])
        .output()
        .expect("annabella runs");
    let said = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let version = env!("CARGO_PKG_VERSION");
    let own = git(&["rev-parse", "--show-toplevel"]).is_some_and(|top| {
        std::path::Path::new(&top).canonicalize().ok()
            == std::path::Path::new(ROOT).canonicalize().ok()
    });
    // A copy without .git (as CI runs it) is the version alone.
    let wanted = match own
        .then(|| git(&["rev-parse", "--short=10", "HEAD"]))
        .flatten()
    {
        Some(commit) => format!("annabella {version} (git {commit})"),
        None => format!("annabella {version}"),
    };
    assert_eq!(said, wanted);
    assert_eq!(cli::VERSION, &wanted["annabella ".len()..]);
}

#[test]
fn the_changelog_keeps_a_changelog_and_has_this_version_with_its_date() {
    let changelog = std::fs::read_to_string(format!("{ROOT}/CHANGELOG.md")).expect("CHANGELOG.md");
    assert!(changelog.starts_with("# Changelog\n"));
    assert!(changelog.contains("keepachangelog.com/en/1.1.0"));
    assert!(changelog.contains("\n## [Unreleased]\n"));
    let heading = format!("\n## [{}] - ", env!("CARGO_PKG_VERSION"));
    let at = changelog.find(&heading).expect("this version's entry") + heading.len();
    let date = &changelog[at..at + 10];
    assert!(
        chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").is_ok(),
        "{date}"
    );
    assert_eq!(cli::RELEASED, date, "the man page's date");
    assert!(changelog[at..].contains("\n### Added\n"));
}

#[test]
fn the_desktop_entry_opens_annabella_in_a_terminal_under_games() {
    let file = format!("{ROOT}/annabella.desktop");
    let text = std::fs::read_to_string(&file).expect("annabella.desktop");
    for line in [
        "Type=Application",
        "Exec=annabella",
        "Terminal=true",
        "Categories=Game;BoardGame;",
    ] {
        assert!(text.lines().any(|l| l == line), "no {line}");
    }
    let out = Command::new("desktop-file-validate")
        .arg(&file)
        .output()
        .expect("desktop-file-validate (desktop-file-utils, installed by scripts/setup) runs");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && said.trim().is_empty(), "{said}");
}

#[test]
fn the_debian_package_carries_the_generated_files_where_each_program_looks() {
    let manifest: toml::Table = std::fs::read_to_string(format!("{ROOT}/Cargo.toml"))
        .expect("Cargo.toml")
        .parse()
        .expect("toml");
    let deb = &manifest["package"]["metadata"]["deb"];
    assert_eq!(deb["depends"].as_str(), Some("$auto"));
    let recommends = deb["recommends"].as_str().expect("recommends");
    for package in [
        "speech-dispatcher",
        "espeak-ng",
        "brltty",
        "stockfish",
        "python3-pip",
    ] {
        assert!(recommends.contains(package), "{package} not recommended");
    }
    let assets: Vec<(String, String)> = deb["assets"]
        .as_array()
        .expect("assets")
        .iter()
        .map(|a| {
            (
                a[0].as_str().unwrap_or("").to_string(),
                a[1].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    for (from, to) in [
        ("target/release/annabella", "usr/bin/"),
        ("target/assets/annabella.1.gz", "usr/share/man/man1/"),
        ("target/assets/de/annabella.1.gz", "usr/share/man/de/man1/"),
        (
            "target/assets/annabella.bash",
            "usr/share/bash-completion/completions/annabella",
        ),
        (
            "target/assets/_annabella",
            "usr/share/zsh/vendor-completions/",
        ),
        (
            "target/assets/annabella.fish",
            "usr/share/fish/vendor_completions.d/",
        ),
        ("annabella.desktop", "usr/share/applications/"),
        ("README.md", "usr/share/doc/annabella/"),
        ("COPYING", "usr/share/doc/annabella/"),
    ] {
        assert!(
            assets.iter().any(|(f, t)| f == from && t == to),
            "{from} -> {to} missing"
        );
    }
    // What scripts/package makes is what the assets name.
    let script =
        std::fs::read_to_string(format!("{ROOT}/scripts/package")).expect("scripts/package");
    for (from, _) in assets
        .iter()
        .filter(|(f, _)| f.starts_with("target/assets/"))
    {
        let name = &from["target/assets/".len()..];
        assert!(
            script.contains(&format!("\"$assets/{name}\"")),
            "{name} not made"
        );
    }
    for (from, _) in assets.iter().filter(|(f, _)| !f.starts_with("target/")) {
        assert!(std::path::Path::new(ROOT).join(from).exists(), "{from}");
    }
}
