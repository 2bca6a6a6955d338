//! The generic solver against a straightforward recursive `HashMap` memo, on one game with
//! just over a million positions, in one criterion group so the ratio is read from one run.
//!
//! The game: two piles `(a, b)`; a move takes 1, 2 or 3 counters from one pile, or one
//! counter from each. From `(n, n)` every `(a, b)` with `a, b <= n` is reachable, so
//! `n = 999` gives 10^6 positions and about 7 million moves.

use core::ops::ControlFlow;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use grundy::{Evaluator, Game, Nimber, Solver, mex};
use std::collections::HashMap;
use std::hint::black_box;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Piles(u16, u16);

impl Game for Piles {
    type Move = (u8, u8);

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut((u8, u8), Piles) -> ControlFlow<()>,
    {
        let Piles(a, b) = *self;
        for t in 1..=3u16 {
            if t <= a {
                visit((t as u8, 0), Piles(a - t, b))?;
            }
            if t <= b {
                visit((0, t as u8), Piles(a, b - t))?;
            }
        }
        if a > 0 && b > 0 {
            visit((1, 1), Piles(a - 1, b - 1))?;
        }
        ControlFlow::Continue(())
    }
}

/// The baseline: the textbook recursion with a `HashMap` memo.
fn recursive(position: Piles, memo: &mut HashMap<Piles, Nimber>) -> Nimber {
    if let Some(&v) = memo.get(&position) {
        return v;
    }
    let options: Vec<Nimber> = position
        .moves()
        .into_iter()
        .map(|(_, q)| recursive(q, memo))
        .collect();
    let v = mex(options);
    memo.insert(position, v);
    v
}

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("solver");
    group.sample_size(10);
    for n in [99u16, 999] {
        let root = Piles(n, n);
        // Both must agree before either is timed.
        let expected = recursive(root, &mut HashMap::new());
        assert_eq!(Solver::new().grundy(&root).unwrap(), expected);

        group.bench_with_input(
            BenchmarkId::new("recursive_hashmap", n),
            &root,
            |b, &root| b.iter(|| recursive(black_box(root), &mut HashMap::new())),
        );
        group.bench_with_input(BenchmarkId::new("grundy_solver", n), &root, |b, &root| {
            b.iter(|| Solver::new().grundy(black_box(&root)).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, solver);
criterion_main!(benches);
