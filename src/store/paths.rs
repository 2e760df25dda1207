//! Where the store keeps its files: the data directory (the autosave
//! and the games saved by name) and the settings file, from the
//! platform's conventions (XDG on Linux) unless `--data-dir` or
//! `--config` point elsewhere.

use std::path::{Path, PathBuf};

use directories::ProjectDirs;

use super::token::token_path;

/// The autosave's file name in the data directory.
const AUTOSAVE: &str = "current.json";
const TRAINING: &str = "training.json";
/// The folder of the games saved by name, in the data directory.
const GAMES: &str = "games";
/// The settings file's name in the platform's config directory.
const SETTINGS: &str = "settings.toml";
/// The extension of a saved game.
pub const GAME_EXTENSION: &str = "json";
/// The longest name a saved game may have, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// The places of the store's files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paths {
    /// The data directory: the autosave and the `games` folder.
    pub data_dir: PathBuf,
    /// The settings file.
    pub config_file: PathBuf,
}

/// Why the store has no place for its files.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NoPlace {
    /// The platform names no home directory, and no override was given.
    NoHome,
}

impl Paths {
    /// The places as given.
    pub fn new(data_dir: PathBuf, config_file: PathBuf) -> Paths {
        Paths {
            data_dir,
            config_file,
        }
    }

    /// The platform's places for annabella (on Linux
    /// `~/.local/share/annabella` and `~/.config/annabella/settings.toml`),
    /// each replaced by its override when one is given (`--data-dir`,
    /// `--config`).
    ///
    /// ```
    /// use std::path::PathBuf;
    /// use annabella::store::paths::Paths;
    /// let paths = Paths::platform(Some("d".into()), Some("s.toml".into())).unwrap();
    /// assert_eq!(paths, Paths::new(PathBuf::from("d"), PathBuf::from("s.toml")));
    /// ```
    pub fn platform(
        data_dir: Option<PathBuf>,
        config_file: Option<PathBuf>,
    ) -> Result<Paths, NoPlace> {
        // The platform is asked only for what is not overridden, so both
        // flags work on a machine without a home directory.
        let dirs = || ProjectDirs::from("", "", "annabella").ok_or(NoPlace::NoHome);
        let data_dir = match data_dir {
            Some(dir) => dir,
            None => dirs()?.data_dir().to_path_buf(),
        };
        let config_file = match config_file {
            Some(file) => file,
            None => dirs()?.config_dir().join(SETTINGS),
        };
        Ok(Paths::new(data_dir, config_file))
    }

    /// The autosave: the game in progress, `current.json` in the data
    /// directory.
    pub fn autosave(&self) -> PathBuf {
        self.data_dir.join(AUTOSAVE)
    }

    /// The journal of the game in progress, `current.journal` beside
    /// the autosave: the changes since the autosave was last written
    /// whole.
    pub fn journal(&self) -> PathBuf {
        self.autosave().with_extension("journal")
    }

    /// The drills' statistics, `training.json` in the data directory.
    pub fn training(&self) -> PathBuf {
        self.data_dir.join(TRAINING)
    }

    /// The player's lichess token, `lichess-token` beside the settings
    /// file (see [`token_path`]).
    pub fn lichess_token(&self) -> PathBuf {
        token_path(&self.config_file)
    }

    /// The folder of the games saved by name.
    pub fn games_dir(&self) -> PathBuf {
        self.data_dir.join(GAMES)
    }

    /// The file of the game saved as `name` (`games/NAME.json`), the name
    /// folded to lower case.
    ///
    /// ```
    /// use annabella::store::paths::Paths;
    /// let paths = Paths::new("d".into(), "s.toml".into());
    /// let file = paths.named_game("Sicilian-2").unwrap();
    /// assert!(file.ends_with("games/sicilian-2.json"));
    /// assert!(paths.named_game("../etc/passwd").is_err());
    /// ```
    pub fn named_game(&self, name: &str) -> Result<PathBuf, BadName> {
        let name = GameName::new(name)?;
        Ok(self.games_dir().join(name.file_name()))
    }
}

/// A valid name of a saved game: letters, digits, `-` and `_`, at most
/// [`MAX_NAME_CHARS`] characters, in lower case.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GameName(String);

/// Why a name cannot name a saved game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadName {
    /// The name as given.
    pub name: String,
    /// What is wrong with it.
    pub problem: NameProblem,
}

/// What is wrong with a name of a saved game: an event's value, since
/// the player is told which.
pub use crate::event::NameProblem;

/// Names Windows keeps for devices, with any extension.
const RESERVED: &[&str] = &["con", "prn", "aux", "nul"];

impl GameName {
    /// Checks and folds a name.
    ///
    /// ```
    /// use annabella::store::paths::{GameName, NameProblem};
    /// assert_eq!(GameName::new("Tõnu_1").unwrap().as_str(), "tõnu_1");
    /// assert_eq!(GameName::new("a b").unwrap_err().problem, NameProblem::BadChar(' '));
    /// ```
    pub fn new(name: &str) -> Result<GameName, BadName> {
        let bad = |problem| BadName {
            name: name.to_string(),
            problem,
        };
        if name.is_empty() {
            return Err(bad(NameProblem::Empty));
        }
        if let Some(c) = name
            .chars()
            .find(|&c| !(c.is_alphanumeric() || c == '-' || c == '_'))
        {
            return Err(bad(NameProblem::BadChar(c)));
        }
        let folded = name.to_lowercase();
        // Counted after folding: a few letters grow when lowered.
        if folded.chars().count() > MAX_NAME_CHARS {
            return Err(bad(NameProblem::TooLong {
                max: MAX_NAME_CHARS,
            }));
        }
        if is_reserved(&folded) {
            return Err(bad(NameProblem::Reserved));
        }
        Ok(GameName(folded))
    }

    /// The name a saved game's file has (`games/NAME.json`): the name of
    /// that file if it is one, else `None`.
    pub fn from_file(path: &Path) -> Option<GameName> {
        if path.extension()? != GAME_EXTENSION {
            return None;
        }
        let stem = path.file_stem()?.to_str()?;
        let name = GameName::new(stem).ok()?;
        // A name typed in capitals by hand is not a file `load` finds.
        (name.0 == stem).then_some(name)
    }

    /// The folded name.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The file name of the game saved under this name.
    pub fn file_name(&self) -> String {
        format!("{}.{GAME_EXTENSION}", self.0)
    }
}

fn is_reserved(folded: &str) -> bool {
    if RESERVED.contains(&folded) {
        return true;
    }
    let numbered = |prefix: &str| {
        folded.strip_prefix(prefix).is_some_and(|rest| {
            rest.len() == 1 && rest.chars().all(|c| c.is_ascii_digit() && c != '0')
        })
    };
    numbered("com") || numbered("lpt")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_fold_and_are_checked() {
        assert_eq!(
            GameName::new("Ruy_Lopez-3").unwrap().as_str(),
            "ruy_lopez-3"
        );
        assert_eq!(GameName::new("Schäfer").unwrap().as_str(), "schäfer");
        let problem = |name: &str| GameName::new(name).unwrap_err().problem;
        assert_eq!(problem(""), NameProblem::Empty);
        assert_eq!(problem("a.b"), NameProblem::BadChar('.'));
        assert_eq!(problem("../x"), NameProblem::BadChar('.'));
        assert_eq!(problem("a/b"), NameProblem::BadChar('/'));
        assert_eq!(problem("a\\b"), NameProblem::BadChar('\\'));
        assert_eq!(problem("a\0"), NameProblem::BadChar('\0'));
        assert_eq!(problem("CON"), NameProblem::Reserved);
        assert_eq!(problem("lpt7"), NameProblem::Reserved);
        assert!(GameName::new("com0").is_ok());
        assert!(GameName::new("console").is_ok());
        assert!(GameName::new(&"x".repeat(MAX_NAME_CHARS)).is_ok());
        let too_long = NameProblem::TooLong {
            max: MAX_NAME_CHARS,
        };
        assert_eq!(problem(&"x".repeat(MAX_NAME_CHARS + 1)), too_long);
        // 'İ' lowers to two characters: the folded name is what counts.
        assert_eq!(problem(&"İ".repeat(MAX_NAME_CHARS)), too_long);
    }

    #[test]
    fn files_of_named_games() {
        let paths = Paths::new("data".into(), "settings.toml".into());
        assert_eq!(paths.autosave(), Path::new("data/current.json"));
        assert_eq!(paths.lichess_token(), Path::new("lichess-token"));
        let nested = Paths::new("d".into(), "conf/settings.toml".into());
        assert_eq!(nested.lichess_token(), Path::new("conf/lichess-token"));
        assert_eq!(
            paths.named_game("Mine").unwrap(),
            Path::new("data/games/mine.json")
        );
        let name = |file: &str| GameName::from_file(Path::new(file)).map(|n| n.0);
        assert_eq!(name("games/mine.json"), Some("mine".to_string()));
        assert_eq!(name("games/Mine.json"), None);
        assert_eq!(name("games/mine.json.broken-20240101-000000"), None);
        assert_eq!(name("games/.mine.json.tmp"), None);
        assert_eq!(name("games/mine.txt"), None);
    }

    #[test]
    fn overrides_win_over_the_platform() {
        let both = Paths::platform(Some("d".into()), Some("c.toml".into()));
        assert_eq!(both, Ok(Paths::new("d".into(), "c.toml".into())));
        // With a home directory (there is one where the tests run), the
        // defaults are annabella's own folders.
        if let Ok(paths) = Paths::platform(None, None) {
            assert!(paths.data_dir.ends_with("annabella"));
            assert!(paths.config_file.ends_with("annabella/settings.toml"));
        }
    }
}
