//! The Braille scoresheet's bytes: the sheet's lines in print (made by
//! `announce`) brailled by liblouis with the sheet's table, turned into
//! North American Braille ASCII as BRF files hold it (one byte a cell,
//! `0x20`–`0x5F`), and cut into pages of 25 lines, each page's last
//! line its number, lines ending in CR LF, pages parted by a form feed.
//!
//! liblouis is asked for Unicode Braille patterns (`braille-patterns.cti`
//! put before the table, so that its display wins over the table's own),
//! not for the table's display characters: some tables display letters
//! as themselves, which says nothing of their dots. Estonian's table
//! writes digits and capitals as eight-dot computer Braille; a BRF holds
//! six dots, so a digit (a letter's cell with dot 8) becomes the number
//! sign and the letter's cell, as literary Braille writes numbers, and
//! a capital (dot 7) loses its dot 7, as German basic Braille leaves
//! capitals unmarked (Estonian piece letters are no file letters, so
//! moves stay unambiguous). Any other eight-dot cell is refused.

use crate::event::{BrailleSheet, BrfTrouble};

/// A scoresheet ready to be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Brf {
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// How many pages they make.
    pub pages: usize,
}

/// The cells of North American Braille ASCII, indexed by the six dots
/// as bits (dot 1 the lowest).
const ASCII: &[u8; 64] = b" A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=";

/// The number sign (dots 3456) and the letter sign (dots 56), which
/// ends a number before a letter of a to j.
const NUMBER_SIGN: u8 = b'#';
const LETTER_SIGN: u8 = b';';

/// The cells of the letters a to j, which are the digits after a number
/// sign: 1 to 9 and 0.
const DIGIT_CELLS: [u8; 10] = [0o01, 0o03, 0o11, 0o31, 0o21, 0o13, 0o33, 0o23, 0o12, 0o32];

/// The scoresheet of `sheet`, whose print lines are `lines`.
pub fn make(sheet: &BrailleSheet, lines: &[String]) -> Result<Brf, BrfTrouble> {
    let table = sheet.table.name(sheet.lang);
    let mut brailled = Vec::with_capacity(lines.len());
    for line in lines {
        if line.trim().is_empty() {
            brailled.push(String::new());
            continue;
        }
        let dots = translate(table, line)?;
        let cells = cells(&dots).map_err(|()| BrfTrouble::EightDot(table.to_string()))?;
        brailled.push(cells);
    }
    let width = usize::from(sheet.width.max(1));
    let (text, pages) = paginate(&brailled, width, BrailleSheet::PAGE_LINES);
    Ok(Brf {
        bytes: text.into_bytes(),
        pages,
    })
}

/// `text` in Unicode Braille patterns through liblouis's `table`.
#[cfg(feature = "braille")]
fn translate(table: &str, text: &str) -> Result<String, BrfTrouble> {
    if let Some(missing) = table.split(',').find(|name| !table_exists(name)) {
        return Err(BrfTrouble::NoTable(missing.to_string()));
    }
    // The crate gives liblouis an output buffer four times the input;
    // blanks after the text make room for a long expansion (an unknown
    // character is written as its code), and are cut off again.
    let padded = format!("{text}{}", " ".repeat(text.chars().count() * 3));
    liblouis::Translator::new()
        .translate_string(&format!("braille-patterns.cti,{table}"), &padded)
        .map(|out| out.trim_end_matches([' ', '\u{2800}']).to_string())
        .map_err(|_| BrfTrouble::Unusable(table.to_string()))
}

/// Without the feature `braille` there is no liblouis.
#[cfg(not(feature = "braille"))]
fn translate(_table: &str, _text: &str) -> Result<String, BrfTrouble> {
    Err(BrfTrouble::NotBuilt)
}

/// Whether liblouis can find the table `name`: a path, or a file in one
/// of the folders of `LOUIS_TABLEPATH` or where Debian and a build from
/// source put the tables. Asked first so that a name liblouis lacks is
/// answered in words, not with liblouis's complaint on the terminal.
#[cfg(feature = "braille")]
fn table_exists(name: &str) -> bool {
    use std::path::Path;
    if name.is_empty() {
        return false;
    }
    if name.contains('/') {
        return Path::new(name).is_file();
    }
    let from_env = std::env::var("LOUIS_TABLEPATH").unwrap_or_default();
    from_env
        .split(',')
        .filter(|dir| !dir.is_empty())
        .chain([
            "/usr/share/liblouis/tables",
            "/usr/local/share/liblouis/tables",
        ])
        .any(|dir| Path::new(dir).join(name).is_file())
}

/// Unicode Braille patterns as North American Braille ASCII, eight-dot
/// digits and capitals made six-dot (see the module's words); `Err`
/// for any other eight-dot cell or a character that is no cell.
///
/// ```
/// use annabella::io::brf::cells;
/// // "e4" as Estonian's table writes it: e, then d with dot 8.
/// assert_eq!(cells("\u{2811}\u{2899}").unwrap(), "E#D");
/// assert_eq!(cells("\u{28ff}"), Err(()));
/// ```
#[allow(clippy::result_unit_err)]
pub fn cells(dots: &str) -> Result<String, ()> {
    let mut out = Vec::with_capacity(dots.len());
    let mut in_number = false;
    for c in dots.chars() {
        let bits = match c {
            ' ' => 0,
            '\u{2800}'..='\u{28ff}' => u32::from(c) - 0x2800,
            _ => return Err(()),
        };
        let six = (bits & 0o77) as u8;
        let (dot7, dot8) = (bits & 0x40 != 0, bits & 0x80 != 0);
        let digit = DIGIT_CELLS.contains(&six);
        match (dot7, dot8) {
            (false, true) if digit => {
                if !in_number {
                    out.push(NUMBER_SIGN);
                }
                in_number = true;
            }
            (true, true) | (false, true) => return Err(()),
            (_, false) => {
                if in_number && digit {
                    out.push(LETTER_SIGN);
                }
                in_number = false;
            }
        }
        out.push(ASCII[usize::from(six)]);
    }
    // Every byte pushed is ASCII.
    Ok(out.into_iter().map(char::from).collect())
}

/// Brailled lines cut into pages of `page_lines` lines of at most
/// `width` cells: a line too long is broken at its last blank that fits
/// (a word longer than a line is cut), each page's last line is its
/// number, right-aligned in Braille digits, and lines end in CR LF with
/// a form feed between pages. Gives the text and its number of pages.
///
/// ```
/// use annabella::io::brf::paginate;
/// let (text, pages) = paginate(&["#A4 E#D E#E".to_string()], 20, 25);
/// assert_eq!(pages, 1);
/// assert!(text.starts_with("#A4 E#D E#E\r\n"));
/// assert!(text.ends_with("                  #A\r\n"));
/// ```
pub fn paginate(lines: &[String], width: usize, page_lines: usize) -> (String, usize) {
    let width = width.max(1);
    let body = page_lines.saturating_sub(1).max(1);
    let broken: Vec<String> = lines.iter().flat_map(|l| break_line(l, width)).collect();
    let mut text = String::new();
    let chunks: Vec<&[String]> = if broken.is_empty() {
        vec![&[]]
    } else {
        broken.chunks(body).collect()
    };
    for (i, page) in chunks.iter().enumerate() {
        if i > 0 {
            text.push('\u{c}');
        }
        for line in *page {
            text.push_str(line);
            text.push_str("\r\n");
        }
        for _ in page.len()..body {
            text.push_str("\r\n");
        }
        let number = page_number(i + 1);
        // A number wider than the line (never at 20 cells or more) is
        // written whole rather than cut.
        let pad = width.saturating_sub(number.len());
        text.push_str(&" ".repeat(pad));
        text.push_str(&number);
        text.push_str("\r\n");
    }
    (text, chunks.len())
}

/// A page number in Braille ASCII: the number sign and the digits as the
/// letters a to j.
fn page_number(n: usize) -> String {
    let digits: String = n
        .to_string()
        .bytes()
        .map(|d| match d {
            b'0' => 'J',
            d => char::from(b'A' + (d - b'1')),
        })
        .collect();
    format!("#{digits}")
}

/// One line as lines of at most `width` cells, broken at blanks.
fn break_line(line: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for word in line.split(' ').filter(|w| !w.is_empty()) {
        let mut word = word;
        if !current.is_empty() && current.len() + 1 + word.len() > width {
            out.push(std::mem::take(&mut current));
        }
        while word.len() > width {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            // Cells are ASCII bytes, so any byte is a boundary.
            let (head, rest) = word.split_at(width);
            out.push(head.to_string());
            word = rest;
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    if !current.is_empty() || out.is_empty() {
        out.push(current);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_dot_cells_are_braille_ascii() {
        // Dots 1-2-3-4-5-6 in bits: the full cell is "=", dots 3-4-5-6
        // the number sign.
        assert_eq!(cells("\u{283f}\u{283c}\u{2800} ").unwrap(), "=#  ");
        for bits in 0..64u32 {
            let c = char::from_u32(0x2800 + bits).unwrap();
            let cell = cells(&c.to_string()).unwrap();
            assert!(matches!(cell.as_bytes(), [0x20..=0x5f]), "{bits:o}");
        }
    }

    #[test]
    fn eight_dot_digits_get_the_number_sign_and_capitals_lose_dot_7() {
        // "1. Rf3" in et-g0.utb: a+8, dot 3, blank, R+7, f, c+8.
        let et = "\u{2881}\u{2804}\u{2800}\u{2857}\u{280b}\u{2889}";
        assert_eq!(cells(et).unwrap(), "#A' RF#C");
        // "12e": one number sign, then the letter sign before e.
        assert_eq!(cells("\u{2881}\u{2883}\u{2811}").unwrap(), "#AB;E");
        // Dots 7 and 8 together, or dot 8 on a cell that is no digit.
        assert_eq!(cells("\u{28c1}"), Err(()));
        assert_eq!(cells("\u{28bf}"), Err(()));
        assert_eq!(cells("x"), Err(()));
    }

    #[test]
    fn long_lines_break_at_blanks_and_long_words_are_cut() {
        assert_eq!(break_line("AB CD EF", 5), ["AB CD", "EF"]);
        assert_eq!(break_line("ABCDEFG H", 3), ["ABC", "DEF", "G H"]);
        assert_eq!(break_line("", 5), [""]);
    }

    #[test]
    fn pages_have_25_lines_numbered_on_the_last_and_form_feeds_between() {
        let lines: Vec<String> = (0..50).map(|i| format!("L{i}")).collect();
        let (text, pages) = paginate(&lines, 20, 25);
        assert_eq!(pages, 3);
        let parts: Vec<&str> = text.split('\u{c}').collect();
        assert_eq!(parts.len(), 3);
        for (i, page) in parts.iter().enumerate() {
            let rows: Vec<&str> = page.strip_suffix("\r\n").unwrap().split("\r\n").collect();
            assert_eq!(rows.len(), 25);
            let number = page_number(i + 1);
            assert_eq!(rows[24].trim_start(), number);
            assert_eq!(rows[24].len(), 20);
        }
        assert!(parts[2].starts_with("L48\r\nL49\r\n\r\n"));
        assert_eq!(page_number(10), "#AJ");
    }

    /// A sheet of the opening moves in `lang`, with the table `table`.
    fn sheet(lang: crate::settings::Lang, table: &str) -> (BrailleSheet, Vec<String>) {
        let sheet = BrailleSheet {
            path: "game.brf".into(),
            replace: false,
            lang,
            width: 40,
            table: crate::settings::BrailleTable::Named(table.to_string()),
            players: ["Anna".into(), "Bert".into()],
            event: "?".into(),
            date: "????.??.??".into(),
            result: "*".into(),
            moves: Vec::new(),
            times: Vec::new(),
        };
        (sheet, vec!["1. e4 e5".to_string(), String::new()])
    }

    #[cfg(not(feature = "braille"))]
    #[test]
    fn without_the_feature_no_sheet_is_made() {
        let (sheet, lines) = sheet(crate::settings::Lang::En, "en-ueb-g1.ctb");
        assert_eq!(make(&sheet, &lines), Err(BrfTrouble::NotBuilt));
    }

    #[cfg(feature = "braille")]
    #[test]
    fn liblouis_brailles_with_the_table_named_or_says_why_not() {
        use crate::settings::Lang;
        let (english, lines) = sheet(Lang::En, "en-ueb-g1.ctb");
        let brf = make(&english, &lines).unwrap();
        assert_eq!(brf.pages, 1);
        assert!(brf.bytes.starts_with(b"#A4 E#D E#E\r\n\r\n"));
        let (estonian, lines) = sheet(Lang::Et, "et-g0.utb");
        let brf = make(&estonian, &lines).unwrap();
        assert!(brf.bytes.starts_with(b"#A' E#D E#E\r\n"));
        let (missing, lines) = sheet(Lang::En, "en-ueb-g1.ctb,no-such.ctb");
        assert_eq!(
            make(&missing, &lines),
            Err(BrfTrouble::NoTable("no-such.ctb".into()))
        );
        let (path, lines) = sheet(Lang::En, "/nonexistent/table.ctb");
        assert_eq!(
            make(&path, &lines),
            Err(BrfTrouble::NoTable("/nonexistent/table.ctb".into()))
        );
        // A file that is no table: liblouis cannot compile it.
        let dir = tempfile::tempdir().unwrap();
        let garbage = dir.path().join("garbage.ctb");
        std::fs::write(&garbage, "this is no opcode\n").unwrap();
        let name = garbage.display().to_string();
        let (broken, lines) = sheet(Lang::En, &name);
        assert_eq!(make(&broken, &lines), Err(BrfTrouble::Unusable(name)));
    }

    #[test]
    fn an_empty_sheet_is_one_numbered_page() {
        let (text, pages) = paginate(&[], 40, 25);
        assert_eq!(pages, 1);
        assert_eq!(text.matches("\r\n").count(), 25);
    }
}
