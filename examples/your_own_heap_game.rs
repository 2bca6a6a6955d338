//! # Your own heap game: Lasker's Nim, three ways
//!
//! Run it with `cargo run --release --example your_own_heap_game`.
//!
//! Emanuel Lasker, the chess champion, played Nim with one more move: instead of taking
//! counters, a player may split a heap into two non-empty heaps. Who wins heaps of 3, 5 and
//! 6? And with a row of seven Kayles pins beside them, what is the winning move?
//!
//! The crate does not know Lasker's Nim, and it does not need to. There are three ways to
//! tell it the game, and this program tries all three:
//!
//! 1. **By its rule.** A [`TakeAndBreak`] lists the moves of one heap in two lines, "take any
//!    number" and "split in two"; [`Rules`] computes the Grundy value of every heap with the
//!    crate's engines and plays rows of heaps.
//! 2. **By its code.** Lasker's Nim is the take-and-break code `4.[3]`: the `4` before the
//!    point splits a heap without taking anything, and the `3` repeated for ever (`[3]`) takes
//!    any number, leaving one heap or none. [`Octal`] reads it.
//! 3. **By search.** A [`Game`] of your own on a row of heaps, which says that a row is the sum
//!    of its heaps ([`Game::parts`]); the generic [`Solver`] then searches each heap alone.
//!
//! The three agree, heap by heap. The values follow a pattern, `G(4k + 1) = 4k + 1`,
//! `G(4k + 2) = 4k + 2`, `G(4k + 3) = 4k + 4`, `G(4k + 4) = 4k + 3`: an **arithmetic
//! period** of 4 with **saltus** 4 (`G(n + 4) = G(n) + 4`), which the table shows. The crate
//! reports it, and says that it is *not proven*: the Guy–Smith theorem proves periods of
//! codes whose finitely many takes leave at most two heaps, and `4.[3]` takes any number. So
//! the period never answers a heap past the table; the table grows to the heap instead.
//! (The pattern is true, by an induction in *Winning Ways*, ch. 4: proven for this game by
//! hand, not checked by the crate.)
//!
//! The punchline: a heap of 3 is worth `*4`, not `*3` (it can split into `1 + 2`, worth `*3`),
//! so heaps 3, 5 and 6 are `*4 + *5 + *6 = *7`, a first-player win. Beside Kayles' seven pins
//! (`*2`) the total is `*5`, and none of the three winning moves splits: the heap of 3 goes
//! down to 1, the heap of 5 goes, or the heap of 6 goes down to 4, each leaving `*0`.
//!
//! ## Exercises
//!
//! 1. Let a move take one or two counters, or split a heap in two without taking any: the
//!    code `4.33`. Compute its values with `Octal::new("4.33")?` and look for a period, then
//!    write the same game as a [`TakeAndBreak`] rule and check that the two agree. (Codes
//!    are documented on [`Octal`], in `src/games/octal.rs`; rules on [`TakeAndBreak`], in
//!    `src/games/take_and_break.rs`; periods in `src/sequence/`.)
//! 2. Find a row of three heaps below 10 that is lost for the player to move in Lasker's Nim
//!    but not in plain Nim. (Check with `HeapRow::new(Rules::new(Lasker), heaps).outcome(..)`
//!    against `Nim::from(heaps)`; the values are the table the program prints.)
//! 3. Delete `parts` from `LaskerRow` and ask the solver about the row `1..=10` again. How
//!    many positions does it store now? (See [`Game::parts`], in `src/game.rs`, and
//!    [`Solver`]'s `len`.)
//!
//! [`TakeAndBreak`]: grundy::games::TakeAndBreak
//! [`Rules`]: grundy::games::Rules
//! [`Octal`]: grundy::games::Octal
//! [`Game`]: grundy::Game
//! [`Game::parts`]: grundy::Game::parts
//! [`Solver`]: grundy::Solver

mod output;

use core::fmt::Write;
use core::ops::ControlFlow;
use grundy::games::{HeapRow, Moves, Octal, Rules, TakeAndBreak};
use grundy::prelude::*;
use grundy::{Direct, Part};

/// Lasker's Nim by its rule: from a heap, take any number, or split it in two.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Lasker;

impl TakeAndBreak for Lasker {
    fn moves(&self, heap: u128, moves: &mut Moves<'_>) {
        moves.take_any(1..=heap); // leave one heap, or nothing
        moves.split(0, 2); // take nothing, leave two heaps
    }
}

/// Lasker's Nim as a game to search: a row of heaps, ascending, none empty.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct LaskerRow(pub Vec<u32>);

impl LaskerRow {
    /// The row with heap `index` replaced by the heaps `left`.
    fn with(&self, index: usize, left: &[u32]) -> LaskerRow {
        let mut heaps = self.0.clone();
        heaps.remove(index);
        heaps.extend(left.iter().copied().filter(|&h| h > 0));
        heaps.sort_unstable();
        LaskerRow(heaps)
    }
}

impl Game for LaskerRow {
    /// The heap moved in, and the heaps it leaves.
    type Move = (usize, Vec<u32>);

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(Self::Move, LaskerRow) -> ControlFlow<()>,
    {
        for (i, &h) in self.0.iter().enumerate() {
            for left in 0..h {
                let left = if left == 0 { vec![] } else { vec![left] };
                visit((i, left.clone()), self.with(i, &left))?;
            }
            for a in 1..=h / 2 {
                visit((i, vec![a, h - a]), self.with(i, &[a, h - a]))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// A row is the sum of its heaps: the solver searches each alone.
    fn parts(&self) -> Option<Vec<LaskerRow>> {
        (self.0.len() > 1).then(|| self.0.iter().map(|&h| LaskerRow(vec![h])).collect())
    }
}

/// The story, written to `out`.
///
/// # Errors
///
/// Whatever the crate reports (none, for these small heaps).
pub fn story(out: &mut String) -> Result<(), Box<dyn std::error::Error>> {
    let by_rule = Rules::new(Lasker);
    let by_code = Octal::new("4.[3]")?;
    let mut solver = Solver::new();

    writeln!(
        out,
        "Lasker's Nim: take any number from a heap, or split it in two."
    )?;
    let mut values = Vec::new();
    for heap in 0..=40u32 {
        let rule = HeapRow::heap(by_rule.clone(), heap).grundy()?;
        let code = HeapRow::heap(by_code.clone(), heap).grundy()?;
        let searched = solver.grundy(&LaskerRow(if heap == 0 { vec![] } else { vec![heap] }))?;
        if rule != code || rule != searched {
            return Err(format!("heap {heap}: {rule}, {code} and {searched} disagree").into());
        }
        values.push(rule.get().to_string());
    }
    writeln!(
        out,
        "G(0..=40), by its rule, by its code {by_code} and by search, all three alike:"
    )?;
    writeln!(out, "  {}", values.join(" "))?;

    // Rows of heaps: the closed form of the rule against the search, which splits the row.
    let rows = [
        vec![3u32, 5, 6],
        vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        (1..=40).collect(),
    ];
    for heaps in rows {
        let row = HeapRow::new(by_rule.clone(), heaps.iter().copied());
        let searched = solver.grundy(&LaskerRow(heaps.clone()))?;
        if row.grundy()? != searched {
            return Err(format!("row {row}: the search disagrees").into());
        }
        writeln!(out, "  the row {row} is worth {searched}")?;
    }
    writeln!(
        out,
        "  (the search held {} positions: without `parts`, a row of forty heaps is out of reach)",
        solver.len()
    )?;

    let table = by_code.values(1000)?;
    match table.arithmetic_period() {
        Some(seen) => writeln!(
            out,
            "Its table of 1000 values shows period {}, saltus {}, from heap {}: G(n + {}) = G(n) + {}; \
             proven: {}.",
            seen.period(),
            seen.saltus(),
            seen.preperiod(),
            seen.period(),
            seen.saltus(),
            if seen.is_proven() { "yes" } else { "no" },
        )?,
        None => writeln!(out, "Its table shows no period.")?,
    }
    writeln!(
        out,
        "  No theorem the crate checks covers a code that takes any number, so the period \
         answers no heap past the table."
    )?;

    let game = (
        HeapRow::new(by_rule, [3u32, 5, 6]),
        HeapRow::heap(Octal::kayles(), 7u32),
    );
    let mut evaluator = (Direct, Direct);
    writeln!(
        out,
        "Heaps 3, 5 and 6 of Lasker's Nim beside seven Kayles pins: {} + {} = {}.",
        game.0.grundy()?,
        game.1.grundy()?,
        evaluator.grundy(&game)?
    )?;
    for mv in evaluator.winning_moves(&game, Play::Normal)? {
        let after = game.play(mv.clone())?;
        let (part, words) = match mv {
            Part::P0(m) => ("Lasker's Nim", m.to_string()),
            Part::P1(m) => ("Kayles", m.to_string()),
            _ => ("?", String::new()),
        };
        writeln!(
            out,
            "  win: in {part}, {words}; then {} + {} = {}",
            after.0,
            after.1,
            after.grundy()?
        )?;
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = String::new();
    story(&mut out)?;
    output::print(&out)?;
    Ok(())
}
