//! The events of the Braille display: the board it shows, the view, a
//! square picked by a routing key, and the display's news.

use shakmaty::{Board, Color, Piece, Role, Square};

/// The Braille display.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DisplayEvent {
    /// What the board view shows changed (a move, a new game, the side
    /// the player sits at, a square picked or let go, a promotion asked
    /// for). Not said: only the display draws it.
    Board(Box<DisplayBoard>),
    /// The display shows this view now.
    View(View),
    /// A routing key picked the piece on a square; the next routed
    /// square is where it goes.
    Picked(Piece, Square),
    /// The picked square was routed again: nothing is picked now.
    Dropped(Piece, Square),
    /// The display is there: its cells across and its rows.
    Connected {
        /// Cells in a row.
        cols: u16,
        /// Rows.
        rows: u16,
    },
    /// The display went away (BRLTTY stopped); the keyboard goes on.
    Lost,
    /// The display cannot be had (said when the setting asks for it).
    Unavailable(DisplayTrouble),
}

/// What the board view draws: the position, from the player's side,
/// with the picked square and the pieces a promotion may choose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DisplayBoard {
    /// The pieces.
    pub board: Board,
    /// The side the player sits at: its first rank is drawn last.
    pub side: Color,
    /// The square a routing key picked, marked by the display's cursor.
    pub picked: Option<Square>,
    /// The pieces a pawn may become, while the promotion is asked.
    pub choices: Vec<Role>,
}

pub use crate::input::View;

/// Why the Braille display cannot be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DisplayTrouble {
    /// This build has no Braille display (the `braille` feature is off).
    NotBuilt,
    /// BRLTTY does not answer (not running, another host, or its key
    /// not readable).
    NoBrltty,
    /// BRLTTY refused the key given.
    NotAllowed,
    /// BRLTTY runs without a display.
    NoDisplay,
    /// Something else went wrong: which way, a kind the announcer words
    /// in the UI language (never BrlAPI's own English words).
    Failed(DisplayFault),
}

/// How the Braille display failed when it was neither missing nor
/// refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DisplayFault {
    /// The system gave no thread (or no pipe to wake it) for the display.
    NoThread,
    /// BRLTTY answered with an error of another kind.
    Brltty,
}
