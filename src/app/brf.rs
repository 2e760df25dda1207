//! `brf FILE` carried out: the sheet worded in its language, brailled
//! and paged by `io::brf`, and written whole or not at all, as `pgn FILE`
//! writes (a temporary file renamed over the name).

use crate::announce::Announcer;
use crate::event::{BrailleSheet, BrfOutcome, IoReason, Trouble};
use crate::store::atomic::{write_atomic, write_new};

/// Writes the Braille scoresheet `sheet`, and says what became of it.
pub(super) fn write(announcer: &Announcer, sheet: &BrailleSheet) -> BrfOutcome {
    let lines = announcer.brf_lines(sheet);
    let brf = match crate::io::brf::make(sheet, &lines) {
        Ok(brf) => brf,
        Err(trouble) => return BrfOutcome::Refused(trouble),
    };
    let path = sheet.path.clone();
    if path.is_dir() {
        return BrfOutcome::Failed {
            path,
            trouble: Trouble::Folder,
        };
    }
    // Never over a file that is there unless the player said to replace
    // it: it may be anything of the player's (notes, a PGN of many
    // games). Replaced, it is replaced atomically.
    let written = if sheet.replace {
        write_atomic(&path, &brf.bytes)
    } else {
        write_new(&path, &brf.bytes)
    };
    match written {
        Ok(()) => BrfOutcome::Written {
            path,
            pages: brf.pages,
        },
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => BrfOutcome::Exists(path),
        Err(e) => BrfOutcome::Failed {
            path,
            trouble: Trouble::Unreadable(IoReason::of(&e)),
        },
    }
}
