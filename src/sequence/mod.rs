//! Grundy sequences of heap games: tables of `G(0), G(1), …`, computed fast and exactly, with
//! proven periods.
//!
//! A heap game (a [subtraction game], an [octal game] or any take-and-break code, [Grundy's
//! game], [rules of your own]) is known once the Grundy value `G(n)` of a single heap of every
//! size `n` is: by the Sprague–Grundy theorem a row of heaps is worth the nim-sum of its
//! heaps' values. A [`GrundySequence`] holds the values of heaps `0..len` and, when the
//! computed values prove it, the sequence's least [`Period`], after which the value of any
//! heap up to `u128::MAX` is a lookup; and the [`ArithmeticPeriod`] its values show, proven
//! or not, which only a proof lets answer a heap.
//!
//! The tables belong to the games' rules ([`Subtraction`], [`Octal`], [`GrundysGame`],
//! [`Rules`]) and grow on demand: a question about a heap beyond the table grows it, by
//! doubling from a few thousand values (64 for the general engine), until it holds the heap
//! or proves a period, within a budget of values ([`DEFAULT_TABLE_LIMIT`] unless set) and one
//! of bytes for the working tables that grow faster than the values
//! ([`DEFAULT_MEMORY_LIMIT`] unless set). [`Tabulated`] is the interface: the table so far
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
//! assert_eq!(kayles.sequence().period(), Period::new(71, 12));
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
//! - **Every core** (the `parallel` feature): for a block of upcoming heaps (256 from heap
//!   4096 on), the threads of the current rayon pool collect, each heap apart (the rare
//!   pairs of four heaps in one pass over the rare list), the splits with a rare part whose
//!   other part is already known, and walk the splits whose parts are both known until the
//!   mex is certain. They do it for block k + 1 from the values before
//!   block k, while the serial path finishes block k (a pipeline: neither waits for the
//!   other but at a block's end); the serial path takes each heap in order,
//!   adds the few options the block could not see (the moves to one heap, the splits with a
//!   part in the last two blocks or a rare position found there) and checks the mex again;
//!   when it is not certain (2% to 3% of the heaps of `0.6`), it walks on from where the
//!   workers' walk stopped, after the splits they could not see. Every option
//!   collected is a true one and the final check is the serial one, so the values, the split
//!   and the period are those of one thread, at any thread count. A block ends where the
//!   split is chosen again.
//!
//!   The workers do not help every code as much: where the serial path must walk on far
//!   past their walk (`0.64`: the heap left by a move to one heap fills their mex for a
//!   quarter of the heaps, and the next value is then often found only by a long walk), two
//!   threads take 0.9x–1.0x the time of one; where their walks need the values of the last
//!   two blocks they cannot see (`0.127`, whose holes are filled by splits with a small
//!   part), two threads were 2.7x–3.1x slower than one. So the pipeline times itself: one
//!   thread alone computes a few hundred heaps before it, and every eight blocks the
//!   pipeline's time a heap is compared with that; past it, one thread goes on alone for an
//!   eighth of the heaps (twice as long each time in a row), and it is timed again at each
//!   doubling of the table (`0.127`: 1.0x). Only which thread computes a value depends on
//!   the clock, never the value.
//! - **Codes with a three-heap digit or a repeated digit, and rules of your own** (the general
//!   engine): each heap's moves come as families (a list of heaps left; or, for a range of
//!   takes, the rest split into `k` heaps in every way). A move leaving listed heaps costs one
//!   lookup a heap. The two-heap splits of one total go by the sparse-space method above (the
//!   key is the value alone). Splits into `k ≥ 3` heaps go through a table of the values of
//!   the `(k-1)`-heap splits per total, built from the pair values `G(a) ⊕ G(j - a)` of each
//!   total `j`: the three-heap values of a total `m` are `⋃_c (pairs of m - c) ⊕ G(c)` over the
//!   smallest part `c`, O(m·v) for `v` distinct pair values a total, never a loop over every
//!   triple. A family whose takes reach down to the smallest rest (a repeated digit, "take
//!   any number") is answered through the least total at which each value appears and a
//!   running record of the values not yet seen, O(1) amortised a heap while its reach grows
//!   with the heap (as a code's repeated digit does): Nim as `0.[3]` is O(n) for `n` values.
//!   O(n²) for `n` values with two-heap splits (at worst) or a repeated digit that splits,
//!   O(n²·v) with three-heap splits. The tables per total hold about n²/4 values for `n`
//!   heaps (2 bytes each while every value is below 65536, 4 past), within the memory
//!   budget ([`Tabulated::with_memory_limit`]; [`Error::MemoryLimit`] past it).
//!
//!   With the `parallel` feature, the `k`-heap values of the totals whose splits take 2^16
//!   steps or more (parts times values of the rest: from about heap 1100 to 1800 for `0.8`,
//!   `0.9` or `0.E7`) are found on every thread of the current rayon pool: a heap's total
//!   and the next heap's are built at once, each on half the threads, and each thread of a
//!   total takes a range of its smallest part of equal work; the set is the same, value and
//!   order, at any thread count. Three-heap codes then take 0.51x–0.80x (medians
//!   0.57x–0.69x) the time on two threads that they take on one (the 2-core machine of
//!   BENCHMARKS.md). The two-heap splits and the moves that leave listed heaps stay on one
//!   thread (a few operations a heap).
//!
//! # Periods proven, and periods seen
//!
//! A [`Period`] is reported, and answers heaps past the table, only when a theorem whose
//! hypotheses the crate checks proves it ([`Proof`]):
//!
//! - For octal games, the finite codes whose moves leave at most two heaps, the
//!   **Guy–Smith theorem** (R. K. Guy and C. A. B. Smith, *The G-values of various games*,
//!   Proc. Cambridge Philos. Soc. 52 (1956) 514–526; *Winning Ways*, ch. 4): if
//!   `G(n + p) = G(n)` for all `n0 ≤ n < 2·n0 + p + t` (`t` the most tokens a move removes),
//!   then `G(n + p) = G(n)` for every `n ≥ n0`. Its proof matches a split `(a, b)` of
//!   `n + p` with the move to `(a, b - p)` of `n`; when `b - p` is empty that is a move to one
//!   heap, so where some take may split a heap but not leave one (a digit 4 or 5, a first
//!   digit 4), the crate applies the theorem from `max(n0, 1)`: a start of 0 needs two more
//!   values.
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
//! **No period is proven** for a code with a three-heap (hexadecimal) digit, for a code with
//! a repeated digit (it has infinitely many takes, so the Guy–Smith bound `2·n0 + p + t` has no
//! `t`), or for rules of your own (a function of `n` cannot be inspected whole, so no
//! theorem's hypotheses can be checked). Their tables grow only to the heaps asked about; a
//! heap past the budget is [`Error::HeapOutOfRange`] at once, and
//! [`find_period`](Tabulated::find_period) computes nothing and returns `None`.
//!
//! **Arithmetic periods** (`G(n + p) = G(n) + s`, CGSuite's *saltus* `s`) are the usual shape
//! of codes with a repeated digit: Nim `0.[3]` has period 1 and saltus 1, Lasker's Nim `4.[3]`
//! period 4 and saltus 4, and every all-but subtraction game `ℕ \ X` (`X` finite) is
//! arithmetic periodic (A. Siegel, *Finite excluded subtraction sets and infinite modular
//! Nim*, M.Sc. thesis, Dalhousie, 2005; D. Sleator and M. Slusky, arXiv:1201.3299, for
//! `|X| = 3`). Howse and Nowakowski (*Periodicity and arithmetic-periodicity in hexadecimal
//! games*, Theoret. Comput. Sci. 313 (2004) 463–472) give an arithmetic-periodicity test for
//! finite hexadecimal codes. The crate detects the least arithmetic period of every table as
//! CGSuite does, in O(n), and reports it by [`GrundySequence::arithmetic_period`] with its
//! saltus, but **as not proven** whenever its saltus is above 0 or the Guy–Smith theorem does
//! not apply: the existence theorems say a period exists, not that the one a finite table
//! shows is it, and no test for these codes is implemented here whose hypotheses the crate
//! checks. An unproven period never answers a heap. (Lasker's Nim's pattern is a theorem,
//! proven by induction in *Winning Ways*, ch. 4, for that one game; the crate does not
//! special-case games.)
//!
//! # Long runs
//!
//! A table that takes days is grown in steps: [`Tabulated::grow_with_status`] reports every
//! 64 values (the values known, the rare positions, the largest value) and stops when asked,
//! keeping what is done; [`Tabulated::checkpoint`] saves it as a [`Checkpoint`] and
//! [`Tabulated::resume`] takes it back, checked, so a run survives a stop. The engine's
//! schedule (when it chooses its split, when it looks for a period) depends only on the
//! number of values, so a table continued from any length is in the state of the table
//! computed at once, and a resumed run gives the values and the period of an uninterrupted
//! one. With the `parallel` feature every thread of the current rayon pool works on it.
//! [`Tabulated::audit`] checks the values of any heaps against the definition, every move
//! listed, by a path that shares nothing with the engines but the rules' moves: a sample of
//! a resumed table (a checkpoint's checksum finds damage but is not a signature), or of a run
//! whose memory may have failed in days.
//!
//! What the memory holds, for `n` values of an octal code: the values, one byte each while
//! they are below 256 (Grundy's game to 2^20 at least: its largest there is 231), two while
//! below 65536 (Officers, `0.6`, passes 255 at heap 10344 and reaches 302 by 2^20); the rare
//! list, 12 bytes a rare position and a value of the table's width (its position once in
//! `usize` and once in `u32`, the copy the rare-pair loop reads: 1583 positions for `0.6`
//! from heap 2^16 to 2^22, as the list stops growing once the split settles); the option
//! marks, a byte a value below the largest; and, while a period is looked for (at every
//! doubling of the table and at its end), the runs of the Z-function for the shifts up to
//! half the table (no longer period can be proven), four bytes a shift below 2^32 values and
//! eight past: two bytes a value of the table, four past. A continued table also holds the
//! table it continues until it is done (twice the values). So `0.6` to 2^20 peaks at about
//! 8 MB with `grundy table` (2 MB of values, 2 MB of runs, the JSON line), and 2^32 values of
//! a game whose values stay below 256 need 4 GiB for the values and 8 GiB more while a
//! period is looked for.
//!
//! **On paper, 10^12 values of `0.6`**: 2 TB of values, twice that while a continued step
//! holds its predecessor, and 4 TB of runs for a period search. The rare list stays small
//! (the 1583 positions of 2^22, if the split stays as settled as it has been) and the cost of
//! a heap stays flat, about 1.4 µs of one core from 2^20 to 2^28 on a 2-core Xeon (see
//! `BENCHMARKS.md`), so the computation would take about 1.4·10^6 core-seconds: 17 days on one
//! core, 11 on two (a second thread takes the time to 0.63x). The design carries the time
//! (checkpoints, every core, a flat cost a heap) but not yet the memory: such a run needs the
//! values on disk or in a memory map rather than in one vector, a period search that keeps
//! only a window (the Guy–Smith condition needs the last half of the table to match, so a
//! search over that half with a bounded buffer would do), and continued steps that grow the
//! table in place. Those are not built.
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
//! [rules of your own]: crate::games::TakeAndBreak
//! [`Rules`]: crate::games::Rules
//! [`Error::HeapOutOfRange`]: crate::Error::HeapOutOfRange
//! [`Subtraction`]: crate::games::Subtraction
//! [`Octal`]: crate::games::Octal
//! [`GrundysGame`]: crate::games::GrundysGame

mod audit;
pub(crate) mod checkpoint;
pub(crate) mod engine;
pub(crate) mod families;
pub(crate) mod general;
pub(crate) mod moves;
pub(crate) mod periodicity;
pub(crate) mod table;
pub(crate) mod values;

pub use checkpoint::Checkpoint;
pub use moves::{SplitMoves, SubtractionMoves};
pub(crate) use table::Tables;
pub use table::{
    DEFAULT_MEMORY_LIMIT, DEFAULT_TABLE_LIMIT, Goal, MAX_TABLE_LIMIT, Status, Tabulated,
};
pub use values::{Values, ValuesIter};

pub(crate) use table::{Table, sealed::Sealed, tabulated};

use crate::{Error, Nimber};
use alloc::vec::Vec;
use values::{Store, Width, each_width};

/// A proven period of a Grundy sequence: `G(n + period) = G(n)` for every
/// `n ≥ preperiod`, for ever.
///
/// `period` is the least such period and `preperiod` the least such start. The crate makes
/// a `Period` only from a proof, and answers heaps past its table through it; a period
/// seen in the values but not proven, and a period with a saltus (`G(n + p) = G(n) + s`),
/// are an [`ArithmeticPeriod`], which never answers a heap.
///
/// The proofs are the Guy–Smith periodicity theorem (R. K. Guy and C. A. B. Smith, 1956;
/// *Winning Ways*, ch. 4) and, for subtraction games, a repeated window of `max(S)` values:
/// see [`Proof`].
///
/// # Complexity
///
/// Every method O(1); [`reduce`](Period::reduce) is one remainder.
///
/// # Examples
///
/// ```
/// use grundy::games::Octal;
/// use grundy::prelude::*;
/// use grundy::sequence::Period;
///
/// assert_eq!(Octal::kayles().find_period(1000)?, Period::new(71, 12));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "PeriodFields"))]
pub struct Period {
    preperiod: usize,
    period: usize,
}

impl Period {
    /// The period `period` from heap `preperiod` on, or `None` if `period` is 0 (a period
    /// is at least 1).
    ///
    /// A `Period` made here is a claim of the caller's, not a proof: the crate itself makes
    /// one only from a proof (see the [module documentation](self#periods-proven-and-periods-seen)).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::sequence::Period;
    ///
    /// let kayles = Period::new(71, 12).ok_or("12 is a period")?;
    /// assert_eq!((kayles.preperiod(), kayles.period()), (71, 12));
    /// assert_eq!(Period::new(0, 0), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn new(preperiod: usize, period: usize) -> Option<Self> {
        if period == 0 {
            None
        } else {
            Some(Period { preperiod, period })
        }
    }

    /// The least `n0` with `G(n + period) = G(n)` for all `n ≥ n0`.
    ///
    /// # Examples
    ///
    /// See [`Period::new`].
    #[must_use]
    pub const fn preperiod(&self) -> usize {
        self.preperiod
    }

    /// The least period `p ≥ 1`.
    ///
    /// # Examples
    ///
    /// See [`Period::new`].
    #[must_use]
    pub const fn period(&self) -> usize {
        self.period
    }

    /// The heap below `preperiod + period` with the same value as `heap`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::sequence::Period;
    /// let p = Period::new(71, 12).ok_or("12 is a period")?;
    /// assert_eq!(p.reduce(70), 70);
    /// assert_eq!(p.reduce(83), 71);
    /// assert_eq!(p.reduce(u128::MAX), 71 + (u128::MAX - 71) % 12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn reduce(&self, heap: u128) -> u128 {
        let n0 = self.preperiod as u128;
        if heap < n0 {
            heap
        } else {
            // `period ≥ 1` is the type's invariant (its fields are private and every
            // constructor checks it), so the remainder is defined; `checked_rem` keeps even a
            // broken invariant from dividing by zero.
            let past = heap - n0;
            let period = self.period as u128;
            // A 64-bit remainder where both fit: many times cheaper than a 128-bit one.
            let r = match (u64::try_from(past), u64::try_from(period)) {
                (Ok(past), Ok(period)) => past.checked_rem(period).map(u128::from),
                _ => past.checked_rem(period),
            };
            r.map_or(heap, |r| n0 + r)
        }
    }
}

/// A `Period` as serde reads it, checked by [`Period::new`] before it becomes one.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "Period", expecting = "struct Period")]
struct PeriodFields {
    preperiod: usize,
    period: usize,
}

#[cfg(feature = "serde")]
impl TryFrom<PeriodFields> for Period {
    type Error = &'static str;

    fn try_from(fields: PeriodFields) -> Result<Self, Self::Error> {
        Period::new(fields.preperiod, fields.period).ok_or("a period must be at least 1, not 0")
    }
}

/// How a period was proven: the theorem whose hypotheses the computed values were checked
/// against. See the [module documentation](self#periods-proven-and-periods-seen).
///
/// `#[non_exhaustive]`: later theorems may be added, so a `match` needs a `_` arm.
///
/// # Examples
///
/// ```
/// use grundy::games::{Octal, Subtraction};
/// use grundy::prelude::*;
/// use grundy::sequence::Proof;
///
/// let kayles = Octal::kayles().values(500)?;
/// assert_eq!(kayles.arithmetic_period().and_then(|p| p.proof()), Some(Proof::GuySmith));
/// let game = Subtraction::new([1u8, 3, 4])?.values(100)?;
/// assert_eq!(game.arithmetic_period().and_then(|p| p.proof()), Some(Proof::RepeatedWindow));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Proof {
    /// The Guy–Smith periodicity theorem (Guy and Smith, 1956; *Winning Ways*, ch. 4), for
    /// take-and-break games whose finitely many takes each leave at most two heaps: if
    /// `G(n + p) = G(n)` for `n0 ≤ n < 2·n0 + p + t` (`t` the most tokens one move takes),
    /// then for every `n ≥ n0` (applied from `max(n0, 1)` where a take may split but not
    /// leave one heap). Grundy's game adds a condition for its unequal splits.
    GuySmith,
    /// A repeated window of a subtraction game: with `S` finite, `G(n)` is determined by the
    /// `max(S)` values before it, so once a window of `max(S)` values repeats, the values
    /// repeat for ever.
    RepeatedWindow,
}

/// An arithmetic period of a Grundy sequence: `G(n + period) = G(n) + saltus` for every
/// `n ≥ preperiod` that the table holds, with the proof that it goes on for ever, if there
/// is one. A plain period is an arithmetic period of saltus 0.
///
/// From [`GrundySequence::arithmetic_period`]: the proven [`Period`] (saltus 0, with its
/// [`Proof`]), or the least arithmetic period the values show, unproven. Lasker's Nim has
/// period 4 and saltus 4 (`G(4k + 3) = 4k + 4`, …), the all-but subtraction games have an
/// arithmetic period (A. Siegel, 2005); the crate reports what the table shows and claims
/// a proof only where a theorem whose hypotheses it checks applies, which for a saltus
/// above 0 is never (see the [module documentation](self#periods-proven-and-periods-seen)).
/// An unproven period never answers a heap past the table.
///
/// The fields are private so that `period ≥ 1` and a proof is never claimed by hand:
/// [`ArithmeticPeriod::new`] makes an unproven one.
///
/// # Complexity
///
/// Every method O(1); the table finds its least arithmetic period in O(n) for `n` values.
///
/// # Examples
///
/// ```
/// use grundy::sequence::ArithmeticPeriod;
///
/// let lasker = ArithmeticPeriod::new(1, 4, 4).ok_or("period 4 is positive")?;
/// assert_eq!((lasker.preperiod(), lasker.period(), lasker.saltus()), (1, 4, 4));
/// assert!(!lasker.is_proven());
/// assert_eq!(lasker.to_string(), "period 4, saltus 4, from heap 1 (not proven)");
/// assert!(ArithmeticPeriod::new(0, 0, 1).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ArithmeticPeriod {
    preperiod: usize,
    period: usize,
    saltus: u32,
    proof: Option<Proof>,
}

impl ArithmeticPeriod {
    /// An unproven arithmetic period, or `None` if `period` is 0.
    ///
    /// # Examples
    ///
    /// See [`ArithmeticPeriod`].
    #[must_use]
    pub fn new(preperiod: usize, period: usize, saltus: u32) -> Option<Self> {
        (period > 0).then_some(ArithmeticPeriod {
            preperiod,
            period,
            saltus,
            proof: None,
        })
    }

    /// The least `n0` from which the relation holds to the end of the table.
    ///
    /// # Examples
    ///
    /// See [`ArithmeticPeriod`].
    #[must_use]
    pub fn preperiod(&self) -> usize {
        self.preperiod
    }

    /// The least period `p ≥ 1`.
    ///
    /// # Examples
    ///
    /// See [`ArithmeticPeriod`].
    #[must_use]
    pub fn period(&self) -> usize {
        self.period
    }

    /// The saltus `s`: what a period adds to the values (0 for a plain period).
    ///
    /// # Examples
    ///
    /// See [`ArithmeticPeriod`].
    #[must_use]
    pub fn saltus(&self) -> u32 {
        self.saltus
    }

    /// The theorem that proves the period for ever, or `None` if it is only seen.
    ///
    /// # Examples
    ///
    /// See [`Proof`].
    #[must_use]
    pub fn proof(&self) -> Option<Proof> {
        self.proof
    }

    /// Whether a theorem proves the period for ever (see [`proof`](ArithmeticPeriod::proof)).
    ///
    /// # Examples
    ///
    /// See [`ArithmeticPeriod`].
    #[must_use]
    pub fn is_proven(&self) -> bool {
        self.proof.is_some()
    }

    /// The proven period as a [`Period`], if it is proven and plain (saltus 0).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Octal;
    /// use grundy::prelude::*;
    /// let kayles = Octal::kayles().values(500)?;
    /// let regularity = kayles.arithmetic_period().ok_or("a regularity")?;
    /// assert_eq!(regularity.as_period(), kayles.period());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn as_period(&self) -> Option<Period> {
        (self.is_proven() && self.saltus == 0).then_some(Period {
            preperiod: self.preperiod,
            period: self.period,
        })
    }
}

/// `period 12 from heap 71 (proven by the Guy–Smith theorem)`, or with its saltus and
/// `(not proven)`.
///
/// # Examples
///
/// ```
/// use grundy::games::Octal;
/// use grundy::prelude::*;
/// let kayles = Octal::kayles().values(500)?;
/// let regularity = kayles.arithmetic_period().ok_or("a regularity")?;
/// assert_eq!(regularity.to_string(), "period 12 from heap 71 (proven by the Guy–Smith theorem)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl core::fmt::Display for ArithmeticPeriod {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "period {}", self.period)?;
        if self.saltus != 0 {
            write!(f, ", saltus {},", self.saltus)?;
        }
        write!(f, " from heap {} ", self.preperiod)?;
        match self.proof {
            Some(Proof::GuySmith) => f.write_str("(proven by the Guy–Smith theorem)"),
            Some(Proof::RepeatedWindow) => f.write_str("(proven by a repeated window)"),
            None => f.write_str("(not proven)"),
        }
    }
}

/// The Grundy values `G(0), G(1), …, G(len - 1)` of one heap of a heap game, with the least
/// [`Period`] when the values prove one.
///
/// A snapshot of the shared table of a game's rules, from [`Tabulated`]; immutable (the
/// table grows by replacing it). See the [module documentation](self) for the methods and
/// the proofs: the sparse-space method (Berlekamp; Gangolli and Plambeck; Flammenkamp) and
/// the Guy–Smith periodicity theorem (Guy and Smith, 1956).
///
/// # Complexity
///
/// `get` is O(1); `values` borrows.
///
/// # Errors
///
/// [`get`](GrundySequence::get) returns [`Error::HeapOutOfRange`] for a heap past the table
/// when no period is proven; nothing else fails.
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
/// assert_eq!(period.period(), 34);
/// assert_eq!(chess.get(10u128.pow(30))?, chess.get(period.reduce(10u128.pow(30)))?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct GrundySequence {
    values: Store,
    period: Option<Period>,
    /// The proven period as an arithmetic one (saltus 0, with its proof), or else the
    /// arithmetic period the values show, unproven.
    regularity: Option<ArithmeticPeriod>,
}

impl GrundySequence {
    /// A sequence from computed values and a period with its proof (or none, in which case
    /// the values are searched for an apparent arithmetic period).
    pub(crate) fn from_parts(values: Store, proven: Option<(Period, Proof)>) -> Self {
        let regularity = match proven {
            Some((p, proof)) => Some(ArithmeticPeriod {
                preperiod: p.preperiod,
                period: p.period,
                saltus: 0,
                proof: Some(proof),
            }),
            None => each_width!(&values, v => periodicity::apparent_period(v)),
        };
        GrundySequence {
            values,
            period: proven.map(|(p, _)| p),
            regularity,
        }
    }

    /// The sequence of `values` with the same period and regularity as this one (filled
    /// through the period).
    fn with_values(&self, values: Store) -> Self {
        GrundySequence {
            values,
            period: self.period,
            regularity: self.regularity,
        }
    }

    /// The computed values: `values().get(n)` is `G(n)`. They are stored one, two or four
    /// bytes a value, the narrowest that holds the largest ([`Values`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::prelude::*;
    /// let kayles = grundy::games::Octal::kayles().values(6)?;
    /// assert_eq!(kayles.values(), &[0, 1, 2, 3, 1, 4]);
    /// assert_eq!(kayles.values().get(5), Some(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn values(&self) -> Values<'_> {
        self.values.view()
    }

    /// The store of the values, for the engines that continue a table.
    pub(crate) fn store(&self) -> &Store {
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
        self.values.len() == 0
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

    /// The regularity of the values: the proven [`period`](GrundySequence::period) as an
    /// arithmetic period of saltus 0 (with its proof), or else the least arithmetic period
    /// (`G(n + p) = G(n) + s`, `s ≥ 0`) that the computed values show, **unproven**
    /// ([`ArithmeticPeriod::is_proven`] is false), or `None`. An unproven period never
    /// answers a heap past the table.
    ///
    /// A period shows when the relation holds from its preperiod `n0` to the end of the
    /// table and the table is at least `2·n0 + 2·p` long (the pattern fills the second half
    /// of the table), the shape of the Guy–Smith bound without its `t`. That is evidence
    /// the way CGSuite reports it, not a proof; see the [module documentation](self) for
    /// which periods are proven and by what.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Octal;
    /// use grundy::prelude::*;
    ///
    /// // Lasker's Nim, 4.[3]: G(n + 4) = G(n) + 4 from heap 1 on, seen but not proven.
    /// let lasker = Octal::new("4.[3]")?.values(64)?;
    /// let regularity = lasker.arithmetic_period().ok_or("a regularity")?;
    /// assert_eq!((regularity.preperiod(), regularity.period(), regularity.saltus()), (1, 4, 4));
    /// assert!(!regularity.is_proven());
    /// assert_eq!(lasker.period(), None); // so it answers no heap past the table
    ///
    /// // Kayles: the Guy–Smith theorem proves its period, a saltus of 0.
    /// let kayles = Octal::kayles().values(1000)?;
    /// let regularity = kayles.arithmetic_period().ok_or("a regularity")?;
    /// assert_eq!((regularity.period(), regularity.saltus()), (12, 0));
    /// assert!(regularity.is_proven());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn arithmetic_period(&self) -> Option<ArithmeticPeriod> {
        self.regularity
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
            .map(|i| Nimber::new(u128::from(self.values.at(i))))
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
        let values = each_width!(&self.values, v => extended_store(v, self.period, len)?);
        Ok(self.with_values(values))
    }

    /// The value of `heap` as a raw `u32`, for inner loops.
    pub(crate) fn raw(&self, heap: u128) -> Result<u32, Error> {
        self.index(heap).map(|i| self.values.at(i))
    }

    /// The table index that holds the value of `heap`.
    fn index(&self, heap: u128) -> Result<usize, Error> {
        self.slot(heap).ok_or(Error::HeapOutOfRange {
            heap,
            computed: self.values.len(),
        })
    }

    /// The value of `heap` as a raw `u32`, if the table answers it, with no error to build:
    /// for the loops that read many heaps.
    #[inline]
    pub(crate) fn lookup(&self, heap: u128) -> Option<u32> {
        self.slot(heap).map(|i| self.values.at(i))
    }

    /// The table index that holds the value of `heap`, if one does: the heap itself when it
    /// is in the table, else its place in the proven period.
    #[inline]
    fn slot(&self, heap: u128) -> Option<usize> {
        let len = self.values.len();
        if heap < len as u128 {
            return Some(heap as usize);
        }
        let reduced = self.period?.reduce(heap);
        (reduced < len as u128).then_some(reduced as usize)
    }
}

/// `values` (at least `len` of them) filled through `period` past their end, in their width.
fn extended_store<T: Width>(
    values: &[T],
    period: Option<Period>,
    len: usize,
) -> Result<Store, Error> {
    let mut out = reserve::<T>(len.max(values.len()), usize::MAX)?;
    out.extend_from_slice(values);
    if let Some(p) = period {
        engine::extend(&mut out, p, len);
    }
    Ok(T::store(out))
}

/// Checks a requested table size against the caller's limit and reserves its memory, values
/// of width `T`.
pub(crate) fn reserve<T: Width>(len: usize, limit: usize) -> Result<Vec<T>, Error> {
    if len > limit {
        return Err(Error::TableLimit {
            requested: len as u128,
            limit,
        });
    }
    crate::memory::with_capacity(len).ok_or_else(|| Error::OutOfMemory {
        what: alloc::format!("a table of {len} Grundy values of {} bytes each", T::BYTES),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn lookup_through_the_period() {
        let seq = GrundySequence::from_parts(
            Store::U8(vec![0, 1, 2, 1, 2]),
            Some((
                Period {
                    preperiod: 1,
                    period: 2,
                },
                Proof::GuySmith,
            )),
        );
        assert_eq!(seq.get(4).unwrap(), Nimber::new(2));
        assert_eq!(seq.get(5).unwrap(), Nimber::new(1));
        assert_eq!(seq.get(u128::MAX).unwrap(), Nimber::new(1)); // odd, so like 1
        assert_eq!(seq.get(0).unwrap(), Nimber::ZERO);
        let open = GrundySequence::from_parts(Store::U8(vec![0, 1]), None);
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
            Store::U16(vec![5, 0, 1]),
            Some((
                Period {
                    preperiod: 1,
                    period: 2,
                },
                Proof::GuySmith,
            )),
        );
        assert_eq!(seq.extended(6).unwrap().values(), &[5, 0, 1, 0, 1, 0]);
        assert_eq!(seq.extended(2).unwrap(), seq);
        let open = GrundySequence::from_parts(Store::U8(vec![0, 1]), None);
        assert_eq!(open.extended(5).unwrap(), open);
        assert!(!open.answers(2) && open.answers(1));
    }

    #[test]
    fn limit_is_checked_before_memory() {
        assert_eq!(
            reserve::<u32>(usize::MAX, 10),
            Err(Error::TableLimit {
                requested: usize::MAX as u128,
                limit: 10
            })
        );
        assert!(reserve::<u8>(10, 10).is_ok());
    }
}
