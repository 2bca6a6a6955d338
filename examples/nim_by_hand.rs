//! # Nim by hand: binary columns, and why XOR decides
//!
//! Run it with `cargo run --release --example nim_by_hand`.
//!
//! Nim is played on heaps of counters; a move takes one counter or more from one heap, and
//! whoever takes the last counter wins. From heaps of 7, 9, 12 and 15, should you move, and
//! which moves win? Charles Bouton answered it in 1901 with nothing but binary numbers, and
//! this program does his computation on paper, line by line, before asking the crate.
//!
//! 1. **The columns.** Write each heap in binary, one column for each power of two, and
//!    count the ones in each column. Mark each column odd or even: the marks, read as a
//!    binary number, are the **nim-sum** `x = 7 ⊕ 9 ⊕ 12 ⊕ 15` (XOR, addition without
//!    carries). Here `x = 13`.
//! 2. **Why the columns decide** (Bouton's theorem). If every column is even (`x = 0`), any
//!    move changes some bits of one heap, and so makes some column odd. If some column is
//!    odd, there is a move that makes every column even again: take the leftmost odd column
//!    (the top bit of `x`), choose a heap with a 1 in it, and flip that heap's bits in every
//!    odd column. The heap becomes `h ⊕ x`, which is smaller than `h`, since its highest
//!    changed bit went from 1 to 0: so the flip is a legal move, taking `h − (h ⊕ x)`
//!    counters. The game ends with every heap empty, every column even; the player who
//!    always leaves even columns can always do it again, and so makes the last move. A
//!    position is lost for the player to move (a **P-position**) exactly when `x = 0`.
//! 3. **The winning moves, read off.** From 7, 9, 12, 15 the leftmost odd column is the 8s.
//!    The heaps with a 1 there, 9, 12 and 15, each give one winning move, to `9 ⊕ 13 = 4`,
//!    `12 ⊕ 13 = 1` and `15 ⊕ 13 = 2`; the heap of 7 has a 0 there, and `7 ⊕ 13 = 10` would
//!    be a heap grown, not a move. These are all the winning moves: a move to `x = 0`
//!    changes one heap `h` into the only number that cancels the others, `h ⊕ x`.
//! 4. **A lost position.** Heaps 3, 5, 6 have even columns. The program lists all 14 of
//!    their moves with the nim-sum each leaves: none leaves 0.
//! 5. **The crate.** [`Nim`] computes the same nim-sum and lists the same winning moves
//!    ([`ClosedForm::winning_moves`]), lazily and for heaps of any width up to `u128`.
//!
//! Watch in the output the row of parities turning into the number 13, and the three
//! winning moves by hand matching the crate's three, in the same order (by heap).
//!
//! The program ends with exercises, and where in the crate to check the answers.
//!
//! [`Nim`]: grundy::games::Nim
//! [`ClosedForm::winning_moves`]: grundy::ClosedForm::winning_moves

mod output;

use core::fmt::Write;
use grundy::games::{Nim, NimMove};
use grundy::prelude::*;

/// The heaps worked through by hand: a position the player to move wins.
pub const HEAPS: [u32; 4] = [7, 9, 12, 15];

/// A position with every column even: lost for the player to move.
pub const LOSING: [u32; 3] = [3, 5, 6];

/// The number of binary digits of the largest of `heaps` (at least 1).
pub fn width(heaps: &[u32]) -> u32 {
    let max = heaps.iter().copied().max().unwrap_or(0);
    (u32::BITS - max.leading_zeros()).max(1)
}

/// `h` in binary, `width` digits, the digits separated as the columns are.
fn digits(h: u32, width: u32, sep: &str) -> String {
    let bits: Vec<String> = (0..width)
        .rev()
        .map(|bit| (h >> bit & 1).to_string())
        .collect();
    bits.join(sep)
}

/// The heaps as a list in words, `7, 9, 12 and 15`.
fn in_words(heaps: &[u32]) -> String {
    let listed: Vec<String> = heaps.iter().map(u32::to_string).collect();
    match listed.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => listed.concat(),
    }
}

/// Writes the binary columns of `heaps`, the count of ones in each and its parity, and
/// returns the nim-sum, computed from the parities alone.
///
/// # Errors
///
/// Only a failure of `out`.
pub fn columns(out: &mut impl Write, heaps: &[u32]) -> Result<u32, core::fmt::Error> {
    let width = width(heaps);
    let powers: Vec<String> = (0..width)
        .rev()
        .map(|bit| format!("{:>3}", 1u32 << bit))
        .collect();
    writeln!(
        out,
        "The heaps {} in binary, one column for each power of two:",
        in_words(heaps)
    )?;
    writeln!(out, "        {}", powers.concat())?;
    for &h in heaps {
        let row: String = (0..width)
            .rev()
            .map(|bit| format!("{:>3}", h >> bit & 1))
            .collect();
        writeln!(out, "  {h:>3} = {row}")?;
    }
    let mut ones = String::new();
    let mut parities = String::new();
    let mut x = 0;
    for bit in (0..width).rev() {
        let count = heaps.iter().filter(|&&h| h >> bit & 1 == 1).count();
        write!(ones, "{count:>3}")?;
        write!(parities, "{:>3}", count % 2)?;
        if count % 2 == 1 {
            x |= 1 << bit;
        }
    }
    writeln!(out, "  ones: {ones}")?;
    let terms: Vec<String> = heaps.iter().map(u32::to_string).collect();
    writeln!(
        out,
        "  odd?  {parities}   = {x}: the nim-sum {} (1 in each odd column)",
        terms.join(" ⊕ ")
    )?;
    Ok(x)
}

/// The story, written to `out`.
///
/// # Errors
///
/// A failure of `out`, or a disagreement between the hand computation and the crate (none,
/// for these heaps).
pub fn story(out: &mut impl Write) -> Result<(), Box<dyn std::error::Error>> {
    writeln!(
        out,
        "Nim: heaps of counters; a move takes one counter or more from one heap, and whoever \
         takes the last counter wins."
    )?;

    // 1. The columns.
    let x = columns(out, &HEAPS)?;
    let xor = HEAPS.iter().fold(0, |x, &h| x ^ h);
    if x != xor {
        return Err(format!("the columns give {x}, the XOR {xor}").into());
    }

    // 2. Bouton's theorem.
    writeln!(
        out,
        "Bouton (1901): the player to move loses exactly when every column is even (x = 0)."
    )?;
    writeln!(
        out,
        "  From even columns, a move changes some bits of one heap, and leaves an odd column."
    )?;
    writeln!(
        out,
        "  From an odd column, flip one heap's bits in every odd column: choose a heap with a 1 \
         in the leftmost odd column, so that it gets smaller."
    )?;
    writeln!(
        out,
        "  The last move leaves every heap empty, every column even: it is made by the player \
         who always leaves even columns."
    )?;

    // 3. The winning moves, read off.
    let width = width(&HEAPS);
    let top = 1u32 << (u32::BITS - 1 - x.leading_zeros());
    let holding: Vec<u32> = HEAPS.iter().copied().filter(|&h| h & top != 0).collect();
    writeln!(
        out,
        "Here x = {x} ≠ 0: the player to move wins. The leftmost odd column is the {top}s, \
         and the heaps with a 1 in it are {}:",
        in_words(&holding)
    )?;
    let mut by_hand = Vec::new();
    for (index, &h) in HEAPS.iter().enumerate() {
        let to = h ^ x;
        let (hb, xb, tb) = (
            digits(h, width, ""),
            digits(x, width, ""),
            digits(to, width, ""),
        );
        if to < h {
            let mut after = HEAPS;
            after[index] = to;
            let sum = after.iter().fold(0, |x, &h| x ^ h);
            let terms: Vec<String> = after.iter().map(u32::to_string).collect();
            writeln!(
                out,
                "  heap {index}: {h} ⊕ {x} = {hb} ⊕ {xb} = {tb} = {to} < {h}: take {}, \
                 leaving {to}; then {} = {sum}",
                h - to,
                terms.join(" ⊕ ")
            )?;
            by_hand.push(NimMove { index, to });
        } else {
            writeln!(
                out,
                "  heap {index}: {h} = {hb} has a 0 in the {top}s; {h} ⊕ {x} = {to} > {h}, \
                 no move"
            )?;
        }
    }

    // 4. A lost position: every move leaves an odd column.
    let y = columns(out, &LOSING)?;
    writeln!(
        out,
        "Every column is even, x = {y}: the player to move loses. Each move leaves an odd \
         column, a nim-sum other than 0:"
    )?;
    for (index, &h) in LOSING.iter().enumerate() {
        let rest = LOSING
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != index)
            .fold(0, |x, (_, &h)| x ^ h);
        let sums: Vec<String> = (0..h).map(|to| (to ^ rest).to_string()).collect();
        let tos: Vec<String> = (0..h).map(|to| to.to_string()).collect();
        writeln!(
            out,
            "  heap {index} ({h}) to {}: x = {}",
            tos.join(", "),
            sums.join(", ")
        )?;
    }

    // 5. The crate.
    writeln!(out, "The crate's Nim, from the same rule:")?;
    for heaps in [&HEAPS[..], &LOSING[..]] {
        let nim = Nim::from(heaps.to_vec());
        let moves: Vec<NimMove<u32>> = nim.winning_moves(Play::Normal)?.collect();
        let listed: Vec<String> = moves.iter().map(ToString::to_string).collect();
        writeln!(
            out,
            "  {nim}: worth {}, {}; winning moves: {}",
            nim.grundy()?,
            nim.outcome(Play::Normal)?,
            if listed.is_empty() {
                "none".to_string()
            } else {
                listed.join(", ")
            }
        )?;
        if heaps == HEAPS && moves != by_hand {
            return Err("the crate's winning moves are not the ones found by hand".into());
        }
    }

    // Exercises.
    writeln!(out, "Exercises:")?;
    writeln!(
        out,
        "  1. By hand, find every winning move from heaps 11, 13, 14 and 17. Check: \
         Nim::from([11u32, 13, 14, 17]).winning_moves(Play::Normal) (grundy::games::Nim)."
    )?;
    writeln!(
        out,
        "  2. Find three heaps that each give a winning move, and say why no position has more \
         winning moves than heaps. Check: the docs of grundy::games::Nim (Bouton's theorem)."
    )?;
    writeln!(
        out,
        "  3. Show without binary that two equal heaps lose for the player to move (copy the \
         opponent's moves). Check: Nim::from([n, n]).outcome(Play::Normal) is P for every n."
    )?;
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = String::new();
    story(&mut out)?;
    output::print(&out)?;
    Ok(())
}
