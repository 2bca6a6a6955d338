//! Nimbers: Grundy values with nim-addition, and nim-multiplication making them a field.

// Nim-addition *is* XOR: `^` inside the `Add` impls is the definition, not a slip.
#![allow(clippy::suspicious_arithmetic_impl, clippy::suspicious_op_assign_impl)]

mod field;

use core::fmt;
use core::iter::{FromIterator, Sum};
use core::ops::{Add, AddAssign, BitXor, BitXorAssign};

/// A nimber `*n`: the Grundy value of an impartial game, added by nim-addition (XOR) and
/// multiplied by nim-multiplication.
///
/// Every finite impartial game under normal play is equivalent to a single Nim heap of size
/// `*n` (the Sprague–Grundy theorem), and a disjunctive sum of games is equivalent to the
/// nim-sum of their nimbers. `Nimber` holds a `u128`, so the value of a Nim heap of any
/// unsigned width, up to `u128::MAX`, is exact.
///
/// # Laws
///
/// **Nim-addition** is XOR: `*a + *b = *(a ^ b)`. It is associative and commutative, `*0` is
/// the identity and every nimber is its own negative: `*a + *a = *0`. Both `+` and `^` are
/// nim-addition.
///
/// **Nim-multiplication** `*` (written `⊗` below, ONAG ch. 6) is the least product that
/// makes the nimbers a field:
///
/// `a ⊗ b = mex{ a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b }`.
///
/// It is associative and commutative, `*1` is its identity, `*0 ⊗ a = *0`, and it
/// distributes over nim-addition: `a ⊗ (b + c) = a ⊗ b + a ⊗ c`. Every `a ≠ *0` has an
/// inverse ([`inverse`](Nimber::inverse), [`checked_div`](Nimber::checked_div)), so the
/// nimbers below `2^128` form the field of `2^128` elements, of characteristic 2; every
/// nimber has exactly one square root ([`sqrt`](Nimber::sqrt)). For each Fermat 2-power
/// `X = 2^(2^k)`, the nimbers below `X` form a subfield; `X ⊗ X = 3X/2` (`X` plus `X/2`), and
/// the nim-product of distinct Fermat 2-powers is their ordinary product. So
/// `*2 * *2 = *3`, `*4 * *4 = *6`, `*2 * *4 = *8`. There is no `/`: dividing by `*0` would have
/// to panic, and no operation of `Nimber` panics.
///
/// A product costs a fixed number of reads from tables built at compile time (about 404 KiB
/// of static data, linked only into programs that multiply), whatever the values.
///
/// # Examples
///
/// ```
/// use grundy::Nimber;
///
/// let total: Nimber = [3u8, 5, 6].into_iter().map(Nimber::from).sum();
/// assert_eq!(total, Nimber::ZERO); // 3 ^ 5 ^ 6 = 0: a P-position of Nim
/// assert_eq!(Nimber::new(3) + Nimber::new(5), Nimber::new(6));
/// assert_eq!(format!("{}", Nimber::new(6)), "*6");
///
/// // Nim-multiplication.
/// let (a, b, c) = (Nimber::new(2), Nimber::new(3), Nimber::new(7));
/// assert_eq!(a * a, b);
/// assert_eq!(Nimber::new(16) * Nimber::new(16), Nimber::new(24));
/// assert_eq!(a * (b + c), a * b + a * c);
/// assert_eq!([a, b, c].into_iter().product::<Nimber>(), c); // *2 * *3 = *1
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Nimber(u128);

impl Nimber {
    /// The nimber `*0`, the value of every P-position.
    ///
    /// # Examples
    ///
    /// ```
    /// assert!(grundy::Nimber::ZERO.is_zero());
    /// ```
    pub const ZERO: Nimber = Nimber(0);

    /// The nimber `*1`, the value of a single move to the end.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::Nimber::ONE.get(), 1);
    /// ```
    pub const ONE: Nimber = Nimber(1);

    /// The nimber `*value`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::Nimber::new(7).get(), 7);
    /// ```
    #[must_use]
    pub const fn new(value: u128) -> Self {
        Nimber(value)
    }

    /// The integer `n` of `*n`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::Nimber::new(u128::MAX).get(), u128::MAX);
    /// ```
    #[must_use]
    pub const fn get(self) -> u128 {
        self.0
    }

    /// Whether this is `*0`, that is, whether a game of this value is a P-position (the
    /// player to move loses under normal play).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::Nimber;
    /// assert!(Nimber::ZERO.is_zero());
    /// assert!(!Nimber::ONE.is_zero());
    /// ```
    #[must_use]
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }
}

macro_rules! from_unsigned {
    ($($t:ty)*) => {$(
        impl From<$t> for Nimber {
            /// The nimber `*n` of a Nim heap of size `n`.
            fn from(n: $t) -> Self {
                Nimber(n as u128)
            }
        }
    )*};
}
from_unsigned!(u8 u16 u32 u64 u128 usize);

impl From<Nimber> for u128 {
    fn from(n: Nimber) -> u128 {
        n.0
    }
}

macro_rules! nim_add {
    ($($tr:ident $method:ident $tra:ident $method_a:ident;)*) => {$(
        impl $tr for Nimber {
            type Output = Nimber;
            fn $method(self, rhs: Nimber) -> Nimber {
                Nimber(self.0 ^ rhs.0)
            }
        }
        impl $tr<&Nimber> for Nimber {
            type Output = Nimber;
            fn $method(self, rhs: &Nimber) -> Nimber {
                Nimber(self.0 ^ rhs.0)
            }
        }
        impl $tr<Nimber> for &Nimber {
            type Output = Nimber;
            fn $method(self, rhs: Nimber) -> Nimber {
                Nimber(self.0 ^ rhs.0)
            }
        }
        impl $tr<&Nimber> for &Nimber {
            type Output = Nimber;
            fn $method(self, rhs: &Nimber) -> Nimber {
                Nimber(self.0 ^ rhs.0)
            }
        }
        impl $tra for Nimber {
            fn $method_a(&mut self, rhs: Nimber) {
                self.0 ^= rhs.0;
            }
        }
        impl $tra<&Nimber> for Nimber {
            fn $method_a(&mut self, rhs: &Nimber) {
                self.0 ^= rhs.0;
            }
        }
    )*};
}
nim_add! {
    Add add AddAssign add_assign;
    BitXor bitxor BitXorAssign bitxor_assign;
}

impl Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + b)
    }
}

impl<'a> Sum<&'a Nimber> for Nimber {
    fn sum<I: Iterator<Item = &'a Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + b)
    }
}

impl FromIterator<Nimber> for Nimber {
    /// The nim-sum of the nimbers.
    fn from_iter<I: IntoIterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.into_iter().sum()
    }
}

impl num_traits::Zero for Nimber {
    fn zero() -> Self {
        Nimber::ZERO
    }
    fn is_zero(&self) -> bool {
        self.0 == 0
    }
}

impl fmt::Display for Nimber {
    /// Written `*n`, the usual notation for the nimber of value `n`. A width pads it as a
    /// whole, as `{:>4}` pads a number; a precision is ignored, as a number's is.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.width().is_none() {
            return write!(f, "*{}", self.0);
        }
        // `*` and up to 39 digits.
        let mut text = alloc::string::String::with_capacity(40);
        fmt::Write::write_fmt(&mut text, format_args!("*{}", self.0))?;
        pad_whole(f, &text)
    }
}

/// Writes `text` padded to the formatter's width with its fill and alignment (left unless
/// told), ignoring a precision, where `f.pad` would cut the text to it: for values written
/// as a whole, such as `*12` and `∞{0,2}`.
pub(crate) fn pad_whole(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    use fmt::Write;
    let Some(width) = f.width() else {
        return f.write_str(text);
    };
    let pad = width.saturating_sub(text.chars().count());
    let (before, after) = match f.align() {
        Some(fmt::Alignment::Right) => (pad, 0),
        Some(fmt::Alignment::Center) => (pad / 2, pad - pad / 2),
        Some(fmt::Alignment::Left) | None => (0, pad),
    };
    let fill = f.fill();
    for _ in 0..before {
        f.write_char(fill)?;
    }
    f.write_str(text)?;
    for _ in 0..after {
        f.write_char(fill)?;
    }
    Ok(())
}

impl fmt::Binary for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Binary::fmt(&self.0, f)
    }
}

impl fmt::LowerHex for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::LowerHex::fmt(&self.0, f)
    }
}

/// The nim-sum (XOR) of a sequence of values: the Grundy value of the sum of Nim heaps of
/// those sizes.
///
/// Free-function form of `iter.map(Nimber::from).sum()`, in the style of `gcd`.
///
/// # Complexity
///
/// O(n) in the number of values.
///
/// # Examples
///
/// ```
/// use grundy::{nim_sum, Nimber};
///
/// assert_eq!(nim_sum([5u32, 7, 9]), Nimber::new(5 ^ 7 ^ 9));
/// assert_eq!(nim_sum(Vec::<u8>::new()), Nimber::ZERO);
/// ```
pub fn nim_sum<I>(values: I) -> Nimber
where
    I: IntoIterator,
    I::Item: Into<Nimber>,
{
    values.into_iter().map(Into::into).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    #[test]
    fn display_pads_as_a_whole_and_ignores_a_precision() {
        let n = Nimber::new(12);
        assert_eq!(format!("{n}"), "*12");
        assert_eq!(format!("{n:>5}"), "  *12");
        assert_eq!(format!("{n:5}"), "*12  ");
        assert_eq!(format!("{n:-^7}"), "--*12--");
        assert_eq!(format!("{n:.1}"), "*12");
        assert_eq!(format!("{n:>6.1}"), "   *12");
    }

    #[test]
    #[allow(clippy::op_ref)] // the by-reference impls are what is tested
    fn addition_is_xor_by_value_and_reference() {
        let a = Nimber::new(0b1010);
        let b = Nimber::new(0b0110);
        assert_eq!(a + b, Nimber::new(0b1100));
        assert_eq!(&a + &b, a ^ b);
        assert_eq!(a + &b, &a ^ b);
        let mut c = a;
        c += b;
        c ^= &b;
        assert_eq!(c, a);
        assert_eq!(a + a, Nimber::ZERO);
    }

    #[test]
    fn full_width() {
        let top = Nimber::from(u128::MAX);
        assert_eq!((top + Nimber::ONE).get(), u128::MAX - 1);
        assert_eq!(Nimber::from(u64::MAX).get(), u64::MAX as u128);
    }

    #[test]
    fn sums_and_formatting() {
        let v = [Nimber::new(1), Nimber::new(2), Nimber::new(4)];
        assert_eq!(v.iter().sum::<Nimber>(), Nimber::new(7));
        assert_eq!(v.into_iter().collect::<Nimber>(), Nimber::new(7));
        assert_eq!(format!("{}", Nimber::new(12)), "*12");
        assert_eq!(format!("{:b}", Nimber::new(5)), "101");
        assert_eq!(format!("{:x}", Nimber::new(255)), "ff");
        assert_eq!(nim_sum([1u8, 2, 3]), Nimber::ZERO);
    }
}
