//! The textual forms of positions: lists of numbers, written and read.

use crate::{Error, Heap};
use alloc::string::ToString;
use alloc::vec::Vec;
use core::fmt;

/// Writes `(a, b, c)`.
pub(crate) fn write_list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[T]) -> fmt::Result {
    f.write_str("(")?;
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{item}")?;
    }
    f.write_str(")")
}

/// Reads numbers separated by commas and/or white space, optionally in parentheses:
/// `(3, 5, 7)`, `3 5 7`, `3,5,7`. `what` names one number in an error (`"a Nim heap"`).
pub(crate) fn parse_list<T: Heap>(text: &str, what: &'static str) -> Result<Vec<T>, Error> {
    let trimmed = text.trim();
    let inner = match trimmed.strip_prefix('(') {
        Some(rest) => rest.strip_suffix(')').ok_or_else(|| Error::Parse {
            text: text.to_string(),
            what,
            reason: "an opening parenthesis has no closing one",
        })?,
        None => trimmed,
    };
    inner
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|word| !word.is_empty())
        .map(|word| parse_number(word, what))
        .collect()
}

/// Reads one number of type `T`.
pub(crate) fn parse_number<T: Heap>(word: &str, what: &'static str) -> Result<T, Error> {
    let word = word.trim();
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::Parse {
            text: word.to_string(),
            what,
            reason: "it is not a whole number written in decimal digits",
        });
    }
    word.parse::<T>().map_err(|_| Error::Parse {
        text: word.to_string(),
        what,
        reason: "it does not fit the heap type",
    })
}
