//! Walks the settings table: every key word and every value word of every
//! setting, in every language, is accepted by `set` whatever the
//! interface language, and `settings` then lists that setting with that
//! value in the interface language's words.

use std::time::Instant;

use std::collections::HashMap;

use annabella::announce::Announcer;
use annabella::event::{Answer, EngineEvent, Event, SessionEvent, VoiceEvent};
use annabella::input::vocab::fold;
use annabella::rules::Game;
use annabella::session::{Input, Session, VoiceNews};
use annabella::settings::{Allowed, Key, Lang, OpponentChoice, Setting, Settings, TABLE};

fn session(lang: Lang) -> Session {
    let settings = Settings {
        lang,
        opponent: OpponentChoice::Human,
        ..Settings::default()
    };
    Session::new(Game::new(), settings)
}

#[test]
fn every_key_and_value_word_is_set_and_listed() {
    let announcer = Announcer::new();
    let mut checked = 0;
    for entry in TABLE {
        let key = entry.key;
        for key_word in entry.words.all() {
            for value in key.samples() {
                for ui in Lang::ALL {
                    let mut s = session(ui);
                    let line = format!("set {key_word} {value}");
                    let mut events = s.step(Input::Line(line.to_string()), Instant::now()).events;
                    let expected = key.parse(&value).expect("a sample parses");
                    // A microphone is taken when the loop's list has it,
                    // listening when the loop says the recogniser listens.
                    let answer = match key {
                        Key::Microphone => Some(VoiceNews::Microphones(vec![value.to_string()])),
                        Key::Listen => Some(VoiceNews::Listening),
                        _ => None,
                    };
                    if let Some(answer) = answer.filter(|_| events.is_empty()) {
                        events = s.step(Input::Voice(answer), Instant::now()).events;
                    }
                    match &events[..] {
                        [Event::Session(SessionEvent::SettingChanged(setting))] => {
                            assert_eq!(setting, &expected, "{line} ({ui:?})")
                        }
                        // Listening is said as what annabella does now.
                        [Event::Session(SessionEvent::Voice(VoiceEvent::Listening(on)))] => {
                            assert_eq!(Setting::Listen(*on), expected, "{line} ({ui:?})")
                        }
                        // Opponent, level and colour answer with the opponent.
                        [Event::Engine(EngineEvent::OpponentChanged(_))] => {
                            assert!(matches!(key, Key::Opponent | Key::Level | Key::Color))
                        }
                        other => panic!("{line} ({ui:?}): {other:?}"),
                    }
                    // The language itself may have changed the interface.
                    let shown_in = s.settings().lang;
                    let listed = s
                        .step(Input::Line("settings".into()), Instant::now())
                        .events;
                    let [Event::Answer(Answer::Settings(all))] = &listed[..] else {
                        panic!("settings answered {listed:?}");
                    };
                    assert_eq!(all.len(), TABLE.len(), "settings lists every setting");
                    assert!(all.contains(&expected), "{line}: {all:?}");
                    let text = announcer.render(s.settings(), &listed[0]);
                    let want = format!("{}: {}", key.word(shown_in), expected.show(shown_in));
                    assert!(
                        text.contains(&want),
                        "{line} ({ui:?}): {want} not in {text:?}"
                    );
                    checked += 1;
                }
            }
        }
    }
    println!("{checked} set-and-list checks");
    assert!(checked > 500, "only {checked}");
}

#[test]
fn values_are_read_whatever_the_case() {
    for key in Key::all() {
        for value in key.samples() {
            let upper = value.to_uppercase();
            assert_eq!(
                key.parse(&upper).map(|s| s.key()),
                Some(key),
                "{key:?} {upper}"
            );
        }
    }
}

#[test]
fn no_word_names_two_settings_or_two_values() {
    let mut keys: HashMap<String, Key> = HashMap::new();
    for entry in TABLE {
        for word in entry.words.all() {
            if let Some(other) = keys.insert(fold(word), entry.key) {
                assert_eq!(other, entry.key, "{word} names two settings");
            }
        }
        if let Allowed::Words(values) = entry.key.allowed() {
            let mut seen: HashMap<String, usize> = HashMap::new();
            for (i, words) in values.iter().enumerate() {
                for word in words.all() {
                    if let Some(other) = seen.insert(fold(word), i) {
                        assert_eq!(other, i, "{:?}: {word} means two values", entry.key);
                    }
                }
            }
        }
    }
}

#[test]
fn every_setting_has_words_and_help_in_every_language() {
    let announcer = Announcer::new();
    for entry in TABLE {
        for lang in Lang::ALL {
            assert!(!entry.key.word(lang).is_empty());
            let help = announcer.message(lang, entry.help, &[]);
            assert_ne!(help, entry.help, "{:?} has no help in {lang:?}", entry.key);
        }
    }
}

#[test]
fn a_wrong_value_is_answered_with_what_is_allowed() {
    let announcer = Announcer::new();
    let mut s = session(Lang::En);
    let cases = [
        (
            "set rate 101",
            "rate cannot be 101. Choose a number from 0 to 100.",
        ),
        (
            "set width 10",
            "width cannot be 10. Choose 0, or a number from 20 to 500.",
        ),
        (
            "set level 0",
            "level cannot be 0. Choose a number from 1 to 10.",
        ),
        (
            "set color green",
            "color cannot be green. Choose white, black or random.",
        ),
        (
            "set voice two words",
            "voice cannot be two words. Choose auto, a language such as de or en-gb, or a voice name in one word.",
        ),
        (
            "set voice",
            "voice needs a value: auto, a language such as de or en-gb, or a voice name in one word.",
        ),
        (
            "set time 5+x",
            "Not a time control: x is not a number. Examples: 5+3 (5 minutes, 3 seconds added per move), 0.5+0 (30 seconds), 90 d 5 (5 second delay), 90 b 5 (Bronstein delay), 40/90, 30+30 (40 moves in 90 minutes, then 30 minutes).",
        ),
        (
            "set time 90, 30",
            "Not a time control: 30 comes after a period that lasts to the end of the game. Examples: 5+3 (5 minutes, 3 seconds added per move), 0.5+0 (30 seconds), 90 d 5 (5 second delay), 90 b 5 (Bronstein delay), 40/90, 30+30 (40 moves in 90 minutes, then 30 minutes).",
        ),
        (
            "set timealerts 60 soon",
            "timealerts cannot be 60 soon. Choose seconds left such as 300 60 30 10, or off.",
        ),
    ];
    for (line, want) in cases {
        let events = s.step(Input::Line(line.into()), Instant::now()).events;
        let text = announcer.render(s.settings(), &events[0]).join(" ");
        assert_eq!(text, want, "{line}");
    }
}

/// A flag's value that starts with a minus reaches the setting's own
/// parser: `--time -1+0` is answered with what is wrong and the examples
/// of a time control, as `--time 1x` is, not with clap's bare
/// "unexpected argument '-1' found" (issue 24, item 22); what is wrong
/// is that -1 is below zero, not that it is no number.
#[test]
fn a_value_starting_with_a_minus_gets_the_settings_own_error() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["--lang", "en", "--time", "-1+0"])
        .env_remove("LC_ALL")
        .env_remove("LANG")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("annabella runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains("annabella: --time: Not a time control: -1 is below zero; a time control's minutes, seconds and moves must not be negative.")
            && err.contains("Examples: 5+3"),
        "{err}"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_annabella"))
        .args(["--lang", "en", "--level", "-3"])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("annabella runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("annabella: --level cannot be -3. Choose"),
        "{err}"
    );
}
