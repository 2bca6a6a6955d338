//! Searches for hard games of your own: values found by asking questions that most of the
//! game tree never has to answer.
//!
//! [`Pruning`] answers the questions of [`Evaluator`](crate::Evaluator) for any [`Game`](crate::Game)
//! under normal play, like [`Solver`](crate::Solver), but it rarely computes the value of a
//! position it does not have to. Its one question is *is `G + *n` a P-position?*, that is,
//! *is the value of `G` exactly `n`?* (Lemoine and Viennot, "Nimbers are inevitable",
//! Theoret. Comput. Sci. 462 (2012)):
//!
//! - `G + *n` is an N-position as soon as **one** option is a P-position, so the search of a
//!   position stops at the first option that answers, and the rest are never looked at;
//! - the options of `G + *n` are `G' + *n` for the options `G'` of `G`, and `G + *m` for
//!   `m < n`: the second kind is a P-position exactly when the value of `G` is below `n`;
//! - a position that splits into parts ([`Game::parts`](crate::Game::parts)) of values `v1, …, vk` and one part
//!   `H` left is `H + *(n ⊕ v1 ⊕ … ⊕ vk)`: the small parts are valued once each and the
//!   largest is only ever asked the question, never valued.
//!
//! What it learns of a position is kept as facts (its value, or the values it is known not to
//! have), so that every later question is answered from them where it can be. Positions equal
//! under the game's symmetries ([`Game::canonical`](crate::Game::canonical)) share one entry.
//!
//! # Which to use
//!
//! | the game | use |
//! |---|---|
//! | a board game that falls apart into regions (Cram, Domineering-like placements, Node Kayles on graphs) | [`Pruning`]: it asks each region a question instead of valuing it |
//! | you need the value of every position, or few positions are ever reached (Chomp) | [`Solver`](crate::Solver): one pass over the game graph, nothing asked twice |
//! | misère play | [`Solver`](crate::Solver): values do not add, and `Pruning` answers normal play only |
//! | a game of the crate | its own closed form (`game.grundy()`) |
//!
//! # Examples
//!
//! ```
//! use core::ops::ControlFlow;
//! use grundy::prelude::*;
//! use grundy::search::Pruning;
//!
//! /// A row of pins: knock down one or two adjacent pins (Kayles), the row splitting in two.
//! #[derive(Clone, PartialEq, Eq, Hash, Debug)]
//! struct Pins(Vec<u32>);
//!
//! impl Game for Pins {
//!     type Move = (usize, u32, u32); // the row, where, how many
//!     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
//!     where
//!         F: FnMut(Self::Move, Pins) -> ControlFlow<()>,
//!     {
//!         for (i, &n) in self.0.iter().enumerate() {
//!             for take in 1..=n.min(2) {
//!                 for left in 0..=n - take {
//!                     let mut rows = self.0.clone();
//!                     rows.remove(i);
//!                     rows.extend([left, n - take - left].into_iter().filter(|&r| r > 0));
//!                     rows.sort_unstable();
//!                     visit((i, left, take), Pins(rows))?;
//!                 }
//!             }
//!         }
//!         ControlFlow::Continue(())
//!     }
//!     fn parts(&self) -> Option<Vec<Pins>> {
//!         (self.0.len() > 1).then(|| self.0.iter().map(|&n| Pins(vec![n])).collect())
//!     }
//! }
//!
//! let mut search = Pruning::new();
//! // Kayles: a row of 7 pins is worth *2, of 12 pins *4.
//! assert_eq!(search.grundy(&Pins(vec![7]))?, Nimber::new(2));
//! assert_eq!(search.grundy(&Pins(vec![12]))?, Nimber::new(4));
//! // Rows of 7 and 12: *2 + *4 = *6, so the player to move wins.
//! let both = Pins(vec![7, 12]);
//! assert_eq!(search.outcome(&both, Play::Normal)?, Outcome::Next);
//! for (mv, after) in search.winning_moves(&both, Play::Normal)?.map(|mv| (mv.clone(), both.play(mv))) {
//!     assert_eq!(Solver::new().grundy(&after?)?, Nimber::ZERO, "{mv:?}");
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod file;
mod pruning;

pub use file::Encode;
pub use pruning::Pruning;
