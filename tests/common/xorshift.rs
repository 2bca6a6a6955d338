//! A xorshift generator (Marsaglia's shifts 13, 7, 17): a fixed, portable stream of
//! pseudo-random numbers for the tests and the benches, without a dependency. The benches,
//! the test files that do not use the rest of `common`, and the library's unit tests include
//! this file by path.

/// The generator's state, any non-zero seed.
#[derive(Debug, Clone)]
pub struct XorShift(pub u64);

impl XorShift {
    /// The next 64 bits.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// The next 128 bits, from two draws.
    #[allow(dead_code)]
    pub fn next_u128(&mut self) -> u128 {
        (u128::from(self.next()) << 64) | u128::from(self.next())
    }
}
