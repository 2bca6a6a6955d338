//! Bash (Bachet's game): one heap; a move takes between 1 and `k` counters. Normal and misère.
//!
//! A namespace: [`Bash`] and [`BashMove`] are re-exported as `grundy::games::Bash` and
//! `grundy::games::BashMove`; this module also holds [`WinningMoves`], the iterator (of at most one
//! move) that Bash's `winning_moves` and `moves_to_value` return. Name it here to write the
//! iterator's type down.

use crate::games::text::{parse_list, parse_number};
use crate::solve::ClosedForm;
use crate::{Error, Game, Heap, Nimber, Outcome};
use alloc::format;
use alloc::vec::Vec;
use core::fmt;
use core::iter::FusedIterator;
use core::ops::ControlFlow;
use core::str::FromStr;

/// A position of Bash (Bachet's game): one heap of `n` counters; a move takes between 1 and
/// `k` of them. Under normal play whoever takes the last counter wins; under misère play
/// ([`Play::Misere`](crate::Play::Misere)) whoever takes it loses.
///
/// Bachet de Méziriac posed it in *Problèmes plaisants et délectables* (1612); it is the
/// subtraction game with subtraction set `{1, …, k}` (*Winning Ways*, ch. 4). Its Grundy value is `n mod (k + 1)`: the
/// options of `n` are `n − 1, …, n − k`, whose values are every residue but `n`'s own. The
/// player to move wins iff `k + 1` does not divide `n`, by taking `n mod (k + 1)` counters.
///
/// Under misère play the player to move loses iff `n mod (k + 1) = 1`: from such a heap every
/// move lands on a heap that is not `1` modulo `k + 1`, and from any other non-empty heap one
/// move reaches one. The empty heap is won by the player to move, who cannot move (an
/// N-position with no winning move). (Misère play in general: Conway, *On Numbers and
/// Games*, ch. 12.)
///
/// Heap and limit are any unsigned type from `u8` to `u128` ([`Heap`]); every answer is exact
/// for every value of the type, including `k = T::MAX`, where `k + 1` does not fit in `T`
/// (then every heap is smaller than `k + 1` and its value is `n` itself).
///
/// # Laws
///
/// `G(n) = n mod (k + 1)`; the one move to a position of value `t` takes
/// `(G(n) − t) mod (k + 1)` counters, when `t ≤ k`, `t ≠ G(n)` and that many counters are
/// there.
///
/// # Complexity
///
/// Every method O(1).
///
/// # Errors
///
/// [`Bash::new`] returns [`Error::ZeroTakeLimit`] for `k = 0`. The questions of
/// [`ClosedForm`] never fail.
///
/// # Examples
///
/// ```
/// use grundy::games::{Bash, BashMove};
/// use grundy::prelude::*;
///
/// let bash = Bash::new(23u32, 4)?;
/// assert_eq!(bash.grundy()?, Nimber::new(3)); // 23 mod 5
/// let winning: Vec<_> = bash.winning_moves(Play::Normal)?.collect();
/// assert_eq!(winning, [BashMove { take: 3 }]);
/// assert_eq!(bash.play(winning[0])?.outcome(Play::Normal)?, Outcome::Previous);
///
/// // Misère play: leave 21 = 4 · 5 + 1.
/// let misere: Vec<_> = bash.winning_moves(Play::Misere)?.collect();
/// assert_eq!(misere, [BashMove { take: 2 }]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Bash<T> {
    heap: T,
    max_take: T,
}

/// A move of [`Bash`]: take `take` counters from the heap.
///
/// **Numbering:** none; there is one heap, and `take` is a number of counters (1 to `k`).
///
/// # Examples
///
/// ```
/// use grundy::games::{Bash, BashMove};
/// use grundy::Game;
/// let next = Bash::new(10u8, 3)?.play(BashMove { take: 3 })?;
/// assert_eq!(next.heap(), 7);
/// assert_eq!(BashMove { take: 3u8 }.to_string(), "take 3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BashMove<T> {
    /// How many counters the move takes, from 1 to the take limit `k`.
    pub take: T,
}

impl<T: fmt::Display> fmt::Display for BashMove<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {}", self.take)
    }
}

/// `n mod (k + 1)`, exact even where `k + 1` does not fit in `T` (then every heap is smaller
/// than `k + 1`, and the residue is `n`).
///
/// One division, even when `n ≤ k` and the residue is `n`: on random heaps a test for that
/// case is mispredicted half the time, which costs more than the division it saves. The
/// test for `k = T::MAX` is always predicted.
#[inline]
fn residue<T: Heap>(n: T, k: T) -> T {
    match k.checked_add(&T::one()) {
        Some(modulus) => n % modulus,
        None => n,
    }
}

fn check_limit<T: Heap>(max_take: T) -> Result<(), Error> {
    if max_take.is_zero() {
        Err(Error::ZeroTakeLimit)
    } else {
        Ok(())
    }
}

fn checked_play<T: Heap>(heap: T, max_take: T, mv: BashMove<T>) -> Result<T, Error> {
    if mv.take.is_zero() || mv.take > max_take || mv.take > heap {
        return Err(Error::IllegalMove {
            reason: format!(
                "a move takes between 1 and {} counters and the heap holds {heap}, so it cannot take {}",
                max_take, mv.take
            ),
        });
    }
    Ok(heap - mv.take)
}

fn for_each_take<T: Heap, P, M, F>(
    heap: T,
    max_take: T,
    position: M,
    mut visit: F,
) -> ControlFlow<()>
where
    M: Fn(T) -> P,
    F: FnMut(BashMove<T>, P) -> ControlFlow<()>,
{
    let most = heap.min(max_take);
    let mut take = T::one();
    while take <= most {
        visit(BashMove { take }, position(heap - take))?;
        if take == most {
            break;
        }
        take = take + T::one();
    }
    ControlFlow::Continue(())
}

impl<T: Heap> Bash<T> {
    /// The Bash position of a heap of `heap` counters with take limit `max_take` (`k`).
    ///
    /// # Errors
    ///
    /// [`Error::ZeroTakeLimit`] if `max_take` is 0. Every other pair is valid, up to
    /// `T::MAX` for both.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Bash, Error};
    /// assert_eq!(Bash::new(5u8, 0), Err(Error::ZeroTakeLimit));
    /// assert_eq!(Bash::new(u8::MAX, u8::MAX)?.heap(), 255);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(heap: T, max_take: T) -> Result<Self, Error> {
        check_limit(max_take)?;
        Ok(Bash { heap, max_take })
    }

    /// The number of counters in the heap.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::Bash::new(9u16, 2)?.heap(), 9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn heap(&self) -> T {
        self.heap
    }

    /// The most counters one move may take (`k`, at least 1).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::Bash::new(9u16, 2)?.max_take(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn max_take(&self) -> T {
        self.max_take
    }

    /// The one move to a position of value `target`, if any: it takes `(g − t) mod (k + 1)`
    /// counters for `g = n mod (k + 1)`, when `t ≤ k`, `t ≠ g` and the heap holds that many.
    #[inline]
    fn move_to(&self, target: Nimber) -> Option<BashMove<T>> {
        let (n, k) = (self.heap, self.max_take);
        // A value past `T::MAX` is past `k`: no position of the game has it.
        let t = T::narrow(target.get())?;
        let g = residue(n, k);
        let take = if t < g {
            // `g ≤ n`: the heap holds `g − t`.
            g - t
        } else if t > g && t <= k {
            // `(g − t) mod (k + 1) = g + (k − t) + 1 ≤ k`, since `g < t`: it fits in `T`.
            let take = g + (k - t) + T::one();
            if take > n {
                return None;
            }
            take
        } else {
            return None;
        };
        Some(BashMove { take })
    }

    /// The one winning move under misère play, if any: leave a heap of `1` modulo `k + 1`,
    /// taking `n mod (k + 1) − 1` counters, or `k` when `k + 1` divides a non-empty heap.
    fn misere_move(&self) -> Option<BashMove<T>> {
        let r = residue(self.heap, self.max_take);
        let take = if self.heap.is_zero() || r == T::one() {
            None
        } else if r.is_zero() {
            // `k + 1` divides `n > 0`, so `n >= k + 1` and taking `k` leaves `1` mod `k + 1`.
            Some(self.max_take)
        } else {
            Some(r - T::one())
        };
        take.map(|take| BashMove { take })
    }
}

#[cfg(feature = "serde")]
impl<'de, T: Heap + serde::Deserialize<'de>> serde::Deserialize<'de> for Bash<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(rename = "Bash", expecting = "struct Bash")]
        struct Raw<T> {
            heap: T,
            max_take: T,
        }
        let raw = Raw::<T>::deserialize(deserializer)?;
        Bash::new(raw.heap, raw.max_take).map_err(serde::de::Error::custom)
    }
}

/// `23 (k = 4)`: the heap, then the take limit.
///
/// # Examples
///
/// ```
/// use grundy::games::Bash;
/// let bash = Bash::new(23u8, 4)?;
/// assert_eq!(bash.to_string(), "23 (k = 4)");
/// assert_eq!(bash.to_string().parse::<Bash<u8>>()?, bash);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<T: fmt::Display> fmt::Display for Bash<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (k = {})", self.heap, self.max_take)
    }
}

/// Reads the heap and the take limit: `23 (k = 4)`, `23 4` or `(23, 4)`.
///
/// # Examples
///
/// ```
/// use grundy::{games::Bash, Error};
/// assert_eq!("23 4".parse::<Bash<u32>>()?, Bash::new(23, 4)?);
/// assert_eq!("23 0".parse::<Bash<u32>>(), Err(Error::ZeroTakeLimit));
/// assert!("23".parse::<Bash<u32>>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<T: Heap> FromStr for Bash<T> {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        let bad = |reason| Error::Parse {
            text: text.into(),
            what: "a Bash position",
            reason,
        };
        let numbers: Vec<T> = match text.split_once("(k") {
            // `23 (k = 4)`, spaces around `=` optional.
            Some((heap, rest)) => {
                let limit = rest
                    .trim_end()
                    .strip_suffix(')')
                    .ok_or_else(|| bad("an opening parenthesis has no closing one"))?
                    .trim_start()
                    .strip_prefix('=')
                    .ok_or_else(|| bad("the take limit is written (k = 4)"))?;
                let heap = parse_number(heap, "a Bash heap")?;
                let limit = parse_number(limit, "a Bash take limit")?;
                alloc::vec![heap, limit]
            }
            None => parse_list(text, "a Bash heap or take limit")?,
        };
        match numbers[..] {
            [heap, max_take] => Bash::new(heap, max_take),
            _ => Err(bad("it needs two numbers: the heap and the take limit k")),
        }
    }
}

/// The winning moves (or moves to a value) of a [`Bash`] position: at most one. From
/// [`ClosedForm::winning_moves`] and [`ClosedForm::moves_to_value`].
///
/// # Examples
///
/// ```
/// use grundy::{games::Bash, ClosedForm, Play};
/// let mut moves = Bash::new(10u8, 4)?.winning_moves(Play::Normal)?;
/// assert_eq!(moves.len(), 0); // 10 = 2 * 5: lost
/// assert_eq!(moves.next(), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WinningMoves<T> {
    inner: core::option::IntoIter<BashMove<T>>,
}

impl<T> Iterator for WinningMoves<T> {
    type Item = BashMove<T>;

    fn next(&mut self) -> Option<BashMove<T>> {
        self.inner.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<T> ExactSizeIterator for WinningMoves<T> {}

impl<T> FusedIterator for WinningMoves<T> {}

impl<T: Heap> Game for Bash<T> {
    type Move = BashMove<T>;

    fn for_each_move<F>(&self, visit: F) -> ControlFlow<()>
    where
        F: FnMut(BashMove<T>, Self) -> ControlFlow<()>,
    {
        let max_take = self.max_take;
        for_each_take(self.heap, max_take, |heap| Bash { heap, max_take }, visit)
    }

    /// # Errors
    ///
    /// [`Error::IllegalMove`] if `mv.take` is 0, more than `k`, or more than the heap holds.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{Bash, BashMove};
    /// use grundy::Game;
    /// let bash = Bash::new(5u8, 3)?;
    /// assert!(bash.play(BashMove { take: 4 }).is_err());
    /// assert!(bash.play(BashMove { take: 0 }).is_err());
    /// assert_eq!(bash.play(BashMove { take: 3 })?.heap(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn play(&self, mv: BashMove<T>) -> Result<Self, Error> {
        Ok(Bash {
            heap: checked_play(self.heap, self.max_take, mv)?,
            max_take: self.max_take,
        })
    }
}

/// The closed forms under normal and misère play. Nothing here fails: every `Result` is
/// `Ok`.
impl<T: Heap> ClosedForm for Bash<T> {
    type MovesTo<'a> = WinningMoves<T>;

    /// `*(n mod (k + 1))`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Bash, ClosedForm, Nimber};
    /// assert_eq!(Bash::new(10u8, 3)?.grundy()?, Nimber::new(2));
    /// assert_eq!(Bash::new(u128::MAX, u128::MAX)?.grundy()?, Nimber::new(u128::MAX));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn grundy(&self) -> Result<Nimber, Error> {
        Ok(Nimber::new(residue(self.heap, self.max_take).widen()))
    }

    fn moves_to_value(&self, target: Nimber) -> Result<WinningMoves<T>, Error> {
        Ok(WinningMoves {
            inner: self.move_to(target).into_iter(),
        })
    }

    /// P iff `n mod (k + 1) = 1`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Bash, ClosedForm, Outcome, Play};
    /// assert_eq!(Bash::new(13u8, 3)?.outcome(Play::Misere)?, Outcome::Previous);
    /// assert_eq!(Bash::new(0u8, 3)?.outcome(Play::Misere)?, Outcome::Next); // no move: a win
    /// assert_eq!(Bash::new(1u8, u8::MAX)?.outcome(Play::Misere)?, Outcome::Previous);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn misere_outcome(&self) -> Result<Outcome, Error> {
        Ok(if residue(self.heap, self.max_take) == T::one() {
            Outcome::Previous
        } else {
            Outcome::Next
        })
    }

    fn misere_winning_moves(&self) -> Result<WinningMoves<T>, Error> {
        Ok(WinningMoves {
            inner: self.misere_move().into_iter(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Evaluator, Play, Solver};
    use alloc::vec;
    use alloc::vec::Vec;

    #[test]
    fn closed_forms_match_search_on_small_positions() {
        for k in 1u8..8 {
            let mut solver = Solver::new();
            for n in 0u8..40 {
                let bash = Bash::new(n, k).unwrap();
                assert_eq!(solver.grundy(&bash).unwrap(), bash.grundy().unwrap());
                for t in 0..10u128 {
                    let mut searched: Vec<_> = solver
                        .moves_to_value(&bash, Nimber::new(t))
                        .unwrap()
                        .collect();
                    searched.sort();
                    let closed: Vec<_> = bash.moves_to_value(Nimber::new(t)).unwrap().collect();
                    assert_eq!(searched, closed, "n = {n}, k = {k}, t = {t}");
                }
                assert_eq!(
                    solver.outcome(&bash, Play::Misere).unwrap(),
                    bash.outcome(Play::Misere).unwrap()
                );
                let searched: Vec<_> = solver.winning_moves(&bash, Play::Misere).unwrap().collect();
                let closed: Vec<_> = bash.winning_moves(Play::Misere).unwrap().collect();
                assert_eq!(searched, closed, "misère n = {n}, k = {k}");
            }
        }
    }

    /// Every `u8` position, against the formulas in `u128`: the residue and the move to
    /// each value, including values past `k` and past `u8::MAX`.
    #[test]
    fn every_u8_position_matches_the_wide_formulas() {
        for k in 1..=u8::MAX {
            for n in 0..=u8::MAX {
                let bash = Bash::new(n, k).unwrap();
                let (n, k) = (u128::from(n), u128::from(k));
                let g = n % (k + 1);
                assert_eq!(bash.grundy().unwrap(), Nimber::new(g));
                for t in [0, 1, 2, g, g + 1, k - 1, k, k + 1, 255, 256, u128::MAX] {
                    let take = match t {
                        t if t < g => Some(g - t),
                        t if t > g && t <= k => Some(g + k + 1 - t).filter(|&take| take <= n),
                        _ => None,
                    };
                    let got: Vec<_> = bash.moves_to_value(Nimber::new(t)).unwrap().collect();
                    let want: Vec<_> = take
                        .map(|take| BashMove { take: take as u8 })
                        .into_iter()
                        .collect();
                    assert_eq!(got, want, "n = {n}, k = {k}, t = {t}");
                }
            }
        }
    }

    #[test]
    fn exact_at_the_top_of_u128() {
        let bash = Bash::new(u128::MAX, u128::MAX).unwrap();
        assert_eq!(bash.grundy().unwrap(), Nimber::new(u128::MAX));
        let moves: Vec<_> = bash.winning_moves(Play::Normal).unwrap().collect();
        assert_eq!(moves, vec![BashMove { take: u128::MAX }]);
        let bash = Bash::new(u128::MAX, u128::MAX - 1).unwrap();
        assert_eq!(bash.grundy().unwrap(), Nimber::ZERO);
        let mb = Bash::new(u128::MAX, u128::MAX).unwrap();
        let moves: Vec<_> = mb.winning_moves(Play::Misere).unwrap().collect();
        assert_eq!(
            moves,
            vec![BashMove {
                take: u128::MAX - 1
            }]
        );
    }
}
