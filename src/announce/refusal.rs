//! The refusal family: why a move or a command was not carried out.

use shakmaty::{Role, Square};

use super::{Announcer, Phrasing, capitalise, castle_id, role_key, s};
use crate::event::Refused;
use crate::input::commands::Arg;
use crate::input::{CastlingBlock, CommandError, Refusal, Suggestion};
use crate::settings::Key;

impl Announcer {
    pub(super) fn refused(&self, p: Phrasing, refused: &Refused) -> String {
        let ui = p.lang;
        match refused {
            Refused::Move(r) => self.refusal(p, r),
            Refused::NotUnderstood {
                input,
                suggestion: Some(suggestion),
            } => {
                let text = match suggestion {
                    Suggestion::Command(word) => word.clone(),
                    Suggestion::Move(f) => self.move_words(p.short(), f),
                };
                self.message(
                    ui,
                    "not-understood-suggest",
                    &[("input", s(input.clone())), ("suggestion", s(text))],
                )
            }
            Refused::NotUnderstood {
                input,
                suggestion: None,
            } => self.message(ui, "not-understood", &[("input", s(input.clone()))]),
            Refused::Command(e) => self.command_error(p, e),
            Refused::NothingToUndo => self.message(ui, "nothing-to-undo", &[]),
            Refused::NoDrawOffer => self.message(ui, "no-draw-offer", &[]),
            Refused::NothingToRepeat => self.message(ui, "nothing-to-repeat", &[]),
            Refused::EngineThinking => self.message(ui, "engine-thinking", &[]),
        }
    }

    fn refusal(&self, p: Phrasing, r: &Refusal) -> String {
        let ui = p.lang;
        let sq = |sq: Square| s(self.square(p, sq));
        let name = |role: Role| s(self.ui_piece(p, role));
        // The castling name opens the sentence.
        let castling = |side| s(capitalise(&self.message(ui, castle_id(side), &[])));
        match *r {
            Refusal::GameOver => self.message(ui, "refuse-game-over", &[]),
            Refusal::NotAMove => self.message(ui, "refuse-not-a-move", &[]),
            Refusal::NotYourTurn { turn } => self.message(
                ui,
                "refuse-not-your-turn",
                &[("color", s(self.color(p, turn)))],
            ),
            Refusal::NoPieceOn { square } => {
                self.message(ui, "refuse-no-piece-on", &[("square", sq(square))])
            }
            Refusal::WrongPieceOn {
                square,
                expected,
                found,
            } => self.message(
                ui,
                "refuse-wrong-piece-on",
                &[
                    ("square", sq(square)),
                    ("found", role_key(found)),
                    ("foundname", name(found)),
                    ("expected", role_key(expected)),
                    ("expectedname", name(expected)),
                ],
            ),
            Refusal::NoSuchPiece { role, file, rank } => {
                let place = match (file, rank) {
                    (Some(f), Some(r)) => self.message(
                        ui,
                        "where-square",
                        &[("square", sq(Square::from_coords(f, r)))],
                    ),
                    (Some(f), None) => {
                        self.message(ui, "where-file", &[("file", s(self.file(p, f)))])
                    }
                    (None, Some(r)) => {
                        self.message(ui, "where-rank", &[("rank", s(self.rank(p, r)))])
                    }
                    (None, None) => String::new(),
                };
                self.message(
                    ui,
                    "refuse-no-such-piece",
                    &[
                        ("role", role_key(role)),
                        ("name", name(role)),
                        ("where", s(place)),
                    ],
                )
            }
            Refusal::OwnPiece { square, role } => self.message(
                ui,
                "refuse-own-piece",
                &[
                    ("square", sq(square)),
                    ("role", role_key(role)),
                    ("name", name(role)),
                ],
            ),
            Refusal::KingInCheck { attacker, square } => self.message(
                ui,
                "refuse-king-in-check",
                &[
                    ("square", sq(square)),
                    ("role", role_key(attacker)),
                    ("name", name(attacker)),
                ],
            ),
            Refusal::CannotReach { role, from, to } => match (role, from) {
                (Some(role), Some(from)) => self.message(
                    ui,
                    "refuse-cannot-reach-from",
                    &[
                        ("role", role_key(role)),
                        ("name", name(role)),
                        ("from", sq(from)),
                        ("to", sq(to)),
                    ],
                ),
                (Some(role), None) => self.message(
                    ui,
                    "refuse-cannot-reach",
                    &[
                        ("role", role_key(role)),
                        ("name", name(role)),
                        ("to", sq(to)),
                    ],
                ),
                (None, _) => self.message(ui, "refuse-cannot-reach-any", &[("to", sq(to))]),
            },
            Refusal::NothingToCapture { square } => {
                self.message(ui, "refuse-nothing-to-capture", &[("square", sq(square))])
            }
            Refusal::NoPromotion => self.message(ui, "refuse-no-promotion", &[]),
            Refusal::CastlingNoLongerAllowed { side, moved } => {
                let id = match moved {
                    Some(Role::King) => "refuse-castling-king-moved",
                    Some(_) => "refuse-castling-rook-moved",
                    None => "refuse-castling-no-right",
                };
                self.message(ui, id, &[("castling", castling(side))])
            }
            Refusal::CastlingPrevented { side, block } => match block {
                CastlingBlock::InCheck => self.message(
                    ui,
                    "refuse-castling-in-check",
                    &[("castling", castling(side))],
                ),
                CastlingBlock::Occupied(square) => self.message(
                    ui,
                    "refuse-castling-occupied",
                    &[("castling", castling(side)), ("square", sq(square))],
                ),
                CastlingBlock::Attacked(square) => self.message(
                    ui,
                    "refuse-castling-attacked",
                    &[("castling", castling(side)), ("square", sq(square))],
                ),
            },
        }
    }

    fn command_error(&self, p: Phrasing, e: &CommandError) -> String {
        let ui = p.lang;
        match e {
            CommandError::UnknownSetting(key) => {
                let keys: Vec<&str> = Key::all().map(|k| k.word(ui)).collect();
                self.message(
                    ui,
                    "unknown-setting",
                    &[("key", s(key.to_lowercase())), ("keys", s(keys.join(", ")))],
                )
            }
            CommandError::BadValue { key, value } => self.message(
                ui,
                "bad-value",
                &[
                    ("key", s(key.word(ui))),
                    ("value", s(value.clone())),
                    ("allowed", s(self.allowed(p, &key.allowed()))),
                ],
            ),
            CommandError::SetUsage => self.message(ui, "set-usage", &[]),
            CommandError::Chess960Number(v) => {
                self.message(ui, "chess960-number", &[("value", s(v.clone()))])
            }
            CommandError::UnknownHelpTopic(t) => {
                self.message(ui, "unknown-help", &[("topic", s(t.clone()))])
            }
            CommandError::BadArgument { command, argument } => {
                let help = self.message(ui, command.entry().help, &[]);
                let line = self.message(ui, "bad-argument", &[("argument", s(argument.clone()))]);
                format!("{line} {help}")
            }
            CommandError::Missing { command, what } => {
                let id = match what {
                    Arg::Square | Arg::OptionalSquare => "missing-square",
                    Arg::Rank => "missing-rank",
                    Arg::File => "missing-file",
                    Arg::Piece => "missing-piece",
                    Arg::Setting => return self.message(ui, "set-usage", &[]),
                    Arg::None
                    | Arg::Topic
                    | Arg::NewGame
                    | Arg::OptionalColor
                    | Arg::OptionalMove => "missing-argument",
                };
                let line = self.message(ui, id, &[("command", s(command.word(ui)))]);
                let help = self.message(ui, command.entry().help, &[]);
                format!("{line} {help}")
            }
        }
    }
}
