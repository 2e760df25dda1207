//! The journal of the game in progress: a move costs the same bytes at
//! ply 300 as at ply 10, the game comes back whole from checkpoint and
//! journal, a torn last record (a kill in the middle of a write, at any
//! byte) is dropped and nothing before it is lost, and an autosave of a
//! version without a journal still resumes.

use std::fs;
use std::path::PathBuf;

use annabella::store::autosave::{Autosave, CHECKPOINT_BYTES, Resync};
use annabella::store::change::{Change, Tail};
use annabella::store::games::LoadOutcome;
use annabella::store::journal::{Entry, frame, records};
use annabella::store::{MovesUpdate, SavedGame, load_game, save_game};
use proptest::prelude::*;

use crate::store_common::{realistic_game, when};

struct Place {
    _dir: tempfile::TempDir,
    checkpoint: PathBuf,
    journal: PathBuf,
}

fn place() -> Place {
    let dir = tempfile::tempdir().unwrap();
    Place {
        checkpoint: dir.path().join("current.json"),
        journal: dir.path().join("current.journal"),
        _dir: dir,
    }
}

impl Place {
    fn autosave(&self) -> Autosave {
        Autosave::new(self.checkpoint.clone(), self.journal.clone())
    }

    /// What a new run finds, and whether the journal was torn.
    fn resume(&self) -> (Option<SavedGame>, bool) {
        let resumed = self.autosave().resume(when());
        match resumed.outcome {
            LoadOutcome::Loaded(game) => (Some(without_mark(*game)), resumed.torn),
            LoadOutcome::Absent => (None, resumed.torn),
            other => panic!("not loaded: {other:?}"),
        }
    }

    fn journal_len(&self) -> u64 {
        fs::metadata(&self.journal).map_or(0, |m| m.len())
    }
}

/// The game without the store's own mark of its checkpoint.
fn without_mark(mut game: SavedGame) -> SavedGame {
    game.journal = None;
    game
}

#[test]
fn bytes_per_move_stay_the_same_over_a_long_game() {
    let place = place();
    let mut autosave = place.autosave();
    let mut grew = Vec::new();
    for ply in 1..=300 {
        let before = place.journal_len();
        autosave.keep(realistic_game(ply));
        autosave.commit().unwrap();
        grew.push(place.journal_len().saturating_sub(before));
    }
    // Ply 1 is the checkpoint; the other 299 moves are records of one
    // journal, far below the size that cuts it.
    let at = |ply: usize| grew[ply - 1];
    assert!(at(10) > 0 && at(300) > 0, "{grew:?}");
    assert!(
        at(300) <= at(10) + 8,
        "a move at ply 300 costs {} bytes, at ply 10 {}",
        at(300),
        at(10)
    );
    const { assert!(CHECKPOINT_BYTES > 300 * 1_000) };
    assert_eq!(place.resume(), (Some(realistic_game(300)), false));
}

#[test]
fn a_record_cut_at_any_byte_loses_only_itself() {
    let place = place();
    let mut autosave = place.autosave();
    for ply in 1..=12 {
        autosave.keep(realistic_game(ply));
        autosave.commit().unwrap();
    }
    let before_last = fs::read(&place.journal).unwrap();
    autosave.keep(realistic_game(13));
    autosave.commit().unwrap();
    let whole = fs::read(&place.journal).unwrap();
    assert!(whole.starts_with(&before_last));
    for cut in before_last.len()..=whole.len() {
        let (_, journal) = (place.checkpoint.clone(), &place.journal);
        fs::write(journal, &whole[..cut]).unwrap();
        let checkpoint = fs::read(&place.checkpoint).unwrap();
        let (game, torn) = place.resume();
        let expected = if cut == whole.len() { 13 } else { 12 };
        assert_eq!(game, Some(realistic_game(expected)), "cut at byte {cut}");
        assert_eq!(
            torn,
            cut != before_last.len() && cut != whole.len(),
            "cut at {cut}"
        );
        // The resume folded the journal into the checkpoint; put the
        // files back as the crash left them for the next cut.
        fs::write(&place.checkpoint, checkpoint).unwrap();
    }
}

#[test]
fn a_journal_is_appended_after_a_resume_and_found_again() {
    let place = place();
    let mut autosave = place.autosave();
    for ply in 1..=5 {
        autosave.keep(realistic_game(ply));
        autosave.commit().unwrap();
    }
    // Killed: no clean exit. The next run goes on from ply 5.
    let mut again = place.autosave();
    let resumed = again.resume(when());
    assert!(matches!(resumed.outcome, LoadOutcome::Loaded(ref g) if g.moves.len() == 5));
    for ply in 6..=9 {
        again.keep(realistic_game(ply));
        again.commit().unwrap();
    }
    assert_eq!(place.resume(), (Some(realistic_game(9)), false));
}

#[test]
fn an_autosave_without_a_journal_still_resumes() {
    let place = place();
    // As earlier versions wrote it: no mark, no journal beside it.
    save_game(&place.checkpoint, &realistic_game(40)).unwrap();
    let text = fs::read_to_string(&place.checkpoint).unwrap();
    assert!(!text.contains("journal"), "{text}");
    assert_eq!(place.resume(), (Some(realistic_game(40)), false));
}

/// Six plies kept, then a crash between a new checkpoint and the
/// journal's restart: the journal on the disk is the one before.
fn stale_journal_beside_a_checkpoint() -> Place {
    let place = place();
    let mut autosave = place.autosave();
    for ply in 1..=6 {
        autosave.keep(realistic_game(ply));
        autosave.commit().unwrap();
    }
    let stale = fs::read(&place.journal).unwrap();
    autosave.settle().unwrap();
    fs::write(&place.journal, stale).unwrap();
    place
}

#[test]
fn a_journal_of_another_checkpoint_is_not_replayed() {
    let place = stale_journal_beside_a_checkpoint();
    assert_eq!(place.resume(), (Some(realistic_game(6)), false));
}

#[test]
fn the_moves_after_resuming_beside_a_journal_of_another_checkpoint_are_kept() {
    let place = stale_journal_beside_a_checkpoint();
    let mut again = place.autosave();
    again.resume(when());
    for ply in 7..=9 {
        again.keep(realistic_game(ply));
        again.commit().unwrap();
    }
    assert_eq!(place.resume(), (Some(realistic_game(9)), false));
}

#[test]
fn the_first_move_after_resuming_an_autosave_without_a_journal_is_kept() {
    let place = place();
    save_game(&place.checkpoint, &realistic_game(40)).unwrap();
    let mut autosave = place.autosave();
    autosave.resume(when());
    autosave.keep(realistic_game(41));
    autosave.commit().unwrap();
    assert_eq!(place.resume(), (Some(realistic_game(41)), false));
}

#[test]
fn a_game_put_aside_is_no_longer_in_progress_and_the_next_goes_on_in_the_journal() {
    let place = place();
    let mut autosave = place.autosave();
    for ply in 1..=4 {
        autosave.keep(realistic_game(ply));
        autosave.commit().unwrap();
    }
    let checkpoint = fs::read(&place.checkpoint).unwrap();
    // `new`: the game went among the saved games; a record says so.
    autosave.clear();
    autosave.commit().unwrap();
    assert_eq!(place.resume(), (None, false));
    // The next game's moves are records too: no checkpoint is written.
    let mut next = realistic_game(2);
    next.players[0] = "Anna".into();
    autosave.keep(next.clone());
    autosave.commit().unwrap();
    assert_eq!(fs::read(&place.checkpoint).unwrap(), checkpoint);
    assert_eq!(place.resume(), (Some(next), false));
}

#[test]
fn moves_sent_as_updates_come_back_whole_and_a_gap_is_refused() {
    let place = place();
    let mut autosave = place.autosave();
    let head = |plies| SavedGame {
        moves: Vec::new(),
        ..realistic_game(plies)
    };
    let full = realistic_game(6);
    let mut sent = 0;
    for ply in 1..=6 {
        let update = MovesUpdate {
            before: sent,
            keep: sent,
            add: full.moves[sent..ply].to_vec(),
        };
        autosave.update(head(ply), update).unwrap();
        autosave.commit().unwrap();
        sent = ply;
    }
    // A take-back of two half-moves and another move in their place.
    let mut other = realistic_game(5);
    other.moves[4] = "h2h4".into();
    let update = MovesUpdate {
        before: 6,
        keep: 4,
        add: vec!["h2h4".into()],
    };
    autosave.update(head(5), update).unwrap();
    autosave.commit().unwrap();
    assert_eq!(place.resume(), (Some(other), false));
    // Moves that do not follow those kept are refused, not guessed.
    let gap = MovesUpdate {
        before: 9,
        keep: 9,
        add: vec!["a2a3".into()],
    };
    assert_eq!(autosave.update(head(10), gap), Err(Resync));
}

/// A game of `plies` with its own players, told apart from the others.
fn game_of(number: usize, plies: usize) -> SavedGame {
    let mut game = realistic_game(plies);
    game.players[0] = format!("Player {number}");
    game
}

impl Place {
    /// Where a game put aside as `name` goes, inside the folder of the
    /// journal, as the store's `games/NAME.json` is.
    fn saved(&self, name: &str) -> PathBuf {
        self.journal
            .with_file_name("games")
            .join(format!("{name}.json"))
    }

    /// The names in the folder of saved games.
    fn saved_names(&self) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(self.saved("x").parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

/// Plays the moves of game `number` after its first up to `plies`, puts
/// it aside as `game-NUMBER` and plays the first move of the next, all
/// in one commit, as a pipe's batch does. The first move of game 1 is a
/// commit of its own, the checkpoint the journal goes on from.
fn play_and_put_aside(autosave: &mut Autosave, place: &Place, number: usize, plies: usize) {
    if number == 1 {
        autosave.keep(game_of(1, 1));
        autosave.commit().unwrap();
    }
    for ply in 2..=plies {
        autosave.keep(game_of(number, ply));
    }
    autosave
        .put_aside(&place.saved(&format!("game-{number}")))
        .unwrap();
    autosave.keep(game_of(number + 1, 1));
    autosave.commit().unwrap();
}

#[test]
fn a_game_put_aside_is_there_at_once_and_comes_back_if_a_crash_lost_its_file() {
    let place = place();
    let mut autosave = place.autosave();
    for ply in 1..=6 {
        autosave.keep(game_of(1, ply));
        autosave.commit().unwrap();
    }
    let checkpoint = fs::read(&place.checkpoint).unwrap();
    let file = place.saved("game-1");
    autosave.put_aside(&file).unwrap();
    autosave.commit().unwrap();
    // There at once, for `games` and `load`; no checkpoint was written.
    assert_eq!(load_game(&file).unwrap(), game_of(1, 6));
    for ply in 1..=3 {
        autosave.keep(game_of(2, ply));
        autosave.commit().unwrap();
    }
    assert_eq!(fs::read(&place.checkpoint).unwrap(), checkpoint);
    let whole = fs::read(&file).unwrap();
    // What a power cut may leave of a file never flushed: none, none of
    // its bytes, or some of them.
    let lost: [&[u8]; 3] = [b"gone", b"", &whole[..whole.len() / 2]];
    for left in lost {
        if left == b"gone" {
            fs::remove_file(&file).unwrap();
        } else {
            fs::write(&file, left).unwrap();
        }
        assert_eq!(place.resume(), (Some(game_of(2, 3)), false));
        assert_eq!(fs::read(&file).unwrap(), whole, "{left:?}");
        // Its own write cut short is nothing to keep.
        assert_eq!(place.saved_names(), ["game-1.json"]);
    }
}

#[test]
fn a_file_in_the_way_of_a_game_put_aside_is_moved_aside_not_written_over() {
    let place = place();
    let mut autosave = place.autosave();
    play_and_put_aside(&mut autosave, &place, 1, 8);
    let file = place.saved("game-1");
    for other in [
        &b"{not a game"[..],
        &fs::read(place.saved("game-1")).unwrap(),
    ] {
        let other = if other.starts_with(b"{not") {
            other.to_vec()
        } else {
            // Another game, whole, under that name.
            let mut bytes = serde_json::to_vec(&game_of(9, 2)).unwrap();
            bytes.push(b'\n');
            bytes
        };
        fs::write(&file, &other).unwrap();
        assert_eq!(place.resume(), (Some(game_of(2, 1)), false));
        assert_eq!(load_game(&file).unwrap(), game_of(1, 8));
        let aside = file.with_file_name("game-1.json.broken-20240506-070809");
        assert_eq!(fs::read(&aside).unwrap(), other);
        fs::remove_file(aside).unwrap();
    }
}

#[test]
fn a_resume_never_writes_over_a_saved_game_that_is_fine() {
    let place = place();
    let mut autosave = place.autosave();
    for number in 1..=3 {
        play_and_put_aside(&mut autosave, &place, number, 5 + number);
    }
    // The same games in other bytes: a rewrite would be seen.
    for number in 1..=3 {
        let file = place.saved(&format!("game-{number}"));
        let game = load_game(&file).unwrap();
        assert_eq!(game, game_of(number, 5 + number));
        fs::write(&file, serde_json::to_vec_pretty(&game).unwrap()).unwrap();
    }
    let before: Vec<Vec<u8>> = (1..=3)
        .map(|n| fs::read(place.saved(&format!("game-{n}"))).unwrap())
        .collect();
    // A clean exit leaves the journal; the next start replays it.
    let journal = fs::read(&place.journal).unwrap();
    assert_eq!(place.resume(), (Some(game_of(4, 1)), false));
    for (number, bytes) in (1..=3).zip(&before) {
        let file = place.saved(&format!("game-{number}"));
        assert_eq!(&fs::read(file).unwrap(), bytes, "game {number}");
    }
    assert_eq!(fs::read(&place.journal).unwrap(), journal);
}

#[test]
fn after_a_checkpoint_the_games_put_aside_are_their_files_alone() {
    let place = place();
    let mut autosave = place.autosave();
    play_and_put_aside(&mut autosave, &place, 1, 6);
    // `save` writes a checkpoint first; a game it then saves under that
    // name is the player's, never written over by a start.
    autosave.settle().unwrap();
    let file = place.saved("game-1");
    let mine = serde_json::to_vec(&game_of(7, 3)).unwrap();
    fs::write(&file, &mine).unwrap();
    assert_eq!(place.resume(), (Some(game_of(2, 1)), false));
    assert_eq!(fs::read(&file).unwrap(), mine);
    assert_eq!(place.saved_names(), ["game-1.json"]);
}

#[test]
fn a_journal_whose_clear_names_no_file_still_replays() {
    let place = place();
    // As the journal was written before a game put aside had a file:
    // `"clear"`, bare.
    let mut checkpoint = game_of(1, 4);
    checkpoint.journal = Some(77);
    save_game(&place.checkpoint, &checkpoint).unwrap();
    let mut bytes = Vec::new();
    frame(&Entry::Start { mark: 77 }, &mut bytes);
    let clear = br#""clear""#;
    bytes.extend_from_slice(format!("{} {:08x} ", clear.len(), crc32fast::hash(clear)).as_bytes());
    bytes.extend_from_slice(clear);
    bytes.push(b'\n');
    assert_eq!(records(&bytes).1, None, "whole");
    fs::write(&place.journal, &bytes).unwrap();
    assert_eq!(place.resume(), (None, false));
    let next = Change::between(&game_of(1, 4), &game_of(2, 1)).unwrap();
    frame(&Entry::Change(Box::new(next)), &mut bytes);
    fs::write(&place.journal, &bytes).unwrap();
    assert_eq!(place.resume(), (Some(game_of(2, 1)), false));
}

#[test]
fn a_journal_past_its_size_is_cut_by_a_checkpoint_after_its_games_are_kept() {
    let place = place();
    let mut autosave = place.autosave();
    let mut lengths = Vec::new();
    let mut number = 0;
    // Games of 300 plies on a clock, each in one commit, until the
    // journal has been cut twice.
    while lengths.windows(2).filter(|w| w[1] < w[0]).count() < 2 {
        number += 1;
        play_and_put_aside(&mut autosave, &place, number, 300);
        lengths.push(place.journal_len());
    }
    // Never much more than the size: the batch after the one that
    // reaches it writes the checkpoint.
    let batch = lengths[1] - lengths[0];
    assert!(
        lengths.iter().all(|&len| len < CHECKPOINT_BYTES + batch),
        "{lengths:?}"
    );
    assert!(lengths[0] < CHECKPOINT_BYTES / 4, "{lengths:?}");
    // The batch that reached the size puts its game aside after the
    // checkpoint it made due (written first, so that the game goes into
    // the new journal rather than being flushed by a later cut): its
    // game and those of the batches after it are the journal's to write
    // again.
    let cut = number;
    for n in cut + 1..=cut + 2 {
        play_and_put_aside(&mut autosave, &place, n, 300);
    }
    for n in 1..=cut + 2 {
        let file = place.saved(&format!("game-{n}"));
        assert_eq!(load_game(&file).unwrap(), game_of(n, 300), "game {n}");
    }
    fs::remove_file(place.saved(&format!("game-{cut}"))).unwrap();
    fs::remove_file(place.saved(&format!("game-{}", cut + 2))).unwrap();
    assert_eq!(place.resume(), (Some(game_of(cut + 3, 1)), false));
    for n in [cut, cut + 2] {
        let back = place.saved(&format!("game-{n}"));
        assert_eq!(load_game(&back).unwrap(), game_of(n, 300), "game {n}");
    }
}

#[test]
fn the_end_of_a_game_is_a_record_not_a_checkpoint() {
    let place = place();
    let mut autosave = place.autosave();
    for ply in 1..=4 {
        autosave.keep(realistic_game(ply));
        autosave.commit().unwrap();
    }
    let checkpoint = fs::read(&place.checkpoint).unwrap();
    let mut over = realistic_game(5);
    over.result = Some(annabella::store::SavedResult {
        outcome: "1-0".into(),
        reason: "checkmate".into(),
        with_move: true,
    });
    autosave.keep(over.clone());
    autosave.commit().unwrap();
    assert_eq!(fs::read(&place.checkpoint).unwrap(), checkpoint);
    assert_eq!(place.resume(), (Some(over), false));
}

#[test]
fn a_change_that_does_not_fit_leaves_the_game_as_it_was() {
    let game = realistic_game(5);
    // Its moves fit; its clock keeps more history than the game has.
    let mut change = Change::between(&realistic_game(40), &realistic_game(41)).unwrap();
    change.moves = Some(Tail {
        keep: 0,
        add: vec!["e2e4".into()],
    });
    let mut applied = game.clone();
    assert_eq!(change.apply(&mut applied), None);
    assert_eq!(applied, game);
}

/// One thing that happens to a game between two commits.
#[derive(Clone, Debug)]
enum Edit {
    Moves(usize),
    Undo(usize),
    Result,
    Settle,
    Board(u8),
    NoClock,
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        4 => (1..4_usize).prop_map(Edit::Moves),
        2 => (1..3_usize).prop_map(Edit::Undo),
        1 => Just(Edit::Result),
        1 => Just(Edit::Settle),
        2 => any::<u8>().prop_map(Edit::Board),
        1 => Just(Edit::NoClock),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever happens, a new run finds the game as last committed.
    #[test]
    fn a_new_run_finds_the_last_committed_game(edits in prop::collection::vec(edit(), 1..40)) {
        let place = place();
        let mut autosave = place.autosave();
        let mut plies = 0;
        let mut last = None;
        for edit in edits {
            let mut game = match edit {
                Edit::Moves(n) => { plies += n; realistic_game(plies) }
                Edit::Undo(n) => { plies = plies.saturating_sub(n); realistic_game(plies) }
                Edit::Result | Edit::Settle | Edit::Board(_) | Edit::NoClock => {
                    realistic_game(plies)
                }
            };
            if let Edit::Board(n) = edit {
                game.my_board = Some(format!("{n:?<64}"));
            }
            if matches!(edit, Edit::NoClock) {
                game.clock = None;
            }
            if matches!(edit, Edit::Result) {
                game.result = Some(annabella::store::SavedResult {
                    outcome: "1-0".into(),
                    reason: "resignation".into(),
                    with_move: false,
                });
            }
            autosave.keep(game.clone());
            if matches!(edit, Edit::Settle) {
                autosave.settle().unwrap();
            } else {
                autosave.commit().unwrap();
            }
            last = Some(game);
        }
        prop_assert_eq!(place.resume(), (last, false));
    }
}
