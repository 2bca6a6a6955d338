//! Grundy's game: a move splits one heap into two unequal non-empty heaps.

use crate::games::octal::{for_each_split_move, split_allows, split_heap_value, split_moves_to};
use crate::games::{HeapRules, Leaves};
use crate::sequence::engine::SplitRules;
use crate::sequence::{SplitMoves, Tables, tabulated};
use crate::{Error, Nimber};
use alloc::format;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::ControlFlow;

/// The rules of Grundy's game, with the shared table of the values of its heaps.
///
/// Grundy's game (P. M. Grundy, *Mathematics and games*, Eureka 2 (1939) 6–8, the paper that
/// also gives the Sprague–Grundy theorem; *Winning Ways*, ch. 4) is played on heaps of
/// tokens; a move
/// splits one heap into two non-empty heaps of **different** sizes, so heaps of 1 and 2 are
/// dead. It is not an octal game (the split must be unequal) but runs on the same
/// sparse-space engine. Its values have been computed to heaps beyond 10^11 with no period
/// found; the table proves one only if its values do, by the Guy–Smith bound with the extra
/// condition the unequal split needs (see [`sequence`](crate::sequence)). So a heap is
/// answered by growing the table to it, within the budget
/// ([`Tabulated::with_table_limit`](crate::sequence::Tabulated::with_table_limit), 2^20 values by default).
///
/// A position is a [`HeapRow`](crate::games::HeapRow) of heaps under these rules; its moves
/// take nothing (`take` is 0) and leave [`Leaves::Two`]. Cloning the rules is cheap and
/// shares the table; all values of the type are equal. `Display` writes `Grundy's game`; with
/// the `serde` feature it is (de)serialised as a unit struct.
///
/// # Complexity
///
/// A table of `n` values costs O(n·r) for `r` rare positions, O(n²) in the worst case; the
/// rare positions of Grundy's game are few, so it runs far below that.
///
/// # Errors
///
/// [`Error::HeapOutOfRange`] for a heap past the budget.
///
/// # Examples
///
/// ```
/// use grundy::games::{GrundysGame, HeapMove, HeapRow, Leaves};
/// use grundy::prelude::*;
///
/// let game = GrundysGame::new();
/// assert_eq!(game.values(12)?.values(), &[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]);
/// let heap = HeapRow::heap(game, 8u32); // *2
/// assert_eq!(heap.outcome(Play::Normal)?, Outcome::Next);
/// let winning: Vec<_> = heap.winning_moves(Play::Normal)?.collect();
/// assert_eq!(winning, [HeapMove { index: 0, take: 0, to: Leaves::Two(1, 7) }]); // 7 is P
/// assert_eq!(heap.play(winning[0].clone())?.heaps(), &[1, 7]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct GrundysGame {
    tables: Tables<SplitRules>,
}

impl Default for GrundysGame {
    fn default() -> Self {
        GrundysGame::new()
    }
}

impl GrundysGame {
    /// Grundy's game, with no values computed yet.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::prelude::*;
    /// assert!(grundy::games::GrundysGame::new().sequence().is_empty());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        GrundysGame {
            tables: Tables::new(SplitRules::grundys_game()),
        }
    }
}

tabulated!(GrundysGame);

/// `Grundy's game`.
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::games::GrundysGame::new().to_string(), "Grundy's game");
/// ```
impl fmt::Display for GrundysGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Grundy's game")
    }
}

impl fmt::Debug for GrundysGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let table = self.tables.table.snapshot();
        f.debug_struct("GrundysGame")
            .field("table_limit", &self.tables.budget.values)
            .field("memory_limit", &self.tables.budget.memory)
            .field("computed", &table.len())
            .field("period", &table.period())
            .finish()
    }
}

/// There is one Grundy's game: every value is equal to every other.
impl PartialEq for GrundysGame {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for GrundysGame {}

impl Hash for GrundysGame {
    fn hash<H: Hasher>(&self, state: &mut H) {
        "GrundysGame".hash(state);
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for GrundysGame {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_unit_struct("GrundysGame")
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for GrundysGame {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// The unit struct, as written.
        #[derive(serde::Deserialize)]
        #[serde(rename = "GrundysGame", expecting = "unit struct GrundysGame")]
        struct Unit;
        Unit::deserialize(deserializer).map(|Unit| GrundysGame::new())
    }
}

/// The splits of one heap; see [`HeapRules`].
impl HeapRules for GrundysGame {
    type HeapMoves = SplitMoves;

    /// The value of one heap, from the shared table, grown to answer it if need be.
    ///
    /// # Errors
    ///
    /// [`Error::HeapOutOfRange`] if a table of the budget does not hold `heap`.
    fn heap_value(&self, heap: u128) -> Result<Nimber, Error> {
        split_heap_value(&self.tables, heap)
    }

    /// One snapshot of the table for the whole row.
    fn heaps_value<I>(&self, heaps: I) -> Result<Nimber, Error>
    where
        I: IntoIterator<Item = u128>,
    {
        self.tables.heaps_value(heaps)
    }

    fn heap_moves_to(&self, heap: u128, target: Nimber) -> Result<SplitMoves, Error> {
        split_moves_to(&self.tables, self.tables.table.engine(), heap, target)
    }

    fn misere_quotients(&self) -> Option<&crate::misere::QuotientCache> {
        Some(&self.tables.misere)
    }

    fn search_memory_limit(&self) -> usize {
        self.tables.budget.memory
    }

    fn for_each_heap_move<F>(&self, heap: u128, visit: F) -> ControlFlow<()>
    where
        F: FnMut(u128, Leaves) -> ControlFlow<()>,
    {
        for_each_split_move(self.tables.table.engine(), heap, visit)
    }

    /// Checks the split directly, in O(1).
    fn check_heap_move(&self, heap: u128, take: u128, to: &Leaves) -> Result<(), Error> {
        if split_allows(self.tables.table.engine(), heap, take, to) {
            Ok(())
        } else {
            Err(Error::IllegalMove {
                reason: format!(
                    "Grundy's game splits a heap into two unequal non-empty heaps, taking \
                     nothing: taking {take} from a heap of {heap} to leave {to} is not a move"
                ),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{HeapMove, HeapRow};
    use crate::sequence::Tabulated;
    use crate::{ClosedForm, Game, Play};

    #[test]
    fn splits_are_unequal() {
        let p = HeapRow::heap(GrundysGame::new(), 6u8);
        let split = |a, b| HeapMove {
            index: 0,
            take: 0,
            to: Leaves::Two(a, b),
        };
        assert!(p.play(split(3, 3)).is_err());
        assert!(p.play(split(0, 6)).is_err());
        assert!(
            p.play(HeapMove {
                index: 0,
                take: 1,
                to: Leaves::Two(1, 4)
            })
            .is_err()
        );
        assert_eq!(p.play(split(4, 2)).unwrap().heaps(), &[2, 4]);
        assert_eq!(p.moves().len(), 2); // (1, 5) and (2, 4)
    }

    #[test]
    fn out_of_range_without_a_period() {
        let game = GrundysGame::new().with_table_limit(10);
        let p = HeapRow::heap(game, 10u8);
        assert_eq!(
            p.grundy(),
            Err(Error::HeapOutOfRange {
                heap: 10,
                computed: 10
            })
        );
        assert!(p.winning_moves(Play::Normal).is_err());
        assert_eq!(GrundysGame::new(), GrundysGame::default());
    }
}
