//! The `annabella` binary: flags in, a session out.

use std::io::{self, BufReader};
use std::process::ExitCode;

use clap::{Parser, ValueEnum};

use annabella::announce::Announcer;
use annabella::engine::client::ExternalSpec;
use annabella::engine::level::level_for_elo;
use annabella::event::Subscriber;
use annabella::io::audio::SoundSink;
use annabella::io::speech::{self, SpeechSink};
use annabella::io::{self as aio, LineSource, PlainLines, Terminal, TextSink};
use annabella::opponent::{ColorChoice, Kind, Opponent};
use annabella::rules::{Game, SetupError};
use annabella::session::Session;
use annabella::settings::{
    BoardStyle, Lang, Orientation, Settings, SpeechMode, Style, Verbosity, WIDTH_RANGE,
};

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
enum SpeechArg {
    On,
    Off,
    Auto,
    /// Print only: the player's screen reader speaks.
    Screenreader,
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
    Et,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum StyleArg {
    Fide,
    Local,
    Nato,
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
    Squares,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum OrientationArg {
    White,
    Black,
    Player,
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

    /// Speech output; `auto` speaks when standard input and output are a
    /// terminal and a speech service answers.
    #[arg(long, value_enum, default_value = "auto")]
    speech: SpeechArg,

    /// Sound cues (default: on at a terminal, off for scripts).
    #[arg(long, value_enum)]
    sound: Option<Switch>,

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

    /// Wrap output lines at this many characters (a Braille display's
    /// cells, e.g. 40); 0 for no wrapping.
    #[arg(long, default_value_t = 0, value_parser = parse_width)]
    width: u16,

    /// Read the board from White's side, Black's, or the player's
    /// (the side to move).
    #[arg(long, value_enum, default_value = "player")]
    orientation: OrientationArg,

    /// Seed for random choices (random Chess960 positions).
    #[arg(long)]
    seed: Option<u64>,
}

fn parse_width(text: &str) -> Result<u16, String> {
    let (low, high) = WIDTH_RANGE;
    match text.parse::<u16>() {
        Ok(0) => Ok(0),
        Ok(w) if (low..=high).contains(&w) => Ok(w),
        _ => Err(format!(
            "use 0 (no wrapping) or a number from {low} to {high}"
        )),
    }
}

fn settings_from(cli: &Cli, interactive: bool) -> Settings {
    let env = |name| std::env::var(name).ok();
    let lang = match cli.lang {
        Some(LangArg::De) => Lang::De,
        Some(LangArg::En) => Lang::En,
        Some(LangArg::Et) => Lang::Et,
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
            StyleArg::Local => Style::Local,
            StyleArg::Nato => Style::Nato,
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
            BoardStyleArg::Squares => BoardStyle::Squares,
        },
        autoqueen: cli.autoqueen,
        width: cli.width,
        orientation: match cli.orientation {
            OrientationArg::White => Orientation::White,
            OrientationArg::Black => Orientation::Black,
            OrientationArg::Player => Orientation::Player,
        },
        speech: match cli.speech {
            SpeechArg::On => SpeechMode::On,
            SpeechArg::Auto if interactive => SpeechMode::On,
            SpeechArg::Off | SpeechArg::Auto => SpeechMode::Off,
            SpeechArg::Screenreader => SpeechMode::ScreenReader,
        },
        sound: match cli.sound {
            Some(Switch::On) => true,
            Some(Switch::Off) => false,
            None => interactive,
        },
        ..Settings::default()
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
    let interactive = aio::interactive();
    let opponent = match opponent_from(&cli) {
        Ok(o) => o,
        Err(why) => {
            eprintln!("annabella: {why}.");
            return ExitCode::from(2);
        }
    };
    let settings = settings_from(&cli, interactive);
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
    // Unlocked: speech and sound write their notices to stdout as well.
    let mut text = TextSink::new(io::stdout(), &announcer);
    let mut speech = SpeechSink::new(&announcer, io::stdout(), speech::platform_backend());
    let mut sound = SoundSink::new(&announcer, io::stdout(), None);
    let source: Box<dyn LineSource + Send> = match interactive.then(Terminal::new) {
        Some(Ok(terminal)) => Box::new(terminal),
        _ => Box::new(PlainLines::new(BufReader::new(io::stdin()))),
    };
    let greeted = if interactive {
        text.write_line(&announcer.greeting(&settings))
    } else {
        Ok(())
    };
    // After the greeting, so that a notice about speech or sound reads as
    // part of the start.
    let started = greeted
        .and_then(|()| speech.start(&settings))
        .and_then(|()| sound.start(&settings));
    let shown = started.and_then(|()| {
        if !interactive {
            return Ok(());
        }
        let status = session.handle_line("status");
        text.notify(&settings, &status)
            .and_then(|()| speech.notify(&settings, &status))
    });
    if shown.is_err() {
        return ExitCode::FAILURE;
    }
    let mut subscribers: [&mut dyn Subscriber; 3] = [&mut text, &mut speech, &mut sound];
    let ran = aio::run(
        &mut session,
        &announcer,
        source,
        &mut subscribers,
        interactive,
    );
    // The last answer (often "Goodbye") is still being said.
    speech.finish(speech::FINISH_TIMEOUT);
    sound.finish(std::time::Duration::from_secs(1));
    match ran {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe downstream is the reader's choice, not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("annabella: {e}");
            ExitCode::FAILURE
        }
    }
}
