//! The loop: merges four inputs into one stream — lines (read on a
//! thread of their own), the engine's replies (from the engine host's
//! threads), lichess's replies and stream lines (from the network host's
//! threads) and a tick every [`TICK`] while something timed runs — hands
//! each to the session with the time it arrived, and gives the session's
//! events to every subscriber. The time is read here, at the edge, and
//! passed in: the core never reads a clock. The lichess token lives here
//! and in the network host only: a token typed after `online login` is
//! read unseen, kept in its file and handed to the network, never to the
//! session.

use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use crate::announce::{Announcer, PromptLabel};
use crate::engine::host::{Host, Reply};
use crate::event::{Event, Subscriber};
use crate::io::LineSource;
use crate::net::NetHost;
use crate::net::Token;
use crate::online::NetReply;
use crate::session::{Prompt, Session, TokenOutcome};
use crate::store::Keeper;
use crate::store::token;

/// How often the session hears the time while something timed runs.
pub const TICK: Duration = Duration::from_millis(100);

/// How long a terminal session waits for the engine's answer before it
/// shows the prompt anyway (the built-in engine's top level thinks 1 s).
const ENGINE_GRACE: Duration = Duration::from_millis(1500);

/// One input of the loop.
#[derive(Debug)]
pub enum Input {
    /// A line from the player.
    Line(String),
    /// The end of input (Ctrl-D, or the end of a pipe).
    End,
    /// A reply of the engine host.
    Engine(Reply),
    /// The time now, while something timed runs.
    Tick(Instant),
    /// A reply or stream line from lichess.
    Net(NetReply),
    /// The line typed after `online login`: the token, read unseen.
    Secret(String),
}

/// What the loop needs for lichess: the token (from `LICHESS_TOKEN` or
/// the token file) and where the token file is.
#[derive(Debug, Default)]
pub struct Network {
    /// The token, if there is one.
    pub token: Option<Token>,
    /// Where `online login` keeps a token and `online logout` deletes
    /// it; `None` when there is no configuration directory.
    pub token_file: Option<PathBuf>,
    /// The token `LICHESS_TOKEN` gives, which stays in use after
    /// `online logout`.
    pub env_token: Option<Token>,
}

/// Reads lines until the end of input or `quit`, handing every event to
/// every subscriber. With a prompt (a person at a terminal) the player
/// can read the board while the engine thinks; without one (a pipe) the
/// engine's answers are awaited before the next line is read, so that
/// scripted games come out the same every time.
pub fn run(
    session: &mut Session,
    announcer: &Announcer,
    source: Box<dyn LineSource + Send>,
    subscribers: &mut [&mut dyn Subscriber],
    keeper: &mut dyn Keeper,
    prompt: bool,
    network: Network,
) -> io::Result<()> {
    let (tx, inputs) = mpsc::channel::<Input>();
    let ask = spawn_reader(source, tx.clone());
    let net_tx = tx.clone();
    let host = Host::new(move |reply| {
        let _ = tx.send(Input::Engine(reply));
    });
    session.go_online(network.token.is_some(), network.env_token.is_some());
    let net = NetHost::new(network.token, move |reply| {
        let _ = net_tx.send(Input::Net(reply));
    });
    let mut looping = Loop {
        session,
        announcer,
        inputs,
        ask,
        host,
        net,
        token_file: network.token_file,
        env_token: network.env_token,
        reading: false,
        prompt,
        keeper,
    };
    looping.run(subscribers)
}

/// Reads lines on a thread of its own, one each time it is asked (with
/// the prompt to show), so that the loop can take engine replies and
/// ticks meanwhile. Not joined: at the end it may sit in a read that
/// never returns.
fn spawn_reader(mut source: Box<dyn LineSource + Send>, lines: Sender<Input>) -> Sender<Ask> {
    let (ask, asked_for) = mpsc::channel::<Ask>();
    thread::spawn(move || {
        while let Ok(Ask { prompt, secret }) = asked_for.recv() {
            let line = if secret {
                source.read_secret(&prompt).map(Input::Secret)
            } else {
                source.read_line(&prompt).map(Input::Line)
            };
            let input = line.unwrap_or(Input::End);
            let end = matches!(input, Input::End);
            if lines.send(input).is_err() || end {
                break;
            }
        }
    });
    ask
}

/// A line asked of the reader thread, with the prompt to show; a
/// secret one is read without echo.
struct Ask {
    prompt: String,
    secret: bool,
}

struct Loop<'a> {
    session: &'a mut Session,
    announcer: &'a Announcer,
    inputs: Receiver<Input>,
    ask: Sender<Ask>,
    host: Host,
    /// Carries out the calls to lichess and keeps its streams.
    net: NetHost,
    /// Where the token is kept.
    token_file: Option<PathBuf>,
    /// The environment's token.
    env_token: Option<Token>,
    /// A line has been asked for and not yet read.
    reading: bool,
    prompt: bool,
    /// Carries out what the session asks of the store.
    keeper: &'a mut dyn Keeper,
}

impl Loop<'_> {
    fn run(&mut self, subscribers: &mut [&mut dyn Subscriber]) -> io::Result<()> {
        // The clock of a timed game starts with the loop.
        let mut first = Some(Input::Tick(Instant::now()));
        while !self.session.is_quit() {
            self.hand_requests();
            let Some(input) = first.take().or_else(|| self.next_input()) else {
                break;
            };
            let Some(events) = self.handle(input)? else {
                break;
            };
            // Kept before it is said: a move the player has heard is a
            // move on disk, whenever the program is killed.
            let mut events = events;
            if self.session.take_logout() {
                events.extend(self.logout());
            }
            // A reply (a game loaded) may itself want keeping.
            loop {
                let requests = self.session.store_requests();
                if requests.is_empty() {
                    break;
                }
                for request in requests {
                    if let Some(reply) = self.keeper.carry_out(request) {
                        events.extend(self.session.store_reply(reply, Instant::now()));
                    }
                }
            }
            Self::tell(self.session, subscribers, &events)?;
        }
        self.host.cancel();
        self.net.shutdown();
        Ok(())
    }

    /// `online logout`: the token file deleted; the network keeps only
    /// a token from the environment.
    fn logout(&mut self) -> Vec<Event> {
        let result = match &self.token_file {
            Some(path) => token::delete(path).map_err(|e| e.to_string()),
            None => Ok(false),
        };
        if result.is_ok() {
            self.net.set_token(self.env_token.clone());
        }
        self.session.logged_out(result)
    }

    /// The line typed after `online login`: kept in the token file and
    /// handed to the network if it is a token. It goes nowhere else.
    fn secret(&mut self, text: &str) -> Vec<Event> {
        let outcome = match (Token::new(text), &self.token_file) {
            (None, _) => TokenOutcome::NotAToken,
            (Some(token), Some(path)) => match token::save(path, &token) {
                Ok(()) => {
                    self.net.set_token(Some(token));
                    TokenOutcome::Saved
                }
                Err(e) => TokenOutcome::NotSaved(e.to_string()),
            },
            (Some(token), None) => {
                // Nowhere to keep it: it is used for this run only.
                self.net.set_token(Some(token));
                TokenOutcome::Saved
            }
        };
        self.session.token_given(outcome)
    }

    fn tell(
        session: &Session,
        subscribers: &mut [&mut dyn Subscriber],
        events: &[Event],
    ) -> io::Result<()> {
        let settings = session.settings().clone();
        for subscriber in subscribers.iter_mut() {
            subscriber.notify(&settings, events)?;
        }
        Ok(())
    }

    /// Gives the engine host what the session asks for, and stops a search
    /// whose answer is no longer wanted.
    fn hand_requests(&mut self) {
        for request in self.session.requests() {
            self.host.request(request);
        }
        let requests = self.session.net_requests();
        if !requests.is_empty() {
            let base = self.session.settings().lichess_url.as_str().to_string();
            for request in requests {
                self.net.send(&base, request);
            }
        }
        if self.session.awaiting_move().is_none() && self.host.current().is_some() {
            self.host.cancel();
        }
    }

    /// The next input: at a terminal the engine gets a moment to answer
    /// before the prompt, so that the prompt names the side really to
    /// move; from a pipe no line is read while an answer is awaited.
    fn next_input(&mut self) -> Option<Input> {
        let waiting = self.session.waiting();
        if self.prompt && !self.reading && waiting {
            match self.inputs.recv_timeout(ENGINE_GRACE) {
                Ok(input) => return Some(input),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return None,
            }
        }
        if !self.reading && (self.prompt || !waiting) {
            let text = if self.prompt {
                let settings = self.session.settings();
                let label = match self.session.prompt() {
                    Some(Prompt::Repeat { .. }) => Some(PromptLabel::Repeat),
                    Some(Prompt::ConfirmOwn { .. }) => Some(PromptLabel::YesNo),
                    Some(Prompt::Drill | Prompt::Quiz { .. }) => Some(PromptLabel::Answer),
                    Some(Prompt::Sheet { .. }) => Some(PromptLabel::Sheet),
                    Some(Prompt::Which { .. } | Prompt::Promotion { .. }) | None => None,
                };
                let label = if self.session.wants_secret() {
                    Some(PromptLabel::Token)
                } else {
                    label
                };
                let prompt = if self.session.offering() {
                    self.announcer.offer_prompt(settings)
                } else if let Some(label) = label {
                    self.announcer.question_prompt(settings, label)
                } else {
                    self.announcer.prompt(settings, self.session.to_move())
                };
                format!("{prompt} ")
            } else {
                String::new()
            };
            let secret = self.session.wants_secret();
            self.ask
                .send(Ask {
                    prompt: text,
                    secret,
                })
                .ok()?;
            self.reading = true;
        }
        self.receive()
    }

    /// Waits for the next input; while something timed runs, a tick comes
    /// every [`TICK`] when nothing else does, and at once when a flag is
    /// due to fall or an alarm to sound, so that they are said on time.
    fn receive(&self) -> Option<Input> {
        if !self.session.timed() {
            return self.inputs.recv().ok();
        }
        let now = Instant::now();
        let wait = self
            .session
            .next_deadline()
            .map_or(TICK, |due| due.saturating_duration_since(now).min(TICK));
        match self.inputs.recv_timeout(wait) {
            Ok(input) => Some(input),
            Err(RecvTimeoutError::Timeout) => Some(Input::Tick(Instant::now())),
            Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Hands one input to the session; `None` at the end of input.
    fn handle(&mut self, input: Input) -> io::Result<Option<Vec<Event>>> {
        let events = match input {
            Input::Line(line) => {
                self.reading = false;
                return Ok(Some(self.session.handle_line(&line, Instant::now())));
            }
            Input::Engine(reply) => {
                self.host.done(reply.id);
                self.session.engine_reply(reply, Instant::now())
            }
            Input::Tick(now) => self.session.tick(now),
            Input::Net(reply) => self.session.net_reply(reply, Instant::now()),
            Input::Secret(text) => {
                self.reading = false;
                return Ok(Some(self.secret(&text)));
            }
            Input::End => return Ok(None),
        };
        if self.reading && self.prompt && !events.is_empty() {
            // An answer or a fallen flag while the prompt waits: it goes
            // on a line of its own, not after the prompt.
            let mut out = io::stdout();
            writeln!(out)?;
            out.flush()?;
        }
        Ok(Some(events))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Answer, EngineEvent, GameEvent, SessionEvent};
    use crate::rules::Game;
    use crate::settings::{OpponentChoice, Settings};

    /// Lines from a list, as a pipe sends them.
    struct Lines(std::vec::IntoIter<&'static str>);

    impl LineSource for Lines {
        fn read_line(&mut self, _prompt: &str) -> Option<String> {
            self.0.next().map(str::to_string)
        }
    }

    /// Keeps every event it is told.
    #[derive(Default)]
    struct Record(Vec<Event>);

    impl Subscriber for Record {
        fn notify(&mut self, _: &Settings, events: &[Event]) -> io::Result<()> {
            self.0.extend_from_slice(events);
            Ok(())
        }
    }

    #[test]
    fn from_a_pipe_every_answer_comes_in_the_order_asked() {
        let settings = Settings {
            opponent: OpponentChoice::Human,
            ..Settings::default()
        };
        let mut session = Session::new(Game::new(), settings);
        let lines = Lines(vec!["e4", "hint", "board", "quit", "e5"].into_iter());
        let mut record = Record::default();
        let announcer = Announcer::new();
        run(
            &mut session,
            &announcer,
            Box::new(lines),
            &mut [&mut record],
            &mut crate::store::Nowhere,
            false,
            Network::default(),
        )
        .expect("no output to fail");
        let kinds: Vec<&str> = record
            .0
            .iter()
            .map(|e| match e {
                Event::Game(GameEvent::Moved(_)) => "moved",
                Event::Engine(EngineEvent::Hint(_)) => "hint",
                Event::Answer(Answer::Board(_)) => "board",
                Event::Session(SessionEvent::Quit) => "quit",
                _ => "other",
            })
            .collect();
        // The hint is awaited before the next line; nothing after quit.
        assert_eq!(kinds, ["moved", "hint", "board", "quit"]);
        assert_eq!(session.game().plies().len(), 1);
    }
}
