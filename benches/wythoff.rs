//! Wythoff's game on 10^6 random positions (a `Vec` of pairs: 16 MB of `u64` pairs, 32 MB of
//! `u128` pairs; the 10^7 size, 160 MB, is larger than every cache of the machine), exact,
//! against the floating-point formula in the same criterion group, so the ratio is read from
//! one run.
//!
//! **The baseline is wrong.** `((b − a) as f64 * φ) as u64 == a` (with `a ≤ b`) is the usual
//! one-line answer, and it is wrong past `k = b − a = 102334155 = F(40)`: at the P-position
//! `(165580140, 267914295)` it computes `⌊F(40)·φ⌋` as `F(41) = 165580141` and calls the position
//! an N-position. From there on it is wrong on an ever larger share of the P-positions (at
//! `u64` sizes the `f64` product is off by thousands). It is the speed to beat, not an answer:
//! before anything is timed, the bench asserts that the crate agrees with an independent
//! exact check (the Zeckendorf characterisation of Wythoff's pairs, written here with
//! additions of Fibonacci numbers only) on a sample of the inputs and on P-positions and
//! their neighbours, and that the formula is wrong at the pair above.
//!
//! Groups:
//!
//! - `wythoff u64 outcome`: the crate's `outcome(Play::Normal)` on random `u64` pairs (nearly
//!   all N-positions) and on pairs near P-positions (a quarter of them P), against the float
//!   formula on the same pairs.
//! - `wythoff u64 winning moves`: every winning move of each position, listed and folded,
//!   against the float formula's outcome on the same pairs (the least any answer must do) and
//!   against a float lister of the three lines (as wrong as the formula).
//! - `wythoff u128 outcome`: random `u128` pairs (heaps near `2^127`), against the float
//!   formula computed in `u128` (`as f64`, `as u128`: library calls on x86-64, and even
//!   more wrong); and `Wythoff<u128>` on heaps that fit in `u64` against the crate's own
//!   `Wythoff<u64>` on the same values (the cost of the wider type).
//!
//! `cargo bench --bench wythoff` measures the full sizes; `cargo bench -- --test` runs each
//! benchmark once on 10^4 pairs.

use criterion::{BenchmarkId, Criterion, Throughput};
use grundy::Heap;
use grundy::games::{Wythoff, p_position};
use grundy::prelude::*;
use std::hint::black_box;
use std::time::Duration;

/// φ as the nearest `f64`.
const PHI: f64 = 1.618_033_988_749_895;

#[path = "../tests/common/xorshift.rs"]
mod xorshift;
use xorshift::XorShift;

// ---------------------------------------------------------------------------------------------
// The baselines: the floating-point formula.

/// The usual one-line test, wrong past `b − a = 102334155`.
#[inline]
fn float_is_p(x: u64, y: u64) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    ((b - a) as f64 * PHI) as u64 == a
}

/// The same in `u128`.
#[inline]
fn float_is_p_u128(x: u128, y: u128) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    ((b - a) as f64 * PHI) as u128 == a
}

/// The float formula's partner of `x` on a row or column (the `y` with `(x, y)` P), or `None`
/// if it overflows. As wrong as the formula.
#[inline]
fn float_partner(x: u64) -> Option<u64> {
    if x == 0 {
        return Some(0);
    }
    // `x` is `⌊kφ⌋` for `k = ⌊x/φ⌋ + 1`, or else `⌊kφ⌋ + k` for `k = x − ⌊x/φ⌋`.
    let c = (x as f64 / PHI) as u64;
    let k = c + 1;
    if (k as f64 * PHI) as u64 == x {
        return x.checked_add(k);
    }
    Some(((x - c) as f64 * PHI) as u64)
}

/// The float formula's winning moves of `(a, b)`, folded as the crate's are below.
#[inline]
fn float_moves(a: u64, b: u64) -> (u32, u64) {
    let (mut count, mut fold) = (0, 0);
    if let Some(x) = float_partner(b).filter(|&x| x < a) {
        count += 1;
        fold ^= x ^ b;
    }
    if let Some(y) = float_partner(a).filter(|&y| y < b) {
        count += 1;
        fold ^= a ^ y;
    }
    let (small, large) = (a.min(b), a.max(b));
    let gap = large - small;
    let p = ((gap as f64) * PHI) as u64;
    if p < small {
        count += 1;
        let (x, y) = if a <= b { (p, p + gap) } else { (p + gap, p) };
        fold ^= x ^ y;
    }
    (count, fold)
}

// ---------------------------------------------------------------------------------------------
// The independent exact check: Zeckendorf.

/// The Fibonacci numbers `F(2) = 1, F(3) = 2, …` up to `u128::MAX`.
fn fibonacci() -> Vec<u128> {
    let mut fib = vec![1u128, 2];
    while let Some(next) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) {
        fib.push(next);
    }
    fib
}

/// Whether `(x, y)` is a P-position, by Zeckendorf: with `a ≤ b`, `(a, b)` is P exactly when
/// `a = 0 = b`, or `a`'s Zeckendorf representation ends in a Fibonacci number of even index
/// (`F(2) = 1`, `F(4) = 3`, …) and `b` is `a` with every `F(i)` replaced by `F(i + 1)`.
fn zeckendorf_is_p(fib: &[u128], x: u128, y: u128) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    if a == 0 {
        return b == 0;
    }
    let (mut rest, mut shifted, mut lowest) = (a, Some(0u128), 0);
    for i in (0..fib.len()).rev() {
        if fib[i] <= rest {
            rest -= fib[i];
            lowest = i;
            // `fib[i]` is `F(i + 2)`; its successor `F(i + 3)` may pass `u128::MAX`.
            shifted = shifted.and_then(|s| s.checked_add(*fib.get(i + 1)?));
        }
    }
    // `fib[lowest] = F(lowest + 2)`: an even Fibonacci index when `lowest` is even.
    lowest % 2 == 0 && shifted == Some(b)
}

// ---------------------------------------------------------------------------------------------
// Inputs.

/// `n` uniformly random `u64` pairs.
fn random_u64(n: usize, seed: u64) -> Vec<(u64, u64)> {
    let mut rng = XorShift(seed);
    (0..n).map(|_| (rng.next(), rng.next())).collect()
}

/// `n` pairs near P-positions: a quarter P-positions `(⌊kφ⌋, ⌊kφ⌋ + k)` or mirrored, the
/// rest one counter off in a heap, for random `k` below `2^62`.
fn near_p_u64(n: usize, seed: u64) -> Vec<(u64, u64)> {
    let mut rng = XorShift(seed);
    (0..n)
        .map(|_| {
            let r = rng.next();
            let (a, b) = p_position(r >> 2).unwrap();
            let (a, b) = match r & 3 {
                0 => (a, b),
                1 => (a + 1, b),
                2 => (a, b - 1),
                _ => (a - 1, b),
            };
            if rng.next() & 1 == 0 { (a, b) } else { (b, a) }
        })
        .collect()
}

/// `n` uniformly random `u128` pairs.
fn random_u128(n: usize, seed: u64) -> Vec<(u128, u128)> {
    let mut rng = XorShift(seed);
    (0..n).map(|_| (rng.next_u128(), rng.next_u128())).collect()
}

// ---------------------------------------------------------------------------------------------
// The work timed: the number of P-positions, so nothing is optimised away.

#[inline(never)]
fn count_float(pairs: &[(u64, u64)]) -> usize {
    pairs.iter().filter(|&&(a, b)| float_is_p(a, b)).count()
}

#[inline(never)]
fn count_crate<T: Heap>(pairs: &[(T, T)]) -> usize {
    pairs
        .iter()
        .filter(|&&(a, b)| Wythoff::new(a, b).outcome(Play::Normal).unwrap() == Outcome::Previous)
        .count()
}

#[inline(never)]
fn count_float_u128(pairs: &[(u128, u128)]) -> usize {
    pairs
        .iter()
        .filter(|&&(a, b)| float_is_p_u128(a, b))
        .count()
}

/// Every winning move of every position, counted and folded.
#[inline(never)]
fn moves_crate(pairs: &[(u64, u64)]) -> (usize, u64) {
    pairs.iter().fold((0, 0), |(count, fold), &(a, b)| {
        Wythoff::new(a, b)
            .winning_moves(Play::Normal)
            .unwrap()
            .fold((count, fold), |(count, fold), mv| {
                (count + 1, fold ^ mv.to.0 ^ mv.to.1)
            })
    })
}

#[inline(never)]
fn moves_float(pairs: &[(u64, u64)]) -> (usize, u64) {
    pairs.iter().fold((0, 0), |(count, fold), &(a, b)| {
        let (c, f) = float_moves(a, b);
        (count + c as usize, fold ^ f)
    })
}

// ---------------------------------------------------------------------------------------------
// Checks before timing.

/// The crate agrees with the Zeckendorf check on a sample of `pairs`, on P-positions and
/// their neighbours; the float formula is wrong at `(⌊F(40)φ⌋, ⌊F(40)φ⌋ + F(40))`.
fn check(fib: &[u128], pairs: &[(u64, u64)], near: &[(u64, u64)], wide: &[(u128, u128)]) {
    let crate_is_p =
        |a: u128, b: u128| Wythoff::new(a, b).outcome(Play::Normal).unwrap() == Outcome::Previous;
    for &(a, b) in pairs.iter().take(10_000).chain(near.iter().take(10_000)) {
        let exact = zeckendorf_is_p(fib, a.into(), b.into());
        assert_eq!(crate_is_p(a.into(), b.into()), exact, "({a}, {b})");
        assert_eq!(
            Wythoff::new(a, b).outcome(Play::Normal).unwrap() == Outcome::Previous,
            exact
        );
    }
    for &(a, b) in wide.iter().take(10_000) {
        assert_eq!(crate_is_p(a, b), zeckendorf_is_p(fib, a, b), "({a}, {b})");
    }
    // The near-P inputs hold P-positions, and the float formula misses some of them.
    let p_count = count_crate(near);
    assert!(p_count > near.len() / 5, "{p_count}");
    if near.len() >= 1000 {
        assert!(count_float(near) < p_count);
    }
    // F(40) = 102334155: P, and the float formula says N.
    let (a, b) = (165_580_140u64, 165_580_140 + 102_334_155);
    assert!(zeckendorf_is_p(fib, a.into(), b.into()));
    assert!(crate_is_p(a.into(), b.into()));
    assert!(!float_is_p(a, b), "the float formula is right at F(40)?");
    assert!(!float_is_p_u128(a.into(), b.into()));
    // Below F(40) the formula agrees with the crate on every P-position and neighbour.
    for k in (0..102_334_155u64).step_by(9973) {
        let (a, b) = p_position(k).unwrap();
        assert!(float_is_p(a, b) && float_is_p(b, a), "{k}");
        assert!(!float_is_p(a + 1, b) && !float_is_p(a, b + 1), "{k}");
    }
    // The float lister agrees with the crate on small positions, so it does the same work.
    for &(a, b) in &random_u64(10_000, 7) {
        let (a, b) = (a >> 40, b >> 40);
        assert_eq!(moves_float(&[(a, b)]), moves_crate(&[(a, b)]), "({a}, {b})");
    }
}

fn main() {
    // `cargo bench -- --test` (the CI smoke run) runs each benchmark once: small sizes.
    let smoke = std::env::args().any(|a| a == "--test");
    let sizes: &[usize] = if smoke {
        &[10_000]
    } else {
        &[1_000_000, 10_000_000]
    };
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(10)
        .configure_from_args();
    let fib = fibonacci();

    let mut group = c.benchmark_group("wythoff u64 outcome");
    for &n in sizes {
        let random = random_u64(n, 0x9E37_79B9_7F4A_7C15);
        let near = near_p_u64(n, 0x2545_F491_4F6C_DD1D);
        check(&fib, &random, &near, &random_u128(1000, 3));
        group.throughput(Throughput::Elements(n as u64));
        for (name, pairs) in [("random", &random), ("near_p", &near)] {
            group.bench_with_input(
                BenchmarkId::new(format!("float_baseline/{name}"), n),
                pairs,
                |b, pairs| b.iter(|| count_float(black_box(pairs))),
            );
            group.bench_with_input(
                BenchmarkId::new(format!("exact/{name}"), n),
                pairs,
                |b, pairs| b.iter(|| count_crate(black_box(pairs))),
            );
        }
    }
    group.finish();

    let mut group = c.benchmark_group("wythoff u64 winning moves");
    for &n in sizes {
        let random = random_u64(n, 0x9E37_79B9_7F4A_7C15);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(
            BenchmarkId::new("float_outcome_baseline", n),
            &random,
            |b, pairs| b.iter(|| count_float(black_box(pairs))),
        );
        group.bench_with_input(BenchmarkId::new("float_lister", n), &random, |b, pairs| {
            b.iter(|| moves_float(black_box(pairs)))
        });
        group.bench_with_input(BenchmarkId::new("exact", n), &random, |b, pairs| {
            b.iter(|| moves_crate(black_box(pairs)))
        });
    }
    group.finish();

    let mut group = c.benchmark_group("wythoff u128 outcome");
    for &n in sizes {
        let wide = random_u128(n, 0x5851_F42D_4C95_7F2D);
        for &(a, b) in wide.iter().take(10_000) {
            let exact = zeckendorf_is_p(&fib, a, b);
            assert_eq!(count_crate(&[(a, b)]) == 1, exact);
        }
        let narrow = random_u64(n, 0x1405_7B7E_F767_814F);
        let narrow_wide: Vec<(u128, u128)> =
            narrow.iter().map(|&(a, b)| (a.into(), b.into())).collect();
        assert_eq!(count_crate(&narrow), count_crate(&narrow_wide));
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::new("float_baseline", n), &wide, |b, pairs| {
            b.iter(|| count_float_u128(black_box(pairs)))
        });
        group.bench_with_input(BenchmarkId::new("exact", n), &wide, |b, pairs| {
            b.iter(|| count_crate(black_box(pairs)))
        });
        group.bench_with_input(
            BenchmarkId::new("u64_values/crate_u64_baseline", n),
            &narrow,
            |b, pairs| b.iter(|| count_crate(black_box(pairs))),
        );
        group.bench_with_input(
            BenchmarkId::new("u64_values/exact_u128", n),
            &narrow_wide,
            |b, pairs| b.iter(|| count_crate(black_box(pairs))),
        );
    }
    group.finish();
    c.final_summary();
}
