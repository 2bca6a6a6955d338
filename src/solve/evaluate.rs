//! What the solvers have in common: a Grundy value and the moves to a given value.

use crate::{Error, Game, Nimber};
use alloc::vec::Vec;

/// Something that knows the Grundy values of positions of `G`: a search ([`Solver`]), a closed
/// form ([`ClosedForms`]), or a pair of evaluators for a pair of games.
///
/// Sums of games are solved through this trait: the Sprague–Grundy theorem needs only each
/// component's value and, for each component, its moves to one chosen value.
///
/// [`Solver`]: crate::Solver
///
/// # Examples
///
/// ```
/// use grundy::games::Nim;
/// use grundy::{ClosedForms, Evaluator, Nimber, Solver};
///
/// let nim = Nim::new(vec![3u8, 5]);
/// let by_formula = ClosedForms.grundy(&nim)?;
/// let by_search = Solver::new().grundy(&nim)?;
/// assert_eq!(by_formula, by_search);
/// assert_eq!(by_formula, Nimber::new(6));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Evaluator<G: Game> {
    /// The normal-play Grundy value of `position`.
    ///
    /// # Errors
    ///
    /// Whatever the evaluator cannot answer: a cycle or a position limit for a search, a table
    /// limit for a game computed by table.
    fn grundy(&mut self, position: &G) -> Result<Nimber, Error>;

    /// Every move from `position` to a position of Grundy value `target`, with the position it
    /// leads to. With `target = *0` these are the winning moves under normal play.
    ///
    /// # Errors
    ///
    /// As for [`grundy`](Evaluator::grundy).
    fn moves_to_value(&mut self, position: &G, target: Nimber) -> Result<Vec<(G::Move, G)>, Error>;
}

/// A game whose Grundy values are known without a search: by a formula, or by a table
/// computed once.
///
/// The games in [`games`](crate::games) implement it; so do [`Sum`](crate::Sum) and pairs of
/// such games. [`ClosedForms`] turns it into an [`Evaluator`].
///
/// # Laws
///
/// For every position `p`, `p.grundy_value()` equals the mex of the values of its options
/// (what a [`Solver`](crate::Solver) computes), and `p.moves_to_value(t)` lists exactly the moves
/// of `p` whose resulting position has value `t`.
///
/// # Examples
///
/// ```
/// use grundy::games::Nim;
/// use grundy::{ClosedForm, Nimber};
///
/// let nim = Nim::new(vec![1u32, 2]);
/// assert_eq!(nim.grundy_value()?, Nimber::new(3));
/// assert_eq!(nim.moves_to_value(Nimber::ZERO)?.len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait ClosedForm: Game {
    /// The normal-play Grundy value of this position.
    ///
    /// # Errors
    ///
    /// Where the value needs a table or search beyond a limit, the limit's error.
    fn grundy_value(&self) -> Result<Nimber, Error>;

    /// Every move from this position to a position of Grundy value `target`.
    ///
    /// # Errors
    ///
    /// As for [`grundy_value`](ClosedForm::grundy_value).
    fn moves_to_value(&self, target: Nimber) -> Result<Vec<(Self::Move, Self)>, Error>;
}

/// The [`Evaluator`] of games with a [`ClosedForm`]: it holds no state and never searches.
///
/// # Examples
///
/// ```
/// use grundy::games::Nim;
/// use grundy::{ClosedForms, Evaluator, Nimber, Sum};
///
/// let sum = Sum::new(vec![Nim::new(vec![u128::MAX]), Nim::new(vec![1u128])]);
/// assert_eq!(sum.grundy(&mut ClosedForms)?, Nimber::new(u128::MAX - 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ClosedForms;

impl<G: ClosedForm> Evaluator<G> for ClosedForms {
    fn grundy(&mut self, position: &G) -> Result<Nimber, Error> {
        position.grundy_value()
    }

    fn moves_to_value(&mut self, position: &G, target: Nimber) -> Result<Vec<(G::Move, G)>, Error> {
        position.moves_to_value(target)
    }
}
