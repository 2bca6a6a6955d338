//! Georgia–Bob: chessmen on a row of cells; a move slides one chessman left.

use crate::games::staircase::{Shift, shift};
use crate::games::text::{parse_list, write_list};
use crate::solve::ClosedForm;
use crate::{Error, Game, Heap, Nimber};
use alloc::format;
use alloc::vec::Vec;
use core::fmt;
use core::iter::FusedIterator;
use core::ops::ControlFlow;
use core::str::FromStr;

/// A position of Georgia–Bob: chessmen on distinct cells `1, 2, 3, …` of a row; a move slides
/// one chessman left by one or more cells, never onto or past another chessman and never off
/// cell 1; whoever cannot move loses (normal play).
///
/// The game is POJ 1704, "Georgia and Bob", and it is staircase Nim
/// ([`Staircase`](crate::games::Staircase), after Berlekamp, Conway and Guy, *Winning Ways*):
/// the empty cells between neighbouring chessmen are the coins on the steps, the gap before
/// the rightmost chessman being step 1. Sliding a chessman left takes coins from the gap on
/// its left and adds them to the gap on its right. So: sort the chessmen, pair them from the
/// right, and with an odd count pair the leftmost with a wall at cell 0; the gap of a pair is
/// `right − left − 1`, and the Grundy value is the nim-sum (XOR) of the pairs' gaps.
///
/// Winning moves come in two kinds, and naive solutions list only the first:
///
/// - the **right** chessman of a pair slides left, shrinking its gap `g` to `g ⊕ x`;
/// - the **left** chessman of a pair slides left, **widening** its gap to `g ⊕ x` when that is
///   larger, if the cells to its left are free (the gap before it, an even step, is that wide).
///
/// Cells are any unsigned type from `u8` to `u128` ([`Heap`]); every answer is exact for every
/// cell up to `T::MAX`.
///
/// # Laws
///
/// `G = ⊕ gaps of the pairs`; the moves to a position of value `t` are those of the staircase
/// with `c = G ⊕ t`: at most one per pair, as in [`Staircase`](crate::games::Staircase).
///
/// # Complexity
///
/// `new` O(n log n) for n chessmen in any order, O(n) if they come sorted; `grundy`,
/// `outcome` O(n); `winning_moves` O(n) for all of them; `play` O(n).
///
/// # Errors
///
/// [`GeorgiaBob::new`] returns [`Error::CellZero`] for a chessman on cell 0 and
/// [`Error::DuplicateCell`] for two chessmen on one cell. The questions of [`ClosedForm`]
/// never fail under normal play; misère play is not answered
/// ([`Error::MisereUnsupported`]).
///
/// # Examples
///
/// ```
/// use grundy::games::{GeorgiaBob, GeorgiaBobMove};
/// use grundy::prelude::*;
///
/// // Pairs (2, 5) and (6, 9): gaps 2 and 2, so G = *0: the player to move loses.
/// let board = GeorgiaBob::new(vec![9u32, 2, 6, 5])?;
/// assert_eq!(board.outcome(Play::Normal)?, Outcome::Previous);
///
/// // Pairs (1, 4) and (7, 8): gaps 2 and 0, G = *2.
/// let board = GeorgiaBob::new(vec![1u32, 4, 7, 8])?;
/// assert_eq!(board.grundy()?, Nimber::new(2));
/// let winning: Vec<_> = board.winning_moves(Play::Normal)?.collect();
/// assert_eq!(
///     winning,
///     vec![
///         GeorgiaBobMove { from: 7, to: 5 }, // widen (7, 8) to gap 2: cells 5, 6 are free
///         GeorgiaBobMove { from: 4, to: 2 }, // shrink (1, 4) to gap 0
///     ]
/// );
/// for mv in winning {
///     assert_eq!(board.play(mv)?.outcome(Play::Normal)?, Outcome::Previous);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GeorgiaBob<T> {
    /// The chessmen's cells, ascending, distinct, none 0.
    cells: Vec<T>,
}

/// A move of [`GeorgiaBob`]: the chessman on cell `from` slides left to cell `to`.
///
/// # Examples
///
/// ```
/// use grundy::games::{GeorgiaBob, GeorgiaBobMove};
/// use grundy::Game;
/// let mv = GeorgiaBobMove { from: 8, to: 4 };
/// let next = GeorgiaBob::new(vec![3u8, 8])?.play(mv)?;
/// assert_eq!(next.cells(), &[3, 4]);
/// assert_eq!(mv.to_string(), "cell 8 to cell 4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GeorgiaBobMove<T> {
    /// The cell the chessman stands on.
    pub from: T,
    /// The cell it slides to, left of `from`.
    pub to: T,
}

impl<T: fmt::Display> fmt::Display for GeorgiaBobMove<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cell {} to cell {}", self.from, self.to)
    }
}

impl<T: Heap> GeorgiaBob<T> {
    /// The position with chessmen on these cells, given in any order.
    ///
    /// # Errors
    ///
    /// [`Error::CellZero`] if a chessman stands on cell 0 (cells are `1..=T::MAX`);
    /// [`Error::DuplicateCell`] naming the cell if two chessmen stand on one cell.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::GeorgiaBob, Error};
    /// assert_eq!(GeorgiaBob::new(vec![5u8, 1, 3])?.cells(), &[1, 3, 5]);
    /// assert_eq!(GeorgiaBob::new(vec![5u8, 0]), Err(Error::CellZero));
    /// assert_eq!(GeorgiaBob::new(vec![5u8, 2, 5]), Err(Error::DuplicateCell { cell: 5 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(mut cells: Vec<T>) -> Result<Self, Error> {
        if !cells.is_sorted() {
            cells.sort_unstable();
        }
        if cells.first().is_some_and(|c| c.is_zero()) {
            return Err(Error::CellZero);
        }
        if let Some(pair) = cells.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(Error::DuplicateCell {
                cell: pair[0].widen(),
            });
        }
        Ok(GeorgiaBob { cells })
    }

    /// The chessmen's cells, ascending.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::GeorgiaBob::new(vec![7u16, 2])?.cells(), &[2, 7]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// The nim-sum of the pairs' gaps.
    fn nim_sum(&self) -> u128 {
        self.pairs().fold(0, |x, pair| x ^ pair.gap)
    }

    fn pairs(&self) -> Pairs<'_, T> {
        Pairs {
            cells: &self.cells,
            remaining: self.cells.len(),
        }
    }
}

/// One pair of chessmen, from the right: `right` is an index into the cells, its partner the
/// cell before it (or the wall at 0).
#[derive(Debug, Clone, Copy)]
struct Pair {
    /// The index of the right chessman.
    right: usize,
    /// The free cells between the two.
    gap: u128,
    /// The free cells left of the left chessman, back to the chessman or wall before it;
    /// `None` if the left of the pair is the wall.
    before: Option<u128>,
}

/// The pairs, from the right.
#[derive(Debug, Clone)]
struct Pairs<'a, T> {
    cells: &'a [T],
    /// How many cells, from the left, are not yet paired.
    remaining: usize,
}

impl<T: Heap> Iterator for Pairs<'_, T> {
    type Item = Pair;

    fn next(&mut self) -> Option<Pair> {
        let right = self.remaining.checked_sub(1)?;
        self.remaining = self.remaining.saturating_sub(2);
        let cell = |i: Option<usize>| i.and_then(|i| self.cells.get(i)).map_or(0, |c| c.widen());
        let r = cell(Some(right));
        let l = cell(right.checked_sub(1));
        let gap = r - l - 1;
        let before = right
            .checked_sub(1)
            .map(|left| l - cell(left.checked_sub(1)) - 1);
        Some(Pair { right, gap, before })
    }
}

/// The winning moves (or moves to a value) of a [`GeorgiaBob`] position, from the rightmost
/// pair leftwards: from [`ClosedForm::winning_moves`] and [`ClosedForm::moves_to_value`].
///
/// # Examples
///
/// ```
/// use grundy::{games::GeorgiaBob, ClosedForm, Play};
/// let board = GeorgiaBob::new(vec![1u8, 4, 7, 8])?;
/// assert_eq!(board.winning_moves(Play::Normal)?.count(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WinningMoves<'a, T> {
    cells: &'a [T],
    /// How many cells, from the left, are not yet paired.
    remaining: usize,
    /// The XOR the nim-sum of the gaps must undergo.
    change: u128,
}

impl<T: Heap> Iterator for WinningMoves<'_, T> {
    type Item = GeorgiaBobMove<T>;

    fn next(&mut self) -> Option<GeorgiaBobMove<T>> {
        if self.change == 0 {
            return None;
        }
        let mut pairs = Pairs {
            cells: self.cells,
            remaining: self.remaining,
        };
        while let Some(pair) = pairs.next() {
            self.remaining = pairs.remaining;
            let (from, to) = match shift(pair.gap, pair.before, self.change) {
                Some(Shift::Shrink(by)) => {
                    let from = self.cells[pair.right].widen();
                    (from, from - by)
                }
                Some(Shift::Grow(by)) => {
                    // `before` is `Some`, so the pair has a left chessman.
                    let from = self.cells[pair.right - 1].widen();
                    (from, from - by)
                }
                None => continue,
            };
            // `to < from`, so both fit in `T`.
            if let (Some(from), Some(to)) = (T::narrow(from), T::narrow(to)) {
                return Some(GeorgiaBobMove { from, to });
            }
        }
        self.remaining = 0;
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let pairs = self.remaining.div_ceil(2);
        (0, Some(if self.change == 0 { 0 } else { pairs }))
    }
}

impl<T: Heap> FusedIterator for WinningMoves<'_, T> {}

impl<T: Heap> Game for GeorgiaBob<T> {
    type Move = GeorgiaBobMove<T>;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(GeorgiaBobMove<T>, Self) -> ControlFlow<()>,
    {
        let mut left = T::zero();
        for (i, &from) in self.cells.iter().enumerate() {
            let mut to = left + T::one();
            while to < from {
                let mut cells = self.cells.clone();
                cells[i] = to;
                visit(GeorgiaBobMove { from, to }, GeorgiaBob { cells })?;
                to = to + T::one();
            }
            left = from;
        }
        ControlFlow::Continue(())
    }

    /// # Errors
    ///
    /// [`Error::IllegalMove`] if no chessman stands on `mv.from`, or `mv.to` is not a free
    /// cell left of it that it can reach (not cell 0, not onto or past another chessman).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{GeorgiaBob, GeorgiaBobMove};
    /// use grundy::Game;
    /// let board = GeorgiaBob::new(vec![2u8, 5])?;
    /// assert!(board.play(GeorgiaBobMove { from: 4, to: 3 }).is_err()); // no chessman on 4
    /// assert!(board.play(GeorgiaBobMove { from: 5, to: 2 }).is_err()); // onto a chessman
    /// assert!(board.play(GeorgiaBobMove { from: 5, to: 1 }).is_err()); // past one
    /// assert!(board.play(GeorgiaBobMove { from: 2, to: 0 }).is_err()); // off the board
    /// assert_eq!(board.play(GeorgiaBobMove { from: 5, to: 3 })?.cells(), &[2, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn play(&self, mv: GeorgiaBobMove<T>) -> Result<Self, Error> {
        let Ok(i) = self.cells.binary_search(&mv.from) else {
            return Err(Error::IllegalMove {
                reason: format!("no chessman stands on cell {}", mv.from),
            });
        };
        let left = i.checked_sub(1).map_or(T::zero(), |j| self.cells[j]);
        if mv.from == left + T::one() {
            return Err(Error::IllegalMove {
                reason: format!(
                    "the chessman on cell {} cannot move: {}",
                    mv.from,
                    if left.is_zero() {
                        "it stands on cell 1, at the edge"
                    } else {
                        "the cell to its left is taken"
                    }
                ),
            });
        }
        if mv.to >= mv.from || mv.to <= left {
            return Err(Error::IllegalMove {
                reason: format!(
                    "the chessman on cell {} can slide only to cells {} to {}, not to {}",
                    mv.from,
                    left + T::one(),
                    mv.from - T::one(),
                    mv.to
                ),
            });
        }
        let mut cells = self.cells.clone();
        cells[i] = mv.to;
        Ok(GeorgiaBob { cells })
    }
}

/// Staircase Nim on the gaps. Under normal play nothing here fails.
impl<T: Heap> ClosedForm for GeorgiaBob<T> {
    type MovesTo<'a> = WinningMoves<'a, T>;

    /// The nim-sum of the pairs' gaps.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::GeorgiaBob, ClosedForm, Nimber};
    /// // One chessman pairs with the wall at cell 0: gap 4.
    /// assert_eq!(GeorgiaBob::new(vec![5u8])?.grundy()?, Nimber::new(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn grundy(&self) -> Result<Nimber, Error> {
        Ok(Nimber::new(self.nim_sum()))
    }

    /// The moves to value `t` (with `t = *0`, every winning move), lazily, from the rightmost pair leftwards: a right chessman
    /// shrinking its pair's gap, or a left chessman widening it, to make the nim-sum `t`.
    /// Empty when the player to move loses.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{GeorgiaBob, GeorgiaBobMove};
    /// use grundy::{ClosedForm, Play};
    /// // Pairs (2, 3) and (7, 10): gaps 0 and 2, G = *2. Shrink (7, 10): 10 to 8. The gap
    /// // of (2, 3) cannot grow to 2, as only cell 1 is free left of 2.
    /// let moves: Vec<_> = GeorgiaBob::new(vec![2u8, 3, 7, 10])?.winning_moves(Play::Normal)?.collect();
    /// assert_eq!(moves, vec![GeorgiaBobMove { from: 10, to: 8 }]);
    ///
    /// // The widening kind: pairs (1, 4) and (7, 8), gaps 2 and 0, G = *2. Shrink (1, 4)
    /// // by 4 -> 2, or widen (7, 8) to gap 2 by sliding 7 to 5 (cells 5 and 6 are free).
    /// let mut moves: Vec<_> = GeorgiaBob::new(vec![1u8, 4, 7, 8])?.winning_moves(Play::Normal)?.collect();
    /// moves.sort();
    /// assert_eq!(
    ///     moves,
    ///     vec![GeorgiaBobMove { from: 4, to: 2 }, GeorgiaBobMove { from: 7, to: 5 }]
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn moves_to_value(&self, target: Nimber) -> Result<WinningMoves<'_, T>, Error> {
        Ok(WinningMoves {
            cells: &self.cells,
            remaining: self.cells.len(),
            change: self.nim_sum() ^ target.get(),
        })
    }
}

/// The cells of the chessmen, ascending, `(1, 4, 7, 8)`.
///
/// # Examples
///
/// ```
/// use grundy::games::GeorgiaBob;
/// let board = GeorgiaBob::new(vec![8u8, 1, 7, 4])?;
/// assert_eq!(board.to_string(), "(1, 4, 7, 8)");
/// assert_eq!("8 1 7 4".parse::<GeorgiaBob<u8>>()?, board);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<T: fmt::Display> fmt::Display for GeorgiaBob<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, &self.cells)
    }
}

/// Reads the chessmen's cells in any order: `(1, 4, 7, 8)`, `8 1 7 4`; checked as by
/// [`GeorgiaBob::new`].
impl<T: Heap> FromStr for GeorgiaBob<T> {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        GeorgiaBob::new(parse_list(text, "a chessman's cell")?)
    }
}

impl<T: Heap> TryFrom<Vec<T>> for GeorgiaBob<T> {
    type Error = Error;

    fn try_from(cells: Vec<T>) -> Result<Self, Error> {
        GeorgiaBob::new(cells)
    }
}

#[cfg(feature = "serde")]
impl<'de, T: Heap + serde::Deserialize<'de>> serde::Deserialize<'de> for GeorgiaBob<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(rename = "GeorgiaBob")]
        struct Raw<T> {
            cells: Vec<T>,
        }
        let raw = Raw::<T>::deserialize(deserializer)?;
        GeorgiaBob::new(raw.cells).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Evaluator, Solver};
    use alloc::vec;

    #[test]
    fn closed_form_matches_search_on_small_positions() {
        let mut solver = Solver::new();
        // Every set of chessmen on cells 1..=9.
        for mask in 0u32..(1 << 9) {
            let cells: Vec<u8> = (1..=9u8).filter(|c| mask >> (c - 1) & 1 == 1).collect();
            let board = GeorgiaBob::new(cells).unwrap();
            assert_eq!(
                solver.grundy(&board).unwrap(),
                board.grundy().unwrap(),
                "{board:?}"
            );
            for t in 0..8 {
                let target = Nimber::new(t);
                let mut searched: Vec<_> = solver.moves_to_value(&board, target).unwrap().collect();
                searched.sort();
                let mut closed: Vec<_> = board.moves_to_value(target).unwrap().collect();
                closed.sort();
                assert_eq!(searched, closed, "{board:?} to {target}");
            }
        }
    }

    #[test]
    fn exact_at_the_top_of_u128() {
        let board = GeorgiaBob::new(vec![u128::MAX, 1]).unwrap();
        assert_eq!(board.grundy().unwrap(), Nimber::new(u128::MAX - 2));
        let moves: Vec<_> = board.winning_moves(crate::Play::Normal).unwrap().collect();
        assert_eq!(
            moves,
            vec![GeorgiaBobMove {
                from: u128::MAX,
                to: 2
            }]
        );
    }
}
