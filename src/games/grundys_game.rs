//! Grundy's game: a move splits one heap into two unequal non-empty heaps.

use crate::sequence::GrundySequence;
use crate::sequence::engine::{SplitRules, TakeRule, split_sequence};
use crate::sequence::moves::{Leaves, RowMoves, row_value};
use crate::solve::ClosedForm;
use crate::{Error, Game, Nimber, Outcome};
use alloc::format;
use alloc::sync::Arc;
use alloc::vec;
use alloc::vec::Vec;
use core::hash::{Hash, Hasher};
use core::iter::FusedIterator;
use core::ops::ControlFlow;

/// Grundy's game, with the Grundy values of its heaps computed so far.
///
/// Grundy's game (Grundy, 1939; *Winning Ways*, ch. 4) is played on heaps of tokens; a move
/// splits one heap into two non-empty heaps of **different** sizes, so heaps of 1 and 2 are
/// dead. It is not an octal game (the split must be unequal) but runs on the same
/// sparse-space engine. Its values have been computed to heaps beyond 10^11 with no period
/// found; [`tabulate`](GrundysGame::tabulate) proves one only if its values do, by the
/// Guy–Smith bound with the extra condition the unequal split needs (see
/// [`sequence`](crate::sequence)).
///
/// # Complexity
///
/// [`tabulate`](GrundysGame::tabulate) O(n·r) for `n` values and `r` rare positions, O(n²) in
/// the worst case.
///
/// # Errors
///
/// [`Error::TableLimit`] for a table past the caller's limit.
///
/// # Examples
///
/// ```
/// use grundy::games::GrundysGame;
///
/// let game = GrundysGame::new().tabulate(12, 100)?;
/// assert_eq!(game.sequence().values(), &[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]);
/// assert_eq!(game.sequence().period(), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GrundysGame {
    rules: SplitRules,
    sequence: GrundySequence,
    limit: usize,
}

impl Default for GrundysGame {
    fn default() -> Self {
        GrundysGame::new()
    }
}

impl GrundysGame {
    /// Grundy's game, with no values computed yet.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(grundy::games::GrundysGame::new().sequence().is_empty());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        GrundysGame {
            rules: SplitRules {
                takes: vec![TakeRule {
                    take: 0,
                    none: false,
                    one: false,
                    two: true,
                }],
                unequal: true,
            },
            sequence: GrundySequence::default(),
            limit: 0,
        }
    }

    /// The game with the values of heaps `0..len` computed (and a period, if they prove one).
    ///
    /// `limit` is the largest table the caller allows; it also bounds how many moves
    /// [`ClosedForm::moves_to_value`] lists for a position.
    ///
    /// # Errors
    ///
    /// [`Error::TableLimit`] if `len > limit`; [`Error::Overflow`] if the memory for the table
    /// cannot be had.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::GrundysGame, Error};
    /// assert!(matches!(GrundysGame::new().tabulate(5, 4), Err(Error::TableLimit { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tabulate(mut self, len: usize, limit: usize) -> Result<Self, Error> {
        self.sequence = split_sequence(&self.rules, len, limit)?;
        self.limit = limit;
        Ok(self)
    }

    /// The values computed so far.
    ///
    /// # Examples
    ///
    /// See [`GrundysGame`].
    #[must_use]
    pub fn sequence(&self) -> &GrundySequence {
        &self.sequence
    }
}

/// A position of Grundy's game: a row of heaps (a single heap being the common case), held
/// ascending with empty heaps dropped, sharing the game's table through an [`Arc`].
///
/// # Complexity
///
/// `grundy`, `outcome` O(heaps); `winning_moves` lazy, O(1) amortised per split tried.
///
/// # Errors
///
/// [`Error::HeapOutOfRange`] from the value methods if a heap is beyond the table and no period
/// is proven.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use grundy::games::{GrundysGame, GrundysMove, GrundysPosition};
/// use grundy::Outcome;
///
/// let game = Arc::new(GrundysGame::new().tabulate(100, 100)?);
/// let heap = GrundysPosition::heap(game, 8); // *2
/// assert_eq!(heap.outcome()?, Outcome::Next);
/// let winning: Vec<_> = heap.winning_moves()?.collect();
/// assert_eq!(winning, vec![GrundysMove { heap: 0, to: (1, 7) }]); // 7 is a P-position
/// assert_eq!(heap.play(winning[0])?.heaps(), &[1, 7]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct GrundysPosition {
    rules: Arc<GrundysGame>,
    heaps: Vec<u128>,
}

/// A move of Grundy's game: split heap number `heap` (its index in
/// [`GrundysPosition::heaps`]) into `to.0 < to.1`.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use grundy::games::{GrundysGame, GrundysMove, GrundysPosition};
/// let p = GrundysPosition::heap(Arc::new(GrundysGame::new()), 6);
/// assert!(p.play(GrundysMove { heap: 0, to: (3, 3) }).is_err()); // equal
/// assert_eq!(p.play(GrundysMove { heap: 0, to: (2, 4) })?.heaps(), &[2, 4]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GrundysMove {
    /// The index of the heap split.
    pub heap: usize,
    /// The two heaps it is split into, the smaller first.
    pub to: (u128, u128),
}

impl GrundysPosition {
    /// The position with these heaps (sorted ascending, empty heaps dropped).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use grundy::games::{GrundysGame, GrundysPosition};
    /// let p = GrundysPosition::new(Arc::new(GrundysGame::new()), vec![9, 0, 4]);
    /// assert_eq!(p.heaps(), &[4, 9]);
    /// ```
    #[must_use]
    pub fn new(rules: Arc<GrundysGame>, mut heaps: Vec<u128>) -> Self {
        heaps.retain(|&h| h > 0);
        heaps.sort_unstable();
        GrundysPosition { rules, heaps }
    }

    /// The position of one heap of `heap` tokens.
    ///
    /// # Examples
    ///
    /// See [`GrundysPosition`].
    #[must_use]
    pub fn heap(rules: Arc<GrundysGame>, heap: u128) -> Self {
        GrundysPosition::new(rules, vec![heap])
    }

    /// The heaps, ascending, none empty.
    ///
    /// # Examples
    ///
    /// See [`GrundysPosition::new`].
    #[must_use]
    pub fn heaps(&self) -> &[u128] {
        &self.heaps
    }

    /// The game's table.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use grundy::games::{GrundysGame, GrundysPosition};
    /// let p = GrundysPosition::heap(Arc::new(GrundysGame::new()), 3);
    /// assert!(p.rules().sequence().is_empty());
    /// ```
    #[must_use]
    pub fn rules(&self) -> &Arc<GrundysGame> {
        &self.rules
    }

    /// The Grundy value: the nim-sum of the heaps' values.
    ///
    /// # Errors
    ///
    /// [`Error::HeapOutOfRange`] if a heap is beyond the table and no period is proven.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use grundy::games::{GrundysGame, GrundysPosition};
    /// let game = Arc::new(GrundysGame::new().tabulate(10, 10)?);
    /// assert_eq!(GrundysPosition::new(game, vec![5, 6]).grundy()?.get(), 2 ^ 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grundy(&self) -> Result<Nimber, Error> {
        row_value(&self.rules.sequence, &self.heaps).map(Nimber::new)
    }

    /// Who wins under normal play.
    ///
    /// # Errors
    ///
    /// As for [`grundy`](GrundysPosition::grundy).
    ///
    /// # Examples
    ///
    /// See [`GrundysPosition`].
    pub fn outcome(&self) -> Result<Outcome, Error> {
        self.grundy().map(Outcome::from_grundy)
    }

    /// Every winning move, lazily: heap by heap, splits by the smaller part.
    ///
    /// # Errors
    ///
    /// As for [`grundy`](GrundysPosition::grundy).
    ///
    /// # Examples
    ///
    /// See [`GrundysPosition`].
    pub fn winning_moves(&self) -> Result<WinningMoves<'_>, Error> {
        self.moves_to(Nimber::ZERO)
    }

    /// The moves to a position of value `target`.
    fn moves_to(&self, target: Nimber) -> Result<WinningMoves<'_>, Error> {
        Ok(WinningMoves {
            moves: RowMoves::new(
                &self.rules.rules,
                &self.rules.sequence,
                &self.heaps,
                target.get(),
            )?,
        })
    }

    /// The position after `mv`.
    ///
    /// # Errors
    ///
    /// [`Error::IllegalMove`] if there is no heap `mv.heap`, or `mv.to` is not a split of it
    /// into two unequal non-empty heaps.
    ///
    /// # Examples
    ///
    /// See [`GrundysMove`].
    pub fn play(&self, mv: GrundysMove) -> Result<Self, Error> {
        let h = crate::error::heap_at(&self.heaps, mv.heap)?;
        let (a, b) = (mv.to.0.min(mv.to.1), mv.to.0.max(mv.to.1));
        if a == 0 || a == b || a.checked_add(b) != Some(h) {
            return Err(Error::IllegalMove {
                reason: format!(
                    "a heap of {h} cannot be split into {} and {}: the parts must be unequal, non-empty and add up to it",
                    mv.to.0, mv.to.1
                ),
            });
        }
        Ok(self.replaced(mv.heap, a, b))
    }

    /// This position with heap `index` split into `a` and `b`.
    fn replaced(&self, index: usize, a: u128, b: u128) -> Self {
        let mut heaps = self.heaps.clone();
        heaps[index] = a;
        heaps.push(b);
        GrundysPosition::new(self.rules.clone(), heaps)
    }
}

impl PartialEq for GrundysPosition {
    fn eq(&self, other: &Self) -> bool {
        self.heaps == other.heaps
    }
}

impl Eq for GrundysPosition {}

impl Hash for GrundysPosition {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.heaps.hash(state);
    }
}

/// The winning moves of a [`GrundysPosition`]: from [`GrundysPosition::winning_moves`].
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use grundy::games::{GrundysGame, GrundysPosition};
/// let game = Arc::new(GrundysGame::new().tabulate(10, 10)?);
/// assert_eq!(GrundysPosition::heap(game, 7).winning_moves()?.count(), 0); // a P-position
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WinningMoves<'a> {
    moves: RowMoves<'a>,
}

impl Iterator for WinningMoves<'_> {
    type Item = GrundysMove;

    fn next(&mut self) -> Option<GrundysMove> {
        loop {
            let (heap, _, left) = self.moves.next()?;
            if let Leaves::Two(a, b) = left {
                return Some(GrundysMove { heap, to: (a, b) });
            }
        }
    }
}

impl FusedIterator for WinningMoves<'_> {}

impl Game for GrundysPosition {
    type Move = GrundysMove;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(GrundysMove, Self) -> ControlFlow<()>,
    {
        for (index, &h) in self.heaps.iter().enumerate() {
            let mut a = 1;
            while a < h - a {
                let mv = GrundysMove {
                    heap: index,
                    to: (a, h - a),
                };
                visit(mv, self.replaced(index, a, h - a))?;
                a += 1;
            }
        }
        ControlFlow::Continue(())
    }
}

impl ClosedForm for GrundysPosition {
    fn grundy_value(&self) -> Result<Nimber, Error> {
        self.grundy()
    }

    /// The moves to value `target`, collected.
    ///
    /// # Errors
    ///
    /// As for [`GrundysPosition::grundy`], and [`Error::MoveLimit`] if there are more such
    /// moves than the table limit given to [`GrundysGame::tabulate`].
    fn moves_to_value(&self, target: Nimber) -> Result<Vec<(GrundysMove, Self)>, Error> {
        let limit = self.rules.limit;
        let mut moves = Vec::new();
        for mv in self.moves_to(target)? {
            if moves.len() == limit {
                return Err(Error::MoveLimit { limit });
            }
            moves.push((mv, self.replaced(mv.heap, mv.to.0, mv.to.1)));
        }
        Ok(moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Play, Solver};

    #[test]
    fn agrees_with_search() {
        let game = Arc::new(GrundysGame::new().tabulate(40, 40).unwrap());
        let mut solver = Solver::new();
        for heaps in [vec![20u128], vec![3, 9], vec![7, 8, 10], vec![1, 2], vec![]] {
            let p = GrundysPosition::new(game.clone(), heaps);
            assert_eq!(solver.grundy(&p).unwrap(), p.grundy().unwrap());
            let mut searched: Vec<GrundysMove> = solver
                .winning_moves(&p, Play::Normal)
                .unwrap()
                .into_iter()
                .map(|(m, _)| m)
                .collect();
            let mut closed: Vec<GrundysMove> = p.winning_moves().unwrap().collect();
            searched.sort();
            closed.sort();
            assert_eq!(searched, closed, "{p:?}");
        }
    }

    #[test]
    fn out_of_range_without_a_period() {
        let game = Arc::new(GrundysGame::new().tabulate(10, 10).unwrap());
        let p = GrundysPosition::heap(game, 10);
        assert!(matches!(p.grundy(), Err(Error::HeapOutOfRange { .. })));
        assert!(p.winning_moves().is_err());
    }
}
