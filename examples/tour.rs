//! A guided tour of `grundy`: run it with `cargo run --release --example tour`.
//!
//! Each stop prints a question, the crate's answer, and the idea behind it:
//!
//! 1. nimbers and the mex, the arithmetic of impartial games;
//! 2. a game of your own, solved by the generic [`Solver`];
//! 3. sums of games, won through the Sprague–Grundy theorem;
//! 4. misère play, where the last mover loses;
//! 5. the classic games, answered by exact closed forms: Nim, misère Nim, Bash, Wythoff,
//!    Georgia–Bob and staircase Nim;
//! 6. heap games by Grundy sequence (Kayles, Dawson's Kayles, Grundy's game, subtraction games),
//!    computed fast and answered at any size once a period is proven.

use core::ops::ControlFlow;
use grundy::games::{
    Bash, GeorgiaBob, GrundysGame, MisereNim, Nim, Octal, OctalPosition, Staircase, Subtraction,
    Wythoff, p_position,
};
use grundy::{ClosedForms, Evaluator, Game, Nimber, Play, Side, Solver, Sum, mex, nim_sum};
use std::sync::Arc;

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

fn heading(n: u32, title: &str) {
    println!("\n== {n}. {title} ==");
}

fn main() -> Result<(), grundy::Error> {
    println!("A tour of grundy: impartial games, solved exactly.");

    heading(1, "Nimbers and the mex");
    let total = nim_sum([3u8, 5, 6]);
    println!("3 ^ 5 ^ 6 = {total}: nim-addition is XOR, and *0 means the player to move loses");
    let options = [0u8, 1, 3].map(Nimber::from);
    println!(
        "mex{{0, 1, 3}} = {}: the least value no option has",
        mex(options)
    );

    heading(2, "A game of your own: take 1, 3 or 4 counters");
    let mut solver = Solver::new();
    let values = (0..15)
        .map(|n| solver.grundy(&Pile(n)).map(|v| v.get().to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    println!("Grundy values of piles 0..15: {}", values.join(" "));
    println!(
        "(they repeat with period 7; a pile is lost for the player to move when its value is 0)"
    );
    for n in [7, 10] {
        let pile = Pile(n);
        let outcome = solver.outcome(&pile, Play::Normal)?;
        let moves: Vec<String> = solver
            .winning_moves(&pile, Play::Normal)?
            .into_iter()
            .map(|(take, after)| format!("take {take} (leaving {})", after.0))
            .collect();
        println!(
            "pile of {n}: {} wins; winning moves: {}",
            if outcome.is_next() {
                "the player to move"
            } else {
                "the other player"
            },
            if moves.is_empty() {
                "none".to_string()
            } else {
                moves.join(", ")
            }
        );
    }
    println!("the solver memoised {} positions so far", solver.len());

    heading(3, "Sums: a move is made in one component");
    let sum = Sum::new(vec![Pile(4), Pile(5), Pile(9)]);
    let value = sum.grundy(&mut solver)?;
    println!("piles 4 + 5 + 9 are worth *2 + *3 + *0 = {value}");
    for ((component, take), after) in sum.winning_moves(&mut solver)? {
        let sizes: Vec<u32> = after.components().iter().map(|p| p.0).collect();
        println!("  win: take {take} from pile #{component}, leaving {sizes:?}");
    }
    println!("(found component by component, never by searching the product of the piles;");
    println!(" a winning move may even raise a pile's value, as 9 -> 8 does, from *0 to *1)");
    let pair = (Pile(6), Nim::new(vec![5u64]));
    let mut evaluator = (Solver::new(), ClosedForms);
    println!(
        "a pile of 6 next to a Nim heap of 5: {} + *5 = {}",
        evaluator.grundy(&(Pile(6), Nim::new(vec![0u64])))?,
        evaluator.grundy(&pair)?
    );
    for (side, after) in evaluator.moves_to_value(&pair, Nimber::ZERO)? {
        match side {
            Side::Left(take) => println!("  win: take {take} from the pile, leaving {}", after.0.0),
            Side::Right(m) => println!("  win: reduce the Nim heap to {}", m.to),
        }
    }

    heading(4, "Misère play: whoever takes the last counter loses");
    let misere = Solver::new().outcome(&sum, Play::Misere)?;
    println!(
        "piles 4 + 5 + 9 under misère play: {} (by a search of the sum itself)",
        if misere.is_next() {
            "the player to move wins"
        } else {
            "the player to move loses"
        }
    );

    heading(5, "Closed forms: the classic games, exact at every width");
    let nim = Nim::new(vec![u128::MAX, u128::MAX / 3, 12_345]);
    println!("Nim {:?}", nim.heaps());
    println!("  value {} ({:?})", nim.grundy(), nim.outcome());
    for m in nim.winning_moves() {
        println!("  win: reduce heap #{} to {}", m.heap, m.to);
    }

    let misere = MisereNim::new(vec![1u32, 1, 5]);
    println!("misère Nim {:?}: {:?}", misere.heaps(), misere.outcome());
    for m in misere.winning_moves() {
        println!(
            "  win: reduce heap #{} to {} (leave an odd number of single counters)",
            m.heap, m.to
        );
    }

    let bash = Bash::new(23u64, 2)?;
    println!(
        "Bash: 23 counters, take 1..=2: value {} = 23 mod 3; win by taking {:?}",
        bash.grundy(),
        bash.winning_moves().map(|m| m.take).collect::<Vec<_>>()
    );

    let (a, b) = p_position(102_334_155u64)?;
    println!(
        "Wythoff: the P-position with difference 102334155 is ({a}, {b}); floating point says \
         ⌊kφ⌋ = 165580141 and gets it wrong"
    );
    let board = Wythoff::new(a + 1, b);
    println!(
        "  ({}, {b}) is {:?}; winning moves:",
        a + 1,
        board.outcome()
    );
    for m in board.winning_moves() {
        println!("    to ({}, {})", m.a, m.b);
    }

    let chessmen = GeorgiaBob::new(vec![9u32, 3, 7, 2])?;
    println!(
        "Georgia–Bob {:?}: gaps XOR to {}; every winning move:",
        chessmen.cells(),
        chessmen.grundy()
    );
    for m in chessmen.winning_moves() {
        println!("  move the chessman on {} to {}", m.from, m.to);
    }
    println!(
        "  (2 -> 1 *widens* the gap of the pair (2, 3): the left chessman of a pair may win too)"
    );
    let stairs = Staircase::new(vec![3u8, 1, 4])?;
    println!(
        "staircase Nim, coins {:?} on steps 1..: value {} (the XOR of the odd steps)",
        stairs.steps(),
        stairs.grundy()
    );
    heading(6, "Heap games by Grundy sequence, with proven periods");
    let kayles = Arc::new(Octal::kayles().tabulate(200, 1 << 20)?);
    let first: Vec<String> = kayles.sequence().values()[..24]
        .iter()
        .map(u32::to_string)
        .collect();
    println!("Kayles (octal 0.77): knock down one pin or two neighbours from a row");
    println!("  G(0..24) = {}", first.join(" "));
    if let Some(period) = kayles.sequence().period() {
        println!(
            "  proven by the Guy–Smith theorem: period {} from heap {}",
            period.period, period.preperiod
        );
    }
    let row = OctalPosition::heap(Arc::clone(&kayles), 10u128.pow(30));
    println!(
        "  a row of 10^30 pins is worth {} (through the period), {:?}",
        row.grundy()?,
        row.outcome()?
    );
    let shown: Vec<String> = row
        .winning_moves()?
        .take(2)
        .map(|m| {
            let left: Vec<String> = m.to.heaps().map(|h| h.to_string()).collect();
            format!("take {} leaving rows [{}]", m.take, left.join(", "))
        })
        .collect();
    println!(
        "  its first winning moves (listed lazily): {}",
        shown.join("; ")
    );
    let kayles_and_nim = (
        OctalPosition::heap(Arc::clone(&kayles), 11),
        Nim::new(vec![6u64]),
    );
    println!(
        "  a row of 11 pins next to a Nim heap of 6: {} (so a P-position)",
        ClosedForms.grundy(&kayles_and_nim)?
    );
    let grundys = GrundysGame::new().tabulate(30, 1 << 20)?;
    let values: Vec<String> = grundys
        .sequence()
        .values()
        .iter()
        .map(u32::to_string)
        .collect();
    println!(
        "Grundy's game (split a heap into two unequal heaps): {}",
        values.join(" ")
    );
    let dawson = Octal::dawsons_kayles().tabulate(300, 1 << 20)?;
    if let Some(period) = dawson.sequence().period() {
        println!(
            "Dawson's Kayles (0.07): period {} from heap {}, proven",
            period.period, period.preperiod
        );
    }
    let subtraction = Subtraction::new([1, 3, 4])?.tabulate(40, 1 << 20)?;
    if let Some(period) = subtraction.sequence().period() {
        println!(
            "the subtraction game {{1, 3, 4}} of stop 2: period {} from heap {}, proven",
            period.period, period.preperiod
        );
    }

    println!("\nThat is the tour. The docs (`cargo doc --open`) tell the rest.");
    Ok(())
}
