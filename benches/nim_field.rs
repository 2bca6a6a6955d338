//! Nim-multiplication in the field of the nimbers below `2^128`, on 10^4 random `u128` pairs,
//! against the plainest correct method in the same criterion group, so that the ratio is read
//! from one run.
//!
//! - `nim_field multiply`: the crate's `Nimber * Nimber` (the split down to 16-bit logarithm
//!   tables) against the plain recursive split with no table: for `X = 2^(2^k)`,
//!   `a ⊗ b = ((a1 ⊕ a0)(b1 ⊕ b0) ⊕ a0b0)·X ⊕ (a0b0 ⊕ a1b1 ⊗ X/2)`, with the three half-size
//!   products and the product by `X/2` each a recursive call, down to single bits (and a
//!   short cut for operands below 2). Both fold the products into one value, so that none is
//!   optimised away. Before timing, the bench checks that the two agree on every pair.
//! - `nim_field inverse`: the crate's `inverse` (by the norm of the split) against
//!   `a^(2^128 − 2)` by the crate's own `pow`, the other way to the same answer, and `sqrt`
//!   against `a^(2^127)`.
//!
//! `cargo bench --bench nim_field` measures; `cargo bench --bench nim_field -- --test` runs each
//! benchmark once.
//!
//! Measured on the 2-vCPU AMD EPYC machine of `BENCHMARKS.md` (load average about 2): a
//! product takes 33 ns against 22 µs for the plain split (667x); `inverse` 78 ns against
//! 6.5 µs for `pow` (82x); `sqrt` 16 ns against 1.7 µs (109x).

use criterion::{BenchmarkId, Criterion, Throughput};
use grundy::Nimber;
use std::hint::black_box;
use std::time::Duration;

#[path = "../tests/common/xorshift.rs"]
mod xorshift;
use xorshift::XorShift;

/// The baseline: `a ⊗ b` for `a, b < 2^(2·half)` by the plain recursive split, no table.
fn plain_mul(a: u128, b: u128, half: u32) -> u128 {
    if a < 2 || b < 2 {
        return a * b;
    }
    let mask = (1u128 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let high = plain_mul(a1, b1, half / 2);
    let low = plain_mul(a0, b0, half / 2);
    let mid = plain_mul(a1 ^ a0, b1 ^ b0, half / 2);
    let high_half = plain_mul(high, 1 << (half - 1), half / 2);
    ((mid ^ low) << half) | (low ^ high_half)
}

fn fold_plain(pairs: &[(u128, u128)]) -> u128 {
    pairs
        .iter()
        .fold(0, |acc, &(a, b)| acc ^ plain_mul(a, b, 64))
}

fn fold_crate(pairs: &[(Nimber, Nimber)]) -> Nimber {
    pairs.iter().fold(Nimber::ZERO, |acc, &(a, b)| acc + a * b)
}

fn main() {
    let n = 10_000;
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(10)
        .configure_from_args();
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let raw: Vec<(u128, u128)> = (0..n).map(|_| (rng.next_u128(), rng.next_u128())).collect();
    let pairs: Vec<(Nimber, Nimber)> = raw
        .iter()
        .map(|&(a, b)| (Nimber::new(a), Nimber::new(b)))
        .collect();
    for (&(a, b), &(x, y)) in raw.iter().zip(&pairs) {
        assert_eq!((x * y).get(), plain_mul(a, b, 64), "{a:#x} {b:#x}");
    }

    let mut group = c.benchmark_group("nim_field multiply");
    group.throughput(Throughput::Elements(n as u64));
    group.bench_with_input(
        BenchmarkId::new("plain_split_baseline", n),
        &raw,
        |b, raw| b.iter(|| fold_plain(black_box(raw))),
    );
    group.bench_with_input(BenchmarkId::new("mul", n), &pairs, |b, pairs| {
        b.iter(|| fold_crate(black_box(pairs)))
    });
    group.finish();

    let values: Vec<Nimber> = pairs.iter().map(|&(a, _)| a).collect();
    for &a in values.iter().take(100) {
        assert_eq!(a.inverse(), Some(a.pow(u128::MAX - 1)));
        assert_eq!(a.sqrt(), a.pow(1 << 127));
    }
    let mut group = c.benchmark_group("nim_field inverse");
    group.throughput(Throughput::Elements(n as u64));
    group.bench_with_input(BenchmarkId::new("pow_baseline", n), &values, |b, v| {
        b.iter(|| {
            black_box(v)
                .iter()
                .fold(Nimber::ZERO, |acc, &a| acc + a.pow(u128::MAX - 1))
        })
    });
    group.bench_with_input(BenchmarkId::new("inverse", n), &values, |b, v| {
        b.iter(|| {
            black_box(v).iter().fold(Nimber::ZERO, |acc, &a| {
                acc + a.inverse().unwrap_or(Nimber::ZERO)
            })
        })
    });
    group.bench_with_input(BenchmarkId::new("sqrt_pow_baseline", n), &values, |b, v| {
        b.iter(|| {
            black_box(v)
                .iter()
                .fold(Nimber::ZERO, |acc, &a| acc + a.pow(1 << 127))
        })
    });
    group.bench_with_input(BenchmarkId::new("sqrt", n), &values, |b, v| {
        b.iter(|| {
            black_box(v)
                .iter()
                .fold(Nimber::ZERO, |acc, &a| acc + a.sqrt())
        })
    });
    group.finish();
    c.final_summary();
}
