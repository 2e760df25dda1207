//! Dispatch: a line is first offered to the open question, then read by
//! [`crate::input::read_line`], and each command goes to its room with
//! one exhaustive `match`.

use crate::event::{Answer, Event, Refused, SessionEvent};
use crate::input::commands::Command;
use crate::input::{Args, CommandError, Line, clean_line, read_line};

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
            Line::Command(command, args) => match self.peek(command) {
                Err(refused) => vec![refused],
                Ok(peeked) => {
                    let mut events = self.command(command, args);
                    events.extend(peeked);
                    events
                }
            },
            Line::Failed(_, error) => vec![error.into()],
            Line::Move(_) if self.replaying() => vec![Refused::Replaying.into()],
            Line::Move(reading) => self.move_reading(reading, false),
            Line::NotUnderstood { input, suggestion } => {
                vec![Refused::NotUnderstood { input, suggestion }.into()]
            }
        }
    }

    /// Every command, to the room that owns it.
    fn command(&mut self, command: Command, args: Args) -> Vec<Event> {
        if self.refused_in_replay(command) {
            return vec![Refused::Replaying.into()];
        }
        if let Some(events) = self.online_instead(command, &args) {
            return events;
        }
        match command {
            Command::Help => vec![Answer::Help(args.topic).into()],
            Command::Quit => {
                self.quit = true;
                vec![SessionEvent::Quit.into()]
            }
            Command::New => self.new_game(&args),
            Command::Board => self.board(),
            Command::Square => self.square(command, args.square),
            Command::Rank => self.rank(command, args.rank),
            Command::File => self.file(command, args.file),
            Command::Diagonal => self.diagonal(command, args.square),
            Command::Pieces => self.pieces(args.color),
            Command::Where => self.where_pieces(command, args.role, args.color),
            Command::Attackers => self.attackers(command, args.square),
            Command::Moves => self.moves(args.square),
            Command::Material => self.material(),
            Command::Status => [self.status()]
                .into_iter()
                .chain(self.replay_place())
                .collect(),
            Command::Fen => vec![Answer::Fen(self.table.game.fen()).into()],
            Command::Pgn => self.pgn(&args.text),
            Command::Save => self.save(&args.text),
            Command::Load => self.load(&args.text),
            Command::Games => self.games(&args.text),
            Command::Last => self.last(),
            Command::History => self.history(),
            Command::Repeat => self.repeat(),
            // In a replay nothing is played to take back: the shown move
            // is taken off, as `prev` does.
            Command::Undo if self.replaying() => self.replay_prev(),
            Command::Undo => self.undo(),
            Command::Resign => self.resign(),
            Command::Draw => self.draw(&args.text),
            Command::Accept => self.accept(),
            Command::Decline => self.decline(),
            Command::Set => self.set(args.setting),
            Command::Settings => self.list_settings(),
            Command::Hint => self.hint(),
            Command::Eval => self.evaluate(),
            Command::Clock => self.clock(args.clock_side),
            Command::Pause => self.pause(),
            Command::Resume => self.resume(),
            Command::Next => self.replay_next(),
            Command::Prev => self.replay_prev(),
            Command::Start => self.replay_start(),
            Command::End => self.replay_end(),
            Command::Goto => self.replay_goto(args.move_number, args.color),
            Command::Play => self.replay_play(),
            Command::MyBoard => self.my_board(&args.text),
            Command::Compare => self.compare(),
            Command::Scoresheet => self.scoresheet(&args.text),
            Command::Restore => self.restore_to(args.move_number, args.color),
            Command::Blindfold => self.blindfold(&args.text),
            Command::Drill => self.drill_command(&args.text),
            Command::Online => self.online_command(&args.text),
            Command::Seek => self.seek(&args.text),
            Command::Challenge => self.challenge(&args.text),
            Command::Abort => self.abort(),
            Command::Say => self.say(&args.text),
            Command::Claim => self.claim(&args.text),
        }
    }

    fn repeat(&self) -> Vec<Event> {
        if self.last_answer.is_empty() {
            return vec![Refused::NothingToRepeat.into()];
        }
        vec![SessionEvent::Repeated(self.last_answer.clone()).into()]
    }
}

/// The answer when a command's argument is not one it takes.
pub(super) fn bad_argument(command: Command, argument: &str) -> Vec<Event> {
    vec![
        CommandError::BadArgument {
            command,
            argument: argument.to_string(),
        }
        .into(),
    ]
}

/// The answer when a command's argument is missing: the reader already
/// refuses that, so the rooms only repeat it.
pub(super) fn missing(command: Command) -> Vec<Event> {
    vec![
        CommandError::Missing {
            command,
            what: command.entry().arg,
        }
        .into(),
    ]
}
