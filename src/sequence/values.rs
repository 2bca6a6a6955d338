//! Grundy values stored as compactly as they allow: one byte a value while every value is
//! below 256, two while every value is below 65536, four otherwise.
//!
//! The values of a heap game are small (Kayles' largest is 8, Grundy's game's is 231 to 2^20
//! heaps, Officers' `0.6` passes 255 at heap 10344 and reaches 302 by 2^20), so a table of `n`
//! values takes `n` or `2n` bytes rather than `4n`. The engines read their tables in the inner loops, so the width is a
//! type parameter there ([`Width`]), widened when a value needs it; a finished table is a
//! [`Store`], and the public view of it is [`Values`].

use crate::memory;
use alloc::vec::Vec;
use core::fmt;
use core::hash::{Hash, Hasher};

/// An unsigned type Grundy values are stored in: `u8`, `u16` or `u32`.
pub(crate) trait Width: Copy + Eq + Default + Send + Sync + fmt::Debug + Into<u32> {
    /// The next wider width (`u32` for itself: no value is wider than 32 bits).
    type Wider: Width + From<Self>;
    /// Bytes a value.
    const BYTES: usize;
    /// `v` in this width, if it fits.
    fn narrow(v: u32) -> Option<Self>;
    /// The store of `values` in this width.
    fn store(values: Vec<Self>) -> Store;
}

macro_rules! width {
    ($t:ty, $wider:ty, $variant:ident) => {
        impl Width for $t {
            type Wider = $wider;
            const BYTES: usize = core::mem::size_of::<$t>();
            #[inline]
            fn narrow(v: u32) -> Option<Self> {
                <$t>::try_from(v).ok()
            }
            fn store(values: Vec<Self>) -> Store {
                Store::$variant(values)
            }
        }
    };
}
width!(u8, u16, U8);
width!(u16, u32, U16);
width!(u32, u32, U32);

/// The values of a finished table, in one width.
#[derive(Clone)]
pub(crate) enum Store {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
}

impl Default for Store {
    fn default() -> Self {
        Store::U8(Vec::new())
    }
}

/// Calls `$body` with `$v` bound to the slice of `$store`, whatever its width.
macro_rules! each_width {
    ($store:expr, $v:ident => $body:expr) => {
        match $store {
            $crate::sequence::values::Store::U8($v) => $body,
            $crate::sequence::values::Store::U16($v) => $body,
            $crate::sequence::values::Store::U32($v) => $body,
        }
    };
}
pub(crate) use each_width;

impl Store {
    /// The store of `values`, in the narrowest width that holds them all.
    pub(crate) fn compact(values: Vec<u32>) -> Option<Store> {
        let max = values.iter().copied().max().unwrap_or(0);
        Some(if max <= u32::from(u8::MAX) {
            Store::U8(narrowed(&values)?)
        } else if max <= u32::from(u16::MAX) {
            Store::U16(narrowed(&values)?)
        } else {
            Store::U32(values)
        })
    }

    /// How many values.
    pub(crate) fn len(&self) -> usize {
        each_width!(self, v => v.len())
    }

    /// The value of heap `i`, which is below [`Store::len`].
    #[inline]
    pub(crate) fn at(&self, i: usize) -> u32 {
        each_width!(self, v => value_at(v, i))
    }

    /// The public view.
    pub(crate) fn view(&self) -> Values<'_> {
        Values {
            slice: match self {
                Store::U8(v) => Slice::U8(v),
                Store::U16(v) => Slice::U16(v),
                Store::U32(v) => Slice::U32(v),
            },
        }
    }
}

/// `v[i]` as a `u32`.
#[inline]
fn value_at<T: Width>(v: &[T], i: usize) -> u32 {
    v[i].into()
}

/// `values` in width `T`, every one of which fits; `None` if the memory cannot be had.
fn narrowed<T: Width>(values: &[u32]) -> Option<Vec<T>> {
    let mut out = memory::with_capacity(values.len())?;
    out.extend(values.iter().map(|&v| T::narrow(v).unwrap_or_default()));
    Some(out)
}

impl PartialEq for Store {
    fn eq(&self, other: &Self) -> bool {
        self.view() == other.view()
    }
}

impl Eq for Store {}

impl Hash for Store {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_usize(self.len());
        for v in self.view() {
            state.write_u32(v);
        }
    }
}

impl fmt::Debug for Store {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.view().fmt(f)
    }
}

#[derive(Clone, Copy)]
enum Slice<'a> {
    U8(&'a [u8]),
    U16(&'a [u16]),
    U32(&'a [u32]),
}

/// The values of a [`GrundySequence`](super::GrundySequence), `G(0), G(1), …`, stored one,
/// two or four bytes a value: the narrowest width that holds the table's largest value.
///
/// A borrowed view: index it with [`get`](Values::get), walk it with
/// [`iter`](Values::iter), copy it with [`to_vec`](Values::to_vec), cut it with
/// [`slice`](Values::slice). It compares equal to a slice, an array or a `Vec` of `u32`
/// with the same values, whatever its width.
///
/// # Complexity
///
/// `get`, `len` and `slice` O(1); `iter` O(1) a value.
///
/// # Examples
///
/// ```
/// use grundy::games::Octal;
/// use grundy::prelude::*;
///
/// let kayles = Octal::kayles().values(6)?;
/// let values = kayles.values();
/// assert_eq!(values, [0, 1, 2, 3, 1, 4]);
/// assert_eq!((values.len(), values.get(5), values.get(6)), (6, Some(4), None));
/// assert_eq!(values.bytes_per_value(), 1); // every value is below 256
/// assert_eq!(values.slice(1..3), [1, 2]);
/// assert_eq!(values.iter().max(), Some(4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Values<'a> {
    slice: Slice<'a>,
}

impl<'a> Values<'a> {
    /// How many values (heaps `0..len`).
    ///
    /// # Examples
    ///
    /// See [`Values`].
    #[must_use]
    pub fn len(&self) -> usize {
        match self.slice {
            Slice::U8(v) => v.len(),
            Slice::U16(v) => v.len(),
            Slice::U32(v) => v.len(),
        }
    }

    /// Whether there is no value.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::prelude::*;
    /// assert!(grundy::games::Octal::kayles().sequence().values().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(i)`, or `None` past the end.
    ///
    /// # Examples
    ///
    /// See [`Values`].
    #[must_use]
    #[inline]
    pub fn get(&self, i: usize) -> Option<u32> {
        match self.slice {
            Slice::U8(v) => v.get(i).map(|&x| u32::from(x)),
            Slice::U16(v) => v.get(i).map(|&x| u32::from(x)),
            Slice::U32(v) => v.get(i).copied(),
        }
    }

    /// The values of the heaps in `range` (clamped to the table, so a range past the end is
    /// cut short rather than a panic).
    ///
    /// # Examples
    ///
    /// See [`Values`].
    #[must_use]
    pub fn slice<R: core::ops::RangeBounds<usize>>(&self, range: R) -> Values<'a> {
        use core::ops::Bound;
        let len = self.len();
        let start = match range.start_bound() {
            Bound::Included(&s) => s,
            Bound::Excluded(&s) => s.saturating_add(1),
            Bound::Unbounded => 0,
        }
        .min(len);
        let end = match range.end_bound() {
            Bound::Included(&e) => e.saturating_add(1),
            Bound::Excluded(&e) => e,
            Bound::Unbounded => len,
        }
        .clamp(start, len);
        Values {
            slice: match self.slice {
                Slice::U8(v) => Slice::U8(&v[start..end]),
                Slice::U16(v) => Slice::U16(&v[start..end]),
                Slice::U32(v) => Slice::U32(&v[start..end]),
            },
        }
    }

    /// The values in order.
    ///
    /// # Examples
    ///
    /// See [`Values`].
    pub fn iter(&self) -> ValuesIter<'a> {
        ValuesIter {
            values: *self,
            next: 0,
            end: self.len(),
        }
    }

    /// The values as a `Vec<u32>` (four bytes a value).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::prelude::*;
    /// let kayles = grundy::games::Octal::kayles().values(4)?;
    /// let copy: Vec<u32> = kayles.values().to_vec();
    /// assert_eq!(copy, [0, 1, 2, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }

    /// The bytes each value takes: 1, 2 or 4.
    ///
    /// # Examples
    ///
    /// See [`Values`].
    #[must_use]
    pub fn bytes_per_value(&self) -> usize {
        match self.slice {
            Slice::U8(_) => 1,
            Slice::U16(_) => 2,
            Slice::U32(_) => 4,
        }
    }
}

impl fmt::Debug for Values<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for Values<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for Values<'_> {}

impl<'b> PartialEq<Values<'b>> for &Values<'_> {
    fn eq(&self, other: &Values<'b>) -> bool {
        **self == *other
    }
}

impl<'b> PartialEq<&Values<'b>> for Values<'_> {
    fn eq(&self, other: &&Values<'b>) -> bool {
        *self == **other
    }
}

impl PartialEq<[u32]> for Values<'_> {
    fn eq(&self, other: &[u32]) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter().copied())
    }
}

impl PartialEq<&[u32]> for Values<'_> {
    fn eq(&self, other: &&[u32]) -> bool {
        *self == **other
    }
}

impl<const N: usize> PartialEq<[u32; N]> for Values<'_> {
    fn eq(&self, other: &[u32; N]) -> bool {
        *self == other[..]
    }
}

impl<const N: usize> PartialEq<&[u32; N]> for Values<'_> {
    fn eq(&self, other: &&[u32; N]) -> bool {
        *self == other[..]
    }
}

impl PartialEq<Vec<u32>> for Values<'_> {
    fn eq(&self, other: &Vec<u32>) -> bool {
        *self == other[..]
    }
}

impl PartialEq<&Vec<u32>> for Values<'_> {
    fn eq(&self, other: &&Vec<u32>) -> bool {
        *self == other[..]
    }
}

impl<'a> IntoIterator for Values<'a> {
    type Item = u32;
    type IntoIter = ValuesIter<'a>;

    fn into_iter(self) -> ValuesIter<'a> {
        self.iter()
    }
}

/// The iterator of [`Values::iter`]: the values in order, as `u32`.
///
/// # Examples
///
/// ```
/// use grundy::prelude::*;
/// let kayles = grundy::games::Octal::kayles().values(4)?;
/// let mut it = kayles.values().iter();
/// assert_eq!((it.next(), it.next_back(), it.len()), (Some(0), Some(3), 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
#[must_use]
pub struct ValuesIter<'a> {
    values: Values<'a>,
    next: usize,
    end: usize,
}

impl Iterator for ValuesIter<'_> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.next < self.end {
            let v = self.values.get(self.next);
            self.next += 1;
            v
        } else {
            None
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.end - self.next;
        (left, Some(left))
    }
}

impl DoubleEndedIterator for ValuesIter<'_> {
    fn next_back(&mut self) -> Option<u32> {
        if self.next < self.end {
            self.end -= 1;
            self.values.get(self.end)
        } else {
            None
        }
    }
}

impl ExactSizeIterator for ValuesIter<'_> {}

impl core::iter::FusedIterator for ValuesIter<'_> {}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn compact_picks_the_narrowest_width_and_keeps_every_value() {
        for (values, bytes) in [
            (vec![], 1),
            (vec![0, 255], 1),
            (vec![0, 256], 2),
            (vec![65_535, 3], 2),
            (vec![65_536], 4),
            (vec![u32::MAX, 0], 4),
        ] {
            let store = Store::compact(values.clone()).unwrap();
            assert_eq!(store.view().bytes_per_value(), bytes, "{values:?}");
            assert_eq!(store.view().to_vec(), values);
            assert_eq!(store.len(), values.len());
            for (i, &v) in values.iter().enumerate() {
                assert_eq!(store.at(i), v);
            }
        }
        // Equal whatever the width.
        assert_eq!(
            Store::U8(vec![1, 2]),
            Store::U32(vec![1, 2]),
            "equal values, different widths"
        );
        assert_ne!(Store::U8(vec![1, 2]), Store::U16(vec![1, 2, 0]));
    }

    #[test]
    fn slices_clamp_and_iterate_both_ways() {
        let store = Store::compact(vec![5, 6, 7, 8]).unwrap();
        let v = store.view();
        assert_eq!(v.slice(1..3), [6, 7]);
        assert_eq!(v.slice(..=1), [5, 6]);
        assert_eq!(v.slice(3..100), [8]);
        assert_eq!(v.slice(9..), [0u32; 0]);
        assert_eq!(v.iter().rev().collect::<Vec<_>>(), [8, 7, 6, 5]);
        assert_eq!(alloc::format!("{v:?}"), "[5, 6, 7, 8]");
    }
}
