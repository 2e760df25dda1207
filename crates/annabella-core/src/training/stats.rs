//! The statistics of the drills, kept across sessions: how often each
//! drill was answered right, how fast, the best score, and the squares
//! and kinds of question the player misses. Serialised by the store;
//! nothing here touches a file.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use shakmaty::{Bitboard, Square};

use super::DrillKind;
use super::drill::Summary;
use super::question::Question;
use crate::rng::Rng;

/// The version of the statistics written now; a store that reads a
/// newer one keeps it rather than overwrite what it does not know.
pub const STATS_FORMAT: u32 = 1;

/// The statistics of every drill.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// The version of this layout ([`STATS_FORMAT`]).
    pub format: u32,
    /// Per drill, keyed by [`DrillKind::id`].
    #[serde(default)]
    pub drills: BTreeMap<String, DrillStats>,
}

impl Default for Stats {
    fn default() -> Stats {
        Stats {
            format: STATS_FORMAT,
            drills: BTreeMap::new(),
        }
    }
}

/// The statistics of one drill.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DrillStats {
    /// Questions answered (readable answers only).
    pub asked: u32,
    /// Of them answered right.
    pub right: u32,
    /// The time taken over all of them, in milliseconds.
    pub total_ms: u64,
    /// The best finished drill: right answers of how many.
    pub best: Option<(u32, u32)>,
    /// Per square ("e4"), the misses not yet made good: a miss adds one,
    /// a right answer on the square takes one away, so a square once
    /// learnt stops coming back.
    pub missed_squares: BTreeMap<String, u32>,
    /// Per kind of question ([`Question::kind_id`]), the misses.
    pub missed_kinds: BTreeMap<String, u32>,
}

impl Stats {
    /// The statistics of one drill, if it was ever practised.
    pub fn drill(&self, kind: DrillKind) -> Option<&DrillStats> {
        self.drills.get(kind.id())
    }

    /// Counts one readable answer to `question` in `kind`.
    pub fn record(&mut self, kind: DrillKind, question: &Question, right: bool, elapsed: Duration) {
        let entry = self.drills.entry(kind.id().to_string()).or_default();
        entry.asked = entry.asked.saturating_add(1);
        entry.right = entry.right.saturating_add(u32::from(right));
        let ms = u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
        entry.total_ms = entry.total_ms.saturating_add(ms);
        for square in question.squares() {
            note_square(&mut entry.missed_squares, square, right);
        }
        if !right {
            let misses = entry
                .missed_kinds
                .entry(question.kind_id().to_string())
                .or_default();
            *misses = misses.saturating_add(1);
        }
    }

    /// Keeps the score of a finished drill when it is the best yet: the
    /// higher share right, and of equal shares the longer drill.
    pub fn finish(&mut self, summary: &Summary) {
        if summary.total == 0 {
            return;
        }
        let entry = self
            .drills
            .entry(summary.kind.id().to_string())
            .or_default();
        let score = (summary.right.min(summary.total), summary.total);
        let better = match entry.best {
            None => true,
            Some((right, of)) => {
                let new = u64::from(score.0) * u64::from(of.max(1));
                let old = u64::from(right) * u64::from(score.1);
                new > old || (new == old && score.1 > of)
            }
        };
        if better {
            entry.best = Some(score);
        }
    }

    /// The `n` squares missed most in `kind`, most first (and by square
    /// among equals).
    pub fn most_missed(&self, kind: DrillKind, n: usize) -> Vec<(Square, u32)> {
        let mut missed = self.misses(kind);
        missed.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        missed.truncate(n);
        missed
    }

    /// Every square with misses in `kind`; unreadable keys (a file edited
    /// by hand) are passed over.
    pub(super) fn misses(&self, kind: DrillKind) -> Vec<(Square, u32)> {
        self.drill(kind)
            .map(|d| {
                d.missed_squares
                    .iter()
                    .filter(|&(_, &n)| n > 0)
                    .filter_map(|(key, &n)| Some((key.parse::<Square>().ok()?, n)))
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// A miss adds one to the square; a right answer takes one away.
fn note_square(missed: &mut BTreeMap<String, u32>, square: Square, right: bool) {
    let key = square.to_string();
    if right {
        if let Some(n) = missed.get_mut(&key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                missed.remove(&key);
            }
        }
    } else {
        let n = missed.entry(key).or_default();
        *n = n.saturating_add(1);
    }
}

/// Square weights for drawing: every square 1, and one more per miss,
/// so a square missed three times comes back four times as often.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Weights([u32; 64]);

/// The most a square's misses add: a square missed very often should
/// come back often, not crowd out the rest of the board.
const MAX_EXTRA: u32 = 15;

impl Weights {
    /// The weights of `kind` from its statistics.
    pub(super) fn from_stats(stats: &Stats, kind: DrillKind) -> Weights {
        let mut weights = Weights([1; 64]);
        for (square, misses) in stats.misses(kind) {
            weights.set(square, 1 + misses.min(MAX_EXTRA));
        }
        weights
    }

    fn set(&mut self, square: Square, weight: u32) {
        if let Some(w) = self.0.get_mut(square as usize) {
            *w = weight;
        }
    }

    /// Follows an answer within a drill: a miss raises the square's
    /// weight, a right answer lowers it back towards 1.
    pub(super) fn note(&mut self, square: Square, right: bool) {
        if let Some(w) = self.0.get_mut(square as usize) {
            *w = if right {
                w.saturating_sub(1).max(1)
            } else {
                w.saturating_add(1).min(1 + MAX_EXTRA)
            };
        }
    }

    /// Draws a square, each as likely as its weight.
    pub(super) fn draw(&self, rng: &mut Rng) -> Square {
        self.draw_in(Bitboard::FULL, rng).unwrap_or(Square::A1)
    }

    /// Draws a square of `among`, each as likely as its weight; `None`
    /// when `among` is empty.
    pub(super) fn draw_in(&self, among: Bitboard, rng: &mut Rng) -> Option<Square> {
        let weight = |square: Square| self.0.get(square as usize).copied().unwrap_or(1) as usize;
        let total: usize = among.into_iter().map(weight).sum();
        let mut pick = rng.below(total);
        for square in among {
            if pick < weight(square) {
                return Some(square);
            }
            pick -= weight(square);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misses_are_made_good_by_right_answers() {
        let mut stats = Stats::default();
        let q = Question::SquareColor { square: Square::E4 };
        for _ in 0..3 {
            stats.record(DrillKind::Colors, &q, false, Duration::from_millis(1500));
        }
        stats.record(DrillKind::Colors, &q, true, Duration::from_millis(500));
        assert_eq!(
            stats.most_missed(DrillKind::Colors, 5),
            vec![(Square::E4, 2)]
        );
        let colors = stats.drill(DrillKind::Colors).cloned().unwrap_or_default();
        assert_eq!((colors.asked, colors.right, colors.total_ms), (4, 1, 5000));
        assert_eq!(colors.missed_kinds.get("square_color"), Some(&3));
        assert!(stats.most_missed(DrillKind::Knight, 5).is_empty());
    }

    #[test]
    fn the_best_score_is_kept() {
        let mut stats = Stats::default();
        let summary = |right, total| Summary {
            kind: DrillKind::Knight,
            right,
            total,
            mean: Duration::ZERO,
        };
        stats.finish(&summary(3, 10));
        stats.finish(&summary(0, 0));
        stats.finish(&summary(2, 10));
        assert_eq!(
            stats.drill(DrillKind::Knight).and_then(|d| d.best),
            Some((3, 10))
        );
        stats.finish(&summary(6, 20));
        assert_eq!(
            stats.drill(DrillKind::Knight).and_then(|d| d.best),
            Some((6, 20))
        );
        stats.finish(&summary(5, 5));
        assert_eq!(
            stats.drill(DrillKind::Knight).and_then(|d| d.best),
            Some((5, 5))
        );
    }

    #[test]
    fn weights_come_from_misses() {
        let mut stats = Stats::default();
        let q = Question::KnightDistance {
            from: Square::A1,
            to: Square::H8,
        };
        stats.record(DrillKind::Knight, &q, false, Duration::ZERO);
        let mut weights = Weights::from_stats(&stats, DrillKind::Knight);
        assert_eq!(weights.0[0], 2);
        assert_eq!(weights.0[63], 2);
        weights.note(Square::A1, true);
        weights.note(Square::A1, true);
        assert_eq!(weights.0[0], 1);
        let mut rng = Rng::new(3);
        for _ in 0..100 {
            let _ = weights.draw(&mut rng);
        }
    }
}
