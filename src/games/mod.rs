//! The classic impartial games, each answered by an exact closed form or a proven table.
//! (module list being rebuilt during the API change)

mod grundys_game;
mod heap_row;
mod heap_rules;
pub mod nim;
mod octal;
mod subtraction;
mod text;

pub use grundys_game::GrundysGame;
pub use heap_row::{HeapMove, HeapRow, HeapRowMoves};
pub use heap_rules::{HeapRules, Leaves};
pub use nim::{Nim, NimMove};
pub use octal::Octal;
pub use subtraction::Subtraction;
