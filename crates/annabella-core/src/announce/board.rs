//! Words for board reading: lines of squares, where pieces stand, who
//! attacks a square, legal moves and material.

use shakmaty::{ByRole, Color, Piece, Role, Square};

use super::{Announcer, Phrasing, n, piece_id, pieces_id, role_key, s};
use crate::rules::MoveFacts;
use crate::view::{Line, LineKind};
use crate::view::{ROLE_ORDER, value};

pub(super) fn color_key(color: Color) -> fluent_bundle::FluentValue<'static> {
    s(match color {
        Color::White => "white",
        Color::Black => "black",
    })
}

impl Announcer {
    /// "weißer Springer", "black knight": a piece with its colour.
    pub(super) fn colored_piece(&self, p: Phrasing, piece: Piece) -> String {
        self.message(
            p.lang,
            "piece-colored",
            &[
                ("color", color_key(piece.color)),
                ("role", role_key(piece.role)),
                ("name", s(self.ui_piece(p, piece.role))),
            ],
        )
    }

    /// One rank, file or diagonal: occupied squares with their pieces,
    /// runs of empty squares said once ("Anna vier bis David vier leer").
    pub(super) fn line(&self, p: Phrasing, line: &Line) -> String {
        let ui = p.lang;
        let sq = |square| s(self.square(p, square));
        let label = match line.kind {
            LineKind::Rank(rank) => {
                self.message(ui, "line-rank", &[("rank", s(self.rank(p, rank)))])
            }
            LineKind::File(file) => {
                self.message(ui, "line-file", &[("file", s(self.file(p, file)))])
            }
            LineKind::Diagonal(from, to) => {
                self.message(ui, "line-diagonal", &[("from", sq(from)), ("to", sq(to))])
            }
        };
        let mut items = Vec::new();
        let mut empty_run: Vec<Square> = Vec::new();
        let flush = |run: &mut Vec<Square>, items: &mut Vec<String>| {
            match run.as_slice() {
                [] => {}
                [one] => items.push(self.message(ui, "cell-empty", &[("square", sq(*one))])),
                [first, .., last] => items.push(self.message(
                    ui,
                    "cell-empty-run",
                    &[("from", sq(*first)), ("to", sq(*last))],
                )),
            }
            run.clear();
        };
        for &(square, piece) in &line.cells {
            match piece {
                None => empty_run.push(square),
                Some(piece) => {
                    flush(&mut empty_run, &mut items);
                    items.push(self.message(
                        ui,
                        "cell-piece",
                        &[
                            ("square", sq(square)),
                            ("piece", s(self.colored_piece(p, piece))),
                        ],
                    ));
                }
            }
        }
        flush(&mut empty_run, &mut items);
        self.message(
            ui,
            "line-cells",
            &[("line", s(label)), ("cells", s(items.join(", ")))],
        )
    }

    /// `where`: one sentence per colour.
    pub(super) fn where_lines(
        &self,
        p: Phrasing,
        role: Role,
        found: &[(Color, Vec<Square>)],
    ) -> Vec<String> {
        let ui = p.lang;
        found
            .iter()
            .map(|(color, squares)| {
                let args_base = [
                    ("color", color_key(*color)),
                    ("role", role_key(role)),
                    ("count", n(squares.len() as u32)),
                ];
                if squares.is_empty() {
                    let mut args = args_base.to_vec();
                    args.push(("name", s(self.ui_piece(p, role))));
                    return self.message(ui, "where-none", &args);
                }
                let id = if squares.len() == 1 {
                    piece_id(role)
                } else {
                    pieces_id(role)
                };
                let list: Vec<String> = squares.iter().map(|&sq| self.square(p, sq)).collect();
                let mut args = args_base.to_vec();
                args.push(("name", s(self.message(ui, id, &[]))));
                args.push(("squares", s(list.join(", "))));
                self.message(ui, "where-found", &args)
            })
            .collect()
    }

    fn piece_list(&self, p: Phrasing, pieces: &[(Role, Square)]) -> String {
        if pieces.is_empty() {
            return self.message(p.lang, "list-none", &[]);
        }
        pieces
            .iter()
            .map(|&(role, sq)| format!("{} {}", self.ui_piece(p, role), self.square(p, sq)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// `attackers`: who attacks and who defends a square.
    pub(super) fn attackers(
        &self,
        p: Phrasing,
        square: Square,
        piece: Option<Piece>,
        sides: &[(Color, Vec<(Role, Square)>); 2],
    ) -> String {
        let ui = p.lang;
        let of = |color: Color| {
            sides
                .iter()
                .find(|(c, _)| *c == color)
                .map(|(_, list)| list.as_slice())
                .unwrap_or(&[])
        };
        let sq = s(self.square(p, square));
        match piece {
            Some(piece) => self.message(
                ui,
                "attackers-occupied",
                &[
                    ("square", sq),
                    ("piece", s(self.colored_piece(p, piece))),
                    ("attackers", s(self.piece_list(p, of(!piece.color)))),
                    ("defenders", s(self.piece_list(p, of(piece.color)))),
                ],
            ),
            None => self.message(
                ui,
                "attackers-empty",
                &[
                    ("square", sq),
                    ("white", s(self.piece_list(p, of(Color::White)))),
                    ("black", s(self.piece_list(p, of(Color::Black)))),
                ],
            ),
        }
    }

    /// `moves`: the legal moves of one piece, or all with their number.
    pub(super) fn moves(
        &self,
        p: Phrasing,
        from: Option<(Square, Option<Piece>)>,
        moves: &[MoveFacts],
        turn: Color,
    ) -> String {
        let ui = p.lang;
        let words: Vec<String> = moves
            .iter()
            .map(|m| self.move_words(p.short(), m))
            .collect();
        let count = n(moves.len() as u32);
        match from {
            None if moves.is_empty() => {
                let side = if turn == Color::White {
                    "white"
                } else {
                    "black"
                };
                self.message(ui, "moves-all-none", &[("side", s(side))])
            }
            None => self.message(
                ui,
                "moves-all",
                &[("count", count), ("moves", s(words.join("; ")))],
            ),
            Some((square, Some(piece))) if moves.is_empty() && piece.color != turn => self.message(
                ui,
                "moves-not-on-move",
                &[
                    ("square", s(self.square(p, square))),
                    ("piece", s(self.colored_piece(p, piece))),
                    ("color", s(self.color(p, piece.color))),
                ],
            ),
            Some((square, Some(piece))) if moves.is_empty() => self.message(
                ui,
                "moves-none",
                &[
                    ("square", s(self.square(p, square))),
                    ("piece", s(self.colored_piece(p, piece))),
                ],
            ),
            Some((square, Some(piece))) => self.message(
                ui,
                "moves-piece",
                &[
                    ("square", s(self.square(p, square))),
                    ("piece", s(self.colored_piece(p, piece))),
                    ("count", count),
                    ("moves", s(words.join("; "))),
                ],
            ),
            Some((square, None)) => {
                self.message(ui, "square-empty", &[("square", s(self.square(p, square)))])
            }
        }
    }

    /// `material`: the balance in pawn units and the pieces behind it.
    pub(super) fn material(&self, p: Phrasing, sides: &[(Color, ByRole<u8>); 2]) -> Vec<String> {
        let ui = p.lang;
        let count = |color: Color, role: Role| {
            sides
                .iter()
                .find(|(c, _)| *c == color)
                .map(|(_, m)| *m.get(role))
                .unwrap_or(0)
        };
        let units = |color: Color| -> u32 {
            ROLE_ORDER
                .iter()
                .map(|&r| u32::from(count(color, r)) * value(r))
                .sum()
        };
        let (white, black) = (units(Color::White), units(Color::Black));
        let mut lines = vec![if white == black {
            self.message(ui, "material-level", &[("units", n(white))])
        } else {
            let (ahead, by) = if white > black {
                (Color::White, white - black)
            } else {
                (Color::Black, black - white)
            };
            self.message(
                ui,
                "material-ahead",
                &[("color", s(self.color(p, ahead))), ("units", n(by))],
            )
        }];
        for color in [Color::White, Color::Black] {
            let extra: Vec<String> = ROLE_ORDER
                .iter()
                .filter_map(|&role| {
                    let more = count(color, role).checked_sub(count(!color, role))?;
                    if more == 0 {
                        return None;
                    }
                    Some(self.message(
                        ui,
                        "count-pieces",
                        &[
                            ("count", n(u32::from(more))),
                            ("role", role_key(role)),
                            ("name", s(self.message(ui, piece_id(role), &[]))),
                            ("names", s(self.message(ui, pieces_id(role), &[]))),
                        ],
                    ))
                })
                .collect();
            if !extra.is_empty() {
                lines.push(self.message(
                    ui,
                    "material-extra",
                    &[
                        ("color", s(self.color(p, color))),
                        ("pieces", s(extra.join(", "))),
                    ],
                ));
            }
        }
        lines
    }
}
