//! # Georgia–Bob is staircase Nim
//!
//! Run it with `cargo run --release --example staircase`.
//!
//! Chessmen stand on distinct cells `1, 2, 3, …` of a row; a move slides one chessman left,
//! by one cell or more, never onto or past another chessman and never off cell 1; whoever
//! cannot move loses. (This is "Georgia and Bob", POJ 1704.) From the chessmen on cells
//! 3, 6, 7, 11 and 12, who wins, and with which moves: all of them?
//!
//! The idea. Pair the chessmen from the right: (11, 12), (6, 7), and, the count being odd,
//! the chessman on 3 with a wall at cell 0. The empty cells inside a pair, its **gap**, are a
//! Nim heap: the right chessman of a pair slides left to shrink its gap, as a Nim move takes
//! counters. The empty cells *between* pairs do not count: when a player slides a left
//! chessman to widen the gap of its pair, the opponent slides the right one after it and the
//! gap is what it was. So the position is worth the nim-sum of the pairs' gaps, here
//! `0 ⊕ 0 ⊕ 2 = *2`, and the player to move wins.
//!
//! This is **staircase Nim** ([`Staircase`]): the empty cells between neighbours are coins on
//! the steps of a staircase, step 1 being the gap before the rightmost chessman, step 2 the
//! one before that, and so on to the wall; sliding a chessman left carries coins from the
//! step on its left down to the step on its right. Only the odd steps count (the gaps of the
//! pairs); the even steps are a reserve.
//!
//! And the reserve is why naive solutions go wrong. A widening move is not always undone:
//! when the gap `g` of a pair should become `g ⊕ x` (`x` the nim-sum) and that is *larger*
//! than `g`, the **left** chessman of the pair slides left to widen the gap, if the cells to
//! its left are free (the even step above holds enough coins). A solution that only shrinks
//! gaps, Nim on the gaps, finds one winning move here; there are three, and two of them widen
//! a gap. A judge that asks for the number of winning moves, or for all of them, fails it.
//!
//! What to watch in the output: the pairs and their gaps; the same value from the gaps as
//! Nim heaps, from [`GeorgiaBob`] and from the [`Staircase`]; the winning moves [`GeorgiaBob`]
//! lists, each with the staircase move it is, and the one a naive solution finds; and a
//! position where the left chessman cannot widen its gap, because no cell to its left is free.
//!
//! ## Exercises
//!
//! 1. Slide the chessman on 3 to 2 first: `(2, 6, 7, 11, 12)`. Which moves win now, and which
//!    of them widen a gap? (Check with `GeorgiaBob::winning_moves`; the two kinds of move are
//!    described on [`GeorgiaBob`], in `src/games/georgia_bob.rs`.)
//! 2. Put the staircase `(0, 3, 0, 2, 2)` back into chessmen: is every staircase a
//!    Georgia–Bob position? What does a staircase with coins on step 1 and none elsewhere
//!    look like? (The laws of [`Staircase`], in `src/games/staircase.rs`.)
//! 3. Add a sixth chessman on cell 20. The wall no longer pairs with anyone: how do the pairs
//!    and the value change? (The pairing is in the docs of [`GeorgiaBob`].)
//!
//! [`GeorgiaBob`]: grundy::games::GeorgiaBob
//! [`Staircase`]: grundy::games::Staircase

mod output;

use core::fmt::Write;
use grundy::games::{GeorgiaBob, GeorgiaBobMove, Nim, Staircase, StaircaseMove};
use grundy::prelude::*;

/// The chessmen of the story.
pub const CHESSMEN: [u32; 5] = [3, 6, 7, 11, 12];

/// A position where the left chessman of a pair cannot widen its gap.
pub const BLOCKED: [u32; 4] = [1, 2, 7, 9];

/// The pairs from the right, `(left, right)`, with 0 for the wall when the count is odd.
pub fn pairs(cells: &[u32]) -> Vec<(u32, u32)> {
    cells
        .rchunks(2)
        .map(|pair| match *pair {
            [left, right] => (left, right),
            [only] => (0, only),
            _ => unreachable!("chunks of one or two"),
        })
        .collect()
}

/// The empty cells before each chessman, from the rightmost one leftwards: the coins on steps
/// 1, 2, … of the staircase.
pub fn steps(cells: &[u32]) -> Vec<u32> {
    (0..cells.len())
        .rev()
        .map(|i| cells[i] - if i == 0 { 0 } else { cells[i - 1] } - 1)
        .collect()
}

/// The staircase move a slide is: the chessman at index `i` of `n` carries coins from the
/// step on its left (step `n − i`) down one step.
fn as_staircase(cells: &[u32], mv: GeorgiaBobMove<u32>) -> Option<StaircaseMove<u32>> {
    let i = cells.iter().position(|&c| c == mv.from)?;
    Some(StaircaseMove {
        step: cells.len() - i,
        coins: mv.from - mv.to,
    })
}

/// The moves of a naive solution, Nim on the gaps: the right chessman of a pair shrinks its
/// gap `g` to `g ⊕ x` when that is smaller.
pub fn naive_moves(cells: &[u32]) -> Vec<GeorgiaBobMove<u32>> {
    let pairs = pairs(cells);
    let x = pairs.iter().fold(0, |x, &(l, r)| x ^ (r - l - 1));
    pairs
        .into_iter()
        .filter_map(|(left, right)| {
            let gap = right - left - 1;
            (gap ^ x < gap).then(|| GeorgiaBobMove {
                from: right,
                to: right - (gap - (gap ^ x)),
            })
        })
        .collect()
}

/// `"(a, b)"` for a list.
fn listed(items: &[u32]) -> String {
    let items: Vec<String> = items.iter().map(u32::to_string).collect();
    format!("({})", items.join(", "))
}

/// The story, written to `out`.
///
/// # Errors
///
/// Whatever the crate reports (none, for these positions).
pub fn story(out: &mut String) -> Result<(), Box<dyn std::error::Error>> {
    writeln!(
        out,
        "Georgia–Bob: chessmen on cells 1, 2, …; a move slides one chessman left, never onto or \
         past another and never off cell 1; whoever cannot move loses."
    )?;
    let board = GeorgiaBob::new(CHESSMEN.to_vec())?;
    let pairs = pairs(board.cells());
    let shown: Vec<String> = pairs
        .iter()
        .map(|&(left, right)| {
            let gap = right - left - 1;
            if left == 0 {
                format!("({right}) with the wall at cell 0, gap {gap}")
            } else {
                format!("({left}, {right}) gap {gap}")
            }
        })
        .collect();
    writeln!(
        out,
        "The chessmen {board}, paired from the right: {}",
        shown.join("; ")
    )?;
    let gaps: Vec<u32> = pairs.iter().map(|&(l, r)| r - l - 1).collect();
    let heaps = Nim::from(gaps.clone());
    writeln!(
        out,
        "  the gaps as Nim heaps, Nim {heaps}: worth {}; Georgia–Bob, by the crate: {}",
        heaps.grundy()?,
        board.grundy()?
    )?;
    let stairs = Staircase::new(steps(board.cells()))?;
    writeln!(
        out,
        "  as staircase Nim, the empty cells before each chessman from the right are the coins \
         on steps 1, 2, …: {stairs}, worth {} (its odd steps hold the gaps)",
        stairs.grundy()?
    )?;

    let x = board.grundy()?;
    writeln!(
        out,
        "The winning moves, listed by the crate ({}):",
        if x.is_zero() {
            "none: the player to move loses"
        } else {
            "the player to move wins"
        }
    )?;
    let winning: Vec<_> = board.winning_moves(Play::Normal)?.collect();
    let mut on_stairs: Vec<_> = stairs.winning_moves(Play::Normal)?.collect();
    for &mv in &winning {
        let step = as_staircase(board.cells(), mv).ok_or("a chessman of the board")?;
        if !on_stairs.contains(&step) {
            return Err(format!("{mv} is no winning move of the staircase").into());
        }
        on_stairs.retain(|&m| m != step);
        let (left, right) = *pairs
            .iter()
            .find(|&&(l, r)| l == mv.from || r == mv.from)
            .ok_or("every chessman is in a pair")?;
        let gap = right - left - 1;
        let kind = if mv.from == right {
            format!(
                "shrinks the gap of its pair from {gap} to {}",
                gap - (mv.from - mv.to)
            )
        } else {
            format!(
                "the LEFT chessman of ({left}, {right}) widens its gap from {gap} to {}",
                gap + (mv.from - mv.to)
            )
        };
        let after = board.play(mv)?;
        writeln!(
            out,
            "  {mv}: {kind}; staircase: {step}; leaves {after}, worth {}",
            after.grundy()?
        )?;
    }
    if !on_stairs.is_empty() {
        return Err("the staircase has a winning move the chessmen lack".into());
    }
    let naive: Vec<String> = naive_moves(board.cells())
        .iter()
        .map(ToString::to_string)
        .collect();
    writeln!(
        out,
        "  a naive solution, Nim on the gaps, finds {} of these {}: {}",
        naive.len(),
        winning.len(),
        naive.join(", ")
    )?;

    let blocked = GeorgiaBob::new(BLOCKED.to_vec())?;
    let winning: Vec<String> = blocked
        .winning_moves(Play::Normal)?
        .map(|mv| mv.to_string())
        .collect();
    writeln!(
        out,
        "From {blocked} (pairs {}, worth {}) the pair (1, 2) would widen its gap, but no cell \
         is free left of cell 1: the winning moves are {}",
        self::pairs(blocked.cells())
            .iter()
            .map(|&(l, r)| listed(&[l, r]))
            .collect::<Vec<_>>()
            .join(" and "),
        blocked.grundy()?,
        winning.join(", ")
    )?;
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = String::new();
    story(&mut out)?;
    output::print(&out)?;
    Ok(())
}
