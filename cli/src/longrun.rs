//! Long `table` runs: `--threads`, `--checkpoint FILE` (every `--checkpoint-every` seconds, at
//! the end, and when `--time-limit` or `--memory-limit` stops the run), `--resume FILE`, and a
//! progress bar on a terminal.
//!
//! A run that saves checkpoints stops the library's growth from its progress callback when a
//! checkpoint is due, writes the table the library kept ([`Tabulated::checkpoint`], written
//! beside the file and renamed into place, so a stop while writing leaves the last one whole)
//! and grows again from it. The library goes on from the values kept exactly as it would
//! have without the stop, so a checkpointed run prints what an uninterrupted one prints. A
//! run stopped by `--time-limit` writes its checkpoint before the time-limit error, and
//! `--resume` takes it back after the library has checked it (its checksum, its game, its
//! state against its values): a damaged or foreign file is an input error, never a table.
//!
//! A checkpoint that cannot be written while the run goes on (a full disk, a folder put in its
//! place) is said on standard error, `warning: --checkpoint FILE: ...` (a JSON line
//! `{"warning": ..., "kind": "output"}` with `--json`), and the run goes on: the file keeps
//! the last checkpoint written, and the next is tried `--checkpoint-every` seconds later, so a
//! run of days is not ended by a moment without room. If the checkpoint of the finished run
//! cannot be written, the table is printed all the same and the run then ends with that
//! error; if the one of a run stopped by `--time-limit` or a signal cannot, the run ends with
//! that error, and the file keeps the last one written. Each of these lines says so only while
//! a file is there: a folder in its place, or no file at all, keeps no checkpoint, and the
//! line says that instead.
//!
//! A run that saves checkpoints also stops cleanly on Ctrl-C, `SIGTERM` (what a batch
//! scheduler sends before it ends a job) or `SIGHUP` (a closed terminal): the [ctrlc] handler
//! sets a flag that the progress callback reads at its next report; the run writes its
//! checkpoint, says how many values it holds and how to go on, and exits with status 130. A
//! second signal ends the process at once, also with status 130: the file a checkpoint being
//! written was going to is removed, the last one written whole stays, and one line says so
//! (once the run has written its last checkpoint and is saying so, a second signal changes
//! nothing: one line either way). A
//! run without `--checkpoint` has nothing to save, so it keeps the default: the signal ends
//! it.
//!
//! The progress bar ([indicatif]) shows the heaps done of the count, the values a second, the
//! rare positions the sparse-space engine walks for every heap, the largest value and the
//! time to the next checkpoint. It is drawn on standard error only when that is a terminal
//! and the answer is not `--json`, so the output of scripts and tests never holds it.

use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use grundy::prelude::*;
use grundy::sequence::{Checkpoint, Goal, GrundySequence, Status};
use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use crate::args::{RunArgs, TableLimits};
use crate::failure::{Failure, Kind};
use crate::growth::{self, Deadline};

/// Why a long run ended without its table.
#[derive(Debug)]
pub(crate) enum RunError {
    /// The library's error growing the table (the time limit among them).
    Library(grundy::Error),
    /// The time limit or a budget stopped the run, and its checkpoint was written to the file.
    Stopped(grundy::Error, std::path::PathBuf),
    /// A signal stopped the run: its checkpoint of this many values was written to the file.
    Signalled(usize, std::path::PathBuf),
    /// A checkpoint could not be written.
    Checkpoint(Failure),
}

impl RunError {
    /// The failure to report; `what` names the table.
    pub(crate) fn into_failure(self, what: &str, limits: TableLimits) -> Failure {
        match self {
            RunError::Library(err) => growth::failure(what, err, limits),
            RunError::Stopped(err, path) => {
                let mut failure = growth::failure(what, err, limits);
                let path = path.display();
                failure.message.push_str(&format!(
                    "; the values so far are saved in {path}: go on with --resume {path}"
                ));
                failure
            }
            RunError::Signalled(len, path) => {
                let path = path.display();
                Failure::new(
                    Kind::Interrupted,
                    format!(
                        "{what}: stopped by a signal; the {len} values so far are saved in \
                         {path}: go on with --resume {path}"
                    ),
                )
            }
            RunError::Checkpoint(failure) => failure,
        }
    }
}

/// Set by the first Ctrl-C, `SIGTERM` or `SIGHUP` once [`catch_signals`] has run.
static SIGNALLED: AtomicBool = AtomicBool::new(false);

/// Set by whichever reports the end of a run stopped by a signal first: the run, once its
/// last checkpoint is written (or could not be), or a second signal's handler. The other
/// then says nothing, so that the run ends with one line, however close the signals come.
static REPORTED: AtomicBool = AtomicBool::new(false);

/// Claims the report of a run stopped by a signal for the run ([`REPORTED`]); if a second
/// signal's handler has claimed it, it is ending the process: this thread waits for that.
fn claim_report() {
    if REPORTED.swap(true, Ordering::SeqCst) {
        loop {
            std::thread::park();
        }
    }
}

/// Has Ctrl-C, `SIGTERM` and `SIGHUP` set [`SIGNALLED`] instead of ending the process; a
/// second signal ends it at once, with status 130, after removing the file a checkpoint being
/// written to `path` was going to (`path` with `.partial` after it: the file at `path` is
/// the last checkpoint written whole) and saying so on one line (JSON if `json`). If the
/// handler cannot be set (one is already, or the platform refuses), the signals keep their
/// default: the run ends without a last checkpoint, and the one written before stays whole.
fn catch_signals(path: &Path, json: bool) {
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = std::path::PathBuf::from(partial);
    let path = path.display().to_string();
    let _ = ctrlc::set_handler(move || {
        if SIGNALLED.swap(true, Ordering::SeqCst) {
            if REPORTED.swap(true, Ordering::SeqCst) {
                // The run has written its last checkpoint and is saying so: it ends now.
                return;
            }
            // A save under way goes no further than its own file, which is the only thing
            // a name ending `.partial` beside the checkpoint holds (see `writable`).
            let _ = std::fs::remove_file(&partial);
            let saved = std::path::Path::new(&path).is_file();
            let failure = Failure::new(Kind::Interrupted, second_signal(&path, saved));
            let _ =
                std::io::Write::write_all(&mut std::io::stderr(), failure.line(json).as_bytes());
            std::process::exit(i32::from(Kind::Interrupted.status()));
        }
    });
}

/// What a second signal says of the checkpoint at `path`: where to go on from, if one was
/// `saved` whole before it; else that there is none.
fn second_signal(path: &str, saved: bool) -> String {
    if saved {
        format!(
            "stopped at once by a second signal; {path} holds the last checkpoint written \
             whole: go on with --resume {path}"
        )
    } else {
        format!(
            "stopped at once by a second signal, before the first checkpoint was written: \
             there is no {path} to resume from"
        )
    }
}

/// Takes the checkpoint of `--resume`, if given, into the table of `rules`, which is to hold
/// `len` values.
///
/// # Errors
///
/// An input error naming the file: it cannot be read, it is damaged, truncated or edited, it
/// holds another game's table, or more values than the `len` asked for (the table printed is
/// exactly the values asked for, with the period they prove).
pub(crate) fn resume<R: Tabulated>(
    rules: &R,
    what: &str,
    run: &RunArgs,
    len: usize,
) -> Result<(), Failure> {
    let Some(path) = &run.resume else {
        return Ok(());
    };
    let refused =
        |err: String| Failure::input(format!("table {what}: --resume {}: {err}", path.display()));
    let checkpoint = Checkpoint::load(path).map_err(|err| refused(err.to_string()))?;
    if checkpoint.len() > len {
        return Err(refused(format!(
            "it holds {} values, more than the {len} asked for; ask for at least {}",
            checkpoint.len(),
            checkpoint.len()
        )));
    }
    rules
        .resume(&checkpoint)
        .map(|_| ())
        .map_err(|err| refused(err.to_string()))
}

/// Refuses a `RAYON_NUM_THREADS` of more threads than `--threads` allows
/// ([`MAX_THREADS`](crate::args::MAX_THREADS)): the threads of a run given no `--threads`
/// (rayon reads the variable as a number; any other text, and 0, leave its default of one a
/// core).
///
/// # Errors
///
/// An input error naming the variable and its value.
pub(crate) fn threads_from_env() -> Result<(), Failure> {
    let Some(text) = std::env::var_os("RAYON_NUM_THREADS") else {
        return Ok(());
    };
    match text.to_str().and_then(|text| text.parse::<usize>().ok()) {
        Some(n) if n > crate::args::MAX_THREADS => Err(Failure::input(format!(
            "RAYON_NUM_THREADS={n}: more than {} threads; give fewer, or --threads N",
            crate::args::MAX_THREADS
        ))),
        _ => Ok(()),
    }
}

/// Runs `work` on a pool of `threads` threads (the library's workers are the current pool's),
/// or on the default pool when none is asked for.
///
/// # Errors
///
/// An input error if the pool cannot be built (or, built without the `parallel` feature, if
/// more than one thread is asked for).
pub(crate) fn on_threads<T: Send>(
    threads: Option<usize>,
    work: impl FnOnce() -> T + Send,
) -> Result<T, Failure> {
    let Some(threads) = threads else {
        return Ok(work());
    };
    #[cfg(feature = "parallel")]
    {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map(|pool| pool.install(work))
            .map_err(|err| Failure::input(format!("--threads {threads}: {err}")))
    }
    #[cfg(not(feature = "parallel"))]
    {
        if threads == 1 {
            Ok(work())
        } else {
            Err(Failure::input(format!(
                "--threads {threads}: this grundy was built without the parallel feature, so \
                 it computes on one thread"
            )))
        }
    }
}

/// A finished run: its table, and the failure to write its last checkpoint, if it could not
/// be (to be reported once the table is printed).
#[derive(Debug)]
pub(crate) struct Grown {
    pub(crate) table: Arc<GrundySequence>,
    pub(crate) unsaved: Option<Failure>,
}

/// Grows the table of `rules` to `len` values, saving checkpoints as `run` asks, stopping at
/// `deadline`, with a progress bar on a terminal unless `json`. A checkpoint due while the run
/// goes on that cannot be written is a warning on standard error, and the run goes on.
///
/// # Errors
///
/// The library's ([`grundy::Error::Interrupted`] at the deadline, after the checkpoint is
/// written), a checkpoint path that cannot take a file (found before the run starts), or the
/// checkpoint of a run stopped by the deadline or a signal that cannot be written.
pub(crate) fn grow<R: Tabulated>(
    rules: &R,
    len: usize,
    deadline: &Deadline,
    run: &RunArgs,
    json: bool,
) -> Result<Grown, RunError> {
    if let Some(path) = &run.checkpoint {
        writable(path)?;
    }
    grow_checked(rules, len, deadline, run, json)
}

/// [`grow`], once the checkpoint's path is checked.
fn grow_checked<R: Tabulated>(
    rules: &R,
    len: usize,
    deadline: &Deadline,
    run: &RunArgs,
    json: bool,
) -> Result<Grown, RunError> {
    let every = Duration::from_secs(run.checkpoint_every.max(1));
    let mut bar = Bar::new(len, !json && std::io::stderr().is_terminal());
    if let Some(path) = &run.checkpoint {
        catch_signals(path, json);
    }
    loop {
        let next_save = run
            .checkpoint
            .as_ref()
            .and_then(|_| Instant::now().checked_add(every));
        let mut due = false;
        let grown = rules.grow_with_status(Goal::Values(len), |status| {
            bar.show(status, next_save);
            if deadline.passed() || SIGNALLED.load(Ordering::SeqCst) {
                ControlFlow::Break(())
            } else if next_save.is_some_and(|at| Instant::now() >= at) {
                due = true;
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        match grown {
            Ok(table) => {
                bar.finish();
                let unsaved = save(rules, run.checkpoint.as_deref())
                    .err()
                    .map(|mut failure| {
                        failure.message.push_str(&format!(
                            "; the table is printed, but the checkpoint of the finished run is \
                             not saved ({})",
                            run.checkpoint
                                .as_deref()
                                .map_or(LAST_KEPT, |path| kept(path, LAST_KEPT))
                        ));
                        failure
                    });
                crate::watchdog::table_done();
                return Ok(Grown { table, unsaved });
            }
            Err(err) => {
                let (grundy::Error::Interrupted { .. }, Some(path)) = (&err, &run.checkpoint)
                else {
                    bar.finish();
                    return Err(stopped_by_budget(rules, err, run.checkpoint.as_deref()));
                };
                // A checkpoint due, a signal or the time limit: the values so far are saved.
                let stopping = !due || SIGNALLED.load(Ordering::SeqCst);
                let saved = match save(rules, Some(path)) {
                    Ok(saved) => saved,
                    Err(failure) if !stopping => {
                        // The run goes on; the next checkpoint is tried in `every`.
                        let line = failure.warning_line(
                            json,
                            &format!(
                                "; the run goes on, and the next checkpoint is tried in {} s \
                                 ({})",
                                every.as_secs(),
                                kept(path, LAST_KEPT)
                            ),
                        );
                        bar.bar.suspend(|| {
                            let _ =
                                std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
                        });
                        continue;
                    }
                    Err(mut failure) => {
                        bar.finish();
                        let by = if SIGNALLED.load(Ordering::SeqCst) {
                            claim_report();
                            "a signal"
                        } else {
                            "--time-limit"
                        };
                        failure.message.push_str(&format!(
                            "; the run was stopped by {by}, and its values since the last \
                             checkpoint written are not saved ({})",
                            kept(path, "the file keeps that one, if any")
                        ));
                        return Err(RunError::Checkpoint(failure));
                    }
                };
                if SIGNALLED.load(Ordering::SeqCst) {
                    // Also when the signal came while a checkpoint was due or being written:
                    // that one is the last.
                    bar.finish();
                    claim_report();
                    return Err(RunError::Signalled(saved, path.clone()));
                }
                if !due {
                    // The time limit: the values so far are left behind for --resume.
                    bar.finish();
                    return Err(RunError::Stopped(err, path.clone()));
                }
            }
        }
    }
}

/// What [`kept`] says of a checkpoint's file that is still a file.
const LAST_KEPT: &str = "the file keeps the last one written, if any";

/// What is left at `path` after a checkpoint could not be written there, for the message
/// that says so: `if_file` while it is a file (a failed save leaves the last one whole), else
/// that no checkpoint is kept there (a folder in its place, or no file at all).
fn kept(path: &Path, if_file: &'static str) -> &'static str {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => if_file,
        Ok(_) => "no checkpoint is kept there: it is not a file",
        Err(_) => "no checkpoint is kept there: there is no file",
    }
}

/// The error of a run that the library stopped with `err`: when a budget or the allocator
/// stopped it ([`grundy::Error::MemoryLimit`], [`grundy::Error::OutOfMemory`]) the values
/// computed before are kept, and with a `path` they are saved there for `--resume` (with a
/// higher `--memory-limit`) as a time limit's are. If they cannot be saved, the last
/// checkpoint is left whole and the library's error is the one reported.
fn stopped_by_budget<R: Tabulated>(rules: &R, err: grundy::Error, path: Option<&Path>) -> RunError {
    let budget = matches!(
        err,
        grundy::Error::MemoryLimit { .. } | grundy::Error::OutOfMemory { .. }
    );
    match path {
        Some(path) if budget && save(rules, Some(path)).is_ok() => {
            RunError::Stopped(err, path.to_path_buf())
        }
        _ => RunError::Library(err),
    }
}

/// Checks, before a run starts, that its checkpoint can be written where it is to go (its
/// folder exists and takes a file, and `path` is not a folder, a device, a pipe or a socket),
/// so that a wrong `--checkpoint` is said at once rather than at the first save, minutes or
/// days in: the file it is first written to, beside `path`, is made empty and removed (and
/// refused, kept as it is, if it holds anything but an unfinished checkpoint).
fn writable(path: &Path) -> Result<(), RunError> {
    if path.is_dir() {
        // The save's rename onto a folder fails: found now, not at the first save.
        return Err(RunError::Checkpoint(Failure::new(
            Kind::Output,
            format!(
                "--checkpoint {}: is a folder, not a file (checked before the run starts)",
                path.display()
            ),
        )));
    }
    let special = std::fs::symlink_metadata(path)
        .is_ok_and(|meta| !(meta.file_type().is_file() || meta.file_type().is_symlink()));
    if special {
        // The save's rename would replace it (`/dev/null`, for root): refused by the library
        // at the first save, so found now.
        return Err(RunError::Checkpoint(Failure::new(
            Kind::Output,
            format!(
                "--checkpoint {}: is not a regular file (a device, a pipe or a socket), which \
                 the checkpoint would replace (checked before the run starts)",
                path.display()
            ),
        )));
    }
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = Path::new(&partial);
    if !is_ours(partial) {
        // Each save writes there first and renames it: a file of the user's own, not a
        // save a stopped run left unfinished, would be lost.
        return Err(RunError::Checkpoint(Failure::new(
            Kind::Output,
            format!(
                "--checkpoint {}: {} exists and is not a checkpoint; each checkpoint is \
                 written there first, so move it away or choose another FILE (checked \
                 before the run starts)",
                path.display(),
                partial.display()
            ),
        )));
    }
    std::fs::write(partial, b"")
        .and_then(|()| std::fs::remove_file(partial))
        .map_err(|err| {
            RunError::Checkpoint(Failure::new(
                Kind::Output,
                format!(
                    "--checkpoint {}: cannot write {}: {err} (checked before the run starts)",
                    path.display(),
                    partial.display()
                ),
            ))
        })
}

/// Whether the file at `partial` is absent, or one a save leaves there: empty, or begun as a
/// checkpoint is (a save a stopped run did not finish).
fn is_ours(partial: &Path) -> bool {
    use std::io::Read;
    let Ok(meta) = std::fs::symlink_metadata(partial) else {
        return true;
    };
    if !meta.is_file() {
        return false;
    }
    let mut start = Vec::new();
    let read = std::fs::File::open(partial).and_then(|file| {
        file.take(CHECKPOINT_MAGIC.len() as u64)
            .read_to_end(&mut start)
    });
    read.is_ok() && (start.is_empty() || CHECKPOINT_MAGIC.starts_with(&start))
}

/// The first bytes of every checkpoint file (see [`Checkpoint`]'s format).
const CHECKPOINT_MAGIC: &[u8] = b"GRUNDYCK";

/// Writes the checkpoint of `rules` to `path`, if one is given; the number of values it
/// holds.
fn save<R: Tabulated>(rules: &R, path: Option<&Path>) -> Result<usize, Failure> {
    let Some(path) = path else {
        return Ok(0);
    };
    rules
        .checkpoint()
        .and_then(|checkpoint| checkpoint.save(path).map(|()| checkpoint.len()))
        .map_err(|err| {
            Failure::new(
                Kind::Output,
                format!("--checkpoint {}: {err}", path.display()),
            )
        })
}

/// The progress bar of a run: drawn on standard error, or hidden.
///
/// A shown bar waits [`Bar::DELAY`] before it is first drawn, so that a run over in less (or
/// stopped at once by `--time-limit 0`) leaves the terminal as it found it. It takes two
/// lines: the bar, which takes the width the terminal leaves it, with the heaps done and the
/// count (within 80 columns for any count below 10^15), and the numbers (within 80 columns
/// for a rate below 10^9 heaps a second, 10^6 rare positions, a largest value below 10^9 and
/// a checkpoint due within 10^9 s).
#[derive(Debug)]
struct Bar {
    bar: ProgressBar,
    /// Where the bar is to be drawn once `delay` has passed since `start`, until it is.
    target: Option<ProgressDrawTarget>,
    delay: Duration,
    start: Instant,
}

impl Bar {
    /// How long a run goes before its bar is first drawn.
    const DELAY: Duration = Duration::from_secs(1);

    /// A bar to `len` heaps, drawn on standard error (after [`Bar::DELAY`]) if `shown`.
    fn new(len: usize, shown: bool) -> Bar {
        let target = shown.then(|| ProgressDrawTarget::stderr_with_hz(4));
        Bar::drawn_to(len, target, Self::DELAY)
    }

    /// A bar to `len` heaps, drawn to `target` (if any) once `delay` has passed.
    fn drawn_to(len: usize, target: Option<ProgressDrawTarget>, delay: Duration) -> Bar {
        let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::hidden());
        if let Ok(style) = ProgressStyle::with_template(
            "{elapsed_precise} [{wide_bar}] {human_pos}/{human_len}\n{rate}{msg}",
        ) {
            // The rate in whole heaps a second (indicatif's own shows four decimals).
            let rate = |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                let per_sec = state.per_sec();
                let whole = if per_sec.is_finite() {
                    per_sec as u64
                } else {
                    0
                };
                let _ = write!(out, "{} heaps/s", HumanCount(whole));
            };
            bar.set_style(style.progress_chars("=> ").with_key("rate", rate));
        }
        Bar {
            bar,
            target,
            delay,
            start: Instant::now(),
        }
    }

    /// Shows `status`: the heaps done (the bar reckons their rate), the rare positions, the
    /// largest value and the time to `next_save`.
    fn show(&mut self, status: &Status, next_save: Option<Instant>) {
        if self.target.is_some() && self.start.elapsed() >= self.delay {
            if let Some(target) = self.target.take() {
                self.bar.set_draw_target(target);
            }
        }
        if self.bar.is_hidden() {
            return;
        }
        let left = next_save.map(|at| at.saturating_duration_since(Instant::now()).as_secs());
        self.draw(
            status.done(),
            message(status.rare(), status.largest(), left),
        );
    }

    /// Draws `done` heaps and the `message` after the rate.
    fn draw(&self, done: usize, message: String) {
        self.bar.set_position(done as u64);
        self.bar.set_message(message);
    }

    /// Clears the bar from the terminal.
    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// The numbers after the rate on the bar's second line, those that are known, each after a
/// comma: the rare positions, the largest value and the seconds `left` to the next checkpoint.
fn message(rare: Option<usize>, largest: Option<u32>, left: Option<u64>) -> String {
    let mut message = String::new();
    if let Some(rare) = rare {
        message += &format!(", {} rare", HumanCount(rare as u64));
    }
    if let Some(largest) = largest {
        message += &format!(", largest *{largest}");
    }
    if let Some(left) = left {
        message += &format!(", checkpoint in {left} s");
    }
    message
}

#[cfg(test)]
mod tests {
    use std::io;
    use std::sync::{Arc, Mutex};

    use indicatif::TermLike;

    use super::*;

    /// A second signal that comes before the first checkpoint was written does not send the
    /// user to resume from a file that is not there.
    #[test]
    fn a_second_signal_names_a_checkpoint_only_when_there_is_one() {
        let saved = second_signal("run.ck", true);
        assert!(
            saved.ends_with(
                "run.ck holds the last checkpoint written whole: go on with --resume run.ck"
            ),
            "{saved}"
        );
        let none = second_signal("run.ck", false);
        assert!(
            none.ends_with("there is no run.ck to resume from"),
            "{none}"
        );
        assert!(!none.contains("--resume"), "{none}");
    }

    /// A terminal of 80 columns that keeps what is written on it, line by line.
    #[derive(Debug, Clone, Default)]
    struct Screen {
        lines: Arc<Mutex<Vec<String>>>,
    }

    impl Screen {
        fn lines(&self) -> Vec<String> {
            self.lines.lock().map(|l| l.clone()).unwrap_or_default()
        }

        fn push(&self, s: &str) {
            if let Ok(mut lines) = self.lines.lock() {
                lines.extend(s.split('\n').map(str::to_owned));
            }
        }
    }

    impl TermLike for Screen {
        fn width(&self) -> u16 {
            80
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> io::Result<()> {
            self.push(s);
            Ok(())
        }
        fn write_str(&self, s: &str) -> io::Result<()> {
            self.push(s);
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    fn bar_on(screen: &Screen, len: usize, delay: Duration) -> Bar {
        let target = ProgressDrawTarget::term_like_with_hz(Box::new(screen.clone()), 20);
        Bar::drawn_to(len, Some(target), delay)
    }

    #[test]
    fn the_numbers_are_those_known_each_after_a_comma() {
        assert_eq!(message(None, None, None), "");
        assert_eq!(message(None, Some(7), None), ", largest *7");
        assert_eq!(
            message(Some(1583), Some(319), Some(597)),
            ", 1,583 rare, largest *319, checkpoint in 597 s"
        );
    }

    #[test]
    fn a_bar_is_not_drawn_before_its_delay() {
        let screen = Screen::default();
        let bar = bar_on(&screen, 1000, Duration::MAX);
        // `show` needs a library status; what it draws is `draw`'s, and before the delay
        // it draws nothing: the target is still held back.
        assert!(bar.target.is_some() && bar.bar.is_hidden());
        bar.draw(500, message(Some(3), Some(4), None));
        bar.finish();
        assert!(screen.lines().iter().all(|l| l.trim().is_empty()));
    }

    #[test]
    fn both_lines_of_a_bar_fit_80_columns() {
        let screen = Screen::default();
        let len = 999_999_999_999_999;
        let mut bar = bar_on(&screen, len, Duration::ZERO);
        // What `show` does first, with no status to give it: the delay of zero is over.
        if let Some(target) = bar.target.take() {
            bar.bar.set_draw_target(target);
        }
        let numbers = message(Some(999_999), Some(999_999_999), Some(999_999_999));
        bar.draw(len - 1, numbers.clone());
        bar.bar.tick();
        let lines = screen.lines();
        let top = lines
            .iter()
            .find(|l| l.contains("999,999,999,999,998/999,999,999,999,999"))
            .expect("the bar's line is drawn");
        assert!(top.chars().count() <= 80, "{top:?}");
        let second = lines
            .iter()
            .find(|l| l.ends_with(&numbers))
            .expect("the numbers' line is drawn");
        // The rate is the machine's: the line fits with any rate below 10^9 heaps a second.
        let rate = second.len() - numbers.len();
        assert!(
            second.starts_with(|c: char| c.is_ascii_digit()),
            "{second:?}"
        );
        assert!("999,999,999 heaps/s".len() + second.len() - rate <= 80);
    }

    /// What a failed save leaves says what stands at the path: a file keeps the last one
    /// written; a folder or nothing keeps none.
    #[test]
    fn a_failed_save_says_whether_a_file_keeps_the_last_checkpoint() {
        let dir = std::env::temp_dir().join(format!("grundy-kept-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        let file = dir.join("run.ck");
        assert_eq!(
            kept(&file, LAST_KEPT),
            "no checkpoint is kept there: there is no file"
        );
        std::fs::write(&file, b"an earlier checkpoint").expect("written");
        assert_eq!(kept(&file, LAST_KEPT), LAST_KEPT);
        assert_eq!(
            kept(&dir, LAST_KEPT),
            "no checkpoint is kept there: it is not a file"
        );
        std::fs::remove_dir_all(&dir).expect("removed");
    }

    /// A finished run whose checkpoint cannot be written (a folder took its place after the
    /// run began) still gives its table, the values of a run without a checkpoint, with the
    /// failure to report after it; a run stopped by its deadline whose checkpoint cannot be
    /// written ends with that failure.
    #[test]
    fn a_finished_run_keeps_its_table_when_its_checkpoint_cannot_be_written() {
        let dir = std::env::temp_dir().join(format!("grundy-unsaved-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        let run = RunArgs {
            checkpoint: Some(dir.clone()),
            checkpoint_every: 3600,
            ..RunArgs::default()
        };
        let kayles = || "0.77".parse::<grundy::games::Octal>().expect("a code");
        let plain = RunArgs::default();
        let expected = grow(&kayles(), 500, &Deadline::after(3600), &plain, true)
            .expect("a table")
            .table;
        let grown = grow_checked(&kayles(), 500, &Deadline::after(3600), &run, true)
            .expect("the table, though its checkpoint is not saved");
        assert_eq!(grown.table.values(), expected.values());
        let unsaved = grown.unsaved.expect("the checkpoint's failure");
        assert_eq!(unsaved.kind, Kind::Output);
        assert!(
            unsaved
                .message
                .starts_with(&format!("--checkpoint {}: ", dir.display()))
                && unsaved.message.ends_with(
                    "; the table is printed, but the checkpoint of the finished run is not \
                     saved (no checkpoint is kept there: it is not a file)"
                ),
            "{}",
            unsaved.message
        );
        // Nothing is left beside the folder.
        let mut partial = dir.as_os_str().to_owned();
        partial.push(".partial");
        assert!(!Path::new(&partial).exists());
        // Stopped by its deadline (passed before the first step), the run has nothing else.
        let stopped = grow_checked(&kayles(), 500, &Deadline::after(0), &run, true);
        assert!(
            matches!(&stopped, Err(RunError::Checkpoint(f)) if f.kind == Kind::Output
            && f.message.ends_with(
                "; the run was stopped by --time-limit, and its values since the last \
                 checkpoint written are not saved (no checkpoint is kept there: it is not a file)"
            )),
            "{stopped:?}"
        );
        std::fs::remove_dir_all(&dir).expect("removed");
    }
}
