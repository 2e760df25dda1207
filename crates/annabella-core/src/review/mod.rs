//! A game's review as data: the evaluation of every position an engine
//! found, lichess's winning chances, judgements and accuracy computed
//! from them ([`judge`]), and the turning points a player walks through.
//!
//! A review is kept with the moves it was made of, so that the same game
//! reviewed again (or written as PGN) needs no engine, and a review read
//! from an annotated PGN file serves as one made here.

pub mod judge;

use shakmaty::{ByColor, Chess, Color, Move, Position};

use crate::rules::{Eval, Game, Judgement, PlyNote};

/// What the engine found in one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionEval {
    /// How the position stands, from White's side.
    pub eval: Eval,
    /// The line the engine expects, its best move first (empty in a
    /// position without a legal move, or when read from a file that
    /// gives none).
    pub line: Vec<Move>,
}

/// A game's review: the evaluation of each position, the start position
/// first and the one after the last move last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// The game's start position, as FEN: with the moves, which game
    /// this is a review of.
    initial_fen: String,
    /// The game's moves.
    moves: Vec<Move>,
    /// One per position (`moves.len() + 1`); `None` where nothing is
    /// known (a review stopped early, a file without an evaluation).
    evals: Vec<Option<PositionEval>>,
    /// Judgements a file gave, by ply, where it gave one: they stand
    /// over the ones computed, so that a file read and written again
    /// keeps its NAGs.
    given: Vec<Option<Judgement>>,
}

/// A judged move: a turning point when it is a mistake or a blunder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The move's index in the game (0: the first move).
    pub ply: usize,
    /// Who made it.
    pub mover: Color,
    /// How bad it was.
    pub judgement: Judgement,
    /// How the position stood before the move, from White's side.
    pub before: Eval,
    /// How it stood after, from White's side.
    pub after: Eval,
    /// The better line, from the position before the move.
    pub better: Vec<Move>,
}

/// What the review says first: each side's judged moves and accuracy.
#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    /// Inaccuracies, mistakes and blunders, in that order.
    pub counts: [u32; 3],
    /// The accuracy in percent, as lichess computes it; `None` for a
    /// side without a move evaluated.
    pub accuracy: Option<f64>,
}

impl Review {
    /// An empty review of `game`: no position evaluated yet.
    pub fn of(game: &Game) -> Review {
        let moves: Vec<Move> = game.plies().iter().map(|p| p.mv).collect();
        Review {
            initial_fen: game.initial_fen().to_string(),
            evals: vec![None; moves.len() + 1],
            given: vec![None; moves.len()],
            moves,
        }
    }

    /// The review an annotated record gives: the evaluations after each
    /// move, the judgements and the better lines. The start position has
    /// no evaluation in such a file: lichess writes none. `None` when the
    /// notes evaluate nothing.
    pub fn from_notes(game: &Game, notes: &[PlyNote]) -> Option<Review> {
        if notes.iter().all(|n| n.eval.is_none()) {
            return None;
        }
        let mut review = Review::of(game);
        for (i, note) in notes.iter().enumerate().take(review.moves.len()) {
            if let Some(eval) = note.eval {
                review.evals[i + 1] = Some(PositionEval {
                    eval,
                    line: Vec::new(),
                });
            }
            review.given[i] = note.judgement;
            if !note.better.is_empty()
                && let Some(Some(before)) = review.evals.get_mut(i)
            {
                before.line.clone_from(&note.better);
            }
        }
        // A better line given for a move whose position before has no
        // evaluation is kept all the same, with the evaluation the move
        // itself would have kept.
        for (i, note) in notes.iter().enumerate().take(review.moves.len()) {
            if !note.better.is_empty() && review.evals[i].is_none() {
                review.evals[i] = review.evals[i + 1].as_ref().map(|after| PositionEval {
                    eval: after.eval,
                    line: note.better.clone(),
                });
            }
        }
        Some(review)
    }

    /// Whether this is a review of `game`'s moves from its start.
    pub fn is_of(&self, game: &Game) -> bool {
        self.initial_fen == game.initial_fen()
            && self.moves.len() == game.plies().len()
            && self.moves.iter().zip(game.plies()).all(|(m, p)| *m == p.mv)
    }

    /// Whether `other` is a review of the same game (start and moves).
    pub fn same_game(&self, other: &Review) -> bool {
        self.initial_fen == other.initial_fen && self.moves == other.moves
    }

    /// The number of positions (moves + 1).
    pub fn positions(&self) -> usize {
        self.evals.len()
    }

    /// The first position not yet evaluated, if any.
    pub fn next_missing(&self) -> Option<usize> {
        self.evals.iter().position(Option::is_none)
    }

    /// How many positions are evaluated.
    pub fn evaluated(&self) -> usize {
        self.evals.iter().filter(|e| e.is_some()).count()
    }

    /// Whether every position is evaluated.
    pub fn complete(&self) -> bool {
        self.next_missing().is_none()
    }

    /// Records what the engine found in position `index`.
    pub fn set(&mut self, index: usize, found: PositionEval) {
        if let Some(slot) = self.evals.get_mut(index) {
            *slot = Some(found);
        }
    }

    /// What is known of position `index`.
    pub fn at(&self, index: usize) -> Option<&PositionEval> {
        self.evals.get(index).and_then(Option::as_ref)
    }

    /// The moves of the game reviewed.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Who made ply `ply` of `game` (the game reviewed).
    fn mover(game: &Game, ply: usize) -> Color {
        game.plies()
            .get(ply)
            .map_or(game.initial_position().turn(), |p| p.color)
    }

    /// Every judged move, in the order played: lichess's judgement from
    /// the evaluations before and after it, or the one the file gave.
    pub fn verdicts(&self, game: &Game) -> Vec<Verdict> {
        let mut out = Vec::new();
        for ply in 0..self.moves.len() {
            let (Some(before), Some(after)) = (self.at(ply), self.at(ply + 1)) else {
                continue;
            };
            let mover = Review::mover(game, ply);
            let judged = self.given[ply].or_else(|| judge::judge(mover, before.eval, after.eval));
            let Some(judgement) = judged else {
                continue;
            };
            // The engine's line starting with the move played is no
            // better line: the move was the best one found.
            let better = match before.line.first() {
                Some(first) if *first != self.moves[ply] => before.line.clone(),
                _ => Vec::new(),
            };
            out.push(Verdict {
                ply,
                mover,
                judgement,
                before: before.eval,
                after: after.eval,
                better,
            });
        }
        out
    }

    /// The moves a player walks through: mistakes and blunders (the
    /// inaccuracies are counted, not walked).
    pub fn turning_points(&self, game: &Game) -> Vec<Verdict> {
        self.verdicts(game)
            .into_iter()
            .filter(|v| v.judgement >= Judgement::Mistake)
            .collect()
    }

    /// Each side's judged moves and accuracy.
    pub fn tally(&self, game: &Game) -> ByColor<Tally> {
        let mut counts = ByColor::new_with(|_| [0u32; 3]);
        for v in self.verdicts(game) {
            let slot = match v.judgement {
                Judgement::Inaccuracy => 0,
                Judgement::Mistake => 1,
                Judgement::Blunder => 2,
            };
            counts[v.mover][slot] += 1;
        }
        let accuracy = self.accuracy(game);
        ByColor::new_with(|c| Tally {
            counts: counts[c],
            accuracy: accuracy[c],
        })
    }

    /// Each side's accuracy over the longest run of evaluated positions
    /// from the start (a review stopped early counts what it has).
    fn accuracy(&self, game: &Game) -> ByColor<Option<f64>> {
        let evals: Vec<Eval> = self
            .evals
            .iter()
            .map_while(|e| e.as_ref().map(|e| e.eval))
            .collect();
        if evals.len() < 2 {
            return ByColor::new_with(|_| None);
        }
        judge::game_accuracy(Review::mover(game, 0), &evals)
    }

    /// The notes an annotated PGN of `game` carries: the evaluation after
    /// each move, the judgement and, for a judged move, the better line.
    /// A mate on the board has no evaluation (lichess writes none).
    pub fn notes(&self, game: &Game) -> Vec<PlyNote> {
        let mated = game.position().is_checkmate();
        let last = self.moves.len();
        let mut notes: Vec<PlyNote> = (0..last)
            .map(|ply| PlyNote {
                eval: self
                    .at(ply + 1)
                    .filter(|_| !(mated && ply + 1 == last))
                    .map(|e| e.eval),
                ..PlyNote::default()
            })
            .collect();
        for v in self.verdicts(game) {
            notes[v.ply].judgement = Some(v.judgement);
            notes[v.ply].better = v.better;
        }
        notes
    }
}

/// A line of moves from `pos`, cut at the first that is not legal there:
/// what an engine or a file says is checked before it is said.
pub fn legal_prefix(pos: &Chess, line: &[Move]) -> Vec<Move> {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for mv in line {
        if !pos.is_legal(*mv) {
            break;
        }
        pos.play_unchecked(*mv);
        out.push(*mv);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::San;

    /// Fool's mate: 1.f3 e5 2.g4?? Qh4#.
    fn fools_mate() -> Game {
        let mut game = Game::new();
        for san in ["f3", "e5", "g4", "Qh4"] {
            let mv = san
                .parse::<San>()
                .expect("SAN")
                .to_move(game.position())
                .expect("legal");
            game.play(mv).expect("played");
        }
        game
    }

    fn evaluated(game: &Game, evals: &[Eval]) -> Review {
        let mut review = Review::of(game);
        for (i, eval) in evals.iter().enumerate() {
            review.set(
                i,
                PositionEval {
                    eval: *eval,
                    line: Vec::new(),
                },
            );
        }
        review
    }

    #[test]
    fn the_move_that_lets_mate_in_is_the_blunder_and_the_mate_has_no_eval() {
        let game = fools_mate();
        let evals = [
            Eval::Cp(20),
            Eval::Cp(-10),
            Eval::Cp(-40),
            Eval::Mate(-1),
            Eval::Mate(0),
        ];
        let review = evaluated(&game, &evals);
        assert!(review.complete());
        let verdicts = review.verdicts(&game);
        assert_eq!(verdicts.len(), 1, "{verdicts:?}");
        assert_eq!(
            (verdicts[0].ply, verdicts[0].mover, verdicts[0].judgement),
            (2, Color::White, Judgement::Blunder)
        );
        let notes = review.notes(&game);
        assert_eq!(notes[2].judgement, Some(Judgement::Blunder));
        assert_eq!(notes[2].eval, Some(Eval::Mate(-1)));
        // The position after the mate: lichess writes no evaluation.
        assert_eq!(notes[3].eval, None);
        let tally = review.tally(&game);
        assert_eq!(tally.white.counts, [0, 0, 1]);
        assert_eq!(tally.black.counts, [0, 0, 0]);
    }

    #[test]
    fn a_files_notes_give_the_review_and_its_judgements_stand() {
        let game = fools_mate();
        let notes = vec![
            PlyNote {
                eval: Some(Eval::Cp(0)),
                // A judgement the evaluations alone would not give.
                judgement: Some(Judgement::Inaccuracy),
                better: Vec::new(),
            },
            PlyNote {
                eval: Some(Eval::Cp(-40)),
                ..PlyNote::default()
            },
            PlyNote::default(),
            PlyNote::default(),
        ];
        let review = Review::from_notes(&game, &notes).expect("evaluations given");
        assert!(review.is_of(&game));
        // The start is never in a file; the rest as given.
        assert_eq!(review.next_missing(), Some(0));
        assert_eq!(review.evaluated(), 2);
        let mut done = review.clone();
        done.set(
            0,
            PositionEval {
                eval: Eval::Cp(20),
                line: Vec::new(),
            },
        );
        let verdicts = done.verdicts(&game);
        assert_eq!(verdicts.len(), 1);
        assert_eq!(verdicts[0].judgement, Judgement::Inaccuracy);
        assert_eq!(Review::from_notes(&game, &[PlyNote::default()]), None);
        assert!(!Review::of(&Game::new()).is_of(&game));
    }

    #[test]
    fn a_line_is_said_as_far_as_it_is_legal() {
        let pos = Chess::default();
        let game = fools_mate();
        let moves: Vec<Move> = game.plies().iter().map(|p| p.mv).collect();
        assert_eq!(legal_prefix(&pos, &moves), moves);
        // e5 again after f3 e5 is no move.
        let broken = [moves[0], moves[1], moves[1]];
        assert_eq!(legal_prefix(&pos, &broken), moves[..2].to_vec());
    }
}
