//! The classic impartial games, each answered by an exact closed form or a proven table.
//!
//! Every game here is a position type that implements [`Game`](crate::Game) (so the generic
//! [`Solver`](crate::Solver) can check it and it can sit in a [`Sum`](crate::Sum)) and, where
//! it has normal-play Grundy values, [`ClosedForm`](crate::ClosedForm). Each also has inherent
//! methods for its own questions: `outcome`, `grundy` and `winning_moves`, which never search.
//!
//! | game | module | rule of a move |
//! |---|---|---|
//! | Nim | [`nim`] | take any positive number from one heap |
//! | subtraction games | [`subtraction`] | take `s` from one heap, for `s` in a finite set |
//! | octal games | [`octal`] | take and break heaps as a code `d0.d1d2…` allows |
//! | Grundy's game | [`grundys_game`] | split one heap into two unequal heaps |

pub mod grundys_game;
pub mod nim;
pub mod octal;
pub mod subtraction;

pub use grundys_game::{GrundysGame, GrundysMove, GrundysPosition};
pub use nim::{Nim, NimMove};
pub use octal::{Octal, OctalMove, OctalPosition};
pub use subtraction::{Subtraction, SubtractionHeap, SubtractionMove};
