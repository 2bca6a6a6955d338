//! A sum of many games of four kinds, answered by the closed forms through [`Direct`]: its
//! value and every winning move, against a plain loop over the components' values.
//!
//! The sum is a tuple of four [`Sum`]s, `n` components in all, a quarter of each kind, drawn
//! with a fixed seed: Nim positions of one to three `u64` heaps, Kayles rows of one heap of up
//! to 10^4 pins (`HeapRow::new(Octal::kayles(), [h])`, one shared `Octal` whose table grows
//! on demand and is filled before timing), Wythoff boards `(a, b)` with `a, b < 32` (their
//! values come from a Grundy table of `(a + 1)(b + 1)` cells per board), and Bash heaps of up
//! to 10^9 counters with take limits up to 100.
//!
//! - `direct_value_and_winning_moves` — `Direct.grundy(&sum)`, then every winning move of
//!   `Direct.winning_moves(&sum, Play::Normal)`, collected: every component is evaluated twice
//!   (its value, then its moves to the value that cancels the total).
//! - `xor_precomputed` (the baseline) — the components' values computed *before* timing, into
//!   one `Vec<u64>`; the timed loop only XORs them: the floor of reading one value per
//!   component, with none of the evaluation the closed forms do.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use grundy::games::{Bash, HeapRow, Nim, Octal, Wythoff};
use grundy::{ClosedForm, Direct, Evaluator, Play, Sum};
use std::hint::black_box;

/// splitmix64: a fixed, portable stream of pseudo-random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi` (with a negligible bias).
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
}

type Mixed = (
    Sum<Nim<u64>>,
    Sum<HeapRow<Octal, u32>>,
    Sum<Wythoff<u64>>,
    Sum<Bash<u64>>,
);

/// A sum of `n` components, a quarter of each kind.
fn mixed(n: usize) -> Mixed {
    let mut rng = Rng(0x5EED);
    let kayles = Octal::kayles();
    let quarter = n / 4;
    let nim = (0..quarter)
        .map(|_| {
            let heaps = rng.range(1, 3);
            Nim::new((0..heaps).map(|_| rng.next()).collect())
        })
        .collect();
    let rows = (0..quarter)
        .map(|_| HeapRow::new(kayles.clone(), [rng.range(1, 10_000) as u32]))
        .collect();
    let boards = (0..quarter)
        .map(|_| Wythoff::new(rng.range(0, 31), rng.range(0, 31)))
        .collect();
    let bash = (0..n - 3 * quarter)
        .map(|_| Bash::new(rng.range(0, 1_000_000_000), rng.range(1, 100)).expect("k >= 1"))
        .collect();
    (nim, rows, boards, bash)
}

/// Every component's value, in order, as the baseline's input.
fn values(sum: &Mixed) -> Vec<u64> {
    fn of<G: ClosedForm>(games: &Sum<G>) -> impl Iterator<Item = u64> + '_ {
        games
            .components()
            .iter()
            .map(|g| u64::try_from(g.grundy().expect("a value").get()).expect("a u64 value"))
    }
    of(&sum.0)
        .chain(of(&sum.1))
        .chain(of(&sum.2))
        .chain(of(&sum.3))
        .collect()
}

fn sums(c: &mut Criterion) {
    let mut group = c.benchmark_group("sums");
    group.sample_size(20);
    for n in [10_000usize, 100_000] {
        let sum = mixed(n);
        let values = values(&sum);
        // Both agree on the value, and the winning moves are there, before timing (which also
        // fills the shared Kayles table).
        let total = values.iter().fold(0, |x, &v| x ^ v);
        assert_eq!(Direct.grundy(&sum).unwrap().get(), u128::from(total));
        assert_ne!(total, 0);
        let winning = Direct.winning_moves(&sum, Play::Normal).unwrap().count();
        assert!(winning > 0);

        group.bench_with_input(
            BenchmarkId::new("direct_value_and_winning_moves", n),
            &sum,
            |b, sum| {
                b.iter(|| {
                    let value = Direct.grundy(black_box(sum)).unwrap();
                    let moves: Vec<_> = Direct
                        .winning_moves(black_box(sum), Play::Normal)
                        .unwrap()
                        .collect();
                    (value, moves)
                })
            },
        );
        group.bench_with_input(BenchmarkId::new("xor_precomputed", n), &values, |b, v| {
            b.iter(|| black_box(v).iter().fold(0, |x, &v| x ^ v))
        });
    }
    group.finish();
}

criterion_group!(benches, sums);
criterion_main!(benches);
