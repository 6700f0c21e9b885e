use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::dice::Dice;
use crate::error::{Error, ErrorKind, Result};

/// The seeded generator behind every Fray roll: ChaCha8 keyed by `(seed, stream)`.
///
/// The key is `ChaCha8Rng::seed_from_u64(seed)` followed by `set_stream(stream)`; only
/// `next_u32` and `next_u64` are ever read, and dice are mapped from those words by
/// [`Rng::below`] (Lemire's nearly-divisionless method with rejection). Nothing from
/// `rand`'s distributions is used, so a `rand` upgrade cannot change a roll. The crate
/// versions are pinned exactly and the golden-vector snapshots pin the first rolls.
#[derive(Clone, Debug)]
pub struct Rng {
    inner: ChaCha8Rng,
    seed: u64,
    stream: u64,
}

impl Rng {
    /// The generator for `seed` on `stream`. Streams are independent: Monte Carlo trial *i*
    /// uses stream *i*.
    pub fn new(seed: u64, stream: u64) -> Self {
        let mut inner = ChaCha8Rng::seed_from_u64(seed);
        inner.set_stream(stream);
        Rng {
            inner,
            seed,
            stream,
        }
    }

    /// The seed this generator was made from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The stream this generator was made on.
    pub fn stream(&self) -> u64 {
        self.stream
    }

    /// How many 32-bit words have been drawn so far (the position in the stream).
    pub fn word_pos(&self) -> u128 {
        self.inner.get_word_pos()
    }

    /// One raw 32-bit word.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        self.inner.next_u32()
    }

    /// One raw 64-bit word (two 32-bit words, low first).
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// A uniform integer in `0..n` for `n >= 1`, unbiased.
    ///
    /// Lemire's method: multiply a 32-bit word by `n` and keep the high half; reject the rare
    /// words whose low half falls below `2^32 mod n`. For powers of two nothing is ever
    /// rejected, so a d2, d4 or d8 costs exactly one word.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n >= 1);
        let mut m = u64::from(self.next_u32()) * u64::from(n);
        let mut low = m as u32;
        if low < n {
            let threshold = n.wrapping_neg() % n;
            while low < threshold {
                m = u64::from(self.next_u32()) * u64::from(n);
                low = m as u32;
            }
        }
        (m >> 32) as u32
    }

    /// One die with `sides` faces, 1..=sides. Panics in debug builds on a d0; use
    /// [`Dice::roll`] for a checked roll.
    #[inline]
    pub fn die(&mut self, sides: u32) -> u32 {
        self.below(sides) + 1
    }

    /// The binary K die: 0 or 1 with equal odds (one word).
    #[inline]
    pub fn k_die(&mut self) -> u32 {
        self.below(2)
    }

    /// Fills `out` with rolls of a die with `sides` faces. Rejects a d0.
    pub fn fill(&mut self, sides: u32, out: &mut [u32]) -> Result<()> {
        if sides == 0 {
            return Err(Error::new(
                ErrorKind::InvalidDice,
                "a die needs at least 1 side (got d0)",
            ));
        }
        for slot in out {
            *slot = self.die(sides);
        }
        Ok(())
    }
}

impl Dice for Rng {
    #[inline]
    fn roll(&mut self, sides: u32) -> Result<u32> {
        if sides == 0 {
            return Err(Error::new(
                ErrorKind::InvalidDice,
                "a die needs at least 1 side (got d0)",
            ));
        }
        Ok(self.die(sides))
    }

    #[inline]
    fn k_die(&mut self) -> Result<u32> {
        Ok(Rng::k_die(self))
    }
}
