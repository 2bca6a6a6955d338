//! Exact arithmetic with the golden ratio φ = (1 + √5) / 2, in integers only.
//!
//! `⌊k/φ⌋` is the largest `c` with `c(c + k) ≤ k²` (as `x = k/φ` solves `x² + kx = k²`),
//! decided with exact 128 × 128 → 256-bit products; `⌊kφ⌋ = k + ⌊k/φ⌋`. A fixed-point
//! estimate of `k/φ` is exact or one too small, so the comparison runs at most three times.
//! Nothing here uses floating point, and every `u128` is answered exactly.

/// `⌊2^128 / φ⌋`, for a first estimate of `⌊k / φ⌋` that is exact or one too small.
const INV_PHI_Q128: u128 = 210_306_068_529_402_873_165_736_369_884_012_333_108;

/// An unsigned 256-bit integer; the derived order compares `hi` first, as it should.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct U256 {
    hi: u128,
    lo: u128,
}

impl U256 {
    /// The exact product `x · y`.
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
    fn checked_add(self, other: U256) -> Option<U256> {
        let (lo, carry) = self.lo.overflowing_add(other.lo);
        let hi = self
            .hi
            .checked_add(other.hi)?
            .checked_add(u128::from(carry))?;
        Some(U256 { hi, lo })
    }
}

/// `⌊k / φ⌋ = ⌊k(√5 − 1) / 2⌋`, exactly: the largest `c` with `c(c + k) ≤ k²`.
pub(super) fn floor_div_phi(k: u128) -> u128 {
    let square = U256::mul(k, k);
    // `c(c + k) = c² + ck`; past 2^256 it is certainly larger than `k² < 2^256`.
    let at_most_square = |c: u128| {
        U256::mul(c, c)
            .checked_add(U256::mul(c, k))
            .is_some_and(|v| v <= square)
    };
    // `k · ⌊2^128/φ⌋ / 2^128` is within one of `k / φ`; the loops correct it, whatever it is.
    let mut c = U256::mul(k, INV_PHI_Q128).hi;
    while c > 0 && !at_most_square(c) {
        c -= 1;
    }
    while c < u128::MAX && at_most_square(c + 1) {
        c += 1;
    }
    c
}

/// `⌊kφ⌋ = k + ⌊k / φ⌋`, or `None` past `u128::MAX`.
pub(super) fn floor_phi(k: u128) -> Option<u128> {
    k.checked_add(floor_div_phi(k))
}

/// The `y` such that `(x, y)` is a P-position (there is exactly one), or `None` past
/// `u128::MAX`.
///
/// For `x ≥ 1`, either `x = ⌊kφ⌋` with `k = ⌊x/φ⌋ + 1` (the only candidate, as `kφ` must lie
/// in `(x, x + 1)`), and then `y = x + k`; or `x = ⌊kφ⌋ + k = ⌊kφ²⌋` with
/// `k = x − ⌊x/φ⌋` (the only candidate, as `kφ²` must lie in `(x, x + 1)`), and then
/// `y = x − k`. Beatty's theorem says exactly one holds; both are checked exactly.
pub(super) fn partner(x: u128) -> Option<u128> {
    if x == 0 {
        return Some(0);
    }
    let c = floor_div_phi(x); // c < x
    let lower = c + 1;
    if floor_phi(lower) == Some(x) {
        return x.checked_add(lower);
    }
    let upper = x - c;
    let y = floor_phi(upper)?;
    (y.checked_add(upper) == Some(x)).then_some(y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::collections::BTreeSet;

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
