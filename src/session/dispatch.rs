//! Dispatch: a line is first offered to the open question, then read by
//! [`crate::input::read_line`], and each command goes to its room with
//! one exhaustive `match`, unless the command table says it does not run
//! as always in a replay or in a game on lichess.

use crate::event::{Answer, Event, OnlineEvent, Refused, SessionEvent};
use crate::input::commands::{Cmd, Command, InReplay};
use crate::input::{Line, clean_line, read_line};

use super::Session;

impl Session {
    /// One line in, its events out.
    pub(super) fn dispatch(&mut self, raw: &str) -> Vec<Event> {
        if raw.trim().is_empty() {
            return Vec::new();
        }
        let text = &*clean_line(raw);
        if text.trim().is_empty() {
            return vec![Refused::ControlKeys.into()];
        }
        if let Some(events) = self.answer_online_offer(text) {
            return events;
        }
        if let Some(events) = self.answer_offer(text) {
            return events;
        }
        let mut open = None;
        if let Some(prompt) = self.table.prompt.take() {
            match self.answer(prompt, text) {
                Ok(events) => return events,
                Err(prompt) => open = Some(prompt),
            }
        }
        let line = read_line(text, self.table.settings.lang, &self.table.game);
        // Looking at the board does not cancel the question; anything
        // else lets it lapse.
        if line.is_read_only() || open.as_ref().is_some_and(|p| p.holds(&line)) {
            self.table.prompt = open;
        }
        self.run(line)
    }

    pub(super) fn run(&mut self, line: Line) -> Vec<Event> {
        match line {
            Line::Empty => Vec::new(),
            Line::Command(cmd) => match self.peek(cmd.command()) {
                Err(refused) => vec![refused],
                Ok(peeked) => {
                    let mut events = self.command(cmd);
                    events.extend(peeked);
                    events
                }
            },
            // In a game on lichess `load` is refused whatever follows it,
            // as it was when the session read its words itself.
            Line::Failed(Command::Load, _) if self.online.refuses(&self.table, Command::Load) => {
                vec![OnlineEvent::NotOnline.into()]
            }
            Line::Failed(_, error) => vec![error.into()],
            Line::Move(_) if self.replaying() => vec![Refused::Replaying.into()],
            Line::Move(reading) => self.move_reading(reading, false),
            Line::NotUnderstood { input, suggestion } => {
                vec![Refused::NotUnderstood { input, suggestion }.into()]
            }
        }
    }

    /// Every command, to the room that owns it, unless the table says it
    /// does not run as always while a game is replayed or a game on
    /// lichess runs.
    fn command(&mut self, cmd: Cmd) -> Vec<Event> {
        let entry = cmd.command().entry();
        if self.replaying() && entry.in_replay == InReplay::Refused {
            return vec![Refused::Replaying.into()];
        }
        if let Some(events) = self.online_instead(&cmd) {
            return events;
        }
        if self.replaying() && entry.in_replay == InReplay::Prev {
            return self.replay_prev();
        }
        match cmd {
            Cmd::Help(topic) => vec![Answer::Help(topic).into()],
            Cmd::Quit => {
                self.quit = true;
                vec![SessionEvent::Quit.into()]
            }
            Cmd::New(new) => self.new_game(&new),
            Cmd::Board => self.board(),
            Cmd::Square(square) => self.square(square),
            Cmd::Rank(rank) => self.rank(rank),
            Cmd::File(file) => self.file(file),
            Cmd::Diagonal(square) => self.diagonal(square),
            Cmd::Pieces(color) => self.pieces(color),
            Cmd::Where(kind) => self.where_pieces(kind),
            Cmd::Attackers(square) => self.attackers(square),
            Cmd::Moves(from) => self.moves(from),
            Cmd::Material => self.material(),
            Cmd::Status => [self.status()]
                .into_iter()
                .chain(self.replay_place())
                .collect(),
            Cmd::Fen => vec![Answer::Fen(self.table.game.fen()).into()],
            Cmd::Pgn(to) => self.pgn(to),
            Cmd::Save(name) => self.save(name),
            Cmd::Load(from) => self.load(from),
            Cmd::Games(file) => self.games(file),
            Cmd::Last => self.last(),
            Cmd::History => self.history(),
            Cmd::Repeat => self.repeat(),
            Cmd::Undo => self.undo(),
            Cmd::Resign => self.resign(),
            Cmd::Draw(mv) => self.draw(mv),
            Cmd::Accept => self.accept(),
            Cmd::Decline => self.decline(),
            Cmd::Set(setting) => self.set(setting),
            Cmd::Settings => self.list_settings(),
            Cmd::Hint => self.hint(),
            Cmd::Eval => self.evaluate(),
            Cmd::Clock(side) => self.clock(side),
            Cmd::Pause => self.pause(),
            Cmd::Resume => self.resume(),
            Cmd::Next => self.replay_next(),
            Cmd::Prev => self.replay_prev(),
            Cmd::Start => self.replay_start(),
            Cmd::End => self.replay_end(),
            Cmd::Goto(to) => self.replay_goto(to),
            Cmd::Play => self.replay_play(),
            Cmd::MyBoard(order) => self.my_board(order),
            Cmd::Compare => self.compare(),
            Cmd::Scoresheet(sheets) => self.scoresheet(sheets),
            Cmd::Restore(to) => self.restore_to(to),
            Cmd::Blindfold(order) => self.blindfold(order),
            Cmd::Drill(order) => self.drill_command(order),
            Cmd::Online(order) => self.online.command(&self.table, order),
            Cmd::Seek(terms) => self.online.seek(&self.table, terms),
            Cmd::Challenge(order) => self.online.challenge(&self.table, order),
            Cmd::Abort => self.online.abort(&self.table),
            Cmd::Say(text) => self.online.say(&self.table, &text),
            Cmd::Claim(claim) => self.online.claim(&self.table, claim),
        }
    }

    fn repeat(&self) -> Vec<Event> {
        if self.last_answer.is_empty() {
            return vec![Refused::NothingToRepeat.into()];
        }
        vec![SessionEvent::Repeated(self.last_answer.clone()).into()]
    }
}
