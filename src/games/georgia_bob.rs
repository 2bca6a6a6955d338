//! Georgia–Bob: chessmen on a row of cells; a move slides one chessman left.
//!
//! A namespace: [`GeorgiaBob`] and [`GeorgiaBobMove`] are re-exported as
//! `grundy::games::GeorgiaBob` and `grundy::games::GeorgiaBobMove`; this module also holds
//! [`WinningMoves`], the lazy iterator that Georgia–Bob's `winning_moves` and `moves_to_value`
//! return. Name it here to write the iterator's type down.

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
/// `new` O(n log n) for n chessmen in any order, O(n) if they come sorted: it sorts if it
/// must, then checks the cells and computes the nim-sum in one pass, and keeps it. So
/// `grundy` and `outcome` are O(1); `winning_moves` O(n) for all of them (one pass, 64 pairs
/// at a time); `play` O(n) (a copy of the cells; the nim-sum is carried over).
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
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GeorgiaBob<T> {
    /// The chessmen's cells, ascending, distinct, none 0.
    cells: Vec<T>,
    /// The nim-sum of the pairs' gaps, found in the pass that checks the cells (a function of
    /// `cells`, so the derived comparisons are those of `cells`).
    #[cfg_attr(feature = "serde", serde(skip))]
    nim_sum: T,
}

/// `GeorgiaBob { cells: [1, 4, 7, 8] }`: the cells, as they are all there is to the position.
impl<T: fmt::Debug> fmt::Debug for GeorgiaBob<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GeorgiaBob")
            .field("cells", &self.cells)
            .finish()
    }
}

/// A move of [`GeorgiaBob`]: the chessman on cell `from` slides left to cell `to`.
///
/// **Numbering:** `from` and `to` are cells of the board, numbered from 1 at the left edge,
/// not indices into [`GeorgiaBob::cells`]; a move names the chessman by the cell it stands on.
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
        // Cells that come sorted are checked and summed in one pass; others are sorted
        // first (the pass stops at the first block out of order), then checked and summed
        // in one pass.
        if let Some(nim_sum) = checked_nim_sum(&cells) {
            return Ok(GeorgiaBob { cells, nim_sum });
        }
        if !cells.is_sorted() {
            cells.sort_unstable();
        }
        let nim_sum = match checked_nim_sum(&cells) {
            Some(nim_sum) => nim_sum,
            None => {
                // Sorted, and not strictly increasing from the wall at 0: a chessman on cell
                // 0 (it comes first), or two on one cell (the first such pair is named).
                if cells.first().is_some_and(|c| c.is_zero()) {
                    return Err(Error::CellZero);
                }
                if let Some(pair) = cells.windows(2).find(|pair| pair[0] == pair[1]) {
                    return Err(Error::DuplicateCell {
                        cell: pair[0].widen(),
                    });
                }
                // Sorted, distinct and positive, which the pass accepts: not reached.
                plain_nim_sum(&cells)
            }
        };
        Ok(GeorgiaBob { cells, nim_sum })
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

    /// The position after the chessman at index `i`, whose left neighbour (or the wall) is
    /// on cell `left`, slides to the free cell `to` (`left < to < cells[i]`).
    ///
    /// One pair's gap changes, and the nim-sum with it: the gap left of the chessman if it is
    /// the right one of its pair (pairs end at the last cell), which shrinks by the distance
    /// slid, else the gap right of it, which grows by as much.
    fn slid(&self, i: usize, left: T, to: T) -> GeorgiaBob<T> {
        let mut cells = self.cells.clone();
        // `i` is a chessman's index (callers find it in `cells`); when the distance to the
        // last one is odd, `i + 1` is a chessman too.
        let from = core::mem::replace(&mut cells[i], to);
        let (old, new) = if (cells.len() - 1 - i) % 2 == 0 {
            (from - left - T::one(), to - left - T::one())
        } else {
            let right = cells[i + 1];
            (right - from - T::one(), right - to - T::one())
        };
        GeorgiaBob {
            cells,
            nim_sum: self.nim_sum ^ old ^ new,
        }
    }

    /// The number of pairs: `⌈n / 2⌉` for `n` chessmen.
    fn pair_count(&self) -> usize {
        self.cells.len().div_ceil(2)
    }
}

/// The nim-sum of the pairs' gaps if the cells are strictly increasing from the wall at cell
/// 0 (so sorted, distinct, and none on cell 0); `None` once a block of them shows they are
/// not.
///
/// The pairs end at the last cell, so with an odd count the first cell pairs with the wall.
/// One pass, in blocks of 64 pairs: within a block the order checks are joined with `&` and
/// the gaps XORed without a branch (a gap is taken as 0 where the order fails, never
/// computed past the type's range); a block out of order ends the pass, so unsorted input
/// costs a block, not a pass.
#[inline]
fn checked_nim_sum<T: Heap>(cells: &[T]) -> Option<T> {
    let (head, rest) = cells.split_at(cells.len() % 2);
    let (mut x, mut prev) = (T::zero(), T::zero());
    if let [first] = *head {
        if first.is_zero() {
            return None;
        }
        (x, prev) = (first - T::one(), first);
    }
    for block in rest.chunks(128) {
        let mut ordered = true;
        for pair in block.chunks_exact(2) {
            let (left, right) = (pair[0], pair[1]);
            let inside = left < right;
            ordered &= (prev < left) & inside;
            let gap = if inside {
                right - left - T::one()
            } else {
                T::zero()
            };
            x = x ^ gap;
            prev = right;
        }
        if !ordered {
            return None;
        }
    }
    Some(x)
}

/// The nim-sum of the pairs' gaps of valid cells (ascending, distinct, none 0).
fn plain_nim_sum<T: Heap>(cells: &[T]) -> T {
    cells.rchunks(2).fold(T::zero(), |x, pair| match *pair {
        [left, right] => x ^ (right - left - T::one()),
        [only] => x ^ (only - T::one()),
        _ => x,
    })
}

/// Pair `p` counted from the right, of valid cells: `(left, right, before)`, the left
/// chessman's cell (0 for the wall), the right one's, and the free cells left of the left
/// chessman back to the chessman or wall before it (`None` for the wall). Pair `p` ends at
/// index `n − 1 − 2p`.
#[inline(always)]
fn pair_at<T: Heap>(cells: &[T], p: usize) -> (T, T, Option<T>) {
    // `p < ⌈len / 2⌉`, so `2p ≤ len − 1`: the index neither wraps nor leaves the slice.
    let r = cells.len() - 1 - 2 * p;
    let right = cells[r];
    if r == 0 {
        return (T::zero(), right, None);
    }
    let left = cells[r - 1];
    let prev = if r >= 2 { cells[r - 2] } else { T::zero() };
    (left, right, Some(left - prev - T::one()))
}

/// The move of pair `(left, right, before)` that XORs its gap with `change`, if there is one:
/// `(from, to, is_move)`. The right chessman shrinks the gap `g` to `g ⊕ change` when that is
/// smaller; the left one widens it when that is larger and the cells left of it are free.
/// Computed without a branch (both kinds are common, and which one is unpredictable); `from`
/// and `to` mean nothing when `is_move` is false.
#[inline(always)]
fn pair_move<T: Heap>((left, right, before): (T, T, Option<T>), change: T) -> (T, T, bool) {
    let gap = right - left - T::one();
    let to = gap ^ change;
    let shrink = to < gap;
    let by = if shrink { gap - to } else { to - gap };
    let grow = (to > gap) & before.is_some_and(|b| by <= b);
    let from = if shrink { right } else { left };
    // `by ≤ gap < right` when shrinking, `by ≤ before < left` when widening.
    let to = if shrink | grow { from - by } else { from };
    (from, to, shrink | grow)
}

/// The winning moves (or moves to a value) of a [`GeorgiaBob`] position, from the rightmost
/// pair leftwards: from [`ClosedForm::winning_moves`] and [`ClosedForm::moves_to_value`].
///
/// Lazily, a block of up to 64 pairs at a time: a branch-free pass over the block marks the
/// pairs that have a move (one bit each), then each call to `next` takes the lowest mark.
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
    /// The XOR each pair's gap would undergo; 0 when there is no move.
    change: T,
    /// The pairs of the current block that have a move: bit `j` is pair `base + j`, pairs
    /// counted from the right.
    block: u64,
    base: usize,
    /// The first pair not yet loaded into a block.
    next: usize,
    /// How many pairs there are (all of them when there is no move: nothing to load).
    pairs: usize,
}

impl<'a, T: Heap> WinningMoves<'a, T> {
    fn new(board: &'a GeorgiaBob<T>, change: u128) -> Self {
        // A change past `T::MAX` widens every gap past `T::MAX`, which no cell allows.
        let change = T::narrow(change).unwrap_or_else(T::zero);
        let pairs = board.pair_count();
        WinningMoves {
            cells: &board.cells,
            change,
            block: 0,
            base: 0,
            next: if change.is_zero() { pairs } else { 0 },
            pairs,
        }
    }

    /// Loads the next block of pairs with a move, if any.
    fn refill(&mut self) -> bool {
        let n = self.cells.len();
        while self.next < self.pairs {
            let end = self.pairs.min(self.next + 64);
            let len = end - self.next;
            let mut bits = 0u64;
            // The right chessman of pair `p` is at index `n − 1 − 2p`: the block's pairs lie
            // in `cells[lo + 1..=hi]`, with `cells[lo]` before them, when `lo` exists.
            let hi = n - 1 - 2 * self.next;
            if let Some(lo) = (hi + 1).checked_sub(2 * len + 1) {
                // Right to left, as the blocks go (a block read left to right after a jump
                // back defeats the prefetcher: 5x slower past the caches): chunk `j` from the
                // right is pair `next + j`, and its `prev` is the cell before it.
                //
                // A pair `prev < left < right` with gap `g = right − left − 1`, and
                // `b = left − prev − 1` free cells before it, has a move exactly when
                // `g ⊕ change ≤ g + b = right − prev − 2`: when `g ⊕ change < g` the right
                // chessman shrinks the gap (and `g ⊕ change < g ≤ g + b`); otherwise
                // `g ⊕ change > g` (`change ≠ 0`), and the left chessman can widen it by
                // `(g ⊕ change) − g` exactly when that is at most `b`. No step can wrap.
                let change = self.change;
                let has_move = |left: T, right: T, prev: T| {
                    let gap = right - left - T::one();
                    u64::from((gap ^ change) <= right - prev - (T::one() + T::one()))
                };
                // Each chunk `[left, right]` waits for the next one, whose right chessman is
                // its `prev`; the last waits for `cells[lo]`.
                let mut chunks = self.cells[lo + 1..=hi].rchunks_exact(2);
                if let Some(first) = chunks.next() {
                    let mut waiting = (first[0], first[1]);
                    for (j, pair) in chunks.enumerate() {
                        bits |= has_move(waiting.0, waiting.1, pair[1]) << j;
                        waiting = (pair[0], pair[1]);
                    }
                    bits |= has_move(waiting.0, waiting.1, self.cells[lo]) << (len - 1);
                }
            } else {
                // The block with the leftmost pair, which may pair with the wall.
                for p in self.next..end {
                    let (_, _, is_move) = pair_move(pair_at(self.cells, p), self.change);
                    bits |= u64::from(is_move) << (p - self.next);
                }
            }
            self.base = self.next;
            self.next = end;
            if bits != 0 {
                self.block = bits;
                return true;
            }
        }
        false
    }
}

impl<T: Heap> Iterator for WinningMoves<'_, T> {
    type Item = GeorgiaBobMove<T>;

    #[inline]
    fn next(&mut self) -> Option<GeorgiaBobMove<T>> {
        if self.block == 0 && !self.refill() {
            return None;
        }
        let p = self.base + self.block.trailing_zeros() as usize;
        self.block &= self.block - 1;
        // The pair has a move, so it is the right chessman's when the gap shrinks, and
        // otherwise the left one's: no need to look at the cells before the pair again. (Both
        // kinds are common, and which one unpredictable: the choice is made without a branch.)
        let r = self.cells.len() - 1 - 2 * p;
        let right = self.cells[r];
        let left = r.checked_sub(1).map_or(T::zero(), |l| self.cells[l]);
        let gap = right - left - T::one();
        let to = gap ^ self.change;
        let shrink = to < gap;
        let (from, by) = if shrink {
            (right, gap - to)
        } else {
            (left, to - gap)
        };
        Some(GeorgiaBobMove {
            from,
            to: from - by,
        })
    }

    /// The marked pairs of the current block, up to one move for each pair not yet loaded.
    fn size_hint(&self) -> (usize, Option<usize>) {
        let marked = self.block.count_ones() as usize;
        (marked, Some(marked + (self.pairs - self.next)))
    }
}

impl<T: Heap> FusedIterator for WinningMoves<'_, T> {}

impl<T: Heap> Game for GeorgiaBob<T> {
    type Move = GeorgiaBobMove<T>;

    /// The buffer of its cells.
    fn owned_bytes(&self) -> usize {
        self.cells.capacity() * size_of::<T>()
    }

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(GeorgiaBobMove<T>, Self) -> ControlFlow<()>,
    {
        let mut left = T::zero();
        for (i, &from) in self.cells.iter().enumerate() {
            let mut to = left + T::one();
            while to < from {
                visit(GeorgiaBobMove { from, to }, self.slid(i, left, to))?;
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
        Ok(self.slid(i, left, mv.to))
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
        Ok(Nimber::new(self.nim_sum.widen()))
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
        Ok(WinningMoves::new(self, self.nim_sum.widen() ^ target.get()))
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
        #[serde(rename = "GeorgiaBob", expecting = "struct GeorgiaBob")]
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

    /// `new` as it was before the fused pass: sort, then the checks, then the sum.
    fn reference_new(mut cells: Vec<u8>) -> Result<(Vec<u8>, u8), Error> {
        cells.sort_unstable();
        if cells.first() == Some(&0) {
            return Err(Error::CellZero);
        }
        if let Some(pair) = cells.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(Error::DuplicateCell {
                cell: pair[0].into(),
            });
        }
        let x = cells.rchunks(2).fold(0, |x, pair| match *pair {
            [l, r] => x ^ (r - l - 1),
            [r] => x ^ (r - 1),
            _ => x,
        });
        Ok((cells, x))
    }

    #[test]
    fn new_checks_and_sums_as_before_in_any_order() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..20_000 {
            // Short and long (several blocks of 64 pairs), sorted or not, with small cells so
            // that repeats and cell 0 are common, or sparse ones so that they are rare.
            let len = if round % 10 == 0 {
                300
            } else {
                (next() % 12) as usize
            };
            let spread = [4, 40, 255][round % 3];
            let mut cells: Vec<u8> = (0..len).map(|_| (next() % spread) as u8).collect();
            match round % 4 {
                0 => cells.sort_unstable(),
                1 => {
                    cells.sort_unstable();
                    cells.dedup();
                    cells.retain(|&c| c != 0);
                }
                2 => {
                    cells.sort_unstable();
                    cells.dedup();
                    cells.retain(|&c| c != 0);
                    cells.reverse();
                }
                _ => {}
            }
            let got = GeorgiaBob::new(cells.clone()).map(|b| (b.cells.clone(), b.nim_sum));
            assert_eq!(got, reference_new(cells.clone()), "{cells:?}");
        }
    }

    #[test]
    fn every_move_keeps_the_sum_exact() {
        // Every move of every board on cells 1..=9 (and the same boards shifted to the top of
        // u8): the sum the move carries over is the sum of the new cells.
        for mask in 0u32..(1 << 9) {
            for offset in [0u8, 246] {
                let cells: Vec<u8> = (1..=9u8)
                    .filter(|c| mask >> (c - 1) & 1 == 1)
                    .map(|c| c + offset)
                    .collect();
                let board = GeorgiaBob::new(cells).unwrap();
                let _ = board.for_each_move(|mv, next| {
                    let again = GeorgiaBob::new(next.cells().to_vec()).unwrap();
                    assert_eq!(next.nim_sum, again.nim_sum, "{board:?} {mv}");
                    assert_eq!(board.play(mv).unwrap(), again, "{board:?} {mv}");
                    ControlFlow::Continue(())
                });
            }
        }
    }

    #[test]
    fn long_boards_list_every_move_across_blocks() {
        // 1000 chessmen (several blocks of 64 pairs), odd and even counts: the moves listed
        // are exactly the moves to P-positions, in order from the right.
        for n in [999usize, 1000] {
            // Gaps of 0 to 15 cells, pseudo-random.
            let (mut cell, mut seed) = (0u32, 0x9E37_79B9u32);
            let cells: Vec<u32> = (0..n)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 17;
                    seed ^= seed << 5;
                    cell += 1 + (seed >> 28);
                    cell
                })
                .collect();
            let board = GeorgiaBob::new(cells).unwrap();
            let listed: Vec<_> = board.winning_moves(crate::Play::Normal).unwrap().collect();
            let mut expected = Vec::new();
            let _ = board.for_each_move(|mv, next| {
                if next.grundy().unwrap() == Nimber::ZERO {
                    expected.push(mv);
                }
                ControlFlow::Continue(())
            });
            // Moves in the first block (from the right) and in the last.
            assert!(expected.iter().any(|mv| mv.from > board.cells()[n - 100]));
            assert!(expected.iter().any(|mv| mv.from < board.cells()[100]));
            // From the right: descending `from`.
            expected.sort_by_key(|mv| core::cmp::Reverse(mv.from));
            assert_eq!(listed, expected);
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
