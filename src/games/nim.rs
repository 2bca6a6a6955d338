//! Nim and misère Nim: heaps of counters; a move takes any positive number from one heap.

use crate::games::text::{parse_list, write_list};
use crate::solve::ClosedForm;
use crate::{Error, Game, Heap, Nimber, Outcome};
use alloc::format;
use alloc::vec::Vec;
use core::fmt;
use core::iter::FusedIterator;
use core::ops::ControlFlow;
use core::str::FromStr;

/// A position of Nim: a row of heaps; a move takes any positive number of counters from one
/// heap. Under normal play whoever takes the last counter wins; under misère play
/// ([`Play::Misere`](crate::Play::Misere)) whoever takes it loses.
///
/// **Normal play**, Bouton's theorem (1901): with `x` the nim-sum (XOR) of the heaps, the
/// player to move wins iff `x ≠ 0`, and the winning moves are exactly the heaps `h` with
/// `h ⊕ x < h` (those holding the top set bit of `x`), each reduced to `h ⊕ x`. The Grundy
/// value is `*x`.
///
/// **Misère play**, also Bouton's: play as in Nim until the move would leave only heaps of at
/// most one, then leave an odd number of ones. A position is P iff every heap is at most 1
/// and the ones are odd in number, or some heap is at least 2 and `x = 0`. With `b` the
/// number of heaps `≥ 2` and `u` the number of ones, the misère winning moves are: for
/// `b ≥ 2`, Nim's; for `b = 1`, the large heap reduced to `1` if `u` is even, to `0` if odd;
/// for `b = 0`, every one emptied if `u` is even and positive, else none. The position with
/// no counters is misère N: the player to move has no move and has won.
///
/// Heaps are any unsigned type from `u8` to `u128` ([`Heap`]); every answer is exact for
/// every value of the type.
///
/// # Complexity
///
/// `grundy`, `outcome` O(n) for n heaps; `winning_moves` O(n) for all of them, lazily.
///
/// # Examples
///
/// ```
/// use grundy::games::{Nim, NimMove};
/// use grundy::prelude::*;
///
/// let nim = Nim::from([5u32, 7, 9]);
/// assert_eq!(nim.grundy()?, Nimber::new(5 ^ 7 ^ 9)); // *11
/// assert_eq!(nim.outcome(Play::Normal)?, Outcome::Next);
/// let winning: Vec<_> = nim.winning_moves(Play::Normal)?.collect();
/// assert_eq!(winning, [NimMove { index: 2, to: 9 ^ 11 }]);
/// assert_eq!(nim.play(winning[0])?.outcome(Play::Normal)?, Outcome::Previous);
///
/// // Misère play: three ones lose for the player to move.
/// assert_eq!(Nim::from([1u8, 1, 1]).outcome(Play::Misere)?, Outcome::Previous);
/// let misere: Vec<_> = Nim::from([1u8, 1, 7]).winning_moves(Play::Misere)?.collect();
/// assert_eq!(misere, [NimMove { index: 2, to: 1 }]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Nim<T> {
    heaps: Vec<T>,
}

/// A move of [`Nim`]: the heap at `index` (0-based, in the order given) is reduced to `to`
/// counters.
///
/// # Examples
///
/// ```
/// use grundy::games::{Nim, NimMove};
/// use grundy::Game;
/// let mv = NimMove { index: 0, to: 1 };
/// assert_eq!(Nim::from([4u8]).play(mv)?.heaps(), &[1]);
/// assert_eq!(mv.to_string(), "heap 0 to 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NimMove<T> {
    /// The index of the heap moved in.
    pub index: usize,
    /// The heap's size after the move.
    pub to: T,
}

impl<T: fmt::Display> fmt::Display for NimMove<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "heap {} to {}", self.index, self.to)
    }
}

impl<T: Heap> Nim<T> {
    /// The Nim position with these heaps (empty heaps are allowed and never move).
    ///
    /// Nim has no invalid positions, so this cannot fail. [`From`] an array or a `Vec`, and
    /// [`FromIterator`], build one too.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Nim;
    /// let nim = Nim::new(vec![u128::MAX, 0, 1]);
    /// assert_eq!(nim.heaps().len(), 3);
    /// assert_eq!(nim, Nim::from([u128::MAX, 0, 1]));
    /// assert_eq!(nim, [u128::MAX, 0, 1].into_iter().collect());
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
    /// assert_eq!(grundy::games::Nim::from([1u8, 2]).heaps(), &[1, 2]);
    /// ```
    #[must_use]
    pub fn heaps(&self) -> &[T] {
        &self.heaps
    }

    /// The heaps, taken out of the position.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::Nim::from([1u8, 2]).into_heaps(), vec![1, 2]);
    /// ```
    #[must_use]
    pub fn into_heaps(self) -> Vec<T> {
        self.heaps
    }

    /// The nim-sum of the heaps, in `T` (one XOR per heap, which vectorises).
    #[inline]
    fn nim_sum(&self) -> T {
        self.heaps.iter().fold(T::zero(), |x, &h| x ^ h)
    }

    /// The moves that change the nim-sum by `change`: the heaps holding its top bit.
    fn xor_moves(&self, change: u128) -> WinningMoves<'_, T> {
        let rule = match T::narrow(change) {
            // No heap is changed by XOR with 0; a change with bits above `T` raises every heap.
            Some(change) if !change.is_zero() => Rule::Xor {
                change,
                top: top_bit(change),
            },
            _ => Rule::Single(None),
        };
        WinningMoves::new(&self.heaps, rule)
    }

    /// One pass over the heaps: the nim-sum, the heaps `≥ 2` and the ones.
    fn census(&self) -> Census {
        let mut census = Census {
            xor: 0,
            large: 0,
            last_large: None,
            ones: 0,
        };
        for (i, &h) in self.heaps.iter().enumerate() {
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
}

/// What one pass over the heaps learns for misère play.
struct Census {
    xor: u128,
    large: usize,
    /// The index of the last heap `≥ 2`, if any.
    last_large: Option<usize>,
    ones: usize,
}

impl<T> From<Vec<T>> for Nim<T> {
    fn from(heaps: Vec<T>) -> Self {
        Nim { heaps }
    }
}

impl<T, const N: usize> From<[T; N]> for Nim<T> {
    fn from(heaps: [T; N]) -> Self {
        Nim {
            heaps: heaps.into(),
        }
    }
}

impl<T> From<Nim<T>> for Vec<T> {
    fn from(nim: Nim<T>) -> Self {
        nim.heaps
    }
}

impl<T> FromIterator<T> for Nim<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Nim {
            heaps: iter.into_iter().collect(),
        }
    }
}

impl<T> Extend<T> for Nim<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        self.heaps.extend(iter);
    }
}

impl<T> AsRef<[T]> for Nim<T> {
    fn as_ref(&self) -> &[T] {
        &self.heaps
    }
}

/// The heaps in parentheses, `(3, 5, 7)`.
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::games::Nim::from([3u8, 5, 7]).to_string(), "(3, 5, 7)");
/// ```
impl<T: fmt::Display> fmt::Display for Nim<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, &self.heaps)
    }
}

/// Reads heaps separated by commas or spaces, in parentheses or not: `(3, 5, 7)`, `3 5 7`.
///
/// # Examples
///
/// ```
/// use grundy::games::Nim;
/// assert_eq!("(3, 5, 7)".parse::<Nim<u8>>()?, Nim::from([3, 5, 7]));
/// assert_eq!("3 5 7".parse::<Nim<u8>>()?, Nim::from([3, 5, 7]));
/// assert!("3 500".parse::<Nim<u8>>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<T: Heap> FromStr for Nim<T> {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        parse_list(text, "a Nim heap").map(Nim::new)
    }
}

/// The highest set bit of `x > 0`.
#[inline]
fn top_bit<T: Heap>(x: T) -> T {
    let bits = T::zero().count_zeros();
    T::one() << (bits - 1 - x.leading_zeros()) as usize
}

/// Which moves a [`WinningMoves`] lists.
#[derive(Debug, Clone)]
enum Rule<T> {
    /// The heaps `h` with `h ⊕ change < h`, that is those holding the top bit of `change`,
    /// each reduced to `h ⊕ change`.
    Xor {
        /// The XOR a heap undergoes.
        change: T,
        /// The highest set bit of `change`.
        top: T,
    },
    /// One move, until taken.
    Single(Option<NimMove<T>>),
    /// Every heap of one emptied.
    EmptyOnes,
}

/// The winning moves (or moves to a value) of a [`Nim`] position, lazily, in heap order:
/// from [`ClosedForm::winning_moves`] and [`ClosedForm::moves_to_value`].
///
/// # Examples
///
/// ```
/// use grundy::{games::Nim, ClosedForm, Play};
/// let nim = Nim::from([3u8, 5, 6, 1]);
/// let winning = nim.winning_moves(Play::Normal)?;
/// assert_eq!(winning.len(), 3); // 3, 5 and 1 hold bit 0 of the total *1
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WinningMoves<'a, T> {
    heaps: &'a [T],
    /// The heaps listed in the current block of at most 64: bit `i` is heap `base + i`.
    block: u64,
    base: usize,
    /// Where the next block starts.
    next: usize,
    rule: Rule<T>,
}

impl<'a, T: Heap> WinningMoves<'a, T> {
    fn new(heaps: &'a [T], rule: Rule<T>) -> Self {
        WinningMoves {
            heaps,
            block: 0,
            base: 0,
            next: 0,
            rule,
        }
    }

    /// Loads the next block with a listed heap, if any: a branch-free pass over up to 64
    /// heaps that sets one bit per listed heap.
    fn refill(&mut self) -> bool {
        while let Some(rest) = self.heaps.get(self.next..).filter(|rest| !rest.is_empty()) {
            let chunk = &rest[..rest.len().min(64)];
            let mut bits = 0u64;
            for (i, &h) in chunk.iter().enumerate() {
                bits |= u64::from(listed(&self.rule, h)) << i;
            }
            self.base = self.next;
            self.next += chunk.len();
            if bits != 0 {
                self.block = bits;
                return true;
            }
        }
        false
    }
}

/// Whether heap `h` is listed by `rule`.
#[inline(always)]
fn listed<T: Heap>(rule: &Rule<T>, h: T) -> bool {
    match *rule {
        Rule::Xor { top, .. } => !(h & top).is_zero(),
        Rule::EmptyOnes => h == T::one(),
        Rule::Single(_) => false,
    }
}

impl<T: Heap> Iterator for WinningMoves<'_, T> {
    type Item = NimMove<T>;

    #[inline]
    fn next(&mut self) -> Option<NimMove<T>> {
        if let Rule::Single(mv) = &mut self.rule {
            return mv.take();
        }
        if self.block == 0 && !self.refill() {
            return None;
        }
        let index = self.base + self.block.trailing_zeros() as usize;
        self.block &= self.block - 1;
        let h = self.heaps[index];
        let to = match self.rule {
            Rule::Xor { change, .. } => h ^ change,
            _ => T::zero(),
        };
        Some(NimMove { index, to })
    }

    /// Exact: the heaps left in the block, and a count of those the rule lists among the
    /// heaps after it (one pass over them).
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = match &self.rule {
            Rule::Single(mv) => usize::from(mv.is_some()),
            rule => {
                let rest = self.heaps.get(self.next..).unwrap_or_default();
                self.block.count_ones() as usize + rest.iter().filter(|&&h| listed(rule, h)).count()
            }
        };
        (n, Some(n))
    }
}

impl<T: Heap> ExactSizeIterator for WinningMoves<'_, T> {}

impl<T: Heap> FusedIterator for WinningMoves<'_, T> {}

impl<T: Heap> Game for Nim<T> {
    type Move = NimMove<T>;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(NimMove<T>, Self) -> ControlFlow<()>,
    {
        for (index, &h) in self.heaps.iter().enumerate() {
            let mut to = T::zero();
            while to < h {
                let mut heaps = self.heaps.clone();
                heaps[index] = to;
                visit(NimMove { index, to }, Nim { heaps })?;
                to = to + T::one();
            }
        }
        ControlFlow::Continue(())
    }

    /// # Errors
    ///
    /// [`Error::IllegalMove`] if `mv.index` is not a heap's index or `mv.to` is not smaller
    /// than that heap.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{Nim, NimMove};
    /// use grundy::Game;
    /// let nim = Nim::from([3u16]);
    /// assert!(nim.play(NimMove { index: 0, to: 3 }).is_err());
    /// assert!(nim.play(NimMove { index: 1, to: 0 }).is_err());
    /// assert_eq!(nim.play(NimMove { index: 0, to: 0 })?.heaps(), &[0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn play(&self, mv: NimMove<T>) -> Result<Self, Error> {
        let h = crate::error::heap_at(&self.heaps, mv.index)?;
        if mv.to >= h {
            return Err(Error::IllegalMove {
                reason: format!(
                    "heap {} holds {h}, so it cannot be reduced to {}",
                    mv.index, mv.to
                ),
            });
        }
        let mut heaps = self.heaps.clone();
        heaps[mv.index] = mv.to;
        Ok(Nim { heaps })
    }
}

/// Bouton's closed forms, under normal and misère play. Nothing here fails: every `Result`
/// is `Ok`.
impl<T: Heap> ClosedForm for Nim<T> {
    type MovesTo<'a> = WinningMoves<'a, T>;

    /// `*x`, the nim-sum of the heaps.
    #[inline]
    fn grundy(&self) -> Result<Nimber, Error> {
        Ok(Nimber::new(self.nim_sum().widen()))
    }

    /// The heaps `h` with `h ⊕ x ⊕ t < h`, reduced to `h ⊕ x ⊕ t`.
    fn moves_to_value(&self, target: Nimber) -> Result<WinningMoves<'_, T>, Error> {
        Ok(self.xor_moves(self.nim_sum().widen() ^ target.get()))
    }

    fn misere_outcome(&self) -> Result<Outcome, Error> {
        let census = self.census();
        let previous = if census.large == 0 {
            census.ones % 2 == 1
        } else {
            census.xor == 0
        };
        Ok(if previous {
            Outcome::Previous
        } else {
            Outcome::Next
        })
    }

    fn misere_winning_moves(&self) -> Result<WinningMoves<'_, T>, Error> {
        let census = self.census();
        let rule = match (census.large, census.last_large) {
            (0, _) if census.ones > 0 && census.ones % 2 == 0 => Rule::EmptyOnes,
            (1, Some(index)) => Rule::Single(Some(NimMove {
                index,
                to: if census.ones % 2 == 0 {
                    T::one()
                } else {
                    T::zero()
                },
            })),
            (large, _) if large >= 2 => return Ok(self.xor_moves(census.xor)),
            _ => Rule::Single(None),
        };
        Ok(WinningMoves::new(&self.heaps, rule))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Evaluator, Play, Solver};
    use alloc::vec;

    #[test]
    fn closed_form_matches_search_on_small_positions() {
        let mut solver = Solver::new();
        for a in 0u8..6 {
            for b in 0u8..6 {
                for c in 0u8..4 {
                    let nim = Nim::from([a, b, c]);
                    assert_eq!(solver.grundy(&nim).unwrap(), nim.grundy().unwrap());
                    for play in [Play::Normal, Play::Misere] {
                        assert_eq!(
                            solver.outcome(&nim, play).unwrap(),
                            nim.outcome(play).unwrap()
                        );
                        let mut searched: Vec<NimMove<u8>> =
                            solver.winning_moves(&nim, play).unwrap().collect();
                        searched.sort();
                        let closed = nim.winning_moves(play).unwrap();
                        assert_eq!(closed.len(), searched.len(), "{nim:?} {play}");
                        let closed: Vec<NimMove<u8>> = closed.collect();
                        assert_eq!(searched, closed, "{nim:?} {play}");
                    }
                }
            }
        }
    }

    #[test]
    fn exact_at_the_top_of_u128() {
        let nim = Nim::from([u128::MAX, u128::MAX - 1]);
        assert_eq!(nim.grundy().unwrap(), Nimber::ONE);
        let moves: Vec<_> = nim.winning_moves(Play::Normal).unwrap().collect();
        assert_eq!(
            moves,
            vec![NimMove {
                index: 0,
                to: u128::MAX - 1
            }]
        );
    }
}
