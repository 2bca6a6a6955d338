//! The pruning search: values from the questions "is `G + *n` a P-position?".

#[cfg(feature = "std")]
use super::Encode;
use crate::solve::Evaluator;
use crate::solve::solver::{Keyed, Table, key_of, moves_kept};
use crate::{DEFAULT_MOVE_LIMIT, DEFAULT_POSITION_LIMIT, Error, Game, Nimber, Outcome, Play};
use alloc::vec::Vec;
use core::fmt;
use core::hash::BuildHasher;
use core::mem::size_of;
use core::ops::ControlFlow;
use foldhash::fast::FixedState;

/// The most options one position may list: a position's list numbers its options' parts
/// with 31 bits, and its value is at most its number of options, so values stay far below
/// `u32::MAX`. (The moves listed in all are counted in a `usize`, with no such bound.)
const MOST_OPTIONS: usize = LAZY as usize - 1;

/// The error of a position that lists more than [`MOST_OPTIONS`] of `what` (its options, or
/// their parts).
fn too_many(what: &str) -> Error {
    Error::OutOfMemory {
        what: alloc::format!(
            "{what} of one position (more than {MOST_OPTIONS}, the most the pruning search \
             lists of one position)"
        ),
    }
}

/// The most positions stored at once: their indices are 31 bits, and an entry of a list of
/// options with this bit set is not a stored index but a part not stored yet (see
/// [`Pruning::expand`]). Past it (a search with no memory limit that stores two billion
/// positions) the search forgets, as it does at its memory limit.
const LAZY: u32 = 1 << 31;

/// Room left above the entries a search keeps before a sweep, for the options of the one
/// position listed between two sweeps.
const ROOM: usize = 1 << 16;

/// The place of a stored position's list of options when it has none.
const NO_LIST: u32 = u32::MAX;

/// How many candidates above its lower bound a stored position's facts can rule out.
const CANDIDATES: u32 = 31;

/// With no memory limit, the mere bounds (not values) that cost fewer moves than this are
/// forgotten each time the stored entries double, from [`COMPACT_FROM`] on: they are most
/// of what a search stores (on Cram 5 × 8, 1.44 M bounds beside 210 k values, 893 k of them
/// found in fewer than 16 moves), cheap to find again, and their bytes push the useful
/// entries out of the cache. Cram 5 × 8 stores about 390 k entries instead of 1.65 M, in
/// 22 MB instead of 72 MB, and takes a tenth to a fifth less time.
const CHEAP: u32 = 1024;

/// The entries from which a search with no memory limit forgets its cheap bounds (a few in
/// the unit tests, so that small searches forget too).
const COMPACT_FROM: usize = if cfg!(test) { 64 } else { 1 << 16 };

/// The bit of [`Facts::work`] that marks a position open.
const OPEN: u32 = 1 << 31;

/// What the search knows of one stored position's value: 16 bytes, so that a position of
/// 16 bytes and its facts fill half a cache line.
#[derive(Clone, Copy, Debug)]
pub(super) struct Facts {
    /// The value is at least `lo` (and is `lo` when exact).
    pub(super) lo: u32,
    /// Bit 0: the value is `lo` (exact). Bit `i` from 1 to [`CANDIDATES`]: the value is not
    /// `lo + i`. Only bit 0 is set when exact.
    not: u32,
    /// The position's measure ([`Game::measure`], else its moves), once found (`u32::MAX`
    /// before; a larger measure is kept as `u32::MAX - 1`: it only orders the options).
    size: u32,
    /// What its facts cost (the low 31 bits): the moves the search listed while questions
    /// about it were open, added up (saturating). The sweep keeps the values, then the
    /// costliest. The top bit, [`OPEN`]: a question about this position is open on the
    /// stack through a move or a part (not counting its own questions about smaller
    /// nimbers): a question that meets an open position has gone round a cycle. An open
    /// position is never forgotten.
    work: u32,
}

impl Facts {
    pub(super) fn new() -> Facts {
        Facts {
            lo: 0,
            not: 0,
            size: u32::MAX,
            work: 0,
        }
    }

    /// The facts a saved search holds: `not` (bit `i`: the value is not `lo + i`, bit 0
    /// clear) keeps the candidates up to [`CANDIDATES`] above `lo` and forgets the others
    /// (the search stays exact, it only knows less).
    #[cfg(feature = "std")]
    pub(super) fn from_saved(lo: u32, not: u64, exact: bool, work: u32) -> Facts {
        Facts {
            lo,
            not: if exact { 1 } else { (not & 0xFFFF_FFFE) as u32 },
            size: u32::MAX,
            work: work.min(!OPEN),
        }
    }

    /// The value is `lo`.
    #[inline]
    pub(super) fn exact(&self) -> bool {
        self.not & 1 == 1
    }

    /// Bit `i`: the value is not `lo + i` (bit 0 clear), as a saved search writes it.
    #[cfg(feature = "std")]
    pub(super) fn ruled_out(&self) -> u64 {
        u64::from(self.not & !1)
    }

    /// What the facts cost, in moves listed.
    #[inline]
    pub(super) fn work(&self) -> u32 {
        self.work & !OPEN
    }

    /// Whether a question about the position is open on the stack.
    #[inline]
    fn is_open(&self) -> bool {
        self.work & OPEN != 0
    }

    /// Marks a question about the position open or closed.
    #[inline]
    fn set_open(&mut self, open: bool) {
        self.work = (self.work & !OPEN) | if open { OPEN } else { 0 };
    }

    /// The measure, once found.
    #[inline]
    fn size(&self) -> Option<u64> {
        (self.size != u32::MAX).then_some(u64::from(self.size))
    }

    /// Keeps the measure.
    #[inline]
    fn set_size(&mut self, size: u64) {
        self.size = u32::try_from(size).unwrap_or(u32::MAX).min(u32::MAX - 1);
    }

    /// Whether the facts say anything: a position that knows nothing is not worth keeping.
    #[inline]
    pub(super) fn is_known(&self) -> bool {
        self.lo > 0 || self.not != 0
    }

    /// Whether the value is `n`, where the facts tell.
    #[inline]
    fn is(&self, n: u32) -> Option<bool> {
        if self.exact() {
            Some(self.lo == n)
        } else if n < self.lo || (n - self.lo <= CANDIDATES && self.not >> (n - self.lo) & 1 == 1) {
            Some(false)
        } else {
            None
        }
    }

    /// The value is not `n`.
    #[inline]
    fn rule_out(&mut self, n: u32) {
        if self.exact() || n < self.lo || n - self.lo > CANDIDATES {
            return;
        }
        self.not |= 1 << (n - self.lo);
        // Bit 0 set means the least candidate is ruled out: the bound moves up past every
        // candidate ruled out from it (bit 0 is clear again after, as it must be for facts
        // that are not exact).
        let shift = self.not.trailing_ones();
        // Every candidate below u32::MAX ruled out cannot happen: a value is at most the
        // number of options, and a position lists fewer than MOST_OPTIONS.
        self.lo = self.lo.saturating_add(shift);
        self.not = self.not.checked_shr(shift).unwrap_or(0);
    }

    /// The value is `n`.
    #[inline]
    fn settle(&mut self, n: u32) {
        self.lo = n;
        self.not = 1;
    }

    /// Adds the moves listed since `since` (the count then) to the facts' cost.
    #[inline]
    fn cost(&mut self, since: usize, now: usize) {
        let spent = u32::try_from(now - since).unwrap_or(u32::MAX);
        let work = self.work().saturating_add(spent).min(!OPEN);
        self.work = (self.work & OPEN) | work;
    }
}

/// A stored position and what the search knows of it.
#[derive(Clone, Debug)]
struct Entry<G> {
    position: G,
    facts: Facts,
}

impl<G: Game> Keyed for Entry<G> {
    /// The position's key, hashed again (a table that grows or is rebuilt after a sweep
    /// reads each entry's key once).
    #[inline]
    fn key(&self) -> u32 {
        position_key(&self.position)
    }
}

/// The key of a stored position in the search's [`Table`]: one fixed hasher, so that the key
/// an entry is stored under is the key it is found and rebuilt by.
#[inline]
fn position_key<G: Game>(position: &G) -> u32 {
    key_of(&FixedState::default(), position)
}

/// One task on the search's stack. Each answers its parent through the search's one return
/// register: a value, or 1 (P-position) and 0 (N-position) for a question.
#[derive(Debug)]
enum Task {
    /// The value of stored position `id`: ask its candidates, least first. `since` is the
    /// search's move count when it began.
    Value { id: u32, since: usize },
    /// Is stored position `id` plus `*n` a P-position (is its value `n`)?
    Ask {
        id: u32,
        n: u32,
        /// Asked through a move or a part (it holds the position open), not by the position
        /// itself about a smaller nimber.
        opened: bool,
        /// Where the next option to ask about starts in the position's list of options, then
        /// (past the options) the next smaller nimber.
        next: usize,
        /// Past the options: asking the position about nimbers `m < n`.
        below: bool,
        /// The search's move count when the question was opened.
        since: usize,
    },
    /// Is the value just found (of a position asked about a nimber far above what its facts
    /// hold) `n`?
    Compare { n: u32 },
    /// Is a position that split into `parts` plus `*n` a P-position? The parts but the last
    /// are valued, one after another, and the last is asked about `n` plus their values.
    Split {
        parts: Vec<u32>,
        /// How many of the parts but the last have been valued.
        done: usize,
        /// `n` plus the values found so far.
        n: u32,
    },
}

impl Task {
    /// The stored positions the task refers to.
    fn ids(&mut self) -> &mut [u32] {
        match self {
            Task::Value { id, .. } | Task::Ask { id, .. } => core::slice::from_mut(id),
            Task::Split { parts, .. } => parts,
            Task::Compare { .. } => &mut [],
        }
    }
}

/// What setting up a question gave: its answer at once, or the tasks that find it (a task to
/// push below the first, if any, and the first).
enum Step {
    Answer(bool),
    Then(Option<Task>, Task),
}

/// Why a listing stopped at its [`Room`]: the memory limit, or the error it found (the
/// position limit, or memory the buffers could not get).
enum Crowded {
    Memory,
    Error(Error),
}

/// What the listing of one position's options may hold, checked after each option: the
/// [`Pruning`]'s limits applied to the positions and bytes it holds before any of it is kept.
///
/// - **The position limit**, counted in positions as the [`Solver`](crate::Solver)'s
///   listing counts them: each time the listing holds `cap` options or parts not stored,
///   their repeats are dropped ([`drop_repeats`]); `limit` distinct ones of either are
///   more positions than the limit, with the position itself
///   ([`Error::PositionLimit`]); else the listing goes on to the limit more. It holds at
///   most twice the limit of each, however many moves the position has.
/// - **The memory limit**, in bytes counted by length as the lists' budget counts them: the
///   listing's own buffers (the parts not stored, the parts and the end of each option, and
///   the order of the options that [`keep_list`](Pruning::keep_list) sorts) within the
///   room left for them, `scratch`, and the list it would keep (a count and the parts of
///   each option, the parts not stored by value) within what the lists' share has left,
///   `list`; past either, [`Error::SearchMemoryLimit`].
struct Room {
    cap: usize,
    limit: usize,
    /// The bytes of the listing's buffers (`usize::MAX`: no memory limit).
    scratch: usize,
    /// The bytes of the list it would keep.
    list: usize,
    /// The bytes of one part not stored.
    part: usize,
    /// What the parts not stored own outside themselves ([`Game::owned_bytes`]).
    owned: usize,
}

impl Room {
    /// The bytes of the order of one option, as [`keep_list`](Pruning::keep_list) sorts it.
    const ORDER: usize = size_of::<(u64, u32, u32)>();

    /// Whether the listing of `split`, `flat` and `ends` is at its cap or past its bytes.
    #[inline]
    fn full<G>(&self, split: &[(G, u32)], flat: &[u32], ends: &[u32]) -> bool {
        ends.len() >= self.cap || split.len() >= self.cap || self.past_bytes(split, flat, ends)
    }

    /// Whether the listing is past the bytes of the memory limit.
    #[inline]
    fn past_bytes<G>(&self, split: &[(G, u32)], flat: &[u32], ends: &[u32]) -> bool {
        if self.scratch == usize::MAX {
            return false;
        }
        let (split, flat, ends) = (split.len(), flat.len(), ends.len());
        let word = size_of::<u32>();
        let scratch = split * self.part + (flat + ends) * word + ends * Self::ORDER;
        let list = split * self.part + (flat + ends) * word;
        scratch.saturating_add(self.owned) > self.scratch
            || list.saturating_add(self.owned) > self.list
    }

    /// Makes room for the listing to go on, or finds that none can be made: past the
    /// bytes, [`Crowded::Memory`]; at its cap, the repeats are dropped, and `limit` distinct
    /// options or parts not stored are [`Error::PositionLimit`].
    #[cold]
    fn make<G: Game>(
        &mut self,
        split: &mut Vec<(G, u32)>,
        flat: &mut Vec<u32>,
        ends: &mut Vec<u32>,
    ) -> Result<(), Crowded> {
        if self.past_bytes(split, flat, ends) {
            return Err(Crowded::Memory);
        }
        if ends.len() < self.cap && split.len() < self.cap {
            return Ok(());
        }
        drop_repeats(split, flat, ends).map_err(Crowded::Error)?;
        self.owned = crate::game::owned_bytes_of(split.iter().map(|(p, _)| p));
        if ends.len() >= self.limit || split.len() >= self.limit {
            return Err(Crowded::Error(Error::PositionLimit { limit: self.limit }));
        }
        self.cap = ends.len().max(split.len()).saturating_add(self.limit);
        Ok(())
    }
}

/// Drops the repeats of a listing's parts not stored (`split`, to which the entries
/// `LAZY | i` of `flat` refer), then of its options (the runs of `flat` that `ends` ends),
/// keeping the first of each in its order.
#[cold]
fn drop_repeats<G: Game>(
    split: &mut Vec<(G, u32)>,
    flat: &mut Vec<u32>,
    ends: &mut Vec<u32>,
) -> Result<(), Error> {
    let too_big = |what: &str| Error::OutOfMemory {
        what: alloc::format!("the {what} to drop the repeats of one position's options"),
    };
    // The parts: `to[i]`, the new place of part `i` (that of the first part equal to it).
    let mut keys: Vec<(u32, u32)> = Vec::new();
    keys.try_reserve_exact(split.len())
        .map_err(|_| too_big("keys"))?;
    keys.extend(
        split
            .iter()
            .enumerate()
            .map(|(i, (_, key))| (*key, i as u32)),
    );
    keys.sort_unstable();
    let mut to = crate::memory::filled(split.len(), u32::MAX).ok_or_else(|| too_big("places"))?;
    for run in keys.chunk_by(|a, b| a.0 == b.0) {
        for (j, &(_, i)) in run.iter().enumerate() {
            // The parts of a run are in their order: the first equal one is the one kept.
            let first = run[..j]
                .iter()
                .find(|&&(_, e)| to[e as usize] == e && split[e as usize].0 == split[i as usize].0);
            to[i as usize] = first.map_or(i, |&(_, e)| e);
        }
    }
    let mut kept = 0u32;
    for i in 0..to.len() {
        let first = to[i] as usize;
        if first == i {
            to[i] = kept;
            kept += 1;
        } else {
            // An earlier part, renumbered already.
            to[i] = to[first];
        }
    }
    let mut i = 0;
    let mut next = 0;
    split.retain(|_| {
        i += 1;
        let first = to[i - 1] == next;
        next += u32::from(first);
        first
    });
    for entry in flat.iter_mut().filter(|e| **e & LAZY != 0) {
        *entry = LAZY | to[(*entry & !LAZY) as usize];
    }
    // The options: equal runs of `flat` (the same parts in the same order).
    let option = |k: usize, ends: &[u32]| {
        let start = if k == 0 { 0 } else { ends[k - 1] as usize };
        start..ends[k] as usize
    };
    let hasher = FixedState::default();
    let mut hashes: Vec<(u64, u32)> = Vec::new();
    hashes
        .try_reserve_exact(ends.len())
        .map_err(|_| too_big("hashes"))?;
    hashes.extend((0..ends.len()).map(|k| (hasher.hash_one(&flat[option(k, ends)]), k as u32)));
    hashes.sort_unstable();
    let mut repeat = crate::memory::filled(ends.len(), false).ok_or_else(|| too_big("marks"))?;
    for run in hashes.chunk_by(|a, b| a.0 == b.0) {
        for (j, &(_, k)) in run.iter().enumerate() {
            let parts = &flat[option(k as usize, ends)];
            let again = run[..j]
                .iter()
                .any(|&(_, e)| !repeat[e as usize] && flat[option(e as usize, ends)] == *parts);
            repeat[k as usize] = again;
        }
    }
    let (mut write, mut start) = (0, 0);
    let mut options = 0;
    for k in 0..ends.len() {
        let end = ends[k] as usize;
        if !repeat[k] {
            flat.copy_within(start..end, write);
            write += end - start;
            ends[options] = write as u32;
            options += 1;
        }
        start = end;
    }
    flat.truncate(write);
    ends.truncate(options);
    Ok(())
}

/// A pruning search for any finite impartial [`Game`] under normal play: values, outcomes and
/// every winning move, found by asking "is this position plus `*n` a P-position?" and
/// stopping at the first option that answers.
///
/// See the [module docs](crate::search) for the method and for when to prefer it to the
/// [`Solver`](crate::Solver). It implements [`Evaluator`], so it answers the same questions
/// with the same names; misère play is [`Error::MisereUnsupported`] (the `Solver` searches
/// it).
///
/// # Laws
///
/// - `G(p) = n` ⇔ `p + *n` is a P-position ⇔ no option `q` of `p` has `G(q) = n` and every
///   `m < n` is the value of an option.
/// - A position that splits into parts ([`Game::parts`]) has the nim-sum of their values.
/// - Positions with one representative ([`Game::canonical`]) have one value.
///
/// # Algorithm
///
/// A depth-first search with an explicit stack (no recursion: a deep game cannot overflow the
/// call stack) of three kinds of task: *value* a position (ask it `*0`, `*1`, … until one is
/// its value), *ask* a position about `*n` (its options first, stopping at the first whose
/// answer is P, then the smaller nimbers), and *split* a position into parts (value all but
/// the part that [measures](Game::measure) most, ask that one about `n` plus their values).
/// A stored position keeps its facts beside it in 16 bytes: its value once known, else a
/// lower bound and the 31 candidates above it that are ruled out, so that a question
/// already answered, or implied, costs one lookup. A position asked a question lists its options, looks each
/// up as [`for_each_move`](Game::for_each_move) hands it over, and breaks the listing off at
/// the first whose stored facts answer the question (on Cram most questions end there,
/// before most options are even made: 5 × 8 makes 18.5 M options instead of the 48 M a
/// full listing of each position would); otherwise it keeps
/// the list while it is asked, and drops it once its value is known. An option is stored
/// only when a question reaches it (most are never reached: one answer ends a question),
/// until then it is kept in the list by value. A [memory limit](Pruning::with_memory_limit)
/// makes the table forget what is cheapest to find again, and with none the cheapest bounds
/// are forgotten as the table doubles
/// ([the policy](crate::search#the-table-and-its-memory)).
///
/// # Complexity
///
/// At most that of the [`Solver`](crate::Solver) times the largest value asked about, and on
/// games that split far less: on Cram, the parts are asked questions and most positions are
/// never valued. Memory: the stored positions, one each per representative, or at most the
/// memory limit.
///
/// # Errors
///
/// The [`fault`](Game::fault) of a position that cannot list its moves;
/// [`Error::Cycle`] for a game that reaches a position again; [`Error::PositionLimit`],
/// [`Error::SearchMoveLimit`] and [`Error::SearchMemoryLimit`] past the budgets. After an
/// error the search keeps every fact it has proven and answers later questions.
///
/// # Examples
///
/// ```
/// use core::ops::ControlFlow;
/// use grundy::prelude::*;
/// use grundy::search::Pruning;
///
/// #[derive(Clone, PartialEq, Eq, Hash, Debug)]
/// struct Pile(u32); // take 1, 3 or 4
///
/// impl Game for Pile {
///     type Move = u32;
///     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
///     where
///         F: FnMut(u32, Pile) -> ControlFlow<()>,
///     {
///         for take in [1, 3, 4] {
///             if take <= self.0 {
///                 visit(take, Pile(self.0 - take))?;
///             }
///         }
///         ControlFlow::Continue(())
///     }
/// }
///
/// let mut search = Pruning::new();
/// assert_eq!(search.outcome(&Pile(7), Play::Normal)?, Outcome::Previous);
/// assert_eq!(search.grundy(&Pile(10))?, Nimber::new(1));
/// let winning: Vec<u32> = search.winning_moves(&Pile(10), Play::Normal)?.collect();
/// assert_eq!(winning, [1, 3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Pruning<G: Game> {
    /// The stored positions, each with its facts beside it: a lookup that finds a position
    /// reads its facts from the same cache line or the next.
    entries: Vec<Entry<G>>,
    /// For each stored position, the place in `lists` of its options while a question about
    /// it is open (see [`expand`](Pruning::expand)), else `NO_LIST`.
    kids: Vec<u32>,
    /// The lists of options of the positions being asked: dropped when the question closes,
    /// so that only the open questions hold one (4 bytes an entry, not a list each).
    lists: Vec<Vec<u32>>,
    /// The places in `lists` free for another list.
    free_lists: Vec<u32>,
    /// The parts of listed options not stored yet, with their keys: an entry `LAZY | i` of
    /// a list of options is `lazy[i]`. Stored when a question reaches its option; kept until
    /// a sweep.
    lazy: Vec<(G, u32)>,
    /// How many entries of the lists refer to `lazy` (a part that several refer to, after a
    /// listing dropped the repeats, counts for each): the entries of `lazy` none refers to
    /// are room that [`renumber_lists`](Pruning::renumber_lists) frees.
    lazy_live: usize,
    /// What the parts in `lazy` own outside themselves ([`Game::owned_bytes`]), added up
    /// (saturating).
    lazy_owned: usize,
    /// The bytes of the parts of the position [`grundy`](Evaluator::grundy) is valuing that
    /// are held by value, not searched yet: their vector and what they own. Counted with the
    /// lists of options.
    roots: usize,
    /// What the stored positions own outside themselves ([`Game::owned_bytes`]), added up
    /// (saturating): counted against the entries' share of the memory limit.
    owned: usize,
    table: Table,
    stack: Vec<Task>,
    position_limit: usize,
    move_limit: usize,
    moves: usize,
    /// The memory limit in bytes (`usize::MAX`: none).
    memory_limit: usize,
    /// The most entries stored before a sweep forgets some.
    entry_limit: usize,
    /// The most bytes of option lists and stack before a sweep.
    list_limit: usize,
    /// The bytes the option lists hold (their capacities).
    list_bytes: usize,
    /// How many entries the sweeps have forgotten.
    forgotten: u64,
    /// With no memory limit, the entries past which the cheap bounds are forgotten.
    compact_at: usize,
    /// The entries' arrays and their index may be sized for more entries than the memory
    /// limit keeps (it was set on a search that held entries): the next question gives
    /// back what is past it ([`give_back`](Pruning::give_back)).
    oversized: bool,
    /// Scratch, kept for its memory (under a memory limit, only within the room left for
    /// it: see [`trim_scratch`](Pruning::trim_scratch)): positions still to split, the
    /// stored parts of one position or option (and where the options of one position end),
    /// the parts of the options of one position, their order, and their parts not stored.
    pending: Vec<G>,
    parts: Vec<u32>,
    flat: Vec<u32>,
    order: Vec<(u64, u32, u32)>,
    split: Vec<(G, u32)>,
}

impl<G: Game> fmt::Debug for Pruning<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pruning")
            .field("positions", &self.entries.len())
            .field("forgotten", &self.forgotten)
            .field("position_limit", &self.position_limit)
            .field("move_limit", &self.move_limit)
            .field("memory_limit", &self.memory_limit)
            .finish()
    }
}

impl<G: Game> Default for Pruning<G> {
    fn default() -> Self {
        Self::new()
    }
}

/// The bytes one stored entry takes outside the table: the position with its facts, as the
/// entries' array holds them (padding included: a position of 2 bytes takes 4 there), and
/// the place of its list of options.
const fn entry_bytes<G>() -> usize {
    size_of::<Entry<G>>() + size_of::<u32>()
}

/// `owned` bytes counted in entries of [`entry_bytes`] each, rounded up: what the positions
/// own outside themselves takes the place of entries in the entries' share of the limit.
const fn units<G>(owned: usize) -> usize {
    owned.div_ceil(entry_bytes::<G>())
}

/// The most entries of `entry` bytes that half of `memory` holds with the table that
/// indexes them (5 bytes a slot, at most seven eighths of the slots full, and a sixteenth of
/// them left as room for the options listed between two sweeps).
fn entries_within(memory: usize, entry: usize) -> usize {
    if memory == usize::MAX {
        return LAZY as usize - ROOM;
    }
    let share = memory / 2;
    let mut best = 0;
    let mut slots: usize = 16;
    while let Some(index) = slots.checked_mul(5).filter(|&b| b <= share) {
        let full = slots / 8 * usize::from(Table::DENSE_EIGHTHS);
        best = best.max(((share - index) / entry).min(full - slots / 16));
        match slots.checked_mul(2) {
            Some(more) => slots = more,
            None => break,
        }
    }
    best.min(LAZY as usize - ROOM)
}

impl<G: Game> Pruning<G> {
    /// A search with the default budgets: [`DEFAULT_POSITION_LIMIT`] stored positions,
    /// [`DEFAULT_MOVE_LIMIT`] moves listed in all, and no memory limit.
    ///
    /// # Examples
    ///
    /// See [`Pruning`].
    pub fn new() -> Self {
        Self::with_position_limit(DEFAULT_POSITION_LIMIT)
    }

    /// A search that stores at most `limit` positions at once; past it, a question is
    /// [`Error::PositionLimit`]. (A search with a [memory limit](Pruning::with_memory_limit)
    /// forgets before it stores that many, and one that stores 2<sup>31</sup> positions at once
    /// forgets too: it numbers them with 31 bits.)
    ///
    /// The limit bounds the options a position lists too, before any is stored: as the
    /// [`Solver`](crate::Solver)'s listing does, a listing that holds `limit` distinct
    /// options, or `limit` distinct parts of them not stored yet, is more positions than the
    /// limit with the position itself, and is [`Error::PositionLimit`]. Repeats do not count
    /// (they are dropped each time the listing holds `limit` more), so the listing holds at
    /// most twice the limit of each, however many moves the position has.
    ///
    /// # Examples
    ///
    /// ```
    /// # use core::ops::ControlFlow;
    /// use grundy::search::Pruning;
    /// use grundy::{Error, Evaluator};
    /// # #[derive(Clone, PartialEq, Eq, Hash, Debug)] struct Pile(u32);
    /// # impl grundy::Game for Pile { type Move = u32;
    /// #   fn for_each_move<F: FnMut(u32, Pile) -> ControlFlow<()>>(&self, mut visit: F)
    /// #   -> ControlFlow<()> { if self.0 > 0 { visit(1, Pile(self.0 - 1))?; } ControlFlow::Continue(()) } }
    /// let mut search = Pruning::with_position_limit(10);
    /// assert_eq!(search.grundy(&Pile(5))?.get(), 1);
    /// assert_eq!(search.grundy(&Pile(100)), Err(Error::PositionLimit { limit: 10 }));
    /// assert_eq!(search.grundy(&Pile(4))?.get(), 0); // what it proved stays
    /// # Ok::<(), Error>(())
    /// ```
    pub fn with_position_limit(limit: usize) -> Self {
        Pruning {
            entries: Vec::new(),
            kids: Vec::new(),
            lists: Vec::new(),
            free_lists: Vec::new(),
            lazy: Vec::new(),
            lazy_live: 0,
            lazy_owned: 0,
            roots: 0,
            owned: 0,
            table: Table::dense(),
            stack: Vec::new(),
            position_limit: limit,
            move_limit: DEFAULT_MOVE_LIMIT,
            moves: 0,
            memory_limit: usize::MAX,
            entry_limit: entries_within(usize::MAX, entry_bytes::<G>()),
            list_limit: usize::MAX,
            list_bytes: 0,
            forgotten: 0,
            compact_at: COMPACT_FROM,
            oversized: false,
            pending: Vec::new(),
            parts: Vec::new(),
            flat: Vec::new(),
            order: Vec::new(),
            split: Vec::new(),
        }
    }

    /// The same search with at most `limit` moves listed in all; past it, a question is
    /// [`Error::SearchMoveLimit`]. Every move the game's [`for_each_move`](Game::for_each_move)
    /// hands the search counts: those of the positions it asks about, those it counts to
    /// order the options of a game that gives no [`measure`](Game::measure), and those of the
    /// position whose [winning moves](Evaluator::winning_moves) are asked. A listing that
    /// reaches the limit is broken off at the first move past it (the game hands that one
    /// out, and it is refused). The moves are counted in a `usize` (64 bits on a 64-bit
    /// target), so `usize::MAX` is no limit a search meets: unlike the
    /// [`Solver`](crate::Solver)'s, this limit is not cut to `u32::MAX`. One position lists
    /// at most 2<sup>31</sup> − 2 options (past them its question is
    /// [`Error::OutOfMemory`]).
    ///
    /// # Examples
    ///
    /// ```
    /// # use core::ops::ControlFlow;
    /// use grundy::search::Pruning;
    /// use grundy::{Error, Evaluator};
    /// # #[derive(Clone, PartialEq, Eq, Hash, Debug)] struct Pile(u32);
    /// # impl grundy::Game for Pile { type Move = u32;
    /// #   fn for_each_move<F: FnMut(u32, Pile) -> ControlFlow<()>>(&self, mut visit: F)
    /// #   -> ControlFlow<()> { if self.0 > 0 { visit(1, Pile(self.0 - 1))?; } ControlFlow::Continue(()) } }
    /// let mut search = Pruning::new().with_move_limit(10);
    /// assert_eq!(search.grundy(&Pile(100)), Err(Error::SearchMoveLimit { limit: 10 }));
    /// ```
    pub fn with_move_limit(mut self, limit: usize) -> Self {
        self.move_limit = limit;
        self
    }

    /// The most moves the search lists in all ([`with_move_limit`](Pruning::with_move_limit)).
    ///
    /// # Examples
    ///
    /// ```
    /// # #[derive(Clone, PartialEq, Eq, Hash, Debug)] struct G;
    /// # impl grundy::Game for G { type Move = ();
    /// #   fn for_each_move<F: FnMut((), G) -> core::ops::ControlFlow<()>>(&self, _: F)
    /// #   -> core::ops::ControlFlow<()> { core::ops::ControlFlow::Continue(()) } }
    /// use grundy::search::Pruning;
    /// assert_eq!(Pruning::<G>::new().move_limit(), grundy::DEFAULT_MOVE_LIMIT);
    /// // Not cut to u32::MAX: the moves are counted in a usize.
    /// assert_eq!(Pruning::<G>::new().with_move_limit(usize::MAX).move_limit(), usize::MAX);
    /// ```
    #[must_use]
    pub fn move_limit(&self) -> usize {
        self.move_limit
    }

    /// How many moves the search has listed in all, the count the
    /// [move limit](Pruning::with_move_limit) bounds: every move the game's
    /// [`for_each_move`](Game::for_each_move) handed it and it took, the moves counted as a
    /// measure included.
    ///
    /// # Examples
    ///
    /// ```
    /// # use core::ops::ControlFlow;
    /// use grundy::search::Pruning;
    /// use grundy::Evaluator;
    /// # #[derive(Clone, PartialEq, Eq, Hash, Debug)] struct Pile(u32);
    /// # impl grundy::Game for Pile { type Move = u32;
    /// #   fn for_each_move<F: FnMut(u32, Pile) -> ControlFlow<()>>(&self, mut visit: F)
    /// #   -> ControlFlow<()> { if self.0 > 0 { visit(1, Pile(self.0 - 1))?; } ControlFlow::Continue(()) } }
    /// let mut search = Pruning::new();
    /// assert_eq!(search.grundy(&Pile(10))?.get(), 0);
    /// assert!(search.moves() >= 10); // each pile but the empty one listed its move
    /// # Ok::<(), grundy::Error>(())
    /// ```
    #[must_use]
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// The same search holding at most about `bytes` bytes: when its table would outgrow
    /// them it *forgets* what is cheapest to find again, and goes on, exact, only slower.
    ///
    /// The bytes counted are those [`bytes`](Pruning::bytes) reports: the stored positions
    /// (`size_of::<G>()` each, with the memory each owns on the heap as
    /// [`Game::owned_bytes`] reports it: a game whose positions hold a `Vec` says so there),
    /// their facts, the index over them, the lists of options and the stack. Half
    /// the limit goes to the entries with their index, a quarter to the lists of options and
    /// the stack, and a quarter is left as room for the options of the one position listed
    /// between two sweeps: the buffers it is listed into, which are counted too. See
    /// [the table's policy](crate::search#the-table-and-its-memory) for what is kept. The
    /// parts [`grundy`](Evaluator::grundy) splits a position into ([`Game::parts`], made all
    /// at once and held by value until each one's turn) count with the lists of options; the
    /// parts [`outcome`](Evaluator::outcome) and the winning moves split the positions they
    /// ask about into (the position itself, and each of its options) count with the room
    /// of a listing; the position asked about, the caller's, does not.
    ///
    /// # Errors
    ///
    /// A question whose own open questions (the positions on the stack and their options,
    /// which are never forgotten) need more than the limit allows is
    /// [`Error::SearchMemoryLimit`]; so is a position valued whose parts own more than the
    /// lists' quarter (refused before its search), a position or option asked about whose
    /// parts take more than the room of a listing (refused before any is stored), and a
    /// position whose options, as they are listed, would pass the room left for the
    /// listing, or make a list of options larger than what is left of the lists' quarter:
    /// the listing stops there, before it holds more.
    /// The search keeps what it proved, as after any error, as far as its limit has room for
    /// it (the question that fails forgets what its open questions leave no room for, and
    /// every question, answered or not, ends with a sweep if the search is past its limit),
    /// and drops the lists of the questions the error left open and any buffer grown past
    /// its room. After every question, answered or failed, [`bytes`](Pruning::bytes) is at
    /// most the limit: a question that ends past it gives back the room its stack and lists
    /// grew to, and what the entries' arrays and index hold past their half (unless the
    /// sweep could not get the memory to mark the entries: a byte each). While a question
    /// runs, that room, which no share counts, may pass the limit.
    ///
    /// Set on a search that holds entries already (a lower limit than before), it takes
    /// effect at the search's next question: that question first forgets what the limit has
    /// no room for, and gives back the memory of the rest.
    ///
    /// # Examples
    ///
    /// ```
    /// # use core::ops::ControlFlow;
    /// use grundy::search::Pruning;
    /// use grundy::{Error, Evaluator, Game};
    /// #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    /// struct Piles(u32, u32); // take 1, 2 or 3 from either: the value is (a mod 4) ⊕ (b mod 4)
    /// impl Game for Piles {
    ///     type Move = (u8, u32);
    ///     fn for_each_move<F: FnMut((u8, u32), Piles) -> ControlFlow<()>>(&self, mut visit: F)
    ///     -> ControlFlow<()> {
    ///         for take in 1..=self.0.min(3) {
    ///             visit((0, take), Piles(self.0 - take, self.1))?;
    ///         }
    ///         for take in 1..=self.1.min(3) {
    ///             visit((1, take), Piles(self.0, self.1 - take))?;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    /// }
    /// let mut search = Pruning::new().with_memory_limit(64 << 10);
    /// assert_eq!(search.grundy(&Piles(40, 40))?.get(), 0);
    /// assert_eq!(search.grundy(&Piles(40, 39))?.get(), 2 ^ 1);
    /// // 1,681 positions, but never more than 64 KiB of them:
    /// assert!(search.len() < 1_681 && search.forgotten() > 0);
    /// assert!(search.bytes() <= 64 << 10);
    /// // Too little even for the stack of one question:
    /// let mut tiny = Pruning::new().with_memory_limit(20_000);
    /// assert!(matches!(tiny.grundy(&Piles(40, 40)), Err(Error::SearchMemoryLimit { .. })));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn with_memory_limit(mut self, bytes: usize) -> Self {
        self.memory_limit = bytes;
        self.entry_limit = entries_within(bytes, entry_bytes::<G>());
        self.list_limit = if bytes == usize::MAX {
            usize::MAX
        } else {
            bytes / 4
        };
        // A search that holds entries already keeps them to its next question, which
        // forgets what the limit has no room for and gives back its memory.
        self.oversized = !self.entries.is_empty();
        self
    }

    /// How many positions are stored (one for each representative met and not forgotten).
    ///
    /// # Examples
    ///
    /// See [`Game::canonical`].
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no position is stored.
    ///
    /// # Examples
    ///
    /// ```
    /// # #[derive(Clone, PartialEq, Eq, Hash, Debug)] struct G;
    /// # impl grundy::Game for G { type Move = ();
    /// #   fn for_each_move<F: FnMut((), G) -> core::ops::ControlFlow<()>>(&self, _: F)
    /// #   -> core::ops::ControlFlow<()> { core::ops::ControlFlow::Continue(()) } }
    /// assert!(grundy::search::Pruning::<G>::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The bytes the search holds: its stored positions (at `size_of::<G>()` each, plus what
    /// each owns outside itself, [`Game::owned_bytes`]: the buffer of a `Vec` it holds), their
    /// facts and option lists, the parts of options listed and not stored yet (with what they
    /// own), the index over them, its stack and the buffers it lists a position's options
    /// into, counted by the capacity of each.
    ///
    /// # Examples
    ///
    /// See [`with_memory_limit`](Pruning::with_memory_limit).
    pub fn bytes(&self) -> usize {
        (self.entries.capacity() * size_of::<Entry<G>>()
            + (self.kids.capacity() + self.free_lists.capacity()) * size_of::<u32>()
            + self.lists.capacity() * size_of::<Vec<u32>>()
            + self.list_bytes
            + self.lazy.capacity() * size_of::<(G, u32)>()
            + self.table.bytes()
            + self.stack.capacity() * size_of::<Task>()
            + self.split_bytes()
            + self.scratch_bytes())
        .saturating_add(self.owned)
        .saturating_add(self.lazy_owned)
        .saturating_add(self.roots)
    }

    /// The bytes of the buffers a position's options are listed into, by their capacity.
    fn scratch_bytes(&self) -> usize {
        self.split.capacity() * size_of::<(G, u32)>()
            + (self.flat.capacity() + self.parts.capacity()) * size_of::<u32>()
            + self.order.capacity() * size_of::<(u64, u32, u32)>()
            + self.pending.capacity() * size_of::<G>()
    }

    /// How many stored entries the search has forgotten: to stay within its memory limit,
    /// or, with none, the bounds that were cheap to find (forgotten each time the entries
    /// double, from 65 536 on; every value is kept). Forgetting never changes an answer.
    ///
    /// # Examples
    ///
    /// See [`with_memory_limit`](Pruning::with_memory_limit).
    pub fn forgotten(&self) -> u64 {
        self.forgotten
    }

    /// The bytes of the stack in use: its tasks and the parts they hold (not what it has
    /// reserved: a stack that was once deep does not hold later questions back).
    fn stack_bytes(&self) -> usize {
        self.stack.len() * size_of::<Task>() + self.split_bytes()
    }

    /// The bytes of the parts the stack's split tasks hold.
    fn split_bytes(&self) -> usize {
        self.stack
            .iter()
            .map(|t| match t {
                Task::Split { parts, .. } => parts.capacity() * size_of::<u32>(),
                _ => 0,
            })
            .sum()
    }

    /// The stored index of `position`'s representative, storing it if it is new.
    fn intern(&mut self, position: G) -> Result<u32, Error> {
        let position = match position.canonical() {
            Some(c) => c,
            None => position,
        };
        let key = position_key(&position);
        self.intern_keyed(position, key)
    }

    /// The stored index of the representative `position` of key `key`, storing it if it is
    /// new.
    #[inline]
    fn intern_keyed(&mut self, position: G, key: u32) -> Result<u32, Error> {
        let entries = &self.entries;
        match self.table.find(key, |i| entries[i].position == position) {
            Ok(i) => Ok(i),
            Err(vacant) => {
                let i = self.entries.len();
                if i >= self.position_limit {
                    return Err(Error::PositionLimit {
                        limit: self.position_limit,
                    });
                }
                if i >= LAZY as usize {
                    // More options listed between two sweeps than 31 bits number.
                    return Err(Error::SearchMemoryLimit {
                        limit: self.memory_limit,
                        open: i,
                    });
                }
                self.reserve()?;
                self.owned = self.owned.saturating_add(position.owned_bytes());
                self.entries.push(Entry {
                    position,
                    facts: Facts::new(),
                });
                self.kids.push(NO_LIST);
                self.table.insert(vacant, key, i as u32, &self.entries)?;
                Ok(i as u32)
            }
        }
    }

    /// Room for one more entry: the entry arrays double, but under a memory limit not past
    /// the entries it keeps (then they grow a little at a time).
    fn reserve(&mut self) -> Result<(), Error> {
        let len = self.entries.len();
        if len < self.entries.capacity() && len < self.kids.capacity() {
            return Ok(());
        }
        let mut more = len.max(16);
        if self.memory_limit != usize::MAX {
            // What the positions own takes the place of entries.
            let taken = len.saturating_add(units::<G>(self.owned));
            more = more.min(self.entry_limit.saturating_sub(taken)).max(16);
        }
        let too_big = || Error::OutOfMemory {
            what: alloc::format!("{} stored positions", len + more),
        };
        self.entries
            .try_reserve_exact(more)
            .map_err(|_| too_big())?;
        self.kids.try_reserve_exact(more).map_err(|_| too_big())?;
        Ok(())
    }

    /// The measure of stored position `id` ([`Game::measure`], else its moves counted): by
    /// it the options are ordered and the part left to be asked, rather than valued, is
    /// chosen.
    ///
    /// # Errors
    ///
    /// [`Error::SearchMoveLimit`] if counting its moves passes the move limit.
    fn size(&mut self, id: u32) -> Result<u64, Error> {
        if let Some(size) = self.entries[id as usize].facts.size() {
            return Ok(size);
        }
        let size = Self::measure_of(
            &self.entries[id as usize].position,
            &mut self.moves,
            self.move_limit,
        )?;
        self.entries[id as usize].facts.set_size(size);
        Ok(size)
    }

    /// The measure of `position` ([`Game::measure`], else its moves counted), below
    /// `u64::MAX`. The moves counted are moves listed: each is added to `moves`, and the
    /// listing is broken off at the first past `limit`.
    ///
    /// # Errors
    ///
    /// [`Error::SearchMoveLimit`] if counting the moves passes `limit`.
    fn measure_of(position: &G, moves: &mut usize, limit: usize) -> Result<u64, Error> {
        if let Some(size) = position.measure() {
            return Ok(size.min(u64::MAX - 1));
        }
        let (mut count, mut over) = (0u64, false);
        // A game that breaks off on its own is counted as far as it went: its fault is found
        // when its own options are listed.
        let _ = position.for_each_move(|_, _| {
            if *moves >= limit {
                over = true;
                return ControlFlow::Break(());
            }
            *moves += 1;
            count += 1;
            ControlFlow::Continue(())
        });
        if over {
            return Err(Error::SearchMoveLimit { limit });
        }
        Ok(count.min(u64::MAX - 1))
    }

    /// Hands `visit` the parts `position` splits into, or `position` itself if it does not.
    /// A part is taken as it is, not split again: [`Game::parts`] lists the finest split (a
    /// part that could split again is searched whole, exact but slower).
    #[inline]
    fn each_part(position: G, mut visit: impl FnMut(G)) {
        match position.parts() {
            Some(split) if split.len() > 1 => split.into_iter().for_each(visit),
            _ => visit(position),
        }
    }

    /// Appends to `parts` the stored parts `position` splits into (one part if it does not
    /// split).
    ///
    /// Under a memory limit, parts that take more than the room left for a listing (the
    /// limit's quarter, with what they own) are refused before any is stored.
    fn parts_of(&mut self, position: G, parts: &mut Vec<u32>) -> Result<(), Error> {
        let mut split = core::mem::take(&mut self.pending);
        Self::each_part(position, |p| split.push(p));
        if self.memory_limit != usize::MAX && Self::held_bytes(&split) > self.scratch_room() {
            let open = split.len();
            split.clear();
            self.pending = split;
            self.trim_scratch();
            return Err(Error::SearchMemoryLimit {
                limit: self.memory_limit,
                open,
            });
        }
        let mut result = Ok(());
        for p in split.drain(..) {
            match self.intern(p) {
                Ok(id) => parts.push(id),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        split.clear();
        self.pending = split;
        result
    }

    /// The bytes of positions held by value in `positions`: its capacity, and what they own.
    fn held_bytes(positions: &Vec<G>) -> usize {
        (positions.capacity() * size_of::<G>())
            .saturating_add(crate::game::owned_bytes_of(positions))
    }

    /// The parts of `position`, by value: each part is interned only when its turn comes, so
    /// that no index is held across a sweep.
    fn split_all(position: G) -> Vec<G> {
        let mut parts = Vec::new();
        Self::each_part(position, |p| parts.push(p));
        parts
    }

    /// The task that answers "is `position` plus `*n` a P-position?", or the answer itself
    /// where the facts give it.
    fn question(&mut self, position: G, n: u32) -> Result<Step, Error> {
        let mut parts = core::mem::take(&mut self.parts);
        parts.clear();
        let step = match self.parts_of(position, &mut parts) {
            Ok(()) => self.start(&parts, n),
            Err(e) => Err(e),
        };
        self.parts = parts;
        step
    }

    /// `n` plus the values of the `parts` whose values are known, how many are not known,
    /// and the last of those.
    #[inline]
    fn fold(&self, parts: &[u32], n: u32) -> (u32, usize, u32) {
        Self::fold_in(&self.entries, parts, n)
    }

    /// [`fold`](Pruning::fold) over `entries`.
    #[inline]
    fn fold_in(entries: &[Entry<G>], parts: &[u32], mut n: u32) -> (u32, usize, u32) {
        let (mut unknown, mut last) = (0, 0);
        for &p in parts {
            let f = &entries[p as usize].facts;
            if f.exact() {
                n ^= f.lo;
            } else {
                unknown += 1;
                last = p;
            }
        }
        (n, unknown, last)
    }

    /// Sets up the question "is the sum of stored `parts` plus `*n` a P-position?": the
    /// parts whose values are known are folded into `n`, and of the rest the part that
    /// measures most is kept for last: it is asked, the others valued (equal parts once).
    fn start(&mut self, parts: &[u32], n: u32) -> Result<Step, Error> {
        let (n, unknown, last) = self.fold(parts, n);
        match unknown {
            0 => return Ok(Step::Answer(n == 0)),
            1 => return self.last_part(last, n),
            _ => {}
        }
        let entries = &self.entries;
        let mut rest: Vec<u32> = parts
            .iter()
            .copied()
            .filter(|&p| !entries[p as usize].facts.exact())
            .collect();
        // Equal parts are one stored position: valued once (the first of them), its value
        // then folds in for each. They are not cancelled unvalued: G + G = 0 holds for a
        // finite G only (with a cycle in G the mirror strategy gives a draw, not a win), and
        // the search would answer without meeting the cycle.
        let mut largest = (0, 0);
        for (i, &p) in rest.iter().enumerate() {
            let size = self.size(p)?;
            if size > largest.1 {
                largest = (i, size);
            }
        }
        let end = rest.len() - 1;
        rest.swap(largest.0, end);
        self.split(rest, 0, n)
    }

    /// Goes on with a split position's question: the parts from `done` on are not valued
    /// yet, `n` holds the values of those before.
    fn split(&mut self, parts: Vec<u32>, mut done: usize, mut n: u32) -> Result<Step, Error> {
        while done + 1 < parts.len() {
            let f = &self.entries[parts[done] as usize].facts;
            if !f.exact() {
                let id = parts[done];
                self.open(id)?;
                let since = self.moves;
                return Ok(Step::Then(
                    Some(Task::Split { parts, done, n }),
                    Task::Value { id, since },
                ));
            }
            n ^= f.lo;
            done += 1;
        }
        self.last_part(*parts.last().expect("a part"), n)
    }

    /// Sets up the question "is stored position `id` plus `*n` a P-position?".
    fn last_part(&mut self, id: u32, n: u32) -> Result<Step, Error> {
        let f = self.entries[id as usize].facts;
        if let Some(answer) = f.is(n) {
            return Ok(Step::Answer(answer));
        }
        self.open(id)?;
        let since = self.moves;
        if n - f.lo > CANDIDATES {
            // Past the candidates the facts can hold: value the position once instead of
            // asking it questions whose answers could not be kept.
            return Ok(Step::Then(
                Some(Task::Compare { n }),
                Task::Value { id, since },
            ));
        }
        Ok(Step::Then(
            None,
            Task::Ask {
                id,
                n,
                opened: true,
                next: 0,
                below: false,
                since,
            },
        ))
    }

    /// Marks a question about `id` open, or finds the cycle it closes.
    fn open(&mut self, id: u32) -> Result<(), Error> {
        let f = &mut self.entries[id as usize].facts;
        if f.is_open() {
            return Err(Error::Cycle);
        }
        f.set_open(true);
        Ok(())
    }

    /// Runs the stack down from `task` and returns its answer.
    fn run(&mut self, task: Task) -> Result<u32, Error> {
        self.stack.push(task);
        let result = self.drive();
        if result.is_err() {
            // Close what the failed search left open; the facts it proved stay.
            self.close_pending();
        } else if self.memory_limit != usize::MAX && self.bytes() > self.memory_limit {
            self.fit_lists();
        }
        result
    }

    /// The options of stored position `id`, if a question about it holds them.
    #[inline]
    fn list(&self, id: u32) -> Option<&[u32]> {
        match self.kids[id as usize] {
            NO_LIST => None,
            at => Some(&self.lists[at as usize]),
        }
    }

    /// Sets the options of `id`, keeping count of their bytes.
    fn set_kids(&mut self, id: u32, kids: Option<Vec<u32>>) {
        let at = self.kids[id as usize];
        if at != NO_LIST {
            let old = core::mem::take(&mut self.lists[at as usize]);
            self.list_bytes -= old.capacity() * size_of::<u32>();
            // A count is below LAZY: the entries with the bit are the parts not stored.
            self.lazy_live -= old.iter().filter(|&&e| e & LAZY != 0).count();
            self.free_lists.push(at);
            self.kids[id as usize] = NO_LIST;
        }
        if let Some(new) = kids {
            self.list_bytes += new.capacity() * size_of::<u32>();
            let at = match self.free_lists.pop() {
                Some(at) => {
                    self.lists[at as usize] = new;
                    at
                }
                None => {
                    self.lists.push(new);
                    (self.lists.len() - 1) as u32
                }
            };
            self.kids[id as usize] = at;
        }
    }

    /// Lists the options of stored position `id` once, as the parts of each: a count, then
    /// that many parts, an option after another. A part already stored is its index; a new
    /// one is `LAZY` and its place in `lazy`, stored when a question reaches its option
    /// ([`reach_option`](Pruning::reach_option)).
    ///
    /// Each option is looked up as it is listed, and the listing stops at the first option
    /// whose stored facts show it plus `*n` is a P-position: then `id` plus `*n` is an
    /// N-position, the answer is `true`, and no list is kept (on Cram most questions end
    /// there, before most options are split, turned and looked up).
    ///
    /// What the listing holds is bounded as it grows ([`Room`]): by the position limit, in
    /// distinct options and distinct parts not stored, and by the memory limit, in bytes.
    fn expand(&mut self, id: u32, n: u32) -> Result<bool, Error> {
        if self.kids[id as usize] != NO_LIST {
            return Ok(self.known_win(id, n));
        }
        let position = self.entries[id as usize].position.clone();
        // The parts of the options not stored yet, as their representatives with their keys
        // (`split`); the parts of every option, each its stored index or `LAZY` and its
        // place in `split` (`flat`); where each option's parts end in `flat` (`ends`).
        let mut split = core::mem::take(&mut self.split);
        let mut flat = core::mem::take(&mut self.flat);
        let mut ends = core::mem::take(&mut self.parts);
        split.clear();
        flat.clear();
        ends.clear();
        if self.lazy_owned != 0 && self.lazy.len() > self.lazy_live {
            // The room left counts what the parts kept own, and the dead ones' too until
            // they are dropped: drop them first.
            self.renumber_lists(None);
        }
        let mut room = self.room();
        // Each option is split and looked up as the game lists it, and the listing stops at
        // the first that answers: the options after it are never made (on Cram 5 × 8, three
        // in five of them).
        let (limit, mut moves) = (self.move_limit, self.moves);
        let (mut win, mut many, mut over, mut count) = (false, false, false, 0usize);
        let mut many_options = false;
        let mut crowded = None;
        // The values below 64 of the options whose parts all have known values, and
        // whether every option listed is one of those.
        let (mut values, mut every_value) = (0u64, true);
        let (table, entries) = (&self.table, &self.entries);
        let flow = position.for_each_move(|_, option| {
            if moves >= limit {
                over = true;
                return ControlFlow::Break(());
            }
            if count >= MOST_OPTIONS {
                many_options = true;
                return ControlFlow::Break(());
            }
            moves += 1;
            count += 1;
            let (first, mut stored) = (flat.len(), true);
            Self::each_part(option, |p| {
                let p = match p.canonical() {
                    Some(c) => c,
                    None => p,
                };
                let key = position_key(&p);
                match table.find(key, |i| entries[i].position == p) {
                    Ok(i) => flat.push(i),
                    Err(_) => {
                        // Below LAZY while the list is (checked below): a part not stored
                        // has a place in `split` below the parts listed.
                        flat.push(LAZY | split.len() as u32);
                        room.owned = room.owned.saturating_add(p.owned_bytes());
                        split.push((p, key));
                        stored = false;
                    }
                }
            });
            if flat.len() > MOST_OPTIONS {
                // The list numbers its parts with 31 bits.
                many = true;
                return ControlFlow::Break(());
            }
            ends.push(flat.len() as u32);
            if stored {
                let (value, unknown, last) = Self::fold_in(entries, &flat[first..], 0);
                if unknown == 0 {
                    // An option of value `v` rules `v` out for the position: kept below.
                    match 1u64.checked_shl(value) {
                        Some(bit) => values |= bit,
                        None => every_value = false,
                    }
                } else {
                    every_value = false;
                }
                if Self::known_p_folded(entries, (value ^ n, unknown, last)) {
                    win = true;
                    return ControlFlow::Break(());
                }
            } else {
                every_value = false;
            }
            if room.full(&split, &flat, &ends) {
                // Past the position limit or the memory limit (after the repeats are
                // dropped, for the position limit): the listing stops before it holds more.
                if let Err(e) = room.make(&mut split, &mut flat, &mut ends) {
                    crowded = Some(e);
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        });
        self.moves = moves;
        let complete = !win && !flow.is_break();
        let facts = &mut self.entries[id as usize].facts;
        if complete && every_value && values != u64::MAX {
            // Every option's value is known: the position's is their mex.
            facts.settle(values.trailing_ones());
        } else {
            // The values of the options listed are not the position's: later questions
            // about them are answered by the facts (on Cram 5 × 8, 3.5% fewer options
            // listed).
            let mut rest = values & !1u64.checked_shl(n).unwrap_or(0);
            while rest != 0 {
                facts.rule_out(rest.trailing_zeros());
                rest &= rest - 1;
            }
        }
        if self.entries[id as usize].facts.size().is_none() {
            // The measure, else the moves counted when the listing went to the end.
            let size = match position.measure() {
                Some(size) => Some(size),
                None if !win && !flow.is_break() => Some(count as u64),
                None => None,
            };
            if let Some(size) = size {
                self.entries[id as usize].facts.set_size(size);
            }
        }
        let listed = if over {
            Err(Error::SearchMoveLimit { limit })
        } else if many_options {
            Err(too_many("the options"))
        } else if many {
            Err(too_many("the parts of the options"))
        } else if let Some(crowded) = crowded {
            Err(self.crowded(crowded, id))
        } else if win {
            Ok(())
        } else if flow.is_break() {
            Err(position.fault().unwrap_or(Error::IncompleteMoves))
        } else {
            self.keep_list(id, &mut split, &mut flat, &ends)
        };
        split.clear();
        self.split = split;
        self.flat = flat;
        self.parts = ends;
        self.trim_scratch();
        listed.map(|()| win)
    }

    /// What the listing of one position may hold: see [`Room`].
    fn room(&self) -> Room {
        let part = size_of::<(G, u32)>();
        let (scratch, list) = if self.memory_limit == usize::MAX {
            (usize::MAX, usize::MAX)
        } else {
            // The lists in use once the parts of dropped lists are freed, and the stack.
            let used = (self.list_bytes
                + self.lazy.len().min(self.lazy_live) * part
                + self.stack.len() * size_of::<Task>())
            .saturating_add(self.lazy_owned)
            .saturating_add(self.roots);
            (self.scratch_room(), self.list_limit.saturating_sub(used))
        };
        Room {
            cap: self.position_limit,
            limit: self.position_limit,
            scratch,
            list,
            part,
            owned: 0,
        }
    }

    /// The bytes the buffers that list one position's options may take: the quarter of the
    /// memory limit left as room for them.
    fn scratch_room(&self) -> usize {
        self.memory_limit / 4
    }

    /// The error of a listing that [`Room::make`] found too large: a [`Crowded::Memory`] is
    /// [`Error::SearchMemoryLimit`], with the stored positions that the open questions
    /// (the stack, and the question about `id` that listed) refer to.
    #[cold]
    fn crowded(&self, crowded: Crowded, id: u32) -> Error {
        match crowded {
            Crowded::Error(e) => e,
            Crowded::Memory => {
                let mut ids: Vec<u32> = Vec::new();
                for task in &self.stack {
                    match task {
                        Task::Value { id, .. } | Task::Ask { id, .. } => ids.push(*id),
                        Task::Split { parts, .. } => ids.extend_from_slice(parts),
                        Task::Compare { .. } => {}
                    }
                }
                ids.push(id);
                ids.sort_unstable();
                ids.dedup();
                Error::SearchMemoryLimit {
                    limit: self.memory_limit,
                    open: ids.len(),
                }
            }
        }
    }

    /// Gives back the capacity of the buffers that list a position's options when, under a
    /// memory limit, they hold more than the room left for them (a listing that grew them to
    /// its end, or one that failed): the search holds at most about its limit between
    /// two questions, and after an error.
    fn trim_scratch(&mut self) {
        if self.memory_limit == usize::MAX {
            return;
        }
        if self.scratch_bytes() > self.scratch_room() {
            self.split = Vec::new();
            self.flat = Vec::new();
            self.parts = Vec::new();
            self.order = Vec::new();
            self.pending = Vec::new();
        }
    }

    /// Keeps the options of `id` that [`expand`](Pruning::expand) listed (`split` the parts
    /// not stored, `flat` the parts of each option, `ends` where each option's parts end) as
    /// its list: the parts not stored by value in `lazy`, the options whose largest part
    /// measures least first.
    fn keep_list(
        &mut self,
        id: u32,
        split: &mut Vec<(G, u32)>,
        flat: &mut [u32],
        ends: &[u32],
    ) -> Result<(), Error> {
        let mut order = core::mem::take(&mut self.order);
        order.clear();
        let mut listed = Ok(());
        let mut start = 0;
        'options: for &end in ends {
            let mut largest = 0;
            for &entry in &flat[start..end as usize] {
                // The measure of a part counts its moves where the game gives none: those are
                // moves listed, within the move limit.
                let size = if entry & LAZY == 0 {
                    self.size(entry)
                } else {
                    let (p, _) = &split[(entry & !LAZY) as usize];
                    Self::measure_of(p, &mut self.moves, self.move_limit)
                };
                match size {
                    Ok(size) => largest = largest.max(size),
                    Err(e) => {
                        listed = Err(e);
                        break 'options;
                    }
                }
            }
            order.push((largest, start as u32, end - start as u32));
            start = end as usize;
        }
        if listed.is_ok() {
            listed = self.keep_parts(split, flat);
        }
        if listed.is_ok() {
            // Options whose largest part measures least first: they are answered soonest,
            // and one answer P ends the question (on Cram, 4 × 9, a third of the positions).
            order.sort_by_key(|&(largest, _, _)| largest);
            let mut kids = Vec::new();
            listed = kids
                .try_reserve_exact(flat.len() + order.len())
                .map_err(|_| too_many("the list of the options"));
            if listed.is_ok() {
                for &(_, start, count) in &order {
                    kids.push(count);
                    kids.extend_from_slice(&flat[start as usize..(start + count) as usize]);
                }
                self.set_kids(id, Some(kids));
                if self.lazy.len() > 2 * self.lazy_live + 4096 {
                    // Most of the parts kept belong to lists dropped since: free their room.
                    self.renumber_lists(None);
                }
            }
        }
        self.order = order;
        listed
    }

    /// Moves the parts not stored of a listing (`split`) to `lazy`, and renumbers the
    /// entries of `flat` that refer to them: an entry `LAZY | i` becomes `LAZY` and the
    /// place of `split[i]` in `lazy`. Where `lazy` has no room left in 31 bits, the parts are
    /// stored instead.
    fn keep_parts(&mut self, split: &mut Vec<(G, u32)>, flat: &mut [u32]) -> Result<(), Error> {
        let base = self.lazy.len();
        let refs = flat.iter().filter(|&&e| e & LAZY != 0).count();
        if base + split.len() < LAZY as usize {
            if self.lazy.try_reserve(split.len()).is_err() {
                return Err(too_many("the parts not stored of the options"));
            }
            if base > 0 {
                for entry in flat.iter_mut().filter(|e| **e & LAZY != 0) {
                    // Below LAZY: base plus a place in `split`.
                    *entry += base as u32;
                }
            }
            let owned = crate::game::owned_bytes_of(split.iter().map(|(p, _)| p));
            self.lazy_owned = self.lazy_owned.saturating_add(owned);
            self.lazy.append(split);
            self.lazy_live += refs;
            return Ok(());
        }
        // More parts not stored than 31 bits number (two billion kept by value): stored.
        let mut stored = Vec::new();
        if stored.try_reserve_exact(split.len()).is_err() {
            return Err(too_many("the parts not stored of the options"));
        }
        for (p, key) in split.drain(..) {
            stored.push(self.intern_keyed(p, key)?);
        }
        for entry in flat.iter_mut().filter(|e| **e & LAZY != 0) {
            *entry = stored[(*entry & !LAZY) as usize];
        }
        Ok(())
    }

    /// Stores the parts of the option at `at` of stored position `id` that are not stored
    /// yet, and puts the stored parts of the option in `parts`.
    fn reach_option(&mut self, id: u32, at: usize, parts: &mut Vec<u32>) -> Result<(), Error> {
        parts.clear();
        let list = self.kids[id as usize];
        if list == NO_LIST {
            return Ok(());
        }
        let mut kids = core::mem::take(&mut self.lists[list as usize]);
        let count = kids[at] as usize;
        let mut result = Ok(());
        for entry in &mut kids[at + 1..at + 1 + count] {
            if *entry & LAZY != 0 {
                let (p, key) = self.lazy[(*entry & !LAZY) as usize].clone();
                match self.intern_keyed(p, key) {
                    Ok(i) => {
                        *entry = i;
                        self.lazy_live -= 1;
                    }
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            }
            parts.push(*entry);
        }
        self.lists[list as usize] = kids;
        result
    }

    /// Where the option after the one at `at` starts.
    fn skip_option(&self, id: u32, at: usize) -> usize {
        let kids = self.list(id).unwrap_or(&[]);
        at + 1 + kids[at] as usize
    }

    /// Whether the facts of the stored `parts` show that their sum plus `*n` is a P-position.
    #[inline]
    fn known_p(&self, parts: &[u32], n: u32) -> bool {
        Self::known_p_in(&self.entries, parts, n)
    }

    /// [`known_p`](Pruning::known_p) over `entries`.
    #[inline]
    fn known_p_in(entries: &[Entry<G>], parts: &[u32], n: u32) -> bool {
        Self::known_p_folded(entries, Self::fold_in(entries, parts, n))
    }

    /// Whether parts that [`fold_in`](Pruning::fold_in) gave `folded` for are known to
    /// sum, with the nimber folded in, to a P-position.
    #[inline]
    fn known_p_folded(entries: &[Entry<G>], folded: (u32, usize, u32)) -> bool {
        match folded {
            (rest, 0, _) => rest == 0,
            (rest, 1, u) => entries[u as usize].facts.is(rest) == Some(true),
            _ => false,
        }
    }

    /// Whether the facts already show an option of `id` that plus `*n` is a P-position.
    fn known_win(&self, id: u32, n: u32) -> bool {
        let kids = self.list(id).unwrap_or(&[]);
        let mut at = 0;
        while at < kids.len() {
            let parts = &kids[at + 1..at + 1 + kids[at] as usize];
            at += 1 + parts.len();
            if parts.iter().any(|&p| p & LAZY != 0) {
                // A part not stored has no facts.
                continue;
            }
            if self.known_p(parts, n) {
                return true;
            }
        }
        false
    }

    /// Records the answer of the question "is `id` plus `*n` a P-position?" and closes it.
    fn finish(&mut self, id: u32, n: u32, opened: bool, since: usize, p: bool) -> u32 {
        let now = self.moves;
        let f = &mut self.entries[id as usize].facts;
        if p {
            f.settle(n);
        } else {
            f.rule_out(n);
        }
        if opened {
            f.set_open(false);
            f.cost(since, now);
        }
        if f.exact() || opened {
            // The question is closed: its list is dropped (a position asked again lists its
            // options again; on Cram few are, and the lists of closed questions held most
            // of the memory, 5 × 7: 106 MB to 43 MB).
            self.set_kids(id, None);
        }
        u32::from(p)
    }

    /// Gives back the memory the entries' arrays and their index hold for more entries than
    /// the memory limit keeps: sized by a load, before a lower limit was set, or past the
    /// limit by a question that stored entries after its last sweep (they grow 16 at a time
    /// past it). (Within the limit they only grow, and stay as they are for the entries to
    /// come.)
    fn give_back(&mut self) {
        if self.memory_limit == usize::MAX {
            return;
        }
        let most = self
            .entry_limit
            .saturating_sub(units::<G>(self.owned))
            .max(self.entries.len());
        self.entries.shrink_to(most);
        self.kids.shrink_to(most);
        if self.entries.is_empty() {
            // The index keeps 16 slots at least once it has any: none are needed (a limit
            // of a few hundred bytes keeps no entry).
            self.table = Table::dense();
        } else {
            self.table.fit(&self.entries, most);
        }
        // And what a deep question with no limit left reserved: the stack, and the places
        // of lists past the last one in use (each empty, its place free).
        self.stack.shrink_to_fit();
        let used = self
            .kids
            .iter()
            .filter(|&&at| at != NO_LIST)
            .map(|&at| at as usize + 1)
            .max()
            .unwrap_or(0);
        self.lists.truncate(used);
        self.lists.shrink_to_fit();
        self.free_lists.retain(|&at| (at as usize) < used);
        self.free_lists.shrink_to_fit();
        self.lazy.shrink_to_fit();
        self.trim_scratch();
    }

    /// Gives back the room the parts kept by value and the stack reserved past what they
    /// hold: it grows by doubling, and only what they hold counts against the lists' quarter
    /// of the memory limit while a question runs, so that a search could end a question
    /// holding more than its limit.
    fn fit_lists(&mut self) {
        self.drop_dead_lists();
        self.lazy.shrink_to_fit();
        self.stack.shrink_to_fit();
    }

    /// Renumbers the parts kept by value when some of them are no longer in use, dropping
    /// those.
    fn drop_dead_lists(&mut self) {
        if self.lazy.len() > self.lazy_live {
            self.renumber_lists(None);
        }
    }

    /// The entries' share of the memory limit in use, counted in entries: with no memory
    /// limit, or while no stored position owns memory outside itself, the entries stored;
    /// else the room of the entries' arrays (reserved ahead, it is memory held as much as the
    /// entries in it), with what the positions own.
    #[inline]
    fn entry_units(&self) -> usize {
        if self.owned == 0 || self.memory_limit == usize::MAX {
            self.entries.len()
        } else {
            let room = self.entries.len().max(self.entries.capacity());
            room.saturating_add(units::<G>(self.owned))
        }
    }

    /// Whether the table has outgrown the memory limit.
    #[inline]
    fn over_budget(&self) -> bool {
        self.entry_units() > self.entry_limit
            || (self.list_limit != usize::MAX
                && self.list_bytes + self.lazy_bytes() + self.stack.len() * size_of::<Task>()
                    > self.list_limit)
    }

    /// Forgets entries to bring the table back under its memory limit, or with `cheap`
    /// (a search with no memory limit), the mere bounds that cost fewer than `cheap` moves
    /// (every value and every costlier bound is kept). Kept: every position
    /// a task on the stack refers to, with the options of those being asked (an open
    /// question's); of the rest, the values first and then the bounds, each by what their
    /// facts cost (the moves listed to find them), up to half the entries the limit allows.
    /// The other lists of options are dropped. The entries kept are numbered anew, in their
    /// old order, and every index on the stack and in the lists kept is renumbered with them:
    /// no index ever points at an entry it did not mean.
    fn sweep(&mut self, cheap: Option<u32>) -> Result<(), Error> {
        const KEPT: u8 = 1;
        const ASKED: u8 = 2;
        let len = self.entries.len();
        let too_big = || Error::OutOfMemory {
            what: alloc::format!("the marks of {len} stored positions"),
        };
        let mut marks = crate::memory::filled(len, 0u8).ok_or_else(too_big)?;
        for task in &mut self.stack {
            if let Task::Ask { id, .. } = task {
                marks[*id as usize] |= ASKED;
            }
            for &mut id in task.ids() {
                marks[id as usize] |= KEPT;
            }
        }
        for i in 0..len {
            if marks[i] & ASKED == 0 {
                self.set_kids(i as u32, None);
            } else if let Some(kids) = self.list(i as u32) {
                // A count, then the parts of an option: every entry but the counts is kept.
                let mut at = 0;
                while at < kids.len() {
                    let count = kids[at] as usize;
                    for &p in &kids[at + 1..at + 1 + count] {
                        if p & LAZY == 0 {
                            marks[p as usize] |= KEPT;
                        }
                    }
                    at += 1 + count;
                }
            }
        }
        let pinned = marks.iter().filter(|&&m| m & KEPT != 0).count();
        // What a stored position owns outside itself takes the place of entries.
        let counted = self.owned != 0 && self.memory_limit != usize::MAX;
        let owned_by = |i: usize| {
            if counted {
                self.entries[i].position.owned_bytes()
            } else {
                0
            }
        };
        let pinned_owned = (0..len)
            .filter(|&i| marks[i] & KEPT != 0)
            .fold(0usize, |all, i| all.saturating_add(owned_by(i)));
        let pinned_units = pinned.saturating_add(units::<G>(pinned_owned));
        // The open questions must fit in three quarters of the entries, so that a sweep
        // frees room for at least a quarter. If they do not, the question fails, but the
        // sweep is made first, with the room the open questions leave: the search holds no
        // more than its limit after the error (but for the open questions themselves), and
        // the entries of earlier questions do not pile up behind questions that fail.
        let crowded = cheap.is_none()
            && (pinned_units > self.entry_limit / 4 * 3 || self.over_budget_lists());
        if let Some(cheap) = cheap {
            // Every value and every bound that cost `cheap` moves or more.
            for (i, f) in self.entries.iter().map(|e| &e.facts).enumerate() {
                if marks[i] == 0 && f.is_known() && (f.exact() || f.work() >= cheap) {
                    marks[i] |= KEPT;
                }
            }
        } else {
            let room = if crowded {
                self.entry_limit.saturating_sub(pinned_units)
            } else {
                (self.entry_limit / 2).saturating_sub(pinned_units)
            };
            let mut rest = Vec::new();
            rest.try_reserve_exact(len - pinned)
                .map_err(|_| too_big())?;
            for (i, f) in self.entries.iter().map(|e| &e.facts).enumerate() {
                if marks[i] == 0 && f.is_known() {
                    // Every value before mere bounds, then the costliest: a value answers
                    // every question about its position, bounds only some (4 × 7 at a tenth
                    // of its bytes lists 11% fewer moves than by the cost alone, 5 × 6 15%).
                    rest.push((u64::from(f.exact()) << 32 | u64::from(f.work()), i as u32));
                }
            }
            if !counted {
                if rest.len() > room {
                    rest.select_nth_unstable_by(room, |a, b| b.cmp(a));
                    rest.truncate(room);
                }
            } else {
                // The first in that order while their bytes, with what they own, fit.
                rest.sort_unstable_by(|a, b| b.cmp(a));
                let mut left = room.saturating_mul(entry_bytes::<G>());
                let fit = rest
                    .iter()
                    .take_while(|&&(_, i)| {
                        let bytes = entry_bytes::<G>().saturating_add(owned_by(i as usize));
                        left = match left.checked_sub(bytes) {
                            Some(rest) => rest,
                            None => return false,
                        };
                        true
                    })
                    .count();
                rest.truncate(fit);
            }
            for &(_, i) in &rest {
                marks[i as usize] |= KEPT;
            }
        }
        // The new numbers, in place of the marks' order.
        let mut map = Vec::new();
        map.try_reserve_exact(len).map_err(|_| too_big())?;
        let mut next = 0u32;
        for &m in &marks {
            if m & KEPT != 0 {
                map.push(next);
                next += 1;
            } else {
                map.push(u32::MAX);
            }
        }
        let mut i = 0;
        self.entries.retain(|_| {
            i += 1;
            marks[i - 1] & KEPT != 0
        });
        let mut i = 0;
        self.kids.retain(|_| {
            i += 1;
            marks[i - 1] & KEPT != 0
        });
        for task in &mut self.stack {
            for id in task.ids() {
                *id = map[*id as usize];
            }
        }
        self.renumber_lists(Some(&map));
        self.forgotten += (len - next as usize) as u64;
        if self.owned != 0 {
            self.owned = crate::game::owned_bytes_of(self.entries.iter().map(|e| &e.position));
            if self.memory_limit != usize::MAX && self.owned != 0 {
                // The entries' arrays hold their room, counted with what the positions own:
                // half of what is left stays room for the entries to come.
                let kept = self.entries.len();
                let free = self
                    .entry_limit
                    .saturating_sub(kept.saturating_add(units::<G>(self.owned)));
                self.entries.shrink_to(kept + free / 2);
                self.kids.shrink_to(kept + free / 2);
            }
        }
        self.table.rebuild(&self.entries);
        if crowded {
            return Err(Error::SearchMemoryLimit {
                limit: self.memory_limit,
                open: pinned,
            });
        }
        Ok(())
    }

    /// Renumbers the entries of the lists of options: the stored parts by `map` (new index of
    /// each old one), if any; the parts not stored, by their places in `lazy` once the parts
    /// no list refers to are dropped from it. The parts kept are moved, in their order, not
    /// copied: a part that owns memory is never held twice.
    fn renumber_lists(&mut self, map: Option<&[u32]>) {
        // The new place of each part kept (`u32::MAX`: none refers to it). A part that
        // entries of several options refer to (the repeats a long listing dropped) is kept
        // once.
        let mut moved = alloc::vec![u32::MAX; self.lazy.len()];
        // A count, then the parts of an option; a free place holds an empty list.
        for kids in &self.lists {
            let mut at = 0;
            while at < kids.len() {
                let count = kids[at] as usize;
                for &p in kids[at + 1..at + 1 + count]
                    .iter()
                    .filter(|&&p| p & LAZY != 0)
                {
                    moved[(p & !LAZY) as usize] = 0;
                }
                at += 1 + count;
            }
        }
        for (kept, place) in moved.iter_mut().filter(|m| **m != u32::MAX).enumerate() {
            *place = kept as u32;
        }
        let mut live = 0;
        for kids in &mut self.lists {
            let mut at = 0;
            while at < kids.len() {
                let count = kids[at] as usize;
                for p in &mut kids[at + 1..at + 1 + count] {
                    if *p & LAZY != 0 {
                        *p = LAZY | moved[(*p & !LAZY) as usize];
                        live += 1;
                    } else if let Some(map) = map {
                        *p = map[*p as usize];
                    }
                }
                at += 1 + count;
            }
        }
        let (mut at, mut owned) = (0, 0usize);
        self.lazy.retain(|part| {
            let keep = moved[at] != u32::MAX;
            at += 1;
            if keep {
                owned = owned.saturating_add(part.0.owned_bytes());
            }
            keep
        });
        self.lazy.shrink_to(live);
        self.lazy_live = live;
        self.lazy_owned = owned;
    }

    /// Whether the lists of options and the stack alone are over their share of the limit.
    fn over_budget_lists(&self) -> bool {
        self.list_limit != usize::MAX
            && self.list_bytes + self.lazy_bytes() + self.stack_bytes() > self.list_limit
    }

    /// The bytes of the parts listed and not stored, with what they own, and of the parts
    /// of the position being valued that wait for their turn.
    fn lazy_bytes(&self) -> usize {
        (self.lazy.len() * size_of::<(G, u32)>())
            .saturating_add(self.lazy_owned)
            .saturating_add(self.roots)
    }

    /// The loop of [`run`](Pruning::run): each task takes the answer of the task it waited
    /// for (`answer`), and either finishes with its own or starts another.
    fn drive(&mut self) -> Result<u32, Error> {
        let mut answer: Option<u32> = None;
        loop {
            // Every index in use is on the stack here: the one place a sweep may renumber.
            if self.over_budget() {
                if self.lazy.len() > self.lazy_live {
                    // First free the room of the parts kept for lists dropped since: that
                    // may be enough (the lists are those of the open questions only).
                    self.renumber_lists(None);
                }
                if self.over_budget() {
                    self.sweep(None)?;
                }
            } else if self.memory_limit == usize::MAX && self.entries.len() > self.compact_at {
                // No memory limit: still, each time the entries have doubled, the bounds
                // that were cheap to find are forgotten (see `CHEAP`).
                self.sweep(Some(CHEAP))?;
                self.compact_at = self.entries.len().saturating_mul(2).max(COMPACT_FROM);
            }
            self.within_new_limit()?;
            let Some(task) = self.stack.pop() else {
                break;
            };
            match task {
                Task::Value { id, since } => {
                    let now = self.moves;
                    let f = &mut self.entries[id as usize].facts;
                    if answer.take() == Some(1) || f.exact() {
                        f.set_open(false);
                        f.cost(since, now);
                        answer = Some(f.lo);
                        continue;
                    }
                    let n = f.lo;
                    self.stack.push(Task::Value { id, since });
                    self.stack.push(Task::Ask {
                        id,
                        n,
                        opened: false,
                        next: 0,
                        below: false,
                        since: now,
                    });
                }
                Task::Compare { n } => {
                    answer = Some(u32::from(answer.take() == Some(n)));
                }
                Task::Split { parts, done, n } => {
                    // The value of parts[done] is in.
                    let v = answer.take().expect("a value");
                    match self.split(parts, done + 1, n ^ v)? {
                        Step::Answer(p) => answer = Some(u32::from(p)),
                        Step::Then(below, next) => {
                            self.stack.extend(below);
                            self.stack.push(next);
                        }
                    }
                }
                Task::Ask {
                    id,
                    n,
                    opened,
                    mut next,
                    below,
                    since,
                } => {
                    let got = answer.take();
                    if !below {
                        if got == Some(1) {
                            // An option plus *n is P: this one plus *n is N.
                            answer = Some(self.finish(id, n, opened, since, false));
                            continue;
                        }
                        if got.is_some() {
                            next = self.skip_option(id, next);
                        } else if let Some(known) = self.entries[id as usize].facts.is(n) {
                            answer = Some(self.finish(id, n, opened, since, known));
                            continue;
                        } else {
                            next = 0;
                            // Every option whose answer the facts already give, first.
                            if self.expand(id, n)? {
                                answer = Some(self.finish(id, n, opened, since, false));
                                continue;
                            }
                        }
                        let mut waiting = None;
                        let mut found = false;
                        let len = self.list(id).map_or(0, <[u32]>::len);
                        let mut parts = core::mem::take(&mut self.parts);
                        while next < len {
                            let count = self.list(id).unwrap_or(&[])[next] as usize;
                            let step = match self.reach_option(id, next, &mut parts) {
                                Ok(()) => self.start(&parts, n),
                                Err(e) => Err(e),
                            };
                            match step {
                                Ok(Step::Answer(true)) => {
                                    found = true;
                                    break;
                                }
                                Ok(Step::Answer(false)) => next += 1 + count,
                                Ok(Step::Then(below, task)) => {
                                    waiting = Some((below, task));
                                    break;
                                }
                                Err(e) => {
                                    self.parts = parts;
                                    return Err(e);
                                }
                            }
                        }
                        self.parts = parts;
                        if let Some((below, task)) = waiting {
                            self.stack.push(Task::Ask {
                                id,
                                n,
                                opened,
                                next,
                                below: false,
                                since,
                            });
                            self.stack.extend(below);
                            self.stack.push(task);
                            continue;
                        }
                        if found {
                            answer = Some(self.finish(id, n, opened, since, false));
                            continue;
                        }
                        // No option has value n: the value is n unless it is smaller.
                    } else if got == Some(1) {
                        // The value is a smaller nimber (the question about it settled it).
                        answer = Some(self.finish(id, n, opened, since, false));
                        continue;
                    } else {
                        // The nimber asked, `next`, is not the value.
                        next += 1;
                    }
                    // Ask the position about every nimber below n not yet ruled out.
                    let f = &self.entries[id as usize].facts;
                    if f.exact() {
                        let known = f.lo == n;
                        answer = Some(self.finish(id, n, opened, since, known));
                        continue;
                    }
                    if !below {
                        next = f.lo as usize;
                    }
                    let mut m = (next as u32).max(f.lo);
                    while m < n && f.is(m) == Some(false) {
                        m += 1;
                    }
                    if m >= n {
                        answer = Some(self.finish(id, n, opened, since, true));
                        continue;
                    }
                    self.stack.push(Task::Ask {
                        id,
                        n,
                        opened,
                        next: m as usize,
                        below: true,
                        since,
                    });
                    self.stack.push(Task::Ask {
                        id,
                        n: m,
                        opened: false,
                        next: 0,
                        below: false,
                        since: 0,
                    });
                }
            }
        }
        Ok(answer.expect("the answer of the first task"))
    }

    /// A limit set on a search that held entries: brings it within the limit (a sweep that
    /// fails leaves it to the next question). Called between two tasks of the stack, and
    /// first thing by every question, so that a question answered by the stored facts
    /// alone, which runs no task, applies it too.
    fn within_new_limit(&mut self) -> Result<(), Error> {
        if !self.oversized {
            return Ok(());
        }
        if self.over_budget() {
            self.drop_dead_lists();
            if self.over_budget() {
                self.sweep(None)?;
            }
        }
        self.oversized = false;
        self.give_back();
        Ok(())
    }

    /// [`within_new_limit`](Pruning::within_new_limit) before a question: what the stack
    /// holds is nothing (every index is free to renumber), and on an error the search is
    /// left as after any error.
    fn begin(&mut self) -> Result<(), Error> {
        self.within_new_limit()
            .inspect_err(|_| self.close_pending())
    }

    /// After a question, answered or failed (its stack empty): a search past its memory
    /// limit sweeps, so that it holds at most the limit between two questions. A question
    /// answered by the facts of a few positions runs no task and so meets no sweep on its
    /// way; the positions it stored (or a failed question left) may own more than the limit.
    /// A search still past its limit gives back what it reserved for the question: the room
    /// of its stack and of the places of its lists (counted by no share while it runs), of
    /// its parts kept by value, and of entries past the entries' share (a question that
    /// fails keeps up to all of that share, not half, beside that room: 4,216 bytes were
    /// left under a limit of 4 KiB). The answer stands whatever the sweep finds: it only
    /// forgets.
    fn end<T>(&mut self, answer: Result<T, Error>) -> Result<T, Error> {
        if self.memory_limit == usize::MAX || !self.stack.is_empty() {
            return answer;
        }
        if self.over_budget() {
            self.drop_dead_lists();
            if self.over_budget() {
                // Nothing is open: a sweep keeps the best of the entries up to half the limit,
                // and a failure to get its scratch memory leaves the entries as they are.
                let _ = self.sweep(None);
            }
        }
        if self.bytes() > self.memory_limit {
            // No question is open: no list, no task and no part kept by value is in use, and
            // the entries' arrays and index hold their share at most once given back.
            self.drop_dead_lists();
            self.give_back();
        }
        answer
    }

    /// Whether `position` plus `*n` is a P-position.
    fn ask(&mut self, position: G, n: u32) -> Result<bool, Error> {
        match self.question(position, n) {
            Ok(Step::Answer(answer)) => Ok(answer),
            Ok(Step::Then(below, task)) => {
                self.stack.extend(below);
                self.run(task).map(|a| a == 1)
            }
            Err(e) => {
                self.close_pending();
                Err(e)
            }
        }
    }

    /// After an error: closes every question left open, and drops their lists of options
    /// (a question asked again lists its options again) with the parts they kept, giving
    /// back what the listing that failed grew past the memory limit.
    fn close_pending(&mut self) {
        for e in &mut self.entries {
            e.facts.set_open(false);
        }
        self.stack.clear();
        for id in 0..self.kids.len() {
            if self.kids[id] != NO_LIST {
                self.set_kids(id as u32, None);
            }
        }
        // No list is left to refer to a part kept by value.
        self.lazy.clear();
        self.lazy_live = 0;
        self.lazy_owned = 0;
        if self.memory_limit != usize::MAX
            && self.lazy.capacity() * size_of::<(G, u32)>() > self.list_limit
        {
            self.lazy = Vec::new();
        }
        self.trim_scratch();
    }

    /// The stored positions whose facts say something, with the facts: what a saved search
    /// holds.
    #[cfg(feature = "std")]
    pub(super) fn known(&self) -> impl Iterator<Item = (&G, &Facts)> {
        self.entries
            .iter()
            .map(|e| (&e.position, &e.facts))
            .filter(|(_, f)| f.is_known())
    }

    /// Stores entry `i` of a saved search being loaded, with its `facts`, into this fresh
    /// search; past the memory limit, forgets what a sweep forgets, so that the load never
    /// holds more than the limit lets a search hold.
    ///
    /// # Errors
    ///
    /// [`Error::SearchFile`] for an entry that is a stored one again (as a representative);
    /// [`Error::PositionLimit`] past the position limit, [`Error::OutOfMemory`].
    #[cfg(feature = "std")]
    pub(super) fn restore_entry(&mut self, i: u64, position: G, facts: Facts) -> Result<(), Error> {
        let position = match position.canonical() {
            Some(c) => c,
            None => position,
        };
        let key = position_key(&position);
        // A new position is stored last; one found stored is a repeat. Seen only while the
        // first is stored: a sweep may have forgotten it since, and then the later entry's
        // facts take its place, which a file with its checksum right and facts that are
        // wrong could do anyway.
        let last = self.entries.len();
        let id = self.intern_keyed(position, key)?;
        if id as usize != last {
            return Err(Error::SearchFile {
                reason: alloc::format!("entry {i} is an earlier entry again"),
            });
        }
        // The loaded facts, with the measure found again when it is needed.
        self.entries[id as usize].facts = facts;
        if self.memory_limit != usize::MAX && self.over_budget() {
            self.sweep(None)?;
        }
        Ok(())
    }
}

#[cfg(feature = "std")]
impl<G: Game + Encode> Pruning<G> {
    /// Writes what the search has proven to `out`, to be [loaded](Pruning::load) by a later
    /// search that goes on from it: every stored position whose facts say something, with
    /// its facts, in the format of [the module docs](crate::search#saved-searches). Lists of
    /// options and budgets are not saved.
    ///
    /// A search stopped by a budget ([`Error::SearchMoveLimit`], a deadline of the caller's
    /// own made of it) keeps what it proved, so saving it then loses nothing.
    ///
    /// # Errors
    ///
    /// [`Error::SearchFile`] if `out` fails.
    ///
    /// # Examples
    ///
    /// ```
    /// # use core::ops::ControlFlow;
    /// use grundy::search::{Encode, Pruning};
    /// use grundy::{Error, Evaluator, Game};
    /// #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    /// struct Piles(u32, u32); // take 1, 2 or 3 from either: the value is (a mod 4) ⊕ (b mod 4)
    /// impl Game for Piles {
    ///     type Move = (u8, u32);
    ///     fn for_each_move<F: FnMut((u8, u32), Piles) -> ControlFlow<()>>(&self, mut visit: F)
    ///     -> ControlFlow<()> {
    ///         for take in 1..=self.0.min(3) {
    ///             visit((0, take), Piles(self.0 - take, self.1))?;
    ///         }
    ///         for take in 1..=self.1.min(3) {
    ///             visit((1, take), Piles(self.0, self.1 - take))?;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    /// }
    /// impl Encode for Piles {
    ///     fn encode(&self, out: &mut Vec<u8>) {
    ///         self.0.encode(out);
    ///         self.1.encode(out);
    ///     }
    ///     fn decode(bytes: &[u8]) -> Option<Piles> {
    ///         let (a, b) = bytes.split_at_checked(4)?;
    ///         Some(Piles(u32::decode(a)?, u32::decode(b)?))
    ///     }
    /// }
    ///
    /// // Each run may list 10,000 moves; when it stops, it is saved, and the next run goes
    /// // on from its file.
    /// let mut file = Vec::new();
    /// let mut runs = 0;
    /// let value = loop {
    ///     runs += 1;
    ///     let mut search = Pruning::new().with_move_limit(10_000);
    ///     if runs > 1 {
    ///         search.load(file.as_slice())?;
    ///     }
    ///     match search.grundy(&Piles(40, 43)) {
    ///         Err(Error::SearchMoveLimit { .. }) if runs < 20 => {
    ///             file.clear();
    ///             search.save(&mut file)?;
    ///         }
    ///         done => break done?,
    ///     }
    /// };
    /// assert_eq!(value.get(), 3);
    /// assert!(runs > 1);
    /// // A file cut short is refused.
    /// let mut cut = Pruning::<Piles>::new();
    /// assert!(matches!(cut.load(&file[..file.len() - 1]), Err(Error::SearchFile { .. })));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn save<W: std::io::Write>(&self, mut out: W) -> Result<(), Error> {
        let bytes = super::file::write(self.known());
        out.write_all(&bytes)
            .and_then(|()| out.flush())
            .map_err(|e| Error::SearchFile {
                reason: alloc::format!("writing it failed: {e}"),
            })
    }

    /// Replaces what the search stores by the search [saved](Pruning::save) in `input`,
    /// keeping this search's budgets, so that it goes on from what that one proved.
    ///
    /// # Errors
    ///
    /// [`Error::SearchFile`], naming what is wrong, for input that cannot be read, is not a
    /// saved search, is of another format version or another game (by its type name), is
    /// cut short or damaged (its checksum), holds a position that does not
    /// [decode](Encode::decode) or facts that contradict each other, or goes on past its
    /// checksum; [`Error::PositionLimit`] for more entries than the position limit. On an
    /// error the search is as it was.
    ///
    /// The input is read as a stream, in the order of [the
    /// format](crate::search#saved-searches), each field checked as it arrives and the input
    /// refused at the first that is wrong, the rest of it unread: input that is no saved search
    /// (`/dev/zero`, another program's output) at its magic number or version, a search of
    /// another game at the length of its name (a name of another length is read only to name
    /// that game in the error, up to a kibibyte) or at its name, a position that does not
    /// decode or facts that contradict each other at their entry, a count of entries past the
    /// position limit at the first entry past it (those before are read and checked, not kept,
    /// so that a count damaged upwards, in a file of fewer entries than the limit, is refused
    /// as cut short, not as a limit to raise), damage the entries do not show at the checksum,
    /// and bytes after the checksum at the first of them. So the memory a load takes is bounded
    /// by the entries it keeps (at most the position limit) and the bytes of one position (at
    /// most what its length claims, and never more than the input holds), whatever the size of
    /// the input: input without end is refused, not read until the memory runs out. The fields
    /// before the entries are read as they come; the entries, through a buffer
    /// ([`std::io::BufReader`]), which may read a few kibibytes past the field refused.
    ///
    /// Each entry is stored as it is read, into a new search that takes this one's place only
    /// once the whole input is read and checked (so a refused load leaves this search as it
    /// was, and until then both are held). Under a [memory
    /// limit](Pruning::with_memory_limit), a file of more entries than the limit keeps is
    /// loaded as a search sweeps its table: each time the entries stored pass the limit, the
    /// values are kept first, then the costliest bounds, and the rest forgotten. So the new
    /// search never holds more than the limit lets a search hold, whatever the size of the
    /// file, and the load at most that beside what this search holds. An entry that repeats
    /// one still stored is refused; one that repeats an entry a sweep has forgotten takes its
    /// place (whether a file that repeats a position is refused can so depend on the limit;
    /// [`save`](Pruning::save) never writes one).
    ///
    /// # Examples
    ///
    /// See [`save`](Pruning::save).
    pub fn load<R: std::io::Read>(&mut self, input: R) -> Result<(), Error> {
        let mut fresh = Pruning::with_position_limit(self.position_limit)
            .with_move_limit(self.move_limit)
            .with_memory_limit(self.memory_limit);
        fresh.moves = self.moves;
        super::file::read::<G, R>(input, self.position_limit, |i, position, facts| {
            fresh.restore_entry(i, position, facts)
        })?;
        // The memory past what the entries kept need is given back.
        fresh.give_back();
        *self = fresh;
        Ok(())
    }
}

impl<G: Game> Pruning<G> {
    /// The value of `position`: the nim-sum of its parts' values, each searched in turn.
    fn value_of(&mut self, position: &G) -> Result<Nimber, Error> {
        self.begin()?;
        // The parts wait for their turn by value, last first, and count with the lists of
        // options: parts that own more than the lists' share are refused at once.
        let mut parts = Self::split_all(position.clone());
        parts.reverse();
        self.roots = Self::held_bytes(&parts);
        if self.list_limit != usize::MAX && self.roots > self.list_limit {
            self.roots = 0;
            return Err(Error::SearchMemoryLimit {
                limit: self.memory_limit,
                open: parts.len(),
            });
        }
        let total = self.value_of_parts(&mut parts);
        self.roots = 0;
        total.map(Nimber::from)
    }

    /// The nim-sum of the values of `parts`, taken from its end.
    fn value_of_parts(&mut self, parts: &mut Vec<G>) -> Result<u32, Error> {
        let mut total = 0u32;
        while let Some(part) = parts.pop() {
            self.roots = self.roots.saturating_sub(part.owned_bytes());
            // Interned at its turn: an earlier part's search may have renumbered the table.
            let id = match self.intern(part) {
                Ok(id) => id,
                Err(e) => {
                    self.close_pending();
                    return Err(e);
                }
            };
            if let Err(e) = self.open(id) {
                self.close_pending();
                return Err(e);
            }
            let since = self.moves;
            total ^= self.run(Task::Value { id, since })?;
        }
        Ok(total)
    }
}

impl<G: Game> Evaluator<G> for Pruning<G> {
    type MovesTo<'a>
        = alloc::vec::IntoIter<G::Move>
    where
        G: 'a;

    fn grundy(&mut self, position: &G) -> Result<Nimber, Error> {
        let answer = self.value_of(position);
        self.end(answer)
    }

    fn moves_to_value<'a>(
        &'a mut self,
        position: &'a G,
        target: Nimber,
    ) -> Result<Self::MovesTo<'a>, Error> {
        let moves = self.begin().and_then(|()| {
            let Ok(target) = u32::try_from(target.get()) else {
                // No option has a value past u32::MAX: a position lists fewer options.
                return Ok(Vec::new());
            };
            // The position's own moves are moves listed too, within the move limit.
            moves_kept(position, |next| {
                if self.moves >= self.move_limit {
                    return Err(Error::SearchMoveLimit {
                        limit: self.move_limit,
                    });
                }
                self.moves += 1;
                self.ask(next, target)
            })
        });
        self.end(moves).map(Vec::into_iter)
    }

    fn outcome(&mut self, position: &G, play: Play) -> Result<Outcome, Error> {
        match play {
            Play::Normal => {
                let p = self.begin().and_then(|()| self.ask(position.clone(), 0));
                let outcome = p.map(|p| if p { Outcome::Previous } else { Outcome::Next });
                self.end(outcome)
            }
            Play::Misere => Err(Error::MisereUnsupported {
                game: crate::solve::short_type_name::<G>(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::collections::BTreeSet;

    /// Take one, two or three from a pile: the value is the pile mod 4.
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Pile(u32);

    impl Game for Pile {
        type Move = u32;
        fn for_each_move<F: FnMut(u32, Pile) -> ControlFlow<()>>(
            &self,
            mut visit: F,
        ) -> ControlFlow<()> {
            for take in 1..=self.0.min(3) {
                visit(take, Pile(self.0 - take))?;
            }
            ControlFlow::Continue(())
        }
    }

    /// Two Nim heaps, as one position with no parts: the value is `a ^ b`.
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Two(u32, u32);

    impl Game for Two {
        type Move = (u32, u32);
        fn for_each_move<F: FnMut((u32, u32), Two) -> ControlFlow<()>>(
            &self,
            mut visit: F,
        ) -> ControlFlow<()> {
            for a in 0..self.0 {
                visit((a, self.1), Two(a, self.1))?;
            }
            for b in 0..self.1 {
                visit((self.0, b), Two(self.0, b))?;
            }
            ControlFlow::Continue(())
        }
    }

    #[test]
    fn a_search_with_no_limit_forgets_cheap_bounds_and_stays_exact() {
        // Past `COMPACT_FROM` entries (64 in the unit tests) the cheap bounds are forgotten
        // each time the entries double: every value, outcome and winning move is still the
        // closed form's, asked in an order that meets forgotten positions again.
        let mut search = Pruning::new();
        for a in (0..24u32).rev() {
            for b in 0..24u32 {
                let position = Two(a, b);
                assert_eq!(search.grundy(&position).unwrap().get(), u128::from(a ^ b));
                let p = search.outcome(&position, Play::Normal).unwrap() == Outcome::Previous;
                assert_eq!(p, a == b);
                let mut wins: Vec<(u32, u32)> = search
                    .winning_moves(&position, Play::Normal)
                    .unwrap()
                    .collect();
                wins.sort_unstable();
                let expected: Vec<(u32, u32)> = match a.cmp(&b) {
                    core::cmp::Ordering::Greater => alloc::vec![(b, b)],
                    core::cmp::Ordering::Less => alloc::vec![(a, a)],
                    core::cmp::Ordering::Equal => alloc::vec![],
                };
                assert_eq!(wins, expected, "{position:?}");
            }
        }
        assert!(search.forgotten() > 0, "no bound was forgotten");
    }

    #[test]
    #[cfg(target_pointer_width = "64")]
    fn the_move_count_goes_past_32_bits() {
        // A search that has listed nearly 2^32 moves goes on past them (the count was 32
        // bits, and a search stopped at u32::MAX moves whatever its limit).
        let mut search = Pruning::new().with_move_limit(usize::MAX);
        search.moves = u32::MAX as usize - 10;
        assert_eq!(search.grundy(&Pile(200)).unwrap().get(), 0);
        assert!(search.moves() > u32::MAX as usize);
        for heap in 0..200 {
            assert_eq!(
                search.grundy(&Pile(heap)).unwrap().get(),
                u128::from(heap % 4)
            );
        }
        // A limit past 2^32 still holds where it is.
        let limit = u32::MAX as usize + 5;
        let mut search = Pruning::new().with_move_limit(limit);
        search.moves = u32::MAX as usize;
        assert_eq!(
            search.grundy(&Pile(100)),
            Err(Error::SearchMoveLimit { limit })
        );
        assert_eq!(search.moves(), limit);
    }

    /// Rows of Kayles pins (knock down one pin or two side by side, which may split a row),
    /// sorted, whose every move is listed twice: the options repeat, and distinct options
    /// share parts (`[2, 5]` and `[2, 4]` both hold a row of 2).
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Twice(Vec<u32>);

    impl Game for Twice {
        type Move = (usize, u32, u32);
        fn for_each_move<F: FnMut(Self::Move, Twice) -> ControlFlow<()>>(
            &self,
            mut visit: F,
        ) -> ControlFlow<()> {
            for (i, &n) in self.0.iter().enumerate() {
                for take in 1..=n.min(2) {
                    for left in 0..=n - take {
                        let mut rows = self.0.clone();
                        rows.remove(i);
                        rows.extend([left, n - take - left].into_iter().filter(|&r| r > 0));
                        rows.sort_unstable();
                        for _ in 0..2 {
                            visit((i, left, take), Twice(rows.clone()))?;
                        }
                    }
                }
            }
            ControlFlow::Continue(())
        }

        fn parts(&self) -> Option<Vec<Twice>> {
            (self.0.len() > 1).then(|| self.0.iter().map(|&n| Twice(alloc::vec![n])).collect())
        }
    }

    /// The Kayles values of the rows up to `len`.
    fn kayles(len: u32) -> Vec<u32> {
        let mut values: Vec<u32> = Vec::new();
        for n in 0..=len {
            let mut seen = 0u64;
            for take in 1..=n.min(2) {
                for left in 0..=n - take {
                    seen |= 1 << (values[left as usize] ^ values[(n - take - left) as usize]);
                }
            }
            values.push(seen.trailing_ones());
        }
        values
    }

    #[test]
    fn a_listing_drops_its_repeats_at_the_position_limit_and_shares_its_parts() {
        let values = kayles(24);
        // Row 24 lists 94 moves (47, each twice) to 24 distinct options, of 23 distinct
        // parts: a limit of 30 drops the repeats of both as it lists them.
        let mut search = Pruning::with_position_limit(30);
        let root = search.intern(Twice(alloc::vec![24])).unwrap();
        assert!(!search.expand(root, 0).unwrap());
        let kids = search.list(root).unwrap().to_vec();
        let (mut options, mut refs, mut at) = (0, 0, 0);
        let mut seen = BTreeSet::new();
        while at < kids.len() {
            let parts = &kids[at + 1..at + 1 + kids[at] as usize];
            let mut rows: Vec<u32> = parts
                .iter()
                .map(|&p| match p & LAZY {
                    0 => search.entries[p as usize].position.0[0],
                    _ => search.lazy[(p & !LAZY) as usize].0.0[0],
                })
                .collect();
            rows.sort_unstable();
            seen.insert(rows);
            refs += parts.iter().filter(|&&p| p & LAZY != 0).count();
            options += 1;
            at += 1 + parts.len();
        }
        // Every option is listed, once (the repeats listed after the last drop may stay).
        assert_eq!(seen.len(), 24, "{seen:?}");
        assert!(options < 94, "{options} options kept of 94 listed");
        assert_eq!(search.lazy_live, refs);
        assert!(search.lazy.len() < refs, "no part is shared");
        // Renumbered, a shared part is kept once still, and moved, not copied: each holds the
        // buffer it held (a copy is made while the part it copies is alive, so its buffer
        // is another).
        let shared = search.lazy.len();
        let buffers: BTreeSet<usize> = search
            .lazy
            .iter()
            .map(|p| p.0.0.as_ptr() as usize)
            .collect();
        search.renumber_lists(None);
        assert_eq!((search.lazy.len(), search.lazy_live), (shared, refs));
        assert!(
            search
                .lazy
                .iter()
                .all(|p| buffers.contains(&(p.0.0.as_ptr() as usize)))
        );
        // The answers are Kayles', by the shared parts as by any.
        let since = search.moves;
        assert_eq!(
            search.run(Task::Value { id: root, since }).unwrap(),
            values[24]
        );
        for n in 0..24 {
            let rows = Twice(alloc::vec![n, 24 - n]);
            let value = u128::from(values[n as usize] ^ values[24 - n as usize]);
            assert_eq!(search.grundy(&rows).unwrap().get(), value, "{rows:?}");
        }
        // Row 24's listing needs about 9 KiB, more than the quarter of 16 KiB left for it:
        // an error, and the search holds no more than its limit after it. A quarter of
        // 64 KiB is enough, with the position limit dropping repeats.
        let mut small = Pruning::new().with_memory_limit(16 << 10);
        let err = small.grundy(&Twice(alloc::vec![24])).unwrap_err();
        assert!(matches!(err, Error::SearchMemoryLimit { .. }), "{err:?}");
        assert!(small.bytes() <= 16 << 10, "{}", small.bytes());
        let mut small = Pruning::with_position_limit(30).with_memory_limit(64 << 10);
        for n in (0..=24).rev() {
            let value = small.grundy(&Twice(alloc::vec![n])).unwrap().get();
            assert_eq!(value, u128::from(values[n as usize]), "row {n}");
        }
        assert!(small.bytes() <= 64 << 10, "{}", small.bytes());
    }

    #[cfg(feature = "std")]
    impl crate::search::Encode for Pile {
        fn encode(&self, out: &mut Vec<u8>) {
            self.0.encode(out);
        }
        fn decode(bytes: &[u8]) -> Option<Pile> {
            u32::decode(bytes).map(Pile)
        }
    }

    /// A saved search whose checksum is right but which holds one position twice is refused
    /// at the second, naming it, and the search is left as it was; the same entries each once
    /// load.
    #[cfg(feature = "std")]
    #[test]
    fn a_saved_search_holding_a_position_twice_is_refused() {
        let (four, five) = (Pile(4), Pile(5));
        let (zero, one) = (
            Facts::from_saved(0, 0, true, 0),
            Facts::from_saved(1, 0, true, 0),
        );
        let twice =
            super::super::file::write([(&four, &zero), (&five, &one), (&four, &zero)].into_iter());
        let mut search = Pruning::<Pile>::new();
        assert_eq!(search.grundy(&Pile(2)).unwrap().get(), 2);
        let before = search.len();
        match search.load(twice.as_slice()) {
            Err(Error::SearchFile { reason }) => {
                assert!(
                    reason.contains("entry 2 is an earlier entry again"),
                    "{reason}"
                );
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(search.len(), before);
        let once = super::super::file::write([(&four, &zero), (&five, &one)].into_iter());
        let mut loaded = Pruning::<Pile>::new().with_move_limit(0);
        loaded.load(once.as_slice()).unwrap();
        assert_eq!(loaded.grundy(&Pile(5)).unwrap().get(), 1);
    }
}
