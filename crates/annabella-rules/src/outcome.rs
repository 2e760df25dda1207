//! What a game's end, a claim or a refused move comes to: values the
//! announcer puts into words.

use shakmaty::san::SanPlus;
use shakmaty::{Color, KnownOutcome, Move};

/// Why a game ended (FIDE Laws, Articles 5, 6 and 9).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// Art. 5.1.1: the side to move is checkmated.
    Checkmate,
    /// Art. 5.1.2: a player resigned.
    Resignation,
    /// Art. 6.9: a flag fell and the opponent can still mate.
    TimeForfeit,
    /// Art. 5.2.1: the side to move has no legal move and is not in check.
    Stalemate,
    /// Art. 5.2.2: neither side can mate by any series of legal moves.
    DeadPosition,
    /// Art. 9.1: both players agreed to a draw.
    Agreement,
    /// Art. 9.2: a correct claim of threefold repetition.
    ThreefoldRepetition,
    /// Art. 9.3: a correct claim under the 50-move rule.
    FiftyMoveRule,
    /// Art. 9.6.1: the same position appeared five times.
    FivefoldRepetition,
    /// Art. 9.6.2: 75 moves by each side without pawn move or capture.
    SeventyFiveMoveRule,
    /// Art. 6.9: a flag fell but the opponent cannot mate.
    TimeoutVsInsufficientMaterial,
    /// Online: the opponent left the game and the win (or a draw) was
    /// claimed, or a player never moved.
    Abandoned,
    /// A record gives the result but not why (a PGN `1-0` without a
    /// `Termination` tag): only who won is known.
    Unknown,
}

impl EndReason {
    /// All reasons, in the order the specification lists them.
    pub const ALL: [EndReason; 13] = [
        EndReason::Checkmate,
        EndReason::Resignation,
        EndReason::TimeForfeit,
        EndReason::Stalemate,
        EndReason::DeadPosition,
        EndReason::Agreement,
        EndReason::ThreefoldRepetition,
        EndReason::FiftyMoveRule,
        EndReason::FivefoldRepetition,
        EndReason::SeventyFiveMoveRule,
        EndReason::TimeoutVsInsufficientMaterial,
        EndReason::Abandoned,
        EndReason::Unknown,
    ];

    /// The reason an identifier names (see [`EndReason::id`]).
    pub fn from_id(id: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.id() == id)
    }

    /// A stable identifier, used for message ids and in tests.
    pub fn id(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Resignation => "resignation",
            EndReason::TimeForfeit => "time-forfeit",
            EndReason::Stalemate => "stalemate",
            EndReason::DeadPosition => "dead-position",
            EndReason::Agreement => "agreement",
            EndReason::ThreefoldRepetition => "threefold",
            EndReason::FiftyMoveRule => "fifty-move",
            EndReason::FivefoldRepetition => "fivefold",
            EndReason::SeventyFiveMoveRule => "seventy-five-move",
            EndReason::TimeoutVsInsufficientMaterial => "timeout-insufficient",
            EndReason::Abandoned => "abandoned",
            EndReason::Unknown => "unknown",
        }
    }
}

/// The result of a finished game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Finished {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub outcome: KnownOutcome,
    /// Why the game ended.
    pub reason: EndReason,
    /// Whether the result came with the last move (mate, automatic draw,
    /// claim with the intended move); `undo` then takes that move back.
    pub with_move: bool,
}

/// One half-move of the game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move as played.
    pub mv: Move,
    /// Its SAN with check or mate suffix (English letters).
    pub san: SanPlus,
    /// The side that played it.
    pub color: Color,
    /// The full-move number it belongs to.
    pub number: u32,
}

/// Why a move could not be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game has ended; no more moves.
    GameOver,
    /// The move is not legal in the current position.
    Illegal,
}

/// Which draw claim was meant (Art. 9.2 or 9.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClaimKind {
    /// Threefold repetition.
    Repetition,
    /// The 50-move rule.
    FiftyMoves,
}

/// Why a draw claim was refused; the game goes on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ClaimRefusal {
    /// How often the position (after the intended move, if any) has occurred.
    pub repetitions: usize,
    /// Half-moves without capture or pawn move (after the intended move).
    pub halfmoves: u32,
    /// Whether the claim named a move, which was played and stays.
    pub with_move: bool,
}

/// What happened to a draw claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClaimOutcome {
    /// The claim was correct; the game is drawn.
    Drawn(Finished),
    /// The intended move ended the game by itself (mate, stalemate, ...).
    EndedByMove(Finished),
    /// The claim was wrong; play goes on (an intended move stays played).
    Refused(ClaimRefusal),
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The text is not a FEN.
    BadFen,
    /// The FEN describes an impossible position.
    IllegalPosition,
    /// Chess960 start positions are numbered 0 to 959.
    Chess960Number,
}
