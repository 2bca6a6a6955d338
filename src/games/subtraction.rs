//! Subtraction games: one heap; a move removes `s` tokens for some `s` in a finite set `S`.

use crate::sequence::GrundySequence;
use crate::sequence::engine::subtraction_sequence;
use crate::solve::ClosedForm;
use crate::{Error, Game, Nimber, Outcome};
use alloc::format;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::hash::{Hash, Hasher};
use core::iter::FusedIterator;
use core::ops::ControlFlow;

/// The rules of a subtraction game, with the Grundy values of its heaps computed so far.
///
/// A subtraction game `S(s1, s2, …)` (*Winning Ways*, ch. 4) is played on one heap; a move
/// removes exactly `s` tokens for some `s` in the finite set `S`; whoever cannot move loses.
/// `G(n) = mex{G(n − s) : s ∈ S, s ≤ n}`, so the values are at most `|S|`, and the sequence is
/// eventually periodic: once a window of `max(S)` consecutive values repeats, every later
/// value repeats with it. [`tabulate`](Subtraction::tabulate) computes the values with a
/// bit-mask mex and proves the least period that way.
///
/// # Complexity
///
/// [`new`](Subtraction::new) O(|S| log |S|); [`tabulate`](Subtraction::tabulate) O(n·|S|) for
/// `n` values.
///
/// # Errors
///
/// [`Error::EmptySubtractionSet`], [`Error::ZeroInSubtractionSet`] for a bad set;
/// [`Error::TableLimit`] for a table past the caller's limit.
///
/// # Examples
///
/// ```
/// use grundy::games::Subtraction;
/// use grundy::sequence::Period;
///
/// let game = Subtraction::new([4, 1, 3])?.tabulate(100, 1000)?;
/// assert_eq!(game.set(), &[1, 3, 4]);
/// assert_eq!(&game.sequence().values()[..7], &[0, 1, 0, 1, 2, 3, 2]);
/// assert_eq!(game.sequence().period(), Some(Period { preperiod: 0, period: 7 }));
/// assert_eq!(game.sequence().get(u128::MAX)?.get(), [0, 1, 0, 1, 2, 3, 2][(u128::MAX % 7) as usize]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Subtraction {
    set: Vec<u128>,
    sequence: GrundySequence,
}

impl Subtraction {
    /// The subtraction game of the set `set` (in any order, repeats allowed), with no values
    /// computed yet.
    ///
    /// # Errors
    ///
    /// [`Error::EmptySubtractionSet`] if `set` is empty; [`Error::ZeroInSubtractionSet`] if it
    /// contains 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Subtraction, Error};
    /// assert_eq!(Subtraction::new([2, 2, 1])?.set(), &[1, 2]);
    /// assert_eq!(Subtraction::new([]), Err(Error::EmptySubtractionSet));
    /// assert_eq!(Subtraction::new([0, 1]), Err(Error::ZeroInSubtractionSet));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new<I: IntoIterator<Item = u128>>(set: I) -> Result<Self, Error> {
        let mut set: Vec<u128> = set.into_iter().collect();
        if set.is_empty() {
            return Err(Error::EmptySubtractionSet);
        }
        if set.contains(&0) {
            return Err(Error::ZeroInSubtractionSet);
        }
        set.sort_unstable();
        set.dedup();
        Ok(Subtraction {
            set,
            sequence: GrundySequence::default(),
        })
    }

    /// The set, ascending, without repeats.
    ///
    /// # Examples
    ///
    /// See [`Subtraction`].
    #[must_use]
    pub fn set(&self) -> &[u128] {
        &self.set
    }

    /// The rules with the values of heaps `0..len` computed (and the least period, when a
    /// window of `max(S)` values repeats within them). Past a proven period the rest of the
    /// table is filled by it.
    ///
    /// # Complexity
    ///
    /// O(len·|S|).
    ///
    /// # Errors
    ///
    /// [`Error::TableLimit`] if `len > limit`; [`Error::Overflow`] if the memory for the table
    /// cannot be had.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Subtraction, Error};
    /// let game = Subtraction::new([2, 5])?;
    /// assert!(matches!(game.clone().tabulate(11, 10), Err(Error::TableLimit { .. })));
    /// assert_eq!(game.tabulate(6, 10)?.sequence().values(), &[0, 0, 1, 1, 0, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tabulate(mut self, len: usize, limit: usize) -> Result<Self, Error> {
        self.sequence = subtraction_sequence(&self.set, len, limit)?;
        Ok(self)
    }

    /// The values computed so far.
    ///
    /// # Examples
    ///
    /// See [`Subtraction`].
    #[must_use]
    pub fn sequence(&self) -> &GrundySequence {
        &self.sequence
    }
}

/// A position of a subtraction game: one heap of `heap` tokens, with the rules (and their
/// table) shared through an [`Arc`].
///
/// # Complexity
///
/// `grundy`, `outcome` O(1); `winning_moves` O(|S|) in all.
///
/// # Errors
///
/// [`Error::HeapOutOfRange`] from the value methods if the heap is beyond the table and no
/// period is proven.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use grundy::games::{Subtraction, SubtractionHeap, SubtractionMove};
/// use grundy::{Nimber, Outcome};
///
/// let rules = Arc::new(Subtraction::new([1, 3, 4])?.tabulate(50, 50)?);
/// let heap = SubtractionHeap::new(rules.clone(), 10u128.pow(20) + 4); // = 6 (mod 7): *2
/// assert_eq!(heap.grundy()?, Nimber::new(2));
/// let winning: Vec<_> = heap.winning_moves()?.collect();
/// assert_eq!(winning, vec![SubtractionMove { take: 4 }]); // to 2 (mod 7), a P-position
/// assert_eq!(heap.play(winning[0])?.outcome()?, Outcome::Previous);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct SubtractionHeap {
    rules: Arc<Subtraction>,
    heap: u128,
}

/// A move of a subtraction game: remove `take` tokens.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use grundy::games::{Subtraction, SubtractionHeap, SubtractionMove};
/// let rules = Arc::new(Subtraction::new([2])?);
/// let next = SubtractionHeap::new(rules, 5).play(SubtractionMove { take: 2 })?;
/// assert_eq!(next.heap(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SubtractionMove {
    /// How many tokens are removed: an element of the set.
    pub take: u128,
}

impl SubtractionHeap {
    /// One heap of `heap` tokens.
    ///
    /// # Examples
    ///
    /// See [`SubtractionHeap`].
    #[must_use]
    pub fn new(rules: Arc<Subtraction>, heap: u128) -> Self {
        SubtractionHeap { rules, heap }
    }

    /// The number of tokens.
    ///
    /// # Examples
    ///
    /// See [`SubtractionMove`].
    #[must_use]
    pub fn heap(&self) -> u128 {
        self.heap
    }

    /// The game's rules and table.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use grundy::games::{Subtraction, SubtractionHeap};
    /// let heap = SubtractionHeap::new(Arc::new(Subtraction::new([1, 2])?), 3);
    /// assert_eq!(heap.rules().set(), &[1, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn rules(&self) -> &Arc<Subtraction> {
        &self.rules
    }

    /// The Grundy value of the heap.
    ///
    /// # Errors
    ///
    /// [`Error::HeapOutOfRange`] if the heap is beyond the table and no period is proven.
    ///
    /// # Examples
    ///
    /// See [`SubtractionHeap`].
    pub fn grundy(&self) -> Result<Nimber, Error> {
        self.rules.sequence.get(self.heap)
    }

    /// Who wins under normal play.
    ///
    /// # Errors
    ///
    /// As for [`grundy`](SubtractionHeap::grundy).
    ///
    /// # Examples
    ///
    /// See [`SubtractionHeap`].
    pub fn outcome(&self) -> Result<Outcome, Error> {
        self.grundy().map(Outcome::from_grundy)
    }

    /// Every winning move, lazily, by increasing take: the takes that leave a heap of value
    /// `*0`.
    ///
    /// # Errors
    ///
    /// As for [`grundy`](SubtractionHeap::grundy).
    ///
    /// # Examples
    ///
    /// See [`SubtractionHeap`].
    pub fn winning_moves(&self) -> Result<WinningMoves<'_>, Error> {
        self.moves_to(Nimber::ZERO)
    }

    /// The moves to a heap of value `target`.
    fn moves_to(&self, target: Nimber) -> Result<WinningMoves<'_>, Error> {
        self.grundy()?; // every smaller heap is then known too
        Ok(WinningMoves {
            heap: self,
            set: self.rules.set.iter(),
            target,
        })
    }

    /// The heap after `mv`.
    ///
    /// # Errors
    ///
    /// [`Error::IllegalMove`] if `mv.take` is not in the set or is more than the heap.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use grundy::games::{Subtraction, SubtractionHeap, SubtractionMove};
    /// let heap = SubtractionHeap::new(Arc::new(Subtraction::new([2, 3])?), 2);
    /// assert!(heap.play(SubtractionMove { take: 1 }).is_err());
    /// assert!(heap.play(SubtractionMove { take: 3 }).is_err());
    /// assert_eq!(heap.play(SubtractionMove { take: 2 })?.heap(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, mv: SubtractionMove) -> Result<Self, Error> {
        if self.rules.set.binary_search(&mv.take).is_err() {
            return Err(Error::IllegalMove {
                reason: format!("{} is not in the subtraction set", mv.take),
            });
        }
        let Some(heap) = self.heap.checked_sub(mv.take) else {
            return Err(Error::IllegalMove {
                reason: format!("cannot take {} from a heap of {}", mv.take, self.heap),
            });
        };
        Ok(SubtractionHeap {
            rules: self.rules.clone(),
            heap,
        })
    }
}

impl PartialEq for SubtractionHeap {
    /// Heaps are equal when their sets and sizes agree (the tables are caches of the same
    /// values).
    fn eq(&self, other: &Self) -> bool {
        self.heap == other.heap
            && (Arc::ptr_eq(&self.rules, &other.rules) || self.rules.set == other.rules.set)
    }
}

impl Eq for SubtractionHeap {}

impl Hash for SubtractionHeap {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.rules.set.hash(state);
        self.heap.hash(state);
    }
}

/// The winning moves of a [`SubtractionHeap`]: from [`SubtractionHeap::winning_moves`].
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use grundy::games::{Subtraction, SubtractionHeap};
/// let rules = Arc::new(Subtraction::new([1, 2])?.tabulate(10, 10)?);
/// assert_eq!(SubtractionHeap::new(rules, 9).winning_moves()?.count(), 0); // 9 = 0 (mod 3)
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WinningMoves<'a> {
    heap: &'a SubtractionHeap,
    set: core::slice::Iter<'a, u128>,
    target: Nimber,
}

impl Iterator for WinningMoves<'_> {
    type Item = SubtractionMove;

    fn next(&mut self) -> Option<SubtractionMove> {
        let heap = self.heap.heap;
        for &take in self.set.by_ref() {
            let rest = heap.checked_sub(take)?; // the set is ascending
            if self.heap.rules.sequence.get(rest).ok() == Some(self.target) {
                return Some(SubtractionMove { take });
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.set.len()))
    }
}

impl FusedIterator for WinningMoves<'_> {}

impl Game for SubtractionHeap {
    type Move = SubtractionMove;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(SubtractionMove, Self) -> ControlFlow<()>,
    {
        for &take in &self.rules.set {
            let Some(heap) = self.heap.checked_sub(take) else {
                break;
            };
            let next = SubtractionHeap {
                rules: self.rules.clone(),
                heap,
            };
            visit(SubtractionMove { take }, next)?;
        }
        ControlFlow::Continue(())
    }
}

impl ClosedForm for SubtractionHeap {
    fn grundy_value(&self) -> Result<Nimber, Error> {
        self.grundy()
    }

    fn moves_to_value(&self, target: Nimber) -> Result<Vec<(SubtractionMove, Self)>, Error> {
        self.moves_to(target)?
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
    fn agrees_with_search() {
        for set in [vec![1u128, 3, 4], vec![2, 5, 7], vec![3], vec![1, 2, 3, 10]] {
            let rules = Arc::new(
                Subtraction::new(set.clone())
                    .unwrap()
                    .tabulate(60, 60)
                    .unwrap(),
            );
            let mut solver = Solver::new();
            for h in 0..60 {
                let heap = SubtractionHeap::new(rules.clone(), h);
                assert_eq!(solver.grundy(&heap).unwrap(), heap.grundy().unwrap());
                let searched: Vec<SubtractionMove> = solver
                    .winning_moves(&heap, Play::Normal)
                    .unwrap()
                    .into_iter()
                    .map(|(m, _)| m)
                    .collect();
                let closed: Vec<SubtractionMove> = heap.winning_moves().unwrap().collect();
                assert_eq!(searched, closed, "{set:?} {h}");
            }
        }
    }

    #[test]
    fn huge_heaps_and_huge_elements() {
        let rules = Arc::new(
            Subtraction::new([u128::MAX, 1])
                .unwrap()
                .tabulate(10, 10)
                .unwrap(),
        );
        assert_eq!(rules.sequence().period(), None); // the window of u128::MAX never fits
        let heap = SubtractionHeap::new(rules, u128::MAX);
        assert!(matches!(heap.grundy(), Err(Error::HeapOutOfRange { .. })));
        assert_eq!(
            heap.play(SubtractionMove { take: u128::MAX })
                .unwrap()
                .heap(),
            0
        );
    }
}
