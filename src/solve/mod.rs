//! Solvers: the generic memoising search, closed-form evaluation, and sums of games.
//!
//! - [`Solver`] answers any [`Game`](crate::Game) by search: Grundy value, outcome under
//!   normal and misère play, and every winning move. It is iterative and memoising, reports
//!   cycles and runs out of budget with an [`Error`](crate::Error), never a stack overflow
//!   or an out-of-memory abort.
//! - [`ClosedForm`] is implemented by games whose values are known without search, and
//!   [`ClosedForms`] evaluates them.
//! - [`Evaluator`] is what both have in common: it gives the Grundy value of a position and
//!   the moves to a position of a given value. Sums are solved through it.
//! - [`Sum`] is the disjunctive sum of games of one type; a pair `(A, B)` is the sum of two
//!   games of different types, with moves [`Side`].

mod evaluate;
mod solver;
mod sum;

pub use evaluate::{ClosedForm, ClosedForms, Evaluator};
pub use solver::{DEFAULT_POSITION_LIMIT, Solver};
pub use sum::{Side, Sum};
