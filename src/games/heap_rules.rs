//! The rules of a heap game, as a row of heaps asks them: what a move may do to one heap, and
//! what one heap is worth.

use crate::{Error, Heap, Nimber};
use alloc::boxed::Box;
use alloc::format;
use alloc::vec::Vec;
use core::fmt;
use core::hash::Hash;
use core::ops::ControlFlow;

/// What a move of a heap game leaves of the heap it is made in: nothing, one non-empty heap,
/// two, three, or more non-empty heaps, ascending. Empty heaps are never listed.
///
/// Octal games leave at most two heaps, hexadecimal games (a code digit with bit 8) three,
/// and rules of your own ([`TakeAndBreak`](crate::games::TakeAndBreak)) any number:
/// [`Leaves::Many`] holds four or more. [`Leaves::from_heaps`] builds the canonical form
/// from any list (zeros dropped, sorted, the variant chosen by the count); the crate lists
/// every move in that form.
///
/// The type is `Clone`, not `Copy` (a move may leave any number of heaps); the variants
/// without a list, which are every move of an octal or hexadecimal game, allocate nothing.
///
/// `#[non_exhaustive]`: a `match` needs a `_` arm.
///
/// # Examples
///
/// ```
/// use grundy::games::Leaves;
///
/// let left = Leaves::Two(2u8, 5);
/// assert_eq!(left.heaps().collect::<Vec<_>>(), [2, 5]);
/// assert_eq!(left.total(), Some(7));
/// assert_eq!(left.to_string(), "2 and 5");
/// assert_eq!(Leaves::<u8>::Empty.heaps().count(), 0);
/// assert_eq!(Leaves::<u8>::Empty.to_string(), "nothing");
/// assert_eq!(Leaves::from_heaps([4u8, 0, 1, 3]), Leaves::Three(1, 3, 4));
/// assert_eq!(Leaves::from_heaps([1u8, 1, 1, 1]).to_string(), "1, 1, 1 and 1");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Leaves<T = u128> {
    /// Nothing: the move took the whole heap.
    Empty,
    /// One non-empty heap.
    One(T),
    /// Two non-empty heaps, the smaller first.
    Two(T, T),
    /// Three non-empty heaps, ascending: a move of a hexadecimal game (a code digit with
    /// bit 8), or of rules of your own.
    Three(T, T, T),
    /// Four or more non-empty heaps, ascending: a move of rules of your own.
    Many(Box<[T]>),
}

impl<T: Heap> Leaves<T> {
    /// The canonical form of the heaps `heaps` leave: zeros dropped, sorted, and the variant
    /// that fits their number.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Leaves;
    /// assert_eq!(Leaves::from_heaps([0u32, 0]), Leaves::Empty);
    /// assert_eq!(Leaves::from_heaps([9u32, 3]), Leaves::Two(3, 9));
    /// let many = Leaves::from_heaps([5u32, 1, 2, 2, 7]);
    /// assert_eq!(many.heaps().collect::<Vec<_>>(), [1, 2, 2, 5, 7]);
    /// assert_eq!(many.len(), 5);
    /// ```
    #[must_use]
    pub fn from_heaps<I: IntoIterator<Item = T>>(heaps: I) -> Self {
        let mut list: Vec<T> = heaps.into_iter().filter(|h| !h.is_zero()).collect();
        list.sort_unstable();
        match *list.as_slice() {
            [] => Leaves::Empty,
            [a] => Leaves::One(a),
            [a, b] => Leaves::Two(a, b),
            [a, b, c] => Leaves::Three(a, b, c),
            _ => Leaves::Many(list.into_boxed_slice()),
        }
    }

    /// The heaps left, ascending (for [`Leaves::Many`], in the order held, which the crate
    /// keeps ascending).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Leaves;
    /// assert_eq!(Leaves::One(4u32).heaps().collect::<Vec<_>>(), [4]);
    /// assert_eq!(Leaves::Two(9u32, 3).heaps().collect::<Vec<_>>(), [3, 9]);
    /// assert_eq!(Leaves::Three(9u32, 3, 5).heaps().collect::<Vec<_>>(), [3, 5, 9]);
    /// ```
    pub fn heaps(&self) -> impl Iterator<Item = T> + '_ {
        let zero = T::zero();
        let (small, n, many): ([T; 3], usize, &[T]) = match self {
            Leaves::Empty => ([zero; 3], 0, &[]),
            Leaves::One(a) => ([*a, zero, zero], 1, &[]),
            Leaves::Two(a, b) => ([*a.min(b), *a.max(b), zero], 2, &[]),
            Leaves::Three(a, b, c) => {
                let mut three = [*a, *b, *c];
                three.sort_unstable();
                (three, 3, &[])
            }
            Leaves::Many(list) => ([zero; 3], 0, list),
        };
        small.into_iter().take(n).chain(many.iter().copied())
    }

    /// How many heaps are left.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Leaves;
    /// assert_eq!(Leaves::Three(1u8, 2, 3).len(), 3);
    /// assert!(Leaves::<u8>::Empty.is_empty());
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        match self {
            Leaves::Empty => 0,
            Leaves::One(_) => 1,
            Leaves::Two(..) => 2,
            Leaves::Three(..) => 3,
            Leaves::Many(list) => list.len(),
        }
    }

    /// Whether nothing is left.
    ///
    /// # Examples
    ///
    /// See [`Leaves::len`].
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of tokens left, or `None` if it overflows `T`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Leaves;
    /// assert_eq!(Leaves::Two(u8::MAX, 1).total(), None);
    /// assert_eq!(Leaves::<u8>::Empty.total(), Some(0));
    /// ```
    #[must_use]
    pub fn total(&self) -> Option<T> {
        self.heaps()
            .try_fold(T::zero(), |sum, h| sum.checked_add(&h))
    }

    /// The same heaps as `u128`s.
    pub(crate) fn widen(&self) -> Leaves {
        match self {
            Leaves::Empty => Leaves::Empty,
            Leaves::One(a) => Leaves::One(a.widen()),
            Leaves::Two(a, b) => Leaves::Two(a.widen(), b.widen()),
            Leaves::Three(a, b, c) => Leaves::Three(a.widen(), b.widen(), c.widen()),
            Leaves::Many(list) => Leaves::Many(list.iter().map(|h| h.widen()).collect()),
        }
    }
}

impl Leaves {
    /// A list built by hand read as the crate lists moves: a [`Leaves::Many`] of fewer than
    /// four heaps as the variant of their number, sorted (`Many([])` is `Empty`, `Many([3])`
    /// is `One(3)`), so that a move checked directly is judged by its heaps, as a search of
    /// the listed moves judges it; `None` for a `Many` that holds an empty heap, which no move
    /// leaves. Every other value is itself.
    pub(crate) fn as_listed(&self) -> Option<alloc::borrow::Cow<'_, Leaves>> {
        use alloc::borrow::Cow;
        match self {
            Leaves::Many(list) if list.contains(&0) => None,
            Leaves::Many(list) if list.len() < 4 => {
                Some(Cow::Owned(Leaves::from_heaps(list.iter().copied())))
            }
            _ => Some(Cow::Borrowed(self)),
        }
    }

    /// The same heaps in `T`, or `None` if one does not fit.
    pub(crate) fn narrow<T: Heap>(self) -> Option<Leaves<T>> {
        Some(match self {
            Leaves::Empty => Leaves::Empty,
            Leaves::One(a) => Leaves::One(T::narrow(a)?),
            Leaves::Two(a, b) => Leaves::Two(T::narrow(a)?, T::narrow(b)?),
            Leaves::Three(a, b, c) => Leaves::Three(T::narrow(a)?, T::narrow(b)?, T::narrow(c)?),
            Leaves::Many(list) => Leaves::Many(
                list.iter()
                    .map(|&h| T::narrow(h))
                    .collect::<Option<Box<[T]>>>()?,
            ),
        })
    }
}

/// `nothing`, `4`, `1 and 4`, or `1, 2 and 4` (a [`Leaves::Many`] of no heap is `nothing`).
///
/// # Examples
///
/// ```
/// use grundy::games::Leaves;
/// assert_eq!(Leaves::One(4u8).to_string(), "4");
/// assert_eq!(Leaves::Three(1u8, 2, 4).to_string(), "1, 2 and 4");
/// assert_eq!(Leaves::<u8>::Many(Box::new([])).to_string(), "nothing");
/// ```
impl<T: fmt::Display> fmt::Display for Leaves<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list: &[T] = match self {
            Leaves::Empty => return f.write_str("nothing"),
            Leaves::One(a) => return write!(f, "{a}"),
            Leaves::Two(a, b) => return write!(f, "{a} and {b}"),
            Leaves::Three(a, b, c) => return write!(f, "{a}, {b} and {c}"),
            Leaves::Many(list) => list,
        };
        // A list built by hand may hold fewer than four heaps, or none.
        let Some((last, rest)) = list.split_last() else {
            return f.write_str("nothing");
        };
        for (i, h) in rest.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{h}")?;
        }
        if rest.is_empty() {
            write!(f, "{last}")
        } else {
            write!(f, " and {last}")
        }
    }
}

/// The rules of a heap game, as a [`HeapRow`](crate::games::HeapRow) of heaps under them asks
/// them: the moves of one heap (each removes some tokens and leaves nothing, one heap, two or
/// more: [`Leaves`]), the Grundy value of one heap, and the moves of one heap to an option of a
/// given value. By the Sprague–Grundy theorem that is all a row needs: its value is the
/// nim-sum of its heaps' values, and its moves to a value are those of one heap to the
/// value that makes up the difference.
///
/// Heap sizes are `u128` here, wide enough for every [`Heap`] type; a row of narrower heaps
/// narrows what the rules return (a move never leaves more than the heap it is made in).
///
/// The crate implements it for [`Octal`](crate::games::Octal),
/// [`GrundysGame`](crate::games::GrundysGame), [`Subtraction`](crate::games::Subtraction)
/// and [`Rules`](crate::games::Rules), whose values come from a shared table that grows on
/// demand ([`Tabulated`](crate::sequence::Tabulated)). **Rules of your own are easiest
/// written as a [`TakeAndBreak`](crate::games::TakeAndBreak)**, a one-method trait that lists
/// the moves of a heap, and played as [`Rules`](crate::games::Rules), which computes the
/// values with the crate's engines. This trait is the lower level: it **may be implemented**
/// for rules whose values you know in closed form: supply the three required methods and the
/// lazy iterator type; [`check_heap_move`](HeapRules::check_heap_move) has a provided
/// implementation (a search of [`for_each_heap_move`](HeapRules::for_each_heap_move)) that
/// you may replace with a direct check. It is not object-safe (a generic method, and
/// `Clone`).
///
/// # Laws
///
/// For every heap `h`: `heap_value(h)` is the mex of the values of the options
/// `for_each_heap_move(h, …)` lists (an option leaving heaps `a` and `b` is worth
/// `heap_value(a) ⊕ heap_value(b)`); `heap_moves_to(h, t)` lists exactly those of them whose
/// option is worth `t`, each once; `check_heap_move(h, take, to)` is `Ok` exactly for the
/// moves `for_each_heap_move` lists. Every heap a move leaves is smaller than `h`, so the
/// game is finite.
///
/// # Examples
///
/// The rules of Bash with at most two taken, written as heap rules (a heap of `n` is worth
/// `n mod 3`):
///
/// ```
/// use core::ops::ControlFlow;
/// use grundy::games::{HeapRow, HeapRules, Leaves};
/// use grundy::prelude::*;
///
/// #[derive(Clone, Debug, PartialEq, Eq, Hash)]
/// struct TakeOneOrTwo;
///
/// impl HeapRules for TakeOneOrTwo {
///     type HeapMoves = std::vec::IntoIter<(u128, Leaves)>;
///
///     fn heap_value(&self, heap: u128) -> Result<Nimber, grundy::Error> {
///         Ok(Nimber::new(heap % 3))
///     }
///
///     fn heap_moves_to(&self, heap: u128, target: Nimber) -> Result<Self::HeapMoves, grundy::Error> {
///         let mut moves = Vec::new();
///         let _ = self.for_each_heap_move(heap, |take, to| {
///             let left: u128 = to.heaps().sum();
///             if Nimber::new(left % 3) == target {
///                 moves.push((take, to));
///             }
///             ControlFlow::Continue(())
///         });
///         Ok(moves.into_iter())
///     }
///
///     fn for_each_heap_move<F>(&self, heap: u128, mut visit: F) -> ControlFlow<()>
///     where
///         F: FnMut(u128, Leaves) -> ControlFlow<()>,
///     {
///         for take in 1..=heap.min(2) {
///             let to = if take == heap { Leaves::Empty } else { Leaves::One(heap - take) };
///             visit(take, to)?;
///         }
///         ControlFlow::Continue(())
///     }
/// }
///
/// let row = HeapRow::new(TakeOneOrTwo, [4u8, 7]); // *1 + *1
/// assert_eq!(row.grundy()?, Solver::new().grundy(&row)?);
/// assert_eq!(row.outcome(Play::Normal)?, Outcome::Previous);
/// let row = HeapRow::new(TakeOneOrTwo, [4u8, 8]); // *1 + *2
/// let winning: Vec<String> = row.winning_moves(Play::Normal)?.map(|mv| mv.to_string()).collect();
/// assert_eq!(winning, ["take 2 from heap 0 of the sorted row, leaving 2", "take 1 from heap 1 of the sorted row, leaving 7"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait HeapRules: Clone + Eq + Hash + fmt::Debug {
    /// The lazy iterator of one heap's moves to a value, as `(take, leaves)`: what
    /// [`heap_moves_to`](HeapRules::heap_moves_to) returns. It owns what it needs (it may
    /// hold `Arc`s, never a borrow of the rules or a lock).
    type HeapMoves: Iterator<Item = (u128, Leaves)> + Clone + fmt::Debug;

    /// The Grundy value of one heap of `heap` tokens.
    ///
    /// # Errors
    ///
    /// Whatever the rules cannot answer: for the crate's rules, a heap past the table's
    /// budget ([`Error::HeapOutOfRange`]), or past its memory budget ([`Error::MemoryLimit`]).
    fn heap_value(&self, heap: u128) -> Result<Nimber, Error>;

    /// The nim-sum of the values of the heaps `heaps`: the value of a row of them.
    ///
    /// The provided method adds [`heap_value`](HeapRules::heap_value) heap by heap; the
    /// crate's rules read one snapshot of their table for the whole row (and grow it only for
    /// a heap it does not answer), so a row costs one table lookup a heap.
    ///
    /// # Errors
    ///
    /// The first error of [`heap_value`](HeapRules::heap_value).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{HeapRules, Octal};
    /// use grundy::Nimber;
    ///
    /// let kayles = Octal::kayles();
    /// assert_eq!(kayles.heaps_value([1, 2, 3])?, Nimber::new(1 ^ 2 ^ 3));
    /// assert_eq!(kayles.heaps_value([])?, Nimber::ZERO);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    fn heaps_value<I>(&self, heaps: I) -> Result<Nimber, Error>
    where
        I: IntoIterator<Item = u128>,
    {
        heaps
            .into_iter()
            .try_fold(Nimber::ZERO, |x, h| Ok(x + self.heap_value(h)?))
    }

    /// The moves of one heap of `heap` tokens whose option is worth `target`, lazily.
    ///
    /// # Errors
    ///
    /// As for [`heap_value`](HeapRules::heap_value).
    fn heap_moves_to(&self, heap: u128, target: Nimber) -> Result<Self::HeapMoves, Error>;

    /// Hands every move of one heap of `heap` tokens, as `(take, leaves)`, to `visit`,
    /// stopping (and returning `Break`) as soon as `visit` returns `Break`. Used by the
    /// generic [`Solver`](crate::Solver) through [`Game`](crate::Game).
    ///
    /// Rules that cannot list the moves of a heap return `Break` on their own and say why in
    /// [`heap_fault`](HeapRules::heap_fault) (see [`Game::fault`](crate::Game::fault)).
    fn for_each_heap_move<F>(&self, heap: u128, visit: F) -> ControlFlow<()>
    where
        F: FnMut(u128, Leaves) -> ControlFlow<()>;

    /// Why the rules cannot list the moves of a heap of `heap` tokens, if they cannot: what
    /// a [`HeapRow`](crate::games::HeapRow) reports as its [`Game::fault`](crate::Game::fault).
    /// The provided method says `None`; [`Rules`](crate::games::Rules) names the
    /// [`Error::InvalidHeapMove`] of a rule of your own that breaks its laws at `heap`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{HeapRules, Octal};
    /// assert_eq!(Octal::kayles().heap_fault(5), None);
    /// ```
    fn heap_fault(&self, heap: u128) -> Option<Error> {
        let _ = heap;
        None
    }

    /// The misère quotients of these rules ([`QuotientCache`](crate::misere::QuotientCache)),
    /// shared by their clones, from which a [`HeapRow`](crate::games::HeapRow) answers its
    /// misère questions; `None` (the provided method) if the rules hold none, and then a row's
    /// misère questions are answered by search. The crate's rules hold one; rules of your own
    /// may hold a `QuotientCache::new()` and return it here.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{HeapRules, Octal};
    /// assert!(Octal::kayles().misere_quotients().is_some());
    /// ```
    fn misere_quotients(&self) -> Option<&crate::misere::QuotientCache> {
        None
    }

    /// The most bytes a search of a row of these rules may hold: the
    /// [memory limit](crate::Solver::with_memory_limit) of the search by which a
    /// [`HeapRow`](crate::games::HeapRow) answers its misère questions where no misère
    /// quotient covers its heaps. The provided method gives
    /// [`DEFAULT_MEMORY_LIMIT`](crate::sequence::DEFAULT_MEMORY_LIMIT) (256 MiB); the crate's
    /// rules give their memory budget
    /// ([`Tabulated::memory_limit`](crate::sequence::Tabulated::memory_limit)), so that one
    /// budget bounds the working memory of both their tables and their searches.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{HeapRow, HeapRules, Octal};
    /// use grundy::prelude::*;
    /// use grundy::Error;
    ///
    /// // 0.07 misère: no quotient covers a heap of 100,000 (its quotient is not finite);
    /// // its search needs more than 1 MiB.
    /// let game = Octal::new("0.07")?.with_memory_limit(1 << 20);
    /// assert_eq!(game.search_memory_limit(), 1 << 20);
    /// let row = HeapRow::heap(game, 100_000u32);
    /// let err = row.outcome(Play::Misere).unwrap_err();
    /// assert!(matches!(err, Error::SolverMemoryLimit { limit: 1_048_576, .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn search_memory_limit(&self) -> usize {
        crate::sequence::DEFAULT_MEMORY_LIMIT
    }

    /// Whether removing `take` tokens from a heap of `heap` may leave `to` (the heaps of `to`
    /// in any order).
    ///
    /// The provided method searches [`for_each_heap_move`](HeapRules::for_each_heap_move),
    /// in O(moves of the heap); the crate's rules check directly, in O(1) (O(log |S|) for a
    /// subtraction set).
    ///
    /// # Errors
    ///
    /// [`Error::IllegalMove`], naming the move, if the rules do not allow it.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{HeapRules, Leaves, Octal};
    ///
    /// let kayles = Octal::kayles();
    /// assert!(kayles.check_heap_move(5, 2, &Leaves::Two(2, 1)).is_ok());
    /// assert!(kayles.check_heap_move(5, 3, &Leaves::One(2)).is_err()); // 0.77 takes 1 or 2
    /// ```
    fn check_heap_move(&self, heap: u128, take: u128, to: &Leaves) -> Result<(), Error> {
        let mut wanted = to.heaps().collect::<Vec<_>>();
        wanted.sort_unstable();
        let found = self
            .for_each_heap_move(heap, |t, left| {
                if t == take && left.heaps().eq(wanted.iter().copied()) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .is_break();
        if found {
            Ok(())
        } else {
            Err(Error::IllegalMove {
                reason: format!(
                    "the rules do not allow taking {take} from a heap of {heap}, leaving {to}"
                ),
            })
        }
    }
}
