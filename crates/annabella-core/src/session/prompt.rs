//! The one open question. A move that fits several pieces, or a
//! promotion without its piece, asks; the next line may answer with just
//! the part that tells the choices apart. In confirm mode the player
//! repeats the opponent's move (and confirms their own); a scoresheet may
//! be dictated line by line; `restore` asks before it takes moves back. Reading the board leaves the question
//! standing; a line that is no answer, no command and no move (a typo)
//! leaves it standing too, and it is asked again; a command or a move
//! lets it lapse, except that a repetition and a dictation outlast every
//! line but a command.

use shakmaty::{Move, Role, Square};

use crate::event::{Event, PromptEvent, Question, Replacing};
use crate::input::commands::{Cmd, Command};
use crate::input::vocab::{Letters, castling_side_word, fold, is_answer_lead, is_answer_pronoun};
use crate::input::{
    Line, Pick, Resolution, decide, filter_by_answer, nearest_answer, parse_answer_with,
};
use crate::rules::MoveFacts;

use super::table::Table;

/// A question waiting for its answer, with what answering it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// Which of several pieces the player meant.
    Which {
        /// The moves that fit what was typed.
        moves: Vec<Move>,
        /// The move came with a draw claim (`draw Nf3`).
        claim: bool,
    },
    /// Which piece a pawn becomes.
    Promotion {
        /// The promotion moves (one per piece).
        moves: Vec<Move>,
        /// The move came with a draw claim.
        claim: bool,
    },
    /// Confirm mode: the player repeats the opponent's move, the game's
    /// ply `ply`, before their own move is taken.
    Repeat {
        /// The index of the move to repeat in the game's plies.
        ply: usize,
    },
    /// `confirm own`: the player's move, played once confirmed.
    ConfirmOwn {
        /// The move.
        mv: Move,
        /// It came with a draw claim.
        claim: bool,
        /// The move as it is said.
        facts: MoveFacts,
        /// It was heard, not typed: read back, and Enter says yes.
        heard: bool,
    },
    /// Heard moves too close to tell apart: which one, or none?
    Either {
        /// The moves, best first.
        moves: Vec<Move>,
        /// Each as it is said.
        facts: Vec<MoveFacts>,
    },
    /// A heard command that changes something, read back before it runs.
    HeardCommand {
        /// The line as heard and read.
        line: Line,
        /// Its command.
        command: Command,
    },
    /// A scoresheet dictated line by line, until an empty line or `end`.
    Sheet {
        /// The lines so far.
        lines: Vec<String>,
    },
    /// A file or saved game the player named is there: replace it?
    Replace(Replacing),
    /// `restore`: take the game back to its first `to` half-moves?
    Restore {
        /// The half-moves kept.
        to: usize,
        /// The half-moves the game had when it was asked.
        from: usize,
        /// The move number of the last move kept (`None`: the start).
        number: Option<u32>,
        /// Who played it (at the start: who is to move).
        color: shakmaty::Color,
    },
    /// A drill's question (the drill itself is the training room's).
    Drill,
    /// A question about the game, asked every `quizevery` moves.
    Quiz {
        /// The question.
        question: crate::training::Question,
        /// When it was asked.
        asked: Option<std::time::Instant>,
    },
}

impl Prompt {
    /// The question for moves that all fit a line: which piece, or,
    /// when they differ only in the promotion piece, which promotion.
    pub fn for_moves(moves: Vec<Move>, claim: bool) -> Prompt {
        let same_squares = moves
            .iter()
            .all(|m| m.from() == moves[0].from() && m.to() == moves[0].to());
        if same_squares {
            Prompt::Promotion { moves, claim }
        } else {
            Prompt::Which { moves, claim }
        }
    }

    /// The question as the announcer words it.
    pub fn question(&self) -> Question {
        match self {
            Prompt::Repeat { .. } => Question::Repeat,
            Prompt::Replace(what) => Question::Replace(what.clone()),
            Prompt::Sheet { .. } => Question::Sheet,
            Prompt::Restore {
                to,
                from,
                number,
                color,
            } => Question::Restore {
                count: from.saturating_sub(*to),
                number: *number,
                color: *color,
            },
            // The drill's question is said by the training room, which
            // has it; this is the same one.
            Prompt::Drill => Question::Sheet,
            Prompt::Quiz { question, .. } => Question::Training(*question),
            Prompt::ConfirmOwn {
                facts, heard: true, ..
            } => Question::HeardMove(facts.clone()),
            Prompt::ConfirmOwn { facts, .. } => Question::ConfirmOwn(facts.clone()),
            Prompt::HeardCommand { command, .. } => Question::HeardCommand(*command),
            Prompt::Either { facts, .. } => Question::Either(facts.clone()),
            Prompt::Promotion { moves, .. } => Question::Promotion {
                to: moves.first().map_or(Square::A1, |m| m.to()),
            },
            Prompt::Which { moves, .. } if moves.iter().all(|m| m.is_castle()) => {
                Question::Castling
            }
            Prompt::Which { moves, .. } => {
                let mut pieces: Vec<(Role, Square)> = moves
                    .iter()
                    .filter_map(|m| Some((m.role(), m.from()?)))
                    .collect();
                pieces.sort_by_key(|(_, sq)| (sq.file(), sq.rank()));
                pieces.dedup();
                let role = moves.first().map(|m| m.role());
                let role = role.filter(|&r| moves.iter().all(|m| m.role() == r));
                Question::Which { role, pieces }
            }
        }
    }

    fn moves(&self) -> &[Move] {
        match self {
            Prompt::Which { moves, .. } | Prompt::Promotion { moves, .. } => moves,
            Prompt::Repeat { .. }
            | Prompt::ConfirmOwn { .. }
            | Prompt::HeardCommand { .. }
            | Prompt::Either { .. }
            | Prompt::Sheet { .. }
            | Prompt::Restore { .. }
            | Prompt::Replace(_)
            | Prompt::Drill
            | Prompt::Quiz { .. } => &[],
        }
    }

    fn claim(&self) -> bool {
        match self {
            Prompt::Which { claim, .. }
            | Prompt::Promotion { claim, .. }
            | Prompt::ConfirmOwn { claim, .. } => *claim,
            Prompt::Repeat { .. }
            | Prompt::HeardCommand { .. }
            | Prompt::Either { .. }
            | Prompt::Sheet { .. }
            | Prompt::Restore { .. }
            | Prompt::Replace(_)
            | Prompt::Drill
            | Prompt::Quiz { .. } => false,
        }
    }

    /// Whether the question stands through a line that is not its answer
    /// and no command that changes the game: the repetition of a move
    /// and a dictated scoresheet are not dropped for a typo.
    pub fn holds(&self, line: &Line) -> bool {
        match self {
            Prompt::Repeat { .. } | Prompt::Sheet { .. } => {
                !matches!(line, Line::Command(..) | Line::Failed(..))
            }
            // A drill runs beside the game: it goes on through any command
            // but its own (`drill stop`, another drill).
            Prompt::Drill => !matches!(
                line,
                Line::Command(Cmd::Drill(_)) | Line::Failed(Command::Drill, _)
            ),
            Prompt::Which { .. }
            | Prompt::Promotion { .. }
            | Prompt::ConfirmOwn { .. }
            | Prompt::HeardCommand { .. }
            | Prompt::Either { .. }
            | Prompt::Restore { .. }
            | Prompt::Replace(_)
            | Prompt::Quiz { .. } => false,
        }
    }
}

impl Prompt {
    /// For a line not understood (`line` is [`Line::NotUnderstood`])
    /// while this question is open: what is said instead of "not
    /// understood", and that the question stands, or `None` when the
    /// question has its own way with such a line (a repetition, a
    /// dictation and a drill read it themselves) or lapses (the question
    /// about the game asked every `quizevery` moves takes a square as its
    /// answer: kept open, it would take the next move typed for one). A
    /// typo is no reason to forget what was asked: the player hears the
    /// question again with its choices, and the choice the typo is a
    /// slip away from.
    pub fn not_an_answer(&self, line: &Line, letters: Letters) -> Option<Event> {
        let Line::NotUnderstood { input, .. } = line else {
            return None;
        };
        let nearest = match self {
            Prompt::Which { moves, .. } => nearest_answer(input, moves, true, letters),
            Prompt::Promotion { moves, .. } => nearest_answer(input, moves, false, letters),
            Prompt::ConfirmOwn { .. }
            | Prompt::HeardCommand { .. }
            | Prompt::Either { .. }
            | Prompt::Restore { .. }
            | Prompt::Replace(_) => None,
            Prompt::Repeat { .. } | Prompt::Sheet { .. } | Prompt::Drill | Prompt::Quiz { .. } => {
                return None;
            }
        };
        Some(
            PromptEvent::NotAnAnswer {
                input: input.clone(),
                nearest,
                question: self.question(),
            }
            .into(),
        )
    }
}

/// What a line makes of the question which piece or which promotion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Choice {
    /// The choices narrowed to a move (or still several): carried out
    /// as a move read (with the draw claim it came with).
    Decided(Resolution, bool),
    /// The line fits none of the choices: said, and the question stands.
    NotFitting(Vec<Event>),
}

/// Tries `line` as the answer to which piece or which promotion; the
/// question stands on the table while a line fits none of the choices.
/// `Err` gives the question back: the line is something else (a
/// question about the board, a command, a move of its own).
pub(super) fn choose(t: &mut Table, prompt: Prompt, line: &str) -> Result<Choice, Prompt> {
    // "e4?" asks about the board; the question stands meanwhile.
    if line.trim_end().ends_with('?') {
        return Err(prompt);
    }
    let squares = matches!(prompt, Prompt::Which { .. });
    let line = &answer_body(line);
    if let Some(narrowed) = by_side_or_piece(&prompt, line, t) {
        let claim = prompt.claim();
        return Ok(Choice::Decided(decide(narrowed, None, false), claim));
    }
    let Some(mut pick) = parse_answer_with(line, squares, t.settings.lang.into()) else {
        return Err(prompt);
    };
    let names_square = pick.file.is_some() || pick.rank.is_some();
    // "Springer Bella eins" answers "which knight?": the piece asked
    // about, on one of the squares offered. ("Nc3" again is a move.)
    if let (Prompt::Which { moves, .. }, Some(piece)) = (&prompt, pick.piece)
        && names_square
        && moves.iter().all(|m| m.role() == piece)
    {
        let origin = Pick {
            piece: None,
            ..pick
        };
        if !filter_by_answer(moves, &origin).is_empty() {
            pick = origin;
        }
    }
    // Any other piece and square together ("e8Q", "Kd2") make a move
    // of their own, not an answer.
    if names_square && pick.piece.is_some() {
        return Err(prompt);
    }
    let narrowed = if names_square == squares {
        filter_by_answer(prompt.moves(), &pick)
    } else {
        Vec::new()
    };
    let first_word = line.split_whitespace().next();
    if narrowed.is_empty() && first_word.and_then(Command::from_word).is_some() {
        // "b" or "s" that fits no choice is the command it spells.
        return Err(prompt);
    }
    if narrowed.is_empty() {
        let question = prompt.question();
        t.prompt = Some(prompt);
        return Ok(Choice::NotFitting(vec![
            PromptEvent::NotFitting(question).into(),
        ]));
    }
    let claim = prompt.claim();
    let resolution = decide(narrowed, pick.piece, t.settings.autoqueen);
    Ok(Choice::Decided(resolution, claim))
}

/// The answer to "short or long castling?" ("kurz") or to which of
/// different pieces ("ratsu"): the one move it names, if it names one.
fn by_side_or_piece(prompt: &Prompt, line: &str, t: &Table) -> Option<Vec<Move>> {
    let Prompt::Which { moves, .. } = prompt else {
        return None;
    };
    let words: String = line.split_whitespace().map(fold).collect();
    let chosen: Vec<Move> = if let Some(short) = castling_side_word(&words) {
        let side = shakmaty::CastlingSide::from_king_side(short);
        moves
            .iter()
            .filter(|m| m.castling_side() == Some(side))
            .copied()
            .collect()
    } else {
        let pick = parse_answer_with(line, false, t.settings.lang.into())?;
        let piece: Role = pick
            .piece
            .filter(|_| pick.file.is_none() && pick.rank.is_none())?;
        moves
            .iter()
            .filter(|m| m.role() == piece)
            .copied()
            .collect()
    };
    // Only an answer that narrows the choices; "Springer" to "which
    // knight?" does not.
    (!chosen.is_empty() && chosen.len() < moves.len()).then_some(chosen)
}

/// Asks `prompt`'s question and keeps it open on the table.
pub(super) fn ask(t: &mut Table, prompt: Prompt) -> Vec<Event> {
    let question = prompt.question();
    t.prompt = Some(prompt);
    vec![PromptEvent::Ask(question).into()]
}

/// The answer without the words that may lead it: "the one on g3" is
/// "g3", "der auf Gustav drei" is "Gustav drei". A line of nothing but
/// such words stays as it is.
fn answer_body(line: &str) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut skip = 0;
    for word in &words {
        let folded = fold(word);
        let lead = is_answer_lead(&folded) || (skip > 0 && is_answer_pronoun(&folded));
        if !lead {
            break;
        }
        skip += 1;
    }
    if skip == words.len() {
        return line.to_string();
    }
    words[skip..].join(" ")
}
