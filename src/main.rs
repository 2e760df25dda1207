//! The `annabella` binary: flags in, a session out.

use std::io::{self, BufReader};
use std::process::ExitCode;

use clap::{Parser, ValueEnum};

use annabella::announce::Announcer;
use annabella::engine::client::ExternalSpec;
use annabella::engine::level::level_for_elo;
use annabella::io::{self as aio, LineSource, PlainLines, Subscriber, Terminal, TextSink};
use annabella::opponent::{ColorChoice, Kind, Opponent};
use annabella::rules::{Game, SetupError};
use annabella::session::Session;
use annabella::settings::{BoardStyle, Lang, Settings, Style, Verbosity};

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum OpponentArg {
    /// A second person at the same keyboard (hot seat).
    Human,
    /// The built-in engine, or the one given with --engine.
    Engine,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum ColorArg {
    White,
    Black,
    Random,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum Switch3 {
    On,
    Off,
    Auto,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum Switch {
    On,
    Off,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum LangArg {
    De,
    En,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum StyleArg {
    Fide,
    San,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum VerbosityArg {
    Short,
    Normal,
    Full,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum BoardStyleArg {
    List,
    Ranks,
}

/// A chess client for blind and visually impaired players: moves are
/// announced the way the FIDE Laws ask ("Springer Felix drei") and can be
/// typed in algebraic notation, as coordinates or in words.
///
/// Lines are read from the terminal, or from standard input when it is a
/// pipe (no prompt; the client ends at the end of input).
///
/// `annabella uci` runs the built-in engine as a UCI engine, for chess
/// GUIs and match tools.
#[derive(Parser, Debug)]
#[command(name = "annabella", version, about, long_about)]
struct Cli {
    /// Start from this position (FEN; X-FEN castling for Chess960).
    #[arg(long, value_name = "FEN", conflicts_with = "chess960")]
    fen: Option<String>,

    /// Play Chess960 from start position N (0 to 959) or `random`.
    #[arg(long, value_name = "N|random")]
    chess960: Option<String>,

    /// Who plays the other side.
    #[arg(long, value_enum, default_value = "engine")]
    opponent: OpponentArg,

    /// Level of the built-in engine, 1 (beginner) to 10 (strong club player).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
    level: Option<u8>,

    /// An external UCI engine to play against (program and arguments).
    #[arg(long, value_name = "PATH")]
    engine: Option<String>,

    /// An option for the external engine (repeatable).
    #[arg(long = "engine-option", value_name = "NAME=VALUE")]
    engine_option: Vec<String>,

    /// Strength of the opponent in Elo: UCI_Elo for an external engine that
    /// offers it, else the nearest built-in level.
    #[arg(long, value_name = "N")]
    elo: Option<u32>,

    /// The side you play against an engine.
    #[arg(long, value_enum, default_value = "white")]
    color: ColorArg,

    /// Speech output (accepted now; speech arrives in a later version).
    #[arg(long, value_enum, default_value = "auto")]
    speech: Switch3,

    /// Sound cues (accepted now; sound arrives in a later version).
    #[arg(long, value_enum, default_value = "on")]
    sound: Switch,

    /// Language of the user interface (default: from LC_ALL, LC_MESSAGES or LANG).
    #[arg(long, value_enum)]
    lang: Option<LangArg>,

    /// How moves are announced.
    #[arg(long, value_enum, default_value = "fide")]
    style: StyleArg,

    /// How much an announcement says.
    #[arg(long, value_enum, default_value = "normal")]
    verbosity: VerbosityArg,

    /// How `board` shows the board.
    #[arg(long, value_enum, default_value = "list")]
    boardstyle: BoardStyleArg,

    /// Promote to a queen without asking.
    #[arg(long)]
    autoqueen: bool,

    /// Seed for random choices (random Chess960 positions).
    #[arg(long)]
    seed: Option<u64>,
}

fn settings_from(cli: &Cli) -> Settings {
    let env = |name| std::env::var(name).ok();
    let lang = match cli.lang {
        Some(LangArg::De) => Lang::De,
        Some(LangArg::En) => Lang::En,
        None => Lang::from_env_values(
            env("LC_ALL").as_deref(),
            env("LC_MESSAGES").as_deref(),
            env("LANG").as_deref(),
        ),
    };
    Settings {
        lang,
        style: match cli.style {
            StyleArg::Fide => Style::Fide,
            StyleArg::San => Style::San,
        },
        verbosity: match cli.verbosity {
            VerbosityArg::Short => Verbosity::Short,
            VerbosityArg::Normal => Verbosity::Normal,
            VerbosityArg::Full => Verbosity::Full,
        },
        board_style: match cli.boardstyle {
            BoardStyleArg::List => BoardStyle::List,
            BoardStyleArg::Ranks => BoardStyle::Ranks,
        },
        autoqueen: cli.autoqueen,
    }
}

/// The opponent the flags ask for, or what is wrong with them.
fn opponent_from(cli: &Cli) -> Result<Opponent, String> {
    let mut options = Vec::new();
    for item in &cli.engine_option {
        match item.split_once('=') {
            Some((name, value)) if !name.trim().is_empty() => {
                options.push((name.trim().to_string(), value.trim().to_string()))
            }
            _ => {
                return Err(format!(
                    "--engine-option {item:?} needs a name and a value, like --engine-option Hash=64"
                ));
            }
        }
    }
    if cli.opponent == OpponentArg::Human {
        if cli.engine.is_some() {
            return Err("--engine needs --opponent engine (the default)".to_string());
        }
        return Ok(Opponent::human());
    }
    let level = match (cli.level, cli.elo) {
        (Some(l), _) => l,
        (None, Some(elo)) => level_for_elo(elo),
        (None, None) => DEFAULT_LEVEL,
    };
    Ok(Opponent {
        kind: match &cli.engine {
            Some(command) => Kind::External(ExternalSpec {
                command: command.clone(),
                options,
                elo: cli.elo,
            }),
            None => Kind::Builtin,
        },
        level,
        choice: match cli.color {
            ColorArg::White => ColorChoice::White,
            ColorArg::Black => ColorChoice::Black,
            ColorArg::Random => ColorChoice::Random,
        },
        ..Opponent::default()
    })
}

/// The built-in level a new player meets: a club beginner's game.
const DEFAULT_LEVEL: u8 = 5;

fn main() -> ExitCode {
    // `annabella uci` hands the process to the UCI server before any flag
    // parsing, as GUIs start engines with exactly that argument.
    if std::env::args().nth(1).as_deref() == Some("uci") {
        annabella::engine::uci::serve(io::stdin().lock(), io::stdout());
        return ExitCode::SUCCESS;
    }
    let cli = Cli::parse();
    let _ = (cli.speech, cli.sound);
    let opponent = match opponent_from(&cli) {
        Ok(o) => o,
        Err(why) => {
            eprintln!("annabella: {why}.");
            return ExitCode::from(2);
        }
    };
    let settings = settings_from(&cli);
    let seed = cli.seed.unwrap_or_else(aio::now_seed);
    let mut session = Session::new(Game::new(), settings);
    session.set_seed(seed);
    session.set_date(aio::today());
    session.set_opponent(opponent);
    let game = match (&cli.fen, &cli.chess960) {
        (Some(fen), _) => Game::from_fen(fen).map_err(|e| (e, fen.clone())),
        (None, Some(n)) if n == "random" => {
            Game::chess960(session.random_chess960()).map_err(|e| (e, n.clone()))
        }
        (None, Some(n)) => n
            .parse::<u32>()
            .map_err(|_| SetupError::Chess960Number)
            .and_then(Game::chess960)
            .map_err(|e| (e, n.clone())),
        (None, None) => Ok(Game::new()),
    };
    match game {
        Ok(game) => session.set_game(game),
        Err((error, text)) => {
            let why = match error {
                SetupError::BadFen => {
                    "is not a FEN (example: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1)"
                }
                SetupError::IllegalPosition => {
                    "is not a legal position (check the kings, pawns on the first or last rank, castling rights)"
                }
                SetupError::Chess960Number => {
                    "is not a Chess960 start number: use 0 to 959 or random"
                }
            };
            eprintln!("annabella: {text:?} {why}.");
            return ExitCode::from(2);
        }
    }

    let announcer = Announcer::new();
    let interactive = aio::interactive();
    let stdout = io::stdout();
    let mut text = TextSink::new(stdout.lock(), &announcer);
    let source: Box<dyn LineSource + Send> = match interactive.then(Terminal::new) {
        Some(Ok(terminal)) => Box::new(terminal),
        _ => Box::new(PlainLines::new(BufReader::new(io::stdin()))),
    };
    if interactive {
        let greeting = announcer.greeting(&settings);
        let status = session.handle_line("status");
        let shown = text
            .write_line(&greeting)
            .and_then(|()| text.notify(&settings, &status));
        if shown.is_err() {
            return ExitCode::FAILURE;
        }
    }
    let mut subscribers: [&mut dyn Subscriber; 1] = [&mut text];
    match aio::run(
        &mut session,
        &announcer,
        source,
        &mut subscribers,
        interactive,
    ) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe downstream is the reader's choice, not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("annabella: {e}");
            ExitCode::FAILURE
        }
    }
}
