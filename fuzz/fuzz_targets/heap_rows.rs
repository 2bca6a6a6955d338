//! Heap games (octal and general codes, subtraction sets, Grundy's game) on arbitrary rules
//! and rows: no
//! panic, no hang within a small table budget; the answers keep their laws, and on small rows
//! they equal the `Solver`'s. Half the runs also set a small memory budget: a computation it
//! stops keeps exact values (those of the same rules without the budget).
#![no_main]

use grundy::games::{
    GrundysGame, HeapRow, HeapRules, MAX_SPLIT_PARTS, Moves, Octal, Subtraction, TakeAndBreak,
};
use grundy::prelude::*;
use grundy::Error;
use libfuzzer_sys::arbitrary::{self, Arbitrary};
use libfuzzer_sys::fuzz_target;
use std::collections::BTreeSet;
use std::fmt::Debug;

#[derive(Arbitrary, Debug)]
enum Rules {
    /// A code from these digits (each reduced to a hexadecimal digit), maybe splitting at 0,
    /// maybe ending in a digit that repeats for ever.
    Code(bool, Vec<u8>, Option<u8>),
    Subtraction(Vec<u16>),
    Grundys,
    /// Rules of your own: each pair `(take, parts)` is `split(take % 5, parts % 4)`, the rest
    /// left as `parts` non-empty heaps (pairs that take and split nothing, a fault that
    /// `tests/bad_input.rs` covers, are left out); `parts = 255` splits into more heaps than
    /// a move may leave, a fault of the rules.
    Own(Vec<(u8, u8)>),
}

/// A rule of your own, from the fuzzer's pairs.
#[derive(Debug, PartialEq, Eq, Hash)]
struct Splits(Vec<(u8, u8)>);

impl TakeAndBreak for Splits {
    fn moves(&self, _heap: u128, moves: &mut Moves<'_>) {
        for &(take, parts) in &self.0 {
            let parts = if parts == 255 {
                MAX_SPLIT_PARTS + 1
            } else {
                usize::from(parts % 4)
            };
            moves.split(u128::from(take % 5), parts);
        }
    }
}

/// A budget small enough for millions of runs: fresh rules build their table on every run.
const BUDGET: usize = 1 << 8;

/// The errors a bounded table may give.
fn bounded(e: &Error) -> bool {
    matches!(
        e,
        Error::HeapOutOfRange { .. }
            | Error::TableLimit { .. }
            | Error::Interrupted { .. }
            | Error::MemoryLimit { .. }
            | Error::InvalidHeapMove { .. }
    )
}

/// Plays a row of `make()`'s rules within [`BUDGET`] values and, if `memory` is set, that
/// many bytes of working tables. `make` gives fresh rules, with a table of their own.
fn check<R>(make: impl Fn() -> R, heaps: Vec<u64>, small: bool, memory: Option<u16>)
where
    R: HeapRules + Tabulated + Debug,
{
    let rules = make().with_table_limit(BUDGET);
    let rules = match memory {
        Some(bytes) => rules.with_memory_limit(usize::from(bytes)),
        None => rules,
    };
    let row = HeapRow::new(rules.clone(), heaps.iter().copied());
    match row.grundy() {
        Ok(value) => {
            assert_eq!(value.is_zero(), row.outcome(Play::Normal).unwrap().is_previous());
            let mut count = 0;
            for mv in row.winning_moves(Play::Normal).unwrap().take(6) {
                count += 1;
                let next = row.play(mv.clone()).unwrap_or_else(|e| panic!("{row:?} {mv:?}: {e}"));
                assert_eq!(next.grundy().unwrap(), Nimber::ZERO, "{row:?} {mv:?}");
            }
            assert_eq!(count > 0, !value.is_zero(), "{row:?}");
        }
        Err(e) => assert!(bounded(&e), "{row:?}: {e}"),
    }
    // Whatever stopped the table, the values it holds are exact.
    let held = rules.sequence();
    if memory.is_some() && !held.is_empty() {
        let exact = make().with_table_limit(BUDGET).values(held.len()).unwrap();
        assert_eq!(held.values(), exact.values().slice(..held.len()), "{rules:?}");
    }
    if small {
        let row = HeapRow::new(rules, heaps.iter().map(|&h| (h % 24) as u8).take(3));
        let value = match row.grundy() {
            Ok(value) => value,
            Err(e) => return assert!(bounded(&e), "{row:?}: {e}"),
        };
        let mut solver = Solver::new();
        assert_eq!(value, solver.grundy(&row).unwrap(), "{row:?}");
        let closed: BTreeSet<_> = row.winning_moves(Play::Normal).unwrap().collect();
        let searched: BTreeSet<_> = solver.winning_moves(&row, Play::Normal).unwrap().collect();
        assert_eq!(closed, searched, "{row:?}");
    }
}

fuzz_target!(|input: (Rules, Vec<u64>, bool, Option<u16>)| {
    let (rules, heaps, small, memory) = input;
    let heaps: Vec<u64> = heaps.into_iter().take(4).collect();
    match rules {
        Rules::Code(split, digits, repeat) => {
            let hex = |d: &u8| char::from_digit(u32::from(d % 16), 16).unwrap_or('0');
            let mut digits: String = digits.iter().take(5).map(hex).collect();
            if let Some(d) = repeat {
                digits.push('[');
                digits.push(hex(&d));
                digits.push(']');
            }
            let code = format!("{}.{}", if split { 4 } else { 0 }, digits);
            match code.parse::<Octal>() {
                Ok(_) => check(|| code.parse::<Octal>().unwrap(), heaps, small, memory),
                Err(e) => assert!(matches!(e, Error::InvalidCode { .. }), "{code}: {e}"),
            }
        }
        Rules::Subtraction(set) => {
            let set: Vec<u16> = set.into_iter().take(5).map(|s| s % 40).collect();
            if Subtraction::new(set.clone()).is_ok() {
                check(|| Subtraction::new(set.clone()).unwrap(), heaps, small, memory);
            }
        }
        Rules::Grundys => check(GrundysGame::new, heaps, small, memory),
        Rules::Own(pairs) => {
            let pairs: Vec<(u8, u8)> = pairs
                .into_iter()
                .take(4)
                .filter(|&(take, parts)| take % 5 != 0 || parts % 4 >= 2)
                .collect();
            if !pairs.is_empty() {
                let make = || grundy::games::Rules::new(Splits(pairs.clone()));
                check(make, heaps, small, memory);
            }
        }
    }
});
