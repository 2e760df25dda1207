//! The Braille display as data: what it shows and what its keys do,
//! with no display, no BrlAPI and no words of its own (the lines said
//! and the piece letters come in from the announcer).
//!
//! - The **text view** shows the newest thing annabella said, the same
//!   words as the text lines, each line cut at word boundaries into
//!   pieces as wide as the display. The window keys go to the next or
//!   previous piece, the line keys to the next or previous line of the
//!   last [`HISTORY`] lines, `HOME` back to the newest; a new telling
//!   jumps to its first line.
//! - The **board view** shows one rank a row, the farthest from the
//!   player first: its digit, a space, then a cell a square, a→h from
//!   White's side and h→a from Black's. A routing key over a square is
//!   that square ([`Action::Square`]); while a promotion is asked, the
//!   pieces offered follow the rank and a routing key over one chooses
//!   it. The line keys step through the ranks.
//! - Characters typed on the display's Braille keyboard make a line,
//!   shown while it is typed; Enter sends it ([`Action::Line`]).

use std::collections::VecDeque;

use shakmaty::{Color, File, Piece, Rank, Role, Square};

use crate::event::{DisplayBoard, View};
use crate::output::wrap;

/// How many lines said the text view keeps to scroll back through.
pub const HISTORY: usize = 100;

/// An empty light square on the board view.
pub const LIGHT: char = '.';
/// An empty dark square on the board view.
pub const DARK: char = '-';

/// Where the pieces a promotion offers begin on a board row: after the
/// rank's digit, a space, eight squares and a space.
const CHOICES_AT: usize = 11;

/// A key of the display, as annabella reads it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Key {
    /// A routing key: the cell above it, counted from the first cell of
    /// the first row.
    Route(u16),
    /// The window to the left (`FWINLT`).
    WinLeft,
    /// The window to the right (`FWINRT`).
    WinRight,
    /// A line up (`LNUP`).
    LineUp,
    /// A line down (`LNDN`).
    LineDown,
    /// Back to the newest (`HOME`).
    Home,
    /// Between the text and the board (`DISPMD`).
    Switch,
    /// One view (`DISPMD` on or off: the board or the text).
    Show(View),
    /// A character typed on the Braille keyboard.
    Char(char),
    /// Enter on the Braille keyboard.
    Enter,
    /// Backspace on the Braille keyboard.
    Backspace,
}

/// What a key asks of the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A routing key over a square of the board.
    Square(Square),
    /// A routing key over a piece a promotion offers.
    Choose(Role),
    /// Switch between the text and the board.
    Switch,
    /// Show this view.
    Show(View),
    /// A line typed on the Braille keyboard, as if typed on the keyboard.
    Line(String),
}

/// What the display shows: `rows` rows of `cols` cells, one after the
/// other, and where its cursor stands (the picked square).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// Exactly `cols × rows` characters.
    pub text: String,
    /// The cell under the cursor, if any.
    pub cursor: Option<usize>,
}

/// The display: its size, the view, what was said, the board.
#[derive(Clone, Debug)]
pub struct Screen {
    cols: usize,
    rows: usize,
    view: View,
    /// The lines said, oldest first; `lines[0]` is line number `first`.
    lines: VecDeque<String>,
    first: usize,
    /// The first line of the newest telling.
    newest: usize,
    /// The line shown on the first row, and which of its pieces.
    line: usize,
    piece: usize,
    board: Option<DisplayBoard>,
    /// King, queen, rook, bishop, knight and pawn in the UI language.
    letters: [char; 6],
    /// The board row shown on the first row of the display (0: the rank
    /// farthest from the player).
    top: usize,
    /// A line being typed on the Braille keyboard.
    typed: String,
}

impl Screen {
    /// A display of `cols` cells in `rows` rows (each at least one).
    pub fn new(cols: u16, rows: u16) -> Screen {
        Screen {
            cols: usize::from(cols.max(1)),
            rows: usize::from(rows.max(1)),
            view: View::Text,
            lines: VecDeque::new(),
            first: 0,
            newest: 0,
            line: 0,
            piece: 0,
            board: None,
            letters: ['K', 'Q', 'R', 'B', 'N', 'P'],
            top: 0,
            typed: String::new(),
        }
    }

    /// The display's size changed (another display, reconnected).
    pub fn resize(&mut self, cols: u16, rows: u16) {
        self.cols = usize::from(cols.max(1));
        self.rows = usize::from(rows.max(1));
        self.piece = 0;
        self.top = self.top.min(self.last_top());
    }

    /// Shows `view`.
    pub fn set_view(&mut self, view: View) {
        self.view = view;
    }

    /// The piece letters of the UI language: king, queen, rook, bishop,
    /// knight, pawn (White's; Black's are their small letters).
    pub fn set_letters(&mut self, letters: [char; 6]) {
        self.letters = letters;
    }

    /// The board to draw.
    pub fn set_board(&mut self, board: DisplayBoard) {
        self.board = Some(board);
    }

    /// A new telling: its lines are kept, and the text view jumps to the
    /// first of them.
    pub fn said<S: AsRef<str>>(&mut self, lines: &[S]) {
        let lines: Vec<&str> = lines
            .iter()
            .map(AsRef::as_ref)
            .filter(|l| !l.trim().is_empty())
            .collect();
        if lines.is_empty() {
            return;
        }
        self.newest = self.end();
        self.lines.extend(lines.iter().map(|l| l.to_string()));
        while self.lines.len() > HISTORY {
            self.lines.pop_front();
            self.first += 1;
        }
        self.newest = self.newest.max(self.first);
        self.home();
    }

    /// One past the number of the newest line.
    fn end(&self) -> usize {
        self.first + self.lines.len()
    }

    fn home(&mut self) {
        self.line = self.newest;
        self.piece = 0;
    }

    /// What `key` does: the display moves through what it shows, or the
    /// session is asked for something.
    pub fn key(&mut self, key: Key) -> Option<Action> {
        match key {
            Key::Char(c) if !c.is_control() => {
                self.typed.push(c);
                None
            }
            Key::Char(_) => None,
            Key::Backspace => {
                self.typed.pop();
                None
            }
            Key::Enter => Some(Action::Line(std::mem::take(&mut self.typed))),
            Key::Switch => Some(Action::Switch),
            Key::Show(view) => Some(Action::Show(view)),
            Key::Home => {
                self.home();
                self.top = 0;
                None
            }
            Key::Route(cell) => self.route(usize::from(cell)),
            Key::WinLeft | Key::WinRight | Key::LineUp | Key::LineDown => {
                match self.view {
                    View::Text => self.pan_text(key),
                    View::Board => self.pan_board(key),
                }
                None
            }
        }
    }

    fn route(&self, cell: usize) -> Option<Action> {
        if self.view != View::Board {
            return None;
        }
        let board = self.board.as_ref()?;
        let (row, col) = (cell / self.cols, cell % self.cols);
        if row >= self.rows {
            return None;
        }
        let index = self.top + row;
        if index >= 8 {
            return None;
        }
        if (2..10).contains(&col) {
            return Some(Action::Square(square_at(board.side, index, col - 2)));
        }
        let offered = col.checked_sub(CHOICES_AT)?;
        if offered % 2 == 1 {
            return None;
        }
        board
            .choices
            .get(offered / 2)
            .map(|&role| Action::Choose(role))
    }

    fn last_top(&self) -> usize {
        8usize.saturating_sub(self.rows)
    }

    fn pan_board(&mut self, key: Key) {
        match key {
            Key::LineDown => self.top = (self.top + 1).min(self.last_top()),
            Key::LineUp => self.top = self.top.saturating_sub(1),
            // The window keys page through the ranks on a display of
            // several rows, as they page through text.
            Key::WinRight => self.top = (self.top + self.rows).min(self.last_top()),
            Key::WinLeft => self.top = self.top.saturating_sub(self.rows),
            _ => {}
        }
    }

    /// The pieces of line `line`, as wide as the display.
    fn pieces(&self, line: usize) -> Vec<String> {
        line.checked_sub(self.first)
            .and_then(|i| self.lines.get(i))
            .map(|l| wrap(l, self.cols))
            .unwrap_or_default()
    }

    fn pan_text(&mut self, key: Key) {
        if self.lines.is_empty() {
            return;
        }
        self.line = self.line.clamp(self.first, self.end() - 1);
        match key {
            Key::WinRight => {
                for _ in 0..self.rows {
                    let count = self.pieces(self.line).len();
                    if self.piece + 1 < count {
                        self.piece += 1;
                    } else if self.line + 1 < self.end() {
                        self.line += 1;
                        self.piece = 0;
                    }
                }
            }
            Key::WinLeft => {
                for _ in 0..self.rows {
                    if self.piece > 0 {
                        self.piece -= 1;
                    } else if self.line > self.first {
                        self.line -= 1;
                        self.piece = self.pieces(self.line).len().saturating_sub(1);
                    }
                }
            }
            Key::LineDown if self.line + 1 < self.end() => {
                self.line += 1;
                self.piece = 0;
            }
            Key::LineUp if self.line > self.first => {
                self.line -= 1;
                self.piece = 0;
            }
            _ => {}
        }
    }

    /// What the display shows now.
    pub fn shown(&self) -> Shown {
        let mut rows: Vec<String> = Vec::with_capacity(self.rows);
        let mut cursor = None;
        if !self.typed.is_empty() {
            // The line being typed, its end in view, the cursor after it.
            let text: Vec<char> = self.typed.chars().collect();
            let room = self.cols * self.rows - 1;
            let visible = &text[text.len().saturating_sub(room)..];
            cursor = Some(visible.len());
            rows.extend(visible.chunks(self.cols).map(|c| c.iter().collect()));
        } else {
            match self.view {
                View::Text => rows = self.text_rows(),
                View::Board => {
                    if let Some(board) = &self.board {
                        for row in 0..self.rows.min(8 - self.top.min(8)) {
                            let index = self.top + row;
                            let picked = board.picked.and_then(|p| {
                                (0..8).find(|&c| square_at(board.side, index, c) == p)
                            });
                            if let Some(col) = picked {
                                cursor = Some(row * self.cols + 2 + col);
                            }
                            rows.push(self.rank_row(board, index));
                        }
                        self.beside_the_board(board, &mut rows);
                    }
                }
            }
        }
        let mut text = String::with_capacity(self.cols * self.rows);
        for r in 0..self.rows {
            let row = rows.get(r).map_or("", String::as_str);
            let mut n = 0;
            for c in row.chars().take(self.cols) {
                text.push(c);
                n += 1;
            }
            text.extend(std::iter::repeat_n(' ', self.cols - n));
        }
        let cursor = cursor.filter(|&c| c < self.cols * self.rows);
        Shown { text, cursor }
    }

    /// The cells after the first rank, when no promotion offers pieces
    /// there: the start of the newest thing said ("Springer Gustav
    /// eins."), so that a picked piece and a move are shown beside the
    /// board too.
    fn beside_the_board(&self, board: &DisplayBoard, rows: &mut [String]) {
        let room = self.cols.saturating_sub(CHOICES_AT);
        let Some(first) = rows.first_mut() else {
            return;
        };
        if !board.choices.is_empty() || room < 4 {
            return;
        }
        let newest = self
            .newest
            .checked_sub(self.first)
            .and_then(|i| self.lines.get(i));
        if let Some(piece) = newest.and_then(|line| wrap(line, room).into_iter().next()) {
            first.push(' ');
            first.push_str(&piece);
        }
    }

    fn text_rows(&self) -> Vec<String> {
        let mut rows = Vec::with_capacity(self.rows);
        let (mut line, mut piece) = (self.line, self.piece);
        while rows.len() < self.rows && line < self.end() {
            let pieces = self.pieces(line);
            match pieces.get(piece) {
                Some(p) => {
                    rows.push(p.clone());
                    piece += 1;
                }
                None => {
                    line += 1;
                    piece = 0;
                }
            }
        }
        rows
    }

    /// One rank of the board view: its digit, a space, a cell a square,
    /// then the pieces a promotion offers.
    pub fn rank_row(&self, board: &DisplayBoard, index: usize) -> String {
        let rank = rank_at(board.side, index);
        let mut row = String::with_capacity(self.cols);
        row.push(rank.char());
        row.push(' ');
        for col in 0..8 {
            let square = square_at(board.side, index, col);
            row.push(match board.board.piece_at(square) {
                Some(piece) => self.piece_char(piece),
                None if square.is_light() => LIGHT,
                None => DARK,
            });
        }
        if !board.choices.is_empty() {
            row.push(' ');
            for (i, role) in board.choices.iter().enumerate() {
                if i > 0 {
                    row.push(' ');
                }
                row.push(self.piece_char(Piece {
                    color: Color::White,
                    role: *role,
                }));
            }
        }
        row
    }

    fn piece_char(&self, piece: Piece) -> char {
        let letter = self.letters[match piece.role {
            Role::King => 0,
            Role::Queen => 1,
            Role::Rook => 2,
            Role::Bishop => 3,
            Role::Knight => 4,
            Role::Pawn => 5,
        }];
        match piece.color {
            Color::White => letter.to_uppercase().next().unwrap_or(letter),
            Color::Black => letter.to_lowercase().next().unwrap_or(letter),
        }
    }
}

/// The rank on board row `index` (0: the farthest from `side`).
fn rank_at(side: Color, index: usize) -> Rank {
    let index = u32::try_from(index.min(7)).unwrap_or(7);
    match side {
        Color::White => Rank::new(7 - index),
        Color::Black => Rank::new(index),
    }
}

/// The square in cell `col` (0 to 7) of board row `index`.
fn square_at(side: Color, index: usize, col: usize) -> Square {
    let col = u32::try_from(col.min(7)).unwrap_or(7);
    let file = match side {
        Color::White => File::new(col),
        Color::Black => File::new(7 - col),
    };
    Square::from_coords(file, rank_at(side, index))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Board, Chess, Position};

    fn start(side: Color) -> DisplayBoard {
        DisplayBoard {
            board: Chess::default().board().clone(),
            side,
            picked: None,
            choices: Vec::new(),
        }
    }

    fn row(screen: &Screen, r: usize) -> String {
        let shown = screen.shown();
        shown
            .text
            .chars()
            .skip(r * screen.cols)
            .take(screen.cols)
            .collect::<String>()
    }

    #[test]
    fn the_board_view_draws_a_rank_a_row_from_the_players_side() {
        let mut screen = Screen::new(40, 1);
        screen.set_letters(['K', 'D', 'T', 'L', 'S', 'B']);
        screen.set_board(start(Color::White));
        screen.set_view(View::Board);
        assert_eq!(row(&screen, 0).trim_end(), "8 tsldklst");
        screen.key(Key::LineDown);
        assert_eq!(row(&screen, 0).trim_end(), "7 bbbbbbbb");
        screen.key(Key::LineDown);
        assert_eq!(row(&screen, 0).trim_end(), "6 .-.-.-.-");
        for _ in 0..9 {
            screen.key(Key::LineDown);
        }
        assert_eq!(row(&screen, 0).trim_end(), "1 TSLDKLST");
        screen.set_board(start(Color::Black));
        screen.key(Key::Home);
        assert_eq!(row(&screen, 0).trim_end(), "1 TSLKDLST");
    }

    #[test]
    fn a_routing_key_over_a_cell_is_its_square_from_either_side() {
        let mut screen = Screen::new(40, 1);
        screen.set_board(start(Color::White));
        assert_eq!(screen.key(Key::Route(2)), None, "text view: no square");
        screen.set_view(View::Board);
        assert_eq!(screen.key(Key::Route(2)), Some(Action::Square(Square::A8)));
        assert_eq!(screen.key(Key::Route(0)), None);
        assert_eq!(screen.key(Key::Route(10)), None);
        screen.key(Key::LineDown);
        assert_eq!(screen.key(Key::Route(9)), Some(Action::Square(Square::H7)));
        screen.set_board(start(Color::Black));
        screen.key(Key::Home);
        assert_eq!(screen.key(Key::Route(2)), Some(Action::Square(Square::H1)));
        let mut four = Screen::new(20, 4);
        four.set_board(start(Color::White));
        four.set_view(View::Board);
        assert_eq!(
            four.key(Key::Route(20 * 3 + 6)),
            Some(Action::Square(Square::E5))
        );
        four.key(Key::WinRight);
        assert_eq!(
            four.key(Key::Route(20 * 3 + 6)),
            Some(Action::Square(Square::E1))
        );
    }

    #[test]
    fn a_picked_square_has_the_cursor_and_a_promotion_offers_its_pieces() {
        let mut screen = Screen::new(40, 1);
        let mut board = DisplayBoard {
            board: Board::empty(),
            ..start(Color::White)
        };
        board.picked = Some(Square::C8);
        board.choices = vec![Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
        screen.set_board(board);
        screen.set_view(View::Board);
        let shown = screen.shown();
        assert_eq!(shown.cursor, Some(4));
        assert_eq!(shown.text.trim_end(), "8 .-.-.-.- Q R B N");
        assert_eq!(
            screen.key(Key::Route(11)),
            Some(Action::Choose(Role::Queen))
        );
        assert_eq!(screen.key(Key::Route(12)), None);
        assert_eq!(
            screen.key(Key::Route(17)),
            Some(Action::Choose(Role::Knight))
        );
    }

    #[test]
    fn the_text_view_pans_through_pieces_and_lines_and_jumps_to_the_newest() {
        let mut screen = Screen::new(12, 1);
        screen.said(&["Eva vier: weißer Bauer.", "Zweite Zeile."]);
        let shown = |screen: &Screen| screen.shown().text.trim_end().to_string();
        assert_eq!(screen.shown().text, "Eva vier:   ");
        screen.key(Key::WinRight);
        assert_eq!(shown(&screen), "weißer");
        screen.key(Key::WinRight);
        assert_eq!(shown(&screen), "Bauer.");
        screen.key(Key::WinRight);
        assert_eq!(shown(&screen), "Zweite");
        screen.key(Key::WinRight);
        assert_eq!(shown(&screen), "Zeile.");
        screen.key(Key::WinRight);
        assert_eq!(shown(&screen), "Zeile.", "the end stays");
        screen.key(Key::WinLeft);
        screen.key(Key::WinLeft);
        assert_eq!(shown(&screen), "Bauer.");
        screen.key(Key::LineUp);
        assert_eq!(shown(&screen), "Bauer.", "no line above the first");
        screen.key(Key::LineDown);
        assert_eq!(shown(&screen), "Zweite");
        screen.key(Key::LineUp);
        assert_eq!(shown(&screen), "Eva vier:");
        screen.key(Key::LineDown);
        screen.said(&["Neu.", "Und mehr."]);
        assert_eq!(shown(&screen), "Neu.");
        screen.key(Key::LineUp);
        assert_eq!(shown(&screen), "Zweite");
        screen.key(Key::Home);
        assert_eq!(shown(&screen), "Neu.");
        let mut two = Screen::new(12, 2);
        two.said(&["Eva vier: weißer Bauer."]);
        assert_eq!(two.shown().text, "Eva vier:   weißer      ");
    }

    #[test]
    fn the_newest_words_stand_beside_the_first_rank() {
        let mut screen = Screen::new(40, 1);
        screen.set_letters(['K', 'D', 'T', 'L', 'S', 'B']);
        screen.set_board(start(Color::White));
        screen.set_view(View::Board);
        screen.said(&["Springer Gustav eins.", "Weiß am Zug."]);
        assert_eq!(
            screen.shown().text.trim_end(),
            "8 tsldklst Springer Gustav eins."
        );
        let mut narrow = Screen::new(14, 1);
        narrow.set_board(start(Color::White));
        narrow.set_view(View::Board);
        narrow.said(&["Springer Gustav eins."]);
        assert_eq!(
            narrow.shown().text,
            "8 rnbqkbnr    ",
            "three cells hold no word"
        );
        let mut wide = Screen::new(20, 1);
        wide.set_board(start(Color::White));
        wide.set_view(View::Board);
        wide.said(&["Springer Gustav eins."]);
        assert_eq!(wide.shown().text, "8 rnbqkbnr Springer ");
    }

    #[test]
    fn the_history_keeps_the_last_lines() {
        let mut screen = Screen::new(40, 1);
        for i in 0..HISTORY + 30 {
            screen.said(&[format!("line {i}")]);
        }
        for _ in 0..HISTORY + 50 {
            screen.key(Key::LineUp);
        }
        assert_eq!(screen.shown().text.trim_end(), "line 30");
    }

    #[test]
    fn typed_characters_make_a_line_that_enter_sends() {
        let mut screen = Screen::new(12, 1);
        for c in "e2e4x".chars() {
            assert_eq!(screen.key(Key::Char(c)), None);
        }
        screen.key(Key::Backspace);
        assert_eq!(screen.shown().text, "e2e4        ");
        assert_eq!(screen.shown().cursor, Some(4));
        assert_eq!(screen.key(Key::Enter), Some(Action::Line("e2e4".into())));
        assert_eq!(screen.shown().text, " ".repeat(12));
    }
}
