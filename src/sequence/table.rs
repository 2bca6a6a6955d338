//! Tables of values that grow on demand, shared by every clone of a game's rules: the
//! [`Tabulated`] interface, the [`Goal`]s of growth, and the shared [`Table`] behind them.
//!
//! The table is a `spin::Mutex<Arc<GrundySequence>>`, locked only to clone or swap the `Arc`;
//! values are computed outside the lock from a snapshot. The reasons are in the
//! [`sequence`](crate::sequence#growth-behind-self-and-the-lock) module documentation.

use super::checkpoint::{Checkpoint, SplitRecord};
use super::values::Store;
use super::{GrundySequence, Period};
use crate::Error;
use crate::games::HeapRules;
use alloc::string::String;
use alloc::sync::Arc;
use core::fmt;
use core::ops::ControlFlow;

/// The table budget of the rules of a heap game unless changed with
/// [`with_table_limit`](Tabulated::with_table_limit): 2^20 values (1 MiB while every value
/// is below 256, 4 MiB at most).
///
/// # Examples
///
/// ```
/// use grundy::games::Octal;
/// use grundy::prelude::*;
/// use grundy::sequence::DEFAULT_TABLE_LIMIT;
///
/// assert_eq!(Octal::kayles().table_limit(), DEFAULT_TABLE_LIMIT);
/// ```
pub const DEFAULT_TABLE_LIMIT: usize = 1 << 20;

/// The most values any table can hold: 2^54 (2^56 bytes of four-byte values, the most memory
/// the address space of a 64-bit processor gives a program: x86-64 with five-level paging;
/// AArch64 gives less), or on a narrower target what its address space holds. A heap at or
/// past it is answered by a proven period or not at all, so the errors of a heap or a table
/// past it do not tell the caller to raise the table limit.
///
/// # Examples
///
/// ```
/// use grundy::games::{HeapRow, Octal};
/// use grundy::prelude::*;
/// use grundy::sequence::MAX_TABLE_LIMIT;
///
/// // Lasker's Nim has no proven period, so only a table answers a heap, and none can hold
/// // this one.
/// let heap = HeapRow::heap(Octal::laskers_nim(), MAX_TABLE_LIMIT as u128);
/// let err = heap.grundy().unwrap_err();
/// assert!(err.to_string().contains("only a proven period could answer it"));
/// ```
pub const MAX_TABLE_LIMIT: usize = {
    let address_space = isize::MAX as u64 / 4;
    let largest_memory = 1u64 << 54;
    if address_space < largest_memory {
        address_space as usize
    } else {
        largest_memory as usize
    }
};

/// The memory budget of the working tables of a heap game's rules unless changed with
/// [`with_memory_limit`](Tabulated::with_memory_limit): 2^28 bytes (256 MiB).
///
/// # Examples
///
/// ```
/// use grundy::games::Octal;
/// use grundy::prelude::*;
/// use grundy::sequence::DEFAULT_MEMORY_LIMIT;
///
/// assert_eq!(Octal::new("0.[8]")?.memory_limit(), DEFAULT_MEMORY_LIMIT);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const DEFAULT_MEMORY_LIMIT: usize = 1 << 28;

/// The first table a heap query grows to: a few thousand values cost little for every game,
/// and answer most questions, or prove a period, at once.
pub(crate) const FIRST_TABLE: usize = 4096;

/// How often, in values, the computation calls its progress callback within one growth step.
pub(crate) const PROGRESS_INTERVAL: usize = 64;

/// The progress callback of a computation: called with its [`Status`]; `Break` stops it.
pub(crate) type Progress<'a> = &'a mut dyn FnMut(&Status) -> ControlFlow<()>;

/// Shows `progress` the status of a computation at `done` of its `len` values, every
/// [`PROGRESS_INTERVAL`] values before the end: whether it asked to stop.
pub(crate) fn stopped_at(
    progress: Progress<'_>,
    done: usize,
    len: usize,
    rare: Option<usize>,
    largest: u32,
) -> bool {
    done % PROGRESS_INTERVAL == 0
        && done < len
        && progress(&Status {
            done,
            rare,
            largest: Some(largest),
        })
        .is_break()
}

/// Where a growing table is: what the progress callback of
/// [`Tabulated::grow_with_status`] is shown.
///
/// # Examples
///
/// ```
/// use core::ops::ControlFlow;
/// use grundy::prelude::*;
/// use grundy::sequence::Goal;
///
/// let officers = grundy::games::Octal::new("0.6")?;
/// let mut last = None;
/// officers.grow_with_status(Goal::Values(5000), |status| {
///     last = Some(*status);
///     ControlFlow::Continue(())
/// })?;
/// let last = last.ok_or("called")?;
/// assert_eq!(last.done(), 4992); // every 64 values, the last before the end
/// assert!(last.largest().is_some_and(|v| v < 256));
/// assert!(last.rare().is_some_and(|r| r < 1000)); // the sparse-space engine's rare positions
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Status {
    pub(crate) done: usize,
    pub(crate) rare: Option<usize>,
    pub(crate) largest: Option<u32>,
}

impl Status {
    /// The number of values known: heaps `0..done`.
    ///
    /// # Examples
    ///
    /// See [`Status`].
    #[must_use]
    pub fn done(&self) -> usize {
        self.done
    }

    /// The number of rare positions of the sparse-space engine (octal codes and Grundy's
    /// game whose moves split a heap), whose splits every heap looks at: the cost of a heap.
    /// `None` for other engines, and between growth steps.
    ///
    /// # Examples
    ///
    /// See [`Status`].
    #[must_use]
    pub fn rare(&self) -> Option<usize> {
        self.rare
    }

    /// The largest value so far, if the engine reports it (`None` between growth steps).
    ///
    /// # Examples
    ///
    /// See [`Status`].
    #[must_use]
    pub fn largest(&self) -> Option<u32> {
        self.largest
    }
}

/// What a table should grow to: the argument of [`Tabulated::grow`].
///
/// # Examples
///
/// ```
/// use core::ops::ControlFlow;
/// use grundy::games::Subtraction;
/// use grundy::prelude::*;
/// use grundy::sequence::Goal;
///
/// let game = Subtraction::new([1u8, 3, 4])?;
/// let table = game.grow(Goal::Values(10), |_| ControlFlow::Continue(()))?;
/// assert_eq!(table.values(), &[0, 1, 0, 1, 2, 3, 2, 0, 1, 0]);
/// let table = game.grow(Goal::Heap(10u128.pow(30)), |_| ControlFlow::Continue(()))?;
/// assert!(table.period().is_some()); // the period answers the heap
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Goal {
    /// At least `n` values, `G(0)` to `G(n - 1)`. A table that has fewer is computed to
    /// exactly `n` (so the period it reports is the one these `n` values prove), or extended
    /// through its proven period.
    Values(usize),
    /// The value of one heap: the table grows, by doubling from a few thousand values, until
    /// it holds the heap or proves a period that answers it.
    Heap(u128),
    /// A proven period: the table grows, by doubling from a few thousand values, until its
    /// values prove one or the budget is spent.
    Period,
}

/// The result of one computation: the values, and why it stopped before its end, if it did.
#[derive(Debug)]
pub(crate) struct Grown {
    pub(crate) sequence: GrundySequence,
    pub(crate) stopped: Option<Stopped>,
}

/// Why a computation stopped before its end.
#[derive(Debug)]
pub(crate) enum Stopped {
    /// The progress callback broke.
    Interrupted,
    /// The next value could not be computed: a limit, the allocator, or the rules.
    Failed(Error),
}

impl Grown {
    /// A computation that reached its end.
    pub(crate) fn done(sequence: GrundySequence) -> Self {
        Grown {
            sequence,
            stopped: None,
        }
    }

    /// A computation stopped by its progress callback after the values `g` (no period is
    /// claimed for them).
    pub(crate) fn interrupted(g: Store) -> Self {
        Grown {
            sequence: GrundySequence::from_parts(g, None),
            stopped: Some(Stopped::Interrupted),
        }
    }

    /// A computation that failed with `err` after the values `g`, which are exact and kept.
    pub(crate) fn failed(g: Store, err: Error) -> Self {
        Grown {
            sequence: GrundySequence::from_parts(g, None),
            stopped: Some(Stopped::Failed(err)),
        }
    }
}

/// The budgets a computation runs within.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Budget {
    /// The most values the table may hold.
    pub(crate) values: usize,
    /// The most bytes the engine's working tables may hold besides the values.
    pub(crate) memory: usize,
}

impl Default for Budget {
    /// [`DEFAULT_TABLE_LIMIT`] values and [`DEFAULT_MEMORY_LIMIT`] bytes.
    fn default() -> Self {
        Budget {
            values: DEFAULT_TABLE_LIMIT,
            memory: DEFAULT_MEMORY_LIMIT,
        }
    }
}

/// The computation of a game's values: continues a table to `len` values.
pub(crate) trait Engine {
    /// The values `from` continued to `len` values (and the least period, when the values
    /// prove one; past it the table is filled by the period), calling `progress` every
    /// [`PROGRESS_INTERVAL`] values. The engine's working tables beyond a constant number of
    /// entries per value hold at most `memory` bytes.
    fn compute(
        &self,
        from: &Store,
        len: usize,
        memory: usize,
        progress: Progress<'_>,
    ) -> Result<Grown, Error>;

    /// The rules' name in a checkpoint (`octal 0.6`, `grundys-game`, `subtraction 1,3,4`), or
    /// `None` for rules that cannot be named (rules of your own): no checkpoint of them is
    /// made.
    fn name(&self) -> Option<String> {
        None
    }

    /// The engine state a computation continued from `values` starts in, which a checkpoint
    /// records and checks on resuming: the split and the rare positions of the sparse-space
    /// engine, `None` for engines that keep none.
    ///
    /// An engine that can bound the value of a heap by the number of its moves (a mex of `m`
    /// options is at most `m`) checks the values against it here, so that no value edited
    /// into a checkpoint sizes its working tables.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`]; [`Error::Checkpoint`] for a value past its heap's bound.
    fn continued_state(&self, _values: &Store) -> Result<Option<SplitRecord>, Error> {
        Ok(None)
    }

    /// The least period the theorem of these rules proves from `values` (none if no theorem
    /// covers them), for a table resumed from a checkpoint, which records no period: it is
    /// proven again, never taken from the file.
    fn proven_period(&self, _values: &Store) -> Option<(Period, super::Proof)> {
        None
    }

    /// Whether a theorem can prove a period of these rules from their values: if not, a
    /// question about a heap past the budget fails at once, and a search for a period
    /// computes nothing.
    fn can_prove_period(&self) -> bool {
        true
    }

    /// The facts about the moves that the periodicity theorem for misère quotients needs,
    /// if it covers these rules (finite takes, at most two heaps left, splits not required
    /// unequal): see [`crate::misere::quotient`].
    fn quotient_shape(&self) -> Option<super::periodicity::Splits> {
        None
    }

    /// The moves, for take-and-break rules that split a heap in two at most: a listing of
    /// one heap's moves by residue ([`SplitWalk`](super::moves::SplitWalk)) needs them.
    fn split_rules(&self) -> Option<&super::engine::SplitRules> {
        None
    }

    /// The first size of a table grown on demand: [`FIRST_TABLE`] unless the engine is
    /// costly enough to start smaller.
    fn first_table(&self) -> usize {
        FIRST_TABLE
    }

    /// Drops the working tables an engine keeps between the computations of one growth
    /// (each step of a growth continues the last): called when a growth returns, unless
    /// its progress callback stopped it, when the next growth continues from them.
    fn release(&self) {}
}

/// A game's engine with the table of values it has computed, shared by every clone of the
/// game's rules.
pub(crate) struct Table<E> {
    engine: E,
    current: spin::Mutex<Arc<GrundySequence>>,
}

impl<E: fmt::Debug> fmt::Debug for Table<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let current = self.snapshot();
        f.debug_struct("Table")
            .field("engine", &self.engine)
            .field("computed", &current.len())
            .field("period", &current.period())
            .finish()
    }
}

impl<E> Table<E> {
    /// The rules of `engine`, with no value computed.
    pub(crate) fn new(engine: E) -> Self {
        Table {
            engine,
            current: spin::Mutex::new(Arc::new(GrundySequence::default())),
        }
    }

    /// The engine (the game's rules).
    pub(crate) fn engine(&self) -> &E {
        &self.engine
    }

    /// The table as it is now. The lock is held for an `Arc` clone.
    pub(crate) fn snapshot(&self) -> Arc<GrundySequence> {
        Arc::clone(&self.current.lock())
    }

    /// Keeps `candidate` if it answers more than the table now held (a proven period first,
    /// then more values), and returns the table held afterwards. The lock is held for the
    /// comparison and the swap; the table replaced is freed after it is released.
    fn offer(&self, candidate: GrundySequence) -> Arc<GrundySequence> {
        let candidate = Arc::new(candidate);
        let rank = |s: &GrundySequence| (s.period().is_some(), s.len());
        let mut current = self.current.lock();
        if rank(&candidate) > rank(&current) {
            let replaced = core::mem::replace(&mut *current, Arc::clone(&candidate));
            drop(current);
            drop(replaced);
            candidate
        } else {
            Arc::clone(&current)
        }
    }
}

/// The next size of a table of `len` values that grows by doubling from `first` within
/// `limit`, or `None` when it cannot grow.
fn next_size(len: usize, limit: usize, first: usize) -> Option<usize> {
    let next = if len < first {
        first
    } else {
        len.saturating_mul(2)
    };
    Some(next.min(limit)).filter(|&next| next > len)
}

impl<E: Engine> Table<E> {
    /// Grows the table towards `goal` within `budget`; see [`Tabulated::grow`].
    pub(crate) fn grow(
        &self,
        budget: Budget,
        goal: Goal,
        progress: Progress<'_>,
    ) -> Result<Arc<GrundySequence>, Error> {
        let grown = self.grow_steps(budget, goal, progress);
        if !matches!(grown, Err(Error::Interrupted { .. })) {
            self.engine.release();
        }
        grown
    }

    /// [`Table::grow`], step by step, the engine's working tables kept from one step to the
    /// next.
    fn grow_steps(
        &self,
        budget: Budget,
        goal: Goal,
        progress: Progress<'_>,
    ) -> Result<Arc<GrundySequence>, Error> {
        let limit = budget.values;
        let mut current = self.snapshot();
        let first = self.engine.first_table();
        loop {
            let len = current.len();
            let target = match goal {
                Goal::Values(n) if len >= n => return Ok(current),
                Goal::Values(n) if n > limit => {
                    return Err(Error::TableLimit {
                        requested: n as u128,
                        limit,
                    });
                }
                Goal::Values(n) => n,
                Goal::Heap(heap) if current.answers(heap) => return Ok(current),
                // No period can answer it, so no table of the budget will.
                Goal::Heap(heap) if heap >= limit as u128 && !self.engine.can_prove_period() => {
                    return Err(Error::HeapOutOfRange {
                        heap,
                        computed: len,
                    });
                }
                Goal::Heap(heap) => next_size(len, limit, first).ok_or(Error::HeapOutOfRange {
                    heap,
                    computed: len,
                })?,
                Goal::Period if current.period().is_some() => return Ok(current),
                Goal::Period if !self.engine.can_prove_period() => return Ok(current),
                Goal::Period => match next_size(len, limit, first) {
                    Some(next) => next,
                    None => return Ok(current),
                },
            };
            let status = Status {
                done: len,
                rare: None,
                largest: None,
            };
            if progress(&status).is_break() {
                return Err(Error::Interrupted { computed: len });
            }
            let grown = match current.period() {
                Some(_) => Grown::done(current.extended(target)?),
                None => self
                    .engine
                    .compute(current.store(), target, budget.memory, progress)?,
            };
            current = self.offer(grown.sequence);
            match grown.stopped {
                None => {}
                Some(Stopped::Interrupted) => {
                    return Err(Error::Interrupted {
                        computed: current.len(),
                    });
                }
                // The values computed before the failure may still answer a heap.
                Some(Stopped::Failed(_)) if matches!(goal, Goal::Heap(h) if current.answers(h)) => {
                    return Ok(current);
                }
                Some(Stopped::Failed(err)) => return Err(err),
            }
        }
    }

    /// A checkpoint of the table as it is now; see [`Tabulated::checkpoint`].
    pub(crate) fn checkpoint(&self) -> Result<Checkpoint, Error> {
        let name = self.engine.name().ok_or_else(|| Error::Checkpoint {
            reason: String::from("rules of your own have no name a checkpoint can check"),
        })?;
        let current = self.snapshot();
        let state = self.engine.continued_state(current.store())?;
        Ok(Checkpoint::new(name, current.store().clone(), state))
    }

    /// Takes the values of `checkpoint` into the table; see [`Tabulated::resume`].
    pub(crate) fn resume(&self, checkpoint: &Checkpoint) -> Result<Arc<GrundySequence>, Error> {
        let name = self.engine.name();
        if name.as_deref() != Some(checkpoint.game()) {
            return Err(Error::Checkpoint {
                reason: alloc::format!(
                    "it holds a table of {}, not of {}",
                    checkpoint.game(),
                    name.as_deref().unwrap_or("these rules (rules of your own)")
                ),
            });
        }
        let state = self.engine.continued_state(checkpoint.store())?;
        if state.as_ref() != checkpoint.state() {
            return Err(Error::Checkpoint {
                reason: String::from(
                    "its split and rare positions are not the ones its values give (edited?)",
                ),
            });
        }
        let proven = self.engine.proven_period(checkpoint.store());
        Ok(self.offer(GrundySequence::from_parts(
            checkpoint.store().clone(),
            proven,
        )))
    }

    /// A table that answers `heap`: the one held, if it does, or one grown to it.
    pub(crate) fn answering(
        &self,
        heap: u128,
        budget: Budget,
    ) -> Result<Arc<GrundySequence>, Error> {
        let current = self.snapshot();
        if current.answers(heap) {
            return Ok(current);
        }
        self.grow(budget, Goal::Heap(heap), &mut |_| ControlFlow::Continue(()))
    }
}

/// The handle the rules of a game hold: the shared table and this handle's own budget.
#[derive(Debug)]
pub(crate) struct Tables<E> {
    pub(crate) table: Arc<Table<E>>,
    pub(crate) budget: Budget,
    /// The misère quotients of the rules, shared as the table is.
    pub(crate) misere: Arc<crate::misere::QuotientCache>,
}

impl<E> Clone for Tables<E> {
    fn clone(&self) -> Self {
        Tables {
            table: Arc::clone(&self.table),
            budget: self.budget,
            misere: Arc::clone(&self.misere),
        }
    }
}

impl<E: Engine> Tables<E> {
    /// A fresh table for `engine`, with the default budget.
    pub(crate) fn new(engine: E) -> Self {
        let misere = Arc::new(crate::misere::QuotientCache::with_shape(
            engine.quotient_shape(),
            engine.split_rules().cloned(),
        ));
        Tables {
            table: Arc::new(Table::new(engine)),
            budget: Budget::default(),
            misere,
        }
    }

    /// A table that answers `heap`, grown within this handle's budget if need be.
    pub(crate) fn answering(&self, heap: u128) -> Result<Arc<GrundySequence>, Error> {
        self.table.answering(heap, self.budget)
    }

    /// The nim-sum of the values of `heaps`, from one snapshot of the table, grown only for a
    /// heap it does not answer: [`HeapRules::heaps_value`](crate::games::HeapRules::heaps_value)
    /// for the crate's rules.
    pub(crate) fn heaps_value<I>(&self, heaps: I) -> Result<crate::Nimber, Error>
    where
        I: IntoIterator<Item = u128>,
    {
        let mut table = self.table.snapshot();
        let mut total = 0u32;
        for heap in heaps {
            total ^= match table.lookup(heap) {
                Some(value) => value,
                None => {
                    table = self.answering(heap)?;
                    table.raw(heap)?
                }
            };
        }
        Ok(crate::Nimber::new(u128::from(total)))
    }
}

/// Implements [`Tabulated`] (and its seal) for a rules type whose field `tables` is a
/// [`Tables`]: `tabulated!(Octal)`, or with generics, `tabulated!([R: TakeAndBreak] Rules<R>)`.
macro_rules! tabulated {
    ([$($generics:tt)*] $rules:ty) => {
        impl<$($generics)*> $crate::sequence::Sealed for $rules {}

        impl<$($generics)*> $crate::sequence::Tabulated for $rules {
            fn table_limit(&self) -> usize {
                self.tables.budget.values
            }

            fn with_table_limit(mut self, limit: usize) -> Self {
                self.tables.budget.values = limit;
                self
            }

            fn memory_limit(&self) -> usize {
                self.tables.budget.memory
            }

            fn with_memory_limit(mut self, bytes: usize) -> Self {
                self.tables.budget.memory = bytes;
                self
            }

            fn sequence(&self) -> alloc::sync::Arc<$crate::sequence::GrundySequence> {
                self.tables.table.snapshot()
            }

            fn checkpoint(&self) -> Result<$crate::sequence::Checkpoint, $crate::Error> {
                self.tables.table.checkpoint()
            }

            fn resume(
                &self,
                checkpoint: &$crate::sequence::Checkpoint,
            ) -> Result<alloc::sync::Arc<$crate::sequence::GrundySequence>, $crate::Error> {
                self.tables.table.resume(checkpoint)
            }

            fn grow_with_status<F>(
                &self,
                goal: $crate::sequence::Goal,
                mut progress: F,
            ) -> Result<alloc::sync::Arc<$crate::sequence::GrundySequence>, $crate::Error>
            where
                F: FnMut(&$crate::sequence::Status) -> core::ops::ControlFlow<()>,
            {
                self.tables
                    .table
                    .grow(self.tables.budget, goal, &mut progress)
            }
        }
    };
    ($rules:ty) => {
        $crate::sequence::table::tabulated!([] $rules);
    };
}
pub(crate) use tabulated;

pub(crate) mod sealed {
    /// Keeps [`Tabulated`](super::Tabulated) to the crate's own rules.
    pub trait Sealed {}
}

/// The rules of a heap game whose values come from a shared table that grows on demand: the
/// crate's [`Octal`](crate::games::Octal), [`GrundysGame`](crate::games::GrundysGame) and
/// [`Subtraction`](crate::games::Subtraction), and [`Rules`](crate::games::Rules) for rules
/// of your own.
///
/// A question about a heap beyond the table grows it, by doubling from a few thousand values
/// (64 for the general engine), until the table holds the heap or its values prove a period
/// (Guy–Smith for octal games and Grundy's game, a repeated window for subtraction games; no
/// period is ever proven for codes with a three-heap or a repeated digit, or for rules of your
/// own, so their heaps past the budget fail at once; see the
/// [module documentation](crate::sequence#periods-proven-and-periods-seen)), within a
/// **budget** of
/// [`table_limit`](Tabulated::table_limit) values, [`DEFAULT_TABLE_LIMIT`] (2^20) unless set
/// with [`with_table_limit`](Tabulated::with_table_limit). A heap the budget cannot answer is
/// [`Error::HeapOutOfRange`]. Every clone of the rules shares the table (see
/// [how it grows behind `&self`](crate::sequence#growth-behind-self-and-the-lock)); the
/// budget belongs to each value, so a clone with a larger budget can grow a table that a
/// clone with a smaller one then reads.
///
/// The trait is **sealed**: it is implemented by the crate's rule types only, whose tables it
/// manages. A game of your own is a [`TakeAndBreak`](crate::games::TakeAndBreak) played as
/// [`Rules`](crate::games::Rules), which implements it. It is not
/// object-safe (a generic method, and `Clone`).
///
/// # Complexity
///
/// Reading the table ([`sequence`](Tabulated::sequence)) is O(1), a reference count. Growing
/// it costs what the rules' engine costs: O(n·|S|) for `n` values of a subtraction game,
/// O(n·r) for `r` rare positions (O(n²) at worst) for octal games and Grundy's game, up to
/// O(n²·v) for rules with three-heap splits (see [`grow`](Tabulated::grow)). Once a period
/// is proven, nothing more is computed.
///
/// # Errors
///
/// Each growing method says its own; in short: [`Error::TableLimit`] or
/// [`Error::HeapOutOfRange`] past the budget, [`Error::MemoryLimit`] past the memory budget,
/// [`Error::Interrupted`] when a [`grow`](Tabulated::grow) caller stops it, and
/// [`Error::OutOfMemory`] when the allocator refuses.
///
/// # Examples
///
/// ```
/// use grundy::games::{GrundysGame, HeapRow, Octal};
/// use grundy::prelude::*;
/// use grundy::sequence::Period;
///
/// // No table to build first: any heap, at once.
/// let kayles = Octal::kayles();
/// assert_eq!(HeapRow::heap(kayles.clone(), u128::MAX).grundy()?, Nimber::new(8));
/// assert_eq!(kayles.sequence().period(), Period::new(71, 12));
///
/// // A period search with a limit, in one call.
/// assert_eq!(Octal::dawsons_kayles().find_period(1000)?, Period::new(53, 34));
/// assert_eq!(GrundysGame::new().find_period(5000)?, None); // none known
///
/// // Past the budget: a typed error.
/// let small = GrundysGame::new().with_table_limit(100);
/// assert!(matches!(HeapRow::heap(small, 100u32).grundy(), Err(grundy::Error::HeapOutOfRange { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Tabulated: HeapRules + sealed::Sealed {
    /// The most values this value of the rules computes: its budget.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Subtraction;
    /// use grundy::prelude::*;
    /// assert_eq!(Subtraction::new([1u8, 2])?.with_table_limit(500).table_limit(), 500);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn table_limit(&self) -> usize;

    /// The same rules, sharing the same table, with a budget of `limit` values.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{GrundysGame, HeapRow};
    /// use grundy::prelude::*;
    /// use grundy::Error;
    ///
    /// let game = GrundysGame::new().with_table_limit(50);
    /// assert_eq!(HeapRow::heap(game.clone(), 49u8).grundy()?, Nimber::new(1));
    /// assert_eq!(
    ///     HeapRow::heap(game, 50u8).grundy(),
    ///     Err(Error::HeapOutOfRange { heap: 50, computed: 50 })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    fn with_table_limit(self, limit: usize) -> Self;

    /// The most bytes the working tables of a computation of these rules may hold, besides
    /// the values themselves: the **memory budget**.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Octal;
    /// use grundy::prelude::*;
    /// assert_eq!(Octal::new("0.[8]")?.with_memory_limit(1 << 20).memory_limit(), 1 << 20);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn memory_limit(&self) -> usize;

    /// The same rules, sharing the same table, with a memory budget of `bytes` for the
    /// working tables of their computations.
    ///
    /// The values themselves (1, 2 or 4 bytes each, see [`Values`](crate::sequence::Values)) are bounded by the
    /// [table limit](Tabulated::with_table_limit), and so is every working list that holds
    /// at most a few entries per value. The memory budget bounds what can grow faster than
    /// the values: the tables of the general engine (codes with a three-heap or a repeated
    /// digit, and rules of your own), which keep the values of every split of each total
    /// into two or more heaps, about n²/4 entries for `n` values of a game that splits a heap
    /// in three (2 bytes each while every value is below 65536, 4 past), and the first
    /// appearance of each value. The sparse-space engine (octal codes,
    /// Grundy's game) and the subtraction engine keep only lists of the first kind, so the
    /// budget never stops them. The same budget bounds the search of a misère row of these
    /// rules that no misère quotient covers
    /// ([`HeapRules::search_memory_limit`](crate::games::HeapRules::search_memory_limit)),
    /// which stops with [`Error::SolverMemoryLimit`].
    ///
    /// A computation that would pass the budget stops with [`Error::MemoryLimit`]. The values
    /// it computed before are kept in the shared table: a heap among them is answered, and a
    /// later call goes on from them.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{HeapRow, Octal};
    /// use grundy::prelude::*;
    /// use grundy::Error;
    ///
    /// // Take one token and split the rest into three heaps, or take any number and leave
    /// // three: tables of pair values of every total.
    /// let game = Octal::new("0.[8]")?.with_memory_limit(100_000);
    /// assert_eq!(game.values(1000), Err(Error::MemoryLimit { limit: 100_000 }));
    /// let kept = game.sequence().len(); // the values computed within the budget
    /// assert!(kept >= 64);
    /// assert!(HeapRow::heap(game.clone(), 63u32).grundy().is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    fn with_memory_limit(self, bytes: usize) -> Self;

    /// The table as it is now: the values computed so far by any clone of these rules, and
    /// the period they prove. Computes nothing.
    ///
    /// # Complexity
    ///
    /// O(1): a lock held for a reference-count update.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{HeapRow, Octal};
    /// use grundy::prelude::*;
    ///
    /// let kayles = Octal::kayles();
    /// assert!(kayles.sequence().is_empty());
    /// HeapRow::heap(kayles.clone(), 10u8).grundy()?; // grows the shared table
    /// assert_eq!(kayles.sequence().values().slice(..6), &[0, 1, 2, 3, 1, 4]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn sequence(&self) -> Arc<GrundySequence>;

    /// A [`Checkpoint`] of the table as it is now: the game's name, the values computed so
    /// far and the engine's state after them, to write to a file and resume from later with
    /// [`resume`](Tabulated::resume). A run of days saves one every so often: stop its
    /// [`grow`](Tabulated::grow) from the progress callback, take the checkpoint, and grow
    /// again (it goes on from the values kept).
    ///
    /// # Errors
    ///
    /// [`Error::Checkpoint`] for rules of your own ([`Rules`](crate::games::Rules)), which
    /// have no name a checkpoint can be checked against; [`Error::OutOfMemory`].
    ///
    /// # Complexity
    ///
    /// O(n) for `n` values: a copy of the table and the engine's split.
    ///
    /// # Examples
    ///
    /// A run stopped by its caller, saved, and resumed by a fresh value of the rules:
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use grundy::games::GrundysGame;
    /// use grundy::prelude::*;
    /// use grundy::sequence::{Checkpoint, Goal};
    ///
    /// let game = GrundysGame::new();
    /// let stopped = game.grow(Goal::Values(3000), |done| {
    ///     if done >= 1200 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// });
    /// assert!(stopped.is_err());
    /// let bytes = game.checkpoint()?.to_bytes();
    ///
    /// let resumed = GrundysGame::new();
    /// resumed.resume(&Checkpoint::from_bytes(&bytes)?)?;
    /// let whole = GrundysGame::new().values(3000)?;
    /// assert_eq!(resumed.values(3000)?.values(), whole.values());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn checkpoint(&self) -> Result<Checkpoint, Error>;

    /// Takes the values of `checkpoint` into the shared table (kept if they answer more than
    /// the table holds), after checking that it is a checkpoint of these rules and that its
    /// engine state is the one its values give. A later growth goes on from them exactly as
    /// the run that saved it would have: the same values, the same period.
    ///
    /// # Errors
    ///
    /// [`Error::Checkpoint`] if it holds another game's table (or these are rules of your
    /// own), or its split or rare positions are not those of its values;
    /// [`Error::OutOfMemory`].
    ///
    /// # Complexity
    ///
    /// O(n) for `n` values.
    ///
    /// # Examples
    ///
    /// See [`checkpoint`](Tabulated::checkpoint) and [`Checkpoint`].
    fn resume(&self, checkpoint: &Checkpoint) -> Result<Arc<GrundySequence>, Error>;

    /// Grows the shared table towards `goal` within the budget, and returns it.
    ///
    /// This is the one growth method: a heap question is `Goal::Heap`,
    /// [`values`](Tabulated::values) is `Goal::Values` and
    /// [`find_period`](Tabulated::find_period) is `Goal::Period`. `progress` is called with
    /// the number of values known before each growth step and every 64 values within one;
    /// returning `Break` stops the computation, keeps the values computed so far in the
    /// shared table (a later call continues from them) and returns [`Error::Interrupted`].
    /// A caller with a deadline checks its clock there: the library itself never reads one.
    /// Rules computed by the general engine (codes with a repeated or a three-heap digit,
    /// rules of your own) keep its working tables too, within the memory budget, until a
    /// later growth continues from them, so that a run stopped for each checkpoint does not
    /// build them again from the values (the tables the next heaps read: for a family that
    /// reaches down to the smallest total, such as a repeated digit, every total's); a
    /// growth that ends, or fails, keeps none once it returns.
    ///
    /// # Errors
    ///
    /// - [`Error::TableLimit`] for `Goal::Values(n)` with `n` above the budget, unless the
    ///   table already holds `n` values;
    /// - [`Error::HeapOutOfRange`] for `Goal::Heap(h)` when a table of the budget neither
    ///   holds `h` nor proves a period (`Goal::Period` then returns the table without one);
    ///   for rules whose periods no theorem covers, at once when `h` is past the budget
    ///   (and `Goal::Period` returns the table as it is);
    /// - [`Error::Interrupted`] when `progress` breaks;
    /// - [`Error::MemoryLimit`] when the working tables would pass the
    ///   [memory budget](Tabulated::with_memory_limit) (the values computed before are kept,
    ///   and a `Goal::Heap` they answer is answered);
    /// - [`Error::OutOfMemory`] if the memory for the table cannot be had;
    /// - [`Error::Overflow`] if a value does not fit in 32 bits (no known game comes near).
    ///
    /// # Complexity
    ///
    /// See the game's rules: O(n·|S|) for `n` values of a subtraction game, O(n·r) for `r`
    /// rare positions (O(n²) at worst) for octal games and Grundy's game. Once a period is
    /// proven, nothing more is computed.
    ///
    /// # Examples
    ///
    /// A deadline checked between steps, as the command line does:
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use grundy::games::GrundysGame;
    /// use grundy::prelude::*;
    /// use grundy::sequence::Goal;
    /// use grundy::Error;
    ///
    /// let game = GrundysGame::new();
    /// let mut steps = 0;
    /// let stopped = game.grow(Goal::Values(100_000), |_| {
    ///     steps += 1;
    ///     if steps > 10 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// });
    /// assert_eq!(stopped, Err(Error::Interrupted { computed: 640 }));
    /// assert_eq!(game.sequence().len(), 640); // kept; the next call goes on from there
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn grow<F>(&self, goal: Goal, mut progress: F) -> Result<Arc<GrundySequence>, Error>
    where
        F: FnMut(usize) -> ControlFlow<()>,
    {
        self.grow_with_status(goal, |status| progress(status.done()))
    }

    /// [`grow`](Tabulated::grow), with the callback shown the whole [`Status`]: the values
    /// known, and where the engine reports them, its rare positions and the largest value.
    ///
    /// # Errors
    ///
    /// As for [`grow`](Tabulated::grow).
    ///
    /// # Examples
    ///
    /// See [`Status`].
    fn grow_with_status<F>(&self, goal: Goal, progress: F) -> Result<Arc<GrundySequence>, Error>
    where
        F: FnMut(&Status) -> ControlFlow<()>;

    /// A table of at least `n` values, `G(0)` to `G(n - 1)`: `grow(Goal::Values(n), …)`.
    ///
    /// A table that has fewer is computed to exactly `n` values, so its period is the one
    /// those values prove; a table that already has more (grown by any clone) is returned
    /// as it is. So `values(n).values()` may hold more than `n` values: take
    /// `values(n)?.values().slice(..n)` for exactly `G(0)` to `G(n - 1)`.
    ///
    /// # Errors
    ///
    /// As for [`grow`](Tabulated::grow): [`Error::TableLimit`] if `n` is above the budget.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Octal;
    /// use grundy::prelude::*;
    ///
    /// // Dawson's chess, 0.137: the values of heaps 0..10, which prove no period.
    /// let chess = Octal::dawsons_chess().values(10)?;
    /// assert_eq!(chess.values(), &[0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
    /// assert_eq!(chess.period(), None);
    /// assert!(Octal::kayles().with_table_limit(100).values(101).is_err());
    ///
    /// // A clone shares the table: once one grows it, `values(4)` holds more than 4.
    /// let kayles = Octal::kayles();
    /// kayles.clone().values(100)?;
    /// assert_eq!(kayles.values(4)?.values().len(), 100);
    /// assert_eq!(kayles.values(4)?.values().slice(..4), &[0, 1, 2, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn values(&self, n: usize) -> Result<Arc<GrundySequence>, Error> {
        self.grow(Goal::Values(n), |_| ControlFlow::Continue(()))
    }

    /// The least period the values prove, computing up to `limit` values (by doubling from a
    /// few thousand), or `None` if that many prove none: CGSuite's `CheckPeriodicity` in one
    /// call. The table grown is shared with every clone of the rules. Rules whose periods no
    /// theorem covers (a code with a three-heap or a repeated digit, rules of your own), and
    /// subtraction games with an element at or past [`MAX_TABLE_LIMIT`], whose proof needs a
    /// longer table than any, compute nothing and return `None`: their tables show their
    /// periods, unproven, through [`GrundySequence::arithmetic_period`] on a table of the
    /// length you choose ([`values`](Tabulated::values)).
    ///
    /// `limit` replaces the budget for this call.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the memory for the table cannot be had.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{Octal, Subtraction};
    /// use grundy::prelude::*;
    /// use grundy::sequence::Period;
    ///
    /// let kayles = Octal::kayles();
    /// assert_eq!(kayles.find_period(1 << 20)?, Period::new(71, 12));
    /// assert_eq!(Octal::kayles().find_period(167)?, None); // the proof needs 168 values
    /// assert_eq!(Subtraction::new([2u8, 5, 7])?.find_period(100)?.map(|p| p.period()), Some(22));
    /// assert_eq!(Octal::laskers_nim().find_period(1 << 20)?, None); // at once
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn find_period(&self, limit: usize) -> Result<Option<Period>, Error> {
        self.clone()
            .with_table_limit(limit)
            .grow(Goal::Period, |_| ControlFlow::Continue(()))
            .map(|table| table.period())
    }

    /// Checks the values the table holds for `heaps` against the definition: each heap's
    /// value must be the mex of its options, every move of the rules listed
    /// ([`for_each_heap_move`](HeapRules::for_each_heap_move)) and each option worth the
    /// nim-sum of the values the table holds for the heaps it leaves. Returns how many heaps
    /// were checked. Nothing is computed: the heaps must be ones the table answers
    /// ([`sequence`](Tabulated::sequence)).
    ///
    /// The engines are fast because they skip most of a heap's options; an audit lists them
    /// all, by a path that shares nothing with the engines but the rules' moves. So it is
    /// an independent check of a table: of one resumed from a checkpoint (whose checksum
    /// finds damage but is not a signature), or of a run of days, whose memory may have
    /// failed. A table that passes an audit of every heap is exact; one of a sample of
    /// heaps is exact at those heaps, given the values below them.
    ///
    /// # Errors
    ///
    /// - [`Error::WrongValue`] at the first heap whose value the definition contradicts,
    ///   naming the heap, the value held and the one its options give;
    /// - [`Error::HeapOutOfRange`] for a heap the table does not answer;
    /// - the rules' [`heap_fault`](HeapRules::heap_fault) for a heap they refuse;
    /// - [`Error::OutOfMemory`] if the marks of a heap's option values cannot be had.
    ///
    /// # Complexity
    ///
    /// O(moves) for each heap: a take-and-break code whose moves leave two heaps has about
    /// `n·t/2` moves at a heap of `n` for `t` takes (Grundy's game `n/2`), one whose moves
    /// leave three heaps about `n²·t/12`, a subtraction game `|S|`. Choose the heaps to fit
    /// the time: a heap near 2^20 of `0.6` has about 520 000 moves, checked in about 4.5 ms
    /// (some 8.5 ns a move on a 2 vCPU Xeon), so a heap near 2^32 takes about 20 seconds.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Octal;
    /// use grundy::prelude::*;
    ///
    /// let officers = Octal::new("0.6")?;
    /// officers.values(10_000)?;
    /// // Every heap below 1000, and a sample of 20 heaps spread over the table.
    /// assert_eq!(officers.audit(0..1000)?, 1000);
    /// assert_eq!(officers.audit((0..20).map(|k| 499 * k + 17))?, 20);
    /// // A heap the table does not hold is not computed.
    /// assert!(matches!(officers.audit([10_000]), Err(grundy::Error::HeapOutOfRange { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn audit<I>(&self, heaps: I) -> Result<usize, Error>
    where
        I: IntoIterator<Item = u128>,
    {
        let table = self.sequence();
        heaps.into_iter().try_fold(0, |checked, heap| {
            super::audit::heap(self, &table, heap)?;
            Ok(checked + 1)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::Proof;
    use crate::sequence::engine::SubtractionSet;
    use alloc::vec;

    #[test]
    fn sizes_double_from_the_first_table_within_the_limit() {
        let first = FIRST_TABLE;
        assert_eq!(next_size(0, 1 << 20, first), Some(FIRST_TABLE));
        assert_eq!(next_size(10, 100, first), Some(100));
        assert_eq!(next_size(100, 100, first), None);
        assert_eq!(
            next_size(FIRST_TABLE, 1 << 20, first),
            Some(2 * FIRST_TABLE)
        );
        assert_eq!(next_size(5000, 6000, first), Some(6000));
        assert_eq!(next_size(usize::MAX, usize::MAX, first), None);
        assert_eq!(next_size(64, 1 << 20, 64), Some(128));
    }

    #[test]
    fn the_table_keeps_what_answers_more() {
        let table = Table::new(SubtractionSet { set: vec![1, 2] });
        let longer = GrundySequence::from_parts(Store::U8(vec![0, 1, 2, 0]), None);
        let shorter = GrundySequence::from_parts(Store::U8(vec![0, 1]), None);
        let periodic = GrundySequence::from_parts(
            Store::U8(vec![0, 1, 2]),
            Some((
                Period {
                    preperiod: 0,
                    period: 3,
                },
                Proof::RepeatedWindow,
            )),
        );
        assert_eq!(table.offer(longer.clone()).len(), 4);
        assert_eq!(table.offer(shorter).len(), 4);
        assert_eq!(table.offer(periodic.clone()).period(), periodic.period());
        assert_eq!(*table.offer(longer), periodic);
    }

    #[test]
    fn goals_and_their_errors() {
        let table = Table::new(SubtractionSet {
            set: vec![1, 1 << 40],
        });
        let go = |goal, values| {
            let budget = Budget { values, memory: 0 };
            table.grow(budget, goal, &mut |_| ControlFlow::Continue(()))
        };
        assert_eq!(go(Goal::Values(10), 100).unwrap().len(), 10);
        assert_eq!(
            go(Goal::Values(101), 100),
            Err(Error::TableLimit {
                requested: 101,
                limit: 100
            })
        );
        // Held already: no limit applies.
        assert_eq!(go(Goal::Values(5), 0).unwrap().len(), 10);
        assert_eq!(
            go(Goal::Heap(200), 150),
            Err(Error::HeapOutOfRange {
                heap: 200,
                computed: 150
            })
        );
        assert_eq!(go(Goal::Heap(149), 150).unwrap().len(), 150);
        // The window of 2^40 never fits: no period, the table at the budget.
        let table = go(Goal::Period, 300).unwrap();
        assert_eq!((table.len(), table.period()), (300, None));
    }

    #[test]
    fn a_periodic_table_is_extended_not_computed() {
        let table = Table::new(SubtractionSet { set: vec![1, 2] });
        let mut calls = 0;
        let t = table
            .grow(Budget::default(), Goal::Period, &mut |_| {
                calls += 1;
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(t.len(), FIRST_TABLE);
        assert_eq!(calls, 1);
        let t = table
            .grow(Budget::default(), Goal::Values(10_000), &mut |_| {
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(t.len(), 10_000);
        assert_eq!(t.values().get(9_999), Some(9_999 % 3));
    }
}
