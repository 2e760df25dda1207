//! The words of the command line's help and of the man page, as message
//! ids: the binary builds `--help`, `annabella(1)` and the completions
//! with clap, and takes every word of them from here through
//! [`super::Announcer::message`], so that they are in the UI language
//! and kept with the other messages.

/// The help of the client's own flags (not the settings' flags, whose
/// help is the setting's), by the flag's id (its field's name,
/// `data_dir` for `--data-dir`); `help` and `version` too.
pub const FLAG_HELP: &[(&str, &str)] = &[
    ("fen", "opt-fen"),
    ("chess960", "opt-chess960"),
    ("engine", "opt-engine"),
    ("engine_option", "opt-engine-option"),
    ("elo", "opt-elo"),
    ("seed", "opt-seed"),
    ("data_dir", "opt-data-dir"),
    ("config", "opt-config"),
    ("resume", "opt-resume"),
    ("new", "opt-new"),
    ("listen_from", "opt-listen-from"),
    ("help", "opt-help"),
    ("version", "opt-version"),
];

/// The help of `annabella hear`'s arguments, by id, as
/// [`FLAG_HELP`].
pub const HEAR_HELP: &[(&str, &str)] = &[
    ("file", "hear-file"),
    ("fen", "hear-fen"),
    ("lang", "hear-lang"),
    ("chess960", "hear-chess960"),
    ("data_dir", "hear-data-dir"),
    ("config", "hear-config"),
    ("help", "opt-help"),
    ("version", "opt-version"),
];

/// A setting's flag: its help, values and default (`about`, `allowed`,
/// `default`).
pub const SETTING_FLAG: &str = "opt-setting";

/// What the client is, short (`-h`, the man page's name line) and long
/// (`--help`, its description).
pub const ABOUT: (&str, &str) = ("cli-about", "cli-long-about");

/// What `annabella hear` is, short and long.
pub const HEAR_ABOUT: (&str, &str) = ("hear-about", "hear-long-about");

/// What `annabella uci` is.
pub const UCI_ABOUT: &str = "uci-about";

/// `annabella generate`, its two words and their arguments.
pub const GENERATE: Generate = Generate {
    about: "generate-about",
    man: "generate-man",
    man_lang: "generate-man-lang",
    completions: "generate-completions",
    shell: "generate-shell",
};

/// The message ids of `annabella generate`'s help.
#[derive(Copy, Clone, Debug)]
pub struct Generate {
    /// The command.
    pub about: &'static str,
    /// `man`.
    pub man: &'static str,
    /// `man --lang`.
    pub man_lang: &'static str,
    /// `completions`.
    pub completions: &'static str,
    /// `completions SHELL`.
    pub shell: &'static str,
}

/// The man page's own words.
#[derive(Copy, Clone, Debug)]
pub struct Page {
    /// The manual it belongs to (the centre of the page's header).
    pub manual: &'static str,
    /// The headings of clap's sections, in its order: name, synopsis,
    /// description, options.
    pub clap_headings: [&'static str; 4],
    /// The heading of `hear`, `uci` and `generate`.
    pub subcommands: &'static str,
    /// The heading of the commands and the sentence under it.
    pub commands: (&'static str, &'static str),
    /// The heading of the settings and the sentence under it.
    pub settings: (&'static str, &'static str),
    /// The heading of the files and each file with its message.
    pub files: (&'static str, &'static [(&'static str, &'static str)]),
    /// The heading of the environment and each variable with its message.
    pub environment: (&'static str, &'static [(&'static str, &'static str)]),
    /// The heading of the exit statuses and each with its message.
    pub exit_status: (&'static str, &'static [(&'static str, &'static str)]),
    /// The heading of the examples and each command line with its message.
    pub examples: (&'static str, &'static [(&'static str, &'static str)]),
    /// The heading of the other pages, and where the README is.
    pub see_also: (&'static str, &'static str),
}

/// The man page `annabella(1)`.
pub const PAGE: Page = Page {
    manual: "man-manual",
    clap_headings: ["man-name", "man-synopsis", "man-description", "man-options"],
    subcommands: "man-subcommands",
    commands: ("man-commands", "man-commands-intro"),
    settings: ("man-settings", "man-settings-intro"),
    files: (
        "man-files",
        &[
            ("~/.config/annabella/settings.toml", "man-file-settings"),
            ("~/.config/annabella/lichess-token", "man-file-token"),
            ("~/.local/share/annabella/current.json", "man-file-current"),
            ("~/.local/share/annabella/games/", "man-file-games"),
            ("~/.local/share/annabella/voice/", "man-file-voice"),
            ("/usr/share/annabella/voice-models", "man-file-voice-models"),
        ],
    ),
    environment: (
        "man-environment",
        &[
            ("LC_ALL, LC_MESSAGES, LANG", "man-env-lang"),
            ("XDG_CONFIG_HOME, XDG_DATA_HOME", "man-env-xdg"),
            ("NO_COLOR", "man-env-no-color"),
            ("LICHESS_TOKEN", "man-env-token"),
            ("BRLAPI_HOST, BRLAPI_AUTH", "man-env-brlapi"),
            ("LOUIS_TABLEPATH", "man-env-louis"),
            ("SPEECHD_ADDRESS", "man-env-speechd"),
            ("ANNABELLA_VOICE_MODELS", "man-env-voice"),
        ],
    ),
    exit_status: (
        "man-exit-status",
        &[
            ("0", "man-exit-0"),
            ("1", "man-exit-1"),
            ("2", "man-exit-2"),
        ],
    ),
    examples: (
        "man-examples",
        &[
            ("annabella", "man-example-start"),
            (
                "annabella --lang de --time 15+10",
                "man-example-german-clock",
            ),
            (
                "annabella --engine /usr/games/stockfish --elo 1500",
                "man-example-stockfish",
            ),
            ("annabella --opponent human", "man-example-human"),
            (
                "annabella --speech screenreader --width 40",
                "man-example-screenreader",
            ),
            (
                "printf 'e4\\nboard\\nquit\\n' | annabella --new",
                "man-example-pipe",
            ),
            ("annabella hear move.wav", "man-example-hear"),
        ],
    ),
    see_also: ("man-see-also", "man-see-also-readme"),
};
