//! Files the player names for PGN: read for `load FILE.pgn`, `games
//! FILE.pgn` and `scoresheet FILE`, written by `pgn FILE`. A file that
//! holds something else is never written over: a game is added to a PGN
//! file, and only a new or empty file is written afresh. Whether a file
//! holds PGN is judged from its bytes alone (the store knows no chess):
//! text, and its first line that says something a tag pair or movetext.

use std::path::{Path, PathBuf};

use super::atomic::write_atomic;
use super::broken::{BrokenKind, read_limited};
use crate::event::{IoReason, Trouble};

/// The largest PGN file read, in bytes.
pub const MAX_PGN_BYTES: u64 = 64 << 20;

/// How much of a file is looked at to tell text from other bytes.
const SNIFF_BYTES: usize = 8192;

/// What `pgn FILE` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Added {
    /// The file was new (or empty): it holds this game alone.
    Written(PathBuf),
    /// The game was added to the PGN file: it is game `number` there.
    Added {
        /// The file.
        path: PathBuf,
        /// The game's number in it, from 1.
        number: usize,
    },
}

/// Whether `bytes` are text: no NUL byte and hardly any control
/// characters (a PGN file in Latin-1 is text too).
///
/// ```
/// use annabella::store::pgn_file::is_text;
/// assert!(is_text("[White \"Müller\"]\n1. e4 *\n".as_bytes()));
/// assert!(!is_text(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"));
/// ```
pub fn is_text(bytes: &[u8]) -> bool {
    let head = bytes.get(..SNIFF_BYTES).unwrap_or(bytes);
    let controls = head
        .iter()
        .filter(|&&b| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c)) || b == 0x7f)
        .count();
    !head.contains(&0) && controls * 64 <= head.len()
}

/// Whether `bytes` hold PGN: text whose first line that says something
/// is a tag pair, a comment, an escape or movetext (a move number).
///
/// ```
/// use annabella::store::pgn_file::holds_pgn;
/// assert!(holds_pgn(b"[Event \"x\"]\n\n1. e4 *\n"));
/// assert!(holds_pgn(b"1. d4 d5 *\n"));
/// assert!(!holds_pgn(b"shopping: milk, bread\n"));
/// ```
pub fn holds_pgn(bytes: &[u8]) -> bool {
    let text = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let first = text
        .split(|&b| b == b'\n')
        .map(<[u8]>::trim_ascii)
        .find(|line| !line.is_empty());
    let starts_pgn = match first.and_then(|line| line.first()) {
        None => true,
        Some(&b) => matches!(b, b'[' | b'{' | b';' | b'%') || b.is_ascii_digit(),
    };
    is_text(bytes) && starts_pgn
}

/// The games of a PGN text, counted by their tag sections: a tag line
/// after a line that is not one starts a game.
fn games_in(text: &[u8]) -> usize {
    let mut games = 0;
    let mut in_tags = false;
    for line in text.split(|&b| b == b'\n').map(<[u8]>::trim_ascii) {
        let tag = line.starts_with(b"[");
        if tag && !in_tags {
            games += 1;
        }
        if !line.is_empty() {
            in_tags = tag;
        }
    }
    games
}

/// `pgn FILE`: writes `game` to a new or empty file, or adds it to the
/// PGN file there; `Err` when it is a folder, holds something else (left
/// as it is), or cannot be read or written.
pub fn add_game(path: &Path, game: &str) -> Result<Added, Trouble> {
    if path.is_dir() {
        return Err(Trouble::Folder);
    }
    let mut all = match read_limited(path, MAX_PGN_BYTES) {
        Ok(bytes) => bytes,
        Err(broken) if broken.is_missing() => Vec::new(),
        Err(broken) => return Err(pgn_trouble(&broken)),
    };
    let fresh = all.trim_ascii().is_empty();
    if fresh {
        all.clear();
    } else if !holds_pgn(&all) {
        return Err(Trouble::NotPgnLeft);
    } else {
        if !all.ends_with(b"\n") {
            all.push(b'\n');
        }
        all.push(b'\n');
    }
    all.extend_from_slice(game.as_bytes());
    write_atomic(path, &all).map_err(|e| Trouble::Unreadable(IoReason::of(&e)))?;
    let path = path.to_path_buf();
    Ok(if fresh {
        Added::Written(path)
    } else {
        Added::Added {
            number: games_in(&all),
            path,
        }
    })
}

/// Why a PGN file the player named cannot be read: the store's reading
/// says so, but a file larger than any PGN read is not broken, only too
/// large for annabella.
fn pgn_trouble(broken: &super::broken::Broken) -> Trouble {
    match broken.kind {
        BrokenKind::TooLarge => Trouble::Unreadable(IoReason::Other),
        _ => broken.trouble(),
    }
}

/// A file named for `load FILE.pgn`, `games FILE.pgn` or `scoresheet
/// FILE`, read as text; `Err` when it is a folder, missing, unreadable
/// or no text at all (its bytes are never shown).
pub fn read_text(path: &Path) -> Result<String, Trouble> {
    if path.is_dir() {
        return Err(Trouble::Folder);
    }
    let bytes = read_limited(path, MAX_PGN_BYTES).map_err(|broken| pgn_trouble(&broken))?;
    if !is_text(&bytes) {
        return Err(Trouble::NotPgn);
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_counted_by_their_tag_sections() {
        assert_eq!(games_in(b""), 0);
        assert_eq!(games_in(b"[A \"1\"]\n[B \"2\"]\n\n1. e4 *\n"), 1);
        assert_eq!(
            games_in(b"[A \"1\"]\n\n1. e4 *\n\n[A \"2\"]\n[B \"x\"]\n\n1. d4 *\n"),
            2
        );
    }

    #[test]
    fn a_game_is_added_to_a_pgn_file_and_nothing_else_is_written_over() {
        let dir = tempfile::tempdir().unwrap();
        let pgn = dir.path().join("x.pgn");
        let game = "[Event \"e\"]\n\n1. e4 *\n";
        assert_eq!(add_game(&pgn, game), Ok(Added::Written(pgn.clone())));
        let second = add_game(&pgn, game);
        assert_eq!(
            second,
            Ok(Added::Added {
                path: pgn.clone(),
                number: 2
            })
        );
        let text = std::fs::read_to_string(&pgn).unwrap();
        assert_eq!(text, format!("{game}\n{game}"));
        let notes = dir.path().join("notes.txt");
        std::fs::write(&notes, "milk\n").unwrap();
        assert_eq!(add_game(&notes, game), Err(Trouble::NotPgnLeft));
        assert_eq!(std::fs::read_to_string(&notes).unwrap(), "milk\n");
        assert_eq!(add_game(dir.path(), game), Err(Trouble::Folder));
    }
}
