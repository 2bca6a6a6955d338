//! Octal games: take-and-break heap games given by a code `d0.d1d2…` (Kayles is `0.77`).

use crate::games::{HeapRules, Leaves};
use crate::sequence::engine::{SplitRules, TakeRule};
use crate::sequence::{SplitMoves, Tables, tabulated};
use crate::{Error, Nimber};
use alloc::format;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::ControlFlow;
use core::str::FromStr;

/// The rules of an octal game, with the shared table of the values of its heaps.
///
/// An octal game (Guy and Smith, 1956; *Winning Ways*, ch. 4) is played on heaps of tokens.
/// Its code `d0.d1d2…dk` has one octal digit per number of tokens a move may remove: digit
/// `d_t` says what removing `t` tokens from one heap may leave, by its bits:
///
/// - bit 1: nothing (the move takes the whole heap, exactly `t` tokens);
/// - bit 2: one non-empty heap;
/// - bit 4: two non-empty heaps (the rest of the heap split in two).
///
/// The digit before the point is `0`, or `4` for a move that splits a heap in two without
/// removing anything. So **Kayles** (`0.77`, knock down one pin or two adjacent pins from a
/// row) may take one or two tokens, leaving zero, one or two heaps; **Dawson's Kayles**
/// (`0.07`) takes exactly two; **Dawson's chess** (`0.137`, Dawson 1934) is Dawson's Kayles
/// with heaps counted one larger.
///
/// A position is a [`HeapRow`](crate::games::HeapRow) of heaps under these rules. The values
/// of single heaps come from a table shared by every clone of the rules, computed by the
/// sparse-space method and checked for a period by the Guy–Smith theorem (see
/// [`sequence`](crate::sequence)); it grows on demand, within a budget
/// ([`Tabulated::with_table_limit`](crate::sequence::Tabulated::with_table_limit), 2^20 values by default), until it holds the heap asked
/// about or proves a period. Cloning the rules is cheap (two reference counts); they are
/// `Send + Sync`. Rules are equal when their codes are, whatever their tables hold.
///
/// `FromStr` reads a code as [`new`](Octal::new) does; `Display` writes the code. With the
/// `serde` feature the rules are (de)serialised as their code.
///
/// # Complexity
///
/// [`new`](Octal::new) O(length of the code). A table of `n` values costs O(n·r) for `r`
/// rare positions, O(n²) in the worst case; every value after it is a lookup.
///
/// # Errors
///
/// [`Error::InvalidOctalCode`] for a malformed code; [`Error::HeapOutOfRange`] for a heap past
/// the budget that no proven period answers.
///
/// # Examples
///
/// ```
/// use grundy::games::{HeapRow, Octal};
/// use grundy::prelude::*;
/// use grundy::sequence::Period;
///
/// let kayles: Octal = "0.77".parse()?;
/// assert_eq!(kayles, Octal::kayles());
/// assert_eq!(kayles.to_string(), "0.77");
/// assert_eq!(HeapRow::heap(kayles.clone(), 11u8).grundy()?, Nimber::new(6));
/// assert_eq!(&kayles.sequence().values()[..12], &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// // Proven by the Guy–Smith theorem: period 12 from heap 71 on, for ever.
/// assert_eq!(kayles.sequence().period(), Some(Period { preperiod: 71, period: 12 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Octal {
    code: Arc<str>,
    tables: Tables<SplitRules>,
}

impl Octal {
    /// The octal game of `code`, such as `"0.137"` or `"4.07"`, with no values computed yet.
    /// Trailing zeros after the point do not change the game and are dropped from
    /// [`code`](Octal::code).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOctalCode`] when the code has no point, more than one point, a digit
    /// before the point other than exactly one `0` or `4`, nothing after the point, or a
    /// character after it that is not an octal digit `0..=7` (so `8` and `9` are rejected).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Octal, Error};
    ///
    /// assert_eq!(Octal::new("0.1370")?.code(), "0.137");
    /// assert!(matches!(Octal::new("0.18"), Err(Error::InvalidOctalCode { .. })));
    /// assert!(matches!(Octal::new("077"), Err(Error::InvalidOctalCode { .. })));
    /// assert!(matches!(Octal::new("2.7"), Err(Error::InvalidOctalCode { .. })));
    /// assert!(matches!(Octal::new("0."), Err(Error::InvalidOctalCode { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(code: &str) -> Result<Self, Error> {
        let invalid = |reason: &'static str| Error::InvalidOctalCode {
            code: code.into(),
            reason,
        };
        let (first, rest) = code
            .split_once('.')
            .ok_or_else(|| invalid("it has no point; write it like 0.137"))?;
        let first = match first {
            "0" => 0,
            "4" => 4,
            "" => return Err(invalid("it needs one digit, 0 or 4, before the point")),
            _ => return Err(invalid("the digit before the point must be 0 or 4")),
        };
        if rest.is_empty() {
            return Err(invalid("nothing follows the point"));
        }
        let mut digits = Vec::with_capacity(rest.len());
        for c in rest.chars() {
            digits.push(match c {
                '0'..='7' => c as u8 - b'0',
                '8' | '9' => return Err(invalid("8 and 9 are not octal digits")),
                '.' => return Err(invalid("it has more than one point")),
                _ => {
                    return Err(invalid(
                        "after the point only the octal digits 0 to 7 may follow",
                    ));
                }
            });
        }
        Ok(Octal::from_digits(first, &digits))
    }

    /// The rules from valid digits.
    fn from_digits(first: u8, digits: &[u8]) -> Self {
        let used = digits.iter().rposition(|&d| d != 0).map_or(0, |i| i + 1);
        let mut code = String::with_capacity(used + 3);
        code.push(if first == 4 { '4' } else { '0' });
        code.push('.');
        if used == 0 {
            code.push('0');
        }
        let mut takes = Vec::new();
        if first == 4 {
            takes.push(TakeRule {
                take: 0,
                none: false,
                one: false,
                two: true,
            });
        }
        for (i, &d) in digits[..used].iter().enumerate() {
            code.push(char::from(b'0' + d));
            if d != 0 {
                takes.push(TakeRule {
                    take: i + 1,
                    none: d & 1 != 0,
                    one: d & 2 != 0,
                    two: d & 4 != 0,
                });
            }
        }
        Octal {
            code: code.into(),
            tables: Tables::new(SplitRules {
                takes,
                unequal: false,
            }),
        }
    }

    /// Kayles, `0.77`: a move knocks down one pin or two adjacent pins from a row, which may
    /// split it in two. Period 12 from heap 71 (Guy and Smith, 1956).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::Octal::kayles().code(), "0.77");
    /// ```
    #[must_use]
    pub fn kayles() -> Self {
        Octal::from_digits(0, &[7, 7])
    }

    /// Dawson's Kayles, `0.07`: a move knocks down exactly two adjacent pins. Period 34.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::Octal::dawsons_kayles().code(), "0.07");
    /// ```
    #[must_use]
    pub fn dawsons_kayles() -> Self {
        Octal::from_digits(0, &[0, 7])
    }

    /// Dawson's chess, `0.137` (Dawson, 1934): pawns facing each other on a `3 × n` board,
    /// captures compulsory; the heap of `n` is Dawson's Kayles' heap of `n + 1`. Period 34.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::Octal::dawsons_chess().code(), "0.137");
    /// ```
    #[must_use]
    pub fn dawsons_chess() -> Self {
        Octal::from_digits(0, &[1, 3, 7])
    }

    /// The code, without trailing zeros.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::Octal::new("4.070")?.code(), "4.07");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn code(&self) -> &str {
        &self.code
    }
}

tabulated!(Octal);

/// The code, as [`code`](Octal::code) gives it.
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::games::Octal::dawsons_chess().to_string(), "0.137");
/// ```
impl fmt::Display for Octal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code)
    }
}

/// Reads a code as [`Octal::new`] does.
///
/// # Examples
///
/// ```
/// use grundy::games::Octal;
/// let code: Octal = "0.07".parse()?;
/// assert_eq!(code, Octal::dawsons_kayles());
/// assert_eq!(code.to_string().parse::<Octal>()?, code);
/// assert!("0.8".parse::<Octal>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl FromStr for Octal {
    type Err = Error;

    fn from_str(code: &str) -> Result<Self, Error> {
        Octal::new(code)
    }
}

impl fmt::Debug for Octal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let table = self.tables.table.snapshot();
        f.debug_struct("Octal")
            .field("code", &&*self.code)
            .field("table_limit", &self.tables.limit)
            .field("computed", &table.len())
            .field("period", &table.period())
            .finish()
    }
}

/// Rules are equal when their codes are (their tables hold values of the same game).
impl PartialEq for Octal {
    fn eq(&self, other: &Self) -> bool {
        self.code == other.code
    }
}

impl Eq for Octal {}

impl Hash for Octal {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.code.hash(state);
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Octal {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.code)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Octal {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let code = String::deserialize(deserializer)?;
        Octal::new(&code).map_err(serde::de::Error::custom)
    }
}

/// Every move of one heap under take-and-break `rules`, by take, then nothing, one heap, two
/// heaps by the smaller part.
pub(crate) fn for_each_split_move<F>(
    rules: &SplitRules,
    heap: u128,
    mut visit: F,
) -> ControlFlow<()>
where
    F: FnMut(u128, Leaves) -> ControlFlow<()>,
{
    for rule in &rules.takes {
        let take = rule.take as u128;
        let Some(rest) = heap.checked_sub(take) else {
            break; // takes are ascending
        };
        if rule.none && rest == 0 {
            visit(take, Leaves::Empty)?;
        }
        if rule.one && rest > 0 {
            visit(take, Leaves::One(rest))?;
        }
        if rule.two {
            let mut a = 1;
            while a <= rest / 2 {
                if !(rules.unequal && 2 * a == rest) {
                    visit(take, Leaves::Two(a, rest - a))?;
                }
                a += 1;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Whether take-and-break `rules` allow removing `take` tokens from a heap of `heap` to leave
/// `to` (two heaps in either order).
pub(crate) fn split_allows(rules: &SplitRules, heap: u128, take: u128, to: &Leaves) -> bool {
    let Some(rule) = rules.takes.iter().find(|r| r.take as u128 == take) else {
        return false;
    };
    let rest = heap.checked_sub(take);
    match *to {
        Leaves::Empty => rule.none && rest == Some(0),
        Leaves::One(a) => rule.one && a > 0 && rest == Some(a),
        Leaves::Two(a, b) => {
            rule.two
                && a > 0
                && b > 0
                && rest.is_some()
                && a.checked_add(b) == rest
                && !(rules.unequal && a == b)
        }
    }
}

/// The table-backed answers of take-and-break rules: the value of a heap, and its moves to a
/// value.
pub(crate) fn split_heap_value(tables: &Tables<SplitRules>, heap: u128) -> Result<Nimber, Error> {
    tables.answering(heap)?.get(heap)
}

/// The moves of a heap under take-and-break rules to options of value `target`, lazily.
pub(crate) fn split_moves_to(
    tables: &Tables<SplitRules>,
    heap: u128,
    target: Nimber,
) -> Result<SplitMoves, Error> {
    let sequence = tables.answering(heap)?;
    SplitMoves::new(Arc::clone(&tables.table), sequence, heap, target)
}

/// The moves of the code on one heap; see [`HeapRules`].
impl HeapRules for Octal {
    type HeapMoves = SplitMoves;

    /// The value of one heap, from the shared table, grown to answer it if need be.
    ///
    /// # Errors
    ///
    /// [`Error::HeapOutOfRange`] if a table of the budget neither holds `heap` nor proves a
    /// period.
    fn heap_value(&self, heap: u128) -> Result<Nimber, Error> {
        split_heap_value(&self.tables, heap)
    }

    fn heap_moves_to(&self, heap: u128, target: Nimber) -> Result<SplitMoves, Error> {
        split_moves_to(&self.tables, heap, target)
    }

    fn for_each_heap_move<F>(&self, heap: u128, visit: F) -> ControlFlow<()>
    where
        F: FnMut(u128, Leaves) -> ControlFlow<()>,
    {
        for_each_split_move(self.tables.table.engine(), heap, visit)
    }

    /// Checks the move against the code, in O(digits).
    fn check_heap_move(&self, heap: u128, take: u128, to: &Leaves) -> Result<(), Error> {
        if split_allows(self.tables.table.engine(), heap, take, to) {
            Ok(())
        } else {
            Err(Error::IllegalMove {
                reason: format!(
                    "octal game {} does not allow taking {take} from a heap of {heap}, leaving {to}",
                    self.code
                ),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::HeapRow;
    use crate::sequence::Tabulated;
    use crate::{ClosedForm, Game};
    use alloc::string::ToString;

    #[test]
    fn parsing() {
        for (code, ok) in [
            ("0.77", true),
            ("4.07", true),
            ("0.0", true),
            ("0.000", true),
            ("0.6", true),
            ("", false),
            ("077", false),
            ("1.7", false),
            ("00.7", false),
            (".7", false),
            ("0.", false),
            ("0.78", false),
            ("0.9", false),
            ("0.7.7", false),
            ("0.7a", false),
            ("0. 7", false),
        ] {
            assert_eq!(Octal::new(code).is_ok(), ok, "{code}");
        }
        assert_eq!(Octal::new("0.000").unwrap().code(), "0.0");
        assert_eq!(
            Octal::new("0.8"),
            Err(Error::InvalidOctalCode {
                code: "0.8".into(),
                reason: "8 and 9 are not octal digits"
            })
        );
    }

    #[test]
    fn display_and_parse_round_trip() {
        for code in ["0.77", "4.07", "0.0", "0.137", "4.0"] {
            let rules: Octal = code.parse().unwrap();
            assert_eq!(rules.to_string(), code);
            assert_eq!(rules.to_string().parse::<Octal>().unwrap(), rules);
        }
        assert_eq!("0.70".parse::<Octal>().unwrap().to_string(), "0.7");
    }

    #[test]
    fn clones_share_the_table_and_equality_ignores_it() {
        let a = Octal::kayles();
        let b = a.clone().with_table_limit(10);
        assert_eq!(a, b);
        assert_eq!(a, Octal::kayles());
        assert_eq!(
            HeapRow::heap(b.clone(), 5u8).grundy().unwrap(),
            Nimber::new(4)
        );
        // b grew the table within its budget; a reads it.
        assert_eq!(a.sequence().len(), 10);
        assert_eq!(
            HeapRow::heap(b, 10u8).grundy(),
            Err(Error::HeapOutOfRange {
                heap: 10,
                computed: 10
            })
        );
        assert!(HeapRow::heap(a.clone(), 10u8).grundy().is_ok());
        assert!(a.sequence().period().is_some());
    }

    #[test]
    fn rules_list_moves_and_check_them_alike() {
        for code in ["0.77", "4.07", "0.6", "0.137", "0.51", "4.4"] {
            let rules: Octal = code.parse().unwrap();
            for heap in 0..12u128 {
                let mut listed = Vec::new();
                let _ = rules.for_each_heap_move(heap, |take, to| {
                    listed.push((take, to));
                    ControlFlow::Continue(())
                });
                for &(take, to) in &listed {
                    assert!(
                        rules.check_heap_move(heap, take, &to).is_ok(),
                        "{code} {heap}"
                    );
                }
                for take in 0..5u128 {
                    for to in [Leaves::Empty, Leaves::One(heap.saturating_sub(take))]
                        .into_iter()
                        .chain((1..heap).map(|a| Leaves::Two(a, heap.saturating_sub(take + a))))
                    {
                        let allowed = rules.check_heap_move(heap, take, &to).is_ok();
                        let normal = match to {
                            Leaves::Two(a, b) => Leaves::Two(a.min(b), a.max(b)),
                            other => other,
                        };
                        assert_eq!(
                            allowed,
                            listed.contains(&(take, normal)),
                            "{code} {heap} {take} {to}"
                        );
                    }
                }
                let row = HeapRow::heap(rules.clone(), heap);
                assert_eq!(row.moves().len(), listed.len());
            }
        }
    }
}
