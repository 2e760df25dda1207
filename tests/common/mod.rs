//! Helpers shared by the integration tests.

/// A small deterministic random source (xorshift), so that "random"
/// positions are the same on every run and a failure can be replayed.
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
