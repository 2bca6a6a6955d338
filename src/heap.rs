//! The integer types a heap size (or a cell number) can have.

use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::str::FromStr;
use num_traits::{AsPrimitive, PrimInt, Unsigned};

/// An unsigned integer type usable as a heap size: `u8`, `u16`, `u32`, `u64`, `u128` and
/// `usize`.
///
/// The games are generic over this trait so that a heap can be as large as its type allows,
/// and every answer is exact for every value of the type. It names, once, the num-traits
/// bounds the crate relies on, and it is implemented for every type that has them.
///
/// # Examples
///
/// ```
/// use grundy::Heap;
///
/// fn widest<T: Heap>(heaps: &[T]) -> u128 {
///     heaps.iter().map(|h| h.widen()).max().unwrap_or(0)
/// }
/// assert_eq!(widest(&[3u8, 200, 7]), 200);
/// assert_eq!(<u8 as Heap>::narrow(300), None);
/// ```
pub trait Heap:
    PrimInt
    + Unsigned
    + AsPrimitive<u128>
    + Hash
    + Debug
    + Display
    + Default
    + FromStr
    + Send
    + Sync
    + 'static
{
    /// The value as a `u128`, which holds every value of every heap type exactly.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::Heap;
    /// assert_eq!(u64::MAX.widen(), u64::MAX as u128);
    /// ```
    #[inline]
    fn widen(self) -> u128 {
        self.as_()
    }

    /// `value` in this type, or `None` if it does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::Heap;
    /// assert_eq!(<u16 as Heap>::narrow(65_535), Some(u16::MAX));
    /// assert_eq!(<u16 as Heap>::narrow(65_536), None);
    /// ```
    #[inline]
    fn narrow(value: u128) -> Option<Self> {
        <Self as num_traits::NumCast>::from(value)
    }
}

impl<T> Heap for T where
    T: PrimInt
        + Unsigned
        + AsPrimitive<u128>
        + Hash
        + Debug
        + Display
        + Default
        + FromStr
        + Send
        + Sync
        + 'static
{
}
