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
        // Written out rather than through `lemire` with a closure: this is the hottest
        // function of the crate and must inline into every caller.
        let mut m = u64::from(self.inner.next_u32()) * u64::from(n);
        let mut low = m as u32;
        if low < n {
            let threshold = n.wrapping_neg() % n;
            while low < threshold {
                m = u64::from(self.inner.next_u32()) * u64::from(n);
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
    ///
    /// Gives exactly the rolls (and leaves the generator at exactly the position) of
    /// `out.len()` calls to [`Rng::die`], but faster: words come from ChaCha in block fills
    /// and are mapped a chunk at a time with Lemire's multiply, which vectorises. A chunk
    /// holding a word that might be rejected (probability below `sides / 2^32` per word) is
    /// redone one die at a time from its first such word, reading the chunk's remaining words
    /// in order before any new one. Words are only drawn for dice still to roll, and every
    /// die takes at least one, so no word is ever drawn ahead and left unused.
    pub fn fill(&mut self, sides: u32, out: &mut [u32]) -> Result<()> {
        if sides == 0 {
            return Err(Error::new(
                ErrorKind::InvalidDice,
                "a die needs at least 1 side (got d0)",
            ));
        }
        let mut bytes = [0u8; 4 * FILL_CHUNK];
        for chunk in out.chunks_mut(FILL_CHUNK) {
            let words = &mut bytes[..4 * chunk.len()];
            self.inner.fill_bytes(words);
            let mut maybe_rejected = false;
            for (slot, word) in chunk.iter_mut().zip(words.chunks_exact(4)) {
                let word = u32::from_le_bytes([word[0], word[1], word[2], word[3]]);
                let m = u64::from(word) * u64::from(sides);
                maybe_rejected |= (m as u32) < sides;
                *slot = (m >> 32) as u32 + 1;
            }
            if maybe_rejected {
                self.redo_from_first_suspect(sides, chunk, words);
            }
        }
        Ok(())
    }

    /// The slow path of [`Rng::fill`]: `chunk` was mapped from `words` assuming no
    /// rejection; from the first word that could be rejected on, rolls die by die with
    /// [`Rng::below`]'s exact rule, reading the rest of `words` first, then the generator.
    #[cold]
    fn redo_from_first_suspect(&mut self, sides: u32, chunk: &mut [u32], words: &[u8]) {
        let mut pending = words
            .chunks_exact(4)
            .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]));
        let first = pending
            .by_ref()
            .position(|w| ((u64::from(w) * u64::from(sides)) as u32) < sides)
            .expect("the fast path saw a suspect word");
        // `position` consumed the suspect word itself: put it back in front.
        let suspect = u32::from_le_bytes(
            words[4 * first..4 * first + 4]
                .try_into()
                .expect("four bytes"),
        );
        let mut pending = std::iter::once(suspect).chain(pending);
        for slot in &mut chunk[first..] {
            let mut next = || pending.next().unwrap_or_else(|| self.inner.next_u32());
            *slot = lemire(sides, &mut next) + 1;
        }
    }
}

/// Words per block fill in [`Rng::fill`]: 4 KiB of stack, 16 ChaCha8 calls of 4 blocks.
const FILL_CHUNK: usize = 1024;

/// Lemire's nearly-divisionless map of words from `next` to `0..n`, with rejection: the
/// rule of [`Rng::below`] (which spells it out for speed), for the slow path of [`Rng::fill`].
fn lemire(n: u32, next: &mut impl FnMut() -> u32) -> u32 {
    let mut m = u64::from(next()) * u64::from(n);
    let mut low = m as u32;
    if low < n {
        let threshold = n.wrapping_neg() % n;
        while low < threshold {
            m = u64::from(next()) * u64::from(n);
            low = m as u32;
        }
    }
    (m >> 32) as u32
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `fill` must give exactly what `die` gives one at a time, and leave the generator at
    /// the same word, including where rejections are frequent (a d(2^31+1) rejects about
    /// half its words) and chunks end in the middle of a rejection run.
    #[test]
    fn fill_matches_die_by_die() {
        for sides in [1, 2, 6, 8, 10, 20, 100, 1 << 31, (1 << 31) + 1, u32::MAX] {
            for len in [0, 1, 7, FILL_CHUNK - 1, FILL_CHUNK, 3 * FILL_CHUNK + 5] {
                let mut a = Rng::new(9, u64::from(sides));
                let mut b = a.clone();
                let mut filled = vec![0; len];
                a.fill(sides, &mut filled).unwrap();
                let one_by_one: Vec<u32> = (0..len).map(|_| b.die(sides)).collect();
                assert_eq!(filled, one_by_one, "d{sides} x{len}");
                assert_eq!(a.word_pos(), b.word_pos(), "d{sides} x{len}");
                assert_eq!(a.next_u32(), b.next_u32());
            }
        }
    }
}
