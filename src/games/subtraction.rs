//! Subtraction games: heaps; a move removes `s` tokens from one heap, for some `s` in a finite
//! set `S`.

use crate::games::text::parse_number;
use crate::games::{HeapRules, Leaves};
use crate::sequence::engine::SubtractionSet;
use crate::sequence::{SubtractionMoves, Tables, tabulated};
use crate::{Error, Heap, Nimber};
use alloc::format;
use alloc::string::ToString;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::ControlFlow;
use core::str::FromStr;

/// The rules of a subtraction game, with the shared table of the values of its heaps.
///
/// A subtraction game `S(s1, s2, …)` (Berlekamp, Conway and Guy, *Winning Ways*, ch. 4) is
/// played on heaps; a move
/// removes exactly `s` tokens from one heap, for some `s` in the finite set `S`; whoever
/// cannot move loses. `G(n) = mex{G(n − s) : s ∈ S, s ≤ n}`, so the values are at most `|S|`,
/// and the sequence is eventually periodic: once a window of `max(S)` consecutive values
/// repeats, every later value repeats with it. The table is computed with a bit-mask mex and
/// proves the least period that way; it grows on demand, within a budget
/// ([`Tabulated::with_table_limit`](crate::sequence::Tabulated::with_table_limit), 2^20 values by default), until it holds the heap asked
/// about or proves the period.
///
/// A position is a [`HeapRow`](crate::games::HeapRow) of heaps under these rules (one heap
/// being the common case); a move leaves [`Leaves::One`] or, taking the whole heap,
/// [`Leaves::Empty`]. The set may hold numbers of any unsigned width; cloning the rules is
/// cheap and shares the table; rules are equal when their sets are.
///
/// `Display` writes the set as `{1, 3, 4}`; `FromStr` reads `{1, 3, 4}`, `1,3,4` or `1 3 4`.
/// With the `serde` feature the rules are (de)serialised as that text, read back through the
/// parser (and so checked as [`new`](Subtraction::new) checks them).
///
/// # Complexity
///
/// [`new`](Subtraction::new) O(|S| log |S|); a table of `n` values O(n·|S|).
///
/// # Errors
///
/// [`Error::EmptySubtractionSet`], [`Error::ZeroInSubtractionSet`] for a bad set;
/// [`Error::HeapOutOfRange`] for a heap past the budget that no proven period answers.
///
/// # Examples
///
/// ```
/// use grundy::games::{HeapMove, HeapRow, Leaves, Subtraction};
/// use grundy::prelude::*;
/// use grundy::sequence::Period;
///
/// let game: Subtraction = "{4, 1, 3}".parse()?;
/// assert_eq!(game.set(), &[1, 3, 4]);
/// assert_eq!(game.to_string(), "{1, 3, 4}");
/// let heap = HeapRow::heap(game.clone(), 10u128.pow(20) + 4); // = 6 (mod 7): *2
/// assert_eq!(heap.grundy()?, Nimber::new(2));
/// assert_eq!(game.sequence().period(), Period::new(0, 7));
/// let winning: Vec<_> = heap.winning_moves(Play::Normal)?.collect();
/// assert_eq!(winning, [HeapMove { index: 0, take: 4, to: Leaves::One(10u128.pow(20)) }]);
/// assert_eq!(heap.play(winning[0].clone())?.outcome(Play::Normal)?, Outcome::Previous);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Subtraction {
    tables: Tables<SubtractionSet>,
    /// A hash of the set, computed once: a position of a heap game hashes its rules, so a
    /// search hashes them in every position it meets.
    fingerprint: u64,
}

impl Subtraction {
    /// The subtraction game of the set `set` (in any order, repeats allowed, of any unsigned
    /// width), with no values computed yet.
    ///
    /// # Errors
    ///
    /// [`Error::EmptySubtractionSet`] if `set` is empty; [`Error::ZeroInSubtractionSet`] if it
    /// contains 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Subtraction, Error};
    /// assert_eq!(Subtraction::new([2u32, 2, 1])?.set(), &[1, 2]);
    /// assert_eq!(Subtraction::new(Vec::<u8>::new()), Err(Error::EmptySubtractionSet));
    /// assert_eq!(Subtraction::new([0u64, 1]), Err(Error::ZeroInSubtractionSet));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new<T: Heap, I: IntoIterator<Item = T>>(set: I) -> Result<Self, Error> {
        let mut set: Vec<u128> = set.into_iter().map(Heap::widen).collect();
        if set.is_empty() {
            return Err(Error::EmptySubtractionSet);
        }
        if set.contains(&0) {
            return Err(Error::ZeroInSubtractionSet);
        }
        set.sort_unstable();
        set.dedup();
        Ok(Subtraction {
            fingerprint: crate::games::fingerprint(&set),
            tables: Tables::new(SubtractionSet { set }),
        })
    }

    /// The set, ascending, without repeats.
    ///
    /// # Examples
    ///
    /// See [`Subtraction`].
    #[must_use]
    pub fn set(&self) -> &[u128] {
        &self.tables.table.engine().set
    }
}

tabulated!(Subtraction);

/// The set in braces, `{1, 3, 4}`.
///
/// # Examples
///
/// ```
/// use grundy::games::Subtraction;
/// assert_eq!(Subtraction::new([3u8, 1])?.to_string(), "{1, 3}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Display for Subtraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, s) in self.set().iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{s}")?;
        }
        f.write_str("}")
    }
}

/// Reads a set as `{1, 3, 4}`, `1,3,4` or `1 3 4` (elements separated by commas and/or
/// white space, in braces or not), then checks it as [`Subtraction::new`] does.
///
/// # Examples
///
/// ```
/// use grundy::games::Subtraction;
/// use grundy::Error;
///
/// let game = Subtraction::new([1u8, 3, 4])?;
/// for text in ["{1, 3, 4}", "1,3,4", "1 3 4", " {4,1 3} "] {
///     assert_eq!(text.parse::<Subtraction>()?, game);
/// }
/// assert_eq!(game.to_string().parse::<Subtraction>()?, game);
/// assert_eq!("{}".parse::<Subtraction>(), Err(Error::EmptySubtractionSet));
/// assert!(matches!("{1, x}".parse::<Subtraction>(), Err(Error::Parse { .. })));
/// assert!(matches!("{1, 2".parse::<Subtraction>(), Err(Error::Parse { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl FromStr for Subtraction {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        const WHAT: &str = "a subtraction set";
        let trimmed = text.trim();
        let inner = match (trimmed.strip_prefix('{'), trimmed.strip_suffix('}')) {
            (Some(rest), Some(_)) => rest.strip_suffix('}').unwrap_or(rest),
            (None, None) => trimmed,
            _ => {
                return Err(Error::Parse {
                    text: text.to_string(),
                    what: WHAT,
                    reason: "a brace has no partner",
                });
            }
        };
        let set = inner
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|word| !word.is_empty())
            .map(|word| parse_number::<u128>(word, "an element of a subtraction set"))
            .collect::<Result<Vec<u128>, Error>>()?;
        Subtraction::new(set)
    }
}

impl fmt::Debug for Subtraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let table = self.tables.table.snapshot();
        f.debug_struct("Subtraction")
            .field("set", &self.set())
            .field("table_limit", &self.tables.budget.values)
            .field("memory_limit", &self.tables.budget.memory)
            .field("computed", &table.len())
            .field("period", &table.period())
            .finish()
    }
}

/// Rules are equal when their sets are (their tables hold values of the same game): O(1) for
/// clones of one set (they share it) and for sets of different hashes, O(|S|) otherwise.
impl PartialEq for Subtraction {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.tables.table, &other.tables.table)
            || (self.fingerprint == other.fingerprint && self.set() == other.set())
    }
}

impl Eq for Subtraction {}

/// O(1): the hash of the set is computed once, by [`Subtraction::new`].
impl Hash for Subtraction {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.fingerprint);
    }
}

/// The set as `Display` writes it, `{1, 3, 4}` (a string holds elements up to `u128::MAX` in
/// every format).
#[cfg(feature = "serde")]
impl serde::Serialize for Subtraction {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Reads the set through `FromStr`, so it is checked as [`Subtraction::new`] checks it.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Subtraction {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = alloc::string::String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The takes of one heap; see [`HeapRules`].
impl HeapRules for Subtraction {
    type HeapMoves = SubtractionMoves;

    /// The value of one heap, from the shared table, grown to answer it if need be.
    ///
    /// # Errors
    ///
    /// [`Error::HeapOutOfRange`] if a table of the budget neither holds `heap` nor proves a
    /// period.
    fn heap_value(&self, heap: u128) -> Result<Nimber, Error> {
        self.tables.answering(heap)?.get(heap)
    }

    /// One snapshot of the table for the whole row.
    fn heaps_value<I>(&self, heaps: I) -> Result<Nimber, Error>
    where
        I: IntoIterator<Item = u128>,
    {
        self.tables.heaps_value(heaps)
    }

    fn heap_moves_to(&self, heap: u128, target: Nimber) -> Result<SubtractionMoves, Error> {
        let sequence = self.tables.answering(heap)?;
        SubtractionMoves::new(Arc::clone(&self.tables.table), sequence, heap, target)
    }

    fn misere_quotients(&self) -> Option<&crate::misere::QuotientCache> {
        Some(&self.tables.misere)
    }

    fn search_memory_limit(&self) -> usize {
        self.tables.budget.memory
    }

    fn for_each_heap_move<F>(&self, heap: u128, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u128, Leaves) -> ControlFlow<()>,
    {
        for &take in self.set() {
            let Some(rest) = heap.checked_sub(take) else {
                break; // the set is ascending
            };
            let to = if rest == 0 {
                Leaves::Empty
            } else {
                Leaves::One(rest)
            };
            visit(take, to)?;
        }
        ControlFlow::Continue(())
    }

    /// Checks the take against the set, in O(log |S|).
    fn check_heap_move(&self, heap: u128, take: u128, to: &Leaves) -> Result<(), Error> {
        let illegal = |why: &str| Error::IllegalMove {
            reason: format!("cannot take {take} from a heap of {heap}, leaving {to}: {why}"),
        };
        if self.set().binary_search(&take).is_err() {
            return Err(illegal(&format!(
                "{take} is not in the subtraction set {self}"
            )));
        }
        let Some(rest) = heap.checked_sub(take) else {
            return Err(illegal("the heap is too small"));
        };
        let leaves_rest = match to.as_listed().as_deref() {
            Some(Leaves::Empty) => rest == 0,
            Some(&Leaves::One(a)) => a > 0 && a == rest,
            _ => false,
        };
        if leaves_rest {
            Ok(())
        } else {
            Err(illegal(&format!("a take of {take} leaves {rest}")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{HeapMove, HeapRow};
    use crate::sequence::Tabulated;
    use crate::{ClosedForm, Game};

    #[test]
    fn huge_heaps_and_huge_elements() {
        let rules = Subtraction::new([u128::MAX, 1])
            .unwrap()
            .with_table_limit(10);
        let heap = HeapRow::heap(rules.clone(), u128::MAX);
        assert!(matches!(heap.grundy(), Err(Error::HeapOutOfRange { .. })));
        assert_eq!(rules.sequence().period(), None); // the window of u128::MAX never fits
        let take_all = HeapMove {
            index: 0,
            take: u128::MAX,
            to: Leaves::Empty,
        };
        assert!(heap.play(take_all).unwrap().heaps().is_empty());
        assert!(
            heap.play(HeapMove {
                index: 0,
                take: 2,
                to: Leaves::One(u128::MAX - 2)
            })
            .is_err()
        );
        // Narrow heaps: an element past the type is never a move.
        let narrow = HeapRow::heap(Subtraction::new([1u16, 300]).unwrap(), 255u8);
        assert_eq!(narrow.moves().len(), 1);
    }

    #[test]
    fn moves_are_checked_against_the_set() {
        let heap = HeapRow::heap(Subtraction::new([2u8, 3]).unwrap(), 2u8);
        let take = |take, to| HeapMove { index: 0, take, to };
        assert!(heap.play(take(1, Leaves::One(1))).is_err());
        assert!(heap.play(take(3, Leaves::Empty)).is_err());
        assert!(heap.play(take(2, Leaves::One(0))).is_err());
        assert!(heap.play(take(2, Leaves::Two(0, 0))).is_err());
        assert!(
            heap.play(take(2, Leaves::Empty))
                .unwrap()
                .heaps()
                .is_empty()
        );
    }

    #[test]
    fn braces_must_pair() {
        for text in ["{1, 2", "1, 2}", "}1{"] {
            assert!(
                matches!(text.parse::<Subtraction>(), Err(Error::Parse { .. })),
                "{text}"
            );
        }
        assert_eq!(
            "{0, 1}".parse::<Subtraction>(),
            Err(Error::ZeroInSubtractionSet)
        );
    }
}
