//! # Turning Corners: the nim field on a board of coins
//!
//! Run it with `cargo run --release --example turning_corners`.
//!
//! A board of coins, rows and columns numbered from 0, some showing heads. A move picks a
//! rectangle whose four corners are `(a, b)`, `(a, y)`, `(x, b)` and `(x, y)`, with `a < x`
//! and `b < y`, whose far corner `(x, y)` shows heads, and turns all four coins over. The
//! player who cannot move loses. This is **Turning Corners** (*Winning Ways*, ch. 14; *On
//! Numbers and Games*, ch. 6). Who wins a board, and how? The program answers with the
//! crate's search on small boards and with the nim field ([`Nimber`]'s `*`) on a board far
//! too big to search.
//!
//! 1. **The game, told to the crate.** [`Corners`] is a [`Game`] of our own: an 8 × 8 board
//!    as a `u64`, one bit a coin. Every coin-turning game has the same trick: a coin showing
//!    tails is as good as two heads on one spot, which cancel, so a board is the disjunctive
//!    sum of its heads, each alone on the board (*Winning Ways*, ch. 14). [`Game::parts`]
//!    says so, and the [`Solver`] then searches one head at a time.
//! 2. **A head is worth a nim-product.** A head at `(x, y)` moves to heads at `(a, b)`,
//!    `(a, y)` and `(x, b)`, so its value `g(x, y)` is the mex of
//!    `g(a, b) ⊕ g(a, y) ⊕ g(x, b)` over `a < x`, `b < y`. That is, word for word, Conway's
//!    definition of the nim-product: `g(x, y) = x ⊗ y`. The search finds the 8 × 8 table
//!    and the program checks every entry against `Nimber::new(x) * Nimber::new(y)`. The table
//!    shows the field: `*2 * *2 = *3`, so the nimbers below 4 are the field of four elements;
//!    `*4 * *4 = *6` and `*2 * *4 = *8`; a row other than row 0 never repeats a value, as a
//!    product by a non-zero element of a field is one-to-one; and nothing reaches 16, since
//!    the nimbers below 16 form a field too. Row 0 and column 0 are all zeros: a head there
//!    has no rectangle to turn.
//! 3. **A board is the nim-sum of its heads.** Step 2 trusted the splitting; here a second
//!    game, [`Whole`], is the same board with no [`Game::parts`], and the solver searches it
//!    whole. Small corners of the board allow it: a move turns two coins in each of two rows
//!    and two in each of two columns, so the parity of every row and every column never
//!    changes, the coins of row 0 and column 0 follow from the others, and a board whose
//!    heads lie in the 5 × 5 corner reaches at most `2^16 = 65536` boards. Every board agrees
//!    with the nim-sum of `x ⊗ y` over its heads. On row 1 the game is Nim (a head at `(1, y)`
//!    is worth `*y`, and row 0 is worth nothing), and all 25 coins of the 5 × 5 corner are
//!    worth `(0 ⊕ 1 ⊕ 2 ⊕ 3 ⊕ 4) ⊗ (0 ⊕ 1 ⊕ 2 ⊕ 3 ⊕ 4) = 4 ⊗ 4 = *6`.
//! 4. **The winning moves, by algebra.** A move from `(x, y)` to `(a, b)` changes the value
//!    of the board by `x⊗y ⊕ a⊗y ⊕ x⊗b ⊕ a⊗b`, which distributivity folds into
//!    `(x ⊕ a) ⊗ (y ⊕ b)`. So from a board worth `V ≠ 0`, the winning moves are the heads
//!    `(x, y)` and the factorisations `V = u ⊗ w` with `a = x ⊕ u < x` and `b = y ⊕ w < y`
//!    (the top bit of `u` is a bit of `x`, the top bit of `w` a bit of `y`). On a small board
//!    the program lists these moves by the formula and finds the search's list exactly.
//!
//! Then a board no search can touch: three heads in rows near `10^30`, about `2^100`. Its
//! value is three products and two nim-additions. A winning move needs more than
//! enumeration: a head there offers about `2^200` rectangles. The program splits every
//! nimber below `2^128` at `F = 2^64` (`x = x1·F ⊕ x0`, both halves below `F`) and keeps the
//! top halves of a head, `u1 = x1` and `w1 = y1`, so that `a < x` and `b < y` whatever the
//! bottom halves. With `F ⊗ F = F ⊕ F/2`, the product is
//! `u ⊗ w = (u1w1 ⊕ u1w0 ⊕ u0w1)·F ⊕ (u0w0 ⊕ u1w1 ⊗ (F/2))`, so `u ⊗ w = V` is two
//! equations over the 64-bit field:
//!
//! ```text
//! u1⊗w0 ⊕ w1⊗u0 = P,  where P = V1 ⊕ u1⊗w1
//!         u0⊗w0 = Q,  where Q = V0 ⊕ u1⊗w1⊗(F/2)
//! ```
//!
//! The first gives `w0 = (P ⊕ w1⊗u0) / u1`, and the second becomes a quadratic,
//! `w1⊗u0² ⊕ P⊗u0 ⊕ Q⊗u1 = 0`. With `u0 = (P / w1) ⊗ z` it reads `z² ⊕ z = c`, where
//! `c = Q⊗u1⊗w1 / P²` (and if `P = 0`, `u0` is the square root, [`Nimber::sqrt`], of
//! `Q⊗u1 / w1`). Divisions are [`Nimber::checked_div`]. In characteristic 2, `z ↦ z² ⊕ z`
//! is linear with kernel `{0, 1}`, so `z² ⊕ z = c` has a root for exactly half the values
//! `c`; the program finds it through the same tower of fields that builds the nim field,
//! half the width at a time. When there is no root it keeps the top bits of `x1` and `y1`
//! but changes up to three bits just below them (`u1 = x1 ⊕ s`, `w1 = y1 ⊕ r`, `s, r < 8`),
//! which gives a new `c`, and tries again.
//!
//! What the construction does not do, said plainly: it needs a head with both coordinates at
//! least `2^64`, and it tries at most 64 pairs of top halves per head, so it is a method
//! that works on this board (the program checks the move it prints), not a theorem about
//! every board; and it finds one winning move among many. The punchline: the move leaves a
//! board worth `*0`, checked by the same nim arithmetic, and nothing was searched.
//!
//! ## Exercises
//!
//! 1. Search the 16 × 16 table instead of the 8 × 8 one and read off `*8 ⊗ *8`. Is it below
//!    16, as the field of the nimbers below 16 requires? (Check with
//!    `Nimber::new(8) * Nimber::new(8)`; nim-multiplication is in `src/nimber/field.rs`.)
//! 2. In the 4 × 4 corner of the table, find the inverse of `*2` and of `*3` (the entry 1 in
//!    their rows). (Check with `Nimber::inverse`, in `src/nimber/field.rs`.)
//! 3. A head on row 1 is worth `*y`, so row 1 is Nim. Which game is row 2, a head at `(2, y)`
//!    worth `*2 ⊗ *y`: for which `y < 16` is that value `*y` again? (Check with
//!    `Nimber::new(2) * Nimber::new(y)`.)
//!
//! [`Nimber`]: grundy::Nimber
//! [`Nimber::sqrt`]: grundy::Nimber::sqrt
//! [`Nimber::checked_div`]: grundy::Nimber::checked_div
//! [`Game`]: grundy::Game
//! [`Game::parts`]: grundy::Game::parts
//! [`Solver`]: grundy::Solver

mod output;

use core::fmt::{self, Write};
use core::ops::ControlFlow;
use grundy::prelude::*;
use std::collections::BTreeSet;

/// The side of a [`Corners`] board: 8 × 8 coins, one bit of a `u64` each.
pub const SIDE: u32 = 8;

/// A coin's place, `(x, y)`: row `x`, column `y`, both numbered from 0.
pub type Coin = (u128, u128);

/// A move of Turning Corners: the rectangle from its far corner `(x, y)`, a head, to its
/// near corner `(a, b)`, with `a < x` and `b < y`. It turns `(a, b)`, `(a, y)`, `(x, b)` and
/// `(x, y)`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Rectangle {
    /// The far corner `(x, y)`, which shows heads before the move.
    pub far: Coin,
    /// The near corner `(a, b)`.
    pub near: Coin,
}

impl Rectangle {
    /// The four corners the move turns over.
    pub fn corners(self) -> [Coin; 4] {
        let ((x, y), (a, b)) = (self.far, self.near);
        [(a, b), (a, y), (x, b), (x, y)]
    }
}

/// `(x, y) to (a, b)`: from the far corner to the near one.
impl fmt::Display for Rectangle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ((x, y), (a, b)) = (self.far, self.near);
        write!(f, "({x}, {y}) to ({a}, {b})")
    }
}

/// A board of Turning Corners, [`SIDE`] × [`SIDE`]: bit `SIDE·x + y` is the coin at
/// `(x, y)`, set when it shows heads.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Corners(pub u64);

impl Corners {
    /// The board with heads at `heads` (a coin listed twice is turned twice).
    ///
    /// # Errors
    ///
    /// A coin off the board.
    pub fn new(heads: &[(u32, u32)]) -> Result<Corners, String> {
        let mut bits = 0;
        for &(x, y) in heads {
            if x >= SIDE || y >= SIDE {
                return Err(format!(
                    "the coin ({x}, {y}) is off the {SIDE} × {SIDE} board"
                ));
            }
            bits ^= bit(x, y);
        }
        Ok(Corners(bits))
    }

    /// The heads, row by row.
    pub fn heads(self) -> impl Iterator<Item = (u32, u32)> {
        (0..SIDE * SIDE)
            .filter(move |i| self.0 >> i & 1 == 1)
            .map(|i| (i / SIDE, i % SIDE))
    }
}

/// The bit of the coin at `(x, y)`.
fn bit(x: u32, y: u32) -> u64 {
    1 << (SIDE * x + y)
}

/// The heads, as `(1, 1) (2, 3)`.
impl fmt::Display for Corners {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let heads: Vec<String> = self.heads().map(|(x, y)| format!("({x}, {y})")).collect();
        f.write_str(&heads.join(" "))
    }
}

impl Game for Corners {
    type Move = Rectangle;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(Rectangle, Corners) -> ControlFlow<()>,
    {
        for (x, y) in self.heads() {
            for a in 0..x {
                for b in 0..y {
                    let turned = bit(a, b) ^ bit(a, y) ^ bit(x, b) ^ bit(x, y);
                    let mv = Rectangle {
                        far: (x.into(), y.into()),
                        near: (a.into(), b.into()),
                    };
                    visit(mv, Corners(self.0 ^ turned))?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// A board is the sum of its heads, each alone on the board: the solver searches each
    /// head once.
    fn parts(&self) -> Option<Vec<Corners>> {
        (self.0.count_ones() > 1).then(|| self.heads().map(|(x, y)| Corners(bit(x, y))).collect())
    }
}

/// The same game searched whole: a [`Corners`] board without [`Game::parts`], so the solver
/// meets every board reachable, not one head at a time.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Whole(pub Corners);

impl Game for Whole {
    type Move = Rectangle;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(Rectangle, Whole) -> ControlFlow<()>,
    {
        self.0.for_each_move(|mv, next| visit(mv, Whole(next)))
    }
}

/// The value of a head at `(x, y)`, by the nim field: `x ⊗ y`.
pub fn head_value((x, y): Coin) -> Nimber {
    Nimber::new(x) * Nimber::new(y)
}

/// The value of a board with heads at `heads` (each listed once): the nim-sum of their
/// products.
pub fn board_value(heads: &BTreeSet<Coin>) -> Nimber {
    heads.iter().map(|&coin| head_value(coin)).sum()
}

/// The moves from `board`, worth `v`, that change its value by exactly `v`, by the formula
/// `(x ⊕ a) ⊗ (y ⊕ b)` for the change: its winning moves, without a search.
pub fn winning_moves_by_formula(board: Corners) -> Vec<Rectangle> {
    let heads: BTreeSet<Coin> = board.heads().map(|(x, y)| (x.into(), y.into())).collect();
    let v = board_value(&heads);
    let mut moves = Vec::new();
    for &(x, y) in &heads {
        for a in 0..x {
            for b in 0..y {
                if Nimber::new(x ^ a) * Nimber::new(y ^ b) == v {
                    moves.push(Rectangle {
                        far: (x, y),
                        near: (a, b),
                    });
                }
            }
        }
    }
    moves
}

/// The split of nimbers below `2^128` into halves: `F = 2^64`.
const HALF: u32 = 64;

/// The bottom half of a nimber below `2^128`.
const LOW: u128 = (1 << HALF) - 1;

/// A root `z` of `z² ⊕ z = c` in the nimbers below `2^width` (`width` a power of two,
/// `c < 2^width`), if there is one.
///
/// For `X = 2^(width/2)`, write `z = z1·X ⊕ z0` and `c = c1·X ⊕ c0`. As `X ⊗ X = X ⊕ X/2`,
/// `z² ⊕ z = (z1² ⊕ z1)·X ⊕ (z0² ⊕ z0 ⊕ z1² ⊗ (X/2))`: so `z1² ⊕ z1 = c1` and
/// `z0² ⊕ z0 = c0 ⊕ z1² ⊗ (X/2)`, two equations at half the width. `z1` has two roots, `z1`
/// and `z1 ⊕ 1`, and the second equation may be solvable for only one of them. In the field
/// of two elements `z² ⊕ z = 0` always, so only `c = 0` has a root.
pub fn root_of_z2_plus_z(c: u128, width: u32) -> Option<u128> {
    if width <= 1 {
        return (c == 0).then_some(0);
    }
    let half = width / 2;
    let x = 1u128 << half;
    let (c1, c0) = (c >> half, c & (x - 1));
    let z1 = root_of_z2_plus_z(c1, half)?;
    [z1, z1 ^ 1].into_iter().find_map(|z1| {
        let square = Nimber::new(z1) * Nimber::new(z1);
        let c0 = Nimber::new(c0) + square * Nimber::new(x >> 1);
        root_of_z2_plus_z(c0.get(), half).map(|z0| z1 << half | z0)
    })
}

/// Nimbers `u = u1·F ⊕ u0` and `w = w1·F ⊕ w0` (`F = 2^64`) with the given top halves and
/// `u ⊗ w = v`, if the quadratic of the module docs has a root.
pub fn factor_with_top_halves(v: Nimber, u1: u128, w1: u128) -> Option<(Nimber, Nimber)> {
    let (v1, v0) = (Nimber::new(v.get() >> HALF), Nimber::new(v.get() & LOW));
    let (u1, w1) = (Nimber::new(u1), Nimber::new(w1));
    let half_f = Nimber::new(1 << (HALF - 1));
    let p = v1 + u1 * w1;
    let q = v0 + u1 * w1 * half_f;
    let u0 = if p.is_zero() {
        // w1⊗u0² = Q⊗u1.
        (q * u1).checked_div(w1)?.sqrt()
    } else {
        // u0 = (P / w1)⊗z, with z² ⊕ z = Q⊗u1⊗w1 / P².
        let c = (q * u1 * w1).checked_div(p * p)?;
        let z = root_of_z2_plus_z(c.get(), HALF)?;
        p.checked_div(w1)? * Nimber::new(z)
    };
    let w0 = (p + w1 * u0).checked_div(u1)?;
    let top = |n: Nimber| n.get() << HALF;
    Some((
        Nimber::new(top(u1) | u0.get()),
        Nimber::new(top(w1) | w0.get()),
    ))
}

/// A winning move from a board with heads at `heads`, found by the nim field alone (see the
/// module docs), or `None` if the board is worth `*0` or the construction finds none: it
/// needs a head with both coordinates at least `2^64`.
pub fn winning_move_by_algebra(heads: &BTreeSet<Coin>) -> Option<Rectangle> {
    let v = board_value(heads);
    if v.is_zero() {
        return None;
    }
    for &(x, y) in heads {
        let (x1, y1) = (x >> HALF, y >> HALF);
        if x1 == 0 || y1 == 0 {
            continue;
        }
        // Changing only the bits below the top bit of x1 (of y1) keeps a < x (b < y).
        let below_top = |n: u128| (1u128 << (127 - n.leading_zeros())).min(8);
        for s in 0..below_top(x1) {
            for r in 0..below_top(y1) {
                if let Some((u, w)) = factor_with_top_halves(v, x1 ^ s, y1 ^ r) {
                    return Some(Rectangle {
                        far: (x, y),
                        near: (x ^ u.get(), y ^ w.get()),
                    });
                }
            }
        }
    }
    None
}

/// The board after `mv`: its four corners turned over.
pub fn play(heads: &BTreeSet<Coin>, mv: Rectangle) -> BTreeSet<Coin> {
    let mut after = heads.clone();
    for coin in mv.corners() {
        if !after.remove(&coin) {
            after.insert(coin);
        }
    }
    after
}

/// The big board's heads: coordinates near `10^30`, about `2^100`.
pub fn big_board() -> BTreeSet<Coin> {
    const E30: u128 = 1_000_000_000_000_000_000_000_000_000_000;
    BTreeSet::from([(E30, 2 * E30), (E30 + 7, 3), (E30 / 2 + 11, E30 + 13)])
}

/// The story, written to `out`.
///
/// # Errors
///
/// Whatever the crate reports, or a disagreement between the search and the nim field
/// (none, on these boards).
pub fn story(out: &mut impl Write) -> Result<(), Box<dyn std::error::Error>> {
    // 1. The game.
    writeln!(
        out,
        "Turning Corners: turn the corners (a, b), (a, y), (x, b), (x, y) of a rectangle, \
         a < x and b < y, whose far corner (x, y) shows heads."
    )?;

    // 2. The value of one head, by the search that splits a board into its heads.
    let mut split = Solver::new();
    writeln!(
        out,
        "One head at (x, y), searched: its value is x ⊗ y for every x, y < {SIDE} \
         (row x, column y):"
    )?;
    let columns: Vec<String> = (0..SIDE).map(|y| format!("{y:>3}")).collect();
    writeln!(out, "    |{}", columns.concat())?;
    for x in 0..SIDE {
        let mut row = String::new();
        for y in 0..SIDE {
            let searched = split.grundy(&Corners::new(&[(x, y)])?)?;
            let product = head_value((x.into(), y.into()));
            if searched != product {
                return Err(
                    format!("({x}, {y}): the search finds {searched}, not {product}").into(),
                );
            }
            write!(row, "{:>3}", searched.get())?;
        }
        writeln!(out, "{x:>3} |{row}")?;
    }
    writeln!(
        out,
        "  (the search held {} boards: one head at a time, and the boards of three heads \
         a head moves to)",
        split.len()
    )?;

    // 3. Boards searched whole against the nim-sum of their heads.
    writeln!(
        out,
        "Boards searched whole, without splitting, against the nim-sum of x ⊗ y over their heads:"
    )?;
    let corner5: Vec<(u32, u32)> = (0..5).flat_map(|x| (0..5).map(move |y| (x, y))).collect();
    let boards = [
        Corners::new(&[(1, 1), (2, 3), (3, 2)])?,
        Corners::new(&[(1, 3), (1, 5), (1, 6)])?,
        Corners::new(&[(1, 3), (2, 2), (2, 4)])?,
        Corners::new(&corner5)?,
    ];
    let mut whole = Solver::new();
    for board in boards {
        let searched = whole.grundy(&Whole(board))?;
        let heads: BTreeSet<Coin> = board.heads().map(|(x, y)| (x.into(), y.into())).collect();
        let sum = board_value(&heads);
        if searched != sum {
            return Err(format!("{board}: searched {searched}, nim-sum {sum}").into());
        }
        let outcome = Outcome::from_grundy(sum);
        if heads.len() <= 4 {
            let terms: Vec<String> = heads.iter().map(|&c| head_value(c).to_string()).collect();
            let terms = terms.join(" + ");
            writeln!(out, "  {board}: {terms} = {sum}, as searched; {outcome}")?;
        } else {
            writeln!(
                out,
                "  all {} coins of the 5 × 5 corner: their products add up to {sum}, as searched; \
                 {outcome}",
                heads.len()
            )?;
        }
    }
    writeln!(
        out,
        "  (the whole search held {} boards: the 5 × 5 corner reaches at most 2^16, as a move \
         keeps the parity of every row and column)",
        whole.len()
    )?;

    // 4a. Winning moves on a small board: the search against the formula.
    let board = boards[0];
    let v = whole.grundy(&Whole(board))?;
    let mut searched: Vec<Rectangle> = whole.winning_moves(&Whole(board), Play::Normal)?.collect();
    searched.sort_unstable();
    let mut by_formula = winning_moves_by_formula(board);
    by_formula.sort_unstable();
    if searched != by_formula {
        return Err(
            format!("{board}: the winning moves of the search and the formula differ").into(),
        );
    }
    let listed: Vec<String> = searched.iter().map(ToString::to_string).collect();
    writeln!(
        out,
        "Winning moves from {board} (worth {v}), by search and by (x ⊕ a) ⊗ (y ⊕ b) = {v} alike:"
    )?;
    writeln!(out, "  {}", listed.join(", "))?;

    // 4b. A board far too big to search.
    let big = big_board();
    let listed: Vec<String> = big.iter().map(|(x, y)| format!("({x}, {y})")).collect();
    writeln!(
        out,
        "A board too big to search, heads at {}:",
        listed.join(" ")
    )?;
    let v = board_value(&big);
    writeln!(
        out,
        "  by the nim field it is worth {v}: {}",
        match Outcome::from_grundy(v) {
            Outcome::Next => "N, the player to move wins",
            Outcome::Previous => "P, the player to move loses",
        }
    )?;
    let Some(mv) = winning_move_by_algebra(&big) else {
        writeln!(out, "  the construction finds no winning move")?;
        return Ok(());
    };
    let ((x, y), (a, b)) = (mv.far, mv.near);
    let change = Nimber::new(x ^ a) * Nimber::new(y ^ b);
    let after = board_value(&play(&big, mv));
    if !(a < x && b < y && big.contains(&mv.far) && change == v && after.is_zero()) {
        return Err(format!("the move {mv} does not win").into());
    }
    writeln!(out, "  win: turn the rectangle {mv}")?;
    writeln!(
        out,
        "  it changes the value by (x ⊕ a) ⊗ (y ⊕ b) = {change} and leaves a board worth {after}"
    )?;
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = String::new();
    story(&mut out)?;
    output::print(&out)?;
    Ok(())
}
