//! The search allocates nothing per node: move lists live on the stack
//! and the transposition table is allocated once. A counting allocator
//! shows it: a search of hundreds of thousands of nodes makes only the
//! few allocations of its per-iteration bookkeeping (the principal
//! variation it reports).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use annabella::engine::search::{Limits, Searcher};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator unchanged; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn a_search_does_not_allocate_per_node() {
    let pos: Chess = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let mut searcher = Searcher::new(16);
    let history = vec![0u64; 40];
    // A first search sizes the line-of-play buffer; the one measured
    // runs with everything in place, as every later move does.
    let warm = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    searcher.search(&pos, &history, &warm, &mut |_| {});

    let depth = 9;
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let result = searcher.search(&pos, &history, &limits, &mut |_| {});
    let allocations = ALLOCATIONS.load(Ordering::Relaxed) - before;

    eprintln!("{allocations} allocations in {} nodes", result.nodes);
    assert!(
        result.nodes > 100_000,
        "too small a search: {} nodes",
        result.nodes
    );
    // Per iteration: the reported principal variation (a vector and its
    // growth). Nothing may scale with the nodes.
    let allowed = 8 * depth as usize;
    assert!(
        allocations <= allowed,
        "{allocations} allocations in {} nodes (allowed {allowed})",
        result.nodes
    );
}
