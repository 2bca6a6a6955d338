//! [`Loopy`]: the graph of the positions reachable from a query, labelled by Fraenkel's
//! algorithm.

use super::{Outcome, Value};
use crate::solve::solver::{Keyed, Listing, Room, Stored, Table, key_of, moves_kept, reserve};
use crate::{DEFAULT_MOVE_LIMIT, DEFAULT_POSITION_LIMIT, Error, Game, Nimber};
use alloc::vec::Vec;
use core::fmt;
use foldhash::fast::FixedState;

/// The label of a position whose value is infinite.
const INFINITE: u32 = u32::MAX;
/// The label of a position not labelled yet (only while the labels are computed).
const UNLABELLED: u32 = u32::MAX - 1;

/// A stored position's key in the [`Table`].
#[derive(Debug, Clone, Copy)]
struct Key(u32);

impl Keyed for Key {
    #[inline]
    fn key(&self) -> u32 {
        self.0
    }
}

/// A solver for games that may not end ([`Game`]s with cycles): the outcome (win, loss or
/// draw), every winning move, every move that keeps a draw, and the loopy nim value of any
/// position from which finitely many positions can be reached, and of sums of such positions.
///
/// # Algorithm
///
/// A query first stores every position reachable from its position (a breadth-first
/// search; each position's moves are listed once, as indices of the positions they reach;
/// a position with a representative, [`Game::canonical`], is stored as it),
/// then labels the positions by Fraenkel's algorithm for Smith's values, in stages
/// `i = 0, 1, …`:
///
/// 1. a position not labelled yet gets the label `i` when none of its options has the label
///    `i` and every option that is not labelled or is infinite has an option labelled `i` (a
///    move that *reverses* it), repeated until no position qualifies;
/// 2. then every position not labelled yet that has no option labelled `i` is infinite: its
///    value cannot be `i`, and without an option of value `i` it cannot be larger.
///
/// Stages go on until every position is labelled; an infinite position's value is `∞{K}`
/// with `K` the finite labels of its options. The outcomes follow from the values ([`Value`]);
/// a direct retrograde analysis of wins, losses and draws gives the same (the tests check it on
/// thousands of random graphs, and the values of sums against searches of the product).
///
/// A query that reaches positions not stored yet labels the whole stored graph again; a query
/// of a position already stored is answered from its label. Query the position from which the
/// others are reached first.
///
/// # Complexity
///
/// Each stage is one pass over the moves with a work list (a position's count of options that
/// do not reverse yet falls as positions are labelled), so labelling `V` positions and `E`
/// moves takes O((V + E)·(m + 2)) time, `m` the largest finite value, and O(V + E) memory (the
/// remoteness is one more pass, O(V + E)). That is paid again by each query that reaches new
/// positions.
///
/// The limits bound `V` and `E` ([`Loopy::with_position_limit`], [`Loopy::with_move_limit`]):
/// the memory, and how many moves the game is asked to list. They do not bound the work,
/// which grows with the values as well: `E` times the largest value. A Nim heap of 4000 has
/// 4001 positions, about 8 million moves and values up to `*4000`, so about 3·10¹⁰ steps:
/// some 34 s, where the [`Solver`](crate::Solver), whose work is O(V + E) (one pass), takes
/// 0.1 s. A game whose play always ends, with large values, is best left to the `Solver`.
///
/// # Errors
///
/// [`Error::PositionLimit`] if more positions are reachable than the position limit
/// ([`Loopy::with_position_limit`]), [`Error::SearchMoveLimit`] if more moves must be listed
/// than the move limit ([`Loopy::with_move_limit`]), [`Error::SolverMemoryLimit`] if the
/// query would hold more bytes than the memory limit ([`Loopy::with_memory_limit`], none
/// unless set), [`Error::OutOfMemory`] if the allocator refuses memory within those limits,
/// and the [`fault`](Game::fault) of a position that
/// cannot list its moves ([`Error::IncompleteMoves`] if it names none). After an error the
/// solver is as it was before the call.
///
/// # Examples
///
/// A token on the cells `0..=9` of a strip, moved one or two cells left, or, from cell 6 only,
/// two cells right to cell 8. Cells 0 to 5 are a subtraction game (values `*0 *1 *2`,
/// repeated); the jump from cell 6 makes a cycle through cells 6, 7 and 8, and play that keeps
/// to it never ends:
///
/// ```
/// use core::ops::ControlFlow;
/// use grundy::loopy::{Loopy, Outcome};
/// use grundy::Game;
///
/// #[derive(Clone, PartialEq, Eq, Hash, Debug)]
/// struct Token(u8);
///
/// impl Game for Token {
///     type Move = u8; // the cell reached
///     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
///     where
///         F: FnMut(u8, Token) -> ControlFlow<()>,
///     {
///         for step in 1..=2 {
///             if let Some(to) = self.0.checked_sub(step) {
///                 visit(to, Token(to))?;
///             }
///         }
///         if self.0 == 6 {
///             visit(8, Token(8))?;
///         }
///         ControlFlow::Continue(())
///     }
/// }
///
/// let mut loopy = Loopy::new();
/// let values: Vec<String> = (0..10)
///     .map(|cell| loopy.value(&Token(cell)).map(|v| v.to_string()))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(
///     values,
///     ["*0", "*1", "*2", "*0", "*1", "*2", "∞{1,2}", "∞{2}", "∞{}", "∞{}"]
/// );
/// // From cell 6 a move left loses (to a *1 or *2, won by the other player); the jump keeps
/// // the game going.
/// assert_eq!(loopy.outcome(&Token(6))?, Outcome::Draw);
/// assert_eq!(loopy.drawing_moves(&Token(6))?, [8]);
/// assert_eq!(loopy.winning_moves(&Token(5))?, [3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Loopy<G: Game> {
    positions: Vec<G>,
    keys: Vec<Key>,
    table: Table,
    hasher: FixedState,
    /// Where each stored position's options start in `edges` (and one more entry, their
    /// end): every stored position is expanded before a query returns.
    starts: Vec<u32>,
    /// The options of the stored positions, as indices (with their repeats, except for a
    /// position with more moves than the position limit, whose listing drops them).
    edges: Vec<u32>,
    /// How many moves the queries have listed in all, against the move limit.
    moves: usize,
    /// Each stored position's label: its finite value, or [`INFINITE`].
    labels: Vec<u32>,
    /// Each stored position's remoteness ([`Loopy::remoteness`]), or [`INFINITE`] for a draw.
    remoteness: Vec<u32>,
    limit: usize,
    move_limit: usize,
    /// The memory limit, in bytes (`usize::MAX` for none).
    memory_limit: usize,
    /// The bytes the stored positions own outside themselves ([`Game::owned_bytes`]).
    owned: usize,
}

impl<G: Game> fmt::Debug for Loopy<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Loopy")
            .field("positions", &self.positions.len())
            .field("moves", &self.moves)
            .field("position_limit", &self.limit)
            .field("move_limit", &self.move_limit)
            .field("memory_limit", &self.memory_limit)
            .finish()
    }
}

impl<G: Game> Default for Loopy<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> Loopy<G> {
    /// An empty solver with the [`DEFAULT_POSITION_LIMIT`] and the [`DEFAULT_MOVE_LIMIT`].
    ///
    /// # Examples
    ///
    /// See [`Loopy`].
    #[must_use]
    pub fn new() -> Self {
        Self::with_position_limit(DEFAULT_POSITION_LIMIT)
    }

    /// An empty solver that stores at most `limit` positions (at most `u32::MAX - 2`; a
    /// larger limit is lowered to it). A query that reaches more fails with
    /// [`Error::PositionLimit`].
    ///
    /// Each stored position costs the position itself plus about 26 bytes (its key, its
    /// label, its remoteness, where its options start, and 10 bytes of table at most half
    /// full), and 4 bytes a move; the labelling needs about 25 bytes a position and 4 a move
    /// more while it runs.
    ///
    /// # Examples
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use grundy::loopy::Loopy;
    /// use grundy::{Error, Game};
    ///
    /// /// A counter that goes round a clock of 12.
    /// #[derive(Clone, PartialEq, Eq, Hash)]
    /// struct Hour(u8);
    /// impl Game for Hour {
    ///     type Move = ();
    ///     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    ///     where
    ///         F: FnMut((), Hour) -> ControlFlow<()>,
    ///     {
    ///         visit((), Hour((self.0 + 1) % 12))
    ///     }
    /// }
    ///
    /// let mut loopy = Loopy::with_position_limit(10);
    /// assert_eq!(loopy.value(&Hour(0)), Err(Error::PositionLimit { limit: 10 }));
    /// assert!(loopy.is_empty()); // as it was before the query
    /// ```
    #[must_use]
    pub fn with_position_limit(limit: usize) -> Self {
        Loopy {
            positions: Vec::new(),
            keys: Vec::new(),
            table: Table::default(),
            hasher: FixedState::default(),
            starts: Vec::new(),
            edges: Vec::new(),
            moves: 0,
            labels: Vec::new(),
            remoteness: Vec::new(),
            limit: limit.min(UNLABELLED as usize - 1),
            move_limit: DEFAULT_MOVE_LIMIT,
            memory_limit: usize::MAX,
            owned: 0,
        }
    }

    /// This solver with at most `bytes` of memory: a query that would hold more, its
    /// labelling included, fails with [`Error::SolverMemoryLimit`] and leaves the solver as
    /// it was. No limit unless set; the position and move limits still hold beside it.
    ///
    /// The bytes are those of [`Loopy::bytes`], and while a query runs, the buffer of the
    /// options being listed (with what they own) and the labelling's working arrays (about
    /// 25 bytes a position and 4 a move), taken before they are made. An array that must grow
    /// is checked against the limit before it grows.
    ///
    /// # Examples
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use grundy::loopy::{Loopy, Outcome};
    /// use grundy::{Error, Game};
    ///
    /// /// A counter that goes round a clock of `n` hours, or stops at 0.
    /// #[derive(Clone, PartialEq, Eq, Hash)]
    /// struct Clock(u32, u32);
    /// impl Game for Clock {
    ///     type Move = u32;
    ///     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    ///     where
    ///         F: FnMut(u32, Clock) -> ControlFlow<()>,
    ///     {
    ///         if self.0 > 0 {
    ///             visit((self.0 + 1) % self.1, Clock((self.0 + 1) % self.1, self.1))?;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    /// }
    ///
    /// let mut loopy = Loopy::new().with_memory_limit(64 << 10);
    /// assert_eq!(loopy.outcome(&Clock(1, 100))?, Outcome::Next); // 99 moves to 0
    /// assert!(loopy.bytes() <= 64 << 10);
    /// let err = loopy.outcome(&Clock(1, 1_000_000)).unwrap_err();
    /// assert!(matches!(err, Error::SolverMemoryLimit { limit: 65_536, .. }));
    /// assert_eq!(loopy.len(), 100); // as it was
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_memory_limit(mut self, bytes: usize) -> Self {
        self.memory_limit = bytes;
        self
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
    /// use grundy::loopy::Loopy;
    /// assert_eq!(Loopy::<G>::new().memory_limit(), usize::MAX);
    /// assert_eq!(Loopy::<G>::new().with_memory_limit(1 << 20).memory_limit(), 1 << 20);
    /// ```
    #[must_use]
    pub fn memory_limit(&self) -> usize {
        self.memory_limit
    }

    /// The bytes the solver holds between queries: its stored positions (at
    /// `size_of::<G>()` each, plus what each owns, [`Game::owned_bytes`]), their keys, table,
    /// moves, labels and remoteness, each array counted by its capacity.
    ///
    /// # Examples
    ///
    /// See [`Loopy::with_memory_limit`].
    #[must_use]
    pub fn bytes(&self) -> usize {
        (self.positions.capacity() * size_of::<G>()
            + self.keys.capacity() * size_of::<Key>()
            + self.table.bytes()
            + (self.starts.capacity()
                + self.edges.capacity()
                + self.labels.capacity()
                + self.remoteness.capacity())
                * size_of::<u32>())
        .saturating_add(self.owned)
    }

    /// What the solver may still grow by under its memory limit, beside `more` bytes held
    /// outside it.
    fn room(&self, more: usize) -> Room {
        Room::new(
            self.memory_limit,
            self.bytes().saturating_add(more),
            self.positions.len(),
            "Loopy::with_memory_limit",
        )
    }

    /// This solver with at most `limit` moves listed in all (at most `u32::MAX`). A query
    /// that needs more fails with [`Error::SearchMoveLimit`], as does a query that must list
    /// a move once the limit is lowered below the moves listed already. Every move the game
    /// lists counts: those of the positions stored, and those listed again for an answer's
    /// moves ([`Loopy::winning_moves`], [`Loopy::drawing_moves`],
    /// [`Loopy::winning_moves_in_sum`]), whose listing is broken off at the first move past
    /// the limit. [`Loopy::clear`] starts the count again.
    ///
    /// Each stored position's moves are listed once and kept (4 bytes a move, and 4 more
    /// while the labelling runs), so the limit bounds the memory of the moves and how many
    /// the game lists. An answer's moves are found by listing the position's moves again and
    /// looking each option up, so they hold the moves kept, not the options. It does not
    /// bound the labelling's work, O((V + E)·(m + 2)) for `V` positions, `E` moves and `m`
    /// the largest finite value: a Nim heap of 4000 lists 8 million moves and takes about
    /// 34 s ([`Loopy`]'s complexity).
    ///
    /// # Examples
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use grundy::loopy::Loopy;
    /// use grundy::{Error, Game};
    ///
    /// /// Any cell of a ring of 100 can be reached from any other.
    /// #[derive(Clone, PartialEq, Eq, Hash)]
    /// struct Ring(u8);
    /// impl Game for Ring {
    ///     type Move = u8;
    ///     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    ///     where
    ///         F: FnMut(u8, Ring) -> ControlFlow<()>,
    ///     {
    ///         (0..100).filter(|&to| to != self.0).try_for_each(|to| visit(to, Ring(to)))
    ///     }
    /// }
    ///
    /// let mut loopy = Loopy::new().with_move_limit(1000);
    /// assert_eq!(loopy.value(&Ring(0)), Err(Error::SearchMoveLimit { limit: 1000 }));
    /// assert_eq!(loopy.move_limit(), 1000);
    /// ```
    #[must_use]
    pub fn with_move_limit(mut self, limit: usize) -> Self {
        self.move_limit = limit.min(u32::MAX as usize);
        self
    }

    /// The most positions this solver will store.
    ///
    /// # Examples
    ///
    /// ```
    /// # #[derive(Clone, PartialEq, Eq, Hash)] struct G;
    /// # impl grundy::Game for G { type Move = ();
    /// #   fn for_each_move<F: FnMut((), G) -> core::ops::ControlFlow<()>>(&self, _: F)
    /// #   -> core::ops::ControlFlow<()> { core::ops::ControlFlow::Continue(()) } }
    /// use grundy::loopy::Loopy;
    /// assert_eq!(Loopy::<G>::with_position_limit(500).position_limit(), 500);
    /// ```
    #[must_use]
    pub fn position_limit(&self) -> usize {
        self.limit
    }

    /// The most moves this solver will list.
    ///
    /// # Examples
    ///
    /// See [`Loopy::with_move_limit`].
    #[must_use]
    pub fn move_limit(&self) -> usize {
        self.move_limit
    }

    /// How many positions are stored.
    ///
    /// # Examples
    ///
    /// ```
    /// # use core::ops::ControlFlow;
    /// # #[derive(Clone, PartialEq, Eq, Hash)] struct Hour(u8);
    /// # impl grundy::Game for Hour { type Move = ();
    /// #   fn for_each_move<F: FnMut((), Hour) -> ControlFlow<()>>(&self, mut f: F) -> ControlFlow<()> {
    /// #     f((), Hour((self.0 + 1) % 12)) } }
    /// let mut loopy = grundy::loopy::Loopy::new();
    /// loopy.value(&Hour(3))?;
    /// assert_eq!(loopy.len(), 12); // every hour is reached
    /// # Ok::<(), grundy::Error>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether no position is stored.
    ///
    /// # Examples
    ///
    /// See [`Loopy::with_position_limit`].
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Forgets every stored position (and the moves listed: the move limit counts afresh),
    /// keeping the limits.
    ///
    /// # Examples
    ///
    /// ```
    /// # use core::ops::ControlFlow;
    /// # #[derive(Clone, PartialEq, Eq, Hash)] struct Hour(u8);
    /// # impl grundy::Game for Hour { type Move = ();
    /// #   fn for_each_move<F: FnMut((), Hour) -> ControlFlow<()>>(&self, mut f: F) -> ControlFlow<()> {
    /// #     f((), Hour((self.0 + 1) % 12)) } }
    /// let mut loopy = grundy::loopy::Loopy::with_position_limit(20).with_move_limit(12);
    /// loopy.value(&Hour(3))?;
    /// assert_eq!(loopy.len(), 12);
    /// loopy.clear();
    /// assert!(loopy.is_empty());
    /// assert_eq!((loopy.position_limit(), loopy.move_limit()), (20, 12));
    /// loopy.value(&Hour(5))?; // the 12 moves fit the limit again
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clear(&mut self) {
        self.positions.clear();
        self.owned = 0;
        self.keys.clear();
        self.table.rebuild(&self.keys);
        self.starts.clear();
        self.edges.clear();
        self.moves = 0;
        self.labels.clear();
        self.remoteness.clear();
    }

    /// The loopy nim value of `position`.
    ///
    /// # Errors
    ///
    /// See [`Loopy`].
    ///
    /// # Examples
    ///
    /// ```
    /// # use core::ops::ControlFlow;
    /// # #[derive(Clone, PartialEq, Eq, Hash)] struct Hour(u8);
    /// # impl grundy::Game for Hour { type Move = ();
    /// #   fn for_each_move<F: FnMut((), Hour) -> ControlFlow<()>>(&self, mut f: F) -> ControlFlow<()> {
    /// #     f((), Hour((self.0 + 1) % 12)) } }
    /// use grundy::loopy::{Loopy, Value};
    /// // The clock never stops and nobody can end it: ∞ with no finite option.
    /// assert_eq!(Loopy::new().value(&Hour(0))?, Value::Infinite(vec![]));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn value(&mut self, position: &G) -> Result<Value, Error> {
        // `value_at` may fail (for want of memory) after `solve` stored new positions: the
        // rollback covers both, so that an error leaves the solver as it was.
        self.undoing(|loopy| {
            let i = loopy.solve(position)?;
            loopy.value_at(i)
        })
    }

    /// The outcome of `position`: whether the player to move wins, loses or can only draw.
    ///
    /// # Errors
    ///
    /// See [`Loopy`].
    ///
    /// # Examples
    ///
    /// ```
    /// # use core::ops::ControlFlow;
    /// # #[derive(Clone, PartialEq, Eq, Hash)] struct Hour(u8);
    /// # impl grundy::Game for Hour { type Move = ();
    /// #   fn for_each_move<F: FnMut((), Hour) -> ControlFlow<()>>(&self, mut f: F) -> ControlFlow<()> {
    /// #     f((), Hour((self.0 + 1) % 12)) } }
    /// use grundy::loopy::{Loopy, Outcome};
    /// assert_eq!(Loopy::new().outcome(&Hour(5))?, Outcome::Draw);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn outcome(&mut self, position: &G) -> Result<Outcome, Error> {
        // Nothing fails once `solve` has stored the positions.
        let i = self.solve(position)?;
        Ok(self.outcome_at(i))
    }

    /// How many moves the game from `position` lasts with best play, when it ends: the winner
    /// ends it as soon as they can, the loser holds out as long as they can (so it is even
    /// when the player to move loses, odd when they win). `None` for a draw.
    ///
    /// In a game with cycles a move to a lost position keeps a win, but a player who keeps
    /// choosing such moves may come back to where they were; moving to the lost option of
    /// least remoteness always brings the end nearer.
    ///
    /// # Errors
    ///
    /// See [`Loopy`].
    ///
    /// # Examples
    ///
    /// ```
    /// # use core::ops::ControlFlow;
    /// # #[derive(Clone, PartialEq, Eq, Hash, Debug)] struct Token(u8);
    /// # impl grundy::Game for Token { type Move = u8;
    /// #   fn for_each_move<F: FnMut(u8, Token) -> ControlFlow<()>>(&self, mut visit: F) -> ControlFlow<()> {
    /// #     for step in 1..=2 { if let Some(to) = self.0.checked_sub(step) { visit(to, Token(to))?; } }
    /// #     if self.0 == 6 { visit(8, Token(8))?; }
    /// #     ControlFlow::Continue(()) } }
    /// // The strip of `Loopy`'s example: from cell 5 the winner moves to 3, then to 0.
    /// let mut loopy = grundy::loopy::Loopy::new();
    /// assert_eq!(loopy.remoteness(&Token(5))?, Some(3));
    /// assert_eq!(loopy.remoteness(&Token(3))?, Some(2));
    /// assert_eq!(loopy.remoteness(&Token(6))?, None); // a draw
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn remoteness(&mut self, position: &G) -> Result<Option<u32>, Error> {
        // Nothing fails once `solve` has stored the positions.
        let i = self.solve(position)?;
        Ok(Some(self.remoteness[i]).filter(|&r| r != INFINITE))
    }

    /// Every winning move of `position`: the moves to positions whose player to move loses
    /// (none unless the position is won). After any of them the player still wins with best
    /// play; to bring the end nearer, choose one to a position of least
    /// [remoteness](Loopy::remoteness).
    ///
    /// # Errors
    ///
    /// See [`Loopy`].
    ///
    /// # Examples
    ///
    /// See [`Loopy`].
    pub fn winning_moves(&mut self, position: &G) -> Result<Vec<G::Move>, Error> {
        self.moves_where(position, Outcome::Next, Outcome::Previous)
    }

    /// Every move that keeps a drawn `position` drawn: the moves to drawn positions (none
    /// unless the position is a draw; from a won position the winning moves are the ones to
    /// make, and from a lost one every move leads to a win for the other player).
    ///
    /// # Errors
    ///
    /// See [`Loopy`].
    ///
    /// # Examples
    ///
    /// ```
    /// # use core::ops::ControlFlow;
    /// # #[derive(Clone, PartialEq, Eq, Hash)] struct Hour(u8);
    /// # impl grundy::Game for Hour { type Move = ();
    /// #   fn for_each_move<F: FnMut((), Hour) -> ControlFlow<()>>(&self, mut f: F) -> ControlFlow<()> {
    /// #     f((), Hour((self.0 + 1) % 12)) } }
    /// let mut loopy = grundy::loopy::Loopy::new();
    /// assert_eq!(loopy.drawing_moves(&Hour(11))?, [()]); // round the clock again
    /// assert!(loopy.winning_moves(&Hour(11))?.is_empty());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn drawing_moves(&mut self, position: &G) -> Result<Vec<G::Move>, Error> {
        self.moves_where(position, Outcome::Draw, Outcome::Draw)
    }

    /// The loopy nim value of the sum of `parts` (a move is made in one of them): the sum of
    /// their values ([`Value::sum`]), each part solved alone. The empty sum is `*0`.
    ///
    /// # Errors
    ///
    /// See [`Loopy`].
    ///
    /// # Examples
    ///
    /// See the [module](crate::loopy).
    pub fn value_of_sum(&mut self, parts: &[G]) -> Result<Value, Error> {
        self.undoing(|loopy| {
            let mut total = Value::Finite(Nimber::ZERO);
            for part in parts {
                total = total.sum(&loopy.value(part)?);
            }
            Ok(total)
        })
    }

    /// Every winning move of the sum of `parts`, as `(part, move)`: the moves that make the
    /// sum's value `*0`. Part `k` holds one when every other part is finite, of nim-sum `x`,
    /// and the move takes part `k` to a position of value `*x`; so a sum with two infinite
    /// parts has none.
    ///
    /// # Errors
    ///
    /// See [`Loopy`].
    ///
    /// # Examples
    ///
    /// ```
    /// # use core::ops::ControlFlow;
    /// # #[derive(Clone, PartialEq, Eq, Hash, Debug)] struct Token(u8);
    /// # impl grundy::Game for Token { type Move = u8;
    /// #   fn for_each_move<F: FnMut(u8, Token) -> ControlFlow<()>>(&self, mut visit: F) -> ControlFlow<()> {
    /// #     for step in 1..=2 { if let Some(to) = self.0.checked_sub(step) { visit(to, Token(to))?; } }
    /// #     if self.0 == 6 { visit(8, Token(8))?; }
    /// #     ControlFlow::Continue(()) } }
    /// // The strip of `Loopy`'s example: *1 + *2, won by making the parts equal.
    /// let mut loopy = grundy::loopy::Loopy::new();
    /// assert_eq!(loopy.winning_moves_in_sum(&[Token(4), Token(5)])?, [(0, 2), (1, 4)]);
    /// // ∞{2} + *2 = ∞{0}: only the infinite part's move to *2 wins.
    /// assert_eq!(loopy.winning_moves_in_sum(&[Token(7), Token(5)])?, [(0, 5)]);
    /// // Two infinite parts: a draw at best, with no winning move.
    /// assert!(loopy.winning_moves_in_sum(&[Token(7), Token(6)])?.is_empty());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn winning_moves_in_sum(&mut self, parts: &[G]) -> Result<Vec<(usize, G::Move)>, Error> {
        self.undoing(|loopy| loopy.sum_moves(parts))
    }

    /// [`Loopy::winning_moves_in_sum`], without putting the solver back on an error.
    fn sum_moves(&mut self, parts: &[G]) -> Result<Vec<(usize, G::Move)>, Error> {
        let mut labels = Vec::new();
        labels
            .try_reserve_exact(parts.len())
            .map_err(|_| Error::OutOfMemory {
                what: alloc::format!("the values of {} parts", parts.len()),
            })?;
        for part in parts {
            let i = self.solve(part)?;
            labels.push(self.labels[i]);
        }
        let infinite = labels.iter().filter(|&&l| l == INFINITE).count();
        let total = labels
            .iter()
            .filter(|&&l| l != INFINITE)
            .fold(0, |acc, &l| acc ^ l);
        let mut moves = Vec::new();
        for (k, part) in parts.iter().enumerate() {
            // The nim-sum of the other parts, when they are all finite.
            let others = match labels[k] {
                INFINITE if infinite == 1 => total,
                own if own != INFINITE && infinite == 0 => total ^ own,
                _ => continue,
            };
            let to_others =
                |loopy: &Self, c: usize| loopy.labels[c] != INFINITE && loopy.labels[c] == others;
            for m in self.moves_to(part, to_others)? {
                moves.push((k, m));
            }
        }
        Ok(moves)
    }

    /// The moves of `position` to positions of outcome `to`, when its own outcome is `from`.
    /// On an error the solver is as it was before the call: listing the moves again may fail
    /// after `solve` stored new positions, so both are undone together.
    fn moves_where(
        &mut self,
        position: &G,
        from: Outcome,
        to: Outcome,
    ) -> Result<Vec<G::Move>, Error> {
        self.undoing(|loopy| loopy.moves_where_undone(position, from, to))
    }

    /// [`Loopy::moves_where`], without putting the solver back on an error.
    fn moves_where_undone(
        &mut self,
        position: &G,
        from: Outcome,
        to: Outcome,
    ) -> Result<Vec<G::Move>, Error> {
        let i = self.solve(position)?;
        if self.outcome_at(i) != from {
            return Ok(Vec::new());
        }
        self.moves_to(position, |loopy, c| loopy.outcome_at(c) == to)
    }

    /// The moves of the stored `position` to the stored positions `c` that `keep`, listed
    /// again from the game: each counted against the move limit as it is listed (the listing
    /// broken off at the first past it), and each option looked up as it is listed
    /// ([`moves_kept`]), so that the memory is the moves kept whatever the options. An
    /// option not stored (a game that lists other options the second time) is stored and
    /// solved.
    ///
    /// # Errors
    ///
    /// [`Error::SearchMoveLimit`] past the move limit, [`Error::OutOfMemory`], the
    /// position's [`fault`](Game::fault) ([`Error::IncompleteMoves`] if it names none), and
    /// the errors of solving an option not stored.
    fn moves_to(
        &mut self,
        position: &G,
        keep: impl Fn(&Self, usize) -> bool,
    ) -> Result<Vec<G::Move>, Error> {
        moves_kept(position, |child| {
            if self.moves >= self.move_limit {
                return Err(Error::SearchMoveLimit {
                    limit: self.move_limit,
                });
            }
            self.moves += 1;
            let child = child.canonical().unwrap_or(child);
            let key = key_of(&self.hasher, &child);
            let c = match self.table.find(key, |i| self.positions[i] == child) {
                Ok(c) => c as usize,
                Err(_) => self.solve(&child)?,
            };
            Ok(keep(self, c))
        })
    }

    /// The value of the stored position `i`.
    fn value_at(&self, i: usize) -> Result<Value, Error> {
        match self.labels[i] {
            INFINITE => {
                let (from, to) = (self.starts[i] as usize, self.starts[i + 1] as usize);
                let mut finite = Vec::new();
                finite
                    .try_reserve_exact(to - from)
                    .map_err(|_| Error::OutOfMemory {
                        what: alloc::format!("the values of {} options", to - from),
                    })?;
                finite.extend(
                    self.edges[from..to]
                        .iter()
                        .map(|&o| self.labels[o as usize])
                        .filter(|&l| l != INFINITE),
                );
                finite.sort_unstable();
                finite.dedup();
                Ok(Value::Infinite(
                    finite
                        .into_iter()
                        .map(|l| Nimber::new(u128::from(l)))
                        .collect(),
                ))
            }
            label => Ok(Value::Finite(Nimber::new(u128::from(label)))),
        }
    }

    /// The outcome of the stored position `i`: P when its value is `*0`, N when it is
    /// another nimber or it has an option of value `*0`, D otherwise.
    fn outcome_at(&self, i: usize) -> Outcome {
        match self.labels[i] {
            0 => Outcome::Previous,
            INFINITE => {
                let (from, to) = (self.starts[i] as usize, self.starts[i + 1] as usize);
                if self.edges[from..to]
                    .iter()
                    .any(|&o| self.labels[o as usize] == 0)
                {
                    Outcome::Next
                } else {
                    Outcome::Draw
                }
            }
            _ => Outcome::Next,
        }
    }

    /// Stores every position reachable from `position` and labels them; returns its index.
    /// On an error the solver is as it was before the call.
    fn solve(&mut self, position: &G) -> Result<usize, Error> {
        self.undoing(|loopy| {
            let stored = loopy.positions.len();
            let root = loopy.explore(position)?;
            if loopy.positions.len() > stored {
                loopy.label()?;
            }
            Ok(root)
        })
    }

    /// `f` on this solver, which is put back as it was if `f` fails: the positions stored
    /// since are forgotten (those stored before keep their labels, which depend only on the
    /// positions they reach, all stored before).
    fn undoing<T>(&mut self, f: impl FnOnce(&mut Self) -> Result<T, Error>) -> Result<T, Error> {
        let stored = self.positions.len();
        let (edges, moves) = (self.edges.len(), self.moves);
        let result = f(self);
        if result.is_err() {
            // The moves listed again for the answer count even when no position is stored.
            self.moves = moves;
        }
        if result.is_err() && self.positions.len() > stored {
            let forgotten = crate::game::owned_bytes_of(&self.positions[stored..]);
            self.owned = self.owned.saturating_sub(forgotten);
            self.positions.truncate(stored);
            self.keys.truncate(stored);
            self.edges.truncate(edges);
            self.starts
                .truncate(if stored == 0 { 0 } else { stored + 1 });
            self.labels.truncate(stored);
            self.remoteness.truncate(stored);
            self.table.rebuild(&self.keys);
        }
        result
    }

    /// Stores `position` and every position reachable from it that is not stored, each with
    /// its options; returns the index of `position`.
    fn explore(&mut self, position: &G) -> Result<usize, Error> {
        let root = self.intern(position)?;
        if self.starts.is_empty() {
            self.reserve_start(&mut self.room(0))?;
            self.starts.push(0);
        }
        // Positions are expanded in the order they were stored: those past the last start.
        let mut children = Vec::new();
        while self.starts.len() <= self.positions.len() {
            let t = self.starts.len() - 1;
            // What is left of the move limit: nothing when it was lowered below the moves
            // listed already ([`Loopy::with_move_limit`]).
            let room = self.move_limit.saturating_sub(self.moves);
            // The options are listed as the `Solver` lists them, their repeats dropped each
            // time the buffer holds about the position limit, so that the limit bounds the
            // memory however many moves a position has: more distinct options than the
            // limit are more positions than it (the position itself may be one of them).
            let mut listing = Listing::new(
                room,
                self.limit.saturating_add(1),
                self.limit,
                self.move_limit,
                self.room(children.capacity() * size_of::<G>()),
            );
            let listed = listing.list(&self.positions[t], &mut children, &self.hasher)?;
            let mut memory = listing.memory;
            if !reserve(&mut self.edges, children.len(), &mut memory)? {
                return Err(Error::OutOfMemory {
                    what: alloc::format!("{} moves", self.edges.len() + children.len()),
                });
            }
            for child in children.drain(..) {
                let child = child.canonical().unwrap_or(child);
                let c = self.stored(&mut memory).intern_moved(child, Key)?;
                self.edges.push(c as u32);
            }
            self.reserve_start(&mut memory)?;
            self.starts.push(self.edges.len() as u32);
            self.moves += listed;
        }
        Ok(root)
    }

    /// One more slot in `starts`, fallibly, within `memory`.
    fn reserve_start(&mut self, memory: &mut Room) -> Result<(), Error> {
        if reserve(&mut self.starts, 1, memory)? {
            Ok(())
        } else {
            Err(Error::OutOfMemory {
                what: alloc::format!("{} stored positions", self.positions.len()),
            })
        }
    }

    /// The index of `position` (its representative, [`Game::canonical`], if it has one),
    /// stored (cloned) if new.
    fn intern(&mut self, position: &G) -> Result<usize, Error> {
        let representative = position.canonical();
        let position = representative.as_ref().unwrap_or(position);
        let mut room = self.room(0);
        self.stored(&mut room).intern(position, Key)
    }

    /// The stored positions, to store more within `room`.
    fn stored<'s>(&'s mut self, room: &'s mut Room) -> Stored<'s, G, Key> {
        Stored {
            table: &mut self.table,
            hasher: &self.hasher,
            positions: &mut self.positions,
            entries: &mut self.keys,
            limit: self.limit,
            room,
            owned: &mut self.owned,
        }
    }

    /// Labels every stored position ([`Loopy`]'s algorithm).
    fn label(&mut self) -> Result<(), Error> {
        let n = self.positions.len();
        // Its working arrays, taken from the room before they are made: the reversed moves
        // (4 bytes a position and a move), the labels, blocked counts, queue, positions left
        // and remoteness (4 bytes a position each) and the marks (1 byte a position).
        let working = (n + 1)
            .saturating_mul(4)
            .saturating_add(self.edges.len().saturating_mul(4))
            .saturating_add(n.saturating_mul(21));
        self.room(0).take(working)?;
        let oom = |what: &str| Error::OutOfMemory {
            what: alloc::format!("{what} for labelling {n} positions"),
        };
        // The moves reversed: who moves to each position. `pstarts[v]` counts the moves to
        // positions up to `v`, then falls by one as each mover of `v` is placed, so that it
        // ends where `v`'s movers start.
        let mut pstarts: Vec<u32> = Vec::new();
        pstarts
            .try_reserve_exact(n + 1)
            .map_err(|_| oom("the reversed moves"))?;
        pstarts.resize(n + 1, 0);
        for &o in &self.edges {
            pstarts[o as usize] += 1;
        }
        for i in 1..=n {
            pstarts[i] += pstarts[i - 1];
        }
        let mut preds: Vec<u32> = Vec::new();
        preds
            .try_reserve_exact(self.edges.len())
            .map_err(|_| oom("the reversed moves"))?;
        preds.resize(self.edges.len(), 0);
        for u in 0..n {
            for &o in &self.edges[self.starts[u] as usize..self.starts[u + 1] as usize] {
                let slot = &mut pstarts[o as usize];
                *slot -= 1;
                preds[*slot as usize] = u as u32;
            }
        }

        let mut labels: Vec<u32> = Vec::new();
        let mut blocked: Vec<u32> = Vec::new();
        let mut has: Vec<bool> = Vec::new();
        let mut queue: Vec<u32> = Vec::new();
        for v in [&mut labels, &mut blocked, &mut queue] {
            v.try_reserve_exact(n).map_err(|_| oom("the labels"))?;
        }
        has.try_reserve_exact(n).map_err(|_| oom("the labels"))?;
        labels.resize(n, UNLABELLED);
        blocked.resize(n, 0);
        has.resize(n, false);

        let options = |u: usize| &self.edges[self.starts[u] as usize..self.starts[u + 1] as usize];
        let movers = |v: usize| &preds[pstarts[v] as usize..pstarts[v + 1] as usize];
        let open = |l: u32| l == UNLABELLED || l == INFINITE;
        // The positions not labelled yet, fewer at each stage.
        let mut left: Vec<u32> = Vec::new();
        left.try_reserve_exact(n).map_err(|_| oom("the labels"))?;
        left.extend(0..n as u32);
        let mut stage = 0u32;
        while !left.is_empty() {
            has.fill(false);
            queue.clear();
            // A position may be labelled `stage` once every option that is open (not
            // labelled, or infinite) has an option labelled `stage`: `blocked` counts the
            // moves to open options that do not yet.
            for &u in &left {
                let u = u as usize;
                let count = options(u)
                    .iter()
                    .filter(|&&o| open(labels[o as usize]))
                    .count();
                blocked[u] = count as u32;
                if count == 0 {
                    queue.push(u as u32);
                }
            }
            while let Some(u) = queue.pop() {
                let u = u as usize;
                if labels[u] != UNLABELLED || has[u] {
                    continue;
                }
                labels[u] = stage;
                for &p in movers(u) {
                    let p = p as usize;
                    if has[p] {
                        continue;
                    }
                    // `p` has an option labelled `stage` now: it cannot take the label, and
                    // if it is open it no longer blocks the positions that move to it.
                    has[p] = true;
                    if open(labels[p]) {
                        for &q in movers(p) {
                            let q = q as usize;
                            if labels[q] == UNLABELLED {
                                blocked[q] -= 1;
                                if blocked[q] == 0 && !has[q] {
                                    queue.push(q as u32);
                                }
                            }
                        }
                    }
                }
            }
            // A position left without an option labelled `stage` can have no larger value.
            left.retain(|&u| {
                let u = u as usize;
                if labels[u] == UNLABELLED && !has[u] {
                    labels[u] = INFINITE;
                }
                labels[u] == UNLABELLED
            });
            stage += 1;
        }

        // The remoteness, by the retrograde analysis in order of remoteness: a position
        // with no move is lost at once; a position with a move to a lost one is won, one move
        // further than the nearest such; a position all of whose moves go to won ones is
        // lost, one move further than the farthest of them. What is never reached is a draw.
        let mut far: Vec<u32> = Vec::new();
        far.try_reserve_exact(n)
            .map_err(|_| oom("the remoteness"))?;
        far.resize(n, INFINITE);
        queue.clear();
        for u in 0..n {
            let moves = options(u).len();
            blocked[u] = moves as u32;
            if moves == 0 {
                far[u] = 0;
                queue.push(u as u32);
            }
        }
        let mut next = 0;
        while let Some(&v) = queue.get(next) {
            next += 1;
            let v = v as usize;
            let lost = far[v] % 2 == 0;
            for &p in movers(v) {
                let p = p as usize;
                if far[p] != INFINITE {
                    continue;
                }
                blocked[p] -= 1;
                if lost || blocked[p] == 0 {
                    far[p] = far[v] + 1;
                    queue.push(p as u32);
                }
            }
        }
        // Kept only when both are whole, so that a failure leaves the old ones.
        self.labels = labels;
        self.remoteness = far;
        Ok(())
    }
}
