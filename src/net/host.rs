//! The network host: threads that carry out the session's
//! [`NetRequest`]s against lichess, so that the loop never waits on the
//! network. Calls run on a thread each; a watched stream has a thread
//! that reads it as it arrives and reconnects with backoff when it
//! drops. Everything comes back through one callback as [`NetReply`]s.
//!
//! Each call and each watch has a gate: the thread replies only through
//! it, and closing it (on `Cancel`, `Unwatch`, `shutdown`) waits for a
//! reply being made and stops every later one, so that nothing of a
//! stream arrives after its `Unwatch` returned, and a watch made again
//! gets a new gate that the old thread cannot use.
//!
//! Its tests run it against the integration tests' HTTP server
//! (`tests/lichess/net_host.rs`).

use std::collections::HashMap;
use std::io::{ErrorKind, Read};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError, RwLock};
use std::thread;
use std::time::Duration;

use ureq::Agent;

use super::http::{self, Lifetime};
use super::token::Token;
use crate::online::{
    EventLines, Fault, FromLine, GameEvent, GameLines, GameStatus, Lines, NetReply, NetRequest,
    Stream,
};

/// The first wait before reconnecting a stream that dropped.
pub const FIRST_RETRY: Duration = Duration::from_secs(1);

/// The longest wait between two attempts; the wait doubles up to it.
pub const MAX_RETRY: Duration = Duration::from_secs(60);

/// The wait after a 429: lichess asks for a full minute.
pub const RATE_LIMIT_WAIT: Duration = Duration::from_secs(60);

/// How much of a stream is read at once. Whatever has arrived is
/// handed on at once: a read returns what is there, up to this.
const CHUNK: usize = 8 << 10;

type ReplyFn = Arc<dyn Fn(NetReply) + Send + Sync>;
type SharedToken = Arc<RwLock<Option<Token>>>;

/// The way to the network threads.
pub struct NetHost {
    reply: ReplyFn,
    token: SharedToken,
    first: Duration,
    cap: Duration,
    /// The client of the short calls, for the base it was made for:
    /// its connections are kept for the next call.
    short: Option<(String, Agent)>,
    /// Calls not yet answered, and whether each is long.
    calls: HashMap<u64, (Arc<Gate>, bool)>,
    watches: HashMap<Stream, Arc<Gate>>,
}

impl NetHost {
    /// A host that calls with `token` and hands every reply to
    /// `on_reply`, from its own threads.
    pub fn new(
        token: Option<Token>,
        on_reply: impl Fn(NetReply) + Send + Sync + 'static,
    ) -> NetHost {
        NetHost {
            reply: Arc::new(on_reply),
            token: Arc::new(RwLock::new(token)),
            first: FIRST_RETRY,
            cap: MAX_RETRY,
            short: None,
            calls: HashMap::new(),
            watches: HashMap::new(),
        }
    }

    /// The same host waiting `first` before the first reconnection,
    /// doubling up to `cap` (1 s and 60 s unless told otherwise); the
    /// wait after a 429 stays a minute.
    pub fn with_backoff(mut self, first: Duration, cap: Duration) -> NetHost {
        self.first = first;
        self.cap = cap.max(first);
        self
    }

    /// Changes the token (after a login or a logout): calls sent from
    /// now on and every later (re)connection of a stream use it; with
    /// none they fail with [`Fault::NoToken`].
    pub fn set_token(&mut self, token: Option<Token>) {
        *self.token.write().unwrap_or_else(PoisonError::into_inner) = token;
    }

    /// Carries out `request` against `base` (`https://lichess.org`).
    ///
    /// - `Call`: answered by exactly one `Done`, unless cancelled first.
    ///   A long call (a seek) is read to its end and answered `Ok("")`.
    /// - `Cancel(id)`: call `id` gets no answer any more; a long call's
    ///   connection is closed, which withdraws the seek.
    /// - `Watch`: opens the stream unless it is watched already (the
    ///   `base` of the first `Watch` stays).
    /// - `Unwatch`: nothing more of that stream arrives once it returns.
    pub fn send(&mut self, base: &str, request: NetRequest) {
        self.calls.retain(|_, (gate, _)| !gate.is_finished());
        self.watches.retain(|_, gate| !gate.is_finished());
        match request {
            NetRequest::Call { id, call } => {
                let long = call.long();
                let token = self.current_token();
                let short = (!long).then(|| self.short_agent(base));
                let job = CallJob {
                    id,
                    base: base.to_string(),
                    token,
                    call,
                    short,
                };
                let gate = Gate::new();
                let (g, reply) = (gate.clone(), self.reply.clone());
                if spawn("annabella-net-call", move || job.run(&g, &reply)) {
                    self.calls.insert(id, (gate, long));
                } else {
                    (self.reply)(NetReply::Done {
                        id,
                        outcome: Err(no_thread()),
                    });
                }
            }
            NetRequest::Cancel(id) => {
                if let Some((gate, _)) = self.calls.remove(&id) {
                    gate.close();
                }
            }
            NetRequest::Watch(stream) => self.watch(base, stream),
            NetRequest::Unwatch(stream) => {
                if let Some(gate) = self.watches.remove(&stream) {
                    gate.close();
                }
            }
        }
    }

    /// Closes every stream and every long call, for quitting: nothing of
    /// them arrives once it returns. Short calls still answer.
    pub fn shutdown(&mut self) {
        for (_, gate) in self.watches.drain() {
            gate.close();
        }
        self.calls.retain(|_, (gate, long)| {
            if *long {
                gate.close();
            }
            !*long
        });
    }

    fn current_token(&self) -> Option<Token> {
        self.token
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The client for short calls to `base`, made anew when the base
    /// changed.
    fn short_agent(&mut self, base: &str) -> Agent {
        match &self.short {
            Some((made_for, agent)) if made_for == base => agent.clone(),
            _ => {
                let agent = http::agent(base, Lifetime::Short);
                self.short = Some((base.to_string(), agent.clone()));
                agent
            }
        }
    }

    fn watch(&mut self, base: &str, stream: Stream) {
        if self.watches.contains_key(&stream) {
            return;
        }
        let gate = Gate::new();
        let watcher = Watcher {
            stream: stream.clone(),
            base: base.to_string(),
            token: self.token.clone(),
            reply: self.reply.clone(),
            first: self.first,
            cap: self.cap,
            gate: gate.clone(),
        };
        if spawn("annabella-net-stream", move || watcher.run()) {
            self.watches.insert(stream, gate);
        } else {
            (self.reply)(NetReply::Down {
                stream,
                fault: no_thread(),
                retry_in_ms: None,
            });
        }
    }
}

impl Drop for NetHost {
    /// Connections nobody reads any more are closed.
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// Starts `job` on a named thread; false when the system has none to
/// give.
fn spawn(name: &str, job: impl FnOnce() + Send + 'static) -> bool {
    thread::Builder::new()
        .name(name.to_string())
        .spawn(job)
        .is_ok()
}

fn no_thread() -> Fault {
    Fault::Offline("no thread could be started".to_string())
}

/// What a thread replies through, and how it is stopped.
struct Gate {
    /// Whether replies are still wanted; held while one is made.
    open: Mutex<bool>,
    /// Wakes a thread waiting to reconnect when the gate closes.
    wake: Condvar,
    /// The thread has ended.
    finished: AtomicBool,
    /// The client of the connection in use, to close it from outside.
    agent: Mutex<Option<Agent>>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A reply callback that panicked leaves the flag as it was.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Gate {
    fn new() -> Arc<Gate> {
        Arc::new(Gate {
            open: Mutex::new(true),
            wake: Condvar::new(),
            finished: AtomicBool::new(false),
            agent: Mutex::new(None),
        })
    }

    /// Hands `reply` on if the gate is open; false when it is closed.
    fn say(&self, to: &ReplyFn, reply: NetReply) -> bool {
        let open = lock(&self.open);
        if *open {
            to(reply);
        }
        *open
    }

    fn is_open(&self) -> bool {
        *lock(&self.open)
    }

    /// Stops every later reply and closes the connection in use.
    fn close(&self) {
        *lock(&self.open) = false;
        self.wake.notify_all();
        if let Some(agent) = lock(&self.agent).take() {
            agent.shutdown();
        }
    }

    /// Keeps `agent` to be closed with the gate; false (and the agent
    /// closed) when the gate is closed already.
    fn attach(&self, agent: &Agent) -> bool {
        *lock(&self.agent) = Some(agent.clone());
        // Checked after keeping it: a `close` in between has taken it.
        if self.is_open() {
            true
        } else {
            if let Some(agent) = lock(&self.agent).take() {
                agent.shutdown();
            }
            false
        }
    }

    /// Waits `time` unless the gate closes first; whether it is open.
    fn wait(&self, time: Duration) -> bool {
        let open = lock(&self.open);
        let (open, _) = self
            .wake
            .wait_timeout_while(open, time, |open| *open)
            .unwrap_or_else(PoisonError::into_inner);
        *open
    }

    fn is_finished(&self) -> bool {
        self.finished.load(Ordering::SeqCst)
    }
}

/// Marks the gate's thread ended when dropped, even by a panic.
struct Finished(Arc<Gate>);

impl Drop for Finished {
    fn drop(&mut self) {
        self.0.finished.store(true, Ordering::SeqCst);
    }
}

/// One call on its thread.
struct CallJob {
    id: u64,
    base: String,
    token: Option<Token>,
    call: crate::online::Call,
    /// The shared client of short calls; none for a long one, which has
    /// a client of its own so that closing it closes nothing else.
    short: Option<Agent>,
}

impl CallJob {
    fn run(self, gate: &Arc<Gate>, reply: &ReplyFn) {
        let _finished = Finished(gate.clone());
        let outcome = panic::catch_unwind(AssertUnwindSafe(|| match &self.short {
            Some(agent) => http::call(agent, &self.base, self.token.as_ref(), &self.call),
            None => {
                let agent = http::agent(&self.base, Lifetime::Open);
                if !gate.attach(&agent) {
                    return Err(Fault::Offline("cancelled".to_string()));
                }
                let id = self.id;
                let mut accepted = || {
                    gate.say(reply, NetReply::Accepted { id });
                };
                http::long_call(
                    &agent,
                    &self.base,
                    self.token.as_ref(),
                    &self.call,
                    &mut accepted,
                )
            }
        }));
        // The session waits for every answer, even one a bug cut short.
        let outcome = outcome.unwrap_or_else(|_| Err(Fault::Offline("internal error".to_string())));
        gate.say(
            reply,
            NetReply::Done {
                id: self.id,
                outcome,
            },
        );
    }
}

/// How one connection of a stream ended.
enum End {
    /// The game is over: not reopened.
    Ended,
    /// The gate closed: nothing more is said.
    Closed,
    /// It dropped or could not be opened; `up` when it had been up.
    Dropped { fault: Fault, up: bool },
}

/// A watched stream on its thread.
struct Watcher {
    stream: Stream,
    base: String,
    token: SharedToken,
    reply: ReplyFn,
    first: Duration,
    cap: Duration,
    gate: Arc<Gate>,
}

impl Watcher {
    /// Connects, reads, and reconnects with backoff until the game
    /// ends, the fault is final or the gate closes.
    fn run(self) {
        let _finished = Finished(self.gate.clone());
        let mut delay = self.first;
        while self.gate.is_open() {
            let end =
                panic::catch_unwind(AssertUnwindSafe(|| self.connect())).unwrap_or_else(|_| {
                    End::Dropped {
                        fault: Fault::Offline("internal error".to_string()),
                        up: false,
                    }
                });
            let (fault, up) = match end {
                End::Ended => {
                    self.gate
                        .say(&self.reply, NetReply::Ended(self.stream.clone()));
                    return;
                }
                End::Closed => return,
                End::Dropped { fault, up } => (fault, up),
            };
            if up {
                delay = self.first;
            }
            let wait = match fault {
                Fault::NoToken | Fault::NotSecure(_) | Fault::Unauthorized => None,
                Fault::RateLimited => Some(RATE_LIMIT_WAIT),
                _ => {
                    let wait = delay;
                    delay = delay.saturating_mul(2).min(self.cap);
                    Some(wait)
                }
            };
            let down = NetReply::Down {
                stream: self.stream.clone(),
                fault,
                retry_in_ms: wait.map(|w| u64::try_from(w.as_millis()).unwrap_or(u64::MAX)),
            };
            let said = self.gate.say(&self.reply, down);
            match wait {
                Some(wait) if said && self.gate.wait(wait) => {}
                _ => return,
            }
        }
    }

    /// One connection, from opening to its end.
    fn connect(&self) -> End {
        let token = self
            .token
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        let agent = http::agent(&self.base, Lifetime::Open);
        if !self.gate.attach(&agent) {
            return End::Closed;
        }
        let body = match http::open_stream(&agent, &self.base, token.as_ref(), &self.stream) {
            Ok(body) => body,
            Err(fault) => return End::Dropped { fault, up: false },
        };
        match &self.stream {
            Stream::Events => self.pump(body, EventLines::new(), |event| {
                (NetReply::Event(Box::new(event)), None)
            }),
            Stream::Game(id) => self.pump(body, GameLines::new(), |event| {
                let over = match &event {
                    GameEvent::GameFull(full) => Some(is_over(&full.state.status)),
                    GameEvent::GameState(state) => Some(is_over(&state.status)),
                    _ => None,
                };
                let reply = NetReply::Game {
                    game: id.clone(),
                    event,
                };
                (reply, over)
            }),
        }
    }

    /// Reads `body` chunk by chunk, handing on each event as soon as its
    /// line is complete. `sort` makes an event a reply, and tells
    /// whether it shows the game over (`None` when it says nothing of
    /// that).
    fn pump<E: FromLine>(
        &self,
        mut body: impl Read,
        mut lines: Lines<E>,
        sort: impl Fn(E) -> (NetReply, Option<bool>),
    ) -> End {
        let mut state = Pump {
            up: false,
            over: false,
            // A game stream is up with its first event, the whole game.
            up_on_event: matches!(self.stream, Stream::Game(_)),
        };
        let mut buf = vec![0u8; CHUNK];
        let fault = loop {
            let read = match body.read(&mut buf) {
                Ok(0) => break Fault::Offline("the server closed the stream".to_string()),
                Ok(n) => buf.get(..n).unwrap_or_default(),
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => break Fault::Offline(e.to_string()),
            };
            for item in lines.feed(read) {
                if !self.deliver(item, &sort, &mut state) {
                    return End::Closed;
                }
            }
            if !state.up && lines.keepalives() > 0 {
                state.up = true;
                if !self
                    .gate
                    .say(&self.reply, NetReply::Up(self.stream.clone()))
                {
                    return End::Closed;
                }
            }
        };
        // A last line without its newline, from a stream that ended.
        if let Some(item) = lines.finish()
            && !self.deliver(item, &sort, &mut state)
        {
            return End::Closed;
        }
        if state.over {
            End::Ended
        } else {
            End::Dropped {
                fault,
                up: state.up,
            }
        }
    }

    /// Hands on one line's event or error (and `Up` after a game's first
    /// event); false when the gate closed.
    fn deliver<E>(
        &self,
        item: Result<E, crate::online::ParseError>,
        sort: &impl Fn(E) -> (NetReply, Option<bool>),
        state: &mut Pump,
    ) -> bool {
        match item {
            Ok(event) => {
                let (reply, over) = sort(event);
                if let Some(over) = over {
                    state.over = over;
                }
                if !self.gate.say(&self.reply, reply) {
                    return false;
                }
                if state.up_on_event && !state.up {
                    state.up = true;
                    return self
                        .gate
                        .say(&self.reply, NetReply::Up(self.stream.clone()));
                }
                true
            }
            Err(error) => {
                let stream = self.stream.clone();
                self.gate
                    .say(&self.reply, NetReply::BadLine { stream, error })
            }
        }
    }
}

/// What one connection has shown so far.
struct Pump {
    /// `Up` was sent.
    up: bool,
    /// The last state seen shows the game over.
    over: bool,
    /// Whether an event (not only a keep-alive) makes the stream up.
    up_on_event: bool,
}

/// Whether a game in `status` is over: anything but created or started.
fn is_over(status: &GameStatus) -> bool {
    !matches!(status, GameStatus::Created | GameStatus::Started)
}
