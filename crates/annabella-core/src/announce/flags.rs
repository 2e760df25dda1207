//! The command line's errors ([`FlagError`]) in the UI language the
//! command line names, frame and all: the binary says them on standard
//! error instead of the flag parser's English.

use super::{Announcer, Phrasing, s};
use crate::input::FlagError;
use crate::settings::{Key, Lang, Style, Verbosity};

impl Announcer {
    /// What is wrong with the command line, and the way to the list of
    /// flags: the lines to say, each a sentence of `lang`.
    pub fn flag_error(&self, lang: Lang, error: &FlagError) -> Vec<String> {
        let m = |id: &str, args: &[(&str, &str)]| {
            let args: Vec<_> = args.iter().map(|(k, v)| (*k, s(v.to_string()))).collect();
            self.message(lang, id, &args)
        };
        let flag = |key: Key| format!("--{}", key.word(Lang::En));
        let line = match error {
            FlagError::BadSetting { key, value } => {
                let p = Phrasing {
                    lang,
                    style: Style::Fide,
                    verbosity: Verbosity::Normal,
                };
                let allowed = self.allowed(p, &key.allowed());
                m(
                    "bad-value",
                    &[
                        ("key", &flag(*key)),
                        ("value", value),
                        ("allowed", &allowed),
                    ],
                )
            }
            FlagError::BadTime { error, .. } => {
                let why = self.time_control_error(lang, error);
                m(
                    "flag-bad-time",
                    &[("flag", &flag(Key::Time)), ("why", &why)],
                )
            }
            FlagError::NotANumber { flag, value } => {
                m("flag-not-a-number", &[("flag", flag), ("value", value)])
            }
            FlagError::UnknownFlag {
                flag,
                suggestion: None,
            } => m("flag-unknown", &[("flag", flag)]),
            FlagError::UnknownFlag {
                flag,
                suggestion: Some(near),
            } => m(
                "flag-unknown-suggest",
                &[("flag", flag), ("suggestion", near)],
            ),
            FlagError::Stray(word) => m("flag-stray", &[("word", word)]),
            FlagError::MissingValue(flag) => m("flag-missing-value", &[("flag", flag)]),
            FlagError::MissingArgument(what) => m("flag-missing-argument", &[("what", what)]),
            FlagError::Conflict(flag, other) => {
                m("flag-conflict", &[("flag", flag), ("other", other)])
            }
            FlagError::NotFen(value) => m("flag-not-fen", &[("value", value)]),
            FlagError::IllegalPosition(value) => m("flag-illegal-position", &[("value", value)]),
            FlagError::Chess960Number(value) => m("chess960-number", &[("value", value)]),
            FlagError::EngineOption(value) => m("flag-engine-option", &[("value", value)]),
            FlagError::NotOneOf {
                flag,
                value,
                allowed,
            } => m(
                "flag-not-one-of",
                &[
                    ("flag", flag),
                    ("value", value),
                    ("allowed", &allowed.join(", ")),
                ],
            ),
            FlagError::Other(args) => m("flag-other", &[("args", args)]),
        };
        vec![format!("annabella: {line}"), m("flag-help", &[])]
    }
}
