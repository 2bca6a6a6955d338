//! Games with cycles: positions that can be reached again, draws, and the loopy nim values
//! that add over sums.
//!
//! A [`Game`](crate::Game) whose play can come back to a position it has left is *loopy*: the
//! other solvers refuse it ([`Error::Cycle`](crate::Error::Cycle)), since such a position has
//! no Grundy value. Under normal play (whoever cannot move loses; misère play of loopy games
//! is not covered) play may then go on for ever, which counts as a **draw**, so a position is
//! one of three kinds ([`Outcome`]): the player to move wins (N), loses (P), or neither can
//! force a win (D).
//!
//! [`Loopy`] answers, for any position of a game with finitely many positions reachable, its
//! outcome, every winning move and every move that keeps a draw, how long best play lasts
//! ([`Loopy::remoteness`]), and its **loopy nim value**
//! ([`Value`], C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966); A. S.
//! Fraenkel and Y. Yesha, "The generalized Sprague–Grundy function and its invariance under
//! certain mappings", J. Combin. Theory A 43 (1986)):
//!
//! - a nimber `*n` when the position plays like a Nim heap of `n`: every option of a larger or
//!   infinite value can be answered by a move back to value `n` (it *reverses out*), and play
//!   still ends;
//! - otherwise `∞` with the set `K` of the finite values of its options, written `∞{K}`.
//!
//! The value tells the outcome (`*0` is P, another nimber N; `∞{K}` is N when `0 ∈ K`, else
//! D), and, as the Sprague–Grundy theorem does for finite games, the value of a **sum** from its
//! parts' ([`Value::sum`]): `*a + *b = *(a ⊕ b)`, `∞{K} + *b = ∞{K ⊕ b}`, and two infinite
//! parts make `∞{}`, a draw. So a sum of loopy games is answered part by part, never by a search
//! of the product ([`Loopy::value_of_sum`], [`Loopy::winning_moves_in_sum`]).
//!
//! # Examples
//!
//! A token on a cycle of three cells, from each of which it may also leave to an exit
//! (cell 3) where play ends:
//!
//! ```
//! use core::ops::ControlFlow;
//! use grundy::loopy::{Loopy, Outcome, Value};
//! use grundy::{Game, Nimber};
//!
//! #[derive(Clone, PartialEq, Eq, Hash, Debug)]
//! struct Cell(u8);
//!
//! impl Game for Cell {
//!     type Move = u8; // the cell the token goes to
//!     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
//!     where
//!         F: FnMut(u8, Cell) -> ControlFlow<()>,
//!     {
//!         if self.0 < 3 {
//!             let next = (self.0 + 1) % 3;
//!             visit(next, Cell(next))?;
//!             visit(3, Cell(3))?;
//!         }
//!         ControlFlow::Continue(())
//!     }
//! }
//!
//! let mut loopy = Loopy::new();
//! assert_eq!(loopy.value(&Cell(3))?, Value::Finite(Nimber::ZERO)); // no move: lost
//! // A cell's options are the exit (*0) and the next cell, which does not reverse out: the
//! // cells are ∞{0}, won by the move to the exit.
//! assert_eq!(loopy.value(&Cell(0))?, Value::Infinite(vec![Nimber::ZERO]));
//! assert_eq!(loopy.outcome(&Cell(0))?, Outcome::Next);
//! assert_eq!(loopy.winning_moves(&Cell(0))?, [3]);
//! // Two tokens, each won alone: whoever takes one to the exit loses the other, so with best
//! // play nobody does, and the sum is a draw.
//! assert_eq!(loopy.value_of_sum(&[Cell(0), Cell(1)])?, Value::Infinite(vec![]));
//! assert_eq!(loopy.value_of_sum(&[Cell(0), Cell(1)])?.outcome(), Outcome::Draw);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod solver;

pub use solver::Loopy;

use crate::Nimber;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// Who wins a position of a game that may not end.
///
/// # Examples
///
/// ```
/// use grundy::loopy::Outcome;
/// assert_eq!(Outcome::Draw.letter(), 'D');
/// assert_eq!(Outcome::from(grundy::Outcome::Previous), Outcome::Previous);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The player to move wins (an N-position).
    Next,
    /// The player to move loses (a P-position).
    Previous,
    /// Neither player can force a win: with best play the game never ends (a D-position).
    Draw,
}

impl Outcome {
    /// The one letter, `N`, `P` or `D`, of the usual notation.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::loopy::Outcome::Next.letter(), 'N');
    /// ```
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Outcome::Next => 'N',
            Outcome::Previous => 'P',
            Outcome::Draw => 'D',
        }
    }
}

/// The outcome of a game that always ends is one of a loopy game.
///
/// # Examples
///
/// ```
/// use grundy::loopy::Outcome;
/// assert_eq!(Outcome::from(grundy::Outcome::Next), Outcome::Next);
/// ```
impl From<crate::Outcome> for Outcome {
    fn from(outcome: crate::Outcome) -> Self {
        match outcome {
            crate::Outcome::Next => Outcome::Next,
            crate::Outcome::Previous => Outcome::Previous,
        }
    }
}

/// `N`, `P` or `D`.
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::loopy::Outcome::Draw.to_string(), "D");
/// ```
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Outcome::Next => "N",
            Outcome::Previous => "P",
            Outcome::Draw => "D",
        })
    }
}

/// The loopy nim value of a position (Smith): a nimber, or `∞` with the finite values of its
/// options.
///
/// # Examples
///
/// ```
/// use grundy::loopy::{Outcome, Value};
/// use grundy::Nimber;
///
/// let heap = Value::Finite(Nimber::new(3));
/// let endless = Value::Infinite(vec![Nimber::new(0), Nimber::new(3)]);
/// assert_eq!(endless.outcome(), Outcome::Next); // a move to *0 wins
/// assert_eq!(heap.sum(&endless), Value::Infinite(vec![Nimber::new(0), Nimber::new(3)]));
/// assert_eq!(heap.sum(&endless).outcome(), Outcome::Next);
/// assert_eq!(endless.sum(&endless), Value::Infinite(vec![])); // a draw
/// assert_eq!(endless.to_string(), "∞{0,3}");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(from = "ValueData")
)]
pub enum Value {
    /// `*n`: the position plays like a Nim heap of `n`, and play from it ends.
    Finite(Nimber),
    /// `∞{K}`: play from the position can be kept going for ever; `K` is the set of the
    /// finite values of its options, ascending, without repeats.
    ///
    /// The solver and [`Value::sum`] always give `K` so, and a value read with `serde` has
    /// its `K` sorted and its repeats dropped. A `K` built otherwise is still read as the set
    /// it holds by [`Value::outcome`] and [`Value::sum`], but equality compares the lists as
    /// they are: `∞{1,0}` is not `∞{0,1}`.
    Infinite(Vec<Nimber>),
}

/// A [`Value`] as written, before its `K` is put in order: read as a `Value` is (of the same
/// name and variants), then made one by sorting `K` and dropping its repeats.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "Value", expecting = "enum Value")]
enum ValueData {
    Finite(Nimber),
    Infinite(Vec<Nimber>),
}

#[cfg(feature = "serde")]
impl From<ValueData> for Value {
    fn from(data: ValueData) -> Value {
        match data {
            ValueData::Finite(n) => Value::Finite(n),
            ValueData::Infinite(k) => Value::Infinite(set(k)),
        }
    }
}

/// `k` ascending, without repeats: a set `K` as [`Value::Infinite`] holds it.
fn set(mut k: Vec<Nimber>) -> Vec<Nimber> {
    k.sort_unstable();
    k.dedup();
    k
}

impl Value {
    /// The outcome of a position of this value: `*0` is P, another nimber N, `∞{K}` is N when
    /// `0 ∈ K` (a move to `*0` wins) and D otherwise.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::loopy::{Outcome, Value};
    /// use grundy::Nimber;
    /// assert_eq!(Value::Finite(Nimber::ZERO).outcome(), Outcome::Previous);
    /// assert_eq!(Value::Infinite(vec![Nimber::ONE]).outcome(), Outcome::Draw);
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        match self {
            Value::Finite(n) if n.is_zero() => Outcome::Previous,
            Value::Finite(_) => Outcome::Next,
            // `contains`, not the first element: a `K` built by hand may be in any order.
            Value::Infinite(k) if k.contains(&Nimber::ZERO) => Outcome::Next,
            Value::Infinite(_) => Outcome::Draw,
        }
    }

    /// The nimber, when the value is finite.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::loopy::Value;
    /// use grundy::Nimber;
    /// assert_eq!(Value::Finite(Nimber::ONE).finite(), Some(Nimber::ONE));
    /// assert_eq!(Value::Infinite(vec![]).finite(), None);
    /// ```
    #[must_use]
    pub fn finite(&self) -> Option<Nimber> {
        match self {
            Value::Finite(n) => Some(*n),
            Value::Infinite(_) => None,
        }
    }

    /// The value of the sum of positions of values `self` and `other` (Smith's rule):
    /// `*a + *b = *(a ⊕ b)`, `∞{K} + *b = ∞{K ⊕ b}` (every element of `K` XORed with `b`,
    /// ascending and without repeats whatever the order of `K`), and `∞{K} + ∞{L} = ∞{}`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::loopy::Value;
    /// use grundy::Nimber;
    /// let a = Value::Finite(Nimber::new(5));
    /// let b = Value::Finite(Nimber::new(3));
    /// assert_eq!(a.sum(&b), Value::Finite(Nimber::new(6)));
    /// let k = Value::Infinite(vec![Nimber::new(1), Nimber::new(2)]);
    /// assert_eq!(k.sum(&b), Value::Infinite(vec![Nimber::new(1), Nimber::new(2)]));
    /// ```
    #[must_use]
    pub fn sum(&self, other: &Value) -> Value {
        match (self, other) {
            (Value::Finite(a), Value::Finite(b)) => Value::Finite(*a + *b),
            (Value::Infinite(k), Value::Finite(b)) | (Value::Finite(b), Value::Infinite(k)) => {
                Value::Infinite(set(k.iter().map(|&n| n + *b).collect()))
            }
            (Value::Infinite(_), Value::Infinite(_)) => Value::Infinite(Vec::new()),
        }
    }
}

/// `*n`, or `∞{K}` with the elements of `K` as numbers (`∞{}` for the empty set).
///
/// A width pads the whole (by its fill and alignment, on the right by default, as a string
/// is padded); a precision is ignored, as [`Nimber`]'s `Display` ignores it, rather than
/// cutting the value short.
///
/// # Examples
///
/// ```
/// use grundy::loopy::Value;
/// use grundy::Nimber;
/// assert_eq!(Value::Finite(Nimber::new(2)).to_string(), "*2");
/// assert_eq!(Value::Infinite(vec![]).to_string(), "∞{}");
/// assert_eq!(format!("[{:<7}]", Value::Infinite(vec![Nimber::ONE])), "[∞{1}   ]");
/// assert_eq!(format!("[{:>5.1}]", Value::Finite(Nimber::new(12))), "[  *12]");
/// ```
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use core::fmt::Write;
        // Written whole first, so that a width pads it as a whole.
        let mut text = String::new();
        match self {
            Value::Finite(n) => write!(text, "*{}", n.get())?,
            Value::Infinite(k) => {
                text.push_str("∞{");
                for (i, n) in k.iter().enumerate() {
                    if i > 0 {
                        text.push(',');
                    }
                    write!(text, "{}", n.get())?;
                }
                text.push('}');
            }
        }
        // Padded as a whole, a precision ignored (`f.pad` would cut the text to it).
        crate::nimber::pad_whole(f, &text)
    }
}
