//! The start: from what the command line asks for to a session, its
//! store, the lichess token and what is said first, with the outputs
//! (text, speech, sound) and the line source opened; then the loop. The
//! binary only reads the flags into [`Flags`].

use std::io::{self, BufWriter};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::SystemTime;

use crate::announce::Announcer;
use crate::engine::client::{External, ExternalSpec, START_TIMEOUT};
use crate::engine::level::level_for_elo;
use crate::event::{EngineEvent, Event, Keeping, OnlineEvent, RecordEvent, Subscriber};
use crate::input::{FlagError, parse_chess960};
use crate::io::audio::SoundSink;
use crate::io::speech::{self, SpeechSink};
use crate::io::{self as aio, LineSource, PlainLines, ScreenText, Terminal, TextSink};
use crate::net::Token;
use crate::rules::{Chess960Start, Game, SetupError};
use crate::session::{KeptGame, Resumption, Session, Start as SessionStart, TokenFrom};
use crate::settings::{
    Key, Lang, Level, OpponentChoice, Setting, SettingError, Settings, SpeechMode,
};
use crate::store::stats::load_stats;
use crate::store::token::{self, TokenError, TokenSource};
use crate::store::{
    Aside, DataLock, Keeper, Kept, NotHeld, Nowhere, Paths, SettingsFile, Store, Trouble,
};

use super::{Begin, Network};

/// What the command line asks for, as the binary read it.
#[derive(Clone, Debug)]
pub struct Flags {
    /// The UI language the environment names (`LC_ALL`, `LC_MESSAGES`,
    /// `LANG`), before the settings file and the flags.
    pub env_lang: Lang,
    /// The settings given as flags (`--style san`), in force for this
    /// run only.
    pub settings: Vec<Setting>,
    /// `--fen`: the start position.
    pub fen: Option<String>,
    /// `--chess960 N|random`.
    pub chess960: Option<String>,
    /// `--engine PATH`: an external UCI engine.
    pub engine: Option<String>,
    /// `--engine-option NAME=VALUE`, as given.
    pub engine_options: Vec<String>,
    /// `--elo N`: the engine's strength.
    pub elo: Option<u32>,
    /// `--seed N`.
    pub seed: Option<u64>,
    /// `--data-dir DIR`.
    pub data_dir: Option<PathBuf>,
    /// `--config FILE`.
    pub config: Option<PathBuf>,
    /// `--resume`: go on with the kept game at once.
    pub resume: bool,
    /// `--new`: set the kept game aside and start anew.
    pub new: bool,
    /// `--listen-from FILE.wav`: a recording is the microphone (listening
    /// is on).
    pub listen_from: Option<PathBuf>,
}

impl Flags {
    /// Whether `--level` was given.
    fn level_given(&self) -> bool {
        self.settings.iter().any(|s| s.key() == Key::Level)
    }
}

/// Starts annabella as the flags ask: the exit status when it ends
/// (2 when a flag cannot be used, said on standard error).
pub fn start(flags: &Flags, announcer: &Announcer) -> ExitCode {
    let interactive = aio::interactive();
    let now = SystemTime::now();
    let (store, mut notes) = open_store(flags, now);
    let (mut settings, file_notes) =
        settings_from(flags, interactive, store.as_ref().map(|(_, file)| file));
    notes.extend(file_notes);
    let engine = match engine_from(flags, &mut settings) {
        Ok(engine) => engine.and_then(|spec| engine_started(spec, &mut notes)),
        Err(why) => return refuse(&why, settings.lang, announcer),
    };
    let mut session = Session::new(Game::new(), settings.clone());
    session.set_seed(flags.seed.unwrap_or_else(aio::now_seed));
    session.set_date(aio::today());
    session.set_engine(engine);
    let chess960 = match game_from(flags, &mut session) {
        Ok((game, chess960)) => {
            session.set_game(game);
            chess960
        }
        Err(why) => return refuse(&why, settings.lang, announcer),
    };
    let network = network_from(store.as_ref().map(|(paths, _)| paths), &mut notes);
    let names = announcer.game_names(settings.lang);
    let (mut keeper, kept) =
        keeper_from(store, flags, &mut session, interactive, &mut notes, &names);
    let token = network.token.as_ref().map(|_| match network.env_token {
        Some(_) => TokenFrom::Environment,
        None => TokenFrom::File,
    });
    let begin = Begin {
        prompt: interactive,
        network,
        start: SessionStart {
            greet: interactive,
            chess960,
            kept,
            token,
        },
        notes,
        // Both made with the outputs, in `run`.
        screen: None,
        hush: speech::Hush::default(),
        listen_from: flags.listen_from.clone(),
        gate: crate::io::gate::Gate::default(),
        braille: crate::io::braille::DisplayLink::new(),
    };
    run(&mut session, announcer, &settings, begin, keeper.as_mut())
}

/// Says what is wrong with the flags on standard error, in the UI
/// language: exit status 2, as the flag parser's own.
pub fn refuse(why: &FlagError, lang: Lang, announcer: &Announcer) -> ExitCode {
    for line in announcer.flag_error(lang, why) {
        eprintln!("{line}");
    }
    ExitCode::from(2)
}

/// The settings of this run: the defaults and the environment, then the
/// settings file, then the flags (which change the file not at all);
/// with what the file said that could not be used.
fn settings_from(
    flags: &Flags,
    interactive: bool,
    file: Option<&SettingsFile>,
) -> (Settings, Vec<Event>) {
    let mut settings = Settings {
        lang: flags.env_lang,
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
    for setting in &flags.settings {
        settings.apply(setting.clone());
    }
    (settings, notes)
}

/// The external engine the flags ask for, and the level an `--elo` without
/// `--level` means; or what is wrong with them.
fn engine_from(flags: &Flags, settings: &mut Settings) -> Result<Option<ExternalSpec>, FlagError> {
    let mut options = Vec::new();
    for item in &flags.engine_options {
        match item.split_once('=') {
            Some((name, value)) if !name.trim().is_empty() => {
                options.push((name.trim().to_string(), value.trim().to_string()))
            }
            _ => return Err(FlagError::EngineOption(item.clone())),
        }
    }
    // Between two people an external engine only analyses (`review`):
    // it plays when the opponent is set to the engine.
    if let (Some(elo), false, OpponentChoice::Engine) =
        (flags.elo, flags.level_given(), settings.opponent)
    {
        settings.level = Level(level_for_elo(elo));
    }
    Ok(flags.engine.as_ref().map(|command| ExternalSpec {
        command: command.clone(),
        options,
        elo: flags.elo,
    }))
}

/// The external engine, if it starts and answers the UCI handshake now;
/// else why not, said among the notes before the game begins (the
/// built-in engine plays instead), not after the person's first move.
fn engine_started(spec: ExternalSpec, notes: &mut Vec<Event>) -> Option<ExternalSpec> {
    match External::start(&spec, START_TIMEOUT) {
        Ok(checked) => {
            // An option the engine does not have is said, not dropped
            // silently; the engine plays without it.
            for name in &checked.unknown {
                notes.push(EngineEvent::UnknownOption(name.clone()).into());
            }
            Some(spec)
        }
        Err(failure) => {
            notes.push(EngineEvent::Failed(failure).into());
            None
        }
    }
}

/// The game the flags ask for (`--fen`, `--chess960`), or why it cannot be.
/// The game to start with, and whether it is a Chess960 start (then
/// where its pieces stand is said even to a script).
fn game_from(flags: &Flags, session: &mut Session) -> Result<(Game, bool), FlagError> {
    let (result, text, chess960) = match (&flags.fen, &flags.chess960) {
        (Some(fen), _) => (Game::from_fen(fen), fen, false),
        (None, Some(n)) => {
            let start = parse_chess960(n);
            let game = match start {
                Some(Chess960Start::Number(n)) => Game::chess960(n),
                Some(Chess960Start::Random) => Game::chess960(session.random_chess960()),
                None => Err(SetupError::Chess960Number),
            };
            (game, n, true)
        }
        (None, None) => return Ok((Game::new(), false)),
    };
    let text = text.clone();
    result
        .map(|game| (game, chess960))
        .map_err(|error| match error {
            SetupError::BadFen => FlagError::NotFen(text),
            SetupError::IllegalPosition => FlagError::IllegalPosition(text),
            SetupError::Chess960Number => FlagError::Chess960Number(text),
        })
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
                    TokenError::Unreadable { reason } => OnlineEvent::TokenUnreadable(reason),
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
fn open_store(flags: &Flags, now: SystemTime) -> (Option<(Paths, SettingsFile)>, Vec<Event>) {
    let Ok(paths) = Paths::platform(flags.data_dir.clone(), flags.config.clone()) else {
        return (None, Vec::new());
    };
    let (file, aside) = SettingsFile::load_or_move_aside(&paths.config_file, now);
    let notes = aside.map(aside_note).into_iter().collect();
    (Some((paths, file)), notes)
}

/// What is said of a broken file.
fn aside_note(aside: Aside) -> Event {
    let (broken, to) = match aside {
        Aside::Moved { broken, to } => (broken, Some(to)),
        Aside::Stuck { broken, .. } => (broken, None),
    };
    // A file moved aside is said with where it went; one left where it
    // is is called broken only when its content is, else the reason in
    // words (not a folder, permission, …).
    let trouble = match (to, broken.trouble()) {
        (Some(to), _) => Trouble::Broken(Some(to)),
        (None, Trouble::Broken(_)) => Trouble::Broken(None),
        (None, reason) => reason,
    };
    RecordEvent::Failed {
        path: broken.path,
        trouble,
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
    flags: &Flags,
    session: &mut Session,
    interactive: bool,
    notes: &mut Vec<Event>,
    names: &[String; 2],
) -> (Box<dyn Keeper>, Option<KeptGame>) {
    let Some((paths, file)) = store else {
        return (Box::new(Nowhere), None);
    };
    let now = SystemTime::now();
    // Taken before anything in the folder is read or moved aside.
    let lock = match DataLock::take(&paths.data_dir) {
        Ok(lock) => Some(lock),
        Err(NotHeld::InUse) => {
            notes.push(RecordEvent::Keeping(Keeping::DataDirInUse(paths.data_dir.clone())).into());
            return (Box::new(Nowhere), None);
        }
        // The store meets the same fault at its first write and says it.
        Err(NotHeld::Unreachable(_)) => None,
    };
    session.set_settings_file(file.path().to_path_buf());
    let (stats, aside) = load_stats(&paths.training(), now);
    session.set_stats(stats);
    notes.extend(aside.map(aside_note));
    let mut store = Store::new(paths, file);
    if let Some(lock) = lock {
        store.hold(lock);
    }
    store.name_games(&names[0], &names[1]);
    let kept = kept_game(flags, &mut store, interactive, now, notes);
    (Box::new(store), kept)
}

/// The unfinished game kept by the last run, and what becomes of it:
/// resumed with `--resume`, offered to a person, else set aside; what
/// the store found otherwise is said among the notes.
fn kept_game(
    flags: &Flags,
    store: &mut Store,
    interactive: bool,
    now: SystemTime,
    notes: &mut Vec<Event>,
) -> Option<KeptGame> {
    let kept = |game, resumption| Some(KeptGame { game, resumption });
    let found = store.kept(now);
    if store.torn() {
        notes.push(RecordEvent::TornJournal.into());
    }
    match found {
        Kept::Unfinished(saved) if flags.resume => kept(saved, Resumption::Resume),
        Kept::Unfinished(saved) if interactive && !flags.new => kept(saved, Resumption::Offer),
        Kept::Unfinished(saved) => kept(saved, Resumption::SetAside),
        Kept::PutAside(name) => {
            // Said where it went, as a game set aside by the session is.
            notes.push(RecordEvent::KeptAside(name).into());
            if flags.resume {
                notes.push(RecordEvent::NothingToResume.into());
            }
            None
        }
        Kept::Nothing if flags.resume => {
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
/// nothing before its first line, except the line of a Chess960 start
/// (its number and where the pieces stand), which nothing else would
/// tell it.
fn run(
    session: &mut Session,
    announcer: &Announcer,
    settings: &Settings,
    begin: Begin,
    keeper: &mut dyn Keeper,
) -> ExitCode {
    let mut begin = begin;
    let interactive = begin.prompt;
    let mut speech = SpeechSink::new(announcer, io::stdout(), speech::platform_backend());
    begin.hush = speech.hush();
    speech.set_gate(begin.gate.clone());
    let source: Box<dyn LineSource + Send> = match interactive.then(Terminal::new) {
        Some(Ok(mut terminal)) => {
            begin.screen = terminal.screen();
            let hush = speech.hush();
            terminal.on_ctrl_c(move || hush.now());
            Box::new(terminal)
        }
        _ => Box::new(PlainLines::new(io::stdin())),
    };
    // At a terminal the text goes above the prompt while a line is typed.
    let out: Box<dyn io::Write> = match &begin.screen {
        Some(screen) => Box::new(ScreenText::new(screen.clone())),
        // Buffered: the answers to a batch of lines go out in one write.
        None => Box::new(BufWriter::new(io::stdout())),
    };
    // Unlocked: speech and sound write their notices to stdout as well.
    let mut text = TextSink::new(out, announcer);
    let mut sound = SoundSink::new(announcer, io::stdout(), None);
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
    let mut braille = crate::io::braille::BrailleSink::new(begin.braille.clone(), announcer);
    let mut subscribers: [&mut dyn Subscriber; 4] =
        [&mut text, &mut speech, &mut sound, &mut braille];
    let ran = super::run(session, announcer, source, &mut subscribers, keeper, begin);
    // The last answer (often "Goodbye") is still being said.
    speech.finish(speech::FINISH_TIMEOUT);
    sound.finish(std::time::Duration::from_secs(1));
    match ran {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe downstream is the reader's choice, not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let reason = crate::event::IoReason::of(&e);
            eprintln!("{}", announcer.output_failed(settings.lang, reason));
            ExitCode::FAILURE
        }
    }
}
