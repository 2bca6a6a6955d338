//! # Wythoff's game, exactly: where floating point goes wrong
//!
//! Run it with `cargo run --release --example exact_wythoff`.
//!
//! Two heaps; a move takes any number of counters from one heap, or the same number from
//! both, and whoever takes the last counter wins (a queen moving towards the corner of a
//! chessboard). Which boards are lost for the player to move, and how do you compute them
//! without a mistake when the heaps are large?
//!
//! 1. **The P-positions.** Wythoff (1907): the boards lost for the player to move are
//!    `(⌊kφ⌋, ⌊kφ⌋ + k)` for `k = 0, 1, 2, …` and their mirror images, with
//!    `φ = (1 + √5) / 2`. By Beatty's theorem the numbers `⌊kφ⌋` and `⌊kφ⌋ + k` (`k ≥ 1`)
//!    together take every positive integer exactly once, so every row, column and diagonal
//!    of the board holds exactly one P-position: no P-position reaches another, and every
//!    other board reaches one. The program lists the first eleven ([`p_position`]).
//! 2. **In integers.** `k√5` is irrational for `k ≥ 1`, so
//!    `⌊kφ⌋ = ⌊(k + k√5) / 2⌋ = (k + isqrt(5k²)) / 2`, with `isqrt` the integer square root:
//!    one exact formula, no rounding anywhere.
//! 3. **Where floating point fails.** The usual program computes `k · (1 + √5) / 2` in
//!    `f64` and rounds down. That is right for every `k` below `102334155 = F(40)` (a
//!    Fibonacci number: `F(n)·φ` is the closest `kφ` comes to an integer for `k` up to
//!    `F(n)`). There `kφ` falls short of `165580141` by less than `10^−8`, while the `f64`
//!    numbers near `1.6·10^8` are `2^−25 ≈ 3·10^−8` apart, and the product rounds up to
//!    `165580141`: one too many. The program prints the `f64` answer beside the exact one,
//!    and proves the exact one with two integer squares. The `f64` value is only printed,
//!    never used to decide anything: a program that decided with it would call the
//!    P-position `(165580140, 267914295)` a win for the player to move.
//! 4. **Exact at every size.** [`Wythoff`] decides in integers on heaps up to `u128::MAX`,
//!    where `5k²` takes more than 128 bits, with exact wide products. On a board near
//!    `10^30` it lists the winning moves, one per line through the board, so at most three:
//!    take from the first heap, from the second, or from both. On the board
//!    `(2^128 − 1, 2^128 − 1)` only one is left, taking everything from both: the
//!    P-positions of its row and column lie past `2^128`.
//!
//! Watch in the output the one line marked `wrong`, and the winning moves of the big
//! boards, each leaving a board the crate calls `P`.
//!
//! The program ends with exercises, and where in the crate to check the answers.
//!
//! [`p_position`]: grundy::games::p_position
//! [`Wythoff`]: grundy::games::Wythoff

mod output;

use core::fmt::Write;
use grundy::games::{Wythoff, WythoffMove, p_position};
use grundy::prelude::*;

/// The Fibonacci number `F(40)`, the first `k` at which the `f64` formula for `⌊kφ⌋` fails.
pub const F40: u64 = 102_334_155;

/// `⌊kφ⌋ = (k + isqrt(5k²)) / 2`, exactly, or `None` if `5k²` does not fit in `u128`.
pub fn floor_k_phi(k: u128) -> Option<u128> {
    let five_k2 = k.checked_mul(k)?.checked_mul(5)?;
    Some((k + five_k2.isqrt()) / 2)
}

/// `⌊kφ⌋` as the usual floating-point program computes it: shown, never used to decide.
pub fn floor_k_phi_f64(k: u64) -> u64 {
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    (k as f64 * phi).floor() as u64
}

/// The Fibonacci numbers `F(0) = 0`, `F(1) = 1`, …, up to `F(n)`, or up to `F(93)`, the
/// last that fits in `u64`, if `n` is larger.
pub fn fibonacci(n: usize) -> Vec<u64> {
    let mut fib = vec![0u64, 1];
    while fib.len() <= n {
        let Some(next) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) else {
            break;
        };
        fib.push(next);
    }
    fib.truncate(n + 1);
    fib
}

/// The winning moves of a board, each with what it leaves, and its outcome there.
fn write_board<T>(
    out: &mut impl Write,
    board: &Wythoff<T>,
) -> Result<(), Box<dyn std::error::Error>>
where
    T: grundy::Heap,
{
    let moves: Vec<WythoffMove<T>> = board.winning_moves(Play::Normal)?.collect();
    writeln!(
        out,
        "  {board}: {}, {} winning move{}{}",
        board.outcome(Play::Normal)?,
        moves.len(),
        if moves.len() == 1 { "" } else { "s" },
        if moves.is_empty() { "" } else { ":" }
    )?;
    for mv in moves {
        let after = board.play(mv)?;
        writeln!(out, "    {mv}: {}", after.outcome(Play::Normal)?)?;
    }
    Ok(())
}

/// The story, written to `out`.
///
/// # Errors
///
/// A failure of `out`, whatever the crate reports (nothing, for these boards), or a
/// disagreement between the exact formula and the crate (none).
pub fn story(out: &mut impl Write) -> Result<(), Box<dyn std::error::Error>> {
    writeln!(
        out,
        "Wythoff's game: two heaps; a move takes any number from one heap, or the same number \
         from both, and whoever takes the last counter wins."
    )?;

    // 1. The P-positions.
    writeln!(
        out,
        "Its P-positions (the player to move loses) are (⌊kφ⌋, ⌊kφ⌋ + k), φ = (1 + √5)/2, and \
         their mirror images; for k = 0..=10:"
    )?;
    let mut first = Vec::new();
    for k in 0..=10u32 {
        let (a, b) = p_position(k)?;
        if floor_k_phi(k.into()) != Some(a.into()) || b != a + k {
            return Err(format!("k = {k}: the crate and the formula disagree").into());
        }
        first.push(format!("({a}, {b})"));
    }
    writeln!(out, "  {}", first.join(" "))?;
    writeln!(
        out,
        "  Each number 1, 2, 3, … appears in exactly one of them, and each difference k once: \
         every row, column and diagonal holds one."
    )?;

    // 2. In integers.
    writeln!(
        out,
        "In integers: k√5 is irrational for k ≥ 1, so ⌊kφ⌋ = ⌊(k + k√5)/2⌋ = \
         (k + isqrt(5k²))/2, with isqrt the integer square root."
    )?;

    // 3. Where floating point fails.
    writeln!(
        out,
        "The usual floating-point program, ⌊k·(1 + √5)/2⌋ in f64, against it at Fibonacci \
         numbers k = F(n):"
    )?;
    let fib = fibonacci(40);
    for n in [38, 39, 40] {
        let k = fib[n];
        let exact = floor_k_phi(k.into()).ok_or("5k² fits in u128")?;
        let float = floor_k_phi_f64(k);
        writeln!(
            out,
            "  k = F({n}) = {k}: f64 {float}, exact {exact}{}",
            if u128::from(float) == exact {
                ""
            } else {
                "  wrong"
            }
        )?;
    }
    let k = u128::from(F40);
    let five_k2 = 5 * k * k;
    let root = five_k2.isqrt();
    let exact = (k + root) / 2;
    writeln!(
        out,
        "  At k = {k}: 5k² = {five_k2}, isqrt(5k²) = {root} ({root}² ≤ 5k² < {}²), so \
         ⌊kφ⌋ = ({k} + {root})/2 = {exact}.",
        root + 1
    )?;
    let too_many = 2 * (exact + 1) - k;
    writeln!(
        out,
        "  ⌊kφ⌋ = {} would need 2·{} − k = {too_many} ≤ k√5, but {too_many}² = {} > 5k².",
        exact + 1,
        exact + 1,
        too_many * too_many
    )?;
    writeln!(
        out,
        "  kφ falls short of {} by less than 10^−8, and the f64 numbers there are 2^−25 apart: \
         the product rounds up. No smaller k fails.",
        exact + 1
    )?;
    let lost = Wythoff::new(exact, exact + k);
    writeln!(
        out,
        "  So ({}, {}) is a P-position; decided by f64 it would be a win for the player to \
         move. The crate's Wythoff: {}.",
        exact,
        exact + k,
        lost.outcome(Play::Normal)?
    )?;

    // 4. Exact at every size.
    writeln!(
        out,
        "On u128 boards, where 5k² takes more than 128 bits, the crate's Wythoff decides with \
         exact wide products:"
    )?;
    let e30 = 10u128.pow(30);
    let (a, b) = p_position(e30)?;
    writeln!(out, "  k = 10^30: the P-position ({a}, {b})")?;
    write_board(out, &Wythoff::new(a, b))?;
    write_board(out, &Wythoff::new(e30 + 1, 15 * e30 / 10 + 1))?;
    write_board(out, &Wythoff::new(u128::MAX, u128::MAX))?;
    writeln!(
        out,
        "  At most three winning moves: one along the row, one along the column, one along the \
         diagonal, each of which holds one P-position."
    )?;

    // Exercises.
    writeln!(out, "Exercises:")?;
    writeln!(
        out,
        "  1. With isqrt, find the P-position whose heaps differ by 10^9. Check: \
         p_position(1_000_000_000u64) (grundy::games::p_position)."
    )?;
    writeln!(
        out,
        "  2. Find a board below 10 × 10 with three winning moves. Check: \
         Wythoff::new(a, b).winning_moves(Play::Normal) (grundy::games::Wythoff)."
    )?;
    writeln!(
        out,
        "  3. The f64 formula fails at F(40), F(42), F(44), … but not at F(41), F(43): why? \
         (F(n)·φ − F(n + 1) = −(−1/φ)^n.) Check: p_position(k) for each."
    )?;
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = String::new();
    story(&mut out)?;
    output::print(&out)?;
    Ok(())
}
