//! A user's game from scratch, solved end to end with the public API only: alone, in a sum with
//! itself, next to a Nim heap, and under misère play.
//!
//! The game is Kayles, written the way a user would who has never heard of octal codes: a row
//! of pins; a move knocks down one pin or two neighbouring pins, which may split a row in two.

use core::ops::ControlFlow;
use grundy::games::Nim;
use grundy::{ClosedForms, Evaluator, Game, Nimber, Outcome, Play, Side, Solver, Sum};

/// Rows of standing pins, kept sorted so that equal positions compare equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Pins(Vec<u8>);

/// Which row, where the knocked pins start, and how many (1 or 2).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Knock {
    row: usize,
    at: u8,
    count: u8,
}

impl Game for Pins {
    type Move = Knock;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(Knock, Pins) -> ControlFlow<()>,
    {
        for (row, &len) in self.0.iter().enumerate() {
            for count in 1..=2u8 {
                for at in 0..len.saturating_sub(count - 1) {
                    let mut rows = self.0.clone();
                    rows.remove(row);
                    let (left, right) = (at, len - at - count);
                    rows.extend([left, right].into_iter().filter(|&r| r > 0));
                    rows.sort_unstable();
                    visit(Knock { row, at, count }, Pins(rows))?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

#[test]
fn a_row_alone() {
    let mut solver = Solver::new();
    let values: Vec<u128> = (0..12)
        .map(|n| solver.grundy(&Pins(vec![n])).unwrap().get())
        .collect();
    // The Kayles values as every table prints them.
    assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);

    // The row of 11 (*6) is won by splitting it into two equal parts: every winning move
    // leaves a position the solver calls P, and every other move leaves an N-position.
    let row = Pins(vec![11]);
    let winning = solver.winning_moves(&row, Play::Normal).unwrap();
    assert!(!winning.is_empty());
    for (knock, after) in row.moves() {
        let is_winning = winning.iter().any(|(k, _)| *k == knock);
        let outcome = solver.outcome(&after, Play::Normal).unwrap();
        assert_eq!(
            is_winning,
            outcome == Outcome::Previous,
            "{knock:?} -> {after:?}"
        );
    }
    // Knocking the middle pin leaves 5 + 5, a mirror position.
    assert!(winning.contains(&(
        Knock {
            row: 0,
            at: 5,
            count: 1
        },
        Pins(vec![5, 5])
    )));
}

#[test]
fn rows_in_a_sum_and_next_to_a_nim_heap() {
    let mut solver = Solver::new();
    // Two rows as one position of the user's own game, and as a Sum of one-row positions.
    let as_one = Pins(vec![4, 7]); // *1 + *2
    let as_sum = Sum::new(vec![Pins(vec![4]), Pins(vec![7])]);
    assert_eq!(solver.grundy(&as_one).unwrap(), Nimber::new(3));
    assert_eq!(as_sum.grundy(&mut solver).unwrap(), Nimber::new(3));
    // The sum's winning moves, found component by component, are the same knocks as those
    // the search of the single position finds.
    let mut from_sum: Vec<(u8, u8, u8)> = as_sum
        .winning_moves(&mut solver)
        .unwrap()
        .into_iter()
        .map(|((i, k), _)| ([4, 7][i], k.at, k.count))
        .collect();
    let mut from_search: Vec<(u8, u8, u8)> = solver
        .winning_moves(&as_one, Play::Normal)
        .unwrap()
        .into_iter()
        .map(|(k, _)| (as_one.0[k.row], k.at, k.count))
        .collect();
    from_sum.sort_unstable();
    from_search.sort_unstable();
    assert_eq!(from_sum, from_search);
    assert!(!from_sum.is_empty());

    // Next to a Nim heap of 6: the row of 11 is *6, so the pair is a P-position. With a heap
    // of 7 the winning move is in the heap (7 -> 6); with a heap of 4 it is in the row, which
    // must reach *4 (knocking two pins at one end leaves a row of 9, *4).
    let mut evaluator = (Solver::new(), ClosedForms);
    let balanced = (Pins(vec![11]), Nim::new(vec![6u32]));
    assert_eq!(evaluator.grundy(&balanced).unwrap(), Nimber::ZERO);
    assert!(
        evaluator
            .moves_to_value(&balanced, Nimber::ZERO)
            .unwrap()
            .is_empty()
    );
    let mut winning = evaluator
        .moves_to_value(&(Pins(vec![11]), Nim::new(vec![7u32])), Nimber::ZERO)
        .unwrap();
    assert!(winning.iter().all(|(m, _)| matches!(m, Side::Right(_))));
    assert_eq!(winning.len(), 1);
    let in_the_row = evaluator
        .moves_to_value(&(Pins(vec![11]), Nim::new(vec![4u32])), Nimber::ZERO)
        .unwrap();
    assert!(in_the_row.iter().all(|(m, _)| matches!(m, Side::Left(_))));
    assert!(in_the_row.iter().any(|(_, after)| after.0 == Pins(vec![9])));
    winning.extend(in_the_row);
    for (_, after) in &winning {
        assert_eq!(evaluator.grundy(after).unwrap(), Nimber::ZERO);
        // And by a search of the pair as a whole game, with no Sprague–Grundy shortcut.
        assert_eq!(
            Solver::new().outcome(after, Play::Normal).unwrap(),
            Outcome::Previous
        );
    }
}

#[test]
fn misere_rows() {
    let mut solver = Solver::new();
    // Misère Kayles: a single pin is a loss for the player who must take it; no pins is a win.
    assert_eq!(
        solver.outcome(&Pins(vec![]), Play::Misere).unwrap(),
        Outcome::Next
    );
    assert_eq!(
        solver.outcome(&Pins(vec![1]), Play::Misere).unwrap(),
        Outcome::Previous
    );
    assert_eq!(
        solver.outcome(&Pins(vec![2]), Play::Misere).unwrap(),
        Outcome::Next
    );
    // Two single pins: whoever moves leaves one pin to the opponent, who must take it.
    assert_eq!(
        solver.outcome(&Pins(vec![1, 1]), Play::Misere).unwrap(),
        Outcome::Next
    );
    // A winning misère move leaves a misère P-position.
    let row = Pins(vec![9]);
    for (_, after) in solver.winning_moves(&row, Play::Misere).unwrap() {
        assert_eq!(
            solver.outcome(&after, Play::Misere).unwrap(),
            Outcome::Previous
        );
    }
}
