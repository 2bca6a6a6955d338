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
use grundy::sequence::{Goal, GrundySequence, MAX_TABLE_LIMIT};

use crate::args::TableLimits;
use crate::failure::{Failure, Kind};

/// The moment the time limit runs out, or none if it lies beyond what the clock can hold. A
/// limit of 0 seconds has run out before the table starts: the library's first call to the
/// progress callback, before it computes anything, stops it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Deadline(Option<Instant>);

impl Deadline {
    /// `seconds` from now.
    pub(crate) fn after(seconds: u64) -> Self {
        Deadline(Instant::now().checked_add(Duration::from_secs(seconds)))
    }

    /// Whether the time is up.
    pub(crate) fn passed(self) -> bool {
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
    let grown = rules.grow(goal, |_| {
        if deadline.passed() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if grown.is_ok() {
        crate::watchdog::table_done();
    }
    grown
}

/// The error line of a table that outlasted `--time-limit` (`seconds`).
pub(crate) fn time_limit_message(seconds: u64) -> String {
    if seconds == 0 {
        return "no answer within the time limit of 0 s: --time-limit 0 gives up before \
                computing anything (raise it)"
            .to_owned();
    }
    format!(
        "no answer within the time limit of {seconds} s: the table of values is too costly for \
         this game (raise --time-limit, or lower --table-limit to be told sooner)"
    )
}

/// The failure for a table that could not be grown: its kind, and its line from
/// [`message`].
pub(crate) fn failure(what: &str, err: grundy::Error, limits: TableLimits) -> Failure {
    let kind = match err {
        grundy::Error::Interrupted { .. } => Kind::TimeLimit,
        grundy::Error::HeapOutOfRange { .. }
        | grundy::Error::TableLimit { .. }
        | grundy::Error::MemoryLimit { .. }
        | grundy::Error::OutOfMemory { .. } => Kind::Limit,
        _ => Kind::Input,
    };
    Failure::new(kind, message(what, err, limits))
}

/// The error line for a table that could not be grown: `what` names the position, and
/// `limits` are the command's `--table-limit`, `--memory-limit` and `--time-limit`.
pub(crate) fn message(what: &str, err: grundy::Error, limits: TableLimits) -> String {
    match err {
        grundy::Error::Interrupted { .. } => time_limit_message(limits.time_limit),
        grundy::Error::HeapOutOfRange { heap, computed } if computed < limits.table_limit => {
            // Refused before computing the budget's table: these rules have no theorem to
            // prove a period by, so only a table holding the heap answers it.
            format!(
                "{what}: heap {heap} is past the --table-limit of {} values, and no theorem \
                 proves a period of this game to answer it through; {}",
                limits.table_limit,
                raise_to_hold(heap)
            )
        }
        // More values may prove a period, which answers every heap.
        grundy::Error::HeapOutOfRange { heap, computed } if computed < MAX_TABLE_LIMIT => {
            format!(
                "{what}: heap {heap} is beyond the {computed} values computed (the \
                 --table-limit), and they prove no period to answer it through; raise \
                 --table-limit"
            )
        }
        grundy::Error::HeapOutOfRange { heap, computed } => format!(
            "{what}: heap {heap} is beyond the {computed} values computed, and they prove no \
             period to answer it through; no table can hold more ({MAX_TABLE_LIMIT} values is \
             the most memory can address)"
        ),
        grundy::Error::MemoryLimit { limit } => format!(
            "{what}: the working tables of this game need more than the --memory-limit of {} \
             MiB (they grow faster than the values); raise it",
            limit >> 20
        ),
        err => format!("{what}: {err}"),
    }
}

/// What to do about a heap past the table: raise `--table-limit` past it, if any table can
/// hold `heap + 1` values ([`MAX_TABLE_LIMIT`], the most memory can address); otherwise only
/// a proven period could answer it, and there is no setting to name.
fn raise_to_hold(heap: u128) -> String {
    if heap < MAX_TABLE_LIMIT as u128 {
        "raise --table-limit".to_owned()
    } else {
        format!(
            "no --table-limit can hold it ({MAX_TABLE_LIMIT} values is the most memory can \
             address), so only a proven period could answer it"
        )
    }
}

/// The length of the table that answers heap `n` of Grundy's game: `n + 1` values. No period
/// of Grundy's game is known, so no table answers a heap beyond itself. `what` names the
/// position in errors.
///
/// # Errors
///
/// A heap at or past `limit`.
pub(crate) fn heap_table_len(what: &str, n: u128, limit: usize) -> Result<usize, Failure> {
    let unknown = "no period of Grundy's game is known to answer it through (whether it has one \
                   is an open problem)";
    match usize::try_from(n) {
        Ok(n) if n < limit && n < MAX_TABLE_LIMIT => Ok(n + 1),
        _ if n < limit as u128 => Err(Failure::limit(format!(
            "{what}: heap {n} is past what any table can hold ({MAX_TABLE_LIMIT} values is the \
             most memory can address), and {unknown}"
        ))),
        _ => Err(Failure::limit(format!(
            "{what}: heap {n} is at or past the --table-limit of {limit} values, and {unknown}; \
             {}",
            raise_to_hold(n)
        ))),
    }
}

/// The length of a table of `count` values, as `grundy table` asks. `what` names the table
/// in errors.
///
/// # Errors
///
/// More than `limit` values.
pub(crate) fn table_len(what: &str, count: u128, limit: usize) -> Result<usize, Failure> {
    match usize::try_from(count) {
        Ok(len) if len <= limit => Ok(len),
        Ok(len) if len <= MAX_TABLE_LIMIT => Err(Failure::limit(format!(
            "table {what}: {count} values are more than the --table-limit of {limit}; raise it \
             (--table-limit {count})"
        ))),
        _ => Err(Failure::limit(format!(
            "table {what}: {count} values are more than any table can hold ({MAX_TABLE_LIMIT} \
             values is the most memory can address)"
        ))),
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
            .map_err(|err| {
                let limits = TableLimits {
                    table_limit: limit,
                    memory_limit: grundy::sequence::DEFAULT_MEMORY_LIMIT,
                    time_limit: 20,
                };
                message("what", err, limits)
            })
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
            grown(&[7, 20000], 40000, 30000),
            Err(
                "what: heap 40000 is beyond the 30000 values computed (the --table-limit), and \
                 they prove no period to answer it through; raise --table-limit"
                    .to_owned()
            )
        );
        assert!(grown(&[1], 5, 0).is_err_and(|err| err.contains("beyond the 0 values computed")));
        // Past usize::MAX no table holds the heap, but more values may prove a period.
        assert!(grown(&[7, 20000], u128::MAX, 30000).is_err_and(|err| {
            err.ends_with("no period to answer it through; raise --table-limit")
        }));
    }

    #[test]
    fn rules_with_no_theorem_are_refused_at_once() {
        // A repeated digit: no theorem proves a period, so no table is computed for a heap
        // past the limit, and the line says why rather than "0 values computed".
        let rules = "0.[3]".parse::<Octal>().expect("a code");
        let limits = TableLimits {
            table_limit: 4096,
            memory_limit: grundy::sequence::DEFAULT_MEMORY_LIMIT,
            time_limit: 20,
        };
        let err = grow(
            &rules.clone().with_table_limit(4096),
            Goal::Heap(5000),
            &Deadline::after(20),
        )
        .expect_err("past the limit");
        assert_eq!(
            message("octal 0.[3] 5000", err, limits),
            "octal 0.[3] 5000: heap 5000 is past the --table-limit of 4096 values, and no \
             theorem proves a period of this game to answer it through; raise --table-limit"
        );
        // ... and past what memory can address no limit holds it: the line does not say to
        // raise one, and Lasker's Nim at 10^18 is such a heap.
        for heap in [u128::MAX, 10u128.pow(18), MAX_TABLE_LIMIT as u128] {
            let lasker = "4.[3]".parse::<Octal>().expect("a code");
            let err = grow(&lasker, Goal::Heap(heap), &Deadline::after(20)).expect_err("past");
            let line = message("what", err, limits);
            assert!(
                line.ends_with(&format!(
                    "no --table-limit can hold it ({MAX_TABLE_LIMIT} values is the most memory \
                     can address), so only a proven period could answer it"
                )),
                "{line}"
            );
        }
    }

    #[test]
    fn a_deadline_stops_the_growth() {
        // A deadline already passed stops the first round: the limit of 0 seconds.
        let past = Deadline::after(0);
        let kayles = Octal::kayles();
        let err = grow(&kayles, Goal::Values(1000), &past).expect_err("stopped");
        assert_eq!(err, grundy::Error::Interrupted { computed: 0 });
        let limits = TableLimits {
            table_limit: 1000,
            memory_limit: grundy::sequence::DEFAULT_MEMORY_LIMIT,
            time_limit: 1,
        };
        assert_eq!(
            message("octal 0.77 5", err, limits),
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
        let line = |result: Result<usize, Failure>| result.map_err(|failure| failure.message);
        assert!(line(heap_table_len("g", 100, 100)).is_err_and(|err| err.contains("at or past")));
        assert!(
            line(heap_table_len("g", 100, 100))
                .is_err_and(|err| err.ends_with("raise --table-limit"))
        );
        for heap in [u128::MAX, 10u128.pow(18)] {
            assert!(
                line(heap_table_len("g", heap, 1000))
                    .is_err_and(|err| err.contains("no --table-limit can hold it"))
            );
        }
        assert!(
            line(heap_table_len("g", 10u128.pow(18), usize::MAX))
                .is_err_and(|err| err.contains("past what any table can hold"))
        );
        for count in [u128::MAX, 10u128.pow(18)] {
            assert!(
                line(table_len("t", count, 1000))
                    .is_err_and(|err| err.contains("more than any table can hold"))
            );
        }
        assert_eq!(table_len("t", 100, 100), Ok(100));
        assert_eq!(table_len("t", 0, 0), Ok(0));
        assert_eq!(
            line(table_len("octal 0.77 101", 101, 100)),
            Err(
                "table octal 0.77 101: 101 values are more than the --table-limit of 100; raise it \
                 (--table-limit 101)"
                    .to_owned()
            )
        );
    }
}
