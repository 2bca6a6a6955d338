//! # Chomp: a proof that the first player wins, and a search that says how
//!
//! Run it with `cargo run --release --example chomp`, or
//! `cargo run --release --example chomp -- ROWS COLS` for one bar.
//!
//! A chocolate bar of `R × C` squares; the bottom-left square is poisoned. A move takes one
//! square that is left and every square above it and to its right; whoever takes the
//! poisoned square loses. Equivalently, the poisoned square may not be taken, the bar with
//! only the poisoned square left has no move, and the last player to move wins: normal play.
//!
//! Who wins a bar? Every bar but `1 × 1` is won by the first player, by *strategy stealing*:
//! suppose taking the top-right square alone lost; then the opponent has a winning answer,
//! but what is left after that answer could have been left by the first move itself, since
//! every bite takes the top-right square anyway. So some first move wins. Which one? The
//! argument does not say, and for most bars nobody knows a rule: a search finds it.
//!
//! A position is a staircase: the heights of the columns, left to right, never increasing
//! (a bite leaves every column at most as high as the one to its left). Chomp does not fall
//! apart into regions, and its positions are few (a staircase in an `R × C` bar is a path of
//! `R + C` steps, so there are `C(R + C, R)` of them), so the `Solver`, which values every
//! reachable position once, is the right evaluator (see "Which to use" in `grundy::search`).
//!
//! ## A position in one machine word
//!
//! The search stores millions of positions and lists every move of each: `12 × 12` has
//! 2.7 million staircases and about 190 million moves. So the model is chosen for the
//! search, not for reading. A staircase is its boundary: the path from the top-left corner
//! of a `32 × 32` box to its bottom-right corner, around the squares that are left, one step
//! at a time, right or down. That is 64 steps, one bit each in a `u64`: bit `i` is step `i`,
//! 1 for a step right, 0 for a step down. Copying, hashing and comparing a position is then
//! one instruction each, with nothing to allocate.
//!
//! - **A square is a pair of steps.** The square in row `r` and column `c` is there exactly
//!   when the step right along the top of column `c` comes before the step down along the
//!   right end of row `r`. So the squares are the pairs (a 1 at bit `i`, a 0 at a bit
//!   `j > i`).
//! - **A bite sorts a window.** Taking that square, and every square above it and to its
//!   right, cuts the corner between the two steps: from step `i` to step `j` the path now
//!   goes down first, then right, with as many steps of each as before. In bits: the window
//!   from `i` to `j` keeps its count of 1s and moves them all to its top.
//! - **A mirror image is the same game.** Reflecting a staircase in the diagonal swaps rows
//!   and columns, and every move with its mirror move, so the two have the same value. Its
//!   path is the path walked backwards with right and down swapped: `!p.reverse_bits()`.
//!   [`Game::canonical`] names the smaller of the two, and the `Solver` stores a staircase
//!   and its mirror image once: half the positions of a square bar, and half the moves to
//!   list.
//!
//! With these three, a `12 × 12` bar takes about three seconds (its value is `*41`); see
//! BENCHMARKS.md for the measurements beside a dedicated Chomp solver. The first model of
//! this example, the heights in a `Vec<u8>` with no mirror images, took four to five times as
//! long.
//!
//! What to watch in the output: the Grundy value of every bar up to 6 × 7, none of them
//! `*0` but `1 × 1`; the one winning move of each square bar (take the square diagonally
//! next to the poison, leaving two equal arms, then copy the opponent on the other arm); the
//! one winning move of each `2 × C` bar (take the top-right square, leaving a top row one
//! shorter than the bottom); and the `8 × 9` bar, with every staircase in it stored once up
//! to its mirror image.
//!
//! ## Exercises
//!
//! 1. Why is an L with two equal arms a P-position? (An L of arms `a` up and `b` right is
//!    the staircase `[a + 1, 1, …, 1]` with `b` ones, and a bite in it shortens one arm: it
//!    is the sum of two rows. Check its value against `Nim::from([a, b])`,
//!    `grundy::games::Nim`.)
//! 2. Is there a `3 × C` or `4 × C` bar with more than one winning move, for `C` up to 20?
//!    (Run `cargo run --release --example chomp -- R C` for each.)
//! 3. Put a Nim heap of 5 beside the `3 × 4` bar: which move wins the sum, and in which
//!    game? (A tuple `(bar, Nim::from([5u8]))` is the sum, answered by the evaluator
//!    `(Solver::new(), Direct)`: see [`Part`] and `examples/your_own_game.rs`.)
//!
//! [`Solver`]: grundy::Solver
//! [`Part`]: grundy::Part

mod output;

use core::fmt::{self, Write};
use core::ops::ControlFlow;
use grundy::prelude::*;
use std::process::ExitCode;

/// The evaluator the program asks: one line to change.
pub type Search = Solver<Chomp>;

/// The largest side of a bar: the box every staircase is drawn in is `32 × 32`.
pub const MAX_SIDE: usize = 32;

/// The steps of a path across the box: 32 right and 32 down.
const STEPS: u32 = 2 * MAX_SIDE as u32;

/// A Chomp position: a staircase, as its boundary in the `32 × 32` box (see the module's
/// docs): bit `i` is the path's step `i` from the top-left corner, 1 right and 0 down. A
/// staircase always keeps the poisoned square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Chomp(u64);

/// A move: take the square in `row` (0 at the bottom) and `col` (0 at the left), and every
/// square above it and to its right.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Bite {
    /// The row, 0 at the bottom.
    pub row: u8,
    /// The column, 0 at the left.
    pub col: u8,
}

/// `(1,2)`: row, then column.
impl fmt::Display for Bite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}

/// The lowest `bits` bits set, `bits` from 0 to 64.
fn low(bits: u32) -> u64 {
    // A shift by 64 is out of range, so 0 bits are the one case apart.
    u64::MAX.checked_shr(64 - bits).unwrap_or(0)
}

impl Chomp {
    /// The whole bar of `rows × cols` squares.
    ///
    /// # Errors
    ///
    /// A side of 0 or more than [`MAX_SIDE`].
    pub fn new(rows: usize, cols: usize) -> Result<Chomp, String> {
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
            return Err(format!(
                "a {rows} × {cols} bar: rows and columns run from 1 to {MAX_SIDE}"
            ));
        }
        Chomp::staircase(&vec![rows as u8; cols])
    }

    /// The staircase of these column heights.
    ///
    /// # Errors
    ///
    /// No column, a column of height 0, one higher than the column to its left, or more
    /// than [`MAX_SIDE`] columns or rows.
    pub fn staircase(heights: &[u8]) -> Result<Chomp, String> {
        if heights.first().is_none_or(|&h| h == 0) {
            return Err("the poisoned square's column needs a height of at least 1".into());
        }
        if let Some(i) = heights.windows(2).position(|w| w[1] > w[0] || w[1] == 0) {
            return Err(format!(
                "column {} has height {} after {}: heights are non-increasing and at least 1",
                i + 1,
                heights[i + 1],
                heights[i]
            ));
        }
        if heights.len() > MAX_SIDE || usize::from(heights[0]) > MAX_SIDE {
            return Err(format!(
                "{} columns, the first of height {}: a staircase fits in {MAX_SIDE} × {MAX_SIDE}",
                heights.len(),
                heights[0]
            ));
        }
        // Walk the boundary from the top-left corner: down to each column's top, then right
        // along it; down to the floor after the last column, then right to the box's end.
        let (mut path, mut step, mut level) = (0u64, 0, MAX_SIDE as u8);
        for &h in heights.iter().chain([&0]) {
            step += u32::from(level - h); // down, 0 bits
            level = h;
            if h > 0 {
                path |= 1 << step; // right
                step += 1;
            }
        }
        path |= !low(step); // the rest of the way right, along the floor
        Ok(Chomp(path))
    }

    /// The column heights, left to right: for each step right, 32 less the steps down before
    /// it.
    pub fn heights(&self) -> Vec<u8> {
        let mut heights = Vec::new();
        let mut rights = self.0;
        while rights != 0 {
            let step = rights.trailing_zeros();
            let down = step - heights.len() as u32;
            if down == STEPS / 2 {
                break; // along the floor
            }
            heights.push((STEPS / 2 - down) as u8);
            rights &= rights - 1;
        }
        heights
    }

    /// Its mirror image in the diagonal, rows for columns: the path walked backwards, with
    /// right and down swapped.
    pub fn mirror(&self) -> Chomp {
        Chomp(!self.0.reverse_bits())
    }
}

/// The heights: `[3, 3, 1]`.
impl fmt::Display for Chomp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.heights())
    }
}

impl Game for Chomp {
    type Move = Bite;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(Bite, Chomp) -> ControlFlow<()>,
    {
        let path = self.0;
        // The poison: the first step right (column 0) and the last step down (row 0).
        let poison = (path.trailing_zeros(), 63 - (!path).leading_zeros());
        let mut rights = path;
        while rights != 0 {
            let i = rights.trailing_zeros();
            rights &= rights - 1;
            let col = (path & low(i)).count_ones();
            // Every step down after step i: a square of column `col`.
            let mut downs = !path & !low(i + 1);
            while downs != 0 {
                let j = downs.trailing_zeros();
                downs &= downs - 1;
                if (i, j) == poison {
                    continue;
                }
                let row = STEPS / 2 - 1 - (j - (path & low(j)).count_ones());
                // The window from i to j: its 1s moved to its top.
                let window = low(j - i + 1) << i;
                let ones = (path & window).count_ones();
                let after = (path & !window) | (low(ones) << (j + 1 - ones));
                let bite = Bite {
                    row: row as u8,
                    col: col as u8,
                };
                visit(bite, Chomp(after))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The smaller of the staircase and its mirror image, if that is the mirror image.
    fn canonical(&self) -> Option<Chomp> {
        let mirror = self.mirror();
        (mirror.0 < self.0).then_some(mirror)
    }
}

/// The largest bar of the story.
pub const BIG: (usize, usize) = (8, 9);

/// `"a, b, c"`, or `"none"`.
fn joined(items: impl IntoIterator<Item = String>) -> String {
    let items: Vec<String> = items.into_iter().collect();
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    }
}

/// The winning moves of `bar`, in words.
fn wins(search: &mut Search, bar: &Chomp) -> Result<String, grundy::Error> {
    let moves = search.winning_moves(bar, Play::Normal)?;
    Ok(joined(moves.map(|mv| mv.to_string())))
}

/// The story, written to `out`.
///
/// # Errors
///
/// A failure of `out`, or whatever the search reports (nothing, for these bars).
pub fn story(out: &mut impl Write) -> Result<(), Box<dyn std::error::Error>> {
    writeln!(
        out,
        "Chomp: a move takes a square and every square above it and to its right; whoever \
         takes the poisoned bottom-left square loses."
    )?;
    let mut search = Search::new();
    writeln!(out, "The values of the R × C bars:")?;
    writeln!(
        out,
        "  R\\C{}",
        (1..=7).map(|c| format!("{c:>4}")).collect::<String>()
    )?;
    for rows in 1..=6 {
        let mut line = format!("  {rows:>3}");
        for cols in 1..=7 {
            let value = search.grundy(&Chomp::new(rows, cols)?)?;
            line.push_str(&format!("{:>4}", value.to_string()));
        }
        writeln!(out, "{line}")?;
    }
    writeln!(
        out,
        "  Only 1 × 1 is *0: in any other bar, the first player steals the strategy."
    )?;
    writeln!(
        out,
        "The square bars, won by the square next to the poison (two equal arms are left):"
    )?;
    for n in 2..=6 {
        let bar = Chomp::new(n, n)?;
        writeln!(
            out,
            "  {n} × {n}: winning moves {}",
            wins(&mut search, &bar)?
        )?;
    }
    writeln!(
        out,
        "The 2 × C bars, won by the top-right square (a top row one shorter is left):"
    )?;
    for c in 2..=6 {
        let bar = Chomp::new(2, c)?;
        writeln!(out, "  2 × {c}: winning moves {}", wins(&mut search, &bar)?)?;
    }
    let (r, c) = BIG;
    let bar = Chomp::new(r, c)?;
    let mut big = Search::new();
    let value = big.grundy(&bar)?;
    let stored = big.len();
    writeln!(
        out,
        "The {r} × {c} bar: {value}, winning moves {}",
        wins(&mut big, &bar)?
    )?;
    writeln!(
        out,
        "  the solver stored {stored} positions: every staircase in the bar but the empty one, \
         a staircase and its mirror image once"
    )?;
    writeln!(out, "Exercises:")?;
    writeln!(
        out,
        "  1. Why is an L with two equal arms P? Check: the staircase [a + 1, 1, …, 1] (b ones) \
         against Nim::from([a, b]) (grundy::games::Nim)."
    )?;
    writeln!(
        out,
        "  2. Is there a 3 × C or 4 × C bar with more than one winning move, for C ≤ 20? \
         Check: `cargo run --release --example chomp -- R C`."
    )?;
    writeln!(
        out,
        "  3. Which move wins the 3 × 4 bar beside a Nim heap of 5? Check: (bar, \
         Nim::from([5u8])) with (Solver::new(), Direct) (grundy::Part)."
    )?;
    Ok(())
}

/// The bar `ROWS COLS` names.
///
/// # Errors
///
/// Not two arguments, one that is not a number, or a bar [`Chomp::new`] refuses.
pub fn bar_of(args: &[String]) -> Result<Chomp, String> {
    let [rows, cols] = args else {
        return Err(format!(
            "expected ROWS COLS (or nothing, for the story), got {} argument{}{}",
            args.len(),
            if args.len() == 1 { "" } else { "s" },
            if args.is_empty() {
                String::new()
            } else {
                format!(": {args:?}")
            }
        ));
    };
    let number = |what: &str, arg: &str| {
        arg.parse::<usize>()
            .map_err(|_| format!("{what} {arg:?} is not a whole number from 1 to {MAX_SIDE}"))
    };
    Chomp::new(number("ROWS", rows)?, number("COLS", cols)?)
}

/// Solves one bar: its value and its winning moves.
fn solve(bar: &Chomp, out: &mut impl Write) -> Result<(), Box<dyn std::error::Error>> {
    let mut search = Search::new();
    let value = search.grundy(bar)?;
    writeln!(
        out,
        "Chomp {} × {}: {} positions stored",
        bar.heights()[0],
        bar.heights().len(),
        search.len()
    )?;
    writeln!(out, "value: {value}")?;
    writeln!(out, "winning moves: {}", wins(&mut search, bar)?)?;
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut out = String::new();
    let done = if args.is_empty() {
        story(&mut out)
    } else {
        match bar_of(&args) {
            Ok(bar) => solve(&bar, &mut out),
            Err(err) => {
                eprintln!("error: {err} (usage: chomp [ROWS COLS], sides from 1 to {MAX_SIDE})");
                return ExitCode::from(2);
            }
        }
    };
    // What was found is printed even when the search then failed.
    let printed = output::print(&out).map_err(Into::into);
    match done.and(printed) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
