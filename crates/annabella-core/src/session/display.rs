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

use shakmaty::{Board, Piece, Position, Role, Square};

use crate::braille::Action;
use crate::event::{DisplayBoard, DisplayEvent, DisplayTrouble, Event, SessionEvent, View};
use crate::input::commands::Cmd;
use crate::input::{Intent, Line, Reading, Resolution, RoleSpec};
use crate::settings::BrailleUse;

use super::step::{Effect, Input};
use super::{Prompt, Session};

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
}

impl Session {
    /// A key of the display, or its news.
    pub(super) fn display_input(&mut self, input: DisplayInput) -> Vec<Event> {
        match input {
            DisplayInput::Square(square) => self.routed(square),
            DisplayInput::Choose(role) => self.chosen(role),
            DisplayInput::Switch => {
                let view = match self.display.view {
                    View::Text => View::Board,
                    View::Board => View::Text,
                };
                self.show_view(view)
            }
            DisplayInput::Show(view) => self.show_view(view),
            DisplayInput::Connected { cols, rows } => {
                self.display.connected = true;
                self.display.trouble = None;
                self.display.sent = None;
                let mut events = vec![display(DisplayEvent::Connected { cols, rows })];
                // A display that comes back shows the view it showed.
                if self.display.view == View::Board {
                    events.push(display(DisplayEvent::View(View::Board)));
                }
                events
            }
            DisplayInput::Lost => {
                let was = std::mem::take(&mut self.display.connected);
                self.display.sent = None;
                if was {
                    // That the display went away is all the player needs:
                    // BRLTTY not answering while it stays away (the
                    // display's thread trying again) is not said after it.
                    self.display.said_unavailable = true;
                    vec![display(DisplayEvent::Lost)]
                } else {
                    Vec::new()
                }
            }
            DisplayInput::Unavailable(trouble) => {
                self.display.connected = false;
                self.display.trouble = Some(trouble);
                // Said at the step's end, when the setting asks for it.
                Vec::new()
            }
        }
    }

    /// `display`, `display board`, `display text`.
    pub(super) fn display_command(&mut self, view: Option<View>) -> Vec<Event> {
        match view {
            Some(view) => self.show_view(view),
            None => self.display_input(DisplayInput::Switch),
        }
    }

    fn show_view(&mut self, view: View) -> Vec<Event> {
        self.display.view = view;
        vec![display(DisplayEvent::View(view))]
    }

    /// A routing key over a square: pick, let go, or move.
    fn routed(&mut self, square: Square) -> Vec<Event> {
        let board = self.table.game.position().board().clone();
        let piece = board.piece_at(square);
        let picked = self.picked();
        self.display.picked = None;
        match (picked, piece) {
            (Some(from), Some(piece)) if from == square => {
                vec![display(DisplayEvent::Dropped(piece, square))]
            }
            // Another piece of one's own, which the picked one cannot
            // go to (as a king castles onto its rook in Chess960), is
            // picked instead.
            (Some(from), Some(own)) if self.pickable(own) && !self.reaches(from, square) => {
                self.pick(own, square, board)
            }
            (Some(from), _) => {
                let role = board.piece_at(from).map(|p| p.role);
                self.move_reading(from_to(from, square, role), false)
            }
            (None, Some(own)) if self.pickable(own) => self.pick(own, square, board),
            (None, _) => self.run(Line::Command(Cmd::Square(square))),
        }
    }

    /// The square picked, while the pieces stand as they did then.
    fn picked(&self) -> Option<Square> {
        let now = self.table.game.position().board();
        self.display
            .picked
            .as_ref()
            .filter(|(_, then)| then == now)
            .map(|(square, _)| *square)
    }

    fn pick(&mut self, piece: Piece, square: Square, board: Board) -> Vec<Event> {
        self.display.picked = Some((square, board));
        vec![display(DisplayEvent::Picked(piece, square))]
    }

    /// Whether `piece` is one the player may pick now: of the side to
    /// move, in a game that runs, when that side is not the engine's or
    /// the opponent's on lichess, and no game is replayed.
    fn pickable(&self, piece: Piece) -> bool {
        let game = &self.table.game;
        let o = self.against();
        let turn = game.turn();
        piece.color == turn
            && !game.is_over()
            && !o.engine_plays(turn)
            && !o.remote_plays(turn)
            && !self.replay.replaying()
    }

    /// Whether a legal move goes from `from` to `to`.
    fn reaches(&self, from: Square, to: Square) -> bool {
        self.table
            .game
            .position()
            .legal_moves()
            .iter()
            .any(|m| m.from() == Some(from) && m.to() == to)
    }

    /// A routing key over a piece a promotion offers.
    fn chosen(&mut self, role: Role) -> Vec<Event> {
        let Some(Prompt::Promotion { moves, claim }) = self.table.prompt.clone() else {
            return Vec::new();
        };
        let Some(mv) = moves.iter().find(|m| m.promotion() == Some(role)).copied() else {
            return Vec::new();
        };
        self.table.prompt = None;
        self.decided(Resolution::Move(mv), claim)
    }

    /// The board as the display draws it now: in blindfold play its
    /// squares only, so that the display gives away nothing the player
    /// has not asked for.
    fn display_board(&self) -> DisplayBoard {
        let board = if self.training.blindfold.is_some() {
            Board::empty()
        } else {
            self.table.game.position().board().clone()
        };
        let picked = self.picked();
        let choices = match &self.table.prompt {
            Some(Prompt::Promotion { moves, .. }) => {
                moves.iter().filter_map(|m| m.promotion()).collect()
            }
            _ => Vec::new(),
        };
        DisplayBoard {
            board,
            side: self.reader().side(),
            picked,
            choices,
        }
    }

    /// The step's last words of the display: why it cannot be had, once,
    /// when the setting is `on`, and the board when it changed.
    pub(super) fn display_ending(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        if self.table.settings.braille == BrailleUse::On
            && !self.display.said_unavailable
            && let Some(trouble) = self.display.trouble.clone()
        {
            self.display.said_unavailable = true;
            events.push(display(DisplayEvent::Unavailable(trouble)));
        }
        events.extend(self.board_for_display());
        events
    }

    fn board_for_display(&mut self) -> Option<Event> {
        if !self.display.connected {
            return None;
        }
        let now = self.display_board();
        if self.display.sent.as_ref() == Some(&now) {
            return None;
        }
        self.display.sent = Some(now.clone());
        Some(display(DisplayEvent::Board(Box::new(now))))
    }

    /// Whether to open or close the display, when the setting changed
    /// (and at the first step).
    pub(super) fn display_effect(&mut self) -> Option<Effect> {
        let setting = self.table.settings.braille;
        if self.display.asked == Some(setting) {
            return None;
        }
        // `braille on` asked again says again why it cannot be.
        if setting == BrailleUse::On {
            self.display.said_unavailable = false;
        }
        let was = self.display.asked.replace(setting);
        let wanted = setting != BrailleUse::Off;
        if was.is_some_and(|was| (was != BrailleUse::Off) == wanted) {
            return None;
        }
        if !wanted {
            self.display.connected = false;
            self.display.sent = None;
        }
        Some(Effect::Braille(wanted))
    }
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
