//! Every test of the command line, in one test binary.
//!
//! Each file beside this one is a module here, not a binary of its own: one build and one
//! link instead of five, and the tests of every file run side by side. A test's name starts
//! with its file's: `cargo test -p grundy-cli --test cli -- golden::` runs the golden corpus.
//! A new file of tests is one more module below (by `path`, so that a module it declares itself
//! is found beside it, as when it was a binary of its own). The brute force (`oracle`) and the
//! helpers that run the binary (`support`) are modules of this root, loaded once.

mod oracle;
mod support;

#[path = "closed_forms.rs"]
mod closed_forms;
#[path = "golden.rs"]
mod golden;
#[path = "heap_games.rs"]
mod heap_games;
#[path = "help.rs"]
mod help;
#[path = "long_runs.rs"]
mod long_runs;
#[path = "rows_and_reports.rs"]
mod rows_and_reports;
