//! Grundy sequences: the crate's engines against the textbook method, in one group per game,
//! so the ratio is read from one run.
//!
//! The baseline is the textbook computation written here: for every heap, every option's
//! value is stamped into an array (`stamp[v] = n`), and the mex is the first entry not
//! stamped with `n`: O(n²) for a game that splits heaps, O(n·|S|) for a subtraction game,
//! O(n³) for a code whose moves leave three heaps (a loop over every triple), O(n²) for a
//! code with a repeated digit.
//!
//! One group compares two of the crate's own tables instead: Grundy's game against `0.6`, both
//! to 2^21 heaps.
//!
//! `cargo bench --bench sequences` measures the full sizes (a few minutes, mostly the
//! baselines); `cargo bench -- --test` runs every benchmark once at small sizes.

use criterion::{BenchmarkId, Criterion, SamplingMode};
use grundy::games::{GrundysGame, HeapRow, Octal, Subtraction};
use grundy::prelude::*;
use std::hint::black_box;
use std::time::Duration;

/// The textbook values of the octal game with digits `first.digits`, by stamp-array mex.
fn textbook_octal(first: u8, digits: &[u8], len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    let mut stamp: Vec<usize> = vec![usize::MAX; 1 << 12];
    for n in 0..len {
        if first == 4 {
            for a in 1..=n / 2 {
                stamp[(g[a] ^ g[n - a]) as usize] = n;
            }
        }
        for (i, &d) in digits.iter().enumerate() {
            let t = i + 1;
            if n < t {
                break;
            }
            if d & 1 != 0 && n == t {
                stamp[0] = n;
            }
            if d & 2 != 0 && n > t {
                stamp[g[n - t] as usize] = n;
            }
            if d & 4 != 0 && n >= t + 2 {
                let m = n - t;
                for a in 1..=m / 2 {
                    stamp[(g[a] ^ g[m - a]) as usize] = n;
                }
            }
        }
        let mut v = 0;
        while stamp[v] == n {
            v += 1;
        }
        g.push(v as u32);
    }
    g
}

/// The textbook values of Grundy's game.
fn textbook_grundys(len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    let mut stamp: Vec<usize> = vec![usize::MAX; 1 << 12];
    for n in 0..len {
        for a in 1..n.div_ceil(2) {
            stamp[(g[a] ^ g[n - a]) as usize] = n;
        }
        let mut v = 0;
        while stamp[v] == n {
            v += 1;
        }
        g.push(v as u32);
    }
    g
}

/// The textbook values of a subtraction game.
fn textbook_subtraction(set: &[usize], len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    let mut stamp: Vec<usize> = vec![usize::MAX; set.len() + 2];
    for n in 0..len {
        for &s in set {
            if s <= n {
                stamp[g[n - s] as usize] = n;
            }
        }
        let mut v = 0;
        while stamp[v] == n {
            v += 1;
        }
        g.push(v as u32);
    }
    g
}

/// The textbook values of a general code: `digits[t]` for taking `t` (from 0), `repeat` for
/// every take past them; bits 1, 2, 4 and 8 leave nothing, one, two or three heaps. Every
/// option of every heap, the three-heap ones by a loop over every triple.
fn textbook_code(digits: &[u8], repeat: u8, len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    // Every option is below twice the largest value, which is at most the number of heaps.
    let mut stamp: Vec<usize> = vec![usize::MAX; 4 * len + 64];
    for n in 0..len {
        for t in 0..=n {
            let d = digits.get(t).copied().unwrap_or(repeat);
            let m = n - t;
            if d & 1 != 0 && t > 0 && m == 0 {
                stamp[0] = n;
            }
            if d & 2 != 0 && t > 0 && m > 0 {
                stamp[g[m] as usize] = n;
            }
            if d & 4 != 0 {
                for a in 1..=m / 2 {
                    stamp[(g[a] ^ g[m - a]) as usize] = n;
                }
            }
            if d & 8 != 0 {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        stamp[(g[a] ^ g[b] ^ g[m - a - b]) as usize] = n;
                    }
                }
            }
        }
        let mut v = 0;
        while stamp[v] == n {
            v += 1;
        }
        g.push(v as u32);
    }
    g
}

/// A code for the general engine (a three-heap or a repeated digit) against the textbook.
fn general_group(c: &mut Criterion, code: &str, digits: &[u8], repeat: u8, len: usize) {
    let engine = Octal::new(code).unwrap().values(len).unwrap();
    assert_eq!(engine.values(), &textbook_code(digits, repeat, len)[..]);
    let mut group = c.benchmark_group(format!("code {code}"));
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    group.bench_with_input(BenchmarkId::new("textbook", len), &len, |b, &len| {
        b.iter(|| textbook_code(digits, repeat, black_box(len)))
    });
    group.bench_with_input(BenchmarkId::new("engine", len), &len, |b, &len| {
        b.iter(|| Octal::new(code).unwrap().values(black_box(len)).unwrap())
    });
    group.finish();
}

fn octal_group(c: &mut Criterion, code: &str, len: usize) {
    let first = code.as_bytes()[0] - b'0';
    let digits: Vec<u8> = code[2..].bytes().map(|b| b - b'0').collect();
    // The two methods agree before they are timed.
    let engine = Octal::new(code).unwrap().values(len).unwrap();
    assert_eq!(engine.values(), &textbook_octal(first, &digits, len)[..]);
    let mut group = c.benchmark_group(format!("octal {code}"));
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    group.bench_with_input(BenchmarkId::new("textbook", len), &len, |b, &len| {
        b.iter(|| textbook_octal(first, &digits, black_box(len)))
    });
    // A fresh table each time: exactly `len` values.
    group.bench_with_input(BenchmarkId::new("engine", len), &len, |b, &len| {
        b.iter(|| Octal::new(code).unwrap().values(black_box(len)).unwrap())
    });
    group.finish();
}

fn grundys_group(c: &mut Criterion, len: usize) {
    let engine = GrundysGame::new().values(len).unwrap();
    assert_eq!(engine.values(), &textbook_grundys(len)[..]);
    let mut group = c.benchmark_group("grundy's game");
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    group.bench_with_input(BenchmarkId::new("textbook", len), &len, |b, &len| {
        b.iter(|| textbook_grundys(black_box(len)))
    });
    group.bench_with_input(BenchmarkId::new("engine", len), &len, |b, &len| {
        b.iter(|| GrundysGame::new().values(black_box(len)).unwrap())
    });
    // The same table grown on demand by a question about its last heap: doubling from 4096
    // values, continuing the table each time (never recomputing it).
    group.bench_with_input(BenchmarkId::new("on demand", len), &len, |b, &len| {
        b.iter(|| {
            HeapRow::heap(GrundysGame::new(), black_box(len as u128 - 1))
                .grundy()
                .unwrap()
        })
    });
    group.finish();
}

/// Grundy's game against octal `0.6` (Officers), both to `len` heaps by the same engine:
/// issue 9 asks for Grundy's game in at most 0.8x the time of `0.6`, since it has fewer rare
/// positions (1273 against 1583 at 2^21 heaps).
fn grundys_against_officers(c: &mut Criterion, len: usize) {
    let officers = || Octal::new("0.6").unwrap().with_table_limit(len);
    let grundys = || GrundysGame::new().with_table_limit(len);
    assert_eq!(officers().values(len).unwrap().len(), len);
    assert_eq!(grundys().values(len).unwrap().len(), len);
    let mut group = c.benchmark_group("grundy's game against 0.6");
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    group.bench_with_input(BenchmarkId::new("0.6", len), &len, |b, &len| {
        b.iter(|| officers().values(black_box(len)).unwrap())
    });
    group.bench_with_input(BenchmarkId::new("grundy's game", len), &len, |b, &len| {
        b.iter(|| grundys().values(black_box(len)).unwrap())
    });
    group.finish();
}

/// Officers (`0.6`) and Grundy's game to `len` heaps, and the three-heap code `0.8` (the
/// general engine) to `general` heaps, on pools of 1 and 2 threads (the `parallel`
/// feature): the 1-thread pool is the baseline in the same group. Issue 18 asks for `0.6` to
/// 2^20 on 2 threads in at most 0.65x the time of 1.
fn threads_group(c: &mut Criterion, len: usize, general: usize) {
    let pool = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    };
    let (one, two) = (pool(1), pool(2));
    let officers = || Octal::new("0.6").unwrap().with_table_limit(len);
    let grundys = || GrundysGame::new().with_table_limit(len);
    let three = || Octal::new("0.8").unwrap().with_table_limit(general);
    assert_eq!(
        one.install(|| officers().values(len).unwrap()).values(),
        two.install(|| officers().values(len).unwrap()).values()
    );
    assert_eq!(
        one.install(|| three().values(general).unwrap()).values(),
        two.install(|| three().values(general).unwrap()).values()
    );
    let mut group = c.benchmark_group("threads");
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    for (threads, pool) in [(1, &one), (2, &two)] {
        group.bench_with_input(
            BenchmarkId::new(format!("0.6 on {threads}"), len),
            &len,
            |b, &len| b.iter(|| pool.install(|| officers().values(black_box(len)).unwrap())),
        );
        group.bench_with_input(
            BenchmarkId::new(format!("grundy's game on {threads}"), len),
            &len,
            |b, &len| b.iter(|| pool.install(|| grundys().values(black_box(len)).unwrap())),
        );
        group.bench_with_input(
            BenchmarkId::new(format!("0.8 on {threads}"), general),
            &general,
            |b, &len| b.iter(|| pool.install(|| three().values(black_box(len)).unwrap())),
        );
    }
    group.finish();
}

/// The value of a row of `count` Kayles heaps (below 5000, most past the 71-value preperiod),
/// against the nim-sum of the same heaps read from a table computed beforehand: the cost of
/// the shared table's lock, the period and the error checks, per heap.
fn kayles_row(c: &mut Criterion, count: usize) {
    let heaps: Vec<u32> = (0..count as u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 12) % 5000)
        .collect();
    let kayles = Octal::kayles();
    let table = kayles.values(5000).unwrap();
    let row = HeapRow::new(kayles, heaps.iter().copied());
    let by_lookup = |heaps: &[u32]| {
        heaps
            .iter()
            .fold(0u32, |x, &h| x ^ table.values().get(h as usize).unwrap())
    };
    assert_eq!(row.grundy().unwrap().get(), u128::from(by_lookup(&heaps)));
    let mut group = c.benchmark_group("kayles row");
    group.bench_with_input(
        BenchmarkId::new("lookup fold", count),
        &heaps,
        |b, heaps| b.iter(|| by_lookup(black_box(heaps))),
    );
    group.bench_with_input(BenchmarkId::new("row value", count), &row, |b, row| {
        b.iter(|| black_box(row).grundy().unwrap())
    });
    group.finish();
}

fn subtraction_group(c: &mut Criterion, set: &[usize], len: usize) {
    let engine = Subtraction::new(set.iter().copied())
        .unwrap()
        .values(len)
        .unwrap();
    assert_eq!(engine.values(), &textbook_subtraction(set, len)[..]);
    let mut group = c.benchmark_group(format!("subtraction {set:?}"));
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    group.bench_with_input(BenchmarkId::new("textbook", len), &len, |b, &len| {
        b.iter(|| textbook_subtraction(set, black_box(len)))
    });
    group.bench_with_input(BenchmarkId::new("engine", len), &len, |b, &len| {
        b.iter(|| {
            Subtraction::new(set.iter().copied())
                .unwrap()
                .values(black_box(len))
                .unwrap()
        })
    });
    group.finish();
}

fn main() {
    // `cargo bench -- --test` (the CI smoke run) runs each benchmark once: small sizes.
    let smoke = std::env::args().any(|a| a == "--test");
    let size = |full: usize| if smoke { full.min(2048) } else { full };
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    octal_group(&mut c, "0.16", size(131_072));
    octal_group(&mut c, "0.6", size(262_144));
    octal_group(&mut c, "0.77", size(65_536));
    grundys_group(&mut c, size(65_536));
    grundys_against_officers(&mut c, size(1 << 21));
    threads_group(&mut c, size(1 << 20), size(8_192));
    kayles_row(&mut c, size(1_000_000));
    // A subtraction game with a long period: S = {3, 7, 12, 19, 31, 44, 58, 71}.
    subtraction_group(&mut c, &[3, 7, 12, 19, 31, 44, 58, 71], size(1 << 20));
    // The general engine: Lasker's Nim (a repeated digit and a split), a take-one-and-break-in-
    // three game (pair values per total instead of every triple) and 0.[7] (splits of every
    // total up to the heap).
    general_group(&mut c, "4.[3]", &[4], 3, size(16_384));
    general_group(&mut c, "0.8", &[0, 8], 0, if smoke { 512 } else { 2_048 });
    general_group(&mut c, "0.[7]", &[0], 7, size(4_096));
    c.final_summary();
}
