//! Take-and-break games given by a code: octal games `d0.d1d2…` (Kayles is `0.77`),
//! hexadecimal games (a digit with bit 8 leaves three heaps) and CGSuite's repeated digit
//! `[d]` (Lasker's Nim is `4.[3]`).

use crate::games::{HeapRules, Leaves};
use crate::sequence::engine::SplitRules;
use crate::sequence::families::{CodeFamilies, FamilySource, families_allow, for_each_family_move};
use crate::sequence::general::General;
use crate::sequence::table::{Engine, Grown, Progress};
use crate::sequence::{SplitMoves, Tables, tabulated};
use crate::{Error, Nimber};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::ControlFlow;
use core::str::FromStr;

/// The rules of a take-and-break game given by its code, with the shared table of the values
/// of its heaps: octal games, hexadecimal games, and codes with a digit repeated for ever.
///
/// An octal game (R. K. Guy and C. A. B. Smith, *The G-values of various games*, Proc.
/// Cambridge Philos. Soc. 52 (1956) 514–526; *Winning Ways*, ch. 4) is played on heaps of
/// tokens.
/// Its code `d0.d1d2…dk` has one digit per number of tokens a move may remove: digit `d_t`
/// says what removing `t` tokens from one heap may leave, by its bits:
///
/// - bit 1: nothing (the move takes the whole heap, exactly `t` tokens);
/// - bit 2: one non-empty heap;
/// - bit 4: two non-empty heaps (the rest of the heap split in two);
/// - bit 8: three non-empty heaps: the digits `8` to `F` of a **hexadecimal** game.
///
/// The digit before the point removes nothing, so only its splitting bits mean anything: it is
/// `0`, `4` (split a heap in two), `8` (in three) or `C` (either). A digit in brackets at the
/// end **repeats for ever** (CGSuite's notation): `0.[3]` takes any number of tokens, leaving
/// one heap or none, which is Nim; `4.[3]` adds the split, which is **Lasker's Nim**;
/// `0.3003330[3]` may take any number but 2, 3 and 7, the *all-but* subtraction game
/// `S = ℕ \ {2, 3, 7}`. So **Kayles** is `0.77` (knock down one pin or two adjacent pins
/// from a row), **Dawson's Kayles** `0.07`, **Dawson's chess** `0.137` (Dawson 1934).
///
/// A position is a [`HeapRow`](crate::games::HeapRow) of heaps under these rules; each move
/// is a [`HeapMove`](crate::games::HeapMove) whose [`Leaves`] hold the heaps left. The values
/// of single heaps come from a table shared by every clone of the rules that grows on
/// demand, within a budget
/// ([`Tabulated::with_table_limit`](crate::sequence::Tabulated::with_table_limit), 2^20
/// values by default). Cloning the rules is cheap (two reference counts); they are
/// `Send + Sync`. Rules are equal when their codes are, whatever their tables hold.
///
/// # Engines and periods
///
/// - A **finite code whose moves leave at most two heaps** (every octal code) is computed by
///   the sparse-space method and checked for a period by the **Guy–Smith theorem** (Guy and
///   Smith, 1956; *Winning Ways*, ch. 4): its table grows (doubling from 4096 values) until it
///   holds the heap asked about or proves a period, and a proven period answers every heap up
///   to `u128::MAX`.
/// - A code with a **three-heap digit** or a **repeated digit** is computed by the general
///   engine (the sparse-space method for its two-heap splits, a table of pair values per total
///   for its three-heap splits, one comparison a value for a repeated digit). The Guy–Smith
///   theorem does not cover it (it needs finitely many takes, each leaving at most two heaps),
///   so **no period is proven**: its table grows (doubling from 64 values) to the heap asked
///   about, a heap past the budget is [`Error::HeapOutOfRange`] at once, and the
///   arithmetic period the values show (Lasker's Nim: period 4, saltus 4) is reported
///   unproven by
///   [`GrundySequence::arithmetic_period`](crate::sequence::GrundySequence::arithmetic_period).
///
/// `FromStr` reads a code as [`new`](Octal::new) does; `Display` writes the code. With the
/// `serde` feature the rules are (de)serialised as their code.
///
/// # Complexity
///
/// [`new`](Octal::new) O(length of the code). A table of `n` values of an octal code costs
/// O(n·r) for `r` rare positions, O(n²) in the worst case. The general engine (a repeated
/// digit or a digit of three heaps) costs O(1) amortised a heap for a repeated digit that
/// leaves no heap or one (`[1]`, `[2]`, `[3]`: Nim, `0.[3]`, is O(n)), O(r) to O(n) a heap
/// for two-heap splits (Lasker's Nim, `4.[3]`: O(n²) at worst), O(n²) for a repeated digit
/// that splits (`0.[7]`), and O(n²·v) with three-heap splits (`v` the distinct values of the
/// pairs of one total). Once a period is proven, every value past the table is a lookup.
///
/// # Errors
///
/// [`Error::InvalidCode`] for a malformed code; [`Error::HeapOutOfRange`] for a heap past the
/// budget that no proven period answers; [`Error::MemoryLimit`] when the working tables of a
/// code with a three-heap or a repeated digit would pass the memory budget.
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
/// assert_eq!(kayles.sequence().values().slice(..12), &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// // Proven by the Guy–Smith theorem: period 12 from heap 71 on, for ever.
/// assert_eq!(kayles.sequence().period(), Period::new(71, 12));
///
/// // Lasker's Nim, by its code: G(4k + 3) = 4k + 4 and G(4k + 4) = 4k + 3.
/// let lasker = Octal::new("4.[3]")?;
/// assert_eq!(lasker.values(9)?.values(), &[0, 1, 2, 4, 3, 5, 6, 8, 7]);
/// assert_eq!(HeapRow::new(lasker, [3u8, 4]).outcome(Play::Normal)?, Outcome::Next);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Octal {
    code: alloc::sync::Arc<str>,
    tables: Tables<CodeEngine>,
}

/// The engine of a code: the sparse-space engine of octal games with the Guy–Smith proof, or
/// the general engine.
#[derive(Debug)]
pub(crate) enum CodeEngine {
    /// A finite code whose moves leave at most two heaps.
    Split(SplitRules),
    /// Any other code.
    General(General<CodeFamilies>),
}

impl Engine for CodeEngine {
    fn compute(
        &self,
        from: &crate::sequence::values::Store,
        len: usize,
        memory: usize,
        progress: Progress<'_>,
    ) -> Result<Grown, Error> {
        match self {
            CodeEngine::Split(rules) => rules.compute(from, len, memory, progress),
            CodeEngine::General(general) => general.compute(from, len, memory, progress),
        }
    }

    fn can_prove_period(&self) -> bool {
        matches!(self, CodeEngine::Split(_))
    }

    fn quotient_shape(&self) -> Option<crate::sequence::periodicity::Splits> {
        match self {
            CodeEngine::Split(rules) => rules.quotient_shape(),
            CodeEngine::General(_) => None,
        }
    }

    fn split_rules(&self) -> Option<&crate::sequence::engine::SplitRules> {
        match self {
            CodeEngine::Split(rules) => Some(rules),
            CodeEngine::General(_) => None,
        }
    }

    fn name(&self) -> Option<alloc::string::String> {
        match self {
            CodeEngine::Split(rules) => Engine::name(rules),
            CodeEngine::General(general) => general.name(),
        }
    }

    fn continued_state(
        &self,
        values: &crate::sequence::values::Store,
    ) -> Result<Option<crate::sequence::checkpoint::SplitRecord>, Error> {
        match self {
            CodeEngine::Split(rules) => rules.continued_state(values),
            CodeEngine::General(general) => general.continued_state(values),
        }
    }

    fn release(&self) {
        if let CodeEngine::General(general) = self {
            general.release();
        }
    }

    fn proven_period(
        &self,
        values: &crate::sequence::values::Store,
    ) -> Option<(crate::sequence::Period, crate::sequence::Proof)> {
        match self {
            CodeEngine::Split(rules) => rules.proven_period(values),
            CodeEngine::General(_) => None,
        }
    }

    fn first_table(&self) -> usize {
        match self {
            CodeEngine::Split(rules) => rules.first_table(),
            CodeEngine::General(general) => general.first_table(),
        }
    }
}

/// A code, read and normalised: the digit before the point, the digits after it (`digits[0]`
/// for one token), and the repeated digit (0 for none).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Code {
    first: u8,
    digits: Vec<u8>,
    repeat: u8,
}

/// The value of a hexadecimal digit.
fn hex_digit(c: char) -> Option<u8> {
    c.to_digit(16).and_then(|d| u8::try_from(d).ok())
}

impl Code {
    /// Reads `text`, or says which character broke which rule.
    fn parse(text: &str) -> Result<Code, Error> {
        let fault =
            |index: usize, character: Option<char>, reason: &'static str| Error::InvalidCode {
                code: text.into(),
                index,
                character,
                reason,
            };
        let mut chars = text.char_indices().peekable();
        let first = match chars.next() {
            None => return Err(fault(0, None, "the code is empty; write it like 0.137")),
            Some((_, '.')) => {
                return Err(fault(
                    0,
                    Some('.'),
                    "a digit, 0, 4, 8 or C, comes before the point",
                ));
            }
            Some((i, c)) => match hex_digit(c) {
                Some(d) if d & 3 == 0 => d,
                Some(_) => {
                    return Err(fault(
                        i,
                        Some(c),
                        "the digit before the point removes nothing, so it may only split: \
                         0, 4, 8 or C",
                    ));
                }
                None => {
                    return Err(fault(
                        i,
                        Some(c),
                        "not a digit: a code is digits 0 to 9 and A to F, like 0.137",
                    ));
                }
            },
        };
        match chars.next() {
            Some((_, '.')) => {}
            None => {
                return Err(fault(
                    text.len(),
                    None,
                    "it has no point; write it like 0.137",
                ));
            }
            Some((i, c)) if hex_digit(c).is_some() => {
                return Err(fault(i, Some(c), "one digit comes before the point"));
            }
            Some((i, c)) => return Err(fault(i, Some(c), "a point follows the first digit")),
        }
        let mut digits = Vec::new();
        let mut repeat = None;
        while let Some((i, c)) = chars.next() {
            match c {
                '[' => {
                    let digit = match chars.next() {
                        Some((j, c)) => hex_digit(c).ok_or_else(|| {
                            fault(j, Some(c), "one digit goes between the brackets, like [3]")
                        })?,
                        None => return Err(fault(text.len(), None, "the bracket is not closed")),
                    };
                    match chars.next() {
                        Some((_, ']')) => {}
                        Some((j, c)) => {
                            return Err(fault(
                                j,
                                Some(c),
                                "one digit goes between the brackets, like [3]",
                            ));
                        }
                        None => return Err(fault(text.len(), None, "the bracket is not closed")),
                    }
                    if let Some((j, c)) = chars.next() {
                        return Err(fault(
                            j,
                            Some(c),
                            "nothing may follow the repeated digit: it repeats for ever",
                        ));
                    }
                    repeat = Some(digit);
                    let _ = i;
                }
                '.' => return Err(fault(i, Some(c), "it has more than one point")),
                ']' => return Err(fault(i, Some(c), "a bracket closes that was not opened")),
                _ => match hex_digit(c) {
                    Some(d) => digits.push(d),
                    None => {
                        return Err(fault(
                            i,
                            Some(c),
                            "not a digit: after the point come digits 0 to 9 and A to F, and \
                             at the end one digit in brackets to repeat it",
                        ));
                    }
                },
            }
        }
        if digits.is_empty() && repeat.is_none() {
            return Err(fault(text.len(), None, "nothing follows the point"));
        }
        let repeat = repeat.unwrap_or(0);
        // Digits equal to the repeated one at the end are part of the repetition.
        while digits.last() == Some(&repeat) {
            digits.pop();
        }
        Ok(Code {
            first,
            digits,
            repeat,
        })
    }

    /// The code in its normal form: upper-case digits, no digit at the end that the
    /// repetition (or, without one, a zero) already says.
    fn text(&self) -> String {
        let hex =
            |d: u8| char::from_digit(u32::from(d), 16).map_or('?', |c| c.to_ascii_uppercase());
        let mut text = String::with_capacity(self.digits.len() + 6);
        text.push(hex(self.first));
        text.push('.');
        text.extend(self.digits.iter().map(|&d| hex(d)));
        if self.repeat != 0 {
            text.push('[');
            text.push(hex(self.repeat));
            text.push(']');
        } else if self.digits.is_empty() {
            text.push('0');
        }
        text
    }

    /// The engine that fits the code.
    fn engine(&self) -> CodeEngine {
        let finite_pairs =
            self.repeat == 0 && self.first & 8 == 0 && self.digits.iter().all(|&d| d & 8 == 0);
        if finite_pairs {
            CodeEngine::Split(SplitRules::octal(self.first, &self.digits))
        } else {
            let mut digits = Vec::with_capacity(self.digits.len() + 1);
            digits.push(self.first);
            digits.extend_from_slice(&self.digits);
            CodeEngine::General(General::new(CodeFamilies {
                digits,
                repeat: self.repeat,
            }))
        }
    }
}

impl Octal {
    /// The take-and-break game of `code`, such as `"0.137"`, `"4.07"`, `"0.8"` (hexadecimal)
    /// or `"4.[3]"` (a repeated digit), with no values computed yet. Digits may be upper or
    /// lower case; [`code`](Octal::code) gives the normal form: upper case, without the
    /// digits at the end that change nothing (zeros, or copies of the repeated digit).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidCode`], naming the character at fault and its place, when the code
    /// does not read as one digit (`0`, `4`, `8` or `C`: it removes nothing, so it may only
    /// split), a point, hexadecimal digits `0` to `9` and `A` to `F`, and at most one digit
    /// in brackets at the very end; or when nothing follows the point.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Octal, Error};
    ///
    /// assert_eq!(Octal::new("0.1370")?.code(), "0.137");
    /// assert_eq!(Octal::new("0.3003330333[3]")?.code(), "0.3003330[3]");
    /// assert_eq!(Octal::new("4.33[3]")?.code(), "4.[3]");
    /// assert_eq!(Octal::new("0.f")?.code(), "0.F");
    /// let Err(Error::InvalidCode { character, index, .. }) = Octal::new("0.1G") else {
    ///     panic!("G is no digit");
    /// };
    /// assert_eq!((character, index), (Some('G'), 3));
    /// assert_eq!(
    ///     Octal::new("0.[34]").map_err(|e| e.to_string()),
    ///     Err("invalid take-and-break code \"0.[34]\": '4' at 4: one digit goes between the \
    ///          brackets, like [3]".to_string())
    /// );
    /// assert!(matches!(Octal::new("077"), Err(Error::InvalidCode { .. })));
    /// assert!(matches!(Octal::new("2.7"), Err(Error::InvalidCode { .. })));
    /// assert!(matches!(Octal::new("0."), Err(Error::InvalidCode { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(code: &str) -> Result<Self, Error> {
        Code::parse(code).map(|code| Octal::from_code(&code))
    }

    /// The rules of a valid code.
    fn from_code(code: &Code) -> Self {
        Octal {
            code: code.text().into(),
            tables: Tables::new(code.engine()),
        }
    }

    /// The rules of a valid octal code.
    fn from_digits(first: u8, digits: &[u8]) -> Self {
        Octal::from_code(&Code {
            first,
            digits: digits.to_vec(),
            repeat: 0,
        })
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

    /// Lasker's Nim, `4.[3]`: take any number of tokens from a heap, or split it into two
    /// non-empty heaps. `G(4k + 1) = 4k + 1`, `G(4k + 2) = 4k + 2`, `G(4k + 3) = 4k + 4`,
    /// `G(4k + 4) = 4k + 3` (*Winning Ways*, ch. 4): an arithmetic period 4 with saltus 4,
    /// which the table shows but no theorem the crate checks proves, so it answers no heap
    /// past the table.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Octal;
    /// use grundy::prelude::*;
    /// let lasker = Octal::laskers_nim();
    /// assert_eq!(lasker.code(), "4.[3]");
    /// assert_eq!(lasker.values(12)?.values(), &[0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn laskers_nim() -> Self {
        Octal::from_code(&Code {
            first: 4,
            digits: Vec::new(),
            repeat: 3,
        })
    }

    /// The code, in its normal form (see [`new`](Octal::new)).
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

    /// Whether some move leaves three heaps (a hexadecimal digit of `8` or more) or a digit
    /// repeats for ever: the codes that the general engine computes and the Guy–Smith
    /// theorem does not cover, so that no period of theirs is proven.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Octal;
    /// assert!(!Octal::kayles().is_general());
    /// assert!(Octal::new("0.8")?.is_general());
    /// assert!(Octal::laskers_nim().is_general());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_general(&self) -> bool {
        matches!(self.tables.table.engine(), CodeEngine::General(_))
    }

    /// The families of moves of a heap under a general code.
    fn families(
        general: &General<CodeFamilies>,
        heap: u128,
    ) -> Vec<crate::sequence::families::Family> {
        let mut families = Vec::new();
        // A code's families are never at fault.
        let _ = general.source.families(heap, &mut families);
        families
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
/// assert!("0.G".parse::<Octal>().is_err());
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
            .field("table_limit", &self.tables.budget.values)
            .field("memory_limit", &self.tables.budget.memory)
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
    let Some(to) = to.as_listed() else {
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
        _ => false,
    }
}

/// The table-backed answers of take-and-break rules: the value of a heap, and its moves to a
/// value.
pub(crate) fn split_heap_value<E: Engine>(tables: &Tables<E>, heap: u128) -> Result<Nimber, Error> {
    tables.answering(heap)?.get(heap)
}

/// The moves of a heap under take-and-break `rules` (whose table `tables` is) to options of
/// value `target`, lazily.
pub(crate) fn split_moves_to<E: Engine>(
    tables: &Tables<E>,
    rules: &SplitRules,
    heap: u128,
    target: Nimber,
) -> Result<SplitMoves, Error> {
    let sequence = tables.answering(heap)?;
    SplitMoves::split(rules.clone(), sequence, heap, target)
}

/// The moves of the code on one heap; see [`HeapRules`].
impl HeapRules for Octal {
    type HeapMoves = SplitMoves;

    /// The value of one heap, from the shared table, grown to answer it if need be.
    ///
    /// # Errors
    ///
    /// [`Error::HeapOutOfRange`] if a table of the budget neither holds `heap` nor proves a
    /// period; [`Error::MemoryLimit`] past the memory budget (codes with a three-heap or a
    /// repeated digit).
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
        match self.tables.table.engine() {
            CodeEngine::Split(rules) => split_moves_to(&self.tables, rules, heap, target),
            CodeEngine::General(general) => {
                let sequence = self.tables.answering(heap)?;
                SplitMoves::families(sequence, Octal::families(general, heap), heap, target)
            }
        }
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
        match self.tables.table.engine() {
            CodeEngine::Split(rules) => for_each_split_move(rules, heap, visit),
            CodeEngine::General(general) => {
                for_each_family_move(&Octal::families(general, heap), heap, visit)
            }
        }
    }

    /// Checks the move against the code, in O(digits).
    fn check_heap_move(&self, heap: u128, take: u128, to: &Leaves) -> Result<(), Error> {
        let allowed = match self.tables.table.engine() {
            CodeEngine::Split(rules) => split_allows(rules, heap, take, to),
            CodeEngine::General(general) => {
                families_allow(&Octal::families(general, heap), heap, take, to)
            }
        };
        if allowed {
            Ok(())
        } else {
            Err(Error::IllegalMove {
                reason: format!(
                    "the take-and-break game {} does not allow taking {take} from a heap of \
                     {heap}, leaving {to}",
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

    /// The character and place an invalid code is blamed on, and the start of the reason.
    fn fault(code: &str) -> (Option<char>, usize, &'static str) {
        match Octal::new(code) {
            Err(Error::InvalidCode {
                code: c,
                index,
                character,
                reason,
            }) => {
                assert_eq!(c, code);
                (character, index, reason)
            }
            other => panic!("{code} read as {other:?}"),
        }
    }

    /// A code of the general engine drops its working tables when a growth returns, and
    /// keeps them when its progress callback stops it (the next growth continues them): the
    /// code's engine did not pass the release on, so `0.8` held its O(n²) tables (142 MB
    /// after 12,000 values) for as long as the rules lived.
    #[test]
    fn a_general_code_drops_its_working_tables_when_a_growth_returns() {
        let held = |code: &Octal| {
            let debug = alloc::format!("{:?}", code.tables.table);
            let at = debug
                .find("Warm(")
                .expect("the general engine's kept tables");
            debug[at..]
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_string()
        };
        let code = Octal::new("0.8").unwrap();
        code.values(300).unwrap();
        assert_eq!(held(&code), "Warm(0");
        let stopped = code.grow_with_status(crate::sequence::Goal::Values(600), |status| {
            if status.done() >= 400 {
                core::ops::ControlFlow::Break(())
            } else {
                core::ops::ControlFlow::Continue(())
            }
        });
        assert!(
            matches!(stopped, Err(Error::Interrupted { .. })),
            "{stopped:?}"
        );
        assert_ne!(held(&code), "Warm(0");
        code.values(600).unwrap();
        assert_eq!(held(&code), "Warm(0");
    }

    #[test]
    fn parsing() {
        for code in [
            "0.77",
            "4.07",
            "0.0",
            "0.000",
            "0.6",
            "0.78",
            "0.9",
            "0.7a",
            "0.F",
            "8.1",
            "C.0",
            "0.[3]",
            "4.[3]",
            "0.3003330[3]",
            "0.[0]",
            "4.12[f]",
        ] {
            assert!(Octal::new(code).is_ok(), "{code}");
        }
        for (code, character, index, reason) in [
            ("", None, 0, "the code is empty"),
            ("077", Some('7'), 1, "one digit comes before the point"),
            (
                "1.7",
                Some('1'),
                0,
                "the digit before the point removes nothing",
            ),
            (
                "2.7",
                Some('2'),
                0,
                "the digit before the point removes nothing",
            ),
            ("00.7", Some('0'), 1, "one digit comes before the point"),
            (".7", Some('.'), 0, "a digit, 0, 4, 8 or C"),
            ("0", None, 1, "it has no point"),
            ("0.", None, 2, "nothing follows the point"),
            ("0.7.7", Some('.'), 3, "it has more than one point"),
            ("0. 7", Some(' '), 2, "not a digit"),
            ("0.G", Some('G'), 2, "not a digit"),
            ("x.7", Some('x'), 0, "not a digit"),
            ("0-7", Some('-'), 1, "a point follows the first digit"),
            ("0.[", None, 3, "the bracket is not closed"),
            ("0.[3", None, 4, "the bracket is not closed"),
            ("0.[]", Some(']'), 3, "one digit goes between the brackets"),
            (
                "0.[34]",
                Some('4'),
                4,
                "one digit goes between the brackets",
            ),
            (
                "0.[3]1",
                Some('1'),
                5,
                "nothing may follow the repeated digit",
            ),
            ("0.3]", Some(']'), 3, "a bracket closes that was not opened"),
            (
                "0.[3][4]",
                Some('['),
                5,
                "nothing may follow the repeated digit",
            ),
        ] {
            let (c, i, r) = fault(code);
            assert_eq!((c, i), (character, index), "{code}");
            assert!(r.starts_with(reason), "{code}: {r}");
        }
        for (code, normal) in [
            ("0.000", "0.0"),
            ("0.70", "0.7"),
            ("0.f", "0.F"),
            ("0.[0]", "0.0"),
            ("0.7[0]", "0.7"),
            ("0.33[3]", "0.[3]"),
            ("0.3003330[3]", "0.3003330[3]"),
            ("0.30033303[3]", "0.3003330[3]"),
            ("4.12[f]", "4.12[F]"),
            ("c.0", "C.0"),
        ] {
            assert_eq!(Octal::new(code).unwrap().code(), normal, "{code}");
        }
        assert_eq!(
            Octal::new("0.8").unwrap(),
            Octal::new("0.80").unwrap(),
            "hexadecimal now"
        );
    }

    #[test]
    fn engines_by_code() {
        for (code, general) in [
            ("0.77", false),
            ("4.07", false),
            ("0.0", false),
            ("0.8", true),
            ("8.0", true),
            ("0.7F", true),
            ("0.[3]", true),
            ("0.[0]", false),
            ("4.[3]", true),
        ] {
            assert_eq!(Octal::new(code).unwrap().is_general(), general, "{code}");
        }
        // Nim by its code: G(n) = n, but no period answers a heap past the table.
        let nim = Octal::new("0.[3]").unwrap().with_table_limit(100);
        assert_eq!(
            HeapRow::heap(nim.clone(), 99u8).grundy().unwrap(),
            Nimber::new(99)
        );
        assert_eq!(
            HeapRow::heap(nim.clone(), 100u8).grundy(),
            Err(Error::HeapOutOfRange {
                heap: 100,
                computed: 100
            })
        );
        assert_eq!(nim.find_period(1000).unwrap(), None);
    }

    #[test]
    fn display_and_parse_round_trip() {
        for code in [
            "0.77", "4.07", "0.0", "0.137", "4.0", "0.8", "C.F", "4.[3]", "0.12[7]",
        ] {
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
        for code in [
            "0.77", "4.07", "0.6", "0.137", "0.51", "4.4", "0.8", "4.[3]", "0.[7]", "C.1", "0.F",
            "8.2[1]",
        ] {
            let rules: Octal = code.parse().unwrap();
            for heap in 0..12u128 {
                let mut listed = Vec::new();
                let _ = rules.for_each_heap_move(heap, |take, to| {
                    listed.push((take, to));
                    ControlFlow::Continue(())
                });
                for (take, to) in &listed {
                    assert!(
                        rules.check_heap_move(heap, *take, to).is_ok(),
                        "{code} {heap}"
                    );
                }
                for take in 0..5u128 {
                    let rest = heap.saturating_sub(take);
                    let pairs = (1..heap).map(|a| Leaves::Two(a, rest.saturating_sub(a)));
                    let triples = (1..heap).flat_map(|a| {
                        (1..heap).map(move |b| Leaves::Three(b, a, rest.saturating_sub(a + b)))
                    });
                    for to in [Leaves::Empty, Leaves::One(rest)]
                        .into_iter()
                        .chain(pairs)
                        .chain(triples)
                    {
                        let allowed = rules.check_heap_move(heap, take, &to).is_ok();
                        let normal = Leaves::from_heaps(to.heaps());
                        let normal = if to.heaps().any(|h| h == 0) {
                            to.clone()
                        } else {
                            normal
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
