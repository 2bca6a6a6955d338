//! # Periodicity: a finite table that answers every heap
//!
//! Run it with `cargo run --release --example periodicity`.
//!
//! A heap game is known once the Grundy value `G(n)` of a heap of every size `n` is known.
//! But a table holds finitely many values: how can it answer a heap of `10^18`? When the
//! values repeat with a period from some heap on, for ever, `G(10^18)` is a value of the
//! table. "For ever" is the whole question: a table shows a pattern; only a theorem proves
//! that it goes on. This program shows two such proofs as the crate checks them, and how
//! many values each needs.
//!
//! 1. **A subtraction game**, `S = {2, 7, 8}`: a move takes 2, 7 or 8 counters. Its values
//!    settle into period 5 from heap 12, after a few irregular ones. The proof is simple:
//!    each value is the mex of values at most 8 heaps back, so it is fixed by the 8 values
//!    before it; once 8 values in a row come again, everything after them comes again. The
//!    window of heaps 12 to 19 comes again at heaps 17 to 24, so 25 values prove the period,
//!    and 24 do not ([`Tabulated::find_period`]).
//! 2. **An octal game**, Kayles (`0.77`): knock down one pin, or two adjacent pins, from a
//!    row, which may split it in two. A split's value is the nim-sum of its two rows', so a
//!    value depends on *every* smaller row, not on a window: a repeated window proves
//!    nothing. The **Guy–Smith theorem** (1956) does: if `G(n + p) = G(n)` for every
//!    `n0 ≤ n < 2·n0 + p + t`, where `t` is the most pins one move takes (2 for Kayles), then
//!    `G(n + p) = G(n)` for every `n ≥ n0`. (Its proof pairs each option of a heap `n + p`
//!    with an option of heap `n`: a split leaves one part at least `n0 + p` long, which the
//!    period already covers, once `n` is past the check range.) The crate reports Kayles'
//!    period, 12 from heap 71 ([`GrundySequence::arithmetic_period`]); the program computes
//!    the check range from them, `71 ≤ n < 156`, which needs the values of heaps up to 167:
//!    168 values, and the crate proves the period from 168 values and not from 167.
//! 3. **Dawson's Kayles** (`0.07`, knock down exactly two adjacent pins), the same way, in
//!    short: period 34 from heap 53.
//!
//! For each game the program answers a heap of `10^18` through the proven period: the heap
//! `n0 + (10^18 − n0) mod p` of the table has the same value.
//!
//! Watch in the output the rows of the tables, one period to a row: from the start of the
//! period on, the rows are the same. Watch too the exceptional value just before each
//! period starts, which the period would have got wrong.
//!
//! The program ends with exercises, and where in the crate to check the answers.
//!
//! [`Tabulated::find_period`]: grundy::sequence::Tabulated::find_period
//! [`GrundySequence::arithmetic_period`]: grundy::sequence::GrundySequence::arithmetic_period

mod output;

use core::fmt::Write;
use grundy::games::{HeapRow, Octal, Subtraction};
use grundy::prelude::*;
use grundy::sequence::Period;

/// The heap answered through each proven period: `10^18`.
pub const BIG: u128 = 1_000_000_000_000_000_000;

/// The values computed of each octal game: enough for its proof.
pub const TABLE: usize = 1000;

/// The values of heaps `0..len` in rows of `width`, each row led by its heaps.
fn rows(out: &mut impl Write, values: &[u32], width: usize) -> core::fmt::Result {
    for (i, row) in values.chunks(width).enumerate() {
        let from = i * width;
        let heaps = format!("{from}..={}", from + row.len() - 1);
        let cells: String = row.iter().map(|v| format!("{v:>3}")).collect();
        writeln!(out, "  {heaps:>9}:{cells}")?;
    }
    Ok(())
}

/// `period p from heap n0`, or `no period`.
fn found(period: Option<Period>) -> String {
    match period {
        Some(p) => format!("period {} from heap {}", p.period(), p.preperiod()),
        None => "no period".to_string(),
    }
}

/// The heap of `10^18` of these rules, reduced through `period`, with its value and outcome.
fn big_heap<R: HeapRules>(
    out: &mut impl Write,
    rules: R,
    period: Period,
    what: &str,
) -> Result<(), Box<dyn std::error::Error>> {
    let (n0, p) = (period.preperiod() as u128, period.period() as u128);
    let heap = HeapRow::heap(rules, BIG);
    writeln!(
        out,
        "  {what} of 10^18 = {n0} + {p}·{} + {}: worth G({}) = {}, {}",
        (BIG - n0) / p,
        (BIG - n0) % p,
        period.reduce(BIG),
        heap.grundy()?,
        heap.outcome(Play::Normal)?
    )?;
    Ok(())
}

/// The most tokens one move of a finite octal code takes: its number of digits after the
/// point.
pub fn max_take(code: &str) -> usize {
    code.split_once('.').map_or(0, |(_, digits)| digits.len())
}

/// The octal game's period by Guy–Smith, as the crate reports it: the period, the check
/// range, and the table lengths either side of the one the proof needs.
fn guy_smith(
    out: &mut impl Write,
    game: &Octal,
    shown: usize,
    width: usize,
) -> Result<Period, Box<dyn std::error::Error>> {
    let table = game.values(TABLE)?;
    rows(out, &table.values().slice(..shown).to_vec(), width)?;
    match table.arithmetic_period() {
        Some(regularity) => writeln!(out, "  its values show {regularity}")?,
        None => writeln!(out, "  its values show no period")?,
    }
    let period = table.period().ok_or("the table proves no period")?;
    let (n0, p) = (period.preperiod(), period.period());
    let g = table.values().to_vec();
    if n0 > 0 {
        writeln!(
            out,
            "  G({}) = {} but G({}) = {}: the period starts at heap {n0}, not before.",
            n0 - 1,
            g[n0 - 1],
            n0 - 1 + p,
            g[n0 - 1 + p]
        )?;
    }
    let t = max_take(game.code());
    let end = 2 * n0 + p + t;
    let needed = end + p;
    writeln!(
        out,
        "  Guy–Smith with n0 = {n0}, p = {p}, t = {t}: check G(n + {p}) = G(n) for \
         {n0} ≤ n < 2·{n0} + {p} + {t} = {end}, heaps up to {}: {needed} values.",
        needed - 1
    )?;
    let short = Octal::new(game.code())?.find_period(needed - 1)?;
    let enough = Octal::new(game.code())?.find_period(needed)?;
    writeln!(
        out,
        "  The crate: find_period({}) finds {}, find_period({needed}) finds {}.",
        needed - 1,
        found(short),
        found(enough)
    )?;
    Ok(period)
}

/// The story, written to `out`.
///
/// # Errors
///
/// A failure of `out`, or whatever the crate reports (nothing, for these games).
pub fn story(out: &mut impl Write) -> Result<(), Box<dyn std::error::Error>> {
    // 1. A subtraction game.
    let game = Subtraction::new([2u8, 7, 8])?;
    writeln!(
        out,
        "1. The subtraction game S = {game}: a move takes 2, 7 or 8 counters."
    )?;
    writeln!(out, "  G(0..40), five to a row:")?;
    let table = game.values(40)?;
    rows(out, &table.values().to_vec(), 5)?;
    match table.arithmetic_period() {
        Some(regularity) => writeln!(out, "  its values show {regularity}")?,
        None => writeln!(out, "  its values show no period")?,
    }
    let period = table.period().ok_or("the table proves no period")?;
    let (n0, p) = (period.preperiod(), period.period());
    let g = table.values().to_vec();
    if n0 > 0 {
        writeln!(
            out,
            "  G({}) = {} but G({}) = {}: the period starts at heap {n0}, not before.",
            n0 - 1,
            g[n0 - 1],
            n0 - 1 + p,
            g[n0 - 1 + p]
        )?;
    }
    let window = game.set().iter().max().copied().unwrap_or(1) as usize;
    writeln!(
        out,
        "  Each value is fixed by the {window} before it ({window}, the largest take): \
         G({}..={}) repeats G({n0}..={}), so all later values repeat.",
        n0 + p,
        n0 + p + window - 1,
        n0 + window - 1
    )?;
    let needed = n0 + p + window;
    let short = Subtraction::new(game.set().iter().copied())?.find_period(needed - 1)?;
    let enough = Subtraction::new(game.set().iter().copied())?.find_period(needed)?;
    writeln!(
        out,
        "  The crate: find_period({}) finds {}, find_period({needed}) finds {}.",
        needed - 1,
        found(short),
        found(enough)
    )?;
    big_heap(out, game, period, "A heap")?;

    // 2. Kayles.
    writeln!(
        out,
        "2. Kayles, 0.77: knock down one pin or two adjacent pins, which may split the row in \
         two."
    )?;
    writeln!(
        out,
        "  A split is worth the nim-sum of its two rows, so a value depends on every smaller \
         row, and a repeated window proves nothing."
    )?;
    writeln!(out, "  G(0..108), twelve to a row:")?;
    let kayles = Octal::kayles();
    let period = guy_smith(out, &kayles, 108, 12)?;
    big_heap(out, kayles, period, "A row")?;

    // 3. Dawson's Kayles.
    writeln!(
        out,
        "3. Dawson's Kayles, 0.07: knock down exactly two adjacent pins."
    )?;
    writeln!(out, "  G(0..204), 34 to a row:")?;
    let dawson = Octal::dawsons_kayles();
    let period = guy_smith(out, &dawson, 204, 34)?;
    big_heap(out, dawson, period, "A row")?;

    // Exercises.
    writeln!(out, "Exercises:")?;
    writeln!(
        out,
        "  1. Find the period of Dawson's chess, 0.137, where it starts, and how many values \
         Guy–Smith needs. Check: Octal::dawsons_chess().find_period(1000) (grundy::sequence)."
    )?;
    writeln!(
        out,
        "  2. Find the period of S = {{2, 8, 9}} and where it starts. Check: \
         Subtraction::new([2u8, 8, 9])?.find_period(1000) (grundy::games::Subtraction)."
    )?;
    writeln!(
        out,
        "  3. Why can no repeated window prove a period of Kayles, and why does the check \
         range grow with t? Check: the section on periods in the docs of grundy::sequence."
    )?;
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = String::new();
    story(&mut out)?;
    output::print(&out)?;
    Ok(())
}
