//! The classic impartial games, each answered by an exact closed form or a proven table.
//! (module list being rebuilt during the API change)

mod grundys_game;
mod heap_row;
mod heap_rules;
pub mod nim;
mod octal;
mod subtraction;
mod take_and_break;
mod text;

pub use grundys_game::GrundysGame;
pub use heap_row::{HeapMove, HeapRow, HeapRowMoves};
pub use heap_rules::{HeapRules, Leaves};
pub use nim::{Nim, NimMove};
pub use octal::Octal;
pub use subtraction::Subtraction;
pub use take_and_break::{MAX_SPLIT_PARTS, Moves, Rules, TakeAndBreak};
pub mod bash;
pub use bash::{Bash, BashMove};
pub mod staircase;
pub use staircase::{Staircase, StaircaseMove};
pub mod georgia_bob;
pub use georgia_bob::{GeorgiaBob, GeorgiaBobMove};
pub mod wythoff;
pub use wythoff::{Wythoff, WythoffMove, p_position};

/// A hash of `rules`, computed once when they are made, that their `Hash` writes: a position
/// of a heap game holds its rules, so a search hashes them in every position it meets.
pub(crate) fn fingerprint<T: core::hash::Hash + ?Sized>(rules: &T) -> u64 {
    use core::hash::BuildHasher;
    foldhash::fast::FixedState::default().hash_one(rules)
}
