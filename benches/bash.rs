//! Bash (one heap `n`, take 1 to `k`) on 10^6 random `(n, k)` pairs of `u64` (16 MB), under
//! normal and misère play, against the plain loop written with `n % (k + 1)` in the same
//! criterion group, so the ratio is read from one run.
//!
//! Two inputs: `random`, both `n` and `k` uniform over `u64` (`k ≥ 1`; half the heaps are
//! at most `k`, and `k = u64::MAX` is among them, where `k + 1` does not fit: the baseline
//! takes the heap itself as the residue there, as it must); and `small_k`, `n` uniform and
//! `k` from 1 to 64 (the usual game). Groups:
//!
//! - `bash outcome`: the number of P-positions, normal and misère, against
//!   `n % (k + 1) == 0` and `== 1`.
//! - `bash winning move`: the winning move of each position (taken from the crate's
//!   iterator), folded, normal and misère, against the same taken by hand from the residue.
//!
//! Before anything is timed, the crate and the baselines are checked to agree on every input
//! pair, and at `k = u64::MAX`.
//!
//! `cargo bench --bench bash` measures the full size; `cargo bench -- --test` runs each
//! benchmark once on 10^4 pairs.

use criterion::{BenchmarkId, Criterion, Throughput};
use grundy::games::Bash;
use grundy::prelude::*;
use std::hint::black_box;
use std::time::Duration;

#[path = "../tests/common/xorshift.rs"]
mod xorshift;
use xorshift::XorShift;

/// `n` pairs `(heap, k)`: `k` uniform from 1 to `u64::MAX` (with `u64::MAX` itself among
/// them), or from 1 to 64.
fn pairs(n: usize, small_k: bool, seed: u64) -> Vec<(u64, u64)> {
    let mut rng = XorShift(seed);
    let mut pairs: Vec<(u64, u64)> = (0..n)
        .map(|_| {
            let heap = rng.next();
            let k = if small_k {
                rng.next() % 64 + 1
            } else {
                rng.next().max(1)
            };
            (heap, k)
        })
        .collect();
    if !small_k {
        pairs[0].1 = u64::MAX;
        pairs[1] = (u64::MAX, u64::MAX);
        pairs[2] = (5, u64::MAX);
    }
    pairs
}

// ---------------------------------------------------------------------------------------------
// The baselines: the residue by hand.

/// `n mod (k + 1)`, with `k + 1` past `u64::MAX` (so larger than every heap) giving `n`.
#[inline]
fn residue(n: u64, k: u64) -> u64 {
    match k.checked_add(1) {
        Some(m) => n % m,
        None => n,
    }
}

#[inline(never)]
fn count_p_plain(pairs: &[(u64, u64)], misere: bool) -> usize {
    let want = u64::from(misere);
    pairs
        .iter()
        .filter(|&&(n, k)| residue(n, k) == want)
        .count()
}

/// The winning move's `take` (0 for none), folded: normal play takes the residue; misère
/// play leaves 1 modulo `k + 1` (taking `k` from a non-empty multiple of `k + 1`), and from
/// an empty heap or a residue of 1 there is none.
#[inline(never)]
fn moves_plain(pairs: &[(u64, u64)], misere: bool) -> (usize, u64) {
    pairs.iter().fold((0, 0), |(count, fold), &(n, k)| {
        let r = residue(n, k);
        let take = match (misere, r) {
            (false, r) => r,
            (true, 1) => 0,
            (true, _) if n == 0 => 0,
            (true, 0) => k,
            (true, r) => r - 1,
        };
        (count + usize::from(take != 0), fold ^ take)
    })
}

// ---------------------------------------------------------------------------------------------
// The crate.

fn play(misere: bool) -> Play {
    if misere { Play::Misere } else { Play::Normal }
}

#[inline(never)]
fn count_p_crate(pairs: &[(u64, u64)], misere: bool) -> usize {
    let play = play(misere);
    pairs
        .iter()
        .filter(|&&(n, k)| Bash::new(n, k).unwrap().outcome(play).unwrap() == Outcome::Previous)
        .count()
}

#[inline(never)]
fn moves_crate(pairs: &[(u64, u64)], misere: bool) -> (usize, u64) {
    let play = play(misere);
    pairs.iter().fold((0, 0), |(count, fold), &(n, k)| {
        match Bash::new(n, k).unwrap().winning_moves(play).unwrap().next() {
            Some(mv) => (count + 1, fold ^ mv.take),
            None => (count, fold),
        }
    })
}

/// The crate and the baselines agree on every pair.
fn check(pairs: &[(u64, u64)]) {
    for misere in [false, true] {
        for &(n, k) in pairs {
            let bash = Bash::new(n, k).unwrap();
            let r = residue(n, k);
            assert_eq!(bash.grundy().unwrap(), Nimber::new(r.into()), "{bash}");
            let p = count_p_crate(&[(n, k)], misere) == 1;
            assert_eq!(p, count_p_plain(&[(n, k)], misere) == 1, "{bash} {misere}");
            let moves: Vec<_> = bash.winning_moves(play(misere)).unwrap().collect();
            assert!(moves.len() <= 1);
            let taken = moves.first().map_or(0, |mv| mv.take);
            assert_eq!(moves_plain(&[(n, k)], misere), (moves.len(), taken));
            assert_eq!(moves.is_empty(), p || (misere && n == 0), "{bash} {misere}");
        }
    }
    // k = u64::MAX: the residue is the heap itself.
    assert_eq!(residue(7, u64::MAX), 7);
    let bash = Bash::new(7u64, u64::MAX).unwrap();
    assert_eq!(bash.grundy().unwrap(), Nimber::new(7));
}

fn main() {
    // `cargo bench -- --test` (the CI smoke run) runs each benchmark once: small sizes.
    let smoke = std::env::args().any(|a| a == "--test");
    let n = if smoke { 10_000 } else { 1_000_000 };
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20)
        .configure_from_args();
    let inputs = [
        ("random", pairs(n, false, 0x9E37_79B9_7F4A_7C15)),
        ("small_k", pairs(n, true, 0x2545_F491_4F6C_DD1D)),
    ];
    for (_, pairs) in &inputs {
        check(pairs);
    }

    let mut group = c.benchmark_group("bash outcome");
    group.throughput(Throughput::Elements(n as u64));
    for (name, pairs) in &inputs {
        for misere in [false, true] {
            let play = if misere { "misere" } else { "normal" };
            group.bench_with_input(
                BenchmarkId::new(format!("plain_baseline/{play}/{name}"), n),
                pairs,
                |b, pairs| b.iter(|| count_p_plain(black_box(pairs), misere)),
            );
            group.bench_with_input(
                BenchmarkId::new(format!("crate/{play}/{name}"), n),
                pairs,
                |b, pairs| b.iter(|| count_p_crate(black_box(pairs), misere)),
            );
        }
    }
    group.finish();

    let mut group = c.benchmark_group("bash winning move");
    group.throughput(Throughput::Elements(n as u64));
    for (name, pairs) in &inputs {
        for misere in [false, true] {
            let play = if misere { "misere" } else { "normal" };
            group.bench_with_input(
                BenchmarkId::new(format!("plain_baseline/{play}/{name}"), n),
                pairs,
                |b, pairs| b.iter(|| moves_plain(black_box(pairs), misere)),
            );
            group.bench_with_input(
                BenchmarkId::new(format!("crate/{play}/{name}"), n),
                pairs,
                |b, pairs| b.iter(|| moves_crate(black_box(pairs), misere)),
            );
        }
    }
    group.finish();
    c.final_summary();
}
