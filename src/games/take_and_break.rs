//! Heap games of your own: a one-method trait that lists the moves of a heap
//! ([`TakeAndBreak`]), and the rules a [`HeapRow`](crate::games::HeapRow) plays it by
//! ([`Rules`]), with a table of values that grows on demand.

use crate::games::{HeapRules, Leaves};
use crate::sequence::families::{
    Family, FamilySource, families_allow, for_each_family_move, listed_once,
};
use crate::sequence::general::General;
use crate::sequence::{SplitMoves, Tables};
use crate::{Error, Nimber};
use alloc::format;
use alloc::vec::Vec;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::{ControlFlow, RangeInclusive};

/// A heap game of your own, by its moves: for a heap of `n` tokens, what a move may leave.
///
/// Implement [`moves`](TakeAndBreak::moves): it tells a [`Moves`] list every move of one heap,
/// each either a list of heaps left ([`Moves::leave`]) or a family of them: take a number of
/// tokens and leave the rest as nothing or one heap ([`Moves::take`],
/// [`Moves::take_any`]), or split it into `k` non-empty heaps in every way
/// ([`Moves::split`], [`Moves::split_any`]). Wrap the rule in [`Rules`] and it plays like the
/// crate's own heap games: a [`HeapRow`](crate::games::HeapRow) of heaps under it has values,
/// outcomes, every winning move, `play`, and a place in sums, and its table of values grows on
/// demand within the same budget as theirs ([`Tabulated`](crate::sequence::Tabulated)).
///
/// Families are how the crate computes fast: the two-heap splits of a total by the
/// sparse-space method, the splits into three or more from a table of pair values per total,
/// a "take any number" family in O(1) amortised a heap (see [`Rules`] for when). Listing
/// every split as a [`Moves::leave`] gives
/// the same values at the cost of one lookup per heap left.
///
/// Take-and-break games are *Winning Ways*, ch. 4 (octal games: Guy and Smith, 1956); by
/// the Sprague–Grundy theorem a row of heaps is worth the nim-sum of its heaps' values, so
/// the values of single heaps are all the crate computes.
///
/// # Laws
///
/// The moves of a heap of `n` depend only on `n` (and on the rule). Every move must change the
/// heap: it removes at least one token, or splits it into two or more heaps; and it leaves no
/// more tokens than the heap had. A move that breaks this is [`Error::InvalidHeapMove`] when
/// the values are computed. A value type: `Eq` and `Hash` say when two rules are the same
/// game.
///
/// The trait is **not** dyn compatible (object-safe): `Eq` is one of its supertraits, so
/// there is no `dyn TakeAndBreak`. [`Rules`] takes a rule by its type; code that works with
/// any rule is generic over `R: TakeAndBreak`, and rules chosen at run time go in an enum of
/// your own that implements the trait by a `match`.
///
/// # Complexity
///
/// [`moves`](TakeAndBreak::moves) is called once per heap the table computes; what the
/// table costs depends on the families it lists (see [`Rules`]). For a rule that splits
/// heaps, a table of `n` heaps costs about O(n²) in all: seconds for a heap of 100,000 in
/// a release build, minutes for a heap of 10^6, although both are within the default budget
/// of 2^20 values. [`Rules`] says how to bound it.
///
/// # Errors
///
/// The trait's method cannot fail; a move that breaks the laws above is reported when the
/// values are computed, by the questions of a [`HeapRow`](crate::games::HeapRow) under
/// [`Rules`] (see its `# Errors`).
///
/// # Examples
///
/// Lasker's Nim: take any number from a heap, or split it into two non-empty heaps.
///
/// ```
/// use grundy::games::{HeapRow, Moves, Rules, TakeAndBreak};
/// use grundy::prelude::*;
///
/// #[derive(Debug, PartialEq, Eq, Hash)]
/// struct Lasker;
///
/// impl TakeAndBreak for Lasker {
///     fn moves(&self, heap: u128, moves: &mut Moves<'_>) {
///         moves.take_any(1..=heap); // any number, leaving one heap or nothing
///         moves.split(0, 2); // take nothing, split into two
///     }
/// }
///
/// let rules = Rules::new(Lasker);
/// let values: Vec<u32> = rules.values(9)?.values().to_vec();
/// assert_eq!(values, [0, 1, 2, 4, 3, 5, 6, 8, 7]); // G(4k + 3) = 4k + 4, G(4k + 4) = 4k + 3
/// let row = HeapRow::new(rules, [3u32, 5]); // *4 + *5 = *1
/// assert_eq!(row.grundy()?, Nimber::new(1));
/// let winning: Vec<String> = row.winning_moves(Play::Normal)?.map(|m| m.to_string()).collect();
/// assert_eq!(winning, ["take 2 from heap 1 of the sorted row, leaving 3"]); // *4 + *4 = *0
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait TakeAndBreak: Eq + Hash + fmt::Debug {
    /// Tells `moves` every move of a heap of `heap` tokens.
    fn moves(&self, heap: u128, moves: &mut Moves<'_>);
}

/// The most heaps one move of [`Moves::split`] or [`Moves::split_any`] may split the rest of a
/// heap into: 2^16. Every move is listed whole (a [`Leaves`] of its heaps), so a rule that
/// splits into more is an error of the rules ([`Error::InvalidHeapMove`]), at every heap,
/// rather than a listing that could outgrow memory.
///
/// # Examples
///
/// ```
/// use grundy::games::{MAX_SPLIT_PARTS, Moves, Rules, TakeAndBreak};
/// use grundy::prelude::*;
/// use grundy::Error;
///
/// #[derive(Debug, PartialEq, Eq, Hash)]
/// struct Crumble(usize);
///
/// impl TakeAndBreak for Crumble {
///     fn moves(&self, _heap: u128, moves: &mut Moves<'_>) {
///         moves.split(0, self.0);
///     }
/// }
///
/// assert!(Rules::new(Crumble(MAX_SPLIT_PARTS)).values(10).is_ok());
/// assert!(matches!(
///     Rules::new(Crumble(MAX_SPLIT_PARTS + 1)).values(10),
///     Err(Error::InvalidHeapMove { heap: 0, .. })
/// ));
/// ```
pub const MAX_SPLIT_PARTS: usize = 1 << 16;

/// The list a [`TakeAndBreak`] rule tells the moves of one heap to.
///
/// Each method adds one move or one family of moves. A take larger than the heap is no move
/// and is ignored; a move that changes nothing (taking nothing and leaving one heap) is an
/// error of the rules, reported as [`Error::InvalidHeapMove`] when the values are computed.
/// A move listed more than once (families whose takes overlap, or a [`leave`](Moves::leave)
/// that a split family also makes) is one move: a row lists it once, in the place of the
/// first split family that makes it, else of the first `leave` that lists it.
///
/// # Examples
///
/// A heap may lose one token and break the rest into three heaps, or be halved.
///
/// ```
/// use grundy::games::{Moves, Rules, TakeAndBreak};
/// use grundy::prelude::*;
///
/// #[derive(Debug, PartialEq, Eq, Hash)]
/// struct Odd;
///
/// impl TakeAndBreak for Odd {
///     fn moves(&self, heap: u128, moves: &mut Moves<'_>) {
///         moves.split(1, 3);
///         if heap % 2 == 0 && heap > 0 {
///             moves.leave(&[heap / 2]);
///         }
///     }
/// }
///
/// let values = Rules::new(Odd).values(10)?;
/// assert_eq!(values.values(), &[0, 0, 1, 0, 2, 0, 1, 0, 1, 0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Moves<'a> {
    heap: u128,
    families: &'a mut Vec<Family>,
    fault: &'a mut Option<&'static str>,
}

impl<'a> Moves<'a> {
    /// The list of the moves of a heap of `heap` tokens, into `families`.
    pub(crate) fn new(
        heap: u128,
        families: &'a mut Vec<Family>,
        fault: &'a mut Option<&'static str>,
    ) -> Self {
        Moves {
            heap,
            families,
            fault,
        }
    }

    /// The heap whose moves are listed.
    ///
    /// # Examples
    ///
    /// See [`Moves`].
    #[must_use]
    pub fn heap(&self) -> u128 {
        self.heap
    }

    fn fault(&mut self, reason: &'static str) {
        self.fault.get_or_insert(reason);
    }

    /// Adds a family, or the fault of a list that memory cannot hold.
    fn push(&mut self, family: Family) {
        if crate::memory::push(self.families, family).is_none() {
            self.fault("it lists more moves than memory can hold");
        }
    }

    /// A move that leaves exactly these heaps (zeros are no heaps), removing the other tokens.
    /// `leave(&[])` takes the whole heap.
    ///
    /// It is an error of the rules if the heaps hold more tokens than the heap, or if the
    /// move changes nothing (it leaves the heap as it is, or takes nothing from no heap).
    ///
    /// # Examples
    ///
    /// See [`Moves`].
    pub fn leave(&mut self, heaps: &[u128]) {
        let left = Leaves::from_heaps(heaps.iter().copied());
        let Some(total) = left.total().filter(|&t| t <= self.heap) else {
            return self.fault("it leaves more tokens than the heap has");
        };
        if total == self.heap && left.len() <= 1 {
            return self.fault("it changes nothing: it takes no token and splits nothing");
        }
        self.push(Family::Leave(left));
    }

    /// A move that removes `count` tokens and leaves the rest as one heap, or nothing if none
    /// are left. No move if `count` is more than the heap; an error of the rules if it is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{Moves, Rules, TakeAndBreak};
    /// use grundy::prelude::*;
    ///
    /// /// The subtraction game {1, 3, 4}.
    /// #[derive(Debug, PartialEq, Eq, Hash)]
    /// struct OneThreeFour;
    ///
    /// impl TakeAndBreak for OneThreeFour {
    ///     fn moves(&self, _heap: u128, moves: &mut Moves<'_>) {
    ///         for count in [1, 3, 4] {
    ///             moves.take(count);
    ///         }
    ///     }
    /// }
    ///
    /// assert_eq!(Rules::new(OneThreeFour).values(7)?.values(), &[0, 1, 0, 1, 2, 3, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn take(&mut self, count: u128) {
        self.take_any(count..=count);
    }

    /// [`take`](Moves::take) for every `count` in `counts`: any number from the range.
    /// `take_any(1..=heap)` is Nim's move. An error of the rules if the range holds 0.
    ///
    /// # Examples
    ///
    /// See [`TakeAndBreak`].
    pub fn take_any(&mut self, counts: RangeInclusive<u128>) {
        let (lo, hi) = (*counts.start(), *counts.end());
        if lo > hi {
            return;
        }
        if lo == 0 {
            return self.fault("it takes nothing and leaves the heap as it is");
        }
        self.push(Family::Split { lo, hi, parts: 1 });
        if lo <= self.heap && self.heap <= hi {
            self.push(Family::Split {
                lo: self.heap,
                hi: self.heap,
                parts: 0,
            });
        }
    }

    /// Every move that removes `take` tokens and splits the rest into exactly `parts`
    /// non-empty heaps, in every way: `split(0, 2)` splits a heap in two, `split(1, 3)` takes
    /// one token and breaks the rest into three heaps. With `parts = 1` the rest is left as
    /// one heap (if any is left), with `parts = 0` the move takes the whole heap (if `take`
    /// is the heap). An error of the rules for `take = 0` with `parts ≤ 1`.
    ///
    /// Values are computed without listing the splits (through tables of pair values), but
    /// listing a move, through [`Game::for_each_move`](crate::Game::for_each_move) or `play`,
    /// holds its `parts` heaps at once (16 bytes each): `parts` above [`MAX_SPLIT_PARTS`]
    /// (2^16) is an error of the rules, at every heap.
    ///
    /// # Examples
    ///
    /// See [`Moves`].
    pub fn split(&mut self, take: u128, parts: usize) {
        self.split_any(take..=take, parts);
    }

    /// [`split`](Moves::split) for every `take` in `takes`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{HeapRow, Moves, Rules, TakeAndBreak};
    /// use grundy::prelude::*;
    ///
    /// /// Take any number and leave the rest in at most two heaps: the code 0.[7].
    /// #[derive(Debug, PartialEq, Eq, Hash)]
    /// struct AnyTwo;
    ///
    /// impl TakeAndBreak for AnyTwo {
    ///     fn moves(&self, heap: u128, moves: &mut Moves<'_>) {
    ///         moves.take_any(1..=heap);
    ///         moves.split_any(1..=heap, 2);
    ///     }
    /// }
    ///
    /// let ours = Rules::new(AnyTwo).values(40)?;
    /// assert_eq!(ours.values(), grundy::games::Octal::new("0.[7]")?.values(40)?.values());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn split_any(&mut self, takes: RangeInclusive<u128>, parts: usize) {
        let (lo, hi) = (*takes.start(), *takes.end());
        if lo > hi {
            return;
        }
        if lo == 0 && parts <= 1 {
            return self.fault("it takes nothing and splits nothing");
        }
        if parts > MAX_SPLIT_PARTS {
            return self.fault(
                "it splits the heap into more than 65536 heaps, the most one move may leave \
                 (MAX_SPLIT_PARTS)",
            );
        }
        self.push(Family::Split { lo, hi, parts });
    }
}

/// The families of a rule of your own, heap by heap.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct RuleFamilies<R>(pub(crate) R);

impl<R: TakeAndBreak> FamilySource for RuleFamilies<R> {
    fn families(&self, heap: u128, out: &mut Vec<Family>) -> Result<(), Error> {
        let mut fault = None;
        self.0.moves(heap, &mut Moves::new(heap, out, &mut fault));
        match fault {
            None => Ok(()),
            Some(reason) => Err(Error::InvalidHeapMove { heap, reason }),
        }
    }
}

/// The rules of a heap game of your own ([`TakeAndBreak`]), with the shared table of the values
/// of its heaps: what a [`HeapRow`](crate::games::HeapRow) plays it by.
///
/// The values are computed by the crate, as for its own heap games, with the engine that fits
/// the moves the rule lists (see [`sequence`](crate::sequence#methods)): the sparse-space
/// method for splits into two heaps, a table of pair values for splits into three or more.
/// The table grows on demand, by doubling from 64 values, within a budget
/// ([`Tabulated::with_table_limit`](crate::sequence::Tabulated::with_table_limit), 2^20
/// values by default) and a memory budget for the tables of split values
/// ([`Tabulated::with_memory_limit`](crate::sequence::Tabulated::with_memory_limit), 256 MiB
/// by default), and is shared by every clone of the rules. Cloning is cheap (two
/// reference counts). Rules are equal when their rules of your own are, whatever their tables
/// hold.
///
/// **Periods.** The crate cannot see a rule of your own whole (it is a function of `n`), so no
/// theorem's hypotheses can be checked and **no period is proven**: a heap past the budget is
/// [`Error::HeapOutOfRange`] at once, and [`find_period`](crate::sequence::Tabulated::find_period)
/// computes nothing and returns `None`. The arithmetic period the values show is reported,
/// unproven, by
/// [`GrundySequence::arithmetic_period`](crate::sequence::GrundySequence::arithmetic_period).
/// A take-and-break game with a code ([`Octal`](crate::games::Octal)) gets the Guy–Smith
/// proof where it applies.
///
/// # Complexity
///
/// Per heap `n`: O(1) for each move listed; O(1) amortised for each "take any number" family
/// ([`Moves::take_any`]`(lo..=heap)`, leaving nothing or one heap) whose least take `lo` is
/// the same at every heap, so that its reach grows with the heap (as a code's repeated digit
/// does: Nim as `0.[3]` costs O(n) for `n` heaps), O(n) for one whose reach shrinks; O(r)
/// for the
/// two-heap splits of one total (`r` rare positions, O(n) at worst), O(n·v) for the splits of
/// one total into three (`v` the distinct pair values of a total), and O(n) for the rule's
/// own listing. The table of pair values is O(n²) to build, once, and holds about n²/4
/// values (2 bytes each while every value is below 65536, 4 past) for `n` heaps.
///
/// **What that costs in time.** A rule that splits heaps costs about O(n²) in all for a table
/// of `n` heaps, and a question about one heap computes the table up to it. Measured in a
/// release build on a 2-core machine, a heap of 100,000 took 2 to 6 s (Kayles and Lasker's
/// Nim written as rules), four times as long at each doubling: a heap of 10^6, within the
/// default budget of 2^20 values, takes minutes, and an unoptimised build takes about 20
/// times as long. To bound it:
///
/// - lower the budget with
///   [`with_table_limit`](crate::sequence::Tabulated::with_table_limit): a heap past it is
///   [`Error::HeapOutOfRange`] at once, with nothing computed;
/// - or grow the table yourself with [`grow`](crate::sequence::Tabulated::grow), whose
///   progress callback is called every 64 values and stops the computation when it returns
///   `Break` (a deadline, a cancel button): the result is [`Error::Interrupted`], and the
///   values computed so far are kept for the next call;
/// - in a crate that calls this one from debug builds, add
///   `[profile.dev.package.grundy] opt-level = 3` to that crate's `Cargo.toml`: this
///   repository's own profiles do not apply to crates that depend on it, and unoptimised the
///   engines are many times slower.
///
/// A rule that is exactly a take-and-break code (octal, or hexadecimal) should be played as
/// [`Octal::new`](crate::games::Octal::new) instead: its period is then proven where the
/// Guy–Smith theorem applies, and a heap of any size is answered at once. A rule of your own
/// gets only the [`arithmetic_period`](crate::sequence::GrundySequence::arithmetic_period)
/// its values show, without proof.
///
/// # Errors
///
/// [`Error::InvalidHeapMove`] when the rule lists a move that is not one;
/// [`Error::HeapOutOfRange`] for a heap past the budget; [`Error::MemoryLimit`] when the
/// working tables would pass the memory budget
/// ([`Tabulated::with_memory_limit`](crate::sequence::Tabulated::with_memory_limit)).
///
/// # Examples
///
/// ```
/// use grundy::games::{HeapRow, Moves, Rules, TakeAndBreak};
/// use grundy::prelude::*;
///
/// /// Split a heap into three non-empty heaps.
/// #[derive(Debug, PartialEq, Eq, Hash)]
/// struct Three;
///
/// impl TakeAndBreak for Three {
///     fn moves(&self, _heap: u128, moves: &mut Moves<'_>) {
///         moves.split(0, 3);
///     }
/// }
///
/// let three = Rules::new(Three);
/// assert_eq!(three.values(8)?.values(), &[0, 0, 0, 1, 1, 2, 2, 3]);
/// let row = HeapRow::heap(three.clone(), 7u8); // *3
/// let winning: Vec<String> = row.winning_moves(Play::Normal)?.map(|m| m.to_string()).collect();
/// assert_eq!(winning, ["split heap 0 of the sorted row into 1, 3 and 3"]); // *1 + *1 + *0
/// assert_eq!(three.find_period(1000)?, None); // no theorem covers rules of your own
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Bounding the cost: a budget for the heaps, or a callback that stops the computation.
///
/// ```
/// use core::ops::ControlFlow;
/// use grundy::games::{HeapRow, Moves, Rules, TakeAndBreak};
/// use grundy::prelude::*;
/// use grundy::sequence::Goal;
/// use grundy::Error;
///
/// #[derive(Debug, PartialEq, Eq, Hash)]
/// struct Lasker;
///
/// impl TakeAndBreak for Lasker {
///     fn moves(&self, heap: u128, moves: &mut Moves<'_>) {
///         moves.take_any(1..=heap);
///         moves.split(0, 2);
///     }
/// }
///
/// // A budget of 10,000 heaps: a larger heap is refused at once.
/// let small = Rules::new(Lasker).with_table_limit(10_000);
/// assert!(matches!(
///     HeapRow::heap(small, 1_000_000u64).grundy(),
///     Err(Error::HeapOutOfRange { .. })
/// ));
///
/// // A callback that stops the table at 1,000 values (a deadline would check its clock).
/// let rules = Rules::new(Lasker);
/// let stopped = rules.grow(Goal::Heap(1_000_000), |done| {
///     if done >= 1_000 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// });
/// assert!(matches!(stopped, Err(Error::Interrupted { .. })));
/// assert!(rules.sequence().len() >= 1_000); // kept: the next call goes on from there
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Rules<R> {
    tables: Tables<General<RuleFamilies<R>>>,
    /// A hash of the rule, computed once: a position of a heap game hashes its rules, so a
    /// search hashes them in every position it meets.
    fingerprint: u64,
}

impl<R: TakeAndBreak> Rules<R> {
    /// The rules of `rule`, with no value computed yet.
    ///
    /// # Examples
    ///
    /// See [`Rules`].
    #[must_use]
    pub fn new(rule: R) -> Self {
        Rules {
            fingerprint: crate::games::fingerprint(&rule),
            tables: Tables::new(General::new(RuleFamilies(rule))),
        }
    }

    /// The rule of your own.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{Moves, Rules, TakeAndBreak};
    ///
    /// #[derive(Debug, PartialEq, Eq, Hash)]
    /// struct TakeOne;
    ///
    /// impl TakeAndBreak for TakeOne {
    ///     fn moves(&self, _heap: u128, moves: &mut Moves<'_>) {
    ///         moves.take(1);
    ///     }
    /// }
    ///
    /// assert_eq!(Rules::new(TakeOne).rule(), &TakeOne);
    /// ```
    #[must_use]
    pub fn rule(&self) -> &R {
        &self.tables.table.engine().source.0
    }

    /// The families of a heap, every move in them once ([`listed_once`]): what its moves are
    /// listed and checked from. (The engines read the rule's own list: a move listed twice
    /// changes no value.)
    fn families(&self, heap: u128) -> Result<Vec<Family>, Error> {
        let mut families = Vec::new();
        self.tables
            .table
            .engine()
            .source
            .families(heap, &mut families)?;
        Ok(listed_once(families, heap))
    }
}

impl<R> Clone for Rules<R> {
    fn clone(&self) -> Self {
        Rules {
            tables: self.tables.clone(),
            fingerprint: self.fingerprint,
        }
    }
}

impl<R: fmt::Debug> fmt::Debug for Rules<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let table = self.tables.table.snapshot();
        f.debug_struct("Rules")
            .field("rule", &self.tables.table.engine().source.0)
            .field("table_limit", &self.tables.budget.values)
            .field("memory_limit", &self.tables.budget.memory)
            .field("computed", &table.len())
            .finish()
    }
}

/// Rules are equal when their rules of your own are: at once for clones of one rule (they
/// share it) and for rules of different hashes.
impl<R: PartialEq> PartialEq for Rules<R> {
    fn eq(&self, other: &Self) -> bool {
        alloc::sync::Arc::ptr_eq(&self.tables.table, &other.tables.table)
            || (self.fingerprint == other.fingerprint
                && self.tables.table.engine().source.0 == other.tables.table.engine().source.0)
    }
}

impl<R: Eq> Eq for Rules<R> {}

/// O(1): the rule's hash is computed once, by [`Rules::new`].
impl<R: Hash> Hash for Rules<R> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.fingerprint);
    }
}

/// The rules as the rule of your own.
#[cfg(feature = "serde")]
impl<R: serde::Serialize> serde::Serialize for Rules<R> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.tables.table.engine().source.0.serialize(serializer)
    }
}

/// Reads the rule of your own, with a fresh table.
#[cfg(feature = "serde")]
impl<'de, R: TakeAndBreak + serde::Deserialize<'de>> serde::Deserialize<'de> for Rules<R> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        R::deserialize(deserializer).map(Rules::new)
    }
}

crate::sequence::table::tabulated!([R: TakeAndBreak] Rules<R>);

/// The moves the rule lists, one heap at a time; see [`HeapRules`].
impl<R: TakeAndBreak> HeapRules for Rules<R> {
    type HeapMoves = SplitMoves;

    /// The value of one heap, from the shared table, grown to answer it if need be.
    ///
    /// # Errors
    ///
    /// [`Error::HeapOutOfRange`] for a heap past the budget; [`Error::MemoryLimit`] past the
    /// memory budget; [`Error::InvalidHeapMove`] if the rule lists a move that is not one.
    fn heap_value(&self, heap: u128) -> Result<Nimber, Error> {
        self.tables.answering(heap)?.get(heap)
    }

    /// One snapshot of the table for the whole row.
    fn heaps_value<I>(&self, heaps: I) -> Result<Nimber, Error>
    where
        I: IntoIterator<Item = u128>,
    {
        self.tables.heaps_value(heaps)
    }

    fn heap_moves_to(&self, heap: u128, target: Nimber) -> Result<SplitMoves, Error> {
        let sequence = self.tables.answering(heap)?;
        SplitMoves::families(sequence, self.families(heap)?, heap, target)
    }

    fn misere_quotients(&self) -> Option<&crate::misere::QuotientCache> {
        Some(&self.tables.misere)
    }

    fn search_memory_limit(&self) -> usize {
        self.tables.budget.memory
    }

    /// Every move the rule lists, a family expanded into its moves (the heaps left
    /// ascending). At a heap where the rule lists a move that is not one, `Break` at once,
    /// and [`heap_fault`](HeapRules::heap_fault) names the move.
    fn for_each_heap_move<F>(&self, heap: u128, visit: F) -> ControlFlow<()>
    where
        F: FnMut(u128, Leaves) -> ControlFlow<()>,
    {
        match self.families(heap) {
            Ok(families) => for_each_family_move(&families, heap, visit),
            Err(_) => ControlFlow::Break(()),
        }
    }

    /// The [`Error::InvalidHeapMove`] of a rule that lists a move that is not one at `heap`.
    fn heap_fault(&self, heap: u128) -> Option<Error> {
        self.families(heap).err()
    }

    /// Checks the move against the families the rule lists, in O(families + heaps left).
    fn check_heap_move(&self, heap: u128, take: u128, to: &Leaves) -> Result<(), Error> {
        let families = self.families(heap)?;
        if families_allow(&families, heap, take, to) {
            Ok(())
        } else {
            Err(Error::IllegalMove {
                reason: format!(
                    "the rules {:?} do not allow taking {take} from a heap of {heap}, leaving {to}",
                    self.rule()
                ),
            })
        }
    }
}
