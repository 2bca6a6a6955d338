//! # Loopy games: play that can come back, draws, and values that still add
//!
//! Run it with `cargo run --release --example loopy_games`.
//!
//! Every game so far ends, whatever the players do. Here is one that need not: a token on
//! the cells of a strip, moved one or two cells left (the subtraction game `{1, 2}`, values
//! `*0 *1 *2` repeated), with one move added that goes right, from cell 6 to cell 8. Now play
//! can go `6 → 8 → 7 → 6 → …` for ever, and a game that never ends is a **draw**.
//!
//! 1. **The Solver refuses it.** A Grundy value is the mex of the options' values, and the
//!    value of cell 6 would then depend on itself. The [`Solver`] finds the cycle and says so
//!    ([`Error::Cycle`]) rather than answer wrong or never.
//! 2. **Loopy nim values.** [`Loopy`] gives each position Smith's value ([`Value`]). A
//!    position is worth a nimber `*n` when it plays like a Nim heap of `n`: it has options of
//!    every value below `n` and none of value `n`, every option of a larger or infinite
//!    value *reverses out* (has a move back to a position of value `*n`), and play still
//!    ends (whoever is winning can make it end). Otherwise it is worth `∞{K}`, `K` the
//!    finite values of its options. The outcome follows: `*0` is lost for the player to move
//!    (P), another nimber won (N), `∞{K}` won when `0 ∈ K` (by a move to `*0`) and else a
//!    draw (D). Cell 6 is `∞{1,2}`: its jump reaches cell 8, whose moves go to 7 and 6,
//!    neither a nimber, so the jump never reverses out; its moves left reach `*2` and `*1`,
//!    both lost for the player who makes them. The program prints each cell's value,
//!    outcome, and its winning moves ([`Loopy::winning_moves`]) or the moves that keep a
//!    draw ([`Loopy::drawing_moves`]).
//! 3. **Sums.** With two tokens on the strip a move moves one of them, and Smith's rule adds
//!    the values ([`Value::sum`]) as the Sprague–Grundy theorem does for games that end:
//!    `*a + *b = *(a ⊕ b)`, `∞{K} + *b = ∞{K ⊕ b}` (each element XORed with `b`), and two
//!    infinite parts make `∞{}`, a draw. So a draw beside a win can be a win (`7 + 5`:
//!    `∞{2} + *2 = ∞{0}`, won by taking the token at 7 to 5, which leaves `*2 + *2`) or a
//!    draw (`9 + 1`). [`Loopy::value_of_sum`] and [`Loopy::winning_moves_in_sum`] answer from
//!    the parts alone; the program checks every placement of the two tokens against `Loopy`
//!    on the pair searched whole.
//!
//! What to watch: cells 6 to 9 print `D` with the moves that keep the draw (every other move
//! loses); the token at 7, a draw alone, wins beside the token at 5; and the last line
//! counts how the placements of two tokens end, the same by the sum and by the search.
//!
//! ## Exercises
//!
//! 1. Move the jump to go from cell 2 to cell 4 (so `2 → 4 → 2` is a cycle). The `Solver`
//!    still refuses the game; which loopy values change? (Ask [`Loopy::value`]. Hint: the
//!    jump reaches a smaller value, and a player at 2 who is winning need never use it.)
//! 2. For which cells `c` does the drawn token at 6 beside a token at `c` win, and by which
//!    move? Work it out with Smith's rule from the printed values, then check with
//!    [`Loopy::value_of_sum`] and [`Loopy::winning_moves_in_sum`].
//! 3. The example of the module `grundy::loopy` (`src/loopy/mod.rs`) is a cycle of three
//!    cells, each with an exit where play ends: one token is won (move it out), yet two
//!    tokens are a draw. Say why with [`Value::sum`] before reading the example's asserts.
//!
//! [`Solver`]: grundy::Solver
//! [`Error::Cycle`]: grundy::Error::Cycle
//! [`Loopy`]: grundy::loopy::Loopy
//! [`Loopy::value`]: grundy::loopy::Loopy::value
//! [`Loopy::winning_moves`]: grundy::loopy::Loopy::winning_moves
//! [`Loopy::drawing_moves`]: grundy::loopy::Loopy::drawing_moves
//! [`Loopy::value_of_sum`]: grundy::loopy::Loopy::value_of_sum
//! [`Loopy::winning_moves_in_sum`]: grundy::loopy::Loopy::winning_moves_in_sum
//! [`Value`]: grundy::loopy::Value
//! [`Value::sum`]: grundy::loopy::Value::sum

mod output;

use core::fmt::Write;
use core::ops::ControlFlow;
use grundy::loopy::{Loopy, Outcome};
use grundy::{Error, Evaluator, Game, Solver};

/// The cells of the story: `0..CELLS`.
pub const CELLS: u8 = 10;

/// The jump: from cell `JUMP.0` two cells right, to cell `JUMP.1`.
pub const JUMP: (u8, u8) = (6, 8);

/// The pairs of cells whose sums the story prints.
pub const SUMS: [[u8; 2]; 4] = [[4, 5], [7, 5], [9, 1], [7, 6]];

/// A token on cell `.0`, moved one or two cells left, or, when `.1` is true, also from
/// `JUMP.0` to `JUMP.1`. A move is the cell reached.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Token(pub u8, pub bool);

impl Game for Token {
    type Move = u8;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u8, Token) -> ControlFlow<()>,
    {
        for step in 1..=2 {
            if let Some(to) = self.0.checked_sub(step) {
                visit(to, Token(to, self.1))?;
            }
        }
        if self.1 && self.0 == JUMP.0 {
            visit(JUMP.1, Token(JUMP.1, true))?;
        }
        ControlFlow::Continue(())
    }
}

/// Two tokens on the strip with the jump, searched whole: a move is `(which token, cell)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Pair(pub [u8; 2]);

impl Game for Pair {
    type Move = (usize, u8);

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut((usize, u8), Pair) -> ControlFlow<()>,
    {
        for k in 0..2 {
            for (to, _) in Token(self.0[k], true).moves() {
                let mut next = self.0;
                next[k] = to;
                visit((k, to), Pair(next))?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// The cells reached, as `"to 3"` or `"to 7 or 6"`.
fn cells(moves: &[u8]) -> String {
    let to: Vec<String> = moves.iter().map(u8::to_string).collect();
    format!("to {}", to.join(" or "))
}

/// The story, written to `out`.
///
/// # Errors
///
/// Whatever the crate reports (none, for this strip).
pub fn story(out: &mut impl Write) -> Result<(), Box<dyn std::error::Error>> {
    let last = CELLS - 1;
    writeln!(
        out,
        "A token on cells 0 to {last}, moved one or two cells left; whoever cannot move loses."
    )?;
    let mut solver = Solver::new();
    let values = (0..CELLS)
        .map(|at| solver.grundy(&Token(at, false)).map(|g| g.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    writeln!(out, "  values by the Solver: {}", values.join(" "))?;

    // 1. The jump closes a cycle, and the Solver refuses the game.
    // The jump goes two cells right, so one step left and one more close the cycle.
    let (from, to) = JUMP;
    let cycle = format!("{from} → {to} → {} → {from}", to - 1);
    writeln!(
        out,
        "Add a move from cell {from} to cell {to}: play can go {cycle} for ever."
    )?;
    match Solver::new().grundy(&Token(last, true)) {
        Err(e @ Error::Cycle) => writeln!(out, "  the Solver refuses it: {e}")?,
        other => return Err(format!("the Solver answered {other:?}").into()),
    }

    // 2. Loopy values, outcomes, and the moves to make.
    writeln!(out, "  Loopy's values and outcomes, and the moves to make:")?;
    let mut solved = Loopy::new();
    solved.value(&Token(last, true))?; // the last cell first: every other is reached from it
    for at in 0..CELLS {
        let token = Token(at, true);
        let (value, outcome) = (solved.value(&token)?, solved.outcome(&token)?);
        if outcome != value.outcome() {
            return Err(format!("cell {at}: the outcome is not the value's").into());
        }
        let moves = match outcome {
            Outcome::Next => format!("wins by moving {}", cells(&solved.winning_moves(&token)?)),
            Outcome::Draw => format!("draws by moving {}", cells(&solved.drawing_moves(&token)?)),
            Outcome::Previous if at == 0 => "no move".to_string(),
            Outcome::Previous => "every move loses".to_string(),
        };
        writeln!(out, "    cell {at}: {value:<7} {outcome}, {moves}")?;
    }

    // 3. Sums of two tokens, from the parts' values, against the pair searched whole.
    writeln!(
        out,
        "Two tokens on the strip: a move moves one. Smith's rule adds the values:"
    )?;
    for [a, b] in SUMS {
        let parts = [Token(a, true), Token(b, true)];
        let (va, vb) = (solved.value(&parts[0])?, solved.value(&parts[1])?);
        let sum = solved.value_of_sum(&parts)?;
        let wins: Vec<String> = solved
            .winning_moves_in_sum(&parts)?
            .into_iter()
            .map(|(k, to)| format!("token at {} to {to}", [a, b][k]))
            .collect();
        let by = if wins.is_empty() { "" } else { ", wins by " };
        let wins = wins.join(", ");
        writeln!(
            out,
            "  {a} + {b}: {va} + {vb} = {sum}, {}{by}{wins}",
            sum.outcome()
        )?;
    }
    let mut whole = Loopy::new();
    whole.outcome(&Pair([last; 2]))?; // every placement is reached from this one
    let mut outcomes = Vec::new();
    for a in 0..CELLS {
        for b in 0..CELLS {
            let outcome = whole.outcome(&Pair([a, b]))?;
            let sum = solved.value_of_sum(&[Token(a, true), Token(b, true)])?;
            if sum.outcome() != outcome {
                return Err(format!("{a} + {b}: the sum and the search disagree").into());
            }
            outcomes.push(outcome);
        }
    }
    let count = |o| outcomes.iter().filter(|&&x| x == o).count();
    writeln!(
        out,
        "  all {} placements, searched whole as pairs ({} positions): the same outcomes, \
         N {}, P {}, D {}",
        outcomes.len(),
        whole.len(),
        count(Outcome::Next),
        count(Outcome::Previous),
        count(Outcome::Draw)
    )?;
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = String::new();
    story(&mut out)?;
    output::print(&out)?;
    Ok(())
}
