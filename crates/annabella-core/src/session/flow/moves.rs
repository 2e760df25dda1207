//! The flow of a move: read and resolved by the play room, confirmed
//! when confirm mode asks, played on the table, and followed by the
//! other rooms — the player's own board, its check, the repetition
//! asked, the question about the game. Also the answers to the
//! questions about a move, `draw` with a move, and `undo`.

use shakmaty::Move;

use crate::event::{Event, GameEvent};
use crate::input::{Effort, MoveText, Reading, Resolution, not_understood, read_move_with};

use super::super::Rooms;
use super::super::confirm::{self, Own};
use super::super::play;
use super::super::prompt::{self, Choice, Prompt};

impl Rooms {
    /// A line read as a move, matched against the legal moves: played,
    /// asked about, or refused with the most specific reason.
    pub(in crate::session) fn move_reading(&mut self, reading: Reading, claim: bool) -> Vec<Event> {
        let o = self.against();
        match play::resolve(&self.table, o, reading) {
            Err(refused) => refused,
            Ok((mut events, resolution)) => {
                events.extend(self.decided(resolution, claim));
                events
            }
        }
    }

    /// Carries out a resolved move: play it (with its draw claim) once
    /// confirmed, ask which one was meant, or refuse it.
    pub(in crate::session) fn decided(
        &mut self,
        resolution: Resolution,
        claim: bool,
    ) -> Vec<Event> {
        match resolution {
            Resolution::Move(mv) => {
                let o = self.against();
                match confirm::ask_own(&mut self.table, o, mv, claim) {
                    Some(question) => question,
                    None => self.play_confirmed(mv, claim),
                }
            }
            Resolution::Ambiguous(moves) | Resolution::Promotion(moves) => {
                prompt::ask(&mut self.table, Prompt::for_moves(moves, claim))
            }
            Resolution::Refused(r) => vec![r.into()],
        }
    }

    /// Plays the player's move, confirmed or needing no confirmation; on
    /// lichess it goes to the server too (which judges a claim itself:
    /// the move goes with a draw offer, which a claimable position turns
    /// into a draw).
    pub(in crate::session) fn play_confirmed(&mut self, mv: Move, claim: bool) -> Vec<Event> {
        if self.online.playing() {
            if let Some(refused) = self.online.cannot_send(&self.table) {
                return refused;
            }
            let mut events = self.play(mv);
            events.extend(self.send_move(mv, claim));
            return events;
        }
        if claim {
            self.claim_with(mv)
        } else {
            self.play(mv)
        }
    }

    /// Plays a legal move and says it, and the end of the game with it;
    /// the player's board follows it, and the rooms that ask after a
    /// move ask.
    pub(in crate::session) fn play(&mut self, mv: Move) -> Vec<Event> {
        let mover = self.table.game.turn();
        let before = self.table.game.position().clone();
        let agreed = self.dual.agrees(&self.table);
        let mut events = match play::play(&mut self.table, mv) {
            Ok(events) => events,
            Err(refused) => return refused,
        };
        self.dual.follow(&before, mv, agreed);
        let opening = self.table.settings.opening;
        events.extend(self.review.opening_left(&self.table.game, opening));
        events.extend(self.dual.check(&self.table, self.against(), mover));
        let o = self.against();
        events.extend(confirm::ask_repeat(&mut self.table, o, mover));
        events.extend(self.training.ask_quiz(&mut self.table, o, mover));
        events
    }

    /// Plays a move with a draw claim; the repetition is asked when the
    /// game goes on.
    fn claim_with(&mut self, mv: Move) -> Vec<Event> {
        let claimant = self.table.game.turn();
        let before = self.table.game.position().clone();
        let agreed = self.dual.agrees(&self.table);
        let (mut events, goes_on) = match play::claim_with(&mut self.table, mv) {
            Ok(claimed) => claimed,
            Err(refused) => return refused,
        };
        self.dual.follow(&before, mv, agreed);
        if goes_on {
            let o = self.against();
            events.extend(confirm::ask_repeat(&mut self.table, o, claimant));
        }
        events
    }

    /// `draw`: accept a standing offer, claim a draw the position allows,
    /// or offer one; `draw MOVE` plays the move and claims.
    pub(in crate::session) fn draw(&mut self, mv: Option<MoveText>) -> Vec<Event> {
        let Some(MoveText(move_text)) = mv.filter(|_| !self.table.game.is_over()) else {
            let o = self.against();
            return play::draw(&mut self.table, o);
        };
        let lang = self.table.settings.lang.into();
        let reading = read_move_with(&move_text, lang, &mut Effort::default());
        if reading.intents.is_empty() {
            let lang = self.table.settings.lang;
            return self.run(not_understood(&move_text, lang, &self.table.game));
        }
        self.move_reading(reading, true)
    }

    /// `undo`: against an engine, its reply and the person's move, so it
    /// is the person's turn again; the player's board follows if it
    /// agreed with the game.
    pub(in crate::session) fn undo(&mut self) -> Vec<Event> {
        let agreed = self.dual.agrees(&self.table);
        let mut events = play::take_back(&mut self.table);
        self.seat.forget_move();
        if matches!(events.first(), Some(Event::Game(GameEvent::Undone(_))))
            && self.against().engine_plays(self.table.game.turn())
            && !self.table.game.plies().is_empty()
        {
            events.extend(play::take_back(&mut self.table));
        }
        self.dual.sync(&self.table, agreed);
        events
    }

    /// Tries `line` as the answer to the open question `prompt`, in the
    /// room that asked it. `Err` gives the question back: the line is
    /// something else.
    pub(in crate::session) fn answer(
        &mut self,
        prompt: Prompt,
        line: &str,
    ) -> Result<Vec<Event>, Prompt> {
        let o = self.against();
        match prompt {
            Prompt::Repeat { ply } => confirm::answer_repeat(&mut self.table, o, ply, line),
            Prompt::HeardCommand { line: heard, .. } => Ok(self.answer_heard_command(heard, line)),
            Prompt::Either { .. } => self.answer_either(prompt, line),
            Prompt::ConfirmOwn {
                mv, claim, heard, ..
            } => match confirm::answer_own(&self.table, o, (mv, claim, heard), line)? {
                Own::Confirmed => Ok(self.play_confirmed(mv, claim)),
                Own::Dropped(events) => Ok(events),
            },
            Prompt::Sheet { lines } => self.dual.answer_sheet(&mut self.table, lines, line),
            Prompt::Restore { .. } => self.answer_restore(prompt, line),
            Prompt::Replace(what) => self.answer_replace(what, line),
            Prompt::Drill => self.training.answer_drill(&mut self.table, line),
            Prompt::Quiz { question, asked } => {
                self.training
                    .answer_quiz(&self.table, question, asked, line)
            }
            Prompt::Which { .. } | Prompt::Promotion { .. } => {
                match prompt::choose(&mut self.table, prompt, line)? {
                    Choice::Decided(resolution, claim) => Ok(self.decided(resolution, claim)),
                    Choice::NotFitting(events) => Ok(events),
                }
            }
        }
    }
}
