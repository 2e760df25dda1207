//! The stand-in's state and what it does with each request: the routes,
//! the opponent's script, and the lines pushed to the open streams. All
//! of it runs under one lock, so that lines never interleave and every
//! line a request causes is on the wire before its answer.

use std::collections::{HashMap, VecDeque};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use shakmaty::Color;

use super::game::{Game, Refused, Rival, color_name, perf_name, speed};
use super::spec::Templates;
use super::{IncomingChallenge, KEEP_ALIVE, Logged, NewGame, Scenario, Step};
use crate::common::http::{self, Request, Sink};

/// What the threads of one stand-in share.
pub struct Shared {
    /// Everything the server knows.
    pub state: Mutex<State>,
    /// Set when the stand-in is dropped.
    pub stop: AtomicBool,
    /// Wakes the ticker early: to stop, or to time a claim.
    pub wake: Condvar,
}

impl Shared {
    /// Shares `state`.
    pub fn new(state: State) -> Shared {
        Shared {
            state: Mutex::new(state),
            stop: AtomicBool::new(false),
            wake: Condvar::new(),
        }
    }

    /// The state, also after a thread panicked while holding it: the
    /// test is failing then anyway, and its report matters more.
    pub fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The offers the opponent makes with its next move.
#[derive(Debug, Default)]
struct Offers {
    draw: bool,
    takeback: bool,
}

impl Offers {
    /// Puts the offers on the table of `game`, for the opponent.
    fn apply(&self, game: &mut Game) {
        let rival = !game.player;
        game.draw[rival] |= self.draw;
        game.takeback[rival] |= self.takeback;
    }
}

/// An opponent who left a game, and from when the player may claim.
#[derive(Debug)]
struct Gone {
    game: String,
    claim_at: Instant,
    /// Whether the stream has been told the claim is open
    /// (`claimWinInSeconds: 0`).
    told_open: bool,
}

/// Everything the server knows.
pub struct State {
    token: String,
    user_id: String,
    username: String,
    rating: u32,
    opponent_name: String,
    opponent_rating: u32,
    ai_level: u8,
    new_game: NewGame,
    templates: Templates,
    /// Every game so far; the last is the latest.
    pub games: Vec<Game>,
    incoming: Vec<IncomingChallenge>,
    /// The opponent's steps not yet taken.
    pub script: VecDeque<Step>,
    events: Vec<Sink>,
    game_sinks: Vec<(String, Sink)>,
    /// Every request answered.
    pub log: Vec<Logged>,
    /// Requests by path.
    pub connections: HashMap<String, usize>,
    /// What could not be done as the scenario says.
    pub faults: Vec<String>,
    /// Every line made for a stream, whether or not a stream was open.
    pub sent: Vec<Sent>,
    gone: Option<Gone>,
    next_sink: u64,
    games_made: usize,
    next_keep_alive: Instant,
}

/// A line made for a stream (keep-alives aside).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sent {
    /// For the event stream.
    Event(String),
    /// For a game stream.
    Game(String),
}

/// How a request was answered.
enum Reply {
    /// A whole body.
    Body {
        status: u16,
        content_type: &'static str,
        body: String,
    },
    /// Already written and closed (a seek, a finished game's stream).
    Written { status: u16 },
    /// A stream now open, fed by the server until the client hangs up.
    Held { sink: u64 },
}

impl Reply {
    fn status(&self) -> u16 {
        match self {
            Reply::Body { status, .. } | Reply::Written { status } => *status,
            Reply::Held { .. } => 200,
        }
    }
}

/// A JSON answer.
fn json_reply(status: u16, value: &Value) -> Reply {
    Reply::Body {
        status,
        content_type: "application/json",
        body: value.to_string(),
    }
}

/// `{"error": reason}` with `status`.
fn error(status: u16, reason: &str) -> Reply {
    json_reply(status, &json!({ "error": reason }))
}

/// The answer to a path the stand-in does not serve.
fn not_found() -> Reply {
    error(404, "Not found")
}

/// What lichess answers when the rate limit is hit: a page, not JSON.
const RATE_LIMITED: &str = "<!DOCTYPE html><html><head><title>429 Too Many Requests</title>\
</head><body><h1>Too many requests</h1><p>Please wait a minute before trying again.</p>\
</body></html>";

/// The reason a game action on a game that ended is refused.
const OVER: &str = "Not your turn, or game already over";

impl State {
    /// The state at the start of `scenario`; the reason when its game
    /// cannot be set up.
    pub fn new(scenario: Scenario, templates: Templates) -> Result<State, String> {
        let mut state = State {
            token: scenario.token,
            user_id: scenario.user_id,
            username: scenario.username,
            rating: scenario.rating,
            opponent_name: scenario.opponent_name,
            opponent_rating: scenario.opponent_rating,
            ai_level: scenario.ai_level,
            new_game: scenario.new_game,
            templates,
            games: Vec::new(),
            incoming: scenario.incoming,
            script: scenario.opponent.into(),
            events: Vec::new(),
            game_sinks: Vec::new(),
            log: Vec::new(),
            connections: HashMap::new(),
            faults: Vec::new(),
            sent: Vec::new(),
            gone: None,
            next_sink: 0,
            games_made: 0,
            next_keep_alive: Instant::now() + KEEP_ALIVE,
        };
        if let Some(setup) = scenario.game {
            let game = Game::new(
                &setup.id,
                setup.player_color,
                (&state.user_id, &state.username, state.rating),
                Rival::User {
                    name: state.opponent_name.clone(),
                    rating: state.opponent_rating,
                },
                setup.rated,
                (setup.clock_initial_ms, setup.clock_increment_ms),
                &setup.moves_before,
            )
            .map_err(|Refused(reason)| {
                format!("the scenario's moves {:?}: {reason}", setup.moves_before)
            })?;
            state.games.push(game);
        }
        Ok(state)
    }

    /// Answers `request`, which came on `stream`.
    fn handle(&mut self, request: &Request, stream: &TcpStream) -> Reply {
        let expected = format!("Bearer {}", self.token);
        if request.header("authorization") != Some(expected.as_str()) {
            return error(401, "No such token");
        }
        if request.method == "POST" {
            // Steps that answer whatever comes next.
            loop {
                match self.script.front() {
                    Some(Step::RateLimit) => {
                        self.script.pop_front();
                        return Reply::Body {
                            status: 429,
                            content_type: "text/html; charset=utf-8",
                            body: RATE_LIMITED.to_string(),
                        };
                    }
                    Some(Step::DropStream) => {
                        self.script.pop_front();
                        self.drop_game_streams();
                    }
                    _ => break,
                }
            }
        }
        let segments: Vec<&str> = request.segments.iter().map(String::as_str).collect();
        match (request.method.as_str(), segments.as_slice()) {
            ("GET", ["api", "account"]) => self.account(),
            ("GET", ["api", "account", "playing"]) => {
                let playing: Vec<Value> = self
                    .games
                    .iter()
                    .filter(|game| !game.is_over())
                    .map(Game::info_json)
                    .collect();
                json_reply(200, &json!({ "nowPlaying": playing }))
            }
            ("GET", ["api", "challenge"]) => {
                let mut list = self.templates.challenge_list.clone();
                list["in"] = self
                    .incoming
                    .iter()
                    .map(|challenge| self.incoming_json(challenge))
                    .collect();
                list["out"] = json!([]);
                json_reply(200, &list)
            }
            ("GET", ["api", "stream", "event"]) => self.open_events(stream),
            ("GET", ["api", "board", "game", "stream", id]) => self.open_game(id, stream),
            ("POST", ["api", "board", "seek"]) => self.seek(request, stream),
            ("POST", ["api", "challenge", "ai"]) => self.challenge_ai(request),
            ("POST", ["api", "challenge", id, "accept"]) => self.accept(id),
            ("POST", ["api", "challenge", id, "decline"]) => {
                match self.incoming.iter().position(|c| c.id == *id) {
                    Some(at) => {
                        self.incoming.remove(at);
                        json_reply(200, &self.templates.declined)
                    }
                    None => not_found(),
                }
            }
            ("POST", ["api", "challenge", user]) => self.challenge(user, request),
            ("POST", ["api", "board", "game", id, "move", uci]) => {
                let offering = request.query_field("offeringDraw").as_deref() == Some("true");
                self.player_move(id, uci, offering)
            }
            ("POST", ["api", "board", "game", id, action @ ..]) => {
                self.game_action(id, action, request)
            }
            _ => not_found(),
        }
    }

    /// `GET /api/account`: the example profile, renamed.
    fn account(&self) -> Reply {
        let mut profile = self.templates.profile.clone();
        profile["id"] = self.user_id.clone().into();
        profile["username"] = self.username.clone().into();
        profile["url"] = format!("https://lichess.org/@/{}", self.username).into();
        json_reply(200, &profile)
    }

    /// A new sink's id.
    fn sink_id(&mut self) -> u64 {
        self.next_sink += 1;
        self.next_sink
    }

    /// `GET /api/stream/event`: the games running and the challenges
    /// waiting, a keep-alive, then whatever happens. As on lichess, a
    /// new event stream closes the one open before.
    fn open_events(&mut self, stream: &TcpStream) -> Reply {
        for mut old in self.events.drain(..) {
            old.end();
        }
        let id = self.sink_id();
        let Some(mut sink) = Sink::open(id, stream) else {
            return Reply::Written { status: 200 };
        };
        let mut lines: Vec<String> = self
            .games
            .iter()
            .filter(|game| !game.is_over())
            .map(|game| json!({ "type": "gameStart", "game": game.info_json() }).to_string())
            .collect();
        lines.extend(self.incoming.iter().map(|challenge| {
            json!({
                "type": "challenge",
                "challenge": self.incoming_json(challenge),
                "compat": { "bot": false, "board": true },
            })
            .to_string()
        }));
        for line in lines {
            sink.line(&line);
            self.sent.push(Sent::Event(line));
        }
        sink.keep_alive();
        self.events.push(sink);
        Reply::Held { sink: id }
    }

    /// `GET /api/board/game/stream/{id}`: `gameFull`, a keep-alive, then
    /// every change; a game that ended gets its `gameFull` and the end.
    /// With the opponent to move, the script goes on now.
    fn open_game(&mut self, id: &str, stream: &TcpStream) -> Reply {
        let Some(at) = self.game_at(id) else {
            return not_found();
        };
        let sink_id = self.sink_id();
        let Some(mut sink) = Sink::open(sink_id, stream) else {
            return Reply::Written { status: 200 };
        };
        let game = &self.games[at];
        let full = game.full_json(&self.templates).to_string();
        sink.line(&full);
        self.sent.push(Sent::Game(full));
        let game = &self.games[at];
        if game.is_over() {
            sink.end();
            return Reply::Written { status: 200 };
        }
        sink.keep_alive();
        let opponent_to_move = game.turn() != game.player;
        self.game_sinks.push((id.to_string(), sink));
        if opponent_to_move {
            self.run_opponent(at);
        }
        Reply::Held { sink: sink_id }
    }

    /// The latest game with `id`.
    fn game_at(&self, id: &str) -> Option<usize> {
        self.games.iter().rposition(|game| game.id == id)
    }

    /// Forgets the stream `sink` after its client hung up.
    fn forget(&mut self, sink: u64) {
        self.events.retain(|s| s.id != sink);
        self.game_sinks.retain(|(_, s)| s.id != sink);
    }

    /// Sends `value` as a line on the event streams.
    fn push_event(&mut self, value: &Value) {
        let line = value.to_string();
        for sink in &mut self.events {
            sink.line(&line);
        }
        self.events.retain(|sink| sink.alive);
        self.sent.push(Sent::Event(line));
    }

    /// Sends `value` as a line on the streams of game `id`.
    fn push_game(&mut self, id: &str, value: &Value) {
        let line = value.to_string();
        for (_, sink) in self.game_sinks.iter_mut().filter(|(game, _)| game == id) {
            sink.line(&line);
        }
        self.game_sinks.retain(|(_, sink)| sink.alive);
        self.sent.push(Sent::Game(line));
    }

    /// Sends the state of game `at` on its streams.
    fn push_state(&mut self, at: usize) {
        let game = &self.games[at];
        let (id, state) = (game.id.clone(), game.state_json(&self.templates));
        self.push_game(&id, &state);
    }

    /// A keep-alive on every stream.
    fn keep_alive(&mut self) {
        for sink in self
            .events
            .iter_mut()
            .chain(self.game_sinks.iter_mut().map(|(_, sink)| sink))
        {
            sink.keep_alive();
        }
        self.events.retain(|sink| sink.alive);
        self.game_sinks.retain(|(_, sink)| sink.alive);
    }

    /// Cuts every game stream, as a dropped connection.
    fn drop_game_streams(&mut self) {
        for (_, mut sink) in self.game_sinks.drain(..) {
            sink.cut();
        }
    }

    /// Closes every stream: the stand-in stops.
    pub fn close_all(&mut self) {
        for mut sink in self.events.drain(..) {
            sink.cut();
        }
        self.drop_game_streams();
    }

    /// After game `at` ended: its final state, the end of its streams,
    /// and `gameFinish` on the event stream.
    fn finish(&mut self, at: usize) {
        self.push_state(at);
        let id = self.games[at].id.clone();
        let (ended, open): (Vec<_>, Vec<_>) =
            self.game_sinks.drain(..).partition(|(game, _)| *game == id);
        self.game_sinks = open;
        for (_, mut sink) in ended {
            sink.end();
        }
        if self.gone.as_ref().is_some_and(|gone| gone.game == id) {
            self.gone = None;
        }
        let info = self.games[at].info_json();
        self.push_event(&json!({ "type": "gameFinish", "game": info }));
    }

    /// Starts `game`: kept as the latest, `gameStart` on the event
    /// stream.
    fn start_game(&mut self, game: Game) {
        let line = json!({ "type": "gameStart", "game": game.info_json() });
        self.games.push(game);
        self.push_event(&line);
    }

    /// The id of the next game a seek or challenge makes: the scenario's,
    /// then the same with a number in its last two places.
    fn next_game_id(&mut self) -> String {
        self.games_made += 1;
        let id = &self.new_game.id;
        if self.games_made == 1 {
            return id.clone();
        }
        let keep: String = id
            .chars()
            .take(id.chars().count().saturating_sub(2))
            .collect();
        format!("{keep}{:02}", self.games_made)
    }

    /// The player's side from a request's `color` (`white`, `black`, or
    /// anything else for the scenario's choice).
    fn side(&self, wish: Option<&str>) -> Color {
        match wish {
            Some("white") => Color::White,
            Some("black") => Color::Black,
            _ => self.new_game.player_color,
        }
    }

    /// A new game against `rival`.
    fn make_game(
        &mut self,
        id: String,
        player: Color,
        rival: Rival,
        rated: bool,
        clock_ms: (u64, u64),
    ) -> Option<Game> {
        match Game::new(
            &id,
            player,
            (&self.user_id, &self.username, self.rating),
            rival,
            rated,
            clock_ms,
            &[],
        ) {
            Ok(game) => Some(game),
            Err(Refused(reason)) => {
                self.faults
                    .push(format!("game {id} could not start: {reason}"));
                None
            }
        }
    }

    /// `POST /api/board/seek`: rapid and classical only; one keep-alive,
    /// the game starts, the answer ends.
    fn seek(&mut self, request: &Request, stream: &TcpStream) -> Reply {
        let minutes = request.field("time").and_then(|t| t.parse::<f64>().ok());
        let increment = request
            .field("increment")
            .and_then(|i| i.parse::<u64>().ok());
        let (Some(minutes), Some(increment)) = (minutes, increment) else {
            return error(
                400,
                "The stand-in takes real-time seeks only: time and increment are required",
            );
        };
        if !(0.0..=180.0).contains(&minutes) || increment > 180 {
            return error(400, "Invalid time control");
        }
        // Whole milliseconds of a time given in minutes, at most three hours.
        let initial_ms = (minutes * 60_000.0).round() as u64;
        if initial_ms / 1000 + 40 * increment < 480 {
            return error(
                400,
                "The Board API only plays rapid and classical games in real-time seeks",
            );
        }
        let id = self.sink_id();
        let Some(mut sink) = Sink::open(id, stream) else {
            return Reply::Written { status: 200 };
        };
        sink.keep_alive();
        let game_id = self.next_game_id();
        let player = self.side(request.field("color"));
        let rival = Rival::User {
            name: self.opponent_name.clone(),
            rating: self.opponent_rating,
        };
        let rated = request.field("rated") == Some("true");
        if let Some(game) = self.make_game(
            game_id,
            player,
            rival,
            rated,
            (initial_ms, increment * 1000),
        ) {
            self.start_game(game);
        }
        sink.end();
        Reply::Written { status: 200 }
    }

    /// The clock of a challenge form in seconds; the error answer when
    /// it has none or one too fast for the Board API (blitz and slower).
    fn challenge_clock(request: &Request) -> Result<(u64, u64), Reply> {
        let limit = request
            .field("clock.limit")
            .and_then(|l| l.parse::<u64>().ok());
        let increment = request
            .field("clock.increment")
            .and_then(|i| i.parse::<u64>().ok());
        let (Some(limit), Some(increment)) = (limit, increment) else {
            return Err(error(
                400,
                "The stand-in plays real-time games only: clock.limit and clock.increment are required",
            ));
        };
        if limit > 10_800 || increment > 60 {
            return Err(error(400, "Invalid clock"));
        }
        if limit + 40 * increment < 180 {
            return Err(error(
                400,
                "The Board API cannot play bullet or ultrabullet games",
            ));
        }
        Ok((limit, increment))
    }

    /// A challenge object built on `base` (one of the spec's examples):
    /// ids, names, clock and colours replaced.
    #[allow(clippy::too_many_arguments)] // One value per field replaced.
    fn challenge_json(
        base: &Value,
        id: &str,
        challenger: (&str, &str, u32),
        dest: (&str, &str, u32),
        rated: bool,
        (limit, increment): (u64, u64),
        (color, final_color): (&str, Color),
        direction: &str,
    ) -> Value {
        let mut challenge = base.clone();
        let user = |(id, name, rating): (&str, &str, u32)| json!({ "name": name, "id": id, "rating": rating });
        let pace = speed(limit + 40 * increment);
        let minutes = if limit % 60 == 0 {
            (limit / 60).to_string()
        } else {
            // Exact for the limits lichess allows below a minute.
            format!("{}", limit as f64 / 60.0)
        };
        challenge["id"] = id.into();
        challenge["url"] = format!("https://lichess.org/{id}").into();
        challenge["challenger"] = user(challenger);
        challenge["destUser"] = user(dest);
        challenge["rated"] = rated.into();
        challenge["speed"] = pace.into();
        challenge["timeControl"] = json!({
            "type": "clock",
            "limit": limit,
            "increment": increment,
            "show": format!("{minutes}+{increment}"),
        });
        challenge["color"] = color.into();
        challenge["finalColor"] = color_name(final_color).into();
        challenge["perf"]["name"] = perf_name(pace).into();
        challenge["direction"] = direction.into();
        challenge
    }

    /// An incoming challenge as the list and the event stream give it.
    fn incoming_json(&self, challenge: &IncomingChallenge) -> Value {
        let player = self.incoming_side(challenge);
        Self::challenge_json(
            &self.templates.incoming_challenge(),
            &challenge.id,
            (
                &challenge.challenger.to_lowercase(),
                &challenge.challenger,
                challenge.rating,
            ),
            (&self.user_id, &self.username, self.rating),
            challenge.rated,
            (
                u64::from(challenge.limit_s),
                u64::from(challenge.increment_s),
            ),
            (challenge.color, !player),
            "in",
        )
    }

    /// The player's side if `challenge` is accepted.
    fn incoming_side(&self, challenge: &IncomingChallenge) -> Color {
        match challenge.color {
            "white" => Color::Black,
            "black" => Color::White,
            _ => self.new_game.player_color,
        }
    }

    /// `POST /api/challenge/{username}`: the opponent of the scenario
    /// accepts at once; anyone else does not exist.
    fn challenge(&mut self, user: &str, request: &Request) -> Reply {
        if !user.eq_ignore_ascii_case(&self.opponent_name) {
            return error(404, &format!("No such user: {user}"));
        }
        let (limit, increment) = match Self::challenge_clock(request) {
            Ok(clock) => clock,
            Err(reply) => return reply,
        };
        let id = self.next_game_id();
        let player = self.side(request.field("color"));
        let rated = request.field("rated") == Some("true");
        let body = Self::challenge_json(
            &self.templates.created_challenge,
            &id,
            (&self.user_id, &self.username, self.rating),
            (
                &self.opponent_name.to_lowercase(),
                &self.opponent_name,
                self.opponent_rating,
            ),
            rated,
            (limit, increment),
            (request.field("color").unwrap_or("random"), player),
            "out",
        );
        let rival = Rival::User {
            name: self.opponent_name.clone(),
            rating: self.opponent_rating,
        };
        if let Some(game) =
            self.make_game(id, player, rival, rated, (limit * 1000, increment * 1000))
        {
            self.start_game(game);
        }
        json_reply(200, &body)
    }

    /// `POST /api/challenge/ai`: `201` with the example game, and the
    /// game starts.
    fn challenge_ai(&mut self, request: &Request) -> Reply {
        let level = match request.field("level") {
            None => self.ai_level,
            Some(text) => match text.parse::<u8>() {
                Ok(level @ 1..=8) => level,
                _ => return error(400, "level: Must be between 1 and 8"),
            },
        };
        let (limit, increment) = match Self::challenge_clock(request) {
            Ok(clock) => clock,
            Err(reply) => return reply,
        };
        let id = self.next_game_id();
        let player = self.side(request.field("color"));
        let Some(game) = self.make_game(
            id.clone(),
            player,
            Rival::Ai { level },
            false,
            (limit * 1000, increment * 1000),
        ) else {
            return error(400, "The game could not start");
        };
        let mut body = self.templates.ai_game.clone();
        body["id"] = id.clone().into();
        body["speed"] = game.speed().into();
        body["perf"] = game.speed().into();
        body["rated"] = false.into();
        body["player"] = color_name(player).into();
        body["fullId"] = json!(game.info_json()["fullId"]);
        self.start_game(game);
        json_reply(201, &body)
    }

    /// `POST /api/challenge/{id}/accept`: the game starts, with the
    /// challenge's id.
    fn accept(&mut self, id: &str) -> Reply {
        let Some(at) = self.incoming.iter().position(|c| c.id == id) else {
            return not_found();
        };
        let challenge = self.incoming.remove(at);
        let player = self.incoming_side(&challenge);
        let rival = Rival::User {
            name: challenge.challenger.clone(),
            rating: challenge.rating,
        };
        let clock = (
            u64::from(challenge.limit_s) * 1000,
            u64::from(challenge.increment_s) * 1000,
        );
        if let Some(game) = self.make_game(challenge.id, player, rival, challenge.rated, clock) {
            self.start_game(game);
        }
        json_reply(200, &self.templates.accepted)
    }

    /// `POST /api/board/game/{id}/move/{uci}`: the move, its state, the
    /// opponent's answer, then `{"ok":true}`.
    fn player_move(&mut self, id: &str, uci: &str, offering_draw: bool) -> Reply {
        let Some(at) = self.game_at(id) else {
            return not_found();
        };
        if let Some(Step::RejectMove(reason)) = self.script.front() {
            let reason = *reason;
            self.script.pop_front();
            return error(400, reason);
        }
        let game = &mut self.games[at];
        if game.is_over() || game.turn() != game.player {
            return error(400, OVER);
        }
        let player = game.player;
        let rival_offered = game.draw[!player];
        if let Err(Refused(reason)) = game.play(uci) {
            return error(400, &reason);
        }
        if game.is_over() {
            self.finish(at);
            return json_reply(200, &json!({ "ok": true }));
        }
        if offering_draw {
            if rival_offered {
                game.end("draw", None);
                self.finish(at);
                return json_reply(200, &json!({ "ok": true }));
            }
            game.draw[player] = true;
            self.push_state(at);
            match self.script.front() {
                Some(Step::AcceptDraw) => {
                    self.script.pop_front();
                    self.games[at].end("draw", None);
                    self.finish(at);
                    return json_reply(200, &json!({ "ok": true }));
                }
                Some(Step::DeclineDraw) => {
                    self.script.pop_front();
                    self.games[at].draw = shakmaty::ByColor::new_with(|_| false);
                    self.push_state(at);
                }
                _ => {}
            }
        } else {
            self.push_state(at);
        }
        self.run_opponent(at);
        json_reply(200, &json!({ "ok": true }))
    }

    /// The game actions besides moves: draw, takeback, resign, abort,
    /// claims and chat.
    fn game_action(&mut self, id: &str, action: &[&str], request: &Request) -> Reply {
        let Some(at) = self.game_at(id) else {
            return not_found();
        };
        let known = matches!(
            action,
            ["chat" | "resign" | "abort" | "claim-victory" | "claim-draw"]
                | ["draw" | "takeback", "yes" | "no" | "true" | "false"]
        );
        if !known {
            return not_found();
        }
        let yes = |word: &str| match word {
            "yes" | "true" => Some(true),
            "no" | "false" => Some(false),
            _ => None,
        };
        match action {
            ["chat"] => {
                let (Some(room), Some(_text)) = (request.field("room"), request.field("text"))
                else {
                    return error(400, "room and text are required");
                };
                if room != "player" && room != "spectator" {
                    return error(400, "room: Invalid value");
                }
                json_reply(200, &json!({ "ok": true }))
            }
            _ if self.games[at].is_over() => error(400, OVER),
            ["draw", word] => match yes(word) {
                Some(true) => self.draw_yes(at),
                Some(false) => {
                    let player = self.games[at].player;
                    self.games[at].draw[!player] = false;
                    self.push_state(at);
                    json_reply(200, &json!({ "ok": true }))
                }
                None => not_found(),
            },
            ["takeback", word] => match yes(word) {
                Some(true) => self.takeback_yes(at),
                Some(false) => {
                    let player = self.games[at].player;
                    self.games[at].takeback[!player] = false;
                    self.push_state(at);
                    json_reply(200, &json!({ "ok": true }))
                }
                None => not_found(),
            },
            ["resign"] => {
                let player = self.games[at].player;
                self.games[at].end("resign", Some(!player));
                self.finish(at);
                json_reply(200, &json!({ "ok": true }))
            }
            ["abort"] => {
                if self.games[at].moves.len() >= 2 {
                    return error(400, "This game can no longer be aborted");
                }
                self.games[at].end("aborted", None);
                self.finish(at);
                json_reply(200, &json!({ "ok": true }))
            }
            ["claim-victory"] | ["claim-draw"] => {
                let open = self
                    .gone
                    .as_ref()
                    .is_some_and(|gone| gone.game == id && Instant::now() >= gone.claim_at);
                if !open {
                    return error(400, "The opponent has not left the game long enough");
                }
                let player = self.games[at].player;
                if action == ["claim-victory"] {
                    self.games[at].end("timeout", Some(player));
                } else {
                    self.games[at].end("draw", None);
                }
                self.finish(at);
                json_reply(200, &json!({ "ok": true }))
            }
            _ => not_found(),
        }
    }

    /// `draw/yes`: accepts the opponent's offer, or offers, answered by
    /// the script when its front step is an answer to it.
    fn draw_yes(&mut self, at: usize) -> Reply {
        let player = self.games[at].player;
        let accepted = if self.games[at].draw[!player] {
            true
        } else {
            match self.script.front() {
                Some(Step::AcceptDraw) => {
                    self.script.pop_front();
                    true
                }
                Some(Step::DeclineDraw) => {
                    self.script.pop_front();
                    self.games[at].draw = shakmaty::ByColor::new_with(|_| false);
                    false
                }
                _ => {
                    self.games[at].draw[player] = true;
                    false
                }
            }
        };
        if accepted {
            self.games[at].end("draw", None);
            self.finish(at);
        } else {
            self.push_state(at);
        }
        json_reply(200, &json!({ "ok": true }))
    }

    /// `takeback/yes`: accepts the opponent's proposal (its last move
    /// goes, and it moves again), or proposes, answered by the script.
    fn takeback_yes(&mut self, at: usize) -> Reply {
        let game = &mut self.games[at];
        let player = game.player;
        if game.takeback[!player] {
            // The opponent's last move goes: one move if it was the last
            // of all, else the player's reply too.
            let count = if game.turn() == player { 1 } else { 2 };
            game.take_back(count);
            self.push_state(at);
            self.run_opponent(at);
            return json_reply(200, &json!({ "ok": true }));
        }
        match self.script.front() {
            Some(Step::AcceptTakeback) => {
                if game.moves_of(player) == 0 {
                    return error(400, "There is no move to take back");
                }
                self.script.pop_front();
                // Back to the player's turn: their move alone if the
                // opponent has not replied, else the reply too.
                let count = if game.turn() == player { 2 } else { 1 };
                game.take_back(count);
            }
            Some(Step::DeclineTakeback) => {
                self.script.pop_front();
                game.takeback = shakmaty::ByColor::new_with(|_| false);
            }
            _ => game.takeback[player] = true,
        }
        self.push_state(at);
        json_reply(200, &json!({ "ok": true }))
    }

    /// The opponent's turn in game `at`: steps from the front of the
    /// script until a move is played, the game ends, the script is empty
    /// or an answer waits at the front. Offers taken on the way show on
    /// the state of the move that follows (or on the next state pushed).
    /// A `FlagPlayer` right after the move is taken too: the player's
    /// flag falls on the player's turn.
    fn run_opponent(&mut self, at: usize) {
        let mut offers = Offers::default();
        while let Some(step) = self.script.front().cloned() {
            if self.games[at].is_over() || step.is_answer() {
                break;
            }
            self.script.pop_front();
            let player = self.games[at].player;
            let id = self.games[at].id.clone();
            match step {
                Step::Move(uci) => {
                    // The player's flag falling right after the move is
                    // on the same state line as the move: a script must
                    // not read on between the two.
                    let flag = self.script.front() == Some(&Step::FlagPlayer);
                    if flag {
                        self.script.pop_front();
                    }
                    let offers = std::mem::take(&mut offers);
                    self.opponent_move(at, uci, offers, flag);
                    break;
                }
                Step::OfferDraw => offers.draw = true,
                Step::OfferTakeback => offers.takeback = true,
                Step::Chat(text) => {
                    let mut line = self.templates.chat_line.clone();
                    line["username"] = self.games[at].rival_name().into();
                    line["text"] = text.into();
                    line["room"] = "player".into();
                    self.push_game(&id, &line);
                }
                Step::Gone { claim_in } => {
                    let mut line = self.templates.opponent_gone.clone();
                    line["gone"] = true.into();
                    line["claimWinInSeconds"] = claim_in.into();
                    self.push_game(&id, &line);
                    self.gone = Some(Gone {
                        game: id,
                        claim_at: Instant::now() + Duration::from_secs(u64::from(claim_in)),
                        told_open: claim_in == 0,
                    });
                }
                Step::Flag => self.flag(at, !player),
                Step::FlagPlayer => self.flag(at, player),
                Step::Resign => {
                    self.games[at].end("resign", Some(player));
                    self.finish(at);
                }
                Step::DropStream => self.drop_game_streams(),
                Step::Mate => {}
                Step::AcceptDraw
                | Step::DeclineDraw
                | Step::AcceptTakeback
                | Step::DeclineTakeback
                | Step::RejectMove(_)
                | Step::RateLimit => {
                    // Stopped at by `is_answer` above; kept for the match.
                }
            }
        }
        if !self.games[at].is_over() {
            offers.apply(&mut self.games[at]);
        }
    }

    /// The opponent plays `uci` in game `at` making `offers` with it; a
    /// gone opponent is back. With `flag` the player's flag falls on the
    /// same state line.
    fn opponent_move(&mut self, at: usize, uci: &str, offers: Offers, flag: bool) {
        let game = &self.games[at];
        if game.turn() == game.player {
            self.faults.push(format!(
                "the script plays {uci} in {} on the player's turn",
                game.id
            ));
            return;
        }
        let id = game.id.clone();
        if self.gone.as_ref().is_some_and(|gone| gone.game == id) {
            self.gone = None;
            let mut back = self.templates.opponent_gone.clone();
            back["gone"] = false.into();
            if let Some(map) = back.as_object_mut() {
                map.remove("claimWinInSeconds");
            }
            self.push_game(&id, &back);
        }
        match self.games[at].play(uci) {
            Ok(()) if self.games[at].is_over() => self.finish(at),
            Ok(()) if flag => {
                let player = self.games[at].player;
                self.flag(at, player);
            }
            Ok(()) => {
                offers.apply(&mut self.games[at]);
                self.push_state(at);
            }
            Err(Refused(reason)) => self.faults.push(format!(
                "the script's move {uci} in {id} after {:?}: {reason}",
                self.games[at].moves
            )),
        }
    }

    /// `side`'s flag falls in game `at`.
    fn flag(&mut self, at: usize, side: Color) {
        self.games[at].flagged = Some(side);
        self.games[at].end("outoftime", Some(!side));
        self.finish(at);
    }

    /// Tells a game stream when a gone opponent may be claimed against.
    fn check_gone(&mut self, now: Instant) {
        let Some(gone) = self.gone.as_mut() else {
            return;
        };
        if gone.told_open || now < gone.claim_at {
            return;
        }
        gone.told_open = true;
        let id = gone.game.clone();
        let mut line = self.templates.opponent_gone.clone();
        line["gone"] = true.into();
        line["claimWinInSeconds"] = 0.into();
        self.push_game(&id, &line);
    }

    /// When the ticker must wake next.
    fn next_wake(&self) -> Instant {
        match &self.gone {
            Some(gone) if !gone.told_open => self.next_keep_alive.min(gone.claim_at),
            _ => self.next_keep_alive,
        }
    }
}

/// Answers one request that came on `stream`, and for a stream waits
/// until the client hangs up.
pub fn serve(shared: &Shared, request: &Request, stream: &mut TcpStream) {
    let reply = {
        let mut state = shared.lock();
        *state.connections.entry(request.path.clone()).or_default() += 1;
        let reply = state.handle(request, stream);
        state.log.push(Logged {
            method: request.method.clone(),
            path: request.path.clone(),
            query: request.query.clone(),
            form: request.form.clone(),
            authorization: request.header("authorization").map(str::to_string),
            status: reply.status(),
        });
        reply
    };
    // A claim may have been timed: the ticker recomputes when to wake.
    shared.wake.notify_all();
    match reply {
        Reply::Body {
            status,
            content_type,
            body,
        } => http::respond(stream, status, content_type, body.as_bytes()),
        Reply::Written { .. } => {}
        Reply::Held { sink } => {
            http::wait_for_hang_up(stream);
            shared.lock().forget(sink);
        }
    }
}

/// Sends the keep-alives and tells when a claim opens, until the
/// stand-in stops.
pub fn tick(shared: &Shared) {
    let mut state = shared.lock();
    while !shared.stop.load(Ordering::SeqCst) {
        let now = Instant::now();
        if now >= state.next_keep_alive {
            state.keep_alive();
            state.next_keep_alive = now + KEEP_ALIVE;
        }
        state.check_gone(now);
        let wait = state
            .next_wake()
            .saturating_duration_since(now)
            .max(Duration::from_millis(1));
        state = match shared.wake.wait_timeout(state, wait) {
            Ok((state, _)) => state,
            Err(poisoned) => poisoned.into_inner().0,
        };
    }
}
