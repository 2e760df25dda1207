//! Spoken-style input, table by table: what a player says at the board,
//! in German or English, with fillers, split and glued words and
//! mishearings, and the move it must become — or the exact reason it is
//! refused.

use annabella::input::{
    CastlingBar, CastlingBlock, Effort, Refusal, Resolution, read_move, resolve,
};
use annabella::rules::Game;
use shakmaty::san::San;
use shakmaty::{CastlingSide, Color, Role, Square};

/// Start position, White to move.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Italian game after 3... Bc5, White to move (short castling possible).
const ITALIAN: &str = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
/// A pawn on b7 that can promote straight on or by taking a8 or c8.
const PROMOTE: &str = "r1n5/1P4k1/8/8/8/8/6K1/8 w - - 0 1";
/// En passant on f6 is possible.
const EN_PASSANT: &str = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
/// Black to move; knights on b8 and f6 both reach d7.
const TWO_KNIGHTS: &str = "rnbqkb1r/ppp1pppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
/// Black to move; both castlings possible.
const BLACK_CASTLES: &str = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R b KQkq - 0 1";
/// White may castle only short.
const SHORT_ONLY: &str = "r3k2r/8/8/8/8/8/8/R3K2R w Kk - 0 1";
/// White is in check from the rook on e4.
const IN_CHECK: &str = "4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1";
/// The rook on f4 watches f1.
const F1_ATTACKED: &str = "4k3/8/8/8/5r2/8/8/R3K2R w KQ - 0 1";
/// The knight on e2 is pinned by the rook on e7.
const PINNED: &str = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1";
/// The rook on d2 guards e2 and f2 but stands unprotected.
const ROOK_NEAR: &str = "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1";

/// Inputs and the SAN of the move they must play.
const MOVES: &[(&str, &str, &str)] = &[
    // Start position: knights, in every way of saying it.
    (START, "Springer Felix drei", "Nf3"),
    (START, "springer felix drei", "Nf3"),
    (START, "SPRINGER FELIX DREI", "Nf3"),
    (START, "Springer f3", "Nf3"),
    (START, "Springer f 3", "Nf3"),
    (START, "Springer nach Felix drei", "Nf3"),
    (START, "Springer zieht nach Felix drei", "Nf3"),
    (START, "Springer auf f3", "Nf3"),
    (START, "Pferd Felix drei", "Nf3"),
    (START, "Rössel Felix drei", "Nf3"),
    (START, "knight f3", "Nf3"),
    (START, "knight to f3", "Nf3"),
    (START, "Knight to Foxtrot 3", "Nf3"),
    (START, "knight to foxtrot three", "Nf3"),
    (START, "knight foxtrot three", "Nf3"),
    (START, "horse to f three", "Nf3"),
    (START, "knight moves to f3", "Nf3"),
    (START, "knight from g1 to f3", "Nf3"),
    (START, "knight from golf one to foxtrot three", "Nf3"),
    (START, "von Gustav eins nach Felix drei", "Nf3"),
    (START, "Gustav eins Felix drei", "Nf3"),
    (START, "Springer von Gustav eins nach Felix drei", "Nf3"),
    (START, "Springer g1 nach f3", "Nf3"),
    (START, "g1 f3", "Nf3"),
    (START, "g1-f3", "Nf3"),
    (START, "g1f3", "Nf3"),
    (START, "G1F3", "Nf3"),
    (START, "Springerf3", "Nf3"),
    (START, "springer felix3", "Nf3"),
    (START, "Springer Felixdrei", "Nf3"),
    (START, "Sprnger Felix drei", "Nf3"),
    (START, "Springr Felix drei", "Nf3"),
    (START, "Sprinegr Felix drei", "Nf3"),
    (START, "Springer Fellix drei", "Nf3"),
    (START, "knigt to f3", "Nf3"),
    (START, "knight foxtrott three", "Nf3"),
    (START, "Springer Felix dreii", "Nf3"),
    (START, "Springer Hektor drei", "Nh3"),
    (START, "Springer Hector drei", "Nh3"),
    (START, "Springer Hecktor drei", "Nh3"),
    (START, "knight hotel three", "Nh3"),
    (START, "knight h 3", "Nh3"),
    (START, "Springer Cäsar drei", "Nc3"),
    (START, "Springer Caesar drei", "Nc3"),
    (START, "Springer Zäsar drei", "Nc3"),
    (START, "Springer Zaesar drei", "Nc3"),
    (START, "Springer Cesar drei", "Nc3"),
    (START, "knight charlie three", "Nc3"),
    (START, "Springer Anna drei", "Na3"),
    (START, "knight alfa three", "Na3"),
    (START, "knight alpha 3", "Na3"),
    // Start position: pawns.
    (START, "Bauer Eva vier", "e4"),
    (START, "Eva vier", "e4"),
    (START, "e4", "e4"),
    (START, "e 4", "e4"),
    (START, "E4", "e4"),
    (START, "eva4", "e4"),
    (START, "Eva 4", "e4"),
    (START, "evavier", "e4"),
    (START, "e vier", "e4"),
    (START, "pawn e4", "e4"),
    (START, "pawn to e4", "e4"),
    (START, "pawn to e four please", "e4"),
    (START, "pawn echo four", "e4"),
    (START, "echo 4", "e4"),
    (START, "Eva zwei Eva vier", "e4"),
    (START, "e2 e4", "e4"),
    (START, "e2-e4", "e4"),
    (START, "von Eva zwei nach Eva vier", "e4"),
    (START, "Bauer von e2 nach e4", "e4"),
    (START, "Bauer zieht nach Eva vier", "e4"),
    (START, "Bauer Eva vier bitte", "e4"),
    (START, "1. e4", "e4"),
    (START, "e4!", "e4"),
    (START, "Bauerr Eva vier", "e4"),
    (START, "Bauer Eva drei", "e3"),
    (START, "Bauer David drei", "d3"),
    (START, "d zwei d vier", "d4"),
    (START, "David zwo David vier", "d4"),
    (START, "Bauer Bella vier", "b4"),
    (START, "Bella vier", "b4"),
    (START, "bravo four", "b4"),
    (START, "B4", "b4"),
    (START, "Bauer Hector vier", "h4"),
    (START, "Bauer Hektor drei", "h3"),
    (START, "hotel three", "h3"),
    (START, "Bauer Anna vier", "a4"),
    (START, "Bauer Cäsar vier", "c4"),
    (START, "Bauer Gustav vier", "g4"),
    (START, "Bauer Felix vier", "f4"),
    (START, "Bauer Fellix vier", "f4"),
    (START, "pawn golf three", "g3"),
    (START, "pawn delta four", "d4"),
    // Italian game: castling, captures, the whole piece set.
    (ITALIAN, "Kurze Rochade", "O-O"),
    (ITALIAN, "kleine Rochade", "O-O"),
    (ITALIAN, "Rochade kurz", "O-O"),
    (ITALIAN, "kurze Rochade bitte", "O-O"),
    (ITALIAN, "short castle", "O-O"),
    (ITALIAN, "short castling", "O-O"),
    (ITALIAN, "castles kingside", "O-O"),
    (ITALIAN, "castle king side", "O-O"),
    (ITALIAN, "king side castling", "O-O"),
    (ITALIAN, "0-0", "O-O"),
    (ITALIAN, "o-o", "O-O"),
    (ITALIAN, "O-O", "O-O"),
    (ITALIAN, "Läufer schlägt Felix sieben", "Bxf7+"),
    (ITALIAN, "Läufer Cesar vier schlägt Felix sieben", "Bxf7+"),
    (ITALIAN, "Läufer schlägt Bauer auf Felix sieben", "Bxf7+"),
    (ITALIAN, "Laeufer schlaegt f7", "Bxf7+"),
    (ITALIAN, "Laufer x f7", "Bxf7+"),
    (ITALIAN, "Läufer nimmt f7", "Bxf7+"),
    (ITALIAN, "Lxf7", "Bxf7+"),
    (ITALIAN, "Lc4xf7", "Bxf7+"),
    (ITALIAN, "c4f7", "Bxf7+"),
    (ITALIAN, "bishop takes f7", "Bxf7+"),
    (ITALIAN, "bishop takes foxtrot seven check", "Bxf7+"),
    (ITALIAN, "bishop captures pawn on f7", "Bxf7+"),
    (ITALIAN, "Springer schlägt Eva fünf", "Nxe5"),
    (ITALIAN, "Springer nimmt Bauer Eva fünf", "Nxe5"),
    (ITALIAN, "knight takes e5", "Nxe5"),
    (ITALIAN, "Sxe5", "Nxe5"),
    (ITALIAN, "Springer Gustav fünf", "Ng5"),
    (ITALIAN, "knight golf five", "Ng5"),
    (ITALIAN, "König Felix eins", "Kf1"),
    (ITALIAN, "Koenig f1", "Kf1"),
    (ITALIAN, "Konig Felix eins", "Kf1"),
    (ITALIAN, "king to f1", "Kf1"),
    (ITALIAN, "Turm Felix eins", "Rf1"),
    (ITALIAN, "Turm Gustav eins", "Rg1"),
    (ITALIAN, "rook g1", "Rg1"),
    (ITALIAN, "Tg1", "Rg1"),
    (ITALIAN, "Dame Eva zwei", "Qe2"),
    (ITALIAN, "Dame nach e2", "Qe2"),
    (ITALIAN, "queen e2", "Qe2"),
    (ITALIAN, "De2", "Qe2"),
    (ITALIAN, "Läufer Bella fünf", "Bb5"),
    (ITALIAN, "bishop b5", "Bb5"),
    (ITALIAN, "Läufer Bella drei", "Bb3"),
    (ITALIAN, "Springer Cesar drei", "Nc3"),
    (ITALIAN, "Bauer Cesar drei", "c3"),
    // Promotions.
    (PROMOTE, "Bauer Bella acht Umwandlung in Dame", "b8=Q"),
    (PROMOTE, "Bauer Bella acht, Umwandlung in Dame", "b8=Q"),
    (PROMOTE, "Bella acht Dame", "b8=Q"),
    (PROMOTE, "b8 Dame", "b8=Q"),
    (PROMOTE, "Bauer Bella acht wird Dame", "b8=Q"),
    (PROMOTE, "b8=Q", "b8=Q"),
    (PROMOTE, "b8Q", "b8=Q"),
    (PROMOTE, "b8D", "b8=Q"),
    (PROMOTE, "b8=D", "b8=Q"),
    (PROMOTE, "b7b8q", "b8=Q"),
    (PROMOTE, "b7-b8=Q", "b8=Q"),
    (PROMOTE, "pawn b8 promotes to queen", "b8=Q"),
    (PROMOTE, "b8 promote to queen", "b8=Q"),
    (PROMOTE, "pawn to bravo eight queen", "b8=Q"),
    (PROMOTE, "b eight queen", "b8=Q"),
    (PROMOTE, "Bauer b8 Umwandlung in Springer", "b8=N"),
    (PROMOTE, "b8 knight", "b8=N"),
    (PROMOTE, "b8 Turm", "b8=R"),
    (PROMOTE, "b8 Läufer", "b8=B"),
    (PROMOTE, "pawn b8 becomes rook", "b8=R"),
    (
        PROMOTE,
        "Bauer Bella schlägt Anna acht Umwandlung in Dame",
        "bxa8=Q",
    ),
    (
        PROMOTE,
        "Bauer schlägt Turm auf Anna acht, Umwandlung in Dame",
        "bxa8=Q",
    ),
    (PROMOTE, "bxa8=Q", "bxa8=Q"),
    (PROMOTE, "bxa8D", "bxa8=Q"),
    (PROMOTE, "pawn takes a8 promotes to queen", "bxa8=Q"),
    (PROMOTE, "pawn b takes alfa eight queen", "bxa8=Q"),
    (PROMOTE, "Bauer Bella schlägt Cesar acht Springer", "bxc8=N"),
    (PROMOTE, "b7c8n", "bxc8=N"),
    (PROMOTE, "König Gustav drei", "Kg3"),
    (PROMOTE, "king f3", "Kf3"),
    // En passant.
    (EN_PASSANT, "exf6", "exf6"),
    (EN_PASSANT, "exf6 e.p.", "exf6"),
    (EN_PASSANT, "exf6ep", "exf6"),
    (EN_PASSANT, "e5f6", "exf6"),
    (EN_PASSANT, "e5xf6", "exf6"),
    (
        EN_PASSANT,
        "Bauer Eva schlägt Felix sechs en passant",
        "exf6",
    ),
    (EN_PASSANT, "Bauer Eva schlägt Felix sechs", "exf6"),
    (
        EN_PASSANT,
        "Bauer Eva schlägt Felix sechs im Vorbeigehen",
        "exf6",
    ),
    (EN_PASSANT, "Bauer schlägt Bauer Felix sechs", "exf6"),
    (EN_PASSANT, "pawn e takes f6 en passant", "exf6"),
    (EN_PASSANT, "pawn takes f6 en passant", "exf6"),
    (EN_PASSANT, "Bauer Eva sechs", "e6"),
    // Black, two knights: the origin tells them apart.
    (TWO_KNIGHTS, "Springer Bella acht nach David sieben", "Nbd7"),
    (TWO_KNIGHTS, "Springer Bella David sieben", "Nbd7"),
    (TWO_KNIGHTS, "Springer b8 d7", "Nbd7"),
    (TWO_KNIGHTS, "knight b d7", "Nbd7"),
    (TWO_KNIGHTS, "Nbd7", "Nbd7"),
    (TWO_KNIGHTS, "Sbd7", "Nbd7"),
    (
        TWO_KNIGHTS,
        "Springer Felix sechs nach David sieben",
        "Nfd7",
    ),
    (TWO_KNIGHTS, "knight foxtrot six to delta seven", "Nfd7"),
    (TWO_KNIGHTS, "Springer von f6 nach d7", "Nfd7"),
    (TWO_KNIGHTS, "f6d7", "Nfd7"),
    (TWO_KNIGHTS, "Springer Eva vier", "Ne4"),
    (TWO_KNIGHTS, "Springer Hector fünf", "Nh5"),
    (TWO_KNIGHTS, "Springer Gustav vier", "Ng4"),
    (TWO_KNIGHTS, "Springer Cesar sechs", "Nc6"),
    (TWO_KNIGHTS, "Springer Anna sechs", "Na6"),
    (TWO_KNIGHTS, "Bauer Eva fünf", "e5"),
    (TWO_KNIGHTS, "Dame David fünf", "Qd5"),
    (TWO_KNIGHTS, "queen delta five", "Qd5"),
    (TWO_KNIGHTS, "Läufer David sieben", "Bd7"),
    (TWO_KNIGHTS, "Läufer Hector drei", "Bh3"),
    // Black castles.
    (BLACK_CASTLES, "Lange Rochade", "O-O-O"),
    (BLACK_CASTLES, "große Rochade", "O-O-O"),
    (BLACK_CASTLES, "grosse Rochade", "O-O-O"),
    (BLACK_CASTLES, "long castle", "O-O-O"),
    (BLACK_CASTLES, "castles queenside", "O-O-O"),
    (BLACK_CASTLES, "queen side castling", "O-O-O"),
    (BLACK_CASTLES, "0-0-0", "O-O-O"),
    (BLACK_CASTLES, "o-o-o", "O-O-O"),
    (BLACK_CASTLES, "Rochade lang", "O-O-O"),
    (BLACK_CASTLES, "Kurze Rochade", "O-O"),
    (SHORT_ONLY, "kurze Rochade", "O-O"),
    (F1_ATTACKED, "lange Rochade", "O-O-O"),
    (PINNED, "König Felix zwei", "Kf2"),
    (ROOK_NEAR, "König schlägt David zwei", "Kxd2"),
    (ROOK_NEAR, "king takes rook on d2", "Kxd2"),
];

/// Inputs and the exact reason they are refused.
fn refusals() -> Vec<(&'static str, &'static str, Refusal)> {
    use Refusal::*;
    vec![
        (
            START,
            "Springer Felix vier",
            CannotReach {
                role: Some(Role::Knight),
                from: None,
                to: Square::F4,
            },
        ),
        (
            START,
            "Springer Eva zwei",
            OwnPiece {
                square: Square::E2,
                role: Role::Pawn,
            },
        ),
        (
            START,
            "knight e2",
            OwnPiece {
                square: Square::E2,
                role: Role::Pawn,
            },
        ),
        (
            START,
            "König Eva zwei",
            OwnPiece {
                square: Square::E2,
                role: Role::Pawn,
            },
        ),
        (
            START,
            "Dame Hector fünf",
            CannotReach {
                role: Some(Role::Queen),
                from: Some(Square::D1),
                to: Square::H5,
            },
        ),
        (
            START,
            "queen hotel five",
            CannotReach {
                role: Some(Role::Queen),
                from: Some(Square::D1),
                to: Square::H5,
            },
        ),
        // Black's moves typed with White to move: not your turn (issue 10).
        (
            START,
            "Bauer Eva fünf",
            NotYourTurn {
                turn: Color::White,
                role: Role::Pawn,
            },
        ),
        (
            START,
            "Eva fünf",
            NotYourTurn {
                turn: Color::White,
                role: Role::Pawn,
            },
        ),
        (
            START,
            "Springer Felix sechs",
            NotYourTurn {
                turn: Color::White,
                role: Role::Knight,
            },
        ),
        (
            START,
            "Nf6",
            NotYourTurn {
                turn: Color::White,
                role: Role::Knight,
            },
        ),
        (
            START,
            "Springer David vier",
            CannotReach {
                role: Some(Role::Knight),
                from: None,
                to: Square::D4,
            },
        ),
        (
            START,
            "Kurze Rochade",
            CastlingPrevented {
                side: CastlingSide::KingSide,
                block: CastlingBlock::Occupied(Square::F1),
            },
        ),
        (
            START,
            "long castle",
            CastlingPrevented {
                side: CastlingSide::QueenSide,
                block: CastlingBlock::Occupied(Square::D1),
            },
        ),
        // A castling word without a side: why not, for each side.
        (
            START,
            "Rochade",
            NoCastling {
                short: CastlingBar::Blocked(CastlingBlock::Occupied(Square::F1)),
                long: CastlingBar::Blocked(CastlingBlock::Occupied(Square::D1)),
            },
        ),
        (
            START,
            "Springer schlägt Felix drei",
            NothingToCapture { square: Square::F3 },
        ),
        (
            START,
            "knight takes foxtrot three",
            NothingToCapture { square: Square::F3 },
        ),
        (
            START,
            "Läufer schlägt Felix sieben",
            CannotReach {
                role: Some(Role::Bishop),
                from: None,
                to: Square::F7,
            },
        ),
        (
            START,
            "e7e5",
            NotYourTurn {
                turn: Color::White,
                role: Role::Pawn,
            },
        ),
        (
            START,
            "Eva sieben Eva fünf",
            NotYourTurn {
                turn: Color::White,
                role: Role::Pawn,
            },
        ),
        (
            START,
            "von Eva sieben nach Eva fünf",
            NotYourTurn {
                turn: Color::White,
                role: Role::Pawn,
            },
        ),
        (START, "Eva vier Eva fünf", NoPieceOn { square: Square::E4 }),
        (
            START,
            "Läufer Gustav eins Felix drei",
            WrongPieceOn {
                square: Square::G1,
                expected: Role::Bishop,
                found: Role::Knight,
            },
        ),
        (
            START,
            "bishop from g1 to f3",
            WrongPieceOn {
                square: Square::G1,
                expected: Role::Bishop,
                found: Role::Knight,
            },
        ),
        (
            START,
            "Gustav eins Gustav drei",
            CannotReach {
                role: None,
                from: Some(Square::G1),
                to: Square::G3,
            },
        ),
        (
            START,
            "Springer Hector fünf",
            CannotReach {
                role: Some(Role::Knight),
                from: None,
                to: Square::H5,
            },
        ),
        (
            ITALIAN,
            "Springer schlägt Dame auf Eva fünf",
            WrongPieceOn {
                square: Square::E5,
                expected: Role::Queen,
                found: Role::Pawn,
            },
        ),
        (
            ITALIAN,
            "Lange Rochade",
            CastlingPrevented {
                side: CastlingSide::QueenSide,
                block: CastlingBlock::Occupied(Square::D1),
            },
        ),
        (
            ITALIAN,
            "queen e1",
            OwnPiece {
                square: Square::E1,
                role: Role::King,
            },
        ),
        (
            PROMOTE,
            "König Gustav acht",
            NotYourTurn {
                turn: Color::White,
                role: Role::King,
            },
        ),
        (
            PROMOTE,
            "König Eva vier",
            CannotReach {
                role: Some(Role::King),
                from: Some(Square::G2),
                to: Square::E4,
            },
        ),
        (PROMOTE, "König Hector drei Umwandlung in Dame", NoPromotion),
        (
            EN_PASSANT,
            "Bauer Eva schlägt David sechs",
            NothingToCapture { square: Square::D6 },
        ),
        (
            TWO_KNIGHTS,
            "Springer Eva fünf",
            CannotReach {
                role: Some(Role::Knight),
                from: None,
                to: Square::E5,
            },
        ),
        (
            TWO_KNIGHTS,
            "Dame David eins",
            CannotReach {
                role: Some(Role::Queen),
                from: Some(Square::D8),
                to: Square::D1,
            },
        ),
        (
            TWO_KNIGHTS,
            "König Eva sieben",
            OwnPiece {
                square: Square::E7,
                role: Role::Pawn,
            },
        ),
        (
            TWO_KNIGHTS,
            "e2e4",
            NotYourTurn {
                turn: Color::Black,
                role: Role::Pawn,
            },
        ),
        (
            SHORT_ONLY,
            "Lange Rochade",
            CastlingNoLongerAllowed {
                side: CastlingSide::QueenSide,
                moved: None,
            },
        ),
        (
            IN_CHECK,
            "Kurze Rochade",
            CastlingPrevented {
                side: CastlingSide::KingSide,
                block: CastlingBlock::InCheck,
            },
        ),
        (
            F1_ATTACKED,
            "short castling",
            CastlingPrevented {
                side: CastlingSide::KingSide,
                block: CastlingBlock::Attacked(Square::F1),
            },
        ),
        (
            PINNED,
            "Springer Felix vier",
            KingInCheck {
                attacker: Role::Rook,
                square: Square::E7,
            },
        ),
        (
            PINNED,
            "knight to delta four",
            KingInCheck {
                attacker: Role::Rook,
                square: Square::E7,
            },
        ),
        (
            ROOK_NEAR,
            "König Felix zwei",
            KingInCheck {
                attacker: Role::Rook,
                square: Square::D2,
            },
        ),
        (
            ROOK_NEAR,
            "king e2",
            KingInCheck {
                attacker: Role::Rook,
                square: Square::D2,
            },
        ),
    ]
}

/// Lines that are no move at all, and lines that ask a question.
const NOT_MOVES: &[(&str, &str)] = &[
    (START, "hello world"),
    (START, "Springer"),
    (START, "Felix"),
    (START, "drei"),
    (PROMOTE, "b8=K"),
    (PROMOTE, "Bauer Bella schlägt Anna acht Umwandlung in Bauer"),
    (START, "Springer Felix drei Dame Turm"),
    (START, "Sprngr Felix drei"),
];

fn game(fen: &str) -> Game {
    Game::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"))
}

fn resolve_line(fen: &str, line: &str) -> Resolution {
    let game = game(fen);
    let reading = read_move(line, &mut Effort::default());
    resolve(&game, &reading.intents, false)
}

#[test]
fn spoken_moves_are_played() {
    assert!(MOVES.len() >= 150, "only {} inputs", MOVES.len());
    let mut failures = Vec::new();
    for &(fen, line, san) in MOVES {
        let g = game(fen);
        let expected = san
            .parse::<San>()
            .ok()
            .and_then(|s| s.to_move(g.position()).ok())
            .unwrap_or_else(|| panic!("{san} is not legal in {fen}"));
        let got = resolve_line(fen, line);
        if got != Resolution::Move(expected) {
            failures.push(format!("{line:?} in {fen}: expected {san}, got {got:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {}:\n{}",
        failures.len(),
        MOVES.len(),
        failures.join("\n")
    );
}

#[test]
fn refused_inputs_name_the_reason() {
    let table = refusals();
    assert!(table.len() >= 30, "only {} refusals", table.len());
    let mut failures = Vec::new();
    for (fen, line, reason) in table {
        let got = resolve_line(fen, line);
        if got != Resolution::Refused(reason.clone()) {
            failures.push(format!(
                "{line:?} in {fen}: expected {reason:?}, got {got:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn lines_that_are_no_move() {
    for &(fen, line) in NOT_MOVES {
        let reading = read_move(line, &mut Effort::default());
        assert!(
            reading.intents.is_empty(),
            "{line:?} in {fen} read as {:?}",
            reading.intents
        );
    }
}

#[test]
fn questions_instead_of_guesses() {
    assert!(
        matches!(resolve_line(TWO_KNIGHTS, "Springer David sieben"), Resolution::Ambiguous(m) if m.len() == 2)
    );
    assert!(
        matches!(resolve_line(TWO_KNIGHTS, "knight to delta seven"), Resolution::Ambiguous(m) if m.len() == 2)
    );
    assert!(
        matches!(resolve_line(PROMOTE, "Bauer Bella acht"), Resolution::Promotion(m) if m.len() == 4)
    );
    assert!(
        matches!(resolve_line(PROMOTE, "pawn to b8"), Resolution::Promotion(m) if m.len() == 4)
    );
}

#[test]
fn a_corrected_word_is_reported() {
    let reading = read_move("Sprnger Felix drei", &mut Effort::default());
    assert_eq!(reading.understood.as_deref(), Some("Springer Felix drei"));
    let reading = read_move("knigt to f3", &mut Effort::default());
    assert_eq!(reading.understood.as_deref(), Some("knight to f3"));
    let reading = read_move("Springer Felix drei", &mut Effort::default());
    assert_eq!(reading.understood, None);
}
