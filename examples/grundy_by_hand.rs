//! # Grundy values by hand: the mex, heap by heap
//!
//! Run it with `cargo run --release --example grundy_by_hand`.
//!
//! In the subtraction game `S = {1, 3, 4}` a move takes 1, 3 or 4 counters from a heap, and
//! whoever cannot move loses. Which heaps lose for the player to move, and what is a heap
//! worth beside others? The answer to both is its **Grundy value**, which this program works
//! out on paper, one heap at a time, before asking the crate.
//!
//! 1. **The mex.** The *minimum excludant* of a set of numbers is the least natural number
//!    not in it: `mex{} = 0`, `mex{0, 0} = 1`, `mex{0, 1, 3} = 2`. A heap's value is the mex
//!    of the values of the heaps one move away, `G(n) = mex{G(n − s) : s ∈ S, s ≤ n}`, so each
//!    value needs only the ones before it. The program prints, for each heap from 0 to 14,
//!    the heaps a move reaches, their values, and the mex.
//! 2. **What the values say.** A heap of value 0 loses for the player to move: every move
//!    reaches a heap of value other than 0 (a 0 among the options would make the mex
//!    larger), and from a value other than 0 some move reaches a 0 (else the mex would be 0).
//!    By the Sprague–Grundy theorem the value also says what a heap is worth in a sum of
//!    games: a Nim heap of that size, `*G(n)`.
//! 3. **The crate's table.** [`Subtraction`] computes the same values
//!    ([`Tabulated::values`]), with the mex taken from a bit mask of the options' values.
//! 4. **The period it proves.** Each value is fixed by the 4 values before it (4 is the
//!    largest take), so once 4 values in a row come again, everything after them comes
//!    again: the sequence is periodic from there, for ever. The values `0 1 0 1` of heaps
//!    0 to 3 come again at heaps 7 to 10, so `G(n + 7) = G(n)` for every `n`; the crate
//!    finds this period from 11 values and not from 10 ([`Tabulated::find_period`]), and so
//!    answers any heap: a heap of 1000 is worth what a heap of `1000 mod 7 = 6` is, `*2`.
//!
//! Watch in the output each `mex{…}` against the values printed above it, and the row of
//! values the crate prints against the column of values by hand.
//!
//! The program ends with exercises, and where in the crate to check the answers.
//!
//! [`Subtraction`]: grundy::games::Subtraction
//! [`Tabulated::values`]: grundy::sequence::Tabulated::values
//! [`Tabulated::find_period`]: grundy::sequence::Tabulated::find_period

mod output;

use core::fmt::Write;
use grundy::games::{HeapRow, Subtraction};
use grundy::prelude::*;

/// The subtraction set.
pub const SET: [u32; 3] = [1, 3, 4];

/// The heaps worked by hand: `0..HEAPS`.
pub const HEAPS: usize = 15;

/// The heap answered through the period.
pub const BIG: u32 = 1000;

/// The least natural number not in `values`.
pub fn mex(values: &[u32]) -> u32 {
    (0..).find(|v| !values.contains(v)).unwrap_or(0)
}

/// The values separated by spaces.
fn spaced(values: &[u32]) -> String {
    let words: Vec<String> = values.iter().map(u32::to_string).collect();
    words.join(" ")
}

/// The story, written to `out`.
///
/// # Errors
///
/// A failure of `out`, whatever the crate reports (nothing, for this game), or a
/// disagreement between the hand computation and the crate (none).
pub fn story(out: &mut impl Write) -> Result<(), Box<dyn std::error::Error>> {
    writeln!(
        out,
        "The subtraction game S = {{1, 3, 4}}: a move takes 1, 3 or 4 counters from a heap, \
         and whoever cannot move loses."
    )?;
    writeln!(
        out,
        "A heap's value is the mex (the least number missing) of the values of the heaps one \
         move away:"
    )?;
    writeln!(
        out,
        "G(n) = mex{{G(n − s) : s in S, s ≤ n}}, heap by heap, each from the values before it:"
    )?;

    // 1. The mex, heap by heap.
    let mut g: Vec<u32> = Vec::with_capacity(HEAPS);
    for n in 0..HEAPS {
        let reached: Vec<usize> = SET
            .iter()
            .map(|&s| s as usize)
            .filter(|&s| s <= n)
            .map(|s| n - s)
            .collect();
        let values: Vec<u32> = reached.iter().map(|&m| g[m]).collect();
        let value = mex(&values);
        let names: Vec<String> = reached.iter().map(|m| format!("G({m})")).collect();
        let listed: Vec<String> = values.iter().map(u32::to_string).collect();
        if reached.is_empty() {
            writeln!(out, "  G({n}) = mex{{}} = {value}   (no move)")?;
        } else {
            writeln!(
                out,
                "  G({n}) = mex{{{}}} = mex{{{}}} = {value}",
                names.join(", "),
                listed.join(", ")
            )?;
        }
        g.push(value);
    }

    // 2. What the values say.
    let zeros: Vec<String> = (0..HEAPS)
        .filter(|&n| g[n] == 0)
        .map(|n| n.to_string())
        .collect();
    writeln!(
        out,
        "The heaps of value 0 lose for the player to move (no move reaches another 0): {}.",
        zeros.join(", ")
    )?;

    // 3. The crate's table.
    let game = Subtraction::new(SET)?;
    let table = game.values(HEAPS)?;
    writeln!(
        out,
        "The crate's Subtraction {game} computes the same table, G(0..{HEAPS}):"
    )?;
    writeln!(out, "  {}", spaced(&table.values().to_vec()))?;
    if table.values() != g {
        return Err("the crate's table is not the one by hand".into());
    }

    // 4. The period it proves.
    match table.arithmetic_period() {
        Some(period) => writeln!(out, "  and its values show {period}")?,
        None => writeln!(out, "  and its values show no period")?,
    }
    let window = SET.iter().max().copied().unwrap_or(1) as usize;
    writeln!(
        out,
        "Each value is fixed by the {window} before it ({window}, the largest take): once \
         {window} values in a row come again, all that follow them come again."
    )?;
    // The first table in which a window of `window` values repeats, by hand.
    let (repeat, period) = (window..HEAPS)
        .find_map(|end| {
            let last = &g[end + 1 - window..=end];
            (window - 1..end)
                .find(|&e| &g[e + 1 - window..=e] == last)
                .map(|e| (end, end - e))
        })
        .ok_or("no window repeats in the table")?;
    let (from, to) = (repeat + 1 - window, repeat);
    writeln!(
        out,
        "  G({from}..={to}) = {} repeats G({}..={}), so G(n + {period}) = G(n) from heap {} on, \
         for ever.",
        spaced(&g[from..=to]),
        from - period,
        to - period,
        from - period
    )?;
    let short = Subtraction::new(SET)?.find_period(repeat)?;
    let enough = Subtraction::new(SET)?.find_period(repeat + 1)?;
    let found = |p: Option<grundy::sequence::Period>| match p {
        Some(p) => format!("period {} from heap {}", p.period(), p.preperiod()),
        None => "no period".to_string(),
    };
    writeln!(
        out,
        "  The crate proves it the same way: find_period({repeat}) finds {}, find_period({}) \
         finds {}.",
        found(short),
        repeat + 1,
        found(enough)
    )?;

    // A heap far past the table.
    let heap = HeapRow::heap(game, BIG);
    let moves: Vec<String> = heap
        .winning_moves(Play::Normal)?
        .map(|mv| mv.to_string())
        .collect();
    let rest = BIG as usize % period;
    writeln!(
        out,
        "A heap of {BIG} = {period}·{} + {rest} is worth what a heap of {rest} is: {}, {}; \
         winning moves: {}",
        BIG as usize / period,
        heap.grundy()?,
        heap.outcome(Play::Normal)?,
        if moves.is_empty() {
            "none".to_string()
        } else {
            moves.join(", ")
        }
    )?;

    // Exercises.
    writeln!(out, "Exercises:")?;
    writeln!(
        out,
        "  1. By hand, compute G(0..=15) for S = {{2, 3}}. Check: \
         Subtraction::new([2u8, 3])?.values(16)?.values().slice(..16) \
         (grundy::sequence::Tabulated; a table may hold more values than asked for)."
    )?;
    writeln!(
        out,
        "  2. Find the period of S = {{2, 5, 7}} and the heap it starts from. Check: \
         Subtraction::new([2u8, 5, 7])?.find_period(100)."
    )?;
    writeln!(
        out,
        "  3. Say why no value of a subtraction game is larger than the number of takes in S. \
         Check: the docs of grundy::games::Subtraction."
    )?;
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = String::new();
    story(&mut out)?;
    output::print(&out)?;
    Ok(())
}
