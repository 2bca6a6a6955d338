//! Sums of up to twelve games of different kinds: tuples `(A, B, C, …)`.
//!
//! Ask a tuple of the crate's games itself (`sum.grundy()`), or a tuple of evaluators
//! (`(Direct, Direct, Solver::new())`) when a game of your own is in it: both answer part by
//! part. A [`Solver`](crate::Solver) of the whole tuple searches the product of the parts'
//! positions (467,712 for Kayles 25 + Nim 7 + Wythoff (3, 5)); use it only for misère play.
//! See [which evaluator for a sum](crate::solve#which-evaluator-for-a-sum).

use crate::solve::{ClosedForm, Evaluator};
use crate::{Error, Game, Nimber, Outcome};
use alloc::boxed::Box;
use core::fmt;
use core::ops::ControlFlow;

/// A move in a sum of games of different kinds, a tuple `(A, B, C, …)`: `Part::P2(m)` is the
/// move `m` in component `.2`.
///
/// **Numbering:** the variant is the component's field of the tuple, 0-based: `P0` for `.0`,
/// `P1` for `.1`, and so on; the move inside is numbered as that component's own moves are.
///
/// A tuple of up to twelve games is itself a [`Game`], their disjunctive sum, with no
/// nesting; its moves are `Part<A::Move, B::Move, C::Move>` (the unused parameters are
/// [`NoComponent`], a type with no value, so a `match` on a move taken by value names only
/// the components there are; through a reference, add a `_` arm). With the `serde` feature
/// a move is (de)serialised as its variant and the move in it, for a tuple of any size. A tuple of games with
/// a [`ClosedForm`] has one too, and a tuple of evaluators evaluates a tuple of games: a
/// game of your own sits in a sum beside the crate's games with a
/// [`Solver`](crate::Solver) in its place and [`Direct`](crate::Direct) in theirs. The value
/// and every winning move are found component by component (the Sprague–Grundy theorem),
/// never by searching the product.
///
/// **Which evaluator.** Ask the tuple itself (its [`ClosedForm`], when every part has one)
/// or a tuple of evaluators, one per part. Not a `Solver` of the whole tuple under normal
/// play: [`Solver::grundy`](crate::Solver::grundy) on a tuple cannot split it into parts
/// of one type, so it searches the product of the parts' positions (467,712 positions for
/// Kayles 25 + Nim 7 + Wythoff (3, 5), against three values read by `sum.grundy()`). That
/// search is for misère play, where values do not add. See
/// [which evaluator for a sum](crate::solve#which-evaluator-for-a-sum).
///
/// # Examples
///
/// A Kayles row, a Nim position, a Wythoff board and a game of your own:
///
/// ```
/// use core::ops::ControlFlow;
/// use grundy::games::{HeapRow, Nim, NimMove, Octal, Wythoff};
/// use grundy::prelude::*;
/// use grundy::{Direct, Part};
///
/// /// A pile from which a move takes one or two counters.
/// #[derive(Clone, PartialEq, Eq, Hash, Debug)]
/// struct Pile(u32);
/// impl Game for Pile {
///     type Move = u32;
///     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
///     where
///         F: FnMut(u32, Pile) -> ControlFlow<()>,
///     {
///         for take in 1..=self.0.min(2) {
///             visit(take, Pile(self.0 - take))?;
///         }
///         ControlFlow::Continue(())
///     }
/// }
///
/// let kayles = HeapRow::new(Octal::kayles(), [7u32]); // *2
/// let sum = (kayles, Nim::from([3u8]), Wythoff::new(1u64, 2), Pile(5)); // *2 + *3 + *0 + *2
/// let mut evaluator = (Direct, Direct, Direct, Solver::new());
/// assert_eq!(evaluator.grundy(&sum)?, Nimber::new(3));
/// let winning: Vec<_> = evaluator.winning_moves(&sum, Play::Normal)?.collect();
/// assert!(winning.contains(&Part::P1(NimMove { index: 0, to: 0 })));
/// for mv in winning {
///     let next = sum.play(mv)?;
///     assert_eq!(evaluator.grundy(&next)?, Nimber::ZERO);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(missing_docs)] // each variant is documented by the enum: `Pn` is component `.n`
pub enum Part<
    A,
    B,
    C = NoComponent,
    D = NoComponent,
    E = NoComponent,
    F = NoComponent,
    G = NoComponent,
    H = NoComponent,
    I = NoComponent,
    J = NoComponent,
    K = NoComponent,
    L = NoComponent,
> {
    P0(A),
    P1(B),
    P2(C),
    P3(D),
    P4(E),
    P5(F),
    P6(G),
    P7(H),
    P8(I),
    P9(J),
    P10(K),
    P11(L),
}

/// The move of a component a tuple does not have: the unused parameters of [`Part`]. It has
/// no value (an enum with no variant), so no such move can be made, and a `match` on a
/// [`Part`] taken by value needs no arm for it. Unlike [`Infallible`](core::convert::Infallible),
/// it has every trait a move needs, `serde`'s included, so the moves of a tuple of any size
/// can be written and read.
///
/// # Examples
///
/// ```
/// use grundy::{NoComponent, Part};
///
/// fn component(mv: Part<u8, char>) -> String {
///     match mv {
///         Part::P0(n) => format!("a count {n}"),
///         Part::P1(c) => format!("a letter {c}"),
///     }
/// }
/// assert_eq!(component(Part::P1('x')), "a letter x");
/// let _: Part<u8, char, NoComponent> = Part::P0(3);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum NoComponent {}

/// Never written: there is no value to write.
impl fmt::Display for NoComponent {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

impl<A, B, C, D, E, F, G, H, I, J, K, L> Part<A, B, C, D, E, F, G, H, I, J, K, L> {
    /// The index of the component the move is made in.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::Part;
    /// assert_eq!(Part::<u8, u8>::P1(3).component(), 1);
    /// ```
    #[must_use]
    pub const fn component(&self) -> usize {
        match self {
            Part::P0(_) => 0,
            Part::P1(_) => 1,
            Part::P2(_) => 2,
            Part::P3(_) => 3,
            Part::P4(_) => 4,
            Part::P5(_) => 5,
            Part::P6(_) => 6,
            Part::P7(_) => 7,
            Part::P8(_) => 8,
            Part::P9(_) => 9,
            Part::P10(_) => 10,
            Part::P11(_) => 11,
        }
    }
}

/// `in component 2: …`, then the move in that component's own notation.
impl<A, B, C, D, E, F, G, H, I, J, K, L> fmt::Display for Part<A, B, C, D, E, F, G, H, I, J, K, L>
where
    A: fmt::Display,
    B: fmt::Display,
    C: fmt::Display,
    D: fmt::Display,
    E: fmt::Display,
    F: fmt::Display,
    G: fmt::Display,
    H: fmt::Display,
    I: fmt::Display,
    J: fmt::Display,
    K: fmt::Display,
    L: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "in component {}: ", self.component())?;
        match self {
            Part::P0(m) => m.fmt(f),
            Part::P1(m) => m.fmt(f),
            Part::P2(m) => m.fmt(f),
            Part::P3(m) => m.fmt(f),
            Part::P4(m) => m.fmt(f),
            Part::P5(m) => m.fmt(f),
            Part::P6(m) => m.fmt(f),
            Part::P7(m) => m.fmt(f),
            Part::P8(m) => m.fmt(f),
            Part::P9(m) => m.fmt(f),
            Part::P10(m) => m.fmt(f),
            Part::P11(m) => m.fmt(f),
        }
    }
}

/// The lazy moves of a tuple of games, component after component.
type TupleMoves<'a, M> = Box<dyn Iterator<Item = M> + 'a>;

macro_rules! tuple_sum {
    ($( ($idx:tt, $T:ident, $E:ident, $e:ident, $P:ident) ),+) => {
        impl<$($T: Game),+> Game for ($($T,)+) {
            type Move = Part<$($T::Move),+>;

            fn for_each_move<Visit>(&self, mut visit: Visit) -> ControlFlow<()>
            where
                Visit: FnMut(Self::Move, Self) -> ControlFlow<()>,
            {
                $(
                    self.$idx.for_each_move(|m, part| {
                        let mut next = self.clone();
                        next.$idx = part;
                        visit(Part::$P(m), next)
                    })?;
                )+
                ControlFlow::Continue(())
            }

            fn fault(&self) -> Option<Error> {
                None $( .or_else(|| self.$idx.fault()) )+
            }

            fn owned_bytes(&self) -> usize {
                0usize $( .saturating_add(self.$idx.owned_bytes()) )+
            }

            fn play(&self, mv: Self::Move) -> Result<Self, Error> {
                let mut next = self.clone();
                match mv {
                    $( Part::$P(m) => next.$idx = self.$idx.play(m)?, )+
                }
                Ok(next)
            }
        }

        impl<$($T: ClosedForm),+> ClosedForm for ($($T,)+) {
            type MovesTo<'a> = TupleMoves<'a, Self::Move> where Self: 'a;

            /// The nim-sum of the components' values.
            fn grundy(&self) -> Result<Nimber, Error> {
                Ok(Nimber::ZERO $( + self.$idx.grundy()? )+)
            }

            fn moves_to_value(&self, target: Nimber) -> Result<Self::MovesTo<'_>, Error> {
                let values = ($( self.$idx.grundy()?, )+);
                let change = Nimber::ZERO $( + values.$idx )+ + target;
                let mut moves: Self::MovesTo<'_> = Box::new(core::iter::empty());
                if !change.is_zero() {
                    $(
                        let part = self.$idx.moves_to_value(values.$idx + change)?.map(Part::$P);
                        moves = Box::new(moves.chain(part));
                    )+
                }
                Ok(moves)
            }

            fn misere_outcome(&self) -> Result<Outcome, Error> {
                Err(Error::MisereUnsupported { game: "a sum" })
            }

            fn misere_winning_moves(&self) -> Result<Self::MovesTo<'_>, Error> {
                Err(Error::MisereUnsupported { game: "a sum" })
            }
        }

        impl<$($T: Game,)+ $($E: Evaluator<$T>,)+> Evaluator<($($T,)+)> for ($($E,)+) {
            type MovesTo<'a> = TupleMoves<'a, Part<$($T::Move),+>> where Self: 'a, ($($T,)+): 'a;

            fn grundy(&mut self, position: &($($T,)+)) -> Result<Nimber, Error> {
                Ok(Nimber::ZERO $( + self.$idx.grundy(&position.$idx)? )+)
            }

            fn moves_to_value<'a>(
                &'a mut self,
                position: &'a ($($T,)+),
                target: Nimber,
            ) -> Result<Self::MovesTo<'a>, Error> {
                let values = ($( self.$idx.grundy(&position.$idx)?, )+);
                let change = Nimber::ZERO $( + values.$idx )+ + target;
                let mut moves: Self::MovesTo<'a> = Box::new(core::iter::empty());
                if !change.is_zero() {
                    let ($($e,)+) = self;
                    $(
                        let part = $e
                            .moves_to_value(&position.$idx, values.$idx + change)?
                            .map(Part::$P);
                        moves = Box::new(moves.chain(part));
                    )+
                }
                Ok(moves)
            }
        }
    };
}

tuple_sum!((0, A, EA, a, P0), (1, B, EB, b, P1));
tuple_sum!((0, A, EA, a, P0), (1, B, EB, b, P1), (2, C, EC, c, P2));
tuple_sum!(
    (0, A, EA, a, P0),
    (1, B, EB, b, P1),
    (2, C, EC, c, P2),
    (3, D, ED, d, P3)
);
tuple_sum!(
    (0, A, EA, a, P0),
    (1, B, EB, b, P1),
    (2, C, EC, c, P2),
    (3, D, ED, d, P3),
    (4, E, EE, e, P4)
);
tuple_sum!(
    (0, A, EA, a, P0),
    (1, B, EB, b, P1),
    (2, C, EC, c, P2),
    (3, D, ED, d, P3),
    (4, E, EE, e, P4),
    (5, F, EF, f, P5)
);
tuple_sum!(
    (0, A, EA, a, P0),
    (1, B, EB, b, P1),
    (2, C, EC, c, P2),
    (3, D, ED, d, P3),
    (4, E, EE, e, P4),
    (5, F, EF, f, P5),
    (6, G, EG, g, P6)
);
tuple_sum!(
    (0, A, EA, a, P0),
    (1, B, EB, b, P1),
    (2, C, EC, c, P2),
    (3, D, ED, d, P3),
    (4, E, EE, e, P4),
    (5, F, EF, f, P5),
    (6, G, EG, g, P6),
    (7, H, EH, h, P7)
);
tuple_sum!(
    (0, A, EA, a, P0),
    (1, B, EB, b, P1),
    (2, C, EC, c, P2),
    (3, D, ED, d, P3),
    (4, E, EE, e, P4),
    (5, F, EF, f, P5),
    (6, G, EG, g, P6),
    (7, H, EH, h, P7),
    (8, I, EI, i, P8)
);
tuple_sum!(
    (0, A, EA, a, P0),
    (1, B, EB, b, P1),
    (2, C, EC, c, P2),
    (3, D, ED, d, P3),
    (4, E, EE, e, P4),
    (5, F, EF, f, P5),
    (6, G, EG, g, P6),
    (7, H, EH, h, P7),
    (8, I, EI, i, P8),
    (9, J, EJ, j, P9)
);
tuple_sum!(
    (0, A, EA, a, P0),
    (1, B, EB, b, P1),
    (2, C, EC, c, P2),
    (3, D, ED, d, P3),
    (4, E, EE, e, P4),
    (5, F, EF, f, P5),
    (6, G, EG, g, P6),
    (7, H, EH, h, P7),
    (8, I, EI, i, P8),
    (9, J, EJ, j, P9),
    (10, K, EK, k, P10)
);
tuple_sum!(
    (0, A, EA, a, P0),
    (1, B, EB, b, P1),
    (2, C, EC, c, P2),
    (3, D, ED, d, P3),
    (4, E, EE, e, P4),
    (5, F, EF, f, P5),
    (6, G, EG, g, P6),
    (7, H, EH, h, P7),
    (8, I, EI, i, P8),
    (9, J, EJ, j, P9),
    (10, K, EK, k, P10),
    (11, L, EL, l, P11)
);
