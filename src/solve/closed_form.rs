//! The one surface every game of the crate answers through: [`ClosedForm`], and [`Direct`],
//! the evaluator that asks it.

use crate::solve::Evaluator;
use crate::{Error, Game, Nimber, Outcome, Play};

/// A game whose questions are answered without a search: by a formula, or by a table of
/// values with a proven period.
///
/// Every game of the crate implements it once; the same questions about a game of your own
/// are answered by a [`Solver`](crate::Solver), with the same names and the same kinds of
/// return values (through [`Evaluator`]). A game supplies [`grundy`](ClosedForm::grundy) and
/// [`moves_to_value`](ClosedForm::moves_to_value), and misère play where it knows it; the
/// rest is provided:
///
/// | question | method | returns |
/// |---|---|---|
/// | its value | [`grundy`](ClosedForm::grundy) | `Result<Nimber, Error>` |
/// | who wins | [`outcome`](ClosedForm::outcome) | `Result<Outcome, Error>` |
/// | every winning move, lazily | [`winning_moves`](ClosedForm::winning_moves) | `Result<impl Iterator<Item = Move>, Error>` |
/// | the moves to a value | [`moves_to_value`](ClosedForm::moves_to_value) | `Result<impl Iterator<Item = Move>, Error>` |
/// | the position after a move | [`Game::play`] | `Result<Self, Error>` |
///
/// **One fallibility rule:** every question returns a `Result`. A closed form such as Nim's
/// never fails (its `# Errors` section says so); a game answered by a table fails when a heap
/// needs a table past its budget, and a game without a known misère solution answers misère
/// questions with [`Error::MisereUnsupported`].
///
/// The trait is not object-safe (it has a generic associated type and [`Game`]'s bounds).
///
/// # Laws
///
/// For every position `p`: `p.grundy()` is the mex of the values of `p`'s options (what a
/// [`Solver`](crate::Solver) computes); `p.moves_to_value(t)` lists exactly the moves of `p`
/// to a position of value `t`, each once; `p.outcome(Play::Normal)` is P ⇔ `p.grundy() = *0`;
/// `p.winning_moves(play)` lists exactly the moves to P-positions under `play`.
///
/// # Examples
///
/// The same three lines for any game:
///
/// ```
/// use grundy::games::{Nim, Wythoff};
/// use grundy::prelude::*;
///
/// fn describe<G: ClosedForm>(game: &G) -> Result<(Nimber, Outcome, usize), grundy::Error> {
///     let value = game.grundy()?;
///     let outcome = game.outcome(Play::Normal)?;
///     let winning = game.winning_moves(Play::Normal)?.count();
///     Ok((value, outcome, winning))
/// }
///
/// assert_eq!(describe(&Nim::from([3u8, 5, 7]))?, (Nimber::new(1), Outcome::Next, 3));
/// assert_eq!(describe(&Wythoff::new(3u64, 5))?, (Nimber::ZERO, Outcome::Previous, 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait ClosedForm: Game {
    /// The lazy iterator of moves that [`moves_to_value`](ClosedForm::moves_to_value) and
    /// [`winning_moves`](ClosedForm::winning_moves) return.
    type MovesTo<'a>: Iterator<Item = Self::Move> + 'a
    where
        Self: 'a;

    /// The normal-play Grundy value of this position.
    ///
    /// # Errors
    ///
    /// Where the value needs a table past its budget, the budget's error.
    fn grundy(&self) -> Result<Nimber, Error>;

    /// Every move from this position to a position of Grundy value `target`, lazily. With
    /// `target = *0` these are the winning moves under normal play.
    ///
    /// # Errors
    ///
    /// As for [`grundy`](ClosedForm::grundy).
    fn moves_to_value(&self, target: Nimber) -> Result<Self::MovesTo<'_>, Error>;

    /// Who wins under misère play. Games that know their misère solution override it.
    ///
    /// # Errors
    ///
    /// [`Error::MisereUnsupported`] unless the game overrides it.
    fn misere_outcome(&self) -> Result<Outcome, Error> {
        Err(Error::MisereUnsupported {
            game: short_type_name::<Self>(),
        })
    }

    /// Every winning move under misère play, lazily. Games that know their misère solution
    /// override it. A position with no move is won by the player to move, with no winning
    /// move listed.
    ///
    /// # Errors
    ///
    /// [`Error::MisereUnsupported`] unless the game overrides it.
    fn misere_winning_moves(&self) -> Result<Self::MovesTo<'_>, Error> {
        Err(Error::MisereUnsupported {
            game: short_type_name::<Self>(),
        })
    }

    /// Who wins under `play`: under normal play P exactly when the value is `*0`.
    ///
    /// # Errors
    ///
    /// As for [`grundy`](ClosedForm::grundy), or [`misere_outcome`](ClosedForm::misere_outcome).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Nim, ClosedForm, Outcome, Play};
    /// let nim = Nim::from([1u8, 1]);
    /// assert_eq!(nim.outcome(Play::Normal)?, Outcome::Previous);
    /// assert_eq!(nim.outcome(Play::Misere)?, Outcome::Next);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn outcome(&self, play: Play) -> Result<Outcome, Error> {
        match play {
            Play::Normal => self.grundy().map(Outcome::from_grundy),
            Play::Misere => self.misere_outcome(),
        }
    }

    /// Every winning move under `play`, lazily: exactly the moves to P-positions. Empty when
    /// the player to move loses, and under misère play also when there is no move at all:
    /// the player to move has won already (`Outcome::Next`, with nothing to play).
    ///
    /// # Errors
    ///
    /// As for [`outcome`](ClosedForm::outcome).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::{Nim, NimMove}, ClosedForm, Outcome, Play};
    /// let nim = Nim::from([1u8, 2, 4]);
    /// let winning: Vec<_> = nim.winning_moves(Play::Normal)?.collect();
    /// assert_eq!(winning, [NimMove { index: 2, to: 3 }]);
    ///
    /// // Misère play: with no move at all, the player to move has won, and plays nothing.
    /// let done = Nim::from([0u8]);
    /// assert_eq!(done.outcome(Play::Misere)?, Outcome::Next);
    /// assert_eq!(done.winning_moves(Play::Misere)?.count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn winning_moves(&self, play: Play) -> Result<Self::MovesTo<'_>, Error> {
        match play {
            Play::Normal => self.moves_to_value(Nimber::ZERO),
            Play::Misere => self.misere_winning_moves(),
        }
    }
}

/// The [`Evaluator`] of games with a [`ClosedForm`]: it holds no state, never searches, and
/// answers by asking the game.
///
/// Its use is in sums that mix games of the crate with games searched by a
/// [`Solver`](crate::Solver): a tuple of evaluators evaluates a tuple of games.
///
/// # Examples
///
/// ```
/// use grundy::games::Nim;
/// use grundy::{Direct, Evaluator, Nimber, Play, Solver};
///
/// let nim = Nim::from([3u8, 5]);
/// assert_eq!(Direct.grundy(&nim)?, Solver::new().grundy(&nim)?);
/// assert_eq!(Direct.winning_moves(&nim, Play::Normal)?.count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Direct;

impl<G: ClosedForm> Evaluator<G> for Direct {
    type MovesTo<'a>
        = G::MovesTo<'a>
    where
        G: 'a;

    fn grundy(&mut self, position: &G) -> Result<Nimber, Error> {
        position.grundy()
    }

    fn moves_to_value<'a>(
        &'a mut self,
        position: &'a G,
        target: Nimber,
    ) -> Result<G::MovesTo<'a>, Error> {
        position.moves_to_value(target)
    }

    fn outcome(&mut self, position: &G, play: Play) -> Result<Outcome, Error> {
        position.outcome(play)
    }

    fn winning_moves<'a>(
        &'a mut self,
        position: &'a G,
        play: Play,
    ) -> Result<G::MovesTo<'a>, Error> {
        position.winning_moves(play)
    }
}

/// The name of `T` without its module path or its type arguments (`HeapRow`, not
/// `grundy::games::heap_row::HeapRow<grundy::games::octal::Octal, u8>`, whose arguments kept
/// their own paths), for messages.
pub(crate) fn short_type_name<T: ?Sized>() -> &'static str {
    let name = core::any::type_name::<T>();
    // `find` and `rfind` return the places of ASCII characters: both are char boundaries.
    let head = name.find('<').unwrap_or(name.len());
    let start = name[..head].rfind("::").map_or(0, |i| i + 2);
    &name[start..head]
}
