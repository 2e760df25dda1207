//! The command loop: one line in, events out. No terminal, no audio.

use shakmaty::san::SanPlus;
use shakmaty::{Color, Move, Position, Square};

use crate::engine::host::{Reply, Request, analyse};
use crate::engine::level;
use crate::engine::search::Score;
use crate::event::{
    Answer, CommandError, EngineEvent, Evaluation, Event, GameEvent, OpponentInfo, OpponentKind,
    PromptEvent, Question, Refused, SessionEvent, StatusInfo, Suggestion,
};
use crate::input::{
    Effort, Pick, Refusal, Resolution, decide, filter_by_answer, parse_answer, parse_answer_with,
    read_move_with, resolve,
    vocab::{Word, color_word, fold, lookup},
};
use crate::opponent::{ColorChoice, Kind, Opponent};
use crate::rng::Rng;
use crate::rules::{ClaimOutcome, Game, MoveFacts, PlayError};
use crate::settings::{BoardStyle, KEYS, Setting, Settings, canonical_key};
use crate::view;

/// Command ids with the words that call them, English and German
/// (folded: lower case, no umlauts). The first word is the English name.
pub const COMMANDS: &[(&str, &[&str])] = &[
    ("help", &["help", "h", "hilfe"]),
    ("quit", &["quit", "exit", "ende"]),
    ("new", &["new", "neu"]),
    ("board", &["board", "b", "brett"]),
    ("status", &["status", "s", "stand"]),
    ("fen", &["fen"]),
    ("pgn", &["pgn"]),
    ("last", &["last", "l", "letzter"]),
    ("history", &["history", "partie"]),
    ("undo", &["undo", "zuruck"]),
    ("resign", &["resign", "aufgeben"]),
    ("draw", &["draw", "remis"]),
    ("accept", &["accept", "annehmen"]),
    ("decline", &["decline", "ablehnen"]),
    ("set", &["set", "einstellen"]),
    ("settings", &["settings", "einstellungen"]),
    ("square", &["square", "feld"]),
    ("rank", &["rank", "reihe"]),
    ("file", &["file", "linie"]),
    ("diagonal", &["diagonal", "diagonale"]),
    ("pieces", &["pieces", "p", "figuren"]),
    ("where", &["where", "wo"]),
    ("attackers", &["attackers", "angreifer"]),
    ("moves", &["moves", "zuge"]),
    ("material", &["material"]),
    ("repeat", &["repeat", "r", "wiederholen"]),
    ("hint", &["hint", "tipp"]),
    ("eval", &["eval", "bewertung"]),
];

/// Nodes a `hint` or `eval` searches: about a tenth of a second, and the
/// same answer every time.
const ANALYSIS_NODES: u64 = 300_000;

/// Finds the command id for a first word.
pub fn command_id(word: &str) -> Option<&'static str> {
    let folded = fold(word);
    COMMANDS
        .iter()
        .find(|(_, words)| words.contains(&folded.as_str()))
        .map(|(id, _)| *id)
}

/// Input longer than this gets no suggestion and is echoed cut short.
const MAX_SUGGEST_INPUT: usize = 40;

/// A question waiting for its answer.
#[derive(Clone, Debug)]
struct Pending {
    moves: Vec<Move>,
    /// The move came with a draw claim (`draw Nf3`).
    claim: bool,
}

/// One player's session: the game, the settings and an open question.
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    settings: Settings,
    pending: Option<Pending>,
    date: String,
    rng: Rng,
    quit: bool,
    /// The events of the last answer, for `repeat`.
    last_answer: Vec<Event>,
    opponent: Opponent,
    /// The engine request whose reply is awaited.
    awaiting: Option<u64>,
    requests: u64,
    seed: u64,
}

impl Session {
    /// A session on `game` with `settings`.
    pub fn new(game: Game, settings: Settings) -> Session {
        Session {
            game,
            settings,
            pending: None,
            date: "????.??.??".to_string(),
            rng: Rng::new(0x9E37_79B9_7F4A_7C15),
            quit: false,
            last_answer: Vec::new(),
            opponent: Opponent::human(),
            awaiting: None,
            requests: 0,
            seed: 1,
        }
    }

    /// Replaces the game (a new start position from the command line).
    pub fn set_game(&mut self, game: Game) {
        self.game = game;
        self.pending = None;
    }

    /// Sets the date written into PGN (`YYYY.MM.DD`).
    pub fn set_date(&mut self, date: impl Into<String>) {
        self.date = date.into();
    }

    /// Seeds the random source used for random Chess960 positions.
    pub fn set_seed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
        self.seed = seed;
    }

    /// Sets who plays the other side (the person's colour is drawn now if
    /// it is to be random).
    pub fn set_opponent(&mut self, opponent: Opponent) {
        self.opponent = opponent;
        self.opponent.human = self.draw_color();
        self.awaiting = None;
    }

    /// Who plays the other side.
    pub fn opponent(&self) -> &Opponent {
        &self.opponent
    }

    fn draw_color(&mut self) -> Color {
        match self.opponent.choice {
            ColorChoice::White => Color::White,
            ColorChoice::Black => Color::Black,
            ColorChoice::Random => {
                if self.rng.below(2) == 0 {
                    Color::White
                } else {
                    Color::Black
                }
            }
        }
    }

    /// The engine request whose reply is awaited, if any.
    pub fn awaiting(&self) -> Option<u64> {
        self.awaiting
    }

    /// A request for the engine's move when it is the engine's turn and
    /// none is out yet. The caller hands it to the engine host and later
    /// brings the reply to [`Session::engine_moved`].
    pub fn engine_request(&mut self) -> Option<Request> {
        let turn = self.game.turn();
        if self.awaiting.is_some()
            || self.game.is_over()
            || self.pending.is_some()
            || !self.opponent.plays(turn)
        {
            return None;
        }
        self.requests += 1;
        self.awaiting = Some(self.requests);
        let plies = self.game.plies().len() as u64;
        Some(Request {
            id: self.requests,
            initial: self.game.initial_position().clone(),
            moves: self.game.plies().iter().map(|p| p.mv).collect(),
            mode: self.game.castling_mode(),
            level: self.opponent.level,
            seed: self.seed ^ plies.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            movetime: self.opponent.movetime,
            external: match &self.opponent.kind {
                Kind::External(spec) => Some(spec.clone()),
                _ => None,
            },
        })
    }

    /// Plays the engine's reply, if it is still wanted.
    pub fn engine_moved(&mut self, reply: Reply) -> Vec<Event> {
        if self.awaiting != Some(reply.id) {
            return Vec::new();
        }
        self.awaiting = None;
        let mut events = Vec::new();
        if let Some(failure) = reply.failure {
            self.opponent.kind = Kind::Builtin;
            events.push(Event::Engine(EngineEvent::Failed(failure)));
        }
        match reply.mv {
            Some(mv) if self.game.legal_moves().contains(&mv) => events.extend(self.play(mv)),
            // No engine move may change the game unchecked.
            Some(mv) => {
                self.opponent.kind = Kind::Builtin;
                events.push(Event::Engine(EngineEvent::Failed(
                    crate::engine::client::Failure::IllegalMove(
                        mv.to_uci(self.game.castling_mode()),
                    ),
                )));
            }
            None => {}
        }
        events
    }

    fn opponent_info(&self) -> OpponentInfo {
        OpponentInfo {
            kind: match self.opponent.kind {
                Kind::Human => OpponentKind::Human,
                Kind::Builtin => OpponentKind::Builtin,
                Kind::External(_) => OpponentKind::External,
            },
            level: self.opponent.level,
            elo: level::level(self.opponent.level).elo,
            human: self.opponent.human,
        }
    }

    fn analysis(&self) -> Option<crate::engine::search::SearchResult> {
        if self.game.is_over() {
            return None;
        }
        let moves: Vec<Move> = self.game.plies().iter().map(|p| p.mv).collect();
        Some(analyse(
            self.game.initial_position(),
            &moves,
            ANALYSIS_NODES,
        ))
    }

    fn hint(&self) -> Vec<Event> {
        let pos = self.game.position();
        match self.analysis().and_then(|r| r.best) {
            Some(mv) => vec![Event::Engine(EngineEvent::Hint(MoveFacts::of_move(
                pos, mv,
            )))],
            None => vec![Event::Refusal(Refused::Move(Refusal::GameOver))],
        }
    }

    fn evaluate(&self) -> Vec<Event> {
        let Some(result) = self.analysis() else {
            return vec![Event::Refusal(Refused::Move(Refusal::GameOver))];
        };
        let white = self.game.turn() == Color::White;
        let sign = if white { 1 } else { -1 };
        let (centipawns, mate) = match result.score {
            Score::Cp(cp) => (cp * sign, None),
            Score::Mate(n) => (0, Some(n * sign)),
        };
        let mut pos = self.game.position().clone();
        let mut line = Vec::new();
        for mv in result.pv.iter().take(6) {
            line.push(MoveFacts::of_move(&pos, *mv));
            pos.play_unchecked(*mv);
        }
        vec![Event::Engine(EngineEvent::Evaluation(Evaluation {
            centipawns,
            mate,
            line,
        }))]
    }

    /// A random Chess960 start number.
    pub fn random_chess960(&mut self) -> u32 {
        self.rng.below(960) as u32
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Whether the player asked to quit.
    pub fn is_quit(&self) -> bool {
        self.quit
    }

    /// Whether a question is waiting for an answer.
    pub fn has_question(&self) -> bool {
        self.pending.is_some()
    }

    /// Handles one line of input and returns what happened.
    pub fn handle_line(&mut self, line: &str) -> Vec<Event> {
        let events = self.handle(line);
        if !events.is_empty()
            && !matches!(
                events[..],
                [Event::Session(SessionEvent::Repeated(_))
                    | Event::Refusal(Refused::NothingToRepeat)]
            )
        {
            self.last_answer.clone_from(&events);
        }
        events
    }

    fn handle(&mut self, line: &str) -> Vec<Event> {
        let line = line.trim();
        if line.is_empty() {
            return Vec::new();
        }
        if let Some(pending) = self.pending.take() {
            if let Some(events) = self.answer(&pending, line) {
                return events;
            }
            // Looking at the board does not cancel the question; anything
            // else lets it lapse.
            if is_read_only(line) {
                self.pending = Some(pending);
            }
        }
        if let Some(query) = line.strip_suffix('?') {
            return self.square_question(query.trim(), line);
        }
        let mut words = line.split_whitespace();
        let first = words.next().unwrap_or("");
        let rest: Vec<&str> = words.collect();
        match command_id(first) {
            Some(id) => self.command(id, &rest, line),
            None => self.move_line(line, false),
        }
    }

    fn question_for(&self, moves: &[Move]) -> Question {
        let mut squares: Vec<Square> = moves.iter().filter_map(|m| m.from()).collect();
        squares.sort_by_key(|sq| (sq.file(), sq.rank()));
        squares.dedup();
        let same_squares = moves
            .iter()
            .all(|m| m.from() == moves[0].from() && m.to() == moves[0].to());
        if same_squares {
            return Question::Promotion { to: moves[0].to() };
        }
        let role = moves[0].role();
        let role = moves.iter().all(|m| m.role() == role).then_some(role);
        Question::Which { role, squares }
    }

    /// Tries `line` as the answer to the open question. `None`: the line
    /// is something else and is handled as usual.
    fn answer(&mut self, pending: &Pending, line: &str) -> Option<Vec<Event>> {
        let question = self.question_for(&pending.moves);
        let squares = matches!(question, Question::Which { .. });
        let answer: Pick = parse_answer_with(line, squares, self.settings.lang.into())?;
        // A piece and a square together ("e8Q", "Kd2") make a move of
        // their own, not an answer.
        let names_square = answer.file.is_some() || answer.rank.is_some();
        if names_square && answer.piece.is_some() {
            return None;
        }
        let narrowed = if names_square == squares {
            filter_by_answer(&pending.moves, &answer)
        } else {
            Vec::new()
        };
        if narrowed.is_empty()
            && line
                .split_whitespace()
                .next()
                .and_then(command_id)
                .is_some()
        {
            // "b" or "s" that fits no choice is the command it spells.
            return None;
        }
        if narrowed.is_empty() {
            self.pending = Some(pending.clone());
            return Some(vec![Event::Prompt(PromptEvent::NotFitting(question))]);
        }
        Some(self.decided(
            decide(narrowed, answer.piece, self.settings.autoqueen),
            pending.claim,
        ))
    }

    fn decided(&mut self, resolution: Resolution, claim: bool) -> Vec<Event> {
        match resolution {
            Resolution::Move(mv) if claim => self.claim_with(mv),
            Resolution::Move(mv) => self.play(mv),
            Resolution::Ambiguous(moves) | Resolution::Promotion(moves) => {
                let question = self.question_for(&moves);
                self.pending = Some(Pending { moves, claim });
                vec![Event::Prompt(PromptEvent::Ask(question))]
            }
            Resolution::Refused(r) => vec![Event::Refusal(Refused::Move(r))],
        }
    }

    fn move_line(&mut self, line: &str, claim: bool) -> Vec<Event> {
        if !self.game.is_over() && self.opponent.plays(self.game.turn()) {
            return vec![Event::Refusal(Refused::EngineThinking)];
        }
        let reading = read_move_with(line, self.settings.lang.into(), &mut Effort::default());
        if reading.intents.is_empty() {
            return vec![self.not_understood(line)];
        }
        let resolution = resolve(&self.game, &reading.intents, self.settings.autoqueen);
        let mut events: Vec<Event> = reading
            .understood
            .map(|x| Event::Session(SessionEvent::Understood(x)))
            .into_iter()
            .collect();
        events.extend(self.decided(resolution, claim));
        events
    }

    fn facts_of_last(&self) -> Option<MoveFacts> {
        MoveFacts::last(&self.game)
    }

    fn play(&mut self, mv: Move) -> Vec<Event> {
        match self.game.play(mv) {
            Ok(result) => {
                let mut events: Vec<Event> = self
                    .facts_of_last()
                    .map(|x| Event::Game(GameEvent::Moved(x)))
                    .into_iter()
                    .collect();
                events.extend(result.map(|x| Event::Game(GameEvent::Over(x))));
                events
            }
            Err(PlayError::GameOver) => vec![Event::Refusal(Refused::Move(Refusal::GameOver))],
            Err(PlayError::Illegal) => vec![self.not_understood(&mv.to_string())],
        }
    }

    fn claim_with(&mut self, mv: Move) -> Vec<Event> {
        let claimant = self.game.turn();
        match self.game.claim_draw(Some(mv)) {
            Ok(outcome) => {
                let mut events: Vec<Event> = self
                    .facts_of_last()
                    .map(|x| Event::Game(GameEvent::Moved(x)))
                    .into_iter()
                    .collect();
                match outcome {
                    ClaimOutcome::Drawn(f) | ClaimOutcome::EndedByMove(f) => {
                        events.push(Event::Game(GameEvent::Over(f)))
                    }
                    ClaimOutcome::Refused(c) => {
                        events.push(Event::Game(GameEvent::ClaimRefused(c)));
                        // Art. 9.1.2.4: a claim counts as a draw offer.
                        self.game.offer_draw_by(claimant);
                        events.push(Event::Game(GameEvent::DrawOffered(claimant)));
                    }
                }
                events
            }
            Err(_) => vec![Event::Refusal(Refused::Move(Refusal::GameOver))],
        }
    }

    fn status(&self) -> Event {
        let pos = self.game.position();
        Event::Answer(Answer::Status(StatusInfo {
            turn: pos.turn(),
            number: self.game.move_number(),
            check: pos.is_check() && !self.game.is_over(),
            result: self.game.result(),
        }))
    }

    fn square_question(&self, query: &str, line: &str) -> Vec<Event> {
        let query = query
            .split_whitespace()
            .skip_while(|w| command_id(w) == Some("square"))
            .collect::<Vec<_>>()
            .join(" ");
        match parse_square(&query) {
            Some(square) => vec![Event::Answer(Answer::Square {
                square,
                piece: self.game.position().board().piece_at(square),
            })],
            None => vec![self.not_understood(line)],
        }
    }

    fn command(&mut self, id: &'static str, args: &[&str], line: &str) -> Vec<Event> {
        let bad_arg = |argument: &str| {
            vec![Event::Refusal(Refused::Command(
                CommandError::BadArgument {
                    command: id,
                    argument: argument.to_string(),
                },
            ))]
        };
        let takes_none = matches!(
            id,
            "quit"
                | "board"
                | "status"
                | "fen"
                | "last"
                | "history"
                | "undo"
                | "resign"
                | "accept"
                | "decline"
                | "settings"
                | "repeat"
                | "hint"
                | "eval"
        );
        // "R h4" is a rook move typed with a space, not `r` (repeat).
        let first = line.split_whitespace().next().map(fold);
        if id == "repeat" && !args.is_empty() && first.as_deref() == Some("r") {
            return self.move_line(line, false);
        }
        if takes_none && let Some(arg) = args.first() {
            return bad_arg(arg);
        }
        match id {
            "help" => match args.first() {
                None => vec![Event::Answer(Answer::Help(None))],
                Some(word) => match command_id(word) {
                    Some(cmd) => vec![Event::Answer(Answer::Help(Some(cmd)))],
                    None => vec![Event::Refusal(Refused::Command(
                        CommandError::UnknownHelpTopic(word.to_string()),
                    ))],
                },
            },
            "quit" => {
                self.quit = true;
                vec![Event::Session(SessionEvent::Quit)]
            }
            "new" => self.new_game(args),
            "board" => {
                let (board, side) = (self.game.position().board(), self.side());
                vec![Event::Answer(Answer::Board(
                    match self.settings.board_style {
                        BoardStyle::List => view::list(board, &[Color::White, Color::Black], side),
                        BoardStyle::Ranks => view::ranks(board, side),
                        BoardStyle::Squares => view::squares(board, side),
                    },
                ))]
            }
            "rank" | "file" | "diagonal" | "pieces" | "where" | "attackers" | "moves"
            | "material" => self.board_query(id, args),
            "status" => vec![self.status()],
            "fen" => vec![Event::Answer(Answer::Fen(self.game.fen()))],
            "pgn" => match args.first() {
                None => vec![Event::Answer(Answer::Pgn(self.game.pgn(&self.date)))],
                Some(arg) => bad_arg(arg),
            },
            "last" => vec![Event::Answer(Answer::Last(self.facts_of_last()))],
            "history" => vec![Event::Answer(Answer::History(MoveFacts::history(
                &self.game,
            )))],
            "undo" => self.undo(),
            "resign" => {
                // Against an engine, the person resigns, whoever is to move.
                let turn = if self.opponent.kind == Kind::Human {
                    self.game.turn()
                } else {
                    self.opponent.human
                };
                match self.game.resign(turn) {
                    Ok(f) => vec![Event::Game(GameEvent::Over(f))],
                    Err(_) => vec![Event::Refusal(Refused::Move(Refusal::GameOver))],
                }
            }
            "draw" => self.draw(args),
            "accept" => match self.game.accept_draw() {
                Some(f) => vec![Event::Game(GameEvent::Over(f))],
                None => vec![Event::Refusal(Refused::NoDrawOffer)],
            },
            "decline" => match self.game.decline_draw() {
                Some(c) => vec![Event::Game(GameEvent::DrawDeclined(c))],
                None => vec![Event::Refusal(Refused::NoDrawOffer)],
            },
            "set" => self.set(args),
            "settings" => vec![Event::Answer(Answer::Settings(self.settings.all()))],
            "square" => self.square_question(&args.join(" "), line),
            "repeat" if self.last_answer.is_empty() => {
                vec![Event::Refusal(Refused::NothingToRepeat)]
            }
            "repeat" => vec![Event::Session(SessionEvent::Repeated(
                self.last_answer.clone(),
            ))],
            "hint" => self.hint(),
            "eval" => self.evaluate(),
            _ => vec![self.not_understood(line)],
        }
    }

    /// The side the board is read from. In hot seat the player is taken
    /// to sit on White's side.
    fn side(&self) -> Color {
        self.settings.orientation.side(Color::White)
    }

    /// The board-reading commands of SPEC §4.
    fn board_query(&self, id: &'static str, args: &[&str]) -> Vec<Event> {
        let pos = self.game.position();
        let board = pos.board();
        let side = self.side();
        let text = args.join(" ");
        let bad = || {
            vec![Event::Refusal(Refused::Command(
                CommandError::BadArgument {
                    command: id,
                    argument: text.clone(),
                },
            ))]
        };
        let answer = parse_answer(&text, true);
        match id {
            "rank" => match answer {
                Some(Pick {
                    file: None,
                    rank: Some(r),
                    piece: None,
                }) => {
                    vec![Event::Answer(Answer::Lines(vec![view::rank(
                        board, r, side,
                    )]))]
                }
                _ => bad(),
            },
            "file" => match answer {
                Some(Pick {
                    file: Some(f),
                    rank: None,
                    piece: None,
                }) => {
                    vec![Event::Answer(Answer::Lines(vec![view::file(
                        board, f, side,
                    )]))]
                }
                _ => bad(),
            },
            "diagonal" => match parse_square(&text) {
                Some(sq) => vec![Event::Answer(Answer::Lines(view::diagonals(
                    board, sq, side,
                )))],
                None => bad(),
            },
            "attackers" => match parse_square(&text) {
                Some(square) => vec![Event::Answer(Answer::Attackers {
                    square,
                    piece: board.piece_at(square),
                    sides: view::attackers(board, square),
                })],
                None => bad(),
            },
            "pieces" => {
                let colors = match args {
                    [] => vec![Color::White, Color::Black],
                    [word] => match color_word(&fold(word)) {
                        Some(c) => vec![c],
                        None => return bad(),
                    },
                    _ => return bad(),
                };
                vec![Event::Answer(Answer::Board(view::list(
                    board, &colors, side,
                )))]
            }
            "where" => {
                let mut colors = vec![Color::White, Color::Black];
                let mut role = None;
                for word in args {
                    let folded = fold(word);
                    if let Some(c) = color_word(&folded) {
                        colors = vec![c];
                    } else if let Some(r) = piece_word(&folded) {
                        role = Some(r);
                    } else {
                        return bad();
                    }
                }
                match role {
                    Some(role) => vec![Event::Answer(Answer::Where {
                        role,
                        found: view::find(board, role, &colors, side),
                    })],
                    None => bad(),
                }
            }
            "moves" => {
                let from = match args {
                    [] => None,
                    _ => match parse_square(&text) {
                        Some(sq) => Some(sq),
                        None => return bad(),
                    },
                };
                let moves = if self.game.is_over() {
                    Vec::new()
                } else {
                    view::legal_moves_from(pos, from, side)
                };
                let facts = moves
                    .into_iter()
                    .map(|mv| MoveFacts::of_move(pos, mv))
                    .collect();
                vec![Event::Answer(Answer::Moves {
                    turn: pos.turn(),
                    from: from.map(|sq| (sq, board.piece_at(sq))),
                    moves: facts,
                })]
            }
            "material" if args.is_empty() => {
                vec![Event::Answer(Answer::Material(view::material(board)))]
            }
            _ => bad(),
        }
    }

    fn undo(&mut self) -> Vec<Event> {
        let mut events = self.undo_one();
        // Against an engine, take back its reply and the person's move, so
        // it is the person's turn again.
        self.awaiting = None;
        if matches!(events.first(), Some(Event::Game(GameEvent::Undone(_))))
            && self.opponent.plays(self.game.turn())
            && !self.game.plies().is_empty()
        {
            events.extend(self.undo_one());
        }
        events
    }

    fn undo_one(&mut self) -> Vec<Event> {
        let before = self.facts_of_last();
        let was_over = self.game.is_over();
        match self.game.undo() {
            Some(_) => before
                .map(|x| Event::Game(GameEvent::Undone(x)))
                .into_iter()
                .collect(),
            None if was_over => vec![Event::Game(GameEvent::Reopened)],
            None => vec![Event::Refusal(Refused::NothingToUndo)],
        }
    }

    fn draw(&mut self, args: &[&str]) -> Vec<Event> {
        if self.game.is_over() {
            return vec![Event::Refusal(Refused::Move(Refusal::GameOver))];
        }
        if !args.is_empty() {
            return self.move_line(&args.join(" "), true);
        }
        let turn = self.game.turn();
        if self.game.draw_offer() == Some(!turn) {
            return match self.game.accept_draw() {
                Some(f) => vec![Event::Game(GameEvent::Over(f))],
                None => vec![Event::Refusal(Refused::NoDrawOffer)],
            };
        }
        if self.game.claimable().is_some() {
            return match self.game.claim_draw(None) {
                Ok(ClaimOutcome::Drawn(f) | ClaimOutcome::EndedByMove(f)) => {
                    vec![Event::Game(GameEvent::Over(f))]
                }
                Ok(ClaimOutcome::Refused(c)) => vec![Event::Game(GameEvent::ClaimRefused(c))],
                Err(_) => vec![Event::Refusal(Refused::Move(Refusal::GameOver))],
            };
        }
        self.game.offer_draw_by(turn);
        let mut events = vec![Event::Game(GameEvent::DrawOffered(turn))];
        // The engine plays on: it declines at once.
        if self.opponent.kind != Kind::Human
            && let Some(c) = self.game.decline_draw()
        {
            events.push(Event::Game(GameEvent::DrawDeclined(c)));
        }
        events
    }

    fn new_game(&mut self, args: &[&str]) -> Vec<Event> {
        let folded: Vec<String> = args.iter().map(|a| fold(a)).collect();
        let words: Vec<&str> = folded.iter().map(String::as_str).collect();
        // The colour the person plays against an engine; in hot seat it is
        // noted and ignored.
        let choice = words.first().and_then(|w| color_choice(w));
        let rest = if choice.is_some() {
            &words[1..]
        } else {
            &words[..]
        };
        let game = match rest {
            [] => Game::new(),
            ["960"] | ["960", "random" | "zufall"] => {
                let n = self.random_chess960();
                match Game::chess960(n) {
                    Ok(g) => g,
                    Err(_) => {
                        return vec![Event::Refusal(Refused::Command(
                            CommandError::Chess960Number(n.to_string()),
                        ))];
                    }
                }
            }
            ["960", number] => match number
                .parse::<u32>()
                .ok()
                .and_then(|n| Game::chess960(n).ok())
            {
                Some(g) => g,
                None => {
                    return vec![Event::Refusal(Refused::Command(
                        CommandError::Chess960Number(number.to_string()),
                    ))];
                }
            },
            [other, ..] => {
                return vec![Event::Refusal(Refused::Command(
                    CommandError::BadArgument {
                        command: "new",
                        argument: other.to_string(),
                    },
                ))];
            }
        };
        let chess960 = game.chess960_number();
        self.game = game;
        self.pending = None;
        self.awaiting = None;
        if let Some(choice) = choice {
            self.opponent.choice = choice;
        }
        self.opponent.human = self.draw_color();
        let mut events = vec![Event::Game(GameEvent::NewGame { chess960 })];
        if self.opponent.kind != Kind::Human {
            events.push(Event::Engine(EngineEvent::OpponentChanged(
                self.opponent_info(),
            )));
        }
        events.push(self.status());
        events
    }

    fn set(&mut self, args: &[&str]) -> Vec<Event> {
        let [key, value] = args else {
            return vec![Event::Refusal(Refused::Command(CommandError::SetUsage))];
        };
        let (key, value) = (key.to_lowercase(), value.to_lowercase());
        if let Some(events) = self.set_opponent_key(&key, &value) {
            return events;
        }
        match Setting::parse(&key, &value) {
            Ok(setting) => {
                self.settings.apply(setting);
                vec![Event::Session(SessionEvent::SettingChanged(setting))]
            }
            Err(true) => vec![Event::Refusal(Refused::Command(
                CommandError::UnknownSetting(key),
            ))],
            Err(false) => {
                let canonical = canonical_key(&key);
                let allowed = KEYS
                    .iter()
                    .find(|(k, _)| *k == canonical)
                    .map(|(_, values)| values.iter().map(|v| v.to_string()).collect())
                    .unwrap_or_default();
                vec![Event::Refusal(Refused::Command(CommandError::BadValue {
                    key,
                    value,
                    allowed,
                }))]
            }
        }
    }

    /// `set opponent|level|color VALUE`; `None` for other keys.
    fn set_opponent_key(&mut self, key: &str, value: &str) -> Option<Vec<Event>> {
        let bad = |key: &str, allowed: &[&str]| {
            vec![Event::Refusal(Refused::Command(CommandError::BadValue {
                key: key.to_string(),
                value: value.to_string(),
                allowed: allowed.iter().map(|v| v.to_string()).collect(),
            }))]
        };
        match fold(key).as_str() {
            "opponent" | "gegner" => match fold(value).as_str() {
                "human" | "mensch" => self.opponent.kind = Kind::Human,
                "engine" | "computer" => self.opponent.kind = Kind::Builtin,
                _ => return Some(bad("opponent", &["human", "engine"])),
            },
            "level" | "stufe" => match value.parse::<u8>() {
                Ok(n @ 1..=10) => {
                    self.opponent.level = n;
                    if self.opponent.kind == Kind::Human {
                        self.opponent.kind = Kind::Builtin;
                    }
                }
                _ => {
                    return Some(bad(
                        "level",
                        &["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
                    ));
                }
            },
            "color" | "farbe" => match color_choice(&fold(value)) {
                Some(choice) => {
                    self.opponent.choice = choice;
                    self.opponent.human = self.draw_color();
                }
                None => return Some(bad("color", &["white", "black", "random"])),
            },
            _ => return None,
        }
        // A change while the engine thinks makes its reply moot.
        self.awaiting = None;
        Some(vec![Event::Engine(EngineEvent::OpponentChanged(
            self.opponent_info(),
        ))])
    }

    /// "Not understood", with the closest command word or legal move.
    fn not_understood(&self, line: &str) -> Event {
        let typed = line.trim().to_lowercase();
        // A long line is no slip of a short word; echo only its start.
        if typed.chars().count() > MAX_SUGGEST_INPUT {
            let mut input: String = line.trim().chars().take(MAX_SUGGEST_INPUT).collect();
            input.push_str(" ...");
            return Event::Refusal(Refused::NotUnderstood {
                input,
                suggestion: None,
            });
        }
        let mut best: Option<(usize, Suggestion)> = None;
        let mut consider = |dist: usize, make: &dyn Fn() -> Suggestion| {
            if best.as_ref().is_none_or(|(d, _)| dist < *d) {
                best = Some((dist, make()));
            }
        };
        for (_, words) in COMMANDS {
            for word in words.iter().filter(|w| w.len() > 2) {
                let d = edit_distance(&typed, word);
                consider(d, &|| Suggestion::Command((*word).to_string()));
            }
        }
        let pos = self.game.position();
        if !self.game.is_over() {
            for mv in pos.legal_moves() {
                let san = SanPlus::from_move(pos.clone(), mv);
                let english = san.san.to_string();
                let d = [english.clone(), german_letters(&english)]
                    .iter()
                    .map(|text| edit_distance(&typed, &text.to_lowercase()))
                    .min()
                    .unwrap_or(usize::MAX);
                consider(d, &|| Suggestion::Move(MoveFacts::of_move(pos, mv)));
            }
        }
        let limit = (typed.chars().count() / 2).clamp(1, 2);
        let suggestion = best.filter(|(d, _)| *d <= limit).map(|(_, s)| s);
        Event::Refusal(Refused::NotUnderstood {
            input: line.trim().to_string(),
            suggestion,
        })
    }
}

/// A colour choice in any language's colour words (folded).
fn color_choice(word: &str) -> Option<ColorChoice> {
    match word {
        "random" | "zufall" | "juhuslik" => Some(ColorChoice::Random),
        w => match color_word(w)? {
            Color::White => Some(ColorChoice::White),
            Color::Black => Some(ColorChoice::Black),
        },
    }
}

/// Commands that only read the game, and questions such as `e4?`.
fn is_read_only(line: &str) -> bool {
    line.ends_with('?')
        || matches!(
            line.split_whitespace().next().and_then(command_id),
            Some(
                "help"
                    | "board"
                    | "rank"
                    | "file"
                    | "diagonal"
                    | "pieces"
                    | "where"
                    | "attackers"
                    | "moves"
                    | "material"
                    | "status"
                    | "fen"
                    | "pgn"
                    | "last"
                    | "history"
                    | "settings"
                    | "square"
                    | "repeat"
                    | "hint"
                    | "eval"
            )
        )
}

/// A piece word, also in the plural ("knights", "Bauern", "Türme").
fn piece_word(folded: &str) -> Option<shakmaty::Role> {
    let singular = [
        folded,
        folded.strip_suffix('s').unwrap_or(folded),
        folded.strip_suffix("en").unwrap_or(folded),
        folded.strip_suffix('n').unwrap_or(folded),
        folded.strip_suffix('e').unwrap_or(folded),
        folded.strip_suffix("es").unwrap_or(folded),
    ];
    singular.into_iter().find_map(|w| match lookup(w) {
        Some(Word::Piece(r)) => Some(r),
        _ => None,
    })
}

/// A square from "e4", "E4" or "Eva vier".
pub fn parse_square(text: &str) -> Option<Square> {
    let answer = parse_answer(text, true)?;
    if answer.piece.is_some() {
        return None;
    }
    Some(Square::from_coords(answer.file?, answer.rank?))
}

/// SAN with German piece letters, as a German player types it.
fn german_letters(san: &str) -> String {
    san.chars()
        .map(|c| match c {
            'Q' => 'D',
            'R' => 'T',
            'B' => 'L',
            'N' => 'S',
            c => c,
        })
        .collect()
}

/// Edit distance counting a swap of neighbours as one edit (optimal
/// string alignment), for suggestions: "hlep" is one slip from "help".
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let width = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * width];
    for (i, row) in d.chunks_mut(width).enumerate() {
        row[0] = i;
    }
    for (j, cell) in d.iter_mut().take(width).enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[(i - 1) * width + j] + 1)
                .min(d[i * width + j - 1] + 1)
                .min(d[(i - 1) * width + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[(i - 2) * width + j - 2] + 1);
            }
            d[i * width + j] = best;
        }
    }
    d[a.len() * width + b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("hlep", "help"), 1);
        assert_eq!(edit_distance("nf9", "nf3"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
