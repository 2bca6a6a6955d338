//! # grundy
//!
//! Impartial combinatorial games, solved exactly: who wins, and every move that wins.
//!
//! ```
//! use grundy::games::{Nim, NimMove};
//! use grundy::prelude::*;
//!
//! let nim = Nim::from([3u64, 4, 5]);
//! assert_eq!(nim.outcome(Play::Normal)?, Outcome::Next); // 3 ^ 4 ^ 5 = 2: the player to move wins
//! let winning: Vec<NimMove<u64>> = nim.winning_moves(Play::Normal)?.collect();
//! assert_eq!(winning, [NimMove { index: 0, to: 1 }]); // take two from the 3-heap
//! # Ok::<(), Box<dyn std::error::Error>>(())
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
//! - In a **sum** of games a move is made in one component ([`Sum`] for any number of one
//!   type, a tuple for games of different types, with moves [`Part`]). The
//!   **Sprague–Grundy theorem**: the value of a sum is the **nim-sum** (XOR) of the values of
//!   its parts ([`nim_sum`], `Nimber + Nimber`). So a winning move of a sum is a move in one
//!   component to the value that makes the total zero.
//! - A game whose play can come back to a position may never end: a **draw**. Smith's
//!   **loopy nim values** extend Grundy values to such games (a nimber, or `∞` with the finite
//!   values of the options), tell wins, losses and draws, and add over sums ([`loopy`]).
//! - **Nim-multiplication** (`Nimber * Nimber`) makes the nimbers below `2^128` a field, with
//!   [`Nimber::inverse`], [`Nimber::sqrt`] and [`Nimber::pow`]: the value of a head in a
//!   two-dimensional coin-turning game is the nim-product of its coordinates' values
//!   ([`coins`], and the `turning_corners` example).
//!
//! ## Tutorials, in order
//!
//! The examples in `examples/` are stories, each run with `cargo run --release --example NAME`
//! (most also run unoptimised, slower), and each ending with exercises, in its source or in
//! its output:
//!
//! 1. tour: what the crate does, one stop per idea.
//! 2. nim_by_hand: Nim in binary columns, why XOR decides it, and reading off the winning
//!    move.
//! 3. grundy_by_hand: a subtraction game's table by hand with the mex, then by the crate.
//! 4. sums: games of four kinds in one sum, answered part by part (Sprague–Grundy), and why
//!    not by a search of the product.
//! 5. your_own_game: a game of your own through [`Game`] (tokens on a graph), solved, split
//!    into parts and added to a sum.
//! 6. staircase: Georgia–Bob as staircase Nim, and the winning move that widens a gap.
//! 7. exact_wythoff: why the floating-point formula fails at k = 102334155, and exact
//!    `u128` answers.
//! 8. periodicity: periods proven by Guy–Smith, and a heap of 10^18 answered through its
//!    period.
//! 9. your_own_heap_game: Lasker's Nim by its rule, its code and by search.
//! 10. turning_corners: a coin-turning game whose values are nim-products: the nim field, on
//!     boards too big to search.
//! 11. misere: when the last mover loses: the closed forms, the search, and why sums break.
//! 12. budgets: table, memory and search budgets, deadlines, and reading the errors.
//! 13. cram: a board game of your own, its regions as parts and its symmetries as a
//!     canonical form, solved by the pruning search.
//! 14. chomp: a game that never splits, where the `Solver` is the right search, with a
//!     position modelled for speed (a staircase as 64 bits, mirror images as one).
//! 15. misere_heap_games: why Sprague–Grundy fails under misère play, the genus of Kayles,
//!     and a misère quotient (`0.75`'s R8) answering a row of twenty heaps ([`misere`]).
//! 16. loopy_games: games whose play can come back to a position, with draws: Smith's loopy
//!     nim values, and sums of them answered part by part ([`loopy`]).
//! 17. coin_turning: a position is the sum of its heads; Turning Turtles, Mock Turtles, and
//!     Turning Corners valued by nim-products on a board too big to search ([`coins`]).
//! 18. long_runs: a table for days: stopped by its progress callback, checkpointed, resumed,
//!     audited against the definition, and the same on any number of threads ([`sequence`]).
//!
//! ## One surface for every game
//!
//! Every game of the crate implements [`ClosedForm`] once and answers the same questions,
//! with the same names and the same kinds of return values; a game of your own answers them
//! through a [`Solver`] ([`Evaluator`]), with the position as an argument:
//!
//! | question | a game of the crate | a game of your own |
//! |---|---|---|
//! | its value | `game.grundy()?` | `solver.grundy(&game)?` |
//! | who wins | `game.outcome(play)?` | `solver.outcome(&game, play)?` |
//! | every winning move, lazily | `game.winning_moves(play)?` | `solver.winning_moves(&game, play)?` |
//! | the moves to a value | `game.moves_to_value(t)?` | `solver.moves_to_value(&game, t)?` |
//! | the position after a move | `game.play(mv)?` | `game.play(mv)?` |
//!
//! Every question returns a `Result`: closed forms such as Nim's never fail; a game answered
//! by a table fails past its budget; misère play is answered where the crate knows it (Nim,
//! Bash, rows of heap games through their misère quotients or by search, by search for any
//! game) and is otherwise [`Error::MisereUnsupported`].
//! `use grundy::prelude::*` brings the traits into scope.
//!
//! **Heap games** are two types: the rules ([`games::Subtraction`], [`games::Octal`],
//! [`games::GrundysGame`], [`games::Rules`] of your own), which are not positions, and the
//! position, a [`games::HeapRow`] of heaps under them, which is the game of the table above.
//! One heap's value comes from the rules ([`games::HeapRules::heap_value`]), a table of them
//! from [`sequence::Tabulated::values`] (with its period, proven or not):
//!
//! ```
//! use grundy::games::{HeapRow, HeapRules, Subtraction};
//! use grundy::prelude::*;
//!
//! let take_1_2_or_5 = Subtraction::new([1u8, 2, 5])?;
//! assert_eq!(take_1_2_or_5.heap_value(10)?, Nimber::new(1));
//! let row = HeapRow::new(take_1_2_or_5, [10u32, 4]);
//! assert_eq!(row.grundy()?, Nimber::new(1 ^ 1));
//! assert_eq!(row.outcome(Play::Normal)?, Outcome::Previous);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Sums** answer through the same surface, part by part: ask a tuple of the crate's games
//! itself (`(kayles, nim, wythoff).grundy()?`), or, with a game of your own in it, a tuple of
//! evaluators (`(Direct, Direct, Solver::new())`). Not `Solver::new().grundy(&tuple)`: a
//! solver of a whole tuple searches the product of the parts' positions (467,712 of them for
//! Kayles 25 + Nim 7 + Wythoff (3, 5)), which only misère play needs. The module [`solve`]
//! says [which evaluator to use for a sum](solve#which-evaluator-for-a-sum).
//!
//! ```
//! use grundy::games::{HeapRow, Nim, Octal, Wythoff};
//! use grundy::prelude::*;
//!
//! let sum = (HeapRow::heap(Octal::kayles(), 25u32), Nim::from([7u32]), Wythoff::new(3u32, 5));
//! assert_eq!(sum.grundy()?, Nimber::new(6)); // *1 + *7 + *0, part by part, at once
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Modules
//!
//! - [`games`]: the games. Closed forms exact at every integer width: Nim (and misère Nim),
//!   Bash, Wythoff, Georgia–Bob, staircase Nim. Heap games by Grundy sequence: subtraction
//!   games, octal games (Kayles, Dawson's Kayles, Dawson's chess, any code), Grundy's game.
//!   Take-and-break codes beyond octal (hexadecimal digits, a digit repeated for ever:
//!   Lasker's Nim is `4.[3]`), and heap games of your own: a [`games::TakeAndBreak`] rule
//!   lists the moves of a heap, and [`games::Rules`] plays it with the crate's engines.
//! - [`sequence`]: Grundy sequences of heap games, computed by the sparse-space method, with
//!   periods proven by the Guy–Smith theorem.
//!   Arithmetic periods (`G(n + p) = G(n) + s`) are reported as the tables show them, and
//!   never answer a heap unless proven.
//! - [`solve`]: [`ClosedForm`], [`Evaluator`], the generic [`Solver`], [`Direct`], [`Sum`] and
//!   [`Part`].
//! - [`misere`]: misère play of heap games: misère values, Conway's genus in its shortened
//!   notation (`4^146`) from the heaps' misère simplest forms, tame and wild heaps, and the
//!   rule of misère Nim for sums of tame ones ([`misere::GenusTable`]); and
//!   [`misere::MisereQuotient`], the misère quotient of a heap game's rows (Plambeck and
//!   Siegel), proven for every bound where the periodicity theorem applies, from which a
//!   row's misère outcome and winning moves are products in a finite monoid.
//! - [`search`]: [`search::Pruning`], a pruning search for hard games of your own (board
//!   games that fall apart into regions): it asks "is this position plus `*n` a P-position?"
//!   and stops at the first option that answers, and shares one entry between positions
//!   equal under the game's symmetries ([`Game::canonical`]), as the [`Solver`] does.
//! - [`loopy`]: games whose play can come back to a position, so that a game may be drawn:
//!   [`loopy::Loopy`] gives wins, losses and draws, every winning and drawing move, and
//!   Smith's loopy nim values, which add over sums as nimbers do.
//! - [`coins`]: coin-turning games: rules ([`coins::CoinRule`]) with their positions
//!   ([`coins::Coins`]), Turning Turtles, Twins and Mock Turtles, and products of two rules on
//!   a board ([`coins::Tartan`], Turning Corners), valued by the nim field.
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
//! use grundy::prelude::*;
//! use grundy::{Direct, Part};
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
//! let winning: Vec<u32> = solver.winning_moves(&Pile(8), Play::Normal)?.collect();
//! assert_eq!(winning, [2, 5]);
//!
//! // The pile next to a Nim heap of 2: *2 + *2 = *0, the player to move loses.
//! let both = (Pile(8), Nim::from([2u8]));
//! let mut evaluator = (Solver::new(), Direct);
//! assert_eq!(evaluator.grundy(&both)?, Nimber::ZERO);
//! assert_eq!(evaluator.winning_moves(&both, Play::Normal)?.count(), 0);
//! # let _ = Part::<u32, u8>::P0(1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Features
//!
//! - `std` (default): implements `std::error::Error` for [`Error`] (through thiserror), and
//!   [`Checkpoint::save`](sequence::Checkpoint::save) and
//!   [`load`](sequence::Checkpoint::load) of files. Without it the crate is `no_std` and
//!   needs only `alloc`.
//! - `parallel`: every core for long tables. The sparse-space engine (octal codes, Grundy's
//!   game) has the threads of the current rayon pool collect, a block of heaps ahead, the
//!   options that the values already known give, while the serial path finishes each heap
//!   in order; the general engine (codes with a three-heap digit, rules of your own) builds
//!   the three-heap (`k`-heap) values of two large totals at once on them. The values are the same
//!   at any thread count. Set the threads with a pool
//!   (`rayon::ThreadPoolBuilder::new().num_threads(n).build()?.install(|| game.values(len))`)
//!   or `RAYON_NUM_THREADS`. Needs `std`; the command line turns it on.
//! - `serde`: `Serialize` and `Deserialize` for positions, moves, values and outcomes;
//!   positions with rules to keep are checked again when read.
//!
//! ## Minimum supported Rust version
//!
//! Rust 1.86.

#![no_std]
#![warn(missing_docs, missing_debug_implementations)]

extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

mod checksum;
pub mod coins;
mod error;
mod game;
pub mod games;
mod heap;
pub mod loopy;
mod memory;
mod mex;
pub mod misere;
mod nimber;
/// How many cases the heaviest tests run: a quarter unless `GRUNDY_FULL_TESTS` is set.
#[cfg(test)]
#[allow(dead_code)]
#[path = "../tests/common/scale.rs"]
mod scale;
pub mod search;
pub mod sequence;
pub mod solve;
/// The tests' pseudo-random numbers: the generator the integration tests and benches share.
#[cfg(test)]
#[path = "../tests/common/xorshift.rs"]
mod xorshift;

pub use error::Error;
pub use game::{Game, Outcome, Play};
pub use heap::Heap;
pub use mex::{MexSet, mex, mex_mask, mex_slice};
pub use nimber::{Nimber, nim_sum};
pub use solve::{
    ClosedForm, DEFAULT_MOVE_LIMIT, DEFAULT_POSITION_LIMIT, Direct, Evaluator, NoComponent, Part,
    Solver, Sum, SumMove,
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
