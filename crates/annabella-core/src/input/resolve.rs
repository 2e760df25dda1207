//! Matching intents against the legal moves, and finding the most
//! specific reason when none matches (SPEC §3).

use shakmaty::attacks;
use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, EnPassantMode, File, Move, Piece, Position, Rank, Role,
    Square,
};

use super::{Intent, Pick, RoleSpec};
use crate::rules::Game;

/// Why castling is temporarily prevented (Art. 3.8.2.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CastlingBlock {
    /// The king is in check.
    InCheck,
    /// A square between king and rook is occupied.
    Occupied(Square),
    /// A square the king crosses or lands on is attacked.
    Attacked(Square),
}

/// Why one castling cannot be played now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CastlingBar {
    /// The right is gone for good (Art. 3.8.2.1): `Some(Role::King)` if
    /// the king has moved, `Some(Role::Rook)` if that rook has moved or
    /// was taken, `None` if the position never had the right.
    Gone(Option<Role>),
    /// Allowed, but not possible right now (Art. 3.8.2.2).
    Blocked(CastlingBlock),
}

/// Why a line that reads as a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game has ended.
    GameOver,
    /// The input names no move at all.
    NotAMove,
    /// The move is one the other side could make if it were its turn,
    /// and none of the mover's pieces could even try it.
    NotYourTurn {
        /// Who is to move.
        turn: Color,
        /// The other side's piece that could make it: said, so that the
        /// player to move hears why their own move was not taken.
        role: Role,
    },
    /// No piece of the mover stands on the named origin square.
    NoPieceOn {
        /// The origin square named.
        square: Square,
    },
    /// The named origin square holds another kind of piece.
    WrongPieceOn {
        /// The origin square named.
        square: Square,
        /// What was named.
        expected: Role,
        /// What stands there.
        found: Role,
    },
    /// The mover has no such piece (on the named file or rank).
    NoSuchPiece {
        /// The piece named.
        role: Role,
        /// The origin file named, if any.
        file: Option<File>,
        /// The origin rank named, if any.
        rank: Option<Rank>,
    },
    /// The target square holds one of the mover's own pieces.
    OwnPiece {
        /// The target square.
        square: Square,
        /// The piece standing there.
        role: Role,
    },
    /// The move would leave the king in check from this piece.
    KingInCheck {
        /// The checking piece.
        attacker: Role,
        /// Where it stands.
        square: Square,
    },
    /// No such piece can reach the target square.
    CannotReach {
        /// The piece named (`None`: no piece was named).
        role: Option<Role>,
        /// The only candidate's square, when there is just one.
        from: Option<Square>,
        /// The target square.
        to: Square,
    },
    /// The input says "takes" but there is nothing to take.
    NothingToCapture {
        /// The target square.
        square: Square,
    },
    /// The named move is not a promotion.
    NoPromotion,
    /// Castling rights are gone for good (Art. 3.8.2.1).
    CastlingNoLongerAllowed {
        /// Which castling.
        side: CastlingSide,
        /// `Some(Role::King)` if the king has moved, `Some(Role::Rook)` if
        /// that rook has moved or was taken, `None` if the position never
        /// had the right.
        moved: Option<Role>,
    },
    /// Castling is allowed but not possible right now (Art. 3.8.2.2).
    CastlingPrevented {
        /// Which castling.
        side: CastlingSide,
        /// What prevents it.
        block: CastlingBlock,
    },
    /// A castling word without a side ("castle", "Rochade"), and neither
    /// castling can be played: why not, for each.
    NoCastling {
        /// Why short castling cannot be played.
        short: CastlingBar,
        /// Why long castling cannot be played.
        long: CastlingBar,
    },
}

/// The result of matching an input against the legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// Exactly one move.
    Move(Move),
    /// Several moves from different squares: ask which.
    Ambiguous(Vec<Move>),
    /// One pawn move to the last rank: ask for the piece.
    Promotion(Vec<Move>),
    /// No move.
    Refused(Refusal),
}

fn role_ok(spec: RoleSpec, role: Role) -> bool {
    match spec {
        RoleSpec::Any => true,
        RoleSpec::Role(r) => r == role,
    }
}

fn from_ok(intent: &Intent, from: Square) -> bool {
    intent.from_file.is_none_or(|f| f == from.file())
        && intent.from_rank.is_none_or(|r| r == from.rank())
}

/// Does `mv` satisfy `intent`? `king_target` lets a castling move match
/// by the king's destination (`e1g1`, `Kg1`), which in Chess960 may
/// clash with an ordinary king move and is tried only second.
fn matches(intent: &Intent, mv: &Move, turn: Color, king_target: bool) -> bool {
    if let Some(side) = intent.castle {
        return mv.castling_side() == Some(side);
    }
    let Some(to) = intent.to else { return false };
    match *mv {
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(king < rook);
            let dest_ok = to == rook || (king_target && to == side.king_to(turn));
            dest_ok
                && role_ok(intent.role, Role::King)
                && from_ok(intent, king)
                && !intent.capture
                && intent.promotion.is_none()
                && !intent.en_passant
        }
        _ => {
            let Some(from) = mv.from() else { return false };
            // SAN's "g8" is a pawn push; a pawn capture names its file
            // or says "takes".
            let bare_pawn = intent.role == RoleSpec::Role(Role::Pawn)
                && intent.from_file.is_none()
                && !intent.capture;
            mv.to() == to
                && !(bare_pawn && mv.is_capture())
                && role_ok(intent.role, mv.role())
                && from_ok(intent, from)
                && (!intent.capture || mv.is_capture())
                && intent.captured.is_none_or(|c| mv.capture() == Some(c))
                && (!intent.en_passant || mv.is_en_passant())
                && intent.promotion.is_none_or(|p| mv.promotion() == Some(p))
        }
    }
}

fn matching(intent: &Intent, moves: &[Move], turn: Color) -> Vec<Move> {
    let direct: Vec<Move> = moves
        .iter()
        .filter(|m| matches(intent, m, turn, false))
        .copied()
        .collect();
    if !direct.is_empty() {
        return direct;
    }
    moves
        .iter()
        .filter(|m| matches(intent, m, turn, true))
        .copied()
        .collect()
}

/// Origin and target that tell moves apart for a question (promotions
/// to different pieces share them).
fn squares_of(mv: &Move) -> (Option<Square>, Square) {
    (mv.from(), mv.to())
}

/// Chooses among the moves that matched: one move, a question about the
/// origin, or a question about the promotion piece.
pub fn decide(matched: Vec<Move>, promotion: Option<Role>, autoqueen: bool) -> Resolution {
    let Some(first) = matched.first().copied() else {
        return Resolution::Refused(Refusal::NotAMove);
    };
    if matched.iter().any(|m| squares_of(m) != squares_of(&first)) {
        return Resolution::Ambiguous(matched);
    }
    if matched.len() == 1 {
        return Resolution::Move(first);
    }
    // Same squares, several moves: promotions to different pieces.
    let pick = |role| {
        matched
            .iter()
            .copied()
            .find(|m| m.promotion() == Some(role))
    };
    if let Some(mv) = promotion.and_then(pick) {
        return Resolution::Move(mv);
    }
    if autoqueen && let Some(mv) = pick(Role::Queen) {
        return Resolution::Move(mv);
    }
    Resolution::Promotion(matched)
}

/// Matches the readings of a line against the legal moves of `game`,
/// where one keyboard types both sides' moves (hot seat, analysis): a
/// move of the side not to move is refused as not its turn.
pub fn resolve(game: &Game, intents: &[Intent], autoqueen: bool) -> Resolution {
    resolve_for(game, intents, autoqueen, true)
}

/// [`resolve`]; `both_sides` false when the person types only their own
/// moves (against an engine): then it is always their turn when a move is
/// read, and a refusal names what is wrong with their own pieces.
pub fn resolve_for(
    game: &Game,
    intents: &[Intent],
    autoqueen: bool,
    both_sides: bool,
) -> Resolution {
    let Some(primary) = intents.first() else {
        return Resolution::Refused(Refusal::NotAMove);
    };
    if game.is_over() {
        return Resolution::Refused(Refusal::GameOver);
    }
    let moves = game.legal_moves();
    let turn = game.turn();
    // Readings that join the one before them make one group: the first
    // group that fits a legal move decides, with all the moves it fits.
    let mut groups = intents.iter().peekable();
    while let Some(first) = groups.next() {
        let mut matched = matching(first, &moves, turn);
        while let Some(joined) = groups.next_if(|i| i.joins) {
            matched.extend(matching(joined, &moves, turn));
        }
        if !matched.is_empty() {
            return decide(matched, first.promotion, autoqueen);
        }
    }
    if let Some(refusal) = no_castling(game, intents) {
        return Resolution::Refused(refusal);
    }
    Resolution::Refused(diagnose_for(game, primary, both_sides))
}

/// Why neither castling can be played, when the line asked for either
/// (a castling word without a side): the reason for short castling
/// alone would leave the player to guess about long castling.
fn no_castling(game: &Game, intents: &[Intent]) -> Option<Refusal> {
    let asks = |side| intents.iter().any(|i| i.castle == Some(side));
    (asks(CastlingSide::KingSide) && asks(CastlingSide::QueenSide)).then(|| Refusal::NoCastling {
        short: castling_bar(game, CastlingSide::KingSide),
        long: castling_bar(game, CastlingSide::QueenSide),
    })
}

/// Narrows the moves of a question by an answer such as "Bella" or "b8"
/// (origin) or "Dame" (promotion piece).
pub fn filter_by_answer(moves: &[Move], answer: &Pick) -> Vec<Move> {
    moves
        .iter()
        .filter(|m| {
            let from = m.from();
            answer
                .file
                .is_none_or(|f| from.is_some_and(|s| s.file() == f))
                && answer
                    .rank
                    .is_none_or(|r| from.is_some_and(|s| s.rank() == r))
                && answer.piece.is_none_or(|p| m.promotion() == Some(p))
        })
        .copied()
        .collect()
}

/// Would the other side have this move if it were their turn? The
/// piece that would make it, if so.
fn other_side_could(pos: &Chess, intent: &Intent) -> Option<Role> {
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    setup.turn = !setup.turn;
    setup.ep_square = None;
    let other = setup.position::<Chess>(pos.castles().mode()).ok()?;
    let moves: Vec<Move> = other.legal_moves().into_iter().collect();
    matching(intent, &moves, other.turn())
        .first()
        .map(|m| m.role())
}

/// Could the piece on `from` move to `to` if its own king did not matter?
fn pseudo_reaches(pos: &Chess, from: Square, to: Square) -> bool {
    let board = pos.board();
    let Some(piece) = board.piece_at(from) else {
        return false;
    };
    let us = piece.color;
    if board.by_color(us).contains(to) {
        return false;
    }
    let occupied = board.occupied();
    if piece.role != Role::Pawn {
        return attacks::attacks(from, piece, occupied).contains(to);
    }
    let forward = if us == Color::White { 8 } else { -8 };
    let one = from.offset(forward);
    if one == Some(to) {
        return !occupied.contains(to);
    }
    let start_rank = if us == Color::White {
        Rank::Second
    } else {
        Rank::Seventh
    };
    if from.rank() == start_rank
        && let Some(step) = one
        && step.offset(forward) == Some(to)
    {
        return !occupied.contains(step) && !occupied.contains(to);
    }
    attacks::pawn_attacks(us, from).contains(to)
        && (board.by_color(!us).contains(to) || pos.ep_square(EnPassantMode::Legal) == Some(to))
}

/// The piece that would give check after `from`-`to`, if any.
fn checker_after(pos: &Chess, from: Square, to: Square) -> Option<(Role, Square)> {
    let mut board = pos.board().clone();
    let us = pos.turn();
    let piece = board.remove_piece_at(from)?;
    if piece.role == Role::Pawn && from.file() != to.file() && board.piece_at(to).is_none() {
        // En passant: the taken pawn stands beside, not on the target.
        board.discard_piece_at(Square::from_coords(to.file(), from.rank()));
    }
    board.discard_piece_at(to);
    board.set_piece_at(to, piece);
    let king = board.king_of(us)?;
    let attackers = board.attacks_to(king, !us, board.occupied());
    let sq = attackers.first()?;
    Some((board.role_at(sq)?, sq))
}

fn castling_refusal(game: &Game, side: CastlingSide) -> Refusal {
    match castling_bar(game, side) {
        CastlingBar::Gone(moved) => Refusal::CastlingNoLongerAllowed { side, moved },
        CastlingBar::Blocked(block) => Refusal::CastlingPrevented { side, block },
    }
}

/// Why castling on `side` cannot be played now.
fn castling_bar(game: &Game, side: CastlingSide) -> CastlingBar {
    let pos = game.position();
    let us = pos.turn();
    let castles = pos.castles();
    let Some(rook) = castles.rook(us, side) else {
        let king_moved = game
            .plies()
            .iter()
            .any(|p| p.color == us && p.mv.role() == Role::King);
        let had_rights = game.initial_position().castles().has(us, side);
        let moved = if king_moved {
            Some(Role::King)
        } else if had_rights {
            Some(Role::Rook)
        } else {
            None
        };
        return CastlingBar::Gone(moved);
    };
    CastlingBar::Blocked(castling_block(pos, us, side, rook).unwrap_or(CastlingBlock::InCheck))
}

/// What stops castling on `side` although the right exists; `None` if
/// nothing does (then the move would have been legal).
fn castling_block(
    pos: &Chess,
    us: Color,
    side: CastlingSide,
    rook: Square,
) -> Option<CastlingBlock> {
    if pos.is_check() {
        return Some(CastlingBlock::InCheck);
    }
    let board = pos.board();
    let king = board.king_of(us)?;
    let occupied = board.occupied();
    let blockers = pos.castles().path(us, side) & occupied;
    if let Some(sq) = nearest(blockers, king) {
        return Some(CastlingBlock::Occupied(sq));
    }
    let without = occupied ^ Bitboard::from(king) ^ Bitboard::from(rook);
    let dest = side.king_to(us);
    let walk = attacks::between(king, dest) | Bitboard::from(dest);
    let attacked: Bitboard = walk
        .into_iter()
        .filter(|&sq| board.attacks_to(sq, !us, without).any())
        .collect();
    nearest(attacked, king).map(CastlingBlock::Attacked)
}

fn nearest(squares: Bitboard, to: Square) -> Option<Square> {
    squares.into_iter().min_by_key(|s| s.distance(to))
}

/// Why the origin square the input names does not fit: nothing there,
/// the other side's piece, or another kind of piece.
fn origin_refusal(
    pos: &Chess,
    intent: &Intent,
    named_role: Option<Role>,
    both_sides: bool,
) -> Option<Refusal> {
    let sq = intent.from_square()?;
    let us = pos.turn();
    match pos.board().piece_at(sq) {
        None => Some(Refusal::NoPieceOn { square: sq }),
        Some(Piece { color, .. }) if color != us => {
            Some(match other_side_could(pos, intent).filter(|_| both_sides) {
                Some(role) => Refusal::NotYourTurn { turn: us, role },
                None => Refusal::NoPieceOn { square: sq },
            })
        }
        Some(Piece { role, .. }) => match named_role {
            Some(expected) if expected != role => Some(Refusal::WrongPieceOn {
                square: sq,
                expected,
                found: role,
            }),
            _ => None,
        },
    }
}

/// Why the target square does not fit: the mover's own piece stands
/// there, there is nothing to take, or another piece than the one named.
fn target_refusal(
    pos: &Chess,
    intent: &Intent,
    candidates: &[Square],
    to: Square,
) -> Option<Refusal> {
    let board = pos.board();
    let us = pos.turn();
    if let Some(role) = board.role_at(to)
        && board.by_color(us).contains(to)
    {
        return Some(Refusal::OwnPiece { square: to, role });
    }
    let ep = pos.ep_square(EnPassantMode::Legal) == Some(to);
    if intent.capture && !board.occupied().contains(to) && !ep {
        let attacks_target = candidates.iter().any(|&from| {
            board
                .piece_at(from)
                .is_some_and(|p| attacks::attacks(from, p, board.occupied()).contains(to))
        });
        if attacks_target {
            return Some(Refusal::NothingToCapture { square: to });
        }
    }
    match (intent.captured, board.role_at(to)) {
        (Some(expected), Some(found)) if found != expected && !board.by_color(us).contains(to) => {
            Some(Refusal::WrongPieceOn {
                square: to,
                expected,
                found,
            })
        }
        _ => None,
    }
}

/// The most specific reason why no legal move fits `intent` (SPEC §3),
/// where one keyboard types both sides' moves.
pub fn diagnose(game: &Game, intent: &Intent) -> Refusal {
    diagnose_for(game, intent, true)
}

/// [`diagnose`]; with `both_sides` false "not your turn" is never the
/// reason, as the person types only their own moves.
pub fn diagnose_for(game: &Game, intent: &Intent, both_sides: bool) -> Refusal {
    if game.is_over() {
        return Refusal::GameOver;
    }
    if let Some(side) = intent.castle {
        return castling_refusal(game, side);
    }
    let pos = game.position();
    let board = pos.board();
    let us = pos.turn();
    let Some(to) = intent.to else {
        return Refusal::NotAMove;
    };
    let named_role = match intent.role {
        RoleSpec::Role(r) => Some(r),
        RoleSpec::Any => None,
    };
    if let Some(refusal) = origin_refusal(pos, intent, named_role, both_sides) {
        return refusal;
    }
    let ours = match named_role {
        Some(r) => board.by_piece(r.of(us)),
        None => board.by_color(us),
    };
    let candidates: Vec<Square> = ours.into_iter().filter(|&s| from_ok(intent, s)).collect();
    // The other side's move typed out of turn ("Nf6" with White to
    // move): none of ours could even try it, theirs could make it.
    let ours_try = candidates.iter().any(|&from| pseudo_reaches(pos, from, to));
    if both_sides
        && !ours_try
        && let Some(role) = other_side_could(pos, intent)
    {
        return Refusal::NotYourTurn { turn: us, role };
    }
    if candidates.is_empty() {
        return Refusal::NoSuchPiece {
            role: named_role.unwrap_or(Role::Pawn),
            file: intent.from_file,
            rank: intent.from_rank,
        };
    }
    if let Some(refusal) = target_refusal(pos, intent, &candidates, to) {
        return refusal;
    }
    let reachers: Vec<Square> = candidates
        .iter()
        .copied()
        .filter(|&from| pseudo_reaches(pos, from, to))
        .collect();
    if let Some(&from) = reachers.first() {
        if intent.promotion.is_some() {
            let promoting = board.role_at(from) == Some(Role::Pawn)
                && to.rank() == us.backrank().flip_vertical();
            if intent.promotion.is_some() && !promoting {
                return Refusal::NoPromotion;
            }
        }
        if let Some((attacker, square)) = reachers.iter().find_map(|&f| checker_after(pos, f, to)) {
            return Refusal::KingInCheck { attacker, square };
        }
    }
    let from = (candidates.len() == 1).then(|| candidates[0]);
    // Coordinates (`f1f5`, a routed move) name a square, and so the piece
    // on it: refused as if its letter had been typed.
    let square_named = intent.from_file.is_some() && intent.from_rank.is_some();
    let role = named_role.or_else(|| from.filter(|_| square_named).and_then(|f| board.role_at(f)));
    Refusal::CannotReach { role, from, to }
}
