//! Playing levels 1 to 10: how each one is held back, and the Elo it was
//! measured at against Stockfish 15.1's UCI_Elo anchors at 0.2 s per move
//! (BENCHMARKS.md has the matches behind the numbers; `scripts/strength`
//! replays them). Levels 1 to 9 search a fixed depth or number of nodes,
//! so that a seed gives the same game on any machine; level 10 searches
//! for its time.

use super::search::{Limits, Weakness};

/// One level of the built-in engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// 1 (beginner) to 10 (full strength).
    pub number: u8,
    /// Deepest iteration it searches.
    pub depth: Option<u32>,
    /// Most nodes it searches per move.
    pub nodes: Option<u64>,
    /// How it errs on purpose.
    pub weakness: Option<Weakness>,
    /// Measured strength against Stockfish's UCI_Elo anchors.
    pub elo: u32,
}

const fn weak(noise: i32, second_best_permille: u32, second_best_margin: i32) -> Option<Weakness> {
    Some(Weakness {
        noise,
        second_best_permille,
        second_best_margin,
    })
}

/// The levels, weakest first.
pub const LEVELS: [Level; 10] = [
    Level {
        number: 1,
        depth: Some(1),
        nodes: None,
        weakness: weak(260, 350, 400),
        elo: 653,
    },
    Level {
        number: 2,
        depth: Some(1),
        nodes: None,
        weakness: weak(80, 200, 200),
        elo: 1004,
    },
    Level {
        number: 3,
        depth: Some(2),
        nodes: None,
        weakness: weak(140, 300, 250),
        elo: 1170,
    },
    Level {
        number: 4,
        depth: Some(2),
        nodes: None,
        weakness: weak(70, 180, 150),
        elo: 1425,
    },
    Level {
        number: 5,
        depth: Some(3),
        nodes: None,
        weakness: weak(50, 140, 120),
        elo: 1504,
    },
    Level {
        number: 6,
        depth: Some(4),
        nodes: None,
        weakness: weak(30, 80, 80),
        elo: 1659,
    },
    Level {
        number: 7,
        depth: Some(5),
        nodes: None,
        weakness: weak(20, 40, 40),
        elo: 1836,
    },
    Level {
        number: 8,
        depth: Some(6),
        nodes: None,
        weakness: weak(10, 0, 0),
        elo: 1843,
    },
    Level {
        number: 9,
        depth: Some(8),
        nodes: None,
        weakness: None,
        elo: 1869,
    },
    Level {
        number: 10,
        depth: None,
        nodes: None,
        weakness: None,
        elo: 2024,
    },
];

/// The strongest level.
pub const MAX_LEVEL: u8 = 10;

/// Level `n`, clamped to 1..=10.
pub fn level(n: u8) -> &'static Level {
    &LEVELS[usize::from(n.clamp(1, MAX_LEVEL)) - 1]
}

/// The strongest level measured at or below `elo` (level 1 below all).
pub fn level_for_elo(elo: u32) -> u8 {
    LEVELS
        .iter()
        .rev()
        .find(|l| l.elo <= elo)
        .map_or(1, |l| l.number)
}

impl Level {
    /// `limits` narrowed to what this level may search.
    pub fn restrict(&self, limits: &Limits) -> Limits {
        let mut out = limits.clone();
        if let Some(d) = self.depth {
            out.depth = Some(out.depth.map_or(d, |x| x.min(d)));
            out.infinite = false;
        }
        if let Some(n) = self.nodes {
            out.nodes = Some(out.nodes.map_or(n, |x| x.min(n)));
            out.infinite = false;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_numbered_and_their_elo_rises() {
        for (i, l) in LEVELS.iter().enumerate() {
            assert_eq!(usize::from(l.number), i + 1);
        }
        assert!(LEVELS.windows(2).all(|w| w[0].elo < w[1].elo));
    }

    #[test]
    fn elo_maps_to_the_nearest_level_below() {
        assert_eq!(level_for_elo(0), 1);
        assert_eq!(level_for_elo(LEVELS[4].elo), 5);
        assert_eq!(level_for_elo(LEVELS[4].elo + 1), 5);
        assert_eq!(level_for_elo(5000), 10);
    }

    #[test]
    fn restriction_keeps_the_tighter_limit() {
        let l = level(3);
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        assert_eq!(l.restrict(&limits).depth, Some(1));
        assert_eq!(l.restrict(&Limits::default()).depth, l.depth);
        assert!(
            !l.restrict(&Limits {
                infinite: true,
                ..Limits::default()
            })
            .infinite
        );
    }
}
