//! Play: moves on the rules core, draw claims and offers, undo,
//! resignation and new games.

use shakmaty::Move;

use crate::event::{Event, GameEvent, Refused, SessionEvent};
use crate::input::{
    CommandError, Effort, MoveText, NewGame, Reading, Refusal, Resolution, not_understood,
    read_move_with, resolve_for,
};
use crate::rules::{Chess960Start, ClaimOutcome, Game, MoveFacts, PlayError};
use crate::settings::OpponentChoice;

use super::{Prompt, Session};

impl Session {
    /// A line read as a move, matched against the legal moves: played,
    /// asked about, or refused with the most specific reason.
    pub(super) fn move_reading(&mut self, reading: Reading, claim: bool) -> Vec<Event> {
        if let Some(color) = self.online.color()
            && !self.table.game.is_over()
            && self.table.game.turn() != color
        {
            return vec![crate::event::OnlineEvent::OpponentToMove.into()];
        }
        if !self.table.game.is_over()
            && !self.online.playing()
            && self
                .seat
                .engine_plays(&self.table.settings, self.table.game.turn())
        {
            return vec![Refused::EngineThinking.into()];
        }
        let both_sides =
            self.table.settings.opponent == OpponentChoice::Human && !self.online.playing();
        let resolution = resolve_for(
            &self.table.game,
            &reading.intents,
            self.table.settings.autoqueen,
            both_sides,
        );
        let mut events: Vec<Event> = reading
            .understood
            .map(|words| SessionEvent::Understood(words).into())
            .into_iter()
            .collect();
        events.extend(self.decided(resolution, claim));
        events
    }

    /// Carries out a resolved move: play it (with its draw claim), ask
    /// which one was meant, or refuse it.
    pub(super) fn decided(&mut self, resolution: Resolution, claim: bool) -> Vec<Event> {
        match resolution {
            Resolution::Move(mv) => match self.ask_own(mv, claim) {
                Some(question) => question,
                None => self.play_confirmed(mv, claim),
            },
            Resolution::Ambiguous(moves) | Resolution::Promotion(moves) => {
                self.ask(Prompt::for_moves(moves, claim))
            }
            Resolution::Refused(r) => vec![r.into()],
        }
    }

    /// Plays the player's move, confirmed or needing no confirmation.
    pub(super) fn play_confirmed(&mut self, mv: Move, claim: bool) -> Vec<Event> {
        if self.online.playing() {
            if let Some(refused) = self.online.cannot_send(&self.table) {
                return refused;
            }
            // lichess judges claims itself: the move goes with a draw
            // offer, which a claimable position turns into a draw.
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

    fn moved(&self) -> Vec<Event> {
        MoveFacts::last(&self.table.game)
            .map(|f| GameEvent::Moved(f).into())
            .into_iter()
            .collect()
    }

    /// Plays a legal move and says it, and the end of the game with it.
    pub(super) fn play(&mut self, mv: Move) -> Vec<Event> {
        let mover = self.table.game.turn();
        let before = self.table.game.position().clone();
        let agreed = self.my_board_agrees();
        match self.table.game.play(mv) {
            Ok(result) => {
                self.press_clock();
                self.follow_on_my_board(&before, mv, agreed);
                let mut events = self.moved();
                events.extend(result.map(|f| GameEvent::Over(f).into()));
                events.extend(self.dual_check(mover));
                events.extend(self.ask_repeat(mover));
                events.extend(self.ask_quiz(mover));
                events
            }
            Err(PlayError::GameOver) => vec![Refusal::GameOver.into()],
            Err(PlayError::Illegal) => vec![Refusal::NotAMove.into()],
        }
    }

    fn claim_with(&mut self, mv: Move) -> Vec<Event> {
        let claimant = self.table.game.turn();
        let before = self.table.game.position().clone();
        let agreed = self.my_board_agrees();
        let Ok(outcome) = self.table.game.claim_draw(Some(mv)) else {
            return vec![Refusal::GameOver.into()];
        };
        self.press_clock();
        self.follow_on_my_board(&before, mv, agreed);
        let mut events = self.moved();
        let drawn = matches!(
            outcome,
            ClaimOutcome::Drawn(_) | ClaimOutcome::EndedByMove(_)
        );
        match outcome {
            ClaimOutcome::Drawn(f) | ClaimOutcome::EndedByMove(f) => {
                events.push(GameEvent::Over(f).into())
            }
            ClaimOutcome::Refused(c) => {
                events.push(GameEvent::ClaimRefused(c).into());
                // Art. 9.1.2.4: a claim counts as a draw offer.
                self.table.game.offer_draw_by(claimant);
                events.push(GameEvent::DrawOffered(claimant).into());
            }
        }
        if !drawn {
            events.extend(self.ask_repeat(claimant));
        }
        events
    }

    /// `draw`: accept a standing offer, claim a draw the position allows,
    /// or offer one; `draw MOVE` plays the move and claims.
    pub(super) fn draw(&mut self, mv: Option<MoveText>) -> Vec<Event> {
        if self.table.game.is_over() {
            return vec![Refusal::GameOver.into()];
        }
        if let Some(MoveText(move_text)) = mv {
            let reading = read_move_with(
                &move_text,
                self.table.settings.lang.into(),
                &mut Effort::default(),
            );
            if reading.intents.is_empty() {
                return self.run(not_understood(&move_text, &self.table.game));
            }
            return self.move_reading(reading, true);
        }
        let turn = self.table.game.turn();
        // A valid claim comes first even when the opponent's offer stands:
        // the record then names the rule (Art. 9.2), not an agreement.
        if self.table.game.claimable().is_some() {
            return match self.table.game.claim_draw(None) {
                Ok(ClaimOutcome::Drawn(f) | ClaimOutcome::EndedByMove(f)) => {
                    vec![GameEvent::Over(f).into()]
                }
                Ok(ClaimOutcome::Refused(c)) => vec![GameEvent::ClaimRefused(c).into()],
                Err(_) => vec![Refusal::GameOver.into()],
            };
        }
        if self.table.game.draw_offer() == Some(!turn) {
            return self.accept();
        }
        self.table.game.offer_draw_by(turn);
        let mut events = vec![GameEvent::DrawOffered(turn).into()];
        // The engine plays on: it declines at once.
        if self.table.settings.opponent == OpponentChoice::Engine
            && let Some(c) = self.table.game.decline_draw()
        {
            events.push(GameEvent::DrawDeclined(c).into());
        }
        events
    }

    pub(super) fn accept(&mut self) -> Vec<Event> {
        match self.table.game.accept_draw() {
            Some(f) => vec![GameEvent::Over(f).into()],
            None => vec![Refused::NoDrawOffer.into()],
        }
    }

    pub(super) fn decline(&mut self) -> Vec<Event> {
        match self.table.game.decline_draw() {
            Some(c) => vec![GameEvent::DrawDeclined(c).into()],
            None => vec![Refused::NoDrawOffer.into()],
        }
    }

    /// `resign`: against an engine the person resigns, whoever is to
    /// move; in hot seat the side to move.
    pub(super) fn resign(&mut self) -> Vec<Event> {
        let color = match self.table.settings.opponent {
            OpponentChoice::Human => self.table.game.turn(),
            OpponentChoice::Engine => self.seat.human,
        };
        match self.table.game.resign(color) {
            Ok(f) => vec![GameEvent::Over(f).into()],
            Err(_) => vec![Refusal::GameOver.into()],
        }
    }

    /// `undo`: against an engine, its reply and the person's move, so it
    /// is the person's turn again.
    pub(super) fn undo(&mut self) -> Vec<Event> {
        let agreed = self.my_board_agrees();
        let mut events = self.undo_one();
        self.seat.awaiting = None;
        if matches!(events.first(), Some(Event::Game(GameEvent::Undone(_))))
            && self
                .seat
                .engine_plays(&self.table.settings, self.table.game.turn())
            && !self.table.game.plies().is_empty()
        {
            events.extend(self.undo_one());
        }
        self.sync_my_board(agreed);
        events
    }

    pub(super) fn undo_one(&mut self) -> Vec<Event> {
        let before = MoveFacts::last(&self.table.game);
        let ended = self.table.game.result().map(|f| f.reason);
        match self.table.game.undo() {
            Some(_) => {
                self.undo_clock();
                before
                    .map(|f| GameEvent::Undone(f).into())
                    .into_iter()
                    .collect()
            }
            None if ended.is_some() => {
                self.reopen_clock(ended);
                vec![GameEvent::Reopened.into()]
            }
            None => vec![Refused::NothingToUndo.into()],
        }
    }

    /// `new [side] [960 [N|random]]`.
    pub(super) fn new_game(&mut self, new: &NewGame) -> Vec<Event> {
        let game = match new.chess960 {
            None => Ok(Game::new()),
            Some(Chess960Start::Number(n)) => Game::chess960(n).map_err(|_| n),
            Some(Chess960Start::Random) => {
                let n = self.random_chess960();
                Game::chess960(n).map_err(|_| n)
            }
        };
        let game = match game {
            Ok(game) => game,
            Err(n) => return vec![CommandError::Chess960Number(n.to_string()).into()],
        };
        let chess960 = game.chess960_number();
        self.forget_imported();
        self.online.left_lichess();
        self.table.game = game;
        self.replay = None;
        self.table.prompt = None;
        self.seat.awaiting = None;
        if let Some(side) = new.side {
            self.table.settings.color = side;
        }
        if let Some(time) = &new.time {
            self.table.settings.time = time.clone();
        }
        self.reset_clock();
        self.reset_my_board();
        self.reset_training();
        self.seat.human = self.draw_color();
        let mut events = vec![GameEvent::NewGame { chess960 }.into()];
        if self.table.settings.opponent == OpponentChoice::Engine {
            events.push(self.opponent_changed());
        }
        events.push(self.status());
        events
    }
}
