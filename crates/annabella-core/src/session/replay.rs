//! Replay: a finished or loaded game shown move by move (`next`, `prev`,
//! `start`, `end`, `goto`), and `play` to go on from the position shown.
//!
//! While a game is replayed, the session's game is the game cut at the
//! move shown, so every reading command (`board`, `fen`, `pgn`, `status`
//! and the rest) reads the shown position without knowing of replay; the
//! whole game waits here. Nothing runs meanwhile: no clock (the game's
//! clock, stopped, waits with it), no engine move, and moves are refused.
//! `play`, `new` or another game (loaded or set) ends the replay.

use super::flow::Replaced;
use shakmaty::Color;

use crate::event::{Event, MoveRange, Refused, ReplayEvent};
use crate::input::{MoveNumber, Refusal};
use crate::rules::clock::Clock;
use crate::rules::{Game, MoveFacts};

use super::opponent::Opponent;
use super::table::Table;

/// A replay under way: the whole game, and the clock it was played on.
#[derive(Clone, Debug)]
struct Replayed {
    /// The game as it was played or loaded, to its last move.
    full: Game,
    /// The clock the game was played on, stopped: the PGN of the moves
    /// shown keeps their times.
    clock: Option<Clock>,
}

/// The replay room: the whole game while it is replayed.
#[derive(Clone, Debug, Default)]
pub(super) struct ReplayRoom {
    replayed: Option<Replayed>,
}

/// What the replay room is asked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum ReplayOrder {
    /// `next`: the next move; at the end, the end again.
    Next,
    /// `prev` (and `undo` in a replay): the move shown is taken off.
    Prev,
    /// `start`: the start position, and whose move it is.
    Start,
    /// `end`: the last move and the result.
    End,
    /// `goto N [side]`: the position after that move.
    Goto(MoveNumber),
}

/// The game up to its `shown`-th half-move: at the end the whole game
/// with its result, before it the game still running.
fn up_to(full: &Game, shown: usize) -> Game {
    let mut game = full.clone();
    while game.plies().len() > shown {
        // Taking the moves back keeps everything the game knows of its
        // start (Chess960, a set-up position). A game that ended without
        // a move is reopened by the first call; the next ones take moves.
        game.undo();
    }
    game
}

/// `shown` as `play` goes on from it: a resignation, an agreement, a
/// claim or a fallen flag ended the game after its last move, and the
/// position itself goes on; `None` when the position ended it (mate,
/// stalemate, a draw by rule).
fn going_on(shown: &Game) -> Option<Game> {
    let mut game = shown.clone();
    if game.result().is_some_and(|f| !f.with_move) {
        game.undo();
    }
    (!game.is_over()).then_some(game)
}

impl ReplayRoom {
    /// Shows `game` (a loaded one) for replay, from its start, in place
    /// of the table's game, with no clock running: `next` then walks it
    /// from its first move, `end` jumps to its result.
    pub fn load(&mut self, t: &mut Table, game: Game) {
        t.clock = None;
        t.game = up_to(&game, 0);
        self.replayed = Some(Replayed {
            full: game,
            clock: None,
        });
    }

    /// Whether a game is being replayed.
    pub fn replaying(&self) -> bool {
        self.replayed.is_some()
    }

    /// The whole game being replayed (while the table's game is the game
    /// up to the move shown).
    pub fn full(&self) -> Option<&Game> {
        self.replayed.as_ref().map(|r| &r.full)
    }

    /// The clock whose times go into the PGN: the one the replayed game
    /// was played on, else the table's.
    pub fn record_clock<'a>(&'a self, t: &'a Table) -> Option<&'a Clock> {
        match &self.replayed {
            Some(replayed) => replayed.clock.as_ref(),
            None => t.clock.as_ref(),
        }
    }

    /// With `status` in a replay: how far it has come.
    pub fn place(&self, t: &Table) -> Option<Event> {
        let replayed = self.replayed.as_ref()?;
        Some(
            ReplayEvent::Place {
                shown: t.game.plies().len(),
                total: replayed.full.plies().len(),
                ended: going_on(&t.game).is_none(),
            }
            .into(),
        )
    }

    /// The whole game being replayed; a finished game starts its replay
    /// at its end, and its open question lapses. A running game is not
    /// replayed: `Err` with the refusal.
    fn replayed(&mut self, t: &mut Table) -> Result<&Game, Vec<Event>> {
        if self.replayed.is_none() && t.game.is_over() {
            // The clock stopped with the game and waits in the replay.
            t.prompt = None;
            self.replayed = Some(Replayed {
                full: t.game.clone(),
                clock: t.clock.take(),
            });
        }
        match &self.replayed {
            Some(replayed) => Ok(&replayed.full),
            None => Err(vec![Refused::NoReplay.into()]),
        }
    }

    /// The half-moves shown and in the whole game, starting a replay if
    /// none runs.
    fn counts(&mut self, t: &mut Table) -> Result<(usize, usize), Vec<Event>> {
        let total = self.replayed(t)?.plies().len();
        Ok((t.game.plies().len(), total))
    }

    /// Shows the game up to half-move `shown`.
    fn show(&self, t: &mut Table, shown: usize) {
        if let Some(replayed) = &self.replayed {
            t.game = up_to(&replayed.full, shown);
        }
    }

    /// Shows the game up to half-move `shown` (at least one) and says
    /// that move, and the end of the game when it was the last.
    fn show_move(&self, t: &mut Table, shown: usize) -> Vec<Event> {
        self.show(t, shown);
        let mut events: Vec<Event> = MoveFacts::last(&t.game)
            .map(|f| ReplayEvent::Shown(f).into())
            .into_iter()
            .collect();
        events.extend(self.at_end(t));
        events
    }

    /// The end of the game, when the last move is shown.
    fn at_end(&self, t: &Table) -> Option<Event> {
        let full = &self.replayed.as_ref()?.full;
        (t.game.plies().len() == full.plies().len())
            .then(|| ReplayEvent::AtEnd(full.result()).into())
    }

    /// Shows the position after `plies` half-moves (a review's turning
    /// point), starting a replay of a finished game; a running game is
    /// not replayed (`Err` with the refusal).
    pub fn show_at(&mut self, t: &mut Table, plies: usize) -> Result<(), Vec<Event>> {
        let total = self.replayed(t)?.plies().len();
        self.show(t, plies.min(total));
        Ok(())
    }

    /// `next`, `prev`, `start`, `end`, `goto`: the game shown moves (the
    /// flow has the player's board follow it).
    pub fn handle(&mut self, t: &mut Table, o: Opponent, order: ReplayOrder) -> Vec<Event> {
        if let ReplayOrder::Goto(to) = order {
            return self.goto(t, to);
        }
        let (shown, total) = match self.counts(t) {
            Ok(counts) => counts,
            Err(refused) => return refused,
        };
        match order {
            ReplayOrder::Next if shown >= total => self.at_end(t).into_iter().collect(),
            ReplayOrder::Next => self.show_move(t, shown + 1),
            ReplayOrder::Prev if shown == 0 => vec![ReplayEvent::AtStart.into()],
            ReplayOrder::Prev => {
                let back = MoveFacts::last(&t.game);
                self.show(t, shown - 1);
                back.map(|f| ReplayEvent::Back(f).into())
                    .into_iter()
                    .collect()
            }
            ReplayOrder::Start => {
                self.show(t, 0);
                vec![ReplayEvent::AtStart.into(), t.status(o)]
            }
            ReplayOrder::End if total == 0 => self.at_end(t).into_iter().collect(),
            ReplayOrder::End => self.show_move(t, total),
            ReplayOrder::Goto(_) => Vec::new(),
        }
    }

    /// `goto N [side]`: the position after that move; without a side,
    /// White's move N (Black's when the game has no White move N, as in
    /// a game set up with Black to move).
    fn goto(&mut self, t: &mut Table, to: MoveNumber) -> Vec<Event> {
        let MoveNumber { number, side } = to;
        let plies = match self.replayed(t) {
            Ok(full) => full.plies(),
            Err(refused) => return refused,
        };
        let find = |color| {
            plies
                .iter()
                .position(|p| p.number == number && p.color == color)
        };
        let at = match side {
            Some(color) => find(color),
            None => find(Color::White).or_else(|| find(Color::Black)),
        };
        let range = match (plies.first(), plies.last()) {
            (Some(first), Some(last)) => Some(MoveRange {
                first: first.number,
                last: last.number,
                last_side: last.color,
            }),
            _ => None,
        };
        match at {
            Some(index) => self.show_move(t, index + 1),
            None => vec![
                Refused::NoSuchMove {
                    number,
                    side,
                    range,
                }
                .into(),
            ],
        }
    }

    /// `play`: the position shown goes on as a game, its moves so far
    /// kept as its history, and the replay ends. A finished game not
    /// being replayed goes on from its end. A position the game ended in
    /// by itself (mate, stalemate) cannot go on. `Err` with the refusal.
    pub fn leave(&mut self, t: &Table) -> Result<Game, Vec<Event>> {
        if self.replayed.is_none() && !t.game.is_over() {
            return Err(vec![Refused::NoReplay.into()]);
        }
        let Some(game) = going_on(&t.game) else {
            return Err(vec![Refusal::GameOver.into()]);
        };
        self.replayed = None;
        Ok(game)
    }

    /// Whether a replay shows the position its game ended in by itself:
    /// then a move typed hears what `play` would say (the game is over:
    /// `new` or `undo`), not to type `play`.
    pub fn ended_here(&self, t: &Table) -> bool {
        self.replaying() && going_on(&t.game).is_none()
    }

    /// Another game is on the table: the replay ends.
    pub fn end(&mut self) {
        self.replayed = None;
    }

    /// Another game is on the table: shown from its start when it is to
    /// be replayed, else the replay ends.
    pub fn on_new_game(&mut self, t: &mut Table, why: Replaced) {
        match why {
            Replaced::Replay => {
                let game = t.game.clone();
                self.load(t, game);
            }
            _ => self.end(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::engine::host::Request;
    use crate::event::{ClockEvent, GameEvent};
    use crate::rules::EndReason;
    use crate::rules::clock::TimeControl;
    use crate::session::Rooms;
    use crate::session::testing::engine_requests;
    use crate::settings::OpponentChoice;
    use crate::settings::{Settings, TimeChoice};

    fn session(opponent: OpponentChoice) -> Rooms {
        let settings = Settings {
            opponent,
            ..Settings::default()
        };
        Rooms::new(Game::new(), settings)
    }

    /// A hot-seat session after `moves`, one line each.
    fn played(moves: &[&str]) -> (Rooms, Instant) {
        let mut s = session(OpponentChoice::Human);
        let t0 = Instant::now();
        for line in moves {
            s.line_at(line, t0);
        }
        (s, t0)
    }

    fn shown(events: &[Event]) -> Vec<String> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Replay(ReplayEvent::Shown(f)) => Some(format!("+{}", f.san)),
                Event::Replay(ReplayEvent::Back(f)) => Some(format!("-{}", f.san)),
                _ => None,
            })
            .collect()
    }

    const MATE: [&str; 4] = ["f3", "e5", "g4", "Qh4"];

    #[test]
    fn a_finished_game_is_walked_from_its_end_and_read_where_it_stands() {
        let (mut s, t0) = played(&MATE);
        let end = s.line_at("next", t0);
        let [Event::Replay(ReplayEvent::AtEnd(Some(f)))] = &end[..] else {
            panic!("{end:?}");
        };
        assert_eq!(f.reason, EndReason::Checkmate);
        assert!(s.replay.replaying());
        assert_eq!(shown(&s.line_at("prev", t0)), ["-Qh4#"]);
        assert_eq!(shown(&s.line_at("undo", t0)), ["-g4"], "undo is prev");
        assert_eq!(
            s.game().fen(),
            "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2"
        );
        assert!(!s.game().is_over());
        let start = s.line_at("start", t0);
        assert_eq!(start[0], ReplayEvent::AtStart.into());
        assert!(s.game().plies().is_empty());
        assert_eq!(s.line_at("prev", t0), [ReplayEvent::AtStart.into()]);
        assert_eq!(shown(&s.line_at("next", t0)), ["+f3"]);
        let status = s.line_at("status", t0);
        assert_eq!(
            status[1],
            ReplayEvent::Place {
                shown: 1,
                total: 4,
                ended: false
            }
            .into(),
            "{status:?}"
        );
        // The whole game waits, untouched.
        assert_eq!(s.replay.full().map(|g| g.plies().len()), Some(4));
    }

    #[test]
    fn the_last_move_comes_with_the_result_also_without_a_move() {
        let (mut s, t0) = played(&["e4", "e5", "resign"]);
        let end = s.line_at("end", t0);
        assert_eq!(shown(&end), ["+e5"]);
        assert!(matches!(
            end[1],
            Event::Replay(ReplayEvent::AtEnd(Some(f))) if f.reason == EndReason::Resignation
        ));
        assert!(s.game().is_over(), "the end shows the result");
        s.line_at("prev", t0);
        assert!(!s.game().is_over());
    }

    #[test]
    fn goto_finds_a_move_by_number_and_side_and_names_the_range() {
        let (mut s, t0) = played(&MATE);
        assert_eq!(shown(&s.line_at("goto 1", t0)), ["+f3"]);
        assert_eq!(shown(&s.line_at("goto 1 black", t0)), ["+e5"]);
        assert_eq!(shown(&s.line_at("gehe schwarz 1", t0)), ["+e5"]);
        assert_eq!(shown(&s.line_at("goto 2...", t0))[0], "+Qh4#");
        assert_eq!(shown(&s.line_at("goto move 2", t0)), ["+g4"]);
        let refused = s.line_at("goto 3", t0);
        let range = Some(MoveRange {
            first: 1,
            last: 2,
            last_side: Color::Black,
        });
        assert_eq!(
            refused,
            [Refused::NoSuchMove {
                number: 3,
                side: None,
                range
            }
            .into()]
        );
        assert_eq!(s.game().plies().len(), 3, "a refused goto stays");
    }

    #[test]
    fn goto_in_a_game_that_starts_with_black_falls_back_to_blacks_move() {
        let game = Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 7").expect("fen");
        let mut s = session(OpponentChoice::Human);
        s.set_game(game);
        let t0 = Instant::now();
        s.line_at("Kd7", t0);
        s.line_at("e4", t0);
        s.line_at("resign", t0);
        assert_eq!(shown(&s.line_at("goto 7", t0)), ["+Kd7"]);
        assert_eq!(shown(&s.line_at("goto 8", t0)), ["+e4"]);
        assert!(matches!(
            &s.line_at("goto 7 white", t0)[..],
            [Event::Refusal(Refused::NoSuchMove { .. })]
        ));
    }

    #[test]
    fn moves_and_playing_on_are_refused_while_replaying() {
        let (mut s, t0) = played(&MATE);
        s.line_at("goto 1", t0);
        for line in ["e5", "resign", "draw", "accept", "clock", "pause"] {
            assert_eq!(s.line_at(line, t0), [Refused::Replaying.into()], "{line}");
        }
        assert_eq!(s.game().plies().len(), 1);
    }

    #[test]
    fn a_running_game_is_not_replayed() {
        let (mut s, t0) = played(&["e4"]);
        for line in ["next", "prev", "start", "end", "goto 1", "play"] {
            assert_eq!(s.line_at(line, t0), [Refused::NoReplay.into()], "{line}");
        }
        assert!(!s.replay.replaying());
    }

    #[test]
    fn play_goes_on_from_the_shown_position_with_its_moves() {
        let (mut s, t0) = played(&MATE);
        s.line_at("goto 2", t0);
        let events = s.line_at("play", t0);
        assert_eq!(events[0], ReplayEvent::Continued.into());
        assert!(!s.replay.replaying());
        assert_eq!(s.game().plies().len(), 3);
        assert!(s.game().result().is_none());
        let moved = s.line_at("d5", t0);
        assert!(matches!(moved[0], Event::Game(GameEvent::Moved(_))));
        assert_eq!(s.game().plies().len(), 4);
    }

    #[test]
    fn play_on_a_mate_is_refused_and_after_a_resignation_goes_on() {
        let (mut s, t0) = played(&MATE);
        assert_eq!(s.line_at("play", t0), [Refusal::GameOver.into()]);
        assert!(!s.replay.replaying(), "nothing started");
        let (mut s, t0) = played(&["e4", "resign"]);
        assert_eq!(s.line_at("play", t0)[0], ReplayEvent::Continued.into());
        assert!(!s.game().is_over());
        assert_eq!(s.game().turn(), Color::Black);
    }

    #[test]
    fn the_engine_waits_while_a_game_is_replayed_and_plays_after_play() {
        let mut s = session(OpponentChoice::Human);
        let t0 = Instant::now();
        for line in MATE {
            s.line_at(line, t0);
        }
        s.line_at("set opponent engine", t0);
        let goto = s.step_line("goto 1", t0);
        // White (the person) has moved; Black, the engine's, is shown.
        assert!(
            engine_requests(&goto).is_empty(),
            "no move asked in a replay"
        );
        let requests = engine_requests(&s.step_line("play", t0));
        assert!(matches!(requests[..], [Request::Move(_)]), "{requests:?}");
    }

    #[test]
    fn a_loaded_game_starts_at_its_start_and_new_ends_the_replay() {
        let (s, _) = played(&MATE);
        let game = s.game().clone();
        let mut s = session(OpponentChoice::Engine);
        let t0 = Instant::now();
        let events = s.load_for_replay(game);
        assert_eq!(events[0], ReplayEvent::AtStart.into());
        assert!(s.game().plies().is_empty());
        let status = s.step_line("status", t0);
        assert!(
            engine_requests(&status).is_empty(),
            "the engine does not play White"
        );
        assert_eq!(shown(&s.line_at("n", t0)), ["+f3"]);
        s.line_at("new", t0);
        assert!(!s.replay.replaying());
        assert_eq!(s.replay.full().map(Game::plies).map(<[_]>::len), None);
    }

    #[test]
    fn no_clock_runs_in_a_replay_and_play_starts_a_fresh_one() {
        let settings = Settings {
            opponent: OpponentChoice::Human,
            time: TimeChoice::Timed("1+0".parse::<TimeControl>().expect("control")),
            ..Settings::default()
        };
        let mut s = Rooms::new(Game::new(), settings);
        let t0 = Instant::now();
        let at = |secs| t0 + Duration::from_secs(secs);
        s.tick_at(t0);
        s.line_at("e4", at(10));
        s.line_at("e5", at(20));
        s.line_at("resign", at(30));
        s.line_at("start", at(31));
        assert!(!s.timed());
        // Long past both flags: nothing falls in a replay.
        assert!(s.tick_at(at(500)).is_empty());
        assert_eq!(
            s.line_at("set time 5+0", at(501))[1],
            ClockEvent::NextGame.into()
        );
        s.line_at("next", at(502));
        let pgn = s.line_at("pgn", at(503));
        let Event::Answer(crate::event::Answer::Pgn(text)) = &pgn[0] else {
            panic!("{pgn:?}");
        };
        assert!(text.contains("1. e4 { [%clk 0:00:50] } *"), "{text}");
        s.line_at("play", at(504));
        let report = s.table.clock_report(s.against(), None).expect("timed");
        assert_eq!(report.sides[0].left, Duration::from_secs(300));
        assert!(s.timed());
    }
}
