//! Products of coin-turning rules: games on a board, valued by the Tartan theorem.

use super::{Coin, CoinRule, Turns, Twins, worth_of};
use crate::{Error, Nimber};
use alloc::boxed::Box;
use alloc::format;
use alloc::vec::Vec;

/// The most moves of a factor that [`Tartan::moves_worth`](CoinRule::moves_worth) goes
/// through for one head unless told otherwise ([`Tartan::with_scan_limit`]): 2^24.
pub const DEFAULT_SCAN_LIMIT: u128 = 1 << 24;

/// The **Tartan product** of two coin-turning rules (*Winning Ways*, ch. 14): a game on a
/// board whose coins are pairs `(x, y)`, `x` a coin of `A` and `y` one of `B`. A move from
/// a head on `(x, y)` takes a move of `A` from `x` (it turns `x` and the coins `S`) and one
/// of `B` from `y` (`y` and `T`), and turns every coin of the rectangle-like set
/// `({x} ∪ S) × ({y} ∪ T)`.
///
/// **The Tartan theorem:** a head on `(x, y)` is worth `A(x) ⊗ B(y)`, the nim-product of the
/// values of its coordinates. So the value of a board is exact at every size (the nim field
/// is exact to `2^128`). A winning move is found from the factors' moves: a move of `A`
/// from `x` of worth `a` and one of `B` from `y` of worth `b` change the head's contribution
/// to `(A(x) ⊕ a) ⊗ (B(y) ⊕ b)`, so for each move of one factor the other's worth is one
/// division in the field, and the other factor lists its moves of that worth.
///
/// **Turning Corners** is `Tartan<Twins, Twins>` ([`Tartan::turning_corners`]): a move turns
/// the four corners of a rectangle whose far corner `(x, y)` shows heads, and a head is
/// worth `x ⊗ y`.
///
/// # Complexity
///
/// `value` one nim-multiplication. `moves_worth` goes through the moves of the factor with
/// fewer of them from the head (by [`CoinRule::move_count`]; `A`'s when neither says; when
/// one says and its count is past the scan limit, the other's, which may be few), and
/// asks the other factor for the moves of one worth each time: for Turning Corners, O(min(x, y))
/// a head. It refuses, with [`Error::ScanLimit`], a head for which it would go through or
/// list more moves of the factors than the scan limit ([`DEFAULT_SCAN_LIMIT`], or
/// [`Tartan::with_scan_limit`]; the moves it goes through and the moves it finds count alike),
/// so that no question runs for ever; the value and the outcome have no such limit. The
/// moves of a head are counted against the limit first, keeping none, and then listed
/// lazily as they are taken (going through the factor's moves again): their memory is that
/// of one move, however many there are.
///
/// The scan limit is a budget of the caller's, not part of the game: two products of the same
/// rules are equal (and hash and order alike) whatever their limits, and with the `serde`
/// feature a product is written as its two rules alone and read with the default limit, so
/// input cannot lift it.
///
/// # Errors
///
/// The factors' errors for coins they do not have.
///
/// # Examples
///
/// ```
/// use grundy::coins::{CoinMove, Coins, Tartan};
/// use grundy::prelude::*;
///
/// // Turning Corners: heads on (2, 3) and (1, 1).
/// let board = Coins::new(Tartan::turning_corners(), [(2u32, 3u32), (1, 1)])?;
/// // 2 ⊗ 3 = 1 and 1 ⊗ 1 = 1: the value is *0, the player to move loses.
/// assert_eq!(board.grundy()?, Nimber::ZERO);
///
/// let board = Coins::new(Tartan::turning_corners(), [(2u32, 3u32)])?;
/// let winning: Vec<_> = board.winning_moves(Play::Normal)?.collect();
/// // Every winning move leaves *0: turning the corners (1, 1), (1, 3) and (2, 1) leaves
/// // heads worth 1 ⊕ 3 ⊕ 2; turning (0, 0), (0, 3) and (2, 0) leaves heads worth nothing.
/// for mv in &winning {
///     assert_eq!(board.play(mv.clone())?.grundy()?, Nimber::ZERO);
/// }
/// assert!(winning.contains(&CoinMove { head: (2, 3), others: vec![(1, 1), (1, 3), (2, 1)] }));
/// assert!(winning.contains(&CoinMove { head: (2, 3), others: vec![(0, 0), (0, 3), (2, 0)] }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tartan<A, B> {
    first: A,
    second: B,
    #[cfg_attr(feature = "serde", serde(skip, default = "default_scan_limit"))]
    scan_limit: u128,
}

/// The scan limit of a product read with serde.
#[cfg(feature = "serde")]
fn default_scan_limit() -> u128 {
    DEFAULT_SCAN_LIMIT
}

/// The same rules, whatever the scan limits.
impl<A: PartialEq, B: PartialEq> PartialEq for Tartan<A, B> {
    fn eq(&self, other: &Self) -> bool {
        (&self.first, &self.second) == (&other.first, &other.second)
    }
}

impl<A: Eq, B: Eq> Eq for Tartan<A, B> {}

/// The rules' hash, without the scan limit.
impl<A: core::hash::Hash, B: core::hash::Hash> core::hash::Hash for Tartan<A, B> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (&self.first, &self.second).hash(state);
    }
}

/// By the first rule, then the second; the scan limits are not compared.
impl<A: PartialOrd, B: PartialOrd> PartialOrd for Tartan<A, B> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        (&self.first, &self.second).partial_cmp(&(&other.first, &other.second))
    }
}

impl<A: Ord, B: Ord> Ord for Tartan<A, B> {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        (&self.first, &self.second).cmp(&(&other.first, &other.second))
    }
}

impl Tartan<Twins, Twins> {
    /// **Turning Corners**: coins `(x, y)` with `x, y = 0, 1, 2, …`; a move turns the four
    /// corners `(a, b)`, `(a, y)`, `(x, b)`, `(x, y)` of a rectangle with `a < x`, `b < y`,
    /// whose corner `(x, y)` shows heads. A head is worth `x ⊗ y`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::coins::{Coins, Tartan};
    /// use grundy::prelude::*;
    ///
    /// let board = Coins::new(Tartan::turning_corners(), [(4u64, 4u64)])?;
    /// assert_eq!(board.grundy()?, Nimber::new(6)); // 4 ⊗ 4 = 6
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn turning_corners() -> Self {
        Tartan::new(Twins, Twins)
    }
}

impl<A, B> Tartan<A, B> {
    /// The product of the rules `first` (for the first coordinate) and `second`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::coins::{Coins, MockTurtles, Tartan, TurningTurtles};
    /// use grundy::prelude::*;
    ///
    /// let board = Coins::new(Tartan::new(TurningTurtles, MockTurtles), [(3u32, 3u32)])?;
    /// assert_eq!(board.grundy()?, Nimber::new(3) * Nimber::new(4)); // 3 ⊗ 4 = 12
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(first: A, second: B) -> Self {
        Tartan {
            first,
            second,
            scan_limit: DEFAULT_SCAN_LIMIT,
        }
    }

    /// The same product, going through at most `limit` moves of a factor for one head when
    /// it lists moves ([`DEFAULT_SCAN_LIMIT`] unless set).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::coins::{Coins, Tartan};
    /// use grundy::prelude::*;
    /// use grundy::Error;
    ///
    /// let board = Coins::new(Tartan::turning_corners().with_scan_limit(100), [(1000u32, 2000u32)])?;
    /// assert!(board.grundy().is_ok()); // the value needs no scan
    /// assert!(matches!(board.winning_moves(Play::Normal), Err(Error::ScanLimit { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_scan_limit(mut self, limit: u128) -> Self {
        self.scan_limit = limit;
        self
    }

    /// The scan limit ([`Tartan::with_scan_limit`]).
    pub fn scan_limit(&self) -> u128 {
        self.scan_limit
    }

    /// The rule of the first coordinate.
    pub fn first(&self) -> &A {
        &self.first
    }

    /// The rule of the second coordinate.
    pub fn second(&self) -> &B {
        &self.second
    }
}

/// The other coins of the product of a move turning `x` and `xs` with one turning `y` and
/// `ys`: the coins of `({x} ∪ xs) × ({y} ∪ ys)` but `(x, y)`, ascending.
fn product<X: Coin, Y: Coin>(x: X, xs: &[X], y: Y, ys: &[Y]) -> Vec<(X, Y)> {
    let mut rows: Vec<X> = xs.to_vec();
    rows.push(x);
    rows.sort_unstable();
    let mut columns: Vec<Y> = ys.to_vec();
    columns.push(y);
    columns.sort_unstable();
    let mut coins = Vec::with_capacity(rows.len() * columns.len() - 1);
    for &r in &rows {
        for &c in &columns {
            if (r, c) != (x, y) {
                coins.push((r, c));
            }
        }
    }
    coins
}

/// One factor of a product at a head: its rule, the head's coordinate, and the value there.
struct Factor<'r, R, P> {
    rule: &'r R,
    at: P,
    value: Nimber,
}

impl<R, P: Copy> Clone for Factor<'_, R, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R, P: Copy> Copy for Factor<'_, R, P> {}

/// The moves of `other` that go with the move `mine` of `scanned` in a move of the product
/// whose head's contribution must become `left` (that is, `(value ⊕ a) ⊗ (other's value ⊕ b)
/// = left` for the worths `a` of `mine` and `b` of the other's move): those of the one worth
/// `b` that this needs, or `None` if no move of `other` does.
fn partners<'r, P, Q, RP, RQ>(
    scanned: Factor<'r, RP, P>,
    other: Factor<'r, RQ, Q>,
    left: Nimber,
    mine: &[P],
) -> Result<Option<Turns<'r, Q>>, Error>
where
    P: Coin,
    Q: Coin,
    RP: CoinRule<P>,
    RQ: CoinRule<Q>,
{
    let u = scanned.value + worth_of(scanned.rule, mine)?;
    Ok(match left.checked_div(u) {
        Some(w) => Some(other.rule.moves_worth(other.at, other.value + w)?),
        // u = 0: the contribution is 0 whatever the other factor's move, so every one of
        // them does if 0 is what must be left, and none does otherwise.
        None if left.is_zero() => Some(other.rule.moves(other.at)?),
        None => None,
    })
}

/// How many moves of the product [`listed`] lists, found by going through the moves of
/// `scanned` and, for each, the moves of `other` that go with it ([`partners`]), keeping
/// none of them. At most `limit` moves gone through or found, else `too_many`.
fn count<P, Q, RP, RQ>(
    scanned: Factor<'_, RP, P>,
    other: Factor<'_, RQ, Q>,
    left: Nimber,
    limit: u128,
    too_many: impl Fn() -> Error,
) -> Result<u128, Error>
where
    P: Coin,
    Q: Coin,
    RP: CoinRule<P>,
    RQ: CoinRule<Q>,
{
    let mut seen: u128 = 0;
    let mut count = || {
        seen = seen.saturating_add(1);
        if seen > limit {
            Err(too_many())
        } else {
            Ok(())
        }
    };
    let mut found: u128 = 0;
    for mine in scanned.rule.moves(scanned.at)? {
        count()?;
        if let Some(theirs) = partners(scanned, other, left, &mine)? {
            for _ in theirs {
                count()?;
                found += 1;
            }
        }
    }
    Ok(found)
}

/// The moves that [`count`] counts, lazily, in the same order: `product` makes a move of the
/// product from a move of each factor. Nothing is held but the move of `scanned` being gone
/// through, so a head with millions of moves costs no memory for them.
///
/// [`count`] asks the rules the same questions first, and they answered without an error;
/// so an error here, which an iterator cannot return, does not happen for a rule that answers
/// the same question alike each time (the moves of its pair are then skipped).
fn listed<'r, P, Q, RP, RQ, M>(
    scanned: Factor<'r, RP, P>,
    other: Factor<'r, RQ, Q>,
    left: Nimber,
    product: impl Fn(&[P], &[Q]) -> M + Copy + Send + Sync + 'r,
) -> Result<impl Iterator<Item = M> + Send + Sync + 'r, Error>
where
    P: Coin,
    Q: Coin,
    RP: CoinRule<P>,
    RQ: CoinRule<Q>,
    M: 'r,
{
    Ok(scanned.rule.moves(scanned.at)?.flat_map(move |mine| {
        let theirs = partners(scanned, other, left, &mine).ok().flatten();
        theirs
            .into_iter()
            .flatten()
            .map(move |ys| product(&mine, &ys))
    }))
}

impl<A, B> Tartan<A, B> {
    /// The error for a head whose factor moves are more than the scan limit.
    fn too_many<X: Coin, Y: Coin>(&self, x: X, y: Y) -> Error {
        Error::ScanLimit {
            coin: format!("{:?}", (x, y)),
            limit: self.scan_limit,
        }
    }

    /// The factors at the head `coin`, the contribution its moves of worth `worth` must
    /// leave, and whether to go through the columns' moves (the second factor's) rather than
    /// the rows': through the columns when they are known to be fewer, or only they are
    /// known and within the scan limit, or only the rows' are known and past it; a count not
    /// known is checked against the limit as the scan goes.
    ///
    /// # Errors
    ///
    /// [`Error::ScanLimit`] when the factor to go through is known to have more moves than
    /// the scan limit; the factors' errors for their values.
    #[allow(clippy::type_complexity)] // the two factors, named where they are used
    fn factors<X: Coin, Y: Coin>(
        &self,
        (x, y): (X, Y),
        worth: Nimber,
    ) -> Result<(Factor<'_, A, X>, Factor<'_, B, Y>, Nimber, bool), Error>
    where
        A: CoinRule<X>,
        B: CoinRule<Y>,
    {
        let (value_x, value_y) = (self.first.value(x)?, self.second.value(y)?);
        let left = value_x * value_y + worth;
        let (count_x, count_y) = (self.first.move_count(x), self.second.move_count(y));
        // When only one count is known and it is past the limit, the other factor may still
        // have few moves: go through those, checked as the scan goes.
        let limit = self.scan_limit;
        let by_columns = match (count_x, count_y) {
            (Some(a), Some(b)) => b < a,
            (None, Some(b)) => b <= limit,
            (Some(a), None) => a > limit,
            (None, None) => false,
        };
        let scanned = if by_columns { count_y } else { count_x };
        if scanned.is_some_and(|count| count > self.scan_limit) {
            return Err(self.too_many(x, y));
        }
        let rows = Factor {
            rule: &self.first,
            at: x,
            value: value_x,
        };
        let columns = Factor {
            rule: &self.second,
            at: y,
            value: value_y,
        };
        Ok((rows, columns, left, by_columns))
    }
}

impl<X: Coin, Y: Coin, A: CoinRule<X>, B: CoinRule<Y>> CoinRule<(X, Y)> for Tartan<A, B> {
    fn check(&self, coin: (X, Y)) -> Result<(), Error> {
        self.first.check(coin.0)?;
        self.second.check(coin.1)
    }

    /// `A(x) ⊗ B(y)`: the Tartan theorem.
    fn value(&self, coin: (X, Y)) -> Result<Nimber, Error> {
        Ok(self.first.value(coin.0)? * self.second.value(coin.1)?)
    }

    fn moves(&self, coin: (X, Y)) -> Result<Turns<'_, (X, Y)>, Error> {
        let (x, y) = coin;
        // Asked once here, so that an error shows now; each row asks again.
        drop(self.second.moves(y)?);
        let moves = self.first.moves(x)?.flat_map(move |xs| {
            let columns = self.second.moves(y).into_iter().flatten();
            columns.map(move |ys| product(x, &xs, y, &ys))
        });
        Ok(Box::new(moves))
    }

    /// The moves from the head `(x, y)` of worth `worth`, found through the moves of one
    /// factor (see the type's docs): counted first, against the scan limit, then listed
    /// lazily, so that the moves are never all held at once (a head of a product of Mock
    /// Turtles can have millions of them, and [`Coins`](super::Coins) asks every head at
    /// once).
    ///
    /// # Errors
    ///
    /// [`Error::ScanLimit`] if more than the scan limit of moves would be gone through or
    /// listed for this head; the factors' errors.
    fn moves_worth(&self, coin: (X, Y), worth: Nimber) -> Result<Turns<'_, (X, Y)>, Error> {
        let (x, y) = coin;
        let (rows, columns, left, by_columns) = self.factors(coin, worth)?;
        let (limit, too_many) = (self.scan_limit, || self.too_many(x, y));
        if by_columns {
            count(columns, rows, left, limit, too_many)?;
            let product = move |ys: &[Y], xs: &[X]| product(x, xs, y, ys);
            Ok(Box::new(listed(columns, rows, left, product)?))
        } else {
            count(rows, columns, left, limit, too_many)?;
            let product = move |xs: &[X], ys: &[Y]| product(x, xs, y, ys);
            Ok(Box::new(listed(rows, columns, left, product)?))
        }
    }

    /// The number of moves [`moves_worth`](CoinRule::moves_worth) lists, counted without
    /// keeping them.
    ///
    /// # Errors
    ///
    /// As for [`moves_worth`](CoinRule::moves_worth).
    fn count_worth(&self, coin: (X, Y), worth: Nimber) -> Result<u128, Error> {
        let (x, y) = coin;
        let (rows, columns, left, by_columns) = self.factors(coin, worth)?;
        let (limit, too_many) = (self.scan_limit, || self.too_many(x, y));
        if by_columns {
            count(columns, rows, left, limit, too_many)
        } else {
            count(rows, columns, left, limit, too_many)
        }
    }

    /// Whether `others` with the head `(x, y)` are the coins of `R × C` but `(x, y)`, for
    /// `R ∋ x` and `C ∋ y`, with `R \ {x}` a move of the first rule from `x` and `C \ {y}` one
    /// of the second from `y`.
    fn is_move(&self, coin: (X, Y), others: &[(X, Y)]) -> Result<bool, Error> {
        let (x, y) = coin;
        let mut rows: Vec<X> = others.iter().map(|c| c.0).chain([x]).collect();
        rows.sort_unstable();
        rows.dedup();
        let mut columns: Vec<Y> = others.iter().map(|c| c.1).chain([y]).collect();
        columns.sort_unstable();
        columns.dedup();
        // `others` is ascending, so its coins are distinct: with (x, y) they fill R × C
        // exactly when there are |R| · |C| of them (each is in R × C by construction).
        let ascending = others.windows(2).all(|pair| pair[0] < pair[1]);
        let fills = rows
            .len()
            .checked_mul(columns.len())
            .is_some_and(|cells| cells == others.len() + 1);
        if !ascending || !fills || others.contains(&coin) {
            return Ok(false);
        }
        let xs: Vec<X> = rows.into_iter().filter(|&r| r != x).collect();
        let ys: Vec<Y> = columns.into_iter().filter(|&c| c != y).collect();
        Ok(self.first.is_move(x, &xs)? && self.second.is_move(y, &ys)?)
    }

    /// The product of the factors' counts, saturated at `u128::MAX` (a count known to be
    /// huge is still known, so that a product of this product goes through its other factor).
    fn move_count(&self, coin: (X, Y)) -> Option<u128> {
        Some(
            self.first
                .move_count(coin.0)?
                .saturating_mul(self.second.move_count(coin.1)?),
        )
    }
}
