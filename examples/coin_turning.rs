//! # Coin turning: Nim in disguise, odious numbers, and boards valued by the nim field
//!
//! Run it with `cargo run --release --example coin_turning`.
//!
//! A row of coins, some showing heads. A move turns over one head, and with it some other
//! coins to its left that the rule allows; each of those goes from heads to tails or from
//! tails to heads. Whoever cannot move loses. Which rows are won, and how?
//!
//! 1. **A position is the sum of its heads.** A coin showing tails is as good as two heads on
//!    one place, which cancel (*Winning Ways*, ch. 14). So a row is the disjunctive sum of
//!    its heads, each alone, and its value is the nim-sum of one value a head. A lone head's
//!    value is the mex of what its moves leave: the other coins it turned, now heads.
//!    [`Coins`] keeps a row of a rule ([`CoinRule`]) and answers the crate's questions.
//! 2. **Turning Turtles is Nim.** Turn a head and at most one coin left of it: a head on coin
//!    `x` is a Nim heap of `x` (turning it alone empties the heap; with coin `a`, it becomes
//!    a heap of `a`). The winning moves are Nim's.
//! 3. **Mock Turtles.** Turn a head and at most *two* coins left of it. A lone head is now
//!    worth the `x`-th **odious** number (1, 2, 4, 7, 8, 11, …: an odd count of ones in
//!    binary). One head is odious, two are evil (an even count), so what a move leaves is
//!    never worth as much as a head, and the values grow by 1, 2 or 3.
//! 4. **Boards: the Tartan theorem.** Two rules make a game on a board ([`Tartan`]): a move
//!    from a head on `(x, y)` takes a move of the first rule from `x` (rows `{x} ∪ S`) and
//!    one of the second from `y` (columns `{y} ∪ T`) and turns every coin of `rows ×
//!    columns`. Turning Corners is Twins by Twins (a head and exactly one coin to its left):
//!    a move turns the four corners of a rectangle. A head on `(x, y)` is then worth the
//!    **nim-product** `x ⊗ y` ([`Nimber`]'s `*`), so the value and the outcome of a board
//!    with coins past `10^30` are exact and come at once. The winning moves cost more: the
//!    crate goes through the moves of the factor with fewer moves from each head (for
//!    Turning Corners `min(x, y)` of them), and for each one a division in the field gives
//!    the worth the other factor's move must have. That scan is bounded by a **scan limit**
//!    ([`Tartan::with_scan_limit`], 2^24 moves by default); past it the winning moves are
//!    the error [`Error::ScanLimit`] instead of a run without end, while the value and the
//!    outcome are still answered. The program shows both sides: heads on `(10^30, 5)` and
//!    `(2^100, 3)` need a scan of at most 5 moves a head, and their winning move is found at
//!    once; a head on `(10^30, 10^30 + 7)` would need a scan of `10^30` moves, so that
//!    board's value and outcome are printed, and its winning moves are refused by the
//!    limit.
//! 5. **A rule of your own.** The Ruler game turns any run of consecutive coins ending at the
//!    head. The program gives it to the crate as a [`CoinRule`] that only lists its moves and
//!    takes the mex, and the values come out as the ruler function: the largest power of two
//!    dividing `x`.
//!
//! What to watch: the Turning Turtles row has exactly Nim's winning moves; the Mock Turtles
//! values are the odious numbers; the boards with coins past `10^30` have exact values, one
//! its winning move and the other the scan limit's error; the Ruler's values are 1, 2, 1, 4,
//! 1, 2, 1, 8.
//!
//! ## Exercises
//!
//! 1. Twins is Turning Turtles with a coin 0 added. Why is a head on coin 0 worth nothing,
//!    and why does that change no value of the others?
//! 2. In Mock Turtles, the row with heads on 1, 2 and 3 (worth 1, 2, 4) is won: find every
//!    winning move by hand, then ask `winning_moves`.
//! 3. Turning Corners: which heads `(x, y)` with `x, y < 4` are worth `*1`? (They are the
//!    pairs of mutual inverses in the field of four elements; check with
//!    `Nimber::inverse`.)
//! 4. Give the Ruler rule a closed-form `value` (`x & x.wrapping_neg()`) and a
//!    `moves_worth` that finds the one run of a worth (the nim-sum of the values of
//!    `1..=a` is `a ⊕ (a >> 1)`), and time a row with a head near 10^4 both ways.
//!
//! [`Coins`]: grundy::coins::Coins
//! [`CoinRule`]: grundy::coins::CoinRule
//! [`Tartan`]: grundy::coins::Tartan
//! [`Tartan::with_scan_limit`]: grundy::coins::Tartan::with_scan_limit
//! [`Error::ScanLimit`]: grundy::Error::ScanLimit
//! [`Nimber`]: grundy::Nimber

mod output;

use std::fmt::Write;

use grundy::coins::{Coin, CoinMove, CoinRule, Coins, MockTurtles, Tartan, TurningTurtles, Turns};
use grundy::prelude::*;
use grundy::{Error, mex};

/// The Ruler game, as a rule of your own: a move turns a head on `x` and the coins
/// `a, a + 1, …, x − 1` for some `a` from 1 to `x` (the run may be the head alone). Coins are
/// numbered from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ruler;

impl CoinRule<u32> for Ruler {
    fn check(&self, coin: u32) -> Result<(), Error> {
        if coin == 0 {
            return Err(Error::InvalidCoin {
                coin: "0".into(),
                reason: "the Ruler game numbers its coins from 1",
            });
        }
        Ok(())
    }

    /// The mex of the worths of the moves from `coin`, a run `a..coin` being worth the
    /// nim-sum of its coins' values: the values of the coins 1 to `coin` in turn, each from
    /// those before it (O(coin²)).
    fn value(&self, coin: u32) -> Result<Nimber, Error> {
        self.check(coin)?;
        let mut values: Vec<Nimber> = Vec::new();
        for _ in 1..=coin {
            let mut worths = vec![Nimber::ZERO];
            let mut run = Nimber::ZERO;
            for &left in values.iter().rev() {
                run += left;
                worths.push(run);
            }
            values.push(mex(worths));
        }
        Ok(values.last().copied().unwrap_or(Nimber::ZERO))
    }

    fn moves(&self, coin: u32) -> Result<Turns<'_, u32>, Error> {
        self.check(coin)?;
        Ok(Box::new((1..=coin).map(move |a| (a..coin).collect())))
    }
}

/// A move written for people: `7 with 6` turns the head on 7 and the coin on 6.
fn shown<C: std::fmt::Debug>(mv: &CoinMove<C>) -> String {
    if mv.others.is_empty() {
        format!("{:?} alone", mv.head)
    } else {
        let others: Vec<String> = mv.others.iter().map(|c| format!("{c:?}")).collect();
        format!("{:?} with {}", mv.head, others.join(" "))
    }
}

/// The moves, each [`shown`], joined with commas.
fn listed<C: std::fmt::Debug>(moves: &[CoinMove<C>]) -> String {
    let shown: Vec<String> = moves.iter().map(shown).collect();
    shown.join(", ")
}

/// Every winning move of `position`, each checked to leave a P-position (`*0`).
fn winning_moves<C: Coin, R: CoinRule<C>>(
    position: &Coins<R, C>,
) -> Result<Vec<CoinMove<C>>, Error> {
    let winning: Vec<_> = position.winning_moves(Play::Normal)?.collect();
    for mv in &winning {
        assert_eq!(position.play(mv.clone())?.grundy()?, Nimber::ZERO);
    }
    Ok(winning)
}

/// Tells the story into `out`.
pub fn story(out: &mut impl Write) -> Result<(), Box<dyn std::error::Error>> {
    // 2. Turning Turtles is Nim.
    let row = Coins::new(TurningTurtles, [3u32, 5, 7])?;
    writeln!(out, "Turning Turtles, heads on 3 5 7 (Nim 3, 5, 7):")?;
    let winning = winning_moves(&row)?;
    writeln!(
        out,
        "  value {}, {}; winning moves: {}",
        row.grundy()?,
        row.outcome(Play::Normal)?,
        listed(&winning)
    )?;

    // 3. Mock Turtles: the odious numbers.
    let values = (1..=12u32)
        .map(|x| MockTurtles.value(x).map(|v| v.get().to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    writeln!(out, "Mock Turtles, a head on 1 to 12: {}", values.join(" "))?;
    let row = Coins::new(MockTurtles, [2u32, 5, 9])?;
    let winning = winning_moves(&row)?;
    writeln!(
        out,
        "  heads on 2 5 9: value {}; winning moves: {}",
        row.grundy()?,
        listed(&winning)
    )?;

    // 4. Turning Corners: a head on (x, y) is worth x ⊗ y.
    writeln!(out, "Turning Corners, a lone head on (x, y) for x, y < 6:")?;
    let corners = Tartan::turning_corners();
    for x in 0..6u32 {
        let row = (0..6u32)
            .map(|y| corners.value((x, y)).map(|v| format!("{:>2}", v.get())))
            .collect::<Result<Vec<_>, _>>()?;
        writeln!(out, "  {}", row.join(" "))?;
    }
    let board = Coins::new(corners.clone(), [(3u32, 5u32), (6, 6), (7, 2)])?;
    let winning = winning_moves(&board)?;
    writeln!(
        out,
        "  heads on (3, 5) (6, 6) (7, 2): value {}; {} winning moves, the first {}",
        board.grundy()?,
        winning.len(),
        winning.first().map_or("none".to_string(), shown)
    )?;
    // Coins past 10^30: the value is exact; the winning moves scan the factor with fewer
    // moves, within the scan limit (2^24 moves of a factor by default).
    let big = 10u128.pow(30);
    let board = Coins::new(corners.clone(), [(big, 5u128), (1 << 100, 3)])?;
    let winning = winning_moves(&board)?;
    writeln!(
        out,
        "  heads on (10^30, 5) and (2^100, 3): value {}, {}; winning moves: {}",
        board.grundy()?,
        board.outcome(Play::Normal)?,
        listed(&winning)
    )?;
    let board = Coins::new(corners, [(big, big + 7), (1 << 100, 3)])?;
    writeln!(
        out,
        "  heads on (10^30, 10^30 + 7) and (2^100, 3): value {}, {}",
        board.grundy()?,
        board.outcome(Play::Normal)?
    )?;
    match board.winning_moves(Play::Normal) {
        Ok(_) => writeln!(out, "  its winning moves were found")?,
        Err(err) => writeln!(
            out,
            "  its winning moves need a scan of 10^30 moves, past the scan limit: {err}"
        )?,
    }

    // 5. The Ruler game, a rule of your own.
    let values = (1..=8u32)
        .map(|x| Ruler.value(x).map(|v| v.get().to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    writeln!(out, "Ruler, a head on 1 to 8: {}", values.join(" "))?;
    let row = Coins::new(Ruler, [4u32, 6, 7])?;
    let winning = winning_moves(&row)?;
    writeln!(
        out,
        "  heads on 4 6 7: value {}; winning moves: {}",
        row.grundy()?,
        listed(&winning)
    )?;
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = String::new();
    story(&mut out)?;
    output::print(&out)?;
    Ok(())
}
