//! The index of the pruning search's stored positions: one 8-byte slot a position, its key
//! and its index together, so that a lookup reads one slot, not a tag and then an index.

use crate::Error;
use crate::solve::solver::Keyed;
use alloc::vec::Vec;

/// An empty slot: no stored index is `u32::MAX` (the search numbers its entries with 31
/// bits).
const EMPTY: u64 = u64::MAX;

/// The fewest slots of an index that has any.
const MIN_SLOTS: usize = 16;

/// The stored positions by index: an open-addressing hash table with linear probing, at
/// most half full, each slot a position's 32-bit key (high half) and its index (low half)
/// in one word. A lookup reads one word a slot (a miss of the cache for the first, where the
/// [`Solver`](crate::Solver)'s table of one-byte tags beside 4-byte indices takes two for a
/// position it finds), and a slot whose key differs is passed without reading its position.
/// Growing rebuilds it from the keys kept in the entries, never from the positions.
#[derive(Clone, Debug, Default)]
pub(super) struct Slots {
    slots: Vec<u64>,
    /// How many slots are full.
    len: usize,
    /// `64 - log2(slots)`: a key's home slot is the top bits of the key times an odd
    /// constant (Fibonacci hashing).
    shift: u32,
}

/// The bytes of one slot.
pub(super) const SLOT_BYTES: usize = core::mem::size_of::<u64>();

impl Slots {
    /// The slot where the search for `key` starts.
    #[inline]
    fn home(&self, key: u32) -> usize {
        (u64::from(key).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The index stored under `key` that `is` accepts, or else the empty slot where it would
    /// go.
    #[inline]
    pub(super) fn find(&self, key: u32, mut is: impl FnMut(usize) -> bool) -> Result<u32, usize> {
        if self.slots.is_empty() {
            return Err(0);
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = self.slots[i];
            if slot == EMPTY {
                return Err(i);
            }
            if (slot >> 32) as u32 == key && is(slot as u32 as usize) {
                return Ok(slot as u32);
            }
            i = (i + 1) & mask;
        }
    }

    /// Stores `index` under `key` in the empty slot `vacant` that [`find`](Slots::find)
    /// returned; `entries` are the positions stored so far, which an index that must grow is
    /// rebuilt from.
    #[inline]
    pub(super) fn insert(
        &mut self,
        vacant: usize,
        key: u32,
        index: u32,
        entries: &[impl Keyed],
    ) -> Result<(), Error> {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow(entries)?;
            self.place(key, index);
        } else {
            self.slots[vacant] = u64::from(key) << 32 | u64::from(index);
            self.len += 1;
        }
        Ok(())
    }

    /// The bytes the index holds.
    pub(super) fn bytes(&self) -> usize {
        self.slots.capacity() * SLOT_BYTES
    }

    /// Puts `index` in the first empty slot from the home of `key`.
    fn place(&mut self, key: u32, index: u32) {
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        while self.slots[i] != EMPTY {
            i = (i + 1) & mask;
        }
        self.slots[i] = u64::from(key) << 32 | u64::from(index);
        self.len += 1;
    }

    /// Doubles the slots (fallibly) and rebuilds the index from `entries`.
    #[cold]
    fn grow(&mut self, entries: &[impl Keyed]) -> Result<(), Error> {
        let size = self.slots.len().saturating_mul(2).max(MIN_SLOTS);
        let more = size - self.slots.len();
        if !size.is_power_of_two() || self.slots.try_reserve_exact(more).is_err() {
            return Err(Error::OutOfMemory {
                what: alloc::format!("an index of {size} slots for stored positions"),
            });
        }
        self.slots.clear();
        self.slots.resize(size, EMPTY);
        self.shift = 64 - size.trailing_zeros();
        self.len = 0;
        self.place_all(entries);
        Ok(())
    }

    /// Empties the index (keeping its memory) and stores the positions of `entries` again.
    pub(super) fn rebuild(&mut self, entries: &[impl Keyed]) {
        self.slots.fill(EMPTY);
        self.len = 0;
        self.place_all(entries);
    }

    /// Stores the positions of `entries` in an empty index.
    fn place_all(&mut self, entries: &[impl Keyed]) {
        for (i, entry) in entries.iter().enumerate() {
            self.place(entry.key(), i as u32);
        }
    }
}
