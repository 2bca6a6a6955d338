//! Answering games: the one surface every game answers through, the generic search, and sums.
//!
//! - [`ClosedForm`] is the surface: value, outcome under normal and misère play, every
//!   winning move lazily, the moves to a value, and (from [`Game`](crate::Game)) `play`.
//!   Every game of the crate implements it once.
//! - [`Evaluator`] asks the same questions about positions it is handed. [`Solver`] answers
//!   them by search for any [`Game`](crate::Game): iterative and memoising, reporting cycles
//!   and exhausted budgets with an [`Error`](crate::Error). [`Direct`] answers them by
//!   the game's own [`ClosedForm`].
//! - [`Sum`] is the disjunctive sum of any number of games of one type; a tuple
//!   `(A, B, C, …)` is the sum of up to twelve games of different types, with moves [`Part`].
//!
//! # Which evaluator for a sum
//!
//! A sum's value is the nim-sum of its parts' values (the Sprague–Grundy theorem), so a sum
//! should be answered part by part, each part by its own closed form or its own search:
//!
//! | the sum | ask | cost |
//! |---|---|---|
//! | a tuple of the crate's games | the tuple itself: `sum.grundy()`, `sum.winning_moves(play)` ([`ClosedForm`] of tuples), or [`Direct`] | each part's closed form, once |
//! | a tuple with a game of your own | a tuple of evaluators, one per part: `(Direct, Direct, Solver::new())` | closed forms, and a search of your game's part alone |
//! | a [`Sum<G>`] | the sum itself if `G` has a closed form; else a `Solver<G>` | one evaluation per component |
//! | any sum, under misère play | a [`Solver`] of the whole sum | the product of the parts' positions |
//!
//! **Not** [`Solver::grundy`] on a tuple under normal play: a `Solver<(A, B, C)>` cannot
//! split a tuple into parts of one type, so it searches the product of the parts' positions.
//! For Kayles 25 + Nim 7 + Wythoff (3, 5) that is 2436 × 8 × 24 = 467,712 positions, seconds
//! of work where the tuple's own `grundy()` reads three values at once. Under misère play
//! values do not add, and that search is the way (see [`Sum`]).
//!
//! ```
//! use grundy::games::{HeapRow, Nim, Octal, Wythoff};
//! use grundy::prelude::*;
//! use grundy::Direct;
//!
//! // Kayles 25 + Nim 7 + Wythoff (3, 5): *1 + *7 + *0.
//! let sum = (HeapRow::heap(Octal::kayles(), 25u32), Nim::from([7u32]), Wythoff::new(3u32, 5));
//! assert_eq!(sum.grundy()?, Nimber::new(6)); // part by part, at once
//! assert_eq!((Direct, Direct, Direct).grundy(&sum)?, Nimber::new(6)); // the same
//! for mv in sum.winning_moves(Play::Normal)? {
//!     assert_eq!(sum.play(mv)?.grundy()?, Nimber::ZERO); // Nim 7 to 1, among others
//! }
//!
//! // What a solver of the tuple does instead, on a small sum: Nim 3 (4 positions) and
//! // Wythoff (1, 2) (6 positions) are searched as 4 × 6 positions of the product.
//! let small = (Nim::from([3u8]), Wythoff::new(1u8, 2));
//! let mut product = Solver::new();
//! assert_eq!(product.grundy(&small)?, small.grundy()?);
//! assert_eq!(product.len(), 4 * 6);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod closed_form;
mod evaluate;
pub(crate) mod solver;
mod sum;
mod tuple;

pub(crate) use closed_form::short_type_name;
pub use closed_form::{ClosedForm, Direct};
pub use evaluate::Evaluator;
pub use solver::{DEFAULT_MOVE_LIMIT, DEFAULT_POSITION_LIMIT, Solver};
pub use sum::{Sum, SumMove, SumMoves};
pub use tuple::{NoComponent, Part};
