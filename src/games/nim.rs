//! Nim: heaps of counters; a move takes any positive number from one heap.

use crate::solve::ClosedForm;
use crate::{Error, Game, Heap, Nimber, Outcome};
use alloc::format;
use alloc::vec::Vec;
use core::iter::FusedIterator;
use core::ops::ControlFlow;

/// A position of Nim: a row of heaps; a move takes any positive number of counters from one
/// heap; whoever takes the last counter wins (normal play).
///
/// Bouton's theorem (1901): with `x` the nim-sum (XOR) of the heaps, the player to move wins
/// iff `x ≠ 0`, and the winning moves are exactly the heaps `h` with `h ⊕ x < h` (those
/// holding the top set bit of `x`), each reduced to `h ⊕ x`. The Grundy value is `*x`.
///
/// Heaps are any unsigned type from `u8` to `u128` ([`Heap`]); every answer is exact for
/// every value of the type.
///
/// # Complexity
///
/// `new` O(1); `grundy`, `outcome` O(n) for n heaps; `winning_moves` O(n) for all of them.
///
/// # Examples
///
/// ```
/// use grundy::games::{Nim, NimMove};
/// use grundy::{Nimber, Outcome};
///
/// let nim = Nim::new(vec![5u32, 7, 9]);
/// assert_eq!(nim.grundy(), Nimber::new(5 ^ 7 ^ 9)); // *11
/// assert_eq!(nim.outcome(), Outcome::Next);
/// let winning: Vec<_> = nim.winning_moves().collect();
/// assert_eq!(winning, vec![NimMove { heap: 2, to: 9 ^ 11 }]);
/// let next = nim.play(winning[0])?;
/// assert_eq!(next.outcome(), Outcome::Previous);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Nim<T> {
    heaps: Vec<T>,
}

/// A move of [`Nim`]: heap number `heap` (0-based, in the order given) is reduced to `to`
/// counters.
///
/// # Examples
///
/// ```
/// use grundy::games::{Nim, NimMove};
/// let next = Nim::new(vec![4u8]).play(NimMove { heap: 0, to: 1 })?;
/// assert_eq!(next.heaps(), &[1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NimMove<T> {
    /// The index of the heap moved in.
    pub heap: usize,
    /// The heap's size after the move.
    pub to: T,
}

impl<T: Heap> Nim<T> {
    /// The Nim position with these heaps (empty heaps are allowed and never move).
    ///
    /// Nim has no invalid positions, so this cannot fail.
    ///
    /// # Examples
    ///
    /// ```
    /// let nim = grundy::games::Nim::new(vec![u128::MAX, 0, 1]);
    /// assert_eq!(nim.heaps().len(), 3);
    /// ```
    #[must_use]
    pub fn new(heaps: Vec<T>) -> Self {
        Nim { heaps }
    }

    /// The heaps, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::Nim::new(vec![1u8, 2]).heaps(), &[1, 2]);
    /// ```
    #[must_use]
    pub fn heaps(&self) -> &[T] {
        &self.heaps
    }

    /// The Grundy value: the nim-sum of the heaps.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Nim, Nimber};
    /// assert_eq!(Nim::new(vec![u64::MAX, 1]).grundy(), Nimber::new(u64::MAX as u128 - 1));
    /// ```
    #[must_use]
    pub fn grundy(&self) -> Nimber {
        crate::nim_sum(self.heaps.iter().map(|h| h.widen()))
    }

    /// Who wins: the player to move iff the nim-sum is not zero.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Nim, Outcome};
    /// assert_eq!(Nim::new(vec![3u8, 3]).outcome(), Outcome::Previous);
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        Outcome::from_grundy(self.grundy())
    }

    /// Every winning move, lazily: each heap holding the top bit of the nim-sum, reduced to
    /// `h ⊕ x`. Empty when the player to move loses.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{Nim, NimMove};
    /// let moves: Vec<_> = Nim::new(vec![1u8, 2, 4]).winning_moves().collect();
    /// assert_eq!(moves, vec![NimMove { heap: 2, to: 3 }]);
    /// ```
    pub fn winning_moves(&self) -> WinningMoves<'_, T> {
        self.moves_to(Nimber::ZERO)
    }

    /// The moves to a position of value `target`.
    fn moves_to(&self, target: Nimber) -> WinningMoves<'_, T> {
        WinningMoves {
            heaps: self.heaps.iter().enumerate(),
            change: (self.grundy() + target).get(),
        }
    }

    /// The position after `mv`.
    ///
    /// # Errors
    ///
    /// [`Error::IllegalMove`] if `mv.heap` is not a heap's index or `mv.to` is not smaller than
    /// that heap.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{Nim, NimMove};
    /// let nim = Nim::new(vec![3u16]);
    /// assert!(nim.play(NimMove { heap: 0, to: 3 }).is_err());
    /// assert!(nim.play(NimMove { heap: 1, to: 0 }).is_err());
    /// assert_eq!(nim.play(NimMove { heap: 0, to: 0 })?.heaps(), &[0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, mv: NimMove<T>) -> Result<Self, Error> {
        let h = crate::error::heap_at(&self.heaps, mv.heap)?;
        if mv.to >= h {
            return Err(Error::IllegalMove {
                reason: format!(
                    "heap {} holds {h}, so it cannot be reduced to {}",
                    mv.heap, mv.to
                ),
            });
        }
        let mut heaps = self.heaps.clone();
        heaps[mv.heap] = mv.to;
        Ok(Nim { heaps })
    }
}

impl<T: Heap> From<Vec<T>> for Nim<T> {
    fn from(heaps: Vec<T>) -> Self {
        Nim::new(heaps)
    }
}

/// The winning moves of a [`Nim`] position, in heap order: from [`Nim::winning_moves`].
///
/// # Examples
///
/// ```
/// let nim = grundy::games::Nim::new(vec![3u8, 5, 6, 1]);
/// assert_eq!(nim.winning_moves().count(), 3); // 3, 5 and 1 hold bit 0 of the total *1
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WinningMoves<'a, T> {
    heaps: core::iter::Enumerate<core::slice::Iter<'a, T>>,
    /// The XOR a heap must undergo.
    change: u128,
}

impl<T: Heap> Iterator for WinningMoves<'_, T> {
    type Item = NimMove<T>;

    fn next(&mut self) -> Option<NimMove<T>> {
        if self.change == 0 {
            return None;
        }
        for (heap, &h) in self.heaps.by_ref() {
            let to = h.widen() ^ self.change;
            if to < h.widen() {
                // `to < h`, so it fits in `T`.
                if let Some(to) = T::narrow(to) {
                    return Some(NimMove { heap, to });
                }
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.heaps.len()))
    }
}

impl<T: Heap> FusedIterator for WinningMoves<'_, T> {}

impl<T: Heap> Game for Nim<T> {
    type Move = NimMove<T>;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(NimMove<T>, Self) -> ControlFlow<()>,
    {
        for (heap, &h) in self.heaps.iter().enumerate() {
            let mut to = T::zero();
            while to < h {
                let mut heaps = self.heaps.clone();
                heaps[heap] = to;
                visit(NimMove { heap, to }, Nim { heaps })?;
                to = to + T::one();
            }
        }
        ControlFlow::Continue(())
    }
}

impl<T: Heap> ClosedForm for Nim<T> {
    fn grundy_value(&self) -> Result<Nimber, Error> {
        Ok(self.grundy())
    }

    fn moves_to_value(&self, target: Nimber) -> Result<Vec<(NimMove<T>, Self)>, Error> {
        self.moves_to(target)
            .map(|mv| self.play(mv).map(|next| (mv, next)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Play, Solver};
    use alloc::vec;

    #[test]
    fn closed_form_matches_search_on_small_positions() {
        let mut solver = Solver::new();
        for a in 0u8..6 {
            for b in 0u8..6 {
                for c in 0u8..4 {
                    let nim = Nim::new(vec![a, b, c]);
                    assert_eq!(solver.grundy(&nim).unwrap(), nim.grundy());
                    let mut searched: Vec<NimMove<u8>> = solver
                        .winning_moves(&nim, Play::Normal)
                        .unwrap()
                        .into_iter()
                        .map(|(m, _)| m)
                        .collect();
                    searched.sort();
                    let closed: Vec<NimMove<u8>> = nim.winning_moves().collect();
                    assert_eq!(searched, closed, "{nim:?}");
                }
            }
        }
    }

    #[test]
    fn exact_at_the_top_of_u128() {
        let nim = Nim::new(vec![u128::MAX, u128::MAX - 1]);
        assert_eq!(nim.grundy(), Nimber::ONE);
        let moves: Vec<_> = nim.winning_moves().collect();
        assert_eq!(
            moves,
            vec![NimMove {
                heap: 0,
                to: u128::MAX - 1
            }]
        );
    }
}
