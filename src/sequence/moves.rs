//! The moves of one heap of a take-and-break game to a given value, lazily, in O(1) per move
//! once a period is proven (so a heap of 10^30 tokens never hangs the search for the next).

use super::GrundySequence;
use super::engine::SplitRules;
use crate::Error;
use alloc::vec::Vec;

/// What a move of a take-and-break game leaves of the heap it is made in: nothing, one
/// non-empty heap, or two non-empty heaps (smaller first). Empty heaps are never listed.
///
/// # Examples
///
/// ```
/// use grundy::games::octal::Leaves;
///
/// let left = Leaves::Two(2, 5);
/// assert_eq!(left.heaps().collect::<Vec<_>>(), vec![2, 5]);
/// assert_eq!(left.total(), Some(7));
/// assert_eq!(Leaves::Empty.heaps().count(), 0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Leaves {
    /// Nothing: the move took the whole heap.
    Empty,
    /// One non-empty heap.
    One(u128),
    /// Two non-empty heaps, the smaller first.
    Two(u128, u128),
}

impl Leaves {
    /// The heaps left, ascending.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::octal::Leaves;
    /// assert_eq!(Leaves::One(4).heaps().collect::<Vec<_>>(), vec![4]);
    /// ```
    pub fn heaps(&self) -> impl Iterator<Item = u128> + use<> {
        let (parts, n) = match *self {
            Leaves::Empty => ([0, 0], 0),
            Leaves::One(a) => ([a, 0], 1),
            Leaves::Two(a, b) => ([a.min(b), a.max(b)], 2),
        };
        parts.into_iter().take(n)
    }

    /// The number of tokens left, or `None` if it overflows `u128`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::octal::Leaves;
    /// assert_eq!(Leaves::Two(u128::MAX, 1).total(), None);
    /// assert_eq!(Leaves::Empty.total(), Some(0));
    /// ```
    #[must_use]
    pub fn total(&self) -> Option<u128> {
        self.heaps().try_fold(0u128, u128::checked_add)
    }
}

/// Where the enumeration of one take stands.
#[derive(Debug, Clone)]
enum Stage {
    /// The moves that leave nothing or one heap, then the splits.
    Simple,
    /// Splits `(a, m - a)` with `a` in `next..=end`, both parts read from the table.
    Direct { m: u128, next: u128, end: u128 },
    /// Splits with both parts in the periodic range: `a = base + offset` for each matching
    /// offset, `base` stepping by the period, up to `end`.
    Periodic {
        m: u128,
        offsets: Vec<u128>,
        index: usize,
        base: u128,
        end: u128,
    },
    /// This take is done.
    Done,
}

/// The moves of one heap whose option has the value `target`, by take, then nothing, one heap,
/// two heaps (by the smaller part).
#[derive(Debug, Clone)]
pub(crate) struct SplitMoves<'a> {
    rules: &'a SplitRules,
    sequence: &'a GrundySequence,
    heap: u128,
    target: Option<u32>,
    take: usize,
    stage: Stage,
}

impl<'a> SplitMoves<'a> {
    /// The moves of `heap` to options of value `target`.
    ///
    /// # Errors
    ///
    /// [`Error::HeapOutOfRange`] if the value of `heap` is not known.
    pub(crate) fn new(
        rules: &'a SplitRules,
        sequence: &'a GrundySequence,
        heap: u128,
        target: u128,
    ) -> Result<Self, Error> {
        // Every heap below a known heap is known.
        sequence.raw(heap)?;
        Ok(SplitMoves {
            rules,
            sequence,
            heap,
            target: u32::try_from(target).ok(),
            take: 0,
            stage: Stage::Simple,
        })
    }

    /// The value of a heap below `self.heap`, which is known.
    fn value(&self, heap: u128) -> u32 {
        self.sequence.raw(heap).unwrap_or(u32::MAX)
    }

    /// The splits of `m` tokens to start with, for the current take.
    fn splits(&self, m: u128) -> Stage {
        let end = m / 2;
        match self.sequence.period() {
            None => Stage::Direct { m, next: 1, end },
            Some(p) => {
                let start = (p.preperiod as u128).max(1);
                // Below `start` read the table; from it, both parts are periodic.
                if end < start {
                    return Stage::Direct { m, next: 1, end };
                }
                Stage::Direct {
                    m,
                    next: 1,
                    end: start - 1,
                }
            }
        }
    }

    /// The periodic stage of the splits of `m`, after the direct one.
    fn periodic(&self, m: u128) -> Stage {
        let (Some(p), Some(target)) = (self.sequence.period(), self.target) else {
            return Stage::Done;
        };
        let start = (p.preperiod as u128).max(1);
        let end = m / 2;
        if end < start {
            return Stage::Done;
        }
        let period = p.period as u128;
        let last = end.min(start + period - 1);
        let offsets: Vec<u128> = (start..=last)
            .filter(|&a| self.value(a) ^ self.value(m - a) == target)
            .map(|a| a - start)
            .collect();
        if offsets.is_empty() {
            return Stage::Done;
        }
        Stage::Periodic {
            m,
            offsets,
            index: 0,
            base: start,
            end,
        }
    }
}

impl Iterator for SplitMoves<'_> {
    type Item = (usize, Leaves);

    fn next(&mut self) -> Option<(usize, Leaves)> {
        let target = self.target?;
        loop {
            let rule = *self.rules.takes.get(self.take)?;
            let t = rule.take as u128;
            match &mut self.stage {
                Stage::Simple => {
                    self.stage = if rule.two && self.heap >= t + 2 {
                        self.splits(self.heap - t)
                    } else {
                        Stage::Done
                    };
                    if rule.none && self.heap == t && target == 0 {
                        return Some((rule.take, Leaves::Empty));
                    }
                    if rule.one && self.heap > t && self.value(self.heap - t) == target {
                        return Some((rule.take, Leaves::One(self.heap - t)));
                    }
                }
                Stage::Direct { m, next, end } => {
                    let (m, end) = (*m, *end);
                    while *next <= end {
                        let a = *next;
                        *next += 1;
                        if self.rules.unequal && 2 * a == m {
                            continue;
                        }
                        // `next` is borrowed mutably; read the table through the fields.
                        let (va, vb) = (
                            self.sequence.raw(a).unwrap_or(u32::MAX),
                            self.sequence.raw(m - a).unwrap_or(u32::MAX),
                        );
                        if va ^ vb == target {
                            return Some((rule.take, Leaves::Two(a, m - a)));
                        }
                    }
                    self.stage = self.periodic(m);
                }
                Stage::Periodic {
                    m,
                    offsets,
                    index,
                    base,
                    end,
                } => {
                    let m = *m;
                    let Some(&offset) = offsets.get(*index) else {
                        *index = 0;
                        let period = self.sequence.period().map_or(0, |p| p.period as u128);
                        match base.checked_add(period) {
                            Some(b) if b <= *end && period > 0 => *base = b,
                            _ => self.stage = Stage::Done,
                        }
                        continue;
                    };
                    *index += 1;
                    let Some(a) = base.checked_add(offset).filter(|a| a <= end) else {
                        self.stage = Stage::Done;
                        continue;
                    };
                    if self.rules.unequal && a.checked_mul(2) == Some(m) {
                        continue;
                    }
                    return Some((rule.take, Leaves::Two(a, m - a)));
                }
                Stage::Done => {
                    self.take += 1;
                    self.stage = Stage::Simple;
                }
            }
        }
    }
}

/// The moves of a row of heaps to a position of value `target`: in heap `i` of value `v`,
/// the moves to options of value `v ⊕ total ⊕ target`.
#[derive(Debug, Clone)]
pub(crate) struct RowMoves<'a> {
    rules: &'a SplitRules,
    sequence: &'a GrundySequence,
    heaps: &'a [u128],
    /// `total ⊕ target`: what each heap's value must change by.
    change: u128,
    index: usize,
    current: Option<SplitMoves<'a>>,
}

impl<'a> RowMoves<'a> {
    /// The moves of the row `heaps` to value `target`.
    ///
    /// # Errors
    ///
    /// [`Error::HeapOutOfRange`] if a heap's value is not known.
    pub(crate) fn new(
        rules: &'a SplitRules,
        sequence: &'a GrundySequence,
        heaps: &'a [u128],
        target: u128,
    ) -> Result<Self, Error> {
        let total = row_value(sequence, heaps)?;
        Ok(RowMoves {
            rules,
            sequence,
            heaps,
            change: total ^ target,
            index: 0,
            current: None,
        })
    }
}

/// The nim-sum of the values of a row of heaps.
pub(crate) fn row_value(sequence: &GrundySequence, heaps: &[u128]) -> Result<u128, Error> {
    heaps
        .iter()
        .try_fold(0u128, |x, &h| Ok(x ^ u128::from(sequence.raw(h)?)))
}

impl Iterator for RowMoves<'_> {
    type Item = (usize, usize, Leaves);

    fn next(&mut self) -> Option<(usize, usize, Leaves)> {
        if self.change == 0 {
            return None; // no move keeps a heap's value
        }
        loop {
            if let Some(moves) = &mut self.current {
                if let Some((take, left)) = moves.next() {
                    return Some((self.index - 1, take, left));
                }
                self.current = None;
            }
            let &heap = self.heaps.get(self.index)?;
            self.index += 1;
            let value = u128::from(self.sequence.raw(heap).ok()?);
            self.current =
                SplitMoves::new(self.rules, self.sequence, heap, value ^ self.change).ok();
        }
    }
}
