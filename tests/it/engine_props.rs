//! Properties of the built-in engine over random positions: it always
//! answers with a legal move when there is one, at every level, and the
//! same seed gives the same move.

use annabella::engine::level::level;
use annabella::engine::search::{Limits, Searcher};
use annabella::rules::key_of;
use proptest::prelude::*;
use shakmaty::{Chess, Position};

/// A position reached by `plies` moves chosen by `choices`.
fn walk(choices: &[u16]) -> (Chess, Vec<u64>) {
    let mut pos = Chess::default();
    let mut keys = Vec::new();
    for c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        keys.push(key_of(&pos));
        pos.play_unchecked(moves[usize::from(*c) % moves.len()]);
    }
    (pos, keys)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_level_plays_a_legal_move(
        choices in proptest::collection::vec(any::<u16>(), 0..120),
        n in 1u8..=10,
        seed in any::<u64>(),
    ) {
        let (pos, keys) = walk(&choices);
        let lvl = level(n);
        let limits = lvl.restrict(&Limits { nodes: Some(3_000), ..Limits::default() });
        let mut searcher = Searcher::new(1);
        searcher.set_weakness(lvl.weakness, seed);
        let result = searcher.search(&pos, &keys, &limits, &mut |_| {});
        let legal = pos.legal_moves();
        match result.best {
            Some(m) => prop_assert!(legal.contains(&m)),
            None => prop_assert!(legal.is_empty()),
        }
        if let Some(first) = result.pv.first() {
            prop_assert_eq!(Some(*first), result.best);
        }
        let mut again = Searcher::new(1);
        again.set_weakness(lvl.weakness, seed);
        prop_assert_eq!(again.search(&pos, &keys, &limits, &mut |_| {}).best, result.best);
    }
}
