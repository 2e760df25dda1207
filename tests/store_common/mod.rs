//! A kept game as the autosave holds it after a long game on the clock,
//! shared by the store's tests and its benchmark.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use annabella::settings::{Lang, Settings};
use annabella::store::{Aside, Broken, BrokenKind, FORMAT, SavedClock, SavedGame};

/// The standard start position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A game of `plies` half-moves on a 5+3 clock, with the clock's whole
/// history and the settings in force. The moves are shaped as UCI but
/// not legal: the store does not read them.
pub fn realistic_game(plies: usize) -> SavedGame {
    let square = |i: usize| format!("{}{}", char::from(b"abcdefgh"[i % 8]), 1 + i / 8 % 8);
    let moves = (0..plies)
        .map(|i| square(i * 13 + 8) + &square(i * 29 + 16))
        .collect();
    let mut left = [300_000_u64, 300_000];
    let mut made = [0_u32, 0];
    let mut history = Vec::new();
    let mut after_ms = Vec::new();
    for i in 0..plies {
        history.push((left, made));
        let side = i % 2;
        // Thinking times of 1 to 21 seconds, spread unevenly.
        let spent = (1_000 + (i as u64 * 7_919) % 20_000).min(left[side]);
        left[side] = left[side] - spent + 3_000;
        made[side] += 1;
        after_ms.push(left[side]);
    }
    let settings = Settings::default()
        .all()
        .iter()
        .map(|s| {
            (
                s.key().word(Lang::En).to_string(),
                s.show(Lang::En).into_owned(),
            )
        })
        .collect::<Vec<_>>()
        .into();
    SavedGame {
        format: FORMAT,
        initial_fen: START.to_string(),
        chess960: None,
        moves,
        result: None,
        draw_offer: None,
        clock: Some(SavedClock {
            control: "5+3".to_string(),
            left_ms: left,
            made,
            turn: if plies.is_multiple_of(2) {
                "white"
            } else {
                "black"
            }
            .to_string(),
            spent_ms: 4_321,
            started: true,
            paused: false,
            stopped: false,
            history,
            after_ms,
        }),
        settings,
        human: "white".to_string(),
        players: ["Tõnu Kask".to_string(), "annabella level 5".to_string()],
        date: "2025.03.14".to_string(),
        my_board: None,
        blindfold: None,
        quiz: None,
        journal: None,
    }
}

/// 2024-05-06 07:08:09 UTC.
#[allow(dead_code)] // Tests of broken files use these; the benchmark does not.
pub fn when() -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(1_714_979_289)
}

const STAMP: &str = "20240506-070809";

#[allow(dead_code)] // Tests of broken files use these; the benchmark does not.
pub fn aside_name(path: &Path) -> PathBuf {
    let name = path.file_name().unwrap().to_str().unwrap();
    path.with_file_name(format!("{name}.broken-{STAMP}"))
}

/// Checks what became of a broken file that held `bytes`: the fault,
/// the file moved aside unchanged, its path free.
#[allow(dead_code)] // Tests of broken files use these; the benchmark does not.
pub fn assert_moved(aside: Option<Aside>, path: &Path, bytes: &[u8], kind: BrokenKind) {
    let Some(Aside::Moved { broken, to }) = aside else {
        panic!("not moved aside: {aside:?}");
    };
    assert_eq!(broken, Broken::new(path, kind));
    assert_eq!(to, aside_name(path));
    assert_eq!(fs::read(&to).unwrap(), bytes, "moved aside unchanged");
    assert!(fs::symlink_metadata(path).is_err(), "the path is free");
}
