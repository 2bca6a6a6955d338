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

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::growth;

/// Whether the table of the heap game being answered is complete, so that what runs past the
/// limit is the listing of its moves.
static TABLE_DONE: AtomicBool = AtomicBool::new(false);

/// Records that the table is complete: from now on, the time limit is spent on the moves.
pub(crate) fn table_done() {
    TABLE_DONE.store(true, Ordering::SeqCst);
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
    /// [`finish`](Watchdog::finish) is called first.
    pub(crate) fn start(seconds: u64) -> Watchdog {
        let finished = Arc::new(Mutex::new(false));
        let flag = Arc::clone(&finished);
        // A failure to start the thread leaves the answer without its backstop but still
        // bounded by the library's stop of the table; it is not worth failing the answer for.
        let _ = std::thread::Builder::new()
            .name("time-limit".to_owned())
            .spawn(move || {
                std::thread::sleep(Duration::from_secs(seconds));
                let finished = flag.lock().unwrap_or_else(PoisonError::into_inner);
                if !*finished {
                    let message = expired(seconds, TABLE_DONE.load(Ordering::SeqCst));
                    eprintln!("error: {message}");
                    // Exits holding the lock: the main thread prints nothing after this.
                    std::process::exit(2);
                }
            });
        Watchdog { finished }
    }

    /// Stands the watchdog down: the answer is complete and may be printed. Returns only if
    /// the watchdog has not ended the process.
    pub(crate) fn finish(&self) {
        *self.finished.lock().unwrap_or_else(PoisonError::into_inner) = true;
    }
}

/// The error line of an expired time limit of `seconds`: the table's line while the table
/// was growing, the moves' line after.
fn expired(seconds: u64, table_done: bool) -> String {
    if table_done {
        format!(
            "no answer within the time limit of {seconds} s: listing the winning moves of this \
             position is too costly (raise --time-limit, or ask for a smaller heap)"
        )
    } else {
        growth::time_limit_message(seconds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_the_step_that_ran_out_of_time() {
        assert!(expired(3, false).contains("the table of values is too costly"));
        assert!(expired(3, true).contains("listing the winning moves"));
        assert!(expired(3, true).starts_with("no answer within the time limit of 3 s"));
    }

    #[test]
    fn a_finished_answer_stands_the_watchdog_down() {
        let watchdog = Watchdog::start(1);
        watchdog.finish();
        // Past the limit the process is still here: the watchdog saw the answer finished.
        std::thread::sleep(Duration::from_millis(1100));
        assert!(
            *watchdog
                .finished
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
        );
    }
}
