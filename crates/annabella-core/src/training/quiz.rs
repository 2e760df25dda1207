//! Questions asked during a game, about the position on the board.

use shakmaty::{Bitboard, Chess, Color, Position, Square};

use super::question::Question;
use crate::rng::Rng;

/// A question about `position` chosen at random among what stands on a
/// square, where a kind of piece stands, which pieces attack a square,
/// how many moves a piece has and which pieces can capture, asked about
/// squares where the answer says something: moves of a piece of the
/// side to move, attackers of a piece of either side, captures of the
/// side to move.
///
/// ```
/// use annabella_core::rng::Rng;
/// use annabella_core::training::{Question, quiz_question};
/// use shakmaty::{Chess, Position};
/// let start = Chess::default();
/// if let Question::MoveCount { square } = quiz_question(&start, &mut Rng::new(4)) {
///     assert!(start.board().white().contains(square));
/// }
/// ```
pub fn quiz_question(position: &Chess, rng: &mut Rng) -> Question {
    let board = position.board();
    let turn = position.turn();
    let occupied = board.occupied();
    let mine = board.by_color(turn);
    match rng.below(5) {
        0 => {
            // Mostly an occupied square: an empty one says less.
            let among = if rng.below(3) == 0 {
                Bitboard::FULL
            } else {
                occupied
            };
            let square = pick(among, rng).unwrap_or(Square::E4);
            Question::PieceOn { square }
        }
        1 => match pick(occupied, rng).and_then(|s| board.piece_at(s)) {
            Some(piece) => Question::WhereIs { piece },
            None => Question::PieceOn { square: Square::E4 },
        },
        2 => {
            let square = pick(occupied, rng).unwrap_or(Square::E4);
            let by = board.color_at(square).map_or(!turn, |c: Color| !c);
            Question::Attacked { square, by }
        }
        3 => {
            // A piece that can move, if the side to move has one.
            let movers: Bitboard = position
                .legal_moves()
                .iter()
                .filter_map(|m| m.from())
                .collect();
            let among = if movers.is_empty() || rng.below(5) == 0 {
                mine
            } else {
                movers
            };
            let square = pick(among, rng).unwrap_or(Square::E1);
            Question::MoveCount { square }
        }
        _ => Question::Captures { color: turn },
    }
}

/// A square of `among` chosen evenly.
fn pick(among: Bitboard, rng: &mut Rng) -> Option<Square> {
    among.into_iter().nth(rng.below(among.count()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_comes_and_squares_make_sense() {
        let start = Chess::default();
        let mut rng = Rng::new(11);
        let mut kinds = std::collections::BTreeSet::new();
        for _ in 0..500 {
            let question = quiz_question(&start, &mut rng);
            kinds.insert(question.kind_id());
            match question {
                Question::MoveCount { square } => assert!(start.board().white().contains(square)),
                Question::Attacked { square, .. } => {
                    assert!(start.board().occupied().contains(square))
                }
                Question::Captures { color } => assert_eq!(color, Color::White),
                _ => {}
            }
        }
        assert_eq!(kinds.len(), 5);
    }
}
