//! The `annabella` binary: flags in, the app started. The flags for
//! settings are made from the settings table, so that every setting is a
//! flag with the same words and values as `set`.

use std::io::{self, BufReader};
use std::process::ExitCode;

use clap::{Arg, ArgMatches, Command, CommandFactory, FromArgMatches, Parser};

use annabella::announce::{Announcer, Phrasing};
use annabella::engine::client::ExternalSpec;
use annabella::engine::level::level_for_elo;
use annabella::event::Subscriber;
use annabella::input::parse_chess960;
use annabella::io::audio::SoundSink;
use annabella::io::speech::{self, SpeechSink};
use annabella::io::{self as aio, LineSource, PlainLines, Terminal, TextSink};
use annabella::rules::{Chess960Start, Game, SetupError};
use annabella::session::Session;
use annabella::settings::{
    Allowed, Key, Lang, Level, OpponentChoice, Setting, Settings, SpeechMode, Style, TimeChoice,
    Verbosity,
};

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

    /// Seed for random choices (random Chess960 positions, colours, the
    /// engine's deliberate mistakes).
    #[arg(long)]
    seed: Option<u64>,
}

/// What a settings flag says: a value, or `auto` (speech and sound: on
/// at a terminal, off for scripts).
#[derive(Clone, Debug)]
enum FlagValue {
    Set(Setting),
    Auto,
}

/// The settings whose default depends on whether a person sits at a
/// terminal, and so take `auto`.
fn takes_auto(key: Key) -> bool {
    matches!(key, Key::Speech | Key::Sound)
}

/// One flag per setting, `--KEY VALUE` with the English key word; the
/// help is in the language of the environment.
fn with_setting_flags(mut command: Command, lang: Lang, announcer: &Announcer) -> Command {
    let p = Phrasing {
        lang,
        style: Style::Fide,
        verbosity: Verbosity::Normal,
    };
    let defaults = Settings::default();
    for key in Key::all() {
        let name = key.word(Lang::En);
        let allowed = announcer.allowed(p, &key.allowed());
        let about = announcer.message(lang, key.entry().help, &[]);
        let default = match key {
            _ if takes_auto(key) => "auto".into(),
            Key::Lang => "LC_ALL, LC_MESSAGES, LANG".into(),
            _ => defaults.get(key).show(Lang::En),
        };
        let error = format!("use {allowed}");
        let mut arg = Arg::new(name)
            .long(name)
            .value_name("VALUE")
            .help(format!("{about} Values: {allowed}. [default: {default}]"))
            .value_parser(move |text: &str| match key.parse(text) {
                Some(setting) => Ok(FlagValue::Set(setting)),
                None if takes_auto(key) && text.eq_ignore_ascii_case("auto") => Ok(FlagValue::Auto),
                // A time control says which part is wrong and what works.
                None if key == Key::Time => match TimeChoice::read(text) {
                    Err(why) => Err(Announcer::new().time_control_error(lang, &why)),
                    Ok(_) => Err(error.clone()),
                },
                None => Err(error.clone()),
            });
        // A switch named alone is on: `--autoqueen`.
        let switch = matches!(key.allowed(), Allowed::Words(w) if w.iter().any(|w| w.en == ["on"]));
        if switch {
            arg = arg.num_args(0..=1).default_missing_value("on");
        }
        command = command.arg(arg);
    }
    command
}

/// The settings the flags ask for, over the defaults and the environment.
fn settings_from(matches: &ArgMatches, lang: Lang, interactive: bool) -> Settings {
    let mut settings = Settings {
        lang,
        speech: if interactive {
            SpeechMode::On
        } else {
            SpeechMode::Off
        },
        sound: interactive,
        ..Settings::default()
    };
    for key in Key::all() {
        if let Some(FlagValue::Set(setting)) = matches.get_one::<FlagValue>(key.word(Lang::En)) {
            settings.apply(setting.clone());
        }
    }
    settings
}

/// The external engine the flags ask for, and the level an `--elo` without
/// `--level` means; or what is wrong with them.
fn engine_from(
    cli: &Cli,
    matches: &ArgMatches,
    settings: &mut Settings,
) -> Result<Option<ExternalSpec>, String> {
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
    if settings.opponent == OpponentChoice::Human {
        if cli.engine.is_some() {
            return Err("--engine needs --opponent engine (the default)".to_string());
        }
        return Ok(None);
    }
    if let (Some(elo), None) = (cli.elo, matches.get_one::<FlagValue>("level")) {
        settings.level = Level(level_for_elo(elo));
    }
    Ok(cli.engine.as_ref().map(|command| ExternalSpec {
        command: command.clone(),
        options,
        elo: cli.elo,
    }))
}

/// The game the flags ask for (`--fen`, `--chess960`), or why it cannot be.
/// The game to start with, and whether its Chess960 start was drawn at
/// random (then its number must be said even to a script).
fn game_from(cli: &Cli, session: &mut Session) -> Result<(Game, bool), String> {
    let (result, text, random) = match (&cli.fen, &cli.chess960) {
        (Some(fen), _) => (Game::from_fen(fen), fen, false),
        (None, Some(n)) => {
            let start = parse_chess960(n);
            let game = match start {
                Some(Chess960Start::Number(n)) => Game::chess960(n),
                Some(Chess960Start::Random) => Game::chess960(session.random_chess960()),
                None => Err(SetupError::Chess960Number),
            };
            (game, n, start == Some(Chess960Start::Random))
        }
        (None, None) => return Ok((Game::new(), false)),
    };
    result.map(|game| (game, random)).map_err(|error| {
        let why = match error {
            SetupError::BadFen => {
                "is not a FEN (example: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1)"
            }
            SetupError::IllegalPosition => {
                "is not a legal position (check the kings, pawns on the first or last rank, castling rights)"
            }
            SetupError::Chess960Number => "is not a Chess960 start number: use 0 to 959 or random",
        };
        format!("{text:?} {why}")
    })
}

fn main() -> ExitCode {
    // `annabella uci` hands the process to the UCI server before any flag
    // parsing, as GUIs start engines with exactly that argument.
    if std::env::args().nth(1).as_deref() == Some("uci") {
        annabella::engine::uci::serve(io::stdin().lock(), io::stdout());
        return ExitCode::SUCCESS;
    }
    let env = |name| std::env::var(name).ok();
    let env_lang = Lang::from_env_values(
        env("LC_ALL").as_deref(),
        env("LC_MESSAGES").as_deref(),
        env("LANG").as_deref(),
    );
    let announcer = Announcer::new();
    let matches = with_setting_flags(Cli::command(), env_lang, &announcer).get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let interactive = aio::interactive();
    let mut settings = settings_from(&matches, env_lang, interactive);
    let engine = match engine_from(&cli, &matches, &mut settings) {
        Ok(engine) => engine,
        Err(why) => {
            eprintln!("annabella: {why}.");
            return ExitCode::from(2);
        }
    };
    let mut session = Session::new(Game::new(), settings.clone());
    session.set_seed(cli.seed.unwrap_or_else(aio::now_seed));
    session.set_date(aio::today());
    session.set_engine(engine);
    let random_start = match game_from(&cli, &mut session) {
        Ok((game, random)) => {
            session.set_game(game);
            random
        }
        Err(why) => {
            eprintln!("annabella: {why}.");
            return ExitCode::from(2);
        }
    };
    run(
        &mut session,
        &announcer,
        &settings,
        interactive,
        random_start,
    )
}

/// Starts the outputs and the loop; the exit status when it ends. At a
/// terminal the start is announced as `new` says it; a script hears
/// nothing before its first line, except the number of a Chess960 start
/// drawn at random, which nothing else would tell it.
fn run(
    session: &mut Session,
    announcer: &Announcer,
    settings: &Settings,
    interactive: bool,
    random_start: bool,
) -> ExitCode {
    // Unlocked: speech and sound write their notices to stdout as well.
    let mut text = TextSink::new(io::stdout(), announcer);
    let mut speech = SpeechSink::new(announcer, io::stdout(), speech::platform_backend());
    let mut sound = SoundSink::new(announcer, io::stdout(), None);
    let source: Box<dyn LineSource + Send> = match interactive.then(Terminal::new) {
        Some(Ok(terminal)) => Box::new(terminal),
        _ => Box::new(PlainLines::new(BufReader::new(io::stdin()))),
    };
    let greeted = if interactive {
        text.write_line(&announcer.greeting(settings))
    } else {
        Ok(())
    };
    // After the greeting, so that a notice about speech or sound reads as
    // part of the start.
    let started = greeted
        .and_then(|()| speech.start(settings))
        .and_then(|()| sound.start(settings));
    let shown = started.and_then(|()| {
        let start = session.start(interactive, random_start);
        text.notify(settings, &start)
            .and_then(|()| speech.notify(settings, &start))
    });
    if shown.is_err() {
        return ExitCode::FAILURE;
    }
    let mut subscribers: [&mut dyn Subscriber; 3] = [&mut text, &mut speech, &mut sound];
    let ran = annabella::app::run(
        session,
        announcer,
        source,
        &mut subscribers,
        &mut annabella::store::Nowhere,
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
