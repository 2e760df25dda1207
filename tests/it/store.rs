//! Kept games on disk: a game survives the round trip, and every kind of
//! broken save is named with a clear fault and moved aside byte for
//! byte, leaving its path free.

use crate::common;
use crate::store_common;

use std::fs;
use std::io;
use std::path::Path;

use annabella::store::games::MAX_GAME_BYTES;
use annabella::store::{
    Aside, Broken, BrokenKind, FORMAT, LoadOutcome, Paths, SavedResult, list_games, load_game,
    load_if_present, load_or_move_aside, save_game,
};
use store_common::{aside_name, assert_moved, realistic_game, when};

fn game_outcome(path: &Path) -> Option<Aside> {
    match load_or_move_aside(path, when()) {
        LoadOutcome::Broken(aside) => Some(aside),
        other => panic!("not broken: {other:?}"),
    }
}

/// Writes `bytes` as the autosave, loads it and checks the fault.
fn broken_save(bytes: &[u8], kind: BrokenKind) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("current.json");
    fs::write(&path, bytes).unwrap();
    assert_eq!(load_game(&path), Err(Broken::new(&path, kind)));
    assert_moved(game_outcome(&path), &path, bytes, kind);
    assert_eq!(load_or_move_aside(&path, when()), LoadOutcome::Absent);
}

fn saved_bytes() -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.json");
    save_game(&path, &realistic_game(120)).unwrap();
    fs::read(&path).unwrap()
}

#[test]
fn a_saved_game_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let paths = Paths::new(dir.path().join("data"), dir.path().join("settings.toml"));
    let mut game = realistic_game(120);
    save_game(&paths.autosave(), &game).unwrap();
    assert_eq!(load_game(&paths.autosave()), Ok(game.clone()));
    game.result = Some(SavedResult {
        outcome: "1/2-1/2".to_string(),
        reason: "agreement".to_string(),
        with_move: false,
    });
    game.draw_offer = Some("black".to_string());
    game.chess960 = Some(518);
    game.clock = None;
    game.moves.clear();
    save_game(&paths.autosave(), &game).unwrap();
    assert_eq!(load_if_present(&paths.autosave()), Ok(Some(game.clone())));
    assert_eq!(
        load_or_move_aside(&paths.autosave(), when()),
        LoadOutcome::Loaded(Box::new(game))
    );
}

#[test]
fn a_missing_save_is_not_broken() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("current.json");
    assert_eq!(load_if_present(&path), Ok(None));
    assert_eq!(load_or_move_aside(&path, when()), LoadOutcome::Absent);
    assert_eq!(
        load_game(&path),
        Err(Broken::new(&path, BrokenKind::Missing))
    );
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn every_cut_of_a_save_is_truncated() {
    let bytes = saved_bytes();
    // The last two cuts are the whole object without or with its newline.
    let whole = bytes.len() - 1;
    for n in 0..whole {
        assert_eq!(
            annabella::store::games::parse_game(&bytes[..n]),
            Err(BrokenKind::Truncated),
            "cut after {n} bytes"
        );
    }
    assert!(annabella::store::games::parse_game(&bytes[..whole]).is_ok());
}

#[test]
fn a_truncated_save_is_moved_aside() {
    let bytes = saved_bytes();
    broken_save(&bytes[..bytes.len() / 2], BrokenKind::Truncated);
    broken_save(b"", BrokenKind::Truncated);
}

#[test]
fn a_save_of_garbage_is_moved_aside() {
    broken_save(b"\x00\xff\xfe garbage \x89PNG", BrokenKind::Garbage);
    broken_save(b"[1, 2, 3]", BrokenKind::Garbage);
    broken_save(b"{\"format\": 1}", BrokenKind::Garbage);
    broken_save(b"{\"format\": \"1\"}", BrokenKind::Garbage);
    broken_save(b"{\"format\": 4294967297}", BrokenKind::Garbage);
    let mut bytes = saved_bytes();
    bytes.extend_from_slice(b"}}");
    broken_save(&bytes, BrokenKind::Garbage);
    // A field of the wrong type.
    let text = String::from_utf8(saved_bytes()).unwrap();
    let wrong = text.replacen("\"human\":\"white\"", "\"human\":5", 1);
    assert_ne!(wrong, text);
    broken_save(wrong.as_bytes(), BrokenKind::Garbage);
    // Deeper than the parser goes.
    broken_save(&[b'['; 100_000], BrokenKind::Garbage);
}

#[test]
fn a_save_of_another_version_is_moved_aside() {
    let mut game = realistic_game(10);
    game.format = FORMAT + 1;
    let bytes = serde_json::to_vec(&game).unwrap();
    broken_save(&bytes, BrokenKind::WrongVersion(FORMAT + 1));
    // Another version's fields need not be ours.
    broken_save(
        b"{\"format\": 0, \"game\": []}",
        BrokenKind::WrongVersion(0),
    );
}

#[test]
fn a_save_too_large_is_moved_aside() {
    let bytes = vec![b' '; MAX_GAME_BYTES as usize + 1];
    broken_save(&bytes, BrokenKind::TooLarge);
}

/// A directory where the file should be: unreadable for root too. The
/// directory is moved aside whole, its file unchanged.
#[test]
fn an_unreadable_save_is_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("current.json");
    fs::create_dir(&path).unwrap();
    fs::write(path.join("inside"), b"kept").unwrap();
    let kind = BrokenKind::Unreadable(io::ErrorKind::IsADirectory);
    let Some(Aside::Moved { broken, to }) = game_outcome(&path) else {
        panic!("not moved aside");
    };
    assert_eq!(broken, Broken::new(&path, kind));
    assert_eq!(to, aside_name(&path));
    assert_eq!(fs::read(to.join("inside")).unwrap(), b"kept");
    assert!(fs::symlink_metadata(&path).is_err());
}

/// A file its owner may not read; as root (who reads it anyway) the
/// check runs with an ordinary user's file permissions.
#[cfg(unix)]
#[test]
fn a_save_without_permission_is_moved_aside() {
    use std::os::unix::fs::PermissionsExt;
    common::user::as_ordinary_user(|| {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("current.json");
        let bytes = saved_bytes();
        fs::write(&path, &bytes).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o000)).unwrap();
        common::user::assert_unreadable(&path);
        let kind = BrokenKind::Unreadable(io::ErrorKind::PermissionDenied);
        let aside = game_outcome(&path);
        let Some(Aside::Moved { to, .. }) = &aside else {
            panic!("not moved aside: {aside:?}");
        };
        fs::set_permissions(to, fs::Permissions::from_mode(0o600)).unwrap();
        assert_moved(aside, &path, &bytes, kind);
    });
}

#[test]
fn broken_files_of_one_second_get_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("current.json");
    let mut moved = Vec::new();
    for bytes in [&b"{"[..], b"x", b"{\"format\": 9}"] {
        fs::write(&path, bytes).unwrap();
        let Some(Aside::Moved { to, .. }) = game_outcome(&path) else {
            panic!("not moved aside");
        };
        moved.push((to, bytes));
    }
    for (i, (to, bytes)) in moved.iter().enumerate() {
        let mut name = aside_name(&path).into_os_string();
        if i > 0 {
            name.push(format!("-{i}"));
        }
        assert_eq!(to.as_os_str(), name);
        assert_eq!(&fs::read(to).unwrap(), bytes);
    }
}

#[test]
fn saved_games_are_listed_and_broken_ones_reported() {
    let dir = tempfile::tempdir().unwrap();
    let paths = Paths::new(dir.path().to_path_buf(), dir.path().join("s.toml"));
    let games = paths.games_dir();
    assert_eq!(list_games(&games).unwrap().games, []);
    let mut finished = realistic_game(41);
    finished.result = Some(SavedResult {
        outcome: "1-0".to_string(),
        reason: "checkmate".to_string(),
        with_move: true,
    });
    save_game(&paths.named_game("Zeta").unwrap(), &realistic_game(120)).unwrap();
    save_game(&paths.named_game("alpha").unwrap(), &finished).unwrap();
    let broken = paths.named_game("mid").unwrap();
    fs::write(&broken, b"{\"format\":").unwrap();
    // Not games: another extension, a name `load` cannot type, a file
    // moved aside, a temporary file left by a crash.
    for other in [
        "notes.txt",
        "Upper.json",
        "x.json.broken-1",
        ".x.json.a1.tmp",
    ] {
        fs::write(games.join(other), b"?").unwrap();
    }
    let listing = list_games(&games).unwrap();
    let names: Vec<&str> = listing.games.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(names, ["alpha", "zeta"]);
    let alpha = &listing.games[0];
    assert_eq!(alpha.plies, 41);
    assert_eq!(alpha.result.as_deref(), Some("1-0"));
    assert_eq!(alpha.players, finished.players);
    assert!(alpha.modified.is_some());
    assert_eq!(listing.games[1].plies, 120);
    assert_eq!(listing.games[1].result, None);
    assert_eq!(
        listing.broken,
        [Broken::new(&broken, BrokenKind::Truncated)]
    );
    assert!(broken.exists(), "listing moves nothing");
}

#[test]
fn an_unreadable_folder_of_games_is_the_fault() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games");
    fs::write(&file, b"").unwrap();
    let fault = list_games(&file).unwrap_err();
    assert_eq!(
        fault,
        Broken::new(&file, BrokenKind::Unreadable(io::ErrorKind::NotADirectory))
    );
}

proptest::proptest! {
    /// No bytes make the readers panic: every file is a game, a table
    /// or a fault.
    #[test]
    fn no_bytes_panic_the_readers(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..600)) {
        let _ = annabella::store::games::parse_game(&bytes);
        let _ = annabella::store::settings_file::parse_settings(&bytes);
    }

    /// Nor does a saved game with one byte changed or cut off there.
    #[test]
    fn no_damage_to_a_save_panics(at in 0_usize..5000, byte in proptest::num::u8::ANY) {
        // Encoded here, not saved: 256 cases need no flushes to the disk.
        let mut bytes = serde_json::to_vec(&realistic_game(120)).unwrap();
        let at = at % bytes.len();
        bytes[at] = byte;
        let _ = annabella::store::games::parse_game(&bytes);
        bytes.truncate(at);
        proptest::prop_assert_eq!(
            annabella::store::games::parse_game(&bytes),
            Err(BrokenKind::Truncated)
        );
    }
}
