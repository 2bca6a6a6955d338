//! The generic memoising solver.

use crate::solve::Evaluator;
use crate::{Error, Game, Nimber, Outcome, Play};
use alloc::vec::Vec;
use core::fmt;
use core::hash::BuildHasher;
use core::ops::ControlFlow;
use foldhash::fast::FixedState;

/// The position limit of [`Solver::new`]: about 16.7 million positions.
///
/// # Examples
///
/// ```
/// use grundy::{Solver, DEFAULT_POSITION_LIMIT};
/// # #[derive(Clone, PartialEq, Eq, Hash)] struct G;
/// # impl grundy::Game for G { type Move = ();
/// #   fn for_each_move<F: FnMut((), G) -> core::ops::ControlFlow<()>>(&self, _: F)
/// #   -> core::ops::ControlFlow<()> { core::ops::ControlFlow::Continue(()) } }
/// assert_eq!(Solver::<G>::new().position_limit(), DEFAULT_POSITION_LIMIT);
/// ```
pub const DEFAULT_POSITION_LIMIT: usize = 1 << 24;

/// The move limit of [`Solver::new`]: about 268 million moves listed in all.
///
/// # Examples
///
/// ```
/// use grundy::{Solver, DEFAULT_MOVE_LIMIT};
/// # #[derive(Clone, PartialEq, Eq, Hash)] struct G;
/// # impl grundy::Game for G { type Move = ();
/// #   fn for_each_move<F: FnMut((), G) -> core::ops::ControlFlow<()>>(&self, _: F)
/// #   -> core::ops::ControlFlow<()> { core::ops::ControlFlow::Continue(()) } }
/// assert_eq!(Solver::<G>::new().move_limit(), DEFAULT_MOVE_LIMIT);
/// ```
pub const DEFAULT_MOVE_LIMIT: usize = 1 << 28;

/// The state of a stored position in the search: the low two bits of its flags.
const STATE: u8 = 0b11;
/// Stored; its options not yet listed.
const UNEXPANDED: u8 = 0;
/// On the current line of play of the search, its options listed on the stack.
const ON_PATH: u8 = 2;
/// Its value (and, unless it split, its misère outcome) is known.
const DONE: u8 = 3;
/// Flag: the player to move wins under misère play (once `DONE`).
const MISERE_NEXT: u8 = 0b100;
/// Flag: the position's options on the stack are the parts it splits into: its value is
/// their nim-sum and its misère outcome is unknown.
const SPLIT: u8 = 0b1000;

/// One stored position's bookkeeping: 12 bytes.
#[derive(Debug, Clone, Copy)]
struct Node {
    /// Its Grundy value, once `DONE`.
    value: u32,
    /// Its key in the [`Table`]: 32 bits of its hash.
    key: u32,
    /// Its `STATE`, `MISERE_NEXT` and `SPLIT`.
    flags: u8,
}

impl Node {
    /// A new, unexpanded position.
    fn new(key: u32) -> Node {
        Node {
            value: 0,
            key,
            flags: UNEXPANDED,
        }
    }
}

/// A stored entry that knows its [`Table`] key, which a growing table is rebuilt from.
pub(crate) trait Keyed {
    /// The entry's 32-bit key.
    fn key(&self) -> u32;
}

impl Keyed for Node {
    #[inline]
    fn key(&self) -> u32 {
        self.key
    }
}

/// The fewest slots of a table that has any.
const MIN_SLOTS: usize = 16;

/// The set of stored positions, by index: an open-addressing hash table with linear probing,
/// at most half full (or seven eighths, [`Table::dense`]). A slot is a one-byte tag from the
/// position's key (0 when empty) and the position's index, in two arrays: a search for a
/// position not stored yet reads tags only, a byte a slot (a table of a million positions
/// has 2 MiB of them), and a tag settles all but about one mismatch in 255 without reading a
/// position. Growing rebuilds the table from the keys kept in the positions' [`Node`]s (or
/// the entries' [`Keyed`] keys), read in order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Table {
    tags: Vec<u8>,
    slots: Vec<u32>,
    /// How many slots are full.
    len: usize,
    /// `64 - log2(slots)`: a key's home slot is the top bits of the key times an odd
    /// constant (Fibonacci hashing).
    shift: u32,
    /// At most this many eighths of the slots are full (0 for the default, half).
    eighths: u8,
}

impl Table {
    /// How many eighths of its slots a [dense](Table::dense) table fills.
    pub(crate) const DENSE_EIGHTHS: u8 = 7;

    /// A table up to seven eighths full: a third to a half of the bytes, for longer probes
    /// of tags (a byte each, so a probe of a few slots reads one cache line). The pruning
    /// search's lookups mostly find their position, and their cost is the cache misses of
    /// the tag, the index and the entry: on Cram 5 × 7 the dense table has 26% fewer
    /// simulated L2 read misses, for 1% more instructions.
    pub(crate) fn dense() -> Table {
        Table {
            eighths: Self::DENSE_EIGHTHS,
            ..Table::default()
        }
    }

    /// Whether one more position would fill the table past its load.
    #[inline]
    fn full(&self) -> bool {
        let eighths = if self.eighths == 0 { 4 } else { self.eighths };
        (self.len + 1) * 8 > self.tags.len() * usize::from(eighths)
    }

    /// The slot where the search for `key` starts.
    #[inline]
    fn home(&self, key: u32) -> usize {
        (u64::from(key).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The tag of `key` (never 0, the tag of an empty slot).
    #[inline]
    fn tag(key: u32) -> u8 {
        (key as u8).max(1)
    }

    /// The index stored under `key` that `is` accepts, or else the empty slot where it would
    /// go.
    #[inline]
    pub(crate) fn find(&self, key: u32, mut is: impl FnMut(usize) -> bool) -> Result<u32, usize> {
        if self.tags.is_empty() {
            return Err(0);
        }
        let mask = self.tags.len() - 1;
        let tag = Self::tag(key);
        let mut i = self.home(key);
        loop {
            let t = self.tags[i];
            if t == tag {
                let index = self.slots[i];
                if is(index as usize) {
                    return Ok(index);
                }
            } else if t == 0 {
                return Err(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// Stores `index` under `key` in the empty slot `vacant` that [`find`](Table::find)
    /// returned; `nodes` are the positions stored so far, which a table that must grow is
    /// rebuilt from.
    #[inline]
    pub(crate) fn insert(
        &mut self,
        vacant: usize,
        key: u32,
        index: u32,
        nodes: &[impl Keyed],
    ) -> Result<(), Error> {
        if self.full() {
            self.grow(nodes)?;
            self.place(key, index);
        } else {
            self.tags[vacant] = Self::tag(key);
            self.slots[vacant] = index;
            self.len += 1;
        }
        Ok(())
    }

    /// The bytes the table grows by to store one more position: none unless it is full,
    /// else the new half of its tags and slots.
    #[inline]
    pub(crate) fn growth(&self) -> usize {
        if !self.full() {
            return 0;
        }
        let size = self.grown();
        size.saturating_sub(self.tags.capacity())
            + size.saturating_sub(self.slots.capacity()) * core::mem::size_of::<u32>()
    }

    /// The number of slots the table grows to: twice as many, 16 at least.
    fn grown(&self) -> usize {
        self.tags.len().saturating_mul(2).max(MIN_SLOTS)
    }

    /// The bytes the table holds: its tags and slots.
    pub(crate) fn bytes(&self) -> usize {
        self.tags.capacity() + self.slots.capacity() * core::mem::size_of::<u32>()
    }

    /// Puts `index` in the first empty slot from the home of `key`.
    fn place(&mut self, key: u32, index: u32) {
        let mask = self.tags.len() - 1;
        let mut i = self.home(key);
        while self.tags[i] != 0 {
            i = (i + 1) & mask;
        }
        self.tags[i] = Self::tag(key);
        self.slots[i] = index;
        self.len += 1;
    }

    /// Doubles the slots (fallibly) and rebuilds the table from `nodes`. The arrays grow in
    /// place (a large one is moved by the allocator, not copied), so only the new half of
    /// their memory is fresh.
    #[cold]
    fn grow(&mut self, nodes: &[impl Keyed]) -> Result<(), Error> {
        let size = self.grown();
        let more = size - self.tags.len();
        if !size.is_power_of_two()
            || self.tags.try_reserve_exact(more).is_err()
            || self.slots.try_reserve_exact(more).is_err()
        {
            return Err(Error::OutOfMemory {
                what: alloc::format!("a table of {size} slots for stored positions"),
            });
        }
        self.tags.clear();
        self.tags.resize(size, 0);
        // A slot's index is read only where its tag is set: the old ones may stay.
        self.slots.resize(size, 0);
        self.shift = 64 - size.trailing_zeros();
        self.len = 0;
        self.place_all(nodes);
        Ok(())
    }

    /// Stores the positions of `nodes` again in the fewest slots that hold `most` of them
    /// (at least `nodes.len()`), if the table has more: it gives back the memory of a table
    /// grown for more positions than are kept.
    pub(crate) fn fit(&mut self, nodes: &[impl Keyed], most: usize) {
        let eighths = if self.eighths == 0 {
            4
        } else {
            usize::from(self.eighths)
        };
        let most = most.max(nodes.len());
        let mut size = MIN_SLOTS;
        while most.saturating_add(1).saturating_mul(8) > size.saturating_mul(eighths) {
            match size.checked_mul(2) {
                Some(more) => size = more,
                None => return,
            }
        }
        if size >= self.tags.len() {
            return;
        }
        // Shrunk in place: no second table is allocated beside the first.
        self.tags.truncate(size);
        self.tags.shrink_to_fit();
        self.tags.fill(0);
        self.slots.truncate(size);
        self.slots.shrink_to_fit();
        self.shift = 64 - size.trailing_zeros();
        self.len = 0;
        self.place_all(nodes);
    }

    /// Empties the table (keeping its memory) and stores the positions of `nodes` again.
    pub(crate) fn rebuild(&mut self, nodes: &[impl Keyed]) {
        self.tags.fill(0);
        self.len = 0;
        self.place_all(nodes);
    }

    /// Stores the positions of `nodes` in an empty table.
    fn place_all(&mut self, nodes: &[impl Keyed]) {
        for (i, node) in nodes.iter().enumerate() {
            self.place(node.key(), i as u32);
        }
    }
}

/// A memoising solver for any finite impartial [`Game`]: the Grundy value, the outcome under
/// normal and misère play, and every winning move of any position.
///
/// The solver is a search over the game graph, for games with no closed form and for checking
/// closed forms. Every position it meets is stored once (interned in a hash table) with its
/// options, so later queries, on the same position or any other, reuse all earlier work. A
/// position with a representative under the game's symmetries ([`Game::canonical`]) is
/// stored as its representative: one entry for all the positions of one class.
///
/// # Sums
///
/// A position that splits into parts ([`Game::parts`]: a row of heaps, a [`Sum`](crate::Sum))
/// is searched part by part under normal play. A **tuple** of games of different kinds cannot
/// split into parts of one type, so `Solver::grundy` on a tuple searches the product of its
/// parts' positions: 467,712 positions for Kayles 25 + Nim 7 + Wythoff (3, 5). For a sum of
/// the crate's games ask the tuple itself (`sum.grundy()`); with a game of your own in it, a
/// tuple of evaluators, `(Direct, Direct, Solver::new())`, which searches your game's part
/// alone. A solver of the whole tuple is for misère play, where values do not add. See
/// [which evaluator for a sum](crate::solve#which-evaluator-for-a-sum).
///
/// # Laws
///
/// - `G(p) = mex{ G(q) : q an option of p }`; a position with no move has value `*0`.
/// - Normal play: `p` is a P-position ⇔ `G(p) = *0`; the winning moves lead to P-positions.
/// - Misère play: a position with no move is an N-position (the player to move has won);
///   otherwise `p` is N ⇔ some option is P.
///
/// # Algorithm
///
/// A depth-first search with an explicit stack (no recursion: a game a million moves deep
/// cannot overflow the call stack). A position is marked while it is on the current line of
/// play; meeting a marked position again is a cycle, reported as [`Error::Cycle`]. Values are
/// computed in post-order, together with the misère outcome: each option is read once, when
/// it is done, into its parent's frame on the stack (a 64-bit mask of the values below 64, so
/// the mex of a position with fewer than 64 options is one bit scan; a reusable bit set
/// otherwise). Positions are stored once, in one arena, and found by a `foldhash` hash in an
/// open-addressing table of indices with one-byte tags (a lookup for a new position reads one
/// byte a slot, and growing rehashes from 32-bit keys kept beside each position, never from
/// the positions). A position's options are kept, as 4-byte indices, only while it is on the
/// line of play: a done position keeps its value, not its moves.
///
/// # Complexity
///
/// O(V + E) time for V positions and E moves reachable from the query (expected, by
/// hashing); memory for the V positions, and indices for the options of the positions on the
/// line of play. Each position's moves are listed once for the solver's life (again only if
/// an error cut its search short).
///
/// # Errors
///
/// The [`fault`](Game::fault) of a position that cannot list its moves (its
/// `for_each_move` breaks off on its own; [`Error::IncompleteMoves`] if it names no fault),
/// for instance [`Error::InvalidHeapMove`] for rules of your own that break their laws at a
/// heap the search reaches: a search fails as the closed form does, rather than value the
/// position from part of its moves. [`Error::Cycle`] if a position can be reached again from
/// itself; [`Error::PositionLimit`]
/// if the search would store more positions than the position limit, or a single position
/// has more moves than it; [`Error::SearchMoveLimit`] if the moves listed in all would pass
/// the move limit ([`Solver::with_move_limit`]); [`Error::SolverMemoryLimit`] if it would
/// hold more bytes than its memory limit ([`Solver::with_memory_limit`], none unless set);
/// [`Error::OutOfMemory`] if the allocator
/// refuses memory within those limits. The position and memory limits bound the solver's
/// memory and the move limit its work; every allocation is reserved fallibly. After an error the solver is as it was before the call:
/// everything solved by earlier calls stays memoised.
///
/// # Examples
///
/// ```
/// use core::ops::ControlFlow;
/// use grundy::prelude::*;
///
/// /// A pile from which a move takes 1, 3 or 4 counters.
/// #[derive(Clone, PartialEq, Eq, Hash, Debug)]
/// struct Pile(u32);
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
/// let mut solver = Solver::new();
/// // Values of the subtraction game {1, 3, 4} repeat 0 1 0 1 2 3 2 with period 7.
/// let values: Vec<u128> = (0..14)
///     .map(|n| solver.grundy(&Pile(n)).map(|v| v.get()))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
/// assert_eq!(solver.outcome(&Pile(7), Play::Normal)?, Outcome::Previous);
/// assert_eq!(solver.outcome(&Pile(0), Play::Misere)?, Outcome::Next);
/// let winning: Vec<u32> = solver.winning_moves(&Pile(10), Play::Normal)?.collect();
/// assert_eq!(winning, [1, 3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Solver<G: Game> {
    /// The memo of normal play, which splits positions into their parts.
    normal: Memo<G>,
    /// The memo of misère play for games that split, made when first needed: misère
    /// outcomes do not add over parts, so it searches the whole positions.
    misere: Option<Memo<G>>,
}

/// One memoised search: the interned positions and their answers.
///
/// A position's options are listed once, when the search first reaches it, and kept only
/// while it is on the line of play (in `pending`): once a position is done its value is all
/// that is needed, so the memory of a search is its positions, not its moves.
#[derive(Clone)]
struct Memo<G: Game> {
    /// Whether positions are split into their parts ([`Game::parts`]).
    use_parts: bool,
    /// Whether some position stored here was split, so that its misère outcome is unknown.
    split_seen: bool,
    positions: Vec<G>,
    /// Per position, its bookkeeping.
    nodes: Vec<Node>,
    /// How many moves (options or parts) the searches have listed in all.
    moves: usize,
    table: Table,
    hasher: FixedState,
    limit: usize,
    /// The most moves listed in all.
    move_limit: usize,
    /// The search's line of play.
    stack: Vec<Frame>,
    /// The options (by index) of the positions on the line of play, each position's from its
    /// frame's `start` to the next frame's.
    pending: Vec<u32>,
    /// The options of the position being expanded.
    children: Vec<G>,
    seen: Vec<u64>,
    /// The solver's memory limit, in bytes (`usize::MAX` for none).
    memory_limit: usize,
    /// The setting that holds the limit, which its error names.
    memory_setting: &'static str,
    /// The bytes the solver's other memo holds, which count against the same limit.
    other_bytes: usize,
    /// The bytes the stored positions own outside themselves ([`Game::owned_bytes`]).
    owned: usize,
}

/// A position on the search's line of play, with what is known of its options so far.
#[derive(Debug, Clone, Copy)]
struct Frame {
    node: u32,
    /// Where its options start in `pending`.
    start: u32,
    /// How many of its options (in order) are done and taken into `acc`.
    next: u32,
    /// The values of those options: the set of those below 64 as a bit mask, or their
    /// nim-sum for a position that splits.
    acc: u64,
    /// Whether one of those options is a P-position under misère play (0 or 1).
    misere_p_option: u32,
}

impl Frame {
    /// The frame of position `node`, whose options start at `start` in `pending`, before any
    /// of them is read.
    fn new(node: u32, start: usize) -> Frame {
        Frame {
            node,
            start: start as u32,
            next: 0,
            misere_p_option: 0,
            acc: 0,
        }
    }
}

impl<G: Game> fmt::Debug for Solver<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("positions", &self.len())
            .field(
                "moves",
                &(self.normal.moves + self.misere.as_ref().map_or(0, |m| m.moves)),
            )
            .field("position_limit", &self.normal.limit)
            .field("memory_limit", &self.normal.memory_limit)
            .finish()
    }
}

impl<G: Game> Default for Solver<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> Solver<G> {
    /// An empty solver with the [`DEFAULT_POSITION_LIMIT`].
    ///
    /// # Examples
    ///
    /// See [`Solver`].
    #[must_use]
    pub fn new() -> Self {
        Self::with_position_limit(DEFAULT_POSITION_LIMIT)
    }

    /// An empty solver that stores at most `limit` positions (at most `u32::MAX`; a larger
    /// limit is lowered to it). A search that needs more fails with
    /// [`Error::PositionLimit`], before memory runs out.
    ///
    /// The limit counts positions, not bytes: each stored position costs the position itself
    /// (with whatever it owns on the heap, such as a `Vec` of heaps) plus 22 to 32 bytes of
    /// bookkeeping (12 for its node, 10 to 20 in the table), and 4 bytes per option while it
    /// is on the line of play. Choose the limit from the memory one position of the game
    /// takes; the default suits positions of a few dozen bytes. For a limit in bytes, see
    /// [`Solver::with_memory_limit`].
    ///
    /// # Examples
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use grundy::{Error, Evaluator, Game, Solver};
    ///
    /// #[derive(Clone, PartialEq, Eq, Hash)]
    /// struct Countdown(u64);
    /// impl Game for Countdown {
    ///     type Move = ();
    ///     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    ///     where
    ///         F: FnMut((), Countdown) -> ControlFlow<()>,
    ///     {
    ///         if self.0 > 0 {
    ///             visit((), Countdown(self.0 - 1))?;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    /// }
    ///
    /// let mut solver = Solver::with_position_limit(100);
    /// assert_eq!(solver.grundy(&Countdown(1_000)), Err(Error::PositionLimit { limit: 100 }));
    /// assert_eq!(solver.grundy(&Countdown(50))?.get(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_position_limit(limit: usize) -> Self {
        Solver {
            normal: Memo::new(limit, true),
            misere: None,
        }
    }

    /// The most positions this solver will store.
    ///
    /// # Examples
    ///
    /// See [`Solver::with_position_limit`].
    #[must_use]
    pub fn position_limit(&self) -> usize {
        self.normal.limit
    }

    /// This solver with at most `limit` moves listed in all (at most `u32::MAX`): a search
    /// lists each position's moves once, when it first reaches it, so the limit bounds the
    /// work of the searches. A search that needs more fails with [`Error::SearchMoveLimit`]
    /// and leaves the solver as it was.
    ///
    /// The moves a position lists again to give its [winning
    /// moves](Evaluator::winning_moves) or its [moves to a value](Evaluator::moves_to_value)
    /// are not counted: the search has listed them once within the limit, so one such answer
    /// lists at most as many, and a solver that answers a game's moves turn after turn never
    /// runs out of its limit for it. (A [`search::Pruning`](crate::search::Pruning), which
    /// forgets positions, counts those moves too.)
    ///
    /// # Examples
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use grundy::{Error, Evaluator, Game, Solver};
    ///
    /// /// A heap of Nim: every smaller heap is a move.
    /// #[derive(Clone, PartialEq, Eq, Hash)]
    /// struct Heap(u32);
    /// impl Game for Heap {
    ///     type Move = u32;
    ///     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    ///     where
    ///         F: FnMut(u32, Heap) -> ControlFlow<()>,
    ///     {
    ///         (0..self.0).try_for_each(|to| visit(to, Heap(to)))
    ///     }
    /// }
    ///
    /// // Heap n lists n moves: 0 + 1 + … + 99 = 4950 for heap 100.
    /// let mut solver = Solver::new().with_move_limit(1000);
    /// assert_eq!(solver.grundy(&Heap(100)), Err(Error::SearchMoveLimit { limit: 1000 }));
    /// assert_eq!(solver.grundy(&Heap(40))?.get(), 40);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_move_limit(mut self, limit: usize) -> Self {
        let limit = limit.min(u32::MAX as usize);
        self.each_memo(|memo| memo.move_limit = limit);
        self
    }

    /// The most moves this solver will store.
    ///
    /// # Examples
    ///
    /// See [`Solver::with_move_limit`].
    #[must_use]
    pub fn move_limit(&self) -> usize {
        self.normal.move_limit
    }

    /// This solver with at most `bytes` of memory: a search that would hold more fails with
    /// [`Error::SolverMemoryLimit`] and leaves the solver as it was (its memory is not given
    /// back: what it reserved stays within the limit). No limit unless set.
    ///
    /// The bytes are those of [`Solver::bytes`]: each stored position at
    /// `size_of::<G>()` plus what it owns ([`Game::owned_bytes`], which a position that
    /// holds a `Vec` should give), its node and its place in the table, the line of play,
    /// and the buffer of the options being listed (with what they own), each array counted
    /// by its capacity. An array that must grow is checked against the limit before it
    /// grows, so the solver never holds more. The position limit still holds beside it.
    ///
    /// A limit below what the solver holds already keeps what it holds, answers what it
    /// has stored, and fails at the first search that needs more.
    ///
    /// # Examples
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use grundy::{Error, Evaluator, Game, Solver};
    ///
    /// /// A pile from which a move takes 1 or 2 counters.
    /// #[derive(Clone, PartialEq, Eq, Hash)]
    /// struct Pile(u64);
    /// impl Game for Pile {
    ///     type Move = u64;
    ///     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    ///     where
    ///         F: FnMut(u64, Pile) -> ControlFlow<()>,
    ///     {
    ///         for take in 1..=self.0.min(2) {
    ///             visit(take, Pile(self.0 - take))?;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    /// }
    ///
    /// let mut solver = Solver::new().with_memory_limit(64 << 10);
    /// assert_eq!(solver.grundy(&Pile(100))?.get(), 100 % 3);
    /// assert!(solver.bytes() <= 64 << 10);
    /// let err = solver.grundy(&Pile(1_000_000)).unwrap_err();
    /// assert!(matches!(err, Error::SolverMemoryLimit { limit: 65_536, .. }));
    /// assert!(solver.bytes() <= 64 << 10);
    /// assert_eq!(solver.len(), 101); // as it was
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_memory_limit(mut self, bytes: usize) -> Self {
        self.each_memo(|memo| memo.memory_limit = bytes);
        self
    }

    /// [`Solver::with_memory_limit`], for a limit that another setting of the crate holds
    /// (`setting`, which [`Error::SolverMemoryLimit`] then names): a heap row's misère search
    /// takes its rules' budget.
    #[must_use]
    pub(crate) fn with_memory_limit_of(mut self, bytes: usize, setting: &'static str) -> Self {
        self.each_memo(|memo| (memo.memory_limit, memo.memory_setting) = (bytes, setting));
        self
    }

    /// Applies `set` to each memo: a limit holds for both plays.
    fn each_memo(&mut self, set: impl Fn(&mut Memo<G>)) {
        set(&mut self.normal);
        if let Some(memo) = &mut self.misere {
            set(memo);
        }
    }

    /// The most bytes this solver will hold (`usize::MAX`, the default, for no limit).
    ///
    /// # Examples
    ///
    /// ```
    /// # #[derive(Clone, PartialEq, Eq, Hash)] struct G;
    /// # impl grundy::Game for G { type Move = ();
    /// #   fn for_each_move<F: FnMut((), G) -> core::ops::ControlFlow<()>>(&self, _: F)
    /// #   -> core::ops::ControlFlow<()> { core::ops::ControlFlow::Continue(()) } }
    /// use grundy::Solver;
    /// assert_eq!(Solver::<G>::new().memory_limit(), usize::MAX);
    /// assert_eq!(Solver::<G>::new().with_memory_limit(1 << 20).memory_limit(), 1 << 20);
    /// ```
    #[must_use]
    pub fn memory_limit(&self) -> usize {
        self.normal.memory_limit
    }

    /// The bytes the solver holds: its stored positions (at `size_of::<G>()` each, plus
    /// what each owns, [`Game::owned_bytes`]), their nodes and table, its line of play and
    /// its buffers, each array counted by its capacity. What the [memory
    /// limit](Solver::with_memory_limit) bounds.
    ///
    /// # Examples
    ///
    /// See [`Solver::with_memory_limit`].
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.normal.bytes() + self.misere.as_ref().map_or(0, Memo::bytes)
    }

    /// Tells each memo what the other holds, which counts against the same memory limit.
    fn share_memory(&mut self) {
        if let Some(misere) = &mut self.misere {
            misere.other_bytes = self.normal.bytes();
            self.normal.other_bytes = misere.bytes();
        }
    }

    /// How many positions are memoised.
    ///
    /// # Examples
    ///
    /// ```
    /// # use core::ops::ControlFlow;
    /// # #[derive(Clone, PartialEq, Eq, Hash)] struct Down(u8);
    /// # use grundy::Evaluator;
    /// # impl grundy::Game for Down { type Move = ();
    /// #   fn for_each_move<F: FnMut((), Down) -> ControlFlow<()>>(&self, mut f: F) -> ControlFlow<()> {
    /// #     if self.0 > 0 { f((), Down(self.0 - 1))?; } ControlFlow::Continue(()) } }
    /// let mut solver = grundy::Solver::new();
    /// solver.grundy(&Down(9))?;
    /// assert_eq!(solver.len(), 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.normal.positions.len() + self.misere.as_ref().map_or(0, |m| m.positions.len())
    }

    /// Whether no position is memoised.
    ///
    /// # Examples
    ///
    /// ```
    /// # #[derive(Clone, PartialEq, Eq, Hash)] struct G;
    /// # impl grundy::Game for G { type Move = ();
    /// #   fn for_each_move<F: FnMut((), G) -> core::ops::ControlFlow<()>>(&self, _: F)
    /// #   -> core::ops::ControlFlow<()> { core::ops::ControlFlow::Continue(()) } }
    /// assert!(grundy::Solver::<G>::new().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Forgets every memoised position, keeping the limit.
    ///
    /// # Examples
    ///
    /// ```
    /// # use core::ops::ControlFlow;
    /// # #[derive(Clone, PartialEq, Eq, Hash)] struct Down(u8);
    /// # use grundy::Evaluator;
    /// # impl grundy::Game for Down { type Move = ();
    /// #   fn for_each_move<F: FnMut((), Down) -> ControlFlow<()>>(&self, mut f: F) -> ControlFlow<()> {
    /// #     if self.0 > 0 { f((), Down(self.0 - 1))?; } ControlFlow::Continue(()) } }
    /// let mut solver = grundy::Solver::new();
    /// solver.grundy(&Down(3))?;
    /// solver.clear();
    /// assert!(solver.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clear(&mut self) {
        self.normal.clear();
        self.misere = None;
    }

    /// The memo that answers misère play for `position`, and its index there: the normal
    /// memo while no position it stores has split, for a position that is its own
    /// representative; else the memo that never splits. (The options of a position with a
    /// representative, listed for its moves, were not solved with it, and may split.)
    fn misere_memo(&mut self, position: &G) -> Result<(&mut Memo<G>, usize), Error> {
        if !self.normal.split_seen && position.canonical().is_none() {
            let i = self.normal.solve(position)?;
            if !self.normal.split_seen {
                return Ok((&mut self.normal, i));
            }
        }
        let (limit, move_limit) = (self.normal.limit, self.normal.move_limit);
        let (memory_limit, normal_bytes) = (self.normal.memory_limit, self.normal.bytes());
        let memory_setting = self.normal.memory_setting;
        let memo = self.misere.get_or_insert_with(|| {
            let mut memo = Memo::new(limit, false);
            memo.move_limit = move_limit;
            (memo.memory_limit, memo.memory_setting) = (memory_limit, memory_setting);
            memo
        });
        memo.other_bytes = normal_bytes;
        let i = memo.solve(position)?;
        Ok((memo, i))
    }

    /// Asks `ask` of the solver; on an error puts both memos back as they were before it: a
    /// question may store positions in one memo and then fail in the other (a misère
    /// question solves the position under normal play first, to learn whether it splits),
    /// or fail on an option of a position it solved (the options of a position that splits
    /// are stored as parts, and are looked up whole for its moves).
    fn undoing<T>(&mut self, ask: impl FnOnce(&mut Self) -> Result<T, Error>) -> Result<T, Error> {
        self.share_memory();
        let normal = self.normal.mark();
        let misere = self.misere.as_ref().map(Memo::mark);
        let result = ask(self);
        if result.is_err() {
            self.normal.undo(normal);
            match (misere, &mut self.misere) {
                (Some(mark), Some(memo)) => memo.undo(mark),
                _ => self.misere = None,
            }
        }
        result
    }
}

impl<G: Game> Memo<G> {
    fn new(limit: usize, use_parts: bool) -> Self {
        Memo {
            use_parts,
            split_seen: false,
            positions: Vec::new(),
            nodes: Vec::new(),
            moves: 0,
            table: Table::default(),
            hasher: FixedState::default(),
            limit: limit.min(u32::MAX as usize),
            move_limit: DEFAULT_MOVE_LIMIT,
            stack: Vec::new(),
            pending: Vec::new(),
            children: Vec::new(),
            seen: Vec::new(),
            memory_limit: usize::MAX,
            memory_setting: "Solver::with_memory_limit",
            other_bytes: 0,
            owned: 0,
        }
    }

    /// The bytes this memo holds: its stored positions with what they own, their nodes,
    /// the table, the line of play and the buffers, each by its capacity.
    fn bytes(&self) -> usize {
        (self.positions.capacity() * size_of::<G>()
            + self.nodes.capacity() * size_of::<Node>()
            + self.table.bytes()
            + self.stack.capacity() * size_of::<Frame>()
            + self.pending.capacity() * size_of::<u32>()
            + self.children.capacity() * size_of::<G>()
            + self.seen.capacity() * size_of::<u64>())
        .saturating_add(self.owned)
    }

    /// What this memo may still grow by under the solver's memory limit.
    fn room(&self) -> Room {
        Room::new(
            self.memory_limit,
            self.bytes().saturating_add(self.other_bytes),
            self.positions.len(),
            self.memory_setting,
        )
    }

    /// Where the memo stands: its positions, moves listed and whether one split.
    fn mark(&self) -> (usize, usize, bool) {
        (self.positions.len(), self.moves, self.split_seen)
    }

    /// Forgets what was stored since `mark`.
    fn undo(&mut self, (positions, moves, split_seen): (usize, usize, bool)) {
        self.roll_back(positions, moves);
        self.split_seen = split_seen;
    }

    fn clear(&mut self) {
        self.split_seen = false;
        self.positions.clear();
        self.owned = 0;
        self.nodes.clear();
        self.moves = 0;
        self.table.rebuild(&[] as &[Node]);
    }

    fn outcome_of(&self, i: usize, play: Play) -> Outcome {
        let node = &self.nodes[i];
        let next = match play {
            Play::Normal => node.value != 0,
            Play::Misere => node.flags & MISERE_NEXT != 0,
        };
        if next {
            Outcome::Next
        } else {
            Outcome::Previous
        }
    }

    /// The moves of `position` whose resulting position (by index) satisfies `keep`.
    fn moves_where(
        &mut self,
        position: &G,
        keep: impl Fn(&Self, usize) -> bool,
    ) -> Result<alloc::vec::IntoIter<G::Move>, Error> {
        self.solve(position)?;
        // Every option is done by now: this finds it.
        let kept = moves_kept(position, |child| {
            let c = self.solve(&child)?;
            Ok(keep(self, c))
        })?;
        Ok(kept.into_iter())
    }

    /// Interns `position` and solves it; returns its index. On an error what it stored
    /// stays until the question is undone ([`Solver::undoing`], which every question runs
    /// under).
    fn solve(&mut self, position: &G) -> Result<usize, Error> {
        let root = self.intern(position)?;
        if self.nodes[root].flags & STATE != DONE {
            self.run(root as u32)?;
        }
        Ok(root)
    }

    /// The index of `position`, stored (cloned) if new.
    fn intern(&mut self, position: &G) -> Result<usize, Error> {
        let representative = position.canonical();
        let position = representative.as_ref().unwrap_or(position);
        let mut room = self.room();
        let stored = Stored {
            table: &mut self.table,
            hasher: &self.hasher,
            positions: &mut self.positions,
            entries: &mut self.nodes,
            limit: self.limit,
            room: &mut room,
            owned: &mut self.owned,
        };
        stored.intern(position, Node::new)
    }

    /// Forgets every position stored since the solver had `positions` positions and `moves`
    /// moves listed, and the line of play of the failed search.
    fn roll_back(&mut self, positions: usize, moves: usize) {
        self.stack.clear();
        self.pending.clear();
        let forgotten = crate::game::owned_bytes_of(&self.positions[positions..]);
        self.owned = self.owned.saturating_sub(forgotten);
        self.positions.truncate(positions);
        self.nodes.truncate(positions);
        self.moves = moves;
        self.table.rebuild(&self.nodes);
        for node in &mut self.nodes {
            if node.flags & STATE != DONE {
                *node = Node::new(node.key);
            }
        }
    }

    /// The depth-first search from `root`, which is not done, over the explicit stack. Each
    /// option is read once, when it is done, into its parent's frame, so a position's value
    /// is ready when its last option is. The frame of the position being searched is held
    /// here, its ancestors' on the stack.
    fn run(&mut self, root: u32) -> Result<(), Error> {
        self.stack.clear();
        self.pending.clear();
        let mut frame = Frame::new(root, 0);
        loop {
            let t = frame.node as usize;
            if self.nodes[t].flags & STATE == UNEXPANDED {
                // The first visit: list the options on the stack and put the position on
                // the line of play.
                self.expand(t)?;
            }
            match scan(&mut self.nodes, &self.pending, &mut self.seen, frame) {
                Scan::Descend(parent, option) => {
                    if self.stack.len() == self.stack.capacity() {
                        let mut memory = self.room();
                        if !reserve(&mut self.stack, 1, &mut memory)? {
                            return Err(Error::OutOfMemory {
                                what: alloc::format!(
                                    "a line of play {} moves deep",
                                    self.stack.len() + 1
                                ),
                            });
                        }
                    }
                    self.stack.push(parent);
                    frame = Frame::new(option, self.pending.len());
                }
                Scan::Done => {
                    self.pending.truncate(frame.start as usize);
                    match self.stack.pop() {
                        Some(parent) => frame = parent,
                        None => return Ok(()),
                    }
                }
                Scan::Cycle => return Err(Error::Cycle),
            }
        }
    }

    /// Lists the options (or parts) of `t`, interns them and puts them on the stack.
    fn expand(&mut self, t: usize) -> Result<(), Error> {
        // The moves this position may add: what is left of the move limit.
        let room = self.move_limit.saturating_sub(self.moves);
        let mut memory = self.room();
        let parts = if self.use_parts {
            self.positions[t].parts().filter(|parts| parts.len() >= 2)
        } else {
            None
        };
        let split = parts.is_some();
        let (mut children, count) = match parts {
            Some(parts) if parts.len() > room => {
                return Err(Error::SearchMoveLimit {
                    limit: self.move_limit,
                });
            }
            Some(parts) => {
                // The game has made them: counted now, and refused past the limit.
                let owned = crate::game::owned_bytes_of(&parts);
                memory.take((parts.capacity() * size_of::<G>()).saturating_add(owned))?;
                let count = parts.len();
                (parts, count)
            }
            None => self.options(t, room, &mut memory)?,
        };
        // The bit set of a wide mex, sized here, within the limit, so that the scan that
        // takes the mex never grows it.
        let words = children.len() / 64 + 1;
        if !split && children.len() >= 64 && self.seen.len() < words {
            let more = words - self.seen.len();
            if !reserve(&mut self.seen, more, &mut memory)? {
                return Err(Error::OutOfMemory {
                    what: alloc::format!("a set of {} values", words * 64),
                });
            }
            self.seen.resize(words, 0);
        }
        let stored = Stored {
            table: &mut self.table,
            hasher: &self.hasher,
            positions: &mut self.positions,
            entries: &mut self.nodes,
            limit: self.limit,
            room: &mut memory,
            owned: &mut self.owned,
        };
        let result = stored.intern_all(&mut children, &mut self.pending, Node::new);
        children.clear();
        if !split {
            self.children = children;
        }
        result?;
        self.moves += count;
        self.nodes[t].flags = if split { ON_PATH | SPLIT } else { ON_PATH };
        self.split_seen |= split;
        Ok(())
    }

    /// The options of `t`, in the solver's reusable buffer, and how many moves listed them:
    /// at most `room` moves. A position with more moves than the position limit has its
    /// options' repeats dropped each time the buffer holds that many, so the buffer stays
    /// within twice the limit and the limit counts positions, not moves.
    fn options(
        &mut self,
        t: usize,
        room: usize,
        memory: &mut Room,
    ) -> Result<(Vec<G>, usize), Error> {
        let mut children = core::mem::take(&mut self.children);
        // The position and `limit` distinct options of it, not itself (that would be a
        // cycle), are more positions than the limit.
        let mut listing = Listing::new(room, self.limit, self.limit, self.move_limit, *memory);
        let listed = listing.list(&self.positions[t], &mut children, &self.hasher);
        *memory = listing.memory;
        match listed {
            Ok(listed) => Ok((children, listed)),
            Err(e) => {
                children.clear();
                self.children = children;
                Err(e)
            }
        }
    }
}

/// The count of the moves of one position being listed, against the limits: the
/// [`Solver`]'s and the loopy solver's listing of a position's options.
pub(crate) struct Listing {
    /// How many moves are listed so far.
    listed: usize,
    /// The most moves that may be listed: what is left of the move limit.
    room: usize,
    /// How many options the buffer may hold before its repeats are dropped.
    cap: usize,
    /// How many distinct options are sure to pass the position limit.
    over: usize,
    /// The position limit.
    limit: usize,
    move_limit: usize,
    /// The bytes the options may still take: their buffer's growth and what they own.
    pub(crate) memory: Room,
}

impl Listing {
    /// The listing of at most `room` moves (what is left of `move_limit`), that fails with
    /// [`Error::PositionLimit`] once `over` distinct options are listed, too many for the
    /// position `limit` (whether the position itself is among them, and which of them are
    /// stored already, is the caller's to weigh in `over`).
    pub(crate) fn new(
        room: usize,
        over: usize,
        limit: usize,
        move_limit: usize,
        memory: Room,
    ) -> Listing {
        Listing {
            listed: 0,
            room,
            cap: over,
            over,
            limit,
            move_limit,
            memory,
        }
    }

    /// Lists the options of `position` into `children` (emptied first); returns how many
    /// moves listed them. The repeats are dropped when the buffer holds `over` options, and
    /// again each time it holds the limit more than after the last drop, so that it stays
    /// within `over` plus the limit options: the position limit bounds the memory, however
    /// many moves a position has. On an error `children` holds what was listed so far.
    ///
    /// # Errors
    ///
    /// [`Error::SearchMoveLimit`] past the room, [`Error::PositionLimit`] at `over` distinct
    /// options, [`Error::OutOfMemory`] if the buffer cannot grow, and the position's
    /// [`fault`](Game::fault) if it breaks off listing on its own
    /// ([`Error::IncompleteMoves`] if it names none).
    #[inline(always)]
    pub(crate) fn list<G: Game>(
        &mut self,
        position: &G,
        children: &mut Vec<G>,
        hasher: &FixedState,
    ) -> Result<usize, Error> {
        children.clear();
        let mut failure = None;
        let listed = position.for_each_move(
            #[inline(always)]
            |_, child| {
                let owned = child.owned_bytes();
                if self.listed < self.room
                    && children.len() < self.cap
                    && children.len() < children.capacity()
                    && owned <= self.memory.left
                {
                    self.memory.left -= owned;
                    children.push(child);
                    self.listed += 1;
                    return ControlFlow::Continue(());
                }
                match self.one_more(children, child, hasher) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(e) => {
                        failure = Some(e);
                        ControlFlow::Break(())
                    }
                }
            },
        );
        if listed.is_break() && failure.is_none() {
            // The game broke off on its own: it cannot list this position's moves.
            failure = Some(position.fault().unwrap_or(Error::IncompleteMoves));
        }
        match failure {
            None => Ok(self.listed),
            Some(e) => Err(e),
        }
    }

    /// Appends `child` to the options being listed, past their buffer's capacity or a
    /// limit: the error if it passes the move limit, the position limit (counted in distinct
    /// options, once the repeats are dropped), or the memory.
    #[cold]
    fn one_more<G: Game>(
        &mut self,
        children: &mut Vec<G>,
        child: G,
        hasher: &FixedState,
    ) -> Result<(), Error> {
        if self.listed >= self.room {
            return Err(Error::SearchMoveLimit {
                limit: self.move_limit,
            });
        }
        if children.len() >= self.cap {
            drop_repeats(children, hasher, &mut self.memory)?;
            if children.len() >= self.over {
                return Err(Error::PositionLimit { limit: self.limit });
            }
            self.cap = children.len().saturating_add(self.limit);
        }
        self.memory.take(child.owned_bytes())?;
        if !reserve(children, 1, &mut self.memory)? {
            return Err(Error::OutOfMemory {
                what: alloc::format!("the {} options of one position", children.len() + 1),
            });
        }
        children.push(child);
        self.listed += 1;
        Ok(())
    }
}

/// Drops the repeats of `children`, keeping the first of each, in order; what they owned is
/// given back to `memory`, which lends the keys and marks it sorts them with.
#[cold]
fn drop_repeats<G: Game>(
    children: &mut Vec<G>,
    hasher: &FixedState,
    memory: &mut Room,
) -> Result<(), Error> {
    let scratch = children
        .len()
        .saturating_mul(size_of::<(u32, u32)>() + size_of::<bool>());
    memory.take(scratch)?;
    let mut keys: Vec<(u32, u32)> = Vec::new();
    if keys.try_reserve_exact(children.len()).is_err() {
        return Err(Error::OutOfMemory {
            what: alloc::format!("the keys of {} options of one position", children.len()),
        });
    }
    keys.extend(
        children
            .iter()
            .enumerate()
            .map(|(i, c)| (key_of(hasher, c), i as u32)),
    );
    keys.sort_unstable();
    let Some(mut repeat) = crate::memory::filled(children.len(), false) else {
        return Err(Error::OutOfMemory {
            what: alloc::format!("the marks of {} options of one position", children.len()),
        });
    };
    for run in keys.chunk_by(|a, b| a.0 == b.0) {
        for (j, &(_, i)) in run.iter().enumerate() {
            if run[..j]
                .iter()
                .any(|&(_, e)| !repeat[e as usize] && children[e as usize] == children[i as usize])
            {
                repeat[i as usize] = true;
            }
        }
    }
    let mut i = 0;
    let mut freed = scratch;
    children.retain(|child| {
        i += 1;
        if repeat[i - 1] {
            freed = freed.saturating_add(child.owned_bytes());
        }
        !repeat[i - 1]
    });
    memory.give(freed);
    Ok(())
}

/// What [`scan`] found.
enum Scan {
    /// The position must wait for this option, not done yet; its frame so far.
    Descend(Frame, u32),
    /// The position is done.
    Done,
    /// An option is on the line of play.
    Cycle,
}

/// Reads the options of the position of `frame` (the end of `pending`, from its `start`)
/// from where the frame left off, while they are done; when all are, stores the position's
/// value and misère outcome.
#[inline(always)]
fn scan(nodes: &mut [Node], pending: &[u32], seen: &mut Vec<u64>, frame: Frame) -> Scan {
    let t = frame.node as usize;
    let split = nodes[t].flags & SPLIT != 0;
    let options = &pending[frame.start as usize..];
    let (mut acc, mut misere_p_option) = (frame.acc, frame.misere_p_option != 0);
    let mut next = frame.next as usize;
    while let Some(&c) = options.get(next) {
        let option = &nodes[c as usize];
        match option.flags & STATE {
            DONE => {
                if split {
                    acc ^= u64::from(option.value);
                } else if option.value < 64 {
                    acc |= 1 << option.value;
                }
                misere_p_option |= option.flags & MISERE_NEXT == 0;
                next += 1;
            }
            ON_PATH => return Scan::Cycle,
            _ => {
                let frame = Frame {
                    next: next as u32,
                    acc,
                    misere_p_option: u32::from(misere_p_option),
                    ..frame
                };
                return Scan::Descend(frame, c);
            }
        }
    }
    let (value, flags) = if split {
        (acc as u32, DONE | SPLIT)
    } else {
        let value = if options.len() < 64 {
            crate::mex_mask(acc)
        } else {
            wide_mex(options, nodes, seen)
        };
        // Misère play: N if there is no move, or a move to a P-position.
        let misere_next = misere_p_option || options.is_empty();
        (
            value,
            if misere_next {
                DONE | MISERE_NEXT
            } else {
                DONE
            },
        )
    };
    let node = &mut nodes[t];
    node.value = value;
    node.flags = flags;
    Scan::Done
}

/// The positions a search stores, borrowed from it: its table, its positions and beside each
/// its entry (which knows the position's key, for rebuilding the table), at most `limit`.
pub(crate) struct Stored<'s, G, E> {
    pub(crate) table: &'s mut Table,
    pub(crate) hasher: &'s FixedState,
    pub(crate) positions: &'s mut Vec<G>,
    pub(crate) entries: &'s mut Vec<E>,
    pub(crate) limit: usize,
    /// The bytes the search may still grow by.
    pub(crate) room: &'s mut Room,
    /// The bytes the stored positions own outside themselves ([`Game::owned_bytes`]).
    pub(crate) owned: &'s mut usize,
}

impl<G: Game, E: Keyed> Stored<'_, G, E> {
    /// The index of `position`, stored (cloned, with the entry `entry(key)`) if new.
    ///
    /// # Errors
    ///
    /// [`Error::PositionLimit`] past the limit, [`Error::OutOfMemory`] if the allocator
    /// refuses the room.
    pub(crate) fn intern(self, position: &G, entry: impl FnOnce(u32) -> E) -> Result<usize, Error> {
        let key = key_of(self.hasher, position);
        let positions = &*self.positions;
        let vacant = match self.table.find(key, |i| positions[i] == *position) {
            Ok(i) => return Ok(i as usize),
            Err(vacant) => vacant,
        };
        let position = position.clone();
        self.room.take(position.owned_bytes())?;
        self.store(vacant, key, position, entry)
    }

    /// Interns `children` (taking them), each as the index of the stored position equal to
    /// it, stored if new, and appends the indices to `pending`. What the children own was
    /// taken from the room when they were listed: a child stored keeps it, a repeat gives it
    /// back.
    fn intern_all(
        self,
        children: &mut Vec<G>,
        pending: &mut Vec<u32>,
        entry: impl Fn(u32) -> E,
    ) -> Result<(), Error> {
        if !reserve(pending, children.len(), self.room)? {
            return Err(Error::OutOfMemory {
                what: alloc::format!(
                    "{} moves on the line of play",
                    pending.len() + children.len()
                ),
            });
        }
        let Stored {
            table,
            hasher,
            positions,
            entries,
            limit,
            room,
            owned,
        } = self;
        for child in children.drain(..) {
            let child = child.canonical().unwrap_or(child);
            let stored = Stored {
                table: &mut *table,
                hasher,
                positions: &mut *positions,
                entries: &mut *entries,
                limit,
                room: &mut *room,
                owned: &mut *owned,
            };
            pending.push(stored.intern_moved(child, &entry)? as u32);
        }
        Ok(())
    }

    /// The index of the representative `position`, taken (not cloned) if it is new. What it
    /// owns was taken from the room when it was listed: stored, it keeps it; a repeat gives
    /// it back.
    pub(crate) fn intern_moved(
        self,
        position: G,
        entry: impl FnOnce(u32) -> E,
    ) -> Result<usize, Error> {
        let key = key_of(self.hasher, &position);
        let positions = &*self.positions;
        match self.table.find(key, |i| positions[i] == position) {
            Ok(i) => {
                self.room.give(position.owned_bytes());
                Ok(i as usize)
            }
            Err(vacant) => self.store(vacant, key, position, entry),
        }
    }

    /// Stores `position`, new, under `key` in the slot `vacant`, with the entry
    /// `entry(key)`; what it owns is already taken from the room.
    #[inline]
    fn store(
        self,
        vacant: usize,
        key: u32,
        position: G,
        entry: impl FnOnce(u32) -> E,
    ) -> Result<usize, Error> {
        let i = self.positions.len();
        if i >= self.limit {
            return Err(Error::PositionLimit { limit: self.limit });
        }
        self.room.positions = i;
        self.room.take(self.table.growth())?;
        if !reserve(self.entries, 1, self.room)? || !reserve(self.positions, 1, self.room)? {
            return Err(out_of_memory(i + 1));
        }
        self.table.insert(vacant, key, i as u32, self.entries)?;
        *self.owned = self.owned.saturating_add(position.owned_bytes());
        self.entries.push(entry(key));
        self.positions.push(position);
        Ok(i)
    }
}

/// The bytes a search may still grow by under its memory limit.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Room {
    /// The memory limit (`usize::MAX` for none): the error names it.
    limit: usize,
    /// The bytes left under it.
    pub(crate) left: usize,
    /// How many positions the search has stored: the error says it.
    pub(crate) positions: usize,
    /// The setting that holds the limit: the error names it.
    setting: &'static str,
}

impl Room {
    /// The room under `limit`, held by `setting`, of a search that holds `used` bytes and
    /// `positions` stored positions.
    pub(crate) fn new(limit: usize, used: usize, positions: usize, setting: &'static str) -> Room {
        Room {
            limit,
            left: limit.saturating_sub(used),
            positions,
            setting,
        }
    }

    /// Takes `bytes` from the room.
    ///
    /// # Errors
    ///
    /// [`Error::SolverMemoryLimit`] if there are not that many left (nothing is taken).
    #[inline]
    pub(crate) fn take(&mut self, bytes: usize) -> Result<(), Error> {
        match self.left.checked_sub(bytes) {
            Some(left) => {
                self.left = left;
                Ok(())
            }
            None => Err(Error::SolverMemoryLimit {
                limit: self.limit,
                positions: self.positions,
                setting: self.setting,
            }),
        }
    }

    /// Gives `bytes` back to the room.
    #[inline]
    pub(crate) fn give(&mut self, bytes: usize) {
        self.left = self.left.saturating_add(bytes);
    }
}

/// Makes room in `v` for `more` elements, taking the bytes it grows by from `memory`: a full
/// vector doubles (to 4 elements at least), so the growth is known before it happens.
/// `Ok(false)` if the allocator refuses.
///
/// # Errors
///
/// [`Error::SolverMemoryLimit`] if the growth is past the room (nothing is grown).
#[inline]
pub(crate) fn reserve<T>(v: &mut Vec<T>, more: usize, memory: &mut Room) -> Result<bool, Error> {
    if v.capacity() - v.len() >= more {
        return Ok(true);
    }
    let capacity = v
        .len()
        .saturating_add(more)
        .max(v.capacity().saturating_mul(2))
        .max(4);
    memory.take((capacity - v.capacity()).saturating_mul(size_of::<T>()))?;
    Ok(v.try_reserve_exact(capacity - v.len()).is_ok())
}

/// The moves of `position` for which `keep`, given the position each leads to, says yes,
/// each option looked at as the game lists it: only the moves kept are held, never the
/// position's every option.
///
/// # Errors
///
/// The first error of `keep`; the position's [`fault`](Game::fault) if it breaks off listing
/// its moves on its own ([`Error::IncompleteMoves`] if it names none); [`Error::OutOfMemory`]
/// if the moves kept cannot be held.
pub(crate) fn moves_kept<G: Game>(
    position: &G,
    mut keep: impl FnMut(G) -> Result<bool, Error>,
) -> Result<Vec<G::Move>, Error> {
    let mut kept = Vec::new();
    let mut failed = None;
    let listed = position.for_each_move(|m, child| {
        let kept_it = keep(child).and_then(|yes| {
            if yes && crate::memory::push(&mut kept, m).is_none() {
                return Err(Error::OutOfMemory {
                    what: alloc::format!("{} moves found", kept.len() + 1),
                });
            }
            Ok(())
        });
        match kept_it {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    if listed.is_break() {
        return Err(position.fault().unwrap_or(Error::IncompleteMoves));
    }
    Ok(kept)
}

/// The key of `position` in the table: 32 bits of its hash.
#[inline]
pub(crate) fn key_of<G: Game>(hasher: &FixedState, position: &G) -> u32 {
    let hash = hasher.hash_one(position);
    (hash ^ (hash >> 32)) as u32
}

/// The mex of the values of `options`, 64 or more of them, over the bit set `seen`.
fn wide_mex(options: &[u32], nodes: &[Node], seen: &mut Vec<u64>) -> u32 {
    // The mex is at most the number of options: only values up to it matter.
    let degree = options.len();
    let words = degree / 64 + 1;
    if seen.len() < words {
        seen.resize(words, 0);
    }
    let seen = &mut seen[..words];
    seen.fill(0);
    for &c in options {
        let g = nodes[c as usize].value as usize;
        if g <= degree {
            seen[g / 64] |= 1 << (g % 64);
        }
    }
    let mut mex = words * 64;
    for (w, &bits) in seen.iter().enumerate() {
        if bits != u64::MAX {
            mex = w * 64 + (!bits).trailing_zeros() as usize;
            break;
        }
    }
    mex as u32
}

/// The error of a failed reservation for `positions` stored positions.
fn out_of_memory(positions: usize) -> Error {
    Error::OutOfMemory {
        what: alloc::format!("{positions} stored positions"),
    }
}

/// The search answers every question of [`Evaluator`], under normal and misère play, for any
/// finite game. The moves it returns are collected by the search, then handed out by an
/// iterator over them.
///
/// # Errors
///
/// [`Error::Cycle`] or [`Error::PositionLimit`], as described on [`Solver`].
impl<G: Game> Evaluator<G> for Solver<G> {
    type MovesTo<'a>
        = alloc::vec::IntoIter<G::Move>
    where
        G: 'a;

    fn grundy(&mut self, position: &G) -> Result<Nimber, Error> {
        self.undoing(|solver| {
            let i = solver.normal.solve(position)?;
            Ok(Nimber::from(solver.normal.nodes[i].value))
        })
    }

    fn moves_to_value<'a>(
        &'a mut self,
        position: &'a G,
        target: Nimber,
    ) -> Result<Self::MovesTo<'a>, Error> {
        self.undoing(|solver| {
            solver.normal.moves_where(position, |memo, i| {
                Nimber::from(memo.nodes[i].value) == target
            })
        })
    }

    fn outcome(&mut self, position: &G, play: Play) -> Result<Outcome, Error> {
        self.undoing(|solver| {
            let (memo, i) = match play {
                Play::Normal => {
                    let i = solver.normal.solve(position)?;
                    (&mut solver.normal, i)
                }
                Play::Misere => solver.misere_memo(position)?,
            };
            Ok(memo.outcome_of(i, play))
        })
    }

    fn winning_moves<'a>(
        &'a mut self,
        position: &'a G,
        play: Play,
    ) -> Result<Self::MovesTo<'a>, Error> {
        self.undoing(|solver| {
            let memo = match play {
                Play::Normal => &mut solver.normal,
                Play::Misere => solver.misere_memo(position)?.0,
            };
            memo.moves_where(position, |memo, i| {
                memo.outcome_of(i, play) == Outcome::Previous
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    /// A pile where a move takes one counter, or any number when the pile is a multiple of 5.
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Pile(u64);

    impl Game for Pile {
        type Move = u64;
        fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
        where
            F: FnMut(u64, Pile) -> ControlFlow<()>,
        {
            let most = if self.0 % 5 == 0 {
                self.0
            } else {
                1.min(self.0)
            };
            for take in 1..=most {
                visit(take, Pile(self.0 - take))?;
            }
            ControlFlow::Continue(())
        }
    }

    /// A game on a ring: loopy.
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Ring(u8);

    impl Game for Ring {
        type Move = ();
        fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
        where
            F: FnMut((), Ring) -> ControlFlow<()>,
        {
            visit((), Ring((self.0 + 1) % 4))
        }
    }

    #[test]
    fn values_follow_the_mex_rule() {
        let mut solver = Solver::new();
        // 0 -> *0, 1 -> *1, 2 -> *0, ... 5: options 0..=4 = {0,1,0,1,0} -> *2.
        let values: Vec<u128> = (0..7)
            .map(|n| solver.grundy(&Pile(n)).unwrap().get())
            .collect();
        assert_eq!(values, [0, 1, 0, 1, 0, 2, 0]);
    }

    #[test]
    fn wide_positions_use_the_bit_set() {
        let mut solver = Solver::new();
        // Pile(200): options 0..200, values of piles 0..199 are all < 64 here, so mex is
        // computed over 200 options through the wide path.
        let v = solver.grundy(&Pile(200)).unwrap();
        let options: Vec<Nimber> = (0..200).map(|n| solver.grundy(&Pile(n)).unwrap()).collect();
        assert_eq!(v, crate::mex(options));
    }

    #[test]
    fn cycles_are_errors_and_the_solver_recovers() {
        let mut solver = Solver::new();
        assert_eq!(solver.grundy(&Ring(0)), Err(Error::Cycle));
        assert_eq!(solver.grundy(&Ring(2)), Err(Error::Cycle));
        let mut piles = Solver::with_position_limit(10);
        assert_eq!(
            piles.grundy(&Pile(12)),
            Err(Error::PositionLimit { limit: 10 })
        );
        assert!(piles.is_empty());
        assert_eq!(piles.grundy(&Pile(4)).unwrap(), Nimber::ZERO);
        assert_eq!(piles.len(), 5);
        assert_eq!(
            piles.grundy(&Pile(12)),
            Err(Error::PositionLimit { limit: 10 })
        );
        assert_eq!(piles.len(), 5);
        assert_eq!(piles.grundy(&Pile(9)).unwrap(), Nimber::ONE);
    }

    /// A position that owns its words; the root lists the same option, owning 500 words,
    /// 1000 times.
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Echo(Vec<u16>);

    impl Game for Echo {
        type Move = ();
        fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
        where
            F: FnMut((), Echo) -> ControlFlow<()>,
        {
            if self.0.is_empty() {
                for _ in 0..1000 {
                    visit((), Echo(vec![7; 500]))?;
                }
            }
            ControlFlow::Continue(())
        }

        fn owned_bytes(&self) -> usize {
            self.0.capacity() * size_of::<u16>()
        }
    }

    #[test]
    fn the_options_being_listed_count_against_the_memory_limit_and_their_repeats_give_back() {
        // The 1000 options held at once take 24 KB themselves (24 bytes each), and own
        // 1 MB (1000 bytes each): past 64 KiB.
        let mut whole = Solver::new().with_memory_limit(64 << 10);
        assert!(matches!(
            whole.grundy(&Echo(Vec::new())),
            Err(Error::SolverMemoryLimit { limit: 65_536, .. })
        ));
        assert!(whole.bytes() <= 64 << 10 && whole.is_empty());
        // With a position limit of 10 the listing drops its repeats each time it holds 10
        // options, and gives back what they owned: it stays within the limit and answers.
        let mut dropping = Solver::with_position_limit(10).with_memory_limit(64 << 10);
        assert_eq!(dropping.grundy(&Echo(Vec::new())), Ok(Nimber::ONE));
        assert!(dropping.bytes() <= 64 << 10);
        assert_eq!(dropping.len(), 2);
    }

    /// A countdown whose positions say they own ever more: up to `usize::MAX` bytes.
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Boastful(u8);

    impl Game for Boastful {
        type Move = ();
        fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
        where
            F: FnMut((), Boastful) -> ControlFlow<()>,
        {
            if self.0 > 0 {
                visit((), Boastful(self.0 - 1))?;
            }
            ControlFlow::Continue(())
        }

        fn owned_bytes(&self) -> usize {
            usize::MAX >> self.0.min(63)
        }
    }

    #[test]
    fn owned_bytes_past_memory_are_refused_not_added_with_overflow() {
        // Boastful(n) says it owns usize::MAX >> n bytes: no solver can hold them, limit or
        // not, and the sums of what positions own saturate instead of overflowing.
        for mut solver in [Solver::new(), Solver::new().with_memory_limit(1 << 20)] {
            let limit = solver.memory_limit();
            for n in [0, 1, 40, 70] {
                assert!(
                    matches!(
                        solver.grundy(&Boastful(n)),
                        Err(Error::SolverMemoryLimit { limit: l, .. }) if l == limit
                    ),
                    "{n}"
                );
                assert!(solver.is_empty());
            }
        }
        let sum = crate::Sum::new(vec![Boastful(0), Boastful(0)]);
        assert_eq!(sum.owned_bytes(), usize::MAX);
        assert_eq!((Boastful(0), Boastful(1)).owned_bytes(), usize::MAX);
    }

    #[test]
    fn deep_games_do_not_overflow_the_stack() {
        let mut solver = Solver::new();
        // 10^6 + 1 positions in a line (no multiples of 5 allow a big move... except they
        // do: use a pile that only ever takes one).
        #[derive(Clone, PartialEq, Eq, Hash)]
        struct Line(u32);
        impl Game for Line {
            type Move = ();
            fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
            where
                F: FnMut((), Line) -> ControlFlow<()>,
            {
                if self.0 > 0 {
                    visit((), Line(self.0 - 1))?;
                }
                ControlFlow::Continue(())
            }
        }
        let mut line = Solver::new();
        assert_eq!(line.grundy(&Line(1_000_000)).unwrap(), Nimber::ZERO);
        assert_eq!(
            line.outcome(&Line(999_999), Play::Misere).unwrap(),
            Outcome::Previous
        );
        assert_eq!(line.len(), 1_000_001);
        assert_eq!(
            solver
                .winning_moves(&Pile(7), Play::Normal)
                .unwrap()
                .collect::<Vec<_>>(),
            vec![1]
        );
    }

    /// Lasker's Nim on a row of heaps (ascending, no empty heap), which may say how it
    /// splits: take any number from a heap, or split a heap in two.
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Row {
        heaps: Vec<u8>,
        splits: bool,
    }

    impl Row {
        fn new(mut heaps: Vec<u8>, splits: bool) -> Row {
            heaps.retain(|&h| h > 0);
            heaps.sort_unstable();
            Row { heaps, splits }
        }

        fn with(&self, index: usize, left: [u8; 2]) -> Row {
            let mut heaps = self.heaps.clone();
            heaps.remove(index);
            heaps.extend(left);
            Row::new(heaps, self.splits)
        }
    }

    impl Game for Row {
        type Move = (usize, [u8; 2]);
        fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
        where
            F: FnMut(Self::Move, Row) -> ControlFlow<()>,
        {
            for (i, &h) in self.heaps.iter().enumerate() {
                for left in 0..h {
                    visit((i, [left, 0]), self.with(i, [left, 0]))?;
                }
                for a in 1..=h / 2 {
                    visit((i, [a, h - a]), self.with(i, [a, h - a]))?;
                }
            }
            ControlFlow::Continue(())
        }

        fn parts(&self) -> Option<Vec<Row>> {
            (self.splits && self.heaps.len() > 1).then(|| {
                self.heaps
                    .iter()
                    .map(|&h| Row::new(vec![h], true))
                    .collect()
            })
        }
    }

    #[test]
    fn split_positions_agree_with_the_whole_search() {
        let mut split = Solver::new();
        let mut whole = Solver::new();
        for a in 0u8..7 {
            for b in a..7 {
                for c in b..6 {
                    let parted = Row::new(vec![a, b, c], true);
                    let plain = Row::new(vec![a, b, c], false);
                    assert_eq!(split.grundy(&parted), whole.grundy(&plain), "{plain:?}");
                    for play in [Play::Normal, Play::Misere] {
                        assert_eq!(
                            split.outcome(&parted, play),
                            whole.outcome(&plain, play),
                            "{plain:?} {play}"
                        );
                        let moves: Vec<_> = split.winning_moves(&parted, play).unwrap().collect();
                        let expected: Vec<_> = whole.winning_moves(&plain, play).unwrap().collect();
                        assert_eq!(moves, expected, "{plain:?} {play}");
                    }
                    for t in 0..8 {
                        let moves: Vec<_> = split
                            .moves_to_value(&parted, Nimber::new(t))
                            .unwrap()
                            .collect();
                        let expected: Vec<_> = whole
                            .moves_to_value(&plain, Nimber::new(t))
                            .unwrap()
                            .collect();
                        assert_eq!(moves, expected, "{plain:?} to *{t}");
                    }
                }
            }
        }
        // Lasker's Nim: G(4k + 1) = 4k + 1, G(4k + 2) = 4k + 2, G(4k + 3) = 4k + 4,
        // G(4k + 4) = 4k + 3.
        for h in 1u8..40 {
            let expected = match h % 4 {
                3 => h + 1,
                0 => h - 1,
                _ => h,
            };
            let value = split.grundy(&Row::new(vec![h], true)).unwrap();
            assert_eq!(value, Nimber::from(expected), "heap {h}");
        }
        // A row of 50 heaps up to 50 costs the parts, not their combinations.
        let big = Row::new((1..=50).collect(), true);
        assert_eq!(split.grundy(&big).unwrap(), Nimber::from(50u8 ^ 1));
    }
}
