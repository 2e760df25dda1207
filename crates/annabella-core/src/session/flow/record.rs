//! The game as it is kept: the session's state turned into a
//! [`SavedGame`] (plain data the store writes) and back. Only what
//! belongs to the game comes back with it — who plays whom, the level,
//! the time control and the alarms; the interface language, speech and
//! sound stay as this run has them.

use super::Replaced;
use std::time::{Duration, Instant};

use shakmaty::uci::UciMove;
use shakmaty::{ByColor, Color, KnownOutcome};

use crate::rules::clock::{Clock, ClockState, TimeControl};
use crate::rules::{EndReason, Finished, Game};
use crate::session::records::saved_settings;
use crate::settings::{Key, parse_setting};
use crate::store::{FORMAT, SavedClock, SavedGame, SavedResult};

use super::Rooms;
use crate::dual::PlayerBoard;

/// The settings a kept game brings back.
const GAME_SETTINGS: [Key; 5] = [
    Key::Opponent,
    Key::Level,
    Key::Color,
    Key::Time,
    Key::TimeAlerts,
];

/// Why a kept game could not be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestoreError {
    /// The start position is not a FEN of a legal position.
    BadStart,
    /// Move N (counted from 1) is not legal there.
    BadMove(usize),
    /// The clock's time control cannot be read.
    BadClock,
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

fn pair<T: Copy>(by: ByColor<T>) -> [T; 2] {
    [by.white, by.black]
}

fn by<T: Copy>(pair: [T; 2]) -> ByColor<T> {
    ByColor {
        white: pair[0],
        black: pair[1],
    }
}

fn durations(pair: [u64; 2]) -> ByColor<Duration> {
    by(pair.map(Duration::from_millis))
}

impl Rooms {
    /// The game as it is kept, with the clock as it stands at `now`.
    pub fn record(&self, now: Instant) -> SavedGame {
        let mode = self.table.game.castling_mode();
        SavedGame {
            moves: self
                .table
                .game
                .plies()
                .iter()
                .map(|p| p.mv.to_uci(mode).to_string())
                .collect(),
            ..self.record_head(now)
        }
    }

    /// The game as it is kept with its moves left out (the autosave
    /// sends only those that changed).
    pub(in crate::session) fn record_head(&self, now: Instant) -> SavedGame {
        self.record_head_with(now, saved_settings(&self.table.settings))
    }

    /// [`Rooms::record_head`] with the settings already written out.
    pub(in crate::session) fn record_head_with(
        &self,
        now: Instant,
        settings: crate::store::Settings,
    ) -> SavedGame {
        SavedGame {
            format: FORMAT,
            initial_fen: self.table.game.initial_fen().to_string(),
            chess960: self.table.game.chess960_number(),
            moves: Vec::new(),
            result: self.table.game.result().map(|f| SavedResult {
                outcome: f.outcome.as_str().to_string(),
                reason: f.reason.id().to_string(),
                with_move: f.with_move,
            }),
            draw_offer: self.table.game.draw_offer().map(|c| c.to_string()),
            clock: self.table.clock.as_ref().map(|c| saved_clock(c, now)),
            settings,
            human: self.seat.human().to_string(),
            players: self.players(),
            date: self.table.date.clone(),
            my_board: Some(self.dual.mine().to_text()),
            blindfold: self.training.saved_blindfold(),
            quiz: self.training.saved_quiz(),
            journal: None,
        }
    }

    /// Goes on with a kept game: its moves, result, offer and clock (the
    /// running turn goes on from `now`), who plays whom and the time
    /// control.
    pub(super) fn restore(&mut self, saved: &SavedGame, now: Instant) -> Result<(), RestoreError> {
        let mut game = match saved.chess960 {
            Some(n) => Game::chess960(n),
            None => Game::from_fen(&saved.initial_fen),
        }
        .map_err(|_| RestoreError::BadStart)?;
        for (i, text) in saved.moves.iter().enumerate() {
            let mv = text
                .parse::<UciMove>()
                .ok()
                .and_then(|u| u.to_move(game.position()).ok())
                .ok_or(RestoreError::BadMove(i + 1))?;
            game.play(mv).map_err(|_| RestoreError::BadMove(i + 1))?;
        }
        game.set_result(saved.result.as_ref().and_then(finished));
        if let Some(color) = saved.draw_offer.as_deref().and_then(|c| c.parse().ok()) {
            game.offer_draw_by(color);
        }
        let clock = match &saved.clock {
            Some(kept) => Some(restored_clock(kept, now).ok_or(RestoreError::BadClock)?),
            None => None,
        };
        for (key, value) in saved.settings.iter() {
            if let Ok(setting) = parse_setting(key, value)
                && GAME_SETTINGS.contains(&setting.key())
            {
                self.table.settings.apply(setting);
            }
        }
        self.table.now = Some(now);
        self.replace_game(game, Replaced::Restore);
        self.seat.sit(saved.human.parse().unwrap_or(Color::White));
        self.table.date.clone_from(&saved.date);
        self.table.clock = clock;
        if let Some(mine) = saved.my_board.as_deref().and_then(PlayerBoard::from_text) {
            self.dual.restore_mine(mine);
        }
        self.training.restore_blindfold(saved.blindfold);
        self.training.restore_quiz(saved.quiz);
        Ok(())
    }
}

fn finished(saved: &SavedResult) -> Option<Finished> {
    Some(Finished {
        outcome: saved.outcome.parse::<KnownOutcome>().ok()?,
        reason: EndReason::from_id(&saved.reason)?,
        with_move: saved.with_move,
    })
}

fn saved_clock(clock: &Clock, now: Instant) -> SavedClock {
    let state = clock.state(now);
    SavedClock {
        control: clock.control().to_string(),
        left_ms: pair(state.left).map(ms),
        made: pair(state.made),
        turn: state.turn.to_string(),
        spent_ms: ms(state.spent),
        started: state.started,
        paused: state.paused,
        stopped: state.stopped,
        history: state
            .history
            .iter()
            .map(|(left, made)| (pair(*left).map(ms), pair(*made)))
            .collect(),
        after_ms: state.after.iter().copied().map(ms).collect(),
    }
}

fn restored_clock(kept: &SavedClock, now: Instant) -> Option<Clock> {
    let control: TimeControl = kept.control.parse().ok()?;
    let state = ClockState {
        left: durations(kept.left_ms),
        made: by(kept.made),
        turn: kept.turn.parse().ok()?,
        spent: Duration::from_millis(kept.spent_ms),
        started: kept.started,
        paused: kept.paused,
        stopped: kept.stopped,
        history: kept
            .history
            .iter()
            .map(|(left, made)| (durations(*left), by(*made)))
            .collect(),
        after: kept
            .after_ms
            .iter()
            .copied()
            .map(Duration::from_millis)
            .collect(),
    };
    Some(Clock::restore(control, state, now))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Rooms;
    use crate::settings::{OpponentChoice, Settings, TimeChoice};

    #[test]
    fn a_kept_game_comes_back_with_its_clock_and_settings() {
        let settings = Settings {
            opponent: OpponentChoice::Human,
            time: TimeChoice::Timed("5+3".parse().unwrap()),
            ..Settings::default()
        };
        let mut s = Rooms::new(Game::new(), settings.clone());
        let t0 = Instant::now();
        s.tick_at(t0);
        for (i, mv) in ["e4", "e5", "Nf3", "draw"].iter().enumerate() {
            s.line_at(mv, t0 + Duration::from_secs(10 * (i as u64 + 1)));
        }
        let kept = s.record(t0 + Duration::from_secs(45));
        let json = serde_json::to_string(&kept).unwrap();
        let back: SavedGame = serde_json::from_str(&json).unwrap();
        assert_eq!(back, kept);
        let mut other = Rooms::new(Game::new(), Settings::default());
        let later = t0 + Duration::from_secs(5000);
        other.restore(&back, later).unwrap();
        assert_eq!(other.game().fen(), s.game().fen());
        assert_eq!(other.game().draw_offer(), Some(Color::Black));
        assert_eq!(other.settings().opponent, OpponentChoice::Human);
        assert_eq!(other.settings().time, settings.time);
        // Black's turn (from 30 s) had used 15 s when it was kept; the
        // time the program was closed does not count.
        let report = other.table.clock_report(other.against(), None).unwrap();
        assert_eq!(report.sides[1].left, Duration::from_secs(293 - 15));
        assert_eq!(other.record(later), kept);
    }

    #[test]
    fn a_resignation_and_a_bad_move_are_told_apart() {
        let mut s = Rooms::new(Game::new(), Settings::default());
        let now = Instant::now();
        s.line_at("e4", now);
        s.line_at("resign", now);
        let kept = s.record(now);
        let mut other = Rooms::new(Game::new(), Settings::default());
        other.restore(&kept, now).unwrap();
        assert_eq!(other.game().result(), s.game().result());
        let mut broken = kept.clone();
        broken.moves.push("e2e4".into());
        assert_eq!(
            other.restore(&broken, now),
            Err(RestoreError::BadMove(broken.moves.len()))
        );
    }
}
