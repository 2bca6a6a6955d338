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
//! | Wythoff | [`wythoff`] | take any positive number from one of two heaps, or the same from both |

pub mod nim;
pub mod wythoff;

pub use nim::{Nim, NimMove};
pub use wythoff::{Wythoff, WythoffMove, p_position};
