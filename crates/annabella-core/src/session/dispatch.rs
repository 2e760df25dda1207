//! Dispatch: a line is first offered to the open question (`offer`),
//! then read by [`crate::input::read_line`] and run (`run_open`): each
//! command goes to its room with one exhaustive `match`, unless the
//! command table says it does not run as always in a replay or in a game
//! on lichess. What voice input heard comes read already: its words are
//! offered, its line is run as it is.

use crate::event::{Answer, Event, OnlineEvent, Refused, SessionEvent};
use crate::input::commands::{Cmd, Command, InReplay};
use crate::input::{Line, Refusal, clean_line, read_line};

use super::board::Reader;
use super::clock::ClockOrder;
use super::records::Records;
use super::replay::ReplayOrder;
use super::seat::Purpose;
use super::{Prompt, Rooms, play, settings};

impl Rooms {
    /// One line in, its events out.
    pub(super) fn dispatch(&mut self, raw: &str) -> Vec<Event> {
        let blank = raw.trim().is_empty();
        // A blank line is nothing, except to a dictated scoresheet,
        // which it finishes.
        // And to what was heard and read back, where Enter says yes.
        let takes_blank = matches!(
            self.table.prompt,
            Some(
                Prompt::Sheet { .. }
                    | Prompt::ConfirmOwn { heard: true, .. }
                    | Prompt::HeardCommand { .. }
            )
        );
        if blank && !takes_blank {
            return Vec::new();
        }
        let text = &*clean_line(raw);
        if text.trim().is_empty() && !blank {
            return vec![Refused::ControlKeys.into()];
        }
        let open = match self.offer(text) {
            Ok(open) => open,
            Err(answered) => return answered,
        };
        let line = read_line(text, self.table.settings.lang, &self.table.game);
        self.run_open(line, open)
    }

    /// Offers `text` to the offers at the start and to the open question:
    /// `Err` with what it answered, or `Ok` with the question it is no
    /// answer to (taken off the table meanwhile).
    pub(super) fn offer(&mut self, text: &str) -> Result<Option<Prompt>, Vec<Event>> {
        if let Some(events) = self.answer_online_offer(text) {
            return Err(events);
        }
        if let Some(events) = self.answer_offer(text) {
            return Err(events);
        }
        match self.table.prompt.take() {
            None => Ok(None),
            Some(prompt) => match self.answer(prompt, text) {
                Ok(events) => Err(events),
                Err(prompt) => Ok(Some(prompt)),
            },
        }
    }

    /// Runs a line already read that answered no question: the question
    /// `open` stands through a typo and while the board is read, and
    /// lapses with a command or a move.
    pub(super) fn run_open(&mut self, line: Line, open: Option<Prompt>) -> Vec<Event> {
        // A typo does not cancel the question: it is asked again.
        let letters = self.table.settings.lang.into();
        if let Some(said) = open.as_ref().and_then(|p| p.not_an_answer(&line, letters)) {
            self.table.prompt = open;
            return vec![said];
        }
        // Looking at the board does not cancel the question; a command
        // or a move lets it lapse.
        if line.is_read_only() || open.as_ref().is_some_and(|p| p.holds(&line)) {
            self.table.prompt = open;
        }
        self.run(line)
    }

    pub(super) fn run(&mut self, line: Line) -> Vec<Event> {
        match line {
            Line::Empty => Vec::new(),
            Line::Command(cmd) => match self.peek(&cmd) {
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
            // Where the replayed game ended, `play` cannot go on either.
            Line::Move(_) if self.replay.ended_here(&self.table) => {
                vec![Refusal::GameOver.into()]
            }
            Line::Move(_) if self.replay.replaying() => vec![Refused::Replaying.into()],
            Line::Move(reading) => self.move_reading(reading, false),
            Line::NotUnderstood { input, suggestion } => {
                vec![Refused::NotUnderstood { input, suggestion }.into()]
            }
        }
    }

    /// What a command costs in blindfold play. `last` before any move
    /// shows nothing of the board, so it costs nothing.
    fn peek(&mut self, cmd: &Cmd) -> Result<Option<Event>, Event> {
        if matches!(cmd, Cmd::Last) && self.table.game.plies().is_empty() {
            return Ok(None);
        }
        self.training.peek(cmd.command())
    }

    /// Every command, to the room that owns it, unless the table says it
    /// does not run as always while a game is replayed or a game on
    /// lichess runs.
    fn command(&mut self, cmd: Cmd) -> Vec<Event> {
        let entry = cmd.command().entry();
        // `quit` ends without an unkept game only right after its warning.
        self.records.unwarn_unless(matches!(cmd, Cmd::Quit));
        if self.replay.replaying() && entry.in_replay == InReplay::Refused {
            return vec![Refused::Replaying.into()];
        }
        if let Some(events) = self.online_instead(&cmd) {
            return events;
        }
        if self.replay.replaying() && entry.in_replay == InReplay::Prev {
            return self.replay_order(ReplayOrder::Prev);
        }
        match cmd {
            Cmd::Help(topic) => vec![Answer::Help(topic).into()],
            Cmd::Quit => self.farewell(false),
            Cmd::New(new) => self.new_game(&new),
            Cmd::Board => self.reader().board(),
            Cmd::Square(square) => self.reader().square(square),
            Cmd::Rank(rank) => self.reader().rank(rank),
            Cmd::File(file) => self.reader().file(file),
            Cmd::Diagonal(square) => self.reader().diagonal(square),
            Cmd::Pieces(color) => self.reader().pieces(color),
            Cmd::Where(kind) => self.reader().where_pieces(kind),
            Cmd::Attackers(square) => self.reader().attackers(square),
            Cmd::Moves(from) => self.reader().moves(from),
            Cmd::Material => self.reader().material(),
            Cmd::Status => self.status(),
            Cmd::Fen => self.reader().fen(),
            Cmd::Pgn(to) => self.pgn(to),
            Cmd::Brf(to) => self.brf(to.file, to.replace),
            Cmd::Save(to) => self.save(to.name, to.replace),
            Cmd::Load(from) => Records::load(&mut self.table, from),
            Cmd::Games(file) => Records::games(&mut self.table, file),
            Cmd::Last => self.reader().last(),
            Cmd::History => self.reader().history(),
            Cmd::Repeat => self.repeat(),
            Cmd::Undo => self.undo(),
            Cmd::Resign => {
                let o = self.against();
                play::resign(&mut self.table, o)
            }
            Cmd::Draw(mv) => self.draw(mv),
            Cmd::Accept => play::accept(&mut self.table),
            Cmd::Decline => play::decline(&mut self.table),
            Cmd::Set(setting) => self.set_command(setting),
            Cmd::Listen(on) => self.listen_command(on),
            Cmd::Microphones => self.microphones(),
            Cmd::Display(view) => self.display.command(view),
            Cmd::Settings => settings::list(&self.table, self.records.settings_file()),
            Cmd::Hint => self.analyse(Purpose::Hint),
            Cmd::Eval => self.analyse(Purpose::Eval),
            Cmd::Opening | Cmd::Review(_) | Cmd::Stop => self.review_room_command(cmd),
            Cmd::Clock(side) => self.clock_order(ClockOrder::Read(side)),
            Cmd::Pause => self.clock_order(ClockOrder::Pause),
            Cmd::Resume => self.clock_order(ClockOrder::Resume),
            Cmd::Next => self.replay_order(ReplayOrder::Next),
            Cmd::Prev => self.replay_order(ReplayOrder::Prev),
            Cmd::Start => self.replay_order(ReplayOrder::Start),
            Cmd::End => self.replay_order(ReplayOrder::End),
            Cmd::Goto(to) => self.replay_order(ReplayOrder::Goto(to)),
            Cmd::Play => self.replay_play(),
            Cmd::MyBoard(order) => {
                let o = self.against();
                self.dual.my_board(&self.table, o, order)
            }
            Cmd::Compare => self.dual.compare(&self.table),
            Cmd::Scoresheet(sheets) => self.dual.scoresheet(&mut self.table, sheets),
            Cmd::Restore(to) => self.restore_to(to),
            Cmd::Blindfold(order) => self.training.blindfold(order),
            Cmd::Drill(order) => self.training.drill_command(&mut self.table, order),
            Cmd::Online(order) => self.online.command(&self.table, order),
            Cmd::Seek(terms) => self.online.seek(&self.table, terms),
            Cmd::Challenge(order) => self.online.challenge(&self.table, order),
            Cmd::Abort => self.online.abort(&self.table),
            Cmd::Say(text) => self.online.say(&self.table, &text),
            Cmd::Claim(claim) => self.online.claim(&self.table, claim),
        }
    }

    /// `status`: whose move, where a replay stands, a move owed, and
    /// whether annabella listens.
    fn status(&self) -> Vec<Event> {
        [self.table.status(self.against())]
            .into_iter()
            .chain(self.replay.place(&self.table))
            .chain(super::confirm::owed(&self.table))
            .chain(self.listening_status())
            .collect()
    }

    /// The board as the player reads it now.
    pub(super) fn reader(&self) -> Reader<'_> {
        Reader::new(&self.table, self.against())
    }

    fn replay_order(&mut self, order: ReplayOrder) -> Vec<Event> {
        let o = self.against();
        // The player follows the replay on their own board when it
        // agreed with the game shown.
        let agreed = self.dual.agrees(&self.table);
        let events = self.replay.handle(&mut self.table, o, order);
        self.dual.sync(&self.table, agreed);
        events
    }

    fn clock_order(&mut self, order: ClockOrder) -> Vec<Event> {
        let o = self.against();
        self.clock.handle(&mut self.table, o, order)
    }

    fn repeat(&self) -> Vec<Event> {
        if self.last_answer.is_empty() {
            return vec![Refused::NothingToRepeat.into()];
        }
        vec![SessionEvent::Repeated(self.last_answer.clone()).into()]
    }
}
