//! Dictated positions, line by line: what the player says stands on their
//! own board, in German, English and Estonian, and exactly what is read
//! from it — the squares stated in order and each part that could not be
//! read, with everything else kept.

use annabella::dual::dictation::{Dictation, DictationProblem, read_dictation};
use proptest::prelude::*;
use shakmaty::{Color, Piece, Role, Square};

use DictationProblem::{NoColor, NoPiece, NoSquare, UnknownWord};
use Role::{Bishop, King, Knight, Pawn, Queen, Rook};
use Square::*;

fn w(role: Role) -> Option<Piece> {
    Some(Piece {
        color: Color::White,
        role,
    })
}

fn b(role: Role) -> Option<Piece> {
    Some(Piece {
        color: Color::Black,
        role,
    })
}

/// Reads `text` with `color` in force and checks the squares stated and
/// the problems named, both exactly; returns the reading for more checks.
#[track_caller]
fn check(
    text: &str,
    color: Option<Color>,
    stated: &[(Square, Option<Piece>)],
    problems: &[DictationProblem],
) -> Dictation {
    let read = read_dictation(text, color);
    assert_eq!(read.stated, stated, "stated for {text:?}");
    assert_eq!(read.problems, problems, "problems for {text:?}");
    read
}

fn unknown(word: &str) -> DictationProblem {
    UnknownWord(word.to_string())
}

fn no_color(text: &str) -> DictationProblem {
    NoColor(text.to_string())
}

fn no_square(text: &str) -> DictationProblem {
    NoSquare(text.to_string())
}

fn no_piece(text: &str) -> DictationProblem {
    NoPiece(text.to_string())
}

// German.

#[test]
fn german_side_lists() {
    let read = check(
        "Weiß: König Gustav eins, Türme Anna eins und Felix eins, Bauern Anna zwei, \
         Bella zwei, Cesar drei; Schwarz: König Gustav acht, Bauer Hector sieben",
        None,
        &[
            (G1, w(King)),
            (A1, w(Rook)),
            (F1, w(Rook)),
            (A2, w(Pawn)),
            (B2, w(Pawn)),
            (C3, w(Pawn)),
            (G8, b(King)),
            (H7, b(Pawn)),
        ],
        &[],
    );
    assert_eq!(read.color, Some(Color::Black));
    assert!(!read.rest_empty);
}

#[test]
fn german_side_before_plural() {
    check(
        "weiße Bauern auf Anna zwei und Bella zwei",
        None,
        &[(A2, w(Pawn)), (B2, w(Pawn))],
        &[],
    );
}

#[test]
fn german_side_before_piece_holds_for_what_follows() {
    let read = check(
        "schwarzer König e8, Turm a8",
        None,
        &[(E8, b(King)), (A8, b(Rook))],
        &[],
    );
    assert_eq!(read.color, Some(Color::Black));
}

#[test]
fn german_singular_with_several_squares() {
    check(
        "Turm a1 und f1, Läufer c1 f1",
        Some(Color::White),
        &[
            (A1, w(Rook)),
            (F1, w(Rook)),
            (C1, w(Bishop)),
            (F1, w(Bishop)),
        ],
        &[],
    );
}

#[test]
fn german_square_first() {
    check(
        "Eva vier weißer Bauer, David fünf schwarzer Bauer",
        None,
        &[(E4, w(Pawn)), (D5, b(Pawn))],
        &[],
    );
}

#[test]
fn german_empty_square() {
    check("Felix drei leer", None, &[(F3, None)], &[]);
}

#[test]
fn german_empty_words() {
    check("e4 nichts, d4 frei", None, &[(E4, None), (D4, None)], &[]);
}

#[test]
fn german_empty_word_first_takes_the_squares_after_it() {
    check(
        "leer: f3, Gustav drei und h3",
        None,
        &[(F3, None), (G3, None), (H3, None)],
        &[],
    );
}

#[test]
fn german_counts_and_articles() {
    check(
        "Weiß: ein König e1, zwei Türme a1 und h1, eine Dame d1",
        None,
        &[(E1, w(King)), (A1, w(Rook)), (H1, w(Rook)), (D1, w(Queen))],
        &[],
    );
}

#[test]
fn german_sentence() {
    check(
        "Auf e4 steht ein weißer Bauer, der schwarze König steht auf Eva acht",
        None,
        &[(E4, w(Pawn)), (E8, b(King))],
        &[],
    );
}

#[test]
fn german_spellings_without_umlauts() {
    check(
        "WEISS: Koenig g1, Tuerme a1 und f1, Laeufer c1",
        None,
        &[(G1, w(King)), (A1, w(Rook)), (F1, w(Rook)), (C1, w(Bishop))],
        &[],
    );
}

#[test]
fn german_decomposed_umlaut() {
    check(
        "Wei\u{df}: Ko\u{308}nig g1, Tu\u{308}rme a1",
        None,
        &[(G1, w(King)), (A1, w(Rook))],
        &[],
    );
}

#[test]
fn german_rest_empty() {
    let read = check(
        "Weiß: König g1; Schwarz: König g8; sonst leer",
        None,
        &[(G1, w(King)), (G8, b(King))],
        &[],
    );
    assert!(read.rest_empty);
}

#[test]
fn german_rest_empty_forms() {
    for text in [
        "Rest leer",
        "alles andere ist leer",
        "alle anderen Felder sind leer",
        "die übrigen Felder sind frei",
        "sonst nichts",
    ] {
        let read = check(text, None, &[], &[]);
        assert!(read.rest_empty, "{text}");
    }
}

#[test]
fn german_several_lines_carry_the_side() {
    let first = check("Weiß:", None, &[], &[]);
    assert_eq!(first.color, Some(Color::White));
    let second = check(
        "König Gustav eins, Dame David eins",
        first.color,
        &[(G1, w(King)), (D1, w(Queen))],
        &[],
    );
    let third = check(
        "Bauern a2 b2; Schwarz: König g8",
        second.color,
        &[(A2, w(Pawn)), (B2, w(Pawn)), (G8, b(King))],
        &[],
    );
    let fourth = check(
        "Bauern a7, b7",
        third.color,
        &[(A7, b(Pawn)), (B7, b(Pawn))],
        &[],
    );
    assert_eq!(fourth.color, Some(Color::Black));
}

// English.

#[test]
fn english_white_pawns() {
    check(
        "white pawns a2 b2 c3",
        None,
        &[(A2, w(Pawn)), (B2, w(Pawn)), (C3, w(Pawn))],
        &[],
    );
}

#[test]
fn english_black_king() {
    let read = check("black king e8", None, &[(E8, b(King))], &[]);
    assert_eq!(read.color, Some(Color::Black));
}

#[test]
fn english_square_first_and_last() {
    check("e4 white pawn", None, &[(E4, w(Pawn))], &[]);
    check("white pawn e4", None, &[(E4, w(Pawn))], &[]);
}

#[test]
fn english_empty_words() {
    check(
        "f3 empty, e4 nothing, d4 free",
        None,
        &[(F3, None), (E4, None), (D4, None)],
        &[],
    );
}

#[test]
fn english_nato_and_number_words() {
    check(
        "white knight foxtrot three, black queen delta eight, echo four white pawn",
        None,
        &[(F3, w(Knight)), (D8, b(Queen)), (E4, w(Pawn))],
        &[],
    );
}

#[test]
fn english_upper_case() {
    check(
        "WHITE KING E1, BLACK KING E8",
        None,
        &[(E1, w(King)), (E8, b(King))],
        &[],
    );
}

#[test]
fn english_squares_with_commas_and_no_spaces() {
    check(
        "white pawns a2,b2,c2",
        None,
        &[(A2, w(Pawn)), (B2, w(Pawn)), (C2, w(Pawn))],
        &[],
    );
}

#[test]
fn english_glued_squares() {
    check(
        "white pawns a2b2c2",
        None,
        &[(A2, w(Pawn)), (B2, w(Pawn)), (C2, w(Pawn))],
        &[],
    );
}

#[test]
fn english_articles_and_sentence_words() {
    check(
        "there is a white pawn on e4 and a black pawn on e5",
        None,
        &[(E4, w(Pawn)), (E5, b(Pawn))],
        &[],
    );
}

#[test]
fn english_list_then_square_first() {
    check(
        "white pawns a2, b2, e4 black knight",
        None,
        &[(A2, w(Pawn)), (B2, w(Pawn)), (E4, b(Knight))],
        &[],
    );
}

#[test]
fn english_squares_then_empty_without_comma_takes_the_last() {
    check(
        "white king g1 f3 empty",
        None,
        &[(G1, w(King)), (F3, None)],
        &[],
    );
}

#[test]
fn piece_after_a_list_without_side_takes_no_square() {
    // Only a side word marks "f1 Springer" as a statement of its own;
    // without one the knight has lost its square, not taken the rook's.
    check(
        "Weiß: Türme a1 f1 Springer",
        None,
        &[(A1, w(Rook)), (F1, w(Rook))],
        &[no_square("Springer")],
    );
    check(
        "Weiß: Türme a1 f1 weißer Springer",
        None,
        &[(A1, w(Rook)), (F1, w(Knight))],
        &[],
    );
}

#[test]
fn english_square_first_statements_in_a_row() {
    check(
        "e4 white pawn d5 black pawn c3 white knight",
        None,
        &[(E4, w(Pawn)), (D5, b(Pawn)), (C3, w(Knight))],
        &[],
    );
}

#[test]
fn english_side_word_ends_a_list() {
    check(
        "white king e1 rooks a1 h1 black e8 king",
        None,
        &[(E1, w(King)), (A1, w(Rook)), (H1, w(Rook)), (E8, b(King))],
        &[],
    );
}

#[test]
fn english_rest_empty_forms() {
    for text in [
        "rest empty",
        "everything else is empty",
        "the rest of the board is empty",
        "all other squares empty",
        "otherwise empty",
    ] {
        let read = check(text, None, &[], &[]);
        assert!(read.rest_empty, "{text}");
    }
    let read = check("e4 white pawn, nothing else", None, &[(E4, w(Pawn))], &[]);
    assert!(read.rest_empty);
}

#[test]
fn english_later_statement_comes_later() {
    check(
        "e4 white pawn, e4 empty",
        None,
        &[(E4, w(Pawn)), (E4, None)],
        &[],
    );
}

// Estonian.

#[test]
fn estonian_side_lists() {
    let read = check(
        "valge: kuningas g1, vankrid a1 ja f1; must: kuningas g8, ettur h7",
        None,
        &[
            (G1, w(King)),
            (A1, w(Rook)),
            (F1, w(Rook)),
            (G8, b(King)),
            (H7, b(Pawn)),
        ],
        &[],
    );
    assert_eq!(read.color, Some(Color::Black));
}

#[test]
fn estonian_side_forms() {
    check(
        "valged etturid a2 b2; mustad etturid a7 ja b7; musta kuningas e8",
        None,
        &[
            (A2, w(Pawn)),
            (B2, w(Pawn)),
            (A7, b(Pawn)),
            (B7, b(Pawn)),
            (E8, b(King)),
        ],
        &[],
    );
}

#[test]
fn estonian_pieces() {
    check(
        "valge: lipp d1, odad c1 ja f1, ratsud b1 g1",
        None,
        &[
            (D1, w(Queen)),
            (C1, w(Bishop)),
            (F1, w(Bishop)),
            (B1, w(Knight)),
            (G1, w(Knight)),
        ],
        &[],
    );
}

#[test]
fn estonian_rank_words() {
    check(
        "valge kuningas e üks, must kuningas e kaheksa",
        None,
        &[(E1, w(King)), (E8, b(King))],
        &[],
    );
}

#[test]
fn estonian_empty_words() {
    check("f3 tühi, e4 vaba", None, &[(F3, None), (E4, None)], &[]);
}

#[test]
fn estonian_rest_empty() {
    for text in [
        "ülejäänud tühjad",
        "kõik muu on tühi",
        "ülejäänud ruudud on tühjad",
    ] {
        let read = check(text, None, &[], &[]);
        assert!(read.rest_empty, "{text}");
    }
}

#[test]
fn languages_mixed_in_one_line() {
    check(
        "Weiß: king g1, vankrid a1 ja f1",
        None,
        &[(G1, w(King)), (A1, w(Rook)), (F1, w(Rook))],
        &[],
    );
}

// Mistakes: each named, everything else kept.

#[test]
fn unknown_word_keeps_what_came_before() {
    let read = check(
        "Weiß: König Gustav eins, Tirme Anna eins",
        None,
        &[(G1, w(King))],
        &[unknown("Tirme"), no_piece("Anna eins")],
    );
    assert_eq!(read.color, Some(Color::White));
}

#[test]
fn unknown_word_keeps_what_comes_after() {
    check(
        "white king e1, blorp, black king e8",
        None,
        &[(E1, w(King)), (E8, b(King))],
        &[unknown("blorp")],
    );
}

#[test]
fn unknown_word_squares_are_never_given_to_the_next_piece() {
    check(
        "Weiß: Tirme a1 und h1, Läufer c1",
        None,
        &[(C1, w(Bishop))],
        &[unknown("Tirme"), no_piece("a1"), no_piece("h1")],
    );
}

#[test]
fn piece_without_side() {
    let read = check(
        "König Gustav eins",
        None,
        &[],
        &[no_color("König Gustav eins")],
    );
    assert_eq!(read.color, None);
}

#[test]
fn no_color_square_first_then_side() {
    check(
        "e4 pawn, white king e1",
        None,
        &[(E1, w(King))],
        &[no_color("e4 pawn")],
    );
}

#[test]
fn piece_without_square() {
    check("Weiß: Springer", None, &[], &[no_square("Springer")]);
}

#[test]
fn no_square_between_pieces() {
    check(
        "Weiß: König g1, Springer, Läufer c1",
        None,
        &[(G1, w(King)), (C1, w(Bishop))],
        &[no_square("Springer")],
    );
}

#[test]
fn file_without_rank() {
    check(
        "Weiß: Springer Felix",
        None,
        &[],
        &[no_square("Springer Felix")],
    );
    check(
        "white knights f3 g, bishop c4",
        None,
        &[(F3, w(Knight)), (C4, w(Bishop))],
        &[no_square("g")],
    );
}

#[test]
fn rank_without_file_and_odd_numbers() {
    check(
        "white rook 1, king 9, queen d1",
        None,
        &[(D1, w(Queen))],
        &[no_square("rook 1"), no_square("king 9")],
    );
}

#[test]
fn square_after_a_list_belongs_to_it() {
    // A comma does not end a list ("Türme a1, f1"); a semicolon does.
    check(
        "white king e1, d4",
        None,
        &[(E1, w(King)), (D4, w(King))],
        &[],
    );
    check(
        "white king e1; d4",
        None,
        &[(E1, w(King))],
        &[no_piece("d4")],
    );
}

#[test]
fn square_without_piece() {
    check(
        "f3; white king e1",
        None,
        &[(E1, w(King))],
        &[no_piece("f3")],
    );
    check("e4", Some(Color::White), &[], &[no_piece("e4")]);
}

#[test]
fn misspelt_side_is_not_replaced_by_the_one_in_force() {
    let read = check(
        "Weis: König g1",
        Some(Color::Black),
        &[],
        &[unknown("Weis"), no_color("König g1")],
    );
    assert_eq!(read.color, None);
}

#[test]
fn piece_after_piece() {
    check(
        "white king queen d1",
        None,
        &[(D1, w(Queen))],
        &[no_square("king")],
    );
}

#[test]
fn several_mistakes_in_one_line() {
    check(
        "Weiß: König g1, Tirme a1; Springer; Läufer Cesar, Dame d1; e5",
        None,
        &[(G1, w(King)), (D1, w(Queen))],
        &[
            unknown("Tirme"),
            no_piece("a1"),
            no_square("Springer"),
            no_square("Läufer Cesar"),
            no_piece("e5"),
        ],
    );
}

#[test]
fn empty_line_keeps_the_side() {
    let read = check("", Some(Color::White), &[], &[]);
    assert_eq!(read.color, Some(Color::White));
    let read = check("  ,; ", None, &[], &[]);
    assert_eq!(read, Dictation::default());
}

#[test]
fn side_alone() {
    let read = check("Schwarz:", Some(Color::White), &[], &[]);
    assert_eq!(read.color, Some(Color::Black));
}

// Properties.

/// Words the reader knows, and some it does not, to shake the reading
/// with more than random characters would.
const WORDS: &[&str] = &[
    "Weiß", "white", "valge", "Schwarz", "black", "must", "König", "Türme", "pawns", "ettur", "e4",
    "a2b2", "Eva", "vier", "Felix", "drei", "one", "zwei", "9", "a", "leer", "empty", "sonst",
    "rest", "nothing", "else", "und", "and", "ja", ",", ";", ":", ".", "blorp", "auf", "on", "the",
    "Gustav", "h", "8",
];

const ROLES: [(Role, &str); 6] = [
    (King, "king"),
    (Queen, "queen"),
    (Rook, "rook"),
    (Bishop, "bishop"),
    (Knight, "knight"),
    (Pawn, "pawn"),
];

const NATO: [&str; 8] = [
    "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel",
];

const NUMBERS: [&str; 8] = [
    "one", "two", "three", "four", "five", "six", "seven", "eight",
];

/// A square as a player may say it: "f3", "F3" or "foxtrot three".
fn spoken_square(square: Square, form: u8) -> String {
    let file = usize::from(square.file());
    let rank = usize::from(square.rank());
    match form % 3 {
        0 => square.to_string(),
        1 => square.to_string().to_uppercase(),
        _ => format!("{} {}", NATO[file], NUMBERS[rank]),
    }
}

proptest! {
    #[test]
    fn any_text_is_read_without_panic(text in "(?s).{0,400}", white in any::<bool>()) {
        let color = white.then_some(Color::White);
        let read = read_dictation(&text, color);
        // Each statement needs at least a square's two characters.
        prop_assert!(read.stated.len() <= text.len() / 2);
    }

    #[test]
    fn any_words_are_read_without_panic(
        words in prop::collection::vec(prop::sample::select(WORDS), 0..80),
    ) {
        let text = words.join(" ");
        let read = read_dictation(&text, None);
        // Without a side said, no piece can be stated.
        let said_side = words.iter().any(|w| {
            matches!(*w, "Weiß" | "white" | "valge" | "Schwarz" | "black" | "must")
        });
        if !said_side {
            prop_assert!(read.stated.iter().all(|(_, piece)| piece.is_none()));
        }
    }

    #[test]
    fn generated_dictation_reads_back(
        squares in prop::collection::btree_set(0u32..64, 1..16),
        pieces in prop::collection::vec((any::<bool>(), 0usize..6, any::<bool>(), 0u8..3, 0usize..4), 16),
    ) {
        let mut parts = Vec::new();
        let mut expected = Vec::new();
        let mut previous_square_first = false;
        for (index, &(white, role, square_first, form, sep)) in squares.iter().zip(&pieces) {
            let square = Square::new(*index);
            let color = if white { Color::White } else { Color::Black };
            let (role, word) = ROLES[role];
            let side = if white { "white" } else { "black" };
            let said = spoken_square(square, form);
            let part = if square_first {
                format!("{said} {side} {word}")
            } else {
                format!("{side} {word} {said}")
            };
            // "c1 black king d1 black king" after a list is ambiguous
            // (d1 may be the first king's): such parts need a comma.
            let ambiguous = square_first && previous_square_first;
            let sep = if ambiguous && sep == 3 { ", " } else { [", ", " and ", "; ", " "][sep] };
            if !parts.is_empty() {
                parts.push(sep.to_string());
            }
            previous_square_first = square_first;
            parts.push(part);
            expected.push((square, Some(Piece { color, role })));
        }
        let text = parts.concat();
        let read = read_dictation(&text, None);
        prop_assert_eq!(read.stated, expected, "{}", text);
        prop_assert_eq!(read.problems, vec![], "{}", text);
    }
}
