//! Bash (Bachet's game): one heap; a move takes between 1 and `k` counters. Normal and misère.

use crate::solve::ClosedForm;
use crate::{Error, Game, Heap, Nimber, Outcome};
use alloc::format;
use alloc::vec::Vec;
use core::iter::FusedIterator;
use core::ops::ControlFlow;

/// A position of Bash (Bachet's game): one heap of `n` counters; a move takes between 1 and
/// `k` of them; whoever takes the last counter wins (normal play).
///
/// Bachet de Méziriac posed it in *Problèmes plaisants et délectables* (1612); it is the
/// subtraction game with subtraction set `{1, …, k}`. Its Grundy value is `n mod (k + 1)`: the
/// options of `n` are `n − 1, …, n − k`, whose values are every residue but `n`'s own. The
/// player to move wins iff `k + 1` does not divide `n`, by taking `n mod (k + 1)` counters.
/// For misère play see [`MisereBash`].
///
/// Heap and limit are any unsigned type from `u8` to `u128` ([`Heap`]); every answer is exact
/// for every value of the type, including `k = T::MAX`, where `k + 1` does not fit in `T`
/// (then every heap is smaller than `k + 1` and its value is `n` itself).
///
/// # Laws
///
/// `G(n) = n mod (k + 1)`; the one move to a position of value `t` takes
/// `(G(n) − t) mod (k + 1)` counters, when `t ≤ k`, `t ≠ G(n)` and that many counters are
/// there.
///
/// # Complexity
///
/// Every method O(1).
///
/// # Errors
///
/// [`Bash::new`] returns [`Error::ZeroTakeLimit`] for `k = 0`.
///
/// # Examples
///
/// ```
/// use grundy::games::{Bash, BashMove};
/// use grundy::{Nimber, Outcome};
///
/// let bash = Bash::new(23u32, 4)?;
/// assert_eq!(bash.grundy(), Nimber::new(3)); // 23 mod 5
/// let winning: Vec<_> = bash.winning_moves().collect();
/// assert_eq!(winning, vec![BashMove { take: 3 }]);
/// assert_eq!(bash.play(winning[0])?.outcome(), Outcome::Previous);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bash<T> {
    heap: T,
    max_take: T,
}

/// A position of misère Bash: one heap of `n` counters; a move takes between 1 and `k` of
/// them; whoever takes the last counter **loses**.
///
/// The player to move loses iff `n mod (k + 1) = 1`: from such a heap every move lands on a
/// heap that is not `1` modulo `k + 1`, and from any other non-empty heap one move reaches
/// one. The empty heap is won by the player to move, who cannot move (an N-position with no
/// winning move). The moves are those of [`Bash`]; there is no Grundy value to give, so this
/// type does not implement [`ClosedForm`]; the generic [`Solver`](crate::Solver) answers it
/// with [`Play::Misere`](crate::Play::Misere).
///
/// # Complexity
///
/// Every method O(1).
///
/// # Errors
///
/// [`MisereBash::new`] returns [`Error::ZeroTakeLimit`] for `k = 0`.
///
/// # Examples
///
/// ```
/// use grundy::games::{BashMove, MisereBash};
/// use grundy::Outcome;
///
/// let bash = MisereBash::new(23u32, 4)?;
/// let winning: Vec<_> = bash.winning_moves().collect();
/// assert_eq!(winning, vec![BashMove { take: 2 }]); // leave 21 = 4 * 5 + 1
/// assert_eq!(bash.play(winning[0])?.outcome(), Outcome::Previous);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MisereBash<T> {
    heap: T,
    max_take: T,
}

/// A move of [`Bash`] or [`MisereBash`]: take `take` counters from the heap.
///
/// # Examples
///
/// ```
/// use grundy::games::{Bash, BashMove};
/// let next = Bash::new(10u8, 3)?.play(BashMove { take: 3 })?;
/// assert_eq!(next.heap(), 7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BashMove<T> {
    /// How many counters the move takes, from 1 to the take limit `k`.
    pub take: T,
}

/// `n mod (k + 1)`, exact even where `k + 1` does not fit in `T`.
fn residue<T: Heap>(n: T, k: T) -> T {
    if n <= k {
        n
    } else {
        // `k < n <= T::MAX`, so `k + 1` fits.
        n % (k + T::one())
    }
}

fn check_limit<T: Heap>(max_take: T) -> Result<(), Error> {
    if max_take.is_zero() {
        Err(Error::ZeroTakeLimit)
    } else {
        Ok(())
    }
}

fn checked_play<T: Heap>(heap: T, max_take: T, mv: BashMove<T>) -> Result<T, Error> {
    if mv.take.is_zero() || mv.take > max_take || mv.take > heap {
        return Err(Error::IllegalMove {
            reason: format!(
                "a move takes between 1 and {} counters and the heap holds {heap}, so it cannot take {}",
                max_take, mv.take
            ),
        });
    }
    Ok(heap - mv.take)
}

fn for_each_take<T: Heap, P, M, F>(
    heap: T,
    max_take: T,
    position: M,
    mut visit: F,
) -> ControlFlow<()>
where
    M: Fn(T) -> P,
    F: FnMut(BashMove<T>, P) -> ControlFlow<()>,
{
    let most = heap.min(max_take);
    let mut take = T::one();
    while take <= most {
        visit(BashMove { take }, position(heap - take))?;
        if take == most {
            break;
        }
        take = take + T::one();
    }
    ControlFlow::Continue(())
}

impl<T: Heap> Bash<T> {
    /// The Bash position of a heap of `heap` counters with take limit `max_take` (`k`).
    ///
    /// # Errors
    ///
    /// [`Error::ZeroTakeLimit`] if `max_take` is 0. Every other pair is valid, up to
    /// `T::MAX` for both.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Bash, Error};
    /// assert_eq!(Bash::new(5u8, 0), Err(Error::ZeroTakeLimit));
    /// assert_eq!(Bash::new(u8::MAX, u8::MAX)?.heap(), 255);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(heap: T, max_take: T) -> Result<Self, Error> {
        check_limit(max_take)?;
        Ok(Bash { heap, max_take })
    }

    /// The number of counters in the heap.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::Bash::new(9u16, 2)?.heap(), 9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn heap(&self) -> T {
        self.heap
    }

    /// The most counters one move may take (`k`, at least 1).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::Bash::new(9u16, 2)?.max_take(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn max_take(&self) -> T {
        self.max_take
    }

    /// The Grundy value `n mod (k + 1)`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Bash, Nimber};
    /// assert_eq!(Bash::new(10u8, 3)?.grundy(), Nimber::new(2));
    /// assert_eq!(Bash::new(u128::MAX, u128::MAX)?.grundy(), Nimber::new(u128::MAX));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn grundy(&self) -> Nimber {
        Nimber::new(residue(self.heap, self.max_take).widen())
    }

    /// Who wins: the player to move iff `k + 1` does not divide `n`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Bash, Outcome};
    /// assert_eq!(Bash::new(12u8, 3)?.outcome(), Outcome::Previous);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        Outcome::from_grundy(self.grundy())
    }

    /// The winning move, if there is one: take `n mod (k + 1)` counters.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{Bash, BashMove};
    /// let moves: Vec<_> = Bash::new(7u8, 2)?.winning_moves().collect();
    /// assert_eq!(moves, vec![BashMove { take: 1 }]);
    /// assert_eq!(Bash::new(6u8, 2)?.winning_moves().count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winning_moves(&self) -> WinningMoves<T> {
        WinningMoves {
            inner: self.move_to(Nimber::ZERO).into_iter(),
        }
    }

    /// The one move to a position of value `target`, if any.
    fn move_to(&self, target: Nimber) -> Option<BashMove<T>> {
        let g = residue(self.heap, self.max_take).widen();
        let t = target.get();
        let k = self.max_take.widen();
        let n = self.heap.widen();
        let take = if t < g {
            g - t
        } else if t > g && t <= k {
            // `(g - t) mod (k + 1) = g + (k - t) + 1 <= k`, since `g < t`.
            g + (k - t) + 1
        } else {
            return None;
        };
        if take > n {
            return None;
        }
        T::narrow(take).map(|take| BashMove { take })
    }

    /// The position after `mv`.
    ///
    /// # Errors
    ///
    /// [`Error::IllegalMove`] if `mv.take` is 0, more than `k`, or more than the heap holds.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{Bash, BashMove};
    /// let bash = Bash::new(5u8, 3)?;
    /// assert!(bash.play(BashMove { take: 4 }).is_err());
    /// assert!(bash.play(BashMove { take: 0 }).is_err());
    /// assert_eq!(bash.play(BashMove { take: 3 })?.heap(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, mv: BashMove<T>) -> Result<Self, Error> {
        Ok(Bash {
            heap: checked_play(self.heap, self.max_take, mv)?,
            max_take: self.max_take,
        })
    }
}

impl<T: Heap> MisereBash<T> {
    /// The misère Bash position of a heap of `heap` counters with take limit `max_take` (`k`).
    ///
    /// # Errors
    ///
    /// [`Error::ZeroTakeLimit`] if `max_take` is 0. Every other pair is valid, up to
    /// `T::MAX` for both.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::MisereBash, Error};
    /// assert_eq!(MisereBash::new(5u8, 0), Err(Error::ZeroTakeLimit));
    /// assert_eq!(MisereBash::new(0u8, 1)?.heap(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(heap: T, max_take: T) -> Result<Self, Error> {
        check_limit(max_take)?;
        Ok(MisereBash { heap, max_take })
    }

    /// The number of counters in the heap.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::MisereBash::new(9u16, 2)?.heap(), 9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn heap(&self) -> T {
        self.heap
    }

    /// The most counters one move may take (`k`, at least 1).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::MisereBash::new(9u16, 2)?.max_take(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn max_take(&self) -> T {
        self.max_take
    }

    /// Who wins under misère play: the player to move loses iff `n mod (k + 1) = 1`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::MisereBash, Outcome};
    /// assert_eq!(MisereBash::new(13u8, 3)?.outcome(), Outcome::Previous);
    /// assert_eq!(MisereBash::new(0u8, 3)?.outcome(), Outcome::Next); // no move: a win
    /// assert_eq!(MisereBash::new(1u8, u8::MAX)?.outcome(), Outcome::Previous);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        if residue(self.heap, self.max_take) == T::one() {
            Outcome::Previous
        } else {
            Outcome::Next
        }
    }

    /// The winning move, if there is one: leave a heap of `1` modulo `k + 1`, taking
    /// `n mod (k + 1) − 1` counters, or `k` when `k + 1` divides a non-empty heap.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{BashMove, MisereBash};
    /// let moves: Vec<_> = MisereBash::new(8u8, 3)?.winning_moves().collect();
    /// assert_eq!(moves, vec![BashMove { take: 3 }]); // leave 5
    /// assert_eq!(MisereBash::new(9u8, 3)?.winning_moves().count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winning_moves(&self) -> WinningMoves<T> {
        let r = residue(self.heap, self.max_take);
        let take = if self.heap.is_zero() || r == T::one() {
            None
        } else if r.is_zero() {
            // `k + 1` divides `n > 0`, so `n >= k + 1` and taking `k` leaves `1` mod `k + 1`.
            Some(self.max_take)
        } else {
            Some(r - T::one())
        };
        WinningMoves {
            inner: take.map(|take| BashMove { take }).into_iter(),
        }
    }

    /// The position after `mv`.
    ///
    /// # Errors
    ///
    /// [`Error::IllegalMove`] if `mv.take` is 0, more than `k`, or more than the heap holds.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{BashMove, MisereBash};
    /// let bash = MisereBash::new(5u8, 3)?;
    /// assert!(bash.play(BashMove { take: 6 }).is_err());
    /// assert_eq!(bash.play(BashMove { take: 3 })?.heap(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, mv: BashMove<T>) -> Result<Self, Error> {
        Ok(MisereBash {
            heap: checked_play(self.heap, self.max_take, mv)?,
            max_take: self.max_take,
        })
    }
}

/// The winning moves of a [`Bash`] or [`MisereBash`] position: at most one. From
/// [`Bash::winning_moves`] and [`MisereBash::winning_moves`].
///
/// # Examples
///
/// ```
/// let mut moves = grundy::games::Bash::new(10u8, 4)?.winning_moves();
/// assert_eq!(moves.next().map(|m| m.take), None); // 10 = 2 * 5: lost
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WinningMoves<T> {
    inner: core::option::IntoIter<BashMove<T>>,
}

impl<T> Iterator for WinningMoves<T> {
    type Item = BashMove<T>;

    fn next(&mut self) -> Option<BashMove<T>> {
        self.inner.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<T> ExactSizeIterator for WinningMoves<T> {}

impl<T> FusedIterator for WinningMoves<T> {}

impl<T: Heap> Game for Bash<T> {
    type Move = BashMove<T>;

    fn for_each_move<F>(&self, visit: F) -> ControlFlow<()>
    where
        F: FnMut(BashMove<T>, Self) -> ControlFlow<()>,
    {
        let max_take = self.max_take;
        for_each_take(self.heap, max_take, |heap| Bash { heap, max_take }, visit)
    }
}

impl<T: Heap> Game for MisereBash<T> {
    type Move = BashMove<T>;

    fn for_each_move<F>(&self, visit: F) -> ControlFlow<()>
    where
        F: FnMut(BashMove<T>, Self) -> ControlFlow<()>,
    {
        let max_take = self.max_take;
        for_each_take(
            self.heap,
            max_take,
            |heap| MisereBash { heap, max_take },
            visit,
        )
    }
}

impl<T: Heap> ClosedForm for Bash<T> {
    fn grundy_value(&self) -> Result<Nimber, Error> {
        Ok(self.grundy())
    }

    fn moves_to_value(&self, target: Nimber) -> Result<Vec<(BashMove<T>, Self)>, Error> {
        self.move_to(target)
            .map(|mv| self.play(mv).map(|next| (mv, next)))
            .into_iter()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Evaluator, Play, Solver};
    use alloc::vec;

    #[test]
    fn closed_forms_match_search_on_small_positions() {
        for k in 1u8..8 {
            let mut normal = Solver::new();
            let mut misere = Solver::new();
            for n in 0u8..40 {
                let bash = Bash::new(n, k).unwrap();
                assert_eq!(normal.grundy(&bash).unwrap(), bash.grundy());
                for t in 0..10u128 {
                    let mut searched: Vec<_> = normal
                        .moves_to_value(&bash, Nimber::new(t))
                        .unwrap()
                        .into_iter()
                        .map(|(m, _)| m)
                        .collect();
                    searched.sort();
                    let closed: Vec<_> = bash.move_to(Nimber::new(t)).into_iter().collect();
                    assert_eq!(searched, closed, "n = {n}, k = {k}, t = {t}");
                }
                let mb = MisereBash::new(n, k).unwrap();
                assert_eq!(misere.outcome(&mb, Play::Misere).unwrap(), mb.outcome());
                let searched: Vec<_> = misere
                    .winning_moves(&mb, Play::Misere)
                    .unwrap()
                    .into_iter()
                    .map(|(m, _)| m)
                    .collect();
                let closed: Vec<_> = mb.winning_moves().collect();
                assert_eq!(searched, closed, "misère n = {n}, k = {k}");
            }
        }
    }

    #[test]
    fn exact_at_the_top_of_u128() {
        let bash = Bash::new(u128::MAX, u128::MAX).unwrap();
        assert_eq!(bash.grundy(), Nimber::new(u128::MAX));
        let moves: Vec<_> = bash.winning_moves().collect();
        assert_eq!(moves, vec![BashMove { take: u128::MAX }]);
        let bash = Bash::new(u128::MAX, u128::MAX - 1).unwrap();
        assert_eq!(bash.grundy(), Nimber::ZERO);
        let mb = MisereBash::new(u128::MAX, u128::MAX).unwrap();
        let moves: Vec<_> = mb.winning_moves().collect();
        assert_eq!(
            moves,
            vec![BashMove {
                take: u128::MAX - 1
            }]
        );
    }
}
