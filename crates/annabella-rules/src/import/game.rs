//! The game's side of an import: moves played from a file, and the
//! result the file gives.

use shakmaty::san::{San, SanError, SanPlus, Suffix};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, KnownOutcome, Move, Position};

use super::ImportErrorKind;
use crate::{ClaimKind, EndReason, Finished, Game, Ply, key_of};

/// The move a SAN names in `pos`, and the SAN as annabella writes it
/// (the least disambiguation). Does what `San::to_move` and then
/// `San::from_move` do, with one list of candidates for both.
fn read_move(pos: &Chess, san: San) -> Result<(Move, San), SanError> {
    let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = san
    else {
        let mv = san.to_move(pos)?;
        return Ok((mv, San::from_move(pos, mv)));
    };
    let candidates = pos.san_candidates(role, to);
    let fits = |m: &&Move| {
        let (from, captures, promotes) = match **m {
            Move::Normal {
                from,
                capture,
                promotion,
                ..
            } => (from, capture.is_some(), promotion),
            Move::EnPassant { from, .. } => (from, true, None),
            _ => return false,
        };
        file.is_none_or(|f| f == from.file())
            && rank.is_none_or(|r| r == from.rank())
            && capture == captures
            && promotion == promotes
    };
    let mut fitting = candidates.iter().filter(fits);
    let mv = *fitting.next().ok_or(SanError::IllegalSan)?;
    if fitting.next().is_some() {
        return Err(SanError::AmbiguousSan);
    }
    Ok((mv, San::disambiguate(mv, &candidates)))
}

impl Game {
    /// Plays a move read from a file. Cheaper than [`Game::play`] on long
    /// files, with the same record: mate and stalemate are looked for only
    /// after a check or when a move fails, since a legal next move shows
    /// there was neither.
    pub(super) fn play_read(&mut self, san: San) -> Result<(), ImportErrorKind> {
        if self.is_over() {
            return Err(ImportErrorKind::AfterEnd);
        }
        let (mv, written) = match read_move(self.position(), san) {
            Ok(found) => found,
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
        self.push_legal(mv, written);
        Ok(())
    }

    fn push_legal(&mut self, mv: Move, written: San) {
        let Some(pos) = self.positions.last() else {
            return;
        };
        let (color, number) = (pos.turn(), pos.fullmoves().get());
        let before = Zobrist64(self.keys.last().copied().unwrap_or_default());
        // Updated from the last key where shakmaty can (no en passant,
        // castling or king move); computed afresh where it cannot.
        let updated = pos.update_zobrist_hash(before, mv, EnPassantMode::Legal);
        if self.plies.capacity() == 0 {
            // Most games are longer than this; fewer copies as they grow.
            self.plies.reserve(128);
            self.keys.reserve(129);
        }
        // Played in its place in the list: one copy of the position less.
        let pos = pos.clone();
        if self.positions.capacity() < 129 {
            self.positions.reserve(129);
        }
        self.positions.push(pos);
        if let Some(next) = self.positions.last_mut() {
            next.play_unchecked(mv);
        }
        let Some(next) = self.positions.last() else {
            return;
        };
        // `Suffix::from_position` would generate every move of every
        // position to look for mate; only a check can be one.
        let suffix = match next.checkers().any() {
            true if next.legal_moves().is_empty() => Some(Suffix::Checkmate),
            true => Some(Suffix::Check),
            false => None,
        };
        let key = updated.map_or_else(|| key_of(next), |z| z.0);
        // Material only becomes insufficient by a capture or promotion.
        let material_changed = mv.is_capture() || mv.is_promotion();
        let may_end = suffix == Some(Suffix::Checkmate)
            || next.halfmoves() >= 150
            || (material_changed && next.is_insufficient_material())
            || (next.halfmoves() >= 16 && self.repeats(key, next.halfmoves()) >= 4);
        self.keys.push(key);
        self.plies.push(Ply {
            mv,
            san: SanPlus {
                san: written,
                suffix,
            },
            color,
            number,
        });
        if may_end {
            self.result = self.automatic_end(true);
        }
    }

    /// How often `key` occurred in the last `window` positions: only those
    /// since the last capture or pawn move can repeat.
    fn repeats(&self, key: u64, window: u32) -> usize {
        let window = usize::try_from(window).unwrap_or(usize::MAX);
        self.keys
            .iter()
            .rev()
            .take(window)
            .filter(|&&k| k == key)
            .count()
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
    /// with `Termination` "time forfeit" is a loss on time, with any other
    /// `Termination` a resignation; a draw is a claim when one could be
    /// made in the final position, else an agreement (or a flag fall
    /// against a lone king). Without `Termination` the reason is not
    /// known and none is guessed.
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
            KnownOutcome::Decisive { .. } if termination.is_none() => EndReason::Unknown,
            KnownOutcome::Decisive { .. } => EndReason::Resignation,
            KnownOutcome::Draw if on_time => EndReason::TimeoutVsInsufficientMaterial,
            KnownOutcome::Draw => match self.claimable() {
                Some(ClaimKind::Repetition) => EndReason::ThreefoldRepetition,
                Some(ClaimKind::FiftyMoves) => EndReason::FiftyMoveRule,
                None if termination.is_none() => EndReason::Unknown,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import_games;

    #[test]
    fn keys_kept_up_to_date_equal_keys_computed_afresh() {
        // The workspace's shared test data, two folders above this crate.
        let crate_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let workspace = crate_dir.ancestors().nth(2).expect("the workspace");
        let dir = workspace.join("tests/data/pgn");
        let mut checked = 0;
        for entry in std::fs::read_dir(dir).expect("tests/data/pgn") {
            let text = std::fs::read(entry.expect("entry").path()).expect("readable");
            for imported in import_games(&text) {
                let game = imported.game;
                assert_eq!(game.keys.len(), game.positions.len());
                for (key, pos) in game.keys.iter().zip(&game.positions) {
                    assert_eq!(*key, key_of(pos));
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000);
        // En passant, both castlings and a promotion, in a few moves.
        let text = b"1. e4 Nf6 2. e5 d5 3. exd6 e5 4. dxc7 Bd6 5. cxb8=Q Rxb8 6. Nf3 O-O 7. Be2 Qe7 8. O-O *";
        let game = &import_games(text)[0].game;
        assert_eq!(game.plies().len(), 15);
        for (key, pos) in game.keys.iter().zip(&game.positions) {
            assert_eq!(*key, key_of(pos));
        }
    }
}
