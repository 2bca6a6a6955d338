//! # Sums of games: four games, one move
//!
//! Run it with `cargo run --release --example sums`.
//!
//! Four games lie side by side: a Nim heap of 5, a Wythoff board `(3, 3)`, a Kayles row of 6
//! pins and a pile of 13 counters from which a move takes a square number (1, 4 or 9), a
//! game the crate does not know and which the program writes itself (a small [`Game`]). A
//! move is made in exactly one of them, and whoever cannot move loses. Who wins, and which
//! moves win?
//!
//! The idea is the **Sprague–Grundy theorem**: every position is worth a nimber, its Grundy
//! value, and the value of a sum is the nim-sum (XOR) of the values of its parts. So each
//! part is answered alone, and a winning move of the whole is a move in one part to the value
//! that makes the total `*0`: find the parts whose value has the top bit of the total, and
//! move each to `value ⊕ total`. A tuple of games is their sum ([`Part`] names the
//! component a move is made in), and a tuple of evaluators answers it part by part: here
//! [`Direct`] for the crate's three games, which have closed forms or tables, and a
//! [`Solver`] for the pile.
//!
//! What to watch in the output:
//!
//! - the value of each part and their nim-sum, `*5 + *6 + *3 + *1 = *1`, and every winning
//!   move of the whole, each followed by the sum it leaves and its value (`*0`): three of
//!   them, in the Nim heap, the Kayles row and the pile, and none on the board;
//! - the count of positions a [`Solver`] stores. Handed the whole tuple, one solver searches
//!   the product: every combination of a Nim heap, a board, a row and a pile reachable from
//!   the start, some twenty thousand positions for four small games, and the count
//!   multiplies with every part added. Part by part, a solver for each part stores the sum
//!   of the parts' positions, and with [`Direct`] for the crate's games only the pile is
//!   searched. A sum twice as large is past a limit of 20000 positions for the whole search
//!   and takes a hundred or so part by part.
//!
//! So **use a tuple of evaluators** (`(Direct, Direct, Direct, Solver::new())`, one per part,
//! [`Direct`] for every game of the crate), or, when every part is a game of the crate, the
//! tuple's own [`ClosedForm`] methods (`sum.grundy()`, `sum.winning_moves(play)`), which
//! search nothing. Hand a whole sum to one [`Solver`] only under misère play, where values do
//! not add (the `misere` example).
//!
//! ## Exercises
//!
//! 1. Put a second Nim heap of 5 beside the four games, as a fifth component. What is the
//!    total now, and how many winning moves are there? (Check with
//!    `(Direct, Direct, Direct, Solver::new(), Direct)`; the value of a sum is documented on
//!    [`Part`], in `src/solve/tuple.rs`.)
//! 2. Write the four games as a [`Sum`] instead of a tuple. Why can they not be? (A [`Sum`]
//!    holds components of one type: see [`Sum`] in `src/solve/sum.rs`.) Put three piles of
//!    squares in a [`Sum`] and ask a [`Solver`] of [`Sum`]s; is the count of positions it
//!    stores the product or the sum of the piles'? (`Sum` splits into its components through
//!    [`Game::parts`].)
//! 3. Under misère play the tuple's own methods answer [`Error::MisereUnsupported`]. Ask
//!    `Solver::new().outcome(&sum, Play::Misere)` instead, and compare the count of positions
//!    with the normal-play search of the whole.
//!
//! [`Game`]: grundy::Game
//! [`Game::parts`]: grundy::Game::parts
//! [`Part`]: grundy::Part
//! [`Direct`]: grundy::Direct
//! [`Solver`]: grundy::Solver
//! [`Sum`]: grundy::Sum
//! [`ClosedForm`]: grundy::ClosedForm
//! [`Error::MisereUnsupported`]: grundy::Error::MisereUnsupported

mod output;

use core::fmt::Write;
use core::ops::ControlFlow;
use grundy::games::{HeapRow, Nim, Octal, Wythoff};
use grundy::prelude::*;
use grundy::{Direct, Error, Part};

/// A pile from which a move takes a positive square number of counters: 1, 4, 9, …
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Squares(pub u32);

impl Game for Squares {
    /// How many counters are taken.
    type Move = u32;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u32, Squares) -> ControlFlow<()>,
    {
        let mut root = 1;
        while root * root <= self.0 {
            visit(root * root, Squares(self.0 - root * root))?;
            root += 1;
        }
        ControlFlow::Continue(())
    }
}

/// The four games: a Nim heap, a Wythoff board, a Kayles row and a pile of squares.
pub type Four = (Nim<u8>, Wythoff<u8>, HeapRow<Octal, u8>, Squares);

/// The sum with a Nim heap of `nim`, the Wythoff board `board`, a Kayles row of `pins` and a
/// pile of `pile` squares.
pub fn four(nim: u8, board: (u8, u8), pins: u8, pile: u32) -> Four {
    (
        Nim::from([nim]),
        Wythoff::new(board.0, board.1),
        HeapRow::heap(Octal::kayles(), pins),
        Squares(pile),
    )
}

/// The sum of the story.
pub const START: (u8, (u8, u8), u8, u32) = (5, (3, 3), 6, 13);

/// The sum twice as large, whose whole search is past [`WHOLE_LIMIT`].
pub const LARGER: (u8, (u8, u8), u8, u32) = (10, (6, 6), 12, 26);

/// The position limit of the whole search of [`LARGER`].
pub const WHOLE_LIMIT: usize = 20_000;

/// A move of the sum, in words: which part, and the move in that part's own words.
fn words(mv: &<Four as Game>::Move) -> String {
    match mv {
        Part::P0(m) => format!("in the Nim heap, {m}"),
        Part::P1(m) => format!("on the Wythoff board, {m}"),
        Part::P2(m) => format!("in the Kayles row, {m}"),
        Part::P3(take) => format!("in the pile, take {take}"),
        _ => unreachable!("a sum of four has four parts"),
    }
}

/// The story, written to `out`.
///
/// # Errors
///
/// Whatever the crate reports (none, for these small games).
pub fn story(out: &mut String) -> Result<(), Box<dyn std::error::Error>> {
    let (nim, board, pins, pile) = START;
    let sum = four(nim, board, pins, pile);
    let mut evaluator = (Direct, Direct, Direct, Solver::new());

    writeln!(
        out,
        "Four games side by side; a move is made in one of them, and whoever cannot move loses."
    )?;
    let values = [
        sum.0.grundy()?,
        sum.1.grundy()?,
        sum.2.grundy()?,
        evaluator.3.grundy(&sum.3)?,
    ];
    writeln!(out, "  a Nim heap {}: {}", sum.0, values[0])?;
    writeln!(out, "  a Wythoff board {}: {}", sum.1, values[1])?;
    writeln!(out, "  a Kayles row {}: {}", sum.2, values[2])?;
    writeln!(
        out,
        "  a pile of {} from which a move takes 1, 4 or 9 (a game of your own, searched): {}",
        sum.3.0, values[3]
    )?;
    let total = evaluator.grundy(&sum)?;
    writeln!(
        out,
        "The sum is worth {} + {} + {} + {} = {total}, the nim-sum of its parts: {}.",
        values[0],
        values[1],
        values[2],
        values[3],
        if total.is_zero() {
            "the player to move loses"
        } else {
            "the player to move wins"
        }
    )?;
    writeln!(
        out,
        "Every winning move of the sum, found part by part (a part whose value has the top bit \
         of {total}, moved to its value ⊕ {total}):"
    )?;
    let winning: Vec<_> = evaluator.winning_moves(&sum, Play::Normal)?.collect();
    for mv in &winning {
        let after = sum.play(mv.clone())?;
        writeln!(
            out,
            "  {}: then {} + {} + {} + a pile of {}, worth {}",
            words(mv),
            after.0,
            after.1,
            after.2,
            after.3.0,
            evaluator.grundy(&after)?
        )?;
    }

    writeln!(
        out,
        "Positions a Solver stores to answer it (the value and every winning move):"
    )?;
    let mut whole = Solver::new();
    let by_search = whole.grundy(&sum)?;
    let searched: Vec<_> = whole.winning_moves(&sum, Play::Normal)?.collect();
    let alike = searched.len() == winning.len() && searched.iter().all(|m| winning.contains(m));
    if by_search != total || !alike {
        return Err("the whole search and the parts disagree".into());
    }
    writeln!(
        out,
        "  the whole tuple, one game to one Solver: {} positions, every combination of the parts \
         (same answers)",
        whole.len()
    )?;
    let mut each = (Solver::new(), Solver::new(), Solver::new(), Solver::new());
    if each.grundy(&sum)? != total {
        return Err("the solvers of the parts disagree".into());
    }
    let counts = [each.0.len(), each.1.len(), each.2.len(), each.3.len()];
    writeln!(
        out,
        "  part by part, a Solver for each part: {} + {} + {} + {} = {} positions",
        counts[0],
        counts[1],
        counts[2],
        counts[3],
        counts.iter().sum::<usize>()
    )?;
    writeln!(
        out,
        "  part by part, Direct for the crate's games and a Solver for the pile: {} positions",
        evaluator.3.len()
    )?;
    let crates_own = (sum.0.clone(), sum.1, sum.2.clone());
    writeln!(
        out,
        "  the crate's three games alone, by the tuple's own grundy(): {}, and no position stored",
        crates_own.grundy()?
    )?;

    let (nim, board, pins, pile) = LARGER;
    let larger = four(nim, board, pins, pile);
    let mut limited = Solver::with_position_limit(WHOLE_LIMIT);
    let refused = match limited.grundy(&larger) {
        Err(err @ Error::PositionLimit { .. }) => err,
        Ok(_) => return Err("the whole search fitted in its limit".into()),
        Err(err) => return Err(err.into()),
    };
    let mut each = (Solver::new(), Solver::new(), Solver::new(), Solver::new());
    let value = each.grundy(&larger)?;
    writeln!(
        out,
        "Twice as large, {} + {} + {} + a pile of {}:",
        larger.0, larger.1, larger.2, larger.3.0
    )?;
    writeln!(
        out,
        "  the whole tuple, one Solver limited here to {WHOLE_LIMIT} positions: {refused}"
    )?;
    writeln!(
        out,
        "  part by part, a Solver for each part: {value}, from {} positions",
        each.0.len() + each.1.len() + each.2.len() + each.3.len()
    )?;
    writeln!(
        out,
        "Use a tuple of evaluators, Direct for the crate's games and a Solver for yours: \
         (Direct, Direct, Direct, Solver::new())."
    )?;
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = String::new();
    story(&mut out)?;
    output::print(&out)?;
    Ok(())
}
