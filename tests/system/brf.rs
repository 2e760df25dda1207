//! The Braille scoresheet (`brf FILE`) as a Braille reader gets it: the
//! client writes a 135-ply game and a timed game in English, German and
//! Estonian, the file holds only Braille ASCII cells, CR, LF and form
//! feeds, in pages of 25 lines no wider than `width`, each numbered on
//! its last line; and liblouis's own `lou_translate --backward`, with
//! the language's table, reads the moves back as the game's SAN in the
//! language's piece letters, move by move. A bad table and a path that
//! cannot be written are answered in words, and no file is left.
//! liblouis's tools come with `scripts/setup`; without them these tests
//! fail rather than skip.

use crate::common;

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

use common::{Home, run_piped};

/// A game of 135 plies (TWIC 1599: Vokhidov–Yakubboev, Tashkent 2025).
const BERLIN: &str = include_str!("../brf/berlin.pgn");

/// North American Braille ASCII by the six dots as bits, as BRF files
/// hold cells (the test's own copy, to turn cells back into dots).
const ASCII: &[u8; 64] = b" A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=";

/// The languages with the table the client uses for each by default.
const LANGS: [(&str, &str); 3] = [
    ("en", "en-ueb-g1.ctb"),
    ("de", "de-g0-detailed.utb"),
    ("et", "et-g0.utb"),
];

/// The game's moves in English SAN, from the PGN's movetext.
fn pgn_moves(pgn: &str) -> Vec<String> {
    let movetext = pgn.split("\n\n").nth(1).expect("movetext");
    movetext
        .split_whitespace()
        .filter(|t| !["1-0", "0-1", "1/2-1/2", "*"].contains(t))
        .map(|t| t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

/// SAN in a language's piece letters, as a player of it writes it:
/// German and Estonian without `=` before the promoted piece.
fn san_in(lang: &str, english: &str) -> String {
    let letters: &[(char, char)] = match lang {
        "de" => &[('Q', 'D'), ('R', 'T'), ('B', 'L'), ('N', 'S')],
        "et" => &[('Q', 'L'), ('R', 'V'), ('B', 'O'), ('N', 'R')],
        _ => return english.to_string(),
    };
    english
        .chars()
        .filter(|&c| c != '=')
        .map(|c| letters.iter().find(|(e, _)| *e == c).map_or(c, |(_, l)| *l))
        .collect()
}

/// The pages of a BRF file, checked: only Braille ASCII, CR LF line
/// ends, form feeds between pages, 25 lines a page of at most `width`
/// cells, each page's number right-aligned on its last line. The lines
/// above the numbers, page after page.
fn pages(bytes: &[u8], width: usize) -> (Vec<String>, usize) {
    for &b in bytes {
        assert!(
            (0x20..=0x5f).contains(&b) || [b'\r', b'\n', 0x0c].contains(&b),
            "byte {b:#04x} is no Braille ASCII cell"
        );
    }
    let text = std::str::from_utf8(bytes).expect("ASCII");
    let mut body = Vec::new();
    let pages: Vec<&str> = text.split('\u{c}').collect();
    for (i, page) in pages.iter().enumerate() {
        let page = page
            .strip_suffix("\r\n")
            .expect("a page ends its last line");
        let lines: Vec<&str> = page.split("\r\n").collect();
        assert_eq!(lines.len(), 25, "page {}", i + 1);
        for line in &lines {
            assert!(line.len() <= width, "{line:?} is wider than {width}");
        }
        let number: String = (i + 1)
            .to_string()
            .chars()
            .map(|d| match d {
                '0' => 'J',
                d => char::from(b'A' + d.to_digit(10).unwrap() as u8 - 1),
            })
            .collect();
        assert_eq!(lines[24].trim_start(), format!("#{number}"));
        assert_eq!(lines[24].len(), width, "the number stands at the right");
        body.extend(lines[..24].iter().map(|l| l.to_string()));
    }
    (body, pages.len())
}

/// A line of cells as Unicode Braille, an Estonian number (number sign
/// and a to j) as eight-dot digits again, the letter sign after one
/// dropped: the client's six-dot form of et-g0.utb undone, so that the
/// table itself reads it.
fn eight_dot(line: &str) -> String {
    let digits = [0o01, 0o03, 0o11, 0o31, 0o21, 0o13, 0o33, 0o23, 0o12, 0o32];
    let mut out = String::new();
    let mut number = false;
    for b in line.bytes() {
        let bits = ASCII.iter().position(|&a| a == b).expect("a cell") as u32;
        if b == b'#' {
            number = true;
            continue;
        }
        if number && b == b';' {
            number = false;
            continue;
        }
        number = number && digits.contains(&bits);
        let bits = if number { bits | 0x80 } else { bits };
        out.push(char::from_u32(0x2800 + bits).unwrap());
    }
    out
}

/// The lines read back by `lou_translate --backward` in `lang`'s table:
/// Braille ASCII through the BRF display table first, Estonian as the
/// eight-dot cells the table writes.
fn read_back(lang: &str, table: &str, lines: &[String]) -> Vec<String> {
    let (tables, input): (String, Vec<String>) = if lang == "et" {
        (
            format!("braille-patterns.cti,{table}"),
            lines.iter().map(|l| eight_dot(l)).collect(),
        )
    } else {
        (format!("en-us-brf.dis,{table}"), lines.to_vec())
    };
    let mut child = Command::new("lou_translate")
        .args(["--backward", &tables])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("lou_translate (liblouis-bin, installed by scripts/setup)");
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all((input.join("\n") + "\n").as_bytes())
        .unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The moves of a sheet read back (the lines after the header's blank
/// line), move numbers dropped; with `times`, every move must be
/// followed by its clock (in brackets, but in German, whose Braille
/// reads a bracket after a number as another sign), which is dropped
/// too.
fn moves_read(read: &[String], times: bool) -> Vec<String> {
    let start = read
        .iter()
        .position(|l| l.trim().is_empty())
        .expect("a blank line after the header");
    let tokens: Vec<&str> = read[start..]
        .iter()
        .flat_map(|l| l.split_whitespace())
        .collect();
    let mut moves = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i];
        i += 1;
        if token.ends_with('.') && token.trim_end_matches('.').parse::<u32>().is_ok() {
            continue;
        }
        moves.push(token.to_string());
        if times {
            let time = tokens.get(i).copied().unwrap_or_default();
            let digits = time.trim_start_matches('(').trim_end_matches(')');
            assert!(
                time.starts_with('(') == time.ends_with(')')
                    && digits.len() >= 4
                    && digits
                        .chars()
                        .all(|c| c.is_ascii_digit() || c == ':' || c == '.'),
                "{token} is followed by {time:?}, not its clock"
            );
            i += 1;
        }
    }
    moves
}

/// A move as et-g0.utb reads it back: its `+` and `!` are one cell
/// (dots 2-3-5), read as `!`, and a move has no `!`. (It leaves
/// capitals unmarked too, and the Estonian piece letters, K L V O R,
/// are no file letters, so moves are compared in small letters.)
fn et_read(lang: &str, read: &str) -> String {
    if lang == "et" {
        read.replace('!', "+")
    } else {
        read.to_string()
    }
}

fn run(home: &Home, lang: &str, input: &str) -> Vec<String> {
    run_piped(
        home,
        &["--lang", lang, "--speech", "off", "--sound", "off"],
        input,
    )
}

#[test]
fn a_long_game_reads_back_move_by_move_in_every_language() {
    let home = Home::new();
    let pgn = home.path().join("berlin.pgn");
    std::fs::write(&pgn, BERLIN).unwrap();
    let english = pgn_moves(BERLIN);
    assert_eq!(english.len(), 135);
    for (lang, table) in LANGS {
        let brf = home.path().join(format!("berlin-{lang}.brf"));
        let out = run(
            &home,
            lang,
            &format!("load {}\nend\nbrf {}\nquit\n", pgn.display(), brf.display()),
        );
        let bytes = std::fs::read(&brf).unwrap_or_else(|e| panic!("{lang}: {e}; {out:?}"));
        let (body, count) = pages(&bytes, 40);
        // 135 plies are 68 lines of moves and a header of six or seven.
        assert_eq!(count, 4, "{lang}");
        let name = format!("berlin-{lang}.brf");
        assert!(
            out.iter().any(|l| l.contains(&name) && l.contains(": 4 ")),
            "{lang}: {out:?}"
        );
        let read = read_back(lang, table, &body);
        let header = read[..4].join(" ").to_lowercase();
        assert!(
            header.contains("vokhidov") && header.contains("yakubboev"),
            "{lang}: {header}"
        );
        let expected: Vec<String> = english.iter().map(|m| san_in(lang, m)).collect();
        let got: Vec<String> = moves_read(&read, false)
            .iter()
            .map(|m| et_read(lang, m))
            .collect();
        let fold = |m: &String| {
            if lang == "et" {
                m.to_lowercase()
            } else {
                m.clone()
            }
        };
        let expected: Vec<String> = expected.iter().map(fold).collect();
        assert_eq!(got.len(), expected.len(), "{lang}: {got:?}");
        for (i, (got, want)) in got.iter().zip(&expected).enumerate() {
            assert_eq!(got, want, "{lang}: ply {}", i + 1);
        }
    }
}

#[test]
fn a_timed_game_has_each_movers_clock_and_german_letters() {
    let home = Home::new();
    for (lang, table) in LANGS {
        let brf = home.path().join(format!("timed-{lang}.brf"));
        let moves = [
            "e2-e4", "e7-e5", "g1-f3", "b8-c6", "f1-b5", "a7-a6", "b5-c6",
        ];
        let input = format!(
            "set opponent human\nset time 5+3\nset width 32\n{}\nbrf {}\nquit\n",
            moves.join("\n"),
            brf.display()
        );
        let out = run(&home, lang, &input);
        let bytes = std::fs::read(&brf).unwrap_or_else(|e| panic!("{lang}: {e}; {out:?}"));
        let (body, count) = pages(&bytes, 32);
        assert_eq!(count, 1);
        let read = read_back(lang, table, &body);
        let got: Vec<String> = moves_read(&read, true)
            .iter()
            .map(|m| et_read(lang, m))
            .collect();
        let english = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6"];
        let expected: Vec<String> = english
            .iter()
            .map(|m| san_in(lang, m))
            .map(|m| if lang == "et" { m.to_lowercase() } else { m })
            .collect();
        assert_eq!(got, expected, "{lang}");
        if lang == "de" {
            assert_eq!(got[2], "Sf3");
            assert_eq!(got[6], "Lxc6");
        }
    }
}

#[test]
fn a_bad_table_and_an_unwritable_path_are_answered_and_leave_no_file() {
    let home = Home::new();
    let sheet = home.path().join("game.brf");
    let blocker = home.path().join("a-file");
    std::fs::write(&blocker, "not a folder").unwrap();
    let under_file = blocker.join("game.brf");
    let input = format!(
        "set opponent human\ne4\nset brailletable no-such-table.ctb\nbrf {sheet}\n\
         set brailletable auto\nbrf {under}\nbrf {home}\nbrf\nquit\n",
        sheet = sheet.display(),
        under = under_file.display(),
        home = home.path().display(),
    );
    let out = run(&home, "en", &input);
    let has = |text: &str| out.iter().any(|l| l.contains(text));
    assert!(
        has("liblouis has no Braille table no-such-table.ctb; set brailletable auto"),
        "{out:?}"
    );
    assert!(!Path::new(&sheet).exists());
    assert!(
        has("game.brf cannot be read or written: a file stands where a folder should be."),
        "{out:?}"
    );
    assert!(has("is a folder, not a file."), "{out:?}");
    assert!(
        has("brf needs a file name, such as brf game.brf."),
        "{out:?}"
    );
    assert!(!under_file.exists());
}

/// Estonian: liblouis's et-g0.utb gives `+` and `!` one cell (dots
/// 2-3-5, as `math +` and `punctuation !`), so the check sign annabella
/// writes is the table's own plus, and there is no other plus to choose
/// (issue 34, item 20); a reader tells them apart by place, as a move
/// has no `!`.
#[test]
fn the_estonian_check_sign_is_the_tables_plus() {
    let forward = |text: &str| {
        let mut child = Command::new("lou_translate")
            .args(["--forward", "braille-patterns.cti,et-g0.utb"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("lou_translate (liblouis-bin, installed by scripts/setup)");
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(format!("{text}\n").as_bytes()).unwrap();
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    // Dots 2-3-5, and the same for both signs.
    assert_eq!(forward("+"), "\u{2816}");
    assert_eq!(forward("!"), "\u{2816}");
    let home = Home::new();
    let sheet = home.path().join("tshekk.brf");
    let input = format!(
        "set opponent human\ne4\nf5\nQh5+\nbrf {}\n",
        sheet.display()
    );
    run(&home, "et", &input);
    let bytes = std::fs::read(&sheet).expect("the scoresheet");
    let text = String::from_utf8(bytes).unwrap();
    // In Braille ASCII dots 2-3-5 are `6`: the queen's check ends so.
    let second = text
        .lines()
        .find(|l| l.starts_with("#B'"))
        .expect("move 2's line");
    assert!(second.trim_end().ends_with('6'), "{second:?}");
}
