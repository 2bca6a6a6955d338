//! The `--time-limit` of a whole answer: a thread that ends the process with the time-limit
//! error once the limit has passed, unless the answer was finished first.
//!
//! The library stops growing a table at the deadline by itself ([`growth`]).
//! What comes after the table is not stopped there: listing the winning moves of one heap can
//! take far longer than the table (a code with a repeated digit has about `n²` options for a
//! heap of `n`, and `n³` with a three-heap digit, and a heap with few winning moves scans them
//! all before it can say so). So every command with a `--time-limit` runs under a watchdog:
//! at the limit, if no answer was finished, it prints the `error:` line and exits with
//! status 2, holding the lock that the main thread takes before it prints, so that an answer
//! is printed whole or not at all.
//!
//! The error names the step that was too costly: the table (the same line the library's own
//! stop gives, so the output does not depend on which of the two comes first) or the moves.
//! A limit of 0 has passed before anything starts: the library's stop gives the error, and no
//! watchdog runs, so the answer is the same on every machine (the tests use it: no test
//! waits for a clock).

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::failure::{Failure, Kind};
use crate::growth;

/// The step of the answer under way, which the error names: one of [`Step`]'s values.
static STEP: AtomicU8 = AtomicU8::new(Step::Table as u8);

/// What the time limit is being spent on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Step {
    /// The table of Grundy values (the start of every heap game).
    Table = 0,
    /// The winning moves, once the table is complete.
    Moves = 1,
    /// A misère row: its game's misère quotient, or a search of the row.
    Misere = 2,
    /// A misère quotient (`grundy quotient`).
    Quotient = 3,
    /// The misère genus of heaps (`grundy genus`): their simplest forms and sums.
    Genus = 4,
    /// Wythoff's Grundy table (`grundy wythoff`), within its `--table-limit`.
    Wythoff = 5,
    /// The audit of a finished table (`grundy table --audit`).
    Audit = 6,
}

/// Records what the time limit is spent on from now on.
pub(crate) fn step(step: Step) {
    STEP.store(step as u8, Ordering::SeqCst);
}

/// Records that the time limit is spent on `step` from now on, for a step that comes first
/// (there is no table before it). A limit of 0 `seconds` has passed before it starts, and no
/// watchdog runs then: the time-limit failure, the same line a watchdog would print.
///
/// # Errors
///
/// The time-limit failure for a limit of 0.
pub(crate) fn begin(step_now: Step, seconds: u64) -> Result<(), Failure> {
    step(step_now);
    if seconds == 0 {
        return Err(Failure::new(Kind::TimeLimit, expired(0, step_now)));
    }
    Ok(())
}

/// Records that the table is complete: from now on, the time limit is spent on the moves.
pub(crate) fn table_done() {
    step(Step::Moves);
}

/// A running watchdog; [`Watchdog::finish`] stands it down.
#[derive(Debug)]
pub(crate) struct Watchdog {
    /// Whether the answer is finished: set by the main thread, read by the watchdog, each
    /// under the lock.
    finished: Arc<Mutex<bool>>,
}

impl Watchdog {
    /// Starts a watchdog that ends the process `seconds` from now, unless
    /// [`finish`](Watchdog::finish) is called first; its error line is JSON if `json`.
    ///
    /// A limit of 0 starts none: the table's deadline has passed before the table starts,
    /// so the library's own stop gives the time-limit error, always the same one, with no
    /// race between the two.
    pub(crate) fn start(seconds: u64, json: bool) -> Watchdog {
        let watchdog = Watchdog {
            finished: Arc::new(Mutex::new(false)),
        };
        if seconds == 0 {
            return watchdog;
        }
        let flag = Arc::clone(&watchdog.finished);
        // A failure to start the thread leaves the answer without its backstop but still
        // bounded by the library's stop of the table; it is not worth failing the answer for.
        let _ = std::thread::Builder::new()
            .name("time-limit".to_owned())
            .spawn(move || {
                std::thread::sleep(Duration::from_secs(seconds));
                let finished = flag.lock().unwrap_or_else(PoisonError::into_inner);
                if let Some(line) = expired_line(*finished, seconds, json) {
                    eprint!("{line}");
                    // Exits holding the lock: the main thread prints nothing after this.
                    std::process::exit(i32::from(Kind::TimeLimit.status()));
                }
            });
        watchdog
    }

    /// Stands the watchdog down: the answer is complete and may be printed. Returns only if
    /// the watchdog has not ended the process.
    pub(crate) fn finish(&self) {
        *self.finished.lock().unwrap_or_else(PoisonError::into_inner) = true;
    }
}

/// The line the watchdog prints when the limit of `seconds` has passed, if the answer is not
/// `finished`.
fn expired_line(finished: bool, seconds: u64, json: bool) -> Option<String> {
    let step = match STEP.load(Ordering::SeqCst) {
        1 => Step::Moves,
        2 => Step::Misere,
        3 => Step::Quotient,
        4 => Step::Genus,
        5 => Step::Wythoff,
        6 => Step::Audit,
        _ => Step::Table,
    };
    (!finished).then(|| Failure::new(Kind::TimeLimit, expired(seconds, step)).line(json))
}

/// The error line of an expired time limit of `seconds`, naming the step under way.
pub(crate) fn expired(seconds: u64, step: Step) -> String {
    let within = format!("no answer within the time limit of {seconds} s");
    // A limit of 0 gives up before the step starts, at any size: the hints below (a smaller
    // position, `--outcome`, a lower `--table-limit`, fewer heaps) would not help then. The
    // audit keeps its own line: `--audit 0` does answer with a limit of 0 on a resumed table.
    if seconds == 0 {
        let before = match step {
            Step::Table | Step::Audit => None,
            Step::Moves => Some("listing or counting the winning moves"),
            Step::Misere => Some("searching this misère row"),
            Step::Quotient => Some("computing the misère quotient"),
            Step::Genus => Some("computing the misère forms of these heaps"),
            Step::Wythoff => Some("computing the Grundy table of this Wythoff board"),
        };
        if let Some(before) = before {
            return format!("{within}: --time-limit 0 gives up before {before} (raise it)");
        }
    }
    match step {
        Step::Table => growth::time_limit_message(seconds),
        Step::Moves => format!(
            "{within}: listing or counting the winning moves of this position is too costly \
             (raise --time-limit, ask for a smaller position, or ask --outcome)"
        ),
        Step::Misere => format!(
            "{within}: no misère quotient of the game covers this row, and its search is too \
             costly (raise --time-limit, or ask for a smaller row)"
        ),
        Step::Quotient => format!(
            "{within}: the misère quotient is too costly (raise --time-limit, or lower --budget \
             to be told sooner)"
        ),
        Step::Wythoff => format!(
            "{within}: the Grundy table of this Wythoff board is too costly (raise --time-limit, \
             or lower --table-limit to have the outcome and the moves without the value)"
        ),
        Step::Audit => format!(
            "{within}: the table is done, but checking its heaps against every move (--audit) \
             is too costly (raise --time-limit, or audit fewer heaps)"
        ),
        Step::Genus => format!(
            "{within}: the misère forms of these heaps are too costly (raise --time-limit, or \
             ask for fewer heaps: each heap's forms and sums cost more than the last's)"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_the_step_that_ran_out_of_time() {
        assert!(expired(3, Step::Table).contains("the table of values is too costly"));
        assert!(expired(3, Step::Moves).contains("listing or counting the winning moves"));
        assert!(expired(3, Step::Moves).starts_with("no answer within the time limit of 3 s"));
        assert!(expired(3, Step::Misere).contains("its search is too costly"));
        assert!(expired(3, Step::Quotient).contains("the misère quotient is too costly"));
        let genus = expired(3, Step::Genus);
        assert!(genus.contains("the misère forms of these heaps are too costly"));
        assert!(genus.contains("ask for fewer heaps") && !genus.contains("--table-limit"));
        assert!(expired(3, Step::Wythoff).contains("the Grundy table of this Wythoff board"));
        assert!(expired(3, Step::Audit).contains("audit fewer heaps"));
    }

    #[test]
    fn a_limit_of_0_gives_no_hint_that_cannot_help() {
        for step in [
            Step::Moves,
            Step::Misere,
            Step::Quotient,
            Step::Genus,
            Step::Wythoff,
        ] {
            let line = expired(0, step);
            assert!(line.contains("--time-limit 0 gives up before"), "{line}");
            assert!(
                !line.contains("--outcome") && !line.contains("--table-limit"),
                "{line}"
            );
            assert!(
                !line.contains("fewer") && !line.contains("smaller"),
                "{line}"
            );
        }
        assert_eq!(expired(0, Step::Table), growth::time_limit_message(0));
        assert!(expired(0, Step::Audit).contains("audit fewer heaps"));
    }

    #[test]
    fn a_finished_answer_stands_the_watchdog_down() {
        // No thread, no clock: what the watchdog does when its limit has passed.
        let watchdog = Watchdog::start(0, false);
        let line = expired_line(*watchdog.finished.lock().unwrap(), 3, true);
        assert!(
            line.is_some_and(|line| line.starts_with("{\"error\":\"no answer within")
                && line.ends_with("\"kind\":\"time-limit\"}\n"))
        );
        watchdog.finish();
        assert_eq!(
            expired_line(*watchdog.finished.lock().unwrap(), 3, true),
            None
        );
    }
}
