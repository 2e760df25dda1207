//! The one open question. A move that fits several pieces, or a
//! promotion without its piece, asks; the next line may answer with just
//! the part that tells the choices apart. Reading the board leaves the
//! question standing; anything else lets it lapse.

use shakmaty::{Move, Square};

use crate::event::{Event, PromptEvent, Question};
use crate::input::commands::Command;
use crate::input::{decide, filter_by_answer, parse_answer_with};

use super::Session;

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
            Prompt::Promotion { moves, .. } => Question::Promotion {
                to: moves.first().map_or(Square::A1, |m| m.to()),
            },
            Prompt::Which { moves, .. } => {
                let mut squares: Vec<Square> = moves.iter().filter_map(|m| m.from()).collect();
                squares.sort_by_key(|sq| (sq.file(), sq.rank()));
                squares.dedup();
                let role = moves.first().map(|m| m.role());
                let role = role.filter(|&r| moves.iter().all(|m| m.role() == r));
                Question::Which { role, squares }
            }
        }
    }

    fn moves(&self) -> &[Move] {
        match self {
            Prompt::Which { moves, .. } | Prompt::Promotion { moves, .. } => moves,
        }
    }

    fn claim(&self) -> bool {
        match self {
            Prompt::Which { claim, .. } | Prompt::Promotion { claim, .. } => *claim,
        }
    }
}

impl Session {
    /// Asks `prompt`'s question and keeps it open.
    pub(super) fn ask(&mut self, prompt: Prompt) -> Vec<Event> {
        let question = prompt.question();
        self.prompt = Some(prompt);
        vec![PromptEvent::Ask(question).into()]
    }

    /// Tries `line` as the answer to `prompt`. `Err` gives the prompt
    /// back: the line is something else.
    pub(super) fn answer(&mut self, prompt: Prompt, line: &str) -> Result<Vec<Event>, Prompt> {
        let squares = matches!(prompt, Prompt::Which { .. });
        let Some(pick) = parse_answer_with(line, squares, self.settings.lang.into()) else {
            return Err(prompt);
        };
        // A piece and a square together ("e8Q", "Kd2") make a move of
        // their own, not an answer.
        let names_square = pick.file.is_some() || pick.rank.is_some();
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
            self.prompt = Some(prompt);
            return Ok(vec![PromptEvent::NotFitting(question).into()]);
        }
        let claim = prompt.claim();
        Ok(self.decided(decide(narrowed, pick.piece, self.settings.autoqueen), claim))
    }
}
