//! John: misère Nim (BZOJ 1022, SHOI 2008).
//!
//! Little John plays with his brother. On the table lie `N` piles of M&M's; they take turns,
//! and a turn eats any positive number of M&M's from one pile. Whoever eats the **last** one
//! loses (and has to buy more). John moves first: who wins?
//!
//! This is Nim played *misère*: the last move loses instead of winning. Bouton's rule for
//! ordinary Nim (the player to move wins exactly when the nim-sum, the XOR of the piles, is not
//! zero) still holds as long as some pile has two or more M&M's; only the end changes. When
//! every pile holds 0 or 1 the game plays itself, one pile a turn, and the player to move wins
//! exactly when the number of ones is *even*. So the player to move loses exactly when
//!
//! - every pile is at most 1 and the number of ones is odd, or
//! - some pile is at least 2 and the nim-sum is zero.
//!
//! (Bouton, 1901; see Berlekamp, Conway and Guy, *Winning Ways*, chapter 13.) The winner plays
//! ordinary Nim until the move that would leave only piles of 0 and 1, and there leaves an odd
//! number of ones instead of an even one. For `3 5 1` the nim-sum is 7, so John wins; with a
//! single pile of `1` he must eat the last M&M and his brother wins.
//!
//! The program is the crate's [`Nim`] under misère play:
//! `Nim::new(piles).outcome(Play::Misere)?`.
//!
//! Input: `T`, then per case `N` and `N` pile sizes (any non-negative integers up to
//! `u64::MAX`, separated by any white space). Output per case: `John` if the first player
//! wins, else `Brother`.
//!
//! ```text
//! $ printf '2\n3\n3 5 1\n1\n1\n' | cargo run --release --example bzoj1022_john
//! John
//! Brother
//! ```
//!
//! Malformed input prints one `error:` line on standard error and exits with status 2.

mod judge;

use std::process::ExitCode;

use grundy::games::Nim;
use grundy::prelude::*;
use judge::Tokens;

fn main() -> ExitCode {
    judge::run(solve)
}

fn solve(input: &mut Tokens, out: &mut Vec<u8>) -> Result<(), String> {
    let cases = input.u64("T, the number of cases")?;
    for _ in 0..cases {
        let count = input.u64("N, the number of piles")?;
        let piles = input.u64s(count, "the size of a pile")?;
        let outcome = Nim::new(piles)
            .outcome(Play::Misere)
            .map_err(|err| err.to_string())?;
        out.extend_from_slice(if outcome.is_next() {
            b"John\n"
        } else {
            b"Brother\n"
        });
    }
    Ok(())
}
