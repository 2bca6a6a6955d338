//! Georgia–Bob on 10^6 and 10^7 chessmen on distinct random `u64` cells (8 MB and 80 MB),
//! as a user meets it: build the position from a `Vec` of cells, ask who wins, list every
//! winning move. One criterion group per input order, each with its baseline, so the ratio
//! is read from one run.
//!
//! - `georgia_bob unsorted`: the cells in random order. The baseline is `sort_unstable` alone
//!   (any answer must sort, or do as much work).
//! - `georgia_bob sorted`: the cells ascending. The baseline is a plain `is_sorted` and one
//!   pass computing the nim-sum of the pairs' gaps (any answer must read every cell).
//!
//! Each iteration gets a fresh copy of the cells (`iter_batched`; the copy is not timed), and
//! returns what it built, so that freeing it is not timed either. Before anything is timed,
//! the crate's value and its list of winning moves are checked against a plain computation
//! written here, and on a smaller board every listed move is played and checked to leave a
//! P-position.
//!
//! `cargo bench --bench georgia_bob` measures the full sizes; `cargo bench -- --test` runs
//! each benchmark once on 10^4 chessmen.

use criterion::{BatchSize, BenchmarkId, Criterion, Throughput};
use grundy::games::{GeorgiaBob, GeorgiaBobMove};
use grundy::prelude::*;
use std::hint::black_box;
use std::time::Duration;

#[path = "../tests/common/xorshift.rs"]
mod xorshift;
use xorshift::XorShift;

/// `n` distinct random cells (none 0) in random order, and the same ascending.
///
/// - `spread` over all of `u64`: gaps near 2^44, and few winning moves (a random position's
///   nim-sum has its top bit where few gaps reach: about 500 moves for 10^6 chessmen).
/// - `dense`: about half the cells of `1..=2n`, with the last chessman moved so that the
///   nim-sum is `*1`: a winning move in most pairs (every odd gap shrinks by one, and most
///   even gaps can grow by one), so the moves themselves are listed by the hundred thousand.
fn cells(n: usize, dense: bool, seed: u64) -> (Vec<u64>, Vec<u64>) {
    let mut rng = XorShift(seed);
    let mut sorted: Vec<u64> = if dense {
        (1..=2 * n as u64).filter(|_| rng.next() & 1 == 0).collect()
    } else {
        (0..n + n / 8 + 16).map(|_| rng.next() | 1).collect()
    };
    sorted.sort_unstable();
    sorted.dedup();
    while sorted.len() < n {
        // A dense draw came out short: add cells past the end.
        sorted.push(sorted.last().map_or(1, |c| c + 1));
    }
    sorted.truncate(n);
    if dense {
        // Move the last chessman so that its pair's gap `g` becomes `g ⊕ x ⊕ 1`.
        let x = nim_sum(&sorted);
        let last = sorted[n - 1];
        let gap = last - sorted[n - 2] - 1;
        sorted[n - 1] = last - gap + (gap ^ x ^ 1);
        assert_eq!(nim_sum(&sorted), 1);
    }
    let mut shuffled = sorted.clone();
    for i in (1..n).rev() {
        shuffled.swap(i, (rng.next() % (i as u64 + 1)) as usize);
    }
    (shuffled, sorted)
}

/// The baseline's pass: the nim-sum of the pairs' gaps, pairing from the right (with an odd
/// count, the leftmost chessman pairs with the wall at cell 0).
fn nim_sum(sorted: &[u64]) -> u64 {
    sorted.rchunks(2).fold(0, |x, pair| match *pair {
        [left, right] => x ^ (right - left - 1),
        [only] => x ^ (only - 1),
        _ => x,
    })
}

/// Every winning move, by the rules written out plainly: a right chessman shrinks its
/// pair's gap `g` to `g ⊕ x`, or a left chessman widens it, if the cells left of it are free.
fn plain_winning_moves(sorted: &[u64]) -> Vec<GeorgiaBobMove<u64>> {
    let x = nim_sum(sorted);
    let mut moves = Vec::new();
    if x == 0 {
        return moves;
    }
    let n = sorted.len();
    let mut right = n;
    while right > 0 {
        let r = right - 1;
        let (left, l) = if r > 0 {
            (Some(r - 1), sorted[r - 1])
        } else {
            (None, 0)
        };
        let gap = sorted[r] - l - 1;
        let to = gap ^ x;
        if to < gap {
            moves.push(GeorgiaBobMove {
                from: sorted[r],
                to: sorted[r] - (gap - to),
            });
        } else if let Some(left) = left {
            let before = l - if left > 0 { sorted[left - 1] } else { 0 } - 1;
            if to - gap <= before {
                moves.push(GeorgiaBobMove {
                    from: l,
                    to: l - (to - gap),
                });
            }
        }
        right = right.saturating_sub(2);
    }
    moves
}

/// What the crate is timed on: build, outcome, every winning move (counted and folded).
fn crate_answer(cells: Vec<u64>) -> (GeorgiaBob<u64>, Outcome, usize, u64) {
    let board = GeorgiaBob::new(cells).unwrap();
    let outcome = board.outcome(Play::Normal).unwrap();
    let (count, fold) = board
        .winning_moves(Play::Normal)
        .unwrap()
        .fold((0, 0), |(count, fold), mv| {
            (count + 1, fold ^ mv.from ^ mv.to)
        });
    (board, outcome, count, fold)
}

/// The sorted baseline: `is_sorted`, then the one pass.
fn sorted_baseline(cells: Vec<u64>) -> (Vec<u64>, bool, u64) {
    let sorted = cells.is_sorted();
    let x = nim_sum(&cells);
    (cells, sorted, x)
}

/// The crate against the plain computation, on the full board; and every move played on a
/// smaller one.
fn check(unsorted: &[u64], sorted: &[u64]) {
    let plain = plain_winning_moves(sorted);
    for cells in [unsorted, sorted] {
        let board = GeorgiaBob::new(cells.to_vec()).unwrap();
        assert_eq!(board.cells(), sorted);
        assert_eq!(board.grundy().unwrap(), Nimber::new(nim_sum(sorted).into()));
        let listed: Vec<_> = board.winning_moves(Play::Normal).unwrap().collect();
        assert_eq!(listed, plain);
        let (_, outcome, count, _) = crate_answer(cells.to_vec());
        assert_eq!(outcome.is_previous(), plain.is_empty());
        assert_eq!(count, plain.len());
    }
    let (small, _) = cells(2000, true, 0xD1B5_4A32_D192_ED03);
    let board = GeorgiaBob::new(small).unwrap();
    let moves: Vec<_> = board.winning_moves(Play::Normal).unwrap().collect();
    assert!(!moves.is_empty());
    for mv in moves {
        let next = board.play(mv).unwrap();
        assert_eq!(next.outcome(Play::Normal).unwrap(), Outcome::Previous);
    }
    // The checks stay in: cell 0 and a repeated cell are refused, sorted or not.
    let mut bad = sorted.to_vec();
    bad[0] = 0;
    assert!(GeorgiaBob::new(bad.clone()).is_err());
    bad.reverse();
    assert!(GeorgiaBob::new(bad).is_err());
    let mut bad = sorted.to_vec();
    bad[1] = bad[0];
    assert!(GeorgiaBob::new(bad.clone()).is_err());
    bad.reverse();
    assert!(GeorgiaBob::new(bad).is_err());
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
        .measurement_time(Duration::from_secs(3))
        .sample_size(10)
        .configure_from_args();
    let inputs: Vec<(String, usize, Vec<u64>, Vec<u64>)> = sizes
        .iter()
        .flat_map(|&n| [(n, false), (n, true)])
        .map(|(n, dense)| {
            let (unsorted, sorted) = cells(n, dense, 0x9E37_79B9_7F4A_7C15);
            check(&unsorted, &sorted);
            let name = if dense { "dense" } else { "spread" };
            (name.to_string(), n, unsorted, sorted)
        })
        .collect();

    let mut group = c.benchmark_group("georgia_bob unsorted");
    for (name, n, unsorted, _) in &inputs {
        group.throughput(Throughput::Elements(*n as u64));
        group.bench_with_input(
            BenchmarkId::new(format!("sort_unstable_baseline/{name}"), n),
            unsorted,
            |b, cells| {
                b.iter_batched(
                    || cells.clone(),
                    |mut cells| {
                        black_box(&mut cells).sort_unstable();
                        cells
                    },
                    BatchSize::LargeInput,
                )
            },
        );
        group.bench_with_input(
            BenchmarkId::new(format!("build_outcome_moves/{name}"), n),
            unsorted,
            |b, cells| {
                b.iter_batched(
                    || cells.clone(),
                    |cells| crate_answer(black_box(cells)),
                    BatchSize::LargeInput,
                )
            },
        );
    }
    group.finish();

    let mut group = c.benchmark_group("georgia_bob sorted");
    for (name, n, _, sorted) in &inputs {
        group.throughput(Throughput::Elements(*n as u64));
        group.bench_with_input(
            BenchmarkId::new(format!("is_sorted_one_pass_baseline/{name}"), n),
            sorted,
            |b, cells| {
                b.iter_batched(
                    || cells.clone(),
                    |cells| sorted_baseline(black_box(cells)),
                    BatchSize::LargeInput,
                )
            },
        );
        group.bench_with_input(
            BenchmarkId::new(format!("build_outcome_moves/{name}"), n),
            sorted,
            |b, cells| {
                b.iter_batched(
                    || cells.clone(),
                    |cells| crate_answer(black_box(cells)),
                    BatchSize::LargeInput,
                )
            },
        );
    }
    group.finish();
    c.final_summary();
}
