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

mod closed_form;
mod evaluate;
mod solver;
mod sum;
mod tuple;

pub use closed_form::{ClosedForm, Direct};
pub use evaluate::Evaluator;
pub use solver::{DEFAULT_MOVE_LIMIT, DEFAULT_POSITION_LIMIT, Solver};
pub use sum::{Sum, SumMove, SumMoves};
pub use tuple::{NoComponent, Part};
