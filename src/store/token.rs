//! Where the player's lichess token is kept: the `LICHESS_TOKEN`
//! environment variable or a file beside the settings, loaded, saved
//! readable by its owner only (written atomically) and deleted. The
//! token itself, and sending it, are the network's
//! ([`crate::net::Token`]); no error here holds what was read.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::atomic::write_atomic;
use crate::event::IoReason;
use crate::net::Token;

/// The token file's name, in the directory of the settings file.
pub const TOKEN_FILE: &str = "lichess-token";

/// Where a token was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenSource {
    /// The `LICHESS_TOKEN` environment variable.
    Environment,
    /// The token file.
    File,
}

/// Why no token could be loaded. Never holds the text that was read, in
/// case it was a token after all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenError {
    /// The token file exists but could not be read.
    Unreadable {
        /// Why the system said no, in kinds the announcer words (never
        /// the system's English).
        reason: IoReason,
    },
    /// The environment value or the file does not hold a token.
    NotAToken(TokenSource),
}

/// For logs and developers; never the text read, in case it was a
/// token. The player hears the announcer's words.
impl std::fmt::Display for TokenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TokenError::Unreadable { reason } => write!(f, "token file unreadable ({reason:?})"),
            TokenError::NotAToken(TokenSource::Environment) => {
                f.write_str("LICHESS_TOKEN does not hold a token")
            }
            TokenError::NotAToken(TokenSource::File) => {
                f.write_str("the token file does not hold a token")
            }
        }
    }
}

impl std::error::Error for TokenError {}

/// The token file for the settings file `config_file`: `lichess-token`
/// in the same directory.
///
/// ```
/// use std::path::Path;
/// use annabella::store::token::token_path;
/// let path = token_path(Path::new("/home/a/.config/annabella/settings.toml"));
/// assert_eq!(path, Path::new("/home/a/.config/annabella/lichess-token"));
/// ```
pub fn token_path(config_file: &Path) -> PathBuf {
    match config_file.parent() {
        Some(dir) => dir.join(TOKEN_FILE),
        None => PathBuf::from(TOKEN_FILE),
    }
}

/// The token to use: the environment's value (`LICHESS_TOKEN`, read by
/// the caller and passed in as `env`) wins over the file at `path`.
/// `Ok(None)` when neither has one: the environment value is unset or
/// blank and the file does not exist.
pub fn load(env: Option<&str>, path: &Path) -> Result<Option<(Token, TokenSource)>, TokenError> {
    // A blank variable is the way to unset it in some shells' scripts;
    // it does not hide the file.
    if let Some(text) = env.filter(|t| !t.trim().is_empty()) {
        return match Token::new(text) {
            Some(token) => Ok(Some((token, TokenSource::Environment))),
            None => Err(TokenError::NotAToken(TokenSource::Environment)),
        };
    }
    match fs::read_to_string(path) {
        Ok(text) => match Token::new(&text) {
            Some(token) => Ok(Some((token, TokenSource::File))),
            None => Err(TokenError::NotAToken(TokenSource::File)),
        },
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
        // Bytes that are not UTF-8 are no token either.
        Err(error) if error.kind() == io::ErrorKind::InvalidData => {
            Err(TokenError::NotAToken(TokenSource::File))
        }
        Err(error) => Err(TokenError::Unreadable {
            reason: IoReason::of(&error),
        }),
    }
}

/// Keeps `token` in the file at `path`, readable and writable by its
/// owner only, replacing any token there. The directory is made if
/// missing. It is written as every kept file is ([`write_atomic`]): to
/// a temporary file beside
/// `path`, created readable by its owner only before the token is in it,
/// flushed to the disk and renamed over `path`, so a crash leaves the old
/// token or the new one, never half of one.
pub fn save(path: &Path, token: &Token) -> io::Result<()> {
    let mut line = String::with_capacity(token.expose().len() + 1);
    line.push_str(token.expose());
    line.push('\n');
    write_atomic(path, line.as_bytes())
}

/// Removes the token file at `path`; `false` when there was none.
pub fn delete(path: &Path) -> io::Result<bool> {
    match fs::remove_file(path) {
        Ok(()) => Ok(true),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(error) => Err(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_shows_nothing_that_was_read() {
        let error = format!("{:?}", TokenError::NotAToken(TokenSource::File));
        assert_eq!(error, "NotAToken(File)");
    }

    #[test]
    fn the_edges_errors_are_std_errors_that_say_what_they_are() {
        use crate::event::IoReason;
        use crate::store::broken::SaveFailed;
        let full = std::io::Error::from(std::io::ErrorKind::StorageFull);
        let mut errors: Vec<Box<dyn std::error::Error>> = vec![
            Box::new(TokenError::NotAToken(TokenSource::Environment)),
            Box::new(TokenError::Unreadable {
                reason: IoReason::Permission,
            }),
            Box::new(SaveFailed::new(Path::new("/data/game.json"), &full)),
        ];
        #[cfg(feature = "voice")]
        {
            use crate::io::voice::whisper::tokens::TokenizerError;
            use crate::io::voice::whisper::{LoadError, ScoreError};
            errors.push(Box::new(LoadError::Broken));
            errors.push(Box::new(LoadError::Unreadable(IoReason::Permission)));
            errors.push(Box::new(ScoreError::Compute));
            errors.push(Box::new(TokenizerError::NoEndOfText));
        }
        let said: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert!(said.iter().all(|s| !s.is_empty()), "{said:?}");
        let distinct: std::collections::BTreeSet<&String> = said.iter().collect();
        assert_eq!(distinct.len(), said.len(), "{said:?}");
        assert!(said[2].contains("/data/game.json"), "{said:?}");
    }

    #[test]
    fn the_token_file_sits_beside_the_settings() {
        assert_eq!(
            token_path(Path::new("conf/settings.toml")),
            Path::new("conf/lichess-token")
        );
        assert_eq!(
            token_path(Path::new("settings.toml")),
            Path::new("lichess-token")
        );
    }

    #[test]
    fn save_load_and_delete() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new/dir/lichess-token");
        assert_eq!(load(None, &path), Ok(None));
        assert!(!delete(&path).unwrap());
        let token = Token::new("lip_first").unwrap();
        save(&path, &token).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "lip_first\n");
        assert_eq!(load(None, &path), Ok(Some((token, TokenSource::File))));
        // Saving again replaces the token whole, and leaves no
        // temporary file behind.
        let second = Token::new("lip_second").unwrap();
        save(&path, &second).unwrap();
        assert_eq!(load(None, &path), Ok(Some((second, TokenSource::File))));
        let names: Vec<_> = fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, [std::ffi::OsString::from(TOKEN_FILE)]);
        assert!(delete(&path).unwrap());
        assert!(!path.exists());
        assert_eq!(load(None, &path), Ok(None));
    }

    #[cfg(unix)]
    #[test]
    fn the_token_file_is_for_its_owner_only() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(TOKEN_FILE);
        // An older file readable by all does not pass its mode on.
        fs::write(&path, "old\n").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
        save(&path, &Token::new("lip_x").unwrap()).unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[test]
    fn the_environment_wins_over_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(TOKEN_FILE);
        save(&path, &Token::new("lip_file").unwrap()).unwrap();
        let env = Token::new("lip_env").unwrap();
        assert_eq!(
            load(Some(" lip_env\n"), &path),
            Ok(Some((env, TokenSource::Environment)))
        );
        // A blank variable is as good as none.
        let file = Token::new("lip_file").unwrap();
        assert_eq!(load(Some("  "), &path), Ok(Some((file, TokenSource::File))));
        assert_eq!(
            load(Some("not a token"), &path),
            Err(TokenError::NotAToken(TokenSource::Environment))
        );
    }

    #[test]
    fn a_file_that_holds_no_token_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(TOKEN_FILE);
        fs::write(&path, "lip_a lip_b\n").unwrap();
        assert_eq!(
            load(None, &path),
            Err(TokenError::NotAToken(TokenSource::File))
        );
        fs::write(&path, b"\xff\xfe").unwrap();
        assert_eq!(
            load(None, &path),
            Err(TokenError::NotAToken(TokenSource::File))
        );
        // A directory where the file should be cannot be read.
        let path = dir.path().join("sub");
        fs::create_dir(&path).unwrap();
        assert!(matches!(
            load(None, &path),
            Err(TokenError::Unreadable { .. })
        ));
    }
}
