//! The voice room: what the recogniser is told to listen for, and what
//! becomes of what it heard. The listening thread decides what an
//! utterance means against the moment it scored ([`Moment`], numbered
//! here); the room weighs that meaning against the open question and
//! says what the session is to do with it ([`Heed`]), without reading
//! the words again — unless the moment has gone by (the position
//! changed while the player spoke), when the words are read against
//! the game now.
//!
//! A heard move is read back as a question ("Springer Felix drei?") and
//! played on yes or Enter, dropped on no (setting `listenconfirm`; time
//! trouble waives it as it waives confirming a typed move); a move heard
//! while one is read back is read back in its place, never taken as the
//! answer. Moves too close to tell apart are asked back together
//! ("Springer Felix drei oder Springer Gustav drei?"). A heard command
//! that only reads runs at once, any other is read back first. Talk,
//! noise and words too unsure are one line: not understood, and how to
//! be understood.
//!
//! "Heard: …" is shown only where the words pass on as they were heard
//! (to an open question, or as a command that runs at once): there
//! nothing else tells the player what the recogniser took. A move or a
//! command read back, asked about or played is named by what follows.

use shakmaty::{Move, Square};

use crate::event::{Event, Heard, Meaning, PromptEvent, SessionEvent, VoiceEvent};
use crate::input::commands::Command;
use crate::input::grammar::{Answers, Moment};
use crate::input::vocab::{Letters, NO, fold};
use crate::input::{Line, Pick, Resolution, parse_answer_with, read_line, resolve_for};
use crate::rules::{Game, MoveFacts};
use crate::settings::{Lang, ListenConfirm, Microphone, Setting};

use super::Prompt;
use super::step::{Effect, VoiceNews};

/// Below this confidence a heard move is read back with
/// `listenconfirm auto`.
pub const SURE_FROM: f32 = 0.85;

/// What the session has told the recogniser, and what it asked of it.
#[derive(Clone, Debug, Default)]
pub(super) struct VoiceRoom {
    /// The moment last sent, or `None` while not listening.
    sent: Option<Sent>,
    /// The serial of the last moment numbered (they never repeat).
    serial: u64,
    /// Voice input failed: not asked for again until `listen` is said.
    failed: bool,
    /// The player said `listen`: whether annabella listens is said when
    /// the loop answers, as it knows (one sentence: listening, or why
    /// not), and the setting is turned on only then.
    asked: bool,
    /// `set microphone NAME` waits for the list of microphones, to take
    /// the name only if one is called so.
    microphone: Option<String>,
}

/// A moment sent: what it listens for, and its number.
#[derive(Clone, Debug)]
struct Sent {
    /// The position (FEN), what the question takes, the UI language.
    key: (String, Answers, Lang),
    serial: u64,
}

/// What the room needs of the session to weigh what was heard.
pub(super) struct Scene<'a> {
    /// The game now.
    pub game: &'a Game,
    /// The UI language.
    pub lang: Lang,
    /// The open question, as far as voice input cares.
    pub asking: Asking<'a>,
    /// What the open question takes (for words read again).
    pub answers: Answers,
    /// The setting `listenconfirm`.
    pub confirm: ListenConfirm,
    /// Time trouble waives reading back.
    pub waived: bool,
    /// A game is replayed: a move is refused, not read back.
    pub replaying: bool,
}

/// The open question, as voice input sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Asking<'a> {
    /// None.
    Nothing,
    /// A heard move read back.
    ReadBack,
    /// Which of these heard moves.
    Either(&'a [Move]),
    /// Another question, or an offer at the start: the words answer it.
    Other,
}

/// What the session is to do with what was heard.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Heed {
    /// Nothing: listening had stopped, the player no longer expects it.
    Ignore,
    /// Only say these; nothing changes.
    Say(Vec<Event>),
    /// Read the move back before it is played.
    ReadBack(Move),
    /// Play the move as one the player entered.
    Play(Move),
    /// Ask which of these moves was meant.
    AskEither(Vec<Move>),
    /// The move chosen of those asked about: played.
    Chosen(Move),
    /// Read the command back before it runs.
    AskCommand(Line, Command),
    /// The words go to the open question; what they are if they answer
    /// none runs (shown first, when it is shown).
    Pass {
        /// "Heard: …", when shown.
        shown: Option<Event>,
        /// The words, for the open question.
        words: String,
        /// What runs if they answer nothing.
        act: Act,
    },
}

/// What runs of heard words that answer no question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Act {
    /// A line read (a command, a move that needs a question of its own).
    Line(Line),
    /// One move, played as one typed.
    Move(Move),
    /// One move, read back first.
    ReadBack(Move),
}

impl VoiceRoom {
    /// Whether annabella listens (for `status`).
    pub(super) fn listening(&self) -> bool {
        self.sent.is_some()
    }

    /// What is to become of `heard` in `scene`.
    pub(super) fn heed(&self, heard: Heard, scene: &Scene<'_>) -> Heed {
        let Some(sent) = &self.sent else {
            return Heed::Ignore;
        };
        let heard = if heard.moment == sent.serial {
            heard
        } else {
            // The one case the words are read again: they were heard
            // against a position or question gone by (the engine moved,
            // a question lapsed while the player spoke), so what they
            // meant then may be no move, or another one, now.
            let now = Moment {
                game: scene.game.clone(),
                answers: scene.answers.clone(),
                lang: scene.lang,
                serial: sent.serial,
            };
            Heard::read(&heard.words, heard.confidence, &now)
        };
        match scene.asking {
            Asking::Nothing => heed_free(heard, scene),
            Asking::ReadBack => heed_read_back(heard),
            Asking::Either(moves) => heed_either(heard, moves, (scene.game, scene.lang)),
            Asking::Other => {
                // A move that answers no other question is read back as
                // one heard with no question open would be.
                let read_back = reads_back(scene, heard.confidence);
                let act = |mv| {
                    if read_back {
                        Act::ReadBack(mv)
                    } else {
                        Act::Move(mv)
                    }
                };
                match heard.meaning {
                    Meaning::Nothing => not_understood(),
                    Meaning::Move(mv) => pass(&heard.words, act(mv)),
                    // Several moves asked about over another question:
                    // that question first, with the best of them as words.
                    Meaning::Either(moves) => match moves.first() {
                        Some(&mv) => pass(&heard.words, act(mv)),
                        None => not_understood(),
                    },
                    Meaning::Line(line) => pass(&heard.words, Act::Line(line)),
                }
            }
        }
    }

    /// The effect that tells the recogniser what to listen for: a moment
    /// numbered afresh when what it listens for changed, the same one
    /// again after an utterance (the thread of today waits for it), none
    /// when nothing changed; `Listen(None)` once listening is no longer
    /// wanted.
    pub(super) fn moment(
        &mut self,
        wanted: bool,
        (game, answers, lang): (&Game, Answers, Lang),
        after_heard: bool,
    ) -> Option<Effect> {
        let wanted = (wanted || self.asked) && !self.failed;
        if !wanted {
            return self.sent.take().map(|_| Effect::Listen(None));
        }
        let key = (game.fen(), answers.clone(), lang);
        let serial = match &self.sent {
            Some(sent) if sent.key == key && !after_heard => return None,
            Some(sent) if sent.key == key => sent.serial,
            _ => {
                self.serial += 1;
                self.serial
            }
        };
        self.sent = Some(Sent { key, serial });
        Some(Effect::Listen(Some(Box::new(Moment {
            game: game.clone(),
            answers,
            lang,
            serial,
        }))))
    }

    /// News of voice input: what is said, and the setting to change.
    pub(super) fn news(
        &mut self,
        news: VoiceNews,
        (listen, chosen): (bool, Option<&str>),
    ) -> (Vec<Event>, Option<Setting>) {
        match news {
            VoiceNews::Listening => {
                if !std::mem::take(&mut self.asked) {
                    return (Vec::new(), None);
                }
                // "Listening." says that the setting is on now as well.
                let said = SessionEvent::Voice(VoiceEvent::Listening(true)).into();
                (vec![said], Some(Setting::Listen(true)))
            }
            VoiceNews::Unavailable(trouble) => {
                let asked = std::mem::take(&mut self.asked);
                let was = self.sent.take().is_some() || !self.failed;
                self.failed = true;
                // Asked for and failed: a later start does not fail again
                // on the setting left on.
                let off = (asked && listen).then_some(Setting::Listen(false));
                let said = (asked || was)
                    .then(|| SessionEvent::Voice(VoiceEvent::Unavailable(trouble)).into());
                (said.into_iter().collect(), off)
            }
            VoiceNews::Microphones(names) => match self.microphone.take() {
                Some(name) if names_one(&names, &name) => (
                    Vec::new(),
                    Some(Setting::Microphone(Microphone(Some(name)))),
                ),
                Some(name) => {
                    let said = VoiceEvent::NoSuchMicrophone { name, names };
                    (vec![SessionEvent::Voice(said).into()], None)
                }
                None => {
                    let chosen = chosen.map(str::to_string);
                    let said = VoiceEvent::Microphones { names, chosen };
                    (vec![SessionEvent::Voice(said).into()], None)
                }
            },
        }
    }

    /// `listen`, `listen on`, `listen off` (and `set listen`). Alone it
    /// switches whether annabella listens. One sentence says what became
    /// of it (the setting follows): on, nothing is said until the loop
    /// answers whether the recogniser listens, or why it cannot.
    pub(super) fn listen_command(&mut self, on: Option<bool>) -> (Vec<Event>, Option<Setting>) {
        let on = on.unwrap_or(!self.listening());
        let said = |on| vec![SessionEvent::Voice(VoiceEvent::Listening(on)).into()];
        if !on {
            self.asked = false;
            return (said(false), Some(Setting::Listen(false)));
        }
        if self.listening() {
            return (said(true), None);
        }
        // Said again: voice input is tried again.
        self.failed = false;
        self.asked = true;
        (Vec::new(), None)
    }

    /// `set microphone NAME`: the name waits for the list of microphones.
    pub(super) fn wait_for_microphone(&mut self, name: String) {
        self.microphone = Some(name);
    }
}

/// What the open question takes, for the grammar.
pub(super) fn answers(prompt: Option<&Prompt>, offering: bool) -> Answers {
    if offering {
        return Answers::YesNo;
    }
    match prompt {
        None | Some(Prompt::Sheet { .. } | Prompt::Drill | Prompt::Quiz { .. }) => Answers::Nothing,
        Some(
            Prompt::ConfirmOwn { .. }
            | Prompt::HeardCommand { .. }
            | Prompt::Restore { .. }
            | Prompt::Replace(_)
            | Prompt::Repeat { .. },
        ) => Answers::YesNo,
        Some(Prompt::Either { moves, .. }) => Answers::Either(moves.clone()),
        Some(Prompt::Promotion { .. }) => Answers::Promotion,
        Some(Prompt::Which { moves, .. }) => {
            Answers::Which(moves.iter().filter_map(|m| m.from()).collect())
        }
    }
}

/// The question which of `moves`, as the player hears it.
pub(super) fn either_prompt(game: &Game, moves: Vec<Move>) -> Prompt {
    let facts = moves
        .iter()
        .map(|&mv| MoveFacts::of_move(game.position(), mv))
        .collect();
    Prompt::Either { moves, facts }
}

/// What became of a line said or typed to "this move or that one?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum EitherAnswer {
    /// One of the moves, in any form the input takes (also the part
    /// that tells them apart: "Gustav").
    Chosen(Move),
    /// No: none of them.
    Dropped,
    /// A move that is none of them: the question stands.
    NotAmong,
    /// Something else (a command, a typo), as with any question.
    Other,
}

/// `line` as the answer to which of `moves`.
pub(super) fn either_answer(
    game: &Game,
    lang: Lang,
    hot_seat: bool,
    moves: &[Move],
    line: &str,
) -> EitherAnswer {
    let folded = fold(line.trim());
    if !folded.is_empty() && NO.contains_folded(&folded) {
        return EitherAnswer::Dropped;
    }
    if line.trim_end().ends_with('?') {
        return EitherAnswer::Other;
    }
    // The part that tells them apart ("Hektor drei", "h3"), before it
    // is read as a move of its own (a pawn's).
    let letters: Letters = lang.into();
    if let Some(pick) = parse_answer_with(line, true, letters).filter(|p| p.piece.is_none())
        && let Some(mv) = told_apart(moves, &pick)
    {
        return EitherAnswer::Chosen(mv);
    }
    match read_line(line, lang, game) {
        Line::Move(reading) => match resolve_for(game, &reading.intents, true, hot_seat) {
            Resolution::Move(mv) if moves.contains(&mv) => EitherAnswer::Chosen(mv),
            Resolution::Ambiguous(fits) | Resolution::Promotion(fits) => {
                one_of(moves, fits.iter().filter(|m| moves.contains(m)).copied())
            }
            _ => EitherAnswer::NotAmong,
        },
        _ => EitherAnswer::Other,
    }
}

/// The one of `moves` whose target square (else origin) `pick` names.
fn told_apart(moves: &[Move], pick: &Pick) -> Option<Move> {
    let names = |sq: Square| {
        pick.file.is_none_or(|f| sq.file() == f) && pick.rank.is_none_or(|r| sq.rank() == r)
    };
    let to = one_of(moves, moves.iter().filter(|m| names(m.to())).copied());
    let from = one_of(
        moves,
        moves
            .iter()
            .filter(|m| m.from().is_some_and(names))
            .copied(),
    );
    match (to, from) {
        (EitherAnswer::Chosen(mv), _) | (_, EitherAnswer::Chosen(mv)) => Some(mv),
        _ => None,
    }
}

/// The one move of `fits`, or the question stands.
fn one_of(moves: &[Move], mut fits: impl Iterator<Item = Move>) -> EitherAnswer {
    match (fits.next(), fits.next()) {
        (Some(mv), None) if moves.contains(&mv) => EitherAnswer::Chosen(mv),
        _ => EitherAnswer::NotAmong,
    }
}

/// Heard with no question open.
fn heed_free(heard: Heard, scene: &Scene<'_>) -> Heed {
    match heard.meaning {
        Meaning::Nothing => not_understood(),
        // A replayed game refuses the move as a typed one.
        Meaning::Move(mv) if scene.replaying => Heed::Play(mv),
        Meaning::Move(mv) if reads_back(scene, heard.confidence) => Heed::ReadBack(mv),
        Meaning::Move(mv) => Heed::Play(mv),
        Meaning::Either(moves) => either(moves),
        // Words that are nothing the game takes are talk, as far as the
        // player is concerned: one line, not "Heard: …" and a refusal.
        Meaning::Line(Line::NotUnderstood { .. } | Line::Empty) => not_understood(),
        Meaning::Line(Line::Command(cmd)) if !cmd.command().entry().read_only => {
            let command = cmd.command();
            Heed::AskCommand(Line::Command(cmd), command)
        }
        Meaning::Line(line) => Heed::Pass {
            shown: Some(shown(&heard.words)),
            words: heard.words,
            act: Act::Line(line),
        },
    }
}

/// Heard while a heard move is read back: a move is never its answer
/// (a misheard move said again would be played unasked), it is read
/// back in its place.
fn heed_read_back(heard: Heard) -> Heed {
    match heard.meaning {
        Meaning::Nothing => not_understood(),
        Meaning::Move(mv) => Heed::ReadBack(mv),
        Meaning::Either(moves) => either(moves),
        Meaning::Line(line) => pass(&heard.words, Act::Line(line)),
    }
}

/// Heard while "this move or that one?" is open.
fn heed_either(heard: Heard, asked: &[Move], (game, lang): (&Game, Lang)) -> Heed {
    match heard.meaning {
        Meaning::Nothing => not_understood(),
        Meaning::Move(mv) if asked.contains(&mv) => Heed::Chosen(mv),
        // Another move may be the words that tell the choices apart
        // ("Hektor drei" is a pawn's move too); else it keeps the
        // question, as a move typed that is none of the choices does.
        Meaning::Move(_) => {
            if let EitherAnswer::Chosen(mv) = either_answer(game, lang, true, asked, &heard.words) {
                return Heed::Chosen(mv);
            }
            let question = either_prompt(game, asked.to_vec()).question();
            Heed::Say(vec![PromptEvent::NotFitting(question).into()])
        }
        Meaning::Either(moves) => either(moves),
        Meaning::Line(line) => pass(&heard.words, Act::Line(line)),
    }
}

fn either(mut moves: Vec<Move>) -> Heed {
    moves.dedup();
    match moves[..] {
        [] => not_understood(),
        [mv] => Heed::ReadBack(mv),
        _ => Heed::AskEither(moves),
    }
}

/// The words to the open question, shown as heard.
fn pass(words: &str, act: Act) -> Heed {
    Heed::Pass {
        shown: Some(shown(words)),
        words: words.to_string(),
        act,
    }
}

fn not_understood() -> Heed {
    Heed::Say(vec![SessionEvent::Voice(VoiceEvent::NotUnderstood).into()])
}

/// Whether a heard move is read back before it is played.
fn reads_back(scene: &Scene<'_>, confidence: f32) -> bool {
    let asked = match scene.confirm {
        ListenConfirm::On => true,
        ListenConfirm::Off => false,
        ListenConfirm::Auto => confidence < SURE_FROM,
    };
    asked && !scene.waived
}

/// "Heard: …", each word in its spelling in the vocabularies
/// ("Springer Felix drei", "Läufer").
fn shown(words: &str) -> Event {
    let words = words
        .split_whitespace()
        .map(|w| crate::input::vocab::display(w).map_or_else(|| w.to_string(), str::to_string))
        .collect::<Vec<_>>()
        .join(" ");
    SessionEvent::Voice(VoiceEvent::Heard(words)).into()
}

/// Whether one of `names` is the microphone `wanted` names: the whole
/// name or a part of it, in any case, as the capture looks for it.
fn names_one(names: &[String], wanted: &str) -> bool {
    let wanted = wanted.to_lowercase();
    names.iter().any(|n| n.to_lowercase().contains(&wanted))
}

#[cfg(test)]
mod tests {
    use shakmaty::uci::UciMove;

    use super::*;
    use crate::event::Question;

    fn mv(game: &Game, uci: &str) -> Move {
        let uci: UciMove = uci.parse().expect("uci");
        uci.to_move(game.position()).expect("legal")
    }

    fn scene<'a>(game: &'a Game, asking: Asking<'a>) -> Scene<'a> {
        Scene {
            game,
            lang: Lang::De,
            asking,
            answers: Answers::Nothing,
            confirm: ListenConfirm::On,
            waived: false,
            replaying: false,
        }
    }

    /// The room with `game` sent; the moment's serial.
    fn sent(room: &mut VoiceRoom, game: &Game) -> u64 {
        match room.moment(true, (game, Answers::Nothing, Lang::De), false) {
            Some(Effect::Listen(Some(moment))) => moment.serial,
            other => panic!("no moment sent: {other:?}"),
        }
    }

    fn heard(words: &str, meaning: Meaning, moment: u64) -> Heard {
        Heard {
            words: words.into(),
            meaning,
            confidence: 0.95,
            moment,
        }
    }

    #[test]
    fn a_heard_move_of_the_latest_moment_is_taken_as_it_is_not_read_again() {
        let game = Game::new();
        let mut room = VoiceRoom::default();
        let serial = sent(&mut room, &game);
        // The words would read as Nf3; the meaning the thread decided wins.
        let e4 = mv(&game, "e2e4");
        let said = heard("Springer Felix drei", Meaning::Move(e4), serial);
        assert_eq!(
            room.heed(said, &scene(&game, Asking::Nothing)),
            Heed::ReadBack(e4)
        );
    }

    #[test]
    fn a_heard_move_of_a_moment_gone_by_is_read_again_against_the_game_now() {
        let mut game = Game::new();
        let mut room = VoiceRoom::default();
        let before = sent(&mut room, &game);
        let nf3 = mv(&game, "g1f3");
        game.play(mv(&game, "e2e4")).expect("legal");
        let now = sent(&mut room, &game);
        assert_eq!(now, before + 1, "a new position is a new moment");
        let said = heard("Springer Felix sechs", Meaning::Move(nf3), before);
        assert_eq!(
            room.heed(said, &scene(&game, Asking::Nothing)),
            Heed::ReadBack(mv(&game, "g8f6"))
        );
        // Words that are no move now: not understood, never the old move.
        let said = heard("Bauer Eva vier", Meaning::Move(nf3), before);
        let heed = room.heed(said, &scene(&game, Asking::Nothing));
        assert!(
            !matches!(heed, Heed::ReadBack(_) | Heed::Play(_)),
            "{heed:?}"
        );
    }

    #[test]
    fn the_same_moment_keeps_its_number_and_is_sent_again_only_after_an_utterance() {
        let game = Game::new();
        let mut room = VoiceRoom::default();
        let serial = sent(&mut room, &game);
        let now = (&game, Answers::Nothing, Lang::De);
        assert!(room.moment(true, now.clone(), false).is_none());
        let again = room.moment(true, now.clone(), true);
        assert!(matches!(again, Some(Effect::Listen(Some(m))) if m.serial == serial));
        let asked = room.moment(true, (&game, Answers::YesNo, Lang::De), false);
        assert!(matches!(asked, Some(Effect::Listen(Some(m))) if m.serial == serial + 1));
        assert!(matches!(
            room.moment(false, now, false),
            Some(Effect::Listen(None))
        ));
        let said = heard("ja", Meaning::Nothing, serial);
        assert_eq!(
            room.heed(said, &scene(&game, Asking::Nothing)),
            Heed::Ignore
        );
    }

    #[test]
    fn close_moves_are_asked_back_and_one_alone_is_read_back() {
        let game = Game::new();
        let mut room = VoiceRoom::default();
        let serial = sent(&mut room, &game);
        let (nf3, nh3) = (mv(&game, "g1f3"), mv(&game, "g1h3"));
        let said = heard(
            "Springer Felix drei",
            Meaning::Either(vec![nf3, nh3]),
            serial,
        );
        assert_eq!(
            room.heed(said, &scene(&game, Asking::Nothing)),
            Heed::AskEither(vec![nf3, nh3])
        );
        let said = heard("Springer Felix drei", Meaning::Either(vec![nf3]), serial);
        assert_eq!(
            room.heed(said, &scene(&game, Asking::Nothing)),
            Heed::ReadBack(nf3)
        );
    }

    #[test]
    fn while_close_moves_are_asked_a_heard_answer_does_the_right_thing() {
        let game = Game::new();
        let mut room = VoiceRoom::default();
        let serial = sent(&mut room, &game);
        let asked = [mv(&game, "g1f3"), mv(&game, "g1h3")];
        let asking = scene(&game, Asking::Either(&asked));
        let chosen = heard("Springer Hektor drei", Meaning::Move(asked[1]), serial);
        assert_eq!(room.heed(chosen, &asking), Heed::Chosen(asked[1]));
        // The words that tell them apart, heard as a pawn's move.
        let apart = heard("Hektor drei", Meaning::Move(mv(&game, "h2h3")), serial);
        assert_eq!(room.heed(apart, &asking), Heed::Chosen(asked[1]));
        let other = heard("Bauer Eva vier", Meaning::Move(mv(&game, "e2e4")), serial);
        let question = Question::Either(
            asked
                .iter()
                .map(|&m| MoveFacts::of_move(game.position(), m))
                .collect(),
        );
        assert_eq!(
            room.heed(other, &asking),
            Heed::Say(vec![PromptEvent::NotFitting(question).into()])
        );
        let no = read_line("nein", Lang::De, &game);
        let said = heard("nein", Meaning::Line(no.clone()), serial);
        assert!(matches!(
            room.heed(said, &asking),
            Heed::Pass { words, act: Act::Line(line), .. } if words == "nein" && line == no
        ));
    }

    #[test]
    fn nothing_heard_is_one_line_and_no_heard_line() {
        let game = Game::new();
        let mut room = VoiceRoom::default();
        let serial = sent(&mut room, &game);
        let one = Heed::Say(vec![SessionEvent::Voice(VoiceEvent::NotUnderstood).into()]);
        for asking in [Asking::Nothing, Asking::ReadBack, Asking::Other] {
            let said = heard("David vier", Meaning::Nothing, serial);
            assert_eq!(room.heed(said, &scene(&game, asking)), one, "{asking:?}");
        }
        let talk = read_line("ähm also", Lang::De, &game);
        assert!(matches!(talk, Line::NotUnderstood { .. }), "{talk:?}");
        let said = heard("ähm also", Meaning::Line(talk), serial);
        assert_eq!(room.heed(said, &scene(&game, Asking::Nothing)), one);
    }

    #[test]
    fn a_line_to_which_of_close_moves_chooses_drops_or_keeps_the_question() {
        let game = Game::new();
        let moves = [mv(&game, "g1f3"), mv(&game, "g1h3")];
        let answer = |line: &str| either_answer(&game, Lang::De, true, &moves, line);
        assert_eq!(
            answer("Springer Hektor drei"),
            EitherAnswer::Chosen(moves[1])
        );
        assert_eq!(answer("Nf3"), EitherAnswer::Chosen(moves[0]));
        assert_eq!(answer("Hektor drei"), EitherAnswer::Chosen(moves[1]));
        assert_eq!(answer("nein"), EitherAnswer::Dropped);
        assert_eq!(answer("e4"), EitherAnswer::NotAmong);
        assert_eq!(answer("status"), EitherAnswer::Other);
    }
}
