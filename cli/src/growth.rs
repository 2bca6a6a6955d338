//! How large a heap game's table of Grundy values must be, within `--table-limit`.
//!
//! A heap game answers heap `n` from its table `G(0), ..., G(len - 1)`: directly when
//! `n < len`, or through a period that the table's values prove (after which every heap up to
//! `u128::MAX` is a lookup). The cost of a table is the game's business (a subtraction game
//! is linear, an octal game up to quadratic), so the table is grown until it is just large
//! enough:
//!
//! - [`grow`] (subtraction and octal games): first [`FIRST_TABLE`] values, or `n + 1` if
//!   fewer, then twice as many each round, up to the limit, until heap `n` is in the table or
//!   the values prove a period. A heap past a table of the limit's size that proves no period
//!   is an error.
//! - [`heap_table_len`] (Grundy's game, whose period, if it has one, is unknown): exactly
//!   `n + 1` values, and a heap at or past the limit is an error at once rather than a long
//!   search for a period.
//! - [`table_len`] (`grundy table`): exactly the `COUNT` values asked for, at most the limit.
//!
//! Every error is one line naming the position (`what`) and the limit to raise.

use grundy::sequence::GrundySequence;

/// The first table tried for one heap; it doubles up to `--table-limit`.
pub(crate) const FIRST_TABLE: usize = 4096;

/// Computes the table of a heap game for one heap `n`: first [`FIRST_TABLE`] values (or
/// `n + 1`, if fewer), then twice as many each round up to `limit`, until heap `n` is in the
/// table or the values prove a period that answers it. `what` names the position in errors.
///
/// `tabulate(len, limit)` computes the game's first `len` values; `sequence` reads them.
///
/// # Errors
///
/// The game's own error from `tabulate`, or, when `limit` values prove no period and `n` is
/// not among them, a message saying to raise `--table-limit`.
pub(crate) fn grow<T>(
    what: &str,
    n: u128,
    limit: usize,
    tabulate: impl Fn(usize, usize) -> Result<T, grundy::Error>,
    sequence: impl Fn(&T) -> &GrundySequence,
) -> Result<T, String> {
    let mut len = FIRST_TABLE.min(limit);
    if n < len as u128 {
        len = n as usize + 1; // n + 1 <= FIRST_TABLE
    }
    loop {
        let rules = tabulate(len, limit).map_err(|err| format!("{what}: {err}"))?;
        let known = sequence(&rules);
        if n < known.len() as u128 || known.period().is_some() {
            return Ok(rules);
        }
        if len >= limit {
            return Err(format!(
                "{what}: heap {n} is beyond the {len} values computed (the --table-limit), and \
                 they prove no period to answer it through; raise --table-limit"
            ));
        }
        len = len.saturating_mul(2).min(limit);
    }
}

/// The length of the table that answers heap `n` of Grundy's game: `n + 1` values. No period
/// of Grundy's game is known (whether it has one is an open problem), so no table answers a
/// heap beyond itself. `what` names the position in errors.
///
/// # Errors
///
/// A heap at or past `limit`.
pub(crate) fn heap_table_len(what: &str, n: u128, limit: usize) -> Result<usize, String> {
    match usize::try_from(n) {
        Ok(n) if n < limit => Ok(n + 1),
        _ => Err(format!(
            "{what}: heap {n} is at or past the --table-limit of {limit} values, and \
             no period of Grundy's game is known to answer it through (whether it has one is an \
             open problem); raise --table-limit"
        )),
    }
}

/// The length of a table of `count` values, as `grundy table` asks. `what` names the table
/// in errors.
///
/// # Errors
///
/// More than `limit` values.
pub(crate) fn table_len(what: &str, count: u128, limit: usize) -> Result<usize, String> {
    match usize::try_from(count) {
        Ok(len) if len <= limit => Ok(len),
        _ => Err(format!(
            "table {what}: {count} values are more than the --table-limit of {limit}; raise it"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::games::{Octal, Subtraction};
    use std::cell::RefCell;

    /// `grow` on a subtraction game, recording the length of every table it computed.
    fn grown(set: &[u128], n: u128, limit: usize) -> (Result<usize, String>, Vec<usize>) {
        let rules = Subtraction::new(set.to_vec()).expect("a valid set");
        let tried = RefCell::new(Vec::new());
        let result = grow(
            "what",
            n,
            limit,
            |len, limit| {
                tried.borrow_mut().push(len);
                rules.clone().tabulate(len, limit)
            },
            Subtraction::sequence,
        );
        let len = result.map(|rules| rules.sequence().len());
        (len, tried.into_inner())
    }

    #[test]
    fn a_small_heap_needs_only_its_own_table() {
        assert_eq!(grown(&[1, 5000], 100, 1 << 20), (Ok(101), vec![101]));
        assert_eq!(grown(&[1, 5000], 4095, 1 << 20), (Ok(4096), vec![4096]));
        // The heap is in the table even though the limit is smaller than the first table.
        assert_eq!(grown(&[1, 5000], 9, 10), (Ok(10), vec![10]));
    }

    #[test]
    fn the_table_doubles_until_a_period_is_proven() {
        // S = {1, 5000}: the period 5001 is proven by a window of 5000 values after it.
        let (len, tried) = grown(&[1, 5000], u128::MAX, 1 << 20);
        assert_eq!(len, Ok(16384));
        assert_eq!(tried, vec![4096, 8192, 16384]);
        // The last round stops at the limit.
        let (len, tried) = grown(&[7, 20000], u128::MAX, 50000);
        assert_eq!(len, Ok(50000));
        assert_eq!(tried, vec![4096, 8192, 16384, 32768, 50000]);
    }

    #[test]
    fn a_heap_past_an_unproven_table_is_an_error() {
        let (len, tried) = grown(&[7, 20000], u128::MAX, 30000);
        assert_eq!(tried, vec![4096, 8192, 16384, 30000]);
        assert_eq!(
            len,
            Err(format!(
                "what: heap {} is beyond the 30000 values computed (the --table-limit), and they \
                 prove no period to answer it through; raise --table-limit",
                u128::MAX
            ))
        );
        let (len, tried) = grown(&[1], 5, 0);
        assert_eq!(tried, vec![0]);
        assert!(len.is_err_and(|err| err.contains("beyond the 0 values computed")));
    }

    #[test]
    fn a_game_error_names_the_position() {
        let result = grow(
            "octal 0.77 5",
            5,
            10,
            |len, _| Octal::kayles().tabulate(len, 3),
            Octal::sequence,
        );
        assert!(result.is_err_and(|err| err.starts_with("octal 0.77 5: ")));
    }

    #[test]
    fn grundys_game_and_tables_take_exactly_what_is_asked() {
        assert_eq!(heap_table_len("g", 99, 100), Ok(100));
        assert!(heap_table_len("g", 100, 100).is_err_and(|err| err.contains("at or past")));
        assert!(heap_table_len("g", u128::MAX, usize::MAX).is_err());
        assert_eq!(table_len("t", 100, 100), Ok(100));
        assert_eq!(table_len("t", 0, 0), Ok(0));
        assert_eq!(
            table_len("octal 0.77 101", 101, 100),
            Err(
                "table octal 0.77 101: 101 values are more than the --table-limit of 100; raise it"
                    .to_owned()
            )
        );
    }
}
