//! The minimum excludant (mex): the least natural number missing from a set.

use crate::{Error, Nimber};
use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

/// The minimum excludant of a collection of nimbers: the least `*m` not among them.
///
/// This is the rule that defines Grundy values: `G(p) = mex{ G(q) : q an option of p }`.
/// Duplicates and order do not matter, and values larger than the number of items are
/// skipped, since they cannot be the mex.
///
/// # Complexity
///
/// O(n) time and O(n) bits of memory for n items.
///
/// # Examples
///
/// ```
/// use grundy::{mex, Nimber};
///
/// let options = [0u8, 1, 3, 1].map(Nimber::from);
/// assert_eq!(mex(options), Nimber::new(2));
/// assert_eq!(mex([]), Nimber::ZERO);
/// ```
pub fn mex<I>(values: I) -> Nimber
where
    I: IntoIterator<Item = Nimber>,
{
    let values: Vec<Nimber> = values.into_iter().collect();
    mex_slice(&values)
}

/// The minimum excludant of a slice of nimbers, without collecting.
///
/// # Complexity
///
/// O(n) time and O(n) bits of memory for a slice of length n.
///
/// # Examples
///
/// ```
/// use grundy::{mex_slice, Nimber};
///
/// assert_eq!(mex_slice(&[Nimber::new(1), Nimber::new(0)]), Nimber::new(2));
/// ```
#[must_use]
pub fn mex_slice(values: &[Nimber]) -> Nimber {
    let n = values.len();
    let mut seen = vec![0u64; n / 64 + 1];
    for v in values {
        let v = v.get();
        // `usize` widens to `u128` without loss, and `v ≤ n` fits back in `usize`; `seen` has
        // `n / 64 + 1` words, so word `v / 64` is in it.
        if v <= n as u128 {
            let v = v as usize;
            seen[v / 64] |= 1 << (v % 64);
        }
    }
    Nimber::from(first_zero_bit(&seen))
}

/// The minimum excludant of a set of small values given as a bit mask: bit `v` set means
/// `v` is in the set.
///
/// Games whose values stay below 64 (subtraction games with at most 63 moves, say) keep the
/// values of a position's options in one `u64` and take the mex in a single instruction.
/// The result is in `0..=64`; 64 means every value `0..64` is present.
///
/// # Complexity
///
/// O(1).
///
/// # Examples
///
/// ```
/// use grundy::mex_mask;
///
/// assert_eq!(mex_mask(0b1011), 2);
/// assert_eq!(mex_mask(0), 0);
/// assert_eq!(mex_mask(u64::MAX), 64);
/// ```
#[must_use]
pub const fn mex_mask(mask: u64) -> u32 {
    (!mask).trailing_zeros()
}

/// A growable bit set of small values with a word-scanning mex, for inner loops that take
/// the mex of many option sets: `clear` keeps the memory, so no allocation happens once the
/// set has grown to its working size.
///
/// # Complexity
///
/// `insert` and `contains` are O(1) (amortised for `insert`); `mex` and `clear` are
/// O(size / 64) words.
///
/// # Examples
///
/// ```
/// use grundy::MexSet;
///
/// let mut set = MexSet::new();
/// for v in [0, 1, 2, 4, 200] {
///     set.insert(v)?;
/// }
/// assert_eq!(set.mex(), 3);
/// assert!(set.contains(200));
/// set.clear();
/// assert_eq!(set.mex(), 0);
/// // A value the memory cannot hold is an error, not an abort.
/// assert!(set.insert(usize::MAX).is_err());
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MexSet {
    words: Vec<u64>,
}

impl MexSet {
    /// An empty set.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::MexSet::new().mex(), 0);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        MexSet { words: Vec::new() }
    }

    /// An empty set with room for the values `0..bits` before it grows.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the `bits / 8` bytes cannot be had.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut set = grundy::MexSet::with_capacity(1024)?;
    /// set.insert(1023)?;
    /// assert_eq!(set.mex(), 0);
    /// assert!(grundy::MexSet::with_capacity(usize::MAX).is_err());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn with_capacity(bits: usize) -> Result<Self, Error> {
        let mut set = MexSet::new();
        set.grow_to(bits.div_ceil(64))?;
        Ok(set)
    }

    /// Grows the set to `words` words, fallibly.
    fn grow_to(&mut self, words: usize) -> Result<(), Error> {
        if words > self.words.len() {
            self.words
                .try_reserve_exact(words - self.words.len())
                .map_err(|_| Error::OutOfMemory {
                    what: format!("a bit set of {words} words of 64 bits"),
                })?;
            self.words.resize(words, 0);
        }
        Ok(())
    }

    /// Adds `value` to the set, growing it if needed (the set takes `value / 8` bytes).
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the set cannot grow to hold `value`; the set is unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut set = grundy::MexSet::new();
    /// set.insert(0)?;
    /// assert_eq!(set.mex(), 1);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    #[inline]
    pub fn insert(&mut self, value: usize) -> Result<(), Error> {
        let word = value / 64;
        if word >= self.words.len() {
            // `word ≤ usize::MAX / 64`, so `word + 1` does not overflow.
            self.grow_to(word + 1)?;
        }
        // The set holds at least `word + 1` words now.
        self.words[word] |= 1 << (value % 64);
        Ok(())
    }

    /// Whether `value` is in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut set = grundy::MexSet::new();
    /// set.insert(5)?;
    /// assert!(set.contains(5) && !set.contains(4));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn contains(&self, value: usize) -> bool {
        self.words
            .get(value / 64)
            .is_some_and(|w| w & (1 << (value % 64)) != 0)
    }

    /// The least value not in the set.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut set = grundy::MexSet::new();
    /// (0..64).try_for_each(|v| set.insert(v))?;
    /// assert_eq!(set.mex(), 64);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    #[must_use]
    pub fn mex(&self) -> usize {
        first_zero_bit(&self.words)
    }

    /// Empties the set, keeping its memory.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut set = grundy::MexSet::new();
    /// set.insert(0)?;
    /// set.clear();
    /// assert!(!set.contains(0));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn clear(&mut self) {
        self.words.fill(0);
    }
}

/// The index of the first zero bit, counting words from the start, bit 0 first.
///
/// A word `i` before the end has `i * 64 + 63 < words.len() * 64` bits before its zero, which
/// fits whenever the total does. The total itself, `words.len() * 64`, overflows only for a
/// full set of `usize::MAX / 64 + 1` words (512 MiB on a 32-bit target): the mex of that set
/// saturates at `usize::MAX`, the largest value a caller can insert.
fn first_zero_bit(words: &[u64]) -> usize {
    for (i, &w) in words.iter().enumerate() {
        if w != u64::MAX {
            return i * 64 + (!w).trailing_zeros() as usize;
        }
    }
    words.len().saturating_mul(64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(values: &[u128]) -> u128 {
        (0..).find(|m| !values.contains(m)).unwrap()
    }

    #[test]
    fn agrees_with_the_definition() {
        let cases: [&[u128]; 7] = [
            &[],
            &[0],
            &[1],
            &[0, 1, 2, 3],
            &[3, 2, 1, 0, 0, 5],
            &[u128::MAX, 0, 1],
            &[
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
                23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43,
                44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64,
            ],
        ];
        for case in cases {
            let nimbers: Vec<Nimber> = case.iter().map(|&v| Nimber::new(v)).collect();
            assert_eq!(mex_slice(&nimbers).get(), naive(case), "{case:?}");
            assert_eq!(mex(nimbers.iter().copied()).get(), naive(case));
            let mut set = MexSet::new();
            let mut mask = 0u64;
            for &v in case.iter().filter(|&&v| v < 1000) {
                set.insert(v as usize).unwrap();
                if v < 64 {
                    mask |= 1 << v;
                }
            }
            assert_eq!(set.mex() as u128, naive(case));
            assert_eq!(mex_mask(mask) as u128, naive(case).min(64));
        }
    }
}
