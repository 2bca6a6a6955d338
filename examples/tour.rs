//! A guided tour of `grundy`: run it with `cargo run --release --example tour`.
//!
//! Each stop prints a question, the crate's answer, and the idea behind it:
//!
//! 1. nimbers and the mex, the arithmetic of impartial games;
//! 2. a game of your own, solved by the generic [`Solver`];
//! 3. sums of games, won through the Sprague–Grundy theorem;
//! 4. misère play, where the last mover loses;
//! 5. the classic games, answered by exact closed forms.

use core::ops::ControlFlow;
use grundy::games::Nim;
use grundy::{ClosedForms, Evaluator, Game, Nimber, Play, Side, Solver, Sum, mex, nim_sum};

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

    heading(5, "Closed forms: Nim at the top of u128");
    let nim = Nim::new(vec![u128::MAX, u128::MAX / 3, 12_345]);
    println!("heaps {:?}", nim.heaps());
    println!("value {} ({:?})", nim.grundy(), nim.outcome());
    for m in nim.winning_moves() {
        println!("  win: reduce heap #{} to {}", m.heap, m.to);
    }
    println!("\nThat is the tour. The docs (`cargo doc --open`) tell the rest.");
    Ok(())
}
