//! Scoresheets as players write them, read into moves and reconciled.
//!
//! Every expected move list is computed here with shakmaty alone
//! (`San::from_ascii(...).to_move(&pos)`), never with the code under test.

use crate::common;

use std::ops::ControlFlow;

use annabella::dual::scoresheet::{
    Disagreement, EXCERPT_CHARS, Sheet, SheetStop, SheetStopKind, first_difference, place,
    read_sheet, reconcile, reconcile_read,
};
use annabella::rules::{Game, german_san};
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{Board, CastlingMode, Chess, Color, Move, Position};

/// The moves of a line of SAN from `pos`, by shakmaty alone.
fn moves_from(pos: &Chess, sans: &str) -> Vec<Move> {
    let mut pos = pos.clone();
    let mut moves = Vec::new();
    for san in sans.split_whitespace() {
        let mv = San::from_ascii(san.as_bytes())
            .unwrap_or_else(|e| panic!("{san}: {e}"))
            .to_move(&pos)
            .unwrap_or_else(|e| panic!("{san}: {e}"));
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    moves
}

fn standard(sans: &str) -> Vec<Move> {
    moves_from(&Chess::default(), sans)
}

fn position(fen: &str, mode: CastlingMode) -> Chess {
    let fen: Fen = fen.parse().expect("FEN");
    fen.into_position(mode).expect("position")
}

/// The Ruy Lopez to move 10, the sheets' common game.
const RUY_LOPEZ: &str = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7";

fn stop(sheet: &Sheet) -> (usize, SheetStopKind, &str) {
    let stop: &SheetStop = sheet.stop.as_ref().expect("the sheet stops");
    (stop.ply, stop.kind, stop.text.as_str())
}

#[test]
fn pgn_with_tags_comments_nags_and_a_variation() {
    let text = r#"[Event "Club championship, round 3"]
[Site "Berlin \"Kreuzberg\""]
[White "Schmidt"]
[Black "Meyer"]
[Result "1-0"]

1. e4 {The king's pawn} e5 2. Nf3 $1 Nc6 3. Bb5!? (3. Bc4 Bc5 {Italian} 4. c3)
3... a6 4. Ba4 Nf6 5. O-O Be7 ; a comment to the end of the line 6. Qe2
6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 $14 10. d4 Nbd7 1-0

[Event "The next game"]
1. d4 d5 *
"#;
    let sheet = read_sheet(text, &Game::new());
    assert_eq!(sheet.stop, None);
    assert_eq!(sheet.moves, standard(RUY_LOPEZ));
}

#[test]
fn pgn_from_a_set_up_position_with_black_to_move() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 12";
    let text = format!(
        "[Event \"Study\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n12... Nf6 13. Nc3 Bb4 14. Nd5 O-O *\n"
    );
    let sheet = read_sheet(&text, &Game::from_fen(fen).expect("FEN"));
    assert_eq!(sheet.stop, None);
    let start = position(fen, CastlingMode::Standard);
    assert_eq!(sheet.moves, moves_from(&start, "Nf6 Nc3 Bb4 Nd5 O-O"));
}

/// Chess960 start RKNNRQBB: both sides castle long after the knights
/// have left c1 and d1.
const RKNNRQBB: &str = "rknnrqbb/pppppppp/8/8/8/8/PPPPPPPP/RKNNRQBB w EAea - 0 1";
const CASTLE_960: &str = "Nb3 Nb6 Nc3 Nc6 O-O-O O-O-O";

fn chess960_game() -> (Game, Chess) {
    let start = position(RKNNRQBB, CastlingMode::Chess960);
    let n = (0..960)
        .find(|&n| Board::chess960(n) == *start.board())
        .expect("a Chess960 start");
    (Game::chess960(n).expect("start"), start)
}

#[test]
fn pgn_of_a_chess960_game() {
    let (game, start) = chess960_game();
    let text = format!(
        "[Variant \"Chess960\"]\n[FEN \"{RKNNRQBB}\"]\n\n1. Nb3 Nb6 2. Nc3 Nc6 3. O-O-O O-O-O *"
    );
    let sheet = read_sheet(&text, &game);
    assert_eq!(sheet.stop, None);
    let expected = moves_from(&start, CASTLE_960);
    assert!(expected[4].is_castle());
    assert_eq!(sheet.moves, expected);
    // The same sheet spoken, in plain text.
    let spoken = "1. Springer Bella drei, Springer Bella sechs\n\
                  2. Springer Cäsar drei, Springer Cäsar sechs\n\
                  3. lange Rochade, lange Rochade\n";
    assert_eq!(read_sheet(spoken, &game).moves, expected);
}

#[test]
fn plain_san_one_move_per_line() {
    let text = "# Club championship, round 3\n\
                e4\r\ne5\n\nNf3\nNc6\nBb5\na6 ; the Morphy defence\nBa4\nNf6\nO-O\nBe7\n\
                Re1\nb5\nBb3\nd6\nc3\nO-O\nh3\nNb8\nd4\nNbd7\n1-0\n";
    let sheet = read_sheet(text, &Game::new());
    assert_eq!(sheet.stop, None);
    assert_eq!(sheet.moves, standard(RUY_LOPEZ));
}

#[test]
fn plain_numbered_pairs_in_german_letters() {
    let text = "1. e4 e5\n2. Sf3 Sc6\n3. Lb5 a6\n4. La4 Sf6\n5. 0-0 Le7\n\
                6. Te1 b5\n7. Lb3 d6\n8. c3 0-0\n9. h3 Sb8\n10. d4 Sbd7\n1:0\n";
    let sheet = read_sheet(text, &Game::new());
    assert_eq!(sheet.stop, None);
    assert_eq!(sheet.moves, standard(RUY_LOPEZ));
}

#[test]
fn plain_spoken_german_one_move_per_line() {
    let text = "Bauer e vier\nBauer e fünf\nSpringer Felix drei\nSpringer Cäsar sechs\n\
                Läufer Bella fünf\nBauer Anna sechs\nLäufer Anna vier\nSpringer Felix sechs\n\
                kurze Rochade\nLäufer Eva sieben\nTurm nach Eva eins\nBauer b fünf\n\
                Läufer b drei\nBauer d sechs\nBauer c drei\nkurze Rochade\nBauer h drei\n\
                Springer b acht\nBauer David vier\nSpringer b d sieben\n";
    let sheet = read_sheet(text, &Game::new());
    assert_eq!(sheet.stop, None);
    assert_eq!(sheet.moves, standard(RUY_LOPEZ));
}

#[test]
fn plain_spoken_english_one_move_per_line() {
    let text = "pawn to e four\ne five\nknight to f three\nknight c six\n\
                bishop b five\npawn a six\nbishop takes knight on c six\nd takes c six\n\
                castles kingside\nqueen to f six\n";
    let sheet = read_sheet(text, &Game::new());
    assert_eq!(sheet.stop, None);
    assert_eq!(
        sheet.moves,
        standard("e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O Qf6")
    );
}

#[test]
fn plain_spoken_numbered_pairs_without_separator() {
    let german = "1 Bauer e vier Bauer e fünf\n\
                  2 Springer Felix drei Springer Cäsar sechs\n\
                  3 Läufer Bella fünf Bauer Anna sechs\n\
                  4 Läufer Anna vier Springer Felix sechs\n\
                  5 kurze Rochade Läufer Eva sieben\n\
                  6 Turm Eva eins Bauer Bella fünf\n";
    let expected = standard("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5");
    let sheet = read_sheet(german, &Game::new());
    assert_eq!(sheet.stop, None);
    assert_eq!(sheet.moves, expected);
    let english = "1. pawn e four pawn e five\n\
                   2. knight to f three knight to c six\n\
                   3. bishop b five pawn a six\n\
                   4. bishop a four knight f six\n\
                   5. castles kingside bishop e seven\n\
                   6. rook e one b five\n";
    let sheet = read_sheet(english, &Game::new());
    assert_eq!(sheet.stop, None);
    assert_eq!(sheet.moves, expected);
}

#[test]
fn plain_numbered_lines_with_separators_and_black_alone() {
    let text = "1. e4 - e5\n\
                2 Springer Felix drei, Springer Cesar sechs\n\
                3. Lb5\ta6\n\
                4. Ba4\n\
                4... Nf6\n\
                5. O-O; Be7 ; book\n\
                6 Te1  b5\n\
                7. Sb1 - c3\n";
    let sheet = read_sheet(text, &Game::new());
    assert_eq!(sheet.stop, None);
    assert_eq!(
        sheet.moves,
        standard("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Nc3")
    );
}

#[test]
fn movetext_without_tags_is_read_as_pgn() {
    let text = "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 {Morphy} 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6\n\
                8.c3 O-O 9.h3 Nb8 10.d4 Nbd7 1-0";
    let sheet = read_sheet(text, &Game::new());
    assert_eq!(sheet.stop, None);
    assert_eq!(sheet.moves, standard(RUY_LOPEZ));
    // German letters in movetext too.
    let text = "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 6. Te1 b5 *";
    assert_eq!(
        read_sheet(text, &Game::new()).moves,
        standard("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5")
    );
}

#[test]
fn an_illegal_move_stops_the_sheet_where_it_stands() {
    // White's knight on f3 cannot reach f5: move 5 White, half-move 8.
    let text = "1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6\n4. Ba4 Nf6\n5. Nf5 Be7\n6. Re1 b5\n";
    let sheet = read_sheet(text, &Game::new());
    assert_eq!(stop(&sheet), (8, SheetStopKind::Illegal, "Nf5"));
    assert_eq!(sheet.moves, standard("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6"));
    // Black's move of a pair: the knight on f6 blocks the queen.
    let text = "1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6\n4. Ba4 Nf6\n5. O-O Qh4\n";
    let sheet = read_sheet(text, &Game::new());
    assert_eq!(stop(&sheet), (9, SheetStopKind::Illegal, "Qh4"));
    assert_eq!(sheet.moves, standard("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O"));
    // In PGN as well.
    let text = "[Event \"x\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. Nf5 *";
    let sheet = read_sheet(text, &Game::new());
    assert_eq!(stop(&sheet), (8, SheetStopKind::Illegal, "Nf5"));
}

#[test]
fn an_unreadable_word_stops_the_sheet() {
    let text = "e4\ne5\nNf3\nKuchen\nBb5\n";
    let sheet = read_sheet(text, &Game::new());
    assert_eq!(stop(&sheet), (3, SheetStopKind::Unreadable, "Kuchen"));
    assert_eq!(sheet.moves, standard("e4 e5 Nf3"));
    // A spoken pair whose second move has no rank nine.
    let text = "1 Bauer e vier Bauer e fünf\n2 Springer Felix drei Springer Cäsar neun\n";
    let sheet = read_sheet(text, &Game::new());
    assert_eq!(
        stop(&sheet),
        (3, SheetStopKind::Unreadable, "Springer Cäsar neun")
    );
    assert_eq!(sheet.moves, standard("e4 e5 Nf3"));
}

#[test]
fn an_ambiguous_move_stops_the_sheet() {
    // Both knights reach d2.
    let text = "1. d4 d5\n2. Nf3 Nf6\n3. Nd2\n";
    let sheet = read_sheet(text, &Game::new());
    assert_eq!(stop(&sheet), (4, SheetStopKind::Ambiguous, "Nd2"));
    assert_eq!(sheet.moves, standard("d4 d5 Nf3 Nf6"));
    // A promotion must name its piece.
    let game = Game::from_fen("8/P6k/8/8/8/8/8/4K3 w - - 0 1").expect("FEN");
    let sheet = read_sheet("1. a8\n", &game);
    assert_eq!(stop(&sheet), (0, SheetStopKind::Ambiguous, "a8"));
    let sheet = read_sheet("1. a8=D\n", &game);
    assert_eq!(sheet.stop, None);
    assert_eq!(sheet.moves.len(), 1);
    // A line that splits into two different pairs of moves: the knight
    // takes on f3, then a pawn or the bishop takes on e5.
    let fen = "4k3/6b1/3p4/4B3/8/5p2/8/4K1N1 w - - 0 1";
    let sheet = read_sheet("1. Sf3 x Le5\n", &Game::from_fen(fen).expect("FEN"));
    assert_eq!(stop(&sheet), (0, SheetStopKind::Ambiguous, "Sf3 x Le5"));
}

/// A game of twelve moves and more, and sheets written of it.
const SCOTCH: &str = "e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6 Nxc6 bxc6 e5 Qe7 Qe2 Nd5 c4 Ba6 \
                      b3 O-O-O g3 Re8 Bb2 f6 Bg2 fxe5 O-O Qf7";

#[test]
fn first_difference_and_reconcile() {
    let game = standard(SCOTCH);
    // Equal records.
    let same = read_sheet(
        "1. e4 e5\n2. Nf3 Nc6\n3. d4 exd4\n4. Nxd4 Nf6\n5. Nxc6 bxc6\n6. e5 Qe7\n\
         7. Qe2 Nd5\n8. c4 Ba6\n9. b3 O-O-O\n10. g3 Re8\n11. Bb2 f6\n12. Bg2 fxe5\n\
         13. O-O Qf7\n",
        &Game::new(),
    );
    assert_eq!(same.stop, None);
    assert_eq!(first_difference(&game, &same.moves), None);
    let all = reconcile(&game, &[&same.moves]);
    assert_eq!((all.agreed, all.first), (game.len(), None));
    // A sheet that ends after move 10.
    let short = read_sheet(
        "1. e4 e5\n2. Nf3 Nc6\n3. d4 exd4\n4. Nxd4 Nf6\n5. Nxc6 bxc6\n6. e5 Qe7\n\
         7. Qe2 Nd5\n8. c4 Ba6\n9. b3 O-O-O\n10. g3 Re8\n",
        &Game::new(),
    );
    assert_eq!(short.stop, None);
    let shorter = short.moves.as_slice();
    assert_eq!(first_difference(&game, shorter), Some(20));
    // Merely behind the game, it is no difference: it agrees as far as it
    // goes, and restore has nothing to take back (issue 34, item 16).
    let r = reconcile(&game, &[shorter]);
    assert_eq!((r.agreed, r.first, r.behind), (game.len(), None, vec![6]));
    let empty = reconcile(&game, &[&[]]);
    assert_eq!((empty.agreed, empty.first), (game.len(), None));
    // Two sheets behind: each says by how much.
    let r = reconcile(&game, &[shorter, &game[..23]]);
    assert_eq!((r.agreed, r.behind), (game.len(), vec![6, 3]));
    // A sheet that stops at a move that is none has something there the
    // game does not: that is a difference, not a sheet behind.
    let stopped = Sheet {
        moves: shorter.to_vec(),
        stop: Some(SheetStop {
            ply: 20,
            text: "--".into(),
            kind: SheetStopKind::NullMove,
        }),
    };
    let r = reconcile_read(&game, &[stopped]);
    assert_eq!((r.agreed, r.behind), (20, vec![0]));
    assert_eq!(r.first.map(|d| d.sheets), Some(vec![None]));
    assert_eq!(first_difference(shorter, &game), Some(20));
    // A sheet that has 12... Qf7 where the game has 12... fxe5.
    let differs = read_sheet(
        "1. e4 e5\n2. Nf3 Nc6\n3. d4 exd4\n4. Nxd4 Nf6\n5. Nxc6 bxc6\n6. e5 Qe7\n\
         7. Qe2 Nd5\n8. c4 Ba6\n9. b3 O-O-O\n10. g3 Re8\n11. Bb2 f6\n12. Bg2 Qf7\n",
        &Game::new(),
    );
    assert_eq!(differs.stop, None);
    let at = first_difference(&game, &differs.moves).expect("a difference");
    assert_eq!(at, 23);
    assert_eq!(place(&Chess::default(), at), (12, Color::Black));
    let qf7 = moves_from(
        &Chess::default(),
        "e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6 Nxc6 bxc6 e5 Qe7 Qe2 Nd5 c4 Ba6 b3 O-O-O g3 Re8 Bb2 f6 Bg2 Qf7",
    );
    assert_eq!(differs.moves, qf7);
    // Two sheets: the first agrees with the game, the second does not.
    let r = reconcile(&game, &[&same.moves, &differs.moves]);
    assert_eq!(r.agreed, 23);
    assert_eq!(
        r.first,
        Some(Disagreement {
            ply: 23,
            game: Some(game[23]),
            sheets: vec![Some(game[23]), Some(qf7[23])],
        })
    );
    // And the other way round, the game's record being the short one.
    let r = reconcile(&game[..23], &[&same.moves, &differs.moves]);
    assert_eq!(r.agreed, 23);
    assert_eq!(
        r.first.map(|d| (d.game, d.sheets)),
        Some((None, vec![Some(game[23]), Some(qf7[23])]))
    );
}

#[test]
fn places_from_either_side() {
    let white = Chess::default();
    assert_eq!(place(&white, 0), (1, Color::White));
    assert_eq!(place(&white, 1), (1, Color::Black));
    assert_eq!(place(&white, 22), (12, Color::White));
    assert_eq!(place(&white, 23), (12, Color::Black));
    let black = position(
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 12",
        CastlingMode::Standard,
    );
    assert_eq!(place(&black, 0), (12, Color::Black));
    assert_eq!(place(&black, 1), (13, Color::White));
    assert_eq!(place(&black, 2), (13, Color::Black));
    assert_eq!(place(&black, 3), (14, Color::White));
}

/// One game of a shared PGN file: its start and main-line SAN.
#[derive(Default)]
struct Record {
    fen: Option<String>,
    sans: Vec<String>,
}

struct Games;

impl Visitor for Games {
    type Tags = Option<String>;
    type Movetext = Record;
    type Output = Record;

    fn begin_tags(&mut self) -> ControlFlow<Record, Option<String>> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        fen: &mut Option<String>,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Record> {
        if name == b"FEN" {
            *fen = Some(value.decode_utf8_lossy().into_owned());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, fen: Option<String>) -> ControlFlow<Record, Record> {
        ControlFlow::Continue(Record {
            fen,
            sans: Vec::new(),
        })
    }

    fn san(&mut self, record: &mut Record, san: SanPlus) -> ControlFlow<Record> {
        record.sans.push(san.to_string());
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, record: Record) -> Record {
        record
    }
}

#[test]
fn shared_games_exported_as_plain_san_read_back_the_same() {
    let mut games = 0;
    let mut plies = 0;
    for path in common::shared_pgn_files() {
        let text = std::fs::read(&path).expect("readable");
        let mut reader = Reader::new(text.as_slice());
        let mut first = true;
        while let Some(record) = reader.read_game(&mut Games).expect("PGN") {
            let label = format!("{} game {}", path.display(), games + 1);
            let (start, game) = match &record.fen {
                Some(fen) => (
                    position(fen, CastlingMode::Standard),
                    Game::from_fen(fen).expect("FEN"),
                ),
                None => (Chess::default(), Game::new()),
            };
            let expected = moves_from(&start, &record.sans.join(" "));
            let lines = record.sans.join("\n");
            let sheet = read_sheet(&lines, &game);
            // Some games go on after a dead position, where the rules end
            // them: the sheet is read up to there.
            let read = sheet.moves.len();
            if let Some(stop) = &sheet.stop {
                let mut pos = start.clone();
                for &mv in &expected[..read] {
                    pos.play_unchecked(mv);
                }
                assert!(pos.is_insufficient_material(), "{label}: {stop:?}");
                assert_eq!(stop.kind, SheetStopKind::Illegal, "{label}");
            }
            assert_eq!(sheet.moves, expected[..read], "{label}");
            // The same game as numbered pairs in German letters.
            let pairs: Vec<String> = record
                .sans
                .chunks(2)
                .enumerate()
                .map(|(i, pair)| format!("{}. {}", i + 1, german_san(&pair.join(" "))))
                .collect();
            if record.fen.is_none() {
                let german_sheet = read_sheet(&pairs.join("\n"), &game);
                assert_eq!(german_sheet.moves, sheet.moves, "{label} in German");
            }
            // The file itself is a PGN sheet of its first game.
            if first {
                let whole = String::from_utf8_lossy(&text);
                assert_eq!(read_sheet(&whole, &game).moves, sheet.moves, "{label}");
                first = false;
            }
            games += 1;
            plies += read;
        }
    }
    assert!(games >= 100, "{games} games");
    assert!(plies > 5_000, "{plies} half-moves");
}

fn tokens() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("1.".to_string()),
        Just("12...".to_string()),
        Just("e4".to_string()),
        Just("e5".to_string()),
        Just("Nf3".to_string()),
        Just("Springer".to_string()),
        Just("Felix".to_string()),
        Just("drei".to_string()),
        Just("{".to_string()),
        Just("}".to_string()),
        Just("(".to_string()),
        Just("[Event \"".to_string()),
        Just(";".to_string()),
        Just("#".to_string()),
        Just(",".to_string()),
        Just(" - ".to_string()),
        Just("\n".to_string()),
        Just("\t".to_string()),
        Just("1-0".to_string()),
        Just("O-O".to_string()),
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_text_reads_without_panic_to_legal_moves(
        parts in prop::collection::vec(tokens(), 0..40),
        glue in prop::sample::select(vec![" ", "\n", "", "  "]),
    ) {
        let text = parts.join(glue);
        let sheet = read_sheet(&text, &Game::new());
        let mut pos = Chess::default();
        for &mv in &sheet.moves {
            prop_assert!(pos.is_legal(mv));
            pos.play_unchecked(mv);
        }
        if let Some(stop) = sheet.stop {
            prop_assert_eq!(stop.ply, sheet.moves.len());
            prop_assert!(stop.text.chars().count() <= EXCERPT_CHARS);
        }
    }
}
