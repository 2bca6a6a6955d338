//! Being a Good Boy in Spring Festival: how many first moves win at Nim? (HDU 1850)
//!
//! Lele, home for the Spring Festival, plays cards with a friend instead of staying out
//! late. There are `M` piles of cards; a turn takes any positive number of cards from one
//! pile; whoever takes the last card wins. Lele moves first and wants to know in how many
//! different ways his first move can win, so he can choose one and still look generous.
//!
//! This is Nim. By Bouton's theorem the player to move wins exactly when the nim-sum `x`
//! (the XOR of the pile sizes) is not zero, and a winning move is one that leaves a nim-sum
//! of zero. Changing pile `h` to `h'` changes the sum to `x ⊕ h ⊕ h'`, which is zero only for
//! `h' = h ⊕ x`; that is a legal move exactly when `h ⊕ x < h`, that is when `h` holds the
//! top set bit of `x`. So each pile gives at most one winning move, and the answer is the
//! number of piles holding that bit (0 when `x = 0`). For `5 7 9`, `x = 11 = 0b1011`; only
//! 9 holds bit 3, and the one winning move takes 7 from it, leaving `5 7 2`.
//!
//! The program asks the crate for the winning moves and counts them:
//! `Nim::new(piles).winning_moves(Play::Normal)?.len()`.
//!
//! Input: cases, each `M` then `M` pile sizes (any non-negative integers up to `u64::MAX`),
//! ending with a line `0` (or at the end of the input). Output per case: the number of
//! winning first moves.
//!
//! ```text
//! $ printf '3\n5 7 9\n0\n' | cargo run --release --example hdu1850_good_boy
//! 1
//! ```
//!
//! Malformed input prints one `error:` line on standard error and exits with status 2.

mod judge;

use std::io::Write;
use std::process::ExitCode;

use grundy::games::Nim;
use grundy::prelude::*;
use judge::Tokens;

fn main() -> ExitCode {
    judge::run(solve)
}

fn solve(input: &mut Tokens, out: &mut Vec<u8>) -> Result<(), String> {
    while let Some(count) = input.u64_or_end("M, the number of piles")? {
        if count == 0 {
            break;
        }
        let piles = input.u64s(count, "the size of a pile")?;
        let winning = Nim::new(piles)
            .winning_moves(Play::Normal)
            .map_err(|err| err.to_string())?
            .len();
        writeln!(out, "{winning}").map_err(|err| err.to_string())?;
    }
    Ok(())
}
