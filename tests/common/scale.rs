//! How many cases the heaviest property tests run.
//!
//! The README's `cargo test --workspace` is the quick run, in a debug build: the heaviest
//! properties run a tenth of their cases there. `.ci/run` runs the tests again with
//! `GRUNDY_FULL_TESTS=1`, which restores every case, so nothing they check is dropped. The
//! command line's tests read this file too (`cli/tests/support/scale.rs` is a link to it).

/// `full` cases with `GRUNDY_FULL_TESTS` set, else a tenth of them (at least one).
pub fn cases(full: u64) -> u64 {
    if is_full() { full } else { (full / 10).max(1) }
}

/// `full` with `GRUNDY_FULL_TESTS` set, else `quick`: a bound (the largest heap searched,
/// say) that the quick run lowers where the search grows faster than the cases.
pub fn bound(full: u32, quick: u32) -> u32 {
    if is_full() { full } else { quick }
}

/// Whether this is the full run (`GRUNDY_FULL_TESTS` set).
pub fn is_full() -> bool {
    std::env::var_os("GRUNDY_FULL_TESTS").is_some()
}
