//! The generic memoising solver.

use crate::solve::Evaluator;
use crate::{Error, Game, Nimber, Outcome, Play};
use alloc::vec::Vec;
use core::fmt;
use core::hash::BuildHasher;
use core::ops::ControlFlow;
use foldhash::fast::FixedState;
use hashbrown::HashTable;

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

const UNEXPANDED: u8 = 0;
const EXPANDED: u8 = 1;
const ON_PATH: u8 = 2;
const DONE: u8 = 3;

/// One memoised position: where its options are in the edge list, and, once done, its
/// Grundy value and misère outcome.
#[derive(Debug, Clone, Copy)]
struct Node {
    edges_start: u32,
    edges_len: u32,
    grundy: u32,
    state: u8,
    misere_next: bool,
    /// The node's edges are the parts it splits into, not its options: its value is their
    /// nim-sum and its misère outcome is unknown.
    split: bool,
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

/// One memoised search: the interned positions, their options (or parts) and their answers.
#[derive(Clone)]
struct Memo<G: Game> {
    /// Whether positions are split into their parts ([`Game::parts`]).
    use_parts: bool,
    /// Whether some position stored here was split, so that its misère outcome is unknown.
    split_seen: bool,
    positions: Vec<G>,
    hashes: Vec<u64>,
    nodes: Vec<Node>,
    edges: Vec<u32>,
    table: HashTable<u32>,
    hasher: FixedState,
    limit: usize,
    /// The most moves (edges) stored.
    move_limit: usize,
    stack: Vec<u32>,
    children: Vec<G>,
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
            hashes: Vec::new(),
            nodes: Vec::new(),
            edges: Vec::new(),
            table: HashTable::new(),
            hasher: FixedState::default(),
            limit: limit.min(u32::MAX as usize),
            move_limit: DEFAULT_MOVE_LIMIT,
            stack: Vec::new(),
            children: Vec::new(),
            seen: Vec::new(),
        }
    }

    fn clear(&mut self) {
        self.split_seen = false;
        self.positions.clear();
        self.hashes.clear();
        self.nodes.clear();
        self.edges.clear();
        self.table.clear();
    }

    fn outcome_of(&self, i: usize, play: Play) -> Outcome {
        let node = &self.nodes[i];
        let next = match play {
            Play::Normal => node.grundy != 0,
            Play::Misere => node.misere_next,
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
        let mut kept = Vec::new();
        for (m, child) in position.moves() {
            let i = self.solve(&child)?;
            if keep(self, i) {
                kept.push(m);
            }
        }
        Ok(kept.into_iter())
    }

    /// Interns `position` and solves it; returns its index. On an error the solver is rolled
    /// back to the state it had before the call.
    fn solve(&mut self, position: &G) -> Result<usize, Error> {
        let (positions_before, edges_before) = (self.positions.len(), self.edges.len());
        let result = self.intern(position.clone()).and_then(|root| {
            if self.nodes[root as usize].state != DONE {
                self.stack.clear();
                self.stack.push(root);
                self.run()?;
            }
            Ok(root as usize)
        });
        if result.is_err() {
            self.roll_back(positions_before, edges_before);
        }
        result
    }

    /// Forgets every position and move stored since the solver had `positions` positions and
    /// `edges` moves, and every expansion that refers to them.
    fn roll_back(&mut self, positions: usize, edges: usize) {
        self.stack.clear();
        self.positions.truncate(positions);
        self.hashes.truncate(positions);
        self.nodes.truncate(positions);
        self.edges.truncate(edges);
        self.table.retain(|&mut i| (i as usize) < positions);
        for node in &mut self.nodes {
            if node.edges_start as usize + node.edges_len as usize > edges {
                node.state = UNEXPANDED;
                node.edges_len = 0;
                node.split = false;
            } else if node.state == ON_PATH {
                node.state = EXPANDED;
            }
        }
    }

    /// The depth-first search over the explicit stack.
    fn run(&mut self) -> Result<(), Error> {
        while let Some(&top) = self.stack.last() {
            let t = top as usize;
            match self.nodes[t].state {
                DONE => {
                    self.stack.pop();
                }
                UNEXPANDED => self.expand(t)?,
                EXPANDED => {
                    self.nodes[t].state = ON_PATH;
                    let Node {
                        edges_start,
                        edges_len,
                        ..
                    } = self.nodes[t];
                    let start = edges_start as usize;
                    for &c in &self.edges[start..start + edges_len as usize] {
                        match self.nodes[c as usize].state {
                            DONE => {}
                            ON_PATH => return Err(Error::Cycle),
                            _ => self.stack.push(c),
                        }
                    }
                }
                _ => {
                    self.finish(t);
                    self.stack.pop();
                }
            }
        }
        Ok(())
    }

    /// Computes the value and misère outcome of `t`, whose options are all done.
    fn finish(&mut self, t: usize) {
        let Node {
            edges_start,
            edges_len,
            ..
        } = self.nodes[t];
        let start = edges_start as usize;
        let options = &self.edges[start..start + edges_len as usize];
        if self.nodes[t].split {
            let value = options
                .iter()
                .fold(0, |x, &c| x ^ self.nodes[c as usize].grundy);
            let node = &mut self.nodes[t];
            node.grundy = value;
            node.state = DONE;
            return;
        }
        let degree = options.len();
        let mut misere_next = degree == 0;
        let grundy = if degree < 64 {
            let mut mask = 0u64;
            for &c in options {
                let node = &self.nodes[c as usize];
                misere_next |= !node.misere_next;
                if node.grundy < 64 {
                    mask |= 1 << node.grundy;
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
                let node = &self.nodes[c as usize];
                misere_next |= !node.misere_next;
                if node.grundy as usize <= degree {
                    let g = node.grundy as usize;
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
        let node = &mut self.nodes[t];
        node.grundy = grundy;
        node.misere_next = misere_next;
        node.state = DONE;
    }

    /// Lists the options of `t` and interns them.
    fn expand(&mut self, t: usize) -> Result<(), Error> {
        let mut children = core::mem::take(&mut self.children);
        children.clear();
        let limit = self.limit;
        // The moves this position may add: what is left of the move limit.
        let room = self.move_limit.saturating_sub(self.edges.len());
        let parts = if self.use_parts {
            self.positions[t].parts().filter(|parts| parts.len() >= 2)
        } else {
            None
        };
        let split = parts.is_some();
        let mut failure = None;
        match parts {
            Some(parts) if parts.len() > room => {
                failure = Some(Error::SearchMoveLimit {
                    limit: self.move_limit,
                });
            }
            Some(parts) => children.extend(parts),
            None => {
                let _ = self.positions[t].for_each_move(|_, child| {
                    failure = if children.len() >= room {
                        Some(Error::SearchMoveLimit {
                            limit: self.move_limit,
                        })
                    } else if children.len() >= limit {
                        Some(Error::PositionLimit { limit })
                    } else if children.try_reserve(1).is_err() {
                        Some(Error::OutOfMemory {
                            what: alloc::format!(
                                "the {} options of one position",
                                children.len() + 1
                            ),
                        })
                    } else {
                        children.push(child);
                        return ControlFlow::Continue(());
                    };
                    ControlFlow::Break(())
                });
            }
        }
        let count = children.len();
        if failure.is_none() && self.edges.try_reserve(count).is_err() {
            failure = Some(Error::OutOfMemory {
                what: alloc::format!("{} stored moves", self.edges.len() + count),
            });
        }
        let result = if let Some(e) = failure {
            Err(e)
        } else {
            let start = self.edges.len();
            let mut interned = Ok(());
            for child in children.drain(..) {
                match self.intern(child) {
                    Ok(c) => self.edges.push(c),
                    Err(e) => {
                        interned = Err(e);
                        break;
                    }
                }
            }
            match interned {
                Ok(()) => {
                    let node = &mut self.nodes[t];
                    node.edges_start = start as u32;
                    node.edges_len = count as u32;
                    node.split = split;
                    node.state = EXPANDED;
                    self.split_seen |= split;
                    Ok(())
                }
                Err(e) => {
                    self.edges.truncate(start);
                    Err(e)
                }
            }
        };
        children.clear();
        self.children = children;
        result
    }

    /// The index of `position`, stored if new.
    fn intern(&mut self, position: G) -> Result<u32, Error> {
        let hash = self.hasher.hash_one(&position);
        let positions = &self.positions;
        if let Some(&i) = self
            .table
            .find(hash, |&i| positions[i as usize] == position)
        {
            return Ok(i);
        }
        if self.positions.len() >= self.limit {
            return Err(Error::PositionLimit { limit: self.limit });
        }
        let mut reserved = self.positions.try_reserve(1).is_ok()
            && self.hashes.try_reserve(1).is_ok()
            && self.nodes.try_reserve(1).is_ok();
        if reserved {
            let hashes = &self.hashes;
            reserved = self.table.try_reserve(1, |&j| hashes[j as usize]).is_ok();
        }
        if !reserved {
            return Err(Error::OutOfMemory {
                what: alloc::format!("{} stored positions", self.positions.len() + 1),
            });
        }
        let i = self.positions.len() as u32;
        self.positions.push(position);
        self.hashes.push(hash);
        self.nodes.push(Node {
            edges_start: 0,
            edges_len: 0,
            state: UNEXPANDED,
            misere_next: false,
            split: false,
            grundy: 0,
        });
        let hashes = &self.hashes;
        self.table.insert_unique(hash, i, |&j| hashes[j as usize]);
        Ok(i)
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
        Ok(Nimber::from(self.normal.nodes[i].grundy))
    }

    fn moves_to_value<'a>(
        &'a mut self,
        position: &'a G,
        target: Nimber,
    ) -> Result<Self::MovesTo<'a>, Error> {
        self.normal.moves_where(position, |memo, i| {
            Nimber::from(memo.nodes[i].grundy) == target
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
