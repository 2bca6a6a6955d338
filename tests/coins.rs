//! Coin-turning games (`grundy::coins`) against brute forces of the tests' own, written from
//! the rules of *Winning Ways* (ch. 14) alone: no `CoinRule::value`, `moves` or
//! `moves_worth` of the crate is called inside a brute force.
//!
//! Each rule is, here, the list of the sets of other coins a head may turn with it
//! ([`Kind::others`], from the rule's words): Turning Turtles (coins 1, 2, …; at most one coin
//! left of the head), Twins (coins 0, 1, …; exactly one), Mock Turtles (coins 1, 2, …; at
//! most two) and a rule of the tests' own, [`NearThree`] (coins 0, 1, …; one or two of the
//! three coins just left of the head), which the crate only knows through its `moves`, so
//! that the trait's provided `moves_worth` is what answers for it.
//!
//! The brute forces:
//!
//! - **Whole positions** ([`Brute`]): every set of heads on a few coins, as a bitmask, valued
//!   by the mex over its moves, and won or lost under misère play (a position with no move is
//!   won). A move turns a head `h` to tails and only coins below `h`, so the mask strictly
//!   decreases as an integer and one table filled in increasing order holds every position
//!   (the fill asserts it). Rows ([`row_table`]) are the coins `0..12`; boards
//!   ([`board_table`]) are 4 × 4 coins of a Tartan product, whose move from a head `(x, y)`
//!   turns every coin of `({x} ∪ S) × ({y} ∪ T)` for allowed sets `S` of the first rule from
//!   `x` and `T` of the second from `y` (numbered row-major, a turned coin other than the head
//!   is again a lower bit). Positions drawn by quickcheck are checked against these tables:
//!   value, outcome, every move (`Game::moves`), the moves to every value and the winning
//!   moves as exact sets, `play` of every move, the parts, and `play` of random and mangled
//!   moves (legal exactly when the brute force lists them, an error otherwise, never a panic).
//! - **Lone heads**: the value of one head is the mex over its moves of the nim-sum of the
//!   values of the other coins turned (the coin-turning decomposition, *Winning Ways* ch. 14).
//!   On rows, [`head_values`] keeps the set of worths reached as coins are added, for thousands
//!   of coins, and is compared with `x`, `x` and the `x`-th odious number (listed here by
//!   counting ones); on boards up to 16 × 16, [`board_head_values`] is compared with the
//!   crate and, by the Tartan theorem, with a nim product computed here from its mex
//!   definition ([`nim_products`]).
//! - **Big coins**: Turning Corners on coins up to `u128` is worth the crate's nim products;
//!   its winning moves at coordinates below 3000 (300 in the quick run) are exactly the
//!   rectangles found by trying every `a < x`, `b < y`. Mock Turtles below `2^16` (`2^12`)
//!   lists exactly the moves found by trying, for each coin `a` left of the head, the coin
//!   whose value completes the worth (values of Mock Turtles are all different); near
//!   `u64::MAX` and `2^127` its moves are checked one by one (their number is astronomical).
//!   `play` of random moves at huge coins, legal or mangled, gives the coins the move turns
//!   (or an error), wherever the move lies among the moves of its worth and past the scan
//!   limit of a product.
//!
//! The crate's `Solver` searches the same small positions, under normal and misère play, and
//! must agree with the tables. The case counts scale with `GRUNDY_FULL_TESTS`
//! (`tests/common/scale.rs`).

use crate::common::coins::{KINDS, Kind, RULES, nim_products};
use crate::common::{listed_once, mex, scale};
use crate::xorshift::XorShift;

use grundy::coins::{
    Coin, CoinMove, CoinRule, Coins, DEFAULT_SCAN_LIMIT, MockTurtles, Tartan, TurningTurtles,
    Turns, Twins,
};
use grundy::{ClosedForm, Error, Evaluator, Game, Heap, Nimber, Outcome, Play, Solver};
use quickcheck::{Arbitrary, Gen, QuickCheck};
use std::collections::BTreeSet;
use std::fmt::Debug;
use std::sync::OnceLock;

/// Ends a property with both sides and what was compared when they differ.
macro_rules! same {
    ($left:expr, $right:expr, $($what:tt)+) => {{
        let (left, right) = (&$left, &$right);
        if left != right {
            return Err(format!("{}: {:?} != {:?}", format_args!($($what)+), left, right));
        }
    }};
}

/// Runs `$body` with `$rule` bound to the crate's rule (or the tests' own) of `$kind`.
macro_rules! with_rule {
    ($kind:expr, $rule:ident => $body:expr) => {
        match $kind {
            Kind::Turtles => {
                let $rule = TurningTurtles;
                $body
            }
            Kind::Twins => {
                let $rule = Twins;
                $body
            }
            Kind::Mock => {
                let $rule = MockTurtles;
                $body
            }
            Kind::Near => {
                let $rule = NearThree;
                $body
            }
        }
    };
}

/// A quickcheck of `full` cases in the full run, a tenth of them in the quick run.
fn quick(full: u64) -> QuickCheck {
    QuickCheck::new()
        .tests(scale::cases(full))
        .max_tests(10 * full)
}

/// A rule of the tests' own, which the crate knows only through [`CoinRule::moves`] (so that
/// the provided [`CoinRule::moves_worth`] answers for it, and a [`Tartan`] product with it
/// has no move count): coins 0, 1, 2, …; a move turns a head and one or two of the three
/// coins just left of it. Its values are computed as the trait's law says, by the mex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct NearThree;

impl NearThree {
    /// The coins just left of `coin`, at most three.
    fn window<T: Heap>(coin: T) -> Vec<T> {
        let c = coin.widen();
        (c.saturating_sub(3)..c).filter_map(T::narrow).collect()
    }
}

impl<T: Heap> CoinRule<T> for NearThree {
    fn value(&self, coin: T) -> Result<Nimber, Error> {
        // The values of the coins 0..=coin in turn, each from the last three.
        let mut last: Vec<u128> = Vec::new();
        for _ in 0..=coin.widen() {
            let mut worths: Vec<u128> = last.clone();
            for i in 0..last.len() {
                for j in i + 1..last.len() {
                    worths.push(last[i] ^ last[j]);
                }
            }
            last.push(mex(worths));
            if last.len() > 3 {
                last.remove(0);
            }
        }
        Ok(Nimber::new(*last.last().expect("one coin at least")))
    }

    fn moves(&self, coin: T) -> Result<Turns<'_, T>, Error> {
        let window = NearThree::window(coin);
        let mut moves: Vec<Vec<T>> = window.iter().map(|&a| vec![a]).collect();
        for (i, &a) in window.iter().enumerate() {
            for &b in &window[i + 1..] {
                moves.push(vec![a, b]);
            }
        }
        Ok(Box::new(moves.into_iter()))
    }
}

/// `c` as a coin of type `T`.
fn narrow<T: Heap>(c: u32) -> T {
    T::narrow(u128::from(c)).expect("a small coin fits every width")
}

/// The set bits of `mask`, ascending.
fn bits(mask: u32) -> impl Iterator<Item = usize> {
    (0..32).filter(move |&b| mask >> b & 1 == 1)
}

/// A move as a sortable pair.
fn key<C>(mv: CoinMove<C>) -> (C, Vec<C>) {
    (mv.head, mv.others)
}

/// The `x`-th odious number (`x ≥ 1`): of `2(x − 1)` and `2(x − 1) + 1`, the one with an odd
/// number of ones (one of each such pair is odious, so the odious numbers below `2x` are the
/// `x` of the first `x` pairs; checked against a plain listing in
/// `one_head_is_worth_x_x_and_the_xth_odious_number`).
fn odious(x: u128) -> u128 {
    let even = 2 * (x - 1);
    even + u128::from(even.count_ones() % 2 == 0)
}

/// Whether `n` has an odd number of ones.
fn is_odious(n: u128) -> bool {
    n.count_ones() % 2 == 1
}

// ---------------------------------------------------------------------------------------------
// The brute force of whole positions
// ---------------------------------------------------------------------------------------------

/// Every position on a few coins (one bit each), valued from the moves alone.
struct Brute<C> {
    /// The coin of each bit.
    coins: Vec<C>,
    /// The moves from a head on each bit: the other coins, ascending, and every bit turned
    /// (the head's too).
    moves: Vec<Vec<(Vec<C>, u32)>>,
    /// The Grundy value of every mask; `u32::MAX` for a mask that is not a position.
    value: Vec<u32>,
    /// Whether the player to move wins under misère play.
    misere_wins: Vec<bool>,
}

impl<C: Copy + Eq + Debug> Brute<C> {
    /// The table of every mask whose bits lie in `positions`.
    fn build(coins: Vec<C>, moves: Vec<Vec<(Vec<C>, u32)>>, positions: u32) -> Self {
        let size = 1usize << coins.len();
        let mut value = vec![u32::MAX; size];
        let mut misere_wins = vec![false; size];
        let mut options = Vec::new();
        for mask in 0..size as u32 {
            if mask & !positions != 0 {
                continue;
            }
            options.clear();
            let mut wins = false;
            for bit in bits(mask) {
                for &(_, turned) in &moves[bit] {
                    let next = mask ^ turned;
                    assert!(next < mask, "a move from {mask:#b} reaches {next:#b}");
                    assert!(next & !positions == 0, "{next:#b} is not a position");
                    options.push(u128::from(value[next as usize]));
                    wins |= !misere_wins[next as usize];
                }
            }
            value[mask as usize] = mex(options.iter().copied()) as u32;
            misere_wins[mask as usize] = options.is_empty() || wins;
        }
        Brute {
            coins,
            moves,
            value,
            misere_wins,
        }
    }

    fn heads(&self, mask: u32) -> Vec<C> {
        bits(mask).map(|b| self.coins[b]).collect()
    }

    /// Every move of `mask`, with the mask it leads to.
    fn options(&self, mask: u32) -> Vec<(CoinMove<C>, u32)> {
        let mut options = Vec::new();
        for bit in bits(mask) {
            for (others, turned) in &self.moves[bit] {
                let mv = CoinMove {
                    head: self.coins[bit],
                    others: others.clone(),
                };
                options.push((mv, mask ^ turned));
            }
        }
        options
    }

    /// The mask `mv` leads to from `mask`, if it is a move of `mask`.
    fn after(&self, mask: u32, mv: &CoinMove<C>) -> Option<u32> {
        let bit = self.coins.iter().position(|&c| c == mv.head)?;
        if mask >> bit & 1 == 0 {
            return None;
        }
        let (_, turned) = self.moves[bit].iter().find(|(o, _)| *o == mv.others)?;
        Some(mask ^ turned)
    }
}

/// The coins of a row: `0..ROW`.
const ROW: u32 = 12;

/// The table of every position of `kind` on the coins `0..ROW`.
fn row_table(kind: Kind) -> &'static Brute<u32> {
    static ROWS: [OnceLock<Brute<u32>>; 4] = [const { OnceLock::new() }; 4];
    ROWS[kind as usize].get_or_init(|| {
        let coins: Vec<u32> = (0..ROW).collect();
        let moves = coins
            .iter()
            .map(|&h| {
                let sets = kind.others(h);
                sets.into_iter()
                    .map(|s| {
                        let turned = s.iter().fold(1 << h, |m, &c| m | 1 << c);
                        (s, turned)
                    })
                    .collect()
            })
            .collect();
        let positions = ((1u32 << ROW) - 1) & !((1 << kind.first()) - 1);
        Brute::build(coins, moves, positions)
    })
}

/// The coins of a board along each side: `first..first + SIDE`.
const SIDE: u32 = 4;

/// The table of every position of the product of `a` and `b` on `SIDE × SIDE` coins, the
/// coin `(first_a + i, first_b + j)` on bit `SIDE·i + j`.
fn board_table(a: Kind, b: Kind) -> &'static Brute<(u32, u32)> {
    /// The table of each product, made when first asked for.
    type Board = OnceLock<Brute<(u32, u32)>>;
    static BOARDS: [[Board; 4]; 4] = [const { [const { OnceLock::new() }; 4] }; 4];
    BOARDS[a as usize][b as usize].get_or_init(|| {
        let (fa, fb) = (a.first(), b.first());
        let bit = |x: u32, y: u32| (x - fa) * SIDE + (y - fb);
        let coins: Vec<(u32, u32)> = (0..SIDE * SIDE)
            .map(|i| (fa + i / SIDE, fb + i % SIDE))
            .collect();
        let moves = coins
            .iter()
            .map(|&(x, y)| {
                let mut moves = Vec::new();
                for s in a.others(x) {
                    for t in b.others(y) {
                        let mut rows = s.clone();
                        rows.push(x);
                        let mut columns = t.clone();
                        columns.push(y);
                        let mut others = Vec::new();
                        let mut turned = 0u32;
                        for &r in &rows {
                            for &c in &columns {
                                turned |= 1 << bit(r, c);
                                if (r, c) != (x, y) {
                                    others.push((r, c));
                                }
                            }
                        }
                        others.sort_unstable();
                        moves.push((others, turned));
                    }
                }
                moves
            })
            .collect();
        Brute::build(coins, moves, (1 << (SIDE * SIDE)) - 1)
    })
}

// ---------------------------------------------------------------------------------------------
// One position against the brute force
// ---------------------------------------------------------------------------------------------

/// Random moves of `mask` to try with `play`: random heads and coins, and moves of the
/// position mangled (other coins reversed, the head among them, one dropped, one doubled).
fn probes<C: Copy + Ord + Debug>(
    brute: &Brute<C>,
    mask: u32,
    seed: u64,
    coin: impl Fn(&mut XorShift) -> C,
) -> Vec<CoinMove<C>> {
    let mut rng = XorShift(seed | 1);
    let heads = brute.heads(mask);
    let options = brute.options(mask);
    let mut probes = Vec::new();
    for _ in 0..6 {
        let head = if !heads.is_empty() && rng.next() % 2 == 0 {
            heads[rng.next() as usize % heads.len()]
        } else {
            coin(&mut rng)
        };
        let count = rng.next() % 4;
        let mut others: Vec<C> = (0..count).map(|_| coin(&mut rng)).collect();
        if rng.next() % 2 == 0 {
            others.sort_unstable();
            others.dedup();
        }
        probes.push(CoinMove { head, others });
    }
    for _ in 0..4 {
        if options.is_empty() {
            break;
        }
        let (mv, _) = &options[rng.next() as usize % options.len()];
        let mut others = mv.others.clone();
        match rng.next() % 4 {
            0 => others.reverse(),
            1 => {
                others.push(mv.head);
                others.sort_unstable();
            }
            2 if !others.is_empty() => {
                others.remove(rng.next() as usize % others.len());
            }
            _ => {
                if let Some(&c) = others.first() {
                    others.insert(0, c);
                }
            }
        }
        probes.push(CoinMove {
            head: mv.head,
            others,
        });
    }
    probes
}

/// The position `mask` of `rule` (its coins named by `coin`) against the brute force.
fn check_position<C, K, R>(
    brute: &Brute<C>,
    rule: R,
    coin: impl Fn(C) -> K,
    mask: u32,
    probes: &[CoinMove<C>],
) -> Result<(), String>
where
    C: Copy + Eq + Debug,
    K: Coin,
    R: CoinRule<K>,
{
    let heads_of = |mask: u32| -> Vec<K> { brute.heads(mask).into_iter().map(&coin).collect() };
    let to_k = |mv: &CoinMove<C>| CoinMove {
        head: coin(mv.head),
        others: mv.others.iter().map(|&c| coin(c)).collect(),
    };
    let value = |mask: u32| brute.value[mask as usize];
    let heads = heads_of(mask);
    let position = Coins::new(rule, heads.iter().rev().copied())
        .map_err(|e| format!("Coins::new({heads:?}): {e}"))?;
    same!(position.heads().to_vec(), heads, "the heads");
    same!(
        position.grundy(),
        Ok(Nimber::new(value(mask).into())),
        "the value of {heads:?}"
    );
    let outcome = if value(mask) == 0 {
        Outcome::Previous
    } else {
        Outcome::Next
    };
    same!(position.outcome(Play::Normal), Ok(outcome), "the outcome");
    if !matches!(
        position.outcome(Play::Misere),
        Err(Error::MisereUnsupported { .. })
    ) || !matches!(
        position.winning_moves(Play::Misere),
        Err(Error::MisereUnsupported { .. })
    ) {
        return Err(format!("{heads:?} answers under misère play"));
    }

    // The parts: one lone head each.
    match position.parts() {
        None => same!(heads.len() <= 1, true, "{heads:?} has no parts"),
        Some(parts) => {
            same!(parts.len(), heads.len(), "the parts of {heads:?}");
            for (part, bit) in parts.iter().zip(bits(mask)) {
                same!(
                    part.heads().to_vec(),
                    heads_of(1 << bit),
                    "a part of {heads:?}"
                );
                same!(
                    part.grundy(),
                    Ok(Nimber::new(value(1 << bit).into())),
                    "the value of the part {:?}",
                    part.heads()
                );
            }
        }
    }

    let options: Vec<(CoinMove<K>, u32)> = brute
        .options(mask)
        .iter()
        .map(|(mv, next)| (to_k(mv), *next))
        .collect();

    // Every move, with the position it reaches.
    let listed = listed_once(
        position
            .moves()
            .into_iter()
            .map(|(mv, next)| (key(mv), next.heads().to_vec())),
    );
    let expected: BTreeSet<_> = options
        .iter()
        .map(|(mv, next)| (key(mv.clone()), heads_of(*next)))
        .collect();
    same!(listed, expected, "the moves of {heads:?}");

    // The moves to every value, and the winning moves.
    let top = options.iter().map(|(_, n)| value(*n)).max().unwrap_or(0) + 2;
    for t in 0..=top {
        let moves: Vec<CoinMove<K>> = position
            .moves_to_value(Nimber::new(t.into()))
            .map_err(|e| format!("moves_to_value({t}) of {heads:?}: {e}"))?
            .collect();
        if moves.windows(2).any(|w| w[0].head > w[1].head) {
            return Err(format!(
                "the moves of {heads:?} to {t} are not head by head"
            ));
        }
        let expected: BTreeSet<_> = options
            .iter()
            .filter(|(_, next)| value(*next) == t)
            .map(|(mv, _)| key(mv.clone()))
            .collect();
        same!(
            listed_once(moves.into_iter().map(key)),
            expected,
            "the moves of {heads:?} to {t}"
        );
        if t == 0 {
            let winning = position
                .winning_moves(Play::Normal)
                .map_err(|e| format!("winning_moves of {heads:?}: {e}"))?;
            same!(
                listed_once(winning.map(key)),
                expected,
                "the winning moves of {heads:?}"
            );
        }
    }

    // Every move played.
    for (mv, next) in &options {
        let after = position
            .play(mv.clone())
            .map_err(|e| format!("{heads:?} play {mv:?}: {e}"))?;
        same!(
            after.heads().to_vec(),
            heads_of(*next),
            "{heads:?} after {mv:?}"
        );
        same!(
            after.grundy(),
            Ok(Nimber::new(value(*next).into())),
            "the value of {heads:?} after {mv:?}"
        );
    }

    // Random and mangled moves: legal exactly when the brute force lists them.
    for probe in probes {
        let mv = to_k(probe);
        match (brute.after(mask, probe), position.play(mv.clone())) {
            (Some(next), Ok(after)) => {
                same!(
                    after.heads().to_vec(),
                    heads_of(next),
                    "{heads:?} after {mv:?}"
                )
            }
            (None, Err(Error::IllegalMove { .. } | Error::InvalidCoin { .. })) => {}
            (legal, got) => {
                return Err(format!(
                    "{heads:?} play {mv:?}: {got:?}, legal by the brute force: {}",
                    legal.is_some()
                ));
            }
        }
    }
    Ok(())
}

/// The position `mask` of `rule` searched by the crate's `Solver`, under both plays, against
/// the brute force.
fn check_solver<C, K, R>(
    brute: &Brute<C>,
    rule: R,
    coin: impl Fn(C) -> K,
    mask: u32,
) -> Result<(), String>
where
    C: Copy + Eq + Debug,
    K: Coin,
    R: CoinRule<K>,
{
    let heads: Vec<K> = brute.heads(mask).into_iter().map(&coin).collect();
    let position = Coins::new(rule, heads.clone()).map_err(|e| e.to_string())?;
    let options: Vec<_> = brute
        .options(mask)
        .into_iter()
        .map(|(mv, next)| {
            let mv = CoinMove {
                head: coin(mv.head),
                others: mv.others.iter().map(|&c| coin(c)).collect(),
            };
            (key(mv), next)
        })
        .collect();
    let mut solver = Solver::new();
    same!(
        solver.grundy(&position),
        Ok(Nimber::new(brute.value[mask as usize].into())),
        "the Solver's value of {heads:?}"
    );
    let winning = solver
        .winning_moves(&position, Play::Normal)
        .map_err(|e| e.to_string())?;
    let expected: BTreeSet<_> = options
        .iter()
        .filter(|(_, next)| brute.value[*next as usize] == 0)
        .map(|(mv, _)| mv.clone())
        .collect();
    same!(
        listed_once(winning.map(key)),
        expected,
        "the Solver's winning moves of {heads:?}"
    );
    let wins = brute.misere_wins[mask as usize];
    let outcome = if wins {
        Outcome::Next
    } else {
        Outcome::Previous
    };
    same!(
        solver.outcome(&position, Play::Misere),
        Ok(outcome),
        "the Solver's misère outcome of {heads:?}"
    );
    let winning = solver
        .winning_moves(&position, Play::Misere)
        .map_err(|e| e.to_string())?;
    let expected: BTreeSet<_> = options
        .iter()
        .filter(|(_, next)| !brute.misere_wins[*next as usize])
        .map(|(mv, _)| mv.clone())
        .collect();
    same!(
        listed_once(winning.map(key)),
        expected,
        "the Solver's misère winning moves of {heads:?}"
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Random positions
// ---------------------------------------------------------------------------------------------

/// A random set of the bits `first..bits`, sparse or dense.
fn random_mask(g: &mut Gen, bits: u32, first: u32) -> u32 {
    let eighths = *g.choose(&[1u32, 2, 4, 6]).expect("not empty");
    (first..bits)
        .filter(|_| u32::arbitrary(g) % 8 < eighths)
        .fold(0, |mask, b| mask | 1 << b)
}

/// The masks with one head fewer than `mask`.
fn fewer(mask: u32) -> Vec<u32> {
    bits(mask).map(|b| mask & !(1 << b)).collect()
}

/// A position of a row: a rule of *Winning Ways* (the tests' own with `USER`), heads on the
/// coins `0..ROW`, and a seed for the moves tried with `play`.
#[derive(Clone, Debug)]
struct RowCase<const USER: bool> {
    kind: Kind,
    mask: u32,
    seed: u64,
}

impl<const USER: bool> Arbitrary for RowCase<USER> {
    fn arbitrary(g: &mut Gen) -> Self {
        let kind = if USER {
            Kind::Near
        } else {
            *g.choose(&RULES).expect("not empty")
        };
        RowCase {
            kind,
            mask: random_mask(g, ROW, kind.first()),
            seed: u64::arbitrary(g),
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let this = self.clone();
        Box::new(
            fewer(self.mask)
                .into_iter()
                .map(move |mask| RowCase { mask, ..this }),
        )
    }
}

/// A position of a 4 × 4 board of a product of two rules of *Winning Ways* (with `USER`, of
/// two rules one of which at least is the tests' own).
#[derive(Clone, Debug)]
struct BoardCase<const USER: bool> {
    a: Kind,
    b: Kind,
    mask: u32,
    seed: u64,
}

impl<const USER: bool> Arbitrary for BoardCase<USER> {
    fn arbitrary(g: &mut Gen) -> Self {
        let (a, b) = loop {
            let kinds: &[Kind] = if USER { &KINDS } else { &RULES };
            let a = *g.choose(kinds).expect("not empty");
            let b = *g.choose(kinds).expect("not empty");
            if !USER || a == Kind::Near || b == Kind::Near {
                break (a, b);
            }
        };
        BoardCase {
            a,
            b,
            mask: random_mask(g, SIDE * SIDE, 0),
            seed: u64::arbitrary(g),
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let this = self.clone();
        Box::new(
            fewer(self.mask)
                .into_iter()
                .map(move |mask| BoardCase { mask, ..this }),
        )
    }
}

fn row_coin(rng: &mut XorShift) -> u32 {
    (rng.next() % u64::from(ROW + 2)) as u32
}

fn board_coin(rng: &mut XorShift) -> (u32, u32) {
    ((rng.next() % 6) as u32, (rng.next() % 6) as u32)
}

/// A row position at coins of type `T`.
fn check_row<T: Heap, const USER: bool>(case: RowCase<USER>) -> Result<(), String> {
    let brute = row_table(case.kind);
    let probes = probes(brute, case.mask, case.seed, row_coin);
    with_rule!(case.kind, rule => check_position(brute, rule, narrow::<T>, case.mask, &probes))
}

/// A board position at coins of types `(X, Y)`.
fn check_board<X: Heap, Y: Heap, const USER: bool>(case: BoardCase<USER>) -> Result<(), String> {
    let brute = board_table(case.a, case.b);
    let probes = probes(brute, case.mask, case.seed, board_coin);
    let coin = |(x, y): (u32, u32)| (narrow::<X>(x), narrow::<Y>(y));
    with_rule!(case.a, first => with_rule!(case.b, second => {
        check_position(brute, Tartan::new(first, second), coin, case.mask, &probes)
    }))
}

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

#[test]
fn row_positions_agree_with_the_brute_force() {
    quick(5000).quickcheck(check_row::<u32, false> as fn(RowCase<false>) -> Result<(), String>);
}

#[test]
fn row_positions_agree_with_the_brute_force_at_every_width() {
    type Prop = fn(RowCase<false>) -> Result<(), String>;
    quick(1000).quickcheck(check_row::<u8, false> as Prop);
    quick(500).quickcheck(check_row::<u16, false> as Prop);
    quick(1000).quickcheck(check_row::<u64, false> as Prop);
    quick(500).quickcheck(check_row::<u128, false> as Prop);
}

/// A rule of the user's own is answered through the trait's provided `moves_worth`, which
/// filters its `moves`.
#[test]
fn a_users_rule_agrees_with_the_brute_force() {
    type Prop = fn(RowCase<true>) -> Result<(), String>;
    quick(2000).quickcheck(check_row::<u32, true> as Prop);
    quick(500).quickcheck(check_row::<u8, true> as Prop);
    quick(500).quickcheck(check_row::<u64, true> as Prop);
}

/// The brute-force tables themselves, on positions worked by hand.
#[test]
fn the_row_tables_know_the_hand_worked_positions() {
    let value = |kind: Kind, coins: &[u32]| {
        let mask = coins.iter().fold(0, |m, &c| m | 1 << c);
        row_table(kind).value[mask as usize]
    };
    assert_eq!(value(Kind::Turtles, &[3, 5, 7]), 1); // Nim 3, 5, 7
    assert_eq!(value(Kind::Twins, &[0, 4]), 4);
    assert_eq!(value(Kind::Mock, &[2, 4]), 2 ^ 7);
    assert_eq!(value(Kind::Mock, &[1, 2, 5]), 1 ^ 2 ^ 8);
    // The tests' own rule: a head on 0, 1, 2, 3, 4 is worth 0, 1, 2, 4, 0.
    let near: Vec<u32> = (0..5).map(|c| value(Kind::Near, &[c])).collect();
    assert_eq!(near, [0, 1, 2, 4, 0]);
    assert!(row_table(Kind::Mock).misere_wins[0]);
    assert!(!row_table(Kind::Mock).misere_wins[0b10]); // one head on 1: must take it
}

/// The values of a lone head on each coin `0..n` (0 on a coin the rule does not have): the
/// mex of the worths of its moves, a worth the nim-sum of the values of the other coins
/// turned. For the rules of *Winning Ways* the worths from coin `x + 1` are those from `x`
/// and the ones coin `x` brings (alone, or for Mock Turtles also with each coin below it),
/// so one growing set of worths serves every coin.
fn head_values(kind: Kind, n: u32) -> Vec<u32> {
    let mut values = vec![0u32; n as usize];
    let mut reached: Vec<bool> = Vec::new();
    let mark = |reached: &mut Vec<bool>, w: u32| {
        let w = w as usize;
        if w >= reached.len() {
            reached.resize(2 * w + 2, false);
        }
        reached[w] = true;
    };
    if matches!(kind, Kind::Turtles | Kind::Mock) {
        mark(&mut reached, 0); // the head alone
    }
    let mut least = 0usize;
    for x in kind.first()..n {
        let v = if kind == Kind::Near {
            let worths = kind.others(x).into_iter().map(|s| {
                let w = s.iter().fold(0, |w, &c| w ^ values[c as usize]);
                u128::from(w)
            });
            mex(worths) as u32
        } else {
            while reached.get(least) == Some(&true) {
                least += 1;
            }
            least as u32
        };
        values[x as usize] = v;
        match kind {
            Kind::Turtles | Kind::Twins => mark(&mut reached, v),
            Kind::Mock => {
                mark(&mut reached, v);
                for a in kind.first()..x {
                    mark(&mut reached, v ^ values[a as usize]);
                }
            }
            Kind::Near => {}
        }
    }
    values
}

#[test]
fn one_head_is_worth_x_x_and_the_xth_odious_number() {
    let n = scale::bound(8192, 2048);
    let listed: Vec<u32> = (0u32..)
        .filter(|v| v.count_ones() % 2 == 1)
        .take(n as usize)
        .collect();
    assert_eq!(listed[..8], [1, 2, 4, 7, 8, 11, 13, 14]);
    for x in 1..n {
        assert_eq!(
            odious(x.into()),
            u128::from(listed[x as usize - 1]),
            "odious({x})"
        );
    }
    for kind in RULES {
        let values = head_values(kind, n);
        for x in kind.first()..n {
            let expected = match kind {
                Kind::Mock => listed[x as usize - 1],
                _ => x,
            };
            assert_eq!(
                values[x as usize], expected,
                "{kind:?}: the brute force at {x}"
            );
            let nimber = Ok(Nimber::new(expected.into()));
            with_rule!(kind, rule => {
                assert_eq!(CoinRule::<u32>::value(&rule, x), nimber, "{kind:?} at {x}");
                let lone = Coins::new(rule, [x]).expect("a coin of the rule");
                assert_eq!(lone.grundy(), nimber, "{kind:?}: a head on {x}");
            });
        }
    }
    // The tests' own rule: its values agree with the rows' tables and the lone-head search.
    let near = head_values(Kind::Near, 300);
    for x in 0..300u32 {
        let value = Ok(Nimber::new(near[x as usize].into()));
        assert_eq!(CoinRule::<u32>::value(&NearThree, x), value);
        if x < ROW {
            assert_eq!(row_table(Kind::Near).value[1 << x], near[x as usize]);
        }
    }
}

/// Heads near the top of `u8`: every move from every head, by the rules' words, against the
/// moves the crate lists to each value (the value of what a move leaves is the nim-sum of the
/// lone-head values of the heads left).
#[test]
fn rows_near_the_top_of_u8_list_exactly_their_moves() {
    let mut rng = XorShift(0x00C0_1245);
    for case in 0..scale::cases(400) {
        let kind = KINDS[case as usize % 4];
        let values = head_values(kind, 256);
        let mut heads: BTreeSet<u32> = BTreeSet::new();
        for _ in 0..1 + rng.next() % 3 {
            heads.insert(200 + (rng.next() % 56) as u32);
        }
        if rng.next() % 2 == 0 {
            heads.insert(kind.first() + (rng.next() % 40) as u32);
        }
        let total = heads.iter().fold(0, |t, &h| t ^ values[h as usize]);
        // The worth of every move, and the move.
        let mut by_value: Vec<(u32, (u8, Vec<u8>))> = Vec::new();
        for &h in &heads {
            for s in kind.others(h) {
                let worth = s.iter().fold(0, |w, &c| w ^ values[c as usize]);
                let others = s.iter().map(|&c| c as u8).collect();
                by_value.push((total ^ values[h as usize] ^ worth, (h as u8, others)));
            }
        }
        let mut targets: BTreeSet<u32> = by_value.iter().map(|(t, _)| *t).collect();
        targets.insert(0);
        targets.insert(rng.next() as u32 % 512);
        let heads: Vec<u8> = heads.iter().map(|&h| h as u8).collect();
        with_rule!(kind, rule => {
            let position = Coins::new(rule, heads.clone()).unwrap();
            assert_eq!(position.grundy(), Ok(Nimber::new(total.into())), "{kind:?} {heads:?}");
            // A share of the targets: Mock Turtles has thousands of moves a head.
            for &t in targets.iter().filter(|_| rng.next() % 4 == 0).chain([0].iter()) {
                let moves = position.moves_to_value(Nimber::new(t.into())).unwrap();
                let got = listed_once(moves.map(key));
                let expected: BTreeSet<_> = by_value
                    .iter()
                    .filter(|(v, _)| *v == t)
                    .map(|(_, mv)| mv.clone())
                    .collect();
                assert_eq!(got, expected, "{kind:?} {heads:?} to {t}");
                for (head, others) in got.into_iter().take(20) {
                    let mv = CoinMove { head, others };
                    let after = position.play(mv.clone()).unwrap();
                    assert_eq!(after.grundy(), Ok(Nimber::new(t.into())), "{heads:?} {mv:?}");
                }
            }
        });
    }
}

/// Mock Turtles at coins up to `2^16` (`2^12` in the quick run), every move to a value: for
/// each coin `a` left of a head, the one coin whose value completes the worth is found by
/// inverting the odious numbers (they are all different), so every pair is tried in O(head).
#[test]
fn mock_turtles_lists_exactly_its_moves_at_thousands_of_coins() {
    fn check<T: Heap>(heads: &[u128], t: u128) {
        let total = heads.iter().fold(0, |g, &h| g ^ odious(h));
        let mut expected: BTreeSet<(u128, Vec<u128>)> = BTreeSet::new();
        // The coin worth `w`, if `w` is the value of a coin.
        let coin_worth = |w: u128| is_odious(w).then_some(w / 2 + 1);
        for &h in heads {
            let w = total ^ odious(h) ^ t;
            if w == 0 {
                expected.insert((h, vec![]));
            }
            if let Some(a) = coin_worth(w).filter(|&a| a < h) {
                expected.insert((h, vec![a]));
            }
            for a in 1..h {
                if let Some(b) = coin_worth(odious(a) ^ w).filter(|&b| a < b && b < h) {
                    expected.insert((h, vec![a, b]));
                }
            }
        }
        let coins: Vec<T> = heads.iter().map(|&h| T::narrow(h).unwrap()).collect();
        let position = Coins::new(MockTurtles, coins).unwrap();
        assert_eq!(position.grundy(), Ok(Nimber::new(total)), "{heads:?}");
        let got = listed_once(position.moves_to_value(Nimber::new(t)).unwrap().map(|mv| {
            (
                mv.head.widen(),
                mv.others.iter().map(|c| c.widen()).collect(),
            )
        }));
        assert_eq!(got, expected, "the moves of {heads:?} to {t}");
    }
    // Below 2^16, so that every head fits u16.
    let top = u64::from(scale::bound(1 << 16, 1 << 12));
    let mut rng = XorShift(0x0D10_0500);
    let cases = if scale::is_full() { 300 } else { 100 };
    for case in 0..cases {
        let mut heads: BTreeSet<u128> = BTreeSet::new();
        for _ in 0..1 + rng.next() % 3 {
            heads.insert(u128::from(1 + rng.next() % (top - 1)));
        }
        let heads: Vec<u128> = heads.into_iter().collect();
        let total = heads.iter().fold(0, |g, &h| g ^ odious(h));
        // Mostly a target that one head reaches by a pair (an evil worth), else any.
        let h = heads[rng.next() as usize % heads.len()];
        let w = u128::from(rng.next() % (2 * top));
        let t = match case % 4 {
            0 => u128::from(rng.next() % 64),
            1 => total ^ odious(h) ^ w,
            _ => total ^ odious(h) ^ (w ^ u128::from(is_odious(w))),
        };
        match case % 3 {
            0 => check::<u16>(&heads, t),
            1 => check::<u32>(&heads, t),
            _ => check::<u64>(&heads, t),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Boards
// ---------------------------------------------------------------------------------------------

#[test]
fn board_positions_agree_with_the_brute_force() {
    type Prop = fn(BoardCase<false>) -> Result<(), String>;
    quick(3000).quickcheck(check_board::<u32, u32, false> as Prop);
}

#[test]
fn board_positions_agree_with_the_brute_force_at_every_width() {
    type Prop = fn(BoardCase<false>) -> Result<(), String>;
    quick(500).quickcheck(check_board::<u8, u64, false> as Prop);
    quick(500).quickcheck(check_board::<u128, u16, false> as Prop);
}

/// Products with a rule of the user's own: no move count, so the product goes through the
/// moves of whichever factor the crate can, and the user's rule answers by filtering.
#[test]
fn board_products_with_a_users_rule_agree_with_the_brute_force() {
    type Prop = fn(BoardCase<true>) -> Result<(), String>;
    quick(2000).quickcheck(check_board::<u32, u32, true> as Prop);
}

#[test]
fn every_board_product_has_its_positions_and_moves() {
    // Every one of the 16 products, every lone head and a few whole boards, so that no pair
    // is left to chance.
    let mut rng = XorShift(0x7A47_A000);
    for a in KINDS {
        for b in KINDS {
            for mask in (0..16)
                .map(|bit| 1u32 << bit)
                .chain([0, 0xFFFF, 0x8421, 0x1248])
            {
                let case = BoardCase::<true> {
                    a,
                    b,
                    mask,
                    seed: rng.next(),
                };
                check_board::<u32, u32, true>(case).unwrap();
            }
        }
    }
}

/// The values of a lone head on every coin `(x, y)` with `x, y < n` of the product of `a` and
/// `b` (0 off the board): the mex over the product moves of the nim-sum of the values of the
/// other coins turned, all of them lower or to the left.
fn board_head_values(a: Kind, b: Kind, n: u32) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; n as usize]; n as usize];
    for x in a.first()..n {
        let rows_of_x = a.others(x);
        for y in b.first()..n {
            let mut worths = Vec::new();
            for s in &rows_of_x {
                for t in b.others(y) {
                    let mut worth = 0;
                    for &r in s.iter().chain([x].iter()) {
                        for &c in t.iter().chain([y].iter()) {
                            if (r, c) != (x, y) {
                                worth ^= g[r as usize][c as usize];
                            }
                        }
                    }
                    worths.push(u128::from(worth));
                }
            }
            g[x as usize][y as usize] = mex(worths) as u32;
        }
    }
    g
}

#[test]
fn the_nim_products_of_the_definition_are_the_crates() {
    let table = nim_products(32);
    for (a, row) in table.iter().enumerate() {
        for (b, &p) in row.iter().enumerate() {
            let product = Nimber::new(a as u128) * Nimber::new(b as u128);
            assert_eq!(product, Nimber::new(p.into()), "{a} ⊗ {b}");
        }
    }
    assert_eq!((table[2][2], table[4][4], table[16][16]), (3, 6, 24));
}

/// The Tartan theorem, both sides computed here: a lone head on `(x, y)` searched on the
/// board is worth the nim-product of the lone-head values of `x` and `y` in the rows; and the
/// crate says the same, for boards up to 16 × 16 (9 × 9 in the quick run).
#[test]
fn a_lone_head_on_a_board_is_worth_the_nim_product_of_its_rows() {
    let n = scale::bound(17, 10);
    let nim = nim_products(32);
    for a in KINDS {
        let row_a = head_values(a, n);
        for b in KINDS {
            let row_b = head_values(b, n);
            let board = board_head_values(a, b, n);
            for x in a.first()..n {
                for y in b.first()..n {
                    let g = board[x as usize][y as usize];
                    let (va, vb) = (row_a[x as usize], row_b[y as usize]);
                    assert_eq!(
                        g, nim[va as usize][vb as usize],
                        "{a:?} × {b:?} at ({x}, {y})"
                    );
                    with_rule!(a, first => with_rule!(b, second => {
                        let lone = Coins::new(Tartan::new(first, second), [(x, y)]).unwrap();
                        let value = Ok(Nimber::new(g.into()));
                        assert_eq!(lone.grundy(), value, "{a:?} × {b:?} at ({x}, {y})");
                    }));
                }
            }
        }
    }
}

/// From a lone head, each product move leaves the other coins it turned, worth the nim-sum of
/// their lone-head values: the moves the crate lists to each value are exactly those, on
/// boards up to 12 × 12 (8 × 8 in the quick run).
#[test]
fn a_lone_head_on_a_board_lists_exactly_its_moves() {
    let n = scale::bound(13, 9);
    for a in KINDS {
        for b in KINDS {
            let board = board_head_values(a, b, n);
            let mut rng = XorShift(0xB0A4D + 7 * a as u64 + b as u64);
            for x in a.first()..n {
                for y in b.first()..n {
                    // A third of the heads in the quick run.
                    if !scale::is_full() && rng.next() % 3 != 0 {
                        continue;
                    }
                    let mut moves: Vec<(u32, Vec<(u32, u32)>)> = Vec::new();
                    for s in a.others(x) {
                        for t in b.others(y) {
                            let mut others = Vec::new();
                            let mut worth = 0;
                            for &r in s.iter().chain([x].iter()) {
                                for &c in t.iter().chain([y].iter()) {
                                    if (r, c) != (x, y) {
                                        others.push((r, c));
                                        worth ^= board[r as usize][c as usize];
                                    }
                                }
                            }
                            others.sort_unstable();
                            moves.push((worth, others));
                        }
                    }
                    let top = moves.iter().map(|(w, _)| *w).max().unwrap_or(0) + 2;
                    with_rule!(a, first => with_rule!(b, second => {
                        let lone = Coins::new(Tartan::new(first, second), [(x, y)]).unwrap();
                        for t in 0..=top {
                            let listed = lone.moves_to_value(Nimber::new(t.into())).unwrap();
                            let got = listed_once(listed.map(|mv| mv.others));
                            let expected: BTreeSet<_> = moves
                                .iter()
                                .filter(|(w, _)| *w == t)
                                .map(|(_, o)| o.clone())
                                .collect();
                            assert_eq!(got, expected, "{a:?} × {b:?} at ({x}, {y}) to {t}");
                        }
                    }));
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Big coins
// ---------------------------------------------------------------------------------------------

/// A random number of every width.
fn any_width(rng: &mut XorShift) -> u128 {
    rng.next_u128() >> (rng.next() % 128)
}

fn corner(x: u128, y: u128) -> Nimber {
    Nimber::new(x) * Nimber::new(y)
}

#[test]
fn turning_corners_is_worth_the_nim_products_at_every_size() {
    let mut rng = XorShift(0x0C0A_4E45);
    for _ in 0..scale::cases(20_000) {
        let heads: BTreeSet<(u128, u128)> = (0..1 + rng.next() % 4)
            .map(|_| (any_width(&mut rng), any_width(&mut rng)))
            .collect();
        let value: Nimber = heads.iter().map(|&(x, y)| corner(x, y)).sum();
        let board = Coins::new(Tartan::turning_corners(), heads.clone()).unwrap();
        assert_eq!(board.grundy(), Ok(value), "{heads:?}");
        let outcome = if value.is_zero() {
            Outcome::Previous
        } else {
            Outcome::Next
        };
        assert_eq!(board.outcome(Play::Normal), Ok(outcome));
        // The same board at 64 bits, where it fits.
        let narrow: Option<Vec<(u64, u64)>> = heads
            .iter()
            .map(|&(x, y)| Some((u64::try_from(x).ok()?, u64::try_from(y).ok()?)))
            .collect();
        if let Some(narrow) = narrow {
            let board = Coins::new(Tartan::turning_corners(), narrow).unwrap();
            assert_eq!(board.grundy(), Ok(value), "{heads:?} at 64 bits");
        }
    }
}

/// The winning moves of Turning Corners at coordinates below 3000 (300 in the quick run) are
/// exactly the rectangles `a < x`, `b < y` under a head `(x, y)` whose three other corners
/// are worth what makes the total zero, found by trying every one.
#[test]
fn turning_corners_wins_by_exactly_the_rectangles_to_zero() {
    let (bound, cases) = if scale::is_full() {
        (3000, 8)
    } else {
        (300, 6)
    };
    let mut rng = XorShift(0x0C0A_4E46);
    for _ in 0..cases {
        let heads: BTreeSet<(u128, u128)> = (0..1 + rng.next() % 2)
            .map(|_| {
                (
                    u128::from(rng.next() % bound),
                    u128::from(rng.next() % bound),
                )
            })
            .collect();
        let total: Nimber = heads.iter().map(|&(x, y)| corner(x, y)).sum();
        let mut expected = BTreeSet::new();
        for &(x, y) in &heads {
            let need = total + corner(x, y);
            let column: Vec<Nimber> = (0..y).map(|b| corner(x, b)).collect();
            for a in 0..x {
                let side = corner(a, y);
                for b in 0..y {
                    if corner(a, b) + side + column[b as usize] == need {
                        expected.insert(((x, y), vec![(a, b), (a, y), (x, b)]));
                    }
                }
            }
        }
        let rule = Tartan::turning_corners().with_scan_limit(1 << 20);
        let board = Coins::new(rule, heads.clone()).unwrap();
        let winning: Vec<_> = board.winning_moves(Play::Normal).unwrap().collect();
        for mv in &winning {
            let after = board.play(mv.clone()).unwrap();
            assert_eq!(after.grundy(), Ok(Nimber::ZERO), "{heads:?} {mv:?}");
            let value: Nimber = after.heads().iter().map(|&(x, y)| corner(x, y)).sum();
            assert_eq!(value, Nimber::ZERO, "{heads:?} {mv:?}");
        }
        let got = listed_once(winning.into_iter().map(key));
        assert_eq!(got, expected, "the winning moves of {heads:?}");
    }
}

/// A head with one huge coordinate and one small: the product goes through the small side's
/// moves, and each winning move leaves zero.
#[test]
fn turning_corners_wins_from_huge_heads_through_their_small_side() {
    let mut rng = XorShift(0x0C0A_4E47);
    let mut found = 0;
    for case in 0..scale::cases(400) {
        let small = u128::from(rng.next() % 200);
        let huge = rng.next_u128() >> (rng.next() % 8);
        let head = if case % 2 == 0 {
            (small, huge)
        } else {
            (huge, small)
        };
        let other = (any_width(&mut rng) % 1000, any_width(&mut rng) % 1000);
        let heads: BTreeSet<(u128, u128)> = [head, other].into();
        let board = Coins::new(Tartan::turning_corners(), heads.clone()).unwrap();
        let winning = listed_once(board.winning_moves(Play::Normal).unwrap().map(key));
        found += winning.len();
        for (h, others) in winning {
            // The three other corners of a rectangle under the head.
            let (x, y) = h;
            assert_eq!(others.len(), 3, "{heads:?} {h:?} {others:?}");
            let (a, b) = others[0];
            assert!(a < x && b < y, "{heads:?} {h:?} {others:?}");
            assert_eq!(others, [(a, b), (a, y), (x, b)], "{heads:?}");
            let mv = CoinMove { head: h, others };
            let after = board.play(mv.clone()).unwrap();
            let value: Nimber = after.heads().iter().map(|&(x, y)| corner(x, y)).sum();
            assert_eq!(value, Nimber::ZERO, "{heads:?} {mv:?}");
            assert_eq!(after.grundy(), Ok(Nimber::ZERO), "{heads:?} {mv:?}");
        }
    }
    assert!(found > 0, "no winning move at all");
}

/// Checks the first `limit` moves of `position` to `t`: distinct, each from a head by at
/// most two coins left of it (from 1), and each leaving a position worth `t` by the odious
/// values computed here and by the crate.
fn check_first_mock_moves<T: Heap>(
    position: &Coins<MockTurtles, T>,
    t: u128,
    limit: usize,
) -> usize {
    let heads: Vec<u128> = position.heads().iter().map(|h| h.widen()).collect();
    let total = heads.iter().fold(0, |g, &h| g ^ odious(h));
    let moves: Vec<CoinMove<T>> = position
        .moves_to_value(Nimber::new(t))
        .unwrap()
        .take(limit)
        .collect();
    let count = moves.len();
    let moves = listed_once(moves.into_iter().map(key));
    for (head, others) in moves {
        let h = head.widen();
        assert!(heads.contains(&h), "{heads:?}: {h} is no head");
        let others_wide: Vec<u128> = others.iter().map(|c| c.widen()).collect();
        assert!(others_wide.len() <= 2, "{heads:?} {h} {others_wide:?}");
        assert!(
            others_wide.windows(2).all(|w| w[0] < w[1]),
            "{heads:?} {h} {others_wide:?}"
        );
        assert!(
            others_wide.iter().all(|&c| 1 <= c && c < h),
            "{heads:?} {h} {others_wide:?}"
        );
        let worth = others_wide.iter().fold(0, |w, &c| w ^ odious(c));
        assert_eq!(
            total ^ odious(h) ^ worth,
            t,
            "{heads:?} {h} {others_wide:?}"
        );
        let mv = CoinMove { head, others };
        let after = position.play(mv.clone()).unwrap();
        assert_eq!(after.grundy(), Ok(Nimber::new(t)), "{heads:?} {mv:?}");
    }
    count
}

#[test]
fn mock_turtles_near_the_top_of_u64_and_u128() {
    let mut rng = XorShift(0x0D10_0501);
    let top = 1u128 << 127; // the last coin whose value fits in u128
    for case in 0..scale::cases(300) {
        // u64: near the top, anywhere, and small.
        let mut heads: BTreeSet<u64> = BTreeSet::new();
        for _ in 0..1 + rng.next() % 3 {
            let coin = match rng.next() % 3 {
                0 => u64::MAX - rng.next() % 1000,
                1 => rng.next() >> (rng.next() % 64),
                _ => 1 + rng.next() % 100,
            };
            heads.insert(coin.max(1));
        }
        let total = heads.iter().fold(0, |g, &h| g ^ odious(h.into()));
        let position = Coins::new(MockTurtles, heads.clone()).unwrap();
        assert_eq!(position.grundy(), Ok(Nimber::new(total)), "{heads:?}");
        check_first_mock_moves(&position, 0, 300);
        check_first_mock_moves(&position, u128::from(rng.next() % 1024), 100);
        // A pair of worth `w` (evil) from the largest head: astronomically many; at least
        // the 300 asked for.
        let h = u128::from(*heads.last().unwrap());
        if h > 1 << 20 {
            let w = loop {
                let w = u128::from(rng.next() % (1 << 16));
                if w != 0 && !is_odious(w) {
                    break w;
                }
            };
            let count = check_first_mock_moves(&position, total ^ odious(h) ^ w, 300);
            assert_eq!(count, 300, "{heads:?}: the pairs worth {w} from {h}");
        }

        // u128: near 2^127, anywhere below it, and small.
        let mut heads: BTreeSet<u128> = BTreeSet::new();
        for _ in 0..1 + rng.next() % 3 {
            let coin = match rng.next() % 3 {
                0 => top - u128::from(rng.next() % 1000),
                1 => (rng.next_u128() >> 1) >> (rng.next() % 127),
                _ => u128::from(1 + rng.next() % 100),
            };
            heads.insert(coin.max(1));
        }
        if case % 5 == 0 {
            heads.insert(top);
        }
        let total = heads.iter().fold(0, |g, &h| g ^ odious(h));
        let position = Coins::new(MockTurtles, heads.clone()).unwrap();
        assert_eq!(position.grundy(), Ok(Nimber::new(total)), "{heads:?}");
        check_first_mock_moves(&position, 0, 300);
        let h = *heads.last().unwrap();
        let w = any_width(&mut rng);
        let w = if is_odious(w) { w ^ 1 } else { w }; // evil: pairs
        if w != 0 && h > 1 << 20 && w >> 1 < h - 1 {
            check_first_mock_moves(&position, total ^ odious(h) ^ w, 300);
        }
    }
}

/// A lone head at the top of u128's range. From a lone head a move leaves the other coins it
/// turned, so the moves to the value `t` are the moves of worth `t`: the head alone for 0,
/// the single coin worth `t` for an odious `t` (none if that coin is not left of the head),
/// and pairs for an evil `t`.
#[test]
fn mock_turtles_lone_heads_at_the_top() {
    let top = 1u128 << 127;
    let lone = Coins::new(MockTurtles, [top]).unwrap();
    assert_eq!(odious(top), u128::MAX - 1);
    assert_eq!(lone.grundy(), Ok(Nimber::new(u128::MAX - 1)));
    let to =
        |t: u128| -> Vec<CoinMove<u128>> { lone.moves_to_value(Nimber::new(t)).unwrap().collect() };
    assert_eq!(
        to(0),
        [CoinMove {
            head: top,
            others: vec![]
        }]
    );
    for w in [
        1u128,
        2,
        4,
        7,
        u128::MAX >> 2,
        (1 << 126) + 1,
        u128::MAX - 3,
    ] {
        let w = if is_odious(w) { w } else { w ^ 1 };
        let coin = w / 2 + 1;
        assert_eq!(odious(coin), w);
        assert_eq!(
            to(w),
            [CoinMove {
                head: top,
                others: vec![coin]
            }],
            "worth {w}"
        );
    }
    // The coin worth u128::MAX − 1 is the head itself: no move (the head's value is the mex).
    assert!(to(u128::MAX - 1).is_empty());
    // Evil worths: pairs u ⊕ v = w / 2, with v < 2^127 − 1; the largest and the least.
    assert_eq!(check_first_mock_moves(&lone, u128::MAX - 3, 300), 300);
    assert_eq!(check_first_mock_moves(&lone, u128::MAX, 300), 300);
    assert_eq!(check_first_mock_moves(&lone, 3, 300), 300);
    // The same at the top of u64.
    let lone = Coins::new(MockTurtles, [u64::MAX]).unwrap();
    assert_eq!(lone.grundy(), Ok(Nimber::new(odious(u64::MAX.into()))));
    assert_eq!(check_first_mock_moves(&lone, 0, 300), 1);
    assert_eq!(check_first_mock_moves(&lone, 3, 300), 300);
    assert_eq!(check_first_mock_moves(&lone, (1 << 64) - 1, 300), 300);
}

// ---------------------------------------------------------------------------------------------
// Errors and limits
// ---------------------------------------------------------------------------------------------

#[test]
fn coins_the_rules_do_not_have_are_refused() {
    let invalid = |e: Result<_, Error>| matches!(e, Err(Error::InvalidCoin { .. }));
    assert!(invalid(Coins::new(TurningTurtles, [0u32]).map(drop)));
    assert!(invalid(Coins::new(TurningTurtles, [3u8, 0]).map(drop)));
    assert!(invalid(Coins::new(MockTurtles, [0u64]).map(drop)));
    assert!(invalid(Coins::new(MockTurtles, [0u128, 5]).map(drop)));
    assert_eq!(
        Coins::new(Twins, [0u32]).unwrap().grundy(),
        Ok(Nimber::ZERO)
    );
    assert!(invalid(
        Coins::new(Tartan::new(TurningTurtles, Twins), [(0u32, 3u32)]).map(drop)
    ));
    assert!(invalid(
        Coins::new(Tartan::new(Twins, MockTurtles), [(0u8, 0u8)]).map(drop)
    ));
    assert!(Coins::new(Tartan::new(Twins, MockTurtles), [(0u8, 1u8)]).is_ok());
    // A coin named twice.
    assert!(invalid(Coins::new(TurningTurtles, [3u32, 5, 3]).map(drop)));
    assert!(invalid(Coins::new(Twins, [0u8, 0]).map(drop)));
    assert!(invalid(
        Coins::new(MockTurtles, [u64::MAX, u64::MAX]).map(drop)
    ));
    assert!(invalid(Coins::new(NearThree, [2u32, 2]).map(drop)));
    assert!(invalid(
        Coins::new(Tartan::turning_corners(), [(1u32, 2u32), (2, 1), (1, 2)]).map(drop)
    ));
    // Mock Turtles past 2^127: the value does not fit.
    let top = 1u128 << 127;
    let overflow = |e: Result<_, Error>| matches!(e, Err(Error::Overflow { .. }));
    assert!(overflow(Coins::new(MockTurtles, [top + 1]).map(drop)));
    assert!(overflow(Coins::new(MockTurtles, [3, u128::MAX]).map(drop)));
    assert!(overflow(
        CoinRule::<u128>::value(&MockTurtles, top + 1).map(drop)
    ));
    assert!(Coins::new(MockTurtles, [top]).is_ok());
    assert!(overflow(
        Coins::new(Tartan::new(Twins, MockTurtles), [(1u128, top + 1)]).map(drop)
    ));
}

#[test]
fn illegal_moves_of_big_coins_are_refused() {
    let row = Coins::new(MockTurtles, [u64::MAX, 1 << 40]).unwrap();
    let play = |head: u64, others: Vec<u64>| row.play(CoinMove { head, others });
    let illegal = |e: Result<_, Error>| matches!(e, Err(Error::IllegalMove { .. }));
    assert!(play(u64::MAX, vec![5, 9]).is_ok());
    assert!(illegal(play(u64::MAX, vec![9, 5]).map(drop))); // not ascending
    assert!(illegal(play(u64::MAX, vec![5, 5]).map(drop))); // twice
    assert!(illegal(play(u64::MAX, vec![1, 2, 3]).map(drop))); // three coins
    assert!(illegal(play(u64::MAX, vec![5, u64::MAX]).map(drop))); // the head itself
    assert!(illegal(play(1 << 40, vec![5, u64::MAX]).map(drop))); // right of the head
    assert!(illegal(play(7, vec![]).map(drop))); // a tail
    assert!(play(1 << 40, vec![]).unwrap().heads() == [u64::MAX]);
    assert!(play(1 << 40, vec![0]).is_err()); // no coin 0
    let board = Coins::new(Tartan::turning_corners(), [(u128::MAX, 7u128)]).unwrap();
    let corners = |a: u128, b: u128| vec![(a, b), (a, 7), (u128::MAX, b)];
    let mv = |others| CoinMove {
        head: (u128::MAX, 7),
        others,
    };
    assert!(board.play(mv(corners(3, 2))).is_ok());
    assert!(illegal(board.play(mv(vec![(3, 2), (3, 7)])).map(drop))); // three corners of four
    assert!(illegal(
        board
            .play(mv(vec![(3, 7), (3, 2), (u128::MAX, 2)]))
            .map(drop)
    ));
}

/// `play` of moves at huge coins, legal ones anywhere among the moves of their worth (a
/// pair of Mock Turtles just left of a head near `2^64` is among the last of about `2^62` of
/// its worth) and past the scan limit (Turning Corners at `2^100`): each gives the position
/// the move's coins turned, worth what the values computed here say; a mangled move is
/// refused.
#[test]
fn huge_moves_are_played_directly() {
    let mut rng = XorShift(0x0B16_3073);
    let illegal = |e: Result<_, Error>| matches!(e, Err(Error::IllegalMove { .. }));
    for _ in 0..scale::cases(2000) {
        // Mock Turtles: heads near the top of u64 or anywhere, a move with 0, 1 or 2 coins.
        let mut heads: BTreeSet<u64> = BTreeSet::new();
        for _ in 0..1 + rng.next() % 3 {
            let coin = match rng.next() % 2 {
                0 => u64::MAX - rng.next() % 1000,
                _ => rng.next() >> (rng.next() % 60),
            };
            heads.insert(coin.max(3));
        }
        let position = Coins::new(MockTurtles, heads.clone()).unwrap();
        let head = *heads.iter().nth(rng.next() as usize % heads.len()).unwrap();
        let mut others: BTreeSet<u64> = BTreeSet::new();
        for _ in 0..rng.next() % 3 {
            let coin = match rng.next() % 3 {
                0 => head - 1 - rng.next() % (head - 1).min(4), // just left of the head
                1 => 1 + rng.next() % (head - 1).min(4),
                _ => 1 + rng.next() % (head - 1),
            };
            others.insert(coin);
        }
        let others: Vec<u64> = others.into_iter().collect();
        let mut after: BTreeSet<u64> = heads.clone();
        after.remove(&head);
        for &c in &others {
            if !after.remove(&c) {
                after.insert(c);
            }
        }
        let value = after.iter().fold(0, |g, &h| g ^ odious(h.into()));
        let mv = CoinMove {
            head,
            others: others.clone(),
        };
        let next = position.play(mv.clone()).unwrap();
        assert_eq!(
            next.heads().to_vec(),
            after.into_iter().collect::<Vec<_>>(),
            "{heads:?} {mv:?}"
        );
        assert_eq!(next.grundy(), Ok(Nimber::new(value)), "{heads:?} {mv:?}");
        if others.len() == 2 {
            let reversed = CoinMove {
                head,
                others: vec![others[1], others[0]],
            };
            assert!(illegal(position.play(reversed).map(drop)), "{heads:?}");
        }
        let mut three = others.clone();
        three.push(head - 1);
        three.sort_unstable();
        three.dedup();
        if three.len() == 3 {
            assert!(illegal(
                position
                    .play(CoinMove {
                        head,
                        others: three
                    })
                    .map(drop)
            ));
        }

        // Turning Corners: a rectangle under a head of any size, and bent ones.
        let (x, y) = (any_width(&mut rng).max(2), any_width(&mut rng).max(2));
        let (a, b) = (any_width(&mut rng) % x, any_width(&mut rng) % y);
        let board = Coins::new(Tartan::turning_corners(), [(x, y)]).unwrap();
        let mv = CoinMove {
            head: (x, y),
            others: vec![(a, b), (a, y), (x, b)],
        };
        let next = board.play(mv.clone()).unwrap();
        assert_eq!(next.heads().to_vec(), mv.others, "{mv:?}");
        let value = corner(a, b) + corner(a, y) + corner(x, b);
        assert_eq!(next.grundy(), Ok(value), "{mv:?}");
        let a2 = if a + 1 < x { a + 1 } else { a - 1 };
        // Three corners of no rectangle: three rows.
        let bent = if a < a2 {
            vec![(a, b), (a2, y), (x, b)]
        } else {
            vec![(a2, y), (a, b), (x, b)]
        };
        let result = board.play(CoinMove {
            head: (x, y),
            others: bent.clone(),
        });
        assert!(illegal(result.map(drop)), "({x}, {y}) {bent:?}");
        let two = CoinMove {
            head: (x, y),
            others: vec![(a, y), (x, b)],
        };
        assert!(illegal(board.play(two).map(drop)), "({x}, {y})");
    }
}

/// Turning Corners' moves from a head go through the moves of its smaller side: a head
/// both of whose sides have more moves than the scan limit is refused, its value is not.
#[test]
fn a_tartan_head_past_the_scan_limit_is_refused_but_valued() {
    let scan_limit = |e: Result<(), Error>, limit: u128| match e {
        Err(Error::ScanLimit { limit: l, .. }) => l == limit,
        _ => false,
    };
    assert_eq!(DEFAULT_SCAN_LIMIT, 1 << 24);
    assert_eq!(Tartan::turning_corners().scan_limit(), DEFAULT_SCAN_LIMIT);
    assert_eq!(Tartan::turning_corners(), Tartan::new(Twins, Twins));
    let corners = Tartan::turning_corners().with_scan_limit(100);
    assert_eq!(corners.scan_limit(), 100);
    assert_eq!((corners.first(), corners.second()), (&Twins, &Twins));

    let board = Coins::new(corners.clone(), [(1000u32, 2000u32)]).unwrap();
    assert_eq!(board.grundy(), Ok(corner(1000, 2000)));
    assert_eq!(board.outcome(Play::Normal), Ok(Outcome::Next));
    assert!(scan_limit(board.winning_moves(Play::Normal).map(drop), 100));
    assert!(scan_limit(
        board.moves_to_value(Nimber::new(5)).map(drop),
        100
    ));
    // With a second head under the limit, still refused: every head is asked at once.
    let board = Coins::new(corners.clone(), [(3u32, 4u32), (1000, 2000)]).unwrap();
    assert!(scan_limit(board.winning_moves(Play::Normal).map(drop), 100));
    assert!(board.grundy().is_ok());
    // One side under the limit: answered, through that side (checked against every
    // rectangle).
    for head in [(40u32, 2000u32), (2000, 40)] {
        let board = Coins::new(corners.clone(), [head, (3, 4)]).unwrap();
        let total = board.grundy().unwrap();
        let (x, y) = (u128::from(head.0), u128::from(head.1));
        let mut expected = BTreeSet::new();
        for a in 0..x {
            for b in 0..y {
                let worth = corner(a, b) + corner(a, y) + corner(x, b);
                if total + corner(x, y) + worth == Nimber::ZERO {
                    expected.insert((a as u32, b as u32));
                }
            }
        }
        let got: BTreeSet<_> = board
            .winning_moves(Play::Normal)
            .unwrap()
            .filter(|mv| mv.head == head)
            .map(|mv| mv.others[0])
            .collect();
        assert_eq!(got, expected, "{head:?}");
    }
    // The default limit, at coins far past it.
    let huge = 1u128 << 100;
    let board = Coins::new(Tartan::turning_corners(), [(huge, huge + 1)]).unwrap();
    assert_eq!(board.grundy(), Ok(corner(huge, huge + 1)));
    assert!(scan_limit(
        board.winning_moves(Play::Normal).map(drop),
        DEFAULT_SCAN_LIMIT
    ));
    // Mock Turtles × Mock Turtles: about 5·10^11 moves a side.
    let board = Coins::new(
        Tartan::new(MockTurtles, MockTurtles),
        [(1u64 << 20, 1u64 << 20)],
    )
    .unwrap();
    assert_eq!(
        board.grundy(),
        Ok(Nimber::new(odious(1 << 20)) * Nimber::new(odious(1 << 20)))
    );
    assert!(scan_limit(
        board.winning_moves(Play::Normal).map(drop),
        DEFAULT_SCAN_LIMIT
    ));
}

/// Twins, counting in [`HANDED`] every move its `moves` and `moves_worth` hand out: what a
/// product of it asks of its factors, seen from outside.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct CountedTwins;

/// The moves [`CountedTwins`] has handed out (only the test below uses the rule).
static HANDED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl CountedTwins {
    fn counted(moves: Turns<'_, u32>) -> Turns<'_, u32> {
        Box::new(moves.inspect(|_| {
            HANDED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }))
    }
}

impl CoinRule<u32> for CountedTwins {
    fn value(&self, coin: u32) -> Result<Nimber, Error> {
        Twins.value(coin)
    }

    fn moves(&self, coin: u32) -> Result<Turns<'_, u32>, Error> {
        Ok(CountedTwins::counted(Twins.moves(coin)?))
    }

    fn moves_worth(&self, coin: u32, worth: Nimber) -> Result<Turns<'_, u32>, Error> {
        Ok(CountedTwins::counted(Twins.moves_worth(coin, worth)?))
    }

    fn move_count(&self, coin: u32) -> Option<u128> {
        Twins.move_count(coin)
    }
}

/// The moves of a head of a Tartan product are listed as they are taken, not held: a head
/// of a product of Mock Turtles within the default scan limit can have millions of moves,
/// and a position asks every head at once, so `moves_to_value` once held them all, more than
/// a gigabyte a head (found by the red-team: `Tartan<MockTurtles, MockTurtles>` with the head
/// `(6, 2^23)` grew to 1.2 GB before its scan-limit error; thirty such heads exhaust any
/// memory). Now the moves are counted against the limit first, keeping none, then listed
/// lazily: taking them asks the factors again, for as many moves as counting them did.
#[test]
fn the_moves_of_a_tartan_head_are_listed_lazily() {
    use std::sync::atomic::Ordering::Relaxed;
    // Turning Corners through the counted rule; the head (255, 255) has a winning move for
    // nearly every row below it (each needs one column, in the field of 256 nimbers).
    let rule = Tartan::new(CountedTwins, CountedTwins);
    let board = Coins::new(rule, [(255u32, 255u32)]).unwrap();
    let start = HANDED.load(Relaxed);
    let mut moves = board.winning_moves(Play::Normal).unwrap();
    let counting = HANDED.load(Relaxed) - start;
    assert!(counting > 255, "{counting}");
    let first = moves.next().unwrap();
    assert!(
        HANDED.load(Relaxed) > start + counting,
        "the moves were held, not listed as they are taken"
    );
    let rest: Vec<_> = moves.collect();
    assert_eq!(HANDED.load(Relaxed) - start, 2 * counting);
    // The moves are those of Turning Corners, in the same order, and as many as counted.
    let corners = Coins::new(Tartan::turning_corners(), [(255u32, 255u32)]).unwrap();
    let expected: Vec<_> = corners.winning_moves(Play::Normal).unwrap().collect();
    assert_eq!([vec![first], rest].concat(), expected);
    assert!(expected.len() > 200, "{}", expected.len());
    let count = corners.count_moves_to_value(Nimber::ZERO).unwrap();
    assert_eq!(count, expected.len() as u128);
}

/// A rule as it is, but saying nothing of its number of moves ([`CoinRule::move_count`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Uncounted<R>(R);

impl<T: Heap, R: CoinRule<T>> CoinRule<T> for Uncounted<R> {
    fn check(&self, coin: T) -> Result<(), Error> {
        self.0.check(coin)
    }

    fn value(&self, coin: T) -> Result<Nimber, Error> {
        self.0.value(coin)
    }

    fn moves(&self, coin: T) -> Result<Turns<'_, T>, Error> {
        self.0.moves(coin)
    }

    fn moves_worth(&self, coin: T, worth: Nimber) -> Result<Turns<'_, T>, Error> {
        self.0.moves_worth(coin, worth)
    }

    fn is_move(&self, coin: T, others: &[T]) -> Result<bool, Error> {
        self.0.is_move(coin, others)
    }
}

/// A product of a factor that does not count its moves (a rule of the user's: [`NearThree`],
/// at most six moves a head) and one that counts more than the scan limit (Turning Turtles at
/// `2^100`) goes through the few moves of the first. It went through the counted one because
/// only its count was known, and refused every such head with [`Error::ScanLimit`] (found by
/// the red-team: `Tartan::new(NearOne, TurningTurtles)` of the trait's example, head
/// `(5, 2^100)`), though hiding the count answered at once. Both orders of the factors, each
/// answer as the one with the count hidden (or its mirror image), and every move played to its
/// value.
#[test]
fn a_tartan_head_goes_through_the_factor_without_a_count_past_the_limit() {
    let huge = 1u128 << 100;
    let mut listed = 0;
    for target in (0..16).map(Nimber::new) {
        let heads = [(5u128, huge), (2, 3)];
        let board = Coins::new(Tartan::new(NearThree, TurningTurtles), heads).unwrap();
        let hidden = Coins::new(Tartan::new(NearThree, Uncounted(TurningTurtles)), heads).unwrap();
        let moves: Vec<_> = board.moves_to_value(target).unwrap().collect();
        let expected: Vec<_> = hidden.moves_to_value(target).unwrap().collect();
        assert_eq!(moves, expected, "{target}");
        assert_eq!(
            board.count_moves_to_value(target).unwrap(),
            moves.len() as u128
        );
        for mv in &moves {
            assert_eq!(board.play(mv.clone()).unwrap().grundy().unwrap(), target);
        }
        listed += moves.len();

        // The mirror image: its moves are those above, mirrored.
        let mirror = |(x, y): (u128, u128)| (y, x);
        let mirrored: BTreeSet<_> = expected
            .iter()
            .map(|mv| {
                let mut others: Vec<_> = mv.others.iter().copied().map(mirror).collect();
                others.sort_unstable();
                CoinMove {
                    head: mirror(mv.head),
                    others,
                }
            })
            .collect();
        let board = Coins::new(Tartan::new(TurningTurtles, NearThree), heads.map(mirror)).unwrap();
        let moves: Vec<_> = board.moves_to_value(target).unwrap().collect();
        assert_eq!(moves.len(), mirrored.len(), "mirrored, {target}");
        assert_eq!(moves.iter().cloned().collect::<BTreeSet<_>>(), mirrored);
        for mv in &moves {
            assert_eq!(board.play(mv.clone()).unwrap().grundy().unwrap(), target);
        }
    }
    assert!(listed > 0);
    // Both counts known and past the limit: still refused, through neither.
    let board = Coins::new(Tartan::new(TurningTurtles, TurningTurtles), [(huge, huge)]).unwrap();
    assert!(matches!(
        board.winning_moves(Play::Normal),
        Err(Error::ScanLimit { .. })
    ));
}

/// Mock Turtles past about `2^64.5` has more moves a head than `u128` counts; it said it did
/// not know how many (`None`), so a product with a factor that does not count its moves went
/// through its astronomically many moves and refused every such head with
/// [`Error::ScanLimit`] (found by the red-team: `Tartan::new(MockTurtles, NearOne)`, head
/// `(2^100, 5)`, refused every target, while the mirror image `(5, 2^100)` of
/// `Tartan::new(NearOne, MockTurtles)` answered most of them). The count saturates at
/// `u128::MAX` now, so the product goes through the other factor: each target is answered as
/// the mirror image answers it (the same moves mirrored, or the same refusal).
#[test]
fn a_huge_mock_turtles_factor_is_counted_and_the_other_factor_gone_through() {
    let huge = 1u128 << 100;
    assert_eq!(MockTurtles.move_count(huge), Some(u128::MAX));
    assert_eq!(MockTurtles.move_count(1u128 << 66), Some(u128::MAX));
    // Coin 2^64: n = 2^64 − 1 coins left of it, and 1 + n + n(n − 1)/2 moves, which fit.
    let n = u128::from(u64::MAX);
    assert_eq!(
        MockTurtles.move_count(1u128 << 64),
        Some(1 + n + n * ((n - 1) / 2))
    );
    assert_eq!(MockTurtles.move_count(5u32), Some(1 + 4 + 6));
    assert_eq!(MockTurtles.move_count(0u32), None);
    let product = Tartan::new(MockTurtles, MockTurtles);
    assert_eq!(product.move_count((huge, 3u128)), Some(u128::MAX));
    assert_eq!(product.move_count((3u128, 3u128)), Some(16));

    // A small limit, so that going through Mock Turtles' moves is refused at once.
    let limit = 1000;
    let mirror = |(x, y): (u128, u128)| (y, x);
    let mut answered = 0;
    for target in (0..16).map(Nimber::new) {
        let board = Coins::new(
            Tartan::new(MockTurtles, NearThree).with_scan_limit(limit),
            [(huge, 5u128)],
        )
        .unwrap();
        let mirrored = Coins::new(
            Tartan::new(NearThree, MockTurtles).with_scan_limit(limit),
            [(5u128, huge)],
        )
        .unwrap();
        let moves = board.moves_to_value(target).map(|moves| {
            moves
                .map(|mv| {
                    let mut others: Vec<_> = mv.others.into_iter().map(mirror).collect();
                    others.sort_unstable();
                    (mirror(mv.head), others)
                })
                .collect::<BTreeSet<_>>()
        });
        let expected = mirrored
            .moves_to_value(target)
            .map(|moves| moves.map(key).collect::<BTreeSet<_>>());
        // A refusal names the head as it is written: compare the limits.
        let refused = |e: Error| match e {
            Error::ScanLimit { limit, .. } => limit,
            e => panic!("{e}"),
        };
        let (moves, expected) = (moves.map_err(refused), expected.map_err(refused));
        assert_eq!(moves, expected, "{target}");
        answered += usize::from(moves.is_ok());
    }
    assert!(answered > 0);
}

// ---------------------------------------------------------------------------------------------
// The generic solver
// ---------------------------------------------------------------------------------------------

/// The crate's `Solver` splits a position into its heads (`Game::parts`) under normal play and
/// searches whole positions under misère play: both against the brute force, on rows of 9
/// coins.
#[test]
fn the_solver_agrees_on_rows_under_both_plays() {
    fn prop(case: RowCase<false>, user: bool) -> Result<(), String> {
        let kind = if user { Kind::Near } else { case.kind };
        let mask = case.mask & ((1 << 9) - 1) & !((1 << kind.first()) - 1);
        let brute = row_table(kind);
        with_rule!(kind, rule => check_solver(brute, rule, narrow::<u32>, mask))
    }
    quick(1000).quickcheck(prop as fn(RowCase<false>, bool) -> Result<(), String>);
}

/// The same on the 3 × 3 corner of the boards (a move never leaves it), all 16 products.
#[test]
fn the_solver_agrees_on_boards_under_both_plays() {
    fn prop<const USER: bool>(case: BoardCase<USER>) -> Result<(), String> {
        let corner = 0b0111_0111_0111;
        let brute = board_table(case.a, case.b);
        with_rule!(case.a, first => with_rule!(case.b, second => {
            check_solver(brute, Tartan::new(first, second), |c| c, case.mask & corner)
        }))
    }
    quick(600).quickcheck(prop::<false> as fn(BoardCase<false>) -> Result<(), String>);
    quick(400).quickcheck(prop::<true> as fn(BoardCase<true>) -> Result<(), String>);
}

/// `count_moves_to_value` counts what `moves_to_value` lists, for every target below 16, on
/// every row of heads among the coins 1 to 9 of the three rules, and on rows of Turning
/// Corners heads below 6 × 6; and on Mock Turtles heads past 2^64 it counts, in closed form,
/// the pairs whose first few it lists.
#[test]
fn counts_are_the_lengths_of_the_lists() {
    use grundy::coins::{CoinRule, Coins, MockTurtles, Tartan, TurningTurtles, Twins};
    use grundy::{ClosedForm, Nimber};

    fn agree<C: grundy::coins::Coin, R: CoinRule<C>>(rule: R, heads: Vec<C>) {
        let Ok(row) = Coins::new(rule, heads) else {
            return;
        };
        for t in 0..16 {
            let target = Nimber::new(t);
            let listed = row.moves_to_value(target).unwrap().count() as u128;
            assert_eq!(
                row.count_moves_to_value(target).unwrap(),
                listed,
                "{row:?} to {target}"
            );
        }
    }
    for mask in 0u32..1 << 9 {
        let heads: Vec<u32> = (1..=9).filter(|c| mask >> (c - 1) & 1 == 1).collect();
        agree(TurningTurtles, heads.clone());
        agree(Twins, heads.clone());
        agree(MockTurtles, heads);
    }
    for mask in 0u64..1 << 12 {
        let heads: Vec<(u8, u8)> = (0..36u8)
            .filter(|c| mask.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (c % 64) & 1 == 1)
            .take(3)
            .map(|c| (c / 6, c % 6))
            .collect();
        agree(Tartan::turning_corners(), heads);
    }
    let huge = Coins::new(MockTurtles, [2u128, 3, 1 << 70]).unwrap();
    let count = huge.count_moves_to_value(Nimber::ZERO).unwrap();
    assert!(count > 1 << 60, "{count}");
    for mv in huge.winning_moves(grundy::Play::Normal).unwrap().take(100) {
        assert_eq!(huge.play(mv).unwrap().grundy().unwrap(), Nimber::ZERO);
    }
}
