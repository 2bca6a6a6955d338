//! Every integration test of the library, in one test binary.
//!
//! Each file beside this one is a module here, not a binary of its own: one build and one
//! link instead of twenty, and the tests of every file run side by side on every core (as binaries
//! of their own, the files ran one after the other). A test's name starts with its file's:
//! `cargo test --test suite -- sequences::` runs `tests/sequences.rs`. A new file of tests
//! is one more module below (by `path`, so that a module it declares itself is found beside
//! it, as when it was a binary of its own). What several files share is a module of this root,
//! loaded once: the brute force `common`, the generator `xorshift` and the Cram example.

#[allow(dead_code, unused_imports)]
mod common;
#[allow(dead_code)]
#[path = "../examples/cram.rs"]
mod cram;
#[allow(dead_code)]
#[path = "common/xorshift.rs"]
mod xorshift;

#[path = "bad_input.rs"]
mod bad_input;
#[path = "checkpoints.rs"]
mod checkpoints;
#[path = "classic_games.rs"]
mod classic_games;
#[path = "coins.rs"]
mod coins;
#[path = "examples.rs"]
mod examples;
#[path = "hard_games.rs"]
mod hard_games;
#[path = "heap_rules.rs"]
mod heap_rules;
#[path = "loopy.rs"]
mod loopy;
#[path = "misere_genus.rs"]
mod misere_genus;
#[path = "misere_quotient.rs"]
mod misere_quotient;
#[path = "nim_field.rs"]
mod nim_field;
#[path = "parallel.rs"]
mod parallel;
#[path = "pruning.rs"]
mod pruning;
#[path = "pruning_table.rs"]
mod pruning_table;
#[path = "sequences.rs"]
mod sequences;
#[path = "serde.rs"]
mod serde;
#[path = "solver_memory.rs"]
mod solver_memory;
#[path = "solver_props.rs"]
mod solver_props;
#[path = "sums.rs"]
mod sums;
#[path = "traits.rs"]
mod traits;
#[path = "tutorials.rs"]
mod tutorials;
#[path = "user_game.rs"]
mod user_game;
#[path = "wythoff.rs"]
mod wythoff;
