//! Sums of games of four kinds on arbitrary positions: the value is the nim-sum of the
//! parts' values, and every winning move, played, leaves a sum of value `*0`.
#![no_main]

use grundy::games::{Bash, HeapRow, Nim, Octal, Wythoff};
use grundy::prelude::*;
use grundy::{Direct, Sum};
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

/// Kayles' rules, shared by every run so that its table is computed once.
static KAYLES: LazyLock<Octal> = LazyLock::new(Octal::kayles);

fuzz_target!(|input: (Vec<u64>, (u64, u64), (u16, u16), u32, Vec<u8>)| {
    let (heaps, (n, k), (a, b), kayles, nims) = input;
    let Ok(bash) = Bash::new(n, k) else {
        return;
    };
    let nim = Nim::from(heaps);
    // Wythoff's values come from a table of the board: keep boards small.
    let wythoff = Wythoff::new(a % 64, b % 64);
    let row = HeapRow::heap(KAYLES.clone(), kayles);
    let sum = (nim.clone(), bash, wythoff, row.clone());
    let parts = [
        nim.grundy().unwrap(),
        bash.grundy().unwrap(),
        wythoff.grundy().unwrap(),
        row.grundy().unwrap(),
    ];
    let value = sum.grundy().unwrap();
    assert_eq!(value, parts.iter().sum::<Nimber>());
    let mut evaluator = (Direct, Direct, Direct, Direct);
    assert_eq!(evaluator.grundy(&sum).unwrap(), value);
    for mv in sum.winning_moves(Play::Normal).unwrap().take(8) {
        let next = sum.play(mv.clone()).expect("a listed move is legal");
        assert_eq!(next.grundy().unwrap(), Nimber::ZERO, "{mv:?}");
    }
    // A sum of one type, of any length.
    let many: Sum<Nim<u8>> = nims.chunks(3).map(|c| Nim::from(c.to_vec())).collect();
    let total: Nimber = nims.iter().map(|&h| Nimber::from(h)).sum();
    assert_eq!(many.grundy().unwrap(), total);
    for mv in many.winning_moves(Play::Normal).unwrap().take(8) {
        assert_eq!(many.play(mv).unwrap().grundy().unwrap(), Nimber::ZERO);
    }
});
