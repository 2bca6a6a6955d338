//! Games of a user's own that are hard to search, each in one criterion group against the
//! textbook baseline in the same run: a recursive `HashMap` memo of whole positions (the
//! options' values collected, then their [`mex`]), no parts and no symmetry. The games are
//! those of the tutorials, included as they are: `examples/cram.rs` and `examples/chomp.rs`.
//! Every evaluator's answer is checked against the baseline's before anything is timed.
//!
//! - `cram` — the empty `4 × 5` and `4 × 6` boards (`*2`, `*0`). The baseline stores every
//!   set of empty cells play reaches; the [`Solver`] values the regions
//!   ([`Game::parts`]) apart, each moved to its corner, and adds their values; the
//!   [`Pruning`] search also stores one entry per class of symmetric regions
//!   ([`Game::canonical`]) and asks questions instead of valuing most positions; and the same
//!   search with a memory limit of an eighth of the bytes its whole table takes, which
//!   forgets and searches again.
//! - `chomp` — the `8 × 9` bar: 24,309 staircases, none of which splits, which the baseline
//!   stores; the [`Solver`] stores 18,002 of them, a staircase and its mirror image once
//!   ([`Game::canonical`]). The `Solver` against the baseline only (the `Pruning` docs send
//!   Chomp to the `Solver`).
//!
//! `cargo bench -p grundy-benches --bench hard_games` measures the full sizes;
//! `cargo bench -- --test` runs each benchmark once on small sizes (`3 × 4`, `4 × 5`).
//!
//! [`Game::parts`]: grundy::Game::parts
//! [`Game::canonical`]: grundy::Game::canonical

#[allow(dead_code)]
#[path = "../examples/cram.rs"]
mod cram;

#[allow(dead_code)]
#[path = "../examples/chomp.rs"]
mod chomp;

use chomp::Chomp;
use core::time::Duration;
use cram::Cram;
use criterion::{BenchmarkId, Criterion};
use grundy::search::Pruning;
use grundy::{Evaluator, Game, Nimber, Solver, mex};
use std::collections::HashMap;
use std::hint::black_box;

/// The baseline: the textbook recursion over whole positions, with a `HashMap` memo.
fn recursive<G: Game>(position: &G, memo: &mut HashMap<G, Nimber>) -> Nimber {
    if let Some(&v) = memo.get(position) {
        return v;
    }
    let options: Vec<Nimber> = position
        .moves()
        .into_iter()
        .map(|(_, q)| recursive(&q, memo))
        .collect();
    let v = mex(options);
    memo.insert(position.clone(), v);
    v
}

fn bench_cram(c: &mut Criterion, sizes: &[(usize, usize)]) {
    let mut group = c.benchmark_group("cram");
    group.sample_size(10);
    for &(rows, cols) in sizes {
        let board = Cram::new(rows, cols).unwrap();
        let id = format!("{rows}x{cols}");
        // All must agree before any is timed.
        let expected = recursive(&board, &mut HashMap::new());
        assert_eq!(Solver::new().grundy(&board).unwrap(), expected);
        assert_eq!(Pruning::new().grundy(&board).unwrap(), expected);

        group.bench_with_input(
            BenchmarkId::new("recursive_hashmap", &id),
            &board,
            |b, board| b.iter(|| recursive(black_box(board), &mut HashMap::new())),
        );
        group.bench_with_input(
            BenchmarkId::new("grundy_solver", &id),
            &board,
            |b, board| b.iter(|| Solver::new().grundy(black_box(board)).unwrap()),
        );
        group.bench_with_input(BenchmarkId::new("pruning", &id), &board, |b, board| {
            b.iter(|| Pruning::new().grundy(black_box(board)).unwrap())
        });
        // The same search in an eighth of the bytes its whole table takes (doubled while the
        // open questions need more: on the smoke run's small board an eighth is too small):
        // it forgets.
        let mut whole = Pruning::new();
        whole.grundy(&board).unwrap();
        let mut limit = whole.bytes() / 8;
        let bounded = loop {
            let mut search = Pruning::new().with_memory_limit(limit);
            match search.grundy(&board) {
                Ok(value) => {
                    assert_eq!(value, expected);
                    break search;
                }
                Err(grundy::Error::SearchMemoryLimit { .. }) => limit *= 2,
                Err(e) => panic!("{e}"),
            }
        };
        assert!(limit >= whole.bytes() || bounded.forgotten() > 0);
        group.bench_with_input(
            BenchmarkId::new("pruning_eighth_memory", &id),
            &board,
            |b, board| {
                b.iter(|| {
                    Pruning::new()
                        .with_memory_limit(limit)
                        .grundy(black_box(board))
                        .unwrap()
                })
            },
        );
    }
    group.finish();
}

fn bench_chomp(c: &mut Criterion, sizes: &[(usize, usize)]) {
    let mut group = c.benchmark_group("chomp");
    group.sample_size(10);
    for &(rows, cols) in sizes {
        let bar = Chomp::new(rows, cols).unwrap();
        let id = format!("{rows}x{cols}");
        let expected = recursive(&bar, &mut HashMap::new());
        assert_eq!(Solver::new().grundy(&bar).unwrap(), expected);

        group.bench_with_input(
            BenchmarkId::new("recursive_hashmap", &id),
            &bar,
            |b, bar| b.iter(|| recursive(black_box(bar), &mut HashMap::new())),
        );
        group.bench_with_input(BenchmarkId::new("grundy_solver", &id), &bar, |b, bar| {
            b.iter(|| Solver::new().grundy(black_box(bar)).unwrap())
        });
    }
    group.finish();
}

fn main() {
    // `cargo bench -- --test` (the CI smoke run) runs each benchmark once: small sizes.
    let smoke = std::env::args().any(|a| a == "--test");
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5))
        .configure_from_args();
    if smoke {
        bench_cram(&mut c, &[(3, 4)]);
        bench_chomp(&mut c, &[(4, 5)]);
    } else {
        bench_cram(&mut c, &[(4, 5), (4, 6)]);
        bench_chomp(&mut c, &[(8, 9)]);
    }
    c.final_summary();
}
