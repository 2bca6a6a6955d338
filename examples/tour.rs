//! A guided tour of `grundy`: run it with `cargo run --release --example tour`.
//!
//! Each stop prints a question, the crate's answer, and the idea behind it:
//!
//! 1. nimbers and the mex, the arithmetic of impartial games;
//! 2. a game of your own, solved by the generic [`Solver`];
//! 3. sums of games, won through the Sprague–Grundy theorem, with any mix of games;
//! 4. misère play, where the last mover loses;
//! 5. the classic games, answered by exact closed forms through one surface
//!    ([`ClosedForm`]): Nim, Bash, Wythoff, Georgia–Bob and staircase Nim, under normal and
//!    misère play;
//! 6. heap games by Grundy sequence (Kayles, Dawson's Kayles, Grundy's game, subtraction
//!    games), computed fast, grown on demand, and answered at any size once a period is
//!    proven.
//!
//! ## Exercises
//!
//! 1. Stop 2's pile takes 1, 3 or 4 counters and its values repeat with period 7. Let it take
//!    1, 2 or 5 instead: what is the period, and which piles are lost for the player to move?
//!    (Check with `"{1, 2, 5}".parse::<Subtraction>()?.find_period(1 << 20)`; subtraction
//!    games are in `src/games/subtraction.rs`, periods in `src/sequence/`.)
//! 2. Which Kayles rows of 1 to 100 pins are lost for the player to move? (Check with
//!    `HeapRow::heap(Octal::kayles(), n).outcome(Play::Normal)`, stop 6; Kayles' values
//!    and its period are documented on `Octal`, in `src/games/octal.rs`.)
//! 3. Stop 5 says floating point gets Wythoff's P-position wrong at difference 102334155.
//!    Compute `⌊kφ⌋` for that `k` with `f64` and compare it with `p_position(k)`. (The exact
//!    method is documented on `p_position`, in `src/games/wythoff/`; the `exact_wythoff`
//!    example tells the whole story.)

mod output;

use core::fmt::{self, Write};
use core::ops::ControlFlow;
use grundy::games::{
    Bash, GeorgiaBob, GrundysGame, HeapRow, Nim, Octal, Staircase, Subtraction, Wythoff, p_position,
};
use grundy::prelude::*;
use grundy::{Direct, Part, Sum, SumMove, mex, nim_sum};
use std::error::Error;

/// A pile from which a move takes 1, 3 or 4 counters: the subtraction game {1, 3, 4}.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Pile(u32);

impl Game for Pile {
    type Move = u32; // how many counters are taken

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u32, Pile) -> ControlFlow<()>,
    {
        for take in [1, 3, 4] {
            if take <= self.0 {
                visit(take, Pile(self.0 - take))?;
            }
        }
        ControlFlow::Continue(())
    }
}

fn heading(out: &mut String, n: u32, title: &str) -> fmt::Result {
    writeln!(out, "\n== {n}. {title} ==")
}

/// The words for an outcome.
fn who(outcome: Outcome) -> &'static str {
    if outcome.is_next() {
        "the player to move wins"
    } else {
        "the player to move loses"
    }
}

/// The same three questions, asked of any game of the crate.
fn describe<G>(out: &mut String, name: &str, game: &G, play: Play) -> Result<(), Box<dyn Error>>
where
    G: ClosedForm,
    G::Move: core::fmt::Display,
{
    let outcome = game.outcome(play)?;
    let moves: Vec<String> = game.winning_moves(play)?.map(|mv| mv.to_string()).collect();
    writeln!(
        out,
        "{name} ({play} play): {outcome}, {}; winning moves: {}",
        who(outcome),
        if moves.is_empty() {
            "none".to_string()
        } else {
            moves.join("; ")
        }
    )?;
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut out = String::new();
    tour(&mut out)?;
    output::print(&out)?;
    Ok(())
}

/// The tour, stop by stop.
fn tour(out: &mut String) -> Result<(), Box<dyn Error>> {
    writeln!(out, "A tour of grundy: impartial games, solved exactly.")?;

    heading(out, 1, "Nimbers and the mex")?;
    let total = nim_sum([3u8, 5, 6]);
    writeln!(
        out,
        "3 ^ 5 ^ 6 = {total}: nim-addition is XOR, and *0 means the player to move loses"
    )?;
    let options = [0u8, 1, 3].map(Nimber::from);
    writeln!(
        out,
        "mex{{0, 1, 3}} = {}: the least value no option has",
        mex(options)
    )?;

    heading(out, 2, "A game of your own: take 1, 3 or 4 counters")?;
    let mut solver = Solver::<Pile>::new();
    let values = (0..15)
        .map(|n| solver.grundy(&Pile(n)).map(|v| v.get().to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    writeln!(out, "Grundy values of piles 0..15: {}", values.join(" "))?;
    writeln!(
        out,
        "(they repeat with period 7; a pile is lost for the player to move when its value is 0)"
    )?;
    for n in [7, 10] {
        let pile = Pile(n);
        let outcome = solver.outcome(&pile, Play::Normal)?;
        let moves: Vec<String> = solver
            .winning_moves(&pile, Play::Normal)?
            .map(|take| format!("take {take} (leaving {})", n - take))
            .collect();
        writeln!(
            out,
            "pile of {n}: {}; winning moves: {}",
            if outcome.is_next() {
                "the player to move wins"
            } else {
                "the other player wins"
            },
            if moves.is_empty() {
                "none".to_string()
            } else {
                moves.join(", ")
            }
        )?;
    }
    writeln!(out, "the solver memoised {} positions so far", solver.len())?;

    heading(out, 3, "Sums: a move is made in one component")?;
    let sum = Sum::from([Pile(4), Pile(5), Pile(9)]);
    let value = solver.grundy(&sum)?;
    writeln!(out, "piles 4 + 5 + 9 are worth *2 + *3 + *0 = {value}")?;
    for SumMove { component, mv } in solver.winning_moves(&sum, Play::Normal)? {
        let after = sum.play(SumMove { component, mv })?;
        let sizes: Vec<u32> = after.components().iter().map(|p| p.0).collect();
        writeln!(
            out,
            "  win: take {mv} from pile #{component}, leaving {sizes:?}"
        )?;
    }
    writeln!(
        out,
        "(found component by component, never by searching the product of the piles;"
    )?;
    writeln!(
        out,
        " a winning move may even raise a pile's value, as 9 -> 8 does, from *0 to *1)"
    )?;

    // Four games of four kinds in one sum, with no nesting: each answered its own way.
    let kayles = HeapRow::new(Octal::kayles(), [7u32]);
    let mixed = (kayles, Nim::from([5u64]), Wythoff::new(1u8, 2), Pile(6));
    let mut evaluator = (Direct, Direct, Direct, Solver::new());
    writeln!(
        out,
        "Kayles row of 7 + Nim heap of 5 + Wythoff (1, 2) + pile of 6 = *2 + *5 + *0 + *2 = {}",
        evaluator.grundy(&mixed)?
    )?;
    for mv in evaluator.winning_moves(&mixed, Play::Normal)? {
        let part = match mv {
            Part::P0(m) => format!("in the Kayles row: {m}"),
            Part::P1(m) => format!("in Nim: {m}"),
            Part::P2(m) => format!("in Wythoff: {m}"),
            Part::P3(take) => format!("in the pile: take {take}"),
        };
        writeln!(out, "  win: {part}")?;
    }

    heading(out, 4, "Misère play: whoever takes the last counter loses")?;
    let misere = Solver::<Sum<Pile>>::new().outcome(&sum, Play::Misere)?;
    writeln!(
        out,
        "piles 4 + 5 + 9 under misère play: {} (by a search of the sum itself)",
        who(misere)
    )?;

    heading(
        out,
        5,
        "Closed forms: the classic games, exact at every width, one surface",
    )?;
    let nim = Nim::from([u128::MAX, u128::MAX / 3, 12_345]);
    writeln!(out, "Nim {nim}: value {}", nim.grundy()?)?;
    describe(out, "  Nim", &nim, Play::Normal)?;
    let few = Nim::from([1u32, 1, 5]);
    describe(out, "  Nim (1, 1, 5)", &few, Play::Normal)?;
    describe(out, "  Nim (1, 1, 5)", &few, Play::Misere)?;
    writeln!(
        out,
        "  (under misère play, leave an odd number of single counters)"
    )?;

    let bash = Bash::new(23u64, 2)?;
    writeln!(out, "Bash {bash}: value {} = 23 mod 3", bash.grundy()?)?;
    describe(out, "  Bash", &bash, Play::Normal)?;
    describe(out, "  Bash", &bash, Play::Misere)?;

    let (a, b) = p_position(102_334_155u64)?;
    writeln!(
        out,
        "Wythoff: the P-position with difference 102334155 is ({a}, {b}); floating point says \
         ⌊kφ⌋ = 165580141 and gets it wrong"
    )?;
    describe(out, "  Wythoff", &Wythoff::new(a + 1, b), Play::Normal)?;
    describe(out, "  Wythoff (2, 2)", &Wythoff::new(2u8, 2), Play::Misere)?;

    let chessmen = GeorgiaBob::new(vec![9u32, 3, 7, 2])?;
    writeln!(
        out,
        "Georgia–Bob {chessmen}: gaps XOR to {}",
        chessmen.grundy()?
    )?;
    describe(out, "  Georgia–Bob", &chessmen, Play::Normal)?;
    writeln!(
        out,
        "  (cell 2 to cell 1 *widens* the gap of the pair (2, 3): the left chessman of a pair may win too)"
    )?;
    let stairs = Staircase::new(vec![3u8, 1, 4])?;
    writeln!(
        out,
        "staircase Nim, coins {stairs} on steps 1..: value {} (the XOR of the odd steps)",
        stairs.grundy()?
    )?;

    heading(out, 6, "Heap games by Grundy sequence, with proven periods")?;
    let kayles = Octal::kayles();
    writeln!(
        out,
        "Kayles (octal {kayles}): knock down one pin or two neighbours from a row"
    )?;
    let row = HeapRow::heap(kayles.clone(), 10u128.pow(30));
    writeln!(
        out,
        "  a row of 10^30 pins is worth {} ({}): the table grew on demand until its period was proven",
        row.grundy()?,
        row.outcome(Play::Normal)?
    )?;
    // `values(24)` is a table of at least 24 values: this clone shares its table with the row
    // above, which grew it to prove the period, so take the first 24 of what it holds.
    let first: Vec<String> = kayles
        .values(24)?
        .values()
        .slice(..24)
        .iter()
        .map(|v| v.to_string())
        .collect();
    writeln!(out, "  G(0..24) = {}", first.join(" "))?;
    if let Some(period) = kayles.find_period(1 << 20)? {
        writeln!(
            out,
            "  proven by the Guy–Smith theorem: period {} from heap {}",
            period.period(),
            period.preperiod()
        )?;
    }
    let shown: Vec<String> = row
        .winning_moves(Play::Normal)?
        .take(2)
        .map(|mv| mv.to_string())
        .collect();
    writeln!(
        out,
        "  its first winning moves (listed lazily): {}",
        shown.join("; ")
    )?;
    let kayles_and_nim = (HeapRow::heap(kayles, 11u8), Nim::from([6u64]));
    writeln!(
        out,
        "  a row of 11 pins next to a Nim heap of 6: {} (so a P-position)",
        kayles_and_nim.grundy()?
    )?;
    let grundys = GrundysGame::new();
    let values: Vec<String> = grundys
        .values(30)?
        .values()
        .iter()
        .map(|v| v.to_string())
        .collect();
    writeln!(
        out,
        "Grundy's game (split a heap into two unequal heaps): {}",
        values.join(" ")
    )?;
    if let Some(period) = Octal::dawsons_kayles().find_period(1 << 20)? {
        writeln!(
            out,
            "Dawson's Kayles (0.07): period {} from heap {}, proven",
            period.period(),
            period.preperiod()
        )?;
    }
    let subtraction: Subtraction = "{1, 3, 4}".parse()?;
    if let Some(period) = subtraction.find_period(1 << 20)? {
        writeln!(
            out,
            "the subtraction game {subtraction} of stop 2: period {} from heap {}, proven",
            period.period(),
            period.preperiod()
        )?;
    }

    writeln!(
        out,
        "\nThat is the tour. The docs (`cargo doc --open`) tell the rest."
    )?;
    Ok(())
}
