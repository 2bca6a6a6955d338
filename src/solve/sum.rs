//! Disjunctive sums of games.

use crate::solve::{ClosedForm, Evaluator};
use crate::{Error, Game, Nimber, Outcome};
use alloc::vec::Vec;
use core::iter::FromIterator;
use core::ops::ControlFlow;

/// The disjunctive sum of games of one type: a move is a move in exactly one component, and
/// the player who cannot move in any component loses (under normal play).
///
/// # Laws
///
/// The Sprague–Grundy theorem: `G(a + b + …) = G(a) ⊕ G(b) ⊕ …` (nim-sum). A move in
/// component `i`, from value `v` to value `w`, wins exactly when `w = v ⊕ x` for the total
/// `x`; so the winning moves are found component by component, without searching the product
/// of the components' positions. They include moves that *raise* a component's value, where
/// the component has them.
///
/// Under misère play there is no such shortcut: the misère outcome of a sum is found by a
/// [`Solver`](crate::Solver) over the sum itself (`Sum<G>` is a [`Game`]).
///
/// # Complexity
///
/// `grundy` evaluates each component once; `winning_moves` also asks each component for its
/// moves to one value. With a [`Solver`](crate::Solver) that is a search of each component's
/// own positions, shared through the solver's memo.
///
/// # Examples
///
/// ```
/// use core::ops::ControlFlow;
/// use grundy::{Game, Nimber, Play, Solver, Sum};
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
/// let sum = Sum::new(vec![Pile(4), Pile(5)]); // values *1 and *2
/// let mut solver = Solver::new();
/// assert_eq!(sum.grundy(&mut solver)?, Nimber::new(3));
/// // Two winning moves: the 5-pile to 4 (*2 -> *1), and the 4-pile to 2, which *raises* its
/// // value (*1 -> *2). Both leave *x + *x = *0.
/// let winning = sum.winning_moves(&mut solver)?;
/// assert_eq!(
///     winning,
///     vec![
///         ((0, 2), Sum::new(vec![Pile(2), Pile(5)])),
///         ((1, 1), Sum::new(vec![Pile(4), Pile(4)])),
///     ]
/// );
/// // Misère play needs a search of the sum itself.
/// let misere = Solver::new().outcome(&sum, Play::Misere)?;
/// assert!(misere.is_next());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Sum<G> {
    components: Vec<G>,
}

impl<G: Game> Sum<G> {
    /// The sum of `components`, in this order (moves name a component by its index).
    ///
    /// # Examples
    ///
    /// See [`Sum`].
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
    /// let sum: Sum<Nim<u8>> = Sum::new(vec![Nim::new(vec![1])]);
    /// assert_eq!(sum.components().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
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
    /// let sum = Sum::new(vec![Nim::new(vec![1u8])]);
    /// assert_eq!(sum.into_components(), vec![Nim::new(vec![1u8])]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn into_components(self) -> Vec<G> {
        self.components
    }

    /// The Grundy value of the sum: the nim-sum of the components' values.
    ///
    /// # Errors
    ///
    /// Whatever `evaluator` reports for a component.
    ///
    /// # Examples
    ///
    /// See [`Sum`].
    pub fn grundy<E: Evaluator<G>>(&self, evaluator: &mut E) -> Result<Nimber, Error> {
        let mut total = Nimber::ZERO;
        for c in &self.components {
            total += evaluator.grundy(c)?;
        }
        Ok(total)
    }

    /// Who wins the sum under normal play.
    ///
    /// # Errors
    ///
    /// Whatever `evaluator` reports for a component.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Nim, ClosedForms, Outcome, Sum};
    /// let sum = Sum::new(vec![Nim::new(vec![2u8]), Nim::new(vec![2u8])]);
    /// assert_eq!(sum.outcome(&mut ClosedForms)?, Outcome::Previous);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome<E: Evaluator<G>>(&self, evaluator: &mut E) -> Result<Outcome, Error> {
        Ok(Outcome::from_grundy(self.grundy(evaluator)?))
    }

    /// Every winning move of the sum under normal play, as `((component, move), position)`:
    /// the moves to positions of value `*0`.
    ///
    /// # Errors
    ///
    /// Whatever `evaluator` reports for a component.
    ///
    /// # Examples
    ///
    /// See [`Sum`].
    #[allow(clippy::type_complexity)]
    pub fn winning_moves<E: Evaluator<G>>(
        &self,
        evaluator: &mut E,
    ) -> Result<Vec<((usize, G::Move), Sum<G>)>, Error> {
        self.moves_to(evaluator, Nimber::ZERO)
    }

    /// Every move of the sum to a position of value `target`.
    #[allow(clippy::type_complexity)]
    fn moves_to<E: Evaluator<G>>(
        &self,
        evaluator: &mut E,
        target: Nimber,
    ) -> Result<Vec<((usize, G::Move), Sum<G>)>, Error> {
        let values = self
            .components
            .iter()
            .map(|c| evaluator.grundy(c))
            .collect::<Result<Vec<_>, _>>()?;
        let total: Nimber = values.iter().sum();
        let mut moves = Vec::new();
        for (i, (c, v)) in self.components.iter().zip(&values).enumerate() {
            // Component i must go from v to w with total ^ v ^ w = target.
            let w = *v + total + target;
            if w == *v {
                continue; // no move keeps a component's value
            }
            for (m, next) in evaluator.moves_to_value(c, w)? {
                let mut components = self.components.clone();
                components[i] = next;
                moves.push(((i, m), Sum { components }));
            }
        }
        Ok(moves)
    }
}

impl<G: Game> FromIterator<G> for Sum<G> {
    fn from_iter<I: IntoIterator<Item = G>>(iter: I) -> Self {
        Sum {
            components: iter.into_iter().collect(),
        }
    }
}

impl<G: Game> Game for Sum<G> {
    /// The component's index and its move.
    type Move = (usize, G::Move);

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(Self::Move, Self) -> ControlFlow<()>,
    {
        for (i, c) in self.components.iter().enumerate() {
            c.for_each_move(|m, next| {
                let mut components = self.components.clone();
                components[i] = next;
                visit((i, m), Sum { components })
            })?;
        }
        ControlFlow::Continue(())
    }
}

impl<G: ClosedForm> ClosedForm for Sum<G> {
    fn grundy_value(&self) -> Result<Nimber, Error> {
        self.grundy(&mut crate::ClosedForms)
    }

    fn moves_to_value(&self, target: Nimber) -> Result<Vec<(Self::Move, Self)>, Error> {
        self.moves_to(&mut crate::ClosedForms, target)
    }
}

/// A move in a sum of two games of different types, `(A, B)`: in the left or the right game.
///
/// A pair `(A, B)` of games is itself a [`Game`], their disjunctive sum; a pair of evaluators
/// `(EA, EB)` evaluates it, so a pair of a searched game and a closed-form game is solved by
/// `(Solver::new(), ClosedForms)`. Nest pairs for more components: `((A, B), C)`.
///
/// # Examples
///
/// ```
/// use core::ops::ControlFlow;
/// use grundy::games::{Nim, NimMove};
/// use grundy::{ClosedForms, Evaluator, Game, Nimber, Side, Solver};
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
/// let position = (Pile(5), Nim::new(vec![3u64])); // *2 + *3 = *1
/// let mut evaluator = (Solver::new(), ClosedForms);
/// assert_eq!(evaluator.grundy(&position)?, Nimber::ONE);
/// // The pile cannot reach *3, so the one winning move is the heap's, from 3 to 2.
/// let winning = evaluator.moves_to_value(&position, Nimber::ZERO)?;
/// assert_eq!(winning, vec![(Side::Right(NimMove { heap: 0, to: 2 }), (Pile(5), Nim::new(vec![2])))]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side<L, R> {
    /// A move in the left game of the pair.
    Left(L),
    /// A move in the right game of the pair.
    Right(R),
}

impl<A: Game, B: Game> Game for (A, B) {
    type Move = Side<A::Move, B::Move>;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(Self::Move, Self) -> ControlFlow<()>,
    {
        self.0
            .for_each_move(|m, a| visit(Side::Left(m), (a, self.1.clone())))?;
        self.1
            .for_each_move(|m, b| visit(Side::Right(m), (self.0.clone(), b)))
    }
}

/// Moves of the pair `(a, b)` to value `target`, given evaluators of each side.
#[allow(clippy::type_complexity)]
fn pair_moves_to<A: Game, B: Game>(
    position: &(A, B),
    target: Nimber,
    left: &mut impl Evaluator<A>,
    right: &mut impl Evaluator<B>,
) -> Result<Vec<(Side<A::Move, B::Move>, (A, B))>, Error> {
    let (a, b) = position;
    let va = left.grundy(a)?;
    let vb = right.grundy(b)?;
    let mut moves = Vec::new();
    // Left must reach w with w ^ vb = target; right must reach w with va ^ w = target.
    let wa = vb + target;
    if wa != va {
        for (m, next) in left.moves_to_value(a, wa)? {
            moves.push((Side::Left(m), (next, b.clone())));
        }
    }
    let wb = va + target;
    if wb != vb {
        for (m, next) in right.moves_to_value(b, wb)? {
            moves.push((Side::Right(m), (a.clone(), next)));
        }
    }
    Ok(moves)
}

impl<A: Game, B: Game, EA: Evaluator<A>, EB: Evaluator<B>> Evaluator<(A, B)> for (EA, EB) {
    fn grundy(&mut self, position: &(A, B)) -> Result<Nimber, Error> {
        Ok(self.0.grundy(&position.0)? + self.1.grundy(&position.1)?)
    }

    fn moves_to_value(
        &mut self,
        position: &(A, B),
        target: Nimber,
    ) -> Result<Vec<(Side<A::Move, B::Move>, (A, B))>, Error> {
        pair_moves_to(position, target, &mut self.0, &mut self.1)
    }
}

impl<A: ClosedForm, B: ClosedForm> ClosedForm for (A, B) {
    fn grundy_value(&self) -> Result<Nimber, Error> {
        Ok(self.0.grundy_value()? + self.1.grundy_value()?)
    }

    fn moves_to_value(&self, target: Nimber) -> Result<Vec<(Self::Move, Self)>, Error> {
        pair_moves_to(
            self,
            target,
            &mut crate::ClosedForms,
            &mut crate::ClosedForms,
        )
    }
}
