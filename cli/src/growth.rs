//! A heap game's table of Grundy values, grown by the library within `--table-limit` and
//! stopped at `--time-limit`; and the error lines of both limits.
//!
//! A heap game answers heap `n` from its table `G(0), ..., G(len - 1)`: directly when
//! `n < len`, or through a period that the table's values prove (after which every heap up to
//! `u128::MAX` is a lookup). The library grows the table ([`Tabulated::grow`]) toward a
//! [`Goal`], within the rules' budget, which is `--table-limit`:
//!
//! - `Goal::Heap(n)` (subtraction and octal games): 4096 values, then twice as many each round,
//!   up to the budget, until heap `n` is in the table or the values prove a period.
//! - `Goal::Values(n + 1)` (Grundy's game, whose period, if it has one, is unknown): exactly
//!   the values up to heap `n`; [`heap_table_len`] makes a heap at or past the limit an error
//!   at once rather than a long search for a period.
//! - `Goal::Values(COUNT)` (`grundy table`): exactly the values asked for; [`table_len`]
//!   checks `COUNT` against the limit first.
//!
//! The cost of a table is the game's business (a subtraction game is linear, an octal game up
//! to quadratic, and a long code costs far more than Kayles), so the growth is stopped at a
//! [`Deadline`]: the library calls its progress callback before each round and every 64
//! values within one, and the callback answers `Break` once the deadline has passed. One call
//! comes after at most 64 values, a small part of the time the table took so far, so the
//! answer comes right after the time limit, on the one thread, with nothing left running.
//!
//! Every error is one line naming the position (`what`) and the limit to raise.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

use grundy::prelude::*;
use grundy::sequence::{Goal, GrundySequence};

/// The moment the time limit runs out, or none if it lies beyond what the clock can hold.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Deadline(Option<Instant>);

impl Deadline {
    /// `seconds` from now.
    pub(crate) fn after(seconds: u64) -> Self {
        Deadline(Instant::now().checked_add(Duration::from_secs(seconds)))
    }

    /// Whether the time is up.
    fn passed(self) -> bool {
        self.0.is_some_and(|deadline| Instant::now() >= deadline)
    }
}

/// Grows the table of `rules` toward `goal`, within their budget, stopping with
/// [`grundy::Error::Interrupted`] once `deadline` has passed.
///
/// # Errors
///
/// The library's: the budget cannot reach the goal ([`grundy::Error::HeapOutOfRange`],
/// [`grundy::Error::TableLimit`]), the deadline passed, or memory ran out.
pub(crate) fn grow<R: Tabulated>(
    rules: &R,
    goal: Goal,
    deadline: &Deadline,
) -> Result<Arc<GrundySequence>, grundy::Error> {
    rules.grow(goal, |_| {
        if deadline.passed() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
}

/// The error line for a table that could not be grown: `what` names the position, and
/// `time_limit` is `--time-limit` in seconds.
pub(crate) fn message(what: &str, err: grundy::Error, time_limit: u64) -> String {
    match err {
        grundy::Error::Interrupted { .. } => format!(
            "no answer within the time limit of {time_limit} s: the table of values is too \
             costly for this game (raise --time-limit, or lower --table-limit to be told sooner)"
        ),
        grundy::Error::HeapOutOfRange { heap, computed } => format!(
            "{what}: heap {heap} is beyond the {computed} values computed (the --table-limit), \
             and they prove no period to answer it through; raise --table-limit"
        ),
        err => format!("{what}: {err}"),
    }
}

/// The length of the table that answers heap `n` of Grundy's game: `n + 1` values. No period
/// of Grundy's game is known, so no table answers a heap beyond itself. `what` names the
/// position in errors.
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

    /// The length of the table grown toward heap `n` of the subtraction game `set`, or the
    /// error line.
    fn grown(set: &[u128], n: u128, limit: usize) -> Result<usize, String> {
        let rules = Subtraction::new(set.iter().copied())
            .expect("a valid set")
            .with_table_limit(limit);
        grow(&rules, Goal::Heap(n), &Deadline::after(20))
            .map(|table| table.len())
            .map_err(|err| message("what", err, 20))
    }

    #[test]
    fn the_table_doubles_until_a_period_is_proven() {
        // S = {1, 5000}: the period 5001 is proven by a window of 5000 values after it.
        assert_eq!(grown(&[1, 5000], u128::MAX, 1 << 20), Ok(16384));
        // The last round stops at the limit.
        assert_eq!(grown(&[7, 20000], u128::MAX, 50000), Ok(50000));
        // A small heap is in the first table.
        assert_eq!(grown(&[1, 5000], 100, 1 << 20), Ok(4096));
        assert_eq!(grown(&[1, 5000], 9, 10), Ok(10));
    }

    #[test]
    fn a_heap_past_an_unproven_table_is_an_error() {
        assert_eq!(
            grown(&[7, 20000], u128::MAX, 30000),
            Err(format!(
                "what: heap {} is beyond the 30000 values computed (the --table-limit), and they \
                 prove no period to answer it through; raise --table-limit",
                u128::MAX
            ))
        );
        assert!(grown(&[1], 5, 0).is_err_and(|err| err.contains("beyond the 0 values computed")));
    }

    #[test]
    fn a_deadline_stops_the_growth() {
        // A deadline already passed stops the first round.
        let past = Deadline(Some(Instant::now()));
        let kayles = Octal::kayles();
        let err = grow(&kayles, Goal::Values(1000), &past).expect_err("stopped");
        assert_eq!(err, grundy::Error::Interrupted { computed: 0 });
        assert_eq!(
            message("octal 0.77 5", err, 1),
            "no answer within the time limit of 1 s: the table of values is too costly for this \
             game (raise --time-limit, or lower --table-limit to be told sooner)"
        );
        // No deadline, or one far away, lets it finish.
        let table = grow(&kayles, Goal::Values(1000), &Deadline::after(u64::MAX));
        assert!(table.is_ok_and(|table| table.len() == 1000));
        assert!(!Deadline(None).passed());
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
