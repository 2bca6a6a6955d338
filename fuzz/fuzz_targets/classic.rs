//! The classic games on arbitrary positions, every width: no panic; the answers keep their
//! laws (a winning move leads to a P-position, the value is `*0` exactly at P-positions,
//! a move to a value reaches that value), and on small positions they equal the `Solver`'s.
#![no_main]

use grundy::games::{Bash, GeorgiaBob, Nim, Staircase, Wythoff};
use grundy::prelude::*;
use grundy::Error;
use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;
use std::collections::BTreeSet;
use std::fmt::Debug;

#[derive(Arbitrary, Debug)]
enum Case {
    Nim(Vec<u128>),
    SmallNim(Vec<u8>),
    Bash(u128, u128),
    SmallBash(u8, u8),
    Wythoff(u128, u128),
    Wythoff64(u64, u64),
    SmallWythoff(u8, u8),
    Staircase(Vec<u64>),
    SmallStaircase(Vec<u8>),
    GeorgiaBob(Vec<u128>),
    SmallGeorgiaBob(Vec<u8>),
}

/// Whether the position has a move (without listing them all).
fn has_move<G: Game>(game: &G) -> bool {
    let mut any = false;
    let _ = game.for_each_move(|_, _| {
        any = true;
        core::ops::ControlFlow::Break(())
    });
    any
}

/// The laws every answer keeps, on any position, checked on at most a few moves each; the
/// Grundy value too when `values` (Wythoff's comes from a table of up to 2^20 entries, too
/// slow to build on every run: its values are checked on small boards).
fn laws<G>(game: &G, target: u128, values: bool)
where
    G: ClosedForm + Debug,
    G::Move: Debug + Copy,
{
    for play in [Play::Normal, Play::Misere] {
        let outcome = match game.outcome(play) {
            Ok(outcome) => outcome,
            Err(Error::MisereUnsupported { .. }) if play == Play::Misere => continue,
            Err(e) => panic!("{game:?} {play}: {e}"),
        };
        let moves = game.winning_moves(play).expect("an outcome, so winning moves");
        let mut count = 0;
        for mv in moves.take(8) {
            count += 1;
            let next = game.play(mv).unwrap_or_else(|e| panic!("{game:?}: {mv:?}: {e}"));
            assert_eq!(next.outcome(play).unwrap(), Outcome::Previous, "{game:?} {mv:?}");
        }
        let terminal_win = play == Play::Misere && !has_move(game);
        assert_eq!(
            outcome.is_next(),
            count > 0 || terminal_win,
            "{game:?} {play}: {outcome} with {count} winning moves"
        );
    }
    if !values {
        return;
    }
    match game.grundy() {
        Ok(value) => {
            assert_eq!(value.is_zero(), game.outcome(Play::Normal).unwrap().is_previous());
            let target = Nimber::new(target);
            if let Ok(moves) = game.moves_to_value(target) {
                for mv in moves.take(4) {
                    let next = game.play(mv).expect("a listed move is legal");
                    if let Ok(v) = next.grundy() {
                        assert_eq!(v, target, "{game:?} {mv:?}");
                    }
                }
            }
        }
        // Only Wythoff's Grundy values come from a bounded table.
        Err(Error::TableLimit { .. }) => {}
        Err(e) => panic!("{game:?}: {e}"),
    }
}

/// On small positions, the closed forms equal the search.
fn against_solver<G>(game: &G)
where
    G: ClosedForm + Debug,
    G::Move: Ord + Debug,
{
    let mut solver = Solver::new();
    assert_eq!(game.grundy().unwrap(), solver.grundy(game).unwrap(), "{game:?}");
    for play in [Play::Normal, Play::Misere] {
        let Ok(outcome) = game.outcome(play) else {
            continue;
        };
        assert_eq!(outcome, solver.outcome(game, play).unwrap(), "{game:?} {play}");
        let closed: BTreeSet<_> = game.winning_moves(play).unwrap().collect();
        let searched: BTreeSet<_> = solver.winning_moves(game, play).unwrap().collect();
        assert_eq!(closed, searched, "{game:?} {play}");
    }
}

fuzz_target!(|input: (Case, u128)| {
    let (case, target) = input;
    match case {
        Case::Nim(heaps) => laws(&Nim::from(heaps), target, true),
        Case::SmallNim(heaps) => {
            let heaps: Vec<u8> = heaps.into_iter().take(3).map(|h| h % 8).collect();
            let nim = Nim::from(heaps);
            laws(&nim, target % 16, true);
            against_solver(&nim);
        }
        Case::Bash(n, k) => {
            if let Ok(bash) = Bash::new(n, k) {
                laws(&bash, target, true);
            }
        }
        Case::SmallBash(n, k) => {
            if let Ok(bash) = Bash::new(n % 64, k % 9) {
                laws(&bash, target % 16, true);
                against_solver(&bash);
            }
        }
        Case::Wythoff(a, b) => laws(&Wythoff::new(a, b), target, false),
        Case::Wythoff64(a, b) => laws(&Wythoff::new(a, b), target, false),
        Case::SmallWythoff(a, b) => {
            let w = Wythoff::new(a % 24, b % 24);
            laws(&w, target % 32, true);
            against_solver(&w);
        }
        Case::Staircase(steps) => {
            if let Ok(stairs) = Staircase::new(steps) {
                laws(&stairs, target, true);
            }
        }
        Case::SmallStaircase(steps) => {
            let steps: Vec<u8> = steps.into_iter().take(4).map(|s| s % 4).collect();
            if let Ok(stairs) = Staircase::new(steps) {
                laws(&stairs, target % 8, true);
                against_solver(&stairs);
            }
        }
        Case::GeorgiaBob(cells) => {
            if let Ok(board) = GeorgiaBob::new(cells) {
                laws(&board, target, true);
            }
        }
        Case::SmallGeorgiaBob(cells) => {
            let cells: Vec<u8> = cells.into_iter().take(4).map(|c| c % 10).collect();
            if let Ok(board) = GeorgiaBob::new(cells) {
                laws(&board, target % 8, true);
                against_solver(&board);
            }
        }
    }
});
