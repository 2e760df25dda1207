//! The refusal family: why a move or a command was not carried out.

use fluent_bundle::FluentValue;
use shakmaty::{CastlingSide, File, Rank, Role, Square};

use super::{Announcer, Phrasing, capitalise, castle_id, n, q, role_key, s};
use crate::event::Refused;
use crate::input::commands::{Arg, Command};
use crate::input::{CastlingBar, CastlingBlock, CommandError, Part, Reach, Refusal, Suggestion};
use crate::settings::{Key, Lang};

impl Announcer {
    pub(super) fn refused(&self, p: Phrasing, refused: &Refused) -> String {
        let ui = p.lang;
        match refused {
            Refused::Move(r) => self.refusal(p, r),
            Refused::NotUnderstood {
                suggestion: Some(Suggestion::Where(role, reach)),
                ..
            } => self.piece_alone(p, *role, reach),
            Refused::NotUnderstood {
                input,
                suggestion: Some(suggestion),
            } => {
                let text = match suggestion {
                    Suggestion::Command(word) => word.clone(),
                    Suggestion::Move(f) => self.move_words(p.short(), f),
                    Suggestion::Where(..) => String::new(),
                };
                self.message(
                    ui,
                    "not-understood-suggest",
                    &[("input", q(input)), ("suggestion", s(text))],
                )
            }
            Refused::NotUnderstood {
                input,
                suggestion: None,
            } => self.message(ui, "not-understood", &[("input", q(input))]),
            Refused::Command(e) => self.command_error(p, e),
            Refused::NothingToUndo => self.message(ui, "nothing-to-undo", &[]),
            Refused::NoDrawOffer => self.message(ui, "no-draw-offer", &[]),
            Refused::NothingToRepeat => self.message(ui, "nothing-to-repeat", &[]),
            Refused::EngineThinking => self.message(ui, "engine-thinking", &[]),
            Refused::ControlKeys => self.message(ui, "control-keys", &[]),
            Refused::Untimed => self.message(ui, "clock-untimed", &[]),
            Refused::AlreadyPaused => self.message(ui, "clock-already-paused", &[]),
            Refused::NotPaused => self.message(ui, "clock-not-paused", &[]),
            Refused::Replaying => self.message(ui, "replay-refused", &[]),
            Refused::NoReplay => self.message(ui, "replay-none", &[]),
            Refused::NothingStated => self.message(ui, "dual-nothing-stated", &[]),
            Refused::NoDrill => self.message(ui, "drill-none", &[]),
            Refused::UnknownDrill(word) => self.message(ui, "drill-unknown", &[("word", q(word))]),
            Refused::NoPeeksLeft { cost, used, budget } => self.message(
                ui,
                "peek-none-left",
                &[
                    ("cost", n(*cost)),
                    ("used", n(*used)),
                    ("budget", n(*budget)),
                ],
            ),
            Refused::TooManySheets => self.message(ui, "sheet-too-many", &[]),
            Refused::NoSheetCompared => self.message(ui, "restore-no-sheet", &[]),
            Refused::NoSuchMoveToRestore { number, color } => self.message(
                ui,
                "restore-no-such-move",
                &[("number", n(*number)), ("color", s(self.color(p, *color)))],
            ),
            Refused::NoSuchMove {
                number,
                side,
                range,
            } => self.no_such_move(p, *number, *side, *range),
        }
    }

    fn refusal(&self, p: Phrasing, r: &Refusal) -> String {
        let ui = p.lang;
        let sq = |sq: Square| s(self.square(p, sq));
        match *r {
            Refusal::GameOver => self.message(ui, "refuse-game-over", &[]),
            Refusal::NotAMove => self.message(ui, "refuse-not-a-move", &[]),
            Refusal::NotYourTurn { turn, role } => self.message(
                ui,
                "refuse-not-your-turn",
                &[
                    ("color", s(self.color(p, turn))),
                    ("other", s(self.color(p, !turn))),
                    ("otherside", super::board::color_key(!turn)),
                    ("role", role_key(role)),
                    ("name", s(self.ui_piece(p, role))),
                ],
            ),
            Refusal::NoPieceOn { square } => {
                self.message(ui, "refuse-no-piece-on", &[("square", sq(square))])
            }
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
                self.message(ui, id, &[("castling", self.castling_name(p, side))])
            }
            Refusal::CastlingPrevented { side, block } => self.castling_prevented(p, side, block),
            Refusal::NoCastling { short, long } => self.no_castling(p, short, long),
            Refusal::WrongPieceOn {
                square,
                expected,
                found,
            } => self.wrong_piece(p, square, expected, found),
            Refusal::NoSuchPiece { role, file, rank } => self.no_such_piece(p, role, file, rank),
            Refusal::OwnPiece { square, role } => {
                self.piece_message(p, "refuse-own-piece", role, &[("square", sq(square))])
            }
            Refusal::KingInCheck { attacker, square } => self.piece_message(
                p,
                "refuse-king-in-check",
                attacker,
                &[("square", sq(square))],
            ),
            Refusal::CannotReach {
                role: Some(role),
                from: Some(from),
                to,
            } => self.piece_message(
                p,
                "refuse-cannot-reach-from",
                role,
                &[("from", sq(from)), ("to", sq(to))],
            ),
            Refusal::CannotReach {
                role: Some(role),
                from: None,
                to,
            } => self.piece_message(p, "refuse-cannot-reach", role, &[("to", sq(to))]),
            Refusal::CannotReach { role: None, to, .. } => {
                self.message(ui, "refuse-cannot-reach-any", &[("to", sq(to))])
            }
        }
    }

    /// A refusal that names a piece: its kind and name, then `more`.
    fn piece_message(
        &self,
        p: Phrasing,
        id: &str,
        role: Role,
        more: &[(&'static str, FluentValue<'static>)],
    ) -> String {
        let mut args = vec![
            ("role", role_key(role)),
            ("name", s(self.ui_piece(p, role))),
        ];
        args.extend_from_slice(more);
        self.message(p.lang, id, &args)
    }

    /// Another piece stands where the move said.
    fn wrong_piece(&self, p: Phrasing, square: Square, expected: Role, found: Role) -> String {
        let name = |role: Role| s(self.ui_piece(p, role));
        self.message(
            p.lang,
            "refuse-wrong-piece-on",
            &[
                ("square", s(self.square(p, square))),
                ("found", role_key(found)),
                ("foundname", name(found)),
                ("expected", role_key(expected)),
                ("expectedname", name(expected)),
            ],
        )
    }

    /// No piece of the kind named stands where the move said (on a
    /// square, a file, a rank, or anywhere).
    /// A piece word typed alone: where it could go, that it cannot move,
    /// or that there is none.
    fn piece_alone(&self, p: Phrasing, role: Role, reach: &Reach) -> String {
        let ui = p.lang;
        let name = ("name", s(self.ui_piece(p, role)));
        match reach {
            Reach::To(sq) => self.message(
                ui,
                "piece-alone",
                &[
                    ("role", role_key(role)),
                    name,
                    ("square", s(sq.to_string())),
                ],
            ),
            // "Where should the queen go?" when there is none would send
            // the player looking for it.
            Reach::NoPiece => self.no_such_piece(p, role, None, None),
            Reach::Stuck(count) => self.message(
                ui,
                "piece-alone-stuck",
                &[("role", role_key(role)), name, ("count", n(*count))],
            ),
        }
    }

    fn no_such_piece(
        &self,
        p: Phrasing,
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
    ) -> String {
        let ui = p.lang;
        let place = match (file, rank) {
            (Some(f), Some(r)) => self.message(
                ui,
                "where-square",
                &[("square", s(self.square(p, Square::from_coords(f, r))))],
            ),
            (Some(f), None) => self.message(ui, "where-file", &[("file", s(self.file(p, f)))]),
            (None, Some(r)) => self.message(ui, "where-rank", &[("rank", s(self.rank(p, r)))]),
            (None, None) => String::new(),
        };
        self.piece_message(p, "refuse-no-such-piece", role, &[("where", s(place))])
    }

    /// The castling name as it opens a sentence: "Kurze Rochade".
    fn castling_name(&self, p: Phrasing, side: CastlingSide) -> FluentValue<'static> {
        s(capitalise(&self.message(p.lang, castle_id(side), &[])))
    }

    /// Castling that is allowed but not possible now, and why.
    fn castling_prevented(&self, p: Phrasing, side: CastlingSide, block: CastlingBlock) -> String {
        let castling = ("castling", self.castling_name(p, side));
        let (id, square) = match block {
            CastlingBlock::InCheck => ("refuse-castling-in-check", None),
            CastlingBlock::Occupied(square) => ("refuse-castling-occupied", Some(square)),
            CastlingBlock::Attacked(square) => ("refuse-castling-attacked", Some(square)),
        };
        match square {
            Some(square) => self.message(
                p.lang,
                id,
                &[castling, ("square", s(self.square(p, square)))],
            ),
            None => self.message(p.lang, id, &[castling]),
        }
    }

    /// Neither castling can be played: one reason when it is the same
    /// for both (the king has moved, is in check, the position never had
    /// the right), else the reason for each.
    fn no_castling(&self, p: Phrasing, short: CastlingBar, long: CastlingBar) -> String {
        let one_rook = CastlingBar::Gone(Some(Role::Rook));
        if short == long && short != one_rook {
            let why = self.castling_why(p, short);
            return self.message(p.lang, "refuse-no-castling-both", &[("why", s(why))]);
        }
        let short = self.castling_why(p, short);
        let long = self.castling_why(p, long);
        self.message(
            p.lang,
            "refuse-no-castling",
            &[("short", s(short)), ("long", s(long))],
        )
    }

    /// Why one castling cannot be played, as a clause after "because".
    fn castling_why(&self, p: Phrasing, bar: CastlingBar) -> String {
        let (id, square) = match bar {
            CastlingBar::Gone(Some(Role::King)) => ("castling-why-king-moved", None),
            CastlingBar::Gone(Some(_)) => ("castling-why-rook-moved", None),
            CastlingBar::Gone(None) => ("castling-why-no-right", None),
            CastlingBar::Blocked(CastlingBlock::InCheck) => ("castling-why-in-check", None),
            CastlingBar::Blocked(CastlingBlock::Occupied(sq)) => {
                ("castling-why-occupied", Some(sq))
            }
            CastlingBar::Blocked(CastlingBlock::Attacked(sq)) => {
                ("castling-why-attacked", Some(sq))
            }
        };
        match square {
            Some(sq) => self.message(p.lang, id, &[("square", s(self.square(p, sq)))]),
            None => self.message(p.lang, id, &[]),
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
                    &[
                        ("key", q(&key.to_lowercase())),
                        ("keys", s(keys.join(", "))),
                    ],
                )
            }
            CommandError::BadValue { key, value } => self.message(
                ui,
                "bad-value",
                &[
                    ("key", s(key.word(ui))),
                    ("value", q(value)),
                    ("allowed", s(self.allowed(p, &key.allowed()))),
                ],
            ),
            CommandError::SetUsage => self.message(ui, "set-usage", &[]),
            CommandError::MissingValue(key) => self.message(
                ui,
                "missing-value",
                &[
                    ("key", s(key.word(ui))),
                    ("allowed", s(self.allowed(p, &key.allowed()))),
                ],
            ),
            CommandError::OutOfRange {
                command,
                value,
                min,
                max,
            } => self.message(
                ui,
                "out-of-range",
                &[
                    ("command", s(command.word(ui))),
                    ("value", q(value)),
                    ("min", n(*min)),
                    ("max", n(*max)),
                ],
            ),
            CommandError::BadTimeControl(error) => self.time_control_error(ui, error),
            CommandError::Chess960Number(v) => {
                self.message(ui, "chess960-number", &[("value", q(v))])
            }
            CommandError::UnknownHelpTopic(t) => {
                self.message(ui, "unknown-help", &[("topic", q(t))])
            }
            CommandError::BadArgument { command, argument } => {
                let help = self.message(ui, command.entry().help, &[]);
                let line = self.message(ui, "bad-argument", &[("argument", q(argument))]);
                format!("{line} {help}")
            }
            CommandError::Missing { command, what } => self.missing(ui, *command, *what),
            CommandError::MissingPart { part, .. } => self.missing_part(ui, *part),
        }
    }

    /// What is missing after the words given, with what it may be.
    fn missing_part(&self, ui: Lang, part: Part) -> String {
        match part {
            Part::Fen => self.message(ui, "missing-fen", &[]),
            Part::Peeks { min, max } => {
                self.message(ui, "missing-peeks", &[("min", n(min)), ("max", n(max))])
            }
            Part::AiLevel => self.message(ui, "missing-ai-level", &[]),
            Part::Clock => self.message(ui, "missing-challenge-clock", &[]),
        }
    }

    /// What is missing when a command got no argument, and its help.
    fn missing(&self, ui: Lang, command: Command, what: Arg) -> String {
        let id = match what {
            Arg::Square | Arg::OptionalSquare => "missing-square",
            Arg::Rank => "missing-rank",
            Arg::File => "missing-file",
            Arg::Piece => "missing-piece",
            Arg::MoveNumber | Arg::OptionalMoveNumber => "missing-move-number",
            Arg::Setting => return self.message(ui, "set-usage", &[]),
            Arg::None
            | Arg::Topic
            | Arg::NewGame
            | Arg::OptionalColor
            | Arg::OptionalMove
            | Arg::ClockSide
            | Arg::Switch
            | Arg::View
            | Arg::Text => missing_id(command),
        };
        let line = self.message(ui, id, &[("command", s(command.word(ui)))]);
        let help = self.message(ui, command.entry().help, &[]);
        format!("{line} {help}")
    }
}

/// What a command with a word argument says it needs when it got none.
fn missing_id(command: Command) -> &'static str {
    const NEEDS: [(Command, &str); 6] = [
        (Command::Drill, "missing-drill"),
        (Command::Challenge, "missing-challenge"),
        (Command::Seek, "missing-seek"),
        (Command::Say, "missing-say"),
        (Command::Load, "missing-load"),
        (Command::Brf, "missing-brf"),
    ];
    NEEDS
        .iter()
        .find(|(c, _)| *c == command)
        .map_or("missing-argument", |(_, id)| id)
}
