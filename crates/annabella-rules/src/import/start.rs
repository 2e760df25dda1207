//! The start a game's tags ask for: chess or Chess960 (`Variant`), from
//! the initial position or a `FEN`.

use shakmaty::fen::Fen;
use shakmaty::{Bitboard, Board, CastlingMode, Chess, Color, Rank, Setup};

use super::ImportErrorKind;
use crate::{Game, Tags};

/// The start a game's tags ask for: `Variant` and `FEN`.
pub(super) fn start_game(tags: &Tags) -> Result<Game, (ImportErrorKind, String)> {
    let chess960 = match tags.get("Variant") {
        None => false,
        Some(variant) => is_chess960(variant)
            .ok_or_else(|| (ImportErrorKind::UnknownVariant, variant.to_string()))?,
    };
    match tags.get("FEN") {
        Some(fen) => {
            game_from_fen(fen, chess960).ok_or_else(|| (ImportErrorKind::BadFen, fen.to_string()))
        }
        None if chess960 => {
            Game::chess960(518).map_err(|_| (ImportErrorKind::BadFen, String::new()))
        }
        None => Ok(Game::new()),
    }
}

/// Whether a `Variant` tag means Chess960 (`Some(false)` for chess).
fn is_chess960(variant: &str) -> Option<bool> {
    let name: String = variant
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    match name.as_str() {
        "" | "standard" | "chess" | "normal" | "fromposition" => Some(false),
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "fischerrandomchess" => Some(true),
        _ => None,
    }
}

/// A game from a `FEN` tag: X-FEN or Shredder castling; a Chess960 start
/// position keeps its number.
fn game_from_fen(fen: &str, chess960: bool) -> Option<Game> {
    let setup = Fen::from_ascii(fen.trim().as_bytes()).ok()?.into_setup();
    if chess960 && let Some(n) = chess960_number(&setup) {
        return Game::chess960(n).ok();
    }
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::detect(&setup)
    };
    // As in `Game::from_fen`: an impossible check still has sound moves.
    let pos: Chess = match setup.position(mode) {
        Ok(pos) => pos,
        Err(e) => e.ignore_impossible_check().ok()?,
    };
    let standard = pos == Chess::default() && mode == CastlingMode::Standard;
    Some(Game::from_position(pos, mode, None, !standard))
}

/// The number of the Chess960 start position `setup` is, if it is one.
fn chess960_number(setup: &Setup) -> Option<u32> {
    let pawn_ranks = Bitboard::from(Rank::Second) | Bitboard::from(Rank::Seventh);
    let back_ranks = Bitboard::from(Rank::First) | Bitboard::from(Rank::Eighth);
    let at_start = setup.turn == Color::White
        && setup.fullmoves.get() == 1
        && setup.halfmoves == 0
        && setup.ep_square.is_none()
        && setup.board.pawns() == pawn_ranks
        && setup.castling_rights == setup.board.rooks() & back_ranks;
    if !at_start {
        return None;
    }
    (0..960).find(|&n| Board::chess960(n) == setup.board)
}
