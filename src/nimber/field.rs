//! The nim field (ONAG, ch. 6): nim-multiplication and the field operations on [`Nimber`].
//!
//! # The mathematics
//!
//! For a Fermat 2-power `X = 2^(2^k)`, the nimbers below `X` form a field, and `X` is a root
//! of `t² = t ⊕ X/2` over it: `X ⊗ X = X ⊕ X/2`. So a nimber below `X²` is `a = a1·X ⊕ a0`
//! with `a1, a0 < X` (the ordinary product `a1·X` *is* the nim-product `a1 ⊗ X`), and
//!
//! ```text
//! a ⊗ b = (a1b1 ⊕ a1b0 ⊕ a0b1)·X ⊕ (a0b0 ⊕ a1b1 ⊗ X/2)
//!       = ((a1 ⊕ a0)(b1 ⊕ b0) ⊕ a0b0)·X ⊕ (a0b0 ⊕ a1b1 ⊗ X/2)
//! ```
//!
//! three half-size products (Karatsuba's trick, which characteristic 2 makes exact) and one
//! product by the constant `X/2`. Three more facts of the same split give the rest:
//!
//! - **square**: `a ⊗ a = a1²·X ⊕ (a0² ⊕ a1² ⊗ X/2)`;
//! - **square root**, the inverse of that: `√a = √a1·X ⊕ √(a0 ⊕ a1 ⊗ X/2)`;
//! - **inverse**: the other root of `t² = t ⊕ X/2` is `X ⊕ 1`, so the conjugate of `a` is
//!   `a1·X ⊕ (a0 ⊕ a1)`, and `a` times its conjugate is the norm
//!   `N(a) = a0(a0 ⊕ a1) ⊕ a1² ⊗ X/2`, a nimber below `X`. Hence
//!   `a⁻¹ = (a1 ⊗ N⁻¹)·X ⊕ (a0 ⊕ a1) ⊗ N⁻¹`: one inverse at half the width, three
//!   half-size products and a half-size square, about one and a half multiplications of
//!   work (measured: the time of two to three products, as each step waits for the one
//!   before). `a^(2^128 − 2)` would cost 127 squarings and at least a dozen multiplications
//!   (Itoh–Tsujii's chain; by plain square and multiply, 126), and `pow` takes 60 to 90
//!   times as long (`benches/nim_field.rs`); so the inverse is computed by the norm.
//!
//! # The machine
//!
//! The recursion stops at the 16-bit subfield, `GF(2^16)`, whose 65535 non-zero elements are
//! the powers of one generator (`g = *258`, the least one; the build checks its order). Two
//! tables turn a 16-bit product into an addition: `LOG[x]` (`x = g^LOG[x]`, 128 KiB) and
//! `EXP[i] = g^i` for every `i` up to `2·65535` (256 KiB, so that a sum of two logarithms
//! needs no reduction modulo 65535; folding it instead would halve the table and cost 12%
//! of a product's time), built at compile time by `const fn`. A 16-bit product is two `LOG`
//! reads, one `EXP` read and a mask for zero; a product by `X/2 = 2^15` adds a constant
//! logarithm and costs one more `EXP` read. The products by `X/2 = 2^31` and `2^63` (at the
//! 64- and 128-bit levels) are GF(2)-linear maps, so they are read from byte tables (one
//! 256-entry table per input byte: 4 KiB and 16 KiB). A 128-bit product is then 27 leaf
//! products: 54 `LOG` and 36 `EXP` reads, plus 20 byte-table reads; about 700 instructions
//! in all (counted under callgrind), whose only branches test for zero operands.

use super::Nimber;
use core::iter::Product;
use core::ops::{Mul, MulAssign};

/// The order of the multiplicative group of the nimbers below `2^16`.
const ORDER16: u32 = 0xFFFF;

/// The length of the `EXP` table: every sum of two `u16`s indexes it, so the compiler drops
/// the bounds checks.
const EXP_LEN: usize = 2 * ORDER16 as usize + 1;

/// A generator of that group, the least one. [`Tables::build`] checks its order.
const GENERATOR16: u16 = 258;

/// The tables of the machine (see the module docs), about 404 KiB.
struct Tables {
    /// `LOG[x]` for `x != 0`: the exponent `i < 65535` with `x = g^i`. `LOG[0] = 0`, and the
    /// readers mask the result for zero.
    log: [u16; 1 << 16],
    /// `EXP[i] = g^i` for `i <= 2·65535`: a sum of two logarithms, or a logarithm folded
    /// once modulo `2^16 − 1` ([`fold`]) plus another, indexes it as it is.
    exp: [u16; EXP_LEN],
    /// `LOG[2^15]`: the logarithm of `X/2` at the 32-bit level.
    log_half16: u32,
    /// `y ⊗ 2^31` for `y < 2^32`, byte by byte: `HALF32[i][byte i of y]`.
    half32: [[u32; 256]; 4],
    /// `y ⊗ 2^63` for `y < 2^64`, byte by byte.
    half64: [[u64; 256]; 8],
}

/// The tables, built at compile time.
static TABLES: Tables = Tables::build();

impl Tables {
    /// Builds the tables. Runs at compile time: a wrong generator fails the build.
    const fn build() -> Tables {
        let mut t = Tables {
            log: [0; 1 << 16],
            exp: [0; EXP_LEN],
            log_half16: 0,
            half32: [[0; 256]; 4],
            half64: [[0; 256]; 8],
        };

        // Multiplication by g as a linear map on 16 bits, read byte by byte.
        let mut images = [0u64; 64];
        let mut i = 0;
        while i < 16 {
            images[i] = plain_mul(1 << i, GENERATOR16 as u128, 8) as u64;
            i += 1;
        }
        let by_g = byte_tables::<2>(&images);

        // The powers of g: g has order 65535 exactly when no earlier power is 1.
        let mut x: u16 = 1;
        let mut e: u32 = 0;
        while e < ORDER16 {
            assert!(e == 0 || x != 1, "GENERATOR16 does not generate GF(2^16)*");
            t.exp[e as usize] = x;
            t.log[x as usize] = e as u16;
            x = (by_g[0][(x & 0xFF) as usize] ^ by_g[1][(x >> 8) as usize]) as u16;
            e += 1;
        }
        assert!(x == 1, "GENERATOR16 does not generate GF(2^16)*");
        let mut e = ORDER16 as usize;
        while e < EXP_LEN {
            t.exp[e] = t.exp[e - ORDER16 as usize];
            e += 1;
        }
        t.log_half16 = t.log[1 << 15] as u32;

        // y ⊗ 2^31, from the 16-bit products above.
        let mut i = 0;
        while i < 32 {
            images[i] = mul32(&t, 1 << i, 1 << 31) as u64;
            i += 1;
        }
        let half32 = byte_tables::<4>(&images);
        let mut j = 0;
        while j < 4 {
            let mut b = 0;
            while b < 256 {
                t.half32[j][b] = half32[j][b] as u32;
                b += 1;
            }
            j += 1;
        }

        // y ⊗ 2^63, from the 32-bit products and the table just built.
        let mut i = 0;
        while i < 64 {
            images[i] = mul64(&t, 1 << i, 1 << 63);
            i += 1;
        }
        t.half64 = byte_tables::<8>(&images);
        t
    }
}

/// The byte tables of a GF(2)-linear map on `8·N` bits, given the images of the bits:
/// `table[j][b]` is the image of `b << 8j`.
const fn byte_tables<const N: usize>(images: &[u64; 64]) -> [[u64; 256]; N] {
    let mut tables = [[0u64; 256]; N];
    let mut j = 0;
    while j < N {
        let mut b = 1;
        while b < 256 {
            // The image of b is the image of b without its lowest bit, plus that bit's.
            tables[j][b] = tables[j][b & (b - 1)] ^ images[8 * j + b.trailing_zeros() as usize];
            b += 1;
        }
        j += 1;
    }
    tables
}

/// `a ⊗ b` for `a, b < 2^(2·half)` (`half` a power of two), by the split with no table: only
/// to build the first table at compile time.
const fn plain_mul(a: u128, b: u128, half: u32) -> u128 {
    if half == 0 {
        return a & b;
    }
    let mask = (1u128 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let high = plain_mul(a1, b1, half / 2);
    let low = plain_mul(a0, b0, half / 2);
    let mid = plain_mul(a1 ^ a0, b1 ^ b0, half / 2);
    let high_half = plain_mul(high, 1 << (half - 1), half / 2);
    ((mid ^ low) << half) | (low ^ high_half)
}

// ---------------------------------------------------------------------------------------------
// The 16-bit leaves: logarithms.

/// `LOG[y]`, as a `u32` to add.
#[inline(always)]
const fn log(t: &Tables, y: u16) -> u32 {
    t.log[y as usize] as u32
}

/// A sum of two `u16`s, folded modulo `2^16 − 1` into `0..=2^16`.
#[inline(always)]
const fn fold(s: u32) -> usize {
    ((s & 0xFFFF) + (s >> 16)) as usize
}

/// All ones if both are non-zero, else zero: the mask of a product read from the logarithms.
#[inline(always)]
const fn both(a: u16, b: u16) -> u16 {
    if a != 0 && b != 0 { u16::MAX } else { 0 }
}

/// All ones if `y` is non-zero.
#[inline(always)]
const fn nonzero(y: u16) -> u16 {
    if y != 0 { u16::MAX } else { 0 }
}

/// `a ⊗ b` below `2^16`.
#[inline(always)]
const fn mul16(t: &Tables, a: u16, b: u16) -> u16 {
    t.exp[(log(t, a) + log(t, b)) as usize] & both(a, b)
}

/// `a ⊗ a` below `2^16`.
#[inline(always)]
const fn square16(t: &Tables, a: u16) -> u16 {
    t.exp[(2 * log(t, a)) as usize] & nonzero(a)
}

/// `a ⊗ 2^15` below `2^16`.
#[inline(always)]
const fn half16(t: &Tables, a: u16) -> u16 {
    t.exp[(log(t, a) + t.log_half16) as usize] & nonzero(a)
}

/// The square root of `a` below `2^16`: half its logarithm, modulo the odd `2^16 − 1`.
#[inline(always)]
const fn sqrt16(t: &Tables, a: u16) -> u16 {
    let l = log(t, a);
    let even = if l & 1 == 0 { l } else { l + ORDER16 };
    t.exp[(even / 2) as usize] & nonzero(a)
}

// ---------------------------------------------------------------------------------------------
// 32 bits: X = 2^16, X/2 = 2^15.

/// The halves `(a1, a0)` of a 32-bit value.
#[inline(always)]
const fn split32(a: u32) -> (u16, u16) {
    ((a >> 16) as u16, a as u16)
}

/// `a ⊗ b` below `2^32`: the three leaf products, and `a1b1 ⊗ 2^15` from the same logarithms.
#[inline(always)]
const fn mul32(t: &Tables, a: u32, b: u32) -> u32 {
    let ((a1, a0), (b1, b0)) = (split32(a), split32(b));
    let s11 = fold(log(t, a1) + log(t, b1)) as u32;
    let high_half = t.exp[(s11 + t.log_half16) as usize] & both(a1, b1);
    let low = mul16(t, a0, b0);
    let mid = mul16(t, a1 ^ a0, b1 ^ b0);
    (((mid ^ low) as u32) << 16) | (low ^ high_half) as u32
}

/// `a ⊗ a` below `2^32`.
#[inline(always)]
const fn square32(t: &Tables, a: u32) -> u32 {
    let (a1, a0) = split32(a);
    let s = fold(2 * log(t, a1)) as u32;
    let mask = nonzero(a1);
    let high = t.exp[s as usize] & mask;
    let high_half = t.exp[(s + t.log_half16) as usize] & mask;
    ((high as u32) << 16) | (square16(t, a0) ^ high_half) as u32
}

/// `a ⊗ 2^31` below `2^32`, read byte by byte.
#[inline(always)]
const fn half32(t: &Tables, a: u32) -> u32 {
    let h = &t.half32;
    h[0][(a & 0xFF) as usize]
        ^ h[1][((a >> 8) & 0xFF) as usize]
        ^ h[2][((a >> 16) & 0xFF) as usize]
        ^ h[3][(a >> 24) as usize]
}

/// The square root of `a` below `2^32`.
#[inline(always)]
const fn sqrt32(t: &Tables, a: u32) -> u32 {
    let (a1, a0) = split32(a);
    ((sqrt16(t, a1) as u32) << 16) | sqrt16(t, a0 ^ half16(t, a1)) as u32
}

/// The inverse of a non-zero `a` below `2^32`, by the norm (`0` for `0`).
///
/// In logarithms: `a1² ⊗ 2^15` is one `EXP` read, and the logarithm of `N⁻¹` is
/// `65535 − LOG[N]`, so the inverse of the norm is never read from the table.
#[inline(always)]
const fn inverse32(t: &Tables, a: u32) -> u32 {
    let (a1, a0) = split32(a);
    let sum = a0 ^ a1;
    let log1 = log(t, a1);
    let square_half = t.exp[fold(2 * log1) + t.log_half16 as usize] & nonzero(a1);
    let norm = mul16(t, a0, sum) ^ square_half;
    // The norm is 0 only for a = 0, and then both products below are masked to 0.
    let log_inv = ORDER16 - log(t, norm);
    let high = t.exp[(log1 + log_inv) as usize] & nonzero(a1);
    let low = t.exp[(log(t, sum) + log_inv) as usize] & nonzero(sum);
    ((high as u32) << 16) | low as u32
}

// ---------------------------------------------------------------------------------------------
// 64 bits: X = 2^32, X/2 = 2^31.

/// The halves `(a1, a0)` of a 64-bit value.
#[inline(always)]
const fn split64(a: u64) -> (u32, u32) {
    ((a >> 32) as u32, a as u32)
}

/// `a ⊗ b` below `2^64`.
#[inline(always)]
const fn mul64(t: &Tables, a: u64, b: u64) -> u64 {
    let ((a1, a0), (b1, b0)) = (split64(a), split64(b));
    let high = mul32(t, a1, b1);
    let low = mul32(t, a0, b0);
    let mid = mul32(t, a1 ^ a0, b1 ^ b0);
    (((mid ^ low) as u64) << 32) | (low ^ half32(t, high)) as u64
}

/// `a ⊗ a` below `2^64`.
#[inline(always)]
const fn square64(t: &Tables, a: u64) -> u64 {
    let (a1, a0) = split64(a);
    let high = square32(t, a1);
    ((high as u64) << 32) | (square32(t, a0) ^ half32(t, high)) as u64
}

/// `a ⊗ 2^63` below `2^64`, read byte by byte.
#[inline(always)]
const fn half64(t: &Tables, a: u64) -> u64 {
    let h = &t.half64;
    let mut r = 0;
    let mut j = 0;
    while j < 8 {
        r ^= h[j][((a >> (8 * j)) & 0xFF) as usize];
        j += 1;
    }
    r
}

/// The square root of `a` below `2^64`.
#[inline(always)]
const fn sqrt64(t: &Tables, a: u64) -> u64 {
    let (a1, a0) = split64(a);
    ((sqrt32(t, a1) as u64) << 32) | sqrt32(t, a0 ^ half32(t, a1)) as u64
}

/// The inverse of a non-zero `a` below `2^64`, by the norm (`0` for `0`).
#[inline(always)]
const fn inverse64(t: &Tables, a: u64) -> u64 {
    let (a1, a0) = split64(a);
    let sum = a0 ^ a1;
    let norm = mul32(t, a0, sum) ^ half32(t, square32(t, a1));
    let inv = inverse32(t, norm);
    ((mul32(t, a1, inv) as u64) << 32) | mul32(t, sum, inv) as u64
}

// ---------------------------------------------------------------------------------------------
// 128 bits: X = 2^64, X/2 = 2^63.

/// The halves `(a1, a0)` of a 128-bit value.
#[inline(always)]
const fn split128(a: u128) -> (u64, u64) {
    ((a >> 64) as u64, a as u64)
}

/// `a ⊗ b`. Operands below `2^64` take one product at the narrowest width, or two 64-bit
/// products when only one of them is.
#[inline]
fn mul128(t: &Tables, a: u128, b: u128) -> u128 {
    let ((a1, a0), (b1, b0)) = (split128(a), split128(b));
    if a1 == 0 || b1 == 0 {
        // One operand, s, is below X: (c1·X ⊕ c0) ⊗ s = (c1 ⊗ s)·X ⊕ c0 ⊗ s.
        let (small, (c1, c0)) = if a1 == 0 {
            (a0, (b1, b0))
        } else {
            (b0, (a1, a0))
        };
        if c1 == 0 {
            return mul_below64(t, small, c0);
        }
        return ((mul64(t, small, c1) as u128) << 64) | mul64(t, small, c0) as u128;
    }
    let high = mul64(t, a1, b1);
    let low = mul64(t, a0, b0);
    let mid = mul64(t, a1 ^ a0, b1 ^ b0);
    (((mid ^ low) as u128) << 64) | (low ^ half64(t, high)) as u128
}

/// `a ⊗ b` for `a, b < 2^64`, at the narrowest width that holds both: small nimbers, the
/// Grundy values of most games, take one or three leaf products.
#[inline]
fn mul_below64(t: &Tables, a: u64, b: u64) -> u128 {
    let bits = a | b;
    if bits >> 32 != 0 {
        mul64(t, a, b) as u128
    } else if bits >> 16 != 0 {
        mul32(t, a as u32, b as u32) as u128
    } else {
        mul16(t, a as u16, b as u16) as u128
    }
}

/// `a ⊗ a`.
#[inline]
fn square128(t: &Tables, a: u128) -> u128 {
    let (a1, a0) = split128(a);
    let high = square64(t, a1);
    ((high as u128) << 64) | (square64(t, a0) ^ half64(t, high)) as u128
}

// ---------------------------------------------------------------------------------------------
// The operators and methods of `Nimber`.

/// The nim-product of two `u128`s, the kernel of `Nimber * Nimber`.
#[inline]
fn nim_mul(a: u128, b: u128) -> u128 {
    mul128(&TABLES, a, b)
}

macro_rules! nim_mul {
    ($($tr:ident $method:ident $tra:ident $method_a:ident;)*) => {$(
        impl $tr for Nimber {
            type Output = Nimber;
            /// Nim-multiplication: see [`Nimber`]'s laws.
            #[inline]
            fn $method(self, rhs: Nimber) -> Nimber {
                Nimber(nim_mul(self.0, rhs.0))
            }
        }
        impl $tr<&Nimber> for Nimber {
            type Output = Nimber;
            #[inline]
            fn $method(self, rhs: &Nimber) -> Nimber {
                Nimber(nim_mul(self.0, rhs.0))
            }
        }
        impl $tr<Nimber> for &Nimber {
            type Output = Nimber;
            #[inline]
            fn $method(self, rhs: Nimber) -> Nimber {
                Nimber(nim_mul(self.0, rhs.0))
            }
        }
        impl $tr<&Nimber> for &Nimber {
            type Output = Nimber;
            #[inline]
            fn $method(self, rhs: &Nimber) -> Nimber {
                Nimber(nim_mul(self.0, rhs.0))
            }
        }
        impl $tra for Nimber {
            #[inline]
            fn $method_a(&mut self, rhs: Nimber) {
                self.0 = nim_mul(self.0, rhs.0);
            }
        }
        impl $tra<&Nimber> for Nimber {
            #[inline]
            fn $method_a(&mut self, rhs: &Nimber) {
                self.0 = nim_mul(self.0, rhs.0);
            }
        }
    )*};
}
nim_mul! {
    Mul mul MulAssign mul_assign;
}

impl Product for Nimber {
    /// The nim-product of the nimbers; `*1` for none.
    fn product<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ONE, |a, b| a * b)
    }
}

impl<'a> Product<&'a Nimber> for Nimber {
    /// The nim-product of the nimbers; `*1` for none.
    fn product<I: Iterator<Item = &'a Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ONE, |a, b| a * b)
    }
}

impl num_traits::One for Nimber {
    fn one() -> Self {
        Nimber::ONE
    }
    fn is_one(&self) -> bool {
        self.0 == 1
    }
}

impl Nimber {
    /// The inverse of `self` under nim-multiplication: the nimber `b` with `self * b = *1`, or
    /// `None` for `*0`, the one nimber without an inverse.
    ///
    /// Computed by the norm of the split `a = a1·X ⊕ a0` (`X = 2^64`), recursively down to a
    /// 16-bit logarithm table, at about the cost of one and a half multiplications.
    ///
    /// # Complexity
    ///
    /// O(1): a fixed number of table reads, whatever the value.
    ///
    /// # Errors
    ///
    /// `None` exactly when `self` is `*0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::Nimber;
    ///
    /// // *2 * *3 = *1: the nimbers below 4 are the field of four elements.
    /// assert_eq!(Nimber::new(2).inverse(), Some(Nimber::new(3)));
    /// let a = Nimber::new(0x1234_5678_9abc_def0_0fed_cba9_8765_4321);
    /// assert_eq!(a * a.inverse().ok_or("no inverse")?, Nimber::ONE);
    /// assert_eq!(Nimber::ZERO.inverse(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn inverse(self) -> Option<Nimber> {
        if self.0 == 0 {
            return None;
        }
        let t = &TABLES;
        let (a1, a0) = split128(self.0);
        let sum = a0 ^ a1;
        let norm = mul64(t, a0, sum) ^ half64(t, square64(t, a1));
        let inv = inverse64(t, norm);
        Some(Nimber(
            ((mul64(t, a1, inv) as u128) << 64) | mul64(t, sum, inv) as u128,
        ))
    }

    /// The quotient `self * rhs⁻¹` in the nim field, or `None` when `rhs` is `*0`.
    ///
    /// There is no `/` operator: division by `*0` would have to panic.
    ///
    /// # Complexity
    ///
    /// O(1): one [`inverse`](Nimber::inverse) and one multiplication.
    ///
    /// # Errors
    ///
    /// `None` exactly when `rhs` is `*0` (even when `self` is `*0` too).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::Nimber;
    ///
    /// let (a, b) = (Nimber::new(12345), Nimber::new(678));
    /// let q = a.checked_div(b).ok_or("division by *0")?;
    /// assert_eq!(q * b, a);
    /// assert_eq!(a.checked_div(Nimber::ZERO), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn checked_div(self, rhs: Nimber) -> Option<Nimber> {
        rhs.inverse().map(|inv| self * inv)
    }

    /// `self` raised to the power `exp` under nim-multiplication: `self * self * … * self`
    /// (`exp` factors), with `a.pow(0) = *1` for every `a`, `*0` included.
    ///
    /// The multiplicative group of the nimbers below `2^128` has order `2^128 − 1`, so
    /// `a.pow(u128::MAX) = *1` for every `a ≠ *0`, and `a.pow(1 << 127)` is
    /// [`a.sqrt()`](Nimber::sqrt).
    ///
    /// # Complexity
    ///
    /// O(log exp): square and multiply, at most 127 squarings and 127 multiplications.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::Nimber;
    ///
    /// let a = Nimber::new(5);
    /// assert_eq!(a.pow(3), a * a * a);
    /// assert_eq!(Nimber::ZERO.pow(0), Nimber::ONE);
    /// assert_eq!(Nimber::new(u128::MAX).pow(u128::MAX), Nimber::ONE);
    /// ```
    #[must_use]
    pub fn pow(self, exp: u128) -> Nimber {
        if exp == 0 {
            return Nimber::ONE;
        }
        let t = &TABLES;
        // From the top bit of the exponent down: the result so far is self^(exp's bits above).
        let mut r = self.0;
        let mut bit = 127 - exp.leading_zeros();
        while bit > 0 {
            bit -= 1;
            r = square128(t, r);
            if (exp >> bit) & 1 == 1 {
                r = mul128(t, r, self.0);
            }
        }
        Nimber(r)
    }

    /// The square root of `self` under nim-multiplication: the one nimber `r` with
    /// `r * r = self`.
    ///
    /// Squaring is one-to-one in characteristic 2 (`(a + b)² = a² + b²`, and `a² = b²` only if
    /// `(a + b)² = *0`), so every nimber has exactly one square root: `a^(2^127)`. It is
    /// computed by the split `√(a1·X ⊕ a0) = √a1·X ⊕ √(a0 ⊕ a1 ⊗ X/2)`.
    ///
    /// # Complexity
    ///
    /// O(1): a fixed number of table reads, cheaper than one multiplication.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::Nimber;
    ///
    /// assert_eq!(Nimber::new(3).sqrt(), Nimber::new(2)); // *2 * *2 = *3
    /// let a = Nimber::new(u128::MAX - 12345);
    /// assert_eq!(a.sqrt() * a.sqrt(), a);
    /// ```
    #[must_use]
    pub fn sqrt(self) -> Nimber {
        let t = &TABLES;
        let (a1, a0) = split128(self.0);
        Nimber(((sqrt64(t, a1) as u128) << 64) | sqrt64(t, a0 ^ half64(t, a1)) as u128)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `plain_mul` at full width: the table-free product the tables are checked against.
    fn plain(a: u128, b: u128) -> u128 {
        plain_mul(a, b, 64)
    }

    #[test]
    fn logarithms_invert_the_powers() {
        let t = &TABLES;
        for x in 1..=u16::MAX {
            assert_eq!(t.exp[t.log[x as usize] as usize], x);
        }
        assert_eq!(t.exp[ORDER16 as usize], 1);
        assert_eq!(t.exp[ORDER16 as usize + 1], GENERATOR16);
    }

    #[test]
    fn the_leaves_agree_with_the_plain_split() {
        let t = &TABLES;
        // A grid of about 42000 pairs with every case (`crate::scale`), a quarter of them in the
        // quick run.
        let (da, db) = if crate::scale::cases(4) == 4 {
            (331, 313)
        } else {
            (661, 631)
        };
        for a in (0..=u16::MAX).step_by(da).chain([0, 1, u16::MAX]) {
            for b in (0..=u16::MAX).step_by(db).chain([0, 1, 0x8000, u16::MAX]) {
                assert_eq!(mul16(t, a, b) as u128, plain(a.into(), b.into()), "{a} {b}");
            }
            assert_eq!(half16(t, a) as u128, plain(a.into(), 0x8000));
            assert_eq!(square16(t, a) as u128, plain(a.into(), a.into()));
        }
    }

    #[test]
    fn the_byte_tables_multiply_by_half_of_x() {
        let t = &TABLES;
        let mut x = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            assert_eq!(
                half32(t, x as u32) as u128,
                plain(x as u32 as u128, 1 << 31)
            );
            assert_eq!(half64(t, x) as u128, plain(x.into(), 1 << 63));
        }
    }

    #[test]
    fn every_width_and_every_shortcut_agree_with_the_plain_split() {
        let mut rng = crate::xorshift::XorShift(0x2545_F491_4F6C_DD1D);
        let mut next = || rng.next();
        for round in 0..300 {
            let wide = |hi: u64, lo: u64| ((hi as u128) << 64) | lo as u128;
            let (a, b) = (wide(next(), next()), wide(next(), next()));
            // Operands of every width, so that each shortcut of `mul128` is taken.
            let shift = [0, 64, 96, 112, 120, 127][round % 6];
            let (a, b) = (a >> shift, if round % 2 == 0 { b } else { b >> shift });
            let p = plain(a, b);
            assert_eq!((Nimber(a) * Nimber(b)).0, p, "{a:#x} {b:#x}");
            assert_eq!((Nimber(b) * Nimber(a)).0, p);
            assert_eq!(square128(&TABLES, a), plain(a, a));
            let r = Nimber(a).sqrt().0;
            assert_eq!(plain(r, r), a);
            if a != 0 {
                assert_eq!(plain(Nimber(a).inverse().unwrap().0, a), 1);
            }
        }
    }

    #[test]
    #[allow(clippy::op_ref)] // the by-reference impls are what is tested
    fn multiplication_by_value_and_reference() {
        use num_traits::One;
        let (a, b) = (Nimber::new(2), Nimber::new(3));
        assert_eq!(a * b, Nimber::ONE);
        assert_eq!(&a * &b, a * &b);
        assert_eq!(&a * b, Nimber::ONE);
        let mut c = a;
        c *= b;
        c *= &a;
        assert_eq!(c, a);
        assert_eq!([a, b, a].iter().product::<Nimber>(), a);
        assert_eq!(
            core::iter::empty::<Nimber>().product::<Nimber>(),
            Nimber::ONE
        );
        assert!(Nimber::one().is_one());
    }
}
