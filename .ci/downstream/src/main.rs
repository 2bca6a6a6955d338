//! A user's program: a Nim position, a row of Kayles, and a game of the user's own, each
//! answered by `grundy` and checked against a brute force written here from the rules alone.
//! It prints what it checked and exits with a failure on the first wrong answer.

use std::collections::{BTreeSet, HashMap};
use std::ops::ControlFlow;

use grundy::games::{HeapMove, HeapRow, Leaves, Nim, NimMove, Octal};
use grundy::prelude::*;
use grundy::{Direct, Part};

/// The minimum excludant: the least value not in `values`.
fn mex(values: &[u128]) -> u128 {
    (0u128..)
        .find(|v| !values.contains(v))
        .expect("a finite list misses a value")
}

/// The Grundy value of a position by trying every move, memoised: `moves` lists the positions
/// one move leads to.
fn brute_grundy<P, F>(position: &P, moves: &F, memo: &mut HashMap<P, u128>) -> u128
where
    P: Clone + Eq + std::hash::Hash,
    F: Fn(&P) -> Vec<P>,
{
    if let Some(&value) = memo.get(position) {
        return value;
    }
    let options: Vec<u128> = moves(position)
        .iter()
        .map(|next| brute_grundy(next, moves, memo))
        .collect();
    let value = mex(&options);
    memo.insert(position.clone(), value);
    value
}

/// Nim's moves: take any positive number from one heap.
#[allow(clippy::ptr_arg)] // a move function of `brute_grundy` over `Vec<u8>` positions
fn nim_moves(heaps: &Vec<u8>) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (index, &heap) in heaps.iter().enumerate() {
        for to in 0..heap {
            let mut next = heaps.clone();
            next[index] = to;
            out.push(next);
        }
    }
    out
}

/// Kayles' moves on a row of heaps (rows of pins): knock down one pin or two adjacent pins of
/// one row, leaving the pins on either side as up to two rows. Positions are sorted, with no
/// empty rows, so that equal positions are written one way.
#[allow(clippy::ptr_arg)] // a move function of `brute_grundy` over `Vec<u8>` positions
fn kayles_moves(heaps: &Vec<u8>) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (index, &heap) in heaps.iter().enumerate() {
        for take in 1..=2u8.min(heap) {
            for left in 0..=heap - take {
                let right = heap - take - left;
                let mut next: Vec<u8> = heaps.clone();
                next.remove(index);
                next.extend([left, right].into_iter().filter(|&h| h > 0));
                next.sort_unstable();
                out.push(next);
            }
        }
    }
    out
}

/// The user's own game: take 1, 3 or 4 counters from a pile.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Pile(u32);

const TAKES: [u32; 3] = [1, 3, 4];

impl Game for Pile {
    type Move = u32;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u32, Pile) -> ControlFlow<()>,
    {
        for take in TAKES {
            if take <= self.0 {
                visit(take, Pile(self.0 - take))?;
            }
        }
        ControlFlow::Continue(())
    }
}

fn pile_moves(pile: &u32) -> Vec<u32> {
    TAKES
        .iter()
        .filter(|&&t| t <= *pile)
        .map(|t| pile - t)
        .collect()
}

fn nim_position() -> Result<(), grundy::Error> {
    let heaps = vec![3u8, 4, 5];
    let nim = Nim::from(heaps.clone());
    let mut memo = HashMap::new();
    let value = brute_grundy(&heaps, &nim_moves, &mut memo);
    assert_eq!(nim.grundy()?, Nimber::new(value), "Nim {heaps:?}");
    assert_eq!(nim.outcome(Play::Normal)?, Outcome::Next);

    let mut expected: Vec<NimMove<u8>> = Vec::new();
    for (index, &heap) in heaps.iter().enumerate() {
        for to in 0..heap {
            let mut next = heaps.clone();
            next[index] = to;
            if brute_grundy(&next, &nim_moves, &mut memo) == 0 {
                expected.push(NimMove { index, to });
            }
        }
    }
    let mut listed: Vec<NimMove<u8>> = nim.winning_moves(Play::Normal)?.collect();
    listed.sort_by_key(|m| (m.index, m.to));
    assert_eq!(listed, expected, "Nim {heaps:?}: winning moves");
    for mv in &listed {
        assert_eq!(nim.play(*mv)?.grundy()?, Nimber::ZERO);
    }
    println!(
        "Nim {heaps:?}: value *{value}, {} winning move(s)",
        listed.len()
    );
    Ok(())
}

fn kayles_row() -> Result<(), grundy::Error> {
    let heaps = vec![2u8, 5, 7];
    let row = HeapRow::new(Octal::kayles(), heaps.clone());
    let mut memo = HashMap::new();
    let value = brute_grundy(&heaps, &kayles_moves, &mut memo);
    assert_eq!(row.grundy()?, Nimber::new(value), "Kayles {heaps:?}");
    let outcome = if value == 0 {
        Outcome::Previous
    } else {
        Outcome::Next
    };
    assert_eq!(row.outcome(Play::Normal)?, outcome);

    // Every winning move by the brute force: (heap index, pins taken, rows left, ascending).
    let mut expected = BTreeSet::new();
    for (index, &heap) in heaps.iter().enumerate() {
        for take in 1..=2u8.min(heap) {
            for left in 0..=heap - take {
                let mut leaves: Vec<u8> = [left, heap - take - left]
                    .into_iter()
                    .filter(|&h| h > 0)
                    .collect();
                leaves.sort_unstable();
                let mut next = heaps.clone();
                next.remove(index);
                next.extend(&leaves);
                next.sort_unstable();
                if brute_grundy(&next, &kayles_moves, &mut memo) == 0 {
                    expected.insert((index, take, leaves));
                }
            }
        }
    }
    let listed: Vec<HeapMove<u8>> = row.winning_moves(Play::Normal)?.collect();
    let mut found = BTreeSet::new();
    for mv in &listed {
        let leaves = match mv.to {
            Leaves::Empty => vec![],
            Leaves::One(a) => vec![a],
            Leaves::Two(a, b) => vec![a, b],
            _ => panic!("Kayles leaves at most two rows: {mv}"),
        };
        assert!(
            found.insert((mv.index, mv.take, leaves)),
            "{mv} listed twice"
        );
        assert_eq!(row.play(mv.clone())?.grundy()?, Nimber::ZERO, "{mv}");
    }
    assert_eq!(found, expected, "Kayles {heaps:?}: winning moves");
    println!(
        "Kayles {heaps:?}: value *{value}, {} winning move(s)",
        listed.len()
    );
    Ok(())
}

fn own_game() -> Result<(), grundy::Error> {
    let mut solver = Solver::new();
    let mut memo = HashMap::new();
    for n in 0..40u32 {
        let value = brute_grundy(&n, &pile_moves, &mut memo);
        assert_eq!(solver.grundy(&Pile(n))?, Nimber::new(value), "pile {n}");
        let expected: Vec<u32> = TAKES
            .iter()
            .copied()
            .filter(|&t| t <= n && brute_grundy(&(n - t), &pile_moves, &mut memo) == 0)
            .collect();
        let mut listed: Vec<u32> = solver.winning_moves(&Pile(n), Play::Normal)?.collect();
        listed.sort_unstable();
        assert_eq!(listed, expected, "pile {n}: winning moves");
    }

    // The pile beside a Nim position, each part by its own evaluator.
    let sum = (Pile(10), Nim::from([6u8]));
    let mut evaluator = (Solver::new(), Direct);
    let pile = brute_grundy(&10, &pile_moves, &mut memo);
    assert_eq!(evaluator.grundy(&sum)?, Nimber::new(pile ^ 6));
    let moves: Vec<_> = evaluator.winning_moves(&sum, Play::Normal)?.collect();
    assert!(!moves.is_empty());
    for mv in moves {
        let after = sum.play(mv)?;
        let left = brute_grundy(&after.0.0, &pile_moves, &mut memo);
        let right = u128::from(after.1.heaps()[0]);
        assert_eq!(left, right, "{mv:?} leaves a P-position");
        assert!(matches!(mv, Part::P0(_) | Part::P1(_)));
    }
    println!("a pile of your own game: values of piles 0 to 39 and a sum with Nim agree");
    Ok(())
}

/// Bad input is a typed error, which is a `std::error::Error` with the `std` feature.
fn bad_input() {
    let error = "0.7x".parse::<Octal>().expect_err("not an octal code");
    let words = error.to_string();
    assert!(!words.is_empty());
    #[cfg(feature = "std")]
    {
        let boxed: Box<dyn std::error::Error> = Box::new(error);
        assert_eq!(boxed.to_string(), words);
    }
    println!("a bad octal code is an error: {words}");
}

fn main() -> Result<(), grundy::Error> {
    nim_position()?;
    kayles_row()?;
    own_game()?;
    bad_input();
    let features = if cfg!(feature = "std") {
        "std"
    } else {
        "no default features"
    };
    println!("downstream checks passed ({features})");
    Ok(())
}
