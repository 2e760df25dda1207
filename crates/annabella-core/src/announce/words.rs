//! The words of squares, pieces and moves in an announcement style
//! (SPEC §2): "Springer Felix drei", "knight f 3", "Nf3".

use shakmaty::{Color, File, Piece, Rank, Role, Square};

use super::{
    Announcer, Phrasing, castle_id, color_id, fide_file_id, letter_id, n, nato_file_id, piece_id,
    rank_id, s,
};
use crate::rules::{Check, MoveFacts};
use crate::settings::{Lang, Style, Verbosity};

/// How many ways of saying the squares [`Announcer::square`] keeps.
pub(super) const SQUARE_SLOTS: usize = 3 * Lang::ALL.len();

/// Where [`Announcer::square`] keeps the squares of `p`'s style in its
/// language; `None` for SAN, which needs no words.
fn square_slot(p: Phrasing) -> Option<usize> {
    let style = match p.style {
        Style::San => return None,
        Style::Fide => 0,
        Style::Local => 1,
        Style::Nato => 2,
    };
    let lang = Lang::ALL.iter().position(|&l| l == p.lang)?;
    Some(style * Lang::ALL.len() + lang)
}

impl Announcer {
    /// The language of move words in a style: `fide` is German always.
    pub(super) fn move_lang(p: Phrasing) -> Lang {
        match p.style {
            Style::Fide => Lang::De,
            Style::Local | Style::Nato | Style::San => p.lang,
        }
    }

    /// A square in the current style: "Felix drei", "f 3", "foxtrot 3"
    /// or "f3". Spoken styles keep letter and digit apart, so no speech
    /// engine reads them as one word.
    pub fn square(&self, p: Phrasing, sq: Square) -> String {
        let Some(slot) = square_slot(p) else {
            return sq.to_string();
        };
        let words = self.squares[slot].get_or_init(|| {
            Square::ALL
                .into_iter()
                .map(|sq| {
                    self.message(
                        Self::move_lang(p),
                        "square-words",
                        &[
                            ("file", s(self.file(p, sq.file()))),
                            ("rank", s(self.rank(p, sq.rank()))),
                        ],
                    )
                })
                .collect()
        });
        words[usize::from(sq)].clone()
    }

    pub(super) fn file(&self, p: Phrasing, file: File) -> String {
        match p.style {
            Style::Fide => self.message(Lang::De, fide_file_id(file), &[]),
            Style::Nato => self.message(p.lang, nato_file_id(file), &[]),
            Style::Local | Style::San => file.char().to_string(),
        }
    }

    pub(super) fn rank(&self, p: Phrasing, rank: Rank) -> String {
        match p.style {
            Style::Fide => self.message(Lang::De, rank_id(rank), &[]),
            Style::Local | Style::Nato | Style::San => rank.char().to_string(),
        }
    }

    /// A piece name in the language of the move words.
    pub(super) fn piece_name(&self, p: Phrasing, role: Role) -> String {
        self.message(Self::move_lang(p), piece_id(role), &[])
    }

    /// A piece name in the UI language.
    pub(super) fn ui_piece(&self, p: Phrasing, role: Role) -> String {
        self.message(p.lang, piece_id(role), &[])
    }

    pub(super) fn letter(&self, lang: Lang, role: Role) -> String {
        self.message(lang, letter_id(role), &[])
    }

    /// SAN with the piece letters of the UI language (German: no `=`),
    /// safe for speech: a move told apart by its rank is written `N1-e2`,
    /// since speech engines read "1e2" as a hundred.
    pub(super) fn san_text(&self, p: Phrasing, f: &MoveFacts) -> String {
        let text = self.plain_san_text(p, f);
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::with_capacity(text.len() + 1);
        for (i, &c) in chars.iter().enumerate() {
            out.push(c);
            let next_two = (chars.get(i + 1), chars.get(i + 2));
            if c.is_ascii_digit()
                && matches!(next_two, (Some(l), Some(d)) if l.is_alphabetic() && d.is_ascii_digit())
            {
                out.push('-');
            }
        }
        out
    }

    pub(super) fn plain_san_text(&self, p: Phrasing, f: &MoveFacts) -> String {
        let lang = p.lang;
        if p.verbosity == Verbosity::Full && f.castle.is_none() {
            let mut out = String::new();
            if f.role != Role::Pawn {
                out.push_str(&self.letter(lang, f.role));
            }
            out.push_str(&f.from.to_string());
            out.push(if f.capture.is_some() { 'x' } else { '-' });
            out.push_str(&f.to.to_string());
            if let Some(p) = f.promotion {
                if lang == Lang::En {
                    out.push('=');
                }
                out.push_str(&self.letter(lang, p));
            }
            out.push_str(match f.check {
                Check::None => "",
                Check::Check | Check::Double => "+",
                Check::Mate => "#",
            });
            return out;
        }
        if lang == Lang::En {
            return f.san.clone();
        }
        let mut out = String::with_capacity(f.san.len());
        for ch in f.san.chars() {
            let role = match ch {
                'K' => Role::King,
                'Q' => Role::Queen,
                'R' => Role::Rook,
                'B' => Role::Bishop,
                'N' => Role::Knight,
                '=' => continue,
                c => {
                    out.push(c);
                    continue;
                }
            };
            out.push_str(&self.letter(lang, role));
        }
        out
    }

    /// The words of a move alone, in the style: "Springer Felix drei".
    pub fn move_words(&self, p: Phrasing, f: &MoveFacts) -> String {
        if p.style == Style::San {
            return self.san_text(p, f);
        }
        let lang = Self::move_lang(p);
        let full = p.verbosity == Verbosity::Full;
        let piece = s(self.piece_name(p, f.role));
        let to = s(self.square(p, f.to));
        let mut text = if let Some(side) = f.castle {
            self.message(lang, castle_id(side), &[])
        } else if full {
            let from = s(self.square(p, f.from));
            let base = self.message(
                lang,
                "move-full",
                &[("piece", piece), ("from", from), ("to", to)],
            );
            match f.capture {
                Some(c) => self.message(
                    lang,
                    "move-full-takes",
                    &[("move", s(base)), ("captured", s(self.piece_name(p, c)))],
                ),
                None => base,
            }
        } else if f.role == Role::Pawn && f.capture.is_some() {
            let from = s(self.file(p, f.from.file()));
            self.message(
                lang,
                "move-from-takes",
                &[("piece", piece), ("from", from), ("to", to)],
            )
        } else if f.ambiguous {
            let from = s(self.square(p, f.from));
            let id = if f.capture.is_some() {
                "move-from-takes"
            } else {
                "move-from-to"
            };
            self.message(lang, id, &[("piece", piece), ("from", from), ("to", to)])
        } else {
            let id = if f.capture.is_some() {
                "move-takes"
            } else {
                "move-to"
            };
            self.message(lang, id, &[("piece", piece), ("to", to)])
        };
        if f.en_passant {
            text = self.message(lang, "move-en-passant", &[("move", s(text))]);
        }
        if let Some(role) = f.promotion {
            let promo = s(self.piece_name(p, role));
            text = self.message(
                lang,
                "move-promotion",
                &[("move", s(text)), ("piece", promo)],
            );
        }
        let check_id = match f.check {
            Check::None => None,
            Check::Check => Some("move-check"),
            Check::Double => Some("move-double-check"),
            Check::Mate => Some("move-mate"),
        };
        if let Some(id) = check_id {
            text = self.message(lang, id, &[("move", s(text))]);
        }
        text
    }

    /// The announcement of a move at the current verbosity.
    pub fn announce_move(&self, p: Phrasing, f: &MoveFacts) -> String {
        let words = self.move_words(p, f);
        if p.verbosity == Verbosity::Short {
            return words;
        }
        self.message(
            p.lang,
            "announce-move",
            &[
                ("number", n(f.number)),
                ("color", s(self.color(p, f.color))),
                ("move", s(words)),
            ],
        )
    }

    pub(super) fn color(&self, p: Phrasing, color: Color) -> String {
        self.message(p.lang, color_id(color), &[])
    }

    /// Joins choices as "A, B or C" in the UI language.
    pub(super) fn or_list(&self, p: Phrasing, mut items: Vec<String>) -> String {
        match items.len() {
            0 => String::new(),
            1 => items.remove(0),
            _ => {
                let last = items.pop().unwrap_or_default();
                self.message(
                    p.lang,
                    "list-or",
                    &[("first", s(items.join(", "))), ("last", s(last))],
                )
            }
        }
    }

    /// What stands on a square: "Eva vier: weißer Bauer."
    pub(super) fn square_content(
        &self,
        p: Phrasing,
        square: Square,
        piece: Option<Piece>,
    ) -> String {
        let sq = s(self.square(p, square));
        match piece {
            Some(piece) => self.message(
                p.lang,
                "square-piece",
                &[("square", sq), ("piece", s(self.colored_piece(p, piece)))],
            ),
            None => self.message(p.lang, "square-empty", &[("square", sq)]),
        }
    }
}
