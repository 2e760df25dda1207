//! The speech subscriber: puts the session's events into words and hands
//! them to the speech thread, starting and stopping it with the setting.

use std::io::{self, Write};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use super::{BackendFactory, CREATE_TIMEOUT, Kind, Silencer, SpeechParams, SpeechThread};
use crate::announce::{Announcer, Notice, Spoken};
use crate::event::{ClockEvent, Event, SessionEvent, Subscriber};
use crate::io::gate::Gate;
use crate::settings::{Setting, Settings, SpeechMode};

/// Says every answer aloud while the setting `speech` is `on`. When the
/// service cannot be reached it says so, in text, and goes on.
pub struct SpeechSink<'a, W: Write> {
    announcer: &'a Announcer,
    notices: W,
    factory: BackendFactory,
    thread: Option<SpeechThread>,
    timeout: Duration,
    hush: Hush,
    gate: Gate,
}

/// Silences speech at once from outside the subscriber: Ctrl-C at the
/// prompt, a line the moment it arrives (before it is stepped and what
/// it changes is made durable). It follows speech being started and
/// stopped by the setting.
#[derive(Clone, Debug, Default)]
pub struct Hush(Arc<Mutex<Option<Silencer>>>);

impl Hush {
    /// Silences whatever is said or waiting to be said.
    pub fn now(&self) {
        if let Some(silencer) = self.silencer().as_ref() {
            silencer.silence();
        }
    }

    /// Silences the readings said or waiting to be said, never news.
    pub fn readings(&self) {
        if let Some(silencer) = self.silencer().as_ref() {
            silencer.silence_readings();
        }
    }

    fn silencer(&self) -> std::sync::MutexGuard<'_, Option<Silencer>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn set(&self, silencer: Option<Silencer>) {
        *self.silencer() = silencer;
    }
}

impl<'a, W: Write> SpeechSink<'a, W> {
    /// Speech through backends made by `factory`; notices to `notices`.
    pub fn new(announcer: &'a Announcer, notices: W, factory: BackendFactory) -> Self {
        SpeechSink {
            announcer,
            notices,
            factory,
            thread: None,
            timeout: CREATE_TIMEOUT,
            hush: Hush::default(),
            gate: Gate::default(),
        }
    }

    /// Shut `gate` while speaking, for the microphone (from the next
    /// start of speech on).
    pub fn set_gate(&mut self, gate: Gate) {
        self.gate = gate;
    }

    /// The handle that silences this speech from another thread.
    pub fn hush(&self) -> Hush {
        self.hush.clone()
    }

    /// Whether speech is running.
    pub fn is_running(&self) -> bool {
        self.thread.as_ref().is_some_and(SpeechThread::is_alive)
    }

    /// Starts speech if the settings want it and it is not running; says
    /// once in text when the service does not answer.
    pub fn start(&mut self, settings: &Settings) -> io::Result<()> {
        if settings.speech != SpeechMode::On || self.thread.is_some() {
            return Ok(());
        }
        let factory = Arc::clone(&self.factory);
        match SpeechThread::start(move || factory(), self.timeout, self.gate.clone()) {
            Ok(thread) => {
                self.hush.set(Some(thread.silencer()));
                self.thread = Some(thread);
            }
            Err(_) => self.say_notice(settings, Notice::SpeechUnavailable)?,
        }
        Ok(())
    }

    /// Waits, at most `bound`, until the last answer has been spoken.
    pub fn finish(&self, bound: Duration) {
        if let Some(thread) = &self.thread {
            thread.finish(bound);
        }
    }

    fn say_notice(&mut self, settings: &Settings, notice: Notice) -> io::Result<()> {
        let line = self.announcer.notice(settings, notice);
        writeln!(self.notices, "{line}")?;
        self.notices.flush()
    }

    fn lost(&mut self, settings: &Settings) -> io::Result<()> {
        self.thread = None;
        self.hush.set(None);
        self.say_notice(settings, Notice::SpeechLost)
    }
}

impl<W: Write> SpeechSink<'_, W> {
    /// Says the answer `events` make, news or a reading as they are.
    fn say(&mut self, settings: &Settings, events: &[Event]) -> io::Result<()> {
        let Some(thread) = &self.thread else {
            return Ok(());
        };
        let parts: Vec<Spoken> = events
            .iter()
            .flat_map(|e| self.announcer.spoken(settings, e))
            .collect();
        let kind = if events.iter().any(is_news) {
            Kind::News
        } else {
            Kind::Reading
        };
        if !parts.is_empty() && !thread.say(parts, SpeechParams::from(settings), kind) {
            self.lost(settings)?;
        }
        Ok(())
    }

    /// A line was entered: the readings still heard fall silent.
    fn line_entered(&mut self, settings: &Settings) -> io::Result<()> {
        if let Some(thread) = &self.thread
            && !thread.silence_readings()
        {
            self.lost(settings)?;
        }
        Ok(())
    }
}

impl<W: Write> Subscriber for SpeechSink<'_, W> {
    fn notify(&mut self, settings: &Settings, events: &[Event]) -> io::Result<()> {
        self.notify_entered(settings, events, &[])
    }

    /// Each line's answer in turn, the line first silencing what is left
    /// of the readings before it, as a key silences a screen reader; the
    /// news before it is heard whole.
    fn notify_entered(
        &mut self,
        settings: &Settings,
        events: &[Event],
        entered: &[usize],
    ) -> io::Result<()> {
        for event in events {
            match event {
                Event::Session(SessionEvent::SettingChanged(Setting::Speech(SpeechMode::On))) => {
                    self.start(settings)?
                }
                Event::Session(SessionEvent::SettingChanged(Setting::Speech(_))) => {
                    if let Some(thread) = &self.thread
                        && !thread.stop()
                    {
                        self.lost(settings)?;
                    }
                }
                _ => {}
            }
        }
        if settings.speech != SpeechMode::On {
            return Ok(());
        }
        let mut from = 0;
        for &line in entered {
            // Out of order or past the end would be a caller's slip, not
            // a reason to panic mid-game.
            let line = line.clamp(from, events.len());
            self.say(settings, &events[from..line])?;
            self.line_entered(settings)?;
            from = line;
        }
        self.say(settings, &events[from..])
    }
}

/// Whether an event tells what happened in the game (a move, its end,
/// an offer, the game on lichess, a clock alarm): a player must hear it
/// whole. The flag falling is the game's end.
fn is_news(event: &Event) -> bool {
    matches!(
        event,
        Event::Game(_) | Event::Online(_) | Event::Clock(ClockEvent::Alarm(_))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::speech::tests::{heard, settings, speaks};
    use crate::io::speech::{Call, RecordingBackend, SpeechBackend};
    use crate::rules::Game;
    use crate::session::{Input, Session};
    use crate::settings::{Lang, Style};

    /// A session whose answers go to a recording backend through the
    /// real speech thread; returns the calls after every line was said.
    fn run(settings: Settings, lines: &[&str]) -> (Vec<Call>, Vec<u8>) {
        run_on(RecordingBackend::default(), settings, lines)
    }

    /// [`run`] on a backend of the test's making.
    fn run_on(
        backend: RecordingBackend,
        settings: Settings,
        lines: &[&str],
    ) -> (Vec<Call>, Vec<u8>) {
        let announcer = Announcer::new();
        let calls = Arc::clone(&backend.calls);
        // A recording that plays busy never falls silent: waiting for it
        // would take the whole bound, and the wait is only there so that
        // each line is handed over before the next.
        let bound = if backend.busy {
            Duration::from_millis(10)
        } else {
            Duration::from_secs(5)
        };
        let factory: BackendFactory =
            Arc::new(move || Ok(Box::new(backend.clone()) as Box<dyn SpeechBackend>));
        let mut notices = Vec::new();
        {
            let mut sink = SpeechSink::new(&announcer, &mut notices, factory);
            sink.start(&settings).expect("notices written");
            let mut session = Session::new(Game::new(), settings);
            for line in lines {
                let events = session
                    .step(Input::Line(line.to_string()), std::time::Instant::now())
                    .events;
                // Each a line the player entered, as the loop tells it.
                sink.notify_entered(session.settings(), &events, &[0])
                    .expect("notices written");
                // One line at a time, as a person types: no answer may
                // go stale here.
                sink.finish(bound);
            }
        }
        let calls = calls.lock().map(|c| c.clone()).unwrap_or_default();
        (calls, notices)
    }

    #[test]
    fn a_move_never_interrupts_and_a_line_cuts_a_reading() {
        let (calls, notices) = run(settings(Lang::De), &["e4", "e5", "brett", "e4?"]);
        assert!(notices.is_empty());
        let heard = heard(&calls);
        assert_eq!(
            heard[..2],
            [
                Call::Speak("1. Weiß: Bauer Eva vier".into(), Kind::News),
                Call::Speak("1. Schwarz: Bauer Eva fünf".into(), Kind::News),
            ]
        );
        // Nothing cuts the moves; the board is read after them and cut
        // off by the next line (the recording service is never busy, so
        // with its one queue a stop cuts no news here).
        let stop = heard.iter().position(|c| *c == Call::Stop);
        assert_eq!(stop, Some(heard.len() - 2), "{heard:?}");
        assert!(
            heard[2..heard.len() - 2]
                .iter()
                .all(|c| matches!(c, Call::Speak(_, Kind::Reading))),
            "{heard:?}"
        );
        let square = Call::Speak("Eva vier: weißer Bauer.".into(), Kind::Reading);
        assert_eq!(heard.last(), Some(&square), "{heard:?}");
    }

    /// A service that keeps readings apart (Speech Dispatcher) and is
    /// still speaking all the while.
    fn apart_and_busy() -> RecordingBackend {
        RecordingBackend {
            readings_apart: true,
            busy: true,
            ..RecordingBackend::default()
        }
    }

    #[test]
    fn a_newer_reading_silences_the_older_but_never_news() {
        let (calls, _) = run_on(
            apart_and_busy(),
            settings(Lang::En),
            &["e4", "board", "e5?"],
        );
        let heard = heard(&calls);
        // The move may still be heard: only the board's connection is
        // cancelled, never with a stop.
        assert!(!heard.contains(&Call::Stop), "{heard:?}");
        let silenced = heard.iter().position(|c| *c == Call::SilenceReadings);
        assert_eq!(silenced, Some(heard.len() - 2), "{heard:?}");
        assert!(matches!(&heard[0], Call::Speak(_, Kind::News)), "{heard:?}");
    }

    #[test]
    fn a_line_entered_silences_an_unfinished_reading_but_not_a_move() {
        let (calls, _) = run_on(apart_and_busy(), settings(Lang::De), &["e4", "brett", "e5"]);
        let heard = heard(&calls);
        let e4 = Call::Speak("1. Weiß: Bauer Eva vier".into(), Kind::News);
        let e5 = Call::Speak("1. Schwarz: Bauer Eva fünf".into(), Kind::News);
        // The line after the move silences nothing (no reading was out);
        // the line after the board silences the readings alone, never
        // with a stop that would cut the move still being said.
        assert_eq!(heard.first(), Some(&e4), "{heard:?}");
        assert_eq!(
            heard[heard.len() - 2..],
            [Call::SilenceReadings, e5],
            "{heard:?}"
        );
        assert!(
            heard[1..heard.len() - 2]
                .iter()
                .all(|c| matches!(c, Call::Speak(_, Kind::Reading))),
            "{heard:?}"
        );
    }

    #[test]
    fn an_empty_line_silences_a_reading_as_a_key_does() {
        let (calls, _) = run_on(apart_and_busy(), settings(Lang::En), &["board", ""]);
        assert_eq!(heard(&calls).last(), Some(&Call::SilenceReadings));
    }

    #[test]
    fn lines_told_together_are_said_line_by_line() {
        let backend = apart_and_busy();
        let calls = Arc::clone(&backend.calls);
        let factory: BackendFactory =
            Arc::new(move || Ok(Box::new(backend.clone()) as Box<dyn SpeechBackend>));
        let announcer = Announcer::new();
        let mut notices = Vec::new();
        let settings = settings(Lang::En);
        let mut sink = SpeechSink::new(&announcer, &mut notices, factory);
        sink.start(&settings).expect("notices written");
        // As the loop tells a pipe's batch: `board` and `e4` at once.
        let mut session = Session::new(Game::new(), settings.clone());
        let now = std::time::Instant::now();
        let mut events = session.step(Input::Line("board".into()), now).events;
        let e4_at = events.len();
        events.extend(session.step(Input::Line("e4".into()), now).events);
        sink.notify_entered(session.settings(), &events, &[0, e4_at])
            .expect("notices written");
        // Everything handed over; the busy recording never falls silent.
        sink.finish(Duration::from_millis(10));
        let heard = heard(&calls.lock().map(|c| c.clone()).unwrap_or_default());
        // The board, if it got out before the move's line came, is
        // silenced before the move; the move is news, not read with it.
        let e4 = heard
            .iter()
            .position(|c| matches!(c, Call::Speak(_, Kind::News)));
        let e4 = e4.unwrap_or_else(|| panic!("the move is said: {heard:?}"));
        let board = &heard[..e4];
        assert!(
            board.is_empty() || board.last() == Some(&Call::SilenceReadings),
            "{heard:?}"
        );
        assert!(!heard.contains(&Call::Stop), "{heard:?}");
    }

    #[test]
    fn with_one_queue_a_reading_is_cut_only_once_the_news_before_it_is_heard() {
        // Each run its own recording (a clone would share the calls).
        let one_queue = || RecordingBackend {
            busy: true,
            ..RecordingBackend::default()
        };
        // The move may still be waiting in the service's one queue, so
        // the board after it must not be stopped.
        let (calls, _) = run_on(one_queue(), settings(Lang::En), &["e4", "board", "e5"]);
        assert!(!heard(&calls).contains(&Call::Stop), "{calls:?}");
        // With no move before it the board is stopped at the next line,
        // just before the move is said.
        let (calls, _) = run_on(one_queue(), settings(Lang::En), &["board", "e4"]);
        let heard = heard(&calls);
        let stop = heard.iter().position(|c| *c == Call::Stop);
        let news = heard
            .iter()
            .position(|c| matches!(c, Call::Speak(_, Kind::News)));
        assert_eq!(stop.map(|at| at + 1), news, "{heard:?}");
    }

    #[test]
    fn repeat_says_the_last_answer_again() {
        let (calls, _) = run(settings(Lang::En), &["e4", "board?", "e4?", "repeat", "r"]);
        let said = speaks(&calls);
        let last = said.len();
        assert!(last >= 4, "{said:?}");
        assert_eq!(said[last - 1], said[last - 2]);
        assert_eq!(
            said[last - 1],
            ("Eva vier: white pawn.".to_string(), Kind::Reading)
        );
    }

    #[test]
    fn fide_move_words_get_a_german_voice_the_rest_the_ui_voice() {
        let (calls, _) = run(settings(Lang::En), &["Nf3", "xyzzy"]);
        let expected = [
            Call::Rate(50),
            Call::Volume(100),
            Call::Voice("English (Great Britain)".into()),
            Call::Speak("1. White:".into(), Kind::News),
            Call::Voice("German".into()),
            Call::Speak("Springer Felix drei".into(), Kind::News),
            Call::Voice("English (Great Britain)".into()),
            Call::Speak(
                "Not understood: xyzzy. Type help for the commands.".into(),
                Kind::Reading,
            ),
        ];
        assert_eq!(calls, expected);
    }

    #[test]
    fn a_service_that_chooses_by_language_gets_languages_not_voices() {
        let backend = RecordingBackend {
            by_language: true,
            ..RecordingBackend::default()
        };
        let listings = Arc::clone(&backend.listings);
        let (calls, _) = run_on(backend, settings(Lang::En), &["Nf3", "xyzzy"]);
        let expected = [
            Call::Rate(50),
            Call::Volume(100),
            Call::Language("en".into()),
            Call::Speak("1. White:".into(), Kind::News),
            Call::Language("de".into()),
            Call::Speak("Springer Felix drei".into(), Kind::News),
            Call::Language("en".into()),
            Call::Speak(
                "Not understood: xyzzy. Type help for the commands.".into(),
                Kind::Reading,
            ),
        ];
        assert_eq!(calls, expected);
        assert_eq!(listings.load(std::sync::atomic::Ordering::SeqCst), 0);
    }

    #[test]
    fn history_and_undo_split_the_languages_too() {
        let (calls, _) = run(settings(Lang::En), &["e4", "e5", "history", "undo"]);
        let said = speaks(&calls);
        let tail: Vec<(&str, Kind)> = said[said.len() - 6..]
            .iter()
            .map(|(t, kind)| (t.as_str(), *kind))
            .collect();
        // Separators between the parts are no words and are dropped; a
        // move taken back is news of the game.
        assert_eq!(
            tail,
            [
                ("1. White:", Kind::Reading),
                ("Bauer Eva vier", Kind::Reading),
                ("Black:", Kind::Reading),
                ("Bauer Eva fünf", Kind::Reading),
                ("Taken back:", Kind::News),
                ("Bauer Eva fünf", Kind::News),
            ]
        );
    }

    /// What is said, one string per spoken part.
    fn said(lang: Lang, lines: &[&str]) -> Vec<String> {
        let (calls, _) = run(settings(lang), lines);
        speaks(&calls).into_iter().map(|(t, _)| t).collect()
    }

    #[test]
    fn results_are_said_in_words_not_read_as_signs() {
        let mate = ["f3", "e5", "g4", "Dh4"];
        let draw = ["e4", "draw", "accept"];
        let cases = [
            (Lang::En, &mate[..], "zero to one"),
            (Lang::De, &mate[..], "null zu eins"),
            (Lang::Et, &mate[..], "null üks"),
            (Lang::En, &draw[..], "half a point each"),
            (Lang::De, &draw[..], "ein halber Punkt für jeden"),
            (Lang::Et, &draw[..], "pool punkti kummalegi"),
        ];
        for (lang, lines, words) in cases {
            let said = said(lang, lines);
            let over = said.last().cloned().unwrap_or_default();
            assert!(over.contains(words), "{lang:?}: {said:?}");
            assert!(
                said.iter().all(|t| !t.contains("-1") && !t.contains("1-")),
                "{lang:?}: {said:?}"
            );
        }
    }

    #[test]
    fn san_style_speaks_everything_in_the_ui_language() {
        let mut s = settings(Lang::En);
        s.style = Style::San;
        let (calls, _) = run(s, &["Nf3"]);
        assert!(calls.contains(&Call::Speak("1. White: Nf3".into(), Kind::News)));
        assert!(!calls.contains(&Call::Voice("German".into())));
    }

    #[test]
    fn speech_off_and_screenreader_say_nothing() {
        let (calls, _) = run(settings(Lang::En), &["set speech screenreader", "e4"]);
        assert!(calls.contains(&Call::Stop));
        assert!(!speaks(&calls).iter().any(|(t, _)| t.contains("Eva")));
    }

    #[test]
    fn ctrl_c_at_the_prompt_silences_speech_at_once() {
        let backend = RecordingBackend::default();
        let calls = Arc::clone(&backend.calls);
        let factory: BackendFactory =
            Arc::new(move || Ok(Box::new(backend.clone()) as Box<dyn SpeechBackend>));
        let announcer = Announcer::new();
        let mut notices = Vec::new();
        let mut sink = SpeechSink::new(&announcer, &mut notices, factory);
        // Taken before speech starts, as the terminal takes it.
        let hush = sink.hush();
        sink.start(&settings(Lang::En)).expect("notices written");
        hush.now();
        sink.finish(Duration::from_secs(5));
        let calls = calls.lock().map(|c| c.clone()).unwrap_or_default();
        assert_eq!(calls, [Call::Stop]);
    }

    #[test]
    fn a_clock_alarm_is_news_and_the_clock_read_out_is_not() {
        let side = crate::event::SideTime {
            who: crate::event::Who::You,
            left: Duration::from_secs(30),
        };
        assert!(is_news(&Event::Clock(ClockEvent::Alarm(side))));
        let report = crate::event::ClockReport {
            sides: vec![side],
            moves_to_control: None,
            paused: false,
        };
        assert!(!is_news(&Event::Clock(ClockEvent::Report(report))));
    }

    #[test]
    fn a_backend_that_cannot_start_is_reported_once() {
        let announcer = Announcer::new();
        let factory: BackendFactory = Arc::new(|| {
            Err(super::super::SpeechError::Unreachable(
                "no service".to_string(),
            ))
        });
        let mut notices = Vec::new();
        let s = settings(Lang::En);
        {
            let mut sink = SpeechSink::new(&announcer, &mut notices, factory);
            sink.start(&s).expect("written");
            sink.notify(&s, &[Event::Refusal(crate::event::Refused::NothingToUndo)])
                .expect("written");
            assert!(!sink.is_running());
        }
        let text = String::from_utf8(notices).expect("utf-8");
        assert_eq!(
            text,
            "No speech service answered; annabella continues without speech.\n"
        );
    }
}
