//! The Braille display's events in words: the view, a square picked or
//! let go, the display's news; and the piece letters its board view
//! draws.

use shakmaty::{Piece, Square};

use super::{Announcer, Phrasing, n, s};
use crate::event::{DisplayEvent, DisplayFault, DisplayTrouble, View};
use crate::settings::Lang;
use crate::view::ROLE_ORDER;

impl Announcer {
    /// The display's events; the board it draws is not said.
    pub(super) fn display_event(&self, p: Phrasing, event: &DisplayEvent) -> Vec<String> {
        let ui = p.lang;
        let line = match event {
            DisplayEvent::Board(_) => return Vec::new(),
            DisplayEvent::View(View::Board) => self.message(ui, "display-board", &[]),
            DisplayEvent::View(View::Text) => self.message(ui, "display-text", &[]),
            DisplayEvent::Picked(piece, square) => {
                self.picked(p, "display-picked", *piece, *square)
            }
            DisplayEvent::Dropped(piece, square) => {
                self.picked(p, "display-dropped", *piece, *square)
            }
            DisplayEvent::Connected { cols, rows } => self.message(
                ui,
                "display-connected",
                &[("cols", n(u32::from(*cols))), ("rows", n(u32::from(*rows)))],
            ),
            DisplayEvent::Lost => self.message(ui, "display-lost", &[]),
            DisplayEvent::Unavailable(DisplayTrouble::NotBuilt) => {
                self.message(ui, "display-not-built", &[])
            }
            DisplayEvent::Unavailable(DisplayTrouble::NoBrltty) => {
                self.message(ui, "display-no-brltty", &[])
            }
            DisplayEvent::Unavailable(DisplayTrouble::NotAllowed) => {
                self.message(ui, "display-not-allowed", &[])
            }
            DisplayEvent::Unavailable(DisplayTrouble::NoDisplay) => {
                self.message(ui, "display-no-display", &[])
            }
            DisplayEvent::Unavailable(DisplayTrouble::Failed(DisplayFault::NoThread)) => {
                self.message(ui, "display-no-thread", &[])
            }
            DisplayEvent::Unavailable(DisplayTrouble::Failed(DisplayFault::Brltty)) => {
                self.message(ui, "display-brltty-error", &[])
            }
        };
        vec![line]
    }

    /// "Springer Gustav eins", and what became of it.
    fn picked(&self, p: Phrasing, id: &str, piece: Piece, square: Square) -> String {
        self.message(
            p.lang,
            id,
            &[
                ("piece", s(self.piece_name(p, piece.role))),
                ("square", s(self.square(p, square))),
            ],
        )
    }

    /// The letters the board view draws for king, queen, rook, bishop,
    /// knight and pawn in `lang` (White's; Black's are their small
    /// letters).
    pub fn display_letters(&self, lang: Lang) -> [char; 6] {
        ROLE_ORDER.map(|role| self.letter(lang, role).chars().next().unwrap_or('?'))
    }
}
