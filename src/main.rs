//! The `annabella` binary: it reads the flags and starts the app
//! ([`annabella::app::start`]). The flags for settings are made from the
//! settings table, so that every setting is a flag with the same words
//! and values as `set`.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, Command, CommandFactory, FromArgMatches, Parser};

use annabella::announce::{Announcer, Phrasing};
use annabella::app::start::{Flags, refuse, start};
use annabella::input::{FlagError, lang_named};
use annabella::settings::{Allowed, Key, Lang, Setting, SettingError, Settings, Style, Verbosity};

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

    /// Listen to a recording (WAV) as the microphone, in real time, or to
    /// a named pipe a program writes a WAV stream into; for tests and
    /// practice. Listening is on.
    #[arg(long, value_name = "FILE.wav")]
    listen_from: Option<PathBuf>,
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
                Err(SettingError::BadTimeControl { error, value }) => {
                    Err(FlagError::BadTime { value, error })
                }
                Err(_) => Err(FlagError::BadSetting {
                    key,
                    value: text.to_string(),
                }),
            });
        // A switch named alone is on: `--autoqueen`.
        let switch = matches!(key.allowed(), Allowed::Words(w) if w.iter().any(|w| w.en == ["on"]));
        if switch {
            arg = arg.num_args(0..=1).default_missing_value("on");
        } else {
            // `--time -1+0` reaches the setting's own parser and its
            // error, rather than clap's bare "unexpected argument".
            arg = arg.allow_hyphen_values(true);
        }
        // The name the issue and lichess's own tools use.
        if key == Key::LichessUrl {
            arg = arg.visible_alias("lichess-url");
        }
        command = command.arg(arg);
    }
    // The numbers' own errors are words of the UI language too.
    command
        .mut_arg("elo", |arg| arg.value_parser(number::<u32>("--elo")))
        .mut_arg("seed", |arg| arg.value_parser(number::<u64>("--seed")))
}

/// A value parser for a whole number, refusing anything else with a
/// [`FlagError`].
fn number<T: std::str::FromStr + Clone + Send + Sync + 'static>(
    flag: &'static str,
) -> impl Fn(&str) -> Result<T, FlagError> + Clone + Send + Sync + 'static {
    move |text: &str| {
        text.trim().parse().map_err(|_| FlagError::NotANumber {
            flag: flag.to_string(),
            value: text.to_string(),
        })
    }
}

/// The flag a clap error's context names (`--time <VALUE>` is `--time`).
fn context(error: &clap::Error, kind: ContextKind) -> Option<String> {
    let text = match error.get(kind)? {
        ContextValue::String(text) => text.clone(),
        ContextValue::Strings(all) => all.first()?.clone(),
        _ => return None,
    };
    Some(text)
}

/// A flag's name without the value clap shows after it.
fn flag_name(shown: &str) -> String {
    shown.split([' ', '=']).next().unwrap_or(shown).to_string()
}

/// What a clap error means, as a [`FlagError`] the announcer words;
/// `args` are the words after the program's name.
fn flag_error(error: &clap::Error, args: &[String]) -> FlagError {
    use std::error::Error;
    if let Some(ours) = error.source().and_then(|e| e.downcast_ref::<FlagError>()) {
        return ours.clone();
    }
    let arg = context(error, ContextKind::InvalidArg).unwrap_or_default();
    let value = context(error, ContextKind::InvalidValue);
    match error.kind() {
        ErrorKind::UnknownArgument if arg.starts_with('-') => FlagError::UnknownFlag {
            flag: flag_name(&arg),
            suggestion: context(error, ContextKind::SuggestedArg).map(|s| flag_name(&s)),
        },
        ErrorKind::UnknownArgument => FlagError::Stray(arg),
        ErrorKind::InvalidSubcommand => {
            FlagError::Stray(context(error, ContextKind::InvalidSubcommand).unwrap_or(arg))
        }
        ErrorKind::InvalidValue if value.as_deref().is_none_or(str::is_empty) => {
            FlagError::MissingValue(flag_name(&arg))
        }
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues | ErrorKind::NoEquals => {
            FlagError::MissingValue(flag_name(&arg))
        }
        ErrorKind::MissingRequiredArgument => FlagError::MissingArgument(arg),
        ErrorKind::ArgumentConflict => match context(error, ContextKind::PriorArg) {
            Some(other) => FlagError::Conflict(flag_name(&arg), flag_name(&other)),
            None => FlagError::Other(args.join(" ")),
        },
        _ => FlagError::Other(args.join(" ")),
    }
}

/// The matches, or the exit after help, the version, or an error said in
/// the language of `--lang` (else the environment's).
fn matches_or_exit(
    command: Command,
    args: &[String],
    lang: Lang,
    announcer: &Announcer,
) -> Result<clap::ArgMatches, ExitCode> {
    command
        .try_get_matches_from(args)
        .map_err(|e| match e.kind() {
            ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
            _ => refuse(
                &flag_error(&e, args.get(1..).unwrap_or_default()),
                lang,
                announcer,
            ),
        })
}

/// `annabella hear FILE.wav`: recognises a recording without a game and
/// prints one tab-separated line per utterance: start and end in
/// seconds, kind (move, command, none), value (UCI, the command's
/// English word, or -), confidence, and the words as heard.
#[derive(Parser, Debug)]
#[command(name = "annabella hear", version, about, long_about)]
struct HearCli {
    /// The recording: PCM WAV, 8 to 48 kHz, mono or stereo, 16-bit or float.
    file: PathBuf,
    /// The position the moves are heard in (FEN), else the start.
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// The language besides English and FIDE's German words.
    #[arg(long, value_name = "de|en|et")]
    lang: Option<String>,
    /// The FEN's castling is Chess960's.
    #[arg(long)]
    chess960: bool,
    /// Taken as the client takes it; `hear` keeps nothing.
    #[arg(long, value_name = "DIR")]
    data_dir: Option<PathBuf>,
    /// Taken as the client takes it (its `lang` is used when `--lang` is not given).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
}

/// `annabella hear`: the language from `--lang`, else the settings
/// file's, else the environment's.
fn hear(env_lang: Lang, announcer: &Announcer) -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag_lang = lang_named(&args).unwrap_or(env_lang);
    let matches = match matches_or_exit(HearCli::command(), &args, flag_lang, announcer) {
        Ok(matches) => matches,
        Err(code) => return code,
    };
    let cli = match HearCli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return refuse(&flag_error(&e, &args), flag_lang, announcer),
    };
    let from_config = || {
        let path = cli.config.clone()?;
        let text = std::fs::read_to_string(path).ok()?;
        let table: toml::Table = text.parse().ok()?;
        table.get("lang")?.as_str().map(str::to_string)
    };
    let lang = match cli.lang.clone().or_else(from_config) {
        Some(word) => match Key::Lang.read(&word) {
            Ok(Setting::Lang(lang)) => lang,
            _ => {
                let error = FlagError::BadSetting {
                    key: Key::Lang,
                    value: word,
                };
                return refuse(&error, flag_lang, announcer);
            }
        },
        None => env_lang,
    };
    let args = annabella::app::hear::HearArgs {
        file: cli.file,
        fen: cli.fen,
        lang,
        chess960: cli.chess960,
    };
    annabella::app::hear::hear(&args, announcer)
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
    if std::env::args().nth(1).as_deref() == Some("hear") {
        return hear(env_lang, &announcer);
    }
    let args: Vec<String> = std::env::args().collect();
    // Flag errors are said in the language `--lang` asks for.
    let lang = lang_named(&args).unwrap_or(env_lang);
    let command = with_setting_flags(Cli::command(), lang, &announcer);
    let matches = match matches_or_exit(command, &args, lang, &announcer) {
        Ok(matches) => matches,
        Err(code) => return code,
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => {
            return refuse(
                &flag_error(&e, args.get(1..).unwrap_or_default()),
                lang,
                &announcer,
            );
        }
    };
    let mut settings: Vec<Setting> = Key::all()
        .filter_map(
            |key| match matches.get_one::<FlagValue>(key.word(Lang::En)) {
                Some(FlagValue::Set(setting)) => Some(setting.clone()),
                Some(FlagValue::Auto) | None => None,
            },
        )
        .collect();
    if cli.listen_from.is_some() {
        settings.push(Setting::Listen(true));
    }
    let flags = Flags {
        env_lang,
        settings,
        fen: cli.fen,
        chess960: cli.chess960,
        engine: cli.engine,
        engine_options: cli.engine_option,
        elo: cli.elo,
        seed: cli.seed,
        data_dir: cli.data_dir,
        config: cli.config,
        resume: cli.resume,
        new: cli.new,
        listen_from: cli.listen_from,
    };
    start(&flags, &announcer)
}
