//! Benchmarks of the path a move takes: input line -> session -> events ->
//! announcement text, and replaying the shared PGN games through the
//! rules core.
//!
//! Run with `cargo bench --bench moves`. Target (BENCHMARKS.md): one move
//! from input line to announcement text, median <= 20 µs.

use std::time::Instant;

use std::hint::black_box;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use pgn_reader::{Reader, SanPlus, Visitor};

use annabella::announce::Announcer;
use annabella::event::{Event, GameEvent};
use annabella::rules::Game;
use annabella::session::{Effect, Input, Session};
use annabella::settings::{OpponentChoice, Settings};

/// A Giuoco Piano middlegame, White to move; `Bg5` is legal and needs no
/// disambiguation.
const MIDDLEGAME: &str = "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 1 7";

/// The same move typed two ways: SAN and the FIDE words (German).
const INPUTS: [(&str, &str); 2] = [("san", "Bg5"), ("fide_words", "Läufer Gustav fünf")];

/// The full path of one input line: parse, resolve, play, announce.
/// The line comes as the reader thread hands it over (a `String`); the
/// step's effects (the game to keep) go back with the text, to be
/// carried out (and dropped) outside the measurement, as the store's
/// work is not part of the way to the words.
fn line_to_text(
    session: &mut Session,
    announcer: &Announcer,
    line: String,
    now: Instant,
) -> (Vec<String>, Vec<Effect>) {
    let step = session.step(Input::Line(line), now);
    let settings = session.settings();
    let text = step
        .events
        .iter()
        .flat_map(|event| announcer.render(settings, event))
        .collect();
    (text, step.effects)
}

fn move_line_to_text(c: &mut Criterion) {
    let announcer = Announcer::new();
    let game = Game::from_fen(MIDDLEGAME).expect("the benchmark position is legal");
    let hot_seat = Settings {
        opponent: OpponentChoice::Human,
        ..Settings::default()
    };
    let prepared = Session::new(game, hot_seat);
    let now = Instant::now();

    let mut group = c.benchmark_group("move_line_to_text");
    for (name, line) in INPUTS {
        // Measure what we mean to measure: the line must be played.
        let mut probe = prepared.clone();
        let events = probe.step(Input::Line(line.into()), now).events;
        assert!(
            matches!(events.as_slice(), [Event::Game(GameEvent::Moved(_))]),
            "{line:?} was not played in the benchmark position: {events:?}"
        );
        let (text, _) = line_to_text(&mut prepared.clone(), &announcer, line.to_string(), now);
        println!("move_line_to_text/{name}: {line:?} -> {text:?}");

        group.bench_function(name, |b| {
            b.iter_batched_ref(
                || (prepared.clone(), line.to_string()),
                |(session, line)| {
                    let line = std::mem::take(line);
                    line_to_text(session, &announcer, black_box(line), now)
                },
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

/// Mainline SAN strings of one game.
struct Mainline;

impl Visitor for Mainline {
    type Tags = ();
    type Movetext = Vec<String>;
    type Output = Vec<String>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(Vec::new())
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> ControlFlow<Self::Output> {
        movetext.push(san_plus.to_string());
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        movetext
    }
}

fn pgn_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn")
}

fn load_games(dir: &Path) -> Vec<Vec<String>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("PGN directory {} cannot be read: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "pgn"))
        .collect();
    files.sort();
    let mut games = Vec::new();
    for path in &files {
        let file = std::fs::File::open(path)
            .unwrap_or_else(|e| panic!("{} cannot be opened: {e}", path.display()));
        let mut reader = Reader::new(file);
        while let Some(sans) = reader
            .read_game(&mut Mainline)
            .unwrap_or_else(|e| panic!("{} is not readable PGN: {e}", path.display()))
        {
            games.push(sans);
        }
    }
    assert!(!games.is_empty(), "no PGN games in {}", dir.display());
    games
}

/// Keeps each game up to the point the rules core ends it: a few
/// over-the-board games go on after a dead position, which FIDE (and
/// `Game`) end at once.
fn playable(games: Vec<Vec<String>>) -> Vec<Vec<String>> {
    games
        .into_iter()
        .map(|mut sans| {
            let mut game = Game::new();
            let mut played = 0;
            for text in &sans {
                if game.is_over() {
                    break;
                }
                let san: SanPlus = text.parse().expect("SAN from pgn-reader parses");
                let mv = san.san.to_move(game.position()).expect("PGN move is legal");
                game.play(mv).expect("legal move is played");
                played += 1;
            }
            sans.truncate(played);
            sans
        })
        .collect()
}

/// Replays every game: SAN parse, SAN to move, `Game::play`.
fn replay(games: &[Vec<String>]) -> usize {
    let mut plies = 0;
    for sans in games {
        let mut game = Game::new();
        for text in sans {
            let san: SanPlus = text.parse().expect("SAN parses");
            let mv = san.san.to_move(game.position()).expect("legal");
            game.play(mv).expect("played");
        }
        plies += game.plies().len();
    }
    plies
}

fn replay_shared_pgn(c: &mut Criterion) {
    let games = playable(load_games(&pgn_dir()));
    let plies: usize = games.iter().map(Vec::len).sum();
    println!("replay_shared_pgn: {} games, {plies} plies", games.len());

    let mut group = c.benchmark_group("replay_shared_pgn");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("all_games", |b| {
        b.iter(|| replay(black_box(&games)));
    });
    group.finish();
}

/// Spoken input alone: words to constraints to the one legal move, in
/// the Italian game after 3... Bc5 (White to move).
fn spoken_parse_resolve(c: &mut Criterion) {
    let game = annabella::rules::Game::from_fen(
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    )
    .expect("valid FEN");
    let lines = [
        ("fide_words", "Läufer schlägt Felix sieben"),
        ("english_nato", "bishop takes foxtrot seven check"),
        ("glued", "springerg5"),
        ("misheard", "Sprnger Gustav fünf"),
        ("castling_phrase", "castles kingside"),
    ];
    let mut group = c.benchmark_group("spoken_parse_resolve");
    for (name, line) in lines {
        let reading = annabella::input::read_move(line, &mut annabella::input::Effort::default());
        let resolved = annabella::input::resolve(&game, &reading.intents, false);
        assert!(
            matches!(resolved, annabella::input::Resolution::Move(_)),
            "{line}: {resolved:?}"
        );
        group.bench_function(name, |b| {
            b.iter(|| {
                let reading = annabella::input::read_move(
                    std::hint::black_box(line),
                    &mut annabella::input::Effort::default(),
                );
                annabella::input::resolve(&game, &reading.intents, false)
            })
        });
    }
    group.finish();
}

/// Parsing cost against input length: 100, 1,000 and 10,000 characters
/// of words that are no move, to show the time per character is flat.
fn parse_long_input(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse_long_input");
    for chars in [100usize, 1_000, 10_000] {
        let line: String = "Sprnger evavier xyzzy "
            .repeat(chars / 22 + 1)
            .chars()
            .take(chars)
            .collect();
        group.throughput(criterion::Throughput::Bytes(line.len() as u64));
        group.bench_function(format!("{chars}_chars"), |b| {
            b.iter(|| {
                annabella::input::read_move(
                    std::hint::black_box(&line),
                    &mut annabella::input::Effort::default(),
                )
            })
        });
    }
    group.finish();
}

/// A line that is no move nor command, to the answer with its
/// suggestion: a near miss in words (each unknown word compared with the
/// vocabulary, the corrected line resolved), a slip of a command word,
/// and words near nothing, which pay for every comparison and suggest
/// nothing.
fn not_understood(c: &mut Criterion) {
    let game = Game::from_fen(MIDDLEGAME).expect("the benchmark position is legal");
    let lines = [
        ("near_move", "Springa Gustav fümf"),
        ("near_command", "hlep"),
        ("nothing_near", "qwzx plkj mnbv"),
    ];
    let mut group = c.benchmark_group("not_understood");
    for (name, line) in lines {
        let answer = annabella::input::read_line(line, annabella::settings::Lang::De, &game);
        println!("not_understood/{name}: {line:?} -> {answer:?}");
        group.bench_function(name, |b| {
            b.iter(|| {
                annabella::input::read_line(black_box(line), annabella::settings::Lang::De, &game)
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    move_line_to_text,
    replay_shared_pgn,
    spoken_parse_resolve,
    parse_long_input,
    not_understood
);
criterion_main!(benches);
