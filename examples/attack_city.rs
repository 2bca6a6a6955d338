//! Attack City and Capture Territory: Nim in disguise (2018 Henan provincial contest).
//!
//! Liu_B besieges a city guarded by `N` fire points; point `i` has strength `Xi`. He and his
//! opponent take turns, and a turn weakens one fire point by any positive amount, possibly
//! destroying it. Whoever destroys the last fire point captures the city. Liu_B moves first:
//! is he sure to win?
//!
//! A fire point of strength `x` is a Nim heap of `x` counters, and the siege is Nim. Bouton
//! (1901) solved it: write the strengths in binary and add them without carries (XOR, the
//! *nim-sum*). If the nim-sum is zero, every move makes it non-zero, and from a non-zero
//! nim-sum there is always a move back to zero (reduce a heap holding its top set bit to
//! `x ⊕ sum`). So the player facing a zero sum loses: Liu_B is sure to win exactly when the
//! nim-sum of the strengths is not zero. For `1 3` the sum is 2 (he wins: reduce 3 to 1);
//! for `3 3` it is 0 (whatever he does, the opponent mirrors it).
//!
//! The program is the crate's [`Nim`]: `Nim::new(strengths).outcome(Play::Normal)?`.
//!
//! Input: `T`, then per case `N` and `N` strengths (any non-negative integers up to
//! `u64::MAX`, separated by any white space). Output per case: `Liu_B is sure to win.` or
//! `Liu_B is not sure to win.`
//!
//! ```text
//! $ printf '3\n2\n1 3\n2\n3 3\n5\n1 2 3 4 5\n' | cargo run --release --example attack_city
//! Liu_B is sure to win.
//! Liu_B is not sure to win.
//! Liu_B is sure to win.
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
        let count = input.u64("N, the number of fire points")?;
        let strengths = input.u64s(count, "the strength of a fire point")?;
        let siege = Nim::new(strengths);
        let outcome = siege.outcome(Play::Normal).map_err(|err| err.to_string())?;
        out.extend_from_slice(if outcome.is_next() {
            b"Liu_B is sure to win.\n"
        } else {
            b"Liu_B is not sure to win.\n"
        });
    }
    Ok(())
}
