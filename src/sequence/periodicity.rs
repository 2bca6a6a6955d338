//! Proofs of periodicity from a finite table of values, and the arithmetic periods a table
//! shows without a proof.
//!
//! Both proofs need, for each candidate period `p`, the least `n0(p)` from which the computed
//! values agree with themselves shifted by `p`: `G(n + p) = G(n)` for `n0(p) ≤ n < l - p`.
//! That run is the longest common suffix of `G[..l - p]` and `G[..l]`, which the Z-function
//! of the reversed table gives for every `p` at once, in O(l).

use super::{ArithmeticPeriod, Period};
use crate::memory::filled;
use alloc::vec::Vec;

// The searches below take memory in proportion to the table they read (four bytes a value
// for a table of fewer than 2^32 values, eight past it), and the table's length is the
// caller's (up to its table limit): a refusal of the allocator must not abort the process.
// With no memory for the search, no period is found or proven, which claims nothing false;
// the table's own growth then reports `Error::OutOfMemory`. Nothing is copied: the table is
// read in place, backwards.

/// The runs of a search, one a candidate period: four bytes each while they fit.
enum Runs {
    Narrow(Vec<u32>),
    Wide(Vec<usize>),
}

impl Runs {
    #[inline]
    fn at(&self, p: usize) -> usize {
        match self {
            Runs::Narrow(z) => z.get(p).map_or(0, |&r| r as usize),
            Runs::Wide(z) => z.get(p).copied().unwrap_or(0),
        }
    }
}

/// A run length as stored: `u32` or `usize`.
trait Run: Copy + Default {
    fn of(n: usize) -> Self;
    fn len(self) -> usize;
}

impl Run for u32 {
    #[inline]
    fn of(n: usize) -> Self {
        n as u32
    }
    #[inline]
    fn len(self) -> usize {
        self as usize
    }
}

impl Run for usize {
    #[inline]
    fn of(n: usize) -> Self {
        n
    }
    #[inline]
    fn len(self) -> usize {
        self
    }
}

/// `run[p]` = the length of the longest common suffix of `s[..l - p]` and `s[..l]`, for
/// `p` in `0..count` (`run[0] = l`; `count ≤ l`), where `same(i, j)` says whether `s[i] ==
/// s[j]`; `None` if the memory for it cannot be had. The runs past `count` read as 0.
fn suffix_runs_by(l: usize, count: usize, same: impl Fn(usize, usize) -> bool) -> Option<Runs> {
    if u32::try_from(l).is_ok() {
        z_function::<u32>(l, count, same).map(Runs::Narrow)
    } else {
        z_function::<usize>(l, count, same).map(Runs::Wide)
    }
}

/// The shifts whose runs a search of a table of `l` values needs: the periods of the
/// Guy–Smith proof and of an apparent period are at most `l / 2` (their runs cover the second
/// half of the table), so the runs of the shifts `0..=l / 2` are kept, 2 bytes a value of the
/// table rather than 4.
fn half(l: usize) -> usize {
    (l / 2 + 1).min(l)
}

/// The Z-function of the reversed sequence `rev[k] = s[l - 1 - k]`: `z[i]` = the longest
/// common prefix of `rev` and `rev[i..]`, which is the run of shift `i`, for `i < count`.
/// Each `z[i]` reads only the `z[j]` of `j < i`, so the first `count` are those of the whole.
fn z_function<Z: Run>(
    l: usize,
    count: usize,
    same: impl Fn(usize, usize) -> bool,
) -> Option<Vec<Z>> {
    let count = count.min(l);
    let mut z: Vec<Z> = filled(count, Z::default())?;
    if count == 0 {
        return Some(z);
    }
    let rev_same = |a: usize, b: usize| same(l - 1 - a, l - 1 - b);
    z[0] = Z::of(l);
    let (mut left, mut right) = (0usize, 0usize); // rev[left..right] is a prefix of rev
    for i in 1..count {
        let mut k = if i < right {
            z[i - left].len().min(right - i)
        } else {
            0
        };
        while i + k < l && rev_same(k, i + k) {
            k += 1;
        }
        z[i] = Z::of(k);
        if i + k > right {
            left = i;
            right = i + k;
        }
    }
    Some(z)
}

/// [`suffix_runs_by`] of the values `g` themselves, for the shifts `0..count`.
fn suffix_runs<T: Copy + Eq>(g: &[T], count: usize) -> Option<Runs> {
    suffix_runs_by(g.len(), count, |i, j| g[i] == g[j])
}

/// The least period of a subtraction game's values that a repeated window of `window`
/// consecutive values proves, with its least preperiod; `None` also when the memory for the
/// search cannot be had.
///
/// For `n ≥ window`, `G(n)` is determined by the `window` values before it; so if
/// `G[i..i + window] = G[i + p..i + p + window]`, the values repeat with period `p` from `i`
/// on, for ever.
pub(crate) fn window_period<T: Copy + Eq>(g: &[T], window: usize) -> Option<Period> {
    let l = g.len();
    let window = window.max(1);
    let runs = suffix_runs(g, l)?;
    // `runs` has `l` entries and `p < l`; a run is at most `l - p`, so `l - p - runs[p]`
    // does not wrap.
    (1..l).find(|&p| runs.at(p) >= window).map(|p| Period {
        preperiod: l - p - runs.at(p),
        period: p,
    })
}

/// The least arithmetic period `G(n + p) = G(n) + s` (`s ≥ 0`) that the values show, with
/// its least preperiod `n0`, unproven: the relation holds for `n0 ≤ n < l - p` and
/// `l ≥ 2·n0 + 2·p` (the Guy–Smith shape without its `t`: the run of agreeing values covers
/// the second half of the table).
///
/// `G(n + p) - G(n)` is constant on a run exactly when the differences `Δ(n) = G(n + 1) -
/// G(n)` repeat with period `p` on it, so the runs of every `p` come from one Z-function of
/// the differences, in O(l). `None` also when the memory for the search cannot be had.
pub(crate) fn apparent_period<T: Copy + Into<u32>>(g: &[T]) -> Option<ArithmeticPeriod> {
    let l = g.len();
    if l < 2 {
        return None;
    }
    let at = |i: usize| i64::from(g[i].into());
    // The differences are read from the values, not stored.
    let delta = |i: usize| at(i + 1) - at(i);
    let runs = suffix_runs_by(l - 1, half(l), |i, j| delta(i) == delta(j))?;
    let last = l - 1;
    (1..half(l)).find_map(|p| {
        // Δ(n + p) = Δ(n) for the last runs[p] values of n, so G(n + p) - G(n) is one
        // constant for the last runs[p] + 1 values of n, ending at n = l - 1 - p.
        let run = runs.at(p) + 1;
        let saltus = at(last) - at(last - p);
        // `runs[p] ≤ (l - 1) - p` (the differences are `l - 1` long), so `run ≤ l - p`.
        let start = l - p - run;
        let saltus = u32::try_from(saltus).ok()?;
        (2 * run >= l).then_some(ArithmeticPeriod {
            preperiod: start,
            period: p,
            saltus,
            proof: None,
        })
    })
}

/// How the splitting moves of a game are restricted, for the Guy–Smith proof.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Splits {
    /// The most tokens one move removes (`t` of the theorem).
    pub(crate) max_take: usize,
    /// Whether the two heaps of a split must be unequal (Grundy's game).
    pub(crate) unequal: bool,
    /// Whether some splitting move removes an even number of tokens.
    pub(crate) even_take: bool,
    /// Whether some splitting move removes an odd number of tokens.
    pub(crate) odd_take: bool,
    /// Whether some take may leave two heaps but not one (a digit 4 or 5, a split without
    /// taking, Grundy's game): then the proof needs its start `n0` to be at least 1.
    pub(crate) split_only: bool,
}

/// The least period of a split game's values that the Guy–Smith theorem proves from this
/// table, with its least preperiod; `None` also when the memory for the search cannot be had.
///
/// The theorem: if `G(n + p) = G(n)` for `n0 ≤ n < 2·n0 + p + t`, the values are periodic
/// from `n0` on: the table must reach `l ≥ 2·n0 + 2·p + t`.
///
/// Its proof pairs a split `(a, b)` of `N = n + p` with the split `(a, b - p)` of `n`, where
/// `b ≥ n0 + p`. With `n0 = 0` the heap `b - p` may be empty, and `(a, 0)` is a move only if
/// the take may leave one heap: where some take may split but not leave one heap, a start of
/// 0 proves nothing, and the theorem is applied from `max(n0, 1)` (then `G(p) = G(0)`, read
/// in the table, extends the period to 0). Without this, `0.4` would be "proven" periodic
/// from its first three values `0 0 0`, and `G(3) = 1`.
///
/// With unequal splits the shifted options of `N - p` are all options of `N`, and a large `N`
/// has one more, of value `*0`: the split `(a, a + p)` with `2a + p = N - t'` for a splitting
/// take `t'`. It changes `G(N)` exactly when `G(N - p) = *0` and such an `a` exists, that is
/// when the periodic part holds a zero at a heap `r` with `r - t'` even for some splitting take
/// `t'` (with an odd period, every residue class meets both parities).
pub(crate) fn guy_smith_period<T: Copy + Eq + Into<u32>>(
    g: &[T],
    splits: Splits,
) -> Option<Period> {
    let l = g.len();
    let runs = suffix_runs(g, half(l))?;
    // The heaps of value 0, even and odd, ascending: few (Grundy's game has 21 below 2^20),
    // so they are listed rather than counted for every prefix.
    let (zeros_even, zeros_odd) = if splits.unequal {
        let (mut even, mut odd) = (Vec::new(), Vec::new());
        for (i, &v) in g.iter().enumerate() {
            if v.into() == 0 {
                crate::memory::push(if i % 2 == 0 { &mut even } else { &mut odd }, i)?;
            }
        }
        (even, odd)
    } else {
        (Vec::new(), Vec::new())
    };
    // Whether some heap in `lo..hi` is listed in `zeros`.
    let any_in = |zeros: &[usize], lo: usize, hi: usize| {
        zeros
            .get(zeros.partition_point(|&z| z < lo))
            .is_some_and(|&z| z < hi)
    };
    (1..half(l))
        .filter_map(|p| {
            let preperiod = l - p - runs.at(p);
            let start = if splits.split_only {
                preperiod.max(1)
            } else {
                preperiod
            };
            let needed = start
                .checked_mul(2)?
                .checked_add(p.checked_mul(2)?)?
                .checked_add(splits.max_take)?;
            (l >= needed).then_some(Period {
                preperiod,
                period: p,
            })
        })
        .find(|period| {
            if !splits.unequal {
                return true;
            }
            let (lo, hi) = (period.preperiod, period.preperiod + period.period);
            let even_zeros = any_in(&zeros_even, lo, hi);
            let odd_zeros = any_in(&zeros_odd, lo, hi);
            if period.period % 2 == 1 {
                // Both parities of N - p occur in every residue class.
                !(even_zeros || odd_zeros)
            } else {
                // r - t' even: an even zero with an even take, an odd zero with an odd take.
                !(even_zeros && splits.even_take || odd_zeros && splits.odd_take)
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    fn naive_runs(g: &[u32]) -> Vec<usize> {
        let l = g.len();
        (0..l)
            .map(|p| {
                (0..=l - p)
                    .take_while(|&k| k == 0 || g[l - p - k] == g[l - k])
                    .last()
                    .unwrap_or(0)
            })
            .collect()
    }

    /// The least (p, s, n0) by the definition: the relation from n0 to the end, and
    /// l ≥ 2·n0 + 2·p.
    fn naive_apparent(g: &[u32]) -> Option<(usize, usize, u32)> {
        let l = g.len();
        (1..l).find_map(|p| {
            let s = i64::from(g[l - 1]) - i64::from(g[l - 1 - p]);
            let holds = |n: usize| i64::from(g[n + p]) - i64::from(g[n]) == s;
            let n0 = (0..l - p).rev().take_while(|&n| holds(n)).last()?;
            (s >= 0 && l >= 2 * n0 + 2 * p).then_some((n0, p, s as u32))
        })
    }

    #[test]
    fn apparent_periods_agree_with_the_definition() {
        let lasker: [u32; 13] = [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11];
        let found = apparent_period(&lasker).unwrap();
        assert_eq!((found.preperiod, found.period, found.saltus), (1, 4, 4));
        assert_eq!(apparent_period::<u32>(&[]), None);
        assert_eq!(apparent_period::<u32>(&[3]), None);
        let nim: Vec<u32> = (0..10).collect();
        let found = apparent_period(&nim).unwrap();
        assert_eq!((found.preperiod, found.period, found.saltus), (0, 1, 1));
        // Falling values have no arithmetic period.
        assert_eq!(apparent_period::<u32>(&[9, 8, 7, 6, 5, 4]), None);
        // Every sequence of length up to 9 over 0..3, against the definition.
        for len in 0..=9u32 {
            for code in 0..3u32.pow(len) {
                let g: Vec<u32> = (0..len).map(|i| code / 3u32.pow(i) % 3).collect();
                let fast = apparent_period(&g).map(|a| (a.preperiod, a.period, a.saltus));
                assert_eq!(fast, naive_apparent(&g), "{g:?}");
            }
        }
    }

    #[test]
    fn runs_agree_with_the_definition() {
        let cases: [&[u32]; 5] = [
            &[],
            &[1],
            &[0, 1, 0, 1, 0, 1],
            &[3, 1, 2, 1, 2, 1, 2, 2],
            &[0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3],
        ];
        for g in cases {
            let runs = suffix_runs(g, g.len()).unwrap();
            let runs: Vec<usize> = (0..g.len()).map(|p| runs.at(p)).collect();
            assert_eq!(runs, naive_runs(g), "{g:?}");
            let wide = z_function::<usize>(g.len(), g.len(), |i, j| g[i] == g[j]).unwrap();
            assert_eq!(wide, naive_runs(g), "{g:?}");
            // The first shifts alone are the first of the whole, and the rest read as 0.
            for count in 0..=g.len() {
                let some = suffix_runs(g, count).unwrap();
                let some: Vec<usize> = (0..g.len()).map(|p| some.at(p)).collect();
                let expected: Vec<usize> = (0..g.len())
                    .map(|p| if p < count { runs[p] } else { 0 })
                    .collect();
                assert_eq!(some, expected, "{g:?} to {count}");
            }
        }
    }

    #[test]
    fn window_repeat_proves_a_period() {
        // Subtraction {1, 3, 4}: 0 1 0 1 2 3 2, period 7 from 0.
        let g = [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1];
        assert_eq!(
            window_period(&g, 4),
            Some(Period {
                preperiod: 0,
                period: 7
            })
        );
        assert_eq!(window_period(&g[..10], 4), None);
        // A preperiod: 5 then 0 1 repeating, window 2.
        assert_eq!(
            window_period(&[5, 0, 1, 0, 1], 2),
            Some(Period {
                preperiod: 1,
                period: 2
            })
        );
    }

    #[test]
    fn guy_smith_agrees_with_the_definition() {
        // Every sequence of length up to 9 over 0..3, for takes of 0 to 2 and either start
        // rule: the least p with G(n + p) = G(n) from n0 to the end, l ≥ 2·start + 2·p + t.
        for len in 0..=9u32 {
            for code in 0..3u32.pow(len) {
                let g: Vec<u32> = (0..len).map(|i| code / 3u32.pow(i) % 3).collect();
                let l = g.len();
                for (max_take, split_only) in [(0, true), (1, false), (2, false), (2, true)] {
                    let splits = Splits {
                        max_take,
                        unequal: false,
                        even_take: true,
                        odd_take: true,
                        split_only,
                    };
                    let naive = (1..l).find_map(|p| {
                        let n0 = (0..=l - p)
                            .find(|&n0| (n0..l - p).all(|n| g[n + p] == g[n]))
                            .unwrap_or(l - p);
                        let start = if split_only { n0.max(1) } else { n0 };
                        (l >= 2 * start + 2 * p + max_take).then_some(Period {
                            preperiod: n0,
                            period: p,
                        })
                    });
                    assert_eq!(guy_smith_period(&g, splits), naive, "{g:?} {splits:?}");
                }
            }
        }
    }

    #[test]
    fn guy_smith_needs_the_whole_range() {
        let splits = Splits {
            max_take: 2,
            unequal: false,
            even_take: true,
            odd_take: true,
            split_only: false,
        };
        // Period 2 from 1: needs 2·run ≥ l + 2, run = l - 2 - 1, so l ≥ 8.
        let g: Vec<u32> = vec![7, 0, 1, 0, 1, 0, 1, 0, 1];
        assert_eq!(
            guy_smith_period(&g[..8], splits),
            Some(Period {
                preperiod: 1,
                period: 2
            })
        );
        assert_eq!(guy_smith_period(&g[..7], splits), None);
        // 0.4: take one and split the rest in two. Its values 0 0 0 1 ... show period 1 from
        // 0 in three values, which prove nothing: the start must be at least 1.
        let split_only = Splits {
            max_take: 1,
            unequal: false,
            even_take: false,
            odd_take: true,
            split_only: true,
        };
        assert_eq!(guy_smith_period::<u32>(&[0, 0, 0], split_only), None);
        let flat = [0u32; 5];
        assert_eq!(guy_smith_period(&flat[..4], split_only), None);
        assert_eq!(
            guy_smith_period(&flat, split_only),
            Some(Period {
                preperiod: 0,
                period: 1
            })
        );
        // With a one-heap move at every splitting take, a start of 0 needs no more.
        assert_eq!(
            guy_smith_period::<u32>(
                &[0, 0, 0],
                Splits {
                    split_only: false,
                    ..split_only
                }
            ),
            Some(Period {
                preperiod: 0,
                period: 1
            })
        );
        // Unequal splits: a zero at an even heap of the period breaks an even period.
        let unequal = Splits {
            max_take: 0,
            unequal: true,
            even_take: true,
            odd_take: false,
            split_only: true,
        };
        let even_zeros: Vec<u32> = vec![7, 1, 0, 1, 0, 1, 0, 1, 0];
        assert_eq!(guy_smith_period(&even_zeros, unequal), None);
        assert_eq!(
            guy_smith_period(&g, unequal),
            Some(Period {
                preperiod: 1,
                period: 2
            })
        );
    }
}
