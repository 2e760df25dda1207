//! What is kept survives a restart: settings chosen with `set` (a flag
//! overrides them for one run without changing the file), a broken saved
//! game is moved aside at the start with a clear message and the client
//! starts, and an unfinished game on a pipe without `--resume` stays
//! saved among the games.

use std::fs;

use crate::common;
use common::Home;

/// Runs the client in `home` with `args` on `input`; its output lines.
fn run(home: &Home, args: &[&str], input: &str) -> Vec<String> {
    common::run_piped(home, args, input)
}

fn settings_file(home: &Home) -> String {
    fs::read_to_string(home.path().join("config/annabella/settings.toml")).unwrap_or_default()
}

/// The kept games moved aside as broken in `data`.
fn kept_aside(data: &std::path::Path) -> Vec<std::path::PathBuf> {
    fs::read_dir(data)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|path| {
            path.file_name()
                .is_some_and(|name| name.to_string_lossy().starts_with("current.json.broken-"))
        })
        .collect()
}

#[test]
fn settings_survive_a_restart_and_a_flag_changes_only_its_run() {
    let home = Home::new();
    assert_eq!(run(&home, &[], "set style san\n"), ["style is now san."]);
    assert!(settings_file(&home).contains("style = \"san\""));
    // The next run moves in SAN without being told.
    let out = run(&home, &["--opponent", "human"], "e4\n");
    assert_eq!(out, ["1. White: e4"]);
    // A flag wins for its run; the file stays as it was.
    let before = settings_file(&home);
    // (The game of the run before is set aside, and said so, first.)
    let out = run(&home, &["--opponent", "human", "--style", "fide"], "e4\n");
    assert_eq!(out[1..], ["1. White: Bauer Eva vier"]);
    assert_eq!(settings_file(&home), before);
    let out = run(&home, &["--opponent", "human"], "settings\n");
    assert!(out.contains(&"style: san".to_string()), "{out:?}");
    assert!(
        out.iter().any(|l| l.starts_with("Settings file: ")),
        "{out:?}"
    );
}

#[test]
fn unknown_keys_in_the_settings_file_are_named_and_kept() {
    let home = Home::new();
    let dir = home.path().join("config/annabella");
    fs::create_dir_all(&dir).unwrap();
    fs::write(
        dir.join("settings.toml"),
        "colour_scheme = \"dark\"\nstyle = \"nato\"\n",
    )
    .unwrap();
    let out = run(&home, &["--opponent", "human"], "set verbosity short\ne4\n");
    assert!(
        out[0].contains("colour_scheme is not a setting; it is kept in the file."),
        "{out:?}"
    );
    assert_eq!(out[2], "pawn echo 4");
    let file = settings_file(&home);
    assert!(
        file.contains("colour_scheme = \"dark\"") && file.contains("verbosity = \"short\""),
        "{file}"
    );
}

#[test]
fn a_broken_saved_game_is_moved_aside_and_the_client_starts() {
    let home = Home::new();
    let data = home.path().join("data/annabella");
    fs::create_dir_all(&data).unwrap();
    let broken = b"{\"format\":1,\"initial_fen\":\"rnbqk";
    fs::write(data.join("current.json"), broken).unwrap();
    let out = run(&home, &["--opponent", "human", "--resume"], "e4\n");
    assert!(
        out[0].starts_with(&format!(
            "{} is broken; it was moved aside to ",
            data.join("current.json").display()
        )),
        "{out:?}"
    );
    assert_eq!(
        out.last().map(String::as_str),
        Some("1. White: Bauer Eva vier")
    );
    let aside = kept_aside(&data);
    assert_eq!(aside.len(), 1);
    assert_eq!(fs::read(&aside[0]).unwrap(), broken, "byte for byte");
}

/// Plays `moves` in hot seat in a home of its own, then in a second run
/// finds the one game `games` lists (its line starting with `prefix` and
/// saying `said`), and in a third loads it and sends `then`: what that
/// run answers after it said the game was loaded.
fn kept_and_loaded(moves: &str, prefix: &str, said: &str, then: &str) -> Vec<String> {
    let home = &Home::new();
    run(home, &["--opponent", "human"], moves);
    let out = run(home, &["--opponent", "human"], "games\n");
    // The start says where the game went (the game list is its own).
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(out[1].starts_with(prefix), "{out:?}");
    assert!(out[1].contains(said), "{out:?}");
    let name = out[1].split(':').next().unwrap_or_default();
    assert_eq!(
        out[0],
        format!("The game before is saved as {name}; load {name} brings it back.")
    );
    let out = run(home, &[], &format!("load {name}\n{then}"));
    assert_eq!(out[0], format!("Loaded {name}."));
    out
}

#[test]
fn an_unfinished_game_stays_saved_when_a_script_starts_anew() {
    // Neither --resume nor --new on a pipe: a new game, the old one kept.
    let said = ": unknown players, 1 move, unfinished, ";
    let out = kept_and_loaded("e4\ne5\n", "unfinished-", said, "history\n");
    assert!(
        out.contains(&"1. White: Bauer Eva vier; Black: Bauer Eva fünf".to_string()),
        "{out:?}"
    );
}

#[test]
fn a_script_that_starts_anew_says_where_the_unfinished_game_went() {
    let home = &Home::new();
    run(home, &["--opponent", "human"], "e4\n");
    // Neither --resume nor --new: set aside, and said in the UI language.
    let out = run(home, &["--opponent", "human", "--lang", "de"], "");
    assert_eq!(out.len(), 1, "{out:?}");
    let name = out[0]
        .strip_prefix("Die Partie davor ist als ")
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("{out:?}"));
    assert!(name.starts_with("unbeendet-"), "{out:?}");
    assert!(
        home.path()
            .join(format!("data/annabella/games/{name}.json"))
            .exists(),
        "{out:?}"
    );
}

#[test]
fn a_finished_game_is_kept_to_replay_and_export() {
    let mate = "f3\ne5\ng4\nQh4#\n";
    let said = ": unknown players, 2 moves, 0-1, ";
    let out = kept_and_loaded(mate, "game-", said, "pgn\nstart\nnext\n");
    assert!(out.contains(&"Start of the game.".to_string()), "{out:?}");
    assert!(
        out.contains(&"1. White: Bauer Felix drei".to_string()),
        "{out:?}"
    );
    assert!(
        out.contains(&"1. f3 e5 2. g4 Qh4# 0-1".to_string()),
        "{out:?}"
    );
}

#[test]
fn a_kept_game_whose_moves_do_not_fit_is_moved_aside_and_said() {
    for args in [
        &["--opponent", "human", "--resume"][..],
        &["--opponent", "human"],
    ] {
        let home = Home::new();
        run(&home, &["--opponent", "human"], "e4\ne5\n");
        let data = home.path().join("data/annabella");
        let kept = fs::read_to_string(data.join("current.json")).unwrap();
        fs::write(data.join("current.json"), kept.replace("e2e4", "e2e5")).unwrap();
        let out = run(&home, args, "d4\n");
        assert!(
            out[0].starts_with(
                "The game kept from the last run cannot be set up again: its moves do not fit its position. Its file was moved aside to "
            ),
            "{args:?}: {out:?}"
        );
        // The game is named as the player knows it; only the place the
        // file went to is a path.
        assert!(!out[0].starts_with("current"), "{out:?}");
        assert_eq!(
            out.last().map(String::as_str),
            Some("1. White: Bauer David vier")
        );
        assert_eq!(kept_aside(&data).len(), 1, "{args:?}");
        // Not among the saved games as a game that cannot be loaded.
        let games = data.join("games");
        let saved = fs::read_dir(&games).map_or(0, |d| d.count());
        assert_eq!(saved, 0, "{args:?}");
    }
}

#[test]
fn a_torn_journal_record_is_dropped_with_a_notice_and_the_game_goes_on() {
    let home = Home::new();
    let args = ["--opponent", "human", "--style", "san", "--lang", "en"];
    let out = run(&home, &args, "e4\ne5\nNf3\n");
    assert_eq!(out.len(), 3, "{out:?}");
    // A crash in the middle of the next append leaves half a record.
    let journal = home.path().join("data/annabella/current.journal");
    let mut bytes = fs::read(&journal).expect("a journal beside the autosave");
    bytes.extend_from_slice(b"61 0badf00d {\"change\":{\"moves\":{\"keep\":3,\"ad");
    fs::write(&journal, bytes).unwrap();
    let mut resume = args.to_vec();
    resume.push("--resume");
    let out = run(&home, &resume, "status\n");
    assert_eq!(
        out[0],
        "The last change before the program stopped was only half written and is dropped; \
         every answered move is kept.",
        "{out:?}"
    );
    // e4 e5 Nf3 kept: Black to move in move 2.
    assert!(out.iter().any(|l| l == "Black to move, move 2."), "{out:?}");
}

#[test]
fn a_game_ended_in_a_later_run_is_kept_as_over_at_the_next_start() {
    let home = Home::new();
    run(&home, &["--opponent", "human"], "f3\ne5\ng4\n");
    // The mate is a record of the journal the first run left.
    run(&home, &["--opponent", "human", "--resume"], "Qh4#\n");
    let out = run(&home, &["--opponent", "human"], "games\n");
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(out[0].starts_with("The game before is saved as game-"));
    assert!(out[1].starts_with("game-"), "{out:?}");
    assert!(
        out[1].contains(": unknown players, 2 moves, 0-1, "),
        "{out:?}"
    );
}

#[test]
fn a_game_put_aside_whose_file_a_crash_lost_is_there_at_the_next_start() {
    let home = Home::new();
    run(&home, &["--opponent", "human"], "e4\n");
    // Put aside in a batch that is a journal's records, not a checkpoint.
    let out = run(&home, &["--opponent", "human", "--resume"], "e5\nnew\nd4\n");
    let name = out
        .iter()
        .find_map(|line| {
            line.split_whitespace()
                .find(|w| w.starts_with("unfinished-"))
        })
        .unwrap_or_else(|| panic!("no name said: {out:?}"))
        .trim_end_matches(['.', ',', ';']);
    let file = home
        .path()
        .join("data/annabella/games")
        .join(format!("{name}.json"));
    let kept = fs::read(&file).unwrap();
    // Never flushed to the disk, it went with the power.
    fs::remove_file(&file).unwrap();
    let out = run(&home, &["--opponent", "human", "--resume"], "games\n");
    assert!(
        out.iter()
            .any(|line| line.starts_with(&format!("{name}: "))),
        "{out:?}"
    );
    assert_eq!(fs::read(&file).unwrap(), kept);
}

/// Black's seconds in a clock line ("White: 30 seconds, Black: 27
/// seconds.").
fn black_seconds(out: &[String]) -> u64 {
    let line = out
        .iter()
        .rev()
        .find(|l| l.starts_with("White: ") && l.contains("Black: "))
        .unwrap_or_else(|| panic!("no clock line in {out:?}"));
    let black = line.split("Black: ").nth(1).unwrap_or_default();
    black
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"))
}

#[test]
fn a_resumed_game_on_the_clock_does_not_give_back_the_time_used() {
    let home = Home::new();
    let mut pipe = common::Piped::start(
        &home,
        &["--opponent", "human", "--time", "0.5+0", "--lang", "en"],
    );
    pipe.send("e4");
    let wait = std::time::Duration::from_secs(30);
    assert!(pipe.recv(wait).is_some(), "no answer to e4");
    // Black's time runs while Black thinks.
    std::thread::sleep(std::time::Duration::from_secs(3));
    pipe.send("clock");
    let (_, said) = pipe.recv(wait).expect("the clock's answer");
    let before = black_seconds(&[said]);
    assert!(before < 30, "{before}");
    assert!(pipe.wait().success());
    // Resumed, Black's turn goes on from the time it had used.
    let out = run(&home, &["--resume", "--lang", "en"], "clock\n");
    assert!(black_seconds(&out) <= before, "{before} then {out:?}");
}

#[test]
fn quit_says_the_game_is_kept() {
    let home = Home::new();
    let out = run(&home, &["--opponent", "human"], "e4\nquit\n");
    assert_eq!(out[1..], ["The game is kept for next time.", "Goodbye."]);
    // Without a move there is nothing to keep, nor to say.
    let home = Home::new();
    let out = run(&home, &["--opponent", "human"], "quit\n");
    assert_eq!(out, ["Goodbye."]);
}

#[test]
fn a_second_run_on_the_same_data_directory_keeps_nothing_and_says_so() {
    let home = Home::new();
    let wait = std::time::Duration::from_secs(30);
    let args = ["--opponent", "human", "--style", "san", "--lang", "en"];
    let mut first = common::Piped::start(&home, &args);
    first.send("e4");
    assert!(first.recv(wait).is_some(), "no answer to e4");
    // The first run holds the folder while the second plays.
    let mut resumed = args.to_vec();
    resumed.push("--resume");
    let out = run(&home, &resumed, "d4\n");
    let data = home.path().join("data/annabella");
    assert_eq!(
        out[0],
        format!(
            "annabella is already running with the folder {}: this run plays without \
             keeping anything (no game, setting or drill score). To keep what it plays, \
             start it with --data-dir and another folder.",
            data.display()
        )
    );
    assert_eq!(out[1..], ["1. White: d4"]);
    first.send("e5");
    assert!(first.recv(wait).is_some(), "no answer to e5");
    assert!(first.wait().success());
    // Only the first run's game is kept, whole.
    let out = run(&home, &resumed, "history\n");
    assert_eq!(
        out.last().map(String::as_str),
        Some("1. White: e4; Black: e5"),
        "{out:?}"
    );
}

#[test]
fn a_killed_run_leaves_its_data_directory_free() {
    let home = Home::new();
    let mut first = common::Piped::start(&home, &["--opponent", "human", "--lang", "en"]);
    first.send("e4");
    assert!(first.recv(std::time::Duration::from_secs(30)).is_some());
    first.kill();
    // The kernel let go of the lock with the process: the game goes on.
    let out = run(&home, &["--resume", "--lang", "en"], "");
    assert_eq!(out[0], "The unfinished game goes on.", "{out:?}");
}
