//! lichess's arithmetic of a game review, as pure functions: White's
//! winning chances and win percentage from an engine's evaluation, the
//! judgement of a move (inaccuracy, mistake, blunder), the accuracy of
//! one move and each side's accuracy over a game.
//!
//! Every number is lichess's, so a review here says what lichess's
//! analysis board says of the same evaluations. Where they come from
//! (read for the formulas only; nothing is copied):
//!
//! - lichess-org/scalachess `core/src/main/scala/eval.scala` (last
//!   changed in 4765295c1cd366eec50050569b9ce14320f4f883): the logistic
//!   `2 / (1 + exp(-0.00368208 · cp)) − 1` (fitted in lila pull request
//!   #11148), the ±1000 centipawn ceiling, a mate counted as the ceiling,
//!   `Mate.signum`, `Cp.initial` = 15.
//! - lichess-org/lila `modules/tree/src/main/Advice.scala`
//!   (b97af467fd56949ef1374128e9fb001f5bb4812b): the 0.1 / 0.2 / 0.3
//!   drops and the mate rules (`MateSequence`, `MateAdvice`).
//! - lichess-org/lila `modules/analyse/src/main/AccuracyPercent.scala`
//!   (8dae10ff6b4d000c4c927572c7590283dfb1aa72; the same formula in the
//!   newer version mirrored by kiss2u/lila at
//!   3dc48511695ce7872fbe27ceb595179ef8586431): the move accuracy with
//!   its +1 uncertainty bonus, and the game accuracy.
//! - lichess-org/scalalib `lila/src/main/scala/Maths.scala`
//!   (bd6583b5e4aabd02b0064650f20bd1c057962e0d): the population
//!   standard deviation, the weighted mean, and the harmonic mean that
//!   counts every value below 1 as 1.
//! - lichess-org/lila `modules/fishnet/src/main/AnalysisBuilder.scala`
//!   (8dae10ff6b4d000c4c927572c7590283dfb1aa72): a checkmated position
//!   is left out of the analysis, so the mating move is neither judged
//!   nor counted in the accuracy.
//! - <https://lichess.org/page/accuracy>, lichess's own account of Win%
//!   and Accuracy%.
//!
//! # Mate in 0
//!
//! [`Eval::Mate`]`(0)` is a position whose side to move is checkmated;
//! the evaluation alone does not say which side that is. Where the side
//! to move is known ([`judge`], [`drop_for`], [`game_accuracy`], the
//! `_to_move` functions, [`mover_win_percent`]) the side to move has
//! lost. Where it is not ([`winning_chances`], [`win_percent`]) it
//! follows scalachess's `Mate.signum`, which counts it as Black's mate.

use shakmaty::{ByColor, Color};

use crate::rules::{Eval, Judgement};

/// The logistic's multiplier: White's winning chances are
/// `2 / (1 + exp(WINNING_CHANCES_MULTIPLIER · cp)) − 1`. scalachess
/// `eval.scala` `WinPercent.winningChances`, from lila pull request
/// #11148 (fitted on 2300+ rapid games; it replaced −0.004).
pub const WINNING_CHANCES_MULTIPLIER: f64 = -0.00368208;

/// The centipawn ceiling: an evaluation beyond ±1000 counts as ±1000
/// for the win percentage, and every mate counts as the ceiling of its
/// sign. scalachess `Eval.Cp.CEILING`.
pub const CP_CEILING: i32 = 1000;

/// The evaluation lila gives the starting position when it computes a
/// game's accuracy (it has no engine line for it). scalachess
/// `Eval.Cp.initial`. [`game_accuracy`] takes the caller's first
/// evaluation instead; pass `Eval::Cp(INITIAL_CP)` for lila's number.
pub const INITIAL_CP: i32 = 15;

/// The drop in the mover's winning chances (on [-1, 1]) from which a
/// move is an inaccuracy. lila `Advice.scala` `winningChanceJudgements`.
pub const INACCURACY_DROP: f64 = 0.1;

/// The drop in winning chances from which a move is a mistake.
/// lila `Advice.scala`.
pub const MISTAKE_DROP: f64 = 0.2;

/// The drop in winning chances from which a move is a blunder.
/// lila `Advice.scala`.
pub const BLUNDER_DROP: f64 = 0.3;

/// A move that lets a mate in is only an inaccuracy when the mover's
/// evaluation before it was below this (already lost). lila
/// `Advice.scala` `MateAdvice`: `MateCreated if prevCp < -999`.
pub const MATE_CREATED_INACCURACY_BELOW: i32 = -999;

/// A move that lets a mate in is a mistake when the mover's evaluation
/// before it was below this, a blunder otherwise. lila `Advice.scala`:
/// `MateCreated if prevCp < -700`.
pub const MATE_CREATED_MISTAKE_BELOW: i32 = -700;

/// A move that loses a forced mate is only an inaccuracy when the
/// mover's evaluation after it is above this (still winning). lila
/// `Advice.scala`: `MateLost if nextCp > 999`.
pub const MATE_LOST_INACCURACY_ABOVE: i32 = 999;

/// A move that loses a forced mate is a mistake when the mover's
/// evaluation after it is above this, a blunder otherwise. lila
/// `Advice.scala`: `MateLost if nextCp > 700`.
pub const MATE_LOST_MISTAKE_ABOVE: i32 = 700;

/// The scale of the move accuracy curve
/// `ACCURACY_SCALE · exp(−ACCURACY_DECAY · drop) + ACCURACY_OFFSET`.
/// lila `AccuracyPercent.scala` `fromWinPercents`.
pub const ACCURACY_SCALE: f64 = 103.1668100711649;

/// The decay of the move accuracy curve, per win-percentage point.
/// lila `AccuracyPercent.scala`.
pub const ACCURACY_DECAY: f64 = 0.04354415386753951;

/// The offset of the move accuracy curve. lila `AccuracyPercent.scala`.
pub const ACCURACY_OFFSET: f64 = -3.166924740191411;

/// Added to every move's accuracy before the clamp to 0..=100, for the
/// imperfect analysis. lila `AccuracyPercent.scala`: `raw + 1 //
/// uncertainty bonus`.
pub const ACCURACY_UNCERTAINTY_BONUS: f64 = 1.0;

/// The game accuracy's window holds one position per this many plies.
/// lila `AccuracyPercent.scala` `gameAccuracy`: `cps.size / 10`.
pub const WINDOW_PLIES_PER_POSITION: usize = 10;

/// The smallest volatility window, in positions. lila
/// `AccuracyPercent.scala`: `.squeeze(2, 8)`.
pub const WINDOW_MIN: usize = 2;

/// The largest volatility window, in positions. lila
/// `AccuracyPercent.scala`.
pub const WINDOW_MAX: usize = 8;

/// The smallest weight of a move (a window's standard deviation of the
/// win percentage is raised to it). lila `AccuracyPercent.scala`:
/// `.squeeze(0.5, 12)`.
pub const WEIGHT_MIN: f64 = 0.5;

/// The largest weight of a move. lila `AccuracyPercent.scala`.
pub const WEIGHT_MAX: f64 = 12.0;

/// The harmonic mean counts every accuracy below this as this, so one
/// 0 % move does not make the mean 0. scalalib `Maths.harmonicMean`:
/// `1 / Math.max(1, v)`.
pub const HARMONIC_FLOOR: f64 = 1.0;

/// How lila names a move that changed a forced mate, for the words of a
/// judgement it gives through [`judge`] (`MateSequence` in lila's
/// `Advice.scala`). lila also names `MateDelayed` ("Not the best
/// checkmate sequence") but never gives it: a slower mate is not judged.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MateSequence {
    /// "Checkmate is now unavoidable": the opponent has a forced mate
    /// after the move, and the mover had none before it.
    Created,
    /// "Lost forced checkmate sequence": the mover had a forced mate
    /// before the move and has none after it (or is now mated).
    Lost,
}

/// An evaluation from one side's view, with a mate in 0 settled.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Score {
    /// Centipawns for that side; wide so that negating `i32::MIN`
    /// cannot overflow.
    Cp(i64),
    /// A forced mate: `true` when that side mates. lila's rules read
    /// only the sign of a mate, never its length.
    Mate(bool),
}

impl Score {
    /// White's view of `e`; `to_move` settles a mate in 0, and without
    /// it scalachess's `Mate.signum` (−1 for 0) counts it as Black's.
    fn white(e: Eval, to_move: Option<Color>) -> Score {
        match e {
            Eval::Cp(cp) => Score::Cp(i64::from(cp)),
            Eval::Mate(n) if n != 0 => Score::Mate(n > 0),
            Eval::Mate(_) => Score::Mate(to_move == Some(Color::Black)),
        }
    }

    /// `side`'s view of `e`, the position having `to_move` to move.
    fn seen_by(e: Eval, side: Color, to_move: Color) -> Score {
        match (Score::white(e, Some(to_move)), side) {
            (score, Color::White) => score,
            (Score::Cp(cp), Color::Black) => Score::Cp(-cp),
            (Score::Mate(wins), Color::Black) => Score::Mate(!wins),
        }
    }

    /// Winning chances with the centipawn ceiling, as lila's `WinPercent`
    /// (and so the accuracy) counts them.
    fn ceiled_chances(self) -> f64 {
        let ceiling = i64::from(CP_CEILING);
        match self {
            Score::Cp(cp) => logistic(cp.clamp(-ceiling, ceiling) as f64),
            Score::Mate(wins) => mate_chances(wins),
        }
    }

    /// Winning chances as lila's `Advice` counts them: its centipawn
    /// rule calls `winningChances` on the raw centipawns, without the
    /// ceiling; a mate is never compared there, so the ceiling stands
    /// in for it.
    fn advice_chances(self) -> f64 {
        match self {
            Score::Cp(cp) => logistic(cp as f64),
            Score::Mate(wins) => mate_chances(wins),
        }
    }

    /// The centipawns lila's `MateAdvice` compares, 0 for a mate
    /// (`cp.so(_.centipawns)`).
    fn cp_or_zero(self) -> i64 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(_) => 0,
        }
    }
}

/// The logistic of scalachess's `winningChances`, kept in [-1, 1]
/// because `exp` overflows to infinity far out.
fn logistic(cp: f64) -> f64 {
    (2.0 / (1.0 + (WINNING_CHANCES_MULTIPLIER * cp).exp()) - 1.0).clamp(-1.0, 1.0)
}

/// A mate counts as the centipawn ceiling of its sign (scalachess
/// `WinPercent.fromMate`).
fn mate_chances(wins: bool) -> f64 {
    let ceiling = f64::from(CP_CEILING);
    logistic(if wins { ceiling } else { -ceiling })
}

/// White's winning chances in [-1, 1]: the logistic of the centipawns
/// clamped to ±[`CP_CEILING`], a mate counting as the ceiling of its
/// sign (scalachess `WinPercent.fromCentiPawns`, `fromMate`). A mate in
/// 0 counts as Black's, as scalachess's `Mate.signum` does; use
/// [`winning_chances_to_move`] when the side to move is known.
pub fn winning_chances(e: Eval) -> f64 {
    Score::white(e, None).ceiled_chances()
}

/// White's winning chances in [-1, 1] in a position with `to_move` to
/// move, so a mate in 0 counts against `to_move`.
pub fn winning_chances_to_move(e: Eval, to_move: Color) -> f64 {
    Score::white(e, Some(to_move)).ceiled_chances()
}

/// White's winning chances from raw centipawns, without the ceiling:
/// what lila's move judgement compares (scalachess
/// `WinPercent.winningChances`).
pub fn cp_winning_chances(cp: i32) -> f64 {
    logistic(f64::from(cp))
}

/// White's win percentage 0..=100 (50 + 50·chances, lichess's Win%).
/// A mate in 0 counts as Black's, as in [`winning_chances`].
pub fn win_percent(e: Eval) -> f64 {
    50.0 + 50.0 * winning_chances(e)
}

/// White's win percentage 0..=100 in a position with `to_move` to move.
pub fn win_percent_to_move(e: Eval, to_move: Color) -> f64 {
    50.0 + 50.0 * winning_chances_to_move(e, to_move)
}

/// The mover's own win percentage 0..=100 in `e`, the evaluation (from
/// White's side) after `mover`'s move: the opponent is to move, so a
/// mate in 0 there is the mover's mate.
pub fn mover_win_percent(mover: Color, e: Eval) -> f64 {
    50.0 + 50.0 * Score::seen_by(e, mover, !mover).ceiled_chances()
}

/// The drop in `mover`'s winning chances (on [-1, 1]) from `before`
/// (the position `mover` moved in) to `after` (the position after the
/// move), both from White's side; ≥ 0 means worse for the mover. This is
/// the number lila's `CpAdvice` compares with [`INACCURACY_DROP`],
/// [`MISTAKE_DROP`] and [`BLUNDER_DROP`]: centipawns are not clamped
/// (lila's judgement does not clamp them), a mate counts as
/// ±[`CP_CEILING`]. Fifty times this is the drop in Win% only within
/// ±1000 cp, since the accuracy clamps; see [`move_accuracy_of`].
pub fn drop_for(mover: Color, before: Eval, after: Eval) -> f64 {
    let was = Score::seen_by(before, mover, mover).advice_chances();
    let is = Score::seen_by(after, mover, !mover).advice_chances();
    was - is
}

/// The judgement of a drop in winning chances (on [-1, 1]): the worst
/// threshold it reaches, lila's `winningChanceJudgements`
/// (`d <= delta`, so a drop of exactly 0.1 is an inaccuracy).
pub fn judgement_for_drop(drop: f64) -> Option<Judgement> {
    if drop >= BLUNDER_DROP {
        Some(Judgement::Blunder)
    } else if drop >= MISTAKE_DROP {
        Some(Judgement::Mistake)
    } else if drop >= INACCURACY_DROP {
        Some(Judgement::Inaccuracy)
    } else {
        None
    }
}

/// How a move by `mover` changed a forced mate, as lila's
/// `MateSequence` sees it: a mate for the opponent where the mover had
/// centipawns ([`MateSequence::Created`]), or the mover's own mate
/// turned into centipawns or into the opponent's mate
/// ([`MateSequence::Lost`]). `None` for anything else, including a
/// slower mate and a move played while already being mated.
pub fn mate_sequence(mover: Color, before: Eval, after: Eval) -> Option<MateSequence> {
    let was = Score::seen_by(before, mover, mover);
    let is = Score::seen_by(after, mover, !mover);
    match (was, is) {
        (Score::Cp(_), Score::Mate(false)) => Some(MateSequence::Created),
        (Score::Mate(true), Score::Cp(_) | Score::Mate(false)) => Some(MateSequence::Lost),
        _ => None,
    }
}

/// lichess's judgement of a move by `mover`, from the evaluation before
/// it to the one after it (both from White's side); `None` for a good
/// move. lila's `Advice`: when both are centipawns, the drop in
/// winning chances ([`drop_for`]) against 0.1 / 0.2 / 0.3; otherwise
/// the mate rules:
///
/// - a mate for the opponent where the mover had centipawns
///   (`MateCreated`): an inaccuracy if the mover stood below −999
///   before, a mistake below −700, a blunder otherwise;
/// - the mover's mate lost (`MateLost`): an inaccuracy if the mover
///   stands above +999 after, a mistake above +700, a blunder
///   otherwise — and always a blunder when the opponent now mates
///   (lila counts a mate's centipawns as 0);
/// - a slower mate, a faster one, a mate kept, or any move while being
///   mated: not judged (lila's `MateDelayed` is never given).
///
/// A move that mates (`after` is `Mate(0)`) is never judged: lila
/// leaves the checkmated position out of its analysis.
pub fn judge(mover: Color, before: Eval, after: Eval) -> Option<Judgement> {
    let was = Score::seen_by(before, mover, mover);
    let is = Score::seen_by(after, mover, !mover);
    if let (Score::Cp(_), Score::Cp(_)) = (was, is) {
        return judgement_for_drop(drop_for(mover, before, after));
    }
    let judgement = match mate_sequence(mover, before, after)? {
        MateSequence::Created => match was.cp_or_zero() {
            cp if cp < i64::from(MATE_CREATED_INACCURACY_BELOW) => Judgement::Inaccuracy,
            cp if cp < i64::from(MATE_CREATED_MISTAKE_BELOW) => Judgement::Mistake,
            _ => Judgement::Blunder,
        },
        MateSequence::Lost => match is.cp_or_zero() {
            cp if cp > i64::from(MATE_LOST_INACCURACY_ABOVE) => Judgement::Inaccuracy,
            cp if cp > i64::from(MATE_LOST_MISTAKE_ABOVE) => Judgement::Mistake,
            _ => Judgement::Blunder,
        },
    };
    Some(judgement)
}

/// The accuracy 0..=100 of one move, from the mover's win percentage
/// before and after it (lila `AccuracyPercent.fromWinPercents`): 100
/// when the mover's Win% did not fall, else
/// `103.1668 · exp(−0.04354 · drop) − 3.1669`, plus the uncertainty
/// bonus of 1, clamped to 0..=100.
pub fn move_accuracy(win_before: f64, win_after: f64) -> f64 {
    if win_after >= win_before {
        return 100.0;
    }
    let drop = win_before - win_after;
    let raw = ACCURACY_SCALE * (-ACCURACY_DECAY * drop).exp() + ACCURACY_OFFSET;
    (raw + ACCURACY_UNCERTAINTY_BONUS).clamp(0.0, 100.0)
}

/// The accuracy 0..=100 of a move by `mover` from the evaluation before
/// it to the one after it (both from White's side), with the win
/// percentages clamped as lila's accuracy counts them.
pub fn move_accuracy_of(mover: Color, before: Eval, after: Eval) -> f64 {
    let was = 50.0 + 50.0 * Score::seen_by(before, mover, mover).ceiled_chances();
    move_accuracy(was, mover_win_percent(mover, after))
}

/// How many positions the game accuracy's volatility window holds for
/// a game of `plies` scored moves: one per ten plies, at least
/// [`WINDOW_MIN`] and at most [`WINDOW_MAX`].
pub fn accuracy_window_size(plies: usize) -> usize {
    (plies / WINDOW_PLIES_PER_POSITION).clamp(WINDOW_MIN, WINDOW_MAX)
}

/// The positions of the window that weighs ply `ply`, as indices into
/// the list of positions. lila lists `window - 2` copies of the first
/// window and then every sliding window, and zips that list with the
/// moves; so the first `window - 1` moves share the first window and
/// ply `i` after them gets the window starting at `i - (window - 2)`.
fn window_of(ply: usize, window: usize) -> std::ops::Range<usize> {
    let start = ply.saturating_sub(window - 2);
    start..start + window
}

/// The population standard deviation (scalalib `Maths.standardDeviation`).
fn standard_deviation(values: &[f64]) -> f64 {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n).sqrt()
}

/// One side's accuracy from its moves' `(accuracy, weight)`: the mean
/// of the weighted mean and the harmonic mean (lila's `colorAccuracy`),
/// `None` without a move.
fn side_accuracy(moves: &[(f64, f64)]) -> Option<f64> {
    if moves.is_empty() {
        return None;
    }
    let weight: f64 = moves.iter().map(|&(_, w)| w).sum();
    let weighted = moves.iter().map(|&(a, w)| a * w).sum::<f64>() / weight;
    let reciprocals: f64 = moves
        .iter()
        .map(|&(a, _)| 1.0 / a.max(HARMONIC_FLOOR))
        .sum();
    let harmonic = moves.len() as f64 / reciprocals;
    Some((weighted + harmonic) / 2.0)
}

/// Each side's accuracy over a game, lila's `gameAccuracy`.
///
/// `evals[i]` is the evaluation (from White's side) of the position
/// before ply `i`, so `evals` has plies + 1 entries, the last one after
/// the final move; `first` is the colour that made ply 0. A side
/// without a scored move gets `None`.
///
/// The procedure, lila's step for step:
///
/// 1. every position's White Win% ([`win_percent_to_move`], the
///    centipawns clamped to ±1000, a mate as ±1000); a final `Mate(0)`
///    (the game ended in checkmate) is left out, as lila's analysis
///    leaves the checkmated position out, so the mating move is not
///    scored;
/// 2. the window size: [`accuracy_window_size`] of the scored plies;
/// 3. each ply's weight: the population standard deviation of the Win%
///    in its window of positions (the first `window − 1` plies share
///    the first window, ply `i` after them starts at `i − (window − 2)`),
///    clamped to 0.5..=12, so moves in sharp phases count more;
/// 4. each ply's accuracy from its mover's Win% before and after
///    ([`move_accuracy`]);
/// 5. per side: (weighted mean + harmonic mean) / 2, the harmonic mean
///    counting an accuracy below 1 as 1.
///
/// Unlike lila, the first position is the caller's `evals[0]`, not
/// lila's fixed +15 ([`INITIAL_CP`]); pass `Eval::Cp(INITIAL_CP)` there
/// for lila's exact number.
pub fn game_accuracy(first: Color, evals: &[Eval]) -> ByColor<Option<f64>> {
    let mover_of = |ply: usize| {
        if ply.is_multiple_of(2) { first } else { !first }
    };
    let scored = match evals.split_last() {
        Some((Eval::Mate(0), rest)) => rest,
        _ => evals,
    };
    let wins: Vec<f64> = scored
        .iter()
        .enumerate()
        .map(|(i, &e)| win_percent_to_move(e, mover_of(i)))
        .collect();
    let plies = wins.len().saturating_sub(1);
    let window = accuracy_window_size(plies);
    let mut moves: ByColor<Vec<(f64, f64)>> = ByColor::default();
    for ply in 0..plies {
        let weight =
            standard_deviation(&wins[window_of(ply, window)]).clamp(WEIGHT_MIN, WEIGHT_MAX);
        let mover = mover_of(ply);
        let (before, after) = match mover {
            Color::White => (wins[ply], wins[ply + 1]),
            Color::Black => (100.0 - wins[ply], 100.0 - wins[ply + 1]),
        };
        moves
            .get_mut(mover)
            .push((move_accuracy(before, after), weight));
    }
    moves.map(|list| side_accuracy(&list))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fails with both numbers when `got` is farther than `tolerance`
    /// from `want`.
    fn close(got: f64, want: f64, tolerance: f64) {
        assert!(
            (got - want).abs() <= tolerance,
            "got {got}, want {want} ± {tolerance}"
        );
    }

    // wc(cp) = 2 / (1 + e^(−0.00368208·cp)) − 1, cp clamped to ±1000.

    #[test]
    fn winning_chances_at_zero_and_a_pawn() {
        // wc(0) = 2 / (1 + e^0) − 1 = 2/2 − 1 = 0.
        close(winning_chances(Eval::Cp(0)), 0.0, 1e-12);
        // wc(100): e^(−0.368208) = 0.691973236; 2 / 1.691973236 =
        // 1.182051794; − 1 = 0.182051794.
        close(winning_chances(Eval::Cp(100)), 0.182_051_794, 1e-6);
        // wc(−100): e^(0.368208) = 1.445142597; 2 / 2.445142597 =
        // 0.817948206; − 1 = −0.182051794.
        close(winning_chances(Eval::Cp(-100)), -0.182_051_794, 1e-6);
        // Win% = 50 + 50·0.182051794 = 59.1025897.
        close(win_percent(Eval::Cp(100)), 59.102_589_7, 1e-6);
        close(win_percent(Eval::Cp(-100)), 40.897_410_3, 1e-6);
    }

    #[test]
    fn winning_chances_at_three_pawns_and_the_ceiling() {
        // wc(300): e^(−1.104624) = 0.331335441; 2 / 1.331335441 =
        // 1.502251002; − 1 = 0.502251002.
        close(winning_chances(Eval::Cp(300)), 0.502_251_002, 1e-6);
        close(winning_chances(Eval::Cp(-300)), -0.502_251_002, 1e-6);
        // wc(1000): e^(−3.68208) = 0.025170566; 2 / 1.025170566 =
        // 1.950894873; − 1 = 0.950894873.
        close(winning_chances(Eval::Cp(1000)), 0.950_894_873, 1e-6);
        close(winning_chances(Eval::Cp(-1000)), -0.950_894_873, 1e-6);
        // ±5000 is clamped to ±1000 first: the same 0.950894873.
        close(winning_chances(Eval::Cp(5000)), 0.950_894_873, 1e-6);
        close(winning_chances(Eval::Cp(-5000)), -0.950_894_873, 1e-6);
        // Win% at the ceiling: 50 + 50·0.950894873 = 97.5447436.
        close(win_percent(Eval::Cp(5000)), 97.544_743_6, 1e-6);
        // Unclamped (the judgement's view): e^(−18.4104) ≈ 1.0e−8, so
        // 2 / (1 + 1.0e−8) − 1 ≈ 0.99999998.
        close(cp_winning_chances(5000), 0.999_999_98, 1e-8);
        // Even i32::MIN stays in [-1, 1].
        close(cp_winning_chances(i32::MIN), -1.0, 1e-12);
    }

    #[test]
    fn winning_chances_of_mates() {
        // A mate counts as ±1000: ±0.950894873 whatever its length.
        close(winning_chances(Eval::Mate(3)), 0.950_894_873, 1e-6);
        close(winning_chances(Eval::Mate(1)), 0.950_894_873, 1e-6);
        close(winning_chances(Eval::Mate(-3)), -0.950_894_873, 1e-6);
        // Mate in 0 alone: scalachess's Mate.signum counts it as Black's.
        close(winning_chances(Eval::Mate(0)), -0.950_894_873, 1e-6);
        // With the side to move known, that side is the one mated.
        close(
            winning_chances_to_move(Eval::Mate(0), Color::White),
            -0.950_894_873,
            1e-6,
        );
        close(
            winning_chances_to_move(Eval::Mate(0), Color::Black),
            0.950_894_873,
            1e-6,
        );
        close(
            win_percent_to_move(Eval::Mate(0), Color::White),
            2.455_256_4,
            1e-6,
        );
        // Black has just mated (White to move): Black's own Win% 97.5447.
        close(
            mover_win_percent(Color::Black, Eval::Mate(0)),
            97.544_743_6,
            1e-6,
        );
        close(
            mover_win_percent(Color::White, Eval::Mate(0)),
            97.544_743_6,
            1e-6,
        );
        // White's own Win% at +1.00 and Black's at the same eval.
        close(
            mover_win_percent(Color::White, Eval::Cp(100)),
            59.102_589_7,
            1e-6,
        );
        close(
            mover_win_percent(Color::Black, Eval::Cp(100)),
            40.897_410_3,
            1e-6,
        );
    }

    // From 0.00 the mover's drop is 0 − wc(−cp) = 1 − 2 / (1 + e^(0.00368208·cp)).

    #[test]
    fn inaccuracy_threshold() {
        // −0.54: x = 0.19883232, e^x = 1.219977383, 2 / 2.219977383 =
        // 0.900910079, drop 0.099089921 < 0.1: good.
        close(
            drop_for(Color::White, Eval::Cp(0), Eval::Cp(-54)),
            0.099_089_921,
            1e-6,
        );
        assert_eq!(judge(Color::White, Eval::Cp(0), Eval::Cp(-54)), None);
        // −0.55: x = 0.2025144, e^x = 1.224477717, 2 / 2.224477717 =
        // 0.899087451, drop 0.100912549 ≥ 0.1: inaccuracy.
        close(
            drop_for(Color::White, Eval::Cp(0), Eval::Cp(-55)),
            0.100_912_549,
            1e-6,
        );
        assert_eq!(
            judge(Color::White, Eval::Cp(0), Eval::Cp(-55)),
            Some(Judgement::Inaccuracy)
        );
    }

    #[test]
    fn mistake_threshold() {
        // −1.10: x = 0.4050288, e^x = 1.499345681, 2 / 2.499345681 =
        // 0.800209437, drop 0.199790563 < 0.2: inaccuracy.
        close(
            drop_for(Color::White, Eval::Cp(0), Eval::Cp(-110)),
            0.199_790_563,
            1e-6,
        );
        assert_eq!(
            judge(Color::White, Eval::Cp(0), Eval::Cp(-110)),
            Some(Judgement::Inaccuracy)
        );
        // −1.11: x = 0.40871088, e^x = 1.504876568, 2 / 2.504876568 =
        // 0.798442536, drop 0.201557464 ≥ 0.2: mistake.
        close(
            drop_for(Color::White, Eval::Cp(0), Eval::Cp(-111)),
            0.201_557_464,
            1e-6,
        );
        assert_eq!(
            judge(Color::White, Eval::Cp(0), Eval::Cp(-111)),
            Some(Judgement::Mistake)
        );
        // −1.50: x = 0.552312, e^x = 1.737264935, 2 / 2.737264935 =
        // 0.730656348, drop 0.269343652: a mistake, not yet a blunder.
        close(
            drop_for(Color::White, Eval::Cp(0), Eval::Cp(-150)),
            0.269_343_652,
            1e-6,
        );
        assert_eq!(
            judge(Color::White, Eval::Cp(0), Eval::Cp(-150)),
            Some(Judgement::Mistake)
        );
    }

    #[test]
    fn blunder_threshold() {
        // −1.68: x = 0.61858944, e^x = 1.856307761, 2 / 2.856307761 =
        // 0.700204658, drop 0.299795342 < 0.3: mistake.
        close(
            drop_for(Color::White, Eval::Cp(0), Eval::Cp(-168)),
            0.299_795_342,
            1e-6,
        );
        assert_eq!(
            judge(Color::White, Eval::Cp(0), Eval::Cp(-168)),
            Some(Judgement::Mistake)
        );
        // −1.69: x = 0.62227152, e^x = 1.863155434, 2 / 2.863155434 =
        // 0.698530012, drop 0.301469988 ≥ 0.3: blunder.
        close(
            drop_for(Color::White, Eval::Cp(0), Eval::Cp(-169)),
            0.301_469_988,
            1e-6,
        );
        assert_eq!(
            judge(Color::White, Eval::Cp(0), Eval::Cp(-169)),
            Some(Judgement::Blunder)
        );
    }

    #[test]
    fn thresholds_are_inclusive() {
        assert_eq!(judgement_for_drop(0.1), Some(Judgement::Inaccuracy));
        assert_eq!(judgement_for_drop(0.2), Some(Judgement::Mistake));
        assert_eq!(judgement_for_drop(0.3), Some(Judgement::Blunder));
        assert_eq!(judgement_for_drop(0.099_999), None);
        assert_eq!(judgement_for_drop(-0.5), None);
    }

    #[test]
    fn black_is_judged_the_mirror_way() {
        // Black from 0.00 to +1.10 is White's 0.00 to −1.10 mirrored:
        // drop 0.199790563, an inaccuracy; to +1.11 a mistake; to +1.69
        // a blunder.
        close(
            drop_for(Color::Black, Eval::Cp(0), Eval::Cp(110)),
            0.199_790_563,
            1e-6,
        );
        assert_eq!(
            judge(Color::Black, Eval::Cp(0), Eval::Cp(110)),
            Some(Judgement::Inaccuracy)
        );
        assert_eq!(
            judge(Color::Black, Eval::Cp(0), Eval::Cp(111)),
            Some(Judgement::Mistake)
        );
        assert_eq!(
            judge(Color::Black, Eval::Cp(0), Eval::Cp(169)),
            Some(Judgement::Blunder)
        );
        // The same move is no fault of White's: White's chances went up.
        assert_eq!(judge(Color::White, Eval::Cp(0), Eval::Cp(169)), None);
        close(
            drop_for(Color::White, Eval::Cp(0), Eval::Cp(169)),
            -0.301_469_988,
            1e-6,
        );
    }

    #[test]
    fn the_judgement_does_not_clamp_centipawns() {
        // lila's CpAdvice uses the raw centipawns. +30.00 → +5.80:
        // wc(3000): e^(−11.04624) = 1.5947e−5, 2 / 1.000015947 − 1 =
        // 0.999968107; wc(580): e^(−2.1356064) = 0.118172909,
        // 2 / 1.118172909 − 1 = 0.788632138; drop 0.211335969: mistake.
        // (Clamped to +10.00 it would be 0.950894873 − 0.788632138 =
        // 0.162262735, an inaccuracy.)
        close(
            drop_for(Color::White, Eval::Cp(3000), Eval::Cp(580)),
            0.211_335_969,
            1e-6,
        );
        assert_eq!(
            judge(Color::White, Eval::Cp(3000), Eval::Cp(580)),
            Some(Judgement::Mistake)
        );
    }

    #[test]
    fn letting_a_mate_in() {
        // +2.00 to being mated in 3: MateCreated, the mover stood at
        // +200 ≥ −700 before: blunder.
        assert_eq!(
            judge(Color::White, Eval::Cp(200), Eval::Mate(-3)),
            Some(Judgement::Blunder)
        );
        assert_eq!(
            mate_sequence(Color::White, Eval::Cp(200), Eval::Mate(-3)),
            Some(MateSequence::Created)
        );
        // −8.00 before (< −700, not < −999): mistake; −10.00: inaccuracy.
        assert_eq!(
            judge(Color::White, Eval::Cp(-800), Eval::Mate(-3)),
            Some(Judgement::Mistake)
        );
        assert_eq!(
            judge(Color::White, Eval::Cp(-1000), Eval::Mate(-3)),
            Some(Judgement::Inaccuracy)
        );
        // −7.00 is not below −700: still a blunder.
        assert_eq!(
            judge(Color::White, Eval::Cp(-700), Eval::Mate(-3)),
            Some(Judgement::Blunder)
        );
        // Black's mirror: from −2.00 (Black better) to White mating in 3.
        assert_eq!(
            judge(Color::Black, Eval::Cp(-200), Eval::Mate(3)),
            Some(Judgement::Blunder)
        );
        assert_eq!(
            judge(Color::Black, Eval::Cp(1000), Eval::Mate(3)),
            Some(Judgement::Inaccuracy)
        );
    }

    #[test]
    fn losing_a_won_mate() {
        // Mate in 3 to +5.00: MateLost, +500 ≤ 700 after: blunder.
        assert_eq!(
            judge(Color::White, Eval::Mate(3), Eval::Cp(500)),
            Some(Judgement::Blunder)
        );
        assert_eq!(
            mate_sequence(Color::White, Eval::Mate(3), Eval::Cp(500)),
            Some(MateSequence::Lost)
        );
        // +8.00 (> 700, not > 999): mistake; +12.00 (> 999): inaccuracy;
        // +7.00 is not above 700: blunder.
        assert_eq!(
            judge(Color::White, Eval::Mate(3), Eval::Cp(800)),
            Some(Judgement::Mistake)
        );
        assert_eq!(
            judge(Color::White, Eval::Mate(3), Eval::Cp(1200)),
            Some(Judgement::Inaccuracy)
        );
        assert_eq!(
            judge(Color::White, Eval::Mate(3), Eval::Cp(700)),
            Some(Judgement::Blunder)
        );
        // From mating to being mated: lila counts the mate as 0 cp, blunder.
        assert_eq!(
            judge(Color::White, Eval::Mate(2), Eval::Mate(-4)),
            Some(Judgement::Blunder)
        );
        // Black's mirror: Black mates in 3, then −5.00 / −12.00.
        assert_eq!(
            judge(Color::Black, Eval::Mate(-3), Eval::Cp(-500)),
            Some(Judgement::Blunder)
        );
        assert_eq!(
            judge(Color::Black, Eval::Mate(-3), Eval::Cp(-1200)),
            Some(Judgement::Inaccuracy)
        );
    }

    #[test]
    fn mates_kept_delayed_or_delivered_are_not_judged() {
        // Mate in 3 becoming mate in 5 (MateDelayed): not judged.
        assert_eq!(judge(Color::White, Eval::Mate(3), Eval::Mate(5)), None);
        assert_eq!(
            mate_sequence(Color::White, Eval::Mate(3), Eval::Mate(5)),
            None
        );
        assert_eq!(judge(Color::Black, Eval::Mate(-3), Eval::Mate(-5)), None);
        // Being mated already, whatever happens: no rule applies.
        assert_eq!(judge(Color::White, Eval::Mate(-3), Eval::Cp(-300)), None);
        assert_eq!(judge(Color::White, Eval::Cp(-300), Eval::Cp(-300)), None);
        // Finding a mate where there was none is not a fault.
        assert_eq!(judge(Color::White, Eval::Cp(300), Eval::Mate(4)), None);
        // The mating move itself: the opponent is to move and mated.
        assert_eq!(judge(Color::White, Eval::Mate(1), Eval::Mate(0)), None);
        assert_eq!(judge(Color::Black, Eval::Mate(-1), Eval::Mate(0)), None);
        assert_eq!(
            mate_sequence(Color::Black, Eval::Mate(-1), Eval::Mate(0)),
            None
        );
    }

    // accuracy(d) = 103.1668100711649·e^(−0.04354415386753951·d) − 3.166924740191411 + 1.

    #[test]
    fn move_accuracy_of_a_drop() {
        // No drop, or a gain: 100 exactly.
        close(move_accuracy(50.0, 50.0), 100.0, 1e-12);
        close(move_accuracy(40.0, 60.0), 100.0, 1e-12);
        // A tiny drop: 103.1668 − 3.1669 + 1 = 100.9999, clamped to 100.
        close(move_accuracy(50.0, 49.999_999), 100.0, 1e-12);
        // Drop 10: k·d = 0.435441539, e^−0.435441539 = 0.646978938,
        // × 103.16681 = 66.746753194, − 2.166924740 = 64.579828454.
        close(move_accuracy(60.0, 50.0), 64.579_828_454, 1e-6);
        // Drop 30: k·d = 1.306324616, e^−1.306324616 = 0.270813573,
        // × 103.16681 = 27.938972487, − 2.166924740 = 25.772047747.
        close(move_accuracy(80.0, 50.0), 25.772_047_747, 1e-6);
        // Drop 100: 103.16681·0.01284995 − 2.16692 = −0.84 → clamped to 0.
        close(move_accuracy(100.0, 0.0), 0.0, 1e-12);
        // From evaluations: White 0.00 → −1.00 drops 50 − 40.8974103 =
        // 9.1025897 points; Black the same mirrored.
        let white = move_accuracy_of(Color::White, Eval::Cp(0), Eval::Cp(-100));
        close(white, move_accuracy(50.0, 40.897_410_281), 1e-9);
        let black = move_accuracy_of(Color::Black, Eval::Cp(0), Eval::Cp(100));
        close(black, white, 1e-12);
    }

    #[test]
    fn window_sizes_and_positions() {
        // plies / 10 clamped to 2..=8.
        assert_eq!(accuracy_window_size(0), 2);
        assert_eq!(accuracy_window_size(29), 2);
        assert_eq!(accuracy_window_size(30), 3);
        assert_eq!(accuracy_window_size(85), 8);
        assert_eq!(accuracy_window_size(400), 8);
        // Window 2: every ply i weighs positions i and i + 1.
        assert_eq!(window_of(0, 2), 0..2);
        assert_eq!(window_of(4, 2), 4..6);
        // Window 3 over 31 positions (30 plies): one copy of 0..3, then
        // the 29 sliding windows 0..3, 1..4, …, 28..31.
        assert_eq!(window_of(0, 3), 0..3);
        assert_eq!(window_of(1, 3), 0..3);
        assert_eq!(window_of(2, 3), 1..4);
        assert_eq!(window_of(29, 3), 28..31);
        // Window 8 over 81 positions: six copies of 0..8 for plies 0..=5,
        // then 0..8 for ply 6, and ply 79 ends at position 80.
        assert_eq!(window_of(5, 8), 0..8);
        assert_eq!(window_of(6, 8), 0..8);
        assert_eq!(window_of(7, 8), 1..9);
        assert_eq!(window_of(79, 8), 73..81);
    }

    /// +0.20, −0.80, −0.78, −7.00, +9.00, +8.80; White first, 5 plies.
    const GAME: [Eval; 6] = [
        Eval::Cp(20),
        Eval::Cp(-80),
        Eval::Cp(-78),
        Eval::Cp(-700),
        Eval::Cp(900),
        Eval::Cp(880),
    ];

    #[test]
    fn game_accuracy_by_hand() {
        // Win% = 50 + 50·(2 / (1 + e^(−0.00368208·cp)) − 1):
        //   +20: e = 0.929004589 → 51.840208441
        //   −80: e = 1.342544105 → 42.688630610
        //   −78: e = 1.332693710 → 42.868894259
        //  −700: e = 13.163607310 → 7.060348244
        //  +900: e = 0.036375057 → 96.490164803
        //  +880: e = 0.039154873 → 96.232046464
        // Window: 5 plies / 10 = 0 → 2; ply i weighs positions i, i + 1,
        // whose population σ is |a − b| / 2, clamped to 0.5..=12.
        // ply 0, White: 51.840208 → 42.688631, drop 9.151578;
        //   σ 4.575789; k·d 0.398497713, e 0.671327816,
        //   103.16681·e − 2.16692 = 67.091824525.
        // ply 1, Black: 57.311369 → 57.131106 (100 − White's), drop
        //   0.180264; σ 0.090132 → 0.5; raw 100.193 → clamped 100.
        // ply 2, White: 42.868894 → 7.060348, drop 35.808546;
        //   σ 17.904273 → 12; e^−1.559252837 = 0.210293136 → 19.528347248.
        // ply 3, Black: 92.939652 → 3.509835, drop 89.429817;
        //   σ 44.714908 → 12; e^−3.894145693 = 0.020360761 → −0.066 → 0.
        // ply 4, White: 96.490165 → 96.232046, drop 0.258118;
        //   σ 0.129059 → 0.5; e^−0.011239545 = 0.988823383 → 99.846829410.
        // White: weighted (67.091825·4.575789 + 19.528347·12 +
        //   99.846829·0.5) / 17.075789 = 591.261609 / 17.075789 =
        //   34.625727; harmonic 3 / (0.014904946 + 0.051207611 +
        //   0.010015341) = 3 / 0.076127897 = 39.407367;
        //   (34.625727 + 39.407367) / 2 = 37.016547.
        // Black: weighted (100·0.5 + 0·12) / 12.5 = 4; harmonic counts
        //   0 as 1: 2 / (1/100 + 1/1) = 2 / 1.01 = 1.980198;
        //   (4 + 1.980198) / 2 = 2.990099.
        let got = game_accuracy(Color::White, &GAME);
        close(got.white.expect("White moved"), 37.016_547, 1e-5);
        close(got.black.expect("Black moved"), 2.990_099, 1e-5);
    }

    #[test]
    fn game_accuracy_is_symmetric_for_black() {
        // The same game with colours swapped: every eval negated, Black
        // first. The numbers swap sides.
        let mirrored = GAME.map(|e| match e {
            Eval::Cp(cp) => Eval::Cp(-cp),
            Eval::Mate(n) => Eval::Mate(-n),
        });
        let got = game_accuracy(Color::Black, &mirrored);
        close(got.black.expect("Black moved"), 37.016_547, 1e-5);
        close(got.white.expect("White moved"), 2.990_099, 1e-5);
    }

    #[test]
    fn a_side_without_a_move_has_no_accuracy() {
        let none = game_accuracy(Color::White, &[]);
        assert_eq!((none.white, none.black), (None, None));
        let none = game_accuracy(Color::White, &[Eval::Cp(15)]);
        assert_eq!((none.white, none.black), (None, None));
        // One White move that kept the eval: White 100 (weighted 100,
        // harmonic 100), Black None.
        let one = game_accuracy(Color::White, &[Eval::Cp(15), Eval::Cp(15)]);
        close(one.white.expect("White moved"), 100.0, 1e-12);
        assert_eq!(one.black, None);
        let one = game_accuracy(Color::Black, &[Eval::Cp(15), Eval::Cp(15)]);
        close(one.black.expect("Black moved"), 100.0, 1e-12);
        assert_eq!(one.white, None);
    }

    #[test]
    fn the_mating_move_is_not_scored() {
        // +0.20, −0.10, +1.50, White mated in 1, White mated; White first.
        // The final Mate(0) is left out, so Black's only scored move is
        // ply 1: Black 100 − 49.079584 = 50.920416 → 100 − 63.467183 =
        // 36.532817 (wc(−10): e = 1.037507083; wc(150): e = 0.575617443),
        // drop 14.387599, k·d 0.626495808, e^−0.626495808 = 0.534461378,
        // × 103.16681 = 55.138676, − 2.166925 = 52.971751;
        // one move: weighted = harmonic = 52.971751.
        let evals = [
            Eval::Cp(20),
            Eval::Cp(-10),
            Eval::Cp(150),
            Eval::Mate(-1),
            Eval::Mate(0),
        ];
        let got = game_accuracy(Color::White, &evals);
        close(got.black.expect("Black moved"), 52.971_751, 1e-5);
        let without = game_accuracy(Color::White, &evals[..4]);
        assert_eq!(got, without);
        // The move that let the mate in is still a blunder (+1.50 ≥ −7.00).
        assert_eq!(
            judge(Color::White, evals[2], evals[3]),
            Some(Judgement::Blunder)
        );
    }

    #[test]
    fn lilas_own_expectations() {
        // lila's AccuracyPercentTest: White's first move to −9.00 is about
        // 10 (± 5), Black's reply keeping it 100 (± 1).
        let got = game_accuracy(
            Color::White,
            &[Eval::Cp(15), Eval::Cp(-900), Eval::Cp(-900)],
        );
        close(got.white.expect("White moved"), 10.0, 5.0);
        close(got.black.expect("Black moved"), 100.0, 1.0);
        // 20 perfect plies then a White blunder to −9.00: White ≈ 50 ± 5.
        let mut evals = vec![Eval::Cp(INITIAL_CP); 21];
        evals.push(Eval::Cp(-900));
        let got = game_accuracy(Color::White, &evals);
        close(got.white.expect("White moved"), 50.0, 5.0);
        close(got.black.expect("Black moved"), 100.0, 1.0);
    }
}
