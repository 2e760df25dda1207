//! One game as the stand-in keeps it: the moves, checked with shakmaty,
//! the result, the offers on the table, and the JSON the streams and
//! calls describe it with, built on the spec's examples.

use serde_json::{Value, json};
use shakmaty::uci::UciMove;
use shakmaty::{ByColor, CastlingMode, Chess, Color, EnPassantMode, Position, fen::Fen};

use super::spec::Templates;

/// What every own move takes off a clock, in milliseconds, before the
/// increment is added: a fixed amount, so that the times in the states
/// are the same on every run.
pub const THINK_MS: u64 = 1000;

/// Who sits opposite the player.
#[derive(Clone, Debug)]
pub enum Rival {
    /// A lichess user.
    User {
        /// The name as written; the id is its lower case.
        name: String,
        /// The rating.
        rating: u32,
    },
    /// Lichess's own engine.
    Ai {
        /// Its level, 1 to 8.
        level: u8,
    },
}

/// A game, running or over.
#[derive(Clone, Debug)]
pub struct Game {
    /// The game id (8 characters on lichess).
    pub id: String,
    /// The player's side.
    pub player: Color,
    /// The player's user id.
    pub player_id: String,
    /// The player's name as written.
    pub player_name: String,
    /// The player's rating.
    pub player_rating: u32,
    /// The opponent.
    pub rival: Rival,
    /// Whether the game is rated.
    pub rated: bool,
    /// The clock's starting time in milliseconds.
    pub initial_ms: u64,
    /// The clock's increment in milliseconds.
    pub increment_ms: u64,
    /// The moves so far in UCI, standard castling (`e1g1`).
    pub moves: Vec<String>,
    /// The position after them.
    pub position: Chess,
    /// The status as lichess names it (`started`, `mate`, `draw`, …).
    pub status: &'static str,
    /// The winner, once there is one.
    pub winner: Option<Color>,
    /// Whose flag fell, if a flag fell: that clock shows zero.
    pub flagged: Option<Color>,
    /// Draw offers on the table.
    pub draw: ByColor<bool>,
    /// Takeback proposals on the table.
    pub takeback: ByColor<bool>,
}

/// A move refused, with lichess's words for why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused(pub String);

impl Game {
    /// A new game from the start position with `before` already played.
    #[allow(clippy::too_many_arguments)] // One value per field of a game.
    pub fn new(
        id: &str,
        player: Color,
        (player_id, player_name, player_rating): (&str, &str, u32),
        rival: Rival,
        rated: bool,
        (initial_ms, increment_ms): (u64, u64),
        before: &[&str],
    ) -> Result<Game, Refused> {
        let mut game = Game {
            id: id.to_string(),
            player,
            player_id: player_id.to_string(),
            player_name: player_name.to_string(),
            player_rating,
            rival,
            rated,
            initial_ms,
            increment_ms,
            moves: Vec::new(),
            position: Chess::default(),
            status: "started",
            winner: None,
            flagged: None,
            draw: ByColor::new_with(|_| false),
            takeback: ByColor::new_with(|_| false),
        };
        for uci in before {
            game.play(uci)?;
        }
        Ok(game)
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.status != "started" && self.status != "created"
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position.turn()
    }

    /// Plays `uci` for the side to move, or says why not (the game is
    /// over, the text is no move, the move is illegal). A move declines
    /// the other side's draw offer and every takeback proposal; the end
    /// of the game by mate, stalemate or bare kings is found here.
    pub fn play(&mut self, uci: &str) -> Result<(), Refused> {
        if self.is_over() {
            return Err(Refused("Not your turn, or game already over".into()));
        }
        let parsed: UciMove = uci
            .parse()
            .map_err(|_| Refused(format!("Invalid move: {uci}")))?;
        let chess_move = parsed.to_move(&self.position).map_err(|_| {
            Refused(match parsed {
                UciMove::Normal { from, to, .. } => {
                    if self.position.board().color_at(from) == Some(self.turn()) {
                        format!("Piece on {from} cannot move to {to}")
                    } else {
                        format!("No piece on {from}")
                    }
                }
                _ => format!("Invalid move: {uci}"),
            })
        })?;
        let mover = self.turn();
        self.position = self
            .position
            .clone()
            .play(chess_move)
            .map_err(|_| Refused(format!("Invalid move: {uci}")))?;
        self.moves
            .push(chess_move.to_uci(CastlingMode::Standard).to_string());
        self.draw[!mover] = false;
        self.takeback = ByColor::new_with(|_| false);
        if self.position.is_checkmate() {
            self.end("mate", Some(mover));
        } else if self.position.is_stalemate() {
            self.end("stalemate", None);
        } else if self.position.is_insufficient_material() {
            self.end("draw", None);
        }
        Ok(())
    }

    /// Takes back the last `count` moves (as many as there are).
    pub fn take_back(&mut self, count: usize) {
        let keep = self.moves.len().saturating_sub(count);
        let moves: Vec<String> = self.moves.drain(..).take(keep).collect();
        self.position = Chess::default();
        for uci in &moves {
            // These moves were legal when played, so they replay.
            let replayed = uci
                .parse::<UciMove>()
                .ok()
                .and_then(|m| m.to_move(&self.position).ok())
                .and_then(|m| self.position.clone().play(m).ok());
            if let Some(position) = replayed {
                self.position = position;
            }
        }
        self.moves = moves;
        self.draw = ByColor::new_with(|_| false);
        self.takeback = ByColor::new_with(|_| false);
    }

    /// Ends the game with `status` and `winner`; the offers lapse.
    pub fn end(&mut self, status: &'static str, winner: Option<Color>) {
        self.status = status;
        self.winner = winner;
        self.draw = ByColor::new_with(|_| false);
        self.takeback = ByColor::new_with(|_| false);
    }

    /// How many moves `side` has made.
    pub fn moves_of(&self, side: Color) -> u64 {
        let all = self.moves.len() as u64;
        match side {
            Color::White => all.div_ceil(2),
            Color::Black => all / 2,
        }
    }

    /// The time left on `side`'s clock in milliseconds: the start, less
    /// [`THINK_MS`] and plus the increment for each own move; zero once
    /// the flag fell.
    pub fn time_ms(&self, side: Color) -> u64 {
        if self.flagged == Some(side) {
            return 0;
        }
        let moves = self.moves_of(side);
        (self.initial_ms + moves * self.increment_ms).saturating_sub(moves * THINK_MS)
    }

    /// The speed class of the clock, by the estimated duration
    /// `limit + 40 × increment` in seconds.
    pub fn speed(&self) -> &'static str {
        speed((self.initial_ms / 1000) + 40 * (self.increment_ms / 1000))
    }

    /// The opponent's name as the event stream gives it.
    pub fn rival_name(&self) -> String {
        match &self.rival {
            Rival::User { name, .. } => name.clone(),
            Rival::Ai { level } => format!("AI level {level}"),
        }
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        Fen::from_position(&self.position, EnPassantMode::Legal).to_string()
    }

    /// The `gameState` line: the spec's example with this game's moves,
    /// clocks, status, winner and offers.
    pub fn state_json(&self, templates: &Templates) -> Value {
        let mut state = templates.game_state.clone();
        state["moves"] = self.moves.join(" ").into();
        state["wtime"] = self.time_ms(Color::White).into();
        state["btime"] = self.time_ms(Color::Black).into();
        state["winc"] = self.increment_ms.into();
        state["binc"] = self.increment_ms.into();
        state["status"] = self.status.into();
        state["wdraw"] = self.draw[Color::White].into();
        state["bdraw"] = self.draw[Color::Black].into();
        state["wtakeback"] = self.takeback[Color::White].into();
        state["btakeback"] = self.takeback[Color::Black].into();
        if let Some(winner) = self.winner {
            state["winner"] = color_name(winner).into();
        }
        state
    }

    /// The `gameFull` line: the spec's example with this game's id,
    /// players, clock and current state.
    pub fn full_json(&self, templates: &Templates) -> Value {
        let mut full = templates.game_full.clone();
        full["id"] = self.id.clone().into();
        full["speed"] = self.speed().into();
        full["perf"]["name"] = perf_name(self.speed()).into();
        full["rated"] = self.rated.into();
        full["clock"]["initial"] = self.initial_ms.into();
        full["clock"]["increment"] = self.increment_ms.into();
        let player = json!({
            "id": self.player_id,
            "name": self.player_name,
            "title": null,
            "rating": self.player_rating,
        });
        let rival = match &self.rival {
            Rival::User { name, rating } => json!({
                "id": name.to_lowercase(),
                "name": name,
                "title": null,
                "rating": rating,
            }),
            // Lichess describes its AI by the level alone.
            Rival::Ai { level } => json!({ "aiLevel": level }),
        };
        let (white, black) = match self.player {
            Color::White => (player, rival),
            Color::Black => (rival, player),
        };
        full["white"] = white;
        full["black"] = black;
        full["state"] = self.state_json(templates);
        full
    }

    /// The game object of `gameStart`, `gameFinish` and
    /// `nowPlaying` (`GameEventInfo`), seen from the player's side. The
    /// reference has no example of it, so it is built field by field
    /// from the schema.
    pub fn info_json(&self) -> Value {
        let opponent = match &self.rival {
            Rival::User { name, rating } => json!({
                "id": name.to_lowercase(),
                "username": name,
                "rating": rating,
            }),
            Rival::Ai { level } => json!({
                "id": null,
                "username": self.rival_name(),
                "ai": level,
            }),
        };
        let mut info = json!({
            "fullId": format!("{}{}", self.id, "Zx9q"),
            "gameId": self.id,
            "fen": self.fen(),
            "color": color_name(self.player),
            "lastMove": self.moves.last().cloned().unwrap_or_default(),
            "source": match self.rival { Rival::Ai { .. } => "ai", Rival::User { .. } => "friend" },
            "status": { "id": status_id(self.status), "name": self.status },
            "variant": { "key": "standard", "name": "Standard", "short": "Std" },
            "speed": self.speed(),
            "perf": self.speed(),
            "rated": self.rated,
            "hasMoved": self.moves_of(self.player) > 0,
            "opponent": opponent,
            "isMyTurn": !self.is_over() && self.turn() == self.player,
            "secondsLeft": self.time_ms(self.player) / 1000,
            "compat": { "bot": false, "board": true },
            "id": self.id,
        });
        if let Some(winner) = self.winner {
            info["winner"] = color_name(winner).into();
        }
        info
    }
}

/// `white` or `black`.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The speed class of an estimated duration in seconds, as lichess sorts.
pub fn speed(estimate_s: u64) -> &'static str {
    match estimate_s {
        0..30 => "ultraBullet",
        30..180 => "bullet",
        180..480 => "blitz",
        480..1500 => "rapid",
        _ => "classical",
    }
}

/// The perf name lichess shows for a speed.
pub fn perf_name(speed: &str) -> &'static str {
    match speed {
        "ultraBullet" => "UltraBullet",
        "bullet" => "Bullet",
        "blitz" => "Blitz",
        "rapid" => "Rapid",
        _ => "Classical",
    }
}

/// The number lichess gives a status (`GameStatusId`).
pub fn status_id(status: &str) -> u32 {
    match status {
        "created" => 10,
        "started" => 20,
        "aborted" => 25,
        "mate" => 30,
        "resign" => 31,
        "stalemate" => 32,
        "timeout" => 33,
        "draw" => 34,
        "outoftime" => 35,
        "cheat" => 36,
        "noStart" => 37,
        "unknownFinish" => 38,
        _ => 60,
    }
}
