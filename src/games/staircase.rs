//! Staircase Nim: coins on a staircase; a move carries coins from a step down one step.
//!
//! A namespace: [`Staircase`] and [`StaircaseMove`] are re-exported as `grundy::games::Staircase`
//! and `grundy::games::StaircaseMove`; this module also holds [`WinningMoves`], the lazy iterator
//! that the staircase's `winning_moves` and `moves_to_value` return. Name it here to write the
//! iterator's type down.

use crate::games::text::{parse_list, write_list};
use crate::solve::ClosedForm;
use crate::{Error, Game, Heap, Nimber};
use alloc::format;
use alloc::vec::Vec;
use core::fmt;
use core::iter::FusedIterator;
use core::ops::ControlFlow;
use core::str::FromStr;

/// A position of staircase Nim: coins on the steps `1, 2, …, n` of a staircase; a move
/// carries one or more coins from a step `s` down to step `s − 1` (from step 1 they leave the
/// staircase); whoever makes the last move wins (normal play).
///
/// The game is in E. R. Berlekamp, J. H. Conway and R. K. Guy, *Winning Ways for your
/// Mathematical Plays* (1982). Only the odd steps count:
/// the Grundy value is the nim-sum (XOR) of the coins on the odd steps. A move from an even
/// step can be undone by carrying the same coins on down from the odd step below, so the even
/// steps are a reserve that changes nothing; a move from an odd step is a Nim move on it. So
/// the position is Nim on the odd steps, except that an odd step can also **grow**, by coins
/// carried down from the even step above. Georgia–Bob ([`GeorgiaBob`](crate::games::GeorgiaBob))
/// is this game in disguise.
///
/// The coin counts are any unsigned type from `u8` to `u128` ([`Heap`]); the total number of
/// coins must fit in it, so that every move's result does too.
///
/// # Laws
///
/// `G = ⊕ (coins on odd steps)`. With `c = G ⊕ t`, the moves to a position of value `t ≠ G`
/// are, for each odd step `s` holding `a` coins, with `a' = a ⊕ c`:
///
/// - if `a' < a`: carry `a − a'` coins from step `s` down;
/// - if `a' > a`: carry `a' − a` coins from the even step `s + 1` down onto step `s`, when
///   step `s + 1` exists and holds at least that many.
///
/// Every move changes exactly one odd step, so these are all of them.
///
/// # Complexity
///
/// `new` O(n) for n steps; `grundy`, `outcome` O(n); `winning_moves` O(n) for all of them.
///
/// # Errors
///
/// [`Staircase::new`] returns [`Error::Overflow`] if the total number of coins does not fit in
/// `T`. The questions of [`ClosedForm`] never fail under normal play; misère staircase Nim
/// is not answered ([`Error::MisereUnsupported`]).
///
/// # Examples
///
/// ```
/// use grundy::games::{Staircase, StaircaseMove};
/// use grundy::prelude::*;
///
/// // Steps 1, 2, 3 hold 2, 5 and 3 coins: the odd steps hold 2 and 3, so G = *1.
/// let stairs = Staircase::new(vec![2u32, 5, 3])?;
/// assert_eq!(stairs.grundy()?, Nimber::new(1));
/// let winning: Vec<_> = stairs.winning_moves(Play::Normal)?.collect();
/// assert_eq!(
///     winning,
///     vec![
///         StaircaseMove { step: 2, coins: 1 }, // step 1 grows from 2 to 3 = 2 ^ 1
///         StaircaseMove { step: 3, coins: 1 }, // step 3 shrinks from 3 to 2 = 3 ^ 1
///     ]
/// );
/// for mv in winning {
///     assert_eq!(stairs.play(mv)?.outcome(Play::Normal)?, Outcome::Previous);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Staircase<T> {
    steps: Vec<T>,
}

/// A move of [`Staircase`]: carry `coins` coins from step `step` down to step `step − 1`;
/// from step 1 they leave the staircase.
///
/// **Numbering:** steps count from 1, the bottom step, as on the staircase (0 is the floor,
/// never a `step`): step `s` holds [`steps()`](Staircase::steps)`[s − 1]` coins.
///
/// # Examples
///
/// ```
/// use grundy::games::{Staircase, StaircaseMove};
/// use grundy::Game;
/// let mv = StaircaseMove { step: 2, coins: 3 };
/// let next = Staircase::new(vec![0u8, 4])?.play(mv)?;
/// assert_eq!(next.steps(), &[3, 1]);
/// assert_eq!(mv.to_string(), "carry 3 from step 2 to step 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StaircaseMove<T> {
    /// The step the coins are carried from, numbered from 1 at the bottom.
    pub step: usize,
    /// How many coins are carried, at least 1.
    pub coins: T,
}

impl<T: fmt::Display> fmt::Display for StaircaseMove<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.step <= 1 {
            write!(f, "carry {} off step {}", self.coins, self.step)
        } else {
            write!(
                f,
                "carry {} from step {} to step {}",
                self.coins,
                self.step,
                self.step - 1
            )
        }
    }
}

/// How one odd step of value `a` changes to `a ⊕ change`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shift {
    /// Carry this many coins down from the odd step itself.
    Shrink(u128),
    /// Carry this many coins down onto the odd step from the even step above.
    Grow(u128),
}

/// The move that changes an odd step holding `odd` coins to `odd ⊕ change`, with `above`
/// coins on the even step above it (`None` if there is no step above), if there is one.
pub(crate) fn shift(odd: u128, above: Option<u128>, change: u128) -> Option<Shift> {
    let to = odd ^ change;
    if to < odd {
        Some(Shift::Shrink(odd - to))
    } else if to > odd {
        let need = to - odd;
        match above {
            Some(above) if need <= above => Some(Shift::Grow(need)),
            _ => None,
        }
    } else {
        None
    }
}

impl<T: Heap> Staircase<T> {
    /// The staircase with `steps[0]` coins on step 1, `steps[1]` on step 2, and so on.
    ///
    /// # Errors
    ///
    /// [`Error::Overflow`] if the total number of coins is more than `T::MAX`: a move could
    /// then pile more coins on one step than `T` holds.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Staircase;
    /// assert_eq!(Staircase::new(vec![1u8, 2, 3])?.steps(), &[1, 2, 3]);
    /// assert!(Staircase::new(vec![200u8, 56]).is_err());
    /// assert!(Staircase::new(vec![200u8, 55]).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(steps: Vec<T>) -> Result<Self, Error> {
        let mut total = T::zero();
        for (i, &s) in steps.iter().enumerate() {
            total = total.checked_add(&s).ok_or_else(|| Error::Overflow {
                what: format!(
                    "the coins on steps 1 to {} add up to more than {}, the most a {} holds \
                     (every move keeps the total, so it must fit); {}",
                    i + 1,
                    T::max_value(),
                    core::any::type_name::<T>(),
                    // No type is wider than `u128`: no staircase holds more coins.
                    if T::max_value().widen() < u128::MAX {
                        "use a wider type"
                    } else {
                        "no wider type holds them"
                    }
                ),
            })?;
        }
        Ok(Staircase { steps })
    }

    /// The coins on each step, from step 1 up.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::Staircase::new(vec![0u16, 7])?.steps(), &[0, 7]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn steps(&self) -> &[T] {
        &self.steps
    }

    /// The nim-sum of the coins on the odd steps.
    fn nim_sum(&self) -> u128 {
        self.steps.iter().step_by(2).fold(0, |x, s| x ^ s.widen())
    }

    /// The position after carrying `coins` (at most what is there) down from index `from`.
    fn carried(&self, from: usize, coins: T) -> Option<Self> {
        let mut steps = self.steps.clone();
        // Callers pass a step of the staircase (`from < len`) and at most the coins it holds.
        steps[from] = steps[from] - coins;
        if let Some(below) = from.checked_sub(1) {
            // The total fits in `T` (checked by `new`, kept by every move), so this does too.
            steps[below] = steps[below].checked_add(&coins)?;
        }
        Some(Staircase { steps })
    }
}

/// The staircase from step 1 up, `(2, 5, 3)`.
///
/// # Examples
///
/// ```
/// use grundy::games::Staircase;
/// let stairs = Staircase::new(vec![2u8, 5, 3])?;
/// assert_eq!(stairs.to_string(), "(2, 5, 3)");
/// assert_eq!("(2, 5, 3)".parse::<Staircase<u8>>()?, stairs);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<T: fmt::Display> fmt::Display for Staircase<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, &self.steps)
    }
}

/// Reads the coins from step 1 up: `(2, 5, 3)`, `2 5 3` or `2,5,3`; checked as by
/// [`Staircase::new`].
impl<T: Heap> FromStr for Staircase<T> {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        Staircase::new(parse_list(text, "the coins on a step")?)
    }
}

impl<T: Heap> TryFrom<Vec<T>> for Staircase<T> {
    type Error = Error;

    fn try_from(steps: Vec<T>) -> Result<Self, Error> {
        Staircase::new(steps)
    }
}

#[cfg(feature = "serde")]
impl<'de, T: Heap + serde::Deserialize<'de>> serde::Deserialize<'de> for Staircase<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(rename = "Staircase", expecting = "struct Staircase")]
        struct Raw<T> {
            steps: Vec<T>,
        }
        let raw = Raw::<T>::deserialize(deserializer)?;
        Staircase::new(raw.steps).map_err(serde::de::Error::custom)
    }
}

/// The winning moves (or moves to a value) of a [`Staircase`] position, from the bottom step
/// up: from [`ClosedForm::winning_moves`] and [`ClosedForm::moves_to_value`].
///
/// # Examples
///
/// ```
/// use grundy::{games::Staircase, ClosedForm, Play};
/// let stairs = Staircase::new(vec![3u8, 4, 5])?;
/// // Step 3 down to 3, or step 2 onto step 1.
/// assert_eq!(stairs.winning_moves(Play::Normal)?.count(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WinningMoves<'a, T> {
    steps: &'a [T],
    /// The index of the next odd step (an even index) to look at.
    next: usize,
    /// The XOR the odd steps' nim-sum must undergo.
    change: u128,
}

impl<T: Heap> Iterator for WinningMoves<'_, T> {
    type Item = StaircaseMove<T>;

    fn next(&mut self) -> Option<StaircaseMove<T>> {
        if self.change == 0 {
            return None;
        }
        while let Some(&odd) = self.steps.get(self.next) {
            let i = self.next;
            self.next = self.next.saturating_add(2);
            let above = self.steps.get(i + 1).map(|s| s.widen());
            let mv = match shift(odd.widen(), above, self.change) {
                Some(Shift::Shrink(coins)) => {
                    T::narrow(coins).map(|coins| StaircaseMove { step: i + 1, coins })
                }
                Some(Shift::Grow(coins)) => {
                    T::narrow(coins).map(|coins| StaircaseMove { step: i + 2, coins })
                }
                None => None,
            };
            if mv.is_some() {
                return mv;
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.steps.len().saturating_sub(self.next).div_ceil(2);
        (0, Some(if self.change == 0 { 0 } else { left }))
    }
}

impl<T: Heap> FusedIterator for WinningMoves<'_, T> {}

impl<T: Heap> Game for Staircase<T> {
    type Move = StaircaseMove<T>;

    /// The buffer of its steps.
    fn owned_bytes(&self) -> usize {
        self.steps.capacity() * size_of::<T>()
    }

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(StaircaseMove<T>, Self) -> ControlFlow<()>,
    {
        for (from, &held) in self.steps.iter().enumerate() {
            let mut coins = T::one();
            while coins <= held {
                if let Some(next) = self.carried(from, coins) {
                    visit(
                        StaircaseMove {
                            step: from + 1,
                            coins,
                        },
                        next,
                    )?;
                }
                if coins == held {
                    break;
                }
                coins = coins + T::one();
            }
        }
        ControlFlow::Continue(())
    }

    /// # Errors
    ///
    /// [`Error::IllegalMove`] if `mv.step` is not a step, `mv.coins` is 0, or the step holds
    /// fewer than `mv.coins` coins.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{Staircase, StaircaseMove};
    /// use grundy::Game;
    /// let stairs = Staircase::new(vec![1u8, 2])?;
    /// assert!(stairs.play(StaircaseMove { step: 0, coins: 1 }).is_err());
    /// assert!(stairs.play(StaircaseMove { step: 2, coins: 3 }).is_err());
    /// assert_eq!(stairs.play(StaircaseMove { step: 1, coins: 1 })?.steps(), &[0, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn play(&self, mv: StaircaseMove<T>) -> Result<Self, Error> {
        let from = mv.step.checked_sub(1).filter(|&i| i < self.steps.len());
        let Some(from) = from else {
            return Err(Error::IllegalMove {
                reason: match self.steps.len() {
                    0 => format!("there is no step {}: the staircase has no steps", mv.step),
                    len => format!(
                        "there is no step {} on a staircase of steps 1 to {len}",
                        mv.step
                    ),
                },
            });
        };
        // `from < len`, checked just above.
        let held = self.steps[from];
        if mv.coins.is_zero() || mv.coins > held {
            return Err(Error::IllegalMove {
                reason: format!(
                    "step {} holds {held} coins, so a move cannot carry {} from it",
                    mv.step, mv.coins
                ),
            });
        }
        self.carried(from, mv.coins).ok_or_else(|| Error::Overflow {
            what: format!(
                "step {} would hold more than {} coins",
                mv.step - 1,
                T::max_value()
            ),
        })
    }
}

/// Nim on the odd steps, with growing moves. Under normal play nothing here fails.
impl<T: Heap> ClosedForm for Staircase<T> {
    type MovesTo<'a> = WinningMoves<'a, T>;

    /// The nim-sum of the coins on the odd steps.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Staircase, ClosedForm, Nimber};
    /// assert_eq!(Staircase::new(vec![6u8, 100, 3])?.grundy()?, Nimber::new(6 ^ 3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn grundy(&self) -> Result<Nimber, Error> {
        Ok(Nimber::new(self.nim_sum()))
    }

    /// Each odd step shrunk, or grown from the even step above, to `a ⊕ G ⊕ t`, from the
    /// bottom step up.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{Staircase, StaircaseMove};
    /// use grundy::{ClosedForm, Play};
    /// // Odd steps hold 1 and 3: shrink step 3 to 1, or carry 2 coins from step 2 to step 1.
    /// let stairs = Staircase::new(vec![1u8, 5, 3])?;
    /// let moves: Vec<_> = stairs.winning_moves(Play::Normal)?.collect();
    /// assert_eq!(
    ///     moves,
    ///     [StaircaseMove { step: 2, coins: 2 }, StaircaseMove { step: 3, coins: 2 }]
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn moves_to_value(&self, target: Nimber) -> Result<WinningMoves<'_, T>, Error> {
        Ok(WinningMoves {
            steps: &self.steps,
            next: 0,
            change: self.nim_sum() ^ target.get(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Evaluator, Outcome, Play, Solver};
    use alloc::vec;

    #[test]
    fn closed_form_matches_search_on_small_positions() {
        let mut solver = Solver::new();
        for a in 0u8..4 {
            for b in 0u8..4 {
                for c in 0u8..4 {
                    for d in 0u8..3 {
                        let stairs = Staircase::new(vec![a, b, c, d]).unwrap();
                        assert_eq!(solver.grundy(&stairs).unwrap(), stairs.grundy().unwrap());
                        for t in 0..8 {
                            let target = Nimber::new(t);
                            let mut searched: Vec<_> =
                                solver.moves_to_value(&stairs, target).unwrap().collect();
                            searched.sort();
                            let mut closed: Vec<_> =
                                stairs.moves_to_value(target).unwrap().collect();
                            closed.sort();
                            assert_eq!(searched, closed, "{stairs:?} to {target}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn exact_at_the_top_of_u128() {
        let stairs = Staircase::new(vec![0, u128::MAX]).unwrap();
        assert_eq!(stairs.grundy().unwrap(), Nimber::ZERO);
        let stairs = Staircase::new(vec![1, u128::MAX - 1]).unwrap();
        assert_eq!(stairs.outcome(Play::Normal).unwrap(), Outcome::Next);
        let moves: Vec<_> = stairs.winning_moves(Play::Normal).unwrap().collect();
        assert_eq!(moves, vec![StaircaseMove { step: 1, coins: 1 }]);
        assert!(Staircase::new(vec![1, u128::MAX]).is_err());
        let grown = stairs
            .play(StaircaseMove {
                step: 2,
                coins: u128::MAX - 1,
            })
            .unwrap();
        assert_eq!(grown.steps(), &[u128::MAX, 0]);
    }
}
