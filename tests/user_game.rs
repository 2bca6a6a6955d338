//! A user's game from scratch, solved end to end with the public API only: alone, in a sum with
//! itself, next to a Nim heap, and under misère play; and against the shared brute-force
//! oracle (`tests/common`), which knows the game as the octal game 0.77.
//!
//! The game is Kayles, written the way a user would who has never heard of octal codes: a row
//! of pins; a move knocks down one pin or two neighbouring pins, which may split a row in two.

use crate::common;

use common::rules::{self, In, RowMove};
use common::{Oracle, SmallRow, listed_once};
use core::ops::ControlFlow;
use grundy::games::{Nim, NimMove};
use grundy::prelude::*;
use grundy::{Direct, Part, Sum, SumMove};
use quickcheck::{QuickCheck, TestResult};
use std::cell::RefCell;
use std::collections::BTreeSet;

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

/// The rows as the oracle holds them: the non-empty rows, ascending.
fn as_row(pins: &Pins) -> Vec<u32> {
    let mut row: Vec<u32> = pins
        .0
        .iter()
        .map(|&r| u32::from(r))
        .filter(|&r| r > 0)
        .collect();
    row.sort_unstable();
    row
}

/// A knock as the oracle names a move of 0.77 on the (sorted, non-empty) rows: the row's
/// index among them, the pins taken, and the rows left in its place.
fn as_row_move(pins: &Pins, knock: &Knock) -> RowMove {
    let len = pins.0[knock.row];
    let row = as_row(&Pins(pins.0[..knock.row].to_vec())).len();
    let mut left: Vec<u32> = [knock.at, len - knock.at - knock.count]
        .into_iter()
        .filter(|&r| r > 0)
        .map(u32::from)
        .collect();
    left.sort_unstable();
    (row, u32::from(knock.count), left)
}

type KaylesOracle = Oracle<Vec<u32>, RowMove, Box<dyn Fn(&Vec<u32>) -> Vec<(RowMove, Vec<u32>)>>>;

thread_local! {
    /// One brute force of 0.77 and one search of the user's game for all the cases.
    static KAYLES: RefCell<(KaylesOracle, Solver<Pins>)> =
        RefCell::new((Oracle::new(Box::new(rules::octal("0.77"))), Solver::new()));
}

/// The user's rules, searched by the crate's solver, against the octal game 0.77 searched by
/// the oracle: the value, the outcome under both plays, and the winning moves (knocks that
/// leave the same rows are one move of 0.77).
fn prop_pins(row: SmallRow) -> TestResult {
    let rows: Vec<u8> = row.0.iter().map(|&h| h as u8).collect();
    let mut sorted_rows = rows.clone();
    sorted_rows.sort_unstable();
    let pins = Pins(sorted_rows);
    let state = as_row(&pins);
    KAYLES.with_borrow_mut(|(oracle, solver)| {
        let mut ok = solver.grundy(&pins) == Ok(Nimber::new(oracle.grundy(&state)));
        for play in [Play::Normal, Play::Misere] {
            ok &= solver.outcome(&pins, play) == Ok(oracle.outcome(&state, play));
            let knocks = listed_once(solver.winning_moves(&pins, play).expect("small"));
            let found: BTreeSet<RowMove> = knocks.iter().map(|k| as_row_move(&pins, k)).collect();
            ok &= found == oracle.winning_moves(&state, play);
            // Every knock that does one of those winning moves is listed.
            for (knock, _) in pins.moves() {
                ok &= knocks.contains(&knock) == found.contains(&as_row_move(&pins, &knock));
            }
        }
        TestResult::from_bool(ok)
    })
}

#[test]
fn the_users_kayles_is_the_octal_game_0_77() {
    QuickCheck::new()
        .tests(3000)
        .quickcheck(prop_pins as fn(SmallRow) -> TestResult);
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
    let winning: Vec<Knock> = solver.winning_moves(&row, Play::Normal).unwrap().collect();
    assert!(!winning.is_empty());
    for (knock, after) in row.moves() {
        let is_winning = winning.contains(&knock);
        let outcome = solver.outcome(&after, Play::Normal).unwrap();
        assert_eq!(
            is_winning,
            outcome == Outcome::Previous,
            "{knock:?} -> {after:?}"
        );
        assert_eq!(row.play(knock.clone()), Ok(after));
    }
    // Knocking the middle pin leaves 5 + 5, a mirror position.
    let middle = Knock {
        row: 0,
        at: 5,
        count: 1,
    };
    assert!(winning.contains(&middle));
    assert_eq!(row.play(middle), Ok(Pins(vec![5, 5])));
    // A knock the rules do not allow is an error.
    let beyond = Knock {
        row: 0,
        at: 10,
        count: 2,
    };
    assert!(matches!(
        row.play(beyond),
        Err(grundy::Error::IllegalMove { .. })
    ));
}

#[test]
fn rows_in_a_sum_and_next_to_a_nim_heap() {
    let mut solver = Solver::<Pins>::new();
    // Two rows as one position of the user's own game, and as a Sum of one-row positions.
    let as_one = Pins(vec![4, 7]); // *1 + *2
    let as_sum = Sum::from([Pins(vec![4]), Pins(vec![7])]);
    assert_eq!(solver.grundy(&as_one).unwrap(), Nimber::new(3));
    assert_eq!(solver.grundy(&as_sum).unwrap(), Nimber::new(3));
    // The sum's winning moves, found component by component, are the same knocks as those
    // the search of the single position finds.
    let mut from_sum: Vec<(u8, u8, u8)> = solver
        .winning_moves(&as_sum, Play::Normal)
        .unwrap()
        .map(|SumMove { component, mv }| ([4, 7][component], mv.at, mv.count))
        .collect();
    let mut from_search: Vec<(u8, u8, u8)> = solver
        .winning_moves(&as_one, Play::Normal)
        .unwrap()
        .map(|k| (as_one.0[k.row], k.at, k.count))
        .collect();
    from_sum.sort_unstable();
    from_search.sort_unstable();
    assert_eq!(from_sum, from_search);
    assert!(!from_sum.is_empty());
    // Each leaves the sum at *0.
    for mv in solver
        .winning_moves(&as_sum, Play::Normal)
        .unwrap()
        .collect::<Vec<_>>()
    {
        let after = as_sum.play(mv).unwrap();
        assert_eq!(solver.grundy(&after), Ok(Nimber::ZERO));
    }

    // Next to a Nim heap of 6: the row of 11 is *6, so the pair is a P-position. With a heap
    // of 7 the winning move is in the heap (7 -> 6); with a heap of 4 it is in the row, which
    // must reach *4 (knocking two pins at one end leaves a row of 9, *4).
    let mut evaluator = (Solver::new(), Direct);
    let balanced = (Pins(vec![11]), Nim::from([6u32]));
    assert_eq!(evaluator.grundy(&balanced).unwrap(), Nimber::ZERO);
    assert_eq!(
        evaluator
            .moves_to_value(&balanced, Nimber::ZERO)
            .unwrap()
            .count(),
        0
    );
    let heap_of_7 = (Pins(vec![11]), Nim::from([7u32]));
    let in_the_heap: Vec<_> = evaluator
        .moves_to_value(&heap_of_7, Nimber::ZERO)
        .unwrap()
        .collect();
    assert_eq!(in_the_heap, [Part::P1(NimMove { index: 0, to: 6 })]);
    let heap_of_4 = (Pins(vec![11]), Nim::from([4u32]));
    let in_the_row: Vec<_> = evaluator
        .moves_to_value(&heap_of_4, Nimber::ZERO)
        .unwrap()
        .collect();
    assert!(!in_the_row.is_empty());
    assert!(in_the_row.iter().all(|m| matches!(m, Part::P0(_))));
    let after_row: Vec<_> = in_the_row
        .iter()
        .map(|m| heap_of_4.play(m.clone()).unwrap())
        .collect();
    assert!(after_row.iter().any(|after| after.0 == Pins(vec![9])));
    let after_heap = in_the_heap
        .iter()
        .map(|m| heap_of_7.play(m.clone()).unwrap());
    for after in after_row.iter().cloned().chain(after_heap) {
        assert_eq!(evaluator.grundy(&after).unwrap(), Nimber::ZERO);
        // And by a search of the pair as a whole game, with no Sprague–Grundy shortcut.
        assert_eq!(
            Solver::new().outcome(&after, Play::Normal).unwrap(),
            Outcome::Previous
        );
    }
    // The brute force over the pair, knowing the row as 0.77, finds the same moves.
    let mut oracle = Oracle::new(rules::pair(rules::octal("0.77"), rules::nim::<u32>));
    let state = (vec![11], vec![4u32]);
    let as_brute = |m: &Part<Knock, NimMove<u32>>| match m {
        Part::P0(k) => In::C0(as_row_move(&Pins(vec![11]), k)),
        Part::P1(NimMove { index, to }) => In::C1((*index, *to)),
        _ => unreachable!("a pair has two components"),
    };
    let found: BTreeSet<_> = in_the_row.iter().map(as_brute).collect();
    assert_eq!(found, oracle.winning_moves(&state, Play::Normal));
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
    // A winning misère move leaves a misère P-position, and there is one exactly when the
    // player to move wins and has a move (single rows of 1, 4 and 9 are misère P-positions).
    for n in 0..12 {
        let row = Pins(vec![n]);
        let winning: Vec<Knock> = solver.winning_moves(&row, Play::Misere).unwrap().collect();
        let outcome = solver.outcome(&row, Play::Misere).unwrap();
        assert_eq!(
            winning.is_empty(),
            n == 0 || outcome == Outcome::Previous,
            "{n}"
        );
        assert_eq!(outcome == Outcome::Previous, [1, 4, 9].contains(&n), "{n}");
        for knock in winning {
            let after = row.play(knock).unwrap();
            assert_eq!(
                solver.outcome(&after, Play::Misere).unwrap(),
                Outcome::Previous
            );
        }
    }
    // A sum of rows under misère play: a solver of sums searches it; asked component by
    // component, it says misère play needs that.
    let sum = Sum::from([Pins(vec![1]), Pins(vec![1])]);
    assert_eq!(
        Solver::<Sum<Pins>>::new().outcome(&sum, Play::Misere),
        Ok(Outcome::Next)
    );
    assert!(matches!(
        Solver::<Pins>::new().outcome(&sum, Play::Misere),
        Err(grundy::Error::MisereUnsupported { .. })
    ));
}

/// A countdown whose listing breaks off on its own at `broken`, naming its fault or not.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Flaky {
    n: u8,
    broken: u8,
    names_it: bool,
}

impl Game for Flaky {
    type Move = u8;
    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u8, Flaky) -> ControlFlow<()>,
    {
        for take in 1..=self.n.min(2) {
            if self.n == self.broken && take == 2 {
                return ControlFlow::Break(()); // one move listed, then the rules fail
            }
            visit(
                take,
                Flaky {
                    n: self.n - take,
                    ..self.clone()
                },
            )?;
        }
        ControlFlow::Continue(())
    }

    fn fault(&self) -> Option<grundy::Error> {
        (self.names_it && self.n == self.broken).then(|| grundy::Error::IllegalMove {
            reason: format!("no rule for {}", self.n),
        })
    }
}

#[test]
fn a_listing_cut_short_by_the_game_is_an_error_not_a_value() {
    let named = Flaky {
        n: 6,
        broken: 4,
        names_it: true,
    };
    let mut solver = Solver::new();
    let fault = Err(grundy::Error::IllegalMove {
        reason: "no rule for 4".into(),
    });
    assert_eq!(solver.grundy(&named), fault);
    assert_eq!(
        solver.outcome(&named, Play::Misere).err(),
        fault.clone().err()
    );
    assert_eq!(
        solver.winning_moves(&named, Play::Normal).err(),
        fault.clone().err()
    );
    assert!(solver.is_empty(), "a failed search keeps nothing");
    // Below the fault the game is "take 1 or 2": heap 3 is *0.
    assert_eq!(
        solver
            .grundy(&Flaky {
                n: 3,
                ..named.clone()
            })
            .unwrap(),
        Nimber::ZERO
    );
    // A game that breaks off without naming a fault.
    let unnamed = Flaky {
        names_it: false,
        ..named.clone()
    };
    assert_eq!(
        Solver::new().grundy(&unnamed),
        Err(grundy::Error::IncompleteMoves)
    );
    // `play` of a move past the fault names it.
    assert_eq!(
        Flaky {
            n: 4,
            ..named.clone()
        }
        .play(2)
        .err(),
        fault.err()
    );
}
