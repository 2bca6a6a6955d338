//! Coin-turning games (*Winning Ways*, ch. 14): a row, or a board, of coins, some showing
//! heads; a move turns over a head and some other coins that the rule allows with it.
//!
//! Every coin-turning game has the same trick. A coin showing tails is as good as two heads
//! on one place, which cancel, so a position is the disjunctive sum of its heads, each alone:
//! **its value is the nim-sum of the values of its heads**. A head's value is the mex of the
//! values of what its moves leave, and a move from a lone head leaves the other coins it
//! turned, now heads. So one table of head values answers every position, and a winning
//! move is one head turned with other coins worth just what makes the total zero.
//!
//! - [`CoinRule`] is a rule: the value of a lone head on a coin, and the moves from it, each
//!   as the other coins it turns. [`TurningTurtles`], [`Twins`] and [`MockTurtles`] are the
//!   rules of *Winning Ways*, with closed forms; a rule of your own implements the trait.
//! - [`Coins`] is a position of a rule: the coins showing heads. It is a [`Game`] and a
//!   [`ClosedForm`], so it answers the crate's questions (value, outcome, every winning move)
//!   and sits in sums with every other game.
//! - [`Tartan`] is the product of two rules, a game on a board (the **Tartan theorem**): a
//!   move turns the coins of `S × T` for a move `S` of the first rule and `T` of the second,
//!   and a head at `(x, y)` is worth `G1(x) ⊗ G2(y)`, the **nim-product** of the values of
//!   its coordinates ([`Nimber`]'s `*`). Turning Corners is `Tartan<Twins, Twins>`: a head
//!   at `(x, y)` is worth `x ⊗ y`, on boards far too big to search.
//!
//! # Laws
//!
//! For a rule `R`, `R.value(c)` is the mex of the worths of the moves from a head on `c`,
//! where a move's worth is the nim-sum of the values of the other coins it turns; and the
//! value of a position is `⊕ R.value(h)` over its heads `h`. A move from the head `h` with
//! worth `w` changes the value by `R.value(h) ⊕ w`. For a [`Tartan`] product,
//! `value((x, y)) = A.value(x) ⊗ B.value(y)`.
//!
//! # Examples
//!
//! Turning Turtles is Nim in disguise: a head on coin `x` is a Nim heap of `x`.
//!
//! ```
//! use grundy::coins::{CoinMove, Coins, TurningTurtles};
//! use grundy::prelude::*;
//!
//! let row = Coins::new(TurningTurtles, [3u32, 5, 7])?; // Nim heaps of 3, 5 and 7
//! assert_eq!(row.grundy()?, Nimber::new(3 ^ 5 ^ 7));
//! // Take the 7-heap down to 6: turn the head on 7 and the tail on 6.
//! let winning: Vec<_> = row.winning_moves(Play::Normal)?.collect();
//! assert!(winning.contains(&CoinMove { head: 7, others: vec![6] }));
//! assert_eq!(row.play(CoinMove { head: 7, others: vec![6] })?.heads(), [3, 5, 6]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Turning Corners, on a board with a head at `(10^30, 10^30 + 7)`:
//!
//! ```
//! use grundy::coins::{Coins, Tartan};
//! use grundy::prelude::*;
//!
//! let big = 10u128.pow(30);
//! let board = Coins::new(Tartan::turning_corners(), [(3u128, 5u128), (big, big + 7)])?;
//! let value = Nimber::new(3) * Nimber::new(5) + Nimber::new(big) * Nimber::new(big + 7);
//! assert_eq!(board.grundy()?, value);
//! assert_eq!(board.outcome(Play::Normal)?, Outcome::Next);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod rules;
mod tartan;

pub use rules::{MockTurtles, TurningTurtles, Twins};
pub use tartan::{DEFAULT_SCAN_LIMIT, Tartan};

use crate::solve::ClosedForm;
use crate::{Error, Game, Nimber};
use alloc::boxed::Box;
use alloc::format;
use alloc::vec::Vec;
use core::fmt::Debug;
use core::hash::Hash;
use core::iter::FusedIterator;
use core::ops::ControlFlow;

/// What a coin of a rule is named by: a number for a row ([`Heap`](crate::Heap) types from
/// `u8` to `u128`), a pair of numbers for a board ([`Tartan`]). Implemented for every type
/// with these bounds.
pub trait Coin: Copy + Ord + Hash + Debug + Send + Sync + 'static {}

impl<C> Coin for C where C: Copy + Ord + Hash + Debug + Send + Sync + 'static {}

/// Moves from one head, lazily: each is the list of the other coins the move turns,
/// ascending.
pub type Turns<'a, C> = Box<dyn Iterator<Item = Vec<C>> + Send + Sync + 'a>;

/// The rule of a coin-turning game: which coins exist, what a lone head on each is worth, and
/// the moves from a head, each given as the other coins it turns.
///
/// A move turns over one head, the move's *head*, and a set of other coins allowed with it.
/// The other coins are listed ascending, each once, none the head itself; in the games of
/// *Winning Ways* they all lie left of the head, so that play ends. A rule supplies
/// [`value`](CoinRule::value) and [`moves`](CoinRule::moves), and where it can,
/// [`moves_worth`](CoinRule::moves_worth) without listing every move, which the winning
/// moves of a [`Coins`] position use.
///
/// The trait is not object-safe: rules are kept in positions, which are cloned, compared and
/// hashed (`Clone`, `Eq`, `Hash`), and sent between threads (`Send`, `Sync`).
///
/// # Laws
///
/// `value(c) = mex{worth(S) : S in moves(c)}`, with `worth(S) = ⊕ value(s)` over `s ∈ S`;
/// `moves_worth(c, w)` lists exactly the `S` in `moves(c)` with `worth(S) = w`, each once.
/// The crate's tests check these for its own rules against a search from the definitions.
///
/// # Examples
///
/// A rule of your own: turn a head and at most one of the two coins just left of it. The
/// values are computed here by the mex, as the law says; a rule with a closed form returns
/// it instead.
///
/// ```
/// use grundy::coins::{CoinRule, Coins, Turns};
/// use grundy::prelude::*;
/// use grundy::{mex, Error};
///
/// #[derive(Clone, PartialEq, Eq, Hash, Debug)]
/// struct NearOne;
///
/// impl CoinRule<u32> for NearOne {
///     fn value(&self, coin: u32) -> Result<Nimber, Error> {
///         let mut worths = vec![Nimber::ZERO]; // the head alone
///         for other in coin.saturating_sub(2)..coin {
///             worths.push(self.value(other)?);
///         }
///         Ok(mex(worths))
///     }
///
///     fn moves(&self, coin: u32) -> Result<Turns<'_, u32>, Error> {
///         let alone = core::iter::once(vec![]);
///         Ok(Box::new(alone.chain((coin.saturating_sub(2)..coin).map(|c| vec![c]))))
///     }
/// }
///
/// // Heads on 0, 1, 2 are worth 1, 2, 0; 3 is worth 1 again.
/// let row = Coins::new(NearOne, [0u32, 1, 3])?;
/// assert_eq!(row.grundy()?, Nimber::new(1 ^ 2 ^ 1));
/// let winning: Vec<_> = row.winning_moves(Play::Normal)?.collect();
/// assert_eq!(winning.len(), 2); // turn 1 alone, or turn 3 and 1
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait CoinRule<C: Coin>: Clone + Eq + Hash + Debug + Send + Sync {
    /// Whether `coin` is a coin of this rule: `Ok` if it is, else the error naming it (a
    /// rule whose coins are numbered from 1 refuses coin 0). The provided method accepts
    /// every coin.
    ///
    /// # Errors
    ///
    /// The rule's own, for a coin it does not have.
    fn check(&self, coin: C) -> Result<(), Error> {
        let _ = coin;
        Ok(())
    }

    /// The value of a lone head on `coin`.
    ///
    /// # Errors
    ///
    /// The rule's own: a coin it does not have, or a value past `u128`
    /// ([`Error::Overflow`]).
    fn value(&self, coin: C) -> Result<Nimber, Error>;

    /// Every move from a head on `coin`, lazily, each as the other coins it turns
    /// (ascending, each once, not `coin`).
    ///
    /// # Errors
    ///
    /// The rule's own, for a coin it does not have.
    fn moves(&self, coin: C) -> Result<Turns<'_, C>, Error>;

    /// The moves from a head on `coin` whose other coins are worth `worth` in all, lazily.
    /// The provided method lists [`moves`](CoinRule::moves) and keeps those of that worth,
    /// reading every move at once; a rule with a closed form finds them directly.
    ///
    /// # Errors
    ///
    /// As for [`moves`](CoinRule::moves) and [`value`](CoinRule::value).
    fn moves_worth(&self, coin: C, worth: Nimber) -> Result<Turns<'_, C>, Error> {
        let mut kept = Vec::new();
        for others in self.moves(coin)? {
            if worth_of(self, &others)? == worth {
                kept.push(others);
            }
        }
        Ok(Box::new(kept.into_iter()))
    }

    /// How many moves from a head on `coin` are worth `worth`: the length of
    /// [`moves_worth`](CoinRule::moves_worth), which the provided method counts one by one;
    /// a rule whose moves of one worth are many counts them in closed form
    /// ([`MockTurtles`]: by blocks).
    ///
    /// # Errors
    ///
    /// As for [`moves_worth`](CoinRule::moves_worth).
    fn count_worth(&self, coin: C, worth: Nimber) -> Result<u128, Error> {
        Ok(self
            .moves_worth(coin, worth)?
            .fold(0u128, |n, _| n.saturating_add(1)))
    }

    /// Whether turning `others` (ascending) with a head on `coin` is a move of the rule. The
    /// provided method looks for it among the moves of its worth
    /// ([`moves_worth`](CoinRule::moves_worth)); a rule whose moves of one worth are many
    /// answers directly, so that [`Game::play`] on a [`Coins`] position never goes through
    /// them.
    ///
    /// # Errors
    ///
    /// As for [`moves_worth`](CoinRule::moves_worth).
    fn is_move(&self, coin: C, others: &[C]) -> Result<bool, Error> {
        let worth = worth_of(self, others)?;
        Ok(self.moves_worth(coin, worth)?.any(|o| o == others))
    }

    /// How many moves a head on `coin` has, if the rule knows it without listing them
    /// (`None`, the provided answer, if not). [`Tartan`] reads it to choose which factor's
    /// moves to go through.
    fn move_count(&self, coin: C) -> Option<u128> {
        let _ = coin;
        None
    }
}

/// The worth of `coins` under `rule`: the nim-sum of their values.
///
/// # Errors
///
/// The rule's, for a coin whose value it cannot give.
pub(crate) fn worth_of<C: Coin, R: CoinRule<C>>(rule: &R, coins: &[C]) -> Result<Nimber, Error> {
    let mut total = Nimber::ZERO;
    for &c in coins {
        total += rule.value(c)?;
    }
    Ok(total)
}

/// A move of a coin-turning game: the head turned over, and the other coins turned with it,
/// ascending (each goes from heads to tails or from tails to heads).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CoinMove<C> {
    /// The coin showing heads that the move turns to tails.
    pub head: C,
    /// The other coins the move turns, ascending.
    pub others: Vec<C>,
}

/// `turn 7 with 6`, `turn (2, 3) with (1, 1), (1, 3), (2, 1)`, `turn 4 alone`: the coins
/// as `Debug` writes them.
impl<C: Debug> core::fmt::Display for CoinMove<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "turn {:?}", self.head)?;
        if self.others.is_empty() {
            return f.write_str(" alone");
        }
        for (i, other) in self.others.iter().enumerate() {
            let joint = if i == 0 { " with " } else { ", " };
            write!(f, "{joint}{other:?}")?;
        }
        Ok(())
    }
}

/// A position of a coin-turning game: its rule, and the coins showing heads.
///
/// The value is the nim-sum of the values of its heads, so [`grundy`](ClosedForm::grundy)
/// and [`outcome`](ClosedForm::outcome) read one value a head, and
/// [`moves_to_value`](ClosedForm::moves_to_value) asks the rule, for each head, for the moves
/// of the worth that brings the total to the target.
///
/// # Complexity
///
/// `new` O(n log n) for n heads, with one [`check`](CoinRule::check) and one
/// [`value`](CoinRule::value) a head (the value is kept). `grundy` O(1). `moves_to_value` one
/// [`moves_worth`](CoinRule::moves_worth) a head, at once, and the moves lazily after that;
/// the rules of *Winning Ways* answer `moves_worth` in O(1) a move (a [`Tartan`] product goes
/// through the moves of one factor). `play` O(n).
///
/// # Errors
///
/// [`Coins::new`] returns [`Error::InvalidCoin`] for a coin named twice or one the rule does
/// not have, and the rule's errors ([`Error::Overflow`] for a value past `u128`). Misère play
/// is not answered ([`Error::MisereUnsupported`]): the heads do not add under misère play;
/// a [`Solver`](crate::Solver) searches small positions.
///
/// # Examples
///
/// Mock Turtles: turn one, two or three coins. A head on coin `x` is worth the `x`-th odious
/// number (1, 2, 4, 7, 8, 11, …, the numbers with an odd count of ones in binary).
///
/// ```
/// use grundy::coins::{CoinMove, Coins, MockTurtles};
/// use grundy::prelude::*;
///
/// let row = Coins::new(MockTurtles, [2u64, 4])?; // worth 2 and 7
/// assert_eq!(row.grundy()?, Nimber::new(2 ^ 7));
/// // The one winning move turns the head on 4 with the head on 2: nothing is left.
/// let winning: Vec<_> = row.winning_moves(Play::Normal)?.collect();
/// assert_eq!(winning, [CoinMove { head: 4, others: vec![2] }]);
/// assert!(row.play(winning[0].clone())?.heads().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Coins<R, C> {
    rule: R,
    /// The heads, ascending, distinct, each a coin of the rule.
    heads: Vec<C>,
    /// The nim-sum of the heads' values (a function of the rule and the heads, so the derived
    /// comparisons are theirs).
    #[cfg_attr(feature = "serde", serde(skip))]
    value: Nimber,
}

/// Read as `Coins { rule, heads }` and made again by [`Coins::new`], so that a position read
/// obeys its rule.
#[cfg(feature = "serde")]
impl<'de, R, C> serde::Deserialize<'de> for Coins<R, C>
where
    R: CoinRule<C> + serde::Deserialize<'de>,
    C: Coin + serde::Deserialize<'de>,
{
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(rename = "Coins", expecting = "struct Coins")]
        struct Raw<R, C> {
            rule: R,
            heads: Vec<C>,
        }
        let raw = Raw::<R, C>::deserialize(deserializer)?;
        Coins::new(raw.rule, raw.heads).map_err(serde::de::Error::custom)
    }
}

impl<C: Coin, R: CoinRule<C>> Coins<R, C> {
    /// The position of `rule` with heads on the `heads`, in any order.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidCoin`] for a coin named twice, the rule's own error for a coin it
    /// does not have, and the rule's error for a value it cannot give
    /// ([`Error::Overflow`]).
    pub fn new(rule: R, heads: impl IntoIterator<Item = C>) -> Result<Self, Error> {
        let mut heads: Vec<C> = heads.into_iter().collect();
        heads.sort_unstable();
        if let Some(pair) = heads.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(Error::InvalidCoin {
                coin: format!("{:?}", pair[0]),
                reason: "it is named twice; a coin shows heads or tails",
            });
        }
        let mut value = Nimber::ZERO;
        for &head in &heads {
            rule.check(head)?;
            value += rule.value(head)?;
        }
        Ok(Coins { rule, heads, value })
    }

    /// The rule.
    pub fn rule(&self) -> &R {
        &self.rule
    }

    /// The coins showing heads, ascending.
    pub fn heads(&self) -> &[C] {
        &self.heads
    }

    /// The worth that the other coins of a move from `head` need for the position to reach
    /// `target`: `G ⊕ value(head) ⊕ target`.
    fn worth_to(&self, head: C, target: Nimber) -> Result<Nimber, Error> {
        Ok(self.value + target + self.rule.value(head)?)
    }

    /// The position after turning `head` (a head) and the coins `others`: the heads that
    /// stay, and each of `others` turned over. No check that the rule allows the move.
    fn turned(&self, head: C, others: &[C]) -> Result<Self, Error> {
        let Ok(at) = self.heads.binary_search(&head) else {
            return Err(Error::IllegalMove {
                reason: format!("coin {head:?} shows tails; a move turns a head"),
            });
        };
        if others.windows(2).any(|pair| pair[0] >= pair[1]) || others.contains(&head) {
            return Err(Error::IllegalMove {
                reason: format!(
                    "the other coins {others:?} of a move from {head:?} are not ascending and \
                     distinct, or include the head"
                ),
            });
        }
        let mut heads = Vec::new();
        heads
            .try_reserve_exact(self.heads.len() + others.len())
            .map_err(|_| Error::OutOfMemory {
                what: format!("a position of {} heads", self.heads.len() + others.len()),
            })?;
        let mut value = self.value + self.rule.value(head)?;
        let (mut i, mut j) = (0, 0);
        while i < self.heads.len() || j < others.len() {
            match (self.heads.get(i), others.get(j)) {
                (Some(&h), Some(&o)) if h == o => {
                    // A head turned to tails.
                    value += self.rule.value(o)?;
                    i += 1;
                    j += 1;
                }
                (Some(&h), Some(&o)) if o < h => {
                    self.rule.check(o)?;
                    value += self.rule.value(o)?;
                    heads.push(o);
                    j += 1;
                }
                (Some(&h), _) => {
                    if i != at {
                        heads.push(h);
                    }
                    i += 1;
                }
                (None, Some(&o)) => {
                    self.rule.check(o)?;
                    value += self.rule.value(o)?;
                    heads.push(o);
                    j += 1;
                }
                (None, None) => break,
            }
        }
        Ok(Coins {
            rule: self.rule.clone(),
            heads,
            value,
        })
    }
}

impl<C: Coin, R: CoinRule<C>> Game for Coins<R, C> {
    type Move = CoinMove<C>;

    /// The buffer of its heads.
    fn owned_bytes(&self) -> usize {
        self.heads.capacity() * size_of::<C>()
    }

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(CoinMove<C>, Self) -> ControlFlow<()>,
    {
        for &head in &self.heads {
            let Ok(moves) = self.rule.moves(head) else {
                return ControlFlow::Break(());
            };
            for others in moves {
                let Ok(next) = self.turned(head, &others) else {
                    return ControlFlow::Break(());
                };
                visit(CoinMove { head, others }, next)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn fault(&self) -> Option<Error> {
        for &head in &self.heads {
            match self.rule.moves(head) {
                Err(err) => return Some(err),
                Ok(moves) => {
                    for others in moves {
                        if let Err(err) = self.turned(head, &others) {
                            return Some(err);
                        }
                    }
                }
            }
        }
        None
    }

    /// The position after `mv`, checked against the rule: the head must show heads and the
    /// other coins must be a move of the rule from it ([`CoinRule::is_move`]).
    fn play(&self, mv: CoinMove<C>) -> Result<Self, Error> {
        let next = self.turned(mv.head, &mv.others)?;
        let allowed = self.rule.is_move(mv.head, &mv.others)?;
        if allowed {
            Ok(next)
        } else {
            Err(Error::IllegalMove {
                reason: format!(
                    "the rule does not turn {:?} with the head {:?}",
                    mv.others, mv.head
                ),
            })
        }
    }

    fn parts(&self) -> Option<Vec<Self>> {
        if self.heads.len() < 2 {
            return None;
        }
        // Each head alone; its value was read when the position was made, so it is read
        // again without fail (a rule that failed now would leave the position whole).
        self.heads
            .iter()
            .map(|&head| {
                Some(Coins {
                    rule: self.rule.clone(),
                    heads: alloc::vec![head],
                    value: self.rule.value(head).ok()?,
                })
            })
            .collect()
    }
}

impl<C: Coin, R: CoinRule<C>> ClosedForm for Coins<R, C> {
    type MovesTo<'a>
        = CoinMoves<'a, C>
    where
        Self: 'a;

    /// The nim-sum of the values of the heads. Never fails: the values are read when the
    /// position is made.
    fn grundy(&self) -> Result<Nimber, Error> {
        Ok(self.value)
    }

    /// For each head `h`, the moves of the rule from `h` worth `G ⊕ value(h) ⊕ target`.
    ///
    /// # Errors
    ///
    /// The rule's errors from [`CoinRule::moves_worth`], asked of every head at once (a
    /// [`Tartan`] product past its scan limit: [`Error::ScanLimit`]).
    fn moves_to_value(&self, target: Nimber) -> Result<CoinMoves<'_, C>, Error> {
        let mut heads = Vec::new();
        heads
            .try_reserve_exact(self.heads.len())
            .map_err(|_| Error::OutOfMemory {
                what: format!("the moves of {} heads", self.heads.len()),
            })?;
        for &head in self.heads.iter().rev() {
            let worth = self.worth_to(head, target)?;
            heads.push((head, self.rule.moves_worth(head, worth)?));
        }
        Ok(CoinMoves { heads })
    }
}

impl<C: Coin, R: CoinRule<C>> Coins<R, C> {
    /// How many moves lead to a position of value `target`: the length of
    /// [`moves_to_value`](ClosedForm::moves_to_value), counted head by head with
    /// [`CoinRule::count_worth`], so in closed form where the rule has one (a Mock Turtles
    /// head past `2^64` has more winning moves than could ever be listed). With `*0`, the
    /// number of winning moves.
    ///
    /// # Errors
    ///
    /// The rule's errors; [`Error::Overflow`] if the count passes `u128::MAX`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::coins::{Coins, MockTurtles};
    /// use grundy::prelude::*;
    ///
    /// let row = Coins::new(MockTurtles, [2u32, 5, 9])?;
    /// assert_eq!(row.count_moves_to_value(Nimber::ZERO)?, 4);
    /// // Turn the head on 2^100 with any two coins worth 2 ⊕ 4 together: about 2^99 pairs.
    /// let huge = Coins::new(MockTurtles, [2u128, 3, 1 << 100])?;
    /// assert!(huge.count_moves_to_value(Nimber::ZERO)? > 1 << 90);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_moves_to_value(&self, target: Nimber) -> Result<u128, Error> {
        let mut total: u128 = 0;
        for &head in &self.heads {
            let worth = self.worth_to(head, target)?;
            total = total
                .checked_add(self.rule.count_worth(head, worth)?)
                .ok_or_else(|| Error::Overflow {
                    what: format!("the number of moves to {target}, past u128::MAX"),
                })?;
        }
        Ok(total)
    }
}

/// The lazy iterator of the moves of a [`Coins`] position to a value
/// ([`ClosedForm::moves_to_value`], [`ClosedForm::winning_moves`]): head by head, ascending.
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct CoinMoves<'a, C> {
    /// The heads still to go, last first, each with its moves.
    heads: Vec<(C, Turns<'a, C>)>,
}

impl<C: Debug> Debug for CoinMoves<'_, C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("CoinMoves")
            .field("heads_left", &self.heads.len())
            .finish_non_exhaustive()
    }
}

impl<C: Coin> Iterator for CoinMoves<'_, C> {
    type Item = CoinMove<C>;

    fn next(&mut self) -> Option<CoinMove<C>> {
        loop {
            let (head, moves) = self.heads.last_mut()?;
            if let Some(others) = moves.next() {
                return Some(CoinMove {
                    head: *head,
                    others,
                });
            }
            self.heads.pop();
        }
    }
}

impl<C: Coin> FusedIterator for CoinMoves<'_, C> {}

#[cfg(test)]
mod tests {
    use super::*;

    /// `play` checks a move by the rule's `is_move`, never by going through the moves of its
    /// worth: on huge coins those are astronomically many (Mock Turtles) or past the scan
    /// limit (Turning Corners).
    #[test]
    fn play_checks_huge_moves_directly() {
        let x = 1u128 << 100;
        let row = Coins::new(MockTurtles, [x]).unwrap();
        let (a, b) = ((1u128 << 99) + 5, (1u128 << 99) + (1 << 98));
        let next = row
            .play(CoinMove {
                head: x,
                others: alloc::vec![a, b],
            })
            .unwrap();
        assert_eq!(next.heads(), [a, b]);
        let value = MockTurtles.value(a).unwrap() + MockTurtles.value(b).unwrap();
        assert_eq!(next.grundy().unwrap(), value);
        assert!(
            row.play(CoinMove {
                head: x,
                others: alloc::vec![b, a],
            })
            .is_err()
        );

        let board = Coins::new(Tartan::turning_corners(), [(x, x + 1)]).unwrap();
        let others = alloc::vec![(3, 7), (3, x + 1), (x, 7)];
        let next = board
            .play(CoinMove {
                head: (x, x + 1),
                others,
            })
            .unwrap();
        assert_eq!(next.heads().len(), 3);
        // Not a rectangle: three corners of two different ones.
        let bent = alloc::vec![(3, 7), (4, x + 1), (x, 7)];
        assert!(
            board
                .play(CoinMove {
                    head: (x, x + 1),
                    others: bent,
                })
                .is_err()
        );
    }
}
