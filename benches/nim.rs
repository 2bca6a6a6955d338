//! Nim and misère Nim on 10^5 random `u64` heaps (in the caches) and 10^7 (80 MB, far larger
//! than the caches), each
//! against the plainest loop that answers the same question, in one criterion group so the
//! ratio is read from one run.
//!
//! - `value`: the crate's Grundy value against `iter().fold(0, |a, &h| a ^ h)`.
//! - `winning_moves`: counting and listing every winning move against one fold pass (the
//!   least any answer must read); `winning_moves_collected` also stores them in a `Vec`
//!   (about half the heaps of a random position hold the top bit: 80 MB of moves written).
//! - `misere_outcome`: misère Nim's outcome against the same fold pass.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use grundy::games::{Nim, NimMove};
use grundy::prelude::*;
use std::hint::black_box;

/// A xorshift generator: random heaps without a dependency.
fn heaps(n: usize, mut seed: u64) -> Vec<u64> {
    (0..n)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        })
        .collect()
}

fn fold(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |a, &h| a ^ h)
}

fn nim(c: &mut Criterion) {
    let mut group = c.benchmark_group("nim");
    group.sample_size(10);
    for n in [100_000usize, 10_000_000] {
        let nim = Nim::new(heaps(n, 0x9E37_79B9_7F4A_7C15));
        group.throughput(Throughput::Elements(n as u64));
        assert_eq!(
            nim.grundy().unwrap(),
            Nimber::new(u128::from(fold(nim.heaps())))
        );
        group.bench_with_input(BenchmarkId::new("fold_baseline", n), &nim, |b, nim| {
            b.iter(|| fold(black_box(nim.heaps())))
        });
        group.bench_with_input(BenchmarkId::new("value", n), &nim, |b, nim| {
            b.iter(|| black_box(nim).grundy().unwrap())
        });
        group.bench_with_input(BenchmarkId::new("winning_moves", n), &nim, |b, nim| {
            b.iter(|| {
                let moves = black_box(nim).winning_moves(Play::Normal).unwrap();
                let count = moves.len();
                let last = moves.fold(0u64, |acc, mv: NimMove<u64>| acc ^ mv.to);
                (count, last)
            })
        });
        group.bench_with_input(
            BenchmarkId::new("winning_moves_collected", n),
            &nim,
            |b, nim| {
                b.iter(|| {
                    let moves: Vec<NimMove<u64>> = black_box(nim)
                        .winning_moves(Play::Normal)
                        .unwrap()
                        .collect();
                    moves.len()
                })
            },
        );
        group.bench_with_input(BenchmarkId::new("misere_outcome", n), &nim, |b, nim| {
            b.iter(|| black_box(nim).outcome(Play::Misere).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, nim);
criterion_main!(benches);
