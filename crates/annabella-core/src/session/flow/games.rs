//! The flow of a game replaced: a new game, and every room starting
//! afresh with it.

use crate::event::{ClockEvent, Event, GameEvent, ReplayEvent, SessionEvent};
use crate::input::{MoveNumber, NewGame};
use crate::rules::Game;
use crate::settings::{Key, OpponentChoice, Setting};

use super::super::Rooms;
use super::super::play;
use super::super::prompt::Prompt;
use super::super::settings::{self, Changed};

/// How the game on the board is replaced, for [`Rooms::replace_game`]:
/// what each way brings of its own; every room answers the rest alike.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(in crate::session) enum Replaced {
    /// `new`: a game against the opponent of the settings.
    New,
    /// A start position given on the command line.
    Start,
    /// A loaded or imported game, shown from its start for replay: no
    /// clock.
    Replay,
    /// `play`: the position a replay shows, or a finished game's end,
    /// goes on: the same game's record (its tags, blindfold peeks and
    /// questions) goes on with it.
    Continue,
    /// A game started on lichess: its clock, its tags and the player's
    /// side are the server's.
    Lichess,
    /// A kept game goes on (`load NAME`, a resumed game): its clock, the
    /// player's board and blindfold play are the file's.
    Restore,
}

impl Rooms {
    /// Puts `game` on the board in place of the one there, and every
    /// room that keeps something of a game answers: the open question,
    /// the engine's move awaited, a replay, the player's board, a square
    /// picked on the display and the game's place on lichess go, the
    /// clock starts afresh (or is forgotten for a replay and lichess's),
    /// and the game's record (imported tags, blindfold peeks, questions)
    /// starts anew unless the game goes on. What a way brings of its
    /// own its caller sets after.
    pub(in crate::session) fn replace_game(&mut self, game: Game, why: Replaced) {
        self.table.game = game;
        self.table.prompt = None;
        self.replay.on_new_game(&mut self.table, why);
        self.seat.on_new_game();
        self.clock.on_new_game(&mut self.table, why);
        self.dual.on_new_game(&self.table);
        self.display.on_new_game();
        self.review.on_new_game();
        self.online.on_new_game(why);
        if why != Replaced::Continue {
            self.records.forget_imported();
            self.training.reset();
        }
    }

    /// `new [side] [960 [N|random]] [time CONTROL]`: a new game in place
    /// of the one on the board, against the opponent of the settings,
    /// with a fresh clock; every room starts afresh.
    pub(in crate::session) fn new_game(&mut self, new: &NewGame) -> Vec<Event> {
        let game = match play::new_game(&mut self.table, new) {
            Ok(game) => game,
            Err(refused) => return refused,
        };
        let chess960 = game.chess960_number();
        self.keep_aside();
        if let Some(side) = new.side {
            self.table.settings.color = side;
        }
        if let Some(time) = &new.time {
            self.table.settings.time = time.clone();
        }
        self.replace_game(game, Replaced::New);
        let side = self.draw_color();
        self.seat.sit(side);
        let mut events = vec![GameEvent::NewGame { chess960 }.into()];
        if self.table.settings.opponent == OpponentChoice::Engine {
            events.push(self.opponent_changed());
        }
        events.push(self.table.status(self.against()));
        events
    }

    /// `restore [N [side]]`: the dual room asks whether to take the
    /// moves back.
    pub(in crate::session) fn restore_to(&mut self, to: Option<MoveNumber>) -> Vec<Event> {
        self.dual.ask_restore(&mut self.table, to)
    }

    /// The answer to whether `restore` takes the moves back; once the
    /// dual room has, the engine's move on its way is not wanted any
    /// more.
    pub(in crate::session) fn answer_restore(
        &mut self,
        prompt: Prompt,
        line: &str,
    ) -> Result<Vec<Event>, Prompt> {
        let Prompt::Restore { to, from, .. } = prompt else {
            return Err(prompt);
        };
        let o = self.against();
        let Some((events, restored)) =
            self.dual
                .answer_restore(&mut self.table, o, (to, from), line)
        else {
            return Err(prompt);
        };
        if restored {
            self.seat.forget_move();
        }
        Ok(events)
    }

    /// `set KEY VALUE`. Who plays the other side answers with the
    /// opponent as it now is (a level chosen means the engine at that
    /// level; a colour chosen is drawn again; the engine's move on its
    /// way is moot). A new time control applies at once to a game not
    /// yet begun, else from the next game: a running game keeps the
    /// clock it started with, and a replay has none (`play` starts one).
    pub(in crate::session) fn set(&mut self, setting: Setting) -> Vec<Event> {
        match settings::set(&mut self.table, setting) {
            Changed::Opponent(key) => {
                if key == Key::Level {
                    self.table.settings.opponent = OpponentChoice::Engine;
                }
                if key == Key::Color {
                    let side = self.draw_color();
                    self.seat.sit(side);
                }
                self.seat.forget_move();
                vec![self.opponent_changed()]
            }
            Changed::Time(setting) => {
                let mut events = vec![SessionEvent::SettingChanged(setting).into()];
                let game = &self.table.game;
                if game.plies().is_empty() && !game.is_over() && !self.replay.replaying() {
                    self.clock.reset(&mut self.table);
                } else {
                    events.push(ClockEvent::NextGame.into());
                }
                events
            }
            Changed::Other(setting) => vec![SessionEvent::SettingChanged(setting).into()],
        }
    }

    /// Shows `game` (a loaded one) for replay, from its start, in place
    /// of the game on the board, as a new game replaces it: what is
    /// said is the start, and whose move it is.
    pub(in crate::session) fn load_for_replay(&mut self, game: Game) -> Vec<Event> {
        self.replace_game(game, Replaced::Replay);
        vec![
            ReplayEvent::AtStart.into(),
            self.table.status(self.against()),
        ]
    }

    /// `play`: the position shown in a replay (or a finished game's end)
    /// goes on as a new game against the opponent of the settings, its
    /// moves so far kept as its history, on a fresh clock.
    pub(in crate::session) fn replay_play(&mut self) -> Vec<Event> {
        let game = match self.replay.leave(&self.table) {
            Ok(game) => game,
            Err(refused) => return refused,
        };
        self.replace_game(game, Replaced::Continue);
        let mut events = vec![ReplayEvent::Continued.into()];
        if self.table.settings.opponent == OpponentChoice::Engine {
            events.push(self.opponent_changed());
        }
        events.push(self.table.status(self.against()));
        events
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use crate::session::Rooms;

    use shakmaty::{Board, Color, Position, Square};

    use super::super::super::online::Setup;
    use super::*;
    use crate::dual::PlayerBoard;
    use crate::event::Event;
    use crate::rules::Tags;
    use crate::settings::Settings;
    use crate::store::SavedBlindfold;

    /// What is left of the last game in every room that keeps something
    /// of one.
    #[derive(Debug, PartialEq, Eq)]
    struct Left {
        /// A question stands (here: a heard move read back).
        question: bool,
        /// The engine's move is awaited.
        awaited: bool,
        /// A game is replayed.
        replaying: bool,
        /// A square is picked on the display.
        picked: bool,
        /// The player's board differs from the game's.
        board_differs: bool,
        /// The game is lichess's.
        lichess: bool,
        /// The imported game's tags are kept.
        imported: bool,
        /// Blindfold peeks used.
        peeks: u32,
        /// A clock of the time control is on the table.
        clock: bool,
    }

    fn left(s: &Rooms) -> Left {
        Left {
            question: s.table.prompt.is_some(),
            awaited: s.seat.awaited().is_some(),
            replaying: s.replay.replaying(),
            picked: s.display.has_pick(),
            board_differs: !s.dual.agrees(&s.table),
            lichess: s.online.from_lichess(),
            imported: s.records.tags().get("White") == Some("Imported"),
            peeks: s.training.saved_blindfold().map_or(0, |b| b.used),
            clock: s.table.clock.is_some(),
        }
    }

    /// A game under way on a 5+3 clock, with something of it in every
    /// room: a heard move read back, the engine's move awaited, a square
    /// picked on the display, a board the player stated, the game's
    /// place on lichess, an imported game's tags, blindfold peeks used.
    fn busy(s: &mut Rooms, now: Instant) {
        s.line_at("e4", now);
        let mv = s.table.game.legal_moves()[0];
        s.table.prompt = Some(Prompt::Either {
            moves: vec![mv],
            facts: Vec::new(),
        });
        s.seat.await_move(7);
        let board = s.table.game.position().board().clone();
        s.display.pick(Square::E2, board);
        s.dual
            .restore_mine(PlayerBoard::from_board(&Board::empty()));
        s.online.as_from_lichess();
        let mut tags = Tags::default();
        tags.push("White", "Imported");
        s.records.imported(tags);
        s.training.restore_blindfold(Some(SavedBlindfold {
            budget: None,
            used: 3,
        }));
    }

    fn session(now: Instant) -> Rooms {
        let mut s = Rooms::new(Game::new(), Settings::default());
        s.line_at("set time 5+3", now);
        s.line_at("new white", now);
        s
    }

    fn lichess_setup() -> Setup {
        let state =
            r#"{"moves":"","wtime":300000,"btime":300000,"winc":0,"binc":0,"status":"started"}"#;
        Setup {
            start: Game::new(),
            color: Color::Black,
            clock: None,
            event: "Casual game on lichess",
            site: "https://lichess.org/abcdefgh".to_string(),
            started: Event::from(GameEvent::NewGame { chess960: None }),
            state: serde_json::from_str(state).expect("a game state"),
        }
    }

    #[test]
    fn every_way_of_replacing_the_game_resets_the_same_rooms_the_same_way() {
        let now = Instant::now();
        // What every way leaves: no question, no move awaited, no pick,
        // the player's board the new game's, no game on lichess, nothing
        // of the imported game, no peeks used, a fresh clock.
        let clean = Left {
            question: false,
            awaited: false,
            replaying: false,
            picked: false,
            board_differs: false,
            lichess: false,
            imported: false,
            peeks: 0,
            clock: true,
        };
        let mut found = Vec::new();
        let mut expected = Vec::new();

        let mut s = session(now);
        busy(&mut s, now);
        s.new_game(&NewGame::default());
        found.push(("new", left(&s)));
        expected.push(("new", Left { ..clean }));

        let mut s = session(now);
        busy(&mut s, now);
        s.set_game(Game::new());
        found.push(("start", left(&s)));
        expected.push(("start", Left { ..clean }));

        let mut s = session(now);
        busy(&mut s, now);
        let played = s.table.game.clone();
        s.load_for_replay(played);
        found.push(("replay", left(&s)));
        let replay = Left {
            replaying: true,
            clock: false,
            ..clean
        };
        expected.push(("replay", replay));

        // `play` from a replay: the same game goes on, its record with it.
        let mut s = session(now);
        s.line_at("e4", now);
        let played = s.table.game.clone();
        s.load_for_replay(played);
        busy(&mut s, now);
        s.replay_play();
        found.push(("play", left(&s)));
        let goes_on = Left {
            imported: true,
            peeks: 3,
            ..clean
        };
        expected.push(("play", goes_on));

        // lichess: the game is the server's, and so is its clock.
        let mut s = session(now);
        busy(&mut s, now);
        s.game_from_lichess(lichess_setup());
        found.push(("lichess", left(&s)));
        let lichess = Left {
            lichess: true,
            clock: false,
            ..clean
        };
        expected.push(("lichess", lichess));

        // A kept game: its blindfold play is the file's.
        let mut s = session(now);
        s.training.restore_blindfold(Some(SavedBlindfold {
            budget: None,
            used: 2,
        }));
        let kept = s.record_head(now);
        busy(&mut s, now);
        s.restore(&kept, now).expect("restored");
        found.push(("restore", left(&s)));
        expected.push(("restore", Left { peeks: 2, ..clean }));

        assert_eq!(found, expected);
    }
}
