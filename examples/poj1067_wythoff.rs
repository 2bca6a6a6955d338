//! Wythoff's game, and why floating point loses it (POJ 1067 / HDU 1527).
//!
//! Two piles of stones, `a` and `b`. A move takes any positive number of stones from one pile,
//! or the same positive number from both; whoever takes the last stone wins. Does the player
//! to move win?
//!
//! Wythoff (1907) found the losing positions, the P-positions: `(⌊kφ⌋, ⌊kφ⌋ + k)` for
//! `k = 0, 1, 2, …` and their mirror images, with φ the golden ratio: `(0, 0)`, `(1, 2)`,
//! `(3, 5)`, `(4, 7)`, `(6, 10)`, … Every row, column and diagonal of the board holds exactly
//! one of them, which is why no P-position reaches another and every other position reaches
//! one. So `a ≤ b` is lost for the player to move exactly when `a = ⌊(b − a)φ⌋`.
//!
//! The textbook one-liner computes `(b − a) * 1.618…` in double precision. It is wrong inside
//! this problem's own limits: at `b − a = 102334155` (a Fibonacci number), `kφ` lies within
//! `φ⁻⁴⁰ ≈ 4.4·10⁻⁹` of an integer and the rounding of the product lands on the wrong side, so the
//! program answers `1` for the P-position `(165580140, 267914295)`. The crate's [`Wythoff`]
//! decides with exact integer arithmetic only, for piles up to `u128::MAX`:
//! `Wythoff::new(a, b).outcome(Play::Normal)?` is O(1) and never consults a table. This program
//! reads piles up to `u64::MAX`.
//!
//! Input: pairs `a b` until the end of the input. Output per pair: `1` if the player to move
//! wins, else `0`.
//!
//! ```text
//! $ printf '2 1\n8 4\n4 7\n165580140 267914295\n' | cargo run --release --example poj1067_wythoff
//! 0
//! 1
//! 0
//! 0
//! ```
//!
//! Malformed input (a lone number at the end, a word that is not a number) prints one `error:`
//! line on standard error and exits with status 2.

mod judge;

use std::process::ExitCode;

use grundy::games::Wythoff;
use grundy::prelude::*;
use judge::Tokens;

fn main() -> ExitCode {
    judge::run(solve)
}

fn solve(input: &mut Tokens, out: &mut Vec<u8>) -> Result<(), String> {
    while let Some(a) = input.u64_or_end("the first pile, a")? {
        let b = input.u64("the second pile, b")?;
        // Exact and O(1) at every size: the closed form, never a table or a search.
        let wins = Wythoff::new(a, b)
            .outcome(Play::Normal)
            .map_err(|err| err.to_string())?
            .is_next();
        out.extend_from_slice(if wins { b"1\n" } else { b"0\n" });
    }
    Ok(())
}
