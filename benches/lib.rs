//! The criterion benches of `grundy` live in this package's bench targets (`benches/*.rs`), so
//! that the library's own dev-dependencies stay light. Run them with
//! `cargo bench -p grundy-benches` (or `cargo bench -p grundy-benches --bench nim`); each bench
//! measures the crate against a baseline in the same run, and BENCHMARKS.md has the figures.
