//! # Answering questions you did not choose: budgets, deadlines and errors
//!
//! Run it with `cargo run --release --example budgets`.
//!
//! A program that embeds the crate in a service (a judge, a bot, a web endpoint) answers
//! questions its users chose: a heap of `2^128 - 1`, a code whose tables grow as the square of
//! the heap, a game of their own that loops, rules of their own with a mistake in them. Every
//! such question must end, soon, in an answer or in an error that says why. The crate bounds
//! each kind of work by a **budget** the caller sets, lets the caller stop a long computation
//! at a **deadline** of its own, and reports every refusal as a typed [`Error`] whose message
//! names the value, the rule it broke and what to do. This program asks questions past every
//! budget and prints what comes back, variant and message, as the crate writes them.
//!
//! 1. **A table budget.** A heap game of the crate ([`Octal`], [`GrundysGame`],
//!    [`Subtraction`], and rules of your own, [`Rules`]) answers a heap from a table of values
//!    that grows on demand, by doubling, until it holds the heap or its values prove a period.
//!    It grows within the rules' table limit ([`Tabulated::with_table_limit`], 2^20 values by
//!    default, [`DEFAULT_TABLE_LIMIT`]). Past the limit, a heap is answered only by a proven
//!    period, and otherwise refused with [`Error::HeapOutOfRange`], whose message says which
//!    table limit would compute it, or that none could. Kayles answers `2^128 - 1` within 200
//!    values, since its period (12, from heap 71) is proven once 168 values are known; within
//!    100 it cannot. The table is shared by every clone of the rules while the budget belongs
//!    to each clone: once the larger budget has proven the period, the smaller one answers
//!    too. Grundy's game has no known period, so within 1000 values heap 999 is answered and
//!    heap 5000 is not. Wythoff's game shows a second kind of table: its outcome needs none,
//!    at any size, but its Grundy value needs a table of `(a + 1)(b + 1)` entries, refused
//!    past the limit with [`Error::TableLimit`] ([`Wythoff::grundy_with_limit`] sets it).
//! 2. **A memory budget.** A code with a three-heap digit, such as `0.[8]` (take any number
//!    of tokens, at least one, and split the rest into exactly three non-empty heaps), is
//!    computed through tables of the values of every pair of heaps of each total: about
//!    `n²/4` entries of 2 bytes while every value is below 65536 (4 past it), so about
//!    `n²/2` bytes for `n` values, more than the values
//!    themselves. [`Tabulated::with_memory_limit`] bounds these working tables (256 MiB by
//!    default, [`DEFAULT_MEMORY_LIMIT`]); past it, [`Error::MemoryLimit`]. Nothing computed is
//!    lost: the values found within the budget stay in the shared table, each as a table of
//!    the default budget has it; a heap among them is still answered; and a clone with a
//!    larger budget goes on from them rather than from heap 0. The program measures how far
//!    each budget reaches: four times the bytes, twice the values.
//! 3. **A deadline.** [`Tabulated::grow`] takes a [`Goal`] and a progress callback, which the
//!    crate calls with the number of values known before each growth step and every 64 values
//!    within one. Returning `ControlFlow::Break` stops the computation with
//!    [`Error::Interrupted`], which says how many values are kept; the next call starts from
//!    them. A service checks its clock in the callback (the crate itself never reads one).
//!    Here, so that the output is the same on every machine, the "clock" is a count: each
//!    slice of work may see 10 progress reports. Four slices compute 2000 values of Grundy's
//!    game, the same values one call without a deadline computes.
//! 4. **The solver's budgets.** A [`Game`] of your own is answered by a [`Solver`], which
//!    stores every position it meets. [`Solver::with_position_limit`] bounds the positions
//!    (2^24 by default) and [`Solver::with_move_limit`] the moves listed in all (2^28 by
//!    default): past them, [`Error::PositionLimit`] and [`Error::SearchMoveLimit`], whose
//!    messages name the method that raises the limit. After an error the solver is as it was
//!    before the call, and answers whatever fits. The game here is *subtract a square*: take
//!    1, 4, 9, 16, … tokens from one heap. A game that can return to a position has no
//!    Grundy value; allow putting one token back on an odd heap (`1 → 2 → 1`), and the search
//!    stops with [`Error::Cycle`] instead of running for ever.
//! 5. **Rules of your own that are wrong.** A [`TakeAndBreak`] rule that lists a move which
//!    is not one (it takes nothing and splits nothing, or leaves more tokens than the heap
//!    had, or splits a heap into more than [`MAX_SPLIT_PARTS`] heaps at once) is an error of
//!    the rules, not a panic: [`Error::InvalidHeapMove`], naming the first heap where the rule
//!    went wrong and the fault. "Take half the heap, rounded down" forgets that half of 1 is
//!    0; the message points at heap 1, and rounding up fixes it. A split into too many heaps
//!    is refused at every heap, so its message names heap 0, the first one computed. The
//!    values are computed when a question needs them, so the error comes back from whatever
//!    question that is: the value of a heap, a row of heaps, a table.
//!
//! Then the program sorts every error it met by its variant, as a service would to choose
//! its reply: a budget was too small (a larger one may answer, and the message says whether
//! one can), the caller stopped the work (call again to go on), or the game itself is at
//! fault (no budget helps). [`Error`] is `#[non_exhaustive]`, so such a `match` ends with a
//! `_` arm for variants added later.
//!
//! The punchline: every question here ends at once, bounded by a budget the caller chose,
//! in a value or in a typed error whose message says what to do. Nothing panics on input,
//! nothing computed within a budget is thrown away, and nothing runs for ever.
//!
//! ## Exercises
//!
//! 1. Find the smallest table limit with which Kayles answers the heap `2^128 - 1`. (The
//!    story says it lies between 100 and 200; check with
//!    `HeapRow::heap(Octal::kayles().with_table_limit(n), u128::MAX).grundy()`, and the
//!    Guy–Smith theorem in the docs of `find_period`, in `src/sequence/`.)
//! 2. With `Solver::with_position_limit(1000)`, what is the largest heap of subtract a square
//!    that the solver answers, and why is it that one? (A heap of `n` reaches the heaps
//!    `0..=n`; see [`Solver::with_position_limit`], in `src/solve/solver.rs`.)
//! 3. Write a [`TakeAndBreak`] rule that leaves more tokens than the heap had, and read the
//!    message of the [`Error::InvalidHeapMove`] it gets. (The rule's checks are described
//!    on [`TakeAndBreak`], in `src/games/take_and_break.rs`.)
//!
//! [`Error`]: grundy::Error
//! [`Error::HeapOutOfRange`]: grundy::Error::HeapOutOfRange
//! [`Error::TableLimit`]: grundy::Error::TableLimit
//! [`Error::MemoryLimit`]: grundy::Error::MemoryLimit
//! [`Error::Interrupted`]: grundy::Error::Interrupted
//! [`Error::PositionLimit`]: grundy::Error::PositionLimit
//! [`Error::SearchMoveLimit`]: grundy::Error::SearchMoveLimit
//! [`Error::Cycle`]: grundy::Error::Cycle
//! [`Error::InvalidHeapMove`]: grundy::Error::InvalidHeapMove
//! [`Octal`]: grundy::games::Octal
//! [`GrundysGame`]: grundy::games::GrundysGame
//! [`Subtraction`]: grundy::games::Subtraction
//! [`Rules`]: grundy::games::Rules
//! [`TakeAndBreak`]: grundy::games::TakeAndBreak
//! [`MAX_SPLIT_PARTS`]: grundy::games::MAX_SPLIT_PARTS
//! [`Wythoff::grundy_with_limit`]: grundy::games::Wythoff::grundy_with_limit
//! [`Tabulated::with_table_limit`]: grundy::sequence::Tabulated::with_table_limit
//! [`Tabulated::with_memory_limit`]: grundy::sequence::Tabulated::with_memory_limit
//! [`Tabulated::grow`]: grundy::sequence::Tabulated::grow
//! [`Goal`]: grundy::sequence::Goal
//! [`DEFAULT_TABLE_LIMIT`]: grundy::sequence::DEFAULT_TABLE_LIMIT
//! [`DEFAULT_MEMORY_LIMIT`]: grundy::sequence::DEFAULT_MEMORY_LIMIT
//! [`Game`]: grundy::Game
//! [`Solver`]: grundy::Solver
//! [`Solver::with_position_limit`]: grundy::Solver::with_position_limit
//! [`Solver::with_move_limit`]: grundy::Solver::with_move_limit

mod output;

use core::fmt::{self, Write};
use core::ops::ControlFlow;
use grundy::Error;
use grundy::games::{
    GrundysGame, HeapRow, MAX_SPLIT_PARTS, Moves, Octal, Rules, TakeAndBreak, Wythoff,
};
use grundy::prelude::*;
use grundy::sequence::Goal;

/// One heap, from which a move takes a positive square number of tokens: 1, 4, 9, 16, …
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Squares(pub u32);

impl Game for Squares {
    /// The heap a move leaves.
    type Move = u32;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u32, Squares) -> ControlFlow<()>,
    {
        let mut root = 1u32;
        while let Some(square) = root.checked_mul(root).filter(|&s| s <= self.0) {
            visit(self.0 - square, Squares(self.0 - square))?;
            root += 1;
        }
        ControlFlow::Continue(())
    }
}

/// [`Squares`] with one move more, which makes the game loopy: put one token back on a heap
/// of an odd size.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PutBack(pub u32);

impl Game for PutBack {
    /// The heap a move leaves.
    type Move = u32;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u32, PutBack) -> ControlFlow<()>,
    {
        Squares(self.0).for_each_move(|to, _| visit(to, PutBack(to)))?;
        match self.0.checked_add(1) {
            Some(up) if self.0 % 2 == 1 => visit(up, PutBack(up)),
            _ => ControlFlow::Continue(()),
        }
    }
}

/// A rule with a mistake in it: take half of a non-empty heap, rounded down, which is no
/// token at all from a heap of 1.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct HalfDown;

impl TakeAndBreak for HalfDown {
    fn moves(&self, heap: u128, moves: &mut Moves<'_>) {
        if heap > 0 {
            moves.take(heap / 2);
        }
    }
}

/// The rule mended: take half of a non-empty heap, rounded up.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct HalfUp;

impl TakeAndBreak for HalfUp {
    fn moves(&self, heap: u128, moves: &mut Moves<'_>) {
        if heap > 0 {
            moves.take(heap.div_ceil(2));
        }
    }
}

/// Take one token, or crumble the heap, taking nothing, into `self.0` non-empty heaps.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Crumble(pub usize);

impl TakeAndBreak for Crumble {
    fn moves(&self, _heap: u128, moves: &mut Moves<'_>) {
        moves.take(1);
        moves.split(0, self.0);
    }
}

/// The name of an error's variant, as a service matches on it.
pub fn variant(err: &Error) -> &'static str {
    match err {
        Error::HeapOutOfRange { .. } => "HeapOutOfRange",
        Error::TableLimit { .. } => "TableLimit",
        Error::MemoryLimit { .. } => "MemoryLimit",
        Error::Interrupted { .. } => "Interrupted",
        Error::PositionLimit { .. } => "PositionLimit",
        Error::SearchMoveLimit { .. } => "SearchMoveLimit",
        Error::Cycle => "Cycle",
        Error::InvalidHeapMove { .. } => "InvalidHeapMove",
        // `Error` is `#[non_exhaustive]`: the variants not met here, and those added later.
        _ => "another variant",
    }
}

/// The three replies a service makes to an error, by its variant.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reply {
    /// A budget was too small: a larger one may answer (the message says whether one can).
    OverBudget,
    /// The caller stopped the work: calling again goes on from what was kept.
    Stopped,
    /// The game itself is at fault: no budget helps.
    BadGame,
}

impl Reply {
    /// Every reply, in the order the story lists them.
    pub const ALL: [Reply; 3] = [Reply::OverBudget, Reply::Stopped, Reply::BadGame];

    /// The reply to `err`, or `None` for a variant the story does not sort.
    pub fn of(err: &Error) -> Option<Reply> {
        match err {
            Error::HeapOutOfRange { .. }
            | Error::TableLimit { .. }
            | Error::MemoryLimit { .. }
            | Error::PositionLimit { .. }
            | Error::SearchMoveLimit { .. } => Some(Reply::OverBudget),
            Error::Interrupted { .. } => Some(Reply::Stopped),
            Error::Cycle | Error::InvalidHeapMove { .. } => Some(Reply::BadGame),
            _ => None,
        }
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reply::OverBudget => "over a budget (the message says whether a larger one answers)",
            Reply::Stopped => "stopped by the caller, call again to go on",
            Reply::BadGame => "the game is at fault, no budget helps",
        })
    }
}

/// The error a question was refused with, or an error of the story if it was answered.
fn refused<T: fmt::Debug>(answer: Result<T, Error>) -> Result<Error, Box<dyn std::error::Error>> {
    match answer {
        Ok(value) => Err(format!("expected an error, got the answer {value:?}").into()),
        Err(err) => Ok(err),
    }
}

/// Writes `err` as its variant and its message, and keeps it for the sorting at the end.
fn report(out: &mut impl Write, met: &mut Vec<Error>, err: Error) -> fmt::Result {
    writeln!(out, "    {}: {err}", variant(&err))?;
    met.push(err);
    Ok(())
}

/// `G(0..n)` of the rules, separated by spaces.
fn first_values(rules: &impl Tabulated, n: usize) -> Result<String, Error> {
    let values: Vec<String> = rules
        .values(n)?
        .values()
        .slice(..n)
        .iter()
        .map(|v| v.to_string())
        .collect();
    Ok(values.join(" "))
}

/// The story, written to `out`.
///
/// # Errors
///
/// A write to `out` that fails, or an answer that differs from what the story expects (an
/// error the crate did not report, or one it reported that the story did not ask for).
pub fn story(out: &mut impl Write) -> Result<(), Box<dyn std::error::Error>> {
    let mut met = Vec::new();
    let top = u128::MAX;
    writeln!(
        out,
        "Questions past every budget; each refusal is shown as its variant and its message."
    )?;

    // 1. A table budget.
    writeln!(out, "1. A table budget.")?;
    let kayles = Octal::kayles();
    let small = kayles.clone().with_table_limit(100);
    writeln!(out, "  Kayles within 100 values, heap 2^128 - 1:")?;
    let err = refused(HeapRow::heap(small.clone(), top).grundy())?;
    report(out, &mut met, err)?;
    let value = HeapRow::heap(kayles.clone().with_table_limit(200), top).grundy()?;
    let table = kayles.sequence();
    let period = table.period().ok_or("Kayles' period is proven")?;
    writeln!(
        out,
        "  Kayles within 200 values: {value}, by the period {} from heap {} that its {} values prove \
         (heap 2^128 - 1 is worth what heap {} is worth)",
        period.period(),
        period.preperiod(),
        table.len(),
        period.reduce(top),
    )?;
    writeln!(
        out,
        "  the clone within 100 values now answers it too, from the shared table: {}",
        HeapRow::heap(small, top).grundy()?
    )?;
    let grundys = GrundysGame::new().with_table_limit(1000);
    writeln!(
        out,
        "  Grundy's game within 1000 values: heap 999 is {}; past the budget no period is proven:",
        HeapRow::heap(grundys.clone(), 999u32).grundy()?
    )?;
    for heap in [5000, top] {
        let err = refused(HeapRow::heap(grundys.clone(), heap).grundy())?;
        report(out, &mut met, err)?;
    }
    let wythoff = Wythoff::new(100u32, 200);
    writeln!(
        out,
        "  Wythoff (100, 200): {} at once, with no table; its value needs 101 × 201 = 20301 \
         table entries:",
        wythoff.outcome(Play::Normal)?
    )?;
    let err = refused(wythoff.grundy_with_limit(10_000))?;
    report(out, &mut met, err)?;
    writeln!(
        out,
        "  within 20301 entries: {}",
        wythoff.grundy_with_limit(20_301)?
    )?;

    // 2. A memory budget.
    let unlimited = Octal::new("0.[8]")?;
    writeln!(
        out,
        "2. A memory budget: {unlimited}, take any number and split the rest into three heaps; \
         G(0..=20) = {}",
        first_values(&unlimited, 21)?
    )?;
    let budget = 100_000;
    let game = Octal::new("0.[8]")?.with_memory_limit(budget);
    writeln!(out, "  1000 values within {budget} bytes:")?;
    let err = refused(game.values(1000))?;
    report(out, &mut met, err)?;
    let kept = game.sequence();
    let n = kept.len();
    if kept.values() != unlimited.values(n)?.values().slice(..n) {
        return Err("the values kept differ from the unlimited table's".into());
    }
    writeln!(
        out,
        "  kept: {n} values, each as a table of the default budget has it ({n}²/2 = {}: n values \
         take about n²/2 bytes); heap {} is still answered: {}",
        n * n / 2,
        n - 1,
        HeapRow::heap(game.clone(), n - 1).grundy()?
    )?;
    writeln!(out, "  heap {n} is not:")?;
    let err = refused(HeapRow::heap(game.clone(), n).grundy())?;
    report(out, &mut met, err)?;
    let mut reached = vec![(budget, n)];
    for times in [4, 16] {
        let larger = game.clone().with_memory_limit(budget * times);
        let mut from = None;
        let err = refused(larger.grow(Goal::Values(4000), |known| {
            from.get_or_insert(known);
            ControlFlow::Continue(())
        }))?;
        if !matches!(err, Error::MemoryLimit { .. }) {
            return Err(err.into());
        }
        let to = larger.sequence().len();
        writeln!(
            out,
            "  a clone within {} bytes goes on from {} values and reaches {to} ({to}² = {})",
            budget * times,
            from.unwrap_or(0),
            to * to
        )?;
        reached.push((budget * times, to));
    }
    let counts: Vec<String> = reached.iter().map(|(_, to)| to.to_string()).collect();
    writeln!(
        out,
        "  four times the bytes, about twice the values: {}",
        counts.join(", ")
    )?;

    // 3. A deadline.
    let grundys = GrundysGame::new();
    let goal = 2000;
    writeln!(
        out,
        "3. A deadline: Grundy's game to {goal} values, in slices of 10 progress reports each:"
    )?;
    for slice in 1.. {
        let (mut reports, mut from) = (0, None);
        let answer = grundys.grow(Goal::Values(goal), |known| {
            from.get_or_insert(known);
            reports += 1;
            if reports > 10 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        let from = from.unwrap_or(0);
        match answer {
            Ok(table) => {
                let one_call = GrundysGame::new().values(goal)?;
                if table.values() != one_call.values() {
                    return Err("the slices differ from one call".into());
                }
                let zeros = table.values().iter().filter(|&g| g == 0).count();
                writeln!(
                    out,
                    "  slice {slice}, from {from} values: done, {} values, as one call computes \
                     them; G({}) = *{}, and {zeros} of those heaps are P-positions",
                    table.len(),
                    goal - 1,
                    table.values().get(goal - 1).ok_or("the last value")?
                )?;
                break;
            }
            Err(err @ Error::Interrupted { .. }) => {
                writeln!(out, "  slice {slice}, from {from} values:")?;
                report(out, &mut met, err)?;
            }
            Err(err) => return Err(err.into()),
        }
    }

    // 4. The solver's budgets.
    writeln!(
        out,
        "4. The solver's budgets: subtract a square (1, 4, 9, …) from one heap, searched."
    )?;
    let mut solver = Solver::with_position_limit(1000);
    writeln!(out, "  Solver::with_position_limit(1000), heap 5000:")?;
    let err = refused(solver.grundy(&Squares(5000)))?;
    report(out, &mut met, err)?;
    let held = solver.len();
    let value = solver.grundy(&Squares(999))?;
    writeln!(
        out,
        "  after the error it holds {held} positions, and answers heap 999: {value}, {}, \
         in {} positions",
        solver.outcome(&Squares(999), Play::Normal)?,
        solver.len()
    )?;
    writeln!(out, "  Solver::new().with_move_limit(100000), heap 5000:")?;
    let err = refused(
        Solver::new()
            .with_move_limit(100_000)
            .grundy(&Squares(5000)),
    )?;
    report(out, &mut met, err)?;
    let mut solver = Solver::new();
    writeln!(
        out,
        "  Solver::new(), heap 5000: {}, {}, in {} positions",
        solver.grundy(&Squares(5000))?,
        solver.outcome(&Squares(5000), Play::Normal)?,
        solver.len()
    )?;
    writeln!(
        out,
        "  put one token back on an odd heap as well (1 → 2 → 1), heap 10:"
    )?;
    let err = refused(Solver::new().grundy(&PutBack(10)))?;
    report(out, &mut met, err)?;

    // 5. Rules of your own that are wrong.
    writeln!(
        out,
        "5. Rules of your own that are wrong, found when the values are computed:"
    )?;
    writeln!(out, "  take half a non-empty heap, rounded down:")?;
    let err = refused(HeapRow::heap(Rules::new(HalfDown), 20u32).grundy())?;
    report(out, &mut met, err)?;
    writeln!(
        out,
        "  rounded up, the rule is sound: G(0..=20) = {}",
        first_values(&Rules::new(HalfUp), 21)?
    )?;
    let parts = MAX_SPLIT_PARTS + 1;
    writeln!(
        out,
        "  take one token, or crumble the heap into {parts} heaps:"
    )?;
    let err = refused(Rules::new(Crumble(parts)).values(21))?;
    report(out, &mut met, err)?;

    // 6. Every error, sorted by its variant.
    writeln!(out, "6. The errors above, sorted by their variants:")?;
    for reply in Reply::ALL {
        let mut names: Vec<&str> = Vec::new();
        for err in met.iter().filter(|err| Reply::of(err) == Some(reply)) {
            if !names.contains(&variant(err)) {
                names.push(variant(err));
            }
        }
        writeln!(out, "  {reply}: {}", names.join(", "))?;
    }
    if let Some(err) = met.iter().find(|err| Reply::of(err).is_none()) {
        return Err(format!("an error the story does not sort: {err}").into());
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = String::new();
    story(&mut out)?;
    output::print(&out)?;
    Ok(())
}
