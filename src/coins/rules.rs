//! The coin-turning rules of *Winning Ways* (ch. 14) with closed forms: Turning Turtles,
//! Twins and Mock Turtles.

use super::{CoinRule, Turns};
use crate::{Error, Heap, Nimber};
use alloc::boxed::Box;
use alloc::format;
use alloc::vec;
use alloc::vec::Vec;
use core::iter;

/// `coin` as a coin of a rule that numbers its coins from 1: the error for coin 0.
fn from_one<T: Heap>(coin: T, game: &'static str) -> Result<u128, Error> {
    match coin.widen() {
        0 => Err(Error::InvalidCoin {
            coin: format!("{coin}"),
            reason: game,
        }),
        x => Ok(x),
    }
}

/// The single coin `a` as a move's other coins, if `a` is below `x` and at least `least`.
fn single<'a, T: Heap>(a: u128, least: u128, x: u128) -> Turns<'a, T> {
    let coin = (least..x).contains(&a).then(|| T::narrow(a)).flatten();
    Box::new(coin.map(|c| vec![c]).into_iter())
}

/// **Turning Turtles**: coins numbered `1, 2, 3, …`; a move turns a head and at most one
/// coin left of it. A head on coin `x` is worth `x`: the game is Nim, a head on `x` a heap
/// of `x` (turning it alone empties the heap, turning it with coin `a` makes it a heap of
/// `a`, and a head turned to tails there empties a heap of `a` too, since two heaps of `a`
/// cancel).
///
/// # Complexity
///
/// `value` O(1); `moves_worth` O(1), one move at most.
///
/// # Errors
///
/// [`Error::InvalidCoin`] for coin 0.
///
/// # Examples
///
/// ```
/// use grundy::coins::{CoinMove, Coins, TurningTurtles};
/// use grundy::prelude::*;
///
/// let row = Coins::new(TurningTurtles, [3u32, 5, 7])?; // Nim 3, 5, 7
/// assert_eq!(row.grundy()?, Nimber::new(1));
/// let winning: Vec<_> = row.winning_moves(Play::Normal)?.collect();
/// assert_eq!(winning.len(), 3);
/// assert!(winning.contains(&CoinMove { head: 7, others: vec![6] })); // 7 to 6
/// assert!(Coins::new(TurningTurtles, [0u32]).is_err()); // coins are numbered from 1
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TurningTurtles;

const TURTLES_FROM_ONE: &str = "Turning Turtles numbers its coins from 1";

impl<T: Heap> CoinRule<T> for TurningTurtles {
    fn check(&self, coin: T) -> Result<(), Error> {
        from_one(coin, TURTLES_FROM_ONE).map(drop)
    }

    fn value(&self, coin: T) -> Result<Nimber, Error> {
        from_one(coin, TURTLES_FROM_ONE).map(Nimber::new)
    }

    fn moves(&self, coin: T) -> Result<Turns<'_, T>, Error> {
        let x = from_one(coin, TURTLES_FROM_ONE)?;
        let singles = (1..x).filter_map(T::narrow).map(|a| vec![a]);
        Ok(Box::new(iter::once(Vec::new()).chain(singles)))
    }

    fn moves_worth(&self, coin: T, worth: Nimber) -> Result<Turns<'_, T>, Error> {
        let x = from_one(coin, TURTLES_FROM_ONE)?;
        Ok(match worth.get() {
            0 => Box::new(iter::once(Vec::new())),
            a => single(a, 1, x),
        })
    }

    fn is_move(&self, coin: T, others: &[T]) -> Result<bool, Error> {
        let x = from_one(coin, TURTLES_FROM_ONE)?;
        Ok(match others {
            [] => true,
            [a] => (1..x).contains(&a.widen()),
            _ => false,
        })
    }

    fn move_count(&self, coin: T) -> Option<u128> {
        Some(coin.widen())
    }
}

/// **Twins**: coins numbered `0, 1, 2, …`; a move turns a head and exactly one coin left of
/// it. A head on coin `x` is worth `x` (Turning Turtles with a coin 0 added, which is worth
/// nothing). Its product with itself, `Tartan<Twins, Twins>`, is Turning Corners
/// ([`Tartan::turning_corners`](super::Tartan::turning_corners)).
///
/// # Complexity
///
/// `value` O(1); `moves_worth` O(1), one move at most.
///
/// # Errors
///
/// None: every coin is one of Twins.
///
/// # Examples
///
/// ```
/// use grundy::coins::{CoinMove, Coins, Twins};
/// use grundy::prelude::*;
///
/// let row = Coins::new(Twins, [0u8, 4])?; // a head on 0 has no move: worth 0
/// assert_eq!(row.grundy()?, Nimber::new(4));
/// let winning: Vec<_> = row.winning_moves(Play::Normal)?.collect();
/// assert_eq!(winning, [CoinMove { head: 4, others: vec![0] }]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Twins;

impl<T: Heap> CoinRule<T> for Twins {
    fn value(&self, coin: T) -> Result<Nimber, Error> {
        Ok(Nimber::new(coin.widen()))
    }

    fn moves(&self, coin: T) -> Result<Turns<'_, T>, Error> {
        Ok(Box::new(
            (0..coin.widen()).filter_map(T::narrow).map(|a| vec![a]),
        ))
    }

    fn moves_worth(&self, coin: T, worth: Nimber) -> Result<Turns<'_, T>, Error> {
        Ok(single(worth.get(), 0, coin.widen()))
    }

    fn is_move(&self, coin: T, others: &[T]) -> Result<bool, Error> {
        Ok(matches!(others, [a] if *a < coin))
    }

    fn move_count(&self, coin: T) -> Option<u128> {
        Some(coin.widen())
    }
}

/// **Mock Turtles**: coins numbered `1, 2, 3, …`; a move turns a head and at most two coins
/// left of it. A head on coin `x` is worth the `x`-th **odious** number (1, 2, 4, 7, 8, 11,
/// 13, 14, …: the numbers with an odd count of ones in binary), `2(x − 1)` or `2(x − 1) + 1`,
/// whichever is odious. The values of one or two heads are then what a move from a head can
/// leave: one head is odious, two heads are **evil** (an even count of ones) and not zero.
///
/// # Complexity
///
/// `value` O(1). `moves_worth` O(1) a move: at most one move for a worth of zero (the head
/// alone) or an odious worth (one other coin), and for an evil worth `w` the pairs `a < b`
/// with `(a − 1) ⊕ (b − 1) = w / 2`, listed by blocks, never scanning.
///
/// # Errors
///
/// [`Error::InvalidCoin`] for coin 0; [`Error::Overflow`] for a coin past `2^127`, whose value
/// does not fit in `u128`.
///
/// # Examples
///
/// ```
/// use grundy::coins::{CoinMove, Coins, MockTurtles};
/// use grundy::prelude::*;
///
/// let row = Coins::new(MockTurtles, [1u32, 2, 5])?; // worth 1, 2 and 8
/// assert_eq!(row.grundy()?, Nimber::new(1 ^ 2 ^ 8));
/// for mv in row.winning_moves(Play::Normal)? {
///     assert_eq!(row.play(mv)?.grundy()?, Nimber::ZERO);
/// }
/// // The head on 5 with the coins 1 and 2 (worth 1 ⊕ 2 = 3): 8 ⊕ 3 = 11, the total's 11.
/// assert!(row.winning_moves(Play::Normal)?.any(|mv| mv == CoinMove { head: 5, others: vec![1, 2] }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MockTurtles;

const MOCK_FROM_ONE: &str = "Mock Turtles numbers its coins from 1";

/// The odious number `2u` or `2u + 1`: the value of a head on coin `u + 1`.
fn odious(u: u128) -> Option<u128> {
    let low = u128::from(u.count_ones() % 2 == 0);
    u.checked_mul(2).map(|twice| twice | low)
}

impl MockTurtles {
    /// `coin − 1` and the value of a head on `coin`, for a coin of Mock Turtles whose value
    /// fits.
    fn index<T: Heap>(coin: T) -> Result<(u128, u128), Error> {
        let u = from_one(coin, MOCK_FROM_ONE)? - 1;
        let value = odious(u).ok_or_else(|| Error::Overflow {
            what: format!(
                "the value of a head on coin {coin} of Mock Turtles, the {coin}-th odious \
                 number, does not fit in u128"
            ),
        })?;
        Ok((u, value))
    }

    /// `coin`, as a number below which its moves' other coins lie.
    fn past<T: Heap>(coin: T) -> Result<u128, Error> {
        MockTurtles::index(coin).map(|(u, _)| u + 1)
    }
}

impl<T: Heap> CoinRule<T> for MockTurtles {
    fn check(&self, coin: T) -> Result<(), Error> {
        MockTurtles::index(coin).map(drop)
    }

    fn value(&self, coin: T) -> Result<Nimber, Error> {
        MockTurtles::index(coin).map(|(_, value)| Nimber::new(value))
    }

    fn moves(&self, coin: T) -> Result<Turns<'_, T>, Error> {
        let x = MockTurtles::past(coin)?;
        let singles = (1..x).filter_map(T::narrow).map(|a| vec![a]);
        let pairs = (1..x).filter_map(T::narrow).flat_map(move |b| {
            (1..b.widen())
                .filter_map(T::narrow)
                .map(move |a| vec![a, b])
        });
        Ok(Box::new(iter::once(Vec::new()).chain(singles).chain(pairs)))
    }

    fn moves_worth(&self, coin: T, worth: Nimber) -> Result<Turns<'_, T>, Error> {
        let x = MockTurtles::past(coin)?;
        let w = worth.get();
        if w == 0 {
            return Ok(Box::new(iter::once(Vec::new())));
        }
        if w.count_ones() % 2 == 1 {
            // One other coin: the one worth `w`, coin `w / 2 + 1`.
            return Ok(single((w >> 1) + 1, 1, x));
        }
        // Two other coins a < b < x, worth odious(a − 1) ⊕ odious(b − 1) = w: with
        // u = a − 1 and v = b − 1, that is u ⊕ v = w / 2 (the low bits agree by parity).
        let pairs = xor_pairs(w >> 1, x - 1);
        Ok(Box::new(pairs.filter_map(|(u, v)| {
            Some(vec![T::narrow(u + 1)?, T::narrow(v + 1)?])
        })))
    }

    /// At most one move for a worth of zero or an odious worth; for an evil worth, the sizes
    /// of the blocks of pairs summed, never listed.
    fn count_worth(&self, coin: T, worth: Nimber) -> Result<u128, Error> {
        let x = MockTurtles::past(coin)?;
        let w = worth.get();
        if w == 0 || w.count_ones() % 2 == 1 {
            return Ok(self.moves_worth(coin, worth)?.count() as u128);
        }
        // Every u < v = u ⊕ beta < x − 1 is at most x − 2 < u128::MAX, so the sum fits.
        Ok(xor_pair_blocks(w >> 1, x - 1)
            .map(|(_, count, width, _)| count << width)
            .sum())
    }

    fn is_move(&self, coin: T, others: &[T]) -> Result<bool, Error> {
        let x = MockTurtles::past(coin)?;
        let inside = |c: &T| (1..x).contains(&c.widen());
        Ok(match others {
            [] => true,
            [a] => inside(a),
            [a, b] => a < b && inside(a) && inside(b),
            _ => false,
        })
    }

    /// `1 + n + n(n − 1)/2` for `n = coin − 1`, saturated at `u128::MAX` (past about
    /// `2^64.5`): the count is known to be huge, which a [`Tartan`](super::Tartan) product
    /// needs in order to go through its other factor instead. `None` for coin 0, which is
    /// not a coin.
    fn move_count(&self, coin: T) -> Option<u128> {
        // The head alone, with one of the n = x − 1 coins left of it, or with two of them.
        let n = coin.widen().checked_sub(1)?;
        let pairs = if n % 2 == 0 {
            (n / 2).saturating_mul(n.saturating_sub(1))
        } else {
            n.saturating_mul((n - 1) / 2)
        };
        Some(n.saturating_add(1).saturating_add(pairs))
    }
}

/// The runs of every pair `u < v < limit` with `u ⊕ v = beta`, without scanning: the
/// `v < limit` are blocks of aligned ranges, one for each bit `i` set in `limit` (its bits
/// above `i`, bit `i` clear, any bits below); each block's `u = v ⊕ beta` is an aligned range
/// too, and `u < v` exactly where `u` has no bit at `beta`'s highest. Each item is a block's
/// `(first u, count, width, stride)`: `count` runs of `2^width` values of `u`, `stride`
/// apart. None for `beta = 0`.
fn xor_pair_blocks(beta: u128, limit: u128) -> impl Iterator<Item = (u128, u128, u32, u128)> {
    let high = 127u32.checked_sub(beta.leading_zeros());
    high.into_iter().flat_map(move |high| {
        (0..128u32)
            .rev()
            .filter(move |&i| limit >> i & 1 == 1)
            .map(move |i| {
                let base_v = (limit >> i >> 1) << i << 1;
                let base_u = (base_v ^ beta) & !((1u128 << i) - 1);
                if high >= i {
                    // Bit `high` of u is the same in the whole block.
                    (base_u, u128::from(base_u >> high & 1 == 0), i, 0)
                } else {
                    (base_u, 1u128 << (i - high - 1), high, 1u128 << (high + 1))
                }
            })
    })
}

/// Every pair `u < v < limit` with `u ⊕ v = beta`, lazily, by the runs of
/// [`xor_pair_blocks`].
fn xor_pairs(beta: u128, limit: u128) -> impl Iterator<Item = (u128, u128)> {
    xor_pair_blocks(beta, limit).flat_map(move |(base_u, count, width, stride)| {
        (0..count).flat_map(move |k| {
            let start = base_u + k * stride;
            (start..=start + ((1u128 << width) - 1)).map(move |u| (u, u ^ beta))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pairs by blocks are the pairs by a scan, for every `beta` and `limit` below 70,
    /// and below a large power of two (where a scan of every `u` would never end, the first
    /// pairs are checked one by one).
    #[test]
    fn xor_pairs_are_every_pair_once() {
        for limit in 0..70u128 {
            for beta in 0..70u128 {
                let mut blocks: Vec<(u128, u128)> = xor_pairs(beta, limit).collect();
                blocks.sort_unstable();
                let scan: Vec<(u128, u128)> = (0..limit)
                    .flat_map(|v| (0..v).map(move |u| (u, v)))
                    .filter(|&(u, v)| u ^ v == beta)
                    .collect();
                let mut scan = scan;
                scan.sort_unstable();
                assert_eq!(blocks, scan, "beta {beta}, limit {limit}");
            }
        }
        let (beta, limit) = ((1u128 << 90) | 12345, (1u128 << 120) + 77);
        let mut seen = Vec::new();
        for (u, v) in xor_pairs(beta, limit).take(5000) {
            assert!(u < v && v < limit && u ^ v == beta, "{u} {v}");
            seen.push(u);
        }
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 5000);
    }

    /// Mock Turtles counts its moves of a worth as many as it lists, for every worth below
    /// 64 and every coin below 40.
    #[test]
    fn mock_turtles_counts_what_it_lists() {
        for coin in 1..40u32 {
            for w in 0..64 {
                let worth = Nimber::new(w);
                let listed = MockTurtles.moves_worth(coin, worth).unwrap().count() as u128;
                assert_eq!(MockTurtles.count_worth(coin, worth).unwrap(), listed);
            }
        }
    }
}
