//! # grundy
//!
//! Impartial combinatorial games, solved exactly: who wins, and every move that wins.
//!
//! ```
//! use grundy::games::{Nim, NimMove};
//! use grundy::Outcome;
//!
//! let nim = Nim::new(vec![3u64, 4, 5]);
//! assert_eq!(nim.outcome(), Outcome::Next); // 3 ^ 4 ^ 5 = 2: the player to move wins
//! let winning: Vec<NimMove<u64>> = nim.winning_moves().collect();
//! assert_eq!(winning, vec![NimMove { heap: 0, to: 1 }]); // take two from the 3-heap
//! ```
//!
//! ## The ideas, in order
//!
//! - An **impartial game** is one where both players have the same moves from every position;
//!   it ends when the player to move has no move. Under **normal play** that player loses;
//!   under **misère play** ([`Play::Misere`]) that player wins. A game is a type that
//!   implements [`Game`].
//! - Every position is either an **N-position** (the next player, the one to move, wins) or a
//!   **P-position** (the previous player wins): [`Outcome`].
//! - The **mex** (minimum excludant) of a set of numbers is the least natural number not in it:
//!   [`mex`], [`mex_slice`], [`mex_mask`], [`MexSet`].
//! - The **Grundy value** of a position is the mex of the values of the positions one move
//!   away: `G(p) = mex{G(q)}`. A position is P exactly when `G(p) = 0`. Grundy values are
//!   [`Nimber`]s.
//! - In a **sum** of games a move is made in one component ([`Sum`], pairs with [`Side`]). The
//!   **Sprague–Grundy theorem**: the value of a sum is the **nim-sum** (XOR) of the values of
//!   its parts ([`nim_sum`], `Nimber + Nimber`). So a winning move of a sum is a move in one
//!   component to the value that makes the total zero.
//! - The [`Solver`] finds all of this by search for any game; the [`games`] answer by exact
//!   closed forms ([`ClosedForm`]). An [`Evaluator`] is either.
//!
//! ## Modules
//!
//! - [`games`]: the games. Closed forms exact at every integer width: Nim, misère Nim, Bash,
//!   Wythoff, Georgia–Bob, staircase Nim. Heap games by Grundy sequence: subtraction games,
//!   octal games (Kayles, Dawson's Kayles, Dawson's chess, any code), Grundy's game.
//! - [`sequence`]: Grundy sequences of heap games, computed by the sparse-space method, with
//!   periods proven by the Guy–Smith theorem.
//! - [`solve`]: the generic [`Solver`], [`Sum`], [`Evaluator`] and [`ClosedForm`].
//!
//! The arithmetic ([`Nimber`], [`mex`]), the model ([`Game`], [`Outcome`], [`Play`],
//! [`Heap`]) and the [`Error`] type sit at the root.
//!
//! ## A game of your own
//!
//! Implement [`Game`]: list the moves of a position. The solver does the rest, and the game
//! can be added to others.
//!
//! ```
//! use core::ops::ControlFlow;
//! use grundy::games::Nim;
//! use grundy::{ClosedForms, Evaluator, Game, Nimber, Play, Side, Solver};
//!
//! /// A pile from which a move takes one, two or five counters.
//! #[derive(Clone, PartialEq, Eq, Hash, Debug)]
//! struct Pile(u32);
//!
//! impl Game for Pile {
//!     type Move = u32;
//!     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
//!     where
//!         F: FnMut(u32, Pile) -> ControlFlow<()>,
//!     {
//!         for take in [1, 2, 5] {
//!             if take <= self.0 {
//!                 visit(take, Pile(self.0 - take))?;
//!             }
//!         }
//!         ControlFlow::Continue(())
//!     }
//! }
//!
//! let mut solver = Solver::new();
//! assert_eq!(solver.grundy(&Pile(8))?, Nimber::new(2));
//! assert_eq!(solver.winning_moves(&Pile(8), Play::Normal)?, vec![(2, Pile(6)), (5, Pile(3))]);
//!
//! // The pile next to a Nim heap of 2: *2 + *2 = *0, the player to move loses.
//! let both = (Pile(8), Nim::new(vec![2u8]));
//! let mut evaluator = (Solver::new(), ClosedForms);
//! assert_eq!(evaluator.grundy(&both)?, Nimber::ZERO);
//! assert!(evaluator.moves_to_value(&both, Nimber::ZERO)?.is_empty());
//! # let _ = Side::<u8, u8>::Left(0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Features
//!
//! - `std` (default): implements `std::error::Error` for [`Error`] (through thiserror).
//!   Without it the crate is `no_std` and needs only `alloc`.
//!
//! ## Minimum supported Rust version
//!
//! Rust 1.86.

#![no_std]
#![warn(missing_docs, missing_debug_implementations)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod error;
mod game;
pub mod games;
mod heap;
mod mex;
mod nimber;
pub mod sequence;
pub mod solve;

pub use error::Error;
pub use game::{Game, Outcome, Play};
pub use heap::Heap;
pub use mex::{MexSet, mex, mex_mask, mex_slice};
pub use nimber::{Nimber, nim_sum};
pub use solve::{
    ClosedForm, DEFAULT_POSITION_LIMIT, Direct, Evaluator, Part, Solver, Sum, SumMove,
};

/// The traits and types nearly every user of the crate needs, in one `use`:
/// `use grundy::prelude::*;`.
///
/// # Examples
///
/// ```
/// use grundy::games::Nim;
/// use grundy::prelude::*;
///
/// assert_eq!(Nim::from([1u8, 2, 3]).outcome(Play::Normal)?, Outcome::Previous);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub mod prelude {
    pub use crate::games::HeapRules;
    pub use crate::sequence::Tabulated;
    pub use crate::{ClosedForm, Evaluator, Game, Nimber, Outcome, Play, Solver};
}

/// The README's example, compiled and run as a doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
