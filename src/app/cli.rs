//! The command line: the flags of `annabella`, `annabella hear` and
//! `annabella generate`, read with clap. The flags for settings are made
//! from the settings table, so that every setting is a flag with the same
//! words and values as `set`; every help text comes from the locales, in
//! the language the environment names. The man page and the shell
//! completions ([`super::generate`]) are made from these same commands,
//! so they cannot name a flag the client does not have.

use std::ffi::OsStr;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, Command, CommandFactory, FromArgMatches, Parser};

use fluent_bundle::FluentValue;

use crate::announce::{Announcer, Phrasing, manual};
use crate::app::start::{Flags, refuse};
use crate::input::{FlagError, lang_named};
use crate::settings::{Allowed, Key, Lang, Setting, SettingError, Settings, Style, Verbosity};

/// The version `--version` says: the package's, and the commit of a
/// build from git (made by `build.rs`).
pub const VERSION: &str = env!("ANNABELLA_VERSION");

/// The day this version was released, as `CHANGELOG.md` gives it (made
/// by `build.rs`; empty when the changelog has no entry for it): the
/// man page's date.
pub const RELEASED: &str = env!("ANNABELLA_RELEASED");

/// The client's own flags; their help is set from the locales
/// ([`localised`]), keyed by the long name (`opt-data-dir`).
#[derive(Parser, Debug)]
#[command(name = "annabella", version = VERSION)]
struct Cli {
    #[arg(long, value_name = "FEN", conflicts_with = "chess960")]
    fen: Option<String>,
    #[arg(long, value_name = "N|random")]
    chess960: Option<String>,
    #[arg(long, value_name = "PATH")]
    engine: Option<String>,
    #[arg(long = "engine-option", value_name = "NAME=VALUE")]
    engine_option: Vec<String>,
    #[arg(long, value_name = "N")]
    elo: Option<u32>,
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    data_dir: Option<PathBuf>,
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    config: Option<PathBuf>,
    #[arg(long, conflicts_with = "new")]
    resume: bool,
    #[arg(long)]
    new: bool,
    #[arg(long, value_name = "FILE.wav", value_hint = clap::ValueHint::FilePath)]
    listen_from: Option<PathBuf>,
}

/// `annabella hear FILE.wav`: recognises a recording without a game and
/// prints one tab-separated line per utterance (see [`super::hear`]).
#[derive(Parser, Debug)]
#[command(name = "hear", bin_name = "annabella hear", version = VERSION)]
struct HearCli {
    #[arg(value_name = "FILE.wav", value_hint = clap::ValueHint::FilePath)]
    file: PathBuf,
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    #[arg(long, value_name = "de|en|et")]
    lang: Option<String>,
    #[arg(long)]
    chess960: bool,
    #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    data_dir: Option<PathBuf>,
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    config: Option<PathBuf>,
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

/// A settings flag's value: read by the setting itself, so that the flag
/// takes what `set` takes; its fixed words are offered to the shells'
/// completion.
#[derive(Clone)]
struct SettingValue(Key);

impl SettingValue {
    fn read(key: Key, text: &str) -> Result<FlagValue, FlagError> {
        match key.read(text) {
            Ok(setting) => Ok(FlagValue::Set(setting)),
            Err(_) if takes_auto(key) && text.eq_ignore_ascii_case("auto") => Ok(FlagValue::Auto),
            // A time control says which part is wrong and what works.
            Err(SettingError::BadTimeControl { error, value }) => {
                Err(FlagError::BadTime { value, error })
            }
            Err(_) => Err(FlagError::BadSetting {
                key,
                value: text.to_string(),
            }),
        }
    }
}

impl TypedValueParser for SettingValue {
    type Value = FlagValue;

    fn parse_ref(
        &self,
        command: &Command,
        arg: Option<&Arg>,
        value: &OsStr,
    ) -> Result<FlagValue, clap::Error> {
        // The closure's own parser carries the FlagError as the error's
        // source, where `flag_error` finds it.
        let key = self.0;
        let read = move |text: &str| SettingValue::read(key, text);
        read.parse_ref(command, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let Allowed::Words(words) = self.0.allowed() else {
            return None;
        };
        let auto = takes_auto(self.0).then(|| PossibleValue::new("auto"));
        let values = words
            .into_iter()
            .filter_map(|w| w.en.first().map(|word| PossibleValue::new(*word)));
        Some(Box::new(values.chain(auto)))
    }
}

/// The help of every argument `command` has so far, from `table`'s
/// message for its id.
fn localised(
    mut command: Command,
    table: &[(&str, &str)],
    lang: Lang,
    announcer: &Announcer,
) -> Command {
    let ids: Vec<(String, String)> = command
        .get_arguments()
        .map(|arg| {
            let id = arg.get_id().to_string();
            // A flag missing from the table shows its id with `opt-`,
            // which the man page's test finds.
            let message = table
                .iter()
                .find(|(name, _)| *name == id)
                .map_or(format!("opt-{id}"), |(_, message)| message.to_string());
            (id, message)
        })
        .collect();
    for (id, message) in ids {
        let help = announcer.message(lang, &message, &[]);
        command = command.mut_arg(id, |arg| arg.help(help));
    }
    command
}

/// `--help` and, where the command has a version, `--version`, said in
/// `lang`.
fn with_help_flags(mut command: Command, lang: Lang, announcer: &Announcer) -> Command {
    let help = |name: &str| {
        let id = manual::FLAG_HELP
            .iter()
            .find(|(long, _)| *long == name)
            .map_or(name, |(_, id)| id);
        announcer.message(lang, id, &[])
    };
    let version = command.get_version().is_some();
    command = command.disable_help_flag(true).arg(
        Arg::new("help")
            .long("help")
            .short('h')
            .action(ArgAction::Help)
            .help(help("help")),
    );
    if version {
        command = command.disable_version_flag(true).arg(
            Arg::new("version")
                .long("version")
                .short('V')
                .action(ArgAction::Version)
                .help(help("version")),
        );
    }
    command
}

/// The client's command: its own flags, then one flag per setting,
/// `--KEY VALUE` with the English key word; all help in `lang`.
pub fn command(lang: Lang, announcer: &Announcer) -> Command {
    let (about, long) = manual::ABOUT;
    let command = Cli::command()
        .about(announcer.message(lang, about, &[]))
        .long_about(announcer.message(lang, long, &[]));
    let command = localised(command, manual::FLAG_HELP, lang, announcer);
    let command = with_setting_flags(command, lang, announcer);
    with_help_flags(command, lang, announcer)
}

/// `annabella hear`'s command, its help in `lang`.
pub fn hear_command(lang: Lang, announcer: &Announcer) -> Command {
    let (about, long) = manual::HEAR_ABOUT;
    let command = HearCli::command()
        .about(announcer.message(lang, about, &[]))
        .long_about(announcer.message(lang, long, &[]));
    let command = localised(command, manual::HEAR_HELP, lang, announcer);
    with_help_flags(command, lang, announcer)
}

/// The client's command with `uci`, `hear` and `generate` beside it as
/// subcommands: what the shells complete. The client reads those three
/// words itself, before the flags.
pub fn with_subcommands(lang: Lang, announcer: &Announcer) -> Command {
    let uci = Command::new("uci").about(announcer.message(lang, manual::UCI_ABOUT, &[]));
    command(lang, announcer)
        .args_conflicts_with_subcommands(true)
        .subcommand(uci)
        .subcommand(hear_command(lang, announcer).disable_version_flag(true))
        .subcommand(super::generate::command(lang, announcer))
}

/// One flag per setting, `--KEY VALUE` with the English key word; the
/// help is in `lang`.
fn with_setting_flags(mut command: Command, lang: Lang, announcer: &Announcer) -> Command {
    let defaults = Settings::default();
    for key in Key::all() {
        let name = key.word(Lang::En);
        let mut arg = Arg::new(name)
            .long(name)
            .value_name("VALUE")
            .help(setting_help(key, &defaults, lang, announcer))
            .value_parser(SettingValue(key))
            // The help says the values in the UI language already.
            .hide_possible_values(true);
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

/// What a setting does, its values and its default (of `defaults`), in
/// `lang`: the help
/// of its flag and its entry in the man page.
pub fn setting_help(key: Key, defaults: &Settings, lang: Lang, announcer: &Announcer) -> String {
    let p = Phrasing {
        lang,
        style: Style::Fide,
        verbosity: Verbosity::Normal,
    };
    let default = match key {
        _ if takes_auto(key) => "auto".into(),
        Key::Lang => "LC_ALL, LC_MESSAGES, LANG".into(),
        _ => defaults.get(key).show(Lang::En),
    };
    let args = [
        ("about", announcer.message(lang, key.entry().help, &[])),
        ("allowed", announcer.allowed(p, &key.allowed())),
        ("default", default.into_owned()),
    ];
    let args = args.map(|(name, value)| (name, FluentValue::from(value)));
    announcer.message(lang, manual::SETTING_FLAG, &args)
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
    let name = shown.split([' ', '=']).next().unwrap_or(shown);
    // A word's name as the usage shows it: `<SHELL>`.
    name.trim_matches(['<', '>']).to_string()
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
        ErrorKind::InvalidValue => match error.get(ContextKind::ValidValue) {
            Some(ContextValue::Strings(valid)) => FlagError::NotOneOf {
                flag: flag_name(&arg),
                value: value.unwrap_or_default(),
                allowed: valid.clone(),
            },
            _ => FlagError::Other(args.join(" ")),
        },
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues | ErrorKind::NoEquals => {
            FlagError::MissingValue(flag_name(&arg))
        }
        ErrorKind::MissingRequiredArgument => FlagError::MissingArgument(arg),
        ErrorKind::MissingSubcommand => FlagError::MissingArgument(arg),
        ErrorKind::ArgumentConflict => match context(error, ContextKind::PriorArg) {
            Some(other) => FlagError::Conflict(flag_name(&arg), flag_name(&other)),
            None => FlagError::Other(args.join(" ")),
        },
        _ => FlagError::Other(args.join(" ")),
    }
}

/// The matches of `args` (the program's name first), or the exit after
/// help, the version, or an error said in `lang`.
pub fn matches_or_exit(
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

/// The client's flags from `args` (the program's name first), or the
/// exit after help, the version or a flag it cannot use (said in the
/// language `--lang` asks for, else `env_lang`).
pub fn flags(args: &[String], env_lang: Lang, announcer: &Announcer) -> Result<Flags, ExitCode> {
    let lang = lang_named(args).unwrap_or(env_lang);
    let matches = matches_or_exit(command(lang, announcer), args, lang, announcer)?;
    let cli = Cli::from_arg_matches(&matches).map_err(|e| {
        refuse(
            &flag_error(&e, args.get(1..).unwrap_or_default()),
            lang,
            announcer,
        )
    })?;
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
    Ok(Flags {
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
    })
}

/// `annabella hear`: the language from `--lang`, else the settings
/// file's, else the environment's; `args` are the words after
/// `annabella`.
pub fn hear(args: &[String], env_lang: Lang, announcer: &Announcer) -> ExitCode {
    let flag_lang = lang_named(args).unwrap_or(env_lang);
    let matches = match matches_or_exit(
        hear_command(flag_lang, announcer),
        args,
        flag_lang,
        announcer,
    ) {
        Ok(matches) => matches,
        Err(code) => return code,
    };
    let cli = match HearCli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return refuse(&flag_error(&e, args), flag_lang, announcer),
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
    let args = super::hear::HearArgs {
        file: cli.file,
        fen: cli.fen,
        lang,
        chess960: cli.chess960,
    };
    super::hear::hear(&args, announcer)
}
