//! The game model: the trait a user implements, outcomes and play conventions.

use crate::{Error, Nimber};
use alloc::format;
use alloc::vec::Vec;
use core::fmt::{self, Debug};
use core::hash::Hash;
use core::ops::ControlFlow;

/// A position of an impartial game: both players have the same moves from it.
///
/// This is the small trait a user implements for a game of their own. A value of the type is
/// one position; [`for_each_move`](Game::for_each_move) hands every legal move, with the
/// position it leads to, to a visitor. The game must be *finite*: no position may be reached
/// again from itself (the solvers report a cycle as [`Error::Cycle`](crate::Error::Cycle)),
/// and every position must have finitely many moves. A game whose play can come back to a
/// position, and so end in a draw, is solved by [`loopy::Loopy`](crate::loopy::Loopy)
/// instead, as long as finitely many positions can be reached.
///
/// Everything else, the Grundy value, the outcome under normal and misère play, the winning
/// moves and sums of games, comes from the solvers in [`solve`](crate::solve), and for the
/// games in [`games`](crate::games) from exact closed forms as well.
///
/// The visitor returns [`ControlFlow`]: an implementation passes `Break` on at once with `?`,
/// which lets a solver stop enumerating a position early (for instance at its position
/// limit), so a position with astronomically many moves never hangs a search.
///
/// The trait is **not** object-safe (it requires `Clone + Eq + Hash` and has a generic
/// method); a game is a concrete type, monomorphised into the solvers.
///
/// # Faults
///
/// A game whose rules can fail (rules read from a file, rules of a user that break their
/// laws at some position) returns `Break` from `for_each_move` *on its own*, without its
/// visitor asking, when it cannot list a position's moves, and says why in
/// [`fault`](Game::fault). A [`Solver`](crate::Solver) that sees such a `Break` fails with
/// that error (or [`Error::IncompleteMoves`] if `fault` names none) instead of valuing a
/// position from part of its moves. A game that cannot fail needs neither.
///
/// # Examples
///
/// A pile from which a move takes one or two counters:
///
/// ```
/// use core::ops::ControlFlow;
/// use grundy::prelude::*;
///
/// #[derive(Clone, PartialEq, Eq, Hash, Debug)]
/// struct Pile(u32);
///
/// impl Game for Pile {
///     type Move = u32; // how many counters are taken
///
///     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
///     where
///         F: FnMut(u32, Pile) -> ControlFlow<()>,
///     {
///         for take in 1..=self.0.min(2) {
///             visit(take, Pile(self.0 - take))?;
///         }
///         ControlFlow::Continue(())
///     }
/// }
///
/// let mut solver = Solver::new();
/// assert_eq!(solver.grundy(&Pile(7))?.get(), 7 % 3);
/// let winning: Vec<u32> = solver.winning_moves(&Pile(7), Play::Normal)?.collect();
/// assert_eq!(winning, [1]);
/// assert_eq!(Pile(7).play(1)?, Pile(6));
/// assert_eq!(Pile(2).moves().len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Game: Clone + Eq + Hash {
    /// A move, as the game's users speak of it (a count taken, a cell reached, …).
    type Move: Clone + Eq + Debug;

    /// Hands every legal move from this position, with the position it leads to, to `visit`,
    /// stopping early (and returning `Break`) as soon as `visit` returns `Break`.
    ///
    /// A position with no moves is terminal: under normal play the player to move has lost.
    fn for_each_move<F>(&self, visit: F) -> ControlFlow<()>
    where
        F: FnMut(Self::Move, Self) -> ControlFlow<()>;

    /// Why this position cannot list its moves, if it cannot: the error of its rules, which
    /// [`for_each_move`](Game::for_each_move) signals by returning `Break` on its own (see
    /// [Faults](Game#faults)). The provided method says `None`: no fault.
    ///
    /// A [`Solver`](crate::Solver) asks it only after such a `Break`, so it may cost what
    /// listing the moves costs; [`play`](Game::play) and the solvers return the fault as
    /// it is.
    ///
    /// # Examples
    ///
    /// A pile whose rules break down at 3 counters:
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use grundy::prelude::*;
    /// use grundy::Error;
    ///
    /// #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    /// struct Pile(u32);
    ///
    /// impl Game for Pile {
    ///     type Move = u32;
    ///     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    ///     where
    ///         F: FnMut(u32, Pile) -> ControlFlow<()>,
    ///     {
    ///         if self.fault().is_some() {
    ///             return ControlFlow::Break(()); // cannot list: say so
    ///         }
    ///         for take in 1..=self.0.min(2) {
    ///             visit(take, Pile(self.0 - take))?;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    ///
    ///     fn fault(&self) -> Option<Error> {
    ///         (self.0 == 3).then(|| Error::IllegalMove { reason: "no rule for 3".into() })
    ///     }
    /// }
    ///
    /// let mut solver = Solver::new();
    /// assert_eq!(solver.grundy(&Pile(2))?, Nimber::new(2));
    /// // Pile 5 reaches pile 3: no value, rather than one from part of its moves.
    /// assert_eq!(solver.grundy(&Pile(5)), Err(Error::IllegalMove { reason: "no rule for 3".into() }));
    /// assert!(Pile(3).moves().is_empty()); // `moves` collects what is listed: check `fault`
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn fault(&self) -> Option<Error> {
        None
    }

    /// The representative of the positions that are this one under the game's symmetries,
    /// if it is not itself: a board turned or mirrored is the same game. `None` (the provided
    /// answer) when the game has no symmetry to use, or this position is its own
    /// representative.
    ///
    /// The [`Solver`](crate::Solver), the [`Pruning`](crate::search::Pruning) search and the
    /// [`Loopy`](crate::loopy::Loopy) solver store one entry for all the positions of one
    /// representative, so a game with many symmetric
    /// positions is searched once per class; the moves they report are still the moves of the
    /// position they were asked about. (A [`HeapRow`](crate::games::HeapRow)'s representative
    /// is the row without its heaps that have no move.)
    ///
    /// # Laws
    ///
    /// `p.canonical()` is `Some(c)` only when `c` is the same game as `p` (the same Grundy
    /// value, and an isomorphic game tree), and every position of one class has the same
    /// representative: `c.canonical()` is `None` or `Some(c)`.
    ///
    /// # Examples
    ///
    /// Two piles, one move takes a counter from either: the pair `(a, b)` is the pair
    /// `(b, a)`.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use grundy::prelude::*;
    /// use grundy::search::Pruning;
    ///
    /// #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    /// struct Piles(u32, u32);
    ///
    /// impl Game for Piles {
    ///     type Move = (u8, Piles);
    ///     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    ///     where
    ///         F: FnMut(Self::Move, Piles) -> ControlFlow<()>,
    ///     {
    ///         if self.0 > 0 {
    ///             let to = Piles(self.0 - 1, self.1);
    ///             visit((0, to.clone()), to)?;
    ///         }
    ///         if self.1 > 0 {
    ///             let to = Piles(self.0, self.1 - 1);
    ///             visit((1, to.clone()), to)?;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn canonical(&self) -> Option<Piles> {
    ///         (self.0 > self.1).then(|| Piles(self.1, self.0))
    ///     }
    /// }
    ///
    /// let mut search = Pruning::new();
    /// assert_eq!(search.grundy(&Piles(4, 7))?, Nimber::ONE);
    /// assert_eq!(search.grundy(&Piles(7, 4))?, Nimber::ONE);
    /// // The winning moves are those of the position asked about.
    /// let wins: Vec<_> = search.winning_moves(&Piles(7, 4), Play::Normal)?.collect();
    /// assert_eq!(wins, [(0, Piles(6, 4)), (1, Piles(7, 3))]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn canonical(&self) -> Option<Self> {
        None
    }

    /// A heuristic size of this position, if the game has one: how much play is left in it
    /// (the pins standing in a row, the moves a board allows). `None` (the provided answer)
    /// leaves the search to count the position's moves instead, which is a good measure
    /// where a pass over the moves is cheap: give one when it is not, or when a better one is
    /// known.
    ///
    /// The [`Pruning`](crate::search::Pruning) search orders by it: it asks first about the
    /// options whose largest part measures least (they are answered soonest, and one answer
    /// ends a question), and of a position that splits it values the small parts and asks
    /// about the part that measures most. A good measure saves the search a pass over each
    /// position's moves; a poor one only makes it slower, never wrong. The [`Solver`](crate::Solver)
    /// does not use it.
    ///
    /// # Laws
    ///
    /// None for correctness: any answer gives the same values. It should be cheap, and
    /// grow with the size of the game tree below the position.
    ///
    /// # Examples
    ///
    /// A row of pins where a move knocks one or two adjacent pins down: the pins standing are
    /// its measure.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use grundy::prelude::*;
    /// use grundy::search::Pruning;
    ///
    /// #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    /// struct Pins(Vec<u32>); // the rows, ascending
    ///
    /// impl Game for Pins {
    ///     type Move = (u32, u32, u32); // a row's length, the pins left of the gap, knocked
    ///     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    ///     where
    ///         F: FnMut(Self::Move, Pins) -> ControlFlow<()>,
    ///     {
    ///         for (i, &n) in self.0.iter().enumerate() {
    ///             for take in 1..=n.min(2) {
    ///                 for left in 0..=n - take {
    ///                     let mut rows = self.0.clone();
    ///                     rows.remove(i);
    ///                     rows.extend([left, n - take - left].into_iter().filter(|&r| r > 0));
    ///                     rows.sort_unstable();
    ///                     visit((n, left, take), Pins(rows))?;
    ///                 }
    ///             }
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn parts(&self) -> Option<Vec<Pins>> {
    ///         (self.0.len() > 1).then(|| self.0.iter().map(|&n| Pins(vec![n])).collect())
    ///     }
    ///     fn measure(&self) -> Option<u64> {
    ///         Some(self.0.iter().map(|&n| u64::from(n)).sum())
    ///     }
    /// }
    ///
    /// assert_eq!(Pins(vec![3, 9]).measure(), Some(12));
    /// // Kayles: rows of 7 and 12 pins are worth *2 and *4.
    /// assert_eq!(Pruning::new().grundy(&Pins(vec![7, 12]))?, Nimber::new(6));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn measure(&self) -> Option<u64> {
        None
    }

    /// The bytes this position owns outside itself (the buffer of a `Vec` or a `Box` it
    /// holds), beyond the `size_of::<Self>()` bytes of the value itself. `0` (the provided
    /// answer) is right for a position held inline, of integers and arrays.
    ///
    /// A [`Solver`](crate::Solver) with a [memory limit](crate::Solver::with_memory_limit),
    /// and the [pruning search](crate::search::Pruning::with_memory_limit) with one, count
    /// each position they hold at `size_of::<Self>()` plus these bytes: give them for a
    /// position that owns memory, or the limit undercounts it. The crate's positions that own
    /// memory (a [`HeapRow`](crate::games::HeapRow), a [`Nim`](crate::games::Nim) row, a
    /// [`Sum`](crate::Sum), ...) give theirs.
    ///
    /// # Laws
    ///
    /// None for correctness: no answer depends on it. It should be cheap (a capacity read),
    /// and count the capacity a position holds, not only its length.
    ///
    /// # Examples
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use grundy::prelude::*;
    ///
    /// #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    /// struct Piles(Vec<u32>);
    ///
    /// impl Game for Piles {
    ///     type Move = (usize, u32);
    ///     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    ///     where
    ///         F: FnMut(Self::Move, Piles) -> ControlFlow<()>,
    ///     {
    ///         for (i, &n) in self.0.iter().enumerate() {
    ///             for take in 1..=n.min(2) {
    ///                 let mut piles = self.0.clone();
    ///                 piles[i] -= take;
    ///                 visit((i, take), Piles(piles))?;
    ///             }
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    ///     fn owned_bytes(&self) -> usize {
    ///         self.0.capacity() * size_of::<u32>()
    ///     }
    /// }
    ///
    /// assert_eq!(Piles(vec![5, 7]).owned_bytes(), 8);
    /// let mut solver = Solver::new().with_memory_limit(1 << 20);
    /// assert_eq!(solver.grundy(&Piles(vec![5, 7]))?, Nimber::new(2 ^ 1));
    /// assert!(solver.bytes() <= 1 << 20);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn owned_bytes(&self) -> usize {
        0
    }

    /// Every legal move from this position with the position it leads to, collected.
    ///
    /// It collects what [`for_each_move`](Game::for_each_move) lists: for a position that
    /// cannot list its moves ([`fault`](Game::fault) is `Some`), only those listed before
    /// the fault. The solvers check the fault; a caller of `moves` on rules that can fail
    /// should too.
    ///
    /// # Examples
    ///
    /// See [`Game`].
    fn moves(&self) -> Vec<(Self::Move, Self)> {
        let mut moves = Vec::new();
        let _ = self.for_each_move(|m, p| {
            moves.push((m, p));
            ControlFlow::Continue(())
        });
        moves
    }

    /// The independent positions this one is the disjunctive sum of, if it is one: a row of
    /// heaps is the sum of its heaps, a board may fall apart into regions that no move
    /// connects. `None` (the provided answer) when it does not split.
    ///
    /// A [`Solver`](crate::Solver) uses it under normal play: it memoises the parts instead
    /// of the product and takes the value of a position that splits as the nim-sum of its
    /// parts' values (the Sprague–Grundy theorem), which turns a search over every
    /// combination of parts into one over each part alone. Under misère play, where values
    /// do not add, it searches whole positions.
    ///
    /// # Laws
    ///
    /// When `p.parts()` is `Some(parts)` with two or more parts, the game from `p` is the
    /// disjunctive sum of the games from the parts: `G(p) = ⊕ G(part)`. A list of fewer than
    /// two parts is taken as no split. A part must not lead back to `p` (the solver reports
    /// [`Error::Cycle`] if one does).
    ///
    /// List the finest split: the [`Pruning`](crate::search::Pruning) search takes each part
    /// as it is and does not ask it for parts of its own, so a part that could split again
    /// is searched whole (exact, only slower).
    ///
    /// # Examples
    ///
    /// Lasker's Nim on a row of heaps: take any number from a heap, or split a heap in two.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use grundy::prelude::*;
    ///
    /// #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    /// struct Row(Vec<u32>); // ascending, no empty heaps
    ///
    /// impl Row {
    ///     fn with(&self, index: usize, left: &[u32]) -> Row {
    ///         let mut heaps = self.0.clone();
    ///         heaps.remove(index);
    ///         heaps.extend(left.iter().copied().filter(|&h| h > 0));
    ///         heaps.sort_unstable();
    ///         Row(heaps)
    ///     }
    /// }
    ///
    /// impl Game for Row {
    ///     type Move = (usize, u32, u32); // heap index, what is left as one or two heaps
    ///     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    ///     where
    ///         F: FnMut(Self::Move, Row) -> ControlFlow<()>,
    ///     {
    ///         for (i, &h) in self.0.iter().enumerate() {
    ///             for left in 0..h {
    ///                 visit((i, left, 0), self.with(i, &[left]))?;
    ///             }
    ///             for a in 1..=h / 2 {
    ///                 visit((i, a, h - a), self.with(i, &[a, h - a]))?;
    ///             }
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    ///
    ///     fn parts(&self) -> Option<Vec<Row>> {
    ///         (self.0.len() > 1).then(|| self.0.iter().map(|&h| Row(vec![h])).collect())
    ///     }
    /// }
    ///
    /// let mut solver = Solver::new();
    /// // G(4k + 3) = 4k + 4 and G(4k + 4) = 4k + 3; other heaps are their own value.
    /// assert_eq!(solver.grundy(&Row(vec![3]))?, Nimber::new(4));
    /// // The values of heaps 1 to 40 are 1 to 40 in another order: their nim-sum is 40.
    /// let row = Row((1..=40).collect());
    /// assert_eq!(solver.grundy(&row)?, Nimber::new(40));
    /// assert!(solver.len() < 1_000); // the parts, not every combination of them
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn parts(&self) -> Option<Vec<Self>> {
        None
    }

    /// The position after `mv`.
    ///
    /// The provided method looks for `mv` among the moves
    /// [`for_each_move`](Game::for_each_move) lists, in O(moves); the games of the crate
    /// override it with an O(1) or O(heaps) check.
    ///
    /// # Errors
    ///
    /// [`Error::IllegalMove`] if `mv` is not a legal move from this position; the
    /// [`fault`](Game::fault) of a position that cannot list its moves, if `mv` is not among
    /// those listed.
    ///
    /// # Examples
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use grundy::Game;
    ///
    /// #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    /// struct Pile(u32);
    /// impl Game for Pile {
    ///     type Move = u32;
    ///     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    ///     where
    ///         F: FnMut(u32, Pile) -> ControlFlow<()>,
    ///     {
    ///         for take in 1..=self.0.min(2) {
    ///             visit(take, Pile(self.0 - take))?;
    ///         }
    ///         ControlFlow::Continue(())
    ///     }
    /// }
    ///
    /// assert_eq!(Pile(5).play(2)?, Pile(3));
    /// assert!(Pile(5).play(3).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn play(&self, mv: Self::Move) -> Result<Self, Error> {
        let mut found = None;
        let _ = self.for_each_move(|m, next| {
            if m == mv {
                found = Some(next);
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        match found {
            Some(next) => Ok(next),
            None => Err(self.fault().unwrap_or_else(|| Error::IllegalMove {
                reason: format!("{mv:?} is not one of this position's moves"),
            })),
        }
    }
}

/// Who wins a position with perfect play.
///
/// # Examples
///
/// ```
/// use grundy::{Nimber, Outcome};
///
/// assert_eq!(Outcome::from_grundy(Nimber::ZERO), Outcome::Previous);
/// assert!(Outcome::from_grundy(Nimber::new(3)).is_next());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The player to move wins (an N-position).
    Next,
    /// The player who just moved wins: the player to move loses (a P-position).
    Previous,
}

impl Outcome {
    /// The normal-play outcome of a position of Grundy value `value`: P exactly when it is
    /// `*0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{Nimber, Outcome};
    /// assert_eq!(Outcome::from_grundy(Nimber::ONE), Outcome::Next);
    /// ```
    #[must_use]
    pub const fn from_grundy(value: Nimber) -> Outcome {
        if value.is_zero() {
            Outcome::Previous
        } else {
            Outcome::Next
        }
    }

    /// Whether the player to move wins.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(grundy::Outcome::Next.is_next());
    /// ```
    #[must_use]
    pub const fn is_next(self) -> bool {
        matches!(self, Outcome::Next)
    }

    /// Whether the player to move loses.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(grundy::Outcome::Previous.is_previous());
    /// ```
    #[must_use]
    pub const fn is_previous(self) -> bool {
        matches!(self, Outcome::Previous)
    }

    /// The one letter, `N` or `P`, of the usual notation.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::Outcome::Previous.letter(), 'P');
    /// ```
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Outcome::Next => 'N',
            Outcome::Previous => 'P',
        }
    }
}

/// `N` or `P`, as in the literature.
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::Outcome::Next.to_string(), "N");
/// ```
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Outcome::Next => "N",
            Outcome::Previous => "P",
        })
    }
}

/// The winning convention: who wins when no move is left.
///
/// # Examples
///
/// ```
/// use grundy::Play;
/// assert_eq!(Play::default(), Play::Normal);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Play {
    /// Normal play: the player who cannot move loses (whoever takes the last object wins).
    #[default]
    Normal,
    /// Misère play: the player who cannot move wins (whoever takes the last object loses).
    Misere,
}

/// `normal` or `misère`.
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::Play::Misere.to_string(), "misère");
/// ```
impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Play::Normal => "normal",
            Play::Misere => "misère",
        })
    }
}

/// What `positions` own outside themselves in all ([`Game::owned_bytes`]), at most
/// `usize::MAX`: a game's own answers are added without overflow.
pub(crate) fn owned_bytes_of<'a, G: Game + 'a>(
    positions: impl IntoIterator<Item = &'a G>,
) -> usize {
    positions
        .into_iter()
        .fold(0, |all, p| all.saturating_add(p.owned_bytes()))
}
