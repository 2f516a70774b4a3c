//! Helpers shared by the random sweeps (`tests/oracle.rs`,
//! `tests/shortcuts_random.rs`).

/// A small deterministic generator (splitmix64), so that a sweep's seed
/// names its positions.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (not 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The number in the environment variable `name`, or `default` when it is
/// unset or not a number (the knobs of the `#[ignore]`d sweeps).
pub fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
