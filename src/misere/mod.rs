//! Misère play of heap games: when the player who moves last loses.
//!
//! Under misère play the Sprague–Grundy theorem fails: a row of heaps is not worth the
//! nim-sum of its heaps. What takes its place for heap games is the **misère quotient**
//! ([`quotient`]): over the rows of heaps up to a bound, positions that no other position
//! tells apart form a finite commutative monoid for many games, every heap is an element, a
//! row is the product of its heaps' elements, and the P-portion decides who wins. A
//! [`HeapRow`](crate::games::HeapRow) answers its misère questions from its rules' quotient
//! where one is known ([`QuotientCache`]), and by search otherwise.
//!
//! ```
//! use grundy::games::{HeapRow, Octal};
//! use grundy::prelude::*;
//!
//! let row = HeapRow::new("0.75".parse::<Octal>()?, [2u8, 2]); // b², in P
//! assert_eq!(row.outcome(Play::Misere)?, Outcome::Previous);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod quotient;

pub use quotient::{
    DEFAULT_QUOTIENT_BUDGET, MisereQuotient, ON_DEMAND_HEAP_LIMIT, QuotientCache, Relation,
};
