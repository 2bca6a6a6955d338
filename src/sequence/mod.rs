//! Grundy sequences of heap games: tables of `G(0), G(1), …`, computed fast and exactly, with
//! proven periods.
//!
//! A heap game (a [subtraction game], an [octal game], [Grundy's game]) is known once the
//! Grundy value `G(n)` of a single heap of every size `n` is: by the Sprague–Grundy theorem a
//! row of heaps is worth the nim-sum of its heaps' values. A [`GrundySequence`] holds the
//! values of heaps `0..len` and, when the computed values prove it, the sequence's least
//! [`Period`], after which the value of any heap up to `u128::MAX` is a lookup.
//!
//! The tables belong to the games' rules ([`Subtraction`], [`Octal`], [`GrundysGame`]) and
//! grow on demand: a question about a heap beyond the table grows it, by doubling from a few
//! thousand values, until it holds the heap or proves a period, within a budget
//! ([`DEFAULT_TABLE_LIMIT`] unless set). [`Tabulated`] is the interface: the table so far
//! ([`sequence`](Tabulated::sequence)), a table of `n` values
//! ([`values`](Tabulated::values)), a period search with a limit
//! ([`find_period`](Tabulated::find_period)), and the one growth method behind them
//! ([`grow`](Tabulated::grow)), whose progress callback lets a caller stop at a deadline. The
//! section [Growth behind `&self`, and the lock](#growth-behind-self-and-the-lock) below says
//! how the shared table grows behind `&self` and why its lock is a spin lock.
//!
//! ```
//! use grundy::games::{HeapRow, Octal};
//! use grundy::prelude::*;
//! use grundy::sequence::Period;
//!
//! let kayles = Octal::kayles();
//! // Seven pins in a row: *2, with the table grown on the way (and its period proven).
//! assert_eq!(HeapRow::heap(kayles.clone(), 7u8).grundy()?, Nimber::new(2));
//! assert_eq!(kayles.sequence().period(), Some(Period { preperiod: 71, period: 12 }));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Methods
//!
//! - **Subtraction games:** `G(n)` is the mex of at most `|S|` earlier values, taken from a
//!   bit mask: O(n·|S|) for `n` values.
//! - **Octal games and Grundy's game:** the *sparse-space* method (Berlekamp; Gangolli and
//!   Plambeck; Flammenkamp). Positions are split into *rare* and *common* by the parity of
//!   `popcount(key & mask)`, where the key of position `i` is its value and, when every
//!   splitting move removes a number of tokens of one parity, the parity of `i`. Parity is
//!   additive under XOR, so a split into two common parts never has a common value
//!   (common means odd parity); each heap walks only the pairs with a rare part, and when the
//!   mex of what it found is common it is exact. When it is rare, the remaining pairs are
//!   walked (the textbook O(n) step) until the mex becomes common or the walk ends. The mask
//!   that makes the fewest positions rare is chosen exactly, by a Walsh–Hadamard transform of
//!   the key histogram, and chosen again as the table grows. Where no split helps (every
//!   position rare), the walk is the textbook method itself, so the cost is never above
//!   O(n²); games with no splitting move never walk at all and cost O(n·t) for `t` takes.
//!
//! # Periods, proven
//!
//! - For octal games the **Guy–Smith theorem**: if `G(n + p) = G(n)` for all
//!   `n0 ≤ n < 2·n0 + p + t` (`t` the most tokens a move removes), then `G(n + p) = G(n)` for
//!   every `n ≥ n0`.
//! - For Grundy's game the same bound, with one more condition the unequal split needs (a
//!   heap `N` large enough has, besides the options of `N - p` shifted by the period, the split
//!   `(a, a + p)` of value `*0` when `N - p` is even): no heap of value `*0` in the periodic
//!   part that that split would reach.
//! - For subtraction games, the first window of `max(S)` consecutive values that repeats: the
//!   values after a window are determined by it.
//!
//! The least period is the least `p` that has such a proof; the **preperiod** reported is the
//! least `n0` with `G(n + p) = G(n)` for every `n ≥ n0` (so Kayles, whose last exceptional
//! value is at heap 70, has period 12 and preperiod 71). Nothing is reported that the computed
//! values do not prove. Once a period is proven the rest of a requested table is filled by it.
//!
//! For example `0.16`, whose period (Flammenkamp) is 149459 from heap 105351, is proven
//! periodic by a table of 509622 values (`2·105351 + 2·149459 + 2`); a table of 600000 takes
//! well under a second in a release build.
//!
//! # Growth behind `&self`, and the lock
//!
//! The rules answer through `&self`, and their clones (every position made by a move holds
//! one) share one table, so the table must grow behind a shared reference, from any thread.
//! It is held as `spin::Mutex<Arc<GrundySequence>>`:
//!
//! - The lock is held only to read the `Arc` (a reference-count update) or to swap in a table
//!   that answers more (one with a proven period, else a longer one). Values are computed
//!   outside it: a growth step takes a snapshot, continues it (the values already known are
//!   never recomputed) and offers the result.
//! - Readers never wait on a computation, and the lazy move iterators hold an `Arc` of the
//!   snapshot they started from, never the lock, so they may live while the table grows.
//! - Two threads that grow one table at once may both compute; both results are exact, and
//!   the one that answers more is kept.
//! - `spin`, because the crate is `no_std` + `alloc`, where `std::sync::Mutex` does not exist,
//!   and because a critical section of nanoseconds gains nothing from a lock that parks the
//!   thread. A `std::sync` lock under the `std` feature with a fallback would be the same
//!   behaviour on two code paths; `spin` is one path, small, well kept, needs only `core`, and
//!   has no poisoning to handle.
//!
//! [subtraction game]: crate::games::Subtraction
//! [octal game]: crate::games::Octal
//! [Grundy's game]: crate::games::GrundysGame
//! [`Subtraction`]: crate::games::Subtraction
//! [`Octal`]: crate::games::Octal
//! [`GrundysGame`]: crate::games::GrundysGame

pub(crate) mod engine;
pub(crate) mod moves;
mod periodicity;
mod table;

pub use moves::{SplitMoves, SubtractionMoves};
pub(crate) use table::Tables;
pub use table::{DEFAULT_TABLE_LIMIT, Goal, Tabulated};
pub(crate) use table::{Table, sealed::Sealed, tabulated};

use crate::{Error, Nimber};
use alloc::vec::Vec;

/// A proven period of a Grundy sequence: `G(n + period) = G(n)` for every
/// `n ≥ preperiod`, for ever.
///
/// `period` is the least such period and `preperiod` the least such start.
///
/// # Examples
///
/// ```
/// use grundy::games::Octal;
/// use grundy::prelude::*;
/// use grundy::sequence::Period;
///
/// assert_eq!(Octal::kayles().find_period(1000)?, Some(Period { preperiod: 71, period: 12 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Period {
    /// The least `n0` with `G(n + period) = G(n)` for all `n ≥ n0`.
    pub preperiod: usize,
    /// The least period `p ≥ 1`.
    pub period: usize,
}

impl Period {
    /// The heap below `preperiod + period` with the same value as `heap`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::sequence::Period;
    /// let p = Period { preperiod: 71, period: 12 };
    /// assert_eq!(p.reduce(70), 70);
    /// assert_eq!(p.reduce(83), 71);
    /// assert_eq!(p.reduce(u128::MAX), 71 + (u128::MAX - 71) % 12);
    /// ```
    #[must_use]
    pub fn reduce(&self, heap: u128) -> u128 {
        let n0 = self.preperiod as u128;
        if heap < n0 {
            heap
        } else {
            n0 + (heap - n0) % self.period as u128
        }
    }
}

/// The Grundy values `G(0), G(1), …, G(len - 1)` of one heap of a heap game, with the least
/// [`Period`] when the values prove one.
///
/// A snapshot of the shared table of a game's rules, from [`Tabulated`]; immutable (the
/// table grows by replacing it). See the [module documentation](self) for the methods and
/// the proofs.
///
/// # Complexity
///
/// `get` is O(1); `values` borrows.
///
/// # Examples
///
/// ```
/// use grundy::games::Octal;
/// use grundy::prelude::*;
/// use grundy::Error;
///
/// // Dawson's chess, 0.137: the values of heaps 0..10.
/// let chess = Octal::dawsons_chess().values(10)?;
/// assert_eq!(chess.values(), &[0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
/// assert_eq!(chess.period(), None); // 10 values prove nothing
/// assert!(matches!(chess.get(10), Err(Error::HeapOutOfRange { .. })));
///
/// let chess = Octal::dawsons_chess().values(500)?;
/// let period = chess.period().ok_or("no period")?;
/// assert_eq!(period.period, 34);
/// assert_eq!(chess.get(10u128.pow(30))?, chess.get(period.reduce(10u128.pow(30)))?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct GrundySequence {
    values: Vec<u32>,
    period: Option<Period>,
}

impl GrundySequence {
    /// A sequence from computed values and a proven period (or none).
    pub(crate) fn from_parts(values: Vec<u32>, period: Option<Period>) -> Self {
        GrundySequence { values, period }
    }

    /// The computed values: `values()[n]` is `G(n)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::prelude::*;
    /// let kayles = grundy::games::Octal::kayles().values(6)?;
    /// assert_eq!(kayles.values(), &[0, 1, 2, 3, 1, 4]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// How many values are computed (heaps `0..len`).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::prelude::*;
    /// let kayles = grundy::games::Octal::kayles().values(6)?;
    /// assert_eq!(kayles.len(), 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no value is computed.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::prelude::*;
    /// assert!(grundy::games::Octal::kayles().sequence().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The least period and preperiod, if the computed values prove them.
    ///
    /// # Examples
    ///
    /// See [`Period`].
    #[must_use]
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// The Grundy value of a heap of `heap` tokens: from the table, or through the proven
    /// period for a heap beyond it.
    ///
    /// # Errors
    ///
    /// [`Error::HeapOutOfRange`] if `heap ≥ len()` and no period is proven.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Octal;
    /// use grundy::prelude::*;
    /// let kayles = Octal::kayles().values(200)?;
    /// assert_eq!(kayles.get(u128::MAX)?, kayles.get(71 + (u128::MAX - 71) % 12)?);
    /// assert_eq!(kayles.get(4)?, Nimber::new(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get(&self, heap: u128) -> Result<Nimber, Error> {
        self.index(heap)
            .map(|i| Nimber::new(u128::from(self.values[i])))
    }

    /// Whether the value of `heap` is known: it is in the table, or a proven period answers
    /// it.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Octal;
    /// use grundy::prelude::*;
    /// let kayles = Octal::kayles().values(100)?;
    /// assert!(kayles.answers(99) && !kayles.answers(100)); // 100 values prove no period
    /// assert!(Octal::kayles().values(200)?.answers(u128::MAX));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn answers(&self, heap: u128) -> bool {
        self.index(heap).is_ok()
    }

    /// This sequence with at least `len` values, those past the table filled through its
    /// proven period (the values as they are if it has none).
    pub(crate) fn extended(&self, len: usize) -> Result<Self, Error> {
        let mut values = reserve(len.max(self.values.len()), usize::MAX)?;
        values.extend_from_slice(&self.values);
        if let Some(p) = self.period {
            engine::extend(&mut values, p, len);
        }
        Ok(GrundySequence {
            values,
            period: self.period,
        })
    }

    /// The value of `heap` as a raw `u32`, for inner loops.
    pub(crate) fn raw(&self, heap: u128) -> Result<u32, Error> {
        self.index(heap).map(|i| self.values[i])
    }

    /// The table index that holds the value of `heap`.
    fn index(&self, heap: u128) -> Result<usize, Error> {
        let len = self.values.len();
        let reduced = match self.period {
            Some(p) => p.reduce(heap),
            None => heap,
        };
        if reduced < len as u128 {
            Ok(reduced as usize)
        } else {
            Err(Error::HeapOutOfRange {
                heap,
                computed: len,
            })
        }
    }
}

/// Checks a requested table size against the caller's limit and reserves its memory.
pub(crate) fn reserve(len: usize, limit: usize) -> Result<Vec<u32>, Error> {
    if len > limit {
        return Err(Error::TableLimit {
            requested: len as u128,
            limit,
        });
    }
    let mut values = Vec::new();
    values
        .try_reserve_exact(len)
        .map_err(|_| Error::OutOfMemory {
            what: alloc::format!("memory for a table of {len} values"),
        })?;
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn lookup_through_the_period() {
        let seq = GrundySequence::from_parts(
            vec![0, 1, 2, 1, 2],
            Some(Period {
                preperiod: 1,
                period: 2,
            }),
        );
        assert_eq!(seq.get(4).unwrap(), Nimber::new(2));
        assert_eq!(seq.get(5).unwrap(), Nimber::new(1));
        assert_eq!(seq.get(u128::MAX).unwrap(), Nimber::new(1)); // odd, so like 1
        assert_eq!(seq.get(0).unwrap(), Nimber::ZERO);
        let open = GrundySequence::from_parts(vec![0, 1], None);
        assert_eq!(
            open.get(2),
            Err(Error::HeapOutOfRange {
                heap: 2,
                computed: 2
            })
        );
    }

    #[test]
    fn extended_through_the_period() {
        let seq = GrundySequence::from_parts(
            vec![5, 0, 1],
            Some(Period {
                preperiod: 1,
                period: 2,
            }),
        );
        assert_eq!(seq.extended(6).unwrap().values(), &[5, 0, 1, 0, 1, 0]);
        assert_eq!(seq.extended(2).unwrap(), seq);
        let open = GrundySequence::from_parts(vec![0, 1], None);
        assert_eq!(open.extended(5).unwrap(), open);
        assert!(!open.answers(2) && open.answers(1));
    }

    #[test]
    fn limit_is_checked_before_memory() {
        assert_eq!(
            reserve(usize::MAX, 10),
            Err(Error::TableLimit {
                requested: usize::MAX as u128,
                limit: 10
            })
        );
        assert!(reserve(10, 10).is_ok());
    }
}
