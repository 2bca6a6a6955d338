//! A misère row of twenty heaps, answered from its rules' misère quotient against the same
//! row answered by search.
//!
//! The rows are twenty heaps of one to four tokens drawn with a fixed seed, of `0.75`
//! (Plambeck's R8, whose quotient is proven for every heap) and of Kayles `0.77` (a bounded
//! quotient, of heaps up to 12). Both groups ask the outcome and every winning move under
//! misère play.
//!
//! - `quotient` — `row.outcome(Play::Misere)` and `row.winning_moves(Play::Misere)`, the
//!   quotient supplied to the rules' cache before timing: one product a heap, and a product a
//!   move from prefix and suffix products.
//! - `search` (the baseline) — a fresh `Solver` (`Solver::new()` in the timed loop, so that
//!   nothing is remembered between iterations) asked the same two questions: the search of
//!   every position the row can reach.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use grundy::games::{HeapRow, HeapRules, Octal};
use grundy::misere::MisereQuotient;
use grundy::{ClosedForm, Evaluator, Play, Solver};
use std::hint::black_box;

#[path = "../tests/common/xorshift.rs"]
mod xorshift;
use xorshift::XorShift;

fn misere(c: &mut Criterion) {
    let mut group = c.benchmark_group("misere row of 20 heaps");
    for (code, bound) in [("0.75", 40), ("0.77", 12)] {
        let rules: Octal = code.parse().expect("a code");
        let quotient = MisereQuotient::compute(&rules, bound).expect("a quotient");
        rules
            .misere_quotients()
            .expect("the crate's rules hold a cache")
            .supply(quotient);
        let mut rng = XorShift(0x5EED);
        let heaps: Vec<u8> = (0..20).map(|_| 1 + (rng.next() % 4) as u8).collect();
        let row = HeapRow::new(rules, heaps);
        // Both ways agree before anything is timed.
        let mut solver = Solver::new();
        assert_eq!(
            row.outcome(Play::Misere).expect("an outcome"),
            solver.outcome(&row, Play::Misere).expect("an outcome")
        );
        group.bench_with_input(BenchmarkId::new("quotient", code), &row, |b, row| {
            b.iter(|| {
                let outcome = row.outcome(Play::Misere).expect("an outcome");
                let moves = row.winning_moves(Play::Misere).expect("moves").count();
                black_box((outcome, moves))
            });
        });
        group.bench_with_input(BenchmarkId::new("search", code), &row, |b, row| {
            b.iter(|| {
                let mut solver = Solver::new();
                let outcome = solver.outcome(row, Play::Misere).expect("an outcome");
                let moves = solver
                    .winning_moves(row, Play::Misere)
                    .expect("moves")
                    .count();
                black_box((outcome, moves))
            });
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = misere
}
criterion_main!(benches);
