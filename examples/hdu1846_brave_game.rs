//! Brave Game: Bash's game (HDU 1846).
//!
//! Two players face one pile of `n` stones. They take turns, and a turn takes at least 1 and
//! at most `m` stones; whoever takes the last stone wins. Who wins if both play well?
//!
//! This is Bachet's game (Bash's game in Chinese contest folklore), the oldest solved game in
//! this crate (Bachet de Méziriac, *Problèmes plaisants et délectables*, 1612). A pile that is a
//! multiple of `m + 1` is lost for the player to move: whatever `t` they take (`1 ≤ t ≤ m`),
//! the opponent takes `m + 1 − t` and restores a multiple of `m + 1`, until the pile is empty
//! on the loser's turn. From any other pile the player to move takes `n mod (m + 1)` and hands
//! the opponent a multiple. In Sprague–Grundy terms the pile's Grundy value is
//! `n mod (m + 1)`. For `23 2`, `23 mod 3 = 2`: take 2 and win; for `4 3`, `4 mod 4 = 0`:
//! the second player wins.
//!
//! The program is the crate's [`Bash`]: `Bash::new(n, m)?.outcome(Play::Normal)?`. It reads `m = 0` (no
//! move can ever be made) as an error, as the crate does.
//!
//! Input: `C`, then `C` lines `n m` (any integers with `0 ≤ n ≤ u64::MAX` and
//! `1 ≤ m ≤ u64::MAX`, separated by any white space). Output per case: `first` if the first
//! player wins, else `second`.
//!
//! ```text
//! $ printf '2\n23 2\n4 3\n' | cargo run --release --example hdu1846_brave_game
//! first
//! second
//! ```
//!
//! Malformed input prints one `error:` line on standard error and exits with status 2.

mod judge;

use std::process::ExitCode;

use grundy::games::Bash;
use grundy::prelude::*;
use judge::Tokens;

fn main() -> ExitCode {
    judge::run(solve)
}

fn solve(input: &mut Tokens, out: &mut Vec<u8>) -> Result<(), String> {
    let cases = input.u64("C, the number of cases")?;
    for case in 1..=cases {
        let stones = input.u64("n, the number of stones")?;
        let most = input.u64("m, the most stones a turn may take")?;
        let pile = Bash::new(stones, most).map_err(|err| format!("case {case}: {err}"))?;
        let outcome = pile.outcome(Play::Normal).map_err(|err| err.to_string())?;
        out.extend_from_slice(if outcome.is_next() {
            b"first\n"
        } else {
            b"second\n"
        });
    }
    Ok(())
}
