//! The `annabella` binary: it hands `annabella uci` to the UCI server,
//! `annabella hear` and `annabella generate` to their own commands, and
//! otherwise reads the flags ([`annabella::app::cli`]) and starts the
//! app ([`annabella::app::start`]).

use std::io;
use std::process::ExitCode;

use annabella::announce::Announcer;
use annabella::app::start::start;
use annabella::app::{cli, generate};
use annabella::settings::Lang;

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
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("hear") => cli::hear(&args[1..], env_lang, &announcer),
        Some("generate") => generate::generate(&args[1..], env_lang, &announcer),
        _ => match cli::flags(&args, env_lang, &announcer) {
            Ok(flags) => start(&flags, &announcer),
            Err(code) => code,
        },
    }
}
