//! Turning Corners: every winning move of a board, found by the Tartan product against the
//! search a user writes by hand, every rectangle under each head.
//!
//! A move from a head on `(x, y)` turns the corners of a rectangle `(a, b)`–`(x, y)` with
//! `a < x`, `b < y`; it wins when the four corners' nim-products, XORed into the board's
//! value, leave zero. By hand that is `x · y` rectangles a head, four nim-products each.
//! `Tartan` goes through the `min(x, y)` moves of one factor and finds the other's by one
//! division in the nim field. Both lists must agree before either is timed.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use grundy::Nimber;
use grundy::coins::{CoinMove, Coins, Tartan, Twins};
use grundy::prelude::*;
use std::hint::black_box;

/// Three heads near `(s, 3s / 2)`.
fn heads(s: u64) -> Vec<(u64, u64)> {
    vec![(s, s + s / 2), (s - 3, s + 1), (s / 2 + 5, s - 7)]
}

/// Every winning move, rectangle by rectangle.
fn by_hand(heads: &[(u64, u64)]) -> Vec<CoinMove<(u64, u64)>> {
    let p = |x: u64, y: u64| Nimber::new(x.into()) * Nimber::new(y.into());
    let total: Nimber = heads.iter().map(|&(x, y)| p(x, y)).sum();
    let mut found = Vec::new();
    for &(x, y) in heads {
        let rest = total + p(x, y);
        for a in 0..x {
            for b in 0..y {
                if rest + p(a, b) + p(a, y) + p(x, b) == Nimber::ZERO {
                    let mut others = vec![(a, b), (a, y), (x, b)];
                    others.sort_unstable();
                    found.push(CoinMove {
                        head: (x, y),
                        others,
                    });
                }
            }
        }
    }
    found
}

fn winning_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("turning corners: every winning move");
    group.sample_size(10);
    for s in [64u64, 256] {
        let heads = heads(s);
        let board: Coins<Tartan<Twins, Twins>, (u64, u64)> =
            Coins::new(Tartan::turning_corners(), heads.clone()).unwrap();
        let mut ours: Vec<_> = board.winning_moves(Play::Normal).unwrap().collect();
        let mut theirs = by_hand(&heads);
        ours.sort_unstable_by(|m, n| (m.head, &m.others).cmp(&(n.head, &n.others)));
        theirs.sort_unstable_by(|m, n| (m.head, &m.others).cmp(&(n.head, &n.others)));
        assert_eq!(ours, theirs, "s = {s}");
        assert!(!ours.is_empty());
        group.bench_with_input(BenchmarkId::new("Tartan", s), &board, |bench, board| {
            bench.iter(|| {
                black_box(board)
                    .winning_moves(Play::Normal)
                    .unwrap()
                    .count()
            })
        });
        group.bench_with_input(BenchmarkId::new("by hand", s), &heads, |bench, heads| {
            bench.iter(|| by_hand(black_box(heads)).len())
        });
    }
    group.finish();
}

criterion_group!(benches, winning_moves);
criterion_main!(benches);
