//! What an analysed game's record carries beside its moves, as lichess
//! writes an analysis into PGN: the evaluation after each move
//! (`[%eval 0.35]`, `[%eval #-3]`), a judgement as a NAG (`?!`, `?`,
//! `??`) and the better move as a variation.

use shakmaty::Move;

/// An engine's evaluation of a position, from White's side, as
/// `[%eval]` writes it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// Centipawns, positive when White is better.
    Cp(i32),
    /// Mate in this many moves: positive when White mates, negative when
    /// Black does. Zero is a position where the side to move is mated.
    Mate(i32),
}

/// How bad a move was, as lichess judges it; written as its NAG.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Judgement {
    /// `?!`, NAG 6.
    Inaccuracy,
    /// `?`, NAG 2.
    Mistake,
    /// `??`, NAG 4.
    Blunder,
}

impl Judgement {
    /// The NAG number (`$6`, `$2`, `$4`).
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    /// The judgement a NAG number stands for, if it is one of the three.
    pub fn from_nag(nag: u8) -> Option<Judgement> {
        match nag {
            6 => Some(Judgement::Inaccuracy),
            2 => Some(Judgement::Mistake),
            4 => Some(Judgement::Blunder),
            _ => None,
        }
    }

    /// The glyph written after the move (`?!`, `?`, `??`).
    pub fn glyph(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }
}

/// What one move of an annotated record carries.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlyNote {
    /// The evaluation of the position after the move.
    pub eval: Option<Eval>,
    /// The judgement of the move.
    pub judgement: Option<Judgement>,
    /// The better line, from the position before the move (its first
    /// move played instead of this one): written as a variation.
    pub better: Vec<Move>,
}

impl PlyNote {
    /// Whether the note says nothing.
    pub fn is_empty(&self) -> bool {
        self.eval.is_none() && self.judgement.is_none() && self.better.is_empty()
    }
}
