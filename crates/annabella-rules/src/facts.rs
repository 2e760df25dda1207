//! A move described without words: what every announcement of it needs.

use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{CastlingSide, Chess, Color, Move, Position, Role, Square};

use super::{Game, Ply};

/// Check given by a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// No check.
    None,
    /// Check.
    Check,
    /// Check by two pieces at once.
    Double,
    /// Checkmate.
    Mate,
}

/// Everything an announcement of one move needs, in words-free form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveFacts {
    /// Who moved.
    pub color: Color,
    /// The full-move number.
    pub number: u32,
    /// The piece that moved (the king for castling).
    pub role: Role,
    /// Its origin square.
    pub from: Square,
    /// Its target square (the king's destination for castling).
    pub to: Square,
    /// The piece taken, if any.
    pub capture: Option<Role>,
    /// The piece promoted to, if any.
    pub promotion: Option<Role>,
    /// Castling, with its side.
    pub castle: Option<CastlingSide>,
    /// An en passant capture.
    pub en_passant: bool,
    /// Whether SAN needs the origin to tell this move from another.
    pub ambiguous: bool,
    /// Check given.
    pub check: Check,
    /// SAN with English letters and suffix.
    pub san: String,
}

impl MoveFacts {
    /// Describes `ply`, played in `before`.
    pub fn new(before: &Chess, ply: &Ply) -> MoveFacts {
        let mv = ply.mv;
        let mut after = before.clone();
        after.play_unchecked(mv);
        let check = match ply.san.suffix {
            Some(Suffix::Checkmate) => Check::Mate,
            Some(Suffix::Check) if after.checkers().count() > 1 => Check::Double,
            Some(Suffix::Check) => Check::Check,
            None => Check::None,
        };
        let ambiguous = matches!(
            ply.san.san,
            San::Normal { role, file, rank, .. }
                if role != Role::Pawn && (file.is_some() || rank.is_some())
        );
        let (from, to, castle) = match mv {
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_king_side(king < rook);
                (king, side.king_to(ply.color), Some(side))
            }
            _ => (mv.from().unwrap_or(mv.to()), mv.to(), None),
        };
        MoveFacts {
            color: ply.color,
            number: ply.number,
            role: mv.role(),
            from,
            to,
            capture: mv.capture(),
            promotion: mv.promotion(),
            castle,
            en_passant: mv.is_en_passant(),
            ambiguous,
            check,
            san: ply.san.to_string(),
        }
    }

    /// Describes `mv`, legal in `before`, numbered as `before` counts.
    pub fn of_move(before: &Chess, mv: Move) -> MoveFacts {
        let ply = Ply {
            mv,
            san: SanPlus::from_move(before.clone(), mv),
            color: before.turn(),
            number: before.fullmoves().get(),
        };
        MoveFacts::new(before, &ply)
    }

    /// Describes every ply of a game.
    pub fn history(game: &Game) -> Vec<MoveFacts> {
        game.plies()
            .iter()
            .enumerate()
            .filter_map(|(i, ply)| Some(MoveFacts::new(game.position_before(i)?, ply)))
            .collect()
    }

    /// Describes the last ply of a game.
    pub fn last(game: &Game) -> Option<MoveFacts> {
        let index = game.plies().len().checked_sub(1)?;
        Some(MoveFacts::new(
            game.position_before(index)?,
            game.plies().get(index)?,
        ))
    }
}
