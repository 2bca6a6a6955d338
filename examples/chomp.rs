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
//! (a bite leaves every column at most as high as the one to its left). That is the whole
//! model; the crate's [`Solver`] does the rest. Chomp does not fall apart into regions, and
//! its positions are few (a staircase in an `R × C` box is a path of `R + C` steps, so there
//! are `C(R + C, R)` of them), so the `Solver`, which values every reachable position once,
//! is the right evaluator (see "Which to use" in `grundy::search`).
//!
//! What to watch in the output: the Grundy value of every bar up to 6 × 7, none of them
//! `*0` but `1 × 1`; the one winning move of each square bar (take the square diagonally
//! next to the poison, leaving two equal arms, then copy the opponent on the other arm); the
//! one winning move of each `2 × C` bar (take the top-right square, leaving a top row one
//! shorter than the bottom); and the `8 × 9` bar, with every staircase in it stored.
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

use core::fmt::{self, Write};
use core::ops::ControlFlow;
use grundy::prelude::*;
use std::process::ExitCode;

/// The evaluator the program asks: one line to change.
pub type Search = Solver<Chomp>;

/// The largest side of a bar: a column height is a `u8`.
pub const MAX_SIDE: usize = 255;

/// A Chomp position: the heights of the columns, left to right, non-increasing, the first
/// at least 1 (the poisoned square is never taken), no column of height 0.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Chomp(Vec<u8>);

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
        Ok(Chomp(vec![rows as u8; cols]))
    }

    /// The staircase of these column heights.
    ///
    /// # Errors
    ///
    /// No column, a column of height 0, or one higher than the column to its left.
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
        Ok(Chomp(heights.to_vec()))
    }

    /// The column heights, left to right.
    pub fn heights(&self) -> &[u8] {
        &self.0
    }

    /// The position after `bite`, if the square is there and not the poisoned one.
    fn after(&self, bite: Bite) -> Chomp {
        let mut heights = self.0.clone();
        for h in &mut heights[usize::from(bite.col)..] {
            *h = (*h).min(bite.row);
        }
        while heights.last() == Some(&0) {
            heights.pop();
        }
        Chomp(heights)
    }
}

/// The heights: `[3, 3, 1]`.
impl fmt::Display for Chomp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

impl Game for Chomp {
    type Move = Bite;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(Bite, Chomp) -> ControlFlow<()>,
    {
        for (col, &height) in self.0.iter().enumerate() {
            for row in 0..height {
                if (row, col) == (0, 0) {
                    continue; // the poison
                }
                let bite = Bite {
                    row,
                    col: col as u8,
                };
                visit(bite, self.after(bite))?;
            }
        }
        ControlFlow::Continue(())
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
        "  the solver stored {stored} positions: every staircase in the bar but the empty one"
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
    print!("{out}");
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
