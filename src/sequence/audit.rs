//! Checking a table's values against the definition of Grundy values, heap by heap: the
//! engines are fast because they skip most of a heap's options; an audit lists them all.

use core::ops::ControlFlow;

use super::GrundySequence;
use crate::games::{HeapRules, Leaves};
use crate::{Error, Nimber};
use alloc::vec::Vec;

/// A set of values, as a bit per value, grown as values arrive; every allocation fallible.
#[derive(Default)]
struct Marks(Vec<u64>);

impl Marks {
    /// Marks `value`, or `None` if the allocator refuses the room.
    fn insert(&mut self, value: u128) -> Option<()> {
        let word = usize::try_from(value / 64).ok()?;
        if word >= self.0.len() {
            let more = word + 1 - self.0.len();
            self.0.try_reserve(more).ok()?;
            self.0.resize(word + 1, 0);
        }
        self.0[word] |= 1 << (value % 64);
        Some(())
    }

    /// The least value not marked.
    fn mex(&self) -> u128 {
        let full = self.0.iter().take_while(|&&w| w == u64::MAX).count();
        let rest = self.0.get(full).map_or(0, |w| w.trailing_ones());
        full as u128 * 64 + u128::from(rest)
    }
}

/// The values of the options of `heap`, each passed to `visit`: the nim-sum of the values
/// `table` holds for the heaps a move leaves, every move of `rules` listed.
fn each_option<R: HeapRules>(
    rules: &R,
    table: &GrundySequence,
    heap: u128,
    mut visit: impl FnMut(u128) -> Result<(), Error>,
) -> Result<(), Error> {
    // The stored values read directly; a heap past them through the table's period.
    let stored = table.values();
    let value_of = |h: u128| -> Result<u128, Error> {
        let held = usize::try_from(h).ok().and_then(|i| stored.get(i));
        match held {
            Some(v) => Ok(u128::from(v)),
            None => table.get(h).map(Nimber::get),
        }
    };
    let mut failed = None;
    let _ = rules.for_each_heap_move(heap, |_, leaves| {
        let value = match &leaves {
            Leaves::Empty => Ok(0),
            Leaves::One(a) => value_of(*a),
            Leaves::Two(a, b) => value_of(*a).and_then(|x| Ok(x ^ value_of(*b)?)),
            _ => leaves.heaps().try_fold(0, |x, h| Ok(x ^ value_of(h)?)),
        };
        match value.and_then(&mut visit) {
            Ok(()) => ControlFlow::Continue(()),
            Err(err) => {
                failed = Some(err);
                ControlFlow::Break(())
            }
        }
    });
    failed.map_or(Ok(()), Err)
}

/// Checks the value `table` holds for `heap` against the mex of its options.
///
/// # Errors
///
/// [`Error::WrongValue`] if they differ; [`Error::HeapOutOfRange`] if `table` does not answer
/// `heap`; [`Error::OutOfMemory`] if the marks of the option values cannot be had.
pub(crate) fn heap<R: HeapRules>(
    rules: &R,
    table: &GrundySequence,
    heap: u128,
) -> Result<(), Error> {
    if let Some(fault) = rules.heap_fault(heap) {
        return Err(fault);
    }
    let held = table.get(heap)?.get();
    let no_memory = || Error::OutOfMemory {
        what: alloc::format!("the marks of the option values of heap {heap}"),
    };
    // First only the values below the one held, and whether the held one is an option:
    // the marks need no more bits than the value, whatever the options' values.
    let mut below = Marks::default();
    let mut held_is_an_option = false;
    each_option(rules, table, heap, |value| {
        if value < held {
            below.insert(value).ok_or_else(no_memory)
        } else {
            held_is_an_option |= value == held;
            Ok(())
        }
    })?;
    let definition = match below.mex() {
        missing if missing < held => missing,
        _ if !held_is_an_option => return Ok(()),
        _ => {
            // Every value up to the one held is an option: the mex is above it.
            let mut all = Marks::default();
            each_option(rules, table, heap, |value| {
                all.insert(value).ok_or_else(no_memory)
            })?;
            all.mex()
        }
    };
    Err(Error::WrongValue {
        heap,
        held,
        definition,
    })
}
