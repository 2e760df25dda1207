//! A stand-in for lichess on 127.0.0.1, so that the tests play online
//! games without the internet: the Board API endpoints the client uses,
//! with the status codes and JSON shapes of the official API description
//! (the bodies are its examples, with ids, names, moves and clocks
//! changed; the keys come out sorted), and an opponent that follows a
//! script.
//!
//! A test starts one with `StandIn::start(scenario)` and runs the client
//! with `--lichess-url` set to [`StandIn::url`] and `LICHESS_TOKEN` to
//! [`Scenario::client_token`]; afterwards [`StandIn::log`],
//! [`StandIn::connections`] and [`StandIn::lines`] tell what happened.
//!
//! # What it guarantees for tests
//!
//! - Every line a request causes on the streams is written and flushed
//!   to the stream sockets before that request's answer is written.
//! - Times never come from the wall clock: each side's time is the
//!   starting time, less [`THINK_MS`] and plus the increment per own
//!   move. Only the keep-alives (every [`KEEP_ALIVE`]) and the moment a
//!   gone opponent may be claimed against are timed.
//! - The opponent's moves and answers come from [`Scenario::opponent`],
//!   in order (see [`Step`]). A script that cannot be followed (an
//!   illegal move) is recorded in [`StandIn::faults`], not panicked on
//!   in a server thread.

#![allow(dead_code)] // Each test crate uses a part of the stand-in.

mod game;
mod server;
mod spec;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::thread::JoinHandle;
use std::time::Duration;

use super::http;

// Not every test crate names these.
#[allow(unused_imports)]
pub use game::THINK_MS;
#[allow(unused_imports)]
pub use server::Sent;
#[allow(unused_imports)]
pub use shakmaty::Color;
#[allow(unused_imports)]
pub use spec::{Templates, example, flow_value, reference_dir};

/// How often the open streams get an empty line, so that the client
/// (and any proxy) sees the connection alive.
pub const KEEP_ALIVE: Duration = Duration::from_secs(5);

/// What the stand-in is set up to do: who plays, what game is running,
/// what challenges wait, and the opponent's script.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// The token the server accepts (`Authorization: Bearer …`).
    pub token: String,
    /// The token the client is given, when it differs from `token` (a
    /// wrong or revoked token); `None` gives the client `token`.
    pub env_token: Option<String>,
    /// The player's user id (lower case).
    pub user_id: String,
    /// The player's name as written.
    pub username: String,
    /// The player's rating, shown to the opponent.
    pub rating: u32,
    /// The opponent's name as written; also the only user a challenge
    /// may name (its lower case is the id).
    pub opponent_name: String,
    /// The opponent's rating.
    pub opponent_rating: u32,
    /// A game already running when the server starts.
    pub game: Option<GameSetup>,
    /// Challenges to the player waiting when the server starts.
    pub incoming: Vec<IncomingChallenge>,
    /// The AI level when a challenge to the AI names none.
    pub ai_level: u8,
    /// The game a seek, a challenge or a challenge to the AI creates.
    pub new_game: NewGame,
    /// What the opponent does, in order.
    pub opponent: Vec<Step>,
}

impl Default for Scenario {
    /// Bobby of the spec's examples against Mary, no game yet, nothing
    /// waiting, an opponent without a script.
    fn default() -> Scenario {
        Scenario {
            token: "lip_StandInSecret0123456789".to_string(),
            env_token: None,
            user_id: "bobby".to_string(),
            username: "Bobby".to_string(),
            rating: 1751,
            opponent_name: "Mary".to_string(),
            opponent_rating: 1021,
            game: None,
            incoming: Vec::new(),
            ai_level: 1,
            new_game: NewGame::default(),
            opponent: Vec::new(),
        }
    }
}

impl Scenario {
    /// The token the client gets: `env_token` if set, else `token`.
    pub fn client_token(&self) -> &str {
        self.env_token.as_deref().unwrap_or(&self.token)
    }
}

/// A game running when the server starts.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// The game id.
    pub id: String,
    /// The player's side.
    pub player_color: Color,
    /// The clock's starting time in milliseconds.
    pub clock_initial_ms: u64,
    /// The clock's increment in milliseconds.
    pub clock_increment_ms: u64,
    /// Whether it is rated.
    pub rated: bool,
    /// The moves already played, in UCI.
    pub moves_before: Vec<&'static str>,
}

impl Default for GameSetup {
    /// The spec's example game: `BEOucQJo`, the player white, 15+0,
    /// casual, no moves.
    fn default() -> GameSetup {
        GameSetup {
            id: "BEOucQJo".to_string(),
            player_color: Color::White,
            clock_initial_ms: 900_000,
            clock_increment_ms: 0,
            rated: false,
            moves_before: Vec::new(),
        }
    }
}

/// A challenge to the player.
#[derive(Clone, Debug)]
pub struct IncomingChallenge {
    /// The challenge id, which becomes the game id when accepted.
    pub id: String,
    /// Who challenges (name as written).
    pub challenger: String,
    /// The challenger's rating.
    pub rating: u32,
    /// The clock's starting time in seconds.
    pub limit_s: u32,
    /// The increment in seconds.
    pub increment_s: u32,
    /// Rated or casual.
    pub rated: bool,
    /// The colour the challenger asked for: `white`, `black` or
    /// `random` (then the player gets [`NewGame::player_color`]).
    pub color: &'static str,
}

impl Default for IncomingChallenge {
    /// The list example's challenge, `uGK4MHaQ`, from Mary, 10+0.
    fn default() -> IncomingChallenge {
        IncomingChallenge {
            id: "uGK4MHaQ".to_string(),
            challenger: "Mary".to_string(),
            rating: 1054,
            limit_s: 600,
            increment_s: 0,
            rated: false,
            color: "random",
        }
    }
}

/// The game that a seek, a challenge or a challenge to the AI starts.
/// Its id is also the challenge's id; a second game gets the id with a
/// number in its last two places.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// The game id.
    pub id: String,
    /// The player's side when the request leaves it to chance.
    pub player_color: Color,
}

impl Default for NewGame {
    fn default() -> NewGame {
        NewGame {
            id: "nEwGaMe1".to_string(),
            player_color: Color::White,
        }
    }
}

/// One thing the opponent does or answers.
///
/// After every move of the player the server takes steps from the front
/// of the script until it has played a move, the game has ended, the
/// script is empty, or the front step is an answer (the last group
/// below), which waits there for the action it answers: the opponent
/// does not move past an answer. When a game starts with the opponent to
/// move, the same happens once its game stream opens, and again after
/// the player accepts the opponent's takeback.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The opponent plays this move (UCI); a `gameState` follows.
    Move(&'static str),
    /// The opponent offers a draw with its next move: the flag
    /// (`wdraw`/`bdraw`) shows on that move's state (or on the next
    /// state pushed, if no move follows).
    OfferDraw,
    /// The opponent proposes, with its next move, to take that move
    /// back (`wtakeback`/`btakeback`); `takeback/yes` then takes it back
    /// and the script goes on.
    OfferTakeback,
    /// A `chatLine` from the opponent in the player room.
    Chat(&'static str),
    /// The opponent leaves: `opponentGone` with `claimWinInSeconds`;
    /// the claims are allowed after that many seconds (at once for 0).
    Gone {
        /// Seconds until the player may claim.
        claim_in: u32,
    },
    /// The opponent's flag falls: `outoftime`, the player wins.
    Flag,
    /// The player's flag falls: `outoftime`, the opponent wins. Right
    /// after a `Move` it is taken with that move, so that the flag falls
    /// on the player's turn.
    FlagPlayer,
    /// The opponent resigns.
    Resign,
    /// Every game stream is cut after the lines sent so far, without
    /// the end of the answer (a dropped connection). At the front of the
    /// script when a `POST` arrives, it is taken and done first.
    DropStream,
    /// A marker: the server finds mate and stalemate itself.
    Mate,
    /// Answer to `draw/yes` (or a move offering a draw): accepted.
    AcceptDraw,
    /// Answer to `draw/yes`: declined, the offers lapse.
    DeclineDraw,
    /// Answer to `takeback/yes`: accepted, the player to move again.
    AcceptTakeback,
    /// Answer to `takeback/yes`: declined.
    DeclineTakeback,
    /// Answer to the next move: `400` with this reason, nothing changes.
    RejectMove(&'static str),
    /// Answer to the next `POST` of any kind: `429`, nothing changes.
    RateLimit,
}

impl Step {
    /// Whether the step answers an action of the player rather than
    /// being done on the opponent's turn.
    pub fn is_answer(&self) -> bool {
        matches!(
            self,
            Step::AcceptDraw
                | Step::DeclineDraw
                | Step::AcceptTakeback
                | Step::DeclineTakeback
                | Step::RejectMove(_)
                | Step::RateLimit
        )
    }
}

/// One request the stand-in answered, as a test may check it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Logged {
    /// `GET` or `POST`.
    pub method: String,
    /// The path as sent (percent-encoded), without the query.
    pub path: String,
    /// The query as sent, without the `?`; empty if none.
    pub query: String,
    /// The form sent, decoded.
    pub form: Vec<(String, String)>,
    /// The `Authorization` header as sent.
    pub authorization: Option<String>,
    /// The status answered (`200` for a stream that opened).
    pub status: u16,
}

/// A running stand-in server; stopped when dropped.
pub struct StandIn {
    addr: SocketAddr,
    token: String,
    shared: Arc<server::Shared>,
    /// Taken when the stand-in stops, before the ticker.
    http: Option<http::Server>,
    ticker: Option<JoinHandle<()>>,
}

impl StandIn {
    /// Starts a server for `scenario` on a free port of 127.0.0.1. Panics
    /// when the reference examples are missing or the scenario's game
    /// has an illegal move: the test is wrong then, not the client.
    pub fn start(scenario: Scenario) -> StandIn {
        let templates = Templates::load();
        let token = scenario.token.clone();
        let state = server::State::new(scenario, templates).unwrap_or_else(|e| panic!("{e}"));
        let shared = Arc::new(server::Shared::new(state));
        let http = {
            let shared = Arc::clone(&shared);
            http::Server::start(move |_, request, stream| server::serve(&shared, request, stream))
        };
        let ticker = {
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || server::tick(&shared))
        };
        StandIn {
            addr: http.addr(),
            token,
            shared,
            http: Some(http),
            ticker: Some(ticker),
        }
    }

    /// The base URL for `--lichess-url`: `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The address the server listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The token the server accepts.
    pub fn token(&self) -> &str {
        &self.token
    }

    /// Every request answered so far, in the order answered.
    pub fn log(&self) -> Vec<Logged> {
        self.shared.lock().log.clone()
    }

    /// The `POST`s answered so far as `path` or `path?query`, in order.
    pub fn posts(&self) -> Vec<String> {
        self.log()
            .into_iter()
            .filter(|entry| entry.method == "POST")
            .map(|entry| match entry.query.as_str() {
                "" => entry.path,
                query => format!("{}?{query}", entry.path),
            })
            .collect()
    }

    /// How many connections asked for `path` (without a query), whatever
    /// the answer: a game stream opened twice after a drop counts 2.
    pub fn connections(&self, path: &str) -> usize {
        self.shared
            .lock()
            .connections
            .get(path)
            .copied()
            .unwrap_or(0)
    }

    /// Every path asked for, with its count.
    pub fn all_connections(&self) -> HashMap<String, usize> {
        self.shared.lock().connections.clone()
    }

    /// The moves of the latest game in UCI; empty without one.
    pub fn moves(&self) -> Vec<String> {
        self.shared
            .lock()
            .games
            .last()
            .map(|game| game.moves.clone())
            .unwrap_or_default()
    }

    /// The status of the latest game (`started`, `mate`, …), if any.
    pub fn status(&self) -> Option<String> {
        self.shared
            .lock()
            .games
            .last()
            .map(|game| game.status.to_string())
    }

    /// The steps of the opponent's script not yet taken.
    pub fn script_left(&self) -> Vec<Step> {
        self.shared.lock().script.iter().cloned().collect()
    }

    /// Every line the server made for a stream so far, keep-alives
    /// aside, in order: what was sent (or would have been, with no
    /// stream open), for checking that the client's types read it.
    pub fn lines(&self) -> Vec<Sent> {
        self.shared.lock().sent.clone()
    }

    /// What went wrong on the server's side: a script step that could
    /// not be followed, a request that could not be read. Empty when all
    /// went as the scenario says.
    pub fn faults(&self) -> Vec<String> {
        self.shared.lock().faults.clone()
    }
}

impl Drop for StandIn {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        self.shared.wake.notify_all();
        // No connection is accepted any more once it is dropped.
        drop(self.http.take());
        if let Some(handle) = self.ticker.take() {
            let _ = handle.join();
        }
        self.shared.lock().close_all();
    }
}

/// Where `token` appears: in which of the named `outputs` (such as
/// `("stdout", bytes)`) and in which file under `home`, every file
/// walked and searched byte for byte. Empty when nowhere.
pub fn token_leaks(home: &Path, token: &str, outputs: &[(&str, &[u8])]) -> Vec<String> {
    let needle = token.as_bytes();
    let holds = |haystack: &[u8]| {
        !needle.is_empty()
            && haystack
                .windows(needle.len())
                .any(|window| window == needle)
    };
    let mut leaks: Vec<String> = outputs
        .iter()
        .filter(|(_, bytes)| holds(bytes))
        .map(|(name, _)| format!("the token appears in {name}"))
        .collect();
    let mut folders = vec![home.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            leaks.push(format!("{} cannot be read", folder.display()));
            continue;
        };
        let mut paths: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
        paths.sort();
        for path in paths {
            // Not following links: a link out of the home is not the
            // client's writing.
            let Ok(meta) = std::fs::symlink_metadata(&path) else {
                continue;
            };
            if meta.is_dir() {
                folders.push(path);
            } else if meta.is_file() {
                match std::fs::read(&path) {
                    Ok(bytes) if holds(&bytes) => {
                        leaks.push(format!("the token appears in {}", path.display()));
                    }
                    Ok(_) => {}
                    Err(e) => leaks.push(format!("{} cannot be read: {e}", path.display())),
                }
            }
        }
    }
    leaks
}

/// Fails the test if `token` appears in any of `outputs` or in any file
/// under `home`, naming each place.
pub fn assert_no_token(home: &Path, token: &str, outputs: &[(&str, &[u8])]) {
    let leaks = token_leaks(home, token, outputs);
    assert!(leaks.is_empty(), "the token leaked:\n{}", leaks.join("\n"));
}
