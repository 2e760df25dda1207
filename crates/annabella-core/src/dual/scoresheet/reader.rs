//! The reader behind [`super::read_sheet`]: plain lines and PGN
//! movetext, move by move, from the start position.

use super::*;

/// How a try at a line's moves failed.
#[derive(Clone, Debug)]
struct Fault {
    /// The moves read before the failure.
    read: Vec<Move>,
    kind: SheetStopKind,
    /// The text that failed.
    text: String,
}

impl Fault {
    /// How telling a failure is: the further it got, the better; a move
    /// that was read but not played says more than text that was no move.
    fn weight(&self) -> (usize, u8) {
        let kind = match self.kind {
            SheetStopKind::Unreadable => 0,
            SheetStopKind::Illegal | SheetStopKind::Ambiguous | SheetStopKind::NullMove => 1,
        };
        (self.read.len(), kind)
    }
}

/// The outcome of trying every split of a line into two moves.
enum Split {
    /// One reading (several splits may give it, with fillers).
    One(Vec<Move>),
    /// Two different readings.
    Two,
    /// None; how each split failed.
    None(Vec<Fault>),
}

/// Reads moves into a game as a sheet gives them.
pub(super) struct Reader {
    game: Game,
    /// Texts read as moves, so a test can show the work on a line stays
    /// linear in its words.
    reads: usize,
}

impl Reader {
    pub(super) fn new(game: Game) -> Reader {
        Reader { game, reads: 0 }
    }

    /// The sheet read so far, with why it stopped.
    fn finish(self, stop: Option<(SheetStopKind, &str)>) -> Sheet {
        let moves: Vec<Move> = self.game.plies().iter().map(|ply| ply.mv).collect();
        let stop = stop.map(|(kind, text)| SheetStop {
            ply: moves.len(),
            text: excerpt(text),
            kind,
        });
        Sheet { moves, stop }
    }

    /// Reads one text as one move of the current position. German and
    /// English letters are read together (`Letters::EnglishGerman`: they
    /// never clash); autoqueen is off, so a promotion must name its piece.
    fn read(&mut self, text: &str) -> Result<Move, SheetStopKind> {
        self.reads += 1;
        if null_word(text).is_some() {
            return Err(SheetStopKind::NullMove);
        }
        let reading = read_move_with(text, Letters::EnglishGerman, &mut Effort::default());
        if reading.intents.is_empty() {
            return Err(SheetStopKind::Unreadable);
        }
        match resolve(&self.game, &reading.intents, false) {
            Resolution::Move(mv) => Ok(mv),
            Resolution::Ambiguous(_) | Resolution::Promotion(_) => Err(SheetStopKind::Ambiguous),
            Resolution::Refused(_) => Err(SheetStopKind::Illegal),
        }
    }

    /// Reads `texts` as consecutive moves, then takes them back: the line
    /// keeps only the reading it chooses.
    fn try_moves(&mut self, texts: &[&str]) -> Result<Vec<Move>, Fault> {
        let mut read = Vec::with_capacity(texts.len());
        let mut fault = None;
        for &text in texts {
            let kind = match self.read(text) {
                Ok(mv) if self.game.play(mv).is_ok() => {
                    read.push(mv);
                    continue;
                }
                Ok(_) => SheetStopKind::Illegal,
                Err(kind) => kind,
            };
            fault = Some((kind, text));
            break;
        }
        for _ in &read {
            self.game.undo();
        }
        match fault {
            None => Ok(read),
            Some((kind, text)) => Err(Fault {
                read,
                kind,
                // The pass itself is named, not the words around it.
                text: excerpt(null_word(text).unwrap_or(text)),
            }),
        }
    }

    /// Tries every split of `words` into two moves: at most n−1 splits,
    /// each read at most twice.
    fn split_search(&mut self, words: &[&str]) -> Split {
        let mut found: Option<Vec<Move>> = None;
        let mut faults = Vec::new();
        for at in 1..words.len() {
            let (Some(white), Some(black)) = (words.get(..at), words.get(at..)) else {
                break;
            };
            let (white, black) = (white.join(" "), black.join(" "));
            match self.try_moves(&[&white, &black]) {
                Ok(pair) => match &found {
                    Some(seen) if *seen != pair => return Split::Two,
                    Some(_) => {}
                    None => found = Some(pair),
                },
                Err(fault) => faults.push(fault),
            }
        }
        match found {
            Some(pair) => Split::One(pair),
            None => Split::None(faults),
        }
    }

    /// Reads the moves of one line's body; on failure, the most telling
    /// fault of the readings tried.
    fn line(&mut self, body: &str, form: Form) -> Result<Vec<Move>, Fault> {
        let ambiguous = || Fault {
            read: Vec::new(),
            kind: SheetStopKind::Ambiguous,
            text: excerpt(body),
        };
        let words: Vec<&str> = body.split_whitespace().collect();
        let parts = separated(body);
        // Faults in the order that wins a tie: separators, the line as one
        // move, then the splits.
        let mut faults = Vec::new();
        match form {
            Form::Black => return self.try_moves(&[body]),
            Form::Single => {
                match self.try_moves(&[body]) {
                    Ok(moves) => return Ok(moves),
                    Err(fault) => faults.push(fault),
                }
                if let Some(parts) = &parts {
                    match self.try_moves(parts) {
                        Ok(moves) => return Ok(moves),
                        Err(fault) => faults.insert(0, fault),
                    }
                }
                // A line meant as one move is reported as one: a split
                // counts only when it reads, or when it finds a pass
                // after a move ("Nf3 --"), which is then named where it
                // stands.
                match self.split_search(&words) {
                    Split::One(moves) => return Ok(moves),
                    Split::Two => return Err(ambiguous()),
                    Split::None(splits) => faults.extend(
                        splits
                            .into_iter()
                            .filter(|fault| fault.kind == SheetStopKind::NullMove),
                    ),
                }
            }
            Form::Pair => {
                if let Some(parts) = &parts {
                    match self.try_moves(parts) {
                        Ok(moves) => return Ok(moves),
                        Err(fault) => faults.push(fault),
                    }
                }
                let splits = match self.split_search(&words) {
                    Split::One(moves) => return Ok(moves),
                    Split::Two => return Err(ambiguous()),
                    Split::None(faults) => faults,
                };
                // White's move alone, the game having ended or Black's
                // move being on the next line.
                match self.try_moves(&[body]) {
                    Ok(moves) => return Ok(moves),
                    Err(fault) => faults.push(fault),
                }
                faults.extend(splits);
            }
        }
        let mut best: Option<Fault> = None;
        for fault in faults {
            if best.as_ref().is_none_or(|b| fault.weight() > b.weight()) {
                best = Some(fault);
            }
        }
        let mut best = best.unwrap_or_else(|| Fault {
            read: Vec::new(),
            kind: SheetStopKind::Unreadable,
            text: String::new(),
        });
        if best.weight() == (0, 0) {
            // Nothing on the line was a move: the line is the text, not
            // the piece of it one split happened to try first.
            best.text = excerpt(body);
        }
        Err(best)
    }

    /// Reads plain text line by line.
    pub(super) fn plain(mut self, text: &str) -> Sheet {
        for raw in text.split(['\n', '\r']) {
            let Some((form, body)) = plain_line(raw) else {
                continue;
            };
            let too_long = body.len() > MAX_LINE_BYTES
                || body.split_whitespace().nth(MAX_LINE_WORDS).is_some();
            if too_long {
                return self.finish(Some((SheetStopKind::Unreadable, body)));
            }
            let (moves, fault) = match self.line(body, form) {
                Ok(moves) => (moves, None),
                Err(fault) => (fault.read.clone(), Some(fault)),
            };
            for mv in moves {
                if self.game.play(mv).is_err() {
                    return self.finish(Some((SheetStopKind::Illegal, body)));
                }
            }
            if let Some(fault) = fault {
                return self.finish(Some((fault.kind, &fault.text)));
            }
        }
        self.finish(None)
    }

    /// Reads the first game's main line of a PGN text: tags, comments,
    /// NAGs, `%` lines and variations passed over, up to the result or
    /// the next game's tags.
    pub(super) fn pgn(mut self, text: &str) -> Sheet {
        let bytes = text.as_bytes();
        let mut i = 0;
        let mut line_start = true;
        let mut depth = 0usize;
        let mut in_movetext = false;
        while let Some(&byte) = bytes.get(i) {
            let at_line_start = line_start;
            line_start = byte == b'\n';
            match byte {
                b'%' if at_line_start => i = line_end(bytes, i),
                b';' => i = line_end(bytes, i),
                b'{' => match find(bytes, i, b'}') {
                    Some(end) => i = end + 1,
                    // A comment never closed may hide moves.
                    None => {
                        let rest = text.get(i..).unwrap_or_default();
                        return self.finish(Some((SheetStopKind::Unreadable, rest)));
                    }
                },
                b'(' => {
                    depth += 1;
                    i += 1;
                }
                b')' => {
                    depth = depth.saturating_sub(1);
                    i += 1;
                }
                b'[' if in_movetext => break,
                b'[' => i = skip_tag(bytes, i),
                b'$' => {
                    i += 1;
                    while bytes.get(i).is_some_and(u8::is_ascii_digit) {
                        i += 1;
                    }
                }
                _ if ends_token(byte) => i += 1,
                _ => {
                    let end = token_end(bytes, i);
                    let token = text.get(i..end).unwrap_or_default();
                    i = end;
                    in_movetext = true;
                    if depth > 0 {
                        continue;
                    }
                    let token = strip_number(token);
                    if token.is_empty() || token.bytes().all(|b| matches!(b, b'!' | b'?')) {
                        continue;
                    }
                    if is_result(token) {
                        break;
                    }
                    if token.len() > MAX_TOKEN_BYTES {
                        return self.finish(Some((SheetStopKind::Unreadable, token)));
                    }
                    let kind = match self.read(token) {
                        Ok(mv) if self.game.play(mv).is_ok() => continue,
                        Ok(_) => SheetStopKind::Illegal,
                        Err(kind) => kind,
                    };
                    return self.finish(Some((kind, token)));
                }
            }
        }
        self.finish(None)
    }
}

/// The bytes that end a PGN token; each is also read on its own.
fn ends_token(byte: u8) -> bool {
    matches!(
        byte,
        b' ' | b'\t' | b'\n' | b'\r' | b'{' | b'}' | b'(' | b')' | b';' | b'$' | b'[' | b']'
    )
}

/// The end of the token starting at `from`.
fn token_end(bytes: &[u8], from: usize) -> usize {
    bytes
        .iter()
        .skip(from)
        .position(|&b| ends_token(b))
        .map_or(bytes.len(), |n| from + n)
}

/// The index of the next `needle` at or after `from`.
fn find(bytes: &[u8], from: usize, needle: u8) -> Option<usize> {
    memchr::memchr(needle, bytes.get(from..)?).map(|n| from + n)
}

/// The index of the line end at or after `from`, or the text's end.
fn line_end(bytes: &[u8], from: usize) -> usize {
    find(bytes, from, b'\n').unwrap_or(bytes.len())
}

/// Past the tag pair that starts at `from` (a `[`): to the bracket that
/// closes it outside the quoted value, or to the line's end.
fn skip_tag(bytes: &[u8], from: usize) -> usize {
    let mut i = from + 1;
    let mut quoted = false;
    while let Some(&byte) = bytes.get(i) {
        match byte {
            b'\n' => return i,
            b'\\' if quoted => i += 1,
            b'"' => quoted = !quoted,
            b']' if !quoted => return i + 1,
            _ => {}
        }
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::San;
    use shakmaty::{CastlingMode, fen::Fen};

    /// Moves from SAN, computed with shakmaty alone.
    fn sans(pos: &Chess, line: &str) -> Vec<Move> {
        let mut pos = pos.clone();
        let mut out = Vec::new();
        for san in line.split_whitespace() {
            let mv = San::from_ascii(san.as_bytes())
                .expect("SAN")
                .to_move(&pos)
                .expect("legal");
            pos.play_unchecked(mv);
            out.push(mv);
        }
        out
    }

    fn plain(text: &str) -> Sheet {
        Reader::new(Game::new()).plain(text)
    }

    #[test]
    fn move_numbers() {
        assert_eq!(split_number("12. Nf3 Nc6"), (Form::Pair, "Nf3 Nc6"));
        assert_eq!(split_number("12 Springer"), (Form::Pair, "Springer"));
        assert_eq!(split_number("12.Nf3"), (Form::Pair, "Nf3"));
        assert_eq!(split_number("12... Nc6"), (Form::Black, "Nc6"));
        assert_eq!(split_number("12. ... Nc6"), (Form::Black, "Nc6"));
        assert_eq!(split_number("12…Nc6"), (Form::Black, "Nc6"));
        assert_eq!(split_number("12)  Nc6"), (Form::Pair, "Nc6"));
        assert_eq!(split_number("12."), (Form::Pair, ""));
        assert_eq!(split_number("0-0"), (Form::Single, "0-0"));
        assert_eq!(split_number("1-0"), (Form::Single, "1-0"));
        assert_eq!(split_number("e4"), (Form::Single, "e4"));
    }

    #[test]
    fn pgn_tokens_lose_their_numbers() {
        assert_eq!(strip_number("12.Nf3"), "Nf3");
        assert_eq!(strip_number("12...Nc6"), "Nc6");
        assert_eq!(strip_number("12."), "");
        assert_eq!(strip_number("12"), "");
        assert_eq!(strip_number("0-0-0"), "0-0-0");
        assert_eq!(strip_number("1/2-1/2"), "1/2-1/2");
        assert_eq!(strip_number("Nf3"), "Nf3");
    }

    #[test]
    fn comments_and_results() {
        assert_eq!(cut_hash_comment("Nf3 # book"), "Nf3 ");
        assert_eq!(cut_hash_comment("# heading"), "");
        assert_eq!(cut_hash_comment("Qxf7#"), "Qxf7#");
        assert_eq!(strip_result("Qxf7# 1-0"), "Qxf7#");
        assert_eq!(strip_result("½-½"), "");
        assert_eq!(strip_result("Remis"), "");
        assert_eq!(strip_result("0-0"), "0-0");
        assert!(opens_with_tag("\n  [Event \"x\"]\n1. e4"));
        assert!(opens_with_tag("% escaped\n[White \"x\"]"));
        assert!(!opens_with_tag("1. e4 e5\n[Event \"x\"]"));
        assert!(!opens_with_tag("[ not a tag"));
        assert!(has_movetext_marks("1. e4 e5 2. Nf3"));
        assert!(has_movetext_marks("1.e4 e5 2.Nf3"));
        assert!(has_movetext_marks("1. e4 {best} e5"));
        assert!(has_movetext_marks("1. e4 $1 e5"));
        assert!(!has_movetext_marks("1. e4 e5\n2. Nf3 Nc6\n1-0"));
        assert!(!has_movetext_marks(
            "12 Springer Felix drei, Springer Cesar sechs"
        ));
    }

    #[test]
    fn semicolon_separates_on_numbered_lines_and_comments_elsewhere() {
        assert_eq!(plain_line("1. e4; e5 ; good"), Some((Form::Pair, "e4; e5")));
        assert_eq!(
            plain_line("1. e4 ; the best move"),
            Some((Form::Pair, "e4"))
        );
        assert_eq!(plain_line("e4 ; e5"), Some((Form::Single, "e4")));
        assert_eq!(plain_line("; only a comment"), None);
        assert_eq!(plain_line("  17.  "), None);
        assert_eq!(plain_line("1-0"), None);
        let sheet = plain("1. e4; e5 ; good\n2. Nf3 ; a comment\n2... Nc6");
        assert_eq!(
            sheet.moves,
            sans(&Chess::default(), "e4 e5 Nf3 Nc6"),
            "{sheet:?}"
        );
    }

    #[test]
    fn separators_in_order() {
        assert_eq!(separated("Nf3, Nc6"), Some(vec!["Nf3", "Nc6"]));
        assert_eq!(separated("Sf3 - Sc6"), Some(vec!["Sf3", "Sc6"]));
        assert_eq!(
            separated("e2 - e4, e7 - e5"),
            Some(vec!["e2 - e4", "e7 - e5"])
        );
        assert_eq!(separated("Nf3\tNc6"), Some(vec!["Nf3", "Nc6"]));
        assert_eq!(separated("Nf3 Nc6"), None);
    }

    #[test]
    fn split_search_reads_each_split_at_most_twice() {
        // Twelve words that read as no move: every split fails on its
        // first half, one read each.
        let words: Vec<&str> =
            "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor"
                .split_whitespace()
                .collect();
        let mut reader = Reader::new(Game::new());
        assert!(matches!(reader.split_search(&words), Split::None(_)));
        assert!(reader.reads <= 2 * (words.len() - 1), "{}", reader.reads);
        // A pair found at the third split still tries all of them.
        let words: Vec<&str> = "Springer Felix drei Springer Cäsar sechs"
            .split_whitespace()
            .collect();
        let mut reader = Reader::new(Game::new());
        assert!(matches!(reader.split_search(&words), Split::One(_)));
        assert!(reader.reads <= 2 * (words.len() - 1), "{}", reader.reads);
        assert!(reader.game.plies().is_empty(), "tries are taken back");
    }

    #[test]
    fn a_whole_sheet_line_costs_a_bounded_number_of_reads() {
        let text = "1. ".to_string() + &"Springer ".repeat(MAX_LINE_WORDS);
        let mut reader = Reader::new(Game::new());
        let (form, body) = plain_line(&text).expect("a body");
        let _ = reader.line(body, form);
        // Separators none, n−1 splits, the whole line once.
        assert!(reader.reads <= 2 * MAX_LINE_WORDS + 1, "{}", reader.reads);
        // Longer lines are not tried at all.
        let long = "1. ".to_string() + &"Springer ".repeat(10_000);
        let sheet = plain(&long);
        assert_eq!(
            sheet.stop.as_ref().map(|s| s.kind),
            Some(SheetStopKind::Unreadable)
        );
        assert!(
            sheet
                .stop
                .is_some_and(|s| s.text.chars().count() <= EXCERPT_CHARS)
        );
    }

    #[test]
    fn two_readings_of_a_line_are_ambiguous() {
        // "Sf3 x Le5": the knight takes on f3 and a pawn takes the bishop
        // on e5, or the knight takes on f3 and the bishop on g7 takes.
        let game = Game::from_fen("4k3/6b1/3p4/4B3/8/5p2/8/4K1N1 w - - 0 1").expect("FEN");
        let mut reader = Reader::new(game);
        assert!(matches!(
            reader.split_search(&["Sf3", "x", "Le5"]),
            Split::Two
        ));
        let fault = reader
            .line("Sf3 x Le5", Form::Pair)
            .expect_err("two readings");
        assert_eq!(
            (fault.read.len(), fault.kind),
            (0, SheetStopKind::Ambiguous)
        );
    }

    #[test]
    fn places() {
        let white = Chess::default();
        assert_eq!(place(&white, 0), (1, Color::White));
        assert_eq!(place(&white, 1), (1, Color::Black));
        assert_eq!(place(&white, 23), (12, Color::Black));
        let fen: Fen = "4k3/8/8/8/8/8/8/4K3 b - - 0 40".parse().expect("FEN");
        let black: Chess = fen.into_position(CastlingMode::Standard).expect("position");
        assert_eq!(place(&black, 0), (40, Color::Black));
        assert_eq!(place(&black, 1), (41, Color::White));
        assert_eq!(place(&black, 2), (41, Color::Black));
        // No overflow on absurd indices.
        assert_eq!(place(&white, usize::MAX).0, u32::MAX);
    }

    #[test]
    fn differences() {
        let moves = sans(&Chess::default(), "e4 e5 Nf3");
        assert_eq!(first_difference(&moves, &moves), None);
        assert_eq!(first_difference(&moves, &moves[..2]), Some(2));
        assert_eq!(first_difference(&[], &moves), Some(0));
        assert_eq!(first_difference(&[], &[]), None);
        let other = sans(&Chess::default(), "e4 e6 Nf3");
        assert_eq!(first_difference(&moves, &other), Some(1));
        let none = reconcile(&moves, &[]);
        assert_eq!((none.agreed, none.first), (3, None));
    }

    #[test]
    fn a_game_with_moves_is_read_from_its_start() {
        let mut game = Game::new();
        for mv in sans(&Chess::default(), "d4 d5") {
            game.play(mv).expect("legal");
        }
        game.resign(Color::White).expect("running");
        let sheet = read_sheet("e4\ne5", &game);
        assert_eq!(sheet.moves, sans(&Chess::default(), "e4 e5"));
    }

    #[test]
    fn garbage_never_panics_and_stops_at_once() {
        let texts = [
            "\u{0}\u{1}\u{7f}\u{1b}[A",
            "{",
            "[",
            "[Event \"\\",
            "1.",
            "((((((",
            ")))) e4",
            "$$$$",
            "%",
            "ÿÿÿÿ İİİ \u{212a}\u{212a} ﷽",
            "1... …",
            "\u{feff}",
            ";#;#",
        ];
        for text in texts {
            let sheet = read_sheet(text, &Game::new());
            if let Some(stop) = sheet.stop {
                assert!(stop.text.chars().count() <= EXCERPT_CHARS);
                assert!(!stop.text.chars().any(char::is_control), "{text:?}");
            }
        }
        let binary: String = (0..20_000u32)
            .filter_map(|n| char::from_u32(n * 7919 % 0x11_0000))
            .collect();
        let sheet = read_sheet(&binary, &Game::new());
        assert!(sheet.moves.is_empty());
        assert!(sheet.stop.is_some());
    }

    /// Where and as what a sheet stopped.
    fn stop(text: &str) -> (usize, Option<(usize, SheetStopKind, String)>) {
        let sheet = read_sheet(text, &Game::new());
        let stop = sheet.stop.map(|s| (s.ply, s.kind, s.text));
        (sheet.moves.len(), stop)
    }

    #[test]
    fn a_null_move_is_named_in_every_form_of_sheet() {
        let null = |ply, text: &str| Some((ply, SheetStopKind::NullMove, text.to_string()));
        // "--" after White's move on a numbered line: the move reader
        // alone takes it for a dash and reads Nf3 only.
        for token in ["--", "Z0", "0000"] {
            let pair = format!("1. e4 e5\n2. Nf3 {token}\n3. Bc4 Nc6\n");
            assert_eq!(stop(&pair), (3, null(3, token)), "{pair:?}");
            let single = format!("e4\ne5\nNf3 {token}\nBc4\n");
            assert_eq!(stop(&single), (3, null(3, token)), "{single:?}");
            let alone = format!("e4\ne5\nNf3\n{token}\nBc4\n");
            assert_eq!(stop(&alone), (3, null(3, token)), "{alone:?}");
            let black = format!("1. e4 e5\n2. Nf3\n2... {token}\n");
            assert_eq!(stop(&black), (3, null(3, token)), "{black:?}");
            // Movetext on one line, and a PGN file: "0000" is all digits,
            // and was passed over as a move number.
            let line = format!("1. e4 e5 2. Nf3 {token} 3. Bc4 Nc6");
            assert_eq!(stop(&line), (3, null(3, token)), "{line:?}");
            let pgn = format!("[Event \"x\"]\n\n{line} *\n");
            assert_eq!(stop(&pgn), (3, null(3, token)), "{pgn:?}");
        }
        assert_eq!(stop("0000"), (0, null(0, "0000")));
        assert_eq!(stop("1. 0000+ e5"), (0, null(0, "0000+")));
        // Castling with zeros and results are still what they were.
        assert_eq!(split_number("0000 e5"), (Form::Single, "0000 e5"));
        assert_eq!(strip_number("0000"), "0000");
        assert_eq!(stop("1. e4 e5 2. Nf3 Nc6 1-0").1, None);
    }

    #[test]
    fn a_comment_never_closed_stops_the_pgn_reading() {
        let sheet = read_sheet("[Event \"x\"]\n1. e4 {no end 2. Nf3", &Game::new());
        assert_eq!(sheet.moves, sans(&Chess::default(), "e4"));
        let stop = sheet.stop.expect("stop");
        assert_eq!((stop.ply, stop.kind), (1, SheetStopKind::Unreadable));
        assert_eq!(stop.text, "{no end 2. Nf3");
    }
}
