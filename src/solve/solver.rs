//! The generic memoising solver.

use crate::solve::Evaluator;
use crate::{Error, Game, Nimber, Outcome, Play};
use alloc::vec::Vec;
use core::fmt;
use core::hash::BuildHasher;
use core::ops::ControlFlow;
use foldhash::fast::FixedState;
use hashbrown::HashTable;
use hashbrown::hash_table::Entry;

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

/// The move limit of [`Solver::new`]: about 268 million stored moves (1 GiB of indices).
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
/// Its options are listed in the edge list.
const EXPANDED: u8 = 1;
/// On the current line of play of the search.
const ON_PATH: u8 = 2;
/// Its value (and, unless it split, its misère outcome) is known.
const DONE: u8 = 3;
/// Flag: the player to move wins under misère play (once `DONE`).
const MISERE_NEXT: u8 = 0b100;
/// Flag: the position's edges are the parts it splits into, not its options: its value is
/// their nim-sum and its misère outcome is unknown.
const SPLIT: u8 = 0b1000;

/// The set of stored positions: a `hashbrown` table of position indices, hashed by a 32-bit
/// key per position kept beside it, so that growing the table reads the keys, not the
/// positions.
#[derive(Clone, Debug, Default)]
struct Table {
    table: HashTable<u32>,
    /// Per stored position, its key.
    keys: Vec<u32>,
}

/// The table's hash of a key: the key spread over 64 bits (Fibonacci hashing), so that both
/// the low bits (the bucket) and the top bits (the tag) depend on it.
#[inline]
fn spread(key: u32) -> u64 {
    u64::from(key).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl Table {
    /// The entry of `key`, occupied by the index that `is` accepts, if any: with room
    /// reserved (fallibly) for one more index, and its key.
    #[inline]
    fn entry(
        &mut self,
        key: u32,
        mut is: impl FnMut(usize) -> bool,
    ) -> Result<Entry<'_, u32>, Error> {
        let keys = &self.keys;
        if self
            .table
            .try_reserve(1, |&i| spread(keys[i as usize]))
            .is_err()
            || self.keys.try_reserve(1).is_err()
        {
            return Err(out_of_memory(self.keys.len() + 1));
        }
        let keys = &self.keys;
        Ok(self.table.entry(
            spread(key),
            |&i| keys[i as usize] == key && is(i as usize),
            |&i| spread(keys[i as usize]),
        ))
    }

    /// Removes every index from `below` up, keeping the memory.
    fn retain_below(&mut self, below: usize) {
        self.keys.truncate(below);
        self.table.retain(|&mut i| (i as usize) < below);
    }

    fn clear(&mut self) {
        self.keys.clear();
        self.table.clear();
    }
}

/// A memoising solver for any finite impartial [`Game`]: the Grundy value, the outcome under
/// normal and misère play, and every winning move of any position.
///
/// The solver is a search over the game graph, for games with no closed form and for checking
/// closed forms. Every position it meets is stored once (interned in a hash table) with its
/// options, so later queries, on the same position or any other, reuse all earlier work.
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
/// computed in post-order, each as the mex of its options' values over a reusable bit set,
/// together with the misère outcome. Positions are interned in a `hashbrown` table keyed by
/// a `foldhash` hash, with indices into one arena, so each option costs an index, not a copy.
///
/// # Complexity
///
/// O(V + E) time for V positions and E moves reachable from the query (expected, by
/// hashing), O(V) positions and O(E) indices of memory. Each position is expanded once for
/// the solver's life.
///
/// # Errors
///
/// [`Error::Cycle`] if a position can be reached again from itself; [`Error::PositionLimit`]
/// if the search would store more positions than the position limit, or a single position
/// has more moves than it; [`Error::SearchMoveLimit`] if the moves stored in all would pass
/// the move limit ([`Solver::with_move_limit`]); [`Error::OutOfMemory`] if the allocator
/// refuses memory within those limits. The two limits bound the solver's memory: every
/// allocation is reserved fallibly. After an error the solver is as it was before the call:
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

/// One memoised search: the interned positions, their options (or parts) and their answers,
/// one array per field so that the hot loops read dense arrays.
#[derive(Clone)]
struct Memo<G: Game> {
    /// Whether positions are split into their parts ([`Game::parts`]).
    use_parts: bool,
    /// Whether some position stored here was split, so that its misère outcome is unknown.
    split_seen: bool,
    positions: Vec<G>,
    /// Per position: where its options (or parts) start in `edges`, and how many there are.
    spans: Vec<(u32, u32)>,
    /// Per position: its Grundy value, once `DONE`.
    values: Vec<u32>,
    /// Per position: its `STATE`, `MISERE_NEXT` and `SPLIT`.
    flags: Vec<u8>,
    edges: Vec<u32>,
    table: Table,
    hasher: FixedState,
    limit: usize,
    /// The most moves (edges) stored.
    move_limit: usize,
    /// The search's line of play: each position with the number of its options visited.
    stack: Vec<(u32, u32)>,
    /// The new positions met while one position is expanded, stored when it is done.
    fresh: Vec<G>,
    seen: Vec<u64>,
}

impl<G: Game> fmt::Debug for Solver<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("positions", &self.len())
            .field(
                "moves",
                &(self.normal.edges.len() + self.misere.as_ref().map_or(0, |m| m.edges.len())),
            )
            .field("position_limit", &self.normal.limit)
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
    /// (with whatever it owns on the heap, such as a `Vec` of heaps) plus about 40 bytes of
    /// bookkeeping and 4 bytes per move. Choose the limit from the memory one position of the
    /// game takes; the default suits positions of a few dozen bytes.
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

    /// This solver with room for at most `limit` stored moves (at most `u32::MAX`), each 4
    /// bytes: with the position limit, it bounds the solver's memory. A search that needs
    /// more fails with [`Error::SearchMoveLimit`] and leaves the solver as it was.
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
    /// // Heap n stores n moves: 0 + 1 + … + 99 = 4950 for heap 100.
    /// let mut solver = Solver::new().with_move_limit(1000);
    /// assert_eq!(solver.grundy(&Heap(100)), Err(Error::SearchMoveLimit { limit: 1000 }));
    /// assert_eq!(solver.grundy(&Heap(40))?.get(), 40);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_move_limit(mut self, limit: usize) -> Self {
        let limit = limit.min(u32::MAX as usize);
        self.normal.move_limit = limit;
        if let Some(memo) = &mut self.misere {
            memo.move_limit = limit;
        }
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
    /// memo while no position it stores has split, else the memo that never splits.
    fn misere_memo(&mut self, position: &G) -> Result<(&mut Memo<G>, usize), Error> {
        if !self.normal.split_seen {
            let i = self.normal.solve(position)?;
            if !self.normal.split_seen {
                return Ok((&mut self.normal, i));
            }
        }
        let (limit, move_limit) = (self.normal.limit, self.normal.move_limit);
        let memo = self.misere.get_or_insert_with(|| {
            let mut memo = Memo::new(limit, false);
            memo.move_limit = move_limit;
            memo
        });
        let i = memo.solve(position)?;
        Ok((memo, i))
    }
}

impl<G: Game> Memo<G> {
    fn new(limit: usize, use_parts: bool) -> Self {
        Memo {
            use_parts,
            split_seen: false,
            positions: Vec::new(),
            spans: Vec::new(),
            values: Vec::new(),
            flags: Vec::new(),
            edges: Vec::new(),
            table: Table::default(),
            hasher: FixedState::default(),
            limit: limit.min(u32::MAX as usize),
            move_limit: DEFAULT_MOVE_LIMIT,
            stack: Vec::new(),
            fresh: Vec::new(),
            seen: Vec::new(),
        }
    }

    fn clear(&mut self) {
        self.split_seen = false;
        self.positions.clear();
        self.spans.clear();
        self.values.clear();
        self.flags.clear();
        self.edges.clear();
        self.table.clear();
    }

    fn outcome_of(&self, i: usize, play: Play) -> Outcome {
        let next = match play {
            Play::Normal => self.values[i] != 0,
            Play::Misere => self.flags[i] & MISERE_NEXT != 0,
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
        let i = self.solve(position)?;
        let mut kept = Vec::new();
        if self.flags[i] & SPLIT == 0 {
            // The options are stored in the order the game lists them: each move is checked
            // to lead to the stored option, without hashing. Should one not (equal positions
            // may list their options in another order), every option is searched instead.
            let (start, count) = self.spans[i];
            let mut listed = self.edges[start as usize..(start + count) as usize].iter();
            let mut matched = true;
            let _ = position.for_each_move(|m, child| match listed.next() {
                Some(&c) if self.positions[c as usize] == child => {
                    if keep(self, c as usize) {
                        kept.push(m);
                    }
                    ControlFlow::Continue(())
                }
                _ => {
                    matched = false;
                    ControlFlow::Break(())
                }
            });
            if matched && listed.next().is_none() {
                return Ok(kept.into_iter());
            }
            kept.clear();
        }
        for (m, child) in position.moves() {
            let c = self.solve(&child)?;
            if keep(self, c) {
                kept.push(m);
            }
        }
        Ok(kept.into_iter())
    }

    /// The key of `position` in the table: 32 bits of its hash.
    #[inline]
    fn key(hasher: &FixedState, position: &G) -> u32 {
        let hash = hasher.hash_one(position);
        (hash ^ (hash >> 32)) as u32
    }

    /// Interns `position` and solves it; returns its index. On an error the solver is rolled
    /// back to the state it had before the call.
    fn solve(&mut self, position: &G) -> Result<usize, Error> {
        let (positions_before, edges_before) = (self.positions.len(), self.edges.len());
        let result = self.intern(position).and_then(|root| {
            if self.flags[root] & STATE != DONE {
                self.run(root as u32)?;
            }
            Ok(root)
        });
        if result.is_err() {
            self.roll_back(positions_before, edges_before);
        }
        result
    }

    /// The index of `position`, stored (cloned) if new.
    fn intern(&mut self, position: &G) -> Result<usize, Error> {
        let key = Self::key(&self.hasher, position);
        let Memo {
            positions,
            spans,
            values,
            flags,
            table,
            limit,
            ..
        } = self;
        let vacant = match table.entry(key, |i| positions[i] == *position)? {
            Entry::Occupied(entry) => return Ok(*entry.get() as usize),
            Entry::Vacant(entry) => entry,
        };
        let i = positions.len();
        if i >= *limit {
            return Err(Error::PositionLimit { limit: *limit });
        }
        if !reserve_node(spans, values, flags) || positions.try_reserve(1).is_err() {
            return Err(out_of_memory(i + 1));
        }
        vacant.insert(i as u32);
        table.keys.push(key);
        positions.push(position.clone());
        push_node(spans, values, flags);
        Ok(i)
    }

    /// Forgets every position and move stored since the solver had `positions` positions and
    /// `edges` moves, and every expansion that refers to them.
    fn roll_back(&mut self, positions: usize, edges: usize) {
        self.stack.clear();
        self.fresh.clear();
        self.positions.truncate(positions);
        self.spans.truncate(positions);
        self.values.truncate(positions);
        self.flags.truncate(positions);
        self.edges.truncate(edges);
        self.table.retain_below(positions);
        for (span, flags) in self.spans.iter_mut().zip(&mut self.flags) {
            if span.0 as usize + span.1 as usize > edges {
                *span = (0, 0);
                *flags = UNEXPANDED;
            } else if *flags & STATE == ON_PATH {
                *flags = (*flags & !STATE) | EXPANDED;
            }
        }
    }

    /// The depth-first search from `root`, which is not done, over the explicit stack.
    fn run(&mut self, root: u32) -> Result<(), Error> {
        self.stack.clear();
        push_line(&mut self.stack, root)?;
        while let Some(&(t, visited)) = self.stack.last() {
            let t = t as usize;
            if visited == 0 {
                // First visit: list the options (unless an earlier, failed search did) and
                // put the position on the line of play.
                if self.flags[t] & STATE == UNEXPANDED {
                    self.expand(t)?;
                }
                self.flags[t] = (self.flags[t] & !STATE) | ON_PATH;
            }
            let (start, count) = self.spans[t];
            let mut next = visited;
            let mut child = None;
            while next < count {
                let c = self.edges[(start + next) as usize];
                next += 1;
                match self.flags[c as usize] & STATE {
                    DONE => {}
                    ON_PATH => return Err(Error::Cycle),
                    _ => {
                        child = Some(c);
                        break;
                    }
                }
            }
            match child {
                Some(c) => {
                    if let Some(top) = self.stack.last_mut() {
                        top.1 = next;
                    }
                    push_line(&mut self.stack, c)?;
                }
                None => {
                    self.finish(t);
                    self.stack.pop();
                }
            }
        }
        Ok(())
    }

    /// Computes the value and misère outcome of `t`, whose options are all done.
    fn finish(&mut self, t: usize) {
        let (start, count) = self.spans[t];
        let options = &self.edges[start as usize..(start + count) as usize];
        let (values, flags) = (&self.values, &self.flags);
        if flags[t] & SPLIT != 0 {
            self.values[t] = options.iter().fold(0, |x, &c| x ^ values[c as usize]);
            self.flags[t] = DONE | SPLIT;
            return;
        }
        let degree = options.len();
        // Misère play: N if there is no move or some option is P (not `MISERE_NEXT`).
        let mut misere_previous_option = degree == 0;
        let value = if degree < 64 {
            let mut mask = 0u64;
            for &c in options {
                let c = c as usize;
                misere_previous_option |= flags[c] & MISERE_NEXT == 0;
                let g = values[c];
                if g < 64 {
                    mask |= 1 << g;
                }
            }
            crate::mex_mask(mask)
        } else {
            // The mex is at most `degree`: only values up to it matter.
            let words = degree / 64 + 1;
            if self.seen.len() < words {
                self.seen.resize(words, 0);
            }
            let seen = &mut self.seen[..words];
            seen.fill(0);
            for &c in options {
                let c = c as usize;
                misere_previous_option |= flags[c] & MISERE_NEXT == 0;
                let g = values[c] as usize;
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
        };
        self.values[t] = value;
        self.flags[t] = if misere_previous_option {
            DONE | MISERE_NEXT
        } else {
            DONE
        };
    }

    /// Lists the options (or parts) of `t`, interning each as the game hands it over, and
    /// stores them as `t`'s edges.
    fn expand(&mut self, t: usize) -> Result<(), Error> {
        let Memo {
            use_parts,
            positions,
            spans,
            values,
            flags,
            edges,
            table,
            hasher,
            limit,
            move_limit,
            fresh,
            ..
        } = self;
        let (limit, move_limit) = (*limit, *move_limit);
        let base = positions.len();
        let start = edges.len();
        // The moves this position may add: what is left of the move limit.
        let room = move_limit.saturating_sub(start);
        let position = &positions[t];
        let positions = &*positions;
        let mut add = |child: G, is_move: bool| -> Result<(), Error> {
            let count = edges.len() - start;
            if count >= room {
                return Err(Error::SearchMoveLimit { limit: move_limit });
            }
            if is_move && count >= limit {
                return Err(Error::PositionLimit { limit });
            }
            let key = Self::key(hasher, &child);
            let entry = table.entry(key, |i| match i.checked_sub(base) {
                None => positions[i] == child,
                Some(f) => fresh[f] == child,
            })?;
            let index = match entry {
                Entry::Occupied(entry) => *entry.get(),
                Entry::Vacant(entry) => {
                    let i = base + fresh.len();
                    if i >= limit {
                        return Err(Error::PositionLimit { limit });
                    }
                    if !reserve_node(spans, values, flags) || fresh.try_reserve(1).is_err() {
                        return Err(out_of_memory(i + 1));
                    }
                    entry.insert(i as u32);
                    table.keys.push(key);
                    fresh.push(child);
                    push_node(spans, values, flags);
                    i as u32
                }
            };
            if edges.try_reserve(1).is_err() {
                return Err(Error::OutOfMemory {
                    what: alloc::format!("{} stored moves", edges.len() + 1),
                });
            }
            edges.push(index);
            Ok(())
        };
        let parts = if *use_parts {
            position.parts().filter(|parts| parts.len() >= 2)
        } else {
            None
        };
        let split = parts.is_some();
        let mut result = Ok(());
        match parts {
            Some(parts) if parts.len() > room => {
                result = Err(Error::SearchMoveLimit { limit: move_limit });
            }
            Some(parts) => {
                result = parts.into_iter().try_for_each(|part| add(part, false));
            }
            None => {
                let _ = position.for_each_move(|_, child| match add(child, true) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(e) => {
                        result = Err(e);
                        ControlFlow::Break(())
                    }
                });
            }
        }
        if result.is_ok() && self.positions.try_reserve(self.fresh.len()).is_err() {
            result = Err(out_of_memory(self.positions.len() + self.fresh.len()));
        }
        if let Err(e) = result {
            // The caller rolls everything back.
            self.fresh.clear();
            return Err(e);
        }
        self.positions.append(&mut self.fresh);
        self.spans[t] = (start as u32, (self.edges.len() - start) as u32);
        self.flags[t] = if split { EXPANDED | SPLIT } else { EXPANDED };
        self.split_seen |= split;
        Ok(())
    }
}

/// Makes room for one more position's bookkeeping, fallibly.
fn reserve_node(spans: &mut Vec<(u32, u32)>, values: &mut Vec<u32>, flags: &mut Vec<u8>) -> bool {
    spans.try_reserve(1).is_ok() && values.try_reserve(1).is_ok() && flags.try_reserve(1).is_ok()
}

/// The bookkeeping of a new, unexpanded position.
fn push_node(spans: &mut Vec<(u32, u32)>, values: &mut Vec<u32>, flags: &mut Vec<u8>) {
    spans.push((0, 0));
    values.push(0);
    flags.push(UNEXPANDED);
}

/// Puts position `i` on the search's line of play, fallibly.
fn push_line(stack: &mut Vec<(u32, u32)>, i: u32) -> Result<(), Error> {
    if stack.try_reserve(1).is_err() {
        return Err(Error::OutOfMemory {
            what: alloc::format!("a line of play {} moves deep", stack.len() + 1),
        });
    }
    stack.push((i, 0));
    Ok(())
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
        let i = self.normal.solve(position)?;
        Ok(Nimber::from(self.normal.values[i]))
    }

    fn moves_to_value<'a>(
        &'a mut self,
        position: &'a G,
        target: Nimber,
    ) -> Result<Self::MovesTo<'a>, Error> {
        self.normal.moves_where(position, |memo, i| {
            Nimber::from(memo.values[i]) == target
        })
    }

    fn outcome(&mut self, position: &G, play: Play) -> Result<Outcome, Error> {
        let (memo, i) = match play {
            Play::Normal => {
                let i = self.normal.solve(position)?;
                (&mut self.normal, i)
            }
            Play::Misere => self.misere_memo(position)?,
        };
        Ok(memo.outcome_of(i, play))
    }

    fn winning_moves<'a>(
        &'a mut self,
        position: &'a G,
        play: Play,
    ) -> Result<Self::MovesTo<'a>, Error> {
        let memo = match play {
            Play::Normal => &mut self.normal,
            Play::Misere => self.misere_memo(position)?.0,
        };
        memo.moves_where(position, |memo, i| {
            memo.outcome_of(i, play) == Outcome::Previous
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
