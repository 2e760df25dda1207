//! The `annabella` binary: flags in, the app started. The flags for
//! settings are made from the settings table, so that every setting is a
//! flag with the same words and values as `set`.

use std::io::{self, BufReader};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::SystemTime;

use clap::{Arg, ArgMatches, Command, CommandFactory, FromArgMatches, Parser};

use annabella::announce::{Announcer, Phrasing};
use annabella::app::{Begin, Network};
use annabella::engine::client::ExternalSpec;
use annabella::engine::level::level_for_elo;
use annabella::event::{Event, OnlineEvent, RecordEvent, Subscriber};
use annabella::input::parse_chess960;
use annabella::io::audio::SoundSink;
use annabella::io::speech::{self, SpeechSink};
use annabella::io::{self as aio, LineSource, PlainLines, Terminal, TextSink};
use annabella::net::Token;
use annabella::rules::{Chess960Start, Game, SetupError};
use annabella::session::{KeptGame, Resumption, Session, Start as SessionStart, TokenFrom};
use annabella::settings::{
    Allowed, Key, Lang, Level, OpponentChoice, Setting, SettingError, Settings, SpeechMode, Style,
    Verbosity,
};
use annabella::store::stats::load_stats;
use annabella::store::token::{self, TokenError, TokenSource};
use annabella::store::{Aside, Keeper, Kept, Nowhere, Paths, SettingsFile, Store, Trouble};

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

    /// Where games are kept (default: the platform's data directory,
    /// e.g. ~/.local/share/annabella).
    #[arg(long, value_name = "DIR")]
    data_dir: Option<PathBuf>,

    /// The settings file (default: settings.toml in the platform's
    /// configuration directory, e.g. ~/.config/annabella).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,

    /// Go on with the unfinished game of the last run without asking.
    #[arg(long, conflicts_with = "new")]
    resume: bool,

    /// Start a new game without asking; an unfinished one stays saved.
    #[arg(long)]
    new: bool,
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
            .value_parser(move |text: &str| match key.read(text) {
                Ok(setting) => Ok(FlagValue::Set(setting)),
                Err(_) if takes_auto(key) && text.eq_ignore_ascii_case("auto") => {
                    Ok(FlagValue::Auto)
                }
                // A time control says which part is wrong and what works.
                Err(SettingError::BadTimeControl { error: why, .. }) => {
                    Err(Announcer::new().time_control_error(lang, &why))
                }
                Err(_) => Err(error.clone()),
            });
        // A switch named alone is on: `--autoqueen`.
        let switch = matches!(key.allowed(), Allowed::Words(w) if w.iter().any(|w| w.en == ["on"]));
        if switch {
            arg = arg.num_args(0..=1).default_missing_value("on");
        }
        // The name the issue and lichess's own tools use.
        if key == Key::LichessUrl {
            arg = arg.visible_alias("lichess-url");
        }
        command = command.arg(arg);
    }
    command
}

/// The settings of this run: the defaults and the environment, then the
/// settings file, then the flags (which change the file not at all);
/// with what the file said that could not be used.
fn settings_from(
    matches: &ArgMatches,
    lang: Lang,
    interactive: bool,
    file: Option<&SettingsFile>,
) -> (Settings, Vec<Event>) {
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
    let mut notes: Vec<Event> = Vec::new();
    if let Some(file) = file {
        let path = file.path().to_path_buf();
        for fault in file.apply_to(&mut settings) {
            notes.push(
                match fault {
                    SettingError::UnknownKey(key) => RecordEvent::UnknownSetting {
                        path: path.clone(),
                        key,
                    },
                    SettingError::BadValue { key, value } => RecordEvent::BadSetting {
                        path: path.clone(),
                        key: key.word(Lang::En).to_string(),
                        value,
                    },
                    SettingError::BadTimeControl { value, .. } => RecordEvent::BadSetting {
                        path: path.clone(),
                        key: Key::Time.word(Lang::En).to_string(),
                        value,
                    },
                }
                .into(),
            );
        }
    }
    for key in Key::all() {
        if let Some(FlagValue::Set(setting)) = matches.get_one::<FlagValue>(key.word(Lang::En)) {
            settings.apply(setting.clone());
        }
    }
    (settings, notes)
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
    let now = SystemTime::now();
    let (store, mut notes) = open_store(&cli, now);
    let (mut settings, file_notes) = settings_from(
        &matches,
        env_lang,
        interactive,
        store.as_ref().map(|(_, file)| file),
    );
    notes.extend(file_notes);
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
    let network = network_from(store.as_ref().map(|(paths, _)| paths), &mut notes);
    let (mut keeper, kept) = keeper_from(store, &cli, &mut session, interactive, &mut notes);
    let token = network.token.as_ref().map(|_| match network.env_token {
        Some(_) => TokenFrom::Environment,
        None => TokenFrom::File,
    });
    let begin = Begin {
        prompt: interactive,
        network,
        start: SessionStart {
            greet: interactive,
            random_960: random_start,
            kept,
            token,
        },
        notes,
    };
    run(&mut session, &announcer, &settings, begin, keeper.as_mut())
}

/// The lichess token: `LICHESS_TOKEN` first, else the token file; a
/// token file that cannot be read is said (never its content).
fn network_from(paths: Option<&Paths>, notes: &mut Vec<Event>) -> Network {
    let token_file = paths.map(Paths::lichess_token);
    let env = std::env::var("LICHESS_TOKEN").ok();
    let env = env.filter(|t| !t.trim().is_empty());
    let Some(path) = &token_file else {
        let token = env.as_deref().and_then(Token::new);
        return Network {
            env_token: token.clone(),
            token,
            token_file,
        };
    };
    match token::load(env.as_deref(), path) {
        Ok(Some((token, source))) => Network {
            env_token: (source == TokenSource::Environment).then(|| token.clone()),
            token: Some(token),
            token_file,
        },
        Ok(None) => Network {
            token_file,
            ..Network::default()
        },
        Err(why) => {
            notes.push(
                match why {
                    TokenError::Unreadable { text, .. } => OnlineEvent::TokenUnreadable(text),
                    TokenError::NotAToken(source) => OnlineEvent::TokenInvalid {
                        env: source == TokenSource::Environment,
                    },
                }
                .into(),
            );
            Network {
                token_file,
                ..Network::default()
            }
        }
    }
}

/// The store's places and the settings file read there; a notice when a
/// broken settings file was moved aside, or when there is no home to
/// keep anything in.
fn open_store(cli: &Cli, now: SystemTime) -> (Option<(Paths, SettingsFile)>, Vec<Event>) {
    let Ok(paths) = Paths::platform(cli.data_dir.clone(), cli.config.clone()) else {
        return (None, Vec::new());
    };
    let (file, aside) = SettingsFile::load_or_move_aside(&paths.config_file, now);
    let notes = aside.map(aside_note).into_iter().collect();
    (Some((paths, file)), notes)
}

/// What is said of a broken file.
fn aside_note(aside: Aside) -> Event {
    let (path, to) = match aside {
        Aside::Moved { broken, to } => (broken.path, Some(to)),
        Aside::Stuck { broken, .. } => (broken.path, None),
    };
    RecordEvent::Failed {
        path,
        trouble: Trouble::Broken(to),
    }
    .into()
}

/// The game the last run kept: resumed with `--resume`, offered at a
/// terminal, else put among the saved games for a new one to start.
/// The store of this run (nothing kept without a data directory), the
/// statistics and the settings file's place told to the session, and
/// the unfinished game kept by the last run.
fn keeper_from(
    store: Option<(Paths, SettingsFile)>,
    cli: &Cli,
    session: &mut Session,
    interactive: bool,
    notes: &mut Vec<Event>,
) -> (Box<dyn Keeper>, Option<KeptGame>) {
    let Some((paths, file)) = store else {
        return (Box::new(Nowhere), None);
    };
    let now = SystemTime::now();
    session.set_settings_file(file.path().to_path_buf());
    let (stats, aside) = load_stats(&paths.training(), now);
    session.set_stats(stats);
    notes.extend(aside.map(aside_note));
    let mut store = Store::new(paths, file);
    let kept = kept_game(cli, &mut store, interactive, now, notes);
    (Box::new(store), kept)
}

/// The unfinished game kept by the last run, and what becomes of it:
/// resumed with `--resume`, offered to a person, else set aside; what
/// the store found otherwise is said among the notes.
fn kept_game(
    cli: &Cli,
    store: &mut Store,
    interactive: bool,
    now: SystemTime,
    notes: &mut Vec<Event>,
) -> Option<KeptGame> {
    let kept = |game, resumption| Some(KeptGame { game, resumption });
    match store.kept(now) {
        Kept::Unfinished(saved) if cli.resume => kept(saved, Resumption::Resume),
        Kept::Unfinished(saved) if interactive && !cli.new => kept(saved, Resumption::Offer),
        Kept::Unfinished(saved) => kept(saved, Resumption::SetAside),
        Kept::Nothing if cli.resume => {
            notes.push(RecordEvent::NothingToResume.into());
            None
        }
        Kept::Nothing => None,
        Kept::Broken(aside) => {
            notes.push(aside_note(aside));
            None
        }
    }
}

/// Starts the outputs and the loop; the exit status when it ends. At a
/// terminal the start is announced as `new` says it; a script hears
/// nothing before its first line, except the number of a Chess960 start
/// drawn at random, which nothing else would tell it.
fn run(
    session: &mut Session,
    announcer: &Announcer,
    settings: &Settings,
    begin: Begin,
    keeper: &mut dyn Keeper,
) -> ExitCode {
    let interactive = begin.prompt;
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
    if started.is_err() {
        return ExitCode::FAILURE;
    }
    let mut subscribers: [&mut dyn Subscriber; 3] = [&mut text, &mut speech, &mut sound];
    let ran = annabella::app::run(session, announcer, source, &mut subscribers, keeper, begin);
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
