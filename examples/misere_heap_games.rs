//! # Misère heap games: values that do not add, Conway's genus, and misère quotients
//!
//! Run it with `cargo run --release --example misere_heap_games`.
//!
//! Under misère play the player who makes the last move loses. For one heap of a heap game
//! the mex rule still works, with one change: a position with no move is worth 1, not 0 (the
//! player to move has already won). That is the **misère value** `g0`, and a position is a
//! misère P-position exactly when `g0 = 0`. But what is `g0` of a *row* of heaps? Under
//! normal play the Sprague–Grundy theorem says: the nim-sum of the heaps' values. Under misère
//! play that is false, and the program shows it, then shows what takes its place for Kayles
//! (the octal game `0.77`: knock down one pin, or two adjacent ones, from a row of pins).
//!
//! 1. **Values do not add.** A single Kayles pin is misère P (`g0 = 0`: the player to move
//!    must take it, and loses). Two single pins would be `0 ⊕ 0 = 0` by the nim-sum, P again;
//!    but the player to move takes one pin and leaves the other, so the row is N, and its
//!    `g0` is 1. And `*2 + *2` and `0` have the same normal value 0, but under misère play
//!    `0` is N (no move) and `*2 + *2` is P. The program checks both rows against the crate's
//!    plain misère search ([`Solver`] under [`Play::Misere`]).
//! 2. **The genus.** Conway's way out (*On Numbers and Games*, ch. 12): record of a position
//!    its normal value `g` and the misère values `g0 g1 g2 …`, where `gk` is `g0` of the
//!    position beside `k` nim heaps of size 2. The sequence ends by repeating two numbers for
//!    ever, so it is written short: `g^g0g1…`, up to where the repetition starts. The program
//!    prints the genus of Kayles heaps 0 to 20 ([`GenusTable`]), computed from each heap's
//!    misère **simplest form** (a heap's options are rows of smaller heaps, and each row's
//!    form is built from its parts' forms, not from their values). Those forms grow fast:
//!    Kayles' heaps to 70 take about 860 million steps of work, each further heap a fifth
//!    more. A table bounds them by its form limit (memory) and its work limit (time, a few
//!    minutes by default: [`GenusTable::with_work_limit`]), and keeps what it computed.
//! 3. **What to watch.** Heaps 0 to 4 print as bare numbers: each *is* a nim heap under misère
//!    play too (the heap of 4 is `*`: its options `0`, `*2` and `*3` simplify away to those
//!    of `*`). The heap of 5 prints `4^146`: normal value 4, alone a misère N-position
//!    (`g0 = 1`), beside one `*2` worth 4, beside two worth 6, then 4, 6, 4, … It is the first
//!    heap of Kayles that is not tame (*restless*, in CGSuite's word: its options are all
//!    tame, it is not). The heaps of 7 and 19 have the same numbers, `2, 0, 2, 0, …` with
//!    normal value 2, yet print `2^2` and `2^20`: the heap of 7 is **tame** (it acts like a
//!    nim position in every sum with tame positions), so its tail goes without saying; the
//!    heap of 19 is wild, and its numbers are printed in full. The notation follows the
//!    form, not only the numbers.
//! 4. **Tame sums.** A row of tame heaps is solved like misère Nim from the heaps' two numbers
//!    `g` and `g0` ([`TameValue::sum`]): the normal values add; the row is *fickle* (like a row
//!    of heaps of 0 and 1) only when every heap is. The program answers a row of tame Kayles
//!    heaps that way, and checks it against the search. A row with a wild heap has no such
//!    rule: its genus comes from its own simplest form ([`GenusTable::row_genus`]), which the
//!    program also checks against the search.
//!
//! 5. **A misère quotient, worked through.** The genus decides sums of tame positions only;
//!    Kayles stops being tame at 5 pins (restless there, wild first at 9). What takes over is
//!    Plambeck's **misère quotient**: call two rows the same when no third row, added to
//!    both, tells them apart by misère outcome. For many games there are only finitely many
//!    classes, and they multiply like a commutative monoid. For `0.75` (take one token,
//!    leaving zero, one or two heaps; or take two, leaving nothing or two heaps) there are
//!    eight, whatever the heaps: Plambeck's R8,
//!    `⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩`. Heap 1 is `a`, heap 2 is `b`, heap 5 is
//!    `c`, and from heap 8 on the heaps alternate `b`, `ab²` for ever: the crate proves that
//!    period by the periodicity theorem ([`MisereQuotient::is_proven`]). The program prints
//!    the presentation, the element of each heap, the multiplication table and the
//!    **P-portion** `{a, b²}`: a row is a misère P-position exactly when the product of its
//!    heaps' elements lies in it. One heap of 1 (`a`) is lost for the player to move, and so
//!    are two heaps of 2 (`b·b = b²`); two heaps of 1 are won (`a·a = 1`, the empty row, is N).
//! 6. **Twenty heaps at once.** With the quotient known, a [`HeapRow`]'s misère `outcome`
//!    multiplies twenty elements, and `winning_moves` maps what each move leaves to an
//!    element: a move's result is the product of the other heaps (prefix times suffix) times
//!    that element, one table lookup a move. The program answers a row of twenty heaps so,
//!    with every winning move, and checks the outcome against the crate's plain search of
//!    the row, which visits tens of thousands of positions to say the same. A row keeps its
//!    heaps sorted, and a move names its heap by its place in the sorted row, from 0: the
//!    program prints the sorted row with those numbers above the moves.
//!
//! ## Exercises
//!
//! 1. Print the genus of Dawson's Kayles (`Octal::dawsons_kayles()`): which is its first
//!    heap that is not tame? (The published answer: the heap of 10, `3^1431`, which *Winning
//!    Ways* calls wild; its options are tame, so the crate's [`Phylum`] says restless, and
//!    its first [`Phylum::Wild`] heap is 12, `2^0520`.)
//! 2. Subtraction games leave one heap at a time, so no sum ever arises inside one heap.
//!    Are all the heaps of the subtraction game `{1, 2, 3}` nim heaps under misère play?
//!    (Ask [`GenusTable::genus`] with `Subtraction::new([1u32, 2, 3])?`, and compare with
//!    misère Bash, `src/games/bash.rs`.)
//! 3. Find two tame Kayles heaps whose row is a misère P-position although the nim-sum of
//!    their normal values is not 0 (hint: every part fickle). Check it with
//!    [`TameValue::sum`] and with [`GenusTable::row_genus`].
//! 4. The heap of a million of `0.75`: which element is it, and why can the crate say so
//!    without looking at a single heap past 21? (Check: [`MisereQuotient::heap_element`] and
//!    `grundy quotient octal 0.75 30`.)
//!
//! [`Solver`]: grundy::Solver
//! [`Play::Misere`]: grundy::Play::Misere
//! [`GenusTable`]: grundy::misere::GenusTable
//! [`GenusTable::row_genus`]: grundy::misere::GenusTable::row_genus
//! [`GenusTable::genus`]: grundy::misere::GenusTable::genus
//! [`GenusTable::with_work_limit`]: grundy::misere::GenusTable::with_work_limit
//! [`TameValue::sum`]: grundy::misere::TameValue::sum
//! [`Phylum`]: grundy::misere::Phylum
//! [`Phylum::Wild`]: grundy::misere::Phylum::Wild
//! [`MisereQuotient::is_proven`]: grundy::misere::MisereQuotient::is_proven
//! [`MisereQuotient::heap_element`]: grundy::misere::MisereQuotient::heap_element
//! [`HeapRow`]: grundy::games::HeapRow

mod output;

use core::fmt::Write;
use grundy::games::{HeapRow, Octal};
use grundy::misere::{GenusTable, MisereQuotient, Phylum, TameValue};
use grundy::prelude::*;

/// The Kayles heaps whose genus the story prints: 0 to this.
pub const MOST_PINS: u128 = 20;

/// A row of tame Kayles heaps, answered by the rule of misère Nim.
pub const TAME_ROW: [u8; 4] = [2, 3, 7, 8];

/// A row with a wild Kayles heap, answered from its own simplest form.
pub const WILD_ROW: [u8; 3] = [5, 9, 2];

/// The game whose misère quotient the story works through: Plambeck's R8.
pub const R8_CODE: &str = "0.75";

/// The heaps up to this are the quotient's bound (its period is proven from them).
pub const R8_BOUND: usize = 30;

/// The row of twenty heaps of `0.75` answered from the quotient.
pub const TWENTY: [u8; 20] = [1, 1, 2, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 1, 2, 3, 4, 5, 5, 4];

/// The phylum in words.
pub fn phylum_words(phylum: Phylum) -> &'static str {
    match phylum {
        Phylum::NimHeap => "nim heap",
        p if p.is_tame() => "tame",
        p if p.is_restive() => "restive",
        Phylum::Restless => "restless",
        _ => "wild",
    }
}

/// The misère outcome of a Kayles row by the crate's plain search.
fn searched(row: &[u8]) -> Result<Outcome, grundy::Error> {
    let row = HeapRow::new(Octal::kayles(), row.iter().copied());
    Solver::new().outcome(&row, Play::Misere)
}

/// The story, written to `out`.
///
/// # Errors
///
/// Whatever the crate reports.
pub fn story(out: &mut impl Write) -> Result<(), Box<dyn std::error::Error>> {
    let mut kayles = GenusTable::new(Octal::kayles());

    // 1. Values do not add.
    writeln!(out, "Misère values do not add:")?;
    let one = kayles.misere_value(1)?;
    let pair = kayles.row_genus(&[1, 1])?;
    writeln!(
        out,
        "  g0(1) = {}, g0(1) + g0(1) = {} by the nim-sum, but g0(1 + 1) = {} (search: {})",
        one.get(),
        (one + one).get(),
        pair.misere_value().get(),
        searched(&[1, 1])?
    )?;
    let twos = kayles.row_genus(&[2, 2])?;
    writeln!(
        out,
        "  *2 + *2 and 0 both have normal value 0; misère: 0 is N, *2 + *2 is {} (search: {})",
        twos.misere_outcome(),
        searched(&[2, 2])?
    )?;

    // 2. The genus of Kayles heaps.
    writeln!(out, "The genus of Kayles heaps 0 to {MOST_PINS}:")?;
    for n in 0..=MOST_PINS {
        let genus = kayles.genus(n)?;
        let numbers: Vec<String> = genus.values().iter().map(u32::to_string).collect();
        writeln!(
            out,
            "  {n:>2}: {:<8} normal {}, misère {} (then repeating the last two), {}",
            genus.to_string(),
            genus.normal_value().get(),
            numbers.join(" "),
            phylum_words(genus.phylum())
        )?;
    }

    // 3. What to watch: the same numbers, two notations.
    let (seven, nineteen) = (kayles.genus(7)?, kayles.genus(19)?);
    let same =
        seven.values() == nineteen.values() && seven.normal_value() == nineteen.normal_value();
    writeln!(
        out,
        "Heaps 7 and 19: {} numbers, printed {} and {}: {} and {}",
        if same { "the same" } else { "different" },
        seven,
        nineteen,
        phylum_words(seven.phylum()),
        phylum_words(nineteen.phylum())
    )?;

    // 4. Tame sums by misère Nim's rule, and a wild row by its own form.
    let parts = TAME_ROW
        .iter()
        .map(|&n| kayles.genus(n.into()).map(|g| g.tame()))
        .collect::<Result<Option<Vec<TameValue>>, _>>()?
        .ok_or("a heap of the tame row is not tame")?;
    let sum = TameValue::sum(parts);
    writeln!(
        out,
        "Tame row {TAME_ROW:?}: normal {}, misère {}, {} by misère Nim's rule (search: {})",
        sum.normal_value().get(),
        sum.misere_value().get(),
        sum.outcome(),
        searched(&TAME_ROW)?
    )?;
    let wide: Vec<u128> = WILD_ROW.iter().map(|&h| h.into()).collect();
    let wild = kayles.row_genus(&wide)?;
    writeln!(
        out,
        "Wild row {WILD_ROW:?}: genus {wild}, {} (search: {})",
        wild.misere_outcome(),
        searched(&WILD_ROW)?
    )?;

    // 5. The misère quotient of 0.75.
    let rules: Octal = R8_CODE.parse()?;
    let q = MisereQuotient::compute(&rules, R8_BOUND)?;
    writeln!(
        out,
        "The misère quotient of {R8_CODE} (heaps to {R8_BOUND}): order {}, {q}, {}",
        q.order(),
        if q.is_proven() {
            "proven for every bound"
        } else {
            "not proven past these heaps"
        }
    )?;
    let name = |x: usize| q.element_name(x).unwrap_or_else(|| format!("#{x}"));
    let heaps: Vec<String> = (0..=12u128)
        .map(|h| q.heap_element(h).map_or_else(|| "?".to_string(), name))
        .collect();
    writeln!(out, "  heaps 0 to 12: {}", heaps.join(" "))?;
    let names: Vec<String> = (0..q.order()).map(name).collect();
    writeln!(
        out,
        "  {:>5} |{}",
        "",
        names.iter().map(|n| format!("{n:>5}")).collect::<String>()
    )?;
    for (x, row_name) in names.iter().enumerate() {
        let products: String = (0..q.order())
            .map(|y| format!("{:>5}", name(q.product(x, y))))
            .collect();
        writeln!(out, "  {row_name:>5} |{products}")?;
    }
    let p: Vec<String> = q.p_portion().into_iter().map(name).collect();
    writeln!(out, "  P-portion: {{{}}}", p.join(", "))?;

    // 6. Twenty heaps at once, and the plain search of the same row.
    let row = HeapRow::new(rules.clone(), TWENTY);
    let outcome = row.outcome(Play::Misere)?;
    let moves: Vec<String> = row
        .winning_moves(Play::Misere)?
        .map(|mv| mv.to_string())
        .collect();
    let mut search = Solver::new();
    let searched = search.outcome(&HeapRow::new(rules, TWENTY), Play::Misere)?;
    writeln!(
        out,
        "Row {TWENTY:?}: {} by the quotient (search: {}, {} positions), {} winning moves:",
        outcome,
        searched,
        search.len(),
        moves.len()
    )?;
    let numbered: Vec<String> = row
        .heaps()
        .iter()
        .enumerate()
        .map(|(i, h)| format!("{i}:{h}"))
        .collect();
    writeln!(
        out,
        "  the sorted row (heap number:tokens): {}",
        numbered.join(" ")
    )?;
    for mv in &moves {
        writeln!(out, "  {mv}")?;
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = String::new();
    story(&mut out)?;
    output::print(&out)?;
    Ok(())
}
