//! What is spoken for an event, and in which voice: the `fide` style's
//! German move words in a German voice, the rest in the UI language.

use super::{Announcer, Phrasing};
use crate::event::{
    Answer, Compared, DualEvent, Event, Explained, GameEvent, OnlineEvent, PromptEvent, Question,
    Refused, ReplayEvent, SessionEvent,
};
use crate::input::Suggestion;
use crate::rules::MoveFacts;
use crate::settings::{Lang, Settings, Style};

/// A notice about the outputs themselves, said once.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// No speech service answered; annabella goes on in text.
    SpeechUnavailable,
    /// Speech worked but stopped; annabella goes on in text.
    SpeechLost,
    /// No audio device; annabella goes on without sound cues.
    SoundUnavailable,
}

/// One piece of speech in one language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spoken {
    /// What to say.
    pub text: String,
    /// The language to say it in (the voice).
    pub lang: Lang,
}

impl Announcer {
    /// The text of a notice.
    pub fn notice(&self, settings: &Settings, notice: Notice) -> String {
        let id = match notice {
            Notice::SpeechUnavailable => "notice-speech-unavailable",
            Notice::SpeechLost => "notice-speech-lost",
            Notice::SoundUnavailable => "notice-sound-unavailable",
        };
        self.message(settings.lang, id, &[])
    }

    /// What to say for an event, split by language: in the `fide` style
    /// the move words are German in every UI language, so a German voice
    /// says them and the voice of the UI language says the rest. FEN and
    /// PGN are for reading, not for listening, and are not spoken.
    pub fn spoken(&self, settings: &Settings, event: &Event) -> Vec<Spoken> {
        self.spoken_with(Phrasing::of(settings), event)
    }

    fn spoken_with(&self, p: Phrasing, event: &Event) -> Vec<Spoken> {
        let ui = p.lang;
        if let Event::Session(SessionEvent::Repeated(events)) = event {
            return events.iter().flat_map(|e| self.spoken_with(p, e)).collect();
        }
        if let Event::Answer(Answer::Fen(_) | Answer::Pgn(_)) = event {
            return Vec::new();
        }
        let lines = self.render_with(p, event);
        let german = if p.style == Style::Fide && ui != Lang::De {
            self.german_words(p, event)
        } else {
            Vec::new()
        };
        let mut out = Vec::new();
        for line in lines {
            split_languages(&self.results_said(ui, &line), &german, ui, &mut out);
        }
        out
    }

    /// `line` with every result (`1-0`, `0-1`, `1/2-1/2`) in words: a
    /// synthesiser reads the signs one by one ("one slash two dash…").
    fn results_said(&self, ui: Lang, line: &str) -> String {
        let mut said = String::with_capacity(line.len());
        let mut rest = line;
        while let Some((at, result, id)) = next_result(rest) {
            said.push_str(&rest[..at]);
            said.push_str(&self.message(ui, id, &[]));
            rest = &rest[at + result.len()..];
        }
        said.push_str(rest);
        said
    }

    /// The German move words an event's text contains.
    #[expect(
        clippy::wildcard_enum_match_arm,
        reason = "most events hold no move; the text of one that does is still \
                  said, in the voice of the UI language, so nothing goes unsaid"
    )]
    fn german_words(&self, p: Phrasing, event: &Event) -> Vec<String> {
        match event {
            Event::Game(GameEvent::Moved(f) | GameEvent::Undone(f))
            | Event::Replay(ReplayEvent::Shown(f) | ReplayEvent::Back(f))
            | Event::Answer(Answer::Last(Some(f))) => vec![self.move_words(p, f)],
            Event::Answer(Answer::History(moves)) => {
                moves.iter().map(|f| self.move_words(p, f)).collect()
            }
            Event::Refusal(Refused::NotUnderstood {
                suggestion: Some(Suggestion::Move(f)),
                ..
            }) => vec![self.move_words(p.short(), f)],
            Event::Dual(
                DualEvent::Corrected(f) | DualEvent::RepeatFirst(f) | DualEvent::RepeatOwed(f),
            ) => {
                vec![self.move_words(p.full(), f)]
            }
            Event::Prompt(PromptEvent::Ask(Question::ConfirmOwn(f) | Question::HeardMove(f))) => {
                vec![self.move_words(p.short(), f)]
            }
            Event::Prompt(PromptEvent::Ask(Question::Either(moves))) => moves
                .iter()
                .map(|f| self.move_words(p.short(), f))
                .collect(),
            Event::Dual(DualEvent::Compared(c)) => self.explained_words(p, c),
            Event::Dual(DualEvent::SheetNoted(moves)) => moves
                .iter()
                .map(|f| self.move_words(p.short(), f))
                .collect(),
            Event::Online(OnlineEvent::MoveRejected { facts, .. }) => {
                vec![self.move_words(p.full(), facts)]
            }
            Event::Dual(DualEvent::Sheet(report)) => report
                .first
                .iter()
                .flat_map(|d| d.sheets.iter().chain([&d.game]))
                .flatten()
                .map(|f| self.move_words(p.short(), f))
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// Cuts `line` into pieces in the UI language and pieces that are one of
/// the `german` phrases; pieces without a letter or digit are dropped.
fn split_languages(line: &str, german: &[String], ui: Lang, out: &mut Vec<Spoken>) {
    let mut push = |text: &str, lang: Lang| {
        // A separator left at the start of a piece ("; Black:") is no
        // word to say.
        let text = text.trim().trim_start_matches([',', ';']).trim_start();
        if text.chars().any(char::is_alphanumeric) {
            out.push(Spoken {
                text: text.to_string(),
                lang,
            });
        }
    };
    let mut rest = line;
    loop {
        let next = german
            .iter()
            .filter(|w| !w.is_empty())
            .filter_map(|w| rest.find(w.as_str()).map(|at| (at, w.len())))
            .min();
        match next {
            Some((at, len)) => {
                push(&rest[..at], ui);
                push(&rest[at..at + len], Lang::De);
                rest = &rest[at + len..];
            }
            None => {
                push(rest, ui);
                break;
            }
        }
    }
}

/// The first result standing alone in `text` (not part of a longer
/// number): where it starts, its notation and the message that says it.
fn next_result(text: &str) -> Option<(usize, &'static str, &'static str)> {
    const RESULTS: [(&str, &str); 3] = [
        ("1/2-1/2", "result-said-draw"),
        ("1-0", "result-said-white"),
        ("0-1", "result-said-black"),
    ];
    let alone = |at: usize, len: usize| {
        let before = text[..at].chars().next_back();
        let after = text[at + len..].chars().next();
        let joins = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit() || "/-".contains(c));
        !joins(before) && !joins(after)
    };
    RESULTS
        .iter()
        .flat_map(|&(result, id)| {
            text.match_indices(result)
                .find(|&(at, _)| alone(at, result.len()))
                .map(|(at, _)| (at, result, id))
        })
        .min_by_key(|&(at, result, _)| (at, std::cmp::Reverse(result.len())))
}

impl Announcer {
    /// The German move words of a comparison's explanation.
    fn explained_words(&self, p: Phrasing, compared: &Compared) -> Vec<String> {
        let moves: Vec<&MoveFacts> = match &compared.explanation {
            Some(Explained::NotMade(moves)) => moves.iter().collect(),
            Some(Explained::WrongMove { made, played }) => vec![made, played],
            Some(Explained::CaptureNotRemoved { capture, .. }) => vec![capture],
            Some(Explained::ExtraMove(made)) => vec![made],
            None => Vec::new(),
        };
        moves
            .into_iter()
            .map(|f| self.move_words(p.short(), f))
            .collect()
    }
}
