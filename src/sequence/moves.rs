//! The moves of one heap of a heap game to a given value, lazily, in O(1) per move once a
//! period is proven (so a heap of 10^30 tokens never hangs the search for the next). The
//! iterators hold the rules (a copy of an octal code's few takes, an `Arc` of a subtraction
//! set's table, or the families of the heap) and an `Arc` of the table snapshot they started
//! from, never a lock.

use super::engine::{SplitRules, SubtractionSet};
use super::families::{Family, FamilyMoves};
use super::{GrundySequence, Table};
use crate::games::Leaves;
use crate::{Error, Nimber};
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;
use core::iter::FusedIterator;

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

/// The moves of one heap of a take-and-break game (an octal or hexadecimal code, Grundy's
/// game, or rules of your own) to options of one value, lazily. Each item is
/// `(take, leaves)`.
///
/// The [`HeapRules::HeapMoves`](crate::games::HeapRules::HeapMoves) of
/// [`Octal`](crate::games::Octal), [`GrundysGame`](crate::games::GrundysGame) and
/// [`Rules`](crate::games::Rules); a [`HeapRow`](crate::games::HeapRow) turns them into its
/// moves.
///
/// # Order and complexity
///
/// - Octal codes and Grundy's game: by take, then what they leave (nothing, one heap, two
///   heaps by the smaller part). Once a period is proven, each move costs O(1) amortised
///   after O(period) set-up per take, so a heap of any size can be iterated; without one,
///   O(1) per split tried.
/// - Codes with a repeated or a three-heap digit, and rules of your own: family by family in
///   the order the rules list them, each by take, then by the heaps left ascending. A move
///   leaving `k` heaps costs `k` lookups: the three-heap moves of one take walk the pairs of
///   their two smaller parts and look the third up, O(m²) for a rest of `m`. These rules
///   answer no heap past their table, so every heap iterated is one the table holds.
///
/// # Examples
///
/// ```
/// use grundy::games::{HeapRules, Leaves, Octal};
/// use grundy::Nimber;
///
/// // Kayles, seven pins: the moves to *0 (knock down the middle pin, or two to leave 1 and 4).
/// let moves: Vec<_> = Octal::kayles().heap_moves_to(7, Nimber::ZERO)?.collect();
/// assert_eq!(moves, [(1, Leaves::Two(3, 3)), (2, Leaves::Two(1, 4))]);
///
/// // 0.8: take one and split the rest into three heaps. From 7: 1 + 1 + 4 and 2 + 2 + 2,
/// // and every other split, by the smallest parts.
/// let moves: Vec<_> = Octal::new("0.8")?.heap_moves_to(7, Nimber::ZERO)?.collect();
/// assert!(moves.iter().all(|(take, left)| *take == 1 && left.len() == 3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct SplitMoves {
    inner: Inner,
}

#[derive(Clone, Debug)]
enum Inner {
    Split(CodeMoves),
    Families(FamilyMoves),
}

impl SplitMoves {
    /// The moves of `heap` under octal rules (or Grundy's game) to options of value `target`.
    ///
    /// # Errors
    ///
    /// [`Error::HeapOutOfRange`] if the value of `heap` is not known.
    pub(crate) fn split(
        rules: SplitRules,
        sequence: Arc<GrundySequence>,
        heap: u128,
        target: Nimber,
    ) -> Result<Self, Error> {
        CodeMoves::new(rules, sequence, heap, target).map(|moves| SplitMoves {
            inner: Inner::Split(moves),
        })
    }

    /// The moves of `heap` with these families to options of value `target`.
    ///
    /// # Errors
    ///
    /// [`Error::HeapOutOfRange`] if the value of `heap` is not known.
    pub(crate) fn families(
        sequence: Arc<GrundySequence>,
        families: Vec<Family>,
        heap: u128,
        target: Nimber,
    ) -> Result<Self, Error> {
        FamilyMoves::new(sequence, families, heap, target).map(|moves| SplitMoves {
            inner: Inner::Families(moves),
        })
    }
}

impl Iterator for SplitMoves {
    type Item = (u128, Leaves);

    fn next(&mut self) -> Option<(u128, Leaves)> {
        match &mut self.inner {
            Inner::Split(moves) => moves.next(),
            Inner::Families(moves) => moves.next(),
        }
    }
}

impl FusedIterator for SplitMoves {}

/// The moves of one heap of an octal game or of Grundy's game to options of one value,
/// lazily: by take, then what they leave (nothing, one heap, two heaps by the smaller part).
#[derive(Clone)]
struct CodeMoves {
    rules: SplitRules,
    sequence: Arc<GrundySequence>,
    heap: u128,
    target: Option<u32>,
    take: usize,
    stage: Stage,
}

impl fmt::Debug for CodeMoves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CodeMoves")
            .field("heap", &self.heap)
            .field("target", &self.target)
            .field("take", &self.take)
            .field("stage", &self.stage)
            .finish_non_exhaustive()
    }
}

impl CodeMoves {
    /// The moves of `heap` to options of value `target`, read from `sequence`.
    ///
    /// # Errors
    ///
    /// [`Error::HeapOutOfRange`] if the value of `heap` is not known.
    fn new(
        rules: SplitRules,
        sequence: Arc<GrundySequence>,
        heap: u128,
        target: Nimber,
    ) -> Result<Self, Error> {
        // Every heap below a known heap is known.
        sequence.raw(heap)?;
        Ok(CodeMoves {
            rules,
            sequence,
            heap,
            target: u32::try_from(target.get()).ok(),
            take: 0,
            stage: Stage::Simple,
        })
    }

    /// The rules.
    fn rules(&self) -> &SplitRules {
        &self.rules
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

impl Iterator for CodeMoves {
    type Item = (u128, Leaves);

    fn next(&mut self) -> Option<(u128, Leaves)> {
        let target = self.target?;
        loop {
            let rule = *self.rules().takes.get(self.take)?;
            let t = rule.take as u128;
            match &mut self.stage {
                Stage::Simple => {
                    self.stage = if rule.two && self.heap >= t + 2 {
                        self.splits(self.heap - t)
                    } else {
                        Stage::Done
                    };
                    if rule.none && self.heap == t && target == 0 {
                        return Some((t, Leaves::Empty));
                    }
                    if rule.one && self.heap > t && self.value(self.heap - t) == target {
                        return Some((t, Leaves::One(self.heap - t)));
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
                            return Some((t, Leaves::Two(a, m - a)));
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
                    return Some((t, Leaves::Two(a, m - a)));
                }
                Stage::Done => {
                    self.take += 1;
                    self.stage = Stage::Simple;
                }
            }
        }
    }
}

impl FusedIterator for CodeMoves {}

/// The moves of one heap of a subtraction game to options of one value, lazily, by
/// increasing take. Each item is `(take, leaves)`.
///
/// The [`HeapRules::HeapMoves`](crate::games::HeapRules::HeapMoves) of
/// [`Subtraction`](crate::games::Subtraction).
///
/// # Complexity
///
/// O(|S|) for all of them.
///
/// # Examples
///
/// ```
/// use grundy::games::{HeapRules, Leaves, Subtraction};
/// use grundy::Nimber;
///
/// let game = Subtraction::new([1u8, 3, 4])?;
/// // 10 = 3 (mod 7) is *1; taking 1 leaves 9 = 2 (mod 7) and taking 3 leaves 7 = 0 (mod 7),
/// // both *0.
/// let moves: Vec<_> = game.heap_moves_to(10, Nimber::ZERO)?.collect();
/// assert_eq!(moves, [(1, Leaves::One(9)), (3, Leaves::One(7))]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct SubtractionMoves {
    table: Arc<Table<SubtractionSet>>,
    sequence: Arc<GrundySequence>,
    heap: u128,
    target: Option<u32>,
    /// The index in the set of the next take to try.
    next: usize,
}

impl fmt::Debug for SubtractionMoves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SubtractionMoves")
            .field("heap", &self.heap)
            .field("target", &self.target)
            .field("next", &self.next)
            .finish_non_exhaustive()
    }
}

impl SubtractionMoves {
    /// The moves of `heap` to options of value `target`, read from `sequence`.
    ///
    /// # Errors
    ///
    /// [`Error::HeapOutOfRange`] if the value of `heap` is not known.
    pub(crate) fn new(
        table: Arc<Table<SubtractionSet>>,
        sequence: Arc<GrundySequence>,
        heap: u128,
        target: Nimber,
    ) -> Result<Self, Error> {
        sequence.raw(heap)?;
        Ok(SubtractionMoves {
            table,
            sequence,
            heap,
            target: u32::try_from(target.get()).ok(),
            next: 0,
        })
    }

    /// The takes not yet tried.
    fn rest(&self) -> &[u128] {
        self.table.engine().set.get(self.next..).unwrap_or(&[])
    }
}

impl Iterator for SubtractionMoves {
    type Item = (u128, Leaves);

    fn next(&mut self) -> Option<(u128, Leaves)> {
        let target = self.target?;
        while let Some(&take) = self.rest().first() {
            let Some(left) = self.heap.checked_sub(take) else {
                // The set is ascending: no later take fits either.
                self.next = usize::MAX;
                return None;
            };
            self.next += 1;
            if self.sequence.raw(left).ok() == Some(target) {
                let leaves = if left == 0 {
                    Leaves::Empty
                } else {
                    Leaves::One(left)
                };
                return Some((take, leaves));
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let most = if self.target.is_some() {
            self.rest().len()
        } else {
            0
        };
        (0, Some(most))
    }
}

impl FusedIterator for SubtractionMoves {}
