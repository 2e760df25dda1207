//! The rules core: a game of chess under the FIDE Laws, on top of shakmaty.
//!
//! [`Game`] keeps the move history (with SAN), the positions seen (for
//! repetition), and the result. It knows nothing of words or I/O: every
//! outcome is a value the announcer can put into words.

mod annotation;
pub mod clock;
mod facts;
mod import;
mod opening;
mod outcome;
mod record;
mod tags;
#[cfg(test)]
mod testing;

pub use annotation::{Eval, Judgement, PlyNote};
pub use facts::{Check, MoveFacts};
pub use import::{
    GameSummary, ImportError, ImportErrorKind, ImportedGame, import_game, import_games,
    is_null_move, list_games,
};
pub use opening::{Opening, opening_of};
pub use outcome::{
    ClaimKind, ClaimOutcome, ClaimRefusal, EndReason, Finished, PlayError, Ply, SetupError,
};
pub use record::{PgnOptions, german_san};
pub use tags::Tags;

use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, KnownOutcome, Move, MoveList,
    Position, Setup,
};

/// A Chess960 start position asked for: by its number, or drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Chess960Start {
    /// Start position 0 to 959 (518 is the classical one).
    Number(u32),
    /// A start position drawn at random.
    Random,
}

/// A game of chess: start position, history, result and draw offers.
#[derive(Clone, Debug)]
pub struct Game {
    initial: Chess,
    /// The start position's FEN, written once: every autosave of the
    /// game names it.
    initial_fen: String,
    mode: CastlingMode,
    chess960: Option<u32>,
    custom_start: bool,
    positions: Vec<Chess>,
    keys: Vec<u64>,
    plies: Vec<Ply>,
    result: Option<Finished>,
    draw_offer: Option<Color>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

/// The Zobrist key of a position, as repetitions and the engine's
/// tables count it: castling rights and an en passant square only when
/// the capture is legal, since FIDE's "same position" counts an e.p.
/// right only when the capture is really possible.
#[inline]
pub fn key_of(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

impl Game {
    /// A game from the standard start position.
    pub fn new() -> Game {
        Game::from_position(Chess::default(), CastlingMode::Standard, None, false)
    }

    /// A game from `pos`: standard or Chess960 castling, the Chess960
    /// start number if it is one, and whether the start is a set-up
    /// position (PGN's `SetUp`). A start that is already mate, stalemate
    /// or dead is over at once.
    pub fn from_position(
        pos: Chess,
        mode: CastlingMode,
        chess960: Option<u32>,
        custom_start: bool,
    ) -> Game {
        let mut game = Game {
            keys: vec![key_of(&pos)],
            positions: vec![pos.clone()],
            initial_fen: Fen::from_position(&pos, EnPassantMode::Legal).to_string(),
            initial: pos,
            mode,
            chess960,
            custom_start,
            plies: Vec::new(),
            result: None,
            draw_offer: None,
        };
        // A FEN may already be mate, stalemate or dead.
        game.result = game.automatic_end(false);
        game
    }

    /// A game from a FEN (X-FEN and Shredder-FEN castling accepted).
    ///
    /// ```
    /// let game = annabella_rules::Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// assert_eq!(game.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    /// ```
    pub fn from_fen(fen: &str) -> Result<Game, SetupError> {
        let fen: Fen = fen.trim().parse().map_err(|_| SetupError::BadFen)?;
        let setup = fen.into_setup();
        let mode = CastlingMode::detect(&setup);
        // A check no legal game can reach (two bishops on one diagonal)
        // still has well-defined moves; composed and test positions use it.
        let pos: Chess = match setup.position(mode) {
            Ok(pos) => pos,
            Err(e) => e
                .ignore_impossible_check()
                .map_err(|_| SetupError::IllegalPosition)?,
        };
        let standard = pos == Chess::default();
        Ok(Game::from_position(
            pos,
            mode,
            None,
            !standard || mode == CastlingMode::Chess960,
        ))
    }

    /// A Chess960 game from start position `n` (0 to 959; 518 is the
    /// classical position).
    pub fn chess960(n: u32) -> Result<Game, SetupError> {
        if n >= 960 {
            return Err(SetupError::Chess960Number);
        }
        let board = Board::chess960(n);
        let backranks =
            Bitboard::from(shakmaty::Rank::First) | Bitboard::from(shakmaty::Rank::Eighth);
        let setup = Setup {
            castling_rights: board.rooks() & backranks,
            board,
            ..Setup::default()
        };
        let pos: Chess = setup
            .position(CastlingMode::Chess960)
            .map_err(|_| SetupError::IllegalPosition)?;
        Ok(Game::from_position(
            pos,
            CastlingMode::Chess960,
            Some(n),
            true,
        ))
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        self.positions.last().unwrap_or(&self.initial)
    }

    /// The position the game started from.
    pub fn initial_position(&self) -> &Chess {
        &self.initial
    }

    /// The position before ply `index` was played (0 = start).
    pub fn position_before(&self, index: usize) -> Option<&Chess> {
        self.positions.get(index)
    }

    /// The Chess960 start number, if this is a Chess960 game.
    pub fn chess960_number(&self) -> Option<u32> {
        self.chess960
    }

    /// Whether castling follows Chess960 rules.
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// The number of the move being played now.
    pub fn move_number(&self) -> u32 {
        self.position().fullmoves().get()
    }

    /// The half-moves played so far.
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The last half-move, if any.
    pub fn last_ply(&self) -> Option<&Ply> {
        self.plies.last()
    }

    /// The result, once the game has ended.
    pub fn result(&self) -> Option<Finished> {
        self.result
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// The side whose draw offer is standing, if any.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// All legal moves in the current position (none once the game is over).
    pub fn legal_moves(&self) -> MoveList {
        if self.is_over() {
            MoveList::new()
        } else {
            self.position().legal_moves()
        }
    }

    /// How often the current position has occurred, this time included.
    pub fn repetitions(&self) -> usize {
        let key = *self.keys.last().unwrap_or(&0);
        self.keys.iter().filter(|&&k| k == key).count()
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        self.position().halfmoves()
    }

    /// Plays a legal move; the game may end with it.
    ///
    /// ```
    /// use annabella_rules::Game;
    /// use shakmaty::{san::San, Position};
    /// let mut game = Game::new();
    /// let mv = "e4".parse::<San>().unwrap().to_move(game.position()).unwrap();
    /// game.play(mv).unwrap();
    /// assert_eq!(game.last_ply().unwrap().san.to_string(), "e4");
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<Option<Finished>, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let pos = self.position();
        if !pos.is_legal(mv) {
            return Err(PlayError::Illegal);
        }
        let color = pos.turn();
        let number = pos.fullmoves().get();
        let mut next = pos.clone();
        let san = San::from_move(pos, mv);
        next.play_unchecked(mv);
        // The replies tell both the move's mark (mate or check) and
        // whether the game ends: generated once for both.
        let no_replies = next.legal_moves().is_empty();
        let suffix = match (next.is_check(), no_replies) {
            (false, _) => None,
            (true, false) => Some(Suffix::Check),
            (true, true) => Some(Suffix::Checkmate),
        };
        let san = SanPlus { san, suffix };
        self.keys.push(key_of(&next));
        self.positions.push(next);
        self.plies.push(Ply {
            mv,
            san,
            color,
            number,
        });
        // A standing offer lapses once the side it was made to has moved.
        if self.draw_offer.is_some_and(|offerer| offerer != color) {
            self.draw_offer = None;
        }
        self.result = self.end_after(true, no_replies);
        Ok(self.result)
    }

    /// Results that need no claim: mate, stalemate, dead position,
    /// fivefold repetition and the 75-move rule (Art. 5 and 9.6).
    fn automatic_end(&self, with_move: bool) -> Option<Finished> {
        self.end_after(with_move, self.position().legal_moves().is_empty())
    }

    /// [`Game::automatic_end`] when whether the side to move has any
    /// legal move is known.
    fn end_after(&self, with_move: bool, no_moves: bool) -> Option<Finished> {
        let pos = self.position();
        let finished = |outcome, reason| {
            Some(Finished {
                outcome,
                reason,
                with_move,
            })
        };
        if no_moves && pos.is_check() {
            return finished(
                KnownOutcome::Decisive {
                    winner: !pos.turn(),
                },
                EndReason::Checkmate,
            );
        }
        if no_moves {
            return finished(KnownOutcome::Draw, EndReason::Stalemate);
        }
        if pos.is_insufficient_material() {
            return finished(KnownOutcome::Draw, EndReason::DeadPosition);
        }
        if self.repetitions() >= 5 {
            return finished(KnownOutcome::Draw, EndReason::FivefoldRepetition);
        }
        // Art. 9.6.2: the last move was not mate (checked above).
        if pos.halfmoves() >= 150 {
            return finished(KnownOutcome::Draw, EndReason::SeventyFiveMoveRule);
        }
        None
    }

    /// Takes back the last half-move, or reopens a game that ended without
    /// a move (resignation, agreement, claim). Returns the ply taken back.
    pub fn undo(&mut self) -> Option<Ply> {
        if let Some(finished) = self.result
            && !finished.with_move
        {
            self.result = None;
            return None;
        }
        let ply = self.plies.pop()?;
        self.positions.pop();
        self.keys.pop();
        self.result = None;
        self.draw_offer = None;
        Some(ply)
    }

    /// Whether the player to move could claim a draw now (Art. 9.2, 9.3).
    pub fn claimable(&self) -> Option<ClaimKind> {
        if self.is_over() {
            None
        } else if self.repetitions() >= 3 {
            Some(ClaimKind::Repetition)
        } else if self.halfmoves() >= 100 {
            Some(ClaimKind::FiftyMoves)
        } else {
            None
        }
    }

    /// A draw claim by the player to move, optionally with the intended
    /// move: that move is played whatever the verdict (Art. 9.2.1.1, 9.4).
    pub fn claim_draw(&mut self, intended: Option<Move>) -> Result<ClaimOutcome, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        if let Some(mv) = intended
            && let Some(finished) = self.play(mv)?
        {
            return Ok(ClaimOutcome::EndedByMove(finished));
        }
        let with_move = intended.is_some();
        let reason = if self.repetitions() >= 3 {
            Some(EndReason::ThreefoldRepetition)
        } else if self.halfmoves() >= 100 {
            Some(EndReason::FiftyMoveRule)
        } else {
            None
        };
        match reason {
            Some(reason) => {
                let finished = Finished {
                    outcome: KnownOutcome::Draw,
                    reason,
                    with_move,
                };
                self.result = Some(finished);
                self.draw_offer = None;
                Ok(ClaimOutcome::Drawn(finished))
            }
            None => Ok(ClaimOutcome::Refused(ClaimRefusal {
                repetitions: self.repetitions(),
                halfmoves: self.halfmoves(),
                with_move,
            })),
        }
    }

    /// The player to move offers a draw; it stands until the opponent
    /// accepts, declines or moves.
    pub fn offer_draw(&mut self) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        self.draw_offer = Some(self.turn());
        Ok(())
    }

    /// `color` offers a draw (a refused claim counts as one, Art. 9.1.2.4).
    pub fn offer_draw_by(&mut self, color: Color) {
        if !self.is_over() {
            self.draw_offer = Some(color);
        }
    }

    /// Accepts the standing offer. Returns `None` when there is none.
    pub fn accept_draw(&mut self) -> Option<Finished> {
        self.draw_offer.take()?;
        if self.is_over() {
            return None;
        }
        let finished = Finished {
            outcome: KnownOutcome::Draw,
            reason: EndReason::Agreement,
            with_move: false,
        };
        self.result = Some(finished);
        Some(finished)
    }

    /// Declines the standing offer. Returns who had offered.
    pub fn decline_draw(&mut self) -> Option<Color> {
        self.draw_offer.take()
    }

    /// `color` resigns.
    pub fn resign(&mut self, color: Color) -> Result<Finished, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let finished = Finished {
            outcome: KnownOutcome::Decisive { winner: !color },
            reason: EndReason::Resignation,
            with_move: false,
        };
        self.result = Some(finished);
        self.draw_offer = None;
        Ok(finished)
    }

    /// Sets the result of a game restored from a record (a resignation,
    /// an agreement or a fallen flag kept with the moves); `None` leaves
    /// the game running unless its moves ended it.
    pub fn set_result(&mut self, result: Option<Finished>) {
        if result.is_some() || self.automatic_end(true).is_none() {
            self.result = result;
        }
    }

    /// Ends the game by a fallen flag of `color` (Art. 6.9): a loss, or a
    /// draw when the opponent cannot mate by any series of legal moves.
    pub fn flag_fall(&mut self, color: Color) -> Result<Finished, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let finished = if self.position().has_insufficient_material(!color) {
            Finished {
                outcome: KnownOutcome::Draw,
                reason: EndReason::TimeoutVsInsufficientMaterial,
                with_move: false,
            }
        } else {
            Finished {
                outcome: KnownOutcome::Decisive { winner: !color },
                reason: EndReason::TimeForfeit,
                with_move: false,
            }
        };
        self.result = Some(finished);
        Ok(finished)
    }
}

/// Counts leaf nodes to `depth` through the public [`Game`] API; used by
/// the perft tests to prove move generation, play and undo agree.
pub fn perft(game: &mut Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.position().legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for mv in moves {
        // Automatic draws would stop the count; perft ignores the result.
        let saved = game.result.take();
        if game.play(mv).is_ok() {
            game.result = None;
            nodes += perft(game, depth - 1);
            game.plies.pop();
            game.positions.pop();
            game.keys.pop();
        }
        game.result = saved;
    }
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::San;

    fn play_san(game: &mut Game, sans: &str) {
        for san in sans.split_whitespace() {
            let mv = san
                .parse::<San>()
                .unwrap()
                .to_move(game.position())
                .unwrap();
            game.play(mv).unwrap();
        }
    }

    #[test]
    fn fools_mate_is_checkmate() {
        let mut game = Game::new();
        play_san(&mut game, "f3 e5 g4 Qh4");
        let f = game.result().unwrap();
        assert_eq!(f.reason, EndReason::Checkmate);
        assert_eq!(f.outcome.as_str(), "0-1");
    }

    #[test]
    fn threefold_claim_with_and_without_move() {
        let mut game = Game::new();
        play_san(&mut game, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
        assert_eq!(game.repetitions(), 2);
        let mv = "Ng8"
            .parse::<San>()
            .unwrap()
            .to_move(game.position())
            .unwrap();
        let out = game.claim_draw(Some(mv)).unwrap();
        assert!(
            matches!(out, ClaimOutcome::Drawn(f) if f.reason == EndReason::ThreefoldRepetition)
        );
        game.undo();
        assert!(!game.is_over());
        assert_eq!(game.plies().len(), 7);
    }

    #[test]
    fn invalid_claim_keeps_playing() {
        let mut game = Game::new();
        let out = game.claim_draw(None).unwrap();
        assert!(matches!(out, ClaimOutcome::Refused(r) if r.repetitions == 1));
        assert!(!game.is_over());
    }

    #[test]
    fn fivefold_is_automatic() {
        let mut game = Game::new();
        for _ in 0..4 {
            play_san(&mut game, "Nf3 Nf6 Ng1 Ng8");
        }
        assert_eq!(game.result().unwrap().reason, EndReason::FivefoldRepetition);
    }

    #[test]
    fn chess960_518_is_classical() {
        let game = Game::chess960(518).unwrap();
        assert_eq!(
            game.fen(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert!(Game::chess960(960).is_err());
    }

    #[test]
    fn a_fallen_flag_loses_unless_the_opponent_cannot_mate() {
        let flag = |fen: &str, color: Color| {
            let mut game = Game::from_fen(fen).unwrap();
            let f = game.flag_fall(color).unwrap();
            assert!(game.is_over());
            (f.outcome.as_str(), f.reason)
        };
        // White flags; Black has only its king: a draw (Art. 6.9).
        assert_eq!(
            flag("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", Color::White),
            ("1/2-1/2", EndReason::TimeoutVsInsufficientMaterial)
        );
        // Black flags with only its king; White's pawn can still mate.
        assert_eq!(
            flag("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", Color::Black),
            ("1-0", EndReason::TimeForfeit)
        );
        // A knight cannot force mate, but a mate exists once Black has a
        // rook to block its own king: the flag loses.
        assert_eq!(
            flag("4k2r/8/8/8/8/8/8/4K1N1 b - - 0 1", Color::Black),
            ("1-0", EndReason::TimeForfeit)
        );
        // A finished game has no flag to fall.
        let mut game = Game::new();
        game.resign(Color::White).unwrap();
        assert_eq!(game.flag_fall(Color::Black), Err(PlayError::GameOver));
    }

    #[test]
    fn ep_square_only_when_capture_is_legal() {
        let mut game = Game::new();
        play_san(&mut game, "e4");
        assert_eq!(
            game.fen(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
    }
}
