//! Misère Nim: Nim in which whoever takes the last counter loses.

use crate::games::{Nim, NimMove};
use crate::{Error, Game, Heap, Outcome};
use alloc::vec::Vec;
use core::iter::{Enumerate, FusedIterator};
use core::ops::ControlFlow;
use core::slice;

/// A position of misère Nim: a row of heaps; a move takes any positive number of counters
/// from one heap; whoever takes the last counter **loses** (misère play).
///
/// The moves are those of [`Nim`]; only the winning convention differs.
/// Bouton (1901) gave the rule along with normal Nim's: play as in Nim until the move would
/// leave only heaps of size at most one, then leave an odd number of ones. With `x` the
/// nim-sum (XOR) of the heaps, a position is a P-position (the player to move loses) iff
///
/// - every heap is at most 1 and the number of ones is odd, or
/// - some heap is at least 2 and `x = 0`.
///
/// Misère play has no Grundy value to give (values do not add under misère play), so this
/// type has no `grundy` and does not implement [`ClosedForm`](crate::ClosedForm); the generic
/// [`Solver`](crate::Solver) answers it with [`Play::Misere`](crate::Play::Misere).
///
/// Heaps are any unsigned type from `u8` to `u128` ([`Heap`]); every answer is exact for
/// every value of the type.
///
/// # Laws
///
/// With `b` the number of heaps `≥ 2` and `u` the number of ones, the winning moves are:
///
/// - `b ≥ 2`: exactly Nim's winning moves (every heap `h` with `h ⊕ x < h`, reduced to
///   `h ⊕ x`), since every move leaves a heap `≥ 2`;
/// - `b = 1`: one move, the large heap reduced to `1` if `u` is even, to `0` if `u` is odd;
///   such a position is always N;
/// - `b = 0`: if `u` is even and positive, every heap of one emptied; otherwise none.
///
/// # Complexity
///
/// `new` O(1); `outcome` O(n) for n heaps; `winning_moves` O(n) for all of them.
///
/// # Examples
///
/// ```
/// use grundy::games::{MisereNim, NimMove};
/// use grundy::Outcome;
///
/// // Under normal play 1 ^ 1 ^ 1 != 0 wins; under misère play it loses.
/// assert_eq!(MisereNim::new(vec![1u8, 1, 1]).outcome(), Outcome::Previous);
///
/// // One large heap: reduce it so that an odd number of ones is left.
/// let nim = MisereNim::new(vec![1u32, 1, 7]);
/// let winning: Vec<_> = nim.winning_moves().collect();
/// assert_eq!(winning, vec![NimMove { heap: 2, to: 1 }]);
/// assert_eq!(nim.play(winning[0])?.outcome(), Outcome::Previous);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct MisereNim<T> {
    /// The same heaps and moves as Nim; only the winning convention differs.
    nim: Nim<T>,
}

/// What one pass over the heaps learns: the nim-sum, the heaps `≥ 2` and the ones.
struct Census {
    xor: u128,
    large: usize,
    /// The index of the last heap `≥ 2`, if any.
    last_large: Option<usize>,
    ones: usize,
}

impl<T: Heap> MisereNim<T> {
    /// The misère Nim position with these heaps (empty heaps are allowed and never move).
    ///
    /// Misère Nim has no invalid positions, so this cannot fail.
    ///
    /// # Examples
    ///
    /// ```
    /// let nim = grundy::games::MisereNim::new(vec![u128::MAX, 0, 1]);
    /// assert_eq!(nim.heaps().len(), 3);
    /// ```
    #[must_use]
    pub fn new(heaps: Vec<T>) -> Self {
        MisereNim {
            nim: Nim::new(heaps),
        }
    }

    /// The heaps, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::MisereNim::new(vec![1u8, 2]).heaps(), &[1, 2]);
    /// ```
    #[must_use]
    pub fn heaps(&self) -> &[T] {
        self.nim.heaps()
    }

    fn census(&self) -> Census {
        let mut census = Census {
            xor: 0,
            large: 0,
            last_large: None,
            ones: 0,
        };
        for (i, &h) in self.heaps().iter().enumerate() {
            census.xor ^= h.widen();
            if h > T::one() {
                census.large += 1;
                census.last_large = Some(i);
            } else if h == T::one() {
                census.ones += 1;
            }
        }
        census
    }

    /// Who wins under misère play: the player to move loses iff every heap is at most 1 and
    /// the ones are odd in number, or some heap is at least 2 and the nim-sum is zero.
    ///
    /// With no counters left the player to move has no move and so wins: an N-position with
    /// no winning move.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::MisereNim, Outcome};
    /// assert_eq!(MisereNim::new(vec![1u8]).outcome(), Outcome::Previous);
    /// assert_eq!(MisereNim::new(vec![2u8, 2]).outcome(), Outcome::Previous);
    /// assert_eq!(MisereNim::new(vec![1u8, 1]).outcome(), Outcome::Next);
    /// assert_eq!(MisereNim::<u8>::new(vec![]).outcome(), Outcome::Next);
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        let census = self.census();
        let previous = if census.large == 0 {
            census.ones % 2 == 1
        } else {
            census.xor == 0
        };
        if previous {
            Outcome::Previous
        } else {
            Outcome::Next
        }
    }

    /// Every winning move under misère play, lazily, in heap order: every move to a misère
    /// P-position, each once. Empty when the player to move loses (and for the empty
    /// position, which the player to move wins without moving).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{MisereNim, NimMove};
    /// // Two large heaps: as in Nim.
    /// let moves: Vec<_> = MisereNim::new(vec![2u8, 3]).winning_moves().collect();
    /// assert_eq!(moves, vec![NimMove { heap: 1, to: 2 }]);
    /// // Only ones, an even number of them: empty any one.
    /// let moves: Vec<_> = MisereNim::new(vec![1u8, 0, 1]).winning_moves().collect();
    /// assert_eq!(moves, vec![NimMove { heap: 0, to: 0 }, NimMove { heap: 2, to: 0 }]);
    /// ```
    pub fn winning_moves(&self) -> WinningMoves<'_, T> {
        let census = self.census();
        let rule = match (census.large, census.last_large) {
            (0, _) if census.ones > 0 && census.ones % 2 == 0 => Rule::EmptyOnes,
            (1, Some(heap)) => Rule::Single(Some(NimMove {
                heap,
                to: if census.ones % 2 == 0 {
                    T::one()
                } else {
                    T::zero()
                },
            })),
            (large, _) if large >= 2 && census.xor != 0 => Rule::Nim(census.xor),
            _ => Rule::Done,
        };
        WinningMoves {
            heaps: self.heaps().iter().enumerate(),
            rule,
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
    /// use grundy::games::{MisereNim, NimMove};
    /// let nim = MisereNim::new(vec![3u16]);
    /// assert!(nim.play(NimMove { heap: 0, to: 3 }).is_err());
    /// assert!(nim.play(NimMove { heap: 1, to: 0 }).is_err());
    /// assert_eq!(nim.play(NimMove { heap: 0, to: 1 })?.heaps(), &[1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, mv: NimMove<T>) -> Result<Self, Error> {
        self.nim.play(mv).map(|nim| MisereNim { nim })
    }
}

impl<T: Heap> From<Vec<T>> for MisereNim<T> {
    fn from(heaps: Vec<T>) -> Self {
        MisereNim::new(heaps)
    }
}

/// Which moves a [`WinningMoves`] lists.
#[derive(Debug, Clone)]
enum Rule<T> {
    /// Nim's moves: the heaps reduced by XOR with this nim-sum.
    Nim(u128),
    /// The one move of the large heap, until taken.
    Single(Option<NimMove<T>>),
    /// Every heap of one emptied.
    EmptyOnes,
    /// No moves.
    Done,
}

/// The winning moves of a [`MisereNim`] position, in heap order: from
/// [`MisereNim::winning_moves`].
///
/// # Examples
///
/// ```
/// let nim = grundy::games::MisereNim::new(vec![1u8, 1, 1, 1]);
/// assert_eq!(nim.winning_moves().count(), 4); // empty any one, leaving three ones
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WinningMoves<'a, T> {
    heaps: Enumerate<slice::Iter<'a, T>>,
    rule: Rule<T>,
}

impl<T: Heap> Iterator for WinningMoves<'_, T> {
    type Item = NimMove<T>;

    fn next(&mut self) -> Option<NimMove<T>> {
        match &mut self.rule {
            Rule::Nim(change) => {
                let change = *change;
                for (heap, &h) in self.heaps.by_ref() {
                    let to = h.widen() ^ change;
                    if to < h.widen() {
                        // `to < h`, so it fits in `T`.
                        if let Some(to) = T::narrow(to) {
                            return Some(NimMove { heap, to });
                        }
                    }
                }
                None
            }
            Rule::Single(mv) => mv.take(),
            Rule::EmptyOnes => self.heaps.by_ref().find_map(|(heap, &h)| {
                (h == T::one()).then_some(NimMove {
                    heap,
                    to: T::zero(),
                })
            }),
            Rule::Done => None,
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.rule {
            Rule::Nim(_) | Rule::EmptyOnes => (0, Some(self.heaps.len())),
            Rule::Single(mv) => {
                let n = usize::from(mv.is_some());
                (n, Some(n))
            }
            Rule::Done => (0, Some(0)),
        }
    }
}

impl<T: Heap> FusedIterator for WinningMoves<'_, T> {}

impl<T: Heap> Game for MisereNim<T> {
    type Move = NimMove<T>;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(NimMove<T>, Self) -> ControlFlow<()>,
    {
        self.nim
            .for_each_move(|mv, nim| visit(mv, MisereNim { nim }))
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
            for b in 0u8..5 {
                for c in 0u8..4 {
                    for d in 0u8..3 {
                        let nim = MisereNim::new(vec![a, b, c, d]);
                        assert_eq!(
                            solver.outcome(&nim, Play::Misere).unwrap(),
                            nim.outcome(),
                            "{nim:?}"
                        );
                        let mut searched: Vec<NimMove<u8>> = solver
                            .winning_moves(&nim, Play::Misere)
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
    }

    #[test]
    fn exact_at_the_top_of_u128() {
        let nim = MisereNim::new(vec![u128::MAX, 1, 1]);
        let moves: Vec<_> = nim.winning_moves().collect();
        assert_eq!(moves, vec![NimMove { heap: 0, to: 1 }]);
        let nim = MisereNim::new(vec![u128::MAX, u128::MAX - 1]);
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
