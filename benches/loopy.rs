//! The loopy solver against the search a user writes by hand for a game with draws: a
//! retrograde analysis of wins, losses and draws over a graph built in `std`'s `HashMap`.
//! Both give every position's outcome; the solver gives its loopy nim value as well (a
//! labelling in stages, one per finite value), so the ratio is the price of the values.
//!
//! The game: two piles `(a, b)` of at most `n` counters; a move takes 1, 2 or 3 counters from
//! one pile, or puts one counter back on a pile that holds 5 modulo 8 (and fewer than `n`).
//! Play can go on for ever, and from `(n, n)` every `(a, b)` is reachable: `n = 299` gives
//! 90 000 positions and about 550 000 moves. At `n = 99`, 3762 positions are won, 628 lost and
//! 5610 drawn; the finite values go up to `*3`. Both answers must agree before either is timed; each timed run starts
//! from an empty solver and an empty map.

use core::ops::ControlFlow;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use grundy::Game;
use grundy::loopy::{Loopy, Outcome};
use std::collections::HashMap;
use std::hint::black_box;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Piles {
    a: u16,
    b: u16,
    most: u16,
}

impl Game for Piles {
    type Move = (i8, i8);

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut((i8, i8), Piles) -> ControlFlow<()>,
    {
        let Piles { a, b, most } = *self;
        for t in 1..=3u16 {
            if t <= a {
                visit((-(t as i8), 0), Piles { a: a - t, ..*self })?;
            }
            if t <= b {
                visit((0, -(t as i8)), Piles { b: b - t, ..*self })?;
            }
        }
        if a < most && a % 8 == 5 {
            visit((1, 0), Piles { a: a + 1, ..*self })?;
        }
        if b < most && b % 8 == 5 {
            visit((0, 1), Piles { b: b + 1, ..*self })?;
        }
        ControlFlow::Continue(())
    }
}

/// The baseline: every position reachable from `root` in a `HashMap`, then the classic
/// retrograde analysis (a position with no move is lost; one with a move to a lost position
/// is won; one whose moves all lead to won positions is lost; the rest are draws).
fn retrograde(root: Piles) -> HashMap<Piles, Outcome> {
    let mut index: HashMap<Piles, usize> = HashMap::new();
    let mut positions = vec![root];
    let mut options: Vec<Vec<usize>> = Vec::new();
    index.insert(root, 0);
    let mut next = 0;
    while next < positions.len() {
        let mut mine = Vec::new();
        for (_, child) in positions[next].moves() {
            let len = positions.len();
            let i = *index.entry(child).or_insert(len);
            if i == len {
                positions.push(child);
            }
            mine.push(i);
        }
        options.push(mine);
        next += 1;
    }
    let n = positions.len();
    let mut movers: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (u, opts) in options.iter().enumerate() {
        for &o in opts {
            movers[o].push(u);
        }
    }
    let mut outcome: Vec<Option<Outcome>> = vec![None; n];
    let mut unresolved: Vec<usize> = options.iter().map(Vec::len).collect();
    let mut queue: Vec<usize> = (0..n).filter(|&u| options[u].is_empty()).collect();
    for &u in &queue {
        outcome[u] = Some(Outcome::Previous);
    }
    while let Some(v) = queue.pop() {
        let lost = outcome[v] == Some(Outcome::Previous);
        for &u in &movers[v] {
            if outcome[u].is_some() {
                continue;
            }
            if lost {
                outcome[u] = Some(Outcome::Next);
                queue.push(u);
            } else {
                unresolved[u] -= 1;
                if unresolved[u] == 0 {
                    outcome[u] = Some(Outcome::Previous);
                    queue.push(u);
                }
            }
        }
    }
    positions
        .into_iter()
        .zip(outcome)
        .map(|(p, o)| (p, o.unwrap_or(Outcome::Draw)))
        .collect()
}

fn loopy(c: &mut Criterion) {
    let mut group = c.benchmark_group("loopy");
    group.sample_size(10);
    for most in [99u16, 299] {
        let root = Piles {
            a: most,
            b: most,
            most,
        };
        // Both must agree, at every position, before either is timed.
        let expected = retrograde(root);
        let mut solver = Loopy::new();
        for (p, &o) in &expected {
            assert_eq!(solver.outcome(p).unwrap(), o, "{p:?}");
        }
        for kind in [Outcome::Next, Outcome::Previous, Outcome::Draw] {
            assert!(expected.values().any(|&o| o == kind));
        }

        group.bench_with_input(
            BenchmarkId::new("retrograde_hashmap", most),
            &root,
            |b, &root| b.iter(|| black_box(retrograde(black_box(root)).len())),
        );
        group.bench_with_input(BenchmarkId::new("loopy", most), &root, |b, &root| {
            b.iter(|| {
                let mut solver = Loopy::new();
                black_box(solver.outcome(black_box(&root)).unwrap());
                black_box(solver.len())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, loopy);
criterion_main!(benches);
