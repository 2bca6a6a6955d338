//! What every evaluator answers: the same questions as [`ClosedForm`](crate::ClosedForm),
//! about positions it is handed.

use crate::{Error, Game, Nimber, Outcome, Play};

/// Something that answers the questions of [`ClosedForm`](crate::ClosedForm) about positions
/// of `G`: a search ([`Solver`](crate::Solver)), the game's own closed form
/// ([`Direct`](crate::Direct)), or a tuple of evaluators for a sum of games of different
/// kinds.
///
/// The names and return values are those of [`ClosedForm`](crate::ClosedForm), with the
/// position as an argument: `grundy`, `outcome`, `winning_moves`, `moves_to_value`, each a
/// `Result`. An evaluator supplies `grundy`, `moves_to_value` and, if it can, `outcome`
/// under misère play; the rest is provided.
///
/// # Examples
///
/// ```
/// use grundy::games::Nim;
/// use grundy::{Direct, Evaluator, Nimber, Solver};
///
/// let nim = Nim::from([3u8, 5]);
/// let by_formula = Direct.grundy(&nim)?;
/// let by_search = Solver::new().grundy(&nim)?;
/// assert_eq!(by_formula, by_search);
/// assert_eq!(by_formula, Nimber::new(6));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Evaluator<G: Game> {
    /// The iterator of moves that [`moves_to_value`](Evaluator::moves_to_value) and
    /// [`winning_moves`](Evaluator::winning_moves) return.
    type MovesTo<'a>: Iterator<Item = G::Move> + 'a
    where
        Self: 'a,
        G: 'a;

    /// The normal-play Grundy value of `position`.
    ///
    /// # Errors
    ///
    /// Whatever the evaluator cannot answer: a cycle or a position limit for a search, a table
    /// budget for a game computed by table.
    fn grundy(&mut self, position: &G) -> Result<Nimber, Error>;

    /// Every move from `position` to a position of Grundy value `target`. With `target = *0`
    /// these are the winning moves under normal play.
    ///
    /// # Errors
    ///
    /// As for [`grundy`](Evaluator::grundy).
    fn moves_to_value<'a>(
        &'a mut self,
        position: &'a G,
        target: Nimber,
    ) -> Result<Self::MovesTo<'a>, Error>;

    /// Who wins `position` under `play`. The provided method answers normal play from the
    /// Grundy value and misère play with [`Error::MisereUnsupported`].
    ///
    /// # Errors
    ///
    /// As for [`grundy`](Evaluator::grundy); [`Error::MisereUnsupported`] where the evaluator
    /// cannot answer misère play.
    fn outcome(&mut self, position: &G, play: Play) -> Result<Outcome, Error> {
        match play {
            Play::Normal => self.grundy(position).map(Outcome::from_grundy),
            Play::Misere => Err(Error::MisereUnsupported {
                game: super::closed_form::short_type_name::<G>(),
            }),
        }
    }

    /// Every winning move from `position` under `play`: exactly the moves to P-positions.
    ///
    /// # Errors
    ///
    /// As for [`outcome`](Evaluator::outcome).
    fn winning_moves<'a>(
        &'a mut self,
        position: &'a G,
        play: Play,
    ) -> Result<Self::MovesTo<'a>, Error> {
        match play {
            Play::Normal => self.moves_to_value(position, Nimber::ZERO),
            Play::Misere => Err(Error::MisereUnsupported {
                game: super::closed_form::short_type_name::<G>(),
            }),
        }
    }
}
