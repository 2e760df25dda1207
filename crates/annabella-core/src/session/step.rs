//! The one way in: [`Session::step`] takes everything that happens — the
//! start, a line, an engine's reply, a deadline reached, a reply or
//! stream line from lichess, the store's answer, the token handled, the
//! token file deleted, what the microphone heard (already read as a
//! move or a line) and the listener's news, a key or the news of the
//! Braille display, the Braille scoresheet written, the end of input —
//! as one [`Input`] with the time it happened, and answers with a
//! [`Step`]: the events every output hears, the [`Effect`]s the outside
//! world must carry out (ask or stop the engine, ask the store, call
//! lichess, read the next line unseen, delete the token, listen, open
//! or close the display, write a scoresheet), and [`Next`], what the
//! session waits for: the next line and its prompt, whether a reply
//! comes first, the next deadline, whether it ended. The loop carries
//! the effects out, brings their answers back as inputs, and between
//! steps asks the session nothing. Every input ends the same way
//! (`Session::step`'s last lines): a game that ended is scored and its
//! clock stopped, the game is kept when something worth keeping
//! changed, and the requests that the step made wait in the effects.
//!
//! A new kind of input is a new variant of [`Input`]: one arm in
//! [`Session::step`] and the room that answers it; the ending is the
//! same for it.

use std::time::Instant;

use crate::engine::host::{Reply as EngineReply, Request as EngineRequest};
use crate::event::{
    BrailleSheet, BrfOutcome, Event, GameEvent, Heard, RecordEvent, Refused, SessionEvent,
    VoiceTrouble,
};
use crate::input::grammar::Moment;
use crate::online::{NetReply, NetRequest};
use crate::store::{Reply as StoreReply, Request as StoreRequest, SavedGame};

use super::{DisplayInput, NextLine, Rooms, TokenOutcome};

/// Everything that happens to the session.
#[derive(Debug)]
pub enum Input {
    /// The session begins: what the loop found at the start.
    Start(Start),
    /// A line from the player.
    Line(String),
    /// A reply of the engine host: its move, or an analysis.
    Engine(EngineReply),
    /// Time passed: the loop's first step, and the deadline the last
    /// step named ([`Next::deadline`]) reached.
    Tick,
    /// A reply or a stream line from lichess.
    Net(NetReply),
    /// The store's answer to a request.
    Store(StoreReply),
    /// The line read unseen after `online login` was handled as a token
    /// by the loop (which keeps the token; the session never sees it).
    Token(TokenOutcome),
    /// The token file was deleted after `online logout` (`Ok(whether
    /// there was one)`), or could not be.
    LoggedOut(Result<bool, crate::event::IoReason>),
    /// What the microphone heard in one utterance.
    Heard(Heard),
    /// News of voice input: it cannot be had, or the microphones there are.
    Voice(VoiceNews),
    /// A key of the Braille display that concerns the game, or the
    /// display's news.
    Display(DisplayInput),
    /// What became of the Braille scoresheet asked for with `brf FILE`.
    Brf(BrfOutcome),
    /// The end of input (Ctrl-D): the session ends as `quit` ends it.
    End,
}

/// News of voice input, for [`Input::Voice`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VoiceNews {
    /// Voice input cannot be had (or no longer): the keyboard goes on.
    Unavailable(VoiceTrouble),
    /// The recogniser was told what to listen for, and listens.
    Listening,
    /// The microphones there are, for `microphones`.
    Microphones(Vec<String>),
}

/// What the loop found at the start, for [`Input::Start`].
#[derive(Debug, Default)]
pub struct Start {
    /// A person at a terminal hears the game as `new` says it; a script
    /// hears only where the pieces of a Chess960 start stand.
    pub greet: bool,
    /// The game is a Chess960 start (a number, or one drawn at random):
    /// its line, the number and where the pieces stand, is said to a
    /// script too, since nothing else tells it.
    pub chess960: bool,
    /// An unfinished game kept by an earlier run, and what to do with it.
    pub kept: Option<KeptGame>,
    /// Whether a lichess token is there, and whether it comes from the
    /// environment; `None` without one.
    pub token: Option<TokenFrom>,
}

/// An unfinished game kept by an earlier run, and what becomes of it.
#[derive(Debug)]
pub struct KeptGame {
    /// The game as it was kept.
    pub game: Box<SavedGame>,
    /// Resumed, offered or set aside.
    pub resumption: Resumption,
}

/// Where the lichess token comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TokenFrom {
    /// The token file.
    File,
    /// `LICHESS_TOKEN`.
    Environment,
}

/// What becomes of an unfinished game kept by an earlier run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Resumption {
    /// Go on with it at once (`--resume`).
    Resume,
    /// Offer it; the next line answers yes or no.
    Offer,
    /// Put it among the saved games: a script or `--new` starts afresh.
    SetAside,
}

/// What the outside world must do after a step.
#[derive(Clone, Debug)]
pub enum Effect {
    /// Ask the engine host: a move or an analysis (boxed: a request
    /// carries a whole position).
    Engine(Box<EngineRequest>),
    /// Stop the search for a move nobody waits for any more.
    StopEngine,
    /// Stop the analysis with this id (`stop` in a review): its reply
    /// still comes, and is dropped.
    StopAnalysis(u64),
    /// Ask the store: keep, save, load, list, read or write.
    Store(StoreRequest),
    /// Call lichess, or open or close one of its streams.
    Net(NetRequest),
    /// Read the next line unseen: it is the lichess token.
    ReadSecret,
    /// Delete the token file (`online logout`).
    DeleteToken,
    /// Listen for the moment given (a new position or question, or the
    /// answer to what was heard), or stop listening (`None`).
    Listen(Option<Box<Moment>>),
    /// List the microphones (`microphones`).
    ListMicrophones,
    /// Open the Braille display (and keep it, reconnecting when BRLTTY
    /// comes back), or close it.
    Braille(bool),
    /// Write the Braille scoresheet (`brf FILE`; boxed: it carries the
    /// whole game).
    Brf(Box<BrailleSheet>),
}

/// What a step gives back: what happened, for every output, what the
/// outside world must do, and what the loop waits for next.
#[derive(Clone, Debug)]
pub struct Step {
    /// The events, in the order they are said.
    pub events: Vec<Event>,
    /// The effects, to carry out in order.
    pub effects: Vec<Effect>,
    /// What the session waits for after this step.
    pub next: Next,
}

/// What the session waits for after a step, so that the loop asks it
/// nothing between steps: the next line and its prompt, whether an
/// answer comes first, when to be told the time, and whether it ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Next {
    /// What the next line answers, for its prompt.
    pub line: NextLine,
    /// A reply is awaited (the engine's move or an analysis, a call to
    /// lichess): a script's next line waits for it.
    pub waiting: bool,
    /// When to step again with [`Input::Tick`] if nothing else comes: a
    /// flag's fall or an alarm. `None`: only inputs wake the session.
    pub deadline: Option<Instant>,
    /// The session ended (`quit`, or the end of input).
    pub quit: bool,
}

impl Step {
    /// The requests for the engine host among the effects, in order.
    pub fn engine_requests(&self) -> impl Iterator<Item = &EngineRequest> {
        self.effects.iter().filter_map(|effect| match effect {
            Effect::Engine(request) => Some(&**request),
            _ => None,
        })
    }
}

/// The kinds of input, for the one thing the ending does differently:
/// what `repeat` says again afterwards.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    Start,
    Line,
    Engine,
    Tick,
    Net,
    Store,
    Token,
    LoggedOut,
    Heard,
    Voice,
    DisplayKey,
    DisplayNews,
    Brf,
    End,
}

impl Input {
    fn kind(&self) -> Kind {
        match self {
            Input::Start(_) => Kind::Start,
            Input::Line(_) => Kind::Line,
            Input::Engine(_) => Kind::Engine,
            Input::Tick => Kind::Tick,
            Input::Net(_) => Kind::Net,
            Input::Store(_) => Kind::Store,
            Input::Token(_) => Kind::Token,
            Input::LoggedOut(_) => Kind::LoggedOut,
            Input::Heard(_) => Kind::Heard,
            Input::Voice(_) => Kind::Voice,
            Input::Display(input) if input.is_key() => Kind::DisplayKey,
            Input::Display(_) => Kind::DisplayNews,
            Input::Brf(_) => Kind::Brf,
            Input::End => Kind::End,
        }
    }
}

impl Kind {
    /// Whether `events` become what `repeat` says again: the answer to a
    /// line (not `repeat` itself), the engine's move, what the clock
    /// said, a move from lichess. What the store or the token answer is
    /// part of a line already remembered.
    fn remembers(self, events: &[Event]) -> bool {
        match self {
            Kind::Line | Kind::Heard | Kind::DisplayKey => {
                let repeat_only = matches!(
                    events,
                    [Event::Session(SessionEvent::Repeated(_))
                        | Event::Refusal(Refused::NothingToRepeat)]
                );
                !events.is_empty() && !repeat_only
            }
            Kind::Engine | Kind::Tick => !events.is_empty(),
            Kind::Net => events
                .iter()
                .any(|e| matches!(e, Event::Game(GameEvent::Moved(_)))),
            Kind::Start
            | Kind::Store
            | Kind::Token
            | Kind::LoggedOut
            | Kind::Voice
            | Kind::DisplayNews => false,
            // Like the store's answer, part of a line already remembered.
            Kind::Brf => false,
            Kind::End => false,
        }
    }
}

impl Rooms {
    /// One thing happened at `now` ([`Session::step`](super::Session::step)).
    pub(super) fn step(&mut self, input: Input, now: Instant) -> Step {
        let before = self.before();
        let kind = input.kind();
        let mut events = match input {
            // The clock of a timed game starts with the loop's first
            // tick, not with the start.
            Input::Start(start) => self.begin(start, now),
            input => {
                // A flag that fell before the input ends the game first.
                let o = self.against();
                let mut events = self.clock.observe(&mut self.table, o, now);
                events.extend(self.happen(input, now));
                events
            }
        };
        self.training.score_at_end(&mut events);
        self.table.stop_clock_if_over();
        // What the player enters, and the end, note the running turn's
        // time too, so that a restart does not give back the time used
        // (the time stepped at an alarm's deadline does not: nothing the
        // player did changed).
        let noted = matches!(kind, Kind::Line | Kind::Heard | Kind::DisplayKey) || self.quit;
        self.autosave_noting(noted);
        if kind.remembers(&events) {
            self.last_answer.clone_from(&events);
        }
        // Not part of the answer `repeat` says again.
        events.extend(self.display_ending());
        let mut effects = self.effects(before);
        effects.extend(self.listening(kind == Kind::Heard));
        effects.extend(self.display_effect());
        Step {
            events,
            effects,
            next: Next {
                line: self.next_line(),
                waiting: self.waiting(),
                deadline: self.next_deadline(),
                quit: self.quit,
            },
        }
    }

    /// What one input (other than the start) says.
    fn happen(&mut self, input: Input, now: Instant) -> Vec<Event> {
        match input {
            Input::Start(_) | Input::Tick => Vec::new(),
            Input::Line(line) => self.dispatch(&line),
            Input::Engine(reply) => self.engine_reply(reply, now),
            Input::Net(reply) => self.net_reply(reply),
            Input::Store(reply) => self.store_reply(reply, now),
            Input::Token(outcome) => self.online.token_given(&self.table, outcome),
            Input::LoggedOut(result) => self.online.logged_out(result),
            Input::Heard(heard) => self.heard(heard),
            Input::Voice(news) => self.voice_news(news),
            Input::Display(input) => self.display_input(input),
            Input::Brf(outcome) => self.brf_done(outcome),
            Input::End => self.farewell(true),
        }
    }

    /// The start: lichess watched when there is a token, the kept game
    /// resumed, offered or set aside, and the game said as `new` says it
    /// unless a kept game is the start.
    fn begin(&mut self, start: Start, now: Instant) -> Vec<Event> {
        self.interactive = start.greet;
        if let Some(from) = start.token {
            self.online.go_online(from == TokenFrom::Environment);
        }
        let mut events = Vec::new();
        if let Some(KeptGame { game, resumption }) = start.kept
            && self.restorable(&game, now)
        {
            match resumption {
                Resumption::Resume => events.extend(self.resume_kept(&game, now)),
                Resumption::Offer => events.extend(self.offer_resume(*game, now)),
                // Said, with the name it is kept under: nothing the player
                // played goes out of sight without a word.
                Resumption::SetAside => self.table.ask_store(StoreRequest::KeepPlayed),
            }
        }
        let resumed = events
            .iter()
            .any(|e| matches!(e, Event::Record(RecordEvent::Resumed)));
        if !self.offering() && !resumed {
            events.extend(self.opening(start.greet, start.chess960));
        }
        events
    }

    fn before(&self) -> Before {
        Before {
            awaited: self.seat.awaited(),
            secret: self.online.token_wanted(),
        }
    }

    /// The effects of a step: the requests its rooms made, a search
    /// stopped when its move is no longer awaited, and what the step
    /// began (reading the token, quitting).
    fn effects(&mut self, before: Before) -> Vec<Effect> {
        let mut effects: Vec<Effect> = self
            .engine_requests()
            .into_iter()
            .map(|request| Effect::Engine(Box::new(request)))
            .collect();
        if before.awaited.is_some() && self.seat.awaited().is_none() {
            effects.push(Effect::StopEngine);
        }
        effects.extend(self.online.take_requests().into_iter().map(Effect::Net));
        if self.online.take_logout() {
            effects.push(Effect::DeleteToken);
        }
        effects.append(&mut self.table.effects);
        if self.online.token_wanted() && !before.secret {
            effects.push(Effect::ReadSecret);
        }
        effects
    }
}

/// What the ending compares with: the state before the step.
#[derive(Copy, Clone, Debug)]
struct Before {
    /// The engine's move awaited.
    awaited: Option<u64>,
    /// The next line was to be the token.
    secret: bool,
}
