//! Misère play of heap games: misère values, Conway's genus, tame positions, and misère
//! quotients, which answer whole rows of heaps.
//!
//! Under **misère play** the player who makes the last move loses. The Sprague–Grundy
//! theorem fails there: a position's misère outcome in a sum is not decided by one number
//! per part. `*2 + *2` and `0` both have normal value 0, and both answer "the player to move
//! loses" under normal play; under misère play `0` is a win for the player to move (there is
//! no move: the last move was the opponent's) and `*2 + *2` a loss. What the theory offers
//! instead, for every heap game the crate knows (subtraction games, octal and general
//! take-and-break codes, Grundy's game, rules of your own through
//! [`HeapRules`](crate::games::HeapRules)):
//!
//! - **Misère values.** `g0(G)`: 1 if `G` has no move, else the mex of its options' `g0`.
//!   `G` is a misère P-position exactly when `g0(G) = 0`. An option that is a sum of heaps
//!   needs that sum's own misère value: under misère play it is *not* the nim-sum of the
//!   parts' values.
//! - **The genus** (Conway, *On Numbers and Games*, ch. 12; *Winning Ways*, ch. 13):
//!   `g^(g0 g1 g2 …)`, with `g` the normal value and `gk = g0(G + k·*2)`, `k` nim heaps of
//!   size 2 beside `G`. The sequence ends in a period of two and is printed shortened: Kayles'
//!   heap of 5 is `4^146` (1, 4, 6, 4, 6, …). [`Genus`] holds the numbers and prints the
//!   notation.
//! - **Simplest forms.** Two misère games are *equal* when they have the same misère outcome
//!   beside every game. Each game has one simplest form (no follower with a reversible
//!   option), and equal games have the same one (Conway). The genus is a property of the
//!   form, and so is how the notation shortens it: a heap equal to a nim heap prints as the
//!   heap (`2`); a tame one (below) prints `g^g0` (Kayles 7, `2^2`), a wild one every
//!   number (Kayles 19, `2^20`, the same numbers).
//! - **Tame positions** ([`Phylum`]). A position whose genus is that of a misère Nim position
//!   and whose options are tame, or reverse through tame ones, adds like misère Nim: the sum
//!   of tame positions is tame, and its genus follows from the parts' ([`TameValue::sum`]).
//!   Kayles is tame up to its heap of 4; its heap of 5 is the first that is not (restless:
//!   its options are tame, it is not), and its heap of 9 is wild.
//!
//! [`GenusTable`] computes a heap game's heaps one by one from their simplest forms, within
//! a limit of forms ([`Error::FormLimit`](crate::Error::FormLimit)); [`genera`] is the one
//! call for the first heaps.
//!
//! - **Misère quotients** (Plambeck; Plambeck and Siegel; [`quotient`]) go further: they answer
//!   whole rows of heaps of a game whose positions are wild, where the genus of each heap no
//!   longer decides a sum. Over the rows of heaps up to a bound, positions that no other
//!   position tells apart form a finite commutative monoid for many games: every heap is an
//!   element, a row is the product of its heaps' elements, and the P-portion decides who
//!   wins. A [`HeapRow`](crate::games::HeapRow) answers its misère questions from its rules'
//!   quotient where one is known ([`QuotientCache`]), and by search otherwise.
//!
//! # References
//!
//! - J. H. Conway, *On Numbers and Games*, ch. 12, "How to lose when you must" (simplest
//!   forms, the genus, tame games).
//! - E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your Mathematical Plays*,
//!   ch. 13, "Survival in the lost world" (genus tables of Kayles, Dawson's Kayles and others).
//! - A. N. Siegel, "Misère games and misère quotients", lecture notes (arXiv math/0612616),
//!   and "On the structure of misère impartial games" (arXiv 2012.08554): the simplification
//!   rule and the count of games born by each day (1, 2, 3, 5, 22, 4171780).
//! - CGSuite (A. N. Siegel, D. Hoey), whose names of the phyla and notation this module
//!   follows.
//!
//! - T. E. Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5 (2005)
//!   G05, and T. E. Plambeck, A. N. Siegel, "Misère quotients for impartial games", J. Combin.
//!   Theory Ser. A 115 (2008), arXiv math/0609825 (quotients and how to compute them).
//!
//! # Examples
//!
//! The genus of Kayles' heaps, and a tame sum:
//!
//! ```
//! use grundy::games::Octal;
//! use grundy::misere::{GenusTable, TameValue};
//! use grundy::Outcome;
//!
//! let mut kayles = GenusTable::new(Octal::kayles());
//! assert_eq!(kayles.genus(5)?.to_string(), "4^146");
//! assert_eq!(kayles.misere_value(5)?.get(), 1); // a heap of 5 alone: the player to move wins
//!
//! // Heaps 1, 2 and 3 of Kayles are nim heaps, tame: misère Nim decides their sums.
//! let parts = [1, 2, 3].map(|n| kayles.genus(n).unwrap().tame().unwrap());
//! assert_eq!(TameValue::sum(parts).outcome(), Outcome::Previous); // like misère Nim 1, 2, 3
//! assert_eq!(kayles.row_genus(&[1, 2, 3])?.misere_outcome(), Outcome::Previous);
//! # Ok::<(), grundy::Error>(())
//! ```
//!
//! A row of `0.75` answered under misère play from its quotient:
//!
//! ```
//! use grundy::games::{HeapRow, Octal};
//! use grundy::prelude::*;
//!
//! let row = HeapRow::new("0.75".parse::<Octal>()?, [2u8, 2]); // b², in P
//! assert_eq!(row.outcome(Play::Misere)?, Outcome::Previous);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod forms;
mod genus;
pub mod quotient;

pub use forms::{DEFAULT_FORM_LIMIT, DEFAULT_WORK_LIMIT};
pub use genus::{Genus, GenusTable, Phylum, TameValue, genera};
pub use quotient::{
    DEFAULT_QUOTIENT_BUDGET, FALLBACK_QUOTIENT_BUDGET, MOVE_BATCH, MisereQuotient,
    ON_DEMAND_HEAP_LIMIT, QuotientCache, QuotientMoves, Relation,
};
