//! The loop: merges what happens — lines (read on a thread of their
//! own), the engine's replies (from the engine host's threads), lichess's
//! replies and stream lines (from the network host's threads), the
//! store's answers, the listener's and the display's reports, and the
//! deadline the last step named ([`Next::deadline`]: a flag's fall, an
//! alarm) — into one [`Input`] at a time, hands it to [`Session::step`]
//! with the time it arrived, gives the step's events to every subscriber
//! and carries out its effects, whose answers come back as inputs.
//! Between steps it asks the session nothing: the step says what comes
//! next ([`Next`]), and nothing else wakes the loop. The time
//! is read here, at the edge, and passed in: the core never reads a
//! clock. The lichess token lives here and in the network host only: a
//! token typed after `online login` is read unseen, kept in its file and
//! handed to the network, never to the session.

mod brf;
pub mod cli;
mod display;
pub mod generate;
pub mod hear;
pub mod start;
mod voice;

use voice::Voice;

use std::collections::VecDeque;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::Instant;

use crate::announce::{Announcer, PromptLabel};
use crate::engine::host::Host;
use crate::event::IoReason;
use crate::event::{Event, Subscriber};
use crate::io::braille::DisplayLink;
use crate::io::gate::Gate;
use crate::io::speech::Hush;
use crate::io::{LineSource, Screen};
use crate::net::NetHost;
use crate::net::Token;
use crate::session::{Effect, Input, Next, NextLine, Session, Start, TokenOutcome, VoiceNews};
use crate::settings::Settings;
use crate::store::{Keeper, Request as StoreRequest, token};

/// The most lines of a pipe stepped before their answers are made
/// durable and shown together. Only lines already read ahead are
/// batched, so no one waits on a batch; each costs an `fdatasync`, and
/// their held answers (some hundred bytes a line) are all it keeps.
const BATCH: usize = 4096;

/// What the loop's threads send it.
#[derive(Debug)]
enum Arrival {
    /// Something for the session.
    Input(Input),
    /// Lines read: one typed, or several a pipe had already sent.
    Lines(Vec<String>),
    /// A line typed after `online login`: the token, read unseen. The
    /// loop handles it; only the outcome goes to the session.
    Secret(String),
    /// The end of input (Ctrl-D, or the end of a pipe).
    End,
}

/// What the loop needs for lichess: the token (from `LICHESS_TOKEN` or
/// the token file) and where the token file is.
#[derive(Debug, Default)]
pub struct Network {
    /// The token, if there is one.
    pub token: Option<Token>,
    /// Where `online logout` deletes the token and `online login` keeps
    /// one; `None` when there is no configuration directory.
    pub token_file: Option<PathBuf>,
    /// The token `LICHESS_TOKEN` gives, which stays in use after
    /// `online logout`.
    pub env_token: Option<Token>,
}

/// What the loop begins with.
#[derive(Debug, Default)]
pub struct Begin {
    /// A person at a terminal: prompts are shown, and the board can be
    /// read while the engine thinks.
    pub prompt: bool,
    /// The lichess token and its file.
    pub network: Network,
    /// The session's start.
    pub start: Start,
    /// What was found before the start (a settings file moved aside, a
    /// token that cannot be read), said with what the start says.
    pub notes: Vec<Event>,
    /// At a terminal: what arrives while a line is typed goes above the
    /// prompt, and the prompt follows what happened.
    pub screen: Option<Screen>,
    /// Silences the readings still spoken the moment a line arrives.
    pub hush: Hush,
    /// `--listen-from`: a recording is the microphone.
    pub listen_from: Option<PathBuf>,
    /// Shuts the microphone while annabella speaks.
    pub gate: Gate,
    /// The Braille display, opened when the session asks for it.
    pub braille: DisplayLink,
}

/// Runs the session from its start until the end of input or `quit`,
/// handing every event to every subscriber. With a prompt (a person at a
/// terminal) the player can read the board while the engine thinks;
/// without one (a pipe) the engine's answers are awaited before the next
/// line is read, so that scripted games come out the same every time.
pub fn run(
    session: &mut Session,
    announcer: &Announcer,
    source: Box<dyn LineSource + Send>,
    subscribers: &mut [&mut dyn Subscriber],
    keeper: &mut dyn Keeper,
    begin: Begin,
) -> io::Result<()> {
    let Begin {
        prompt,
        network,
        start,
        notes,
        screen,
        hush,
        listen_from,
        gate,
        braille,
    } = begin;
    let (tx, arrivals) = mpsc::channel::<Arrival>();
    let ask = spawn_reader(source, tx.clone());
    let net_tx = tx.clone();
    let voice_tx = tx.clone();
    let braille_tx = tx.clone();
    let host = Host::new(move |reply| {
        let _ = tx.send(Arrival::Input(Input::Engine(reply)));
    });
    let net = NetHost::new(network.token, move |reply| {
        let _ = net_tx.send(Arrival::Input(Input::Net(reply)));
    });
    let mut looping = Loop {
        session,
        announcer,
        arrivals,
        ask,
        host,
        net,
        token_file: network.token_file,
        env_token: network.env_token,
        reading: false,
        queue: VecDeque::new(),
        held: Vec::new(),
        secret: false,
        next: Next {
            line: NextLine::Move(None),
            waiting: false,
            deadline: None,
            quit: false,
        },
        ended: false,
        prompt,
        screen,
        shown: String::new(),
        hush,
        keeper,
        voice: Voice {
            listener: None,
            from: listen_from,
            gate,
            tx: voice_tx,
            input_ended: false,
        },
        braille,
        braille_tx,
    };
    looping.run(subscribers, start, notes)
}

/// Reads lines on a thread of its own, each time it is asked (with the
/// prompt to show) one line and those a pipe already sent after it, so
/// that the loop can take engine replies and deadlines meanwhile, and a
/// piped game costs one hand-off per batch, not per line. Not joined: at the end it may sit in a read that
/// never returns.
fn spawn_reader(mut source: Box<dyn LineSource + Send>, lines: Sender<Arrival>) -> Sender<Ask> {
    let (ask, asked_for) = mpsc::channel::<Ask>();
    thread::spawn(move || {
        while let Ok(Ask { prompt, secret }) = asked_for.recv() {
            let line = if secret {
                source.read_secret(&prompt).map(Arrival::Secret)
            } else {
                source.read_lines(&prompt, BATCH).map(Arrival::Lines)
            };
            let arrival = line.unwrap_or(Arrival::End);
            let end = matches!(arrival, Arrival::End);
            if lines.send(arrival).is_err() || end {
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

/// A run of events held to be told, worded with the same settings.
struct Held {
    settings: Settings,
    events: Vec<Event>,
    /// Where each line the player entered begins among the events (see
    /// [`Subscriber::notify_entered`]).
    entered: Vec<usize>,
}

struct Loop<'a> {
    session: &'a mut Session,
    announcer: &'a Announcer,
    arrivals: Receiver<Arrival>,
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
    /// Lines read and not yet stepped (a pipe's batch).
    queue: VecDeque<String>,
    /// Events not yet told, each run of them with the settings they are
    /// worded in (a batch may change a setting): they are told once what
    /// they answer is durable.
    held: Vec<Held>,
    /// The next line asked for is the token, read unseen.
    secret: bool,
    /// What the last step said comes next.
    next: Next,
    /// The input ended (the lines and any recording listened to): the
    /// loop ends once the step is told.
    ended: bool,
    prompt: bool,
    /// The terminal's screen, where output goes above the prompt.
    screen: Option<Screen>,
    /// The prompt of the line being read.
    shown: String,
    /// Silences the readings still spoken when a line arrives.
    hush: Hush,
    /// Carries out what the session asks of the store.
    keeper: &'a mut dyn Keeper,
    /// Voice input.
    voice: Voice,
    /// The Braille display, and where its reports go.
    braille: DisplayLink,
    braille_tx: Sender<Arrival>,
}

impl Loop<'_> {
    fn run(
        &mut self,
        subscribers: &mut [&mut dyn Subscriber],
        start: Start,
        notes: Vec<Event>,
    ) -> io::Result<()> {
        self.hold(notes, false);
        let events = self.carry(Input::Start(start));
        self.hold(events, false);
        self.flush(subscribers, false)?;
        // The clock of a timed game starts with the loop.
        let mut next = Some(Arrival::Input(Input::Tick));
        while !self.over() {
            let Some(arrival) = next.take().or_else(|| self.next_arrival()) else {
                break;
            };
            let input = match arrival {
                // A recording listened to goes on after the lines end.
                Arrival::End if self.voice.on_recording() => {
                    self.voice.input_ended = true;
                    self.reading = true;
                    continue;
                }
                Arrival::End => {
                    self.end_of_input();
                    break;
                }
                Arrival::Input(input) => input,
                Arrival::Lines(lines) => {
                    // At once, as a key silences a screen reader: the
                    // answer waits for the step and the store's commit.
                    // Which of a batch's own answers are stale the
                    // telling says (Subscriber::notify_entered).
                    self.hush.readings();
                    self.reading = false;
                    self.secret = false;
                    self.queue.extend(lines);
                    continue;
                }
                Arrival::Secret(text) => {
                    self.hush.readings();
                    self.reading = false;
                    self.secret = false;
                    Input::Token(self.secret_given(&text))
                }
            };
            // A token typed unseen is a line entered too, and so is what
            // was heard: it silences the readings still spoken.
            // A key of the Braille display that asks something is entered
            // as a line is: what speech still says of the last answer
            // stops for the new one.
            let key = matches!(&input, Input::Display(d) if d.is_key());
            let entered =
                key || matches!(input, Input::Line(_) | Input::Token(_) | Input::Heard(_));
            if key || matches!(input, Input::Heard(_)) {
                self.hush.readings();
            }
            if matches!(input, Input::Voice(VoiceNews::Unavailable(_))) && self.voice.ended() {
                self.ended = true;
            }
            let events = self.carry(input);
            let meanwhile = self.reading && self.prompt && !events.is_empty();
            self.hold(events, entered);
            // The next line read ahead follows at once unless an answer
            // is awaited: a batch's answers are told together.
            if self.queue.is_empty() || self.over() || self.next.waiting || self.secret {
                self.flush(subscribers, meanwhile)?;
            }
        }
        self.flush(subscribers, false)?;
        self.host.cancel();
        self.net.shutdown();
        self.keeper.finish();
        Ok(())
    }

    /// Ctrl-D ends the run as `quit` does, and says so; the end of a
    /// script's pipe is not a word of the player's and is not said
    /// (scripts read every line they are answered), but the game is kept
    /// as it stands all the same.
    fn end_of_input(&mut self) {
        let events = self.carry(Input::End);
        if self.prompt {
            self.hold(events, true);
        }
    }

    /// Makes what the held events answer durable (one commit for the
    /// batch), then tells them; `meanwhile` when they arrived while the
    /// prompt waits.
    fn flush(
        &mut self,
        subscribers: &mut [&mut dyn Subscriber],
        meanwhile: bool,
    ) -> io::Result<()> {
        if let Some(failed) = self.keeper.commit() {
            let events = self.carry(Input::Store(failed));
            self.hold(events, false);
        }
        if self.held.is_empty() {
            return Ok(());
        }
        if meanwhile && (self.screen.is_none() || self.secret) {
            // An answer or a fallen flag while the prompt waits: it goes
            // on a line of its own, not after the prompt (the token is
            // read outside the line editor, which cannot print above it).
            let mut out = io::stdout();
            writeln!(out)?;
            out.flush()?;
        }
        for held in std::mem::take(&mut self.held) {
            for subscriber in subscribers.iter_mut() {
                subscriber.notify_entered(&held.settings, &held.events, &held.entered)?;
            }
        }
        if meanwhile {
            self.reprompt();
        }
        Ok(())
    }

    /// Keeps `events` to be told with the settings in force now; when
    /// they answer a line the player `entered`, that the line begins
    /// there, even with no events (an empty line still silences speech).
    fn hold(&mut self, events: Vec<Event>, entered: bool) {
        if events.is_empty() && !entered {
            return;
        }
        let settings = self.session.settings();
        if self
            .held
            .last()
            .is_none_or(|held| held.settings != *settings)
        {
            self.held.push(Held {
                settings: settings.clone(),
                events: Vec::new(),
                entered: Vec::new(),
            });
        }
        if let Some(held) = self.held.last_mut() {
            if entered {
                held.entered.push(held.events.len());
            }
            held.events.extend(events);
        }
    }

    /// Steps the session with `input` and carries out the effects; the
    /// answers that come back at once (the store's, the token file's)
    /// are stepped in turn. Every event, in order. A move the player
    /// has heard is a move kept: [`Loop::flush`] commits the store's
    /// work before the events are told.
    fn carry(&mut self, input: Input) -> Vec<Event> {
        let mut events = Vec::new();
        let mut inputs = VecDeque::from([input]);
        while let Some(input) = inputs.pop_front() {
            let step = self.session.step(input, Instant::now());
            self.next = step.next;
            events.extend(step.events);
            for effect in step.effects {
                if let Some(answer) = self.effect(effect) {
                    inputs.push_back(answer);
                }
            }
        }
        events
    }

    /// Carries out one effect; the answer, when it comes at once.
    fn effect(&mut self, effect: Effect) -> Option<Input> {
        match effect {
            Effect::Engine(request) => self.host.request(*request),
            // Nothing is stopped when no move is being thought about.
            Effect::StopEngine => self.host.cancel(),
            Effect::StopAnalysis(id) => self.host.stop_analysis(id),
            Effect::Store(request) => {
                if matches!(
                    request,
                    StoreRequest::KeepPlayed
                        | StoreRequest::KeepUnfinished
                        | StoreRequest::SaveAs { .. }
                ) {
                    // Named in the language the player reads now.
                    let [unfinished, finished] =
                        self.announcer.game_names(self.session.settings().lang);
                    self.keeper.name_games(&unfinished, &finished);
                }
                return self.keeper.carry_out(request).map(Input::Store);
            }
            Effect::Net(request) => {
                let base = self.session.settings().lichess_url.as_str().to_string();
                self.net.send(&base, request);
            }
            Effect::ReadSecret => self.secret = true,
            Effect::DeleteToken => return Some(Input::LoggedOut(self.logout())),
            Effect::Listen(moment) => {
                let settings = self.session.settings().clone();
                return self.voice.listen(moment, &settings);
            }
            Effect::Braille(true) => {
                return display::open(&self.braille, self.braille_tx.clone());
            }
            Effect::Braille(false) => self.braille.close(),
            Effect::ListMicrophones => {
                let names = crate::io::mic::microphones().unwrap_or_default();
                return Some(Input::Voice(VoiceNews::Microphones(names)));
            }
            Effect::Brf(sheet) => return Some(Input::Brf(brf::write(self.announcer, &sheet))),
        }
        None
    }

    /// `online logout`: the token file deleted; the network keeps only
    /// a token from the environment.
    fn logout(&mut self) -> Result<bool, IoReason> {
        let result = match &self.token_file {
            Some(path) => token::delete(path).map_err(|e| IoReason::of(&e)),
            None => Ok(false),
        };
        if result.is_ok() {
            self.net.set_token(self.env_token.clone());
        }
        result
    }

    /// The line typed after `online login`: kept in the token file and
    /// handed to the network if it is a token. It goes nowhere else.
    fn secret_given(&mut self, text: &str) -> TokenOutcome {
        match (Token::new(text), &self.token_file) {
            (None, _) => TokenOutcome::NotAToken,
            (Some(token), Some(path)) => match token::save(path, &token) {
                Ok(()) => {
                    self.net.set_token(Some(token));
                    TokenOutcome::Saved
                }
                Err(e) => TokenOutcome::NotSaved(IoReason::of(&e)),
            },
            (Some(token), None) => {
                // Nowhere to keep it: it is used for this run only.
                self.net.set_token(Some(token));
                TokenOutcome::Saved
            }
        }
    }

    /// After what arrived while a line is typed at the terminal: the
    /// prompt again if its words changed (the engine moved, the flag
    /// fell), over what was typed.
    fn reprompt(&mut self) {
        let Some(screen) = &self.screen else {
            return;
        };
        let now = format!("{} ", self.prompt_text());
        if now != self.shown && !self.secret {
            screen.reprompt(now.clone());
            self.shown = now;
        }
    }

    /// The next arrival. At a terminal the prompt is shown at once, even
    /// while the engine thinks, so that the board can be read meanwhile;
    /// what comes later goes above it. From a pipe no line is read while
    /// an answer is awaited.
    fn next_arrival(&mut self) -> Option<Arrival> {
        let waiting = self.next.waiting;
        // A pipe's next line is the secret asked for, as it comes.
        if self.secret
            && let Some(line) = self.queue.pop_front()
        {
            return Some(Arrival::Secret(line));
        }
        // At a terminal a line is answered at once, even while the
        // engine thinks; from a pipe not while an answer is awaited.
        if (self.prompt || !waiting)
            && let Some(line) = self.queue.pop_front()
        {
            return Some(Arrival::Input(Input::Line(line)));
        }
        if !self.reading && (self.prompt || !waiting) {
            let prompt = if self.prompt {
                format!("{} ", self.prompt_text())
            } else {
                String::new()
            };
            self.shown.clone_from(&prompt);
            self.ask
                .send(Ask {
                    prompt,
                    secret: self.secret,
                })
                .ok()?;
            self.reading = true;
        }
        self.receive()
    }

    /// The prompt for the next line, in the UI language.
    fn prompt_text(&self) -> String {
        let settings = self.session.settings();
        let question = |label| self.announcer.question_prompt(settings, label);
        if self.secret {
            return question(PromptLabel::Token);
        }
        match self.next.line {
            NextLine::Offer => self.announcer.offer_prompt(settings),
            NextLine::Repeat => question(PromptLabel::Repeat),
            NextLine::YesNo => question(PromptLabel::YesNo),
            NextLine::Answer => question(PromptLabel::Answer),
            NextLine::Sheet => question(PromptLabel::Sheet),
            NextLine::Move(to_move) => self.announcer.prompt(settings, to_move),
        }
    }

    /// Waits for the next arrival, or until the deadline the last step
    /// named: then the session is told the time, so that a flag falls
    /// and an alarm sounds on time.
    fn receive(&self) -> Option<Arrival> {
        let Some(due) = self.next.deadline else {
            return self.arrivals.recv().ok();
        };
        let wait = due.saturating_duration_since(Instant::now());
        match self.arrivals.recv_timeout(wait) {
            Ok(arrival) => Some(arrival),
            Err(RecvTimeoutError::Timeout) => Some(Arrival::Input(Input::Tick)),
            Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// The session ended, or its input did.
    fn over(&self) -> bool {
        self.next.quit || self.ended
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Answer, EngineEvent, GameEvent, Keeping, RecordEvent, SessionEvent};
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
            Begin::default(),
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
                Event::Record(RecordEvent::Keeping(Keeping::KeptForLater)) => "kept",
                _ => "other",
            })
            .collect();
        // The hint is awaited before the next line; nothing after quit.
        assert_eq!(kinds, ["moved", "hint", "board", "kept", "quit"]);
        assert_eq!(session.game().plies().len(), 1);
    }

    /// Writes down what it is told: `|` where a line the player entered
    /// begins, a word for each move or board, `;` after each telling.
    #[derive(Default)]
    struct Told(Vec<&'static str>);

    impl Subscriber for Told {
        fn notify(&mut self, settings: &Settings, events: &[Event]) -> io::Result<()> {
            self.notify_entered(settings, events, &[])
        }

        fn notify_entered(
            &mut self,
            _: &Settings,
            events: &[Event],
            entered: &[usize],
        ) -> io::Result<()> {
            for at in 0..=events.len() {
                let lines = entered.iter().filter(|&&e| e == at).count();
                self.0.extend(std::iter::repeat_n("|", lines));
                match events.get(at) {
                    Some(Event::Game(GameEvent::Moved(_))) => self.0.push("moved"),
                    Some(Event::Answer(Answer::Board(_))) => self.0.push("board"),
                    _ => {}
                }
            }
            self.0.push(";");
            Ok(())
        }
    }

    #[test]
    fn a_pipes_lines_are_told_together_with_where_each_begins() {
        let settings = Settings {
            opponent: OpponentChoice::Human,
            ..Settings::default()
        };
        let mut session = Session::new(Game::new(), settings);
        // Read ahead as one batch; the empty line is answered by nothing
        // and the change of language splits the telling in two.
        let pipe = crate::io::PlainLines::new(&b"e4\n\nboard\nset lang de\nbrett\n"[..]);
        let mut told = Told::default();
        run(
            &mut session,
            &Announcer::new(),
            Box::new(pipe),
            &mut [&mut told],
            &mut crate::store::Nowhere,
            Begin::default(),
        )
        .expect("no output to fail");
        // Nothing at the start; `set lang de` begins the second telling.
        assert_eq!(told.0.concat(), "|moved||board;||board;");
    }
}
