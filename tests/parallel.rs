//! Every core: tables computed on pools of 1, 2 and 4 threads are the same, value for value
//! and period for period, for the published codes, Grundy's game and random codes, and for
//! codes with a three-heap digit and a rule of one's own (the general engine); and 0.16's
//! period is proven the same at every thread count.
//!
//! Needs the `parallel` feature (`cargo test --features parallel --test suite -- parallel::`; the
//! workspace's tests have it through the command line, which turns it on).
#![cfg(feature = "parallel")]

use grundy::games::{GrundysGame, Moves, Octal, Rules, TakeAndBreak};
use grundy::prelude::*;
use grundy::sequence::{GrundySequence, Period};
use quickcheck::{QuickCheck, TestResult};
use std::sync::Arc;

use crate::common;

use common::scale;

/// `f` on a pool of `threads` threads (the engine's workers are those of the current pool).
fn on<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a pool")
        .install(f)
}

/// The table of `code` to `len` values on `threads` threads.
fn octal(code: &str, len: usize, threads: usize) -> Arc<GrundySequence> {
    on(threads, || {
        Octal::new(code)
            .unwrap()
            .with_table_limit(len)
            .values(len)
            .unwrap()
    })
}

/// The values of the octal code `code` to `len` by its definition (the shared brute force).
fn textbook(code: &str, len: u32) -> Vec<u32> {
    common::definition(common::rules::octal_heap(code), len)
}

#[test]
fn published_tables_are_the_same_at_1_2_and_4_threads() {
    // Officers, 0.16, Dawson's chess, Kayles, Dawson's Kayles, and codes with several
    // splitting takes of both parities, past the heap (4096) where the workers start.
    let codes = [
        "0.6", "0.16", "0.137", "0.77", "0.07", "0.4", "0.156", "0.26", "4.7", "0.55",
    ];
    // Every code in the full run; in the quick run four of them, each kind of split.
    let quick = ["0.6", "0.16", "0.07", "4.7"];
    for code in codes
        .into_iter()
        .filter(|code| scale::is_full() || quick.contains(code))
    {
        // Past heap 4096 either way: 5000 heaps in the quick run, 20000 in the full one.
        let len = scale::bound(20_000, 5_000) as usize;
        let one = octal(code, len, 1);
        for threads in [2, 4] {
            let many = octal(code, len, threads);
            assert_eq!(many.values(), one.values(), "{code} at {threads} threads");
            assert_eq!(many.period(), one.period(), "{code} at {threads} threads");
            assert_eq!(many.arithmetic_period(), one.arithmetic_period());
        }
    }
    // The definition, for two of them (the serial engine is checked against it elsewhere).
    for code in ["0.6", "0.16"]
        .into_iter()
        .take(scale::bound(2, 1) as usize)
    {
        assert_eq!(
            octal(code, 5000, 2).values(),
            textbook(code, 5000),
            "{code}"
        );
    }
    let heaps = scale::bound(30_000, 6_000) as usize;
    let grundys = |threads| on(threads, || GrundysGame::new().values(heaps).unwrap());
    let one = grundys(1);
    for threads in [2, 4] {
        assert_eq!(grundys(threads).values(), one.values(), "{threads} threads");
    }
}

#[test]
fn values_that_reach_the_end_of_a_byte_are_the_same_at_every_thread_count() {
    // `0.006` reaches the value 256 at heap 4729, in the workers' first stretch (from heap
    // 4096, eight blocks before any judgement of their pace): its mex there is 254, and the
    // marks of a one-byte width end at 256. The workers read their holes eight marks at a
    // time, and read the last eight short of the end as no marks: 254 and 255 were taken for
    // holes, and 1186 values from heap 4729 on were wrong at two threads.
    let len = 6000;
    let one = octal("0.006", len, 1);
    assert_eq!(one.values().get(4729), Some(256));
    for threads in [2, 4] {
        let many = octal("0.006", len, threads);
        let differ = (0..len).find(|&i| many.values().get(i) != one.values().get(i));
        assert_eq!(
            differ, None,
            "the first heap that differs at {threads} threads"
        );
        assert_eq!(many.period(), one.period(), "{threads} threads");
    }
}

#[test]
fn random_codes_are_the_same_at_every_thread_count() {
    fn prop(raw: Vec<u8>, threads: u8) -> TestResult {
        let digits: Vec<u8> = raw.iter().take(5).map(|d| d % 8).collect();
        if !digits.iter().any(|d| d & 4 != 0) {
            return TestResult::discard(); // no split, nothing for the workers
        }
        let code = format!(
            "0.{}",
            digits.iter().map(|d| d.to_string()).collect::<String>()
        );
        // Past heap 4096, where the workers start.
        let len = scale::bound(9000, 5000) as usize;
        let one = octal(&code, len, 1);
        let many = octal(&code, len, 2 + usize::from(threads % 3));
        TestResult::from_bool(one.values() == many.values() && one.period() == many.period())
    }
    QuickCheck::new()
        .tests(scale::cases(60))
        .quickcheck(prop as fn(Vec<u8>, u8) -> TestResult);
}

/// Take one and split the rest into three heaps, or take two and split the rest into two: a
/// rule of one's own, whose table the general engine computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct OneForThreeTwoForTwo;

impl TakeAndBreak for OneForThreeTwoForTwo {
    fn moves(&self, _heap: u128, moves: &mut Moves<'_>) {
        moves.split(1, 3);
        moves.split(2, 2);
    }
}

#[test]
fn three_heap_splits_are_the_same_at_every_thread_count() {
    // The general engine (codes with a three-heap digit, rules of your own) shares the
    // three-heap values of one total among the threads once they take 2^16 steps (parts
    // times values of the rest): from heap 1100 to 1800 for these games (measured).
    let len = scale::bound(5000, 3000) as usize;
    let rule = |threads| {
        on(threads, || {
            Rules::new(OneForThreeTwoForTwo)
                .with_table_limit(len)
                .values(len)
                .unwrap()
        })
    };
    let one = rule(1);
    for threads in [2, 4] {
        assert_eq!(rule(threads).values(), one.values(), "{threads} threads");
    }
    let codes = ["0.8", "0.E7", "0.9", "8.0", "0.C"];
    let quick = ["0.8", "0.E7"];
    for code in codes
        .into_iter()
        .filter(|code| scale::is_full() || quick.contains(code))
    {
        let one = octal(code, len, 1);
        for threads in [2, 4] {
            let many = octal(code, len, threads);
            let differ = (0..len).find(|&i| many.values().get(i) != one.values().get(i));
            assert_eq!(
                differ, None,
                "{code}: the first heap that differs at {threads} threads"
            );
            assert_eq!(many.arithmetic_period(), one.arithmetic_period());
        }
    }
}

/// `0.16`'s period, 149459 from heap 105351 (Flammenkamp), proven by 600000 values at 1, 2
/// and 4 threads. Slow without optimisation: run with
/// `cargo test --release --features parallel --test suite -- --ignored parallel::`.
#[test]
#[ignore]
fn the_period_of_016_is_proven_the_same_at_every_thread_count() {
    let expected = Period::new(105_351, 149_459);
    let one = octal("0.16", 600_000, 1);
    assert_eq!(one.period(), expected);
    for threads in [2, 4] {
        let many = octal("0.16", 600_000, threads);
        assert_eq!(many.period(), expected, "{threads} threads");
        assert_eq!(many.values(), one.values(), "{threads} threads");
    }
}
