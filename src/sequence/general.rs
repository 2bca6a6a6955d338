//! The engine for take-and-break rules described by families of moves
//! ([`Family`](super::families::Family)): codes with a repeated digit or a three-heap digit,
//! and rules of your own.
//!
//! For heap `n` every family is turned into option values:
//!
//! - a move leaving listed heaps: the XOR of their values;
//! - a take that leaves nothing or one heap: a lookup;
//! - the splits of one total `m` into two heaps: by the **sparse-space method** (as for octal
//!   games): the pairs with a rare part are walked, and the rest only when the mex is rare;
//! - the splits of `m` into `k ≥ 3` heaps: from the **table of `(k-1)`-part values per total**
//!   (`S_2(j) = {G(a) ⊕ G(j - a)}`, the pair values of each total `j`, and
//!   `S_k(j) = ⋃_c S_(k-1)(j - c) ⊕ G(c)` over the smallest part `c`), never a loop over every
//!   triple of raw values. Once the pair table is kept, two-heap splits read it too;
//! - a family whose takes run down to the smallest possible rest (the repeated digit of a
//!   code, or "take any number"): through the first total at which each value appears, and
//!   the values not seen up to the furthest total, kept as a union–find of "next value not
//!   seen", so that the mex skips every value the family covers: O(1) amortised a heap.
//!
//! **Every core** (the `parallel` feature). Building the set of a total `j` is most of the
//! work of codes with three-heap splits (`j / k` smallest parts, each XORed with every value
//! of its rest's set). The set of `m + 1` needs the values only up to `m + 2 - k`, so it is
//! built with that of `m`, the total a heap needs, and the next heap needs none (at any
//! thread count). When their work is 2^16 steps or more ([`PARALLEL_WORK`]), the two are
//! built at once, each on half the threads of the current rayon pool (an even number of
//! them); a total built alone, or on an odd number of threads, is shared among them all.
//! A total's threads cut its smallest parts into one range each, of equal work (the sets of
//! the rests are counted through their offsets), and each thread gathers its range's values,
//! in the order it finds them, in a set of its own; the values the later ranges found that
//! the first did not are then added after its own, in range order: exactly the set, in the
//! order, that one thread finds. Two totals built at once wake a thread once for two heaps
//! and join no ranges: on two threads `0.8` took 0.58x–0.67x the time of one (median
//! 0.61x), where sharing each total took 0.69x–0.89x (median 0.79x) in the same rounds
//! (BENCHMARKS.md).
//!
//! No theorem proves a period of such rules (see [`sequence`](super)), so the engine never
//! claims one; the table reports the arithmetic period its values show, unproven.
//!
//! **Memory.** The tables of values per total grow faster than the values (about n²/4
//! entries for the pair values of `n` heaps, 2 bytes each while every value is below 65536
//! and 4 past, [`Packed`]): every vector of the engine's working tables is
//! grown through a [`Meter`], which charges its new capacity against the caller's memory
//! budget before reserving it fallibly. The lists of at most one entry per value (the rare
//! positions) are bounded by the table limit and reserved fallibly, uncharged.

use super::engine::{push_rare, walsh_hadamard, zeroed_histogram};
use super::families::{Family, FamilySource};
use super::table::{Engine, Grown, Progress, stopped_at};
use super::values::Store;
use super::{GrundySequence, reserve};
use crate::{Error, memory};
use alloc::boxed::Box;
use alloc::format;
use alloc::vec::Vec;
use core::mem::size_of;

/// The first table of rules grown on demand: their engine may cost O(n²) or more.
const FIRST_GENERAL_TABLE: usize = 64;
/// The first table length at which the rare/common split is chosen; then each time the table
/// has grown by a quarter.
const FIRST_SPLIT: usize = 16;
/// The work (splits of one total, by values of the rest) from which the total is built on the
/// threads (two at once, or one shared among them): 2^16, some tens of microseconds, well
/// past the cost of waking a thread (in the engine's unit tests 64, so that their small
/// tables take that path too).
const PARALLEL_WORK: usize = if cfg!(test) { 64 } else { 1 << 16 };
/// The largest value the sets of split values keep in two bytes (in the engine's unit tests
/// 40, so that their small tables are widened to four bytes on the way too).
const NARROW_MAX: u32 = if cfg!(test) { 40 } else { u16::MAX as u32 };
/// The largest number of value bits the Walsh–Hadamard transform looks at.
const MAX_KEY_BITS: u32 = 20;
/// A family of one- or more-heap moves over more totals than this, reaching down to the
/// smallest, is answered through the first appearance of each value.
const PREFIX_MIN: usize = 4;

/// The engine: the values of the rules whose families `source` lists.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct General<S> {
    pub(crate) source: S,
    /// The working tables of the last computation, for the next one that continues its
    /// values (see [`Warm`]).
    warm: Warm,
}

impl<S> General<S> {
    /// The engine of the rules whose families `source` lists.
    pub(crate) fn new(source: S) -> Self {
        General {
            source,
            warm: Warm::default(),
        }
    }
}

/// The working tables of the last computation, kept for the next computation that continues
/// exactly its values: building them again from the values costs the sets the next heaps
/// read (see [`SetsByTotal`]), which for a family that reaches the smallest total is every
/// total's (the pair values of every total, O(n²)), so a growth by doubling would pay its
/// steps again, and a run stopped for each checkpoint a good part of its work at each one. Kept
/// between the steps of one growth, and after a growth its progress callback interrupted (a
/// checkpoint of a long run, a deadline, a cancel button); dropped when a growth returns
/// otherwise ([`Engine::release`]), and by a computation that fails. Clones of the rules start
/// with none, and the tables take no part in the rules' equality or hash.
#[derive(Default)]
struct Warm(spin::Mutex<Option<Box<State>>>);

impl Warm {
    /// The tables kept, if they continue `from` (every value equal) to more values, within
    /// a memory budget of `memory`; the tables are taken either way.
    fn take_continuing(&self, from: &Store, len: usize, memory: usize) -> Option<Box<State>> {
        let state = self.0.lock().take()?;
        let continues = state.g.len() == from.len()
            && len > state.g.len()
            && state.meter.held <= memory
            && from.view().iter().eq(state.g.iter().copied());
        continues.then_some(state)
    }

    fn keep(&self, state: Box<State>) {
        *self.0.lock() = Some(state);
    }
}

impl Clone for Warm {
    fn clone(&self) -> Self {
        Warm::default()
    }
}

impl PartialEq for Warm {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Warm {}

impl core::hash::Hash for Warm {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}

impl core::fmt::Debug for Warm {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let kept = self.0.lock().as_ref().map_or(0, |state| state.g.len());
        write!(f, "Warm({kept} values)")
    }
}

/// The values `g` stored in the narrowest width that holds them.
fn compact(g: Vec<u32>) -> Result<Store, Error> {
    let len = g.len();
    Store::compact(g).ok_or_else(|| Error::OutOfMemory {
        what: format!("a table of {len} Grundy values"),
    })
}

impl<S: FamilySource> Engine for General<S> {
    fn compute(
        &self,
        from: &Store,
        len: usize,
        memory: usize,
        progress: Progress<'_>,
    ) -> Result<Grown, Error> {
        // The engine's own tables dwarf the values (see the module documentation), so they
        // are computed four bytes each and stored compactly once done.
        let mut state = match self.warm.take_continuing(from, len, memory) {
            Some(mut state) => {
                state.meter.limit = memory;
                let more = len - state.g.len();
                state
                    .g
                    .try_reserve_exact(more)
                    .map_err(|_| Error::OutOfMemory {
                        what: format!("a table of {len} Grundy values"),
                    })?;
                state
            }
            None => {
                let mut g = reserve::<u32>(len, usize::MAX)?;
                g.extend(from.view().slice(..len));
                Box::new(State::new(g, memory)?)
            }
        };
        let mut largest = state.g.iter().copied().max().unwrap_or(0);
        while state.g.len() < len {
            if let Err(err) = state.push_next(&self.source) {
                // The values before the failure are exact: keep them.
                return Ok(Grown::failed(compact(state.g)?, err));
            }
            let done = state.g.len();
            largest = largest.max(state.g.last().copied().unwrap_or(0));
            if stopped_at(progress, done, len, None, largest) {
                let values = compact(state.g.clone())?;
                self.warm.keep(state);
                return Ok(Grown::interrupted(values));
            }
        }
        // The next step of the same growth continues these values; the growth drops the
        // tables when it returns (`release`).
        let values = compact(state.g.clone())?;
        self.warm.keep(state);
        Ok(Grown::done(GrundySequence::from_parts(values, None)))
    }

    fn release(&self) {
        drop(self.warm.0.lock().take());
    }

    /// No state is kept, but the values are checked against the moves of their heaps (see
    /// [`Family::move_bound`]), so that no value edited into a checkpoint past its heap's
    /// moves sizes the engine's tables (a value edited within them is the audit's to find).
    fn continued_state(
        &self,
        values: &Store,
    ) -> Result<Option<super::checkpoint::SplitRecord>, Error> {
        let mut families = Vec::new();
        let mut failed = None;
        super::engine::values_within(values, |n| {
            families.clear();
            match self.source.families(n as u128, &mut families) {
                Ok(()) => families
                    .iter()
                    .fold(0u128, |sum, f| sum.saturating_add(f.move_bound(n as u128))),
                Err(err) => {
                    failed.get_or_insert(err);
                    u128::MAX
                }
            }
        })?;
        failed.map_or(Ok(None), Err)
    }

    fn name(&self) -> Option<alloc::string::String> {
        self.source.name()
    }

    fn can_prove_period(&self) -> bool {
        false
    }

    fn first_table(&self) -> usize {
        FIRST_GENERAL_TABLE
    }
}

/// The bytes held by the engine's working tables, against the caller's memory budget.
#[derive(Debug)]
struct Meter {
    limit: usize,
    held: usize,
}

impl Meter {
    /// Makes room in `v` for `more` items: the capacity it grows to (at least double, as
    /// `Vec` grows) is charged first, then reserved fallibly; `what` names the table in the
    /// error of a refusal.
    fn room<T>(
        &mut self,
        v: &mut Vec<T>,
        more: usize,
        what: impl FnOnce() -> alloc::string::String,
    ) -> Result<(), Error> {
        let needed = v.len().saturating_add(more);
        if needed <= v.capacity() {
            return Ok(());
        }
        let capacity = needed.max(v.capacity().saturating_mul(2));
        let bytes = (capacity - v.capacity()).saturating_mul(size_of::<T>());
        match self.held.checked_add(bytes) {
            Some(held) if held <= self.limit => self.held = held,
            _ => return Err(Error::MemoryLimit { limit: self.limit }),
        }
        v.try_reserve_exact(capacity - v.len())
            .map_err(|_| Error::OutOfMemory { what: what() })
    }

    /// Gives back `bytes` charged for a table that is dropped.
    fn release(&mut self, bytes: usize) {
        self.held = self.held.saturating_sub(bytes);
    }

    /// Appends `item` to `v`, with room made by [`Meter::room`].
    fn push<T>(
        &mut self,
        v: &mut Vec<T>,
        item: T,
        what: impl FnOnce() -> alloc::string::String,
    ) -> Result<(), Error> {
        self.room(v, 1, what)?;
        v.push(item);
        Ok(())
    }
}

/// A set of values below a bound, emptied in O(1) by a generation stamp of type `T`, and
/// cleared whole when the generation wraps.
///
/// The sets that gather a total's split values take one byte a value (`u8`): a set of 16384
/// values then fits a core's 32 KB first-level cache, where four bytes a value did not (two
/// threads of `0.9` 12% faster), and the clearing every 255 totals costs little beside a
/// total's work. A heap's options take four (`u32`, never cleared in practice): a code such
/// as `0.[3]` does little work a heap beside a set of a million values.
#[derive(Debug)]
struct Stamps<T> {
    stamps: Vec<T>,
    generation: T,
}

/// A generation stamp of [`Stamps`].
trait Stamp: Copy + Eq + Default {
    /// The first generation (the default, zero, is no generation).
    const FIRST: Self;
    /// The next generation, or the default past the last.
    fn next(self) -> Self;
}

impl Stamp for u8 {
    const FIRST: Self = 1;
    fn next(self) -> Self {
        self.wrapping_add(1)
    }
}

impl Stamp for u32 {
    const FIRST: Self = 1;
    fn next(self) -> Self {
        self.wrapping_add(1)
    }
}

impl<T: Stamp> Stamps<T> {
    fn new() -> Self {
        Stamps {
            stamps: Vec::new(),
            generation: T::FIRST,
        }
    }

    /// Empties the set and makes room for values below `bound`, charged to `meter`.
    fn reset(&mut self, bound: usize, meter: &mut Meter) -> Result<(), Error> {
        if self.stamps.len() < bound {
            let more = bound - self.stamps.len();
            meter.room(&mut self.stamps, more, || {
                format!(
                    "a set of {bound} option values of {} bytes each",
                    size_of::<T>()
                )
            })?;
            self.stamps.resize(bound, T::default());
        }
        self.generation = self.generation.next();
        if self.generation == T::default() {
            self.stamps.fill(T::default());
            self.generation = T::FIRST;
        }
        Ok(())
    }

    /// Adds `v`; whether it was new.
    #[inline]
    fn insert(&mut self, v: u32) -> bool {
        match self.stamps.get_mut(v as usize) {
            Some(s) if *s != self.generation => {
                *s = self.generation;
                true
            }
            _ => false,
        }
    }

    #[inline]
    fn contains(&self, v: usize) -> bool {
        self.stamps.get(v) == Some(&self.generation)
    }
}

/// The values found for the splits of one or more totals, in the order they are first found,
/// for each share of each total's work: one share on one thread, or the threads of the
/// current rayon pool among them (the `parallel` feature).
#[derive(Debug, Default)]
struct Shares {
    /// The shares of total `t` of a call are `shares[t * per..(t + 1) * per]`.
    shares: Vec<Share>,
    /// The shares of each total in the last call.
    per: usize,
}

/// The values found by one share of a total's work: `found[..len]`.
///
/// `found` keeps room for every value below the bound, as its length, so that the values are
/// written in place with their count in a local (each is distinct and below the bound), and
/// the loop that builds the sets reads no field of the share. With the values pushed to the
/// vector, one thread of `0.8` ran 15%–18% slower in the build that first paired the totals,
/// with the same instructions in that loop; the cause was not found (BENCHMARKS.md).
#[derive(Debug)]
struct Share {
    seen: Stamps<u8>,
    found: Vec<u32>,
    len: usize,
}

impl Share {
    /// The values found.
    fn found(&self) -> &[u32] {
        self.found.get(..self.len).unwrap_or(&[])
    }

    /// Adds `v`, if it is new.
    fn add(&mut self, v: u32) {
        if self.seen.insert(v) {
            if let Some(slot) = self.found.get_mut(self.len) {
                *slot = v;
                self.len += 1;
            }
        }
    }
}

impl Shares {
    /// Has `find(share, t, i)` find the values of share `i` in `0..per` of total `t` in
    /// `0..totals` (all but one of them on the other threads of the current rayon pool), and
    /// adds those of each total's later shares that its first has not found to its own, in
    /// order: the first share's list is then the total's values in the order one thread
    /// finds them. The sets are made room for, below `bound`, against `meter`.
    fn find(
        &mut self,
        totals: usize,
        per: usize,
        bound: usize,
        meter: &mut Meter,
        find: impl Fn(&mut Share, usize, usize) + Sync,
    ) -> Result<(), Error> {
        let per = per.max(1);
        let all = totals.max(1) * per;
        while self.shares.len() < all {
            let share = Share {
                seen: Stamps::new(),
                found: Vec::new(),
                len: 0,
            };
            meter.push(&mut self.shares, share, || {
                format!("the option sets of {all} threads")
            })?;
        }
        for share in &mut self.shares[..all] {
            share.seen.reset(bound, meter)?;
            share.len = 0;
            if share.found.len() < bound {
                // Every value found for one total is distinct and below the bound.
                let more = bound - share.found.len();
                meter.room(&mut share.found, more, || {
                    format!("a list of {bound} split values of 4 bytes each")
                })?;
                share.found.resize(bound, 0);
            }
        }
        self.per = per;
        let shares = &mut self.shares[..all];
        #[cfg(feature = "parallel")]
        if all > 1 {
            use rayon::prelude::*;
            shares
                .par_iter_mut()
                .with_max_len(1)
                .enumerate()
                .for_each(|(i, share)| find(share, i / per, i % per));
        } else {
            find(&mut shares[0], 0, 0);
        }
        #[cfg(not(feature = "parallel"))]
        for (i, share) in shares.iter_mut().enumerate() {
            find(share, i / per, i % per);
        }
        if per > 1 {
            for total in shares.chunks_mut(per) {
                let (first, rest) = total.split_at_mut(1);
                let first = &mut first[0];
                for share in rest {
                    for &v in share.found() {
                        first.add(v);
                    }
                }
            }
        }
        Ok(())
    }

    /// The values of total `t` of the last call, in the order one thread finds them.
    fn found(&self, t: usize) -> &[u32] {
        self.shares.get(t * self.per).map_or(&[], Share::found)
    }
}

/// The least smallest part `c` of share `i` of `shares` of the splits of `j` tokens whose
/// smallest part runs over `1..=parts` (`parts + 1` for `i = shares`): shares of equal work,
/// the values of the rest of each part counted (the sets of the larger rests are larger).
fn share_start(
    lower: Option<&SetsByTotal>,
    j: usize,
    parts: usize,
    i: usize,
    shares: usize,
) -> usize {
    match lower {
        _ if i >= shares => parts + 1,
        None => 1 + parts * i / shares,
        Some(lower) => {
            // The work of the parts 1..=c is the values of the rests, those of the totals
            // j - c..j: offsets[j] - offsets[j - c]. This share starts i / shares of the way
            // (in 128 bits: no product overflows).
            let work = lower.offset(j) - lower.offset(j - parts);
            let share = (work as u128 * i as u128 / shares as u128) as usize;
            // At the least c whose work reaches the share: the parts below it are those
            // whose rest's offset is past offsets[j] - share (the offsets grow with the
            // total).
            let rests = &lower.offsets[j + 1 - parts - lower.base..=j - lower.base];
            let past = lower.offset(j) - share;
            1 + (rests.len() - rests.partition_point(|&o| o <= past))
        }
    }
}

/// Adds to `share` the values `G(c) ⊕ s` of the splits of `j` tokens whose smallest part `c`
/// is in `parts`, for each `s` in `lower`'s values of the rest `j - c` (the `(k-1)`-heap
/// values of each total), or `s = G(j - c)` with no `lower` (two heaps).
#[inline]
fn find_splits(
    share: &mut Share,
    g: &[u32],
    lower: Option<&SetsByTotal>,
    j: usize,
    parts: core::ops::Range<usize>,
) {
    let Share { seen, found, len } = share;
    // The set's stamps and the list as slices, and the count in a local: no field of the
    // share is read again in the loops.
    let (stamps, generation, found) = (&mut seen.stamps[..], seen.generation, &mut found[..]);
    let mut count = *len;
    let mut add = |v: u32| {
        if let Some(stamp) = stamps.get_mut(v as usize) {
            if *stamp != generation {
                *stamp = generation;
                if let Some(slot) = found.get_mut(count) {
                    *slot = v;
                    count += 1;
                }
            }
        }
    };
    match lower {
        None => {
            for c in parts {
                add(g[c] ^ g[j - c]);
            }
        }
        Some(lower) => {
            // The set of the rest `j - c` lies between the offsets of `top - c` and the next,
            // from the level's first total; one loop for each width of the values, chosen
            // once a total.
            let (top, offsets) = (j - lower.base, &lower.offsets[..]);
            match &lower.values {
                Packed::Narrow(values) => {
                    for c in parts {
                        let gc = g[c];
                        for &v in &values[offsets[top - c]..offsets[top - c + 1]] {
                            add(u32::from(v) ^ gc);
                        }
                    }
                }
                Packed::Wide(values) => {
                    for c in parts {
                        let gc = g[c];
                        for &v in &values[offsets[top - c]..offsets[top - c + 1]] {
                            add(v ^ gc);
                        }
                    }
                }
            }
        }
    }
    *len = count;
}

/// The threads a total's splits may be shared among: those of the current rayon pool.
fn threads() -> usize {
    #[cfg(feature = "parallel")]
    return rayon::current_num_threads();
    #[cfg(not(feature = "parallel"))]
    1
}

/// The sets `S_k(j)` for `j = base, base + 1, …, end - 1`, one after another in one vector.
///
/// A level starts at the first total asked of it: a computation that continues values it did
/// not compute itself (a checkpoint resumed in another process) builds only the sets its next
/// heaps read, not those of every total below them. A total below the base asked later
/// rebuilds the level from 0, once.
#[derive(Debug)]
struct SetsByTotal {
    base: usize,
    offsets: Vec<usize>,
    values: Packed,
}

/// The values of the sets of one level: two bytes each while every value is below 2^16 (the
/// sets hold about n²/4 values for n heaps, and the building of each set reads a third of
/// them), four once one is not.
#[derive(Debug)]
enum Packed {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

/// The values of one set ([`SetsByTotal::get`]).
#[derive(Debug, Clone, Copy)]
enum Set<'a> {
    Narrow(&'a [u16]),
    Wide(&'a [u32]),
}

impl<'a> Set<'a> {
    fn len(self) -> usize {
        match self {
            Set::Narrow(set) => set.len(),
            Set::Wide(set) => set.len(),
        }
    }

    /// The values of the set, in order.
    fn iter(self) -> impl Iterator<Item = u32> + 'a {
        let (narrow, wide) = match self {
            Set::Narrow(set) => (set, &[][..]),
            Set::Wide(set) => (&[][..], set),
        };
        narrow
            .iter()
            .map(|&v| u32::from(v))
            .chain(wide.iter().copied())
    }
}

impl SetsByTotal {
    fn new(meter: &mut Meter) -> Result<Self, Error> {
        let mut offsets = Vec::new();
        meter.push(&mut offsets, 0, || "a table of split values".into())?;
        Ok(SetsByTotal {
            base: 0,
            offsets,
            values: Packed::Narrow(Vec::new()),
        })
    }

    /// One past the last total built (the base, when none is).
    fn end(&self) -> usize {
        self.base + self.offsets.len() - 1
    }

    /// Whether no set is built.
    fn is_empty(&self) -> bool {
        self.offsets.len() == 1
    }

    /// Drops every set, and starts again from the total `base`.
    fn restart(&mut self, base: usize, meter: &mut Meter) {
        let room = match &self.values {
            Packed::Narrow(values) => values.capacity() * size_of::<u16>(),
            Packed::Wide(values) => values.capacity() * size_of::<u32>(),
        };
        meter.release(room);
        self.values = Packed::Narrow(Vec::new());
        self.offsets.truncate(1);
        self.base = base;
    }

    /// Where the values of `S_k(j)` start in the vector (`j` from the base to the end).
    fn offset(&self, j: usize) -> usize {
        self.offsets[j - self.base]
    }

    fn get(&self, j: usize) -> Set<'_> {
        let range = self.offset(j)..self.offset(j + 1);
        match &self.values {
            Packed::Narrow(values) => Set::Narrow(&values[range]),
            Packed::Wide(values) => Set::Wide(&values[range]),
        }
    }

    /// Appends the set of the next total, `found`, its room charged to `meter` (and the
    /// values widened to four bytes, once, when one of them needs it).
    fn push(
        &mut self,
        found: &[u32],
        meter: &mut Meter,
        what: impl Fn() -> alloc::string::String,
    ) -> Result<(), Error> {
        meter.room(&mut self.offsets, 1, &what)?;
        if let Packed::Narrow(narrow) = &mut self.values {
            if found.iter().all(|&v| v <= NARROW_MAX) {
                meter.room(narrow, found.len(), &what)?;
                // Each value is at most NARROW_MAX ≤ u16::MAX (checked above): exact.
                narrow.extend(found.iter().map(|&v| v as u16));
                self.offsets.push(narrow.len());
                return Ok(());
            }
            let mut wide = Vec::new();
            meter.room(&mut wide, narrow.len() + found.len(), &what)?;
            wide.extend(narrow.iter().map(|&v| u32::from(v)));
            meter.release(narrow.capacity() * size_of::<u16>());
            self.values = Packed::Wide(wide);
        }
        if let Packed::Wide(wide) = &mut self.values {
            meter.room(wide, found.len(), &what)?;
            wide.extend_from_slice(found);
            self.offsets.push(wide.len());
        }
        Ok(())
    }
}

/// For the `k`-heap moves of totals `0..=m`: the least total at which each value appears,
/// the mex of all of them up to each total, and the values that have not appeared up to the
/// last total built, as a structure that finds the next of them in amortised O(α).
#[derive(Debug)]
struct Prefix {
    /// `first[v]`: the least total `m` with `v ∈ S_k(m)`, or `u32::MAX`.
    first: Vec<u32>,
    /// `mex[m]`: the least value in no `S_k(m')`, `m' ≤ m`.
    mex: Vec<u32>,
    /// The holes of the totals built (`0..mex.len()`): `next[v] == v` when `v` has not
    /// appeared, else a larger value from which to look for the next that has not (a
    /// union–find forest, compressed as it is walked). One entry past `first`, which is a
    /// hole; every value past it is one too.
    next: Vec<u32>,
}

impl Prefix {
    /// The least value `≥ v` that no total built has: amortised O(α) with path halving.
    #[inline]
    fn next_hole(&mut self, mut v: usize) -> usize {
        let next = &mut self.next;
        while v < next.len() && next[v] as usize != v {
            let up = next[v] as usize;
            // Halve the path: point `v` past its parent, to its grandparent.
            if up < next.len() {
                next[v] = next[up];
            }
            v = up;
        }
        v
    }
}

/// The state of the computation.
struct State {
    g: Vec<u32>,
    families: Vec<Family>,
    options: Stamps<u32>,
    /// The values of one total's splits, while its set is built.
    found: Shares,
    /// One more than the largest value so far, rounded up to a power of two: every option
    /// value is below it.
    bound: usize,
    /// `sets[k - 2]` holds `S_k(j)`, once some family needs it.
    sets: Vec<SetsByTotal>,
    /// `prefix[k]`, for the families of `k`-heap moves that reach the smallest total.
    prefix: Vec<Option<Prefix>>,
    /// The prefix families of this heap: `(k, m)`, every total up to `m`.
    checks: Vec<(usize, usize)>,
    /// The totals of this heap's two-heap splits left to the sparse-space method.
    pair_totals: Vec<usize>,
    /// The value mask of the rare/common split (`popcount(v & mask)` odd is common; 0: every
    /// value rare), and the positions `≥ 1` whose value is rare.
    mask: u32,
    rare: Vec<usize>,
    rare_values: Vec<u32>,
    next_split: usize,
    /// The bytes of the working tables, against the memory budget.
    meter: Meter,
}

impl State {
    /// The state for continuing the values `g`, with working tables of at most `memory`
    /// bytes.
    fn new(g: Vec<u32>, memory: usize) -> Result<Self, Error> {
        #[cfg(test)]
        tests::BUILT.with(|built| built.set(built.get() + 1));
        let mut state = State {
            families: Vec::new(),
            options: Stamps::new(),
            found: Shares::default(),
            bound: 1,
            sets: Vec::new(),
            prefix: Vec::new(),
            checks: Vec::new(),
            pair_totals: Vec::new(),
            mask: 0,
            rare: Vec::new(),
            rare_values: Vec::new(),
            next_split: FIRST_SPLIT,
            meter: Meter {
                limit: memory,
                held: 0,
            },
            g,
        };
        let max = state.g.iter().copied().max().unwrap_or(0) as usize;
        while state.bound <= max {
            state.bound *= 2;
        }
        let len = state.g.len();
        if len >= FIRST_SPLIT {
            state.choose_split()?;
            state.next_split = len + len / 4;
        } else {
            state.rebuild_rare()?;
        }
        Ok(state)
    }

    fn is_common(&self, v: usize) -> bool {
        (v as u32 & self.mask).count_ones() % 2 == 1 && v <= u32::MAX as usize
    }

    /// Computes `G(n)` for `n = g.len()`, the heaps' moves listed by `source`, and appends it.
    fn push_next<S: FamilySource>(&mut self, source: &S) -> Result<(), Error> {
        let n = self.g.len();
        let mut families = core::mem::take(&mut self.families);
        families.clear();
        source.families(n as u128, &mut families)?;
        self.options.reset(self.bound, &mut self.meter)?;
        self.checks.clear();
        self.pair_totals.clear();
        let mut lower = 0usize;
        for family in &families {
            match family {
                Family::Leave(left) => {
                    let mut v = 0;
                    for h in left.heaps() {
                        // The source keeps every heap left below n.
                        v ^= self.g[usize::try_from(h).unwrap_or(usize::MAX).min(n - 1)];
                    }
                    self.options.insert(v);
                }
                &Family::Split { lo, hi, parts } => {
                    let n128 = n as u128;
                    if lo > n128 {
                        continue;
                    }
                    // The totals m = n - take, for the takes lo..=hi up to n.
                    let m_hi = (n128 - lo) as usize;
                    let m_lo = (n128 - hi.min(n128)) as usize;
                    if parts == 0 {
                        if m_lo == 0 {
                            self.options.insert(0);
                        }
                        continue;
                    }
                    // S_k(m) is empty below k; a one-heap move leaves less than the heap.
                    let m_hi = if parts == 1 {
                        m_hi.min(n.saturating_sub(1))
                    } else {
                        m_hi
                    };
                    let m_lo = m_lo.max(parts);
                    if m_lo > m_hi {
                        continue;
                    }
                    if m_lo == parts && m_hi - m_lo >= PREFIX_MIN {
                        self.ensure_prefix(parts, m_hi)?;
                        if let Some(Some(p)) = self.prefix.get(parts) {
                            lower = lower.max(p.mex[m_hi] as usize);
                        }
                        // Only the furthest total of each `k` matters: the sets grow.
                        match self.checks.iter_mut().find(|(k, _)| *k == parts) {
                            Some(check) => check.1 = check.1.max(m_hi),
                            None => self.checks.push((parts, m_hi)),
                        }
                        continue;
                    }
                    for m in m_lo..=m_hi {
                        match parts {
                            1 => {
                                self.options.insert(self.g[m]);
                            }
                            2 if self.sets.is_empty() => {
                                memory::push(&mut self.pair_totals, m).ok_or_else(|| {
                                    Error::OutOfMemory {
                                        what: format!("a list of {m} totals of 8 bytes each"),
                                    }
                                })?;
                            }
                            k => {
                                self.ensure_sets(k, m, m)?;
                                for v in self.sets[k - 2].get(m).iter() {
                                    self.options.insert(v);
                                }
                            }
                        }
                    }
                }
            }
        }
        self.families = families;
        let mut mex = self.mex_from(lower);
        if !self.pair_totals.is_empty() {
            mex = self.sparse_pairs(mex);
        }
        let value = u32::try_from(mex).map_err(|_| Error::Overflow {
            what: format!("the Grundy value of heap {n} does not fit in 32 bits"),
        })?;
        self.g.push(value);
        while self.bound <= mex {
            self.bound *= 2;
        }
        if n >= 1 && !self.is_common(mex) {
            push_rare(&mut self.rare, &mut self.rare_values, n, value)?;
        }
        if self.g.len() == self.next_split {
            self.choose_split()?;
            self.next_split = self.g.len() + self.g.len() / 4;
        }
        Ok(())
    }

    /// The least value `≥ from` that no option collected so far has.
    ///
    /// When every prefix family of this heap reaches the last total its prefix has built
    /// (the repeated digit of a code, "take any number" of a rule: the totals grow with the
    /// heap), the values it covers are skipped by its holes, so the walk only looks at the
    /// values that are holes of every prefix: amortised O(1 + options) a heap. Otherwise each
    /// value is checked against each prefix in turn.
    fn mex_from(&mut self, from: usize) -> usize {
        let at_the_end = self.checks.iter().all(|&(k, m)| {
            self.prefix[k]
                .as_ref()
                .is_some_and(|p| p.mex.len() == m + 1)
        });
        if at_the_end && !self.checks.is_empty() {
            let mut v = from;
            loop {
                // The least value from `v` that is a hole of every prefix: a fixed point.
                loop {
                    let mut moved = false;
                    for &(k, _) in &self.checks {
                        if let Some(p) = self.prefix[k].as_mut() {
                            let w = p.next_hole(v);
                            if w != v {
                                v = w;
                                moved = true;
                            }
                        }
                    }
                    if !moved {
                        break;
                    }
                }
                if !self.options.contains(v) {
                    return v;
                }
                v += 1;
            }
        }
        let mut v = from;
        loop {
            let taken = self.options.contains(v)
                || self.checks.iter().any(|&(k, m)| {
                    self.prefix[k]
                        .as_ref()
                        .and_then(|p| p.first.get(v))
                        .is_some_and(|&f| f as usize <= m)
                });
            if !taken {
                return v;
            }
            v += 1;
        }
    }

    /// The two-heap splits of this heap's totals by the sparse-space method: the pairs with a
    /// rare part, then, while the mex is rare, the rest. `mex` is the mex of the rest of the
    /// options; the result is `G(n)`.
    fn sparse_pairs(&mut self, mex: usize) -> usize {
        let totals = core::mem::take(&mut self.pair_totals);
        for &m in &totals {
            let end = self.rare.partition_point(|&r| r < m);
            for (&r, &v) in self.rare[..end].iter().zip(&self.rare_values[..end]) {
                self.options.insert(v ^ self.g[m - r]);
            }
        }
        let mut mex = self.mex_from(mex);
        // A pair of two common parts has a rare value, so a common mex is exact.
        'walk: for &m in &totals {
            if self.is_common(mex) {
                break;
            }
            let mut a = 1;
            while a <= m / 2 {
                let stop = (a + 64).min(m / 2 + 1);
                for b in a..stop {
                    self.options.insert(self.g[b] ^ self.g[m - b]);
                }
                a = stop;
                mex = self.mex_from(mex);
                if self.is_common(mex) {
                    break 'walk;
                }
            }
        }
        self.pair_totals = totals;
        mex
    }

    /// Builds `S_k(j)` for every `j` from `lo` to `m`, and with it the sets of the lower
    /// levels that they read: `S_(k-1)` from `lo - lo / k` to `m - 1`, and so on down (level
    /// by level, no recursion: `k` may be as large as the heap).
    ///
    /// A level builds on from its last total; one that has none starts at the first total
    /// asked of it, so that values continued from elsewhere (a checkpoint) cost only the
    /// sets their next heaps read. A total below a level's first is built by building the
    /// level again from 0 (and the levels below it), once.
    ///
    /// When `S_k(m)` is not built yet, `S_k(m + 1)` is built with it if its parts are known
    /// (its largest part is `m + 2 - k`, below the heap when `k ≥ 3` or a move takes
    /// tokens): the next heap needs it, and the two are then built at once, on two threads
    /// when they are large ([`State::build_sets`]). So each call builds two totals or none
    /// at the top level, at any thread count, and the tables are the same on any.
    fn ensure_sets(&mut self, k: usize, lo: usize, m: usize) -> Result<(), Error> {
        while self.sets.len() < k - 1 {
            let level = SetsByTotal::new(&mut self.meter)?;
            self.meter.push(&mut self.sets, level, || {
                format!("the tables of splits into up to {k} heaps")
            })?;
        }
        let top = &self.sets[k - 2];
        if !top.is_empty() && top.base <= lo && top.end() > m {
            return Ok(());
        }
        // `S_k(j)` needs `G` up to `j - k + 1`: the values below `g.len()` are known.
        let reach = (m + 1).min(self.g.len() + k - 2);
        // From the top down, where each level starts building (and whether it starts
        // again); the sets of totals `from..=upto` of level `k` read those of
        // `from - from / k..=upto - 1` of level `k - 1`.
        let (mut from, mut upto) = (lo, reach);
        let mut plan = Vec::new();
        for level in (2..=k).rev() {
            let sets = &self.sets[level - 2];
            let (start, restart) = if sets.is_empty() {
                (from, true)
            } else if from < sets.base {
                (0, true)
            } else {
                (sets.end(), false)
            };
            if start > upto {
                break;
            }
            memory::push(&mut plan, (level, start, upto, restart)).ok_or_else(|| {
                Error::OutOfMemory {
                    what: format!("a plan of {level} levels of sets"),
                }
            })?;
            from = start - start / level;
            upto = match upto.checked_sub(1) {
                Some(upto) => upto,
                None => break,
            };
        }
        for &(level, start, upto, restart) in plan.iter().rev() {
            if restart {
                self.sets[level - 2].restart(start, &mut self.meter);
            }
            self.build_sets(level, upto)?;
        }
        Ok(())
    }

    /// Builds `S_k(j)` for every `j ≤ m`, given `S_(k-1)` to `m - 1`.
    ///
    /// With the `parallel` feature, two totals whose work is large ([`PARALLEL_WORK`]) are
    /// built at once, each on half the threads of the current rayon pool when their number
    /// is even; a total built alone whose work is large, or any on an odd number of threads,
    /// is shared among them all. A total's share of its threads is a range
    /// of the smallest part of its splits. Each set is the same, in the same order, at any
    /// thread count.
    fn build_sets(&mut self, k: usize, m: usize) -> Result<(), Error> {
        let threads = threads();
        while self.sets[k - 2].end() <= m {
            let j = self.sets[k - 2].end();
            let (g, lower) = (&self.g, k.checked_sub(3).map(|below| &self.sets[below]));
            // The smallest part c of total j runs over 1..=j / k.
            let work = match lower {
                Some(lower) if j / k > 0 => (j / k).saturating_mul(lower.get(j - 1).len()),
                _ => j / k,
            };
            let large = work >= PARALLEL_WORK && threads > 1;
            // Two totals on half the threads each when the threads pair up; else one on all.
            let (totals, per) = match large {
                true if j < m && threads % 2 == 0 => (2, threads / 2),
                true => (1, threads),
                false => (1, 1),
            };
            #[cfg(test)]
            {
                if totals > 1 {
                    tests::PAIRED.with(|paired| paired.set(paired.get() + totals));
                }
                if per > 1 {
                    tests::SHARED.with(|shared| shared.set(shared.get() + totals));
                }
            }
            self.found
                .find(totals, per, self.bound, &mut self.meter, |share, t, i| {
                    let (j, parts) = (j + t, (j + t) / k);
                    let first = share_start(lower, j, parts, i, per);
                    let last = share_start(lower, j, parts, i + 1, per);
                    find_splits(share, g, lower, j, first..last);
                })?;
            for t in 0..totals {
                let j = j + t;
                self.sets[k - 2].push(self.found.found(t), &mut self.meter, || {
                    format!("the {k}-heap values of {j} tokens")
                })?;
            }
        }
        Ok(())
    }

    /// Builds the first appearances of the `k`-heap values for every total `≤ m`.
    fn ensure_prefix(&mut self, k: usize, m: usize) -> Result<(), Error> {
        if k >= 2 {
            // The sets from the first total the prefix has not seen.
            let seen = match self.prefix.get(k) {
                Some(Some(prefix)) => prefix.mex.len(),
                _ => 0,
            };
            self.ensure_sets(k, seen, m)?;
        }
        while self.prefix.len() <= k {
            self.meter.push(&mut self.prefix, None, || {
                format!("the first appearances of splits into up to {k} heaps")
            })?;
        }
        let prefix = self.prefix[k].get_or_insert_with(|| Prefix {
            first: Vec::new(),
            mex: Vec::new(),
            next: alloc::vec![0],
        });
        while prefix.mex.len() <= m {
            let j = prefix.mex.len();
            let values = match k {
                1 if j >= 1 => Set::Wide(core::slice::from_ref(&self.g[j])),
                1 => Set::Wide(&[]),
                _ => self.sets[k - 2].get(j),
            };
            for v in values.iter() {
                let v = v as usize;
                if prefix.first.len() <= v {
                    let more = v + 1 - prefix.first.len();
                    self.meter.room(&mut prefix.first, more, || {
                        format!("the first appearances of {} values", v + 1)
                    })?;
                    self.meter.room(&mut prefix.next, more, || {
                        format!("the holes among {} values", v + 2)
                    })?;
                    prefix.first.resize(v + 1, u32::MAX);
                    // The new values are holes, each its own root, and so is the one past.
                    let from = prefix.next.len();
                    prefix.next.extend((from..v + 2).map(|i| i as u32));
                }
                if prefix.first[v] == u32::MAX {
                    prefix.first[v] = j as u32;
                    // No longer a hole: look on from the next value.
                    prefix.next[v] = v as u32 + 1;
                }
            }
            let mut mex = prefix.mex.last().copied().unwrap_or(0) as usize;
            while prefix.first.get(mex).is_some_and(|&f| f != u32::MAX) {
                mex += 1;
            }
            self.meter.push(&mut prefix.mex, mex as u32, || {
                format!("the mex of the splits of {} totals", j + 1)
            })?;
        }
        Ok(())
    }

    /// Chooses the value mask that makes the fewest positions rare, by a Walsh–Hadamard
    /// transform of the histogram of values, and rebuilds the rare list.
    fn choose_split(&mut self) -> Result<(), Error> {
        let max = self.g.iter().copied().max().unwrap_or(0);
        let bits = (32 - max.leading_zeros()).min(MAX_KEY_BITS);
        let size = 1usize << bits;
        let low = (size - 1) as u32;
        let mut f = zeroed_histogram(size)?;
        for &v in self.g.iter().skip(1) {
            f[(v & low) as usize] += 1;
        }
        // f[mask] becomes (rare positions) − (common positions) under `mask`.
        walsh_hadamard(&mut f);
        self.mask = match (1..size).min_by_key(|&mask| (f[mask], mask)) {
            Some(mask) if f[mask] < f[0] => mask as u32,
            _ => 0,
        };
        self.rebuild_rare()
    }

    fn rebuild_rare(&mut self) -> Result<(), Error> {
        self.rare.clear();
        self.rare_values.clear();
        for (i, &v) in self.g.iter().enumerate().skip(1) {
            if !self.is_common(v as usize) {
                push_rare(&mut self.rare, &mut self.rare_values, i, v)?;
            }
        }
        Ok(())
    }
}

/// The values of rules described by families, by the definition: every option of every
/// heap, for checking the engine.
#[cfg(test)]
pub(crate) fn textbook<S: FamilySource>(source: &S, len: usize) -> Vec<u32> {
    use super::families::for_each_family_move;
    use core::ops::ControlFlow;
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let mut families = Vec::new();
        source.families(n as u128, &mut families).unwrap();
        let mut seen = Vec::new();
        let _ = for_each_family_move(&families, n as u128, |_, left| {
            seen.push(left.heaps().fold(0, |x, h| x ^ g[h as usize]));
            ControlFlow::Continue(())
        });
        g.push((0..).find(|v| !seen.contains(v)).unwrap_or(0));
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::Goal;
    use crate::sequence::families::CodeFamilies;
    use core::ops::ControlFlow;

    std::thread_local! {
        /// How many times this thread built an engine state from values.
        pub(super) static BUILT: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
        /// How many totals this thread shared among threads.
        pub(super) static SHARED: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
        /// How many totals this thread had built two at once.
        pub(super) static PAIRED: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
    }

    fn built() -> usize {
        BUILT.with(core::cell::Cell::get)
    }

    /// How many values the tables an engine keeps continue, if it keeps any.
    fn kept(engine: &General<CodeFamilies>) -> Option<usize> {
        engine.warm.0.lock().as_ref().map(|s| s.g.len())
    }

    /// A progress callback that stops a computation once `n` values are known.
    fn stop_at(n: usize) -> impl FnMut(&crate::sequence::Status) -> ControlFlow<()> {
        move |status| {
            if status.done >= n {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
    }

    fn at_once(source: &CodeFamilies, len: usize) -> Vec<u32> {
        let engine = General::new(source.clone());
        let grown = engine
            .compute(&Store::default(), len, usize::MAX, &mut |_| {
                ControlFlow::Continue(())
            })
            .unwrap();
        grown.sequence.values().to_vec()
    }

    fn code(digits: &[u8], repeat: u8) -> CodeFamilies {
        CodeFamilies {
            digits: digits.to_vec(),
            repeat,
        }
    }

    #[test]
    fn engine_matches_the_definition() {
        let codes = [
            code(&[0], 3),                      // Nim
            code(&[4], 3),                      // Lasker's Nim
            code(&[0, 3, 0, 0, 3, 3, 3, 0], 3), // all but {2, 3, 7}
            code(&[0, 8], 0),                   // take one, split the rest in three
            code(&[0, 15], 0),
            code(&[8], 0),  // split in three
            code(&[12], 0), // split in two or three
            code(&[0], 7),
            code(&[0, 7], 4),
            code(&[0, 2], 8),
            code(&[0, 0, 9], 0),
            code(&[0, 7, 7], 0), // Kayles, by this engine
            code(&[4, 1], 2),
            code(&[0], 1),
            code(&[0], 2),
            code(&[0, 6], 0),
        ];
        for c in &codes {
            let slow = textbook(c, 90);
            for len in [0, 1, 2, 5, 17, 64, 90] {
                assert_eq!(at_once(c, len), &slow[..len], "{c:?} to {len}");
            }
        }
        // Longer, for the split and the prefix tables to matter.
        for c in [
            code(&[0, 7, 7], 0),
            code(&[0, 6], 0),
            code(&[4], 3),
            code(&[0, 15], 0),
        ] {
            assert_eq!(at_once(&c, 400), textbook(&c, 400), "{c:?}");
        }
    }

    /// The tables built on many threads (here from 64 splits by values a total; two totals at
    /// once on an even number of threads, one shared among them on an odd number) are those
    /// of one thread: the values, and every set of split values, in the same order.
    #[cfg(feature = "parallel")]
    #[test]
    fn totals_shared_among_threads_are_those_of_one_thread() {
        type Tables = (Vec<u32>, Vec<(usize, Vec<usize>, Vec<u32>)>);
        let on = |c: &CodeFamilies, threads: usize| -> (Tables, (usize, usize)) {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                let shared = SHARED.with(core::cell::Cell::get);
                let paired = PAIRED.with(core::cell::Cell::get);
                let engine = General::new(c.clone());
                engine
                    .compute(&Store::default(), 260, usize::MAX, &mut |_| {
                        ControlFlow::Continue(())
                    })
                    .unwrap();
                let state = engine.warm.0.lock().take().unwrap();
                let sets = state
                    .sets
                    .iter()
                    .map(|level| {
                        let values = (level.base..level.end()).flat_map(|j| level.get(j).iter());
                        (level.base, level.offsets.clone(), values.collect())
                    })
                    .collect();
                let shared = SHARED.with(core::cell::Cell::get) - shared;
                let paired = PAIRED.with(core::cell::Cell::get) - paired;
                ((state.g, sets), (shared, paired))
            })
        };
        for c in [
            code(&[0, 8], 0),    // take one, split the rest in three
            code(&[0, 15], 0),   // take one, leave up to three heaps
            code(&[12], 0),      // split in two or three
            code(&[0, 0, 9], 0), // take two, leave none or three
            code(&[0, 0, 0, 0, 8, 0, 12], 0),
        ] {
            let (one, none) = on(&c, 1);
            assert_eq!(none, (0, 0), "{c:?}: one thread shares nothing");
            assert_eq!(one.0, textbook(&c, 260), "{c:?}");
            assert!(one.1.len() >= 2, "{c:?}: the three-heap sets are built");
            for threads in [2, 3, 4] {
                let (many, (shared, paired)) = on(&c, threads);
                // Two threads build two totals at once (and share the few built alone),
                // three share each total, four share each of two totals built at once.
                let pairs = threads % 2 == 0;
                assert!(
                    (shared > 100 || threads == 2)
                        && (paired > 100) == pairs
                        && (paired == 0) != pairs,
                    "{c:?}: {shared} totals shared, {paired} paired at {threads} threads"
                );
                assert_eq!(many, one, "{c:?} at {threads} threads");
            }
        }
    }

    /// A reset empties the set, also when the one-byte generation wraps (every 255 resets),
    /// also of a value inserted once, long before.
    #[test]
    fn stamps_are_empty_after_every_reset() {
        let mut meter = Meter {
            limit: usize::MAX,
            held: 0,
        };
        let mut set = Stamps::<u8>::new();
        set.reset(16, &mut meter).unwrap();
        assert!(set.insert(15) && !set.insert(15) && set.contains(15));
        for round in 0..1000u32 {
            set.reset(16, &mut meter).unwrap();
            let present: Vec<usize> = (0..16).filter(|&v| set.contains(v)).collect();
            assert!(present.is_empty(), "{present:?} after {} resets", round + 1);
            // Every value but 15, which was inserted once only, in turn.
            let (a, b) = (round % 15, (round * 7 + 3) % 15);
            assert!(set.insert(a));
            assert_eq!(set.insert(b), a != b);
            assert!(set.contains(a as usize) && set.contains(b as usize));
            assert!(!set.contains(15));
        }
    }

    /// The sets keep two bytes a value up to the first value past `NARROW_MAX`, then four,
    /// the same values, with the room of the two-byte values given back to the meter.
    #[test]
    fn sets_are_widened_once_a_value_needs_it() {
        let mut meter = Meter {
            limit: usize::MAX,
            held: 0,
        };
        let mut sets = SetsByTotal::new(&mut meter).unwrap();
        let what = || alloc::string::String::from("sets");
        let totals: [&[u32]; 5] = [&[], &[0, 7, NARROW_MAX], &[3], &[NARROW_MAX + 1, 2], &[9]];
        for (j, found) in totals.iter().enumerate() {
            sets.push(found, &mut meter, what).unwrap();
            let narrow = matches!(sets.values, Packed::Narrow(_));
            assert_eq!(narrow, j < 3, "two bytes a value while every value fits");
            for (i, found) in totals[..=j].iter().enumerate() {
                assert_eq!(sets.get(i).iter().collect::<Vec<_>>(), *found, "set {i}");
                assert_eq!(sets.get(i).len(), found.len());
            }
        }
        // The charged room: the offsets' and the four-byte values', not the two-byte ones.
        let Packed::Wide(wide) = &sets.values else {
            unreachable!()
        };
        assert_eq!(
            meter.held,
            sets.offsets.capacity() * size_of::<usize>() + wide.capacity() * size_of::<u32>()
        );
    }

    #[test]
    fn continued_tables_are_the_tables_computed_at_once() {
        for c in [
            code(&[4], 3),
            code(&[0, 8], 0),
            code(&[0, 6], 0),
            code(&[0], 7),
        ] {
            let engine = General::new(c.clone());
            let whole = at_once(&c, 200);
            for cut in [0, 1, 15, 16, 17, 64, 150, 199] {
                let first = engine
                    .compute(&Store::default(), cut, usize::MAX, &mut |_| {
                        ControlFlow::Continue(())
                    })
                    .unwrap();
                let rest = engine
                    .compute(first.sequence.store(), 200, usize::MAX, &mut |_| {
                        ControlFlow::Continue(())
                    })
                    .unwrap();
                assert_eq!(rest.sequence.values(), &whole[..], "{c:?} cut at {cut}");
            }
        }
    }

    /// Values continued by an engine that did not compute them (a checkpoint resumed in
    /// another process) are those computed at once, and the engine builds only the sets its
    /// next heaps read: not those of every total below them, which for `0.8` cost about as
    /// much as the values. A total below the first one built (a prefix family reads every
    /// total from 0) builds its level again from 0.
    #[test]
    fn values_continued_cold_build_only_the_sets_they_read() {
        for c in [
            code(&[0, 8], 0),
            code(&[0, 15], 0),
            code(&[12], 0),
            code(&[0, 0, 9], 0),
            code(&[0, 8, 0], 8), // take one or three or more, leave three heaps: a prefix
            code(&[4], 3),
        ] {
            let whole = at_once(&c, 300);
            for cut in [0, 1, 15, 16, 17, 64, 150, 299] {
                let start = Store::compact(whole[..cut].to_vec()).unwrap();
                let engine = General::new(c.clone());
                let rest = engine
                    .compute(&start, 300, usize::MAX, &mut |_| ControlFlow::Continue(()))
                    .unwrap();
                assert_eq!(rest.sequence.values(), &whole[..], "{c:?} cut at {cut}");
                let state = engine.warm.0.lock().take().unwrap();
                let bases: Vec<usize> = state.sets.iter().map(|level| level.base).collect();
                let prefix = c.repeat == 8;
                if cut >= 150 && c.digits.iter().any(|&d| d >= 8) {
                    // The three-heap sets start near the cut, unless a prefix reads them
                    // all; the pair sets a third of the way below it.
                    let top = bases[1];
                    assert_eq!(top == 0, prefix, "{c:?} cut at {cut}: {bases:?}");
                    if !prefix {
                        assert!(top + 3 >= cut, "{c:?} cut at {cut}: {bases:?}");
                        assert!(bases[0] >= cut / 2, "{c:?} cut at {cut}: {bases:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_computation_interrupted_is_continued_from_its_kept_tables() {
        // A growth stopped by its progress callback keeps its working tables, and the next
        // computation that continues its values takes them instead of building them again
        // (for a code whose families reach the smallest total, every total's tables). The
        // values are those computed at once.
        for c in [code(&[0, 8], 0), code(&[4], 3), code(&[0, 15], 0)] {
            let whole = at_once(&c, 700);
            let engine = General::new(c.clone());
            let mut store = Store::default();
            let before = built();
            for stop in [64, 128, 320, 640] {
                let grown = engine
                    .compute(&store, 700, usize::MAX, &mut stop_at(stop))
                    .unwrap();
                assert!(grown.stopped.is_some(), "{c:?} stopped at {stop}");
                assert_eq!(grown.sequence.values(), &whole[..stop], "{c:?} at {stop}");
                assert_eq!(kept(&engine), Some(stop), "{c:?} kept at {stop}");
                store = grown.sequence.store().clone();
            }
            let rest = engine
                .compute(&store, 700, usize::MAX, &mut |_| ControlFlow::Continue(()))
                .unwrap();
            assert_eq!(rest.sequence.values(), &whole[..], "{c:?}");
            // One state built, by the first computation; each other continued it.
            assert_eq!(built() - before, 1, "{c:?}");
            // A computation that ends keeps its tables for the next step of its growth, and
            // the growth's end drops them.
            assert_eq!(kept(&engine), Some(700), "{c:?}");
            engine.release();
            assert_eq!(kept(&engine), None, "{c:?}");
            // Clones of the rules share nothing, and the tables take no part in equality.
            assert_eq!(engine.clone(), General::new(c.clone()));
        }
    }

    #[test]
    fn a_growth_by_doubling_builds_its_tables_once() {
        // A heap question grows the table by doubling (64, 128, …): each step continues the
        // last one's tables, and the growth drops them when it returns; a growth its callback
        // stops keeps them for the next, which drops them at its end.
        use crate::sequence::table::{Budget, Table};
        let c = code(&[0, 8], 0);
        let whole = at_once(&c, 1024);
        let table = Table::new(General::new(c.clone()));
        let before = built();
        let answered = table
            .grow(Budget::default(), Goal::Heap(700), &mut |_| {
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(answered.values(), &whole[..]);
        assert_eq!(built() - before, 1);
        assert_eq!(kept(table.engine()), None);
        let table = Table::new(General::new(c.clone()));
        let stopped = table.grow(Budget::default(), Goal::Values(1024), &mut stop_at(320));
        assert_eq!(
            stopped.map(|s| s.len()),
            Err(Error::Interrupted { computed: 320 })
        );
        assert_eq!(kept(table.engine()), Some(320));
        let done = table
            .grow(Budget::default(), Goal::Values(1024), &mut |_| {
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(done.values(), &whole[..]);
        assert_eq!(built() - before, 2);
        assert_eq!(kept(table.engine()), None);
    }

    #[test]
    fn kept_tables_serve_only_the_values_they_continue() {
        // Other values of the same length (a table resumed from an edited checkpoint), a
        // shorter table, or a smaller memory budget than the tables hold: the kept tables
        // are dropped and the computation starts from the values it is given.
        let c = code(&[0, 8], 0);
        let whole = at_once(&c, 400);
        let engine = General::new(c.clone());
        let mut stop = stop_at(192);
        let first = engine
            .compute(&Store::default(), 400, usize::MAX, &mut stop)
            .unwrap();
        assert_eq!(first.sequence.values(), &whole[..192]);
        // The values of another game: continued from them, not from the kept tables.
        let other = code(&[0, 15], 0);
        let theirs = at_once(&other, 192);
        let edited = Store::compact(theirs.clone()).unwrap();
        let continued = engine
            .compute(&edited, 400, usize::MAX, &mut |_| ControlFlow::Continue(()))
            .unwrap();
        let from_scratch = General::new(c.clone())
            .compute(&edited, 400, usize::MAX, &mut |_| ControlFlow::Continue(()))
            .unwrap();
        assert_eq!(continued.sequence.values(), from_scratch.sequence.values());
        assert_eq!(kept(&engine), Some(400));
        assert_ne!(continued.sequence.values(), &whole[..]);
        // A shorter table than the tables kept.
        let mut stop = stop_at(192);
        engine
            .compute(&Store::default(), 400, usize::MAX, &mut stop)
            .unwrap();
        let short = Store::compact(whole[..128].to_vec()).unwrap();
        let rest = engine
            .compute(&short, 400, usize::MAX, &mut |_| ControlFlow::Continue(()))
            .unwrap();
        assert_eq!(rest.sequence.values(), &whole[..]);
        // A budget smaller than the tables hold: refused as a computation from the values is.
        let mut stop = stop_at(192);
        let first = engine
            .compute(&Store::default(), 400, usize::MAX, &mut stop)
            .unwrap();
        let held = engine.warm.0.lock().as_ref().map(|s| s.meter.held).unwrap();
        let outcome = |grown: Result<Grown, Error>| {
            grown.map(|g| (g.sequence.values().to_vec(), g.stopped.is_some()))
        };
        let tight = outcome(
            engine.compute(first.sequence.store(), 400, held / 2, &mut |_| {
                ControlFlow::Continue(())
            }),
        );
        let fresh = outcome(General::new(c.clone()).compute(
            first.sequence.store(),
            400,
            held / 2,
            &mut |_| ControlFlow::Continue(()),
        ));
        assert_eq!(tight, fresh);
        assert!(!matches!(tight, Ok((_, false))), "{tight:?}");
    }

    #[test]
    fn lasker_and_the_all_but_game() {
        let lasker = at_once(&code(&[4], 3), 41);
        for k in 0..10u32 {
            let n = (4 * k) as usize;
            assert_eq!(lasker[n + 1], 4 * k + 1);
            assert_eq!(lasker[n + 2], 4 * k + 2);
            assert_eq!(lasker[n + 3], 4 * k + 4);
            assert_eq!(lasker[n + 4], 4 * k + 3);
        }
        let all_but = at_once(&code(&[0, 3, 0, 0, 3, 3, 3, 0], 3), 21);
        assert_eq!(
            &all_but[1..],
            &[1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9, 8, 9, 10]
        );
    }
}
