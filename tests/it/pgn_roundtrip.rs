//! PGN import and export: every game of `tests/data/pgn/*.pgn` is
//! imported, its final position compared with one worked out by
//! `pgn-reader` and shakmaty alone (none of annabella's code), exported
//! and imported again with the same moves and tags. Then the odd files:
//! byte-order mark and CRLF, comments and variations, Chess960, illegal
//! and unreadable moves, cut and garbage files.

use crate::common;

use std::ops::ControlFlow;
use std::path::Path;
use std::time::Instant;

use annabella::rules::{
    EndReason, Game, ImportErrorKind, ImportedGame, PgnOptions, Tags, import_game, import_games,
    list_games,
};
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, KnownOutcome, Move, Position};

/// One game as the reference reads it: the start and the main line.
#[derive(Default)]
struct Reference {
    fen: Option<String>,
    tags: usize,
    sans: Vec<SanPlus>,
}

/// The reference reader: tags and main-line SAN, nothing else.
struct Collect;

impl Visitor for Collect {
    type Tags = Reference;
    type Movetext = Reference;
    type Output = Reference;

    fn begin_tags(&mut self) -> ControlFlow<Reference, Reference> {
        ControlFlow::Continue(Reference::default())
    }

    fn tag(&mut self, r: &mut Reference, name: &[u8], value: RawTag<'_>) -> ControlFlow<Reference> {
        r.tags += 1;
        if name == b"FEN" {
            r.fen = Some(value.decode_utf8_lossy().into_owned());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, r: Reference) -> ControlFlow<Reference, Reference> {
        ControlFlow::Continue(r)
    }

    fn san(&mut self, r: &mut Reference, san: SanPlus) -> ControlFlow<Reference> {
        r.sans.push(san);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, r: Reference) -> Reference {
        r
    }
}

/// What the reference expects of one game: the moves up to the end of
/// the record or of the game (FIDE ends it at mate, stalemate, a dead
/// position as shakmaty judges it, fivefold repetition or 75 moves), and
/// the final FEN.
struct Expected {
    moves: Vec<Move>,
    cut: bool,
    fen: String,
}

fn key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

fn ended(pos: &Chess, keys: &[u64]) -> bool {
    let last = keys.last().copied().unwrap_or_default();
    pos.is_game_over() || keys.iter().filter(|&&k| k == last).count() >= 5 || pos.halfmoves() >= 150
}

fn expected(r: &Reference) -> Expected {
    let mut pos: Chess = match &r.fen {
        None => Chess::default(),
        Some(fen) => {
            let setup = fen.parse::<Fen>().expect("reference FEN").into_setup();
            let mode = CastlingMode::detect(&setup);
            setup.position(mode).expect("reference position")
        }
    };
    let mut keys = vec![key(&pos)];
    let mut moves = Vec::new();
    let mut cut = false;
    for san in &r.sans {
        if ended(&pos, &keys) {
            cut = true;
            break;
        }
        let mv = san.san.to_move(&pos).expect("legal reference move");
        pos.play_unchecked(mv);
        keys.push(key(&pos));
        moves.push(mv);
    }
    let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
    Expected { moves, cut, fen }
}

fn moves(game: &Game) -> Vec<Move> {
    game.plies().iter().map(|ply| ply.mv).collect()
}

/// Checks one file; returns (games, plies, games that go on after their end).
fn round_trip_file(path: &Path) -> (usize, usize, usize) {
    let text = std::fs::read(path).expect("readable PGN");
    let name = path.display();
    let mut reader = Reader::new(&text[..]);
    let references: Vec<Reference> = reader
        .read_games(&mut Collect)
        .collect::<Result<_, _>>()
        .expect("the reference reads the file");
    let imported = import_games(&text);
    assert_eq!(imported.len(), references.len(), "{name}: games");
    let listed = list_games(&text);
    assert_eq!(listed.len(), references.len(), "{name}: listed games");
    let (mut plies, mut cut) = (0, 0);
    for (i, (game, reference)) in imported.iter().zip(&references).enumerate() {
        let n = i + 1;
        let expected = expected(reference);
        assert_eq!(game.tags.len(), reference.tags, "{name} #{n}: tags");
        assert_eq!(moves(&game.game), expected.moves, "{name} #{n}: moves");
        assert_eq!(game.game.fen(), expected.fen, "{name} #{n}: final FEN");
        match &game.error {
            None => assert!(!expected.cut, "{name} #{n}: went on after the end"),
            Some(e) => assert!(
                expected.cut && e.kind == ImportErrorKind::AfterEnd && e.game == n,
                "{name} #{n}: {e:?}"
            ),
        }
        assert_eq!(
            listed[i].plies,
            reference.sans.len(),
            "{name} #{n}: listed plies"
        );
        assert_eq!(Some(listed[i].white.as_str()), game.tag("White"));
        replay(&game.game, &expected.fen);
        let tags = round_trip(game, &format!("{name} #{n}"));
        assert_eq!(tags, game.tags, "{name} #{n}: tags read back");
        let alone = import_game(&text, n).expect("game n");
        assert_eq!(alone.tags, game.tags, "{name} #{n}: import_game tags");
        assert_eq!(
            moves(&alone.game),
            moves(&game.game),
            "{name} #{n}: import_game"
        );
        plies += game.game.plies().len();
        cut += usize::from(expected.cut);
    }
    assert!(import_game(&text, imported.len() + 1).is_none());
    (imported.len(), plies, cut)
}

/// Walks the game from its start with `Game::play`, as a replay does, to
/// the same end.
fn replay(game: &Game, fen: &str) {
    let mut again = Game::from_fen(game.initial_fen()).expect("start FEN");
    for ply in game.plies() {
        again.play(ply.mv).expect("replayed move");
    }
    assert_eq!(again.fen(), fen);
    assert_eq!(again.plies(), game.plies());
}

/// Exports `game` with its tags, imports it again: same moves, same tags.
/// Returns the tags read back.
fn round_trip(game: &ImportedGame, label: &str) -> Tags {
    let pgn = game.game.pgn_with(&PgnOptions {
        tags: &game.tags,
        ..PgnOptions::default()
    });
    let again = import_games(pgn.as_bytes());
    assert_eq!(again.len(), 1, "{label}: {pgn}");
    let again = &again[0];
    assert_eq!(again.error, None, "{label}: {pgn}");
    assert_eq!(moves(&again.game), moves(&game.game), "{label}: {pgn}");
    // A game without the seven tag roster gets it; all else stays as read.
    let kept: Tags = again
        .tags
        .iter()
        .filter(|&(name, value)| game.tags.contains(name, value))
        .collect();
    assert_eq!(kept, game.tags, "{label}: {pgn}");
    let roster = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
    for (name, value) in again.tags.iter() {
        let added = !game.tags.contains(name, value);
        assert!(!added || roster.contains(&name), "{label}: {name} {value}");
    }
    assert_eq!(again.game.result(), game.game.result(), "{label}");
    again.tags.clone()
}

#[test]
fn every_shared_game_round_trips() {
    let started = Instant::now();
    let files = common::shared_pgn_files();
    assert!(!files.is_empty(), "no shared PGN files");
    let (mut games, mut plies, mut cut) = (0, 0, 0);
    for path in &files {
        let (g, p, c) = round_trip_file(path);
        println!(
            "{}: {g} games, {p} plies, {c} going on after their end",
            path.display()
        );
        games += g;
        plies += p;
        cut += c;
    }
    println!(
        "round trip: {games} games, {plies} plies ({cut} going on after their end) \
         from {} files in {:.1?}",
        files.len(),
        started.elapsed()
    );
    assert!(games > 100);
}

fn one(text: &str) -> ImportedGame {
    let mut games = import_games(text.as_bytes());
    assert_eq!(games.len(), 1, "{text:?}");
    games.remove(0)
}

fn sans(game: &Game) -> Vec<String> {
    game.plies().iter().map(|p| p.san.to_string()).collect()
}

#[test]
fn byte_order_mark_and_crlf() {
    let text = "\u{feff}[Event \"Club\"]\r\n[White \"Anna\"]\r\n[Black \"Bella\"]\r\n\r\n\
                1. e4 e5\r\n2. Nf3 1/2-1/2\r\n\r\n";
    let game = one(text);
    assert_eq!(game.error, None);
    assert_eq!(
        game.tags.iter().collect::<Vec<_>>(),
        [("Event", "Club"), ("White", "Anna"), ("Black", "Bella")]
    );
    assert_eq!(sans(&game.game), ["e4", "e5", "Nf3"]);
    let result = game.game.result().expect("a result");
    assert_eq!(result.outcome, KnownOutcome::Draw);
    // No Termination tag: the record does not say why.
    assert_eq!(result.reason, EndReason::Unknown);
}

#[test]
fn comments_nags_and_variations_are_read_past() {
    let text = "[Event \"x\"]\n\n1. e4 {best by test} $1 e5!? (1... c5 2. Nf3 (2. c3 d5) d6)\n\
                ; a line comment\n2. Nf3 ?? Nc6 {a (bracket} 3. Bb5 $14 *\n";
    let game = one(text);
    assert_eq!(game.error, None);
    assert_eq!(sans(&game.game), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    assert_eq!(game.game.result(), None, "`*` leaves the game open");
}

#[test]
fn chess960_with_x_fen_and_shredder_fen() {
    for (variant, castling) in [
        ("Chess960", "KQkq"),
        ("chess 960", "HAha"),
        ("Fischerandom", "KQkq"),
    ] {
        let text = format!(
            "[Variant \"{variant}\"]\n[SetUp \"1\"]\n\
             [FEN \"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w {castling} - 0 1\"]\n\n\
             1. O-O O-O-O 2. Rfe1 *\n"
        );
        let game = one(&text);
        assert_eq!(game.error, None, "{variant}");
        assert_eq!(game.game.castling_mode(), CastlingMode::Chess960);
        assert_eq!(sans(&game.game), ["O-O", "O-O-O", "Rfe1"]);
        assert_eq!(
            game.game.fen(),
            "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R3R1K1 b - - 3 2"
        );
        let _ = round_trip(&game, variant);
    }
}

#[test]
fn a_chess960_start_keeps_its_number() {
    for n in [0, 518, 959] {
        let start = Game::chess960(n).expect("start").initial_fen().to_string();
        let text = format!("[Variant \"Chess960\"]\n[FEN \"{start}\"]\n\n1. a3 *\n");
        let game = one(&text);
        assert_eq!(game.game.chess960_number(), Some(n));
        assert_eq!(sans(&game.game), ["a3"]);
    }
    let plain = one("[Variant \"Chess960\"]\n\n1. e4 *\n");
    assert_eq!(plain.game.chess960_number(), Some(518));
}

#[test]
fn an_unknown_variant_or_a_bad_fen_stops_the_game() {
    let game = one("[Variant \"Atomic\"]\n\n1. e4 *\n");
    let error = game.error.expect("an error");
    assert_eq!(
        (error.kind, error.text.as_str()),
        (ImportErrorKind::UnknownVariant, "Atomic")
    );
    let game = one("[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n");
    let error = game.error.expect("an error");
    assert_eq!(
        (error.kind, error.text.as_str()),
        (ImportErrorKind::BadFen, "8/8/8 w - - 0 1")
    );
    assert!(game.game.plies().is_empty());
}

#[test]
fn an_illegal_move_is_reported_and_the_game_kept_to_there() {
    let text = "[Event \"one\"]\n\n1. e4 e5 1-0\n\n[Event \"two\"]\n\n\
                1. e4 e5 2. Nf3 Nc6 3. Ke3 Nf6 1-0\n\n[Event \"three\"]\n\n1. d4 *\n";
    let games = import_games(text.as_bytes());
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].error, None);
    let error = games[1].error.clone().expect("game two stops");
    assert_eq!(error.game, 2);
    assert_eq!(error.move_number, 3);
    assert_eq!(error.color, Color::White);
    assert_eq!(error.text, "Ke3");
    assert_eq!(error.kind, ImportErrorKind::Illegal);
    assert_eq!(sans(&games[1].game), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(
        games[1].game.result(),
        None,
        "the file's result is not taken"
    );
    assert_eq!(sans(&games[2].game), ["d4"]);

    let game = one("1. Nc3 Nc6 2. e3 e6 3. Ne2 *");
    let error = game.error.expect("ambiguous");
    assert_eq!(
        (error.kind, error.move_number, error.color),
        (ImportErrorKind::Ambiguous, 3, Color::White)
    );
}

#[test]
fn moves_after_the_end_are_reported() {
    let game = one("1. f3 e5 2. g4 Qh4# 3. a3 0-1");
    let error = game.error.expect("moves after mate");
    assert_eq!(
        (error.kind, error.text.as_str()),
        (ImportErrorKind::AfterEnd, "a3")
    );
    assert_eq!(
        game.game.result().map(|r| r.reason),
        Some(EndReason::Checkmate)
    );
}

#[test]
fn results_from_the_tags() {
    let decide = |result: &str, termination: &str| {
        let text = format!(
            "[Result \"{result}\"]\n[Termination \"{termination}\"]\n\n1. e4 e5 {result}\n"
        );
        one(&text).game.result()
    };
    let white = KnownOutcome::Decisive {
        winner: Color::White,
    };
    let on_time = decide("1-0", "Time forfeit").expect("result");
    assert_eq!(
        (on_time.outcome, on_time.reason),
        (white, EndReason::TimeForfeit)
    );
    let resigned = decide("0-1", "Normal").expect("result");
    assert_eq!(resigned.reason, EndReason::Resignation);
    assert_eq!(decide("*", "Unterminated"), None);
    // Without a Termination tag no reason is guessed (issue 34, item 17).
    for result in ["1-0", "1/2-1/2"] {
        let untold = one(&format!("[Result \"{result}\"]\n\n1. e4 e5 {result}\n"));
        assert_eq!(
            untold.game.result().map(|r| r.reason),
            Some(EndReason::Unknown),
            "{result}"
        );
    }
    let mate = one("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1")
        .game
        .result();
    assert_eq!(mate.map(|r| r.reason), Some(EndReason::Checkmate));
    let mut game = Game::new();
    assert!(game.set_result_from_pgn(KnownOutcome::Draw, None).is_some());
    assert_eq!(game.result().map(|r| r.reason), Some(EndReason::Unknown));
    let mut game = Game::new();
    let agreed = game.set_result_from_pgn(KnownOutcome::Draw, Some("Normal"));
    assert_eq!(agreed.map(|r| r.reason), Some(EndReason::Agreement));
}

#[test]
fn a_cut_file_keeps_what_was_read() {
    let game = one("[Event \"cut\"]\n\n1. e4 e5 2. Nf");
    let error = game.error.expect("cut move");
    assert_eq!(error.kind, ImportErrorKind::Unreadable);
    assert_eq!(
        (error.move_number, error.color, error.text.as_str()),
        (2, Color::White, "Nf")
    );
    assert_eq!(sans(&game.game), ["e4", "e5"]);

    let game = one("[Event \"cut\"]\n\n1. e4 { the comment breaks off");
    assert_eq!(
        game.error.map(|e| e.kind),
        Some(ImportErrorKind::Unreadable)
    );
    assert_eq!(sans(&game.game), ["e4"]);

    let game = one("[Event \"cut\"]\n[White \"Ann");
    assert_eq!(
        game.error.map(|e| e.kind),
        Some(ImportErrorKind::Unreadable)
    );

    // Every cut of a real game: no panic, and never more moves than before.
    let text = std::fs::read(&common::shared_pgn_files()[0]).expect("shared PGN");
    let first = &text[..text.len().min(3000)];
    for end in 0..first.len() {
        let games = import_games(&first[..end]);
        assert!(games.len() <= 2);
        let _ = list_games(&first[..end]);
    }
}

#[test]
fn garbage_does_not_panic() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let alphabet = b"[]{}()\"\\;%$!?*.-=+#/0123456789abcdefghKQRBNOPxXZ \n\r\t\xef\xbb\xbf\xff";
    for round in 0..3000 {
        let len = (next() % 200) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                let r = next();
                if round % 2 == 0 {
                    alphabet[(r % alphabet.len() as u64) as usize]
                } else {
                    r as u8
                }
            })
            .collect();
        for game in import_games(&bytes) {
            let _ = game.game.pgn_with(&PgnOptions {
                tags: &game.tags,
                german: true,
                ..PgnOptions::default()
            });
        }
        let _ = list_games(&bytes);
        let _ = import_game(&bytes, 2);
    }
    // A real file with bytes changed here and there.
    let text = std::fs::read(&common::shared_pgn_files()[0]).expect("shared PGN");
    let mut text = text[..text.len().min(20_000)].to_vec();
    for _ in 0..200 {
        for _ in 0..5 {
            let at = (next() % text.len() as u64) as usize;
            text[at] = alphabet[(next() % alphabet.len() as u64) as usize];
        }
        for game in import_games(&text) {
            let _ = game.game.pgn_with(&PgnOptions::default());
        }
    }
}

#[test]
fn several_games_listed_and_picked() {
    let text = "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 1-0\n\n\
                [White \"C\"]\n[Black \"D\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
                [White \"E\"]\n[Black \"F\"]\n\n1. d4 *\n";
    let listed = list_games(text.as_bytes());
    let shown: Vec<(&str, &str, String, usize)> = listed
        .iter()
        .map(|g| {
            (
                g.white.as_str(),
                g.black.as_str(),
                g.result.to_string(),
                g.plies,
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            ("A", "B", "1-0".to_string(), 3),
            ("C", "D", "0-1".to_string(), 4),
            ("E", "F", "*".to_string(), 1)
        ]
    );
    let second = import_game(text.as_bytes(), 2).expect("game 2");
    assert_eq!(second.tag("White"), Some("C"));
    assert_eq!(
        second.game.result().map(|r| r.reason),
        Some(EndReason::Checkmate)
    );
    assert!(import_game(text.as_bytes(), 4).is_none());
    assert!(import_game(text.as_bytes(), 0).is_none());
}

#[test]
fn german_export() {
    let text = "[FEN \"r3k3/1P6/8/8/8/8/8/R3K2R w KQq - 0 1\"]\n\n\
                1. O-O Kd7 2. bxa8=Q Ke7 3. Qb7+ *";
    let game = one(text);
    assert_eq!(game.error, None);
    let pgn = game.game.pgn_with(&PgnOptions {
        german: true,
        players: ["Anna", "Bella"],
        date: "2026.01.02",
        ..PgnOptions::default()
    });
    assert!(pgn.contains("1. O-O Kd7 2. bxa8=D Ke7 3. Db7+ *"), "{pgn}");
    assert!(pgn.starts_with("[Event \"annabella game\"]\n[Site \"?\"]\n[Date \"2026.01.02\"]\n"));
    assert!(pgn.contains("[White \"Anna\"]\n[Black \"Bella\"]\n[Result \"*\"]\n[SetUp \"1\"]\n"));
}

#[test]
fn imported_tags_fill_the_roster_and_stay() {
    let game = one(
        "[Event \"Open\"]\n[Site \"Tartu\"]\n[Date \"2025.06.01\"]\n[Round \"3\"]\n\
         [White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n[WhiteElo \"2100\"]\n\n\
         1. e4 e5 1-0\n",
    );
    let pgn = game.game.pgn_with(&PgnOptions {
        tags: &game.tags,
        players: ["ignored", "ignored"],
        ..PgnOptions::default()
    });
    assert!(
        pgn.starts_with(
            "[Event \"Open\"]\n[Site \"Tartu\"]\n[Date \"2025.06.01\"]\n[Round \"3\"]\n\
         [White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n[WhiteElo \"2100\"]\n\n\
         1. e4 e5 1-0\n"
        ),
        "{pgn}"
    );
}
