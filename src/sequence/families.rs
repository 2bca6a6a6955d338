//! The moves of one heap of take-and-break rules, described by families: "leave exactly these
//! heaps", or "take any number in a range and split the rest into `k` non-empty heaps in every
//! way". A family is what the engines work with (all the splits of one total at once), what a
//! row of heaps expands into single moves, and what a move is checked against.
//!
//! The families of a heap come from a [`FamilySource`]: the code of a take-and-break game
//! ([`CodeFamilies`]) or rules of your own ([`TakeAndBreak`](crate::games::TakeAndBreak)).

use super::GrundySequence;
use crate::games::Leaves;
use crate::{Error, Nimber};
use alloc::sync::Arc;
use alloc::vec;
use alloc::vec::Vec;
use core::ops::ControlFlow;

/// One family of moves of a heap of `n` tokens.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Family {
    /// One move: remove the rest and leave exactly these heaps (in canonical form, none
    /// empty, their total at most `n`, not the heap itself).
    Leave(Leaves),
    /// For each take `t` in `lo..=hi` (those up to `n`): remove `t` tokens and split the rest
    /// into exactly `parts` non-empty heaps, in every way (`parts = 0`: the move exists when
    /// `t = n`; `parts = 1`: one heap of `n - t`).
    Split { lo: u128, hi: u128, parts: usize },
}

impl Family {
    /// At most how many moves this family gives a heap of `n` tokens, cheaply: one move to
    /// leave listed heaps; for splits, the takes up to `n` times the ways to split the largest
    /// rest into the parts (exactly `⌊m/2⌋` ways into two, `round(m²/12)` into three, and
    /// `m^(k-1)` bounding the ways into `k`), saturating. A mex of `m` options is at most `m`,
    /// so a heap's value is at most the sum over its families.
    pub(crate) fn move_bound(&self, n: u128) -> u128 {
        match *self {
            Family::Leave(_) => 1,
            Family::Split { lo, hi, parts } => {
                if lo > n {
                    return 0;
                }
                let takes = hi.min(n) - lo + 1;
                let m = n - lo;
                let ways = match parts {
                    0 | 1 => 1,
                    2 => m / 2,
                    3 => m.saturating_mul(m).saturating_add(6) / 12,
                    k => (1..k).fold(1u128, |w, _| w.saturating_mul(m)),
                };
                takes.saturating_mul(ways)
            }
        }
    }
}

/// Where the families of each heap come from.
pub(crate) trait FamilySource {
    /// Appends the families of a heap of `heap` tokens to `out`.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidHeapMove`] if the rules list a move that is not one.
    fn families(&self, heap: u128, out: &mut Vec<Family>) -> Result<(), Error>;

    /// The rules' name in a checkpoint, if they have one: codes do, rules of your own not.
    fn name(&self) -> Option<alloc::string::String> {
        None
    }
}

/// The code of a take-and-break game, digit by digit: `digits[t]` says what removing `t`
/// tokens may leave (bit 1 nothing, 2 one heap, 4 two, 8 three), and `repeat`, if not 0, is
/// the digit of every take from `digits.len()` on.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct CodeFamilies {
    pub(crate) digits: Vec<u8>,
    pub(crate) repeat: u8,
}

/// The families of one digit for the takes `lo..=hi`: one per bit.
fn digit_families(digit: u8, lo: u128, hi: u128, out: &mut Vec<Family>) {
    for parts in 0..4 {
        if digit & (1 << parts) != 0 {
            out.push(Family::Split {
                lo,
                hi,
                parts: parts as usize,
            });
        }
    }
}

impl FamilySource for CodeFamilies {
    /// `take-and-break d0.d1d2…[r]`, digits in hexadecimal.
    fn name(&self) -> Option<alloc::string::String> {
        let hex = |d: u8| char::from_digit(u32::from(d), 16).unwrap_or('?');
        let mut name = alloc::string::String::from("take-and-break ");
        for (i, &d) in self.digits.iter().enumerate() {
            name.push(hex(d));
            if i == 0 {
                name.push('.');
            }
        }
        if self.digits.is_empty() {
            name.push_str("0.");
        }
        if self.repeat != 0 {
            name.push('[');
            name.push(hex(self.repeat));
            name.push(']');
        }
        Some(name)
    }

    fn families(&self, heap: u128, out: &mut Vec<Family>) -> Result<(), Error> {
        for (t, &digit) in self.digits.iter().enumerate() {
            let t = t as u128;
            if t > heap {
                return Ok(());
            }
            digit_families(digit, t, t, out);
        }
        let from = self.digits.len() as u128;
        if self.repeat != 0 && from <= heap {
            digit_families(self.repeat, from, u128::MAX, out);
        }
        Ok(())
    }
}

/// Hands every way of writing `m` as `k` non-empty parts, ascending, to `visit`, in
/// lexicographic order, stopping when it breaks.
pub(crate) fn for_each_partition<F>(m: u128, k: usize, mut visit: F) -> ControlFlow<()>
where
    F: FnMut(&[u128]) -> ControlFlow<()>,
{
    let mut cursor = Partitions::new(m, k);
    while let Some(parts) = cursor.next_parts() {
        visit(parts)?;
    }
    ControlFlow::Continue(())
}

/// A cursor over the ways of writing `m` as `k` non-empty parts, ascending, in lexicographic
/// order: O(k) a step, no recursion.
#[derive(Debug, Clone)]
pub(crate) struct Partitions {
    m: u128,
    parts: Vec<u128>,
    state: CursorState,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CursorState {
    Fresh,
    Going,
    Done,
}

impl Partitions {
    /// The partitions of `m` into `k` parts (none if `m < k`; for `k = 0`, the empty one if
    /// `m = 0`).
    pub(crate) fn new(m: u128, k: usize) -> Self {
        let possible = if k == 0 { m == 0 } else { m >= k as u128 };
        Partitions {
            m,
            parts: if possible { vec![0; k] } else { Vec::new() },
            state: if possible {
                CursorState::Fresh
            } else {
                CursorState::Done
            },
        }
    }

    /// The next partition.
    pub(crate) fn next_parts(&mut self) -> Option<&[u128]> {
        let k = self.parts.len();
        match self.state {
            CursorState::Done => return None,
            CursorState::Fresh => {
                self.state = CursorState::Going;
                if k > 0 {
                    self.parts[..k - 1].fill(1);
                    self.parts[k - 1] = self.m - (k as u128 - 1);
                }
                return Some(&self.parts);
            }
            CursorState::Going => {}
        }
        // The rightmost part but the last that can grow by one, with every part after it at
        // least as large: then the parts after it are that value, and the last takes the rest.
        let mut suffix = self.parts.last().copied().unwrap_or(0);
        for i in (0..k.saturating_sub(1)).rev() {
            suffix += self.parts[i];
            let v = self.parts[i] + 1;
            let count = (k - i) as u128;
            if v.checked_mul(count).is_some_and(|need| need <= suffix) {
                self.parts[i..k - 1].fill(v);
                self.parts[k - 1] = suffix - v * (count - 1);
                return Some(&self.parts);
            }
        }
        self.state = CursorState::Done;
        None
    }
}

/// The takes `lo..=hi` of a split family into `parts` heaps that leave a heap of `heap`
/// tokens at least `parts` tokens to split, as a range (`None` if there is none): with no
/// parts, only the take of the whole heap. The other takes have no move, and a heap of
/// `2^40` tokens would walk `2^40` of them before its first move.
fn split_takes(lo: u128, hi: u128, parts: usize, heap: u128) -> Option<(u128, u128)> {
    let (lo, hi) = if parts == 0 {
        (lo.max(heap), hi.min(heap))
    } else {
        (lo, hi.min(heap.checked_sub(parts as u128)?))
    };
    (lo <= hi).then_some((lo, hi))
}

/// The families of a heap of `heap` tokens with every move listed once: rules of your own may
/// list one move twice (an explicit move that a split family also makes, or two families
/// whose takes overlap), and a move is one move however often it is listed.
///
/// A split family keeps its place and loses the takes (of its number of parts) that an
/// earlier split family already made, possibly cut into several ranges; a list of heaps left
/// is dropped if an earlier list is the same, or if a split family anywhere in the list makes
/// its move (it is then listed in that family's place). Takes that make no move at this heap
/// are dropped first ([`split_takes`]). O(f log f) for `f` families.
pub(crate) fn listed_once(families: Vec<Family>, heap: u128) -> Vec<Family> {
    use alloc::collections::{BTreeMap, BTreeSet};
    /// Disjoint, ascending ranges of takes, by the number of parts.
    type Covered = BTreeMap<usize, Vec<(u128, u128)>>;
    /// Adds `lo..=hi` to `ranges` (disjoint, ascending), merging what it touches.
    fn cover(ranges: &mut Vec<(u128, u128)>, lo: u128, hi: u128) {
        let first = ranges.partition_point(|&(_, h)| h < lo.saturating_sub(1));
        let mut last = first;
        let (mut lo, mut hi) = (lo, hi);
        while let Some(&(l, h)) = ranges.get(last) {
            if l > hi.saturating_add(1) {
                break;
            }
            lo = lo.min(l);
            hi = hi.max(h);
            last += 1;
        }
        ranges.splice(first..last, [(lo, hi)]);
    }
    /// Whether `take` is in one of `ranges`.
    fn covers(ranges: Option<&Vec<(u128, u128)>>, take: u128) -> bool {
        ranges.is_some_and(|ranges| {
            let i = ranges.partition_point(|&(_, h)| h < take);
            ranges.get(i).is_some_and(|&(l, _)| l <= take)
        })
    }
    let effective = |family: &Family| match *family {
        Family::Split { lo, hi, parts } => split_takes(lo, hi, parts, heap),
        Family::Leave(_) => None,
    };
    // Every take of every split family, for the lists of heaps left.
    let mut all = Covered::new();
    for family in &families {
        if let (Some((lo, hi)), &Family::Split { parts, .. }) = (effective(family), family) {
            cover(all.entry(parts).or_default(), lo, hi);
        }
    }
    let mut earlier = Covered::new();
    let mut seen = BTreeSet::new();
    let mut out = Vec::with_capacity(families.len());
    for family in families {
        match family {
            Family::Leave(left) => {
                let take = heap - left.total().unwrap_or(u128::MAX).min(heap);
                if !covers(all.get(&left.len()), take) && seen.insert(left.clone()) {
                    out.push(Family::Leave(left));
                }
            }
            Family::Split { lo, hi, parts } => {
                let Some((lo, hi)) = split_takes(lo, hi, parts, heap) else {
                    continue;
                };
                let ranges = earlier.entry(parts).or_default();
                // The takes of lo..=hi that no earlier family of `parts` parts made.
                let mut next = Some(lo); // the least take not yet made, if any is left
                let start = ranges.partition_point(|&(_, h)| h < lo);
                for &(l, h) in &ranges[start..] {
                    let Some(from) = next.filter(|&from| l <= hi && from <= hi) else {
                        break;
                    };
                    if l > from {
                        out.push(Family::Split {
                            lo: from,
                            hi: l - 1,
                            parts,
                        });
                    }
                    next = h.checked_add(1).map(|after| after.max(from));
                }
                if let Some(from) = next.filter(|&from| from <= hi) {
                    out.push(Family::Split {
                        lo: from,
                        hi,
                        parts,
                    });
                }
                cover(ranges, lo, hi);
            }
        }
    }
    out
}

/// Hands every move of the families of a heap of `heap` tokens to `visit`, as
/// `(take, leaves)`, family by family, by take, then by the parts ascending.
pub(crate) fn for_each_family_move<F>(
    families: &[Family],
    heap: u128,
    mut visit: F,
) -> ControlFlow<()>
where
    F: FnMut(u128, Leaves) -> ControlFlow<()>,
{
    for family in families {
        match family {
            Family::Leave(left) => {
                let total = left.total().unwrap_or(u128::MAX);
                visit(heap - total.min(heap), left.clone())?;
            }
            &Family::Split { lo, hi, parts } => {
                let Some((mut take, end)) = split_takes(lo, hi, parts, heap) else {
                    continue;
                };
                // Every take from here to `end` has a partition, so each step of the loop
                // hands a move to `visit`, which can stop it.
                loop {
                    for_each_partition(heap - take, parts, |p| {
                        visit(take, Leaves::from_heaps(p.iter().copied()))
                    })?;
                    if take == end {
                        break;
                    }
                    take += 1;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Whether the families of a heap of `heap` tokens allow removing `take` tokens to leave
/// `to` (its heaps in any order).
pub(crate) fn families_allow(families: &[Family], heap: u128, take: u128, to: &Leaves) -> bool {
    let mut wanted: Vec<u128> = to.heaps().collect();
    wanted.sort_unstable();
    if wanted.contains(&0) {
        return false;
    }
    let Some(total) = wanted.iter().try_fold(0u128, |s, &h| s.checked_add(h)) else {
        return false;
    };
    if take.checked_add(total) != Some(heap) {
        return false;
    }
    families.iter().any(|family| match family {
        Family::Leave(left) => left.heaps().eq(wanted.iter().copied()),
        &Family::Split { lo, hi, parts } => lo <= take && take <= hi && wanted.len() == parts,
    })
}

/// Where the moves of one family stand.
#[derive(Debug, Clone)]
enum Stage {
    /// The next family starts.
    Start,
    /// The takes of a split family from `take` on, each with its partitions.
    Split {
        take: u128,
        hi: u128,
        parts: usize,
        cursor: Partitions,
    },
}

/// The moves of one heap of take-and-break rules described by families, to options of one
/// value, lazily: family by family, by take, then by the parts ascending. A move leaving `k`
/// heaps costs `k` lookups; a family of three-heap moves walks the pairs of its two smallest
/// parts and looks up the third.
#[derive(Debug, Clone)]
pub(crate) struct FamilyMoves {
    sequence: Arc<GrundySequence>,
    families: Vec<Family>,
    heap: u128,
    target: Option<u32>,
    next: usize,
    stage: Stage,
}

impl FamilyMoves {
    /// The moves of `heap`, with these families, to options of value `target`, read from
    /// `sequence`.
    ///
    /// # Errors
    ///
    /// [`Error::HeapOutOfRange`] if the value of `heap` is not known.
    pub(crate) fn new(
        sequence: Arc<GrundySequence>,
        families: Vec<Family>,
        heap: u128,
        target: Nimber,
    ) -> Result<Self, Error> {
        sequence.raw(heap)?;
        Ok(FamilyMoves {
            sequence,
            families,
            heap,
            target: u32::try_from(target.get()).ok(),
            next: 0,
            stage: Stage::Start,
        })
    }

    /// The value of heaps below the heap moved in (known), XORed.
    fn value_of(sequence: &GrundySequence, heaps: &[u128]) -> u32 {
        heaps
            .iter()
            .fold(0, |x, &h| x ^ sequence.raw(h).unwrap_or(u32::MAX))
    }
}

impl Iterator for FamilyMoves {
    type Item = (u128, Leaves);

    fn next(&mut self) -> Option<(u128, Leaves)> {
        let target = self.target?;
        loop {
            match &mut self.stage {
                Stage::Start => {
                    let family = self.families.get(self.next)?;
                    self.next += 1;
                    match family {
                        Family::Leave(left) => {
                            let heaps: Vec<u128> = left.heaps().collect();
                            if Self::value_of(&self.sequence, &heaps) == target {
                                let total = heaps.iter().sum::<u128>();
                                return Some((self.heap - total, left.clone()));
                            }
                        }
                        &Family::Split { lo, hi, parts } => {
                            if let Some((lo, hi)) = split_takes(lo, hi, parts, self.heap) {
                                self.stage = Stage::Split {
                                    take: lo,
                                    hi,
                                    parts,
                                    cursor: Partitions::new(self.heap - lo, parts),
                                };
                            }
                        }
                    }
                }
                Stage::Split {
                    take,
                    hi,
                    parts,
                    cursor,
                } => {
                    while let Some(p) = cursor.next_parts() {
                        if Self::value_of(&self.sequence, p) == target {
                            return Some((*take, Leaves::from_heaps(p.iter().copied())));
                        }
                    }
                    if *take >= *hi {
                        self.stage = Stage::Start;
                    } else {
                        *take += 1;
                        *cursor = Partitions::new(self.heap - *take, *parts);
                    }
                }
            }
        }
    }
}

impl core::iter::FusedIterator for FamilyMoves {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every partition of m into k parts, ascending, by brute force.
    fn naive(m: u128, k: usize) -> Vec<Vec<u128>> {
        fn go(m: u128, k: usize, min: u128, prefix: &mut Vec<u128>, out: &mut Vec<Vec<u128>>) {
            if k == 0 {
                if m == 0 {
                    out.push(prefix.clone());
                }
                return;
            }
            for first in min..=m {
                prefix.push(first);
                go(m - first, k - 1, first, prefix, out);
                prefix.pop();
            }
        }
        let mut out = Vec::new();
        go(m, k, 1, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn a_family_has_no_more_moves_than_its_bound() {
        // Every family of takes lo..=hi and 0 to 5 parts, on heaps to 40: the moves counted
        // one partition at a time are at most the bound, and the bound is exact for one
        // take into at most three parts.
        for parts in 0..6 {
            for lo in 0..4u128 {
                for hi in [lo, lo + 2, 7, u128::MAX] {
                    let family = Family::Split { lo, hi, parts };
                    for n in 0..40u128 {
                        let counted: usize =
                            (lo..=hi.min(n)).map(|t| naive(n - t, parts).len()).sum();
                        let bound = family.move_bound(n);
                        assert!(
                            counted as u128 <= bound,
                            "{family:?} at {n}: {counted} > {bound}"
                        );
                        if lo == hi
                            && parts <= 3
                            && n >= lo + parts as u128
                            && (parts != 0 || n == lo)
                        {
                            assert_eq!(counted as u128, bound, "{family:?} at {n}");
                        }
                    }
                }
            }
        }
        let leave = Family::Leave(Leaves::Two(1, 2));
        assert_eq!(leave.move_bound(5), 1);
    }

    #[test]
    fn partitions_are_every_one_in_order() {
        for m in 0..14 {
            for k in 0..7 {
                let mut listed = Vec::new();
                let _ = for_each_partition(m, k, |p| {
                    listed.push(p.to_vec());
                    ControlFlow::Continue(())
                });
                assert_eq!(listed, naive(m, k), "{m} into {k}");
            }
        }
    }

    #[test]
    fn a_huge_heap_hands_its_first_moves_at_once() {
        // 0.[3]: any take, leaving nothing or one heap. The takes that leave nothing but
        // are not the whole heap have no move; walking them before the first move took
        // 2^128 steps here, and a limit on the moves visited never came into play.
        let nim = CodeFamilies {
            digits: vec![0],
            repeat: 3,
        };
        let mut families = Vec::new();
        nim.families(u128::MAX, &mut families).unwrap();
        let mut moves = Vec::new();
        let stopped = for_each_family_move(&families, u128::MAX, |t, l| {
            moves.push((t, l));
            if moves.len() == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert!(stopped.is_break());
        assert_eq!(
            moves,
            [
                (u128::MAX, Leaves::Empty),
                (1, Leaves::One(u128::MAX - 1)),
                (2, Leaves::One(u128::MAX - 2)),
            ]
        );
        // Two parts: the takes stop where fewer than two tokens are left.
        let two = [Family::Split {
            lo: 1,
            hi: u128::MAX,
            parts: 2,
        }];
        let mut takes = Vec::new();
        let _ = for_each_family_move(&two, 5, |t, l| {
            takes.push((t, l));
            ControlFlow::Continue(())
        });
        assert_eq!(
            takes,
            [
                (1, Leaves::Two(1, 3)),
                (1, Leaves::Two(2, 2)),
                (2, Leaves::Two(1, 2)),
                (3, Leaves::Two(1, 1)),
            ]
        );
        assert_eq!(split_takes(1, u128::MAX, 2, 1), None);
        assert_eq!(split_takes(4, 9, 0, 3), None);
        assert_eq!(split_takes(1, 9, 0, 3), Some((3, 3)));
        assert_eq!(split_takes(1, 2, 1, 3), Some((1, 2)));
    }

    /// Every move of `families` at `heap`, in order.
    fn expanded(families: &[Family], heap: u128) -> Vec<(u128, Leaves)> {
        let mut moves = Vec::new();
        let _ = for_each_family_move(families, heap, |t, l| {
            moves.push((t, l));
            ControlFlow::Continue(())
        });
        moves
    }

    #[test]
    fn families_listed_once_make_every_move_once() {
        let mut rng = crate::xorshift::XorShift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..3000 {
            let heap = (rng.next() % 9) as u128;
            let count = 1 + rng.next() % 6;
            let families: Vec<Family> = (0..count)
                .map(|_| {
                    let lo = (rng.next() % 6) as u128;
                    let hi = match rng.next() % 4 {
                        0 => u128::MAX,
                        _ => lo + (rng.next() % 4) as u128,
                    };
                    let parts = (rng.next() % 4) as usize;
                    if rng.next() % 3 == 0 {
                        let heaps: Vec<u128> =
                            (0..parts).map(|_| 1 + (rng.next() % 3) as u128).collect();
                        Family::Leave(Leaves::from_heaps(heaps))
                    } else {
                        Family::Split { lo, hi, parts }
                    }
                })
                .filter(|f| match f {
                    // As `Moves::leave` lets them be: within the heap, and a change.
                    Family::Leave(left) => left
                        .total()
                        .is_some_and(|t| t < heap || (t == heap && left.len() >= 2)),
                    _ => true,
                })
                .collect();
            let all = expanded(&families, heap);
            let once = expanded(&listed_once(families.clone(), heap), heap);
            let mut distinct = all.clone();
            distinct.sort();
            distinct.dedup();
            let mut sorted = once.clone();
            sorted.sort();
            assert_eq!(sorted, distinct, "{families:?} at {heap}");
            // The order of first listing is kept, but for a list of heaps that a split
            // family makes: it is listed in that family's place.
            let mut first: Vec<(u128, Leaves)> = Vec::new();
            for mv in &all {
                if !first.contains(mv) {
                    first.push(mv.clone());
                }
            }
            let explicit = families.iter().any(|f| matches!(f, Family::Leave(_)));
            if !explicit {
                assert_eq!(once, first, "{families:?} at {heap}");
            }
        }
        // Ranges that reach u128::MAX, met again.
        let huge = [
            Family::Split {
                lo: 5,
                hi: u128::MAX,
                parts: 1,
            },
            Family::Split {
                lo: 1,
                hi: u128::MAX,
                parts: 1,
            },
            Family::Split {
                lo: 3,
                hi: u128::MAX,
                parts: 1,
            },
        ];
        assert_eq!(
            listed_once(huge.to_vec(), u128::MAX),
            [
                Family::Split {
                    lo: 5,
                    hi: u128::MAX - 1,
                    parts: 1
                },
                Family::Split {
                    lo: 1,
                    hi: 4,
                    parts: 1
                },
            ]
        );
    }

    #[test]
    fn code_families_and_their_moves() {
        // 4.[3] (Lasker's Nim): split without taking; take any number, leaving 0 or 1 heap.
        let lasker = CodeFamilies {
            digits: vec![4],
            repeat: 3,
        };
        let mut families = Vec::new();
        lasker.families(4, &mut families).unwrap();
        let mut moves = Vec::new();
        let _ = for_each_family_move(&families, 4, |t, l| {
            moves.push((t, l));
            ControlFlow::Continue(())
        });
        assert_eq!(
            moves,
            [
                (0, Leaves::Two(1, 3)),
                (0, Leaves::Two(2, 2)),
                (4, Leaves::Empty),
                (1, Leaves::One(3)),
                (2, Leaves::One(2)),
                (3, Leaves::One(1)),
            ]
        );
        for (t, l) in &moves {
            assert!(families_allow(&families, 4, *t, l));
        }
        assert!(families_allow(&families, 4, 0, &Leaves::Two(3, 1)));
        assert!(!families_allow(&families, 4, 0, &Leaves::Three(1, 1, 2)));
        assert!(!families_allow(&families, 4, 1, &Leaves::One(2)));
        assert!(!families_allow(&families, 4, 0, &Leaves::Two(0, 4)));
    }
}
