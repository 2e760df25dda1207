//! Voice input in the session, without a microphone: what was heard
//! steps in as [`Input::Heard`], is shown, read back, and played or
//! dropped; the recogniser is told what to listen for.

use std::cell::RefCell;
use std::time::Instant;

use annabella::announce::Announcer;
use annabella::event::{Heard, Meaning, VoiceTrouble};
use annabella::input::grammar::{Answers, Moment};
use annabella::rules::Game;
use annabella::session::{Effect, Input, Prompt, Session, Start, Step, VoiceNews};
use annabella::settings::{Lang, ListenConfirm, OpponentChoice, Settings};

fn session(lang: Lang, confirm: ListenConfirm) -> Session {
    let settings = Settings {
        opponent: OpponentChoice::Human,
        listen: true,
        listen_confirm: confirm,
        lang,
        ..Settings::default()
    };
    started(Session::new(Game::new(), settings))
}

/// The session after its start, which begins listening.
fn started(mut session: Session) -> Session {
    let step = session.step(Input::Start(Start::default()), Instant::now());
    keep_moment(&step);
    assert!(listens_for(&step).is_some(), "listening from the start");
    session
}

thread_local! {
    /// The moment the listening thread would hold: the latest sent.
    static MOMENT: RefCell<Option<Moment>> = const { RefCell::new(None) };
}

/// Keeps the moment a step sent, as the listening thread does.
fn keep_moment(step: &Step) {
    for effect in &step.effects {
        if let Effect::Listen(moment) = effect {
            MOMENT.with(|m| *m.borrow_mut() = moment.as_deref().cloned());
        }
    }
}

/// The latest moment sent.
fn moment() -> Option<Moment> {
    MOMENT.with(|m| m.borrow().clone())
}

/// Words heard with `confidence`, read against the latest moment as the
/// listening thread reads a recogniser's words.
fn heard(words: &str, confidence: f32) -> Input {
    let moment = moment().unwrap_or_else(|| Moment {
        game: Game::new(),
        answers: Answers::Nothing,
        lang: Lang::En,
        serial: 0,
    });
    Input::Heard(Heard::read(words, confidence, &moment))
}

pub(crate) fn text(session: &Session, step: &Step) -> Vec<String> {
    let announcer = Announcer::new();
    step.events
        .iter()
        .flat_map(|e| announcer.render_lines(session.settings(), e))
        .collect()
}

/// The session stepped with `input`: its answer in words, and the step.
pub(crate) fn say(session: &mut Session, input: Input) -> (Vec<String>, Step) {
    let step = session.step(input, Instant::now());
    keep_moment(&step);
    (text(session, &step), step)
}

fn listens_for(step: &Step) -> Option<Answers> {
    step.effects.iter().find_map(|e| match e {
        Effect::Listen(Some(moment)) => Some(moment.answers.clone()),
        _ => None,
    })
}

#[test]
fn a_heard_move_is_read_back_and_played_on_ja() {
    let mut s = session(Lang::De, ListenConfirm::On);
    let (said, step) = say(&mut s, heard("springer felix drei", 0.95));
    // The question says the move: no "Gehört: …" before it.
    assert_eq!(said, ["Springer Felix drei?"]);
    assert!(s.game().plies().is_empty(), "not played before the yes");
    // The recogniser hears the answer with a grammar of yes and no.
    assert_eq!(listens_for(&step), Some(Answers::YesNo));
    let (said, step) = say(&mut s, heard("ja", 0.9));
    assert_eq!(said[0], "Gehört: ja");
    assert_eq!(s.game().plies().len(), 1);
    assert_eq!(listens_for(&step), Some(Answers::Nothing));
}

#[test]
fn nein_drops_the_heard_move_and_enter_plays_it() {
    let mut s = session(Lang::En, ListenConfirm::On);
    say(&mut s, heard("pawn echo four", 0.9));
    let (said, _) = say(&mut s, heard("no", 0.9));
    assert_eq!(said, ["Heard: no", "Move not played."]);
    assert!(s.game().plies().is_empty());
    say(&mut s, heard("pawn echo four", 0.9));
    // Enter on the keyboard says yes.
    let step = s.step(Input::Line(String::new()), Instant::now());
    assert!(!step.events.is_empty());
    assert_eq!(
        s.game().fen().split(' ').next(),
        Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR")
    );
}

/// Issue 34, item 6: a misheard move said again is asked again, never
/// played without a yes (nor a different move heard instead).
#[test]
fn a_heard_move_said_again_while_read_back_is_asked_again_not_played() {
    for lang in [Lang::En, Lang::De, Lang::Et] {
        let mut s = session(lang, ListenConfirm::On);
        let (first, _) = say(&mut s, heard("delta four", 0.95));
        assert_eq!(first.len(), 1, "{first:?}");
        let (again, step) = say(&mut s, heard("delta four", 0.95));
        assert_eq!(again, first, "{lang:?}: asked again");
        assert!(s.game().plies().is_empty(), "{lang:?}: played unasked");
        assert_eq!(listens_for(&step), Some(Answers::YesNo));
        // Another move heard replaces the question.
        let (other, _) = say(&mut s, heard("echo four", 0.95));
        assert!(other[0].ends_with('?'), "{other:?}");
        assert!(s.game().plies().is_empty(), "{lang:?}: played unasked");
        let yes = match lang {
            Lang::De => "ja",
            Lang::En => "yes",
            Lang::Et => "jah",
        };
        say(&mut s, heard(yes, 0.95));
        assert_eq!(
            s.game().fen().split(' ').next(),
            Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"),
            "{lang:?}: the last move asked is played on yes"
        );
    }
}

#[test]
fn talk_and_unsure_words_are_not_understood_and_never_a_move() {
    let mut s = session(Lang::En, ListenConfirm::Off);
    let (said, _) = say(&mut s, heard("knight foxtrot three", 0.2));
    // One line, without the words the recogniser was unsure of.
    assert_eq!(
        said,
        ["Not understood. Say it again, a little slower, or type it."]
    );
    let (said, _) = say(&mut s, heard("", 0.0));
    assert_eq!(
        said,
        ["Not understood. Say it again, a little slower, or type it."]
    );
    assert!(s.game().plies().is_empty());
}

#[test]
fn listenconfirm_off_plays_at_once_and_auto_asks_only_when_unsure() {
    let mut s = session(Lang::En, ListenConfirm::Off);
    say(&mut s, heard("knight foxtrot three", 0.9));
    assert_eq!(s.game().plies().len(), 1);
    let mut s = session(Lang::En, ListenConfirm::Auto);
    say(&mut s, heard("knight foxtrot three", 0.95));
    assert_eq!(s.game().plies().len(), 1, "sure: played");
    let (said, _) = say(&mut s, heard("knight foxtrot six", 0.6));
    assert_eq!(
        said.last().map(String::as_str),
        Some("Springer Felix sechs?")
    );
    assert_eq!(s.game().plies().len(), 1, "unsure: asked");
}

#[test]
fn a_reading_command_runs_at_once_and_a_changing_one_is_asked_first() {
    let mut s = session(Lang::De, ListenConfirm::On);
    let (said, _) = say(&mut s, heard("status", 0.9));
    assert_eq!(said[0], "Gehört: status");
    assert!(said[1].starts_with("Weiß am Zug"), "{said:?}");
    let (said, _) = say(&mut s, heard("aufgeben", 0.9));
    assert_eq!(said, ["aufgeben? Ja oder nein."]);
    assert!(!s.game().is_over());
    let (said, _) = say(&mut s, heard("nein", 0.9));
    assert_eq!(said, ["Gehört: nein", "Nicht ausgeführt."]);
    assert!(!s.game().is_over());
}

#[test]
fn the_recogniser_is_told_when_the_question_changes_and_stops_with_listen_off() {
    let mut s = session(Lang::En, ListenConfirm::On);
    let step = s.step(Input::Line("board".into()), Instant::now());
    assert_eq!(listens_for(&step), None, "nothing changed");
    let step = s.step(Input::Line("e4".into()), Instant::now());
    assert_eq!(listens_for(&step), Some(Answers::Nothing), "a new position");
    let step = s.step(Input::Line("listen off".into()), Instant::now());
    assert!(
        step.effects
            .iter()
            .any(|e| matches!(e, Effect::Listen(None)))
    );
    let (said, _) = say(&mut s, heard("echo five", 0.9));
    assert!(said.is_empty(), "heard after listening stopped: {said:?}");
}

#[test]
fn without_voice_input_one_sentence_and_the_keyboard_goes_on() {
    let mut s = session(Lang::En, ListenConfirm::On);
    s.step(Input::Line("status".into()), Instant::now());
    let (said, step) = say(
        &mut s,
        Input::Voice(VoiceNews::Unavailable(VoiceTrouble::NotBuilt)),
    );
    assert_eq!(
        said,
        ["This build has no voice input; annabella goes on by keyboard."]
    );
    assert!(
        step.effects
            .iter()
            .all(|e| !matches!(e, Effect::Listen(Some(_))))
    );
    let step = s.step(Input::Line("e4".into()), Instant::now());
    assert!(
        step.effects
            .iter()
            .all(|e| !matches!(e, Effect::Listen(Some(_))))
    );
    assert_eq!(s.game().plies().len(), 1);
    // `listen` tries again.
    let step = s.step(Input::Line("listen on".into()), Instant::now());
    assert!(
        step.effects
            .iter()
            .any(|e| matches!(e, Effect::Listen(Some(_))))
    );
}

#[test]
fn which_piece_is_answered_by_voice() {
    let game = Game::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").expect("fen");
    let settings = Settings {
        opponent: OpponentChoice::Human,
        listen: true,
        listen_confirm: ListenConfirm::Off,
        ..Settings::default()
    };
    let mut s = started(Session::new(game, settings));
    let (_, step) = say(&mut s, heard("knight delta two", 0.9));
    assert!(matches!(listens_for(&step), Some(Answers::Which(sq)) if sq.len() == 2));
    say(&mut s, heard("foxtrot", 0.9));
    assert_eq!(s.game().plies().len(), 1);
    assert_eq!(s.game().fen(), "4k3/8/8/8/8/8/3N4/1N2K3 b - - 1 1");
}

mod properties {
    use super::*;
    use annabella::input::vocab::YES;
    use proptest::prelude::*;

    const WORDS: &[&str] = &[
        "springer", "felix", "drei", "eva", "vier", "bauer", "knight", "foxtrot", "three", "echo",
        "four", "pawn", "takes", "schlagt", "dame", "queen", "ja", "nein", "yes", "no", "kurze",
        "rochade", "castles", "kingside", "aufgeben", "resign", "board", "undo", "zuruck", "new",
        "neu", "status", "golf", "a", "e", "h", "eight", "acht", "listen", "off", "quit", "ende",
        "ähm", "hmm", "", "€", "\u{0}",
    ];

    fn utterance() -> impl Strategy<Value = (String, f32)> {
        let words =
            prop::collection::vec(prop::sample::select(WORDS), 0..6).prop_map(|w| w.join(" "));
        let any = "\\PC{0,20}";
        let text = prop_oneof![4 => words, 1 => any];
        let confidence = prop_oneof![
            4 => 0.0f32..1.0,
            1 => Just(f32::NAN),
            1 => prop::num::f32::ANY,
        ];
        (text, confidence)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Whatever the recogniser says, nothing panics, every move
        /// played is legal (the game replays), and with `listenconfirm
        /// on` a move is played only on a yes or the answer to which
        /// piece.
        #[test]
        fn any_recogniser_output_never_plays_a_move_not_confirmed(
            heard_seq in prop::collection::vec(utterance(), 1..12)
        ) {
            let mut s = session(Lang::De, ListenConfirm::On);
            for (words, confidence) in heard_seq {
                let plies = s.game().plies().len();
                let asked_which = matches!(s.prompt(), Some(Prompt::Which { .. } | Prompt::Promotion { .. }));
                s.step(heard(&words, confidence), Instant::now());
                if s.is_quit() {
                    break;
                }
                let played = s.game().plies().len() > plies;
                let yes = YES.all().any(|w| annabella::lang::fold(w) == annabella::lang::fold(words.trim()));
                prop_assert!(
                    !played || (yes && confidence >= 0.5) || asked_which,
                    "{words:?} ({confidence}) played a move"
                );
            }
            let replayed = Game::from_fen(&s.game().fen());
            prop_assert!(replayed.is_ok());
        }
    }
}

#[test]
fn microphones_are_listed_by_the_loop_and_said() {
    let mut s = session(Lang::En, ListenConfirm::On);
    let step = s.step(Input::Line("microphones".into()), Instant::now());
    assert!(
        step.effects
            .iter()
            .any(|e| matches!(e, Effect::ListMicrophones))
    );
    let names = vec!["default".to_string(), "USB Audio".to_string()];
    let (said, _) = say(&mut s, Input::Voice(VoiceNews::Microphones(names)));
    assert_eq!(said, ["Microphones: default, USB Audio. In use: default."]);
    let (said, _) = say(&mut s, Input::Voice(VoiceNews::Microphones(Vec::new())));
    assert_eq!(
        said,
        ["No microphone found; annabella goes on by keyboard."]
    );
}

#[test]
fn status_says_whether_annabella_listens() {
    let mut s = session(Lang::En, ListenConfirm::On);
    let (said, _) = say(&mut s, Input::Line("status".into()));
    assert_eq!(said.last().map(String::as_str), Some("Listening."));
    say(
        &mut s,
        Input::Voice(VoiceNews::Unavailable(VoiceTrouble::NoModel)),
    );
    let (said, _) = say(&mut s, Input::Line("status".into()));
    assert_eq!(said.last().map(String::as_str), Some("Not listening."));
}

/// A session with listening off, started.
fn not_listening(lang: Lang) -> Session {
    let settings = Settings {
        opponent: OpponentChoice::Human,
        lang,
        ..Settings::default()
    };
    let mut s = Session::new(Game::new(), settings);
    s.step(Input::Start(Start::default()), Instant::now());
    s
}

/// Issue 34, item 7: `listen` without a usable microphone is one
/// sentence in the UI language, and the setting is not turned on.
#[test]
fn listen_without_a_usable_microphone_is_one_sentence_and_leaves_the_setting_off() {
    use annabella::event::VoiceFault;
    let mut s = not_listening(Lang::De);
    let (said, step) = say(&mut s, Input::Line("zuhören".into()));
    assert!(said.is_empty(), "nothing before the loop answers: {said:?}");
    assert!(listens_for(&step).is_some(), "the recogniser is asked");
    let failed = VoiceTrouble::Failed(VoiceFault::Unopenable);
    let (said, _) = say(&mut s, Input::Voice(VoiceNews::Unavailable(failed)));
    assert_eq!(
        said,
        [
            "Das Mikrofon lässt sich nicht öffnen: Vielleicht benutzt es ein anderes Programm, oder wähle mit einstellen mikrofon ein anderes; annabella geht mit der Tastatur weiter."
        ]
    );
    assert!(!s.settings().listen, "the setting is not left on");
    let (said, _) = say(&mut s, Input::Line("status".into()));
    assert_eq!(said, ["Weiß am Zug, Zug 1."]);
    // Tried again, and this time there: one sentence, the setting on.
    let (said, step) = say(&mut s, Input::Line("einstellen zuhören an".into()));
    assert!(said.is_empty(), "{said:?}");
    assert!(listens_for(&step).is_some());
    let (said, _) = say(&mut s, Input::Voice(VoiceNews::Listening));
    assert_eq!(said, ["Ich höre zu."]);
    assert!(s.settings().listen);
    // Told again with every new moment: nothing more is said.
    let (said, _) = say(&mut s, Input::Voice(VoiceNews::Listening));
    assert!(said.is_empty(), "{said:?}");
}

/// A start with the setting on says once that voice input cannot be
/// had, and keeps the setting (the player did not ask now).
#[test]
fn a_start_listening_without_a_microphone_says_so_once() {
    let mut s = session(Lang::Et, ListenConfirm::On);
    let (said, _) = say(
        &mut s,
        Input::Voice(VoiceNews::Unavailable(VoiceTrouble::NoMicrophone)),
    );
    assert_eq!(
        said,
        ["Mikrofoni ei leitud; annabella jätkab klaviatuuriga."]
    );
    let (said, _) = say(
        &mut s,
        Input::Voice(VoiceNews::Unavailable(VoiceTrouble::NoMicrophone)),
    );
    assert!(said.is_empty(), "once: {said:?}");
    assert!(s.settings().listen);
}

/// Issue 34, item 8: a microphone that does not exist is refused with
/// the list of those there are, or the word that there are none.
#[test]
fn a_microphone_that_does_not_exist_is_refused_with_the_list() {
    let mut s = not_listening(Lang::En);
    let (said, step) = say(&mut s, Input::Line("set microphone nosuch".into()));
    assert!(said.is_empty(), "{said:?}");
    assert!(
        step.effects
            .iter()
            .any(|e| matches!(e, Effect::ListMicrophones))
    );
    let names = vec!["default".to_string(), "USB Audio".to_string()];
    let (said, _) = say(&mut s, Input::Voice(VoiceNews::Microphones(names.clone())));
    assert_eq!(
        said,
        ["No microphone is called nosuch; the microphones are: default, USB Audio."]
    );
    assert_eq!(s.settings().microphone.0, None);
    say(&mut s, Input::Line("set microphone nosuch".into()));
    let (said, _) = say(&mut s, Input::Voice(VoiceNews::Microphones(Vec::new())));
    assert_eq!(
        said,
        ["No microphone is called nosuch, and this computer has none."]
    );
    // A part of a name there is taken, in any case.
    say(&mut s, Input::Line("set microphone usb".into()));
    let (said, _) = say(&mut s, Input::Voice(VoiceNews::Microphones(names)));
    assert_eq!(said, ["microphone is now usb."]);
    assert_eq!(s.settings().microphone.0.as_deref(), Some("usb"));
}

/// A legal move of `game`, from its UCI.
fn uci(game: &Game, text: &str) -> shakmaty::Move {
    let uci: shakmaty::uci::UciMove = text.parse().expect("uci");
    uci.to_move(game.position()).expect("legal")
}

/// What the listening thread sends: `meaning`, decided against the
/// latest moment.
fn meant(words: &str, meaning: Meaning) -> Input {
    let moment = moment().expect("listening");
    Input::Heard(Heard {
        words: words.into(),
        meaning,
        confidence: 0.95,
        moment: moment.serial,
    })
}

/// Issue 35, item 4: what was heard reaches the step parsed once — the
/// meaning the thread decided is used, not the words read again.
#[test]
fn a_heard_meaning_of_the_latest_moment_is_used_as_it_is() {
    let mut s = session(Lang::De, ListenConfirm::On);
    let e4 = uci(s.game(), "e2e4");
    let (said, _) = say(&mut s, meant("Springer Felix drei", Meaning::Move(e4)));
    assert_eq!(said, ["Bauer Eva vier?"]);
    assert!(matches!(s.prompt(), Some(Prompt::ConfirmOwn { mv, .. }) if *mv == e4));
}

/// Issue 35, item 1: two moves too close to tell apart are asked back
/// together, and the answer is one of them, or no.
#[test]
fn close_moves_are_asked_back_together_and_answered() {
    let cases = [
        (
            Lang::De,
            "Springer Felix drei oder Springer Hector drei?",
            "nein",
        ),
        (Lang::En, "knight f 3 or knight h 3?", "no"),
        (Lang::Et, "ratsu f 3 või ratsu h 3?", "ei"),
    ];
    for (lang, question, no) in cases {
        let mut s = session(lang, ListenConfirm::On);
        if lang != Lang::De {
            // Said in the UI language's words, as the setting says.
            say(&mut s, Input::Line("set style local".into()));
        }
        let close = vec![uci(s.game(), "g1f3"), uci(s.game(), "g1h3")];
        let either = || meant("Springer Felix drei", Meaning::Either(close.clone()));
        let (said, step) = say(&mut s, either());
        assert_eq!(said, [question], "{lang:?}");
        assert_eq!(listens_for(&step), Some(Answers::Either(close.clone())));
        // A move that is neither, or a typo: the question stands.
        let (said, _) = say(&mut s, Input::Line("e4".into()));
        assert!(
            said.last().is_some_and(|l| l.ends_with(question)),
            "{said:?}"
        );
        let (said, _) = say(&mut s, Input::Line("xqzt".into()));
        assert!(
            said.last().is_some_and(|l| l.ends_with(question)),
            "{said:?}"
        );
        assert!(s.game().plies().is_empty());
        // No drops it.
        let (said, _) = say(&mut s, heard(no, 0.95));
        assert_eq!(said.len(), 2, "{said:?}");
        assert!(s.prompt().is_none() && s.game().plies().is_empty());
        // One of them, typed or said, is played.
        say(&mut s, either());
        say(&mut s, Input::Line("h3".into()));
        assert_eq!(s.game().plies().len(), 1, "{lang:?}");
        assert_eq!(
            s.game().fen().split(' ').next(),
            Some("rnbqkbnr/pppppppp/8/8/8/7N/PPPPPPPP/RNBQKB1R")
        );
        let black = vec![uci(s.game(), "g8f6"), uci(s.game(), "g8h6")];
        say(&mut s, meant("", Meaning::Either(black.clone())));
        say(&mut s, meant("", Meaning::Move(black[0])));
        assert_eq!(
            s.game().plies().len(),
            2,
            "{lang:?}: the heard choice is played"
        );
    }
}

/// "Heard: David vier" followed by a bare "Not understood" is gone:
/// nothing clearly ahead is one line that says what would work.
#[test]
fn nothing_clearly_heard_is_one_line_in_each_language() {
    for (lang, line) in [
        (
            Lang::De,
            "Nicht verstanden. Bitte noch einmal, etwas langsamer, sagen oder tippen.",
        ),
        (
            Lang::En,
            "Not understood. Say it again, a little slower, or type it.",
        ),
        (
            Lang::Et,
            "Ei saanud aru. Ütle uuesti, veidi aeglasemalt, või trüki.",
        ),
    ] {
        let mut s = session(lang, ListenConfirm::On);
        let (said, _) = say(&mut s, meant("David vier", Meaning::Nothing));
        assert_eq!(said, [line]);
    }
}
