//! A row of heaps under the rules of one heap game: the position type of octal games, Grundy's
//! game and subtraction games.

use crate::games::text::{parse_list, write_list};
use crate::games::{HeapRules, Leaves};
use crate::misere::MisereQuotient;
use crate::solve::ClosedForm;
use crate::{Error, Game, Heap, Nimber};
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;
use core::iter::FusedIterator;
use core::ops::ControlFlow;

/// The moves a misère search of a row that no quotient covers lists before the rules'
/// quotient is tried again within a larger budget (see [`HeapRow`]'s misère answers): a
/// fraction of a second.
const SHORT_SEARCH_MOVES: usize = 1 << 20;

/// A position of a heap game: a row of heaps under the rules `R`, held ascending with empty
/// heaps dropped. A single heap is a row of one.
///
/// The rules are an [`Octal`](crate::games::Octal) code (Kayles, Dawson's Kayles, …),
/// [`GrundysGame`](crate::games::GrundysGame), a [`Subtraction`](crate::games::Subtraction)
/// set, or rules of your own ([`HeapRules`]). A move ([`HeapMove`]) removes tokens from one
/// heap as the rules allow and leaves nothing, one heap or two in its place, so a position is
/// a row of heaps even when play starts from one. By the Sprague–Grundy theorem the row is
/// worth the nim-sum of its heaps' values, each read from the rules' table; the crate's rules
/// grow their table on demand, so any heap is answered at once (see
/// [`Tabulated`](crate::sequence::Tabulated) for the budget). The theorem is R. Sprague's
/// (*Über mathematische Kampfspiele*, Tôhoku Math. J. 41, 1935) and P. M. Grundy's
/// (*Mathematics and games*, Eureka 2, 1939); heap games of this kind are *Winning Ways*,
/// ch. 4, "Taking and Breaking".
///
/// **Heaps are numbered in the sorted row.** The row does not keep the order its heaps were
/// given in (equal rows are equal whatever that order, which keeps a search's positions
/// few): a move's [`index`](HeapMove::index) is a place in [`heaps`](HeapRow::heaps),
/// ascending, empty heaps dropped, and a move's text says "heap 0 of the sorted row".
///
/// Heaps are any unsigned type from `u8` to `u128` ([`Heap`]); every answer is exact.
///
/// **Misère play** is answered from the rules' misère quotient
/// ([`crate::misere::quotient`]): where a quotient covers the row's heaps (one the rules'
/// [`QuotientCache`](crate::misere::QuotientCache) holds, or computes on demand within its
/// budget), the outcome is a product of the heaps' elements and every winning move costs
/// O(1); where none does, the row is searched briefly (2^20 moves), then the quotient is
/// computed once more within a larger budget
/// ([`FALLBACK_QUOTIENT_BUDGET`](crate::misere::FALLBACK_QUOTIENT_BUDGET), which proves
/// Kayles' quotient), and a row it does not cover either is searched by a
/// [`Solver`](crate::Solver) (within its default position and move limits and the rules'
/// [`search_memory_limit`](HeapRules::search_memory_limit), so a large row fails with
/// [`Error::SolverMemoryLimit`], [`Error::PositionLimit`] or [`Error::SearchMoveLimit`]).
/// Rules of your own
/// that hold no cache ([`HeapRules::misere_quotients`]) are always searched. A misère sum of
/// rows of one game is the row of all their heaps ([`HeapRow::joined`]), answered the same
/// way; a misère sum with a game of another kind is [`Error::MisereUnsupported`].
///
/// # Complexity
///
/// `grundy`, `outcome` O(heaps) once the table answers them (growing it costs what the rules
/// say). `winning_moves` and `moves_to_value` are lazy: each move costs O(1) amortised within a
/// heap once a period is proven, after O(period) set-up per heap and take; a huge heap can
/// have astronomically many, so take what you need.
///
/// # Errors
///
/// The value questions fail where the rules cannot answer a heap: for the crate's rules, a
/// heap past the table budget that no proven period answers ([`Error::HeapOutOfRange`]), or
/// a table whose working tables would pass the memory budget ([`Error::MemoryLimit`]).
///
/// # Examples
///
/// ```
/// use grundy::games::{HeapMove, HeapRow, Leaves, Octal};
/// use grundy::prelude::*;
///
/// let row = HeapRow::heap(Octal::kayles(), 7u32); // seven pins in a row: *2
/// assert_eq!(row.grundy()?, Nimber::new(2));
/// // Knock down the middle pin (two rows of three, *3 + *3 = *0), or two pins to leave
/// // rows of one and four (*1 + *1 = *0).
/// let winning: Vec<HeapMove<u32>> = row.winning_moves(Play::Normal)?.collect();
/// assert_eq!(
///     winning,
///     [
///         HeapMove { index: 0, take: 1, to: Leaves::Two(3, 3) },
///         HeapMove { index: 0, take: 2, to: Leaves::Two(1, 4) },
///     ]
/// );
/// assert_eq!(winning[1].to_string(), "take 2 from heap 0 of the sorted row, leaving 1 and 4");
/// let next = row.play(winning[1].clone())?;
/// assert_eq!(next.to_string(), "(1, 4)");
/// assert_eq!(next.outcome(Play::Normal)?, Outcome::Previous);
///
/// // Any heap, at once: the table grows and proves Kayles' period on the way.
/// let huge = HeapRow::new(Octal::kayles(), [10u128.pow(30), 5]);
/// assert!(huge.winning_moves(Play::Normal)?.take(3).all(|mv| {
///     huge.play(mv).and_then(|p| p.outcome(Play::Normal)).is_ok_and(|o| o.is_previous())
/// }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HeapRow<R, T = u128> {
    rules: R,
    heaps: Vec<T>,
}

/// A move of a heap game: remove `take` tokens from the heap at `index`, leaving `to` in its
/// place. `take` is 0 for a move that only splits a heap (Grundy's game, or an octal code
/// whose first digit is 4).
///
/// **Heaps are numbered in the sorted row**: `index` is the heap's place in
/// [`HeapRow::heaps`], which holds the heaps ascending with empty heaps dropped, not in the
/// order they were given to [`HeapRow::new`]. In `HeapRow::new(rules, [255, 255, 254])`
/// heap 0 is the 254. `Display` says so: `take 2 from heap 0 of the sorted row, leaving 252`.
///
/// # Examples
///
/// ```
/// use grundy::games::{GrundysGame, HeapMove, HeapRow, Leaves, Octal, Subtraction};
/// use grundy::prelude::*;
///
/// let row = HeapRow::new(Subtraction::new([1u8, 2])?, [255u8, 255, 254]);
/// assert_eq!(row.heaps(), &[254, 255, 255]);
/// let mv = HeapMove { index: 0, take: 2u8, to: Leaves::One(252) };
/// assert_eq!(row.play(mv.clone())?.heaps(), &[252, 255, 255]); // the 254, first when sorted
/// assert_eq!(mv.to_string(), "take 2 from heap 0 of the sorted row, leaving 252");
///
/// let mv = HeapMove { index: 0, take: 2u8, to: Leaves::Two(1, 2) };
/// assert_eq!(HeapRow::heap(Octal::kayles(), 5u8).play(mv.clone())?.heaps(), &[1, 2]);
/// assert_eq!(mv.to_string(), "take 2 from heap 0 of the sorted row, leaving 1 and 2");
///
/// let split = HeapMove { index: 1, take: 0u8, to: Leaves::Two(2, 4) };
/// assert_eq!(HeapRow::new(GrundysGame::new(), [3u8, 6]).play(split.clone())?.heaps(), &[2, 3, 4]);
/// assert_eq!(split.to_string(), "split heap 1 of the sorted row into 2 and 4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HeapMove<T = u128> {
    /// The index of the heap moved in, in the sorted row ([`HeapRow::heaps`]).
    pub index: usize,
    /// How many tokens are removed.
    pub take: T,
    /// What is left of that heap.
    pub to: Leaves<T>,
}

/// `take 2 from heap 0 of the sorted row, leaving 1 and 4`, `take 3 from heap 1 of the sorted
/// row, leaving nothing`, or, for a move that takes nothing, `split heap 0 of the sorted row
/// into 3 and 4`: heaps are numbered in the row held ascending ([`HeapRow::heaps`]).
///
/// # Examples
///
/// ```
/// use grundy::games::{HeapMove, Leaves};
/// let mv = HeapMove { index: 1, take: 3u8, to: Leaves::Empty };
/// assert_eq!(mv.to_string(), "take 3 from heap 1 of the sorted row, leaving nothing");
/// ```
impl<T: Heap> fmt::Display for HeapMove<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.take.is_zero() {
            write!(
                f,
                "split heap {} of the sorted row into {}",
                self.index, self.to
            )
        } else {
            write!(
                f,
                "take {} from heap {} of the sorted row, leaving {}",
                self.take, self.index, self.to
            )
        }
    }
}

impl<R, T: Heap> HeapRow<R, T> {
    /// The row of these heaps under `rules`, sorted ascending, empty heaps dropped.
    ///
    /// A row has no invalid positions, so this cannot fail.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{HeapRow, Octal};
    /// let row = HeapRow::new(Octal::kayles(), [5u16, 0, 3]);
    /// assert_eq!(row.heaps(), &[3, 5]);
    /// ```
    #[must_use]
    pub fn new<I: IntoIterator<Item = T>>(rules: R, heaps: I) -> Self {
        let mut heaps: Vec<T> = heaps.into_iter().filter(|h| !h.is_zero()).collect();
        heaps.sort_unstable();
        HeapRow { rules, heaps }
    }

    /// The row of one heap of `heap` tokens (no heap at all if `heap` is 0).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{HeapRow, Octal};
    /// assert_eq!(HeapRow::heap(Octal::kayles(), u128::MAX).heaps(), &[u128::MAX]);
    /// assert!(HeapRow::heap(Octal::kayles(), 0u8).heaps().is_empty());
    /// ```
    #[must_use]
    pub fn heap(rules: R, heap: T) -> Self {
        HeapRow::new(rules, [heap])
    }

    /// Reads the heaps from text, separated by commas or spaces, in parentheses or not:
    /// `(3, 5)`, `3 5`. The row is written the same way by its `Display`.
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] for a word that is not a whole number of type `T`, or an unclosed
    /// parenthesis.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{HeapRow, Subtraction};
    /// let game = Subtraction::new([1u8, 2])?;
    /// let row = HeapRow::<_, u8>::parse(game.clone(), "(5, 3)")?;
    /// assert_eq!(row, HeapRow::new(game.clone(), [3, 5]));
    /// assert_eq!(row.to_string(), "(3, 5)");
    /// assert!(HeapRow::<_, u8>::parse(game, "3 300").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(rules: R, text: &str) -> Result<Self, Error> {
        parse_list(text, "a heap").map(|heaps: Vec<T>| HeapRow::new(rules, heaps))
    }

    /// The row of the heaps of both rows: their sum, under the same rules. A sum of rows is
    /// no nim-sum under misère play, but it is still a row, which the rules' misère quotient
    /// answers.
    ///
    /// # Errors
    ///
    /// [`Error::MisereUnsupported`] when the two rows' rules differ (a sum of two heap games is
    /// not a row of either).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{HeapRow, Octal};
    /// use grundy::prelude::*;
    ///
    /// let rules: Octal = "0.75".parse()?;
    /// let (left, right) = (HeapRow::new(rules.clone(), [2u8]), HeapRow::new(rules, [2u8]));
    /// let sum = left.joined(&right)?; // b·b = b², in P
    /// assert_eq!(sum.outcome(Play::Misere)?, Outcome::Previous);
    /// let other = HeapRow::new(Octal::kayles(), [2u8]);
    /// assert!(left.joined(&other).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn joined(&self, other: &HeapRow<R, T>) -> Result<Self, Error>
    where
        R: Clone + PartialEq,
    {
        if self.rules != other.rules {
            return Err(Error::MisereUnsupported {
                game: "a sum of heap games with different rules",
            });
        }
        Ok(HeapRow::new(
            self.rules.clone(),
            self.heaps.iter().chain(&other.heaps).copied(),
        ))
    }

    /// The heaps, ascending, none empty.
    ///
    /// # Examples
    ///
    /// See [`HeapRow::new`].
    #[must_use]
    pub fn heaps(&self) -> &[T] {
        &self.heaps
    }

    /// The heaps, taken out of the row.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{GrundysGame, HeapRow};
    /// assert_eq!(HeapRow::new(GrundysGame::new(), [4u8, 1]).into_heaps(), [1, 4]);
    /// ```
    #[must_use]
    pub fn into_heaps(self) -> Vec<T> {
        self.heaps
    }

    /// The rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{HeapRow, Octal};
    /// assert_eq!(HeapRow::heap(Octal::dawsons_kayles(), 3u8).rules().code(), "0.07");
    /// ```
    #[must_use]
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// This row with the heap at `index` replaced by the heaps of `left` (empty ones
    /// dropped), still ascending: the heaps left, sorted, are merged with the others in one
    /// pass, O(heaps + k log k) for `k` heaps left.
    fn replaced(&self, index: usize, left: &Leaves<T>) -> Self
    where
        R: Clone,
    {
        // Callers pass the index of a heap of the row (`play` checks it first, the move
        // listing enumerates the heaps), so both slices are in range.
        let (before, after) = (&self.heaps[..index], &self.heaps[index + 1..]);
        let mut small = [T::zero(); 3];
        let mut many = Vec::new();
        let added: &[T] = match left {
            Leaves::Many(list) => {
                many.extend(list.iter().copied().filter(|h| !h.is_zero()));
                if !many.is_sorted() {
                    many.sort_unstable();
                }
                &many
            }
            // At most three heaps, ascending.
            _ => {
                let mut k = 0;
                for h in left.heaps().filter(|h| !h.is_zero()) {
                    small[k] = h;
                    k += 1;
                }
                &small[..k]
            }
        };
        let mut heaps = Vec::with_capacity(before.len() + after.len() + added.len());
        let mut rest = before.iter().chain(after).copied().peekable();
        for &h in added {
            while let Some(x) = rest.next_if(|&x| x < h) {
                heaps.push(x);
            }
            heaps.push(h);
        }
        heaps.extend(rest);
        HeapRow {
            rules: self.rules.clone(),
            heaps,
        }
    }
}

/// A move of the rules, on `u128` heaps, as a move of a row of `T` heaps. Every part of a
/// move is at most the heap it is made in, so it fits.
fn narrowed<T: Heap>(index: usize, take: u128, to: Leaves) -> Option<HeapMove<T>> {
    Some(HeapMove {
        index,
        take: T::narrow(take)?,
        to: to.narrow()?,
    })
}

/// The heaps in parentheses, `(3, 5)`; `()` for the row with no heap.
///
/// # Examples
///
/// ```
/// use grundy::games::{HeapRow, Octal};
/// assert_eq!(HeapRow::new(Octal::kayles(), [5u8, 3]).to_string(), "(3, 5)");
/// ```
impl<R, T: fmt::Display> fmt::Display for HeapRow<R, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, &self.heaps)
    }
}

impl<R: HeapRules, T: Heap> Game for HeapRow<R, T> {
    type Move = HeapMove<T>;

    /// The buffer of its heaps (the rules' tables are shared, not owned).
    fn owned_bytes(&self) -> usize {
        self.heaps.capacity() * size_of::<T>()
    }

    /// Its heaps, each a row of one, when there are two or more: a row is the sum of its
    /// heaps, so a [`Solver`](crate::Solver) searches each heap alone.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{HeapRow, Octal};
    /// use grundy::prelude::*;
    ///
    /// let row = HeapRow::new(Octal::kayles(), [3u8, 5]);
    /// let parts = row.parts().ok_or("a row of two heaps splits")?;
    /// assert_eq!(parts, [HeapRow::heap(Octal::kayles(), 3), HeapRow::heap(Octal::kayles(), 5)]);
    /// assert_eq!(HeapRow::heap(Octal::kayles(), 3u8).parts(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn parts(&self) -> Option<Vec<Self>> {
        (self.heaps.len() >= 2).then(|| {
            self.heaps
                .iter()
                .map(|&h| HeapRow {
                    rules: self.rules.clone(),
                    heaps: alloc::vec![h],
                })
                .collect()
        })
    }

    /// The first fault of its rules at one of its heaps ([`HeapRules::heap_fault`]): a row
    /// that holds a heap where rules of your own break their laws has no moves to list, and
    /// a [`Solver`](crate::Solver) fails with this error, as the closed form does.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{HeapRow, Moves, Rules, TakeAndBreak};
    /// use grundy::prelude::*;
    /// use grundy::Error;
    ///
    /// /// Take one; but at heap 3 the rule "leaves" a heap of 4.
    /// #[derive(Debug, PartialEq, Eq, Hash)]
    /// struct Faulty;
    /// impl TakeAndBreak for Faulty {
    ///     fn moves(&self, heap: u128, moves: &mut Moves<'_>) {
    ///         moves.take(1);
    ///         if heap == 3 {
    ///             moves.leave(&[4]);
    ///         }
    ///     }
    /// }
    ///
    /// let row = HeapRow::heap(Rules::new(Faulty), 5u8);
    /// assert!(matches!(row.grundy(), Err(Error::InvalidHeapMove { heap: 3, .. })));
    /// assert_eq!(Solver::new().grundy(&row), row.grundy());
    /// assert!(matches!(HeapRow::heap(Rules::new(Faulty), 3u8).fault(), Some(Error::InvalidHeapMove { .. })));
    /// assert_eq!(row.fault(), None);
    /// ```
    fn fault(&self) -> Option<Error> {
        self.heaps
            .iter()
            .find_map(|h| self.rules.heap_fault(h.widen()))
    }

    /// The row without its smallest heaps that have no move (Grundy's game's heaps of 1 and
    /// 2, a subtraction game's heaps below its least subtraction), if it has any: the heaps
    /// from the smallest up to the first that has a move. Such a heap is the empty game, in
    /// normal and in misère play, so the row without it is the same game, and a
    /// [`Solver`](crate::Solver) stores one entry for both. (A heap with no move above a
    /// heap with one, as rules of your own may have, stays: the representative needs only
    /// to be the same game, and a row is checked from its smallest heap, one heap for most
    /// rows.)
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{GrundysGame, HeapRow};
    /// use grundy::prelude::*;
    ///
    /// let row = HeapRow::new(GrundysGame::new(), [1u8, 2, 2, 7]);
    /// assert_eq!(row.canonical(), Some(HeapRow::new(GrundysGame::new(), [7u8])));
    /// assert_eq!(HeapRow::new(GrundysGame::new(), [7u8]).canonical(), None);
    /// ```
    fn canonical(&self) -> Option<Self> {
        let has_moves = |h: &T| {
            let mut any = false;
            let listed = self.rules.for_each_heap_move(h.widen(), |_, _| {
                any = true;
                ControlFlow::Break(())
            });
            // A heap whose rules break off without a move has a fault, not no moves: kept.
            any || listed.is_break()
        };
        let dead = self.heaps.iter().take_while(|h| !has_moves(h)).count();
        (dead > 0).then(|| HeapRow {
            rules: self.rules.clone(),
            heaps: self.heaps[dead..].to_vec(),
        })
    }

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(HeapMove<T>, Self) -> ControlFlow<()>,
    {
        for (index, &h) in self.heaps.iter().enumerate() {
            self.rules.for_each_heap_move(h.widen(), |take, to| {
                match narrowed(index, take, to) {
                    Some(mv) => {
                        let next = self.replaced(index, &mv.to);
                        visit(mv, next)
                    }
                    None => ControlFlow::Continue(()),
                }
            })?;
        }
        ControlFlow::Continue(())
    }

    /// The row after `mv`, checked directly against the rules.
    ///
    /// # Errors
    ///
    /// [`Error::IllegalMove`] if there is no heap `mv.index`, or the rules do not allow
    /// removing `mv.take` tokens from it to leave `mv.to`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{HeapMove, HeapRow, Leaves, Octal};
    /// use grundy::prelude::*;
    ///
    /// let dawson = HeapRow::heap(Octal::dawsons_kayles(), 6u8);
    /// // 0.07 removes exactly two.
    /// assert!(dawson.play(HeapMove { index: 0, take: 1, to: Leaves::One(5) }).is_err());
    /// assert!(dawson.play(HeapMove { index: 1, take: 2, to: Leaves::One(4) }).is_err());
    /// let next = dawson.play(HeapMove { index: 0, take: 2, to: Leaves::Two(3, 1) })?;
    /// assert_eq!(next.heaps(), &[1, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn play(&self, mv: HeapMove<T>) -> Result<Self, Error> {
        let h = crate::error::heap_at(&self.heaps, mv.index)?;
        self.rules
            .check_heap_move(h.widen(), mv.take.widen(), &mv.to.widen())?;
        Ok(self.replaced(mv.index, &mv.to))
    }
}

impl<R: HeapRules, T: Heap> HeapRow<R, T> {
    /// The misère quotient of the rules that covers every heap of the row, if one can be had
    /// at once: the one the rules' [`QuotientCache`](crate::misere::QuotientCache) holds, or
    /// one computed now up to [`ON_DEMAND_HEAP_LIMIT`](crate::misere::ON_DEMAND_HEAP_LIMIT)
    /// heaps within [`DEFAULT_QUOTIENT_BUDGET`](crate::misere::DEFAULT_QUOTIENT_BUDGET) (and
    /// kept in the cache). `None` for rules that hold no cache, and where no such quotient
    /// covers the row: its misère questions are then answered by search (see [`HeapRow`]),
    /// and a caller that wants both the outcome and the winning moves of such a row asks
    /// [`misere_outcome_and_moves`](HeapRow::misere_outcome_and_moves), which searches once.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{GrundysGame, HeapRow, Octal};
    ///
    /// let kayles = HeapRow::new(Octal::kayles(), [7u32, 30]);
    /// let q = kayles.misere_quotient().expect("Kayles' quotient covers small heaps");
    /// assert!(q.heap_element(30).is_some());
    /// // Grundy's game's quotient is not finite: none covers heaps of 30.
    /// assert!(HeapRow::new(GrundysGame::new(), [30u32, 20]).misere_quotient().is_none());
    /// ```
    #[must_use]
    pub fn misere_quotient(&self) -> Option<Arc<MisereQuotient>> {
        let cache = self.rules.misere_quotients()?;
        cache.covering(&self.rules, self.largest_heap(), false)
    }

    /// Both misère answers at once: who wins, and every winning move (as
    /// [`outcome`](ClosedForm::outcome) and [`winning_moves`](ClosedForm::winning_moves) with
    /// [`Play::Misere`](crate::Play::Misere) give them). Where a quotient answers, both come
    /// from it; where the row is searched, it is searched once, by one
    /// [`Solver`](crate::Solver) that answers both, where the two questions would search it
    /// twice (`grundys-game 30 20 9` from the command line took 2.79 s so, 1.78 s with one
    /// search).
    ///
    /// # Errors
    ///
    /// As for [`misere_winning_moves`](ClosedForm::misere_winning_moves).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{GrundysGame, HeapRow};
    /// use grundy::prelude::*;
    ///
    /// // No quotient covers Grundy's game at these heaps: the row is searched, once.
    /// let row = HeapRow::new(GrundysGame::new(), [9u32, 7, 4]);
    /// let (outcome, moves) = row.misere_outcome_and_moves()?;
    /// assert_eq!(outcome, row.outcome(Play::Misere)?);
    /// assert_eq!(moves.count(), row.winning_moves(Play::Misere)?.count());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn misere_outcome_and_moves(
        &self,
    ) -> Result<(crate::Outcome, HeapRowMoves<'_, R, T>), Error> {
        let from_quotient = |quotient: Arc<MisereQuotient>| {
            let walk =
                crate::misere::quotient::MoveWalk::new(&quotient, self, 0..self.heaps.len())?;
            let outcome = quotient.outcome(&self.heaps)?;
            Ok((outcome, Listed::Quotient(quotient, walk)))
        };
        let (outcome, listed) = match self.misere_quotient() {
            Some(quotient) => from_quotient(quotient)?,
            None => self.misere_by_search(from_quotient, |solver| {
                use crate::Evaluator;
                let found: Vec<HeapMove<T>> =
                    solver.winning_moves(self, crate::Play::Misere)?.collect();
                // The solver holds the row's options now: its outcome is read from them.
                let outcome = solver.outcome(self, crate::Play::Misere)?;
                Ok((outcome, Listed::Searched(found.into_iter())))
            })?,
        };
        let moves = HeapRowMoves {
            row: self,
            listed: Some(listed),
            made: Vec::new(),
            index: 0,
            size: 0,
            current: None,
        };
        Ok((outcome, moves))
    }

    /// The largest heap of the row (0 for none): the one a quotient must cover.
    fn largest_heap(&self) -> u128 {
        self.heaps.last().map_or(0, |h| h.widen())
    }

    /// A misère answer that no quotient at hand gives: a short search of the row
    /// ([`SHORT_SEARCH_MOVES`] moves); if that runs out, the rules' quotient computed again
    /// within [`FALLBACK_QUOTIENT_BUDGET`](crate::misere::FALLBACK_QUOTIENT_BUDGET) (it
    /// proves Kayles' period, say) and the answer `from_quotient` if it covers the row; else
    /// the search within its default limits. Both searches hold at most the rules'
    /// [`search_memory_limit`](HeapRules::search_memory_limit).
    fn misere_by_search<A>(
        &self,
        from_quotient: impl FnOnce(Arc<MisereQuotient>) -> Result<A, Error>,
        search: impl Fn(&mut crate::Solver<Self>) -> Result<A, Error>,
    ) -> Result<A, Error> {
        // The limit is the rules' budget: the error names that setting.
        let memory = self.rules.search_memory_limit();
        let setting =
            "HeapRules::search_memory_limit (Tabulated::with_memory_limit for the crate's rules)";
        let mut short = crate::Solver::new()
            .with_move_limit(SHORT_SEARCH_MOVES)
            .with_memory_limit_of(memory, setting);
        match search(&mut short) {
            Err(
                Error::SearchMoveLimit { .. }
                | Error::PositionLimit { .. }
                | Error::SolverMemoryLimit { .. },
            ) => {}
            answer => return answer,
        }
        drop(short);
        let quotient = self
            .rules
            .misere_quotients()
            .and_then(|cache| cache.covering(&self.rules, self.largest_heap(), true));
        match quotient {
            Some(quotient) => from_quotient(quotient),
            None => search(&mut crate::Solver::new().with_memory_limit_of(memory, setting)),
        }
    }
}

/// The Sprague–Grundy theorem: the row is worth the nim-sum of its heaps. Under misère play
/// the row is answered from its rules' misère quotient where one covers its heaps (computed on
/// demand up to [`ON_DEMAND_HEAP_LIMIT`](crate::misere::ON_DEMAND_HEAP_LIMIT) within
/// [`DEFAULT_QUOTIENT_BUDGET`](crate::misere::DEFAULT_QUOTIENT_BUDGET), or supplied), else by a
/// short search of the row, then by a quotient computed within
/// [`FALLBACK_QUOTIENT_BUDGET`](crate::misere::FALLBACK_QUOTIENT_BUDGET), then by a search of
/// the row ([`Solver`](crate::Solver), within its default limits and the rules'
/// [`search_memory_limit`](HeapRules::search_memory_limit)).
impl<R: HeapRules, T: Heap> ClosedForm for HeapRow<R, T> {
    type MovesTo<'a>
        = HeapRowMoves<'a, R, T>
    where
        Self: 'a;

    /// The nim-sum of the heaps' values.
    ///
    /// # Errors
    ///
    /// The first error of the rules for a heap: for the crate's rules,
    /// [`Error::HeapOutOfRange`] for a heap past the table budget, [`Error::MemoryLimit`] past
    /// the memory budget.
    fn grundy(&self) -> Result<Nimber, Error> {
        self.rules.heaps_value(self.heaps.iter().map(|h| h.widen()))
    }

    /// Who wins under misère play: the product of the heaps' elements in the rules' misère
    /// quotient, tested for its P-portion, in O(heaps), where a quotient covers the heaps
    /// ([`QuotientCache`](crate::misere::QuotientCache) says which); else a short search of
    /// the row, a quotient computed within
    /// [`FALLBACK_QUOTIENT_BUDGET`](crate::misere::FALLBACK_QUOTIENT_BUDGET), and a search
    /// of the row within its default limits, in turn.
    ///
    /// # Errors
    ///
    /// Without a quotient, the search's: [`Error::SolverMemoryLimit`] past the rules'
    /// [`search_memory_limit`](HeapRules::search_memory_limit), [`Error::PositionLimit`] for
    /// a row too large to search, an error of the rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{HeapRow, Octal};
    /// use grundy::prelude::*;
    ///
    /// // Twenty heaps of 0.75, answered from its quotient at once.
    /// let heaps: Vec<u16> = (1..=20).collect();
    /// let row = HeapRow::new("0.75".parse::<Octal>()?, heaps);
    /// assert_eq!(row.outcome(Play::Misere)?, Outcome::Previous);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn misere_outcome(&self) -> Result<crate::Outcome, Error> {
        match self.misere_quotient() {
            Some(quotient) => quotient.outcome(&self.heaps),
            None => self.misere_by_search(
                |quotient| quotient.outcome(&self.heaps),
                |solver| {
                    use crate::Evaluator;
                    solver.outcome(self, crate::Play::Misere)
                },
            ),
        }
    }

    /// Every winning move under misère play, in the order of the heaps and of the rules'
    /// moves: from the rules' misère quotient (each move's result a product of the other
    /// heaps' elements, from prefix and suffix products, times the element of what it leaves,
    /// O(1) a move) where one covers the heaps, found a batch at a time as
    /// [`MisereQuotient::winning_moves`](crate::misere::MisereQuotient::winning_moves) finds
    /// them (the memory held is a batch, however many moves win; with a proven quotient of
    /// the crate's take-and-break rules, each heap's moves are counted and listed by residue,
    /// at any size); else as for
    /// [`misere_outcome`](ClosedForm::misere_outcome), from a search of the row in the
    /// search's order where it is the search that answers. Either way the number of moves is
    /// known when the iterator is made: its `size_hint` is exact.
    ///
    /// # Errors
    ///
    /// As for [`misere_outcome`](ClosedForm::misere_outcome); with a quotient,
    /// [`Error::MoveLimit`] for a row whose heaps have more than
    /// [`DEFAULT_MOVE_LIMIT`](crate::DEFAULT_MOVE_LIMIT) moves in all (with a proven quotient
    /// of the crate's take-and-break rules, more than `usize::MAX` winning moves).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{HeapRow, Octal};
    /// use grundy::prelude::*;
    ///
    /// // Heaps 1 and 3 of 0.75 are both the element a, and a·a = 1 is N: take heap 1 (leaving
    /// // a, in P), or split heap 3 into 1 and 1 (a·a·a = a).
    /// let row = HeapRow::new("0.75".parse::<Octal>()?, [1u8, 3]);
    /// let winning: Vec<String> = row.winning_moves(Play::Misere)?.map(|mv| mv.to_string()).collect();
    /// assert_eq!(
    ///     winning,
    ///     [
    ///         "take 1 from heap 0 of the sorted row, leaving nothing",
    ///         "take 1 from heap 1 of the sorted row, leaving 1 and 1",
    ///     ]
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn misere_winning_moves(&self) -> Result<HeapRowMoves<'_, R, T>, Error> {
        // The outcome beside them costs a product of the heaps' elements, or a read of the
        // search's memo.
        self.misere_outcome_and_moves().map(|(_, moves)| moves)
    }

    /// The moves to a row of value `target`, lazily: heap by heap, the moves of that heap to
    /// the value that makes the row's total `target`, in the order of
    /// [`HeapRules::heap_moves_to`] (for the crate's rules: by take, then nothing, one heap,
    /// two heaps by the smaller part).
    ///
    /// # Errors
    ///
    /// As for [`grundy`](ClosedForm::grundy): every heap is answered (the table grown) before
    /// the first move is listed; and the first error of
    /// [`HeapRules::heap_moves_to`] for a heap (rules of your own may know the value of a heap
    /// whose moves they cannot list): each heap's moves are asked for here, once for equal
    /// heaps, and kept for the iterator, so that it never passes over a heap in silence.
    fn moves_to_value(&self, target: Nimber) -> Result<HeapRowMoves<'_, R, T>, Error> {
        let total = self.grundy()?;
        let change = total + target;
        let mut made = Vec::new();
        if !change.is_zero() {
            let mut previous = None;
            for &h in &self.heaps {
                if previous == Some(h) {
                    continue;
                }
                previous = Some(h);
                let heap = h.widen();
                let value = self.rules.heap_value(heap)?;
                made.push(self.rules.heap_moves_to(heap, value + change)?);
            }
        }
        Ok(HeapRowMoves {
            row: self,
            listed: None,
            made,
            index: 0,
            size: 0,
            current: None,
        })
    }
}

/// The moves of a [`HeapRow`] to a position of one value, lazily: from
/// [`ClosedForm::moves_to_value`] and [`ClosedForm::winning_moves`].
///
/// # Examples
///
/// ```
/// use grundy::games::{GrundysGame, HeapRow};
/// use grundy::prelude::*;
///
/// let row = HeapRow::new(GrundysGame::new(), [8u16]); // *2
/// let winning: Vec<String> = row.winning_moves(Play::Normal)?.map(|mv| mv.to_string()).collect();
/// assert_eq!(winning, ["split heap 0 of the sorted row into 1 and 7"]); // 7 is a P-position
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct HeapRowMoves<'a, R: HeapRules, T> {
    row: &'a HeapRow<R, T>,
    /// The moves of misère play (from a quotient, or listed by a search), if these are.
    listed: Option<Listed<T>>,
    /// Under normal play, the moves of each distinct heap of the row (in order) to the value
    /// that makes the row's total the target; none where no move can (a heap's value cannot
    /// stay as it is).
    made: Vec<R::HeapMoves>,
    /// The index of the next heap to start on.
    index: usize,
    /// The entry of `made` of heap `index - 1`.
    size: usize,
    /// The moves of heap `index - 1`, under way.
    current: Option<R::HeapMoves>,
}

impl<R: HeapRules, T: fmt::Debug> fmt::Debug for HeapRowMoves<'_, R, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HeapRowMoves")
            .field("heaps", &self.row.heaps)
            .field("listed", &self.listed)
            .field("made", &self.made)
            .field("index", &self.index)
            .field("size", &self.size)
            .field("current", &self.current)
            .finish_non_exhaustive()
    }
}

impl<R: HeapRules, T: Clone> Clone for HeapRowMoves<'_, R, T> {
    fn clone(&self) -> Self {
        HeapRowMoves {
            row: self.row,
            listed: self.listed.clone(),
            made: self.made.clone(),
            index: self.index,
            size: self.size,
            current: self.current.clone(),
        }
    }
}

impl<R: HeapRules, T: Heap> Iterator for HeapRowMoves<'_, R, T> {
    type Item = HeapMove<T>;

    fn next(&mut self) -> Option<HeapMove<T>> {
        match &mut self.listed {
            Some(Listed::Searched(moves)) => return moves.next(),
            Some(Listed::Quotient(quotient, walk)) => return walk.next(quotient, self.row),
            None => {}
        }
        if self.made.is_empty() {
            return None; // no move keeps a heap's value
        }
        loop {
            if let Some(moves) = &mut self.current {
                for (take, to) in moves.by_ref() {
                    if let Some(mv) = narrowed(self.index - 1, take, to) {
                        return Some(mv);
                    }
                }
                self.current = None;
            }
            let heaps = &self.row.heaps;
            let heap = heaps.get(self.index)?;
            // Equal heaps stand together in the row, and `made` holds one entry a size.
            if self.index > 0 && heaps[self.index - 1] != *heap {
                self.size += 1;
            }
            self.index += 1;
            self.current = self.made.get(self.size).cloned();
        }
    }

    /// Exact under misère play (the number of winning moves is known when they are listed
    /// from a quotient or by a search); under normal play, lazily listed, not known.
    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.listed {
            Some(Listed::Searched(moves)) => moves.size_hint(),
            Some(Listed::Quotient(_, walk)) => (walk.left(), Some(walk.left())),
            None => (0, None),
        }
    }
}

impl<R: HeapRules, T: Heap> FusedIterator for HeapRowMoves<'_, R, T> {}

/// A row's winning misère moves: found from its quotient a batch at a time, or listed by a
/// search of the row.
#[derive(Debug, Clone)]
enum Listed<T> {
    Quotient(Arc<MisereQuotient>, crate::misere::quotient::MoveWalk<T>),
    Searched(alloc::vec::IntoIter<HeapMove<T>>),
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::HeapRow;
    use crate::Heap;
    use alloc::vec::Vec;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// The row as it is written: its rules and its heaps.
    #[derive(Serialize)]
    #[serde(rename = "HeapRow")]
    struct RowRef<'a, R, T> {
        rules: &'a R,
        heaps: &'a [T],
    }

    /// The row as it is read, before its heaps are put in order.
    #[derive(Deserialize)]
    #[serde(rename = "HeapRow", expecting = "struct HeapRow")]
    struct RowData<R, T> {
        rules: R,
        heaps: Vec<T>,
    }

    /// `{"rules": …, "heaps": [3, 5]}`.
    impl<R: Serialize, T: Serialize> Serialize for HeapRow<R, T> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            RowRef {
                rules: &self.rules,
                heaps: &self.heaps,
            }
            .serialize(serializer)
        }
    }

    /// Reads `{"rules": …, "heaps": […]}`, sorting the heaps and dropping empty ones as
    /// [`HeapRow::new`] does.
    impl<'de, R: Deserialize<'de>, T: Heap + Deserialize<'de>> Deserialize<'de> for HeapRow<R, T> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let data = RowData::<R, T>::deserialize(deserializer)?;
            Ok(HeapRow::new(data.rules, data.heaps))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{GrundysGame, Octal, Subtraction};
    use crate::sequence::Tabulated;
    use crate::{Evaluator, Play, Solver};
    use alloc::vec;

    /// Every winning move of `row` by search, sorted, and the closed form's, in its order.
    fn both_ways<R: HeapRules, T: Heap>(
        row: &HeapRow<R, T>,
    ) -> (Vec<HeapMove<T>>, Vec<HeapMove<T>>) {
        let mut solver = Solver::new();
        assert_eq!(solver.grundy(row).unwrap(), row.grundy().unwrap(), "{row}");
        let mut searched: Vec<_> = solver.winning_moves(row, Play::Normal).unwrap().collect();
        searched.sort();
        searched.dedup();
        let mut closed: Vec<_> = row.winning_moves(Play::Normal).unwrap().collect();
        closed.sort();
        (searched, closed)
    }

    #[test]
    fn octal_rows_agree_with_search() {
        for code in ["0.77", "0.137", "4.07", "0.6", "0.16", "0.51"] {
            let rules: Octal = code.parse().unwrap();
            for heaps in [vec![7u8], vec![3, 9], vec![12], vec![2, 2, 5], vec![]] {
                let (searched, closed) = both_ways(&HeapRow::new(rules.clone(), heaps));
                assert_eq!(searched, closed, "{code}");
            }
        }
    }

    #[test]
    fn grundys_game_rows_agree_with_search() {
        for heaps in [vec![20u16], vec![3, 9], vec![7, 8, 10], vec![1, 2], vec![]] {
            let (searched, closed) = both_ways(&HeapRow::new(GrundysGame::new(), heaps));
            assert_eq!(searched, closed);
        }
    }

    #[test]
    fn subtraction_rows_agree_with_search() {
        for set in [vec![1u64, 3, 4], vec![2, 5, 7], vec![3], vec![1, 2, 3, 10]] {
            let rules = Subtraction::new(set.clone()).unwrap();
            for h in 0..60u64 {
                let (searched, closed) = both_ways(&HeapRow::heap(rules.clone(), h));
                assert_eq!(searched, closed, "{set:?} {h}");
            }
            let (searched, closed) = both_ways(&HeapRow::new(rules, [9u64, 14]));
            assert_eq!(searched, closed, "{set:?}");
        }
    }

    #[test]
    fn rows_stay_sorted_and_moves_are_checked() {
        let row = HeapRow::new(Octal::kayles(), [9u8, 2, 0, 5]);
        assert_eq!(row.heaps(), &[2, 5, 9]);
        let next = row
            .play(HeapMove {
                index: 2,
                take: 1,
                to: Leaves::Two(6, 2),
            })
            .unwrap();
        assert_eq!(next.heaps(), &[2, 2, 5, 6]);
        for bad in [
            HeapMove {
                index: 3,
                take: 1,
                to: Leaves::One(1),
            },
            HeapMove {
                index: 0,
                take: 3,
                to: Leaves::Empty,
            },
            HeapMove {
                index: 0,
                take: 1,
                to: Leaves::Two(1, 1),
            },
            HeapMove {
                index: 1,
                take: 1,
                to: Leaves::Two(0, 4),
            },
        ] {
            assert!(
                matches!(row.play(bad.clone()), Err(Error::IllegalMove { .. })),
                "{bad}"
            );
        }
    }

    #[test]
    fn misere_rows_agree_with_search() {
        for code in ["0.77", "0.75", "0.07", "4.7", "0.6"] {
            let rules: Octal = code.parse().unwrap();
            for heaps in [vec![3u8], vec![1, 2, 2], vec![4, 5], vec![2, 3, 6], vec![]] {
                let row = HeapRow::new(rules.clone(), heaps);
                let mut solver = Solver::new();
                let outcome = solver.outcome(&row, Play::Misere).unwrap();
                assert_eq!(row.outcome(Play::Misere).unwrap(), outcome, "{code} {row}");
                let mut searched: Vec<_> =
                    solver.winning_moves(&row, Play::Misere).unwrap().collect();
                searched.sort();
                searched.dedup();
                let mut closed: Vec<_> = row.winning_moves(Play::Misere).unwrap().collect();
                closed.sort();
                assert_eq!(searched, closed, "{code} {row}");
            }
        }
    }

    #[test]
    fn huge_heaps_through_the_period() {
        let kayles = Octal::kayles().with_table_limit(300);
        let row = HeapRow::heap(kayles.clone(), u128::MAX);
        let v = row.grundy().unwrap(); // grows the table to its period
        let table = crate::sequence::Tabulated::sequence(&kayles);
        let reduced = table.period().unwrap().reduce(u128::MAX);
        assert_eq!(v, table.get(reduced).unwrap());
        for mv in row.winning_moves(Play::Normal).unwrap().take(50) {
            assert_eq!(row.play(mv).unwrap().grundy().unwrap(), Nimber::ZERO);
        }
        // A budget too small to prove the period cannot answer.
        let short = HeapRow::heap(Octal::kayles().with_table_limit(10), 10u8);
        assert_eq!(
            short.grundy(),
            Err(Error::HeapOutOfRange {
                heap: 10,
                computed: 10
            })
        );
        assert!(short.winning_moves(Play::Normal).is_err());
    }
}
