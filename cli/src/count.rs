//! The number of moves of one heap of an octal game to a given value, in closed form, so
//! that a huge heap's astronomically many winning moves are counted without being listed.
//!
//! An octal code `d0.d1d2...` (digits 0 to 7: no three-heap move, no repeated digit) allows,
//! for each take `t` with digit `d_t`: leaving nothing (bit 1, when the heap is `t`), leaving
//! one heap of `n - t` (bit 2), or splitting the rest `m = n - t` into two non-empty heaps
//! `a + (m - a)`, `1 <= a <= m / 2` (bit 4). The moves that leave nothing or one heap are at
//! most two per take. The splits are what can be astronomically many, and a proven period
//! `p` from heap `n0` counts them: for `a >= s = max(n0, 1)` both parts are in the periodic
//! range (`m - a >= a`), where `G(a)` depends on `a mod p` only and `G(m - a)` on
//! `(m - a) mod p`, so the splits `a ≡ a0 (mod p)` with `s <= a <= m / 2` all have the value
//! of `a0`, and there are `(m / 2 - a0) / p + 1` of them for `a0` in `s..s + p`. The parts
//! below `s` are read one by one. So one take costs `O(n0 + p)` whatever the heap.
//!
//! Codes with a three-heap or a repeated digit (the general codes) answer only heaps in their
//! table, and their moves are counted one by one.

use crate::answer::Total;
use grundy::games::Octal;
use grundy::sequence::GrundySequence;

/// The digits of a code as [`Octal`] writes it (`0.77`, `4.07`): `digits[t]` is `d_t`.
/// `None` for a code with a repeated or hexadecimal digit of 8 or more.
fn digits(code: &str) -> Option<Vec<u8>> {
    let (first, rest) = code.split_once('.')?;
    first
        .chars()
        .chain(rest.chars())
        .map(|c| c.to_digit(8).and_then(|d| u8::try_from(d).ok()))
        .collect()
}

/// The number of moves of heap `heap` of the octal game `code` to a position of value
/// `target`, read from `table` (which answers every heap up to `heap`, directly or through
/// its proven period), or [`Total::PastMax`] past `u128::MAX` (a heap near 2^128 with
/// several digits that split: 4.744444 has about 1.5 · 2^128 moves to *0 from a heap of
/// `u128::MAX`). `None` for a general code, whose moves are counted one by one.
pub(crate) fn octal_moves_to(
    code: &Octal,
    table: &GrundySequence,
    heap: u128,
    target: u128,
) -> Option<Total> {
    if code.is_general() {
        return None;
    }
    let digits = digits(code.code())?;
    // Every heap up to `heap` is answered; a miss would be a heap past the table.
    let value = |h: u128| table.get(h).map(|v| v.get()).ok();
    let mut count = Total::Exactly(0);
    for (t, &d) in digits.iter().enumerate() {
        let t = t as u128;
        let Some(m) = heap.checked_sub(t) else { break };
        // Taking nothing only splits (`d0` is 0 or 4).
        if t > 0 && d & 1 != 0 && m == 0 && target == 0 {
            count = count.plus(Total::Exactly(1));
        }
        if t > 0 && d & 2 != 0 && m > 0 && value(m)? == target {
            count = count.plus(Total::Exactly(1));
        }
        if d & 4 != 0 && m >= 2 {
            count = count.plus(Total::Exactly(splits(table, m, target, value)?));
        }
    }
    Some(count)
}

/// The number of splits `a + (m - a)`, `1 <= a <= m / 2`, with `G(a) ⊕ G(m - a) = target`
/// (at most `m / 2`, so it fits).
fn splits(
    table: &GrundySequence,
    m: u128,
    target: u128,
    value: impl Fn(u128) -> Option<u128>,
) -> Option<u128> {
    let end = m / 2;
    // From `start` on both parts are periodic; below it, or without a period, read them.
    let (start, period) = match table.period() {
        Some(p) => ((p.preperiod() as u128).max(1), p.period() as u128),
        None => (end + 1, 0),
    };
    let mut count = 0u128;
    for a in 1..=end.min(start.saturating_sub(1)) {
        if value(a)? ^ value(m - a)? == target {
            count += 1;
        }
    }
    if end >= start && period > 0 {
        for a0 in start..=end.min(start + period - 1) {
            if value(a0)? ^ value(m - a0)? == target {
                count += (end - a0) / period + 1;
            }
        }
    }
    Some(count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::sequence::{Goal, Tabulated};
    use std::ops::ControlFlow;

    /// The moves of heap `n` to `target` by brute force over the values `g`, from the rules
    /// of the code alone.
    fn brute(digits: &[u8], g: &[u128], n: usize, target: u128) -> u128 {
        let mut count = 0;
        for (t, &d) in digits.iter().enumerate() {
            let Some(m) = n.checked_sub(t) else { break };
            count += u128::from(t > 0 && d & 1 != 0 && m == 0 && target == 0);
            count += u128::from(t > 0 && d & 2 != 0 && m > 0 && g[m] == target);
            if d & 4 != 0 {
                count += (1..=m / 2).filter(|&a| g[a] ^ g[m - a] == target).count() as u128;
            }
        }
        count
    }

    #[test]
    fn counts_agree_with_brute_force_through_the_period() {
        for code in ["0.77", "0.07", "0.137", "4.07", "0.6", "0.4", "0.51"] {
            let rules: Octal = code.parse().expect("a code");
            let table = rules
                .grow(Goal::Values(700), |_| ControlFlow::Continue(()))
                .expect("a table");
            let g: Vec<u128> = (0..700)
                .map(|h| table.get(h).expect("held").get())
                .collect();
            let digits = digits(code).expect("octal digits");
            for n in (0..700).step_by(7) {
                for target in [0, 1, 3] {
                    assert_eq!(
                        octal_moves_to(&rules, &table, n as u128, target),
                        Some(Total::Exactly(brute(&digits, &g, n, target))),
                        "{code} {n} {target}"
                    );
                }
            }
        }
    }

    /// 4.744444 from a heap of `u128::MAX`: its six takes that split count about
    /// 1.5 · 2^128 moves to *0, past `u128::MAX`. The sum overflowed: a panic in a debug
    /// build (exit 101), and in a release build a wrong count. Now it is a count past
    /// `u128::MAX`, which the takes' own counts, added in 256 bits, confirm. Heaps a little
    /// smaller are still counted, by the same arithmetic.
    #[test]
    fn a_count_past_u128_max_is_said_so() {
        let rules: Octal = "4.744444".parse().expect("a code");
        let table = rules
            .grow(Goal::Heap(u128::MAX), |_| ControlFlow::Continue(()))
            .expect("a proven period");
        assert!(table.period().is_some());
        let value = table.get(u128::MAX).expect("answered").get();
        assert_ne!(value, 0);
        assert_eq!(
            octal_moves_to(&rules, &table, u128::MAX, 0),
            Some(Total::PastMax)
        );
        // The six splitting takes (1 to 6: digit 4), each counted alone, carried past 128 bits.
        let value = |h: u128| table.get(h).map(|v| v.get()).ok();
        let (mut high, mut low) = (0u32, 0u128);
        for t in 1..=6 {
            let split = splits(&table, u128::MAX - t, 0, value).expect("read");
            assert!(split <= (u128::MAX - t) / 2);
            let (sum, carry) = low.overflowing_add(split);
            (low, high) = (sum, high + u32::from(carry));
        }
        assert!(high > 0, "{high} {low}");
        // A heap of 2^100 has about 2^99.6 moves to *0: counted, and each split take's count
        // is at most half the heap.
        let heap = 1u128 << 100;
        let target = 0;
        let Some(Total::Exactly(count)) = octal_moves_to(&rules, &table, heap, target) else {
            panic!("2^100 has fewer than u128::MAX moves");
        };
        assert!(count > heap / 2 && count < 7 * (heap / 2), "{count}");
    }

    #[test]
    fn general_codes_are_counted_one_by_one() {
        let lasker: Octal = "4.[3]".parse().expect("a code");
        let table = lasker
            .grow(Goal::Values(10), |_| ControlFlow::Continue(()))
            .expect("a table");
        assert_eq!(octal_moves_to(&lasker, &table, 5, 0), None);
        assert_eq!(digits("0.8"), None);
        assert_eq!(digits("4.07"), Some(vec![4, 0, 7]));
    }
}
