//! How many cases the heaviest property tests run.
//!
//! The README's `cargo test --workspace` is the quick run, in a debug build: the heaviest
//! properties run a quarter of their cases there. `.ci/run` runs the tests again with
//! `GRUNDY_FULL_TESTS=1`, which restores every case, so nothing they check is dropped. The
//! command line's tests read this file too (`cli/tests/support/scale.rs` is a link to it).

/// `full` cases with `GRUNDY_FULL_TESTS` set, else a quarter of them (at least one).
pub fn cases(full: u64) -> u64 {
    if std::env::var_os("GRUNDY_FULL_TESTS").is_some() {
        full
    } else {
        (full / 4).max(1)
    }
}
