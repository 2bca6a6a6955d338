//! The nim field (ONAG ch. 6) against its definition and its published facts.
//!
//! - **Brute force from the definition**: `a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}`,
//!   tabulated by dynamic programming for every `a, b < 128` and compared with `*` on every
//!   pair. Nothing of the crate but `Nimber * Nimber` is used there.
//! - **Published facts**: `*2 * *2 = *3`, `*4 * *4 = *6`, `*16 * *16 = *24`, `X ⊗ X = 3X/2` for
//!   every Fermat 2-power `X = 2^(2^k)` up to `2^64`, and the nim-product of distinct Fermat
//!   2-powers is their ordinary product (all 128 sets of them).
//! - **An independent slow product**: the split `a = a1·X ⊕ a0` written here plainly, with no
//!   table, down to single bits; compared with `*` on thousands of random `u128` pairs and on
//!   every pair of powers of two `2^i ⊗ 2^j` (the product is bilinear, so those 16384 pairs
//!   and distributivity below pin it down everywhere).
//! - **Field laws** by quickcheck on full-range `u128` values (a third of them shifted right
//!   by a random amount, so that every width is drawn): commutativity, associativity,
//!   distributivity over nim-addition, the identity, inverses, square roots, `pow` against
//!   repeated multiplication and its exponent laws, `checked_div` round trips.

use grundy::Nimber;
use num_traits::One;
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};

const CASES: u64 = 3000;

// ---------------------------------------------------------------------------------------------
// The oracles.

/// The nim-products of every `a, b < n` (`n ≤ 256`), from the definition alone:
/// `table[a][b] = mex{table[a'][b] ^ table[a][b'] ^ table[a'][b'] : a' < a, b' < b}`.
fn mex_table(n: usize) -> Vec<Vec<u16>> {
    assert!(n <= 256);
    let mut table = vec![vec![0u16; n]; n];
    // Products below 256 stay below 256 (the nimbers below 2^8 are a field); a stamp per cell
    // saves clearing the seen-set.
    let mut seen = [usize::MAX; 256];
    for a in 0..n {
        for b in 0..n {
            let stamp = a * n + b;
            for a2 in 0..a {
                for b2 in 0..b {
                    let v = table[a2][b] ^ table[a][b2] ^ table[a2][b2];
                    seen[v as usize] = stamp;
                }
            }
            table[a][b] = (0..256u16).find(|&v| seen[v as usize] != stamp).unwrap();
        }
    }
    table
}

/// `a ⊗ b` for `a, b < 2^(2·half)` by the plain split, no table: for `X = 2^half`,
/// `a ⊗ b = (a1b1 ⊕ a1b0 ⊕ a0b1)·X ⊕ (a0b0 ⊕ a1b1 ⊗ X/2)`, each product a recursive call.
fn slow_mul(a: u128, b: u128, half: u32) -> u128 {
    if a < 2 || b < 2 {
        return a * b; // 0 ⊗ b = 0, 1 ⊗ b = b
    }
    let mask = (1u128 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let p11 = slow_mul(a1, b1, half / 2);
    let cross = slow_mul(a1, b0, half / 2) ^ slow_mul(a0, b1, half / 2);
    let p00 = slow_mul(a0, b0, half / 2);
    ((p11 ^ cross) << half) | (p00 ^ slow_mul(p11, 1 << (half - 1), half / 2))
}

fn slow(a: u128, b: u128) -> u128 {
    slow_mul(a, b, 64)
}

fn mul(a: u128, b: u128) -> u128 {
    (Nimber::new(a) * Nimber::new(b)).get()
}

use crate::common::scale;
use crate::xorshift;
use xorshift::XorShift;

/// A full-range `u128`, shifted right by a random amount a third of the time: every width is
/// drawn, not only values near `2^128`.
#[derive(Clone, Copy, Debug)]
struct Value(u128);

impl Arbitrary for Value {
    fn arbitrary(g: &mut Gen) -> Self {
        let v = u128::arbitrary(g);
        if u8::arbitrary(g) % 3 == 0 {
            Value(v >> (u8::arbitrary(g) % 128))
        } else {
            Value(v)
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(self.0.shrink().map(Value))
    }
}

impl Value {
    fn n(self) -> Nimber {
        Nimber::new(self.0)
    }
}

// ---------------------------------------------------------------------------------------------
// The definition and the published facts.

#[test]
fn every_product_below_128_is_the_mex_of_the_definition() {
    // Below 64 in the quick run (the definition's table costs n^4).
    let n = scale::bound(128, 64) as usize;
    let table = mex_table(n);
    for (a, row) in table.iter().enumerate() {
        for (b, &p) in row.iter().enumerate() {
            assert_eq!(mul(a as u128, b as u128), u128::from(p), "*{a} * *{b}");
        }
    }
    // The oracle itself, against the classic 16 × 16 table's first rows (ONAG, fig. 6.1).
    assert_eq!(table[2][..8], [0, 2, 3, 1, 8, 10, 11, 9]);
    assert_eq!(table[3][..8], [0, 3, 1, 2, 12, 15, 13, 14]);
    assert_eq!(table[8][8], 13);
    assert_eq!(table[15][15], 9);
}

#[test]
fn published_products() {
    assert_eq!(mul(2, 2), 3);
    assert_eq!(mul(4, 4), 6);
    assert_eq!(mul(16, 16), 24);
    assert_eq!(mul(2, 4), 8);
    assert_eq!(mul(8, 8), 13);
    assert_eq!(Nimber::new(2) * Nimber::new(3), Nimber::ONE);
}

/// The Fermat 2-powers below `2^128`: `2^(2^k)` for `k = 0..=6`.
const FERMAT: [u128; 7] = [1 << 1, 1 << 2, 1 << 4, 1 << 8, 1 << 16, 1 << 32, 1 << 64];

#[test]
fn a_fermat_2_power_squared_is_three_halves_of_it() {
    for x in FERMAT {
        assert_eq!(mul(x, x), x + x / 2, "{x:#x}");
        assert_eq!(mul(x, x), 3 * x / 2);
        assert_eq!(Nimber::new(x + x / 2).sqrt(), Nimber::new(x));
    }
}

#[test]
fn distinct_fermat_2_powers_multiply_as_integers() {
    // Every set of them, as a product of nimbers and in both orders.
    for set in 0u32..1 << FERMAT.len() {
        let members: Vec<u128> = (0..FERMAT.len())
            .filter(|k| set >> k & 1 == 1)
            .map(|k| FERMAT[k])
            .collect();
        let ordinary: u128 = members.iter().product();
        let nim: Nimber = members.iter().map(|&x| Nimber::new(x)).product();
        assert_eq!(nim.get(), ordinary, "{members:?}");
        let reversed: Nimber = members.iter().rev().map(|&x| Nimber::new(x)).product();
        assert_eq!(reversed.get(), ordinary);
    }
    // A Fermat 2-power times any smaller nimber is their ordinary product.
    for x in FERMAT {
        for y in [1, 2, 3, x / 2 + 1, x - 1].into_iter().filter(|&y| y < x) {
            assert_eq!(mul(x, y), x * y, "{x:#x} {y:#x}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The independent slow product.

#[test]
fn every_product_of_two_powers_of_two_agrees_with_the_slow_split() {
    for i in 0..128 {
        for j in i..128 {
            let (a, b) = (1u128 << i, 1u128 << j);
            let p = slow(a, b);
            assert_eq!(mul(a, b), p, "2^{i} * 2^{j}");
            assert_eq!(mul(b, a), p);
        }
    }
}

#[test]
fn random_products_agree_with_the_slow_split() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    for round in 0..3000 {
        let (a, b) = (rng.next_u128(), rng.next_u128());
        // Every third pair at a random width, so that the narrow paths are compared too.
        let (a, b) = if round % 3 == 0 {
            (a >> (rng.next() % 128), b >> (rng.next() % 128))
        } else {
            (a, b)
        };
        assert_eq!(mul(a, b), slow(a, b), "{a:#x} * {b:#x}");
    }
}

#[test]
fn quickcheck_products_agree_with_the_slow_split() {
    fn prop(a: Value, b: Value) -> bool {
        mul(a.0, b.0) == slow(a.0, b.0)
    }
    QuickCheck::new()
        .tests(scale::cases(CASES))
        .quickcheck(prop as fn(Value, Value) -> bool);
}

// ---------------------------------------------------------------------------------------------
// The field laws.

#[test]
fn multiplication_is_commutative() {
    fn prop(a: Value, b: Value) -> bool {
        a.n() * b.n() == b.n() * a.n()
    }
    QuickCheck::new()
        .tests(scale::cases(CASES))
        .quickcheck(prop as fn(Value, Value) -> bool);
}

#[test]
fn multiplication_is_associative() {
    fn prop(a: Value, b: Value, c: Value) -> bool {
        (a.n() * b.n()) * c.n() == a.n() * (b.n() * c.n())
    }
    QuickCheck::new()
        .tests(scale::cases(CASES))
        .quickcheck(prop as fn(Value, Value, Value) -> bool);
}

#[test]
fn multiplication_distributes_over_nim_addition() {
    fn prop(a: Value, b: Value, c: Value) -> bool {
        let (a, b, c) = (a.n(), b.n(), c.n());
        a * (b + c) == a * b + a * c && (b + c) * a == b * a + c * a
    }
    QuickCheck::new()
        .tests(scale::cases(CASES))
        .quickcheck(prop as fn(Value, Value, Value) -> bool);
}

#[test]
fn one_is_the_identity_and_zero_absorbs() {
    fn prop(a: Value) -> bool {
        let a = a.n();
        a * Nimber::ONE == a
            && Nimber::ONE * a == a
            && a * Nimber::one() == a
            && a * Nimber::ZERO == Nimber::ZERO
            && Nimber::ZERO * a == Nimber::ZERO
    }
    QuickCheck::new()
        .tests(scale::cases(CASES))
        .quickcheck(prop as fn(Value) -> bool);
}

#[test]
fn every_nonzero_nimber_has_an_inverse() {
    fn prop(a: Value) -> TestResult {
        let a = a.n();
        match a.inverse() {
            None => TestResult::from_bool(a == Nimber::ZERO),
            Some(inv) => TestResult::from_bool(
                a * inv == Nimber::ONE
                    && inv * a == Nimber::ONE
                    && inv.inverse() == Some(a)
                    && slow(a.get(), inv.get()) == 1,
            ),
        }
    }
    QuickCheck::new()
        .tests(scale::cases(CASES))
        .quickcheck(prop as fn(Value) -> TestResult);
    assert_eq!(Nimber::ZERO.inverse(), None);
    assert_eq!(Nimber::ONE.inverse(), Some(Nimber::ONE));
    assert_eq!(
        Nimber::new(u128::MAX)
            .inverse()
            .map(|i| i * Nimber::new(u128::MAX)),
        Some(Nimber::ONE)
    );
}

#[test]
fn the_square_root_squares_back() {
    fn prop(a: Value) -> bool {
        let a = a.n();
        let r = a.sqrt();
        r * r == a && (a * a).sqrt() == a && slow(r.get(), r.get()) == a.get()
    }
    QuickCheck::new()
        .tests(scale::cases(CASES))
        .quickcheck(prop as fn(Value) -> bool);
    assert_eq!(Nimber::ZERO.sqrt(), Nimber::ZERO);
    assert_eq!(Nimber::ONE.sqrt(), Nimber::ONE);
    assert_eq!(Nimber::new(3).sqrt(), Nimber::new(2));
}

#[test]
fn pow_is_repeated_multiplication() {
    fn prop(a: Value, e: u16) -> bool {
        let e = e % 300;
        let a = a.n();
        let repeated = (0..e).fold(Nimber::ONE, |acc, _| acc * a);
        a.pow(u128::from(e)) == repeated
            && a.pow(u128::from(e)) == std::iter::repeat_n(a, usize::from(e)).product()
    }
    QuickCheck::new()
        .tests(scale::cases(CASES / 3))
        .quickcheck(prop as fn(Value, u16) -> bool);
}

#[test]
fn pow_obeys_the_exponent_laws() {
    fn prop(a: Value, b: Value, e: u64, f: u64) -> bool {
        let (a, b) = (a.n(), b.n());
        let (e, f) = (u128::from(e), u128::from(f));
        a.pow(e + f) == a.pow(e) * a.pow(f)
            && a.pow(e * f) == a.pow(e).pow(f)
            && (a * b).pow(e) == a.pow(e) * b.pow(e)
            // The group of units has order 2^128 − 1; squaring then halving is the identity.
            && (a.is_zero() || a.pow(u128::MAX) == Nimber::ONE)
            && a.pow(1 << 127) == a.sqrt()
            && a.pow(2) == a * a
            && a.pow(1) == a
            && a.pow(0) == Nimber::ONE
            && (a.is_zero() || a.pow(u128::MAX - 1) == a.inverse().unwrap())
    }
    QuickCheck::new()
        .tests(scale::cases(CASES / 3))
        .quickcheck(prop as fn(Value, Value, u64, u64) -> bool);
    assert_eq!(Nimber::ZERO.pow(0), Nimber::ONE);
    assert_eq!(Nimber::ZERO.pow(u128::MAX), Nimber::ZERO);
}

#[test]
fn checked_div_round_trips() {
    fn prop(a: Value, b: Value) -> bool {
        let (a, b) = (a.n(), b.n());
        match a.checked_div(b) {
            None => b.is_zero(),
            Some(q) => q * b == a && (a * b).checked_div(b) == Some(a),
        }
    }
    QuickCheck::new()
        .tests(scale::cases(CASES))
        .quickcheck(prop as fn(Value, Value) -> bool);
    assert_eq!(Nimber::ZERO.checked_div(Nimber::ZERO), None);
    assert_eq!(Nimber::ZERO.checked_div(Nimber::ONE), Some(Nimber::ZERO));
}

#[test]
#[allow(clippy::op_ref)] // the by-reference impls are what is tested
fn the_operators_by_value_and_by_reference_agree() {
    let (a, b) = (Nimber::new(0xDEAD_BEEF), Nimber::new(u128::MAX / 3));
    let p = a * b;
    assert_eq!(&a * &b, p);
    assert_eq!(&a * b, p);
    assert_eq!(a * &b, p);
    let mut c = a;
    c *= b;
    assert_eq!(c, p);
    let mut d = a;
    d *= &b;
    assert_eq!(d, p);
    assert_eq!([a, b].iter().product::<Nimber>(), p);
    assert_eq!([a, b].into_iter().product::<Nimber>(), p);
    assert_eq!(
        std::iter::empty::<Nimber>().product::<Nimber>(),
        Nimber::ONE
    );
    assert!(Nimber::one().is_one());
    assert!(!Nimber::new(2).is_one());
}
