//! Who plays the other side, as one value the rooms ask: a second
//! person at the same keyboard, an engine (the built-in one, or an
//! external one with the built-in one standing by), or a player on
//! lichess. It is made from what owns each part — the setting
//! `opponent`, the seat (the side the person plays) and the online room
//! (a game on lichess running) — whenever a room needs it, so it is
//! never out of step with them.

use shakmaty::Color;

use crate::event::Who;

/// Who plays the other side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Plays {
    /// Two people at one keyboard (hot seat; also the assistant who
    /// types both sides' moves).
    Person,
    /// An engine, built in or external.
    Engine,
    /// A player on lichess, in the game running there.
    Lichess,
}

/// The other side and the person's own.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Opponent {
    /// Who plays the other side.
    pub plays: Plays,
    /// The side the person plays (in hot seat the one drawn for the
    /// game, which matters once an engine takes the other side).
    pub human: Color,
}

impl Opponent {
    /// Two people at one keyboard.
    pub fn hot_seat(self) -> bool {
        self.plays == Plays::Person
    }

    /// Whether an engine plays `color`.
    pub fn engine_plays(self, color: Color) -> bool {
        self.plays == Plays::Engine && color != self.human
    }

    /// Whether the player on lichess plays `color`.
    pub fn remote_plays(self, color: Color) -> bool {
        self.plays == Plays::Lichess && color != self.human
    }

    /// The clock here decides the game (on lichess the server's does).
    pub fn local_clock(self) -> bool {
        self.plays != Plays::Lichess
    }

    /// The side of the person at the keyboard: in hot seat the side to
    /// move (`turn`).
    pub fn own_side(self, turn: Color) -> Color {
        match self.plays {
            Plays::Person => turn,
            Plays::Engine | Plays::Lichess => self.human,
        }
    }

    /// The side the board is read from when the setting `orientation`
    /// says the player's: the person's, or White's in hot seat.
    pub fn reading_side(self) -> Color {
        match self.plays {
            Plays::Person => Color::White,
            Plays::Engine | Plays::Lichess => self.human,
        }
    }

    /// How a side is named: "you" and "opponent" against an engine or on
    /// lichess, by colour in hot seat.
    pub fn who(self, color: Color) -> Who {
        match self.plays {
            Plays::Person => Who::Side(color),
            Plays::Engine | Plays::Lichess if color == self.human => Who::You,
            Plays::Engine | Plays::Lichess => Who::Opponent,
        }
    }

    /// Whether `color`'s clock alarms are said: the person's, or both
    /// sides' in hot seat. (A test, not a list: the clock asks at every
    /// step, and a list would be made each time.)
    pub fn alarms_for(self, color: Color) -> bool {
        match self.plays {
            Plays::Person => true,
            Plays::Engine | Plays::Lichess => color == self.human,
        }
    }

    /// Whether the person at the keyboard repeats the moves of `mover`
    /// in confirm mode: the opponent's, or in hot seat every move (the
    /// other player repeats it).
    pub fn repeats_moves_of(self, mover: Color) -> bool {
        match self.plays {
            Plays::Person => true,
            Plays::Engine | Plays::Lichess => mover != self.human,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_is_named_and_read_as_the_opponent_says() {
        let engine = Opponent {
            plays: Plays::Engine,
            human: Color::Black,
        };
        assert!(engine.engine_plays(Color::White));
        assert!(!engine.engine_plays(Color::Black));
        assert_eq!(engine.who(Color::Black), Who::You);
        assert_eq!(engine.own_side(Color::White), Color::Black);
        let seat = Opponent {
            plays: Plays::Person,
            ..engine
        };
        assert!(!seat.engine_plays(Color::White));
        assert_eq!(seat.who(Color::Black), Who::Side(Color::Black));
        assert_eq!(seat.own_side(Color::White), Color::White);
        assert_eq!(seat.reading_side(), Color::White);
        let online = Opponent {
            plays: Plays::Lichess,
            ..engine
        };
        assert!(online.remote_plays(Color::White));
        assert!(!online.local_clock());
        assert!(online.alarms_for(Color::Black) && !online.alarms_for(Color::White));
    }
}
