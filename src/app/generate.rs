//! `annabella generate man [--lang de|en|et]` and `annabella generate
//! completions SHELL`: the man page and the shell completions, written to
//! standard output, as ripgrep's `rg --generate` does. Both are made from
//! the commands of [`super::cli`] and from the command and settings
//! tables, in the words of the locales, so that nothing is written twice
//! and a new flag, command or setting is in them the day it is added.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Arg, Command};
use clap_complete::Shell;
use clap_mangen::Man;
use clap_mangen::roff::{Roff, bold, roman};

use super::cli::{self, RELEASED, VERSION};
use crate::announce::Announcer;
use crate::announce::manual::{self, PAGE};
use crate::input::FlagError;
use crate::input::commands::COMMANDS;
use crate::input::lang_named;
use crate::lang::Words;
use crate::settings::{Key, Lang, Settings};

/// `annabella generate`'s command, its help in `lang`.
pub fn command(lang: Lang, announcer: &Announcer) -> Command {
    let m = |id: &str| announcer.message(lang, id, &[]);
    let words = manual::GENERATE;
    let man = Command::new("man").about(m(words.man)).arg(
        Arg::new("lang")
            .long("lang")
            .value_name("de|en|et")
            .value_parser(Lang::ALL.map(Lang::code))
            .help(m(words.man_lang)),
    );
    let completions = Command::new("completions").about(m(words.completions)).arg(
        Arg::new("shell")
            .value_name("SHELL")
            .required(true)
            .value_parser(clap::value_parser!(Shell))
            .help(m(words.shell)),
    );
    Command::new("generate")
        .bin_name("annabella generate")
        .about(m(words.about))
        .subcommand_required(true)
        .arg_required_else_help(true)
        .disable_help_subcommand(true)
        .subcommand(man)
        .subcommand(completions)
}

/// Runs `annabella generate`; `args` are the words after `annabella`.
/// The page is in the language of `--lang`, else `env_lang`; the
/// completions' descriptions in `env_lang`.
pub fn generate(args: &[String], env_lang: Lang, announcer: &Announcer) -> ExitCode {
    let lang = lang_named(args).unwrap_or(env_lang);
    let matches = match cli::matches_or_exit(command(lang, announcer), args, lang, announcer) {
        Ok(matches) => matches,
        Err(code) => return code,
    };
    let text = match matches.subcommand() {
        Some(("man", _)) => man(lang, announcer),
        Some(("completions", sub)) => match sub.get_one::<Shell>("shell") {
            Some(shell) => completions(*shell, lang, announcer),
            None => {
                let missing = FlagError::MissingArgument("SHELL".into());
                return super::start::refuse(&missing, lang, announcer);
            }
        },
        _ => {
            let missing = FlagError::MissingArgument("man|completions".into());
            return super::start::refuse(&missing, lang, announcer);
        }
    };
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let reason = crate::event::IoReason::of(&e);
            eprintln!("{}", announcer.output_failed(lang, reason));
            ExitCode::FAILURE
        }
    }
}

/// The completion script for `shell`: every flag, the fixed values of
/// the settings' flags (`--style fide local nato san`), and the words
/// `uci`, `hear` and `generate`.
pub fn completions(shell: Shell, lang: Lang, announcer: &Announcer) -> String {
    let mut command = cli::with_subcommands(lang, announcer);
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut command, "annabella", &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// A section of clap_mangen's with its heading in `lang` and without the
/// preamble every rendering repeats.
fn section(
    render: impl Fn(&mut dyn Write) -> io::Result<()>,
    heading: &str,
    preamble: &str,
) -> String {
    let mut out = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = render(&mut out);
    let text = String::from_utf8_lossy(&out);
    let text = text.strip_prefix(preamble).unwrap_or(&text);
    match text.split_once('\n') {
        Some((first, rest)) if first.starts_with(".SH ") => {
            let mut heading_line = Roff::new();
            heading_line.control("SH", [heading]);
            format!("{}{rest}", heading_line.to_roff())
        }
        _ => text.to_string(),
    }
}

/// The man page `annabella(1)` in `lang`, as roff.
pub fn man(lang: Lang, announcer: &Announcer) -> String {
    let m = |id: &str| announcer.message(lang, id, &[]);
    let command = cli::command(lang, announcer);
    let page = Man::new(command)
        .title("ANNABELLA")
        .section("1")
        .date(RELEASED)
        .source(format!("annabella {VERSION}"))
        .manual(m(PAGE.manual));
    let preamble = Roff::new().render();
    let mut out = String::new();
    let mut title = Vec::new();
    let _ = page.render_title(&mut title);
    out.push_str(&String::from_utf8_lossy(&title));
    let [name, synopsis, description, options] = PAGE.clap_headings.map(m);
    out.push_str(&section(|w| page.render_name_section(w), &name, &preamble));
    out.push_str(&section(
        |w| page.render_synopsis_section(w),
        &synopsis,
        &preamble,
    ));
    out.push_str(&synopsis_more().to_roff());
    out.push_str(&section(
        |w| page.render_description_section(w),
        &description,
        &preamble,
    ));
    out.push_str(&section(
        |w| page.render_options_section(w),
        &options,
        &preamble,
    ));
    out.push_str(&subcommands(lang, announcer, &preamble));
    out.push_str(&commands(lang, announcer).to_roff());
    out.push_str(&settings(lang, announcer).to_roff());
    out.push_str(&closing(lang, announcer).to_roff());
    out
}

/// The synopsis of the three words read before the flags.
fn synopsis_more() -> Roff {
    let mut roff = Roff::new();
    for (word, rest) in [
        (
            "annabella hear",
            " FILE.wav [--fen FEN] [--lang de|en|et] [--chess960]",
        ),
        ("annabella uci", ""),
        (
            "annabella generate",
            " man [--lang de|en|et] | completions SHELL",
        ),
    ] {
        roff.control("br", []);
        roff.text([bold(word), roman(rest)]);
    }
    roff
}

/// `annabella hear`, `uci` and `generate`, with hear's flags.
fn subcommands(lang: Lang, announcer: &Announcer, preamble: &str) -> String {
    let m = |id: &str| announcer.message(lang, id, &[]);
    let mut roff = Roff::new();
    roff.control("SH", [m(PAGE.subcommands).as_str()]);
    roff.control("TP", []);
    roff.text([bold("annabella hear"), roman(" FILE.wav")]);
    roff.text([roman(m(manual::HEAR_ABOUT.1))]);
    let hear = Man::new(cli::hear_command(lang, announcer));
    let hear_flags = section(|w| hear.render_options_section(w), "", preamble);
    // hear's flags go under it, indented, without a heading of their own.
    let hear_flags = hear_flags.split_once('\n').map_or("", |(_, rest)| rest);
    let mut out = roff.to_roff();
    out.push_str(".RS\n");
    out.push_str(hear_flags);
    out.push_str(".RE\n");
    let mut rest = Roff::new();
    rest.control("TP", []);
    rest.text([bold("annabella uci")]);
    rest.text([roman(m(manual::UCI_ABOUT))]);
    rest.control("TP", []);
    rest.text([bold("annabella generate man"), roman(" [--lang de|en|et]")]);
    rest.text([roman(m(manual::GENERATE.man))]);
    rest.control("TP", []);
    rest.text([
        bold("annabella generate completions"),
        roman(" bash|zsh|fish|elvish|powershell"),
    ]);
    rest.text([roman(m(manual::GENERATE.completions))]);
    out.push_str(&rest.to_roff());
    out
}

/// Every command of the command table: its words in the three languages
/// and its help in `lang`.
fn commands(lang: Lang, announcer: &Announcer) -> Roff {
    let m = |id: &str| announcer.message(lang, id, &[]);
    let mut roff = Roff::new();
    let (heading, intro) = PAGE.commands;
    roff.control("SH", [m(heading).as_str()]);
    roff.text([roman(m(intro))]);
    for entry in &COMMANDS {
        entry_with_words(&mut roff, &entry.words, "", m(entry.help));
    }
    roff
}

/// One entry of a table: its English words in bold, its German and
/// Estonian ones and `more` after them, and `text` under it.
fn entry_with_words(roff: &mut Roff, words: &Words, more: &str, text: String) {
    roff.control("TP", []);
    roff.text([
        bold(words.en.join(", ")),
        roman(format!(
            " (de: {}; et: {}{more})",
            words.de.join(", "),
            words.et.join(", ")
        )),
    ]);
    roff.text([roman(text)]);
}

/// Every setting of the settings table: its key words in the three
/// languages, what it does, its values and its flag.
fn settings(lang: Lang, announcer: &Announcer) -> Roff {
    let m = |id: &str| announcer.message(lang, id, &[]);
    let mut roff = Roff::new();
    let (heading, intro) = PAGE.settings;
    roff.control("SH", [m(heading).as_str()]);
    roff.text([roman(m(intro))]);
    let defaults = Settings::default();
    for key in Key::all() {
        let flag = format!("; --{}", key.word(Lang::En));
        let text = cli::setting_help(key, &defaults, lang, announcer);
        entry_with_words(&mut roff, &key.entry().words, &flag, text);
    }
    roff
}

/// Files, environment, exit status, examples and where to read on.
fn closing(lang: Lang, announcer: &Announcer) -> Roff {
    let m = |id: &str| announcer.message(lang, id, &[]);
    let mut roff = Roff::new();
    let items = |roff: &mut Roff, (heading, items): (&str, &[(&str, &str)])| {
        roff.control("SH", [m(heading).as_str()]);
        for (term, id) in items {
            roff.control("TP", []);
            roff.text([bold(*term)]);
            roff.text([roman(m(id))]);
        }
    };
    items(&mut roff, PAGE.files);
    items(&mut roff, PAGE.environment);
    items(&mut roff, PAGE.exit_status);
    items(&mut roff, PAGE.examples);
    let (heading, readme) = PAGE.see_also;
    roff.control("SH", [m(heading).as_str()]);
    roff.text([roman(SEE_ALSO)]);
    roff.control("PP", []);
    roff.text([roman(m(readme))]);
    roff
}

/// The pages of the programs annabella works with.
const SEE_ALSO: &str =
    "stockfish(6), brltty(1), speech-dispatcher(1), spd-say(1), espeak-ng(1), lou_translate(1)";
