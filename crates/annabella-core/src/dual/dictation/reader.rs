//! The reader of a dictated line: piece words take the squares said
//! after them, side words set the side, and every part that cannot be
//! read is named.

use super::*;

/// What a head word says stands on its squares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum What {
    Piece(Role),
    Empty,
    /// A word that could not be read, standing where a piece would: its
    /// squares are named as problems, never given to another piece.
    Unknown,
}

/// A piece, empty or unknown word with the squares it has taken so far.
#[derive(Clone, Debug)]
struct Head {
    what: What,
    color: Option<Color>,
    /// The item of the word itself.
    index: usize,
    word: (usize, usize),
    /// From the first word to the last of the statement.
    span: (usize, usize),
    /// Slots taken, broken ones included.
    slots: usize,
    /// Squares taken.
    squares: usize,
}

/// A square said, or a broken one (already named as a problem) that still
/// counts as said for the piece before it.
#[derive(Copy, Clone, Debug)]
struct Slot {
    square: Option<Square>,
    start: usize,
    end: usize,
}

pub(super) struct Reader<'a> {
    text: &'a str,
    out: Dictation,
    /// The piece word taking the squares said after it.
    open: Option<Head>,
    /// Squares said and not yet given: pending for the next piece when
    /// none is open, else those since the last comma or joining word.
    segment: Vec<Slot>,
    /// Whether a comma or joining word came since the open piece word.
    boundary_since_open: bool,
    /// Whether the last word that meant something was a side: "e4
    /// weißer Springer" starts a statement, "Türme a1 f1 Springer" may
    /// be a list with a piece missing its square.
    side_just_said: bool,
}

impl<'a> Reader<'a> {
    /// A reader of `text` with `color` the side in force.
    pub(super) fn new(text: &'a str, color: Option<Color>) -> Reader<'a> {
        Reader {
            text,
            out: Dictation {
                color,
                ..Dictation::default()
            },
            open: None,
            segment: Vec::new(),
            boundary_since_open: false,
            side_just_said: false,
        }
    }

    /// What the line said.
    pub(super) fn finish(self) -> Dictation {
        self.out
    }

    fn slice(&self, start: usize, end: usize) -> String {
        self.text.get(start..end).unwrap_or("").to_string()
    }

    pub(super) fn read(&mut self, items: &[Item]) {
        let after = next_not(items, |k| k == Kind::Filler);
        let after_sides = next_not(items, |k| matches!(k, Kind::Filler | Kind::Color(_)));
        for (i, item) in items.iter().enumerate() {
            let next = kind_at(items, after.get(i).copied().flatten());
            let trailing = !next.is_some_and(Kind::is_square_like);
            match item.kind {
                Kind::Square(square) => self.segment.push(Slot {
                    square: Some(square),
                    start: item.start,
                    end: item.end,
                }),
                Kind::File(_) | Kind::Rank(_) | Kind::Number => self.broken(i, *item, &after),
                Kind::Boundary => {
                    self.flush();
                    self.boundary_since_open = true;
                }
                Kind::Stop => self.stop(),
                Kind::RestEmpty => {
                    self.stop();
                    self.out.rest_empty = true;
                }
                Kind::Filler => {}
                Kind::Color(color) => {
                    self.out.color = Some(color);
                    let before_head = kind_at(items, after_sides.get(i).copied().flatten())
                        .is_some_and(Kind::is_head);
                    // "Schwarz:" ends White's list; "schwarzer König" lets
                    // the piece word decide which squares are whose.
                    if !before_head {
                        self.close_open();
                    }
                }
                Kind::Piece(role) => self.head(What::Piece(role), i, *item, trailing),
                Kind::Empty => self.head(What::Empty, i, *item, trailing),
                Kind::Rest | Kind::Unknown => {
                    let word = self.slice(item.start, item.end);
                    self.out.problems.push(DictationProblem::UnknownWord(word));
                    self.stop();
                    // "Weis König g1": the word may have been a side.
                    if matches!(next, Some(Kind::Piece(_))) {
                        self.out.color = None;
                    }
                    if !trailing {
                        self.open = Some(self.new_head(What::Unknown, i, *item));
                        self.boundary_since_open = false;
                    }
                }
            }
            match item.kind {
                Kind::Color(_) => self.side_just_said = true,
                Kind::Filler => {}
                _ => self.side_just_said = false,
            }
        }
        self.stop();
    }

    fn new_head(&self, what: What, index: usize, item: Item) -> Head {
        Head {
            what,
            color: self.out.color,
            index,
            word: (item.start, item.end),
            span: (item.start, item.end),
            slots: 0,
            squares: 0,
        }
    }

    /// A file without a rank, a rank without a file, or a number where a
    /// square belongs: named, and kept as a said square so the piece
    /// before it is not also named as having none.
    fn broken(&mut self, index: usize, item: Item, after: &[Option<usize>]) {
        // "Springer Felix": the piece and its half square together.
        let start = match &self.open {
            Some(head)
                if matches!(head.what, What::Piece(_))
                    && head.slots == 0
                    && self.segment.is_empty()
                    && after.get(head.index).copied().flatten() == Some(index) =>
            {
                head.word.0
            }
            _ => item.start,
        };
        let text = self.slice(start, item.end);
        self.out.problems.push(DictationProblem::NoSquare(text));
        self.segment.push(Slot {
            square: None,
            start: item.start,
            end: item.end,
        });
    }

    /// A piece or empty word: it takes the squares after it, or, when no
    /// square follows, those said before it.
    fn head(&mut self, what: What, index: usize, item: Item, trailing: bool) {
        let mut head = self.new_head(what, index, item);
        match self.open.take() {
            None if !self.segment.is_empty() || trailing => {
                for slot in std::mem::take(&mut self.segment) {
                    self.give(&mut head, slot);
                }
                self.close(head);
            }
            None => self.open_head(head),
            Some(mut open) => {
                let mut claimed = Vec::new();
                if trailing {
                    if self.boundary_since_open {
                        claimed = std::mem::take(&mut self.segment);
                    } else if (self.side_just_said || what == What::Empty)
                        && (open.slots > 0 || self.segment.len() > 1)
                    {
                        // "Bauern a2 b2 e4 weißer Springer", "König g1 f3
                        // leer": the last square starts the new statement,
                        // but the piece before keeps at least one.
                        claimed.extend(self.segment.pop());
                    }
                }
                for slot in std::mem::take(&mut self.segment) {
                    self.give(&mut open, slot);
                }
                self.close(open);
                if trailing {
                    for slot in claimed {
                        self.give(&mut head, slot);
                    }
                    self.close(head);
                } else {
                    self.open_head(head);
                }
            }
        }
    }

    fn open_head(&mut self, head: Head) {
        self.open = Some(head);
        self.boundary_since_open = false;
    }

    /// Gives one slot to a head, stating the square if it can.
    fn give(&mut self, head: &mut Head, slot: Slot) {
        head.slots += 1;
        head.span = (head.span.0.min(slot.start), head.span.1.max(slot.end));
        let Some(square) = slot.square else {
            return;
        };
        head.squares += 1;
        match head.what {
            What::Piece(role) => {
                // Without a side nothing is stated; `close` names the part.
                if let Some(color) = head.color {
                    self.out.stated.push((square, Some(Piece { color, role })));
                }
            }
            What::Empty => self.out.stated.push((square, None)),
            What::Unknown => {
                let text = self.slice(slot.start, slot.end);
                self.out.problems.push(DictationProblem::NoPiece(text));
            }
        }
    }

    /// Ends a head, naming what it lacked.
    fn close(&mut self, head: Head) {
        let problem = match head.what {
            What::Piece(_) | What::Empty if head.slots == 0 => {
                DictationProblem::NoSquare(self.slice(head.word.0, head.word.1))
            }
            What::Piece(_) if head.color.is_none() && head.squares > 0 => {
                DictationProblem::NoColor(self.slice(head.span.0, head.span.1))
            }
            _ => return,
        };
        self.out.problems.push(problem);
    }

    /// Gives the squares since the last boundary to the open head.
    fn flush(&mut self) {
        if let Some(mut head) = self.open.take() {
            for slot in std::mem::take(&mut self.segment) {
                self.give(&mut head, slot);
            }
            self.open = Some(head);
        }
    }

    fn close_open(&mut self) {
        self.flush();
        if let Some(head) = self.open.take() {
            self.close(head);
        }
    }

    /// Ends every statement: squares no piece took are named.
    fn stop(&mut self) {
        self.close_open();
        for slot in std::mem::take(&mut self.segment) {
            if slot.square.is_some() {
                let text = self.slice(slot.start, slot.end);
                self.out.problems.push(DictationProblem::NoPiece(text));
            }
        }
    }
}
