//! The classic impartial games, each answered by an exact closed form or a proven table.
//!
//! Every game here is a position type that implements [`Game`](crate::Game) (so the generic
//! [`Solver`](crate::Solver) can check it and it can sit in a [`Sum`](crate::Sum)) and, where
//! it has normal-play Grundy values, [`ClosedForm`](crate::ClosedForm). Each also has inherent
//! methods for its own questions: `outcome`, `grundy` and `winning_moves`, which never search.
//! The misère games have no Grundy value: their `outcome` and `winning_moves` are for misère
//! play, and the [`Solver`](crate::Solver) checks them with [`Play::Misere`](crate::Play::Misere).
//!
//! | game | module | rule of a move |
//! |---|---|---|
//! | Nim | [`nim`] | take any positive number from one heap |
//! | misère Nim | [`misere_nim`] | as Nim; whoever takes the last counter loses |
//! | Bash, misère Bash | [`bash`] | take 1 to `k` from one heap |
//! | Georgia–Bob | [`georgia_bob`] | slide a chessman left, not onto or past another, not off cell 1 |
//! | staircase Nim | [`staircase`] | carry coins from a step down one step; from step 1 they leave |
//! | Wythoff | [`wythoff`] | take any positive number from one of two heaps, or the same from both |
//! | subtraction games | [`subtraction`] | take `s` from one heap, for `s` in a finite set |
//! | octal games | [`octal`] | take and break heaps as a code `d0.d1d2…` allows |
//! | Grundy's game | [`grundys_game`] | split one heap into two unequal heaps |

pub mod bash;
pub mod georgia_bob;
pub mod grundys_game;
pub mod misere_nim;
pub mod nim;
pub mod octal;
pub mod staircase;
pub mod subtraction;
pub mod wythoff;

pub use bash::{Bash, BashMove, MisereBash};
pub use georgia_bob::{GeorgiaBob, GeorgiaBobMove};
pub use grundys_game::{GrundysGame, GrundysMove, GrundysPosition};
pub use misere_nim::MisereNim;
pub use nim::{Nim, NimMove};
pub use octal::{Octal, OctalMove, OctalPosition};
pub use staircase::{Staircase, StaircaseMove};
pub use subtraction::{Subtraction, SubtractionHeap, SubtractionMove};
pub use wythoff::{Wythoff, WythoffMove, p_position};
