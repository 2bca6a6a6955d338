//! Disjunctive sums of any number of games of one type.
//!
//! A `Sum` is answered component by component by the sum itself (its [`ClosedForm`], when
//! the components have one), by a `Solver<G>` of its components, or by a `Solver<Sum<G>>`,
//! which splits it into its components under normal play. For games of different kinds, a
//! tuple: ask the tuple itself or a tuple of evaluators, not a `Solver` of the whole tuple,
//! which searches the product (see
//! [which evaluator for a sum](crate::solve#which-evaluator-for-a-sum)).

use crate::solve::{ClosedForm, Evaluator, Solver};
use crate::{Error, Game, Nimber, Outcome};
use alloc::vec::Vec;
use core::fmt;
use core::iter::{FromIterator, FusedIterator};
use core::ops::ControlFlow;

/// The disjunctive sum of any number of games of one type: a move is a move in exactly one
/// component, and the player who cannot move in any component loses (under normal play).
///
/// For a sum of games of *different* types, use a tuple `(A, B, C, …)` (up to twelve
/// components, see [`Part`](crate::Part)); a `Sum` of an enum of your games holds any number.
///
/// # Laws
///
/// The Sprague–Grundy theorem: `G(a + b + …) = G(a) ⊕ G(b) ⊕ …` (nim-sum). A move in
/// component `i`, from value `v` to value `w`, reaches value `t` exactly when `w = v ⊕ x ⊕ t`
/// for the total `x`; so the moves to a value, and the winning moves (`t = *0`), are found
/// component by component, never by searching the product of the components' positions.
/// They include moves that *raise* a component's value, where the component has them.
///
/// Under misère play there is no such shortcut: the misère outcome of a sum is found by a
/// [`Solver`] over the sum itself (a `Sum<G>` is a [`Game`]); asked directly, a sum answers
/// misère questions with [`Error::MisereUnsupported`]. Rows of one heap game are the
/// exception the theory gives: their sum is one row
/// ([`HeapRow::joined`](crate::games::HeapRow::joined)), which the game's misère quotient
/// answers ([`crate::misere`]).
///
/// # Complexity
///
/// `grundy` evaluates each component once; `moves_to_value` also asks each component for its
/// moves to one value, lazily. A [`Solver<G>`] evaluates a `Sum<G>` of games it searches the
/// same way, sharing its memo across the components.
///
/// # Examples
///
/// ```
/// use core::ops::ControlFlow;
/// use grundy::prelude::*;
/// use grundy::{Sum, SumMove};
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
/// let sum = Sum::from([Pile(4), Pile(5)]); // values *1 and *2
/// // A solver of piles answers a sum of piles component by component.
/// let mut solver = Solver::<Pile>::new();
/// assert_eq!(solver.grundy(&sum)?, Nimber::new(3));
/// // Two winning moves: the 5-pile to 4 (*2 -> *1), and the 4-pile to 2, which *raises* its
/// // value (*1 -> *2). Both leave *x + *x = *0.
/// let winning: Vec<_> = solver.winning_moves(&sum, Play::Normal)?.collect();
/// assert_eq!(winning, [SumMove { component: 0, mv: 2 }, SumMove { component: 1, mv: 1 }]);
/// assert_eq!(sum.play(winning[0])?, Sum::from([Pile(2), Pile(5)]));
/// // Misère play needs a search of the sum itself: a solver of sums of piles.
/// let misere = Solver::<Sum<Pile>>::new().outcome(&sum, Play::Misere)?;
/// assert!(misere.is_next());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Sum<G> {
    components: Vec<G>,
}

/// A move of a [`Sum`]: the move `mv` in component number `component`.
///
/// **Numbering:** `component` is 0-based into [`Sum::components`], in the order the sum was
/// built (a sum never reorders its components); `mv` is numbered as that component's moves
/// are.
///
/// # Examples
///
/// ```
/// use grundy::games::{Nim, NimMove};
/// use grundy::{Game, Sum, SumMove};
///
/// let sum = Sum::from([Nim::from([3u8]), Nim::from([1u8])]);
/// let mv = SumMove { component: 0, mv: NimMove { index: 0, to: 1 } };
/// assert_eq!(sum.play(mv)?, Sum::from([Nim::from([1u8]), Nim::from([1u8])]));
/// assert_eq!(mv.to_string(), "in component 0: reduce heap 0 to 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SumMove<M> {
    /// The index of the component moved in.
    pub component: usize,
    /// The move made in it.
    pub mv: M,
}

impl<M: fmt::Display> fmt::Display for SumMove<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "in component {}: {}", self.component, self.mv)
    }
}

impl<G> Sum<G> {
    /// The sum of `components`, in this order (moves name a component by its index).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Nim, Sum};
    /// let sum = Sum::new(vec![Nim::from([1u8]), Nim::from([2u8])]);
    /// assert_eq!(sum.components().len(), 2);
    /// ```
    #[must_use]
    pub fn new(components: Vec<G>) -> Self {
        Sum { components }
    }

    /// The components, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Nim, Sum};
    /// let sum = Sum::from([Nim::from([1u8])]);
    /// assert_eq!(sum.components(), &[Nim::from([1u8])]);
    /// ```
    #[must_use]
    pub fn components(&self) -> &[G] {
        &self.components
    }

    /// The components, taken out of the sum.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Nim, Sum};
    /// let sum = Sum::from([Nim::from([1u8])]);
    /// assert_eq!(sum.into_components(), vec![Nim::from([1u8])]);
    /// ```
    #[must_use]
    pub fn into_components(self) -> Vec<G> {
        self.components
    }
}

impl<G> From<Vec<G>> for Sum<G> {
    fn from(components: Vec<G>) -> Self {
        Sum { components }
    }
}

impl<G, const N: usize> From<[G; N]> for Sum<G> {
    fn from(components: [G; N]) -> Self {
        Sum {
            components: components.into(),
        }
    }
}

impl<G> FromIterator<G> for Sum<G> {
    fn from_iter<I: IntoIterator<Item = G>>(iter: I) -> Self {
        Sum {
            components: iter.into_iter().collect(),
        }
    }
}

impl<G> Extend<G> for Sum<G> {
    fn extend<I: IntoIterator<Item = G>>(&mut self, iter: I) {
        self.components.extend(iter);
    }
}

impl<G> IntoIterator for Sum<G> {
    type Item = G;
    type IntoIter = alloc::vec::IntoIter<G>;
    fn into_iter(self) -> Self::IntoIter {
        self.components.into_iter()
    }
}

impl<'a, G> IntoIterator for &'a Sum<G> {
    type Item = &'a G;
    type IntoIter = core::slice::Iter<'a, G>;
    fn into_iter(self) -> Self::IntoIter {
        self.components.iter()
    }
}

/// The components joined by ` + `, as sums are written: `(3, 5) + (1, 2)`.
impl<G: fmt::Display> fmt::Display for Sum<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.components.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            write!(f, "{c}")?;
        }
        if self.components.is_empty() {
            f.write_str("0")?;
        }
        Ok(())
    }
}

impl<G: Game> Game for Sum<G> {
    type Move = SumMove<G::Move>;

    /// The buffer of its components, and what each owns.
    fn owned_bytes(&self) -> usize {
        (self.components.capacity() * size_of::<G>())
            .saturating_add(crate::game::owned_bytes_of(&self.components))
    }

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(Self::Move, Self) -> ControlFlow<()>,
    {
        for (component, c) in self.components.iter().enumerate() {
            c.for_each_move(|mv, next| {
                let mut components = self.components.clone();
                components[component] = next;
                visit(SumMove { component, mv }, Sum { components })
            })?;
        }
        ControlFlow::Continue(())
    }

    /// The first fault of a component.
    fn fault(&self) -> Option<Error> {
        self.components.iter().find_map(Game::fault)
    }

    /// The finest split, each part a sum of one: the parts of each component that splits
    /// ([`Game::parts`]), and each other component whole; `None` when that is fewer than
    /// two. A [`Solver`] of sums memoises the parts, not their combinations, under normal
    /// play, and a sum of one component that splits is searched part by part, as a solver of
    /// the component would search it.
    fn parts(&self) -> Option<Vec<Self>> {
        let one = |c: G| Sum {
            components: alloc::vec![c],
        };
        let mut parts = Vec::new();
        for c in &self.components {
            match c.parts().filter(|split| split.len() >= 2) {
                Some(split) => parts.extend(split.into_iter().map(one)),
                None => parts.push(one(c.clone())),
            }
        }
        (parts.len() >= 2).then_some(parts)
    }

    fn play(&self, mv: Self::Move) -> Result<Self, Error> {
        let Some(c) = self.components.get(mv.component) else {
            return Err(Error::IllegalMove {
                reason: alloc::format!(
                    "there is no component {} in a sum of {}",
                    mv.component,
                    self.components.len()
                ),
            });
        };
        let next = c.play(mv.mv)?;
        let mut components = self.components.clone();
        components[mv.component] = next;
        Ok(Sum { components })
    }
}

/// The nim-sum of the components' values, from `value`, and what each must change by to
/// bring the sum to `target`.
fn change_to<G>(
    components: &[G],
    mut value: impl FnMut(&G) -> Result<Nimber, Error>,
    target: Nimber,
) -> Result<(Vec<Nimber>, Nimber), Error> {
    let mut values =
        crate::memory::with_capacity(components.len()).ok_or_else(|| Error::OutOfMemory {
            what: alloc::format!("the values of a sum of {} components", components.len()),
        })?;
    for c in components {
        values.push(value(c)?);
    }
    let total: Nimber = values.iter().sum();
    Ok((values, total + target))
}

/// The moves of a [`Sum`] of games with a [`ClosedForm`] to a value, lazily, component by
/// component: from [`ClosedForm::moves_to_value`].
///
/// # Examples
///
/// ```
/// use grundy::{games::Nim, ClosedForm, Play, Sum};
/// let sum = Sum::from([Nim::from([1u8, 2]), Nim::from([4u8])]);
/// assert_eq!(sum.winning_moves(Play::Normal)?.count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct SumMoves<'a, G: ClosedForm + 'a> {
    parts: alloc::vec::IntoIter<(usize, G::MovesTo<'a>)>,
    current: Option<(usize, G::MovesTo<'a>)>,
}

impl<'a, G: ClosedForm + 'a> fmt::Debug for SumMoves<'a, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SumMoves")
            .field("components_left", &self.parts.len())
            .finish_non_exhaustive()
    }
}

impl<'a, G: ClosedForm + 'a> Iterator for SumMoves<'a, G> {
    type Item = SumMove<G::Move>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some((component, moves)) = &mut self.current {
                if let Some(mv) = moves.next() {
                    return Some(SumMove {
                        component: *component,
                        mv,
                    });
                }
            }
            self.current = Some(self.parts.next()?);
        }
    }
}

impl<'a, G: ClosedForm + 'a> FusedIterator for SumMoves<'a, G> {}

impl<G: ClosedForm> ClosedForm for Sum<G> {
    type MovesTo<'a>
        = SumMoves<'a, G>
    where
        G: 'a;

    /// The nim-sum of the components' values.
    fn grundy(&self) -> Result<Nimber, Error> {
        self.components.iter().map(G::grundy).sum()
    }

    fn moves_to_value(&self, target: Nimber) -> Result<SumMoves<'_, G>, Error> {
        let (values, change) = change_to(&self.components, G::grundy, target)?;
        let mut parts = Vec::new();
        if !change.is_zero() {
            parts =
                crate::memory::with_capacity(values.len()).ok_or_else(|| Error::OutOfMemory {
                    what: alloc::format!("the moves of a sum of {} components", values.len()),
                })?;
            for (i, (c, v)) in self.components.iter().zip(values).enumerate() {
                parts.push((i, c.moves_to_value(v + change)?));
            }
        }
        Ok(SumMoves {
            parts: parts.into_iter(),
            current: None,
        })
    }

    fn misere_outcome(&self) -> Result<Outcome, Error> {
        Err(Error::MisereUnsupported { game: "a sum" })
    }

    fn misere_winning_moves(&self) -> Result<SumMoves<'_, G>, Error> {
        Err(Error::MisereUnsupported { game: "a sum" })
    }
}

/// A solver of `G` evaluates a sum of `G`s component by component, sharing its memo across
/// the components (a [`Solver<Sum<G>>`] searches the sum itself, as misère play needs).
impl<G: Game> Evaluator<Sum<G>> for Solver<G> {
    type MovesTo<'a>
        = alloc::vec::IntoIter<SumMove<G::Move>>
    where
        G: 'a;

    fn grundy(&mut self, position: &Sum<G>) -> Result<Nimber, Error> {
        position
            .components
            .iter()
            .map(|c| Evaluator::<G>::grundy(self, c))
            .sum()
    }

    fn moves_to_value<'a>(
        &'a mut self,
        position: &'a Sum<G>,
        target: Nimber,
    ) -> Result<Self::MovesTo<'a>, Error> {
        let (values, change) = change_to(
            &position.components,
            |c| Evaluator::<G>::grundy(self, c),
            target,
        )?;
        let mut moves = Vec::new();
        if !change.is_zero() {
            for (component, (c, v)) in position.components.iter().zip(values).enumerate() {
                moves.extend(
                    Evaluator::<G>::moves_to_value(self, c, v + change)?
                        .map(|mv| SumMove { component, mv }),
                );
            }
        }
        Ok(moves.into_iter())
    }
}
