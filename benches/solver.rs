//! The generic solver against a straightforward recursive `HashMap` memo, on two games with
//! about a million positions each, each game in one criterion group so the ratio is read from
//! one run. Both answers must agree before either is timed.
//!
//! - `solver` — two piles `(a, b)`; a move takes 1, 2 or 3 counters from one pile, or one
//!   counter from each. From `(n, n)` every `(a, b)` with `a, b <= n` is reachable, so
//!   `n = 999` gives 10^6 positions and about 7 million moves. The baseline recursion collects
//!   the moves with [`Game::moves`] and takes the [`mex`] of the collected values.
//! - `solver_board` — a token on an `n × n` board (cells `(x, y)`, `0 <= x, y < n`); a move
//!   takes it one cell left `(x - 1, y)`, one cell down `(x, y - 1)`, one cell diagonally
//!   `(x - 1, y - 1)`, or a knight's jump towards the corner, `(x - 2, y - 1)` or
//!   `(x - 1, y - 2)`, never off the board: five moves a position away from the edges. From
//!   the far corner `(n - 1, n - 1)` every cell is reachable, so `n = 1000` gives 10^6
//!   positions and about 5 million moves; whoever cannot move (at `(0, 0)`) loses. Two
//!   baselines, both `std`'s `HashMap` with its default hasher: `recursive_hashmap`, the same
//!   recursion as for the piles (the options' values collected, then their [`mex`]), and
//!   `recursive_hashmap_noalloc`, the tightest a user writes by hand for this one game: the
//!   five steps in a constant array and the mex over a `[bool; 6]`, no allocation at all.
//!
//! Each timed solve starts from an empty `Solver` (no reservation) and an empty `HashMap`.

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

/// A token on a board: its cell `(x, y)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Cell(u16, u16);

/// The five steps of the board game, `(left, down)`.
const STEPS: [(u16, u16); 5] = [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)];

impl Game for Cell {
    /// The step taken, as an index into [`STEPS`].
    type Move = u8;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u8, Cell) -> ControlFlow<()>,
    {
        let Cell(x, y) = *self;
        for (i, (dx, dy)) in STEPS.into_iter().enumerate() {
            if dx <= x && dy <= y {
                visit(i as u8, Cell(x - dx, y - dy))?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// The baseline for the board: the same textbook recursion as for the piles.
fn board_recursive(cell: Cell, memo: &mut HashMap<Cell, Nimber>) -> Nimber {
    if let Some(&v) = memo.get(&cell) {
        return v;
    }
    let options: Vec<Nimber> = cell
        .moves()
        .into_iter()
        .map(|(_, q)| board_recursive(q, memo))
        .collect();
    let v = mex(options);
    memo.insert(cell, v);
    v
}

/// The tightest baseline for the board: written for this game alone, no allocation.
fn board_noalloc(cell: Cell, memo: &mut HashMap<Cell, u32>) -> u32 {
    if let Some(&v) = memo.get(&cell) {
        return v;
    }
    let Cell(x, y) = cell;
    let mut seen = [false; STEPS.len() + 1];
    for (dx, dy) in STEPS {
        if dx <= x && dy <= y {
            seen[board_noalloc(Cell(x - dx, y - dy), memo) as usize] = true;
        }
    }
    let v = seen.iter().position(|&s| !s).unwrap_or(STEPS.len()) as u32;
    memo.insert(cell, v);
    v
}

fn solver_board(c: &mut Criterion) {
    let mut group = c.benchmark_group("solver_board");
    group.sample_size(10);
    for n in [100u16, 1000] {
        let root = Cell(n - 1, n - 1);
        // Both must agree, on every cell, before either is timed.
        let mut memo = HashMap::new();
        board_noalloc(root, &mut memo);
        assert_eq!(memo.len(), usize::from(n) * usize::from(n));
        let mut solver = Solver::new();
        solver.grundy(&root).unwrap();
        for (cell, &v) in &memo {
            assert_eq!(solver.grundy(cell).unwrap(), Nimber::from(v), "{cell:?}");
        }
        assert_eq!(
            board_recursive(root, &mut HashMap::new()),
            Nimber::from(memo[&root])
        );
        drop((memo, solver));

        group.bench_with_input(
            BenchmarkId::new("recursive_hashmap", n),
            &root,
            |b, &root| b.iter(|| board_recursive(black_box(root), &mut HashMap::new())),
        );
        group.bench_with_input(
            BenchmarkId::new("recursive_hashmap_noalloc", n),
            &root,
            |b, &root| b.iter(|| board_noalloc(black_box(root), &mut HashMap::new())),
        );
        group.bench_with_input(BenchmarkId::new("grundy_solver", n), &root, |b, &root| {
            b.iter(|| Solver::new().grundy(black_box(&root)).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, solver, solver_board);
criterion_main!(benches);
