//! Vectors whose size comes from the caller, reserved fallibly: a refusal of the allocator
//! is `None` here, and an [`Error::OutOfMemory`](crate::Error::OutOfMemory) (or no claim at
//! all) where it is used, never an aborted process.

use alloc::vec::Vec;

/// An empty vector with room for exactly `len` items, or `None` if the allocator refuses.
pub(crate) fn with_capacity<T>(len: usize) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).ok()?;
    Some(v)
}

/// `len` copies of `fill`, or `None` if the allocator refuses the memory.
pub(crate) fn filled<T: Clone>(len: usize, fill: T) -> Option<Vec<T>> {
    let mut v = with_capacity(len)?;
    v.resize(len, fill);
    Some(v)
}

/// Appends `item`, or `None` (and nothing appended) if the allocator refuses the room.
#[inline]
pub(crate) fn push<T>(v: &mut Vec<T>, item: T) -> Option<()> {
    v.try_reserve(1).ok()?;
    v.push(item);
    Some(())
}
