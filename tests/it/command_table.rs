//! Walks the command table: every word of every command in every
//! language is read as that command, `help WORD` answers for it, no word
//! belongs to two commands, and no word is mistaken for a move. The
//! one-letter short forms (`b`, `c`, `h`, `l`, `n`, `p`, `r`, `s`) are commands on
//! their own and moves when a square follows, as the README says.

use std::time::Instant;

use std::collections::HashMap;

use annabella::announce::Announcer;
use annabella::event::{Answer, Event};
use annabella::input::commands::{Arg, COMMANDS, Command};
use annabella::input::vocab::{Word, fold, lookup};
use annabella::input::{Line, read_line, read_move};
use annabella::rules::Game;
use annabella::session::{Input, Session};
use annabella::settings::{Lang, Settings};

/// An argument that fits each command, so that the line is complete:
/// one of its kind, or for free words one its own grammar takes.
fn sample(command: Command) -> &'static str {
    match command {
        Command::Load => return " game",
        Command::Drill => return " knight",
        Command::Seek => return " 15+10",
        Command::Challenge => return " bobby 10+5",
        Command::Say => return " hello",
        Command::Brf => return " game.brf",
        _ => {}
    }
    match command.entry().arg {
        Arg::None | Arg::Topic | Arg::NewGame => "",
        Arg::Square | Arg::OptionalSquare => " e4",
        Arg::Rank => " 4",
        Arg::File => " e",
        Arg::OptionalColor => " white",
        Arg::Piece => " knight",
        Arg::Setting => " style san",
        Arg::OptionalMove => "",
        Arg::ClockSide => " black",
        Arg::Text => "",
        Arg::MoveNumber => " 12",
        Arg::OptionalMoveNumber => "",
        Arg::Switch => " on",
        Arg::View => " board",
    }
}

/// Every (language, word, command) of the table.
fn every_word() -> Vec<(Lang, &'static str, Command)> {
    let mut out = Vec::new();
    for entry in &COMMANDS {
        for lang in Lang::ALL {
            for word in entry.words.of(lang) {
                out.push((lang, *word, entry.command));
            }
        }
    }
    out
}

#[test]
fn every_word_in_every_language_is_its_command() {
    let game = Game::new();
    let words = every_word();
    assert!(words.len() > 80, "only {} words", words.len());
    for (lang, word, command) in words {
        let line = format!("{word}{}", sample(command));
        // Whatever the interface language, and in capitals too.
        for ui in Lang::ALL {
            for text in [line.clone(), line.to_uppercase()] {
                match read_line(&text, ui, &game) {
                    Line::Command(found) => assert_eq!(
                        found.command(),
                        command,
                        "{text:?} ({lang:?} word, {ui:?} UI)"
                    ),
                    other => panic!("{text:?} ({lang:?} word, {ui:?} UI) read as {other:?}"),
                }
            }
        }
    }
}

#[test]
fn help_answers_for_every_word() {
    let announcer = Announcer::new();
    for (lang, word, command) in every_word() {
        let settings = Settings {
            lang,
            ..Settings::default()
        };
        let mut session = Session::new(Game::new(), settings.clone());
        let events = session
            .step(
                Input::Line((&format!("help {word}")).into()),
                Instant::now(),
            )
            .events;
        assert_eq!(
            events,
            [Event::Answer(Answer::Help(Some(command)))],
            "help {word} ({lang:?})"
        );
        let text = announcer.render(&settings, &events[0]).join("\n");
        let expected = announcer.message(lang, command.entry().help, &[]);
        // `help set` goes on with a line per setting.
        assert_eq!(
            text.lines().next(),
            Some(expected.as_str()),
            "help {word} ({lang:?})"
        );
        assert!(!text.is_empty() && !text.contains("help-"), "{text}");
    }
}

#[test]
fn no_word_belongs_to_two_commands() {
    let mut seen: HashMap<String, (Command, &str)> = HashMap::new();
    for (_, word, command) in every_word() {
        let key = fold(word);
        assert!(!key.is_empty(), "{word} folds to nothing");
        if let Some((other, by)) = seen.get(&key) {
            assert_eq!(*other, command, "{word} ({command:?}) and {by} ({other:?})");
        }
        seen.insert(key, (command, word));
    }
}

/// Words that are also filler words of moves: harmless, since the first
/// word of a line decides and a filler never starts a move.
const ALSO_FILLER: &[&str] = &["moves"];

#[test]
fn no_word_is_a_move_or_a_move_word() {
    for (lang, word, _) in every_word() {
        assert!(
            read_move(word, &mut Default::default()).intents.is_empty(),
            "{word} ({lang:?}) reads as a move"
        );
        match lookup(&fold(word)) {
            None => {}
            Some(Word::Filler) if ALSO_FILLER.contains(&word) => {}
            Some(meaning) => panic!("{word} ({lang:?}) is also the move word {meaning:?}"),
        }
    }
}

#[test]
fn one_letter_commands_alone_and_with_a_square() {
    let game = Game::new();
    let command = |text: &str| match read_line(text, Lang::En, &game) {
        Line::Command(c) => Some(c.command()),
        _ => None,
    };
    let is_move = |text: &str| matches!(read_line(text, Lang::En, &game), Line::Move(_));
    let short: Vec<&str> = every_word()
        .into_iter()
        .map(|(_, w, _)| w)
        .filter(|w| w.chars().count() == 1)
        .collect();
    assert_eq!(short, ["h", "b", "p", "s", "l", "r", "c", "n"]);
    assert_eq!(command("c"), Some(Command::Clock));
    assert_eq!(command("c black"), Some(Command::Clock));
    assert_eq!(command("b"), Some(Command::Board));
    assert_eq!(command("h"), Some(Command::Help));
    assert_eq!(command("p"), Some(Command::Pieces));
    assert_eq!(command("p black"), Some(Command::Pieces));
    assert_eq!(command("s"), Some(Command::Status));
    assert_eq!(command("l"), Some(Command::Last));
    assert_eq!(command("r"), Some(Command::Repeat));
    assert_eq!(command("n"), Some(Command::Next));
    assert_eq!(command("h board"), Some(Command::Help));
    for text in [
        "b 4", "b four", "h 3", "R h4", "S f3", "L c4", "B c4", "p e4", "c 4", "c4", "n f3", "N f3",
    ] {
        assert!(is_move(text), "{text} is not read as a move");
    }
}

#[test]
fn help_lists_the_commands_in_the_interface_language() {
    let announcer = Announcer::new();
    for lang in Lang::ALL {
        let settings = Settings {
            lang,
            ..Settings::default()
        };
        let text = announcer
            .render(&settings, &Event::Answer(Answer::Help(None)))
            .join("\n");
        for command in Command::all() {
            assert!(
                text.contains(command.word(lang)),
                "{lang:?} help lacks {}",
                command.word(lang)
            );
        }
    }
}
