//! The game's side of an import: moves played from a file, and the
//! result the file gives.

use shakmaty::san::{San, SanError, SanPlus, Suffix};
use shakmaty::{KnownOutcome, Move, Position};

use super::ImportErrorKind;
use crate::rules::{ClaimKind, EndReason, Finished, Game, Ply, key_of};

impl Game {
    /// Plays a move read from a file. Cheaper than [`Game::play`] on long
    /// files, with the same result: mate and stalemate are only looked for
    /// when a move fails or could have mated, since a legal next move shows
    /// there was none.
    pub(super) fn play_read(&mut self, san: San) -> Result<(), ImportErrorKind> {
        if self.is_over() {
            return Err(ImportErrorKind::AfterEnd);
        }
        let mv = match san.to_move(self.position()) {
            Ok(mv) => mv,
            Err(e) => {
                if let Some(end) = self.automatic_end(true) {
                    self.result = Some(end);
                    return Err(ImportErrorKind::AfterEnd);
                }
                return Err(match e {
                    SanError::AmbiguousSan => ImportErrorKind::Ambiguous,
                    SanError::IllegalSan => ImportErrorKind::Illegal,
                });
            }
        };
        self.push_legal(mv);
        Ok(())
    }

    fn push_legal(&mut self, mv: Move) {
        let pos = self.position();
        let (color, number) = (pos.turn(), pos.fullmoves().get());
        let mut next = pos.clone();
        let san = SanPlus::from_move_and_play_unchecked(&mut next, mv);
        let may_end = san.suffix == Some(Suffix::Checkmate)
            || next.halfmoves() >= 150
            || next.is_insufficient_material();
        self.keys.push(key_of(&next));
        self.positions.push(next);
        self.plies.push(Ply {
            mv,
            san,
            color,
            number,
        });
        if may_end || self.repetitions() >= 5 {
            self.result = self.automatic_end(true);
        }
    }

    /// Cuts the game back to its first `plies` half-moves.
    pub(super) fn truncate_to(&mut self, plies: usize) {
        if plies >= self.plies.len() {
            return;
        }
        self.plies.truncate(plies);
        self.positions.truncate(plies + 1);
        self.keys.truncate(plies + 1);
        self.draw_offer = None;
        self.result = self.automatic_end(plies > 0);
    }

    /// Ends the game with the result a PGN record gives, when its moves
    /// have not ended it already; returns the result set, if any. A win
    /// with `Termination` "time forfeit" is a loss on time, any other a
    /// resignation; a draw is a claim when one could be made in the final
    /// position, else an agreement (or a flag fall against a lone king).
    pub fn set_result_from_pgn(
        &mut self,
        outcome: KnownOutcome,
        termination: Option<&str>,
    ) -> Option<Finished> {
        if self.is_over() {
            return None;
        }
        let on_time = termination.is_some_and(|t| t.to_ascii_lowercase().contains("time"));
        let reason = match outcome {
            KnownOutcome::Decisive { .. } if on_time => EndReason::TimeForfeit,
            KnownOutcome::Decisive { .. } => EndReason::Resignation,
            KnownOutcome::Draw if on_time => EndReason::TimeoutVsInsufficientMaterial,
            KnownOutcome::Draw => match self.claimable() {
                Some(ClaimKind::Repetition) => EndReason::ThreefoldRepetition,
                Some(ClaimKind::FiftyMoves) => EndReason::FiftyMoveRule,
                None => EndReason::Agreement,
            },
        };
        let finished = Finished {
            outcome,
            reason,
            with_move: false,
        };
        self.result = Some(finished);
        self.draw_offer = None;
        Some(finished)
    }
}
