//! Heap games by Grundy sequence, checked against a brute force written here from the rules
//! alone, against the crate's generic `Solver`, and against published sequences (OEIS); their
//! tables growing on demand, their budgets, and their textual forms.

use core::ops::ControlFlow;
use grundy::games::{GrundysGame, HeapMove, HeapRow, HeapRules, Leaves, Nim, Octal, Subtraction};
use grundy::prelude::*;
use grundy::sequence::{Goal, GrundySequence, Period};
use grundy::{Error, Heap, Sum};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use std::collections::{BTreeSet, HashMap};

use crate::common::scale;

// ---------------------------------------------------------------------------------------
// The brute force: positions are sorted rows of heaps; the value is the mex of the values of
// every position one move away, by plain recursion with a memo. Nothing here uses the
// Sprague–Grundy theorem or the crate.
// ---------------------------------------------------------------------------------------

/// A move as (heap index in the sorted row, tokens taken, heaps left ascending).
type BruteMove = (usize, u128, Vec<u128>);

trait Rules {
    /// Every move of one heap: (take, heaps left).
    fn heap_moves(&self, heap: u128) -> Vec<(u128, Vec<u128>)>;
}

/// An octal code read digit by digit: `digits[t]` for removing `t` tokens.
struct OctalRules {
    digits: Vec<u8>,
}

impl OctalRules {
    fn parse(code: &str) -> OctalRules {
        let (first, rest) = code.split_once('.').unwrap();
        let mut digits = vec![first.parse::<u8>().unwrap()];
        digits.extend(rest.bytes().map(|b| b - b'0'));
        OctalRules { digits }
    }
}

impl Rules for OctalRules {
    fn heap_moves(&self, heap: u128) -> Vec<(u128, Vec<u128>)> {
        let mut out = Vec::new();
        for (t, &d) in self.digits.iter().enumerate() {
            let t = t as u128;
            if t > heap {
                break;
            }
            let rest = heap - t;
            if d & 1 != 0 && rest == 0 && t > 0 {
                out.push((t, vec![]));
            }
            if d & 2 != 0 && rest > 0 && t > 0 {
                out.push((t, vec![rest]));
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    if a <= rest - a {
                        out.push((t, vec![a, rest - a]));
                    }
                }
            }
        }
        out
    }
}

struct GrundyRules;

impl Rules for GrundyRules {
    fn heap_moves(&self, heap: u128) -> Vec<(u128, Vec<u128>)> {
        (1..heap)
            .filter(|&a| a < heap - a)
            .map(|a| (0, vec![a, heap - a]))
            .collect()
    }
}

struct SubtractionRules {
    set: Vec<u128>,
}

impl Rules for SubtractionRules {
    fn heap_moves(&self, heap: u128) -> Vec<(u128, Vec<u128>)> {
        let mut set = self.set.clone();
        set.sort();
        set.dedup();
        set.into_iter()
            .filter(|&s| s <= heap)
            .map(|s| (s, if s == heap { vec![] } else { vec![heap - s] }))
            .collect()
    }
}

struct Brute<'a> {
    rules: &'a dyn Rules,
    memo: HashMap<Vec<u128>, u32>,
}

impl<'a> Brute<'a> {
    fn new(rules: &'a dyn Rules) -> Self {
        Brute {
            rules,
            memo: HashMap::new(),
        }
    }

    fn normal(mut heaps: Vec<u128>) -> Vec<u128> {
        heaps.retain(|&h| h > 0);
        heaps.sort();
        heaps
    }

    /// Every move of the row, with the row it leads to.
    fn moves(&self, heaps: &[u128]) -> Vec<(BruteMove, Vec<u128>)> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for (take, left) in self.rules.heap_moves(h) {
                let mut next = heaps.to_vec();
                next.remove(i);
                next.extend(&left);
                out.push(((i, take, left), Brute::normal(next)));
            }
        }
        out
    }

    fn value(&mut self, heaps: &[u128]) -> u32 {
        let heaps = Brute::normal(heaps.to_vec());
        if let Some(&v) = self.memo.get(&heaps) {
            return v;
        }
        let options: BTreeSet<u32> = self
            .moves(&heaps)
            .into_iter()
            .map(|(_, next)| self.value(&next))
            .collect();
        let v = (0..).find(|v| !options.contains(v)).unwrap();
        self.memo.insert(heaps, v);
        v
    }

    fn winning(&mut self, heaps: &[u128]) -> BTreeSet<BruteMove> {
        let heaps = Brute::normal(heaps.to_vec());
        self.moves(&heaps)
            .into_iter()
            .filter(|(_, next)| self.value(next) == 0)
            .map(|(m, _)| m)
            .collect()
    }
}

// ---------------------------------------------------------------------------------------
// Random small inputs.
// ---------------------------------------------------------------------------------------

/// A random octal code `d0.d1…dk` with 1 to 4 digits after the point.
#[derive(Debug, Clone)]
struct Code(String);

impl Arbitrary for Code {
    fn arbitrary(g: &mut Gen) -> Self {
        let first = *g.choose(&["0", "0", "0", "4"]).unwrap();
        let len = 1 + usize::arbitrary(g) % 4;
        let digits: String = (0..len)
            .map(|_| char::from(b'0' + u8::arbitrary(g) % 8))
            .collect();
        Code(format!("{first}.{digits}"))
    }
}

/// A row of one to three heaps with at most 14 tokens in all.
#[derive(Debug, Clone)]
struct Row(Vec<u128>);

impl Arbitrary for Row {
    fn arbitrary(g: &mut Gen) -> Self {
        let count = 1 + usize::arbitrary(g) % 3;
        let mut left = 14u128;
        let mut heaps = Vec::new();
        for _ in 0..count {
            let h = u128::from(u8::arbitrary(g)) % (left.min(12) + 1);
            left -= h;
            heaps.push(h);
        }
        Row(heaps)
    }
}

/// A subtraction set of one to four elements from 1 to 9.
#[derive(Debug, Clone)]
struct Set(Vec<u128>);

impl Arbitrary for Set {
    fn arbitrary(g: &mut Gen) -> Self {
        let len = 1 + usize::arbitrary(g) % 4;
        Set((0..len)
            .map(|_| 1 + u128::from(u8::arbitrary(g)) % 9)
            .collect())
    }
}

/// A move of a row as the brute force writes it.
fn brute_move<T: Heap>(m: &HeapMove<T>) -> BruteMove {
    (
        m.index,
        m.take.widen(),
        m.to.heaps().map(Heap::widen).collect(),
    )
}

// ---------------------------------------------------------------------------------------
// Properties.
// ---------------------------------------------------------------------------------------

/// The row of `heaps` under `rules` agrees with the brute force (value, outcome, every winning
/// move) and with the generic solver, at heap width `T`.
fn row_agrees<R: HeapRules, T: Heap>(
    rules: R,
    brute: &mut Brute<'_>,
    heaps: &[u128],
) -> Result<(), String> {
    let narrow: Vec<T> = heaps.iter().map(|&h| T::narrow(h).unwrap()).collect();
    let row = HeapRow::new(rules, narrow);
    let value = brute.value(heaps);
    let closed = row.grundy().map_err(|e| e.to_string())?;
    if closed != Nimber::new(value.into()) {
        return Err(format!("{row}: {closed} != *{value}"));
    }
    if row.outcome(Play::Normal).unwrap().is_previous() != (value == 0) {
        return Err(format!("{row}: outcome"));
    }
    let expected = brute.winning(heaps);
    let got: BTreeSet<BruteMove> = row
        .winning_moves(Play::Normal)
        .unwrap()
        .map(|m| brute_move(&m))
        .collect();
    if got != expected {
        return Err(format!("{row}: {got:?} != {expected:?}"));
    }
    // Every move listed leads where the brute force says, and the generic solver agrees.
    for mv in row.winning_moves(Play::Normal).unwrap() {
        let next = row.play(mv.clone()).map_err(|e| e.to_string())?;
        let next_heaps: Vec<u128> = next.heaps().iter().map(|h| h.widen()).collect();
        if brute.value(&next_heaps) != 0 {
            return Err(format!("{row}: {mv} does not win"));
        }
    }
    let mut solver = Solver::new();
    if solver.grundy(&row).unwrap() != closed {
        return Err(format!("{row}: the solver disagrees"));
    }
    let searched: BTreeSet<BruteMove> = solver
        .winning_moves(&row, Play::Normal)
        .unwrap()
        .map(|m| brute_move(&m))
        .collect();
    if searched != expected {
        return Err(format!(
            "{row}: the solver's moves {searched:?} != {expected:?}"
        ));
    }
    Ok(())
}

fn result(outcome: Result<(), String>) -> TestResult {
    match outcome {
        Ok(()) => TestResult::passed(),
        Err(message) => TestResult::error(message),
    }
}

fn octal_agrees(code: Code, row: Row) -> TestResult {
    let rules = OctalRules::parse(&code.0);
    let mut brute = Brute::new(&rules);
    let game = Octal::new(&code.0).unwrap().with_table_limit(15);
    result(row_agrees::<_, u128>(game, &mut brute, &row.0))
}

#[test]
fn octal_games_agree_with_brute_force_and_solver() {
    QuickCheck::new()
        .tests(scale::cases(1500))
        .quickcheck(octal_agrees as fn(Code, Row) -> TestResult);
}

fn grundys_agrees(row: Row) -> TestResult {
    let mut brute = Brute::new(&GrundyRules);
    let game = GrundysGame::new().with_table_limit(15);
    result(row_agrees::<_, u128>(game, &mut brute, &row.0))
}

#[test]
fn grundys_game_agrees_with_brute_force_and_solver() {
    QuickCheck::new()
        .tests(scale::cases(1000))
        .quickcheck(grundys_agrees as fn(Row) -> TestResult);
}

fn subtraction_agrees(set: Set, heap: u8) -> TestResult {
    let heap = u128::from(heap % 40);
    let rules = SubtractionRules { set: set.0.clone() };
    let mut brute = Brute::new(&rules);
    let game = Subtraction::new(set.0.clone())
        .unwrap()
        .with_table_limit(40);
    result(row_agrees::<_, u128>(game, &mut brute, &[heap]))
}

#[test]
fn subtraction_games_agree_with_brute_force_and_solver() {
    QuickCheck::new()
        .tests(scale::cases(1500))
        .quickcheck(subtraction_agrees as fn(Set, u8) -> TestResult);
}

/// Rows of `u8`, `u16` and `u64` heaps: the same answers as the brute force and the solver,
/// for all three kinds of rules, with one table shared by the three widths.
fn widths_agree(code: Code, set: Set, row: Row) -> TestResult {
    let octal_rules = OctalRules::parse(&code.0);
    let octal = Octal::new(&code.0).unwrap();
    let subtraction_rules = SubtractionRules { set: set.0.clone() };
    let subtraction = Subtraction::new(set.0.clone()).unwrap();
    let grundys = GrundysGame::new();
    let checks = [
        row_agrees::<_, u8>(octal.clone(), &mut Brute::new(&octal_rules), &row.0),
        row_agrees::<_, u16>(octal.clone(), &mut Brute::new(&octal_rules), &row.0),
        row_agrees::<_, u64>(octal, &mut Brute::new(&octal_rules), &row.0),
        row_agrees::<_, u8>(grundys.clone(), &mut Brute::new(&GrundyRules), &row.0),
        row_agrees::<_, u16>(grundys.clone(), &mut Brute::new(&GrundyRules), &row.0),
        row_agrees::<_, u64>(grundys, &mut Brute::new(&GrundyRules), &row.0),
        row_agrees::<_, u8>(
            subtraction.clone(),
            &mut Brute::new(&subtraction_rules),
            &row.0,
        ),
        row_agrees::<_, u16>(
            subtraction.clone(),
            &mut Brute::new(&subtraction_rules),
            &row.0,
        ),
        row_agrees::<_, u64>(subtraction, &mut Brute::new(&subtraction_rules), &row.0),
    ];
    result(checks.into_iter().collect())
}

#[test]
fn rows_of_every_width_agree_with_brute_force_and_solver() {
    QuickCheck::new()
        .tests(scale::cases(300))
        .quickcheck(widths_agree as fn(Code, Set, Row) -> TestResult);
}

/// Far past the table, through the proven period: the value of a heap is that of the heap one
/// period earlier, the brute force on small heaps agrees with the long table, and every
/// winning move of a huge heap leads to a P-position.
#[test]
fn long_tables_agree_with_brute_force_and_huge_heaps_through_the_period() {
    for code in ["0.77", "0.07", "0.137", "4.07", "0.51", "0.4", "0.31"] {
        let rules = OctalRules::parse(code);
        let mut brute = Brute::new(&rules);
        let game = Octal::new(code).unwrap().with_table_limit(3000);
        let table = game.values(3000).unwrap();
        // Heaps to 30 against the brute force (20 in the quick run).
        for h in 0..u128::from(scale::bound(30, 20)) {
            assert_eq!(
                table.get(h).unwrap().get(),
                u128::from(brute.value(&[h])),
                "{code} {h}"
            );
        }
        let Some(period) = table.period() else {
            continue;
        };
        for heap in [10u128.pow(20) + 7, u128::MAX, u128::MAX - 1] {
            let p = HeapRow::heap(game.clone(), heap);
            let back = heap - period.period() as u128;
            assert_eq!(p.grundy().unwrap(), table.get(back).unwrap());
            for mv in p.winning_moves(Play::Normal).unwrap().take(200) {
                assert!(
                    p.play(mv)
                        .unwrap()
                        .outcome(Play::Normal)
                        .unwrap()
                        .is_previous(),
                    "{code}"
                );
            }
        }
    }
}

/// A period proven from a short table holds on a long one, for every octal code of two digits
/// (and a first digit 0 or 4) and every table length up to 80: the Guy–Smith theorem is applied
/// only where its proof holds. `0.4` once "proved" period 1 from its values `0 0 0`.
#[test]
fn periods_proven_from_short_tables_hold_on_long_ones() {
    for first in [0, 4] {
        for d1 in 0..8 {
            for d2 in 0..8 {
                let code = format!("{first}.{d1}{d2}");
                let long = Octal::new(&code).unwrap().values(400).unwrap();
                let g = long.values().to_vec();
                for len in 1..=80 {
                    let short = Octal::new(&code).unwrap().values(len).unwrap();
                    let Some(period) = short.period() else {
                        continue;
                    };
                    let (n0, p) = (period.preperiod(), period.period());
                    assert!(
                        (n0..g.len() - p).all(|n| g[n + p] == g[n]),
                        "{code}: period {p} from {n0}, claimed from {len} values, fails"
                    );
                }
            }
        }
    }
    assert_eq!(Octal::new("0.4").unwrap().values(3).unwrap().period(), None);
}

// ---------------------------------------------------------------------------------------
// Published sequences and periods.
// ---------------------------------------------------------------------------------------

/// OEIS A002186, Sprague–Grundy values of Kayles (0.77), n = 0..104.
const A002186: [u32; 105] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1,
];

/// OEIS A002187, Sprague–Grundy values of Dawson's chess (0.137), n = 0..131.
const A002187: [u32; 132] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0, 4,
];

/// OEIS A002188, Sprague–Grundy values of Grundy's game, n = 0..104.
const A002188: [u32; 105] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3,
    5, 2, 3, 5, 2, 3, 5, 2, 3,
];

#[test]
fn kayles_is_oeis_a002186_with_period_12_from_heap_71() {
    let kayles = Octal::kayles().values(1000).unwrap();
    assert_eq!(&kayles.values().slice(..105), &A002186);
    // OEIS: "from n=71 on, periodic with period 12"; the last exception is n = 70.
    assert_eq!(kayles.period(), Period::new(71, 12));
    // The proof needs 2·71 + 2·12 + 2 = 168 values, and not one fewer.
    let at = |len| Octal::kayles().values(len).unwrap().period();
    assert!(at(168).is_some());
    assert_eq!(at(167), None);
    assert_eq!(Octal::kayles().find_period(167).unwrap(), None);
    assert_eq!(Octal::kayles().find_period(168).unwrap(), at(168));
}

#[test]
fn dawsons_chess_is_oeis_a002187_and_dawsons_kayles_is_it_shifted() {
    let chess = Octal::dawsons_chess().values(1000).unwrap();
    assert_eq!(&chess.values().slice(..132), &A002187);
    // OEIS: period 34, the last exception at n = 51.
    assert_eq!(chess.period(), Period::new(52, 34));
    let kayles = Octal::dawsons_kayles().values(1000).unwrap();
    // 0.07 has the values of 0.137 shifted by one: G(n) = A002187(n - 1).
    assert_eq!(kayles.values().get(0).unwrap(), 0);
    assert_eq!(&kayles.values().slice(1..133), &A002187);
    assert_eq!(kayles.period(), Period::new(53, 34));
}

/// A period search is one call, and finds the published periods.
#[test]
fn find_period_finds_the_published_periods() {
    let cases = [
        ("0.77", Some((71, 12))),
        ("0.07", Some((53, 34))),
        ("0.137", Some((52, 34))),
        ("0.6", None), // not known to be periodic: nothing within the limit
    ];
    for (code, expected) in cases {
        let found = Octal::new(code).unwrap().find_period(20_000).unwrap();
        assert_eq!(
            found.map(|p| (p.preperiod(), p.period())),
            expected,
            "{code}"
        );
    }
    assert_eq!(GrundysGame::new().find_period(5000).unwrap(), None);
    let set = Subtraction::new([1u8, 3, 4]).unwrap();
    assert_eq!(set.find_period(100).unwrap(), Period::new(0, 7));
}

#[test]
fn grundys_game_is_oeis_a002188_with_flammenkamps_sparse_values() {
    let table = GrundysGame::new().values(5000).unwrap();
    let values = table.values().to_vec();
    assert_eq!(&values[..105], &A002188);
    assert_eq!(table.period(), None);
    // Flammenkamp's list of the sparse values below 232: popcount(G(n) >> 1) even.
    let sparse: Vec<(usize, u32)> = values[..232]
        .iter()
        .enumerate()
        .filter(|&(_, &v)| (v >> 1).count_ones() % 2 == 0)
        .map(|(n, &v)| (n, v))
        .collect();
    let published: Vec<(usize, u32)> = vec![
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 0),
        (6, 1),
        (7, 0),
        (9, 1),
        (10, 0),
        (12, 1),
        (15, 1),
        (20, 0),
        (23, 0),
        (26, 0),
        (28, 1),
        (31, 1),
        (34, 1),
        (37, 1),
        (40, 1),
        (43, 1),
        (46, 1),
        (49, 1),
        (50, 0),
        (52, 1),
        (53, 0),
        (55, 1),
        (58, 1),
        (61, 1),
        (87, 7),
        (90, 7),
        (93, 7),
        (146, 6),
        (149, 6),
        (152, 6),
        (158, 11),
        (161, 11),
        (164, 11),
        (167, 11),
        (176, 7),
        (179, 7),
        (181, 12),
        (182, 7),
        (185, 7),
        (188, 7),
        (190, 12),
        (193, 12),
        (196, 10),
        (231, 10),
    ];
    assert_eq!(sparse, published);
}

#[test]
fn subtraction_period_from_a_repeated_window() {
    // S = {2, 5, 7}, checked against the brute force; then the period is least and exact.
    let set = vec![2u128, 5, 7];
    let rules = SubtractionRules { set: set.clone() };
    let mut brute = Brute::new(&rules);
    let table = Subtraction::new(set).unwrap().values(200).unwrap();
    let period = table.period().unwrap();
    for n in 0..200u128 {
        assert_eq!(table.get(n).unwrap().get(), u128::from(brute.value(&[n])));
    }
    // The least period, and the least preperiod: one step earlier breaks it.
    let v = table.values().to_vec();
    let (n0, p) = (period.preperiod(), period.period());
    for n in n0..200 - p {
        assert_eq!(v[n], v[n + p]);
    }
    if n0 > 0 {
        let n = n0 - 1;
        assert_ne!(v[n], v[n + p]);
    }
    for smaller in 1..p {
        assert!((n0..200 - smaller).any(|n| v[n] != v[n + smaller]));
    }
}

// ---------------------------------------------------------------------------------------
// Tables that grow on demand, and their budgets.
// ---------------------------------------------------------------------------------------

/// The textbook values of Grundy's game, every split of every heap.
fn grundys_textbook(len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    let mut seen = vec![usize::MAX; 1024];
    for n in 0..len {
        for a in 1..n.div_ceil(2) {
            seen[(g[a] ^ g[n - a]) as usize] = n;
        }
        g.push((0..).find(|&v| seen[v] != n).unwrap() as u32);
    }
    g
}

#[test]
fn tables_grow_on_demand_by_doubling() {
    // No table built first: a heap far past the first table (4096 values) answers at once.
    let game = GrundysGame::new();
    assert!(game.sequence().is_empty());
    let row = HeapRow::new(game.clone(), [10_000u16, 5]);
    let slow = grundys_textbook(10_001);
    assert_eq!(
        row.grundy().unwrap(),
        Nimber::new(u128::from(slow[10_000] ^ slow[5]))
    );
    // 4096, then 8192, then 16384: doubled until it held the heap.
    assert_eq!(game.sequence().len(), 16_384);
    assert_eq!(&game.sequence().values().slice(..10_001), &slow[..]);
    for mv in row.winning_moves(Play::Normal).unwrap().take(20) {
        assert_eq!(row.play(mv).unwrap().grundy().unwrap(), Nimber::ZERO);
    }
    // A subtraction game: its period answers any heap, whatever the width.
    let set = Subtraction::new([3u64, 7, 12]).unwrap();
    let heap = HeapRow::heap(set.clone(), u64::MAX);
    let period = {
        heap.grundy().unwrap();
        set.sequence().period().unwrap()
    };
    assert_eq!(
        heap.grundy().unwrap(),
        set.sequence()
            .get(period.reduce(u128::from(u64::MAX)))
            .unwrap()
    );
    // Kayles at the top of u128: its period is proven on the way.
    let kayles = Octal::kayles();
    assert_eq!(
        HeapRow::heap(kayles.clone(), u128::MAX).grundy().unwrap(),
        kayles.sequence().get(u128::MAX - 12).unwrap()
    );
}

#[test]
fn past_the_budget_is_the_typed_error() {
    let game = GrundysGame::new().with_table_limit(5000);
    assert_eq!(game.table_limit(), 5000);
    assert_eq!(
        HeapRow::heap(game.clone(), 6000u32).grundy(),
        Err(Error::HeapOutOfRange {
            heap: 6000,
            computed: 5000
        })
    );
    assert!(matches!(
        HeapRow::heap(game.clone(), 6000u32).winning_moves(Play::Normal),
        Err(Error::HeapOutOfRange { .. })
    ));
    // What the budget holds still answers.
    assert!(HeapRow::heap(game.clone(), 4999u32).grundy().is_ok());
    // A larger budget on a clone grows the shared table; the small one then reads it.
    assert!(
        HeapRow::heap(game.clone().with_table_limit(8000), 6000u32)
            .grundy()
            .is_ok()
    );
    assert!(HeapRow::heap(game, 6000u32).grundy().is_ok());
    // A table that needs more values than the budget allows.
    assert_eq!(
        Octal::kayles().with_table_limit(1000).values(1001),
        Err(Error::TableLimit {
            requested: 1001,
            limit: 1000
        })
    );
    // A budget that proves the period answers every heap; one short of it answers none past.
    let kayles = Octal::kayles().with_table_limit(168);
    assert!(HeapRow::heap(kayles, u128::MAX).grundy().is_ok());
    let kayles = Octal::kayles().with_table_limit(167);
    assert_eq!(
        HeapRow::heap(kayles, 167u8).grundy(),
        Err(Error::HeapOutOfRange {
            heap: 167,
            computed: 167
        })
    );
}

#[test]
fn growth_reports_progress_and_stops_when_told() {
    let game = Octal::new("0.6").unwrap();
    let mut seen = Vec::new();
    let stopped = game.grow(Goal::Heap(100_000), |done| {
        seen.push(done);
        if done >= 1000 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    // Called before the first step (0 values), then every 64 values.
    assert_eq!(stopped, Err(Error::Interrupted { computed: 1024 }));
    assert_eq!(seen[0], 0);
    assert!(
        seen[1..]
            .iter()
            .enumerate()
            .all(|(i, &n)| n == 64 * (i + 1))
    );
    // What was computed is kept, and the next call goes on from it to the same values as a
    // table computed at once.
    assert_eq!(game.sequence().len(), 1024);
    let grown = game
        .grow(Goal::Values(5000), |_| ControlFlow::Continue(()))
        .unwrap();
    let fresh = Octal::new("0.6").unwrap().values(5000).unwrap();
    assert_eq!(grown.values(), fresh.values());
    assert_eq!(grown.period(), fresh.period());
    // A goal already met computes nothing and calls nothing.
    let again = game
        .grow(Goal::Values(10), |_| panic!("no step is needed"))
        .unwrap();
    assert_eq!(again.len(), 5000);
}

#[test]
fn clones_on_several_threads_share_one_table() {
    let game = Octal::new("0.16").unwrap();
    let answers: Vec<Vec<Nimber>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4u64)
            .map(|t| {
                let game = game.clone();
                scope.spawn(move || {
                    (0..40u64)
                        .map(|i| {
                            let heap = 97 * i + 1013 * t;
                            HeapRow::heap(game.clone(), heap).grundy().unwrap()
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let table = Octal::new("0.16").unwrap().values(8192).unwrap();
    for (t, values) in answers.iter().enumerate() {
        for (i, &v) in values.iter().enumerate() {
            let heap = 97 * i as u128 + 1013 * t as u128;
            assert_eq!(v, table.get(heap).unwrap(), "thread {t} heap {heap}");
        }
    }
    assert_eq!(
        game.sequence().values(),
        &table.values().slice(..game.sequence().len())
    );
}

// ---------------------------------------------------------------------------------------
// Text: Display and FromStr.
// ---------------------------------------------------------------------------------------

fn octal_text_round_trips(code: Code) -> bool {
    let rules: Octal = code.0.parse().unwrap();
    let written = rules.to_string();
    // The code as written, less trailing zeros (but one digit after the point).
    let trimmed = code.0.trim_end_matches('0');
    let canonical = if trimmed.ends_with('.') {
        format!("{trimmed}0")
    } else {
        trimmed.to_owned()
    };
    written == canonical && written.parse::<Octal>().unwrap() == rules
}

fn subtraction_text_round_trips(set: Set) -> bool {
    let rules = Subtraction::new(set.0.clone()).unwrap();
    let written = rules.to_string();
    let words: Vec<String> = set.0.iter().map(u128::to_string).collect();
    written.parse::<Subtraction>().unwrap() == rules
        && words.join(",").parse::<Subtraction>().unwrap() == rules
        && words.join(" ").parse::<Subtraction>().unwrap() == rules
        && format!("{{{}}}", words.join(", "))
            .parse::<Subtraction>()
            .unwrap()
            == rules
}

fn row_text_round_trips(row: Row) -> bool {
    let row = HeapRow::new(Octal::kayles(), row.0.iter().map(|&h| h as u8));
    HeapRow::<_, u8>::parse(Octal::kayles(), &row.to_string()).unwrap() == row
}

#[test]
fn text_round_trips() {
    QuickCheck::new()
        .tests(scale::cases(500))
        .quickcheck(octal_text_round_trips as fn(Code) -> bool);
    QuickCheck::new()
        .tests(scale::cases(500))
        .quickcheck(subtraction_text_round_trips as fn(Set) -> bool);
    QuickCheck::new()
        .tests(scale::cases(500))
        .quickcheck(row_text_round_trips as fn(Row) -> bool);
    assert_eq!(
        Subtraction::new([4u8, 1, 3]).unwrap().to_string(),
        "{1, 3, 4}"
    );
    assert_eq!(
        HeapRow::new(GrundysGame::new(), [5u8, 3]).to_string(),
        "(3, 5)"
    );
    let mv = HeapMove {
        index: 0,
        take: 2u8,
        to: Leaves::Two(1, 4),
    };
    assert_eq!(
        mv.to_string(),
        "take 2 from heap 0 of the sorted row, leaving 1 and 4"
    );
    assert_eq!(Leaves::<u8>::Empty.to_string(), "nothing");
}

// ---------------------------------------------------------------------------------------
// Errors.
// ---------------------------------------------------------------------------------------

#[test]
fn malformed_codes_are_errors_with_a_reason() {
    for (code, at) in [
        ("", None),
        ("0", None),
        ("77", Some('7')),
        ("0.", None),
        ("1.7", Some('1')),
        ("2.0", Some('2')),
        ("04.7", Some('4')),
        (".77", Some('.')),
        ("0.G", Some('G')),
        ("0.7.7", Some('.')),
        ("0.x", Some('x')),
        ("0,7", Some(',')),
        ("0.[", None),
        ("0.[37]", Some('7')),
        ("0.[3]3", Some('3')),
    ] {
        match Octal::new(code) {
            Err(Error::InvalidCode {
                code: c,
                index,
                character,
                reason,
            }) => {
                assert_eq!(c, code);
                assert_eq!(character, at, "{code:?}");
                assert_eq!(character, code[index..].chars().next(), "{code:?}");
                assert!(!reason.is_empty());
                let message = Octal::new(code).unwrap_err().to_string();
                assert!(message.contains(reason), "{message}");
            }
            other => panic!("{code:?} gave {other:?}"),
        }
    }
    assert_eq!(Octal::new("4.0700").unwrap().code(), "4.07");
    // Hexadecimal digits, once errors, are codes now.
    assert_eq!(Octal::new("0.8").unwrap().code(), "0.8");
    assert_eq!(Octal::new("0.79").unwrap().code(), "0.79");
}

#[test]
fn bad_sets_and_table_limits_are_errors() {
    assert_eq!(
        Subtraction::new(Vec::<u8>::new()),
        Err(Error::EmptySubtractionSet)
    );
    assert_eq!(Subtraction::new([3u8, 0]), Err(Error::ZeroInSubtractionSet));
    assert_eq!(
        Octal::kayles().with_table_limit(1000).values(1001),
        Err(Error::TableLimit {
            requested: 1001,
            limit: 1000
        })
    );
    assert!(matches!(
        GrundysGame::new().values(usize::MAX),
        Err(Error::TableLimit { .. })
    ));
    assert!(matches!(
        Subtraction::new([1u8])
            .unwrap()
            .with_table_limit(10)
            .values(11),
        Err(Error::TableLimit { .. })
    ));
    // Beyond an unproven table: an error, not a guess.
    let short = Octal::new("0.16").unwrap().with_table_limit(100);
    assert_eq!(
        HeapRow::heap(short, 100u128).grundy(),
        Err(Error::HeapOutOfRange {
            heap: 100,
            computed: 100
        })
    );
}

// ---------------------------------------------------------------------------------------
// Sums.
// ---------------------------------------------------------------------------------------

#[test]
fn heaps_sit_in_sums_next_to_nim() {
    let kayles = Octal::kayles();
    let mut solver = Solver::new();
    for pins in 0..12u8 {
        for nim in 0..6u8 {
            let pair = (HeapRow::heap(kayles.clone(), pins), Nim::from([nim]));
            let by_search = solver.grundy(&pair).unwrap();
            assert_eq!(pair.grundy().unwrap(), by_search);
            let mut a: Vec<_> = pair.moves_to_value(Nimber::ZERO).unwrap().collect();
            let mut b: Vec<_> = solver.winning_moves(&pair, Play::Normal).unwrap().collect();
            a.sort();
            b.sort();
            b.dedup();
            assert_eq!(a, b, "{pins} {nim}");
        }
    }
    let sub = Subtraction::new([1u8, 3, 4]).unwrap();
    let sum = Sum::new(vec![
        HeapRow::heap(sub.clone(), 10u128.pow(25)),
        HeapRow::heap(sub.clone(), 12),
    ]);
    // 10^25 = 3 (mod 7) and 12 = 5 (mod 7): *1 + *3 = *2.
    assert_eq!(sum.grundy().unwrap(), Nimber::new(2));
    // The same heaps in one row.
    let row = HeapRow::new(sub, [10u128.pow(25), 12]);
    assert_eq!(row.grundy().unwrap(), sum.grundy().unwrap());
    assert_eq!(
        row.winning_moves(Play::Normal).unwrap().count(),
        sum.winning_moves(Play::Normal).unwrap().count()
    );
}

#[test]
fn moves_of_huge_heaps_are_lazy() {
    let huge = HeapRow::heap(Octal::kayles(), 10u128.pow(30));
    let first: Vec<_> = huge
        .winning_moves(Play::Normal)
        .unwrap()
        .take(1000)
        .collect();
    assert_eq!(first.len(), 1000);
    for mv in &first[..20] {
        assert!(
            huge.play(mv.clone())
                .unwrap()
                .outcome(Play::Normal)
                .unwrap()
                .is_previous()
        );
    }
    // Fused: once done, done.
    let seven = HeapRow::heap(Octal::kayles(), 7u8);
    let mut few = seven.winning_moves(Play::Normal).unwrap();
    assert_eq!(few.by_ref().count(), 2);
    assert_eq!(few.next(), None);
}

#[test]
fn public_types_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Octal>();
    check::<GrundysGame>();
    check::<Subtraction>();
    check::<HeapRow<Octal, u8>>();
    check::<HeapRow<GrundysGame, u64>>();
    check::<HeapRow<Subtraction, u128>>();
    check::<HeapMove<u16>>();
    check::<Leaves<u32>>();
    check::<GrundySequence>();
    check::<grundy::sequence::SplitMoves>();
    check::<grundy::sequence::SubtractionMoves>();
    check::<grundy::games::HeapRowMoves<'static, Octal, u8>>();
}

/// The `serde` feature: rules as their text (read back through the parser), rows as their
/// rules and heaps (put in order when read), moves as their fields.
#[cfg(feature = "serde")]
#[test]
fn rules_rows_and_moves_through_serde() {
    use serde_test::{Token, assert_de_tokens, assert_de_tokens_error, assert_tokens};

    let row = HeapRow::new(Octal::kayles(), [5u8, 3]);
    let row_tokens = |code: &'static str, heaps: &[u8]| {
        let mut tokens = vec![
            Token::Struct {
                name: "HeapRow",
                len: 2,
            },
            Token::Str("rules"),
            Token::Str(code),
            Token::Str("heaps"),
            Token::Seq {
                len: Some(heaps.len()),
            },
        ];
        tokens.extend(heaps.iter().map(|&h| Token::U8(h)));
        tokens.extend([Token::SeqEnd, Token::StructEnd]);
        tokens
    };
    assert_tokens(&row, &row_tokens("0.77", &[3, 5]));
    // Read through the parser: the code made canonical, the heaps put in order.
    assert_de_tokens(&row, &row_tokens("0.770", &[5, 0, 3]));
    assert_de_tokens_error::<Octal>(
        &[Token::Str("0.G")],
        "invalid take-and-break code \"0.G\": 'G' at 2: not a digit: after the point come \
         digits 0 to 9 and A to F, and at the end one digit in brackets to repeat it",
    );
    assert_tokens(&Octal::laskers_nim(), &[Token::Str("4.[3]")]);
    let three = HeapMove {
        index: 0,
        take: 1u8,
        to: Leaves::Three(1, 2, 3),
    };
    assert_tokens(
        &three,
        &[
            Token::Struct {
                name: "HeapMove",
                len: 3,
            },
            Token::Str("index"),
            Token::U64(0),
            Token::Str("take"),
            Token::U8(1),
            Token::Str("to"),
            Token::TupleVariant {
                name: "Leaves",
                variant: "Three",
                len: 3,
            },
            Token::U8(1),
            Token::U8(2),
            Token::U8(3),
            Token::TupleVariantEnd,
            Token::StructEnd,
        ],
    );
    let set = Subtraction::new([4u128, 1, u128::MAX]).unwrap();
    assert_tokens(
        &set,
        &[Token::Str(
            "{1, 4, 340282366920938463463374607431768211455}",
        )],
    );
    assert_de_tokens(
        &set,
        &[Token::Str("4 1 340282366920938463463374607431768211455 1")],
    );
    assert_de_tokens_error::<Subtraction>(
        &[Token::Str("{0}")],
        "the subtraction set contains 0; every element must be positive",
    );
    assert_tokens(
        &GrundysGame::new(),
        &[Token::UnitStruct {
            name: "GrundysGame",
        }],
    );
    let mv = HeapMove {
        index: 1,
        take: 2u32,
        to: Leaves::Two(1, 4),
    };
    assert_tokens(
        &mv,
        &[
            Token::Struct {
                name: "HeapMove",
                len: 3,
            },
            Token::Str("index"),
            Token::U64(1),
            Token::Str("take"),
            Token::U32(2),
            Token::Str("to"),
            Token::TupleVariant {
                name: "Leaves",
                variant: "Two",
                len: 2,
            },
            Token::U32(1),
            Token::U32(4),
            Token::TupleVariantEnd,
            Token::StructEnd,
        ],
    );
}

/// `0.16` to 600000 heaps: its period (149459 from heap 105351, Flammenkamp) is proven there,
/// and a heap question grows the table to it within the default budget.
/// Slow without optimisation: run with `cargo test --release --test suite -- --ignored sequences::`.
#[test]
#[ignore]
fn octal_016_period_is_proven_by_600000_heaps() {
    let period = Period::new(105_351, 149_459).unwrap();
    let expected = Some(period);
    let table = Octal::new("0.16").unwrap().values(600_000).unwrap();
    assert_eq!(table.period(), expected);
    let game = Octal::new("0.16").unwrap();
    assert_eq!(game.find_period(1 << 20).unwrap(), expected);
    let huge = HeapRow::heap(Octal::new("0.16").unwrap(), u128::MAX);
    assert_eq!(
        huge.grundy().unwrap(),
        table.get(period.reduce(u128::MAX)).unwrap()
    );
}

#[test]
fn reduction_by_the_period_is_exact_at_every_size() {
    // The remainder is taken in 64 bits where the heap and the period fit, in 128 otherwise:
    // both must give `n0 + (heap - n0) % p`.
    let periods = [(0, 1), (71, 12), (53, 34), (3, 1 << 40), (1, usize::MAX)];
    let near = |x: u128| [x.saturating_sub(1), x, x.saturating_add(1)];
    for (n0, p) in periods {
        let period = Period::new(n0, p).unwrap();
        let mut heaps = vec![0, 1, 70, 71, 72, 1000, u128::MAX, u128::MAX - 1];
        for x in [1u128 << 63, 1 << 64, (1 << 64) + n0 as u128, 1 << 100] {
            heaps.extend(near(x));
        }
        for heap in heaps {
            let want = if heap < n0 as u128 {
                heap
            } else {
                n0 as u128 + (heap - n0 as u128) % p as u128
            };
            assert_eq!(period.reduce(heap), want, "{heap} by {period:?}");
        }
    }
    // A row of Kayles heaps past the table, at every width of the remainder, read through one
    // snapshot, is the nim-sum of the heaps' values one by one.
    let kayles = Octal::kayles();
    let heaps = [
        5u128,
        4095,
        4096,
        70_000,
        1 << 63,
        1 << 64,
        u128::MAX,
        (1 << 64) + 83,
    ];
    let one_by_one = heaps
        .iter()
        .map(|&h| kayles.heap_value(h).unwrap())
        .fold(Nimber::ZERO, |x, v| x + v);
    assert_eq!(kayles.heaps_value(heaps).unwrap(), one_by_one);
    assert_eq!(HeapRow::new(kayles, heaps).grundy().unwrap(), one_by_one);
}

#[test]
fn a_subtraction_window_no_table_can_hold_proves_nothing_at_once() {
    // A period of a subtraction game is proven by a window of max(S) values seen twice, so
    // with an element at or past the most values any table can hold, no table proves one.
    // With the table limit at the top of usize, the search for one and a heap past every
    // table grew tables by doubling until the allocator gave up, for hours.
    let no_table = grundy::sequence::MAX_TABLE_LIMIT as u128;
    for far in [no_table, 1 << 60, u128::MAX] {
        let game = Subtraction::new([1, far])
            .unwrap()
            .with_table_limit(usize::MAX);
        let mut steps = 0;
        let grown = game.grow(Goal::Period, |_| {
            steps += 1;
            ControlFlow::Break(())
        });
        assert_eq!(grown.map(|t| (t.len(), t.period())), Ok((0, None)), "{far}");
        assert_eq!(steps, 0, "{far}: nothing is computed");
        assert_eq!(game.find_period(usize::MAX), Ok(None));
        assert_eq!(
            HeapRow::heap(game.clone(), u128::MAX).grundy(),
            Err(Error::HeapOutOfRange {
                heap: u128::MAX,
                computed: 0
            })
        );
        // A heap within a table is still answered.
        assert_eq!(HeapRow::heap(game, 1000u32).grundy(), Ok(Nimber::new(0)));
    }
    // One element short of that, the window fits: the search goes on (stopped here).
    let game = Subtraction::new([1, no_table - 1]).unwrap();
    let stopped = game.grow(Goal::Period, |_| ControlFlow::Break(()));
    assert_eq!(stopped, Err(Error::Interrupted { computed: 0 }));
}

/// A code for the general engine: a first digit of 0 or 4, one to three digits after the
/// point of which at least one leaves three heaps (8 to F), and sometimes a repeated digit.
#[derive(Clone, Debug)]
struct GeneralCode(String);

impl Arbitrary for GeneralCode {
    fn arbitrary(g: &mut Gen) -> Self {
        let hex = |d: u8| char::from_digit(u32::from(d), 16).unwrap_or('0');
        let first = if bool::arbitrary(g) { '0' } else { '4' };
        let len = 1 + usize::arbitrary(g) % 3;
        let mut digits: Vec<u8> = (0..len).map(|_| u8::arbitrary(g) % 16).collect();
        let at = usize::arbitrary(g) % len;
        digits[at] |= 8;
        let mut code: String = format!("{first}.");
        code.extend(digits.into_iter().map(hex));
        if u8::arbitrary(g) % 4 == 0 {
            code.push_str(&format!("[{}]", hex(u8::arbitrary(g) % 8)));
        }
        GeneralCode(code)
    }
}

/// A table grown in pieces, each stopped by its progress callback at a random point (as a run
/// is stopped for each checkpoint, and continued from the working tables the engine kept), is
/// the table computed at once; a heap question after it (a growth by doubling) answers from
/// the same values, and the rules still equal fresh ones.
fn pieces_agree(code: GeneralCode, stops: Vec<u16>, len: u16) -> TestResult {
    let len = 64 + usize::from(len) % 400;
    let Ok(rules) = Octal::new(&code.0) else {
        return TestResult::discard();
    };
    let whole =
        Octal::new(&code.0).and_then(|fresh| fresh.values(len).map(|s| s.values().to_vec()));
    let Ok(whole) = whole else {
        return TestResult::discard();
    };
    let mut stops: Vec<usize> = stops.into_iter().map(|s| usize::from(s) % len).collect();
    stops.sort_unstable();
    for stop in stops {
        let grown = rules.grow(Goal::Values(len), |done| {
            if done >= stop {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        match grown {
            Ok(_) | Err(Error::Interrupted { .. }) => {}
            Err(e) => return TestResult::error(format!("{}: {e}", code.0)),
        }
    }
    let pieced = rules.values(len).map(|s| s.values().to_vec());
    let heap = u128::try_from(len + 100).unwrap_or(u128::MAX);
    let answered = rules.heap_value(heap).and_then(|g| {
        Octal::new(&code.0)?
            .values(len + 101)
            .map(|s| (g, s.values().get(len + 100)))
    });
    TestResult::from_bool(
        pieced.as_deref() == Ok(&whole[..])
            && answered.is_ok_and(|(g, want)| want.is_some_and(|w| g == Nimber::new(w.into())))
            && rules == Octal::new(&code.0).unwrap_or_else(|_| unreachable!()),
    )
}

#[test]
fn general_tables_grown_in_pieces_are_the_tables_computed_at_once() {
    QuickCheck::new()
        .tests(scale::cases(400))
        .quickcheck(pieces_agree as fn(GeneralCode, Vec<u16>, u16) -> TestResult);
}
