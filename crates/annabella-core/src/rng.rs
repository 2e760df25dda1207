//! A small deterministic random source (xorshift64), so that a seed
//! gives the same random Chess960 positions and colours on every run,
//! and tests can replay a failure.

/// Xorshift64: fast, tiny, and good enough for choosing a start
/// position or a colour; not for anything secret.
///
/// ```
/// let mut a = annabella_core::rng::Rng::new(7);
/// let mut b = annabella_core::rng::Rng::new(7);
/// assert_eq!(a.below(960), b.below(960));
/// assert!(a.below(2) < 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// A source seeded with `seed` (0, which xorshift cannot leave, is
    /// taken as 1).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        match n {
            0 => 0,
            n => (self.next_u64() % n as u64) as usize,
        }
    }
}
