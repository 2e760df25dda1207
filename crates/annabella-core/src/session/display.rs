//! The Braille display as the session sees it: the view it shows, the
//! board it draws (sent whenever it changes while a display is there),
//! and moves made with routing keys. A routing key over a square picks
//! the piece there ("Springer Gustav eins"); a routing key over another
//! square plays the move from the one to the other through the same
//! resolution, questions and refusals as a typed move; the picked
//! square routed again lets it go. A routed square with nothing to pick
//! is read as `square` reads it. The keys that pan and scroll never
//! reach the session: the display's own thread moves through what it
//! shows.

use shakmaty::{Board, Color, Move, Piece, Position, Role, Square};

use crate::braille::Action;
use crate::event::{DisplayBoard, DisplayEvent, DisplayTrouble, Event, SessionEvent, View};
use crate::input::{Intent, Reading, RoleSpec};
use crate::settings::BrailleUse;

use super::Prompt;
use super::step::{Effect, Input};
use super::table::Table;

/// What the display sends the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DisplayInput {
    /// A routing key over a square of the board view.
    Square(Square),
    /// A routing key over one of the pieces a promotion offers.
    Choose(Role),
    /// The key that switches between the text and the board.
    Switch,
    /// A key that asks for one view.
    Show(View),
    /// The display is there (again): its cells across and its rows.
    Connected {
        /// Cells in a row.
        cols: u16,
        /// Rows.
        rows: u16,
    },
    /// The display went away.
    Lost,
    /// The display cannot be had.
    Unavailable(DisplayTrouble),
}

impl DisplayInput {
    /// Whether a key pressed asks this (not the display's news): it is
    /// answered as a line entered is.
    pub fn is_key(&self) -> bool {
        matches!(
            self,
            DisplayInput::Square(_)
                | DisplayInput::Choose(_)
                | DisplayInput::Switch
                | DisplayInput::Show(_)
        )
    }
}

/// What a key asks, as the session's input: a line typed on the Braille
/// keyboard is a line typed.
impl From<Action> for Input {
    fn from(action: Action) -> Input {
        let input = match action {
            Action::Line(line) => return Input::Line(line),
            Action::Square(square) => DisplayInput::Square(square),
            Action::Choose(role) => DisplayInput::Choose(role),
            Action::Switch => DisplayInput::Switch,
            Action::Show(view) => DisplayInput::Show(view),
        };
        Input::Display(input)
    }
}

/// The display room's own state.
#[derive(Clone, Debug, Default)]
pub(super) struct DisplayRoom {
    /// The view shown.
    view: View,
    /// The square picked, with the pieces as they stood then: a move
    /// made any other way lets it go.
    picked: Option<(Square, Board)>,
    /// The board last sent to the display.
    sent: Option<DisplayBoard>,
    /// A display is there.
    connected: bool,
    /// The setting when the display was last opened or closed
    /// ([`Effect::Braille`]).
    asked: Option<BrailleUse>,
    /// Why the display cannot be had, when it cannot.
    trouble: Option<DisplayTrouble>,
    /// That it cannot be had was said (said once, until asked again).
    said_unavailable: bool,
}

impl DisplayRoom {
    /// A square picked on the display, with the pieces as they stand
    /// (for tests of the rooms that let it go).
    #[cfg(test)]
    pub(super) fn pick(&mut self, square: Square, board: Board) {
        self.picked = Some((square, board));
    }

    /// Whether a square is picked, however the pieces stand.
    #[cfg(test)]
    pub(super) fn has_pick(&self) -> bool {
        self.picked.is_some()
    }

    /// Another game is on the board: a square picked is let go.
    pub(super) fn on_new_game(&mut self) {
        self.picked = None;
    }

    /// A key of the display, or its news: what the room answers itself,
    /// or what it asks of the flow (a move, a square read, a promotion).
    pub(super) fn input(&mut self, input: DisplayInput, t: &Table, may: May) -> Routed {
        match input {
            DisplayInput::Square(square) => self.routed(square, t, may),
            DisplayInput::Choose(role) => match &t.prompt {
                Some(Prompt::Promotion { moves, claim }) => moves
                    .iter()
                    .find(|m| m.promotion() == Some(role))
                    .map_or(Routed::Say(Vec::new()), |&mv| Routed::Promote(mv, *claim)),
                _ => Routed::Say(Vec::new()),
            },
            DisplayInput::Switch => Routed::Say(self.switch()),
            DisplayInput::Show(view) => Routed::Say(self.show_view(view)),
            DisplayInput::Connected { cols, rows } => {
                self.connected = true;
                self.trouble = None;
                self.sent = None;
                let mut events = vec![display(DisplayEvent::Connected { cols, rows })];
                // A display that comes back shows the view it showed.
                if self.view == View::Board {
                    events.push(display(DisplayEvent::View(View::Board)));
                }
                Routed::Say(events)
            }
            DisplayInput::Lost => {
                let was = std::mem::take(&mut self.connected);
                self.sent = None;
                if !was {
                    return Routed::Say(Vec::new());
                }
                // That the display went away is all the player needs:
                // BRLTTY not answering while it stays away (the
                // display's thread trying again) is not said after it.
                self.said_unavailable = true;
                Routed::Say(vec![display(DisplayEvent::Lost)])
            }
            DisplayInput::Unavailable(trouble) => {
                self.connected = false;
                self.trouble = Some(trouble);
                // Said at the step's end, when the setting asks for it.
                Routed::Say(Vec::new())
            }
        }
    }

    /// `display`, `display board`, `display text`.
    pub(super) fn command(&mut self, view: Option<View>) -> Vec<Event> {
        match view {
            Some(view) => self.show_view(view),
            None => self.switch(),
        }
    }

    fn switch(&mut self) -> Vec<Event> {
        let view = match self.view {
            View::Text => View::Board,
            View::Board => View::Text,
        };
        self.show_view(view)
    }

    fn show_view(&mut self, view: View) -> Vec<Event> {
        self.view = view;
        vec![display(DisplayEvent::View(view))]
    }

    /// A routing key over a square: pick, let go, or move.
    fn routed(&mut self, square: Square, t: &Table, may: May) -> Routed {
        let board = t.game.position().board().clone();
        let piece = board.piece_at(square);
        let picked = self.picked(t);
        self.picked = None;
        let pickable = |p: Piece| may.pick && p.color == t.game.turn();
        match (picked, piece) {
            (Some(from), Some(piece)) if from == square => {
                Routed::Say(vec![display(DisplayEvent::Dropped(piece, square))])
            }
            // Another piece of one's own, which the picked one cannot
            // go to (as a king castles onto its rook in Chess960), is
            // picked instead.
            (Some(from), Some(own)) if pickable(own) && !reaches(t, from, square) => {
                Routed::Say(self.pick_up(own, square, board))
            }
            (Some(from), _) => {
                let role = board.piece_at(from).map(|p| p.role);
                Routed::Move(from_to(from, square, role))
            }
            (None, Some(own)) if pickable(own) => Routed::Say(self.pick_up(own, square, board)),
            (None, _) => Routed::Read(square),
        }
    }

    /// The square picked, while the pieces stand as they did then.
    fn picked(&self, t: &Table) -> Option<Square> {
        let now = t.game.position().board();
        self.picked
            .as_ref()
            .filter(|(_, then)| then == now)
            .map(|(square, _)| *square)
    }

    fn pick_up(&mut self, piece: Piece, square: Square, board: Board) -> Vec<Event> {
        self.picked = Some((square, board));
        vec![display(DisplayEvent::Picked(piece, square))]
    }

    /// The board as the display draws it now, from the side the player
    /// reads it: in blindfold play its squares only, so that the display
    /// gives away nothing the player has not asked for.
    fn board(&self, t: &Table, blindfold: bool, side: Color) -> DisplayBoard {
        let board = if blindfold {
            Board::empty()
        } else {
            t.game.position().board().clone()
        };
        let choices = match &t.prompt {
            Some(Prompt::Promotion { moves, .. }) => {
                moves.iter().filter_map(|m| m.promotion()).collect()
            }
            _ => Vec::new(),
        };
        DisplayBoard {
            board,
            side,
            picked: self.picked(t),
            choices,
        }
    }

    /// The step's last words of the display: why it cannot be had, once,
    /// when the setting is `on`, and the board (blindfold or from
    /// `side`) when it changed.
    pub(super) fn ending(&mut self, t: &Table, blindfold: bool, side: Color) -> Vec<Event> {
        let mut events = Vec::new();
        if t.settings.braille == BrailleUse::On
            && !self.said_unavailable
            && let Some(trouble) = self.trouble.clone()
        {
            self.said_unavailable = true;
            events.push(display(DisplayEvent::Unavailable(trouble)));
        }
        if self.connected {
            let now = self.board(t, blindfold, side);
            if self.sent.as_ref() != Some(&now) {
                self.sent = Some(now.clone());
                events.push(display(DisplayEvent::Board(Box::new(now))));
            }
        }
        events
    }

    /// Whether to open or close the display, when the setting changed
    /// (and at the first step).
    pub(super) fn effect(&mut self, setting: BrailleUse) -> Option<Effect> {
        if self.asked == Some(setting) {
            return None;
        }
        // `braille on` asked again says again why it cannot be.
        if setting == BrailleUse::On {
            self.said_unavailable = false;
        }
        let was = self.asked.replace(setting);
        let wanted = setting != BrailleUse::Off;
        if was.is_some_and(|was| (was != BrailleUse::Off) == wanted) {
            return None;
        }
        if !wanted {
            self.connected = false;
            self.sent = None;
        }
        Some(Effect::Braille(wanted))
    }
}

/// Whether the player may pick a piece of the side to move now: the game
/// runs, that side is not the engine's or the opponent's on lichess, and
/// no game is replayed (the flow knows; the room is told).
#[derive(Copy, Clone, Debug)]
pub(super) struct May {
    /// A piece of the side to move may be picked.
    pub(super) pick: bool,
}

/// What a routing key asks of the flow, when the room cannot answer it
/// alone.
#[derive(Clone, Debug)]
pub(super) enum Routed {
    /// Said, and nothing more.
    Say(Vec<Event>),
    /// The move from the picked square, read as a typed move is.
    Move(Reading),
    /// A square with nothing to pick: read as `square` reads it.
    Read(Square),
    /// The piece a promotion offers, chosen: the move decided (with the
    /// draw claim it was asked with).
    Promote(Move, bool),
}

/// Whether a legal move goes from `from` to `to`.
fn reaches(t: &Table, from: Square, to: Square) -> bool {
    t.game
        .position()
        .legal_moves()
        .iter()
        .any(|m| m.from() == Some(from) && m.to() == to)
}

fn display(event: DisplayEvent) -> Event {
    SessionEvent::Display(event).into()
}

/// The move from one routed square to another, read as coordinates are,
/// of the piece picked there: a move it cannot make is refused naming it
/// ("The bishop on Felix eins cannot reach Felix fünf"), as the player
/// picked that piece and no other.
fn from_to(from: Square, to: Square, role: Option<Role>) -> Reading {
    Reading {
        intents: vec![Intent {
            role: role.map_or(RoleSpec::Any, RoleSpec::Role),
            from_file: Some(from.file()),
            from_rank: Some(from.rank()),
            to: Some(to),
            castle: None,
            capture: false,
            captured: None,
            promotion: None,
            en_passant: false,
            joins: false,
        }],
        understood: None,
    }
}
