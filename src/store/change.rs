//! A change between two states of the kept game, small enough to append
//! to the journal after every move: the moves and the clock's lists say
//! how many of their entries stay and which are added; everything else
//! comes whole, and only when it changed. A move costs the same few
//! bytes at ply 300 as at ply 10.

use serde::{Deserialize, Serialize};

use super::{SavedClock, SavedGame};

/// The entries of a list that stay, and those added after them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tail<T> {
    /// How many of the old entries stay.
    pub keep: usize,
    /// The entries that follow them.
    pub add: Vec<T>,
}

impl<T: Clone + PartialEq> Tail<T> {
    /// What turns `old` into `new`.
    fn between(old: &[T], new: &[T]) -> Tail<T> {
        let keep = old.iter().zip(new).take_while(|(a, b)| a == b).count();
        Tail {
            keep,
            add: new[keep..].to_vec(),
        }
    }

    /// Whether the list stays as it was.
    fn is_none(&self, old_len: usize) -> bool {
        self.keep == old_len && self.add.is_empty()
    }

    /// Applies the change to `list`; `None` when it keeps more entries
    /// than the list has (a journal that does not belong to it).
    pub fn apply(&self, list: &mut Vec<T>) -> Option<()> {
        if self.keep > list.len() {
            return None;
        }
        list.truncate(self.keep);
        list.extend_from_slice(&self.add);
        Some(())
    }
}

/// A field's new value, when it changed. A field that may become empty
/// is an `Option<Set<Option<T>>>`: "unchanged" and "now empty" must
/// not both be JSON's null.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Set<T> {
    /// The new value.
    pub to: T,
}

/// A change of the clock: its fields whole, its two lists as tails.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockChange {
    /// The clock with its lists left empty.
    pub clock: SavedClock,
    /// The times and moves at the start of every move.
    pub history: Tail<([u64; 2], [u32; 2])>,
    /// The mover's time after each move.
    pub after_ms: Tail<u64>,
}

/// What changed in the kept game from one state to the next.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// The moves, when they changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Tail<String>>,
    /// The clock, when it changed (to none when it was taken away).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<Set<Option<ClockChange>>>,
    /// The player's own board, when it changed (it follows the game
    /// move by move while it agrees with it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub my_board: Option<Set<Option<String>>>,
    /// Everything else, whole, when any of it changed (its moves, clock
    /// and player's board left empty).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rest: Option<Box<SavedGame>>,
}

impl Change {
    /// What turns `old` into `new`; `None` when they are the same.
    pub fn between(old: &SavedGame, new: &SavedGame) -> Option<Change> {
        Change::with_moves(old, new, Tail::between(&old.moves, &new.moves))
    }

    /// What turns `old` into `new` when `moves` is already known to turn
    /// the one's moves into the other's (they are not compared again).
    pub fn with_moves(old: &SavedGame, new: &SavedGame, moves: Tail<String>) -> Option<Change> {
        let change = Change {
            moves: (!moves.is_none(old.moves.len())).then_some(moves),
            clock: clock_change(old.clock.as_ref(), new.clock.as_ref()),
            my_board: (old.my_board != new.my_board).then(|| Set {
                to: new.my_board.clone(),
            }),
            rest: (!same_rest(old, new)).then(|| Box::new(rest_of(new))),
        };
        (change != Change::default()).then_some(change)
    }

    /// Applies the change to `game`; `None` when it does not fit (it
    /// keeps entries the game does not have), and then the game is left
    /// as it was.
    pub fn apply(&self, game: &mut SavedGame) -> Option<()> {
        if !self.fits(game) {
            return None;
        }
        if let Some(rest) = &self.rest {
            let moves = std::mem::take(&mut game.moves);
            let clock = game.clock.take();
            let my_board = game.my_board.take();
            let journal = game.journal;
            *game = SavedGame {
                moves,
                clock,
                my_board,
                journal,
                ..(**rest).clone()
            };
        }
        if let Some(my_board) = &self.my_board {
            game.my_board.clone_from(&my_board.to);
        }
        if let Some(moves) = &self.moves {
            moves.apply(&mut game.moves)?;
        }
        match self.clock.as_ref().map(|set| &set.to) {
            None => {}
            Some(None) => game.clock = None,
            Some(Some(change)) => {
                let (mut history, mut after_ms) = game
                    .clock
                    .take()
                    .map(|c| (c.history, c.after_ms))
                    .unwrap_or_default();
                change.history.apply(&mut history)?;
                change.after_ms.apply(&mut after_ms)?;
                game.clock = Some(SavedClock {
                    history,
                    after_ms,
                    ..change.clock.clone()
                });
            }
        }
        Some(())
    }

    /// Whether every list the change keeps entries of has them in `game`.
    fn fits(&self, game: &SavedGame) -> bool {
        let moves = self
            .moves
            .as_ref()
            .is_none_or(|tail| tail.keep <= game.moves.len());
        let clock = match self.clock.as_ref().map(|set| &set.to) {
            Some(Some(change)) => {
                let (history, after_ms) = game
                    .clock
                    .as_ref()
                    .map_or((0, 0), |c| (c.history.len(), c.after_ms.len()));
                change.history.keep <= history && change.after_ms.keep <= after_ms
            }
            None | Some(None) => true,
        };
        moves && clock
    }
}

fn clock_change(
    old: Option<&SavedClock>,
    new: Option<&SavedClock>,
) -> Option<Set<Option<ClockChange>>> {
    let Some(new) = new else {
        return old.is_some().then_some(Set { to: None });
    };
    let (history, after_ms) = match old {
        Some(old) => (
            Tail::between(&old.history, &new.history),
            Tail::between(&old.after_ms, &new.after_ms),
        ),
        None => (
            Tail::between(&[], &new.history),
            Tail::between(&[], &new.after_ms),
        ),
    };
    let fields = bare(new);
    let unchanged = old.is_some_and(|old| {
        bare(old) == fields
            && history.is_none(old.history.len())
            && after_ms.is_none(old.after_ms.len())
    });
    (!unchanged).then_some(Set {
        to: Some(ClockChange {
            clock: fields,
            history,
            after_ms,
        }),
    })
}

/// The clock without its lists (not copied: they can be long).
fn bare(clock: &SavedClock) -> SavedClock {
    let SavedClock {
        control,
        left_ms,
        made,
        turn,
        spent_ms,
        started,
        paused,
        stopped,
        history: _,
        after_ms: _,
    } = clock;
    SavedClock {
        control: control.clone(),
        left_ms: *left_ms,
        made: *made,
        turn: turn.clone(),
        spent_ms: *spent_ms,
        started: *started,
        paused: *paused,
        stopped: *stopped,
        history: Vec::new(),
        after_ms: Vec::new(),
    }
}

/// Whether everything but the moves and the clock is the same. The
/// pattern names every field, so a field added to [`SavedGame`] is not
/// forgotten here.
fn same_rest(a: &SavedGame, b: &SavedGame) -> bool {
    let SavedGame {
        format,
        initial_fen,
        chess960,
        moves: _,
        result,
        draw_offer,
        clock: _,
        settings,
        human,
        players,
        date,
        // Told on its own: it changes with most moves.
        my_board: _,
        blindfold,
        quiz,
        // The store's own mark of its checkpoint, not the game's.
        journal: _,
    } = a;
    *format == b.format
        && *initial_fen == b.initial_fen
        && *chess960 == b.chess960
        && *result == b.result
        && *draw_offer == b.draw_offer
        && *settings == b.settings
        && *human == b.human
        && *players == b.players
        && *date == b.date
        && *blindfold == b.blindfold
        && *quiz == b.quiz
}

/// The game without its moves and clock (not copied: they can be
/// long; a record carries them as tails).
fn rest_of(game: &SavedGame) -> SavedGame {
    SavedGame {
        format: game.format,
        initial_fen: game.initial_fen.clone(),
        chess960: game.chess960,
        moves: Vec::new(),
        result: game.result.clone(),
        draw_offer: game.draw_offer.clone(),
        clock: None,
        settings: game.settings.clone(),
        human: game.human.clone(),
        players: game.players.clone(),
        date: game.date.clone(),
        my_board: None,
        blindfold: game.blindfold,
        quiz: game.quiz,
        journal: None,
    }
}
