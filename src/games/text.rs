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
/// `(3, 5, 7)`, `3 5 7`, `3,5,7`; an empty text or `()` is the empty list. A comma stands
/// between two numbers: `1,,2`, `,1` and `1,` are refused. `what` names one number in an
/// error (`"a Nim heap"`).
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
    let mut numbers = Vec::new();
    let places = inner.split(',');
    let commas = inner.contains(',');
    for place in places {
        let before = numbers.len();
        for word in place.split_whitespace() {
            numbers.push(parse_number(word, what)?);
        }
        if commas && numbers.len() == before {
            return Err(Error::Parse {
                text: text.to_string(),
                what,
                reason: "a comma must stand between two numbers (an empty place between \
                         commas, or a comma at either end)",
            });
        }
    }
    Ok(numbers)
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
