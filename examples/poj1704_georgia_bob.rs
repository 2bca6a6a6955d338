//! Georgia and Bob: staircase Nim on a row of chessmen (POJ 1704).
//!
//! Georgia and Bob put `N` chessmen on distinct cells of a row numbered 1, 2, 3, … from the
//! left. They take turns, and a turn slides one chessman to the left by at least one cell,
//! never onto or past another chessman and never off the row. Whoever cannot move loses.
//! Georgia moves first: who wins?
//!
//! Sort the chessmen and pair them from the right: the rightmost two, the next two, and so
//! on, with a wall at cell 0 as the partner of the leftmost chessman if their number is odd.
//! The empty cells inside a pair (its *gap*) are a Nim heap: moving the right chessman of a
//! pair takes from its gap. Moving a left chessman *widens* its pair's gap, but the opponent
//! can follow with the right chessman by the same distance and restore the gap, and the cells
//! between pairs run out, so these moves cannot change who wins. This is staircase Nim
//! (Berlekamp, Conway and Guy, *Winning Ways*): the gaps inside the pairs are the odd steps,
//! and the player to move wins exactly when their nim-sum (XOR) is not zero. (A widening move
//! *can* be a winning move; the crate lists those too, but here only the outcome is asked.)
//!
//! For `1 2 3` the pairs are (2, 3) and (wall, 1), gaps 0 and 0: Bob wins. For
//! `1 5 6 7 9 12 14 17` the pairs are (14, 17), (9, 12), (6, 7), (1, 5) with gaps 2, 2, 0, 3,
//! nim-sum 3: Georgia wins.
//!
//! The program is the crate's [`GeorgiaBob`]: `GeorgiaBob::new(cells)?.outcome(Play::Normal)?`. Cells may
//! come in any order; two chessmen on one cell, or a chessman on cell 0, are errors.
//!
//! Input: `T`, then per case `N` and `N` distinct cells (integers from 1 to `u64::MAX`,
//! separated by any white space). Output per case: `Georgia will win` or `Bob will win`.
//!
//! ```text
//! $ printf '2\n3\n1 2 3\n8\n1 5 6 7 9 12 14 17\n' | cargo run --release --example poj1704_georgia_bob
//! Bob will win
//! Georgia will win
//! ```
//!
//! Malformed input prints one `error:` line on standard error and exits with status 2.

mod judge;

use std::process::ExitCode;

use grundy::games::GeorgiaBob;
use grundy::prelude::*;
use judge::Tokens;

fn main() -> ExitCode {
    judge::run(solve)
}

fn solve(input: &mut Tokens, out: &mut Vec<u8>) -> Result<(), String> {
    let cases = input.u64("T, the number of cases")?;
    for case in 1..=cases {
        let count = input.u64("N, the number of chessmen")?;
        let cells = input.u64s(count, "the cell of a chessman")?;
        let board = GeorgiaBob::new(cells).map_err(|err| format!("case {case}: {err}"))?;
        let outcome = board.outcome(Play::Normal).map_err(|err| err.to_string())?;
        out.extend_from_slice(if outcome.is_next() {
            b"Georgia will win\n"
        } else {
            b"Bob will win\n"
        });
    }
    Ok(())
}
