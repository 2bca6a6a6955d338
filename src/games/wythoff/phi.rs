//! Exact arithmetic with the golden ratio φ = (1 + √5) / 2, in integers only.
//!
//! # The one fact everything rests on
//!
//! Let `f(c) = c(c + k)` for an integer `k ≥ 0`. On `c ≥ 0`, `f` is strictly increasing, and
//! `f(k/φ) = k²` (as `1/φ² + 1/φ = 1`). So for every integer `c ≥ 0`:
//!
//! > `c = ⌊k/φ⌋  ⇔  f(c) ≤ k² < f(c + 1)  ⇔  0 ≤ k² − f(c) ≤ 2c + k`
//!
//! (the last as `f(c + 1) = f(c) + 2c + k + 1`). And `⌊kφ⌋ = k + ⌊k/φ⌋`, as `φ = 1 + 1/φ`.
//! Every answer here is one such comparison of integers, made exactly; no floating point is
//! used anywhere.
//!
//! # Two paths
//!
//! - **Narrow**, when the numbers fit in 64 bits: `k²` and `f(c)` are `64 × 64 → 128`-bit
//!   products, one machine multiplication each.
//! - **Wide**, for any `u128`: the same comparisons with exact `128 × 128 → 256`-bit products.
//!
//! [`is_floor_phi`] (is `a = ⌊kφ⌋`?, the whole of Wythoff's outcome) needs no estimate at
//! all: the candidate for `⌊k/φ⌋` is `c = a − k`, and the comparison confirms or refutes it.
//! [`floor_div_phi`] (to *compute* `⌊k/φ⌋`, for the winning moves) takes a fixed-point first
//! guess, `⌊k · ⌊2^w/φ⌋ / 2^w⌋` (`w = 64` or `128`), which is exact or one too small; the
//! comparison then confirms the guess or its successor. Whatever the guess, the answer is
//! exact: a guess is returned only once the comparison above has proved it, and a guess that
//! neither it nor its successor proves sends the question to a plain search from the guess,
//! correcting it one step at a time with the same comparison (never taken, by the bound on
//! the guess; the tests check both paths against each other).

/// `⌊2^128 / φ⌋`, for a first estimate of `⌊k / φ⌋` that is exact or one too small.
const INV_PHI_Q128: u128 = 210_306_068_529_402_873_165_736_369_884_012_333_108;

/// An unsigned 256-bit integer; the derived order compares `hi` first, as it should.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct U256 {
    hi: u128,
    lo: u128,
}

impl U256 {
    /// `x` as a 256-bit integer.
    #[inline]
    fn from_u128(x: u128) -> U256 {
        U256 { hi: 0, lo: x }
    }

    /// The exact product `x · y`.
    #[inline]
    fn mul(x: u128, y: u128) -> U256 {
        const LOW: u128 = u64::MAX as u128;
        let (x1, x0) = (x >> 64, x & LOW);
        let (y1, y0) = (y >> 64, y & LOW);
        // Each partial product of two 64-bit halves fits in 128 bits.
        let p00 = x0 * y0;
        let p01 = x0 * y1;
        let p10 = x1 * y0;
        let p11 = x1 * y1;
        // Below 3 · 2^64: no overflow.
        let mid = (p00 >> 64) + (p01 & LOW) + (p10 & LOW);
        U256 {
            hi: p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64),
            lo: (mid << 64) | (p00 & LOW),
        }
    }

    /// `self + other`, or `None` at or past `2^256`.
    #[inline]
    fn checked_add(self, other: U256) -> Option<U256> {
        let (lo, carry) = self.lo.overflowing_add(other.lo);
        let hi = self
            .hi
            .checked_add(other.hi)?
            .checked_add(u128::from(carry))?;
        Some(U256 { hi, lo })
    }

    /// `self − other`, or `None` below 0.
    #[inline]
    fn checked_sub(self, other: U256) -> Option<U256> {
        let (lo, borrow) = self.lo.overflowing_sub(other.lo);
        let hi = self
            .hi
            .checked_sub(other.hi)?
            .checked_sub(u128::from(borrow))?;
        Some(U256 { hi, lo })
    }
}

// ---------------------------------------------------------------------------------------------
// Is `a = ⌊kφ⌋`?

/// Whether `a = ⌊kφ⌋`, exactly, for every `u128`.
///
/// `a = ⌊kφ⌋ = k + ⌊k/φ⌋` exactly when `a ≥ k` and `c = a − k` is `⌊k/φ⌋`, that is (module
/// docs) when `0 ≤ k² − c·a ≤ 2c + k = c + a`, as `c + k = a`. Narrow when `a < 2^64` (then
/// `c, k ≤ a` fit too), wide otherwise.
#[inline]
pub(super) fn is_floor_phi(k: u128, a: u128) -> bool {
    match u64::try_from(a) {
        Ok(a) => is_floor_phi_narrow(k, a),
        Err(_) => {
            let Some(c) = a.checked_sub(k) else {
                // `⌊kφ⌋ ≥ k > a`.
                return false;
            };
            is_floor_phi_wide(k, c, a)
        }
    }
}

/// [`is_floor_phi`] for `a < 2^64`: `a ≥ k` and `0 ≤ k² − c·a ≤ c + a` for `c = a − k`, with
/// `64 × 64 → 128`-bit products. When `a ≥ k`, `c, k ≤ a < 2^64` and the products fit; when
/// `a < k` the other terms are garbage and the first condition is false.
///
/// The other two are one comparison, `(k² − c·a) mod 2^128 ≤ c + a`: if `k² < c·a`, the
/// difference wraps to `2^128 − (c·a − k²) ≥ 2^128 − c·a ≥ 2^65 − 1` (as
/// `c·a ≤ (2^64 − 1)²`), which is more than `c + a ≤ 2^65 − 2`. The two conditions are
/// joined without a branch: on random positions each is unpredictable.
#[inline]
fn is_floor_phi_narrow(k: u128, a: u64) -> bool {
    let fits = k <= u128::from(a);
    let (k, c) = (k as u64, a.wrapping_sub(k as u64));
    let square = u128::from(k) * u128::from(k);
    let f = u128::from(c) * u128::from(a);
    fits & (square.wrapping_sub(f) <= u128::from(c) + u128::from(a))
}

/// `0 ≤ k² − c·a ≤ c + a` with `128 × 128 → 256`-bit products: no product or sum can wrap
/// (`c + a < 2^129`).
#[inline]
fn is_floor_phi_wide(k: u128, c: u128, a: u128) -> bool {
    let (sum, carry) = c.overflowing_add(a);
    let bound = U256 {
        hi: u128::from(carry),
        lo: sum,
    };
    U256::mul(k, k)
        .checked_sub(U256::mul(c, a))
        .is_some_and(|d| d <= bound)
}

// ---------------------------------------------------------------------------------------------
// Computing `⌊k/φ⌋`.

/// `⌊k / φ⌋ = ⌊k(√5 − 1) / 2⌋`, exactly: the largest `c` with `c(c + k) ≤ k²`.
#[inline]
pub(super) fn floor_div_phi(k: u128) -> u128 {
    match u64::try_from(k) {
        Ok(k) => floor_div_phi_narrow(k).0.into(),
        Err(_) => floor_div_phi_wide(k),
    }
}

/// The narrow path, for `k < 2^64`: `(c, d)` with `c = ⌊k/φ⌋` and `d = k² − c(c + k)`, which
/// the module docs put in `[0, 2c + k]`.
///
/// The first guess is `⌊k · ⌊2^128/φ⌋ / 2^128⌋`, exact or one too small:
/// `k · ⌊2^128/φ⌋ / 2^128` lies in `(k/φ − k/2^128, k/φ]`, so it is one too small only when
/// the fractional part of `k/φ` is below `k/2^128 < 2^−64` (rare enough that the branch is
/// always predicted; a 64-bit constant would miss by one on about half of all random `k`).
/// Two `64 × 64 → 128`-bit products: `⌊kQ/2^128⌋ = ⌊(k·Q_hi + ⌊k·Q_lo/2^64⌋) / 2^64⌋` for
/// `Q = Q_hi·2^64 + Q_lo`, and the sum is below `2^128`.
///
/// The answer does not rest on the guess: [`confirm_narrow`] returns only a proven `⌊k/φ⌋`,
/// and if it proves neither the guess nor its successor, a [`search`] from the guess finds
/// `⌊k/φ⌋` whatever the guess was.
#[inline]
fn floor_div_phi_narrow(k: u64) -> (u64, u128) {
    let k128 = u128::from(k);
    let low = (k128 * (INV_PHI_Q128 & u128::from(u64::MAX))) >> 64;
    let guess = ((k128 * (INV_PHI_Q128 >> 64) + low) >> 64) as u64;
    match confirm_narrow(k, guess) {
        Some(found) => found,
        // Not reached (the guess is exact or one too small); exact all the same.
        None => {
            let c = search(k128, guess.into());
            // `c(c + k) ≤ k² < 2^128`: neither product nor the difference wraps.
            (c as u64, k128 * k128 - c * c - c * k128)
        }
    }
}

/// `(⌊k/φ⌋, k² − ⌊k/φ⌋(⌊k/φ⌋ + k))` if `⌊k/φ⌋` is `c` or `c + 1`, proven by the comparison of
/// the module docs in 128-bit integers; `None` otherwise.
///
/// `f(c) = c² + ck` is computed as two products below `2^128`, whose sum may wrap: then
/// `f(c) ≥ 2^128 > k²`, and `c` is too large. The steps `2c + k` and `2(c + 1) + k` are below
/// `2^66`. `c + 1` is returned only after `f(c + 1) ≤ k²`, so `c + 1 ≤ k/φ < 2^64` fits.
#[inline]
fn confirm_narrow(k: u64, c: u64) -> Option<(u64, u128)> {
    let (k, c128) = (u128::from(k), u128::from(c));
    let square = k * k;
    let (f, wrapped) = (c128 * c128).overflowing_add(c128 * k);
    if wrapped || f > square {
        return None;
    }
    // d = k² − f(c) ≥ 0, and f(c + 1) − f(c) = step + 1.
    let d = square - f;
    let step = 2 * c128 + k;
    if d <= step {
        return Some((c, d));
    }
    // d − (step + 1) = k² − f(c + 1) ≥ 0; f(c + 2) − f(c + 1) = step + 3.
    let d = d - step - 1;
    if d <= step + 2 {
        return Some((c + 1, d));
    }
    None
}

/// The wide path: the guess `⌊k · ⌊2^128/φ⌋ / 2^128⌋` (exact or one too small, as in the
/// narrow path), confirmed or corrected exactly.
fn floor_div_phi_wide(k: u128) -> u128 {
    let guess = U256::mul(k, INV_PHI_Q128).hi;
    match confirm_wide(k, guess) {
        Some(c) => c,
        None => search(k, guess),
    }
}

/// [`confirm_narrow`] in 256-bit integers: `⌊k/φ⌋` if it is `c` or `c + 1`, proven; `None`
/// otherwise. `f(c) = c² + ck` past `2^256` is larger than `k² < 2^256`; the steps are below
/// `2^130`.
fn confirm_wide(k: u128, c: u128) -> Option<u128> {
    let square = U256::mul(k, k);
    let f = U256::mul(c, c).checked_add(U256::mul(c, k))?;
    let d = square.checked_sub(f)?;
    let (c256, k256) = (U256::from_u128(c), U256::from_u128(k));
    // 2c + k
    let step = c256.checked_add(c256)?.checked_add(k256)?;
    if d <= step {
        return Some(c);
    }
    // d − (step + 1) ≥ 0, against 2(c + 1) + k = step + 2; `c + 1 ≤ k/φ` fits.
    let one = U256::from_u128(1);
    let d = d.checked_sub(step)?.checked_sub(one)?;
    let step = step.checked_add(one)?.checked_add(one)?;
    if d <= step {
        return c.checked_add(1);
    }
    None
}

/// `⌊k/φ⌋` by a search from any start `c`: down while `c(c + k) > k²`, then up while
/// `(c + 1)(c + 2 + k) ≤ k²`. Exact from every start, in `|c − ⌊k/φ⌋| + 1` comparisons.
fn search(k: u128, mut c: u128) -> u128 {
    let square = U256::mul(k, k);
    // `c(c + k) = c² + ck`; past 2^256 it is certainly larger than `k² < 2^256`.
    let at_most_square = |c: u128| {
        U256::mul(c, c)
            .checked_add(U256::mul(c, k))
            .is_some_and(|v| v <= square)
    };
    while c > 0 && !at_most_square(c) {
        c -= 1;
    }
    while c < u128::MAX && at_most_square(c + 1) {
        c += 1;
    }
    c
}

/// `⌊kφ⌋ = k + ⌊k / φ⌋`, or `None` past `u128::MAX`.
#[inline]
pub(super) fn floor_phi(k: u128) -> Option<u128> {
    k.checked_add(floor_div_phi(k))
}

/// The `y` such that `(x, y)` is a P-position (there is exactly one), or `None` past
/// `u128::MAX`.
///
/// Let `c = ⌊x/φ⌋`, `x ≥ 1`. By Beatty's theorem `x` is exactly one of `⌊kφ⌋` (a *lower*
/// number) and `⌊kφ²⌋ = ⌊kφ⌋ + k` (an *upper* one), `k ≥ 1`; write `δ = kφ − ⌊kφ⌋ ∈ (0, 1)`,
/// which is also the fractional part of `kφ² = kφ + k`.
///
/// - If `x = ⌊kφ⌋ = kφ − δ`, then `x/φ = k − δ/φ`, so `c = k − 1`: `k = c + 1`, and the
///   partner is `x + k = x + c + 1`. The fractional part of `x/φ` is `1 − δ/φ > 1 − 1/φ`.
/// - If `x = ⌊kφ²⌋ = kφ² − δ`, then `x/φ = kφ − δ/φ = ⌊kφ⌋ + δ/φ²` (as `1 − 1/φ = 1/φ²`), so
///   `c = ⌊kφ⌋`: the partner is `c` itself. The fractional part is `δ/φ² < 1/φ² = 1 − 1/φ`.
///
/// So `x` is lower exactly when `x/φ − c > 1 − 1/φ`, that is `c + 1 < (x + 1)/φ`, that is
/// (module docs, with `k = x + 1`; equality is impossible) `(c + 1)(c + x + 2) ≤ (x + 1)²`,
/// which expands to `x² − c(c + x) ≥ 3c + 1 − x`: with `d = x² − c(c + x)`, the remainder the
/// narrow path computes with `c`, **`x` is lower ⇔ `d + x > 3c`**, with no further product.
/// (`d ≤ 2c + x < 2^66`: no sum wraps, and the choice is made without a branch; it is
/// unpredictable on random positions.) `x = 0` needs no case: `c = d = 0`, partner `0`.
///
/// The wide path decides which holds with [`is_floor_phi`]`(c + 1, x)`.
#[inline]
pub(super) fn partner(x: u128) -> Option<u128> {
    match u64::try_from(x) {
        Ok(x) => {
            let (c, d) = floor_div_phi_narrow(x);
            let (c, x) = (u128::from(c), u128::from(x));
            Some(if d + x > 3 * c { x + c + 1 } else { c })
        }
        Err(_) => {
            let c = floor_div_phi_wide(x); // c < x, so c + 1 does not overflow
            if is_floor_phi(c + 1, x) {
                x.checked_add(c + 1)
            } else {
                Some(c)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::collections::BTreeSet;
    use alloc::vec::Vec;
    use quickcheck::{Arbitrary, Gen, QuickCheck};

    // -----------------------------------------------------------------------------------------
    // The reference: the exact path this module had before the narrow one, kept verbatim.

    /// `⌊k/φ⌋` by the estimate `⌊k·⌊2^128/φ⌋/2^128⌋` corrected by the search, in 256-bit
    /// integers at every size.
    fn reference_floor_div_phi(k: u128) -> u128 {
        search(k, U256::mul(k, INV_PHI_Q128).hi)
    }

    fn reference_floor_phi(k: u128) -> Option<u128> {
        k.checked_add(reference_floor_div_phi(k))
    }

    /// The partner as it was computed before: both candidates, each checked.
    fn reference_partner(x: u128) -> Option<u128> {
        if x == 0 {
            return Some(0);
        }
        let c = reference_floor_div_phi(x);
        let lower = c + 1;
        if reference_floor_phi(lower) == Some(x) {
            return x.checked_add(lower);
        }
        let upper = x - c;
        let y = reference_floor_phi(upper)?;
        (y.checked_add(upper) == Some(x)).then_some(y)
    }

    /// Every fast path at `k` against the reference; `false` on the first disagreement.
    fn agrees_at(k: u128) -> bool {
        let c = reference_floor_div_phi(k);
        if floor_div_phi(k) != c || floor_div_phi_wide(k) != c {
            return false;
        }
        // A confirmation proves exactly the guesses c − 1 and c, and never a wrong answer.
        for guess in c.saturating_sub(3)..=c.saturating_add(3) {
            let proven = confirm_wide(k, guess);
            if proven != (guess + 1 >= c && guess <= c).then_some(c) {
                return false;
            }
            if search(k, guess) != c {
                return false;
            }
        }
        if let Ok(k64) = u64::try_from(k) {
            let (c64, d) = floor_div_phi_narrow(k64);
            // d = k² − c(c + k), exactly.
            let rest = U256::mul(k, k).checked_sub(
                U256::mul(c, c)
                    .checked_add(U256::mul(c, k))
                    .expect("below k²"),
            );
            if u128::from(c64) != c || rest != Some(U256::from_u128(d)) {
                return false;
            }
            for guess in (c as u64).saturating_sub(3)..=(c as u64).saturating_add(3) {
                let proven = confirm_narrow(k64, guess).map(|(c, _)| u128::from(c));
                if proven != (u128::from(guess) + 1 >= c && u128::from(guess) <= c).then_some(c) {
                    return false;
                }
            }
        }
        // `a = ⌊kφ⌋` exactly at ⌊kφ⌋, not a step away; never when ⌊kφ⌋ overflows.
        let floor = reference_floor_phi(k);
        let near = floor.unwrap_or(u128::MAX);
        for delta in -3i8..=3 {
            if let Some(a) = near.checked_add_signed(delta.into()) {
                if is_floor_phi(k, a) != (Some(a) == floor) {
                    return false;
                }
            }
        }
        partner(k) == reference_partner(k) && floor_phi(k) == floor
    }

    /// The Fibonacci numbers `1, 2, 3, 5, …` up to `u128::MAX`.
    fn fibonacci() -> Vec<u128> {
        let mut fib = alloc::vec![1u128, 2];
        while let Some(next) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) {
            fib.push(next);
        }
        fib
    }

    /// The Lucas numbers `2, 1, 3, 4, 7, …` up to `u128::MAX`.
    fn lucas() -> Vec<u128> {
        let mut luc = alloc::vec![2u128, 1];
        while let Some(next) = luc[luc.len() - 1].checked_add(luc[luc.len() - 2]) {
            luc.push(next);
        }
        luc
    }

    /// A value where an estimate of `k/φ` is most likely to be off, or a path boundary lies:
    /// Fibonacci and Lucas numbers (the best rational approximations of φ), sums of two
    /// Fibonacci numbers (Zeckendorf neighbours), `⌊F(n)φ⌋`, each a few steps off; values
    /// near `2^53` (the last exact `f64` integers), `2^64` (the narrow path's edge),
    /// `u64::MAX`, `u128::MAX` and other powers of two; random values of random widths.
    #[derive(Debug, Clone, Copy)]
    struct Adversarial(u128);

    impl Arbitrary for Adversarial {
        fn arbitrary(g: &mut Gen) -> Adversarial {
            let fib = fibonacci();
            let pick = |g: &mut Gen, v: &[u128]| v[usize::arbitrary(g) % v.len()];
            let offset = i16::arbitrary(g) % 5;
            let base = match u8::arbitrary(g) % 9 {
                0 => pick(g, &fib),
                1 => pick(g, &lucas()),
                2 => pick(g, &fib).saturating_add(pick(g, &fib)),
                3 => reference_floor_phi(pick(g, &fib)).unwrap_or(u128::MAX),
                4 => (1u128 << 53).wrapping_add_signed(i128::from(i16::arbitrary(g))),
                5 => (1u128 << 64).wrapping_add_signed(i128::from(i16::arbitrary(g))),
                6 => u128::from(u64::MAX) - u128::from(u16::arbitrary(g)),
                7 => u128::MAX - u128::from(u16::arbitrary(g)),
                _ => u128::arbitrary(g) >> (u8::arbitrary(g) % 128),
            };
            Adversarial(base.saturating_add_signed(offset.into()))
        }
    }

    #[test]
    fn fast_paths_match_the_reference_on_adversarial_values() {
        fn property(k: Adversarial) -> bool {
            agrees_at(k.0)
        }
        QuickCheck::new()
            .tests(100_000)
            .quickcheck(property as fn(Adversarial) -> bool);
        // And every Fibonacci, Lucas and ⌊F(n)φ⌋ neighbourhood, exhaustively.
        let (fib, luc) = (fibonacci(), lucas());
        let bases = fib
            .iter()
            .chain(&luc)
            .copied()
            .chain(fib.iter().filter_map(|&f| reference_floor_phi(f)))
            .chain([1 << 53, 1 << 64, u64::MAX.into(), u128::MAX]);
        for base in bases {
            for delta in -8i8..=8 {
                if let Some(k) = base.checked_add_signed(delta.into()) {
                    assert!(agrees_at(k), "k = {k}");
                }
            }
        }
    }

    /// Millions of random values, narrow and wide: the narrow path against the reference,
    /// and `is_floor_phi` at the reference's `⌊kφ⌋` and beside it.
    #[test]
    fn fast_paths_match_the_reference_on_millions_of_random_values() {
        let mut rng = crate::xorshift::XorShift(0x9E37_79B9_7F4A_7C15);
        let mut next = || rng.next();
        for i in 0..2_000_000u32 {
            let r = next();
            // Every width from 1 to 128 bits.
            let k = ((u128::from(next()) << 64) | u128::from(r)) >> (r % 128);
            let c = reference_floor_div_phi(k);
            assert_eq!(floor_div_phi(k), c, "k = {k}");
            if let Some(a) = k.checked_add(c) {
                assert!(is_floor_phi(k, a), "k = {k}");
                assert!(!is_floor_phi(k, a.wrapping_add(1)), "k = {k}");
                assert!(!is_floor_phi(k, a.wrapping_sub(1)), "k = {k}");
            }
            if i % 16 == 0 {
                assert_eq!(partner(k), reference_partner(k), "k = {k}");
            }
        }
    }

    /// `⌊k/φ⌋` by the definition, for small `k`: the largest `c` with `c² + ck ≤ k²`.
    fn naive_floor_div_phi(k: u128) -> u128 {
        let mut c = 0;
        while (c + 1) * (c + 1 + k) <= k * k {
            c += 1;
        }
        c
    }

    #[test]
    fn wide_product_is_exact() {
        assert_eq!(
            U256::mul(u128::MAX, u128::MAX),
            U256 {
                hi: u128::MAX - 1,
                lo: 1
            }
        );
        assert_eq!(U256::mul(1 << 64, 1 << 64), U256 { hi: 1, lo: 0 });
        assert_eq!(U256::mul(3, 5), U256 { hi: 0, lo: 15 });
        let x = U256 {
            hi: u128::MAX,
            lo: 1,
        };
        assert_eq!(
            x.checked_add(U256 {
                hi: 0,
                lo: u128::MAX
            }),
            None
        );
    }

    #[test]
    fn floor_div_phi_matches_definition_and_constant() {
        for k in 0..3000 {
            assert_eq!(floor_div_phi(k), naive_floor_div_phi(k), "k = {k}");
        }
        // The constant is ⌊2^128/φ⌋: c(c + 2^128) ≤ 2^256 < (c + 1)(c + 1 + 2^128), checked
        // with halves to stay in 256 bits: c² + c·2^128 = c² + (c << 128).
        let c = INV_PHI_Q128;
        let sq = U256::mul(c, c);
        assert!(sq.checked_add(U256 { hi: c, lo: 0 }).is_some()); // < 2^256
        let c1 = c + 1;
        assert!(
            U256::mul(c1, c1)
                .checked_add(U256 { hi: c1, lo: 0 })
                .is_none()
        ); // ≥ 2^256
        // F(40)
        assert_eq!(floor_phi(102_334_155), Some(165_580_140));
        assert_eq!(floor_phi(u128::MAX), None);
    }

    #[test]
    fn partner_is_an_involution_on_p_positions() {
        let mut seen = BTreeSet::new();
        for k in 0u128..2000 {
            let (a, b) = (floor_phi(k).unwrap(), floor_phi(k).unwrap() + k);
            assert_eq!(partner(a), Some(b));
            assert_eq!(partner(b), Some(a));
            seen.insert(a);
            seen.insert(b);
        }
        // Beatty: every number up to ⌊2000φ⌋ is in one of the two sequences.
        for x in 0..floor_phi(2000).unwrap() {
            assert!(seen.contains(&x), "{x}");
        }
        // u128::MAX = ⌊kφ⌋ for k = ⌊u128::MAX / φ⌋ + 1, so its partner does not fit.
        let k = floor_div_phi(u128::MAX) + 1;
        assert_eq!(floor_phi(k), Some(u128::MAX));
        assert_eq!(partner(u128::MAX), None);
        assert_eq!(
            partner(u128::MAX - 2),
            Some(210_306_068_529_402_873_165_736_369_884_012_333_106)
        );
        assert_eq!(partner(u64::MAX.into()), Some(11_400_714_819_323_198_485));
    }
}
